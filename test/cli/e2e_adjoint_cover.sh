#!/usr/bin/env bash
# The default run (make check, what CI runs) compiles some case's backward
# (adjoint) kernels for every Warp builtin an e2e case calls: the e2e
# harness compiles the cases adjoint_sampled picks whole (one in four by a
# hash, ADJOINT_SAMPLE, and adjoint_cover's, test/tools/e2e.py), the others
# with --no-adjoint, and the grad suite compiles its own cases' backward
# kernels (corpus.warp stops at the header: no C; the specs of Warp's tests
# compile none).  A builtin called only by cases left out
# has its backward C and CUDA compiled by no test: with the hash alone, a
# broken adjoint emission passed make check (bfloat16 atomic_min/max, which
# only e2e.bf16_math calls: an adjoint comparing bfloat16 vectors directly,
# an undeclared wp_eq_vec3bf_vec3bf, failed only with
# WARPC_E2E_ADJOINT=all).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 - "$root" <<'PY' || fail "builtins whose backward kernels no default test compiles (above)"
import glob, os, re, sys
root = sys.argv[1]
sys.path.insert(0, os.path.join(root, "test", "tools"))
os.environ.pop("WARPC_E2E_ADJOINT", None)
from e2e import adjoint_sampled, spec_adjoint_sampled
try:
    from warp._src.context import builtin_functions
except ImportError:
    from warp.context import builtin_functions

call = re.compile(r"\bwp\.([A-Za-z_]\w*)\s*\(")
def calls(path):
    with open(path, errors="replace") as f:
        return {n for n in call.findall(f.read()) if n in builtin_functions}

covered, users = set(), {}
for path in glob.glob(os.path.join(root, "test", "grad", "*.py")):
    covered |= calls(path)
# the specs of Warp's own tests compile no backward kernels in the default
# run (spec_adjoint_sampled)
for path in glob.glob(os.path.join(root, "test", "warp_tests", "*.py")):
    assert not spec_adjoint_sampled(os.path.basename(path)[:-3])
for path in sorted(glob.glob(os.path.join(root, "test", "e2e", "cases", "*.py"))):
    stem = os.path.basename(path)[:-3]
    names = calls(path)
    if adjoint_sampled(stem):
        covered |= names
    for n in names:
        users.setdefault(n, []).append(stem)
left = sorted(set(users) - covered)
for n in left:
    print(f"{n}: {', '.join(users[n][:4])}{' ...' if len(users[n]) > 4 else ''}")
print(f"{len(left)} of {len(users)} builtins the e2e cases call")
sys.exit(1 if left else 0)
PY
echo ok
