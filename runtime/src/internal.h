/* internal.h - declarations shared by libwarprt's source files (not public). */
#ifndef WARPRT_INTERNAL_H
#define WARPRT_INTERNAL_H

/* Compiled with -fvisibility=hidden (Makefile): every function and object
 * declared in the public headers keeps the default visibility (the
 * definitions take it from these declarations), so libwarprt.so exports the
 * public API and nothing else; wpi_* and static symbols stay hidden.  Every
 * source file of the runtime includes this header (or cuda_internal.h)
 * before any other header of warp/. */
#pragma GCC visibility push(default)
#include <warp/warp.h>
#pragma GCC visibility pop

#include <stdint.h>

/* Longest device name wpi_device_name writes ("cuda:2147483646", ...). */
#define WPI_DEVICE_NAME_MAX 32

/* Writes "cpu", "cuda:N" or "invalid(N)" for `device` into `buf`. */
const char *wpi_device_name(wp_device device, char buf[WPI_DEVICE_NAME_MAX]);

/* WP_SUCCESS for the CPU and for CUDA devices that exist (the driver is
 * loaded on first use); otherwise WP_ERROR_NO_DEVICE with the message
 * "what: device X: reason" (cuda_device.c). */
wp_status wpi_check_device(wp_device device, const char *what);

/* Checks the shape of `a` (non-NULL, ndim 1..4, extents >= 0 whose product
 * fits in 64 bits, known element size, data set unless empty).  Messages
 * start with `what` ("wp_array_copy: src").  Does not look at the device. */
wp_status wpi_check_array(const wp_array *a, const char *what);

/* Copies the string at `p` (at most n - 1 bytes, NUL-terminated) into buf
 * without faulting when p is not readable memory (probe_memory.c).
 * Returns 1 when a string (or its first n - 1 bytes) was read, 0 when p
 * could not be read (or the platform has no way to probe it). */
int wpi_read_string(const void *p, char *buf, wp_size n);

/* The element shape of a dtype, as Warp's _shape_ (dtype.c): (n,) for
 * vectors, quaternions (4) and transforms (7), (rows, cols) for matrices.
 * Returns the number of entries written (1 or 2), 0 for a scalar or
 * struct dtype.  Views (dtype views) and DLPack (trailing dimensions) use
 * it. */
int wpi_dtype_element_shape(wp_dtype d, wp_int64 shape[2]);

/* The flags that make an array own memory (what wp_array_free releases);
 * views and exports never carry them. */
#define WPI_ARRAY_OWNERSHIP                                                    \
  (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD | WP_ARRAY_OWNS_DLPACK |            \
   WP_ARRAY_STREAM_ORDERED)

/* wp_array_alloc with the data zero-filled only when `zero_data` is set
 * (CPU; CUDA memory is always zeroed by wpi_cuda_alloc).  Messages start
 * with `what`.  The grad, when requested, is always zero-filled. */
wp_status wpi_array_alloc(wp_array *out, wp_dtype dtype, wp_size elem_size,
                          wp_int32 ndim, const wp_int64 *shape,
                          wp_int32 requires_grad, wp_device device,
                          int zero_data, const char *what);

/* Calls the deleter of the DLPack tensor that array `a` imported (its
 * `reserved` handle, WP_ARRAY_OWNS_DLPACK set) and forgets it; nothing when
 * the handle is not registered (already released) or was registered for
 * another data pointer.  dlpack.c. */
void wpi_dlpack_release(const wp_array *a);

/* Runs fn(args, bounds, begin, end) over [0, bounds->size) in contiguous
 * ranges, on the thread pool or inline for small launches; returns when all
 * ranges are done.  bounds->size must be > 0. */
/* WP_BOUNDS_GRADS_OVERLAP when `backward` is set and the grads of two of
 * the kernel's wp_array arguments (kernel->array_offsets into the packed
 * `args`) overlap without being the same array (same grad, dtype, shape
 * and strides), or the grad of one argument reaches an element through two
 * indices (a broadcast: stride 0 over an extent > 1; overlapping rows); 0
 * otherwise.  Every backward launch (CPU or CUDA, and each
 * CPU graph replay) puts it in the launch bounds' flags (launch.c): the
 * generated code then takes the atomic path for adjoints it would otherwise
 * add without one. */
wp_int32 wpi_grads_overlap_flag(const wp_kernel_desc *kernel, wp_int32 backward,
                                const void *args);

void wpi_pool_run(wp_cpu_range_fn fn, const void *args,
                  const wp_launch_bounds *bounds);

/* The pool's rule (<warp/launch.h>), for tests: the number of chunks a
 * launch of `size` threads is split into for a pool of `threads` threads
 * (the launching one included), given the kernel's cost per thread in
 * picoseconds (0: unknown) and the threshold of work in nanoseconds below
 * which a launch runs inline; 1 means inline.  The chunks form *parts_out
 * (when not NULL) contiguous parts of equal chunk counts, one per thread
 * taking part (at most 64); 1 when inline. */
