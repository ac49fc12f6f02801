/* injective.c - which array reads of a kernel have a single writer of their
 * adjoint: the analysis that lets the backward kernel add a read's adjoint
 * into the array's grad with a plain `+=` instead of an atomic add.
 *
 * The adjoint of `x = a[idx]` is `a.grad[idx] += adj(x)`, atomic because
 * two threads may read the same element.  It need not be when the index is
 * injective in the thread: no two threads of the launch compute the same
 * idx.  An index is affine in the thread id when each of its components is
 * c * tid_k + d + e * n (c, d, e integer constants, tid_k component k of
 * wp.tid(), n an int kernel parameter or none: an offset the same in every
 * thread, as in a[n - 1 - i], through +, -, *, unary - and integer casts
 * of 32 or 64 bits); the tuple is injective when no component k is used by
 * two dimensions and every dimension of the launch is one of them.
 * wp.tid()'s component k is the k-th coordinate of the launch (lib/emit's
 * wp_tid), whose dimension count is known only at run time, so the answer
 * is a number K: the index is
 * injective in every launch of at most K dimensions (components 0..K-1 are
 * all used); the emitter checks the launch's dimensions against it
 * (wp_bounds->ndim <= K) and falls back on the atomic otherwise.
 *
 * Injective under wrapping too: c * (t1 - t2) = 0 modulo 2^32 has no
 * solution with 0 < |t1 - t2| < 2^31 (thread coordinates are int32) when c
 * has at most one factor 2, so other constants c are refused.
 *
 * One injective read is not enough: the element it writes must be written
 * by no other thread through another access.  So plain adds are used for
 * an element type only when every access (load, store, atomic) of every
 * array of that dtype in the kernel is at the same index tuple (the same
 * affine form), the arrays are the kernel's own parameters (not views,
 * slices, struct fields or arrays passed through block arguments, whose
 * storage may be any parameter's) and the kernel calls nothing whose
 * adjoint could write grads itself (a @wp.func_grad or a builtin writing
 * arrays).  Requiring one form for the whole dtype covers aliasing: the
 * same array passed as two parameters (a and b with a == b) is accessed at
 * that one index by one thread only, so the thread's own adds are
 * sequential.  Parameters whose grads overlap otherwise (slices of one
 * array with an offset, a view of another dtype: Warp shares the grad) are
 * seen only at run time: the runtime then sets WP_BOUNDS_GRADS_OVERLAP in
 * the launch bounds and the emitted guard takes the atomic.  An array that
 * is not a wp_array parameter (a view, a struct field, an indexed array)
 * may share any parameter's grad unseen by that check, so one anywhere in
 * the kernel keeps every add atomic.
 * Arrays made in the kernel (wp.zeros, their copies and views) live in the
 * thread's own frame and never clash.
 *
 * The result is the same bits as the atomic: each element has one writer,
 * which adds in program order either way. */
#include <string.h>

#include "adjoint_primal.h"
#include "ir.h"

/* c * tid_k + d + sc * sym; k = -1: no thread term; sym: an int kernel
 * parameter (the same number in every thread: a launch-invariant offset)
 * or NULL (sc 0); ok false: not affine. */
typedef struct affine {
  bool ok;
  int k;
  int64_t c, d;
  const ir_value *sym;
  int64_t sc;
} affine;

enum { MAX_DEPTH = 32, MAX_COEF = 0x7fffffff };

static bool wide_int(const ir_type *t) {
  return ir_type_is_int(t) && ir_type_size(t) >= 4;
}

static bool small(int64_t x) {
  return x >= -MAX_COEF && x <= MAX_COEF;
}

static affine affine_of(const ir_value *v, int depth) {
  affine r = {0};
  if (depth > MAX_DEPTH || !wide_int(v->type))
    return r;
  switch (v->op) {
  case IR_TID: return (affine){true, v->aux, 1, 0, NULL, 0};
  case IR_CONST:
    if (!small((int64_t)v->ival))
      return r;
    return (affine){true, -1, 0, (int64_t)v->ival, NULL, 0};
  case IR_PARAM: return (affine){true, -1, 0, 0, v, 1};
  case IR_CAST:
    if (!wide_int(v->args[0]->type))
      return r;
    return affine_of(v->args[0], depth + 1);
  case IR_BUILTIN: break;
  default: return r;
  }
  ir_builtin_id id = v->builtin->id;
  if (id == IR_B_NEG || id == IR_B_POS) {
    affine x = affine_of(v->args[0], depth + 1);
    if (x.ok && id == IR_B_NEG)
      x.c = -x.c, x.d = -x.d, x.sc = -x.sc;
    return x;
  }
  if (id != IR_B_ADD && id != IR_B_SUB && id != IR_B_MUL)
    return r;
  affine x = affine_of(v->args[0], depth + 1);
  affine y = affine_of(v->args[1], depth + 1);
  if (!x.ok || !y.ok)
    return r;
  if (id == IR_B_MUL) {
    bool xc = x.k < 0 && !x.sym, yc = y.k < 0 && !y.sym;
    if (!xc && !yc)
      return r; /* tid * tid, tid * off, off * off */
    if (xc) {   /* the constant second: swap */
      affine t = x;
      x = y, y = t;
    }
    r = (affine){true, x.k, x.c * y.d, x.d * y.d, x.sym, x.sc * y.d};
  } else {
    int64_t s = id == IR_B_SUB ? -1 : 1;
    if (x.k >= 0 && y.k >= 0 && x.k != y.k)
      return r; /* tid_0 + tid_1 */
    if (x.sym && y.sym && x.sym != y.sym)
      return r; /* off + m */
    r = (affine){true,          x.k >= 0 ? x.k : y.k,  x.c + s * y.c,
                 x.d + s * y.d, x.sym ? x.sym : y.sym, x.sc + s * y.sc};
  }
  r.ok = small(r.c) && small(r.d) && small(r.sc);
  if (r.ok && r.k >= 0 && r.c == 0)
    r.k = -1; /* tid - tid */
  if (r.sc == 0)
    r.sym = NULL; /* off - off */
  return r;
}

