/* hash_grid.c - hash grids (<warp/hash_grid.h>): the build on the CPU (cell
 * of each point, a stable sort by cell, or by (cell, group) key, and the
 * per-cell ranges), kept in host buffers; a CUDA grid uploads them and its
 * descriptor to the device (hash_grid_cuda.c).  The cell rules are Warp's
 * (warp/native/hashgrid.h): virtual cell floor(p * (1 / width)) in the
 * grid's precision, saturated to [INT_MIN, INT_MAX - 1] (NaN: 0), wrapped
 * into the dims by a non-negative modulo, numbered z * dx * dy + y * dx + x;
 * the sort is stable, so the points of a cell keep their index order. */
#include "hash_grid_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- float16 on the host (IEEE binary16, round to nearest even) ------ */

static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu,
           m = h & 0x3ffu, x;
  if (e == 0x1f)
    x = sign | 0x7f800000u | (m << 13);
  else if (e)
    x = sign | ((e + 112) << 23) | (m << 13);
  else if (!m)
    x = sign;
  else { /* subnormal: normalise */
    e = 113;
    while (!(m & 0x400u))
      m <<= 1, e--;
    x = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

static uint16_t float_to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  uint32_t ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* inf, NaN */
    return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0));
  if (ax >= 0x477ff000u) /* rounds to >= 65520: inf */
    return (uint16_t)(sign | 0x7c00u);
  if (ax < 0x38800000u) { /* subnormal or zero: units of 2^-24 */
    float a;
    memcpy(&a, &ax, sizeof a);
    float q = a * 16777216.0f; /* exact, then round to nearest even */
    uint32_t n = (uint32_t)q;
    float frac = q - (float)n;
    if (frac > 0.5f || (frac == 0.5f && (n & 1)))
      n++;
    return (uint16_t)(sign | n);
  }
  uint32_t e = (ax >> 23) - 112, m = ax & 0x7fffffu;
  uint32_t h = (e << 10) | (m >> 13), rest = m & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
    h++;
  return (uint16_t)(sign | h);
}

static float round_half(float f) {
  return half_to_float(float_to_half(f));
}

/* ---- cells --------------------------------------------------------- */

static int32_t coord_f(float v) {
  float c = floorf(v);
  if (c >= 2147483648.0f)
    return INT32_MAX - 1;
  if (c >= -2147483648.0f)
    return (int32_t)c;
  if (c < -2147483648.0f)
    return INT32_MIN;
  return 0;
}

static int32_t coord_d(double v) {
  double c = floor(v);
  if (c >= 2147483646.0)
    return INT32_MAX - 1;
  if (c >= -2147483648.0)
    return (int32_t)c;
  if (c < -2147483648.0)
    return INT32_MIN;
  return 0;
}

static int32_t wrap(int32_t v, int32_t dim) {
  int32_t c = v % dim;
  return c < 0 ? c + dim : c;
}

/* The cell of the point at `p` (three components of the grid's type). */
static int32_t cell_of(const wp_hash_grid *g, const void *p) {
  const wp_hash_grid_desc *d = &g->host;
  int32_t c[3];
  for (int k = 0; k < 3; k++) {
    if (g->scalar == WP_SCALAR_FLOAT64)
      c[k] = coord_d(((const double *)p)[k] * d->cell_width_inv_d);
    else if (g->scalar == WP_SCALAR_FLOAT32)
      c[k] = coord_f(((const float *)p)[k] * d->cell_width_inv_f);
    else /* float16 product, rounded (Warp's half arithmetic) */
      c[k] = coord_f(round_half(half_to_float(((const uint16_t *)p)[k]) *
                                d->cell_width_inv_f));
  }
  return wrap(c[2], d->dim_z) * (d->dim_x * d->dim_y) +
         wrap(c[1], d->dim_y) * d->dim_x + wrap(c[0], d->dim_x);
}

/* ---- create / reserve / destroy ------------------------------------ */

