/* pool.c - the CPU thread pool that runs a launch's thread range in chunks,
 * or hands the chunks to the application's task system. */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

/* The limits are public (<warp/launch.h>): WP_MAX_THREADS threads at most
 * (more is a typo in WARP_NUM_THREADS, not a machine); launches of fewer
 * than WP_INLINE_BELOW threads run on the caller (waking workers costs more
 * than the work); WP_CHUNKS_PER_THREAD chunks per thread: several, so a
 * thread that finishes early takes another (load balance), few, so each
 * range is long enough for the vectorized per-range loop the compiler
 * emits. */
#define POOL_MAX_THREADS WP_MAX_THREADS

/* One launch split into chunks.  Lives on the launching thread's stack; the
 * launcher takes it off the active list and waits until every worker that
 * joined it has left before returning. */
typedef struct pool_job {
  wp_cpu_range_fn fn;
  const void *args;
  const wp_launch_bounds *bounds;
  wp_int64 chunk, nchunks;
  _Atomic wp_int64 next;  /* index of the next chunk to hand out */
  int helpers;            /* (lock) workers running the job's chunks now */
  pthread_cond_t left;    /* launcher: helpers reached 0 */
  struct pool_job *older; /* (lock) the active list: next older job */
  struct pool_job **prev; /* (lock) the link pointing at this job */
} pool_job;

/* All of the pool's state, guarded by `lock`, held only briefly: never
 * while a kernel runs, so launches from several application threads run
 * at once, each on its own job, with idle workers helping.  `running`
 * counts launches between their start and their return (pooled or handed
 * to a task system); a change of the pool (start, stop, resize, task
 * system) waits for it to reach 0 and marks itself in `changing`, and
 * launches wait while a change is under way or waiting (`waiting`), so a
 * stream of launches cannot starve it. */
static struct {
  pthread_mutex_t lock;
  pthread_cond_t wake; /* workers: a new job or stop */
  pthread_cond_t idle; /* changers and launchers: running/changing moved */
  int requested;       /* wp_set_num_threads value, 0 = default */
  int started;         /* workers were started (maybe none) */
  int nworkers;        /* threads besides the launching one */
  pthread_t *workers;  /* written by the changer only */
  pool_job *jobs;      /* active jobs, newest first */
  int running;         /* launches under way */
  int changing;        /* a thread is starting/stopping the workers */
  int waiting;         /* threads waiting to change the pool */
  int stop;            /* workers must exit */
  int has_ts;          /* a task system is set */
  wp_task_system ts;   /* the application's task system (has_ts) */
} P = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .wake = PTHREAD_COND_INITIALIZER,
    .idle = PTHREAD_COND_INITIALIZER,
};

/* Non-zero while this thread runs kernel code: a launch from inside a
 * kernel runs inline, since the pool (or task system) is busy with the
 * outer launch and waiting for it would deadlock. */
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

/* Online CPUs, 1..POOL_MAX_THREADS. */
static int cpu_count(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1)
    return 1;
  return cpus > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)cpus;
}

/* Threads (the launching one included) for a wp_set_num_threads value. */
static int resolve_threads(int requested) {
  if (requested > 0)
    return requested;
  int n = env_threads();
  return n > 0 ? n : cpu_count();
}

/* Runs chunk `c` of `j`. */
static void run_chunk(const pool_job *j, wp_int64 c) {
  wp_int64 size = j->bounds->size;
  wp_int64 begin = c * j->chunk;
  wp_int64 end = size - begin > j->chunk ? begin + j->chunk : size;
  j->fn(j->args, j->bounds, begin, end);
}

/* Takes chunks until none are left. */
static void run_ranges(pool_job *j) {
  in_kernel++;
  for (;;) {
    wp_int64 c = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
    if (c >= j->nchunks)
      break;
    run_chunk(j, c);
  }
  in_kernel--;
}

/* The active job with chunks left and the fewest helpers (so that workers
 * spread over concurrent launches), or NULL; lock held. */
static pool_job *pick_job(void) {
  pool_job *best = NULL;
  for (pool_job *j = P.jobs; j; j = j->older)
    if (atomic_load_explicit(&j->next, memory_order_relaxed) < j->nchunks &&
        (!best || j->helpers < best->helpers))
      best = j;
  return best;
}

/* A worker sleeps until an active job has chunks left, helps with it, and
 * looks again. */
