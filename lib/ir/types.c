/* types.c - interned IR types and their names, sizes and dtype codes. */
#include <stdio.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

struct ir_types {
  wp_arena *arena;
  wp_ptrvec all;
};

static const char *scalar_names[] = {
    [WP_SCALAR_BOOL] = "bool",         [WP_SCALAR_INT8] = "int8",
    [WP_SCALAR_UINT8] = "uint8",       [WP_SCALAR_INT16] = "int16",
    [WP_SCALAR_UINT16] = "uint16",     [WP_SCALAR_INT32] = "int32",
    [WP_SCALAR_UINT32] = "uint32",     [WP_SCALAR_INT64] = "int64",
    [WP_SCALAR_UINT64] = "uint64",     [WP_SCALAR_FLOAT16] = "float16",
    [WP_SCALAR_FLOAT32] = "float32",   [WP_SCALAR_FLOAT64] = "float64",
    [WP_SCALAR_BFLOAT16] = "bfloat16",
};
static const char *scalar_suffixes[] = {
    [WP_SCALAR_BOOL] = "bool",   [WP_SCALAR_INT8] = "b",
    [WP_SCALAR_UINT8] = "ub",    [WP_SCALAR_INT16] = "s",
    [WP_SCALAR_UINT16] = "us",   [WP_SCALAR_INT32] = "i",
    [WP_SCALAR_UINT32] = "ui",   [WP_SCALAR_INT64] = "l",
    [WP_SCALAR_UINT64] = "ul",   [WP_SCALAR_FLOAT16] = "h",
    [WP_SCALAR_FLOAT32] = "f",   [WP_SCALAR_FLOAT64] = "d",
    [WP_SCALAR_BFLOAT16] = "bf",
};
static const int scalar_sizes[] = {
    [WP_SCALAR_BOOL] = 1,     [WP_SCALAR_INT8] = 1,    [WP_SCALAR_UINT8] = 1,
    [WP_SCALAR_INT16] = 2,    [WP_SCALAR_UINT16] = 2,  [WP_SCALAR_INT32] = 4,
    [WP_SCALAR_UINT32] = 4,   [WP_SCALAR_INT64] = 8,   [WP_SCALAR_UINT64] = 8,
    [WP_SCALAR_FLOAT16] = 2,  [WP_SCALAR_FLOAT32] = 4, [WP_SCALAR_FLOAT64] = 8,
    [WP_SCALAR_BFLOAT16] = 2,
};

const char *ir_scalar_name(int s) {
  return scalar_names[s];
}
const char *ir_scalar_suffix(int s) {
  return scalar_suffixes[s];
}

ir_types *ir_types_new(wp_arena *arena) {
  ir_types *T = WP_NEW(arena, ir_types);
  T->arena = arena;
  return T;
}

int ir_types_count(const ir_types *T) {
  return T->all.count;
}

const ir_type *ir_types_at(const ir_types *T, int i) {
  return T->all.items[i];
}

static bool same(const ir_type *a, const ir_type *b) {
  if (a->kind != b->kind || a->flavor != b->flavor || a->scalar != b->scalar ||
      a->rows != b->rows || a->cols != b->cols || a->ndim != b->ndim ||
      a->elem != b->elem || a->nmembers != b->nmembers ||
      memcmp(a->tdims, b->tdims, sizeof a->tdims))
    return false;
  if (a->kind == IR_T_STRUCT)
    return false; /* structs are nominal: never interned by shape */
  for (int i = 0; i < a->nmembers; i++)
    if (a->members[i] != b->members[i])
      return false;
  return true;
}

