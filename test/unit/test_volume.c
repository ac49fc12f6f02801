/* test_volume.c - libwarprt's NanoVDB loader (<warp/volume.h>): the
 * hand-made grid of volume_grid.h read through the prelude's walk (values
 * derived by hand), its corruptions (each with its message), a few
 * thousand random mutations (accepted grids must walk), and warp-lang's
 * test assets (the .nvdb files of warp/tests/assets of the installed package,
 * found with $WARP_ASSETS or python3; never copied here): their facts as
 * warp-lang reports them (Volume.get_grid_info, get_voxel_size,
 * get_voxel_count), truncations and damaged headers of the files, and the
 * zip layout of warp-lang's own writer (Volume.save_to_nvdb). */
#include "volume_grid.h"
#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CHECK_TALLY;

static wp_volume *load_grid(const unsigned char *g, size_t n) {
  wp_volume *v = NULL;
  if (wp_volume_load_grid(g, n, WP_DEVICE_CPU, &v))
    return NULL;
  return v;
}

static float look(wp_volume *v, int i, int j, int k) {
  return wp_volume_lookup_f_uint64(wp_volume_id(v), i, j, k);
}

static void test_synthetic(void) {
  unsigned char *g = vg_make();
  wp_volume *v = load_grid(g, VG_SIZE);
  CHECK(v != NULL);
  if (!v) {
    free(g);
    return;
  }
  CHECK(look(v, 1, 2, 3) == 83.0f);
  CHECK(look(v, 7, 7, 7) == 511.0f);
  CHECK(look(v, 0, 0, 9) == 3.0f);   /* lower tile */
  CHECK(look(v, 0, 0, 130) == 7.0f); /* upper tile */
  CHECK(look(v, 0, 0, 300) == 0.0f); /* upper tile 2: zeroed */
  CHECK(look(v, 5000, 0, 0) == -1.5f);
  CHECK(look(v, -1, 0, 0) == -1.5f);
  /* CLOSEST rounds halves away from zero; LINEAR blends 8 voxels */
  wp_vec3f p = {{1.5f, 2.0f, 3.0f}};
  CHECK(wp_volume_sample_f_uint64_vec3f_int32(wp_volume_id(v), p, 0) == 147.0f);
  CHECK(wp_volume_sample_f_uint64_vec3f_int32(wp_volume_id(v), p, 1) ==
        115.0f); /* (83 + 147) / 2 */
  CHECK(wp_volume_lookup_index_uint64(wp_volume_id(v), 1, 2, 3) == 83);
  CHECK(wp_volume_lookup_index_uint64(wp_volume_id(v), 0, 0, 9) == -1);
  CHECK(wp_volume_voxel_count_uint64(wp_volume_id(v)) == 512);
  /* a float grid asked for ints reads zeros */
  CHECK(wp_volume_lookup_i_uint64(wp_volume_id(v), 1, 2, 3) == 0);
  wp_volume_store_f_uint64(wp_volume_id(v), 1, 2, 3, 9.5f);
  wp_volume_store_f_uint64(wp_volume_id(v), 0, 0, 9, 9.5f); /* a tile: no */
  CHECK(look(v, 1, 2, 3) == 9.5f && look(v, 0, 0, 9) == 3.0f);
  wp_volume_info in;
  CHECK(wp_volume_get_info(v, &in) == WP_SUCCESS);
  CHECK(!strcmp(in.name, "synthetic") && !strcmp(in.type_name, "float"));
  CHECK(in.leaf_count == 1 && in.voxel_count == 512 &&
        in.active_voxel_count == 512 && in.root_tile_count == 1);
  CHECK(in.index_bbox_max[0] == 7 && in.index_to_world[4] == 1.0f);
  wp_volume_destroy(v);
  free(g);
}

