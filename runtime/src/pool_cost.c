/* pool_cost.c - the CPU pool's rule (<warp/launch.h>): the cost per
 * thread it learns for each CPU entry point, and the inline/pooled decision
 * and split that follows from it (wpi_pool_chunks).  The pool itself is
 * pool.c. */
#include "internal.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The learned cost per thread of the first POOL_COST_SLOTS CPU entry points
 * a process launches (pooled-size launches only); a later one is probed at
 * every launch (documented in <warp/launch.h>). */
#define POOL_COST_SLOTS 512

/* The learned costs: entry point -> picoseconds per thread (0: none yet).
 * Lock-free: launches read and update them without the pool's lock. */
static struct {
  _Atomic(wp_cpu_range_fn) fn;
  _Atomic wp_uint64 ps;
} costs[POOL_COST_SLOTS];

static size_t cost_hash(wp_cpu_range_fn fn) {
  wp_uint64 h = (wp_uint64)(uintptr_t)fn * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 40) % POOL_COST_SLOTS;
}

/* The slot of `fn`, claimed when `claim` and free; NULL when absent (or
 * the table is full). */
static size_t cost_slot(wp_cpu_range_fn fn, int claim, int *found) {
  size_t h = cost_hash(fn);
  for (size_t k = 0; k < POOL_COST_SLOTS; k++) {
    size_t i = (h + k) % POOL_COST_SLOTS;
    wp_cpu_range_fn cur =
        atomic_load_explicit(&costs[i].fn, memory_order_acquire);
    if (cur == fn) {
      *found = 1;
      return i;
    }
    if (!cur) {
      if (!claim)
        break;
      wp_cpu_range_fn none = NULL;
      if (atomic_compare_exchange_strong(&costs[i].fn, &none, fn) ||
          none == fn) {
        *found = 1;
        return i;
      }
    }
  }
  *found = 0;
  return 0;
}

wp_uint64 wpi_pool_cost(wp_cpu_range_fn fn) {
  int found;
  size_t i = cost_slot(fn, 0, &found);
  return found ? atomic_load_explicit(&costs[i].ps, memory_order_relaxed) : 0;
}

/* Sets the cost (WPI_COST_SET), else averages it with the known one, a sample
 * at most twice that: one launch descheduled while it was timed
 * (milliseconds, on a busy machine) must not send the next dozens of
 * launches of a cheap kernel to the pool.  A sample of a pooled launch
 * (the launching thread's ranges, slowed by the workers beside it: shared
 * caches, memory bandwidth, a busy machine) only lowers the cost, so that
 * it cannot keep a kernel that is cheap inline in the pool. */
static void learn_cost(wp_cpu_range_fn fn, wp_uint64 ps, int how) {
  int found;
  size_t i = cost_slot(fn, 1, &found);
  if (!found)
    return; /* table full: this entry point is probed at every launch */
  ps = ps ? ps : 1;
  wp_uint64 old = atomic_load_explicit(&costs[i].ps, memory_order_relaxed);
  if (old && how == WPI_COST_POOLED && ps >= old)
    return;
  if (old && how != WPI_COST_SET)
    ps = (old + (ps > 2 * old ? 2 * old : ps)) / 2;
  atomic_store_explicit(&costs[i].ps, ps, memory_order_relaxed);
}

void wpi_pool_set_cost(wp_cpu_range_fn fn, wp_uint64 ps_per_thread) {
  learn_cost(fn, ps_per_thread, WPI_COST_SET);
}

void wpi_pool_learn(wp_cpu_range_fn fn, wp_int64 ns, wp_int64 threads,
                    int how) {
  if (threads > 0 && ns >= 0)
    learn_cost(fn, (wp_uint64)((double)ns * 1000.0 / (double)threads), how);
}

wp_int64 wpi_pool_chunks(wp_int64 size, int threads, wp_uint64 ps_per_thread,
                         wp_int64 min_work_ns, int *parts_out) {
  if (parts_out)
    *parts_out = 1;
  if (size < 2 || threads < 2)
    return 1;
  wp_int64 parts = threads < WPI_POOL_MAX_PARTS ? threads : WPI_POOL_MAX_PARTS;
  /* chunks per part at most: WP_CHUNKS_PER_THREAD for each thread that
     shares the part */
  wp_int64 most = WP_CHUNKS_PER_THREAD * ((threads + parts - 1) / parts);
  if (ps_per_thread) {
    double est_ns = (double)ps_per_thread * (double)size / 1000.0;
    if (est_ns < (double)min_work_ns)
      return 1; /* inline */
    double by_work = est_ns / (WP_POOL_CHUNK_MIN_US * 1000.0);
    parts = by_work >= (double)parts ? parts : (wp_int64)by_work;
    parts = parts < 2 ? 2 : parts;
    double per = by_work / (double)parts;
    most = per >= (double)most ? most : per < 1 ? 1 : (wp_int64)per;
  }
  parts = parts > size ? size : parts;
  most = most > size / parts ? size / parts : most;
  if (parts_out)
    *parts_out = (int)parts;
  return parts * most;
}
