/* dlpack_gpu.c - DLPack round trips and array views/helpers on a real CUDA
 * device (no kernels needed):
 *   - a device array exported with wp_array_to_dlpack and imported back
 *     with wp_array_from_dlpack (same pointer, values read back);
 *   - a tensor a C producer builds over device memory (cuMemAlloc'd by
 *     wp_array_alloc), with a byte_offset, and as (n, 3) float32 read as
 *     vec3f; each deleter runs exactly once;
 *   - a slice view of a device array, wp_array_clone to another array on
 *     the device and to the host, wp_array_full on the device.
 * Every value is compared with the host ramp it was made from (element e
 * holds e * 0.5).
 *
 *   cc -std=c11 -O2 -Iruntime/include test/gpu/dlpack_gpu.c \
 *      build/lib/libwarprt.a -lpthread -ldl -lm -o build/gpu-run/dlpack_gpu
 *   build/gpu-run/dlpack_gpu [cuda:N]
 *
 * Exit status: 0 all checks passed, 1 a check failed, 2 no such device (or
 * a bad argument).  Also runs on the fake driver of test/fakecuda
 * (LD_LIBRARY_PATH=build/test/fakecuda). */
#include <warp/warp.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (cond) {                                                                \
      passed++;                                                                \
    } else {                                                                   \
      failed++;                                                                \
      fprintf(stderr, "dlpack_gpu.c:%d: check failed: %s (last error: %s)\n",  \
              __LINE__, #cond, wp_last_error());                               \
    }                                                                          \
  } while (0)

enum { N = 3 << 16 };

typedef struct producer {
  DLManagedTensorVersioned t;
  int64_t shape[2];
  int deleted;
} producer;

static void producer_deleter(DLManagedTensorVersioned *self) {
  ((producer *)self)->deleted++;
}

static void init(producer *p, void *data, wp_device dev, int ndim, int64_t n0,
                 int64_t n1, uint64_t byte_offset) {
  memset(p, 0, sizeof *p);
  p->shape[0] = n0;
  p->shape[1] = n1;
  p->t.version.major = 1;
  p->t.deleter = producer_deleter;
  p->t.dl_tensor.data = data;
  p->t.dl_tensor.device.device_type = kDLCUDA;
  p->t.dl_tensor.device.device_id = dev - WP_DEVICE_CUDA(0);
  p->t.dl_tensor.ndim = ndim;
  p->t.dl_tensor.dtype = (DLDataType){kDLFloat, 32, 1};
  p->t.dl_tensor.shape = p->shape;
  p->t.dl_tensor.byte_offset = byte_offset;
}

/* The float32 contents of array d (any device, contiguous) from element 0
 * equal ramp[first + e] for every element e. */
static int holds(const wp_array *d, const float *ramp, wp_int64 first) {
  wp_array h;
  wp_int64 n = wp_array_size(d) * (d->elem_size / 4);
  if (wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) != WP_SUCCESS)
    return 0;
  wp_array flat = *d; /* the same bytes as n floats */
  flat.ndim = 1;
  flat.shape[0] = n;
  flat.strides[0] = 4;
  flat.dtype = WP_FLOAT32;
  flat.elem_size = 4;
  for (int k = 1; k < 4; k++)
    flat.shape[k] = flat.strides[k] = 0;
  int ok = wp_array_copy(&h, &flat) == WP_SUCCESS &&
           memcmp(h.data, ramp + first, (size_t)n * 4) == 0;
  wp_array_free(&h);
  return ok;
}

