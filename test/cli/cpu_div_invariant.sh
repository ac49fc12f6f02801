#!/usr/bin/env bash
# Division by a divisor the launch does not change (lib/ir/invariant.c,
# inv_divisor in lib/emit/emit_value.c): a kernel argument, a struct field
# of one, an expression of arguments get the prelude's wp_*_inv_* (a
# multiply by a reciprocal the C compiler hoists out of the range loop);
# a divisor read per thread, a
# @wp.func's parameter, and a constant (which the C compiler does itself)
# keep the plain division.  Results: e2e.int_div_invariant, and
# unit.test_div_inv for every divisor class.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >k.py <<'PY'
import warp as wp


@wp.func
def wrap(x: int, w: int):
    return x % w


@wp.kernel
def k(w: int, n: int, a: wp.array(dtype=int), b: wp.array(dtype=int), out: wp.array(dtype=int)):
    tid = wp.tid()
    out[tid] = tid % w + tid // (n * 2 + 1) + a[tid] % b[tid] + wrap(tid, w) + tid // 7
PY
"$warpc" --no-cuda --emit=c k.py -o k.c || fail "warpc --emit=c"
body=$(sed -n '/^WP_FN void wpk0_body(/,/^}/p' k.c)
[ -n "$body" ] || fail "no kernel body in the generated C"
grep -q 'wp_mod_inv_int32(v[0-9]*, v[0-9]*)' <<<"$body" || fail "tid % w: no wp_mod_inv_int32: $body"
grep -q 'wp_floordiv_inv_int32(' <<<"$body" || fail "tid // (n * 2 + 1): no wp_floordiv_inv_int32: $body"
n=$(grep -c '_inv_int32(' <<<"$body")
[ "$n" = 2 ] || fail "expected 2 invariant divisions (a[tid] % b[tid], the func's and // 7 are not), got $n: $body"
echo ok
