/* hash_grid_internal.h - the hash grid object (<warp/hash_grid.h>) shared
 * by hash_grid.c (the CPU build) and hash_grid_cuda.c (a CUDA grid's
 * device copy). */
#ifndef WARPRT_HASH_GRID_INTERNAL_H
#define WARPRT_HASH_GRID_INTERNAL_H

#include "internal.h"

#include <stdint.h>

struct wp_hash_grid {
  wp_device device;
  int scalar;    /* WP_SCALAR_FLOAT16/32/64 */
  int64_t cells; /* dim_x * dim_y * dim_z */
  /* the host tables of the last build; host.point_ids etc. point here and
     &host is a CPU grid's id */
  wp_hash_grid_desc host;
  int32_t *ids, *starts, *ends;
  uint64_t *keys;
  int64_t cap_points, cap_keys;
  /* CUDA grids: device copies of the tables and of the descriptor (the
     id), capacities as the host's */
  void *d_ids, *d_starts, *d_ends, *d_keys, *d_desc;
  int64_t d_cap_points, d_cap_keys;
};

/* hash_grid_cuda.c.  Each returns WP_SUCCESS or an error set with `what`
 * (the public function) as the message's start. */
/* The device descriptor (empty grid) and cell tables of a new grid. */
wp_status wpi_hash_grid_cuda_create(wp_hash_grid *g, const char *what);
/* Device tables for n points (and keys); a reallocation uploads an empty
 * descriptor first, so that the id never points at freed memory. */
wp_status wpi_hash_grid_cuda_reserve(wp_hash_grid *g, int64_t n, int keys,
                                     const char *what);
/* Copies the host tables of the last build and the descriptor (with device
 * pointers) to the device. */
wp_status wpi_hash_grid_cuda_upload(wp_hash_grid *g, const char *what);
void wpi_hash_grid_cuda_destroy(wp_hash_grid *g);
/* A contiguous host copy of CUDA array a (free with wp_array_free). */
wp_status wpi_hash_grid_to_host(const wp_array *a, wp_array *out,
                                const char *what);

#endif
