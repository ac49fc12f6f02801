/* bvh_build.c - the host BVH build and refit shared by wp_bvh and wp_mesh
 * (bvh_internal.h): a top-down median split, as Warp's "median"
 * constructor does (warp-lang's own default on the CPU is a SAH build; the
 * trees differ but every query result that has one right answer is the
 * same, see <warp/bvh.h>). */
#include "bvh_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct build_ctx {
  wpi_bvh_tree *t;
  const float *lo, *hi;
  float *cent; /* n x 3 centroids */
  wp_int32 leaf_size;
} build_ctx;

/* (key, index) order: a total order, so the split is deterministic. */
static int before(const float *cent, int axis, wp_int32 a, wp_int32 b) {
  float ka = cent[3 * a + axis], kb = cent[3 * b + axis];
  return ka < kb || (ka == kb && a < b);
}

/* Moves the k-th smallest of p[0..n) (by before()) to p[k], smaller ones
 * before it and larger after (Hoare's selection). */
static void select_kth(const float *cent, int axis, wp_int32 *p, wp_int32 n,
                       wp_int32 k) {
  wp_int32 l = 0, r = n - 1;
  while (l < r) {
    wp_int32 pivot = p[l + (r - l) / 2];
    wp_int32 i = l, j = r;
    while (i <= j) {
      while (before(cent, axis, p[i], pivot))
        i++;
      while (before(cent, axis, pivot, p[j]))
        j--;
      if (i <= j) {
        wp_int32 tmp = p[i];
        p[i] = p[j];
        p[j] = tmp;
        i++;
        j--;
      }
    }
    if (k <= j)
      r = j;
    else if (k >= i)
      l = i;
    else
      return;
  }
}

static void box_of(const build_ctx *c, const wp_int32 *p, wp_int32 n,
                   wp_bvh_node *node) {
  for (int a = 0; a < 3; a++) {
    node->lower[a] = __builtin_inff();
    node->upper[a] = -__builtin_inff();
  }
  for (wp_int32 i = 0; i < n; i++)
    for (int a = 0; a < 3; a++) {
      float l = c->lo[3 * p[i] + a], h = c->hi[3 * p[i] + a];
      if (l < node->lower[a])
        node->lower[a] = l;
      if (h > node->upper[a])
        node->upper[a] = h;
    }
}

/* Builds the node over prims[first .. first+n) at `depth`; returns its
 * index. */
static wp_int32 build_node(build_ctx *c, wp_int32 first, wp_int32 n,
                           wp_int32 depth) {
  wpi_bvh_tree *t = c->t;
  wp_int32 id = t->num_nodes++;
  wp_bvh_node *node = &t->nodes[id];
  wp_int32 *p = t->prims + first;
  if (depth > t->max_depth)
    t->max_depth = depth;
  if (n <= c->leaf_size) { /* bounds: wpi_bvh_refit after the build */
    node->left = -1 - first;
    node->right = first + n;
    return id;
  }
  float cl[3], ch[3];
  for (int a = 0; a < 3; a++) {
    cl[a] = __builtin_inff();
    ch[a] = -__builtin_inff();
  }
  for (wp_int32 i = 0; i < n; i++)
    for (int a = 0; a < 3; a++) {
      float v = c->cent[3 * p[i] + a];
      if (v < cl[a])
        cl[a] = v;
      if (v > ch[a])
        ch[a] = v;
    }
  int axis = 0;
  for (int a = 1; a < 3; a++)
    if (ch[a] - cl[a] > ch[axis] - cl[axis])
      axis = a;
  wp_int32 half = n / 2;
  select_kth(c->cent, axis, p, n, half);
  wp_int32 l = build_node(c, first, half, depth + 1);
  wp_int32 r = build_node(c, first + half, n - half, depth + 1);
  t->nodes[id].left = l;
  t->nodes[id].right = r;
  return id;
}

/* The node over the groups g0 .. g1 - 1 (their items are contiguous in
 * prims from gstart[g]): halves the list until one group is left. */
static wp_int32 build_groups(build_ctx *c, const wp_int32 *gstart, wp_int32 g0,
                             wp_int32 g1, wp_int32 depth) {
  wpi_bvh_tree *t = c->t;
  if (g1 - g0 == 1) {
    wp_int32 r = build_node(c, gstart[g0], gstart[g0 + 1] - gstart[g0], depth);
    t->group_roots[g0] = r;
    return r;
  }
  wp_int32 id = t->num_nodes++;
  if (depth > t->max_depth)
    t->max_depth = depth;
  wp_int32 mid = g0 + (g1 - g0) / 2;
  wp_int32 l = build_groups(c, gstart, g0, mid, depth + 1);
  wp_int32 r = build_groups(c, gstart, mid, g1, depth + 1);
  wp_bvh_node *node = &t->nodes[id]; /* bounds: by the refit */
  node->left = l;
  node->right = r;
  return id;
}

static int cmp_u64(const void *a, const void *b) {
  wp_uint64 x = *(const wp_uint64 *)a, y = *(const wp_uint64 *)b;
  return (x > y) - (x < y);
}

/* Orders prims by (group, index) and finds the groups: t->group_ids,
 * gstart[0 .. num_groups] (allocated here). */
