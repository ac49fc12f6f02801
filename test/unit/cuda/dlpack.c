/* dlpack.c - DLPack tensors and array views on CUDA devices of the fake
 * driver: a tensor over device memory from wp_array_alloc(CUDA0) imported
 * as a cuda:0 array (values read back through wp_array_copy), exports of
 * CUDA arrays, the device mapping and its refusals, and clone/full/empty
 * and views of device arrays. */
#include "fixture.h"

#include <stdlib.h>
#include <string.h>

/* A DLPack producer over someone else's device memory: the deleter counts
 * its calls and frees only the tensor block. */
typedef struct cuda_producer {
  DLManagedTensorVersioned t;
  int64_t shape[2];
  int deleted;
} cuda_producer;

static void cuda_producer_deleter(DLManagedTensorVersioned *self) {
  ((cuda_producer *)self)->deleted++;
}

static void init_tensor(cuda_producer *p, void *data, int type, int id,
                        int64_t n) {
  memset(p, 0, sizeof *p);
  p->shape[0] = n;
  p->t.version.major = 1;
  p->t.deleter = cuda_producer_deleter;
  p->t.dl_tensor.data = data;
  p->t.dl_tensor.device.device_type = (DLDeviceType)type;
  p->t.dl_tensor.device.device_id = id;
  p->t.dl_tensor.ndim = 1;
  p->t.dl_tensor.dtype = (DLDataType){kDLFloat, 32, 1};
  p->t.dl_tensor.shape = p->shape;
}

/* Copies the device array d (float32, contiguous) to the host and checks
 * element e == base + e. */
static int device_holds_ramp(const wp_array *d, float base) {
  wp_array h;
  if (wp_array_alloc(&h, WP_FLOAT32, 0, d->ndim, d->shape, 0, 0) != WP_SUCCESS)
    return 0;
  int ok = wp_array_copy(&h, d) == WP_SUCCESS;
  for (wp_int64 e = 0; ok && e < wp_array_size(&h); e++)
    ok = ((float *)h.data)[e] == base + (float)e;
  wp_array_free(&h);
  return ok;
}

static void test_dlpack_import_cuda(void) {
  enum { N = 8 };
  wp_int64 n = N;
  wp_array d, h, a;
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  for (int e = 0; e < N; e++)
    ((float *)h.data)[e] = 100.0f + (float)e;
  CHECK(wp_array_copy(&d, &h) == WP_SUCCESS);

  /* kDLCUDA 0 over d's device memory */
  cuda_producer p;
  init_tensor(&p, d.data, kDLCUDA, 0, N);
  CHECK(wp_array_from_dlpack(&a, &p.t, 0) == WP_SUCCESS);
  CHECK(a.device == CUDA0 && a.data == d.data && a.shape[0] == N &&
        a.strides[0] == 4 && a.flags == WP_ARRAY_OWNS_DLPACK);
  CHECK(device_holds_ramp(&a, 100.0f));
  wp_array_free(&a);
  CHECK(p.deleted == 1);
  CHECK(device_holds_ramp(&d, 100.0f)); /* the memory is still d's */

  /* kDLCUDAManaged and device 1 */
  init_tensor(&p, d.data, kDLCUDAManaged, 0, N);
  CHECK(wp_array_from_dlpack(&a, &p.t, 0) == WP_SUCCESS && a.device == CUDA0);
  wp_array_free(&a);
  wp_array d1;
  CHECK(wp_array_alloc(&d1, WP_FLOAT32, 0, 1, &n, 0, CUDA1) == WP_SUCCESS);
  init_tensor(&p, d1.data, kDLCUDA, 1, N);
  CHECK(wp_array_from_dlpack(&a, &p.t, 0) == WP_SUCCESS && a.device == CUDA1);
  wp_array_free(&a);
  CHECK(p.deleted == 1);

  /* a device that does not exist: refused, not consumed */
  init_tensor(&p, d.data, kDLCUDA, 2, N);
  CHECK_ERR(wp_array_from_dlpack(&a, &p.t, 0), WP_ERROR_NO_DEVICE,
            "wp_array_from_dlpack: wp_array_wrap: device cuda:2: cuda:2 does "
            "not exist: this machine has 2 CUDA devices");
  CHECK(p.deleted == 0 && a.data == NULL);
  /* misaligned device pointer */
  init_tensor(&p, (char *)d.data + 2, kDLCUDA, 0, 2);
  CHECK_ERR(wp_array_from_dlpack(&a, &p.t, 0), WP_ERROR_INVALID_VALUE,
            "is misaligned");
  CHECK(p.deleted == 0);

  /* export: kDLCUDA with the ordinal, the same device pointer; the
   * round trip reads the same values */
  DLManagedTensorVersioned *t = NULL;
  CHECK(wp_array_to_dlpack(&d1, &t) == WP_SUCCESS);
  CHECK(t->dl_tensor.device.device_type == kDLCUDA &&
        t->dl_tensor.device.device_id == 1 && t->dl_tensor.data == d1.data);
  t->deleter(t);
  CHECK(wp_array_to_dlpack(&d, &t) == WP_SUCCESS);
  CHECK(t->dl_tensor.device.device_type == kDLCUDA &&
        t->dl_tensor.device.device_id == 0);
  CHECK(wp_array_from_dlpack(&a, t, 0) == WP_SUCCESS);
  CHECK(a.device == CUDA0 && a.data == d.data && device_holds_ramp(&a, 100.0f));
  wp_array_free(&a); /* calls the export's deleter */

  /* a slice of a device array: the pointer moves, nothing is touched;
   * exported and copied back it holds elements 2..5 */
  wp_array v;
  CHECK(wp_array_slice(&v, &d, 0, 2, 6, 1) == WP_SUCCESS);
  CHECK(v.device == CUDA0 && (char *)v.data == (char *)d.data + 8 &&
        v.shape[0] == 4 && v.flags == 0);
  CHECK(device_holds_ramp(&v, 102.0f));
  CHECK(wp_array_to_dlpack(&v, &t) == WP_SUCCESS);
  CHECK(t->dl_tensor.data == v.data && t->dl_tensor.shape[0] == 4);
  t->deleter(t);
  wp_array_free(&v); /* a view: frees nothing (live_allocs below) */

  /* pinned host memory exports as kDLCUDAHost (a view of it too, which
   * frees nothing) and comes back as a CPU array */
  wp_array pin, pv;
  CHECK(wp_array_alloc_pinned(&pin, WP_FLOAT32, 0, 1, &n, 0) == WP_SUCCESS);
  CHECK(wp_array_slice(&pv, &pin, 0, 1, 3, 1) == WP_SUCCESS);
  CHECK(wp_array_to_dlpack(&pv, &t) == WP_SUCCESS);
  CHECK(t->dl_tensor.device.device_type == kDLCUDAHost &&
        t->dl_tensor.device.device_id == 0 && t->dl_tensor.data == pv.data);
  CHECK(wp_array_from_dlpack(&a, t, 0) == WP_SUCCESS);
  CHECK(a.device == WP_DEVICE_CPU && a.data == pv.data && a.shape[0] == 2);
  wp_array_free(&a);
  wp_array_free(&pv);
  CHECK(pin.data != NULL && (pin.flags & WP_ARRAY_PINNED));
  wp_array_free(&pin);

  wp_array_free(&d1);
  wp_array_free(&h);
  wp_array_free(&d);
}