wp_status wp_hash_grid_create(wp_hash_grid **out, wp_int32 dim_x,
                              wp_int32 dim_y, wp_int32 dim_z, wp_dtype dtype,
                              wp_device device) {
  const char *what = "wp_hash_grid_create";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  *out = NULL;
  if (dim_x < 1 || dim_y < 1 || dim_z < 1)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: hash grid dimensions must be positive, got %d x "
                        "%d x %d",
                        what, (int)dim_x, (int)dim_y, (int)dim_z);
  long long cells = (long long)dim_x * dim_y * dim_z;
  if (cells > WP_HASH_GRID_MAX_CELLS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: %d x %d x %d = %lld cells, more than "
                        "WP_HASH_GRID_MAX_CELLS (%lld)",
                        what, (int)dim_x, (int)dim_y, (int)dim_z, cells,
                        WP_HASH_GRID_MAX_CELLS);
  if (!dtype)
    dtype = WP_FLOAT32;
  if (dtype != WP_FLOAT32 && dtype != WP_FLOAT64 && dtype != WP_FLOAT16) {
    char buf[32];
    return wp_set_error(WP_ERROR_DTYPE_MISMATCH,
                        "%s: a hash grid's dtype is float16, float32 or "
                        "float64, not %s",
                        what, wp_dtype_name(dtype, buf, sizeof buf));
  }
  wp_status st = wpi_check_device(device, what);
  if (st)
    return st;
  wp_hash_grid *g = calloc(1, sizeof *g);
  int32_t *starts = calloc((size_t)cells, sizeof *starts);
  int32_t *ends = calloc((size_t)cells, sizeof *ends);
  if (!g || !starts || !ends) {
    free(g), free(starts), free(ends);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: out of memory for %lld cells", what, cells);
  }
  g->device = device;
  g->scalar = WP_DTYPE_SCALAR(dtype);
  g->cells = cells;
  g->starts = starts;
  g->ends = ends;
  g->host.dim_x = dim_x;
  g->host.dim_y = dim_y;
  g->host.dim_z = dim_z;
  g->host.scalar = g->scalar;
  g->host.cell_starts = starts;
  g->host.cell_ends = ends;
  if (device != WP_DEVICE_CPU && (st = wpi_hash_grid_cuda_create(g, what))) {
    wp_hash_grid_destroy(g);
    return st;
  }
  *out = g;
  return WP_SUCCESS;
}

/* Grows the host buffers (and a CUDA grid's device buffers) to n points. */
static wp_status reserve(wp_hash_grid *g, int64_t n, int keys,
                         const char *what) {
  if (n > g->cap_points) {
    int32_t *ids = realloc(g->ids, (size_t)(n ? n : 1) * sizeof *ids);
    if (!ids)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "%s: out of memory for %lld points", what,
                          (long long)n);
    g->ids = ids;
    g->cap_points = n;
    if (g->host.point_ids) /* realloc kept the tables of the last build */
      g->host.point_ids = ids;
  }
  if (keys && n > g->cap_keys) {
    uint64_t *k = realloc(g->keys, (size_t)(n ? n : 1) * sizeof *k);
    if (!k)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "%s: out of memory for %lld keys", what,
                          (long long)n);
    g->keys = k;
    g->cap_keys = n;
    if (g->host.point_keys)
      g->host.point_keys = k;
  }
  if (g->device != WP_DEVICE_CPU)
    return wpi_hash_grid_cuda_reserve(g, n, keys, what);
  return WP_SUCCESS;
}

wp_status wp_hash_grid_reserve(wp_hash_grid *g, wp_int32 num_points,
                               wp_int32 with_groups) {
  const char *what = "wp_hash_grid_reserve";
  if (!g)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: grid is NULL", what);
  if (num_points < 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: num_points is negative (%d)", what,
                        (int)num_points);
  return reserve(g, num_points, with_groups != 0, what);
}

wp_uint64 wp_hash_grid_id(const wp_hash_grid *g) {
  if (!g)
    return 0;
  if (g->device != WP_DEVICE_CPU)
    return (wp_uint64)(uintptr_t)g->d_desc;
  return (wp_uint64)(uintptr_t)&g->host;
}

