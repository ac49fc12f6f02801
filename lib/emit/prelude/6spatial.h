/* 6spatial.h - spatial (screw) vectors and matrices, the transform/quat
 * conversions Warp writes as functions, and two geometry queries,
 * instantiated per type next to the macros of 1vecmat.h and 4quat.h:
 *   WP_SPATIAL_VEC(V6, S, T, V3)   spatial_top/bottom/dot/cross/cross_dual
 *                                  of a float 6-vector (w = c[0..2],
 *                                  v = c[3..5]) and their adjoints
 *   WP_SPATIAL_MAT(M66, S, T, M33) spatial_adjoint(R, S) and its adjoint
 *   WP_SPATIAL_QUAT(Q, S, T, V3, M33, M44)  quat_to_axis_angle (as the two
 *                                  internal builtins _quat_axis and
 *                                  _quat_angle), transform_compose and
 *                                  transform_decompose (_transform_decompose
 *                                  _p/_q/_s), with adjoints
 *   WP_SPATIAL_XFORM(X, Q, S, T, V3, M33, M44)  transform_to_matrix,
 *                                  transform_from_matrix and the value forms
 *                                  of transform_set_translation/rotation
 *   WP_SPATIAL_GEOM(V3, S, T)      intersect_tri_tri (float32 and float64)
 *                                  and closest_point_edge_edge (float32);
 *                                  no gradients (as Warp)
 * The formulas are those of Warp's language reference; the adjoints are the
 * exact derivatives, written out. */

#define WP_SPATIAL_VEC(V6, S, T, V3)                                           \
  WP_FN wp_##V3 wp_spatial_top_##V6(wp_##V6 a) {                               \
    wp_##V3 r = {{a.c[0], a.c[1], a.c[2]}};                                    \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V3 wp_spatial_bottom_##V6(wp_##V6 a) {                            \
    wp_##V3 r = {{a.c[3], a.c[4], a.c[5]}};                                    \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V6 wp_spatial_join_##V6(wp_##V3 w, wp_##V3 v) {                   \
    wp_##V6 r = {{w.c[0], w.c[1], w.c[2], v.c[0], v.c[1], v.c[2]}};            \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_spatial_dot_##V6##_##V6(wp_##V6 a, wp_##V6 b) {                   \
    return wp_dot_##V6##_##V6(a, b);                                           \
  }                                                                            \
  /* (wa x wb, va x wb + wa x vb) */                                           \
  WP_FN wp_##V6 wp_spatial_cross_##V6##_##V6(wp_##V6 a, wp_##V6 b) {           \
    wp_##V3 wa = wp_spatial_top_##V6(a), va = wp_spatial_bottom_##V6(a);       \
    wp_##V3 wb = wp_spatial_top_##V6(b), vb = wp_spatial_bottom_##V6(b);       \
    return wp_spatial_join_##V6(                                               \
        wp_cross_##V3##_##V3(wa, wb),                                          \
        wp_add_##V3##_##V3(wp_cross_##V3##_##V3(va, wb),                       \
                           wp_cross_##V3##_##V3(wa, vb)));                     \
  }                                                                            \
  /* (wa x wb + va x vb, wa x vb) */                                           \
  WP_FN wp_##V6 wp_spatial_cross_dual_##V6##_##V6(wp_##V6 a, wp_##V6 b) {      \
    wp_##V3 wa = wp_spatial_top_##V6(a), va = wp_spatial_bottom_##V6(a);       \
    wp_##V3 wb = wp_spatial_top_##V6(b), vb = wp_spatial_bottom_##V6(b);       \
    return wp_spatial_join_##V6(                                               \
        wp_add_##V3##_##V3(wp_cross_##V3##_##V3(wa, wb),                       \
                           wp_cross_##V3##_##V3(va, vb)),                      \
        wp_cross_##V3##_##V3(wa, vb));                                         \
  }                                                                            \
  WP_FN void wp_adj_spatial_top_##V6(wp_##V6 a, wp_##V3 r, wp_##V3 g,          \
                                     wp_##V6 *ga) {                            \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < 3; i++)                                                \
      ga->c[i] += g.c[i];                                                      \
  }                                                                            \
  WP_FN void wp_adj_spatial_bottom_##V6(wp_##V6 a, wp_##V3 r, wp_##V3 g,       \
                                        wp_##V6 *ga) {                         \
    (void)a, (void)r;                                                          \
    for (int i = 0; i < 3; i++)                                                \
      ga->c[3 + i] += g.c[i];                                                  \
  }                                                                            \
  WP_FN void wp_adj_spatial_dot_##V6##_##V6(wp_##V6 a, wp_##V6 b, T r, T g,    \
                                            wp_##V6 *ga, wp_##V6 *gb) {        \
    wp_adj_dot_##V6##_##V6(a, b, r, g, ga, gb);                                \
  }                                                                            \
  /* d(x cross y) = gx += y cross g, gy += g cross x */                        \
  WP_FN void wp_spatial_adj_cross_##V6(wp_##V3 x, wp_##V3 y, wp_##V3 g, T *gx, \
                                       T *gy) {                                \
    wp_##V3 u = wp_cross_##V3##_##V3(y, g), w = wp_cross_##V3##_##V3(g, x);    \
    for (int i = 0; i < 3; i++)                                                \
      gx[i] += u.c[i], gy[i] += w.c[i];                                        \
  }                                                                            \
  WP_FN void wp_adj_spatial_cross_##V6##_##V6(                                 \
      wp_##V6 a, wp_##V6 b, wp_##V6 r, wp_##V6 g, wp_##V6 *ga, wp_##V6 *gb) {  \
    (void)r;                                                                   \
    wp_##V3 wa = wp_spatial_top_##V6(a), va = wp_spatial_bottom_##V6(a);       \
    wp_##V3 wb = wp_spatial_top_##V6(b), vb = wp_spatial_bottom_##V6(b);       \
    wp_##V3 gw = wp_spatial_top_##V6(g), gv = wp_spatial_bottom_##V6(g);       \
    wp_spatial_adj_cross_##V6(wa, wb, gw, &ga->c[0], &gb->c[0]);               \
    wp_spatial_adj_cross_##V6(va, wb, gv, &ga->c[3], &gb->c[0]);               \
    wp_spatial_adj_cross_##V6(wa, vb, gv, &ga->c[0], &gb->c[3]);               \
  }                                                                            \
  WP_FN void wp_adj_spatial_cross_dual_##V6##_##V6(                            \
      wp_##V6 a, wp_##V6 b, wp_##V6 r, wp_##V6 g, wp_##V6 *ga, wp_##V6 *gb) {  \
    (void)r;                                                                   \
    wp_##V3 wa = wp_spatial_top_##V6(a), va = wp_spatial_bottom_##V6(a);       \
    wp_##V3 wb = wp_spatial_top_##V6(b), vb = wp_spatial_bottom_##V6(b);       \
    wp_##V3 gw = wp_spatial_top_##V6(g), gv = wp_spatial_bottom_##V6(g);       \
    wp_spatial_adj_cross_##V6(wa, wb, gw, &ga->c[0], &gb->c[0]);               \
    wp_spatial_adj_cross_##V6(va, vb, gw, &ga->c[3], &gb->c[3]);               \
    wp_spatial_adj_cross_##V6(wa, vb, gv, &ga->c[0], &gb->c[3]);               \
  }

