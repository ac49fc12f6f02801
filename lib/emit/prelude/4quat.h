/* 4quat.h - quaternions and transforms, instantiated per type next to the
 * vector macros (a quat is a 4-vector x, y, z, w; a transform a 7-vector
 * p.x, p.y, p.z, q.x, q.y, q.z, q.w, as Warp lays them out):
 *   WP_QUAT(Q, S, T, V3, M33, M44)      length, normalize (identity for a
 *                                       zero quat, as Warp), lerp, product,
 *                                       rotations, conversions
 *   WP_QUAT_ADJ(Q, S, T, V3, M33, M44)  their adjoint rules
 *   WP_TRANSFORM(X, Q, S, T, V3)        transform_* and composition
 *   WP_TRANSFORM_ADJ(X, Q, S, T, V3)    their adjoint rules
 * Formulas follow Warp's quat.h / spatial.h; the adjoints are derived from
 * them (chained through the primal pieces where Warp does the same). */

#define WP_QUAT(Q, S, T, V3, M33, M44)                                         \
  WP_FN T wp_length_##Q(wp_##Q a) {                                            \
    return wp_sqrt_##S(wp_length_sq_##Q(a));                                   \
  }                                                                            \
  WP_FN wp_##Q wp_normalize_##Q(wp_##Q a) {                                    \
    T l = wp_length_##Q(a);                                                    \
    if (l > (T)0)                                                              \
      return wp_mul_##Q##_##S(a, (T)1 / l);                                    \
    wp_##Q r = {{0, 0, 0, 1}};                                                 \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_lerp_##Q##_##Q##_##S(wp_##Q a, wp_##Q b, T t) {              \
    wp_##Q r;                                                                  \
    for (int i = 0; i < 4; i++)                                                \
      r.c[i] = a.c[i] * ((T)1 - t) + b.c[i] * t;                               \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_mul_##Q##_##Q(wp_##Q a, wp_##Q b) {                          \
    wp_##Q r = {{a.c[3] * b.c[0] + b.c[3] * a.c[0] + a.c[1] * b.c[2] -         \
                     b.c[1] * a.c[2],                                          \
                 a.c[3] * b.c[1] + b.c[3] * a.c[1] + a.c[2] * b.c[0] -         \
                     b.c[2] * a.c[0],                                          \
                 a.c[3] * b.c[2] + b.c[3] * a.c[2] + a.c[0] * b.c[1] -         \
                     b.c[0] * a.c[1],                                          \
                 a.c[3] * b.c[3] - a.c[0] * b.c[0] - a.c[1] * b.c[1] -         \
                     a.c[2] * b.c[2]}};                                        \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_quat_inverse_##Q(wp_##Q q) {                                 \
    wp_##Q r = {{-q.c[0], -q.c[1], -q.c[2], q.c[3]}};                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_quat_from_axis_angle_##V3##_##S(wp_##V3 axis, T angle) {     \
    T half = angle * (T)0.5;                                                   \
    T w = wp_cos_##S(half), s = wp_sin_##S(half);                              \
    wp_##Q r = {{axis.c[0] * s, axis.c[1] * s, axis.c[2] * s, w}};             \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_quat_rpy_##S(T roll, T pitch, T yaw) {                       \
    T cy = wp_cos_##S(yaw * (T)0.5), sy = wp_sin_##S(yaw * (T)0.5);            \
    T cr = wp_cos_##S(roll * (T)0.5), sr = wp_sin_##S(roll * (T)0.5);          \
    T cp = wp_cos_##S(pitch * (T)0.5), sp = wp_sin_##S(pitch * (T)0.5);        \
    wp_##Q r = {{cy * sr * cp - sy * cr * sp, cy * cr * sp + sy * sr * cp,     \
                 sy * cr * cp - cy * sr * sp, cy * cr * cp + sy * sr * sp}};   \
    return r;                                                                  \
  }                                                                            \
  /* sgn = 1: rotate, -1: rotate by the inverse */                             \
  WP_FN wp_##V3 wp_quat_rot_##Q(wp_##Q q, wp_##V3 x, T sgn) {                  \
    T c = (T)2 * q.c[3] * q.c[3] - (T)1;                                       \
    T d = (T)2 * (q.c[0] * x.c[0] + q.c[1] * x.c[1] + q.c[2] * x.c[2]);        \
    T w2 = sgn * q.c[3] * (T)2;                                                \
    wp_##V3 r = {                                                              \
        {x.c[0] * c + q.c[0] * d + (q.c[1] * x.c[2] - q.c[2] * x.c[1]) * w2,   \
         x.c[1] * c + q.c[1] * d + (q.c[2] * x.c[0] - q.c[0] * x.c[2]) * w2,   \
         x.c[2] * c + q.c[2] * d + (q.c[0] * x.c[1] - q.c[1] * x.c[0]) * w2}}; \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V3 wp_quat_rotate_##Q##_##V3(wp_##Q q, wp_##V3 x) {               \
    return wp_quat_rot_##Q(q, x, (T)1);                                        \
  }                                                                            \
  WP_FN wp_##V3 wp_quat_rotate_inv_##Q##_##V3(wp_##Q q, wp_##V3 x) {           \
    return wp_quat_rot_##Q(q, x, (T)-1);                                       \
  }                                                                            \
  WP_FN wp_##M33 wp_quat_to_matrix_##Q(wp_##Q q) {                             \
    wp_##M33 m;                                                                \
    for (int j = 0; j < 3; j++) {                                              \
      wp_##V3 e = {{0, 0, 0}};                                                 \
      e.c[j] = (T)1;                                                           \
      wp_##V3 col = wp_quat_rot_##Q(q, e, (T)1);                               \
      for (int i = 0; i < 3; i++)                                              \
        m.c[i][j] = col.c[i];                                                  \
    }                                                                          \
    return m;                                                                  \
  }                                                                            \
  /* quat_from_matrix: Warp's branches.  The unnormalized quat u has           \
     u[big] = h/2, u[k] = (m[i1][j1] + s*m[i2][j2]) * hh for the others,       \
     h = sqrt(sum sd[d]*m[d][d] + 1), hh = 1/(2h) */                           \
  WP_FN void wp_qfm_plan_##Q(const T *m, int stride, int *big, T *sd,          \
                             int(*ij)[5]) {                                    \
    T tr = m[0] + m[stride + 1] + m[2 * stride + 2];                           \
    if (tr >= (T)0) {                                                          \
      *big = 3, sd[0] = sd[1] = sd[2] = 1;                                     \
      int t[3][5] = {{2, 1, 1, 2, -1}, {0, 2, 2, 0, -1}, {1, 0, 0, 1, -1}};    \
      for (int k = 0; k < 3; k++)                                              \
        for (int l = 0; l < 5; l++)                                            \
          ij[k][l] = t[k][l];                                                  \
      return;                                                                  \
    }                                                                          \
    int k = 0;                                                                 \
    if (m[stride + 1] > m[0])                                                  \
      k = 1;                                                                   \
    if (m[2 * stride + 2] > m[k * stride + k])                                 \
      k = 2;                                                                   \
    int a = (k + 1) % 3, b = (k + 2) % 3;                                      \
    *big = k, sd[k] = 1, sd[a] = -1, sd[b] = -1;                               \
    int t[3][5] = {{k, a, a, k, 1}, {b, k, k, b, 1}, {b, a, a, b, -1}};        \
    for (int r = 0; r < 3; r++)                                                \
      for (int l = 0; l < 5; l++)                                              \
        ij[r][l] = t[r][l];                                                    \
  }                                                                            \
  /* the component each ij row gives: the two others than big, then w (or,     \
     for the trace branch, x y z) */                                           \
  WP_FN void wp_qfm_slots_##Q(int big, int *slot) {                            \
    if (big == 3) {                                                            \
      slot[0] = 0, slot[1] = 1, slot[2] = 2;                                   \
      return;                                                                  \
    }                                                                          \
    slot[0] = (big + 1) % 3, slot[1] = (big + 2) % 3, slot[2] = 3;             \
  }                                                                            \
  WP_FN wp_##Q wp_qfm_raw_##Q(const T *m, int stride, T *h_out) {              \
    int big, ij[3][5], slot[3];                                                \
    T sd[3];                                                                   \
    wp_qfm_plan_##Q(m, stride, &big, sd, ij);                                  \
    wp_qfm_slots_##Q(big, slot);                                               \
    T arg = (T)1;                                                              \
    for (int d = 0; d < 3; d++)                                                \
      arg += sd[d] * m[d * stride + d];                                        \
    T h = wp_sqrt_##S(arg);                                                    \
    wp_##Q u;                                                                  \
    u.c[big] = (T)0.5 * h;                                                     \
    T hh = (T)0.5 / h;                                                         \
    for (int r = 0; r < 3; r++)                                                \
      u.c[slot[r]] = (m[ij[r][0] * stride + ij[r][1]] +                        \
                      (T)ij[r][4] * m[ij[r][2] * stride + ij[r][3]]) *         \
                     hh;                                                       \
    *h_out = h;                                                                \
    return u;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_quat_from_matrix_##M33(wp_##M33 m) {                         \
    T h;                                                                       \
    return wp_normalize_##Q(wp_qfm_raw_##Q(&m.c[0][0], 3, &h));                \
  }                                                                            \
  WP_FN wp_##Q wp_quat_from_matrix_##M44(wp_##M44 m) {                         \
    T h;                                                                       \
    return wp_normalize_##Q(wp_qfm_raw_##Q(&m.c[0][0], 4, &h));                \
  }                                                                            \
  /* quat_to_axis_angle (internal, for slerp) */                               \
  WP_FN void wp_quat_axis_angle_##Q(wp_##Q q, wp_##V3 *axis, T *angle) {       \
    wp_##V3 v = {{q.c[0], q.c[1], q.c[2]}};                                    \
    wp_##V3 n = wp_normalize_##V3(v);                                          \
    *axis = q.c[3] < (T)0 ? wp_neg_##V3(n) : n;                                \
    *angle = (T)2 * wp_atan2_##S(wp_length_##V3(v), wp_abs_##S(q.c[3]));       \
  }                                                                            \
  WP_FN wp_##Q wp_quat_slerp_##Q##_##Q##_##S(wp_##Q q0, wp_##Q q1, T t) {      \
    wp_##V3 axis;                                                              \
    T angle;                                                                   \
    wp_quat_axis_angle_##Q(wp_mul_##Q##_##Q(wp_quat_inverse_##Q(q0), q1),      \
                           &axis, &angle);                                     \
    return wp_mul_##Q##_##Q(                                                   \
        q0, wp_quat_from_axis_angle_##V3##_##S(axis, t * angle));              \
  }

