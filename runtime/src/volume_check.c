/* volume_check.c - checking a NanoVDB grid before anything walks it: every
 * offset and count of the GridData, TreeData, root table and internal-node
 * child tables against the buffer, so that kernels can follow child
 * pointers without bounds checks.  The node layouts are NanoVDB's
 * (NanoVDB.h, major version 32: RootData, InternalData<3>/<2>, LeafData),
 * whose sizes depend on the value type through the value, stats and table
 * entry sizes and the 32-byte alignment of every node. */
#include "volume_internal.h"

#include <stdio.h>
#include <string.h>

#include "../include/warp/volume.h"

wp_uint32 wpi_rd32(const unsigned char *g, wp_uint64 off) {
  wp_uint32 v;
  memcpy(&v, g + off, sizeof v);
  return v;
}

wp_uint64 wpi_rd64(const unsigned char *g, wp_uint64 off) {
  wp_uint64 v;
  memcpy(&v, g + off, sizeof v);
  return v;
}

/* Per value type: offsets within the root node (background value, size of
 * the node before its tiles), a root tile (its value, its size), the
 * internal nodes (the start of the child/value table, the bytes of a table
 * entry) and a leaf (its values or index words, its size). */
struct layout {
  wp_uint32 type;
  const char *name;
  wp_uint32 root_background, root_size, tile_value, tile_size;
  wp_uint32 upper_table, lower_table, table_stride;
  wp_uint32 leaf_table, leaf_size, value_size;
};

static const struct layout layouts[] = {
    {WP_VOLUME_FLOAT, "float", 28, 64, 20, 32, 8256, 1088, 8, 96, 2144, 4},
    {WP_VOLUME_DOUBLE, "double", 32, 96, 24, 32, 8256, 1088, 8, 128, 4224, 8},
    {WP_VOLUME_INT32, "int32", 28, 64, 20, 32, 8256, 1088, 8, 96, 2144, 4},
    {WP_VOLUME_INT64, "int64", 32, 96, 24, 32, 8256, 1088, 8, 128, 4224, 8},
    {WP_VOLUME_VEC3F, "Vec3f", 28, 96, 20, 32, 8256, 1088, 16, 128, 6272, 12},
    {WP_VOLUME_VEC3D, "Vec3d", 32, 128, 24, 64, 8288, 1120, 24, 160, 12448, 24},
    {WP_VOLUME_UINT32, "uint32", 28, 64, 20, 32, 8256, 1088, 8, 96, 2144, 4},
    {WP_VOLUME_VEC4F, "Vec4f", 28, 96, 20, 64, 8288, 1120, 16, 128, 8320, 16},
    {WP_VOLUME_VEC4D, "Vec4d", 32, 160, 24, 64, 8320, 1152, 32, 160, 16544, 32},
    {WP_VOLUME_INDEX, "Index", 32, 96, 24, 32, 8256, 1088, 8, 80, 96, 0},
    {WP_VOLUME_ONINDEX, "OnIndex", 32, 96, 24, 32, 8256, 1088, 8, 80, 96, 0},
    {WP_VOLUME_INDEXMASK, "IndexMask", 32, 96, 24, 32, 8256, 1088, 8, 80, 160,
     0},
    {WP_VOLUME_ONINDEXMASK, "OnIndexMask", 32, 96, 24, 32, 8256, 1088, 8, 80,
     160, 0},
};

/* NanoVDB GridType names of the types refused, for messages. */
static const char *const other_types[] = {
    "Unknown", NULL,   NULL,         "int16",  NULL,      NULL,    NULL,
    NULL,      "Mask", "Half",       NULL,     "bool",    "RGBA8", "Fp4",
    "Fp8",     "Fp16", "FpN",        NULL,     NULL,      NULL,    NULL,
    NULL,      NULL,   "PointIndex", "Vec3u8", "Vec3u16", "uint8"};

static const struct layout *find_layout(wp_uint32 type) {
  for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
    if (layouts[i].type == type)
      return &layouts[i];
  return NULL;
}

