/* fakecuda.h - hooks of the fake CUDA driver (test/fakecuda/fakecuda.c).
 *
 * fakecuda is built as a shared library named libcuda.so.1 and found by
 * libwarprt's dlopen through LD_LIBRARY_PATH, so the runtime's CUDA paths
 * run on machines without a GPU.  "Device memory" is host memory; launches
 * are recorded and, for kernels a test registered, emulated on the CPU with
 * the real grid and block (grid-stride loops included).
 *
 * Environment (read when the library is loaded):
 *   FAKECUDA_MODE      ok (default) | nodevice (cuInit fails with
 *                      CUDA_ERROR_NO_DEVICE) | nobinary (cuModuleLoadData
 *                      fails with CUDA_ERROR_NO_BINARY_FOR_GPU) | oldptx
 *                      (... CUDA_ERROR_UNSUPPORTED_PTX_VERSION) | launchfail
 *                      (cuLaunchKernel: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES) |
 *                      oom (cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY)
 *   FAKECUDA_DEVICES   number of devices (default 2)
 *   FAKECUDA_ARCH      compute capability as 10 * major + minor (default 86)
 *   FAKECUDA_MAX_GRID  maximum grid dimension x (default 2147483647)
 *   FAKECUDA_MEMPOOLS  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED (default 1;
 *                      0: cuMemAllocAsync fails)
 *
 * Module functions: cuModuleGetFunction finds every name except those
 * starting with "missing" and those ending in "_1d" (a kernel's 1-D
 * companion entry, runtime/src/cuda_launch.c) that no test registered with
 * fakecuda_register_kernel: both fail with CUDA_ERROR_NOT_FOUND.
 *
 * Stream capture (fakecuda_graph.inc, fakecuda_streams.inc) follows the
 * driver's rules (the documentation of cuStreamBeginCapture,
 * cuThreadExchangeStreamCaptureMode and the CUDA programming guide's
 * "Prohibited and Unhandled Operations"):
 *   - a stream being captured records launches into a fake graph (their
 *     parameters copied: the kernel must be registered with its args size,
 *     fakecuda_register_kernel_args, else the launch fails with
 *     CUDA_ERROR_INVALID_VALUE); each node depends on its stream's tail (the
 *     nodes the stream's next operation depends on), cuStreamGetCaptureInfo
 *     returns that tail; cuGraphLaunch runs the nodes through the registered
 *     emulations in an order their dependencies allow, the newest ready node
 *     first, so a dependency the capture missed changes the results;
 *   - fork/join: cuEventRecord on a capturing stream makes the event stand
 *     for the stream's tail; cuStreamWaitEvent of such an event makes the
 *     waiting stream join that capture (its next nodes depend on the
 *     event's) or, already in it, adds the event's nodes to its tail;
 *     cuStreamEndCapture is for the origin stream only
 *     (CUDA_ERROR_STREAM_CAPTURE_UNMATCHED otherwise), ends the capture of
 *     every stream in it, and fails with CUDA_ERROR_STREAM_CAPTURE_UNJOINED
 *     (no graph) when a forked stream's tail is not an ancestor of the
 *     origin's (work not joined back); a stream of another capture waiting
 *     for the event: CUDA_ERROR_STREAM_CAPTURE_ISOLATION;
 *   - invalidation: these calls fail and invalidate the captures they
 *     conflict with; after it, launches and records on their streams fail
 *     with CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, cuStreamGetCaptureInfo
 *     says CU_STREAM_CAPTURE_STATUS_INVALIDATED, and cuStreamEndCapture
 *     returns CUDA_ERROR_STREAM_CAPTURE_INVALIDATED and no graph:
 *       * "potentially unsafe" calls (cuMemAlloc, cuModuleLoadData):
 *         CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED unless the calling thread's
 *         mode is relaxed, when this thread has a capture begun in global or
 *         thread-local mode, or (the thread's mode global) any thread has a
 *         capture begun in global mode: those captures are invalidated;
 *       * cuCtxSynchronize while a stream of the device is captured:
 *         CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
 *       * cuStreamSynchronize of a capturing stream:
 *         CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED; cuEventSynchronize of an
 *         event recorded in a capture under way: CUDA_ERROR_CAPTURED_EVENT;
 *       * the legacy stream's work (synchronous copies and memsets,
 *         launches, records, waits and synchronize on the legacy stream,
 *         ...Async calls given it) while a stream of the device is captured
 *         (the fake's streams are all blocking ones):
 *         CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
 *     cuStreamEndCapture from another thread than the one that began a
 *     global or thread-local capture: CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD.
 *   Not modelled: copies, memsets and stream-ordered allocations on a
 *   capturing stream run at once (no memcpy/memset/alloc nodes); waits for
 *   events recorded outside a capture add no dependency; the legacy stream
 *   (NULL, 0x1) cannot be captured, the per-thread stream (0x2) can; the
 *   fake refuses to destroy a stream that is in a capture
 *   (CUDA_ERROR_ILLEGAL_STATE).  Limits (CUDA_ERROR_OUT_OF_MEMORY past
 *   them): 8 dependencies per stream tail (FAKECUDA_MAX_DEPS), 16 streams
 *   per capture (FAKECUDA_MAX_JOINED), 32 captures at once
 *   (FAKECUDA_MAX_CAPTURES).
 *
 * Tests reach the hooks below with dlopen("libcuda.so.1", RTLD_NOLOAD) and
 * dlsym, after libwarprt has loaded the library.
 */
