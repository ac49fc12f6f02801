/* 2adjoint.h - adjoint rules of the vector and matrix builtins, instantiated
 * per type next to the primal macros of 1vecmat.h:
 *   WP_VEC_ADJ(V, S, T, N), WP_VEC_CROSS_ADJ(V, T),
 *   WP_MAT_ADJ(M, S, T, R, C, VR, VC), WP_MAT2/3/4_ADJ(M, S, T),
 *   WP_MATMUL_ADJ(A, B, O, T, R, K, C).
 * Each rule is wp_adj_<name>_<types>(primal args, result, adjoint of the
 * result, pointers to the adjoints of the args, added to).  The derivative
 * formulas are the standard ones (Giles, "An extended collection of matrix
 * derivative results for forward and reverse mode AD", 2008); singular
 * points follow Warp: length/normalize of a zero vector give no gradient. */

#define WP_VEC_ADJ(V, S, T, N)                                                 \
  /* more math: cw_mul, cw_div, lerp (Warp: d/dt = (b - a) . g) */             \
  WP_FN void wp_adj_cw_mul_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,   \
                                     wp_##V *ga, wp_##V *gb) {                 \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += b.c[i] * g.c[i], gb->c[i] += a.c[i] * g.c[i];                \
  }                                                                            \
  WP_FN void wp_adj_cw_div_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,   \
                                     wp_##V *ga, wp_##V *gb) {                 \
    (void)a;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i] / b.c[i], gb->c[i] -= g.c[i] * (r.c[i] / b.c[i]);     \
  }                                                                            \
  WP_FN void wp_adj_lerp_##V##_##V##_##S(wp_##V a, wp_##V b, T t, wp_##V r,    \
                                         wp_##V g, wp_##V *ga, wp_##V *gb,     \
                                         T *gt) {                              \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i] * ((T)1 - t), gb->c[i] += g.c[i] * t;                 \
    *gt += wp_dot_##V##_##V(b, g) - wp_dot_##V##_##V(a, g);                    \
  }                                                                            \
  WP_FN void wp_adj_add_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,      \
                                  wp_##V *ga, wp_##V *gb) {                    \
    (void)a, (void)b, (void)r;                                                 \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i], gb->c[i] += g.c[i];                                  \
  }                                                                            \
  WP_FN void wp_adj_sub_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,      \
                                  wp_##V *ga, wp_##V *gb) {                    \
    (void)a, (void)b, (void)r;                                                 \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i], gb->c[i] -= g.c[i];                                  \
  }                                                                            \
  WP_FN void wp_adj_mul_##V##_##S(wp_##V a, T s, wp_##V r, wp_##V g,           \
                                  wp_##V *ga, T *gs) {                         \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i] * s;                                                  \
    *gs += wp_dot_##V##_##V(g, a);                                             \
  }                                                                            \
  WP_FN void wp_adj_mul_##S##_##V(T s, wp_##V a, wp_##V r, wp_##V g, T *gs,    \
                                  wp_##V *ga) {                                \
    wp_adj_mul_##V##_##S(a, s, r, g, ga, gs);                                  \
  }                                                                            \
  WP_FN void wp_adj_div_##V##_##S(wp_##V a, T s, wp_##V r, wp_##V g,           \
                                  wp_##V *ga, T *gs) {                         \
    (void)a;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i] / s;                                                  \
    *gs -= wp_dot_##V##_##V(g, r) / s;                                         \
  }                                                                            \
  WP_FN void wp_adj_div_##S##_##V(T s, wp_##V a, wp_##V r, wp_##V g, T *gs,    \
                                  wp_##V *ga) {                                \
    (void)s;                                                                   \
    for (int i = 0; i < N; i++) {                                              \
      *gs += g.c[i] / a.c[i];                                                  \
      ga->c[i] -= g.c[i] * r.c[i] / a.c[i];                                    \
    }                                                                          \
  }                                                                            \
  WP_FN void wp_adj_neg_##V(wp_##V a, wp_##V r, wp_##V g, wp_##V *ga) {        \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] -= g.c[i];                                                      \
  }                                                                            \
  WP_FN void wp_adj_pos_##V(wp_##V a, wp_##V r, wp_##V g, wp_##V *ga) {        \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i];                                                      \
  }                                                                            \
  WP_FN void wp_adj_mod_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,      \
                                  wp_##V *ga, wp_##V *gb) {                    \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g.c[i], gb->c[i] -= g.c[i] * wp_trunc_##S(a.c[i] / b.c[i]);  \
  }                                                                            \
  WP_FN void wp_adj_min_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,      \
                                  wp_##V *ga, wp_##V *gb) {                    \
    for (int i = 0; i < N; i++)                                                \
      wp_adj_min_##S(a.c[i], b.c[i], r.c[i], g.c[i], &ga->c[i], &gb->c[i]);    \
  }                                                                            \
  WP_FN void wp_adj_max_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,      \
                                  wp_##V *ga, wp_##V *gb) {                    \
    for (int i = 0; i < N; i++)                                                \
      wp_adj_max_##S(a.c[i], b.c[i], r.c[i], g.c[i], &ga->c[i], &gb->c[i]);    \
  }                                                                            \
  /* min(v)/max(v): the gradient goes to the first extreme component that      \
     is not NaN (component 0 when all are), as warp-lang 1.19's argmin */      \
  WP_FN void wp_adj_min_##V(wp_##V a, T r, T g, wp_##V *ga) {                  \
    int k = 0;                                                                 \
    for (int i = 0; i < N; i++)                                                \
      if (a.c[i] == r) {                                                       \
        k = i;                                                                 \
        break;                                                                 \
      }                                                                        \
    ga->c[k] += g;                                                             \
  }                                                                            \
  WP_FN void wp_adj_max_##V(wp_##V a, T r, T g, wp_##V *ga) {                  \
    wp_adj_min_##V(a, r, g, ga);                                               \
  }                                                                            \
  WP_FN void wp_adj_abs_##V(wp_##V a, wp_##V r, wp_##V g, wp_##V *ga) {        \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += a.c[i] < (T)0 ? -g.c[i] : g.c[i];                            \
  }                                                                            \
  WP_FN void wp_adj_dot_##V##_##V(wp_##V a, wp_##V b, T r, T g, wp_##V *ga,    \
                                  wp_##V *gb) {                                \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += g * b.c[i], gb->c[i] += g * a.c[i];                          \
  }                                                                            \
  WP_FN void wp_adj_length_sq_##V(wp_##V a, T r, T g, wp_##V *ga) {            \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      ga->c[i] += (T)2 * a.c[i] * g;                                           \
  }                                                                            \
  WP_FN void wp_adj_length_##V(wp_##V a, T r, T g, wp_##V *ga) {               \
    if (r > (T)0)                                                              \
      for (int i = 0; i < N; i++)                                              \
        ga->c[i] += a.c[i] / r * g;                                            \
  }                                                                            \
  WP_FN void wp_adj_normalize_##V(wp_##V a, wp_##V r, wp_##V g, wp_##V *ga) {  \
    T d = wp_length_##V(a);                                                    \
    if (d > (T)0) {                                                            \
      T inv = (T)1 / d, rg = wp_dot_##V##_##V(r, g);                           \
      for (int i = 0; i < N; i++)                                              \
        ga->c[i] += g.c[i] * inv - r.c[i] * rg * inv;                          \
    }                                                                          \
  }