/* [[R, 0], [S, R]] */
#define WP_SPATIAL_MAT(M66, S, T, M33)                                         \
  WP_FN wp_##M66 wp_spatial_adjoint_##M33##_##M33(wp_##M33 r, wp_##M33 s) {    \
    wp_##M66 m;                                                                \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        m.c[i][j] = m.c[i + 3][j + 3] = r.c[i][j];                             \
        m.c[i + 3][j] = s.c[i][j];                                             \
        m.c[i][j + 3] = (T)0;                                                  \
      }                                                                        \
    return m;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_spatial_adjoint_##M33##_##M33(                             \
      wp_##M33 r, wp_##M33 s, wp_##M66 m, wp_##M66 g, wp_##M33 *gr,            \
      wp_##M33 *gs) {                                                          \
    (void)r, (void)s, (void)m;                                                 \
    for (int i = 0; i < 3; i++)                                                \
      for (int j = 0; j < 3; j++) {                                            \
        gr->c[i][j] += g.c[i][j] + g.c[i + 3][j + 3];                          \
        gs->c[i][j] += g.c[i + 3][j];                                          \
      }                                                                        \
  }

#define WP_SPATIAL_QUAT(Q, S, T, V3, M33, M44)                                 \
  /* quat_to_axis_angle: axis = +-normalize(q.xyz) (the sign of q.w),          \
     angle = 2 atan2(|q.xyz|, |q.w|) */                                        \
  WP_FN wp_##V3 wp__quat_axis_##Q(wp_##Q q) {                                  \
    wp_##V3 axis;                                                              \
    T angle;                                                                   \
    wp_quat_axis_angle_##Q(q, &axis, &angle);                                  \
    return axis;                                                               \
  }                                                                            \
  WP_FN T wp__quat_angle_##Q(wp_##Q q) {                                       \
    wp_##V3 axis;                                                              \
    T angle;                                                                   \
    wp_quat_axis_angle_##Q(q, &axis, &angle);                                  \
    return angle;                                                              \
  }                                                                            \
  WP_FN void wp_adj__quat_axis_##Q(wp_##Q q, wp_##V3 r, wp_##V3 g,             \
                                   wp_##Q *gq) {                               \
    (void)r;                                                                   \
    wp_##V3 v = {{q.c[0], q.c[1], q.c[2]}}, gv = {{0, 0, 0}};                  \
    wp_adj_normalize_##V3(v, wp_normalize_##V3(v),                             \
                          q.c[3] < (T)0 ? wp_neg_##V3(g) : g, &gv);            \
    for (int i = 0; i < 3; i++)                                                \
      gq->c[i] += gv.c[i];                                                     \
  }                                                                            \
  WP_FN void wp_adj__quat_angle_##Q(wp_##Q q, T r, T g, wp_##Q *gq) {          \
    (void)r;                                                                   \
    wp_##V3 v = {{q.c[0], q.c[1], q.c[2]}};                                    \
    T w = q.c[3], L = wp_length_##V3(v), aw = wp_abs_##S(w);                   \
    T den = L * L + aw * aw;                                                   \
    if (!(L > (T)0) || !(den > (T)0))                                          \
      return; /* Warp: no gradient through a zero vector part */               \
    T gL = (T)2 * g * aw / den, gaw = -(T)2 * g * L / den;                     \
    for (int i = 0; i < 3; i++)                                                \
      gq->c[i] += gL * v.c[i] / L;                                             \
    gq->c[3] += w < (T)0 ? -gaw : gaw;                                         \
  }                                                                            \
  /* transform_compose(p, q, s): [[s_j R_ij, p_i], [0, 0, 0, 1]] */            \
  WP_FN wp_##M44 wp_transform_compose_##V3##_##Q##_##V3(wp_##V3 p, wp_##Q q,   \
                                                        wp_##V3 s) {           \
    wp_##M33 r = wp_quat_to_matrix_##Q(q);                                     \
    wp_##M44 m;                                                                \
    for (int i = 0; i < 3; i++) {                                              \
      for (int j = 0; j < 3; j++)                                              \
        m.c[i][j] = s.c[j] * r.c[i][j];                                        \
      m.c[i][3] = p.c[i];                                                      \
      m.c[3][i] = (T)0;                                                        \
    }                                                                          \
    m.c[3][3] = (T)1;                                                          \
    return m;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_transform_compose_##V3##_##Q##_##V3(                       \
      wp_##V3 p, wp_##Q q, wp_##V3 s, wp_##M44 m, wp_##M44 g, wp_##V3 *gp,     \
      wp_##Q *gq, wp_##V3 *gs) {                                               \
    (void)p, (void)m;                                                          \
    wp_##M33 r = wp_quat_to_matrix_##Q(q), gr;                                 \
    for (int i = 0; i < 3; i++) {                                              \
      for (int j = 0; j < 3; j++) {                                            \
        gr.c[i][j] = g.c[i][j] * s.c[j];                                       \
        gs->c[j] += g.c[i][j] * r.c[i][j];                                     \
      }                                                                        \
      gp->c[i] += g.c[i][3];                                                   \
    }                                                                          \
    wp_adj_quat_to_matrix_##Q(q, r, gr, gq);                                   \
  }                                                                            \
  /* transform_decompose(m) = (p, q, s): s_j the length of column j of the     \
     3x3 block, q the rotation of the block with its columns divided by s_j    \
     (those of length 0 kept) */                                               \
  WP_FN wp_##V3 wp__transform_decompose_p_##M44(wp_##M44 m) {                  \
    wp_##V3 p = {{m.c[0][3], m.c[1][3], m.c[2][3]}};                           \
    return p;                                                                  \
  }                                                                            \
  WP_FN wp_##V3 wp__transform_decompose_s_##M44(wp_##M44 m) {                  \
    wp_##V3 s;                                                                 \
    for (int j = 0; j < 3; j++)                                                \
      s.c[j] = wp_sqrt_##S(m.c[0][j] * m.c[0][j] + m.c[1][j] * m.c[1][j] +     \
                           m.c[2][j] * m.c[2][j]);                             \
    return s;                                                                  \
  }                                                                            \
  WP_FN wp_##M33 wp_decompose_rot_##M44(wp_##M44 m, wp_##V3 s) {               \
    wp_##M33 r;                                                                \
    for (int j = 0; j < 3; j++)                                                \
      for (int i = 0; i < 3; i++)                                              \
        r.c[i][j] = s.c[j] != (T)0 ? m.c[i][j] / s.c[j] : m.c[i][j];           \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp__transform_decompose_q_##M44(wp_##M44 m) {                   \
    return wp_quat_from_matrix_##M33(                                          \
        wp_decompose_rot_##M44(m, wp__transform_decompose_s_##M44(m)));        \
  }                                                                            \
  WP_FN void wp_adj__transform_decompose_p_##M44(wp_##M44 m, wp_##V3 r,        \
                                                 wp_##V3 g, wp_##M44 *gm) {    \
    (void)m, (void)r;                                                          \
    for (int i = 0; i < 3; i++)                                                \
      gm->c[i][3] += g.c[i];                                                   \
  }                                                                            \
  WP_FN void wp_adj__transform_decompose_s_##M44(wp_##M44 m, wp_##V3 s,        \
                                                 wp_##V3 g, wp_##M44 *gm) {    \
    for (int j = 0; j < 3; j++)                                                \
      if (s.c[j] > (T)0)                                                       \
        for (int i = 0; i < 3; i++)                                            \
          gm->c[i][j] += g.c[j] * m.c[i][j] / s.c[j];                          \
  }                                                                            \
  WP_FN void wp_adj__transform_decompose_q_##M44(wp_##M44 m, wp_##Q q,         \
                                                 wp_##Q g, wp_##M44 *gm) {     \
    wp_##V3 s = wp__transform_decompose_s_##M44(m);                            \
    wp_##M33 r = wp_decompose_rot_##M44(m, s), gr = {{{0}}};                   \
    wp_adj_quat_from_matrix_##M33(r, q, g, &gr);                               \
    for (int j = 0; j < 3; j++) {                                              \
      if (s.c[j] == (T)0) {                                                    \
        for (int i = 0; i < 3; i++)                                            \
          gm->c[i][j] += gr.c[i][j];                                           \
        continue;                                                              \
      }                                                                        \
      /* r_ij = m_ij / s_j, s_j = |m_.j| */                                    \
      T rg = (T)0;                                                             \
      for (int i = 0; i < 3; i++)                                              \
        rg += r.c[i][j] * gr.c[i][j];                                          \
      for (int i = 0; i < 3; i++)                                              \
        gm->c[i][j] += (gr.c[i][j] - r.c[i][j] * rg) / s.c[j];                 \
    }                                                                          \
  }

