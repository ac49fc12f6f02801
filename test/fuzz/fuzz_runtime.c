/* fuzz_runtime.c - libFuzzer target: libwarprt's checks of what a program
 * hands it, on inputs laid out as runtime_input.h describes:
 *   - a CUDA image: wpi_fatbin_describe, and a CUDA launch of a kernel whose
 *     module it is (loaded by the fake driver of test/fakecuda, which
 *     refuses every image, FAKECUDA_MODE=nobinary, so the runtime describes
 *     it in its error message); the image read as a device string;
 *   - an array: a raw wp_array checked as a launcher checks its arguments
 *     (wp_check_array_arg), then wp_array_wrap with the fuzzed dtype, ndim,
 *     shape and strides over a buffer of exactly the span the array may
 *     touch, and fill, zero, copies to and from another device, grads and
 *     wp_array_at on it;
 *   - a launch (wp_launch_kernel) of a CPU kernel that checks the ranges
 *     the pool gives it.
 * Built and run by `make fuzz` (Makefile), which puts the fake driver beside
 * the binary as libcuda.so.1; without it no CUDA driver is loaded.
 *
 * Besides the sanitizers' reports, an input is a crash when the runtime
 * accepts what it documents it refuses, fails without a message, touches
 * device memory outside an allocation or leaks one (the fake driver's
 * counters), or runs a launch's threads other than once each. */
#define _GNU_SOURCE /* dlfcn RTLD_NOLOAD */
#include <dlfcn.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../fakecuda/fakecuda.h"
#include "cuda_internal.h"
#include "runtime_input.h"

/* What one input may cost (the target's own budget, not runtime limits). */
enum {
  MAX_BYTES = 1 << 20, /* buffers behind wrapped arrays and copies */
  MAX_ELEMS = 1 << 16, /* elements walked by fill, zero and copy */
  MAX_ESIZE = 4096,    /* element size filled */
  MAX_TEXT = 512,      /* buffer for descriptions and names */
};

#define FATBIN_MAGIC 0xBA55ED50u
#define FATBIN_WRAPPER_MAGIC 0x466243B1u
#define NO_DRIVER "/nonexistent/warpc-fuzz/libcuda.so.1"

static fakecuda_get_stats_fn get_stats; /* NULL without the fake driver */

static _Noreturn void broken(const char *what) {
  fprintf(stderr, "fuzz_runtime: %s (last error: %s)\n", what, wp_last_error());
  abort();
}

/* A failed call must say why. */
static wp_status checked(wp_status st) {
  if (st != WP_SUCCESS && !wp_last_error()[0])
    broken("a call failed without a message");
  return st;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  setenv("FAKECUDA_MODE", "nobinary", 0);
  if (!getenv("WARP_CUDA_DRIVER")) {
    /* the fake beside the binary, else none (never a real driver: it
       would get the fuzzed images) */
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 16);
    char *slash = n > 0 ? memrchr(path, '/', (size_t)n) : NULL;
    if (slash)
      strcpy(slash + 1, "libcuda.so.1");
    setenv("WARP_CUDA_DRIVER",
           slash && access(path, R_OK) == 0 ? path : NO_DRIVER, 1);
  }
  wp_set_num_threads(2);
  int count = 0;
  wp_cuda_device_count(&count); /* loads the driver */
  void *lib = dlopen(getenv("WARP_CUDA_DRIVER"), RTLD_NOW | RTLD_NOLOAD);
  if (lib)
    get_stats = (fakecuda_get_stats_fn)dlsym(lib, "fakecuda_get_stats");
  fprintf(stderr, "fuzz_runtime: %d CUDA device(s), %s\n", count,
          get_stats ? "fake driver" : "no fake driver");
  return 0;
}

