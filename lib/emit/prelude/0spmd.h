/* 0spmd.h - the SPMD form of CPU kernels (lib/emit/emit_spmd.c): WP_SPMD_W
 * threads of a 1-D launch run together, as the lanes of a C loop over
 * `wp_l` in each block of the kernel; a value that differs between threads
 * is a local of that loop, or, where it lives from one block to another,
 * WP_SPMD_W copies in memory (a vector's or matrix's components one array
 * each, so that each loads as one SIMD register).  The lane loops are
 * unrolled in full: the copies then become registers, and the C compiler's
 * SLP vectorizer turns the W isomorphic lanes into SIMD instructions.
 * Each lane computes exactly what the scalar body computes, in the same
 * order (no reassociation, no contraction: -ffp-contract=off). */
#ifndef __CUDACC__

/* Lanes: 16 floats where the target has 256-bit or wider vectors (two
 * AVX2 registers per operation hide the latency of sqrt and division
 * better than one), 8 elsewhere (SSE, NEON: two 128-bit registers). */
#if defined(__AVX512F__) || defined(__AVX2__)
#define WP_SPMD_W 16
#else
#define WP_SPMD_W 8
#endif

#if defined(__clang__) && defined(__AVX512F__)
/* clang prefers 256-bit vectors on x86-64-v4 unless a function asks */
#define WP_SPMD_FN static __attribute__((min_vector_width(512)))
#else
#define WP_SPMD_FN static
#endif

#if defined(__clang__)
#define WP_SPMD_LANES                                                          \
  _Pragma("clang loop unroll(full)") for (int wp_l = 0; wp_l < WP_SPMD_W;      \
                                          wp_l++)
#elif defined(__GNUC__)
#define WP_SPMD_LANES                                                          \
  _Pragma("GCC unroll 16") for (int wp_l = 0; wp_l < WP_SPMD_W; wp_l++)
#else
#define WP_SPMD_LANES for (int wp_l = 0; wp_l < WP_SPMD_W; wp_l++)
#endif

/* Whether arrays a (elements of esa bytes) and b (esb bytes) share no byte:
 * the ranges their elements span, from the strides (negative ones too);
 * an empty or null array shares none. */
WP_FN int wp_spmd_disjoint(const wp_array *a, wp_int64 esa, const wp_array *b,
                           wp_int64 esb) {
  const wp_array *x[2] = {a, b};
  wp_int64 es[2] = {esa, esb};
  __UINTPTR_TYPE__ lo[2], hi[2];
  for (int k = 0; k < 2; k++) {
    if (!x[k]->data)
      return 1;
    __INTPTR_TYPE__ l = 0, h = 0;
    for (int d = 0; d < x[k]->ndim && d < WP_ARRAY_MAX_DIMS; d++) {
      if (x[k]->shape[d] <= 0)
        return 1;
      __INTPTR_TYPE__ s =
          (__INTPTR_TYPE__)((x[k]->shape[d] - 1) * x[k]->strides[d]);
      if (s < 0)
        l += s;
      else
        h += s;
    }
    lo[k] = (__UINTPTR_TYPE__)x[k]->data + (__UINTPTR_TYPE__)l;
    hi[k] = (__UINTPTR_TYPE__)x[k]->data + (__UINTPTR_TYPE__)h +
            (__UINTPTR_TYPE__)es[k];
  }
  return hi[0] <= lo[1] || hi[1] <= lo[0];
}

/* The lanes of a 32- or 64-bit number as one vector (clang's and GCC's
 * vector extension): `float WP_SPMD_VEC(float) x;`, lane l is x[l]. */
#define WP_SPMD_VEC(T) __attribute__((vector_size(sizeof(T) * WP_SPMD_W)))

/* The lane tape of an SPMD backward kernel (lib/emit/emit_spmd_adj.c): n
 * more bytes reserved on t (to be written), or the last n bytes taken back
 * (to be read before the next reserve); the same bytes as pushes (pops) of
 * the lane arrays one after the other. */
WP_FN unsigned char *wp_spmd_tape_reserve(wp_ttape *t, wp_int64 n) {
  if (t->top + n > t->cap)
    *t = wp_ttape_grow(*t, n);
  unsigned char *p = t->data + t->top;
  t->top += n;
  return p;
}

WP_FN const unsigned char *wp_spmd_tape_take(wp_ttape *t, wp_int64 n) {
  t->top -= n;
  return t->data + t->top;
}

#endif /* !__CUDACC__ */
