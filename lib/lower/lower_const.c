/* lower_const.c - module-level constants.  A kernel may read a global name
 * assigned at module level (`N = 16`, `DT = 1.0 / 60.0`,
 * `G = wp.constant(wp.vec3(0.0, -9.8, 0.0))`).  Its value is computed the way
 * Python computes it when the module runs (ints are exact, floats are
 * doubles, later assignments see earlier ones) and is then captured into the
 * kernel as Warp does: ints as int32 (int64 when they do not fit), floats as
 * float32, typed values (wp.float64(...), vectors) with their type. */
#include <math.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "../support/diag_log.h"
#include "lower_cvalue.h"

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc);
static bool not_const(lower_ctx *c, const ast_expr *e);
static const ast_global *find_global(lower_ctx *c, const char *name, int limit,
                                     int *idx);

/* An operator on a numpy scalar: its result type depends on the numpy
 * version (NEP 50), so warpc asks for a conversion first. */
static bool numpy_operand(lower_ctx *c, const ast_expr *e, const ir_type *t) {
  if (c->const_quiet)
    return false;
  wp_error(c->diag, e->loc,
           "warpc does not compute with numpy scalars (this is a "
           "numpy.%s); convert it first: float(...), int(...) or wp.%s(...)",
           t->name, t->name);
  return false;
}

static bool not_const(lower_ctx *c, const ast_expr *e) {
  if (c->const_quiet)
    return false; /* the caller reports */
  if (e->kind == AST_EXPR_UNSUPPORTED && e->name &&
      !strcmp(e->name, WP_RUNTIME_VALUE)) {
    wp_error(c->diag, e->loc,
             "what this statement computes is not known at compile time: "
             "warpc runs a host function's assignments, the ifs on "
             "constants and the matches on values, not its loops, try or "
             "with statements, other matches, or ifs on other values");
    return false;
  }
  if (e->kind == AST_EXPR_UNSUPPORTED && e->name &&
      !strcmp(e->name, AST_MODULE_RUNTIME_VALUE)) {
    wp_error(c->diag, e->loc,
             "a name this statement assigns is not known at compile time: "
             "warpc does not run module-level if, loop, try, with or match "
             "statements (assign the value at module level)");
    return false;
  }
  if (c->in_static && c->const_depth == 0) {
    if (e->kind == AST_EXPR_NAME) {
      wp_error(c->diag, e->loc, "'%s' is not a compile-time constant", e->name);
      if (lower_var_index(c, e->name, false) >= 0)
        wp_note(c->diag, e->loc,
                "'%s' is a kernel variable: wp.static() sees a loop "
                "variable only in a loop that Warp unrolls, over range() of "
                "constants",
                e->name);
    } else
      wp_error(c->diag, e->loc,
               "this expression cannot be evaluated at compile time");
    return false;
  }
  wp_error(
      c->diag, e->loc,
      "module-level value is not a compile-time constant warpc can evaluate");
  return false;
}

/* A constant of another module (`from util import N`, `util.N`): its
 * value computed in that module.  Anything else is not a constant. */
static bool eval_binding(lower_ctx *c, const ast_expr *e, binding b,
                         cvalue *out) {
  if (b.kind == BIND_MISSING || b.kind == BIND_BADNAME) {
    lower_report_binding(c, b, e->name, e->loc);
    return false;
  }
  if (b.kind == BIND_WARP && lower_warp_constant(b.warp, &out->f)) {
    out->kind = CV_FLOAT; /* from warp import pi */
    return true;
  }
  if (b.kind != BIND_GLOBAL || b.module == c->mod)
    return not_const(c, e);
  if (++c->const_depth > 64) {
    c->const_depth--;
    return not_const(c, e);
  }
  clo_scope s = lower_clo_enter(c, NULL, 0);
  int old = lower_enter_module(c, b.module);
  bool ok = eval(c, c->ast->globals[b.index].value, b.index, out);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  c->const_depth--;
  return ok;
}