/* Loads g after `patch` and checks the status and message. */
static void corrupt(size_t at, long long value, int width, size_t size,
                    wp_status want, const char *text) {
  unsigned char *g = vg_make();
  if (width == 4)
    vg_put32(g, at, (unsigned)value);
  else if (width == 8)
    vg_put64(g, at, value);
  wp_volume *v = NULL;
  CHECK_ERR(wp_volume_load_grid(g, size, WP_DEVICE_CPU, &v), want, text);
  CHECK(v == NULL);
  free(g);
}

static void test_corrupt(void) {
  const wp_status BAD = WP_ERROR_INVALID_VALUE, NS = WP_ERROR_NOT_SUPPORTED;
  corrupt(0, 0, 0, 700, BAD, "less than the 736 of its headers");
  corrupt(0, 0, 0, VG_SIZE - 1, BAD, "its size field says 307232 bytes");
  corrupt(0, 0x41414141, 4, VG_SIZE, BAD, "not a NanoVDB grid");
  corrupt(16, 31u << 21, 4, VG_SIZE, NS, "version 31.0");
  corrupt(636, 9, 4, VG_SIZE, NS, "of type Half (GridType 9)");
  corrupt(636, 99, 4, VG_SIZE, NS, "of type unknown (GridType 99)");
  corrupt(VG_GRID + 32, 2, 4, VG_SIZE, BAD, "2 nodes do not fit");
  corrupt(VG_GRID + 40, 0x7fffffff, 4, VG_SIZE, BAD, "nodes do not fit");
  corrupt(VG_GRID + 0, 1LL << 40, 8, VG_SIZE, BAD, "outside the grid");
  corrupt(VG_GRID + 8, VG_LOWER - VG_GRID + 4, 8, VG_SIZE, BAD, "misaligned");
  corrupt(VG_GRID + 24, VG_SIZE, 8, VG_SIZE, BAD, "the root node");
  corrupt(VG_ROOT + 24, 1000000, 4, VG_SIZE, BAD, "root tiles do not fit");
  corrupt(VG_ROOT + 72, VG_UPPER - VG_ROOT + 8, 8, VG_SIZE, BAD, "root tile 0");
  corrupt(VG_ROOT + 72, -(long long)VG_ROOT - 8, 8, VG_SIZE, BAD,
          "root tile 0");
  corrupt(VG_UPPER + 8256, VG_LEAF - VG_UPPER, 8, VG_SIZE, BAD,
          "does not lead to a node of the next level");
  corrupt(VG_UPPER + 4128, 3, 4, VG_SIZE, BAD, "(entry 1)");
  corrupt(VG_LOWER + 1088, 1LL << 62, 8, VG_SIZE, BAD,
          "a child pointer of the node at byte 271232");
  /* a zero-count level may have any offset (NanoVDB writes 0) */
  unsigned char *g = vg_make();
  vg_put32(g, VG_ROOT + 24, 0); /* no tiles: everything is background */
  wp_volume *v = load_grid(g, VG_SIZE);
  CHECK(v && look(v, 1, 2, 3) == -1.5f);
  wp_volume_destroy(v);
  free(g);
  /* NULL arguments */
  CHECK_ERR(wp_volume_load_grid(NULL, 10, WP_DEVICE_CPU, &v), BAD,
            "grid is NULL");
  CHECK_ERR(wp_volume_load_buffer("x", 1, WP_DEVICE_CPU, NULL), BAD,
            "out is NULL");
  CHECK_ERR(wp_volume_load_file(NULL, WP_DEVICE_CPU, &v), BAD, "path is NULL");
  CHECK_ERR(wp_volume_get_info(NULL, NULL), BAD, "volume is NULL");
  CHECK(wp_volume_id(NULL) == 0);
  wp_volume_destroy(NULL);
}

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng >> 16);
}

/* Random damage where the structure lives (headers, the root, the masks
 * and child tables, the leaf): each load succeeds or fails with a message;
 * a grid that loads is walked at voxels in and around its nodes. */
