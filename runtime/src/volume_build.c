/* volume_build.c - NanoVDB grids built by the runtime: the OnIndex grid of a
 * set of voxels (wp_volume_allocate_by_voxels, warp-lang's
 * Volume.allocate_by_voxels) and the float grid of a dense block of values
 * (wp_volume_from_dense, warp-lang's Volume.load_from_numpy).  The grid is laid
 * out as NanoVDB.h (major version 32) lays out a grid - GridData, TreeData, the
 * root and its tile table, then the upper, lower and leaf nodes, each level
 * contiguous - and then goes through wp_volume_load_grid (its checks, the
 * device copy). Voxels are numbered in the order of the leaves, which is
 * warp-lang's: root tiles (4096^3 blocks) by their x, then y, then z, then the
 * nodes inside a tile and the voxels inside a leaf by ascending table position
 * (x major). */
#include "volume_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../include/warp/volume.h"

enum {
  ROOT = WPI_NVDB_GRID_SIZE + WPI_NVDB_TREE_SIZE, /* the root node */
  TILE_SIZE = 32,                                 /* a root tile */
  UPPER_SIZE = 8256 + 32768 * 8,
  LOWER_SIZE = 1088 + 4096 * 8,
  UPPER_CHILD_MASK = 4128, /* InternalData<3>::mChildMask */
  UPPER_TABLE = 8256,
  LOWER_CHILD_MASK = 544,
  LOWER_TABLE = 1088,
};

/* What differs between the two kinds of grid (NanoVDB's RootData and
 * LeafData of ValueOnIndex and of float). */
struct kind {
  wp_uint32 grid_type, grid_class; /* GridClass: IndexGrid 8, Unknown 0 */
  wp_uint32 root_size;             /* the root before its tiles */
  wp_uint32 leaf_size, leaf_table; /* a leaf; its values (index: offset) */
};
static const struct kind ONINDEX = {WP_VOLUME_ONINDEX, 8, 96, 96, 80};
static const struct kind FLOAT = {WP_VOLUME_FLOAT, 0, 64, 2144, 96};

/* A voxel with its place in the tree: the root tile's key, its slot in the
 * upper node (32^3), in the lower node (16^3) and in the leaf (8^3). */
struct vox {
  wp_int32 tile[3]; /* the root tile: floor(ijk / 4096) */
  wp_uint64 key;
  wp_uint32 upper, lower, leaf;
  wp_int32 ijk[3];
  float value; /* float grids */
};

static int cmp_vox(const void *pa, const void *pb) {
  const struct vox *a = pa, *b = pb;
  for (int d = 0; d < 3; d++) /* root tiles: by their x, y, z */
    if (a->tile[d] != b->tile[d])
      return a->tile[d] < b->tile[d] ? -1 : 1;
  if (a->upper != b->upper)
    return a->upper < b->upper ? -1 : 1;
  if (a->lower != b->lower)
    return a->lower < b->lower ? -1 : 1;
  return a->leaf < b->leaf ? -1 : a->leaf > b->leaf;
}

static void put32(unsigned char *g, wp_uint64 at, wp_uint32 v) {
  memcpy(g + at, &v, 4);
}
static void put64(unsigned char *g, wp_uint64 at, wp_uint64 v) {
  memcpy(g + at, &v, 8);
}
static void putf(unsigned char *g, wp_uint64 at, float v) {
  memcpy(g + at, &v, 4);
}
static void putd(unsigned char *g, wp_uint64 at, double v) {
  memcpy(g + at, &v, 8);
}
static void set_bit(unsigned char *g, wp_uint64 mask, wp_uint32 n) {
  g[mask + n / 8] |= (unsigned char)(1u << (n % 8));
}

/* Grows the CoordBBox (min xyz, max xyz) at `at` by one voxel; `first`
 * starts it. */
