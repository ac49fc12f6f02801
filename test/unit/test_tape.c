/* test_tape.c - unit tests of the autodiff tape (<warp/tape.h>) on the CPU,
 * with hand-written kernels in the style warpc generates: a packed argument
 * struct, range functions for the forward and the adjoint, and a descriptor
 * listing the offsets of the array arguments. */
#include <warp/warp.h>

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

/* ---- kernels --------------------------------------------------------------
 * scale(x, y: wp.array(dtype=float), a: float): y[i] = a * x[i]
 * adjoint: x.grad[i] += a * y.grad[i] */

typedef struct scale_args {
  wp_array x, y;
  float a;
} scale_args;

static float *at(const wp_array *arr, void *base, wp_int64 i) {
  return (float *)((char *)base + i * arr->strides[0]);
}

static void scale_fwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const scale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    *at(&p->y, p->y.data, i) = p->a * *at(&p->x, p->x.data, i);
}

static void scale_bwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const scale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++) {
    float gy = p->y.grad ? *at(&p->y, p->y.grad, i) : 0.0f;
    if (p->x.grad)
      *at(&p->x, p->x.grad, i) += p->a * gy;
  }
}

static const wp_uint32 scale_arrays[] = {offsetof(scale_args, x),
                                         offsetof(scale_args, y)};

static const wp_kernel_desc scale_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_scale",
    .cpu_forward = scale_fwd,
    .cpu_backward = scale_bwd,
    .args_size = sizeof(scale_args),
    .array_offsets = scale_arrays,
    .narrays = 2,
};

/* The same kernel compiled with enable_backward=False. */
static const wp_kernel_desc scale_noadj_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_scale_noadj",
    .cpu_forward = scale_fwd,
    .args_size = sizeof(scale_args),
    .array_offsets = scale_arrays,
    .narrays = 2,
};

/* The generated launcher's shape: check, pack, launch. */
static wp_status scale(const wp_launch *l, const wp_kernel_desc *k,
                       const wp_array *x, const wp_array *y, float a) {
  wp_device dev = wp_launch_device(l);
  wp_status st =
      wp_check_array_arg(x, WP_FLOAT32, "float32", 1, dev, k->name, "x");
  if (st == WP_SUCCESS)
    st = wp_check_array_arg(y, WP_FLOAT32, "float32", 1, dev, k->name, "y");
  if (st != WP_SUCCESS)
    return st;
  scale_args args;
  memset(&args, 0, sizeof args);
  args.x = *x;
  args.y = *y;
  args.a = a;
  return wp_launch_kernel(l, k, 0, &args);
}

/* accum(x, y): y[i] += x[i]; adjoint x.grad[i] += y.grad[i].  Threads of
 * one launch touch distinct elements; launches run one at a time. */
static void accum_fwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const scale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    *at(&p->y, p->y.data, i) += *at(&p->x, p->x.data, i);
}

static void accum_bwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const scale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    *at(&p->x, p->x.grad, i) += *at(&p->y, p->y.grad, i);
}

static const wp_kernel_desc accum_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_accum",
    .cpu_forward = accum_fwd,
    .cpu_backward = accum_bwd,
    .args_size = sizeof(scale_args),
    .array_offsets = scale_arrays,
    .narrays = 2,
};

/* A kernel without parameters (args_size 0, args NULL). */
static int noargs_runs, noargs_adj_runs;
static void noargs_fwd(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  (void)args, (void)b, (void)begin, (void)end;
  __atomic_add_fetch(&noargs_runs, 1, __ATOMIC_RELAXED);
}
static void noargs_bwd(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  (void)b, (void)begin, (void)end;
  if (args) /* the tape never passes NULL */
    __atomic_add_fetch(&noargs_adj_runs, 1, __ATOMIC_RELAXED);
}
static const wp_kernel_desc noargs_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_noargs",
    .cpu_forward = noargs_fwd,
    .cpu_backward = noargs_bwd,
};

/* ---- helpers ------------------------------------------------------------- */