const char *wpi_volume_type_name(wp_uint32 type) {
  const struct layout *l = find_layout(type);
  if (l)
    return l->name;
  if (type < sizeof other_types / sizeof other_types[0] && other_types[type])
    return other_types[type];
  return "unknown";
}

enum {
  UPPER_DIM = 32 * 32 * 32, /* children of an upper node */
  LOWER_DIM = 16 * 16 * 16, /* children of a lower node */
  UPPER_CHILD_MASK = 4128,  /* InternalData<3>::mChildMask */
  LOWER_CHILD_MASK = 544,   /* InternalData<2>::mChildMask */
  NODE_ALIGN = 8,           /* NanoVDB aligns to 32; 8 is what reads need */
};

/* One level's nodes: `count` nodes of `size` bytes from `base`. */
struct level {
  wp_uint64 base, count, size;
  const char *name;
};

/* Whether `at` is the start of one of the level's nodes. */
static int on_node(const struct level *L, wp_int64 at) {
  if (at < 0 || (wp_uint64)at < L->base)
    return 0;
  wp_uint64 d = (wp_uint64)at - L->base;
  return d % L->size == 0 && d / L->size < L->count;
}

static wp_status bad(const char *what, const char *fmt, wp_uint64 a,
                     wp_uint64 b) {
  char msg[160];
  snprintf(msg, sizeof msg, fmt, (unsigned long long)a, (unsigned long long)b);
  return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: corrupt NanoVDB grid: %s",
                      what, msg);
}

/* The level at tree offset `off` (relative to the TreeData) with `count`
 * nodes of `size` bytes, checked to lie within the grid's `gsz` bytes. */
static wp_status set_level(struct level *L, wp_uint64 off, wp_uint64 count,
                           wp_uint64 size, wp_uint64 gsz, const char *name,
                           const char *what) {
  L->base = WPI_NVDB_GRID_SIZE + off;
  L->count = count;
  L->size = size;
  L->name = name;
  if (count == 0)
    return WP_SUCCESS;
  if (off > gsz || L->base > gsz || L->base % NODE_ALIGN)
    return bad(what,
               "a node level starts at byte %llu, outside the grid or "
               "misaligned (grid of %llu bytes)",
               L->base, gsz);
  if (count > (gsz - L->base) / size)
    return bad(what, "%llu nodes do not fit in the grid after byte %llu", count,
               L->base);
  return WP_SUCCESS;
}

/* Checks the children of every node of `P` (child masks at `mask_off`, `dim`
 * bits; pointers in the table at `table` every `stride` bytes, relative to
 * the node) land on nodes of `C`. */
static wp_status check_children(const unsigned char *g, const struct level *P,
                                const struct level *C, wp_uint32 mask_off,
                                wp_uint32 dim, wp_uint32 table,
                                wp_uint32 stride, const char *what) {
  for (wp_uint64 k = 0; k < P->count; k++) {
    wp_uint64 node = P->base + k * P->size;
    for (wp_uint32 w = 0; w < dim / 32; w++) {
      wp_uint32 bits = wpi_rd32(g, node + mask_off + 4u * w);
      while (bits) {
        wp_uint32 n = w * 32u + (wp_uint32)__builtin_ctz(bits);
        bits &= bits - 1;
        wp_int64 child =
            (wp_int64)wpi_rd64(g, node + table + (wp_uint64)stride * n);
        wp_int64 at = (wp_int64)node + child;
        if (child < -(wp_int64)node || !on_node(C, at))
          return bad(what,
                     "a child pointer of the node at byte %llu (entry "
                     "%llu) does not lead to a node of the next level",
                     node, n);
      }
    }
  }
  return WP_SUCCESS;
}