static void grow_bbox(unsigned char *g, wp_uint64 at, const wp_int32 *ijk,
                      int first) {
  for (int a = 0; a < 3; a++) {
    wp_int32 lo, hi;
    memcpy(&lo, g + at + 4 * a, 4);
    memcpy(&hi, g + at + 12 + 4 * a, 4);
    if (first || ijk[a] < lo)
      memcpy(g + at + 4 * a, &ijk[a], 4);
    if (first || ijk[a] > hi)
      memcpy(g + at + 12 + 4 * a, &ijk[a], 4);
  }
}

/* The leaf's bbox (min, then max - min as bytes) and, in index grids, its
 * prefix sums (9 bits per 64-voxel word: the active voxels before words
 * 1..7). */
static void finish_leaf(unsigned char *g, const struct kind *K, wp_uint64 leaf,
                        const wp_int32 *lo, const wp_int32 *hi) {
  for (int a = 0; a < 3; a++) {
    memcpy(g + leaf + 4 * a, &lo[a], 4);
    g[leaf + 12 + a] = (unsigned char)(hi[a] - lo[a]);
  }
  g[leaf + 15] = 2; /* NanoVDB's leaf flag: the bbox is set */
  if (K != &ONINDEX)
    return;
  wp_uint64 sum = 0, prefix = 0;
  for (int w = 0; w < 7; w++) {
    wp_uint64 word;
    memcpy(&word, g + leaf + 16 + 8 * w, 8);
    sum += (wp_uint64)__builtin_popcountll(word);
    prefix |= sum << (9 * w);
  }
  put64(g, leaf + 88, prefix);
}

/* GridData: header, the transform (NanoVDB's Map, float and double), the
 * world bbox of the index bbox [lo, hi + 1], the voxel size. */
static void write_grid_data(unsigned char *g, const struct kind *K,
                            wp_uint64 size, const double *vs, const double *tr,
                            const wp_int32 *lo, const wp_int32 *hi,
                            wp_uint64 nvox) {
  memcpy(g, "NanoVDB0", 8);
  put64(g, 8, ~(wp_uint64)0);         /* no checksum */
  put32(g, 16, 32u << 21 | 8u << 10); /* version 32.8.0 */
  put32(g, 20, 34u);                  /* flags: has bbox, breadth first */
  put32(g, 28, 1u);                   /* grid 0 of 1 */
  put64(g, 32, size);
  const wp_uint64 map = WPI_NVDB_OFF_MAP;
  /* the inverse as warp-lang's volume_set_map computes it (Warp's 3x3
     inverse of the diagonal matrix: cofactors times 1 / det), to the bit */
  double det = vs[0] * (vs[1] * vs[2]), rdet = 1.0 / det;
  double inv[3] = {(vs[1] * vs[2]) * rdet, (vs[0] * vs[2]) * rdet,
                   (vs[0] * vs[1]) * rdet};
  for (int a = 0; a < 3; a++) {
    putf(g, map + 4 * (4 * a), (float)vs[a]);
    putf(g, map + 36 + 4 * (4 * a), (float)inv[a]);
    putf(g, map + 72 + 4 * a, (float)tr[a]);
    putd(g, map + 88 + 8 * (4 * a), vs[a]);
    putd(g, map + 160 + 8 * (4 * a), inv[a]);
    putd(g, map + 232 + 8 * a, tr[a]);
    putd(g, WPI_NVDB_OFF_VOXEL_SIZE + 8 * a, vs[a]);
    if (nvox) {
      putd(g, WPI_NVDB_OFF_WORLD_BBOX + 8 * a, lo[a] * vs[a] + tr[a]);
      putd(g, WPI_NVDB_OFF_WORLD_BBOX + 24 + 8 * a,
           ((double)hi[a] + 1.0) * vs[a] + tr[a]);
    }
  }
  putf(g, map + 84, 1.0f); /* taper */
  putd(g, map + 256, 1.0);
  put32(g, 632, K->grid_class);
  put32(g, WPI_NVDB_OFF_GRID_TYPE, K->grid_type);
  put64(g, 640, size); /* no blind data: its offset is the end */
  if (K == &ONINDEX)
    put64(g, 656, nvox + 1); /* values: the voxels and the background (0) */
}

