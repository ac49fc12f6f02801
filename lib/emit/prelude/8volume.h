/* 8volume.h - the volume builtins (wp.Volume, <warp/volume.h>): the id is a
 * wp_volume_desc * (<warp/abi.h>) whose grid the runtime checked, so the
 * tree is walked without bounds checks: root tiles (a linear search of
 * their keys), upper (32^3), lower (16^3) and leaf (8^3) nodes, the layout
 * of NanoVDB (NanoVDB.h, major version 32).  Sampling follows warp-lang's
 * definition: CLOSEST (0) reads the voxel at round(uvw) (halves away from
 * zero), LINEAR (1) the trilinear blend of the 8 voxels around uvw, with the
 * weights in float32; a grid of another type than asked reads zeros.
 * Index grids map a voxel to 1 + its position in the user's voxel_data
 * array (0: none, the background); other grids to leaf * 512 + offset + 1.
 * Functions per value type come from WP_VOLUME_TYPE(N, T, W, GT, K): N the
 * type's Warp name, T its C type, W its scalar (the weights' type), GT the
 * NanoVDB GridType, K 1 for float types (which have adjoints).  The
 * adjoints are warp-lang's: volume_sample with respect to uvw, and
 * volume_sample_index also into voxel_data's grad and the background's;
 * the transforms' adjoints use the transposed matrices (the exact
 * derivative; warp-lang's float32 ones use the inverse's own matrix).  The
 * gradient forms are in 8volume_grad.h. */

#ifndef WP_TYPE_wp_vec3f
#define WP_TYPE_wp_vec3f
typedef struct wp_vec3f {
  float c[3];
} wp_vec3f;
#endif
#ifndef WP_TYPE_wp_vec3d
#define WP_TYPE_wp_vec3d
typedef struct wp_vec3d {
  double c[3];
} wp_vec3d;
#endif
#ifndef WP_TYPE_wp_vec4f
#define WP_TYPE_wp_vec4f
typedef struct wp_vec4f {
  float c[4];
} wp_vec4f;
#endif
#ifndef WP_TYPE_wp_vec4d
#define WP_TYPE_wp_vec4d
typedef struct wp_vec4d {
  double c[4];
} wp_vec4d;
#endif
#ifndef WP_TYPE_wp_mat33f
#define WP_TYPE_wp_mat33f
typedef struct wp_mat33f {
  float c[3][3];
} wp_mat33f;
#endif
#ifndef WP_TYPE_wp_mat33d
#define WP_TYPE_wp_mat33d
typedef struct wp_mat33d {
  double c[3][3];
} wp_mat33d;
#endif
#ifndef WP_TYPE_wp_mat43f
#define WP_TYPE_wp_mat43f
typedef struct wp_mat43f {
  float c[4][3];
} wp_mat43f;
#endif
#ifndef WP_TYPE_wp_mat43d
#define WP_TYPE_wp_mat43d
typedef struct wp_mat43d {
  double c[4][3];
} wp_mat43d;
#endif

/* ---- the tree walk ------------------------------------------------------ */

WP_FN const wp_volume_desc *wp_volume__desc(wp_uint64 id) {
  return (const wp_volume_desc *)(wp_size)id;
}

WP_FN int wp_volume__bit(const unsigned char *mask, wp_uint32 n) {
  return (int)((*(const wp_uint32 *)(mask + 4u * (n >> 5)) >> (n & 31u)) & 1u);
}

/* The address of voxel (i, j, k)'s value and its level: 0 a leaf (index
 * grids: the leaf's index words), 1..3 a tile of a lower / upper node or of
 * the root, 4 the background. */
