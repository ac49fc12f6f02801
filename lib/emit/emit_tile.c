/* emit_tile.c - the C of the tile builtins (lib/lower/lower_tile.h says
 * what each instruction holds).
 *
 * A tile is a C struct holding its elements row-major (`v[]`, emitted by
 * types_c.c); each tile builtin prints as a block of loops over them.
 *
 * CPU: Warp's CPU backend runs a block as one thread (block_dim 1), so the
 * thread does the whole tile operation.
 *
 * CUDA (a correct but simple form): every thread of the block holds the
 * whole tile and computes every tile operation itself, redundantly and
 * identically (tile values depend only on memory and on values uniform in
 * the block); operations with effects (tile_store, tile_atomic_add) are done
 * by thread 0 of the block (WP_TILE_LEADER) and followed by a barrier
 * (WP_TILE_SYNC), and tile_atomic_add shares the old values it read
 * through a __shared__ copy.  This needs a tiled launch (the trailing launch
 * dimension equal to the CUDA block, as MODULE_k_tiled makes it) and tile
 * builtins reached by every thread of a block, as Warp requires. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"

#include "emit_internal.h"

bool emit_tile_handles(const ir_value *v) {
  return v->op == IR_BUILTIN && v->builtin->id >= IR_B_TILE_ZEROS &&
         v->builtin->id <= IR_B_TILE_MATMUL;
}

/* Whether f or a function it calls uses tiles; memoized in f (the call
 * graph has no cycles: Warp functions do not recurse), so each function is
 * scanned once. */
bool emit_uses_tiles(const ir_func *f) {
  ir_func *memo = (ir_func *)f; /* the memo is scratch, not f's meaning */
  if (f->uses_tiles)
    return f->uses_tiles == 2;
  bool any = false;
  for (const ir_block *b = f->entry; b && !any; b = b->next)
    for (const ir_value *v = b->first; v && !any; v = v->next)
      any = emit_tile_handles(v) || v->type->kind == IR_T_TILE ||
            (v->op == IR_CALL && v->callee && emit_uses_tiles(v->callee));
  memo->uses_tiles = any ? 2 : 1;
  return any;
}

/* CUDA only: WP_TLOOP (prelude 8tile.h) for the tile loops of f's body:
 * no unrolling where f has a tile of more than WP_TILE_UNROLL_MAX_ELEMS
 * elements, the compiler's choice otherwise. */
void emit_tile_loop_policy(emit_ctx *e, const ir_func *f) {
  int most = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->type->kind == IR_T_TILE && ir_tile_count(v->type) > most)
        most = ir_tile_count(v->type);
  for (int i = 0; i < f->nparams; i++)
    if (f->param_types[i]->kind == IR_T_TILE &&
        ir_tile_count(f->param_types[i]) > most)
      most = ir_tile_count(f->param_types[i]);
  if (!most)
    return;
  fprintf(e->out, "#undef WP_TLOOP\n#define WP_TLOOP%s\n",
          most > WP_TILE_UNROLL_MAX_ELEMS ? " _Pragma(\"unroll 1\")" : "");
}

static void zero_of(emit_ctx *e, const ir_type *t) {
  if (t->kind == IR_T_SCALAR)
    fprintf(e->out, "(%s)0", emit_ctype(e, t));
  else
    fprintf(e->out, "WP_LIT(%s){0}", emit_ctype(e, t));
}

/* Builtin b on element types et[] of the operands printed by `arg(k)`: a C
 * operator or wp_<name>_<types>(...) as lib/emit/emit_value.c prints a
 * builtin call. */
typedef struct elem_args {
  const char *text[8];
} elem_args;

