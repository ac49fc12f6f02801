/* fake_hash_grid.c - CUDA hash grids (<warp/hash_grid.h>) on the fake
 * driver, whose device pointers are host memory: the descriptor behind a
 * CUDA grid's id and its tables equal those of a CPU grid built from the
 * same points (grouped too), rebuilds and reserve keep the id, arrays on
 * another device are refused, destroy frees every device allocation. */
#include "fixture.h"

#include <stdint.h>
#include <string.h>

static const wp_hash_grid_desc *desc_of(const wp_hash_grid *g) {
  return (const wp_hash_grid_desc *)(uintptr_t)wp_hash_grid_id(g);
}

/* The two descriptors describe the same grid. */
static int same_grid(const wp_hash_grid_desc *a, const wp_hash_grid_desc *b) {
  int cells = a->dim_x * a->dim_y * a->dim_z;
  if (a->num_points != b->num_points || a->dim_x != b->dim_x ||
      a->has_groups != b->has_groups ||
      a->cell_width_inv_f != b->cell_width_inv_f ||
      memcmp(a->point_ids, b->point_ids, sizeof(int) * a->num_points) ||
      memcmp(a->cell_starts, b->cell_starts, sizeof(int) * cells) ||
      memcmp(a->cell_ends, b->cell_ends, sizeof(int) * cells))
    return 0;
  return !a->has_groups || !memcmp(a->point_keys, b->point_keys,
                                   sizeof(wp_uint64) * a->num_points);
}

void test_fake_hash_grid(void) {
  enum { N = 300 };
  static float p[N][3];
  static int grp[N];
  unsigned s = 99;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 3; k++) {
      s = s * 1103515245u + 12345u;
      p[i][k] = (float)((s >> 8) % 10000) / 1000.0f - 5.0f;
    }
    grp[i] = i % 3 - 1;
  }
  fakecuda_stats s0 = stats();
  wp_int64 n = N;
  wp_array hp, hg, dp, dg, dp1;
  CHECK(wp_array_wrap(&hp, p, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_wrap(&hg, grp, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc(&dp, WP_VEC3F, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&dg, WP_INT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&dp1, WP_VEC3F, 0, 1, &n, 0, CUDA1) == WP_SUCCESS);
  CHECK(wp_array_copy(&dp, &hp) == WP_SUCCESS);
  CHECK(wp_array_copy(&dg, &hg) == WP_SUCCESS);

  wp_hash_grid *cpu = NULL, *gpu = NULL;
  CHECK(wp_hash_grid_create(&cpu, 6, 5, 7, WP_FLOAT32, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_hash_grid_create(&gpu, 6, 5, 7, WP_FLOAT32, CUDA0) == WP_SUCCESS);
  wp_uint64 id = wp_hash_grid_id(gpu);
  CHECK(id != 0 && desc_of(gpu)->point_ids == NULL); /* empty until built */
  CHECK(desc_of(gpu)->dim_z == 7);

  CHECK(wp_hash_grid_build(cpu, &hp, 0.6, NULL) == WP_SUCCESS);
  CHECK(wp_hash_grid_build(gpu, &dp, 0.6, NULL) == WP_SUCCESS);
  CHECK(wp_hash_grid_id(gpu) == id && wp_hash_grid_num_points(gpu) == N);
  CHECK(same_grid(desc_of(cpu), desc_of(gpu)));
  CHECK(desc_of(gpu)->point_ids != desc_of(cpu)->point_ids);

  CHECK(wp_hash_grid_build(cpu, &hp, 0.9, &hg) == WP_SUCCESS);
  CHECK(wp_hash_grid_build(gpu, &dp, 0.9, &dg) == WP_SUCCESS);
  CHECK(desc_of(gpu)->has_groups && same_grid(desc_of(cpu), desc_of(gpu)));

  CHECK(wp_hash_grid_reserve(gpu, 4 * N, 1) == WP_SUCCESS);
  CHECK(wp_hash_grid_id(gpu) == id);
  CHECK(wp_hash_grid_build(gpu, &dp, 0.9, &dg) == WP_SUCCESS);
  CHECK(same_grid(desc_of(cpu), desc_of(gpu)));

  /* arrays of another device */
  CHECK_ERR(wp_hash_grid_build(gpu, &hp, 0.6, NULL), WP_ERROR_DEVICE_MISMATCH,
            "points live on cpu, the hash grid on cuda:0");
  CHECK_ERR(wp_hash_grid_build(gpu, &dp1, 0.6, NULL), WP_ERROR_DEVICE_MISMATCH,
            "points live on cuda:1, the hash grid on cuda:0");
  CHECK_ERR(wp_hash_grid_build(gpu, &dp, 0.6, &hg), WP_ERROR_DEVICE_MISMATCH,
            "groups live on cpu");
  CHECK_ERR(wp_hash_grid_build(cpu, &dp, 0.6, NULL), WP_ERROR_DEVICE_MISMATCH,
            "points live on cuda:0, the hash grid on cpu");
  CHECK(same_grid(desc_of(cpu), desc_of(gpu))); /* failures changed nothing */
  wp_hash_grid *none = cpu;
  CHECK_ERR(wp_hash_grid_create(&none, 2, 2, 2, 0, WP_DEVICE_CUDA(7)),
            WP_ERROR_NO_DEVICE, "cuda:7");
  CHECK(none == NULL);

  wp_hash_grid_destroy(cpu);
  wp_hash_grid_destroy(gpu);
  wp_array_free(&dp);
  wp_array_free(&dg);
  wp_array_free(&dp1);
  CHECK(stats().live_allocs == s0.live_allocs);
}
