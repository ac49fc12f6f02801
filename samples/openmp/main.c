/* mandelbrot: CPU launches through an OpenMP task system.
 *
 * Renders the FRAMES frames of kernels.py's zoom three ways and compares
 * them: with the `escape_counts` kernel (compiled by warpc into kernels.o
 * and kernels.h) launched while an OpenMP `parallel for` is the runtime's
 * task system (wp_set_task_system), with the same kernel on the runtime's
 * built-in thread pool, and with the plain C loop below.  Prints the
 * checksum (the sum of every frame's escape counts), the time per frame of
 * each, how often the task system was called, and PASS when the three agree
 * to the last count and the task system ran every launch.
 *
 * The reference performs the kernel's float32 operations in the same order,
 * and both sides are compiled without FMA contraction (warpc passes
 * -ffp-contract=off; samples/common.mk does too), so the counts are equal.
 */
#define _POSIX_C_SOURCE 200809L

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

/* The constants of kernels.py. */
#define W 512
#define H 384
#define FRAMES 8
#define MAX_ITER 256
#define CX (-0.7436f)
#define CY 0.1318f
#define WIDTH0 3.0f
#define ZOOM 0.6f

/* ---- the task system: OpenMP ---- */

/* parallel_for of wp_task_system: every chunk of the launch is one
 * iteration of an OpenMP loop.  Chunks near the set take longer than
 * others: a dynamic schedule hands them out one at a time.  The OpenMP
 * runtime's threads are shared with the rest of the program (no second
 * pool beside them), and nested launches never reach here (they run inline
 * in the kernel that makes them). */
static void omp_parallel_for(void *user, int count, wp_task_fn fn, void *data) {
  atomic_int *calls = user;
  (*calls)++;
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < count; i++)
    fn(data, i);
}

/* ---- the reference ---- */

static void reference_frame(int *counts, float x0, float y0, float step) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      float cx = x0 + step * (float)j, cy = y0 + step * (float)i;
      float x = 0.0f, y = 0.0f;
      int n = 0;
      while (n < MAX_ITER && x * x + y * y <= 4.0f) {
        float xt = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = xt;
        n = n + 1;
      }
      counts[i * W + j] = n;
    }
}

/* ---- helpers ---- */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "mandelbrot: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    return 0;
  }
  return 1;
}

/* The frames' parameters, in float32 as kernels.py's frames() computes
 * them. */
static void frame_params(float x0[FRAMES], float y0[FRAMES],
                         float step[FRAMES]) {
  float width = WIDTH0;
  for (int f = 0; f < FRAMES; f++) {
    step[f] = width / (float)W;
    x0[f] = CX - 0.5f * width;
    y0[f] = CY - 0.5f * (step[f] * (float)H);
    width = width * ZOOM;
  }
}

/* Renders every frame with the kernel into frames[f * W * H ...]; the
 * seconds it took, or -1 when a launch failed. */
static double render(wp_array *counts, int *frames, const float *x0,
                     const float *y0, const float *step) {
  wp_launch grid = wp_launch_2d(H, W);
  double t0 = now_seconds();
  for (int f = 0; f < FRAMES; f++) {
    if (!check(kernels_escape_counts(&grid, counts, x0[f], y0[f], step[f],
                                     MAX_ITER),
               "kernels_escape_counts"))
      return -1;
    memcpy(frames + (size_t)f * W * H, counts->data, sizeof(int) * W * H);
  }
  return now_seconds() - t0;
}

static long long checksum(const int *frames) {
  long long s = 0;
  for (size_t k = 0; k < (size_t)FRAMES * W * H; k++)
    s += frames[k];
  return s;
}

int main(void) {
  size_t n = (size_t)FRAMES * W * H;
  int *omp_frames = malloc(sizeof(int) * n);
  int *pool_frames = malloc(sizeof(int) * n);
  int *ref_frames = malloc(sizeof(int) * n);
  if (!omp_frames || !pool_frames || !ref_frames) {
    fprintf(stderr, "mandelbrot: out of memory\n");
    return 1;
  }
  float x0[FRAMES], y0[FRAMES], step[FRAMES];
  frame_params(x0, y0, step);

  wp_array counts = {0};
  const wp_int64 shape[2] = {H, W};
  if (!check(wp_array_alloc(&counts, WP_INT32, 0, 2, shape, 0, WP_DEVICE_CPU),
             "wp_array_alloc"))
    return 1;

  /* the OpenMP task system: its own threads, as many as OpenMP uses */
  atomic_int calls = 0;
  wp_task_system ts = {omp_parallel_for, &calls, omp_get_max_threads()};
  if (!check(wp_set_task_system(&ts), "wp_set_task_system"))
    return 1;
  int threads = wp_get_num_threads();
  double t_omp = render(&counts, omp_frames, x0, y0, step);

  /* the built-in pool again (NULL), for comparison */
  if (!check(wp_set_task_system(NULL), "wp_set_task_system(NULL)"))
    return 1;
  double t_pool = render(&counts, pool_frames, x0, y0, step);
  if (t_omp < 0 || t_pool < 0)
    return 1;

  double t0 = now_seconds();
  for (int f = 0; f < FRAMES; f++)
    reference_frame(ref_frames + (size_t)f * W * H, x0[f], y0[f], step[f]);
  double t_ref = now_seconds() - t0;

  long long sum_omp = checksum(omp_frames), sum_ref = checksum(ref_frames);
  int same = memcmp(omp_frames, ref_frames, sizeof(int) * n) == 0 &&
             memcmp(pool_frames, ref_frames, sizeof(int) * n) == 0;
  int pass = same && calls == FRAMES;

  printf("mandelbrot: %dx%d, %d frames, max %d iterations, %d OpenMP "
         "threads\n",
         W, H, FRAMES, MAX_ITER, threads);
  printf("time per frame: OpenMP task system %.3f ms, built-in pool %.3f ms, "
         "C reference %.3f ms\n",
         t_omp / FRAMES * 1e3, t_pool / FRAMES * 1e3, t_ref / FRAMES * 1e3);
  printf("task system calls: %d (one per launch: %d)\n", (int)calls, FRAMES);
  printf("checksum (sum of escape counts): %lld (reference %lld)\n", sum_omp,
         sum_ref);
  printf("frames equal to the reference: %s\n", same ? "yes" : "no");
  printf("%s\n", pass ? "PASS" : "FAIL");

  wp_array_free(&counts);
  free(omp_frames);
  free(pool_frames);
  free(ref_frames);
  wp_shutdown();
  return pass ? 0 : 1;
}
