/* lower_place.c - the places a component assignment reads and writes
 * (lower_assign.h): a local vector, matrix or tile variable, an array
 * element, or a vector/matrix field inside a struct; reading and replacing
 * one of their components (`v[i]`, `m[i, j]`, `v.x`, slices, a
 * transform's `.p` and `.q`, a tile's elements).  The statements that
 * assign are lower_assign.c. */
#include <string.h>

#include "lower_assign.h"
#include "lower_internal.h"
#include "lower_tile.h"

/* The local vector/matrix variable a component assignment writes, or -1
 * (arrays are not values a component assignment replaces). */
int lower_place_local_var(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_NAME)
    return -1;
  int var = lower_var_index(c, e->name, false);
  return var >= 0 && c->fs->var_types[var] &&
                 c->fs->var_types[var]->kind != IR_T_ARRAY
             ? var
             : -1;
}

/* agg with component [ix] replaced by v (constant or dynamic index). */
static ir_value *insert(lower_ctx *c, ir_value *agg, ir_value *ix, ir_value *v,
                        wp_loc loc) {
  if (ix->op == IR_CONST) {
    ir_value *args[2] = {agg, v};
    ir_value *r = lower_emit(c, IR_INSERT, agg->type, args, 2, loc);
    r->aux = (int)ix->ival;
    return r;
  }
  ir_value *args[3] = {agg, ix, v};
  return lower_emit(c, IR_INSERT_DYN, agg->type, args, 3, loc);
}

static ir_value *extract(lower_ctx *c, ir_value *agg, ir_value *ix,
                         const ir_type *t, wp_loc loc) {
  if (ix->op == IR_CONST) {
    ir_value *r = lower_emit(c, IR_EXTRACT, t, &agg, 1, loc);
    r->aux = (int)ix->ival;
    return r;
  }
  ir_value *args[2] = {agg, ix};
  return lower_emit(c, IR_EXTRACT_DYN, t, args, 2, loc);
}

/* Index values of a component target (v[i], m[i, j], v.x). */
static int component_indices(lower_ctx *c, const ast_expr *t,
                             const ir_type *type, ir_value **ix) {
  if (t->kind == AST_EXPR_ATTRIBUTE) {
    static const char *names = "xyzw";
    const char *p = strchr(names, t->name[0]);
    if (!p || t->name[1] || type->kind != IR_T_VEC || p - names >= type->rows) {
      wp_error(c->diag, t->loc, "'%s' has no component '%s'", type->name,
               t->name);
      return -1;
    }
    ix[0] = lower_const_int(c, ir_t_int32(c->T), p - names);
    return 1;
  }
  int max = type->kind == IR_T_MAT ? 2 : 1;
  if (t->nitems > max) {
    wp_error(c->diag, t->loc, "too many indices for '%s': %d given", type->name,
             t->nitems);
    return -1;
  }
  for (int i = 0; i < t->nitems; i++) {
    ix[i] = lower_expr(c, t->items[i]);
    if (!ix[i])
      return -1;
    if (!ir_type_is_int(ix[i]->type)) {
      wp_error(c->diag, t->items[i]->loc, "index must be an integer, not '%s'",
               ix[i]->type->name);
      return -1;
    }
    int len = i == 0 ? type->rows : type->cols;
    if (ix[i]->op == IR_CONST && ix[i]->ival < 0 && ix[i]->ival >= -len)
      ix[i] = lower_const_int(c, ix[i]->type, ix[i]->ival + len); /* v[-1] */
    if (ix[i]->op == IR_CONST && (ix[i]->ival < 0 || ix[i]->ival >= len)) {
      wp_error(c->diag, t->items[i]->loc, "index %lld is out of range for '%s'",
               (long long)ix[i]->ival, type->name);
      return -1;
    }
  }
  return t->nitems;
}

/* Type of the component that n indices select in a vector or matrix. */
static const ir_type *component_type(lower_ctx *c, const ir_type *t, int n) {
  if (t->kind == IR_T_MAT && n == 1)
    return ir_t_vec(c->T, t->scalar, t->cols);
  return t->elem;
}

