/* 1vecmat.h - vector and matrix part of the builtin library of generated
 * code: macros the emitter instantiates once per type a module uses.
 *   WP_VEC(V, S, T, N)        vector V of N components of scalar S (C type T)
 *   WP_VEC_FLOAT(V, S, T, N)  length/normalize for float vectors
 *   WP_VEC_INT(V, T, N)       component-wise bitwise operators of integer
 *                             vectors
 *   WP_VEC_CROSS(V, T)        cross product of 3-vectors
 *   WP_MAT(M, S, T, R, C, VR, VC, MT)  R x C matrix with rows of VC, columns
 *                             of VR, transpose MT
 *   WP_VEC_ATOMIC / WP_MAT_ATOMIC  atomics, for scalars that have them
 *   WP_MAT2/3/4(M, S, T)      determinant and inverse of square matrices
 *   WP_MATMUL(A, B, O, T, R, K, C)   (R x K) * (K x C)
 *   WP_CAST(TO, FROM, TT, FT, N)  conversion between same-shape types with
 *                             component C types TT and FT
 * Matrices are row-major, as Warp's. */

#define WP_VEC_BITOP(V, T, N, NAME, OP)                                        \
  WP_FN wp_##V wp_##NAME##_##V##_##V(wp_##V a, wp_##V b) {                     \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = (T)(a.c[i] OP b.c[i]);                                          \
    return r;                                                                  \
  }

/* == and != of vectors and matrices, component by component (also of
 * bool ones: 0small.h). */
#define WP_VEC_EQ(V, N)                                                        \
  WP_FN wp_bool wp_eq_##V##_##V(wp_##V a, wp_##V b) {                          \
    for (int i = 0; i < N; i++)                                                \
      if (a.c[i] != b.c[i])                                                    \
        return 0;                                                              \
    return 1;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_ne_##V##_##V(wp_##V a, wp_##V b) {                          \
    return !wp_eq_##V##_##V(a, b);                                             \
  }

#define WP_MAT_EQ(M, R, C)                                                     \
  WP_FN wp_bool wp_eq_##M##_##M(wp_##M a, wp_##M b) {                          \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        if (a.c[i][j] != b.c[i][j])                                            \
          return 0;                                                            \
    return 1;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_ne_##M##_##M(wp_##M a, wp_##M b) {                          \
    return !wp_eq_##M##_##M(a, b);                                             \
  }

#define WP_VEC_INT(V, T, N)                                                    \
  WP_VEC_BITOP(V, T, N, bit_and, &)                                            \
  WP_VEC_BITOP(V, T, N, bit_or, |)                                             \
  WP_VEC_BITOP(V, T, N, bit_xor, ^)                                            \
  WP_VEC_BITOP(V, T, N, lshift, <<)                                            \
  WP_VEC_BITOP(V, T, N, rshift, >>)                                            \
  WP_FN wp_##V wp_invert_##V(wp_##V a) {                                       \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = (T)(~a.c[i]);                                                   \
    return r;                                                                  \
  }

