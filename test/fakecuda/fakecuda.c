/* fakecuda.c - a fake CUDA driver for testing libwarprt without a GPU.
 *
 * Built as build/test/fakecuda/libcuda.so.1 (cc -shared -fPIC) by
 * test/cli/cuda_fake_driver.sh.  It exports the driver entry points
 * libwarprt looks up, under the same names, and checks how they are used:
 * a current context for every call that needs one, pointers inside live
 * allocations, modules used only on the device they were loaded on.  See
 * fakecuda.h for the modes and the test hooks.
 *
 * This file holds the fake's state, devices and contexts, modules and
 * launches, and the test hooks; it includes the other parts, which share
 * its static state: fakecuda_memory.inc (allocations, copies, memsets),
 * fakecuda_streams.inc (streams and events) and fakecuda_graph.inc (stream
 * ordering, stream capture and graphs).
 */
#include "fakecuda.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_ILLEGAL_STATE = 401,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_UNMATCHED = 903,
  CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
  CUDA_ERROR_STREAM_CAPTURE_ISOLATION = 905,
  CUDA_ERROR_STREAM_CAPTURE_IMPLICIT = 906,
  CUDA_ERROR_CAPTURED_EVENT = 907,
  CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD = 908,
};

/* Limits of the fake's capture model (fakecuda.h). */
#define FAKECUDA_MAX_DEPS 8      /* nodes one captured operation depends on */
#define FAKECUDA_MAX_JOINED 16   /* streams in one capture, the origin too */
#define FAKECUDA_MAX_CAPTURES 32 /* captures under way at once */

enum { MODE_GLOBAL = 0, MODE_THREAD_LOCAL = 1, MODE_RELAXED = 2 };

#define EXPORT __attribute__((visibility("default")))

/* ---- state --------------------------------------------------------------- */

typedef struct ctx {
  int device;
} ctx;
typedef struct module {
  int device;
} module;
typedef struct function {
  module *mod;
  char name[128];
} function;
typedef struct graph graph;
typedef struct node node;
typedef struct stream {
  int device;
  graph *capture; /* the capture this stream is in (origin or joined) */
  /* the nodes the stream's next captured operation depends on */
  node *tail[FAKECUDA_MAX_DEPS];
  int ntail;
} stream;

/* A captured kernel launch: a graph node. */
struct node {
  int index; /* in its graph's nodes */
  function *fn;
  unsigned grid, block;
  size_t args_size;
  unsigned char *args; /* copy of kernelParams[0] */
  unsigned char bounds[48];
  node *deps[FAKECUDA_MAX_DEPS]; /* the nodes that run before it */
  int ndeps;
};
struct graph {
  int device;
  node **nodes;
  int n, cap;
  /* while captured: */
  int mode;              /* CU_STREAM_CAPTURE_MODE_* of the capture */
  unsigned long long id; /* cuStreamGetCaptureInfo's id */
  const void *owner;     /* &thread_token of the thread that began it */
  int invalidated;       /* an illegal call ended it (lock held to use) */
  stream *streams[FAKECUDA_MAX_JOINED]; /* [0]: the origin stream */
  int nstreams;
};
typedef struct exec {
  graph *g;
  node *nodes; /* the exec's own copies (updates change these only) */
} exec;
typedef struct event {
  int device, recorded;
  double ms;
  unsigned long long capture_id; /* recorded on a capturing stream: its id */
  node *deps[FAKECUDA_MAX_DEPS]; /* ... and the stream's nodes then */
  int ndeps;
} event;
typedef struct alloc {
  char *p;
  size_t n;
} alloc;

static struct {
  pthread_mutex_t lock;
  const char *mode;
  int ndevices, arch, max_grid;
  int initialised;
  ctx ctxs[FAKECUDA_MAX_DEVICES];
  int retained[FAKECUDA_MAX_DEVICES];
  alloc *allocs;
  size_t nallocs, cap;
  fakecuda_stats stats;
  struct {
    char name[128];
    fakecuda_kernel_fn fn;
    size_t args_size; /* 0: unknown (launches cannot be captured) */
  } kernels[32];
  int nkernels;
  graph *captures[FAKECUDA_MAX_CAPTURES]; /* captures under way */
  int mempools; /* CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED */
  struct {
    void *p;
  } host[64]; /* live cuMemHostAlloc blocks */
  unsigned long long next_capture_id;
} F = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The calling thread's context stack. */
static _Thread_local ctx *stack[16];
static _Thread_local int depth;
/* The calling thread's capture mode (cuThreadExchangeStreamCaptureMode),
 * a byte whose address names the thread, and its per-thread default
 * stream. */
