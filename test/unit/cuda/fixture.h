/* fixture.h - the fixture of the test program test_cuda_runtime (its main()
 * in test/unit/test_cuda_runtime.c, its checks in test/unit/cuda/NAME.c, one
 * binary: the Makefile links them): two kernels as warpc generates them
 * (their CPU functions, a hand-written PTX module packed into a fatbin, the
 * kernel descriptors), the hooks of the fake CUDA driver (test/fakecuda)
 * that emulate their device entries, the checks every mode shares, and the
 * test functions each file defines.  Defined in fixture.c. */
#ifndef WARPC_TEST_CUDA_FIXTURE_H
#define WARPC_TEST_CUDA_FIXTURE_H

#include <warp/warp.h>

#include "../../fakecuda/fakecuda.h"

#include <stdint.h>

#define CHECK_LAST_ERROR wp_last_error
#include "../check.h"

#define CUDA0 WP_DEVICE_CUDA(0)
#define CUDA1 WP_DEVICE_CUDA(1)

/* ---- a kernel, as warpc generates it -------------------------------------
 * scale(x: wp.array(dtype=float), a: float): x[i] = x[i] * a */

typedef struct scale_args {
  wp_array x;
  float a;
} scale_args;

void scale_cpu(const void *args_, const wp_launch_bounds *b, wp_int64 begin,
               wp_int64 end);

/* The CUDA entry test_scale_cuda_fwd as PTX; used only when a real GPU is
 * present. */
extern const char scale_ptx[];

/* A fatbin as `fatbinary --create` lays it out (build_fatbin() fills it),
 * and the image to load: the fatbin or the file $FAKECUDA_FATBIN. */
enum { FATBIN_SIZE = 16 + 3 * (64 + 16) };
extern _Alignas(8) unsigned char fatbin[FATBIN_SIZE];
extern const void *module_image;
void put32(unsigned char *p, uint32_t v);
void put64(unsigned char *p, uint64_t v);
void build_fatbin(void);

/* test_scale, test_scale2 (same image, another entry, and an adjoint),
 * test_cpu_only (no CUDA code), test_missing (an entry the image lacks). */
extern const wp_kernel_desc scale_desc, scale2_desc, cpu_only_desc,
    missing_desc;

/* Launches k (one of the above) on x, a. */
wp_status scale(const wp_launch *l, const wp_kernel_desc *k, wp_array x,
                float a);

/* ---- the fake driver ----------------------------------------------------- */

/* The fake's hooks (NULL until find_hooks() found them). */
extern fakecuda_get_stats_fn get_stats;
extern fakecuda_register_fn register_kernel;
extern fakecuda_register_args_fn register_kernel_args;

/* The fake's counters (zeros without hooks). */
fakecuda_stats stats(void);

/* Finds the fake's hooks in the library libwarprt loaded (none for a real
 * driver); loads the driver.  True when found. */
int find_hooks(void);

/* Emulation of the scale kernels' CUDA code: the grid-stride loop each
 * thread runs, and a count of visits per element (emulate_scale only). */
extern int visits[1 << 20];
void emulate_scale(void **params, unsigned grid, unsigned block);
void emulate_scale_quiet(void **params, unsigned grid, unsigned block);

/* Copies a device float array to the host and checks every element. */
int device_all_equal(const wp_array *d, float want);

/* A device array of n floats, all `v`. */
wp_array device_floats(wp_device dev, wp_int64 n, float v);

/* ---- the tape on a CUDA device -------------------------------------------
 * tscale(x, y: wp.array(dtype=float), a: float): y[i] = a * x[i], and its
 * adjoint x.grad[i] += a * y.grad[i], emulated. */

typedef struct tscale_args {
  wp_array x, y;
  float a;
} tscale_args;

void emulate_tscale(void **params, unsigned grid, unsigned block);
void emulate_tscale_adj(void **params, unsigned grid, unsigned block);
extern const wp_kernel_desc tscale_desc;

/* ---- checks every mode shares (fixture.c) -------------------------------- */

/* CPU launches and arrays work whatever CUDA's state. */
void check_cpu_still_works(void);

/* Every push popped, every call made in a context, nothing leaked. */
void check_fake_balance(void);

/* ---- the tests, by file -------------------------------------------------- */

/* no_cuda.c: every CUDA entry point fails with WP_ERROR_NO_DEVICE and
 * `reason`; the device-independent API (names, aliases, bad devices). */
void check_no_cuda(const char *reason);
void test_device_strings(void);

/* fake_memory.c: devices, device memory, streams and events on the fake. */
void test_fake_devices(void);
void test_fake_memory(void);
void test_fake_streams(void);

/* fake_launch.c: launches, the tape, launches from several threads. */
void test_fake_launch(void);
void test_fake_tape(void);
void test_fake_threads(void);

/* fake_volume.c: volumes uploaded to a device; out of memory. */
void test_fake_volume(void);
void test_fake_volume_oom(void);

/* fake_modes.c: one function per $FAKECUDA_MODE (ok: all of the above). */
void test_fake_ok(void);
void test_fake_nobinary(int old_ptx);
void test_fake_launchfail(void);
void test_fake_oom(void);

/* dlpack.c: DLPack tensors over device memory, exports of CUDA arrays,
 * clone/full/empty and views of CUDA arrays. */
void test_fake_dlpack(void);

/* fake_graph.c: stream ordering, memory info, graph capture, replay and
 * updates on the fake; a driver without them (old_driver). */
void test_fake_stream_order(void);
void test_fake_memory_info(void);
void test_fake_graph(void);
void test_old_driver(void);

/* fake_bvh_mesh.c: wp_bvh and wp_mesh over CUDA arrays (a host build
 * copied to the device), refit, errors. */
void test_fake_bvh_mesh(void);

/* fake_capture.c: capture forked onto and joined back from other streams,
 * unjoined forks, the calls that invalidate a capture. */
void test_fake_capture(void);

/* fake_mempool.c: pinned host arrays, stream-ordered device arrays (with
 * mempools, or the fallback when $FAKECUDA_MEMPOOLS is 0). */
void test_fake_mempool(void);
void test_old_driver_memory(void);

/* fake_hash_grid.c: CUDA hash grids (built on the host, uploaded). */
void test_fake_hash_grid(void);

/* real_gpu.c: memory round trips and a PTX launch on a real cuda:0. */
void test_real_gpu(void);

#endif
