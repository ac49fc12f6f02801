/* lower_mesh.c - the out-parameter forms of the mesh queries, which Warp
 * still accepts (deprecated) beside the forms that return a struct:
 *
 *   found = wp.mesh_query_point(mesh, p, max_dist, inside, face, u, v)
 *   found = wp.mesh_query_point_no_sign(mesh, p, max_dist, face, u, v)
 *   found = wp.mesh_query_furthest_point_no_sign(mesh, p, min_dist, face, u, v)
 *   found = wp.mesh_query_point_sign_normal(mesh, p, max_dist, inside, face,
 *                                           u, v[, epsilon])
 *   found = wp.mesh_query_point_sign_winding_number(mesh, p, max_dist,
 *               inside, face, u, v[, accuracy, threshold])
 *   found = wp.mesh_query_ray(mesh, start, dir, max_t, t, u, v, sign,
 *                             normal, face[, root])
 *
 * Each is lowered to the struct form (the builtin's own entry) and the
 * struct's fields are assigned to the out variables, which must be local
 * variables of the fields' types (Warp passes them by reference), and keep
 * their values when nothing is found, as Warp's do; the call's value is the
 * struct's `result`. */
#include "lower_internal.h"

#include <string.h>

typedef struct outform {
  ir_builtin_id id;
  int nin;    /* arguments before the out-parameters */
  int nout;   /* out-parameters */
  int nextra; /* optional arguments after them */
  const char *fields[6];
} outform;

static const outform forms[] = {
    {IR_B_MESH_QUERY_POINT, 3, 4, 0, {"sign", "face", "u", "v"}},
    {IR_B_MESH_QUERY_POINT_NO_SIGN, 3, 3, 0, {"face", "u", "v"}},
    {IR_B_MESH_QUERY_FURTHEST_POINT_NO_SIGN, 3, 3, 0, {"face", "u", "v"}},
    {IR_B_MESH_QUERY_POINT_SIGN_NORMAL, 3, 4, 1, {"sign", "face", "u", "v"}},
    {IR_B_MESH_QUERY_POINT_SIGN_WINDING_NUMBER,
     3,
     4,
     2,
     {"sign", "face", "u", "v"}},
    {IR_B_MESH_QUERY_POINT_SIGN_PARITY, 3, 4, 2, {"sign", "face", "u", "v"}},
    {IR_B_MESH_QUERY_RAY, 4, 6, 1, {"t", "u", "v", "sign", "normal", "face"}},
};

static const outform *form_of(ir_builtin_id id, int nargs) {
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    if (forms[i].id == id && nargs >= forms[i].nin + forms[i].nout &&
        nargs <= forms[i].nin + forms[i].nout + forms[i].nextra)
      return &forms[i];
  return NULL;
}

bool lower_mesh_is_outform(ir_builtin_id id, int nargs) {
  return form_of(id, nargs) != NULL;
}

ir_value *lower_mesh_outform(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b) {
  const outform *f = form_of(b->id, e->nitems);
  enum { MAX_IN = 8 };
  ir_value *args[MAX_IN];
  int n = 0;
  for (int i = 0; i < e->nitems; i++) {
    if (i >= f->nin && i < f->nin + f->nout)
      continue;
    if (!(args[n++] = lower_expr(c, e->items[i])))
      return NULL;
  }
  ir_value *r = lower_builtin(c, b, args, n, e->loc);
  if (!r)
    return NULL;
  int rm = ir_struct_member(r->type, "result");
  ir_value *found =
      lower_emit(c, IR_EXTRACT, r->type->members[rm], &r, 1, e->loc);
  found->aux = rm;
  for (int k = 0; k < f->nout; k++) {
    const ast_expr *a = e->items[f->nin + k];
    int m = ir_struct_member(r->type, f->fields[k]);
    int var =
        a->kind == AST_EXPR_NAME ? lower_var_index(c, a->name, false) : -1;
    const ir_type *want = r->type->members[m];
    if (var < 0 || !c->fs->var_types[var]) {
      wp_error(c->diag, a->loc,
               "the %s of '%s' must be a local variable: the call assigns it",
               f->fields[k], b->name);
      return NULL;
    }
    if (c->fs->var_types[var] != want) {
      wp_error(c->diag, a->loc, "'%s' is %s but '%s' assigns it a %s (its %s)",
               a->name, c->fs->var_types[var]->name, b->name, want->name,
               f->fields[k]);
      return NULL;
    }
    ir_value *x = lower_emit(c, IR_EXTRACT, want, &r, 1, a->loc);
    x->aux = m;
    if (!c->fs->cur)
      return NULL;
    /* Warp writes the out-parameters only when the query found something */
    ir_value *old = lower_read_var(c, var, c->fs->cur);
    ir_value *sel[3] = {found, x, old};
    ir_value *v =
        old ? lower_builtin(c, ir_builtin_get(IR_B_WHERE), sel, 3, a->loc)
            : NULL;
    if (!v)
      return NULL;
    v->name = a->name;
    lower_write_var(c, var, c->fs->cur, v);
  }
  return found;
}
