/* lower_assign.c - assignment statements: `x = v` to variables, tuple
 * targets, vector/matrix components and array elements (`a[i] = v`,
 * `a[i].x = v`, struct fields), augmented assignment (`+=`, ... with its
 * atomic form on array elements); annotated assignment (`x: T = v`) is
 * refused, as warp-lang refuses it.  The components a target writes (a
 * vector's, a matrix's, a tile's) are read and replaced by lower_place.c. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_assign.h"
#include "lower_internal.h"
#include "lower_tile.h"

/* May variable `var` (an array) be bound again to an array of type t?
 * warp-lang lets a name take an array of the same kind and dtype and
 * another ndim; warpc does where no branch or loop joins the two (the
 * function's body itself) and the name is not a parameter. */
static bool rebind_array(lower_ctx *c, int var, const ir_type *t) {
  const ir_type *old = c->fs->var_types[var];
  return old->kind == IR_T_ARRAY && t->kind == IR_T_ARRAY &&
         old->flavor == t->flavor && old->elem == t->elem && c->fs->nest == 1 &&
         !lower_var_is_param(c, var);
}

/* `name = v`: rebind for a plain binding, else an in-place write (the
 * tile builtins that write their argument, a call's write-back). */
static bool assign_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc,
                       bool rebind) {
  if (!lower_fn_check_value(c, name, loc))
    return false;
  int var = lower_var_index(c, name, true);
  if (v->type->kind == IR_T_TILE && c->fs->f &&
      c->fs->f->kind == IR_FUNC_FUNC && lower_var_is_param(c, var) &&
      !lower_tile_param_write(c, var, rebind, loc))
    return false; /* Warp passes tiles to funcs by reference */
  if (v->type->kind == IR_T_VOID) {
    wp_error(c->diag, loc,
             "cannot assign to '%s': the value is None (a function that "
             "returns nothing)",
             name);
    return false;
  }
  if (!c->fs->var_types[var])
    c->fs->var_types[var] = v->type;
  else if (c->fs->var_types[var]->kind == IR_T_VOID)
    return false; /* its first definition was an error, reported there */
  else if (c->fs->var_types[var] != v->type && rebind_array(c, var, v->type)) {
    /* an array of another ndim, in the body itself (no branch or loop to
       join): a new variable from here on, as warp-lang (whose type check
       compares arrays' dtypes only) lets `sub = arr[:2]` be followed by
       `sub = arr[:2, 1]` */
    var = lower_var_rebind(c, name);
    c->fs->var_types[var] = v->type;
  } else if (c->fs->var_types[var] != v->type) {
    wp_error(c->diag, loc,
             "cannot assign a value of type '%s' to '%s', which has type '%s'",
             v->type->name, name, c->fs->var_types[var]->name);
    return false;
  }
  if (!v->name)
    v->name = name;
  lower_write_var(c, var, lower_cur_block(c), v);
  if (v->type->kind == IR_T_TILE) /* a view of another variable? */
    lower_tile_alias_note(c, name, v, rebind);
  return true;
}

bool lower_assign_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc) {
  return assign_var(c, name, v, loc, false);
}

bool lower_bind_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc) {
  return assign_var(c, name, v, loc, true);
}

/* `a[i][j][k]` with a an array of (at least) as many dimensions as the
 * chain has indices, none a slice: the target `a[i, j, k]` it stores into,
 * as Warp stores through views; t itself otherwise. */
static const ast_expr *flat_target(lower_ctx *c, const ast_expr *t) {
  if (t->kind != AST_EXPR_SUBSCRIPT || t->value->kind != AST_EXPR_SUBSCRIPT)
    return t;
  int n = 0;
  const ast_expr *b = t;
  for (; b->kind == AST_EXPR_SUBSCRIPT; b = b->value)
    for (int i = 0; i < b->nitems; i++, n++)
      if (b->items[i]->kind == AST_EXPR_SLICE)
        return t;
  if (b->kind != AST_EXPR_NAME && b->kind != AST_EXPR_ATTRIBUTE)
    return t;
  int var = b->kind == AST_EXPR_NAME ? lower_var_index(c, b->name, false) : -1;
  const ir_type *at = var >= 0 ? c->fs->var_types[var] : NULL;
  if (!at || at->kind != IR_T_ARRAY || n != at->ndim)
    return t;
  ast_expr *f = WP_NEW(c->A, ast_expr);
  *f = *t;
  f->value = (ast_expr *)b;
  f->items = WP_NEW_ARRAY(c->A, ast_expr *, n);
  f->nitems = n;
  for (const ast_expr *x = t; x->kind == AST_EXPR_SUBSCRIPT; x = x->value)
    for (int i = x->nitems - 1; i >= 0; i--)
      f->items[--n] = x->items[i];
  return f;
}