static void elem_call(emit_ctx *e, const ir_builtin *b, const ir_type **et,
                      int n, const elem_args *a) {
  FILE *out = e->out;
  if (n == 2 && et[0]->kind == IR_T_STRUCT) { /* emit_tile_struct.c */
    fprintf(out, "wp_tile_%s_%s(%s, %s)", b->id == IR_B_SUB ? "sub" : "add",
            emit_ctype(e, et[0]), a->text[0], a->text[1]);
    return;
  }
  const char *h2f = n ? emit_tile_half_to_float(et[0]) : NULL;
  for (int i = 1; i < n; i++)
    if (et[i] != et[0])
      h2f = NULL;
  if (h2f) { /* float16/bfloat16: in float32, rounded back, as Warp */
    const ir_type *f = ir_t_float32(e->m->types), *ft[8];
    elem_args fa;
    for (int i = 0; i < n && i < 8; i++) {
      ft[i] = f;
      fa.text[i] = wp_arena_printf(e->m->arena, "%s(%s)", h2f, a->text[i]);
    }
    fprintf(out, "%s(",
            et[0]->scalar == WP_SCALAR_FLOAT16 ? "wp_f2h" : "wp_f2bf");
    elem_call(e, b, ft, n, &fa);
    fputc(')', out);
    return;
  }
  const char *op = emit_builtin_op(b, et, n);
  if (op && n == 1) {
    fprintf(out, "(%s%s)", op, a->text[0]);
    return;
  }
  if (op) {
    fprintf(out, "(%s %s %s)", a->text[0], op, a->text[1]);
    return;
  }
  bool scalars = true;
  for (int i = 0; i < n; i++)
    scalars = scalars && et[i]->kind == IR_T_SCALAR;
  fprintf(out, "wp_%s", b->name);
  for (int i = 0; i < (scalars && n ? 1 : n); i++)
    fprintf(out, "_%s", et[i]->name);
  fputc('(', out);
  for (int i = 0; i < n; i++)
    fprintf(out, "%s%s", i ? ", " : "", a->text[i]);
  fputc(')', out);
}

/* The text of operand value a at element ix, in the arena. */
static const char *operand_text(emit_ctx *e, const ir_value *a,
                                const char *ix) {
  if (a->type->kind == IR_T_TILE)
    return wp_arena_printf(e->m->arena, "v%d.v[%s]", a->id, ix);
  return wp_arena_printf(e->m->arena, "v%d", a->id);
}

static void map(emit_ctx *e, const ir_value *v) {
  const ir_type *et[8];
  elem_args a;
  for (int i = 0; i < v->nargs && i < 8; i++) {
    const ir_type *t = v->args[i]->type;
    et[i] = t->kind == IR_T_TILE ? t->elem : t;
    a.text[i] = operand_text(e, v->args[i], "wp_i");
  }
  fprintf(e->out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = ",
          ir_tile_count(v->type), v->id);
  if (v->callee) { /* a @wp.func */
    fprintf(e->out, "%s(", v->callee->cname);
    for (int i = 0; i < v->nargs; i++)
      fprintf(e->out, "%s%s", i ? ", " : "", a.text[i]);
    fputs(");", e->out);
    return;
  }
  elem_call(e, ir_builtin_get((ir_builtin_id)v->aux), et, v->nargs, &a);
  fputs(";", e->out);
}

/* acc = b(acc, x) for builtin b on elements of type t. */
static void fold_step(emit_ctx *e, ir_builtin_id id, const ir_type *t,
                      const char *acc, const char *x) {
  const ir_type *et[2] = {t, t};
  elem_args a = {{acc, x}};
  fprintf(e->out, "%s = ", acc);
  elem_call(e, ir_builtin_get(id), et, 2, &a);
  fputs("; ", e->out);
}

/* The element loop of a reduction of tile value t into result element
 * `dst`: over all elements, a row or a column. */
