/* types_c.c - C spellings of IR types: guarded typedefs shared by the
 * generated C and headers, and the per-module instantiation of the builtin
 * library macros (lib/emit/prelude/1vecmat.h) for the types a module uses. */
#include <stdlib.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* The C types of the scalar codes (<warp/abi.h>). */
static const char *const scalar_ctypes[] = {
    [WP_SCALAR_BOOL] = "wp_bool",         [WP_SCALAR_INT8] = "wp_int8",
    [WP_SCALAR_UINT8] = "wp_uint8",       [WP_SCALAR_INT16] = "wp_int16",
    [WP_SCALAR_UINT16] = "wp_uint16",     [WP_SCALAR_INT32] = "wp_int32",
    [WP_SCALAR_UINT32] = "wp_uint32",     [WP_SCALAR_INT64] = "wp_int64",
    [WP_SCALAR_UINT64] = "wp_uint64",     [WP_SCALAR_FLOAT16] = "wp_half",
    [WP_SCALAR_FLOAT32] = "float",        [WP_SCALAR_FLOAT64] = "double",
    [WP_SCALAR_BFLOAT16] = "wp_bfloat16",
};

const char *emit_ctype(emit_ctx *e, const ir_type *t) {
  switch (t->kind) {
  case IR_T_VOID: return "void";
  case IR_T_SCALAR: return scalar_ctypes[t->scalar];
  case IR_T_ARRAY:
    return t->flavor == IR_ARR_INDEXED ? "wp_indexedarray" : "wp_array";
  case IR_T_STRUCT: return t->symbol;
  case IR_T_TILE:
    /* a view is a copy of its elements: the C type of the tile, so that
       views and tiles of one shape assign to each other (the adjoints
       accumulate a tile's into a view's) */
    if (t->flavor == IR_TILE_VIEW || t->flavor == IR_TILE_STRIDED)
      return emit_ctype(e,
                        ir_t_tile_nd(e->m->types, t->elem, t->ndim, t->tdims));
    break;
  case IR_T_VEC:
  case IR_T_MAT:
  case IR_T_TUPLE: break;
  }
  void **slot = wp_keymap_slot(e->m->arena, &e->ctypes, t, 0);
  if (!*slot)
    *slot = t->kind == IR_T_TUPLE
                ? wp_arena_printf(e->m->arena, "wp_tuple%d", t->serial)
            : t->kind == IR_T_TILE
                ? wp_arena_printf(e->m->arena, "wp_tile%d", t->serial)
                : wp_arena_printf(e->m->arena, "wp_%s", t->name);
  return *slot;
}

static bool member_reserved(const char *n) {
  return emit_c_keyword(n) || !strncmp(n, "WP_", 3) ||
         (n[0] == '_' && (n[1] == '_' || (n[1] >= 'A' && n[1] <= 'Z')));
}

/* Is a + ka underscores the same string as b + kb underscores? */
static bool same_padded(const char *a, int ka, const char *b, int kb) {
  size_t la = strlen(a), lb = strlen(b);
  if (la + (size_t)ka != lb + (size_t)kb)
    return false;
  size_t m = la < lb ? la : lb;
  if (strncmp(a, b, m))
    return false;
  const char *rest = la > lb ? a + m : b + m;
  return strspn(rest, "_") == strlen(rest);
}

/* The '_' appended to member i of struct t (emit_member). */
static int member_pad(const ir_type *t, int i) {
  int *pad = calloc((size_t)t->nmembers + 1, sizeof *pad);
  if (!pad) {
    fputs("warpc: out of memory\n", stderr);
    abort();
  }
  for (int m = 0; m <= i; m++) {
    const char *n = t->member_names[m];
    if (!member_reserved(n))
      continue;
    for (int k = 1; !pad[m]; k++) {
      bool clash = false;
      for (int j = 0; j < t->nmembers && !clash; j++)
        clash =
            j != m && same_padded(n, k, t->member_names[j], j < m ? pad[j] : 0);
      if (!clash)
        pad[m] = k;
    }
  }
  int k = pad[i];
  free(pad);
  return k;
}

