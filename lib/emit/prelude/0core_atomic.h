/* 0core_atomic.h - the atomics of the builtin library of generated code
 * (wp_atomic_<op>_<type>) for scalars: pasted after 0core.h, whose types
 * and WP_FN it uses, and before the files whose vector, matrix and small
 * integer atomics are built on these (0small.h, 1vecmat.h).
 */
/* ---- atomics ---------------------------------------------------------------
 * On the CPU several worker threads run one launch, so atomics are real
 * (__atomic builtins, relaxed order: Warp promises atomicity, not order).
 * Each returns the old value. */
/* add, sub, min, max of type T (suffix N) by wp_atomic_rmw_N(p, v, op), op
 * 0..3 in that order: the types whose atomics are a compare-and-swap loop */
#define WP_ATOMIC_FROM_RMW(N, T)                                               \
  WP_FN T wp_atomic_add_##N(T *p, T v) {                                       \
    return wp_atomic_rmw_##N(p, v, 0);                                         \
  }                                                                            \
  WP_FN T wp_atomic_sub_##N(T *p, T v) {                                       \
    return wp_atomic_rmw_##N(p, v, 1);                                         \
  }                                                                            \
  WP_FN T wp_atomic_min_##N(T *p, T v) {                                       \
    return wp_atomic_rmw_##N(p, v, 2);                                         \
  }                                                                            \
  WP_FN T wp_atomic_max_##N(T *p, T v) {                                       \
    return wp_atomic_rmw_##N(p, v, 3);                                         \
  }
#ifndef __CUDACC__
#define WP_ATOMIC_INT(N, T)                                                    \
  WP_FN T wp_atomic_add_##N(T *p, T v) {                                       \
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);                         \
  }                                                                            \
  WP_FN T wp_atomic_sub_##N(T *p, T v) {                                       \
    return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);                         \
  }                                                                            \
  WP_FN T wp_atomic_min_##N(T *p, T v) {                                       \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                              \
    while (v < old && !__atomic_compare_exchange_n(                            \
                          p, &old, v, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))  \
      ;                                                                        \
    return old;                                                                \
  }                                                                            \
  WP_FN T wp_atomic_max_##N(T *p, T v) {                                       \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                              \
    while (v > old && !__atomic_compare_exchange_n(                            \
                          p, &old, v, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))  \
      ;                                                                        \
    return old;                                                                \
  }                                                                            \
  WP_FN T wp_atomic_cas_##N(T *p, T cmp, T v) {                                \
    __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED,               \
                                __ATOMIC_RELAXED);                             \
    return cmp; /* the old value whether or not it was swapped */              \
  }                                                                            \
  WP_FN T wp_atomic_exch_##N(T *p, T v) {                                      \
    return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);                        \
  }                                                                            \
  WP_FN T wp_atomic_and_##N(T *p, T v) {                                       \
    return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);                         \
  }                                                                            \
  WP_FN T wp_atomic_or_##N(T *p, T v) {                                        \
    return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);                          \
  }                                                                            \
  WP_FN T wp_atomic_xor_##N(T *p, T v) {                                       \
    return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED);                         \
  }

#define WP_ATOMIC_FLOAT(N, T)                                                  \
  WP_FN T wp_atomic_rmw_##N(T *p, T v, int op) {                               \
    T old, next;                                                               \
    __atomic_load(p, &old, __ATOMIC_RELAXED);                                  \
    do {                                                                       \
      next = op == 0   ? old + v                                               \
             : op == 1 ? old - v                                               \
             : op == 2 ? (v < old ? v : old)                                   \
                       : (v > old ? v : old);                                  \
      if (next == old && op >= 2)                                              \
        break;                                                                 \
    } while (!__atomic_compare_exchange(p, &old, &next, 1, __ATOMIC_RELAXED,   \
                                        __ATOMIC_RELAXED));                    \
    return old;                                                                \
  }                                                                            \
  WP_ATOMIC_FROM_RMW(N, T)                                                     \
  /* compare by value as Warp's CPU code does (-0.0 matches 0.0), swap by      \
     bits */                                                                   \
  WP_FN T wp_atomic_cas_##N(T *p, T cmp, T v) {                                \
    T old;                                                                     \
    __atomic_load(p, &old, __ATOMIC_RELAXED);                                  \
    while (old == cmp &&                                                       \
           !__atomic_compare_exchange(p, &old, &v, 1, __ATOMIC_RELAXED,        \
                                      __ATOMIC_RELAXED))                       \
      ;                                                                        \
    return old;                                                                \
  }                                                                            \
  WP_FN T wp_atomic_exch_##N(T *p, T v) {                                      \
    T old;                                                                     \
    __atomic_exchange(p, &v, &old, __ATOMIC_RELAXED);                          \
    return old;                                                                \
  }
