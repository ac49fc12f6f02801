#!/usr/bin/env bash
# A backward function's tape pushes are cheap to compile (lib/emit/emit_tape.c,
# prelude 0core.h): one wp_ttape_reserve covers a run of pushes (through the
# chain of blocks of an inlined @wp.func), not a check per push, and every
# value has an aligned slot, so that a float's push is one store, not four
# byte stores (st.u8) in the PTX.  Together they halved ptxas's time on Warp's
# example_raymarch (bench/compile/README.md).  The backward's gradient is
# checked by grad.dynamic_loops (for_product_long_tape grows the tape).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > k.py <<'PY'
import warp as wp


@wp.func
def shade(p: wp.vec3, s: float):
    a = wp.length(p) - s
    b = wp.abs(p[0]) - s
    c = wp.max(a, b)
    d = wp.min(c, p[1] * s)
    return wp.sqrt(d * d + 1.0)


@wp.kernel
def march(x: wp.array[wp.vec3], n: int, y: wp.array[float]):
    i = wp.tid()
    t = float(0.0)
    p = x[i]
    for _ in range(n):
        t = t + shade(p + wp.vec3(t), 0.5)
        t = t * shade(p - wp.vec3(t), 0.25)
    y[i] = t
PY
"$warpc" k.py --emit=c -o k.c || fail "warpc --emit=c failed"
pushes=$(grep -o 'wp_ttape_push\(_id\)\?_nocheck(&wp_tape' k.c | wc -l)
checked=$(grep -o 'wp_ttape_push\(_id\)\?(&wp_tape' k.c | wc -l)
reserves=$(grep -o 'wp_ttape_reserve(&wp_tape' k.c | wc -l)
# 26 pushes: 40 before the tape kept only the values the reverse sweep reads
# (lib/ir/adjoint_tape.c; test/cli/adjoint_tape_unread.sh)
[ "$pushes" -ge 20 ] || fail "expected >= 20 reserved pushes in the backward, got $pushes (checked: $checked)"
[ "$checked" -eq 0 ] || fail "$checked pushes check the tape's room each"
# the loop's body (two inlined calls, 35 blocks in all) needs 3: at the
# entry, at the loop's test, in the body
[ "$reserves" -le 4 ] || fail "$reserves reservations for $pushes pushes (expected <= 4)"

# a run of 100 pushes (one variable overwritten 100 times in a loop's body;
# t * t: the product's adjoint reads t, so each t is saved, where t * 0.5
# alone would save none):
# reservations of at most 64 pushes each (TAPE_RUN_MAX: the sum is one C
# expression), all pushes unchecked, and the object builds
{
  printf 'import warp as wp\n\n\n@wp.kernel\ndef long_run(x: wp.array[float], n: int):\n'
  printf '    i = wp.tid()\n    t = x[i]\n    for _ in range(n):\n'
  for _ in $(seq 100); do printf '        t = t * t * 0.5 + 1.0\n'; done
  printf '    x[i] = t\n'
} >long.py
"$warpc" long.py --emit=c -o long.c || fail "long.py: --emit=c failed"
pushes=$(grep -o 'wp_ttape_push\(_id\)\?_nocheck(&wp_tape' long.c | wc -l)
checked=$(grep -o 'wp_ttape_push\(_id\)\?(&wp_tape' long.c | wc -l)
most=$(grep -o 'wp_ttape_reserve(&wp_tape.*' long.c | awk -F'WP_TTAPE_SIZE' '{ if (NF - 1 > m) m = NF - 1 } END { print m + 0 }')
[ "$pushes" -ge 100 ] && [ "$checked" -eq 0 ] || fail "long.py: $pushes reserved pushes, $checked checked"
[ "$most" -eq 64 ] || fail "long.py: the longest reservation sums $most sizes (expected 64)"
"$warpc" long.py --no-cuda -o long.o || fail "long.py: the object does not build"

nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$nvcc" ]; then
  [ "${CI:-}" = true ] && fail "no nvcc in CI"
  echo "SKIP (PTX part): no nvcc"
  echo ok
  exit 0
fi
"$warpc" k.py --emit=ptx --cuda-arch sm_75 -o k.ptx || fail "warpc --emit=ptx failed"
# byte stores left: the two bool loop conditions' pushes and the byte copy
# of the tape's growth (wp_ttape_grow); byte-aligned slots made 4 per float
u8=$(grep -cE '^\s*st(\.local|\.global)?\.u8' k.ptx)
[ "$u8" -le 4 ] || fail "$u8 byte stores in the PTX (expected <= 4): the tape's slots are not aligned"
echo ok