#define WP_SPATIAL_XFORM(X, Q, S, T, V3, M33, M44)                             \
  WP_FN wp_##M44 wp_transform_to_matrix_##X(wp_##X x) {                        \
    wp_##Q q = wp_transform_get_rotation_##X(x);                               \
    wp_##M33 r = wp_quat_to_matrix_##Q(q);                                     \
    wp_##M44 m;                                                                \
    for (int i = 0; i < 3; i++) {                                              \
      for (int j = 0; j < 3; j++)                                              \
        m.c[i][j] = r.c[i][j];                                                 \
      m.c[i][3] = x.c[i];                                                      \
      m.c[3][i] = (T)0;                                                        \
    }                                                                          \
    m.c[3][3] = (T)1;                                                          \
    return m;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_transform_to_matrix_##X(wp_##X x, wp_##M44 m, wp_##M44 g,  \
                                            wp_##X *gx) {                      \
    (void)m;                                                                   \
    wp_##Q q = wp_transform_get_rotation_##X(x), gq = {{0, 0, 0, 0}};          \
    wp_##M33 gr;                                                               \
    for (int i = 0; i < 3; i++) {                                              \
      for (int j = 0; j < 3; j++)                                              \
        gr.c[i][j] = g.c[i][j];                                                \
      gx->c[i] += g.c[i][3];                                                   \
    }                                                                          \
    wp_adj_quat_to_matrix_##Q(q, wp_quat_to_matrix_##Q(q), gr, &gq);           \
    for (int i = 0; i < 4; i++)                                                \
      gx->c[3 + i] += gq.c[i];                                                 \
  }                                                                            \
  WP_FN wp_##X wp_transform_from_matrix_##M44(wp_##M44 m) {                    \
    wp_##V3 p = {{m.c[0][3], m.c[1][3], m.c[2][3]}};                           \
    return wp_transform_make_##X(p, wp_quat_from_matrix_##M44(m));             \
  }                                                                            \
  WP_FN void wp_adj_transform_from_matrix_##M44(wp_##M44 m, wp_##X x,          \
                                                wp_##X g, wp_##M44 *gm) {      \
    wp_##Q gq = wp_transform_get_rotation_##X(g);                              \
    for (int i = 0; i < 3; i++)                                                \
      gm->c[i][3] += g.c[i];                                                   \
    wp_adj_quat_from_matrix_##M44(m, wp_transform_get_rotation_##X(x), gq,     \
                                  gm);                                         \
  }                                                                            \
  /* the transform with its translation / rotation replaced (the lowering      \
     assigns it to the variable transform_set_* names) */                      \
  WP_FN wp_##X wp__transform_set_translation_##X##_##V3(wp_##X x, wp_##V3 p) { \
    for (int i = 0; i < 3; i++)                                                \
      x.c[i] = p.c[i];                                                         \
    return x;                                                                  \
  }                                                                            \
  WP_FN wp_##X wp__transform_set_rotation_##X##_##Q(wp_##X x, wp_##Q q) {      \
    for (int i = 0; i < 4; i++)                                                \
      x.c[3 + i] = q.c[i];                                                     \
    return x;                                                                  \
  }                                                                            \
  WP_FN void wp_adj__transform_set_translation_##X##_##V3(                     \
      wp_##X x, wp_##V3 p, wp_##X r, wp_##X g, wp_##X *gx, wp_##V3 *gp) {      \
    (void)x, (void)p, (void)r;                                                 \
    for (int i = 0; i < 3; i++)                                                \
      gp->c[i] += g.c[i];                                                      \
    for (int i = 3; i < 7; i++)                                                \
      gx->c[i] += g.c[i];                                                      \
  }                                                                            \
  WP_FN void wp_adj__transform_set_rotation_##X##_##Q(                         \
      wp_##X x, wp_##Q q, wp_##X r, wp_##X g, wp_##X *gx, wp_##Q *gq) {        \
    (void)x, (void)q, (void)r;                                                 \
    for (int i = 0; i < 3; i++)                                                \
      gx->c[i] += g.c[i];                                                      \
    for (int i = 0; i < 4; i++)                                                \
      gq->c[i] += g.c[3 + i];                                                  \
  }

