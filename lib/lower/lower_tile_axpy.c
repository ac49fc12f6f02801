/* lower_tile_axpy.c - wp.tile_axpy(alpha, src, dest) onto a tile_broadcast
 * (lower_tile.h).
 *
 * Warp's tile_broadcast is a view: it places its source in shared memory
 * and every position along a broadcast extent refers to the same source
 * element (warp/native/tile.h tile_broadcast, builtins.py), so
 * tile_axpy's per-element dest += alpha * src adds every position's
 * contribution into that element, in the order of the positions (row
 * major: warp/native/tile.h tile_axpy, tile_add on a layout that is not
 * unique).  warpc holds tiles as values: dest = broadcast(b) becomes
 * b' = b + the contributions (I_TILE_UNBROADCAST from b: each source
 * element from its value, then the positions' alpha * src in order) and
 * dest = broadcast(b'); every variable of the function that holds b, or a
 * broadcast of b, is given b', or that broadcast of b', as the aliases
 * would read them.
 *
 * A dest warpc cannot see as a broadcast (bound to one before a loop or
 * in a branch of an if) and a broadcast of a view are reported: warpc
 * refuses what it would compute wrongly. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static bool is_broadcast(const ir_value *v) {
  return v && v->op == IR_BUILTIN && v->builtin &&
         v->builtin->id == IR_B_TILE_BROADCAST;
}

/* Whether variable `name` was given a tile_broadcast anywhere in the
 * function lowered so far. */
static bool ever_broadcast(lower_ctx *c, const char *name) {
  for (const ir_block *b = c->fs->f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (is_broadcast(v) && v->name && !strcmp(v->name, name))
        return true;
  return false;
}

static ir_value *broadcast_of(lower_ctx *c, ir_value *src, const ir_type *t,
                              wp_loc loc) {
  return lower_tile_emit(c, IR_B_TILE_BROADCAST, t, &src, 1, loc);
}

int lower_tile_axpy_broadcast(lower_ctx *c, const char *name, ir_value *d,
                              ir_value *p, ir_value **out, wp_loc loc) {
  if (!is_broadcast(d)) { /* a join or loop value may hold one */
    if (d->op != IR_BLOCK_ARG || !ever_broadcast(c, name))
      return 0;
    wp_error(c->diag, loc,
             "wp.tile_axpy() onto '%s', a tile_broadcast bound before a loop "
             "or in a branch: not supported by warpc yet (Warp adds into the "
             "broadcast's source; bind the broadcast where it is updated)",
             name);
    return -1;
  }
  ir_value *b = d->args[0];
  if (b->type->flavor != IR_TILE_OWN ||
      (b->op == IR_BUILTIN && (b->builtin->id == IR_B_TILE_VIEW ||
                               b->builtin->id == IR_B_I_TILE_SLICE ||
                               b->builtin->id == IR_B_TILE_RESHAPE))) {
    wp_error(c->diag, loc,
             "wp.tile_axpy() onto a tile_broadcast of a view ('%s') is not "
             "supported by warpc yet (Warp adds into the viewed tile)",
             b->type->name);
    return -1;
  }
  ir_value *ua[2] = {p, b};
  ir_value *nb =
      lower_tile_emit(c, IR_B_I_TILE_UNBROADCAST, b->type, ua, 2, loc);
  ir_block *cur = lower_cur_block(c);
  *out = NULL;
  for (int var = 0; var < c->fs->nvars; var++) {
    const ir_type *t = c->fs->var_types[var];
    if (!t || t->kind != IR_T_TILE || t->elem != b->type->elem)
      continue;
    ir_value *v = lower_read_var(c, var, cur);
    ir_value *nv = NULL;
    if (v == b)
      nv = nb;
    else if (is_broadcast(v) && v->args[0] == b)
      nv = broadcast_of(c, nb, v->type, loc);
    if (!nv)
      continue;
    if (!lower_assign_var(c, c->fs->vars[var], nv, loc))
      return -1;
    if (!strcmp(c->fs->vars[var], name))
      *out = nv;
  }
  if (!*out) /* dest is a name bound to d */
    return -1;
  return 1;
}
