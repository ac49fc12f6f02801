/* launch_tiled.c - the launch of a tiled kernel launch (wp.launch_tiled):
 * the grid with the block dimension appended, and the check of a kernel's
 * compiled CUDA block size (<warp/abi.h>). */
#include "internal.h"

#include <string.h>

wp_status wp_launch_tiled_dims(const wp_launch *launch, wp_launch *out) {
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_launch_tiled_dims: out is NULL");
  wp_launch l;
  if (launch)
    l = *launch;
  else
    memset(&l, 0, sizeof l);
  if (l.ndim == 0)
    l.ndim = 1;
  if (l.ndim < 0 || l.ndim > 3)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "a tiled launch takes a grid of 1 to 3 dimensions "
                        "(the block dimension is appended), got ndim %d",
                        (int)l.ndim);
  wp_int64 lanes = 1; /* the CPU: a block is one thread, as in Warp */
  if (l.device != WP_DEVICE_CPU) {
    if (l.block_dim <= 0)
      l.block_dim = 256;
    lanes = l.block_dim;
  }
  l.dims[l.ndim++] = lanes;
  *out = l;
  return WP_SUCCESS;
}

wp_status wp_launch_check_block_dim(const wp_launch *launch, wp_int32 block_dim,
                                    const char *kernel) {
  if (!launch || launch->device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  wp_int32 b = launch->block_dim > 0 ? launch->block_dim : 256;
  if (b == block_dim)
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_INVALID_VALUE,
                      "kernel %s was compiled for CUDA blocks of %d threads "
                      "(its wp.tile()/wp.untile() span the block: warpc "
                      "--block-dim N, or the module option block_dim), not "
                      "the launch's block_dim %d",
                      kernel ? kernel : "?", (int)block_dim, (int)b);
}