/* Whether the assignment base `e` is inside a struct: a field chain of a
 * struct variable or of an element of an array of structs. */
static bool struct_rooted(lower_ctx *c, const ast_expr *e) {
  switch (e->kind) {
  case AST_EXPR_NAME: {
    int var = lower_var_index(c, e->name, false);
    return var >= 0 && c->fs->var_types[var] &&
           c->fs->var_types[var]->kind == IR_T_STRUCT;
  }
  case AST_EXPR_ATTRIBUTE: return struct_rooted(c, e->value);
  case AST_EXPR_SUBSCRIPT: {
    if (e->value->kind == AST_EXPR_NAME) {
      int var = lower_var_index(c, e->value->name, false);
      return var >= 0 && c->fs->var_types[var] &&
             c->fs->var_types[var]->kind == IR_T_ARRAY &&
             c->fs->var_types[var]->elem->kind == IR_T_STRUCT;
    }
    return struct_rooted(c, e->value);
  }
  default: return false;
  }
}

static bool store(lower_ctx *c, const ast_expr *t, ir_value *arr,
                  ir_value *value, wp_loc vloc) {
  ir_value *args[6];
  int n = lower_array_indices(c, arr, t, args);
  if (n < 0)
    return false;
  if (value->type != arr->type->elem) {
    wp_error(c->diag, vloc,
             "cannot store a value of type '%s' into an array of '%s'",
             value->type->name, arr->type->elem->name);
    return false;
  }
  args[n] = value;
  lower_emit(c, IR_STORE, ir_t_void(c->T), args, n + 1, t->loc);
  lower_note_store(c, arr);
  return true;
}

/* t = v where t (a field, a component or an element) lies inside a struct:
 * the enclosing value is updated and assigned back, up to the variable or
 * array element holding the struct. */
static void assign_in_struct(lower_ctx *c, const ast_expr *t, ir_value *v,
                             const ast_stmt *s) {
  ir_value *base = lower_expr(c, t->value);
  if (!base)
    return;
  wp_loc vloc = s->value ? s->value->loc : s->loc;
  if (base->type->kind == IR_T_ARRAY && t->kind == AST_EXPR_SUBSCRIPT) {
    store(c, t, base, v, vloc);
    return;
  }
  if (base->type->kind == IR_T_STRUCT && t->kind == AST_EXPR_ATTRIBUTE) {
    int k = ir_struct_member(base->type, t->name);
    if (k < 0) {
      wp_error(c->diag, t->loc, "struct '%s' has no field '%s'",
               base->type->name, t->name);
      return;
    }
    const ir_type *ft = base->type->members[k];
    if (v->type != ft && v->op == IR_CONST && ft->kind == IR_T_SCALAR)
      v = lower_cast(c, v, ft, vloc);
    if (v->type != ft) {
      wp_error(c->diag, vloc,
               "cannot assign a value of type '%s' to field '%s' of type '%s'",
               v->type->name, t->name, ft->name);
      return;
    }
    ir_value *args[2] = {base, v};
    ir_value *r = lower_emit(c, IR_INSERT, base->type, args, 2, t->loc);
    r->aux = k;
    lower_assign_to(c, t->value, r, s);
    return;
  }
  if (ir_type_is_transform(base->type) && t->kind == AST_EXPR_ATTRIBUTE &&
      (!strcmp(t->name, "p") || !strcmp(t->name, "q"))) {
    ir_value *r = lower_spatial_with_part(c, t, base, v);
    if (r)
      lower_assign_to(c, t->value, r, s);
    return;
  }
  lower_place p = {
      .var = -1, .type = base->type, .path = t->value, .pval = base, .stmt = s};
  lower_place_component(c, &p, t, v, s);
}