#else
/* CUDA: the hardware atomics through the compiler's intrinsics (the
 * atomicAdd() wrappers of CUDA's headers are static functions whose names
 * carry a per-compilation hash, which would make objects differ between
 * identical runs); 64-bit integer adds go through the unsigned add (two's
 * complement), float and double min/max through compare-and-swap on their
 * bits. */
#define WP_ATOMIC_INT(N, T, AT, MT, ADD, MIN, MAX, BT, CAS, XCH, AND, OR, XOR) \
  WP_FN T wp_atomic_add_##N(T *p, T v) {                                       \
    return (T)ADD((AT *)p, (AT)v);                                             \
  }                                                                            \
  WP_FN T wp_atomic_sub_##N(T *p, T v) {                                       \
    return (T)ADD((AT *)p, (AT)(0 - (AT)v));                                   \
  }                                                                            \
  WP_FN T wp_atomic_min_##N(T *p, T v) {                                       \
    return (T)MIN((MT *)p, (MT)v);                                             \
  }                                                                            \
  WP_FN T wp_atomic_max_##N(T *p, T v) {                                       \
    return (T)MAX((MT *)p, (MT)v);                                             \
  }                                                                            \
  WP_FN T wp_atomic_cas_##N(T *p, T cmp, T v) {                                \
    return (T)CAS((BT *)p, (BT)cmp, (BT)v);                                    \
  }                                                                            \
  WP_FN T wp_atomic_exch_##N(T *p, T v) {                                      \
    return (T)XCH((BT *)p, (BT)v);                                             \
  }                                                                            \
  WP_FN T wp_atomic_and_##N(T *p, T v) {                                       \
    return (T)AND((BT *)p, (BT)v);                                             \
  }                                                                            \
  WP_FN T wp_atomic_or_##N(T *p, T v) {                                        \
    return (T)OR((BT *)p, (BT)v);                                              \
  }                                                                            \
  WP_FN T wp_atomic_xor_##N(T *p, T v) {                                       \
    return (T)XOR((BT *)p, (BT)v);                                             \
  }
#define WP_ATOMIC_FLOAT(N, T, BITS, TOBITS, FROMBITS, ADD, CAS, XCH)           \
  WP_FN T wp_atomic_add_##N(T *p, T v) {                                       \
    return ADD(p, v);                                                          \
  }                                                                            \
  WP_FN T wp_atomic_sub_##N(T *p, T v) {                                       \
    return ADD(p, -v);                                                         \
  }                                                                            \
  WP_FN T wp_atomic_minmax_##N(T *p, T v, int max) {                           \
    BITS *q = (BITS *)p;                                                       \
    BITS old = *q, assumed;                                                    \
    do {                                                                       \
      assumed = old;                                                           \
      T cur = FROMBITS(assumed);                                               \
      if (max ? !(v > cur) : !(v < cur))                                       \
        break;                                                                 \
      old = CAS(q, assumed, TOBITS(v));                                        \
    } while (assumed != old);                                                  \
    return FROMBITS(old);                                                      \
  }                                                                            \
  WP_FN T wp_atomic_min_##N(T *p, T v) {                                       \
    return wp_atomic_minmax_##N(p, v, 0);                                      \
  }                                                                            \
  WP_FN T wp_atomic_max_##N(T *p, T v) {                                       \
    return wp_atomic_minmax_##N(p, v, 1);                                      \
  }                                                                            \
  /* bit-wise compare, as the hardware (and Warp on CUDA) does */              \
  WP_FN T wp_atomic_cas_##N(T *p, T cmp, T v) {                                \
    return FROMBITS(CAS((BITS *)p, TOBITS(cmp), TOBITS(v)));                   \
  }                                                                            \
  WP_FN T wp_atomic_exch_##N(T *p, T v) {                                      \
    return FROMBITS(XCH((BITS *)p, TOBITS(v)));                                \
  }