static void test_mutations(void) {
  static const size_t spots[][2] = {
      {0, VG_ROOT + VG_ROOT_SIZE}, {VG_UPPER + 4128, 64}, {VG_UPPER + 8256, 64},
      {VG_LOWER + 544, 64},        {VG_LOWER + 1088, 64}, {VG_LEAF, 128},
  };
  unsigned char *base = vg_make();
  unsigned char *g = malloc(VG_SIZE);
  int loaded = 0, refused = 0, quiet = 0;
  for (int t = 0; t < 3000; t++) {
    memcpy(g, base, VG_SIZE);
    int nflip = 1 + (int)(rnd() % 4);
    for (int f = 0; f < nflip; f++) {
      const size_t *s = spots[rnd() % (sizeof spots / sizeof spots[0])];
      size_t at = s[0] + rnd() % s[1];
      g[at] =
          (unsigned char)(rnd() % 3 == 0 ? g[at] ^ (1u << (rnd() % 8)) : rnd());
    }
    size_t size = rnd() % 8 ? VG_SIZE : rnd() % VG_SIZE;
    wp_volume *v = NULL;
    wp_status st = wp_volume_load_grid(g, size, WP_DEVICE_CPU, &v);
    if (st) {
      refused++;
      quiet += !*wp_last_error() || v != NULL;
      continue;
    }
    loaded++;
    float sum = 0;
    for (int i = -9; i < 20; i += 3)
      for (int k = -9; k < 300; k += 7)
        sum += look(v, i, i / 2, k);
    wp_vec3f p = {{(float)(rnd() % 20) - 5.5f, 2.25f, 3.5f}};
    sum += wp_volume_sample_f_uint64_vec3f_int32(wp_volume_id(v), p, 1);
    sum += (float)wp_volume_lookup_index_uint64(wp_volume_id(v), 1, 1, 1);
    (void)sum;
    wp_volume_destroy(v);
  }
  printf("mutations: %d loaded, %d refused\n", loaded, refused);
  CHECK(loaded > 100 && refused > 100);
  CHECK(quiet == 0);
  free(g);
  free(base);
}

/* ---- warp-lang's assets ----------------------------------------------------
 */

static char assets[1024];

static int find_assets(void) {
  const char *e = getenv("WARP_ASSETS");
  if (e && *e) {
    snprintf(assets, sizeof assets, "%s", e);
    return 1;
  }
  FILE *p = popen("python3 -c 'import warp,os;print(os.path.dirname("
                  "warp.__file__))' 2>/dev/null",
                  "r");
  char dir[900] = "";
  if (p && fgets(dir, sizeof dir, p))
    dir[strcspn(dir, "\n")] = 0;
  if (p)
    pclose(p);
  if (!*dir)
    return 0;
  snprintf(assets, sizeof assets, "%s/tests/assets", dir);
  return 1;
}

static unsigned char *read_all(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc((size_t)len);
  *n = b ? fread(b, 1, (size_t)len, f) : 0;
  fclose(f);
  return b;
}

static wp_volume *load_asset(const char *name, wp_volume_info *in) {
  char path[1200];
  snprintf(path, sizeof path, "%s/%s.nvdb", assets, name);
  wp_volume *v = NULL;
  CHECK(wp_volume_load_file(path, WP_DEVICE_CPU, &v) == WP_SUCCESS);
  if (v)
    CHECK(wp_volume_get_info(v, in) == WP_SUCCESS);
  return v;
}