static _Thread_local int thread_mode = MODE_GLOBAL;
static _Thread_local char thread_token;
static _Thread_local stream per_thread_stream;

static int env_int(const char *name, int dflt) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : dflt;
}

__attribute__((constructor)) static void fake_setup(void) {
  F.mode = getenv("FAKECUDA_MODE");
  if (!F.mode || !*F.mode)
    F.mode = "ok";
  F.ndevices = env_int("FAKECUDA_DEVICES", 2);
  if (F.ndevices > FAKECUDA_MAX_DEVICES)
    F.ndevices = FAKECUDA_MAX_DEVICES;
  F.arch = env_int("FAKECUDA_ARCH", 86);
  F.max_grid = env_int("FAKECUDA_MAX_GRID", 2147483647);
  F.mempools = env_int("FAKECUDA_MEMPOOLS", 1);
  for (int i = 0; i < FAKECUDA_MAX_DEVICES; i++)
    F.ctxs[i].device = i;
}

static int mode(const char *m) {
  return strcmp(F.mode, m) == 0;
}

static void lock(void) {
  pthread_mutex_lock(&F.lock);
}
static void unlock(void) {
  pthread_mutex_unlock(&F.lock);
}

/* The current context's device, or -1 (counted) when there is none. */
static int current_device(void) {
  if (depth > 0)
    return stack[depth - 1]->device;
  lock();
  F.stats.no_context++;
  unlock();
  return -1;
}

/* The stream behind a handle: NULL for the legacy default stream (NULL or
 * CU_STREAM_LEGACY, 0x1), the thread's own for CU_STREAM_PER_THREAD
 * (0x2), which belongs to the current context's device. */
static stream *as_stream(void *st) {
  if (st == NULL || st == (void *)0x1)
    return NULL;
  if (st == (void *)0x2) {
    per_thread_stream.device = depth > 0 ? stack[depth - 1]->device : -1;
    return &per_thread_stream;
  }
  return st;
}

/* Marks capture g invalidated (its cuStreamEndCapture will fail with
 * CUDA_ERROR_STREAM_CAPTURE_INVALIDATED).  Lock held. */
static void invalidate(graph *g) {
  if (!g->invalidated)
    F.stats.captures_invalidated++;
  g->invalidated = 1;
}

/* Whether capture g was invalidated (any thread may invalidate it). */
static int is_invalidated(graph *g) {
  lock();
  int v = g->invalidated;
  unlock();
  return v;
}

/* The capture under way with this id, or NULL.  Lock held. */
static graph *find_capture(unsigned long long id) {
  for (int i = 0; id && i < FAKECUDA_MAX_CAPTURES; i++)
    if (F.captures[i] && F.captures[i]->id == id)
      return F.captures[i];
  return NULL;
}

/* A "potentially unsafe" call (module loads, cuMemAlloc), as the driver's
 * capture modes say: refused with CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
 * invalidating the captures that forbid it, when the calling thread's mode
 * is not relaxed and this thread has a capture begun in a mode other than
 * relaxed, or (the thread's mode being global) any thread has a capture
 * begun in global mode. */
static CUresult unsafe_call(void) {
  if (thread_mode == MODE_RELAXED)
    return CUDA_SUCCESS;
  int refused = 0;
  lock();
  for (int i = 0; i < FAKECUDA_MAX_CAPTURES; i++) {
    graph *g = F.captures[i];
    if (g && ((g->owner == &thread_token && g->mode != MODE_RELAXED) ||
              (thread_mode == MODE_GLOBAL && g->mode == MODE_GLOBAL))) {
      invalidate(g);
      refused = 1;
    }
  }
  F.stats.unsafe_refused += refused;
  unlock();
  return refused ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
}

/* A call that would synchronise with every stream of device `dev`: the
 * legacy stream's work (synchronous copies and memsets, launches and
 * records on the legacy stream) or cuCtxSynchronize.  A capture under way
 * on a stream of that device (all the fake's streams are blocking ones)
 * cannot take part: the call fails with `code` and invalidates it. */
