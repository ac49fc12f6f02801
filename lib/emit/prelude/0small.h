/* 0small.h - float16 and 8/16-bit integer support of generated code.
 *
 * wp_half holds IEEE binary16 bits.  Warp computes float16 arithmetic in
 * float32 and rounds every result back to half (round to nearest even); the
 * compiler lowers each float16 builtin to exactly that, through the two
 * conversions here.  On the CPU they are integer code (no dependence on the
 * host's half support: NaNs keep their top payload bits and become quiet, as
 * x86's and clang's conversions do); on CUDA the PTX conversion
 * instructions Warp's CUDA code uses.  Also: float16 atomics (gradient
 * accumulation into float16 arrays, atomic_add/atomic_sub), and conversions
 * of vectors/matrices from and to float16 components; atomics of 8/16-bit
 * integers, which Warp's atomic_* builtins refuse but `a[i] += x` uses.
 * 8/16-bit integer arithmetic itself is C's (operands promote to int, the
 * result wraps when stored to its type), as in Warp. */
/* Out of line on the CPU: float16 code converts at every operation, and
 * inlining the conversions everywhere makes large functions slow to
 * compile (about 10x) for little speed. */
#ifdef __CUDACC__
#define WP_HALF_FN WP_FN
#else
#define WP_HALF_FN static __attribute__((noinline, unused))
#endif

WP_HALF_FN float wp_h2f(wp_half h) {
#ifdef __CUDA_ARCH__
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
#else
  wp_uint32 sign = (wp_uint32)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu,
            m = h & 0x3ffu, x;
  float f;
  if (e == 0x1f)
    x = sign | 0x7f800000u | (m << 13);
  else if (e == 0) {
    f = (float)m * 0x1p-24f;
    return sign ? -f : f;
  } else
    x = sign | ((e + 112u) << 23) | (m << 13);
  __builtin_memcpy(&f, &x, sizeof f);
  return f;
#endif
}

WP_HALF_FN wp_half wp_f2h(float f) {
#ifdef __CUDA_ARCH__
  wp_half h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
#else
  wp_uint32 x;
  __builtin_memcpy(&x, &f, sizeof x);
  wp_uint32 sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* infinity, NaN */
    return (wp_half)(sign | 0x7c00u |
                     (ax > 0x7f800000u ? 0x200u | ((ax >> 13) & 0x3ffu) : 0));
  if (ax >= 0x477ff000u) /* 65520 and up: infinity */
    return (wp_half)(sign | 0x7c00u);
  if (ax >= 0x38800000u) { /* a normal half */
    wp_uint32 u = ax - 0x38000000u, r = u >> 13, rem = u & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
      r++;
    return (wp_half)(sign | r);
  }
  if (ax <= 0x33000000u) /* half the smallest subnormal or less: zero */
    return (wp_half)sign;
  wp_uint32 m = (ax & 0x7fffffu) | 0x800000u, s = 126u - (ax >> 23);
  wp_uint32 r = m >> s, rem = m & ((1u << s) - 1u), mid = 1u << (s - 1u);
  if (rem > mid || (rem == mid && (r & 1u)))
    r++;
  return (wp_half)(sign | r);
#endif
}

/* bfloat16 (warp-lang 1.19): the top half of a float32.  To bfloat16:
 * round to nearest even; an infinity or NaN is truncated, and a NaN whose
 * kept payload is zero gets the quiet bit, as Warp's software conversion
 * (the CPU, CUDA before sm_80); from sm_80 on the PTX conversion, as
 * Warp's CUDA code. */
WP_FN float wp_bf2f(wp_bfloat16 h) {
  wp_uint32 x = (wp_uint32)h << 16;
  float f;
  __builtin_memcpy(&f, &x, sizeof f);
  return f;
}

WP_HALF_FN wp_bfloat16 wp_f2bf(float f) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  wp_bfloat16 h;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
#else
  wp_uint32 x;
  __builtin_memcpy(&x, &f, sizeof x);
  if ((x & 0x7f800000u) == 0x7f800000u) {
    wp_bfloat16 h = (wp_bfloat16)(x >> 16);
    if ((x & 0x7fffffu) && !(h & 0x7fu))
      h |= 0x40u;
    return h;
  }
  x += 0x7fffu + ((x >> 16) & 1u);
  return (wp_bfloat16)(x >> 16);
