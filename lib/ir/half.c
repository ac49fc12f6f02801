/* half.c - float16 in the compiler: IEEE binary16 rounding for constant
 * folding and literals (the same rounding as the generated code's
 * conversion: float32 first, then round-to-nearest-even to half), and the
 * type helpers of float16 arithmetic, which Warp computes in float32 and
 * rounds back to half after every operation.  bfloat16 (warp-lang 1.19)
 * works the same way with its own rounding; "half" below means either. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

uint16_t ir_half_from_float(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* infinity, NaN (quiet, top payload bits kept) */
    return (uint16_t)(sign | 0x7c00u |
                      (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0));
  if (ax >= 0x477ff000u) /* 65520 and up round to infinity */
    return (uint16_t)(sign | 0x7c00u);
  if (ax >= 0x38800000u) { /* normal half */
    uint32_t u = ax - 0x38000000u, r = u >> 13, rem = u & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
      r++;
    return (uint16_t)(sign | r);
  }
  if (ax <= 0x33000000u) /* at most half the smallest subnormal: zero */
    return (uint16_t)sign;
  uint32_t m = (ax & 0x7fffffu) | 0x800000u, s = 126u - (ax >> 23);
  uint32_t r = m >> s, rem = m & ((1u << s) - 1u), mid = 1u << (s - 1u);
  if (rem > mid || (rem == mid && (r & 1u)))
    r++;
  return (uint16_t)(sign | r);
}

float ir_half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu,
           m = h & 0x3ffu, x;
  if (e == 0x1f)
    x = sign | 0x7f800000u | (m << 13);
  else if (e == 0) {
    float f = (float)m * 0x1p-24f;
    return sign ? -f : f;
  } else
    x = sign | ((e + 112u) << 23) | (m << 13);
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

double ir_round_half(double x) {
  return (double)ir_half_to_float(ir_half_from_float((float)x));
}

/* bfloat16: the top 16 bits of a float32, rounded to nearest even; an
 * infinity or NaN is truncated, a NaN whose kept payload bits are all zero
 * gets the quiet bit (warp-lang 1.19.0's software conversion). */
uint16_t ir_bf16_from_float(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  if ((x & 0x7f800000u) == 0x7f800000u) {
    uint16_t h = (uint16_t)(x >> 16);
    if ((x & 0x7fffffu) && !(h & 0x7fu))
      h |= 0x40u;
    return h;
  }
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

float ir_bf16_to_float(uint16_t h) {
  uint32_t x = (uint32_t)h << 16;
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

double ir_round_bf16(double x) {
  return (double)ir_bf16_to_float(ir_bf16_from_float((float)x));
}

bool ir_scalar_is_half(int scalar) {
  return scalar == WP_SCALAR_FLOAT16 || scalar == WP_SCALAR_BFLOAT16;
}

bool ir_type_has_half(const ir_type *t) {
  return (t->kind == IR_T_SCALAR || t->kind == IR_T_VEC ||
          t->kind == IR_T_MAT) &&
         ir_scalar_is_half(t->scalar);
}

const ir_type *ir_t_rescalar(ir_types *T, const ir_type *t, int scalar) {
  switch (t->kind) {
  case IR_T_SCALAR: return ir_t_scalar(T, scalar);
  case IR_T_VEC:
    return t->flavor == IR_VEC_QUAT        ? ir_t_quat(T, scalar)
           : t->flavor == IR_VEC_TRANSFORM ? ir_t_transform(T, scalar)
                                           : ir_t_vec(T, scalar, t->rows);
  case IR_T_MAT: return ir_t_mat(T, scalar, t->rows, t->cols);
  default: return t;
  }
}