#define WP_QUAT_ADJ(Q, S, T, V3, M33, M44)                                     \
  WP_FN void wp_adj_mul_##Q##_##Q(wp_##Q a, wp_##Q b, wp_##Q res, wp_##Q r,    \
                                  wp_##Q *ga, wp_##Q *gb) {                    \
    (void)res;                                                                 \
    T ax = a.c[0], ay = a.c[1], az = a.c[2], aw = a.c[3];                      \
    T bx = b.c[0], by = b.c[1], bz = b.c[2], bw = b.c[3];                      \
    T rx = r.c[0], ry = r.c[1], rz = r.c[2], rw = r.c[3];                      \
    ga->c[0] += bw * rx - bx * rw + by * rz - bz * ry;                         \
    ga->c[1] += bw * ry - by * rw - bx * rz + bz * rx;                         \
    ga->c[2] += bw * rz + bx * ry - by * rx - bz * rw;                         \
    ga->c[3] += bw * rw + bx * rx + by * ry + bz * rz;                         \
    gb->c[0] += aw * rx - ax * rw - ay * rz + az * ry;                         \
    gb->c[1] += aw * ry - ay * rw + ax * rz - az * rx;                         \
    gb->c[2] += aw * rz - ax * ry + ay * rx - az * rw;                         \
    gb->c[3] += aw * rw + ax * rx + ay * ry + az * rz;                         \
  }                                                                            \
  WP_FN void wp_adj_quat_inverse_##Q(wp_##Q q, wp_##Q r, wp_##Q g,             \
                                     wp_##Q *gq) {                             \
    (void)q, (void)r;                                                          \
    gq->c[0] -= g.c[0], gq->c[1] -= g.c[1], gq->c[2] -= g.c[2];                \
    gq->c[3] += g.c[3];                                                        \
  }                                                                            \
  WP_FN void wp_adj_quat_from_axis_angle_##V3##_##S(                           \
      wp_##V3 axis, T angle, wp_##Q r, wp_##Q g, wp_##V3 *gaxis, T *gangle) {  \
    (void)r;                                                                   \
    T s = wp_sin_##S(angle * (T)0.5), c = wp_cos_##S(angle * (T)0.5);          \
    for (int i = 0; i < 3; i++)                                                \
      gaxis->c[i] += g.c[i] * s;                                               \
    *gangle += (T)0.5 * (axis.c[0] * c * g.c[0] + axis.c[1] * c * g.c[1] +     \
                         axis.c[2] * c * g.c[2] - s * g.c[3]);                 \
  }                                                                            \
  WP_FN void wp_adj_quat_rpy_##S(T roll, T pitch, T yaw, wp_##Q q, wp_##Q g,   \
                                 T *gr, T *gp, T *gy) {                        \
    T cy = wp_cos_##S(yaw * (T)0.5), sy = wp_sin_##S(yaw * (T)0.5);            \
    T cr = wp_cos_##S(roll * (T)0.5), sr = wp_sin_##S(roll * (T)0.5);          \
    T cp = wp_cos_##S(pitch * (T)0.5), sp = wp_sin_##S(pitch * (T)0.5);        \
    T x = q.c[0], y = q.c[1], z = q.c[2], w = q.c[3], h = (T)0.5;              \
    *gr += h * (w * g.c[0] + z * g.c[1] - y * g.c[2] - x * g.c[3]);            \
    *gp += (-h * cy * sr * sp - h * sy * cr * cp) * g.c[0] +                   \
           (h * cy * cr * cp - h * sy * sr * sp) * g.c[1] +                    \
           (-h * sy * cr * sp - h * cy * sr * cp) * g.c[2] +                   \
           (-h * cy * cr * sp + h * sy * sr * cp) * g.c[3];                    \
    *gy += h * (-y * g.c[0] + x * g.c[1] + w * g.c[2] - z * g.c[3]);           \
  }                                                                            \
  WP_FN void wp_adj_quat_rot_##Q(wp_##Q q, wp_##V3 x, T sgn, wp_##V3 g,        \
                                 wp_##Q *gq, wp_##V3 *gx) {                    \
    wp_##V3 u = {{q.c[0], q.c[1], q.c[2]}};                                    \
    T w = q.c[3], c = (T)2 * w * w - (T)1, k = (T)2 * w * sgn;                 \
    T ux = wp_dot_##V3##_##V3(u, x), ug = wp_dot_##V3##_##V3(u, g);            \
    wp_##V3 gu = wp_cross_##V3##_##V3(g, u), xg = wp_cross_##V3##_##V3(x, g);  \
    wp_##V3 uxx = wp_cross_##V3##_##V3(u, x);                                  \
    for (int i = 0; i < 3; i++) {                                              \
      gx->c[i] += c * g.c[i] + (T)2 * u.c[i] * ug + k * gu.c[i];               \
      gq->c[i] += (T)2 * ux * g.c[i] + (T)2 * x.c[i] * ug + k * xg.c[i];       \
    }                                                                          \
    gq->c[3] += (T)4 * w * wp_dot_##V3##_##V3(x, g) +                          \
                (T)2 * sgn * wp_dot_##V3##_##V3(uxx, g);                       \
  }                                                                            \
  WP_FN void wp_adj_quat_rotate_##Q##_##V3(                                    \
      wp_##Q q, wp_##V3 x, wp_##V3 r, wp_##V3 g, wp_##Q *gq, wp_##V3 *gx) {    \
    (void)r;                                                                   \
    wp_adj_quat_rot_##Q(q, x, (T)1, g, gq, gx);                                \
  }                                                                            \
  WP_FN void wp_adj_quat_rotate_inv_##Q##_##V3(                                \
      wp_##Q q, wp_##V3 x, wp_##V3 r, wp_##V3 g, wp_##Q *gq, wp_##V3 *gx) {    \
    (void)r;                                                                   \
    wp_adj_quat_rot_##Q(q, x, (T)-1, g, gq, gx);                               \
  }                                                                            \
  WP_FN void wp_adj_quat_to_matrix_##Q(wp_##Q q, wp_##M33 r, wp_##M33 g,       \
                                       wp_##Q *gq) {                           \
    (void)r;                                                                   \
    for (int j = 0; j < 3; j++) {                                              \
      wp_##V3 e = {{0, 0, 0}}, gcol, gx = {{0, 0, 0}};                         \
      e.c[j] = (T)1;                                                           \
      for (int i = 0; i < 3; i++)                                              \
        gcol.c[i] = g.c[i][j];                                                 \
      wp_adj_quat_rot_##Q(q, e, (T)1, gcol, gq, &gx);                          \
    }                                                                          \
  }                                                                            \
  WP_FN void wp_adj_qfm_##Q(const T *m, int stride, wp_##Q g, T *gm) {         \
    int big, ij[3][5], slot[3];                                                \
    T sd[3], h;                                                                \
    wp_qfm_plan_##Q(m, stride, &big, sd, ij);                                  \
    wp_qfm_slots_##Q(big, slot);                                               \
    wp_##Q u = wp_qfm_raw_##Q(m, stride, &h);                                  \
    wp_##Q gu = {{0, 0, 0, 0}};                                                \
    wp_adj_normalize_##Q(u, wp_normalize_##Q(u), g, &gu);                      \
    T hh = (T)0.5 / h, gh = (T)0.5 * gu.c[big], ghh = (T)0;                    \
    for (int r = 0; r < 3; r++) {                                              \
      T gs = gu.c[slot[r]];                                                    \
      ghh += gs * (m[ij[r][0] * stride + ij[r][1]] +                           \
                   (T)ij[r][4] * m[ij[r][2] * stride + ij[r][3]]);             \
      gm[ij[r][0] * stride + ij[r][1]] += gs * hh;                             \
      gm[ij[r][2] * stride + ij[r][3]] += (T)ij[r][4] * gs * hh;               \
    }                                                                          \
    gh -= ghh * (T)0.5 / (h * h);                                              \
    T garg = gh * (T)0.5 / h;                                                  \
    for (int d = 0; d < 3; d++)                                                \
      gm[d * stride + d] += sd[d] * garg;                                      \
  }                                                                            \
  WP_FN void wp_adj_quat_from_matrix_##M33(wp_##M33 m, wp_##Q r, wp_##Q g,     \
                                           wp_##M33 *gm) {                     \
    (void)r;                                                                   \
    wp_adj_qfm_##Q(&m.c[0][0], 3, g, &gm->c[0][0]);                            \
  }                                                                            \
  WP_FN void wp_adj_quat_from_matrix_##M44(wp_##M44 m, wp_##Q r, wp_##Q g,     \
                                           wp_##M44 *gm) {                     \
    (void)r;                                                                   \
    wp_adj_qfm_##Q(&m.c[0][0], 4, g, &gm->c[0][0]);                            \
  }                                                                            \
  WP_FN void wp_adj_quat_slerp_##Q##_##Q##_##S(                                \
      wp_##Q q0, wp_##Q q1, T t, wp_##Q r, wp_##Q g, wp_##Q *gq0, wp_##Q *gq1, \
      T *gt) {                                                                 \
    (void)r;                                                                   \
    wp_##Q qi = wp_quat_inverse_##Q(q0), qinc = wp_mul_##Q##_##Q(qi, q1);      \
    wp_##V3 axis;                                                              \
    T angle;                                                                   \
    wp_quat_axis_angle_##Q(qinc, &axis, &angle);                               \
    wp_##Q qt = wp_quat_from_axis_angle_##V3##_##S(axis, t * angle);           \
    wp_##Q gqt = {{0, 0, 0, 0}}, gqinc = {{0, 0, 0, 0}}, gqi = {{0, 0, 0, 0}}; \
    wp_adj_mul_##Q##_##Q(q0, qt, r, g, gq0, &gqt);                             \
    wp_##V3 gaxis = {{0, 0, 0}};                                               \
    T gta = (T)0;                                                              \
    wp_adj_quat_from_axis_angle_##V3##_##S(axis, t *angle, qt, gqt, &gaxis,    \
                                           &gta);                              \
    *gt += gta * angle;                                                        \
    T gangle = gta * t;                                                        \
    /* quat_to_axis_angle */                                                   \
    wp_##V3 v = {{qinc.c[0], qinc.c[1], qinc.c[2]}}, gv = {{0, 0, 0}};         \
    T w = qinc.c[3];                                                           \
    wp_##V3 gn = w < (T)0 ? wp_neg_##V3(gaxis) : gaxis;                        \
    wp_adj_normalize_##V3(v, wp_normalize_##V3(v), gn, &gv);                   \
    T L = wp_length_##V3(v), aw = wp_abs_##S(w), den = L * L + aw * aw;        \
    if (den > (T)0) {                                                          \
      T gL = (T)2 * gangle * aw / den, gaw = -(T)2 * gangle * L / den;         \
      wp_adj_length_##V3(v, L, gL, &gv);                                       \
      gqinc.c[3] += w < (T)0 ? -gaw : gaw;                                     \
    }                                                                          \
    for (int i = 0; i < 3; i++)                                                \
      gqinc.c[i] += gv.c[i];                                                   \
    wp_adj_mul_##Q##_##Q(qi, q1, qinc, gqinc, &gqi, gq1);                      \
    wp_adj_quat_inverse_##Q(q0, qi, gqi, gq0);                                 \
  }

