/* 0core.h - scalar part of the builtin library of generated code.
 *
 * Pasted by warpc into every generated C / CUDA C file after <warp/abi.h>
 * (the file names sort in paste order).  Uses no header: math goes through
 * compiler builtins on the CPU (which call libm where needed) and CUDA's
 * device functions under __CUDACC__.  Names are wp_<builtin>_<type>, the
 * names the emitter prints for a builtin call on those argument types.
 * Semantics follow Warp's (warp-lang) behaviour: integer / and % truncate,
 * signed // floors (warp-lang >= 1.11), all give 0 for a zero divisor;
 * float // floors; float % is fmod;
 * sign(0) is 1; round() rounds half away from zero; float min/max are
 * warp-lang 1.19's CPU fmin/fmax (NaN loses, ties give the first operand);
 * clamp(x, a, b) is min(max(a, x), b).
 */
/* A compound literal in C, a temporary of an aggregate in C++ (CUDA). */
#ifdef __cplusplus
#define WP_LIT(T) T
#else
#define WP_LIT(T) (T)
#endif

#ifdef __CUDACC__
/* not static: nvcc names internal-linkage functions with a per-run hash,
 * which would make objects differ between identical runs */
#define WP_FN __device__ __forceinline__
#define WP_MATHF(x) x##f
#define WP_MATH(x) x
#else
#define WP_FN static inline __attribute__((always_inline, unused))
#define WP_MATHF(x) __builtin_##x##f
#define WP_MATH(x) __builtin_##x
#endif

/* ---- integer scalars ---------------------------------------------------- */
/* Signed / and % truncate (b == -1 is taken apart: INT_MIN / -1 wraps);
 * // floors, as warp-lang >= 1.11 does: the truncated quotient less one when
 * the remainder is not zero and its sign differs from the divisor's. */
#define WP_SIGNED_DIVMOD(N, T, UT)                                             \
  WP_FN T wp_div_##N(T a, T b) {                                               \
    return b == 0 ? (T)0 : (b == (T)-1 ? (T)(0 - (UT)a) : (T)(a / b));         \
  }                                                                            \
  WP_FN T wp_mod_##N(T a, T b) {                                               \
    return b == 0 || b == (T)-1 ? (T)0 : (T)(a % b);                           \
  }                                                                            \
  WP_FN T wp_floordiv_##N(T a, T b) {                                          \
    T r = wp_mod_##N(a, b);                                                    \
    return (T)(wp_div_##N(a, b) - (r != 0 && (r < 0) != (b < 0)));             \
  }
/* Unsigned: plain division. */
#define WP_UNSIGNED_DIVMOD(N, T)                                               \
  WP_FN T wp_div_##N(T a, T b) {                                               \
    return b == 0 ? (T)0 : (T)(a / b);                                         \
  }                                                                            \
  WP_FN T wp_mod_##N(T a, T b) {                                               \
    return b == 0 ? (T)0 : (T)(a % b);                                         \
  }                                                                            \
  WP_FN T wp_floordiv_##N(T a, T b) {                                          \
    return wp_div_##N(a, b);                                                   \
  }
/* Division by a divisor the launch does not change (a kernel argument, a
 * constant: ir_launch_invariant), wp_div_inv / wp_mod_inv / wp_floordiv_inv
 * with wp_div's results: on the CPU, n / d for 32-bit magnitudes is
 * (M n) >> 64 with M = floor((2^64 - 1) / d) + 1, exact for every n and
 * d > 1 (Lemire, Kaser and Kurz, "Faster remainder by direct computation",
 * Software: Practice and Experience 49(6), 2019); d = 1 and d = 0 wrap M to
 * 0 and are added back.  M depends on d alone and is computed
 * unconditionally, so the C compiler hoists it out of the range loop and a
 * thread pays a multiply instead of a division.  The product's high half
 * is taken from two 32 x 32 -> 64-bit products, M's halves times n:
 * (M_hi n + ((M_lo n) >> 32)) >> 32 (no sum exceeds 2^64), not from a
 * 128-bit product, so that a vectorized range loop keeps the division in
 * vector registers (pmuludq) instead of computing it lane by lane.  The
 * GPU divides. */
