/* cuda_device.c - CUDA devices: discovery, primary contexts, and the public
 * device queries of <warp/device.h>.
 *
 * The driver is initialised once per process, on the first use of a CUDA
 * device; each device's primary context (the one the CUDA runtime and Warp
 * share) is retained on first use and kept for the life of the process.
 * Every driver call is made with the device's context pushed on the calling
 * thread and popped afterwards, so the user's own current context is never
 * disturbed.
 */
#include "cuda_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
  pthread_once_t once;
  pthread_mutex_t ctx_lock; /* guards devices[i].context */
  const wpi_cuda_api *api;  /* NULL when CUDA is unusable */
  char error[640];          /* why CUDA is unusable */
  int count;
  wpi_cuda_device *devices;
} C = {.once = PTHREAD_ONCE_INIT, .ctx_lock = PTHREAD_MUTEX_INITIALIZER};

/* Fills C.devices; on failure sets C.error and leaves C.api NULL. */
static void init_devices(const wpi_cuda_api *api) {
  char err[WPI_CUDA_ERROR_MAX];
  CUresult r = api->cuInit(0);
  if (r != CUDA_SUCCESS) {
    snprintf(C.error, sizeof C.error, "%s (cuInit: %s)",
             r == CUDA_ERROR_NO_DEVICE ? "no CUDA device is present"
                                       : "the CUDA driver failed to initialise",
             wpi_cuda_error_text(r, err));
    return;
  }
  int n = 0;
  if ((r = api->cuDeviceGetCount(&n)) != CUDA_SUCCESS) {
    snprintf(C.error, sizeof C.error,
             "the CUDA driver cannot count devices (cuDeviceGetCount: %s)",
             wpi_cuda_error_text(r, err));
    return;
  }
  if (n <= 0) {
    snprintf(C.error, sizeof C.error,
             "no CUDA device is present (the driver reports none)");
    return;
  }
  wpi_cuda_device *devs = calloc((size_t)n, sizeof *devs);
  if (!devs) {
    snprintf(C.error, sizeof C.error, "out of memory");
    return;
  }
  for (int i = 0; i < n; i++) {
    wpi_cuda_device *d = &devs[i];
    int major = 0, minor = 0;
    d->ordinal = i;
    const char *call = "cuDeviceGet";
    r = api->cuDeviceGet(&d->handle, i);
    if (r == CUDA_SUCCESS) {
      call = "cuDeviceGetName";
      r = api->cuDeviceGetName(d->name, (int)sizeof d->name - 1, d->handle);
    }
    static const int attrs[4] = {
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
        CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
    };
    int *out[4] = {&major, &minor, &d->max_block, &d->max_grid_x};
    for (int k = 0; k < 4 && r == CUDA_SUCCESS; k++) {
      call = "cuDeviceGetAttribute";
      r = api->cuDeviceGetAttribute(out[k], attrs[k], d->handle);
    }
    if (r != CUDA_SUCCESS) {
      snprintf(C.error, sizeof C.error, "cannot query cuda:%d (%s: %s)", i,
               call, wpi_cuda_error_text(r, err));
      free(devs);
      return;
    }
    d->arch = 10 * major + minor;
    if (d->max_block <= 0)
      d->max_block = 1024;
    if (d->max_grid_x <= 0)
      d->max_grid_x = 65535;
  }
  C.count = n;
  C.devices = devs;
  C.api = api;
}

static void init_once(void) {
  const char *why = NULL;
  const wpi_cuda_api *api = wpi_cuda_driver(&why);
  if (!api) {
    snprintf(C.error, sizeof C.error, "%s", why);
    return;
  }
  init_devices(api);
}

/* Loads and initialises the driver once; NULL (and the reason in C.error)
 * when CUDA cannot be used at all. */
static const wpi_cuda_api *cuda(void) {
  pthread_once(&C.once, init_once);
  return C.api;
}

const char *wpi_cuda_unusable(wp_device device, wp_status *status) {
  static _Thread_local char reason[160];
  *status = WP_ERROR_NO_DEVICE;
  if (!cuda())
    return C.error;
  int ordinal = (int)device - 1;
  if (ordinal >= C.count) {
    snprintf(reason, sizeof reason,
             "cuda:%d does not exist: this machine has %d CUDA device%s",
             ordinal, C.count, C.count == 1 ? "" : "s");
    return reason;
  }
  *status = WP_SUCCESS;
  return NULL;
}

wp_status wpi_check_device(wp_device device, const char *what) {
  char name[WPI_DEVICE_NAME_MAX];
  if (device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  if (device < 0)
    return wp_set_error(WP_ERROR_NO_DEVICE,
                        "%s: device %d is not a device (cpu is 0, cuda:N is "
                        "N + 1)",
                        what, (int)device);
  wp_status st;
  const char *why = wpi_cuda_unusable(device, &st);
  if (why)
    return wp_set_error(st, "%s: device %s: %s", what,
                        wpi_device_name(device, name), why);
  return WP_SUCCESS;
}

/* The device record of a usable CUDA device (checked by the caller). */
static wpi_cuda_device *device_record(wp_device device) {
  return &C.devices[device - 1];
}

/* The primary context of `d`, retained on first use. */
static wp_status primary_context(wpi_cuda_device *d, const char *what,
                                 CUcontext *out) {
  pthread_mutex_lock(&C.ctx_lock);
  CUresult r = CUDA_SUCCESS;
  if (!d->context)
    r = C.api->cuDevicePrimaryCtxRetain(&d->context, d->handle);
  *out = d->context;
  pthread_mutex_unlock(&C.ctx_lock);
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot create the context of cuda:%d", what,
                         d->ordinal);
  return WP_SUCCESS;
}

