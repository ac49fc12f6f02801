/* heat_gpu: the heat sample (samples/heat) on a CUDA device.
 *
 *   heat_gpu [cuda:N]
 *
 * Links the object warpc makes of samples/heat/kernels.py and runs the
 * sample's scheme, a 256 x 256 plate for 200 explicit steps ping-ponging
 * between two grids (one 2-D `diffuse` launch per step), on the CPU and on
 * the GPU from the same initial state, compares the two and prints the time
 * of the 200 steps on each (GPU: CUDA events, after a warm-up launch that
 * loads the module) and a RESULT line for test/gpu/run.sh.
 *
 * The values stay in [0, 1] and the scheme is stable (diffusion number
 * 0.2), so rounding differences (the GPU may fuse a multiply and an add)
 * stay at the level of float32's epsilon.
 * Exit status: 0 agree, 1 differ, 3 a runtime call failed, 5 no device.
 */
#define _POSIX_C_SOURCE 200809L

#include "gpu_common.h"

#include "kernels.h"

#define N 256
#define NUM_STEPS 200
#define TOLERANCE 1e-5 /* max abs difference (u is in [0, 1]) */

/* The initial state of samples/heat/main.c. */
static void initial_state(float *u) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f;
      if (i >= 150 && i < 220 && j >= 140 && j < 230)
        t = 0.5f; /* a warm rectangle */
      if ((i - 96) * (i - 96) + (j - 96) * (j - 96) <= 40 * 40)
        t = 1.0f; /* a hot disc */
      u[i * N + j] = t;
    }
}

/* NUM_STEPS steps from a into b and back; the result is in a when
 * NUM_STEPS is even. */
static void run(const wp_launch *launch, wp_array *a, wp_array *b) {
  for (int s = 0; s < NUM_STEPS; s++)
    check(s % 2 == 0 ? kernels_diffuse(launch, a, b)
                     : kernels_diffuse(launch, b, a),
          "kernels_diffuse");
}

int main(int argc, char **argv) {
  char alias[32];
  wp_device dev =
      parse_args_and_device(argc, argv, "heat_gpu", alias, sizeof alias);
  const wp_int64 shape[2] = {N, N};
  wp_array u0, a, b, da, db;
  check(wp_array_alloc(&u0, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU),
        "alloc");
  check(wp_array_alloc(&a, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&b, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&da, WP_FLOAT32, 0, 2, shape, 0, dev), "alloc on GPU");
  check(wp_array_alloc(&db, WP_FLOAT32, 0, 2, shape, 0, dev), "alloc on GPU");
  initial_state(u0.data);

  /* CPU: a warm-up launch, then the run */
  wp_launch cpu = {.ndim = 2, .dims = {N, N}, .device = WP_DEVICE_CPU};
  check(wp_array_copy(&a, &u0), "copy");
  check(kernels_diffuse(&cpu, &a, &b), "kernels_diffuse (cpu)");
  check(wp_array_copy(&a, &u0), "copy");
  double c0 = now_ms();
  run(&cpu, &a, &b);
  double cpu_ms = now_ms() - c0;

  /* GPU: warm-up (module load), then from the initial state, timed */
  wp_launch gpu = {.ndim = 2, .dims = {N, N}, .device = dev};
  check(wp_array_copy(&da, &u0), "copy to the GPU");
  double g0 = now_ms();
  check(kernels_diffuse(&gpu, &da, &db), "kernels_diffuse (gpu)");
  check(wp_synchronize(dev), "wp_synchronize");
  double first_ms = now_ms() - g0;
  check(wp_array_copy(&da, &u0), "copy to the GPU");
  check(wp_array_zero(&db), "wp_array_zero");
  check(wp_synchronize(dev), "wp_synchronize");
  void *e0, *e1;
  check(wp_event_create(dev, &e0), "wp_event_create");
  check(wp_event_create(dev, &e1), "wp_event_create");
  g0 = now_ms();
  check(wp_event_record(dev, e0, NULL), "wp_event_record");
  run(&gpu, &da, &db);
  check(wp_event_record(dev, e1, NULL), "wp_event_record");
  check(wp_synchronize(dev), "wp_synchronize");
  double wall_ms = now_ms() - g0;
  float gpu_ms = 0.0f;
  check(wp_event_elapsed_ms(dev, e0, e1, &gpu_ms), "wp_event_elapsed_ms");

  wp_array *cres = NUM_STEPS % 2 == 0 ? &a : &b;
  wp_array *gres = NUM_STEPS % 2 == 0 ? &da : &db;
  check(wp_array_copy(&u0, gres), "copy from the GPU");
  double max_abs, max_rel;
  max_errors(u0.data, cres->data, (size_t)N * N, &max_abs, &max_rel);
  double sum_gpu = 0.0, sum_cpu = 0.0;
  const float *g = u0.data, *c = cres->data;
  for (int k = 0; k < N * N; k++) {
    sum_gpu += g[k];
    sum_cpu += c[k];
  }
  int ok = max_abs <= TOLERANCE;

  printf("heat_gpu: %dx%d grid, %d steps\n", N, N, NUM_STEPS);
  printf("time for %d steps: %s %.3f ms (events; %.3f ms wall, first launch "
         "%.3f ms), cpu %.3f ms (%.1fx)\n",
         NUM_STEPS, alias, (double)gpu_ms, wall_ms, first_ms, cpu_ms,
         gpu_ms > 0 ? cpu_ms / gpu_ms : 0.0);
  printf("checksum (sum of u): %s %.6f, cpu %.6f\n", alias, sum_gpu, sum_cpu);
  printf("max abs difference gpu vs cpu: %.3g (tolerance %.0e), max rel %.3g\n",
         max_abs, TOLERANCE, max_rel);
  printf("%s\n", ok ? "PASS" : "FAIL");
  result_line("heat", alias, ok, max_abs, max_rel, gpu_ms, first_ms, cpu_ms);

  check(wp_event_destroy(dev, e0), "wp_event_destroy");
  check(wp_event_destroy(dev, e1), "wp_event_destroy");
  wp_array_free(&da);
  wp_array_free(&db);
  wp_array_free(&u0);
  wp_array_free(&a);
  wp_array_free(&b);
  wp_shutdown();
  return ok ? 0 : 1;
}