#if defined(__CUDACC__)
#define WP_INV_DIVMOD(N, T)                                                    \
  WP_FN T wp_div_inv_##N(T a, T b) {                                           \
    return wp_div_##N(a, b);                                                   \
  }                                                                            \
  WP_FN T wp_mod_inv_##N(T a, T b) {                                           \
    return wp_mod_##N(a, b);                                                   \
  }                                                                            \
  WP_FN T wp_floordiv_inv_##N(T a, T b) {                                      \
    return wp_floordiv_##N(a, b);                                              \
  }
#define WP_INV_SIGNED_DIVMOD(N, T, UT) WP_INV_DIVMOD(N, T)
#define WP_INV_UNSIGNED_DIVMOD(N, T) WP_INV_DIVMOD(N, T)
#else
#define WP_INV_UNSIGNED_DIVMOD(N, T)                                           \
  WP_FN T wp_div_inv_##N(T n, T d) {                                           \
    wp_uint64 m = ~(wp_uint64)0 / (wp_uint64)(d | (d == 0)) + 1;               \
    wp_uint64 lo = (wp_uint64)(wp_uint32)m * (wp_uint32)n;                     \
    wp_uint64 hi = (m >> 32) * (wp_uint32)n;                                   \
    return (T)((hi + (lo >> 32)) >> 32) + (d == 1 ? n : (T)0);                 \
  }                                                                            \
  WP_FN T wp_mod_inv_##N(T a, T b) {                                           \
    T q = wp_div_inv_##N(a, b);                                                \
    return b == 0 ? (T)0 : (T)(a - q * b);                                     \
  }                                                                            \
  WP_FN T wp_floordiv_inv_##N(T a, T b) {                                      \
    return wp_div_inv_##N(a, b);                                               \
  }
#define WP_INV_SIGNED_DIVMOD(N, T, UT)                                         \
  WP_FN T wp_div_inv_##N(T a, T b) {                                           \
    UT ua = a < 0 ? (UT)(0 - (UT)a) : (UT)a;                                   \
    UT ub = b < 0 ? (UT)(0 - (UT)b) : (UT)b;                                   \
    UT q = wp_div_inv_u##N(ua, ub);                                            \
    return (T)((a < 0) != (b < 0) ? (UT)(0 - q) : q);                          \
  }                                                                            \
  WP_FN T wp_mod_inv_##N(T a, T b) {                                           \
    T q = wp_div_inv_##N(a, b);                                                \
    return b == 0 || b == (T)-1 ? (T)0 : (T)((UT)a - (UT)q * (UT)b);           \
  }                                                                            \
  WP_FN T wp_floordiv_inv_##N(T a, T b) {                                      \
    T r = wp_mod_inv_##N(a, b);                                                \
    return (T)(wp_div_inv_##N(a, b) - (r != 0 && (r < 0) != (b < 0)));         \
  }
#endif
WP_SIGNED_DIVMOD(int8, wp_int8, wp_uint8)
WP_UNSIGNED_DIVMOD(uint8, wp_uint8)
WP_SIGNED_DIVMOD(int16, wp_int16, wp_uint16)
WP_UNSIGNED_DIVMOD(uint16, wp_uint16)
WP_SIGNED_DIVMOD(int32, wp_int32, wp_uint32)
WP_UNSIGNED_DIVMOD(uint32, wp_uint32)
WP_SIGNED_DIVMOD(int64, wp_int64, wp_uint64)
WP_UNSIGNED_DIVMOD(uint64, wp_uint64)
WP_INV_UNSIGNED_DIVMOD(uint32, wp_uint32)
WP_INV_SIGNED_DIVMOD(int32, wp_int32, wp_uint32)