void lower_assign_to(lower_ctx *c, const ast_expr *t, ir_value *v,
                     const ast_stmt *s) {
  const ast_expr *adj_path =
      c->fs->grad_target ? lower_adjoint_path(c, t) : NULL;
  if (adj_path) /* wp.adjoint[x.vec].y = v: $adj_x.vec.y = v */
    t = adj_path;
  if ((t->kind == AST_EXPR_ATTRIBUTE || t->kind == AST_EXPR_SUBSCRIPT) &&
      struct_rooted(c, t->value)) {
    assign_in_struct(c, t, v, s);
    return;
  }
  const char *adj = lower_adjoint_name(c, t);
  if (adj) {
    if (*adj) /* "" when reported */
      lower_assign_var(c, adj, v, t->loc);
    return;
  }
  switch (t->kind) {
  case AST_EXPR_NAME: /* a call's write-back is in place (tiles) */
    if (c->fs->tile_copy_back)
      lower_assign_var(c, t->name, v, t->loc);
    else
      lower_bind_var(c, t->name, v, t->loc);
    return;
  case AST_EXPR_TUPLE: {
    if (v->type->kind != IR_T_TUPLE || v->type->nmembers != t->nitems) {
      wp_error(c->diag, s->loc,
               "cannot unpack a value of type '%s' into %d targets",
               v->type->name, t->nitems);
      return;
    }
    ir_value **parts = WP_NEW_ARRAY(c->A, ir_value *, t->nitems);
    for (int i = 0; i < t->nitems; i++) {
      parts[i] = lower_emit(c, IR_EXTRACT, v->type->members[i], &v, 1, t->loc);
      parts[i]->aux = i;
    }
    for (int i = 0; i < t->nitems; i++)
      lower_assign_to(c, t->items[i], parts[i], s);
    return;
  }
  case AST_EXPR_SUBSCRIPT:
  case AST_EXPR_ATTRIBUTE: {
    t = flat_target(c, t); /* a[i][j] = v on a 2-d array */
    if (t->kind == AST_EXPR_SUBSCRIPT &&
        lower_place_local_var(c, t->value) < 0) {
      /* a[i] = v stores; a[i][j] = v on a vector element is a component */
      ir_value *base = NULL;
      if (t->value->kind != AST_EXPR_SUBSCRIPT) {
        base = lower_expr(c, t->value);
        if (!base)
          return;
      }
      if (base && base->type->kind == IR_T_ARRAY) {
        store(c, t, base, v, s->value ? s->value->loc : s->loc);
        return;
      }
      bool part =
          base && t->value->kind == AST_EXPR_ATTRIBUTE &&
          (base->type->kind == IR_T_VEC || base->type->kind == IR_T_MAT);
      if (base && !part) { /* y[i].p[1] = v: a component of a part */
        wp_error(c->diag, t->loc, "cannot assign to an element of '%s'",
                 base->type->name);
        return;
      }
    }
    if (lower_spatial_set_part(c, t, v))
      return; /* x.p = ..., x.q = ... on a transform variable */
    lower_place p = {.stmt = s};
    if (lower_place_resolve(c, t->value, &p))
      lower_place_component(c, &p, t, v, s);
    return;
  }
  default: wp_error(c->diag, t->loc, "cannot assign to this expression");
  }
}

static bool is_tid_call(lower_ctx *c, const ast_expr *e) {
  if (!e || e->kind != AST_EXPR_CALL)
    return false;
  const char *p = lower_warp_path(c, e->value);
  return p && strcmp(p, "tid") == 0;
}

/* `f, g = util.f, other.g`: names bound to @wp.funcs by tuple unpacking,
 * each as `f = util.f` (the values are all funcs, so the order of the
 * bindings does not matter). */