#define WP_VEC(V, S, T, N)                                                     \
  WP_FN wp_##V wp_add_##V##_##V(wp_##V a, wp_##V b) {                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] + b.c[i];                                                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_sub_##V##_##V(wp_##V a, wp_##V b) {                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] - b.c[i];                                                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_mul_##V##_##S(wp_##V a, T s) {                               \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] * s;                                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_mul_##S##_##V(T s, wp_##V a) {                               \
    return wp_mul_##V##_##S(a, s);                                             \
  }                                                                            \
  WP_FN wp_##V wp_div_##V##_##S(wp_##V a, T s) {                               \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] / s;                                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_div_##S##_##V(T s, wp_##V a) {                               \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = s / a.c[i];                                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_mod_##V##_##V(wp_##V a, wp_##V b) {                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_mod_##S(a.c[i], b.c[i]);                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_neg_##V(wp_##V a) {                                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = -a.c[i];                                                        \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_pos_##V(wp_##V a) {                                          \
    return a;                                                                  \
  }                                                                            \
  WP_VEC_EQ(V, N)                                                              \
  WP_FN wp_##V wp_min_##V##_##V(wp_##V a, wp_##V b) {                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_min_##S(a.c[i], b.c[i]);                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_max_##V##_##V(wp_##V a, wp_##V b) {                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_max_##S(a.c[i], b.c[i]);                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_min_##V(wp_##V a) {                                               \
    T r = a.c[0];                                                              \
    for (int i = 1; i < N; i++)                                                \
      r = wp_min_##S(r, a.c[i]);                                               \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_max_##V(wp_##V a) {                                               \
    T r = a.c[0];                                                              \
    for (int i = 1; i < N; i++)                                                \
      r = wp_max_##S(r, a.c[i]);                                               \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_abs_##V(wp_##V a) {                                          \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_abs_##S(a.c[i]);                                             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_sign_##V(wp_##V a) {                                         \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_sign_##S(a.c[i]);                                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_dot_##V##_##V(wp_##V a, wp_##V b) {                               \
    T r = a.c[0] * b.c[0];                                                     \
    for (int i = 1; i < N; i++)                                                \
      r += a.c[i] * b.c[i];                                                    \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_length_sq_##V(wp_##V a) {                                         \
    return wp_dot_##V##_##V(a, a);                                             \
  }                                                                            \
  /* more math: component-wise product and quotient, NaN/inf tests */          \
  WP_FN wp_##V wp_cw_mul_##V##_##V(wp_##V a, wp_##V b) {                       \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] * b.c[i];                                                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_cw_div_##V##_##V(wp_##V a, wp_##V b) {                       \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] / b.c[i];                                                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isnan_##V(wp_##V a) {                                       \
    for (int i = 0; i < N; i++)                                                \
      if (wp_isnan_##S(a.c[i]))                                                \
        return 1;                                                              \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isinf_##V(wp_##V a) {                                       \
    for (int i = 0; i < N; i++)                                                \
      if (wp_isinf_##S(a.c[i]))                                                \
        return 1;                                                              \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isfinite_##V(wp_##V a) {                                    \
    for (int i = 0; i < N; i++)                                                \
      if (!wp_isfinite_##S(a.c[i]))                                            \
        return 0;                                                              \
    return 1;                                                                  \
  }

/* Vector atomics returning the whole old vector. */
#define WP_VEC_ATOMIC(V, S, N)                                                 \
  WP_FN wp_##V wp_atomic_add_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_add_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_atomic_sub_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_sub_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_atomic_min_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_min_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_atomic_max_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_max_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }

/* Exchange and compare-and-swap, 32/64-bit components. */
#define WP_VEC_ATOMIC_SWAP(V, S, N)                                            \
  WP_FN wp_##V wp_atomic_exch_v_##V(wp_##V *p, wp_##V v) {                     \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_exch_##S(&p->c[i], v.c[i]);                           \
    return r;                                                                  \
  }                                                                            \
  /* Warp compares the whole vector: the components are swapped (each          \
     atomically, if still cmp's component) only when all of them match */      \
  WP_FN wp_##V wp_atomic_cas_v_##V(wp_##V *p, wp_##V cmp, wp_##V v) {          \
    wp_##V r;                                                                  \
    int eq = 1;                                                                \
    for (int i = 0; i < N; i++) {                                              \
      r.c[i] = wp_atomic_load_##S(&p->c[i]);                                   \
      eq = eq && r.c[i] == cmp.c[i];                                           \
    }                                                                          \
    if (eq)                                                                    \
      for (int i = 0; i < N; i++)                                              \
        wp_atomic_cas_##S(&p->c[i], cmp.c[i], v.c[i]);                         \
    return r;                                                                  \
  }

/* Bit-wise vector atomics, integer vectors. */
#define WP_VEC_ATOMIC_BITS(V, S, N)                                            \
  WP_FN wp_##V wp_atomic_and_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_and_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_atomic_or_v_##V(wp_##V *p, wp_##V v) {                       \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_or_##S(&p->c[i], v.c[i]);                             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_atomic_xor_v_##V(wp_##V *p, wp_##V v) {                      \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = wp_atomic_xor_##S(&p->c[i], v.c[i]);                            \
    return r;                                                                  \
  }

