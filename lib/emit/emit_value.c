/* emit_value.c - prints one IR instruction as C.  Every SSA value is a C
 * local `v<id>` declared at the top of its function; block arguments are
 * assigned on the branches that enter the block (a parallel copy through
 * temporaries), blocks are labels. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

void emit_name(FILE *out, const ir_value *v) {
  fprintf(out, "v%d", v->id);
}

static void print_const(emit_ctx *e, FILE *out, const ir_value *v) {
  const ir_type *t = v->type;
  if (t->scalar == WP_SCALAR_FLOAT16) { /* its bits (wp_half is a uint16) */
    fprintf(out, "(wp_half)0x%04x",
            (unsigned)ir_half_from_float((float)v->fval));
    return;
  }
  if (t->scalar == WP_SCALAR_BFLOAT16) { /* its bits, as float16's */
    fprintf(out, "(wp_bfloat16)0x%04x",
            (unsigned)ir_bf16_from_float((float)v->fval));
    return;
  }
  if (ir_type_is_float(t)) {
    bool f32 = t->scalar == WP_SCALAR_FLOAT32;
    double x = v->fval;
    if (isnan(x))
      fprintf(out, f32 ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")");
    else if (isinf(x))
      fprintf(out, "%s%s", x < 0 ? "-" : "",
              f32 ? "__builtin_inff()" : "__builtin_inf()");
    else {
      char buf[40];
      snprintf(buf, sizeof buf, f32 ? "%.9g" : "%.17g", x);
      fputs(buf, out);
      if (!strpbrk(buf, ".e"))
        fputs(".0", out); /* a float literal, not an int */
      if (f32)
        fputc('f', out);
    }
    return;
  }
  switch (t->scalar) {
  case WP_SCALAR_UINT64:
    fprintf(out, "%lluULL", (unsigned long long)v->ival);
    return;
  case WP_SCALAR_INT64:
    if (v->ival == INT64_MIN)
      fprintf(out, "(-9223372036854775807LL - 1)");
    else
      fprintf(out, "%lldLL", (long long)v->ival);
    return;
  case WP_SCALAR_UINT32:
    fprintf(out, "%lluU", (unsigned long long)(uint32_t)v->ival);
    return;
  case WP_SCALAR_INT32:
    if (v->ival == INT32_MIN)
      fprintf(out, "(-2147483647 - 1)");
    else
      fprintf(out, "%lld", (long long)v->ival);
    return;
  default:
    fprintf(out, "(%s)%lld", emit_ctype(e, t), (long long)v->ival);
    return;
  }
}

/* A type in a prelude function name: its Warp name, "array_<dtype>" for a
 * 1-d array ("array<n>d_<dtype>" for more dimensions). */
static void mangled(FILE *out, const ir_type *t) {
  if (ir_type_is_builtin_struct(t)) /* the prelude's names: Warp's */
    fputs(t->name, out);
  else if (t->kind == IR_T_STRUCT) /* struct names are unique as C names only */
    fputs(t->symbol, out);
  else if (t->kind != IR_T_ARRAY)
    fputs(t->name, out);
  else if (t->ndim == 1)
    fprintf(out, "%sarray_%s", ir_type_is_indexed(t) ? "indexed" : "",
            t->elem->name);
  else
    fprintf(out, "%sarray%dd_%s", ir_type_is_indexed(t) ? "indexed" : "",
            t->ndim, t->elem->name);
}

/* wp_<builtin>_<types>: all-scalar calls use the first type only, calls
 * without arguments none. */
static void builtin_call(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  bool scalars = true;
  for (int i = 0; i < v->nargs; i++)
    scalars = scalars && v->args[i]->type->kind == IR_T_SCALAR;
  fprintf(out, "wp_%s", v->builtin->name);
  for (int i = 0; i < (scalars && v->nargs ? 1 : v->nargs); i++) {
    fputc('_', out);
    mangled(out, v->args[i]->type);
  }
  fputc('(', out);
  for (int i = 0; i < v->nargs; i++) {
    if (i)
      fputs(", ", out);
    emit_name(out, v->args[i]);
  }
  fputc(')', out);
}

