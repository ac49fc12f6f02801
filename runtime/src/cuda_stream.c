/* cuda_stream.c - streams and events of CUDA devices (<warp/device.h>).
 *
 * Handles are the driver's own CUstream / CUevent, so a stream made here can
 * go into wp_launch.stream and a stream made by other CUDA code (in the same
 * primary context) can be passed to these functions.
 */
#include "cuda_internal.h"

/* Enters `device` for `what`, refusing the CPU. */
static wp_status enter(wp_device device, const char *what,
                       const wpi_cuda_api **api) {
  if (device == WP_DEVICE_CPU)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: the cpu has no streams or events (CPU launches "
                        "finish before they return)",
                        what);
  return wpi_cuda_enter(device, what, api, NULL);
}

/* Leaves the device and turns a driver failure into a status. */
static wp_status leave(CUresult r, wp_device device, const char *what) {
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d", what, (int)device - 1);
  return WP_SUCCESS;
}

static wp_status check_out(void *out, const char *what) {
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out pointer is NULL",
                        what);
  return WP_SUCCESS;
}

wp_status wp_stream_create(wp_device device, void **stream) {
  const char *what = "wp_stream_create";
  const wpi_cuda_api *api;
  wp_status st = check_out(stream, what);
  if (st != WP_SUCCESS)
    return st;
  *stream = NULL;
  if ((st = enter(device, what, &api)) != WP_SUCCESS)
    return st;
  CUstream s = NULL;
  /* Flags 0: a blocking stream, ordered with the legacy default stream
   * (the one synchronous copies and fills use). */
  CUresult r = api->cuStreamCreate(&s, 0);
  st = leave(r, device, what);
  if (st == WP_SUCCESS)
    *stream = s;
  return st;
}

wp_status wp_stream_destroy(wp_device device, void *stream) {
  const char *what = "wp_stream_destroy";
  const wpi_cuda_api *api;
  if (!stream)
    return WP_SUCCESS;
  if (stream == WP_STREAM_LEGACY || stream == WP_STREAM_PER_THREAD)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the default streams (WP_STREAM_LEGACY, "
                        "WP_STREAM_PER_THREAD) are the driver's, not to be "
                        "destroyed",
                        what);
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuStreamDestroy((CUstream)stream), device, what);
}

wp_status wp_stream_synchronize(wp_device device, void *stream) {
  const char *what = "wp_stream_synchronize";
  const wpi_cuda_api *api;
  if (device == WP_DEVICE_CPU && !stream)
    return WP_SUCCESS;
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuStreamSynchronize((CUstream)stream), device, what);
}

wp_status wp_event_create(wp_device device, void **event) {
  const char *what = "wp_event_create";
  const wpi_cuda_api *api;
  wp_status st = check_out(event, what);
  if (st != WP_SUCCESS)
    return st;
  *event = NULL;
  if ((st = enter(device, what, &api)) != WP_SUCCESS)
    return st;
  CUevent e = NULL;
  CUresult r = api->cuEventCreate(&e, 0); /* 0: with timing */
  st = leave(r, device, what);
  if (st == WP_SUCCESS)
    *event = e;
  return st;
}

wp_status wp_event_record(wp_device device, void *event, void *stream) {
  const char *what = "wp_event_record";
  const wpi_cuda_api *api;
  if (!event)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: event is NULL", what);
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuEventRecord((CUevent)event, (CUstream)stream), device,
               what);
}

wp_status wp_event_synchronize(wp_device device, void *event) {
  const char *what = "wp_event_synchronize";
  const wpi_cuda_api *api;
  if (!event)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: event is NULL", what);
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuEventSynchronize((CUevent)event), device, what);
}

wp_status wp_event_elapsed_ms(wp_device device, void *start, void *end,
                              float *ms) {
  const char *what = "wp_event_elapsed_ms";
  const wpi_cuda_api *api;
  if (!start || !end || !ms)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        !start ? "start"
                        : !end ? "end"
                               : "ms");
  *ms = 0.0f;
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuEventElapsedTime(ms, (CUevent)start, (CUevent)end),
               device, what);
}

wp_status wp_event_destroy(wp_device device, void *event) {
  const char *what = "wp_event_destroy";
  const wpi_cuda_api *api;
  if (!event)
    return WP_SUCCESS;
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  return leave(api->cuEventDestroy((CUevent)event), device, what);
}

wp_status wp_stream_wait_event(wp_device device, void *stream, void *event) {
  const char *what = "wp_stream_wait_event";
  const wpi_cuda_api *api;
  if (!event)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: event is NULL", what);
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  if (!api->cuStreamWaitEvent) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, "cuStreamWaitEvent");
  }
  return leave(api->cuStreamWaitEvent((CUstream)stream, (CUevent)event, 0),
               device, what);
}

wp_status wp_stream_wait_stream(wp_device device, void *stream,
                                void *other_stream) {
  const char *what = "wp_stream_wait_stream";
  const wpi_cuda_api *api;
  if (stream == other_stream && stream && stream != WP_STREAM_PER_THREAD)
    return WP_SUCCESS; /* a stream is always ordered after itself */
  wp_status st = enter(device, what, &api);
  if (st != WP_SUCCESS)
    return st;
  if (!api->cuStreamWaitEvent) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, "cuStreamWaitEvent");
  }
  /* An event of our own, without timing (cheaper), recorded on other_stream
   * and waited for by stream.  Destroying it at once is allowed: the driver
   * releases it once the wait is done (cuEventDestroy's documentation). */
  CUevent e = NULL;
  CUresult r = api->cuEventCreate(&e, CU_EVENT_DISABLE_TIMING);
  if (r == CUDA_SUCCESS) {
    r = api->cuEventRecord(e, (CUstream)other_stream);
    if (r == CUDA_SUCCESS)
      r = api->cuStreamWaitEvent((CUstream)stream, e, 0);
    CUresult r2 = api->cuEventDestroy(e);
    if (r == CUDA_SUCCESS)
      r = r2;
  }
  return leave(r, device, what);
}
