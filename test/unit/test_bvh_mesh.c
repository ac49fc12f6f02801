/* test_bvh_mesh.c - wp_bvh and wp_mesh (<warp/bvh.h>, <warp/mesh.h>): the
 * trees the runtime builds, walked by the kernels' query code
 * (lib/emit/prelude/8bvh.h, 8mesh*.h, compiled here as plain C), against
 * brute-force loops over every box and triangle; refit; the errors of bad
 * input. */
#define CHECK_LAST_ERROR wp_last_error
#include <warp/warp.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

CHECK_TALLY;

/* The preludes the queries use (the parity sign draws random numbers). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtype-limits"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../../lib/emit/prelude/0core.h"
#include "../../lib/emit/prelude/3random.h"
#pragma GCC diagnostic pop
#include "../../lib/emit/prelude/8bvh.h"
#include "../../lib/emit/prelude/8mesh.h"
#include "../../lib/emit/prelude/8mesh_builtins.h"

static unsigned rng_state = 12345u;
static float frand(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return (float)(rng_state >> 8) / (float)(1u << 24);
}

static wp_array vec3_array(float *data, wp_int64 n) {
  wp_array a;
  wp_int64 shape[1] = {n};
  wp_status st =
      wp_array_wrap(&a, data, WP_VEC3F, 0, 1, shape, NULL, WP_DEVICE_CPU);
  CHECK(st == WP_SUCCESS);
  return a;
}

static wp_array int_array(wp_int32 *data, wp_int64 n) {
  wp_array a;
  wp_int64 shape[1] = {n};
  wp_status st =
      wp_array_wrap(&a, data, WP_INT32, 0, 1, shape, NULL, WP_DEVICE_CPU);
  CHECK(st == WP_SUCCESS);
  return a;
}

/* ---- BVH: every box found by the queries, and only those -------------- */

static int box_hit(const float *lo, const float *hi, const float *qlo,
                   const float *qhi) {
  for (int k = 0; k < 3; k++)
    if (qlo[k] > hi[k] || qhi[k] < lo[k])
      return 0;
  return 1;
}

static void test_bvh_queries(int n, int leaf) {
  float *lo = malloc(sizeof(float) * 3 * (size_t)n);
  float *hi = malloc(sizeof(float) * 3 * (size_t)n);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 3; k++) {
      lo[3 * i + k] = frand() * 10.0f;
      hi[3 * i + k] = lo[3 * i + k] + frand();
    }
  wp_array L = vec3_array(lo, n), H = vec3_array(hi, n);
  wp_bvh *bvh = NULL;
  CHECK(wp_bvh_create(&L, &H, NULL, leaf, &bvh) == WP_SUCCESS);
  const wp_bvh_desc *d = (const wp_bvh_desc *)wp_bvh_id(bvh);
  CHECK(d->num_items == n && d->max_depth <= WP_BVH_MAX_DEPTH);
  char *seen = calloc((size_t)n, 1);
  int bad = 0;
  for (int rep = 0; rep < 40; rep++) {
    wp_vec3f ql = wp__v3(frand() * 10, frand() * 10, frand() * 10);
    wp_vec3f qh = wp__v3(ql.c[0] + 2, ql.c[1] + 1.5f, ql.c[2] + 3);
    if (rep == 0 && n)
      ql = qh = wp__v3_load(lo); /* a point on a box's corner touches it */
    memset(seen, 0, (size_t)n);
    wp_bvh_query_t q = wp__bvh_query_aabb(wp_bvh_id(bvh), ql, qh, -1);
    wp_int32 i;
    while (wp__bvh_query_next(&q, &i, WP__FLT_MAX))
      bad += i < 0 || i >= n || seen[i]++;
    for (int j = 0; j < n; j++)
      bad += seen[j] != box_hit(lo + 3 * j, hi + 3 * j, ql.c, qh.c);
    /* rays: the brute-force slab test */
    wp_vec3f o = wp__v3(-1, frand() * 10, frand() * 10);
    wp_vec3f dir = wp__v3(1, frand() - 0.5f, frand() - 0.5f);
    memset(seen, 0, (size_t)n);
    q = wp__bvh_query_ray(wp_bvh_id(bvh), o, dir, -1);
    while (wp__bvh_query_next(&q, &i, WP__FLT_MAX))
      bad += seen[i]++;
    wp_vec3f rcp = wp__v3(1 / dir.c[0], 1 / dir.c[1], 1 / dir.c[2]);
    for (int j = 0; j < n; j++) {
      float t;
      bad += seen[j] != wp__ray_box(o, rcp, lo + 3 * j, hi + 3 * j, &t);
    }
  }
  CHECK(bad == 0);
  /* refit after the boxes move: the same queries find the moved boxes */
  for (int i = 0; i < 3 * n; i++) {
    lo[i] += 20.0f;
    hi[i] += 20.0f;
  }
  CHECK(wp_bvh_refit(bvh) == WP_SUCCESS);
  int found = 0;
  wp_bvh_query_t q = wp__bvh_query_aabb(wp_bvh_id(bvh), wp__v3(19, 19, 19),
                                        wp__v3(32, 32, 32), -1);
  wp_int32 i;
  while (wp__bvh_query_next(&q, &i, WP__FLT_MAX))
    found++;
  CHECK(found == n);
  free(seen);
  wp_bvh_destroy(bvh);
  free(lo);
  free(hi);
}

