/* cuda_internal.h - the CUDA driver API as libwarprt sees it (not public).
 *
 * libwarprt never includes <cuda.h> nor links libcuda: the few driver types
 * and functions it uses are declared here and looked up with dlsym in
 * libcuda.so.1 the first time a CUDA device is used (cuda_driver.c).  A
 * machine without the driver therefore runs CPU kernels unchanged, and
 * `nm libwarprt.a` shows no undefined cu* symbol.
 *
 * Values below are the driver's (cuda.h); they are part of its stable ABI.
 */
#ifndef WARPRT_CUDA_INTERNAL_H
#define WARPRT_CUDA_INTERNAL_H

#include "internal.h"

#include <stddef.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;

/* CUDA_KERNEL_NODE_PARAMS (the v1 layout, which the unsuffixed
 * cuGraphExecKernelNodeSetParams takes; cuda.h). */
typedef struct CUDA_KERNEL_NODE_PARAMS {
  CUfunction func;
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  void **kernelParams;
  void **extra;
} CUDA_KERNEL_NODE_PARAMS;

enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900,
  CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901,
  CUDA_ERROR_STREAM_CAPTURE_UNJOINED = 904,
};

/* CUstreamCaptureMode and CUstreamCaptureStatus */
enum {
  CU_STREAM_CAPTURE_MODE_GLOBAL = 0,
  CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1,
  CU_STREAM_CAPTURE_MODE_RELAXED = 2,
  CU_STREAM_CAPTURE_STATUS_NONE = 0,
  CU_STREAM_CAPTURE_STATUS_ACTIVE = 1,
};

/* cuEventCreate flags, cuMemHostAlloc flags */
enum { CU_EVENT_DISABLE_TIMING = 2, CU_MEMHOSTALLOC_PORTABLE = 1 };

enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
};

/* The driver entry points libwarprt calls.  Each is looked up under its
 * newest stable name first (cuMemAlloc_v2, ...), as <cuda.h> maps them. */