WP_FN unsigned char *wp_volume__find(const wp_volume_desc *d, wp_int32 i,
                                     wp_int32 j, wp_int32 k, int *level) {
  unsigned char *root = d->grid + d->root;
  wp_uint32 ui = (wp_uint32)i, uj = (wp_uint32)j, uk = (wp_uint32)k;
  wp_uint64 key = (wp_uint64)(ui >> 12) << 42 | (wp_uint64)(uj >> 12) << 21 |
                  (wp_uint64)(uk >> 12);
  unsigned char *tile = root + d->root_size;
  for (wp_uint32 t = 0; t < d->tile_count; t++, tile += d->tile_size) {
    if (*(const wp_uint64 *)tile != key)
      continue;
    wp_int64 child = *(const wp_int64 *)(tile + 8);
    if (!child) {
      *level = 3;
      return tile + d->tile_value;
    }
    unsigned char *up = root + child;
    wp_uint32 n = ((ui & 4095u) >> 7) << 10 | ((uj & 4095u) >> 7) << 5 |
                  (uk & 4095u) >> 7;
    unsigned char *e = up + d->upper_table + (wp_uint64)n * d->table_stride;
    if (!wp_volume__bit(up + 4128, n)) {
      *level = 2;
      return e;
    }
    unsigned char *lo = up + *(const wp_int64 *)e;
    n = ((ui & 127u) >> 3) << 8 | ((uj & 127u) >> 3) << 4 | (uk & 127u) >> 3;
    e = lo + d->lower_table + (wp_uint64)n * d->table_stride;
    if (!wp_volume__bit(lo + 544, n)) {
      *level = 1;
      return e;
    }
    unsigned char *leaf = lo + *(const wp_int64 *)e;
    n = (ui & 7u) << 6 | (uj & 7u) << 3 | (uk & 7u);
    *level = 0;
    return leaf + d->leaf_table + (wp_uint64)n * d->value_size;
  }
  *level = 4;
  return root + d->root_background;
}

WP_FN wp_uint32 wp_volume__popc(wp_uint64 x) {
#ifdef __CUDACC__
  return (wp_uint32)__popcll(x);
#else
  return (wp_uint32)__builtin_popcountll(x);
#endif
}

/* 1 + the voxel's index (0: none) from its leaf value address p. */
WP_FN wp_uint64 wp_volume__voxel_index(const wp_volume_desc *d,
                                       unsigned char *p, wp_int32 i, wp_int32 j,
                                       wp_int32 k) {
  wp_uint32 n =
      ((wp_uint32)i & 7u) << 6 | ((wp_uint32)j & 7u) << 3 | ((wp_uint32)k & 7u);
  switch (d->grid_type) {
  case 19: /* Index, IndexMask: every voxel of a leaf has one */
  case 21: return *(const wp_uint64 *)p + n;
  case 20: /* OnIndex, OnIndexMask: the active voxels only */
  case 22: {
    const unsigned char *leaf = p - d->leaf_table;
    wp_uint32 w = n >> 6, b = n & 63u;
    wp_uint64 mask = *(const wp_uint64 *)(leaf + 16 + 8u * w);
    if (!((mask >> b) & 1u))
      return 0;
    wp_uint64 sum = wp_volume__popc(mask & ((((wp_uint64)1) << b) - 1u));
    if (w)
      sum += (*(const wp_uint64 *)(p + 8) >> (9u * (w - 1u))) & 511u;
    return *(const wp_uint64 *)p + sum;
  }
  default: {
    unsigned char *leaf = p - d->leaf_table - (wp_uint64)n * d->value_size;
    wp_uint64 li = (wp_uint64)(leaf - (d->grid + d->leaf_base)) / d->leaf_size;
    return li * 512u + n + 1u;
  }
  }
}

WP_FN wp_int32 wp_volume_lookup_index_uint64(wp_uint64 id, wp_int32 i,
                                             wp_int32 j, wp_int32 k) {
  const wp_volume_desc *d = wp_volume__desc(id);
  if (!d)
    return -1;
  int lv;
  unsigned char *p = wp_volume__find(d, i, j, k, &lv);
  if (lv)
    return -1;
  return (wp_int32)wp_volume__voxel_index(d, p, i, j, k) - 1;
}

WP_FN wp_int32 wp_volume_voxel_count_uint64(wp_uint64 id) {
  const wp_volume_desc *d = wp_volume__desc(id);
  if (!d)
    return 0;
  const unsigned char *tree = d->grid + 672;
  wp_uint64 n = d->grid_type == 20 || d->grid_type == 22
                    ? *(const wp_uint64 *)(tree + 56)
                    : (wp_uint64) * (const wp_uint32 *)(tree + 32) * 512u;
  return n > 2147483647u ? 2147483647 : (wp_int32)n;
}

