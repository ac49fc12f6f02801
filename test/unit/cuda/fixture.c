/* fixture.c - the definitions of fixture.h: the test kernels, the fatbin,
 * the fake driver's hooks and emulations, the checks every mode shares. */
#include "fixture.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a kernel, as warpc generates it -------------------------------------
 * scale(x: wp.array(dtype=float), a: float): x[i] = x[i] * a */

void scale_cpu(const void *args_, const wp_launch_bounds *b, wp_int64 begin,
               wp_int64 end) {
  const scale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++) {
    float *x = (float *)((char *)p->x.data + i * p->x.strides[0]);
    *x *= p->a;
  }
}

/* The CUDA entry test_scale_cuda_fwd as PTX (from nvcc -ptx of the obvious
 * CUDA C, version and target lowered so any driver and GPU since sm_52 take
 * it); used only when a real GPU is present. */
const char scale_ptx[] =
    ".version 7.0\n"
    ".target sm_52\n"
    ".address_size 64\n"
    ".visible .entry test_scale_cuda_fwd(\n"
    " .param .align 8 .b8 test_scale_cuda_fwd_param_0[112],\n"
    " .param .align 8 .b8 test_scale_cuda_fwd_param_1[48]\n"
    ")\n"
    "{\n"
    " .reg .pred %p<3>;\n"
    " .reg .f32 %f<5>;\n"
    " .reg .b32 %r<17>;\n"
    " .reg .b64 %rd<29>;\n"
    " ld.param.f32 %f2, [test_scale_cuda_fwd_param_0+104];\n"
    " ld.param.u64 %rd17, [test_scale_cuda_fwd_param_0+48];\n"
    " ld.param.u64 %rd11, [test_scale_cuda_fwd_param_0];\n"
    " ld.param.u64 %rd3, [test_scale_cuda_fwd_param_1+40];\n"
    " mov.u32 %r13, %ntid.x;\n"
    " cvt.u64.u32 %rd1, %r13;\n"
    " mov.u32 %r14, %ctaid.x;\n"
    " mul.wide.u32 %rd21, %r14, %r13;\n"
    " mov.u32 %r15, %tid.x;\n"
    " cvt.u64.u32 %rd22, %r15;\n"
    " add.s64 %rd28, %rd21, %rd22;\n"
    " setp.ge.s64 %p1, %rd28, %rd3;\n"
    " @%p1 bra $L__BB0_3;\n"
    " mov.u32 %r16, %nctaid.x;\n"
    " cvt.u64.u32 %rd23, %r16;\n"
    " mul.lo.s64 %rd24, %rd17, %rd28;\n"
    " cvta.to.global.u64 %rd25, %rd11;\n"
    " add.s64 %rd27, %rd25, %rd24;\n"
    " mul.lo.s64 %rd26, %rd17, %rd23;\n"
    " mul.lo.s64 %rd5, %rd26, %rd1;\n"
    " mul.lo.s64 %rd6, %rd23, %rd1;\n"
    "$L__BB0_2:\n"
    " .pragma \"nounroll\";\n"
    " ld.global.f32 %f3, [%rd27];\n"
    " mul.f32 %f4, %f2, %f3;\n"
    " st.global.f32 [%rd27], %f4;\n"
    " add.s64 %rd27, %rd27, %rd5;\n"
    " add.s64 %rd28, %rd28, %rd6;\n"
    " setp.lt.s64 %p2, %rd28, %rd3;\n"
    " @%p2 bra $L__BB0_2;\n"
    "$L__BB0_3:\n"
    " ret;\n"
    "}\n";

/* A fatbin as `fatbinary --create` lays it out, holding cubins for sm_75
 * and sm_90 and PTX for compute_90 (payloads are dummies: only the fake
 * driver sees them).  Or the file $FAKECUDA_FATBIN, a real one. */
_Alignas(8) unsigned char fatbin[FATBIN_SIZE];
const void *module_image = fatbin;

void put32(unsigned char *p, uint32_t v) {
  memcpy(p, &v, 4);
}
void put64(unsigned char *p, uint64_t v) {
  memcpy(p, &v, 8);
}

