/* lower_print.c - output from kernels: print(...), wp.printf(fmt, ...),
 * `assert` (kept only with warpc --debug) and wp.expect_eq / expect_neq /
 * expect_near.  All become IR_PRINT: pieces of text and scalar values
 * (ir_print_pieces), which lib/emit spells as a printf format; generated CPU
 * code calls the runtime's wp_printf, CUDA code the device printf.  Values
 * print the way Warp's print() does: floats as %g does, integers in decimal,
 * bools True/False, vectors each component (as a float) and a space, then
 * a newline, matrices one such line per row; a tile as Warp prints one
 * (lower_tile_print.c). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

/* The most values wp.printf takes after its format, as in Warp (CUDA's
 * printf limit; man/warpc.1, LIMITS). */
enum { PRINTF_MAX_VALUES = 32 };

/* A print being built: its pieces and values, growing in the arena (a
 * piece's arg indexes args; emit_print moves them past the condition). */
typedef struct pbuf {
  wp_arena *A;
  ir_print_piece *pieces;
  int npieces, cap;
  wp_ptrvec args; /* ir_value * */
} pbuf;

static void piece(pbuf *p, ir_print_piece_kind kind, const char *text) {
  if (p->npieces == p->cap) {
    int cap = p->cap ? 2 * p->cap : 16;
    ir_print_piece *n = WP_NEW_ARRAY(p->A, ir_print_piece, cap);
    if (p->npieces)
      memcpy(n, p->pieces, sizeof *n * (size_t)p->npieces);
    p->pieces = n;
    p->cap = cap;
  }
  p->pieces[p->npieces++] =
      (ir_print_piece){.kind = kind,
                       .text = text ? wp_arena_strdup(p->A, text) : NULL,
                       .arg = p->args.count};
}

/* Text, printed as it is. */
static void put(pbuf *p, const char *s) {
  piece(p, IR_PIECE_TEXT, s);
}

static void arg(pbuf *p, ir_value *v) {
  wp_ptrvec_push(p->A, &p->args, v);
}

/* The next value, printed as print() shows a scalar of its type. */
static void value(pbuf *p, ir_value *v) {
  piece(p, IR_PIECE_VALUE, NULL);
  arg(p, v);
}

/* One scalar in Warp's print format (floats widened to double). */
static void put_scalar(lower_ctx *c, pbuf *p, ir_value *v, bool vec_comp,
                       wp_loc loc) {
  const ir_type *t = v->type;
  if (ir_type_is_float(t) || vec_comp)
    value(p, lower_cast(c, v, ir_t_scalar(c->T, WP_SCALAR_FLOAT64), loc));
  else if (ir_type_is_bool(t) || t->scalar == WP_SCALAR_INT64 ||
           t->scalar == WP_SCALAR_UINT64)
    value(p, v);
  else if (ir_type_is_signed(t))
    value(p, lower_cast(c, v, ir_t_int32(c->T), loc));
  else
    value(p, lower_cast(c, v, ir_t_scalar(c->T, WP_SCALAR_UINT32), loc));
}

static ir_value *comp(lower_ctx *c, ir_value *v, const ir_type *t, int k,
                      wp_loc loc) {
  ir_value *x = lower_emit(c, IR_EXTRACT, t, &v, 1, loc);
  x->aux = k;
  return x;
}

/* A value as Warp's print(x) shows it, without the final newline of
 * scalars; false (reported) for types print does not know. */
static bool put_value(lower_ctx *c, pbuf *p, ir_value *v, wp_loc loc) {
  const ir_type *t = v->type;
  if (t->kind == IR_T_SCALAR) {
    put_scalar(c, p, v, false, loc);
    return true;
  }
  if (t->kind == IR_T_VEC && t->flavor != IR_VEC_PLAIN) {
    /* quaternions "x y z w", transforms "(px py pz) (qx qy qz qw)" */
    bool xf = ir_type_is_transform(t);
    for (int k = 0; k < t->rows; k++) {
      put(p, xf && k == 0 ? "(" : xf && k == 3 ? ") (" : k ? " " : "");
      put_scalar(c, p, comp(c, v, t->elem, k, loc), true, loc);
    }
    if (xf)
      put(p, ")");
    return true;
  }
  if (t->kind == IR_T_VEC) {
    for (int k = 0; k < t->rows; k++) {
      put_scalar(c, p, comp(c, v, t->elem, k, loc), true, loc);
      put(p, " ");
    }
    return true;
  }
  if (t->kind == IR_T_MAT) {
    const ir_type *rt = ir_t_vec(c->T, t->scalar, t->cols);
    for (int r = 0; r < t->rows; r++) {
      ir_value *row = comp(c, v, rt, r, loc);
      for (int k = 0; k < t->cols; k++) {
        put_scalar(c, p, comp(c, row, t->elem, k, loc), true, loc);
        put(p, " ");
      }
      if (r + 1 < t->rows)
        put(p, "\n");
    }
    return true;
  }
  if (t->kind == IR_T_TILE) { /* lower_tile_print.c */
    const char *storage;
    if (!lower_tile_print_storage(c, v, &storage, loc))
      return false;
    piece(p, IR_PIECE_TILE, storage);
    arg(p, v);
    return true;
  }
  wp_error(c->diag, loc, "values of type '%s' cannot be printed", t->name);
  return false;
}