#define WP_VEC_CROSS_ADJ(V, T)                                                 \
  WP_FN void wp_adj_cross_##V##_##V(wp_##V a, wp_##V b, wp_##V r, wp_##V g,    \
                                    wp_##V *ga, wp_##V *gb) {                  \
    (void)r;                                                                   \
    wp_##V x = wp_cross_##V##_##V(b, g), y = wp_cross_##V##_##V(a, g);         \
    ga->c[0] += x.c[0], ga->c[1] += x.c[1], ga->c[2] += x.c[2];                \
    gb->c[0] -= y.c[0], gb->c[1] -= y.c[1], gb->c[2] -= y.c[2];                \
  }

#define WP_MAT_ADJ(M, S, T, R, C, VR, VC)                                      \
  /* more math: cw_mul, cw_div, lerp */                                        \
  WP_FN void wp_adj_cw_mul_##M##_##M(wp_##M a, wp_##M b, wp_##M r, wp_##M g,   \
                                     wp_##M *ga, wp_##M *gb) {                 \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += b.c[i][j] * g.c[i][j],                                  \
            gb->c[i][j] += a.c[i][j] * g.c[i][j];                              \
  }                                                                            \
  WP_FN void wp_adj_cw_div_##M##_##M(wp_##M a, wp_##M b, wp_##M r, wp_##M g,   \
                                     wp_##M *ga, wp_##M *gb) {                 \
    (void)a;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j] / b.c[i][j],                                  \
            gb->c[i][j] -= g.c[i][j] * (r.c[i][j] / b.c[i][j]);                \
  }                                                                            \
  WP_FN void wp_adj_lerp_##M##_##M##_##S(wp_##M a, wp_##M b, T t, wp_##M r,    \
                                         wp_##M g, wp_##M *ga, wp_##M *gb,     \
                                         T *gt) {                              \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++) {                                            \
        ga->c[i][j] += g.c[i][j] * ((T)1 - t), gb->c[i][j] += g.c[i][j] * t;   \
        *gt += b.c[i][j] * g.c[i][j] - a.c[i][j] * g.c[i][j];                  \
      }                                                                        \
  }                                                                            \
  WP_FN void wp_adj_add_##M##_##M(wp_##M a, wp_##M b, wp_##M r, wp_##M g,      \
                                  wp_##M *ga, wp_##M *gb) {                    \
    (void)a, (void)b, (void)r;                                                 \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j], gb->c[i][j] += g.c[i][j];                    \
  }                                                                            \
  WP_FN void wp_adj_sub_##M##_##M(wp_##M a, wp_##M b, wp_##M r, wp_##M g,      \
                                  wp_##M *ga, wp_##M *gb) {                    \
    (void)a, (void)b, (void)r;                                                 \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j], gb->c[i][j] -= g.c[i][j];                    \
  }                                                                            \
  WP_FN void wp_adj_neg_##M(wp_##M a, wp_##M r, wp_##M g, wp_##M *ga) {        \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] -= g.c[i][j];                                              \
  }                                                                            \
  WP_FN void wp_adj_pos_##M(wp_##M a, wp_##M r, wp_##M g, wp_##M *ga) {        \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j];                                              \
  }                                                                            \
  WP_FN void wp_adj_mul_##M##_##S(wp_##M a, T s, wp_##M r, wp_##M g,           \
                                  wp_##M *ga, T *gs) {                         \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j] * s, *gs += g.c[i][j] * a.c[i][j];            \
  }                                                                            \
  WP_FN void wp_adj_mul_##S##_##M(T s, wp_##M a, wp_##M r, wp_##M g, T *gs,    \
                                  wp_##M *ga) {                                \
    wp_adj_mul_##M##_##S(a, s, r, g, ga, gs);                                  \
  }                                                                            \
  WP_FN void wp_adj_div_##M##_##S(wp_##M a, T s, wp_##M r, wp_##M g,           \
                                  wp_##M *ga, T *gs) {                         \
    (void)a;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[i][j] / s, *gs -= g.c[i][j] * r.c[i][j] / s;        \
  }                                                                            \
  /* s / a, component-wise (Warp's adj_div(Type s, mat_t a)) */                \
  WP_FN void wp_adj_div_##S##_##M(T s, wp_##M a, wp_##M r, wp_##M g, T *gs,    \
                                  wp_##M *ga) {                                \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++) {                                            \
        T inv = (T)1 / a.c[i][j];                                              \
        ga->c[i][j] -= s * g.c[i][j] * inv * inv, *gs += g.c[i][j] * inv;      \
      }                                                                        \
  }                                                                            \
  WP_FN void wp_adj_mul_##M##_##VC(wp_##M m, wp_##VC v, wp_##VR r, wp_##VR g,  \
                                   wp_##M *gm, wp_##VC *gv) {                  \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        gm->c[i][j] += g.c[i] * v.c[j], gv->c[j] += m.c[i][j] * g.c[i];        \
  }                                                                            \
  WP_FN void wp_adj_mul_##VR##_##M(wp_##VR v, wp_##M m, wp_##VC r, wp_##VC g,  \
                                   wp_##VR *gv, wp_##M *gm) {                  \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        gv->c[i] += m.c[i][j] * g.c[j], gm->c[i][j] += v.c[i] * g.c[j];        \
  }                                                                            \
  WP_FN void wp_adj_outer_##VR##_##VC(wp_##VR a, wp_##VC b, wp_##M r,          \
                                      wp_##M g, wp_##VR *ga, wp_##VC *gb) {    \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i] += g.c[i][j] * b.c[j], gb->c[j] += g.c[i][j] * a.c[i];        \
  }