static void test_assets(void) {
  wp_volume_info in;
  /* the facts warp-lang reports for them (Volume.get_grid_info, ...) */
  wp_volume *v = load_asset("test_grid", &in);
  if (v) {
    CHECK(!strcmp(in.type_name, "float") && in.grid_type == WP_VOLUME_FLOAT);
    CHECK(in.name[0] == 0 && in.grid_index == 0 && in.grid_count == 1);
    CHECK(in.grid_size == 2572320 && in.voxel_size[0] == 0.25);
    CHECK(in.leaf_count == 64 && in.lower_count == 8 && in.upper_count == 8);
    CHECK(in.voxel_count == 32768);
    /* NanoVDB's active voxels: the 21^3 block -10..10 */
    CHECK(in.active_voxel_count == 21 * 21 * 21);
    CHECK(in.index_bbox_min[0] == -10 && in.index_bbox_max[2] == 10);
    wp_volume_destroy(v);
  }
  if ((v = load_asset("torus", &in))) {
    CHECK(!strcmp(in.name, "surface") && in.grid_size == 2486560);
    CHECK(in.translation[0] == 1.0f && in.translation[1] == 2.0f &&
          in.translation[2] == 3.0f);
    CHECK(in.index_to_world[0] == 0.1f && in.index_to_world[1] == 0.0f);
    CHECK(in.voxel_count == 12288 && in.leaf_count == 24);
    wp_volume_destroy(v);
  }
  if ((v = load_asset("test_index_grid", &in))) {
    CHECK(!strcmp(in.type_name, "OnIndex") && !strcmp(in.name, "grid-0"));
    CHECK(in.grid_count == 2 && in.voxel_count == 16);
    CHECK(wp_volume_voxel_count_uint64(wp_volume_id(v)) == 16);
    wp_volume_destroy(v);
  }
  /* its second grid (warp-lang's Volume.load_next_grid) */
  char path[1200];
  snprintf(path, sizeof path, "%s/test_index_grid.nvdb", assets);
  v = NULL;
  CHECK(wp_volume_load_file_grid(path, 1, WP_DEVICE_CPU, &v) == WP_SUCCESS);
  if (v && wp_volume_get_info(v, &in) == WP_SUCCESS) {
    CHECK(!strcmp(in.name, "grid-1") && in.grid_index == 1);
    CHECK(in.grid_count == 2 && in.grid_size == 2437856);
    CHECK(in.voxel_count == 24 && !strcmp(in.type_name, "OnIndex"));
    /* its first voxel in warp-lang's get_voxels order */
    CHECK(wp_volume_lookup_index_uint64(wp_volume_id(v), -13, -1, -2) == 0);
  }
  wp_volume_destroy(v);
  CHECK_ERR(wp_volume_load_file_grid(path, 2, WP_DEVICE_CPU, &v),
            WP_ERROR_INVALID_VALUE, "the file has 2 grids, no grid 2");
  if ((v = load_asset("test_vec_grid", &in))) {
    CHECK(!strcmp(in.type_name, "Vec3f") && in.grid_size == 5195840);
    wp_volume_destroy(v);
  }
  if ((v = load_asset("test_int32_grid", &in))) {
    CHECK(!strcmp(in.type_name, "int32"));
    wp_volume_destroy(v);
  }
}

/* warp-lang's Volume.save_to_nvdb writes zip files whose metadata counts
 * only the zlib stream of a grid, not the u64 chunk size before it (NanoVDB's
 * writer counts both): the assets rewritten so (each grid's size - 8) load
 * the same grids, the second of two grids too; cut short, they fail. */
static void test_warp_zip(void) {
  char path[1200];
  snprintf(path, sizeof path, "%s/test_index_grid.nvdb", assets);
  size_t n = 0;
  unsigned char *f = read_all(path, &n);
  CHECK(f && n > 1000 && f[14] == 1 && f[12] == 2);
  if (!f)
    return;
  size_t meta = 16;
  for (int i = 0; i < 2; i++) {
    long long file;
    memcpy(&file, f + meta + 8, 8);
    vg_put64(f, meta + 8, file - 8);
    unsigned name;
    memcpy(&name, f + meta + 136, 4);
    meta += 176 + name;
  }
  wp_volume *v = NULL, *w = NULL;
  CHECK(wp_volume_load_buffer_grid(f, n, 1, WP_DEVICE_CPU, &v) == WP_SUCCESS);
  CHECK(wp_volume_load_file_grid(path, 1, WP_DEVICE_CPU, &w) == WP_SUCCESS);
  if (v && w) {
    wp_volume_info a, b;
    CHECK(wp_volume_get_info(v, &a) == WP_SUCCESS &&
          wp_volume_get_info(w, &b) == WP_SUCCESS);
    CHECK(!strcmp(a.name, "grid-1") && a.grid_size == b.grid_size &&
          a.voxel_count == b.voxel_count);
    CHECK(wp_volume_lookup_index_uint64(wp_volume_id(v), -13, -1, -2) == 0);
  }
  wp_volume_destroy(v);
  wp_volume_destroy(w);
  v = NULL;
  CHECK(wp_volume_load_buffer(f, n, WP_DEVICE_CPU, &v) == WP_SUCCESS);
  wp_volume_destroy(v);
  for (size_t len = n - 1; len > n - 100; len -= 7)
    CHECK(wp_volume_load_buffer_grid(f, len, 1, WP_DEVICE_CPU, &v) ==
              WP_ERROR_INVALID_VALUE &&
          v == NULL);
  /* a chunk size neither writer gives */
  long long file0;
  memcpy(&file0, f + 16 + 8, 8);
  vg_put64(f, 16 + 8, file0 - 1);
  CHECK_ERR(wp_volume_load_buffer(f, n, WP_DEVICE_CPU, &v),
            WP_ERROR_INVALID_VALUE, "zip chunk of grid 0");
  free(f);
}