/* A grouped BVH: a query from a group's root finds exactly that group's
 * overlapping boxes; a missing group has no root (-1). */
static void test_bvh_groups(void) {
  enum { N = 300 };
  static float lo[3 * N], hi[3 * N];
  static wp_int32 grp[N];
  for (int i = 0; i < N; i++) {
    grp[i] = (int)(frand() * 7) * 3 - 5; /* -5, -2, 1, ..., 13: sparse ids */
    for (int k = 0; k < 3; k++) {
      lo[3 * i + k] = frand() * 10.0f;
      hi[3 * i + k] = lo[3 * i + k] + 0.5f;
    }
  }
  wp_array L = vec3_array(lo, N), H = vec3_array(hi, N), G = int_array(grp, N);
  wp_bvh *bvh = NULL;
  CHECK(wp_bvh_create(&L, &H, &G, 2, &bvh) == WP_SUCCESS);
  const wp_bvh_desc *d = (const wp_bvh_desc *)wp_bvh_id(bvh);
  int bad = 0;
  for (int g = -6; g <= 14; g++) {
    wp_int32 root = wp__bvh_group_root(d, g);
    int members = 0;
    for (int i = 0; i < N; i++)
      members += grp[i] == g;
    bad += (root < 0) != (members == 0);
    if (root < 0)
      continue;
    wp_vec3f ql = wp__v3(2, 2, 2), qh = wp__v3(7, 7, 7);
    wp_bvh_query_t q = wp__bvh_query_aabb(wp_bvh_id(bvh), ql, qh, root);
    int found = 0, want = 0;
    wp_int32 i;
    while (wp__bvh_query_next(&q, &i, WP__FLT_MAX)) {
      bad += grp[i] != g;
      found++;
    }
    for (i = 0; i < N; i++)
      want += grp[i] == g && box_hit(lo + 3 * i, hi + 3 * i, ql.c, qh.c);
    bad += found != want;
  }
  CHECK(bad == 0 && d->num_groups == 7);
  /* a root that is no node finds nothing (instead of reading past the
     nodes) */
  wp_bvh_query_t q = wp__bvh_query_aabb(wp_bvh_id(bvh), wp__v3(-1, -1, -1),
                                        wp__v3(11, 11, 11), d->num_nodes);
  wp_int32 any;
  CHECK(!wp__bvh_query_next(&q, &any, WP__FLT_MAX));
  CHECK(wp_bvh_refit(bvh) == WP_SUCCESS);
  wp_bvh_destroy(bvh);
  /* without groups: group 0 is the whole tree */
  CHECK(wp_bvh_create(&L, &H, NULL, 1, &bvh) == WP_SUCCESS);
  d = (const wp_bvh_desc *)wp_bvh_id(bvh);
  CHECK(wp__bvh_group_root(d, 0) == d->root && wp__bvh_group_root(d, 1) == -1);
  wp_bvh_destroy(bvh);
  wp_array G2 = int_array(grp, N - 1);
  CHECK_ERR(wp_bvh_create(&L, &H, &G2, 1, &bvh), WP_ERROR_INVALID_VALUE,
            "299 groups for 300 boxes");
  CHECK_ERR(wp_bvh_create(&L, &H, &L, 1, &bvh), WP_ERROR_DTYPE_MISMATCH,
            "groups must be an array of int32");
}

