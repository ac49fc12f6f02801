#!/usr/bin/env bash
# The SPMD variant of CPU backward kernels (lib/emit/emit_spmd_adj.c,
# lib/ir/uniform_adj.c; issue #13): --emit=c says which backward kernels got
# it and why the others did not; the gradients (and outputs) are the same
# bytes with it, without it (-fno-spmd), with every --cpu variant
# (WARP_CPU_LEVEL 1..4: 8 or 16 lanes) and on 1 and 3 threads, for dynamic
# loops over float32, float64 and vec3 values with a uniform branch, with a
# scalar tail (1003 threads); the oscillator's gradients equal central
# finite differences of the same rollout in double; overlapping grads (two
# views of one array) take the scalar path.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def osc(x0: wp.array(dtype=float), v0: wp.array(dtype=float), k: wp.array(dtype=float), steps: int, dt: float,
        out: wp.array(dtype=float)):
    i = wp.tid()
    x = x0[i]
    v = v0[i]
    ki = k[i]
    for _s in range(steps):
        v = v - dt * (ki * x + 0.1 * x * x * x + 0.05 * v)
        x = x + dt * v
    out[i] = x


@wp.kernel
def osc64(x0: wp.array(dtype=wp.float64), v0: wp.array(dtype=wp.float64), steps: int,
          out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = x0[i]
    v = v0[i]
    for _s in range(steps):
        v = v - wp.float64(0.01) * (x + wp.float64(0.2) * x * x * x)
        x = x + wp.float64(0.01) * v
    out[i] = x


@wp.kernel
def chain(p0: wp.array(dtype=wp.vec3), v0: wp.array(dtype=wp.vec3), steps: int, dt: float,
          out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = p0[i]
    v = v0[i]
    for s in range(steps):
        f = -p * wp.length(p) - 0.1 * v
        if s % 3 == 0:
            f = f + wp.vec3(0.0, -1.0, 0.0)
        v = v + dt * f
        p = p + dt * v
    out[i] = p


@wp.kernel
def shifted(x: wp.array(dtype=float), y: wp.array(dtype=float), steps: int):
    i = wp.tid()
    s = float(0.0)
    for _k in range(steps):
        s = s + x[i + 1] * x[i]
    y[i] = s


@wp.kernel
def gather(x: wp.array(dtype=float), idx: wp.array(dtype=int), y: wp.array(dtype=float), steps: int):
    i = wp.tid()
    s = float(0.0)
    for _k in range(steps):
        s = s + x[idx[i]] * 0.5
    y[i] = s


@wp.kernel
def diverge(x: wp.array(dtype=float), y: wp.array(dtype=float), steps: int):
    i = wp.tid()
    s = x[i]
    for _k in range(steps):
        if s > 1.0:
            s = s * 0.5
        else:
            s = s * s + 0.1
    y[i] = s
PY
"$warpc" --no-cuda --emit=c kernels.py -o k.c || fail "warpc --emit=c"
for k in osc osc64 chain; do
  grep -q "^/\* SPMD backward $k: yes" k.c || fail "$k's backward got no SPMD variant: $(grep "^/\* SPMD backward $k:" k.c)"
done
atomic='an adjoint added atomically (more than one thread may add to an element)'
grep -qF "/* SPMD backward shifted: no ($atomic) */" k.c || fail "shifted: $(grep '^/\* SPMD backward shifted' k.c)"
grep -qF "/* SPMD backward gather: no ($atomic) */" k.c || fail "gather: $(grep '^/\* SPMD backward gather' k.c)"
grep -qF '/* SPMD backward diverge: no (a branch on a value that differs between threads) */' k.c ||
  fail "diverge: $(grep '^/\* SPMD backward diverge' k.c)"
[ "$(grep -c '_adj_body_spmd(const' k.c)" = 3 ] || fail "expected 3 SPMD backward functions"
"$warpc" --no-cuda --emit=c -fno-spmd kernels.py -o k0.c || fail "warpc --emit=c -fno-spmd"
[ "$(grep -c '^/\* SPMD backward [a-z0-9]*: no (-fno-spmd) \*/' k0.c)" = 6 ] ||
  fail "-fno-spmd: $(grep '^/\* SPMD backward' k0.c)"
! grep -q '_spmd(const' k0.c || fail "-fno-spmd printed an SPMD function"

cat >main.c <<'C'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

enum { N = 1003, STEPS = 40 }; /* no multiple of 8 or 16: the scalar tail runs */

static wp_array arr(wp_dtype t, wp_int64 n, int grad) {
  wp_array a;
  if (wp_array_alloc(&a, t, 0, 1, &n, grad, WP_DEVICE_CPU)) {
    printf("alloc: %s\n", wp_last_error());
    exit(10);
  }
  return a;
}

static float val(int i, int salt) {
  return (float)((i * 7919 + salt * 104729) % 2000) / 1000.0f - 1.0f;
}

/* the oscillator in double: out[i] as a function of x0, v0, k */
static double osc_d(double x, double v, double k) {
  for (int s = 0; s < STEPS; s++) {
    v = v - 0.01 * (k * x + 0.1 * x * x * x + 0.05 * v);
    x = x + 0.01 * v;
  }
  return x;
}

static FILE *dump;
static void put(const wp_array *a, size_t bytes) {
  if (fwrite(a->data, bytes, 1, dump) != 1 || (a->grad && fwrite(a->grad, bytes, 1, dump) != 1))
    exit(11);
}

int main(int argc, char **argv) {
  int bad = 0;
  if (argc < 2 || !(dump = fopen(argv[1], "wb")))
    return 12;
  wp_launch l = WP_LAUNCH_1D(N);
  /* osc */
  wp_array x0 = arr(WP_FLOAT32, N, 1), v0 = arr(WP_FLOAT32, N, 1), k = arr(WP_FLOAT32, N, 1),
           out = arr(WP_FLOAT32, N, 1);
  float *fx = x0.data, *fv = v0.data, *fk = k.data, *fo = out.grad;
  for (int i = 0; i < N; i++)
    fx[i] = val(i, 1), fv[i] = val(i, 2), fk[i] = 1.25f + 0.5f * val(i, 3), fo[i] = val(i, 4);
  if (kernels_osc(&l, &x0, &v0, &k, STEPS, 0.01f, &out) ||
      kernels_osc_backward(&l, &x0, &v0, &k, STEPS, 0.01f, &out))
    return 13;
  put(&x0, N * 4), put(&v0, N * 4), put(&k, N * 4), put(&out, N * 4);
  const float *gx = x0.grad, *gv = v0.grad, *gk = k.grad;
  for (int i = 0; i < N; i += 37) { /* central differences in double */
    double s = val(i, 4), h = 1e-6, x = fx[i], v = fv[i], kk = fk[i];
    double want[3] = {(osc_d(x + h, v, kk) - osc_d(x - h, v, kk)) / (2 * h) * s,
                      (osc_d(x, v + h, kk) - osc_d(x, v - h, kk)) / (2 * h) * s,
                      (osc_d(x, v, kk + h) - osc_d(x, v, kk - h)) / (2 * h) * s};
    float got[3] = {gx[i], gv[i], gk[i]};
    for (int c = 0; c < 3; c++)
      if (!(fabs(got[c] - want[c]) <= 1e-3 * (1 + fabs(want[c])))) {
        printf("osc grad %d of thread %d: %.9g, finite differences %.9g\n", c, i, got[c], want[c]);
        bad = 1;
      }
  }
  /* osc64 */
  wp_array y0 = arr(WP_FLOAT64, N, 1), w0 = arr(WP_FLOAT64, N, 1), o64 = arr(WP_FLOAT64, N, 1);
  for (int i = 0; i < N; i++)
    ((double *)y0.data)[i] = val(i, 5), ((double *)w0.data)[i] = val(i, 6),
    ((double *)o64.grad)[i] = val(i, 7);
  if (kernels_osc64(&l, &y0, &w0, STEPS, &o64) || kernels_osc64_backward(&l, &y0, &w0, STEPS, &o64))
    return 14;
  put(&y0, N * 8), put(&w0, N * 8), put(&o64, N * 8);
  /* chain */
  wp_array p0 = arr(WP_VEC3F, N, 1), q0 = arr(WP_VEC3F, N, 1), pc = arr(WP_VEC3F, N, 1);
  for (int i = 0; i < 3 * N; i++)
    ((float *)p0.data)[i] = val(i, 8), ((float *)q0.data)[i] = val(i, 9),
    ((float *)pc.grad)[i] = val(i, 10);
  if (kernels_chain(&l, &p0, &q0, STEPS, 0.02f, &pc) ||
      kernels_chain_backward(&l, &p0, &q0, STEPS, 0.02f, &pc))
    return 15;
  put(&p0, N * 12), put(&q0, N * 12), put(&pc, N * 12);
  /* osc on two overlapping views of one buffer (x0 and out: the grads
     overlap, so the launch takes the scalar path with atomics); on one
     thread only (threads adding to one element race) */
  wp_array whole = arr(WP_FLOAT32, N + 1, 1), xa, xb;
  for (int i = 0; i <= N; i++)
    ((float *)whole.data)[i] = val(i, 13), ((float *)whole.grad)[i] = val(i, 14);
  if (wp_get_num_threads() == 1 && (wp_array_slice(&xa, &whole, 0, 0, N, 1) || wp_array_slice(&xb, &whole, 0, 1, N + 1, 1) ||
      kernels_osc(&l, &xa, &v0, &k, STEPS, 0.01f, &xb) ||
      kernels_osc_backward(&l, &xa, &v0, &k, STEPS, 0.01f, &xb)))
    return 18;
  put(&whole, (N + 1) * 4), put(&v0, N * 4), put(&k, N * 4);
  /* the scalar ones: shifted, gather, diverge */
  wp_array sx = arr(WP_FLOAT32, N + 1, 1), sy = arr(WP_FLOAT32, N, 1), idx = arr(WP_INT32, N, 0);
  for (int i = 0; i <= N; i++)
    ((float *)sx.data)[i] = val(i, 11);
  for (int i = 0; i < N; i++)
    ((float *)sy.grad)[i] = val(i, 12), ((int *)idx.data)[i] = (i * 5) % N;
  if (kernels_shifted(&l, &sx, &sy, 3) || kernels_shifted_backward(&l, &sx, &sy, 3) ||
      kernels_gather(&l, &sx, &idx, &sy, 3) || kernels_gather_backward(&l, &sx, &idx, &sy, 3) ||
      kernels_diverge(&l, &sx, &sy, 3) || kernels_diverge_backward(&l, &sx, &sy, 3))
    return 16;
  put(&sx, (N + 1) * 4), put(&sy, N * 4);
  if (fclose(dump))
    return 17;
  printf(bad ? "FAILED\n" : "all equal\n");
  wp_shutdown();
  return bad;
}
C
app app_spmd
app app_scalar -fno-spmd
app app_cpus --cpu x86-64,x86-64-v3,x86-64-v4
same_runs "app_scalar 1 4" "app_spmd 1 4" "app_cpus 1 1" "app_cpus 1 2" "app_cpus 1 3" \
  "app_cpus 1 4" "app_scalar 3 4 3" "app_spmd 3 4 3" "app_cpus 3 4 3"
echo ok
