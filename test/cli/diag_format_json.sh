#!/usr/bin/env bash
# -fdiagnostics-format=json: the diagnostics of the run as one JSON array on
# stderr, as gcc prints it (and nothing else there): an object per error or
# warning with "kind", "message", "option" ("-WNAME", warnings only),
# "locations" [{"caret", "finish"}: file, line, column] and "children" (the
# notes after it); the exit status and outputs are as in text.  Several
# inputs give one array; -Werror makes a warning's kind "error"; text is
# the default and -fdiagnostics-format=text restores it; an unknown format
# is a usage error.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
warn_kernel w.py
cat >o.py <<'PY'
import warp as wp


@wp.func
def f(x: float):
    return x


@wp.func
def f(x: wp.vec3):
    return x[0]


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = f(wp.int32(1))
PY
check() { # FILE PYTHON-ASSERTIONS: d is the parsed array
  python3 - "$1" "$2" <<'PY' || fail "$2: $(cat "$1")"
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    d = json.load(f)
assert isinstance(d, list), "not an array"
exec(sys.argv[2])
PY
}

"$warpc" --no-cuda -fdiagnostics-format=json w.py -o a.o 2>err || fail "warning: exit $?: $(cat err)"
[ -s a.o ] && [ -s a.h ] || fail "warning: no output"
[ "$(wc -l <err)" = 1 ] || fail "more than the array on stderr: $(cat err)"
check err '
assert len(d) == 1, d
w = d[0]
assert w["kind"] == "warning" and w["option"] == "-Wignored-option", w
assert w["message"].startswith("module option %s has no effect" % repr("block_dim")), w
assert "[-W" not in w["message"], w
c, fin = w["locations"][0]["caret"], w["locations"][0]["finish"]
assert (c["file"], c["line"], c["column"]) == ("w.py", 3, 24), c
assert (fin["line"], fin["column"]) == (3, 34), fin
assert w["children"] == [], w
'

rc=0
"$warpc" --no-cuda -fdiagnostics-format=json o.py -o b.o 2>err || rc=$?
[ "$rc" = 1 ] || fail "error: exit $rc: $(cat err)"
[ ! -e b.o ] && [ ! -e b.h ] || fail "error: wrote an output"
check err '
assert len(d) == 1, d
e = d[0]
assert e["kind"] == "error" and "option" not in e, e
assert e["message"] == "no overload of %s accepts arguments of type (int32)" % repr("f"), e
assert e["locations"][0]["caret"]["line"] == 16 and e["locations"][0]["caret"]["column"] == 14, e
kids = e["children"]
assert [k["kind"] for k in kids] == ["note", "note"], kids
assert kids[0]["message"] == "candidate: f(float)", kids
assert kids[1]["locations"][0]["caret"]["line"] == 10, kids
'

# several inputs: one array; -Werror: the warning is an error
rc=0
"$warpc" --no-cuda -fdiagnostics-format=json -Werror w.py o.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "several: exit $rc: $(cat err)"
check err '
assert [(x["kind"], x["locations"][0]["caret"]["file"]) for x in d] == [("error", "w.py"), ("error", "o.py")], d
assert d[0]["option"] == "-Wignored-option", d
'
# a diagnostic without a location (the unknown -W option): no locations
"$warpc" --no-cuda -fdiagnostics-format=json -Wno-such-thing w.py -o c.o 2>err || fail "unknown -W: exit $?"
check err '
assert d[0]["kind"] == "warning" and d[0]["locations"] == [], d
assert d[0]["option"] == "-Wunknown-warning-option", d
assert d[0]["message"] == "unknown warning option %s" % repr("-Wno-such-thing"), d
'
# nothing to say: an empty array
kernel ok.py
"$warpc" --no-cuda -fdiagnostics-format=json ok.py -o d.o 2>err || fail "clean: exit $?"
[ "$(cat err)" = "[]" ] || fail "clean: $(cat err)"
# source text that is not UTF-8 still gives valid JSON
printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[0] = \xff\n' >bin.py
rc=0
"$warpc" --no-cuda -fdiagnostics-format=json bin.py -o e.o 2>err || rc=$?
[ "$rc" = 1 ] || fail "invalid UTF-8: exit $rc"
check err 'assert d and d[0]["kind"] == "error", d'

"$warpc" --no-cuda -fdiagnostics-format=json -fdiagnostics-format=text w.py -o f.o 2>err || fail "text: exit $?"
grep -q '^w.py:3:24: warning: .* \[-Wignored-option\]$' err || fail "text: $(cat err)"
rc=0
"$warpc" --no-cuda -fdiagnostics-format=xml w.py -o g.o 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "argument to '-fdiagnostics-format=' should be one of 'text', 'json', 'sarif'" err ||
  fail "bad format: exit $rc: $(cat err)"
echo ok
