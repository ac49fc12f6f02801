/* test_pool_env.c - the pool's environment variables given integers too
 * large for a long long: they are larger than the maximum, so they are
 * clamped to it (<warp/launch.h>: "$WARP_NUM_THREADS (larger values are
 * clamped to it)"), not taken as malformed (the default): a huge
 * $WARP_POOL_MIN_WORK_US means "run every launch of known cost on the
 * calling thread", not the default 10 us. */
#include <warp/warp.h>

#include <stdatomic.h>
#include <stdlib.h>

#include "../../runtime/src/internal.h"

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

static _Atomic int ranges;

static void count_range(const void *args, const wp_launch_bounds *b,
                        wp_int64 begin, wp_int64 end) {
  (void)args, (void)b, (void)begin, (void)end;
  atomic_fetch_add(&ranges, 1);
}

static const wp_kernel_desc count_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "count",
    .cpu_forward = count_range,
};

#define HUGE_INT "99999999999999999999" /* > 2^64 */

int main(void) {
  setenv("WARP_NUM_THREADS", HUGE_INT, 1);
  CHECK(wp_get_num_threads() == WP_MAX_THREADS);
  setenv("WARP_NUM_THREADS", "100000", 1);
  CHECK(wp_get_num_threads() == WP_MAX_THREADS);
  unsetenv("WARP_NUM_THREADS");

  /* 1 us per thread: 4096 threads are 4 ms of work, pooled by the default
   * threshold (10 us), inline under a huge one */
  setenv("WARP_SPIN_US", "0", 1);
  CHECK(wp_set_num_threads(2) == WP_SUCCESS);
  wpi_pool_set_cost(count_range, 1000000);
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(4096), &count_desc, 0, NULL) ==
        WP_SUCCESS);
  CHECK(atomic_exchange(&ranges, 0) > 1);
  static const char *const huge[] = {"1000000000000", HUGE_INT};
  for (int h = 0; h < 2; h++) {
    wp_shutdown(); /* the variables are read when the workers start */
    setenv("WARP_POOL_MIN_WORK_US", huge[h], 1);
    wpi_pool_set_cost(count_range, 1000000);
    CHECK(wp_launch_kernel(&WP_LAUNCH_1D(4096), &count_desc, 0, NULL) ==
          WP_SUCCESS);
    CHECK(atomic_exchange(&ranges, 0) == 1);
  }
  wp_shutdown();
  return check_report(NULL);
}
