/* 6rotation.h - the rotation and rigid-body helpers warp-lang 1.11..1.19
 * added as functions of warp.math (float32 only there, as here): each with
 * its adjoint, the derivative of the formula below written out (branches on
 * the integer axis arguments and on Warp's gimbal-lock tests taken as in the
 * primal).  Instantiated per type by lib/emit/types_c.c:
 *   WP_ROT_QUAT(Q, S, T, V3)     quat_twist, quat_twist_angle(_signed),
 *                                quat_to_rpy, quat_to_euler, quat_from_euler
 *   WP_ROT_V6(V6, S, T, V3)      velocity_at_point(qd, r) = v + w x r
 *   WP_ROT_XFORM(X, Q, S, T, V3, V6)  transform_twist, transform_wrench
 * Euler axes are 0, 1, 2 (x, y, z); the rotations about i, j, k are applied
 * in that order about the fixed axes. */

#define WP_ROT_QUAT(Q, S, T, V3)                                               \
  /* twist of q about axis: normalize((q.xyz . axis) axis, q.w) */             \
  WP_FN wp_##Q wp_quat_twist_##V3##_##Q(wp_##V3 axis, wp_##Q q) {              \
    T p = q.c[0] * axis.c[0] + q.c[1] * axis.c[1] + q.c[2] * axis.c[2];        \
    wp_##Q u = {{p * axis.c[0], p * axis.c[1], p * axis.c[2], q.c[3]}};        \
    return wp_normalize_##Q(u);                                                \
  }                                                                            \
  WP_FN void wp_adj_quat_twist_##V3##_##Q(wp_##V3 axis, wp_##Q q, wp_##Q r,    \
                                          wp_##Q g, wp_##V3 *gaxis,            \
                                          wp_##Q *gq) {                        \
    T p = q.c[0] * axis.c[0] + q.c[1] * axis.c[1] + q.c[2] * axis.c[2];        \
    wp_##Q u = {{p * axis.c[0], p * axis.c[1], p * axis.c[2], q.c[3]}};        \
    wp_##Q gu = {{0, 0, 0, 0}};                                                \
    wp_adj_normalize_##Q(u, r, g, &gu);                                        \
    T gp = gu.c[0] * axis.c[0] + gu.c[1] * axis.c[1] + gu.c[2] * axis.c[2];    \
    for (int n = 0; n < 3; n++) {                                              \
      gaxis->c[n] += p * gu.c[n] + gp * q.c[n];                                \
      gq->c[n] += gp * axis.c[n];                                              \
    }                                                                          \
    gq->c[3] += gu.c[3];                                                       \
  }                                                                            \
  /* 2 atan2(|axis . q.xyz|, q.w); the signed form without the abs */          \
  WP_FN T wp_quat_twist_angle_##V3##_##Q(wp_##V3 axis, wp_##Q q) {             \
    T d = axis.c[0] * q.c[0] + axis.c[1] * q.c[1] + axis.c[2] * q.c[2];        \
    return (T)2 * wp_atan2_##S(wp_abs_##S(d), q.c[3]);                         \
  }                                                                            \
  WP_FN T wp_quat_twist_angle_signed_##V3##_##Q(wp_##V3 axis, wp_##Q q) {      \
    T d = axis.c[0] * q.c[0] + axis.c[1] * q.c[1] + axis.c[2] * q.c[2];        \
    return (T)2 * wp_atan2_##S(d, q.c[3]);                                     \
  }                                                                            \
  WP_FN void wp_rot_adj_twist_angle_##Q(                                       \
      wp_##V3 axis, wp_##Q q, T g, int absolute, wp_##V3 *gaxis, wp_##Q *gq) { \
    T d = axis.c[0] * q.c[0] + axis.c[1] * q.c[1] + axis.c[2] * q.c[2];        \
    T s = absolute ? wp_abs_##S(d) : d, gs = 0, gd = 0;                        \
    wp_adj_atan2_##S(s, q.c[3], wp_atan2_##S(s, q.c[3]), (T)2 * g, &gs,        \
                     &gq->c[3]);                                               \
    if (absolute)                                                              \
      wp_adj_abs_##S(d, s, gs, &gd);                                           \
    else                                                                       \
      gd = gs;                                                                 \
    for (int n = 0; n < 3; n++) {                                              \
      gaxis->c[n] += gd * q.c[n];                                              \
      gq->c[n] += gd * axis.c[n];                                              \
    }                                                                          \
  }                                                                            \
  WP_FN void wp_adj_quat_twist_angle_##V3##_##Q(                               \
      wp_##V3 axis, wp_##Q q, T r, T g, wp_##V3 *gaxis, wp_##Q *gq) {          \
    (void)r;                                                                   \
    wp_rot_adj_twist_angle_##Q(axis, q, g, 1, gaxis, gq);                      \
  }                                                                            \
  WP_FN void wp_adj_quat_twist_angle_signed_##V3##_##Q(                        \
      wp_##V3 axis, wp_##Q q, T r, T g, wp_##V3 *gaxis, wp_##Q *gq) {          \
    (void)r;                                                                   \
    wp_rot_adj_twist_angle_##Q(axis, q, g, 0, gaxis, gq);                      \
  }                                                                            \
  /* roll = atan2(2(wx + yz), 1 - 2(xx + yy)), pitch = asin(clamp(2(wy -       \
     zx), -1, 1)), yaw = atan2(2(wz + xy), 1 - 2(yy + zz)) */                  \
  WP_FN wp_##V3 wp_quat_to_rpy_##Q(wp_##Q q) {                                 \
    T x = q.c[0], y = q.c[1], z = q.c[2], w = q.c[3];                          \
    T t0 = (T)2 * (w * x + y * z), t1 = (T)1 - (T)2 * (x * x + y * y);         \
    T t2 = wp_clamp_##S((T)2 * (w * y - z * x), (T)-1, (T)1);                  \
    T t3 = (T)2 * (w * z + x * y), t4 = (T)1 - (T)2 * (y * y + z * z);         \
    wp_##V3 r = {                                                              \
        {wp_atan2_##S(t0, t1), wp_asin_##S(t2), wp_atan2_##S(t3, t4)}};        \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_quat_to_rpy_##Q(wp_##Q q, wp_##V3 r, wp_##V3 g,            \
                                    wp_##Q *gq) {                              \
    T x = q.c[0], y = q.c[1], z = q.c[2], w = q.c[3];                          \
    T t0 = (T)2 * (w * x + y * z), t1 = (T)1 - (T)2 * (x * x + y * y);         \
    T t2r = (T)2 * (w * y - z * x), t2 = wp_clamp_##S(t2r, (T)-1, (T)1);       \
    T t3 = (T)2 * (w * z + x * y), t4 = (T)1 - (T)2 * (y * y + z * z);         \
    T g0 = 0, g1 = 0, g2 = 0, g2r = 0, g3 = 0, g4 = 0, glo = 0, ghi = 0;       \
    wp_adj_atan2_##S(t0, t1, r.c[0], g.c[0], &g0, &g1);                        \
    wp_adj_asin_##S(t2, r.c[1], g.c[1], &g2);                                  \
    wp_adj_clamp_##S(t2r, (T)-1, (T)1, t2, g2, &g2r, &glo, &ghi);              \
    wp_adj_atan2_##S(t3, t4, r.c[2], g.c[2], &g3, &g4);                        \
    gq->c[0] +=                                                                \
        (T)2 * w * g0 - (T)4 * x * g1 - (T)2 * z * g2r + (T)2 * y * g3;        \
    gq->c[1] += (T)2 * z * g0 - (T)4 * y * g1 + (T)2 * w * g2r +               \
                (T)2 * x * g3 - (T)4 * y * g4;                                 \
    gq->c[2] +=                                                                \
        (T)2 * y * g0 - (T)2 * x * g2r + (T)2 * w * g3 - (T)4 * z * g4;        \
    gq->c[3] += (T)2 * x * g0 + (T)2 * y * g2r + (T)2 * z * g3;                \
  }                                                                            \
  /* quat_to_euler: the angle formula on the scalar-first quaternion (w,       \
     x, y, z) with 1-based axes; a, b, c, d the four terms it works on, each   \
     +-(one component) or a sum of two (not-proper sequences, i != k) */       \
  WP_FN int wp_rot_ax_##Q(int n) {                                             \
    return n == 2 || n == 3 ? n - 1 : 0;                                       \
  }                                                                            \
  typedef struct {                                                             \
    int i, j, k, not_proper, lock;                                             \
    T e, a, b, c, d, t1, t2, t3, tp, tm, u;                                    \
  } wp_rot_euler_##Q;                                                          \
  WP_FN wp_rot_euler_##Q wp_rot_euler_eval_##Q(wp_##Q q, int i, int j,         \
                                               int k) {                        \
    wp_rot_euler_##Q s;                                                        \
    T q0 = q.c[3];                                                             \
    i += 1, j += 1, k += 1;                                                    \
    s.not_proper = 1;                                                          \
    if (i == k) {                                                              \
      s.not_proper = 0;                                                        \
      k = 6 - i - j;                                                           \
    }                                                                          \
    s.i = i, s.j = j, s.k = k;                                                 \
    s.e = (T)((i - j) * (j - k) * (k - i)) / (T)2;                             \
    s.a = q0;                                                                  \
    s.b = q.c[wp_rot_ax_##Q(i)];                                               \
    s.c = q.c[wp_rot_ax_##Q(j)];                                               \
    s.d = q.c[wp_rot_ax_##Q(k)] * s.e;                                         \
    if (s.not_proper) {                                                        \
      s.a -= q.c[wp_rot_ax_##Q(j)];                                            \
      s.b += q.c[wp_rot_ax_##Q(k)] * s.e;                                      \
      s.c += q0;                                                               \
      s.d -= q.c[wp_rot_ax_##Q(i)];                                            \
    }                                                                          \
    T a = s.a, b = s.b, c = s.c, d = s.d;                                      \
    s.u = (T)2 * (a * a + b * b) / (a * a + b * b + c * c + d * d) - (T)1;     \
    s.t2 = wp_acos_##S(s.u);                                                   \
    s.tp = wp_atan2_##S(b, a);                                                 \
    s.tm = wp_atan2_##S(d, c);                                                 \
    s.t1 = 0;                                                                  \
    if (wp_abs_##S(s.t2) < (T)1e-6) {                                          \
      s.lock = 1;                                                              \
      s.t3 = (T)2 * s.tp - s.t1;                                               \
    } else if (wp_abs_##S(s.t2 - (T)3.14159265358979323846) < (T)1e-6) {       \
      s.lock = 2;                                                              \
      s.t3 = (T)2 * s.tm + s.t1;                                               \
    } else {                                                                   \
      s.lock = 0;                                                              \
      s.t1 = s.tp - s.tm;                                                      \
      s.t3 = s.tp + s.tm;                                                      \
    }                                                                          \
    if (s.not_proper) {                                                        \
      s.t2 -= (T)1.57079632679489661923;                                       \
      s.t3 *= s.e;                                                             \
    }                                                                          \
    return s;                                                                  \
  }                                                                            \
  /* which of t1, t2, t3 (1..3) lands in x, y, z */                            \
  WP_FN void wp_rot_euler_place_##Q(const wp_rot_euler_##Q *s, int *slot) {    \
    slot[0] = 1, slot[1] = 2, slot[2] = 3;                                     \
    if (s->i == 2)                                                             \
      slot[0] = 2, slot[1] = 1;                                                \
    else if (s->i == 3)                                                        \
      slot[0] = 3, slot[2] = 1;                                                \
    slot[s->j == 1 ? 0 : s->j == 2 ? 1 : 2] = 2;                               \
    slot[s->k == 1 ? 0 : s->k == 2 ? 1 : 2] = 3;                               \
  }                                                                            \
  WP_FN wp_##V3 wp_quat_to_euler_##Q##_int32_int32_int32(                      \
      wp_##Q q, wp_int32 i, wp_int32 j, wp_int32 k) {                          \
    wp_rot_euler_##Q s = wp_rot_euler_eval_##Q(q, i, j, k);                    \
    T t[4] = {0, s.t1, s.t2, s.t3};                                            \
    int slot[3];                                                               \
    wp_rot_euler_place_##Q(&s, slot);                                          \
    wp_##V3 r = {{t[slot[0]], t[slot[1]], t[slot[2]]}};                        \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_quat_to_euler_##Q##_int32_int32_int32(                     \
      wp_##Q q, wp_int32 i, wp_int32 j, wp_int32 k, wp_##V3 r, wp_##V3 g,      \
      wp_##Q *gq, wp_int32 *gi, wp_int32 *gj, wp_int32 *gk) {                  \
    (void)r, (void)gi, (void)gj, (void)gk;                                     \
    wp_rot_euler_##Q s = wp_rot_euler_eval_##Q(q, i, j, k);                    \
    T gt[4] = {0, 0, 0, 0};                                                    \
    int slot[3];                                                               \
    wp_rot_euler_place_##Q(&s, slot);                                          \
    for (int n = 0; n < 3; n++)                                                \
      gt[slot[n]] += g.c[n];                                                   \
    if (s.not_proper)                                                          \
      gt[3] *= s.e;                                                            \
    T gtp = 0, gtm = 0;                                                        \
    if (s.lock == 1)                                                           \
      gtp = (T)2 * gt[3];                                                      \
    else if (s.lock == 2)                                                      \
      gtm = (T)2 * gt[3];                                                      \
    else                                                                       \
      gtp = gt[1] + gt[3], gtm = gt[3] - gt[1];                                \
    T a = s.a, b = s.b, c = s.c, d = s.d, ga = 0, gb = 0, gc = 0, gd = 0;      \
    T gu = 0, s1 = a * a + b * b, sum = s1 + c * c + d * d;                    \
    wp_adj_acos_##S(s.u, 0, gt[2], &gu);                                       \
    T gs1 = (T)2 * gu / sum, gsum = -(T)2 * gu * s1 / (sum * sum);             \
    ga += (T)2 * a * (gs1 + gsum), gb += (T)2 * b * (gs1 + gsum);              \
    gc += (T)2 * c * gsum, gd += (T)2 * d * gsum;                              \
    wp_adj_atan2_##S(b, a, s.tp, gtp, &gb, &ga);                               \
    wp_adj_atan2_##S(d, c, s.tm, gtm, &gd, &gc);                               \
    gq->c[3] += ga;                                                            \
    gq->c[wp_rot_ax_##Q(s.i)] += gb;                                           \
    gq->c[wp_rot_ax_##Q(s.j)] += gc;                                           \
    gq->c[wp_rot_ax_##Q(s.k)] += gd * s.e;                                     \
    if (s.not_proper) {                                                        \
      gq->c[wp_rot_ax_##Q(s.j)] -= ga;                                         \
      gq->c[wp_rot_ax_##Q(s.k)] += gb * s.e;                                   \
      gq->c[3] += gc;                                                          \
      gq->c[wp_rot_ax_##Q(s.i)] -= gd;                                         \
    }                                                                          \
  }                                                                            \
  /* quat_from_euler(e, i, j, k) = qk qj qi, qn the rotation of e[n] about     \
     axis n (an index past 2 reads 0) */                                       \
  WP_FN wp_##Q wp_rot_axis_quat_##Q(int axis, T h) {                           \
    wp_##Q r = {{0, 0, 0, wp_cos_##S(h)}};                                     \
    r.c[axis == 0 ? 0 : axis == 1 ? 1 : 2] = wp_sin_##S(h);                    \
    return r;                                                                  \
  }                                                                            \
  WP_FN T wp_rot_at_##V3(wp_##V3 e, int n) {                                   \
    return n >= 0 && n < 3 ? e.c[n] : (T)0;                                    \
  }                                                                            \
  WP_FN wp_##Q wp_quat_from_euler_##V3##_int32_int32_int32(                    \
      wp_##V3 e, wp_int32 i, wp_int32 j, wp_int32 k) {                         \
    wp_##Q qi = wp_rot_axis_quat_##Q(i, (T)0.5 * wp_rot_at_##V3(e, i));        \
    wp_##Q qj = wp_rot_axis_quat_##Q(j, (T)0.5 * wp_rot_at_##V3(e, j));        \
    wp_##Q qk = wp_rot_axis_quat_##Q(k, (T)0.5 * wp_rot_at_##V3(e, k));        \
    return wp_mul_##Q##_##Q(qk, wp_mul_##Q##_##Q(qj, qi));                     \
  }                                                                            \
  WP_FN void wp_adj_quat_from_euler_##V3##_int32_int32_int32(                  \
      wp_##V3 e, wp_int32 i, wp_int32 j, wp_int32 k, wp_##Q r, wp_##Q g,       \
      wp_##V3 *ge, wp_int32 *gi, wp_int32 *gj, wp_int32 *gk) {                 \
    (void)r, (void)gi, (void)gj, (void)gk;                                     \
    int ax[3] = {i, j, k};                                                     \
    T h[3];                                                                    \
    wp_##Q qn[3], gqn[3] = {{{0, 0, 0, 0}}, {{0, 0, 0, 0}}, {{0, 0, 0, 0}}};   \
    for (int n = 0; n < 3; n++) {                                              \
      h[n] = (T)0.5 * wp_rot_at_##V3(e, ax[n]);                                \
      qn[n] = wp_rot_axis_quat_##Q(ax[n], h[n]);                               \
    }                                                                          \
    wp_##Q m = wp_mul_##Q##_##Q(qn[1], qn[0]), gm = {{0, 0, 0, 0}};            \
    wp_adj_mul_##Q##_##Q(qn[2], m, r, g, &gqn[2], &gm);                        \
    wp_adj_mul_##Q##_##Q(qn[1], qn[0], m, gm, &gqn[1], &gqn[0]);               \
    for (int n = 0; n < 3; n++) {                                              \
      int a = ax[n] == 0 ? 0 : ax[n] == 1 ? 1 : 2;                             \
      T gh = gqn[n].c[a] * wp_cos_##S(h[n]) - gqn[n].c[3] * wp_sin_##S(h[n]);  \
      if (ax[n] >= 0 && ax[n] < 3)                                             \
        ge->c[ax[n]] += (T)0.5 * gh;                                           \
    }                                                                          \
  }

#define WP_ROT_V6(V6, S, T, V3)                                                \
  /* velocity_at_point(qd, r) = v + w x r, qd = (w, v) */                      \
  WP_FN wp_##V3 wp_velocity_at_point_##V6##_##V3(wp_##V6 qd, wp_##V3 r) {      \
    T w0 = qd.c[0], w1 = qd.c[1], w2 = qd.c[2];                                \
    wp_##V3 o = {{qd.c[3] + (w1 * r.c[2] - w2 * r.c[1]),                       \
                  qd.c[4] + (w2 * r.c[0] - w0 * r.c[2]),                       \
                  qd.c[5] + (w0 * r.c[1] - w1 * r.c[0])}};                     \
    return o;                                                                  \
  }                                                                            \
  WP_FN void wp_adj_velocity_at_point_##V6##_##V3(wp_##V6 qd, wp_##V3 r,       \
                                                  wp_##V3 o, wp_##V3 g,        \
                                                  wp_##V6 *gqd, wp_##V3 *gr) { \
    (void)o;                                                                   \
    T w0 = qd.c[0], w1 = qd.c[1], w2 = qd.c[2];                                \
    gqd->c[0] += r.c[1] * g.c[2] - r.c[2] * g.c[1];                            \
    gqd->c[1] += r.c[2] * g.c[0] - r.c[0] * g.c[2];                            \
    gqd->c[2] += r.c[0] * g.c[1] - r.c[1] * g.c[0];                            \
    for (int n = 0; n < 3; n++)                                                \
      gqd->c[3 + n] += g.c[n];                                                 \
    gr->c[0] += g.c[1] * w2 - g.c[2] * w1;                                     \
    gr->c[1] += g.c[2] * w0 - g.c[0] * w2;                                     \
    gr->c[2] += g.c[0] * w1 - g.c[1] * w0;                                     \
  }

#define WP_ROT_XFORM(X, Q, S, T, V3, V6)                                       \
  /* transform_twist: (w, v) -> (R w, R v + p x R w); transform_wrench:        \
     (tau, f) -> (R tau + p x R f, R f): the moved part is `lin` of `top` */   \
  WP_FN wp_##V6 wp_rot_xform_sv_##X(wp_##X t, wp_##V6 x, int twist) {          \
    wp_##Q q = wp_transform_get_rotation_##X(t);                               \
    wp_##V3 p = wp_transform_get_translation_##X(t);                           \
    wp_##V3 w = {{x.c[0], x.c[1], x.c[2]}}, v = {{x.c[3], x.c[4], x.c[5]}};    \
    wp_##V3 rw = wp_quat_rotate_##Q##_##V3(q, w);                              \
    wp_##V3 rv = wp_quat_rotate_##Q##_##V3(q, v);                              \
    wp_##V3 *src = twist ? &rw : &rv, *dst = twist ? &rv : &rw;                \
    *dst = wp_add_##V3##_##V3(*dst, wp_cross_##V3##_##V3(p, *src));            \
    wp_##V6 o = {{rw.c[0], rw.c[1], rw.c[2], rv.c[0], rv.c[1], rv.c[2]}};      \
    return o;                                                                  \
  }                                                                            \
  WP_FN void wp_rot_adj_xform_sv_##X(wp_##X t, wp_##V6 x, wp_##V6 g,           \
                                     int twist, wp_##X *gt, wp_##V6 *gx) {     \
    wp_##Q q = wp_transform_get_rotation_##X(t), gq = {{0, 0, 0, 0}};          \
    wp_##V3 p = wp_transform_get_translation_##X(t);                           \
    wp_##V3 w = {{x.c[0], x.c[1], x.c[2]}}, v = {{x.c[3], x.c[4], x.c[5]}};    \
    wp_##V3 gw = {{g.c[0], g.c[1], g.c[2]}}, gv = {{g.c[3], g.c[4], g.c[5]}};  \
    wp_##V3 s = twist ? w : v; /* the rotated part crossed with p */           \
    wp_##V3 rs = wp_quat_rotate_##Q##_##V3(q, s);                              \
    wp_##V3 gd = twist ? gv : gw, *gs = twist ? &gw : &gv;                     \
    wp_##V3 gp = wp_cross_##V3##_##V3(rs, gd);                                 \
    *gs = wp_add_##V3##_##V3(*gs, wp_cross_##V3##_##V3(gd, p));                \
    wp_##V3 gxw = {{0, 0, 0}}, gxv = {{0, 0, 0}};                              \
    wp_adj_quat_rotate_##Q##_##V3(q, w, wp_quat_rotate_##Q##_##V3(q, w), gw,   \
                                  &gq, &gxw);                                  \
    wp_adj_quat_rotate_##Q##_##V3(q, v, wp_quat_rotate_##Q##_##V3(q, v), gv,   \
                                  &gq, &gxv);                                  \
    for (int n = 0; n < 3; n++) {                                              \
      gt->c[n] += gp.c[n];                                                     \
      gx->c[n] += gxw.c[n];                                                    \
      gx->c[3 + n] += gxv.c[n];                                                \
    }                                                                          \
    for (int n = 0; n < 4; n++)                                                \
      gt->c[3 + n] += gq.c[n];                                                 \
  }                                                                            \
  WP_FN wp_##V6 wp_transform_twist_##X##_##V6(wp_##X t, wp_##V6 x) {           \
    return wp_rot_xform_sv_##X(t, x, 1);                                       \
  }                                                                            \
  WP_FN wp_##V6 wp_transform_wrench_##X##_##V6(wp_##X t, wp_##V6 x) {          \
    return wp_rot_xform_sv_##X(t, x, 0);                                       \
  }                                                                            \
  WP_FN void wp_adj_transform_twist_##X##_##V6(                                \
      wp_##X t, wp_##V6 x, wp_##V6 r, wp_##V6 g, wp_##X *gt, wp_##V6 *gx) {    \
    (void)r;                                                                   \
    wp_rot_adj_xform_sv_##X(t, x, g, 1, gt, gx);                               \
  }                                                                            \
  WP_FN void wp_adj_transform_wrench_##X##_##V6(                               \
      wp_##X t, wp_##V6 x, wp_##V6 r, wp_##V6 g, wp_##X *gt, wp_##V6 *gx) {    \
    (void)r;                                                                   \
    wp_rot_adj_xform_sv_##X(t, x, g, 0, gt, gx);                               \
  }
