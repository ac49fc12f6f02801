/* test_launch_tiled.c - wp_launch_tiled_dims (<warp/abi.h>), what the
 * generated MODULE_k_tiled launchers (wp.launch_tiled) call: the grid with
 * the block dimension appended, 1 on the CPU (Warp's CPU backend runs a
 * block as one thread) and launch->block_dim on CUDA (256 when 0, which
 * also becomes the CUDA block size); a grid of 0 dimensions counts as 1;
 * more than 3 dimensions and a NULL out are errors with a message. */
#include <warp/warp.h>

#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

int main(void) {
  wp_launch out;
  /* CPU: the lane dimension is 1 */
  wp_launch grid = wp_launch_2d(3, 5);
  grid.block_dim = 64;
  CHECK(wp_launch_tiled_dims(&grid, &out) == WP_SUCCESS);
  CHECK(out.ndim == 3 && out.dims[0] == 3 && out.dims[1] == 5 &&
        out.dims[2] == 1 && out.block_dim == 64);
  /* CUDA: block_dim, default 256 */
  grid.device = WP_DEVICE_CUDA(0);
  CHECK(wp_launch_tiled_dims(&grid, &out) == WP_SUCCESS);
  CHECK(out.ndim == 3 && out.dims[2] == 64 && out.block_dim == 64 &&
        out.device == WP_DEVICE_CUDA(0));
  grid.block_dim = 0;
  CHECK(wp_launch_tiled_dims(&grid, &out) == WP_SUCCESS);
  CHECK(out.dims[2] == 256 && out.block_dim == 256);
  /* ndim 0 is 1-d; NULL is the zero launch */
  wp_launch zero;
  memset(&zero, 0, sizeof zero);
  zero.dims[0] = 7;
  CHECK(wp_launch_tiled_dims(&zero, &out) == WP_SUCCESS);
  CHECK(out.ndim == 2 && out.dims[0] == 7 && out.dims[1] == 1);
  CHECK(wp_launch_tiled_dims(NULL, &out) == WP_SUCCESS);
  CHECK(out.ndim == 2 && out.dims[0] == 0 && out.dims[1] == 1);
  /* errors */
  wp_launch four = wp_launch_4d(1, 2, 3, 4);
  CHECK_ERR(wp_launch_tiled_dims(&four, &out), WP_ERROR_INVALID_VALUE,
            "1 to 3 dimensions");
  CHECK_ERR(wp_launch_tiled_dims(&grid, NULL), WP_ERROR_INVALID_VALUE,
            "out is NULL");
  wp_launch neg = grid;
  neg.ndim = -1;
  CHECK_ERR(wp_launch_tiled_dims(&neg, &out), WP_ERROR_INVALID_VALUE,
            "got ndim -1");
  return check_report("test_launch_tiled");
}