wp_status wpi_volume_check(const unsigned char *g, wp_size size,
                           wp_volume_desc *d, const char *what) {
  const wp_uint64 head = WPI_NVDB_GRID_SIZE + WPI_NVDB_TREE_SIZE;
  if (size < head)
    return bad(what, "%llu bytes, less than the %llu of its headers", size,
               head);
  if (memcmp(g, "NanoVDB0", 8) && memcmp(g, "NanoVDB1", 8))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: not a NanoVDB grid (no NanoVDB0/NanoVDB1 magic)",
                        what);
  wp_uint32 version = wpi_rd32(g, WPI_NVDB_OFF_VERSION);
  if (version >> 21 != 32)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: NanoVDB version %u.%u of the grid is not "
                        "supported (major version 32 is)",
                        what, version >> 21, (version >> 10) & 0x7ffu);
  wp_uint64 gsz = wpi_rd64(g, WPI_NVDB_OFF_GRID_SIZE);
  if (gsz < head || gsz > size)
    return bad(what, "its size field says %llu bytes, %llu are there", gsz,
               size);
  wp_uint32 type = wpi_rd32(g, WPI_NVDB_OFF_GRID_TYPE);
  const struct layout *l = find_layout(type);
  if (!l)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: NanoVDB grids of type %s (GridType %u) are not "
                        "supported",
                        what, wpi_volume_type_name(type), type);
  const unsigned char *t = g + WPI_NVDB_GRID_SIZE;
  wp_uint64 upper_size =
      l->upper_table + (wp_uint64)UPPER_DIM * l->table_stride;
  wp_uint64 lower_size =
      l->lower_table + (wp_uint64)LOWER_DIM * l->table_stride;
  struct level leaf, lower, upper;
  wp_status st;
  if ((st = set_level(&leaf, wpi_rd64(t, 0), wpi_rd32(t, 32), l->leaf_size, gsz,
                      "leaf", what)) ||
      (st = set_level(&lower, wpi_rd64(t, 8), wpi_rd32(t, 36), lower_size, gsz,
                      "lower", what)) ||
      (st = set_level(&upper, wpi_rd64(t, 16), wpi_rd32(t, 40), upper_size, gsz,
                      "upper", what)))
    return st;
  wp_uint64 root_off = wpi_rd64(t, 24);
  wp_uint64 root = WPI_NVDB_GRID_SIZE + root_off;
  if (root_off > gsz || root > gsz || root % NODE_ALIGN ||
      gsz - root < l->root_size)
    return bad(what,
               "the root node at byte %llu does not fit in the %llu "
               "bytes of the grid",
               root, gsz);
  wp_uint32 tiles = wpi_rd32(g, root + 24);
  if (tiles > (gsz - root - l->root_size) / l->tile_size)
    return bad(what, "%llu root tiles do not fit in the grid after byte %llu",
               tiles, root + l->root_size);
  for (wp_uint32 i = 0; i < tiles; i++) {
    wp_uint64 tile = root + l->root_size + (wp_uint64)i * l->tile_size;
    wp_int64 child = (wp_int64)wpi_rd64(g, tile + 8);
    if (child != 0 &&
        (child < -(wp_int64)root || !on_node(&upper, (wp_int64)root + child)))
      return bad(what,
                 "root tile %llu (at byte %llu) does not lead to an "
                 "upper node",
                 i, tile);
  }
  if ((st = check_children(g, &upper, &lower, UPPER_CHILD_MASK, UPPER_DIM,
                           l->upper_table, l->table_stride, what)) ||
      (st = check_children(g, &lower, &leaf, LOWER_CHILD_MASK, LOWER_DIM,
                           l->lower_table, l->table_stride, what)))
    return st;
  d->grid_size = gsz;
  d->root = root;
  d->leaf_base = leaf.base;
  d->grid_type = type;
  d->tile_count = tiles;
  d->root_size = l->root_size;
  d->root_background = l->root_background;
  d->tile_size = l->tile_size;
  d->tile_value = l->tile_value;
  d->upper_table = l->upper_table;
  d->lower_table = l->lower_table;
  d->leaf_table = l->leaf_table;
  d->leaf_size = l->leaf_size;
  d->table_stride = l->table_stride;
  d->value_size = l->value_size;
  return WP_SUCCESS;
}
