/* cuda_launch.c - launching a kernel's CUDA entry with cuLaunchKernel.
 *
 * The contract with warpc's CUDA code: each kernel entry is
 *   extern "C" __global__ void NAME(<kernel>_args args, wp_launch_bounds b)
 * and runs a grid-stride loop over [0, b.size), so any grid covers the
 * launch; the grid is ceil(size / block) blocks, capped at the launch's
 * max_blocks and the device's limit.  An entry may have a companion
 * NAME_1d of the same signature, valid only for launches with b.ndim == 1,
 * which a 1-D launch runs instead.  Launches are asynchronous, as in Warp.
 */
#include "cuda_internal.h"

#include <stdio.h>

#define DEFAULT_BLOCK_DIM 256

wp_status wpi_cuda_launch(const wp_launch *launch, const wp_kernel_desc *kernel,
                          wp_int32 backward, const void *args,
                          const wp_launch_bounds *bounds) {
  const char *name = kernel->name ? kernel->name : "(unnamed)";
  int ordinal = (int)launch->device - 1;
  const char *entry = backward ? kernel->cuda_backward : kernel->cuda_forward;
  if (!kernel->cuda_module || !kernel->cuda_forward)
    return wp_set_error(WP_ERROR_NO_DEVICE,
                        "kernel %s: this object was compiled without CUDA "
                        "code (warpc --no-cuda or no toolkit)",
                        name);
  if (!entry)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "kernel %s has no backward (adjoint) kernel: compiled "
                        "with enable_backward=False or --no-adjoint",
                        name);
  if (launch->block_dim < 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: block_dim %d is negative", name,
                        (int)launch->block_dim);

  char what[256];
  snprintf(what, sizeof what, "kernel %s: cannot launch on cuda:%d", name,
           ordinal);
  wp_status st;
  const char *why = wpi_cuda_unusable(launch->device, &st);
  if (why)
    return wp_set_error(st, "%s: %s", what, why);

  const wpi_cuda_api *api;
  wpi_cuda_device *dev;
  if ((st = wpi_cuda_enter(launch->device, what, &api, &dev)) != WP_SUCCESS)
    return st;
  wp_int64 block = launch->block_dim ? launch->block_dim : DEFAULT_BLOCK_DIM;
  if (block > dev->max_block) {
    wpi_cuda_leave();
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: block_dim %lld exceeds cuda:%d's limit of "
                        "%d threads per block",
                        name, (long long)block, ordinal, dev->max_block);
  }
  if (bounds->size == 0) { /* nothing to run; not an error, as on the CPU */
    wpi_cuda_leave();
    return WP_SUCCESS;
  }
  CUfunction fn = NULL;
  /* a 1-D launch runs the entry's 1-D companion NAME_1d where the object
     has one (warpc emits it from ABI 4 on: the same loop with the launch
     known to be 1-D, so no thread divides its index); objects without it
     run NAME.  An entry name too long for the buffer skips the companion. */
  char entry_1d[512];
  if (bounds->ndim == 1 &&
      snprintf(entry_1d, sizeof entry_1d, "%s_1d", entry) <
          (int)sizeof entry_1d &&
      (st = wpi_cuda_function(dev, kernel, entry_1d, 1, &fn)) != WP_SUCCESS) {
    wpi_cuda_leave();
    return st;
  }
  if (!fn &&
      (st = wpi_cuda_function(dev, kernel, entry, 0, &fn)) != WP_SUCCESS) {
    wpi_cuda_leave();
    return st;
  }
  /* the default block shrinks to what the entry allows (a kernel compiled
     with @wp.kernel(launch_bounds=N < 256)); an explicit one is the user's */
  int fn_max = 0;
  if (!launch->block_dim &&
      api->cuFuncGetAttribute(&fn_max, 0 /* MAX_THREADS_PER_BLOCK */, fn) ==
          CUDA_SUCCESS &&
      fn_max > 0 && block > fn_max)
    block = fn_max;
  wp_int64 grid = bounds->size / block + (bounds->size % block != 0);
  if (launch->max_blocks > 0 && grid > launch->max_blocks)
    grid = launch->max_blocks;
  if (grid > dev->max_grid_x)
    grid = dev->max_grid_x;
  /* a kernel compiled with @wp.kernel(cluster_dim=N) (sm_90+) launches
     whole clusters of N blocks: the grid rounds up to a multiple of N, or
     down under the max_blocks or device cap (the grid-stride loop covers
     the rest); at least one cluster */
  int cw = 0;
  if (api->cuFuncGetAttribute(&cw, 11 /* REQUIRED_CLUSTER_WIDTH */, fn) ==
          CUDA_SUCCESS &&
      cw > 1) {
    wp_int64 cap = dev->max_grid_x;
    if (launch->max_blocks > 0 && launch->max_blocks < cap)
      cap = launch->max_blocks;
    wp_int64 up = (grid + cw - 1) / cw * cw;
    grid = up <= cap ? up : cap / cw > 0 ? cap / cw * cw : cw;
  }
  /* kernelParams[i] points at parameter i's value.  The driver copies them
   * before cuLaunchKernel returns, so args and bounds may go away after. A
   * kernel without parameters still takes an (empty, 1-byte) struct. */
  static const wp_int64 no_args[2];
  void *params[2] = {(void *)(args ? args : no_args), (void *)bounds};
  CUresult r =
      api->cuLaunchKernel(fn, (unsigned)grid, 1, 1, (unsigned)block, 1, 1, 0,
                          (CUstream)launch->stream, params, NULL);
  if (r == CUDA_SUCCESS && wpi_graph_busy())
    wpi_graph_cuda_launched(launch, kernel, backward, args, bounds, fn,
                            (unsigned)grid, (unsigned)block);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r,
                         "kernel %s: launch on cuda:%d (%lld blocks of %lld "
                         "threads) failed",
                         name, ordinal, (long long)grid, (long long)block);
  return WP_SUCCESS;
}