/* ---- Mesh: a bumpy grid surface --------------------------------------- */

typedef struct grid {
  int nx, np, nt;
  float *pts;
  wp_int32 *idx;
} grid;

static grid make_grid(int nx) {
  grid g;
  g.nx = nx;
  g.np = nx * nx;
  g.nt = 2 * (nx - 1) * (nx - 1);
  g.pts = malloc(sizeof(float) * 3 * (size_t)g.np);
  g.idx = malloc(sizeof(wp_int32) * 3 * (size_t)g.nt);
  for (int y = 0; y < nx; y++)
    for (int x = 0; x < nx; x++) {
      float *p = g.pts + 3 * (y * nx + x);
      p[0] = (float)x;
      p[1] = (float)y;
      p[2] = 0.3f * sinf((float)x) * cosf(0.7f * (float)y);
    }
  int t = 0;
  for (int y = 0; y + 1 < nx; y++)
    for (int x = 0; x + 1 < nx; x++) {
      int a = y * nx + x, b = a + 1, c = a + nx, d = c + 1;
      wp_int32 tri[6] = {a, b, d, a, d, c};
      memcpy(g.idx + 6 * t++, tri, sizeof tri);
    }
  return g;
}

static float brute_closest(const grid *g, wp_vec3f p) {
  const wp_mesh_desc m = {.points = g->pts, .indices = g->idx};
  float best = INFINITY;
  for (int f = 0; f < g->nt; f++) {
    wp_vec3f a, b, c;
    wp__mesh_tri(&m, f, &a, &b, &c);
    float u, v;
    int region;
    wp__closest_bary(a, b, c, p, &u, &v, &region);
    wp_vec3f d = wp__v3_sub(wp__bary_eval(a, b, c, u, v), p);
    float s = wp__v3_dot(d, d);
    best = s < best ? s : best;
  }
  return best;
}

static void test_mesh_queries(void) {
  grid g = make_grid(12);
  wp_array P = vec3_array(g.pts, g.np), I = int_array(g.idx, 3 * g.nt);
  wp_mesh *mesh = NULL;
  CHECK(wp_mesh_create(&P, &I, NULL, NULL, 1, &mesh) == WP_SUCCESS);
  wp_uint64 id = wp_mesh_id(mesh);
  int bad = 0;
  for (int rep = 0; rep < 200; rep++) {
    wp_vec3f p = wp__v3(frand() * 13 - 1, frand() * 13 - 1, frand() * 4 - 2);
    wp_mesh_query_point_t q = wp__mesh_query_point_no_sign(id, p, 1e6f);
    wp_vec3f c =
        wp__mesh_eval(g.pts, (const wp_mesh_desc *)id, q.face, q.u, q.v);
    wp_vec3f d = wp__v3_sub(c, p);
    bad += !q.result || fabsf(wp__v3_dot(d, d) - brute_closest(&g, p)) > 1e-5f;
    /* max_dist below the distance: nothing found */
    float dist = sqrtf(brute_closest(&g, p));
    if (dist > 1e-3f)
      bad += wp__mesh_query_point_no_sign(id, p, dist * 0.99f).result;
    /* a vertical ray down from above hits the surface at its height */
    wp_vec3f o = wp__v3(frand() * 11, frand() * 11, 5.0f);
    wp_mesh_query_ray_t r =
        wp__mesh_query_ray(id, o, wp__v3(0, 0, -1), 1e6f, -1);
    float z = 5.0f - r.t;
    wp_vec3f hitp =
        wp__mesh_eval(g.pts, (const wp_mesh_desc *)id, r.face, 0, 0);
    (void)hitp;
    wp_mesh_query_point_t below =
        wp__mesh_query_point_no_sign(id, wp__v3(o.c[0], o.c[1], z), 1e6f);
    wp_vec3f cb = wp__mesh_eval(g.pts, (const wp_mesh_desc *)id, below.face,
                                below.u, below.v);
    bad += !r.result || fabsf(cb.c[2] - z) > 1e-4f;
    bad += wp__mesh_query_ray_count_intersections(id, o, wp__v3(0, 0, -1),
                                                  -1) != 1;
    bad += !wp__mesh_query_ray_anyhit(id, o, wp__v3(0, 0, -1), 1e6f, -1);
    /* upward: a miss */
    bad += wp__mesh_query_ray(id, o, wp__v3(0, 0, 1), 1e6f, -1).result;
  }
  CHECK(bad == 0);
  /* mesh_query_aabb: triangles whose bounds touch the box */
  wp_vec3f ql = wp__v3(2.5f, 3.5f, -1), qh = wp__v3(4.2f, 5.1f, 1);
  wp_mesh_query_aabb_t s = wp__mesh_query_aabb(id, ql, qh);
  int n = 0, want = 0;
  wp_int32 f;
  while (wp__mesh_query_aabb_next(&s, &f))
    n++;
  const wp_mesh_desc *md = (const wp_mesh_desc *)id;
  for (f = 0; f < g.nt; f++)
    want += box_hit(md->bvh.item_lowers + 3 * f, md->bvh.item_uppers + 3 * f,
                    ql.c, qh.c);
  CHECK(n == want && n > 0);
  /* refit: lift the surface by 10, the closest point follows */
  for (int i = 0; i < g.np; i++)
    g.pts[3 * i + 2] += 10.0f;
  CHECK(wp_mesh_refit(mesh) == WP_SUCCESS);
  wp_mesh_query_point_t q =
      wp__mesh_query_point_no_sign(id, wp__v3(5.5f, 5.5f, 20.0f), 1e6f);
  wp_vec3f c = wp__mesh_eval(g.pts, md, q.face, q.u, q.v);
  CHECK(q.result && c.c[2] > 9.0f);
  wp_mesh_destroy(mesh);
  free(g.pts);
  free(g.idx);
}

