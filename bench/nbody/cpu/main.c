/* nbody_cpu: one n-body step (bench/nbody/kernels.py) of 8192 bodies on one
 * CPU thread: warpc's code against hand-written C, in one run.
 *
 *   nbody_cpu [--reps N]      N timed steps of each version (default 9)
 *
 * Versions: the plain C loop (ref.c, c-scalar), the SPMD-style C by hand
 * with 8 AVX2 lanes (ref-avx2) and 16 AVX-512 lanes (ref-avx512); warpc's
 * kernel compiled for x86-64-v3 (warpc-v3: its SPMD variant, AVX2) and
 * x86-64-v4 (warpc-v4: AVX-512), and for x86-64-v4 with -fno-spmd
 * (warpc-scalar).  The versions take turns (one step each, N rounds) so
 * that a busy machine slows them alike; each prints a BENCH line with the
 * median, fastest and slowest step, then RATIO lines compare medians (and
 * the fastest steps, which a busy machine disturbs least).
 * Every version must give the same bytes as the C loop (same operations,
 * same order, no contraction): check=ok, else the exit status is 1.
 * Versions whose instructions the CPU lacks are skipped. */
#define _POSIX_C_SOURCE 200809L

#include "../../bench_common.h"

#include <warp/warp.h>

#include "nbody_scalar.h"
#include "nbody_v3.h"
#include "nbody_v4.h"
#include "ref.h"

#define N 8192
#define DT 0.001f
#define EPS2 1e-4f
#define MAX_REPS 101

enum { C_SCALAR, REF_AVX2, REF_AVX512, WARPC_V3, WARPC_V4, WARPC_SCALAR, NV };
static const char *const names[NV] = {"c-scalar", "ref-avx2", "ref-avx512",
                                      "warpc-v3", "warpc-v4", "warpc-scalar"};

static wp_array pos, vel, mass, out_pos[NV], out_vel[NV];

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "nbody_cpu: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static int available(int v) {
  __builtin_cpu_init();
  if (v == REF_AVX2 || v == WARPC_V3)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("bmi2");
  if (v == REF_AVX512 || v == WARPC_V4 || v == WARPC_SCALAR)
    return __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl");
  return 1;
}

/* One step of version v; its time in ms. */
static double run(int v) {
  static const wp_launch l = {.ndim = 1, .dims = {N}, .device = WP_DEVICE_CPU};
  const float *p = pos.data, *u = vel.data, *m = mass.data;
  float *np = out_pos[v].data, *nv = out_vel[v].data;
  double t0 = bench_now_ms();
  switch (v) {
  case C_SCALAR: nbody_ref_scalar(p, u, m, np, nv, N, DT, EPS2); break;
  case REF_AVX2: nbody_ref_avx2(p, u, m, np, nv, N, DT, EPS2); break;
  case REF_AVX512: nbody_ref_avx512(p, u, m, np, nv, N, DT, EPS2); break;
  case WARPC_V3:
    check(nbody_v3_step(&l, &pos, &vel, &mass, &out_pos[v], &out_vel[v], DT,
                        EPS2),
          "nbody_v3_step");
    break;
  case WARPC_V4:
    check(nbody_v4_step(&l, &pos, &vel, &mass, &out_pos[v], &out_vel[v], DT,
                        EPS2),
          "nbody_v4_step");
    break;
  default:
    check(nbody_scalar_step(&l, &pos, &vel, &mass, &out_pos[v], &out_vel[v], DT,
                            EPS2),
          "nbody_scalar_step");
  }
  return bench_now_ms() - t0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  int reps = o.reps ? o.reps : 9;
  if (reps > MAX_REPS)
    reps = MAX_REPS;
  const wp_int64 shape[1] = {N};
  check(wp_array_alloc(&pos, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&vel, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&mass, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
        "alloc");
  for (int v = 0; v < NV; v++) {
    check(wp_array_alloc(&out_pos[v], WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU),
          "alloc");
    check(wp_array_alloc(&out_vel[v], WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU),
          "alloc");
  }
  float *p = pos.data, *u = vel.data, *m = mass.data;
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < 3; c++) {
      p[3 * i + c] = bench_uniform((uint32_t)i, 10 + c, -1.0f, 1.0f);
      u[3 * i + c] = bench_uniform((uint32_t)i, 20 + c, -0.1f, 0.1f);
    }
    m[i] = bench_uniform((uint32_t)i, 30, 0.5f, 1.5f) / N;
  }
  check(wp_set_num_threads(1), "wp_set_num_threads");

  static double t[NV][MAX_REPS];
  const char *ok[NV];
  (void)bench_read, (void)bench_write, (void)bench_diff; /* other drivers' */
  int bad = 0;
  for (int v = 0; v < NV; v++) { /* warm-up and check */
    if (!available(v))
      continue;
    run(v);
    int same =
        !memcmp(out_pos[v].data, out_pos[C_SCALAR].data,
                sizeof(float) * 3 * N) &&
        !memcmp(out_vel[v].data, out_vel[C_SCALAR].data, sizeof(float) * 3 * N);
    ok[v] = same ? "ok" : "FAIL";
    bad |= !same;
  }
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < NV; v++)
      if (available(v))
        t[v][r] = run(v);
  double med[NV] = {0};
  for (int v = 0; v < NV; v++) {
    if (!available(v)) {
      printf("BENCH bench=nbody_cpu impl=%s skipped=no-cpu-support\n",
             names[v]);
      continue;
    }
    qsort(t[v], (size_t)reps, sizeof(double), cmp_double);
    med[v] =
        reps % 2 ? t[v][reps / 2] : 0.5 * (t[v][reps / 2 - 1] + t[v][reps / 2]);
    printf("BENCH bench=nbody_cpu impl=%s bodies=%d threads=1 ms=%.3f "
           "min=%.3f max=%.3f reps=%d rate=%.2f unit=Ginteractions/s "
           "check=%s\n",
           names[v], N, med[v], t[v][0], t[v][reps - 1], reps,
           (double)N * N / (med[v] * 1e6), ok[v]);
  }
  static const struct {
    int a, b;
    const char *what;
  } ratios[] = {
      {WARPC_V3, REF_AVX2, "warpc SPMD / hand SPMD, AVX2 (goal <= 1.3)"},
      {WARPC_V4, REF_AVX512, "warpc SPMD / hand SPMD, AVX-512 (goal <= 1.3)"},
      {C_SCALAR, WARPC_V3, "scalar C / warpc, AVX2 (goal >= 4)"},
      {C_SCALAR, WARPC_V4, "scalar C / warpc, AVX-512 (goal >= 4)"},
      {WARPC_SCALAR, C_SCALAR, "warpc -fno-spmd / scalar C"},
  };
  for (size_t k = 0; k < sizeof ratios / sizeof ratios[0]; k++)
    if (med[ratios[k].a] > 0 && med[ratios[k].b] > 0)
      printf("RATIO %s/%s=%.2f fastest=%.2f  %s\n", names[ratios[k].a],
             names[ratios[k].b], med[ratios[k].a] / med[ratios[k].b],
             t[ratios[k].a][0] / t[ratios[k].b][0], ratios[k].what);
  for (int v = 0; v < NV; v++) {
    wp_array_free(&out_pos[v]);
    wp_array_free(&out_vel[v]);
  }
  wp_array_free(&pos);
  wp_array_free(&vel);
  wp_array_free(&mass);
  wp_shutdown();
  return bad;
}
