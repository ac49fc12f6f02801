/* 8mesh.h - mesh queries of generated code (wp.Mesh): closest points,
 * rays, box and sphere queries, evaluation at barycentric coordinates.
 *
 * An id is the address of a wp_mesh_desc (<warp/abi.h>, built by the
 * runtime: <warp/mesh.h>).  What Warp defines, computed as Warp does:
 *   - closest point on a triangle: Ericson, Real-Time Collision Detection
 *     (2005), 5.1.5 (Voronoi regions of the vertices, edges and face);
 *     u, v are the weights of the triangle's first and second vertex (the
 *     third gets 1 - u - v); triangles whose |cross(e0, e1)| / (|e0|^2 +
 *     |e1|^2 + |e2|^2) is below 1e-6 (slivers) are skipped;
 *   - ray / triangle: the watertight test of Woop, Benthin and Wald, JCGT
 *     2(1), 2013, with its fallback to double precision for zero edge
 *     functions; `sign` is the determinant (negative when the ray hits the
 *     back of a counter-clockwise triangle), the normal cross(q-p, r-p)
 *     normalized;
 *   - the sign of mesh_query_point: three rays from the point along +x,
 *     +y, +z; the point is inside (-1) when at least two of them first hit
 *     a triangle from behind.
 * Among equally close triangles (or equally near hits) the first found in
 * the tree's depth-first order (nearer child first) is kept: see
 * <warp/mesh.h> for what that means for comparing with warp-lang.  The
 * builtins themselves, by their emitted names: 8mesh_builtins.h. */

typedef struct wp_mesh_query_point_t {
  wp_bool result;
  float sign;
  wp_int32 face;
  float u;
  float v;
} wp_mesh_query_point_t;

typedef struct wp_mesh_query_ray_t {
  wp_bool result;
  float sign;
  wp_int32 face;
  float t;
  float u;
  float v;
  wp_vec3f normal;
} wp_mesh_query_ray_t;

WP_FN const wp_mesh_desc *wp__mesh(wp_uint64 id) {
  return (const wp_mesh_desc *)id;
}

WP_FN void wp__mesh_tri(const wp_mesh_desc *m, wp_int32 f, wp_vec3f *p,
                        wp_vec3f *q, wp_vec3f *r) {
  *p = wp__v3_load(m->points + 3 * m->indices[3 * f]);
  *q = wp__v3_load(m->points + 3 * m->indices[3 * f + 1]);
  *r = wp__v3_load(m->points + 3 * m->indices[3 * f + 2]);
}

/* Voronoi regions of the closest point (for the adjoint). */
enum {
  WP__CP_A,
  WP__CP_B,
  WP__CP_AB,
  WP__CP_C,
  WP__CP_AC,
  WP__CP_BC,
  WP__CP_FACE
};

/* Weights (u of a, v of b) of the point of triangle abc closest to p. */
WP_FN void wp__closest_bary(wp_vec3f a, wp_vec3f b, wp_vec3f c, wp_vec3f p,
                            float *u, float *v, int *region) {
  wp_vec3f ab = wp__v3_sub(b, a), ac = wp__v3_sub(c, a), ap = wp__v3_sub(p, a);
  float d1 = wp__v3_dot(ab, ap), d2 = wp__v3_dot(ac, ap);
  float vv, ww;
  if (d1 <= 0.0f && d2 <= 0.0f) {
    *u = 1.0f;
    *v = 0.0f;
    *region = WP__CP_A;
    return;
  }
  wp_vec3f bp = wp__v3_sub(p, b);
  float d3 = wp__v3_dot(ab, bp), d4 = wp__v3_dot(ac, bp);
  if (d3 >= 0.0f && d4 <= d3) {
    *u = 0.0f;
    *v = 1.0f;
    *region = WP__CP_B;
    return;
  }
  float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) {
    vv = d1 / (d1 - d3);
    *u = 1.0f - vv;
    *v = vv;
    *region = WP__CP_AB;
    return;
  }
  wp_vec3f cp = wp__v3_sub(p, c);
  float d5 = wp__v3_dot(ab, cp), d6 = wp__v3_dot(ac, cp);
  if (d6 >= 0.0f && d5 <= d6) {
    *u = 0.0f;
    *v = 0.0f;
    *region = WP__CP_C;
    return;
  }
  float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) {
    ww = d2 / (d2 - d6);
    *u = 1.0f - ww;
    *v = 0.0f;
    *region = WP__CP_AC;
    return;
  }
  float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) {
    ww = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    vv = 1.0f - ww;
    *u = 1.0f - vv - ww;
    *v = vv;
    *region = WP__CP_BC;
    return;
  }
  float denom = 1.0f / (va + vb + vc);
  vv = vb * denom;
  ww = vc * denom;
  *u = 1.0f - vv - ww;
  *v = vv;
  *region = WP__CP_FACE;
}