static const ast_global *find_global(lower_ctx *c, const char *name, int limit,
                                     int *index) {
  for (int i = limit - 1; i >= 0; i--)
    if (strcmp(c->ast->globals[i].name, name) == 0) {
      *index = i;
      return &c->ast->globals[i];
    }
  return NULL;
}

/* call with each `*x` argument, x a sequence constant (a tuple or list,
 * through module-level names and subscripts: `T(*DATA[KEY])`), replaced by
 * its items; call itself when it has none; NULL when x is no such sequence
 * (reported). */
static const ast_expr *spread_call(lower_ctx *c, const ast_expr *call,
                                   int limit) {
  int n = 0, k = 0;
  while (k < call->nitems && call->items[k]->kind != AST_EXPR_STARRED)
    k++;
  if (k == call->nitems)
    return call; /* the common case: nothing to spread */
  const ast_expr **seqs =
      WP_NEW_ARRAY(c->A, const ast_expr *, call->nitems + 1);
  for (int i = 0; i < call->nitems; i++) {
    const ast_expr *a = call->items[i];
    if (a->kind != AST_EXPR_STARRED) {
      n++;
      continue;
    }
    int lim = limit;
    seqs[i] = lower_cv_follow(c, a->value, &lim);
    if (!lower_cv_is_seq(seqs[i])) {
      not_const(c, a);
      return NULL;
    }
    n += seqs[i]->nitems;
  }
  ast_expr *r = WP_NEW(c->A, ast_expr);
  *r = *call;
  r->items = WP_NEW_ARRAY(c->A, ast_expr *, n + 1);
  r->nitems = 0;
  for (int i = 0; i < call->nitems; i++)
    if (call->items[i]->kind != AST_EXPR_STARRED)
      r->items[r->nitems++] = call->items[i];
    else
      for (int k = 0; k < seqs[i]->nitems; k++)
        r->items[r->nitems++] = seqs[i]->items[k];
  return r;
}

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);

/* e's value, if it has one, with no diagnostic either way. */
static bool quiet_eval(lower_ctx *c, const ast_expr *e, int limit,
                       cvalue *out) {
  wp_diag_log *log = wp_diag_log_new();
  wp_diag scratch = wp_diag_capture(c->diag, log);
  wp_diag *saved = c->diag;
  bool quiet = c->const_quiet;
  c->diag = &scratch;
  c->const_quiet = true;
  bool ok = eval(c, e, limit, out) && !scratch.errors;
  c->diag = saved;
  c->const_quiet = quiet;
  wp_diag_log_free(log);
  return ok;
}

/* v[k] of an expression whose value is a constant vector (`Kind.X.axes[2]`,
 * a property's wp.constant vector): 1 with *out its component k, 0 when it
 * is none. */
static int vector_item(lower_ctx *c, const ast_expr *e, int limit,
                       cvalue *out) {
  cvalue v, k;
  if (e->nitems != 1 || e->items[0]->kind == AST_EXPR_SLICE ||
      !quiet_eval(c, e->value, limit, &v) || v.kind != CV_TYPED ||
      v.type->kind != IR_T_VEC || !quiet_eval(c, e->items[0], limit, &k))
    return 0;
  lower_cv_untype(&k);
  int64_t i = k.i, n = v.type->rows;
  if (k.kind != CV_INT || i < -n || i >= n)
    return 0;
  if (i < 0)
    i += n;
  lower_cv_scalar_result(c, v.type->elem, v.comp[i], v.icomp[i], out);
  return 1;
}

/* Is d decorated @property? */
static bool is_property(const ast_def *d) {
  for (int i = 0; i < d->ndecorators; i++)
    if (d->decorators[i]->kind == AST_EXPR_NAME &&
        !strcmp(d->decorators[i]->name, "property"))
      return true;
  return false;
}