/* transpose needs the transposed type: instantiated per (M, MT) */
#define WP_TRANSPOSE_ADJ(M, MT, R, C)                                          \
  WP_FN void wp_adj_transpose_##M(wp_##M a, wp_##MT r, wp_##MT g,              \
                                  wp_##M *ga) {                                \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        ga->c[i][j] += g.c[j][i];                                              \
  }

/* d det(A) / dA is the cofactor matrix; inverse: dA = -inv^T g inv^T. */
#define WP_SQUARE_ADJ(M, S, T, N)                                              \
  WP_FN void wp_adj_inverse_##M(wp_##M a, wp_##M r, wp_##M g, wp_##M *ga) {    \
    (void)a;                                                                   \
    wp_##M t;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++) {                                            \
        T s = 0;                                                               \
        for (int k = 0; k < N; k++)                                            \
          s += g.c[i][k] * r.c[j][k]; /* (g r^T)_ij */                         \
        t.c[i][j] = s;                                                         \
      }                                                                        \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++) {                                            \
        T s = 0;                                                               \
        for (int k = 0; k < N; k++)                                            \
          s += r.c[k][i] * t.c[k][j]; /* (r^T g r^T)_ij */                     \
        ga->c[i][j] -= s;                                                      \
      }                                                                        \
  }                                                                            \
  WP_FN void wp_adj_determinant_##M(wp_##M a, T r, T g, wp_##M *ga) {          \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      for (int j = 0; j < N; j++) {                                            \
        /* cofactor (i, j): signed minor without row i and column j */         \
        wp_##M m = a;                                                          \
        for (int k = 0; k < N; k++)                                            \
          m.c[i][k] = (T)(k == j), m.c[k][j] = (T)(k == i);                    \
        ga->c[i][j] += wp_determinant_##M(m) * g;                              \
      }                                                                        \
  }

#define WP_MATMUL_ADJ(A, B, O, T, R, K, C)                                     \
  WP_FN void wp_adj_mul_##A##_##B(wp_##A a, wp_##B b, wp_##O r, wp_##O g,      \
                                  wp_##A *ga, wp_##B *gb) {                    \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int k = 0; k < K; k++)                                              \
        for (int j = 0; j < C; j++)                                            \
          ga->c[i][k] += g.c[i][j] * b.c[k][j],                                \
              gb->c[k][j] += a.c[i][k] * g.c[i][j];                            \
  }