/* The form of one access: per index, its affine form. */
typedef struct form {
  const ir_type *elem; /* the group: the dtype */
  affine *ix;
  int n;
  int k; /* K: the launch dimensions it is injective for; 0: not */
  bool bad;
} form;

static int injective_dims(const affine *ix, int n) {
  unsigned used = 0;
  for (int i = 0; i < n; i++) {
    if (!ix[i].ok || ix[i].k < 0 || ix[i].k >= 4)
      continue; /* a constant or other index: no dimension */
    int64_t c = ix[i].c;
    if (c == 0 || (c % 4 == 0)) /* two factors 2 or more: may wrap */
      continue;
    if (used & (1u << ix[i].k))
      return 0; /* one component in two dimensions: a[i, i] */
    used |= 1u << ix[i].k;
  }
  int k = 0;
  while (k < 4 && (used & (1u << k)))
    k++;
  return k;
}

static bool same_form(const affine *a, const affine *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].ok != b[i].ok || a[i].k != b[i].k || a[i].c != b[i].c ||
        a[i].d != b[i].d || a[i].sym != b[i].sym || a[i].sc != b[i].sc)
      return false;
  return true;
}

typedef struct sctx {
  wp_arena *A;
  const bool *frame;
  form *groups;
  int ngroups, cap;
  bool calls;   /* the kernel calls something that may write grads */
  bool foreign; /* an array that is not a wp_array parameter is used */
} sctx;

static form *group(sctx *s, const ir_type *elem) {
  for (int i = 0; i < s->ngroups; i++)
    if (s->groups[i].elem == elem)
      return &s->groups[i];
  if (s->ngroups == s->cap) {
    int cap = s->cap ? 2 * s->cap : 8;
    form *g = WP_NEW_ARRAY(s->A, form, cap);
    if (s->ngroups)
      memcpy(g, s->groups, sizeof *g * (size_t)s->ngroups);
    s->groups = g, s->cap = cap;
  }
  form *g = &s->groups[s->ngroups++];
  *g = (form){.elem = elem};
  return g;
}

static bool is_access(const ir_value *v) {
  return v->op == IR_LOAD || v->op == IR_STORE || v->op == IR_ATOMIC;
}

/* A use of array value `arr` by v: an access at v's indices (args[0]), or
 * anything else. */
static void use_array(sctx *s, const ir_value *arr, const ir_value *v,
                      bool access) {
  if (s->frame[arr->id])
    return; /* the thread's own storage */
  form *g = group(s, arr->type->elem);
  if (arr->op != IR_PARAM || ir_type_is_indexed(arr->type))
    s->foreign = true; /* its grad may be any parameter's, of any dtype */
  if (!access || arr->op != IR_PARAM || ir_type_is_indexed(arr->type)) {
    g->bad = true;
    return;
  }
  int n = arr->type->ndim;
  affine *ix = WP_NEW_ARRAY(s->A, affine, n + 1);
  for (int i = 0; i < n; i++)
    ix[i] = affine_of(v->args[1 + i], 0);
  if (!g->ix) {
    g->ix = ix, g->n = n;
    g->k = injective_dims(ix, n);
    if (!g->k)
      g->bad = true;
  } else if (g->n != n || !same_form(g->ix, ix, n))
    g->bad = true;
}

static void scan_value(sctx *s, const ir_value *v) {
  if (v->op == IR_CALL ||
      (v->op == IR_BUILTIN && !v->builtin->pure && v->type->kind == IR_T_VOID))
    s->calls = true;
  if (v->op == IR_ARRAY_SHAPE || v->op == IR_ARRAY_VALID ||
      v->op == IR_ARRAY_PTR)
    return; /* no element touched */
  for (int i = 0; i < v->nargs; i++)
    if (v->args[i]->type->kind == IR_T_ARRAY)
      use_array(s, v->args[i], v, i == 0 && is_access(v));
  for (int t = 0; t < 2 && ir_is_terminator(v); t++)
    for (int i = 0; v->targets[t] && i < v->targs[t].nargs; i++)
      if (v->targs[t].args[i]->type->kind == IR_T_ARRAY)
        use_array(s, v->targs[t].args[i], v, false);
}

int *ir_single_writer_loads(const ir_func *p, int nvalues, const bool *frame,
                            wp_arena *A) {
  int *k = WP_NEW_ARRAY(A, int, nvalues + 1);
  sctx s = {.A = A, .frame = frame};
  for (const ir_block *b = p->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      scan_value(&s, v);
  if (s.calls || s.foreign)
    return k;
  for (const ir_block *b = p->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op != IR_LOAD || frame[v->args[0]->id])
        continue;
      const form *g = group(&s, v->args[0]->type->elem);
      if (!g->bad)
        k[v->id] = g->k;
    }
  return k;
}

int ir_index_injective_dims(ir_value *const *idx, int n) {
  if (n <= 0 || n > 4)
    return 0;
  affine ix[4];
  for (int i = 0; i < n; i++)
    ix[i] = affine_of(idx[i], 0);
  return injective_dims(ix, n);
}

bool ir_index_same_affine(const ir_value *a, const ir_value *b) {
  if (a->type != b->type)
    return false;
  affine x = affine_of(a, 0), y = affine_of(b, 0);
  return x.ok && y.ok && x.k == y.k && x.c == y.c && x.d == y.d &&
         x.sym == y.sym && x.sc == y.sc;
}