/* Transforms: p = c[0..2], q = c[3..6]. */
#define WP_TRANSFORM(X, Q, S, T, V3)                                           \
  WP_FN wp_##V3 wp_transform_get_translation_##X(wp_##X t) {                   \
    wp_##V3 p = {{t.c[0], t.c[1], t.c[2]}};                                    \
    return p;                                                                  \
  }                                                                            \
  WP_FN wp_##Q wp_transform_get_rotation_##X(wp_##X t) {                       \
    wp_##Q q = {{t.c[3], t.c[4], t.c[5], t.c[6]}};                             \
    return q;                                                                  \
  }                                                                            \
  WP_FN wp_##X wp_transform_make_##X(wp_##V3 p, wp_##Q q) {                    \
    wp_##X t = {{p.c[0], p.c[1], p.c[2], q.c[0], q.c[1], q.c[2], q.c[3]}};     \
    return t;                                                                  \
  }                                                                            \
  WP_FN wp_##V3 wp_transform_vector_##X##_##V3(wp_##X t, wp_##V3 x) {          \
    return wp_quat_rotate_##Q##_##V3(wp_transform_get_rotation_##X(t), x);     \
  }                                                                            \
  WP_FN wp_##V3 wp_transform_point_##X##_##V3(wp_##X t, wp_##V3 x) {           \
    return wp_add_##V3##_##V3(wp_transform_get_translation_##X(t),             \
                              wp_transform_vector_##X##_##V3(t, x));           \
  }                                                                            \
  WP_FN wp_##X wp_transform_inverse_##X(wp_##X t) {                            \
    wp_##Q qi = wp_quat_inverse_##Q(wp_transform_get_rotation_##X(t));         \
    return wp_transform_make_##X(                                              \
        wp_neg_##V3(wp_quat_rotate_##Q##_##V3(                                 \
            qi, wp_transform_get_translation_##X(t))),                         \
        qi);                                                                   \
  }                                                                            \
  WP_FN wp_##X wp_transform_multiply_##X##_##X(wp_##X a, wp_##X b) {           \
    wp_##Q aq = wp_transform_get_rotation_##X(a);                              \
    return wp_transform_make_##X(                                              \
        wp_add_##V3##_##V3(wp_quat_rotate_##Q##_##V3(                          \
                               aq, wp_transform_get_translation_##X(b)),       \
                           wp_transform_get_translation_##X(a)),               \
        wp_mul_##Q##_##Q(aq, wp_transform_get_rotation_##X(b)));               \
  }                                                                            \
  WP_FN wp_##X wp_mul_##X##_##X(wp_##X a, wp_##X b) {                          \
    return wp_transform_multiply_##X##_##X(a, b);                              \
  }