#define WP_INT_OPS(N, T, UT)                                                   \
  WP_FN T wp_min_##N(T a, T b) {                                               \
    return a < b ? a : b;                                                      \
  }                                                                            \
  WP_FN T wp_max_##N(T a, T b) {                                               \
    return a > b ? a : b;                                                      \
  }                                                                            \
  WP_FN T wp_clamp_##N(T x, T a, T b) {                                        \
    return wp_min_##N(wp_max_##N(a, x), b);                                    \
  }                                                                            \
  WP_FN T wp_abs_##N(T x) {                                                    \
    return x < (T)0 ? (T)(0 - (UT)x) : x;                                      \
  }                                                                            \
  WP_FN T wp_sign_##N(T x) {                                                   \
    return x < (T)0 ? (T)-1 : (T)1;                                            \
  }                                                                            \
  /* the set bits of the two's-complement pattern */                           \
  WP_FN wp_int32 wp_bit_count_##N(T x) {                                       \
    wp_int32 n = 0;                                                            \
    for (UT u = (UT)x; u; u &= (UT)(u - 1))                                    \
      n++;                                                                     \
    return n;                                                                  \
  }                                                                            \
  /* more math: step(x) is 1 for x < 0; integers are never NaN or infinite */  \
  WP_FN T wp_step_##N(T x) {                                                   \
    return x < (T)0 ? (T)1 : (T)0;                                             \
  }                                                                            \
  WP_FN T wp_nonzero_##N(T x) {                                                \
    return x == (T)0 ? (T)0 : (T)1;                                            \
  }                                                                            \
  WP_FN wp_bool wp_isnan_##N(T x) {                                            \
    (void)x;                                                                   \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isinf_##N(T x) {                                            \
    (void)x;                                                                   \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isfinite_##N(T x) {                                         \
    (void)x;                                                                   \
    return 1;                                                                  \
  }

WP_INT_OPS(int8, wp_int8, wp_uint8)
WP_INT_OPS(uint8, wp_uint8, wp_uint8)
WP_INT_OPS(int16, wp_int16, wp_uint16)
WP_INT_OPS(uint16, wp_uint16, wp_uint16)
WP_INT_OPS(int32, wp_int32, wp_uint32)
WP_INT_OPS(uint32, wp_uint32, wp_uint32)
WP_INT_OPS(int64, wp_int64, wp_uint64)
WP_INT_OPS(uint64, wp_uint64, wp_uint64)