#define WPI_CUDA_FUNCTIONS(X)                                                  \
  X(cuGetErrorName, (CUresult, const char **))                                 \
  X(cuGetErrorString, (CUresult, const char **))                               \
  X(cuInit, (unsigned))                                                        \
  X(cuDeviceGetCount, (int *))                                                 \
  X(cuDeviceGet, (CUdevice *, int))                                            \
  X(cuDeviceGetName, (char *, int, CUdevice))                                  \
  X(cuDeviceGetAttribute, (int *, int, CUdevice))                              \
  X(cuDevicePrimaryCtxRetain, (CUcontext *, CUdevice))                         \
  X(cuCtxPushCurrent, (CUcontext))                                             \
  X(cuCtxPopCurrent, (CUcontext *))                                            \
  X(cuCtxSynchronize, (void))                                                  \
  X(cuMemAlloc, (CUdeviceptr *, size_t))                                       \
  X(cuMemFree, (CUdeviceptr))                                                  \
  X(cuMemcpyHtoD, (CUdeviceptr, const void *, size_t))                         \
  X(cuMemcpyDtoH, (void *, CUdeviceptr, size_t))                               \
  X(cuMemcpyDtoD, (CUdeviceptr, CUdeviceptr, size_t))                          \
  X(cuMemcpyPeer, (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t))    \
  X(cuMemcpyHtoDAsync, (CUdeviceptr, const void *, size_t, CUstream))          \
  X(cuMemcpyDtoHAsync, (void *, CUdeviceptr, size_t, CUstream))                \
  X(cuMemcpyDtoDAsync, (CUdeviceptr, CUdeviceptr, size_t, CUstream))           \
  X(cuMemcpyPeerAsync,                                                         \
    (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t, CUstream))        \
  X(cuMemsetD8, (CUdeviceptr, unsigned char, size_t))                          \
  X(cuMemsetD16, (CUdeviceptr, unsigned short, size_t))                        \
  X(cuMemsetD32, (CUdeviceptr, unsigned int, size_t))                          \
  X(cuModuleLoadData, (CUmodule *, const void *))                              \
  X(cuModuleGetFunction, (CUfunction *, CUmodule, const char *))               \
  X(cuFuncGetAttribute, (int *, int, CUfunction))                              \
  X(cuLaunchKernel,                                                            \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuStreamCreate, (CUstream *, unsigned))                                    \
  X(cuStreamDestroy, (CUstream))                                               \
  X(cuStreamSynchronize, (CUstream))                                           \
  X(cuEventCreate, (CUevent *, unsigned))                                      \
  X(cuEventRecord, (CUevent, CUstream))                                        \
  X(cuEventSynchronize, (CUevent))                                             \
  X(cuEventElapsedTime, (float *, CUevent, CUevent))                           \
  X(cuEventDestroy, (CUevent))                                                 \
  /* optional: NULL when the driver lacks them (see WPI_CUDA_OPTIONAL) */      \
  X(cuStreamWaitEvent, (CUstream, CUevent, unsigned))                          \
  X(cuMemGetInfo, (size_t *, size_t *))                                        \
  X(cuMemHostAlloc, (void **, size_t, unsigned))                               \
  X(cuMemFreeHost, (void *))                                                   \
  X(cuMemAllocAsync, (CUdeviceptr *, size_t, CUstream))                        \
  X(cuMemFreeAsync, (CUdeviceptr, CUstream))                                   \
  X(cuMemsetD8Async, (CUdeviceptr, unsigned char, size_t, CUstream))           \
  X(cuStreamBeginCapture, (CUstream, int))                                     \
  X(cuStreamEndCapture, (CUstream, CUgraph *))                                 \
  X(cuStreamGetCaptureInfo, (CUstream, int *, unsigned long long *, CUgraph *, \
                             const CUgraphNode **, size_t *))                  \
  X(cuThreadExchangeStreamCaptureMode, (int *))                                \
  X(cuGraphInstantiateWithFlags, (CUgraphExec *, CUgraph, unsigned long long)) \
  X(cuGraphLaunch, (CUgraphExec, CUstream))                                    \
  X(cuGraphExecKernelNodeSetParams,                                            \
    (CUgraphExec, CUgraphNode, const CUDA_KERNEL_NODE_PARAMS *))               \
  X(cuGraphExecDestroy, (CUgraphExec))                                         \
  X(cuGraphDestroy, (CUgraph))

typedef struct wpi_cuda_api {
#define WPI_CUDA_FIELD(name, params) CUresult(*name) params;
  WPI_CUDA_FUNCTIONS(WPI_CUDA_FIELD)
#undef WPI_CUDA_FIELD
} wpi_cuda_api;

/* Functions from cuStreamWaitEvent on are optional: a driver without them
 * still loads, the field is NULL, and what needs one fails with
 * wpi_cuda_missing(). */

/* Sets WP_ERROR_NOT_SUPPORTED, "<what>: the CUDA driver lacks <name> (driver
 * too old?)", and returns it. */
wp_status wpi_cuda_missing(const char *what, const char *name);

/* The loaded driver table, or NULL when libcuda.so.1 cannot be loaded (or
 * lacks a function); then *why (if non-NULL) is set to a static message
 * "the CUDA driver (libcuda.so.1) is not available: <dlerror>".  Loads the
 * library on the first call (thread-safe); never calls cuInit. */
const wpi_cuda_api *wpi_cuda_driver(const char **why);

/* "CUDA_ERROR_OUT_OF_MEMORY: out of memory" for a driver result, from the
 * driver's own tables when loaded; writes into buf and returns it. */
#define WPI_CUDA_ERROR_MAX 256
const char *wpi_cuda_error_text(CUresult r, char buf[WPI_CUDA_ERROR_MAX]);

/* Sets WP_ERROR_CUDA (WP_ERROR_OUT_OF_MEMORY for CUDA_ERROR_OUT_OF_MEMORY)
 * with the message "<printf(fmt)>: CUDA_ERROR_X: text" and returns it. */