/* An int32 / uint32 division, remainder or floor division whose divisor
 * is the same in every thread (ir_launch_invariant): printed as the
 * prelude's wp_<op>_inv_<type>, which multiplies by a reciprocal the C
 * compiler computes once per range loop. */
static bool inv_divisor(const ir_value *v) {
  ir_builtin_id id = v->builtin->id;
  if ((id != IR_B_DIV && id != IR_B_MOD && id != IR_B_FLOORDIV) ||
      v->nargs != 2 || v->type->kind != IR_T_SCALAR ||
      (v->type->scalar != WP_SCALAR_INT32 &&
       v->type->scalar != WP_SCALAR_UINT32) ||
      v->args[0]->type != v->type || v->args[1]->type != v->type ||
      v->args[1]->op == IR_CONST) /* the C compiler does constants itself */
    return false;
  return ir_launch_invariant(v->args[1]);
}

static void builtin(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  if (emit_rows1_coord(e, v)) /* tid % W in a row body: emit_cpu_rows1.c */
    return;
  const ir_type **types =
      WP_NEW_ARRAY(e->m->arena, const ir_type *, v->nargs + 1);
  for (int i = 0; i < v->nargs; i++)
    types[i] = v->args[i]->type;
  if (v->builtin->id == IR_B_CAST) { /* wp.cast: the same bits */
    fprintf(out, "WP_BITCAST(%s, %s, ", emit_ctype(e, v->type),
            emit_ctype(e, v->args[0]->type));
    emit_name(out, v->args[0]);
    fputc(')', out);
    return;
  }
  if (v->builtin->id == IR_B_WHERE) {
    fputc('(', out);
    emit_name(out, v->args[0]);
    fputs(" ? ", out);
    emit_name(out, v->args[1]);
    fputs(" : ", out);
    emit_name(out, v->args[2]);
    fputc(')', out);
    return;
  }
  const char *op = emit_builtin_op(v->builtin, types, v->nargs);
  if (inv_divisor(v)) { /* wp_div_inv_int32(a, b), ...: 0core.h */
    fprintf(out, "wp_%s_inv_%s(", v->builtin->name, v->type->name);
    emit_name(out, v->args[0]);
    fputs(", ", out);
    emit_name(out, v->args[1]);
    fputc(')', out);
  } else if (!op)
    builtin_call(e, v);
  else if (v->nargs == 1) { /* prefix */
    fprintf(out, "(%s", op);
    emit_name(out, v->args[0]);
    fputc(')', out);
  } else {
    fputc('(', out);
    emit_name(out, v->args[0]);
    fprintf(out, " %s ", op);
    emit_name(out, v->args[1]);
    fputc(')', out);
  }
}

static void cast(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *t = v->type, *from = v->args[0]->type;
  if (t->kind != IR_T_SCALAR) {
    fprintf(out, "wp_cast_%s_%s(", t->name, from->name);
    emit_name(out, v->args[0]);
    fputc(')', out);
  } else if (ir_scalar_is_half(from->scalar) &&
             ir_scalar_is_half(t->scalar)) { /* through float32 */
    bool h = t->scalar == WP_SCALAR_FLOAT16;
    fprintf(out, "%s(%s(", h ? "wp_f2h" : "wp_f2bf", h ? "wp_bf2f" : "wp_h2f");
    emit_name(out, v->args[0]);
    fputs("))", out);
  } else if (from->scalar == WP_SCALAR_FLOAT16) { /* through float32 */
    fprintf(out, ir_type_is_bool(t) ? "(wp_h2f(" : "(%s)wp_h2f(",
            emit_ctype(e, t));
    emit_name(out, v->args[0]);
    fputs(ir_type_is_bool(t) ? ") != 0.0f)" : ")", out);
  } else if (from->scalar == WP_SCALAR_BFLOAT16) { /* as float16 */
    fprintf(out, ir_type_is_bool(t) ? "(wp_bf2f(" : "(%s)wp_bf2f(",
            emit_ctype(e, t));
    emit_name(out, v->args[0]);
    fputs(ir_type_is_bool(t) ? ") != 0.0f)" : ")", out);
  } else if (t->scalar == WP_SCALAR_FLOAT16) { /* from float32 (Warp's) */
    fputs("wp_f2h((float)", out);
    emit_name(out, v->args[0]);
    fputc(')', out);
  } else if (t->scalar == WP_SCALAR_BFLOAT16) {
    fputs("wp_f2bf((float)", out);
    emit_name(out, v->args[0]);
    fputc(')', out);
  } else if (ir_type_is_bool(t)) {
    fputc('(', out);
    emit_name(out, v->args[0]);
    fputs(" != 0)", out);
  } else {
    fprintf(out, "(%s)", emit_ctype(e, t));
    emit_name(out, v->args[0]);
  }
}