/* ---- the transforms (NanoVDB's Map at byte 296 of the grid) -------------
 * float: mat at +0, inverse at +36, translation at +72; double: +88, +160,
 * +232.  m is row-major; `inv` applies the inverse (subtracting the
 * translation first), `tr` the transpose (adjoints). */
#define WP_VOLUME_XFORM(V, S, MAT, INV, VEC)                                   \
  WP_FN wp_##V wp_volume__map_##V(wp_uint64 id, wp_##V p, int inv, int dir,    \
                                  int tr) {                                    \
    const wp_volume_desc *d = wp_volume__desc(id);                             \
    wp_##V r = {{0, 0, 0}};                                                    \
    if (!d)                                                                    \
      return r;                                                                \
    const unsigned char *map = d->grid + 296;                                  \
    const S *m = (const S *)(map + (inv ? INV : MAT));                         \
    const S *t = (const S *)(map + VEC);                                       \
    S s[3];                                                                    \
    for (int a = 0; a < 3; a++)                                                \
      s[a] = inv && !dir ? p.c[a] - t[a] : p.c[a];                             \
    for (int a = 0; a < 3; a++) {                                              \
      S x = tr ? s[0] * m[a] + s[1] * m[3 + a] + s[2] * m[6 + a]               \
               : s[0] * m[3 * a] + s[1] * m[3 * a + 1] + s[2] * m[3 * a + 2];  \
      r.c[a] = !inv && !dir ? x + t[a] : x;                                    \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##V wp_volume_index_to_world_uint64_##V(wp_uint64 id, wp_##V p) {   \
    return wp_volume__map_##V(id, p, 0, 0, 0);                                 \
  }                                                                            \
  WP_FN wp_##V wp_volume_world_to_index_uint64_##V(wp_uint64 id, wp_##V p) {   \
    return wp_volume__map_##V(id, p, 1, 0, 0);                                 \
  }                                                                            \
  WP_FN wp_##V wp_volume_index_to_world_dir_uint64_##V(wp_uint64 id,           \
                                                       wp_##V p) {             \
    return wp_volume__map_##V(id, p, 0, 1, 0);                                 \
  }                                                                            \
  WP_FN wp_##V wp_volume_world_to_index_dir_uint64_##V(wp_uint64 id,           \
                                                       wp_##V p) {             \
    return wp_volume__map_##V(id, p, 1, 1, 0);                                 \
  }                                                                            \
  WP_FN void wp_volume__adj_map_##V(wp_uint64 id, int inv, wp_##V g,           \
                                    wp_##V *gp) {                              \
    wp_##V x = wp_volume__map_##V(id, g, inv, 1, 1);                           \
    for (int a = 0; a < 3; a++)                                                \
      gp->c[a] += x.c[a];                                                      \
  }                                                                            \
  WP_FN void wp_adj_volume_index_to_world_uint64_##V(                          \
      wp_uint64 id, wp_##V p, wp_##V r, wp_##V g, wp_uint64 *gid,              \
      wp_##V *gp) {                                                            \
    (void)p, (void)r, (void)gid;                                               \
    wp_volume__adj_map_##V(id, 0, g, gp);                                      \
  }                                                                            \
  WP_FN void wp_adj_volume_world_to_index_uint64_##V(                          \
      wp_uint64 id, wp_##V p, wp_##V r, wp_##V g, wp_uint64 *gid,              \
      wp_##V *gp) {                                                            \
    (void)p, (void)r, (void)gid;                                               \
    wp_volume__adj_map_##V(id, 1, g, gp);                                      \
  }                                                                            \
  WP_FN void wp_adj_volume_index_to_world_dir_uint64_##V(                      \
      wp_uint64 id, wp_##V p, wp_##V r, wp_##V g, wp_uint64 *gid,              \
      wp_##V *gp) {                                                            \
    (void)p, (void)r, (void)gid;                                               \
    wp_volume__adj_map_##V(id, 0, g, gp);                                      \
  }                                                                            \
  WP_FN void wp_adj_volume_world_to_index_dir_uint64_##V(                      \
      wp_uint64 id, wp_##V p, wp_##V r, wp_##V g, wp_uint64 *gid,              \
      wp_##V *gp) {                                                            \
    (void)p, (void)r, (void)gid;                                               \
    wp_volume__adj_map_##V(id, 1, g, gp);                                      \
  }
