/* test_builtin_prelude.c - holds the builtin table (lib/ir/builtins.def)
 * against the preludes (lib/emit/prelude): every overload that a
 * builtin's rule accepts over a set of argument types has its prelude
 * function wp_<name>_<types>, and, for a differentiable builtin
 * (GRAD) with a differentiable result, its adjoint wp_adj_<name>_<types>.
 *
 * The overloads are enumerated by calling each entry's rule on every tuple
 * of the sample types below (all tuples up to 3 arguments; longer ones by
 * patterns, and a few signatures by hand).  Each overload becomes a kernel
 * `out[0] = wp.NAME(a0, a1, ...)` lowered by warpc's own front end (one
 * that the lowering refuses, e.g. an atomic on an element type without
 * atomics, is not an overload); all of them go into one module, whose
 * generated C (with its backward functions) clang compiles with
 * -Werror=implicit-function-declaration, as warpc does.  A missing function
 * fails the test naming the builtin and the argument types
 * (wp_builtin_of_c_name, checked here too), and so does a builtin whose
 * call, or a GRAD builtin whose adjoint, never shows up in that C (the
 * enumeration would be missing it).  TEST_VERBOSE=1 prints why the
 * lowering refused the overloads it refused.
 *
 * Not enumerated: builtins with no prelude function of their own (and, or,
 * not: C operators on scalars only; where / select: C's ?:; cast: a
 * bit copy; identity, matrix, vector, matrix_from_cols/rows: built from
 * components) and the internal ones, which the lowering makes from the
 * public forms enumerated here (randf -> _rand_steps, quat_to_axis_angle
 * -> _quat_axis, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit/emit.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "parse/parse.h"

enum { MAX_TYPES = 128, MAX_ARGS = 8 };

typedef struct sample {
  const ir_type *t;
  char py[96]; /* the annotation */
} sample;

typedef struct overload {
  const ir_builtin *b;
  const ir_type *args[MAX_ARGS];
  int n;
  const ir_type *ret;
  bool ok; /* has a kernel */
} overload;

static sample S[MAX_TYPES];
static int nS;
static ir_types *T;

static const char *scalar_py(int s) {
  return ir_scalar_name(s);
}

static void add(const ir_type *t, const char *fmt, const char *a,
                const char *b) {
  if (nS == MAX_TYPES) {
    fprintf(stderr, "test_builtin_prelude: MAX_TYPES too small\n");
    exit(1);
  }
  S[nS].t = t;
  snprintf(S[nS].py, sizeof S[nS].py, fmt, a, b);
  nS++;
}

static void add_vec(int s, int n) {
  char len[8];
  snprintf(len, sizeof len, "%d", n);
  add(ir_t_vec(T, s, n), "wp.types.vector(length=%s, dtype=wp.%s)", len,
      scalar_py(s));
}

static void add_mat(int s, int r, int c) {
  char shape[16];
  snprintf(shape, sizeof shape, "(%d, %d)", r, c);
  add(ir_t_mat(T, s, r, c), "wp.types.matrix(shape=%s, dtype=wp.%s)", shape,
      scalar_py(s));
}

static void add_array(const ir_type *elem, const char *elem_py) {
  add(ir_t_array(T, elem, 1), "wp.array(dtype=%s)%s", elem_py, "");
}

/* The sample types: the scalars (float16 computes in float32: the lowering
 * converts, see lower_half.c, but its atomics are its own), vectors, matrices,
 * quaternions, transforms, spatial vectors and matrices, and the 1-d arrays the
 * array builtins take. */