static wp_array floats(wp_int64 n, float v, int requires_grad) {
  wp_array a;
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, requires_grad,
                       WP_DEVICE_CPU) == WP_SUCCESS);
  for (wp_int64 i = 0; i < n; i++)
    ((float *)a.data)[i] = v;
  return a;
}

/* Every element of the 1-d float array at `base` (laid out as `a`) is
 * `want`. */
static int all_equal(const wp_array *a, const void *base, float want) {
  for (wp_int64 i = 0; i < a->shape[0]; i++)
    if (*at(a, (void *)base, i) != want)
      return 0;
  return 1;
}

static int grad_equal(const wp_array *a, float want) {
  return all_equal(a, a->grad, want);
}

/* ---- tests --------------------------------------------------------------- */

static void test_create(void) {
  wp_tape *t = (wp_tape *)&t;
  CHECK_ERR(wp_tape_create(NULL), WP_ERROR_INVALID_VALUE,
            "wp_tape_create: out is NULL");
  CHECK(wp_tape_create(&t) == WP_SUCCESS && t != NULL);
  CHECK(wp_tape_launch_count(t) == 0);
  CHECK(wp_tape_launch_count(NULL) == 0);
  CHECK(wp_tape_backward(t, NULL) == WP_SUCCESS); /* empty: nothing to do */
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  CHECK_ERR(wp_tape_backward(NULL, NULL), WP_ERROR_INVALID_VALUE,
            "wp_tape_backward: tape is NULL");
  CHECK_ERR(wp_tape_zero(NULL), WP_ERROR_INVALID_VALUE, "tape is NULL");
  CHECK_ERR(wp_tape_backward_grads(NULL, 0, NULL, NULL), WP_ERROR_INVALID_VALUE,
            "tape is NULL");
  wp_tape_reset(NULL);
  wp_tape_reset(t);
  wp_tape_destroy(NULL);
  wp_tape_destroy(t);
}

/* y = a x, z = b y, recorded; backward from z: x.grad = a b. */
static void test_chain(void) {
  enum { N = 20000 };
  const float a = 2.0f, b = -3.0f;
  wp_array x = floats(N, 1.5f, 1), y = floats(N, 0, 1), z = floats(N, 0, 1);
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .tape = t};
  CHECK(scale(&l, &scale_desc, &x, &y, a) == WP_SUCCESS);
  CHECK(scale(&l, &scale_desc, &y, &z, b) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(t) == 2);
  /* The launches ran as usual. */
  CHECK(all_equal(&y, y.data, 3.0f) && all_equal(&z, z.data, -9.0f));
  /* The recording is a copy: changing the caller's launch descriptor after
   * the launch changes nothing. */
  l.dims[0] = 1;

  CHECK(wp_tape_backward(t, &z) == WP_SUCCESS);
  CHECK(grad_equal(&z, 1.0f));
  CHECK(grad_equal(&y, b));
  CHECK(grad_equal(&x, a * b)); /* reverse order: y.grad was ready */

  /* Adjoints accumulate until zeroed (z.grad is re-seeded, not added). */
  CHECK(wp_tape_backward(t, &z) == WP_SUCCESS);
  CHECK(grad_equal(&z, 1.0f));
  CHECK(grad_equal(&y, 2 * b));
  CHECK(grad_equal(&x, a * b + a * 2 * b));

  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  CHECK(grad_equal(&x, 0) && grad_equal(&y, 0) && grad_equal(&z, 0));
  CHECK(all_equal(&x, x.data, 1.5f)); /* data untouched */
  CHECK(wp_tape_backward(t, &z) == WP_SUCCESS);
  CHECK(grad_equal(&x, a * b));

  /* No loss: the caller seeds the output grad. */
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)z.grad)[i] = (float)i;
  CHECK(wp_tape_backward(t, NULL) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)x.grad)[i] == a * b * (float)i;
  CHECK(ok);

  /* Jacobian rows: output grad e_k gives row k of dz/dx (diagonal a b). */
  wp_array e = floats(N, 0, 0);
  wp_array *outs[1] = {&z};
  const wp_array *grads[1] = {&e};
  for (int k = 0; k < 3; k++) {
    CHECK(wp_tape_zero(t) == WP_SUCCESS);
    memset(e.data, 0, N * sizeof(float));
    ((float *)e.data)[k * 7] = 1.0f;
    CHECK(wp_tape_backward_grads(t, 1, outs, grads) == WP_SUCCESS);
    ok = 1;
    for (int i = 0; i < N; i++)
      ok &= ((float *)x.grad)[i] == (i == k * 7 ? a * b : 0.0f);
    CHECK(ok);
    CHECK(((float *)z.grad)[k * 7] == 1.0f); /* copied, not aliased */
  }
  /* Two outputs at once: grads of y and z both flow back. */
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  wp_array ones = floats(N, 1.0f, 0);
  wp_array *outs2[2] = {&z, &y};
  const wp_array *grads2[2] = {&ones, &ones};
  CHECK(wp_tape_backward_grads(t, 2, outs2, grads2) == WP_SUCCESS);
  CHECK(grad_equal(&y, 1 + b) && grad_equal(&x, a * (1 + b)));
  /* No grads given: a plain replay, adding to what is there. */
  CHECK(wp_tape_backward_grads(t, 0, NULL, NULL) == WP_SUCCESS);
  const float twice = a * (1 + b) + a * (1 + 2 * b);
  CHECK(grad_equal(&y, 1 + 2 * b) && grad_equal(&x, twice));

  /* Reset: nothing recorded, backward only seeds. */
  wp_tape_reset(t);
  CHECK(wp_tape_launch_count(t) == 0);
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  CHECK(grad_equal(&x, twice)); /* no array is known any more */
  memset(x.grad, 0, N * sizeof(float));
  memset(z.grad, 0, N * sizeof(float));
  CHECK(wp_tape_backward(t, &z) == WP_SUCCESS);
  CHECK(grad_equal(&z, 1.0f) && grad_equal(&x, 0.0f));
  /* ... and records again. */
  CHECK(scale(&l, &scale_desc, &x, &y, a) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(t) == 1);

  wp_tape_destroy(t);
  wp_array_free(&e);
  wp_array_free(&ones);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
}