static void reduction(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *t = v->args[0];
  const ir_type *tt = t->type, *el = tt->elem;
  ir_builtin_id id = v->builtin->id;
  int axis = v->aux;
  /* the tile as outer x mid x inner, mid the extent reduced (all of it
     without an axis); result element wp_o = o * inner + i */
  int outer = 1, mid = ir_tile_count(tt), inner = 1;
  if (axis >= 0) {
    mid = tt->tdims[axis];
    for (int k = 0; k < axis; k++)
      outer *= tt->tdims[k];
    for (int k = axis + 1; k < tt->ndim; k++)
      inner *= tt->tdims[k];
  }
  int nout = outer * inner, nin = mid;
  const char *ix =
      wp_arena_printf(e->m->arena, "(wp_o / %d * %d + wp_k) * %d + wp_o %% %d",
                      inner, mid, inner, inner);
  const char *first =
      wp_arena_printf(e->m->arena, "(wp_o / %d * %d) * %d + wp_o %% %d", inner,
                      mid, inner, inner);
  const char *x = wp_arena_printf(e->m->arena, "v%d.v[%s]", t->id, ix);
  fprintf(out, "WP_TLOOP for (int wp_o = 0; wp_o < %d; wp_o++) { ", nout);
  const char *h2f = emit_tile_half_to_float(el);
  if (id == IR_B_TILE_SUM) { /* structs: from the first element, as Warp
                               (its members that do not add are kept);
                               float16/bfloat16 too (bit for bit: -0);
                               aux2 1: from zero (tile_dot) */
    bool st = el->kind == IR_T_STRUCT || (h2f && !v->aux2);
    fprintf(out, "%s wp_acc = ", emit_ctype(e, el));
    if (st)
      fprintf(out, "v%d.v[%s]", t->id, first);
    else
      zero_of(e, el);
    fprintf(out, "; WP_TLOOP for (int wp_k = %d; wp_k < %d; wp_k++) { ", st,
            nin);
    fold_step(e, IR_B_ADD, el, "wp_acc", x);
    fprintf(out, "} v%d.v[wp_o] = wp_acc; }", v->id);
    return;
  }
  /* the others start from the first element */
  fprintf(out, "%s wp_acc = v%d.v[%s]; int wp_arg = 0; ", emit_ctype(e, el),
          t->id, first);
  fprintf(out, "WP_TLOOP for (int wp_k = 1; wp_k < %d; wp_k++) { ", nin);
  /* float16/bfloat16: compared in float (Warp's half operators), and
     tile_min / tile_max Warp's fold of min / max */
  const char *xf = h2f ? wp_arena_printf(e->m->arena, "%s(%s)", h2f, x) : x;
  const char *af =
      h2f ? wp_arena_printf(e->m->arena, "%s(wp_acc)", h2f) : "wp_acc";
  switch (id) {
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX:
    if (h2f) {
      fold_step(e, id == IR_B_TILE_MIN ? IR_B_MIN : IR_B_MAX, el, "wp_acc", x);
      break;
    }
    /* fall through */
  case IR_B_TILE_ARGMIN:
  case IR_B_TILE_ARGMAX:
    fprintf(out, "if (%s %c %s) { wp_acc = %s; wp_arg = wp_k; } ", xf,
            id == IR_B_TILE_MIN || id == IR_B_TILE_ARGMIN ? '<' : '>', af, x);
    break;
  default:
    if (v->callee) /* a @wp.func */
      fprintf(out, "wp_acc = %s(wp_acc, %s); ", v->callee->cname, x);
    else
      fold_step(e, (ir_builtin_id)v->aux2, el, "wp_acc", x);
    break;
  }
  if (id == IR_B_TILE_ARGMIN || id == IR_B_TILE_ARGMAX)
    fprintf(out, "} v%d.v[wp_o] = wp_arg; (void)wp_acc; }", v->id);
  else
    fprintf(out, "} v%d.v[wp_o] = wp_acc; (void)wp_arg; }", v->id);
}

/* The loops over the elements (wp_i0, wp_i1, ...) of tile type t with
 * array coordinates wp_x0, wp_x1, ... (offsets args[first..]), wp_in set
 * when they are inside array a (or the bounds are not checked) and wp_e
 * the element's index in the tile; the body follows (and closes a brace). */
static void array_loops(emit_ctx *e, const ir_value *v, const ir_type *t,
                        const ir_value *a, int first) {
  FILE *out = e->out;
  int n = t->ndim;
  for (int k = 0; k < n; k++)
    fprintf(out, "WP_TLOOP for (int wp_i%d = 0; wp_i%d < %d; wp_i%d++) ", k, k,
            t->tdims[k], k);
  fputs("{ ", out);
  for (int k = 0; k < n; k++)
    if (v->ival == k + 1) /* gathered through the indices (the last arg) */
      fprintf(out, "wp_int64 wp_x%d = (wp_int64)v%d + v%d.v[wp_i%d]; ", k,
              v->args[first + k]->id, v->args[v->nargs - 1]->id, k);
    else
      fprintf(out, "wp_int64 wp_x%d = (wp_int64)v%d + wp_i%d; ", k,
              v->args[first + k]->id, k);
  fputs("int wp_in = 1", out);
  if (v->aux) /* bounds_check: Warp tests the upper extents; warpc also
                 skips negative coordinates */
    for (int k = 0; k < n; k++)
      fprintf(out, " && wp_x%d >= 0 && wp_x%d < v%d.shape[%d]", k, k, a->id, k);
  fputs("; int wp_e = ", out);
  for (int k = 1; k < n; k++)
    fputc('(', out);
  fputs("wp_i0", out);
  for (int k = 1; k < n; k++)
    fprintf(out, " * %d + wp_i%d)", t->tdims[k], k);
  fputs("; ", out);
}

