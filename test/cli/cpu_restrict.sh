#!/usr/bin/env bash
# The 1-D dense loop with restrict arrays (lib/emit/emit_cpu_restrict.c):
# a kernel reading neighbours at clamped indices (blur) and one storing
# under a branch (splash, which gets the dense path although it branches)
# run, where no array they may write overlaps another argument, in a loop
# whose arrays are restrict, and clang vectorizes both there (its remarks
# say so); a kernel with a loop, one with a uint64 argument, ones with
# uint64s in an array or in an array of structs (ids of meshes or grids,
# whose memory the overlap check does not see), and one with a single
# array get no such form.  The results equal a C loop's on every
# path: disjoint arrays (the restrict loop), the same array in and out and
# a view shifted by one element (overlap: the plain dense loop, whose
# order of threads shows in the results: on one thread a vectorized loop
# would read values the C loop has already overwritten), a strided view
# (the general loop), and ranges split across 4 threads.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def blur(src: wp.array(dtype=float), dst: wp.array(dtype=float), n: int):
    i = wp.tid()
    a = src[wp.clamp(i - 1, 0, n - 1)]
    b = src[wp.clamp(i + 1, 0, n - 1)]
    dst[i] = a + 2.0 * src[i] + b


@wp.kernel
def splash(h0: wp.array(dtype=float), h1: wp.array(dtype=float), c: float, r: float, v: float):
    i = wp.tid()
    d = float(i) - c
    if d * d < r * r:
        h0[i] = v
        h1[i] = v * 2.0


@wp.kernel
def looped(x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    i = wp.tid()
    s = float(0.0)
    for k in range(n):
        s += x[i] * float(k)
    y[i] = s


@wp.kernel
def with_id(g: wp.uint64, x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] + float(g)


@wp.kernel
def one_array(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] * 2.0


@wp.kernel
def id_in_array(g: wp.array(dtype=wp.uint64), x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] + float(g[0])


@wp.struct
class Holder:
    g: wp.uint64
    s: float


@wp.kernel
def id_in_struct_array(h: wp.array(dtype=Holder), x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] + float(h[0].g)
PY
# vectorized with gathers (blur) and masked stores (splash): AVX2 has
# both, the baseline x86-64 neither (x86-64 hosts only)
if [ "$(uname -m)" = x86_64 ]; then
  "$warpc" --no-cuda -fno-spmd --cpu=x86-64-v3 kernels.py -o kernels_v3.o -Xcc -Rpass=loop-vectorize 2>remarks.txt ||
    fail "warpc: $(cat remarks.txt)"
  # (the remark names the range function: blur is wpk0, splash wpk1)
  for k in 0 1; do
    grep -A1 "remark: vectorized loop" remarks.txt | grep -q "void wpk${k}_cpu(" ||
      fail "wpk${k}'s restrict loop was not vectorized: $(cat remarks.txt)"
  done
fi
# the run: the AVX2 variant where the CPU has it (the vectorized loops)
cpu=
[ "$(uname -m)" = x86_64 ] && cpu=--cpu=x86-64,x86-64-v3
"$warpc" --no-cuda -fno-spmd $cpu kernels.py -o kernels.o || fail "warpc $cpu"
"$warpc" --no-cuda -fno-spmd --emit=c kernels.py -o kernels.c || fail "warpc --emit=c"
n=$(grep -c 'wpk[0-9]*_dense_rx(a, b, begin, end' kernels.c) # (not the backward's wpkN_adj_dense_rx)
[ "$n" = 2 ] || fail "expected the restrict loop called in blur's and splash's range functions, got $n"
grep -q 'wpk1_dense_rx(wpk1_args a, wp_launch_bounds b, wp_int64 begin, wp_int64 end, float \*restrict d0, float \*restrict d1)' kernels.c ||
  fail "splash's restrict loop: $(grep -n 'wpk1_dense_rx' kernels.c)"

cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 1001 };
static float buf[3 * N + 1], src[N], dst[N], want[N + 1], want2[N];

static int check(const char *what, const float *got, const float *w, int n) {
  for (int i = 0; i < n; i++)
    if (got[i] != w[i]) {
      printf("%s: element %d is %.9g, expected %.9g\n", what, i, got[i], w[i]);
      return 1;
    }
  return 0;
}

