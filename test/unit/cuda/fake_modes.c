/* fake_modes.c - one test per mode of the fake CUDA driver
 * ($FAKECUDA_MODE): ok runs every fake test, the others a failure. */
#include "fixture.h"

#include <dlfcn.h>
#include <stdint.h>
#include <string.h>

void test_fake_ok(void) {
  /* No CUDA use yet: the driver has not even been loaded. */
  check_cpu_still_works();
  CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == NULL);
  int count = 0;
  CHECK(wp_cuda_device_count(&count) == WP_SUCCESS && count == 2);
  CHECK(find_hooks());
  if (!get_stats)
    return;
  test_fake_devices();
  test_fake_memory();
  test_fake_streams();
  test_fake_launch();
  test_fake_tape();
  test_fake_threads();
  test_fake_dlpack();
  test_fake_stream_order();
  test_fake_memory_info();
  test_fake_graph();
  test_fake_capture();
  test_fake_mempool();
  test_fake_hash_grid();
  test_fake_volume();
  test_fake_bvh_mesh();
  check_fake_balance();
  check_cpu_still_works();
}

/* A module load the driver refuses: the message names the archs. */
void test_fake_nobinary(int old_ptx) {
  CHECK(find_hooks());
  wp_array x = device_floats(CUDA0, 100, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {100}, .device = CUDA0};
  wp_kernel_desc k = scale_desc;
  k.cuda_module = module_image;
  int real = module_image != fatbin; /* a fatbinary-made file */
  CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
            "kernel test_scale: cannot load its CUDA code on cuda:0 (sm_86): ");
  const char *e = wp_last_error();
  if (old_ptx) {
    CHECK(strstr(e, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION") != NULL);
    CHECK(strstr(e, "its PTX is newer than this driver accepts; update the "
                    "driver or rebuild with warpc --cuda-arch sm_86") != NULL);
  } else {
    CHECK(strstr(e, "CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is "
                    "available for execution on the device; the object "
                    "holds ") != NULL);
    CHECK(strstr(e, real ? "cubins for sm_75 and sm_90, and PTX for "
                           "compute_75, none of them usable on sm_86"
                         : "cubins for sm_75 and sm_90, and PTX for "
                           "compute_90, none of them usable on sm_86") != NULL);
    CHECK(strstr(e, "; rebuild with warpc --cuda-arch sm_86") != NULL);
  }
  /* Not cached: the next launch tries again. */
  CHECK(wp_launch_kernel(&l, &k, 0, &args) == WP_ERROR_CUDA);
  CHECK(stats().module_loads == 2 && stats().launches == 0);
  if (!old_ptx) {
    /* An image that is no fatbin: no list, still the advice. */
    k.cuda_module = "garbage";
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds no cubin or PTX usable on sm_86; rebuild with "
              "warpc --cuda-arch sm_86");
    /* An entry whose header size runs past the image ends the list. */
    static _Alignas(8) unsigned char cut[sizeof fatbin];
    memcpy(cut, fatbin, sizeof fatbin);
    put32(cut + 16 + 80 + 4, 0xffffff00u);
    put32(cut + 16 + 80 + 28, 99);
    k.cuda_module = cut;
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds a cubin for sm_75, none of them usable");
    /* A size that wraps around: no entries. */
    put64(cut + 8, UINT64_MAX - 8);
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds no cubin and no PTX, none of them usable");
    /* Plain PTX text names its target. */
    k.cuda_module = scale_ptx;
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds PTX for compute_52, none of them usable");
  }
  wp_array_free(&x);
  check_fake_balance();
  check_cpu_still_works();
}

void test_fake_launchfail(void) {
  CHECK(find_hooks());
  wp_array x = device_floats(CUDA0, 1000, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {1000}, .device = CUDA0};
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 0, &args), WP_ERROR_CUDA, "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_scale: launch on cuda:0 (4 blocks of 256 threads) "
               "failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many resources "
               "requested for launch") == 0);
  CHECK(device_all_equal(&x, 1.0f));
  wp_array_free(&x);
  check_fake_balance();
  check_cpu_still_works();
}

void test_fake_oom(void) {
  CHECK(find_hooks());
  wp_array a;
  wp_int64 n = 1000;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 1, CUDA0),
            WP_ERROR_OUT_OF_MEMORY, "");
  CHECK(strcmp(wp_last_error(),
               "wp_array_alloc: cannot allocate 4000 bytes on cuda:0: "
               "CUDA_ERROR_OUT_OF_MEMORY: out of memory") == 0);
  CHECK(a.data == NULL && a.ndim == 0);
  CHECK_ERR(wp_array_alloc_pinned(&a, WP_FLOAT32, 0, 1, &n, 0),
            WP_ERROR_OUT_OF_MEMORY,
            "wp_array_alloc_pinned: cannot allocate 4000 bytes of pinned "
            "memory: CUDA_ERROR_OUT_OF_MEMORY");
  CHECK(a.data == NULL && a.flags == 0);
  test_fake_volume_oom();
  check_fake_balance();
  check_cpu_still_works();
}
