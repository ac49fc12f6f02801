/* lower_expr.c - expressions: names, literals, operators, calls and
 * attributes, lowered to typed IR values (subscripts: lower_index.c). */
#include <stdio.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_internal.h"
#include "lower_tile.h"

static void ensure_block(lower_ctx *c) {
  if (!c->fs->cur) /* code after return/break: lowered into a dead block */
    c->fs->cur = ir_block_new(c->fs->f), c->fs->cur->sealed = true;
}

ir_value *lower_emit(lower_ctx *c, ir_op op, const ir_type *t, ir_value **args,
                     int n, wp_loc loc) {
  ensure_block(c);
  return ir_append(c->fs->cur, op, t, args, n, loc);
}

ir_value *lower_const_int(lower_ctx *c, const ir_type *t, int64_t v) {
  ir_value *k = lower_emit(c, IR_CONST, t, NULL, 0, (wp_loc){0});
  k->ival = v;
  return k;
}

ir_value *lower_const_float(lower_ctx *c, const ir_type *t, double v) {
  ir_value *k = lower_emit(c, IR_CONST, t, NULL, 0, (wp_loc){0});
  k->fval = v;
  return k;
}

static const char *op_verb(ir_builtin_id id) {
  switch (id) {
  case IR_B_ADD: return "add";
  case IR_B_SUB: return "subtract";
  case IR_B_MUL: return "multiply";
  case IR_B_DIV: return "divide";
  case IR_B_FLOORDIV: return "floor-divide";
  case IR_B_MOD: return "take the remainder of";
  case IR_B_POW: return "raise";
  default: return NULL;
  }
}

/* float16 arguments, none float32 (a float32 among them is a type error
 * that the builtin's own check reports). */
/* The result type of builtin b on these arguments by its rule, or NULL
 * when it has none (reported). */
/* Vectors and matrices of bool are values warpc stores, compares (== and
 * !=) and takes apart, with no other builtin (arithmetic on them is an
 * error). */
static bool bool_composite(const ir_type *t) {
  return (t->kind == IR_T_VEC || t->kind == IR_T_MAT) &&
         t->scalar == WP_SCALAR_BOOL;
}

static const ir_type *check_call(lower_ctx *c, const ir_builtin *b,
                                 const ir_type **types, int n, wp_loc loc) {
  for (int i = 0; i < n; i++)
    if (bool_composite(types[i]) && b->id != IR_B_EQ && b->id != IR_B_NE) {
      wp_error(c->diag, loc,
               "warpc supports only == and != on vectors and matrices of "
               "bool, not '%s' (of '%s')",
               b->name, types[i]->name);
      return NULL;
    }
  const char *why = NULL;
  const ir_type *rt = b->check(c->T, b, types, n, &why);
  if (!rt) {
    const char *verb = op_verb(b->id);
    if (verb && n == 2 && b->id != IR_B_POW)
      wp_error(c->diag, loc, "cannot %s '%s' and '%s'%s%s", verb,
               types[0]->name, types[1]->name, why ? ": " : "", why ? why : "");
    else {
      char buf[256];
      ir_builtin_no_overload(b, types, n, buf, sizeof buf);
      wp_error(c->diag, loc, "%s%s%s", buf, why ? ": " : "", why ? why : "");
    }
  }
  return rt;
}

bool lower_builtin_accepts(lower_ctx *c, const ir_builtin *b, ir_value **args,
                           int n, wp_loc loc) {
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  for (int i = 0; i < n; i++)
    types[i] = args[i]->type;
  return n >= b->min_args && n <= b->max_args &&
         check_call(c, b, types, n, loc);
}

ir_value *lower_builtin(lower_ctx *c, const ir_builtin *b, ir_value **args,
                        int n, wp_loc loc) {
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  if (n < b->min_args || n > b->max_args) {
    if (b->min_args == b->max_args)
      wp_error(c->diag, loc, "'%s' takes %d argument%s, got %d", b->name,
               b->min_args, b->min_args == 1 ? "" : "s", n);
    else
      wp_error(c->diag, loc, "'%s' takes %d to %d arguments, got %d", b->name,
               b->min_args, b->max_args, n);
    return NULL;
  }
  for (int i = 0; i < n; i++)
    types[i] = args[i]->type;
  for (int i = 0; i < n; i++)
    if (types[i]->kind == IR_T_TILE) /* operators on tiles */
      return lower_tile_elementwise(c, b, args, n, loc);
  if (lower_half_args(b, types, n))
    return lower_half_builtin(c, b, args, n, loc);
  const ir_type *rt = check_call(c, b, types, n, loc);
  if (!rt)
    return NULL;
  ir_value *v = lower_emit(c, IR_BUILTIN, rt, args, n, loc);
  v->builtin = b;
  return v;
}

