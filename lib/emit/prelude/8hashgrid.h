/* 8hashgrid.h - hash-grid queries of generated code: hash_grid_query,
 * hash_grid_query_next (as the query-state builtins _query_next,
 * _query_found and _query_index of lib/lower/lower_query.c) and
 * hash_grid_point_id, over the grid descriptor wp_hash_grid_desc of
 * <warp/abi.h> that a kernel's uint64 id points to.
 *
 * The rules are warp-lang 1.19's (warp/native/hashgrid.h), so that results
 * come in the same order: a query of point p and radius r visits the
 * virtual cells floor((p - r) * inv) .. floor((p + r) * inv) per axis
 * (inv = 1 / cell width in the grid's precision; at most one pass over each
 * axis's dim cells), x fastest, then y, then z, and in each cell the points
 * in their sorted order (index order, or group then index for a grouped
 * query).  A virtual coordinate is floor() saturated to
 * [INT_MIN, INT_MAX - 1], NaN to 0.  float16 queries compute p - r and the
 * product in float16 (each step rounded), as Warp does.  The query state
 * records the descriptor's address (Warp copies the descriptor: the same
 * unless the grid is rebuilt while the kernel runs).  A query of id 0, or
 * of a grid never built, finds nothing.
 *
 * The vector arguments are taken by macros (the vector types are defined
 * by the generated code after the preludes): any value with a .c[3]. */

#if defined(__clang__) && !defined(__CUDACC__)
#define WP__HG_SCALAR_LOOP                                                     \
  _Pragma("clang loop vectorize(disable) interleave(disable) unroll(disable)")
#else
#define WP__HG_SCALAR_LOOP
#endif

typedef struct wp_hash_grid_query_t {
  const wp_hash_grid_desc *grid;
  /* rows (y, z) of virtual cells; cy, cz, cy_start wrapped into the grid
     (mod dim_y, dim_z): stepped with them, so that a row costs no division */
  wp_int32 y_start, z_start, y_end, z_end, y, z;
  wp_int32 cy, cz, cy_start;
  /* a row: nx cells from x_start (cx_start wrapped), taken as runs of
     consecutive cells (one run, two where the row wraps past dim_x, or one
     cell at a time for a group query); ox: the row's cells done */
  wp_int32 cx_start, nx, ox;
  wp_int32 cell_index, cell_end; /* the sorted points left in this run */
  wp_int32 current;              /* the last result */
  wp_int32 group, per_cell;      /* per_cell: a group query of a grouped grid */
  wp_int32 found;                /* whether the last advance found a point */
  wp_int32 done;                 /* every cell visited */
} wp_hash_grid_query_t;
typedef wp_hash_grid_query_t wp_hash_grid_query_f;
typedef wp_hash_grid_query_t wp_hash_grid_query_d;
typedef wp_hash_grid_query_t wp_hash_grid_query_h;

WP_FN wp_int32 wp__hg_coord_f(float v) {
  float c = WP_MATHF(floor)(v);
  if (c >= 2147483648.0f)
    return 2147483646;
  if (c >= -2147483648.0f)
    return (wp_int32)c;
  if (c < -2147483648.0f)
    return (-2147483647 - 1);
  return 0; /* NaN */
}

WP_FN wp_int32 wp__hg_coord_d(double v) {
  double c = WP_MATH(floor)(v);
  if (c >= 2147483646.0)
    return 2147483646;
  if (c >= -2147483648.0)
    return (wp_int32)c;
  if (c < -2147483648.0)
    return (-2147483647 - 1);
  return 0; /* NaN */
}

/* The last virtual cell of an axis: at most dim cells from start. */
WP_FN wp_int32 wp__hg_end(wp_int32 start, wp_int32 end, wp_int32 dim) {
  return (wp_int64)end - (wp_int64)start >= (wp_int64)dim ? start + (dim - 1)
                                                          : end;
}

