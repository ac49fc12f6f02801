/* launch.c - checking kernel arguments and launching kernels on a device. */
#include "cuda_internal.h"

#include <stdio.h>
#include <string.h>

static const char *kernel_name(const wp_kernel_desc *kernel) {
  return kernel->name ? kernel->name : "(unnamed)";
}

/* The runtime's symbol of its ABI version (abi.h: WP_ABI_SYMBOL), which
 * every descriptor warpc writes references: an object of another version
 * does not link against this runtime. */
const wp_uint32 WP_ABI_SYMBOL = WP_ABI_VERSION;

/* The error of a descriptor whose kernel->abi is not WP_KERNEL_DESC_ABI
 * (wp_launch_kernel compares the word before it reads anything else of the
 * descriptor: an older layout has other fields at every offset).  An object
 * of ABI 3 or older has its `name` pointer in the place of the word: that
 * name is read for the message (a NULL one is not).  Out of line and cold:
 * the launch path keeps one compare. */
__attribute__((noinline, cold)) static wp_status
abi_mismatch(const wp_kernel_desc *kernel) {
  wp_uint64 word = kernel->abi;
  if ((word >> 32) == WP_ABI_MAGIC) {
    const char *name = kernel->name ? kernel->name : "(unnamed)";
    return wp_set_error(WP_ERROR_ABI_MISMATCH,
                        "kernel %.200s: the object was built for warpc ABI "
                        "version %u, this runtime (libwarprt) has ABI version "
                        "%d: rebuild the object with the warpc that matches "
                        "the runtime, or link the runtime of the warpc that "
                        "built it",
                        name, (unsigned)(word & 0xffffffffu), WP_ABI_VERSION);
  }
  if (word == 0)
    return wp_set_error(WP_ERROR_ABI_MISMATCH,
                        "wp_launch_kernel: the kernel descriptor has no ABI "
                        "word (abi is 0; this runtime has ABI version %d): a "
                        "descriptor made by hand must set .abi = "
                        "WP_KERNEL_DESC_ABI; an object of warpc ABI 3 or older "
                        "must be rebuilt with the warpc that matches the "
                        "runtime",
                        WP_ABI_VERSION);
  /* The layout of ABI <= 3: the first field is the launcher's name.  It is
   * read without faulting: a corrupt descriptor has garbage there. */
  char old_name[201];
  if (!wpi_read_string((const void *)(wp_size)word, old_name, sizeof old_name))
    snprintf(old_name, sizeof old_name, "(descriptor at %p)",
             (const void *)kernel);
  return wp_set_error(WP_ERROR_ABI_MISMATCH,
                      "kernel %s: the object was built for warpc ABI "
                      "version 3 or older (its kernel descriptor has no ABI "
                      "word), this runtime (libwarprt) has ABI version %d: "
                      "rebuild the object with the warpc that matches the "
                      "runtime, or link the runtime of the warpc that built it",
                      old_name, WP_ABI_VERSION);
}

wp_device wp_launch_device(const wp_launch *launch) {
  return launch ? launch->device : WP_DEVICE_CPU;
}

/* "(4, 2147483649)": the first `ndim` dims of a launch. */
static const char *dims_string(const wp_launch *launch, int ndim, char *buf,
                               size_t n) {
  int len = snprintf(buf, n, "(");
  for (int k = 0; k < ndim && len > 0 && (size_t)len < n; k++)
    len += snprintf(buf + len, n - (size_t)len, k ? ", %lld" : "%lld",
                    (long long)launch->dims[k]);
  if (len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, ")");
  return buf;
}

/* The kernel-visible shape of a launch; ndim 0 means 1 (abi.h).  Every
 * extent is at most WP_LAUNCH_DIM_MAX, so each wp.tid() component (int32,
 * as in Warp) holds its largest index; their product, the thread count, is
 * only bounded by int64. */
static wp_status launch_bounds(const wp_launch *launch, const char *name,
                               wp_launch_bounds *b) {
  char dims[128];
  wp_int32 ndim = launch->ndim == 0 ? 1 : launch->ndim;
  if (ndim < 1 || ndim > 4)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: launch ndim %d is outside 1..4", name,
                        (int)launch->ndim);
  memset(b, 0, sizeof *b);
  b->ndim = ndim;
  b->size = 1;
  for (int k = 0; k < ndim; k++) {
    if (launch->dims[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "kernel %s: launch dims[%d] = %lld is negative "
                          "(launch dims %s)",
                          name, k, (long long)launch->dims[k],
                          dims_string(launch, ndim, dims, sizeof dims));
    if (launch->dims[k] > WP_LAUNCH_DIM_MAX)
      return wp_set_error(
          WP_ERROR_INVALID_VALUE,
          "kernel %s: launch dims %s: dims[%d] = %lld exceeds "
          "WP_LAUNCH_DIM_MAX (%lld): wp.tid() components are int32 and "
          "would wrap; split the launch or give it more dimensions",
          name, dims_string(launch, ndim, dims, sizeof dims), k,
          (long long)launch->dims[k], (long long)WP_LAUNCH_DIM_MAX);
    b->shape[k] = launch->dims[k];
    if (!wpi_mul_i64(b->size, b->shape[k], &b->size))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "kernel %s: launch dims %s: the thread count "
                          "overflows 64 bits",
                          name, dims_string(launch, ndim, dims, sizeof dims));
  }
  return WP_SUCCESS;
}

