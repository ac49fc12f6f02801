#!/usr/bin/env bash
# The row form of CPU range loops (lib/emit/emit_cpu_rows.c): a
# straight-line kernel whose wp.tid() has 2-4 components gets, where the
# launch has as many dimensions and every such array's innermost stride is
# dense, an inner loop over the last launch dimension with constant
# innermost strides; clang vectorizes a plain 2-D scale there.  A kernel
# with a loop gets no such form.  The results equal a C loop's on every
# path: dense arrays, rows padded (an outer-dimension stride that is not
# the row's size: still the row form), a strided inner dimension (the
# general loop), in place, one-column and one-row launches, and ranges that
# start and end mid-row: the built-in pool, and a task system that runs the
# chunks of 3 and 7 "threads" in reverse order on one thread.  A kernel
# that clamps its column (jacobi, through a @wp.func, bounds from an
# argument) gets the row loop with restrict arrays and, for the interior
# columns, a body with those clamps dropped (emit_cpu_rows_fn,
# emit_cpu_rows1.c's interior); its results equal a C loop's for widths
# 101, 2 and 1 (empty interiors) and heights 37 and 1.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def stencil(src: wp.array2d(dtype=float), w: wp.array(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    jm = wp.max(j - 1, 0)
    jp = wp.min(j + 1, src.shape[1] - 1)
    dst[i, j] = (src[i, jm] + src[i, j] * 2.0 + src[i, jp]) * w[j] + float(i)


@wp.func
def look(p: wp.array2d(dtype=float), i: int, j: int, m: int, n: int):
    return p[wp.clamp(i, 0, m - 1), wp.clamp(j, 0, n - 1)]


@wp.kernel
def jacobi(p: wp.array2d(dtype=float), q: wp.array2d(dtype=float), m: int, n: int):
    i, j = wp.tid()
    s = look(p, i - 1, j, m, n) + look(p, i + 1, j, m, n) + look(p, i, j - 1, m, n)
    q[i, j] = (s + p[i, wp.clamp(1 + j, 0, n - 1)]) * 0.25 - p[i, j]


@wp.kernel
def scale(x: wp.array2d(dtype=float), a: float):
    i, j = wp.tid()
    x[i, j] = x[i, j] * a


@wp.kernel
def rowsum(x: wp.array2d(dtype=float), s: wp.array2d(dtype=float), n: int):
    i, j = wp.tid()
    t = float(0.0)
    for k in range(n):
        t += x[i, j] * float(k)
    s[i, j] = t
PY
"$warpc" --no-cuda kernels.py -o kernels.o -Xcc -Rpass=loop-vectorize 2>remarks.txt ||
  fail "warpc: $(cat remarks.txt)"
"$warpc" --no-cuda --emit=c kernels.py -o kernels.c || fail "warpc --emit=c"
ks=$(sed -n '/@wp.kernel scale/{n;p}' kernels.c | grep -o 'wpk[0-9]*')
kj=$(sed -n '/@wp.kernel jacobi/{n;p}' kernels.c | grep -o 'wpk[0-9]*')
# (the remark names the range function)
grep -A1 "remark: vectorized loop" remarks.txt | grep -q "void ${ks}_cpu(" ||
  fail "scale's row loop was not vectorized: $(cat remarks.txt)"
grep -A1 "remark: vectorized loop" remarks.txt | grep -q "void ${kj}_cpu(" ||
  fail "jacobi's interior loop was not vectorized: $(cat remarks.txt)"
n=$(grep -c 'if (b.ndim == 2 && b.shape\[1\] <= 0x7fffffff' kernels.c)
# stencil, jacobi and scale, forward and backward; rowsum (a loop) none
[ "$n" = 6 ] || fail "expected the row form in 6 range functions, got $n"
# the restrict row loop and the interior body: jacobi's only
[ "$(grep -c '^WP_FN void wpk[0-9]*_rows_rx(' kernels.c)" = 1 ] &&
  grep -q "^WP_FN void ${kj}_rows_rx(" kernels.c ||
  fail "expected a restrict row loop for jacobi only: $(grep '_rows_rx(' kernels.c)"
sed -n "/^WP_FN void ${kj}_body_in(/,/^}/p" kernels.c >in_body.c
# the clamps of the row (i +- 1, i) stay; those of the column go
[ "$(grep -c 'wp_clamp_int32(' in_body.c)" = 3 ] && ! grep -q 'wpf_look(' in_body.c ||
  fail "expected jacobi's interior body inlined with its 3 clamps of the row left: $(cat in_body.c)"

cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { R = 37, C = 101, PAD = 120 };
static float big[R * 2 * C], src[R * C], dst[R * PAD], w[C], want[R * PAD];

/* the chunks in reverse order, on this thread */
static void reverse_for(void *user, int count, wp_task_fn fn, void *data) {
  (void)user;
  for (int i = count - 1; i >= 0; i--)
    fn(data, i);
}

/* stencil of rows x cols, src element (i, j) at s[i * ss + j * sj], dst's
 * at row stride ds */
static void reference(int rows, int cols, const float *s, int ss, int sj, int ds) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      int jm = j > 0 ? j - 1 : 0, jp = j + 1 < cols ? j + 1 : cols - 1;
      want[i * ds + j] = (s[i * ss + jm * sj] + s[i * ss + j * sj] * 2.0f + s[i * ss + jp * sj]) * w[j] + (float)i;
    }
}

static int check(const char *what, int rows, int cols, int ds) {
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      if (dst[i * ds + j] != want[i * ds + j]) {
        printf("%s: (%d, %d) is %.9g, expected %.9g\n", what, i, j, dst[i * ds + j], want[i * ds + j]);
        return 1;
      }
  return 0;
}

