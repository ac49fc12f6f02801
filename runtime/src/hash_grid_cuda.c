/* hash_grid_cuda.c - a CUDA hash grid's device side (hash_grid_internal.h):
 * the descriptor (the grid's id) and the sorted tables, uploaded from the
 * host build with synchronous copies. */
#include "cuda_internal.h"

#include <string.h>

#include "hash_grid_internal.h"

static wp_status put(wp_hash_grid *g, void *dst, const void *src, wp_size bytes,
                     const char *what) {
  if (!bytes)
    return WP_SUCCESS;
  return wpi_cuda_copy(g->device, dst, WP_DEVICE_CPU, src, bytes, 0, NULL,
                       what);
}

/* Uploads the descriptor: the host's fields with device table pointers, or
 * an empty grid (no points) when `empty`. */
static wp_status put_desc(wp_hash_grid *g, int empty, const char *what) {
  wp_hash_grid_desc d = g->host;
  d.cell_starts = g->d_starts;
  d.cell_ends = g->d_ends;
  d.point_ids = empty ? NULL : g->d_ids;
  d.point_keys = empty || !g->host.point_keys ? NULL : g->d_keys;
  if (empty)
    d.num_points = 0, d.has_groups = 0;
  return put(g, g->d_desc, &d, sizeof d, what);
}

wp_status wpi_hash_grid_cuda_create(wp_hash_grid *g, const char *what) {
  wp_size bytes = (wp_size)g->cells * sizeof(wp_int32);
  wp_status st = wpi_cuda_alloc(g->device, bytes, &g->d_starts, what);
  if (!st)
    st = wpi_cuda_alloc(g->device, bytes, &g->d_ends, what);
  if (!st)
    st = wpi_cuda_alloc(g->device, sizeof(wp_hash_grid_desc), &g->d_desc, what);
  if (!st)
    st = put_desc(g, 1, what);
  return st;
}

wp_status wpi_hash_grid_cuda_reserve(wp_hash_grid *g, int64_t n, int keys,
                                     const char *what) {
  int grow_ids = n > g->d_cap_points, grow_keys = keys && n > g->d_cap_keys;
  if (!grow_ids && !grow_keys)
    return WP_SUCCESS;
  /* the id must not see the old tables once they are freed */
  wp_status st = put_desc(g, 1, what);
  if (st)
    return st;
  g->host.point_ids = NULL; /* the host says so too until the next build */
  g->host.num_points = 0;
  if (grow_ids) {
    void *p;
    if ((st = wpi_cuda_alloc(g->device, (wp_size)n * sizeof(wp_int32), &p,
                             what)))
      return st;
    wpi_cuda_free(g->device, g->d_ids);
    g->d_ids = p;
    g->d_cap_points = n;
  }
  if (grow_keys) {
    void *p;
    if ((st = wpi_cuda_alloc(g->device, (wp_size)n * sizeof(wp_uint64), &p,
                             what)))
      return st;
    wpi_cuda_free(g->device, g->d_keys);
    g->d_keys = p;
    g->d_cap_keys = n;
  }
  return WP_SUCCESS;
}

wp_status wpi_hash_grid_cuda_upload(wp_hash_grid *g, const char *what) {
  wp_size n = (wp_size)g->host.num_points, cells = (wp_size)g->cells;
  wp_status st = put_desc(g, 1, what); /* empty while the tables change */
  if (!st)
    st = put(g, g->d_ids, g->ids, n * sizeof(wp_int32), what);
  if (!st && g->host.point_keys)
    st = put(g, g->d_keys, g->keys, n * sizeof(wp_uint64), what);
  if (!st)
    st = put(g, g->d_starts, g->starts, cells * sizeof(wp_int32), what);
  if (!st)
    st = put(g, g->d_ends, g->ends, cells * sizeof(wp_int32), what);
  if (!st)
    st = put_desc(g, 0, what);
  return st;
}

void wpi_hash_grid_cuda_destroy(wp_hash_grid *g) {
  void **bufs[] = {&g->d_ids, &g->d_starts, &g->d_ends, &g->d_keys, &g->d_desc};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
    if (*bufs[i]) {
      wpi_cuda_free(g->device, *bufs[i]);
      *bufs[i] = NULL;
    }
}

wp_status wpi_hash_grid_to_host(const wp_array *a, wp_array *out,
                                const char *what) {
  wp_status st = wp_array_alloc(out, a->dtype, (wp_size)a->elem_size, a->ndim,
                                a->shape, 0, WP_DEVICE_CPU);
  if (!st && (st = wp_array_copy(out, a))) {
    wp_array_free(out);
    return wp_set_error(st, "%s: copying the points to the host: %s", what,
                        wp_last_error());
  }
  return st;
}