WP_VOLUME_XFORM(vec3f, float, 0, 36, 72)
WP_VOLUME_XFORM(vec3d, double, 88, 160, 232)

/* ---- per value type ------------------------------------------------------
 * The value helpers: zero, acc + w * v, and v . g (the weights' type). */
#define WP_VOLUME_SCALAR_OPS(N, T)                                             \
  WP_FN T wp_volume__zero_##N(void) {                                          \
    return (T)0;                                                               \
  }                                                                            \
  WP_FN T wp_volume__axpy_##N(T acc, T w, T v) {                               \
    return acc + w * v;                                                        \
  }                                                                            \
  WP_FN T wp_volume__dot_##N(T a, T b) {                                       \
    return a * b;                                                              \
  }
#define WP_VOLUME_VEC_OPS(N, W, L)                                             \
  WP_FN wp_##N wp_volume__zero_##N(void) {                                     \
    wp_##N r;                                                                  \
    for (int a = 0; a < L; a++)                                                \
      r.c[a] = 0;                                                              \
    return r;                                                                  \
  }                                                                            \
  WP_FN wp_##N wp_volume__axpy_##N(wp_##N acc, W w, wp_##N v) {                \
    for (int a = 0; a < L; a++)                                                \
      acc.c[a] = acc.c[a] + w * v.c[a];                                        \
    return acc;                                                                \
  }                                                                            \
  WP_FN W wp_volume__dot_##N(wp_##N x, wp_##N y) {                             \
    W s = 0;                                                                   \
    for (int a = 0; a < L; a++)                                                \
      s += x.c[a] * y.c[a];                                                    \
    return s;                                                                  \
  }
WP_VOLUME_SCALAR_OPS(float32, float)
WP_VOLUME_SCALAR_OPS(float64, double)
WP_VOLUME_SCALAR_OPS(int32, wp_int32)
WP_VOLUME_SCALAR_OPS(int64, wp_int64)
WP_VOLUME_SCALAR_OPS(uint32, wp_uint32)
WP_VOLUME_VEC_OPS(vec3f, float, 3)
WP_VOLUME_VEC_OPS(vec3d, double, 3)
WP_VOLUME_VEC_OPS(vec4f, float, 4)
WP_VOLUME_VEC_OPS(vec4d, double, 4)

/* grad += v at p (atomically: other threads' samples may share a voxel);
 * integers have no gradient. */
WP_FN void wp_volume__gacc_float32(float *p, float v) {
  (void)wp_atomic_add_float32(p, v);
}
WP_FN void wp_volume__gacc_float64(double *p, double v) {
  (void)wp_atomic_add_float64(p, v);
}
#define WP_VOLUME_GACC_NONE(N, T)                                              \
  WP_FN void wp_volume__gacc_##N(T *p, T v) {                                  \
    (void)p, (void)v;                                                          \
  }
#define WP_VOLUME_GACC_VEC(N, S, L)                                            \
  WP_FN void wp_volume__gacc_##N(wp_##N *p, wp_##N v) {                        \
    for (int l = 0; l < L; l++)                                                \
      wp_volume__gacc_##S(&p->c[l], v.c[l]);                                   \
  }
WP_VOLUME_GACC_NONE(int32, wp_int32)
WP_VOLUME_GACC_NONE(int64, wp_int64)
WP_VOLUME_GACC_NONE(uint32, wp_uint32)
WP_VOLUME_GACC_VEC(vec3f, float32, 3)
WP_VOLUME_GACC_VEC(vec3d, float64, 3)
WP_VOLUME_GACC_VEC(vec4f, float32, 4)
WP_VOLUME_GACC_VEC(vec4d, float64, 4)

/* Where values come from: the grid, or (indexed) for volume_sample_index
 * the voxel_data array and the background. */
