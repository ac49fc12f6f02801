#!/usr/bin/env bash
# Without a CUDA toolkit: the default build writes a CPU-only object with one
# warning line; an explicit --cuda-arch is an error (exit 2, no output).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cd "$tmp"
cat > k.py <<'PY'
import warp as wp
@wp.kernel
def scale(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s
PY
export WARPC_CUDA_PATH="$tmp/no-toolkit"
"$warpc" k.py -o k.o 2>err || fail "default build failed: $(cat err)"
[ "$(wc -l <err)" = 1 ] || fail "expected one warning line, got: $(cat err)"
grep -q '^warpc: warning: no CUDA toolkit found' err || fail "warning: $(cat err)"
[ -f k.o ] && [ -f k.h ] || fail "no CPU-only object"
nm k.o | grep -q ' T k_scale$' || fail "launcher missing"
nm k.o | grep -q wp_fatbin && fail "a CPU-only object references a fatbin"
rc=0; "$warpc" --cuda-arch sm_90 k.py -o k2.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "--cuda-arch without toolkit: exit $rc, want 2"
grep -q 'no CUDA toolkit was found' err || fail "message: $(cat err)"
[ ! -e k2.o ] && [ ! -e k2.h ] || fail "output left behind"
rc=0; "$warpc" --emit=ptx k.py 2>err >/dev/null || rc=$?
[ "$rc" = 2 ] || fail "--emit=ptx without toolkit: exit $rc"
echo ok
