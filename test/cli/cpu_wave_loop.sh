#!/usr/bin/env bash
# The vectorized 1-D range loop of a kernel shaped like Warp's
# example_wave.py (wave_solve: x = tid % w, y = tid // w, neighbours read
# at clamped 2-D coordinates) keeps its work in vector registers.  The loop
# runs in rows of the width (emit_cpu_rows1.c: x and y are the row loop's
# coordinates, no division in the loop), and in the interior of a row,
# where the clamps of the column are the identity, through a copy of the
# body with its @wp.func calls inlined and those clamps dropped: the
# neighbours are loaded as vectors (no gather in solve's AVX-512 loop);
# the columns at the ends of a row run the row body, scalar.  A kernel the
# row form does not take ((tid + 1) % w, kernel `shifted`) keeps the
# vectorized division (pmuludq from wp_div_inv's two 32 x 32-bit products;
# a 128-bit product made 64-bit `mulx`es lane by lane) and gathers with
# 32-bit indices (vgatherdps; the prelude's WP_AT1 indexes a T array where
# the C compiler knows the stride is the element's size: without it,
# vgatherqps with 64-bit indices).  The loops are interleaved twice in the
# AVX-512 variant (emit_cpu_restrict.c's pragma for bodies with a branch, a
# call or many values; clang's remark says "interleaved count: 2"), while a
# saxpy-sized body gets no pragma (clang interleaves it itself).  The
# results equal a C loop's: the dense path (1 and 4 threads: ranges that
# start and end mid-row) with widths 1, 2, 3, 8, 60 and 1000, for `band`
# (clamps of x - 2 and 3 + x to bounds from arguments, constants and their
# differences, bounds crossing: empty interiors) widths 3, 8, 60 and 1000,
# for `shifted` 7, a view with a stride (the general loop), and the
# baseline code (WARP_CPU_LEVEL=1).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
[ "$(uname -m)" = x86_64 ] || skip "the AVX-512 variant's code is checked on x86-64 only"
command -v objdump >/dev/null || skip "objdump is not installed"
cat >kernels.py <<'PY'
import warp as wp


@wp.func
def sample(f: wp.array(dtype=float), x: int, y: int, w: int, h: int):
    return f[wp.clamp(y, 0, h - 1) * w + wp.clamp(x, 0, w - 1)]


@wp.kernel
def solve(src: wp.array(dtype=float), dst: wp.array(dtype=float), w: int, h: int):
    tid = wp.tid()
    x = tid % w
    y = tid // w
    s = sample(src, x - 1, y, w, h) + sample(src, x + 1, y, w, h)
    s = s + sample(src, x, y - 1, w, h) + sample(src, x, y + 1, w, h)
    dst[tid] = s - 4.0 * src[tid] + float(x) * 0.5 - float(y)


@wp.kernel
def axpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