typedef struct wp_volume__src {
  const wp_volume_desc *d;
  wp_array data;
  int indexed;
} wp_volume__src;

/* The sample's cell: the voxel below uvw and the weights of its two
 * neighbours along each axis, (1 - f, f) with f the fraction. */
typedef struct wp_volume__cell {
  wp_int32 i, j, k;
  float w[3][2];
} wp_volume__cell;

WP_FN wp_volume__cell wp_volume__cell_of(wp_vec3f uvw) {
  wp_volume__cell c;
  float b[3];
  for (int a = 0; a < 3; a++) {
    b[a] = WP_MATHF(floor)(uvw.c[a]);
    float f = uvw.c[a] - b[a];
    c.w[a][0] = 1 - f;
    c.w[a][1] = f;
  }
  c.i = (wp_int32)b[0];
  c.j = (wp_int32)b[1];
  c.k = (wp_int32)b[2];
  return c;
}

/* The derivative of corner o's weight along each axis (Warp's grad_w). */
WP_FN void wp_volume__dw(const wp_volume__cell *c, int o, float dw[3]) {
  int ox = o >> 2, oy = (o >> 1) & 1, oz = o & 1;
  float sx = (float)(ox * 2 - 1), sy = (float)(oy * 2 - 1),
        sz = (float)(oz * 2 - 1);
  dw[0] = sx * c->w[1][oy] * c->w[2][oz];
  dw[1] = sy * c->w[0][ox] * c->w[2][oz];
  dw[2] = sz * c->w[0][ox] * c->w[1][oy];
}

/* The second derivatives of corner o's weight (Warp's hess_w, symmetric
 * with a zero diagonal). */
WP_FN void wp_volume__ddw(const wp_volume__cell *c, int o, float h[3][3]) {
  int ox = o >> 2, oy = (o >> 1) & 1, oz = o & 1;
  float s0 = (float)(ox * 2 - 1), s1 = (float)(oy * 2 - 1),
        s2 = (float)(oz * 2 - 1);
  h[0][0] = h[1][1] = h[2][2] = 0;
  h[0][1] = h[1][0] = s0 * s1 * c->w[2][oz];
  h[0][2] = h[2][0] = s0 * s2 * c->w[1][oy];
  h[1][2] = h[2][1] = s1 * s2 * c->w[0][ox];
}