static ir_value *emit_print(lower_ctx *c, pbuf *p, int kind, ir_value *cond,
                            wp_loc loc) {
  int na = p->args.count;
  ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, na + 1);
  int n = 0;
  if (kind != IR_PRINT_ALWAYS)
    args[n++] = cond;
  for (int i = 0; i < na; i++)
    args[n++] = p->args.items[i];
  for (int i = 0; i < p->npieces; i++)
    p->pieces[i].arg += n - na; /* past the condition */
  ir_print_pieces *pr = WP_NEW(c->A, ir_print_pieces);
  pr->pieces = p->pieces;
  pr->npieces = p->npieces;
  ir_value *v = lower_emit(c, IR_PRINT, ir_t_void(c->T), args, n, loc);
  v->aux = kind;
  v->print = pr;
  return v;
}

/* "file.py:LINE: " */
static void put_position(pbuf *p, wp_loc loc) {
  char buf[64];
  put(p, loc.src ? loc.src->path : "?");
  snprintf(buf, sizeof buf, ":%u: ", loc.line);
  put(p, buf);
}

ir_value *lower_print(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords || e->nitems != 1) {
    wp_error(c->diag, e->loc,
             "print() in Warp kernels takes one value (use wp.printf() for "
             "several)");
    return NULL;
  }
  pbuf p = {.A = c->A};
  const ast_expr *a = e->items[0];
  if (a->kind == AST_EXPR_STRING)
    put(&p, a->string);
  else {
    ir_value *v = lower_expr(c, a);
    if (!v || !put_value(c, &p, v, a->loc))
      return NULL;
  }
  put(&p, "\n");
  return emit_print(c, &p, IR_PRINT_ALWAYS, NULL, e->loc);
}

ir_value *lower_printf(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords || e->nitems < 1 || e->items[0]->kind != AST_EXPR_STRING) {
    wp_error(c->diag, e->loc,
             "wp.printf() takes a format string literal and scalar values");
    return NULL;
  }
  if (e->nitems - 1 > PRINTF_MAX_VALUES) {
    wp_error(c->diag, e->items[PRINTF_MAX_VALUES + 1]->loc,
             "wp.printf() takes at most %d values after its format, as in "
             "Warp; got %d",
             PRINTF_MAX_VALUES, e->nitems - 1);
    return NULL;
  }
  pbuf p = {.A = c->A};
  piece(&p, IR_PIECE_PRINTF, e->items[0]->string);
  for (int i = 1; i < e->nitems; i++) {
    ir_value *v = lower_expr(c, e->items[i]);
    if (!v)
      return NULL;
    const ir_type *t = v->type;
    if (t->kind != IR_T_SCALAR) {
      wp_error(c->diag, e->items[i]->loc,
               "wp.printf() prints scalars, not '%s' (use print())", t->name);
      return NULL;
    }
    /* C's default argument promotions, as Warp's generated C++ gets */
    if (ir_type_is_float(t))
      v = lower_cast(c, v, ir_t_scalar(c->T, WP_SCALAR_FLOAT64), e->loc);
    else if (ir_type_size(t) < 4)
      v = lower_cast(c, v, ir_t_int32(c->T), e->loc);
    arg(&p, v);
  }
  return emit_print(c, &p, IR_PRINT_ALWAYS, NULL, e->loc);
}

void lower_assert(lower_ctx *c, const ast_stmt *s) {
  if (!c->opts->debug)
    return; /* removed, as Warp does outside debug mode */
  ir_value *cond = lower_cond(c, s->cond);
  if (!cond)
    return;
  pbuf p = {.A = c->A};
  put_position(&p, s->loc);
  put(&p, "assertion failed");
  if (s->value && s->value->kind == AST_EXPR_STRING) {
    put(&p, ": ");
    put(&p, s->value->string);
  }
  put(&p, "\n");
  emit_print(c, &p, IR_PRINT_ASSERT, cond, s->loc);
}

static ir_value *builtin2(lower_ctx *c, ir_builtin_id id, ir_value *a,
                          ir_value *b, wp_loc loc) {
  ir_value *args[2] = {a, b};
  return lower_builtin(c, ir_builtin_get(id), args, b ? 2 : 1, loc);
}