/* WP_ATn / WP_GATn (macro) of array a at wp_x0, wp_x1, ... */
static void element_at(emit_ctx *e, const ir_value *a, const char *macro) {
  fprintf(e->out, "%s%d(%s, v%d", macro, a->type->ndim,
          emit_ctype(e, a->type->elem), a->id);
  for (int k = 0; k < a->type->ndim; k++)
    fprintf(e->out, ", wp_x%d", k);
  fputc(')', e->out);
}

static void at(emit_ctx *e, const ir_value *a) {
  element_at(e, a, "WP_AT");
}

static void gat(emit_ctx *e, const ir_value *a) {
  element_at(e, a, "WP_GAT");
}

static void load(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *a = v->args[0];
  array_loops(e, v, v->type, a, 1);
  fprintf(out, "v%d.v[wp_e] = wp_in ? *", v->id);
  at(e, a);
  fputs(" : ", out);
  zero_of(e, v->type->elem);
  fputs("; }", out);
}

static void store(emit_ctx *e, const ir_value *v, bool atomic) {
  FILE *out = e->out;
  const ir_value *a = v->args[0], *t = v->args[1];
  const ir_type *el = t->type->elem;
  if (atomic) /* the old values, for every thread of the block */
    fprintf(out,
            "\n#ifdef __CUDACC__\n  %s *wp_old = (%s *)wp_tile_scratch;\n"
            "#else\n  %s wp_old[%d];\n#endif\n  ",
            emit_ctype(e, el), emit_ctype(e, el), emit_ctype(e, el),
            ir_tile_count(t->type));
  fputs("if (WP_TILE_LEADER()) { ", out);
  array_loops(e, v, t->type, a, 2);
  if (atomic) {
    fprintf(out, "wp_old[wp_e] = ");
    zero_of(e, el);
    if (el->kind == IR_T_STRUCT) /* member-wise: emit_tile_struct.c */
      fprintf(out, "; if (wp_in) wp_old[wp_e] = wp_tile_atomic_add_%s(",
              emit_ctype(e, el));
    else
      fprintf(out, "; if (wp_in) wp_old[wp_e] = wp_atomic_add_%s%s(",
              el->kind == IR_T_SCALAR ? "" : "v_", el->name);
    at(e, a);
    fprintf(out, ", v%d.v[wp_e]); }", t->id);
  } else {
    fputs("if (wp_in) *", out);
    at(e, a);
    fprintf(out, " = v%d.v[wp_e]; }", t->id);
  }
  fputs(" } WP_TILE_SYNC();", out);
  if (atomic)
    fprintf(out,
            " WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = "
            "wp_old[wp_i]; WP_TILE_SYNC();",
            ir_tile_count(t->type), v->id);
}

/* alpha a b (+ beta out, not read when beta is 0, as Warp's), row by row in i,
 * k, j order (the inner loop runs along rows of b and of the result:
 * contiguous); each element's sum over k is in order of k. */
/* The same into a float16 result, as Warp's half arithmetic: every
 * product and every partial sum rounded to float16 (in float32, rounded
 * back), then alpha sum + beta out, each operation rounded. */
