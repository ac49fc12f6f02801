/* cuda_driver.c - loading the CUDA driver (libcuda.so.1) with dlopen, and
 * turning its error codes into wp_status messages.
 *
 * Nothing here runs until a CUDA device is used: CPU-only programs never
 * dlopen anything.  $WARP_CUDA_DRIVER may name another library to load
 * instead of libcuda.so.1 (tests use it to force the no-driver path).
 */
#define _GNU_SOURCE /* secure_getenv */
#include "cuda_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DRIVER_NAME "libcuda.so.1"

/* Where each table entry comes from: the driver's names for it, newest
 * first.  A second name is given only when its signature is the same; the
 * pre-_v2 memory functions take 32-bit pointers and must never be used. */
static const struct {
  size_t offset;
  int optional; /* 1: left NULL when absent (newer functions, see below) */
  const char *names[2];
} symbols[] = {
#define SYM(field, ...)                                                        \
  {                                                                            \
    offsetof(wpi_cuda_api, field), 0, {                                        \
      __VA_ARGS__                                                              \
    }                                                                          \
  }
#define OPT(field, ...)                                                        \
  {                                                                            \
    offsetof(wpi_cuda_api, field), 1, {                                        \
      __VA_ARGS__                                                              \
    }                                                                          \
  }
    SYM(cuGetErrorName, "cuGetErrorName"),
    SYM(cuGetErrorString, "cuGetErrorString"),
    SYM(cuInit, "cuInit"),
    SYM(cuDeviceGetCount, "cuDeviceGetCount"),
    SYM(cuDeviceGet, "cuDeviceGet"),
    SYM(cuDeviceGetName, "cuDeviceGetName"),
    SYM(cuDeviceGetAttribute, "cuDeviceGetAttribute"),
    SYM(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
    SYM(cuCtxPushCurrent, "cuCtxPushCurrent_v2", "cuCtxPushCurrent"),
    SYM(cuCtxPopCurrent, "cuCtxPopCurrent_v2", "cuCtxPopCurrent"),
    SYM(cuCtxSynchronize, "cuCtxSynchronize"),
    SYM(cuMemAlloc, "cuMemAlloc_v2"),
    SYM(cuMemFree, "cuMemFree_v2"),
    SYM(cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
    SYM(cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
    SYM(cuMemcpyDtoD, "cuMemcpyDtoD_v2"),
    SYM(cuMemcpyPeer, "cuMemcpyPeer"),
    SYM(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
    SYM(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
    SYM(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2"),
    SYM(cuMemcpyPeerAsync, "cuMemcpyPeerAsync"),
    SYM(cuMemsetD8, "cuMemsetD8_v2"),
    SYM(cuMemsetD16, "cuMemsetD16_v2"),
    SYM(cuMemsetD32, "cuMemsetD32_v2"),
    SYM(cuModuleLoadData, "cuModuleLoadData"),
    SYM(cuModuleGetFunction, "cuModuleGetFunction"),
    SYM(cuFuncGetAttribute, "cuFuncGetAttribute"),
    SYM(cuLaunchKernel, "cuLaunchKernel"),
    SYM(cuStreamCreate, "cuStreamCreate"),
    SYM(cuStreamDestroy, "cuStreamDestroy_v2", "cuStreamDestroy"),
    SYM(cuStreamSynchronize, "cuStreamSynchronize"),
    SYM(cuEventCreate, "cuEventCreate"),
    SYM(cuEventRecord, "cuEventRecord"),
    SYM(cuEventSynchronize, "cuEventSynchronize"),
    SYM(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
    SYM(cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy"),
    /* Optional: streams ordering, memory info, pinned and stream-ordered
     * memory (CUDA 11.2+), stream capture and graphs (CUDA 11.4+:
     * cuStreamGetCaptureInfo_v2, cuGraphInstantiateWithFlags).  The unsuffixed
     * cuGraphExecKernelNodeSetParams takes the v1 CUDA_KERNEL_NODE_PARAMS of
     * cuda_internal.h. */
    OPT(cuStreamWaitEvent, "cuStreamWaitEvent"),
    OPT(cuMemGetInfo, "cuMemGetInfo_v2"),
    OPT(cuMemHostAlloc, "cuMemHostAlloc"),
    OPT(cuMemFreeHost, "cuMemFreeHost"),
    OPT(cuMemAllocAsync, "cuMemAllocAsync"),
    OPT(cuMemFreeAsync, "cuMemFreeAsync"),
    OPT(cuMemsetD8Async, "cuMemsetD8Async"),
    OPT(cuStreamBeginCapture, "cuStreamBeginCapture_v2"),
    OPT(cuStreamEndCapture, "cuStreamEndCapture"),
    OPT(cuStreamGetCaptureInfo, "cuStreamGetCaptureInfo_v2"),
    OPT(cuThreadExchangeStreamCaptureMode, "cuThreadExchangeStreamCaptureMode"),
    OPT(cuGraphInstantiateWithFlags, "cuGraphInstantiateWithFlags"),
    OPT(cuGraphLaunch, "cuGraphLaunch"),
    OPT(cuGraphExecKernelNodeSetParams, "cuGraphExecKernelNodeSetParams"),
    OPT(cuGraphExecDestroy, "cuGraphExecDestroy"),
    OPT(cuGraphDestroy, "cuGraphDestroy"),
#undef SYM
#undef OPT
};

/* every field of wpi_cuda_api has its names above (a missing one would be
 * left NULL and crash at its first call) */
#define WPI_COUNT(name, params) +1
_Static_assert(sizeof symbols / sizeof symbols[0] ==
                   0 WPI_CUDA_FUNCTIONS(WPI_COUNT),
               "cuda_driver.c: symbols[] and WPI_CUDA_FUNCTIONS disagree");
#undef WPI_COUNT

static struct {
  pthread_once_t once;
  int loaded;       /* the table is complete */
  wpi_cuda_api api; /* written once, read-only afterwards */
  char error[512];  /* why it is not loaded */
} D = {.once = PTHREAD_ONCE_INIT};

static void load_driver(void) {
  const char *path = secure_getenv("WARP_CUDA_DRIVER");
  if (!path || !*path)
    path = DRIVER_NAME;
  dlerror();
  /* RTLD_LOCAL: the driver's symbols must not satisfy anyone else's. */
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *e = dlerror();
    snprintf(D.error, sizeof D.error,
             "the CUDA driver (%s) is not available: %s", path,
             e ? e : "dlopen failed");
    return;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
    void *fn = NULL;
    for (int k = 0; k < 2 && !fn && symbols[i].names[k]; k++)
      fn = dlsym(lib, symbols[i].names[k]);
    if (!fn && symbols[i].optional)
      continue; /* the field stays NULL: wpi_cuda_missing() when used */
    if (!fn) {
      snprintf(D.error, sizeof D.error,
               "the CUDA driver (%s) is not available: it lacks %s (driver "
               "too old?)",
               path, symbols[i].names[0]);
      dlclose(lib);
      return;
    }
    /* POSIX guarantees a data pointer from dlsym converts to a function
     * pointer; memcpy says so without a cast ISO C frowns upon. */
    memcpy((char *)&D.api + symbols[i].offset, &fn, sizeof fn);
  }
  D.loaded = 1; /* the library stays loaded for the life of the process */
}

const wpi_cuda_api *wpi_cuda_driver(const char **why) {
  pthread_once(&D.once, load_driver);
  if (D.loaded)
    return &D.api;
  if (why)
    *why = D.error;
  return NULL;
}

wp_status wpi_cuda_missing(const char *what, const char *name) {
  return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                      "%s: the CUDA driver lacks %s (driver too old?)", what,
                      name);
}

const char *wpi_cuda_error_text(CUresult r, char buf[WPI_CUDA_ERROR_MAX]) {
  const char *name = NULL, *text = NULL;
  const wpi_cuda_api *api = wpi_cuda_driver(NULL);
  if (api) {
    if (api->cuGetErrorName(r, &name) != CUDA_SUCCESS)
      name = NULL;
    if (api->cuGetErrorString(r, &text) != CUDA_SUCCESS)
      text = NULL;
  }
  if (name && text)
    snprintf(buf, WPI_CUDA_ERROR_MAX, "%s: %s", name, text);
  else if (name)
    snprintf(buf, WPI_CUDA_ERROR_MAX, "%s", name);
  else
    snprintf(buf, WPI_CUDA_ERROR_MAX, "CUDA error %d", (int)r);
  return buf;
}

wp_status wpi_cuda_fail(CUresult r, const char *fmt, ...) {
  char what[512] = "", err[WPI_CUDA_ERROR_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  wp_status st =
      r == CUDA_ERROR_OUT_OF_MEMORY ? WP_ERROR_OUT_OF_MEMORY : WP_ERROR_CUDA;
  return wp_set_error(st, "%s: %s", what, wpi_cuda_error_text(r, err));
}
