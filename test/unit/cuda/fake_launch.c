/* fake_launch.c - launches on the fake CUDA driver, the tape on a CUDA
 * device, launches from several threads. */
#include "fixture.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

void test_fake_launch(void) {
  register_kernel("test_scale_cuda_fwd", emulate_scale);
  register_kernel("test_scale2_cuda_fwd", emulate_scale_quiet);
  register_kernel("test_scale2_cuda_bwd", emulate_scale_quiet);
  fakecuda_stats s0 = stats();
  CHECK(s0.module_loads == 0);

  /* 1000 threads: 4 blocks of 256, params {&args, &bounds}. */
  wp_array x = device_floats(CUDA0, 1000, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {1000}, .device = CUDA0};
  memset(visits, 0, sizeof visits);
  CHECK(wp_launch_kernel(&l, &scale_desc, 0, &args) == WP_SUCCESS);
  fakecuda_stats s = stats();
  CHECK(s.launches == s0.launches + 1);
  CHECK(strcmp(s.last.name, "test_scale_cuda_fwd") == 0);
  CHECK(s.last.device == 0);
  CHECK(s.last.grid[0] == 4 && s.last.grid[1] == 1 && s.last.grid[2] == 1);
  CHECK(s.last.block[0] == 256 && s.last.block[1] == 1 && s.last.block[2] == 1);
  CHECK(s.last.shared == 0 && s.last.stream == NULL && s.last.extra_null);
  CHECK(s.last.params[0] == (void *)&args);
  wp_launch_bounds b;
  memcpy(&b, s.last.bounds, sizeof b);
  CHECK(b.ndim == 1 && b.size == 1000 && b.shape[0] == 1000 && b.shape[1] == 0);
  CHECK(device_all_equal(&x, 2.0f));
  int once = 1;
  for (int i = 0; i < 1000; i++)
    once &= visits[i] == 1;
  CHECK(once);
  CHECK(s.module_loads == 1 && s.module_loads_on[0] == 1);

  /* Through a generated-style launcher; a 2-D launch's bounds. */
  wp_launch l2 = {.ndim = 2, .dims = {30, 40}, .device = CUDA0};
  wp_array x2 = device_floats(CUDA0, 1200, 1.0f);
  CHECK(scale(&l2, &scale_desc, x2, 3.0f) == WP_SUCCESS);
  s = stats();
  memcpy(&b, s.last.bounds, sizeof b);
  CHECK(b.ndim == 2 && b.shape[0] == 30 && b.shape[1] == 40 && b.size == 1200);
  CHECK(s.last.grid[0] == 5); /* ceil(1200 / 256) */
  CHECK(device_all_equal(&x2, 3.0f));
  /* A CPU array in a CUDA launch never reaches the driver. */
  wp_array hx;
  wp_int64 four = 4;
  CHECK(wp_array_alloc(&hx, WP_FLOAT32, 0, 1, &four, 0, 0) == WP_SUCCESS);
  CHECK_ERR(scale(&l2, &scale_desc, hx, 1.0f), WP_ERROR_DEVICE_MISMATCH,
            "array is on device cpu, but the launch is on device cuda:0");
  wp_array_free(&hx);

  /* A 1-D launch runs the entry's 1-D companion where the module has one
     (here: registered with the fake); other launches the general entry. */
  register_kernel("test_scale1d_cuda_fwd", emulate_scale);
  register_kernel("test_scale1d_cuda_fwd_1d", emulate_scale);
  wp_kernel_desc d1 = scale_desc;
  d1.name = "test_scale1d";
  d1.cuda_forward = "test_scale1d_cuda_fwd";
  memset(visits, 0, sizeof visits);
  CHECK(wp_launch_kernel(&l, &d1, 0, &args) == WP_SUCCESS);
  CHECK(strcmp(stats().last.name, "test_scale1d_cuda_fwd_1d") == 0);
  CHECK(device_all_equal(&x, 4.0f) && visits[999] == 1);
  CHECK(scale(&l2, &d1, x2, 2.0f) == WP_SUCCESS);
  CHECK(strcmp(stats().last.name, "test_scale1d_cuda_fwd") == 0);
  CHECK(device_all_equal(&x2, 6.0f));

  /* block_dim and max_blocks. */
  wp_launch lb = {.ndim = 1, .dims = {1000}, .device = CUDA0, .block_dim = 128};
  CHECK(wp_launch_kernel(&lb, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 8 && stats().last.block[0] == 128);
  wp_array big = device_floats(CUDA0, 10000, 1.0f);
  scale_args bargs = {big, 5.0f};
  wp_launch lm = {.ndim = 1, .dims = {10000}, .device = CUDA0, .max_blocks = 2};
  memset(visits, 0, sizeof visits);
  CHECK(wp_launch_kernel(&lm, &scale_desc, 0, &bargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 2 && stats().last.block[0] == 256);
  CHECK(device_all_equal(&big, 5.0f)); /* the grid-stride loop covers all */
  once = 1;
  for (int i = 0; i < 10000; i++)
    once &= visits[i] == 1;
  CHECK(once);
  /* The device's grid limit (FAKECUDA_MAX_GRID=64 set by main). */
  wp_launch lg = {.ndim = 1, .dims = {100000}, .device = CUDA0};
  wp_array huge = device_floats(CUDA0, 100000, 1.0f);
  scale_args hargs = {huge, 2.0f};
  CHECK(wp_launch_kernel(&lg, &scale_desc, 0, &hargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 64);
  CHECK(device_all_equal(&huge, 2.0f));
  /* cluster_dim=4: whole clusters, rounded up, or down under a cap. */
  register_kernel("test_scale_cl4_cuda_fwd", emulate_scale);
  wp_kernel_desc cl4 = scale_desc;
  cl4.name = "test_scale_cl4";
  cl4.cuda_forward = "test_scale_cl4_cuda_fwd";
  wp_array cx = device_floats(CUDA0, 1000, 1.0f);
  scale_args cargs = {cx, 2.0f};
  CHECK(wp_launch_kernel(&l, &cl4, 0, &cargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 4); /* ceil(1000 / 256) is 4 already */
  wp_array c12 = device_floats(CUDA0, 1200, 1.0f);
  scale_args c12args = {c12, 2.0f};
  wp_launch lc5 = {.ndim = 1, .dims = {1200}, .device = CUDA0};
  CHECK(wp_launch_kernel(&lc5, &cl4, 0, &c12args) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 8); /* 5 blocks round up to 8 */
  CHECK(device_all_equal(&c12, 2.0f));
  wp_launch lc6 = {.ndim = 1, .dims = {1000}, .device = CUDA0, .max_blocks = 6};
  CHECK(wp_launch_kernel(&lc6, &cl4, 0, &cargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 4); /* 6 allowed: one cluster of 4 */
  CHECK(device_all_equal(&cx, 4.0f));
  CHECK(wp_launch_kernel(&lg, &cl4, 0, &hargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 64); /* the device cap, a multiple of 4 */
  CHECK(device_all_equal(&huge, 4.0f));
  wp_array_free(&cx);
  wp_array_free(&c12);
  wp_launch bad = {.ndim = 1, .dims = {10}, .device = CUDA0, .block_dim = 2048};
  CHECK_ERR(wp_launch_kernel(&bad, &scale_desc, 0, &args),
            WP_ERROR_INVALID_VALUE,
            "kernel test_scale: block_dim 2048 exceeds cuda:0's limit of 1024 "
            "threads per block");
  bad.block_dim = -1;
  CHECK_ERR(wp_launch_kernel(&bad, &scale_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "block_dim -1 is negative");

  /* Zero threads: no launch, no module load. */
  s0 = stats();
  wp_launch l0 = {.ndim = 2, .dims = {0, 5}, .device = CUDA1};
  CHECK(wp_launch_kernel(&l0, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().launches == s0.launches && stats().module_loads == 1);

  /* On a stream. */
  void *stream;
  CHECK(wp_stream_create(CUDA0, &stream) == WP_SUCCESS);
  l.stream = stream;
  CHECK(wp_launch_kernel(&l, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().last.stream == stream);
  CHECK(wp_stream_synchronize(CUDA0, stream) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, stream) == WP_SUCCESS);
  l.stream = NULL;

  /* The module cache: one load per (object, device), one lookup per entry.
   * The fake refuses a module used on another device than it was loaded
   * on, so the second device really gets its own. */
  s0 = stats();
  wp_array y = device_floats(CUDA1, 1000, 1.0f);
  scale_args yargs = {y, 4.0f};
  wp_launch l1 = {.ndim = 1, .dims = {1000}, .device = CUDA1};
  CHECK(wp_launch_kernel(&l1, &scale_desc, 0, &yargs) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&l1, &scale_desc, 0, &yargs) == WP_SUCCESS);
  CHECK(stats().last.device == 1);
  CHECK(device_all_equal(&y, 16.0f));
  CHECK(wp_launch_kernel(&l, &scale2_desc, 0, &args) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&l, &scale2_desc, 1, &args) == WP_SUCCESS);
  CHECK(strcmp(stats().last.name, "test_scale2_cuda_bwd") == 0);
  CHECK(wp_launch_kernel(&l, &scale2_desc, 1, &args) == WP_SUCCESS);
  s = stats();
  CHECK(s.module_loads == 2 && s.module_loads_on[0] == 1 &&
        s.module_loads_on[1] == 1);
  CHECK(s.get_functions == s0.get_functions + 3);
  CHECK(s.ctx_retains == 2);

  /* Errors. */
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 1, &args), WP_ERROR_NOT_SUPPORTED,
            "kernel test_scale has no backward");
  CHECK_ERR(wp_launch_kernel(&l, &cpu_only_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "kernel test_cpu_only: this object was compiled without CUDA "
            "code (warpc --no-cuda or no toolkit)");
  CHECK_ERR(wp_launch_kernel(&l, &missing_desc, 0, &args), WP_ERROR_CUDA,
            "kernel test_missing: its CUDA code has no entry 'missing_entry' "
            "on cuda:0");
  CHECK(strstr(wp_last_error(), "CUDA_ERROR_NOT_FOUND: named symbol not "
                                "found") != NULL);
  wp_launch l5 = {.ndim = 1, .dims = {8}, .device = WP_DEVICE_CUDA(5)};
  CHECK_ERR(wp_launch_kernel(&l5, &scale_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_scale: cannot launch on cuda:5: cuda:5 does not "
               "exist: this machine has 2 CUDA devices") == 0);
  wp_launch taped = {
      .ndim = 1, .dims = {8}, .device = CUDA0, .tape = (struct wp_tape *)&args};
  CHECK_ERR(wp_launch_kernel(&taped, &scale2_desc, 1, &args),
            WP_ERROR_INVALID_VALUE, "a backward launch cannot be recorded");
  /* A kernel without parameters still gets a valid pointer. */
  static const wp_kernel_desc noargs = {.abi = WP_KERNEL_DESC_ABI,
                                        .name = "test_noargs",
                                        .cpu_forward = scale_cpu,
                                        .cuda_module = fatbin,
                                        .cuda_forward = "test_noargs_fwd"};
  CHECK(wp_launch_kernel(&l, &noargs, 0, NULL) == WP_SUCCESS);
  CHECK(stats().last.params[0] != NULL);

  wp_array_free(&x);
  wp_array_free(&x2);
  wp_array_free(&big);
  wp_array_free(&huge);
  wp_array_free(&y);
}

/* x -> y = 2x -> z = 3y on cuda:0 (the second launch on a stream),
 * recorded; backward from z seeds z.grad with cuMemsetD32 and replays
 * both adjoints on the recorded streams. */
void test_fake_tape(void) {
  enum { N = 300 };
  register_kernel("test_tscale_cuda_fwd", emulate_tscale);
  register_kernel("test_tscale_cuda_bwd", emulate_tscale_adj);
  wp_int64 n = N;
  wp_array x, y, z;
  CHECK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&z, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  float one = 1.0f;
  CHECK(wp_array_fill(&x, &one) == WP_SUCCESS);
  wp_tape *tape;
  void *stream;
  CHECK(wp_tape_create(&tape) == WP_SUCCESS);
  CHECK(wp_stream_create(CUDA0, &stream) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .tape = tape};
  tscale_args a1 = {x, y, 2.0f}, a2 = {y, z, 3.0f};
  fakecuda_stats s0 = stats();
  CHECK(wp_launch_kernel(&l, &tscale_desc, 0, &a1) == WP_SUCCESS);
  l.stream = stream;
  CHECK(wp_launch_kernel(&l, &tscale_desc, 0, &a2) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(tape) == 2);
  CHECK(stats().launches == s0.launches + 2);
  CHECK(device_all_equal(&z, 6.0f));

  s0 = stats();
  CHECK(wp_tape_backward(tape, &z) == WP_SUCCESS);
  fakecuda_stats s = stats();
  CHECK(s.launches == s0.launches + 2);
  CHECK(s.memset32 == s0.memset32 + 1); /* the seed, on the device */
  CHECK(strcmp(s.last.name, "test_tscale_cuda_bwd") == 0);
  CHECK(s.last.stream == NULL); /* the first launch, replayed last */
  wp_array gx = x, gy = y, gz = z;
  gx.data = x.grad, gy.data = y.grad, gz.data = z.grad;
  gx.grad = gy.grad = gz.grad = NULL;
  CHECK(device_all_equal(&gz, 1.0f));
  CHECK(device_all_equal(&gy, 3.0f));
  CHECK(device_all_equal(&gx, 6.0f));

  /* Zeroing: three distinct grads, on the device. */
  s0 = stats();
  CHECK(wp_tape_zero(tape) == WP_SUCCESS);
  CHECK(device_all_equal(&gx, 0.0f) && device_all_equal(&gy, 0.0f) &&
        device_all_equal(&gz, 0.0f));
  /* Explicit output grads from the host (a Jacobian row, scaled). */
  wp_array hg;
  CHECK(wp_array_alloc(&hg, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)hg.data)[i] = 0.5f;
  wp_array *outs[1] = {&z};
  const wp_array *grads[1] = {&hg};
  CHECK(wp_tape_backward_grads(tape, 1, outs, grads) == WP_SUCCESS);
  CHECK(device_all_equal(&gx, 3.0f));
  CHECK(wp_synchronize(CUDA0) == WP_SUCCESS);

  /* A CUDA backward launch whose two arrays' grads overlap (y[0:200] and
     y[100:300]) carries WP_BOUNDS_GRADS_OVERLAP in its bounds, so the
     single-writer adjoint adds take their atomic path there too; distinct
     grads (a1) and the same array twice do not. */
  {
    wp_launch lb = {.ndim = 1, .dims = {200}, .device = CUDA0};
    wp_array lo = y, hi = y;
    lo.shape[0] = hi.shape[0] = 200;
    hi.data = (char *)y.data + 100 * sizeof(float);
    hi.grad = (char *)y.grad + 100 * sizeof(float);
    tscale_args ov = {lo, hi, 1.0f}, same = {lo, lo, 1.0f};
    wp_launch_bounds b;
    CHECK(wp_launch_kernel(&lb, &tscale_desc, 1, &ov) == WP_SUCCESS);
    memcpy(&b, stats().last.bounds, sizeof b);
    CHECK(strcmp(stats().last.name, "test_tscale_cuda_bwd") == 0);
    CHECK(b.flags == WP_BOUNDS_GRADS_OVERLAP);
    CHECK(wp_launch_kernel(&lb, &tscale_desc, 1, &same) == WP_SUCCESS);
    memcpy(&b, stats().last.bounds, sizeof b);
    CHECK(b.flags == 0);
    CHECK(wp_launch_kernel(&lb, &tscale_desc, 1, &a1) == WP_SUCCESS);
    memcpy(&b, stats().last.bounds, sizeof b);
    CHECK(b.flags == 0);
    CHECK(wp_launch_kernel(&lb, &tscale_desc, 0, &ov) == WP_SUCCESS);
    memcpy(&b, stats().last.bounds, sizeof b);
    CHECK(b.flags == 0); /* forward launches never */
  }

  /* A kernel whose CUDA code has no adjoint: refused before seeding. */
  wp_kernel_desc noadj = tscale_desc;
  noadj.cuda_backward = NULL;
  wp_tape_reset(tape);
  l.stream = NULL;
  CHECK(wp_launch_kernel(&l, &noadj, 0, &a1) == WP_SUCCESS);
  CHECK(wp_tape_zero(tape) == WP_SUCCESS);
  CHECK_ERR(wp_tape_backward(tape, &y), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward: kernel test_tscale has no backward");
  CHECK(device_all_equal(&gy, 0.0f));

  wp_tape_destroy(tape);
  CHECK(wp_stream_destroy(CUDA0, stream) == WP_SUCCESS);
  wp_array_free(&hg);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
}

/* Launches and allocations from several threads on both devices. */
static void *launch_thread(void *arg) {
  int dev = (int)(intptr_t)arg;
  int ok = 1;
  for (int i = 0; i < 50; i++) {
    wp_array a;
    wp_int64 n = 300;
    ok &= wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CUDA(dev)) ==
          WP_SUCCESS;
    scale_args args = {a, 2.0f};
    wp_launch l = {.ndim = 1, .dims = {300}, .device = WP_DEVICE_CUDA(dev)};
    ok &= wp_launch_kernel(&l, &scale2_desc, 0, &args) == WP_SUCCESS;
    ok &= wp_synchronize(WP_DEVICE_CUDA(dev)) == WP_SUCCESS;
    wp_array_free(&a);
  }
  return (void *)(intptr_t)ok;
}

void test_fake_threads(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, launch_thread, (void *)(intptr_t)(i % 2));
  for (int i = 0; i < 4; i++) {
    void *ok;
    pthread_join(t[i], &ok);
    CHECK(ok == (void *)1);
  }
  fakecuda_stats s = stats();
  CHECK(s.module_loads == 2); /* still */
  CHECK(s.ctx_retains == 2);
}
