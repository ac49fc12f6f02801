/* capture: a simulation frame captured once as a graph and replayed.
 *
 * NUM_BALLS balls on springs (kernels.py): a frame is SUBSTEPS substeps of
 * three launches (apply_forces, integrate, ground), 3 * SUBSTEPS launches
 * made through the generated launchers once, between wp_capture_begin and
 * wp_capture_end (<warp/graph.h>), and then replayed with wp_graph_launch
 * for NUM_FRAMES frames.  Halfway through, gravity changes (the ball
 * world moves to the Moon): wp_graph_update_begin, the same launches with
 * the new value, wp_graph_update_end, and the replays use it.
 *
 * The same simulation runs as a plain C loop; the program compares the two
 * (the same float32 operations in the same order, no FMA contraction on
 * either side: equal to the last bit in practice, TOLERANCE allows a
 * rounding difference), prints a checksum and PASS or FAIL.  On the CPU
 * always; then on cuda:0 when a GPU and the kernels' CUDA code are there
 * (a capture of a CUDA stream), else it says why that part is skipped.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

#define NUM_BALLS 4096
#define SUBSTEPS 16
#define NUM_FRAMES 120
#define TOLERANCE 1e-5

#define K 40.0f
#define REST_Y 1.0f
#define EARTH_G (-9.81f)
#define MOON_G (-1.62f)
#define DRAG 0.05f
#define DT ((float)(1.0 / (60.0 * SUBSTEPS)))
#define RESTITUTION 0.8f

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS)
    fprintf(stderr, "capture: %s failed: %s: %s\n", what, wp_status_string(st),
            wp_last_error());
  return st == WP_SUCCESS;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void initial_state(float *x, float *v) {
  for (int i = 0; i < NUM_BALLS; i++) {
    x[i] = 0.1f + (float)(i % 97) * 0.05f;
    v[i] = (float)(i % 13) * 0.25f - 1.5f;
  }
}

/* The reference frame: the kernels' operations, in their order. */
static void reference_frame(float *x, float *v, float g) {
  for (int s = 0; s < SUBSTEPS; s++) {
    for (int i = 0; i < NUM_BALLS; i++) {
      float a = -K * (x[i] - REST_Y) + g - DRAG * v[i];
      v[i] = v[i] + a * DT;
    }
    for (int i = 0; i < NUM_BALLS; i++)
      x[i] = x[i] + v[i] * DT;
    for (int i = 0; i < NUM_BALLS; i++)
      if (x[i] < 0.0f) {
        x[i] = 0.0f;
        if (v[i] < 0.0f)
          v[i] = -RESTITUTION * v[i];
      }
  }
}

/* One frame through the launchers: run, captured, or an update. */
static int frame(const wp_launch *l, const wp_array *x, const wp_array *v,
                 float g) {
  int ok = 1;
  for (int s = 0; ok && s < SUBSTEPS; s++)
    ok = check(kernels_apply_forces(l, x, v, K, REST_Y, g, DRAG, DT),
               "kernels_apply_forces") &&
         check(kernels_integrate(l, x, v, DT), "kernels_integrate") &&
         check(kernels_ground(l, x, v, RESTITUTION), "kernels_ground");
  return ok;
}

/* Runs the simulation on `device` (stream: a CUDA stream, NULL on the CPU)
 * and leaves the final positions and velocities in hx, hv. */