#endif
}

/* Atomics of float16 and bfloat16 (N), computed in float32 and rounded
 * back (TOF, FROMF); op 0: add, 1: sub, 2: min, 3: max; each returns the
 * old value. */
#ifndef __CUDACC__
#define WP_ATOMIC_HALF_RMW(N, T)                                               \
  WP_FN T wp_atomic_rmw_##N(T *p, T v, int op) {                               \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED), next;                        \
    do {                                                                       \
      next = wp_##N##_rmw(old, v, op);                                         \
      if (next == old && op >= 2)                                              \
        break;                                                                 \
    } while (!__atomic_compare_exchange_n(p, &old, next, 1, __ATOMIC_RELAXED,  \
                                          __ATOMIC_RELAXED));                  \
    return old;                                                                \
  }
#else
/* compare-and-swap on the aligned 32-bit word that holds the value */
#define WP_ATOMIC_HALF_RMW(N, T)                                               \
  WP_FN T wp_atomic_rmw_##N(T *p, T v, int op) {                               \
    unsigned *w = (unsigned *)((unsigned long long)p & ~3ull);                 \
    unsigned shift = ((unsigned)(unsigned long long)p & 2u) * 8u;              \
    unsigned old = *w, assumed;                                                \
    do {                                                                       \
      assumed = old;                                                           \
      T cur = (T)(assumed >> shift);                                           \
      T next = wp_##N##_rmw(cur, v, op);                                       \
      if (next == cur)                                                         \
        break;                                                                 \
      unsigned nw =                                                            \
          (assumed & ~(0xffffu << shift)) | ((unsigned)next << shift);         \
      old = __iAtomicCAS((int *)w, (int)assumed, (int)nw);                     \
    } while (assumed != old);                                                  \
    return (T)(old >> shift);                                                  \
  }
#endif
#define WP_ATOMIC_HALF(N, T, TOF, FROMF)                                       \
  WP_FN T wp_##N##_rmw(T old, T v, int op) {                                   \
    float a = TOF(old), b = TOF(v);                                            \
    return op == 0   ? FROMF(a + b)                                            \
           : op == 1 ? FROMF(a - b)                                            \
           : op == 2 ? (b < a ? v : old)                                       \
                     : (b > a ? v : old);                                      \
  }                                                                            \
  WP_ATOMIC_HALF_RMW(N, T)                                                     \
  WP_ATOMIC_FROM_RMW(N, T)
WP_ATOMIC_HALF(float16, wp_half, wp_h2f, wp_f2h)
WP_ATOMIC_HALF(bfloat16, wp_bfloat16, wp_bf2f, wp_f2bf)

/* Vector/matrix conversions with float16 or bfloat16 (H) components (see
 * WP_CAST): TOF converts a component to float32, FROMF back. */
#define WP_CAST_FROM_H(TO, FROM, TT, H, TOF, N)                                \
  WP_FN wp_##TO wp_cast_##TO##_##FROM(wp_##FROM a) {                           \
    wp_##TO r;                                                                 \
    TT *d = (TT *)&r;                                                          \
    const H *s = (const H *)&a;                                                \
    for (int i = 0; i < N; i++)                                                \
      d[i] = (TT)TOF(s[i]);                                                    \
    return r;                                                                  \
  }
#define WP_CAST_TO_H(TO, FROM, FT, H, FROMF, N)                                \
  WP_FN wp_##TO wp_cast_##TO##_##FROM(wp_##FROM a) {                           \
    wp_##TO r;                                                                 \
    H *d = (H *)&r;                                                            \
    const FT *s = (const FT *)&a;                                              \
    for (int i = 0; i < N; i++)                                                \
      d[i] = FROMF((float)s[i]);                                               \
    return r;                                                                  \
  }
#define WP_CAST_H2H(TO, FROM, TH, FH, TOF, FROMF, N)                           \
  WP_FN wp_##TO wp_cast_##TO##_##FROM(wp_##FROM a) {                           \
    wp_##TO r;                                                                 \
    TH *d = (TH *)&r;                                                          \
    const FH *s = (const FH *)&a;                                              \
    for (int i = 0; i < N; i++)                                                \
      d[i] = FROMF(TOF(s[i]));                                                 \
    return r;                                                                  \
  }
