/* lower_overload.c - calls of @wp.func functions as Warp resolves them.
 *
 * Several `def f` of one name are overloads when their parameter types
 * differ; a later def with the same signature replaces the earlier one (in
 * its place), as when Python runs the module.  A call picks the first
 * concrete overload whose parameter types equal the argument types, else the
 * first generic one (typing.Any, wp.Scalar, wp.Float, wp.Int, arrays and
 * vectors of them) whose annotations the argument types match; a generic
 * function is lowered once per distinct tuple of argument types, its result
 * type inferred per instance.  The overloads of a name are the defs of one
 * module (file): `u.f(x)` or `f(x)` after `from u import f` picks among
 * u's.  Overloads and instances are named
 * wpo_<length of tag+name><module tag><name>_<mangled parameter types> in C,
 * e.g. wpo_1f_float32_vec3f in the main file, wpo_7util_f_float32 for
 * module util; a function with a single concrete definition keeps
 * wpf_<module tag><name>.  A func made by a factory call has no overloads;
 * its instances are named <its C name>_<mangled types>.  Arguments bind to
 * parameters as in Python (positional, keyword, default values) before an
 * overload is picked.  Signatures, annotations and default values are
 * evaluated in the scope of the def (its module, its factory's closure). */
#include <string.h>

#include "lower_internal.h"

/* The parameter types of fi (NULL for generic ones); false when reported. */
static bool signature(lower_ctx *c, func_info *fi) {
  if (fi->sig_state)
    return fi->sig_state > 0;
  const ast_def *d = fi->def;
  clo_scope cs = lower_enter_def(c, fi);
  fi->ptypes = WP_NEW_ARRAY(c->A, const ir_type *, d->nparams + 1);
  const char *sig = "";
  char *refs = WP_NEW_ARRAY(c->A, char, d->nparams + 1);
  bool ok = true;
  for (int i = 0; i < d->nparams; i++) {
    const ast_param *p = &d->params[i];
    refs[i] =
        p->annotation && lower_ref_annotation(c, p->annotation) ? '1' : '0';
    if (p->star) {
      wp_error(c->diag, p->loc,
               "*args and **kwargs are not supported in Warp functions");
      ok = false;
      continue;
    }
    if (!p->annotation) {
      wp_error(c->diag, p->loc,
               "parameter '%s' of function '%s' needs a type annotation",
               p->name, d->name);
      ok = false;
      continue;
    }
    const char *part;
    if (lower_type_is_generic(c, p->annotation)) {
      fi->generic = true;
      wp_loc l = p->annotation->loc;
      part = wp_arena_printf(c->A, "?%.*s", (int)(l.end - l.start),
                             l.src->text + l.start);
    } else {
      const ast_expr *inner = lower_ref_annotation(c, p->annotation);
      fi->ptypes[i] = lower_type_expr(c, inner ? inner : p->annotation);
      if (!fi->ptypes[i]) {
        ok = false;
        continue;
      }
      part = fi->ptypes[i]->name;
    }
    sig = wp_arena_printf(c->A, "%s,%s", sig, part);
  }
  lower_leave_def(c, cs);
  fi->sig = sig;
  fi->refs = refs;
  fi->sig_state = ok ? 1 : -1;
  return ok;
}

static const char *inst_cname(lower_ctx *c, const func_info *fi,
                              const ir_type **types, int n) {
  if (fi->clo)
    return wp_arena_printf(c->A, "%s_%s", fi->cname, lower_mangle(c, types, n));
  const char *name = wp_arena_printf(
      c->A, "%s%s", lower_module_tag(c, fi->module), fi->def->name);
  return wp_arena_printf(c->A, "wpo_%d%s_%s", (int)strlen(name), name,
                         lower_mangle(c, types, n));
}

/* Binds the arguments `a` to the parameters of fi as Python does
 * (positional, then by keyword, then defaults): slots[i] as in
 * lower_resolve_func, types[i] the type parameter i gets (a default's is
 * that of its value: 2.0 is a float32, 2 an int32).  With `report`, says
 * why they do not bind. */