#define WP_VOLUME_TYPE(N, T, W, GT, K)                                         \
  /* the value of voxel (i, j, k) */                                           \
  WP_FN T wp_volume__at_##N(const wp_volume__src *s, T bg, wp_int32 i,         \
                            wp_int32 j, wp_int32 k) {                          \
    int lv;                                                                    \
    unsigned char *p = wp_volume__find(s->d, i, j, k, &lv);                    \
    if (!s->indexed)                                                           \
      return *(const T *)p;                                                    \
    if (lv)                                                                    \
      return bg;                                                               \
    wp_uint64 x = wp_volume__voxel_index(s->d, p, i, j, k);                    \
    if (x == 0 || x > (wp_uint64)s->data.shape[0])                             \
      return bg;                                                               \
    return *WP_AT1(T, s->data, x - 1);                                         \
  }                                                                            \
  WP_FN T wp_volume__sample_##N(const wp_volume__src *s, T bg, wp_vec3f uvw,   \
                                wp_int32 mode) {                               \
    if (mode == 0)                                                             \
      return wp_volume__at_##N(s, bg, (wp_int32)WP_MATHF(round)(uvw.c[0]),     \
                               (wp_int32)WP_MATHF(round)(uvw.c[1]),            \
                               (wp_int32)WP_MATHF(round)(uvw.c[2]));           \
    T val = wp_volume__zero_##N();                                             \
    if (mode != 1)                                                             \
      return val;                                                              \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      int ox = o >> 2, oy = (o >> 1) & 1, oz = o & 1;                          \
      T v = wp_volume__at_##N(s, bg, c.i + ox, c.j + oy, c.k + oz);            \
      W w = (W)(c.w[0][ox] * c.w[1][oy] * c.w[2][oz]);                         \
      val = wp_volume__axpy_##N(val, w, v);                                    \
    }                                                                          \
    return val;                                                                \
  }                                                                            \
  /* d sample / d uvw . g (LINEAR; CLOSEST is flat) into *gu */                \
  WP_FN void wp_volume__adj_sample_##N(const wp_volume__src *s, T bg,          \
                                       wp_vec3f uvw, wp_int32 mode, T g,       \
                                       wp_vec3f *gu) {                         \
    if (!K || mode != 1)                                                       \
      return;                                                                  \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      T v = wp_volume__at_##N(s, bg, c.i + (o >> 2), c.j + ((o >> 1) & 1),     \
                              c.k + (o & 1));                                  \
      float dw[3];                                                             \
      wp_volume__dw(&c, o, dw);                                                \
      W vg = wp_volume__dot_##N(v, g);                                         \
      for (int a = 0; a < 3; a++)                                              \
        gu->c[a] += (float)(vg * (W)dw[a]);                                    \
    }                                                                          \
  }                                                                            \
  WP_FN wp_volume__src wp_volume__grid_##N(wp_uint64 id) {                     \
    wp_volume__src s = {wp_volume__desc(id), {0}, 0};                          \
    if (s.d && s.d->grid_type != GT)                                           \
      s.d = 0;                                                                 \
    return s;                                                                  \
  }                                                                            \
  /* _volume_sample(zero, id, uvw, mode) */                                    \
  WP_FN T wp__volume_sample_##N##_uint64_vec3f_int32(                          \
      T z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode) {                        \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    return s.d ? wp_volume__sample_##N(&s, z, uvw, mode) : z;                  \
  }                                                                            \
  WP_FN void wp_adj__volume_sample_##N##_uint64_vec3f_int32(                   \
      T z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode, T r, T g, T *gz,         \
      wp_uint64 *gid, wp_vec3f *gu, wp_int32 *gm) {                            \
    (void)r, (void)gz, (void)gid, (void)gm;                                    \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    if (s.d)                                                                   \
      wp_volume__adj_sample_##N(&s, z, uvw, mode, g, gu);                      \
  }                                                                            \
  /* volume_sample_index(id, uvw, mode, voxel_data, background) */             \
  WP_FN T wp_volume_sample_index_uint64_vec3f_int32_array_##N##_##N(           \
      wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_array data, T bg) {        \
    wp_volume__src s = {wp_volume__desc(id), data, 1};                         \
    if (!s.d)                                                                  \
      return bg;                                                               \
    return wp_volume__sample_##N(&s, bg, uvw, mode);                           \
  }                                                                            \
  /* the adjoint of voxel (i, j, k)'s value read by an index sample: into      \
     voxel_data's grad, or the background's */                                 \
  WP_FN void wp_volume__adj_at_##N(const wp_volume__src *s, wp_int32 i,        \
                                   wp_int32 j, wp_int32 k, T adj, T *gbg) {    \
    int lv;                                                                    \
    unsigned char *p = wp_volume__find(s->d, i, j, k, &lv);                    \
    if (!lv) {                                                                 \
      wp_uint64 x = wp_volume__voxel_index(s->d, p, i, j, k);                  \
      if (x && x <= (wp_uint64)s->data.shape[0]) {                             \
        if (s->data.grad)                                                      \
          wp_volume__gacc_##N(WP_GAT1(T, s->data, x - 1), adj);                \
        return;                                                                \
      }                                                                        \
    }                                                                          \
    *gbg = wp_volume__axpy_##N(*gbg, (W)1, adj);                               \
  }                                                                            \
  /* warp-lang's adjoint of volume_sample_index: uvw (LINEAR), the voxels'     \
     data and the background (K: float types only) */                          \
  WP_FN void wp_adj_volume_sample_index_uint64_vec3f_int32_array_##N##_##N(    \
      wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_array data, T bg, T r,     \
      T g, wp_uint64 *gid, wp_vec3f *gu, wp_int32 *gm, wp_array *gdata,        \
      T *gbg) {                                                                \
    (void)r, (void)gid, (void)gm, (void)gdata;                                 \
    wp_volume__src s = {wp_volume__desc(id), data, 1};                         \
    if (!K)                                                                    \
      return;                                                                  \
    if (!s.d) {                                                                \
      *gbg = wp_volume__axpy_##N(*gbg, (W)1, g);                               \
      return;                                                                  \
    }                                                                          \
    if (mode == 0) {                                                           \
      wp_volume__adj_at_##N(&s, (wp_int32)WP_MATHF(round)(uvw.c[0]),           \
                            (wp_int32)WP_MATHF(round)(uvw.c[1]),               \
                            (wp_int32)WP_MATHF(round)(uvw.c[2]), g, gbg);      \
      return;                                                                  \
    }                                                                          \
    if (mode != 1)                                                             \
      return;                                                                  \
    wp_volume__adj_sample_##N(&s, bg, uvw, mode, g, gu);                       \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      int ox = o >> 2, oy = (o >> 1) & 1, oz = o & 1;                          \
      W w = (W)(c.w[0][ox] * c.w[1][oy] * c.w[2][oz]);                         \
      wp_volume__adj_at_##N(&s, c.i + ox, c.j + oy, c.k + oz,                  \
                            wp_volume__axpy_##N(wp_volume__zero_##N(), w, g),  \
                            gbg);                                              \
    }                                                                          \
  }                                                                            \
  /* _volume_lookup(zero, id, i, j, k) */                                      \
  WP_FN T wp_volume__lookup_##N(T z, wp_uint64 id, wp_int32 i, wp_int32 j,     \
                                wp_int32 k) {                                  \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    return s.d ? wp_volume__at_##N(&s, z, i, j, k) : z;                        \
  }                                                                            \
  /* _volume_store(value, id, i, j, k): leaf voxels only, as Warp */           \
  WP_FN void wp_volume__store_##N(T v, wp_uint64 id, wp_int32 i, wp_int32 j,   \
                                  wp_int32 k) {                                \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    if (!s.d)                                                                  \
      return;                                                                  \
    int lv;                                                                    \
    unsigned char *p = wp_volume__find(s.d, i, j, k, &lv);                     \
    if (!lv)                                                                   \
      *(T *)p = v;                                                             \
  }

