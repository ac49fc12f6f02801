/* lower_tile_view_assign.c - writing through tile views and into regions of
 * tiles (lower_tile.h): `t[a:b, :] = x`, `t[i] = row`, and the writes into
 * a variable bound to a view (`row = b[i]; wp.tile_assign(row, x)`,
 * `row[j] = v`, `wp.tile_matmul(a, b, view)`).
 *
 * warpc holds tiles and views as values (copies).  Warp's views alias
 * their parent's storage; warpc keeps that meaning by remembering, per
 * function, which variables hold views of which variables (the frame's
 * tile_views: the view's name -> tile_alias):
 *
 *   - a write into a view variable V of parent P also writes the new value
 *     of V into P's region (I_TILE_SLICE_SET), and so on up when P is
 *     itself a view;
 *   - a read of V after P changed re-takes the view of P's new value, as
 *     the alias would read it.
 *
 * A view is known as such while the value V holds is one recorded (bound
 * in this block or one that dominates the use; each branch of an if
 * writes from the value before it), or anywhere after when V was bound in
 * the function's body itself (not in a loop or a branch: at a join V is
 * still the view of P's value there, which is re-taken; likewise after a
 * join inside the block, a loop's body say, where V was bound); V bound to a
 * view before a loop or in one branch of an `if` is a plain tile at the join:
 * reading it gives the value it holds, and writing into it is an error
 * (warpc cannot tell which tile the write goes to).  A parent rebound to
 * another tile (`b = wp.tile_zeros(...)` after `v = b[0]`) ends the alias:
 * v keeps the value it holds (the old tile's region, as Warp's v keeps the
 * old storage) and writes through v stay in v (the frame's tile_rebinds
 * counts the rebinds of each variable; an alias remembers its parent's
 * count).
 *
 * Also the subscripts that make views or copies of regions: slice() objects
 * in tile_view's offsets, and gathers along any axis (t[:, idx],
 * tile_slice_indexed). */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

/* The views taken of one tile (one binding of a variable): a write
 * through one of them after the variable is rebound reaches the old tile,
 * which warpc follows only when nothing else sees it. */
typedef struct tile_group {
  int nviews;
  bool param; /* the variable is a @wp.func's tile parameter (the caller's) */
} tile_group;

typedef struct tile_alias {
  const char *parent;   /* the variable viewed */
  ir_value *recipe;     /* the view instruction (TILE_VIEW or I_TILE_SLICE) */
  ir_value *last;       /* the value the view variable was given last */
  ir_value *parent_val; /* the parent's value `last` corresponds to */
  intptr_t epoch;       /* the parent's rebinds when the view was taken */
  tile_group *group;    /* the views of the parent's tile */
  int nest;             /* bound in block block_ids[nest] (unsigned id,
                           0: unknown): the variable is the view of its
                           parent's current value everywhere after in it */
  unsigned block;
  wp_keymap vals; /* each value the view variable held -> the
                     parent's value it corresponds to (the branches
                     of an if each write from the value before) */
} tile_alias;

/* The parent's value that view value v of alias a corresponds to, or NULL
 * when v is not one of a's (a join of branches or loop iterations). */
static ir_value *parent_of(const tile_alias *a, const ir_value *v) {
  void **p = wp_keymap_find(&a->vals, v, 0);
  return p ? *p : NULL;
}

static void held(lower_ctx *c, tile_alias *a, ir_value *v, ir_value *p) {
  *wp_keymap_slot(c->A, &a->vals, v, 0) = p;
  a->last = v, a->parent_val = p;
}

/* Is the code being lowered after the binding of view alias a, in its
 * block or one inside it (a is the view of its parent's value here)? */
static bool dominated(lower_ctx *c, const tile_alias *a) {
  return a->block && c->fs->nest >= a->nest &&
         c->fs->block_ids[a->nest] == a->block;
}

/* How many times variable `name` was rebound to another tile. */
static intptr_t epoch(lower_ctx *c, const char *name) {
  return (intptr_t)wp_strmap_get(&c->fs->tile_rebinds, name);
}

static bool is_view(const ir_value *v) {
  return v && v->op == IR_BUILTIN && v->type->kind == IR_T_TILE &&
         (v->builtin->id == IR_B_TILE_VIEW ||
          v->builtin->id == IR_B_I_TILE_SLICE);
}

/* The current value of variable `name` of this function, or NULL. */
static ir_value *current(lower_ctx *c, const char *name) {
  int var = lower_var_index(c, name, false);
  if (var < 0 || !c->fs->var_types[var] ||
      c->fs->var_types[var]->kind != IR_T_TILE)
    return NULL;
  return lower_read_var(c, var, lower_cur_block(c));
}