static bool bind(lower_ctx *c, const func_info *fi, const call_args *a,
                 int *slots, const ir_type **types, bool report, wp_loc loc) {
  const ast_def *d = fi->def;
  int np = d->nparams;
  if (a->n > np) {
    if (report)
      wp_error(c->diag, loc, "'%s' takes %d argument%s, got %d", d->name, np,
               np == 1 ? "" : "s", a->n);
    return false;
  }
  for (int i = 0; i < np; i++)
    slots[i] = i < a->n ? i : -2;
  for (int k = 0; k < a->nkw; k++) {
    int i = 0;
    while (i < np && strcmp(d->params[i].name, a->kw_names[k]))
      i++;
    if (i == np || slots[i] != -2) {
      if (report)
        wp_error(c->diag, loc,
                 i == np ? "'%s' has no parameter '%s'"
                         : "'%s' got several values for its parameter '%s'",
                 d->name, a->kw_names[k]);
      return false;
    }
    slots[i] = a->n + k;
  }
  for (int i = 0; i < np; i++) {
    if (slots[i] >= 0) {
      types[i] = a->types[slots[i]];
      continue;
    }
    const ast_expr *dv = d->params[i].default_value;
    if (!dv) {
      int required = 0;
      for (int k = 0; k < np; k++)
        required += !d->params[k].default_value;
      if (report && !a->nkw)
        wp_error(c->diag, loc, "'%s' takes %s%d argument%s, got %d", d->name,
                 required < np ? "at least " : "", required,
                 required == 1 ? "" : "s", a->n);
      else if (report)
        wp_error(c->diag, loc, "'%s' is called without its argument '%s'",
                 d->name, d->params[i].name);
      return false;
    }
    slots[i] = -1;
    int errors = c->diag->errors;
    clo_scope cs = lower_enter_def(c, fi);
    types[i] = lower_fn_default_type(c, dv);
    if (!types[i])
      types[i] = lower_const_type(c, dv);
    lower_leave_def(c, cs);
    if (!types[i]) {
      if (c->diag->errors > errors)
        wp_note(c->diag, loc,
                "in this call: the default value of parameter '%s' of '%s' "
                "must be a compile-time constant of a Warp type",
                d->params[i].name, d->name);
      return false;
    }
    if (report && fi->ptypes[i] && fi->ptypes[i] != types[i]) {
      wp_error(c->diag, loc,
               "the default value of parameter '%s' of '%s' is a '%s', not a "
               "'%s' (Warp matches a default by the type of its value)",
               d->params[i].name, d->name, types[i]->name, fi->ptypes[i]->name);
      return false;
    }
  }
  return true;
}

static bool concrete_match(const func_info *fi, const ir_type **types) {
  if (fi->generic)
    return false;
  for (int i = 0; i < fi->def->nparams; i++)
    if (fi->ptypes[i] != types[i])
      return false;
  return true;
}

static bool generic_match(lower_ctx *c, const func_info *fi,
                          const ir_type **types) {
  if (!fi->generic)
    return false;
  clo_scope cs = lower_enter_def(c, fi);
  bool ok = true;
  for (int i = 0; i < fi->def->nparams && ok; i++)
    ok = fi->ptypes[i]
             ? fi->ptypes[i] == types[i]
             : lower_type_matches(c, fi->def->params[i].annotation, types[i]);
  lower_leave_def(c, cs);
  return ok;
}