/* Returns the interned copy of `proto`, adding it (with names) when new. */
static const ir_type *intern(ir_types *T, const ir_type *proto) {
  for (int i = 0; i < T->all.count; i++)
    if (same(T->all.items[i], proto))
      return T->all.items[i];
  ir_type *t = WP_NEW(T->arena, ir_type);
  *t = *proto;
  wp_arena *A = T->arena;
  switch (t->kind) {
  case IR_T_VOID: t->name = "None"; break;
  case IR_T_SCALAR: t->name = scalar_names[t->scalar]; break;
  case IR_T_VEC:
    t->name = wp_arena_printf(A, "%s%s",
                              t->flavor == IR_VEC_QUAT        ? "quat"
                              : t->flavor == IR_VEC_TRANSFORM ? "transform"
                                                              : "",
                              scalar_suffixes[t->scalar]);
    if (t->flavor == IR_VEC_PLAIN)
      t->name =
          wp_arena_printf(A, "vec%d%s", t->rows, scalar_suffixes[t->scalar]);
    break;
  case IR_T_MAT:
    t->name = wp_arena_printf(A, "mat%d%d%s", t->rows, t->cols,
                              scalar_suffixes[t->scalar]);
    break;
  case IR_T_ARRAY:
    t->name = wp_arena_printf(A, "%sarray(dtype=%s, ndim=%d)",
                              t->flavor == IR_ARR_INDEXED ? "indexed" : "",
                              t->elem->name, t->ndim);
    break;
  case IR_T_TUPLE: {
    size_t len = 16;
    for (int i = 0; i < t->nmembers; i++)
      len += strlen(t->members[i]->name) + 2;
    char *s = wp_arena_alloc(A, len);
    strcpy(s, "tuple(");
    for (int i = 0; i < t->nmembers; i++) {
      if (i)
        strcat(s, ", ");
      strcat(s, t->members[i]->name);
    }
    strcat(s, ")");
    t->name = s;
    const ir_type **m = WP_NEW_ARRAY(A, const ir_type *, t->nmembers);
    memcpy(m, proto->members, sizeof(*m) * (size_t)t->nmembers);
    t->members = m;
    break;
  }
  case IR_T_STRUCT: break;
  case IR_T_TILE: {
    char shape[64];
    int n = 0;
    for (int k = 0; k < t->ndim; k++)
      n += snprintf(shape + n, sizeof shape - (size_t)n, "%s%d", k ? ", " : "",
                    t->tdims[k]);
    if (t->flavor == IR_TILE_STACK) {
      t->name = wp_arena_printf(A, "tile_stack(dtype=%s, capacity=%d)",
                                t->elem->name, t->tdims[0]);
      break;
    }
    t->name = wp_arena_printf(A, "%stile(dtype=%s, shape=(%s%s))",
                              t->flavor == IR_TILE_STRIDED ? "strided view of "
                              : t->flavor == IR_TILE_VIEW  ? "view of "
                                                           : "",
                              t->elem->name, shape, t->ndim == 1 ? "," : "");
    break;
  }
  }
  t->serial = T->all.count;
  wp_ptrvec_push(A, &T->all, t);
  return t;
}

const ir_type *ir_t_void(ir_types *T) {
  return intern(T, &(ir_type){.kind = IR_T_VOID});
}
const ir_type *ir_t_scalar(ir_types *T, int scalar) {
  return intern(
      T,
      &(ir_type){.kind = IR_T_SCALAR, .scalar = scalar, .rows = 1, .cols = 1});
}
const ir_type *ir_t_bool(ir_types *T) {
  return ir_t_scalar(T, WP_SCALAR_BOOL);
}
const ir_type *ir_t_int32(ir_types *T) {
  return ir_t_scalar(T, WP_SCALAR_INT32);
}
const ir_type *ir_t_float32(ir_types *T) {
  return ir_t_scalar(T, WP_SCALAR_FLOAT32);
}
const ir_type *ir_t_vec(ir_types *T, int scalar, int n) {
  return intern(T, &(ir_type){.kind = IR_T_VEC,
                              .scalar = scalar,
                              .rows = n,
                              .cols = 1,
                              .elem = ir_t_scalar(T, scalar)});
}
const ir_type *ir_t_quat(ir_types *T, int scalar) {
  return intern(T, &(ir_type){.kind = IR_T_VEC,
                              .flavor = IR_VEC_QUAT,
                              .scalar = scalar,
                              .rows = 4,
                              .cols = 1,
                              .elem = ir_t_scalar(T, scalar)});
}
const ir_type *ir_t_transform(ir_types *T, int scalar) {
  return intern(T, &(ir_type){.kind = IR_T_VEC,
                              .flavor = IR_VEC_TRANSFORM,
                              .scalar = scalar,
                              .rows = 7,
                              .cols = 1,
                              .elem = ir_t_scalar(T, scalar)});
}
bool ir_type_is_quat(const ir_type *t) {
  return t->kind == IR_T_VEC && t->flavor == IR_VEC_QUAT;
}
bool ir_type_is_transform(const ir_type *t) {
  return t->kind == IR_T_VEC && t->flavor == IR_VEC_TRANSFORM;
}
const ir_type *ir_t_mat(ir_types *T, int scalar, int rows, int cols) {
  return intern(T, &(ir_type){.kind = IR_T_MAT,
                              .scalar = scalar,
                              .rows = rows,
                              .cols = cols,
                              .elem = ir_t_scalar(T, scalar)});
}
const ir_type *ir_t_array(ir_types *T, const ir_type *dtype, int ndim) {
  return intern(T, &(ir_type){.kind = IR_T_ARRAY, .ndim = ndim, .elem = dtype});
}
const ir_type *ir_t_tile_nd(ir_types *T, const ir_type *dtype, int ndim,
                            const int *dims) {
  ir_type p = {.kind = IR_T_TILE, .ndim = ndim, .elem = dtype, .cols = 1};
  p.rows = dims[0];
  for (int k = 0; k < ndim; k++)
    p.tdims[k] = dims[k];
  if (ndim >= 2) {
    p.rows = 1;
    for (int k = 0; k < ndim - 1; k++)
      p.rows *= dims[k];
    p.cols = dims[ndim - 1];
  }
  return intern(T, &p);
}
const ir_type *ir_t_tile(ir_types *T, const ir_type *dtype, int ndim, int rows,
                         int cols) {
  int dims[2] = {rows, cols};
  return ir_t_tile_nd(T, dtype, ndim, dims);
}
const ir_type *ir_t_tile_like(ir_types *T, const ir_type *dtype,
                              const ir_type *like) {
  return ir_t_tile_nd(T, dtype, like->ndim, like->tdims);
}
bool ir_tile_same_shape(const ir_type *a, const ir_type *b) {
  return a->ndim == b->ndim && !memcmp(a->tdims, b->tdims, sizeof a->tdims);
}
const ir_type *ir_t_tile_view(ir_types *T, const ir_type *t, int flavor) {
  ir_type p = *ir_t_tile_nd(T, t->elem, t->ndim, t->tdims);
  p.flavor = flavor;
  p.name = NULL;
  return intern(T, &p);
}
bool ir_tile_struct_summable(const ir_type *t) {
  return t->kind == IR_T_STRUCT && t->flavor != IR_STRUCT_BUILTIN;
}
int ir_tile_count(const ir_type *t) {
  return t->rows * t->cols;
}
const ir_type *ir_t_indexedarray(ir_types *T, const ir_type *dtype, int ndim) {
  return intern(T, &(ir_type){.kind = IR_T_ARRAY,
                              .flavor = IR_ARR_INDEXED,
                              .ndim = ndim,
                              .elem = dtype});
}
bool ir_type_is_indexed(const ir_type *t) {
  return t->kind == IR_T_ARRAY && t->flavor == IR_ARR_INDEXED;
}
bool ir_type_is_plain_array(const ir_type *t) {
  return t->kind == IR_T_ARRAY && t->flavor == IR_ARR_PLAIN;
}
const ir_type *ir_t_tuple(ir_types *T, const ir_type **members, int n) {
  return intern(
      T, &(ir_type){.kind = IR_T_TUPLE, .members = members, .nmembers = n});
}

