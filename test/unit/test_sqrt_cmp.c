/* test_sqrt_cmp.c - the prelude's comparison of a square root by threshold
 * (lib/emit/prelude/0sqrtcmp.h, printed by lib/emit/emit_sqrt_cmp.c):
 * wp__sqrtcmp_f / _d(state, s, a, c, op) against the comparison computed
 * directly, `sqrt(s) - a op c` with each operation rounded, for the four
 * ops, a spread of a and c (both signs, 0, -0, tiny, huge, inf, NaN; c + a
 * near 0, where the guess of the threshold is far off) and, for each, every
 * s within 64 units in the last place of the threshold found, s from 0 to
 * +inf by powers of two, negative s, -0, denormals and NaN; one state for
 * a whole run, so that each change of a or c finds the threshold again.
 * Also the state's start (a = c = +0 before any call). */
#include <warp/warp.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wtype-limits"
#include "emit/prelude/0core.h"
#include "emit/prelude/0sqrtcmp.h"

#include "check.h"

CHECK_TALLY;

static int direct_f(float s, float a, float c, int op) {
  volatile float d = sqrtf(s); /* rounded to float, as in the kernel */
  float x = d - a;
  switch (op) {
  case WP__SQRTCMP_LT: return x < c;
  case WP__SQRTCMP_LE: return x <= c;
  case WP__SQRTCMP_GT: return x > c;
  default: return x >= c;
  }
}

static int direct_d(double s, double a, double c, int op) {
  volatile double d = sqrt(s);
  double x = d - a;
  switch (op) {
  case WP__SQRTCMP_LT: return x < c;
  case WP__SQRTCMP_LE: return x <= c;
  case WP__SQRTCMP_GT: return x > c;
  default: return x >= c;
  }
}

static float f_of(uint32_t u) {
  float x;
  memcpy(&x, &u, sizeof x);
  return x;
}

static double d_of(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

static long bad_f, bad_d, tested;

static void try_f(wp__sqrtcmp_state_f *m, float s, float a, float c, int op,
                  int nonneg) {
  if (nonneg && !(s >= 0) && s == s)
    return; /* a length_sq is never negative */
  tested++;
  if (wp__sqrtcmp_f(m, s, a, c, op, nonneg) != direct_f(s, a, c, op) &&
      bad_f++ < 10)
    fprintf(stderr, "float: s %a a %a c %a op %d: %d, directly %d\n", s, a, c,
            op, !direct_f(s, a, c, op), direct_f(s, a, c, op));
}

static void try_d(wp__sqrtcmp_state_d *m, double s, double a, double c,
                  int op) {
  tested++;
  if (wp__sqrtcmp_d(m, s, a, c, op, 0) != direct_d(s, a, c, op) && bad_d++ < 10)
    fprintf(stderr, "double: s %a a %a c %a op %d: %d, directly %d\n", s, a, c,
            op, !direct_d(s, a, c, op), direct_d(s, a, c, op));
}

static const float values[] = {
    0.0f,   -0.0f,  0.2f,  -0.2f, 0.0075f, 0.8f,     1.0f,      3.0f, -3.0f,
    1e-30f, 1e-42f, 1e20f, 3e38f, -3e38f,  INFINITY, -INFINITY, NAN};

/* the s to try for a, c: around the threshold the state holds, and a
 * spread */
static void sweep_f(wp__sqrtcmp_state_f *m, float a, float c, int op,
                    int nonneg) {
  try_f(m, 1.0f, a, c, op, nonneg); /* finds the threshold */
  float t = m->t;
  uint32_t tb;
  memcpy(&tb, &t, sizeof tb);
  if (t >= 0)
    for (int k = -64; k <= 64; k++) {
      int64_t u = (int64_t)tb + k;
      if (u >= 0 && u <= 0x7f800000)
        try_f(m, f_of((uint32_t)u), a, c, op, nonneg);
    }
  for (uint32_t u = 0; u <= 0x7f800000u; u += 0x00400000u)
    try_f(m, f_of(u), a, c, op, nonneg);
  for (uint32_t u = 1; u < 0x00800000u; u = u * 3 + 1) /* denormals */
    try_f(m, f_of(u), a, c, op, nonneg);
  static const float odd[] = {-0.0f, -1e-40f, -1.0f, -INFINITY, NAN, INFINITY};
  for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
    try_f(m, odd[i], a, c, op, nonneg);
}

static void sweep_d(wp__sqrtcmp_state_d *m, double a, double c, int op) {
  try_d(m, 1.0, a, c, op);
  double t = m->t;
  uint64_t tb;
  memcpy(&tb, &t, sizeof tb);
  if (t >= 0)
    for (int k = -64; k <= 64; k++) {
      uint64_t u = tb + (uint64_t)(int64_t)k;
      if ((int64_t)u >= 0 && u <= 0x7ff0000000000000ull)
        try_d(m, d_of(u), a, c, op);
    }
  for (uint64_t u = 0; u <= 0x7ff0000000000000ull; u += 0x0010000000000000ull)
    try_d(m, d_of(u), a, c, op);
  static const double odd[] = {-0.0, -1e-310, -1.0, -INFINITY, NAN, INFINITY};
  for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
    try_d(m, odd[i], a, c, op);
}

int main(void) {
  int n = (int)(sizeof values / sizeof *values);
  for (int op = 0; op < 4; op++) {
    /* the state as the emitter starts it: right for a = c = +0 */
    wp__sqrtcmp_state_f m0 = {0, WP__SQRTCMP_T0(op)};
    float zs[] = {0.0f, -0.0f, 1e-45f, 1.0f, -1.0f, NAN};
    for (size_t i = 0; i < sizeof zs / sizeof *zs; i++) {
      tested++;
      CHECK(wp__sqrtcmp_f(&m0, zs[i], 0.0f, 0.0f, op, 0) ==
            direct_f(zs[i], 0.0f, 0.0f, op));
    }
    CHECK(m0.key == 0); /* no threshold was needed */
    wp__sqrtcmp_state_f m = {0, WP__SQRTCMP_T0(op)};
    wp__sqrtcmp_state_d md = {0, 0, WP__SQRTCMP_T0(op)};
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int nonneg = 0; nonneg < 2; nonneg++) {
          sweep_f(&m, values[i], values[j], op, nonneg);
          sweep_d(&md, values[i], values[j], op);
        }
    /* c + a near 0 (the guess (c + a)^2 is far from the threshold) and
       the examples' own: dem's 2 r = 0.2, cohesion 0.0075; sph's h */
    float near[][2] = {{0.2f, -0.2f},        {0.2f, -0.19999999f},
                       {-0.2f, 0.20000002f}, {0.2f, 0.0075f},
                       {0.0f, 0.8f},         {1e-20f, 1e-20f}};
    for (size_t k = 0; k < sizeof near / sizeof *near; k++) {
      sweep_f(&m, near[k][0], near[k][1], op, 1);
      sweep_d(&md, near[k][0], near[k][1], op);
    }
  }
  CHECK(bad_f == 0);
  CHECK(bad_d == 0);
  printf("%ld comparisons\n", tested);
  return check_report("test_sqrt_cmp");
}