static ir_func *instance(lower_ctx *c, func_info *fi, const ir_type **types,
                         int n, wp_loc loc) {
  if (fi->fn_grad) {
    wp_error(c->diag, loc,
             "'%s' has wp.Function parameters: functions specialized on their "
             "function arguments do not support custom gradients or replay "
             "functions (@wp.func_grad '%s')",
             fi->def->name, fi->fn_grad->name);
    return NULL;
  }
  func_inst *in = fi->insts;
  for (; in; in = in->next) {
    int i = 0;
    while (i < n && in->types[i] == types[i])
      i++;
    if (i == n)
      break;
  }
  if (!in) {
    in = WP_NEW(c->A, func_inst);
    in->types = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
    memcpy(in->types, types, sizeof *types * (size_t)n);
    in->next = fi->insts;
    fi->insts = in;
  }
  if (in->in_progress) {
    wp_error(
        c->diag, loc,
        "recursive call of '%s': recursion is not supported in Warp functions",
        fi->def->name);
    return NULL;
  }
  if (in->ir || in->failed)
    return in->ir;
  in->in_progress = true;
  in->ir = lower_func_instance(c, fi, in->types, inst_cname(c, fi, types, n));
  in->in_progress = false;
  in->failed = !in->ir;
  return in->ir;
}

static ir_func *concrete(lower_ctx *c, func_info *fi, wp_loc loc) {
  if (fi->in_progress) {
    wp_error(
        c->diag, loc,
        "recursive call of '%s': recursion is not supported in Warp functions",
        fi->def->name);
    return NULL;
  }
  return lower_func_def(c, fi);
}

/* A call of the func fi made by a factory (no overloads). */
static ir_func *resolve_bound(lower_ctx *c, func_info *fi, const call_args *a,
                              int *slots, wp_loc loc) {
  const char *name = fi->def->name;
  const ir_type **types =
      WP_NEW_ARRAY(c->A, const ir_type *, fi->def->nparams + 1);
  if (!signature(c, fi)) {
    wp_note(c->diag, loc, "in the call of '%s' here", name);
    return NULL;
  }
  if (!bind(c, fi, a, slots, types, true, loc))
    return NULL;
  ir_func *f = NULL;
  if (!fi->generic)
    f = concrete(c, fi, loc);
  else if (generic_match(c, fi, types))
    f = instance(c, fi, types, fi->def->nparams, loc);
  else {
    wp_error(c->diag, loc, "'%s' does not accept arguments of type (%s)", name,
             lower_type_list(c, types, fi->def->nparams));
    return NULL;
  }
  if (!f)
    wp_note(c->diag, loc, "in the call of '%s' here", name);
  return f;
}

/* The defs of f0's name that a call of f0 sees, in definition order: those
 * of its module (or of the factory call that made it) up to f0 itself, the
 * last def the call sees (an alias `f1 = f` sees those above it). */
static func_info **same_name(lower_ctx *c, func_info *f0, int *n) {
  uint32_t upto = f0->def->def_loc.start;
  const char *name = f0->def->name;
  int cap = 1;
  func_info *first = f0->clo ? NULL : lower_funcs_named(c, f0->module, name);
  for (func_info *fi = first; fi; fi = fi->next_same)
    cap++;
  cap += f0->clo ? f0->clo->nfuncs : 0;
  func_info **r = WP_NEW_ARRAY(c->A, func_info *, cap);
  *n = 0;
  for (func_info *fi = first; fi; fi = fi->next_same)
    if (fi->def->def_loc.start <= upto)
      r[(*n)++] = fi;
  for (int i = 0; f0->clo && i < f0->clo->nfuncs; i++) {
    func_info *fi = &f0->clo->funcs[i];
    if (!strcmp(fi->def->name, name) && fi->def->def_loc.start <= upto)
      r[(*n)++] = fi;
  }
  return r;
}

