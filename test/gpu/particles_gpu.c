/* particles_gpu: the particles sample (samples/particles) on a CUDA device.
 *
 *   particles_gpu [cuda:N]
 *
 * Links the object warpc makes of samples/particles/kernels.py (CPU code and
 * cubins in one object) and runs the sample's simulation, 100k particles for
 * 100 steps, twice from the same initial state: on the CPU and on the GPU,
 * one `integrate` launch per step with the device chosen by wp_launch.device.
 * Then compares the two and prints the time of the 100 steps on each
 * (GPU: CUDA events after a warm-up launch that loads the module) and a
 * RESULT line for test/gpu/run.sh.
 *
 * The GPU may fuse a multiply and an add where the CPU code rounds twice
 * (nvcc contracts by default, warpc's CPU code does not), so the two runs
 * may differ in the last bits, and a particle that touches the ground in one
 * run and not in the other (a step later) differs by about one step's
 * motion near the ground; TOLERANCE allows for that.
 * Exit status: 0 agree, 1 differ, 3 a runtime call failed, 5 no device.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>

#include "gpu_common.h"

#include "kernels.h"

#define NUM_PARTICLES 100000
#define NUM_STEPS 100
#define TOLERANCE 1e-3 /* max abs difference, metres and m/s */

/* The initial state of samples/particles/main.c: an integer hash of the
 * particle index (hash_u32 in kernels.py). */
static uint32_t hash_u32(uint32_t i, uint32_t seed) {
  uint32_t h = i * 0x9E3779B9u + seed;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return h;
}

static float uniform(uint32_t i, uint32_t seed, double lo, double hi) {
  float u = (float)(hash_u32(i, seed) >> 8) * (float)(1.0 / 16777216.0);
  return u * (float)(hi - lo) + (float)lo;
}

static void initial_state(wp_vec3f *x, wp_vec3f *v, int n) {
  for (int k = 0; k < n; k++) {
    uint32_t i = (uint32_t)k;
    x[k].c[0] = uniform(i, 1, -10.0, 10.0);
    x[k].c[1] = uniform(i, 2, 0.5, 10.0);
    x[k].c[2] = uniform(i, 3, -10.0, 10.0);
    v[k].c[0] = uniform(i, 4, -2.0, 2.0);
    v[k].c[1] = uniform(i, 5, -1.0, 5.0);
    v[k].c[2] = uniform(i, 6, -2.0, 2.0);
  }
}

int main(int argc, char **argv) {
  char alias[32];
  wp_device dev =
      parse_args_and_device(argc, argv, "particles_gpu", alias, sizeof alias);
  const int n = NUM_PARTICLES;
  const wp_int64 shape[1] = {n};
  wp_array x0, v0, x, v, dx, dv; /* initial state, CPU run, GPU run */
  check(wp_array_alloc(&x0, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&v0, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&x, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&v, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&dx, WP_VEC3F, 0, 1, shape, 0, dev), "alloc on GPU");
  check(wp_array_alloc(&dv, WP_VEC3F, 0, 1, shape, 0, dev), "alloc on GPU");
  initial_state(x0.data, v0.data, n);

  /* CPU: a warm-up launch (starts the thread pool), then the run */
  wp_launch cpu = {.ndim = 1, .dims = {n}, .device = WP_DEVICE_CPU};
  check(wp_array_copy(&x, &x0), "copy");
  check(wp_array_copy(&v, &v0), "copy");
  check(kernels_integrate(&cpu, &x, &v), "kernels_integrate (cpu)");
  check(wp_array_copy(&x, &x0), "copy");
  check(wp_array_copy(&v, &v0), "copy");
  double c0 = now_ms();
  for (int s = 0; s < NUM_STEPS; s++)
    check(kernels_integrate(&cpu, &x, &v), "kernels_integrate (cpu)");
  double cpu_ms = now_ms() - c0;

  /* GPU: the first launch loads the module; then from the initial state
   * again, timed with events */
  wp_launch gpu = {.ndim = 1, .dims = {n}, .device = dev};
  check(wp_array_copy(&dx, &x0), "copy to the GPU");
  check(wp_array_copy(&dv, &v0), "copy to the GPU");
  double g0 = now_ms();
  check(kernels_integrate(&gpu, &dx, &dv), "kernels_integrate (gpu)");
  check(wp_synchronize(dev), "wp_synchronize");
  double first_ms = now_ms() - g0;
  check(wp_array_copy(&dx, &x0), "copy to the GPU");
  check(wp_array_copy(&dv, &v0), "copy to the GPU");
  check(wp_synchronize(dev), "wp_synchronize");
  void *e0, *e1;
  check(wp_event_create(dev, &e0), "wp_event_create");
  check(wp_event_create(dev, &e1), "wp_event_create");
  g0 = now_ms();
  check(wp_event_record(dev, e0, NULL), "wp_event_record");
  for (int s = 0; s < NUM_STEPS; s++)
    check(kernels_integrate(&gpu, &dx, &dv), "kernels_integrate (gpu)");
  check(wp_event_record(dev, e1, NULL), "wp_event_record");
  check(wp_synchronize(dev), "wp_synchronize");
  double wall_ms = now_ms() - g0;
  float gpu_ms = 0.0f;
  check(wp_event_elapsed_ms(dev, e0, e1, &gpu_ms), "wp_event_elapsed_ms");

  /* the GPU's result, back on the host (into the initial-state arrays) */
  check(wp_array_copy(&x0, &dx), "copy from the GPU");
  check(wp_array_copy(&v0, &dv), "copy from the GPU");
  double ax, rx, av, rv;
  max_errors(x0.data, x.data, (size_t)n * 3, &ax, &rx);
  max_errors(v0.data, v.data, (size_t)n * 3, &av, &rv);
  double max_abs = ax > av ? ax : av, max_rel = rx > rv ? rx : rv;
  double sum_gpu = 0.0, sum_cpu = 0.0;
  const float *gx = x0.data, *cx = x.data;
  for (int k = 0; k < 3 * n; k++) {
    sum_gpu += gx[k];
    sum_cpu += cx[k];
  }
  int ok = max_abs <= TOLERANCE;

  printf("particles_gpu: %d particles, %d steps\n", n, NUM_STEPS);
  printf("time for %d steps: %s %.3f ms (events; %.3f ms wall, first launch "
         "%.3f ms), cpu %.3f ms (%.1fx)\n",
         NUM_STEPS, alias, (double)gpu_ms, wall_ms, first_ms, cpu_ms,
         gpu_ms > 0 ? cpu_ms / gpu_ms : 0.0);
  printf("checksum (sum of positions): %s %.6f, cpu %.6f\n", alias, sum_gpu,
         sum_cpu);
  printf("max abs difference gpu vs cpu: %.3g (tolerance %.0e), max rel %.3g\n",
         max_abs, TOLERANCE, max_rel);
  printf("%s\n", ok ? "PASS" : "FAIL");
  result_line("particles", alias, ok, max_abs, max_rel, gpu_ms, first_ms,
              cpu_ms);

  check(wp_event_destroy(dev, e0), "wp_event_destroy");
  check(wp_event_destroy(dev, e1), "wp_event_destroy");
  wp_array_free(&dx);
  wp_array_free(&dv);
  wp_array_free(&x0);
  wp_array_free(&v0);
  wp_array_free(&x);
  wp_array_free(&v);
  wp_shutdown();
  return ok ? 0 : 1;
}
