#!/usr/bin/env bash
# Kernel parameters and kernels named like the generated code's own names
# (the launcher's locals wp_st, wp_dev, wp_a, the runtime's
# wp_launch_kernel, C keywords and _Bool, a name its renaming would give)
# and kernels k, k_backward, k_args, k_adj, k_body beside each other, funcs
# f and f_grad both under wp.grad, struct fields, func parameters and
# locals named like C keywords: compiled (also as module wpk, the
# internal symbols' prefix), linked and run, values checked.  warpc's C once
# failed to compile ("a bug in warpc") for each of these names.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > names.py <<'PY'
import warp as wp


@wp.func
def f(x: float):
    return x * x


@wp.func
def f_grad(x: float):
    return x * x * x


@wp.kernel
def k(wp_st: wp.array(dtype=float), wp_dev: float, wp_a: int,
      wp_launch_kernel: wp.array(dtype=float), _Bool: int, int: float, int_: float,
      double: float, auto: float, register: float, restrict: float, inline: float,
      signed: float, launch: float, arg__Bool: int, wpk0_desc: float, wp_array: float):
    i = wp.tid()
    wp_launch_kernel[i] = (wp_st[i] * wp_dev + float(wp_a) + float(_Bool) + int + int_ * 10.0
                           + double + auto + register + restrict + inline + signed
                           + launch + float(arg__Bool) + wpk0_desc + wp_array)


@wp.kernel
def k_backward(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = wp.grad(f)(x[i]) + wp.grad(f_grad)(x[i])


@wp.kernel
def k_args(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 3.0 * x[i]


@wp.struct
class S:
    int: float
    _Bool: float
    int_: float


@wp.func
def g(double: float, _Bool: int, wp_st: float):
    auto = double * 2.0
    register = auto + float(_Bool) + wp_st
    return register


@wp.kernel
def k_struct(s: S, x: wp.array(dtype=float)):
    signed = s.int + 10.0 * s._Bool
    x[0] = g(signed, 3, 100.0 * s.int_)


@wp.kernel
def k_adj(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 4.0 * x[i]


@wp.kernel
def k_body(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 5.0 * x[i]
PY
cat > main.c <<'C'
#include <math.h>
#include <stdio.h>
#include "names.h"
#define CAT(a, b) a##b
#define L(m, k) CAT(m, k)
static int bad;
static void expect(const char *what, double got, double want) {
  if (fabs(got - want) > 1e-5 * (1 + fabs(want))) {
    printf("%s: got %.9g, want %.9g\n", what, got, want);
    bad = 1;
  }
}
int main(void) {
  float st[2] = {1, 2}, out[2], gst[2] = {0}, gout[2] = {1, 1}, x[1];
  wp_int64 n = 2, one = 1;
  wp_array a, b, c;
  wp_array_wrap(&a, st, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&b, out, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&c, x, WP_FLOAT32, 0, 1, &one, NULL, WP_DEVICE_CPU);
  /* wp_st wp_dev wp_a wp_launch_kernel _Bool int int_ double auto register
     restrict inline signed launch arg__Bool wpk0_desc wp_array */
  if (L(M, _k)(&WP_LAUNCH_1D(2), &a, 3.0f, 4, &b, 5, 6, 7, 8, 9, 10, 11, 12,
               13, 14, 15, 16, 17))
    return puts(wp_last_error()), 1;
  double rest = 4 + 5 + 6 + 70 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17;
  expect("k[0]", out[0], 1 * 3 + rest);
  expect("k[1]", out[1], 2 * 3 + rest);
  wp_array_set_grad(&a, gst);
  wp_array_set_grad(&b, gout);
  /* the backward launcher of k is renamed: k_backward is a kernel */
  if (L(M, _k_backward_)(&WP_LAUNCH_1D(2), &a, 3.0f, 4, &b, 5, 6, 7, 8, 9, 10,
                         11, 12, 13, 14, 15, 16, 17))
    return puts(wp_last_error()), 1;
  expect("k backward", gst[1], 3.0);
  x[0] = 2.0f;
  if (L(M, _k_backward)(&WP_LAUNCH_1D(1), &c)) /* f' + f_grad' = 2x + 3x^2 */
    return puts(wp_last_error()), 1;
  expect("k_backward", x[0], 4.0 + 12.0);
  x[0] = 1.0f;
  if (L(M, _k_args)(&WP_LAUNCH_1D(1), &c) || L(M, _k_adj)(&WP_LAUNCH_1D(1), &c) ||
      L(M, _k_body)(&WP_LAUNCH_1D(1), &c) ||
      L(M, _k_args_backward)(&WP_LAUNCH_1D(1), &c))
    return puts(wp_last_error()), 1;
  expect("k_args k_adj k_body", x[0], 60.0);
  /* struct fields int (int__: int_ is taken), _Bool (_Bool_), int_ */
  L(M, _S) s = {.int__ = 1, ._Bool_ = 2, .int_ = 3};
  if (L(M, _k_struct)(&WP_LAUNCH_1D(1), s, &c))
    return puts(wp_last_error()), 1;
  expect("k_struct", x[0], (1 + 20) * 2.0 + 3 + 300);
  puts(bad ? "FAIL" : "ok");
  return bad;
}
C
for m in names wpk; do
  "$warpc" --no-cuda --module $m names.py -o names.o -H names.h 2>warpc.log ||
    fail "warpc --module $m: $(cat warpc.log)"
  grep -q 'arg__Bool_' names.h || fail "no renamed parameter in the header: $(grep -A3 'wp_status .*_k(' names.h)"
  cc -std=c11 -Wall -Werror -DM=$m -I"$WARPC_ROOT/runtime/include" main.c names.o \
    "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app || fail "cc (module $m)"
  ./app >run.txt || fail "module $m: $(cat run.txt)"
  tail -1 run.txt | grep -qx ok || fail "module $m: $(cat run.txt)"
  # the header is also C++
  if command -v c++ >/dev/null; then
    printf '#include "names.h"\nint main() { return 0; }\n' >cxx.cc
    c++ -fsyntax-only -I"$WARPC_ROOT/runtime/include" cxx.cc || fail "the header is not C++"
  fi
done
echo ok
