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
 * Stream capture (fakecuda_graph.inc): a stream being captured records
 * launches into a fake graph (their parameters copied: the kernel must be
 * registered with its args size, fakecuda_register_kernel_args, else the
 * capture fails with CUDA_ERROR_INVALID_VALUE); cuGraphLaunch runs the
 * nodes through the registered emulations.  Module loads and cuMemAlloc
 * are "unsafe" during capture as the capture modes say (refused with
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED unless the thread's mode is
 * relaxed).  The legacy stream (NULL, 0x1) cannot be captured; the
 * per-thread stream (0x2) can.
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
  int captured_launches; /* launches added to a graph instead of run */
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
