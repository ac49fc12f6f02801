/* capture_gpu: graph capture and replay, stream-ordered and pinned memory
 * on a CUDA device, with the capture sample's kernels (samples/capture).
 *
 *   capture_gpu [cuda:N]
 *
 * Runs the sample's simulation (4096 balls on springs, frames of 16
 * substeps of 3 launches, 120 frames, gravity changed at frame 60) twice
 * from the same initial state:
 *   - on the CPU with plain launches (the reference);
 *   - on the GPU: device arrays from wp_array_alloc_async on a stream (the
 *     device's memory pool, or the documented fallback), filled from pinned
 *     host arrays (wp_array_alloc_pinned) with wp_array_copy_async; one
 *     frame captured on the stream into a CUDA graph (the first launches
 *     of the object on the device, so its module is loaded during the
 *     capture), replayed 120 times with wp_graph_launch, its gravity
 *     updated halfway (wp_graph_update_begin/end:
 *     cuGraphExecKernelNodeSetParams); results copied back into the pinned
 *     arrays, device arrays released with wp_array_free_async.
 * Compares the two, prints the replay time (CUDA events) and a RESULT line
 * for test/gpu/run.sh.  The GPU may fuse multiply-adds the CPU rounds
 * twice: TOLERANCE allows for it.
 * Exit status: 0 agree, 1 differ, 3 a runtime call failed, 5 no device.
 */
#define _POSIX_C_SOURCE 200809L

#include "gpu_common.h"

#include "kernels.h"

#define NUM_BALLS 4096
#define SUBSTEPS 16
#define NUM_FRAMES 120
#define TOLERANCE 1e-3

/* the constants of samples/capture/main.c */
#define K 40.0f
#define REST_Y 1.0f
#define EARTH_G (-9.81f)
#define MOON_G (-1.62f)
#define DRAG 0.05f
#define DT ((float)(1.0 / (60.0 * SUBSTEPS)))
#define RESTITUTION 0.8f

static void initial_state(float *x, float *v) {
  for (int i = 0; i < NUM_BALLS; i++) {
    x[i] = 0.1f + (float)(i % 97) * 0.05f;
    v[i] = (float)(i % 13) * 0.25f - 1.5f;
  }
}

static void frame(const wp_launch *l, const wp_array *x, const wp_array *v,
                  float g) {
  for (int s = 0; s < SUBSTEPS; s++) {
    check(kernels_apply_forces(l, x, v, K, REST_Y, g, DRAG, DT),
          "kernels_apply_forces");
    check(kernels_integrate(l, x, v, DT), "kernels_integrate");
    check(kernels_ground(l, x, v, RESTITUTION), "kernels_ground");
  }
}