static void samples(void) {
  static const int scalars[] = {
      WP_SCALAR_BOOL,    WP_SCALAR_INT8,    WP_SCALAR_UINT8,
      WP_SCALAR_INT16,   WP_SCALAR_UINT16,  WP_SCALAR_INT32,
      WP_SCALAR_UINT32,  WP_SCALAR_INT64,   WP_SCALAR_UINT64,
      WP_SCALAR_FLOAT32, WP_SCALAR_FLOAT64, WP_SCALAR_FLOAT16};
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
    add(ir_t_scalar(T, scalars[i]), "wp.%s%s", scalar_py(scalars[i]), "");
  static const int fl[] = {WP_SCALAR_FLOAT32, WP_SCALAR_FLOAT64};
  for (int k = 0; k < 2; k++) {
    for (int n = 2; n <= 4; n++)
      add_vec(fl[k], n);
    add_vec(fl[k], 6); /* spatial_vector */
    for (int n = 2; n <= 4; n++)
      add_mat(fl[k], n, n);
    add_mat(fl[k], 6, 6); /* spatial_matrix */
    add(ir_t_quat(T, fl[k]), "wp.%s%s", ir_t_quat(T, fl[k])->name, "");
    add(ir_t_transform(T, fl[k]), "wp.%s%s", ir_t_transform(T, fl[k])->name,
        "");
  }
  add_vec(WP_SCALAR_FLOAT32, 5);
  add_mat(WP_SCALAR_FLOAT32, 2, 3);
  add_mat(WP_SCALAR_FLOAT32, 3, 2);
  for (size_t i = 1; i < 9; i++)
    add_vec(scalars[i], 3); /* integer vectors */
  add_vec(WP_SCALAR_INT32, 2);
  add_vec(WP_SCALAR_INT32, 4);
  int n0 = nS;
  for (int i = 0; i < n0; i++) {
    const ir_type *t = S[i].t;
    bool f32 = t->kind == IR_T_SCALAR && (t->scalar == WP_SCALAR_FLOAT32 ||
                                          t->scalar == WP_SCALAR_FLOAT64);
    bool i32 = t->kind == IR_T_SCALAR && t->scalar == WP_SCALAR_INT32;
    bool sp = (t->kind == IR_T_VEC && !t->flavor && t->rows == 6) ||
              (t->kind == IR_T_MAT && t->rows == 6);
    if (f32 || i32 || sp)
      add_array(t, S[i].py);
  }
}

static overload *ovs;
static int novs, cap_ovs;

/* The steps and the test of a block-wide query take its state, which no
 * sample is: the kernels of the states' makers call them
 * (query_kernel_text). */
static bool takes_tiled_state(const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_BVH_QUERY_NEXT:
  case IR_B_TILE_MESH_QUERY_AABB_NEXT:
  case IR_B_BVH_QUERY_NEXT_TILED:
  case IR_B_MESH_QUERY_AABB_NEXT_TILED:
  case IR_B_TILE_QUERY_VALID: return true;
  default: return false;
  }
}

static bool enumerated(const ir_builtin *b) {
  switch (b->id) {
  case IR_B_AND:
  case IR_B_OR:
  case IR_B_NOT:
  case IR_B_WHERE:
  case IR_B_CAST:
  case IR_B_IDENTITY:
  case IR_B_MATRIX:
  case IR_B_VECTOR:
  case IR_B_MATRIX_FROM_COLS:
  case IR_B_MATRIX_FROM_ROWS: return false;
  default:
    /* X_next(query, index) assigns its arguments, which must be local
       variables holding a query state: test/cli/query_machinery.sh and the
       e2e cases of each family compile their prelude functions; tile
       builtins are typed by their lowering (lib/lower/lower_tile.c; the e2e
       cases tile_*.py compile and run them) */
    return !b->internal && !b->query_next &&
           !(b->id >= IR_B_TILE_ZEROS && b->id <= IR_B_TILE_MATMUL) &&
           !takes_tiled_state(b);
  }
}

static void try_overload(const ir_builtin *b, const ir_type **a, int n) {
  const char *err = NULL;
  const ir_type *r = b->check(T, b, a, n, &err);
  if (!r)
    return;
  if (novs == cap_ovs) {
    cap_ovs = cap_ovs ? 2 * cap_ovs : 1024;
    ovs = realloc(ovs, sizeof *ovs * (size_t)cap_ovs);
    if (!ovs)
      abort();
  }
  overload *o = &ovs[novs++];
  *o = (overload){.b = b, .n = n, .ret = r, .ok = true};
  memcpy(o->args, a, sizeof *a * (size_t)n);
}

/* Every tuple of n sample types (n <= 3), or the patterns
 * (x, y, y, ..., y), (x, y, z, ..., z) and (x, y, ..., y, z) for more. */
