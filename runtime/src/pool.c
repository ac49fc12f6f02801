/* pool.c - the CPU thread pool that runs a launch's thread range in chunks. */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

/* More threads than this is a typo in WARP_NUM_THREADS, not a machine. */
#define POOL_MAX_THREADS 1024
/* Launches smaller than this run on the caller: waking workers costs more
 * than the work. */
#define POOL_INLINE_BELOW 1024
/* Chunks per thread: several, so a thread that finishes early takes another
 * (load balance), few, so each range is long enough for the vectorized
 * per-range loop the compiler emits. */
#define CHUNKS_PER_THREAD 4

/* One pooled launch.  Lives on the launching thread's stack; the launcher
 * waits until every worker has checked out before returning. */
typedef struct pool_job {
  wp_cpu_range_fn fn;
  const void *args;
  const wp_launch_bounds *bounds;
  wp_int64 chunk, nchunks;
  _Atomic wp_int64 next; /* index of the next chunk to hand out */
} pool_job;

/* All of the pool's state.  launch_lock is held for a whole pooled launch
 * and while workers start or stop, so launches from different user threads
 * run one after the other; lock guards the fields workers read and is held
 * only briefly.  Fields marked (both) change only with both locks held, so
 * either lock is enough to read them.  Lock order: launch_lock, then lock. */
static struct {
  pthread_mutex_t launch_lock;
  pthread_mutex_t lock;
  pthread_cond_t wake;  /* workers: a new job or stop */
  pthread_cond_t done;  /* launcher: busy reached 0 */
  int requested;        /* (both) wp_set_num_threads value, 0 = default */
  int started;          /* (both) workers were started (maybe none) */
  int nworkers;         /* (both) threads besides the launching one */
  pthread_t *workers;   /* (both) */
  uintptr_t generation; /* (both) bumped once per job */
  pool_job *job;        /* (lock) the current job */
  int busy;             /* (lock) workers not yet done with the job */
  int stop;             /* (lock) workers must exit */
} P = {
    .launch_lock = PTHREAD_MUTEX_INITIALIZER,
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .wake = PTHREAD_COND_INITIALIZER,
    .done = PTHREAD_COND_INITIALIZER,
};

/* Non-zero while this thread runs kernel code: a launch from inside a
 * kernel runs inline, since the pool is busy with the outer launch (taking
 * launch_lock again would deadlock). */
static _Thread_local int in_kernel;

/* WARP_NUM_THREADS as a positive integer, or 0 when unset or malformed. */
static int env_threads(void) {
  const char *s = getenv("WARP_NUM_THREADS");
  if (!s || !*s)
    return 0;
  char *end;
  errno = 0;
  long n = strtol(s, &end, 10);
  if (errno || *end || n < 1)
    return 0;
  return n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n;
}

/* Threads (the launching one included) for a wp_set_num_threads value. */
static int resolve_threads(int requested) {
  if (requested > 0)
    return requested;
  int n = env_threads();
  if (n > 0)
    return n;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1)
    return 1;
  return cpus > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)cpus;
}

/* Takes chunks until none are left. */
static void run_ranges(pool_job *j) {
  wp_int64 size = j->bounds->size;
  in_kernel++;
  for (;;) {
    wp_int64 c = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
    if (c >= j->nchunks)
      break;
    wp_int64 begin = c * j->chunk;
    wp_int64 end = size - begin > j->chunk ? begin + j->chunk : size;
    j->fn(j->args, j->bounds, begin, end);
  }
  in_kernel--;
}

/* A worker sleeps until the generation moves past the last job it ran.  It
 * starts from the generation current when it was created, so a job
 * dispatched before it first takes the lock is not missed. */
static void *worker_main(void *arg) {
  uintptr_t seen = (uintptr_t)arg;
  pthread_mutex_lock(&P.lock);
  for (;;) {
    while (!P.stop && P.generation == seen)
      pthread_cond_wait(&P.wake, &P.lock);
    if (P.stop)
      break;
    seen = P.generation;
    pool_job *j = P.job;
    pthread_mutex_unlock(&P.lock);
    run_ranges(j);
    pthread_mutex_lock(&P.lock);
    if (--P.busy == 0)
      pthread_cond_signal(&P.done);
  }
  pthread_mutex_unlock(&P.lock);
  return NULL;
}

/* After fork() only the forking thread exists in the child: forget the
 * parent's workers so that the child's first launch starts its own.  The
 * locks are held across fork() so that the state copied is consistent. */
static void fork_prepare(void) {
  pthread_mutex_lock(&P.launch_lock);
  pthread_mutex_lock(&P.lock);
}

static void fork_parent(void) {
  pthread_mutex_unlock(&P.lock);
  pthread_mutex_unlock(&P.launch_lock);
}