static uint32_t rd32(const unsigned char *p) {
  uint32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* An embedded fatbin is as long as its header says: a stated size past
 * the end of the input is cut to what is there. */
static void fit_fatbin(unsigned char *p, size_t len) {
  if (len < 16 || rd32(p) != FATBIN_MAGIC)
    return;
  uint64_t header = (uint64_t)(p[6] | p[7] << 8), size;
  memcpy(&size, p + 8, sizeof size);
  uint64_t room = header <= len ? len - header : 0;
  if (size > room)
    memcpy(p + 8, &room, sizeof room);
}

/* The tail as an image: NUL-terminated, at least a fatbin header long, a
 * wrapper's data pointer aimed at the bytes after the wrapper. */
static unsigned char *make_image(const uint8_t *tail, size_t n) {
  bool wrapper = n >= 4 && rd32(tail) == FATBIN_WRAPPER_MAGIC;
  size_t min = wrapper ? 24 + 16 : 16, len = n + 1 < min ? min : n + 1;
  unsigned char *img = calloc(1, len);
  if (!img)
    abort();
  memcpy(img, tail, n);
  fit_fatbin(img, len);
  if (wrapper) {
    const unsigned char *inner = img + 24;
    memcpy(img + 8, &inner, sizeof inner);
    fit_fatbin(img + 24, len - 24);
  }
  return img;
}

/* A text buffer of exactly n bytes must come back NUL-terminated. */
static void check_text(const char *buf, size_t n, const char *what) {
  if (n > 0 && !memchr(buf, 0, n))
    broken(what);
}

static void fuzz_image(const unsigned char *img, const fuzz_rt_params *p) {
  size_t n = p->text_size % (MAX_TEXT + 1);
  char *buf = malloc(n ? n : 1);
  wpi_fatbin_describe(img, buf, n);
  check_text(buf, n, "wpi_fatbin_describe: no NUL within the buffer");
  wp_device dev = 0;
  if (checked(wp_device_from_string((const char *)img, &dev)) == WP_SUCCESS) {
    if (wp_device_name(dev, buf, n) == WP_SUCCESS)
      check_text(buf, n, "wp_device_name: no NUL within the buffer");
    if (wp_device_alias(dev, buf, n) == WP_SUCCESS)
      check_text(buf, n, "wp_device_alias: no NUL within the buffer");
  }
  free(buf);
}

/* ---- arrays ------------------------------------------------------------ */

/* Bytes from element 0 to the end of the last one, computed here from the
 * array's fields; -1 when a stride is negative or the sum overflows. */
static int64_t span_of(const wp_array *a) {
  int64_t end = a->elem_size, off;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] == 0)
      return 0;
  for (int k = 0; k < a->ndim; k++)
    if (a->strides[k] < 0 ||
        __builtin_mul_overflow(a->shape[k] - 1, a->strides[k], &off) ||
        __builtin_add_overflow(end, off, &end))
      return -1;
  return end;
}

static void fuzz_raw_array(const fuzz_rt_params *p) {
  static char dummy[1];
  wp_array raw = {.data = p->flags & FZ_NULL_DATA ? NULL : dummy,
                  .ndim = p->ndim,
                  .dtype = p->dtype,
                  .elem_size = (int32_t)p->elem_size,
                  .device = p->device};
  memcpy(raw.shape, p->shape, sizeof raw.shape);
  memcpy(raw.strides, p->strides, sizeof raw.strides);
  checked(wp_check_array_arg(&raw, p->want_dtype,
                             p->flags & FZ_NAMED ? "vec3f" : NULL, p->want_ndim,
                             p->want_device, "fuzz_k", "a"));
  wp_array_size(&raw);
  wp_array_is_contiguous(&raw);
  char name[32];
  wp_dtype_name(p->dtype, name, sizeof name);
  check_text(name, sizeof name, "wp_dtype_name: no NUL within 32 bytes");
  wp_dtype_size(p->dtype);
}