/* ---- float scalars ------------------------------------------------------ */
#define WP_FLOAT_OPS(N, T, M)                                                  \
  WP_FN T wp_floordiv_##N(T a, T b) {                                          \
    return M(floor)(a / b);                                                    \
  }                                                                            \
  WP_FN T wp_mod_##N(T a, T b) {                                               \
    return M(fmod)(a, b);                                                      \
  }                                                                            \
  WP_FN T wp_pow_##N(T a, T b) {                                               \
    return M(pow)(a, b);                                                       \
  }                                                                            \
  WP_FN T wp_copysign_##N(T x, T y) {                                          \
    return M(copysign)(x, y);                                                  \
  }                                                                            \
  /* d/dx = +-1 as the sign bits of x and y agree; d/dy = 0 */                 \
  WP_FN void wp_adj_copysign_##N(T x, T y, T r, T g, T *gx, T *gy) {           \
    (void)r, (void)gy;                                                         \
    if (M(copysign)((T)1, x) == M(copysign)((T)1, y))                          \
      *gx += g;                                                                \
    else                                                                       \
      *gx -= g;                                                                \
  }                                                                            \
  /* min/max as warp-lang 1.19's CPU fmin/fmax: a NaN operand loses to a       \
     number, a tie gives a (so min(+0.0, -0.0) is +0.0) */                     \
  WP_FN T wp_min_##N(T a, T b) {                                               \
    return a <= b ? a : (b == b ? b : a);                                      \
  }                                                                            \
  WP_FN T wp_max_##N(T a, T b) {                                               \
    return a >= b ? a : (b == b ? b : a);                                      \
  }                                                                            \
  WP_FN T wp_clamp_##N(T x, T a, T b) {                                        \
    return wp_min_##N(wp_max_##N(a, x), b);                                    \
  }                                                                            \
  WP_FN T wp_abs_##N(T x) {                                                    \
    return M(fabs)(x);                                                         \
  }                                                                            \
  WP_FN T wp_sign_##N(T x) {                                                   \
    return x < (T)0 ? (T)-1 : (T)1;                                            \
  }                                                                            \
  WP_FN T wp_sqrt_##N(T x) {                                                   \
    return M(sqrt)(x);                                                         \
  }                                                                            \
  WP_FN T wp_sin_##N(T x) {                                                    \
    return M(sin)(x);                                                          \
  }                                                                            \
  WP_FN T wp_cos_##N(T x) {                                                    \
    return M(cos)(x);                                                          \
  }                                                                            \
  WP_FN T wp_tan_##N(T x) {                                                    \
    return M(tan)(x);                                                          \
  }                                                                            \
  WP_FN T wp_asin_##N(T x) {                                                   \
    return M(asin)(wp_clamp_##N(x, (T)-1, (T)1));                              \
  }                                                                            \
  WP_FN T wp_acos_##N(T x) {                                                   \
    return M(acos)(wp_clamp_##N(x, (T)-1, (T)1));                              \
  }                                                                            \
  WP_FN T wp_atan_##N(T x) {                                                   \
    return M(atan)(x);                                                         \
  }                                                                            \
  WP_FN T wp_atan2_##N(T y, T x) {                                             \
    return M(atan2)(y, x);                                                     \
  }                                                                            \
  WP_FN T wp_sinh_##N(T x) {                                                   \
    return M(sinh)(x);                                                         \
  }                                                                            \
  WP_FN T wp_cosh_##N(T x) {                                                   \
    return M(cosh)(x);                                                         \
  }                                                                            \
  WP_FN T wp_tanh_##N(T x) {                                                   \
    return M(tanh)(x);                                                         \
  }                                                                            \
  WP_FN T wp_exp_##N(T x) {                                                    \
    return M(exp)(x);                                                          \
  }                                                                            \
  WP_FN T wp_log_##N(T x) {                                                    \
    return M(log)(x);                                                          \
  }                                                                            \
  WP_FN T wp_log2_##N(T x) {                                                   \
    return M(log2)(x);                                                         \
  }                                                                            \
  WP_FN T wp_log10_##N(T x) {                                                  \
    return M(log10)(x);                                                        \
  }                                                                            \
  WP_FN T wp_floor_##N(T x) {                                                  \
    return M(floor)(x);                                                        \
  }                                                                            \
  WP_FN T wp_ceil_##N(T x) {                                                   \
    return M(ceil)(x);                                                         \
  }                                                                            \
  WP_FN T wp_round_##N(T x) {                                                  \
    return M(round)(x);                                                        \
  }                                                                            \
  WP_FN T wp_trunc_##N(T x) {                                                  \
    return M(trunc)(x);                                                        \
  }                                                                            \
  /* more math (Warp: degrees/radians multiply by a double constant; frac is   \
     x - trunc(x); smoothstep clamps, then 3t^2 - 2t^3) */                     \
  WP_FN T wp_step_##N(T x) {                                                   \
    return x < (T)0 ? (T)1 : (T)0;                                             \
  }                                                                            \
  WP_FN T wp_nonzero_##N(T x) {                                                \
    return x == (T)0 ? (T)0 : (T)1;                                            \
  }                                                                            \
  WP_FN wp_bool wp_isnan_##N(T x) {                                            \
    return WP_MATH(isnan)(x);                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isinf_##N(T x) {                                            \
    return WP_MATH(isinf)(x);                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isfinite_##N(T x) {                                         \
    return WP_MATH(isfinite)(x);                                               \
  }                                                                            \
  WP_FN T wp_cbrt_##N(T x) {                                                   \
    return M(cbrt)(x);                                                         \
  }                                                                            \
  WP_FN T wp_degrees_##N(T x) {                                                \
    return (T)((double)x * 57.29577951308232087679);                           \
  }                                                                            \
  WP_FN T wp_radians_##N(T x) {                                                \
    return (T)((double)x * 0.01745329251994329577);                            \
  }                                                                            \
  WP_FN T wp_rint_##N(T x) {                                                   \
    return M(rint)(x);                                                         \
  }                                                                            \
  WP_FN T wp_frac_##N(T x) {                                                   \
    return x - M(trunc)(x);                                                    \
  }                                                                            \
  WP_FN T wp_lerp_##N(T a, T b, T t) {                                         \
    return a * ((T)1 - t) + b * t;                                             \
  }                                                                            \
  WP_FN T wp_smoothstep_##N(T e0, T e1, T x) {                                 \
    x = wp_clamp_##N((x - e0) / (e1 - e0), (T)0, (T)1);                        \
    return x * x * ((T)3 - (T)2 * x);                                          \
  }                                                                            \
  /* adjoint rules: wp_adj_<name>(primal args, result, adjoint of the result,  \
     adjoints of the args to add to); Warp's values at singular points */      \
  WP_FN void wp_adj_add_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)a, (void)b, (void)r;                                                 \
    *ga += g, *gb += g;                                                        \
  }                                                                            \
  WP_FN void wp_adj_sub_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)a, (void)b, (void)r;                                                 \
    *ga += g, *gb -= g;                                                        \
  }                                                                            \
  WP_FN void wp_adj_mul_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)r;                                                                   \
    *ga += g * b, *gb += g * a;                                                \
  }                                                                            \
  WP_FN void wp_adj_div_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)a;                                                                   \
    *ga += g / b, *gb -= g * r / b;                                            \
  }                                                                            \
  /* fmod(a, b) = a - trunc(a / b) b: d/db = -trunc(a / b) (Warp drops it) */  \
  WP_FN void wp_adj_mod_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)r;                                                                   \
    *ga += g, *gb -= g * M(trunc)(a / b);                                      \
  }                                                                            \
  WP_FN void wp_adj_pow_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    *ga += b * M(pow)(a, b - (T)1) * g, *gb += M(log)(a) * r * g;              \
  }                                                                            \
  WP_FN void wp_adj_neg_##N(T a, T r, T g, T *ga) {                            \
    (void)a, (void)r;                                                          \
    *ga -= g;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_pos_##N(T a, T r, T g, T *ga) {                            \
    (void)a, (void)r;                                                          \
    *ga += g;                                                                  \
  }                                                                            \
  /* the gradient goes to the operand min/max picked, a tie to b, as           \
     warp-lang 1.19 routes it (a NaN operand gets none) */                     \
  WP_FN void wp_adj_min_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)r;                                                                   \
    if (a != a || (b == b && !(a < b)))                                        \
      *gb += g;                                                                \
    else                                                                       \
      *ga += g;                                                                \
  }                                                                            \
  WP_FN void wp_adj_max_##N(T a, T b, T r, T g, T *ga, T *gb) {                \
    (void)r;                                                                   \
    if (a != a || (b == b && !(a > b)))                                        \
      *gb += g;                                                                \
    else                                                                       \
      *ga += g;                                                                \
  }                                                                            \
  WP_FN void wp_adj_abs_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    if (x < (T)0)                                                              \
      *gx -= g;                                                                \
    else                                                                       \
      *gx += g;                                                                \
  }                                                                            \
  /* clamp is min(max(a, x), b): the chain rule through those two, as          \
     warp-lang 1.19 does (x at a bound: to x at a, to b at b) */               \
  WP_FN void wp_adj_clamp_##N(T x, T a, T b, T r, T g, T *gx, T *ga, T *gb) {  \
    T m = wp_max_##N(a, x), gm = (T)0;                                         \
    wp_adj_min_##N(m, b, r, g, &gm, gb);                                       \
    wp_adj_max_##N(a, x, m, gm, ga, gx);                                       \
  }                                                                            \
  WP_FN void wp_adj_sqrt_##N(T x, T r, T g, T *gx) {                           \
    (void)x;                                                                   \
    *gx += (T)0.5 * ((T)1 / r) * g;                                            \
  }                                                                            \
  WP_FN void wp_adj_sin_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    *gx += M(cos)(x) * g;                                                      \
  }                                                                            \
  WP_FN void wp_adj_cos_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    *gx -= M(sin)(x) * g;                                                      \
  }                                                                            \
  WP_FN void wp_adj_tan_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    T c = M(cos)(x);                                                           \
    if (c != (T)0)                                                             \
      *gx += (T)1 / (c * c) * g;                                               \
  }                                                                            \
  WP_FN void wp_adj_asin_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    T d = M(sqrt)((T)1 - x * x);                                               \
    if (d > (T)0)                                                              \
      *gx += (T)1 / d * g;                                                     \
  }                                                                            \
  WP_FN void wp_adj_acos_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    T d = M(sqrt)((T)1 - x * x);                                               \
    if (d > (T)0)                                                              \
      *gx -= (T)1 / d * g;                                                     \
  }                                                                            \
  WP_FN void wp_adj_atan_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    *gx += g / (x * x + (T)1);                                                 \
  }                                                                            \
  WP_FN void wp_adj_atan2_##N(T y, T x, T r, T g, T *gy, T *gx) {              \
    (void)r;                                                                   \
    T d = x * x + y * y;                                                       \
    if (d > (T)0)                                                              \
      *gx -= y / d * g, *gy += x / d * g;                                      \
  }                                                                            \
  WP_FN void wp_adj_sinh_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    *gx += M(cosh)(x) * g;                                                     \
  }                                                                            \
  WP_FN void wp_adj_cosh_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    *gx += M(sinh)(x) * g;                                                     \
  }                                                                            \
  WP_FN void wp_adj_tanh_##N(T x, T r, T g, T *gx) {                           \
    (void)x;                                                                   \
    *gx += ((T)1 - r * r) * g;                                                 \
  }                                                                            \
  WP_FN void wp_adj_exp_##N(T x, T r, T g, T *gx) {                            \
    (void)x;                                                                   \
    *gx += r * g;                                                              \
  }                                                                            \
  WP_FN void wp_adj_log_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    *gx += (T)1 / x * g;                                                       \
  }                                                                            \
  WP_FN void wp_adj_log2_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    *gx += (T)1 / x * ((T)1 / M(log)((T)2)) * g;                               \
  }                                                                            \
  WP_FN void wp_adj_log10_##N(T x, T r, T g, T *gx) {                          \
    (void)r;                                                                   \
    *gx += (T)1 / x * ((T)1 / M(log)((T)10)) * g;                              \
  }                                                                            \
  /* more math adjoints */                                                     \
  WP_FN void wp_adj_cbrt_##N(T x, T r, T g, T *gx) {                           \
    (void)x;                                                                   \
    *gx += ((T)1 / (T)3) * ((T)1 / (r * r)) * g;                               \
  }                                                                            \
  WP_FN void wp_adj_degrees_##N(T x, T r, T g, T *gx) {                        \
    (void)x, (void)r;                                                          \
    *gx = (T)((double)*gx + 57.29577951308232087679 * (double)g);              \
  }                                                                            \
  WP_FN void wp_adj_radians_##N(T x, T r, T g, T *gx) {                        \
    (void)x, (void)r;                                                          \
    *gx = (T)((double)*gx + 0.01745329251994329577 * (double)g);               \
  }                                                                            \
  WP_FN void wp_adj_lerp_##N(T a, T b, T t, T r, T g, T *ga, T *gb, T *gt) {   \
    (void)r;                                                                   \
    *ga += g * ((T)1 - t), *gb += g * t, *gt += b * g - a * g;                 \
  }                                                                            \
  /* zero outside the ramp (Warp's test, in Warp's terms) */                   \
  WP_FN void wp_adj_smoothstep_##N(T e0, T e1, T x, T r, T g, T *g0, T *g1,    \
                                   T *gx) {                                    \
    (void)r;                                                                   \
    T ab = e0 - e1, ax = e0 - x, bx = e1 - x, xb = x - e1;                     \
    if (bx / ab >= (T)0 || ax / ab <= (T)0)                                    \
      return;                                                                  \
    T ab3 = ab * ab * ab, ab4 = ab3 * ab;                                      \
    *g0 += g * (((T)6 * ax * bx * bx) / ab4);                                  \
    *g1 += g * (((T)6 * ax * ax * xb) / ab4);                                  \
    *gx += g * (((T)6 * ax * bx) / ab3);                                       \
  }

