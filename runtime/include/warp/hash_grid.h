/* warp/hash_grid.h - hash grids: Warp's wp.HashGrid, the spatial hash that
 * kernels query with wp.hash_grid_query / wp.hash_grid_query_next /
 * wp.hash_grid_point_id.
 *
 *   wp_hash_grid *g;
 *   wp_hash_grid_create(&g, 128, 128, 128, WP_FLOAT32, WP_DEVICE_CPU);
 *   wp_hash_grid_build(g, &points, radius, NULL);    (points: vec3f array)
 *   kernels_step(&launch, wp_hash_grid_id(g), ...);  (a wp.uint64 parameter)
 *   wp_hash_grid_destroy(g);
 *
 * A grid of dim_x * dim_y * dim_z cells of width `radius` (the build's
 * cell width) hashes a point p to the virtual cell floor(p / width) per
 * axis, wrapped into the grid by a non-negative modulo of each dim, so the
 * grid covers all of space periodically (points outside the dims share the
 * cells of points a multiple of dim cells away; queries find them and the
 * kernel filters by distance, as in Warp).  The cell numbering, the order
 * of the points within a cell (by index, or by group then index for a
 * grouped build) and the order in which queries visit cells are those of
 * warp-lang 1.19 (warp/native/hashgrid.h), so wp.hash_grid_point_id and
 * the iteration order of queries are the same as Warp's.
 *
 * Precision: a grid has the scalar type of its points: WP_FLOAT32 (vec3f
 * points, Warp's default), WP_FLOAT64 (vec3d) or WP_FLOAT16 (vec3h); 1 /
 * width is computed in that precision, as Warp does.  Kernels query a grid
 * with points of the same precision.
 *
 * Devices: a grid lives on the CPU or on one CUDA device, the device of
 * the arrays it is built from.  The build always sorts on the CPU: for a
 * CUDA grid, wp_hash_grid_build copies the points (and groups) to the host,
 * sorts them, and uploads the sorted index and cell tables and the grid's
 * descriptor to the device with synchronous copies (so it must not be
 * called during a graph capture; ordered after the work queued on the
 * device's legacy stream, before the caller's next launch).  The id
 * (wp_hash_grid_id) is the address of the grid's descriptor
 * (wp_hash_grid_desc of <warp/abi.h>) in the memory of the grid's device,
 * as in Warp; it is 0 for no grid, and a query of id 0 finds nothing.
 *
 * Threads: a grid may be queried by any number of kernels at once, but
 * built, reserved or destroyed by one thread at a time and not while a
 * kernel that uses it runs.
 *
 * Every function returns WP_SUCCESS or a wp_status with a message
 * (wp_last_error, <warp/error.h>); after a failed build, queries find the
 * points of the previous build or none (never freed memory). */
#ifndef WARP_HASH_GRID_H
#define WARP_HASH_GRID_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most cells a grid may have (dim_x * dim_y * dim_z): Warp's limit,
 * 2^31 - 1. */
#define WP_HASH_GRID_MAX_CELLS 2147483647LL

typedef struct wp_hash_grid wp_hash_grid;

/* Makes an empty grid of dim_x * dim_y * dim_z cells (each >= 1, the
 * product at most WP_HASH_GRID_MAX_CELLS) for points of scalar type
 * `dtype` (WP_FLOAT32, WP_FLOAT64 or WP_FLOAT16; 0 means WP_FLOAT32) on
 * `device`, and stores it in *out (the caller owns it: wp_hash_grid_destroy).
 * Until the first build, queries find nothing.  Errors:
 * WP_ERROR_INVALID_VALUE (out NULL, a dim < 1, too many cells),
 * WP_ERROR_DTYPE_MISMATCH (another dtype), WP_ERROR_NO_DEVICE (no such
 * device), WP_ERROR_OUT_OF_MEMORY, WP_ERROR_CUDA. */
wp_status wp_hash_grid_create(wp_hash_grid **out, wp_int32 dim_x,
                              wp_int32 dim_y, wp_int32 dim_z, wp_dtype dtype,
                              wp_device device);

/* Rebuilds the grid from `points` (an array of vec3f / vec3d / vec3h, the
 * grid's precision, of any shape and strides, taken in row-major order as
 * Warp flattens it; its element k is point k) with cells of width `radius`
 * (> 0; converted to the grid's precision).  `groups`, when not NULL, is an
 * int32 array of as many elements as points (on the same device): the
 * group of each point, for the grouped queries
 * wp.hash_grid_query(id, p, r, group), which visit only that group's
 * points; without groups a grouped query visits every point, as in Warp.
 * Call it again whenever the points move.  Errors: WP_ERROR_INVALID_VALUE
 * (g or points NULL, an invalid array, radius not > 0 or not finite after
 * conversion, more than 2^31 - 1 points, groups of another size),
 * WP_ERROR_DTYPE_MISMATCH (points not of the grid's vector type, groups not
 * int32), WP_ERROR_DEVICE_MISMATCH (an array on another device than the
 * grid), WP_ERROR_OUT_OF_MEMORY, WP_ERROR_CUDA. */
wp_status wp_hash_grid_build(wp_hash_grid *g, const wp_array *points,
                             double radius, const wp_array *groups);

/* Reserves room for builds of up to num_points points (with groups when
 * with_groups is non-zero), so that such builds allocate nothing.  A CPU
 * grid keeps its points; a CUDA grid whose device buffers grow finds no
 * points until its next build.
 * Errors: WP_ERROR_INVALID_VALUE (g NULL, num_points < 0),
 * WP_ERROR_OUT_OF_MEMORY, WP_ERROR_CUDA. */
wp_status wp_hash_grid_reserve(wp_hash_grid *g, wp_int32 num_points,
                               wp_int32 with_groups);

/* The grid's id for kernels (a wp.uint64 parameter); 0 when g is NULL.
 * It stays the same for the grid's life (builds keep it). */
wp_uint64 wp_hash_grid_id(const wp_hash_grid *g);

/* The number of points of the last build (0 before it; 0 when g is NULL). */
wp_int32 wp_hash_grid_num_points(const wp_hash_grid *g);

/* Releases the grid and its memory (host and device); NULL is a no-op.
 * Its id must not be used afterwards. */
void wp_hash_grid_destroy(wp_hash_grid *g);

#ifdef __cplusplus
}
#endif
#endif