static void enumerate(const ir_builtin *b, int n) {
  const ir_type *a[MAX_ARGS];
  if (n > MAX_ARGS) {
    fprintf(stderr, "test_builtin_prelude: MAX_ARGS too small for '%s'\n",
            b->name);
    exit(1);
  }
  if (n == 0) {
    try_overload(b, a, 0);
    return;
  }
  if (n <= 3) {
    int idx[3] = {0, 0, 0};
    for (;;) {
      for (int i = 0; i < n; i++)
        a[i] = S[idx[i]].t;
      try_overload(b, a, n);
      int k = 0;
      while (k < n && ++idx[k] == nS)
        idx[k++] = 0;
      if (k == n)
        return;
    }
  }
  for (int x = 0; x < nS; x++)
    for (int y = 0; y < nS; y++)
      for (int z = 0; z < nS; z++) {
        a[0] = S[x].t, a[1] = S[y].t;
        for (int i = 2; i < n; i++)
          a[i] = S[z].t; /* (x, y, z, ..., z) */
        try_overload(b, a, n);
        for (int i = 1; i < n - 1; i++)
          a[i] = S[y].t; /* (x, y, ..., y, z) */
        a[n - 1] = S[z].t;
        if (n > 3 && S[y].t != S[z].t)
          try_overload(b, a, n);
      }
}

static const ir_type *find_sample(const char *py) {
  for (int i = 0; i < nS; i++)
    if (!strcmp(S[i].py, py))
      return S[i].t;
  fprintf(stderr, "test_builtin_prelude: no sample type %s\n", py);
  exit(1);
}

/* Signatures the patterns miss. */
static void by_hand(void) {
  const ir_builtin *b = ir_builtin_get(IR_B_CURLNOISE);
  const ir_type *u32 = find_sample("wp.uint32"),
                *f32 = find_sample("wp.float32");
  for (int n = 2; n <= 4; n++) {
    const ir_type *a[5] = {u32, ir_t_vec(T, WP_SCALAR_FLOAT32, n), u32, f32,
                           f32};
    try_overload(b, a, 5);
  }
  b = ir_builtin_get(IR_B_SPATIAL_JACOBIAN);
  const ir_type *ai = ir_t_array(T, ir_t_int32(T), 1), *i32 = ir_t_int32(T);
  static const int fl[] = {WP_SCALAR_FLOAT32, WP_SCALAR_FLOAT64};
  for (int k = 0; k < 2; k++) {
    const ir_type *a[7] = {
        ir_t_array(T, ir_t_vec(T, fl[k], 6), 1), ai, ai, i32, i32, i32,
        ir_t_array(T, ir_t_scalar(T, fl[k]), 1)};
    try_overload(b, a, 7);
  }
}

/* The volume builtins over every value type of a grid (the patterns reach
 * only int32 as the dtype); the dtype arguments are printed as dtype=
 * (kernel_text). */
static bool volume_dtype_last(const ir_builtin *b) {
  return b->id == IR_B_VOLUME_SAMPLE || b->id == IR_B_VOLUME_LOOKUP ||
         b->id == IR_B_VOLUME_SAMPLE_GRAD;
}

