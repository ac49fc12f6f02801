/* fuzz_volume.c - libFuzzer target: libwarprt's NanoVDB loader
 * (<warp/volume.h>) on damaged input, and the prelude's walk of every grid
 * it accepts (lib/emit/prelude/8volume.h compiled as C: a grid that loads
 * must be safe to walk, the loader's promise to kernels).  The first byte
 * picks the form of the rest:
 *   0  a .nvdb file image (wp_volume_load_buffer), e.g. warp-lang's test
 *      assets (the seeds: scripts/fuzz_seeds.sh);
 *   1  patches to the hand-made grid of test/unit/volume_grid.h: records
 *      of 4 bytes, a region where its structure lives (headers and root,
 *      the internal nodes' child masks and tables, the leaf), a 2-byte
 *      offset in it and the byte to write; region 255 cuts the grid's
 *      size instead (wp_volume_load_grid);
 *   2  a raw grid (wp_volume_load_grid).
 * Besides the sanitizers' reports, an input is a crash when a failure has
 * no message or leaves a volume, or a load hands back a volume whose id is
 * not its descriptor. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../unit/volume_grid.h"

static void walk(wp_volume *v, const uint8_t *data, size_t size) {
  wp_uint64 id = wp_volume_id(v);
  const wp_volume_desc *d = (const wp_volume_desc *)(size_t)id;
  if (!d || !d->grid)
    abort();
  volatile float sink = 0;
  /* voxels of the hand-made grid's nodes and some from the input */
  static const int at[][3] = {{0, 0, 0}, {1, 2, 3},      {7, 7, 7},
                              {0, 0, 9}, {0, 0, 130},    {-1, -1, -1},
                              {8, 0, 0}, {4095, 0, 0},   {4096, 5, -4097},
                              {0, 0, 8}, {-10, -10, 10}, {15, -12, -6}};
  for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
    int x = at[i][0], y = at[i][1], z = at[i][2];
    sink += wp_volume_lookup_f_uint64(id, x, y, z);
    sink += (float)wp_volume_lookup_i_uint64(id, x, y, z);
    sink += wp_volume_lookup_v_uint64(id, x, y, z).c[1];
    sink += (float)wp_volume_lookup_index_uint64(id, x, y, z);
  }
  for (size_t i = 0; i + 12 <= size && i < 240; i += 12) {
    int32_t c[3];
    memcpy(c, data + i, 12);
    sink += wp_volume_lookup_f_uint64(id, c[0], c[1], c[2]);
    wp_vec3f p = {{(float)(c[0] % 64) * 0.37f, (float)(c[1] % 64) * 0.5f,
                   (float)(c[2] % 64) * 0.71f}};
    sink += wp_volume_sample_f_uint64_vec3f_int32(id, p, 1);
    sink += wp_volume_sample_v_uint64_vec3f_int32(id, p, 1).c[0];
    sink += (float)wp_volume_sample_i_uint64_vec3f(id, p);
    float vals[4] = {1, 2, 3, 4};
    wp_array a = {.data = vals, .shape = {4}, .strides = {4}, .ndim = 1};
    sink += wp_volume_sample_index_uint64_vec3f_int32_array_float32_float32(
        id, p, 1, a, -1.0f);
  }
  sink += (float)wp_volume_voxel_count_uint64(id);
  wp_volume_info in;
  if (wp_volume_get_info(v, &in))
    abort();
  (void)sink;
}

static void check_failed(wp_status st, wp_volume *v) {
  if (v || !*wp_last_error()) {
    fprintf(stderr, "status %d without a message or with a volume\n", st);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  int form = data[0] % 3;
  data++, size--;
  wp_volume *v = NULL;
  wp_status st;
  if (form == 0) {
    st = wp_volume_load_buffer(data, size, WP_DEVICE_CPU, &v);
  } else if (form == 1) {
    /* where the structure lives: the headers and root, the upper node's
       child mask and first table entries, the lower node's, the leaf */
    static const size_t spots[][2] = {
        {0, VG_ROOT + VG_ROOT_SIZE}, {VG_UPPER + 4128, 4096},
        {VG_UPPER + 8256, 1024},     {VG_LOWER + 544, 512},
        {VG_LOWER + 1088, 1024},     {VG_LEAF, 128},
    };
    unsigned char *g = vg_make();
    size_t n = VG_SIZE;
    for (size_t i = 0; i + 4 <= size && i < 4 * 256; i += 4) {
      size_t off = (size_t)data[i + 1] | (size_t)data[i + 2] << 8;
      if (data[i] == 0xff) { /* cut the grid */
        n = off * 5 % VG_SIZE;
        continue;
      }
      const size_t *r = spots[data[i] % (sizeof spots / sizeof spots[0])];
      g[r[0] + off % r[1]] = data[i + 3];
    }
    st = wp_volume_load_grid(g, n, WP_DEVICE_CPU, &v);
    free(g);
  } else {
    /* an exact-size copy, so that ASan sees reads past the input */
    unsigned char *g = malloc(size ? size : 1);
    memcpy(g, data, size);
    st = wp_volume_load_grid(g, size, WP_DEVICE_CPU, &v);
    free(g);
  }
  if (st) {
    check_failed(st, v);
    return 0;
  }
  walk(v, data, size);
  wp_volume_destroy(v);
  return 0;
}