void emit_member(FILE *out, const ir_type *t, int i) {
  fputs(t->member_names[i], out);
  for (int k = member_pad(t, i); k > 0; k--)
    fputc('_', out);
}

const char *emit_member_str(wp_arena *a, const ir_type *t, int i) {
  const char *s = t->member_names[i];
  for (int k = member_pad(t, i); k > 0; k--)
    s = wp_arena_printf(a, "%s_", s);
  return s;
}

/* A @wp.struct in Warp's layout (declaration order, natural alignment),
 * defined once under its shared name (t->shared) however many headers
 * define it; WP_TYPE_<name> holds the layout's hash (the dtype code), so a
 * second definition with another layout (two modules of one name) is an
 * #error instead of a silent mismatch.  The module's own name (symbol) is a
 * typedef of it. */
static void struct_typedef(emit_ctx *e, FILE *out, const ir_type *t) {
  const char *name = t->shared ? t->shared : emit_ctype(e, t);
  uint32_t code = ir_type_dtype_code(t);
  fprintf(out, "#ifndef WP_TYPE_%s\n#define WP_TYPE_%s 0x%08xu\n", name, name,
          code);
  fprintf(out, "typedef struct %s {\n", name);
  for (int i = 0; i < t->nmembers; i++) {
    const ir_type *mt = t->members[i];
    if (mt->kind == IR_T_ARRAY) { /* Warp's array_t: wp_array_view(&a) */
      fprintf(out, "  wp_%sarray_t ", ir_type_is_indexed(mt) ? "indexed" : "");
      emit_member(out, t, i);
      fprintf(out, "; /* offset %d: %s */\n", ir_struct_offset(t, i), mt->name);
    } else {
      fprintf(out, "  %s ", emit_ctype(e, mt));
      emit_member(out, t, i);
      fprintf(out, "; /* offset %d */\n", ir_struct_offset(t, i));
    }
  }
  fprintf(out, "} %s; /* %d bytes, align %d */\n", name, ir_type_size(t),
          ir_type_align(t));
  fprintf(out,
          "#elif WP_TYPE_%s != 0x%08xu\n#error \"struct %s: another "
          "generated header defines it with another layout (two modules of "
          "one name: rename one, or compile it with warpc --module "
          "NAME)\"\n#endif\n",
          name, code, name);
  if (strcmp(name, emit_ctype(e, t)))
    fprintf(out, "typedef %s %s;\n", name, emit_ctype(e, t));
}

void emit_typedef(emit_ctx *e, FILE *out, const ir_type *t) {
  if (t->kind == IR_T_TILE) { /* a value: its elements, row-major */
    fprintf(out,
            "#ifndef WP_TYPE_%s\n#define WP_TYPE_%s\ntypedef struct %s { %s "
            "v[%d];%s } %s; /* %s */\n#endif\n",
            emit_ctype(e, t), emit_ctype(e, t), emit_ctype(e, t),
            emit_ctype(e, t->elem), ir_tile_count(t),
            t->flavor == IR_TILE_STACK ? " wp_int32 count;" : "",
            emit_ctype(e, t), t->name);
    return;
  }
  if (t->kind != IR_T_VEC && t->kind != IR_T_MAT && t->kind != IR_T_TUPLE &&
      t->kind != IR_T_STRUCT)
    return;
  if (ir_type_is_builtin_struct(t)) /* the prelude defines it */
    return;
  if (t->kind == IR_T_STRUCT) {
    struct_typedef(e, out, t);
    return;
  }
  fprintf(out, "#ifndef WP_TYPE_%s\n#define WP_TYPE_%s\n", emit_ctype(e, t),
          emit_ctype(e, t));
  /* Warp's names of the 6-vectors and 6x6 matrices, as aliases */
  bool sv = t->kind == IR_T_VEC && !t->flavor && t->rows == 6;
  bool sm = t->kind == IR_T_MAT && t->rows == 6 && t->cols == 6;
  const char *sfx = ir_scalar_suffix(t->scalar);
  if (t->kind == IR_T_VEC)
    fprintf(out, "typedef struct %s { %s c[%d]; } %s;\n", emit_ctype(e, t),
            emit_ctype(e, t->elem), t->rows, emit_ctype(e, t));
  else if (t->kind == IR_T_MAT)
    fprintf(out, "typedef struct %s { %s c[%d][%d]; } %s;\n", emit_ctype(e, t),
            emit_ctype(e, t->elem), t->rows, t->cols, emit_ctype(e, t));
  else {
    fprintf(out, "typedef struct %s {", emit_ctype(e, t));
    for (int i = 0; i < t->nmembers; i++)
      fprintf(out, " %s m%d;", emit_ctype(e, t->members[i]), i);
    fprintf(out, " } %s;\n", emit_ctype(e, t));
  }
  if ((sv || sm) &&
      (t->scalar == WP_SCALAR_FLOAT16 || t->scalar == WP_SCALAR_FLOAT32 ||
       t->scalar == WP_SCALAR_FLOAT64))
    fprintf(out, "typedef %s wp_spatial_%s%s;\n", emit_ctype(e, t),
            sv ? "vector" : "matrix", sfx);
  fprintf(out, "#endif\n");
}

