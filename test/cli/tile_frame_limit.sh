#!/usr/bin/env bash
# A kernel whose CPU frame (its tiles) passes IR_CPU_MAX_FRAME_BYTES (6 MiB)
# is refused at compile time (exit 1, warpc's message naming the limit),
# not left to overflow the stack of the thread that runs its block; the
# same kernel with fewer tiles compiles.  Each tile here is 255 KiB, under
# the per-tile limit.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
{
  printf 'import warp as wp\n\n\n@wp.kernel\n'
  printf 'def many(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):\n'
  printf '    t0 = wp.tile_load(x, shape=(256, 255))\n'
  for i in $(seq 1 30); do printf '    t%d = t%d * 0.5 + t%d\n' "$i" $((i - 1)) $((i - 1)); done
  printf '    wp.tile_store(y, t30)\n'
} >big.py
"$warpc" --no-cuda --no-adjoint big.py -o big.o 2>err && fail "a frame over 6 MiB compiled"
rc=$?
[ "$rc" = 1 ] || fail "exit $rc, expected 1: $(cat err)"
grep -q "^warpc: error: a kernel needs a CPU stack frame of more than 6 MiB, warpc's limit" err ||
  fail "no frame-limit message: $(cat err)"
[ ! -e big.o ] || fail "an object was left behind"
head -8 big.py >small.py
printf '    wp.tile_store(y, t2)\n' >>small.py
"$warpc" --no-cuda small.py -o small.o 2>err || fail "a small frame was refused: $(cat err)"
echo ok