WP_VOLUME_TYPE(float32, float, float, 1, 1)
WP_VOLUME_TYPE(float64, double, double, 2, 1)
WP_VOLUME_TYPE(int32, wp_int32, wp_int32, 4, 0)
WP_VOLUME_TYPE(int64, wp_int64, wp_int64, 5, 0)
WP_VOLUME_TYPE(uint32, wp_uint32, wp_uint32, 10, 0)
WP_VOLUME_TYPE(vec3f, wp_vec3f, float, 6, 1)
WP_VOLUME_TYPE(vec3d, wp_vec3d, double, 7, 1)
WP_VOLUME_TYPE(vec4f, wp_vec4f, float, 17, 1)
WP_VOLUME_TYPE(vec4d, wp_vec4d, double, 18, 1)

/* The C names of the all-scalar generic calls (the first type only) and
 * of the vector ones. */
#define WP_VOLUME_SCALAR_NAMES(N, T)                                           \
  WP_FN T wp__volume_lookup_##N(T z, wp_uint64 id, wp_int32 i, wp_int32 j,     \
                                wp_int32 k) {                                  \
    return wp_volume__lookup_##N(z, id, i, j, k);                              \
  }                                                                            \
  WP_FN void wp__volume_store_##N(T v, wp_uint64 id, wp_int32 i, wp_int32 j,   \
                                  wp_int32 k) {                                \
    wp_volume__store_##N(v, id, i, j, k);                                      \
  }
#define WP_VOLUME_VEC_NAMES(N)                                                 \
  WP_FN wp_##N wp__volume_lookup_##N##_uint64_int32_int32_int32(               \
      wp_##N z, wp_uint64 id, wp_int32 i, wp_int32 j, wp_int32 k) {            \
    return wp_volume__lookup_##N(z, id, i, j, k);                              \
  }                                                                            \
  WP_FN void wp__volume_store_##N##_uint64_int32_int32_int32(                  \
      wp_##N v, wp_uint64 id, wp_int32 i, wp_int32 j, wp_int32 k) {            \
    wp_volume__store_##N(v, id, i, j, k);                                      \
  }
