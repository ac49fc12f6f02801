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
 * and its X_next entry with flag QNEXT; nothing here changes.
 *
 * `for i in query:` (Warp's iter_next over a query state) is the same
 * walk: the state (the variable itself when the loop names one, which the
 * loop thus consumes as Warp's does, else a hidden variable), loop-carried,
 * is advanced by _query_next at the loop's head, the loop ends when
 * _query_found is false, and the loop variable (an int32) is _query_index of
 * the advanced state.  It is allowed for a state type that some QNEXT builtin
 * takes as (state, int32), without extras. */
#include <string.h>

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

/* Whether some QNEXT builtin walks states of type t as (t, int32). */
static bool iterable(lower_ctx *c, const ir_type *t) {
  const ir_type *a[2] = {t, ir_t_int32(c->T)};
  for (int i = 0; i < IR_B_COUNT; i++) {
    const ir_builtin *b = ir_builtin_get((ir_builtin_id)i);
    const char *why = NULL;
    if (b->query_next && b->min_args <= 2 && b->check(c->T, b, a, 2, &why))
      return true;
  }
  return false;
}

bool lower_query_for(lower_ctx *c, const ast_stmt *s, ir_value *q,
                     void (*body)(lower_ctx *, const ast_stmt *, ir_block *,
                                  ir_block *)) {
  if (!iterable(c, q->type))
    return false;
  if (s->ntargets != 1 || s->targets[0]->kind != AST_EXPR_NAME) {
    wp_error(c->diag, s->targets[0]->loc,
             "the loop variable of a loop over a '%s' must be a name",
             q->type->name);
    return true;
  }
  wp_loc loc = s->cond->loc;
  /* a local variable is walked in place, as in Warp (a second loop over
     it finds nothing); another expression through a hidden variable */
  int hv = s->cond->kind == AST_EXPR_NAME
               ? lower_var_index(c, s->cond->name, false)
               : -1;
  if (hv < 0 || c->fs->var_types[hv] != q->type) {
    const char *hidden = wp_arena_printf(c->A, "$query%d", c->fs->hidden++);
    hv = lower_var_index(c, hidden, true);
    c->fs->var_types[hv] = q->type;
    lower_write_var(c, hv, lower_cur_block(c), q);
  }
  ir_block *header = ir_block_new(c->fs->f);
  lower_br(c, header, s->loc);
  c->fs->cur = header;
  ir_value *cur = lower_read_var(c, hv, header);
  ir_value *q2 = internal(c, IR_B_I_QUERY_NEXT, &cur, 1, loc);
  ir_value *found = q2 ? internal(c, IR_B_I_QUERY_FOUND, &q2, 1, loc) : NULL;
  ir_block *blk = ir_block_new(c->fs->f), *exit = ir_block_new(c->fs->f);
  if (found) {
    lower_write_var(c, hv, header, q2);
    lower_cbr(c, found, blk, exit, s->loc);
  }
  lower_seal(c, blk);
  c->fs->cur = blk;
  if (found) {
    ir_value *ia[2] = {q2, lower_const_int(c, ir_t_int32(c->T), 0)};
    ir_value *idx = internal(c, IR_B_I_QUERY_INDEX, ia, 2, loc);
    if (idx)
      lower_assign_var(c, s->targets[0]->name, idx, s->targets[0]->loc);
  }
  body(c, s, exit, header);
  lower_br(c, header, s->loc);
  lower_seal(c, header);
  lower_seal(c, exit);
  c->fs->cur = exit;
  return true;
}