wp_status wpi_cuda_context(wp_device device, const char *what, CUcontext *out) {
  wp_status st = wpi_check_device(device, what);
  if (st != WP_SUCCESS)
    return st;
  return primary_context(device_record(device), what, out);
}

wp_status wpi_cuda_enter(wp_device device, const char *what,
                         const wpi_cuda_api **api, wpi_cuda_device **dev) {
  CUcontext ctx;
  wp_status st = wpi_cuda_context(device, what, &ctx);
  if (st != WP_SUCCESS)
    return st;
  CUresult r = C.api->cuCtxPushCurrent(ctx);
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot make cuda:%d's context current", what,
                         (int)device - 1);
  if (api)
    *api = C.api;
  if (dev)
    *dev = device_record(device);
  return WP_SUCCESS;
}

void wpi_cuda_leave(void) {
  CUcontext popped;
  C.api->cuCtxPopCurrent(&popped);
}

/* ---- public queries ------------------------------------------------------ */

wp_status wp_cuda_init(void) {
  if (cuda())
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_NO_DEVICE, "CUDA is not available: %s", C.error);
}

wp_status wp_cuda_device_count(int *count) {
  if (!count)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_cuda_device_count: count is NULL");
  *count = cuda() ? C.count : 0;
  return WP_SUCCESS;
}

/* Copies `s` into the caller's buffer, truncating. */
static wp_status write_string(const char *s, char *buf, wp_size size,
                              const char *what) {
  if (!buf || size == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: buf is NULL or empty",
                        what);
  snprintf(buf, size, "%s", s);
  return WP_SUCCESS;
}

wp_status wp_device_alias(wp_device device, char *buf, wp_size size) {
  char name[WPI_DEVICE_NAME_MAX];
  if (device < 0)
    return wp_set_error(WP_ERROR_NO_DEVICE,
                        "wp_device_alias: device %d is not a device (cpu is "
                        "0, cuda:N is N + 1)",
                        (int)device);
  return write_string(wpi_device_name(device, name), buf, size,
                      "wp_device_alias");
}

wp_status wp_device_from_string(const char *s, wp_device *out) {
  if (!s || !out)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_device_from_string: %s is NULL",
                        s ? "out" : "the string");
  if (strcmp(s, "cpu") == 0) {
    *out = WP_DEVICE_CPU;
    return WP_SUCCESS;
  }
  if (strcmp(s, "cuda") == 0) {
    *out = WP_DEVICE_CUDA(0);
    return WP_SUCCESS;
  }
  if (strncmp(s, "cuda:", 5) == 0 && s[5] >= '0' && s[5] <= '9') {
    char *end;
    long n = strtol(s + 5, &end, 10);
    if (*end == '\0' && n >= 0 && n < 0x7fffffffL) {
      *out = WP_DEVICE_CUDA((wp_device)n);
      return WP_SUCCESS;
    }
  }
  return wp_set_error(WP_ERROR_INVALID_VALUE,
                      "wp_device_from_string: '%s' is not a device (expected "
                      "cpu, cuda or cuda:N)",
                      s);
}

wp_status wp_device_name(wp_device device, char *buf, wp_size size) {
  const char *what = "wp_device_name";
  if (!buf || size == 0)
    return write_string("", buf, size, what);
  wp_status st = wpi_check_device(device, what);
  if (st != WP_SUCCESS)
    return st;
  return write_string(device == WP_DEVICE_CPU ? "cpu"
                                              : device_record(device)->name,
                      buf, size, what);
}

wp_status wp_cuda_device_arch(wp_device device, int *sm) {
  const char *what = "wp_cuda_device_arch";
  if (!sm)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: sm is NULL", what);
  if (device == WP_DEVICE_CPU)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the cpu is not a CUDA device", what);
  wp_status st = wpi_check_device(device, what);
  if (st == WP_SUCCESS)
    *sm = device_record(device)->arch;
  return st;
}

wp_status wp_synchronize(wp_device device) {
  const char *what = "wp_synchronize";
  if (device == WP_DEVICE_CPU)
    return WP_SUCCESS; /* CPU launches and copies complete before returning */
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUresult r = api->cuCtxSynchronize();
  wpi_cuda_leave();
  if (r == CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED) /* not a device fault */
    return wpi_cuda_fail(r,
                         "%s: cuda:%d: a stream of the device is being "
                         "captured (the capture is invalidated: wp_capture_end "
                         "will fail; synchronise after it)",
                         what, (int)device - 1);
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r,
                         "%s: cuda:%d: waiting for the device failed (an "
                         "earlier launch or copy went wrong)",
                         what, (int)device - 1);
  return WP_SUCCESS;
}