WP_VOLUME_SCALAR_NAMES(float32, float)
WP_VOLUME_SCALAR_NAMES(float64, double)
WP_VOLUME_SCALAR_NAMES(int32, wp_int32)
WP_VOLUME_SCALAR_NAMES(int64, wp_int64)
WP_VOLUME_SCALAR_NAMES(uint32, wp_uint32)
WP_VOLUME_VEC_NAMES(vec3f)
WP_VOLUME_VEC_NAMES(vec3d)
WP_VOLUME_VEC_NAMES(vec4f)
WP_VOLUME_VEC_NAMES(vec4d)

/* ---- the typed builtins ------------------------------------------------- */

WP_FN float wp_volume_sample_f_uint64_vec3f_int32(wp_uint64 id, wp_vec3f uvw,
                                                  wp_int32 mode) {
  return wp__volume_sample_float32_uint64_vec3f_int32(0.0f, id, uvw, mode);
}
WP_FN void wp_adj_volume_sample_f_uint64_vec3f_int32(wp_uint64 id, wp_vec3f uvw,
                                                     wp_int32 mode, float r,
                                                     float g, wp_uint64 *gid,
                                                     wp_vec3f *gu,
                                                     wp_int32 *gm) {
  float gz = 0;
  wp_adj__volume_sample_float32_uint64_vec3f_int32(0.0f, id, uvw, mode, r, g,
                                                   &gz, gid, gu, gm);
}
WP_FN wp_vec3f wp_volume_sample_v_uint64_vec3f_int32(wp_uint64 id, wp_vec3f uvw,
                                                     wp_int32 mode) {
  return wp__volume_sample_vec3f_uint64_vec3f_int32(wp_volume__zero_vec3f(), id,
                                                    uvw, mode);
}
WP_FN void wp_adj_volume_sample_v_uint64_vec3f_int32(wp_uint64 id, wp_vec3f uvw,
                                                     wp_int32 mode, wp_vec3f r,
                                                     wp_vec3f g, wp_uint64 *gid,
                                                     wp_vec3f *gu,
                                                     wp_int32 *gm) {
  wp_vec3f gz = wp_volume__zero_vec3f();
  wp_adj__volume_sample_vec3f_uint64_vec3f_int32(
      wp_volume__zero_vec3f(), id, uvw, mode, r, g, &gz, gid, gu, gm);
}
WP_FN wp_int32 wp_volume_sample_i_uint64_vec3f(wp_uint64 id, wp_vec3f uvw) {
  return wp__volume_sample_int32_uint64_vec3f_int32(0, id, uvw, 0);
}
WP_FN float wp_volume_lookup_f_uint64(wp_uint64 id, wp_int32 i, wp_int32 j,
                                      wp_int32 k) {
  return wp_volume__lookup_float32(0.0f, id, i, j, k);
}
WP_FN wp_int32 wp_volume_lookup_i_uint64(wp_uint64 id, wp_int32 i, wp_int32 j,
                                         wp_int32 k) {
  return wp_volume__lookup_int32(0, id, i, j, k);
}
WP_FN wp_vec3f wp_volume_lookup_v_uint64(wp_uint64 id, wp_int32 i, wp_int32 j,
                                         wp_int32 k) {
  return wp_volume__lookup_vec3f(wp_volume__zero_vec3f(), id, i, j, k);
}
WP_FN void wp_volume_store_f_uint64(wp_uint64 id, wp_int32 i, wp_int32 j,
                                    wp_int32 k, float v) {
  wp_volume__store_float32(v, id, i, j, k);
}
WP_FN void wp_volume_store_i_uint64(wp_uint64 id, wp_int32 i, wp_int32 j,
                                    wp_int32 k, wp_int32 v) {
  wp_volume__store_int32(v, id, i, j, k);
}
WP_FN void wp_volume_store_v_uint64_int32_int32_int32_vec3f(
    wp_uint64 id, wp_int32 i, wp_int32 j, wp_int32 k, wp_vec3f v) {
  wp_volume__store_vec3f(v, id, i, j, k);
}
