/* test_pool_fork.c - fork() while the pool's workers spin: the child has
 * none of the parent's threads, so none of its workers spins.  A count of
 * spinning workers copied from the parent keeps the hot threshold
 * (WP_POOL_MIN_WORK_HOT_NS, <warp/launch.h>) on in the child for good: its
 * cheap launches are pooled as though a worker were spinning for them. */
#include <warp/warp.h>

#include <stdatomic.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../runtime/src/internal.h"

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

static void mark_range(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  _Atomic int *hits = *(_Atomic int *const *)args;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    atomic_fetch_add_explicit(&hits[i], 1, memory_order_relaxed);
}

static const wp_kernel_desc mark_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "mark",
    .cpu_forward = mark_range,
    .args_size = sizeof(_Atomic int *),
};

enum { N = 4096 };
static _Atomic int hits[N];

/* A launch of N threads runs each once. */
static int launch_once(void) {
  _Atomic int *a = hits;
  int ok = wp_launch_kernel(&WP_LAUNCH_1D(N), &mark_desc, 0, &a) == WP_SUCCESS;
  for (int i = 0; i < N; i++)
    ok &= atomic_exchange(&hits[i], 0) == 1;
  return ok;
}

int main(void) {
  const char *no_fork = getenv("WARPRT_TEST_NO_FORK");
  if (no_fork && *no_fork) /* ThreadSanitizer dislikes fork */
    return check_report(NULL);
  /* workers that spin a second after each launch, every launch pooled */
  setenv("WARP_SPIN_US", "1000000", 1);
  setenv("WARP_POOL_MIN_WORK_US", "0", 1);
  CHECK(wp_set_num_threads(3) == WP_SUCCESS);
  CHECK(launch_once());
  /* the workers spin (they did since they started; each launch they help
   * with starts their spin again; at most 2 s) */
  for (int i = 0; i < 2000 && wpi_pool_spinning() == 0; i++) {
    nanosleep(&(struct timespec){0, 1000000}, NULL);
    CHECK(launch_once());
  }
  CHECK(wpi_pool_spinning() > 0);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    /* no worker of the child exists yet, let alone spins */
    int ok = wpi_pool_spinning() == 0;
    ok &= launch_once(); /* starts the child's workers */
    wp_shutdown();
    ok &= wpi_pool_spinning() == 0; /* and they are gone */
    _exit(ok ? 0 : 1);
  }
  int status = -1;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  wp_shutdown(); /* joins the spinning workers */
  CHECK(wpi_pool_spinning() == 0);
  return check_report(NULL);
}