#ifndef FAKECUDA_H
#define FAKECUDA_H

#include <stddef.h>

#define FAKECUDA_MAX_DEVICES 8

typedef struct fakecuda_launch {
  char name[128]; /* entry name given to cuModuleGetFunction */
  int device;     /* ordinal of the current context */
  unsigned grid[3], block[3], shared;
  void *stream;
  void *params[2];          /* kernelParams[0], kernelParams[1] as passed */
  unsigned char bounds[48]; /* copy of *kernelParams[1] (wp_launch_bounds) */
  int extra_null;           /* the `extra` argument was NULL */
} fakecuda_launch;

typedef struct fakecuda_stats {
  int init_calls;
  int ctx_retains;             /* cuDevicePrimaryCtxRetain calls */
  int pushes, pops, max_depth; /* cuCtxPushCurrent / cuCtxPopCurrent */
  int no_context;              /* calls made with no current context */
  int bad_pointer;             /* memory calls outside any allocation */
  int allocs, frees, live_allocs;
  int memset8, memset16, memset32;
  int htod, dtoh, dtod, peer, async_copies;
  int module_loads, module_loads_on[FAKECUDA_MAX_DEVICES];
  int get_functions;
  int launches;
  int ctx_syncs, stream_syncs;
  int live_streams, live_events;
  int unsafe_refused;     /* calls refused during capture (module loads ...) */
  int stream_waits;       /* cuStreamWaitEvent */
  void *last_wait_stream; /* its stream */
  int host_allocs, live_host_allocs; /* cuMemHostAlloc / cuMemFreeHost */
  int async_allocs, async_frees;     /* cuMemAllocAsync / cuMemFreeAsync */
  int mode_exchanges;                /* cuThreadExchangeStreamCaptureMode */
  int captures_begun, last_capture_mode;
  int captured_launches;    /* launches added to a graph instead of run */
  int captures_invalidated; /* captures an illegal call invalidated */
  int implicit_refused;     /* device-wide calls refused during a capture */
  int unjoined_refused;     /* cuStreamEndCapture: CAPTURE_UNJOINED */
  int live_graphs, live_execs;
  int graph_launches, graph_nodes_run, node_updates;
  fakecuda_launch last; /* the last launch (captured ones included) */
} fakecuda_stats;

/* Emulation of a CUDA kernel: called by cuLaunchKernel with the kernel
 * params and the launch's grid and block (x components used). */
typedef void (*fakecuda_kernel_fn)(void **params, unsigned grid,
                                   unsigned block);

/* The hooks, as the test looks them up with dlsym. */
typedef void (*fakecuda_get_stats_fn)(fakecuda_stats *out);
typedef void (*fakecuda_register_fn)(const char *name, fakecuda_kernel_fn fn);
/* The same, with the size of kernelParams[0] (needed to capture it). */
typedef void (*fakecuda_register_args_fn)(const char *name,
                                          fakecuda_kernel_fn fn,
                                          size_t args_size);

#endif