/* x rounded to float32 (inf past its range, NaN kept). */
static double to_float(double x) {
  return fabs(x) > FLT_MAX ? x * HUGE_VAL : (double)(float)x;
}

/* Checks the transform's arguments into vs and tr (NULL: 1 and 0),
 * rounded to float32 as warp-lang keeps them (Volume._fill_transform_
 * buffers: a mat33f and a c_float translation; volume_set_map inverts the
 * float matrix in double), so that both forms of the grid's map are
 * warp-lang's. */
static wp_status get_transform(const double *voxel_size,
                               const double *translation, double *vs,
                               double *tr, const char *tname,
                               const char *what) {
  for (int a = 0; a < 3; a++) {
    double v = voxel_size ? voxel_size[a] : 1.0;
    vs[a] = to_float(v); /* 0 or inf when out of float's range */
    tr[a] = to_float(translation ? translation[a] : 0.0);
    if (!(vs[a] > 0.0) || !isfinite(vs[a]) || !isfinite(1.0 / vs[a]))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: voxel_size[%d] is %g (must be positive and "
                          "finite in float32)",
                          what, a, v);
    if (!isfinite(tr[a]))
      return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s[%d] is not finite",
                          what, tname, a);
  }
  return WP_SUCCESS;
}

/* Fills the tree fields of v[n] from its ijk. */
static void place(struct vox *v) {
  wp_uint32 u[3];
  for (int a = 0; a < 3; a++) {
    u[a] = (wp_uint32)v->ijk[a];
    wp_int64 c = v->ijk[a];
    v->tile[a] = (wp_int32)((c - (c & 4095)) / 4096);
  }
  v->key = (wp_uint64)(u[0] >> 12) << 42 | (wp_uint64)(u[1] >> 12) << 21 |
           (wp_uint64)(u[2] >> 12);
  v->upper = ((u[0] & 4095u) >> 7) << 10 | ((u[1] & 4095u) >> 7) << 5 |
             (u[2] & 4095u) >> 7;
  v->lower = ((u[0] & 127u) >> 3) << 8 | ((u[1] & 127u) >> 3) << 4 |
             (u[2] & 127u) >> 3;
  v->leaf = (u[0] & 7u) << 6 | (u[1] & 7u) << 3 | (u[2] & 7u);
}

/* Fills a float node table (`n` entries of 8 bytes at `at`) with the
 * background: the value of the slots without a child. */
static void fill_table(unsigned char *g, wp_uint64 at, wp_uint32 n, float bg) {
  for (wp_uint32 e = 0; e < n; e++)
    putf(g, at + 8u * e, bg);
}

/* The grid of the `count` voxels v (placed, any order; repeats allowed in
 * index grids) of kind K (float grids: background bg), loaded
 * onto `device`.  Frees v. */