ir_value *lower_cast(lower_ctx *c, ir_value *v, const ir_type *to, wp_loc loc) {
  if (v->type == to)
    return v;
  return lower_emit(c, IR_CAST, to, &v, 1, loc);
}

ir_value *lower_cond(lower_ctx *c, const ast_expr *e) {
  ir_value *v = lower_expr(c, e);
  if (!v)
    return NULL;
  if (ir_type_is_bool(v->type))
    return v;
  if (v->type->kind == IR_T_ARRAY) /* as Warp: the array is not null */
    return lower_emit(c, IR_ARRAY_VALID, ir_t_bool(c->T), &v, 1, e->loc);
  if (v->type->kind != IR_T_SCALAR) {
    wp_error(c->diag, e->loc, "a condition must be a scalar, not '%s'",
             v->type->name);
    return NULL;
  }
  if (ir_scalar_is_half(v->type->scalar)) {
    const char *hn = ir_scalar_name(v->type->scalar);
    wp_error(c->diag, e->loc,
             "a %s value has no truth value in Warp; compare it, e.g. "
             "x != wp.%s(0.0)",
             hn, hn);
    return NULL;
  }
  ir_value *args[2] = {v, lower_emit(c, IR_ZERO, v->type, NULL, 0, e->loc)};
  return lower_builtin(c, ir_builtin_get(IR_B_NE), args, 2, e->loc);
}

static int swizzle_index(const char *n) {
  if (!n[0] || n[1])
    return -1;
  switch (n[0]) {
  case 'x': return 0;
  case 'y': return 1;
  case 'z': return 2;
  case 'w': return 3;
  }
  return -1;
}

void lower_unknown_warp_name(lower_ctx *c, const char *path, wp_loc loc) {
  const char *family = ir_out_of_scope(path), *since;
  const char *instead = ir_removed_builtin(path, &since);
  if (instead)
    wp_error(c->diag, loc, "wp.%s() was removed in warp-lang %s: use %s", path,
             since, instead);
  else if (!strncmp(path, "constants.", 10) || !strncmp(path, "math.", 5))
    /* the forwarding namespaces removed in 1.12 */
    wp_error(c->diag, loc,
             "'%s' is gone from warp-lang 1.12 (warp.%.*s was internal): use "
             "wp.%s",
             path, (int)(strchr(path, '.') - path), path,
             strchr(path, '.') + 1);
  else if (!strcmp(path, "vec") || !strcmp(path, "mat"))
    wp_error(c->diag, loc,
             "wp.%s is gone from warp-lang 1.12: use wp.types.%s(...)", path,
             path[0] == 'v' ? "vector" : "matrix");
  else if (family && (!strncmp(path, "tile", 4) || !strcmp(path, "untile")))
    wp_error(c->diag, loc,
             "tile builtin '%s' is not supported by warpc yet (docs/"
             "coverage.md lists the tile builtins it compiles)",
             path);
  else if (family)
    wp_error(c->diag, loc,
             "'%s' is not supported by warpc: %s are out of scope", path,
             family);
  else
    wp_error(c->diag, loc, "'%s' is not a Warp builtin or type warpc knows",
             path);
}

static entity value_entity(ir_value *v) {
  return (entity){.kind = v ? ENT_VALUE : ENT_ERROR, .value = v};
}

bool lower_host_module(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_NAME || lower_var_index(c, e->name, false) >= 0)
    return false;
  binding b = lower_resolve(c, e);
  return b.kind == BIND_OTHER && b.import && !b.import->is_warp &&
         !b.import->target[0] &&
         (!strcmp(b.import->module, "math") ||
          !strcmp(b.import->module, "numpy"));
}