/* Operations on the wrapped array `a` (its elements lie in `span` bytes). */
static void fuzz_array_ops(wp_array *a, int64_t span, const fuzz_rt_params *p) {
  int64_t n = wp_array_size(a);
  if (n > MAX_ELEMS || a->elem_size > MAX_ESIZE || n * a->elem_size > MAX_BYTES)
    return;
  unsigned char *value = malloc((size_t)a->elem_size);
  for (int32_t i = 0; i < a->elem_size; i++)
    value[i] = p->value[i % 16];
  checked(wp_array_fill(a, value));
  free(value);
  void *at = wp_array_at(a, p->idx);
  if (at && ((char *)at < (char *)a->data ||
             (char *)at + a->elem_size > (char *)a->data + span))
    broken("wp_array_at: an address outside the array's span");

  wp_array b;
  if (checked(wp_array_alloc(&b, a->dtype, (wp_size)a->elem_size, a->ndim,
                             a->shape, 1, p->copy_device)) == WP_SUCCESS) {
    if (p->flags & FZ_ASYNC) {
      checked(wp_array_copy_async(&b, a, NULL));
      checked(wp_array_copy_async(a, &b, NULL));
      checked(wp_synchronize(a->device));
      checked(wp_synchronize(b.device));
    } else {
      checked(wp_array_copy(&b, a));
      checked(wp_array_copy(a, &b));
    }
    checked(wp_array_zero_grad(&b));
    wp_array_free(&b);
  }
  checked(wp_array_zero(a));
  if (span <= MAX_BYTES && checked(wp_array_alloc_grad(a)) == WP_SUCCESS)
    checked(wp_array_zero_grad(a));
}

static void fuzz_wrap(const fuzz_rt_params *p) {
  static _Alignas(64) char dummy[64]; /* aligned for every dtype */
  const int64_t *strides = p->flags & FZ_STRIDES ? p->strides : NULL;
  void *probe = p->flags & FZ_NULL_DATA ? NULL : dummy;
  wp_array a;
  if (checked(wp_array_wrap(&a, probe, p->dtype, p->elem_size, p->ndim,
                            p->shape, strides, p->device)) != WP_SUCCESS)
    return;
  /* accepted: check what it describes */
  if (a.ndim < 1 || a.ndim > 4 || a.elem_size <= 0 || a.device != p->device)
    broken("wp_array_wrap accepted a bad ndim, element size or device");
  if (memcmp(a.shape, p->shape, sizeof(int64_t) * (size_t)a.ndim))
    broken("wp_array_wrap changed the shape");
  if (strides && memcmp(a.strides, strides, sizeof(int64_t) * (size_t)a.ndim))
    broken("wp_array_wrap changed the strides");
  int64_t span = span_of(&a);
  if (span < 0)
    broken("wp_array_wrap accepted strides whose span overflows");
  if (!probe && span > 0)
    broken("wp_array_wrap accepted NULL data for a non-empty array");
  if (!probe || span > MAX_BYTES)
    return;

  /* wrap a buffer of exactly span bytes (at the fuzzed misalignment) */
  size_t off = p->offset % 64, bytes = (size_t)span + off;
  wp_array dev = {0};
  char *base;
  if (a.device == WP_DEVICE_CPU) {
    base = malloc(bytes ? bytes : 1);
  } else {
    int64_t extent = bytes ? (int64_t)bytes : 1;
    if (checked(wp_array_alloc(&dev, WP_UINT8, 0, 1, &extent, 0, a.device)) !=
        WP_SUCCESS)
      return;
    base = dev.data;
  }
  /* a non-empty array is refused at a pointer misaligned for its dtype,
     accepted at any aligned one */
  wp_size align = wp_dtype_alignment(p->dtype);
  bool misaligned = span > 0 && align > 1 && off % (size_t)align != 0;
  wp_status st = wp_array_wrap(&a, base + off, p->dtype, p->elem_size, p->ndim,
                               p->shape, strides, p->device);
  if (misaligned) {
    if (st == WP_SUCCESS)
      broken("wp_array_wrap accepted a data pointer misaligned for its dtype");
    checked(st);
    if (dev.data)
      wp_array_free(&dev);
    else
      free(base);
    return;
  }
  if (checked(st) != WP_SUCCESS)
    broken("wp_array_wrap refused what it accepted with another pointer");
  fuzz_array_ops(&a, span, p);
  wp_array_free(&a);
  if (a.data || a.grad)
    broken("wp_array_free left data or grad set");
  if (dev.data)
    wp_array_free(&dev);
  else
    free(base);
}

