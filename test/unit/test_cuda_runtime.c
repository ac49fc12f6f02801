/* test_cuda_runtime.c - libwarprt's CUDA paths: devices, device memory,
 * streams, events, module loading and launches.
 *
 * No GPU is needed.  $WARPRT_TEST_CUDA selects what the test expects:
 *   (unset)   whatever this machine has: without a usable driver, the
 *             no-device errors; with a real GPU, memory round trips and a
 *             launch of a hand-written PTX kernel on cuda:0;
 *   nodriver  the driver cannot be loaded (the message names dlerror's);
 *   fake      the fake driver of test/fakecuda is what dlopen finds
 *             (LD_LIBRARY_PATH), in the mode $FAKECUDA_MODE;
 *   incomplete the fake driver lacks an entry point;
 *   olddriver the fake driver lacks the optional entry points (graphs,
 *             stream waits, memory info: built with FAKECUDA_OMIT_GRAPHS).
 * test/cli/cuda_fake_driver.sh runs every case.  CPU launches are checked
 * to work in every case.
 *
 * This file holds main(); the fixture and the checks, by area, are the
 * files test/unit/cuda/NAME.c, linked into the same program (Makefile).
 */

#include "cuda/fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

CHECK_TALLY;

int main(void) {
  const char *expect = getenv("WARPRT_TEST_CUDA");
  const char *mode = getenv("FAKECUDA_MODE");
  if (!expect)
    expect = "";
  if (!mode || !*mode)
    mode = "ok";
  setenv("FAKECUDA_MAX_GRID", "64", 0); /* read by the fake when loaded */
  build_fatbin();
  test_device_strings();
  if (strcmp(expect, "nodriver") == 0) {
    const char *path = getenv("WARP_CUDA_DRIVER");
    char reason[512];
    snprintf(reason, sizeof reason, "the CUDA driver (%s) is not available: ",
             path && *path ? path : "libcuda.so.1");
    check_no_cuda(reason);
  } else if (strcmp(expect, "incomplete") == 0) {
    check_no_cuda("it lacks cuMemsetD32_v2 (driver too old?)");
  } else if (strcmp(expect, "olddriver") == 0) {
    test_old_driver();
  } else if (strcmp(expect, "fake") == 0) {
    if (strcmp(mode, "ok") == 0)
      test_fake_ok();
    else if (strcmp(mode, "nodevice") == 0)
      check_no_cuda("no CUDA device is present (cuInit: CUDA_ERROR_NO_DEVICE: "
                    "no CUDA-capable device is detected)");
    else if (strcmp(mode, "nobinary") == 0)
      test_fake_nobinary(0);
    else if (strcmp(mode, "oldptx") == 0)
      test_fake_nobinary(1);
    else if (strcmp(mode, "launchfail") == 0)
      test_fake_launchfail();
    else if (strcmp(mode, "oom") == 0)
      test_fake_oom();
    else
      CHECK(!"unknown FAKECUDA_MODE");
  } else {
    int count = 0;
    CHECK(wp_cuda_device_count(&count) == WP_SUCCESS);
    if (count == 0) {
      wp_cuda_init(); /* whatever the reason is, it is the one reported */
      char reason[1024];
      snprintf(reason, sizeof reason, "%s",
               wp_last_error() + strlen("CUDA is not available: "));
      check_no_cuda(reason);
    } else if (find_hooks()) {
      printf("the fake driver is installed; run cuda_fake_driver.sh\n");
    } else {
      test_real_gpu();
    }
  }
  wp_shutdown();
  return check_report(NULL);
}