static wp_status build(struct vox *v, wp_size count, const struct kind *K,
                       float bg, const double *vs, const double *tr,
                       wp_device device, wp_volume **out, const char *what) {
  qsort(v, count, sizeof *v, cmp_vox);
  /* distinct voxels and the nodes of each level */
  wp_uint64 nv = 0, nu = 0, nl = 0, nf = 0;
  for (wp_size n = 0; n < count; n++) {
    const struct vox *p = n ? &v[nv - 1] : NULL;
    if (p && !cmp_vox(p, &v[n]))
      continue; /* a repeated voxel */
    nu += !p || p->key != v[n].key;
    nl += !p || p->key != v[n].key || p->upper != v[n].upper;
    nf += !p || p->key != v[n].key || p->upper != v[n].upper ||
          p->lower != v[n].lower;
    v[nv++] = v[n];
  }
  wp_uint64 upper0 = ROOT + K->root_size + nu * TILE_SIZE;
  wp_uint64 lower0 = upper0 + nu * UPPER_SIZE;
  wp_uint64 leaf0 = lower0 + nl * LOWER_SIZE;
  wp_uint64 size = leaf0 + nf * K->leaf_size;
  unsigned char *g = size <= SIZE_MAX ? calloc(1, size) : NULL;
  if (!g) {
    free(v);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: out of memory for a grid of %llu bytes (%llu "
                        "upper nodes of %d bytes)",
                        what, (unsigned long long)size, (unsigned long long)nu,
                        UPPER_SIZE);
  }
  int values = K == &FLOAT;
  const wp_uint64 t = WPI_NVDB_GRID_SIZE;
  put64(g, t + 0, leaf0 - t);
  put64(g, t + 8, lower0 - t);
  put64(g, t + 16, upper0 - t);
  put64(g, t + 24, ROOT - t);
  put32(g, t + 32, (wp_uint32)nf);
  put32(g, t + 36, (wp_uint32)nl);
  put32(g, t + 40, (wp_uint32)nu);
  put64(g, t + 56, nv);
  put32(g, ROOT + 24, (wp_uint32)nu);
  if (values)
    putf(g, ROOT + 28, bg); /* RootData<float>::mBackground */
  /* the nodes, in order; u, l, f: the current node of each level */
  wp_uint64 u = 0, l = 0, f = 0;
  wp_int32 lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  for (wp_uint64 n = 0; n < nv; n++) {
    const struct vox *p = n ? &v[n - 1] : NULL, *c = &v[n];
    int new_upper = !p || p->key != c->key;
    int new_lower = new_upper || p->upper != c->upper;
    int new_leaf = new_lower || p->lower != c->lower;
    if (new_leaf && p)
      finish_leaf(g, K, leaf0 + (f - 1) * K->leaf_size, lo, hi);
    if (new_upper) {
      wp_uint64 tile = ROOT + K->root_size + u * TILE_SIZE;
      put64(g, tile, c->key);
      put64(g, tile + 8, upper0 + u * UPPER_SIZE - ROOT);
      if (values) {
        putf(g, tile + 20, bg);
        fill_table(g, upper0 + u * UPPER_SIZE + UPPER_TABLE, 32768u, bg);
      }
      u++;
    }
    wp_uint64 up = upper0 + (u - 1) * UPPER_SIZE;
    if (new_lower) {
      set_bit(g, up + UPPER_CHILD_MASK, c->upper);
      put64(g, up + UPPER_TABLE + 8u * c->upper, lower0 + l * LOWER_SIZE - up);
      if (values)
        fill_table(g, lower0 + l * LOWER_SIZE + LOWER_TABLE, 4096u, bg);
      l++;
    }
    wp_uint64 low = lower0 + (l - 1) * LOWER_SIZE;
    wp_uint64 leaf = leaf0 + (new_leaf ? f : f - 1) * K->leaf_size;
    if (new_leaf) {
      set_bit(g, low + LOWER_CHILD_MASK, c->lower);
      put64(g, low + LOWER_TABLE + 8u * c->lower, leaf - low);
      if (values)
        for (wp_uint32 e = 0; e < 512u; e++)
          putf(g, leaf + K->leaf_table + 4u * e, bg);
      else
        put64(g, leaf + 80, n + 1); /* the first index (0: background) */
      f++;
      memcpy(lo, c->ijk, sizeof lo);
      memcpy(hi, c->ijk, sizeof hi);
    }
    for (int a = 0; a < 3; a++) {
      lo[a] = c->ijk[a] < lo[a] ? c->ijk[a] : lo[a];
      hi[a] = c->ijk[a] > hi[a] ? c->ijk[a] : hi[a];
    }
    set_bit(g, leaf + 16, c->leaf);
    if (values)
      putf(g, leaf + K->leaf_table + 4u * c->leaf, c->value);
    grow_bbox(g, ROOT, c->ijk, n == 0);
    grow_bbox(g, up, c->ijk, new_upper);
    grow_bbox(g, low, c->ijk, new_lower);
  }
  if (nv)
    finish_leaf(g, K, leaf0 + (f - 1) * K->leaf_size, lo, hi);
  wp_int32 blo[3], bhi[3];
  memcpy(blo, g + ROOT, 12);
  memcpy(bhi, g + ROOT + 12, 12);
  write_grid_data(g, K, size, vs, tr, blo, bhi, nv);
  free(v);
  wp_status st = wp_volume_load_grid(g, size, device, out);
  free(g);
  return st;
}