static void compose(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *t = v->type;
  fprintf(out, "WP_LIT(%s){", emit_ctype(e, t));
  if (t->kind == IR_T_VEC || t->kind == IR_T_MAT)
    fputc('{', out);
  for (int i = 0; i < v->nargs; i++) {
    if (t->kind == IR_T_MAT && i % t->cols == 0)
      fputs(i ? "}, {" : "{", out);
    else if (i)
      fputs(", ", out);
    bool arr = t->kind == IR_T_STRUCT && t->members[i]->kind == IR_T_ARRAY;
    if (arr)
      fputs(ir_type_is_indexed(t->members[i]) ? "wp_iarray_to_t("
                                              : "wp_array_to_t(",
            out);
    emit_name(out, v->args[i]);
    if (arr)
      fputc(')', out);
  }
  if (t->kind == IR_T_MAT)
    fputc('}', out);
  if (t->kind == IR_T_VEC || t->kind == IR_T_MAT)
    fputc('}', out);
  fputc('}', out);
}

/* The member of array value v holding its base array's fields ("data",
 * "grad", "flags"): v's own, or its .arr for an indexed array. */
static void array_field(FILE *out, const ir_value *v, const char *field) {
  emit_name(out, v);
  fprintf(out, "%s.%s", ir_type_is_indexed(v->type) ? ".arr" : "", field);
}

/* `fn(v<id>_s, v<id>_g or 0, sizeof v<id>_s, `: the call making frame
 * array v over its storage (and its grad's, in a backward function). */
static void frame_storage(emit_ctx *e, const ir_value *v, const char *fn) {
  fprintf(e->out, "%s(v%d_s, ", fn, v->id);
  if (e->func_backward)
    fprintf(e->out, "v%d_g, ", v->id);
  else
    fputs("0, ", e->out);
  fprintf(e->out, "sizeof v%d_s, ", v->id);
}

/* `, (wp_int64)d0, ..., d3)`: the 4 extents of array maker v, its
 * arguments from `first` on (0 past them). */
static void extents(FILE *out, const ir_value *v, int first) {
  for (int k = 0; k < 4; k++) {
    fputs(", (wp_int64)", out);
    if (first + k < v->nargs)
      emit_name(out, v->args[first + k]);
    else
      fputc('0', out);
  }
  fputc(')', out);
}

/* The element address WP_ATn(T, arr, i, ...) of a load/store/atomic. */
static void address_of(emit_ctx *e, const ir_value *v, int nidx,
                       const char *macro) {
  const ir_value *arr = v->args[0];
  /* WP_AT -> WP_IAT, WP_GAT -> WP_IGAT for an indexed array */
  if (ir_type_is_indexed(arr->type))
    fprintf(e->out, "WP_I%s", macro + 3);
  else
    fputs(macro, e->out);
  fprintf(e->out, "%d(%s, ", nidx, emit_ctype(e, arr->type->elem));
  emit_name(e->out, arr);
  for (int i = 1; i <= nidx; i++) {
    fputs(", ", e->out);
    emit_name(e->out, v->args[i]);
  }
  fputc(')', e->out);
}

/* The element address WP_ATn(T, arr, i, ...) of a load/store/atomic. */
static void address(emit_ctx *e, const ir_value *v, int nidx) {
  address_of(e, v, nidx, "WP_AT");
}

