#!/usr/bin/env bash
# Adjoints without atomics (lib/ir/injective.c) and without a tape: the
# backward C of saxpy adds x's and y's adjoints with plain adds (behind the
# run-time check that the launch is 1-D) and keeps no per-thread tape; a
# read a[i] in a kernel of `i, j = wp.tid()` keeps the atomic for 2-D
# launches (the guard is ndim <= 1), a[i, j] gets the plain add for 2-D
# launches, a gather a[idx[i]] only the atomic, and a kernel with a dynamic
# loop keeps its tape.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >k.py <<'PY'
import warp as wp

@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float, z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = a * x[i] + y[i]

@wp.kernel
def row(a: wp.array(dtype=float), b: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    b[i, j] = wp.float64(a[i])

@wp.kernel
def grid(a: wp.array2d(dtype=wp.vec3), b: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    b[i, j] = wp.float64(wp.length(a[i, j]))

@wp.kernel
def gather(a: wp.array(dtype=float), idx: wp.array(dtype=int), b: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b[i] = wp.float64(a[idx[i]])

@wp.kernel
def looped(a: wp.array(dtype=float), n: int, b: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = float(0.0)
    for _k in range(n):
        s = s * a[i] + 1.0
    b[i] = wp.float64(s)
PY
"$warpc" --no-cuda --emit c k.py -o k.c 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
# the backward body of kernel K (the C kernels are numbered in order)
body() { sed -n "/^WP_FN void wpk$1_adj_body/,/^}/p" k.c; }
body 0 >saxpy.c; body 1 >row.c; body 2 >grid.c; body 3 >gather.c; body 4 >looped.c
for f in saxpy row grid gather looped; do
  [ -s $f.c ] || fail "no backward body for $f in k.c"
done
[ "$(grep -c 'if (wp_bounds->ndim <= 1 && !wp_bounds->flags) { float \*wp_gp = WP_GAT1(float, v[0-9]*, v[0-9]*); wp_plain_add_float32' saxpy.c)" = 2 ] ||
  fail "saxpy: want two plain adds guarded by ndim <= 1: $(grep -n 'grad' saxpy.c)"
grep -q 'wp_ttape' saxpy.c && fail "saxpy's backward keeps a tape: $(grep -n wp_ttape saxpy.c)"
grep -q 'switch' saxpy.c && fail "saxpy's backward switches on a path: $(grep -n switch saxpy.c)"
grep -q 'if (wp_bounds->ndim <= 1 && !wp_bounds->flags) .*wp_plain_add_float32.* else wp_atomic_add_float32' row.c ||
  fail "row: want the plain add for 1-D launches only, the atomic otherwise: $(grep -n 'grad' row.c)"
grep -q 'if (wp_bounds->ndim <= 2 && !wp_bounds->flags) { wp_vec3f \*wp_gp = .*wp_plain_add_float32(&(&wp_gp->c\[0\])\[wp_c\]' grid.c ||
  fail "grid: want the vec3 plain add for 2-D launches: $(grep -n 'grad' grid.c)"
grep -q 'wp_plain_add' gather.c && fail "gather: a[idx[i]] must keep the atomic: $(grep -n 'grad' gather.c)"
grep -q 'wp_atomic_add_float32' gather.c || fail "gather: no atomic add: $(grep -n 'grad' gather.c)"
grep -q 'wp_ttape_push' looped.c || fail "looped: the dynamic loop's tape is missing"
grep -q 'wp_plain_add_float32' looped.c || fail "looped: a[i] in a loop: want the plain add"
echo ok