#define WP_VEC_FLOAT(V, S, T, N)                                               \
  WP_FN T wp_length_##V(wp_##V a) {                                            \
    return wp_sqrt_##S(wp_length_sq_##V(a));                                   \
  }                                                                            \
  WP_FN wp_##V wp_normalize_##V(wp_##V a) {                                    \
    T l = wp_length_##V(a);                                                    \
    if (l > (T)0)                                                              \
      return wp_div_##V##_##S(a, l);                                           \
    wp_##V z = {{0}};                                                          \
    return z;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_lerp_##V##_##V##_##S(wp_##V a, wp_##V b, T t) {              \
    wp_##V r;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      r.c[i] = a.c[i] * ((T)1 - t) + b.c[i] * t;                               \
    return r;                                                                  \
  }

#define WP_VEC_CROSS(V, T)                                                     \
  WP_FN wp_##V wp_cross_##V##_##V(wp_##V a, wp_##V b) {                        \
    wp_##V r = {{a.c[1] * b.c[2] - a.c[2] * b.c[1],                            \
                 a.c[2] * b.c[0] - a.c[0] * b.c[2],                            \
                 a.c[0] * b.c[1] - a.c[1] * b.c[0]}};                          \
    return r;                                                                  \
  }

#define WP_MAT(M, S, T, R, C, VR, VC, MT)                                      \
  WP_FN wp_##M wp_add_##M##_##M(wp_##M a, wp_##M b) {                          \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] + b.c[i][j];                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_sub_##M##_##M(wp_##M a, wp_##M b) {                          \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] - b.c[i][j];                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_mul_##M##_##S(wp_##M a, T s) {                               \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] * s;                                             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_mul_##S##_##M(T s, wp_##M a) {                               \
    return wp_mul_##M##_##S(a, s);                                             \
  }                                                                            \
  WP_FN wp_##M wp_div_##M##_##S(wp_##M a, T s) {                               \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] / s;                                             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_div_##S##_##M(T s, wp_##M a) {                               \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = s / a.c[i][j];                                             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_neg_##M(wp_##M a) {                                          \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = -a.c[i][j];                                                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_pos_##M(wp_##M a) {                                          \
    return a;                                                                  \
  }                                                                            \
  WP_MAT_EQ(M, R, C)                                                           \
  WP_FN wp_##VC wp_row_##M(wp_##M m, wp_int64 i) {                             \
    wp_##VC r;                                                                 \
    for (int j = 0; j < C; j++)                                                \
      r.c[j] = m.c[i][j];                                                      \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_setrow_##M(wp_##M *m, wp_int64 i, wp_##VC v) {                 \
    for (int j = 0; j < C; j++)                                                \
      m->c[i][j] = v.c[j];                                                     \
  }                                                                            \
  WP_FN wp_##VR wp_mul_##M##_##VC(wp_##M m, wp_##VC v) {                       \
    wp_##VR r;                                                                 \
    for (int i = 0; i < R; i++) {                                              \
      T s = m.c[i][0] * v.c[0];                                                \
      for (int j = 1; j < C; j++)                                              \
        s += m.c[i][j] * v.c[j];                                               \
      r.c[i] = s;                                                              \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##VC wp_mul_##VR##_##M(wp_##VR v, wp_##M m) {                       \
    wp_##VC r;                                                                 \
    for (int j = 0; j < C; j++) {                                              \
      T s = v.c[0] * m.c[0][j];                                                \
      for (int i = 1; i < R; i++)                                              \
        s += v.c[i] * m.c[i][j];                                               \
      r.c[j] = s;                                                              \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_outer_##VR##_##VC(wp_##VR a, wp_##VC b) {                    \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i] * b.c[j];                                           \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##MT wp_transpose_##M(wp_##M a) {                                   \
    wp_##MT r;                                                                 \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[j][i] = a.c[i][j];                                                 \
    return r;                                                                  \
  }                                                                            \
  /* more math: component-wise ops, lerp, NaN/inf tests */                     \
  WP_FN wp_##M wp_cw_mul_##M##_##M(wp_##M a, wp_##M b) {                       \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] * b.c[i][j];                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_cw_div_##M##_##M(wp_##M a, wp_##M b) {                       \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] / b.c[i][j];                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_lerp_##M##_##M##_##S(wp_##M a, wp_##M b, T t) {              \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = a.c[i][j] * ((T)1 - t) + b.c[i][j] * t;                    \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isnan_##M(wp_##M a) {                                       \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        if (wp_isnan_##S(a.c[i][j]))                                           \
          return 1;                                                            \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isinf_##M(wp_##M a) {                                       \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        if (wp_isinf_##S(a.c[i][j]))                                           \
          return 1;                                                            \
    return 0;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp_isfinite_##M(wp_##M a) {                                    \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        if (!wp_isfinite_##S(a.c[i][j]))                                       \
          return 0;                                                            \
    return 1;                                                                  \
  }