static void test_cuda_make(void) {
  wp_int64 s23[2] = {2, 3};
  wp_array d, c, h;
  float v = 2.5f;
  CHECK(wp_array_full(&d, WP_FLOAT32, 0, 2, s23, &v, 1, CUDA0) == WP_SUCCESS);
  CHECK(d.device == CUDA0 && d.grad != NULL && device_all_equal(&d, 2.5f));
  /* clone to the CPU, with a copy of the (zero) grad */
  CHECK(wp_array_clone(&c, &d, WP_DEVICE_CPU, WP_CLONE_GRAD_COPY) ==
        WP_SUCCESS);
  CHECK(c.device == WP_DEVICE_CPU && ((float *)c.data)[5] == 2.5f &&
        c.grad != NULL && ((float *)c.grad)[5] == 0.0f);
  /* and back to cuda:1 */
  ((float *)c.data)[0] = 9.0f;
  wp_array d1;
  CHECK(wp_array_clone(&d1, &c, CUDA1, WP_CLONE_GRAD_NONE) == WP_SUCCESS);
  CHECK(d1.device == CUDA1 && d1.grad == NULL);
  CHECK(wp_array_clone(&h, &d1, WP_DEVICE_CPU, 0) == WP_SUCCESS);
  CHECK(((float *)h.data)[0] == 9.0f && ((float *)h.data)[1] == 2.5f);
  wp_array_free(&h);
  /* a strided device source cannot be copied */
  wp_array t;
  CHECK(wp_array_transpose(&t, &d, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_array_clone(&c, &t, WP_DEVICE_CPU, 0), WP_ERROR_INVALID_VALUE,
            "not contiguous");
  CHECK(c.data == NULL);
  wp_array_free(&d1);
  wp_array_free(&d);
  CHECK(wp_array_empty(&d, WP_INT32, 0, 2, s23, 0, CUDA0) == WP_SUCCESS);
  CHECK(d.device == CUDA0 && d.flags == WP_ARRAY_OWNS_DATA);
  wp_array_free(&d);
  /* cuda:2 does not exist */
  CHECK_ERR(wp_array_full(&d, WP_FLOAT32, 0, 2, s23, &v, 0, WP_DEVICE_CUDA(2)),
            WP_ERROR_NO_DEVICE, "wp_array_full: device cuda:2");
}

void test_fake_dlpack(void) {
  fakecuda_stats s0 = stats();
  test_dlpack_import_cuda();
  test_cuda_make();
  CHECK(stats().live_allocs == s0.live_allocs);
}
