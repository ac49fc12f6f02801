/* volume_internal.h - what volume.c (loading, devices) and volume_check.c
 * (the NanoVDB grid checks) share.  Not public. */
#ifndef WARPRT_VOLUME_INTERNAL_H
#define WARPRT_VOLUME_INTERNAL_H

#include "internal.h"

/* Byte offsets of NanoVDB's GridData and TreeData (NanoVDB.h, major 32). */
enum {
  WPI_NVDB_GRID_SIZE = 672, /* GridData; TreeData follows */
  WPI_NVDB_OFF_VERSION = 16,
  WPI_NVDB_OFF_GRID_INDEX = 24,
  WPI_NVDB_OFF_GRID_COUNT = 28,
  WPI_NVDB_OFF_GRID_SIZE = 32,
  WPI_NVDB_OFF_NAME = 40,
  WPI_NVDB_OFF_MAP = 296, /* Map: matF[9], invMatF[9], vecF[3], ... */
  WPI_NVDB_OFF_WORLD_BBOX = 560,
  WPI_NVDB_OFF_VOXEL_SIZE = 608,
  WPI_NVDB_OFF_GRID_TYPE = 636,
  WPI_NVDB_TREE_SIZE = 64,
};

/* Checks the grid at `g` (`size` bytes readable; the grid's own size field
 * may be smaller) and fills the layout fields of *desc (all but `grid`).
 * Returns WP_SUCCESS, WP_ERROR_INVALID_VALUE (corrupt, truncated) or
 * WP_ERROR_NOT_SUPPORTED (version, grid type) with a message starting with
 * `what`. */
wp_status wpi_volume_check(const unsigned char *g, wp_size size,
                           wp_volume_desc *desc, const char *what);

/* warp-lang's type_str of a NanoVDB GridType ("float", "Vec3f", ...);
 * "unknown" for others. */
const char *wpi_volume_type_name(wp_uint32 grid_type);

/* Little-endian reads at g + off (the caller checked the bounds). */
wp_uint32 wpi_rd32(const unsigned char *g, wp_uint64 off);
wp_uint64 wpi_rd64(const unsigned char *g, wp_uint64 off);

#endif