int main(int argc, char **argv) {
  wp_device dev = WP_DEVICE_CUDA(0);
  if (argc > 2 ||
      (argc == 2 && (wp_device_from_string(argv[1], &dev) != WP_SUCCESS ||
                     dev == WP_DEVICE_CPU))) {
    fprintf(stderr, "usage: dlpack_gpu [cuda:N]\n");
    return 2;
  }
  int count = 0;
  if (wp_cuda_device_count(&count) != WP_SUCCESS || dev > count) {
    fprintf(stderr, "dlpack_gpu: the device is not available: %s\n",
            wp_last_error()[0] ? wp_last_error() : "no such CUDA device");
    return 2;
  }
  char name[128] = "";
  wp_device_name(dev, name, sizeof name);
  float *ramp = malloc(N * sizeof *ramp);
  for (int e = 0; e < N; e++)
    ramp[e] = (float)e * 0.5f;
  wp_int64 n = N;
  wp_array host, d, a, v, c;
  EXPECT(wp_array_wrap(&host, ramp, WP_FLOAT32, 0, 1, &n, NULL,
                       WP_DEVICE_CPU) == WP_SUCCESS);
  EXPECT(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 0, dev) == WP_SUCCESS);
  EXPECT(wp_array_copy(&d, &host) == WP_SUCCESS);

  /* export and import back */
  DLManagedTensorVersioned *t = NULL;
  EXPECT(wp_array_to_dlpack(&d, &t) == WP_SUCCESS);
  EXPECT(t && t->dl_tensor.device.device_type == kDLCUDA &&
         t->dl_tensor.device.device_id == dev - 1 &&
         t->dl_tensor.data == d.data && t->dl_tensor.shape[0] == N);
  EXPECT(wp_array_from_dlpack(&a, t, 0) == WP_SUCCESS);
  EXPECT(a.device == dev && a.data == d.data && holds(&a, ramp, 0));
  wp_array_free(&a);

  /* a producer's tensor over the device memory, starting 1024 bytes in */
  producer p;
  init(&p, d.data, dev, 1, N - 256, 0, 1024);
  EXPECT(wp_array_from_dlpack(&a, &p.t, 0) == WP_SUCCESS);
  EXPECT(a.shape[0] == N - 256 && holds(&a, ramp, 256));
  wp_array_free(&a);
  EXPECT(p.deleted == 1);
  /* (N/3, 3) float32 as vec3f */
  init(&p, d.data, dev, 2, N / 3, 3, 0);
  EXPECT(wp_array_from_dlpack(&a, &p.t, WP_VEC3F) == WP_SUCCESS);
  EXPECT(a.dtype == WP_VEC3F && a.shape[0] == N / 3 && a.strides[0] == 12 &&
         holds(&a, ramp, 0));
  wp_array_free(&a);
  EXPECT(p.deleted == 1);

  /* a slice view, cloned on the device and to the host */
  EXPECT(wp_array_slice(&v, &d, 0, 4096, 8192, 1) == WP_SUCCESS);
  EXPECT(holds(&v, ramp, 4096));
  EXPECT(wp_array_clone(&c, &v, dev, WP_CLONE_GRAD_NONE) == WP_SUCCESS);
  EXPECT(c.data != v.data && holds(&c, ramp, 4096));
  wp_array_free(&c);
  EXPECT(wp_array_clone(&c, &v, WP_DEVICE_CPU, WP_CLONE_GRAD_ZERO) ==
         WP_SUCCESS);
  EXPECT(memcmp(c.data, ramp + 4096, 4096 * 4) == 0 &&
         ((float *)c.grad)[4095] == 0.0f);
  wp_array_free(&c);

  /* full on the device */
  float fill = 0.5f;
  EXPECT(wp_array_full(&c, WP_FLOAT32, 0, 1, &n, &fill, 0, dev) == WP_SUCCESS);
  float *ones = malloc(N * sizeof *ones);
  for (int e = 0; e < N; e++)
    ones[e] = 0.5f;
  EXPECT(holds(&c, ones, 0));
  wp_array_free(&c);

  wp_array_free(&d);
  EXPECT(wp_synchronize(dev) == WP_SUCCESS);
  printf("dlpack_gpu: %s (%s): %d passed, %d failed\n", name,
         failed ? "FAIL" : "ok", passed, failed);
  /* the line test/gpu/run.sh's table reads (gpu_common.h's format) */
  char alias[32] = "";
  wp_device_alias(dev, alias, sizeof alias);
  printf("RESULT case=sample test=dlpack name=dlpack device=%s status=%s "
         "reason=%s max_abs=0 max_rel=0 time_gpu_ms=0 time_gpu_first_ms=0 "
         "time_cpu_ms=0\n",
         alias, failed ? "FAIL" : "ok", failed ? "mismatch" : "-");
  free(ones);
  free(ramp);
  wp_shutdown();
  return failed ? 1 : 0;
}
