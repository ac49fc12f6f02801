/* lower_query.c - query states: the machinery every spatial-query family
 * (hash grids, BVHs, meshes, ...) shares.
 *
 * Types.  A query state (wp.HashGridQuery, what wp.hash_grid_query(...)
 * returns) or a query result (wp.MeshQueryPoint) is a builtin struct: an
 * IR_T_STRUCT of flavor IR_STRUCT_BUILTIN, listed in
 * lib/ir/builtin_structs.def with its Warp name, the C type the family's
 * prelude header defines (lib/emit/prelude/8<family>.h) and the fields
 * kernels may read (`q.face`: an ordinary struct member, read by IR_EXTRACT
 * under the same name in C; an opaque state lists none).  Kernels hold them
 * in local variables like any value: SSA values, loop-carried as block
 * arguments; the emitter defines no C type for them (the prelude does) and
 * names them in prelude function names by their Warp name
 * (wp__query_next_HashGridQuery).  They cannot be kernel parameters or be
 * constructed (wp.HashGridQuery()), and they have no adjoint (no
 * differentiable members: the adjoint pass replays the calls that make and
 * advance them, and restores their old values inside loops from its tape
 * like any other variable, so the gradients of the rest of the kernel are
 * right).  A result struct with float members gets member-wise adjoints as
 * a @wp.struct does.
 *
 * Iteration.  A builtin entry with the QNEXT flag (builtins.def), e.g.
 * hash_grid_query_next(query, index), is Warp's by-reference form
 * `while wp.X_next(query, index[, extras]):`.  Its own rule checks the
 * arguments (query state, int32 index, extras) and gives bool; the call is
 * then lowered to three internal builtins
 *
 *     q2    = _query_next(query, extras...)   the state advanced
 *     found = _query_found(q2)                 bool: the call's value
 *     i2    = _query_index(q2, index)          the next result, or the old
 *                                              index when there is none
 *
 * and q2 / i2 are assigned to the two argument variables (both must be
 * local variables: Warp passes them by reference).  Inside a loop the
 * assignment makes them loop-carried values, so each iteration sees the
 * state the previous one advanced.  A family adds, for each query state
 * type Q of builtin_structs.def, three prelude functions (CPU C and CUDA
 * alike):
 *
 *     Q    wp__query_next_Q[_<extra types>](Q q, extras...);
 *     bool wp__query_found_Q(Q q);
 *     int32_t wp__query_index_Q_int32(Q q, int32_t old);
 *
 * and its X_next entry with flag QNEXT; nothing here changes. */
#include "lower_internal.h"

/* The local variable argument i of call e names, or -1. */
static int arg_var(lower_ctx *c, const ast_expr *e, int i) {
  const ast_expr *a = e->items[i];
  if (a->kind != AST_EXPR_NAME)
    return -1;
  int var = lower_var_index(c, a->name, false);
  return var >= 0 && c->fs->var_types[var] ? var : -1;
}

static ir_value *internal(lower_ctx *c, ir_builtin_id id, ir_value **args,
                          int n, wp_loc loc) {
  return lower_builtin(c, ir_builtin_get(id), args, n, loc);
}

ir_value *lower_query_next(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b) {
  enum { MAX_ARGS = 4 }; /* query, index and two extras: _query_next's MAX */
  int n = e->nitems;
  if (n < b->min_args || n > b->max_args || n > MAX_ARGS) {
    wp_error(c->diag, e->loc, "'%s' takes %d to %d arguments, got %d", b->name,
             b->min_args, b->max_args, n);
    return NULL;
  }
  ir_value *args[MAX_ARGS];
  const ir_type *types[MAX_ARGS];
  for (int i = 0; i < n; i++) {
    if (!(args[i] = lower_expr(c, e->items[i])))
      return NULL;
    types[i] = args[i]->type;
  }
  const char *why = NULL;
  if (!b->check(c->T, b, types, n, &why)) {
    char buf[256];
    ir_builtin_no_overload(b, types, n, buf, sizeof buf);
    wp_error(c->diag, e->loc, "%s%s%s", buf, why ? ": " : "", why ? why : "");
    return NULL;
  }
  int vars[2];
  for (int i = 0; i < 2; i++)
    if ((vars[i] = arg_var(c, e, i)) < 0) {
      wp_error(c->diag, e->items[i]->loc,
               "the %s of '%s' must be a local variable: the call assigns "
               "it",
               i ? "index" : "query", b->name);
      return NULL;
    }
  ir_value *next[MAX_ARGS];
  next[0] = args[0];
  for (int i = 2; i < n; i++)
    next[i - 1] = args[i];
  ir_value *q2 = internal(c, IR_B_I_QUERY_NEXT, next, n - 1, e->loc);
  if (!q2)
    return NULL;
  ir_value *found = internal(c, IR_B_I_QUERY_FOUND, &q2, 1, e->loc);
  ir_value *idx_args[2] = {q2, args[1]};
  ir_value *idx = internal(c, IR_B_I_QUERY_INDEX, idx_args, 2, e->loc);
  if (!found || !idx)
    return NULL;
  if (!c->fs->cur)
    return found;
  q2->name = e->items[0]->name;
  idx->name = e->items[1]->name;
  lower_write_var(c, vars[0], c->fs->cur, q2);
  lower_write_var(c, vars[1], c->fs->cur, idx);
  return found;
}
