#!/usr/bin/env bash
# Backward kernels on an array whose own elements share grad memory: a
# broadcast (stride 0 over an extent > 1, which wp_array_wrap accepts) or
# rows that overlap.  The index a[i] (a[i, 0]) is injective in wp.tid(), so
# lib/ir/injective.c lets the backward add its adjoint without an atomic,
# and lib/ir/uniform_adj.c lets the SPMD backward run W threads at once; but
# every thread's index reaches the one grad element.  The runtime must flag
# such a launch (WP_BOUNDS_GRADS_OVERLAP) so that both take the atomic,
# scalar path: the broadcast's grad on two threads is the exact sum (no
# lost updates), and the SPMD build's gradient bytes equal -fno-spmd's.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def twice(x: wp.array(dtype=float), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = wp.float64(x[i] * 2.0)


@wp.kernel
def power(a: wp.array2d(dtype=float), steps: int, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = float(1.0)
    for _k in range(steps):
        s = s * a[i, 0] + 0.1
    y[i] = wp.float64(s)
PY
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 1 << 22, M = 64 };

int main(int argc, char **argv) {
  static float one = 0.5f, one_grad, cell = 0.75f, cell_grad;
  wp_int64 n = N, m = M, zero = 0, sh[2] = {M, 1}, st[2] = {0, 4};
  wp_array x, a, y, z;
  if (argc < 2 || wp_array_wrap(&x, &one, WP_FLOAT32, 0, 1, &n, &zero, WP_DEVICE_CPU) ||
      wp_array_set_grad(&x, &one_grad) ||
      wp_array_wrap(&a, &cell, WP_FLOAT32, 0, 2, sh, st, WP_DEVICE_CPU) ||
      wp_array_set_grad(&a, &cell_grad) ||
      wp_array_alloc(&y, WP_FLOAT64, 0, 1, &n, 1, WP_DEVICE_CPU) ||
      wp_array_alloc(&z, WP_FLOAT64, 0, 1, &m, 1, WP_DEVICE_CPU))
    return 10;
  for (int i = 0; i < N; i++)
    ((double *)y.grad)[i] = 1.0;
  for (int i = 0; i < M; i++)
    ((double *)z.grad)[i] = 1.0 / (i + 3);
  wp_launch l = WP_LAUNCH_1D(N), lm = WP_LAUNCH_1D(M);
  if (kernels_twice(&l, &x, &y) || kernels_twice_backward(&l, &x, &y) ||
      kernels_power(&lm, &a, 9, &z) || kernels_power_backward(&lm, &a, 9, &z))
    return 11;
  /* 2^22 adds of 2.0: exact in float32 */
  printf("broadcast grad %.1f (want %.1f)\n", one_grad, 2.0 * N);
  FILE *f = fopen(argv[1], "wb");
  if (!f || fwrite(&cell_grad, sizeof cell_grad, 1, f) != 1 || fclose(f))
    return 12;
  wp_shutdown();
  return one_grad == 2.0f * N ? 0 : 1;
}
C
app app_scalar -fno-spmd
app app_spmd
WARP_NUM_THREADS=1 ./app_scalar scalar1.bin >out.txt || fail "-fno-spmd, 1 thread: $(cat out.txt)"
for level in 1 4; do
  WARP_NUM_THREADS=1 WARP_CPU_LEVEL=$level ./app_spmd spmd.bin >out.txt || fail "SPMD: $(cat out.txt)"
  cmp -s scalar1.bin spmd.bin ||
    fail "WARP_CPU_LEVEL=$level: the SPMD backward's grad of the broadcast a[i, 0] differs from -fno-spmd's: $(od -An -tf4 spmd.bin) vs $(od -An -tf4 scalar1.bin)"
done
WARP_NUM_THREADS=2 ./app_scalar scalar.bin >out.txt || fail "-fno-spmd, 2 threads: $(cat out.txt)"
echo ok
