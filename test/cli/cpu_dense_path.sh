#!/usr/bin/env bash
# The CPU fast path for dense 1-D launches (lib/emit/emit_kernel.c,
# cpu_range): clang vectorizes saxpy's range loop (its remark says so; the
# loop with run-time strides was not vectorized), a kernel with a loop gets
# no second copy, and the results equal a C loop on every path: dense 1-D
# arguments, a strided view (x[::3], the general loop), the same array as
# x and y (aliasing: the run-time overlap check), a 2-D launch (i is the
# first coordinate), and ranges split across threads.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


@wp.kernel
def prefix(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    i = wp.tid()
    s = float(0.0)
    for k in range(n):
        s += x[i] * float(k)
    y[i] = s
PY
"$warpc" --no-cuda kernels.py -o kernels.o -Xcc -Rpass=loop-vectorize 2>remarks.txt ||
  fail "warpc: $(cat remarks.txt)"
grep -q "remark: vectorized loop" remarks.txt ||
  fail "saxpy's range loop was not vectorized: $(cat remarks.txt)"
"$warpc" --no-cuda --emit=c kernels.py -o kernels.c || fail "warpc --emit=c"
n=$(grep -c 'strides\[0\] == sizeof(float)' kernels.c)
# saxpy forward and backward: two arrays each; prefix (a loop) only in its
# range functions' SPMD branches (forward: lib/emit/emit_spmd.c, backward:
# emit_spmd_adj.c), none with -fno-spmd
grep -q '^/\* SPMD backward prefix: yes' kernels.c || fail "prefix's backward got no SPMD variant"
[ "$n" = 8 ] || fail "expected the dense check in saxpy's two range functions and prefix's two SPMD branches, got $n lines"
"$warpc" --no-cuda --emit=c -fno-spmd kernels.py -o kernels_nospmd.c || fail "warpc --emit=c -fno-spmd"
n=$(grep -c 'strides\[0\] == sizeof(float)' kernels_nospmd.c)
[ "$n" = 4 ] || fail "-fno-spmd: expected the dense check in saxpy's two range functions only, got $n lines"

cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 3001 };
static float xs[3 * N], ys[N], want[N];

static int check(const char *what, const float *got, int n) {
  for (int i = 0; i < n; i++)
    if (got[i] != want[i]) {
      printf("%s: element %d is %.9g, expected %.9g\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}

int main(void) {
  int bad = 0;
  wp_int64 n = N, n3 = 3 * N;
  wp_array x, x3, xv, y;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&x3, xs, WP_FLOAT32, 0, 1, &n3, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&xv, &x3, 0, 0, WP_SLICE_END, 3))
    return 10;
  /* dense */
  for (int i = 0; i < 3 * N; i++) xs[i] = 0.25f * (float)i - 7.0f;
  for (int i = 0; i < N; i++) { ys[i] = 1.5f - (float)i; want[i] = 2.5f * xs[i] + ys[i]; }
  if (kernels_saxpy(&WP_LAUNCH_1D(N), &x, &y, 2.5f)) return 11;
  bad |= check("dense", ys, N);
  /* strided x (the general loop) */
  for (int i = 0; i < N; i++) { ys[i] = 1.5f - (float)i; want[i] = 2.5f * xs[3 * i] + ys[i]; }
  if (kernels_saxpy(&WP_LAUNCH_1D(N), &xv, &y, 2.5f)) return 12;
  bad |= check("strided", ys, N);
  /* x and y the same array */
  for (int i = 0; i < N; i++) { ys[i] = 0.5f * (float)i; want[i] = 2.5f * ys[i] + ys[i]; }
  if (kernels_saxpy(&WP_LAUNCH_1D(N), &y, &y, 2.5f)) return 13;
  bad |= check("aliased", ys, N);
  /* a 2-D launch N x 1 (the general loop): i is the first coordinate */
  for (int i = 0; i < N; i++) { ys[i] = 1.0f; want[i] = 2.5f * xs[i] + 1.0f; }
  wp_launch l2 = {.ndim = 2, .dims = {N, 1}, .device = WP_DEVICE_CPU};
  if (kernels_saxpy(&l2, &x, &y, 2.5f)) return 14;
  bad |= check("2-D", ys, N);
  /* a kernel with a loop */
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int k = 0; k < 5; k++) s += xs[i] * (float)k;
    want[i] = s;
  }
  if (kernels_prefix(&WP_LAUNCH_1D(N), &x, &y, 5)) return 15;
  bad |= check("loop", ys, N);
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
for threads in 1 4; do
  WARP_NUM_THREADS=$threads ./app >out.txt || fail "app exited $? with $threads threads: $(cat out.txt)"
  grep -qx 'all equal' out.txt || fail "$(cat out.txt)"
done
echo ok