static entity attribute(lower_ctx *c, const ast_expr *e) {
  const char *path = lower_warp_path(c, e);
  double wk;
  if (path && lower_warp_constant(path, &wk)) /* a Python float: float32 */
    return value_entity(lower_mark_py(
        lower_const_float(c, ir_t_float32(c->T), (float)wk), 2, wk));
  if (path) {
    entity en = lower_warp_name(c, path);
    if (en.kind == ENT_ERROR)
      lower_unknown_warp_name(c, path, e->loc);
    return en;
  }
  binding cm = lower_class_member(c, e); /* Mode.from_int, a class's func */
  if (cm.kind != BIND_NONE)
    return lower_binding_entity(c, cm, e->name, e->loc);
  int64_t ev, mask;
  bool plain;
  int r = lower_enum_member(c, e, &ev, &plain, &mask); /* Mode.FAST */
  if (r)
    return r < 0 ? (entity){.kind = ENT_ERROR}
                 : value_entity(
                       ev >= INT32_MIN && ev <= INT32_MAX
                           ? lower_const_int(c, ir_t_int32(c->T), ev)
                           : lower_const_int(
                                 c, ir_t_scalar(c->T, WP_SCALAR_INT64), ev));
  if (lower_host_module(c, e->value)) /* math.pi in a kernel: a Python */
    return value_entity(lower_const_value(c, e, e->loc)); /* float */
  entity base = lower_entity(c, e->value);
  if (base.kind == ENT_ERROR)
    return base;
  if (base.kind == ENT_TYPE && base.type && !strcmp(e->name, "dtype") &&
      (base.type->kind == IR_T_ARRAY || base.type->kind == IR_T_VEC ||
       base.type->kind == IR_T_MAT)) /* type(a).dtype, a.dtype.dtype */
    return (entity){.kind = ENT_TYPE, .type = base.type->elem};
  if (base.kind == ENT_WARP) { /* warp reached through another module */
    const char *p = !*base.name || !strcmp(base.name, "types")
                        ? e->name
                        : wp_arena_printf(c->A, "%s.%s", base.name, e->name);
    if (lower_warp_constant(p, &wk))
      return value_entity(lower_mark_py(
          lower_const_float(c, ir_t_float32(c->T), (float)wk), 2, wk));
    entity en = lower_warp_name(c, p);
    if (en.kind == ENT_ERROR)
      lower_unknown_warp_name(c, p, e->loc);
    return en;
  }
  if (base.kind == ENT_MODULE) { /* util.f, pkg.util.S, util.CONST */
    binding b = lower_lookup_attr(c, base.module, e->name);
    if (b.kind == BIND_NONE) {
      const ast_module *m = c->prog->modules[base.module];
      wp_error(c->diag, e->loc, "module '%s' (%s) has no attribute '%s'",
               *m->mod_name ? m->mod_name : ".",
               m->src    ? m->src->path
               : *m->dir ? m->dir
                         : ".",
               e->name);
      return (entity){.kind = ENT_ERROR};
    }
    if (b.kind == BIND_OTHER && b.module == base.module) {
      wp_error(c->diag, e->loc,
               "'%s' is not a @wp.func, @wp.struct, constant or module warpc "
               "can use in a kernel",
               e->name);
      return (entity){.kind = ENT_ERROR};
    }
    return lower_binding_entity(c, b, e->name, e->loc);
  }
  if (base.kind != ENT_VALUE) {
    wp_error(c->diag, e->loc, "unknown attribute '%s'", e->name);
    return (entity){.kind = ENT_ERROR};
  }
  ir_value *v = base.value;
  if (v->type->kind == IR_T_ARRAY && strcmp(e->name, "shape") == 0)
    return (entity){.kind = ENT_SHAPE, .value = v};
  if (v->type->kind == IR_T_ARRAY && strcmp(e->name, "dtype") == 0)
    return (entity){.kind = ENT_TYPE, .type = v->type->elem};
  if (v->type->kind == IR_T_ARRAY && strcmp(e->name, "ptr") == 0)
    return value_entity(lower_array_ptr(c, v, e->loc));
  if (v->type->kind == IR_T_ARRAY && strcmp(e->name, "ndim") == 0)
    return value_entity(lower_const_int(c, ir_t_int32(c->T), v->type->ndim));
  if (ir_type_is_transform(v->type) &&
      (!strcmp(e->name, "p") || !strcmp(e->name, "q")))
    return value_entity(lower_builtin(
        c,
        ir_builtin_get(e->name[0] == 'p' ? IR_B_TRANSFORM_GET_TRANSLATION
                                         : IR_B_TRANSFORM_GET_ROTATION),
        &v, 1, e->loc));
  if (v->type->kind == IR_T_STRUCT) {
    int m = ir_struct_member(v->type, e->name);
    if (m < 0) {
      wp_error(c->diag, e->loc, "struct '%s' has no field '%s'", v->type->name,
               e->name);
      return (entity){.kind = ENT_ERROR};
    }
    ir_value *x = lower_emit(c, IR_EXTRACT, v->type->members[m], &v, 1, e->loc);
    x->aux = m;
    return value_entity(x);
  }
  int k = swizzle_index(e->name);
  if (v->type->kind == IR_T_VEC && k >= 0) {
    if (k >= v->type->rows) {
      wp_error(c->diag, e->loc, "'%s' has no component '%s'", v->type->name,
               e->name);
      return (entity){.kind = ENT_ERROR};
    }
    ir_value *x = lower_emit(c, IR_EXTRACT, v->type->elem, &v, 1, e->loc);
    x->aux = k;
    return value_entity(x);
  }
  wp_error(c->diag, e->loc, "'%s' has no attribute '%s'", v->type->name,
           e->name);
  return (entity){.kind = ENT_ERROR};
}

