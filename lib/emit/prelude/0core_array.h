/* 0core_array.h - arrays in generated code: the address of an element from
 * byte strides (WP_AT1..4), Warp's views a[i] and slices a[lo:hi:step], the
 * grad array of wp.adjoint[a], and the conversions to and from the array_t
 * of struct fields.  Pasted after 0core.h (its types and WP_FN).
 */
/* ---- arrays -------------------------------------------------------------- */
/* Address of an array element from byte strides.  On the CPU, where the C
 * compiler knows a 1-D array's stride is the element's size (the dense
 * and restrict range loops set it: emit_cpu_restrict.c), the element is
 * indexed as a T array: the same address, but clang's vectorizer then
 * gathers with 32-bit indices (vgatherdps: twice the lanes of
 * vgatherqps), which it does not for the byte offset under -fwrapv.  A
 * stride known only at run time takes the byte form (__builtin_constant_p
 * is false). */
#if defined(__GNUC__) && !defined(__CUDACC__)
#define WP_AT1(T, a, i)                                                        \
  (__builtin_constant_p((a).strides[0]) &&                                     \
           (a).strides[0] == (wp_int64)sizeof(T)                               \
       ? &((T *)(a).data)[(wp_int64)(i)]                                       \
       : (T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0]))
#else
#define WP_AT1(T, a, i)                                                        \
  ((T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0]))
#endif
#define WP_AT2(T, a, i, j)                                                     \
  ((T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1]))
#define WP_AT3(T, a, i, j, k)                                                  \
  ((T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1] + (wp_int64)(k) * (a).strides[2]))
#define WP_AT4(T, a, i, j, k, l)                                               \
  ((T *)((char *)(a).data + (wp_int64)(i) * (a).strides[0] +                   \
         (wp_int64)(j) * (a).strides[1] + (wp_int64)(k) * (a).strides[2] +     \
         (wp_int64)(l) * (a).strides[3]))

/* Indexed arrays (wp_indexedarray): index i of dimension k mapped through
 * that dimension's index array, if it has one; then the element or grad
 * address in the base array. */
#define WP_IX(a, k, i)                                                         \
  ((a).indices[k] ? (wp_int64)(a).indices[k][i] : (wp_int64)(i))
/* AT: WP_ATn (the element) or WP_GATn (its grad) */
#define WP_IBY1(AT, T, a, i) AT(T, (a).arr, WP_IX(a, 0, i))
#define WP_IBY2(AT, T, a, i, j) AT(T, (a).arr, WP_IX(a, 0, i), WP_IX(a, 1, j))
#define WP_IBY3(AT, T, a, i, j, k)                                             \
  AT(T, (a).arr, WP_IX(a, 0, i), WP_IX(a, 1, j), WP_IX(a, 2, k))
#define WP_IBY4(AT, T, a, i, j, k, l)                                          \
  AT(T, (a).arr, WP_IX(a, 0, i), WP_IX(a, 1, j), WP_IX(a, 2, k), WP_IX(a, 3, l))
#define WP_IAT1(T, a, i) WP_IBY1(WP_AT1, T, a, i)
#define WP_IAT2(T, a, i, j) WP_IBY2(WP_AT2, T, a, i, j)
#define WP_IAT3(T, a, i, j, k) WP_IBY3(WP_AT3, T, a, i, j, k)
#define WP_IAT4(T, a, i, j, k, l) WP_IBY4(WP_AT4, T, a, i, j, k, l)
#define WP_IGAT1(T, a, i) WP_IBY1(WP_GAT1, T, a, i)
#define WP_IGAT2(T, a, i, j) WP_IBY2(WP_GAT2, T, a, i, j)
#define WP_IGAT3(T, a, i, j, k) WP_IBY3(WP_GAT3, T, a, i, j, k)
#define WP_IGAT4(T, a, i, j, k, l) WP_IBY4(WP_GAT4, T, a, i, j, k, l)