void build_fatbin(void) {
  static const struct {
    int kind, arch;
  } entries[3] = {{2, 75}, {2, 90}, {1, 90}};
  put32(fatbin, 0xBA55ED50u);
  put32(fatbin + 4, 1u | 16u << 16); /* version 1, header size 16 */
  put64(fatbin + 8, sizeof fatbin - 16);
  for (int i = 0; i < 3; i++) {
    unsigned char *e = fatbin + 16 + i * 80;
    put32(e, (uint32_t)entries[i].kind | 0x101u << 16);
    put32(e + 4, 64); /* header size */
    put64(e + 8, 16); /* payload size */
    put32(e + 28, (uint32_t)entries[i].arch);
  }
  const char *path = getenv("FAKECUDA_FATBIN");
  FILE *f = path && *path ? fopen(path, "rb") : NULL;
  if (f) {
    static unsigned char real[1 << 20];
    size_t n = fread(real, 1, sizeof real - 1, f);
    fclose(f);
    if (n > 16)
      module_image = real;
  }
}

const wp_kernel_desc scale_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_scale",
    .cpu_forward = scale_cpu,
    .args_size = sizeof(scale_args),
    .cuda_module = fatbin,
    .cuda_forward = "test_scale_cuda_fwd",
};

/* The same object's second kernel: same image, another entry, and an
 * adjoint. */
const wp_kernel_desc scale2_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_scale2",
    .cpu_forward = scale_cpu,
    .cpu_backward = scale_cpu,
    .args_size = sizeof(scale_args),
    .cuda_module = fatbin,
    .cuda_forward = "test_scale2_cuda_fwd",
    .cuda_backward = "test_scale2_cuda_bwd",
};

const wp_kernel_desc cpu_only_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_cpu_only",
    .cpu_forward = scale_cpu,
    .args_size = sizeof(scale_args),
};

const wp_kernel_desc missing_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_missing",
    .cpu_forward = scale_cpu,
    .args_size = sizeof(scale_args),
    .cuda_module = fatbin,
    .cuda_forward = "missing_entry",
};

wp_status scale(const wp_launch *l, const wp_kernel_desc *k, wp_array x,
                float a) {
  wp_status st = wp_check_array_arg(&x, WP_FLOAT32, "float32", 1,
                                    wp_launch_device(l), k->name, "x");
  if (st != WP_SUCCESS)
    return st;
  scale_args args = {x, a};
  return wp_launch_kernel(l, k, 0, &args);
}

/* ---- the fake driver ----------------------------------------------------- */

fakecuda_get_stats_fn get_stats;
fakecuda_register_fn register_kernel;
fakecuda_register_args_fn register_kernel_args;

fakecuda_stats stats(void) {
  fakecuda_stats s;
  memset(&s, 0, sizeof s);
  if (get_stats)
    get_stats(&s);
  return s;
}

/* The fake's hooks, from the library libwarprt loaded (NULL for a real
 * driver).  Loads the driver. */
int find_hooks(void) {
  int count;
  wp_cuda_device_count(&count);
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!lib)
    return 0;
  void *g = dlsym(lib, "fakecuda_get_stats");
  void *r = dlsym(lib, "fakecuda_register_kernel");
  void *ra = dlsym(lib, "fakecuda_register_kernel_args");
  memcpy(&get_stats, &g, sizeof g);
  memcpy(&register_kernel, &r, sizeof r);
  memcpy(&register_kernel_args, &ra, sizeof ra);
  return get_stats && register_kernel;
}

/* Emulation of the scale kernels' CUDA code: the grid-stride loop each
 * thread runs, and a count of visits per element. */
int visits[1 << 20];
void emulate_scale(void **params, unsigned grid, unsigned block) {
  const scale_args *p = params[0];
  const wp_launch_bounds *b = params[1];
  wp_int64 stride = (wp_int64)grid * block;
  for (unsigned blk = 0; blk < grid; blk++)
    for (unsigned t = 0; t < block; t++)
      for (wp_int64 i = (wp_int64)blk * block + t; i < b->size; i += stride) {
        float *x = (float *)((char *)p->x.data + i * p->x.strides[0]);
        *x *= p->a;
        if (i < (wp_int64)(sizeof visits / sizeof visits[0]))
          visits[i]++;
      }
}

