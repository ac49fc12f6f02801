/* test_abi_check.c - wp_launch_kernel checks the ABI word of every kernel
 * descriptor (abi.h: WP_ABI_VERSION) before it reads anything else of it:
 * a descriptor of this version runs; one whose word names another version,
 * one of the layout of ABI 3 and older (the launcher's name where the word
 * now is) and one without the word (0) are refused with
 * WP_ERROR_ABI_MISMATCH and a message naming both versions, on the CPU, for
 * a CUDA device and for a launch recorded on a tape, and the kernel never
 * runs.  Also the runtime's version symbol (WP_ABI_SYMBOL) and the launch
 * macros WP_LAUNCH_4D / wp_launch_4d (launch.h). */
#include <warp/warp.h>

#include <stdio.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

/* The kernel counts the threads it ran and records the launch's shape. */
typedef struct count_args {
  _Atomic long *ran;
  wp_launch_bounds *bounds;
} count_args;

static void count_range(const void *args, const wp_launch_bounds *b,
                        wp_int64 begin, wp_int64 end) {
  const count_args *a = args;
  *a->ran += (long)(end - begin);
  if (begin == 0)
    *a->bounds = *b;
}

static wp_kernel_desc desc_with(wp_uint64 word) {
  wp_kernel_desc d = {.abi = word,
                      .abi_symbol = &WP_ABI_SYMBOL,
                      .name = "abi_k",
                      .cpu_forward = count_range,
                      .cpu_backward = count_range,
                      .args_size = sizeof(count_args)};
  return d;
}

/* A descriptor as warpc wrote it up to ABI version 3 (abi.h of warpc 0.1.0
 * before the ABI word): the launcher's name first. */
typedef struct desc_v3 {
  const char *name;
  wp_cpu_range_fn cpu_forward;
  wp_cpu_range_fn cpu_backward;
  wp_size args_size;
  const void *cuda_module;
  const char *cuda_forward;
  const char *cuda_backward;
  const wp_uint32 *array_offsets;
  wp_int32 narrays;
} desc_v3;

/* Sizes big enough for any layout read as a wp_kernel_desc (the runtime
 * reads only the first word of a refused one). */
typedef union old_desc {
  desc_v3 v3;
  wp_kernel_desc now;
} old_desc;

static _Atomic long ran;
static wp_launch_bounds bounds;

static wp_status launch_on(const wp_launch *l, const wp_kernel_desc *k,
                           int backward) {
  count_args a = {&ran, &bounds};
  ran = 0;
  memset(&bounds, 0, sizeof bounds);
  return wp_launch_kernel(l, k, backward, &a);
}

static int contains(const char *text) {
  return strstr(wp_last_error(), text) != NULL;
}

static void test_current_version(void) {
  CHECK(WP_ABI_VERSION == 4);
  CHECK(WP_ABI_SYMBOL == WP_ABI_VERSION);
  CHECK(wp_abi_version_4 == 4u);
  /* magic in the high half, the version in the low half */
  CHECK(WP_KERNEL_DESC_ABI == 0x5750414b00000004ull);
  wp_kernel_desc d = desc_with(WP_KERNEL_DESC_ABI);
  CHECK(launch_on(&WP_LAUNCH_1D(1000), &d, 0) == WP_SUCCESS);
  CHECK(ran == 1000);
  CHECK(launch_on(&WP_LAUNCH_1D(7), &d, 1) == WP_SUCCESS);
  CHECK(ran == 7);
  /* abi_symbol is not needed at run time */
  d.abi_symbol = NULL;
  CHECK(launch_on(&WP_LAUNCH_1D(3), &d, 0) == WP_SUCCESS);
  CHECK(ran == 3);
}

static void test_other_versions(void) {
  static const unsigned versions[] = {5, 3, 0, 1000};
  for (size_t i = 0; i < sizeof versions / sizeof *versions; i++) {
    char want[128];
    wp_kernel_desc d = desc_with(WP_ABI_WORD(versions[i]));
    for (int backward = 0; backward < 2; backward++) {
      CHECK(launch_on(&WP_LAUNCH_1D(10), &d, backward) ==
            WP_ERROR_ABI_MISMATCH);
      CHECK(ran == 0);
      snprintf(want, sizeof want,
               "kernel abi_k: the object was built for warpc ABI version %u, "
               "this runtime (libwarprt) has ABI version 4",
               versions[i]);
      CHECK(contains(want));
      CHECK(contains("rebuild the object with the warpc that matches the "
                     "runtime"));
    }
  }
  /* checked before the launch itself: a NULL launch, a CUDA device (none
     here: no driver is loaded), a tape */
  wp_kernel_desc d = desc_with(WP_ABI_WORD(5));
  count_args a = {&ran, &bounds};
  CHECK(wp_launch_kernel(NULL, &d, 0, &a) == WP_ERROR_ABI_MISMATCH);
  wp_launch cuda = wp_launch_1d(4);
  cuda.device = WP_DEVICE_CUDA(0);
  CHECK(launch_on(&cuda, &d, 0) == WP_ERROR_ABI_MISMATCH);
  CHECK(contains("ABI version 5"));
  wp_tape *tape = NULL;
  CHECK(wp_tape_create(&tape) == WP_SUCCESS);
  wp_launch taped = wp_launch_1d(4);
  taped.tape = tape;
  CHECK(launch_on(&taped, &d, 0) == WP_ERROR_ABI_MISMATCH);
  CHECK(ran == 0);
  CHECK(wp_tape_launch_count(tape) == 0);
  wp_kernel_desc good = desc_with(WP_KERNEL_DESC_ABI);
  CHECK(launch_on(&taped, &good, 0) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(tape) == 1);
  wp_tape_destroy(tape);
}