static bool fn_tuple_assign(lower_ctx *c, const ast_expr *t,
                            const ast_expr *v) {
  if (t->kind != AST_EXPR_TUPLE || v->kind != AST_EXPR_TUPLE ||
      t->nitems != v->nitems || !t->nitems)
    return false;
  for (int i = 0; i < t->nitems; i++) {
    const ast_expr *x = v->items[i];
    if (t->items[i]->kind != AST_EXPR_NAME ||
        (x->kind != AST_EXPR_NAME && x->kind != AST_EXPR_ATTRIBUTE) ||
        (x->kind == AST_EXPR_NAME && lower_var_index(c, x->name, false) >= 0) ||
        lower_resolve(c, x).kind != BIND_FUNC)
      return false;
  }
  for (int i = 0; i < t->nitems; i++) {
    ir_value *unused;
    lower_fn_assign(c, t->items[i], v->items[i], &unused);
  }
  return true;
}

void lower_assign_stmt(lower_ctx *c, const ast_stmt *s) {
  if (is_tid_call(c, s->value) && s->ntargets == 1 &&
      s->targets[0]->kind == AST_EXPR_TUPLE) {
    const ast_expr *t = s->targets[0];
    if (t->nitems < 1 || t->nitems > 4) {
      wp_error(c->diag, t->loc, "wp.tid() gives 1 to 4 indices, not %d",
               t->nitems);
      return;
    }
    if (s->value->nitems || s->value->nkeywords) {
      wp_error(c->diag, s->value->loc, "wp.tid() takes no arguments");
      return;
    }
    for (int k = 0; k < t->nitems; k++)
      lower_assign_to(c, t->items[k], lower_tid(c, k, t->nitems, s->value->loc),
                      s);
    return;
  }
  ir_value *v = NULL;
  if (s->ntargets == 1 && fn_tuple_assign(c, s->targets[0], s->value))
    return; /* f, g = util.f, util.g */
  if (s->ntargets == 1 && lower_fn_assign(c, s->targets[0], s->value, &v))
    return; /* a function-valued local */
  if (!v)
    v = lower_expr(c, s->value);
  if (!v) {
    /* the error is reported: names it would define are poisoned so their
       uses do not report again */
    for (int i = 0; i < s->ntargets; i++)
      lower_poison(c, s->targets[i]);
    return;
  }
  for (int i = 0; i < s->ntargets; i++) {
    if (lower_spatial_part_component(c, s->targets[i]))
      continue; /* `t.p.x = v` statements only: a wp.ref write-back works */
    lower_note_literal(c, s->targets[i], s->value, v->type);
    ir_value *x = v;
    if (s->value->kind == AST_EXPR_NAME &&
        s->targets[i]->kind == AST_EXPR_NAME &&
        !(x = lower_fixed_copy(c, v, s->loc)))
      continue; /* c = a of a wp.zeros() array: Warp copies it */
    lower_assign_to(c, s->targets[i], x, s);
  }
}

void lower_assign_target(lower_ctx *c, const ast_expr *t, ir_value *v) {
  ast_stmt s = {.kind = AST_STMT_ASSIGN, .loc = t->loc, .value = (ast_expr *)t};
  lower_assign_to(c, t, v, &s);
}

/* The builtin of `t op= v`: the binary arithmetic operators (the ops from
 * AST_OP_ADD to AST_OP_RSHIFT) except @ (`@=` is reported as unsupported). */
static ir_builtin_id aug_builtin(ast_op op) {
  if (op < AST_OP_ADD || op > AST_OP_RSHIFT || op == AST_OP_MATMUL)
    return IR_B_NONE;
  return lower_op_builtin(op);
}

