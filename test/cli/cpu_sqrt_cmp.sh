#!/usr/bin/env bash
# Comparisons of a square root by a threshold on its operand
# (lib/emit/emit_sqrt_cmp.c, lib/emit/prelude/0sqrtcmp.h): in a forward
# CPU kernel `wp.length(v) - a <= c` and `wp.sqrt(s) < h` (as in Warp's
# example_dem.py and example_sph.py neighbour loops) print
# wp__sqrtcmp_f/_d with one state per comparison; a comparison in a
# @wp.func left as a call, the backward kernel, the CUDA code, and a
# comparison of something else keep the plain comparison.  Results:
# e2e.sqrt_cmp against warp-lang, unit.test_sqrt_cmp against the direct
# comparison.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >k.py <<'PY'
import warp as wp


@wp.func
def near(d: float, r: float) -> int:
    if wp.sqrt(d) < r:
        return 1
    return 0


@wp.kernel
def k(pts: wp.array(dtype=wp.vec3), r: float, out: wp.array(dtype=float)):
    t = wp.tid()
    n = int(0)
    for j in range(pts.shape[0]):
        v = pts[t] - pts[j]
        if wp.length(v) - r * 2.0 <= 0.0075:
            n += 1
        if wp.sqrt(wp.dot(v, v)) > r:
            n += 2
        if wp.dot(v, v) < r:
            n += 4
        n += near(wp.dot(v, v), r)
    out[t] = float(n)
PY
"$warpc" --no-cuda --emit=c k.py -o k.c || fail "warpc --emit=c"
body=$(sed -n '/^WP_FN void wpk0_body/,/^}/p' k.c)
[ -n "$body" ] || fail "no kernel body in the generated C"
grep -q 'wp__sqrtcmp_f(&v[0-9]*_q, wp_length_sq_vec3f(v[0-9]*), v[0-9]*, v[0-9]*, WP__SQRTCMP_LE, 1)' <<<"$body" ||
  fail "length(v) - 2 r <= c: no wp__sqrtcmp_f: $body"
grep -q 'wp__sqrtcmp_f(&v[0-9]*_q, v[0-9]*, 0.0f, v[0-9]*, WP__SQRTCMP_GT, 0)' <<<"$body" ||
  fail "sqrt(dot) > r: no wp__sqrtcmp_f: $body"
n=$(grep -c '= wp__sqrtcmp_f(' <<<"$body")
# the func's comparison counts only where the func was inlined into the kernel
inl=$(grep -c 'wpf_near(' <<<"$body" || true)
[ "$n" = 2 ] || [ "$n" = 3 -a "$inl" = 0 ] || fail "expected 2 comparisons by threshold (dot < r is none), got $n: $body"
n=$(grep -c '^  wp__sqrtcmp_state_f v[0-9]*_q = {0, WP__SQRTCMP_T0(WP__SQRTCMP_[A-Z]*)};' <<<"$body")
[ "$n" -ge 2 ] || fail "the states are not declared: $body"
func=$(sed -n '/^WP_FN wp_int32 wpf_near(/,/^}/p' k.c)
[ -z "$func" ] || ! grep -q 'wp__sqrtcmp' <<<"$func" || fail "a @wp.func's comparison by threshold: $func"
adj=$(sed -n '/^WP_FN void wpk0_adj_body/,/^}/p' k.c)
[ -z "$adj" ] || ! grep -q '= wp__sqrtcmp' <<<"$adj" || fail "the backward body compares by threshold: $adj"

# Warp's own examples: the neighbour loops' tests
W=$(python3 -c 'import os, warp; print(os.path.dirname(warp.__file__))' 2>/dev/null) || skip "warp-lang is not installed"
"$warpc" --no-cuda --emit=c "$W/examples/core/example_dem.py" -o dem.c || fail "warpc example_dem.py"
grep -q 'wp__sqrtcmp_f(&v[0-9]*_q, wp_length_sq_vec3f(v[0-9]*), v[0-9]*, v[0-9]*, WP__SQRTCMP_LE, 1);' dem.c ||
  fail "example_dem's apply_forces: no comparison by threshold"
"$warpc" --no-cuda --emit=c "$W/examples/core/example_sph.py" -o sph.c || fail "warpc example_sph.py"
n=$(grep -c 'wp__sqrtcmp_f(&v[0-9]*_q, v[0-9]*, 0.0f, v[0-9]*, WP__SQRTCMP_LT, 0);' sph.c)
[ "$n" -ge 2 ] || fail "example_sph's get_acceleration: $n comparisons by threshold, expected 2"

# CUDA C: plain comparisons
if "$warpc" --emit=cu k.py -o k.cu 2>cu.err; then
  ! grep -q '= wp__sqrtcmp' k.cu || fail "the CUDA code compares by threshold"
fi
echo ok