static void matmul_half(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *a = v->args[0], *b = v->args[1];
  int M = a->type->rows, K = a->type->cols, N = b->type->cols;
  fprintf(out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { float wp_row[%d]; "
          "WP_TLOOP for (int "
          "wp_j = 0; wp_j < %d; wp_j++) wp_row[wp_j] = 0; WP_TLOOP for (int "
          "wp_k = 0; "
          "wp_k < %d; wp_k++) { float wp_a = wp_h2f(v%d.v[wp_i * %d + wp_k]); "
          "WP_TLOOP for (int wp_j = 0; wp_j < %d; wp_j++) wp_row[wp_j] = "
          "wp_h2f(wp_f2h(wp_row[wp_j] + wp_h2f(wp_f2h(wp_a * "
          "wp_h2f(v%d.v[wp_k * %d + wp_j]))))); } WP_TLOOP for (int wp_j = 0; "
          "wp_j < "
          "%d; wp_j++) { float wp_s = wp_h2f(wp_f2h(wp_h2f(v%d) * "
          "wp_row[wp_j]));",
          M, N, N, K, a->id, K, N, b->id, N, N, v->args[v->aux ? 3 : 2]->id);
  if (v->aux) /* beta == 0: out is not read */
    fprintf(out,
            " if (wp_h2f(v%d) != 0) wp_s = wp_h2f(wp_f2h(wp_s + "
            "wp_h2f(wp_f2h(wp_h2f(v%d) * wp_h2f(v%d.v[wp_i * %d + "
            "wp_j])))));",
            v->args[4]->id, v->args[4]->id, v->args[2]->id, N);
  fprintf(out, " v%d.v[wp_i * %d + wp_j] = wp_f2h(wp_s); } }", v->id, N);
}

static void matmul(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *a = v->args[0], *b = v->args[1];
  int M = a->type->rows, K = a->type->cols, N = b->type->cols;
  if (v->type->elem->scalar == WP_SCALAR_FLOAT16) {
    matmul_half(e, v);
    return;
  }
  const char *T = emit_ctype(e, v->type->elem);
  fprintf(out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { %s wp_row[%d]; "
          "WP_TLOOP for (int "
          "wp_j = 0; wp_j < %d; wp_j++) wp_row[wp_j] = 0; WP_TLOOP for (int "
          "wp_k = 0; "
          "wp_k < %d; wp_k++) { %s wp_a = v%d.v[wp_i * %d + wp_k]; WP_TLOOP "
          "WP_TLOOP for (int "
          "wp_j = 0; wp_j < %d; wp_j++) wp_row[wp_j] += wp_a * v%d.v[wp_k * "
          "%d + wp_j]; } WP_TLOOP for (int wp_j = 0; wp_j < %d; wp_j++) "
          "v%d.v[wp_i * "
          "%d + wp_j] = v%d * wp_row[wp_j]",
          M, T, N, N, K, T, a->id, K, N, b->id, N, N, v->id, N,
          v->args[v->aux ? 3 : 2]->id);
  if (v->aux) /* beta == 0: out is not read (inf or NaN there stay out) */
    fprintf(out, " + (v%d != 0 ? v%d * v%d.v[wp_i * %d + wp_j] : 0)",
            v->args[4]->id, v->args[4]->id, v->args[2]->id, N);
  fputs("; }", out);
}

/* A broadcast to or from more than 2 dimensions: output element wp_o's
 * coordinates (row-major), the source's extents aligned right against
 * them, an extent 1 read at 0.  Its adjoint (_tile_unbroadcast, `adj`):
 * the source element wp_s sums the elements wp_o of g in order, from 0,
 * or from args[1]'s element (tile_axpy onto a broadcast); aux 1: takes the
 * last one's value (an in-place operator onto a broadcast). */
static void broadcast_nd(emit_ctx *e, const ir_value *v, bool adj) {
  FILE *out = e->out;
  const ir_type *s = adj ? v->type : v->args[0]->type;
  const ir_type *d = adj ? v->args[0]->type : v->type;
  if (adj && v->nargs > 1) /* from the source's values (tile_axpy) */
    fprintf(out, "v%d = v%d; ", v->id, v->args[1]->id);
  else if (adj)
    fprintf(out, "v%d = WP_LIT(%s){0}; ", v->id, emit_ctype(e, v->type));
  fprintf(out,
          "WP_TLOOP for (int wp_o = 0; wp_o < %d; wp_o++) { int wp_r = wp_o, "
          "wp_s = 0; "
          "(void)wp_r; ",
          ir_tile_count(d));
  int stride = 1;
  for (int k = d->ndim - 1; k >= 0; k--) {
    int j = k - (d->ndim - s->ndim); /* the source axis, if any */
    if (j >= 0 && s->tdims[j] != 1)
      fprintf(out, "wp_s += wp_r %% %d * %d; ", d->tdims[k], stride);
    if (j >= 0)
      stride *= s->tdims[j];
    fprintf(out, "wp_r /= %d; ", d->tdims[k]);
  }
  if (adj) /* aux 1: the last position's value (in-place operators) */
    fprintf(out, "v%d.v[wp_s] %s= v%d.v[wp_o]; }", v->id, v->aux ? "" : "+",
            v->args[0]->id);
  else
    fprintf(out, "v%d.v[wp_o] = v%d.v[wp_s]; }", v->id, v->args[0]->id);
}

static void broadcast(emit_ctx *e, const ir_value *v) {
  const ir_type *s = v->args[0]->type, *d = v->type;
  if (s->ndim > 2 || d->ndim > 2) {
    broadcast_nd(e, v, false);
    return;
  }
  /* source extents aligned right against the result's */
  int sr = s->ndim == 2 ? s->rows : 1, sc = s->ndim == 2 ? s->cols : s->rows;
  if (d->ndim == 1) /* a 1-d source into a 1-d result */
    sr = 1, sc = s->rows;
  fprintf(e->out,
          "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) WP_TLOOP for (int "
          "wp_j = 0; wp_j < "
          "%d; wp_j++) v%d.v[wp_i * %d + wp_j] = v%d.v[%s * %d + %s];",
          d->rows, d->cols, v->id, d->cols, v->args[0]->id,
          sr == 1 ? "0" : "wp_i", sc, sc == 1 ? "0" : "wp_j");
}

/* The adjoints of tile_store (a.grad at the offsets, cleared unless the
 * array retains its grad) and tile_load (a.grad += the tile at the
 * offsets); nothing without a grad. */
static void grad_load(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *a = v->args[0];
  fprintf(out, "v%d = WP_LIT(%s){0}; if (v%d.grad) { ", v->id,
          emit_ctype(e, v->type), a->id);
  array_loops(e, v, v->type, a, 1);
  fprintf(out, "if (wp_in) v%d.v[wp_e] = *", v->id);
  gat(e, a);
  fputs("; } } WP_TILE_SYNC();", out);
  if (v->aux2) {
    fprintf(out,
            " if (v%d.grad && !(v%d.flags & WP_ARRAY_RETAIN_GRAD) && "
            "WP_TILE_LEADER()) { ",
            a->id, a->id);
    array_loops(e, v, v->type, a, 1);
    fputs("if (wp_in) *", out);
    gat(e, a);
    fputs(" = ", out);
    zero_of(e, v->type->elem);
    fputs("; } } WP_TILE_SYNC();", out);
  }
}

static void grad_accum(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_value *a = v->args[0], *t = v->args[1];
  const ir_type *el = t->type->elem;
  fprintf(out, "if (v%d.grad && WP_TILE_LEADER()) { ", a->id);
  array_loops(e, v, t->type, a, 2);
  if (el->kind == IR_T_STRUCT) /* member-wise: emit_tile_struct.c */
    fprintf(out, "if (wp_in) wp_tile_atomic_add_%s(", emit_ctype(e, el));
  else
    fprintf(out, "if (wp_in) wp_atomic_add_%s%s(",
            el->kind == IR_T_SCALAR ? "" : "v_", el->name);
  gat(e, a);
  fprintf(out, ", v%d.v[wp_e]); } } WP_TILE_SYNC();", t->id);
}

/* I_TILE_ADJ_MAP: per element, wp_adj_<builtin>_<types>(the arguments,
 * the result, its adjoint, &the arguments' adjoints), or callee (a
 * @wp.func's vector-Jacobian product)(the arguments, the result's adjoint);
 * argument aux2's adjoint kept (a tile), or summed (a value beside the
 * tiles). */
static void adj_map(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  const ir_builtin *b = ir_builtin_get(v->callee ? IR_B_ADD : v->aux);
  int n = v->nargs - 2, k = v->aux2;
  const ir_value *r = v->args[n];
  const ir_type *et[8];
  bool scalars = true;
  for (int i = 0; i < n; i++) {
    const ir_type *t = v->args[i]->type;
    et[i] = t->kind == IR_T_TILE ? t->elem : t;
    scalars = scalars && et[i]->kind == IR_T_SCALAR;
  }
  bool tile = v->type->kind == IR_T_TILE;
  if (!tile) {
    fprintf(out, "v%d = ", v->id);
    zero_of(e, v->type);
    fputs("; ", out);
  }
  fprintf(out, "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) { ",
          ir_tile_count(r->type));
  if (v->callee) { /* a @wp.func's vector-Jacobian product: the tuple of
                      the arguments' adjoints */
    fprintf(out, "%s wp_r = %s(", emit_ctype(e, v->callee->ret),
            v->callee->cname);
    for (int i = 0; i < n; i++)
      fprintf(out, "%s, ", operand_text(e, v->args[i], "wp_i"));
    fprintf(out, "v%d.v[wp_i]); ", v->args[n + 1]->id);
    if (tile)
      fprintf(out, "v%d.v[wp_i] = wp_r.m%d; ", v->id, k);
    else {
      char acc[32], d[16];
      snprintf(acc, sizeof acc, "v%d", v->id);
      snprintf(d, sizeof d, "wp_r.m%d", k);
      fold_step(e, IR_B_ADD, v->type, acc, d);
    }
    fputs("}", out);
    return;
  }
  for (int i = 0; i < n; i++) {
    fprintf(out, "%s wp_d%d = ", emit_ctype(e, et[i]), i);
    zero_of(e, et[i]);
    fputs("; ", out);
  }
  fprintf(out, "wp_adj_%s", b->name);
  for (int i = 0; i < (scalars && n ? 1 : n); i++)
    fprintf(out, "_%s", et[i]->name);
  fputc('(', out);
  for (int i = 0; i < n; i++)
    fprintf(out, "%s, ", operand_text(e, v->args[i], "wp_i"));
  fprintf(out, "v%d.v[wp_i], v%d.v[wp_i]", r->id, v->args[n + 1]->id);
  for (int i = 0; i < n; i++)
    fprintf(out, ", &wp_d%d", i);
  fputs("); ", out);
  if (tile)
    fprintf(out, "v%d.v[wp_i] = wp_d%d; ", v->id, k);
  else {
    char acc[32], d[16];
    snprintf(acc, sizeof acc, "v%d", v->id);
    snprintf(d, sizeof d, "wp_d%d", k);
    fold_step(e, IR_B_ADD, v->type, acc, d);
  }
  for (int i = 0; i < n; i++)
    fprintf(out, "(void)wp_d%d; ", i);
  fputs("}", out);
}

void emit_tile(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  int n = v->type->kind == IR_T_TILE ? ir_tile_count(v->type) : 0;
  fputs("{ ", out);
  switch (v->builtin->id) {
  case IR_B_TILE_FULL:
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = v%d;",
            n, v->id, v->args[0]->id);
    break;
  case IR_B_TILE_ARANGE:
    fprintf(
        out,
        "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) v%d.v[wp_i] = v%d + "
        "(%s)wp_i * v%d;",
        n, v->id, v->args[0]->id, emit_ctype(e, v->type->elem), v->args[1]->id);
    break;
  case IR_B_TILE_LOAD: load(e, v); break;
  case IR_B_TILE_STORE: store(e, v, false); break;
  case IR_B_TILE_ATOMIC_ADD: store(e, v, true); break;
  case IR_B_TILE_MAP: map(e, v); break;
  case IR_B_TILE_SUM:
  case IR_B_TILE_MIN:
  case IR_B_TILE_MAX:
  case IR_B_TILE_ARGMIN:
  case IR_B_TILE_ARGMAX:
  case IR_B_TILE_REDUCE: reduction(e, v); break;
  case IR_B_TILE_TRANSPOSE:
    fprintf(out,
            "WP_TLOOP for (int wp_i = 0; wp_i < %d; wp_i++) WP_TLOOP for (int "
            "wp_j = 0; wp_j < "
            "%d; wp_j++) v%d.v[wp_j * %d + wp_i] = v%d.v[wp_i * %d + wp_j];",
            v->args[0]->type->rows, v->args[0]->type->cols, v->id,
            v->type->cols, v->args[0]->id, v->args[0]->type->cols);
    break;
  case IR_B_TILE_BROADCAST: broadcast(e, v); break;
  case IR_B_I_TILE_UNBROADCAST: broadcast_nd(e, v, true); break;
  case IR_B_TILE_EXTRACT:
    fprintf(out, "v%d = v%d.v[", v->id, v->args[0]->id);
    for (int k = 2; k < v->nargs; k++) /* row-major */
      fputc('(', out);
    fprintf(out, "v%d", v->args[1]->id);
    for (int k = 2; k < v->nargs; k++)
      fprintf(out, " * %d + v%d)", v->args[0]->type->tdims[k - 1],
              v->args[k]->id);
    fputs("];", out);
    break;
  case IR_B_TILE_MATMUL: matmul(e, v); break;
  case IR_B_I_TILE_GRAD_LOAD: grad_load(e, v); break;
  case IR_B_I_TILE_ADJ_MAP: adj_map(e, v); break;
  case IR_B_I_TILE_GRAD_ACCUM: grad_accum(e, v); break;
  default:
    if (!emit_tile_view(e, v) && !emit_tile_more(e, v) &&
        !emit_tile_block(e, v) && !emit_tile_stack(e, v))
      fputs("/* not a tile builtin */", out);
    break;
  }
  fputs(" }\n", out);
}