/* Matrix atomics (component-wise), returning the old matrix. */
#define WP_MAT_ATOMIC(M, S, R, C)                                              \
  WP_FN wp_##M wp_atomic_add_v_##M(wp_##M *p, wp_##M v) {                      \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = wp_atomic_add_##S(&p->c[i][j], v.c[i][j]);                 \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_atomic_sub_v_##M(wp_##M *p, wp_##M v) {                      \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = wp_atomic_sub_##S(&p->c[i][j], v.c[i][j]);                 \
    return r;                                                                  \
  }

/* Exchange and compare-and-swap, 32/64-bit components. */
/* Bitwise operators and atomics of integer matrices, per component. */
#define WP_MAT_BITOP(M, T, R, C, NAME, OP)                                     \
  WP_FN wp_##M wp_##NAME##_##M##_##M(wp_##M a, wp_##M b) {                     \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = (T)(a.c[i][j] OP b.c[i][j]);                               \
    return r;                                                                  \
  }
#define WP_MAT_INT(M, T, R, C)                                                 \
  WP_MAT_BITOP(M, T, R, C, bit_and, &)                                         \
  WP_MAT_BITOP(M, T, R, C, bit_or, |)                                          \
  WP_MAT_BITOP(M, T, R, C, bit_xor, ^)                                         \
  WP_MAT_BITOP(M, T, R, C, lshift, <<)                                         \
  WP_MAT_BITOP(M, T, R, C, rshift, >>)                                         \
  WP_FN wp_##M wp_invert_##M(wp_##M a) {                                       \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = (T)(~a.c[i][j]);                                           \
    return r;                                                                  \
  }
#define WP_MAT_ATOMIC_BITOP(M, S, R, C, NAME)                                  \
  WP_FN wp_##M wp_atomic_##NAME##_v_##M(wp_##M *p, wp_##M v) {                 \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = wp_atomic_##NAME##_##S(&p->c[i][j], v.c[i][j]);            \
    return r;                                                                  \
  }
#define WP_MAT_ATOMIC_BITS(M, S, R, C)                                         \
  WP_MAT_ATOMIC_BITOP(M, S, R, C, and)                                         \
  WP_MAT_ATOMIC_BITOP(M, S, R, C, or)                                          \
  WP_MAT_ATOMIC_BITOP(M, S, R, C, xor)

#define WP_MAT_ATOMIC_SWAP(M, S, R, C)                                         \
  WP_FN wp_##M wp_atomic_exch_v_##M(wp_##M *p, wp_##M v) {                     \
    wp_##M r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r.c[i][j] = wp_atomic_exch_##S(&p->c[i][j], v.c[i][j]);                \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##M wp_atomic_cas_v_##M(wp_##M *p, wp_##M cmp, wp_##M v) {          \
    wp_##M r;                                                                  \
    int eq = 1;                                                                \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++) {                                            \
        r.c[i][j] = wp_atomic_load_##S(&p->c[i][j]);                           \
        eq = eq && r.c[i][j] == cmp.c[i][j];                                   \
      }                                                                        \
    if (eq)                                                                    \
      for (int i = 0; i < R; i++)                                              \
        for (int j = 0; j < C; j++)                                            \
          wp_atomic_cas_##S(&p->c[i][j], cmp.c[i][j], v.c[i][j]);              \
    return r;                                                                  \
  }

