#!/usr/bin/env bash
# Multi-file modules: every import form resolves @wp.func, @wp.struct and
# constants of other .py files (the importing file's directory, packages,
# relative imports, a -I directory, a star import), funcs of the same name in two files stay
# apart, and the linked program computes what the formulas say (integer
# arithmetic, expected values worked out by hand below).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

mkdir -p src/pkg/sub inc
cat >src/util.py <<'PY'
import warp as wp
import numpy as np  # host only

N = 7
M = N * 2 + 1  # 15


@wp.struct
class Pair:
    a: int
    b: int


@wp.func
def f(x: int):
    return x * 3 + N  # the same name as the kernel file's f


@wp.func
def g(p: Pair) -> int:
    return p.a * 100 + p.b


def host_only():
    return np.zeros(3)
PY
cat >src/pkg/__init__.py <<'PY'
BASE = 1000
PY
cat >src/pkg/geo.py <<'PY'
import warp as wp
from . import BASE
from .sub.deep import h


@wp.func
def area(w: int, h_: int) -> int:
    return w * h_ + BASE + h(1)
PY
cat >src/pkg/sub/deep.py <<'PY'
import warp as wp
from ...util import N  # two levels up: src/util.py


@wp.func
def h(x: int) -> int:
    return x + N * 10  # 1 + 70
PY
cat >inc/extra.py <<'PY'
import warp as wp
import util  # found in the importing file's dir? no (inc/); in -I src


@wp.func
def twice_f(x: int) -> int:
    return util.f(x) * 2
PY
cat >src/star.py <<'PY'
import warp as wp
STAR_K = 9
PY
cat >src/kernels.py <<'PY'
import warp as wp
from star import *
import numpy as np
from . import util
import util as u
from util import f as uf, Pair, M
from .util import g
import pkg.geo
from pkg import geo as geo2
import extra


@wp.func
def f(x: int):
    return x - 1


@wp.kernel
def k(out: wp.array(dtype=int)):
    i = wp.tid()
    p = Pair()
    p.a = i
    p.b = 5
    q = util.Pair(2, 3)
    out[i * 8 + 0] = f(i)                 # i - 1
    out[i * 8 + 1] = uf(i)                # 3i + 7
    out[i * 8 + 2] = u.f(i) + util.N      # 3i + 14
    out[i * 8 + 3] = g(p) + u.g(q)        # 100i + 5 + 203
    out[i * 8 + 4] = pkg.geo.area(i, 2)   # 2i + 1000 + 71
    out[i * 8 + 5] = geo2.area(1, 1) + M  # 1072 + 15
    out[i * 8 + 6] = extra.twice_f(i)     # 6i + 14
    out[i * 8 + 7] = u.M - util.N         # 8


@wp.kernel
def with_struct(ps: wp.array(dtype=u.Pair), s: util.Pair, out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = g(ps[i]) + s.a + STAR_K
PY
"$warpc" -I inc -I src src/kernels.py -o kernels.o --no-cuda 2>err || fail "warpc: $(cat err)"
[ ! -s err ] || fail "diagnostics printed: $(cat err)"
grep -q '^typedef util_Pair kernels_util_Pair;' kernels.h || fail "kernels.h lacks kernels_util_Pair: $(grep typedef kernels.h)"
"$warpc" -I inc -I src src/kernels.py --emit=c -o k.c
grep -q 'wpf_f(' k.c || fail "the kernel file's f is not wpf_f"
grep -q 'wpf_util_f(' k.c || fail "util.f is not wpf_util_f"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"
int main(void) {
  enum { N = 4 };
  static int out[N * 8], o2[3];
  wp_int64 n = N * 8, three = 3;
  wp_array a, b, ps;
  if (wp_array_wrap(&a, out, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&b, o2, WP_INT32, 0, 1, &three, NULL, WP_DEVICE_CPU) ||
      wp_array_alloc(&ps, KERNELS_UTIL_PAIR_DTYPE, sizeof(kernels_util_Pair), 1,
                     &three, 0, WP_DEVICE_CPU))
    return 10;
  if (kernels_k(&WP_LAUNCH_1D(N), &a) != WP_SUCCESS)
    return 11;
  kernels_util_Pair *pv = ps.data;
  for (int i = 0; i < 3; i++) { pv[i].a = i; pv[i].b = 10 * i; }
  kernels_util_Pair s = {40, 0};
  if (kernels_with_struct(&WP_LAUNCH_1D(3), &ps, s, &b) != WP_SUCCESS)
    return 12;
  for (int i = 0; i < N * 8; i++)
    printf("%d%c", out[i], i % 8 == 7 ? '\n' : ' ');
  printf("%d %d %d\n", o2[0], o2[1], o2[2]);
  wp_array_free(&ps);
  return 0;
}
C
cc -std=c11 -I"$root/runtime/include" main.c kernels.o -L"$root/build/lib" -lwarprt -lpthread -lm -o main
./main >got || fail "main exited $?"
cat >want <<'T'
-1 7 14 208 1071 1087 14 8
0 10 17 308 1073 1087 20 8
1 13 20 408 1075 1087 26 8
2 16 23 508 1077 1087 32 8
49 159 269
T
diff want got >/dev/null || fail "results differ: $(diff want got)"

# C names: a kernel keeps its launcher name when an imported struct's C name
# would be the same; the struct gets a suffix
mkdir clash && cd clash
printf 'import warp as wp\n\n@wp.struct\nclass Body:\n    x: float\n' >forces.py
cat >k.py <<'PY'
import warp as wp
from forces import Body


@wp.kernel
def forces_Body(b: wp.array(dtype=Body)):
    b[0].x = 1.0
PY
"$warpc" k.py --emit=header >k.h
grep -q '^wp_status k_forces_Body(const wp_launch' k.h || fail "launcher renamed: $(grep wp_status k.h)"
grep -q "^typedef forces_Body k_forces_Body_2;" k.h || fail "struct not renamed: $(grep typedef k.h)"
echo ok