static bool has(const wp_ptrvec *v, const void *p) {
  for (int i = 0; i < v->count; i++)
    if (v->items[i] == p)
      return true;
  return false;
}

void emit_use_type(emit_ctx *e, const ir_type *t) {
  ir_types *T = e->m->types;
  if (!t || has(&e->types, t))
    return;
  switch (t->kind) {
  case IR_T_ARRAY: emit_use_type(e, t->elem); return;
  case IR_T_VEC:
    if (t->flavor == IR_VEC_QUAT) { /* rotations, matrix conversions */
      emit_use_type(e, ir_t_vec(T, t->scalar, 3));
      emit_use_type(e, ir_t_mat(T, t->scalar, 3, 3));
      emit_use_type(e, ir_t_mat(T, t->scalar, 4, 4));
    } else if (t->flavor == IR_VEC_TRANSFORM) {
      emit_use_type(e, ir_t_quat(T, t->scalar));
    } else if (t->rows == 6) { /* spatial vectors: top, bottom, cross */
      emit_use_type(e, ir_t_vec(T, t->scalar, 3));
    }
    wp_ptrvec_push(e->m->arena, &e->types, (void *)t);
    return;
  case IR_T_MAT:
    if (t->rows == 6 && t->cols == 6) /* spatial_adjoint's blocks */
      emit_use_type(e, ir_t_mat(T, t->scalar, 3, 3));
    emit_use_type(e, ir_t_vec(T, t->scalar, t->rows));
    emit_use_type(e, ir_t_vec(T, t->scalar, t->cols));
    wp_ptrvec_push(e->m->arena, &e->types, (void *)t);
    emit_use_type(e, ir_t_mat(T, t->scalar, t->cols, t->rows));
    return;
  case IR_T_STRUCT:
  case IR_T_TUPLE:
    for (int i = 0; i < t->nmembers; i++)
      emit_use_type(e, t->members[i]);
    wp_ptrvec_push(e->m->arena, &e->types, (void *)t);
    return;
  case IR_T_TILE:
    emit_use_type(e, t->elem);
    wp_ptrvec_push(e->m->arena, &e->types, (void *)t);
    return;
  default: return;
  }
}

static void struct_add(emit_ctx *e, FILE *out, const ir_type *t);

static bool has_atomics(int scalar) {
  return scalar == WP_SCALAR_INT8 || scalar == WP_SCALAR_UINT8 ||
         scalar == WP_SCALAR_INT16 || scalar == WP_SCALAR_UINT16 ||
         scalar == WP_SCALAR_INT32 || scalar == WP_SCALAR_UINT32 ||
         scalar == WP_SCALAR_INT64 || scalar == WP_SCALAR_UINT64 ||
         scalar == WP_SCALAR_FLOAT32 || scalar == WP_SCALAR_FLOAT64;
}