ir_func *lower_resolve_func(lower_ctx *c, func_info *f0, const call_args *a,
                            int **slotsp, const ast_def **def, wp_loc loc) {
  *def = f0->def;
  int ndefs;
  func_info **defs = same_name(c, f0, &ndefs);
  if (f0->clo && ndefs <= 1) { /* made by a factory: its bound names */
    *slotsp = WP_NEW_ARRAY(c->A, int, f0->def->nparams + 1);
    return resolve_bound(c, f0, a, *slotsp, loc);
  }
  /* the overloads, a later def replacing one of equal signature */
  const char *name = f0->def->name;
  func_info **ov = WP_NEW_ARRAY(c->A, func_info *, ndefs + 1);
  int nov = 0;
  bool ok = true;
  for (int d = 0; d < ndefs; d++) {
    func_info *fi = defs[d];
    if (!signature(c, fi)) {
      ok = false;
      continue;
    }
    int k = 0;
    while (k < nov && strcmp(ov[k]->sig, fi->sig))
      k++;
    if (k < nov && strcmp(ov[k]->refs, fi->refs)) {
      wp_error(c->diag, fi->def->loc,
               "Cannot overload Warp function '%s' with signatures that differ "
               "only by `wp.ref[T]`; use distinct value types or a different "
               "function name.",
               name);
      ok = false;
      continue;
    }
    ov[k] = fi;
    nov += k == nov;
  }
  if (!ok) {
    wp_note(c->diag, loc, "in the call of '%s' here", name);
    return NULL;
  }
  if (nov > 1)
    for (int k = 0; k < nov; k++)
      if (!ov[k]->generic && !ov[k]->cname)
        ov[k]->cname = inst_cname(c, ov[k], ov[k]->ptypes, ov[k]->def->nparams);
  int maxp = 0;
  for (int k = 0; k < nov; k++)
    if (ov[k]->def->nparams > maxp)
      maxp = ov[k]->def->nparams;
  const ir_type **types = WP_NEW_ARRAY(c->A, const ir_type *, maxp + 1);
  int *slots = *slotsp = WP_NEW_ARRAY(c->A, int, maxp + 1);
  if (nov == 1 && !ov[0]->generic) {
    /* one definition: its own messages for arity and argument types */
    if (!bind(c, ov[0], a, slots, types, true, loc))
      return NULL;
    *def = ov[0]->def;
    ir_func *f = concrete(c, ov[0], loc);
    if (!f)
      wp_note(c->diag, loc, "in the call of '%s' here", name);
    return f;
  }
  for (int k = 0; k < nov; k++)
    if (bind(c, ov[k], a, slots, types, false, loc) &&
        concrete_match(ov[k], types)) {
      *def = ov[k]->def;
      ir_func *f = concrete(c, ov[k], loc);
      if (!f)
        wp_note(c->diag, loc, "in the call of '%s' here", name);
      return f;
    }
  for (int k = 0; k < nov; k++)
    if (bind(c, ov[k], a, slots, types, false, loc) &&
        generic_match(c, ov[k], types)) {
      int n = ov[k]->def->nparams;
      *def = ov[k]->def;
      ir_func *f = instance(c, ov[k], types, n, loc);
      if (!f)
        wp_note(c->diag, loc, "in the call of '%s' with (%s) here", name,
                lower_type_list(c, types, n));
      return f;
    }
  const char *given = lower_type_list(c, a->types, a->n);
  for (int k = 0; k < a->nkw; k++)
    given = wp_arena_printf(c->A, "%s%s%s=%s", given, a->n + k ? ", " : "",
                            a->kw_names[k], a->types[a->n + k]->name);
  wp_error(c->diag, loc, "no overload of '%s' accepts arguments of type (%s)",
           name, given);
  for (int k = 0; k < nov; k++) {
    const ast_def *d = ov[k]->def;
    const char *shown = "";
    for (int i = 0; i < d->nparams; i++) {
      wp_loc l = d->params[i].annotation->loc;
      shown = wp_arena_printf(c->A, "%s%s%.*s", shown, i ? ", " : "",
                              (int)(l.end - l.start), l.src->text + l.start);
      const ast_expr *dv = d->params[i].default_value;
      if (dv)
        shown = wp_arena_printf(c->A, "%s = %.*s", shown,
                                (int)(dv->loc.end - dv->loc.start),
                                dv->loc.src->text + dv->loc.start);
    }
    wp_note(c->diag, d->loc, "candidate: %s(%s)", name, shown);
  }
  return NULL;
}

