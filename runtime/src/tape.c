/* tape.c - the autodiff tape: recording forward launches and replaying
 * their adjoints in reverse order (see <warp/tape.h>).
 *
 * A tape is a singly linked list of records, newest first: recording
 * prepends, and a backward pass walks the list from its head, which is the
 * reverse of the recording order with no extra bookkeeping.  A record owns a
 * copy of the packed arguments; the arrays inside are copied by value, so
 * they share the caller's data and grad buffers, as in Warp. */
#include "internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct record {
  struct record *prev; /* the launch recorded before this one */
  const wp_kernel_desc *kernel;
  wp_launch launch; /* tape cleared: a replay is not recorded again */
  void *args;       /* kernel->args_size bytes (at least 1: never NULL) */
} record;

struct wp_tape {
  pthread_mutex_t lock; /* guards last and count */
  record *last;         /* the newest record */
  int count;
};

static const char no_adjoint[] =
    "has no backward (adjoint) kernel: compiled with enable_backward=False "
    "or --no-adjoint";

static const char *kernel_name(const wp_kernel_desc *kernel) {
  return kernel->name ? kernel->name : "(unnamed)";
}

wp_status wp_tape_create(wp_tape **out) {
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "wp_tape_create: out is NULL");
  *out = NULL;
  wp_tape *t = calloc(1, sizeof *t);
  if (!t)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "wp_tape_create: out of memory");
  if (pthread_mutex_init(&t->lock, NULL) != 0) {
    free(t);
    return wp_set_error(WP_ERROR_SYSTEM,
                        "wp_tape_create: cannot create the tape's mutex");
  }
  *out = t;
  return WP_SUCCESS;
}

static void free_records(record *r) {
  while (r) {
    record *prev = r->prev;
    free(r->args);
    free(r);
    r = prev;
  }
}

void wp_tape_destroy(wp_tape *tape) {
  if (!tape)
    return;
  free_records(tape->last);
  pthread_mutex_destroy(&tape->lock);
  free(tape);
}

void wp_tape_reset(wp_tape *tape) {
  if (!tape)
    return;
  pthread_mutex_lock(&tape->lock);
  record *r = tape->last;
  tape->last = NULL;
  tape->count = 0;
  pthread_mutex_unlock(&tape->lock);
  free_records(r);
}

int wp_tape_launch_count(const wp_tape *tape) {
  if (!tape)
    return 0;
  wp_tape *t = (wp_tape *)tape; /* the lock is not part of the value */
  pthread_mutex_lock(&t->lock);
  int n = t->count;
  pthread_mutex_unlock(&t->lock);
  return n;
}

/* Called by wp_launch_kernel for a forward launch naming a tape: runs the
 * launch (with the tape cleared) and, when it succeeded, records it.  The
 * record is made before the launch, so a launch that ran is never left
 * unrecorded for want of memory. */
wp_status wpi_tape_record(const wp_launch *launch, const wp_kernel_desc *kernel,
                          const void *args) {
  wp_tape *t = launch->tape;
  const char *name = kernel_name(kernel);
  size_t size = kernel->args_size;
  record *r = malloc(sizeof *r);
  void *copy = malloc(size ? size : 1);
  if (!r || !copy) {
    free(r);
    free(copy);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "kernel %s: cannot record the launch on the tape: out "
                        "of memory",
                        name);
  }
  if (args && size)
    memcpy(copy, args, size);
  r->kernel = kernel;
  r->launch = *launch;
  r->launch.tape = NULL;
  r->args = copy;
  wp_status st = wp_launch_kernel(&r->launch, kernel, 0, args);
  if (st == WP_SUCCESS) {
    pthread_mutex_lock(&t->lock);
    if (t->count == INT_MAX) {
      st = wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "kernel %s: the tape is full (%d launches)", name,
                        INT_MAX);
    } else {
      r->prev = t->last;
      t->last = r;
      t->count++;
      r = NULL;
    }
    pthread_mutex_unlock(&t->lock);
  }
  if (r) {
    free(r->args);
    free(r);
  }
  return st;
}

/* ---- backward ------------------------------------------------------------ */

/* Every recorded kernel has an adjoint for the device it ran on.  Checked
 * before anything is seeded, so a refused backward changes nothing. */
static wp_status check_adjoints(const wp_tape *t, const char *what) {
  for (const record *r = t->last; r; r = r->prev) {
    const wp_kernel_desc *k = r->kernel;
    int has = r->launch.device == WP_DEVICE_CPU ? k->cpu_backward != NULL
                                                : k->cuda_backward != NULL;
    if (!has)
      return wp_set_error(WP_ERROR_NOT_SUPPORTED, "%s: kernel %s %s", what,
                          kernel_name(k), no_adjoint);
  }
  return WP_SUCCESS;
}