/* exchange, compare-and-swap: 32/64-bit scalars only, as in Warp */
static bool has_swap_atomics(int s) {
  return s == WP_SCALAR_INT32 || s == WP_SCALAR_UINT32 ||
         s == WP_SCALAR_INT64 || s == WP_SCALAR_UINT64 ||
         s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64;
}

static bool is_float_scalar(int s) {
  return s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64;
}

/* The 6spatial.h macros of float vector t (after its own macros): spatial
 * vectors, the quat/transform conversions, the geometry of vec3s. */
static void emit_spatial_vec(emit_ctx *e, const ir_type *t) {
  ir_types *T = e->m->types;
  FILE *out = e->out;
  if (!is_float_scalar(t->scalar))
    return;
  const char *s = ir_scalar_name(t->scalar), *ct = emit_ctype(e, t->elem);
  const char *v3 = ir_t_vec(T, t->scalar, 3)->name;
  const char *m33 = ir_t_mat(T, t->scalar, 3, 3)->name;
  const char *m44 = ir_t_mat(T, t->scalar, 4, 4)->name;
  if (t->flavor == IR_VEC_PLAIN && t->rows == 6) {
    fprintf(out, "WP_SPATIAL_VEC(%s, %s, %s, %s)\n", t->name, s, ct, v3);
    fprintf(out, "WP_SPATIAL_JACOBIAN(%s, %s, %s)\n", t->name, s, ct);
    fprintf(out, "WP_ROT_V6(%s, %s, %s, %s)\n", t->name, s, ct, v3);
  }
  if (t->flavor == IR_VEC_PLAIN && t->rows == 3)
    fprintf(out, "WP_SPATIAL_GEOM(%s, %s, %s)\n", t->name, s, ct);
  if (t->flavor == IR_VEC_QUAT) {
    fprintf(out, "WP_SPATIAL_QUAT(%s, %s, %s, %s, %s, %s)\n", t->name, s, ct,
            v3, m33, m44);
    fprintf(out, "WP_ROT_QUAT(%s, %s, %s, %s)\n", t->name, s, ct, v3);
  }
  if (t->flavor == IR_VEC_TRANSFORM) {
    fprintf(out, "WP_SPATIAL_XFORM(%s, %s, %s, %s, %s, %s, %s)\n", t->name,
            ir_t_quat(T, t->scalar)->name, s, ct, v3, m33, m44);
    /* transform_twist/wrench take a spatial vector: only when it is used */
    const ir_type *v6 = ir_t_vec(T, t->scalar, 6);
    for (int i = 0; i < e->types.count; i++)
      if (e->types.items[i] == v6)
        fprintf(out, "WP_ROT_XFORM(%s, %s, %s, %s, %s, %s)\n", t->name,
                ir_t_quat(T, t->scalar)->name, s, ct, v3, v6->name);
  }
}

/* Typedefs first (vectors, matrices, tuples), then the library macros,
 * vectors before the matrices whose rows they are. */
