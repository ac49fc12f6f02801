/* 8mesh_builtins.h - the mesh builtins of generated code under the names
 * the emitter prints (wp_<name>_<types>) and their adjoints, over the query
 * code of 8mesh.h; the signs of mesh_query_point_sign_winding_number and
 * _sign_parity. */

/* ---- the builtins (names as the emitter prints them) ------------------ */

WP_FN wp_mesh_query_point_t
wp_mesh_query_point_uint64_vec3f_float32(wp_uint64 id, wp_vec3f p, float d) {
  return wp__mesh_query_point(id, p, d);
}
WP_FN wp_mesh_query_point_t wp_mesh_query_point_no_sign_uint64_vec3f_float32(
    wp_uint64 id, wp_vec3f p, float d) {
  return wp__mesh_query_point_no_sign(id, p, d);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_furthest_point_no_sign_uint64_vec3f_float32(wp_uint64 id,
                                                          wp_vec3f p, float d) {
  return wp__mesh_query_furthest_point_no_sign(id, p, d);
}
/* The gradient of u and v with respect to the point (the face and the
 * sign are piecewise constant; max_dist gets none), as Warp's. */
#define WP__MESH_POINT_ADJ(NAME)                                               \
  WP_FN void wp_adj_##NAME##_uint64_vec3f_float32(                             \
      wp_uint64 id, wp_vec3f p, float d, wp_mesh_query_point_t r,              \
      wp_mesh_query_point_t g, wp_uint64 *gid, wp_vec3f *gp, float *gd) {      \
    (void)d;                                                                   \
    (void)gid;                                                                 \
    (void)gd;                                                                  \
    if (r.result)                                                              \
      wp__adj_closest(wp__mesh(id), r.face, p, g.u, g.v, gp);                  \
  }
WP__MESH_POINT_ADJ(mesh_query_point)
WP__MESH_POINT_ADJ(mesh_query_point_no_sign)
/* the furthest point is a vertex: its u and v do not move with the point */
WP_FN void wp_adj_mesh_query_furthest_point_no_sign_uint64_vec3f_float32(
    wp_uint64 id, wp_vec3f p, float d, wp_mesh_query_point_t r,
    wp_mesh_query_point_t g, wp_uint64 *gid, wp_vec3f *gp, float *gd) {
  (void)id;
  (void)p;
  (void)d;
  (void)r;
  (void)g;
  (void)gid;
  (void)gp;
  (void)gd;
}

WP_FN wp_mesh_query_ray_t wp_mesh_query_ray_uint64_vec3f_vec3f_float32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float max_t) {
  return wp__mesh_query_ray(id, start, dir, max_t, -1);
}
WP_FN wp_mesh_query_ray_t wp_mesh_query_ray_uint64_vec3f_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float max_t, wp_int32 root) {
  return wp__mesh_query_ray(id, start, dir, max_t, root);
}
WP_FN wp_bool wp_mesh_query_ray_anyhit_uint64_vec3f_vec3f_float32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float max_t) {
  return wp__mesh_query_ray_anyhit(id, start, dir, max_t, -1);
}
WP_FN wp_bool wp_mesh_query_ray_anyhit_uint64_vec3f_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float max_t, wp_int32 root) {
  return wp__mesh_query_ray_anyhit(id, start, dir, max_t, root);
}
WP_FN wp_int32 wp_mesh_query_ray_count_intersections_uint64_vec3f_vec3f(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir) {
  return wp__mesh_query_ray_count_intersections(id, start, dir, -1);
}
WP_FN wp_int32 wp_mesh_query_ray_count_intersections_uint64_vec3f_vec3f_int32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, wp_int32 root) {
  return wp__mesh_query_ray_count_intersections(id, start, dir, root);
}