static void test_old_layout(void) {
  old_desc o;
  memset(&o, 0, sizeof o);
  o.v3.name = "old_module_k";
  o.v3.cpu_forward = count_range;
  o.v3.args_size = sizeof(count_args);
  CHECK(launch_on(&WP_LAUNCH_1D(10), &o.now, 0) == WP_ERROR_ABI_MISMATCH);
  CHECK(ran == 0);
  CHECK(contains("kernel old_module_k: the object was built for warpc ABI "
                 "version 3 or older (its kernel descriptor has no ABI word), "
                 "this runtime (libwarprt) has ABI version 4"));
  CHECK(contains("rebuild the object"));
}

/* A corrupt descriptor whose first word is neither an ABI word nor a
 * readable name: refused with its address, no fault (was a SIGSEGV). */
static void test_corrupt_word(void) {
  wp_kernel_desc d = desc_with(0x1234);
  CHECK(launch_on(&WP_LAUNCH_1D(10), &d, 0) == WP_ERROR_ABI_MISMATCH);
  CHECK(ran == 0);
  CHECK(contains("kernel (descriptor at 0x"));
  CHECK(contains("version 3 or older"));
  wp_kernel_desc e = desc_with(~(wp_uint64)0 >> 1);
  CHECK(launch_on(&WP_LAUNCH_1D(10), &e, 0) == WP_ERROR_ABI_MISMATCH);
}

static void test_no_word(void) {
  /* a hand-made descriptor that forgot .abi */
  wp_kernel_desc d = desc_with(0);
  CHECK(launch_on(&WP_LAUNCH_1D(10), &d, 0) == WP_ERROR_ABI_MISMATCH);
  CHECK(ran == 0);
  CHECK(contains("has no ABI word (abi is 0; this runtime has ABI version 4)"));
  CHECK(contains(".abi = WP_KERNEL_DESC_ABI"));
  CHECK(strcmp(wp_status_string(WP_ERROR_ABI_MISMATCH),
               "WP_ERROR_ABI_MISMATCH") == 0);
}

/* WP_LAUNCH_4D and wp_launch_4d: a 2x3x4x5 launch runs 120 threads with
 * that shape (the C form; the C++ form is in test/cli/cxx_runtime.sh). */
static void test_launch_4d(void) {
  wp_kernel_desc d = desc_with(WP_KERNEL_DESC_ABI);
  CHECK(launch_on(&WP_LAUNCH_4D(2, 3, 4, 5), &d, 0) == WP_SUCCESS);
  CHECK(ran == 2 * 3 * 4 * 5);
  CHECK(bounds.ndim == 4);
  CHECK(bounds.shape[0] == 2 && bounds.shape[1] == 3 && bounds.shape[2] == 4 &&
        bounds.shape[3] == 5);
  CHECK(bounds.size == 120);
  wp_launch l = WP_LAUNCH_4D(1, 2, 0, 9);
  CHECK(l.ndim == 4 && l.dims[3] == 9 && l.device == WP_DEVICE_CPU &&
        l.stream == NULL && l.tape == NULL && l.block_dim == 0);
  CHECK(launch_on(&l, &d, 0) == WP_SUCCESS);
  CHECK(ran == 0);
  wp_launch f = wp_launch_4d(7, 1, 1, 2);
  CHECK(f.ndim == 4 && f.dims[0] == 7 && f.dims[3] == 2);
  CHECK(launch_on(&f, &d, 0) == WP_SUCCESS);
  CHECK(ran == 14);
}

int main(void) {
  test_current_version();
  test_other_versions();
  test_old_layout();
  test_no_word();
  test_corrupt_word();
  test_launch_4d();
  wp_shutdown();
  return check_report("test_abi_check");
}