static int run_all(const char *how) {
  int bad = 0;
  char what[64];
  wp_int64 shape[2] = {R, C}, shape2[2] = {R, 2 * C}, shapep[2] = {R, PAD}, nc = C;
  wp_array s, d, wa, b2, sv, dp, dv;
  if (wp_array_wrap(&s, src, WP_FLOAT32, 0, 2, shape, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&d, dst, WP_FLOAT32, 0, 2, shape, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&wa, w, WP_FLOAT32, 0, 1, &nc, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&b2, big, WP_FLOAT32, 0, 2, shape2, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&sv, &b2, 1, 0, WP_SLICE_END, 2) ||
      wp_array_wrap(&dp, dst, WP_FLOAT32, 0, 2, shapep, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&dv, &dp, 1, 0, C, 1))
    return 100;
  /* dense */
  memset(dst, 0, sizeof dst);
  reference(R, C, src, C, 1, C);
  if (kernels_stencil(&(wp_launch){.ndim = 2, .dims = {R, C}}, &s, &wa, &d)) return 101;
  snprintf(what, sizeof what, "%s: dense", how);
  bad |= check(what, R, C, C);
  /* a strided inner dimension (the general loop), dst rows padded */
  memset(dst, 0, sizeof dst);
  reference(R, C, big, 2 * C, 2, PAD);
  if (kernels_stencil(&(wp_launch){.ndim = 2, .dims = {R, C}}, &sv, &wa, &dv)) return 102;
  snprintf(what, sizeof what, "%s: strided", how);
  bad |= check(what, R, C, PAD);
  /* one column: R x 1 views */
  wp_array s1, d1;
  if (wp_array_slice(&s1, &s, 1, 0, 1, 1) || wp_array_slice(&d1, &dv, 1, 0, 1, 1)) return 103;
  memset(dst, 0, sizeof dst);
  for (int i = 0; i < R; i++) want[i * PAD] = (src[i * C] * 4.0f) * w[0] + (float)i;
  if (kernels_stencil(&(wp_launch){.ndim = 2, .dims = {R, 1}}, &s1, &wa, &d1)) return 104;
  snprintf(what, sizeof what, "%s: one column", how);
  bad |= check(what, R, 1, PAD);
  /* in place: scale, all rows and one row */
  memcpy(dst, src, sizeof src);
  for (int i = 0; i < R * C; i++) want[i] = src[i] * -1.75f;
  if (kernels_scale(&(wp_launch){.ndim = 2, .dims = {R, C}}, &d, -1.75f)) return 105;
  snprintf(what, sizeof what, "%s: scale", how);
  bad |= check(what, R, C, C);
  wp_array r0;
  if (wp_array_slice(&r0, &d, 0, 3, 4, 1)) return 106;
  for (int j = 0; j < C; j++) want[3 * C + j] *= 0.5f;
  if (kernels_scale(&(wp_launch){.ndim = 2, .dims = {1, C}}, &r0, 0.5f)) return 107;
  snprintf(what, sizeof what, "%s: one row", how);
  bad |= check(what, R, C, C);
  /* jacobi: dense, then narrower columns (R x n views, dst rows padded)
     and one row */
  static const int cols[] = {C, 2, 1};
  for (int k = 0; k < 3; k++)
    for (int rows = R; rows >= 1; rows -= R - 1) {
      int n = cols[k], ds = k ? PAD : C;
      wp_array pv = s, qv = d, ph, qh;
      if (k && (wp_array_slice(&pv, &s, 1, 0, n, 1) || wp_array_slice(&qv, &dv, 1, 0, n, 1)))
        return 108;
      if (wp_array_slice(&ph, &pv, 0, 0, rows, 1) || wp_array_slice(&qh, &qv, 0, 0, rows, 1))
        return 108;
      memset(dst, 0, sizeof dst);
      memset(want, 0, sizeof want);
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < n; j++) {
#define P(a, b) src[(a < 0 ? 0 : a > rows - 1 ? rows - 1 : a) * C + (b < 0 ? 0 : b > n - 1 ? n - 1 : b)]
          float t = P(i - 1, j) + P(i + 1, j) + P(i, j - 1);
          want[i * ds + j] = (t + P(i, 1 + j)) * 0.25f - src[i * C + j];
#undef P
        }
      if (kernels_jacobi(&(wp_launch){.ndim = 2, .dims = {rows, n}}, &ph, &qh, rows, n)) return 109;
      snprintf(what, sizeof what, "%s: jacobi %d x %d", how, rows, n);
      bad |= check(what, rows, n, ds);
    }
  return bad;
}

int main(void) {
  for (int i = 0; i < R * 2 * C; i++) big[i] = 0.125f * (float)(i % 97) - 3.0f;
  for (int i = 0; i < R * C; i++) src[i] = 0.25f * (float)(i % 89) - 5.0f;
  for (int j = 0; j < C; j++) w[j] = 1.0f + 0.03125f * (float)j;
  int bad = run_all("pool");
  bad |= run_all("pool again");
  for (int t = 3; t <= 7; t += 4) {
    wp_task_system ts = {.parallel_for = reverse_for, .num_threads = t};
    if (wp_set_task_system(&ts)) return 110;
    bad |= run_all(t == 3 ? "3 reversed chunks" : "7 reversed chunks");
  }
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
cc -std=c11 -Wall -Wextra -Werror -ffp-contract=off main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
for threads in 1 4; do
  WARP_NUM_THREADS=$threads ./app >out.txt || fail "app exited $? with $threads threads: $(cat out.txt)"
  grep -qx 'all equal' out.txt || fail "$(cat out.txt)"
done
echo ok