static CUresult device_wide_call(int dev, CUresult code) {
  int refused = 0;
  lock();
  for (int i = 0; i < FAKECUDA_MAX_CAPTURES; i++) {
    graph *g = F.captures[i];
    if (g && g->device == dev) {
      invalidate(g);
      refused = 1;
    }
  }
  F.stats.implicit_refused += refused;
  unlock();
  return refused ? code : CUDA_SUCCESS;
}
#define legacy_call(dev)                                                       \
  device_wide_call(dev, CUDA_ERROR_STREAM_CAPTURE_IMPLICIT)

/* Non-zero when [p, p + n) lies in one live allocation.  Lock held. */
static int in_alloc(const void *p, size_t n) {
  const char *c = p;
  for (size_t i = 0; i < F.nallocs; i++)
    if (c >= F.allocs[i].p && n <= F.allocs[i].n &&
        (size_t)(c - F.allocs[i].p) <= F.allocs[i].n - n)
      return 1;
  F.stats.bad_pointer++;
  return 0;
}

static int dev_ok(CUdeviceptr d, size_t n) {
  lock();
  int ok = in_alloc((const void *)(uintptr_t)d, n);
  unlock();
  return ok;
}

/* ---- errors -------------------------------------------------------------- */

static const struct {
  CUresult code;
  const char *name, *text;
} errors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for execution on the device"},
    {CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the provided PTX was compiled with an unsupported toolchain."},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE",
     "invalid resource handle"},
    {CUDA_ERROR_ILLEGAL_STATE, "CUDA_ERROR_ILLEGAL_STATE",
     "the operation cannot be performed in the present state"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
     "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
     "operation not permitted when stream is capturing"},
    {CUDA_ERROR_STREAM_CAPTURE_INVALIDATED,
     "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
     "operation failed due to a previous error during capture"},
    {CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED",
     "capture was not initiated in this stream"},
    {CUDA_ERROR_STREAM_CAPTURE_UNJOINED, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED",
     "capturing stream has unjoined work"},
    {CUDA_ERROR_STREAM_CAPTURE_ISOLATION, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION",
     "dependency created on uncaptured work in another stream"},
    {CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
     "operation would make the legacy stream depend on a capturing blocking "
     "stream"},
    {CUDA_ERROR_CAPTURED_EVENT, "CUDA_ERROR_CAPTURED_EVENT",
     "operation not permitted on an event last recorded in a capturing "
     "stream"},
    {CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD,
     "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
     "attempt to terminate a thread-local capture sequence from another "
     "thread"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
};

static CUresult lookup_error(CUresult r, const char **out, int text) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
    if (errors[i].code == r) {
      *out = text ? errors[i].text : errors[i].name;
      return CUDA_SUCCESS;
    }
  *out = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuGetErrorName(CUresult r, const char **s) {
  return lookup_error(r, s, 0);
}
EXPORT CUresult cuGetErrorString(CUresult r, const char **s) {
  return lookup_error(r, s, 1);
}

/* ---- devices and contexts ------------------------------------------------ */

