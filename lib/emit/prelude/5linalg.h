/* 5linalg.h - linear-algebra part of the builtin library of generated code
 * (registry: lib/ir/builtins_linalg.c), with the adjoint rule of each
 * differentiable builtin next to its primal:
 *   error function family (float32/float64, instantiated here)
 *   WP_LA_VEC(V, S, T, N)       argmax/argmin of numeric vectors
 *   WP_LA_VECF(V, S, T, N)      warp.math norms of float vectors
 *   WP_LA_MAT(M, S, T, R, C)    ddot
 *   WP_LA_SQ(M, S, T, N, V)     diag, get_diag, trace of N x N matrices
 *   WP_LA_M33(M, S, T, V)       skew
 *   WP_LA_DEC3(M, S, T, V)      svd3, qr3, eig3 kernels (per use)
 *   WP_LA_DEC2(M, S, T, V)      svd2 kernel (per use)
 *   WP_LA_TUPLE3 / WP_LA_TUPLE2 the tuple-returning builtins on top of them
 *
 * The 3x3 decompositions follow McAdams et al., "Computing the Singular
 * Value Decomposition of 3x3 matrices with minimal branching and elementary
 * floating point operations" (2011): a fixed number of cyclic Jacobi sweeps
 * with approximate Givens rotations on A^T A, columns sorted by decreasing
 * norm (a swap negates one column to keep V a rotation), then a Givens QR
 * of A V whose first two diagonal entries are non-negative.  Their adjoints
 * are the standard ones (SVD: Townsend, "Differentiating the singular value
 * decomposition", 2016; QR: Liao et al. 2019, eq. 3; symmetric eigenproblem:
 * Giles 2008), with Warp's guards against equal singular values /
 * eigenvalues. */

/* ---- error function family ---------------------------------------------
 * The CPU has erf/erfc in libm but no inverse: erfinv is solved in double
 * precision (Halley's method from Winitzki's approximation, on erfc near
 * +-1 where erf loses its precision), as warp-lang computes it in double
 * on the CPU; erfcinv(x) is erfinv(1 - x) there.  CUDA has all four. */
#define WP_LA_SQRT_PI_2 0.88622692545275801365 /* sqrt(pi) / 2 */
#define WP_LA_2_SQRT_PI 1.12837916709551257390 /* 2 / sqrt(pi) */
#ifndef __CUDACC__
WP_FN double wp_la_erfinv(double z) {
  if (z != z || z < -1.0 || z > 1.0)
    return __builtin_nan("");
  if (z == 0.0)
    return 0.0;
  if (z == 1.0 || z == -1.0)
    return z * __builtin_inf();
  double a = __builtin_fabs(z);
  double y;
  if (a < 1e-3) {
    y = a * WP_LA_SQRT_PI_2;
  } else {
    double w = __builtin_log((1.0 - a) * (1.0 + a));
    double t = 2.0 / (3.14159265358979323846 * 0.147) + 0.5 * w;
    y = __builtin_sqrt(__builtin_sqrt(t * t - w / 0.147) - t);
  }
  for (int i = 0; i < 4; i++) {
    /* f(y) = erf(y) - a, written through erfc where erf(y) is near 1 */
    double f = a < 0.5 ? __builtin_erf(y) - a : (1.0 - a) - __builtin_erfc(y);
    double d = WP_LA_2_SQRT_PI * __builtin_exp(-y * y);
    y -= f / (d + y * f);
  }
  return z < 0.0 ? -y : y;
}
#define WP_LA_ERFINV(N, T, INV, CINV)                                          \
  WP_FN T wp_erfinv_##N(T x) {                                                 \
    return (T)wp_la_erfinv((double)x);                                         \
  }                                                                            \
  WP_FN T wp_erfcinv_##N(T x) {                                                \
    return (T)wp_la_erfinv(1.0 - (double)x);                                   \
  }