static wp_status group_items(wpi_bvh_tree *t, const wp_int32 *groups,
                             wp_int32 n, wp_int32 **gstart, const char *what) {
  wp_uint64 *keys = malloc((size_t)n * sizeof *keys);
  if (!keys)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  for (wp_int32 i = 0; i < n; i++) /* the group, as unsigned in order */
    keys[i] =
        ((wp_uint64)((wp_uint32)groups[i] ^ 0x80000000u) << 32) | (wp_uint32)i;
  qsort(keys, (size_t)n, sizeof *keys, cmp_u64);
  wp_int32 ng = 0;
  for (wp_int32 i = 0; i < n; i++)
    if (i == 0 || keys[i] >> 32 != keys[i - 1] >> 32)
      ng++;
  t->group_ids = malloc((size_t)ng * sizeof(wp_int32));
  t->group_roots = malloc((size_t)ng * sizeof(wp_int32));
  *gstart = malloc((size_t)(ng + 1) * sizeof(wp_int32));
  if (!t->group_ids || !t->group_roots || !*gstart) {
    free(keys);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  }
  wp_int32 g = 0;
  for (wp_int32 i = 0; i < n; i++) {
    t->prims[i] = (wp_int32)(keys[i] & 0xffffffffu);
    if (i == 0 || keys[i] >> 32 != keys[i - 1] >> 32) {
      t->group_ids[g] = (wp_int32)((wp_uint32)(keys[i] >> 32) ^ 0x80000000u);
      (*gstart)[g++] = i;
    }
  }
  (*gstart)[ng] = n;
  t->num_groups = ng;
  free(keys);
  return WP_SUCCESS;
}

wp_status wpi_bvh_build(wpi_bvh_tree *t, const float *lo, const float *hi,
                        wp_int32 n, wp_int32 leaf_size, const char *what) {
  return wpi_bvh_build_grouped(t, lo, hi, NULL, n, leaf_size, what);
}

wp_status wpi_bvh_build_grouped(wpi_bvh_tree *t, const float *lo,
                                const float *hi, const wp_int32 *groups,
                                wp_int32 n, wp_int32 leaf_size,
                                const char *what) {
  memset(t, 0, sizeof *t);
  t->root = -1;
  if (leaf_size < 1)
    leaf_size = 1;
  if (n <= 0)
    return WP_SUCCESS;
  for (wp_int32 i = 0; i < n; i++)
    for (int a = 0; a < 3; a++) {
      float l = lo[3 * i + a], h = hi[3 * i + a];
      if (l != l || h != h)
        return wp_set_error(WP_ERROR_INVALID_VALUE,
                            "%s: the bounds of item %d are NaN", what, (int)i);
    }
  t->nodes = malloc((size_t)(2 * (wp_int64)n) * sizeof *t->nodes);
  t->prims = malloc((size_t)n * sizeof *t->prims);
  float *cent = malloc((size_t)n * 3 * sizeof *cent);
  if (!t->nodes || !t->prims || !cent) {
    free(cent);
    wpi_bvh_tree_free(t);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: no memory for a BVH over %d items", what, (int)n);
  }
  for (wp_int32 i = 0; i < n; i++) {
    t->prims[i] = i;
    for (int a = 0; a < 3; a++)
      cent[3 * i + a] = 0.5f * (lo[3 * i + a] + hi[3 * i + a]);
  }
  build_ctx c = {t, lo, hi, cent, leaf_size};
  t->num_items = n;
  if (!groups) {
    t->root = build_node(&c, 0, n, 1);
    free(cent);
    wpi_bvh_refit(t, lo, hi);
    return WP_SUCCESS;
  }
  wp_int32 *gstart = NULL;
  wp_status st = group_items(t, groups, n, &gstart, what);
  if (st == WP_SUCCESS)
    t->root = build_groups(&c, gstart, 0, t->num_groups, 1);
  free(gstart);
  free(cent);
  if (st != WP_SUCCESS)
    wpi_bvh_tree_free(t);
  else
    wpi_bvh_refit(t, lo, hi);
  return st;
}

void wpi_bvh_refit(wpi_bvh_tree *t, const float *lo, const float *hi) {
  build_ctx c = {t, lo, hi, NULL, 0};
  for (wp_int32 i = t->num_nodes - 1; i >= 0; i--) {
    wp_bvh_node *node = &t->nodes[i];
    if (node->left < 0) {
      wp_int32 first = -1 - node->left;
      box_of(&c, t->prims + first, node->right - first, node);
      continue;
    }
    const wp_bvh_node *a = &t->nodes[node->left], *b = &t->nodes[node->right];
    for (int k = 0; k < 3; k++) {
      node->lower[k] = a->lower[k] < b->lower[k] ? a->lower[k] : b->lower[k];
      node->upper[k] = a->upper[k] > b->upper[k] ? a->upper[k] : b->upper[k];
    }
  }
}

void wpi_bvh_tree_free(wpi_bvh_tree *t) {
  free(t->nodes);
  free(t->prims);
  free(t->group_ids);
  free(t->group_roots);
  memset(t, 0, sizeof *t);
  t->root = -1;
}
