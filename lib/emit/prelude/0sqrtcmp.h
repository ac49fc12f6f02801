/* 0sqrtcmp.h - a comparison of a square root without the square root, on
 * the CPU (lib/emit/emit_sqrt_cmp.c prints it in forward kernels).
 *
 * For float32 (float64) s, a, c and a comparison op of <, <=, >, >=, the
 * value P(s) = (sqrt(s) - a op c), each operation rounded as the kernel
 * rounds it (a = 0 where the kernel subtracts nothing: sqrt(s) - 0 is
 * sqrt(s)), is monotone in s over [0, +inf]: a correctly rounded square
 * root and a rounded subtraction of a fixed a never decrease as s grows.
 * So for <, <= P(s) is true exactly on a prefix of the non-negative floats
 * (s <= T), and for >, >= on a suffix (s > T), T found once from a and c;
 * a NaN or negative s gives NaN in the kernel, so false here too (NaN a or
 * c: false everywhere, T = -1 or +inf).  Except for a = +inf: sqrt(s) - a
 * is -inf for finite s but NaN at s = +inf, so that a is compared directly
 * (and never kept).  The neighbour loops of Warp's
 * example_dem.py (`wp.length(x - y) - 2 r <= cohesion`) and example_sph.py
 * (`sqrt(dot(r, r)) < h`) test every candidate point this way: where the
 * test fails, the square root (whose throughput bounds those loops) is
 * not needed.
 *
 * wp__sqrtcmp_<f|d>(m, s, a, c, op) keeps T in *m (the kernel's local,
 * one per comparison) and finds it again when a or c changes (by bits). */
#ifndef __CUDACC__
enum { WP__SQRTCMP_LT, WP__SQRTCMP_LE, WP__SQRTCMP_GT, WP__SQRTCMP_GE };

/* The threshold and the bits of a and c it is for; the emitter starts it
 * at a = c = +0 with T = WP__SQRTCMP_T0(op), the threshold of +0, +0
 * (sqrt(s) < 0: never; <= 0: s = 0; > 0: s > 0; >= 0: always). */
typedef struct wp__sqrtcmp_state_f {
  wp_uint64 key; /* a's bits, then c's */
  float t;
} wp__sqrtcmp_state_f;
typedef struct wp__sqrtcmp_state_d {
  wp_uint64 a, c;
  double t;
} wp__sqrtcmp_state_d;
#define WP__SQRTCMP_T0(op)                                                     \
  ((op) == WP__SQRTCMP_LE || (op) == WP__SQRTCMP_GT ? 0 : -1)

/* N: f or d; T the float type, U its bits, M the math prefix, INF the bits
 * of +inf.  _h(s) is true on a prefix of [0, +inf]: P(s) for <, <=, not
 * P(s) for >, >=.  _thr: the last s of that prefix, -1 where it is empty
 * (bisection over the bits of the non-negative floats, which order them;
 * started within 16 units in the last place of the guess (c + a)^2, where
 * the boundary lies unless c + a is tiny). */