/* a[..., i, ...] among slices: dimension d removed at index i. */
WP_FN wp_array wp_array_drop_dim(wp_array a, int d, wp_int64 i) {
  wp_array r = a;
  if (i < 0)
    i += a.shape[d];
  r.data = (char *)a.data + i * a.strides[d];
  if (a.grad)
    r.grad = (char *)a.grad + i * a.strides[d];
  for (int k = d; k < 3; k++) {
    r.shape[k] = a.shape[k + 1];
    r.strides[k] = a.strides[k + 1];
  }
  r.shape[3] = 0;
  r.strides[3] = 0;
  r.ndim = a.ndim - 1;
  r.flags = a.flags & WP_ARRAY_RETAIN_GRAD;
  return r;
}

/* Warp's a[i] on an array of ndim >= 2: the (ndim-1)-d view of row i (data
 * and grad moved by i rows, a[-1] the last; it owns neither). */
WP_FN wp_array wp_array_view_at(wp_array a, wp_int64 i) {
  return wp_array_drop_dim(a, 0, i);
}

/* a[i] on an indexed array of ndim >= 2: the (ndim-1)-d indexed array of
 * base row indices[0][i] (a[-1] the last), the other dimensions' index
 * arrays kept. */
WP_FN wp_indexedarray wp_iarray_view_at(wp_indexedarray a, wp_int64 i) {
  wp_indexedarray r;
  if (i < 0)
    i += a.shape[0];
  r.arr = wp_array_drop_dim(a.arr, 0, WP_IX(a, 0, i));
  for (int k = 0; k < 3; k++) {
    r.indices[k] = a.indices[k + 1];
    r.shape[k] = a.shape[k + 1];
  }
  r.indices[3] = 0;
  r.shape[3] = 0;
  return r;
}

/* a[..., start:stop:step, ...]: dimension d sliced with Warp's clamping
 * (absent bounds: the whole extent in the step's direction). */
WP_FN wp_int64 wp_slice_bound(wp_int64 x, wp_int64 len) {
  x = x < -len ? -len : x > len ? len : x;
  return x < 0 ? x + len : x;
}
WP_FN wp_array wp_array_slice_dim(wp_array a, int d, wp_int64 start,
                                  wp_int64 stop, wp_int64 step, int has_start,
                                  int has_stop) {
  wp_array r = a;
  wp_int64 len = a.shape[d], n = 0;
  start = has_start ? wp_slice_bound(start, len) : step < 0 ? len - 1 : 0;
  stop = has_stop ? wp_slice_bound(stop, len) : step < 0 ? -1 : len;
  if (step > 0 && start < stop)
    n = 1 + (stop - start - 1) / step;
  else if (step < 0 && start > stop)
    n = 1 + (start - stop - 1) / -step;
  r.data = (char *)a.data + start * a.strides[d];
  if (a.grad)
    r.grad = (char *)a.grad + start * a.strides[d];
  r.shape[d] = n;
  r.strides[d] = a.strides[d] * step;
  r.flags = a.flags & WP_ARRAY_RETAIN_GRAD;
  return r;
}

/* The dense row-major array of ndim extents d0.. over `data` (elements of
 * elem_size bytes), with no grad: wp.array(ptr=, shape=, dtype=) in a
 * kernel. */
WP_FN wp_array wp_array_dense(void *data, wp_int32 elem_size, int ndim,
                              wp_int64 d0, wp_int64 d1, wp_int64 d2,
                              wp_int64 d3) {
  wp_array r;
  wp_int64 d[4] = {d0, d1, d2, d3};
  wp_int64 stride = elem_size;
  r.data = data;
  r.grad = 0;
  for (int k = 3; k >= 0; k--) {
    r.shape[k] = k < ndim ? d[k] : 0;
    r.strides[k] = k < ndim ? stride : 0;
    if (k < ndim)
      stride *= d[k];
  }
  r.ndim = ndim;
  r.dtype = 0;
  r.elem_size = elem_size;
  r.device = 0;
  r.flags = 0;
  r.reserved = 0;
  return r;
}

/* wp.zeros(shape, dtype) in a kernel: `storage` (`bytes` long, in the
 * function's frame) zeroed, as the dense array over it; `grad` (as long)
 * zeroed too and its grad in a backward function, else NULL. */