WP_FN wp_mesh_query_aabb_t wp_mesh_query_aabb_uint64_vec3f_vec3f(wp_uint64 id,
                                                                 wp_vec3f lo,
                                                                 wp_vec3f hi) {
  return wp__mesh_query_aabb(id, lo, hi);
}
WP_FN wp_mesh_query_aabb_t
wp_mesh_query_sphere_uint64_vec3f_float32(wp_uint64 id, wp_vec3f c, float r) {
  return wp__mesh_query_sphere(id, c, r);
}
#define WP__MESH_QUERY_NEXT(Q)                                                 \
  WP_FN wp_mesh_query_aabb_t wp__query_next_##Q(wp_mesh_query_aabb_t q) {      \
    wp_int32 i;                                                                \
    q.found = wp__mesh_query_aabb_next(&q, &i);                                \
    return q;                                                                  \
  }                                                                            \
  WP_FN wp_bool wp__query_found_##Q(wp_mesh_query_aabb_t q) {                  \
    return q.found;                                                            \
  }                                                                            \
  WP_FN wp_int32 wp__query_index_##Q##_int32(wp_mesh_query_aabb_t q,           \
                                             wp_int32 old) {                   \
    return q.found ? q.face : old;                                             \
  }
WP__MESH_QUERY_NEXT(MeshQuery)

WP_FN wp_vec3f wp_mesh_eval_position_uint64(wp_uint64 id, wp_int32 f, float u,
                                            float v) {
  const wp_mesh_desc *m = wp__mesh(id);
  return wp__mesh_eval(m->points, m, f, u, v);
}
WP_FN wp_vec3f wp_mesh_eval_velocity_uint64(wp_uint64 id, wp_int32 f, float u,
                                            float v) {
  const wp_mesh_desc *m = wp__mesh(id);
  return wp__mesh_eval(m->velocities, m, f, u, v);
}
WP_FN void wp_adj_mesh_eval_position_uint64(wp_uint64 id, wp_int32 f, float u,
                                            float v, wp_vec3f r, wp_vec3f g,
                                            wp_uint64 *gid, wp_int32 *gf,
                                            float *gu, float *gv) {
  (void)u;
  (void)v;
  (void)r;
  (void)gid;
  (void)gf;
  const wp_mesh_desc *m = wp__mesh(id);
  wp__adj_mesh_eval(m->points, m, f, g, gu, gv);
}
WP_FN void wp_adj_mesh_eval_velocity_uint64(wp_uint64 id, wp_int32 f, float u,
                                            float v, wp_vec3f r, wp_vec3f g,
                                            wp_uint64 *gid, wp_int32 *gf,
                                            float *gu, float *gv) {
  (void)u;
  (void)v;
  (void)r;
  (void)gid;
  (void)gf;
  const wp_mesh_desc *m = wp__mesh(id);
  wp__adj_mesh_eval(m->velocities, m, f, g, gu, gv);
}
WP_FN wp_vec3f wp_mesh_eval_face_normal_uint64(wp_uint64 id, wp_int32 f) {
  return wp__mesh_eval_face_normal(id, f);
}
WP_FN wp_vec3f wp_mesh_get_point_uint64(wp_uint64 id, wp_int32 i) {
  return wp__mesh_get_point(id, i);
}
WP_FN wp_vec3f wp_mesh_get_velocity_uint64(wp_uint64 id, wp_int32 i) {
  return wp__mesh_get_velocity(id, i);
}
WP_FN wp_int32 wp_mesh_get_index_uint64(wp_uint64 id, wp_int32 i) {
  return wp__mesh(id)->indices[i];
}
/* the id of the mesh's BVH: for the bvh_query_* builtins */
WP_FN wp_uint64 wp_mesh_get_bvh_uint64(wp_uint64 id) {
  return (wp_uint64)&wp__mesh(id)->bvh;
}