wp_status wp_volume_allocate_by_voxels(const wp_int32 *ijk, wp_size count,
                                       const double voxel_size[3],
                                       const double translation[3],
                                       wp_device device, wp_volume **out) {
  const char *what = "wp_volume_allocate_by_voxels";
  if (out)
    *out = NULL;
  if (!out || (!ijk && count))
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        out ? "ijk" : "out");
  double vs[3], tr[3];
  wp_status st =
      get_transform(voxel_size, translation, vs, tr, "translation", what);
  if (st)
    return st;
  if (count > SIZE_MAX / sizeof(struct vox))
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: %llu voxels: out of memory", what,
                        (unsigned long long)count);
  struct vox *v = malloc(count ? count * sizeof *v : 1);
  if (!v)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory", what);
  for (wp_size n = 0; n < count; n++) {
    for (int a = 0; a < 3; a++)
      v[n].ijk[a] = ijk[3 * n + a];
    v[n].value = 0.0f;
    place(&v[n]);
  }
  return build(v, count, &ONINDEX, 0.0f, vs, tr, device, out, what);
}

wp_status wp_volume_from_dense(const float *values, const wp_int64 shape[3],
                               float background, const double voxel_size[3],
                               const double min_world[3], wp_device device,
                               wp_volume **out) {
  const char *what = "wp_volume_from_dense";
  if (out)
    *out = NULL;
  if (!out || !values || !shape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        !out      ? "out"
                        : !values ? "values"
                                  : "shape");
  double vs[3], tr[3];
  wp_status st =
      get_transform(voxel_size, min_world, vs, tr, "min_world", what);
  if (st)
    return st;
  /* the block rounded up to 8^3 leaves; the padding holds the background */
  wp_int64 pad[3];
  wp_uint64 total = 1;
  for (int a = 0; a < 3; a++) {
    if (shape[a] < 1 || shape[a] > WP_VOLUME_DENSE_MAX)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] is %lld (must be 1 to "
                          "WP_VOLUME_DENSE_MAX, %d)",
                          what, a, (long long)shape[a], WP_VOLUME_DENSE_MAX);
    pad[a] = (shape[a] + 7) / 8 * 8;
    total *= (wp_uint64)pad[a];
  }
  if (total > SIZE_MAX / sizeof(struct vox))
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: %llu voxels: out of memory", what,
                        (unsigned long long)total);
  struct vox *v = malloc(total * sizeof *v);
  if (!v)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory", what);
  wp_uint64 n = 0;
  for (wp_int64 i = 0; i < pad[0]; i++)
    for (wp_int64 j = 0; j < pad[1]; j++)
      for (wp_int64 k = 0; k < pad[2]; k++, n++) {
        v[n].ijk[0] = (wp_int32)i;
        v[n].ijk[1] = (wp_int32)j;
        v[n].ijk[2] = (wp_int32)k;
        int in = i < shape[0] && j < shape[1] && k < shape[2];
        v[n].value =
            in ? values[(i * shape[1] + j) * shape[2] + k] : background;
        place(&v[n]);
      }
  return build(v, total, &FLOAT, background, vs, tr, device, out, what);
}