WP_FLOAT_OPS(float32, float, WP_MATHF)
WP_FLOAT_OPS(float64, double, WP_MATH)

/* ---- threads --------------------------------------------------------------
 */
/* Component k of wp.tid() for linear thread index `idx`: the launch index
 * is row-major over the launch shape (the last dimension varies fastest) and
 * component k is its k-th coordinate, whatever the number of results n (so
 * a single `i = wp.tid()` in a 2-D launch is the first coordinate, as in
 * Warp).  Launches below 2^31 threads divide in 32 bits, which is much
 * cheaper than 64-bit division on common CPUs. */
WP_FN wp_int32 wp_tid(wp_int64 idx, const wp_launch_bounds *b, int k, int n) {
  (void)n;
  int nd = b->ndim;
  if (k >= nd)
    return 0;
  if (nd == 1)
    return (wp_int32)idx;
  /* The loops run over the 4 possible dimensions, not to nd, so that once
     inlined (k is a constant) every shape[d] has a constant index: nvcc
     then keeps the bounds in registers instead of local memory. */
  if (b->size <= 0x7fffffff) {
    wp_uint32 stride = 1;
    for (int d = 3; d > k; d--)
      if (d < nd)
        stride *= (wp_uint32)b->shape[d];
    wp_uint32 q = (wp_uint32)idx / stride;
    return (wp_int32)(k == 0 ? q : q % (wp_uint32)b->shape[k]);
  }
  wp_int64 stride = 1;
  for (int d = 3; d > k; d--)
    if (d < nd)
      stride *= b->shape[d];
  wp_int64 q = idx / stride;
  return (wp_int32)(k == 0 ? q : q % b->shape[k]);
}

