/* pool.c - the CPU thread pool that runs a launch's thread range in chunks,
 * or hands the chunks to the application's task system. */
#include "internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* The limits are public (<warp/launch.h>): WP_MAX_THREADS threads at most
 * (more is a typo in WARP_NUM_THREADS, not a machine); launches of fewer
 * than WP_INLINE_BELOW threads run on the caller (waking workers costs more
 * than the work); WP_CHUNKS_PER_THREAD chunks per thread at most: several,
 * so a thread that finishes early takes another (load balance), few, so
 * each range is long enough for the vectorized per-range loop the compiler
 * emits; fewer when the work is small (the cost rule, wpi_pool_chunks). */
#define POOL_MAX_THREADS WP_MAX_THREADS
/* One inline launch in POOL_SAMPLE is timed to update the cost. */
#define POOL_SAMPLE 8

/* A pooled launch is split into at most POOL_MAX_PARTS parts (more
 * threads share parts), so that its job fits on the launching thread's
 * stack; each part's counter has a cache line of its own, so that the
 * threads claiming chunks of different parts do not slow each other. */
#define POOL_MAX_PARTS WPI_POOL_MAX_PARTS
#define POOL_LINE 64
/* Chunk boundaries fall on multiples of POOL_ALIGN linear thread indices
 * when the chunks are at least 4 times as long: neighbouring chunks of a
 * dense float32 array then share no cache line (no false sharing between
 * the threads writing them) and each range starts on a vector boundary. */
#define POOL_ALIGN 16
/* Tries, a pause apart, at taking the pool's lock before sleeping on it. */
#define POOL_LOCK_TRIES 100

typedef struct pool_part {
  _Alignas(POOL_LINE) _Atomic wp_int64 next; /* next chunk of the part */
} pool_part;

/* One launch split into `nparts` contiguous parts of `per_part` chunks
 * each (chunk c covers threads [chunk_bound(c), chunk_bound(c + 1))).
 * Participant k (the launching thread 0, worker w) runs the chunks of part
 * k % nparts first, in order, then helps with the others: with workers
 * awake, each thread runs the same contiguous part of every launch of the
 * same size (OpenMP's static schedule: its data stays in its cache), and a
 * late or busy worker's chunks are taken by the others.  Lives on the
 * launching thread's stack; the launcher takes it off the active list and
 * waits until every worker that joined it has left before returning. */
typedef struct pool_job {
  wp_cpu_range_fn fn;
  const void *args;
  const wp_launch_bounds *bounds;
  wp_int64 base;     /* first thread of chunk 0 (after a probe) */
  wp_int64 nchunks;  /* nparts * per_part */
  wp_int64 per_part; /* chunks per part */
  int nparts;
  int align;           /* boundaries on multiples of POOL_ALIGN */
  wp_int64 hot_ns;     /* pooled by the hot threshold only: the estimate of its
                          time inline (ns), else 0 */
  wp_int64 start_ns;   /* (hot_ns) when the launch began (now_ns) */
  _Atomic int helpers; /* workers running the job's chunks now, plus
                          POOL_WAITING while its launcher sleeps on
                          P.left (joined under the lock, left without) */
  struct pool_job *older; /* (lock) the active list: next older job */
  struct pool_job **prev; /* (lock) the link pointing at this job */
  pool_part part[POOL_MAX_PARTS];
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
  pthread_cond_t wake;  /* workers: a new job or stop */
  pthread_cond_t idle;  /* changers and launchers: running/changing moved */
  pthread_cond_t left;  /* launchers: the last helper left a job */
  int requested;        /* wp_set_num_threads value, 0 = default */
  int started;          /* workers were started (maybe none) */
  int nworkers;         /* threads besides the launching one */
  pthread_t *workers;   /* written by the changer only */
  pool_job *jobs;       /* active jobs, newest first */
  int running;          /* launches under way */
  int changing;         /* a thread is starting/stopping the workers */
  int waiting;          /* threads waiting to change the pool */
  int stop;             /* workers must exit */
  int sleeping;         /* workers waiting on `wake` */
  wp_int64 spin_ns;     /* how long an idle worker spins (started) */
  wp_int64 min_work_ns; /* the inline/pooled threshold (started) */
  /* min_work_ns while the built-in pool has workers and the rule is on,
   * else 0: launches read it without the lock to run inline at once */
  _Atomic wp_int64 rule_ns;
  /* the threshold while a worker spins (started): WP_POOL_MIN_WORK_HOT_NS
   * or, when $WARP_POOL_MIN_WORK_US sets the threshold, that one */
  _Atomic wp_int64 hot_ns;
  int has_ts;        /* a task system is set */
  wp_task_system ts; /* the application's task system (has_ts) */
  /* On a cache line of their own, away from the fields written under the
   * lock at every launch: spinning workers read `posted` in a loop, and
   * launches read `spinning`. */
  _Alignas(POOL_LINE) _Atomic wp_uint64 posted; /* jobs posted (and stops):
                                                   spinners watch it */
  _Atomic int spinning; /* workers spinning for a job now */
  char pad_[POOL_LINE - sizeof(wp_uint64) - sizeof(int)];
} P = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .wake = PTHREAD_COND_INITIALIZER,
    .idle = PTHREAD_COND_INITIALIZER,
    .left = PTHREAD_COND_INITIALIZER,
};