bool lower_name_unbound(lower_ctx *c, const char *name) {
  return lower_var_index(c, name, false) < 0 &&
         !lower_closure_value(c, name, NULL) &&
         lower_lookup(c, c->mod, name).kind == BIND_NONE;
}

static entity name_entity(lower_ctx *c, const ast_expr *e) {
  entity fl = lower_fn_local(c, e->name);
  if (fl.kind != ENT_ERROR)
    return fl;
  int var = lower_var_index(c, e->name, false);
  if (var >= 0 && c->fs->var_types[var] &&
      c->fs->var_types[var]->kind == IR_T_VOID)
    return (entity){.kind = ENT_ERROR}; /* its definition was an error */
  if (var >= 0 && c->fs->var_types[var]) {
    ensure_block(c);
    ir_value *v = lower_read_var(c, var, c->fs->cur);
    if (!v)
      v = lower_zero(c, c->fs->var_types[var]);
    else if (v->type->kind == IR_T_TILE) /* a view: of the parent's value */
      v = lower_tile_alias_read(c, e->name, v, e->loc);
    return value_entity(v);
  }
  int scope = 0;
  const ast_expr *cv = lower_closure_value(c, e->name, &scope);
  if (cv) { /* a parameter or local of the factory that made this def */
    clo_scope s = lower_clo_enter(c, c->clo, scope);
    entity r;
    bool done = true;
    binding fb = lower_resolve(c, cv);
    if (cv->kind == AST_EXPR_NAME && lower_closure_value(c, cv->name, NULL))
      r = name_entity(c, cv);      /* op = f, f a parameter */
    else if (fb.kind == BIND_FUNC) /* f, u.f, op = inner */
      r = lower_binding_entity(c, fb, e->name, e->loc);
    else if (lower_is_type_expr(c, cv)) { /* a type passed in */
      const ir_type *t = lower_type_expr(c, cv);
      r = (entity){.kind = t ? ENT_TYPE : ENT_ERROR, .type = t};
    } else
      done = false;
    int pmod;
    const ast_expr *px = done ? NULL : lower_property_result(c, cv, &pmod);
    if (px) { /* T = dof.coords_storage_type: the type a property returns */
      clo_scope none = lower_clo_enter(c, NULL, 0);
      int old = lower_enter_module(c, pmod);
      if (lower_is_type_expr(c, px)) {
        const ir_type *t = lower_type_expr(c, px);
        r = (entity){.kind = t ? ENT_TYPE : ENT_ERROR, .type = t};
        done = true;
      }
      lower_enter_module(c, old);
      lower_clo_leave(c, none);
    }
    lower_clo_leave(c, s);
    if (!done)
      lower_closure(c, e->name, e->loc, &r); /* a constant */
    return r;
  }
  /* module-level names: funcs, structs, imports (warp, other files),
     constants, enum classes, the funcs and structs of the factory that made
     this def; host code (plain defs, numpy) falls through */
  binding b = lower_lookup(c, c->mod, e->name);
  if (b.kind != BIND_NONE && (b.kind != BIND_OTHER || b.module != c->mod))
    return lower_binding_entity(c, b, e->name, e->loc);
  static const char *py_specials[] = {"float", "int", "bool",
                                      "range", "len", "print"};
  for (size_t i = 0; i < sizeof py_specials / sizeof py_specials[0]; i++)
    if (strcmp(e->name, py_specials[i]) == 0)
      return (entity){.kind = ENT_SPECIAL, .name = py_specials[i]};
  static const struct {
    const char *name;
    ir_builtin_id id;
  } py_builtins[] = {{"min", IR_B_MIN},
                     {"max", IR_B_MAX},
                     {"abs", IR_B_ABS},
                     {"round", IR_B_ROUND},
                     {"pow", IR_B_POW}};
  for (size_t i = 0; i < sizeof py_builtins / sizeof py_builtins[0]; i++)
    if (strcmp(e->name, py_builtins[i].name) == 0)
      return (entity){.kind = ENT_BUILTIN,
                      .builtin = ir_builtin_get(py_builtins[i].id)};
  if (b.kind == BIND_NONE) {
    /* as in Warp, a name the module does not bind is looked up in warp:
       sin(x), vec3(...), expect_eq(a, b) without the wp. prefix */
    entity en = lower_warp_name(c, e->name);
    if (en.kind == ENT_BUILTIN || en.kind == ENT_TYPE)
      return en;
    const char *since;
    if (ir_out_of_scope(e->name) || ir_removed_builtin(e->name, &since)) {
      lower_unknown_warp_name(c, e->name, e->loc);
      return (entity){.kind = ENT_ERROR};
    }
  }
  if (!strcmp(e->name, "print"))
    wp_error(c->diag, e->loc, "print() is not supported by warpc yet");
  else
    wp_error(c->diag, e->loc, "name '%s' is not defined", e->name);
  return (entity){.kind = ENT_ERROR};
}