/* CPU range loops (lib/emit/emit_kernel.c) do not divide per thread: they
 * compute the launch coordinates c[0..4) of their first index once
 * (wp_launch_coords: c[k] is the k-th coordinate, 0 at k >= ndim, not
 * truncated) and step them with the index (wp_launch_next, a carry over
 * the shape); a body reads wp.tid()'s component k as WP_TID, which is
 * wp_tid's value for that index.  CUDA threads compute it from the index. */
WP_FN void wp_launch_coords(wp_int64 idx, const wp_launch_bounds *b,
                            wp_int64 *c) {
  for (int k = 3; k >= 0; k--) {
    if (k >= b->ndim) {
      c[k] = 0;
    } else if (k == 0) {
      c[k] = idx;
    } else {
      c[k] = idx % b->shape[k];
      idx /= b->shape[k];
    }
  }
}
WP_FN void wp_launch_next(const wp_launch_bounds *b, wp_int64 *c) {
  for (int k = b->ndim - 1; k > 0; k--) {
    if (++c[k] < b->shape[k])
      return;
    c[k] = 0;
  }
  ++c[0];
}
#ifdef __CUDACC__
#define WP_TID(k, n) wp_tid(wp_idx, wp_bounds, k, n)
#else
#define WP_TID(k, n) ((wp_int32)wp_coord[k])
#endif