/* The @property def `name` of the enum class of member *self, or NULL. */
static const ast_def *property_of(lower_ctx *c, const cvalue *self,
                                  const char *name) {
  binding m =
      lower_lookup(c, self->enum_mod,
                   wp_arena_printf(c->A, "%s.%s", self->enum_cls->name, name));
  return m.kind == BIND_OTHER && m.def && is_property(m.def) ? m.def : NULL;
}

/* x.value, x.OTHER, x.prop with x an expression whose value is a member of
 * an IntEnum / IntFlag class (a factory's parameter, `self` in an
 * @property): its integer, another member of its class, or the property
 * run on it (newton's `dof_type.num_dofs`).  1 with *out set, -1 when
 * reported, 0 when x is no such member. */
static int member_attr(lower_ctx *c, const ast_expr *e, int limit,
                       cvalue *out) {
  cvalue self;
  if (!quiet_eval(c, e->value, limit, &self) || self.kind != CV_INT ||
      !self.enum_cls)
    return 0;
  const ast_def *d = self.enum_cls;
  if (!strcmp(e->name, "value")) {
    *out = self;
    out->enum_kind = 0;
    out->enum_cls = NULL;
    return 1;
  }
  for (int i = 0; i < d->nfields; i++)
    if (!strcmp(d->fields[i].name, e->name)) {
      int64_t v, mask;
      int r = lower_enum_member_of(c, self.enum_mod, d, e, &v, &mask);
      if (r <= 0)
        return -1;
      *out = self;
      out->i = v;
      out->enum_kind = r;
      out->enum_mask = mask;
      return 1;
    }
  const ast_def *prop = property_of(c, &self, e->name);
  if (!prop)
    return 0;
  return lower_cv_method(c, prop, self.enum_mod, &self, e, out, NULL) ? 1 : -1;
}

const ast_expr *lower_property_result(lower_ctx *c, const ast_expr *e,
                                      int *mod) {
  cvalue self, unused;
  if (e->kind != AST_EXPR_ATTRIBUTE ||
      !quiet_eval(c, e->value, c->ast->nglobals, &self) ||
      self.kind != CV_INT || !self.enum_cls)
    return NULL;
  const ast_def *prop = property_of(c, &self, e->name);
  const ast_expr *ret = NULL;
  if (!prop ||
      !lower_cv_method(c, prop, self.enum_mod, &self, e, &unused, &ret))
    return NULL;
  *mod = self.enum_mod;
  return ret;
}