/* Components of a scalar, vector or matrix, row-major. */
static int comps(lower_ctx *c, ir_value *v, ir_value **out, wp_loc loc) {
  const ir_type *t = v->type;
  if (t->kind == IR_T_SCALAR) {
    out[0] = v;
    return 1;
  }
  if (t->kind == IR_T_VEC) {
    for (int k = 0; k < t->rows; k++)
      out[k] = comp(c, v, t->elem, k, loc);
    return t->rows;
  }
  const ir_type *rt = ir_t_vec(c->T, t->scalar, t->cols);
  for (int r = 0; r < t->rows; r++) {
    ir_value *row = comp(c, v, rt, r, loc);
    for (int k = 0; k < t->cols; k++)
      out[r * t->cols + k] = comp(c, row, t->elem, k, loc);
  }
  return t->rows * t->cols;
}

/* wp.expect_eq(actual, expected), wp.expect_neq(...), wp.expect_near(actual,
 * expected, tol): a failure prints Warp's message, prefixed with the .py
 * position, and the kernel goes on. */
ir_value *lower_expect(lower_ctx *c, const ast_expr *e, const char *name) {
  bool near = strcmp(name, "expect_near") == 0;
  int want = near ? 3 : 2;
  /* expect_near's tolerance: third argument, keyword or default */
  const ast_expr *tol_e = near && e->nitems == 3 ? e->items[2] : NULL;
  if (near && e->nitems == 2 && e->nkeywords == 1 &&
      !strcmp(e->keywords[0].name, "tolerance"))
    tol_e = e->keywords[0].value;
  if ((e->nkeywords && !tol_e) || e->nkeywords > 1 ||
      (e->nitems != want && !(near && e->nitems == 2))) {
    wp_error(c->diag, e->loc, "wp.%s() takes %s arguments", name,
             near ? "2 or 3" : "2");
    return NULL;
  }
  ir_value *a = lower_expr(c, e->items[0]);
  ir_value *b = a ? lower_expr(c, e->items[1]) : NULL;
  ir_value *tol = b && tol_e ? lower_expr(c, tol_e) : NULL;
  if (!b || (tol_e && !tol))
    return NULL;
  const ir_type *t = a->type;
  if (near && !tol) /* Warp's default tolerance, of the component type */
    tol = lower_const_float(c, t->kind == IR_T_SCALAR || !t->elem ? t : t->elem,
                            1.0e-6);
  bool ok_type =
      t->kind == IR_T_SCALAR || t->kind == IR_T_VEC || t->kind == IR_T_MAT;
  if (!ok_type || b->type != t ||
      (near && (!ir_type_is_float(t->kind == IR_T_SCALAR ? t : t->elem) ||
                tol->type != (t->kind == IR_T_SCALAR ? t : t->elem)))) {
    wp_error(c->diag, e->loc,
             "no overload of '%s' for argument types (%s, %s%s%s)", name,
             t->name, b->type->name, near ? ", " : "",
             near ? tol->type->name : "");
    return NULL;
  }
  int nc = t->kind == IR_T_SCALAR ? 1 : t->rows * t->cols;
  ir_value **ca = WP_NEW_ARRAY(c->A, ir_value *, nc);
  ir_value **cb = WP_NEW_ARRAY(c->A, ir_value *, nc);
  int n = comps(c, a, ca, e->loc);
  comps(c, b, cb, e->loc);
  ir_value *ok = NULL, *diff = NULL;
  for (int k = 0; k < n; k++) {
    if (near) {
      ir_value *d =
          builtin2(c, IR_B_ABS, builtin2(c, IR_B_SUB, ca[k], cb[k], e->loc),
                   NULL, e->loc);
      diff = diff ? builtin2(c, IR_B_MAX, diff, d, e->loc) : d;
    } else {
      ir_value *q = builtin2(c, IR_B_EQ, ca[k], cb[k], e->loc);
      ok = ok ? builtin2(c, IR_B_AND, ok, q, e->loc) : q;
    }
  }
  if (!near && strcmp(name, "expect_neq") == 0)
    ok = builtin2(c, IR_B_NOT, ok, NULL, e->loc);
  if (near)
    ok = builtin2(c, IR_B_NOT, builtin2(c, IR_B_GT, diff, tol, e->loc), NULL,
                  e->loc);
  if (!ok)
    return NULL;
  pbuf p = {.A = c->A};
  put_position(&p, e->loc);
  put(&p, "Error, ");
  put(&p, name);
  put(&p, "() failed");
  if (near) {
    put(&p, " with tolerance ");
    put_scalar(c, &p, tol, false, e->loc);
  } else
    put(&p, ":");
  /* Warp indents expect_eq's lines with a tab and a space, expect_near's
     with four spaces */
  const char *ind = near ? "\n    " : "\n\t ";
  put(&p, ind);
  put(&p, "Expected: ");
  put_value(c, &p, b, e->loc);
  put(&p, ind);
  put(&p, "Actual: ");
  put_value(c, &p, a, e->loc);
  if (near) {
    put(&p, ind);
    put(&p, t->kind == IR_T_SCALAR ? "Absolute difference: "
                                   : "Max absolute difference: ");
    put_scalar(c, &p, diff, false, e->loc);
  }
  put(&p, "\n");
  return emit_print(c, &p, IR_PRINT_EXPECT, ok, e->loc);
}
