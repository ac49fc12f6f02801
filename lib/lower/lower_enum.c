/* lower_enum.c - members of enum classes in kernels.  As in Warp, a
 * member of an enum.IntEnum or enum.IntFlag class written `Mode.FAST` (or
 * `Mode.FAST.value`) in a kernel is its integer value, an int32 constant;
 * members of other enums (enum.Enum, Flag) are not integers and are
 * rejected.  Members given as `auto()` count as Python does: IntEnum from 1
 * by one, IntFlag by powers of two.  A class of another module is reached
 * as in Python (`util.Mode.FAST`, `from util import Mode`); its members'
 * values are computed in its own module. */
#include <string.h>

#include "lower_cvalue.h"

/* The name `e` denotes in the enum module of the current module
 * ("IntEnum" for enum.IntEnum or an IntEnum imported from enum), or
 * NULL. */
static const char *enum_name(lower_ctx *c, const ast_expr *e) {
  const ast_module *m = c->ast;
  for (int i = 0; i < m->nimports; i++) {
    const ast_import *im = &m->imports[i];
    if (im->is_warp || strcmp(im->module, "enum"))
      continue;
    if (e->kind == AST_EXPR_ATTRIBUTE && e->value->kind == AST_EXPR_NAME &&
        !im->target[0] && !strcmp(im->local, e->value->name))
      return e->name;
    if (e->kind == AST_EXPR_NAME && im->target[0] &&
        !strcmp(im->local, e->name))
      return im->target;
  }
  return NULL;
}

/* The enum kind a base class expression names (see lower_enum_kind). */
static int base_kind(lower_ctx *c, const ast_expr *b) {
  const char *n = enum_name(c, b);
  if (!n)
    return 0;
  if (!strcmp(n, "IntEnum"))
    return 1;
  if (!strcmp(n, "IntFlag"))
    return 2;
  return !strcmp(n, "Enum") || !strcmp(n, "Flag") || !strcmp(n, "StrEnum") ? 3
                                                                           : 0;
}

int lower_enum_kind(lower_ctx *c, int mod, const ast_def *d) {
  if (!d->nbases)
    return 0;
  int old = lower_enter_module(c, mod);
  int kind = 0;
  for (int k = 0; k < d->nbases && !kind; k++)
    kind = base_kind(c, d->bases[k]);
  lower_enter_module(c, old);
  return kind;
}

/* Is the innermost name of the attribute chain `e` a local variable? */
static bool local_root(lower_ctx *c, const ast_expr *e) {
  while (e->kind == AST_EXPR_ATTRIBUTE)
    e = e->value;
  return e->kind == AST_EXPR_NAME && (lower_var_index(c, e->name, false) >= 0 ||
                                      lower_closure_value(c, e->name, NULL));
}

static bool is_auto(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_CALL || e->nitems || e->nkeywords)
    return false;
  const char *n = enum_name(c, e->value);
  return n && !strcmp(n, "auto");
}

/* The values of members 0..upto of enum class d (of the current module)
 * of kind `kind`: *value that of member `last`, *mask the bits up to the
 * highest; false when reported (for the use `use`). */
static bool member_values(lower_ctx *c, const ast_def *d, int kind, int last,
                          int upto, const ast_expr *use, int64_t *value,
                          int64_t *mask) {
  int64_t v = 0, hi = 0, bits = 0, top = 0; /* top: the largest so far */
  /* the members above, as the class body sees them (`ALL = A | B`) */
  const_env *env = NULL, *saved = c->const_env;
  int saved_depth = c->const_env_depth;
  for (int i = 0; i <= upto; i++) {
    const ast_field *f = &d->fields[i];
    if (is_auto(c, f->default_value)) {
      if (kind == 2) {
        v = 1;
        while (v <= hi && v > 0)
          v <<= 1;
      } else /* Python: the largest value so far + 1 (1 for the first) */
        v = i ? top + 1 : 1;
    } else {
      int errors = c->diag->errors;
      cvalue cv;
      c->const_env = env;
      c->const_env_depth = c->const_depth;
      bool ok = lower_cv_eval(c, f->default_value, c->ast->nglobals, &cv);
      c->const_env = saved;
      c->const_env_depth = saved_depth;
      if (ok)
        lower_cv_untype(&cv);
      if (!ok || cv.kind != CV_INT || cv.npy) {
        if (c->diag->errors == errors)
          wp_error(c->diag, f->default_value->loc,
                   "the value of member '%s' of '%s' must be an integer",
                   f->name, d->name);
        wp_note(c->diag, use->loc, "'%s.%s' is used here", d->name, use->name);
        return false;
      }
      v = cv.i;
    }
    const_env *m = WP_NEW(c->A, const_env);
    m->name = f->name;
    m->v.kind = CV_INT;
    m->v.i = v;
    m->next = env;
    env = m;
    if (v > hi)
      hi = v;
    if (i == 0 || v > top)
      top = v;
    bits |= v;
    if (i == last)
      *value = v;
  }
  *mask = 0;
  while (*mask < bits && *mask >= 0)
    *mask = *mask * 2 + 1;
  return true;
}

int lower_enum_member(lower_ctx *c, const ast_expr *e, int64_t *value,
                      bool *plain, int64_t *mask) {
  if (e->kind != AST_EXPR_ATTRIBUTE)
    return 0;
  *plain = false;
  if (!strcmp(e->name, "value") && e->value->kind == AST_EXPR_ATTRIBUTE) {
    int r = lower_enum_member(c, e->value, value, plain, mask);
    if (r)
      *plain = true; /* Mode.FAST.value is an int */
    return r;
  }
  if ((e->value->kind != AST_EXPR_NAME &&
       e->value->kind != AST_EXPR_ATTRIBUTE) ||
      local_root(c, e->value))
    return 0;
  binding b = lower_resolve(c, e->value); /* Mode, util.Mode */
  if (b.kind != BIND_ENUM)
    return 0;
  return lower_enum_member_of(c, b.module, b.def, e, value, mask);
}

int lower_enum_member_of(lower_ctx *c, int mod, const ast_def *d,
                         const ast_expr *e, int64_t *value, int64_t *mask) {
  int kind = lower_enum_kind(c, mod, d);
  if (kind == 3) {
    wp_error(c->diag, e->loc,
             "'%s' is not an IntEnum or IntFlag: the members of other enum "
             "classes are not integers in kernels",
             d->name);
    return -1;
  }
  int last = d->nfields - 1;
  while (last >= 0 && strcmp(d->fields[last].name, e->name))
    last--;
  if (last < 0) {
    wp_error(c->diag, e->loc, "'%s' has no member '%s'", d->name, e->name);
    return -1;
  }
  /* an IntFlag needs all members: ~ in Python flips the bits up to the
     highest one of any member; the values are computed in the class's
     module, which sees no factory's names */
  int upto = kind == 2 ? d->nfields - 1 : last;
  clo_scope s = lower_clo_enter(c, NULL, 0);
  int old = lower_enter_module(c, mod);
  bool ok = member_values(c, d, kind, last, upto, e, value, mask);
  lower_enter_module(c, old);
  lower_clo_leave(c, s);
  return ok ? kind : -1;
}