int main(int argc, char **argv) {
  char alias[32];
  wp_device dev =
      parse_args_and_device(argc, argv, "capture_gpu", alias, sizeof alias);
  const wp_int64 n = NUM_BALLS;

  /* CPU reference: plain launches */
  wp_array cx, cv;
  check(wp_array_alloc(&cx, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&cv, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  initial_state(cx.data, cv.data);
  wp_launch cpu = wp_launch_1d(NUM_BALLS);
  double c0 = now_ms();
  for (int f = 0; f < NUM_FRAMES; f++)
    frame(&cpu, &cx, &cv, f < NUM_FRAMES / 2 ? EARTH_G : MOON_G);
  double cpu_ms = now_ms() - c0;

  /* GPU: pinned staging, stream-ordered device arrays */
  void *s = NULL;
  check(wp_stream_create(dev, &s), "wp_stream_create");
  int pool = 0;
  check(wp_device_has_mempool(dev, &pool), "wp_device_has_mempool");
  wp_array px, pv, dx, dv;
  check(wp_array_alloc_pinned(&px, WP_FLOAT32, 0, 1, &n, 0), "pinned alloc");
  check(wp_array_alloc_pinned(&pv, WP_FLOAT32, 0, 1, &n, 0), "pinned alloc");
  check(wp_array_alloc_async(&dx, WP_FLOAT32, 0, 1, &n, 0, dev, s),
        "wp_array_alloc_async");
  check(wp_array_alloc_async(&dv, WP_FLOAT32, 0, 1, &n, 0, dev, s),
        "wp_array_alloc_async");
  int ordered = (dx.flags & WP_ARRAY_STREAM_ORDERED) != 0;
  initial_state(px.data, pv.data);
  check(wp_array_copy_async(&dx, &px, s), "wp_array_copy_async");
  check(wp_array_copy_async(&dv, &pv, s), "wp_array_copy_async");

  /* capture one frame: the module loads during the capture */
  wp_launch gpu = wp_launch_1d(NUM_BALLS);
  gpu.device = dev;
  gpu.stream = s;
  wp_graph *g = NULL;
  double g0 = now_ms();
  check(wp_capture_begin(dev, s), "wp_capture_begin");
  frame(&gpu, &dx, &dv, EARTH_G);
  check(wp_capture_end(dev, s, &g), "wp_capture_end");
  double capture_ms = now_ms() - g0;
  int count = 0;
  check(wp_graph_launch_count(g, &count), "wp_graph_launch_count");

  void *e0, *e1;
  check(wp_event_create(dev, &e0), "wp_event_create");
  check(wp_event_create(dev, &e1), "wp_event_create");
  check(wp_event_record(dev, e0, s), "wp_event_record");
  for (int f = 0; f < NUM_FRAMES; f++) {
    if (f == NUM_FRAMES / 2) {
      check(wp_graph_update_begin(g), "wp_graph_update_begin");
      frame(&gpu, &dx, &dv, MOON_G);
      check(wp_graph_update_end(g), "wp_graph_update_end");
    }
    check(wp_graph_launch(g, s), "wp_graph_launch");
  }
  check(wp_event_record(dev, e1, s), "wp_event_record");
  check(wp_array_copy_async(&px, &dx, s), "wp_array_copy_async");
  check(wp_array_copy_async(&pv, &dv, s), "wp_array_copy_async");
  check(wp_stream_synchronize(dev, s), "wp_stream_synchronize");
  float gpu_ms = 0.0f;
  check(wp_event_elapsed_ms(dev, e0, e1, &gpu_ms), "wp_event_elapsed_ms");

  double ax, rx, av, rv;
  max_errors(px.data, cx.data, NUM_BALLS, &ax, &rx);
  max_errors(pv.data, cv.data, NUM_BALLS, &av, &rv);
  double max_abs = ax > av ? ax : av, max_rel = rx > rv ? rx : rv;
  double sum_gpu = 0.0, sum_cpu = 0.0;
  for (int i = 0; i < NUM_BALLS; i++) {
    sum_gpu += ((const float *)px.data)[i];
    sum_cpu += ((const float *)cx.data)[i];
  }
  int ok = max_abs <= TOLERANCE && count == 3 * SUBSTEPS;
  printf("capture_gpu: %d balls, %d frames of %d launches (graph of %d "
         "launches), memory pool: %s, arrays stream-ordered: %s\n",
         NUM_BALLS, NUM_FRAMES, 3 * SUBSTEPS, count, pool ? "yes" : "no",
         ordered ? "yes" : "no");
  printf("time for %d replays: %s %.3f ms (events; capture %.3f ms), cpu "
         "plain launches %.3f ms\n",
         NUM_FRAMES, alias, (double)gpu_ms, capture_ms, cpu_ms);
  printf("checksum (sum of heights): %s %.6f, cpu %.6f\n", alias, sum_gpu,
         sum_cpu);
  printf("max abs difference gpu vs cpu: %.3g (tolerance %.0e), max rel %.3g\n",
         max_abs, TOLERANCE, max_rel);
  printf("%s\n", ok ? "PASS" : "FAIL");
  result_line("capture", alias, ok, max_abs, max_rel, gpu_ms, capture_ms,
              cpu_ms);

  check(wp_graph_destroy(g), "wp_graph_destroy");
  check(wp_event_destroy(dev, e0), "wp_event_destroy");
  check(wp_event_destroy(dev, e1), "wp_event_destroy");
  wp_array_free_async(&dx, s);
  wp_array_free_async(&dv, s);
  check(wp_stream_synchronize(dev, s), "wp_stream_synchronize");
  check(wp_stream_destroy(dev, s), "wp_stream_destroy");
  wp_array_free(&px);
  wp_array_free(&pv);
  wp_array_free(&cx);
  wp_array_free(&cv);
  wp_shutdown();
  return ok ? 0 : 1;
}