static void by_hand_volume(const ir_builtin *b) {
  const ir_type *u64 = ir_t_scalar(T, WP_SCALAR_UINT64), *i32 = ir_t_int32(T),
                *v3 = ir_t_vec(T, WP_SCALAR_FLOAT32, 3);
  const ir_type *vals[] = {ir_t_float32(T),
                           ir_t_scalar(T, WP_SCALAR_FLOAT64),
                           i32,
                           ir_t_scalar(T, WP_SCALAR_INT64),
                           ir_t_scalar(T, WP_SCALAR_UINT32),
                           v3,
                           ir_t_vec(T, WP_SCALAR_FLOAT64, 3),
                           ir_t_vec(T, WP_SCALAR_FLOAT32, 4),
                           ir_t_vec(T, WP_SCALAR_FLOAT64, 4)};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
    const ir_type *v = vals[i];
    const ir_type *g = v->kind == IR_T_VEC ? ir_t_mat(T, v->scalar, v->rows, 3)
                                           : ir_t_vec(T, v->scalar, 3);
    const ir_type *arr = ir_t_array(T, v, 1);
    const ir_type *sample[5] = {u64, v3, i32, v, NULL};
    const ir_type *at[5] = {u64, i32, i32, i32, v};
    const ir_type *grad[5] = {u64, v3, i32, g, v};
    const ir_type *index[6] = {u64, v3, i32, arr, v, g};
    switch (b->id) {
    case IR_B_VOLUME_SAMPLE: try_overload(b, sample, 4); break;
    case IR_B_VOLUME_LOOKUP:
    case IR_B_VOLUME_STORE: try_overload(b, at, 5); break;
    case IR_B_VOLUME_SAMPLE_GRAD: try_overload(b, grad, 5); break;
    case IR_B_VOLUME_SAMPLE_GRAD_F: try_overload(b, grad, 4); break;
    case IR_B_VOLUME_SAMPLE_INDEX: try_overload(b, index, 5); break;
    case IR_B_VOLUME_SAMPLE_GRAD_INDEX: try_overload(b, index, 6); break;
    default: break;
    }
  }
}

/* The annotation of a sample type, or of a result type (vectors and
 * matrices of any size); NULL for others. */
static const char *py_of(const ir_type *t) {
  for (int i = 0; i < nS; i++)
    if (S[i].t == t)
      return S[i].py;
  if ((t->kind == IR_T_VEC && !t->flavor) || t->kind == IR_T_MAT) {
    add(t, "%s%s", "", ""); /* a sample from now on */
    sample *s = &S[nS - 1];
    if (t->kind == IR_T_VEC)
      snprintf(s->py, sizeof s->py, "wp.types.vector(length=%d, dtype=wp.%s)",
               t->rows, scalar_py(t->scalar));
    else
      snprintf(s->py, sizeof s->py,
               "wp.types.matrix(shape=(%d, %d), dtype=wp.%s)", t->rows, t->cols,
               scalar_py(t->scalar));
    return s->py;
  }
  return NULL;
}

/* Builtins that assign to their argument variables (the random state, the
 * out-parameter forms): the kernel stores the arguments afterwards, so that
 * the internal builtin computing the new value is not dead code. */
static bool writes_back(const ir_builtin *b) {
  switch (b->id) {
  case IR_B_RANDI:
  case IR_B_RANDU:
  case IR_B_RANDF:
  case IR_B_RANDN:
  case IR_B_SAMPLE_TRIANGLE:
  case IR_B_SAMPLE_UNIT_RING:
  case IR_B_SAMPLE_UNIT_DISK:
  case IR_B_SAMPLE_UNIT_SPHERE_SURFACE:
  case IR_B_SAMPLE_UNIT_SPHERE:
  case IR_B_SAMPLE_UNIT_HEMISPHERE_SURFACE:
  case IR_B_SAMPLE_UNIT_HEMISPHERE:
  case IR_B_SAMPLE_UNIT_SQUARE:
  case IR_B_SAMPLE_UNIT_CUBE:
  case IR_B_POISSON:
  case IR_B_SAMPLE_CDF:
  case IR_B_QUAT_TO_AXIS_ANGLE:
  case IR_B_TRANSFORM_SET_TRANSLATION:
  case IR_B_TRANSFORM_SET_ROTATION:
  case IR_B_VOLUME_SAMPLE_GRAD:
  case IR_B_VOLUME_SAMPLE_GRAD_F:
  case IR_B_VOLUME_SAMPLE_GRAD_INDEX: return true;
  default: return false;
  }
}

/* Appends overload o's kernel (number k):
 *     @wp.kernel
 *     def kK(a0: T0, a1: T1, ..., o0: wp.array(dtype=R)):
 *         o0[0] = wp.NAME(a0, a1, ...)
 * (an atomic's a0 is an array, called with index 0; a tuple result is
 * stored member by member); false when a type has no annotation. */
static bool query_kernel_text(FILE *f, const overload *o, int k);

