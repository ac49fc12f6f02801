/* test_hash_grid.c - hash grids on the CPU (<warp/hash_grid.h>): the
 * descriptor a build leaves (read through the id, as kernels do) against a
 * brute-force C loop of Warp's rules (cell = wrapped floor(p / width), the
 * points of each cell in index order, or (group, index) order for a
 * grouped build, empty cells 0..0), rebuilds, reserve, float64 and float16
 * grids, and every error path of the API.  Queries themselves are checked
 * against warp-lang by the e2e cases hash_grid_*. */
#include <warp/warp.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

static const wp_hash_grid_desc *desc(const wp_hash_grid *g) {
  return (const wp_hash_grid_desc *)(uintptr_t)wp_hash_grid_id(g);
}

static int wrap(int v, int d) {
  int c = v % d;
  return c < 0 ? c + d : c;
}

/* Warp's cell of p for a float32 grid of width w and the given dims. */
static int cell_f(const float *p, float w, const int *dims) {
  float inv = 1.0f / w;
  int c[3];
  for (int k = 0; k < 3; k++)
    c[k] = wrap((int)floorf(p[k] * inv), dims[k]);
  return c[2] * dims[0] * dims[1] + c[1] * dims[0] + c[0];
}

/* The descriptor of a float32 build equals the brute-force tables. */
static int same_tables(const wp_hash_grid_desc *d, const float (*p)[3], int n,
                       float w, const int *dims, const int *groups) {
  int cells = dims[0] * dims[1] * dims[2], k = 0, ok = 1;
  for (int c = 0; c < cells; c++) {
    int first = k;
    /* the points of cell c: by group, then index (no groups: index) */
    /* groups sort as unsigned 32-bit values: 0.. then the negatives */
    for (long long gu = 0; gu <= (groups ? 0xffffffffLL : 0); gu++) {
      for (int i = 0; i < n; i++) {
        if (cell_f(p[i], w, dims) != c)
          continue;
        if (groups && (uint32_t)groups[i] != (uint32_t)gu)
          continue;
        if (k >= n || d->point_ids[k] != i)
          ok = 0;
        k++;
      }
      if (groups) { /* jump to the next group value present in this cell */
        long long next = 0x100000000LL;
        for (int i = 0; i < n; i++)
          if (cell_f(p[i], w, dims) == c && (uint32_t)groups[i] > gu &&
              (uint32_t)groups[i] < next)
            next = (uint32_t)groups[i];
        gu = next - 1;
      }
    }
    int s = k > first ? first : 0, e = k > first ? k : 0;
    if (d->cell_starts[c] != s || d->cell_ends[c] != e)
      ok = 0;
  }
  return ok && k == n && d->num_points == n;
}

