#!/usr/bin/env bash
# C++ users: the generated header and the runtime headers compile as C++17
# under g++ and clang++ with -Wall -Wextra -pedantic -Werror (extern "C",
# no compound literals or designated initializers), and a C++ program that
# includes the header launches kernels with structs, vectors and matrices
# by value through wp_launch_1d()/wp_launch_2d() and &WP_LAUNCH_1D(n)
# (a temporary in C++), links with libwarprt.a and gets the right results.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

cat >kernels.py <<'PY'
import warp as wp


@wp.struct
class Particle:
    pos: wp.vec3
    vel: wp.vec3
    mass: float
    id: int


@wp.struct
class Params:
    rot: wp.mat33
    shift: wp.vec3
    scale: float


@wp.kernel
def advance(ps: wp.array(dtype=Particle), p: Params, dt: float):
    i = wp.tid()
    q = ps[i]
    x = p.rot * (q.pos + q.vel * dt) * p.scale + p.shift
    ps[i] = Particle(x, q.vel, q.mass, q.id + 1)


@wp.kernel
def transform(m: wp.mat33, v: wp.vec3, new: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    new[i] = m * v * float(i)


@wp.kernel
def grid(out: wp.array(dtype=int, ndim=2), k: int):
    i, j = wp.tid()
    out[i, j] = i * 100 + j * k
PY
"$warpc" --no-cuda kernels.py -o kernels.o || fail "warpc failed"
[ -f kernels.h ] || fail "no kernels.h"

cat >main.cpp <<'CPP'
#include <cstdio>
#include <vector>

#include <warp/warp.h>
#include "kernels.h"

static int fails = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s (%s)\n", what, wp_last_error());
    fails++;
  }
}

int main() {
  const int n = 4;
  wp_array ps;
  wp_int64 shape = n;
  expect(wp_array_alloc(&ps, KERNELS_PARTICLE_DTYPE, sizeof(kernels_Particle),
                        1, &shape, 0, WP_DEVICE_CPU) == WP_SUCCESS,
         "alloc");
  kernels_Particle *p = static_cast<kernels_Particle *>(ps.data);
  for (int i = 0; i < n; i++) {
    p[i].pos = wp_vec3f{{float(i), 0.0f, 0.0f}};
    p[i].vel = wp_vec3f{{1.0f, 2.0f, 0.0f}};
    p[i].mass = 1.0f;
    p[i].id = 10 * i;
  }
  kernels_Params prm;
  prm.rot = wp_mat33f{{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}}; /* +90 deg about z */
  prm.shift = wp_vec3f{{0.0f, 0.0f, 3.0f}};
  prm.scale = 2.0f;
  wp_launch launch = wp_launch_1d(n); /* stored: valid in C and C++ */
  expect(kernels_advance(&launch, &ps, prm, 0.5f) == WP_SUCCESS, "advance");
  /* i = 3: pos + vel*dt = (3.5, 1, 0); rotated (-1, 3.5, 0); *2 + shift */
  std::printf("advance %g %g %g id %d\n", p[3].pos.c[0], p[3].pos.c[1],
              p[3].pos.c[2], p[3].id);

  std::vector<wp_vec3f> out(n);
  wp_array o;
  expect(wp_array_wrap(&o, out.data(), WP_VEC3F, 0, 1, &shape, nullptr,
                       WP_DEVICE_CPU) == WP_SUCCESS,
         "wrap");
  wp_mat33f m = {{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}};
  wp_vec3f v = {{1, 1, 1}};
  /* the macro, as in C: a temporary that lives during the call */
  expect(kernels_transform(&WP_LAUNCH_1D(n), m, v, &o) == WP_SUCCESS,
         "transform");
  std::printf("transform %g %g %g\n", out[2].c[0], out[2].c[1], out[2].c[2]);

  int cells[3][5] = {};
  wp_int64 gs[2] = {3, 5};
  wp_array g;
  expect(wp_array_wrap(&g, cells, WP_INT32, 0, 2, gs, nullptr,
                       WP_DEVICE_CPU) == WP_SUCCESS,
         "wrap grid");
  wp_launch l2 = WP_LAUNCH_2D(3, 5);
  expect(kernels_grid(&l2, &g, 7) == WP_SUCCESS, "grid");
  expect(kernels_grid(&WP_LAUNCH_2D(3, 5), &g, 7) == WP_SUCCESS, "grid macro");
  std::printf("grid %d %d\n", cells[2][4], cells[1][3]);

  /* a wrong dtype is an error, as from C */
  expect(kernels_transform(&WP_LAUNCH_1D(n), m, v, &g) ==
             WP_ERROR_DTYPE_MISMATCH,
         "mismatch");
  wp_array_free(&ps);
  wp_shutdown();
  return fails;
}
CPP

want='advance -2 7 3 id 31
transform 2 4 6
grid 228 121'
flags="-std=c++17 -Wall -Wextra -pedantic -Werror -I$root/runtime/include -I."
for cxx in g++ clang++; do
  command -v "$cxx" >/dev/null || { echo "note: no $cxx"; continue; }
  # every public runtime header on its own, as C++
  for h in "$root"/runtime/include/warp/*.h; do
    printf '#include <warp/%s>\nint main() { return 0; }\n' "${h##*/}" >one.cpp
    "$cxx" $flags -fsyntax-only one.cpp 2>err ||
      fail "$cxx: <warp/${h##*/}> is not C++17: $(cat err)"
  done
  "$cxx" $flags -o "prog_$cxx" main.cpp kernels.o "$root/build/lib/libwarprt.a" \
    -lpthread -lm 2>err || fail "$cxx: the C++ program does not compile: $(head -c 2000 err)"
  got=$("./prog_$cxx") || fail "$cxx: the program failed: $got"
  [ "$got" = "$want" ] || fail "$cxx: got
$got
want
$want"
  ran=1
done
[ -n "${ran:-}" ] || skip "no C++ compiler"
echo ok
