/* saxpy_warpc: warpc's saxpy (bench/saxpy/kernels.py) over 2^26 floats.
 *
 *   saxpy_warpc [--device cuda:N] [--reps N] [--ref FILE]   GPU benchmark
 *   saxpy_warpc --cpu [--reps N]                            CPU benchmark
 *
 * GPU: one launch on fresh inputs is checked against a CPU launch of the same
 * object (and, with --ref, against the output file of the hand-written CUDA
 * version, ref.cu --out FILE); then 5 warm-up launches and N timed ones
 * (default 100) between two CUDA events.  CPU: warpc's CPU kernel with the
 * runtime's thread pool and with one thread, against a plain C loop; one
 * warm-up and N timed runs each (default 10).  Prints one BENCH line per
 * measurement (bench/report.py makes the table).  Links only libwarprt: no
 * CUDA library (the runtime loads the driver at run time).
 */
#define _POSIX_C_SOURCE 200809L

#include "../bench_common.h"

#include <warp/warp.h>

#include "kernels.h"

#define N ((wp_int64)1 << 26)
#define A 2.5f
#define TOL 1e-6 /* max |diff| / max |y|: one rounding (fused or not) */

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "saxpy_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static void init(float *x, float *y) {
  for (wp_int64 i = 0; i < N; i++) {
    x[i] = bench_uniform((uint32_t)i, 1, -1.0f, 1.0f);
    y[i] = bench_uniform((uint32_t)i, 2, -1.0f, 1.0f);
  }
}

