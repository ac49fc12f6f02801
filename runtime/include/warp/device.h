/* warp/device.h - devices, CUDA streams and events.
 *
 * A wp_device (<warp/abi.h>) is WP_DEVICE_CPU (0) or WP_DEVICE_CUDA(n), the
 * n-th CUDA device "cuda:n" in the driver's order (CUDA_VISIBLE_DEVICES
 * applies).
 *
 * The CUDA driver.  libwarprt does not link against libcuda: the driver
 * (libcuda.so.1, or the library $WARP_CUDA_DRIVER names) is loaded with
 * dlopen the first time a CUDA device is used, and initialised then.  A
 * program that only uses the CPU never loads it, and a machine without the
 * driver or without a GPU runs CPU kernels unchanged; what needs a CUDA
 * device then fails with WP_ERROR_NO_DEVICE and a message giving the reason:
 *   "the CUDA driver (libcuda.so.1) is not available: <dlerror text>"
 *   "no CUDA device is present (cuInit: CUDA_ERROR_NO_DEVICE: ...)"
 *   "cuda:3 does not exist: this machine has 2 CUDA devices"
 * Each CUDA device is used through its primary context (the one the CUDA
 * runtime API uses, so memory and streams can be shared with CUDA C++ code
 * of the same program), retained on first use and kept until the process
 * exits.  libwarprt pushes that context around each of its driver calls and
 * pops it afterwards: the calling thread's current context is left alone.
 *
 * Errors of the driver become WP_ERROR_CUDA (WP_ERROR_OUT_OF_MEMORY when the
 * driver is out of memory) with a message naming the operation, the device
 * and the driver's error, e.g. "wp_synchronize: cuda:0: ...:
 * CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
 *
 * Asynchrony.  CUDA launches (wp_launch_kernel, generated launchers) and
 * wp_array_copy_async return once the work is queued on the launch's stream
 * (NULL: the device's legacy default stream, see WP_STREAM_LEGACY);
 * wp_synchronize, wp_stream_synchronize or a synchronous copy to the host waits
 * for it.  An error inside a kernel (a bad address, ...) is reported by the
 * next call that waits.  CPU launches finish before they return.
 *
 * Streams and events are the driver's CUstream / CUevent handles, typed
 * void * here so no CUDA header is needed; a stream goes into
 * wp_launch.stream.  Each belongs to the device it was made on: pass that
 * device to the functions below.  Do not use CUDA after fork() in the child.
 */
#ifndef WARP_DEVICE_H
#define WARP_DEVICE_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The driver's two default streams of a device, as handles for every
 * `stream` parameter and wp_launch.stream (CU_STREAM_LEGACY and
 * CU_STREAM_PER_THREAD of cuda.h, whose values these are):
 *   WP_STREAM_LEGACY      the legacy default stream, which synchronises with
 *                         every blocking stream of the context (all streams
 *                         wp_stream_create makes).  A NULL stream means this
 *                         one everywhere in libwarprt (the driver's stream 0
 *                         of a runtime-API-less program), and so do
 *                         synchronous copies and fills.
 *   WP_STREAM_PER_THREAD  the calling thread's own default stream: ordered
 *                         with the legacy one but not with other threads'
 *                         per-thread streams, as nvcc --default-stream
 *                         per-thread gives CUDA C++ code.  Unlike the legacy
 *                         stream it can be captured (<warp/graph.h>).
 * Neither is created nor destroyed: wp_stream_destroy refuses them. */
#define WP_STREAM_LEGACY ((void *)0x1)
#define WP_STREAM_PER_THREAD ((void *)0x2)

/* Loads and initialises the CUDA driver now (otherwise done on the first
 * use of a CUDA device).  WP_SUCCESS when there is at least one usable CUDA
 * device; WP_ERROR_NO_DEVICE with the reason otherwise (no driver, a driver
 * that failed to initialise, no device), as "CUDA is not available:
 * <reason>".  Calling it again repeats the first answer: the driver is
 * loaded and initialised once per process. */
wp_status wp_cuda_init(void);

/* Stores the number of CUDA devices in *count: 0 when the driver is not
 * installed or has no device, so programs can probe without failing (call
 * wp_cuda_init for the reason).  WP_ERROR_INVALID_VALUE when count is NULL.
 * Loads the driver. */
wp_status wp_cuda_device_count(int *count);

/* Writes the alias of `device`, "cpu" or "cuda:N", into buf (bufsize
 * bytes, truncated, NUL-terminated).  Does not load the driver, nor check
 * that the device exists.  WP_ERROR_INVALID_VALUE for a NULL or empty buf,
 * WP_ERROR_NO_DEVICE for a negative device. */
wp_status wp_device_alias(wp_device device, char *buf, wp_size bufsize);

/* Parses "cpu", "cuda" (cuda:0, as in Warp) or "cuda:N" into *out.  Does
 * not check that the device exists.  WP_ERROR_INVALID_VALUE for anything
 * else or a NULL argument. */
wp_status wp_device_from_string(const char *s, wp_device *out);

/* Writes the device's name into buf (bufsize bytes, truncated): "cpu", or
 * the GPU's product name as the driver reports it ("NVIDIA H200").
 * WP_ERROR_INVALID_VALUE for a NULL or empty buf, WP_ERROR_NO_DEVICE for a
 * device that does not exist (message as above). */
wp_status wp_device_name(wp_device device, char *buf, wp_size bufsize);

/* Stores the compute capability of a CUDA device as 10 * major + minor in
 * *sm (90 for an H100, 87 for a Jetson Orin): what warpc --cuda-arch sm_XX
 * must include, as a cubin or as PTX of an earlier arch.
 * WP_ERROR_INVALID_VALUE for a NULL sm or the CPU, WP_ERROR_NO_DEVICE for a
 * device that does not exist. */
