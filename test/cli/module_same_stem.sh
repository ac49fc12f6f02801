#!/usr/bin/env bash
# Two modules of one stem (a/kernels.py, b/kernels.py, both module
# 'kernels') in one C program: their headers have different include guards
# (module name + a hash of the declarations), so both are seen; a struct
# that both import (shapes.Box, also compiled as its own module) is one C
# type, shapes_Box, defined once however many headers define it, with the
# per-module names (kernels_shapes_Box) as typedefs of it.  The program
# links all the objects and runs.  Clashes are compile errors that name
# --module: a third kernels.py with a kernel of the same name, and another
# module 'shapes' whose Box has another layout.  The headers are the same
# bytes when the tree is compiled elsewhere.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

mkdir -p common a b c d e
cat >common/shapes.py <<'PY'
import warp as wp


@wp.struct
class Box:
    lo: wp.vec3
    hi: wp.vec3
    id: int


@wp.func
def volume(b: Box) -> float:
    d = b.hi - b.lo
    return d[0] * d[1] * d[2]


@wp.kernel
def init(boxes: wp.array(dtype=Box)):
    i = wp.tid()
    s = float(i + 1)
    boxes[i] = Box(wp.vec3(0.0), wp.vec3(s, s, s), i)
PY
cat >a/kernels.py <<'PY'
import warp as wp
from shapes import Box, volume