WP_FN int wp__sliver(wp_vec3f p, wp_vec3f q, wp_vec3f r) {
  wp_vec3f e0 = wp__v3_sub(q, p), e1 = wp__v3_sub(r, p), e2 = wp__v3_sub(r, q);
  float s = wp__v3_dot(e0, e0) + wp__v3_dot(e1, e1) + wp__v3_dot(e2, e2);
  return wp__v3_len(wp__v3_cross(e0, e1)) / s < 1.e-6f;
}

WP_FN wp_vec3f wp__bary_eval(wp_vec3f p, wp_vec3f q, wp_vec3f r, float u,
                             float v) {
  return wp__v3_add(wp__v3_add(wp__v3_scale(p, u), wp__v3_scale(q, v)),
                    wp__v3_scale(r, 1.0f - u - v));
}

/* The closest (furthest: far != 0) point of the mesh to `point` within
 * max_dist (beyond min_dist). */
WP_FN wp_bool wp__mesh_closest(const wp_mesh_desc *m, wp_vec3f point, float lim,
                               int far, wp_int32 *face, float *u, float *v) {
  const wp_bvh_desc *bvh = &m->bvh;
  wp_int32 stack[WP_BVH_STACK];
  int count = 0;
  if (bvh->root >= 0)
    stack[count++] = bvh->root;
  float best = lim * lim;
  wp_int32 bf = 0;
  float bu = 0.0f, bv = 0.0f;
  while (count) {
    const wp_bvh_node *n = &bvh->nodes[stack[--count]];
    if (far ? wp__box_far_sq(point, n->lower, n->upper) < best
            : wp__box_dist_sq(point, n->lower, n->upper) > best)
      continue;
    if (n->left < 0) {
      for (wp_int32 k = -1 - n->left; k < n->right; k++) {
        wp_int32 f = bvh->prims[k];
        wp_vec3f p, q, r;
        wp__mesh_tri(m, f, &p, &q, &r);
        if (wp__sliver(p, q, r))
          continue;
        float cu, cv;
        int region;
        if (far) {
          /* the furthest point of a triangle is one of its vertices */
          float da = wp__v3_dot(wp__v3_sub(p, point), wp__v3_sub(p, point));
          float db = wp__v3_dot(wp__v3_sub(q, point), wp__v3_sub(q, point));
          float dc = wp__v3_dot(wp__v3_sub(r, point), wp__v3_sub(r, point));
          cu = (da > db && da > dc) ? 1.0f : 0.0f;
          cv = (!(da > db && da > dc) && db > dc) ? 1.0f : 0.0f;
        } else {
          wp__closest_bary(p, q, r, point, &cu, &cv, &region);
        }
        wp_vec3f c = wp__bary_eval(p, q, r, cu, cv);
        wp_vec3f d = wp__v3_sub(c, point);
        float dsq = wp__v3_dot(d, d);
        if (far ? dsq > best : dsq < best) {
          best = dsq;
          bf = f;
          bu = cu;
          bv = cv;
        }
      }
      continue;
    }
    const wp_bvh_node *l = &bvh->nodes[n->left], *r = &bvh->nodes[n->right];
    float dl, dr;
    if (far) {
      dl = wp__box_far_sq(point, l->lower, l->upper);
      dr = wp__box_far_sq(point, r->lower, r->upper);
    } else {
      dl = wp__box_dist_sq(point, l->lower, l->upper);
      dr = wp__box_dist_sq(point, r->lower, r->upper);
    }
    /* the more promising child is pushed last, so visited first */
    int left_first = far ? (dl > dr) : (dl < dr);
    wp_int32 first = left_first ? n->right : n->left;
    wp_int32 second = left_first ? n->left : n->right;
    float df = left_first ? dr : dl, ds = left_first ? dl : dr;
    if (far ? df > best : df < best)
      stack[count++] = first;
    if (far ? ds > best : ds < best)
      stack[count++] = second;
  }
  if (far ? best > lim * lim : best < lim * lim) {
    *face = bf;
    *u = bu;
    *v = bv;
    return 1;
  }
  return 0;
}