ir_builtin_id lower_op_builtin(ast_op op) {
  switch (op) {
  case AST_OP_ADD: return IR_B_ADD;
  case AST_OP_SUB: return IR_B_SUB;
  case AST_OP_MUL: return IR_B_MUL;
  case AST_OP_MATMUL: return IR_B_MUL; /* m @ v: Warp's matrix product */
  case AST_OP_DIV: return IR_B_DIV;
  case AST_OP_FLOORDIV: return IR_B_FLOORDIV;
  case AST_OP_MOD: return IR_B_MOD;
  case AST_OP_POW: return IR_B_POW;
  case AST_OP_BITAND: return IR_B_BIT_AND;
  case AST_OP_BITOR: return IR_B_BIT_OR;
  case AST_OP_BITXOR: return IR_B_BIT_XOR;
  case AST_OP_LSHIFT: return IR_B_LSHIFT;
  case AST_OP_RSHIFT: return IR_B_RSHIFT;
  case AST_OP_EQ: return IR_B_EQ;
  case AST_OP_NE: return IR_B_NE;
  case AST_OP_LT: return IR_B_LT;
  case AST_OP_LE: return IR_B_LE;
  case AST_OP_GT: return IR_B_GT;
  case AST_OP_GE: return IR_B_GE;
  case AST_OP_NEG: return IR_B_NEG;
  case AST_OP_POS: return IR_B_POS;
  case AST_OP_NOT: return IR_B_NOT;
  case AST_OP_INVERT: return IR_B_INVERT;
  case AST_OP_AND: return IR_B_AND;
  case AST_OP_OR: return IR_B_OR;
  default: return IR_B_NONE;
  }
}

static ir_value *operator(lower_ctx *c, const ast_expr *e, ast_op op,
                          ir_value **args, int n, wp_loc loc) {
  ir_builtin_id id = lower_op_builtin(op);
  if (id == IR_B_NONE) {
    wp_error(c->diag, e->loc, "operator '%s' is not supported in kernels",
             wp_ast_op_str(op));
    return NULL;
  }
  return lower_builtin(c, ir_builtin_get(id), args, n, loc);
}

/* Warp emits a comparison of two scalars as the C++ expression `a < b`, so
 * scalars of different types compare after C's usual arithmetic
 * conversions (a float32 with an int32 as float32, an int32 with a uint32
 * as uint32).  The type both operands convert to, or NULL when the operands
 * are not two plain scalars of different types. */