void emit_types(emit_ctx *e) {
  FILE *out = e->out;
  ir_types *T = e->m->types;
  /* vectors, matrices, then tuples and structs in the order they were
     used (members first: a tuple may hold a struct) */
  for (int k = IR_T_VEC; k <= IR_T_STRUCT; k++)
    for (int i = 0; i < e->types.count; i++) {
      const ir_type *t = e->types.items[i];
      bool agg = t->kind == IR_T_TUPLE || t->kind == IR_T_STRUCT ||
                 (t->kind == IR_T_TILE && t->elem->kind == IR_T_STRUCT);
      /* tiles (of scalars, vectors, matrices) before aggregates; tiles of
         structs among them, after their structs */
      if (agg ? k == IR_T_STRUCT
              : (int)t->kind == k || (k == IR_T_TUPLE && t->kind == IR_T_TILE))
        emit_typedef(e, out, t);
    }
  for (int i = 0; i < e->types.count; i++) {
    const ir_type *t = e->types.items[i];
    if (t->kind != IR_T_VEC)
      continue;
    const char *s = ir_scalar_name(t->scalar);
    if (t->scalar == WP_SCALAR_FLOAT16 || t->scalar == WP_SCALAR_BFLOAT16) {
      /* arithmetic goes through float32 twins (the lowering converts);
         only gradient accumulation adds into float16 arrays */
      fprintf(out, "WP_VEC_ATOMIC(%s, %s, %d)\n", t->name, s, t->rows);
      continue;
    }
    if (t->scalar == WP_SCALAR_BOOL) { /* storage and == / != only */
      fprintf(out, "WP_VEC_BOOL(%s, %d)\n", t->name, t->rows);
      continue;
    }
    fprintf(out, "WP_VEC(%s, %s, %s, %d)\n", t->name, s, emit_ctype(e, t->elem),
            t->rows);
    if (has_atomics(t->scalar))
      fprintf(out, "WP_VEC_ATOMIC(%s, %s, %d)\n", t->name, s, t->rows);
    if (has_swap_atomics(t->scalar))
      fprintf(out, "WP_VEC_ATOMIC_SWAP(%s, %s, %d)\n", t->name, s, t->rows);
    if (has_swap_atomics(t->scalar) && !is_float_scalar(t->scalar))
      fprintf(out, "WP_VEC_ATOMIC_BITS(%s, %s, %d)\n", t->name, s, t->rows);
    const char *v3 = ir_t_vec(T, t->scalar, 3)->name;
    bool quat = t->flavor == IR_VEC_QUAT && is_float_scalar(t->scalar);
    if (quat)
      fprintf(out, "WP_QUAT(%s, %s, %s, %s, %s, %s)\n", t->name, s,
              emit_ctype(e, t->elem), v3, ir_t_mat(T, t->scalar, 3, 3)->name,
              ir_t_mat(T, t->scalar, 4, 4)->name);
    else if (is_float_scalar(t->scalar))
      fprintf(out, "WP_VEC_FLOAT(%s, %s, %s, %d)\n", t->name, s,
              emit_ctype(e, t->elem), t->rows);
    else if (t->flavor == IR_VEC_PLAIN)
      fprintf(out, "WP_VEC_INT(%s, %s, %d)\n", t->name, emit_ctype(e, t->elem),
              t->rows);
    if (t->rows == 3)
      fprintf(out, "WP_VEC_CROSS(%s, %s)\n", t->name, emit_ctype(e, t->elem));
    fprintf(out, "WP_LA_VEC(%s, %s, %s, %d)\n", t->name, s,
            emit_ctype(e, t->elem), t->rows);
    if (is_float_scalar(t->scalar)) { /* adjoint rules (2adjoint.h) */
      fprintf(out, "WP_VEC_ADJ(%s, %s, %s, %d)\n", t->name, s,
              emit_ctype(e, t->elem), t->rows);
      if (t->rows == 3)
        fprintf(out, "WP_VEC_CROSS_ADJ(%s, %s)\n", t->name,
                emit_ctype(e, t->elem));
      if (quat)
        fprintf(out, "WP_QUAT_ADJ(%s, %s, %s, %s, %s, %s)\n", t->name, s,
                emit_ctype(e, t->elem), v3, ir_t_mat(T, t->scalar, 3, 3)->name,
                ir_t_mat(T, t->scalar, 4, 4)->name);
      if (t->flavor == IR_VEC_PLAIN) /* 5linalg.h */
        fprintf(out, "WP_LA_VECF(%s, %s, %s, %d)\n", t->name, s,
                emit_ctype(e, t->elem), t->rows);
    }
    if (t->flavor == IR_VEC_TRANSFORM && is_float_scalar(t->scalar)) {
      const char *q = ir_t_quat(T, t->scalar)->name;
      fprintf(out, "WP_TRANSFORM(%s, %s, %s, %s, %s)\n", t->name, q, s,
              emit_ctype(e, t->elem), v3);
      fprintf(out, "WP_TRANSFORM_ADJ(%s, %s, %s, %s, %s)\n", t->name, q, s,
              emit_ctype(e, t->elem), v3);
    }
    emit_spatial_vec(e, t);
  }
  for (int i = 0; i < e->types.count; i++) {
    const ir_type *t = e->types.items[i];
    if (t->kind == IR_T_MAT && ir_scalar_is_half(t->scalar))
      fprintf(out,
              "WP_MAT_ROWS(%s, %s, %d)\n"
              "WP_MAT_ATOMIC(%s, %s, %d, %d)\n",
              t->name, ir_t_vec(T, t->scalar, t->cols)->name, t->cols, t->name,
              ir_scalar_name(t->scalar), t->rows, t->cols);
    if (t->kind == IR_T_MAT && t->scalar == WP_SCALAR_BOOL)
      fprintf(out, "WP_MAT_BOOL(%s, %s, %d, %d)\n", t->name,
              ir_t_vec(T, t->scalar, t->cols)->name, t->rows, t->cols);
    bool int_mat = t->kind == IR_T_MAT && !is_float_scalar(t->scalar) &&
                   t->scalar != WP_SCALAR_BOOL &&
                   t->scalar != WP_SCALAR_BFLOAT16 &&
                   t->scalar != WP_SCALAR_FLOAT16;
    if (t->kind != IR_T_MAT || (!is_float_scalar(t->scalar) && !int_mat))
      continue;
    const char *s = ir_scalar_name(t->scalar);
    fprintf(out, "WP_MAT(%s, %s, %s, %d, %d, %s, %s, %s)\n", t->name, s,
            emit_ctype(e, t->elem), t->rows, t->cols,
            ir_t_vec(T, t->scalar, t->rows)->name,
            ir_t_vec(T, t->scalar, t->cols)->name,
            ir_t_mat(T, t->scalar, t->cols, t->rows)->name);
    if (has_atomics(t->scalar))
      fprintf(out, "WP_MAT_ATOMIC(%s, %s, %d, %d)\n", t->name, s, t->rows,
              t->cols);
    if (has_swap_atomics(t->scalar))
      fprintf(out, "WP_MAT_ATOMIC_SWAP(%s, %s, %d, %d)\n", t->name, s, t->rows,
              t->cols);
    if (int_mat) { /* element-wise arithmetic, products, transpose, bits */
      fprintf(out, "WP_MAT_INT(%s, %s, %d, %d)\n", t->name,
              emit_ctype(e, t->elem), t->rows, t->cols);
      if (has_swap_atomics(t->scalar))
        fprintf(out, "WP_MAT_ATOMIC_BITS(%s, %s, %d, %d)\n", t->name, s,
                t->rows, t->cols);
      continue;
    }
    if (t->rows == t->cols && t->rows >= 2 && t->rows <= 4)
      fprintf(out, "WP_MAT%d(%s, %s, %s)\n", t->rows, t->name, s,
              emit_ctype(e, t->elem));
    fprintf(out, "WP_MAT_ADJ(%s, %s, %s, %d, %d, %s, %s)\n", t->name, s,
            emit_ctype(e, t->elem), t->rows, t->cols,
            ir_t_vec(T, t->scalar, t->rows)->name,
            ir_t_vec(T, t->scalar, t->cols)->name);
    fprintf(out, "WP_TRANSPOSE_ADJ(%s, %s, %d, %d)\n", t->name,
            ir_t_mat(T, t->scalar, t->cols, t->rows)->name, t->rows, t->cols);
    if (t->rows == t->cols && t->rows >= 2 && t->rows <= 4)
      fprintf(out, "WP_SQUARE_ADJ(%s, %s, %s, %d)\n", t->name, s,
              emit_ctype(e, t->elem), t->rows);
    /* 5linalg.h */
    fprintf(out, "WP_LA_MAT(%s, %s, %s, %d, %d)\n", t->name, s,
            emit_ctype(e, t->elem), t->rows, t->cols);
    if (t->rows == t->cols)
      fprintf(out, "WP_LA_SQ(%s, %s, %s, %d, %s)\n", t->name, s,
              emit_ctype(e, t->elem), t->rows,
              ir_t_vec(T, t->scalar, t->rows)->name);
    if (t->rows == 3 && t->cols == 3)
      fprintf(out, "WP_LA_M33(%s, %s, %s, %s)\n", t->name, s,
              emit_ctype(e, t->elem), ir_t_vec(T, t->scalar, 3)->name);
    if (t->rows == 6 && t->cols == 6) {
      fprintf(out, "WP_SPATIAL_MAT(%s, %s, %s, %s)\n", t->name, s,
              emit_ctype(e, t->elem), ir_t_mat(T, t->scalar, 3, 3)->name);
      fprintf(out, "WP_SPATIAL_MASS(%s, %s, %s)\n", t->name, s,
              emit_ctype(e, t->elem));
    }
  }
  for (int i = 0; i < e->types.count; i++) {
    const ir_type *t = e->types.items[i];
    if (t->kind == IR_T_STRUCT)
      struct_add(e, out, t);
  }
  emit_tile_struct_ops(e); /* after the vector and matrix functions */
}