static bool accepts(lower_ctx *c, func_info *fi, const call_args *a) {
  int np = fi->def->nparams;
  int *slots = WP_NEW_ARRAY(c->A, int, np + 1);
  const ir_type **bound = WP_NEW_ARRAY(c->A, const ir_type *, np + 1);
  return signature(c, fi) &&
         bind(c, fi, a, slots, bound, false, fi->def->loc) &&
         (concrete_match(fi, bound) || generic_match(c, fi, bound));
}

bool lower_func_accepts(lower_ctx *c, func_info *f0, const ir_type **types,
                        int n) {
  call_args a = {.types = types, .n = n};
  int ndefs;
  func_info **defs = same_name(c, f0, &ndefs);
  for (int d = 0; d < ndefs; d++)
    if (accepts(c, defs[d], &a))
      return true;
  return false;
}

/* @wp.func_grad(f) as Warp attaches it: to the overload of f, among those
 * defined above it (a later def of one signature replacing an earlier),
 * whose parameter types begin the gradient function's; not to generic
 * functions (Warp refuses when the first def of f is generic). */
void lower_attach_grad(lower_ctx *c, int mod, const ast_def *d) {
  const ast_expr *dec = d->decorator;
  const ast_expr *target = dec->kind == AST_EXPR_CALL && dec->nitems == 1 &&
                                   !dec->nkeywords &&
                                   dec->items[0]->kind == AST_EXPR_NAME
                               ? dec->items[0]
                               : NULL;
  if (!target) {
    wp_error(c->diag, dec->loc,
             "@wp.func_grad needs the @wp.func it differentiates, e.g. "
             "@wp.func_grad(my_func)");
    return;
  }
  func_info *first = lower_funcs_named(c, mod, target->name);
  int ndefs = 0;
  for (func_info *fi = first; fi; fi = fi->next_same)
    ndefs++;
  func_info **ov = WP_NEW_ARRAY(c->A, func_info *, ndefs + 1);
  int nov = 0;
  for (func_info *fi = first; fi; fi = fi->next_same) {
    if (fi->def->def_loc.start > d->def_loc.start)
      continue;
    if (!signature(c, fi))
      return;
    if (!nov && fi->generic && lower_def_has_fn_param(c, fi->def)) {
      fi->fn_grad = d; /* reported where it is called, as in Warp */
      return;
    }
    if (!nov && fi->generic) {
      wp_error(c->diag, target->loc,
               "'%s' is generic: Warp does not support custom gradients of "
               "functions whose (first) definition has generic parameters",
               target->name);
      return;
    }
    int k = 0;
    while (k < nov && strcmp(ov[k]->sig, fi->sig))
      k++;
    ov[k] = fi;
    nov += k == nov;
  }
  if (!nov) {
    wp_error(c->diag, target->loc,
             "'%s' is not a @wp.func of this file defined above", target->name);
    return;
  }
  if (nov == 1) { /* its parameters are checked when it is lowered */
    ov[0]->grad_def = d;
    return;
  }
  /* the gradient function's parameter types */
  int ng = d->nparams;
  const ir_type **gt = WP_NEW_ARRAY(c->A, const ir_type *, ng + 1);
  for (int i = 0; i < ng; i++) {
    gt[i] = d->params[i].annotation
                ? lower_type_expr(c, d->params[i].annotation)
                : NULL;
    if (!gt[i]) {
      if (!d->params[i].annotation)
        wp_error(c->diag, d->params[i].loc,
                 "parameter '%s' of '%s' needs a type annotation",
                 d->params[i].name, d->name);
      return;
    }
  }
  for (int k = 0; k < nov; k++) {
    const func_info *fi = ov[k];
    int np = fi->def->nparams;
    if (fi->generic || np + 1 != ng)
      continue;
    int i = 0;
    while (i < np && fi->ptypes[i] == gt[i])
      i++;
    if (i == np) {
      ov[k]->grad_def = d;
      return;
    }
  }
  wp_error(c->diag, d->loc,
           "no overload of '%s' defined above takes the parameters of the "
           "gradient function '%s' (the overload's parameters followed by "
           "the adjoint of its result)",
           target->name, d->name);
}