const ir_type *ir_t_struct(ir_types *T, const char *name, const char *symbol,
                           const ir_type **members, const char **names, int n) {
  ir_type *t = WP_NEW(T->arena, ir_type);
  t->kind = IR_T_STRUCT;
  t->name = wp_arena_strdup(T->arena, name);
  t->symbol = wp_arena_strdup(T->arena, symbol);
  const ir_type **m = WP_NEW_ARRAY(T->arena, const ir_type *, n + 1);
  const char **nm = WP_NEW_ARRAY(T->arena, const char *, n + 1);
  memcpy(m, members, sizeof(*m) * (size_t)n);
  memcpy(nm, names, sizeof(*nm) * (size_t)n);
  t->members = m;
  t->member_names = nm;
  t->nmembers = n;
  t->serial = T->all.count;
  wp_ptrvec_push(T->arena, &T->all, t);
  return t;
}

const ir_type *ir_t_builtin_struct(ir_types *T, const char *name,
                                   const char *cname, const ir_type **members,
                                   const char **names, int n) {
  for (int i = 0; i < T->all.count; i++) {
    const ir_type *t = T->all.items[i];
    if (ir_type_is_builtin_struct(t) && !strcmp(t->name, name))
      return t;
  }
  ir_type *t = (ir_type *)ir_t_struct(T, name, cname, members, names, n);
  /* the names may be the caller's temporaries (builtin_structs.c parses
     them into a stack buffer): keep copies */
  for (int i = 0; i < n; i++)
    t->member_names[i] = wp_arena_strdup(T->arena, names[i]);
  t->flavor = IR_STRUCT_BUILTIN;
  return t;
}

bool ir_type_is_builtin_struct(const ir_type *t) {
  return t->kind == IR_T_STRUCT && t->flavor == IR_STRUCT_BUILTIN;
}

