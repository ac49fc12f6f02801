#!/usr/bin/env bash
# --cpu (cmd/warpc/cpus.c, the variants of lib/emit/emit_kernel.c): with
# --cpu=x86-64,x86-64-v3,x86-64-v4 the object holds each kernel's range
# functions for v3 and v4 (hidden) beside the baseline's, and launches run
# the variant of the highest level the CPU has: the same results for
# WARP_CPU_LEVEL=1, 2, 3 and unset (checked with a C loop), and gdb (where
# installed) stops in the v3 variant under WARP_CPU_LEVEL=3 on a CPU that
# has it.  The baseline name alone adds no variant; an AArch64 CPU builds for
# --target aarch64-linux-gnu; bad lists are usage errors (exit 2, no object).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: not an x86-64 machine"; exit 0; }
cat >k.py <<'PY'
import warp as wp


@wp.kernel
def poly(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    t = x[i]
    y[i] = ((a * t + 0.5) * t - 1.25) * t + y[i]
PY
"$warpc" --no-cuda --cpu=x86-64,x86-64-v3,x86-64-v4 k.py -o k.o || fail "warpc --cpu"
syms=$(nm k.o)
for v in x86_64_v3 x86_64_v4; do
  for f in cpu cpu_adj; do
    grep -q " T k_poly_${f}__wpcpu_$v\$" <<<"$syms" || fail "no k_poly_${f}__wpcpu_$v in the object: $syms"
  done
done
readelf -s k.o | grep '__wpcpu_' | grep -qv HIDDEN && fail "a variant symbol is not hidden"
grep -q ' U wp_cpu_level$' <<<"$syms" || fail "the object does not call wp_cpu_level"
objdump -d --no-show-raw-insn k.o | grep -q ymm || fail "no AVX code in the v3 and v4 variants"
"$warpc" --no-cuda --cpu=x86-64 k.py -o b.o || fail "warpc --cpu=x86-64"
! nm b.o | grep -q __wpcpu_ || fail "--cpu=x86-64 alone made variants"

cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "k.h"
enum { N = 20011 };
static float xs[N], ys[N];
int main(void) {
  for (int i = 0; i < N; i++) { xs[i] = 0.0007f * (float)i - 5.0f; ys[i] = 1.0f / (1.0f + (float)i); }
  wp_int64 n = N;
  wp_array x, y;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      k_poly(&WP_LAUNCH_1D(N), &x, &y, 1.7f))
    return 1;
  int bad = 0;
  for (int i = 0; i < N; i++) {
    float t = 0.0007f * (float)i - 5.0f, y0 = 1.0f / (1.0f + (float)i);
    float p = 1.7f * t;
    p = p + 0.5f;
    p = p * t;
    p = p - 1.25f;
    p = p * t;
    bad += ys[i] != p + y0;
  }
  printf("level %d bad %d\n", wp_cpu_level(), bad);
  return bad != 0;
}
C
cc -std=c11 -O0 -ffp-contract=off main.c k.o -I"$root/runtime/include" -L"$root/build/lib" -lwarprt \
  -lpthread -lm -o app || fail "link failed"
top=$(./app | sed -n 's/^level \([0-9]\) bad 0$/\1/p')
[ -n "$top" ] || fail "wrong results: $(./app)"
for lv in 1 2 3; do
  out=$(WARP_CPU_LEVEL=$lv ./app) || fail "WARP_CPU_LEVEL=$lv: $out"
  want=$((lv < top ? lv : top))
  [ "$out" = "level $want bad 0" ] || fail "WARP_CPU_LEVEL=$lv: $out"
done
if [ "$top" -ge 3 ] && command -v gdb >/dev/null; then
  WARP_CPU_LEVEL=3 WARP_NUM_THREADS=1 gdb -q -batch -ex 'break k_poly_cpu__wpcpu_x86_64_v3' \
    -ex 'break k_poly_cpu__wpcpu_x86_64_v4' -ex run ./app >gdb.txt 2>&1
  grep -q 'Breakpoint 1, k_poly_cpu__wpcpu_x86_64_v3' gdb.txt || fail "WARP_CPU_LEVEL=3 did not run the v3 variant: $(cat gdb.txt)"
fi

# --emit=c prints the C as the object compiles it: with the variants'
# dispatch (it printed the baseline's alone)
"$warpc" --emit=c --cpu=x86-64,x86-64-v3 k.py -o v.c || fail "--emit=c --cpu"
grep -q '__wpcpu_x86_64_v3' v.c && grep -q '#ifdef WP_CPU_VARIANT' v.c ||
  fail "--emit=c --cpu shows no variant"
"$warpc" --emit=c k.py -o b.c || fail "--emit=c"
! grep -q '__wpcpu_' b.c || fail "--emit=c without --cpu shows variants"

# AArch64: one CPU, the object's baseline
"$warpc" --no-cuda --target aarch64-linux-gnu --cpu=cortex-a78ae k.py -o a.o || fail "--cpu=cortex-a78ae"
file a.o | grep -q aarch64 || fail "not an AArch64 object: $(file a.o)"
# usage errors
for bad in bogus x86-64-v3,x86-64 x86-64,cortex-a78ae '' x86-64, ,x86-64 x86-64,,x86-64-v3; do
  "$warpc" --no-cuda --cpu="$bad" k.py -o e.o 2>err.txt && fail "--cpu='$bad' was accepted"
  [ $? = 2 ] || fail "--cpu='$bad': exit status not 2"
  grep -q 'error:.*cpu' err.txt || fail "--cpu='$bad': $(cat err.txt)"
  [ ! -e e.o ] || fail "--cpu='$bad' left an object"
done
"$warpc" --no-cuda --target aarch64-linux-gnu --cpu=armv8-a,armv8.2-a k.py -o e.o 2>err.txt && fail "two AArch64 CPUs accepted"
grep -q 'only x86-64 levels have variants' err.txt || fail "$(cat err.txt)"
echo "ok (this CPU: level $top)"
