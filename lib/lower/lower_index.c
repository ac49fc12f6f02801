/* lower_index.c - subscripts: array elements (loads, with the checks of
 * differentiable kernels on reloads after stores), views, vector, matrix
 * and tuple components, a.shape[k], and wp.adjoint[x]. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"
#include "lower_tile.h"

static bool is_const_int(const ir_value *v, int64_t *out) {
  if (v->op != IR_CONST || !ir_type_is_int(v->type))
    return false;
  *out = v->ival;
  return true;
}

bool lower_check_index(lower_ctx *c, ir_value *v, const ast_expr *e) {
  if (!ir_type_is_int(v->type)) {
    wp_error(c->diag, e->loc, "index must be an integer, not '%s'",
             v->type->name);
    return false;
  }
  return true;
}

int lower_array_indices(lower_ctx *c, ir_value *arr, const ast_expr *e,
                        ir_value **args) {
  int ndim = arr->type->ndim;
  if (e->nitems > ndim) {
    wp_error(c->diag, e->loc, "too many indices for a %d-d array: %d given",
             ndim, e->nitems);
    return -1;
  }
  if (e->nitems < ndim) {
    wp_error(c->diag, e->loc,
             "%d index%s for a %d-d array: a store, update or reference "
             "needs all %d (only a read, as in `row = a[i]`, makes a view)",
             e->nitems, e->nitems == 1 ? "" : "es", ndim, ndim);
    return -1;
  }
  for (int i = 0; i < e->nitems; i++) {
    if (e->items[i]->kind == AST_EXPR_SLICE) {
      wp_error(c->diag, e->items[i]->loc,
               "a store, update or reference cannot go through a slice: "
               "index each element (a slice read as a value is a view)");
      return -1;
    }
    ir_value *ix = lower_expr(c, e->items[i]);
    if (!ix || !lower_check_index(c, ix, e->items[i]))
      return -1;
    args[1 + i] = ix;
  }
  args[0] = arr;
  return e->nitems + 1;
}

/* v[i] on vectors, matrices and tuples. */
static ir_value *index_value(lower_ctx *c, ir_value *base, const ast_expr *e) {
  const ir_type *t = base->type;
  if (t->kind == IR_T_ARRAY && lower_is_array_view(e, t))
    return lower_array_view(c, base, e);
  if (t->kind == IR_T_ARRAY) {
    ir_value *args[5];
    int n = lower_array_indices(c, base, e, args);
    if (n > 0)
      lower_check_reload(c, base, e->loc);
    return n < 0 ? NULL : lower_emit(c, IR_LOAD, t->elem, args, n, e->loc);
  }
  if (t->kind == IR_T_VEC || t->kind == IR_T_MAT)
    for (int i = 0; i < e->nitems; i++)
      if (e->items[i]->kind == AST_EXPR_SLICE)
        return lower_slice_read(c, base, e);
  int max = t->kind == IR_T_MAT ? 2 : 1;
  if (t->kind != IR_T_VEC && t->kind != IR_T_MAT && t->kind != IR_T_TUPLE) {
    wp_error(c->diag, e->loc, "'%s' cannot be indexed", t->name);
    return NULL;
  }
  if (e->nitems > max) {
    wp_error(c->diag, e->loc, "too many indices for '%s': %d given", t->name,
             e->nitems);
    return NULL;
  }
  ir_value *v = base;
  for (int i = 0; i < e->nitems; i++) {
    const ir_type *vt = v->type;
    if (e->items[i]->kind == AST_EXPR_SLICE) {
      wp_error(c->diag, e->items[i]->loc, "slices are not supported here");
      return NULL;
    }
    ir_value *ix = lower_expr(c, e->items[i]);
    if (!ix || !lower_check_index(c, ix, e->items[i]))
      return NULL;
    int64_t k;
    int len = vt->kind == IR_T_TUPLE ? vt->nmembers : vt->rows;
    const ir_type *rt = vt->kind == IR_T_MAT
                            ? ir_t_vec(c->T, vt->scalar, vt->cols)
                        : vt->kind == IR_T_TUPLE ? NULL
                                                 : vt->elem;
    if (is_const_int(ix, &k)) {
      if (k < 0 && k >= -len && vt->kind != IR_T_TUPLE) { /* v[-1], as Warp */
        k += len;
        ix = lower_const_int(c, ix->type, k);
      }
      if (k < 0 || k >= len) {
        wp_error(c->diag, e->items[i]->loc,
                 "index %lld is out of range for '%s'", (long long)k, vt->name);
        return NULL;
      }
      if (vt->kind == IR_T_TUPLE)
        rt = vt->members[k];
      v = lower_emit(c, IR_EXTRACT, rt, &v, 1, e->loc);
      v->aux = (int)k;
    } else {
      if (vt->kind == IR_T_TUPLE) {
        wp_error(c->diag, e->items[i]->loc, "a tuple index must be a constant");
        return NULL;
      }
      ir_value *args[2] = {v, ix};
      v = lower_emit(c, IR_EXTRACT_DYN, rt, args, 2, e->loc);
    }
  }
  return v;
}

static bool differentiable_kernel(lower_ctx *c) {
  return c->fs->f && c->fs->f->kind == IR_FUNC_KERNEL &&
         c->fs->f->options.enable_backward;
}

void lower_note_store(lower_ctx *c, ir_value *arr) {
  lower_frame *fs = c->fs;
  if (lower_made_array(arr))
    return; /* its stores are replayed, or it has no gradient */
  for (int i = 0; i < fs->stored.count; i++)
    if (fs->stored.items[i] == arr)
      return;
  wp_ptrvec_push(c->A, &fs->stored, arr);
}