/* First k in [lo, hi) with keys[k] >= key. */
WP_FN wp_int32 wp__hg_lower_bound(const wp_uint64 *keys, wp_int32 lo,
                                  wp_int32 hi, wp_uint64 key) {
  while (lo < hi) {
    wp_int32 mid = lo + (hi - lo) / 2;
    if (keys[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* v mod dim in [0, dim) (dim >= 1: the runtime builds no empty grid). */
WP_FN wp_int32 wp__hg_wrap(wp_int32 v, wp_int32 dim) {
  wp_int32 c = v % dim;
  return c < 0 ? c + dim : c;
}

/* The next run of the current row: its cells' sorted points are
 * consecutive (sorted by cell, and empty cells hold 0, 0), so the run's
 * points end at the largest end of its cells and number the sum of their
 * counts.  A group query of a grouped grid takes one cell at a time and the
 * points of its group in that cell (keys sorted by cell, then group). */
WP_FN void wp__hg_set_run(wp_hash_grid_query_t *q) {
  const wp_hash_grid_desc *g = q->grid;
  wp_int32 cx = q->cx_start + q->ox;
  if (cx >= g->dim_x)
    cx -= g->dim_x; /* cx_start < dim_x and ox < nx <= dim_x */
  wp_int32 cell = q->cz * (g->dim_x * g->dim_y) + q->cy * g->dim_x + cx;
  if (q->per_cell) {
    wp_int32 start = g->cell_starts[cell], end = g->cell_ends[cell];
    wp_uint64 key =
        ((wp_uint64)(wp_uint32)cell << 32) | (wp_uint64)(wp_uint32)q->group;
    start = wp__hg_lower_bound(g->point_keys, start, end, key);
    end = wp__hg_lower_bound(g->point_keys, start, end, key + 1);
    q->cell_index = start;
    q->cell_end = end;
    q->ox++;
    return;
  }
  wp_int32 len = q->nx - q->ox;
  if (len > g->dim_x - cx)
    len = g->dim_x - cx;
  wp_int32 end = 0, count = 0;
  /* a short loop (3 cells, most often): kept scalar, so that the code
     around the caller's neighbour loop stays small */
  WP__HG_SCALAR_LOOP
  for (wp_int32 k = 0; k < len; k++) {
    wp_int32 e = g->cell_ends[cell + k];
    count += e - g->cell_starts[cell + k];
    end = e > end ? e : end;
  }
  q->cell_index = end - count;
  q->cell_end = end;
  q->ox += len;
}

/* The query state of virtual cells lo..hi (per axis) of grid `id`. */
WP_FN wp_hash_grid_query_t wp__hg_query(wp_uint64 id, const wp_int32 *lo,
                                        const wp_int32 *hi, wp_int32 group,
                                        wp_int32 filter) {
  wp_hash_grid_query_t q;
  __builtin_memset(&q, 0, sizeof q);
  q.grid = (const wp_hash_grid_desc *)id;
  q.group = group;
  if (!q.grid || !q.grid->point_ids)
    return q;
  const wp_hash_grid_desc *g = q.grid;
  q.per_cell = filter && g->has_groups && g->point_keys;
  q.y_start = q.y = lo[1];
  q.z_start = q.z = lo[2];
  q.y_end = wp__hg_end(lo[1], hi[1], g->dim_y);
  q.z_end = wp__hg_end(lo[2], hi[2], g->dim_z);
  /* a row visits its first cell even where hi < lo (Warp's do-while) */
  wp_int64 nx = (wp_int64)wp__hg_end(lo[0], hi[0], g->dim_x) - lo[0] + 1;
  q.nx = nx < 1 ? 1 : (wp_int32)nx;
  q.cx_start = wp__hg_wrap(lo[0], g->dim_x);
  q.cy_start = q.cy = wp__hg_wrap(q.y, g->dim_y);
  q.cz = wp__hg_wrap(q.z, g->dim_z);
  wp__hg_set_run(&q);
  return q;
}

WP_FN wp_hash_grid_query_t wp__hg_query_f(wp_uint64 id, float px, float py,
                                          float pz, float r, wp_int32 group,
                                          wp_int32 filter) {
  float inv = id ? ((const wp_hash_grid_desc *)id)->cell_width_inv_f : 0.0f;
  float p[3] = {px, py, pz};
  wp_int32 lo[3], hi[3];
  for (int k = 0; k < 3; k++) {
    lo[k] = wp__hg_coord_f((p[k] - r) * inv);
    hi[k] = wp__hg_coord_f((p[k] + r) * inv);
  }
  return wp__hg_query(id, lo, hi, group, filter);
}

WP_FN wp_hash_grid_query_t wp__hg_query_d(wp_uint64 id, double px, double py,
                                          double pz, double r, wp_int32 group,
                                          wp_int32 filter) {
  double inv = id ? ((const wp_hash_grid_desc *)id)->cell_width_inv_d : 0.0;
  double p[3] = {px, py, pz};
  wp_int32 lo[3], hi[3];
  for (int k = 0; k < 3; k++) {
    lo[k] = wp__hg_coord_d((p[k] - r) * inv);
    hi[k] = wp__hg_coord_d((p[k] + r) * inv);
  }
  return wp__hg_query(id, lo, hi, group, filter);
}

/* float16: each operation rounded to float16 (Warp's half arithmetic) */
WP_FN wp_hash_grid_query_t wp__hg_query_h(wp_uint64 id, wp_half px, wp_half py,
                                          wp_half pz, wp_half hr,
                                          wp_int32 group, wp_int32 filter) {
  float inv = id ? ((const wp_hash_grid_desc *)id)->cell_width_inv_f : 0.0f;
  float p[3] = {wp_h2f(px), wp_h2f(py), wp_h2f(pz)}, r = wp_h2f(hr);
  wp_int32 lo[3], hi[3];
  for (int k = 0; k < 3; k++) {
    lo[k] = wp__hg_coord_f(wp_h2f(wp_f2h(wp_h2f(wp_f2h(p[k] - r)) * inv)));
    hi[k] = wp__hg_coord_f(wp_h2f(wp_f2h(wp_h2f(wp_f2h(p[k] + r)) * inv)));
  }
  return wp__hg_query(id, lo, hi, group, filter);
}

#define wp_hash_grid_query_uint64_vec3f_float32(id, p, r)                      \
  wp__hg_query_f((id), (p).c[0], (p).c[1], (p).c[2], (r), 0, 0)
#define wp_hash_grid_query_uint64_vec3f_float32_int32(id, p, r, g)             \
  wp__hg_query_f((id), (p).c[0], (p).c[1], (p).c[2], (r), (g), 1)
#define wp_hash_grid_query_uint64_vec3d_float64(id, p, r)                      \
  wp__hg_query_d((id), (p).c[0], (p).c[1], (p).c[2], (r), 0, 0)
#define wp_hash_grid_query_uint64_vec3d_float64_int32(id, p, r, g)             \
  wp__hg_query_d((id), (p).c[0], (p).c[1], (p).c[2], (r), (g), 1)
#define wp_hash_grid_query_uint64_vec3h_float16(id, p, r)                      \
  wp__hg_query_h((id), (p).c[0], (p).c[1], (p).c[2], (r), 0, 0)
#define wp_hash_grid_query_uint64_vec3h_float16_int32(id, p, r, g)             \
  wp__hg_query_h((id), (p).c[0], (p).c[1], (p).c[2], (r), (g), 1)

/* The next point of the query (found = 0 when there is none left). */
WP_FN wp_hash_grid_query_t wp__hg_next(wp_hash_grid_query_t q) {
  q.found = 0;
  if (!q.grid || !q.grid->point_ids)
    return q;
  for (;;) {
    if (q.cell_index < q.cell_end) {
      q.current = q.grid->point_ids[q.cell_index++];
      q.found = 1;
      return q;
    }
    if (q.done)
      return q;
    const wp_hash_grid_desc *g = q.grid;
    if (q.ox >= q.nx) { /* the next row */
      if (q.y >= q.y_end) {
        if (q.z >= q.z_end) {
          q.done = 1; /* and stays done */
          return q;
        }
        q.y = q.y_start;
        q.cy = q.cy_start;
        q.z++;
        if (++q.cz == g->dim_z)
          q.cz = 0;
      } else {
        q.y++;
        if (++q.cy == g->dim_y)
          q.cy = 0;
      }
      q.ox = 0;
    }
    wp__hg_set_run(&q);
  }
}

/* the query-state builtins (lib/lower/lower_query.c) of the three types */
#define WP_HASH_GRID_QUERY_STATE(N)                                            \
  WP_FN wp_hash_grid_query_t wp__query_next_##N(wp_hash_grid_query_t q) {      \
    return wp__hg_next(q);                                                     \
  }                                                                            \
  WP_FN wp_bool wp__query_found_##N(wp_hash_grid_query_t q) {                  \
    return q.found != 0;                                                       \
  }                                                                            \
  WP_FN wp_int32 wp__query_index_##N##_int32(wp_hash_grid_query_t q,           \
                                             wp_int32 old) {                   \
    return q.found ? q.current : old;                                          \
  }
WP_HASH_GRID_QUERY_STATE(HashGridQuery)
WP_HASH_GRID_QUERY_STATE(_HashGridQueryD)
WP_HASH_GRID_QUERY_STATE(_HashGridQueryH)

/* The user's index of the index-th point in sorted order; -1 before the
 * first build or for an index outside [0, num_points) (Warp reads out of
 * bounds there). */
WP_FN wp_int32 wp_hash_grid_point_id_uint64(wp_uint64 id, wp_int32 index) {
  const wp_hash_grid_desc *g = (const wp_hash_grid_desc *)id;
  if (!g || !g->point_ids || index < 0 || index >= g->num_points)
    return -1;
  return g->point_ids[index];
}