/* mesh_query_point_sign_normal: the closest point, its sign from the
 * normals of every triangle within epsilon * average edge length of the
 * closest distance, each weighted by the angle it covers at the closest
 * feature (2 pi inside a face, pi on an edge, the corner's angle at a
 * vertex): outside (1) when the point lies on the side the summed normal
 * points to, else inside (-1).  Warp's rule, in the same traversal. */
WP_FN wp_bool wp__mesh_closest_normal(const wp_mesh_desc *m, wp_vec3f point,
                                      float max_dist, float epsilon,
                                      wp_mesh_query_point_t *out) {
  const wp_bvh_desc *bvh = &m->bvh;
  wp_int32 stack[WP_BVH_STACK];
  int count = 0;
  if (bvh->root >= 0)
    stack[count++] = bvh->root;
  float best = max_dist, eps = m->average_edge_length * epsilon;
  float eps_sq = eps * eps;
  wp_int32 bf = 0;
  float bu = 0.0f, bv = 0.0f;
  wp_vec3f acc = wp__v3(0, 0, 0);
  while (count) {
    const wp_bvh_node *n = &bvh->nodes[stack[--count]];
    float lim = (best + eps) * (best + eps);
    if (wp__box_dist_sq(point, n->lower, n->upper) > lim)
      continue;
    if (n->left >= 0) {
      const wp_bvh_node *l = &bvh->nodes[n->left], *r = &bvh->nodes[n->right];
      float dl = wp__box_dist_sq(point, l->lower, l->upper);
      float dr = wp__box_dist_sq(point, r->lower, r->upper);
      int left_first = dl < dr;
      if ((left_first ? dr : dl) < lim)
        stack[count++] = left_first ? n->right : n->left;
      if ((left_first ? dl : dr) < lim)
        stack[count++] = left_first ? n->left : n->right;
      continue;
    }
    for (wp_int32 k = -1 - n->left; k < n->right; k++) {
      wp_int32 f = bvh->prims[k];
      wp_vec3f p, q, r;
      wp__mesh_tri(m, f, &p, &q, &r);
      wp_vec3f e0 = wp__v3_sub(q, p), e1 = wp__v3_sub(r, p);
      wp_vec3f e2 = wp__v3_sub(r, q), nrm = wp__v3_cross(e0, e1);
      float e0s = wp__v3_dot(e0, e0), e1s = wp__v3_dot(e1, e1);
      float e2s = wp__v3_dot(e2, e2);
      if (wp__v3_len(nrm) / (e0s + e1s + e2s) < 1.e-6f)
        continue;
      float cu, cv;
      int region;
      wp__closest_bary(p, q, r, point, &cu, &cv, &region);
      float cw = 1.0f - cu - cv;
      wp_vec3f c = wp__bary_eval(p, q, r, cu, cv);
      float dist = WP_MATHF(sqrt)(
          wp__v3_dot(wp__v3_sub(c, point), wp__v3_sub(c, point)));
      if (!(dist < best + eps))
        continue;
      wp_vec3f cp = wp__v3_sub(c, p), cq = wp__v3_sub(c, q);
      wp_vec3f cr = wp__v3_sub(c, r);
      float lp = wp__v3_dot(cp, cp), lq = wp__v3_dot(cq, cq);
      float lr = wp__v3_dot(cr, cr), weight;
      if (lp < eps_sq)
        weight = WP_MATHF(acos)(
            wp__v3_dot(wp__v3_normalize(e0), wp__v3_normalize(e1)));
      else if (lq < eps_sq)
        weight = WP_MATHF(acos)(wp__v3_dot(
            wp__v3_normalize(e2), wp__v3_normalize(wp__v3_scale(e0, -1.0f))));
      else if (lr < eps_sq)
        weight = WP_MATHF(acos)(
            wp__v3_dot(wp__v3_normalize(wp__v3_scale(e1, -1.0f)),
                       wp__v3_normalize(wp__v3_scale(e2, -1.0f))));
      else {
        float a = wp__v3_dot(e0, cp), b = wp__v3_dot(e2, cq);
        float d = wp__v3_dot(e1, cp);
        weight =
            (lp * e0s - a * a < eps_sq * e0s ||
             lq * e2s - b * b < eps_sq * e2s || lp * e1s - d * d < eps_sq * e1s)
                ? 3.14159265359f
                : 2.0f * 3.14159265359f;
      }
      wp_vec3f wn = wp__v3_scale(wp__v3_normalize(nrm), weight);
      if (dist > best - eps) { /* as close as the best: accumulate */
        acc = wp__v3_add(acc, wn);
        if (dist < best) {
          best = dist;
          bf = f;
          bu = cu;
          bv = cv;
        }
      } else {
        best = dist;
        bf = f;
        bu = cu;
        bv = cv;
        acc = wn;
      }
      (void)cw;
    }
  }
  if (!(best < max_dist))
    return 0;
  out->face = bf;
  out->u = bu;
  out->v = bv;
  wp_vec3f p, q, r;
  wp__mesh_tri(m, bf, &p, &q, &r);
  wp_vec3f c = wp__bary_eval(p, q, r, bu, bv);
  out->sign = wp__v3_dot(acc, wp__v3_sub(point, c)) > 0.0f ? 1.0f : -1.0f;
  return 1;
}