#else
#define WP_LA_ERFINV(N, T, INV, CINV)                                          \
  WP_FN T wp_erfinv_##N(T x) {                                                 \
    return INV(x);                                                             \
  }                                                                            \
  WP_FN T wp_erfcinv_##N(T x) {                                                \
    return CINV(x);                                                            \
  }
#endif

#define WP_LA_ERF(N, T, M, INV, CINV)                                          \
  WP_FN T wp_erf_##N(T x) {                                                    \
    return M(erf)(x);                                                          \
  }                                                                            \
  WP_FN T wp_erfc_##N(T x) {                                                   \
    return M(erfc)(x);                                                         \
  }                                                                            \
  WP_LA_ERFINV(N, T, INV, CINV)                                                \
  WP_FN void wp_adj_erf_##N(T x, T r, T g, T *gx) {                            \
    (void)r;                                                                   \
    *gx += (T)WP_LA_2_SQRT_PI * M(exp)(-x * x) * g;                            \
  }                                                                            \
  WP_FN void wp_adj_erfc_##N(T x, T r, T g, T *gx) {                           \
    (void)r;                                                                   \
    *gx -= (T)WP_LA_2_SQRT_PI * M(exp)(-x * x) * g;                            \
  }                                                                            \
  WP_FN void wp_adj_erfinv_##N(T x, T r, T g, T *gx) {                         \
    (void)x;                                                                   \
    *gx += (T)WP_LA_SQRT_PI_2 * M(exp)(r * r) * g;                             \
  }                                                                            \
  WP_FN void wp_adj_erfcinv_##N(T x, T r, T g, T *gx) {                        \
    (void)x;                                                                   \
    *gx -= (T)WP_LA_SQRT_PI_2 * M(exp)(r * r) * g;                             \
  }

WP_LA_ERF(float32, float, WP_MATHF, erfinvf, erfcinvf)
WP_LA_ERF(float64, double, WP_MATH, erfinv, erfcinv)

/* ---- vectors ------------------------------------------------------------ */

/* argmax/argmin: the first index of the extreme component, NaN components
 * skipped (0 when all are NaN), as warp-lang 1.19. */
#define WP_LA_VEC(V, S, T, N)                                                  \
  WP_FN wp_uint32 wp_argmax_##V(wp_##V a) {                                    \
    int k = 0;                                                                 \
    while (k < N && a.c[k] != a.c[k])                                          \
      k++;                                                                     \
    if (k == N)                                                                \
      return 0;                                                                \
    for (int i = k + 1; i < N; i++)                                            \
      if (a.c[i] > a.c[k])                                                     \
        k = i;                                                                 \
    return (wp_uint32)k;                                                       \
  }                                                                            \
  WP_FN wp_uint32 wp_argmin_##V(wp_##V a) {                                    \
    int k = 0;                                                                 \
    while (k < N && a.c[k] != a.c[k])                                          \
      k++;                                                                     \
    if (k == N)                                                                \
      return 0;                                                                \
    for (int i = k + 1; i < N; i++)                                            \
      if (a.c[i] < a.c[k])                                                     \
        k = i;                                                                 \
    return (wp_uint32)k;                                                       \
  }

/* warp.math's norms (generic Warp functions there, differentiated through
 * their bodies: the same formulas here). */