EXPORT CUresult cuInit(unsigned flags) {
  lock();
  F.stats.init_calls++;
  unlock();
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (mode("nodevice"))
    return CUDA_ERROR_NO_DEVICE;
  F.initialised = 1;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetCount(int *n) {
  if (!F.initialised)
    return CUDA_ERROR_NOT_INITIALIZED;
  *n = F.ndevices;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  if (!F.initialised)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (ordinal < 0 || ordinal >= F.ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  *d = ordinal;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  if (d < 0 || d >= F.ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  snprintf(name, (size_t)len, "Fake CUDA Device %d", d);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d) {
  if (d < 0 || d >= F.ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  switch (attr) {
  case 1: *v = 1024; return CUDA_SUCCESS;         /* MAX_THREADS_PER_BLOCK */
  case 5: *v = F.max_grid; return CUDA_SUCCESS;   /* MAX_GRID_DIM_X */
  case 75: *v = F.arch / 10; return CUDA_SUCCESS; /* CC major */
  case 76: *v = F.arch % 10; return CUDA_SUCCESS; /* CC minor */
  case 115: *v = F.mempools; return CUDA_SUCCESS; /* MEMORY_POOLS_SUPPORTED */
  }
  return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuDevicePrimaryCtxRetain(void **out, CUdevice d) {
  if (d < 0 || d >= F.ndevices)
    return CUDA_ERROR_INVALID_DEVICE;
  lock();
  F.stats.ctx_retains++;
  F.retained[d]++;
  unlock();
  *out = &F.ctxs[d];
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxPushCurrent_v2(void *c) {
  if (!c || depth >= 16)
    return CUDA_ERROR_INVALID_CONTEXT;
  stack[depth++] = c;
  lock();
  F.stats.pushes++;
  if (depth > F.stats.max_depth)
    F.stats.max_depth = depth;
  unlock();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxPopCurrent_v2(void **out) {
  if (depth == 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  ctx *c = stack[--depth];
  if (out)
    *out = c;
  lock();
  F.stats.pops++;
  unlock();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxSynchronize(void) {
  int dev = current_device();
  if (dev < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  CUresult r = device_wide_call(dev, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  if (r != CUDA_SUCCESS)
    return r;
  lock();
  F.stats.ctx_syncs++;
  unlock();
  return CUDA_SUCCESS;
}

#include "fakecuda_memory.inc"

/* ---- modules and launches ------------------------------------------------ */

EXPORT CUresult cuModuleLoadData(void **out, const void *image) {
  int dev = current_device();
  if (dev < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  CUresult unsafe = unsafe_call();
  if (unsafe != CUDA_SUCCESS)
    return unsafe;
  lock();
  F.stats.module_loads++;
  F.stats.module_loads_on[dev]++;
  unlock();
  if (mode("nobinary"))
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  if (mode("oldptx"))
    return CUDA_ERROR_UNSUPPORTED_PTX_VERSION;
  uint32_t magic;
  memcpy(&magic, image, 4);
  if (magic != 0xBA55ED50u && !strstr(image, ".version"))
    return CUDA_ERROR_INVALID_IMAGE;
  module *m = malloc(sizeof *m);
  m->device = dev;
  *out = m;
  return CUDA_SUCCESS;
}

/* CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: functions named "*_lb128*"
 * report 128 (a kernel with launch_bounds=128), others 1024;
 * CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH (11): "*_cl4*" report 4 (a
 * kernel with cluster_dim=4), others 0. */
EXPORT CUresult cuFuncGetAttribute(int *out, int attr, void *fn) {
  function *f = fn;
  if (!f || (attr != 0 && attr != 11))
    return CUDA_ERROR_INVALID_VALUE;
  if (attr == 11) {
    *out = strstr(f->name, "_cl4") ? 4 : 0;
    return CUDA_SUCCESS;
  }
  *out = strstr(f->name, "_lb128") ? 128 : 1024;
  return CUDA_SUCCESS;
}

static fakecuda_kernel_fn find_kernel(const char *name, size_t *args_size);

EXPORT CUresult cuModuleGetFunction(void **out, void *mod, const char *name) {
  module *m = mod;
  int dev = current_device();
  if (dev < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!m || m->device != dev)
    return CUDA_ERROR_INVALID_HANDLE;
  if (strncmp(name, "missing", 7) == 0)
    return CUDA_ERROR_NOT_FOUND;
  /* a 1-D companion entry (NAME_1d) exists only when a test registered
     its emulation, so that tests of the general entry see it launched */
  size_t len = strlen(name);
  if (len > 3 && strcmp(name + len - 3, "_1d") == 0) {
    lock();
    fakecuda_kernel_fn k = find_kernel(name, NULL);
    unlock();
    if (!k)
      return CUDA_ERROR_NOT_FOUND;
  }
  function *f = calloc(1, sizeof *f);
  f->mod = m;
  snprintf(f->name, sizeof f->name, "%s", name);
  lock();
  F.stats.get_functions++;
  unlock();
  *out = f;
  return CUDA_SUCCESS;
}

/* The registered emulation of entry `name` and its args size.  Lock held. */
static fakecuda_kernel_fn find_kernel(const char *name, size_t *args_size) {
  for (int i = 0; i < F.nkernels; i++)
    if (strcmp(F.kernels[i].name, name) == 0) {
      if (args_size)
        *args_size = F.kernels[i].args_size;
      return F.kernels[i].fn;
    }
  if (args_size)
    *args_size = 0;
  return NULL;
}

/* Adds a launch to the graph stream sp captures, instead of running it:
 * a node that depends on the stream's tail, and is its tail from now on.
 * The parameters are copied now, as the driver does. */
static CUresult capture_launch(stream *sp, function *f, unsigned gx,
                               unsigned bx, void **params,
                               const fakecuda_launch *l) {
  graph *g = sp->capture;
  if (is_invalidated(g))
    return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
  size_t size = 0;
  lock();
  find_kernel(f->name, &size);
  unlock();
  if (size == 0) /* the fake cannot know how many bytes to copy */
    return CUDA_ERROR_INVALID_VALUE;
  node *n = calloc(1, sizeof *n);
  n->index = g->n;
  memcpy(n->deps, sp->tail, sizeof n->deps);
  n->ndeps = sp->ntail;
  sp->tail[0] = n;
  sp->ntail = 1;
  n->fn = f;
  n->grid = gx;
  n->block = bx;
  n->args_size = size;
  n->args = malloc(size);
  memcpy(n->args, params[0], size);
  memcpy(n->bounds, params[1], sizeof n->bounds);
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 16;
    g->nodes = realloc(g->nodes, (size_t)g->cap * sizeof *g->nodes);
  }
  g->nodes[g->n++] = n;
  lock();
  F.stats.captured_launches++;
  F.stats.last = *l;
  unlock();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz,
                               unsigned bx, unsigned by, unsigned bz,
                               unsigned shared, void *st, void **params,
                               void **extra) {
  function *f = fn;
  int dev = current_device();
  if (dev < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (!f || f->mod->device != dev)
    return CUDA_ERROR_INVALID_HANDLE; /* a module of another device */
  stream *sp = as_stream(st);
  if (sp && sp->device != dev)
    return CUDA_ERROR_INVALID_HANDLE;
  if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 ||
      bx * by * bz > 1024 || gx > (unsigned)F.max_grid || !params)
    return CUDA_ERROR_INVALID_VALUE;
  if (mode("launchfail"))
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  fakecuda_launch l = {.device = dev,
                       .grid = {gx, gy, gz},
                       .block = {bx, by, bz},
                       .shared = shared,
                       .stream = st,
                       .params = {params[0], params[1]},
                       .extra_null = extra == NULL};
  snprintf(l.name, sizeof l.name, "%s", f->name);
  memcpy(l.bounds, params[1], sizeof l.bounds);
  if (sp && sp->capture)
    return capture_launch(sp, f, gx, bx, params, &l);
  if (!sp) {
    CUresult r = legacy_call(dev);
    if (r != CUDA_SUCCESS)
      return r;
  }
  fakecuda_kernel_fn emulate = NULL;
  lock();
  F.stats.launches++;
  F.stats.last = l;
  emulate = find_kernel(f->name, NULL);
  unlock();
  if (emulate)
    emulate(params, gx, bx);
  return CUDA_SUCCESS;
}

#include "fakecuda_streams.inc"

#ifndef FAKECUDA_OMIT_GRAPHS /* a driver older than CUDA 11.3 */
#include "fakecuda_graph.inc"
#endif

/* ---- test hooks ---------------------------------------------------------- */

EXPORT void fakecuda_get_stats(fakecuda_stats *out) {
  lock();
  *out = F.stats;
  unlock();
}

EXPORT void fakecuda_register_kernel_args(const char *name,
                                          fakecuda_kernel_fn fn,
                                          size_t args_size) {
  lock();
  int i = 0; /* a name registered again replaces its entry */
  while (i < F.nkernels && strcmp(F.kernels[i].name, name) != 0)
    i++;
  if (i < 32) {
    snprintf(F.kernels[i].name, sizeof F.kernels[0].name, "%s", name);
    F.kernels[i].args_size = args_size;
    F.kernels[i].fn = fn;
    if (i == F.nkernels)
      F.nkernels++;
  }
  unlock();
}

EXPORT void fakecuda_register_kernel(const char *name, fakecuda_kernel_fn fn) {
  fakecuda_register_kernel_args(name, fn, 0);
}