void lower_check_reload(lower_ctx *c, ir_value *arr, wp_loc loc) {
  lower_frame *fs = c->fs;
  if (!differentiable_kernel(c))
    return;
  const ir_type *et = arr->type->elem;
  if (et && et->kind != IR_T_STRUCT &&
      !ir_type_is_float(et->kind == IR_T_SCALAR ? et : et->elem))
    return; /* integers and bools have no gradient */
  bool stored = false;
  for (int i = 0; i < fs->stored.count; i++)
    stored = stored || fs->stored.items[i] == arr;
  for (int i = 0; i < fs->warned.count; i++)
    if (fs->warned.items[i] == arr)
      return;
  if (!stored)
    return;
  wp_ptrvec_push(c->A, &fs->warned, arr);
  wp_warning(c->diag, WP_W_ADJOINT_OVERWRITE, loc,
             "'%s' is read after being written in this kernel: its gradient "
             "will use the value the kernel left, not the one it read (write "
             "to another array, or @wp.kernel(enable_backward=False))",
             arr->name ? arr->name : "the array");
}

const char *lower_adjoint_name(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_SUBSCRIPT)
    return NULL;
  const char *p = lower_warp_path(c, e->value);
  if (!p || strcmp(p, "adjoint"))
    return NULL;
  if (!c->fs->grad_target) {
    wp_error(c->diag, e->loc,
             "wp.adjoint[...] is only meaningful in a @wp.func_grad function");
    return "";
  }
  if (e->nitems != 1 || e->items[0]->kind != AST_EXPR_NAME) {
    wp_error(c->diag, e->loc, "wp.adjoint[...] takes a parameter name");
    return "";
  }
  const char *name = wp_arena_printf(c->A, "$adj_%s", e->items[0]->name);
  if (lower_var_index(c, name, false) < 0) {
    wp_error(c->diag, e->items[0]->loc, "'%s' is not a parameter of '%s'",
             e->items[0]->name, c->fs->grad_target->name);
    return "";
  }
  return name;
}

/* Is e `wp.adjoint[P]` with P an attribute path (x.f.g) on a name? */
static bool adjoint_of_path(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_SUBSCRIPT || e->nitems != 1 ||
      e->items[0]->kind != AST_EXPR_ATTRIBUTE)
    return false;
  const char *p = lower_warp_path(c, e->value);
  if (!p || strcmp(p, "adjoint"))
    return false;
  const ast_expr *r = e->items[0];
  while (r->kind == AST_EXPR_ATTRIBUTE)
    r = r->value;
  return r->kind == AST_EXPR_NAME;
}

/* A copy of path p (attributes over a name) rooted at name `root`. */
static const ast_expr *reroot(lower_ctx *c, const ast_expr *p,
                              const char *root) {
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *p;
  if (p->kind == AST_EXPR_NAME)
    r->name = root;
  else
    r->value = (ast_expr *)reroot(c, p->value, root);
  return r;
}

const ast_expr *lower_adjoint_path(lower_ctx *c, const ast_expr *e) {
  if (adjoint_of_path(c, e)) {
    const ast_expr *r = e->items[0];
    while (r->kind == AST_EXPR_ATTRIBUTE)
      r = r->value;
    ast_expr root = {.kind = AST_EXPR_SUBSCRIPT,
                     .loc = e->loc,
                     .value = e->value,
                     .items = (ast_expr *[]){(ast_expr *)r},
                     .nitems = 1};
    const char *adj = lower_adjoint_name(c, &root);
    return adj && *adj ? reroot(c, e->items[0], adj) : NULL;
  }
  if ((e->kind != AST_EXPR_ATTRIBUTE && e->kind != AST_EXPR_SUBSCRIPT) ||
      !e->value)
    return NULL;
  const ast_expr *inner = lower_adjoint_path(c, e->value);
  if (!inner)
    return NULL;
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *e;
  r->value = (ast_expr *)inner;
  return r;
}

ir_value *lower_subscript(lower_ctx *c, const ast_expr *e) {
  const ast_expr *path = c->fs->grad_target ? lower_adjoint_path(c, e) : NULL;
  if (path) /* wp.adjoint[x.vec][1]: $adj_x.vec[1] */
    return lower_expr(c, path);
  const char *adj = lower_adjoint_name(c, e);
  if (adj && !*adj)
    return NULL; /* reported */
  if (adj) {
    ast_expr name = {.kind = AST_EXPR_NAME, .name = adj, .loc = e->loc};
    return lower_expr(c, &name);
  }
  entity base = lower_entity(c, e->value);
  if (base.kind == ENT_ERROR)
    return NULL;
  if (base.kind == ENT_SHAPE) {
    int64_t k;
    ir_value *ix = e->nitems == 1 ? lower_expr(c, e->items[0]) : NULL;
    if (!ix)
      return NULL;
    if (!is_const_int(ix, &k) || k < 0 || k >= WP_ARRAY_MAX_DIMS) {
      wp_error(c->diag, e->items[0]->loc,
               "shape index must be a constant in [0, %d)", WP_ARRAY_MAX_DIMS);
      return NULL;
    }
    if (k >= base.value->type->ndim) /* as Warp's shape_t: 0 past ndim */
      return lower_const_int(c, ir_t_int32(c->T), 0);
    ir_value *s =
        lower_emit(c, IR_ARRAY_SHAPE, ir_t_int32(c->T), &base.value, 1, e->loc);
    s->aux = (int)k;
    return s;
  }
  if (base.kind != ENT_VALUE) {
    wp_error(c->diag, e->loc, "this cannot be indexed");
    return NULL;
  }
  if (base.value->type->kind == IR_T_TILE)
    return lower_tile_subscript(c, base.value, e);
  return index_value(c, base.value, e);
}
