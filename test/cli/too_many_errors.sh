#!/usr/bin/env bash
# Past 50 errors warpc stops reporting them: the 50th error keeps its notes,
# and "too many errors emitted" comes after them, once an error is dropped
# (it came first and took the 50th error's notes, in text, JSON and SARIF).
# Exactly 50 errors drop nothing and print no such line.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
gen() { # N: a kernel with N-1 undefined names, then wp.static of a loop variable (2 notes)
  printf 'import warp as wp\n\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    i = wp.tid()\n'
  for j in $(seq 1 $(($1 - 1))); do printf '    y%d = undefined%d\n' "$j" "$j"; done
  printf '    for q in range(i):\n        z = wp.static(q)\n'
  for j in $(seq 1 "${2:-0}"); do printf '    w%d = more%d\n' "$j" "$j"; done
}
gen 50 1 >many.py
rc=0
"$warpc" -fsyntax-only many.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "exit $rc"
[ "$(grep -c ': error: ' err)" = 50 ] || fail "not 50 errors: $(grep -c ': error: ' err)"
tail -n 1 err | grep -q '^warpc: fatal error: too many errors emitted, stopping now$' ||
  fail "the fatal line is not last: $(tail -n 3 err)"
last_err=$(grep -n ': error: ' err | tail -n 1 | cut -d: -f1)
notes=$(awk -v l="$last_err" 'NR > l && / note: /' err | wc -l)
[ "$notes" = 2 ] || fail "the 50th error has $notes notes after it: $(tail -n 12 err)"

"$warpc" -fsyntax-only -fdiagnostics-format=json many.py 2>err.json && fail "json: exit 0"
python3 - err.json <<'PY' || fail "json: $(tail -c 600 err.json)"
import json, sys
d = json.load(open(sys.argv[1]))
errs = [x for x in d if x["kind"] == "error"]
assert len(errs) == 50, len(errs)
assert len(errs[-1]["children"]) == 2, errs[-1]
assert d[-1]["kind"] == "fatal error" and not d[-1].get("children"), d[-1]
PY

gen 50 0 >fifty.py
"$warpc" -fsyntax-only fifty.py 2>err && fail "fifty: exit 0"
[ "$(grep -c ': error: ' err)" = 50 ] || fail "fifty: not 50 errors"
grep -q 'too many errors' err && fail "fifty: dropped nothing, yet: $(tail -n 2 err)"
echo ok