wp_status wpi_cuda_fail(CUresult r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* What libwarprt knows of one CUDA device. */
typedef struct wpi_cuda_device {
  int ordinal;       /* N of cuda:N */
  CUdevice handle;   /* from cuDeviceGet */
  int arch;          /* compute capability as 10 * major + minor */
  int max_block;     /* threads per block */
  int max_grid_x;    /* blocks in grid dimension x */
  char name[256];    /* "NVIDIA H200" */
  CUcontext context; /* primary context, NULL until first use */
} wpi_cuda_device;

/* Why `device` (> 0) cannot be used, or NULL when it can.  On failure
 * *status is WP_ERROR_NO_DEVICE and the returned static or thread-local text
 * names the reason (no driver, cuInit failed, index out of range with the
 * device count).  Loads and initialises the driver on first use. */
const char *wpi_cuda_unusable(wp_device device, wp_status *status);

/* Makes the primary context of CUDA device `device` current on this thread
 * (retaining it on first use) and gives its description.  Errors as
 * wpi_check_device, prefixed with `what`.  Every successful enter is paired
 * with one wpi_cuda_leave. */
wp_status wpi_cuda_enter(wp_device device, const char *what,
                         const wpi_cuda_api **api, wpi_cuda_device **dev);
void wpi_cuda_leave(void);

/* The primary context of CUDA device `device` (retained on first use),
 * without making it current.  Errors as wpi_cuda_enter. */
wp_status wpi_cuda_context(wp_device device, const char *what, CUcontext *out);

/* Device memory (cuda_memory.c).  `device` is a CUDA device; `what` starts
 * messages.  Allocations are zero-filled and never NULL (0 bytes takes 1). */
wp_status wpi_cuda_alloc(wp_device device, wp_size bytes, void **out,
                         const char *what);
void wpi_cuda_free(wp_device device, void *ptr);
/* Sets `count` elements of `esize` bytes at `dst` to the bytes at `value`
 * (zero when value is NULL).  Ordered on the device's default stream. */
wp_status wpi_cuda_fill(wp_device device, void *dst, const void *value,
                        wp_size esize, wp_size count, const char *what);
/* Copies `bytes` between any two devices, at least one of them CUDA.
 * `async` non-zero enqueues on `stream` (a stream of the CUDA side: dst's
 * device when dst is CUDA, else src's); otherwise the copy is synchronous
 * with respect to the host as cuMemcpy* are. */
wp_status wpi_cuda_copy(wp_device dst_device, void *dst, wp_device src_device,
                        const void *src, wp_size bytes, int async, void *stream,
                        const char *what);
/* Waits until every copy on `stream` of `device` finished. */
wp_status wpi_cuda_stream_wait(wp_device device, void *stream,
                               const char *what);

/* The CUDA function `entry` of kernel `kernel` on the current context of
 * `dev` (cuda_module.c): the kernel's fatbin is loaded once per device and
 * cached.  Error messages start with "kernel <name>".  With `optional`
 * non-zero an entry the module lacks (CUDA_ERROR_NOT_FOUND) is no error:
 * *out is NULL (and the miss is cached). */
wp_status wpi_cuda_function(wpi_cuda_device *dev, const wp_kernel_desc *kernel,
                            const char *entry, int optional, CUfunction *out);

/* Writes what a fatbin image holds ("cubins for sm_75 and sm_90, and PTX
 * for compute_90") into buf; "" when the image is not a fatbin it can read. */
const char *wpi_fatbin_describe(const void *image, char *buf, size_t n);

/* Launches `kernel` on the CUDA device of `launch` (cuda_launch.c); the
 * arguments were checked by wp_launch_kernel. */
wp_status wpi_cuda_launch(const wp_launch *launch, const wp_kernel_desc *kernel,
                          wp_int32 backward, const void *args,
                          const wp_launch_bounds *bounds);

/* Called by wpi_cuda_launch after a successful cuLaunchKernel while
 * wpi_graph_busy(): when the launch went into this thread's capture, notes
 * its kernel node for updates (graph_cuda.c).  A failure is remembered and
 * reported by wp_capture_end. */
void wpi_graph_cuda_launched(const wp_launch *launch,
                             const wp_kernel_desc *kernel, wp_int32 backward,
                             const void *args, const wp_launch_bounds *bounds,
                             CUfunction fn, unsigned grid, unsigned block);

#endif
