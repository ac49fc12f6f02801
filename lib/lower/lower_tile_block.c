/* lower_tile_block.c - the tile builtins that span the threads of a block
 * (lower_tile.h): wp.tile(x), wp.untile(t), wp.tile_from_thread.
 *
 * The block width: Warp's CPU backend runs a block as one thread (block_dim
 * 1 unless warp.config.enable_cpu_blocks), so there wp.tile(x) of a scalar
 * is a tile of shape (1,); on CUDA it has the launch's block_dim, which
 * Warp compiles the module for (its module option "block_dim", 256 by
 * default, or the launch's block_dim).  warpc compiles one block size per
 * module (ir_module.block_dim: warpc --block-dim, else the file's
 * wp.set_module_options({"block_dim": N}), else 256) and lowers a module
 * that uses these builtins twice: for the CPU with width 1 and for CUDA
 * (wp_lower_options.cuda_block) with that width; the launchers refuse a
 * CUDA launch of another block size.
 *
 * Instructions (IR_BUILTIN of the entry):
 *   TILE        args: x; aux: 1 when preserve_type.  Result: a tile of
 *               x's type (preserve_type, or a scalar) of shape (W,), or of
 *               its scalar type of shape (n, W) (vector, quaternion) or
 *               (r, c, W) (matrix); element [.., k] is thread k's x.
 *   UNTILE      args: a tile of shape (W,), (n, W) or (r, c, W): this
 *               thread's scalar (or dtype), vector or matrix.
 *   TILE_FROM_THREAD  args: value, thread_idx (int32); the result type
 *               has the shape: every element thread_idx's value.
 *   TILE_SCATTER_ADD, TILE_SCATTER_MASKED  args: tile, one int32 index per
 *               dimension, value, has_value (bool): the tile with value
 *               added at (written to) the element of every thread whose
 *               has_value is set and whose indices are in range (others
 *               are ignored: Warp leaves them undefined). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

int lower_block_width(lower_ctx *c) {
  c->m->block_width = true;
  return c->opts->cuda_block ? (c->opts->block_dim    ? c->opts->block_dim
                                : c->module_block_dim ? c->module_block_dim
                                                      : 256)
                             : 1;
}

/* wp.tile(x, preserve_type=False). */
static ir_value *tile(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"x", "preserve_type"};
  const ast_expr *x[2];
  if (!lower_tile_bind(c, e, "tile", k, 2, x))
    return NULL;
  if (!x[0]) {
    wp_error(c->diag, e->loc, "wp.tile() needs the value x");
    return NULL;
  }
  bool keep = false;
  if (x[1]) {
    ir_value *p = lower_expr(c, x[1]);
    if (!p)
      return NULL;
    if (p->op != IR_CONST || p->type->kind != IR_T_SCALAR ||
        (!ir_type_is_bool(p->type) && !ir_type_is_int(p->type))) {
      wp_error(c->diag, x[1]->loc,
               "wp.tile(): preserve_type must be a compile-time bool");
      return NULL;
    }
    keep = p->ival != 0;
  }
  ir_value *v = lower_expr(c, x[0]);
  if (!v)
    return NULL;
  const ir_type *t = v->type;
  if (t->kind != IR_T_SCALAR && t->kind != IR_T_VEC && t->kind != IR_T_MAT &&
      t->kind != IR_T_STRUCT) {
    wp_error(c->diag, x[0]->loc,
             "wp.tile() takes a scalar, vector, quaternion, matrix, "
             "transform or struct, not '%s'",
             t->name);
    return NULL;
  }
  /* warp-lang's tile() splits only vectors, quaternions and matrices into
     components: a struct or a transform makes a (B,) tile of its type */
  if (t->kind == IR_T_STRUCT ||
      (t->kind == IR_T_VEC && t->flavor == IR_VEC_TRANSFORM))
    keep = true;
  if (t->kind == IR_T_VEC && t->flavor != IR_VEC_PLAIN && !keep) {
    wp_error(c->diag, x[0]->loc,
             "wp.tile() of a '%s' needs preserve_type=True (as in warp-lang)",
             t->name);
    return NULL;
  }
  if (v->op == IR_CONST && v->py)
    v = lower_tile_literal_as(
        c, v, v->py == 2 ? ir_t_float32(c->T) : ir_t_int32(c->T));
  int w = lower_block_width(c), dims[3], nd = 0;
  const ir_type *el = t;
  if (!keep && t->kind == IR_T_VEC)
    el = t->elem, dims[nd++] = t->rows;
  else if (!keep && t->kind == IR_T_MAT)
    el = t->elem, dims[nd++] = t->rows, dims[nd++] = t->cols;
  dims[nd++] = w;
  int64_t count = 1;
  for (int i = 0; i < nd; i++)
    count *= dims[i];
  if (count > IR_TILE_MAX_ELEMS) {
    wp_error(c->diag, e->loc,
             "wp.tile() of a '%s' over a block of %d threads has %lld "
             "elements, more than warpc's limit of %d",
             t->name, w, (long long)count, IR_TILE_MAX_ELEMS);
    return NULL;
  }
  if ((int64_t)w * ir_type_size(t) > IR_TILE_MAX_SHARED_BYTES) {
    wp_error(c->diag, e->loc,
             "wp.tile() of a '%s' over a CUDA block of %d threads needs %lld "
             "bytes of shared memory, more than warpc's limit of %d",
             t->name, w, (long long)w * ir_type_size(t),
             IR_TILE_MAX_SHARED_BYTES);
    return NULL;
  }
  ir_value *r = lower_tile_emit(c, IR_B_TILE, ir_t_tile_nd(c->T, el, nd, dims),
                                &v, 1, e->loc);
  r->aux = keep;
  return r;
}

