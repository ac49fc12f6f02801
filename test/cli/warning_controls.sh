#!/usr/bin/env bash
# -Werror makes every warning an error (exit 1, "[-Werror=NAME]" as gcc
# prints it, no output), the missing-CUDA-toolkit warning included; -w
# prints no warning and no note of one; -w wins over -Werror, as in gcc.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
warn_kernel w.py
msg="module option 'block_dim' has no effect in warpc"
"$warpc" --no-cuda w.py -o a.o 2>err || fail "default: exit $?: $(cat err)"
grep -q "^w.py:3:24: warning: $msg.* \[-Wignored-option\]$" err || fail "default: no warning: $(cat err)"
[ -s a.o ] || fail "default: no object"

rc=0
"$warpc" --no-cuda -Werror w.py -o b.o 2>err || rc=$?
[ "$rc" = 1 ] || fail "-Werror: exit $rc"
grep -q "^w.py:3:24: error: $msg.* \[-Werror=ignored-option\]$" err || fail "-Werror: $(cat err)"
[ ! -e b.o ] && [ ! -e b.h ] || fail "-Werror: wrote an output"

"$warpc" --no-cuda -w w.py -o c.o 2>err || fail "-w: exit $?: $(cat err)"
[ ! -s err ] || fail "-w: printed: $(cat err)"
[ -s c.o ] || fail "-w: no object"
"$warpc" --no-cuda -w -Werror w.py -o d.o 2>err || fail "-w -Werror: exit $?: $(cat err)"
[ ! -s err ] && [ -s d.o ] || fail "-w -Werror: $(cat err)"

# a warning with a note: -w drops both
cat >n.py <<'PY'
import warp as wp


def make():
    @wp.kernel
    def inner(x: wp.array(dtype=float)):
        x[0] = undefined_name

    return inner
PY
"$warpc" --no-cuda n.py -o n.o 2>err || true
grep -q ': warning: ' err || fail "n.py gives no warning to drop: $(cat err)"
"$warpc" --no-cuda -w n.py -o n2.o 2>err || true
! grep -q ': warning: \|: note: ' err || fail "-w printed: $(cat err)"

# the toolkit warning, for a module without warnings
kernel k.py
export WARPC_CUDA_PATH="$tmp/no-toolkit"
if ! command -v nvcc >/dev/null || PATH=/usr/bin:/bin command -v nvcc >/dev/null; then
  skip "nvcc is in /usr/bin: cannot hide the CUDA toolkit"
fi
rc=0
PATH=/usr/bin:/bin "$warpc" -Werror k.py -o e.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^warpc: error: no CUDA toolkit found.*\[-Werror=cuda-toolkit\]$" err ||
  fail "-Werror without a toolkit: exit $rc: $(cat err)"
[ ! -e e.o ] || fail "-Werror without a toolkit: wrote an object"
PATH=/usr/bin:/bin "$warpc" -w k.py -o f.o 2>err || fail "-w without a toolkit: $(cat err)"
[ ! -s err ] && [ -s f.o ] || fail "-w without a toolkit: $(cat err)"
echo ok