/* Whether a struct member takes part in the member-wise sum of adjoints:
 * float32/float64 scalars, vectors, matrices and structs holding some. */
static bool summed(const ir_type *t) {
  switch (t->kind) {
  case IR_T_SCALAR:
  case IR_T_VEC:
  case IR_T_MAT: return is_float_scalar(t->scalar);
  case IR_T_STRUCT:
    for (int i = 0; i < t->nmembers; i++)
      if (summed(t->members[i]))
        return true;
    return false;
  default: return false;
  }
}

/* S of wp_add_<S>_<S>, as the calls spell it (emit_value.c's mangled): a
 * builtin struct by its Warp name (MeshQueryRay), a user's by its C name. */
static const char *struct_add_name(emit_ctx *e, const ir_type *t) {
  return ir_type_is_builtin_struct(t) ? t->name : emit_ctype(e, t);
}

/* wp_add_<S>_<S>(a, b): a with b's float members added, what the adjoint
 * pass sums struct adjoints with (members are emitted before the structs
 * holding them). */
static void struct_add(emit_ctx *e, FILE *out, const ir_type *t) {
  if (!summed(t))
    return;
  fprintf(out, "WP_FN %s wp_add_%s_%s(%s a, %s b) {\n", emit_ctype(e, t),
          struct_add_name(e, t), struct_add_name(e, t), emit_ctype(e, t),
          emit_ctype(e, t));
  for (int i = 0; i < t->nmembers; i++) {
    const ir_type *mt = t->members[i];
    if (!summed(mt))
      continue;
    const char *tn =
        mt->kind == IR_T_STRUCT ? struct_add_name(e, mt) : mt->name;
    fputs("  a.", out);
    emit_member(out, t, i);
    if (mt->kind == IR_T_SCALAR)
      fputs(" = a.", out);
    else
      fprintf(out, " = wp_add_%s_%s(a.", tn, tn);
    emit_member(out, t, i);
    fputs(mt->kind == IR_T_SCALAR ? " + b." : ", b.", out);
    emit_member(out, t, i);
    fputs(mt->kind == IR_T_SCALAR ? ";\n" : ");\n", out);
  }
  fputs("  return a;\n}\n", out);
}