static bool eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out) {
  memset(out, 0, sizeof *out);
  switch (e->kind) {
  case AST_EXPR_INT:
    out->kind = CV_INT;
    out->i = (int64_t)e->int_value;
    return true;
  case AST_EXPR_FLOAT:
    out->kind = CV_FLOAT;
    out->f = e->float_value;
    return true;
  case AST_EXPR_BOOL:
    out->kind = CV_BOOL;
    out->i = e->bool_value;
    return true;
  case AST_EXPR_NAME: {
    int idx, scope = 0;
    if (c->const_env && c->const_depth == c->const_env_depth)
      for (const_env *v = c->const_env; v; v = v->next)
        if (strcmp(v->name, e->name) == 0) {
          *out = v->v;
          return true;
        }
    ir_value *lv = c->in_static && c->const_depth == 0
                       ? lower_static_local(c, e->name)
                       : NULL;
    if (lv) { /* an unrolled loop's variable, a local holding a constant */
      out->kind = ir_type_is_float(lv->type)  ? CV_FLOAT
                  : ir_type_is_bool(lv->type) ? CV_BOOL
                                              : CV_INT;
      out->i = lv->ival;
      out->f = lv->fval;
      return true;
    }
    const ast_expr *cv = lower_closure_value(c, e->name, &scope);
    if (cv) { /* captured by a factory-made definition */
      factory_closure *clo = c->clo;
      clo_scope s = lower_clo_enter(c, clo, scope);
      bool ok = eval(c, cv, lower_clo_limit(clo, scope), out);
      lower_clo_leave(c, s);
      return ok;
    }
    const ast_global *g = find_global(c, e->name, limit, &idx);
    if (!g) /* a constant imported from another file */
      return eval_binding(c, e, lower_lookup(c, c->mod, e->name), out);
    if (++c->const_depth > 64) {
      c->const_depth--;
      return not_const(c, e);
    }
    /* computed at module level: no factory's names */
    clo_scope s = lower_clo_enter(c, NULL, 0);
    bool ok = eval(c, g->value, idx, out);
    lower_clo_leave(c, s);
    c->const_depth--;
    return ok;
  }
  case AST_EXPR_ATTRIBUTE: {
    const char *wpath = lower_warp_path(c, e);
    if (wpath && lower_warp_constant(wpath, &out->f)) { /* wp.pi */
      out->kind = CV_FLOAT;
      return true;
    }
    if (wpath && (!strcmp(wpath, "Volume.CLOSEST") ||
                  !strcmp(wpath, "Volume.LINEAR"))) { /* Python ints */
      memset(out, 0, sizeof *out);
      out->kind = CV_INT;
      out->i = wpath[7] == 'L';
      return true;
    }
    int64_t ev, mask;
    bool plain;
    int r = lower_enum_member(c, e, &ev, &plain, &mask);
    if (r < 0)
      return false;
    if (r > 0) {
      out->kind = CV_INT;
      out->i = ev;
      out->enum_kind = plain ? 0 : r;
      out->enum_mask = mask;
      binding cls = plain ? (binding){0} : lower_resolve(c, e->value);
      if (cls.kind == BIND_ENUM) {
        out->enum_cls = cls.def;
        out->enum_mod = cls.module;
      }
      return true;
    }
    if (e->value->kind == AST_EXPR_NAME ||
        e->value->kind == AST_EXPR_ATTRIBUTE) {
      binding b = lower_resolve(c, e->value);
      if (b.kind == BIND_MODULE)
        return eval_binding(c, e, lower_lookup_attr(c, b.module, e->name), out);
    }
    /* math.pi, np.finfo(np.float32).eps */
    int h = lower_cv_host_attr(c, e, out);
    if (h)
      return h > 0;
    h = member_attr(c, e, limit, out);
    if (h)
      return h > 0;
    break;
  }
  case AST_EXPR_UNARY: {
    if (!eval(c, e->items[0], limit, out))
      return false;
    if (out->npy && e->op != AST_OP_NEG && e->op != AST_OP_POS)
      return numpy_operand(c, e->items[0], out->npy);
    if (out->npy) { /* -np.float32(x) is exact in its type */
      out->f = -out->f;
      out->i = (int64_t)(0 - (uint64_t)out->i);
      if (e->op == AST_OP_POS)
        out->f = -out->f, out->i = (int64_t)(0 - (uint64_t)out->i);
      return true;
    }
    if (out->kind == CV_TYPED && out->type->kind == IR_T_SCALAR &&
        (e->op == AST_OP_NEG || e->op == AST_OP_POS)) {
      /* wp.neg / wp.pos: the same type (see eval_scalar_binary) */
      const ir_type *t = out->type;
      bool neg = e->op == AST_OP_NEG;
      double f = neg ? -out->comp[0] : out->comp[0];
      int64_t i = neg ? (int64_t)(0 - (uint64_t)out->icomp[0]) : out->icomp[0];
      lower_cv_scalar_result(c, t, f, i, out);
      return true;
    }
    lower_cv_untype(out);
    int ek = out->enum_kind;
    out->enum_kind = 0;
    if (out->kind == CV_TYPED && e->op == AST_OP_NEG) {
      for (int k = 0; k < out->type->rows * out->type->cols; k++) {
        out->comp[k] = -out->comp[k];
        out->icomp[k] = (int64_t)(0 - (uint64_t)out->icomp[k]);
      }
      return true;
    }
    if (out->kind == CV_TYPED)
      return not_const(c, e);
    if (e->op == AST_OP_NEG) {
      if (out->kind == CV_FLOAT)
        out->f = -out->f;
      else
        out->kind = CV_INT, out->i = -out->i;
    } else if (e->op == AST_OP_NOT) {
      out->i = out->kind == CV_FLOAT ? out->f == 0 : out->i == 0;
      out->kind = CV_BOOL;
    } else if (e->op == AST_OP_INVERT && out->kind != CV_FLOAT) {
      out->enum_kind = ek == 2 ? 2 : 0;
      out->kind = CV_INT;
      /* Python: ~ of an IntFlag flips the bits its members span */
      out->i =
          ek == 2 && out->i >= 0 ? out->i ^ (out->enum_mask | out->i) : ~out->i;
    } else if (e->op != AST_OP_POS)
      return not_const(c, e);
    return true;
  }
  case AST_EXPR_BINARY: {
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a) || !eval(c, e->items[1], limit, &b))
      return false;
    if (a.npy || b.npy)
      return numpy_operand(c, e->items[a.npy ? 0 : 1], a.npy ? a.npy : b.npy);
    return lower_cv_binary(c, e, &a, &b, out);
  }
  case AST_EXPR_COMPARE: {
    if (e->nitems == 2 &&
        (e->ops[0] == AST_OP_IN || e->ops[0] == AST_OP_NOT_IN))
      return lower_cv_membership(c, e, limit, out);
    if (e->nitems == 2 && (e->ops[0] == AST_OP_EQ || e->ops[0] == AST_OP_NE)) {
      /* MODE == "fast": strings are equal or not; a string is never equal
         to a number */
      int la = limit, lb = limit;
      const ast_expr *x = lower_cv_follow(c, e->items[0], &la);
      const ast_expr *y = lower_cv_follow(c, e->items[1], &lb);
      if (x->kind == AST_EXPR_STRING || y->kind == AST_EXPR_STRING) {
        cvalue other;
        if ((x->kind != AST_EXPR_STRING && !eval(c, x, la, &other)) ||
            (y->kind != AST_EXPR_STRING && !eval(c, y, lb, &other)))
          return false;
        bool same = x->kind == AST_EXPR_STRING && y->kind == AST_EXPR_STRING &&
                    !strcmp(x->string, y->string);
        memset(out, 0, sizeof *out);
        out->kind = CV_BOOL;
        out->i = same == (e->ops[0] == AST_OP_EQ);
        return true;
      }
    }
    cvalue a, b;
    if (!eval(c, e->items[0], limit, &a))
      return false;
    bool r = true;
    for (int k = 0; k + 1 < e->nitems && r; k++) {
      if (!eval(c, e->items[k + 1], limit, &b))
        return false;
      if (a.npy || b.npy)
        return numpy_operand(c, e->items[a.npy ? k : k + 1],
                             a.npy ? a.npy : b.npy);
      lower_cv_untype(&a);
      lower_cv_untype(&b);
      if (a.kind == CV_TYPED || b.kind == CV_TYPED)
        return not_const(c, e);
      bool ints = a.kind != CV_FLOAT && b.kind != CV_FLOAT;
      double x = cv_num(&a), y = cv_num(&b);
      int cmp = ints ? (a.i > b.i) - (a.i < b.i) : (x > y) - (x < y);
      bool unordered = !ints && (x != x || y != y);
      switch (e->ops[k]) {
      case AST_OP_EQ: r = !unordered && cmp == 0; break;
      case AST_OP_NE: r = unordered || cmp != 0; break;
      case AST_OP_LT: r = !unordered && cmp < 0; break;
      case AST_OP_LE: r = !unordered && cmp <= 0; break;
      case AST_OP_GT: r = !unordered && cmp > 0; break;
      case AST_OP_GE: r = !unordered && cmp >= 0; break;
      case AST_OP_IS:
      case AST_OP_IS_NOT: {
        /* enum members are singletons (an alias is the same member);
           True / False too; other objects' identity is not known */
        bool members = a.enum_cls && b.enum_cls;
        if (!members && !(a.kind == CV_BOOL && b.kind == CV_BOOL))
          return not_const(c, e);
        bool same = a.i == b.i && (!members || (a.enum_cls == b.enum_cls &&
                                                a.enum_mod == b.enum_mod));
        r = same == (e->ops[k] == AST_OP_IS);
        break;
      }
      default: return not_const(c, e);
      }
      a = b;
    }
    memset(out, 0, sizeof *out);
    out->kind = CV_BOOL;
    out->i = r;
    return true;
  }
  case AST_EXPR_BOOLOP: {
    /* Python's and/or give one of the operands */
    if (!eval(c, e->items[0], limit, out))
      return false;
    lower_cv_untype(out);
    if (out->kind == CV_TYPED)
      return not_const(c, e);
    bool t = out->kind == CV_FLOAT ? out->f != 0 : out->i != 0;
    if ((e->op == AST_OP_AND) == t)
      return eval(c, e->items[1], limit, out);
    return true;
  }
  case AST_EXPR_SUBSCRIPT: { /* VALUES[k] of a tuple or list */
    int lim = limit;
    bool reported;
    const ast_expr *item = lower_const_item(c, e, &lim, &reported);
    if (!item && !reported && vector_item(c, e, limit, out))
      return true;
    if (!item)
      return reported ? false : not_const(c, e);
    if (++c->const_depth > 64) {
      c->const_depth--;
      return not_const(c, e);
    }
    clo_scope s = lower_clo_enter(c, NULL, 0);
    bool ok = eval(c, item, lim, out);
    lower_clo_leave(c, s);
    c->const_depth--;
    return ok;
  }
  case AST_EXPR_IFEXP: {
    cvalue cond;
    if (!eval(c, e->items[0], limit, &cond))
      return false;
    lower_cv_untype(&cond);
    if (cond.kind == CV_TYPED)
      return not_const(c, e);
    bool t = cond.kind == CV_FLOAT ? cond.f != 0 : cond.i != 0;
    return eval(c, e->items[t ? 1 : 2], limit, out);
  }
  case AST_EXPR_CALL: {
    const ast_expr *spread = spread_call(c, e, limit);
    if (spread != e) /* T(*ROWS): the items of the sequence as arguments */
      return spread && eval(c, spread, limit, out);
    if (e->value->kind == AST_EXPR_NAME && strcmp(e->value->name, "len") == 0 &&
        e->nitems == 1 && !lower_warp_path(c, e->value))
      return lower_cv_len(c, e, limit, out);
    int h = lower_cv_host_call(c, e, limit, out); /* math.cos(x), round */
    if (h)
      return h > 0;
    const char *path = lower_warp_path(c, e->value);
    if (path && (!strcmp(path, "constant") || !strcmp(path, "static")) &&
        e->nitems == 1 && !e->nkeywords)
      return eval(c, e->items[0], limit, out);
    if (!path && c->in_static &&
        (e->value->kind == AST_EXPR_NAME ||
         e->value->kind == AST_EXPR_ATTRIBUTE)) {
      binding b = lower_resolve(c, e->value);
      if (b.kind == BIND_FUNC && b.func->module == c->mod)
        return lower_cv_func(c, e, b.func->def, limit, out);
    }
    if (!path) { /* make_bitmask(31): a host def of the program */
      int r = lower_host_call(c, e, out);
      if (r)
        return r > 0;
    }
    const ir_type *t = NULL;
    if (path) {
      entity en = lower_warp_name(c, path);
      if (en.kind == ENT_TYPE)
        t = en.type;
    } else if (e->value->kind == AST_EXPR_NAME) {
      const char *n = e->value->name;
      t = lower_alias(c, n);
      if (t && t->kind != IR_T_STRUCT && t->kind != IR_T_ARRAY)
        return lower_cv_typed(c, e, t, limit, out);
      t = NULL;
      if (strcmp(n, "float") == 0 || strcmp(n, "int") == 0) {
        if (e->nitems != 1 || !eval(c, e->items[0], limit, out))
          return false;
        lower_cv_untype(out); /* float(np.float32(x)), int(wp.int8(3)) */
        if (out->kind == CV_TYPED)
          return not_const(c, e);
        out->enum_kind = 0;
        out->npy = NULL;
        if (n[0] == 'f')
          out->f = cv_num(out), out->kind = CV_FLOAT;
        else
          out->i = out->kind == CV_FLOAT ? (int64_t)out->f : out->i,
          out->kind = CV_INT;
        return true;
      }
    }
    if (!path && e->value->kind == AST_EXPR_ATTRIBUTE) /* u.Vec(...) */
      t = lower_binding_type(c, lower_resolve(c, e->value));
    if (!path && e->value->kind == AST_EXPR_CALL && /* vector(...)(...) */
        lower_is_type_expr(c, e->value) && !(t = lower_type_expr(c, e->value)))
      return false;
    if (t && t->kind != IR_T_ARRAY)
      return lower_cv_typed(c, e, t, limit, out);
    break;
  }
  default: break;
  }
  return not_const(c, e);
}

