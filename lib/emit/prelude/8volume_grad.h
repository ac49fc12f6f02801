/* 8volume_grad.h - the gradient forms of the volume samples (after
 * 8volume.h, whose walk, cells and per-type helpers they use):
 * volume_sample_grad / _grad_f / _grad_index as the internal builtins
 * _volume_sample_grad and _volume_sample_grad_index, the gradient of the
 * LINEAR sample with respect to uvw (a vec3 for scalar grids, a
 * (length x 3) matrix for vector grids, zero for CLOSEST), and their
 * adjoints: warp-lang's second-derivative term for uvw and, for index
 * grids, g . dw into voxel_data's grad or the background's. */

/* ---- gradients of the samples (float grids) -----------------------------
 * _volume_sample_grad(zero, id, uvw, mode) and
 * _volume_sample_grad_index(id, uvw, mode, voxel_data, background): the
 * gradient of the LINEAR sample with respect to uvw (zero for CLOSEST);
 * their adjoints add the second-derivative term of Warp's
 * adj_volume_sample_grad. */
#define WP_VOLUME_GRAD(N, T, V)                                                \
  WP_FN wp_##V wp_volume__grad_##N(const wp_volume__src *s, T bg,              \
                                   wp_vec3f uvw, wp_int32 mode) {              \
    wp_##V r = {{0, 0, 0}};                                                    \
    if (mode != 1)                                                             \
      return r;                                                                \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      T v = wp_volume__at_##N(s, bg, c.i + (o >> 2), c.j + ((o >> 1) & 1),     \
                              c.k + (o & 1));                                  \
      float dw[3];                                                             \
      wp_volume__dw(&c, o, dw);                                                \
      for (int a = 0; a < 3; a++)                                              \
        r.c[a] += v * (T)dw[a];                                                \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_volume__adj_grad_##N(const wp_volume__src *s, T bg,            \
                                     wp_vec3f uvw, wp_int32 mode, wp_##V g,    \
                                     wp_vec3f *gu) {                           \
    if (mode != 1)                                                             \
      return;                                                                  \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      T v = wp_volume__at_##N(s, bg, c.i + (o >> 2), c.j + ((o >> 1) & 1),     \
                              c.k + (o & 1));                                  \
      float h[3][3];                                                           \
      wp_volume__ddw(&c, o, h);                                                \
      for (int b = 0; b < 3; b++) {                                            \
        T x = 0;                                                               \
        for (int a = 0; a < 3; a++)                                            \
          x += v * g.c[a] * (T)h[a][b];                                        \
        gu->c[b] += (float)x;                                                  \
      }                                                                        \
    }                                                                          \
  }                                                                            \
  WP_FN wp_##V wp__volume_sample_grad_##N##_uint64_vec3f_int32(                \
      T z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode) {                        \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    wp_##V r = {{0, 0, 0}};                                                    \
    return s.d ? wp_volume__grad_##N(&s, z, uvw, mode) : r;                    \
  }                                                                            \
  WP_FN void wp_adj__volume_sample_grad_##N##_uint64_vec3f_int32(              \
      T z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_##V r, wp_##V g,      \
      T *gz, wp_uint64 *gid, wp_vec3f *gu, wp_int32 *gm) {                     \
    (void)r, (void)gz, (void)gid, (void)gm;                                    \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    if (s.d)                                                                   \
      wp_volume__adj_grad_##N(&s, z, uvw, mode, g, gu);                        \
  }                                                                            \
  WP_FN wp_##V                                                                 \
      wp__volume_sample_grad_index_uint64_vec3f_int32_array_##N##_##N(         \
          wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_array data, T bg) {    \
    wp_volume__src s = {wp_volume__desc(id), data, 1};                         \
    wp_##V r = {{0, 0, 0}};                                                    \
    if (!s.d)                                                                  \
      return r;                                                                \
    return wp_volume__grad_##N(&s, bg, uvw, mode);                             \
  }                                                                            \
  WP_FN T wp_volume__rmul_##N(wp_##V g, const float dw[3]) {                   \
    return g.c[0] * (T)dw[0] + g.c[1] * (T)dw[1] + g.c[2] * (T)dw[2];          \
  }
WP_VOLUME_GRAD(float32, float, vec3f)
WP_VOLUME_GRAD(float64, double, vec3d)

/* The vector grids: the gradient is a (length x 3) matrix, row l the
 * gradient of component l; the adjoint adds (v^T g) H per corner, H the
 * weight's second derivatives. */
