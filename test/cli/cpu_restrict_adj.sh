#!/usr/bin/env bash
# The backward 1-D dense loop with restrict arrays and grads
# (lib/emit/emit_cpu_restrict_adj.c): saxpy's backward range function has
# it and clang vectorizes it there (its remarks say so; without the
# restrict loop the backward loop stays scalar); a kernel with a dynamic
# loop gets none.  The backward results equal a C loop's on every path:
# disjoint grads (the restrict loop), a retained output grad and an input
# without a grad (the plain dense loop), both inputs' grads one buffer (the
# launch's grads overlap: atomics), an input's grad overlapping the other
# input's data shifted by one element (the disjointness check turns the
# restrict loop away; on one thread a vectorized loop would read a value
# the C loop has already changed), and ranges split across 4 threads.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float, z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = a * x[i] + y[i]


@wp.kernel
def prod(x: wp.array(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = x[i] * y[i]


@wp.kernel
def looped(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    i = wp.tid()
    s = float(0.0)
    for k in range(n):
        s = s * x[i] + 1.0
    y[i] = s
PY
if [ "$(uname -m)" = x86_64 ]; then
  "$warpc" --no-cuda -fno-spmd --cpu=x86-64-v3 kernels.py -o kernels_v3.o -Xcc -Rpass=loop-vectorize 2>remarks.txt ||
    fail "warpc: $(cat remarks.txt)"
  grep -A1 "remark: vectorized loop" remarks.txt | grep -q "void wpk0_adj_cpu(" ||
    fail "saxpy's backward restrict loop was not vectorized: $(cat remarks.txt)"
fi
"$warpc" --no-cuda -fno-spmd --emit=c kernels.py -o kernels.c || fail "warpc --emit=c"
for k in 0 1; do
  grep -q "wpk${k}_adj_dense_rx(a, b, begin, end" kernels.c ||
    fail "wpk$k: no backward restrict loop called: $(grep -n adj_dense_rx kernels.c)"
done
grep -q 'wpk2_adj_dense_rx' kernels.c && fail "looped: a backward restrict loop for a kernel with a loop"
grep -q 'wpk0_adj_dense_rx(wpk0_args a, wp_launch_bounds b, wp_int64 begin, wp_int64 end, const float \*restrict d0, float \*restrict g0, const float \*restrict d1, float \*restrict g1, const float \*restrict d3, float \*restrict g3)' kernels.c ||
  fail "saxpy's backward restrict loop: $(grep -n 'wpk0_adj_dense_rx' kernels.c)"

cpu=
[ "$(uname -m)" = x86_64 ] && cpu=--cpu=x86-64,x86-64-v3
"$warpc" --no-cuda -fno-spmd $cpu kernels.py -o kernels.o || fail "warpc $cpu"

cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 1001 };
static float xd[N], yd[N + 1], zd[N], xg[N], yg[N], zg[N];
static float wx[N], wy[N + 1], wz[N];

static int check(const char *what, const float *got, const float *w, int n) {
  for (int i = 0; i < n; i++)
    if (got[i] != w[i]) {
      printf("%s: element %d is %.9g, expected %.9g\n", what, i, got[i], w[i]);
      return 1;
    }
  return 0;
}

static void fill(float *p, int n, float a) {
  for (int i = 0; i < n; i++) p[i] = a * (float)((i * 37) % 101 + 1);
}

static void fill_all(void) {
  fill(xd, N, 0.5f); fill(yd, N + 1, 0.25f); fill(zd, N, 2.0f);
  fill(xg, N, 0.125f); fill(yg, N, 0.75f); fill(zg, N, 1.5f);
}

int main(int argc, char **argv) {
  int one_thread = argc > 1 && argv[1][0] == 'o', bad = 0;
  const float a = 1.75f;
  wp_int64 n = N;
  wp_array x, y, z;
  if (wp_array_wrap(&x, xd, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&y, yd, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&z, zd, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_set_grad(&x, xg) || wp_array_set_grad(&y, yg) ||
      wp_array_set_grad(&z, zg))
    return 10;
  /* disjoint: the restrict loop */
  fill_all();
  for (int i = 0; i < N; i++) {
    wx[i] = xg[i] + zg[i] * a; wy[i] = yg[i] + zg[i]; wz[i] = 0.0f;
  }
  if (kernels_saxpy_backward(&WP_LAUNCH_1D(N), &x, &y, a, &z)) return 11;
  bad |= check("saxpy x.grad", xg, wx, N) | check("saxpy y.grad", yg, wy, N) |
         check("saxpy z.grad", zg, wz, N);
  /* z retains its grad: the plain dense loop */
  fill_all();
  for (int i = 0; i < N; i++) {
    wx[i] = xg[i] + zg[i] * a; wy[i] = yg[i] + zg[i]; wz[i] = zg[i];
  }
  z.flags |= WP_ARRAY_RETAIN_GRAD;
  if (kernels_saxpy_backward(&WP_LAUNCH_1D(N), &x, &y, a, &z)) return 12;
  z.flags &= ~WP_ARRAY_RETAIN_GRAD;
  bad |= check("retained x.grad", xg, wx, N) | check("retained y.grad", yg, wy, N) |
         check("retained z.grad", zg, wz, N);
  /* x without a grad */
  fill_all();
  for (int i = 0; i < N; i++) { wy[i] = yg[i] + zg[i]; wz[i] = 0.0f; }
  wp_array xn = x;
  xn.grad = NULL;
  if (kernels_saxpy_backward(&WP_LAUNCH_1D(N), &xn, &y, a, &z)) return 13;
  bad |= check("no x.grad: y.grad", yg, wy, N) | check("no x.grad: z.grad", zg, wz, N);
  /* x's and y's grads one buffer (y's adjoint is added first) */
  fill_all();
  for (int i = 0; i < N; i++) {
    float g = yg[i] + zg[i];
    wy[i] = g + zg[i] * a; wz[i] = 0.0f;
  }
  wp_array xs = x;
  xs.grad = yg;
  if (kernels_saxpy_backward(&WP_LAUNCH_1D(N), &xs, &y, a, &z)) return 14;
  bad |= check("shared grad", yg, wy, N) | check("shared grad: z.grad", zg, wz, N);
  /* prod, disjoint: the restrict loop (y's adjoint first) */
  fill_all();
  for (int i = 0; i < N; i++) {
    wy[i] = yg[i] + zg[i] * xd[i]; wx[i] = xg[i] + zg[i] * yd[i]; wz[i] = 0.0f;
  }
  if (kernels_prod_backward(&WP_LAUNCH_1D(N), &x, &y, &z)) return 15;
  bad |= check("prod x.grad", xg, wx, N) | check("prod y.grad", yg, wy, N) |
         check("prod z.grad", zg, wz, N);
  if (one_thread) {
    /* x's grad is y's data shifted by one: thread i changes the y[i + 1]
       that thread i + 1 reads */
    fill_all();
    memcpy(wy, yd, sizeof yd);
    float wyg[N];
    for (int i = 0; i < N; i++) {
      float xv = xd[i], yv = wy[i], g = zg[i];
      wyg[i] = yg[i] + g * xv;
      wy[i + 1] = wy[i + 1] + g * yv;
    }
    wp_array xo = x;
    xo.grad = yd + 1;
    if (kernels_prod_backward(&WP_LAUNCH_1D(N), &xo, &y, &z)) return 16;
    bad |= check("overlap: y.grad", yg, wyg, N) | check("overlap: y", yd, wy, N + 1);
  }
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
cc -std=c11 -Wall -Wextra -Werror -ffp-contract=off main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
WARP_NUM_THREADS=1 ./app one >out.txt || fail "app exited $? on one thread: $(cat out.txt)"
grep -qx 'all equal' out.txt || fail "one thread: $(cat out.txt)"
WARP_NUM_THREADS=4 ./app >out.txt || fail "app exited $? with 4 threads: $(cat out.txt)"
grep -qx 'all equal' out.txt || fail "4 threads: $(cat out.txt)"
echo ok
