/* emit_tile_struct.c - the member-wise arithmetic of tiles of @wp.struct
 * elements, as warp-lang 1.19 does it: the members whose scalar type adds
 * (float16, bfloat16, float32, float64, int32, uint32, int64, uint64, and
 * vectors, matrices and structs of them) are added (subtracted); the others
 * (bool, 8- and 16-bit integers, arrays) keep the left operand's value (an
 * atomic add leaves them as they are in memory).
 *
 * For each struct type S of a module that has tiles of structs:
 *   S wp_tile_add_S(S a, S b), S wp_tile_sub_S(S a, S b)
 *   S wp_tile_atomic_add_S(S *p, S v): the member-wise atomic add at p
 *     (the old value, read before, returned) */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* How member type t takes part: 0 not at all, 1 a scalar that adds, 2 a
 * float16/bfloat16 scalar, 3 a vector or matrix (wp_add_T_T), 4 a struct
 * (wp_tile_add_T), 5 a vector or matrix of float16/bfloat16 (component by
 * component, in float32). */
static int part(const ir_type *t) {
  int s = t->scalar;
  bool adds = s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 ||
              s == WP_SCALAR_INT32 || s == WP_SCALAR_UINT32 ||
              s == WP_SCALAR_INT64 || s == WP_SCALAR_UINT64;
  bool half = s == WP_SCALAR_FLOAT16 || s == WP_SCALAR_BFLOAT16;
  switch (t->kind) {
  case IR_T_SCALAR: return adds ? 1 : half ? 2 : 0;
  case IR_T_VEC:
  case IR_T_MAT: return adds ? 3 : half ? 5 : 0;
  case IR_T_STRUCT: return ir_type_is_builtin_struct(t) ? 0 : 4;
  default: return 0;
  }
}

/* a.m = a.m OP b.m for member i of struct t. */
static void member_op(emit_ctx *e, const ir_type *t, int i, bool sub) {
  FILE *out = e->out;
  const ir_type *m = t->members[i];
  const char *n = emit_member_str(e->m->arena, t, i);
  switch (part(m)) {
  case 1:
    fprintf(out, "  a.%s = a.%s %c b.%s;\n", n, n, sub ? '-' : '+', n);
    break;
  case 2: {
    bool bf = m->scalar == WP_SCALAR_BFLOAT16;
    fprintf(out, "  a.%s = %s(%s(a.%s) %c %s(b.%s));\n", n,
            bf ? "wp_f2bf" : "wp_f2h", bf ? "wp_bf2f" : "wp_h2f", n,
            sub ? '-' : '+', bf ? "wp_bf2f" : "wp_h2f", n);
    break;
  }
  case 3:
    fprintf(out, "  a.%s = wp_%s_%s_%s(a.%s, b.%s);\n", n, sub ? "sub" : "add",
            m->name, m->name, n, n);
    break;
  case 4:
    fprintf(out, "  a.%s = wp_tile_%s_%s(a.%s, b.%s);\n", n,
            sub ? "sub" : "add", emit_ctype(e, m), n, n);
    break;
  case 5: {
    bool bf = m->scalar == WP_SCALAR_BFLOAT16;
    const char *to = bf ? "wp_f2bf" : "wp_f2h",
               *from = bf ? "wp_bf2f" : "wp_h2f";
    for (int k = 0; k < m->rows * m->cols; k++) {
      char c[32];
      if (m->kind == IR_T_MAT)
        snprintf(c, sizeof c, "c[%d][%d]", k / m->cols, k % m->cols);
      else
        snprintf(c, sizeof c, "c[%d]", k);
      fprintf(out, "  a.%s.%s = %s(%s(a.%s.%s) %c %s(b.%s.%s));\n", n, c, to,
              from, n, c, sub ? '-' : '+', from, n, c);
    }
    break;
  }
  default: break;
  }
}

static void atomic_member(emit_ctx *e, const ir_type *t, int i) {
  FILE *out = e->out;
  const ir_type *m = t->members[i];
  const char *n = emit_member_str(e->m->arena, t, i);
  switch (part(m)) {
  case 1:
  case 2:
    fprintf(out, "  wp_atomic_add_%s(&p->%s, v.%s);\n", m->name, n, n);
    break;
  case 3:
    fprintf(out, "  wp_atomic_add_v_%s(&p->%s, v.%s);\n", m->name, n, n);
    break;
  case 4:
    fprintf(out, "  wp_tile_atomic_add_%s(&p->%s, v.%s);\n", emit_ctype(e, m),
            n, n);
    break;
  case 5:
    for (int k = 0; k < m->rows * m->cols; k++) {
      char c[32];
      if (m->kind == IR_T_MAT)
        snprintf(c, sizeof c, "c[%d][%d]", k / m->cols, k % m->cols);
      else
        snprintf(c, sizeof c, "c[%d]", k);
      fprintf(out, "  wp_atomic_add_%s(&p->%s.%s, v.%s.%s);\n",
              ir_scalar_name(m->scalar), n, c, n, c);
    }
    break;
  default: break;
  }
}

void emit_tile_struct_ops(emit_ctx *e) {
  FILE *out = e->out;
  bool any = false;
  for (int i = 0; i < e->types.count && !any; i++) {
    const ir_type *t = e->types.items[i];
    any = t->kind == IR_T_TILE && t->elem->kind == IR_T_STRUCT;
  }
  if (!any)
    return;
  for (int k = 0; k < e->types.count; k++) {
    const ir_type *t = e->types.items[k];
    if (!ir_tile_struct_summable(t))
      continue;
    const char *S = emit_ctype(e, t);
    for (int sub = 0; sub < 2; sub++) {
      fprintf(out, "WP_FN %s wp_tile_%s_%s(%s a, %s b) {\n", S,
              sub ? "sub" : "add", S, S, S);
      for (int i = 0; i < t->nmembers; i++)
        member_op(e, t, i, sub);
      fputs("  (void)b;\n  return a;\n}\n", out);
    }
    fprintf(out,
            "WP_FN %s wp_tile_atomic_add_%s(%s *p, %s v) {\n  %s old = *p;\n",
            S, S, S, S, S);
    for (int i = 0; i < t->nmembers; i++)
      atomic_member(e, t, i);
    fputs("  (void)v;\n  return old;\n}\n", out);
  }
}
