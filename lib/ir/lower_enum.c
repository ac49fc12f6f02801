/* lower_enum.c - members of enum classes in kernels.  As in Warp, a
 * member of an enum.IntEnum or enum.IntFlag class written `Mode.FAST` (or
 * `Mode.FAST.value`) in a kernel is its integer value, an int32 constant;
 * members of other enums (enum.Enum, Flag) are not integers and are
 * rejected.  Members given as `auto()` count as Python does: IntEnum from 1
 * by one, IntFlag by powers of two. */
#include <string.h>

#include "lower.h"

/* The enum kind a base class expression names: 1 IntEnum, 2 IntFlag, 3
 * another enum class of the enum module, 0 none. */
/* The name `e` denotes in the enum module ("IntEnum" for enum.IntEnum or
 * an IntEnum imported from enum), or NULL. */
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

static const ast_def *find_enum(lower_ctx *c, const char *name, int *kind) {
  for (int i = c->ast->ndefs - 1; i >= 0; i--) {
    const ast_def *d = c->ast->defs[i];
    if (d->kind != AST_DEF_PLAIN || strcmp(d->name, name))
      continue;
    for (int k = 0; k < d->nbases; k++)
      if ((*kind = base_kind(c, d->bases[k])))
        return d;
    return NULL;
  }
  return NULL;
}

static bool is_auto(lower_ctx *c, const ast_expr *e) {
  if (e->kind != AST_EXPR_CALL || e->nitems || e->nkeywords)
    return false;
  const char *n = enum_name(c, e->value);
  return n && !strcmp(n, "auto");
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
  if (e->value->kind != AST_EXPR_NAME ||
      lower_var_index(c, e->value->name, false) >= 0)
    return 0;
  int kind = 0;
  const ast_def *d = find_enum(c, e->value->name, &kind);
  if (!d)
    return 0;
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
     highest one of any member */
  int upto = kind == 2 ? d->nfields - 1 : last;
  int64_t v = 0, hi = 0, bits = 0;
  for (int i = 0; i <= upto; i++) {
    const ast_field *f = &d->fields[i];
    if (is_auto(c, f->default_value)) {
      if (kind == 2) {
        v = 1;
        while (v <= hi && v > 0)
          v <<= 1;
      } else
        v = i ? v + 1 : 1;
    } else {
      int errors = c->diag->errors;
      if (!lower_const_int_expr(c, f->default_value, &v)) {
        if (c->diag->errors == errors)
          wp_error(c->diag, f->default_value->loc,
                   "the value of member '%s' of '%s' must be an integer",
                   f->name, d->name);
        wp_note(c->diag, e->loc, "'%s.%s' is used here", d->name, e->name);
        return -1;
      }
    }
    if (v > hi)
      hi = v;
    bits |= v;
    if (i == last)
      *value = v;
  }
  *mask = 0;
  while (*mask < bits && *mask >= 0)
    *mask = *mask * 2 + 1;
  return kind;
}