/* The same without counting visits (for launches from several threads). */
void emulate_scale_quiet(void **params, unsigned grid, unsigned block) {
  const scale_args *p = params[0];
  const wp_launch_bounds *b = params[1];
  wp_int64 stride = (wp_int64)grid * block;
  for (wp_int64 t = 0; t < stride; t++)
    for (wp_int64 i = t; i < b->size; i += stride) {
      float *x = (float *)((char *)p->x.data + i * p->x.strides[0]);
      *x *= p->a;
    }
}

/* Copies a device float array to the host and checks every element. */
int device_all_equal(const wp_array *d, float want) {
  wp_array h;
  wp_int64 n = wp_array_size(d);
  if (wp_array_alloc(&h, WP_FLOAT32, 0, d->ndim, d->shape, 0, 0) != WP_SUCCESS)
    return 0;
  int ok = wp_array_copy(&h, d) == WP_SUCCESS;
  for (wp_int64 i = 0; ok && i < n; i++)
    ok = ((float *)h.data)[i] == want;
  wp_array_free(&h);
  return ok;
}

/* ---- the tape on a CUDA device -------------------------------------------
 * tscale(x, y: wp.array(dtype=float), a: float): y[i] = a * x[i], and its
 * adjoint x.grad[i] += a * y.grad[i], emulated. */

static void tscale_cpu(const void *args_, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  const tscale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    ((float *)p->y.data)[i] = p->a * ((const float *)p->x.data)[i];
}

static void tscale_cpu_adj(const void *args_, const wp_launch_bounds *b,
                           wp_int64 begin, wp_int64 end) {
  const tscale_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    ((float *)p->x.grad)[i] += p->a * ((const float *)p->y.grad)[i];
}

void emulate_tscale(void **params, unsigned grid, unsigned block) {
  const wp_launch_bounds *b = params[1];
  (void)grid, (void)block;
  tscale_cpu(params[0], b, 0, b->size);
}

void emulate_tscale_adj(void **params, unsigned grid, unsigned block) {
  const wp_launch_bounds *b = params[1];
  (void)grid, (void)block;
  tscale_cpu_adj(params[0], b, 0, b->size);
}

static const wp_uint32 tscale_arrays[] = {offsetof(tscale_args, x),
                                          offsetof(tscale_args, y)};
const wp_kernel_desc tscale_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_tscale",
    .cpu_forward = tscale_cpu,
    .cpu_backward = tscale_cpu_adj,
    .args_size = sizeof(tscale_args),
    .cuda_module = fatbin,
    .cuda_forward = "test_tscale_cuda_fwd",
    .cuda_backward = "test_tscale_cuda_bwd",
    .array_offsets = tscale_arrays,
    .narrays = 2,
};

/* CPU launches and arrays work whatever CUDA's state. */
void check_cpu_still_works(void) {
  enum { N = 5000 };
  wp_array x;
  wp_int64 n = N;
  CHECK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  float one = 1.0f;
  CHECK(wp_array_fill(&x, &one) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), &scale_desc, x, 3.0f) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), &cpu_only_desc, x, 2.0f) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)x.data)[i] == 6.0f;
  CHECK(ok);
  CHECK(wp_synchronize(WP_DEVICE_CPU) == WP_SUCCESS);
  wp_array_free(&x);
}

/* A device array of n floats, all `v`. */
wp_array device_floats(wp_device dev, wp_int64 n, float v) {
  wp_array a;
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, dev) == WP_SUCCESS);
  CHECK(wp_array_fill(&a, &v) == WP_SUCCESS);
  return a;
}

/* Every push popped, every call made in a context, nothing leaked. */
void check_fake_balance(void) {
  fakecuda_stats s = stats();
  CHECK(s.pushes == s.pops);
  CHECK(s.max_depth == 1);
  CHECK(s.no_context == 0);
  CHECK(s.bad_pointer == 0);
  CHECK(s.live_allocs == 0);
  CHECK(s.live_streams == 0 && s.live_events == 0);
  CHECK(s.live_graphs == 0 && s.live_execs == 0);
  CHECK(s.live_host_allocs == 0);
}
