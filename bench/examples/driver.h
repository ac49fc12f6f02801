/* driver.h - what the example drivers share: arguments, a clock, checked
 * runtime calls, writing an array's bytes.
 *
 *   DRIVER STEPS OUTDIR [INDIR]
 *                          runs the example's setup, then STEPS calls of its
 *                          step(); prints "steps N ms T cpu_ms C" (T: the
 *                          wall-clock time of the STEPS steps, setup
 *                          excluded; C: the process's CPU time over them) and
 * writes the state arrays to OUTDIR/NAME.bin (raw little-endian elements,
 *                          row-major), which run.py compares with
 *                          warp-lang's.  INDIR holds the inputs an example
 *                          makes with numpy's random generator (dem's
 *                          points), as INDIR/init_NAME.bin written by
 *                          run.py from warp-lang's Example (same format).
 * The thread count is the runtime's (WARP_NUM_THREADS). */
#ifndef BENCH_EXAMPLES_DRIVER_H
#define BENCH_EXAMPLES_DRIVER_H

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <warp/warp.h>

static void ck(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "%s: %s: %s\n", what, wp_status_string(st),
            wp_last_error());
    exit(3);
  }
}

static double clock_ms(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The wall-clock and the process's CPU time (all its threads), in ms. */
typedef struct stamp {
  double wall, cpu;
} stamp;

static stamp start_clock(void) {
  return (stamp){clock_ms(CLOCK_MONOTONIC), clock_ms(CLOCK_PROCESS_CPUTIME_ID)};
}

/* Prints "steps N ms T cpu_ms C" for the steps since t0: on a shared
 * machine the CPU time of a one-thread run is what the program cost, the
 * wall-clock time also counts the time other processes had the core. */
static void report(int steps, stamp t0) {
  stamp t = start_clock();
  printf("steps %d ms %.6f cpu_ms %.6f\n", steps, t.wall - t0.wall,
         t.cpu - t0.cpu);
}

static void save(const wp_array *a, const char *dir, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s.bin", dir, name);
  FILE *f = fopen(path, "wb");
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  if (!f || fwrite(a->data, 1, n, f) != n || fclose(f) != 0) {
    perror(path);
    exit(4);
  }
}

/* Fills `a` (allocated by the caller) from DIR/init_NAME.bin, which must
 * hold exactly its bytes. */
static inline void load(wp_array *a, const char *dir, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/init_%s.bin", dir, name);
  FILE *f = fopen(path, "rb");
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  if (!f || fread(a->data, 1, n, f) != n || fgetc(f) != EOF) {
    fprintf(stderr, "%s: missing, or not %zu bytes\n", path, n);
    exit(4);
  }
  fclose(f);
}

/* STEPS OUTDIR, and INDIR when `indir` is not NULL (then required). */
static inline int parse_args_in(int argc, char **argv, int *steps,
                                const char **dir, const char **indir) {
  if (argc != (indir ? 4 : 3) || (*steps = atoi(argv[1])) < 1) {
    fprintf(stderr, "usage: %s STEPS OUTDIR%s\n", argv[0],
            indir ? " INDIR" : "");
    return 0;
  }
  *dir = argv[2];
  if (indir)
    *indir = argv[3];
  return 1;
}

static inline int parse_args(int argc, char **argv, int *steps,
                             const char **dir) {
  return parse_args_in(argc, argv, steps, dir, NULL);
}

#endif