static void test_build(void) {
  enum { N = 500 };
  static float p[N][3];
  srand(7);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 3; k++) /* inside and outside the dims, negatives */
      p[i][k] = ((float)rand() / (float)RAND_MAX) * 12.0f - 6.0f;
  p[3][0] = 1.0f, p[3][1] = -1.0f, p[3][2] = 0.0f; /* on cell borders */
  memcpy(p[4], p[3], sizeof p[3]);                 /* a duplicate */
  int dims[3] = {5, 3, 4};
  wp_hash_grid *g = NULL;
  CHECK(wp_hash_grid_create(&g, 5, 3, 4, 0, WP_DEVICE_CPU) == WP_SUCCESS);
  CHECK(g && wp_hash_grid_id(g) != 0 && wp_hash_grid_num_points(g) == 0);
  CHECK(desc(g)->point_ids == NULL); /* queries find nothing until built */
  CHECK(desc(g)->scalar == WP_SCALAR_FLOAT32 && desc(g)->dim_y == 3);
  wp_array a;
  wp_int64 n = N;
  CHECK(wp_array_wrap(&a, p, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  wp_uint64 id = wp_hash_grid_id(g);
  CHECK(wp_hash_grid_build(g, &a, 0.75, NULL) == WP_SUCCESS);
  CHECK(wp_hash_grid_id(g) == id); /* builds keep the id */
  CHECK(wp_hash_grid_num_points(g) == N);
  CHECK(desc(g)->cell_width_inv_f == 1.0f / 0.75f && !desc(g)->has_groups);
  CHECK(same_tables(desc(g), p, N, 0.75f, dims, NULL));
  /* rebuild with fewer points (a strided view: every other point) and
     another width */
  wp_int64 half = N / 2, stride = 2 * 3 * sizeof(float);
  wp_array s;
  CHECK(wp_array_wrap(&s, p, WP_VEC3F, 0, 1, &half, &stride, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &s, 1.5, NULL) == WP_SUCCESS);
  static float q[N / 2][3];
  for (int i = 0; i < N / 2; i++)
    memcpy(q[i], p[2 * i], sizeof q[i]);
  CHECK(same_tables(desc(g), q, N / 2, 1.5f, dims, NULL));
  /* grouped build: groups of both signs */
  static int grp[N];
  for (int i = 0; i < N; i++)
    grp[i] = (i * 7) % 5 - 2;
  wp_array ga;
  CHECK(wp_array_wrap(&ga, grp, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &a, 0.75, &ga) == WP_SUCCESS);
  CHECK(desc(g)->has_groups && desc(g)->point_keys);
  CHECK(same_tables(desc(g), p, N, 0.75f, dims, grp));
  /* a reserve that moves the buffers keeps the last build */
  CHECK(wp_hash_grid_reserve(g, 100000, 1) == WP_SUCCESS);
  CHECK(same_tables(desc(g), p, N, 0.75f, dims, grp));
  int keys_ok = 1;
  for (int k = 0; k < N; k++) {
    int i = desc(g)->point_ids[k];
    wp_uint64 key = ((wp_uint64)(uint32_t)cell_f(p[i], 0.75f, dims) << 32) |
                    (uint32_t)grp[i];
    keys_ok &= desc(g)->point_keys[k] == key;
  }
  CHECK(keys_ok);
  /* an empty build */
  wp_int64 zero = 0;
  wp_array e;
  CHECK(wp_array_wrap(&e, p, WP_VEC3F, 0, 1, &zero, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &e, 1.0, NULL) == WP_SUCCESS);
  CHECK(wp_hash_grid_num_points(g) == 0 && desc(g)->cell_ends[0] == 0);
  CHECK(wp_hash_grid_reserve(g, 10000, 1) == WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &a, 0.75, NULL) == WP_SUCCESS);
  CHECK(same_tables(desc(g), p, N, 0.75f, dims, NULL));
  wp_hash_grid_destroy(g);
}

