/* pool_env.c - the thread pool's settings from the environment and the
 * machine: $WARP_NUM_THREADS, the online CPUs, and the unsigned integers
 * of $WARP_SPIN_US / $WARP_POOL_MIN_WORK_US (pool.c reads them when its
 * workers start). */
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

/* An unsigned integer from the environment (`def` when unset, empty or
 * malformed), clamped to `max` (one too large for a long long too). */
wp_int64 wpi_env_uint(const char *name, wp_int64 def, wp_int64 max) {
  const char *s = getenv(name);
  if (!s || !*s)
    return def;
  char *end;
  errno = 0;
  long long n = strtoll(s, &end, 10);
  if (*end || n < 0 || (errno && !(errno == ERANGE && n == LLONG_MAX)))
    return def;
  return n > max ? max : (wp_int64)n;
}

/* WARP_NUM_THREADS as a positive integer, or 0 when unset or malformed. */
static int env_threads(void) {
  const char *s = getenv("WARP_NUM_THREADS");
  if (!s || !*s)
    return 0;
  char *end;
  errno = 0;
  long n = strtol(s, &end, 10);
  /* too large for a long: larger than the maximum, clamped below */
  if (*end || n < 1 || (errno && !(errno == ERANGE && n == LONG_MAX)))
    return 0;
  return n > WP_MAX_THREADS ? WP_MAX_THREADS : (int)n;
}

/* Online CPUs, 1..WP_MAX_THREADS. */
int wpi_cpu_count(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1)
    return 1;
  return cpus > WP_MAX_THREADS ? WP_MAX_THREADS : (int)cpus;
}

/* Threads (the launching one included) for a wp_set_num_threads value. */
int wpi_pool_threads(int requested) {
  if (requested > 0)
    return requested;
  int n = env_threads();
  return n > 0 ? n : wpi_cpu_count();
}
