/* no_cuda.c - without a usable CUDA every CUDA entry point fails with
 * the reason, and CPU work goes on; the device-independent API. */
#include "fixture.h"

#include <string.h>

/* ---- no usable CUDA -------------------------------------------------------
 * Every CUDA entry point fails with WP_ERROR_NO_DEVICE and `reason`. */

void check_no_cuda(const char *reason) {
  int count = -1;
  CHECK(wp_cuda_device_count(&count) == WP_SUCCESS && count == 0);
  CHECK_ERR(wp_cuda_device_count(NULL), WP_ERROR_INVALID_VALUE, "NULL");
  CHECK_ERR(wp_cuda_init(), WP_ERROR_NO_DEVICE, reason);
  CHECK(strncmp(wp_last_error(), "CUDA is not available: ", 23) == 0);

  wp_array a;
  wp_int64 n = 10;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, CUDA0),
            WP_ERROR_NO_DEVICE, reason);
  CHECK(strncmp(wp_last_error(), "wp_array_alloc: device cuda:0: ", 31) == 0);
  CHECK(a.data == NULL);
  float buf[10];
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 1, &n, NULL, CUDA1),
            WP_ERROR_NO_DEVICE, "wp_array_wrap: device cuda:1: ");
  char name[64];
  CHECK_ERR(wp_device_name(CUDA0, name, sizeof name), WP_ERROR_NO_DEVICE,
            reason);
  int sm;
  CHECK_ERR(wp_cuda_device_arch(CUDA0, &sm), WP_ERROR_NO_DEVICE, reason);
  CHECK_ERR(wp_synchronize(CUDA0), WP_ERROR_NO_DEVICE, reason);
  void *s;
  CHECK_ERR(wp_stream_create(CUDA0, &s), WP_ERROR_NO_DEVICE, reason);
  CHECK(s == NULL);
  CHECK_ERR(wp_event_create(CUDA0, &s), WP_ERROR_NO_DEVICE, reason);

  /* A launch: the documented message, then the reason. */
  wp_array x;
  float host[4] = {1, 2, 3, 4};
  wp_int64 four = 4;
  CHECK(wp_array_wrap(&x, host, WP_FLOAT32, 0, 1, &four, NULL, 0) ==
        WP_SUCCESS);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {4}, .device = CUDA0};
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 0, &args), WP_ERROR_NO_DEVICE,
            reason);
  CHECK(strncmp(wp_last_error(),
                "kernel test_scale: cannot launch on cuda:0: ", 44) == 0);
  /* A CPU-only object says so before looking for a driver. */
  CHECK_ERR(wp_launch_kernel(&l, &cpu_only_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_cpu_only: this object was compiled without CUDA "
               "code (warpc --no-cuda or no toolkit)") == 0);
  CHECK(host[0] == 1.0f); /* nothing ran */
  check_cpu_still_works();
}

/* ---- device-independent API ---------------------------------------------- */

void test_device_strings(void) {
  char buf[32];
  wp_device d = -5;
  CHECK(wp_device_alias(WP_DEVICE_CPU, buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cpu") == 0);
  CHECK(wp_device_alias(WP_DEVICE_CUDA(3), buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cuda:3") == 0);
  CHECK(wp_device_alias(WP_DEVICE_CUDA(3), buf, 4) == WP_SUCCESS &&
        strcmp(buf, "cud") == 0);
  CHECK_ERR(wp_device_alias(-2, buf, sizeof buf), WP_ERROR_NO_DEVICE,
            "not a device");
  CHECK_ERR(wp_device_alias(0, NULL, 3), WP_ERROR_INVALID_VALUE, "buf");
  CHECK(wp_device_from_string("cpu", &d) == WP_SUCCESS && d == WP_DEVICE_CPU);
  CHECK(wp_device_from_string("cuda", &d) == WP_SUCCESS && d == CUDA0);
  CHECK(wp_device_from_string("cuda:12", &d) == WP_SUCCESS &&
        d == WP_DEVICE_CUDA(12));
  const char *bad[] = {"gpu", "cuda:", "cuda:-1", "cuda:1x", "CPU", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_ERR(wp_device_from_string(bad[i], &d), WP_ERROR_INVALID_VALUE,
              "is not a device (expected cpu, cuda or cuda:N)");
  CHECK_ERR(wp_device_from_string(NULL, &d), WP_ERROR_INVALID_VALUE, "NULL");
  CHECK(wp_device_name(WP_DEVICE_CPU, buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cpu") == 0);
  int sm;
  CHECK_ERR(wp_cuda_device_arch(WP_DEVICE_CPU, &sm), WP_ERROR_INVALID_VALUE,
            "the cpu is not a CUDA device");
  void *s = &s;
  CHECK_ERR(wp_stream_create(WP_DEVICE_CPU, &s), WP_ERROR_NOT_SUPPORTED,
            "the cpu has no streams");
  CHECK(wp_stream_synchronize(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, NULL) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_event_record(CUDA0, NULL, NULL), WP_ERROR_INVALID_VALUE,
            "event is NULL");
  float ms;
  CHECK_ERR(wp_event_elapsed_ms(CUDA0, NULL, s, &ms), WP_ERROR_INVALID_VALUE,
            "start is NULL");
  wp_launch neg = {.ndim = 1, .dims = {4}, .device = -3};
  CHECK_ERR(wp_launch_kernel(&neg, &scale_desc, 0, &neg), WP_ERROR_NO_DEVICE,
            "kernel test_scale: invalid device -3");
  wp_array a;
  wp_int64 n = 4;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, -3), WP_ERROR_NO_DEVICE,
            "device -3 is not a device");
}