static ir_value *materialize(lower_ctx *c, const cvalue *v, wp_loc loc) {
  if (v->npy) { /* warp-lang: "Invalid external reference type" */
    wp_error(c->diag, loc,
             "a numpy scalar (numpy.%s) cannot be used in a kernel, as in "
             "warp-lang; convert it: float(...), int(...) or wp.%s(...)",
             v->npy->name, v->npy->name);
    return NULL;
  }
  switch (v->kind) {
  case CV_INT: return lower_py_int(c, v->i);
  case CV_FLOAT: return lower_py_float(c, v->f);
  case CV_BOOL: return lower_const_int(c, ir_t_bool(c->T), v->i);
  case CV_TYPED: {
    const ir_type *t = v->type;
    const ir_type *st = t->kind == IR_T_SCALAR ? t : t->elem;
    int n = t->kind == IR_T_SCALAR ? 1 : t->rows * t->cols;
    ir_value **comps = WP_NEW_ARRAY(c->A, ir_value *, n);
    for (int k = 0; k < n; k++)
      comps[k] = ir_type_is_float(st) ? lower_const_float(c, st, v->comp[k])
                                      : lower_const_int(c, st, v->icomp[k]);
    if (t->kind == IR_T_SCALAR) /* a constant a constructor converts */
      return v->py ? lower_mark_py(comps[0], v->py, v->pyf) : comps[0];
    return lower_emit(c, IR_COMPOSE, t, comps, n, loc);
  }
  }
  return NULL;
}