#define WP_LA_VECF(V, S, T, N)                                                 \
  WP_FN T wp_norm_l1_##V(wp_##V v) {                                           \
    T n = (T)0;                                                                \
    for (int i = 0; i < N; i++)                                                \
      n += wp_abs_##S(v.c[i]);                                                 \
    return n;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_norm_l1_##V(wp_##V v, T r, T g, wp_##V *gv) {              \
    (void)r;                                                                   \
    for (int i = 0; i < N; i++)                                                \
      gv->c[i] += v.c[i] < (T)0 ? -g : g;                                      \
  }                                                                            \
  WP_FN T wp_norm_l2_##V(wp_##V v) {                                           \
    return wp_length_##V(v);                                                   \
  }                                                                            \
  WP_FN void wp_adj_norm_l2_##V(wp_##V v, T r, T g, wp_##V *gv) {              \
    wp_adj_length_##V(v, r, g, gv);                                            \
  }                                                                            \
  WP_FN T wp_norm_huber_##V##_##S(wp_##V v, T delta) {                         \
    T a = wp_dot_##V##_##V(v, v);                                              \
    if (a <= delta * delta)                                                    \
      return (T)0.5 * a;                                                       \
    return delta * (wp_sqrt_##S(a) - (T)0.5 * delta);                          \
  }                                                                            \
  WP_FN void wp_adj_norm_huber_##V##_##S(wp_##V v, T delta, T r, T g,          \
                                         wp_##V *gv, T *gdelta) {              \
    (void)r;                                                                   \
    T a = wp_dot_##V##_##V(v, v);                                              \
    T ga;                                                                      \
    if (a <= delta * delta) {                                                  \
      ga = (T)0.5 * g;                                                         \
    } else {                                                                   \
      T s = wp_sqrt_##S(a);                                                    \
      *gdelta += (s - (T)0.5 * delta) * g - (T)0.5 * delta * g;                \
      ga = (T)0.5 / s * (delta * g);                                           \
    }                                                                          \
    for (int i = 0; i < N; i++)                                                \
      gv->c[i] += (T)2 * v.c[i] * ga;                                          \
  }                                                                            \
  WP_FN T wp_norm_pseudo_huber_##V##_##S(wp_##V v, T delta) {                  \
    T a = wp_dot_##V##_##V(v, v);                                              \
    return delta * wp_sqrt_##S((T)1 + a / (delta * delta));                    \
  }                                                                            \
  /* adds the adjoint of pseudo_huber(v, delta) for result adjoint g */        \
  WP_FN void wp_adj_norm_pseudo_huber_##V##_##S(wp_##V v, T delta, T r, T g,   \
                                                wp_##V *gv, T *gdelta) {       \
    (void)r;                                                                   \
    T a = wp_dot_##V##_##V(v, v), d2 = delta * delta;                          \
    T q = a / d2, s = wp_sqrt_##S((T)1 + q);                                   \
    T gq = (T)0.5 / s * (delta * g); /* through the sqrt */                    \
    T ga = gq / d2;                                                            \
    *gdelta += s * g - gq * q / d2 * (T)2 * delta;                             \
    for (int i = 0; i < N; i++)                                                \
      gv->c[i] += (T)2 * v.c[i] * ga;                                          \
  }                                                                            \
  WP_FN wp_##V wp_smooth_normalize_##V##_##S(wp_##V v, T delta) {              \
    return wp_div_##V##_##S(v, wp_norm_pseudo_huber_##V##_##S(v, delta));      \
  }                                                                            \
  WP_FN void wp_adj_smooth_normalize_##V##_##S(                                \
      wp_##V v, T delta, wp_##V r, wp_##V g, wp_##V *gv, T *gdelta) {          \
    T h = wp_norm_pseudo_huber_##V##_##S(v, delta);                            \
    for (int i = 0; i < N; i++)                                                \
      gv->c[i] += g.c[i] / h;                                                  \
    T gh = -wp_dot_##V##_##V(g, r) / h;                                        \
    wp_adj_norm_pseudo_huber_##V##_##S(v, delta, h, gh, gv, gdelta);           \
  }

/* ---- matrices ----------------------------------------------------------- */

#define WP_LA_MAT(M, S, T, R, C)                                               \
  WP_FN T wp_ddot_##M##_##M(wp_##M a, wp_##M b) {                              \
    T r = (T)0;                                                                \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++)                                              \
        r += a.c[i][j] * b.c[i][j];                                            \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_ddot_##M##_##M(wp_##M a, wp_##M b, T r, T g, wp_##M *ga,   \
                                   wp_##M *gb) {                               \
    (void)r;                                                                   \
    for (int i = 0; i < R; i++)                                                \
      for (int j = 0; j < C; j++) {                                            \
        ga->c[i][j] += b.c[i][j] * g;                                          \
        gb->c[i][j] += a.c[i][j] * g;                                          \
      }                                                                        \
  }