static bool kernel_text(FILE *f, const overload *o, int k) {
  const ir_type *ret = o->ret;
  if (ir_type_is_builtin_struct(ret))
    return query_kernel_text(f, o, k);
  int nret = ret->kind == IR_T_TUPLE  ? ret->nmembers
             : ret->kind == IR_T_VOID ? 0
                                      : 1;
  const char *rpy[4];
  for (int i = 0; i < nret; i++) {
    const ir_type *m = ret->kind == IR_T_TUPLE ? ret->members[i] : ret;
    if (!(rpy[i] = py_of(m)))
      return false;
  }
  bool atomic = o->b->atomic, wb = writes_back(o->b);
  fprintf(f, "@wp.kernel\ndef k%d(", k);
  for (int i = 0; i < o->n; i++) {
    if (atomic && i == 0)
      fprintf(f, "a0: wp.array(dtype=%s)", py_of(o->args[0]));
    else
      fprintf(f, "%sa%d: %s", i ? ", " : "", i, py_of(o->args[i]));
  }
  for (int i = 0; i < nret; i++)
    fprintf(f, "%so%d: wp.array(dtype=%s)", o->n + i ? ", " : "", i, rpy[i]);
  for (int i = 0; wb && i < o->n; i++)
    if (o->args[i]->kind != IR_T_ARRAY)
      fprintf(f, ", w%d: wp.array(dtype=%s)", i, py_of(o->args[i]));
  fprintf(f, "):\n    ");
  if (nret == 1)
    fprintf(f, "o0[0] = ");
  else if (nret > 1)
    fprintf(f, "r = ");
  fprintf(f, "wp.%s(", o->b->name);
  for (int i = 0; i < o->n; i++) {
    if (i == o->n - 1 && volume_dtype_last(o->b)) {
      fprintf(f, ", dtype=%s", py_of(o->args[i]));
      continue;
    }
    fprintf(f, "%sa%d", i ? ", " : "", i);
    if (atomic && i == 0)
      fprintf(f, ", 0");
  }
  fprintf(f, ")\n");
  for (int i = 0; nret > 1 && i < nret; i++)
    fprintf(f, "    o%d[0] = r[%d]\n", i, i);
  for (int i = 0; wb && i < o->n; i++)
    if (o->args[i]->kind != IR_T_ARRAY)
      fprintf(f, "    w%d[0] = a%d\n", i, i);
  return true;
}

/* A builtin returning a builtin struct (lib/lower/lower_query.c): a query
 * state is walked by the X_next builtin that takes it,
 *     r = wp.NAME(a0, ...)
 *     i = int(0)
 *     while wp.X_next(r, i[, extra float32]):
 *         o0[0] = i
 * and a result struct stores its first member; false when neither fits. */
static bool query_kernel_text(FILE *f, const overload *o, int k) {
  const ir_type *ret = o->ret, *i32 = ir_t_int32(T), *f32 = ir_t_float32(T);
  /* a block-wide query (lib/lower/lower_query_tiled.c): stepped by its
     family's next while tile_query_valid, each step's tile read */
  bool bvh = !strcmp(ret->name, "BvhQueryTiled");
  if (bvh || !strcmp(ret->name, "MeshQueryAABBTiled")) {
    fprintf(f, "@wp.kernel\ndef k%d(", k);
    for (int i = 0; i < o->n; i++)
      fprintf(f, "a%d: %s, ", i, py_of(o->args[i]));
    fprintf(f, "o0: wp.array(dtype=wp.int32)):\n    r = wp.%s(", o->b->name);
    for (int i = 0; i < o->n; i++)
      fprintf(f, "%sa%d", i ? ", " : "", i);
    fprintf(f,
            ")\n    while wp.tile_query_valid(r):\n        o0[0] = "
            "wp.%s(r)[0]\n",
            bvh ? "tile_bvh_query_next" : "tile_mesh_query_aabb_next");
    return true;
  }
  const ir_builtin *nx = NULL;
  int nnext = 0;
  for (int i = 0; !nx && ir_builtin_at(i); i++) {
    const ir_builtin *b = ir_builtin_at(i);
    const ir_type *a[3] = {ret, i32, f32};
    const char *err = NULL;
    for (int n = 2; b->query_next && !nx && n <= 3; n++)
      if (b->check(T, b, a, n, &err))
        nx = b, nnext = n;
  }
  /* a result struct: store its first member (an array member's element 0,
     as mesh_get(id).points[0]) */
  const ir_type *m0 = ret->nmembers ? ret->members[0] : NULL;
  bool m0arr = m0 && m0->kind == IR_T_ARRAY;
  const char *mpy = m0 ? py_of(m0arr ? m0->elem : m0) : NULL;
  if (!nx && !mpy)
    return false;
  fprintf(f, "@wp.kernel\ndef k%d(", k);
  for (int i = 0; i < o->n; i++)
    fprintf(f, "a%d: %s, ", i, py_of(o->args[i]));
  fprintf(f, "o0: wp.array(dtype=%s)):\n    r = wp.%s(", nx ? "wp.int32" : mpy,
          o->b->name);
  for (int i = 0; i < o->n; i++)
    fprintf(f, "%sa%d", i ? ", " : "", i);
  if (nx)
    fprintf(f,
            ")\n    i = int(0)\n    while wp.%s(r, i%s):\n        o0[0] = "
            "i\n",
            nx->name, nnext == 3 ? ", 1.0" : "");
  else
    fprintf(f, ")\n    o0[0] = r.%s%s\n", ret->member_names[0],
            m0arr ? "[0]" : "");
  return true;
}

