/* fake_volume.c - wp.Volume on a CUDA device (the fake driver, whose
 * device memory is host memory): the checked grid and its descriptor are
 * uploaded, the id is the descriptor's device address (whose grid pointer
 * is device memory holding the grid's bytes: the prelude's walk reads the
 * hand-made grid's values through it), destroy frees both allocations;
 * and the out-of-memory error. */
#include "fixture.h"

#include "../volume_grid.h"

#include <stdlib.h>
#include <string.h>

void test_fake_volume(void) {
  unsigned char *g = vg_make();
  fakecuda_stats s0 = stats();
  wp_volume *v = NULL;
  CHECK(wp_volume_load_grid(g, VG_SIZE, CUDA1, &v) == WP_SUCCESS);
  if (v) {
    CHECK(wp_volume_device(v) == CUDA1);
    CHECK(stats().live_allocs == s0.live_allocs + 2);
    CHECK(stats().htod >= s0.htod + 2);
    const wp_volume_desc *d = (const wp_volume_desc *)(size_t)wp_volume_id(v);
    CHECK(d != NULL && d->grid_size == VG_SIZE && d->grid_type == 1);
    CHECK(d && d->grid != g && memcmp(d->grid, g, VG_SIZE) == 0);
    CHECK(wp_volume_lookup_f_uint64(wp_volume_id(v), 1, 2, 3) == 83.0f);
    CHECK(wp_volume_lookup_f_uint64(wp_volume_id(v), 0, 0, 130) == 7.0f);
    wp_volume_info in;
    CHECK(wp_volume_get_info(v, &in) == WP_SUCCESS &&
          !strcmp(in.name, "synthetic") && in.leaf_count == 1);
    wp_volume_destroy(v);
    CHECK(stats().live_allocs == s0.live_allocs);
  }
  /* a bad grid allocates nothing; a missing device is named */
  g[0] = 'X';
  CHECK_ERR(wp_volume_load_grid(g, VG_SIZE, CUDA0, &v), WP_ERROR_INVALID_VALUE,
            "not a NanoVDB grid");
  CHECK(stats().live_allocs == s0.live_allocs);
  g[0] = 'N';
  CHECK_ERR(wp_volume_load_grid(g, VG_SIZE, WP_DEVICE_CUDA(7), &v),
            WP_ERROR_NO_DEVICE, "cuda:7");
  CHECK(v == NULL);
  free(g);
}

void test_fake_volume_oom(void) {
  unsigned char *g = vg_make();
  wp_volume *v = NULL;
  CHECK_ERR(wp_volume_load_grid(g, VG_SIZE, CUDA0, &v), WP_ERROR_OUT_OF_MEMORY,
            "wp_volume_load_grid: cannot allocate");
  CHECK(v == NULL);
  free(g);
}
