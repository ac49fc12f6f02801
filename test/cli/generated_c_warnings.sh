#!/usr/bin/env bash
# The generated C (--emit=c) is plain C11 that compiles with -Wall -Wextra
# without errors, with clang and with the system cc, with and without #line.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp

LIMIT = wp.constant(10)


@wp.func
def clampf(v: float, lo: float, hi: float):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@wp.kernel
def many(a: wp.array(dtype=float), b: wp.array2d(dtype=wp.int32), v: wp.vec3,
         m: wp.mat33, n: int, d: wp.float64, u: wp.uint32, flag: bool):
    i = wp.tid()
    s = float(0.0)
    for j in range(n):
        if j > LIMIT:
            break
        s += wp.sin(float(j)) * v[0]
    k = int(0)
    while k < 3:
        k += 1
    w = m * v
    a[i] = clampf(s + w[1] + float(d), -1.0, 1.0)
    if flag:
        b[i, 0] = wp.int32(u % wp.uint32(7)) + k
    wp.atomic_add(a, 0, 1.0)
PY
"$warpc" --emit=c k.py -o k.c
"$warpc" --emit=c -g0 k.py -o k_g0.c
for cc in clang cc; do
  command -v $cc >/dev/null || continue
  for src in k.c k_g0.c; do
    $cc -std=c11 -Wall -Wextra -c $src -o ${src%.c}.$cc.o 2>warn.txt ||
      fail "$cc -std=c11 -Wall -Wextra -c $src failed: $(cat warn.txt)"
    $cc -std=c11 -pedantic -c $src -o ${src%.c}.$cc.o 2>warn.txt ||
      fail "$cc -std=c11 -pedantic -c $src failed: $(cat warn.txt)"
  done
done
echo ok