#define WP_MAT2(M, S, T)                                                       \
  WP_FN T wp_determinant_##M(wp_##M m) {                                       \
    return m.c[0][0] * m.c[1][1] - m.c[0][1] * m.c[1][0];                      \
  }                                                                            \
  WP_FN wp_##M wp_inverse_##M(wp_##M m) {                                      \
    T d = wp_determinant_##M(m);                                               \
    wp_##M r = {{{0}}};                                                        \
    if (d == (T)0)                                                             \
      return r;                                                                \
    T k = (T)1 / d;                                                            \
    r.c[0][0] = m.c[1][1] * k;                                                 \
    r.c[0][1] = -m.c[0][1] * k;                                                \
    r.c[1][0] = -m.c[1][0] * k;                                                \
    r.c[1][1] = m.c[0][0] * k;                                                 \
    return r;                                                                  \
  }

/* 3x3: cofactor expansion along the first row; inverse = adjugate / det. */
#define WP_MAT3(M, S, T)                                                       \
  WP_FN T wp_determinant_##M(wp_##M m) {                                       \
    return m.c[0][0] * (m.c[1][1] * m.c[2][2] - m.c[1][2] * m.c[2][1]) -       \
           m.c[0][1] * (m.c[1][0] * m.c[2][2] - m.c[1][2] * m.c[2][0]) +       \
           m.c[0][2] * (m.c[1][0] * m.c[2][1] - m.c[1][1] * m.c[2][0]);        \
  }                                                                            \
  WP_FN wp_##M wp_inverse_##M(wp_##M m) {                                      \
    T d = wp_determinant_##M(m);                                               \
    wp_##M r = {{{0}}};                                                        \
    if (d == (T)0)                                                             \
      return r;                                                                \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        int i1 = (j + 1) % 3, i2 = (j + 2) % 3;                                \
        int j1 = (i + 1) % 3, j2 = (i + 2) % 3;                                \
        r.c[i][j] = m.c[i1][j1] * m.c[i2][j2] - m.c[i1][j2] * m.c[i2][j1];     \
      }                                                                        \
    return wp_mul_##M##_##S(r, (T)1 / d);                                      \
  }