/* ---- ray / triangle (Woop, Benthin and Wald 2013) ---------------------- */

WP_FN float wp__diff_product(float a, float b, float c, float d) {
  float cd = c * d;
  return WP_MATHF(fma)(a, b, -cd) + WP_MATHF(fma)(-c, d, cd);
}

WP_FN int wp__ray_tri(wp_vec3f o, wp_vec3f dir, wp_vec3f a, wp_vec3f b,
                      wp_vec3f c, float *t, float *u, float *v, float *sign,
                      wp_vec3f *normal) {
  int kz = 0;
  float m = WP_MATHF(fabs)(dir.c[0]);
  for (int k = 1; k < 3; k++)
    if (WP_MATHF(fabs)(dir.c[k]) > m) {
      m = WP_MATHF(fabs)(dir.c[k]);
      kz = k;
    }
  int kx = kz == 2 ? 0 : kz + 1;
  int ky = kx == 2 ? 0 : kx + 1;
  if (dir.c[kz] < 0.0f) {
    int tmp = kx;
    kx = ky;
    ky = tmp;
  }
  float sx = dir.c[kx] / dir.c[kz], sy = dir.c[ky] / dir.c[kz];
  float sz = 1.0f / dir.c[kz];
  wp_vec3f A = wp__v3_sub(a, o), B = wp__v3_sub(b, o), C = wp__v3_sub(c, o);
  float ax = A.c[kx] - sx * A.c[kz], ay = A.c[ky] - sy * A.c[kz];
  float bx = B.c[kx] - sx * B.c[kz], by = B.c[ky] - sy * B.c[kz];
  float cx = C.c[kx] - sx * C.c[kz], cy = C.c[ky] - sy * C.c[kz];
  float U = wp__diff_product(cx, by, cy, bx);
  float V = wp__diff_product(ax, cy, ay, cx);
  float W = wp__diff_product(bx, ay, by, ax);
  if (U == 0.0f || V == 0.0f || W == 0.0f) {
    U = (float)((double)cx * (double)by - (double)cy * (double)bx);
    V = (float)((double)ax * (double)cy - (double)ay * (double)cx);
    W = (float)((double)bx * (double)ay - (double)by * (double)ax);
  }
  if ((U < 0.0f || V < 0.0f || W < 0.0f) && (U > 0.0f || V > 0.0f || W > 0.0f))
    return 0;
  float det = U + V + W;
  if (det == 0.0f)
    return 0;
  float T = U * (sz * A.c[kz]) + V * (sz * B.c[kz]) + W * (sz * C.c[kz]);
  if ((det < 0.0f ? -T : T) < 0.0f)
    return 0;
  float rcp = 1.0f / det;
  *u = U * rcp;
  *v = V * rcp;
  *t = T * rcp;
  *sign = det;
  *normal = wp__v3_cross(wp__v3_sub(b, a), wp__v3_sub(c, a));
  return 1;
}