#define WP_LA_SQ(M, S, T, N, V)                                                \
  WP_FN wp_##M wp_diag_##V(wp_##V v) {                                         \
    wp_##M m = {{{0}}};                                                        \
    for (int i = 0; i < N; i++)                                                \
      m.c[i][i] = v.c[i];                                                      \
    return m;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_diag_##V(wp_##V v, wp_##M r, wp_##M g, wp_##V *gv) {       \
    (void)v, (void)r;                                                          \
    for (int i = 0; i < N; i++)                                                \
      gv->c[i] += g.c[i][i];                                                   \
  }                                                                            \
  WP_FN wp_##V wp_get_diag_##M(wp_##M m) {                                     \
    wp_##V v;                                                                  \
    for (int i = 0; i < N; i++)                                                \
      v.c[i] = m.c[i][i];                                                      \
    return v;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_get_diag_##M(wp_##M m, wp_##V r, wp_##V g, wp_##M *gm) {   \
    (void)m, (void)r;                                                          \
    for (int i = 0; i < N; i++)                                                \
      gm->c[i][i] += g.c[i];                                                   \
  }                                                                            \
  WP_FN T wp_trace_##M(wp_##M m) {                                             \
    T t = (T)0;                                                                \
    for (int i = 0; i < N; i++)                                                \
      t += m.c[i][i];                                                          \
    return t;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_trace_##M(wp_##M m, T r, T g, wp_##M *gm) {                \
    (void)m, (void)r;                                                          \
    for (int i = 0; i < N; i++)                                                \
      gm->c[i][i] += g;                                                        \
  }

#define WP_LA_M33(M, S, T, V)                                                  \
  WP_FN wp_##M wp_skew_##V(wp_##V v) {                                         \
    wp_##M m = {                                                               \
        {{0, -v.c[2], v.c[1]}, {v.c[2], 0, -v.c[0]}, {-v.c[1], v.c[0], 0}}};   \
    return m;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_skew_##V(wp_##V v, wp_##M r, wp_##M g, wp_##V *gv) {       \
    (void)v, (void)r;                                                          \
    gv->c[0] += g.c[2][1] - g.c[1][2];                                         \
    gv->c[1] += g.c[0][2] - g.c[2][0];                                         \
    gv->c[2] += g.c[1][0] - g.c[0][1];                                         \
  }

/* ---- decompositions ----------------------------------------------------- */

#define WP_LA_EPS_float32 1e-6f
#define WP_LA_EPS_float64 1e-12
#define WP_LA_SWEEPS_float32 4
#define WP_LA_SWEEPS_float64 8
#define WP_LA_GAMMA 5.828427124746190098  /* (1 + sqrt 2)^2 */
#define WP_LA_CSTAR 0.923879532511286756  /* cos(pi/8) */
#define WP_LA_SSTAR 0.3826834323650897717 /* sin(pi/8) */

#ifdef __CUDACC__
#define WP_LA_RSQRT_float32(x) rsqrtf(x)
#define WP_LA_RSQRT_float64(x) rsqrt(x)
#else
#define WP_LA_RSQRT_float32(x) (1.0f / __builtin_sqrtf(x))
#define WP_LA_RSQRT_float64(x) (1.0 / __builtin_sqrt(x))
#endif

/* Plain-array 3x3 helpers and the three decompositions of a 3x3 matrix
 * (out-pointer kernels) with their adjoint kernels. */
