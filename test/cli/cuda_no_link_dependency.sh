#!/usr/bin/env bash
# Neither libwarprt.a nor a program linked with a CUDA-carrying object has an
# undefined CUDA symbol or needs a CUDA library; the program runs on the CPU.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || {
  [ "${CI:-}" = true ] && fail "no CUDA toolkit in CI"; echo "SKIP: no CUDA toolkit"; exit 0; }
undef=$(nm "$WARPC_ROOT/build/lib/libwarprt.a" 2>/dev/null | grep -E ' U (cu[A-Z]|cuda)' || true)
[ -z "$undef" ] || fail "libwarprt.a has undefined CUDA symbols: $undef"
cat > k.py <<'PY'
import warp as wp
@wp.kernel
def twice(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0
PY
"$warpc" --cuda-arch sm_75,sm_90 k.py -o k.o
cat > main.c <<'C'
#include <stdio.h>
#include "k.h"
int main(void) {
  float v[4] = {1, 2, 3, 4};
  wp_array a;
  wp_int64 n = 4;
  if (wp_array_wrap(&a, v, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU)) return 1;
  if (k_twice(&WP_LAUNCH_1D(4), &a)) { puts(wp_last_error()); return 1; }
  printf("%g %g %g %g\n", v[0], v[1], v[2], v[3]);
  return 0;
}
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c k.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -ldl -o app
[ "$(./app)" = "2 4 6 8" ] || fail "wrong output: $(./app)"
undef=$(nm app | grep -E ' U (cu[A-Z]|cuda)' || true)
[ -z "$undef" ] || fail "the program has undefined CUDA symbols: $undef"
ldd app | grep -Ei 'libcuda|libcudart' && fail "the program needs a CUDA library"
echo ok
