/* volume_grid.h - a hand-made NanoVDB float grid for the volume tests
 * (test_volume, test/fuzz/fuzz_volume.c), laid out as NanoVDB.h (major
 * version 32) lays out a grid: GridData, TreeData, the root with one tile,
 * one upper, one lower and one leaf node.  Its values, derived by hand:
 *   voxel (i, j, k), 0 <= i, j, k < 8: the leaf, 64 i + 8 j + k
 *   (0, 0, 8..15) ...: the lower node's tile 1 (k / 8 == 1): 3
 *   (0, 0, 128..255) ...: the upper node's tile 1 (k / 128 == 1): 7
 *   outside the root tile's 4096^3 block: the background, -1.5
 * and the voxel index of a leaf voxel is 64 i + 8 j + k (+ 1 in NanoVDB's
 * count from 1).  Also the walk of the prelude (lib/emit/prelude/8volume.h,
 * 8volume_grad.h) compiled as plain C for the checks. */
#ifndef WARPC_TEST_VOLUME_GRID_H
#define WARPC_TEST_VOLUME_GRID_H

#include <stdlib.h>
#include <string.h>

#include <warp/warp.h>

enum {
  VG_GRID = 672,
  VG_TREE = 64,
  VG_ROOT = VG_GRID + VG_TREE, /* 736 */
  VG_ROOT_SIZE = 64 + 32,      /* RootData<float> + one tile */
  VG_UPPER = VG_ROOT + VG_ROOT_SIZE,
  VG_UPPER_SIZE = 8256 + 32768 * 8,
  VG_LOWER = VG_UPPER + VG_UPPER_SIZE,
  VG_LOWER_SIZE = 1088 + 4096 * 8,
  VG_LEAF = VG_LOWER + VG_LOWER_SIZE,
  VG_LEAF_SIZE = 96 + 512 * 4,
  VG_SIZE = VG_LEAF + VG_LEAF_SIZE,
};

static inline void vg_put32(unsigned char *g, size_t at, unsigned v) {
  memcpy(g + at, &v, 4);
}
static inline void vg_put64(unsigned char *g, size_t at, long long v) {
  memcpy(g + at, &v, 8);
}
static inline void vg_putf(unsigned char *g, size_t at, float v) {
  memcpy(g + at, &v, 4);
}

/* A new grid of VG_SIZE bytes (free() it). */
static inline unsigned char *vg_make(void) {
  unsigned char *g = calloc(1, VG_SIZE);
  if (!g)
    abort();
  memcpy(g, "NanoVDB0", 8);
  vg_put32(g, 16, 32u << 21 | 3u << 10 | 3u); /* version 32.3.3 */
  vg_put32(g, 28, 1);                         /* grid count */
  vg_put64(g, 32, VG_SIZE);
  strcpy((char *)g + 40, "synthetic");
  for (int i = 0; i < 3; i++) {
    vg_putf(g, 296 + 16 * i, 1.0f);      /* matF: identity */
    vg_putf(g, 296 + 36 + 16 * i, 1.0f); /* invMatF */
    double one = 1.0;
    memcpy(g + 608 + 8 * i, &one, 8); /* voxel size */
  }
  vg_put32(g, 636, 1); /* GridType float */
  /* TreeData: offsets from the tree, then the counts */
  vg_put64(g, VG_GRID + 0, VG_LEAF - VG_GRID);
  vg_put64(g, VG_GRID + 8, VG_LOWER - VG_GRID);
  vg_put64(g, VG_GRID + 16, VG_UPPER - VG_GRID);
  vg_put64(g, VG_GRID + 24, VG_ROOT - VG_GRID);
  vg_put32(g, VG_GRID + 32, 1);
  vg_put32(g, VG_GRID + 36, 1);
  vg_put32(g, VG_GRID + 40, 1);
  vg_put64(g, VG_GRID + 56, 512);
  /* root: bbox (0,0,0)..(7,7,7), one tile, background -1.5 */
  for (int i = 0; i < 3; i++)
    vg_put32(g, VG_ROOT + 12 + 4 * i, 7);
  vg_put32(g, VG_ROOT + 24, 1);
  vg_putf(g, VG_ROOT + 28, -1.5f);
  vg_put64(g, VG_ROOT + 64 + 0, 0); /* key of (0, 0, 0) */
  vg_put64(g, VG_ROOT + 64 + 8, VG_UPPER - VG_ROOT);
  /* upper: child 0 (the lower node), tile 1 = 7 */
  vg_put32(g, VG_UPPER + 4128, 1);
  vg_put64(g, VG_UPPER + 8256, VG_LOWER - VG_UPPER);
  vg_putf(g, VG_UPPER + 8256 + 8, 7.0f);
  /* lower: child 0 (the leaf), tile 1 = 3 */
  vg_put32(g, VG_LOWER + 544, 1);
  vg_put64(g, VG_LOWER + 1088, VG_LEAF - VG_LOWER);
  vg_putf(g, VG_LOWER + 1088 + 8, 3.0f);
  /* leaf: all active, value n */
  for (int w = 0; w < 16; w++)
    vg_put32(g, VG_LEAF + 16 + 4 * w, 0xffffffffu);
  for (int n = 0; n < 512; n++)
    vg_putf(g, VG_LEAF + 96 + 4 * n, (float)n);
  return g;
}

/* ---- the prelude's walk, as plain C ------------------------------------- */
#define WP_FN static inline __attribute__((unused))
#define WP_MATHF(x) __builtin_##x##f
#define WP_AT1(T, a, i)                                                        \
  ((T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0]))
#define WP_GAT1(T, a, i)                                                       \
  ((T *)((char *)(a).grad + (wp_int64)(i) * (a).strides[0]))
/* the adjoints' accumulation (0core_atomic.h in generated code): the tests
 * run one thread */
static inline __attribute__((unused)) float wp_atomic_add_float32(float *p,
                                                                  float v) {
  float old = *p;
  *p += v;
  return old;
}
static inline __attribute__((unused)) double wp_atomic_add_float64(double *p,
                                                                   double v) {
  double old = *p;
  *p += v;
  return old;
}
#include "../../lib/emit/prelude/8volume.h"
#include "../../lib/emit/prelude/8volume_grad.h"
#undef WP_FN
#undef WP_MATHF
#undef WP_AT1
#undef WP_GAT1

#endif