static void test_file_errors(void) {
  char path[1200];
  snprintf(path, sizeof path, "%s/test_grid.nvdb", assets);
  size_t n = 0;
  unsigned char *f = read_all(path, &n);
  CHECK(f && n > 1000);
  if (!f)
    return;
  wp_volume *v = NULL;
  const wp_status BAD = WP_ERROR_INVALID_VALUE;
  /* truncations: the header, the metadata, the name, the data */
  static const size_t cut[] = {0, 15, 16, 100, 191, 192, 200, 400, 1000};
  for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
    CHECK(wp_volume_load_buffer(f, cut[i], WP_DEVICE_CPU, &v) == BAD);
    CHECK(v == NULL && strstr(wp_last_error(), "wp_volume_load_buffer"));
  }
  for (size_t len = n - 1; len > n - 200; len -= 13)
    CHECK(wp_volume_load_buffer(f, len, WP_DEVICE_CPU, &v) == BAD);
  unsigned char *c = malloc(n);
  memcpy(c, f, n);
  c[14] = 2; /* blosc */
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v),
            WP_ERROR_NOT_SUPPORTED, "blosc");
  c[14] = 7;
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v), BAD,
            "unknown codec 7");
  c[14] = f[14];
  c[12] = c[13] = 0;
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v), BAD, "no grids");
  memcpy(c, f, n);
  c[0] = 'X';
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v), BAD,
            "not a NanoVDB file");
  memcpy(c, f, n);
  c[11] = 0; /* version major 0 */
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v),
            WP_ERROR_NOT_SUPPORTED, "file version 0.");
  memcpy(c, f, n);
  c[n - 300] ^= 0x55; /* inside the zlib stream */
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v), BAD,
            "corrupt zip data");
  memcpy(c, f, n);
  vg_put64(c, 16, 1LL << 40); /* grid size: more than zlib can give */
  CHECK_ERR(wp_volume_load_buffer(c, n, WP_DEVICE_CPU, &v), BAD,
            "more than its");
  free(c);
  CHECK(wp_volume_load_buffer(f, n, WP_DEVICE_CPU, &v) == WP_SUCCESS);
  wp_volume_destroy(v);
  free(f);
  CHECK_ERR(wp_volume_load_file("/nonexistent/x.nvdb", WP_DEVICE_CPU, &v),
            WP_ERROR_SYSTEM, "cannot open '/nonexistent/x.nvdb'");
}

int main(void) {
  test_synthetic();
  test_corrupt();
  test_mutations();
  if (find_assets()) {
    test_assets();
    test_file_errors();
    test_warp_zip();
  } else {
    fprintf(stderr, "test_volume: warp-lang is not installed (python3 -c "
                    "'import warp'): its .nvdb assets are needed\n");
    CHECK(!"warp-lang's assets");
  }
  return check_report("test_volume");
}
