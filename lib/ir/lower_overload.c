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
 * wpf_<module tag><name>.  Signatures and annotations are evaluated in the
 * module of the def. */
#include <string.h>

#include "lower.h"

/* The parameter types of fi (NULL for generic ones); false when reported. */
static bool signature(lower_ctx *c, func_info *fi) {
  if (fi->sig_state)
    return fi->sig_state > 0;
  int old = lower_enter_module(c, fi->module);
  const ast_def *d = fi->def;
  fi->ptypes = WP_NEW_ARRAY(c->A, const ir_type *, d->nparams + 1);
  const char *sig = "";
  bool ok = true;
  for (int i = 0; i < d->nparams; i++) {
    const ast_param *p = &d->params[i];
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
      fi->ptypes[i] = lower_type_expr(c, p->annotation);
      if (!fi->ptypes[i]) {
        ok = false;
        continue;
      }
      part = fi->ptypes[i]->name;
    }
    sig = wp_arena_printf(c->A, "%s,%s", sig, part);
  }
  fi->sig = sig;
  fi->sig_state = ok ? 1 : -1;
  lower_enter_module(c, old);
  return ok;
}

static const char *inst_cname(lower_ctx *c, const func_info *fi,
                              const ir_type **types, int n) {
  const char *name = wp_arena_printf(
      c->A, "%s%s", lower_module_tag(c, fi->module), fi->def->name);
  return wp_arena_printf(c->A, "wpo_%d%s_%s", (int)strlen(name), name,
                         lower_mangle(c, types, n));
}

static bool concrete_match(const func_info *fi, const ir_type **types, int n) {
  if (fi->generic || fi->def->nparams != n)
    return false;
  for (int i = 0; i < n; i++)
    if (fi->ptypes[i] != types[i])
      return false;
  return true;
}

static bool generic_match(lower_ctx *c, const func_info *fi,
                          const ir_type **types, int n) {
  if (!fi->generic || fi->def->nparams != n)
    return false;
  int old = lower_enter_module(c, fi->module);
  bool ok = true;
  for (int i = 0; i < n && ok; i++)
    ok = fi->ptypes[i]
             ? fi->ptypes[i] == types[i]
             : lower_type_matches(c, fi->def->params[i].annotation, types[i]);
  lower_enter_module(c, old);
  return ok;
}

static ir_func *instance(lower_ctx *c, func_info *fi, const ir_type **types,
                         int n, wp_loc loc) {
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

ir_func *lower_resolve_func(lower_ctx *c, const func_info *f0,
                            const ir_type **types, int n, wp_loc loc) {
  /* the overloads of f0's name in its module, a later def replacing one of
     equal signature */
  const char *name = f0->def->name;
  func_info **ov = WP_NEW_ARRAY(c->A, func_info *, c->nfuncs + 1);
  int nov = 0;
  bool ok = true;
  for (int i = 0; i < c->nfuncs; i++) {
    func_info *fi = &c->funcs[i];
    if (fi->module != f0->module || strcmp(fi->def->name, name))
      continue;
    if (!signature(c, fi)) {
      ok = false;
      continue;
    }
    int k = 0;
    while (k < nov && strcmp(ov[k]->sig, fi->sig))
      k++;
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
  if (nov == 1 && !ov[0]->generic) {
    /* one definition: its own messages for arity and argument types */
    ir_func *f = concrete(c, ov[0], loc);
    if (!f)
      wp_note(c->diag, loc, "in the call of '%s' here", name);
    return f;
  }
  for (int k = 0; k < nov; k++)
    if (concrete_match(ov[k], types, n)) {
      ir_func *f = concrete(c, ov[k], loc);
      if (!f)
        wp_note(c->diag, loc, "in the call of '%s' here", name);
      return f;
    }
  for (int k = 0; k < nov; k++)
    if (generic_match(c, ov[k], types, n)) {
      ir_func *f = instance(c, ov[k], types, n, loc);
      if (!f)
        wp_note(c->diag, loc, "in the call of '%s' with (%s) here", name,
                lower_type_list(c, types, n));
      return f;
    }
  wp_error(c->diag, loc, "no overload of '%s' accepts arguments of type (%s)",
           name, lower_type_list(c, types, n));
  for (int k = 0; k < nov; k++) {
    const ast_def *d = ov[k]->def;
    const char *shown = "";
    for (int i = 0; i < d->nparams; i++) {
      wp_loc l = d->params[i].annotation->loc;
      shown = wp_arena_printf(c->A, "%s%s%.*s", shown, i ? ", " : "",
                              (int)(l.end - l.start), l.src->text + l.start);
    }
    wp_note(c->diag, d->loc, "candidate: %s(%s)", name, shown);
  }
  return NULL;
}