static const ir_type *compare_type(ir_types *T, const ir_type *a,
                                   const ir_type *b) {
  if (a == b || a->kind != IR_T_SCALAR || b->kind != IR_T_SCALAR)
    return NULL;
  int sa = a->scalar, sb = b->scalar;
  if (sa == WP_SCALAR_FLOAT16 || sa == WP_SCALAR_BFLOAT16 ||
      sb == WP_SCALAR_FLOAT16 || sb == WP_SCALAR_BFLOAT16)
    return NULL;
  if (sa == WP_SCALAR_FLOAT64 || sb == WP_SCALAR_FLOAT64)
    return ir_t_scalar(T, WP_SCALAR_FLOAT64);
  if (sa == WP_SCALAR_FLOAT32 || sb == WP_SCALAR_FLOAT32)
    return ir_t_scalar(T, WP_SCALAR_FLOAT32);
  /* integers (and bool): promotion to int, then rank and signedness; the
   * codes go int8 < uint8 < ... < int64 < uint64 in pairs of one rank */
  if (sa < WP_SCALAR_INT32)
    sa = WP_SCALAR_INT32;
  if (sb < WP_SCALAR_INT32)
    sb = WP_SCALAR_INT32;
  if (sa == sb)
    return ir_t_scalar(T, sa);
  int ra = (sa - WP_SCALAR_INT8) / 2, rb = (sb - WP_SCALAR_INT8) / 2;
  bool ua = (sa - WP_SCALAR_INT8) % 2, ub = (sb - WP_SCALAR_INT8) % 2;
  if (ua == ub)
    return ir_t_scalar(T, ra > rb ? sa : sb);
  int su = ua ? sa : sb, ss = ua ? sb : sa;
  int ru = ua ? ra : rb, rs = ua ? rb : ra;
  return ir_t_scalar(T, ru >= rs ? su : ss);
}

static ir_value *compare(lower_ctx *c, const ast_expr *e) {
  ir_value *result = NULL;
  ir_value *left = lower_expr(c, e->items[0]);
  if (!left)
    return NULL;
  for (int i = 1; i < e->nitems; i++) {
    ir_value *right = lower_expr(c, e->items[i]);
    if (!right)
      return NULL;
    ir_value *args[2] = {left, right};
    const ir_type *ct = compare_type(c->T, left->type, right->type);
    if (ct) {
      args[0] = lower_cast(c, left, ct, e->loc);
      args[1] = lower_cast(c, right, ct, e->loc);
    }
    ir_value *r = operator(c, e, e->ops[i - 1], args, 2, e->loc);
    if (!r)
      return NULL;
    if (result) {
      ir_value *both[2] = {result, r};
      r = lower_builtin(c, ir_builtin_get(IR_B_AND), both, 2, e->loc);
    }
    result = r;
    left = right;
  }
  return result;
}