WP_FN wp_mesh_query_point_t wp__mesh_query_point_sign_normal(wp_uint64 id,
                                                             wp_vec3f p,
                                                             float d, float e) {
  wp_mesh_query_point_t q = {0, 0.0f, 0, 0.0f, 0.0f};
  q.result = wp__mesh_closest_normal(wp__mesh(id), p, d, e, &q);
  return q;
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_normal_uint64_vec3f_float32(wp_uint64 id, wp_vec3f p,
                                                     float d) {
  return wp__mesh_query_point_sign_normal(id, p, d, 1e-3f);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_normal_uint64_vec3f_float32_float32(wp_uint64 id,
                                                             wp_vec3f p,
                                                             float d, float e) {
  return wp__mesh_query_point_sign_normal(id, p, d, e);
}
WP__MESH_POINT_ADJ(mesh_query_point_sign_normal)
WP_FN void wp_adj_mesh_query_point_sign_normal_uint64_vec3f_float32_float32(
    wp_uint64 id, wp_vec3f p, float d, float e, wp_mesh_query_point_t r,
    wp_mesh_query_point_t g, wp_uint64 *gid, wp_vec3f *gp, float *gd,
    float *ge) {
  (void)e;
  (void)ge;
  wp_adj_mesh_query_point_sign_normal_uint64_vec3f_float32(id, p, d, r, g, gid,
                                                           gp, gd);
}

/* The generalized winding number of the point: the solid angles of all
 * triangles (Van Oosterom and Strackee 1983) over 4 pi, exact. */
WP_FN float wp__mesh_winding(const wp_mesh_desc *m, wp_vec3f x) {
  float sum = 0.0f;
  for (wp_int32 f = 0; f < m->num_tris; f++) {
    wp_vec3f a, b, c;
    wp__mesh_tri(m, f, &a, &b, &c);
    a = wp__v3_sub(a, x);
    b = wp__v3_sub(b, x);
    c = wp__v3_sub(c, x);
    float la = wp__v3_len(a), lb = wp__v3_len(b), lc = wp__v3_len(c);
    float num = wp__v3_dot(a, wp__v3_cross(b, c));
    float den = la * lb * lc + wp__v3_dot(a, b) * lc + wp__v3_dot(a, c) * lb +
                wp__v3_dot(b, c) * la;
    sum += 2.0f * WP_MATHF(atan2)(num, den);
  }
  return sum * 0.07957747154f; /* 1 / (4 pi) */
}

WP_FN wp_mesh_query_point_t wp__mesh_query_point_sign_winding_number(
    wp_uint64 id, wp_vec3f p, float d, float threshold) {
  wp_mesh_query_point_t q = wp__mesh_query_point_no_sign(id, p, d);
  const wp_mesh_desc *m = wp__mesh(id);
  if (q.result)
    q.sign = m->winding ? (wp__mesh_winding(m, p) > threshold ? -1.0f : 1.0f)
                        : wp__mesh_inside(m, p);
  return q;
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_winding_number_uint64_vec3f_float32(wp_uint64 id,
                                                             wp_vec3f p,
                                                             float d) {
  return wp__mesh_query_point_sign_winding_number(id, p, d, 0.5f);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_winding_number_uint64_vec3f_float32_float32(
    wp_uint64 id, wp_vec3f p, float d, float accuracy) {
  (void)accuracy;
  return wp__mesh_query_point_sign_winding_number(id, p, d, 0.5f);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_winding_number_uint64_vec3f_float32_float32_float32(
    wp_uint64 id, wp_vec3f p, float d, float accuracy, float threshold) {
  (void)accuracy;
  return wp__mesh_query_point_sign_winding_number(id, p, d, threshold);
}
WP__MESH_POINT_ADJ(mesh_query_point_sign_winding_number)
WP_FN void
wp_adj_mesh_query_point_sign_winding_number_uint64_vec3f_float32_float32(
    wp_uint64 id, wp_vec3f p, float d, float a, wp_mesh_query_point_t r,
    wp_mesh_query_point_t g, wp_uint64 *gid, wp_vec3f *gp, float *gd,
    float *ga) {
  (void)a;
  (void)ga;
  wp_adj_mesh_query_point_sign_winding_number_uint64_vec3f_float32(
      id, p, d, r, g, gid, gp, gd);
}
WP_FN void
wp_adj_mesh_query_point_sign_winding_number_uint64_vec3f_float32_float32_float32(
    wp_uint64 id, wp_vec3f p, float d, float a, float t,
    wp_mesh_query_point_t r, wp_mesh_query_point_t g, wp_uint64 *gid,
    wp_vec3f *gp, float *gd, float *ga, float *gt) {
  (void)a;
  (void)ga;
  (void)t;
  (void)gt;
  wp_adj_mesh_query_point_sign_winding_number_uint64_vec3f_float32(
      id, p, d, r, g, gid, gp, gd);
}

/* mesh_query_point_sign_parity: inside (-1) when at least half of n_sample
 * rays, along (1, 1, 1) perturbed by uniform draws in +-perturbation_scale
 * (rand_init(42), x, y, z drawn in that order, as warp-lang's CPU build),
 * cross the mesh an odd number of times. */
WP_FN float wp__mesh_inside_parity(wp_uint64 id, wp_vec3f p, wp_int32 n_sample,
                                   float scale) {
  wp_uint32 state = wp__rand_init1(42);
  int vote = 0;
  for (wp_int32 i = 0; i < n_sample; i++) {
    wp_vec3f dir;
    do {
      float x = wp__randf_range(&state, -scale, scale);
      float y = wp__randf_range(&state, -scale, scale);
      float z = wp__randf_range(&state, -scale, scale);
      dir = wp__v3(1.0f + x, 1.0f + y, 1.0f + z);
    } while (wp__v3_dot(dir, dir) < 1e-8f);
    if (wp__mesh_query_ray_count_intersections(id, p, dir, -1) % 2)
      vote++;
  }
  return vote * 2 >= n_sample ? -1.0f : 1.0f;
}
WP_FN wp_mesh_query_point_t wp__mesh_query_point_sign_parity(
    wp_uint64 id, wp_vec3f p, float d, wp_int32 n_sample, float scale) {
  wp_mesh_query_point_t q = wp__mesh_query_point_no_sign(id, p, d);
  if (q.result)
    q.sign = wp__mesh_inside_parity(id, p, n_sample, scale);
  return q;
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_parity_uint64_vec3f_float32(wp_uint64 id, wp_vec3f p,
                                                     float d) {
  return wp__mesh_query_point_sign_parity(id, p, d, 1, 0.1f);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_parity_uint64_vec3f_float32_int32(wp_uint64 id,
                                                           wp_vec3f p, float d,
                                                           wp_int32 n) {
  return wp__mesh_query_point_sign_parity(id, p, d, n, 0.1f);
}
WP_FN wp_mesh_query_point_t
wp_mesh_query_point_sign_parity_uint64_vec3f_float32_int32_float32(
    wp_uint64 id, wp_vec3f p, float d, wp_int32 n, float scale) {
  return wp__mesh_query_point_sign_parity(id, p, d, n, scale);
}
WP__MESH_POINT_ADJ(mesh_query_point_sign_parity)
WP_FN void wp_adj_mesh_query_point_sign_parity_uint64_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f p, float d, wp_int32 n, wp_mesh_query_point_t r,
    wp_mesh_query_point_t g, wp_uint64 *gid, wp_vec3f *gp, float *gd,
    wp_int32 *gn) {
  (void)n;
  (void)gn;
  wp_adj_mesh_query_point_sign_parity_uint64_vec3f_float32(id, p, d, r, g, gid,
                                                           gp, gd);
}
WP_FN void
wp_adj_mesh_query_point_sign_parity_uint64_vec3f_float32_int32_float32(
    wp_uint64 id, wp_vec3f p, float d, wp_int32 n, float s,
    wp_mesh_query_point_t r, wp_mesh_query_point_t g, wp_uint64 *gid,
    wp_vec3f *gp, float *gd, wp_int32 *gn, float *gs) {
  (void)n;
  (void)gn;
  (void)s;
  (void)gs;
  wp_adj_mesh_query_point_sign_parity_uint64_vec3f_float32(id, p, d, r, g, gid,
                                                           gp, gd);
}

/* The adjoint of mesh_query_ray: with the hit x = start + t dir on the
 * plane of the face (normal n), dt/dstart = -n / (n . dir) and dt/ddir =
 * t dt/dstart; u, v move with x inside the plane as the barycentrics of a
 * point in the face (wp__adj_closest's face formula).  The normal is
 * constant; the sign (the determinant) gets no gradient. */
WP_FN void wp__adj_mesh_ray(wp_uint64 id, wp_vec3f o, wp_vec3f d,
                            wp_mesh_query_ray_t r, wp_mesh_query_ray_t g,
                            wp_vec3f *go, wp_vec3f *gd) {
  (void)o;
  if (!r.result)
    return;
  const wp_mesh_desc *m = wp__mesh(id);
  wp_vec3f a, b, c;
  wp__mesh_tri(m, r.face, &a, &b, &c);
  wp_vec3f ab = wp__v3_sub(b, a), ac = wp__v3_sub(c, a);
  wp_vec3f n = wp__v3_cross(ab, ac);
  float nd = wp__v3_dot(n, d);
  if (nd == 0.0f)
    return;
  float m00 = wp__v3_dot(ab, ab), m01 = wp__v3_dot(ab, ac);
  float m11 = wp__v3_dot(ac, ac), inv = 1.0f / (m00 * m11 - m01 * m01);
  wp_vec3f dv = wp__v3_scale(
      wp__v3_sub(wp__v3_scale(ab, m11), wp__v3_scale(ac, m01)), inv);
  wp_vec3f dw = wp__v3_scale(
      wp__v3_sub(wp__v3_scale(ac, m00), wp__v3_scale(ab, m01)), inv);
  wp_vec3f du = wp__v3_scale(wp__v3_add(dv, dw), -1.0f);
  wp_vec3f gx = wp__v3_add(wp__v3_scale(du, g.u), wp__v3_scale(dv, g.v));
  wp_vec3f dt_do = wp__v3_scale(n, -1.0f / nd);
  float s = g.t + wp__v3_dot(d, gx);
  for (int k = 0; k < 3; k++) {
    go->c[k] += gx.c[k] + s * dt_do.c[k];
    gd->c[k] += r.t * gx.c[k] + s * r.t * dt_do.c[k];
  }
}
WP_FN void wp_adj_mesh_query_ray_uint64_vec3f_vec3f_float32(
    wp_uint64 id, wp_vec3f o, wp_vec3f d, float max_t, wp_mesh_query_ray_t r,
    wp_mesh_query_ray_t g, wp_uint64 *gid, wp_vec3f *go, wp_vec3f *gd,
    float *gmax) {
  (void)max_t;
  (void)gid;
  (void)gmax;
  wp__adj_mesh_ray(id, o, d, r, g, go, gd);
}
WP_FN void wp_adj_mesh_query_ray_uint64_vec3f_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f o, wp_vec3f d, float max_t, wp_int32 root,
    wp_mesh_query_ray_t r, wp_mesh_query_ray_t g, wp_uint64 *gid, wp_vec3f *go,
    wp_vec3f *gd, float *gmax, wp_int32 *groot) {
  (void)max_t;
  (void)root;
  (void)gid;
  (void)gmax;
  (void)groot;
  wp__adj_mesh_ray(id, o, d, r, g, go, gd);
}

WP_FN wp_int32 wp_mesh_get_group_root_uint64(wp_uint64 id, wp_int32 group) {
  return wp__bvh_group_root(&wp__mesh(id)->bvh, group);
}

/* mesh_get(id): Warp's Mesh struct, the mesh's arrays as array_t values
 * (1-d, contiguous; velocities empty when the mesh has none). */
typedef struct wp_mesh_t {
  wp_array_t points;
  wp_array_t velocities;
  wp_array_t indices;
} wp_mesh_t;

WP_FN wp_array_t wp__array1(const void *data, void *grad, wp_int32 n,
                            wp_int32 stride) {
  wp_array_t a;
  a.data = (void *)data;
  a.grad = grad;
  for (int k = 0; k < 4; k++) {
    a.shape[k] = 0;
    a.strides[k] = 0;
  }
  a.shape[0] = data ? n : 0;
  a.strides[0] = stride;
  a.ndim = 1;
  return a;
}

WP_FN wp_mesh_t wp_mesh_get_uint64(wp_uint64 id) {
  const wp_mesh_desc *m = wp__mesh(id);
  wp_mesh_t r;
  r.points = wp__array1(m->points, m->points_grad, m->num_points, 12);
  r.velocities =
      wp__array1(m->velocities, m->velocities_grad, m->num_points, 12);
  r.indices = wp__array1(m->indices, 0, 3 * m->num_tris, 4);
  return r;
}