/* Resolves the base `e` of a component target; false (reported) when it is
 * neither a local nor an array element. */
bool lower_place_resolve(lower_ctx *c, const ast_expr *e, lower_place *p) {
  p->var = lower_place_local_var(c, e);
  if (p->var >= 0) {
    p->type = c->fs->var_types[p->var];
    /* a variable whose definition was an error (reported there) */
    return !p->type || p->type->kind != IR_T_VOID;
  }
  if (e->kind == AST_EXPR_SUBSCRIPT) {
    ir_value *arr = lower_expr(c, e->value);
    if (!arr)
      return false;
    if (arr->type->kind == IR_T_ARRAY) {
      p->naddr = lower_array_indices(c, arr, e, p->addr);
      p->type = arr->type->elem;
      return p->naddr > 0;
    }
  }
  if (e->kind == AST_EXPR_SUBSCRIPT || e->kind == AST_EXPR_ATTRIBUTE) {
    /* a component of a component (`m[i][1][2] = x`, `m[1][2] = x`): the
       enclosing value is updated and assigned back */
    ir_value *v = lower_expr(c, e);
    if (!v)
      return false;
    if (v->type->kind == IR_T_VEC || v->type->kind == IR_T_MAT) {
      p->var = -1;
      p->type = v->type;
      p->path = e;
      p->pval = v;
      return true;
    }
  }
  wp_error(c->diag, e->loc,
           "assignment to this target is not supported (only variables, their "
           "components, array elements and their components)");
  return false;
}

static ir_value *place_read(lower_ctx *c, lower_place *p, wp_loc loc) {
  if (p->path)
    return p->pval;
  if (p->var >= 0) {
    ir_value *v = lower_read_var(c, p->var, lower_cur_block(c));
    return v ? v : lower_zero(c, p->type);
  }
  return lower_emit(c, IR_LOAD, p->type, p->addr, p->naddr, loc);
}

static void place_write(lower_ctx *c, lower_place *p, ir_value *v, wp_loc loc) {
  if (p->path) {
    lower_assign_to(c, p->path, v, p->stmt);
    return;
  }
  if (p->var >= 0) {
    if (v->type->kind == IR_T_TILE && c->fs->f->kind == IR_FUNC_FUNC &&
        lower_var_is_param(c, p->var) &&
        !lower_tile_param_write(c, p->var, false, loc))
      return; /* t[i, j] = x on a tile parameter: in place */
    lower_write_var(c, p->var, lower_cur_block(c), v);
    return;
  }
  ir_value *args[6];
  memcpy(args, p->addr, sizeof(*args) * (size_t)p->naddr);
  args[p->naddr] = v;
  lower_emit(c, IR_STORE, ir_t_void(c->T), args, p->naddr + 1, loc);
}

/* Reads (value == NULL) or replaces the translation (`.p`) or rotation
 * (`.q`) `t` of the transform at place `p` (`y[i].p = v`). */
static ir_value *transform_part(lower_ctx *c, lower_place *p, const ast_expr *t,
                                ir_value *value, const ast_stmt *s) {
  ir_value *agg = place_read(c, p, s->loc);
  if (!value)
    return lower_builtin(c,
                         ir_builtin_get(t->name[0] == 'p'
                                            ? IR_B_TRANSFORM_GET_TRANSLATION
                                            : IR_B_TRANSFORM_GET_ROTATION),
                         &agg, 1, t->loc);
  const ir_type *pt = t->name[0] == 'p' ? ir_t_vec(c->T, p->type->scalar, 3)
                                        : ir_t_quat(c->T, p->type->scalar);
  if (value->type != pt) {
    wp_error(c->diag, s->value ? s->value->loc : s->loc,
             "cannot assign a value of type '%s' to '.%s' of a '%s' (a '%s')",
             value->type->name, t->name, p->type->name, pt->name);
    return NULL;
  }
  ir_value *r = lower_spatial_with_part(c, t, agg, value);
  if (r)
    place_write(c, p, r, s->loc);
  return r;
}