/* ---- backward functions ----------------------------------------------------
 * Every variable of a backward function starts zeroed. */
#ifdef __cplusplus
#define WP_ZERO_INIT                                                           \
  {}
#else
#define WP_ZERO_INIT                                                           \
  { 0 }
#endif

/* Address of an element of an array's grad buffer. */
#define WP_GAT1(T, a, i)                                                       \
  ((T *)((char *)(a).grad + (wp_int64)(i) * (a).strides[0]))
#define WP_GAT2(T, a, i, j)                                                    \
  ((T *)((char *)(a).grad + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1]))
#define WP_GAT3(T, a, i, j, k)                                                 \
  ((T *)((char *)(a).grad + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1] + (wp_int64)(k) * (a).strides[2]))
#define WP_GAT4(T, a, i, j, k, l)                                              \
  ((T *)((char *)(a).grad + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1] + (wp_int64)(k) * (a).strides[2] +     \
         (wp_int64)(l) * (a).strides[3]))

/* The per-thread tape of a backward function: a stack of block numbers
 * and overwritten values, in the function's own WP_TTAPE_LOCAL-byte buffer
 * (on the thread's stack) until it outgrows it, then on the heap (malloc on
 * the CPU, device malloc under CUDA).  Each value takes a slot of its size
 * rounded up to WP_TTAPE_SLOT bytes (a bool 4), so that every slot is
 * aligned and a push is one store: byte-aligned pushes of a float were four
 * byte stores under CUDA.  The buffer is the caller's, not a member, so
 * that the struct's address never escapes (the growth takes and returns it
 * by value) and the compilers keep data, top and cap in registers. */
#define WP_TTAPE_LOCAL 2048
#define WP_TTAPE_SLOT 4
#define WP_TTAPE_SIZE(n)                                                       \
  (((wp_int64)(n) + (WP_TTAPE_SLOT - 1)) & ~(wp_int64)(WP_TTAPE_SLOT - 1))