/* The module of overloads o[0..n): kernels for those that have types
 * (o->ok cleared for the others). */
static char *source_of(overload *o, int n) {
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  fprintf(f, "import warp as wp\n");
  for (int i = 0; i < n; i++)
    if (!kernel_text(f, &o[i], (int)(&o[i] - ovs)))
      o[i].ok = false;
  fclose(f);
  return buf;
}

/* Lowers the source (errors to a memory stream); the module or NULL. */
static ir_module *lower(const char *path, const char *text, wp_arena *A) {
  char *dbuf;
  size_t dlen;
  FILE *dout = open_memstream(&dbuf, &dlen);
  wp_source *src = WP_NEW(A, wp_source);
  *src = (wp_source){.path = path, .text = text, .len = (uint32_t)strlen(text)};
  wp_diag diag = {.out = dout};
  ast_module *ast = wp_parse(src, A, &diag);
  wp_lower_options lo = {.module_name = "m", .enable_backward = true};
  ir_module *m =
      ast && !wp_diag_error_count(&diag) ? wp_lower(ast, &lo, A, &diag) : NULL;
  fclose(dout);
  if (getenv("TEST_VERBOSE") && dlen)
    fprintf(stderr, "%s", dbuf);
  free(dbuf);
  if (!m || ir_verify(m, stderr))
    return NULL;
  ir_simplify_args(m);
  ir_fold(m);
  ir_dce(m);
  ir_build_adjoints(m);
  return m;
}

/* The builtins called in the functions of the generated C (after the
 * prelude), from the names of the prelude functions they call: called[id]
 * for wp_<name>_..., adj[id] for wp_adj_<name>_... */