/* Warp takes enum members written Class.NAME in a kernel, but not through
 * a name bound to one. */
static void enum_value_error(lower_ctx *c, const char *name, wp_loc use,
                             const char *what) {
  wp_error(c->diag, use,
           "'%s' (%s) holds an %s member, which Warp does not accept in a "
           "kernel; use int(...) or write the member in the kernel",
           name, what, "IntEnum/IntFlag");
}

bool lower_closure(lower_ctx *c, const char *name, wp_loc use, entity *out) {
  int scope = 0;
  const ast_expr *e = lower_closure_value(c, name, &scope);
  if (!e)
    return false;
  cvalue v;
  int errors = c->diag->errors;
  factory_closure *clo = c->clo;
  clo_scope s = lower_clo_enter(c, clo, scope);
  bool quiet = c->const_quiet;
  c->const_quiet = true;
  bool ok = eval(c, e, lower_clo_limit(clo, scope), &v);
  c->const_quiet = quiet;
  lower_clo_leave(c, s);
  if (!ok) {
    if (c->diag->errors == errors) {
      wp_error(c->diag, use,
               "captured name '%s' is not a compile-time constant", name);
      wp_note(c->diag, e->loc,
              "'%s' is bound to this value by the factory '%s' called at line "
              "%u",
              name, clo->factory->name, clo->call_loc.line);
    }
    *out = (entity){.kind = ENT_ERROR};
    return true;
  }
  if (v.enum_kind) {
    enum_value_error(c, name, use, "captured by a factory-made definition");
    *out = (entity){.kind = ENT_ERROR};
    return true;
  }
  ir_value *val = materialize(c, &v, use);
  *out = (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
  return true;
}

entity lower_global_at(lower_ctx *c, int mod, int index, wp_loc use) {
  if (lower_factory_failed(c, mod, index))
    return (entity){.kind = ENT_ERROR};      /* its call was reported */
  clo_scope s = lower_clo_enter(c, NULL, 0); /* no factory's names */
  int old = lower_enter_module(c, mod);
  const ast_global *g = &c->ast->globals[index];
  cvalue v;
  int errors = c->diag->errors;
  bool ok = eval(c, g->value, index, &v);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  if (!ok) {
    if (c->diag->errors > errors)
      wp_note(c->diag, use, "'%s' is used in a kernel here", g->name);
    return (entity){.kind = ENT_ERROR};
  }
  if (v.enum_kind) {
    enum_value_error(c, g->name, use, "a module-level name");
    return (entity){.kind = ENT_ERROR};
  }
  ir_value *val = materialize(c, &v, use);
  return (entity){.kind = val ? ENT_VALUE : ENT_ERROR, .value = val};
}

static const ir_type *cv_type(lower_ctx *c, const cvalue *v) {
  switch (v->kind) {
  case CV_INT:
    return v->i >= INT32_MIN && v->i <= INT32_MAX
               ? ir_t_int32(c->T)
               : ir_t_scalar(c->T, WP_SCALAR_INT64);
  case CV_FLOAT: return ir_t_float32(c->T);
  case CV_BOOL: return ir_t_bool(c->T);
  case CV_TYPED: return v->type;
  }
  return NULL;
}

const ir_type *lower_const_type(lower_ctx *c, const ast_expr *e) {
  cvalue v;
  if (!eval(c, e, c->ast->nglobals, &v))
    return NULL;
  if (v.enum_kind) { /* its type is the enum class, which Warp matches to
                        no parameter type */
    wp_error(c->diag, e->loc,
             "an IntEnum/IntFlag member as a default value matches no "
             "parameter type in Warp; use its .value or int(...)");
    return NULL;
  }
  return cv_type(c, &v);
}

ir_value *lower_const_value(lower_ctx *c, const ast_expr *e, wp_loc use) {
  cvalue v;
  return eval(c, e, c->ast->nglobals, &v) ? materialize(c, &v, use) : NULL;
}

bool lower_const_int_expr(lower_ctx *c, const ast_expr *e, int64_t *out) {
  cvalue v;
  if (!eval(c, e, c->ast->nglobals, &v))
    return false;
  lower_cv_untype(&v);
  if (v.kind != CV_INT)
    return false;
  *out = v.i;
  return true;
}

bool lower_cv_eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out) {
  return eval(c, e, limit, out);
}

bool lower_cv_not_const(lower_ctx *c, const ast_expr *e) {
  return not_const(c, e);
}

const ast_global *lower_cv_find_global(lower_ctx *c, const char *name,
                                       int limit, int *index) {
  return find_global(c, name, limit, index);
}

ir_value *lower_cv_materialize(lower_ctx *c, const cvalue *v, wp_loc loc) {
  return materialize(c, v, loc);
}