/* The nearest hit of the ray in [0, max_t) (any hit when anyhit != 0; all
 * hits at t >= 0 counted into *count when count != NULL). */
WP_FN wp_bool wp__mesh_ray(const wp_mesh_desc *m, wp_vec3f start, wp_vec3f dir,
                           float max_t, wp_int32 root, int anyhit,
                           wp_int32 *count, wp_mesh_query_ray_t *out) {
  const wp_bvh_desc *bvh = &m->bvh;
  wp_vec3f safe = dir;
  for (int k = 0; k < 3; k++)
    if (safe.c[k] == 0.0f)
      safe.c[k] = 1.0e-20f;
  wp_vec3f rcp = wp__v3(1.0f / safe.c[0], 1.0f / safe.c[1], 1.0f / safe.c[2]);
  wp_int32 stack[WP_BVH_STACK];
  int n = 0;
  wp_int32 start_node = root == -1 ? bvh->root : root;
  if (start_node >= 0 && start_node < bvh->num_nodes)
    stack[n++] = start_node;
  float best = max_t;
  wp_bool hit = 0;
  while (n) {
    const wp_bvh_node *node = &bvh->nodes[stack[--n]];
    float tb;
    if (!wp__ray_box_robust(start, dir, rcp, node->lower, node->upper, &tb))
      continue;
    if (!count && !(tb < best))
      continue;
    if (node->left >= 0) {
      const wp_bvh_node *l = &bvh->nodes[node->left];
      const wp_bvh_node *r = &bvh->nodes[node->right];
      float tl = WP__FLT_MAX, tr = WP__FLT_MAX;
      int hl = wp__ray_box_robust(start, dir, rcp, l->lower, l->upper, &tl);
      int hr = wp__ray_box_robust(start, dir, rcp, r->lower, r->upper, &tr);
      /* nearer child visited first */
      int near_left = hl && (!hr || tl < tr);
      stack[n++] = near_left ? node->right : node->left;
      stack[n++] = near_left ? node->left : node->right;
      continue;
    }
    for (wp_int32 k = -1 - node->left; k < node->right; k++) {
      wp_int32 f = bvh->prims[k];
      wp_vec3f p, q, r, nrm;
      wp__mesh_tri(m, f, &p, &q, &r);
      float t, u, v, s;
      if (!wp__ray_tri(start, dir, p, q, r, &t, &u, &v, &s, &nrm))
        continue;
      if (count) {
        if (t >= 0.0f)
          (*count)++;
        continue;
      }
      if (t < best && t >= 0.0f) {
        best = t;
        hit = 1;
        if (anyhit)
          return 1;
        out->face = f;
        out->t = t;
        out->u = u;
        out->v = v;
        out->sign = s;
        out->normal = wp__v3_normalize(nrm);
      }
    }
  }
  return hit;
}

