#!/usr/bin/env bash
# --cpu variants of kernels whose names extend one another: the adjoint
# variant of kernel `k` and the forward variant of kernel `k_adj` were both
# named <module>_k_adj_cpu__wpcpu_<level>, so the C compiler refused the
# generated code ("redefinition", "this is a bug in warpc").  Every kernel
# must compile and each launcher run its own kernel at every level.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ "$(uname -m)" = x86_64 ] || skip "not an x86-64 machine"
cat >m.py <<'PY'
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


@wp.kernel
def k_adj(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] + 1.0


@wp.kernel
def k_adj_cpu(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] - 5.0
PY
"$warpc" --no-cuda --cpu=x86-64,x86-64-v3,x86-64-v4 m.py -o m.o 2>err.txt ||
  fail "warpc --cpu on kernels k, k_adj, k_adj_cpu: $(cat err.txt)"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "m.h"
int main(void) {
  float v[3] = {1.0f, 2.0f, 3.0f};
  wp_int64 n = 3;
  wp_array a;
  if (wp_array_wrap(&a, v, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      m_k(&WP_LAUNCH_1D(1), &a) || m_k_adj(&WP_LAUNCH_1D(1), &a) ||
      m_k_adj_cpu(&WP_LAUNCH_1D(1), &a) || m_k_adj_cpu(&WP_LAUNCH_1D(3), &a) ||
      m_k_backward(&WP_LAUNCH_1D(1), &a) || m_k_adj_backward(&WP_LAUNCH_1D(1), &a))
    return 1;
  printf("%g %g %g\n", v[0], v[1], v[2]);
  return 0;
}
C
cc -std=c11 main.c m.o -I"$root/runtime/include" -L"$root/build/lib" -lwarprt -lpthread -lm -o app ||
  fail "link failed"
for lv in 1 2 3 4; do
  out=$(WARP_CPU_LEVEL=$lv ./app) || fail "WARP_CPU_LEVEL=$lv: the app failed: $out"
  # 1*2+1-5-5 = -7; 2-5 = -3; 3-5 = -2
  [ "$out" = "-7 -3 -2" ] || fail "WARP_CPU_LEVEL=$lv: $out (want -7 -3 -2)"
done
echo ok