@wp.kernel
def volumes(boxes: wp.array(dtype=Box), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = volume(boxes[i])
PY
cat >b/kernels.py <<'PY'
import warp as wp
import shapes


@wp.kernel
def grow(boxes: wp.array(dtype=shapes.Box), d: float):
    i = wp.tid()
    b = boxes[i]
    boxes[i] = shapes.Box(b.lo, b.hi + wp.vec3(d, 0.0, 0.0), b.id + 100)


@wp.kernel
def tag(b: shapes.Box, out: wp.array(dtype=int)):
    out[wp.tid()] = b.id * 2
PY
cat >c/kernels.py <<'PY'
import warp as wp


@wp.kernel
def grow(x: wp.array(dtype=float)):
    x[wp.tid()] = x[wp.tid()] * 2.0
PY
cat >d/shapes.py <<'PY'
import warp as wp


@wp.struct
class Box:
    lo: wp.vec3
    id: int
PY
cat >e/kernels.py <<'PY'
import warp as wp
from shapes import Box


@wp.kernel
def first(boxes: wp.array(dtype=Box), out: wp.array(dtype=int)):
    out[0] = boxes[0].id
PY
"$warpc" --no-cuda common/shapes.py -o common/shapes.o || fail "warpc shapes.py"
"$warpc" --no-cuda -I common a/kernels.py -o a/kernels.o || fail "warpc a"
"$warpc" --no-cuda -I common b/kernels.py -o b/kernels.o || fail "warpc b"
"$warpc" --no-cuda c/kernels.py -o c/kernels.o || fail "warpc c"
"$warpc" --no-cuda -I d e/kernels.py -o e/kernels.o || fail "warpc e"

cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "common/shapes.h"
#include "a/kernels.h"
#include "b/kernels.h"

int main(void) {
  wp_int64 n = 3;
  wp_array boxes, vol, tags;
  /* one C type: the per-module names are the same type */
  shapes_Box *p = 0;
  kernels_shapes_Box *q = p;
  (void)q;
  if (wp_array_alloc(&boxes, KERNELS_SHAPES_BOX_DTYPE, sizeof(shapes_Box), 1,
                     &n, 0, WP_DEVICE_CPU) ||
      wp_array_alloc(&vol, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ||
      wp_array_alloc(&tags, WP_INT32, 0, 1, &n, 0, WP_DEVICE_CPU))
    return 10;
  wp_launch l = wp_launch_1d(n);
  if (shapes_init(&l, &boxes) || kernels_grow(&l, &boxes, 1.0f) ||
      kernels_volumes(&l, &boxes, &vol)) {
    printf("launch: %s\n", wp_last_error());
    return 11;
  }
  const float *v = vol.data;
  const shapes_Box *bx = boxes.data;
  printf("volumes %g %g %g\n", v[0], v[1], v[2]);
  if (kernels_tag(&l, bx[2], &tags))
    return 12;
  printf("id %d tag %d\n", bx[2].id, ((const int *)tags.data)[1]);
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror -I"$root/runtime/include" -I. -o prog main.c \
  common/shapes.o a/kernels.o b/kernels.o "$root/build/lib/libwarprt.a" -lpthread -lm \
  2>err || fail "the program with both kernels.h does not compile: $(head -c 3000 err)"
got=$(./prog) || fail "the program failed: $got"
want='volumes 2 12 36
id 102 tag 204'
[ "$got" = "$want" ] || fail "got
$got
want
$want"
# the guards: module name and a hash; different for a/ and b/
ga=$(sed -n 's/^#ifndef \(WARPC_KERNELS_H_[0-9A-F]\{8\}\)$/\1/p' a/kernels.h)
gb=$(sed -n 's/^#ifndef \(WARPC_KERNELS_H_[0-9A-F]\{8\}\)$/\1/p' b/kernels.h)
[ -n "$ga" ] && [ -n "$gb" ] && [ "$ga" != "$gb" ] || fail "guards: '$ga' '$gb'"

# a kernel of one name in two same-named modules: an #error naming --module
printf '#include <warp/warp.h>\n#include "b/kernels.h"\n#include "c/kernels.h"\nint main(void) { return 0; }\n' >clash.c
if cc -std=c11 -I"$root/runtime/include" -I. -fsyntax-only clash.c 2>err; then
  fail "b/kernels.h and c/kernels.h both declare kernels_grow without an error"
fi
grep -q 'kernels_grow: declared by two generated headers.*--module NAME' err ||
  fail "no --module hint: $(cat err)"
# ... which --module resolves
"$warpc" --no-cuda --module ck c/kernels.py -o c/ck.o -H c/ck.h || fail "warpc --module"
cat >main2.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "b/kernels.h"
#include "c/ck.h"
int main(void) {
  float xs[2] = {1.5f, 4.0f};
  wp_int64 n = 2;
  wp_array x;
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_launch l = wp_launch_1d(n);
  if (ck_grow(&l, &x))
    return 1;
  printf("%g %g\n", xs[0], xs[1]);
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror -I"$root/runtime/include" -I. -o prog2 main2.c \
  b/kernels.o c/ck.o "$root/build/lib/libwarprt.a" -lpthread -lm 2>err ||
  fail "--module did not resolve the clash: $(head -c 3000 err)"
[ "$(./prog2)" = "3 8" ] || fail "prog2: $(./prog2)"

# another 'shapes' module whose Box has another layout: an #error, not a
# silent mismatch
printf '#include <warp/warp.h>\n#include "a/kernels.h"\n#include "e/kernels.h"\nint main(void) { return 0; }\n' >layout.c
if cc -std=c11 -I"$root/runtime/include" -I. -fsyntax-only layout.c 2>err; then
  fail "two layouts of shapes_Box without an error"
fi
grep -q 'struct shapes_Box: another generated header defines it with another layout' err ||
  fail "no layout error: $(cat err)"

# hermetic: the same tree elsewhere gives the same header bytes
mkdir -p "$tmp/elsewhere/deeper"
cp -r common a "$tmp/elsewhere/deeper/"
(cd "$tmp/elsewhere/deeper" && "$warpc" --no-cuda -I common a/kernels.py -o a/kernels.o) ||
  fail "warpc elsewhere"
cmp a/kernels.h "$tmp/elsewhere/deeper/a/kernels.h" ||
  fail "the header depends on the checkout location: $(diff a/kernels.h "$tmp/elsewhere/deeper/a/kernels.h")"
echo ok