/* -1 when at least two of the rays along +x, +y, +z first hit a back face,
 * else 1. */
WP_FN float wp__mesh_inside(const wp_mesh_desc *m, wp_vec3f p) {
  int vote = 0;
  for (int i = 0; i < 3; i++) {
    wp_mesh_query_ray_t r;
    wp_vec3f d = wp__v3(i == 0, i == 1, i == 2);
    if (wp__mesh_ray(m, p, d, WP__FLT_MAX, -1, 0, 0, &r) && r.sign < 0.0f)
      vote++;
  }
  return vote >= 2 ? -1.0f : 1.0f;
}

/* ---- the builtins ----------------------------------------------------- */

WP_FN wp_mesh_query_point_t wp__mesh_query_point_no_sign(wp_uint64 id,
                                                         wp_vec3f point,
                                                         float max_dist) {
  wp_mesh_query_point_t q = {0, 0.0f, 0, 0.0f, 0.0f};
  q.result =
      wp__mesh_closest(wp__mesh(id), point, max_dist, 0, &q.face, &q.u, &q.v);
  return q;
}

WP_FN wp_mesh_query_point_t wp__mesh_query_point(wp_uint64 id, wp_vec3f point,
                                                 float max_dist) {
  wp_mesh_query_point_t q = wp__mesh_query_point_no_sign(id, point, max_dist);
  if (q.result)
    q.sign = wp__mesh_inside(wp__mesh(id), point);
  return q;
}

WP_FN wp_mesh_query_point_t wp__mesh_query_furthest_point_no_sign(
    wp_uint64 id, wp_vec3f point, float min_dist) {
  wp_mesh_query_point_t q = {0, 0.0f, 0, 0.0f, 0.0f};
  q.result =
      wp__mesh_closest(wp__mesh(id), point, min_dist, 1, &q.face, &q.u, &q.v);
  return q;
}

/* d(u, v)/d(point) of the closest point on face f (the region's formula:
 * constant at a vertex, the projection on an edge or on the plane). */
WP_FN void wp__adj_closest(const wp_mesh_desc *m, wp_int32 f, wp_vec3f point,
                           float gu, float gv, wp_vec3f *gp) {
  wp_vec3f a, b, c;
  wp__mesh_tri(m, f, &a, &b, &c);
  float u, v;
  int region;
  wp__closest_bary(a, b, c, point, &u, &v, &region);
  wp_vec3f du = wp__v3(0, 0, 0), dv = wp__v3(0, 0, 0);
  wp_vec3f ab = wp__v3_sub(b, a), ac = wp__v3_sub(c, a), bc = wp__v3_sub(c, b);
  switch (region) {
  case WP__CP_AB: /* v = ab.(x-a)/|ab|^2, u = 1 - v */
    dv = wp__v3_scale(ab, 1.0f / wp__v3_dot(ab, ab));
    du = wp__v3_scale(dv, -1.0f);
    break;
  case WP__CP_AC: /* w = ac.(x-a)/|ac|^2, u = 1 - w, v = 0 */
    du = wp__v3_scale(ac, -1.0f / wp__v3_dot(ac, ac));
    break;
  case WP__CP_BC: /* w = bc.(x-b)/|bc|^2, v = 1 - w, u = 0 */
    dv = wp__v3_scale(bc, -1.0f / wp__v3_dot(bc, bc));
    break;
  case WP__CP_FACE: {
    /* [v w] solves [ab.ab ab.ac; ab.ac ac.ac] [v w] = [ab.(x-a) ac.(x-a)] */
    float m00 = wp__v3_dot(ab, ab), m01 = wp__v3_dot(ab, ac);
    float m11 = wp__v3_dot(ac, ac);
    float inv = 1.0f / (m00 * m11 - m01 * m01);
    dv = wp__v3_scale(wp__v3_sub(wp__v3_scale(ab, m11), wp__v3_scale(ac, m01)),
                      inv);
    wp_vec3f dw = wp__v3_scale(
        wp__v3_sub(wp__v3_scale(ac, m00), wp__v3_scale(ab, m01)), inv);
    du = wp__v3_scale(wp__v3_add(dv, dw), -1.0f);
    break;
  }
  default: break;
  }
  wp_vec3f g = wp__v3_add(wp__v3_scale(du, gu), wp__v3_scale(dv, gv));
  for (int k = 0; k < 3; k++)
    gp->c[k] += g.c[k];
}