wp_int32 wp_hash_grid_num_points(const wp_hash_grid *g) {
  return g ? g->host.num_points : 0;
}

void wp_hash_grid_destroy(wp_hash_grid *g) {
  if (!g)
    return;
  if (g->device != WP_DEVICE_CPU)
    wpi_hash_grid_cuda_destroy(g);
  free(g->ids);
  free(g->keys);
  free(g->starts);
  free(g->ends);
  free(g);
}

/* ---- build ------------------------------------------------------------ */

static wp_int64 numel(const wp_array *a) {
  wp_int64 n = 1;
  for (int k = 0; k < a->ndim; k++)
    n *= a->shape[k];
  return n;
}

/* The address of element i (row-major) of host array a. */
static const char *element(const wp_array *a, wp_int64 i) {
  const char *p = a->data;
  for (int k = a->ndim - 1; k >= 0; k--) {
    wp_int64 ik = a->shape[k] ? i % a->shape[k] : 0;
    p += ik * a->strides[k];
    i = a->shape[k] ? i / a->shape[k] : 0;
  }
  return p;
}

static int by_key(const void *a, const void *b) {
  const uint64_t *x = a, *y = b; /* (key, index) pairs */
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Sorts host points (and groups) into g's host buffers. */
static wp_status sort_points(wp_hash_grid *g, const wp_array *pts,
                             const wp_array *groups, int32_t n,
                             const char *what) {
  int32_t *ids = g->ids, *starts = g->starts, *ends = g->ends;
  if (!groups) {
    /* counting sort by cell: stable (index order within a cell) */
    int32_t *cell = malloc(sizeof *cell * (size_t)(n ? n : 1));
    if (!cell)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "%s: out of memory for %d points", what, (int)n);
    memset(starts, 0, sizeof *starts * (size_t)g->cells);
    memset(ends, 0, sizeof *ends * (size_t)g->cells);
    for (int32_t i = 0; i < n; i++) {
      cell[i] = cell_of(g, element(pts, i));
      ends[cell[i]]++; /* counts for now */
    }
    int64_t run = 0;
    for (int64_t c = 0; c < g->cells; c++) {
      starts[c] = (int32_t)run;
      run += ends[c];
      ends[c] = starts[c]; /* the fill position */
    }
    for (int32_t i = 0; i < n; i++)
      ids[ends[cell[i]]++] = i;
    for (int64_t c = 0; c < g->cells; c++)
      if (starts[c] == ends[c])
        starts[c] = ends[c] = 0; /* empty cells: 0, 0 as in Warp */
    free(cell);
    return WP_SUCCESS;
  }
  uint64_t *pairs = malloc(sizeof *pairs * 2 * (size_t)(n ? n : 1));
  if (!pairs)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: out of memory for %d points", what, (int)n);
  memset(starts, 0, sizeof *starts * (size_t)g->cells);
  memset(ends, 0, sizeof *ends * (size_t)g->cells);
  for (int32_t i = 0; i < n; i++) {
    uint32_t grp = (uint32_t) * (const int32_t *)element(groups, i);
    pairs[2 * i] =
        ((uint64_t)(uint32_t)cell_of(g, element(pts, i)) << 32) | (uint64_t)grp;
    pairs[2 * i + 1] = (uint64_t)i;
  }
  qsort(pairs, (size_t)n, 2 * sizeof *pairs, by_key);
  for (int32_t i = 0; i < n; i++) {
    g->keys[i] = pairs[2 * i];
    ids[i] = (int32_t)pairs[2 * i + 1];
    int32_t c = (int32_t)(pairs[2 * i] >> 32);
    if (i == 0 || (int32_t)(pairs[2 * i - 2] >> 32) != c)
      starts[c] = i;
    ends[c] = i + 1;
  }
  free(pairs);
  return WP_SUCCESS;
}