/* wp_adj_<name>_<types>(args, result, adjoint, &adjoints of the args). */
static void adj_builtin(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  int n = v->aux2;
  bool scalars = true;
  for (int i = 0; i < n; i++)
    scalars = scalars && v->args[i]->type->kind == IR_T_SCALAR;
  fprintf(out, "wp_adj_%s", v->builtin->name);
  for (int i = 0; i < (scalars && n ? 1 : n); i++) {
    fputc('_', out);
    mangled(out, v->args[i]->type);
  }
  fputc('(', out);
  if (!v->slots) { /* a builtin without a result (array outputs) */
    for (int i = 0; i < n; i++) {
      if (i)
        fputs(", ", out);
      emit_name(out, v->args[i]);
    }
    fputs(");\n", out);
    return;
  }
  for (int i = 0; i < n + 2; i++) {
    emit_name(out, v->args[i]);
    fputs(", ", out);
  }
  for (int i = 0; i < n; i++)
    fprintf(out, "%s&wp_l%d", i ? ", " : "", v->slots[i]);
  fputs(");\n", out);
}

/* Atomic adds of the float members of a struct value `val` at `ptr`
 * (member paths appended to both). */
static void struct_accum(emit_ctx *e, const ir_type *t, const char *ptr,
                         const char *val) {
  FILE *out = e->out;
  for (int i = 0; i < t->nmembers; i++) {
    const ir_type *mt = t->members[i];
    const char *mn = emit_member_str(e->m->arena, t, i);
    const char *p = wp_arena_printf(e->m->arena, "%s.%s", ptr, mn);
    const char *x = wp_arena_printf(e->m->arena, "%s.%s", val, mn);
    if (mt->kind == IR_T_STRUCT)
      struct_accum(e, mt, p, x);
    else if ((mt->kind == IR_T_SCALAR && ir_type_is_float(mt)) ||
             ((mt->kind == IR_T_VEC || mt->kind == IR_T_MAT) &&
              ir_type_is_float(mt->elem)))
      fprintf(out, "  wp_atomic_add_%s%s(&%s, %s);\n",
              mt->kind == IR_T_SCALAR ? "" : "v_", mt->name, p, x);
  }
}

/* grad[idx] += value, atomically, when the array has a grad buffer. */
/* The plain add of a grad accumulation with a single writer (aux = K > 0:
 * lib/ir/injective.c found its index injective in launches of at most K
 * dimensions): `if (launch has at most K dimensions) plain add` (the
 * caller appends `else` and the atomic add).  Float32 and float64 elements
 * (scalars, vectors, matrices); false (nothing printed) for the others. */
static bool plain_accum(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *et = v->args[0]->type->elem;
  int s = et->scalar, n = et->rows * et->cols;
  if (v->aux <= 0 || et->kind == IR_T_STRUCT ||
      (s != WP_SCALAR_FLOAT32 && s != WP_SCALAR_FLOAT64))
    return false;
  fprintf(out,
          "{ if (wp_bounds->ndim <= %d && !wp_bounds->flags) { %s *wp_gp = ",
          v->aux, emit_ctype(e, et));
  address_of(e, v, v->nargs - 2, "WP_GAT");
  fputs("; ", out);
  const char *sn = ir_scalar_name(s);
  if (et->kind == IR_T_SCALAR) {
    fprintf(out, "wp_plain_add_%s(wp_gp, ", sn);
    emit_name(out, v->args[v->nargs - 1]);
    fputs("); } ", out);
    return true;
  }
  const char *first = et->kind == IR_T_MAT ? ".c[0][0]" : ".c[0]";
  fprintf(out,
          "for (int wp_c = 0; wp_c < %d; wp_c++) "
          "wp_plain_add_%s(&(&wp_gp->%s)[wp_c], (&",
          n, sn, first + 1);
  emit_name(out, v->args[v->nargs - 1]);
  fprintf(out, "%s)[wp_c]); } ", first);
  return true;
}

