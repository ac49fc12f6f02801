#!/usr/bin/env bash
# @wp.func_grad custom adjoints and wp.grad(f)(...) inside kernels: values
# against hand-derived derivatives.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > k.py <<'PY'
import warp as wp

@wp.func
def safe_sqrt(x: float):
    return wp.sqrt(x)

@wp.func_grad(safe_sqrt)
def adj_safe_sqrt(x: float, adj_ret: float):
    if x > 0.0:
        wp.adjoint[x] += 1.0 / (2.0 * wp.sqrt(x)) * adj_ret

@wp.func
def f(x: float, y: float):
    s = float(0.0)
    for k in range(3):
        s = s + x * y + wp.sin(x)
    return s

@wp.kernel
def custom(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = safe_sqrt(a[i]) * 3.0

@wp.kernel
def partials(a: wp.array(dtype=float), b: wp.array(dtype=float), gx: wp.array(dtype=float),
             gy: wp.array(dtype=float)):
    i = wp.tid()
    g = wp.grad(f)(a[i], b[i])
    gx[i] = g[0]
    gy[i] = g[1]
PY
"$warpc" --no-cuda k.py -o k.o
cat > main.c <<'C'
#include <math.h>
#include <stdio.h>
#include "k.h"
static int bad;
static void expect(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-5 * (1 + fabs(want))) {
    printf("%s: got %.9g, want %.9g\n", what, got, want);
    bad = 1;
  }
}
int main(void) {
  float as[3] = {0.0f, 4.0f, 9.0f}, bs[3], ga[3] = {0}, gb[3] = {1, 1, 1};
  wp_array a, b, x, y;
  wp_int64 n = 3;
  wp_array_wrap(&a, as, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&b, bs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&a, ga);
  wp_array_set_grad(&b, gb);
  if (k_custom(&WP_LAUNCH_1D(3), &a, &b) || k_custom_backward(&WP_LAUNCH_1D(3), &a, &b))
    return puts(wp_last_error()), 1;
  /* the custom rule gives 0 at x = 0, where sqrt's own would be inf */
  expect("custom grad at 0", ga[0], 0.0);
  expect("custom grad at 4", ga[1], 3.0 / (2.0 * 2.0));
  expect("custom grad at 9", ga[2], 3.0 / (2.0 * 3.0));
  float ps[2] = {0.5f, 2.0f}, qs[2] = {3.0f, -1.0f}, gx[2], gy[2];
  wp_int64 m = 2;
  wp_array_wrap(&a, ps, WP_FLOAT32, 0, 1, &m, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&b, qs, WP_FLOAT32, 0, 1, &m, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&x, gx, WP_FLOAT32, 0, 1, &m, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, gy, WP_FLOAT32, 0, 1, &m, NULL, WP_DEVICE_CPU);
  if (k_partials(&WP_LAUNCH_1D(2), &a, &b, &x, &y))
    return puts(wp_last_error()), 1;
  for (int i = 0; i < 2; i++) { /* f = 3 (x y + sin x) */
    expect("df/dx", gx[i], 3 * (qs[i] + cos(ps[i])));
    expect("df/dy", gy[i], 3 * ps[i]);
  }
  puts(bad ? "FAIL" : "ok");
  return bad;
}
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c k.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app
./app | tail -1 | grep -qx ok || fail "$(./app)"
echo ok