/* Runs the adjoints of the records, newest first. */
static wp_status replay(const wp_tape *t, const char *what) {
  int index = t->count;
  for (const record *r = t->last; r; r = r->prev) {
    index--;
    wp_status st = wp_launch_kernel(&r->launch, r->kernel, 1, r->args);
    if (st != WP_SUCCESS)
      return wp_set_error(st, "%s: backward of launch %d (kernel %s): %s", what,
                          index, kernel_name(r->kernel), wp_last_error());
  }
  return WP_SUCCESS;
}

/* The array describing a's grad buffer (same shape, strides, device). */
static wp_array grad_view(const wp_array *a) {
  wp_array g = *a;
  g.data = a->grad;
  g.grad = NULL;
  g.flags = 0;
  return g;
}

/* Writes one element of a's dtype whose scalar components are all one into
 * buf (a->elem_size bytes). */
static wp_status one_element(const wp_array *a, unsigned char *buf,
                             const char *what) {
  char name[32];
  if (WP_DTYPE_KIND(a->dtype) == WP_KIND_STRUCT)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: cannot seed the gradient of a loss of struct "
                        "dtype (set loss.grad and pass loss = NULL)",
                        what);
  int scalar = WP_DTYPE_SCALAR(a->dtype);
  size_t ssize = wp_dtype_size(WP_SCALAR_DTYPE(scalar));
  size_t esize = wp_dtype_size(a->dtype);
  if (ssize == 0 || esize == 0 || esize != (size_t)a->elem_size ||
      esize % ssize != 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: cannot seed the gradient of a loss of dtype %s "
                        "with element size %d",
                        what, wp_dtype_name(a->dtype, name, sizeof name),
                        (int)a->elem_size);
  union {
    wp_uint8 u8;
    wp_uint16 u16;
    wp_uint32 u32;
    wp_uint64 u64;
    float f32;
    double f64;
  } one;
  memset(&one, 0, sizeof one);
  switch (scalar) {
  case WP_SCALAR_FLOAT16: one.u16 = 0x3c00; break; /* binary16 1.0 */
  case WP_SCALAR_BFLOAT16: one.u16 = 0x3f80; break;
  case WP_SCALAR_FLOAT32: one.f32 = 1.0f; break;
  case WP_SCALAR_FLOAT64: one.f64 = 1.0; break;
  default: /* bool and integers: the value 1 */
    switch (ssize) {
    case 1: one.u8 = 1; break;
    case 2: one.u16 = 1; break;
    case 4: one.u32 = 1; break;
    default: one.u64 = 1; break;
    }
  }
  for (size_t off = 0; off < esize; off += ssize)
    memcpy(buf + off, &one, ssize);
  return WP_SUCCESS;
}

/* loss.grad = 1 everywhere (loss was checked and has a grad). */
static wp_status seed_loss(const wp_array *loss, const char *what) {
  wp_status st;
  unsigned char *one = malloc((size_t)loss->elem_size);
  if (!one)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory", what);
  st = one_element(loss, one, what);
  if (st == WP_SUCCESS) {
    wp_array g = grad_view(loss);
    st = wp_array_fill(&g, one);
    if (st != WP_SUCCESS)
      st = wp_set_error(st, "%s: seeding loss.grad: %s", what, wp_last_error());
  }
  free(one);
  return st;
}

wp_status wp_tape_backward(wp_tape *tape, wp_array *loss) {
  const char *what = "wp_tape_backward";
  if (!tape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: tape is NULL", what);
  wp_status refused = wpi_graph_refuse_cpu_capture(what);
  if (refused != WP_SUCCESS)
    return refused;
  if (loss) { /* checked before the tape's adjoints: both refuse early */
    char w[96];
    snprintf(w, sizeof w, "%s: loss", what);
    wp_status st = wpi_check_array(loss, w);
    if (st != WP_SUCCESS)
      return st;
    if (!loss->grad)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: loss array has no grad buffer (allocate with "
                          "requires_grad or wp_array_alloc_grad)",
                          what);
  }
  pthread_mutex_lock(&tape->lock);
  wp_status st = check_adjoints(tape, what);
  if (st == WP_SUCCESS && loss)
    st = seed_loss(loss, what);
  if (st == WP_SUCCESS)
    st = replay(tape, what);
  pthread_mutex_unlock(&tape->lock);
  return st;
}

/* outputs[i] can take grads[i] as its gradient. */
static wp_status check_output_grad(int i, const wp_array *out,
                                   const wp_array *grad, const char *what) {
  char w[96], b1[32], b2[32];
  if (!out || !grad)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s[%d] is NULL", what,
                        out ? "grads" : "outputs", i);
  snprintf(w, sizeof w, "%s: outputs[%d]", what, i);
  wp_status st = wpi_check_array(out, w);
  if (st != WP_SUCCESS)
    return st;
  snprintf(w, sizeof w, "%s: grads[%d]", what, i);
  if ((st = wpi_check_array(grad, w)) != WP_SUCCESS)
    return st;
  if (!out->grad)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: outputs[%d] has no grad buffer (allocate with "
                        "requires_grad or wp_array_alloc_grad)",
                        what, i);
  if (out->dtype != grad->dtype || out->elem_size != grad->elem_size)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grads[%d] is an array of %s, outputs[%d] of %s",
                        what, i, wp_dtype_name(grad->dtype, b1, sizeof b1), i,
                        wp_dtype_name(out->dtype, b2, sizeof b2));
  int same = out->ndim == grad->ndim;
  for (int k = 0; same && k < out->ndim; k++)
    same = out->shape[k] == grad->shape[k];
  if (!same)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grads[%d] and outputs[%d] differ in shape", what,
                        i, i);
  return WP_SUCCESS;
}