#define WP_TRANSFORM_ADJ(X, Q, S, T, V3)                                       \
  WP_FN void wp_adj_transform_get_translation_##X(wp_##X t, wp_##V3 r,         \
                                                  wp_##V3 g, wp_##X *gt) {     \
    (void)t, (void)r;                                                          \
    for (int i = 0; i < 3; i++)                                                \
      gt->c[i] += g.c[i];                                                      \
  }                                                                            \
  WP_FN void wp_adj_transform_get_rotation_##X(wp_##X t, wp_##Q r, wp_##Q g,   \
                                               wp_##X *gt) {                   \
    (void)t, (void)r;                                                          \
    for (int i = 0; i < 4; i++)                                                \
      gt->c[3 + i] += g.c[i];                                                  \
  }                                                                            \
  WP_FN void wp_adj_transform_vector_##X##_##V3(                               \
      wp_##X t, wp_##V3 x, wp_##V3 r, wp_##V3 g, wp_##X *gt, wp_##V3 *gx) {    \
    (void)r;                                                                   \
    wp_##Q gq = {{0, 0, 0, 0}};                                                \
    wp_adj_quat_rot_##Q(wp_transform_get_rotation_##X(t), x, (T)1, g, &gq,     \
                        gx);                                                   \
    for (int i = 0; i < 4; i++)                                                \
      gt->c[3 + i] += gq.c[i];                                                 \
  }                                                                            \
  WP_FN void wp_adj_transform_point_##X##_##V3(                                \
      wp_##X t, wp_##V3 x, wp_##V3 r, wp_##V3 g, wp_##X *gt, wp_##V3 *gx) {    \
    for (int i = 0; i < 3; i++)                                                \
      gt->c[i] += g.c[i];                                                      \
    wp_adj_transform_vector_##X##_##V3(t, x, r, g, gt, gx);                    \
  }                                                                            \
  WP_FN void wp_adj_transform_inverse_##X(wp_##X t, wp_##X r, wp_##X g,        \
                                          wp_##X *gt) {                        \
    wp_##Q qi = wp_transform_get_rotation_##X(r);                              \
    wp_##V3 p = wp_transform_get_translation_##X(t);                           \
    wp_##V3 gpi = wp_neg_##V3(wp_transform_get_translation_##X(g));            \
    wp_##Q gqi = wp_transform_get_rotation_##X(g), gq = {{0, 0, 0, 0}};        \
    wp_##V3 gp = {{0, 0, 0}};                                                  \
    wp_adj_quat_rot_##Q(qi, p, (T)1, gpi, &gqi, &gp);                          \
    wp_adj_quat_inverse_##Q(wp_transform_get_rotation_##X(t), qi, gqi, &gq);   \
    for (int i = 0; i < 3; i++)                                                \
      gt->c[i] += gp.c[i];                                                     \
    for (int i = 0; i < 4; i++)                                                \
      gt->c[3 + i] += gq.c[i];                                                 \
  }                                                                            \
  WP_FN void wp_adj_transform_multiply_##X##_##X(                              \
      wp_##X a, wp_##X b, wp_##X r, wp_##X g, wp_##X *ga, wp_##X *gb) {        \
    wp_##Q aq = wp_transform_get_rotation_##X(a);                              \
    wp_##Q bq = wp_transform_get_rotation_##X(b);                              \
    wp_##Q gaq = {{0, 0, 0, 0}}, gbq = {{0, 0, 0, 0}};                         \
    wp_##V3 gbp = {{0, 0, 0}};                                                 \
    wp_##V3 gp = wp_transform_get_translation_##X(g);                          \
    wp_adj_quat_rot_##Q(aq, wp_transform_get_translation_##X(b), (T)1, gp,     \
                        &gaq, &gbp);                                           \
    wp_adj_mul_##Q##_##Q(aq, bq, wp_transform_get_rotation_##X(r),             \
                         wp_transform_get_rotation_##X(g), &gaq, &gbq);        \
    for (int i = 0; i < 3; i++)                                                \
      ga->c[i] += gp.c[i], gb->c[i] += gbp.c[i];                               \
    for (int i = 0; i < 4; i++)                                                \
      ga->c[3 + i] += gaq.c[i], gb->c[3 + i] += gbq.c[i];                      \
  }                                                                            \
  WP_FN void wp_adj_mul_##X##_##X(wp_##X a, wp_##X b, wp_##X r, wp_##X g,      \
                                  wp_##X *ga, wp_##X *gb) {                    \
    wp_adj_transform_multiply_##X##_##X(a, b, r, g, ga, gb);                   \
  }