/* d(u, v)/d(point) of the closest point (wp__adj_closest, the adjoint of
 * mesh_query_point) against central differences on one triangle, in each
 * Voronoi region with a gradient (the face, the three edges). */
static void test_closest_grad(void) {
  float pts[9] = {0, 0, 0, 2, 0.2f, 0.1f, 0.3f, 1.7f, -0.2f};
  wp_int32 idx[3] = {0, 1, 2};
  wp_mesh_desc m = {.points = pts, .indices = idx};
  wp_vec3f probes[4] = {wp__v3(0.6f, 0.5f, 0.7f), wp__v3(1.0f, -0.8f, 0.3f),
                        wp__v3(-0.7f, 0.9f, 0.2f), wp__v3(1.6f, 1.4f, -0.5f)};
  int bad = 0;
  for (int i = 0; i < 4; i++) {
    for (int k = 0; k < 3; k++) {
      for (int which = 0; which < 2; which++) {
        wp_vec3f g = wp__v3(0, 0, 0);
        wp__adj_closest(&m, 0, probes[i], which == 0, which == 1, &g);
        float h = 1e-2f, val[2];
        for (int s = 0; s < 2; s++) {
          wp_vec3f p = probes[i];
          p.c[k] += s ? h : -h;
          wp_vec3f a, b, c;
          wp__mesh_tri(&m, 0, &a, &b, &c);
          float u, v;
          int region;
          wp__closest_bary(a, b, c, p, &u, &v, &region);
          val[s] = which ? v : u;
        }
        float fd = (val[1] - val[0]) / (2 * h);
        bad += fabsf(fd - g.c[k]) > 1e-3f * (1 + fabsf(fd));
      }
    }
  }
  CHECK(bad == 0);
}