/* Prints `key` unless this module printed it already. */
static void instance(emit_ctx *e, const char *key) {
  for (int i = 0; i < e->instances.count; i++)
    if (!strcmp(e->instances.items[i], key))
      return;
  wp_ptrvec_push(e->m->arena, &e->instances, wp_arena_strdup(e->m->arena, key));
  fprintf(e->out, "%s\n", key);
}

/* The decompositions (5linalg.h): the kernels of the matrix type, then the
 * tuple-returning builtin. */
static bool linalg_instance(emit_ctx *e, const ir_value *v) {
  ir_builtin_id id = v->builtin->id;
  bool two = id == IR_B_SVD2;
  if (!two && id != IR_B_SVD3 && id != IR_B_QR3 && id != IR_B_EIG3)
    return false;
  const ir_type *m = v->args[0]->type;
  char key[400];
  snprintf(key, sizeof key, "WP_LA_DEC%d(%s, %s, %s, %s)", two ? 2 : 3, m->name,
           ir_scalar_name(m->scalar), emit_ctype(e, m->elem),
           ir_t_vec(e->m->types, m->scalar, m->rows)->name);
  instance(e, key);
  snprintf(key, sizeof key, "WP_LA_TUPLE%d(%s, %s, %s)", v->type->nmembers,
           v->builtin->name, m->name, emit_ctype(e, v->type));
  instance(e, key);
  return true;
}