void lower_augassign(lower_ctx *c, const ast_stmt *s) {
  const ast_expr *t = s->targets[0];
  const ast_expr *adj_path =
      c->fs->grad_target ? lower_adjoint_path(c, t) : NULL;
  if (adj_path) /* wp.adjoint[x.vec].y += v: $adj_x.vec.y += v */
    t = adj_path;
  ir_builtin_id op = aug_builtin(s->op);
  if (op == IR_B_NONE) {
    wp_error(c->diag, s->loc, "operator '%s=' is not supported",
             wp_ast_op_str(s->op));
    return;
  }
  if (t->kind == AST_EXPR_NAME && !lower_fn_check_value(c, t->name, t->loc))
    return; /* g += 1.0 with g = wp.grad(f) or a function */
  const char *adj = lower_adjoint_name(c, t);
  if (adj && !*adj)
    return;  /* reported */
  if (adj) { /* wp.adjoint[x] += v */
    ast_expr name = {.kind = AST_EXPR_NAME, .name = adj, .loc = t->loc};
    ir_value *cur = lower_expr(c, &name);
    ir_value *v = cur ? lower_expr(c, s->value) : NULL;
    ir_value *args[2] = {cur, v};
    ir_value *r = v ? lower_binary_op(c, op, args, s->loc) : NULL;
    if (r)
      lower_assign_var(c, adj, r, t->loc);
    return;
  }
  /* a[i] += v and a[i] -= v are atomic in Warp */
  t = flat_target(c, t);
  if (t->kind == AST_EXPR_SUBSCRIPT && lower_place_local_var(c, t->value) < 0) {
    ir_value *arr = lower_expr(c, t->value);
    if (!arr)
      return;
    if (arr->type->kind == IR_T_ARRAY) {
      ir_value *addr[5];
      int n = lower_array_indices(c, arr, t, addr);
      ir_value *v = n < 0 ? NULL : lower_expr(c, s->value);
      if (!v)
        return;
      /* a[i] &= v, |=, ^= too, on [u]int32/[u]int64 elements; 8- and
         16-bit integers (and their vectors) have no atomics in Warp: a
         plain read-modify-write.  (Warp also lists int64 as non-atomic;
         warpc's atomic gives the same result without a race.) */
      const ir_type *et = arr->type->elem;
      int es = et->kind == IR_T_SCALAR                        ? et->scalar
               : et->kind == IR_T_VEC || et->kind == IR_T_MAT ? et->elem->scalar
                                                              : -1;
      bool wide = es == WP_SCALAR_INT32 || es == WP_SCALAR_UINT32 ||
                  es == WP_SCALAR_INT64 || es == WP_SCALAR_UINT64;
      bool narrow = es == WP_SCALAR_INT8 || es == WP_SCALAR_UINT8 ||
                    es == WP_SCALAR_INT16 || es == WP_SCALAR_UINT16;
      if ((s->op == AST_OP_ADD || s->op == AST_OP_SUB) && !narrow) {
        lower_atomic(c,
                     ir_builtin_get(s->op == AST_OP_ADD ? IR_B_ATOMIC_ADD
                                                        : IR_B_ATOMIC_SUB),
                     addr, n, v, s->value->loc, s->loc);
        return;
      }
      if (s->op == AST_OP_BITAND || s->op == AST_OP_BITOR ||
          s->op == AST_OP_BITXOR || narrow) {
        if (wide) {
          lower_atomic(c,
                       ir_builtin_get(s->op == AST_OP_BITAND ? IR_B_ATOMIC_AND
                                      : s->op == AST_OP_BITOR
                                          ? IR_B_ATOMIC_OR
                                          : IR_B_ATOMIC_XOR),
                       addr, n, v, s->value->loc, s->loc);
          return;
        }
        ir_value *old = lower_emit(c, IR_LOAD, et, addr, n, t->loc);
        lower_check_reload(c, arr, t->loc);
        ir_value *args[2] = {old, v};
        ir_value *r = lower_binary_op(c, op, args, s->loc);
        if (r)
          store(c, t, arr, r, s->value->loc);
        return;
      }
      if (c->fs->f->kind == IR_FUNC_KERNEL && c->fs->f->options.enable_backward)
        wp_warning(c->diag, WP_W_ADJOINT_INPLACE, s->loc,
                   "'%s=' on an array element: the gradient with respect to "
                   "the other operand uses the updated element, not the old "
                   "one (write to another array, or "
                   "@wp.kernel(enable_backward=False))",
                   wp_ast_op_str(s->op));
      ir_value *old = lower_emit(c, IR_LOAD, arr->type->elem, addr, n, t->loc);
      lower_check_reload(c, arr, t->loc);
      ir_value *args[2] = {old, v};
      ir_value *r = lower_binary_op(c, op, args, s->loc);
      if (r)
        store(c, t, arr, r, s->value->loc);
      return;
    }
  }
  if ((t->kind == AST_EXPR_ATTRIBUTE || t->kind == AST_EXPR_SUBSCRIPT) &&
      struct_rooted(c, t->value)) {
    ir_value *cur = lower_expr(c, t);
    ir_value *v = cur ? lower_expr(c, s->value) : NULL;
    if (!v)
      return;
    ir_value *args[2] = {cur, v};
    ir_value *r = lower_binary_op(c, op, args, s->loc);
    if (r)
      lower_assign_to(c, t, r, s);
    return;
  }
  bool part = lower_spatial_is_part(c, t); /* x.p += v on a transform */
  if (t->kind == AST_EXPR_NAME || part) {
    ir_value *cur = lower_expr(c, t);
    ir_value *v = cur ? lower_expr(c, s->value) : NULL;
    if (!v)
      return;
    ir_value *args[2] = {cur, v};
    ir_value *r = lower_binary_op(c, op, args, s->loc);
    /* t += u of two tiles (-=, &=, |=, ^=) is in place in Warp: the
       caller of a func sees it; other ops bind a new tile */
    bool inplace = cur->type->kind == IR_T_TILE && v->type->kind == IR_T_TILE &&
                   (op == IR_B_ADD || op == IR_B_SUB || op == IR_B_BIT_AND ||
                    op == IR_B_BIT_OR || op == IR_B_BIT_XOR);
    if (r && part)
      lower_spatial_set_part(c, t, r);
    else if (r) {
      lower_note_changed(c, t);
      /* Warp's in-place tile operators write through a tile_broadcast */
      if (inplace && lower_tile_inplace_broadcast(c, t->name, cur, r, s->loc))
        return;
      if (inplace && r->type != cur->type) /* a view: written through */
        r = lower_tile_fill(c, cur, r, s->loc);
      if (inplace && r)
        lower_tile_write(c, t->name, cur, r, t->loc);
      else if (inplace)
        return;
      else
        lower_bind_var(c, t->name, r, t->loc);
    }
    return;
  }
  if ((t->kind == AST_EXPR_ATTRIBUTE || t->kind == AST_EXPR_SUBSCRIPT) &&
      lower_spatial_part_component(c, t))
    return;
  lower_place p = {.stmt = s};
  if (lower_place_resolve(c, t->value, &p)) {
    if (p.type && p.type->kind == IR_T_TILE && t->kind == AST_EXPR_SUBSCRIPT &&
        lower_tile_is_view_subscript(t, p.type->ndim)) {
      wp_error(c->diag, s->loc,
               "compound assignment to a tile view (t[a:b, :] += x, t[i] += "
               "x) is not supported, as in Warp: read the view, update it "
               "and assign it back");
      return;
    }
    ir_value *cur = lower_place_component(c, &p, t, NULL, s);
    ir_value *v = cur ? lower_expr(c, s->value) : NULL;
    if (!v)
      return;
    ir_value *args[2] = {cur, v};
    /* t[i] += v on a tile of structs: member-wise, as Warp */
    bool tile_struct =
        p.type->kind == IR_T_TILE && ir_tile_struct_summable(cur->type) &&
        v->type == cur->type && (op == IR_B_ADD || op == IR_B_SUB);
    ir_value *r = tile_struct
                      ? lower_tile_struct_value_op(c, op, cur, v, s->loc)
                      : lower_binary_op(c, op, args, s->loc);
    if (r)
      lower_place_component(c, &p, t, r, s);
  }
}

/* `x: T = v` in a kernel or func: warp-lang 1.19 refuses the statement
 * ("Construct `ast.AnnAssign` not supported in kernels"), and so does
 * warpc (it took the annotation for the variable's type before). */
void lower_annassign(lower_ctx *c, const ast_stmt *s) {
  const ast_expr *target = s->targets[0];
  if (target->kind == AST_EXPR_NAME && s->value)
    wp_error(c->diag, s->loc,
             "annotated assignment is not supported in Warp kernels and "
             "functions (warp-lang refuses it): write '%s = %.*s(...)' "
             "instead",
             target->name,
             (int)(s->annotation->loc.end - s->annotation->loc.start),
             s->annotation->loc.src->text + s->annotation->loc.start);
  else
    wp_error(c->diag, s->loc,
             "annotated assignment is not supported in Warp kernels and "
             "functions (warp-lang refuses it)");
  lower_poison(c, target); /* its uses do not report again */
}