WP_FN wp_mesh_query_ray_t wp__mesh_query_ray(wp_uint64 id, wp_vec3f start,
                                             wp_vec3f dir, float max_t,
                                             wp_int32 root) {
  wp_mesh_query_ray_t q = {0, 0.0f, 0, 0.0f, 0.0f, 0.0f, {{0, 0, 0}}};
  q.result = wp__mesh_ray(wp__mesh(id), start, dir, max_t, root, 0, 0, &q);
  return q;
}

WP_FN wp_bool wp__mesh_query_ray_anyhit(wp_uint64 id, wp_vec3f start,
                                        wp_vec3f dir, float max_t,
                                        wp_int32 root) {
  wp_mesh_query_ray_t q;
  return wp__mesh_ray(wp__mesh(id), start, dir, max_t, root, 1, 0, &q);
}

WP_FN wp_int32 wp__mesh_query_ray_count_intersections(wp_uint64 id,
                                                      wp_vec3f start,
                                                      wp_vec3f dir,
                                                      wp_int32 root) {
  wp_mesh_query_ray_t q;
  wp_int32 n = 0;
  wp__mesh_ray(wp__mesh(id), start, dir, WP__FLT_MAX, root, 0, &n, &q);
  return n;
}

WP_FN wp_vec3f wp__mesh_eval(const float *data, const wp_mesh_desc *m,
                             wp_int32 f, float u, float v) {
  if (!data)
    return wp__v3(0, 0, 0);
  wp_vec3f p = wp__v3_load(data + 3 * m->indices[3 * f]);
  wp_vec3f q = wp__v3_load(data + 3 * m->indices[3 * f + 1]);
  wp_vec3f r = wp__v3_load(data + 3 * m->indices[3 * f + 2]);
  return wp__bary_eval(p, q, r, u, v);
}

WP_FN void wp__adj_mesh_eval(const float *data, const wp_mesh_desc *m,
                             wp_int32 f, wp_vec3f g, float *gu, float *gv) {
  if (!data)
    return;
  wp_vec3f p = wp__v3_load(data + 3 * m->indices[3 * f]);
  wp_vec3f q = wp__v3_load(data + 3 * m->indices[3 * f + 1]);
  wp_vec3f r = wp__v3_load(data + 3 * m->indices[3 * f + 2]);
  *gu += wp__v3_dot(wp__v3_sub(p, r), g);
  *gv += wp__v3_dot(wp__v3_sub(q, r), g);
}

WP_FN wp_vec3f wp__mesh_eval_face_normal(wp_uint64 id, wp_int32 f) {
  const wp_mesh_desc *m = wp__mesh(id);
  wp_vec3f p, q, r;
  wp__mesh_tri(m, f, &p, &q, &r);
  return wp__v3_normalize(wp__v3_cross(wp__v3_sub(q, p), wp__v3_sub(r, p)));
}

