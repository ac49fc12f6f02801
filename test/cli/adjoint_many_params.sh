#!/usr/bin/env bash
# Gradients through long parameter and variable lists (warpc once stopped
# at 16 arguments and dropped adjoints past 16 or 64): wp.grad(f) of a
# 20-parameter func, a @wp.func_grad rule of a 20-parameter func, and a
# dynamic loop carrying 70 variables, against hand-derived values.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
N=20 V=70 python3 - <<'PY'
import os
n, nv = int(os.environ["N"]), int(os.environ["V"])
xs = ", ".join(f"x{k}: float" for k in range(n))
src = ["import warp as wp", "",
       "@wp.func", f"def f({xs}):",
       "    return " + " + ".join(f"{k + 1}.0 * x{k} * x{k}" for k in range(n)), "",
       "@wp.func", f"def g({xs}):",
       "    return " + " + ".join(f"x{k}" for k in range(n)), "",
       "@wp.func_grad(g)", f"def adj_g({xs}, adj_ret: float):"]
src += [f"    wp.adjoint[x{k}] += {k + 1}.0 * adj_ret" for k in range(n)]
args = ", ".join(f"a[i, {k}]" for k in range(n))
src += ["", "@wp.kernel",
        "def partials(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):",
        "    i = wp.tid()",
        f"    d = wp.grad(f)({args})"]
src += [f"    out[i, {k}] = d[{k}]" for k in range(n)]
src += ["", "@wp.kernel",
        "def custom(a: wp.array2d(dtype=float), y: wp.array(dtype=float)):",
        "    i = wp.tid()",
        f"    y[i] = g({args}) * 2.0", "",
        "@wp.kernel",
        "def carried(x: wp.array(dtype=float), m: int, y: wp.array(dtype=float)):",
        "    i = wp.tid()",
        "    v = x[i]"]
src += [f"    a{k} = v" for k in range(nv)]
src += ["    for _j in range(m):"]
src += [f"        a{k} = a{k} * 1.5" for k in range(nv)]
src += ["    y[i] = " + " + ".join(f"{k + 1}.0 * a{k}" for k in range(nv))]
open("k.py", "w").write("\n".join(src) + "\n")
PY
"$warpc" --no-cuda k.py -o k.o 2>warpc.log || fail "warpc: $(cat warpc.log)"
cat > main.c <<'C'
#include <math.h>
#include <stdio.h>
#include "k.h"
enum { N = 20, V = 70 };
static int bad;
static void expect(const char *what, int k, double got, double want) {
  if (fabs(got - want) > 1e-5 * (1 + fabs(want))) {
    printf("%s %d: got %.9g, want %.9g\n", what, k, got, want);
    bad = 1;
  }
}
int main(void) {
  float as[N], outs[N], ga[N] = {0}, ys[1], gy[1] = {1};
  for (int k = 0; k < N; k++)
    as[k] = 0.25f * (float)k - 1.0f;
  wp_array a, out, y, x;
  wp_int64 sh[2] = {1, N}, one = 1;
  wp_array_wrap(&a, as, WP_FLOAT32, 0, 2, sh, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&out, outs, WP_FLOAT32, 0, 2, sh, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &one, NULL, WP_DEVICE_CPU);
  if (k_partials(&WP_LAUNCH_1D(1), &a, &out))
    return puts(wp_last_error()), 1;
  for (int k = 0; k < N; k++) /* d/dx_k of sum (k+1) x_k^2 */
    expect("wp.grad", k, outs[k], 2.0 * (k + 1) * as[k]);
  wp_array_set_grad(&a, ga);
  wp_array_set_grad(&y, gy);
  if (k_custom(&WP_LAUNCH_1D(1), &a, &y) ||
      k_custom_backward(&WP_LAUNCH_1D(1), &a, &y))
    return puts(wp_last_error()), 1;
  for (int k = 0; k < N; k++) /* the rule's (k+1) adj_ret, adj_ret = 2 */
    expect("func_grad", k, ga[k], 2.0 * (k + 1));
  float xs[1] = {0.5f}, gx[1] = {0}, zs[1], gz[1] = {1};
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &one, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, zs, WP_FLOAT32, 0, 1, &one, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&x, gx);
  wp_array_set_grad(&y, gz);
  if (k_carried(&WP_LAUNCH_1D(1), &x, 3, &y) ||
      k_carried_backward(&WP_LAUNCH_1D(1), &x, 3, &y))
    return puts(wp_last_error()), 1;
  /* y = sum (k+1) v 1.5^3: dy/dv = 1.5^3 V (V+1) / 2 */
  expect("carried value", 0, zs[0], 0.5 * 3.375 * V * (V + 1) / 2);
  expect("carried grad", 0, gx[0], 3.375 * V * (V + 1) / 2);
  puts(bad ? "FAIL" : "ok");
  return bad;
}
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c k.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app
./app >run.txt || fail "$(cat run.txt)"
tail -1 run.txt | grep -qx ok || fail "$(cat run.txt)"
echo ok