static void *worker_main(void *arg) {
  (void)arg;
  pthread_mutex_lock(&P.lock);
  for (;;) {
    pool_job *j;
    while (!P.stop && !(j = pick_job()))
      pthread_cond_wait(&P.wake, &P.lock);
    if (P.stop)
      break;
    j->helpers++;
    pthread_mutex_unlock(&P.lock);
    run_ranges(j);
    pthread_mutex_lock(&P.lock);
    /* The launcher waits for this under the lock, so `j` lives until the
     * lock is released. */
    if (--j->helpers == 0 && !j->prev)
      pthread_cond_signal(&j->left);
  }
  pthread_mutex_unlock(&P.lock);
  return NULL;
}

/* After fork() only the forking thread exists in the child: forget the
 * parent's workers, jobs and launches so that the child's first launch
 * starts its own workers.  The lock is held across fork() so that the state
 * copied is consistent. */
static void fork_prepare(void) {
  pthread_mutex_lock(&P.lock);
}

static void fork_parent(void) {
  pthread_mutex_unlock(&P.lock);
}

static void fork_child(void) {
  free(P.workers);
  P.workers = NULL;
  P.nworkers = P.started = P.stop = 0;
  P.jobs = NULL;
  P.running = P.changing = P.waiting = 0;
  pthread_cond_init(&P.wake, NULL); /* parent waiters do not exist here */
  pthread_cond_init(&P.idle, NULL);
  pthread_mutex_unlock(&P.lock);
}

