#!/usr/bin/env bash
# wp.tile_slice_indexed(t, (slice(0, n, 1), idx)) is Warp's t[:, idx] (the
# builtin its advanced indexing lowers to): warpc lowers the call to the
# same gather as the subscript (e2e.tile_view_assign_gather checks the
# subscripts' values against warp-lang; warp-lang 1.19's own codegen fails
# on the explicit call, a tuple holding a tile, so no oracle runs it).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >m.py <<'PY'
import warp as wp


@wp.kernel
def explicit(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), out: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 5))
    i = wp.tile_load(idx, shape=3)
    wp.tile_store(out, wp.tile_slice_indexed(t, (slice(0, 4, 1), i)))


@wp.kernel
def subscript(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), out: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 5))
    i = wp.tile_load(idx, shape=3)
    wp.tile_store(out, t[:, i])
PY
"$warpc" --emit ir -o m.ir m.py || fail "warpc failed"
body() { # the kernel's instructions, without line numbers
  sed -n "/^kernel @$1(/,/^}/p" m.ir | tail -n +2 | sed 's/ line [0-9]*$//'
}
body explicit >e.txt
body subscript >s.txt
grep -q '_tile_gather' e.txt || fail "no gather in the explicit call: $(cat e.txt)"
diff e.txt s.txt >d.txt || fail "the call and t[:, i] differ: $(cat d.txt)"
# the gather's axis (aux) is in the C: both read column idx[j] of each row
"$warpc" --emit c -o m.c m.py || fail "warpc --emit c failed"
n=$(grep -c 'wp_r < 0) wp_r += 5; WP_TLOOP for (int wp_q = 0; wp_q < 1; wp_q++)' m.c || true)
[ "$n" -ge 2 ] || fail "the gathers are not along axis 1 of the (4, 5) tile ($n)"
echo "ok"
