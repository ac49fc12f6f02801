/* 8bvh.h - BVH queries of generated code (wp.Bvh: bvh_query_aabb,
 * bvh_query_ray, bvh_query_sphere, bvh_query_capsule, bvh_query_next) and
 * the geometry they and the mesh queries (8mesh.h) share.
 *
 * An id is the address of a wp_bvh_desc (<warp/abi.h>, built by the
 * runtime: <warp/bvh.h>).  Traversals are depth first with an explicit
 * stack of WP_BVH_STACK entries (the runtime builds no deeper tree).
 * The overlap tests follow Warp's: boxes overlap when they touch (closed
 * intervals); a ray hits a box by the slab test and a hit whose entry
 * distance is >= max_dist is dropped; a sphere overlaps a box when the
 * squared distance from its centre to the box is <= radius^2.
 * bvh_query_next reports each overlapping item once, in the tree's order
 * (Warp leaves the order unspecified). */

#ifndef WP_TYPE_wp_vec3f
#define WP_TYPE_wp_vec3f
typedef struct wp_vec3f {
  float c[3];
} wp_vec3f;
#endif

#define WP__FLT_MAX 3.40282346638528859812e+38f

WP_FN wp_vec3f wp__v3(float x, float y, float z) {
  wp_vec3f r;
  r.c[0] = x;
  r.c[1] = y;
  r.c[2] = z;
  return r;
}
WP_FN wp_vec3f wp__v3_load(const float *p) {
  return wp__v3(p[0], p[1], p[2]);
}
WP_FN wp_vec3f wp__v3_sub(wp_vec3f a, wp_vec3f b) {
  return wp__v3(a.c[0] - b.c[0], a.c[1] - b.c[1], a.c[2] - b.c[2]);
}
WP_FN wp_vec3f wp__v3_add(wp_vec3f a, wp_vec3f b) {
  return wp__v3(a.c[0] + b.c[0], a.c[1] + b.c[1], a.c[2] + b.c[2]);
}
WP_FN wp_vec3f wp__v3_scale(wp_vec3f a, float s) {
  return wp__v3(a.c[0] * s, a.c[1] * s, a.c[2] * s);
}
WP_FN float wp__v3_dot(wp_vec3f a, wp_vec3f b) {
  return a.c[0] * b.c[0] + a.c[1] * b.c[1] + a.c[2] * b.c[2];
}
WP_FN wp_vec3f wp__v3_cross(wp_vec3f a, wp_vec3f b) {
  return wp__v3(a.c[1] * b.c[2] - a.c[2] * b.c[1],
                a.c[2] * b.c[0] - a.c[0] * b.c[2],
                a.c[0] * b.c[1] - a.c[1] * b.c[0]);
}
WP_FN float wp__v3_len(wp_vec3f a) {
  return WP_MATHF(sqrt)(wp__v3_dot(a, a));
}
WP_FN wp_vec3f wp__v3_normalize(wp_vec3f a) {
  float l = wp__v3_len(a);
  return l > 0.0f ? wp__v3_scale(a, 1.0f / l) : wp__v3(0.0f, 0.0f, 0.0f);
}
WP_FN float wp__fminf(float a, float b) {
  return a < b ? a : b;
}
WP_FN float wp__fmaxf(float a, float b) {
  return a > b ? a : b;
}

/* Squared distance from p to the box [lo, hi] (0 inside). */
WP_FN float wp__box_dist_sq(wp_vec3f p, const float *lo, const float *hi) {
  float s = 0.0f;
  for (int k = 0; k < 3; k++) {
    float d = wp__fminf(hi[k], wp__fmaxf(lo[k], p.c[k])) - p.c[k];
    s += d * d;
  }
  return s;
}

/* Squared distance from p to the farthest corner of the box. */
WP_FN float wp__box_far_sq(wp_vec3f p, const float *lo, const float *hi) {
  float s = 0.0f;
  for (int k = 0; k < 3; k++) {
    float a = WP_MATHF(fabs)(p.c[k] - lo[k]),
          b = WP_MATHF(fabs)(p.c[k] - hi[k]);
    float d = a > b ? a : b;
    s += d * d;
  }
  return s;
}