typedef struct wp_ttape {
  unsigned char *data, *local;
  wp_int64 top, cap;
} wp_ttape;

#ifdef __CUDACC__
#define WP_MALLOC(n) malloc(n)
#define WP_FREE(p) free(p)
#define WP_MEMCPY(d, s, n) memcpy(d, s, n)
#define WP_TRAP() __trap()
#else
#define WP_TRAP() __builtin_trap()
#define WP_MALLOC(n) __builtin_malloc(n)
#define WP_FREE(p) __builtin_free(p)
#define WP_MEMCPY(d, s, n) __builtin_memcpy(d, s, n)
#endif
#define WP_TTAPE_AT(t)                                                         \
  __builtin_assume_aligned((t)->data + (t)->top, WP_TTAPE_SLOT)

/* `local`: WP_TTAPE_LOCAL bytes aligned to 8, which outlive the tape. */
WP_FN void wp_ttape_init(wp_ttape *t, void *local) {
  t->data = t->local = (unsigned char *)local;
  t->top = 0;
  t->cap = WP_TTAPE_LOCAL;
}

WP_FN void wp_ttape_free(wp_ttape *t) {
  if (t->data != t->local)
    WP_FREE(t->data);
  t->data = t->local;
  t->top = 0;
  t->cap = WP_TTAPE_LOCAL;
}

/* Out of line, for a path that is rarely taken: inlining the growth
 * (malloc, copy, free) at each of a backward function's pushes (Warp's
 * example_raymarch: 130) made nvcc and ptxas spend a third of their time on
 * it. */
#ifdef __CUDACC__
#define WP_COLD_FN __device__ __noinline__
#else
#define WP_COLD_FN static __attribute__((noinline, cold, unused))
#endif

/* t with room for n more bytes: the data moves to the heap. */
WP_COLD_FN wp_ttape wp_ttape_grow(wp_ttape t, wp_int64 n) {
  wp_int64 cap = t.cap * 2 > t.top + n ? t.cap * 2 : t.top + n;
  unsigned char *d = (unsigned char *)WP_MALLOC((wp_size)cap);
  if (!d)
    WP_TRAP(); /* out of memory in a backward kernel */
  WP_MEMCPY(d, t.data, (wp_size)t.top);
  if (t.data != t.local)
    WP_FREE(t.data);
  t.data = d;
  t.cap = cap;
  return t;
}

/* Room for n more bytes (the sum of WP_TTAPE_SIZE of the values pushed
 * next): a backward function reserves once for a run of pushes, then
 * pushes with wp_ttape_push_nocheck (lib/emit/emit_tape.c; Warp's
 * example_raymarch: 11 checks instead of 138, ptxas's time halved). */
WP_FN void wp_ttape_reserve(wp_ttape *t, wp_int64 n) {
  if (t->top + n > t->cap)
    *t = wp_ttape_grow(*t, n);
}

/* Pushes the n bytes at p into room reserved before. */
WP_FN void wp_ttape_push_nocheck(wp_ttape *t, const void *p, wp_int64 n) {
  WP_MEMCPY(WP_TTAPE_AT(t), p, (wp_size)n);
  t->top += WP_TTAPE_SIZE(n);
}

WP_FN void wp_ttape_push(wp_ttape *t, const void *p, wp_int64 n) {
  wp_ttape_reserve(t, WP_TTAPE_SIZE(n));
  wp_ttape_push_nocheck(t, p, n);
}

WP_FN void wp_ttape_pop(wp_ttape *t, void *p, wp_int64 n) {
  t->top -= WP_TTAPE_SIZE(n);
  WP_MEMCPY(p, WP_TTAPE_AT(t), (wp_size)n);
}

WP_FN void wp_ttape_push_id_nocheck(wp_ttape *t, wp_int32 id) {
  wp_ttape_push_nocheck(t, &id, sizeof id);
}

WP_FN void wp_ttape_push_id(wp_ttape *t, wp_int32 id) {
  wp_ttape_push(t, &id, sizeof id);
}

WP_FN wp_int32 wp_ttape_pop_id(wp_ttape *t) {
  wp_int32 id = -1;
  if (t->top >= (wp_int64)sizeof id)
    wp_ttape_pop(t, &id, sizeof id);
  return id;
}