/* The recorded arguments are a private copy: scalars changed or the packed
 * struct reused after the launch do not change the replay. */
static void test_args_copied(void) {
  enum { N = 64 };
  wp_array x = floats(N, 1, 1), y = floats(N, 0, 1);
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .tape = t};
  scale_args args = {x, y, 4.0f};
  CHECK(wp_launch_kernel(&l, &scale_desc, 0, &args) == WP_SUCCESS);
  args.a = 100.0f;
  memset(&args.x, 0, sizeof args.x);
  CHECK(wp_tape_backward(t, &y) == WP_SUCCESS);
  CHECK(grad_equal(&x, 4.0f));
  /* Launch dims are recorded too: a 2-d launch replays as 2-d. */
  wp_tape_reset(t);
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  memset(x.grad, 0, N * sizeof(float));
  args.x = x;
  args.a = 1.0f;
  wp_launch l2 = {.ndim = 2, .dims = {4, 8}, .tape = t}; /* 32 threads */
  CHECK(wp_launch_kernel(&l2, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &y) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)x.grad)[i] == (i < 32 ? 1.0f : 0.0f);
  CHECK(ok);
  /* A kernel without arguments is recorded and replayed with a non-NULL
   * (empty) argument block. */
  wp_tape_reset(t);
  noargs_runs = noargs_adj_runs = 0;
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(1), &noargs_desc, 0, NULL) ==
        WP_SUCCESS);
  l.tape = t;
  l.dims[0] = 1;
  CHECK(wp_launch_kernel(&l, &noargs_desc, 0, NULL) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(t) == 1 && noargs_runs == 2);
  CHECK(wp_tape_zero(t) == WP_SUCCESS); /* no arrays listed */
  CHECK(wp_tape_backward(t, NULL) == WP_SUCCESS);
  CHECK(noargs_adj_runs == 1);
  wp_tape_destroy(t);
  wp_array_free(&x);
  wp_array_free(&y);
}

