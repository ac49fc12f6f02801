/* adjoint_warpc: forward vs backward time of warpc's CPU kernels.
 *
 *   adjoint_warpc [--reps N] [--threads N]
 *
 * For each kernel of bench/adjoint/kernels.py (compiled by warpc with
 * --module adjoint): fills the inputs from an integer hash (the same values
 * warp_lang.py makes with numpy), runs one forward and one backward launch
 * on zeroed grads with the output grads seeded, and prints the sum of the
 * input grads (a checksum to compare with warp-lang's); then 3 warm-up
 * forward + backward pairs, then N timed pairs (default 50): each launch is
 * timed alone, and the median is reported.  Launches use the runtime's
 * thread pool (all CPUs, or --threads N), then one thread.  Prints one line
 * per kernel and thread count:
 *
 *   ADJOINT kernel=K impl=warpc threads=T fwd_ms=F bwd_ms=B reps=N gradsum=S
 *
 * bench/adjoint/table.py turns them into the table.  The backward launch is
 * the generated `adjoint_K_backward` launcher, what wp_tape_backward runs
 * per recorded launch (the tape adds only a loop over its recordings).
 * Grads accumulate over the timed launches; that changes no timing.
 */
#define _POSIX_C_SOURCE 200809L

/* bench_uniform and bench_now_ms; the rest of the shared header is unused */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../bench_common.h"
#pragma GCC diagnostic pop

#include <warp/warp.h>

#include "kernels.h"

/* sizes: as in kernels.py */
#define SPRING_PARTICLES (1 << 19)
#define SAXPY_N (1 << 22)
#define OSC_N (1 << 16)
#define OSC_STEPS 64

#define SPRING_KE 100.0f
#define SPRING_KD 1.0f
#define SAXPY_A 2.5f
#define OSC_DT 0.01f

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "adjoint_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static wp_array alloc1(wp_dtype dtype, wp_int64 n, int grad) {
  wp_array a;
  const wp_int64 shape[1] = {n};
  check(wp_array_alloc(&a, dtype, 0, 1, shape, grad, WP_DEVICE_CPU),
        "wp_array_alloc");
  return a;
}

/* Fills n * comps floats of buf with bench_uniform(k, seed, lo, hi) for the
 * flat index k (warp_lang.py's `uniform`). */
static void fill(void *buf, wp_int64 count, uint32_t seed, float lo, float hi) {
  float *f = buf;
  for (wp_int64 k = 0; k < count; k++)
    f[k] = bench_uniform((uint32_t)k, seed, lo, hi);
}

