#!/usr/bin/env bash
# An import whose module is not found is only an error when a name from it is
# used in a kernel; the error is at the import, with a note at the use.
# Host-only imports (numpy, a missing module used by host code) compile, and
# so does a name of a found module that is never used.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >util.py <<'PY'
import warp as wp


@wp.func
def f(x: float):
    return x + 1.0


def host_helper():
    return 1
PY
cat >ok.py <<'PY'
import numpy as np
import scipy.sparse as sp
import warp as wp
import nowhere_to_be_found
from also_missing import thing
from util import f, host_helper


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = f(1.0)


if __name__ == "__main__":
    print(np.zeros(3), nowhere_to_be_found.x, thing, sp, host_helper())
PY
"$warpc" ok.py -o ok.o --no-cuda 2>err || fail "unused missing modules: $(cat err)"
[ ! -s err ] || fail "unused missing modules: diagnostics: $(cat err)"

check() { # FILE LINE:COL MESSAGE
  rc=0
  "$warpc" "$1" -o bad.o --no-cuda 2>err || rc=$?
  [ "$rc" = 1 ] || fail "$1: exit $rc, want 1: $(cat err)"
  grep -qF "$1:$2: $3" err || fail "$1: want '$1:$2: $3' in: $(cat err)"
  [ ! -e bad.o ] && [ ! -e bad.h ] || fail "$1: output written"
}
cat >used.py <<'PY'
import warp as wp
import nowhere_to_be_found as nw


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = nw.f(1.0)
    out[wp.tid()] = nw.g(1.0)
PY
check used.py 2:8 "error: cannot find module 'nowhere_to_be_found' (searched the importing file's directory and the -I directories)"
check used.py 7:21 "note: 'nw' is used in a kernel here"
[ "$(grep -c 'error:' err)" = 1 ] || fail "used.py: one error per import expected: $(cat err)"

cat >from_missing.py <<'PY'
import warp as wp
from missing_helpers import clamp


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = clamp(1.0)
PY
check from_missing.py 2:29 "error: cannot find module 'missing_helpers'"
check from_missing.py 7:21 "note: 'clamp' is used in a kernel here"

cat >bad_name.py <<'PY'
import warp as wp
from util import nope


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = nope(1.0)
PY
check bad_name.py 2:18 "error: cannot import name 'nope' from 'util' (util.py)"

cat >host_name.py <<'PY'
import warp as wp
import util


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = util.host_helper()
PY
check host_name.py 7:21 "error: 'host_helper' is not a @wp.func, @wp.struct, constant or module warpc can use in a kernel"

cat >no_attr.py <<'PY'
import warp as wp
import util


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = util.g(1.0)
PY
check no_attr.py 7:21 "error: module 'util' (util.py) has no attribute 'g'"

cat >missing_type.py <<'PY'
import warp as wp
import shapes


@wp.kernel
def k(out: wp.array(dtype=shapes.Box)):
    pass
PY
check missing_type.py 2:8 "error: cannot find module 'shapes'"
echo ok