/* The plain C loop the CPU benchmark compares with. */
static void c_saxpy(wp_int64 n, float a, const float *x, float *y) {
  for (wp_int64 i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void bench_line(const char *impl, const char *device, int threads,
                       double ms, int reps, const char *check_s, double diff) {
  double gbps = ms > 0 ? 12.0 * (double)N / (ms * 1e6) : 0.0;
  char thr[16] = "-";
  if (threads > 0)
    snprintf(thr, sizeof thr, "%d", threads);
  printf("BENCH bench=saxpy impl=%s device=%s threads=%s ms=%.4f reps=%d "
         "rate=%.1f unit=GB/s check=%s diff=%.3g\n",
         impl, device, thr, ms, reps, gbps, check_s, diff);
  fflush(stdout);
}

static int run_cpu(const bench_opts *o) {
  int reps = o->reps ? o->reps : 10;
  const wp_int64 shape[1] = {N};
  wp_array x, y;
  check(wp_array_alloc(&x, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&y, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU), "alloc");
  float *cx = bench_malloc(sizeof(float) * (size_t)N);
  float *cy = bench_malloc(sizeof(float) * (size_t)N);
  init(x.data, y.data);
  init(cx, cy);

  /* one launch / loop on the same inputs: both round a*x and then the sum */
  wp_launch cpu = {.ndim = 1, .dims = {N}, .device = WP_DEVICE_CPU};
  check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy");
  c_saxpy(N, A, cx, cy);
  double diff = bench_diff(y.data, cy, (size_t)N, NULL);
  const char *ok = diff <= TOL ? "ok" : "FAIL";

  int nthreads = wp_get_num_threads();
  for (int pass = 0; pass < 2; pass++) {
    int threads = pass == 0 ? nthreads : 1;
    check(wp_set_num_threads(threads), "wp_set_num_threads");
    check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy"); /* warm-up */
    double t0 = bench_now_ms();
    for (int r = 0; r < reps; r++)
      check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy");
    double ms = (bench_now_ms() - t0) / reps;
    bench_line(pass == 0 ? "warpc-cpu" : "warpc-cpu1", "cpu", threads, ms, reps,
               ok, diff);
  }
  check(wp_set_num_threads(0), "wp_set_num_threads");
  c_saxpy(N, A, cx, cy); /* warm-up */
  double t0 = bench_now_ms();
  for (int r = 0; r < reps; r++)
    c_saxpy(N, A, cx, cy);
  double ms = (bench_now_ms() - t0) / reps;
  bench_line("c-loop", "cpu", 1, ms, reps, ok, diff);
  wp_array_free(&x);
  wp_array_free(&y);
  free(cx);
  free(cy);
  return diff <= TOL ? 0 : 1;
}

static int run_gpu(const bench_opts *o) {
  int reps = o->reps ? o->reps : 100;
  wp_device dev;
  if (wp_device_from_string(o->device, &dev) != WP_SUCCESS ||
      dev == WP_DEVICE_CPU) {
    fprintf(stderr, "saxpy_warpc: bad device '%s'\n", o->device);
    return 2;
  }
  wp_status st = wp_cuda_init();
  int count = 0;
  if (st == WP_SUCCESS)
    st = wp_cuda_device_count(&count);
  if (st != WP_SUCCESS || count < (int)dev) {
    fprintf(stderr, "saxpy_warpc: %s is not available: %s\n", o->device,
            st != WP_SUCCESS ? wp_last_error() : "no such device");
    return 5;
  }
  const wp_int64 shape[1] = {N};
  wp_array hx, hy, hy_gpu, dx, dy;
  check(wp_array_alloc(&hx, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
        "alloc");
  check(wp_array_alloc(&hy, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
        "alloc");
  check(wp_array_alloc(&hy_gpu, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
        "alloc");
  check(wp_array_alloc(&dx, WP_FLOAT32, 0, 1, shape, 0, dev), "alloc on GPU");
  check(wp_array_alloc(&dy, WP_FLOAT32, 0, 1, shape, 0, dev), "alloc on GPU");
  init(hx.data, hy.data);
  check(wp_array_copy(&dx, &hx), "copy to GPU");
  check(wp_array_copy(&dy, &hy), "copy to GPU");

  /* the checked launch, then the same on the CPU */
  wp_launch gpu = {.ndim = 1, .dims = {N}, .device = dev};
  check(saxpy_saxpy(&gpu, &dx, &dy, A), "saxpy_saxpy (gpu)");
  check(wp_array_copy(&hy_gpu, &dy), "copy from GPU");
  wp_launch cpu = {.ndim = 1, .dims = {N}, .device = WP_DEVICE_CPU};
  check(saxpy_saxpy(&cpu, &hx, &hy, A), "saxpy_saxpy (cpu)");
  double diff = bench_diff(hy_gpu.data, hy.data, (size_t)N, NULL);
  int ok = diff <= TOL;
  if (o->ref) {
    float *r = bench_read(o->ref, sizeof(float) * (size_t)N);
    double dref = bench_diff(hy_gpu.data, r, (size_t)N, NULL);
    printf("saxpy_warpc: GPU result vs %s: max diff %.3g\n", o->ref, dref);
    ok &= dref <= TOL;
    free(r);
  }
  if (o->out)
    bench_write(o->out, hy_gpu.data, sizeof(float) * (size_t)N);

  void *e0, *e1;
  check(wp_event_create(dev, &e0), "wp_event_create");
  check(wp_event_create(dev, &e1), "wp_event_create");
  for (int r = 0; r < 5; r++)
    check(saxpy_saxpy(&gpu, &dx, &dy, A), "saxpy_saxpy (gpu)");
  check(wp_event_record(dev, e0, NULL), "wp_event_record");
  for (int r = 0; r < reps; r++)
    check(saxpy_saxpy(&gpu, &dx, &dy, A), "saxpy_saxpy (gpu)");
  check(wp_event_record(dev, e1, NULL), "wp_event_record");
  check(wp_event_synchronize(dev, e1), "wp_event_synchronize");
  float ms = 0.0f;
  check(wp_event_elapsed_ms(dev, e0, e1, &ms), "wp_event_elapsed_ms");
  char alias[32];
  check(wp_device_alias(dev, alias, sizeof alias), "wp_device_alias");
  bench_line("warpc", alias, 0, (double)ms / reps, reps, ok ? "ok" : "FAIL",
             diff);
  check(wp_event_destroy(dev, e0), "wp_event_destroy");
  check(wp_event_destroy(dev, e1), "wp_event_destroy");
  wp_array_free(&dx);
  wp_array_free(&dy);
  wp_array_free(&hx);
  wp_array_free(&hy);
  wp_array_free(&hy_gpu);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  int rc = o.cpu ? run_cpu(&o) : run_gpu(&o);
  wp_shutdown();
  return rc;
}