/* Errors: nothing is seeded or replayed when backward is refused. */
static void test_errors(void) {
  enum { N = 16 };
  wp_array x = floats(N, 1, 1), y = floats(N, 0, 1), nog = floats(N, 0, 0);
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .tape = t};

  /* A backward launch cannot be recorded; a failing launch is not. */
  scale_args args = {x, y, 2.0f};
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 1, &args), WP_ERROR_INVALID_VALUE,
            "kernel test_scale: a backward launch cannot be recorded on a "
            "tape");
  /* the whole message, with its hint (a mutant emptying the hint survived,
     issue 18) */
  CHECK(strcmp(wp_last_error(),
               "kernel test_scale: a backward launch cannot be recorded on a "
               "tape (record forward launches; wp_tape_backward runs their "
               "adjoints)") == 0);
  wp_launch bad = l;
  bad.ndim = 5;
  CHECK_ERR(wp_launch_kernel(&bad, &scale_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "launch ndim 5");
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 0, NULL), WP_ERROR_INVALID_VALUE,
            "args is NULL");
  wp_launch gpu = l;
  gpu.device = WP_DEVICE_CUDA(0);
  CHECK(wp_launch_kernel(&gpu, &scale_desc, 0, &args) == WP_ERROR_NO_DEVICE);
  CHECK(wp_tape_launch_count(t) == 0);
  CHECK(all_equal(&y, y.data, 0.0f)); /* and none of them ran */

  /* The loss needs a grad buffer. */
  CHECK(scale(&l, &scale_desc, &x, &y, 2.0f) == WP_SUCCESS);
  CHECK_ERR(wp_tape_backward(t, &nog), WP_ERROR_INVALID_VALUE,
            "wp_tape_backward: loss array has no grad buffer (allocate with "
            "requires_grad or wp_array_alloc_grad)");
  CHECK(grad_equal(&x, 0.0f));
  wp_array broken = y;
  broken.ndim = 0;
  CHECK_ERR(wp_tape_backward(t, &broken), WP_ERROR_INVALID_VALUE,
            "wp_tape_backward: loss");

  /* A kernel without adjoint: refused, naming it, before seeding. */
  CHECK(scale(&l, &scale_noadj_desc, &x, &y, 2.0f) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(t) == 2); /* recorded nonetheless */
  CHECK_ERR(wp_tape_backward(t, &y), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward: kernel test_scale_noadj has no backward "
            "(adjoint) kernel: compiled with enable_backward=False or "
            "--no-adjoint");
  CHECK(grad_equal(&y, 0.0f) && grad_equal(&x, 0.0f));
  wp_array *outs[1] = {&y};
  const wp_array *grads[1] = {&x};
  CHECK_ERR(wp_tape_backward_grads(t, 1, outs, grads), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward_grads: kernel test_scale_noadj");
  CHECK(grad_equal(&y, 0.0f));
  CHECK(wp_tape_zero(t) == WP_SUCCESS); /* zeroing works regardless */
  wp_tape_reset(t);

  /* backward_grads argument checks. */
  wp_array shorter = floats(N - 1, 1, 0), dbl;
  wp_int64 n = N;
  CHECK(wp_array_alloc(&dbl, WP_FLOAT64, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK_ERR(wp_tape_backward_grads(t, -1, outs, grads), WP_ERROR_INVALID_VALUE,
            "n = -1 is negative");
  CHECK_ERR(wp_tape_backward_grads(t, 1, NULL, grads), WP_ERROR_INVALID_VALUE,
            "outputs is NULL");
  CHECK_ERR(wp_tape_backward_grads(t, 1, outs, NULL), WP_ERROR_INVALID_VALUE,
            "grads is NULL");
  const wp_array *g_null[1] = {NULL};
  CHECK_ERR(wp_tape_backward_grads(t, 1, outs, g_null), WP_ERROR_INVALID_VALUE,
            "grads[0] is NULL");
  wp_array *o_nog[1] = {&nog};
  CHECK_ERR(wp_tape_backward_grads(t, 1, o_nog, grads), WP_ERROR_INVALID_VALUE,
            "outputs[0] has no grad buffer");
  const wp_array *g_short[1] = {&shorter};
  CHECK_ERR(wp_tape_backward_grads(t, 1, outs, g_short), WP_ERROR_INVALID_VALUE,
            "grads[0] and outputs[0] differ in shape");
  const wp_array *g_dbl[1] = {&dbl};
  CHECK_ERR(wp_tape_backward_grads(t, 1, outs, g_dbl), WP_ERROR_INVALID_VALUE,
            "grads[0] is an array of float64, outputs[0] of float32");
  /* The second pair is wrong: the first grad is not copied either. */
  wp_array *outs2[2] = {&y, &x};
  const wp_array *grads2[2] = {&x, &shorter};
  CHECK_ERR(wp_tape_backward_grads(t, 2, outs2, grads2), WP_ERROR_INVALID_VALUE,
            "grads[1] and outputs[1]");
  CHECK(grad_equal(&y, 0.0f));

  wp_tape_destroy(t);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&nog);
  wp_array_free(&shorter);
  wp_array_free(&dbl);
}

/* Seeding: every scalar component of every element of loss.grad is one, in
 * the dtype's representation; strided losses too. */
static void test_seed_dtypes(void) {
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_int64 n = 5;
  wp_array a;

  CHECK(wp_array_alloc(&a, WP_FLOAT64, 0, 1, &n, 1, 0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < n; i++)
    ok &= ((double *)a.grad)[i] == 1.0 && ((double *)a.data)[i] == 0.0;
  CHECK(ok);
  wp_array_free(&a);

  CHECK(wp_array_alloc(&a, WP_VEC3F, 0, 1, &n, 1, 0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  ok = 1;
  for (int i = 0; i < 3 * n; i++)
    ok &= ((float *)a.grad)[i] == 1.0f;
  CHECK(ok);
  wp_array_free(&a);

  CHECK(wp_array_alloc(&a, WP_MAT22D, 0, 1, &n, 1, 0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  ok = 1;
  for (int i = 0; i < 4 * n; i++)
    ok &= ((double *)a.grad)[i] == 1.0;
  CHECK(ok);
  wp_array_free(&a);

  CHECK(wp_array_alloc(&a, WP_FLOAT16, 0, 1, &n, 1, 0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  CHECK(((wp_uint16 *)a.grad)[0] == 0x3c00 &&
        ((wp_uint16 *)a.grad)[4] == 0x3c00);
  wp_array_free(&a);

  CHECK(wp_array_alloc(&a, WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16), 0, 1, &n, 1,
                       0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  CHECK(((wp_uint16 *)a.grad)[2] == 0x3f80);
  wp_array_free(&a);

  CHECK(wp_array_alloc(&a, WP_INT64, 0, 1, &n, 1, 0) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  CHECK(((wp_int64 *)a.grad)[4] == 1);
  wp_array_free(&a);

  /* A struct dtype has no known components. */
  CHECK(wp_array_alloc(&a, WP_DTYPE(WP_KIND_STRUCT, 0, 0x12, 0x34), 8, 1, &n, 1,
                       0) == WP_SUCCESS);
  CHECK_ERR(wp_tape_backward(t, &a), WP_ERROR_NOT_SUPPORTED,
            "cannot seed the gradient of a loss of struct dtype");
  wp_array_free(&a);

  /* A strided loss (every other column of a 3x4 array): only its elements
   * are seeded. */
  float data[12] = {0}, grad[12] = {0};
  wp_int64 shape[2] = {3, 2}, strides[2] = {16, 8};
  CHECK(wp_array_wrap(&a, data, WP_FLOAT32, 0, 2, shape, strides, 0) ==
        WP_SUCCESS);
  CHECK(wp_array_set_grad(&a, grad) == WP_SUCCESS);
  CHECK(wp_tape_backward(t, &a) == WP_SUCCESS);
  ok = 1;
  for (int i = 0; i < 12; i++)
    ok &= grad[i] == (i % 2 == 0 ? 1.0f : 0.0f) && data[i] == 0.0f;
  CHECK(ok);
  wp_array_free(&a);
  wp_tape_destroy(t);
}

/* wp_tape_zero finds the arrays through array_offsets, skips arrays without
 * grad, and zeroes every view of a shared grad buffer. */
static void test_zero(void) {
  enum { N = 100 };
  wp_array x = floats(N, 1, 1), y = floats(N, 0, 1), nog = floats(N, 0, 0);
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N / 2}, .tape = t};
  /* half: the first N/2 elements of x, the same data and grad buffers */
  wp_array half = x;
  half.shape[0] = N / 2;
  half.flags = 0;
  CHECK(scale(&l, &scale_desc, &half, &nog, 1.0f) == WP_SUCCESS);
  l.dims[0] = N;
  CHECK(scale(&l, &scale_desc, &x, &y, 1.0f) == WP_SUCCESS);
  CHECK(scale(&l, &scale_desc, &x, &y, 1.0f) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)x.grad)[i] = ((float *)y.grad)[i] = 5.0f;
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  CHECK(grad_equal(&x, 0.0f) && grad_equal(&y, 0.0f));
  CHECK(all_equal(&x, x.data, 1.0f)); /* data untouched */
  /* A descriptor that lists no arrays contributes none. */
  static const wp_kernel_desc unlisted = {.abi = WP_KERNEL_DESC_ABI,
                                          .name = "test_unlisted",
                                          .cpu_forward = scale_fwd,
                                          .cpu_backward = scale_bwd,
                                          .args_size = sizeof(scale_args)};
  wp_tape_reset(t);
  CHECK(scale(&l, &unlisted, &x, &y, 1.0f) == WP_SUCCESS);
  ((float *)x.grad)[3] = 2.0f;
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  CHECK(((float *)x.grad)[3] == 2.0f);
  wp_tape_destroy(t);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&nog);
}

/* Several threads record on one tape; every launch is recorded once. */
typedef struct recorder {
  wp_tape *tape;
  wp_array x, y;
  int ok;
} recorder;

enum { THREADS = 8, LAUNCHES = 150, M = 64 };

static void *record_loop(void *arg) {
  recorder *r = arg;
  wp_launch l = {.ndim = 1, .dims = {M}, .tape = r->tape};
  for (int i = 0; i < LAUNCHES; i++) {
    scale_args args = {r->x, r->y, 0.0f};
    r->ok &= wp_launch_kernel(&l, &accum_desc, 0, &args) == WP_SUCCESS;
  }
  return NULL;
}

static void test_threads(void) {
  wp_tape *t;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  CHECK(wp_set_num_threads(4) == WP_SUCCESS);
  pthread_t th[THREADS];
  recorder r[THREADS];
  wp_array x = floats(M, 1, 1);
  for (int i = 0; i < THREADS; i++) {
    /* each thread its own y (forward writes), one shared x */
    r[i] = (recorder){t, x, floats(M, 0, 1), 1};
    pthread_create(&th[i], NULL, record_loop, &r[i]);
  }
  int ok = 1;
  for (int i = 0; i < THREADS; i++) {
    pthread_join(th[i], NULL);
    ok &= r[i].ok && all_equal(&r[i].y, r[i].y.data, (float)LAUNCHES);
  }
  CHECK(ok);
  CHECK(wp_tape_launch_count(t) == THREADS * LAUNCHES);
  /* Seed every y.grad with 1: x.grad gets one per launch. */
  wp_array *outs[THREADS];
  const wp_array *grads[THREADS];
  wp_array ones = floats(M, 1.0f, 0);
  for (int i = 0; i < THREADS; i++) {
    outs[i] = &r[i].y;
    grads[i] = &ones;
  }
  CHECK(wp_tape_backward_grads(t, THREADS, outs, grads) == WP_SUCCESS);
  CHECK(grad_equal(&x, (float)(THREADS * LAUNCHES)));
  wp_tape_destroy(t);
  for (int i = 0; i < THREADS; i++)
    wp_array_free(&r[i].y);
  wp_array_free(&x);
  wp_array_free(&ones);
}

int main(void) {
  test_create();
  test_chain();
  test_args_copied();
  test_errors();
  test_seed_dtypes();
  test_zero();
  test_threads();
  wp_shutdown();
  return check_report(NULL);
}