/* Per-call instantiations: matrix products of two shapes and conversions. */
void emit_instances(emit_ctx *e, ir_func *f) {
  for (ir_block *b = f->entry; b; b = b->next)
    for (ir_value *v = b->first; v; v = v->next) {
      char key[400];
      key[0] = 0;
      if (v->op == IR_BUILTIN && linalg_instance(e, v))
        continue;
      ir_builtin_id id = v->op == IR_BUILTIN ? v->builtin->id : IR_B_NONE;
      if (id == IR_B_MUL && v->args[0]->type->kind == IR_T_MAT &&
          v->args[1]->type->kind == IR_T_MAT) {
        const ir_type *a = v->args[0]->type, *bt = v->args[1]->type;
        snprintf(key, sizeof key,
                 "WP_MATMUL(%s, %s, %s, %s, %d, %d, %d)\n"
                 "WP_MATMUL_ADJ(%s, %s, %s, %s, %d, %d, %d)",
                 a->name, bt->name, v->type->name, emit_ctype(e, a->elem),
                 a->rows, a->cols, bt->cols, a->name, bt->name, v->type->name,
                 emit_ctype(e, a->elem), a->rows, a->cols, bt->cols);
      } else if ((id == IR_B_TRANSFORM_POINT || id == IR_B_TRANSFORM_VECTOR ||
                  id == IR_B_TRANSFORM_FROM_MATRIX) &&
                 v->args[0]->type->kind == IR_T_MAT) {
        /* transform_from_matrix(m) too: an unused function, kept as before */
        bool point = id == IR_B_TRANSFORM_POINT;
        snprintf(key, sizeof key, "WP_MAT44_XFORM(%s, %s, %s, %s, %d)",
                 v->builtin->name, v->args[0]->type->name, v->type->name,
                 emit_ctype(e, v->type->elem), point ? 1 : 0);
      } else if (v->op == IR_CAST && v->type->kind != IR_T_SCALAR) {
        const ir_type *from = v->args[0]->type;
        int fs = from->scalar, ts = v->type->scalar;
        bool hh = ir_scalar_is_half(fs) && ir_scalar_is_half(ts);
        snprintf(key, sizeof key, "WP_CAST%s(%s, %s, %s, %s, %d)",
                 hh && fs == WP_SCALAR_FLOAT16 ? "_HALF_TO_BF16"
                 : hh                          ? "_BF16_TO_HALF"
                 : fs == WP_SCALAR_FLOAT16     ? "_FROM_HALF"
                 : fs == WP_SCALAR_BFLOAT16    ? "_FROM_BF16"
                 : ts == WP_SCALAR_FLOAT16     ? "_TO_HALF"
                 : ts == WP_SCALAR_BFLOAT16    ? "_TO_BF16"
                                               : "",
                 v->type->name, from->name, emit_ctype(e, v->type->elem),
                 emit_ctype(e, from->elem), v->type->rows * v->type->cols);
      }
      if (key[0])
        instance(e, key);
    }
}
