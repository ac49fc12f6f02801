#!/usr/bin/env bash
# scripts/mutate.py (make mutate) without running it: test/mutate/equivalent.txt
# parses and every mutant it lists still exists (its original line is a line
# of the file it names), and the helpers that classify a mutant do what the
# script's docstring says: the changed line of a one-line mutant, a mutant in
# a comment only, the lines whose coverage selects the tests.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

python3 - "$root" <<'PY' || fail "mutate.py helpers"
import sys
from pathlib import Path

root = Path(sys.argv[1])
sys.path.insert(0, str(root / "scripts"))
import mutate

bad = []
eq = mutate.load_equivalent()
assert eq, "equivalent.txt lists nothing"
for (rel, orig, mut), why in eq.items():
    lines = [ln.strip() for ln in (root / rel).read_text().splitlines()]
    if orig.removeprefix("after: ") not in lines:
        bad.append(f"{rel}: no line '{orig}' (stale entry: {why})")
    if orig == mut or not why:
        bad.append(f"{rel}: '{orig}': the mutant equals the original or has no reason")

a = ["int f(int x) {\n", "  return x + 1; /* one */\n", "}\n"]
b = ["int f(int x) {\n", "  return x - 1; /* one */\n", "}\n"]
if mutate.changed_line(a, b) != (2, "  return x + 1; /* one */", "  return x - 1; /* one */"):
    bad.append(f"changed_line: {mutate.changed_line(a, b)}")
ins = a[:2] + ["  continue;\n"] + a[2:]
if mutate.changed_line(a, ins) != (2, "after: return x + 1; /* one */", "  continue;"):
    bad.append(f"changed_line of an insertion: {mutate.changed_line(a, ins)}")
c = ["int f(int x) {\n", "  return x + 1; /* two */\n", "}\n"]
if mutate.strip_c_comments("".join(a)) != mutate.strip_c_comments("".join(c)):
    bad.append("a comment-only change is not equivalent")
if mutate.strip_c_comments("".join(a)) == mutate.strip_c_comments("".join(b)):
    bad.append("a code change is equivalent")
if mutate.strip_c_comments('s = "/* x */";') == mutate.strip_c_comments('s = "/* y */";'):
    bad.append("a change inside a string is equivalent")

instr = {"f.c": [3, 5, 9]}
for line, want in ((5, {5}), (6, {5, 9}), (1, {3}), (12, {9})):
    got = mutate.lines_to_cover(instr, "f.c", line)
    if got != want:
        bad.append(f"lines_to_cover({line}) = {got}, want {want}")
if mutate.lines_to_cover({}, "g.h", 7) != {7}:
    bad.append("lines_to_cover without coverage")
if mutate.subset_of("lib/emit/prelude/2adjoint.h").pattern != r"^(unit|grad)\.":
    bad.append("2adjoint.h: not the grad subset")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
# --min-score is a score from 0 to 1: 90 (a percentage) is a usage error
rc=0
python3 "$root/scripts/mutate.py" --min-score 90 lib/ir/fold.c 2>err || rc=$?
[ "$rc" = 2 ] || fail "--min-score 90: exit $rc, want 2"
grep -q "a score from 0 to 1" err || fail "--min-score 90: $(cat err)"
echo ok