#endif

/* A relaxed atomic read (the components of a vector compare-and-swap). */
#ifndef __CUDACC__
#define WP_ATOMIC_LOAD(N, T)                                                   \
  WP_FN T wp_atomic_load_##N(T *p) {                                           \
    T r;                                                                       \
    __atomic_load(p, &r, __ATOMIC_RELAXED);                                    \
    return r;                                                                  \
  }
#else
#define WP_ATOMIC_LOAD(N, T)                                                   \
  WP_FN T wp_atomic_load_##N(T *p) {                                           \
    return *(volatile T *)p;                                                   \
  }
#endif
WP_ATOMIC_LOAD(int32, wp_int32)
WP_ATOMIC_LOAD(uint32, wp_uint32)
WP_ATOMIC_LOAD(int64, wp_int64)
WP_ATOMIC_LOAD(uint64, wp_uint64)
WP_ATOMIC_LOAD(float32, float)
WP_ATOMIC_LOAD(float64, double)

#ifndef __CUDACC__
WP_ATOMIC_INT(int32, wp_int32)
WP_ATOMIC_INT(uint32, wp_uint32)
WP_ATOMIC_INT(int64, wp_int64)
WP_ATOMIC_INT(uint64, wp_uint64)
WP_ATOMIC_FLOAT(float32, float)
WP_ATOMIC_FLOAT(float64, double)
#else
WP_ATOMIC_INT(int32, wp_int32, int, int, __iAtomicAdd, __iAtomicMin,
              __iAtomicMax, int, __iAtomicCAS, __iAtomicExch, __iAtomicAnd,
              __iAtomicOr, __iAtomicXor)
WP_ATOMIC_INT(uint32, wp_uint32, unsigned, unsigned, __uAtomicAdd, __uAtomicMin,
              __uAtomicMax, unsigned, __uAtomicCAS, __uAtomicExch, __uAtomicAnd,
              __uAtomicOr, __uAtomicXor)
WP_ATOMIC_INT(int64, wp_int64, unsigned long long, long long, __ullAtomicAdd,
              __illAtomicMin, __illAtomicMax, unsigned long long,
              __ullAtomicCAS, __ullAtomicExch, __ullAtomicAnd, __ullAtomicOr,
              __ullAtomicXor)
WP_ATOMIC_INT(uint64, wp_uint64, unsigned long long, unsigned long long,
              __ullAtomicAdd, __ullAtomicMin, __ullAtomicMax,
              unsigned long long, __ullAtomicCAS, __ullAtomicExch,
              __ullAtomicAnd, __ullAtomicOr, __ullAtomicXor)
WP_ATOMIC_FLOAT(float32, float, int, __float_as_int, __int_as_float,
                __fAtomicAdd, __iAtomicCAS, __iAtomicExch)
WP_ATOMIC_FLOAT(float64, double, unsigned long long,
                (unsigned long long)__double_as_longlong, __longlong_as_double,
                __dAtomicAdd, __ullAtomicCAS, __ullAtomicExch)
#endif

/* The add of a grad element that has a single writer (lib/ir/injective.c: a
 * read at an index injective in the thread): on the CPU a plain add, the
 * same rounding as the atomic's (a separate statement: never contracted
 * into an FMA).  On CUDA the hardware atomic stays: a RED without contention
 * is cheap there, and the PTX ISA's rules for subnormals in atom.add.f32
 * are not those of add.f32 on every target, so the bits stay the atomic's.
 */
#ifndef __CUDACC__
WP_FN void wp_plain_add_float32(float *p, float v) {
  *p = *p + v;
}
WP_FN void wp_plain_add_float64(double *p, double v) {
  *p = *p + v;
}
#else
WP_FN void wp_plain_add_float32(float *p, float v) {
  (void)wp_atomic_add_float32(p, v);
}
WP_FN void wp_plain_add_float64(double *p, double v) {
  (void)wp_atomic_add_float64(p, v);
}
#endif