/* transform_point / transform_vector of a 4x4 matrix (homogeneous w = 1 or
 * 0), instantiated per use: M the mat44, V3 the vec3, W the w value. */
#define WP_MAT44_XFORM(NAME, M, V3, T, W)                                      \
  WP_FN wp_##V3 wp_##NAME##_##M##_##V3(wp_##M m, wp_##V3 v) {                  \
    wp_##V3 r;                                                                 \
    for (int i = 0; i < 3; i++)                                                \
      r.c[i] = m.c[i][0] * v.c[0] + m.c[i][1] * v.c[1] + m.c[i][2] * v.c[2] +  \
               m.c[i][3] * (T)W;                                               \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_##NAME##_##M##_##V3(wp_##M m, wp_##V3 v, wp_##V3 r,        \
                                        wp_##V3 g, wp_##M *gm, wp_##V3 *gv) {  \
    (void)r;                                                                   \
    for (int i = 0; i < 3; i++) {                                              \
      for (int j = 0; j < 3; j++) {                                            \
        gm->c[i][j] += g.c[i] * v.c[j];                                        \
        gv->c[j] += m.c[i][j] * g.c[i];                                        \
      }                                                                        \
      gm->c[i][3] += g.c[i] * (T)W;                                            \
    }                                                                          \
  }