#define WP_LA_DEC3(M, S, T, V)                                                 \
  WP_FN void wp_la_mm_##M(const T a[3][3], const T b[3][3], int ta, int tb,    \
                          T r[3][3]) {                                         \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        T s = (T)0;                                                            \
        for (int k = 0; k < 3; k++)                                            \
          s += (ta ? a[k][i] : a[i][k]) * (tb ? b[j][k] : b[k][j]);            \
        r[i][j] = s;                                                           \
      }                                                                        \
  }                                                                            \
  /* columns p, q of x (3 rows) rotated by G (G_pp = G_qq = c, G_qp = s,       \
     G_pq = -s): x <- x G */                                                   \
  WP_FN void wp_la_rotc_##M(T x[3][3], int p, int q, T c, T s) {               \
    for (int k = 0; k < 3; k++) {                                              \
      T xp = x[k][p], xq = x[k][q];                                            \
      x[k][p] = c * xp + s * xq;                                               \
      x[k][q] = c * xq - s * xp;                                               \
    }                                                                          \
  }                                                                            \
  /* rows p, q of x: x <- G^T x */                                             \
  WP_FN void wp_la_rotr_##M(T x[3][3], int p, int q, T c, T s) {               \
    for (int k = 0; k < 3; k++) {                                              \
      T xp = x[p][k], xq = x[q][k];                                            \
      x[p][k] = c * xp + s * xq;                                               \
      x[q][k] = c * xq - s * xp;                                               \
    }                                                                          \
  }                                                                            \
  /* cyclic Jacobi sweeps on symmetric s with approximate Givens rotations     \
     (half-angle cosine/sine ch, sh); v accumulates the rotations */           \
  WP_FN void wp_la_jacobi_##M(T s[3][3], T v[3][3]) {                          \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        v[i][j] = (T)(i == j);                                                 \
    for (int sweep = 0; sweep < WP_LA_SWEEPS_##S; sweep++)                     \
      for (int p = 0; p < 3; p++) {                                            \
        int q = (p + 1) % 3;                                                   \
        T ch = (T)2 * (s[p][p] - s[q][q]), sh = s[p][q];                       \
        if ((T)WP_LA_GAMMA * sh * sh < ch * ch) {                              \
          T w = WP_LA_RSQRT_##S(ch * ch + sh * sh);                            \
          ch *= w, sh *= w;                                                    \
        } else {                                                               \
          ch = (T)WP_LA_CSTAR, sh = (T)WP_LA_SSTAR;                            \
        }                                                                      \
        T c = ch * ch - sh * sh, sn = (T)2 * sh * ch;                          \
        wp_la_rotc_##M(s, p, q, c, sn);                                        \
        wp_la_rotr_##M(s, p, q, c, sn);                                        \
        wp_la_rotc_##M(v, p, q, c, sn);                                        \
      }                                                                        \
  }                                                                            \
  /* Givens QR of b in place (b becomes R), u the product of rotations */      \
  WP_FN void wp_la_qr_##M(T b[3][3], T u[3][3]) {                              \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        u[i][j] = (T)(i == j);                                                 \
    for (int k = 0; k < 3; k++) {                                              \
      int p = k == 2 ? 1 : 0, q = k == 0 ? 1 : 2;                              \
      T a1 = b[p][p], a2 = b[q][p];                                            \
      T rho = wp_sqrt_##S(a1 * a1 + a2 * a2);                                  \
      T sh = rho > WP_LA_EPS_##S ? a2 : (T)0;                                  \
      T ch = wp_abs_##S(a1) + wp_max_##S(rho, WP_LA_EPS_##S);                  \
      if (a1 < (T)0) {                                                         \
        T t = sh;                                                              \
        sh = ch, ch = t;                                                       \
      }                                                                        \
      T w = WP_LA_RSQRT_##S(ch * ch + sh * sh);                                \
      ch *= w, sh *= w;                                                        \
      T c = ch * ch - sh * sh, sn = (T)2 * sh * ch;                            \
      wp_la_rotr_##M(b, p, q, c, sn);                                          \
      wp_la_rotc_##M(u, p, q, c, sn);                                          \
    }                                                                          \
  }                                                                            \
  WP_FN void wp_svd3_impl_##M(wp_##M a, wp_##M *u, wp_##V *sigma, wp_##M *v) { \
    T s[3][3], b[3][3], r[3][3];                                               \
    wp_la_mm_##M(a.c, a.c, 1, 0, s);                                           \
    wp_la_jacobi_##M(s, v->c);                                                 \
    wp_la_mm_##M(a.c, v->c, 0, 0, b);                                          \
    T rho[3];                                                                  \
    for (int j = 0; j < 3; j++)                                                \
      rho[j] = b[0][j] * b[0][j] + b[1][j] * b[1][j] + b[2][j] * b[2][j];      \
    for (int k = 0; k < 3; k++) {                                              \
      int i = k == 2 ? 1 : 0, j = k == 0 ? 1 : 2;                              \
      if (rho[i] < rho[j]) { /* swap, negating the new column j */             \
        T t = rho[i];                                                          \
        rho[i] = rho[j], rho[j] = t;                                           \
        for (int l = 0; l < 3; l++) {                                          \
          T x = b[l][i];                                                       \
          b[l][i] = b[l][j], b[l][j] = -x;                                     \
          x = v->c[l][i];                                                      \
          v->c[l][i] = v->c[l][j], v->c[l][j] = -x;                            \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    wp_la_qr_##M(b, r);                                                        \
    for (int i = 0; i < 3; i++) {                                              \
      sigma->c[i] = b[i][i];                                                   \
      for (int j = 0; j < 3; j++)                                              \
        u->c[i][j] = r[i][j];                                                  \
    }                                                                          \
  }                                                                            \
  WP_FN void wp_qr3_impl_##M(wp_##M a, wp_##M *q, wp_##M *r) {                 \
    *r = a;                                                                    \
    wp_la_qr_##M(r->c, q->c);                                                  \
  }                                                                            \
  WP_FN void wp_eig3_impl_##M(wp_##M a, wp_##M *q, wp_##V *d) {                \
    T s[3][3], t[3][3], e[3][3];                                               \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        s[i][j] = i >= j ? a.c[i][j] : a.c[j][i]; /* the lower triangle */     \
    wp_la_jacobi_##M(s, q->c);                                                 \
    wp_la_mm_##M(q->c, a.c, 1, 0, t);                                          \
    wp_la_mm_##M(t, q->c, 0, 0, e);                                            \
    for (int i = 0; i < 3; i++)                                                \
      d->c[i] = e[i][i];                                                       \
  }                                                                            \
  /* adjoint kernels: ga += dA from the adjoints of the outputs */             \
  WP_FN void wp_svd3_adj_impl_##M(wp_##M u, wp_##V sg, wp_##M v, wp_##M gu,    \
                                  wp_##V gs, wp_##M gv, wp_##M *ga) {          \
    T f[3][3], x[3][3], y[3][3], k[3][3], t[3][3], w[3][3];                    \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        T d = i < j ? sg.c[j] * sg.c[j] - sg.c[i] * sg.c[i]                    \
                    : sg.c[i] * sg.c[i] - sg.c[j] * sg.c[j];                   \
        T fij = (T)1 / wp_min_##S(d, -WP_LA_EPS_##S);                          \
        f[i][j] = i == j ? (T)0 : (i < j ? fij : -fij);                        \
      }                                                                        \
    /* k = (F o (U^T gU - gU^T U)) S + S (F o (V^T gV - gV^T V)) + diag(gs) */ \
    wp_la_mm_##M(u.c, gu.c, 1, 0, x);                                          \
    wp_la_mm_##M(gu.c, u.c, 1, 0, y);                                          \
    wp_la_mm_##M(v.c, gv.c, 1, 0, t);                                          \
    wp_la_mm_##M(gv.c, v.c, 1, 0, w);                                          \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        k[i][j] = f[i][j] * (x[i][j] - y[i][j]) * sg.c[j] +                    \
                  sg.c[i] * f[i][j] * (t[i][j] - w[i][j]) +                    \
                  (i == j ? gs.c[i] : (T)0);                                   \
    wp_la_mm_##M(u.c, k, 0, 0, x);                                             \
    wp_la_mm_##M(x, v.c, 0, 1, y);                                             \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        ga->c[i][j] += y[i][j];                                                \
  }                                                                            \
  WP_FN void wp_qr3_adj_impl_##M(wp_##M q, wp_##M r, wp_##M gq, wp_##M gr,     \
                                 wp_##M *ga) {                                 \
    T m[3][3], x[3][3], y[3][3];                                               \
    wp_la_mm_##M(r.c, gr.c, 0, 1, x);                                          \
    wp_la_mm_##M(gq.c, q.c, 1, 0, y);                                          \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        m[i][j] = x[i][j] - y[i][j];                                           \
    for (int i = 0; i < 3; i++) /* lower triangle copied to the upper */       \
      for (int j = i + 1; j < 3; j++)                                          \
        m[i][j] = m[j][i];                                                     \
    wp_la_mm_##M(q.c, m, 0, 0, x);                                             \
    wp_##M b, rt = wp_transpose_##M(r);                                        \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        b.c[i][j] = gq.c[i][j] + x[i][j];                                      \
    wp_##M ri = wp_inverse_##M(rt);                                            \
    wp_la_mm_##M(b.c, ri.c, 0, 0, y);                                          \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        ga->c[i][j] += y[i][j];                                                \
  }                                                                            \
  WP_FN void wp_eig3_adj_impl_##M(wp_##M q, wp_##V d, wp_##M gq, wp_##V gd,    \
                                  wp_##M *ga) {                                \
    T k[3][3], x[3][3], y[3][3];                                               \
    wp_la_mm_##M(q.c, gq.c, 1, 0, x);                                          \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        if (i == j) {                                                          \
          k[i][j] = gd.c[i];                                                   \
          continue;                                                            \
        }                                                                      \
        int lo = i < j ? i : j, hi = i < j ? j : i;                            \
        T dd = d.c[hi] - d.c[lo];                                              \
        if (dd < (T)0 && dd > (T)-1e-6)                                        \
          dd = (T)-1e-6;                                                       \
        if (dd > (T)0 && dd < (T)1e-6)                                         \
          dd = (T)1e-6;                                                        \
        T fij = (T)1 / dd;                                                     \
        k[i][j] = (i < j ? fij : -fij) * x[i][j];                              \
      }                                                                        \
    wp_la_mm_##M(q.c, k, 0, 0, x);                                             \
    wp_la_mm_##M(x, q.c, 0, 1, y);                                             \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++)                                              \
        ga->c[i][j] += y[i][j];                                                \
  }