static void test_precisions(void) {
  /* float64: the cell of 0.3 / 0.1 in double is 2 (2.9999999999999996),
     in float 3 */
  double pd[2][3] = {{0.3, 0.0, 0.0}, {0.05, 0.0, 0.0}};
  wp_hash_grid *g = NULL;
  CHECK(wp_hash_grid_create(&g, 8, 1, 1, WP_FLOAT64, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  wp_array a;
  wp_int64 n = 2;
  CHECK(wp_array_wrap(&a, pd, WP_VEC3D, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &a, 0.1, NULL) == WP_SUCCESS);
  const wp_hash_grid_desc *d = desc(g);
  CHECK(d->scalar == WP_SCALAR_FLOAT64 && d->cell_width_inv_d == 1.0 / 0.1);
  int c0 = (int)floor(0.3 * (1.0 / 0.1));
  CHECK(d->cell_starts[c0] == 1 && d->cell_ends[c0] == 2 &&
        d->point_ids[1] == 0);
  /* a vec3f array for a float64 grid */
  float pf[2][3] = {{0}};
  wp_array f;
  CHECK(wp_array_wrap(&f, pf, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK_ERR(wp_hash_grid_build(g, &f, 0.1, NULL), WP_ERROR_DTYPE_MISMATCH,
            "points should have dtype vec3d for this hash grid, got vec3f");
  CHECK(wp_hash_grid_num_points(g) == 2); /* the failed build changed nothing */
  wp_hash_grid_destroy(g);
  /* float16 (numpy's float16 agrees): width 0.3 is 0.300048828125 in
     half, 1 / width rounds to 3.33203125; the point 1.0 (0x3c00) lands in
     cell 3 */
  uint16_t ph[1][3] = {{0x3c00, 0, 0}};
  CHECK(wp_hash_grid_create(&g, 8, 1, 1, WP_FLOAT16, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  wp_array h;
  wp_int64 one = 1;
  CHECK(wp_array_wrap(&h, ph, WP_VEC_DTYPE(WP_SCALAR_FLOAT16, 3), 0, 1, &one,
                      NULL, WP_DEVICE_CPU) == WP_SUCCESS);
  CHECK(wp_hash_grid_build(g, &h, 0.3, NULL) == WP_SUCCESS);
  CHECK(desc(g)->cell_width_inv_f == 3.33203125f);
  CHECK(desc(g)->cell_starts[3] == 0 && desc(g)->cell_ends[3] == 1);
  wp_hash_grid_destroy(g);
}

static void test_errors(void) {
  wp_hash_grid *g = (wp_hash_grid *)1;
  CHECK_ERR(wp_hash_grid_create(NULL, 1, 1, 1, 0, WP_DEVICE_CPU),
            WP_ERROR_INVALID_VALUE, "out is NULL");
  CHECK_ERR(wp_hash_grid_create(&g, 0, 1, 1, 0, WP_DEVICE_CPU),
            WP_ERROR_INVALID_VALUE, "dimensions must be positive");
  CHECK(g == NULL);
  CHECK_ERR(wp_hash_grid_create(&g, 2000, 2000, 2000, 0, WP_DEVICE_CPU),
            WP_ERROR_INVALID_VALUE, "more than WP_HASH_GRID_MAX_CELLS");
  CHECK_ERR(wp_hash_grid_create(&g, 2, 2, 2, WP_INT32, WP_DEVICE_CPU),
            WP_ERROR_DTYPE_MISMATCH, "not int32");
  CHECK_ERR(wp_hash_grid_create(&g, 2, 2, 2, 0, -5), WP_ERROR_NO_DEVICE, "");
  CHECK(wp_hash_grid_create(&g, 4, 4, 4, 0, WP_DEVICE_CPU) == WP_SUCCESS);
  float p[3][3] = {{0}};
  int grp[2] = {0};
  float fl[3] = {0};
  wp_int64 n = 3, two = 2;
  wp_array a, ga, fa, bad;
  wp_array_wrap(&a, p, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&ga, grp, WP_INT32, 0, 1, &two, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&fa, fl, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  CHECK_ERR(wp_hash_grid_build(NULL, &a, 1.0, NULL), WP_ERROR_INVALID_VALUE,
            "grid is NULL");
  CHECK_ERR(wp_hash_grid_build(g, NULL, 1.0, NULL), WP_ERROR_INVALID_VALUE,
            "points is NULL");
  memset(&bad, 0, sizeof bad); /* ndim 0: not an array */
  CHECK_ERR(wp_hash_grid_build(g, &bad, 1.0, NULL), WP_ERROR_INVALID_VALUE,
            "wp_hash_grid_build: points");
  CHECK_ERR(wp_hash_grid_build(g, &fa, 1.0, NULL), WP_ERROR_DTYPE_MISMATCH,
            "points should have dtype vec3f for this hash grid, got float32");
  CHECK_ERR(wp_hash_grid_build(g, &a, 1.0, &fa), WP_ERROR_DTYPE_MISMATCH,
            "groups should have dtype int32");
  CHECK_ERR(wp_hash_grid_build(g, &a, 1.0, &ga), WP_ERROR_INVALID_VALUE,
            "groups has 2 elements, points 3");
  CHECK_ERR(wp_hash_grid_build(g, &a, 0.0, NULL), WP_ERROR_INVALID_VALUE,
            "must be positive and finite");
  CHECK_ERR(wp_hash_grid_build(g, &a, -1.0, NULL), WP_ERROR_INVALID_VALUE,
            "must be positive and finite");
  CHECK_ERR(wp_hash_grid_build(g, &a, NAN, NULL), WP_ERROR_INVALID_VALUE,
            "must be positive and finite");
  CHECK_ERR(wp_hash_grid_build(g, &a, 1e-45, NULL), WP_ERROR_INVALID_VALUE,
            "must be positive and finite"); /* 0 in float32 */
  wp_array dev = a; /* the same array, said to live on cuda:0 */
  dev.device = WP_DEVICE_CUDA(0);
  CHECK_ERR(wp_hash_grid_build(g, &dev, 1.0, NULL), WP_ERROR_DEVICE_MISMATCH,
            "points live on cuda:0, the hash grid on cpu");
  CHECK_ERR(wp_hash_grid_reserve(NULL, 1, 0), WP_ERROR_INVALID_VALUE,
            "grid is NULL");
  CHECK_ERR(wp_hash_grid_reserve(g, -1, 0), WP_ERROR_INVALID_VALUE, "negative");
  CHECK(wp_hash_grid_num_points(g) == 0 && desc(g)->point_ids == NULL);
  CHECK(wp_hash_grid_id(NULL) == 0 && wp_hash_grid_num_points(NULL) == 0);
  wp_hash_grid_destroy(NULL);
  wp_hash_grid_destroy(g);
}

int main(void) {
  test_build();
  test_precisions();
  test_errors();
  return check_report("test_hash_grid");
}