/* Reads (value == NULL) or replaces the component `t` of place `p`. */
ir_value *lower_place_component(lower_ctx *c, lower_place *p, const ast_expr *t,
                                ir_value *value, const ast_stmt *s) {
  const ir_type *type = p->type;
  if (type->kind == IR_T_TILE && t->kind == AST_EXPR_SUBSCRIPT) {
    ir_value *agg = place_read(c, p, s->loc); /* t[i, j] = x */
    const char *name = p->var >= 0 && !p->path ? c->fs->vars[p->var] : NULL;
    if (name) /* a view: of its parent's value */
      agg = lower_tile_alias_read(c, name, agg, s->loc);
    if (!value)
      return lower_tile_subscript(c, agg, t);
    ir_value *r =
        lower_tile_set(c, agg, t, value, s->value ? s->value->loc : s->loc);
    if (r && name) /* through a view: into its parent too */
      return lower_tile_write(c, name, agg, r, s->loc) ? r : NULL;
    if (r)
      place_write(c, p, r, s->loc);
    return r;
  }
  if (type->kind != IR_T_VEC && type->kind != IR_T_MAT) {
    wp_error(c->diag, t->loc, "cannot assign to a component of '%s'",
             type->name);
    return NULL;
  }
  if (ir_type_is_transform(type) && t->kind == AST_EXPR_ATTRIBUTE &&
      (!strcmp(t->name, "p") || !strcmp(t->name, "q")))
    return transform_part(c, p, t, value, s);
  if (type->kind == IR_T_VEC && t->kind == AST_EXPR_SUBSCRIPT &&
      t->nitems == 1 && t->items[0]->kind == AST_EXPR_SLICE) {
    ir_value *agg = place_read(c, p, s->loc); /* v[lo:hi] = w */
    if (!value)
      return lower_vec_slice(c, agg, t->items[0]);
    ir_value *r = lower_vec_slice_store(c, agg, t->items[0], value,
                                        s->value ? s->value->loc : s->loc);
    if (r)
      place_write(c, p, r, s->loc);
    return r;
  }
  bool sliced = false;
  for (int i = 0; t->kind == AST_EXPR_SUBSCRIPT && i < t->nitems; i++)
    sliced |= t->items[i]->kind == AST_EXPR_SLICE;
  if (type->kind == IR_T_MAT && sliced) { /* m[:, j] = v, m[1:] += w */
    ir_value *agg = place_read(c, p, s->loc);
    if (!value)
      return lower_slice_read(c, agg, t);
    ir_value *r = lower_mat_slice_store(c, agg, t, value,
                                        s->value ? s->value->loc : s->loc);
    if (r)
      place_write(c, p, r, s->loc);
    return r;
  }
  ir_value *ix[2];
  int n = component_indices(c, t, type, ix);
  if (n < 0)
    return NULL;
  ir_value *agg = place_read(c, p, s->loc);
  const ir_type *ct = component_type(c, type, n);
  const ir_type *rowt = ir_t_vec(c->T, type->scalar, type->cols);
  if (!value) {
    ir_value *v = extract(c, agg, ix[0], n == 2 ? rowt : ct, s->loc);
    return n == 2 ? extract(c, v, ix[1], ct, s->loc) : v;
  }
  if (value->type != ct) {
    wp_error(c->diag, s->value ? s->value->loc : s->loc,
             "cannot assign a value of type '%s' to a component of type '%s'",
             value->type->name, ct->name);
    return NULL;
  }
  ir_value *r;
  if (n == 2) {
    ir_value *row = extract(c, agg, ix[0], rowt, s->loc);
    r = insert(c, agg, ix[0], insert(c, row, ix[1], value, s->loc), s->loc);
  } else
    r = insert(c, agg, ix[0], value, s->loc);
  place_write(c, p, r, s->loc);
  return r;
}