static void grad_accum(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_type *et = v->args[0]->type->elem;
  if (et->kind == IR_T_STRUCT) { /* member by member */
    fputs("if (", out);
    array_field(out, v->args[0], "grad");
    fprintf(out, ") {\n  %s *wp_gp = ", emit_ctype(e, et));
    address_of(e, v, v->nargs - 2, "WP_GAT");
    fputs(";\n", out);
    char val[32];
    snprintf(val, sizeof val, "v%d", v->args[v->nargs - 1]->id);
    struct_accum(e, et, "(*wp_gp)", val);
    fputs("}\n", out);
    return;
  }
  fputs("if (", out);
  array_field(out, v->args[0], "grad");
  fputs(") ", out);
  bool plain = plain_accum(e, v);
  if (plain)
    fputs("else ", out);
  fprintf(out, "wp_atomic_add_%s%s(", et->kind == IR_T_SCALAR ? "" : "v_",
          et->name);
  address_of(e, v, v->nargs - 2, "WP_GAT");
  fputs(", ", out);
  emit_name(out, v->args[v->nargs - 1]);
  fputs(plain ? "); }\n" : ");\n", out);
}

/* The component index of v: its constant, or its runtime argument argi,
 * which, as in Warp's extract/assign, counts from the end when negative
 * (m[-1] of a mat33 is row 2); n is the extent indexed. */
static void index_expr(emit_ctx *e, const ir_value *v, int argi, int n) {
  if (argi < 0) {
    fprintf(e->out, "%d", v->aux);
    return;
  }
  const ir_value *i = v->args[argi];
  int s = i->type->scalar;
  if (s == WP_SCALAR_UINT8 || s == WP_SCALAR_UINT16 || s == WP_SCALAR_UINT32 ||
      s == WP_SCALAR_UINT64 || s == WP_SCALAR_BOOL) {
    emit_name(e->out, i);
    return;
  }
  fputs("(", e->out);
  emit_name(e->out, i);
  fputs(" < 0 ? ", e->out);
  emit_name(e->out, i);
  fprintf(e->out, " + %d : ", n);
  emit_name(e->out, i);
  fputs(")", e->out);
}

static void extract(emit_ctx *e, const ir_value *v, int argi) {
  FILE *out = e->out;
  const ir_type *t = v->args[0]->type;
  if (t->kind == IR_T_MAT) {
    fprintf(out, "wp_row_%s(", t->name);
    emit_name(out, v->args[0]);
    fputs(", ", out);
    index_expr(e, v, argi, t->rows);
    fputc(')', out);
  } else if (t->kind == IR_T_TUPLE) {
    emit_name(out, v->args[0]);
    fprintf(out, ".m%d", v->aux);
  } else if (t->kind == IR_T_STRUCT) {
    bool arr = t->members[v->aux]->kind == IR_T_ARRAY;
    if (arr) /* Warp's array_t field -> wp_array value */
      fputs(ir_type_is_indexed(t->members[v->aux]) ? "wp_iarray_from_t("
                                                   : "wp_array_from_t(",
            out);
    emit_name(out, v->args[0]);
    fputc('.', out);
    emit_member(out, t, v->aux);
    if (arr)
      fputc(')', out);
  } else {
    emit_name(out, v->args[0]);
    fputs(".c[", out);
    index_expr(e, v, argi, t->rows);
    fputc(']', out);
  }
}

/* v = agg; v.<component> = x; */
static void insert(emit_ctx *e, const ir_value *v, int idx_arg, int val_arg) {
  FILE *out = e->out;
  const ir_type *t = v->type;
  emit_name(out, v);
  fputs(" = ", out);
  emit_name(out, v->args[0]);
  fputs("; ", out);
  if (t->kind == IR_T_MAT) {
    fprintf(out, "wp_setrow_%s(&", t->name);
    emit_name(out, v);
    fputs(", ", out);
    index_expr(e, v, idx_arg, t->rows);
    fputs(", ", out);
    emit_name(out, v->args[val_arg]);
    fputs(");\n", out);
    return;
  }
  emit_name(out, v);
  bool arr = false;
  if (t->kind == IR_T_TUPLE)
    fprintf(out, ".m%d", v->aux);
  else if (t->kind == IR_T_STRUCT) {
    fputc('.', out);
    emit_member(out, t, v->aux);
    arr = t->members[v->aux]->kind == IR_T_ARRAY;
  } else {
    fputs(".c[", out);
    index_expr(e, v, idx_arg, t->rows);
    fputc(']', out);
  }
  fputs(!arr                                     ? " = "
        : ir_type_is_indexed(t->members[v->aux]) ? " = wp_iarray_to_t("
                                                 : " = wp_array_to_t(",
        out);
  emit_name(out, v->args[val_arg]);
  fputs(arr ? ");\n" : ";\n", out);
}