/* The point (velocity) of face-vertex slot `index` (indices[index]). */
WP_FN wp_vec3f wp__mesh_get_point(wp_uint64 id, wp_int32 index) {
  const wp_mesh_desc *m = wp__mesh(id);
  return wp__v3_load(m->points + 3 * m->indices[index]);
}
WP_FN wp_vec3f wp__mesh_get_velocity(wp_uint64 id, wp_int32 index) {
  const wp_mesh_desc *m = wp__mesh(id);
  if (!m->velocities)
    return wp__v3(0, 0, 0);
  return wp__v3_load(m->velocities + 3 * m->indices[index]);
}

/* ---- mesh_query_aabb / mesh_query_sphere ------------------------------ */

/* A box query reports the triangles whose bounds touch the box; a sphere
 * query those whose closest point lies within the radius (a degenerate
 * triangle: its longest edge). */
typedef struct wp_mesh_query_aabb_t {
  wp_bvh_query_t q;
  const wp_mesh_desc *mesh;
  wp_int32 face;
  wp_bool found;
} wp_mesh_query_aabb_t;

WP_FN wp_mesh_query_aabb_t wp__mesh_query_aabb(wp_uint64 id, wp_vec3f lo,
                                               wp_vec3f hi) {
  wp_mesh_query_aabb_t r;
  r.mesh = wp__mesh(id);
  r.q = wp__bvh_query_aabb((wp_uint64)&r.mesh->bvh, lo, hi, -1);
  r.face = -1;
  r.found = 0;
  return r;
}

WP_FN wp_mesh_query_aabb_t wp__mesh_query_sphere(wp_uint64 id, wp_vec3f centre,
                                                 float radius) {
  wp_mesh_query_aabb_t r;
  r.mesh = wp__mesh(id);
  r.q = wp__bvh_query_sphere((wp_uint64)&r.mesh->bvh, centre, radius, -1);
  r.face = -1;
  r.found = 0;
  return r;
}

WP_FN int wp__mesh_sphere_hits(const wp_mesh_query_aabb_t *s, wp_int32 f) {
  const wp_mesh_desc *m = s->mesh;
  wp_vec3f a, b, c, cp;
  wp__mesh_tri(m, f, &a, &b, &c);
  wp_vec3f ab = wp__v3_sub(b, a), ac = wp__v3_sub(c, a);
  wp_vec3f n = wp__v3_cross(ab, ac);
  wp_vec3f centre = s->q.a;
  if (wp__v3_dot(n, n) == 0.0f) {
    wp_vec3f bc = wp__v3_sub(c, b);
    float lab = wp__v3_dot(ab, ab), lac = wp__v3_dot(ac, ac);
    float lbc = wp__v3_dot(bc, bc);
    wp_vec3f p = a, q = b;
    float len2 = lab;
    if (!(lab >= lac && lab >= lbc)) {
      if (lac >= lbc) {
        q = c;
        len2 = lac;
      } else {
        p = b;
        q = c;
        len2 = lbc;
      }
    }
    wp_vec3f pq = wp__v3_sub(q, p);
    float t = 0.0f;
    if (len2 > 0.0f) {
      t = wp__v3_dot(wp__v3_sub(centre, p), pq) / len2;
      t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    }
    cp = wp__v3_add(p, wp__v3_scale(pq, t));
  } else {
    float u, v;
    int region;
    wp__closest_bary(a, b, c, centre, &u, &v, &region);
    cp = wp__bary_eval(a, b, c, u, v);
  }
  wp_vec3f d = wp__v3_sub(cp, centre);
  return wp__v3_dot(d, d) <= s->q.radius_sq;
}

WP_FN wp_bool wp__mesh_query_aabb_next(wp_mesh_query_aabb_t *s,
                                       wp_int32 *index) {
  wp_int32 f;
  while (wp__bvh_query_next(&s->q, &f, WP__FLT_MAX)) {
    if (s->q.kind == WP__BVHQ_SPHERE && !wp__mesh_sphere_hits(s, f))
      continue;
    *index = f;
    s->face = f;
    return 1;
  }
  return 0;
}
