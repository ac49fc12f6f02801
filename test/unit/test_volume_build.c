/* test_volume_build.c - wp_volume_allocate_by_voxels, wp_volume_from_dense
 * (<warp/volume.h>,
 * runtime/src/volume_build.c): grids of random voxel sets (repeats, four
 * 4096^3 blocks, negative coordinates) read through the prelude's walk
 * (volume_grid.h) against brute force: every point of boxes around the
 * voxels is active exactly when it is in the set, the indices are a
 * permutation of 0..n-1 ordered as the header says (checked pairwise from
 * floor divisions of the coordinates), the node counts are the numbers of
 * distinct 8^3 / 128^3 / 4096^3 blocks, and the transform maps as given.
 * Also an empty grid, a single voxel, and every error; and
 * wp_volume_from_dense against the dense block it is given. */
#include "volume_grid.h"
#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CHECK_TALLY;

static wp_int64 fdiv(wp_int64 a, wp_int64 b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* The order of the header: 4096^3 blocks by x, y, z; inside, 128^3 blocks,
 * then 8^3 blocks, then voxels, each by x, y, z.  <0, 0, >0. */
static int order(const wp_int32 *a, const wp_int32 *b) {
  static const wp_int64 sizes[] = {4096, 128, 8, 1};
  for (int lv = 0; lv < 4; lv++)
    for (int d = 0; d < 3; d++) {
      wp_int64 x = fdiv(a[d], sizes[lv]), y = fdiv(b[d], sizes[lv]);
      if (x != y)
        return x < y ? -1 : 1;
    }
  return 0;
}

/* Distinct blocks of `size` among the n voxels (brute force). */
static wp_uint32 distinct_blocks(const wp_int32 *v, int n, wp_int64 size) {
  wp_uint32 count = 0;
  for (int a = 0; a < n; a++) {
    int seen = 0;
    for (int b = 0; b < a && !seen; b++)
      seen = fdiv(v[3 * a], size) == fdiv(v[3 * b], size) &&
             fdiv(v[3 * a + 1], size) == fdiv(v[3 * b + 1], size) &&
             fdiv(v[3 * a + 2], size) == fdiv(v[3 * b + 2], size);
    count += !seen;
  }
  return count;
}

static wp_uint64 lcg(wp_uint64 *s) {
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return *s >> 33;
}

enum { N = 600, CENTRES = 4, R = 10 };

static void test_random(wp_uint64 seed) {
  static const wp_int32 centres[CENTRES][3] = {
      {0, 0, 0}, {5000, -3, 2}, {-4100, 300, -9000}, {7, -70000, 64}};
  wp_int32 *v = malloc(sizeof(wp_int32) * 3 * N);
  if (!v)
    abort();
  for (int n = 0; n < N; n++) {
    const wp_int32 *c = centres[lcg(&seed) % CENTRES];
    for (int d = 0; d < 3; d++)
      v[3 * n + d] = n >= N - 50 ? v[3 * (n - 300) + d] /* repeats */
                                 : c[d] + (wp_int32)(lcg(&seed) % (2 * R)) - R;
  }
  const double vs[3] = {0.5, 0.25, 2.0}, tr[3] = {1.0, -2.0, 0.5};
  wp_volume *vol = NULL;
  CHECK(wp_volume_allocate_by_voxels(v, N, vs, tr, WP_DEVICE_CPU, &vol) ==
        WP_SUCCESS);
  if (!vol) {
    free(v);
    return;
  }
  wp_uint64 id = wp_volume_id(vol);
  /* distinct voxels: count and indices */
  int distinct = 0;
  for (int a = 0; a < N; a++) {
    int seen = 0;
    for (int b = 0; b < a && !seen; b++)
      seen = !order(&v[3 * a], &v[3 * b]);
    distinct += !seen;
  }
  CHECK(wp_volume_voxel_count_uint64(id) == distinct);
  int bad_index = 0, bad_order = 0;
  for (int a = 0; a < N; a++) {
    wp_int32 ia =
        wp_volume_lookup_index_uint64(id, v[3 * a], v[3 * a + 1], v[3 * a + 2]);
    bad_index += ia < 0 || ia >= distinct;
    for (int b = 0; b < N; b++) {
      wp_int32 ib = wp_volume_lookup_index_uint64(id, v[3 * b], v[3 * b + 1],
                                                  v[3 * b + 2]);
      int o = order(&v[3 * a], &v[3 * b]);
      bad_order += o < 0 ? !(ia < ib) : o > 0 ? !(ia > ib) : ia != ib;
    }
  }
  CHECK(bad_index == 0);
  CHECK(bad_order == 0);
  /* every point of the boxes around the centres: active iff in the set */
  int wrong = 0;
  for (int c = 0; c < CENTRES; c++)
    for (int i = -R - 2; i < R + 2; i++)
      for (int j = -R - 2; j < R + 2; j++)
        for (int k = -R - 2; k < R + 2; k++) {
          wp_int32 p[3] = {centres[c][0] + i, centres[c][1] + j,
                           centres[c][2] + k};
          int in = 0;
          for (int n = 0; n < N && !in; n++)
            in = !order(p, &v[3 * n]);
          wp_int32 got = wp_volume_lookup_index_uint64(id, p[0], p[1], p[2]);
          wrong += in ? got < 0 : got != -1;
        }
  CHECK(wrong == 0);
  wp_volume_info in;
  CHECK(wp_volume_get_info(vol, &in) == WP_SUCCESS);
  CHECK(in.grid_type == WP_VOLUME_ONINDEX && !strcmp(in.type_name, "OnIndex"));
  CHECK(in.active_voxel_count == (wp_uint64)distinct);
  CHECK(in.voxel_count == (wp_uint64)distinct);
  CHECK(in.leaf_count == distinct_blocks(v, N, 8));
  CHECK(in.lower_count == distinct_blocks(v, N, 128));
  CHECK(in.upper_count == distinct_blocks(v, N, 4096));
  CHECK(in.root_tile_count == in.upper_count);
  CHECK(in.voxel_size[0] == 0.5 && in.voxel_size[1] == 0.25 &&
        in.voxel_size[2] == 2.0);
  wp_vec3d q = {{3.0, -4.0, 10.0}};
  wp_vec3d w = wp_volume_index_to_world_uint64_vec3d(id, q);
  CHECK(w.c[0] == 2.5 && w.c[1] == -3.0 && w.c[2] == 20.5);
  wp_vec3d back = wp_volume_world_to_index_uint64_vec3d(id, w);
  CHECK(back.c[0] == 3.0 && back.c[1] == -4.0 && back.c[2] == 10.0);
  wp_volume_destroy(vol);
  free(v);
}

static void test_small(void) {
  /* count 0: an empty grid (NULL ijk allowed), default transform */
  wp_volume *vol = NULL;
  CHECK(wp_volume_allocate_by_voxels(NULL, 0, NULL, NULL, WP_DEVICE_CPU,
                                     &vol) == WP_SUCCESS);
  if (vol) {
    wp_uint64 id = wp_volume_id(vol);
    CHECK(wp_volume_voxel_count_uint64(id) == 0);
    CHECK(wp_volume_lookup_index_uint64(id, 0, 0, 0) == -1);
    wp_vec3f p = {{1.5f, 2.0f, -3.0f}};
    wp_vec3f w = wp_volume_index_to_world_uint64_vec3f(id, p);
    CHECK(w.c[0] == 1.5f && w.c[1] == 2.0f && w.c[2] == -3.0f);
    wp_volume_destroy(vol);
  }
  /* one voxel at a leaf's far corner, sampled through voxel data */
  const wp_int32 one[3] = {-1, 7, -9};
  CHECK(wp_volume_allocate_by_voxels(one, 1, NULL, NULL, WP_DEVICE_CPU, &vol) ==
        WP_SUCCESS);
  if (vol) {
    wp_uint64 id = wp_volume_id(vol);
    CHECK(wp_volume_lookup_index_uint64(id, -1, 7, -9) == 0);
    CHECK(wp_volume_lookup_index_uint64(id, -1, 7, -8) == -1);
    CHECK(wp_volume_lookup_index_uint64(id, 0, 7, -9) == -1);
    wp_volume_info in;
    CHECK(wp_volume_get_info(vol, &in) == WP_SUCCESS);
    CHECK(in.index_bbox_min[0] == -1 && in.index_bbox_max[0] == -1 &&
          in.index_bbox_min[1] == 7 && in.index_bbox_max[2] == -9);
    CHECK(in.leaf_count == 1 && in.lower_count == 1 && in.upper_count == 1);
    wp_volume_destroy(vol);
  }
}

static void test_errors(void) {
  const wp_int32 v[3] = {0, 0, 0};
  const double bad_vs[][3] = {
      {0.0, 1.0, 1.0}, {1.0, -0.5, 1.0}, {1.0, 1.0, NAN}, {INFINITY, 1, 1}};
  wp_volume *vol = (wp_volume *)&vol;
  CHECK_ERR(wp_volume_allocate_by_voxels(v, 1, NULL, NULL, WP_DEVICE_CPU, NULL),
            WP_ERROR_INVALID_VALUE, "out is NULL");
  CHECK_ERR(
      wp_volume_allocate_by_voxels(NULL, 1, NULL, NULL, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "ijk is NULL");
  CHECK(vol == NULL);
  for (int b = 0; b < 4; b++) {
    vol = (wp_volume *)&vol;
    CHECK_ERR(wp_volume_allocate_by_voxels(v, 1, bad_vs[b], NULL, WP_DEVICE_CPU,
                                           &vol),
              WP_ERROR_INVALID_VALUE, "voxel_size[");
    CHECK(vol == NULL);
  }
  const double bad_tr[3] = {0.0, INFINITY, 0.0};
  CHECK_ERR(
      wp_volume_allocate_by_voxels(v, 1, NULL, bad_tr, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "translation[1] is not finite");
  /* a CUDA device that is not there (cuda:7): the device's error */
  wp_status st =
      wp_volume_allocate_by_voxels(v, 1, NULL, NULL, WP_DEVICE_CUDA(7), &vol);
  CHECK(st != WP_SUCCESS && vol == NULL);
}

/* wp_volume_from_dense: every voxel of the padded block and around it
 * reads its value or the background; the transform puts voxel (0, 0, 0)
 * at min_world; LINEAR samples blend the 8 voxels by hand. */
static void test_dense(void) {
  enum { X = 10, Y = 17, Z = 3 };
  static float vals[X * Y * Z];
  for (int n = 0; n < X * Y * Z; n++)
    vals[n] = (float)((n * 37) % 101) - 50.0f;
  const wp_int64 shape[3] = {X, Y, Z};
  const double vs[3] = {0.5, 0.25, 2.0}, mw[3] = {-1.0, 3.0, 0.5};
  wp_volume *vol = NULL;
  CHECK(wp_volume_from_dense(vals, shape, 7.5f, vs, mw, WP_DEVICE_CPU, &vol) ==
        WP_SUCCESS);
  if (!vol)
    return;
  wp_uint64 id = wp_volume_id(vol);
  int wrong = 0;
  for (int i = -9; i < 26; i++)
    for (int j = -9; j < 26; j++)
      for (int k = -9; k < 26; k++) {
        int in = i >= 0 && i < X && j >= 0 && j < Y && k >= 0 && k < Z;
        float want = in ? vals[(i * Y + j) * Z + k] : 7.5f;
        wrong += wp_volume_lookup_f_uint64(id, i, j, k) != want;
      }
  CHECK(wrong == 0);
  CHECK(wp_volume_lookup_f_uint64(id, 1 << 20, -(1 << 22), 5) == 7.5f);
  /* (2.25, 5.5, 1.0): a quarter of the way from x = 2 to 3, half from y =
     5 to 6, on z = 1 */
  float a = vals[(2 * Y + 5) * Z + 1], b = vals[(3 * Y + 5) * Z + 1];
  float c = vals[(2 * Y + 6) * Z + 1], d = vals[(3 * Y + 6) * Z + 1];
  float want = 0.5f * (0.75f * a + 0.25f * b) + 0.5f * (0.75f * c + 0.25f * d);
  wp_vec3f p = {{2.25f, 5.5f, 1.0f}};
  float got = wp_volume_sample_f_uint64_vec3f_int32(id, p, 1);
  CHECK(fabsf(got - want) <= 1e-5f * (1.0f + fabsf(want)));
  wp_volume_info in;
  CHECK(wp_volume_get_info(vol, &in) == WP_SUCCESS);
  CHECK(in.grid_type == WP_VOLUME_FLOAT && !strcmp(in.type_name, "float"));
  /* leaves: 2 x 3 x 1, all voxels of each */
  CHECK(in.leaf_count == 6 && in.voxel_count == 6 * 512u);
  CHECK(wp_volume_voxel_count_uint64(id) == 6 * 512);
  CHECK(in.index_bbox_min[0] == 0 && in.index_bbox_max[0] == 15 &&
        in.index_bbox_max[1] == 23 && in.index_bbox_max[2] == 7);
  wp_vec3d q = {{0.0, 0.0, 0.0}};
  wp_vec3d w = wp_volume_index_to_world_uint64_vec3d(id, q);
  CHECK(w.c[0] == -1.0 && w.c[1] == 3.0 && w.c[2] == 0.5);
  wp_volume_destroy(vol);
  /* errors */
  wp_int64 bad[3] = {X, 0, Z};
  CHECK_ERR(
      wp_volume_from_dense(vals, bad, 0.0f, NULL, NULL, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "shape[1] is 0");
  bad[1] = (wp_int64)WP_VOLUME_DENSE_MAX + 1;
  CHECK_ERR(
      wp_volume_from_dense(vals, bad, 0.0f, NULL, NULL, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "WP_VOLUME_DENSE_MAX");
  CHECK_ERR(
      wp_volume_from_dense(NULL, shape, 0.0f, NULL, NULL, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "values is NULL");
  CHECK_ERR(
      wp_volume_from_dense(vals, NULL, 0.0f, NULL, NULL, WP_DEVICE_CPU, &vol),
      WP_ERROR_INVALID_VALUE, "shape is NULL");
  CHECK_ERR(
      wp_volume_from_dense(vals, shape, 0.0f, NULL, NULL, WP_DEVICE_CPU, NULL),
      WP_ERROR_INVALID_VALUE, "out is NULL");
  const double nan_mw[3] = {0.0, 0.0, NAN}, zero_vs[3] = {1.0, 0.0, 1.0};
  CHECK_ERR(wp_volume_from_dense(vals, shape, 0.0f, NULL, nan_mw, WP_DEVICE_CPU,
                                 &vol),
            WP_ERROR_INVALID_VALUE, "min_world[2] is not finite");
  CHECK_ERR(wp_volume_from_dense(vals, shape, 0.0f, zero_vs, NULL,
                                 WP_DEVICE_CPU, &vol),
            WP_ERROR_INVALID_VALUE, "voxel_size[1]");
  CHECK(vol == NULL);
}

int main(void) {
  test_random(1);
  test_random(77);
  test_small();
  test_errors();
  test_dense();
  return check_report("test_volume_build");
}
