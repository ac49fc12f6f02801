/* gpu_common.h - helpers shared by the GPU variants of the samples
 * (test/gpu/particles_gpu.c, test/gpu/heat_gpu.c): command line, device
 * check, timers, and the RESULT line test/gpu/run.sh parses (the format of
 * test/tools/e2e.py's --device runs). */
#ifndef GPU_COMMON_H
#define GPU_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

static const char *g_prog = "gpu";

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Exits with status 3 and the runtime's message when st is an error. */
static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "%s: %s failed: %s: %s\n", g_prog, what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

/* "PROG [cuda:N]": the CUDA device to use (default cuda:0).  Exits with
 * status 2 on a bad argument and 5, with the runtime's reason, when the
 * device is not available. */
static wp_device parse_args_and_device(int argc, char **argv, const char *prog,
                                       char *alias, size_t alias_size) {
  g_prog = prog;
  wp_device dev = WP_DEVICE_CUDA(0);
  if (argc > 2 ||
      (argc == 2 && (wp_device_from_string(argv[1], &dev) != WP_SUCCESS ||
                     dev == WP_DEVICE_CPU))) {
    fprintf(stderr, "usage: %s [cuda:N]\n", prog);
    exit(2);
  }
  check(wp_device_alias(dev, alias, alias_size), "wp_device_alias");
  wp_status st = wp_cuda_init();
  int n = 0;
  if (st == WP_SUCCESS)
    st = wp_cuda_device_count(&n);
  if (st != WP_SUCCESS || n < (int)dev) {
    fprintf(stderr, "%s: %s is not available: %s\n", prog, alias,
            st != WP_SUCCESS ? wp_last_error() : "no such CUDA device");
    exit(5);
  }
  char name[128];
  int sm = 0;
  check(wp_device_name(dev, name, sizeof name), "wp_device_name");
  check(wp_cuda_device_arch(dev, &sm), "wp_cuda_device_arch");
  printf("%s: device %s: %s (sm_%d), %d CPU threads\n", prog, alias, name, sm,
         wp_get_num_threads());
  return dev;
}

static void result_line(const char *name, const char *alias, int ok,
                        double max_abs, double max_rel, double gpu_ms,
                        double gpu_first_ms, double cpu_ms) {
  printf("RESULT case=sample test=%s name=%s device=%s status=%s reason=%s "
         "max_abs=%.3g max_rel=%.3g time_gpu_ms=%.4f time_gpu_first_ms=%.4f "
         "time_cpu_ms=%.4f\n",
         name, name, alias, ok ? "ok" : "FAIL", ok ? "-" : "mismatch", max_abs,
         max_rel, gpu_ms, gpu_first_ms, cpu_ms);
  fflush(stdout);
}

/* Max abs / rel difference of got against want (n floats); NaN counts as
 * an infinite error. */
static void max_errors(const float *got, const float *want, size_t n,
                       double *max_abs, double *max_rel) {
  double ma = 0.0, mr = 0.0;
  for (size_t k = 0; k < n; k++) {
    double d = (double)got[k] - (double)want[k];
    d = d < 0 ? -d : d;
    if (isnan(d))
      d = INFINITY;
    if (d > ma)
      ma = d;
    double w = want[k] < 0 ? -(double)want[k] : (double)want[k];
    if (w > 0 && d / w > mr)
      mr = d / w;
  }
  *max_abs = ma;
  *max_rel = mr;
}

#endif
