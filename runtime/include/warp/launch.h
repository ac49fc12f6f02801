/* warp/launch.h - launching kernels and the CPU thread pool.
 *
 * Generated launchers (`wp_status m_k(const wp_launch *launch, ...)`) check
 * their arguments and call wp_launch_kernel() (declared in <warp/abi.h>).
 * CPU launches split the linear thread range [0, product(dims)) into
 * contiguous chunks run by a pool of worker threads (or the application's
 * task system: wp_set_task_system); the call returns when all threads of the
 * launch have run.
 */
#ifndef WARP_LAUNCH_H
#define WARP_LAUNCH_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
/* A zeroed wp_launch (value-initialization in C++, {0} in C). */
#define WP_LAUNCH_ZERO_ wp_launch()
#else
#define WP_LAUNCH_ZERO_                                                        \
  { 0 }
#endif

/* The largest extent of one launch dimension: 2^31, so that every component
 * of wp.tid() (an int32, as in Warp) holds its largest index, dims[k] - 1.
 * wp_launch_kernel refuses a launch with a larger dims[k] with
 * WP_ERROR_INVALID_VALUE (the message names the launch dims) instead of
 * letting wp.tid() wrap negative.  The thread count, the product of the
 * dims, may exceed it (a (65536, 65536) launch runs 2^32 threads); it must
 * fit in int64.  Newer Warp refuses the same launches with a ValueError
 * (NVIDIA/warp issues 1799, 1815; warp-lang 1.10.1 still wraps).  Unlike
 * Warp, which checks only kernels that call wp.tid(), the limit applies to
 * every kernel: the runtime does not know which kernels call it. */
#define WP_LAUNCH_DIM_MAX ((wp_int64)1 << 31)

/* A 1-D launch of n threads on the CPU, returned by value, for C and C++:
 *   wp_launch launch = wp_launch_1d(n);
 *   launch.device = dev;                  (or any other field)
 *   particles_step(&launch, ...);
 * Every other field is zero (the CPU, default block size, no stream, no
 * tape). */
static inline wp_launch wp_launch_1d(wp_int64 n) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 1;
  l.dims[0] = n;
  return l;
}

/* A 2-D launch of n0 x n1 threads on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_2d(wp_int64 n0, wp_int64 n1) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 2;
  l.dims[0] = n0;
  l.dims[1] = n1;
  return l;
}

/* A 3-D launch of n0 x n1 x n2 threads on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_3d(wp_int64 n0, wp_int64 n1, wp_int64 n2) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 3;
  l.dims[0] = n0;
  l.dims[1] = n1;
  l.dims[2] = n2;
  return l;
}

/* A 4-D launch on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_4d(wp_int64 n0, wp_int64 n1, wp_int64 n2,
                                     wp_int64 n3) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 4;
  l.dims[0] = n0;
  l.dims[1] = n1;
  l.dims[2] = n2;
  l.dims[3] = n3;
  return l;
}

/* The launch macros WP_LAUNCH_1D .. WP_LAUNCH_4D (extents n0, n1, ...,
 * threads; every other field zero, as wp_launch_1d), as an argument of a
 * launcher in C and C++:
 *   particles_step(&WP_LAUNCH_1D(n), ...);
 *   wp_launch launch = WP_LAUNCH_2D(n0, n1);
 * In C they are compound literals, which live until the end of the
 * enclosing block.  In C++ (which has neither compound literals nor, before
 * C++20, designated initializers) they are a const lvalue of a temporary:
 * its address is valid until the end of the full expression, the launcher
 * call, so do not keep it (`const wp_launch *p = &WP_LAUNCH_1D(n);` dangles
 * in C++): store a wp_launch instead. */
