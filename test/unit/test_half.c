/* test_half.c - unit tests of lib/ir/half.c: float32 -> float16 rounding
 * (hand-derived values, every half value round-tripping, and random floats
 * against a brute-force nearest-half search with ties to even) and the
 * float16 type helpers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "warp/abi.h"

#include "check.h"

CHECK_TALLY;

/* The value of half bits, from the definition of binary16. */
static double half_value(unsigned h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v = e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
  if (e == 0x1f)
    v = m ? NAN : INFINITY;
  return (h & 0x8000) ? -v : v;
}

/* Nearest finite half by search (ties to the even mantissa); overflow
 * threshold 65520 as IEEE's round to nearest defines it. */
static unsigned nearest(float f) {
  double x = f, ax = fabs(x);
  unsigned sign = signbit(x) ? 0x8000u : 0;
  if (ax >= 65520.0)
    return sign | 0x7c00u;
  unsigned best = 0;
  double bd = INFINITY;
  for (unsigned h = 0; h < 0x7c00u; h++) {
    double d = fabs(half_value(h) - ax);
    if (d < bd || (d == bd && !(h & 1u))) {
      bd = d;
      best = h;
    }
  }
  return sign | best;
}

static void test_values(void) {
  CHECK(ir_half_from_float(1.0f) == 0x3c00);
  CHECK(ir_half_from_float(-2.0f) == 0xc000);
  CHECK(ir_half_from_float(0.0f) == 0x0000);
  CHECK(ir_half_from_float(-0.0f) == 0x8000);
  CHECK(ir_half_from_float(65504.0f) == 0x7bff);
  CHECK(ir_half_from_float(65519.0f) == 0x7bff);
  CHECK(ir_half_from_float(65520.0f) == 0x7c00); /* tie to even: infinity */
  CHECK(ir_half_from_float(-1e9f) == 0xfc00);
  CHECK(ir_half_from_float(2049.0f) == 0x6800); /* tie: even 2048 */
  CHECK(ir_half_from_float(2051.0f) == 0x6802); /* tie: even 2052 */
  CHECK(ir_half_from_float(0.1f) == 0x2e66);
  CHECK(ir_half_from_float(0x1p-24f) == 0x0001); /* smallest subnormal */
  CHECK(ir_half_from_float(0x1p-25f) == 0x0000); /* tie: even zero */
  CHECK(ir_half_from_float(0x1.000002p-25f) == 0x0001);
  CHECK(ir_half_from_float(0x1.8p-24f) == 0x0002);   /* tie: even 2 */
  CHECK(ir_half_from_float(0x1.ff8p-15f) == 0x03ff); /* largest subnormal */
  CHECK(ir_half_from_float(0x1.ffcp-15f) == 0x0400); /* tie: up to normal */
  CHECK(ir_half_from_float(0x1p-14f) == 0x0400);
  CHECK(ir_half_from_float(INFINITY) == 0x7c00);
  CHECK(ir_half_from_float(-INFINITY) == 0xfc00);
  CHECK((ir_half_from_float(NAN) & 0x7e00) == 0x7e00); /* quiet NaN */
  CHECK(ir_half_to_float(0x3555) == 0x1.554p-2f);
  CHECK(ir_half_to_float(0x0001) == 0x1p-24f);
  CHECK(ir_half_to_float(0xfc00) == -INFINITY);
  CHECK(isnan(ir_half_to_float(0x7e00)));
  CHECK(ir_round_half(1.0 / 3.0) == (double)0x1.554p-2f);
}

static void test_round_trip(void) {
  int bad = 0;
  for (unsigned h = 0; h < 0x10000u; h++) {
    float f = ir_half_to_float((uint16_t)h);
    bool nan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
    if (nan ? !isnan(f)
            : (f != (float)half_value(h) || ir_half_from_float(f) != h))
      bad++;
  }
  CHECK(bad == 0);
}

static void test_random(void) {
  unsigned s = 12345;
  int bad = 0;
  for (int i = 0; i < 300; i++) {
    s = s * 1664525u + 1013904223u;
    /* exponents spread over the half range and a little past it */
    float f = ldexpf((float)(s >> 8) / 16777216.0f, (int)(s % 46) - 28);
    if (s & 0x80u)
      f = -f;
    if (ir_half_from_float(f) != nearest(f))
      bad++;
  }
  CHECK(bad == 0);
}

static void test_types(void) {
  wp_arena a = {0};
  ir_types *T = ir_types_new(&a);
  const ir_type *h = ir_t_scalar(T, WP_SCALAR_FLOAT16);
  CHECK(ir_type_has_half(h));
  CHECK(ir_type_has_half(ir_t_vec(T, WP_SCALAR_FLOAT16, 3)));
  CHECK(!ir_type_has_half(ir_t_float32(T)));
  CHECK(ir_t_rescalar(T, ir_t_quat(T, WP_SCALAR_FLOAT16), WP_SCALAR_FLOAT32) ==
        ir_t_quat(T, WP_SCALAR_FLOAT32));
  CHECK(ir_t_rescalar(T, ir_t_mat(T, WP_SCALAR_FLOAT16, 2, 3),
                      WP_SCALAR_FLOAT32) ==
        ir_t_mat(T, WP_SCALAR_FLOAT32, 2, 3));
  wp_arena_free(&a);
}

int main(void) {
  test_values();
  test_round_trip();
  test_random();
  test_types();
  return check_report("test_half");
}