/* A closed cube: the sign of mesh_query_point (inside -1, outside 1). */
static void test_mesh_sign(void) {
  float pts[8 * 3];
  for (int i = 0; i < 8; i++) {
    pts[3 * i] = (float)(i & 1);
    pts[3 * i + 1] = (float)((i >> 1) & 1);
    pts[3 * i + 2] = (float)((i >> 2) & 1);
  }
  /* outward (counter-clockwise seen from outside) faces */
  wp_int32 idx[36] = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                      2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
  wp_array P = vec3_array(pts, 8), I = int_array(idx, 36);
  wp_mesh *mesh = NULL;
  CHECK(wp_mesh_create(&P, &I, NULL, NULL, 2, &mesh) == WP_SUCCESS);
  wp_uint64 id = wp_mesh_id(mesh);
  wp_mesh_query_point_t in =
      wp__mesh_query_point(id, wp__v3(0.3f, 0.6f, 0.45f), 10.0f);
  wp_mesh_query_point_t out =
      wp__mesh_query_point(id, wp__v3(1.3f, 0.6f, 0.45f), 10.0f);
  CHECK(in.result && in.sign == -1.0f);
  const wp_mesh_desc *md = (const wp_mesh_desc *)id;
  CHECK(fabsf(wp__mesh_winding(md, wp__v3(0.3f, 0.6f, 0.45f)) - 1.0f) < 1e-5f);
  CHECK(fabsf(wp__mesh_winding(md, wp__v3(1.3f, 0.6f, 0.45f))) < 1e-5f);
  CHECK(md->winding == 0 && fabsf(md->average_edge_length -
                                  (float)((8 + 4 * sqrt(2.0)) / 12)) < 1e-6f);
  CHECK(wp_mesh_support_winding_number(mesh, 1) == WP_SUCCESS && md->winding);
  CHECK(out.result && out.sign == 1.0f);
  /* the closest point of (0.3, 0.6, 0.45) is on the face x = 0 */
  wp_vec3f c =
      wp__mesh_eval(pts, (const wp_mesh_desc *)id, in.face, in.u, in.v);
  CHECK(fabsf(c.c[0]) < 1e-6f && fabsf(c.c[1] - 0.6f) < 1e-6f &&
        fabsf(c.c[2] - 0.45f) < 1e-6f);
  wp_mesh_destroy(mesh);
}

static void test_empty(void) {
  float pts[3] = {0, 0, 0};
  wp_int32 idx[1] = {0};
  wp_array P = vec3_array(pts, 1), I = int_array(idx, 0);
  wp_mesh *mesh = NULL;
  CHECK(wp_mesh_create(&P, &I, NULL, NULL, 1, &mesh) == WP_SUCCESS);
  wp_uint64 id = wp_mesh_id(mesh);
  CHECK(!wp__mesh_query_point(id, wp__v3(0, 0, 0), 1e6f).result);
  CHECK(!wp__mesh_query_ray(id, wp__v3(0, 0, 1), wp__v3(0, 0, -1), 1e6f, -1)
             .result);
  wp_mesh_query_aabb_t s =
      wp__mesh_query_aabb(id, wp__v3(-1, -1, -1), wp__v3(1, 1, 1));
  wp_int32 f;
  CHECK(!wp__mesh_query_aabb_next(&s, &f));
  CHECK(wp_mesh_refit(mesh) == WP_SUCCESS);
  wp_mesh_destroy(mesh);
  wp_array L = vec3_array(pts, 0);
  wp_bvh *bvh = NULL;
  CHECK(wp_bvh_create(&L, &L, NULL, 1, &bvh) == WP_SUCCESS);
  wp_bvh_query_t q = wp__bvh_query_aabb(wp_bvh_id(bvh), wp__v3(-1, -1, -1),
                                        wp__v3(1, 1, 1), -1);
  CHECK(!wp__bvh_query_next(&q, &f, WP__FLT_MAX));
  wp_bvh_destroy(bvh);
}