/* Assigns the edge's values to the target's block arguments (through
 * temporaries, since an argument may feed another) and jumps. */
static void edge(emit_ctx *e, const ir_block *to, const ir_edge *ed) {
  FILE *out = e->out;
  if (ed->nargs) {
    fputs("{ ", out);
    for (int i = 0; i < ed->nargs; i++) {
      fprintf(out, "%s t%d = ", emit_ctype(e, to->params[i]->type), i);
      emit_name(out, ed->args[i]);
      fputs("; ", out);
    }
    for (int i = 0; i < ed->nargs; i++) {
      emit_name(out, to->params[i]);
      fprintf(out, " = t%d; ", i);
    }
    fputs("} ", out);
  }
  fprintf(out, "goto b%d;", to->id);
}

void emit_value(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  if (v->op == IR_PARAM)
    return; /* a C parameter (funcs) or unpacked by the kernel prologue */
  if (e->opts->line_directives && v->loc.src && v->loc.line != e->last_line) {
    fprintf(out, "#line %u ", v->loc.line);
    /* nvcc copies the name into PTX .file unescaped: no quote or
       backslash may reach it */
    const char *path = wp_emit_source_name(e->opts, v->loc.src);
    emit_c_string(out, e->target->cuda && strpbrk(path, "\"\\") ? "source.py"
                                                                : path);
    fputc('\n', out);
    e->last_line = v->loc.line;
  }
  fputs("  ", out);
  if (emit_tile_handles(v)) {
    emit_tile(e, v);
    return;
  }
  switch (v->op) {
  case IR_STORE:
    fputc('*', out);
    address(e, v, v->nargs - 2);
    fputs(" = ", out);
    emit_name(out, v->args[v->nargs - 1]);
    fputs(";\n", out);
    return;
  case IR_ADDR:
    fprintf(out, "v%d_s = ", v->id);
    emit_name(out, v->args[0]);
    fprintf(out, "; v%d = (wp_uint64)&v%d_s;\n", v->id, v->id);
    return;
  case IR_ADDR_LOAD:
    emit_name(out, v);
    fprintf(out, " = v%d_s;\n", v->args[0]->id);
    return;
  case IR_PRINT: {
    /* assert / expect: the message when args[0] is false */
    int first = v->aux != IR_PRINT_ALWAYS;
    if (first) {
      fputs("if (!", out);
      emit_name(out, v->args[0]);
      fputs(") { ", out);
    }
    emit_print_calls(e, v, first);
    if (v->aux == IR_PRINT_ASSERT)
      fputs(e->target->cuda ? " __trap();" : " __builtin_trap();", out);
    fputs(first ? " }\n" : "\n", out);
    return;
  }
  case IR_INSERT: insert(e, v, -1, 1); return;
  case IR_INSERT_DYN: insert(e, v, 1, 2); return;
  case IR_BR:
    edge(e, v->targets[0], &v->targs[0]);
    fputc('\n', out);
    return;
  case IR_CBR:
    fputs("if (", out);
    emit_name(out, v->args[0]);
    fputs(") ", out);
    edge(e, v->targets[0], &v->targs[0]);
    fputs(" else ", out);
    edge(e, v->targets[1], &v->targs[1]);
    fputc('\n', out);
    return;
  case IR_LOCAL_SET:
    fprintf(out, "wp_l%d = ", v->aux);
    emit_name(out, v->args[0]);
    fputs(";\n", out);
    return;
  case IR_ADJ_BUILTIN: adj_builtin(e, v); return;
  case IR_GRAD_ACCUM: grad_accum(e, v); return;
  case IR_TAPE_PUSH:
  case IR_RESTORE: {
    /* a push into room reserved before (emit_tape_reserve) skips the
       check */
    bool reserved = v->op == IR_TAPE_PUSH && e->tape_reserved > 0;
    e->tape_reserved -= reserved;
    fprintf(out, "wp_ttape_%s(&wp_tape, &",
            v->op == IR_RESTORE ? "pop"
            : reserved          ? "push_nocheck"
                                : "push");
    emit_name(out, v->args[0]);
    fputs(", sizeof ", out);
    emit_name(out, v->args[0]);
    fputs(");\n", out);
    return;
  }
  case IR_PATH_PUSH: {
    bool reserved = e->tape_reserved > 0;
    e->tape_reserved -= reserved;
    fprintf(out, "wp_ttape_push_id%s(&wp_tape, %d);\n",
            reserved ? "_nocheck" : "", v->aux);
    return;
  }
  case IR_ARRAY_ZERO_GRAD:
    fputs("wp_array_zero_grad_n(", out);
    emit_name(out, v->args[0]);
    fprintf(out, ", %d);\n", v->aux);
    return;
  case IR_ARRAY_COPY_ADJ: {
    const ir_type *et = v->args[0]->type->elem;
    fprintf(out, "wp_array_copy_adj_%s(", ir_scalar_name(et->scalar));
    emit_name(out, v->args[0]);
    fputs(", ", out);
    emit_name(out, v->args[1]);
    fprintf(out, ", %d);\n",
            v->aux * (et->kind == IR_T_SCALAR ? 1 : et->rows * et->cols));
    return;
  }
  case IR_SWITCH:
    fputs("switch (", out);
    emit_name(out, v->args[0]);
    fputs(") {", out);
    for (int i = 0; i < v->ncases; i++)
      fprintf(out, " case %d: goto b%d;", v->case_ids[i], v->cases[i]->id);
    fprintf(out, " default: goto b%d; }\n", v->targets[0]->id);
    return;
  case IR_RET:
    if (e->func_tape)
      fputs("wp_ttape_free(&wp_tape); ", out);
    fputs("return", out);
    if (v->nargs) {
      fputc(' ', out);
      emit_name(out, v->args[0]);
    }
    fputs(";\n", out);
    return;
  default: break;
  }
  if (v->type->kind != IR_T_VOID) { /* a call of a func returning nothing */
    emit_name(out, v);
    fputs(" = ", out);
  }
  switch (v->op) {
  case IR_CONST: print_const(e, out, v); break;
  case IR_ZERO:
    if (v->type->kind == IR_T_SCALAR)
      fprintf(out, "(%s)0", emit_ctype(e, v->type));
    else
      fprintf(out, "WP_LIT(%s){0}", emit_ctype(e, v->type));
    break;
  case IR_BUILTIN: builtin(e, v); break;
  case IR_CAST: cast(e, v); break;
  case IR_CALL:
    fprintf(out, "%s(", v->callee->cname);
    for (int i = 0; i < v->nargs; i++) {
      if (i)
        fputs(", ", out);
      emit_name(out, v->args[i]);
    }
    fputc(')', out);
    break;
  case IR_COMPOSE: compose(e, v); break;
  case IR_EXTRACT: extract(e, v, -1); break;
  case IR_EXTRACT_DYN: extract(e, v, 1); break;
  case IR_LOAD:
    fputc('*', out);
    address(e, v, v->nargs - 1);
    break;
  case IR_ATOMIC: {
    const ir_type *et = v->type;
    fprintf(out, "wp_%s_%s%s(", v->builtin->name,
            et->kind == IR_T_SCALAR ? "" : "v_", et->name);
    int nidx = v->args[0]->type->ndim; /* then the value(s) */
    address(e, v, nidx);
    for (int i = 1 + nidx; i < v->nargs; i++) {
      fputs(", ", out);
      emit_name(out, v->args[i]);
    }
    fputc(')', out);
    break;
  }
  case IR_LOCAL_GET: fprintf(out, "wp_l%d", v->aux); break;
  case IR_PATH_POP: fputs("wp_ttape_pop_id(&wp_tape)", out); break;
  case IR_GRAD_LOAD:
    fputs("WP_LIT(", out);
    fputs(emit_ctype(e, v->type), out);
    fputs("){0}; if (", out);
    array_field(out, v->args[0], "grad");
    fputs(") { ", out);
    emit_name(out, v);
    fputs(" = *", out);
    address_of(e, v, v->nargs - 1, "WP_GAT");
    if (v->aux) { /* and zero the slot: the write replaced that value
                     (unless the array retains its gradient) */
      fputs("; if (!(", out);
      array_field(out, v->args[0], "flags");
      fputs(" & WP_ARRAY_RETAIN_GRAD)) *", out);
      address_of(e, v, v->nargs - 1, "WP_GAT");
      fprintf(out, " = WP_LIT(%s){0}", emit_ctype(e, v->type));
    }
    fputs("; }", out);
    break;
  case IR_ARRAY_SHAPE:
    fputs("(wp_int32)", out);
    emit_name(out, v->args[0]);
    fprintf(out, ".shape[%d]", v->aux);
    break;
  case IR_ARRAY_VIEW: /* one wp_array_view_at per index, innermost first */
    for (int i = 1; i < v->nargs; i++)
      fputs(ir_type_is_indexed(v->type) ? "wp_iarray_view_at("
                                        : "wp_array_view_at(",
            out);
    emit_name(out, v->args[0]);
    for (int i = 1; i < v->nargs; i++) {
      fputs(", (wp_int64)", out);
      emit_name(out, v->args[i]);
      fputc(')', out);
    }
    break;
  case IR_ARRAY_SLICE:
    fputs(v->aux2 & 4 ? "wp_array_drop_dim(" : "wp_array_slice_dim(", out);
    emit_name(out, v->args[0]);
    fprintf(out, ", %d", v->aux);
    for (int i = 1; i < (v->aux2 & 4 ? 2 : 4); i++) {
      fputs(", (wp_int64)", out);
      emit_name(out, v->args[i]);
    }
    if (!(v->aux2 & 4))
      fprintf(out, ", %d, %d", v->aux2 & 1, (v->aux2 >> 1) & 1);
    fputc(')', out);
    break;
  case IR_ARRAY_COPY:
    frame_storage(e, v, "wp_array_local_copy");
    emit_name(out, v->args[0]);
    fputc(')', out);
    break;
  case IR_ARRAY_LOCAL:
    frame_storage(e, v, "wp_array_local");
    fprintf(out, "(wp_int32)sizeof(%s), %d", emit_ctype(e, v->type->elem),
            v->type->ndim);
    extents(out, v, 0);
    break;
  case IR_ARRAY_FROM_PTR:
    fputs("wp_array_dense((void *)", out);
    emit_name(out, v->args[0]);
    fprintf(out, ", (wp_int32)sizeof(%s), %d", emit_ctype(e, v->type->elem),
            v->type->ndim);
    extents(out, v, 1);
    break;
  case IR_ARRAY_PTR:
    fputs("(wp_uint64)", out);
    array_field(out, v->args[0], "data");
    break;
  case IR_ARRAY_GRAD:
    fputs("wp_array_grad_of(", out);
    emit_name(out, v->args[0]);
    fputc(')', out);
    break;
  case IR_ARRAY_VALID:
    /* Warp's array truth value: a non-null data pointer; warp-lang's arrays
       of no elements have none (warpc's allocations do), so those count as
       false too */
    fputs("(", out);
    array_field(out, v->args[0], "data");
    fputs(" != 0", out);
    for (int k = 0; k < v->args[0]->type->ndim; k++) {
      fputs(" && ", out);
      emit_name(out, v->args[0]);
      fprintf(out, ".shape[%d] != 0", k);
    }
    fputc(')', out);
    break;
  case IR_TID: fprintf(out, "WP_TID(%d, %d)", v->aux, v->aux2); break;
  default: fprintf(out, "0 /* unhandled %s */", ir_op_name(v->op)); break;
  }
  fputs(";\n", out);
}