static void register_fork_handlers(void) {
  pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Takes the right to change the pool: waits until no launch runs and no
 * other change is under way.  Lock held (and held again on return). */
static void begin_change(void) {
  P.waiting++;
  while (P.running > 0 || P.changing)
    pthread_cond_wait(&P.idle, &P.lock);
  P.waiting--;
  P.changing = 1;
}

/* Lock held. */
static void end_change(void) {
  P.changing = 0;
  pthread_cond_broadcast(&P.idle);
}

/* Creates the workers; the caller holds the change (begin_change) and the
 * lock, which is released while threads are created.  A pthread_create
 * failure leaves fewer workers (maybe none: launches then run inline)
 * rather than failing launches that can still run correctly. */
static void start_workers(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  int want = resolve_threads(P.requested) - 1, n = 0;
  pthread_mutex_unlock(&P.lock);
  pthread_once(&once, register_fork_handlers);
  pthread_t *t = want > 0 ? calloc((size_t)want, sizeof *t) : NULL;
  /* Workers block all signals so that signals reach the user's threads. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  while (t && n < want && pthread_create(&t[n], NULL, worker_main, NULL) == 0)
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
}

/* Joins the workers; the caller holds the change and the lock (released
 * while joining).  No launch runs, so the job list is empty. */
static void stop_workers(void) {
  P.stop = 1;
  pthread_cond_broadcast(&P.wake);
  pthread_t *t = P.workers;
  int n = P.nworkers;
  pthread_mutex_unlock(&P.lock);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  free(t);
  pthread_mutex_lock(&P.lock);
  P.workers = NULL;
  P.nworkers = P.started = P.stop = 0;
}

/* Registers a launch (lock held): waits while the pool changes, starts the
 * workers on the first pooled launch. */
static void begin_launch(void) {
  while (P.changing || P.waiting)
    pthread_cond_wait(&P.idle, &P.lock);
  if (!P.started && !P.has_ts) {
    P.changing = 1;
    start_workers();
    end_change();
  }
  P.running++;
}

/* Lock held. */
static void end_launch(void) {
  if (--P.running == 0 && P.waiting)
    pthread_cond_broadcast(&P.idle);
}

static void init_job(pool_job *j, wp_cpu_range_fn fn, const void *args,
                     const wp_launch_bounds *bounds, wp_int64 threads) {
  wp_int64 size = bounds->size;
  j->fn = fn;
  j->args = args;
  j->bounds = bounds;
  /* ceil(size / chunks): at most `chunks` chunks, evenly sized */
  wp_int64 chunks = threads * WP_CHUNKS_PER_THREAD;
  j->chunk = size / chunks + (size % chunks != 0);
  j->nchunks = size / j->chunk + (size % j->chunk != 0);
  atomic_init(&j->next, 0);
}

/* Puts `j` on the active list, works on it too, takes it off and waits for
 * the workers that joined it; lock held (released while running). */
static void run_pooled(pool_job *j) {
  j->helpers = 0;
  pthread_cond_init(&j->left, NULL);
  j->older = P.jobs;
  if (P.jobs)
    P.jobs->prev = &j->older;
  j->prev = &P.jobs;
  P.jobs = j;
  pthread_cond_broadcast(&P.wake);
  pthread_mutex_unlock(&P.lock);

  run_ranges(j);

  pthread_mutex_lock(&P.lock);
  *j->prev = j->older;
  if (j->older)
    j->older->prev = j->prev;
  j->prev = NULL; /* off the list: the last helper out signals */
  while (j->helpers > 0)
    pthread_cond_wait(&j->left, &P.lock);
  pthread_cond_destroy(&j->left);
}

/* A task of the application's task system: chunk `index` of the job. */
static void run_task(void *data, int index) {
  pool_job *j = data;
  if (index < 0 || index >= j->nchunks)
    return; /* not ours to run: the task system passed a bad index */
  in_kernel++;
  run_chunk(j, index);
  in_kernel--;
}

static void run_inline(wp_cpu_range_fn fn, const void *args,
                       const wp_launch_bounds *bounds) {
  in_kernel++;
  fn(args, bounds, 0, bounds->size);
  in_kernel--;
}

void wpi_pool_run(wp_cpu_range_fn fn, const void *args,
                  const wp_launch_bounds *bounds) {
  if (bounds->size < WP_INLINE_BELOW || in_kernel) {
    run_inline(fn, args, bounds);
    return;
  }
  pool_job j;
  pthread_mutex_lock(&P.lock);
  begin_launch();
  if (P.has_ts) {
    /* Copied under the lock: wp_set_task_system waits for this launch. */
    wp_task_system ts = P.ts;
    pthread_mutex_unlock(&P.lock);
    init_job(&j, fn, args, bounds,
             ts.num_threads > 0 ? ts.num_threads : cpu_count());
    /* Counts as kernel code: what parallel_for calls on this thread (a
     * launch, wp_set_num_threads, ...) cannot wait for this launch. */
    in_kernel++;
    ts.parallel_for(ts.user, (int)j.nchunks, run_task, &j);
    in_kernel--;
    pthread_mutex_lock(&P.lock);
  } else if (P.nworkers == 0) {
    pthread_mutex_unlock(&P.lock);
    run_inline(fn, args, bounds);
    pthread_mutex_lock(&P.lock);
  } else {
    init_job(&j, fn, args, bounds, P.nworkers + 1);
    run_pooled(&j);
  }
  end_launch();
  pthread_mutex_unlock(&P.lock);
}

wp_status wp_set_num_threads(int n) {
  if (n < 0 || n > POOL_MAX_THREADS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_set_num_threads: %d is outside 0..%d", n,
                        POOL_MAX_THREADS);
  if (in_kernel)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "wp_set_num_threads: cannot be called from a kernel");
  /* Waits for running launches; the pool restarts with the new count on
   * the next launch. */
  pthread_mutex_lock(&P.lock);
  begin_change();
  if (P.started)
    stop_workers();
  P.requested = n;
  end_change();
  pthread_mutex_unlock(&P.lock);
  return WP_SUCCESS;
}

int wp_get_num_threads(void) {
  pthread_mutex_lock(&P.lock);
  int n;
  if (P.has_ts)
    n = P.ts.num_threads > 0 ? P.ts.num_threads : cpu_count();
  else if (P.started)
    n = P.nworkers + 1;
  else
    n = resolve_threads(P.requested);
  pthread_mutex_unlock(&P.lock);
  return n;
}

wp_status wp_set_task_system(const wp_task_system *ts) {
  if (ts && !ts->parallel_for)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_set_task_system: parallel_for is NULL");
  if (ts && (ts->num_threads < 0 || ts->num_threads > POOL_MAX_THREADS))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_set_task_system: num_threads %d is outside 0..%d",
                        ts->num_threads, POOL_MAX_THREADS);
  if (in_kernel)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "wp_set_task_system: cannot be called from a kernel");
  pthread_mutex_lock(&P.lock);
  begin_change();
  /* The built-in workers are not needed beside the application's threads;
   * they start again on the first launch after NULL restores the pool. */
  if (ts && P.started)
    stop_workers();
  P.has_ts = ts != NULL;
  if (ts)
    P.ts = *ts;
  end_change();
  pthread_mutex_unlock(&P.lock);
  return WP_SUCCESS;
}

void wp_shutdown(void) {
  if (in_kernel)
    return; /* the pool is running this very launch */
  pthread_mutex_lock(&P.lock);
  begin_change();
  if (P.started)
    stop_workers();
  end_change();
  pthread_mutex_unlock(&P.lock);
}