#define WP_CAST_HALF_TO_BF16(TO, FROM, TT, FT, N)                              \
  WP_CAST_H2H(TO, FROM, wp_bfloat16, wp_half, wp_h2f, wp_f2bf, N)
#define WP_CAST_BF16_TO_HALF(TO, FROM, TT, FT, N)                              \
  WP_CAST_H2H(TO, FROM, wp_half, wp_bfloat16, wp_bf2f, wp_f2h, N)
#define WP_CAST_FROM_HALF(TO, FROM, TT, FT, N)                                 \
  WP_CAST_FROM_H(TO, FROM, TT, wp_half, wp_h2f, N)
#define WP_CAST_TO_HALF(TO, FROM, TT, FT, N)                                   \
  WP_CAST_TO_H(TO, FROM, FT, wp_half, wp_f2h, N)
#define WP_CAST_FROM_BF16(TO, FROM, TT, FT, N)                                 \
  WP_CAST_FROM_H(TO, FROM, TT, wp_bfloat16, wp_bf2f, N)
#define WP_CAST_TO_BF16(TO, FROM, TT, FT, N)                                   \
  WP_CAST_TO_H(TO, FROM, FT, wp_bfloat16, wp_f2bf, N)

/* 8/16-bit integer atomics: the __atomic builtins on the CPU; on CUDA a
 * compare-and-swap on the aligned 32-bit word that holds the value. */
#ifndef __CUDACC__
WP_ATOMIC_INT(int8, wp_int8)
WP_ATOMIC_INT(uint8, wp_uint8)
WP_ATOMIC_INT(int16, wp_int16)
WP_ATOMIC_INT(uint16, wp_uint16)
#else
#define WP_ATOMIC_SMALL(N, T, BITS)                                            \
  WP_FN T wp_atomic_rmw_##N(T *p, T v, int op) {                               \
    unsigned long long a = (unsigned long long)p;                              \
    unsigned *w = (unsigned *)(a & ~3ull);                                     \
    unsigned shift = (unsigned)(a & 3ull) * 8u, mask = BITS << shift;          \
    unsigned old = *w, assumed;                                                \
    do {                                                                       \
      assumed = old;                                                           \
      T cur = (T)(assumed >> shift);                                           \
      T next = op == 0   ? (T)(cur + v)                                        \
               : op == 1 ? (T)(cur - v)                                        \
               : op == 2 ? (v < cur ? v : cur)                                 \
                         : (v > cur ? v : cur);                                \
      if (next == cur)                                                         \
        break;                                                                 \
      unsigned nw = (assumed & ~mask) | (((unsigned)next << shift) & mask);    \
      old = __iAtomicCAS((int *)w, (int)assumed, (int)nw);                     \
    } while (assumed != old);                                                  \
    return (T)(old >> shift);                                                  \
  }                                                                            \
  WP_ATOMIC_FROM_RMW(N, T)
WP_ATOMIC_SMALL(int8, wp_int8, 0xffu)
WP_ATOMIC_SMALL(uint8, wp_uint8, 0xffu)
WP_ATOMIC_SMALL(int16, wp_int16, 0xffffu)
WP_ATOMIC_SMALL(uint16, wp_uint16, 0xffffu)
#endif

/* Vectors and matrices of bool: == and != (the only builtins warpc takes
 * on them) and the rows of matrices (WP_MAT_ROWS, below). */
#define WP_VEC_BOOL(V, N) WP_VEC_EQ(V, N)
#define WP_MAT_BOOL(M, VC, R, C)                                               \
  WP_MAT_EQ(M, R, C)                                                           \
  WP_MAT_ROWS(M, VC, C)

/* Rows of float16 matrices (the rest of their arithmetic goes through
 * float32 matrices). */
#define WP_MAT_ROWS(M, VC, C)                                                  \
  WP_FN wp_##VC wp_row_##M(wp_##M m, wp_int64 i) {                             \
    wp_##VC r;                                                                 \
    for (int j = 0; j < C; j++)                                                \
      r.c[j] = m.c[i][j];                                                      \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_setrow_##M(wp_##M *m, wp_int64 i, wp_##VC v) {                 \
    for (int j = 0; j < C; j++)                                                \
      m->c[i][j] = v.c[j];                                                     \
  }
