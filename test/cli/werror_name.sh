#!/usr/bin/env bash
# -Werror=NAME makes the warning NAME alone an error ("error: ...
# [-Werror=NAME]", exit 1, no output) and enables it even after -Wno-NAME;
# -Wno-error=NAME keeps NAME a warning under -Werror; -Wno-error undoes
# -Werror; -w wins over all of them, as in gcc.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >w.py <<'PY'
import warp as wp

wp.set_module_options({"block_dim": 64, "max_unrol": 4})


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0
PY
ign_w="^w.py:3:24: warning: module option 'block_dim' .* \[-Wignored-option\]$"
ign_e="^w.py:3:24: error: module option 'block_dim' .* \[-Werror=ignored-option\]$"
unk_w="^w.py:3:41: warning: unknown module option 'max_unrol' .* \[-Wunknown-module-option\]$"
unk_e="^w.py:3:41: error: unknown module option 'max_unrol' .* \[-Werror=unknown-module-option\]$"
run() { # NAME ARGS...: warpc ARGS w.py -o NAME.o; its exit status in rc
  local name=$1
  shift
  rc=0
  "$warpc" --no-cuda "$@" w.py -o "$name.o" 2>err || rc=$?
}

run a -Werror=ignored-option
[ "$rc" = 1 ] || fail "-Werror=NAME: exit $rc: $(cat err)"
grep -q "$ign_e" err && grep -q "$unk_w" err || fail "-Werror=NAME: $(cat err)"
[ ! -e a.o ] && [ ! -e a.h ] || fail "-Werror=NAME: wrote an output"

run b -Wno-ignored-option -Werror=ignored-option
[ "$rc" = 1 ] && grep -q "$ign_e" err || fail "-Werror=NAME after -Wno-NAME: exit $rc: $(cat err)"

run c -Werror -Wno-error=ignored-option
[ "$rc" = 1 ] || fail "-Wno-error=NAME: exit $rc: $(cat err)"
grep -q "$ign_w" err && grep -q "$unk_e" err || fail "-Wno-error=NAME: $(cat err)"

run d -Werror -Wno-error=ignored-option -Wno-error=unknown-module-option
[ "$rc" = 0 ] && [ -s d.o ] || fail "-Werror with both -Wno-error=: exit $rc: $(cat err)"
grep -q "$ign_w" err && grep -q "$unk_w" err || fail "-Werror with both -Wno-error=: $(cat err)"

run e -Werror -Wno-error
[ "$rc" = 0 ] && [ -s e.o ] && grep -q "$ign_w" err || fail "-Wno-error: exit $rc: $(cat err)"

# -Wno-error=NAME does not enable NAME; the last of -Werror=/-Wno-error= wins
run f -Wno-ignored-option -Wno-error=ignored-option
[ "$rc" = 0 ] && ! grep -q "option 'block_dim'" err || fail "-Wno-error=NAME enabled it: $(cat err)"
run g -Werror=ignored-option -Wno-error=ignored-option
[ "$rc" = 0 ] && grep -q "$ign_w" err || fail "-Wno-error=NAME after -Werror=NAME: exit $rc: $(cat err)"

run h -w -Werror=ignored-option -Werror
[ "$rc" = 0 ] && [ ! -s err ] && [ -s h.o ] || fail "-w: exit $rc: $(cat err)"

# the toolkit warning by name
kernel k.py
export WARPC_CUDA_PATH="$tmp/no-toolkit"
if ! command -v nvcc >/dev/null || PATH=/usr/bin:/bin command -v nvcc >/dev/null; then
  skip "nvcc is in /usr/bin: cannot hide the CUDA toolkit"
fi
rc=0
PATH=/usr/bin:/bin "$warpc" -Werror=cuda-toolkit k.py -o t.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^warpc: error: no CUDA toolkit found.* \[-Werror=cuda-toolkit\]$" err ||
  fail "-Werror=cuda-toolkit: exit $rc: $(cat err)"
[ ! -e t.o ] || fail "-Werror=cuda-toolkit: wrote an object"
rc=0
PATH=/usr/bin:/bin "$warpc" -Werror -Wno-error=cuda-toolkit k.py -o u.o 2>err || rc=$?
[ "$rc" = 0 ] && [ -s u.o ] && grep -q "^warpc: warning: no CUDA toolkit found.* \[-Wcuda-toolkit\]$" err ||
  fail "-Wno-error=cuda-toolkit: exit $rc: $(cat err)"
PATH=/usr/bin:/bin "$warpc" -Wno-cuda-toolkit k.py -o v.o 2>err || fail "-Wno-cuda-toolkit: exit $?"
[ ! -s err ] && [ -s v.o ] || fail "-Wno-cuda-toolkit: $(cat err)"
echo ok