/* ---- launches ---------------------------------------------------------- */

typedef struct kernel_args {
  _Atomic int64_t threads; /* threads run so far */
  int64_t shape[4];
  int32_t ndim;
} kernel_args;

static void range_fn(const void *args_, const wp_launch_bounds *b,
                     wp_int64 begin, wp_int64 end) {
  kernel_args *args = (kernel_args *)args_;
  int64_t size = 1;
  if (b->ndim != args->ndim)
    broken("the kernel got another ndim than the launch's");
  for (int k = 0; k < b->ndim; k++)
    if (b->shape[k] != args->shape[k] ||
        __builtin_mul_overflow(size, b->shape[k], &size))
      broken("the kernel got another shape than the launch's");
  if (size != b->size || begin < 0 || begin >= end || end > b->size)
    broken("the kernel got a range outside the launch");
  atomic_fetch_add(&args->threads, end - begin);
}

static void fuzz_launch(const fuzz_rt_params *p, const unsigned char *img) {
  bool cuda = p->flags & FZ_CUDA_CODE;
  wp_kernel_desc k = {
      .abi = WP_KERNEL_DESC_ABI,
      .name = "fuzz_k",
      .cpu_forward = range_fn,
      .cpu_backward = p->flags & FZ_NO_ADJOINT ? NULL : range_fn,
      .args_size = sizeof(kernel_args),
      .cuda_module = cuda ? img : NULL,
      .cuda_forward = cuda ? "fuzz_k_cuda_forward" : NULL,
      .cuda_backward =
          cuda && !(p->flags & FZ_NO_ADJOINT) ? "fuzz_k_cuda_backward" : NULL,
  };
  wp_launch l = {.ndim = p->launch_ndim,
                 .device = p->launch_device,
                 .block_dim = p->block_dim,
                 .max_blocks = p->max_blocks};
  memcpy(l.dims, p->launch_dims, sizeof l.dims);
  kernel_args args = {.ndim = l.ndim == 0 ? 1 : l.ndim};
  memcpy(args.shape, l.dims, sizeof args.shape);
  int backward = (p->flags & FZ_BACKWARD) != 0;
  wp_status st = checked(wp_launch_kernel(&l, &k, backward, &args));
  if (st != WP_SUCCESS || l.device != WP_DEVICE_CPU)
    return;
  int64_t size = 1;
  for (int i = 0; i < args.ndim; i++)
    size *= l.dims[i]; /* the launch was accepted: no overflow */
  if (atomic_load(&args.threads) != size)
    broken("a CPU launch did not run each of its threads once");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_rt_params p = {0};
  size_t head = size < sizeof p ? size : sizeof p;
  memcpy(&p, data, head);
  fakecuda_stats before = {0}, after = {0};
  if (get_stats)
    get_stats(&before);

  unsigned char *img = make_image(data + head, size - head);
  fuzz_image(img, &p);
  fuzz_raw_array(&p);
  fuzz_wrap(&p);
  fuzz_launch(&p, img);
  free(img);

  if (get_stats) {
    get_stats(&after);
    if (after.bad_pointer != before.bad_pointer)
      broken("device memory touched outside an allocation");
    if (after.live_allocs != before.live_allocs)
      broken("device memory leaked");
    if (after.no_context != before.no_context)
      broken("a driver call made without a current context");
  }
  return 0;
}