/* wp.untile(a). */
static ir_value *untile(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"a"};
  const ast_expr *x[1];
  if (!lower_tile_bind(c, e, "untile", k, 1, x))
    return NULL;
  if (!x[0]) {
    wp_error(c->diag, e->loc, "wp.untile() needs a tile");
    return NULL;
  }
  ir_value *t = lower_tile_arg(c, x[0], "untile");
  if (!t)
    return NULL;
  const ir_type *tt = t->type, *el = tt->elem;
  int w = lower_block_width(c);
  if (tt->tdims[tt->ndim - 1] != w) {
    wp_error(c->diag, x[0]->loc,
             "wp.untile(): the last extent of '%s' is not the block width "
             "%d (%s)",
             tt->name, w,
             c->opts->cuda_block
                 ? "the module's CUDA block_dim: warpc --block-dim N, or "
                   "wp.set_module_options({\"block_dim\": N})"
                 : "one thread on the CPU, as in Warp");
    return NULL;
  }
  const ir_type *rt = el;
  if (tt->ndim == 2 || tt->ndim == 3) {
    if (el->kind != IR_T_SCALAR) {
      wp_error(c->diag, x[0]->loc,
               "wp.untile() of a %d-d tile takes a tile of scalars, not of "
               "'%s'",
               tt->ndim, el->name);
      return NULL;
    }
    rt = tt->ndim == 2 ? ir_t_vec(c->T, el->scalar, tt->tdims[0])
                       : ir_t_mat(c->T, el->scalar, tt->tdims[0], tt->tdims[1]);
  } else if (tt->ndim != 1) {
    wp_error(c->diag, x[0]->loc,
             "wp.untile() takes a tile of 1 to 3 dimensions, not '%s'",
             tt->name);
    return NULL;
  }
  if (!rt)
    return NULL;
  return lower_tile_emit(c, IR_B_UNTILE, rt, &t, 1, e->loc);
}

/* wp.tile_from_thread(shape, value, thread_idx, storage="register"). */
static ir_value *from_thread(lower_ctx *c, const ast_expr *e) {
  static const char *const k[] = {"shape", "value", "thread_idx", "storage"};
  const ast_expr *x[4];
  if (!lower_tile_bind(c, e, "tile_from_thread", k, 4, x))
    return NULL;
  if (!x[0] || !x[1] || !x[2]) {
    wp_error(c->diag, e->loc,
             "wp.tile_from_thread() needs shape, value and thread_idx");
    return NULL;
  }
  int nd, dims[IR_TILE_MAX_NDIM];
  if (!lower_tile_shape(c, x[0], "tile_from_thread", &nd, dims))
    return NULL;
  if (x[3] &&
      (x[3]->kind != AST_EXPR_STRING ||
       (strcmp(x[3]->string, "register") && strcmp(x[3]->string, "shared")))) {
    wp_error(c->diag, x[3]->loc,
             "wp.tile_from_thread(): storage must be \"register\" or "
             "\"shared\"");
    return NULL;
  }
  c->tile_shared_kw |= x[3] && !strcmp(x[3]->string, "shared");
  ir_value *a[2];
  if (!(a[0] = lower_expr(c, x[1])) || !(a[1] = lower_expr(c, x[2])))
    return NULL;
  const ir_type *t = a[0]->type;
  if (a[0]->op == IR_CONST && a[0]->py)
    a[0] = lower_tile_literal_as(
        c, a[0], a[0]->py == 2 ? ir_t_float32(c->T) : ir_t_int32(c->T)),
    t = a[0]->type;
  if (t->kind != IR_T_SCALAR && t->kind != IR_T_VEC && t->kind != IR_T_MAT &&
      t->kind != IR_T_STRUCT) {
    wp_error(c->diag, x[1]->loc,
             "wp.tile_from_thread() takes a scalar, vector, matrix or struct "
             "value, not '%s'",
             t->name);
    return NULL;
  }
  if (a[1]->type->kind != IR_T_SCALAR || !ir_type_is_int(a[1]->type)) {
    wp_error(c->diag, x[2]->loc,
             "wp.tile_from_thread(): thread_idx must be an integer");
    return NULL;
  }
  a[1] = lower_cast(c, a[1], ir_t_int32(c->T), x[2]->loc);
  return lower_tile_emit(c, IR_B_TILE_FROM_THREAD,
                         ir_t_tile_nd(c->T, t, nd, dims), a, 2, e->loc);
}