#ifdef __cplusplus
}
/* Returns its argument: binds a temporary to an lvalue (C++ only). */
static inline const wp_launch &wp_launch_lvalue_(const wp_launch &l) {
  return l;
}
extern "C" {
#define WP_LAUNCH_1D(n) (wp_launch_lvalue_(wp_launch_1d(n)))
#define WP_LAUNCH_2D(n0, n1) (wp_launch_lvalue_(wp_launch_2d((n0), (n1))))
#define WP_LAUNCH_3D(n0, n1, n2)                                               \
  (wp_launch_lvalue_(wp_launch_3d((n0), (n1), (n2))))
#define WP_LAUNCH_4D(n0, n1, n2, n3)                                           \
  (wp_launch_lvalue_(wp_launch_4d((n0), (n1), (n2), (n3))))
#else
#define WP_LAUNCH_1D(n) ((wp_launch){.ndim = 1, .dims = {(n)}})
#define WP_LAUNCH_2D(n0, n1) ((wp_launch){.ndim = 2, .dims = {(n0), (n1)}})
#define WP_LAUNCH_3D(n0, n1, n2)                                               \
  ((wp_launch){.ndim = 3, .dims = {(n0), (n1), (n2)}})
#define WP_LAUNCH_4D(n0, n1, n2, n3)                                           \
  ((wp_launch){.ndim = 4, .dims = {(n0), (n1), (n2), (n3)}})
#endif

/* CPU launches.  A CPU launch of fewer than WP_INLINE_BELOW threads, and
 * any launch made from inside a kernel, runs on the calling thread.  Others
 * are split into contiguous, near-equal ranges (chunks) of linear thread
 * indices, each boundary on a multiple of 16 threads when the chunks are at
 * least 64 long, run by the built-in pool of worker threads or by the
 * application's task system (wp_set_task_system); the launch returns when
 * every chunk has run.  Launches from several application threads run at
 * the same time, each waiting only for its own chunks; idle workers help
 * whichever launches are under way.  Kernels of concurrent launches must
 * not wait for each other while wp_set_num_threads, wp_set_task_system or
 * wp_shutdown waits to change the pool (launches that start then wait for
 * the change).
 *
 * The built-in pool decides by the work, so that a pooled launch is never
 * slower than running it inline: it learns each CPU entry point's cost per
 * thread (forward and backward apart) from the time the launching thread
 * takes for its ranges, and estimates a launch's work as that cost times
 * its thread count.
 *   - Work under WP_POOL_MIN_WORK_US microseconds (or $WARP_POOL_MIN_WORK_US,
 *     read when the workers start; 0 pools every launch of WP_INLINE_BELOW
 *     threads or more) runs on the calling thread, as one range.
 *   - While a worker spins (below: it starts a chunk without being woken),
 *     the threshold is WP_POOL_MIN_WORK_HOT_NS nanoseconds instead, unless
 *     $WARP_POOL_MIN_WORK_US sets it: a stream of cheap launches (4096
 *     threads of saxpy) runs pooled once the workers spin, inline while
 *     they sleep.  A launch so pooled that takes longer than the estimate
 *     of running it inline (the spinning worker did not come: another
 *     process holds its core, or handing chunks to another core costs
 *     more than it saves on this machine; timed from the launch's start)
 *     turns this threshold off for the launching thread's next
 *     WP_POOL_HOT_BACKOFF launches.
 *   - Otherwise the launch is split into work / WP_POOL_CHUNK_MIN_US chunks
 *     (so that each is worth handing to another thread), at least 2 and at
 *     most WP_CHUNKS_PER_THREAD per thread (several, so that a thread that
 *     finishes early takes another; few, so that each range is long enough
 *     for the vectorized per-range loop), grouped in contiguous parts, one
 *     per thread taking part (at most 64 parts; threads share them beyond):
 *     the launching thread runs part 0 and worker w part w first, in order,
 *     then helps with the parts left (OpenMP's static schedule, with
 *     stealing): with the workers awake, each thread runs the same threads
 *     of every launch of the same size, whose data stays in its cache.
 *   - An entry point without a learned cost first runs the first
 *     1 / (threads * WP_CHUNKS_PER_THREAD) of the launch on the calling
 *     thread, timed, then twice as much, and so on until WP_POOL_PROBE_NS
 *     nanoseconds have passed (so that the clock's own cost does not count
 *     for much), then decides for the rest.  Costs are kept for the
 *     first 512 entry points a process launches; later ones are timed so at
 *     every launch.
 * A kernel whose cost per thread changes by orders of magnitude between
 * launches (an argument sets its loop count) is mispredicted for a few
 * launches: each pooled launch, and one in 8 of those run inline by this
 * rule (timing costs about 10% of the cheapest), updates the estimate
 * (averaged with the last, a sample counting as at most twice it: a launch
 * descheduled while timed moves it little; a pooled launch's sample only
 * lowers it: the workers beside the launching thread slow it down).
 *
 * Idle workers spin (with the CPU's pause instruction) for WP_SPIN_US
 * microseconds (or $WARP_SPIN_US, at most WP_SPIN_US_MAX, read when the
 * workers start; 0: no spinning) after their last chunk before sleeping, so
 * that a launch soon after another starts without waking a thread (a
 * launch whose chunks were all taken before a worker arrived does not end
 * its spin); the launching thread likewise spins up to that long for a
 * worker finishing a chunk.  So each pooled launch costs every worker up to
 * WP_SPIN_US of CPU time after it, and a program that launches nothing leaves
 * the workers asleep.
 *
 * With a task system set, the size alone decides: launches of
 * WP_INLINE_BELOW threads or more are split into
 * WP_CHUNKS_PER_THREAD * num_threads chunks and handed to it (its costs are
 * the application's). */
#define WP_INLINE_BELOW 1024
#define WP_CHUNKS_PER_THREAD 4
#define WP_POOL_MIN_WORK_US 10
#define WP_POOL_CHUNK_MIN_US 2
#define WP_POOL_MIN_WORK_HOT_NS 1500 /* nanoseconds */
#define WP_POOL_HOT_BACKOFF 64
#define WP_POOL_PROBE_NS 1000 /* nanoseconds */
#define WP_SPIN_US 50
#define WP_SPIN_US_MAX 1000000
/* The most threads wp_set_num_threads, $WARP_NUM_THREADS (larger values are
 * clamped to it) and wp_task_system.num_threads accept. */
#define WP_MAX_THREADS 1024

/* Sets the number of CPU threads used by later launches, the launching
 * thread included (1 <= n <= WP_MAX_THREADS; 0 restores the default:
 * $WARP_NUM_THREADS if set to a positive integer, else the number of online
 * CPUs).  Waits for running launches to finish; the workers restart with
 * the new count on the next launch.  With a task system set, it sets the
 * count the built-in pool uses once the task system is removed.  Returns
 * WP_ERROR_INVALID_VALUE for n outside 0..WP_MAX_THREADS and
 * WP_ERROR_NOT_SUPPORTED when called from inside a kernel. */
wp_status wp_set_num_threads(int n);

/* The number of CPU threads launches use: the task system's num_threads
 * when one is set (the number of online CPUs when that is 0), else the
 * built-in pool's (the launching thread included). */
int wp_get_num_threads(void);

/* A chunk of a launch, as handed to a task system: runs chunk `index` of
 * the launch `data` describes (opaque to the task system). */
typedef void (*wp_task_fn)(void *data, int index);

/* The application's task system, for CPU launches, so that kernels share
 * the application's threads instead of oversubscribing the cores beside
 * them (ISPC's ISPCLaunch/ISPCSync, Halide's halide_do_par_for, TBB's
 * parallel_for, an OpenMP `parallel for`: samples/openmp/).
 *
 * parallel_for(user, count, fn, data) must call fn(data, i) exactly once
 * for every i in [0, count), in any order, on any threads (the calling one
 * included), and return only when every call has returned; it cannot fail
 * (a task system that cannot start tasks runs them on the calling thread).
 * count is 1..WP_CHUNKS_PER_THREAD * num_threads (num_threads as below, the
 * number of online CPUs when 0) and at most the launch's thread count; each
 * fn call runs one contiguous range of the launch's threads.
 *   - Thread safety: launches from several application threads call
 *     parallel_for concurrently; a task system that cannot run two at once
 *     must be paired with launches from one thread at a time.
 *   - Reentrancy: fn never calls back into the task system: a launch made
 *     by a kernel (from inside fn) runs inline on fn's thread, so
 *     parallel_for is never nested inside its own tasks.  On the launching
 *     thread, parallel_for runs as kernel code does: a launch it makes
 *     runs inline, and wp_set_task_system and wp_set_num_threads return
 *     WP_ERROR_NOT_SUPPORTED.  Other threads must not change the task system
 *     or the pool and then wait for a task (the change waits for the
 *     launch: a deadlock).
 *   - Kernels see no difference: each fn call runs one contiguous range,
 *     as with the built-in pool.
 * Launches of fewer than WP_INLINE_BELOW threads run on the calling thread
 * without calling the task system.  `user` is passed through untouched. */
typedef struct wp_task_system {
  void (*parallel_for)(void *user, int count, wp_task_fn fn, void *data);
  void *user;
  /* Threads the task system runs tasks on (a hint, 0..WP_MAX_THREADS; 0:
   * the number of online CPUs): sets the chunk count and what
   * wp_get_num_threads returns. */
  int num_threads;
} wp_task_system;

/* Makes later CPU launches run their chunks through `ts` (copied: the
 * struct need not outlive the call; `ts->user` must stay valid while it is
 * set); NULL restores the built-in pool (the default).  Waits for running
 * launches to finish.  Setting a task system stops the built-in pool's
 * workers (they start again on the first launch after NULL).  Returns
 * WP_ERROR_INVALID_VALUE for a NULL ts->parallel_for or num_threads outside
 * 0..WP_MAX_THREADS, WP_ERROR_NOT_SUPPORTED when called from inside a
 * kernel. */
wp_status wp_set_task_system(const wp_task_system *ts);

/* Stops the worker threads (they restart on the next launch), after
 * waiting for running launches.  Optional; call at exit to make leak
 * checkers quiet.  A no-op when called from inside a kernel. */
void wp_shutdown(void);

#ifdef __cplusplus
}
#endif
#endif