/* The byte range [lo, hi) the grad of a non-empty array spans (strides
 * are not negative: wp_array_wrap's rules); 0 for no grad or no element. */
static int grad_span(const wp_array *a, uintptr_t *lo, uintptr_t *hi) {
  if (!a->grad || a->ndim < 1 || a->ndim > WP_ARRAY_MAX_DIMS)
    return 0;
  uintptr_t end = (uintptr_t)a->grad + (uintptr_t)a->elem_size;
  for (int k = 0; k < a->ndim; k++) {
    if (a->shape[k] <= 0)
      return 0;
    end += (uintptr_t)(a->shape[k] - 1) * (uintptr_t)a->strides[k];
  }
  *lo = (uintptr_t)a->grad;
  *hi = end;
  return 1;
}

static int same_array_grad(const wp_array *a, const wp_array *b) {
  if (a->grad != b->grad || a->dtype != b->dtype || a->ndim != b->ndim ||
      a->elem_size != b->elem_size)
    return 0;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] != b->shape[k] || a->strides[k] != b->strides[k])
      return 0;
  return 1;
}

/* Whether two indices of non-empty array a may reach one element: a
 * broadcast (stride 0 over an extent > 1, which wp_array_wrap accepts) or
 * strides whose dimensions interleave (shape (8, 2), strides (4, 4)).
 * Sufficient, not necessary: taking the dimensions by increasing stride,
 * each stride must pass the span of the ones before it. */
static int self_overlap(const wp_array *a) {
  int dims[WP_ARRAY_MAX_DIMS], n = 0;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] > 1)
      dims[n++] = k;
  for (int i = 1; i < n; i++) /* insertion sort by stride */
    for (int j = i; j > 0 && a->strides[dims[j]] < a->strides[dims[j - 1]];
         j--) {
      int t = dims[j];
      dims[j] = dims[j - 1], dims[j - 1] = t;
    }
  uintptr_t span = (uintptr_t)a->elem_size;
  for (int i = 0; i < n; i++) {
    wp_int64 s = a->strides[dims[i]];
    if (s <= 0 || (uintptr_t)s < span)
      return 1;
    span += (uintptr_t)(a->shape[dims[i]] - 1) * (uintptr_t)s;
  }
  return 0;
}

wp_int32 wpi_grads_overlap_flag(const wp_kernel_desc *kernel, wp_int32 backward,
                                const void *args) {
  if (!backward || !args || !kernel->array_offsets || kernel->narrays < 1)
    return 0;
  const char *base = args;
  for (int i = 0; i < kernel->narrays; i++) {
    wp_array a;
    uintptr_t alo, ahi;
    memcpy(&a, base + kernel->array_offsets[i], sizeof a);
    if (!grad_span(&a, &alo, &ahi))
      continue;
    if (self_overlap(&a))
      return WP_BOUNDS_GRADS_OVERLAP;
    for (int j = i + 1; j < kernel->narrays; j++) {
      wp_array b;
      uintptr_t blo, bhi;
      memcpy(&b, base + kernel->array_offsets[j], sizeof b);
      if (grad_span(&b, &blo, &bhi) && alo < bhi && blo < ahi &&
          !same_array_grad(&a, &b))
        return WP_BOUNDS_GRADS_OVERLAP;
    }
  }
  return 0;
}