#define WP_VOLUME_GRAD_VEC(N, S, G, L)                                         \
  WP_FN wp_##G wp_volume__grad_##N(const wp_volume__src *s, wp_##N bg,         \
                                   wp_vec3f uvw, wp_int32 mode) {              \
    wp_##G r;                                                                  \
    for (int l = 0; l < L; l++)                                                \
      for (int a = 0; a < 3; a++)                                              \
        r.c[l][a] = 0;                                                         \
    if (mode != 1)                                                             \
      return r;                                                                \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      wp_##N v = wp_volume__at_##N(s, bg, c.i + (o >> 2),                      \
                                   c.j + ((o >> 1) & 1), c.k + (o & 1));       \
      float dw[3];                                                             \
      wp_volume__dw(&c, o, dw);                                                \
      for (int l = 0; l < L; l++)                                              \
        for (int a = 0; a < 3; a++)                                            \
          r.c[l][a] += v.c[l] * (S)dw[a];                                      \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  WP_FN void wp_volume__adj_grad_##N(const wp_volume__src *s, wp_##N bg,       \
                                     wp_vec3f uvw, wp_int32 mode, wp_##G g,    \
                                     wp_vec3f *gu) {                           \
    if (mode != 1)                                                             \
      return;                                                                  \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      wp_##N v = wp_volume__at_##N(s, bg, c.i + (o >> 2),                      \
                                   c.j + ((o >> 1) & 1), c.k + (o & 1));       \
      float h[3][3];                                                           \
      wp_volume__ddw(&c, o, h);                                                \
      S vg[3] = {0, 0, 0};                                                     \
      for (int a = 0; a < 3; a++)                                              \
        for (int l = 0; l < L; l++)                                            \
          vg[a] += v.c[l] * g.c[l][a];                                         \
      for (int b = 0; b < 3; b++) {                                            \
        S x = 0;                                                               \
        for (int a = 0; a < 3; a++)                                            \
          x += vg[a] * (S)h[a][b];                                             \
        gu->c[b] += (float)x;                                                  \
      }                                                                        \
    }                                                                          \
  }                                                                            \
  WP_FN wp_##G wp__volume_sample_grad_##N##_uint64_vec3f_int32(                \
      wp_##N z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode) {                   \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    if (!s.d)                                                                  \
      mode = -1; /* a zero gradient */                                         \
    return wp_volume__grad_##N(&s, z, uvw, mode);                              \
  }                                                                            \
  WP_FN void wp_adj__volume_sample_grad_##N##_uint64_vec3f_int32(              \
      wp_##N z, wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_##G r, wp_##G g, \
      wp_##N *gz, wp_uint64 *gid, wp_vec3f *gu, wp_int32 *gm) {                \
    (void)r, (void)gz, (void)gid, (void)gm;                                    \
    wp_volume__src s = wp_volume__grid_##N(id);                                \
    if (s.d)                                                                   \
      wp_volume__adj_grad_##N(&s, z, uvw, mode, g, gu);                        \
  }                                                                            \
  WP_FN wp_##G                                                                 \
      wp__volume_sample_grad_index_uint64_vec3f_int32_array_##N##_##N(         \
          wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_array data,            \
          wp_##N bg) {                                                         \
    wp_volume__src s = {wp_volume__desc(id), data, 1};                         \
    return wp_volume__grad_##N(&s, bg, uvw, s.d ? mode : -1);                  \
  }                                                                            \
  WP_FN wp_##N wp_volume__rmul_##N(wp_##G g, const float dw[3]) {              \
    wp_##N r;                                                                  \
    for (int l = 0; l < L; l++)                                                \
      r.c[l] =                                                                 \
          g.c[l][0] * (S)dw[0] + g.c[l][1] * (S)dw[1] + g.c[l][2] * (S)dw[2];  \
    return r;                                                                  \
  }
WP_VOLUME_GRAD_VEC(vec3f, float, mat33f, 3)
WP_VOLUME_GRAD_VEC(vec3d, double, mat33d, 3)
WP_VOLUME_GRAD_VEC(vec4f, float, mat43f, 4)
WP_VOLUME_GRAD_VEC(vec4d, double, mat43d, 4)

/* The adjoint of _volume_sample_grad_index: the second-derivative term for
 * uvw, and each corner's value gets g . dw (its weight's gradient) into
 * voxel_data's grad or the background's. */
#define WP_VOLUME_GRAD_INDEX_ADJ(N, T, G)                                      \
  WP_FN void                                                                   \
      wp_adj__volume_sample_grad_index_uint64_vec3f_int32_array_##N##_##N(     \
          wp_uint64 id, wp_vec3f uvw, wp_int32 mode, wp_array data, T bg,      \
          wp_##G r, wp_##G g, wp_uint64 *gid, wp_vec3f *gu, wp_int32 *gm,      \
          wp_array *gdata, T *gbg) {                                           \
    (void)r, (void)gid, (void)gm, (void)gdata;                                 \
    wp_volume__src s = {wp_volume__desc(id), data, 1};                         \
    if (!s.d || mode != 1)                                                     \
      return;                                                                  \
    wp_volume__adj_grad_##N(&s, bg, uvw, mode, g, gu);                         \
    wp_volume__cell c = wp_volume__cell_of(uvw);                               \
    for (int o = 0; o < 8; o++) {                                              \
      float dw[3];                                                             \
      wp_volume__dw(&c, o, dw);                                                \
      wp_volume__adj_at_##N(&s, c.i + (o >> 2), c.j + ((o >> 1) & 1),          \
                            c.k + (o & 1), wp_volume__rmul_##N(g, dw), gbg);   \
    }                                                                          \
  }
WP_VOLUME_GRAD_INDEX_ADJ(float32, float, vec3f)
WP_VOLUME_GRAD_INDEX_ADJ(float64, double, vec3d)
WP_VOLUME_GRAD_INDEX_ADJ(vec3f, wp_vec3f, mat33f)
WP_VOLUME_GRAD_INDEX_ADJ(vec3d, wp_vec3d, mat33d)
WP_VOLUME_GRAD_INDEX_ADJ(vec4f, wp_vec4f, mat43f)
WP_VOLUME_GRAD_INDEX_ADJ(vec4d, wp_vec4d, mat43d)