wp_status wp_cuda_device_arch(wp_device device, int *sm);

/* Waits until all work queued on the device (every stream) has finished.
 * The CPU: returns WP_SUCCESS at once.  WP_ERROR_NO_DEVICE for a device
 * that does not exist; WP_ERROR_CUDA when waiting fails, which is where an
 * error of an earlier asynchronous launch or copy shows up. */
wp_status wp_synchronize(wp_device device);

/* Stores the free and the total memory of `device` in bytes.  A CUDA
 * device: cuMemGetInfo on its primary context (what the driver can still
 * allocate there, all processes counted).  The CPU: total is the physical
 * memory (sysconf _SC_PHYS_PAGES * _SC_PAGESIZE), free the kernel's
 * MemAvailable of /proc/meminfo (what can be allocated without swapping;
 * free pages, _SC_AVPHYS_PAGES, where /proc is missing).  Both are 0 on
 * failure.  Errors: WP_ERROR_INVALID_VALUE for a NULL pointer,
 * WP_ERROR_NO_DEVICE, WP_ERROR_NOT_SUPPORTED (a driver without
 * cuMemGetInfo_v2), WP_ERROR_CUDA, WP_ERROR_SYSTEM (sysconf failed). */
wp_status wp_device_memory_info(wp_device device, wp_size *free_bytes,
                                wp_size *total_bytes);

/* Creates a stream on a CUDA device and stores it in *stream (NULL on
 * failure).  The stream is blocking: it is ordered with the device's
 * default stream, which synchronous copies and fills use.  Release it with
 * wp_stream_destroy.  WP_ERROR_INVALID_VALUE for a NULL stream pointer,
 * WP_ERROR_NOT_SUPPORTED for the CPU, WP_ERROR_NO_DEVICE, WP_ERROR_CUDA. */
wp_status wp_stream_create(wp_device device, void **stream);

/* Destroys a stream of `device` made by wp_stream_create; work already
 * queued still runs.  NULL is a no-op.  WP_ERROR_INVALID_VALUE for
 * WP_STREAM_LEGACY or WP_STREAM_PER_THREAD, WP_ERROR_NOT_SUPPORTED for the CPU,
 * WP_ERROR_NO_DEVICE, WP_ERROR_CUDA. */
wp_status wp_stream_destroy(wp_device device, void *stream);

/* Waits until the work queued on `stream` of `device` (NULL: the default
 * stream) has finished.  The CPU with a NULL stream: WP_SUCCESS at once.
 * Errors: WP_ERROR_NOT_SUPPORTED (the CPU with a stream),
 * WP_ERROR_NO_DEVICE, WP_ERROR_CUDA (an earlier launch or copy failed). */
wp_status wp_stream_synchronize(wp_device device, void *stream);

/* Makes all work queued on `stream` of `device` after this call wait until
 * `event` (made by wp_event_create on the same device, or a CUevent of
 * other CUDA code in the same primary context) has completed, without
 * blocking the host (cuStreamWaitEvent).  An event never recorded does not
 * hold the stream back.  NULL stream: the legacy default stream.
 * Errors: WP_ERROR_INVALID_VALUE for a NULL event, WP_ERROR_NOT_SUPPORTED
 * for the CPU or a driver without cuStreamWaitEvent, WP_ERROR_NO_DEVICE,
 * WP_ERROR_CUDA. */
wp_status wp_stream_wait_event(wp_device device, void *stream, void *event);

/* Makes all work queued on `stream` after this call wait until the work
 * queued on `other_stream` before it has completed (Warp's
 * Stream.wait_stream): records an internal event (no timing) on
 * other_stream and waits for it, then releases it.  Both streams are of
 * `device`; NULL is the legacy default stream.  The same stream twice is a
 * no-op.  Errors as wp_stream_wait_event (without the NULL event). */
wp_status wp_stream_wait_stream(wp_device device, void *stream,
                                void *other_stream);

/* Creates an event on a CUDA device, with timing, and stores it in *event
 * (NULL on failure).  Release it with wp_event_destroy.  Errors as
 * wp_stream_create. */
wp_status wp_event_create(wp_device device, void **event);

/* Records `event` on `stream` of `device` (NULL: the default stream): the
 * event completes when the work queued before it has.
 * WP_ERROR_INVALID_VALUE for a NULL event, WP_ERROR_NOT_SUPPORTED for the
 * CPU, WP_ERROR_NO_DEVICE, WP_ERROR_CUDA. */
wp_status wp_event_record(wp_device device, void *event, void *stream);

/* Waits until `event` has completed.  Errors as wp_event_record. */
wp_status wp_event_synchronize(wp_device device, void *event);

/* Stores in *ms the GPU time in milliseconds between two recorded events
 * of `device` (resolution about half a microsecond); both must have
 * completed (wp_event_synchronize(end) first).  *ms is 0 on failure.
 * WP_ERROR_INVALID_VALUE for a NULL argument; WP_ERROR_CUDA
 * (CUDA_ERROR_NOT_READY when an event has not completed,
 * CUDA_ERROR_INVALID_HANDLE when one was never recorded), and as
 * wp_event_record. */
wp_status wp_event_elapsed_ms(wp_device device, void *start, void *end,
                              float *ms);

/* Destroys an event made by wp_event_create.  NULL is a no-op.  Errors as
 * wp_stream_destroy. */
wp_status wp_event_destroy(wp_device device, void *event);

#ifdef __cplusplus
}
#endif
#endif
