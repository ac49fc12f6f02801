/* warp/launch.h - launching kernels and the CPU thread pool.
 *
 * Generated launchers (`wp_status m_k(const wp_launch *launch, ...)`) check
 * their arguments and call wp_launch_kernel() (declared in <warp/abi.h>).
 * CPU launches split the linear thread range [0, product(dims)) into
 * contiguous chunks run by a pool of worker threads; the call returns when all
 * threads of the launch have run.
 */
#ifndef WARP_LAUNCH_H
#define WARP_LAUNCH_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
/* A zeroed wp_launch (value-initialization in C++, {0} in C). */
#define WP_LAUNCH_ZERO_ wp_launch()
#else
#define WP_LAUNCH_ZERO_                                                        \
  { 0 }
#endif

/* The largest extent of one launch dimension: 2^31, so that every component
 * of wp.tid() (an int32, as in Warp) holds its largest index, dims[k] - 1.
 * wp_launch_kernel refuses a launch with a larger dims[k] with
 * WP_ERROR_INVALID_VALUE (the message names the launch dims) instead of
 * letting wp.tid() wrap negative.  The thread count, the product of the
 * dims, may exceed it (a (65536, 65536) launch runs 2^32 threads); it must
 * fit in int64.  Newer Warp refuses the same launches with a ValueError
 * (NVIDIA/warp issues 1799, 1815; warp-lang 1.10.1 still wraps).  Unlike
 * Warp, which checks only kernels that call wp.tid(), the limit applies to
 * every kernel: the runtime does not know which kernels call it. */
#define WP_LAUNCH_DIM_MAX ((wp_int64)1 << 31)

/* A 1-D launch of n threads on the CPU, returned by value, for C and C++:
 *   wp_launch launch = wp_launch_1d(n);
 *   launch.device = dev;                  (or any other field)
 *   particles_step(&launch, ...);
 * Every other field is zero (the CPU, default block size, no stream, no
 * tape). */
static inline wp_launch wp_launch_1d(wp_int64 n) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 1;
  l.dims[0] = n;
  return l;
}

/* A 2-D launch of n0 x n1 threads on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_2d(wp_int64 n0, wp_int64 n1) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 2;
  l.dims[0] = n0;
  l.dims[1] = n1;
  return l;
}

/* A 3-D launch of n0 x n1 x n2 threads on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_3d(wp_int64 n0, wp_int64 n1, wp_int64 n2) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 3;
  l.dims[0] = n0;
  l.dims[1] = n1;
  l.dims[2] = n2;
  return l;
}

/* A 4-D launch on the CPU (as wp_launch_1d). */
static inline wp_launch wp_launch_4d(wp_int64 n0, wp_int64 n1, wp_int64 n2,
                                     wp_int64 n3) {
  wp_launch l = WP_LAUNCH_ZERO_;
  l.ndim = 4;
  l.dims[0] = n0;
  l.dims[1] = n1;
  l.dims[2] = n2;
  l.dims[3] = n3;
  return l;
}

/* The launch macros WP_LAUNCH_1D .. WP_LAUNCH_4D (extents n0, n1, ...,
 * threads; every other field zero, as wp_launch_1d), as an argument of a
 * launcher in C and C++:
 *   particles_step(&WP_LAUNCH_1D(n), ...);
 *   wp_launch launch = WP_LAUNCH_2D(n0, n1);
 * In C they are compound literals, which live until the end of the
 * enclosing block.  In C++ (which has neither compound literals nor, before
 * C++20, designated initializers) they are a const lvalue of a temporary:
 * its address is valid until the end of the full expression, the launcher
 * call, so do not keep it (`const wp_launch *p = &WP_LAUNCH_1D(n);` dangles
 * in C++): store a wp_launch instead. */
#ifdef __cplusplus
}
/* Returns its argument: binds a temporary to an lvalue (C++ only). */
static inline const wp_launch &wp_launch_lvalue_(const wp_launch &l) {
  return l;
}
extern "C" {
#define WP_LAUNCH_1D(n) (wp_launch_lvalue_(wp_launch_1d(n)))
#define WP_LAUNCH_2D(n0, n1) (wp_launch_lvalue_(wp_launch_2d((n0), (n1))))
#define WP_LAUNCH_3D(n0, n1, n2)                                               \
  (wp_launch_lvalue_(wp_launch_3d((n0), (n1), (n2))))
#define WP_LAUNCH_4D(n0, n1, n2, n3)                                           \
  (wp_launch_lvalue_(wp_launch_4d((n0), (n1), (n2), (n3))))
#else
#define WP_LAUNCH_1D(n) ((wp_launch){.ndim = 1, .dims = {(n)}})
#define WP_LAUNCH_2D(n0, n1) ((wp_launch){.ndim = 2, .dims = {(n0), (n1)}})
#define WP_LAUNCH_3D(n0, n1, n2)                                               \
  ((wp_launch){.ndim = 3, .dims = {(n0), (n1), (n2)}})
#define WP_LAUNCH_4D(n0, n1, n2, n3)                                           \
  ((wp_launch){.ndim = 4, .dims = {(n0), (n1), (n2), (n3)}})
#endif

/* Sets the number of CPU worker threads used by later launches (n >= 1; 0
 * restores the default: $WARP_NUM_THREADS if set to a positive integer, else
 * the number of online CPUs).  Waits for running launches to finish. */
wp_status wp_set_num_threads(int n);

/* The number of CPU worker threads launches use. */
int wp_get_num_threads(void);

/* Stops the worker threads (they restart on the next launch).  Optional;
 * call at exit to make leak checkers quiet. */
void wp_shutdown(void);

#ifdef __cplusplus
}
#endif
#endif