/* The alias of view variable `name`, or NULL (none, or its parent was
 * rebound since: `stale` tells). */
static tile_alias *alias_of(lower_ctx *c, const char *name) {
  tile_alias *a = wp_strmap_get(&c->fs->tile_views, name);
  return a && a->epoch == epoch(c, a->parent) ? a : NULL;
}

static tile_alias *stale(lower_ctx *c, const char *name) {
  tile_alias *a = wp_strmap_get(&c->fs->tile_views, name);
  return a && a->epoch != epoch(c, a->parent) ? a : NULL;
}

static tile_group *group_of(lower_ctx *c, const char *name) {
  tile_group *g = wp_strmap_get(&c->fs->tile_groups, name);
  if (!g) {
    g = WP_NEW(c->A, tile_group);
    int var = lower_var_index(c, name, false);
    g->param = var >= 0 && c->fs->f && c->fs->f->kind == IR_FUNC_FUNC &&
               lower_var_is_param(c, var);
    wp_strmap_put(c->A, &c->fs->tile_groups, name, g);
  }
  return g;
}

void lower_tile_alias_note(lower_ctx *c, const char *name, ir_value *v,
                           bool rebind) {
  if (rebind) { /* ends the aliases of views of name's old tile */
    wp_strmap_put(c->A, &c->fs->tile_rebinds, name,
                  (void *)(epoch(c, name) + 1));
    if (wp_strmap_get(&c->fs->tile_groups, name)) {
      tile_group *g = WP_NEW(c->A, tile_group); /* not the parameter now */
      wp_strmap_put(c->A, &c->fs->tile_groups, name, g);
    }
  }
  if (is_view(v) && v->args[0]->name && strcmp(v->args[0]->name, name) &&
      current(c, v->args[0]->name) == v->args[0]) {
    tile_alias *a = WP_NEW(c->A, tile_alias);
    *a = (tile_alias){
        v->args[0]->name,
        v,
        v,
        v->args[0],
        epoch(c, v->args[0]->name),
        group_of(c, v->args[0]->name),
        c->fs->nest,
        c->fs->nest < LOWER_BLOCK_IDS ? c->fs->block_ids[c->fs->nest] : 0,
        {0}};
    a->group->nviews++;
    held(c, a, v, v->args[0]);
    wp_strmap_put(c->A, &c->fs->tile_views, name, a);
    return;
  }
  if (wp_strmap_get(&c->fs->tile_views, name))
    wp_strmap_put(c->A, &c->fs->tile_views, name, NULL);
}

/* The region of view instruction v as I_TILE_SLICE's starts and steps per
 * dimension of its tile into r[] (2 * ndim values). */
static void region_of(lower_ctx *c, const ir_value *v, ir_value **r) {
  int np = v->args[0]->type->ndim;
  if (v->builtin->id == IR_B_I_TILE_SLICE) {
    memcpy(r, v->args + 1, sizeof(*r) * (size_t)(2 * np));
    return;
  }
  for (int k = 0; k < np; k++) { /* TILE_VIEW: aux leading dims removed */
    r[2 * k] = v->args[1 + k];
    r[2 * k + 1] = lower_const_int(c, ir_t_int32(c->T), k < v->aux ? 0 : 1);
  }
}

/* View instruction `recipe` taken again of tile p. */
static ir_value *retake(lower_ctx *c, const ir_value *recipe, ir_value *p,
                        wp_loc loc) {
  ir_value *args[1 + 2 * IR_TILE_MAX_NDIM];
  memcpy(args, recipe->args, sizeof(*args) * (size_t)recipe->nargs);
  args[0] = p;
  ir_value *v = lower_tile_emit(c, recipe->builtin->id, recipe->type, args,
                                recipe->nargs, loc);
  v->aux = recipe->aux;
  v->aux2 = recipe->aux2;
  v->ival = recipe->ival;
  return v;
}

ir_value *lower_tile_alias_read(lower_ctx *c, const char *name, ir_value *cur,
                                wp_loc loc) {
  tile_alias *a = alias_of(c, name);
  if (!a)
    return cur;
  /* a value it did not hold (a join after a loop or an if): the view of
     the parent's value there when bound before it in an enclosing block */
  ir_value *pv = parent_of(a, cur);
  if (!pv && !dominated(c, a))
    return cur;
  ir_value *p = current(c, a->parent);
  if (!p)
    return cur;
  p = lower_tile_alias_read(c, a->parent, p, loc); /* P may be a view too */
  if (p == pv)
    return cur;
  /* P changed since: the view of its new value */
  ir_value *v = retake(c, a->recipe, p, loc);
  v->name = name;
  int var = lower_var_index(c, name, false);
  lower_write_var(c, var, lower_cur_block(c), v);
  held(c, a, v, p);
  return v;
}