/* Triangle-triangle overlap by Moller's interval method without divisions
 * ("A Fast Triangle-Triangle Intersection Test", 1997), with its epsilon
 * snapping of plane distances below 1e-6 to 0 and the coplanar fallback
 * (2D edge crossings, then containment of one vertex). */
#define WP_SPATIAL_GEOM(V3, S, T)                                              \
  WP_FN void wp_tt_plane_##V3(const T(*a)[3], T *n, T *d) {                    \
    T e1[3], e2[3];                                                            \
    for (int k = 0; k < 3; k++)                                                \
      e1[k] = a[1][k] - a[0][k], e2[k] = a[2][k] - a[0][k];                    \
    n[0] = e1[1] * e2[2] - e1[2] * e2[1];                                      \
    n[1] = e1[2] * e2[0] - e1[0] * e2[2];                                      \
    n[2] = e1[0] * e2[1] - e1[1] * e2[0];                                      \
    *d = -(n[0] * a[0][0] + n[1] * a[0][1] + n[2] * a[0][2]);                  \
  }                                                                            \
  /* signed distances of the three points b to the plane (n, d); false when    \
     all three are strictly on one side */                                     \
  WP_FN int wp_tt_dists_##V3(const T *n, T d, const T(*b)[3], T *dist, T *p01, \
                             T *p02) {                                         \
    for (int k = 0; k < 3; k++) {                                              \
      dist[k] = n[0] * b[k][0] + n[1] * b[k][1] + n[2] * b[k][2] + d;          \
      if ((double)wp_abs_##S(dist[k]) < 0.000001)                              \
        dist[k] = (T)0;                                                        \
    }                                                                          \
    *p01 = dist[0] * dist[1], *p02 = dist[0] * dist[2];                        \
    return !(*p01 > (T)0 && *p02 > (T)0);                                      \
  }                                                                            \
  /* the interval of a triangle on the intersection line, as Moller's          \
     (a, b, c, x0, x1); false when the triangle lies in the plane */           \
  WP_FN int wp_tt_interval_##V3(const T *p, const T *dd, T p01, T p02,         \
                                T *out) {                                      \
    int k;                                                                     \
    if (p01 > (T)0)                                                            \
      k = 2;                                                                   \
    else if (p02 > (T)0)                                                       \
      k = 1;                                                                   \
    else if (dd[1] * dd[2] > (T)0 || dd[0] != (T)0)                            \
      k = 0;                                                                   \
    else if (dd[1] != (T)0)                                                    \
      k = 1;                                                                   \
    else if (dd[2] != (T)0)                                                    \
      k = 2;                                                                   \
    else                                                                       \
      return 0;                                                                \
    int i = k == 0 ? 1 : 0, j = k == 2 ? 1 : 2;                                \
    out[0] = p[k];                                                             \
    out[1] = (p[i] - p[k]) * dd[k];                                            \
    out[2] = (p[j] - p[k]) * dd[k];                                            \
    out[3] = dd[k] - dd[i];                                                    \
    out[4] = dd[k] - dd[j];                                                    \
    return 1;                                                                  \
  }                                                                            \
  /* does segment p0-p1 cross segment a-b in the projection (i0, i1) */        \
  WP_FN int wp_tt_edges_##V3(const T *p0, const T *p1, const T *qa,            \
                             const T *qb, int i0, int i1) {                    \
    T ax = p1[i0] - p0[i0], ay = p1[i1] - p0[i1];                              \
    T bx = qa[i0] - qb[i0], by = qa[i1] - qb[i1];                              \
    T cx = p0[i0] - qa[i0], cy = p0[i1] - qa[i1];                              \
    T f = ay * bx - ax * by, d = by * cx - bx * cy;                            \
    if ((f > (T)0 && d >= (T)0 && d <= f) ||                                   \
        (f < (T)0 && d <= (T)0 && d >= f)) {                                   \
      T e = ax * cy - ay * cx;                                                 \
      if (f > (T)0)                                                            \
        return e >= (T)0 && e <= f;                                            \
      return e <= (T)0 && e >= f;                                              \
    }                                                                          \
    return 0;                                                                  \
  }                                                                            \
  /* is point p inside triangle t in the projection (i0, i1) */                \
  WP_FN int wp_tt_inside_##V3(const T *p, const T(*t)[3], int i0, int i1) {    \
    T s[3];                                                                    \
    for (int k = 0; k < 3; k++) {                                              \
      const T *qa = t[k], *qb = t[(k + 1) % 3];                                \
      T a = qb[i1] - qa[i1], b = -(qb[i0] - qa[i0]);                           \
      T c = -a * qa[i0] - b * qa[i1];                                          \
      s[k] = a * p[i0] + b * p[i1] + c;                                        \
    }                                                                          \
    return s[0] * s[1] > (T)0 && s[0] * s[2] > (T)0;                           \
  }                                                                            \
  WP_FN int wp_tt_coplanar_##V3(const T *n, const T(*v)[3], const T(*u)[3]) {  \
    T a0 = wp_abs_##S(n[0]), a1 = wp_abs_##S(n[1]), a2 = wp_abs_##S(n[2]);     \
    int i0, i1; /* drop the axis of the largest normal component */            \
    if (a0 > a1)                                                               \
      i0 = a0 > a2 ? 1 : 0, i1 = a0 > a2 ? 2 : 1;                              \
    else                                                                       \
      i0 = 0, i1 = a2 > a1 ? 1 : 2;                                            \
    for (int k = 0; k < 3; k++)                                                \
      for (int l = 0; l < 3; l++)                                              \
        if (wp_tt_edges_##V3(v[k], v[(k + 1) % 3], u[l], u[(l + 1) % 3], i0,   \
                             i1))                                              \
          return 1;                                                            \
    return wp_tt_inside_##V3(v[0], u, i0, i1) ||                               \
           wp_tt_inside_##V3(u[0], v, i0, i1);                                 \
  }                                                                            \
  WP_FN wp_int32 wp_intersect_tri_tri_##V3##_##V3##_##V3##_##V3##_##V3##_##V3( \
      wp_##V3 v0, wp_##V3 v1, wp_##V3 v2, wp_##V3 u0, wp_##V3 u1,              \
      wp_##V3 u2) {                                                            \
    T v[3][3], u[3][3], n1[3], n2[3], d1, d2, du[3], dv[3];                    \
    T du01, du02, dv01, dv02;                                                  \
    for (int k = 0; k < 3; k++) {                                              \
      v[0][k] = v0.c[k], v[1][k] = v1.c[k], v[2][k] = v2.c[k];                 \
      u[0][k] = u0.c[k], u[1][k] = u1.c[k], u[2][k] = u2.c[k];                 \
    }                                                                          \
    wp_tt_plane_##V3((const T(*)[3])v, n1, &d1);                               \
    if (!wp_tt_dists_##V3(n1, d1, (const T(*)[3])u, du, &du01, &du02))         \
      return 0;                                                                \
    wp_tt_plane_##V3((const T(*)[3])u, n2, &d2);                               \
    if (!wp_tt_dists_##V3(n2, d2, (const T(*)[3])v, dv, &dv01, &dv02))         \
      return 0;                                                                \
    T dir[3] = {n1[1] * n2[2] - n1[2] * n2[1], n1[2] * n2[0] - n1[0] * n2[2],  \
                n1[0] * n2[1] - n1[1] * n2[0]};                                \
    int ix = 0;                                                                \
    T big = wp_abs_##S(dir[0]);                                                \
    for (int k = 1; k < 3; k++)                                                \
      if (wp_abs_##S(dir[k]) > big)                                            \
        big = wp_abs_##S(dir[k]), ix = k;                                      \
    T vp[3] = {v[0][ix], v[1][ix], v[2][ix]};                                  \
    T up[3] = {u[0][ix], u[1][ix], u[2][ix]};                                  \
    T iv[5], iu[5];                                                            \
    if (!wp_tt_interval_##V3(vp, dv, dv01, dv02, iv) ||                        \
        !wp_tt_interval_##V3(up, du, du01, du02, iu))                          \
      return wp_tt_coplanar_##V3(n1, (const T(*)[3])v, (const T(*)[3])u);      \
    T xx = iv[3] * iv[4], yy = iu[3] * iu[4], xxyy = xx * yy;                  \
    T t1 = iv[0] * xxyy, t2 = iu[0] * xxyy;                                    \
    T s10 = t1 + iv[1] * iv[4] * yy, s11 = t1 + iv[2] * iv[3] * yy;            \
    T s20 = t2 + iu[1] * xx * iu[4], s21 = t2 + iu[2] * xx * iu[3];            \
    if (s10 > s11) {                                                           \
      T x = s10;                                                               \
      s10 = s11, s11 = x;                                                      \
    }                                                                          \
    if (s20 > s21) {                                                           \
      T x = s20;                                                               \
      s20 = s21, s21 = x;                                                      \
    }                                                                          \
    return !(s11 < s20 || s21 < s10);                                          \
  }                                                                            \
  /* closest_point_edge_edge(p1, q1, p2, q2, eps) = (s, t, distance): the      \
     parameters of the closest points p1 + s (q1 - p1), p2 + t (q2 - p2),      \
     segments shorter than eps (squared) taken as points (Ericson, Real-Time   \
     Collision Detection, 5.1.9), as warp-lang 1.19 computes it: a point       \
     edge 1 clamps t to [0, 1], a*e - b*b and b*f - c*e are computed with      \
     an fma error term (Kahan's difference of products), parallel edges are    \
     those with a*e - b*b <= 0 (float32 only) */                               \
  /* a*b - c*d with the rounding error of c*d added back (Kahan) */            \
  WP_FN T wp_diff_product_##S(T a, T b, T c, T d) {                            \
    T cd = c * d;                                                              \
    return WP_MATHF(fma)(a, b, -cd) + WP_MATHF(fma)(-c, d, cd);                \
  }                                                                            \
  WP_FN wp_##V3 wp_closest_point_edge_edge_##V3##_##V3##_##V3##_##V3##_##S(    \
      wp_##V3 p1, wp_##V3 q1, wp_##V3 p2, wp_##V3 q2, T eps) {                 \
    wp_##V3 d1 = wp_sub_##V3##_##V3(q1, p1), d2 = wp_sub_##V3##_##V3(q2, p2);  \
    wp_##V3 r = wp_sub_##V3##_##V3(p1, p2);                                    \
    T a = wp_dot_##V3##_##V3(d1, d1), e = wp_dot_##V3##_##V3(d2, d2);          \
    T f = wp_dot_##V3##_##V3(d2, r), s = (T)0, t = (T)0;                       \
    if (a <= eps && e <= eps) {                                                \
      wp_##V3 o = {{s, t, wp_length_##V3(wp_sub_##V3##_##V3(p2, p1))}};        \
      return o;                                                                \
    }                                                                          \
    if (a <= eps) {                                                            \
      t = wp_clamp_##S(f / e, (T)0, (T)1);                                     \
    } else {                                                                   \
      T c = wp_dot_##V3##_##V3(d1, r);                                         \
      if (e <= eps) {                                                          \
        s = wp_clamp_##S(-c / a, (T)0, (T)1);                                  \
      } else {                                                                 \
        T b = wp_dot_##V3##_##V3(d1, d2);                                      \
        T den = wp_diff_product_##S(a, e, b, b);                               \
        if (den > (T)0)                                                        \
          s = wp_clamp_##S(wp_diff_product_##S(b, f, c, e) / den, (T)0, (T)1); \
        t = (b * s + f) / e;                                                   \
        if (t < (T)0) {                                                        \
          t = (T)0;                                                            \
          s = wp_clamp_##S(-c / a, (T)0, (T)1);                                \
        } else if (t > (T)1) {                                                 \
          t = (T)1;                                                            \
          s = wp_clamp_##S((b - c) / a, (T)0, (T)1);                           \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    wp_##V3 c1 = wp_add_##V3##_##V3(p1, wp_mul_##V3##_##S(d1, s));             \
    wp_##V3 c2 = wp_add_##V3##_##V3(p2, wp_mul_##V3##_##S(d2, t));             \
    wp_##V3 o = {{s, t, wp_length_##V3(wp_sub_##V3##_##V3(c2, c1))}};          \
    return o;                                                                  \
  }

/* spatial_jacobian and spatial_mass write into float arrays (1-d; Warp's
 * spatial.h semantics: J is (6 joint_count) x (dof count of the
 * articulation), row-major from J_start, filled walking each joint up to the
 * root through joint_parents; M gets the joints' 6x6 blocks on its diagonal
 * from M_start).  Their adjoints read the grads of the output arrays and add
 * into those of the inputs (atomically: threads may share articulations).
 * A = the 1-d array mangling "array_" V6/M66. */
#define WP_SPATIAL_JACOBIAN(V6, S, T)                                                           \
  WP_FN void wp_spatial_jac_walk_##V6(                                                          \
      wp_array s, wp_array parents, wp_array qd, int joint_start,                               \
      int joint_count, int j_start, wp_array j, int adjoint) {                                  \
    int dof0 = *WP_AT1(wp_int32, qd, joint_start);                                              \
    int ndof = *WP_AT1(wp_int32, qd, joint_start + joint_count) - dof0;                         \
    for (int i = 0; i < joint_count; i++)                                                       \
      for (int k = joint_start + i; k != -1;                                                    \
           k = *WP_AT1(wp_int32, parents, k)) {                                                 \
        int d0 = *WP_AT1(wp_int32, qd, k), d1 = *WP_AT1(wp_int32, qd, k + 1);                   \
        for (int dof = 0; dof < d1 - d0; dof++) {                                               \
          int col = d0 - dof0 + dof;                                                            \
          for (int r = 0; r < 6; r++) {                                                         \
            wp_int64 at =                                                                       \
                (wp_int64)j_start + (wp_int64)(i * 6 + r) * ndof + col;                         \
            if (!adjoint)                                                                       \
              *WP_AT1(T, j, at) = WP_AT1(wp_##V6, s, dof0 + col)->c[r];                         \
            else if (s.grad && j.grad)                                                          \
              wp_atomic_add_##S(&WP_GAT1(wp_##V6, s, dof0 + col)->c[r],                         \
                                *WP_GAT1(T, j, at));                                            \
          }                                                                                     \
        }                                                                                       \
      }                                                                                         \
  }                                                                                             \
  WP_FN void                                                                                    \
      wp_spatial_jacobian_array_##V6##_array_int32_array_int32_int32_int32_int32_array_##S(     \
          wp_array s, wp_array parents, wp_array qd, int joint_start,                           \
          int joint_count, int j_start, wp_array j) {                                           \
    wp_spatial_jac_walk_##V6(s, parents, qd, joint_start, joint_count,                          \
                             j_start, j, 0);                                                    \
  }                                                                                             \
  WP_FN void                                                                                    \
      wp_adj_spatial_jacobian_array_##V6##_array_int32_array_int32_int32_int32_int32_array_##S( \
          wp_array s, wp_array parents, wp_array qd, int joint_start,                           \
          int joint_count, int j_start, wp_array j) {                                           \
    wp_spatial_jac_walk_##V6(s, parents, qd, joint_start, joint_count,                          \
                             j_start, j, 1);                                                    \
  }

