/* graph_warpc: the time per launch of a captured CPU graph replayed,
 * against the same launches made one by one.
 *
 *   graph_warpc [--reps N]
 *
 * A simulation step is 100 small launches (50 pairs of graph_damp and
 * graph_integrate from bench/graph/kernels.py, 256 particles each: launches
 * small enough to run inline, so the launch cost dominates).  The step is
 * captured once (wp_capture_begin/end on the CPU) and replayed with
 * wp_graph_launch.  Both ways run the same launches in the same order, so
 * their results must be bit-identical: the program checks that, and
 * against a plain C loop (which warpc's CPU code matches, -ffp-contract=off
 * on both sides).  Then N timed steps each way (default 2000, median of 5
 * batches) and one line:
 *
 *   GRAPH launches_per_step=100 plain_us=P replay_us=R ratio=P/R reps=N
 *
 * where P and R are microseconds per launch.  A benchmark, not a test: it
 * fails only when a result check fails.
 */
#define _POSIX_C_SOURCE 200809L

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../bench_common.h"
#pragma GCC diagnostic pop

#include <warp/warp.h>

#include "kernels.h"

#define NP 256
#define PAIRS 50
#define DT 0.001f
#define DAMP 0.999f
#define GRAV -9.8f

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "graph_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static wp_array x, v;

static void step(void) {
  wp_launch l = wp_launch_1d(NP);
  for (int k = 0; k < PAIRS; k++) {
    check(graph_damp(&l, &v, DAMP, GRAV, DT), "graph_damp");
    check(graph_integrate(&l, &x, &v, DT), "graph_integrate");
  }
}

static void step_ref(float *rx, float *rv) {
  for (int k = 0; k < PAIRS; k++) {
    for (int i = 0; i < NP; i++)
      rv[i] = rv[i] * DAMP + GRAV * DT;
    for (int i = 0; i < NP; i++)
      rx[i] = rx[i] + rv[i] * DT;
  }
}

static void reset(float *rx, float *rv) {
  for (int i = 0; i < NP; i++) {
    rx[i] = ((float *)x.data)[i] = (float)i * 0.01f;
    rv[i] = ((float *)v.data)[i] = (float)(i % 7) - 3.0f;
  }
}

static int equal(const float *rx, const float *rv) {
  return memcmp(x.data, rx, sizeof(float) * NP) == 0 &&
         memcmp(v.data, rv, sizeof(float) * NP) == 0;
}

static int cmp_double(const void *a, const void *b) {
  double d = *(const double *)a - *(const double *)b;
  return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
  int reps = 2000;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0)
      reps = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--reps N]\n", argv[0]);
      return 2;
    }
  wp_int64 n = NP;
  static float rx[NP], rv[NP];
  check(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&v, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");

  /* Results: plain launches, replays and the C loop agree exactly. */
  reset(rx, rv);
  for (int s = 0; s < 3; s++) {
    step();
    step_ref(rx, rv);
  }
  if (!equal(rx, rv)) {
    fprintf(stderr, "graph_warpc: plain launches differ from the C loop\n");
    return 1;
  }
  reset(rx, rv);
  wp_graph *g = NULL;
  check(wp_capture_begin(WP_DEVICE_CPU, NULL), "wp_capture_begin");
  step();
  check(wp_capture_end(WP_DEVICE_CPU, NULL, &g), "wp_capture_end");
  int count = 0;
  check(wp_graph_launch_count(g, &count), "wp_graph_launch_count");
  if (count != 2 * PAIRS || !equal(rx, rv)) {
    fprintf(stderr, "graph_warpc: the capture ran or lost launches\n");
    return 1;
  }
  for (int s = 0; s < 3; s++) {
    check(wp_graph_launch(g, NULL), "wp_graph_launch");
    step_ref(rx, rv);
  }
  if (!equal(rx, rv)) {
    fprintf(stderr, "graph_warpc: replays differ from the C loop\n");
    return 1;
  }

  /* Timing: 5 batches of `reps` steps each way, the median batch. */
  enum { BATCHES = 5 };
  double plain[BATCHES], replay[BATCHES];
  for (int b = 0; b < BATCHES; b++) {
    double t0 = bench_now_ms();
    for (int r = 0; r < reps; r++)
      step();
    double t1 = bench_now_ms();
    for (int r = 0; r < reps; r++)
      check(wp_graph_launch(g, NULL), "wp_graph_launch");
    double t2 = bench_now_ms();
    plain[b] = (t1 - t0) * 1e3 / ((double)reps * 2 * PAIRS);
    replay[b] = (t2 - t1) * 1e3 / ((double)reps * 2 * PAIRS);
  }
  qsort(plain, BATCHES, sizeof plain[0], cmp_double);
  qsort(replay, BATCHES, sizeof replay[0], cmp_double);
  double p = plain[BATCHES / 2], r = replay[BATCHES / 2];
  printf("GRAPH launches_per_step=%d plain_us=%.4f replay_us=%.4f ratio=%.2f "
         "reps=%d\n",
         2 * PAIRS, p, r, r > 0 ? p / r : 0.0, reps);
  printf("per launch: plain %.4f us, replayed %.4f us: replay is %.2fx "
         "%s\n",
         p, r, r > 0 ? (p > r ? p / r : r / p) : 0.0,
         p >= r ? "faster" : "slower");
  check(wp_graph_destroy(g), "wp_graph_destroy");
  wp_array_free(&x);
  wp_array_free(&v);
  wp_shutdown();
  return 0;
}