/* svd2: closed form from the eigenvalues of A^T A (Warp's conventions: the
 * first right singular vector from the eigenvector formula below, U's
 * second column completed with the sign of det A; equal eigenvalues give
 * identities). */
#define WP_LA_DEC2(M, S, T, V)                                                 \
  WP_FN void wp_svd2_impl_##M(wp_##M a, wp_##M *u, wp_##V *sigma, wp_##M *v) { \
    T a11 = a.c[0][0], a12 = a.c[0][1], a21 = a.c[1][0], a22 = a.c[1][1];      \
    T p = a11 * a11 + a21 * a21, r = a12 * a12 + a22 * a22;                    \
    T b = a11 * a12 + a21 * a22;                                               \
    T tr = p + r, df = p - r, disc = df * df + (T)4 * b * b;                   \
    if (disc == (T)0) {                                                        \
      T s = wp_sqrt_##S((T)0.5 * tr);                                          \
      wp_##M id = {{{1, 0}, {0, 1}}};                                          \
      *u = id, *v = id;                                                        \
      sigma->c[0] = s, sigma->c[1] = s;                                        \
      return;                                                                  \
    }                                                                          \
    T root = wp_sqrt_##S(disc);                                                \
    T l1 = (tr + root) * (T)0.5, l2 = (tr - root) * (T)0.5;                    \
    T is1 = WP_LA_RSQRT_##S(l1);                                               \
    T x = df + root - (T)2 * b, y = df - root + (T)2 * b;                      \
    T n2 = x * x + y * y, v1, v2;                                              \
    if (n2 == (T)0) {                                                          \
      v1 = v2 = (T)0.707106781186547524401;                                    \
    } else {                                                                   \
      T in = WP_LA_RSQRT_##S(n2);                                              \
      v1 = x * in, v2 = y * in;                                                \
    }                                                                          \
    v->c[0][0] = v1, v->c[1][0] = v2, v->c[0][1] = -v2, v->c[1][1] = v1;       \
    T u1 = (a11 * v1 + a12 * v2) * is1, u2 = (a21 * v1 + a22 * v2) * is1;      \
    T sgn = wp_sign_##S(a11 * a22 - a12 * a21);                                \
    u->c[0][0] = u1, u->c[1][0] = u2;                                          \
    u->c[0][1] = -u2 * sgn, u->c[1][1] = u1 * sgn;                             \
    sigma->c[0] = (T)1 / is1, sigma->c[1] = wp_sqrt_##S(l2);                   \
  }                                                                            \
  WP_FN void wp_svd2_adj_impl_##M(wp_##M u, wp_##V sg, wp_##M v, wp_##M gu,    \
                                  wp_##V gs, wp_##M gv, wp_##M *ga) {          \
    T f = (T)1 /                                                               \
          wp_min_##S(sg.c[1] * sg.c[1] - sg.c[0] * sg.c[0], -WP_LA_EPS_##S);   \
    T F[2][2] = {{0, f}, {-f, 0}}, k[2][2], x[2][2];                           \
    for (int i = 0; i < 2; i++)                                                \
      for (int j = 0; j < 2; j++) {                                            \
        T xu = 0, yu = 0, xv = 0, yv = 0;                                      \
        for (int l = 0; l < 2; l++) {                                          \
          xu += u.c[l][i] * gu.c[l][j], yu += gu.c[l][i] * u.c[l][j];          \
          xv += v.c[l][i] * gv.c[l][j], yv += gv.c[l][i] * v.c[l][j];          \
        }                                                                      \
        k[i][j] = F[i][j] * (xu - yu) * sg.c[j] +                              \
                  sg.c[i] * F[i][j] * (xv - yv) + (i == j ? gs.c[i] : (T)0);   \
      }                                                                        \
    for (int i = 0; i < 2; i++)                                                \
      for (int j = 0; j < 2; j++)                                              \
        x[i][j] = u.c[i][0] * k[0][j] + u.c[i][1] * k[1][j];                   \
    for (int i = 0; i < 2; i++)                                                \
      for (int j = 0; j < 2; j++)                                              \
        ga->c[i][j] += x[i][0] * v.c[j][0] + x[i][1] * v.c[j][1];              \
  }

/* The tuple-returning builtins, per use (TUP: the tuple's C type, whose
 * members are m0, m1[, m2]). */
#define WP_LA_TUPLE3(NAME, M, TUP)                                             \
  WP_FN TUP wp_##NAME##_##M(wp_##M a) {                                        \
    TUP r;                                                                     \
    wp_##NAME##_impl_##M(a, &r.m0, &r.m1, &r.m2);                              \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_##NAME##_##M(wp_##M a, TUP r, TUP g, wp_##M *ga) {         \
    (void)a;                                                                   \
    wp_##NAME##_adj_impl_##M(r.m0, r.m1, r.m2, g.m0, g.m1, g.m2, ga);          \
  }
#define WP_LA_TUPLE2(NAME, M, TUP)                                             \
  WP_FN TUP wp_##NAME##_##M(wp_##M a) {                                        \
    TUP r;                                                                     \
    wp_##NAME##_impl_##M(a, &r.m0, &r.m1);                                     \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_##NAME##_##M(wp_##M a, TUP r, TUP g, wp_##M *ga) {         \
    (void)a;                                                                   \
    wp_##NAME##_adj_impl_##M(r.m0, r.m1, g.m0, g.m1, ga);                      \
  }