static double sum_floats(const void *buf, wp_int64 count) {
  const float *f = buf;
  double s = 0.0;
  for (wp_int64 k = 0; k < count; k++)
    s += f[k];
  return s;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One benchmark kernel: its launches and the grads to zero, seed, sum. */
typedef struct bench_kernel {
  const char *name;
  wp_int64 dim;
  void (*forward)(const wp_launch *);
  void (*backward)(const wp_launch *);
  wp_array *inputs[4];  /* arrays whose grads are summed (NULL-terminated) */
  wp_array *outputs[2]; /* arrays whose grads are seeded (NULL-terminated) */
  uint32_t seed_base;
} bench_kernel;

/* ---- the kernels' arrays and launches ---- */

static wp_array sp_x, sp_v, sp_springs, sp_rest, sp_f;
static wp_array sx_x, sx_y, sx_z;
static wp_array os_x0, os_v0, os_k, os_out;

static void spring_fwd(const wp_launch *l) {
  check(adjoint_spring_forces(l, &sp_x, &sp_v, &sp_springs, &sp_rest, SPRING_KE,
                              SPRING_KD, &sp_f),
        "adjoint_spring_forces");
}
static void spring_bwd(const wp_launch *l) {
  check(adjoint_spring_forces_backward(l, &sp_x, &sp_v, &sp_springs, &sp_rest,
                                       SPRING_KE, SPRING_KD, &sp_f),
        "adjoint_spring_forces_backward");
}
static void saxpy_fwd(const wp_launch *l) {
  check(adjoint_saxpy(l, &sx_x, &sx_y, SAXPY_A, &sx_z), "adjoint_saxpy");
}
static void saxpy_bwd(const wp_launch *l) {
  check(adjoint_saxpy_backward(l, &sx_x, &sx_y, SAXPY_A, &sx_z),
        "adjoint_saxpy_backward");
}
static void osc_fwd(const wp_launch *l) {
  check(
      adjoint_oscillator(l, &os_x0, &os_v0, &os_k, OSC_STEPS, OSC_DT, &os_out),
      "adjoint_oscillator");
}
static void osc_bwd(const wp_launch *l) {
  check(adjoint_oscillator_backward(l, &os_x0, &os_v0, &os_k, OSC_STEPS, OSC_DT,
                                    &os_out),
        "adjoint_oscillator_backward");
}

static void setup(void) {
  /* spring_forces: particles on a noisy line 0.1 apart, springs (i, i+1)
   * and (i, i+2) (indices modulo n), rest lengths near 0.1 and 0.2 */
  const wp_int64 np = SPRING_PARTICLES, ns = 2 * SPRING_PARTICLES;
  sp_x = alloc1(WP_VEC3F, np, 1);
  sp_v = alloc1(WP_VEC3F, np, 1);
  sp_springs = alloc1(WP_INT32, 2 * ns, 0);
  sp_rest = alloc1(WP_FLOAT32, ns, 1);
  sp_f = alloc1(WP_VEC3F, np, 1);
  fill(sp_x.data, 3 * np, 1, -0.02f, 0.02f);
  fill(sp_v.data, 3 * np, 2, -1.0f, 1.0f);
  fill(sp_rest.data, ns, 3, 0.9f, 1.1f);
  float *x = sp_x.data, *rest = sp_rest.data;
  wp_int32 *springs = sp_springs.data;
  for (wp_int64 i = 0; i < np; i++)
    x[3 * i] += 0.1f * (float)i;
  for (wp_int64 s = 0; s < ns; s++) {
    wp_int64 i = s / 2, j = (i + 1 + s % 2) % np;
    springs[2 * s] = (wp_int32)i;
    springs[2 * s + 1] = (wp_int32)j;
    rest[s] *= 0.1f * (float)(1 + s % 2);
  }

  sx_x = alloc1(WP_FLOAT32, SAXPY_N, 1);
  sx_y = alloc1(WP_FLOAT32, SAXPY_N, 1);
  sx_z = alloc1(WP_FLOAT32, SAXPY_N, 1);
  fill(sx_x.data, SAXPY_N, 11, -1.0f, 1.0f);
  fill(sx_y.data, SAXPY_N, 12, -1.0f, 1.0f);

  os_x0 = alloc1(WP_FLOAT32, OSC_N, 1);
  os_v0 = alloc1(WP_FLOAT32, OSC_N, 1);
  os_k = alloc1(WP_FLOAT32, OSC_N, 1);
  os_out = alloc1(WP_FLOAT32, OSC_N, 1);
  fill(os_x0.data, OSC_N, 21, -1.0f, 1.0f);
  fill(os_v0.data, OSC_N, 22, -1.0f, 1.0f);
  fill(os_k.data, OSC_N, 23, 0.5f, 2.0f);
}

static wp_int64 floats_of(const wp_array *a) {
  return wp_array_size(a) * (a->elem_size / (wp_int32)sizeof(float));
}

/* Zeroes every grad, seeds the outputs' grads with hash values (seed
 * seed_base + index of the output), runs one forward and one backward, and
 * returns the sum of the inputs' grads. */
static double gradsum(const bench_kernel *k) {
  wp_launch l = WP_LAUNCH_1D(k->dim);
  for (int i = 0; k->inputs[i]; i++)
    check(wp_array_zero_grad(k->inputs[i]), "wp_array_zero_grad");
  for (int i = 0; k->outputs[i]; i++) {
    check(wp_array_zero(k->outputs[i]), "wp_array_zero");
    fill(k->outputs[i]->grad, floats_of(k->outputs[i]), k->seed_base + i, -1.0f,
         1.0f);
  }
  k->forward(&l);
  k->backward(&l);
  double s = 0.0;
  for (int i = 0; k->inputs[i]; i++)
    s += sum_floats(k->inputs[i]->grad, floats_of(k->inputs[i]));
  return s;
}

static void run(const bench_kernel *k, int threads, int reps) {
  check(wp_set_num_threads(threads), "wp_set_num_threads");
  double gs = gradsum(k);
  wp_launch l = WP_LAUNCH_1D(k->dim);
  for (int r = 0; r < 3; r++) {
    k->forward(&l);
    k->backward(&l);
  }
  double *tf = bench_malloc(sizeof(double) * (size_t)reps);
  double *tb = bench_malloc(sizeof(double) * (size_t)reps);
  for (int r = 0; r < reps; r++) {
    double t0 = bench_now_ms();
    k->forward(&l);
    double t1 = bench_now_ms();
    k->backward(&l);
    double t2 = bench_now_ms();
    tf[r] = t1 - t0;
    tb[r] = t2 - t1;
  }
  printf("ADJOINT kernel=%s impl=warpc threads=%d fwd_ms=%.4f bwd_ms=%.4f "
         "reps=%d gradsum=%.6e\n",
         k->name, wp_get_num_threads(), median(tf, reps), median(tb, reps),
         reps, gs);
  fflush(stdout);
  free(tf);
  free(tb);
}

int main(int argc, char **argv) {
  int reps = 50, threads = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
      reps = atoi(argv[++i]);
    else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      threads = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--reps N] [--threads N]\n", argv[0]);
      return 2;
    }
  }
  if (reps < 1 || threads < 0) {
    fprintf(stderr, "adjoint_warpc: --reps must be >= 1, --threads >= 0\n");
    return 2;
  }
  setup();
  const bench_kernel kernels[] = {
      {"spring_forces",
       2 * SPRING_PARTICLES,
       spring_fwd,
       spring_bwd,
       {&sp_x, &sp_v, &sp_rest, NULL},
       {&sp_f, NULL},
       101},
      {"saxpy",
       SAXPY_N,
       saxpy_fwd,
       saxpy_bwd,
       {&sx_x, &sx_y, NULL},
       {&sx_z, NULL},
       111},
      {"oscillator",
       OSC_N,
       osc_fwd,
       osc_bwd,
       {&os_x0, &os_v0, &os_k, NULL},
       {&os_out, NULL},
       121},
  };
  check(wp_set_num_threads(threads), "wp_set_num_threads");
  int pool = wp_get_num_threads();
  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    run(&kernels[i], pool, reps);
    if (pool > 1)
      run(&kernels[i], 1, reps);
  }
  wp_shutdown();
  return 0;
}
