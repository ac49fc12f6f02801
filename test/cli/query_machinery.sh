#!/usr/bin/env bash
# The query-state machinery (lib/lower/lower_query.c) end to end, without
# the hash-grid runtime: the kernel walks a hash grid whose descriptor
# (wp_hash_grid_desc of <warp/abi.h>) this test builds by hand, and a
# brute-force C loop gives the expected neighbours in Warp's visiting order
# (cells z, y, x ascending, points of a cell by index).  Checked: the
# `while hash_grid_query_next(q, i)` form in a loop (the state and the index
# are loop-carried; the order-dependent sum s = s/2 + i proves the order),
# the index keeps its last value once the query is done, a query in a
# @wp.func, a query inside a for loop (a new state each iteration), and the
# backward kernel of a kernel that mixes a query with differentiable math
# (y = x[t]^2 * count + sum of w[j] over neighbours j: dx = 2 x count,
# dw[j] = the number of queries that visit j).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >qm.py <<'PY'
import warp as wp

@wp.func
def count_near(grid: wp.uint64, p: wp.vec3, r: float) -> int:
    q = wp.hash_grid_query(grid, p, r)
    i = int(0)
    n = int(0)
    while wp.hash_grid_query_next(q, i):
        n += 1
    return n

@wp.kernel
def walk(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), r: float,
         last: wp.array(dtype=int), cnt: wp.array(dtype=int),
         sums: wp.array(dtype=float), twice: wp.array(dtype=int)):
    t = wp.tid()
    p = pts[t]
    q = wp.hash_grid_query(grid, p, r)
    idx = int(-1)
    s = float(0.0)
    while wp.hash_grid_query_next(q, idx):
        s = s * 0.5 + float(idx)
    last[t] = idx
    sums[t] = s
    cnt[t] = count_near(grid, p, r)
    k = int(0)
    for rep in range(2):
        qq = wp.hash_grid_query(grid, p, r)
        j = int(0)
        while wp.hash_grid_query_next(qq, j):
            k += 1
    twice[t] = k

@wp.kernel
def energy(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), r: float,
           x: wp.array(dtype=float), w: wp.array(dtype=float),
           y: wp.array(dtype=float)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r)
    j = int(0)
    acc = float(0.0)
    n = float(0.0)
    while wp.hash_grid_query_next(q, j):
        acc += w[j]
        n += 1.0
    y[t] = x[t] * x[t] * n + acc
PY
"$warpc" --no-cuda qm.py -o qm.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include "qm.h"
enum { N = 40, D = 8 };
static int cellof(const float *p) {
  return (int)p[2] * D * D + (int)p[1] * D + (int)p[0];
}
int main(void) {
  float pts[N][3], r = 0.9f;
  unsigned s = 12345;
  for (int i = 0; i < N; i++) /* cell centres in cells 1..6 (no wrap) */
    for (int k = 0; k < 3; k++) {
      s = s * 1103515245u + 12345u;
      pts[i][k] = (float)(1 + (s >> 16) % 6) + 0.5f;
    }
  /* the descriptor: points sorted by cell, stably */
  static int ids[N], starts[D * D * D], ends[D * D * D];
  int n = 0;
  for (int c = 0; c < D * D * D; c++) {
    starts[c] = ends[c] = 0;
    int first = n;
    for (int i = 0; i < N; i++)
      if (cellof(pts[i]) == c)
        ids[n++] = i;
    if (n > first)
      starts[c] = first, ends[c] = n;
  }
  wp_hash_grid_desc g;
  memset(&g, 0, sizeof g);
  g.point_ids = ids, g.cell_starts = starts, g.cell_ends = ends;
  g.dim_x = g.dim_y = g.dim_z = D, g.num_points = N;
  g.scalar = WP_SCALAR_FLOAT32, g.cell_width_inv_f = 1.0f;
  g.cell_width_f = 1.0f, g.cell_width_inv_d = g.cell_width_d = 1.0;
  wp_uint64 id = (wp_uint64)(__UINTPTR_TYPE__)&g;
  int last[N], cnt[N], twice[N];
  float sums[N];
  wp_array a_pts, a_last, a_cnt, a_sums, a_twice;
  wp_int64 len = N;
  wp_array_wrap(&a_pts, pts, WP_VEC3F, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_last, last, WP_INT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_cnt, cnt, WP_INT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_sums, sums, WP_FLOAT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_twice, twice, WP_INT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  if (qm_walk(&WP_LAUNCH_1D(N), id, &a_pts, r, &a_last, &a_cnt, &a_sums,
              &a_twice))
    return puts(wp_last_error()), 1;
  int bad = 0, visits[N] = {0}, counts[N];
  for (int t = 0; t < N; t++) { /* brute force, Warp's order */
    int cx = (int)pts[t][0], cy = (int)pts[t][1], cz = (int)pts[t][2];
    int c = 0, l = -1;
    float sum = 0;
    for (int z = cz - 1; z <= cz + 1; z++)
      for (int y = cy - 1; y <= cy + 1; y++)
        for (int x = cx - 1; x <= cx + 1; x++)
          for (int j = 0; j < N; j++)
            if (cellof(pts[j]) == z * D * D + y * D + x)
              c++, l = j, sum = sum * 0.5f + (float)j, visits[j]++;
    counts[t] = c;
    if (cnt[t] != c || last[t] != l || sums[t] != sum || twice[t] != 2 * c) {
      printf("t=%d: got count %d last %d sum %g twice %d, want %d %d %g %d\n",
             t, cnt[t], last[t], sums[t], twice[t], c, l, sum, 2 * c);
      bad = 1;
    }
  }
  float x[N], w[N], y[N], gx[N], gw[N], gy[N];
  for (int i = 0; i < N; i++)
    x[i] = 0.25f * (float)i - 3.0f, w[i] = (float)i, gx[i] = gw[i] = 0,
    gy[i] = 1;
  wp_array a_x, a_w, a_y;
  wp_array_wrap(&a_x, x, WP_FLOAT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_w, w, WP_FLOAT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&a_y, y, WP_FLOAT32, 0, 1, &len, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&a_x, gx);
  wp_array_set_grad(&a_w, gw);
  wp_array_set_grad(&a_y, gy);
  if (qm_energy(&WP_LAUNCH_1D(N), id, &a_pts, r, &a_x, &a_w, &a_y) ||
      qm_energy_backward(&WP_LAUNCH_1D(N), id, &a_pts, r, &a_x, &a_w, &a_y))
    return puts(wp_last_error()), 1;
  for (int i = 0; i < N; i++) {
    float want_gx = 2.0f * x[i] * (float)counts[i];
    if (gx[i] != want_gx || gw[i] != (float)visits[i]) {
      printf("grad %d: dx %g dw %g, want %g %d\n", i, gx[i], gw[i], want_gx,
             visits[i]);
      bad = 1;
    }
  }
  if (!bad)
    puts("ok");
  return bad;
}
C
cc -std=c11 -I"$root/runtime/include" main.c qm.o "$root/build/lib/libwarprt.a" -lpthread -lm -o app ||
  fail "link failed"
./app >got.txt || fail "app exited $?: $(cat got.txt)"
grep -qx ok got.txt || fail "$(cat got.txt)"
echo ok