#define WP_SQRTCMP(N, T, U, G, M, INF)                                         \
  WP_FN U wp__sqrtcmp_bits_##N(T x) {                                          \
    union {                                                                    \
      T x;                                                                     \
      U u;                                                                     \
    } b;                                                                       \
    b.x = x;                                                                   \
    return b.u;                                                                \
  }                                                                            \
  WP_FN T wp__sqrtcmp_float_##N(U u) {                                         \
    union {                                                                    \
      T x;                                                                     \
      U u;                                                                     \
    } b;                                                                       \
    b.u = u;                                                                   \
    return b.x;                                                                \
  }                                                                            \
  WP_FN int wp__sqrtcmp_h_##N(U s, T a, T c, int op) {                         \
    T x = M(sqrt)(wp__sqrtcmp_float_##N(s)) - a;                               \
    switch (op) {                                                              \
    case WP__SQRTCMP_LT: return x < c;                                         \
    case WP__SQRTCMP_LE: return x <= c;                                        \
    case WP__SQRTCMP_GT: return !(x > c);                                      \
    default: return !(x >= c);                                                 \
    }                                                                          \
  }                                                                            \
  static __attribute__((noinline, unused))                                     \
  T wp__sqrtcmp_thr_##N(T a, T c, int op) {                                    \
    U lo = 0, hi = INF; /* _h(lo) true, _h(hi) false */                        \
    G w = (G)c + (G)a;                                                         \
    T g = (T)(w * w);                                                          \
    int bracketed = 0;                                                         \
    if (w > 0 && g < wp__sqrtcmp_float_##N(INF)) {                             \
      U gb = wp__sqrtcmp_bits_##N(g);                                          \
      U l = gb > 16 ? gb - 16 : 0, u = INF - gb > 16 ? gb + 16 : INF;          \
      if (wp__sqrtcmp_h_##N(l, a, c, op) && !wp__sqrtcmp_h_##N(u, a, c, op))   \
        lo = l, hi = u, bracketed = 1;                                         \
    }                                                                          \
    if (!bracketed) {                                                          \
      if (!wp__sqrtcmp_h_##N(0, a, c, op))                                     \
        return (T)-1;                                                          \
      if (wp__sqrtcmp_h_##N(INF, a, c, op))                                    \
        return wp__sqrtcmp_float_##N(INF);                                     \
    }                                                                          \
    while (hi - lo > 1) {                                                      \
      U mid = lo + (hi - lo) / 2;                                              \
      if (wp__sqrtcmp_h_##N(mid, a, c, op))                                    \
        lo = mid;                                                              \
      else                                                                     \
        hi = mid;                                                              \
    }                                                                          \
    return wp__sqrtcmp_float_##N(lo);                                          \
  }                                                                            \
  /* s >= 0 (nonneg): s is a length_sq, never negative (NaN fails s <= t       \
     and s > t too) */                                                         \
  WP_FN wp_bool wp__sqrtcmp_test_##N(T s, T t, int op, int nonneg) {           \
    if (op <= WP__SQRTCMP_LE)                                                  \
      return (nonneg || s >= 0) && s <= t;                                     \
    return (nonneg || s >= 0) && s > t;                                        \
  }
WP_SQRTCMP(f, float, wp_uint32, double, WP_MATHF, 0x7f800000u)
WP_SQRTCMP(d, double, wp_uint64, long double, WP_MATH, 0x7ff0000000000000ull)
#undef WP_SQRTCMP

WP_FN wp_bool wp__sqrtcmp_f(wp__sqrtcmp_state_f *m, float s, float a, float c,
                            int op, int nonneg) {
  wp_uint64 key =
      (wp_uint64)wp__sqrtcmp_bits_f(a) << 32 | wp__sqrtcmp_bits_f(c);
  if (__builtin_expect(key != m->key, 0)) {
    if (a == __builtin_inff()) /* not monotone: sqrt(inf) - inf is NaN */
      return !wp__sqrtcmp_h_f(wp__sqrtcmp_bits_f(s), a, c, op) ^
             (op <= WP__SQRTCMP_LE);
    m->t = wp__sqrtcmp_thr_f(a, c, op);
    m->key = key;
  }
  return wp__sqrtcmp_test_f(s, m->t, op, nonneg);
}

WP_FN wp_bool wp__sqrtcmp_d(wp__sqrtcmp_state_d *m, double s, double a,
                            double c, int op, int nonneg) {
  wp_uint64 ab = wp__sqrtcmp_bits_d(a), cb = wp__sqrtcmp_bits_d(c);
  if (__builtin_expect(ab != m->a || cb != m->c, 0)) {
    if (a == __builtin_inf())
      return !wp__sqrtcmp_h_d(wp__sqrtcmp_bits_d(s), a, c, op) ^
             (op <= WP__SQRTCMP_LE);
    m->t = wp__sqrtcmp_thr_d(a, c, op);
    m->a = ab;
    m->c = cb;
  }
  return wp__sqrtcmp_test_d(s, m->t, op, nonneg);
}
#endif
