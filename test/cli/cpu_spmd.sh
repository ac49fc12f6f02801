#!/usr/bin/env bash
# The SPMD variant of CPU kernels (lib/emit/emit_spmd.c, -fno-spmd):
# --emit=c says which kernels got it and why the others did not; the
# results are the same bytes with it, without it (-fno-spmd), with every
# --cpu variant (WARP_CPU_LEVEL 1..4: 8 or 16 lanes), on 1 and 3 threads, and
# equal a C loop in the kernel's order (compiled without contraction);
# stored arrays that overlap a read one (a view of the same buffer) take
# the scalar path, whose thread order the C loop follows.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def accel(pos: wp.array(dtype=wp.vec3), mass: wp.array(dtype=float), acc: wp.array(dtype=wp.vec3), eps2: float):
    i = wp.tid()
    p = pos[i]
    a = wp.vec3(0.0, 0.0, 0.0)
    for j in range(pos.shape[0]):
        d = pos[j] - p
        r2 = wp.dot(d, d) + eps2
        inv_r = 1.0 / wp.sqrt(r2)
        a = a + d * (mass[j] * inv_r * inv_r * inv_r)
    acc[i] = a


@wp.kernel(enable_backward=False)
def relax(a: wp.array(dtype=float), b: wp.array(dtype=float), n: int):
    i = wp.tid()
    for k in range(n):
        if n > 2:
            b[i] = b[i] * 0.5 + a[i + 1]
        else:
            b[i] = b[i] - a[i + 1]


@wp.kernel
def diverge(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    for k in range(n):
        if x[i] > 0.0:
            x[i] = x[i] - 1.0


@wp.kernel
def histogram(x: wp.array(dtype=int), h: wp.array(dtype=int), n: int):
    i = wp.tid()
    for k in range(n):
        wp.atomic_add(h, x[i], 1)


@wp.kernel
def broadcast(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    for k in range(n):
        x[0] = float(i)
PY
"$warpc" --no-cuda --emit=c kernels.py -o k.c || fail "warpc --emit=c"
grep -q '^/\* SPMD accel: yes' k.c || fail "accel got no SPMD variant: $(grep '^/\* SPMD accel' k.c)"
grep -q '^/\* SPMD relax: yes' k.c || fail "relax got no SPMD variant: $(grep '^/\* SPMD relax' k.c)"
grep -q '^/\* SPMD diverge: no (a branch on a value that differs between threads) \*/' k.c ||
  fail "diverge: $(grep '^/\* SPMD diverge' k.c)"
grep -q '^/\* SPMD histogram: no (an operation whose order shows) \*/' k.c ||
  fail "histogram: $(grep '^/\* SPMD histogram' k.c)"
grep -q '^/\* SPMD broadcast: no (a store at an index not shown injective in wp.tid()) \*/' k.c ||
  fail "broadcast: $(grep '^/\* SPMD broadcast' k.c)"
[ "$(grep -v '_adj_body_spmd(' k.c | grep -c '_spmd(const')" = 2 ] || fail "expected 2 SPMD functions" # forward (emit_spmd_adj.c: backward)
"$warpc" --no-cuda --emit=c -fno-spmd kernels.py -o k0.c || fail "warpc --emit=c -fno-spmd"
[ "$(grep -c '^/\* SPMD [a-z]*: no (-fno-spmd) \*/' k0.c)" = 5 ] || fail "-fno-spmd: $(grep '^/\* SPMD' k0.c)"
! grep -q '_spmd(const' k0.c || fail "-fno-spmd printed an SPMD function"

cat >main.c <<'C'
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 1003 }; /* no multiple of 8 or 16: the scalar tail runs */
static wp_vec3f pos[N], acc[N], want[N];
static float mass[N], buf[N + 1], av[N + 1], bv[N], wantf[N + 1];

int main(int argc, char **argv) {
  int bad = 0;
  wp_int64 n = N, n1 = N + 1;
  wp_array p, m, ac, a, b, whole, view;
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < 3; c++)
      pos[i].c[c] = (float)((i * 7919 + c * 104729) % 2000) / 1000.0f - 1.0f;
    mass[i] = 0.5f + (float)(i % 17) / 16.0f;
  }
  if (wp_array_wrap(&p, pos, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&m, mass, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&ac, acc, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&a, av, WP_FLOAT32, 0, 1, &n1, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&b, bv, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&whole, buf, WP_FLOAT32, 0, 1, &n1, NULL, WP_DEVICE_CPU) ||
      wp_array_slice(&view, &whole, 0, 0, N, 1))
    return 10;
  if (kernels_accel(&WP_LAUNCH_1D(N), &p, &m, &ac, 1e-3f))
    return 11;
  for (int i = 0; i < N; i++) { /* the kernel's operations in its order */
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < N; j++) {
      float dx = pos[j].c[0] - pos[i].c[0], dy = pos[j].c[1] - pos[i].c[1],
            dz = pos[j].c[2] - pos[i].c[2];
      float r2 = dx * dx + dy * dy + dz * dz + 1e-3f;
      float inv_r = 1.0f / sqrtf(r2);
      float s = mass[j] * inv_r * inv_r * inv_r;
      ax = ax + dx * s, ay = ay + dy * s, az = az + dz * s;
    }
    want[i] = (wp_vec3f){{ax, ay, az}};
  }
  if (memcmp(acc, want, sizeof acc)) {
    printf("accel differs from the C loop\n");
    bad = 1;
  }
  /* relax on separate arrays, then on two views of one buffer */
  for (int i = 0; i <= N; i++) av[i] = buf[i] = 0.01f * (float)(i % 101);
  for (int i = 0; i < N; i++) bv[i] = 1.0f - 0.002f * (float)i;
  if (kernels_relax(&WP_LAUNCH_1D(N), &a, &b, 5))
    return 12;
  for (int i = 0; i < N; i++) {
    float x = 1.0f - 0.002f * (float)i;
    for (int k = 0; k < 5; k++) x = x * 0.5f + av[i + 1];
    if (x != bv[i]) {
      printf("relax: b[%d] is %.9g, expected %.9g\n", i, bv[i], x);
      bad = 1;
      break;
    }
  }
  memcpy(wantf, buf, sizeof wantf); /* thread after thread, as the scalar loop */
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 5; k++) wantf[i] = wantf[i] * 0.5f + wantf[i + 1];
  if (kernels_relax(&WP_LAUNCH_1D(N), &whole, &view, 5))
    return 13;
  if (memcmp(buf, wantf, sizeof buf)) {
    printf("relax on overlapping arrays differs from the thread order\n");
    bad = 1;
  }
  FILE *f = argc > 1 ? fopen(argv[1], "wb") : NULL;
  if (!f || fwrite(acc, sizeof acc, 1, f) != 1 || fwrite(bv, sizeof bv, 1, f) != 1 ||
      fwrite(buf, sizeof buf, 1, f) != 1 || fclose(f))
    return 14;
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
app app_spmd
app app_scalar -fno-spmd
app app_cpus --cpu x86-64,x86-64-v3,x86-64-v4
same_runs "app_scalar 1 4" "app_spmd 1 4" "app_spmd 3 4" "app_cpus 1 1" "app_cpus 1 2" \
  "app_cpus 1 3" "app_cpus 3 4"
echo ok