static void calls_in(const char *c, bool *called, bool *adj) {
  const char *p = strstr(c, "\"all.py\"");
  for (; p && (p = strstr(p, "wp_")); p++) {
    if (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
        (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9'))
      continue; /* inside another name */
    size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    if (p[n] != '(')
      continue;
    char fn[512];
    snprintf(fn, sizeof fn, "%.*s", (int)(n < 511 ? n : 511), p);
    bool is_adj;
    const char *types;
    const ir_builtin *b = wp_builtin_of_c_name(fn, &is_adj, &types);
    if (b)
      (is_adj ? adj : called)[b->id] = true;
  }
}

/* Whether builtin b must show up as a prelude call (primal, adjoint) in the
 * generated C: all the enumerated ones and the internal ones they make,
 * except the comparisons lt/le/gt/ge (scalars only: C operators) and the
 * public forms that the lowering rewrites into internal builtins. */
static bool expect_call(const ir_builtin *b) {
  switch (b->id) {
  case IR_B_LT:
  case IR_B_LE:
  case IR_B_GT:
  case IR_B_GE:
  case IR_B_QUAT_TO_AXIS_ANGLE:
  case IR_B_TRANSFORM_DECOMPOSE:
  case IR_B_TRANSFORM_SET_TRANSLATION:
  case IR_B_TRANSFORM_SET_ROTATION:
  case IR_B_QUAT_BETWEEN_VECTORS: /* lowered to normalize, cross, dot */
  case IR_B_DIV_APPROX:           /* lowered as div */
  case IR_B_INVERSE_APPROX:       /* lowered as inverse */
  case IR_B_VOLUME_SAMPLE:        /* lowered to _volume_sample, ... */
  case IR_B_VOLUME_LOOKUP:
  case IR_B_VOLUME_STORE:
  case IR_B_VOLUME_SAMPLE_GRAD:
  case IR_B_VOLUME_SAMPLE_GRAD_F:
  case IR_B_VOLUME_SAMPLE_GRAD_INDEX: return false;
  default:
    /* tile builtins, internal ones too, print loops (lib/emit/emit_tile.c) */
    return (b->internal || enumerated(b)) &&
           !(b->id >= IR_B_TILE_ZEROS && b->id <= IR_B_TILE_MATMUL);
  }
}

/* wp_builtin_of_c_name: the builtin of a prelude function's C name. */
static int check_names(void) {
  static const struct {
    const char *fn, *builtin, *types;
    bool adj;
  } cases[] = {
      {"wp_adj_div_float32_mat33f", "div", "float32_mat33f", true},
      {"wp_div_float32", "div", "float32", false},
      {"wp_quat_rotate_inv_quatf_vec3f", "quat_rotate_inv", "quatf_vec3f",
       false}, /* the longest name: not quat_rotate */
      {"wp_adj_quat_rotate_quatf_vec3f", "quat_rotate", "quatf_vec3f", true},
      {"wp_block_dim", "block_dim", "", false},
      {"wp__rand_steps_uint32", "_rand_steps", "uint32", false},
      {"wp_atomic_add_v_vec3f", "atomic_add", "v_vec3f", false},
      {"wp_check_array_arg", NULL, NULL, false},
      {"wp_divx_float32", NULL, NULL, false},
      {"div_float32", NULL, NULL, false},
  };
  int bad = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    bool adj = !cases[i].adj;
    const char *types = NULL;
    const ir_builtin *b = wp_builtin_of_c_name(cases[i].fn, &adj, &types);
    bool ok = cases[i].builtin ? b && !strcmp(b->name, cases[i].builtin) &&
                                     adj == cases[i].adj && types &&
                                     !strcmp(types, cases[i].types)
                               : !b;
    if (!ok) {
      fprintf(stderr, "FAIL: wp_builtin_of_c_name(\"%s\") = %s\n", cases[i].fn,
              b ? b->name : "NULL");
      bad++;
    }
  }
  return bad;
}

int main(void) {
  if (check_names())
    return 1;
  wp_arena arena = {0};
  T = ir_types_new(&arena);
  samples();
  int nsamples = nS;
  int nb = 0;
  const ir_builtin *b;
  for (int i = 0; (b = ir_builtin_at(i)); i++) {
    if (!enumerated(b))
      continue;
    int before = novs;
    for (int n = b->min_args; n <= b->max_args; n++)
      enumerate(b, n);
    if (b->id == IR_B_CURLNOISE || b->id == IR_B_SPATIAL_JACOBIAN)
      by_hand();
    by_hand_volume(b);
    if (novs == before) {
      fprintf(stderr, "FAIL: builtin '%s': no overload over the sample types\n",
              b->name);
      return 1;
    }
    nb++;
  }
  /* the overloads the lowering accepts, one module each (a refused one
     would take the others down) */
  int kept = 0, refused = 0, untyped = 0;
  for (int i = 0; i < novs; i++) {
    wp_arena A = {0};
    char *text = source_of(&ovs[i], 1);
    if (!ovs[i].ok)
      untyped++;
    else if (!lower("one.py", text, &A))
      refused++;
    else
      ovs[kept++] = ovs[i];
    free(text);
    wp_arena_free(&A);
  }
  novs = kept;
  char *text = source_of(ovs, novs);
  ir_module *m = lower("all.py", text, &arena);
  if (!m) {
    fprintf(stderr, "FAIL: the module of all overloads does not lower\n");
    return 1;
  }
  char *dir = wp_make_temp_dir();
  char *cpath = wp_strfmt("%s/all.c", dir), *epath = wp_strfmt("%s/err", dir);
  FILE *c = fopen(cpath, "w");
  wp_emit_options eo = {.line_directives = true, .version = "test"};
  if (!c || wp_emit_c(c, m, &wp_target_cpu, &eo) || fclose(c)) {
    fprintf(stderr, "FAIL: cannot write %s\n", cpath);
    return 1;
  }
  const char *cc = getenv("WARPC_CC");
  char *cmd = wp_strfmt("%s -fsyntax-only -x c -std=c11 -Wno-everything "
                        "-Werror=implicit-function-declaration "
                        "-ferror-limit=0 %s 2>%s",
                        cc && *cc ? cc : "clang", cpath, epath);
  int st = system(cmd);
  FILE *e = fopen(epath, "r");
  char l[2048];
  int missing = 0, other = 0;
  char **seen = NULL;
  int nseen = 0;
  while (e && fgets(l, sizeof l, e)) {
    char fn[512];
    if (sscanf(l,
               "all.py:%*d:%*d: error: implicit declaration of function "
               "'%511[^']'",
               fn) == 1) {
      bool dup = false;
      for (int i = 0; i < nseen; i++)
        dup |= !strcmp(seen[i], fn);
      if (dup)
        continue;
      seen = realloc(seen, sizeof *seen * (size_t)(nseen + 1));
      seen[nseen++] = strdup(fn);
      bool adj;
      const char *types;
      const ir_builtin *fb = wp_builtin_of_c_name(fn, &adj, &types);
      fprintf(stderr,
              "FAIL: builtin '%s' (argument types %s): %s %s is not in the "
              "preludes\n",
              fb ? fb->name : "?", fb ? types : "?",
              adj ? "its adjoint" : "its function", fn);
      missing++;
    } else if (strstr(l, "error:")) {
      fprintf(stderr, "FAIL: %s", l);
      other++;
    }
  }
  for (int i = 0; i < nseen; i++)
    free(seen[i]);
  free(seen);
  if (e)
    fclose(e);
  /* every builtin reached the generated C, and every differentiable one
     its adjoint: the enumeration is not empty where it matters */
  char *ctext = NULL;
  size_t clen = 0;
  FILE *cf = fopen(cpath, "r");
  long size = cf && !fseek(cf, 0, SEEK_END) ? ftell(cf) : -1;
  if (size >= 0 && !fseek(cf, 0, SEEK_SET) &&
      (ctext = malloc((size_t)size + 1)))
    clen = fread(ctext, 1, (size_t)size, cf);
  if (cf)
    fclose(cf);
  if (!ctext || clen != (size_t)size) {
    fprintf(stderr, "FAIL: cannot read %s\n", cpath);
    return 1;
  }
  ctext[clen] = 0;
  bool called[IR_B_COUNT] = {0}, adj[IR_B_COUNT] = {0};
  calls_in(ctext, called, adj);
  free(ctext);
  for (int i = 0; (b = ir_builtin_at(i)); i++) {
    if (!expect_call(b))
      continue;
    if (!called[b->id]) {
      fprintf(stderr, "FAIL: builtin '%s': no call of wp_%s_... generated\n",
              b->name, b->name);
      other++;
    }
    if (b->adjoint && !adj[b->id]) {
      fprintf(stderr,
              "FAIL: builtin '%s' is GRAD but no call of its adjoint "
              "wp_adj_%s_... was generated\n",
              b->name, b->name);
      other++;
    }
  }
  remove(cpath);
  remove(epath);
  wp_remove_temp_dir(dir);
  printf("%d builtins over %d sample types: %d overloads compiled (%d refused "
         "by the lowering, %d with a result type outside the samples); %d "
         "missing functions, %d other errors\n",
         nb, nsamples, novs, refused, untyped, missing, other);
  if (st && !missing && !other)
    fprintf(stderr, "FAIL: '%s' failed (status %d)\n", cmd, st);
  return st || missing || other ? 1 : 0;
}