WP_FN wp_array wp_array_local(void *storage, void *grad, wp_int64 bytes,
                              wp_int32 elem_size, int ndim, wp_int64 d0,
                              wp_int64 d1, wp_int64 d2, wp_int64 d3) {
  for (wp_int64 i = 0; i < bytes; i++) {
    ((char *)storage)[i] = 0;
    if (grad)
      ((char *)grad)[i] = 0;
  }
  wp_array r = wp_array_dense(storage, elem_size, ndim, d0, d1, d2, d3);
  r.grad = grad;
  return r;
}

/* `c = a` of a wp.zeros() array: a copy of a's elements in `storage`
 * (`bytes`, a's size), same shape; grad as wp_array_local. */
WP_FN wp_array wp_array_local_copy(void *storage, void *grad, wp_int64 bytes,
                                   wp_array a) {
  for (wp_int64 i = 0; i < bytes; i++) {
    ((char *)storage)[i] = ((const char *)a.data)[i];
    if (grad)
      ((char *)grad)[i] = 0;
  }
  wp_array r = a;
  r.data = storage;
  r.grad = grad;
  return r;
}

/* The reverse sweep at a wp.zeros() array's making: its n elements' grads
 * zeroed. */
WP_FN void wp_array_zero_grad_n(wp_array a, wp_int64 n) {
  if (a.grad)
    for (wp_int64 i = 0; i < n * a.elem_size; i++)
      ((char *)a.grad)[i] = 0;
}

/* The adjoint of the copy c of a (n float components each): a's grad
 * gets c's. */
WP_FN void wp_array_copy_adj_float32(wp_array c, wp_array a, wp_int64 n) {
  if (c.grad && a.grad)
    for (wp_int64 i = 0; i < n; i++)
      ((float *)a.grad)[i] += ((const float *)c.grad)[i];
}
WP_FN void wp_array_copy_adj_float64(wp_array c, wp_array a, wp_int64 n) {
  if (c.grad && a.grad)
    for (wp_int64 i = 0; i < n; i++)
      ((double *)a.grad)[i] += ((const double *)c.grad)[i];
}

/* wp.adjoint[a] of an array parameter in a @wp.func_grad: the array over a's
 * grad buffer (null data when a has none, as Warp). */
WP_FN wp_array wp_array_grad_of(wp_array a) {
  wp_array r = a;
  r.data = a.grad;
  r.grad = 0;
  r.flags = 0;
  return r;
}

/* Array fields of structs are Warp's array_t (wp_array_t, int32 extents and
 * strides); array values in kernels are wp_array.  A field read widens, a
 * field write narrows (dtype, elem_size and device are not part of a field
 * and read as 0). */
WP_FN wp_array wp_array_from_t(wp_array_t a) {
  wp_array r;
  r.data = a.data;
  r.grad = a.grad;
  for (int k = 0; k < 4; k++) {
    r.shape[k] = a.shape[k];
    r.strides[k] = a.strides[k];
  }
  r.ndim = a.ndim;
  r.dtype = 0;
  r.elem_size = 0;
  r.device = 0;
  r.flags = 0;
  r.reserved = 0;
  return r;
}
WP_FN wp_array_t wp_array_to_t(wp_array a);
/* The same for indexed-array fields (Warp's indexedarray_t). */
WP_FN wp_indexedarray wp_iarray_from_t(wp_indexedarray_t a) {
  wp_indexedarray r;
  r.arr = wp_array_from_t(a.arr);
  for (int k = 0; k < 4; k++) {
    r.indices[k] = a.indices[k];
    r.shape[k] = a.shape[k];
  }
  return r;
}
WP_FN wp_indexedarray_t wp_iarray_to_t(wp_indexedarray a) {
  wp_indexedarray_t r;
  r.arr = wp_array_to_t(a.arr);
  for (int k = 0; k < 4; k++) {
    r.indices[k] = a.indices[k];
    r.shape[k] = (wp_int32)a.shape[k];
  }
  return r;
}
WP_FN wp_array_t wp_array_to_t(wp_array a) {
  wp_array_t r;
  r.data = a.data;
  r.grad = a.grad;
  for (int k = 0; k < 4; k++) {
    r.shape[k] = (wp_int32)a.shape[k];
    r.strides[k] = (wp_int32)a.strides[k];
  }
  r.ndim = a.ndim;
  return r;
}