wp_status wp_tape_backward_grads(wp_tape *tape, int n, wp_array *const *outputs,
                                 const wp_array *const *grads) {
  const char *what = "wp_tape_backward_grads";
  if (!tape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: tape is NULL", what);
  wp_status refused = wpi_graph_refuse_cpu_capture(what);
  if (refused != WP_SUCCESS)
    return refused;
  if (n < 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: n = %d is negative", what,
                        n);
  if (n > 0 && (!outputs || !grads))
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        outputs ? "grads" : "outputs");
  for (int i = 0; i < n; i++) {
    wp_status st = check_output_grad(i, outputs[i], grads[i], what);
    if (st != WP_SUCCESS)
      return st;
  }
  pthread_mutex_lock(&tape->lock);
  wp_status st = check_adjoints(tape, what);
  for (int i = 0; st == WP_SUCCESS && i < n; i++) {
    wp_array g = grad_view(outputs[i]);
    st = wp_array_copy(&g, grads[i]);
    if (st != WP_SUCCESS)
      st = wp_set_error(st, "%s: copying grads[%d]: %s", what, i,
                        wp_last_error());
  }
  if (st == WP_SUCCESS)
    st = replay(tape, what);
  pthread_mutex_unlock(&tape->lock);
  return st;
}

/* ---- zero ---------------------------------------------------------------- */

/* Orders arrays by grad buffer and layout, so equal ones end up adjacent. */
static int compare_grads(const void *pa, const void *pb) {
  const wp_array *a = pa, *b = pb;
  uintptr_t ga = (uintptr_t)a->grad, gb = (uintptr_t)b->grad;
  if (ga != gb)
    return ga < gb ? -1 : 1;
  if (a->device != b->device)
    return a->device < b->device ? -1 : 1;
  if (a->elem_size != b->elem_size)
    return a->elem_size < b->elem_size ? -1 : 1;
  if (a->ndim != b->ndim)
    return a->ndim < b->ndim ? -1 : 1;
  for (int k = 0; k < 4; k++) {
    if (a->shape[k] != b->shape[k])
      return a->shape[k] < b->shape[k] ? -1 : 1;
    if (a->strides[k] != b->strides[k])
      return a->strides[k] < b->strides[k] ? -1 : 1;
  }
  return 0;
}

/* The recorded arrays that have a grad buffer, into *out (malloc'd; *n of
 * them). */
static wp_status collect_grads(const wp_tape *t, wp_array **out, size_t *n,
                               const char *what) {
  size_t len = 0, cap = 0;
  wp_array *v = NULL;
  for (const record *r = t->last; r; r = r->prev) {
    const wp_kernel_desc *k = r->kernel;
    for (wp_int32 j = 0; k->array_offsets && j < k->narrays; j++) {
      size_t off = k->array_offsets[j];
      if (off > k->args_size || k->args_size - off < sizeof(wp_array))
        continue; /* a broken descriptor: not an array of these args */
      wp_array a;
      memcpy(&a, (const char *)r->args + off, sizeof a);
      if (!a.grad)
        continue;
      if (len == cap) {
        size_t ncap = cap ? 2 * cap : 16;
        wp_array *nv = realloc(v, ncap * sizeof *nv);
        if (!nv) {
          free(v);
          return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory",
                              what);
        }
        v = nv;
        cap = ncap;
      }
      v[len++] = a;
    }
  }
  *out = v;
  *n = len;
  return WP_SUCCESS;
}

wp_status wp_tape_zero(wp_tape *tape) {
  const char *what = "wp_tape_zero";
  if (!tape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: tape is NULL", what);
  wp_status refused = wpi_graph_refuse_cpu_capture(what);
  if (refused != WP_SUCCESS)
    return refused;
  pthread_mutex_lock(&tape->lock);
  wp_array *v = NULL;
  size_t n = 0;
  wp_status st = collect_grads(tape, &v, &n, what);
  if (st == WP_SUCCESS && n > 1)
    qsort(v, n, sizeof *v, compare_grads);
  for (size_t i = 0; st == WP_SUCCESS && i < n; i++) {
    if (i > 0 && compare_grads(&v[i - 1], &v[i]) == 0)
      continue; /* the same grad buffer, zeroed already */
    st = wp_array_zero_grad(&v[i]);
    if (st != WP_SUCCESS)
      st = wp_set_error(st, "%s: %s", what, wp_last_error());
  }
  pthread_mutex_unlock(&tape->lock);
  free(v);
  return st;
}