/* tile_randi / tile_randf(shape, rng, [min, max,] storage="register"):
 * min and max compile-time constants (ints / floats), max > min, as in
 * Warp. */
static ir_value *random_tile(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b) {
  static const char *const k[] = {"shape", "rng", "min", "max", "storage"};
  const ast_expr *x[5];
  bool fl = b->id == IR_B_TILE_RANDF;
  if (!lower_tile_bind(c, e, b->name, k, 5, x))
    return NULL;
  /* the 3-argument overload: shape, rng, storage */
  if (x[2] && !x[3] && !x[4] && x[2]->kind == AST_EXPR_STRING)
    x[4] = x[2], x[2] = NULL;
  if (!x[0] || !x[1] || (!x[2] != !x[3])) {
    wp_error(c->diag, e->loc,
             "wp.%s() needs shape and rng (and both min and max, or neither)",
             b->name);
    return NULL;
  }
  if (x[4] &&
      (x[4]->kind != AST_EXPR_STRING ||
       (strcmp(x[4]->string, "register") && strcmp(x[4]->string, "shared")))) {
    wp_error(c->diag, x[4]->loc,
             "wp.%s(): storage must be \"register\" or \"shared\"", b->name);
    return NULL;
  }
  int nd, dims[IR_TILE_MAX_NDIM];
  if (!lower_tile_shape(c, x[0], b->name, &nd, dims))
    return NULL;
  ir_value *a[3];
  if (!(a[0] = lower_expr(c, x[1])))
    return NULL;
  if (a[0]->type->kind != IR_T_SCALAR || !ir_type_is_int(a[0]->type)) {
    wp_error(c->diag, x[1]->loc,
             "wp.%s(): rng must be a uint32 (wp.rand_init), not '%s'", b->name,
             a[0]->type->name);
    return NULL;
  }
  a[0] = lower_cast(c, a[0], ir_t_scalar(c->T, WP_SCALAR_UINT32), x[1]->loc);
  int n = 1;
  if (x[2]) {
    for (int i = 0; i < 2; i++) {
      ir_value *v = lower_expr(c, x[2 + i]);
      if (!v)
        return NULL;
      if (v->op != IR_CONST || v->type->kind != IR_T_SCALAR ||
          (fl ? !ir_type_is_float(v->type) : !ir_type_is_int(v->type))) {
        wp_error(c->diag, x[2 + i]->loc,
                 "wp.%s(): min and max must be compile-time %s", b->name,
                 fl ? "floats" : "integers");
        return NULL;
      }
      a[1 + i] = fl ? lower_const_float(c, ir_t_float32(c->T),
                                        (float)(v->py == 2 ? v->pyf : v->fval))
                    : lower_const_int(c, ir_t_int32(c->T), v->ival);
    }
    bool ok = fl ? a[2]->fval > a[1]->fval : a[2]->ival > a[1]->ival;
    if (!ok) {
      wp_error(c->diag, x[3]->loc, "wp.%s(): max must be greater than min",
               b->name);
      return NULL;
    }
    n = 3;
  }
  (void)lower_block_width(
      c); /* CUDA: a generator per lane (emit_tile_block.c) */
  const ir_type *el = fl ? ir_t_float32(c->T) : ir_t_int32(c->T);
  return lower_tile_emit(c, b->id, ir_t_tile_nd(c->T, el, nd, dims), a, n,
                         e->loc);
}