WP_FN int wp__box_overlap(wp_vec3f lo, wp_vec3f hi, const float *blo,
                          const float *bhi) {
  for (int k = 0; k < 3; k++)
    if (lo.c[k] > bhi[k] || hi.c[k] < blo[k])
      return 0;
  return 1;
}

/* The slab test of a ray (start, 1/dir per component) against a box: on a
 * hit *t is the entry distance (negative when the start is inside). */
WP_FN int wp__ray_box(wp_vec3f start, wp_vec3f rcp, const float *lo,
                      const float *hi, float *t) {
  float tmin = 0.0f, tmax = 0.0f;
  for (int k = 0; k < 3; k++) {
    float l1 = (lo[k] - start.c[k]) * rcp.c[k];
    float l2 = (hi[k] - start.c[k]) * rcp.c[k];
    float a = wp__fminf(l1, l2), b = wp__fmaxf(l1, l2);
    if (k == 0) {
      tmin = a;
      tmax = b;
    } else {
      tmin = wp__fmaxf(a, tmin);
      tmax = wp__fminf(b, tmax);
    }
  }
  if (tmax >= 0.0f && tmax >= tmin) {
    *t = tmin;
    return 1;
  }
  return 0;
}

/* The slab test for any direction: a zero component leaves that slab
 * unconstrained when the start lies within it (and misses otherwise). */
WP_FN int wp__ray_box_robust(wp_vec3f start, wp_vec3f dir, wp_vec3f rcp,
                             const float *lo, const float *hi, float *t) {
  float tmin = -WP__FLT_MAX, tmax = WP__FLT_MAX;
  for (int k = 0; k < 3; k++) {
    if (dir.c[k] == 0.0f) {
      if (start.c[k] < lo[k] || start.c[k] > hi[k])
        return 0;
      continue;
    }
    float l1 = (lo[k] - start.c[k]) * rcp.c[k];
    float l2 = (hi[k] - start.c[k]) * rcp.c[k];
    tmin = wp__fmaxf(wp__fminf(l1, l2), tmin);
    tmax = wp__fminf(wp__fmaxf(l1, l2), tmax);
  }
  if (tmax >= 0.0f && tmax >= tmin) {
    *t = tmin;
    return 1;
  }
  return 0;
}

/* ---- bvh_query_* ------------------------------------------------------ */

enum {
  WP__BVHQ_AABB = 0,
  WP__BVHQ_RAY = 1,
  WP__BVHQ_SPHERE = 2,
  WP__BVHQ_CAPSULE = 3
};

/* The state of a BVH query (Warp's bvh_query_t): the traversal stack and
 * the current leaf's remaining primitives. */
typedef struct wp_bvh_query_t {
  const wp_bvh_desc *bvh;
  wp_int32 stack[WP_BVH_STACK];
  wp_int32 count;
  wp_int32 prim_cur, prim_end;
  wp_int32 kind;
  wp_vec3f a;   /* AABB: lower; RAY, CAPSULE: start; SPHERE: centre */
  wp_vec3f b;   /* AABB: upper; RAY, CAPSULE: direction */
  wp_vec3f rcp; /* RAY, CAPSULE: 1 / direction */
  float radius;
  float radius_sq;
  wp_int32 bounds_nr; /* the last item reported, -1 before */
  wp_bool found;      /* whether the last bvh_query_next found one */
} wp_bvh_query_t;

WP_FN wp_bvh_query_t wp__bvh_query_start(wp_uint64 id, wp_int32 kind,
                                         wp_vec3f a, wp_vec3f b, float radius,
                                         wp_int32 root) {
  wp_bvh_query_t q;
  const wp_bvh_desc *bvh = (const wp_bvh_desc *)id;
  q.bvh = bvh;
  q.kind = kind;
  q.a = a;
  q.b = b;
  q.rcp = wp__v3(1.0f / b.c[0], 1.0f / b.c[1], 1.0f / b.c[2]);
  q.radius = radius > 0.0f ? radius : 0.0f;
  q.radius_sq = q.radius * q.radius;
  q.prim_cur = q.prim_end = 0;
  q.bounds_nr = -1;
  q.found = 0;
  q.stack[0] = root == -1 ? bvh->root : root;
  /* a root that is no node of the tree finds nothing */
  q.count = q.stack[0] >= 0 && q.stack[0] < bvh->num_nodes ? 1 : 0;
  return q;
}

