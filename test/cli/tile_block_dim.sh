#!/usr/bin/env bash
# The block size of wp.tile(x) / wp.untile(t): one thread on the CPU (as
# warp-lang's CPU backend), the module's block_dim on CUDA (warpc
# --block-dim N, else wp.set_module_options({"block_dim": N}), else 256).
# The generated launcher refuses a CUDA launch of another block_dim with a
# message (checked without a GPU: the check comes before the launch, which
# then fails for an object without CUDA code); CPU launches run.  Bad
# values are errors; a block_dim no kernel needs is a warning.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >k.py <<'PY'
import warp as wp

wp.set_module_options({"block_dim": 64})


@wp.kernel
def blk(x: float):
    i, lane = wp.tid()
    t = wp.tile(x + float(lane))
    wp.printf("sum %g lane value %g\n", wp.tile_sum(t)[0], wp.untile(t))


@wp.kernel
def plain(x: float):
    t = wp.tile_ones(shape=4, dtype=float)
    wp.printf("plain %g\n", wp.tile_sum(t)[0] * x)
PY
# the shapes: (1,) in the CPU code, (64,) in the CUDA code, (32,) with --block-dim 32
"$warpc" --emit=c k.py -o k.c
grep -q 'tile(dtype=float32, shape=(1,))' k.c || fail "CPU code: no (1,) tile"
! grep -q 'shape=(64,)' k.c || fail "CPU code has a (64,) tile"
"$warpc" --emit=cu k.py -o k.cu
grep -q 'tile(dtype=float32, shape=(64,))' k.cu || fail "CUDA code: no (64,) tile"
"$warpc" --emit=cu --block-dim 32 k.py -o k32.cu
grep -q 'tile(dtype=float32, shape=(32,))' k32.cu || fail "--block-dim 32: no (32,) tile"
! grep -q 'shape=(64,)' k32.cu || fail "--block-dim 32 kept 64"
"$warpc" --no-cuda k.py -o k.o 2>err
[ ! -s err ] || fail "warnings for a block_dim that is used: $(cat err)"
"$warpc" --no-cuda --block-dim=32 --module k32 k.py -o k32.o
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "HDR"

int main(void) {
  wp_launch l = {.ndim = 1, .dims = {2}, .block_dim = 16};
  if (PFX_blk_tiled(&l, 1.5f) != WP_SUCCESS) /* the CPU: any block_dim */
    return 10;
  fflush(stdout);
  int sizes[3] = {16, 0, BD};
  for (int k = 0; k < 3; k++) {
    wp_launch c = {.ndim = 1, .dims = {2}, .block_dim = sizes[k],
                   .device = WP_DEVICE_CUDA(0)};
    wp_status st = PFX_blk_tiled(&c, 1.0f);
    printf("cuda %d: %s: %s\n", sizes[k], wp_status_string(st), wp_last_error());
    st = PFX_plain(&c, 1.0f); /* no wp.tile: not checked */
    printf("plain %d: %s\n", sizes[k], strstr(wp_last_error(), "compiled for CUDA blocks") ? "checked" : "not checked");
  }
  return 0;
}
C
for v in "k 64" "k32 32"; do
  set -- $v
  sed "s/HDR/$1.h/; s/PFX/$1/g; s/BD/$2/" main.c >m_$1.c
  cc -std=c11 -Wall -Werror -I"$root/runtime/include" -I. m_$1.c $1.o "$root/build/lib/libwarprt.a" -lpthread -lm -ldl -o m_$1 ||
    fail "cannot link the $1 program"
  ./m_$1 >out_$1.txt 2>&1 || fail "$1: exit $?: $(cat out_$1.txt)"
  grep -q '^sum 1.5 lane value 1.5$' out_$1.txt || fail "$1: CPU launch: $(cat out_$1.txt)"
  grep -q "^cuda 16: WP_ERROR_INVALID_VALUE: kernel $1_blk was compiled for CUDA blocks of $2 threads .*the launch's block_dim 16$" out_$1.txt ||
    fail "$1: block_dim 16 not refused: $(cat out_$1.txt)"
  grep -q "^cuda 0: WP_ERROR_INVALID_VALUE: .*blocks of $2 threads.*block_dim 256$" out_$1.txt ||
    fail "$1: the default 256 not refused: $(cat out_$1.txt)"
  grep "^cuda $2: " out_$1.txt | grep -q 'without CUDA code' ||
    fail "$1: block_dim $2 refused: $(cat out_$1.txt)"
  [ "$(grep -c '^plain .*: not checked' out_$1.txt)" = 3 ] || fail "$1: a kernel without wp.tile checked: $(cat out_$1.txt)"
done

# errors and warnings
rc=0
"$warpc" --no-cuda --block-dim 0 k.py -o z.o 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "bad --block-dim value '0'" err || fail "--block-dim 0: exit $rc: $(cat err)"
rc=0
"$warpc" --no-cuda --block-dim 2048 k.py -o z.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "--block-dim 2048: exit $rc: $(cat err)"
sed 's/"block_dim": 64/"block_dim": 0/' k.py >bad.py
rc=0
"$warpc" --no-cuda bad.py -o z.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^bad.py:3:37: error: 'block_dim' must be an integer from 1 to 1024" err ||
  fail "block_dim 0: exit $rc: $(cat err)"
printf 'import warp as wp\n\nwp.set_module_options({"block_dim": 64})\n\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >unused.py
"$warpc" --no-cuda unused.py -o u.o 2>err
grep -q "^unused.py:3:24: warning: module option 'block_dim' has no effect in warpc here: no kernel uses wp.tile" err ||
  fail "an unused block_dim: $(cat err)"
# untile of a tile whose last extent is not the block width
cat >u.py <<'PY'
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    t = wp.tile_ones(shape=4, dtype=float)
    x[0] = wp.untile(t)
PY
rc=0
"$warpc" --no-cuda u.py -o u.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "^u.py:7:22: error: wp.untile(): the last extent of 'tile(dtype=float32, shape=(4,))' is not the block width 1" err ||
  fail "untile of a (4,) tile: exit $rc: $(cat err)"
# an error of the CUDA lowering alone (the block's values in shared memory
# past 48 KiB at 1024 threads) is reported once, with -fkeep-going too;
# the CPU code compiles
cat >big.py <<'PY'
import warp as wp


@wp.kernel
def k(m: wp.array(dtype=wp.mat44d), o: wp.array(dtype=wp.mat44d)):
    i, lane = wp.tid()
    o[i] = wp.untile(wp.tile(m[i], preserve_type=True))
PY
"$warpc" --emit=c --block-dim 1024 big.py -o big.c 2>err || fail "CPU code of big.py: $(cat err)"
for kg in "" -fkeep-going; do
  rc=0
  "$warpc" --emit=cu --block-dim 1024 $kg big.py -o big.cu 2>err || rc=$?
  [ "$rc" = 1 ] && [ "$(grep -c ': error: ' err)" = 1 ] &&
    grep -q "^big.py:7:22: error: wp.tile() of a 'mat44d' over a CUDA block of 1024 threads needs 131072 bytes of shared memory, more than warpc's limit of 49152" err ||
    fail "big.py $kg: exit $rc: $(cat err)"
done
echo "ok"