#define WP_SPATIAL_MASS(M66, S, T)                                             \
  WP_FN void wp_spatial_mass_walk_##M66(wp_array is, int joint_start,          \
                                        int joint_count, int m_start,          \
                                        wp_array m, int adjoint) {             \
    wp_int64 stride = (wp_int64)joint_count * 6;                               \
    for (int l = 0; l < joint_count; l++)                                      \
      for (int r = 0; r < 6; r++)                                              \
        for (int c = 0; c < 6; c++) {                                          \
          wp_int64 at = m_start + (l * 6 + r) * stride + l * 6 + c;            \
          if (!adjoint)                                                        \
            *WP_AT1(T, m, at) =                                                \
                WP_AT1(wp_##M66, is, joint_start + l)->c[r][c];                \
          else if (is.grad && m.grad)                                          \
            wp_atomic_add_##S(                                                 \
                &WP_GAT1(wp_##M66, is, joint_start + l)->c[r][c],              \
                *WP_GAT1(T, m, at));                                           \
        }                                                                      \
  }                                                                            \
  WP_FN void wp_spatial_mass_array_##M66##_int32_int32_int32_array_##S(        \
      wp_array is, int joint_start, int joint_count, int m_start,              \
      wp_array m) {                                                            \
    wp_spatial_mass_walk_##M66(is, joint_start, joint_count, m_start, m, 0);   \
  }                                                                            \
  WP_FN void wp_adj_spatial_mass_array_##M66##_int32_int32_int32_array_##S(    \
      wp_array is, int joint_start, int joint_count, int m_start,              \
      wp_array m) {                                                            \
    wp_spatial_mass_walk_##M66(is, joint_start, joint_count, m_start, m, 1);   \
  }