wp_int64 wpi_pool_chunks(wp_int64 size, int threads, wp_uint64 ps_per_thread,
                         wp_int64 min_work_ns, int *parts_out);

/* The cost per thread, in picoseconds, the pool has learned for the CPU
 * entry point `fn` (0: none yet), and setting it (tests: the launch then
 * decides as if it had measured that cost; it keeps learning). */
wp_uint64 wpi_pool_cost(wp_cpu_range_fn fn);
void wpi_pool_set_cost(wp_cpu_range_fn fn, wp_uint64 ps_per_thread);

/* How a cost sample was taken: set (tests), a launch run inline (timed
 * whole), a pooled launch (the launching thread's chunks). */
enum { WPI_COST_SET, WPI_COST_INLINE, WPI_COST_POOLED };

/* Learns fn's cost from `threads` of its threads that ran in `ns`
 * nanoseconds (pool_cost.c: averaged with the known cost; a pooled sample
 * only lowers it). */
void wpi_pool_learn(wp_cpu_range_fn fn, wp_int64 ns, wp_int64 threads, int how);

/* The most contiguous parts a pooled launch is split into (pool.c: its job
 * lives on the launching thread's stack). */
#define WPI_POOL_MAX_PARTS 64

/* The pool's settings (pool_env.c).  wpi_env_uint: the unsigned integer
 * in environment variable `name`, `def` when it is unset, empty or
 * malformed, clamped to `max` (a value too large for a long long too).
 * wpi_cpu_count: the online CPUs, 1..WP_MAX_THREADS.  wpi_pool_threads:
 * the threads (the launching one included) of a pool for a
 * wp_set_num_threads value: it when > 0, else $WARP_NUM_THREADS (1..
 * WP_MAX_THREADS, clamped) when set and valid, else wpi_cpu_count(). */
wp_int64 wpi_env_uint(const char *name, wp_int64 def, wp_int64 max);
int wpi_cpu_count(void);
int wpi_pool_threads(int requested);

/* The built-in pool's workers spinning for a job now (tests). */
int wpi_pool_spinning(void);

/* Runs a forward launch that names a tape (launch->tape) with the tape
 * cleared and, when it succeeds, records it there (tape.c). */
wp_status wpi_tape_record(const wp_launch *launch, const wp_kernel_desc *kernel,
                          const void *args);

/* Checks dtype, shape and device as wp_array_alloc does and fills *out
 * (data NULL) and the byte size of its buffer (array.c). */
wp_status wpi_array_describe(wp_array *out, wp_dtype dtype, wp_size elem_size,
                             wp_int32 ndim, const wp_int64 *shape,
                             wp_device device, const char *what,
                             wp_int64 *bytes);

/* Frees an array with WP_ARRAY_PINNED or WP_ARRAY_STREAM_ORDERED (stream:
 * where to free stream-ordered memory, NULL the legacy default stream) and
 * zeroes it (array_memory.c). */
void wpi_array_free_special(wp_array *a, void *stream);

/* Frees `data` and `grad` (each may be NULL), buffers of `a`'s special
 * kind (its WP_ARRAY_PINNED or WP_ARRAY_STREAM_ORDERED flag), on `stream`
 * for stream-ordered memory (array_memory.c).  Keeps wp_last_error(). */
void wpi_array_free_buffers(const wp_array *a, void *data, void *grad,
                            void *stream);

/* Allocates a zero-filled buffer of `bytes` of `a`'s special kind (pinned
 * host memory, or stream-ordered memory of a->device ordered on the legacy
 * stream), e.g. a grad for such an array (array_memory.c).  Errors as
 * wp_array_alloc_pinned / wp_array_alloc_async, messages starting with
 * `what`. */
wp_status wpi_array_alloc_special(const wp_array *a, wp_int64 bytes, void **out,
                                  const char *what);

/* Graphs (graph.c).  Non-zero while this thread captures or updates a
 * graph (<warp/graph.h>): wp_launch_kernel then calls wpi_graph_intercept
 * for each launch that passed its checks.  It sets *handled when the
 * launch was recorded (a CPU capture) or taken as an update, and returns
 * that status; otherwise the launch runs as usual. */
int wpi_graph_busy(void);
/* WP_ERROR_NOT_SUPPORTED with a message starting with `what` when this
 * thread captures a CPU graph: an array or tape operation that is not a
 * launch would run at once and never on replays, so it is refused, as the
 * driver refuses it in a CUDA capture.  WP_SUCCESS otherwise. */
wp_status wpi_graph_refuse_cpu_capture(const char *what);
wp_status wpi_graph_intercept(const wp_launch *launch,
                              const wp_kernel_desc *kernel, wp_int32 backward,
                              const void *args, const wp_launch_bounds *bounds,
                              int *handled);

/* *out = a * b for a, b >= 0; returns 0 (and leaves *out alone) on overflow. */
static inline int wpi_mul_i64(wp_int64 a, wp_int64 b, wp_int64 *out) {
  if (b != 0 && a > INT64_MAX / b)
    return 0;
  *out = a * b;
  return 1;
}

#endif