@wp.kernel
def shifted(src: wp.array(dtype=float), dst: wp.array(dtype=float), w: int):
    tid = wp.tid()
    dst[tid] = src[tid] + float((tid + 1) % w) - float((tid + 1) // w) * 0.5 + src[(tid * 7) % 3000]


@wp.kernel
def band(src: wp.array(dtype=float), dst: wp.array(dtype=float), w: int, lo: int, hi: int):
    tid = wp.tid()
    x = tid % w
    row = (tid // w) * w
    dst[tid] = src[row + wp.clamp(x - 2, lo, hi)] - 2.0 * src[row + wp.clamp(3 + x, lo + 1, w - 3)]
PY
"$warpc" --no-cuda -fno-spmd --emit=c kernels.py -o kernels.c || fail "warpc --emit=c"
n=$(grep -c 'pragma clang loop interleave_count(2)' kernels.c || true)
[ "$n" = 3 ] || fail "expected the interleave pragma in the restrict loops of solve, shifted and band only (not axpy), got $n"
sed -n '/^WP_FN void wpk0_body_row(/,/^}/p' kernels.c >row_body.c
sed -n '/^WP_FN void wpk0_body_row_in(/,/^}/p' kernels.c >in_body.c
[ "$(grep -c 'wp_clamp_int32(' in_body.c)" = 4 ] && ! grep -q 'wpf_sample(' in_body.c &&
  grep -q 'wpf_sample(' row_body.c ||
  fail "expected solve's interior body inlined with its 4 clamps of y left: $(cat in_body.c)"
grep -q '= ((wp_int32)wp_coord\[1\]);' row_body.c && grep -q '= ((wp_int32)wp_coord\[2\]);' row_body.c &&
  ! grep -q 'wp_mod_inv\|wp_floordiv_inv' row_body.c ||
  fail "expected solve's row body to read x and y from the coordinates: $(cat row_body.c)"
sed -n '/^WP_FN void wpk0_dense_rx/,/^}/p' kernels.c >rx.c
grep -q 'wpk0_body_row(&a, &b, row + j, c);' rx.c && grep -q 'wpk0_body_row_in(&a, &b, row + j, c);' rx.c ||
  fail "solve's restrict loop does not run the row body: $(sed -n '/^WP_FN void wpk0_dense_rx/,/^}/p' kernels.c)"
ks=$(sed -n '/@wp.kernel shifted/{n;p}' kernels.c | grep -o 'wpk[0-9]*')
[ -n "$ks" ] || fail "no kernel shifted in kernels.c"
grep -q "${ks}_body_row" kernels.c && fail "shifted ((tid + 1) % w) got the row form"
sed -n '/^WP_FN void wpk0_dense_rx/,/^}/p' kernels.c | grep -q 'interleave_count(2)' ||
  fail "solve's restrict loop has no interleave pragma: $(sed -n '/^WP_FN void wpk0_dense_rx/,/^}/p' kernels.c)"
"$warpc" --no-cuda -fno-spmd --cpu=x86-64-v4 kernels.py -o v4.o -Xcc -Rpass=loop-vectorize 2>remarks.txt ||
  fail "warpc --cpu=x86-64-v4: $(cat remarks.txt)"
grep -A1 "remark: vectorized loop (vectorization width: [0-9]*, interleaved count: 2)" remarks.txt |
  grep -q "void wpk0_cpu(" || fail "solve's loop was not interleaved twice: $(cat remarks.txt)"
objdump -d --no-show-raw-insn v4.o | awk '/<wpk0_cpu>:/,/^$/' >v4.s
[ -s v4.s ] || fail "no wpk0_cpu in the object: $(nm v4.o)"
g=$(grep -c 'vgatherdps\|vgatherqps' v4.s || true)
wide=$(grep -cw 'mulx\|mul' v4.s || true)
vmul=$(grep -c vpmuludq v4.s || true)
[ "$g" = 0 ] || fail "expected solve's neighbours loaded as vectors in the interior: $g gathers"
[ "$wide" = 0 ] && [ "$vmul" = 0 ] ||
  fail "expected no division in solve's row loop: $wide scalar 64-bit multiplies, $vmul vpmuludq"
objdump -d --no-show-raw-insn v4.o | awk "/<${ks}_cpu>:/,/^\$/" >v4s.s
g32=$(grep -c vgatherdps v4s.s || true)
g64=$(grep -c vgatherqps v4s.s || true)
wide=$(grep -cw 'mulx\|mul' v4s.s || true)
vmul=$(grep -c vpmuludq v4s.s || true)
[ "$g32" -ge 1 ] && [ "$g64" = 0 ] ||
  fail "expected shifted's src[(tid * 7) % 3000] gathered with 32-bit indices: $g32 vgatherdps, $g64 vgatherqps"
[ "$wide" = 0 ] && [ "$vmul" -ge 2 ] ||
  fail "expected (tid + 1) % w and (tid + 1) // w vectorized: $wide scalar 64-bit multiplies, $vmul vpmuludq"

"$warpc" --no-cuda -fno-spmd --cpu=x86-64,x86-64-v4 kernels.py -o kernels.o || fail "warpc (variants)"
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 3000 };
static float src[2 * N], dst[N], want[N];

static float at(const float *s, int x, int y, int w, int h) {
  x = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  y = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  return s[y * w + x];
}

int main(void) {
  static const int widths[] = {1, 2, 3, 8, 60, 1000}; /* divide N */
  int bad = 0;
  for (int i = 0; i < 2 * N; i++)
    src[i] = (float)((i * 37) % 101) * 0.25f - 9.0f;
  wp_int64 n = N, n2 = 2 * N;
  wp_array s, d, s2, sv;
  if (wp_array_wrap(&s, src, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&d, dst, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&s2, src, WP_FLOAT32, 0, 1, &n2, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&sv, &s2, 0, 0, WP_SLICE_END, 2))
    return 10;
  for (int view = 0; view < 2; view++)
    for (size_t k = 0; k < sizeof widths / sizeof *widths; k++) {
      int w = widths[k], h = N / w;
      float tmp[N];
      for (int i = 0; i < N; i++)
        tmp[i] = view ? src[2 * i] : src[i];
      for (int tid = 0; tid < N; tid++) {
        int x = tid % w, y = tid / w;
        float a = at(tmp, x - 1, y, w, h) + at(tmp, x + 1, y, w, h);
        a = a + at(tmp, x, y - 1, w, h) + at(tmp, x, y + 1, w, h);
        want[tid] = a - 4.0f * tmp[tid] + (float)x * 0.5f - (float)y;
      }
      memset(dst, 0, sizeof dst);
      if (kernels_solve(&WP_LAUNCH_1D(N), view ? &sv : &s, &d, w, h))
        return 11;
      for (int i = 0; i < N; i++)
        if (dst[i] != want[i]) {
          printf("view %d, width %d: element %d is %.9g, expected %.9g\n",
                 view, w, i, dst[i], want[i]);
          bad = 1;
          break;
        }
    }
  memset(dst, 0, sizeof dst);
  if (kernels_shifted(&WP_LAUNCH_1D(N), &s, &d, 7))
    return 12;
  for (int i = 0; i < N && !bad; i++) {
    float e = src[i] + (float)((i + 1) % 7) - (float)((i + 1) / 7) * 0.5f +
              src[(i * 7) % 3000];
    if (dst[i] != e) {
      printf("shifted: element %d is %.9g, expected %.9g\n", i, dst[i], e);
      bad = 1;
    }
  }
  static const int bw[] = {3, 8, 60, 1000}; /* divide N */
  static const int bounds[][2] = {{0, 0}, {1, -2}, {2, -1}, {5, -8}};
  for (size_t k = 0; k < sizeof bw / sizeof *bw && !bad; k++)
    for (size_t q = 0; q < sizeof bounds / sizeof *bounds && !bad; q++) {
      /* hi = w + bounds[q][1] (0 <= clamp results < w) */
      int w = bw[k], lo = bounds[q][0], hi = w + bounds[q][1];
      if (lo >= w || hi < 0 || lo + 1 >= w)
        continue;
      memset(dst, 0, sizeof dst);
      if (kernels_band(&WP_LAUNCH_1D(N), &s, &d, w, lo, hi))
        return 13;
      for (int i = 0; i < N && !bad; i++) {
        int x = i % w, row = i / w * w, a = x - 2, b = 3 + x;
        /* wp.clamp(v, lo, hi) = min(max(lo, v), hi), also for lo > hi */
        a = a > lo ? a : lo;
        a = a < hi ? a : hi;
        b = b > lo + 1 ? b : lo + 1;
        b = b < w - 3 ? b : w - 3;
        float e = src[row + a] - 2.0f * src[row + b];
        if (dst[i] != e) {
          printf("band w %d lo %d hi %d: element %d is %.9g, expected %.9g\n",
                 w, lo, hi, i, dst[i], e);
          bad = 1;
        }
      }
    }
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
cc -std=c11 -Wall -Wextra -Werror -ffp-contract=off main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
for env in "WARP_NUM_THREADS=1" "WARP_NUM_THREADS=4" "WARP_NUM_THREADS=1 WARP_CPU_LEVEL=1"; do
  env $env ./app >out.txt || fail "app exited $? ($env): $(cat out.txt)"
  grep -qx 'all equal' out.txt || fail "$env: $(cat out.txt)"
done
echo ok