wp_status wp_launch_kernel(const wp_launch *launch,
                           const wp_kernel_desc *kernel, wp_int32 backward,
                           const void *args) {
  if (!kernel)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_launch_kernel: kernel descriptor is NULL");
  if (kernel->abi != WP_KERNEL_DESC_ABI)
    return abi_mismatch(kernel);
  const char *name = kernel_name(kernel);
  if (!launch)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: launch descriptor is NULL", name);
  if (!kernel->cpu_forward)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: descriptor has no CPU entry point", name);
  if (!args && kernel->args_size > 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "kernel %s: args is NULL",
                        name);
  if (launch->tape) {
    if (wpi_graph_busy())
      return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                          "kernel %s: a launch with a tape cannot be captured "
                          "into a graph or update one (record the tape "
                          "outside wp_capture_begin/end and "
                          "wp_graph_update_begin/end)",
                          name);
    if (backward)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "kernel %s: a backward launch cannot be recorded on "
                          "a tape (record forward launches; wp_tape_backward "
                          "runs their adjoints)",
                          name);
    /* Runs the launch with the tape cleared (back here) and records it. */
    return wpi_tape_record(launch, kernel, args);
  }
  wp_launch_bounds bounds;
  wp_status st = launch_bounds(launch, name, &bounds);
  if (st != WP_SUCCESS)
    return st;
  if (launch->device < 0)
    return wp_set_error(WP_ERROR_NO_DEVICE, "kernel %s: invalid device %d",
                        name, (int)launch->device);
  wp_cpu_range_fn fn = backward ? kernel->cpu_backward : kernel->cpu_forward;
  if (launch->device == WP_DEVICE_CPU && !fn)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "kernel %s has no backward (adjoint) kernel: compiled "
                        "with enable_backward=False or --no-adjoint",
                        name);
  /* Before any path: a CUDA launch (and a CUDA capture, which keeps these
     bounds) needs the flag as much as a CPU one. */
  bounds.flags = wpi_grads_overlap_flag(kernel, backward, args);
  if (wpi_graph_busy()) { /* a capture or a graph update (graph.c) */
    int handled = 0;
    st = wpi_graph_intercept(launch, kernel, backward, args, &bounds, &handled);
    if (handled)
      return st;
  }
  if (launch->device != WP_DEVICE_CPU)
    return wpi_cuda_launch(launch, kernel, backward, args, &bounds);
  if (bounds.size > 0)
    wpi_pool_run(fn, args, &bounds);
  return WP_SUCCESS;
}

/* Element size and dtype agree with what the kernel was compiled for. */
static wp_status check_dtype(const wp_array *a, wp_dtype dtype,
                             const char *dtype_name, const char *what) {
  char got[32], want[32];
  if (!dtype_name)
    dtype_name = wp_dtype_name(dtype, want, sizeof want);
  if (a->dtype != dtype)
    return wp_set_error(WP_ERROR_DTYPE_MISMATCH,
                        "%s: expected an array of %s, got an array of %s", what,
                        dtype_name, wp_dtype_name(a->dtype, got, sizeof got));
  wp_size size = wp_dtype_size(dtype);
  if (size != 0 && (wp_size)a->elem_size != size)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: array of %s has element size %d, expected %zu",
                        what, dtype_name, (int)a->elem_size, (size_t)size);
  return WP_SUCCESS;
}

wp_status wp_check_array_arg(const wp_array *a, wp_dtype dtype,
                             const char *dtype_name, wp_int32 ndim,
                             wp_device device, const char *kernel,
                             const char *param) {
  char what[256], d1[WPI_DEVICE_NAME_MAX], d2[WPI_DEVICE_NAME_MAX];
  snprintf(what, sizeof what, "%s: parameter '%s'", kernel ? kernel : "?",
           param ? param : "?");
  wp_status st = wpi_check_array(a, what);
  if (st == WP_SUCCESS)
    st = check_dtype(a, dtype, dtype_name, what);
  if (st != WP_SUCCESS)
    return st;
  if (a->ndim != ndim)
    return wp_set_error(WP_ERROR_NDIM_MISMATCH,
                        "%s: expected a %d-d array, got a %d-d array", what,
                        (int)ndim, (int)a->ndim);
  if (a->device != device)
    return wp_set_error(WP_ERROR_DEVICE_MISMATCH,
                        "%s: array is on device %s, but the launch is on "
                        "device %s",
                        what, wpi_device_name(a->device, d1),
                        wpi_device_name(device, d2));
  return WP_SUCCESS;
}

wp_status wp_check_indexedarray_arg(const wp_indexedarray *a, wp_dtype dtype,
                                    const char *dtype_name, wp_int32 ndim,
                                    wp_device device, const char *kernel,
                                    const char *param) {
  if (!a)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: parameter '%s': NULL indexed array",
                        kernel ? kernel : "?", param ? param : "?");
  wp_status st = wp_check_array_arg(&a->arr, dtype, dtype_name, ndim, device,
                                    kernel, param);
  if (st != WP_SUCCESS)
    return st;
  for (int k = 0; k < ndim; k++)
    if (a->shape[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: parameter '%s': negative extent %lld in "
                          "dimension %d",
                          kernel ? kernel : "?", param ? param : "?",
                          (long long)a->shape[k], k);
  return WP_SUCCESS;
}