static ir_value *expr_value(lower_ctx *c, const ast_expr *e) {
  switch (e->kind) {
  case AST_EXPR_INT:
    return lower_mark_py(
        lower_const_int(c,
                        e->int_value <= INT32_MAX
                            ? ir_t_int32(c->T)
                            : ir_t_scalar(c->T, WP_SCALAR_INT64),
                        (int64_t)e->int_value),
        1, (double)e->int_value);
  case AST_EXPR_FLOAT:
    return lower_mark_py(
        lower_const_float(c, ir_t_float32(c->T), (double)(float)e->float_value),
        2, e->float_value);
  case AST_EXPR_BOOL: return lower_const_int(c, ir_t_bool(c->T), e->bool_value);
  case AST_EXPR_SUBSCRIPT: return lower_subscript(c, e);
  case AST_EXPR_CALL: return lower_call(c, e);
  case AST_EXPR_BOOLOP: return lower_boolop(c, e);
  case AST_EXPR_UNARY:
  case AST_EXPR_BINARY: {
    ir_value *args[2];
    int n = e->kind == AST_EXPR_UNARY ? 1 : 2;
    for (int i = 0; i < n; i++) {
      if (!(args[i] = lower_expr(c, e->items[i])))
        return NULL;
      /* `not a`: an array's truth value, as in Warp */
      if (args[i]->type->kind == IR_T_ARRAY && e->op == AST_OP_NOT)
        args[i] = lower_emit(c, IR_ARRAY_VALID, ir_t_bool(c->T), &args[i], 1,
                             e->items[i]->loc);
    }
    /* -literal stays a constant of the same type (so v[-1] is checked) */
    if (n == 1 && e->op == AST_OP_NEG && args[0]->op == IR_CONST &&
        ir_type_is_signed(args[0]->type)) {
      ir_value *k = args[0];
      if (ir_type_is_float(k->type))
        return lower_mark_py(lower_const_float(c, k->type, -k->fval), k->py,
                             -k->pyf);
      if (k->ival != INT32_MIN || k->type->scalar != WP_SCALAR_INT32)
        return lower_mark_py(
            lower_const_int(c, k->type, (int64_t)(0 - (uint64_t)k->ival)),
            k->py, -k->pyf);
    }
    if (e->kind == AST_EXPR_BINARY && lower_op_builtin(e->op) != IR_B_NONE)
      return lower_binary_op(c, lower_op_builtin(e->op), args, e->loc);
    return operator(c, e, e->op, args, n, e->loc);
  }
  case AST_EXPR_COMPARE: return compare(c, e);
  case AST_EXPR_IFEXP: return lower_ifexp(c, e);
  case AST_EXPR_TUPLE: {
    ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, e->nitems + 1);
    const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, e->nitems + 1);
    for (int i = 0; i < e->nitems; i++) {
      if (!(args[i] = lower_expr(c, e->items[i])))
        return NULL;
      types[i] = args[i]->type;
    }
    return lower_emit(c, IR_COMPOSE, ir_t_tuple(c->T, types, e->nitems), args,
                      e->nitems, e->loc);
  }
  case AST_EXPR_STRING:
    wp_error(c->diag, e->loc,
             "string values are not supported in Warp kernels");
    return NULL;
  case AST_EXPR_NONE:
    wp_error(c->diag, e->loc, "None is not a value in kernels");
    return NULL;
  case AST_EXPR_SLICE:
    wp_error(c->diag, e->loc, "slices are not supported in kernels");
    return NULL;
  case AST_EXPR_STARRED:
    wp_error(c->diag, e->loc,
             "a starred expression is only allowed as a call argument");
    return NULL;
  case AST_EXPR_BIGINT:
    wp_error(c->diag, e->loc,
             "integer literal too large: %s does not fit in 64 bits (Warp's "
             "widest integer is uint64)",
             e->string);
    return NULL;
  case AST_EXPR_UNSUPPORTED:
    wp_error(c->diag, e->loc, "%s%s are not supported in Warp kernels", e->name,
             e->name[strlen(e->name) - 1] == 's' ? "es" : "s");
    return NULL;
  default: wp_error(c->diag, e->loc, "unsupported expression"); return NULL;
  }
}

entity lower_entity(lower_ctx *c, const ast_expr *e) {
  if (e->kind == AST_EXPR_NAME)
    return name_entity(c, e);
  /* type(x): the type of a value, e.g. type(x)(0) in a generic function */
  if (e->kind == AST_EXPR_CALL && e->value->kind == AST_EXPR_NAME &&
      !strcmp(e->value->name, "type") && e->nitems == 1 && !e->nkeywords &&
      lower_var_index(c, "type", false) < 0) {
    ir_value *v = lower_expr(c, e->items[0]);
    if (!v)
      return (entity){.kind = ENT_ERROR};
    return (entity){.kind = ENT_TYPE, .type = v->type};
  }
  if (e->kind == AST_EXPR_ATTRIBUTE)
    return attribute(c, e);
  if (e->kind == AST_EXPR_CALL) { /* wp.static(FUNCS[k]) naming a function */
    const char *p = lower_warp_path(c, e->value);
    if (p && !strcmp(p, "grad"))
      return lower_grad_entity(c, e);
    entity en;
    if (p && !strcmp(p, "static") && lower_static_callee(c, e, &en))
      return en;
  }
  return value_entity(expr_value(c, e));
}

ir_value *lower_expr(lower_ctx *c, const ast_expr *e) {
  entity en = lower_entity(c, e);
  switch (en.kind) {
  case ENT_VALUE: return en.value;
  case ENT_ERROR: return NULL;
  case ENT_SHAPE:
    wp_error(c->diag, e->loc, "'shape' must be indexed, e.g. a.shape[0]");
    return NULL;
  case ENT_TYPE:
    wp_error(c->diag, e->loc, "type '%s' is not a value here", en.type->name);
    return NULL;
  case ENT_FUNC:
  case ENT_BUILTIN:
  case ENT_GRAD:
    wp_error(c->diag, e->loc,
             "a function is not a value: Warp has no function pointers; bind "
             "it to a local (f = func), pass it to a wp.Function parameter "
             "or call it");
    return NULL;
  default:
    wp_error(c->diag, e->loc, "this is a function or module, not a value");
    return NULL;
  }
}