/* The tile argument `a` of a scatter (the first item or a= keyword). */
static const ast_expr *scatter_target(const ast_expr *e) {
  if (e->nitems > 0)
    return e->items[0];
  for (int k = 0; k < e->nkeywords; k++)
    if (!strcmp(e->keywords[k].name, "a"))
      return e->keywords[k].value;
  return NULL;
}

/* tile_scatter_add(a, i[, j, k, l], value, has_value, atomic=True) and
 * tile_scatter_masked(a, i[, j, k, l], value, has_value): the new value of
 * the tile variable `a`, assigned to it. */
static ir_value *scatter(lower_ctx *c, const ast_expr *e, const ir_builtin *b) {
  bool add = b->id == IR_B_TILE_SCATTER_ADD;
  const ast_expr *ax = scatter_target(e);
  if (!ax) {
    wp_error(c->diag, e->loc, "wp.%s() needs the tile a", b->name);
    return NULL;
  }
  if (ax->kind != AST_EXPR_NAME) {
    wp_error(c->diag, ax->loc,
             "wp.%s(): warpc scatters into a tile variable (a name) only",
             b->name);
    return NULL;
  }
  ir_value *t = lower_tile_arg(c, ax, b->name);
  if (!t)
    return NULL;
  const ir_type *tt = t->type, *el = tt->elem;
  int nd = tt->ndim;
  const char *names[8] = {"a"};
  static const char *const idx[] = {"i", "j", "k", "l"};
  int np = 1;
  for (int k = 0; k < nd; k++)
    names[np++] = idx[k];
  names[np++] = "value";
  names[np++] = "has_value";
  if (add)
    names[np++] = "atomic";
  const ast_expr *x[8];
  if (!lower_tile_bind(c, e, b->name, names, np, x))
    return NULL;
  for (int k = 1; k < nd + 3; k++)
    if (!x[k]) {
      wp_error(c->diag, e->loc,
               "wp.%s() of '%s' takes the tile, %d ind%s, value and "
               "has_value",
               b->name, tt->name, nd, nd == 1 ? "ex" : "ices");
      return NULL;
    }
  if (tt->flavor != IR_TILE_OWN) {
    wp_error(c->diag, ax->loc,
             "writing through a tile view is not supported by warpc yet "
             "(warpc holds views as copies)");
    return NULL;
  }
  if (ir_type_size(tt) > IR_TILE_MAX_SHARED_BYTES) {
    wp_error(c->diag, e->loc,
             "wp.%s() into a tile of %d bytes: warpc takes at most %d (its "
             "limit: CUDA's static shared memory, where the block's threads "
             "meet)",
             b->name, ir_type_size(tt), IR_TILE_MAX_SHARED_BYTES);
    return NULL;
  }
  if (add && !ir_tile_struct_summable(el) &&
      (ir_type_has_half(el) ||
       !(ir_type_is_float(el) || ir_type_is_int(el) ||
         ((el->kind == IR_T_VEC || el->kind == IR_T_MAT) &&
          (ir_type_is_float(el->elem) || ir_type_is_int(el->elem)))))) {
    wp_error(c->diag, e->loc, "wp.tile_scatter_add(): no atomic add on '%s'%s",
             el->name,
             el->kind == IR_T_STRUCT
                 ? " in warpc yet (a vector or matrix of float16/bfloat16 "
                   "among its members)"
                 : "");
    return NULL;
  }
  ir_value *args[IR_TILE_MAX_NDIM + 3];
  args[0] = t;
  for (int k = 0; k < nd; k++) {
    ir_value *v = lower_expr(c, x[1 + k]);
    if (!v)
      return NULL;
    if (v->type->kind != IR_T_SCALAR || !ir_type_is_int(v->type)) {
      wp_error(c->diag, x[1 + k]->loc, "wp.%s(): an index must be an integer",
               b->name);
      return NULL;
    }
    args[1 + k] = lower_cast(c, v, ir_t_int32(c->T), x[1 + k]->loc);
  }
  ir_value *val = lower_expr(c, x[1 + nd]), *has = lower_expr(c, x[2 + nd]);
  if (!val || !has)
    return NULL;
  val = lower_tile_literal_as(c, val, el);
  if (val->type != el) {
    wp_error(c->diag, x[1 + nd]->loc,
             "wp.%s(): the value must be of the tile's dtype '%s', not '%s'",
             b->name, el->name, val->type->name);
    return NULL;
  }
  if (!ir_type_is_bool(has->type)) {
    wp_error(c->diag, x[2 + nd]->loc, "wp.%s(): has_value must be a bool",
             b->name);
    return NULL;
  }
  if (add && x[3 + nd]) { /* compile-time, as in Warp; on CUDA warpc adds
                             atomically either way */
    ir_value *a = lower_expr(c, x[3 + nd]);
    if (!a)
      return NULL;
    if (a->op != IR_CONST || !ir_type_is_bool(a->type)) {
      wp_error(c->diag, x[3 + nd]->loc,
               "wp.tile_scatter_add(): atomic must be a compile-time bool");
      return NULL;
    }
  }
  args[1 + nd] = val;
  args[2 + nd] = has;
  ir_value *r = lower_tile_emit(c, b->id, tt, args, nd + 3, e->loc);
  if (!lower_assign_var(c, ax->name, r, e->loc))
    return NULL;
  return r;
}