/* The bit of pool_job.helpers its launcher sets before it sleeps on
 * P.left: the last helper out then wakes it. */
#define POOL_WAITING (1 << 30)

/* The pool's thread-local state, in one object: the runtime is also
 * built position-independent, where each thread-local object's address
 * costs a call (__tls_get_addr) on the launch path. */
static _Thread_local struct {
  /* Non-zero while this thread runs kernel code: a launch from inside a
   * kernel runs inline, since the pool (or task system) is busy with the
   * outer launch and waiting for it would deadlock. */
  int in_kernel;
  /* This thread's place among a job's participants: 0 for a launching
   * thread, w for worker w (1..nworkers); it runs part `index % nparts`
   * first. */
  int index;
  /* Launches of this thread left that the hot threshold does not apply to
   * (WP_POOL_HOT_BACKOFF after one it pooled took longer than the
   * estimate of running it inline). */
  int hot_backoff;
  /* Launches this thread ran inline by the cost rule: one in POOL_SAMPLE
   * is timed to update the kernel's cost. */
  unsigned inline_launches;
} T;

static wp_int64 now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (wp_int64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* One pause of a spin loop: tells the core (and a hyperthread sibling)
 * that this is a busy-wait. */
static inline void cpu_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

/* The first thread of chunk c of `j` (0 <= c <= nchunks): the split of
 * [base, size) into nchunks near-equal ranges, each boundary rounded down
 * to a multiple of POOL_ALIGN when j->align. */
static wp_int64 chunk_bound(const pool_job *j, wp_int64 c) {
  wp_int64 end = j->bounds->size, n = j->nchunks;
  if (c >= n)
    return end;
  wp_int64 size = end - j->base;
  /* size * c / n without overflow: (size % n) * c < n * n */
  wp_int64 b = j->base + (size / n) * c + (size % n) * c / n;
  if (j->align) {
    b &= ~(wp_int64)(POOL_ALIGN - 1);
    b = b < j->base ? j->base : b;
  }
  return b;
}

/* Runs chunk `c` of `j`; the number of threads it ran. */
static wp_int64 run_chunk(const pool_job *j, wp_int64 c) {
  wp_int64 begin = chunk_bound(j, c), end = chunk_bound(j, c + 1);
  if (begin < end)
    j->fn(j->args, j->bounds, begin, end);
  return end - begin;
}

/* Whether a part of `j` has chunks left to claim. */
static int job_has_chunks(pool_job *j) {
  for (int p = 0; p < j->nparts; p++)
    if (atomic_load_explicit(&j->part[p].next, memory_order_relaxed) <
        j->per_part)
      return 1;
  return 0;
}

/* Takes chunks, those of its own part first, then the others', until none
 * are left; the number of threads it ran. */
static wp_int64 run_ranges(pool_job *j) {
  wp_int64 ran = 0;
  int first = T.index % j->nparts;
  T.in_kernel++;
  for (int k = 0; k < j->nparts; k++) {
    int p = first + k < j->nparts ? first + k : first + k - j->nparts;
    for (;;) {
      wp_int64 c =
          atomic_fetch_add_explicit(&j->part[p].next, 1, memory_order_relaxed);
      if (c >= j->per_part)
        break;
      ran += run_chunk(j, (wp_int64)p * j->per_part + c);
    }
  }
  T.in_kernel--;
  return ran;
}

/* Spins (pausing) until `*word` differs from `seen` or the clock reaches
 * `deadline` (ns, now_ns); whether it changed.  The clock is read every 64
 * pauses. */
static int spin_while_equal(_Atomic wp_uint64 *word, wp_uint64 seen,
                            wp_int64 deadline) {
  if (now_ns() >= deadline)
    return 0;
  for (;;) {
    for (int i = 0; i < 64; i++) {
      if (atomic_load_explicit(word, memory_order_relaxed) != seen)
        return 1;
      cpu_pause();
    }
    if (now_ns() >= deadline)
      return 0;
  }
}

/* The active job with chunks left and the fewest helpers (so that workers
 * spread over concurrent launches), or NULL; lock held. */
static pool_job *pick_job(void) {
  pool_job *best = NULL;
  for (pool_job *j = P.jobs; j; j = j->older)
    if ((!best || j->helpers < best->helpers) && job_has_chunks(j))
      best = j;
  return best;
}

/* Tries to take P.lock for up to POOL_LOCK_TRIES pauses; whether it did.
 * The lock is held for a few list operations at a time, so this rarely
 * fails, and taking it so costs no system call on either side (a waiter
 * that sleeps on a glibc mutex costs its owner a futex wake at unlock). */
static int pool_trylock(void) {
  for (int i = 0; i < POOL_LOCK_TRIES; i++) {
    if (pthread_mutex_trylock(&P.lock) == 0)
      return 1;
    cpu_pause();
  }
  return 0;
}

/* Takes P.lock: spinning first (pool_trylock), then sleeping. */
static void pool_lock(void) {
  if (!pool_trylock())
    pthread_mutex_lock(&P.lock);
}

/* An idle worker spins until a job is posted after `seen` or the clock
 * reaches `deadline`, counted in P.spinning meanwhile; whether one was. */
static int spin_idle(wp_uint64 seen, wp_int64 deadline) {
  atomic_fetch_add_explicit(&P.spinning, 1, memory_order_relaxed);
  int changed = spin_while_equal(&P.posted, seen, deadline);
  atomic_fetch_sub_explicit(&P.spinning, 1, memory_order_relaxed);
  return changed;
}

/* A worker leaves job `j` (no lock held); `j` may be gone once its
 * helpers count reaches 0, so it is not touched after the decrement. */
static void leave_job(pool_job *j) {
  if (atomic_fetch_sub(&j->helpers, 1) == (POOL_WAITING | 1)) {
    pthread_mutex_lock(&P.lock);
    pthread_cond_broadcast(&P.left);
    pthread_mutex_unlock(&P.lock);
  }
}

/* A worker waits until an active job has chunks left, helps with it, and
 * looks again.  Idle, it spins for up to P.spin_ns after its last chunk (a
 * job posted then starts without a system call on either side; a job
 * posted but finished before it arrives does not end the spin), then
 * sleeps on `wake`.  After a job, a worker that finds the lock taken (the
 * launcher taking its job off the list) spins for the next job instead of
 * sleeping on the lock; jobs are always found by the look under the lock
 * before it sleeps. */
static void *worker_main(void *arg) {
  T.index = (int)(intptr_t)arg;
  wp_int64 deadline = -1; /* the end of this idle spell's spin; -1: none */
  pthread_mutex_lock(&P.lock);
  for (;;) {
    pool_job *j = NULL;
    if (P.stop)
      break;
    if (!(j = pick_job())) {
      if (deadline < 0)
        deadline = now_ns() + P.spin_ns;
      wp_uint64 seen = atomic_load(&P.posted);
      pthread_mutex_unlock(&P.lock);
      int posted = spin_idle(seen, deadline);
      pool_lock();
      if (posted)
        continue; /* look again */
      while (!P.stop && !(j = pick_job())) {
        P.sleeping++;
        pthread_cond_wait(&P.wake, &P.lock);
        P.sleeping--;
      }
      if (P.stop)
        break;
    }
    atomic_fetch_add(&j->helpers, 1);
    wp_uint64 seen = atomic_load(&P.posted);
    wp_int64 spin = P.spin_ns;
    pthread_mutex_unlock(&P.lock);
    run_ranges(j);
    leave_job(j);
    deadline = now_ns() + spin;
    if (!pool_trylock()) {
      spin_idle(seen, deadline);
      pool_lock();
    }
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
  atomic_store(&P.rule_ns, 0);
  atomic_store(&P.spinning, 0); /* the parent's spinners are not here */
  P.jobs = NULL;
  P.running = P.changing = P.waiting = P.sleeping = 0;
  pthread_cond_init(&P.wake, NULL); /* parent waiters do not exist here */
  pthread_cond_init(&P.idle, NULL);
  pthread_cond_init(&P.left, NULL);
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
  int want = wpi_pool_threads(P.requested) - 1, n = 0;
  /* Before the workers start: they read spin_ns. */
  P.spin_ns = wpi_env_uint("WARP_SPIN_US", WP_SPIN_US, WP_SPIN_US_MAX) * 1000;
  P.min_work_ns =
      wpi_env_uint("WARP_POOL_MIN_WORK_US", WP_POOL_MIN_WORK_US, 1000000000) *
      1000;
  const char *set = getenv("WARP_POOL_MIN_WORK_US");
  atomic_store(&P.hot_ns,
               (set && *set) || P.min_work_ns < WP_POOL_MIN_WORK_HOT_NS
                   ? P.min_work_ns
                   : WP_POOL_MIN_WORK_HOT_NS);
  pthread_mutex_unlock(&P.lock);
  pthread_once(&once, register_fork_handlers);
  pthread_t *t = want > 0 ? calloc((size_t)want, sizeof *t) : NULL;
  /* Workers block all signals so that signals reach the user's threads. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  while (t && n < want &&
         pthread_create(&t[n], NULL, worker_main, (void *)(intptr_t)(n + 1)) ==
             0)
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
  atomic_store(&P.rule_ns, n > 0 ? P.min_work_ns : 0);
}

/* Joins the workers; the caller holds the change and the lock (released
 * while joining).  No launch runs, so the job list is empty. */
static void stop_workers(void) {
  P.stop = 1;
  atomic_fetch_add(&P.posted, 1); /* spinners look again */
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
  atomic_store(&P.rule_ns, 0);
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

/* A job over threads [base, bounds->size) in `parts` parts of `per_part`
 * chunks (parts <= POOL_MAX_PARTS; parts * per_part <= the thread count). */
static void init_job(pool_job *j, wp_cpu_range_fn fn, const void *args,
                     const wp_launch_bounds *bounds, wp_int64 base, int parts,
                     wp_int64 per_part) {
  j->fn = fn;
  j->args = args;
  j->bounds = bounds;
  j->base = base;
  j->nparts = parts;
  j->per_part = per_part;
  j->nchunks = (wp_int64)parts * per_part;
  j->align = (bounds->size - base) / j->nchunks >= 4 * POOL_ALIGN;
  for (int p = 0; p < parts; p++)
    atomic_init(&j->part[p].next, 0);
  atomic_init(&j->helpers, 0);
  j->hot_ns = 0;
}

/* Puts `j` on the active list, works on it too, takes it off and waits for
 * the workers that joined it; lock held (released while running).  Learns
 * the kernel's cost from the chunks the launching thread ran. */
static void run_pooled(pool_job *j) {
  j->older = P.jobs;
  if (P.jobs)
    P.jobs->prev = &j->older;
  j->prev = &P.jobs;
  P.jobs = j;
  int sleeping = P.sleeping;
  wp_int64 spin = P.spin_ns;
  pthread_mutex_unlock(&P.lock);
  /* After the unlock, so that a spinning worker that sees it finds the
   * lock free; a worker that looked before the job was listed sleeps on
   * `wake` already, and the broadcast reaches it. */
  atomic_fetch_add(&P.posted, 1);
  if (sleeping)
    pthread_cond_broadcast(&P.wake);

  wp_int64 t0 = now_ns();
  wp_int64 ran = run_ranges(j);
  wpi_pool_learn(j->fn, now_ns() - t0, ran, WPI_COST_POOLED);

  pool_lock();
  *j->prev = j->older; /* off the list: no worker joins it now */
  if (j->older)
    j->older->prev = j->prev;
  j->prev = NULL;
  if (atomic_load(&j->helpers) > 0) {
    /* a helper finishing its last chunk: wait for it spinning first */
    pthread_mutex_unlock(&P.lock);
    wp_int64 deadline = now_ns() + spin;
    while (atomic_load(&j->helpers) > 0 && now_ns() < deadline)
      for (int i = 0; i < 64 && atomic_load(&j->helpers) > 0; i++)
        cpu_pause();
    pthread_mutex_lock(&P.lock);
    if (atomic_fetch_or(&j->helpers, POOL_WAITING) != 0)
      while (atomic_load(&j->helpers) != POOL_WAITING)
        pthread_cond_wait(&P.left, &P.lock);
  }
  /* The hot threshold pooled it: slower than inline (the spinning worker
     did not come: another process holds its core; or handing a chunk to
     another core costs more than it saves here), it stops for a while.
     Timed from the launch's start: the lock, the job's set-up and the
     wait for the helpers count (timed from the chunks only, the launches
     of 4096 threads of a 3.3-us kernel stayed pooled at 4.6 us) */
  if (j->hot_ns && now_ns() - j->start_ns > j->hot_ns)
    T.hot_backoff = WP_POOL_HOT_BACKOFF;
}

/* A task of the application's task system: chunk `index` of the job. */
static void run_task(void *data, int index) {
  pool_job *j = data;
  if (index < 0 || index >= j->nchunks)
    return; /* not ours to run: the task system passed a bad index */
  T.in_kernel++;
  run_chunk(j, index);
  T.in_kernel--;
}

/* Runs threads [begin, end) on this thread. */
static void run_here(wp_cpu_range_fn fn, const void *args,
                     const wp_launch_bounds *bounds, wp_int64 begin,
                     wp_int64 end) {
  T.in_kernel++;
  fn(args, bounds, begin, end);
  T.in_kernel--;
}

static void run_inline(wp_cpu_range_fn fn, const void *args,
                       const wp_launch_bounds *bounds) {
  run_here(fn, args, bounds, 0, bounds->size);
}

/* The threshold of work under which a launch runs inline, for the
 * configured `min_ns`: P.hot_ns while a worker spins (it starts a chunk
 * without being woken). */
static wp_int64 rule_min_ns(wp_int64 min_ns) {
  if (T.hot_backoff == 0 &&
      atomic_load_explicit(&P.spinning, memory_order_relaxed) > 0) {
    wp_int64 hot = atomic_load_explicit(&P.hot_ns, memory_order_relaxed);
    return hot < min_ns ? hot : min_ns;
  }
  return min_ns;
}

int wpi_pool_spinning(void) {
  return atomic_load_explicit(&P.spinning, memory_order_relaxed);
}

/* Runs threads [base, size) here, as the rule decided; times one launch in
 * POOL_SAMPLE (two clock reads cost about 10% of the cheapest launch that
 * gets here). */
static void run_by_rule(wp_cpu_range_fn fn, const void *args,
                        const wp_launch_bounds *bounds, wp_int64 base) {
  if (T.inline_launches++ % POOL_SAMPLE) {
    run_here(fn, args, bounds, base, bounds->size);
  } else {
    wp_int64 t0 = now_ns();
    run_here(fn, args, bounds, base, bounds->size);
    wpi_pool_learn(fn, now_ns() - t0, bounds->size - base, WPI_COST_INLINE);
  }
}

/* A launch for the built-in pool of `threads` threads (lock held, released
 * while kernels run): inline or pooled by the kernel's cost (launch.h).
 * An entry point without a learned cost first runs the first chunk of the
 * default split on this thread, timed, and more until WP_POOL_PROBE_NS have
 * passed (a few threads of a cheap kernel take less time than reading the
 * clock: with 65 threads on 2 cores, 4 threads of a 1024-thread launch
 * measured 100 times their cost, and its launches stayed pooled at 500
 * times the inline time). */
static void run_builtin(pool_job *j, wp_cpu_range_fn fn, const void *args,
                        const wp_launch_bounds *bounds, int threads,
                        wp_int64 start_ns) {
  wp_int64 size = bounds->size, base = 0, min_ns = rule_min_ns(P.min_work_ns);
  wp_uint64 ps = wpi_pool_cost(fn);
  if (!ps && min_ns > 0) {
    pthread_mutex_unlock(&P.lock);
    wp_int64 most = (wp_int64)threads * WP_CHUNKS_PER_THREAD;
    wp_int64 step = size / most + (size % most != 0), t0 = now_ns(), ns;
    do { /* the default split's first chunk, then twice as much, ... */
      wp_int64 end = size - base <= step ? size : base + step;
      run_here(fn, args, bounds, base, end);
      base = end;
      step *= 2;
      ns = now_ns() - t0;
    } while (base < size && ns < WP_POOL_PROBE_NS);
    wpi_pool_learn(fn, ns, base, WPI_COST_INLINE);
    ps = wpi_pool_cost(fn);
    pthread_mutex_lock(&P.lock);
    if (base == size)
      return;
  }
  int parts;
  wp_int64 chunks = wpi_pool_chunks(size - base, threads, ps, min_ns, &parts);
  if (chunks == 1) {
    pthread_mutex_unlock(&P.lock);
    run_by_rule(fn, args, bounds, base);
    pthread_mutex_lock(&P.lock);
    return;
  }
  init_job(j, fn, args, bounds, base, parts, chunks / parts);
  double est_ns = (double)ps * (double)(size - base) / 1000.0;
  if (ps && est_ns < (double)P.min_work_ns) {
    j->hot_ns = (wp_int64)est_ns;
    j->start_ns = start_ns;
  }
  run_pooled(j);
}

static void run_registered(wp_cpu_range_fn fn, const void *args,
                           const wp_launch_bounds *bounds);

void wpi_pool_run(wp_cpu_range_fn fn, const void *args,
                  const wp_launch_bounds *bounds) {
  if (bounds->size < WP_INLINE_BELOW || T.in_kernel) {
    run_inline(fn, args, bounds);
    return;
  }
  /* The rule's inline decision for a kernel of known cost, without the
   * lock: such a launch costs what an inline one does.  (A pool change
   * under way does not wait for it, as for launches under
   * WP_INLINE_BELOW.) */
  wp_int64 rule_ns = atomic_load_explicit(&P.rule_ns, memory_order_relaxed);
  if (T.hot_backoff > 0)
    T.hot_backoff--;
  if (rule_ns > 0) {
    wp_uint64 ps = wpi_pool_cost(fn);
    if (ps && (double)ps * (double)bounds->size / 1000.0 <
                  (double)rule_min_ns(rule_ns)) {
      run_by_rule(fn, args, bounds, 0);
      return;
    }
  }
  run_registered(fn, args, bounds);
}

/* A launch past the lock-free decisions: registered under the lock, run
 * by the task system, inline or by the pool.  Out of line: its job (a
 * few kilobytes, cache-line aligned) is not set up for launches that run
 * inline at once. */
__attribute__((noinline)) static void
run_registered(wp_cpu_range_fn fn, const void *args,
               const wp_launch_bounds *bounds) {
  pool_job j;
  wp_int64 start_ns = now_ns(); /* (the hot threshold's check) */
  pool_lock();
  begin_launch();
  if (P.has_ts) {
    /* Copied under the lock: wp_set_task_system waits for this launch. */
    wp_task_system ts = P.ts;
    pthread_mutex_unlock(&P.lock);
    int threads = ts.num_threads > 0 ? ts.num_threads : wpi_cpu_count();
    wp_int64 count = (wp_int64)threads * WP_CHUNKS_PER_THREAD;
    init_job(&j, fn, args, bounds, 0, 1,
             count < bounds->size ? count : bounds->size);
    /* Counts as kernel code: what parallel_for calls on this thread (a
     * launch, wp_set_num_threads, ...) cannot wait for this launch. */
    T.in_kernel++;
    ts.parallel_for(ts.user, (int)j.nchunks, run_task, &j);
    T.in_kernel--;
    pthread_mutex_lock(&P.lock);
  } else if (P.nworkers == 0) {
    pthread_mutex_unlock(&P.lock);
    run_inline(fn, args, bounds);
    pthread_mutex_lock(&P.lock);
  } else {
    run_builtin(&j, fn, args, bounds, P.nworkers + 1, start_ns);
  }
  end_launch();
  pthread_mutex_unlock(&P.lock);
}

wp_status wp_set_num_threads(int n) {
  if (n < 0 || n > POOL_MAX_THREADS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_set_num_threads: %d is outside 0..%d", n,
                        POOL_MAX_THREADS);
  if (T.in_kernel)
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
    n = P.ts.num_threads > 0 ? P.ts.num_threads : wpi_cpu_count();
  else if (P.started)
    n = P.nworkers + 1;
  else
    n = wpi_pool_threads(P.requested);
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
  if (T.in_kernel)
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
  if (T.in_kernel)
    return; /* the pool is running this very launch */
  pthread_mutex_lock(&P.lock);
  begin_change();
  if (P.started)
    stop_workers();
  end_change();
  pthread_mutex_unlock(&P.lock);
}