ir_value *lower_tile_region_set(lower_ctx *c, ir_value *p, const ir_value *view,
                                ir_value *x, wp_loc loc) {
  const ir_type *vt = view->type, *xt = x->type;
  bool conv = vt->elem != xt->elem && vt->elem->kind == IR_T_SCALAR &&
              xt->elem->kind == IR_T_SCALAR && !ir_type_has_half(vt->elem) &&
              !ir_type_has_half(xt->elem);
  if (vt->ndim != xt->ndim || memcmp(vt->tdims, xt->tdims, sizeof(vt->tdims)) ||
      (vt->elem != xt->elem && !conv)) {
    wp_error(c->diag, loc,
             "tile view assignment shape mismatch: the view is '%s', the "
             "value '%s'",
             vt->name, xt->name);
    return NULL;
  }
  ir_value *args[2 + 2 * IR_TILE_MAX_NDIM] = {p, x};
  region_of(c, view, args + 2);
  return lower_tile_emit(c, IR_B_I_TILE_SLICE_SET, p->type, args,
                         2 + 2 * p->type->ndim, loc);
}

bool lower_tile_write(lower_ctx *c, const char *name, ir_value *old,
                      ir_value *v, wp_loc loc) {
  tile_alias *o = stale(c, name);
  if (o && (o->group->param || o->group->nviews > 1)) {
    wp_error(c->diag, loc,
             "warpc cannot write through the tile view '%s' after '%s', the "
             "tile it views, was rebound: Warp writes into the old tile, "
             "which %s sees; write before rebinding '%s'",
             name, o->parent,
             o->group->param ? "a caller" : "another view of it", o->parent);
    return false;
  }
  tile_alias *a = alias_of(c, name);
  if (a && !parent_of(a, old) && !dominated(c, a)) {
    wp_error(c->diag, loc,
             "warpc cannot tell which tile the view '%s' writes into here (it "
             "was bound before a loop or in a branch); take the view again "
             "here",
             name);
    return false;
  }
  if (!lower_assign_var(c, name, v, loc))
    return false;
  if (!a)
    return true;
  wp_strmap_put(c->A, &c->fs->tile_views, name, a);
  ir_value *p = current(c, a->parent);
  if (!p) {
    held(c, a, v, a->parent_val);
    return true;
  }
  ir_value *np = lower_tile_region_set(c, p, a->recipe, v, loc);
  if (!np || !lower_tile_write(c, a->parent, p, np, loc))
    return false;
  held(c, a, v, np);
  return true;
}

ir_value *lower_tile_fill(lower_ctx *c, ir_value *dest, ir_value *x,
                          wp_loc loc) {
  const ir_type *d = dest->type;
  if (x->type->ndim != d->ndim ||
      memcmp(x->type->tdims, d->tdims, sizeof(d->tdims)) ||
      x->type->elem != d->elem) {
    wp_error(c->diag, loc, "cannot write a '%s' into the tile '%s'",
             x->type->name, d->name);
    return NULL;
  }
  ir_value *args[2 + 2 * IR_TILE_MAX_NDIM] = {dest, x};
  for (int k = 0; k < d->ndim; k++) {
    args[2 + 2 * k] = lower_const_int(c, ir_t_int32(c->T), 0);
    args[3 + 2 * k] = lower_const_int(c, ir_t_int32(c->T), 1);
  }
  return lower_tile_emit(c, IR_B_I_TILE_SLICE_SET, d, args, 2 + 2 * d->ndim,
                         loc);
}

/* Are the subscripts of `sub` of a view of a tile of ndim dimensions (a
 * slice, an index tile, or fewer indices than dimensions)? */
bool lower_tile_is_view_subscript(const ast_expr *sub, int ndim) {
  if (sub->nitems < ndim)
    return true;
  for (int k = 0; k < sub->nitems; k++)
    if (sub->items[k]->kind == AST_EXPR_SLICE)
      return true;
  return false;
}

ir_value *lower_tile_set_region(lower_ctx *c, ir_value *t, const ast_expr *sub,
                                ir_value *x, wp_loc vloc) {
  if (x->type->kind != IR_T_TILE) {
    wp_error(c->diag, vloc,
             "tile view assignment requires a tile of matching shape on the "
             "right-hand side (t[a:b, :] = src, t[0] = row), not a '%s'",
             x->type->name);
    return NULL;
  }
  ir_value *view = lower_tile_subscript(c, t, sub);
  if (!view)
    return NULL;
  if (!is_view(view)) {
    wp_error(c->diag, sub->loc,
             "assigning to tile rows by an index tile (t[indices, :] = src) "
             "is not supported, as in Warp: assign a slice (t[a:b, :] = src) "
             "or build the tile");
    return NULL;
  }
  return lower_tile_region_set(c, t, view, x, vloc);
}