static float clampi(const float *s, int i, int n) {
  return s[i < 0 ? 0 : i > n - 1 ? n - 1 : i];
}

/* blur of s (n elements) into d, thread after thread as one C loop */
static void blur_ref(const float *s, float *d, int n) {
  for (int i = 0; i < n; i++)
    d[i] = clampi(s, i - 1, n) + 2.0f * s[i] + clampi(s, i + 1, n);
}

static void fill(float *p, int n, float a) {
  for (int i = 0; i < n; i++) p[i] = a * (float)((i * 37) % 101) - 9.0f;
}

int main(int argc, char **argv) {
  int one_thread = argc > 1 && argv[1][0] == 'o', bad = 0;
  wp_int64 n = N, n1 = N + 1, n3 = 3 * N;
  wp_array s, d, b1, bs, bsh, b3, bv;
  if (wp_array_wrap(&s, src, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&d, dst, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&b1, buf, WP_FLOAT32, 0, 1, &n1, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&bs, &b1, 0, 0, N, 1) ||
      wp_array_slice(&bsh, &b1, 0, 1, N + 1, 1) ||
      wp_array_wrap(&b3, buf, WP_FLOAT32, 0, 1, &n3, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&bv, &b3, 0, 0, WP_SLICE_END, 3))
    return 10;
  /* disjoint: the restrict loop */
  fill(src, N, 0.5f);
  memset(dst, 0, sizeof dst);
  blur_ref(src, want, N);
  if (kernels_blur(&WP_LAUNCH_1D(N), &s, &d, N)) return 11;
  bad |= check("blur, disjoint", dst, want, N);
  /* a strided source (the general loop) */
  fill(buf, 3 * N, 0.25f);
  for (int i = 0; i < N; i++) src[i] = buf[3 * i];
  blur_ref(src, want, N);
  if (kernels_blur(&WP_LAUNCH_1D(N), &bv, &d, N)) return 12;
  bad |= check("blur, strided", dst, want, N);
  if (one_thread) {
    /* in place and shifted by one: the threads' order shows */
    fill(buf, N + 1, 0.75f);
    memcpy(want, buf, sizeof(float) * (N + 1));
    blur_ref(want, want, N);
    if (kernels_blur(&WP_LAUNCH_1D(N), &bs, &bs, N)) return 13;
    bad |= check("blur, in place", buf, want, N);
    fill(buf, N + 1, 0.75f);
    memcpy(want, buf, sizeof(float) * (N + 1));
    blur_ref(want, want + 1, N);
    if (kernels_blur(&WP_LAUNCH_1D(N), &bs, &bsh, N)) return 14;
    bad |= check("blur, shifted", buf, want, N + 1);
  }
  /* splash: disjoint, then both the same array */
  fill(src, N, 0.5f);
  fill(dst, N, 0.25f);
  memcpy(want, src, sizeof src);
  memcpy(want2, dst, sizeof dst);
  for (int i = 0; i < N; i++) {
    float dd = (float)i - 400.0f;
    if (dd * dd < 150.0f * 150.0f) { want[i] = 3.5f; want2[i] = 7.0f; }
  }
  if (kernels_splash(&WP_LAUNCH_1D(N), &s, &d, 400.0f, 150.0f, 3.5f)) return 15;
  bad |= check("splash h0", src, want, N) | check("splash h1", dst, want2, N);
  fill(src, N, 0.5f);
  memcpy(want, src, sizeof src);
  for (int i = 0; i < N; i++) {
    float dd = (float)i - 600.0f;
    if (dd * dd < 99.5f * 99.5f) want[i] = -5.0f;
  }
  if (kernels_splash(&WP_LAUNCH_1D(N), &s, &s, 600.0f, 99.5f, -2.5f)) return 16;
  bad |= check("splash, aliased", src, want, N);
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
cc -std=c11 -Wall -Wextra -Werror -ffp-contract=off main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
WARP_NUM_THREADS=1 ./app one >out.txt || fail "app exited $? on one thread: $(cat out.txt)"
grep -qx 'all equal' out.txt || fail "one thread: $(cat out.txt)"
WARP_NUM_THREADS=4 ./app >out.txt || fail "app exited $? with 4 threads: $(cat out.txt)"
grep -qx 'all equal' out.txt || fail "4 threads: $(cat out.txt)"
echo ok