static void fork_child(void) {
  free(P.workers);
  P.workers = NULL;
  P.nworkers = P.started = P.busy = P.stop = 0;
  P.job = NULL;
  pthread_cond_init(&P.wake, NULL); /* parent waiters do not exist here */
  pthread_cond_init(&P.done, NULL);
  fork_parent();
}

static void register_fork_handlers(void) {
  pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Creates the workers; launch_lock held.  A pthread_create failure leaves
 * fewer workers (maybe none: launches then run inline) rather than failing
 * launches that can still run correctly. */
static void start_workers(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, register_fork_handlers);
  int want = resolve_threads(P.requested) - 1, n = 0;
  pthread_t *t = want > 0 ? calloc((size_t)want, sizeof *t) : NULL;
  /* Workers block all signals so that signals reach the user's threads. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  while (t && n < want &&
         pthread_create(&t[n], NULL, worker_main, (void *)P.generation) == 0)
    n++;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (n == 0) {
    free(t);
    t = NULL;
  }
  pthread_mutex_lock(&P.lock);
  P.workers = t;
  P.nworkers = n;
  P.started = 1;
  pthread_mutex_unlock(&P.lock);
}

/* Joins the workers; launch_lock held, so no job is running. */
static void stop_workers(void) {
  pthread_mutex_lock(&P.lock);
  P.stop = 1;
  pthread_cond_broadcast(&P.wake);
  pthread_mutex_unlock(&P.lock);
  for (int i = 0; i < P.nworkers; i++)
    pthread_join(P.workers[i], NULL);
  pthread_mutex_lock(&P.lock);
  free(P.workers);
  P.workers = NULL;
  P.nworkers = P.started = P.stop = 0;
  pthread_mutex_unlock(&P.lock);
}

/* Hands `j` to the workers, works on it too, and waits for all of them. */
static void run_pooled(pool_job *j) {
  pthread_mutex_lock(&P.lock);
  P.job = j;
  P.busy = P.nworkers;
  P.generation++;
  pthread_cond_broadcast(&P.wake);
  pthread_mutex_unlock(&P.lock);

  run_ranges(j);

  pthread_mutex_lock(&P.lock);
  while (P.busy > 0)
    pthread_cond_wait(&P.done, &P.lock);
  P.job = NULL;
  pthread_mutex_unlock(&P.lock);
}

static void run_inline(wp_cpu_range_fn fn, const void *args,
                       const wp_launch_bounds *bounds) {
  in_kernel++;
  fn(args, bounds, 0, bounds->size);
  in_kernel--;
}

void wpi_pool_run(wp_cpu_range_fn fn, const void *args,
                  const wp_launch_bounds *bounds) {
  if (bounds->size < POOL_INLINE_BELOW || in_kernel) {
    run_inline(fn, args, bounds);
    return;
  }
  pthread_mutex_lock(&P.launch_lock);
  if (!P.started)
    start_workers();
  if (P.nworkers == 0) {
    pthread_mutex_unlock(&P.launch_lock);
    run_inline(fn, args, bounds);
    return;
  }
  wp_int64 size = bounds->size, threads = P.nworkers + 1;
  pool_job j = {.fn = fn, .args = args, .bounds = bounds};
  j.chunk = size / (threads * CHUNKS_PER_THREAD);
  if (j.chunk < 1)
    j.chunk = 1;
  j.nchunks = size / j.chunk + (size % j.chunk != 0);
  atomic_init(&j.next, 0);
  run_pooled(&j);
  pthread_mutex_unlock(&P.launch_lock);
}

wp_status wp_set_num_threads(int n) {
  if (n < 0 || n > POOL_MAX_THREADS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_set_num_threads: %d is outside 0..%d", n,
                        POOL_MAX_THREADS);
  if (in_kernel)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "wp_set_num_threads: cannot be called from a kernel");
  /* Waits for a running launch (launch_lock); the pool restarts with the
   * new count on the next launch. */
  pthread_mutex_lock(&P.launch_lock);
  if (P.started)
    stop_workers();
  pthread_mutex_lock(&P.lock);
  P.requested = n;
  pthread_mutex_unlock(&P.lock);
  pthread_mutex_unlock(&P.launch_lock);
  return WP_SUCCESS;
}

int wp_get_num_threads(void) {
  pthread_mutex_lock(&P.lock);
  int started = P.started, workers = P.nworkers, requested = P.requested;
  pthread_mutex_unlock(&P.lock);
  return started ? workers + 1 : resolve_threads(requested);
}

void wp_shutdown(void) {
  if (in_kernel)
    return; /* the pool is running this very launch */
  pthread_mutex_lock(&P.launch_lock);
  if (P.started)
    stop_workers();
  pthread_mutex_unlock(&P.launch_lock);
}
