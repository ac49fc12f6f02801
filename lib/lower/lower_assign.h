/* lower_assign.h - private to lib/lower: what assignment (lower_assign.c)
 * and its component places (lower_place.c) share. */
#ifndef WARPC_LOWER_ASSIGN_H
#define WARPC_LOWER_ASSIGN_H

#include "lower_internal.h"

/* Something a component assignment reads and writes back: a local
 * vector/matrix variable, or an array element (`a[i].x = ...`). */
typedef struct lower_place {
  int var;           /* local variable, or -1 */
  ir_value *addr[5]; /* array and indices when var < 0 */
  int naddr;
  const ir_type *type; /* the vector/matrix type */
  /* a component of a struct field (`s.v.x`, `a[i].m[0, 1]`): the field's
     expression and value; writing assigns the expression */
  const ast_expr *path;
  ir_value *pval;
  const ast_stmt *stmt;
} lower_place;

/* lower_assign.c: t = v for target expression t of statement s (its
 * locations for diagnostics): variables, tuples, components, array
 * elements, struct fields; errors are reported. */
void lower_assign_to(lower_ctx *c, const ast_expr *t, ir_value *v,
                     const ast_stmt *s);

/* lower_place.c: the local vector/matrix variable a component assignment
 * writes, or -1 (arrays are not values a component assignment replaces). */
int lower_place_local_var(lower_ctx *c, const ast_expr *e);
/* Resolves the base `e` of a component target into *p (p->stmt set by the
 * caller); false (reported) when it is neither a local nor an array element
 * nor a vector/matrix component of one. */
bool lower_place_resolve(lower_ctx *c, const ast_expr *e, lower_place *p);
/* Reads (value == NULL) or replaces the component `t` of place `p` in
 * statement s; the component's value (read) or the place's new value
 * (replaced); NULL when reported. */
ir_value *lower_place_component(lower_ctx *c, lower_place *p, const ast_expr *t,
                                ir_value *value, const ast_stmt *s);

#endif