bool lower_tile_is_slice_call(lower_ctx *c, const ast_expr *x) {
  return x->kind == AST_EXPR_CALL && x->value->kind == AST_EXPR_NAME &&
         !strcmp(x->value->name, "slice") && !x->nkeywords &&
         lower_var_index(c, "slice", false) < 0;
}

ir_value *lower_tile_view_slices(lower_ctx *c, ir_value *t,
                                 const ast_expr *offset,
                                 const ast_expr *const *items, int n,
                                 const ast_expr *shape) {
  if (shape) {
    wp_error(c->diag, shape->loc,
             "wp.tile_view() takes no 'shape' together with a slice offset "
             "(as in Warp): the slices give the shape");
    return NULL;
  }
  ast_expr *sub = WP_NEW(c->A, ast_expr);
  *sub = (ast_expr){.kind = AST_EXPR_SUBSCRIPT, .loc = offset->loc};
  sub->items = WP_NEW_ARRAY(c->A, ast_expr *, n);
  sub->nitems = n;
  for (int i = 0; i < n; i++) {
    const ast_expr *x = items[i];
    if (!lower_tile_is_slice_call(c, x)) {
      sub->items[i] = (ast_expr *)x;
      continue;
    }
    if (x->nitems < 1 || x->nitems > 3) {
      wp_error(c->diag, x->loc, "slice() takes 1 to 3 arguments, got %d",
               x->nitems);
      return NULL;
    }
    /* slice(stop), slice(start, stop[, step]); None: absent */
    ast_expr *s = WP_NEW(c->A, ast_expr);
    *s = (ast_expr){.kind = AST_EXPR_SLICE, .loc = x->loc};
    s->items = WP_NEW_ARRAY(c->A, ast_expr *, 3);
    s->nitems = 3;
    for (int k = 0; k < x->nitems; k++) {
      int slot = x->nitems == 1 ? 1 : k;
      s->items[slot] = x->items[k]->kind == AST_EXPR_NONE ? NULL : x->items[k];
    }
    sub->items[i] = s;
  }
  return lower_tile_slice(c, t, sub);
}

ir_value *lower_tile_gather_axis(lower_ctx *c, ir_value *t, ir_value *i,
                                 int axis, wp_loc iloc, wp_loc loc) {
  const ir_type *it = i->type, *tt = t->type;
  if (it->ndim != 1 || !ir_type_is_int(it->elem) ||
      it->elem->kind != IR_T_SCALAR) {
    wp_error(c->diag, iloc,
             "a tile is indexed by a 1-d tile of integers, not '%s'", it->name);
    return NULL;
  }
  int dims[IR_TILE_MAX_NDIM];
  for (int k = 0; k < tt->ndim; k++)
    dims[k] = k == axis ? it->rows : tt->tdims[k];
  ir_value *args[2] = {t, i};
  ir_value *v = lower_tile_emit(c, IR_B_I_TILE_GATHER,
                                ir_t_tile_nd(c->T, tt->elem, tt->ndim, dims),
                                args, 2, loc);
  v->aux = axis;
  return v;
}

ir_value *lower_tile_slice_indexed(lower_ctx *c, const ast_expr *e) {
  if (e->nkeywords || e->nitems != 2 || e->items[1]->kind != AST_EXPR_TUPLE) {
    wp_error(c->diag, e->loc,
             "wp.tile_slice_indexed() takes a tile and a tuple of subscripts "
             "by position: (indices, slice(...), ...)");
    return NULL;
  }
  ir_value *t = lower_tile_arg(c, e->items[0], "tile_slice_indexed");
  if (!t)
    return NULL;
  const ast_expr *tup = e->items[1];
  bool tile_index = false;
  for (int k = 0; k < tup->nitems; k++)
    tile_index |= !lower_tile_is_slice_call(c, tup->items[k]);
  if (!tile_index || tup->nitems < 1) {
    wp_error(c->diag, tup->loc,
             "wp.tile_slice_indexed() needs a 1-d integer index tile among "
             "the subscripts");
    return NULL;
  }
  ir_value *v = lower_tile_view_slices(
      c, t, tup, (const ast_expr *const *)tup->items, tup->nitems, NULL);
  if (v && !(v->op == IR_BUILTIN && v->builtin->id == IR_B_I_TILE_GATHER)) {
    wp_error(c->diag, tup->loc,
             "wp.tile_slice_indexed(): the subscripts are one 1-d integer "
             "index tile and full slices");
    return NULL;
  }
  return v;
}
