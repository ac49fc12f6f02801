/* emit_sqrt_cmp.c - a comparison of a square root printed without the
 * square root (issue #13: example_dem's and example_sph's neighbour loops).
 *
 * In a forward CPU kernel, a comparison `d op c` or `(d - a) op c` (op one
 * of <, <=, >, >=; float32 or float64 scalars) where d is sqrt(s) or
 * length(v) (= sqrt(length_sq(v)) in the prelude, 1vecmat.h) is printed as
 * wp__sqrtcmp_<f|d>(&v<id>_q, s, a, c, op) of prelude/0sqrtcmp.h: s against
 * a threshold found from a and c (kept in the kernel's local v<id>_q, found
 * again when a or c changes), the same truth value for every s, a and c
 * (the comparison is monotone in s; 0sqrtcmp.h says why).  d and d - a are
 * still computed where the kernel uses them otherwise: the C compiler moves
 * them into the branch that needs them, so a candidate that fails the test
 * costs no square root.
 *
 * bench/examples (one thread, CPU time, AVX-512 variant): dem's
 * apply_forces tests `wp.length(x - y) - 2 r <= cohesion` for about 340
 * candidates per particle and passes a few; sph's get_acceleration tests
 * `sqrt(dot(r, r)) < h` for about 100.
 *
 * Not in functions (a @wp.func's local would find its threshold at every
 * call), backward kernels or CUDA, nor in the SPMD variant (which prints
 * its instructions without emit_body). */
#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

typedef struct sqrt_cmp {
  const ir_value *s; /* sqrt's operand, or length's vector */
  bool length;       /* d is length(s) */
  const ir_value *a; /* the subtracted value, or NULL */
  const ir_value *c; /* the right-hand side */
  const char *op;    /* WP__SQRTCMP_* */
  char suffix;       /* f or d */
} sqrt_cmp;

static bool float_scalar(const ir_type *t, int scalar) {
  return t->kind == IR_T_SCALAR && t->scalar == scalar;
}

static bool is_builtin(const ir_value *v, ir_builtin_id id, int nargs) {
  return v->op == IR_BUILTIN && v->builtin && v->builtin->id == id &&
         v->nargs == nargs;
}

static bool match(const ir_value *v, sqrt_cmp *m) {
  if (v->op != IR_BUILTIN || !v->builtin || v->nargs != 2)
    return false;
  switch (v->builtin->id) {
  case IR_B_LT: m->op = "WP__SQRTCMP_LT"; break;
  case IR_B_LE: m->op = "WP__SQRTCMP_LE"; break;
  case IR_B_GT: m->op = "WP__SQRTCMP_GT"; break;
  case IR_B_GE: m->op = "WP__SQRTCMP_GE"; break;
  default: return false;
  }
  const ir_type *t = v->args[0]->type;
  int scalar = t->kind == IR_T_SCALAR ? t->scalar : -1;
  if (scalar != WP_SCALAR_FLOAT32 && scalar != WP_SCALAR_FLOAT64)
    return false;
  m->suffix = scalar == WP_SCALAR_FLOAT32 ? 'f' : 'd';
  m->c = v->args[1];
  if (!float_scalar(m->c->type, scalar))
    return false;
  const ir_value *d = v->args[0];
  m->a = NULL;
  if (is_builtin(d, IR_B_SUB, 2)) {
    if (!float_scalar(d->args[0]->type, scalar) ||
        !float_scalar(d->args[1]->type, scalar))
      return false;
    m->a = d->args[1];
    d = d->args[0];
  }
  if (!float_scalar(d->type, scalar))
    return false;
  if (is_builtin(d, IR_B_SQRT, 1) && float_scalar(d->args[0]->type, scalar)) {
    m->s = d->args[0];
    m->length = false;
    return true;
  }
  if (is_builtin(d, IR_B_LENGTH, 1)) {
    const ir_type *vt = d->args[0]->type;
    m->s = d->args[0];
    m->length = true;
    return vt->kind == IR_T_VEC && vt->flavor == IR_VEC_PLAIN &&
           vt->scalar == scalar;
  }
  return false;
}

/* Whether the kernel body now printed takes the form (emit_body sets
 * e->sqrt_cmp). */
static bool enabled(const emit_ctx *e) {
  return e->sqrt_cmp;
}

void emit_sqrt_cmp_declare(emit_ctx *e, const ir_func *f) {
  if (!enabled(e))
    return;
  sqrt_cmp m;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (match(v, &m))
        fprintf(e->out,
                "  wp__sqrtcmp_state_%c v%d_q = {%sWP__SQRTCMP_T0(%s)};\n",
                m.suffix, v->id, m.suffix == 'f' ? "0, " : "0, 0, ", m.op);
}

bool emit_sqrt_cmp(emit_ctx *e, const ir_value *v) {
  sqrt_cmp m;
  if (!enabled(e) || !match(v, &m))
    return false;
  FILE *out = e->out;
  fprintf(out, "wp__sqrtcmp_%c(&v%d_q, ", m.suffix, v->id);
  if (m.length) {
    fprintf(out, "wp_length_sq_%s(", m.s->type->name);
    emit_name(out, m.s);
    fputc(')', out);
  } else
    emit_name(out, m.s);
  fputs(", ", out);
  if (m.a)
    emit_name(out, m.a);
  else
    fputs(m.suffix == 'f' ? "0.0f" : "0.0", out);
  fputs(", ", out);
  emit_name(out, m.c);
  fprintf(out, ", %s, %d)", m.op, m.length);
  return true;
}