/* 4x4: Laplace expansion by 2x2 minors of the first two and last two rows. */
#define WP_MAT4(M, S, T)                                                       \
  WP_FN void wp_minors_##M(wp_##M m, T *s, T *c) {                             \
    s[0] = m.c[0][0] * m.c[1][1] - m.c[1][0] * m.c[0][1];                      \
    s[1] = m.c[0][0] * m.c[1][2] - m.c[1][0] * m.c[0][2];                      \
    s[2] = m.c[0][0] * m.c[1][3] - m.c[1][0] * m.c[0][3];                      \
    s[3] = m.c[0][1] * m.c[1][2] - m.c[1][1] * m.c[0][2];                      \
    s[4] = m.c[0][1] * m.c[1][3] - m.c[1][1] * m.c[0][3];                      \
    s[5] = m.c[0][2] * m.c[1][3] - m.c[1][2] * m.c[0][3];                      \
    c[5] = m.c[2][2] * m.c[3][3] - m.c[3][2] * m.c[2][3];                      \
    c[4] = m.c[2][1] * m.c[3][3] - m.c[3][1] * m.c[2][3];                      \
    c[3] = m.c[2][1] * m.c[3][2] - m.c[3][1] * m.c[2][2];                      \
    c[2] = m.c[2][0] * m.c[3][3] - m.c[3][0] * m.c[2][3];                      \
    c[1] = m.c[2][0] * m.c[3][2] - m.c[3][0] * m.c[2][2];                      \
    c[0] = m.c[2][0] * m.c[3][1] - m.c[3][0] * m.c[2][1];                      \
  }                                                                            \
  WP_FN T wp_determinant_##M(wp_##M m) {                                       \
    T s[6], c[6];                                                              \
    wp_minors_##M(m, s, c);                                                    \
    return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] -             \
           s[4] * c[1] + s[5] * c[0];                                          \
  }                                                                            \
  WP_FN wp_##M wp_inverse_##M(wp_##M m) {                                      \
    T s[6], c[6];                                                              \
    wp_minors_##M(m, s, c);                                                    \
    T d = s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] -              \
          s[4] * c[1] + s[5] * c[0];                                           \
    wp_##M r = {{{0}}};                                                        \
    if (d == (T)0)                                                             \
      return r;                                                                \
    T k = (T)1 / d;                                                            \
    r.c[0][0] = (m.c[1][1] * c[5] - m.c[1][2] * c[4] + m.c[1][3] * c[3]) * k;  \
    r.c[0][1] = (-m.c[0][1] * c[5] + m.c[0][2] * c[4] - m.c[0][3] * c[3]) * k; \
    r.c[0][2] = (m.c[3][1] * s[5] - m.c[3][2] * s[4] + m.c[3][3] * s[3]) * k;  \
    r.c[0][3] = (-m.c[2][1] * s[5] + m.c[2][2] * s[4] - m.c[2][3] * s[3]) * k; \
    r.c[1][0] = (-m.c[1][0] * c[5] + m.c[1][2] * c[2] - m.c[1][3] * c[1]) * k; \
    r.c[1][1] = (m.c[0][0] * c[5] - m.c[0][2] * c[2] + m.c[0][3] * c[1]) * k;  \
    r.c[1][2] = (-m.c[3][0] * s[5] + m.c[3][2] * s[2] - m.c[3][3] * s[1]) * k; \
    r.c[1][3] = (m.c[2][0] * s[5] - m.c[2][2] * s[2] + m.c[2][3] * s[1]) * k;  \
    r.c[2][0] = (m.c[1][0] * c[4] - m.c[1][1] * c[2] + m.c[1][3] * c[0]) * k;  \
    r.c[2][1] = (-m.c[0][0] * c[4] + m.c[0][1] * c[2] - m.c[0][3] * c[0]) * k; \
    r.c[2][2] = (m.c[3][0] * s[4] - m.c[3][1] * s[2] + m.c[3][3] * s[0]) * k;  \
    r.c[2][3] = (-m.c[2][0] * s[4] + m.c[2][1] * s[2] - m.c[2][3] * s[0]) * k; \
    r.c[3][0] = (-m.c[1][0] * c[3] + m.c[1][1] * c[1] - m.c[1][2] * c[0]) * k; \
    r.c[3][1] = (m.c[0][0] * c[3] - m.c[0][1] * c[1] + m.c[0][2] * c[0]) * k;  \
    r.c[3][2] = (-m.c[3][0] * s[3] + m.c[3][1] * s[1] - m.c[3][2] * s[0]) * k; \
    r.c[3][3] = (m.c[2][0] * s[3] - m.c[2][1] * s[1] + m.c[2][2] * s[0]) * k;  \
    return r;                                                                  \
  }

#define WP_MATMUL(A, B, O, T, R, K, C)                                         \
  WP_FN wp_##O wp_mul_##A##_##B(wp_##A a, wp_##B b) {                          \
    wp_##O r;                                                                  \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++) {                                            \
        T s = a.c[i][0] * b.c[0][j];                                           \
        for (int k = 1; k < K; k++)                                            \
          s += a.c[i][k] * b.c[k][j];                                          \
        r.c[i][j] = s;                                                         \
      }                                                                        \
    return r;                                                                  \
  }

/* Conversion between vectors/matrices of the same shape (N components). */
#define WP_CAST(TO, FROM, TT, FT, N)                                           \
  WP_FN wp_##TO wp_cast_##TO##_##FROM(wp_##FROM a) {                           \
    wp_##TO r;                                                                 \
    TT *d = (TT *)&r;                                                          \
    const FT *s = (const FT *)&a;                                              \
    for (int i = 0; i < N; i++)                                                \
      d[i] = (TT)s[i];                                                         \
    return r;                                                                  \
  }