bool ir_type_is_scalar(const ir_type *t) {
  return t->kind == IR_T_SCALAR;
}
bool ir_type_is_bool(const ir_type *t) {
  return t->kind == IR_T_SCALAR && t->scalar == WP_SCALAR_BOOL;
}
bool ir_type_is_float(const ir_type *t) {
  return t->kind == IR_T_SCALAR &&
         (t->scalar == WP_SCALAR_FLOAT16 || t->scalar == WP_SCALAR_FLOAT32 ||
          t->scalar == WP_SCALAR_FLOAT64 || t->scalar == WP_SCALAR_BFLOAT16);
}
bool ir_type_is_int(const ir_type *t) {
  return t->kind == IR_T_SCALAR && !ir_type_is_float(t) && !ir_type_is_bool(t);
}
bool ir_type_is_signed(const ir_type *t) {
  switch (t->scalar) {
  case WP_SCALAR_INT8:
  case WP_SCALAR_INT16:
  case WP_SCALAR_INT32:
  case WP_SCALAR_INT64: return true;
  default: return ir_type_is_float(t);
  }
}

int ir_type_align(const ir_type *t) {
  switch (t->kind) {
  case IR_T_SCALAR:
  case IR_T_VEC:
  case IR_T_MAT: return scalar_sizes[t->scalar];
  case IR_T_ARRAY: return 8;
  case IR_T_TILE: return ir_type_align(t->elem);
  case IR_T_STRUCT:
  case IR_T_TUPLE: {
    int a = 1;
    for (int i = 0; i < t->nmembers; i++)
      if (ir_type_align(t->members[i]) > a)
        a = ir_type_align(t->members[i]);
    return a;
  }
  default: return 1;
  }
}

/* Byte offset of member k of a struct, laid out as a C compiler (and Warp's
 * ctypes.Structure) does: declaration order, natural alignment. */
int ir_struct_offset(const ir_type *t, int k) {
  int off = 0;
  for (int i = 0; i <= k; i++) {
    int a = ir_type_align(t->members[i]);
    off = (off + a - 1) / a * a;
    if (i < k)
      off += ir_type_size(t->members[i]);
  }
  return off;
}

int ir_type_size(const ir_type *t) {
  switch (t->kind) {
  case IR_T_SCALAR: return scalar_sizes[t->scalar];
  case IR_T_VEC:
  case IR_T_MAT: return scalar_sizes[t->scalar] * t->rows * t->cols;
  case IR_T_ARRAY: /* Warp's array_t / indexedarray_t */
    return t->flavor == IR_ARR_INDEXED ? (int)sizeof(wp_indexedarray_t)
                                       : (int)sizeof(wp_array_t);
  case IR_T_TILE: /* a stack's count after its elements */
    return ir_type_size(t->elem) * ir_tile_count(t) +
           (t->flavor == IR_TILE_STACK ? 8 : 0);
  case IR_T_STRUCT: {
    if (!t->nmembers)
      return 1;
    int n = ir_struct_offset(t, t->nmembers - 1) +
            ir_type_size(t->members[t->nmembers - 1]);
    int a = ir_type_align(t);
    return (n + a - 1) / a * a;
  }
  default: {
    int n = 0;
    for (int i = 0; i < t->nmembers; i++)
      n += ir_type_size(t->members[i]);
    return n;
  }
  }
}

uint32_t ir_type_dtype_code(const ir_type *t) {
  switch (t->kind) {
  case IR_T_SCALAR: return WP_SCALAR_DTYPE(t->scalar);
  case IR_T_VEC:
    if (t->flavor == IR_VEC_QUAT)
      return WP_QUAT_DTYPE(t->scalar);
    if (t->flavor == IR_VEC_TRANSFORM)
      return WP_TRANSFORM_DTYPE(t->scalar);
    return WP_VEC_DTYPE(t->scalar, t->rows);
  case IR_T_MAT: return WP_MAT_DTYPE(t->scalar, t->rows, t->cols);
  case IR_T_STRUCT: {
    /* FNV-1a over the layout: name, then each field's name, type, offset */
    uint32_t h = 2166136261u;
#define MIX(str)                                                               \
  for (const char *p_ = (str); *p_; p_++)                                      \
  h = (h ^ (uint8_t)*p_) * 16777619u
    MIX(t->name);
    for (int i = 0; i < t->nmembers; i++) {
      char off[32];
      snprintf(off, sizeof off, "@%d;", ir_struct_offset(t, i));
      MIX(t->member_names[i]);
      MIX(":");
      MIX(t->members[i]->name);
      MIX(off);
    }
#undef MIX
    h = (h >> 24) ^ (h & 0xffffffu);
    return ((uint32_t)WP_KIND_STRUCT << 24) | (h & 0xffffffu);
  }
  default: return 0;
  }
}

int ir_struct_member(const ir_type *t, const char *name) {
  if (t->kind != IR_T_STRUCT)
    return -1;
  for (int i = 0; i < t->nmembers; i++)
    if (strcmp(t->member_names[i], name) == 0)
      return i;
  return -1;
}