/* Checks an array argument of a build: valid, dtype, device. */
static wp_status check_arg(const wp_hash_grid *g, const wp_array *a,
                           wp_dtype dtype, const char *name, const char *what) {
  char prefix[64];
  snprintf(prefix, sizeof prefix, "%s: %s", what, name);
  wp_status st = wpi_check_array(a, prefix);
  if (st)
    return st;
  if (a->dtype != dtype) {
    char want[32], got[32];
    return wp_set_error(WP_ERROR_DTYPE_MISMATCH,
                        "%s: %s should have dtype %s for this hash grid, got "
                        "%s",
                        what, name, wp_dtype_name(dtype, want, sizeof want),
                        wp_dtype_name(a->dtype, got, sizeof got));
  }
  if (a->device != g->device) {
    char dg[WPI_DEVICE_NAME_MAX], da[WPI_DEVICE_NAME_MAX];
    return wp_set_error(WP_ERROR_DEVICE_MISMATCH,
                        "%s: %s live on %s, the hash grid on %s", what, name,
                        wpi_device_name(a->device, da),
                        wpi_device_name(g->device, dg));
  }
  return WP_SUCCESS;
}

wp_status wp_hash_grid_build(wp_hash_grid *g, const wp_array *points,
                             double radius, const wp_array *groups) {
  const char *what = "wp_hash_grid_build";
  if (!g)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: grid is NULL", what);
  if (!points)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: points is NULL", what);
  wp_status st =
      check_arg(g, points, WP_VEC_DTYPE(g->scalar, 3), "points", what);
  if (!st && groups)
    st = check_arg(g, groups, WP_INT32, "groups", what);
  if (st)
    return st;
  wp_int64 n = numel(points);
  if (n > INT32_MAX)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: %lld points, more than a hash grid holds "
                        "(2^31 - 1)",
                        what, (long long)n);
  if (groups && numel(groups) != n)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: groups has %lld elements, points %lld", what,
                        (long long)numel(groups), (long long)n);
  /* the width and its inverse in the grid's precision (Warp: Type(1) /
     Type(radius)) */
  double w = radius, inv;
  if (g->scalar == WP_SCALAR_FLOAT32) {
    w = (float)radius;
    inv = 1.0f / (float)w;
  } else if (g->scalar == WP_SCALAR_FLOAT16) {
    w = half_to_float(float_to_half((float)radius));
    inv = round_half(1.0f / (float)w);
  } else
    inv = 1.0 / w;
  if (!(w > 0.0) || !isfinite(w) || !isfinite(inv))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the cell width (radius) must be positive and "
                        "finite in the grid's precision, got %g",
                        what, radius);
  if ((st = reserve(g, n, groups != NULL, what)))
    return st;
  /* CUDA: the points (and groups) on the host */
  wp_array hp, hg;
  const wp_array *pts = points, *grp = groups;
  if (g->device != WP_DEVICE_CPU) {
    if ((st = wpi_hash_grid_to_host(points, &hp, what)))
      return st;
    if (groups && (st = wpi_hash_grid_to_host(groups, &hg, what))) {
      wp_array_free(&hp);
      return st;
    }
    pts = &hp;
    grp = groups ? &hg : NULL;
  }
  wp_hash_grid_desc old = g->host;
  g->host.cell_width_f = (float)w;
  g->host.cell_width_inv_f = (float)inv;
  g->host.cell_width_d = w;
  g->host.cell_width_inv_d = inv;
  st = sort_points(g, pts, grp, (int32_t)n, what);
  if (pts != points)
    wp_array_free(&hp);
  if (grp && grp != groups)
    wp_array_free(&hg);
  if (st) {
    g->host = old;
    return st;
  }
  g->host.num_points = (int32_t)n;
  g->host.has_groups = groups != NULL;
  g->host.point_ids = g->ids;
  g->host.point_keys = groups ? g->keys : NULL;
  if (g->device != WP_DEVICE_CPU)
    return wpi_hash_grid_cuda_upload(g, what);
  return WP_SUCCESS;
}