static void test_errors(void) {
  float pts[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  wp_int32 idx[3] = {0, 1, 3};
  wp_array P = vec3_array(pts, 3), I = int_array(idx, 3);
  wp_mesh *mesh = (wp_mesh *)1;
  CHECK_ERR(wp_mesh_create(&P, &I, NULL, NULL, 1, &mesh),
            WP_ERROR_INVALID_VALUE, "indices[2] = 3 is not a point index");
  CHECK(mesh == NULL);
  CHECK_ERR(wp_mesh_create(NULL, &I, NULL, NULL, 1, &mesh),
            WP_ERROR_INVALID_VALUE, "points is NULL");
  CHECK_ERR(wp_mesh_create(&P, NULL, NULL, NULL, 1, &mesh),
            WP_ERROR_INVALID_VALUE, "indices is NULL");
  CHECK_ERR(wp_mesh_create(&P, &I, NULL, NULL, 1, NULL), WP_ERROR_INVALID_VALUE,
            "out is NULL");
  CHECK_ERR(wp_mesh_create(&I, &I, NULL, NULL, 1, &mesh),
            WP_ERROR_DTYPE_MISMATCH, "points must be an array of vec3f");
  CHECK_ERR(wp_mesh_create(&P, &P, NULL, NULL, 1, &mesh),
            WP_ERROR_DTYPE_MISMATCH, "indices must be an array of int32");
  wp_array I2 = int_array(idx, 2);
  CHECK_ERR(wp_mesh_create(&P, &I2, NULL, NULL, 1, &mesh),
            WP_ERROR_INVALID_VALUE, "not a multiple of 3");
  wp_array V = vec3_array(pts, 2);
  idx[2] = 2;
  CHECK_ERR(wp_mesh_create(&P, &I, &V, NULL, 1, &mesh), WP_ERROR_INVALID_VALUE,
            "2 velocities for 3 points");
  CHECK_ERR(wp_mesh_create(&P, &I, NULL, NULL, 0, &mesh),
            WP_ERROR_INVALID_VALUE, "leaf_size is 0");
  wp_array P2 = P;
  P2.ndim = 2;
  P2.shape[1] = 1;
  P2.strides[1] = 12;
  CHECK_ERR(wp_mesh_create(&P2, &I, NULL, NULL, 1, &mesh),
            WP_ERROR_NDIM_MISMATCH, "must be 1-d");
  pts[4] = NAN;
  CHECK_ERR(wp_mesh_create(&P, &I, NULL, NULL, 1, &mesh),
            WP_ERROR_INVALID_VALUE, "point 1 is NaN");
  pts[4] = 0;
  CHECK_ERR(wp_mesh_refit(NULL), WP_ERROR_INVALID_VALUE, "mesh is NULL");
  CHECK_ERR(wp_mesh_support_winding_number(NULL, 1), WP_ERROR_INVALID_VALUE,
            "mesh is NULL");
  /* BVH */
  wp_bvh *bvh = (wp_bvh *)1;
  wp_array L = vec3_array(pts, 3), H = vec3_array(pts, 2);
  CHECK_ERR(wp_bvh_create(&L, &H, NULL, 1, &bvh), WP_ERROR_INVALID_VALUE,
            "lowers has 3 boxes but uppers 2");
  CHECK(bvh == NULL);
  CHECK_ERR(wp_bvh_create(NULL, &H, NULL, 1, &bvh), WP_ERROR_INVALID_VALUE,
            "lowers is NULL");
  CHECK_ERR(wp_bvh_create(&L, NULL, NULL, 1, &bvh), WP_ERROR_INVALID_VALUE,
            "uppers is NULL");
  CHECK_ERR(wp_bvh_create(&L, &I, NULL, 1, &bvh), WP_ERROR_DTYPE_MISMATCH,
            "uppers must be an array of vec3f");
  CHECK_ERR(wp_bvh_create(&L, &L, NULL, 0, &bvh), WP_ERROR_INVALID_VALUE,
            "leaf_size is 0");
  wp_array Lc = L;
  Lc.device = WP_DEVICE_CUDA(0);
  CHECK_ERR(wp_bvh_create(&L, &Lc, NULL, 1, &bvh), WP_ERROR_DEVICE_MISMATCH,
            "another device");
  pts[0] = NAN;
  CHECK_ERR(wp_bvh_create(&L, &L, NULL, 1, &bvh), WP_ERROR_INVALID_VALUE,
            "the bounds of item 0 are NaN");
  pts[0] = 0;
  CHECK(wp_bvh_create(&L, &L, NULL, 1, &bvh) == WP_SUCCESS);
  pts[3] = NAN;
  CHECK_ERR(wp_bvh_refit(bvh), WP_ERROR_INVALID_VALUE,
            "the bounds of item 1 are NaN");
  wp_bvh_destroy(bvh);
  CHECK_ERR(wp_bvh_refit(NULL), WP_ERROR_INVALID_VALUE, "bvh is NULL");
  CHECK(wp_bvh_id(NULL) == 0 && wp_mesh_id(NULL) == 0);
  wp_bvh_destroy(NULL);
  wp_mesh_destroy(NULL);
}

int main(void) {
  test_bvh_queries(1, 1);
  test_bvh_queries(200, 1);
  test_bvh_queries(333, 4);
  test_bvh_groups();
  test_mesh_queries();
  test_mesh_sign();
  test_closest_grad();
  test_empty();
  test_errors();
  return check_report("test_bvh_mesh");
}