WP_FN int wp__sphere_box(wp_vec3f c, float r_sq, const float *lo,
                         const float *hi) {
  return wp__box_dist_sq(c, lo, hi) <= r_sq;
}

/* Does the query's shape touch the box (within max_dist for rays)? */
WP_FN int wp__bvh_query_test(const wp_bvh_query_t *q, const float *lo,
                             const float *hi, float max_dist) {
  float t = WP__FLT_MAX;
  switch (q->kind) {
  case WP__BVHQ_RAY:
    return wp__ray_box(q->a, q->rcp, lo, hi, &t) && !(t >= max_dist);
  case WP__BVHQ_SPHERE: return wp__sphere_box(q->a, q->radius_sq, lo, hi);
  case WP__BVHQ_CAPSULE: {
    float r = q->radius;
    float l2[3], h2[3];
    for (int k = 0; k < 3; k++) {
      l2[k] = lo[k] - r;
      h2[k] = hi[k] + r;
    }
    return wp__ray_box_robust(q->a, q->b, q->rcp, l2, h2, &t) &&
           !(t > max_dist);
  }
  default: return wp__box_overlap(q->a, q->b, lo, hi);
  }
}

/* Writes the next item whose box the query touches to *index; 0 when
 * there is none left. */
WP_FN wp_bool wp__bvh_query_next(wp_bvh_query_t *q, wp_int32 *index,
                                 float max_dist) {
  const wp_bvh_desc *bvh = q->bvh;
  for (;;) {
    if (q->prim_cur < q->prim_end) {
      wp_int32 item = bvh->prims[q->prim_cur++];
      if (!wp__bvh_query_test(q, bvh->item_lowers + 3 * item,
                              bvh->item_uppers + 3 * item, max_dist))
        continue;
      *index = item;
      q->bounds_nr = item;
      return 1;
    }
    if (!q->count)
      return 0;
    const wp_bvh_node *n = &bvh->nodes[q->stack[--q->count]];
    if (!wp__bvh_query_test(q, n->lower, n->upper, max_dist))
      continue;
    if (n->left < 0) {
      wp_int32 first = -1 - n->left;
      if (n->right - first == 1) { /* the leaf's box is the item's */
        *index = bvh->prims[first];
        q->bounds_nr = *index;
        return 1;
      }
      q->prim_cur = first;
      q->prim_end = n->right;
    } else if (q->count + 2 <= WP_BVH_STACK) {
      q->stack[q->count++] = n->left;
      q->stack[q->count++] = n->right;
    }
  }
}

WP_FN wp_bvh_query_t wp__bvh_query_aabb(wp_uint64 id, wp_vec3f lo, wp_vec3f hi,
                                        wp_int32 root) {
  return wp__bvh_query_start(id, WP__BVHQ_AABB, lo, hi, 0.0f, root);
}
WP_FN wp_bvh_query_t wp__bvh_query_ray(wp_uint64 id, wp_vec3f start,
                                       wp_vec3f dir, wp_int32 root) {
  return wp__bvh_query_start(id, WP__BVHQ_RAY, start, dir, 0.0f, root);
}
WP_FN wp_bvh_query_t wp__bvh_query_sphere(wp_uint64 id, wp_vec3f centre,
                                          float radius, wp_int32 root) {
  return wp__bvh_query_start(id, WP__BVHQ_SPHERE, centre, centre, radius, root);
}
WP_FN wp_bvh_query_t wp__bvh_query_capsule(wp_uint64 id, wp_vec3f start,
                                           wp_vec3f dir, float radius,
                                           wp_int32 root) {
  return wp__bvh_query_start(id, WP__BVHQ_CAPSULE, start, dir, radius, root);
}

/* ---- the builtins (names as the emitter prints them) ------------------ */