static int simulate(wp_device device, void *stream, float *hx, float *hv,
                    double *ms_per_frame) {
  const wp_int64 n = NUM_BALLS;
  wp_array hxa = {0}, hva = {0}, x = {0}, v = {0};
  wp_graph *graph = NULL;
  int ok = check(wp_array_alloc(&hxa, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU),
                 "wp_array_alloc") &&
           check(wp_array_alloc(&hva, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU),
                 "wp_array_alloc") &&
           check(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 0, device),
                 "wp_array_alloc") &&
           check(wp_array_alloc(&v, WP_FLOAT32, 0, 1, &n, 0, device),
                 "wp_array_alloc");
  if (ok) {
    initial_state(hxa.data, hva.data);
    ok = check(wp_array_copy(&x, &hxa), "wp_array_copy") &&
         check(wp_array_copy(&v, &hva), "wp_array_copy");
  }
  wp_launch l = wp_launch_1d(NUM_BALLS);
  l.device = device;
  l.stream = stream;
  /* Capture one frame: nothing runs yet. */
  if (ok)
    ok = check(wp_capture_begin(device, stream), "wp_capture_begin");
  if (ok) {
    int captured = frame(&l, &x, &v, EARTH_G);
    ok = check(wp_capture_end(device, stream, &graph), "wp_capture_end") &&
         captured;
  }
  double t0 = now_ms();
  for (int f = 0; ok && f < NUM_FRAMES; f++) {
    if (f == NUM_FRAMES / 2) /* to the Moon: update the captured gravity */
      ok = check(wp_graph_update_begin(graph), "wp_graph_update_begin") &&
           frame(&l, &x, &v, MOON_G) &&
           check(wp_graph_update_end(graph), "wp_graph_update_end");
    if (ok)
      ok = check(wp_graph_launch(graph, stream), "wp_graph_launch");
  }
  if (ok)
    ok = check(wp_synchronize(device), "wp_synchronize");
  *ms_per_frame = (now_ms() - t0) / NUM_FRAMES;
  if (ok)
    ok = check(wp_array_copy(&hxa, &x), "wp_array_copy") &&
         check(wp_array_copy(&hva, &v), "wp_array_copy");
  if (ok) {
    memcpy(hx, hxa.data, sizeof(float) * NUM_BALLS);
    memcpy(hv, hva.data, sizeof(float) * NUM_BALLS);
  }
  wp_graph_destroy(graph);
  wp_array_free(&hxa);
  wp_array_free(&hva);
  wp_array_free(&x);
  wp_array_free(&v);
  return ok;
}

/* Compares with the reference; prints the checksum. */
static int compare(const char *where, const float *x, const float *v,
                   const float *rx, const float *rv, double ms) {
  double err = 0.0, sum = 0.0, rsum = 0.0;
  for (int i = 0; i < NUM_BALLS; i++) {
    double ex = fabs((double)x[i] - rx[i]), ev = fabs((double)v[i] - rv[i]);
    if (!(ex <= err))
      err = isnan(ex) ? INFINITY : ex;
    if (!(ev <= err))
      err = isnan(ev) ? INFINITY : ev;
    sum += x[i];
    rsum += rx[i];
  }
  printf("%s: checksum (sum of heights) %.6f (reference %.6f), max abs "
         "error %.3g, %.3f ms per replayed frame of %d launches\n",
         where, sum, rsum, err, ms, 3 * SUBSTEPS);
  return err <= TOLERANCE;
}

int main(void) {
  static float rx[NUM_BALLS], rv[NUM_BALLS], x[NUM_BALLS], v[NUM_BALLS];
  initial_state(rx, rv);
  for (int f = 0; f < NUM_FRAMES; f++)
    reference_frame(rx, rv, f < NUM_FRAMES / 2 ? EARTH_G : MOON_G);
  printf("capture: %d balls, %d frames of %d substeps (3 launches each), "
         "captured once, gravity updated at frame %d\n",
         NUM_BALLS, NUM_FRAMES, SUBSTEPS, NUM_FRAMES / 2);

  double ms = 0.0;
  int pass = simulate(WP_DEVICE_CPU, NULL, x, v, &ms) &&
             compare("cpu", x, v, rx, rv, ms);

  int count = 0;
  wp_cuda_device_count(&count);
  if (count == 0) {
    printf("cuda:0: skipped (no CUDA device)\n");
  } else {
    void *stream = NULL;
    int ok =
        check(wp_stream_create(WP_DEVICE_CUDA(0), &stream), "wp_stream_create");
    if (ok && !simulate(WP_DEVICE_CUDA(0), stream, x, v, &ms)) {
      if (strstr(wp_last_error(), "compiled without CUDA code"))
        printf("cuda:0: skipped (kernels.o has no CUDA code)\n");
      else
        pass = 0;
    } else if (ok) {
      pass &= compare("cuda:0", x, v, rx, rv, ms);
    } else {
      pass = 0;
    }
    wp_stream_destroy(WP_DEVICE_CUDA(0), stream);
  }
  printf("%s\n", pass ? "PASS" : "FAIL");
  wp_shutdown();
  return pass ? 0 : 1;
}