/* + and - of two tiles of one struct type (its members that add). */
ir_value *lower_tile_struct_elementwise(lower_ctx *c, const ir_builtin *b,
                                        ir_value **args, int n,
                                        const ir_type *shape, wp_loc loc) {
  const ir_type *s = shape->elem;
  if ((b->id != IR_B_ADD && b->id != IR_B_SUB) || n != 2 ||
      args[0]->type->elem != s || args[1]->type->elem != s) {
    wp_error(c->diag, loc,
             "'%s' of tiles of struct '%s': warpc (and Warp) take + and - of "
             "two tiles of one struct type",
             b->name, s->name);
    return NULL;
  }
  if (!ir_tile_struct_summable(s)) {
    wp_error(c->diag, loc,
             "'%s' of tiles of struct '%s' (a vector or matrix of "
             "float16/bfloat16 among its members) is not supported by warpc "
             "yet",
             b->name, s->name);
    return NULL;
  }
  ir_value *v = lower_tile_emit(c, IR_B_TILE_MAP, shape, args, n, loc);
  v->aux = b->id;
  return v;
}

/* Whether member type m of a struct takes part in the member-wise + and -
 * of struct tile elements (emit_tile_struct.c's part() != 0). */
static bool struct_member_adds(const ir_type *m) {
  int s = m->scalar;
  bool num = s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64 ||
             s == WP_SCALAR_INT32 || s == WP_SCALAR_UINT32 ||
             s == WP_SCALAR_INT64 || s == WP_SCALAR_UINT64 ||
             s == WP_SCALAR_FLOAT16 || s == WP_SCALAR_BFLOAT16;
  switch (m->kind) {
  case IR_T_SCALAR:
  case IR_T_VEC:
  case IR_T_MAT: return num;
  case IR_T_STRUCT: return ir_tile_struct_summable(m);
  default: return false;
  }
}

ir_value *lower_tile_struct_value_op(lower_ctx *c, ir_builtin_id op,
                                     ir_value *a, ir_value *b, wp_loc loc) {
  const ir_type *s = a->type;
  for (int i = 0; i < s->nmembers; i++) {
    const ir_type *m = s->members[i];
    if (!struct_member_adds(m))
      continue;
    ir_value *x = lower_emit(c, IR_EXTRACT, m, &a, 1, loc);
    x->aux = i;
    ir_value *y = lower_emit(c, IR_EXTRACT, m, &b, 1, loc);
    y->aux = i;
    ir_value *xy[2] = {x, y};
    ir_value *r = m->kind == IR_T_STRUCT
                      ? lower_tile_struct_value_op(c, op, x, y, loc)
                      : lower_binary_op(c, op, xy, loc);
    if (!r)
      return NULL;
    ir_value *ins[2] = {a, r};
    a = lower_emit(c, IR_INSERT, s, ins, 2, loc);
    a->aux = i;
  }
  return a;
}

ir_value *lower_tile_block(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b) {
  switch (b->id) {
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED: return scatter(c, e, b);
  case IR_B_TILE: return tile(c, e);
  case IR_B_UNTILE: return untile(c, e);
  case IR_B_TILE_FROM_THREAD: return from_thread(c, e);
  case IR_B_TILE_RANDI:
  case IR_B_TILE_RANDF: return random_tile(c, e, b);
  case IR_B_TILE_STACK:
  case IR_B_TILE_STACK_PUSH:
  case IR_B_TILE_STACK_POP:
  case IR_B_TILE_STACK_CLEAR:
  case IR_B_TILE_STACK_COUNT: return lower_tile_stack(c, e, b);
  default:
    wp_error(c->diag, e->loc, "tile builtin '%s' is not supported by warpc yet",
             b->name);
    return NULL;
  }
}