WP_FN wp_bvh_query_t wp_bvh_query_aabb_uint64_vec3f_vec3f(wp_uint64 id,
                                                          wp_vec3f lo,
                                                          wp_vec3f hi) {
  return wp__bvh_query_aabb(id, lo, hi, -1);
}
WP_FN wp_bvh_query_t wp_bvh_query_aabb_uint64_vec3f_vec3f_int32(wp_uint64 id,
                                                                wp_vec3f lo,
                                                                wp_vec3f hi,
                                                                wp_int32 root) {
  return wp__bvh_query_aabb(id, lo, hi, root);
}
WP_FN wp_bvh_query_t wp_bvh_query_ray_uint64_vec3f_vec3f(wp_uint64 id,
                                                         wp_vec3f start,
                                                         wp_vec3f dir) {
  return wp__bvh_query_ray(id, start, dir, -1);
}
WP_FN wp_bvh_query_t wp_bvh_query_ray_uint64_vec3f_vec3f_int32(wp_uint64 id,
                                                               wp_vec3f start,
                                                               wp_vec3f dir,
                                                               wp_int32 root) {
  return wp__bvh_query_ray(id, start, dir, root);
}
WP_FN wp_bvh_query_t wp_bvh_query_sphere_uint64_vec3f_float32(wp_uint64 id,
                                                              wp_vec3f c,
                                                              float r) {
  return wp__bvh_query_sphere(id, c, r, -1);
}
WP_FN wp_bvh_query_t wp_bvh_query_sphere_uint64_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f c, float r, wp_int32 root) {
  return wp__bvh_query_sphere(id, c, r, root);
}
WP_FN wp_bvh_query_t wp_bvh_query_capsule_uint64_vec3f_vec3f_float32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float r) {
  return wp__bvh_query_capsule(id, start, dir, r, -1);
}
WP_FN wp_bvh_query_t wp_bvh_query_capsule_uint64_vec3f_vec3f_float32_int32(
    wp_uint64 id, wp_vec3f start, wp_vec3f dir, float r, wp_int32 root) {
  return wp__bvh_query_capsule(id, start, dir, r, root);
}

/* bvh_query_next(query, index[, max_dist]) as lib/lower/lower_query.c
 * lowers it, for each query state type of builtin_structs.def. */
WP_FN wp_bvh_query_t wp__bvh_query_step(wp_bvh_query_t q, float max_dist) {
  wp_int32 i;
  q.found = wp__bvh_query_next(&q, &i, max_dist);
  return q;
}
#define WP__BVH_QUERY_NEXT(Q)                                                  \
  WP_FN wp_bvh_query_t wp__query_next_##Q(wp_bvh_query_t q) {                  \
    return wp__bvh_query_step(q, WP__FLT_MAX);                                 \
  }                                                                            \
  WP_FN wp_bvh_query_t wp__query_next_##Q##_float32(wp_bvh_query_t q,          \
                                                    float max_dist) {          \
    return wp__bvh_query_step(q, max_dist);                                    \
  }                                                                            \
  WP_FN wp_bool wp__query_found_##Q(wp_bvh_query_t q) {                        \
    return q.found;                                                            \
  }                                                                            \
  WP_FN wp_int32 wp__query_index_##Q##_int32(wp_bvh_query_t q, wp_int32 old) { \
    return q.found ? q.bounds_nr : old;                                        \
  }
WP__BVH_QUERY_NEXT(BvhQuery)

/* bvh_get_group_root: the root of the group's subtree (binary search of the
 * ascending group ids); -1 for a group without items.  Without groups every
 * item is in group 0, whose root is the tree's. */
WP_FN wp_int32 wp__bvh_group_root(const wp_bvh_desc *bvh, wp_int32 group) {
  if (!bvh->num_groups)
    return group == 0 ? bvh->root : -1;
  wp_int32 lo = 0, hi = bvh->num_groups;
  while (lo < hi) {
    wp_int32 mid = (lo + hi) >> 1;
    if (bvh->group_ids[mid] < group)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < bvh->num_groups && bvh->group_ids[lo] == group
             ? bvh->group_roots[lo]
             : -1;
}
WP_FN wp_int32 wp_bvh_get_group_root_uint64(wp_uint64 id, wp_int32 group) {
  return wp__bvh_group_root((const wp_bvh_desc *)id, group);
}
