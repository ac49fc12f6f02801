/* lower_tile_axpy.c - writes onto a tile_broadcast: wp.tile_axpy(alpha,
 * src, dest) and the in-place operators (lower_tile.h).
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
 * The in-place operators (d += t, -=, &=, |=, ^= with a tile t) on
 * d = broadcast(b): Warp computes every position's d op t (reading them
 * all first) and writes each position's result into b's element, the last
 * position's value remaining (warp/native/tile.h tile_add_inplace, assign:
 * the CPU backend's order; on CUDA the threads race): b' = the result at
 * the last position of each source element (I_TILE_UNBROADCAST, aux 1).
 *
 * warpc reports what it would compute wrongly: the other writes into a
 * broadcast (t[i, j] = x, tile_assign, tile_matmul's out, tile_sort,
 * tile_fft: lower_tile_broadcast_write), a write onto a broadcast warpc
 * cannot follow (bound before a loop or in a branch of an if) and one
 * onto a broadcast of a view. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_tile.h"

static bool is_broadcast(const ir_value *v) {
  return v && v->op == IR_BUILTIN && v->builtin &&
         v->builtin->id == IR_B_TILE_BROADCAST;
}

/* Whether block argument d of variable var may hold a tile_broadcast:
 * one of the values its block's predecessors give var (through their
 * block arguments, `depth` levels), or, in a loop header not sealed yet
 * (its back edges unknown), a broadcast given to var in a block made after
 * it (the loop's body). */
static bool may_broadcast(lower_ctx *c, int var, const ir_value *d, int depth) {
  const ir_block *h = d->block;
  if (!h || depth > 8)
    return true; /* unknown: as if it could */
  if (!h->sealed)
    for (const ir_block *b = h; b; b = b->next)
      for (const ir_value *v = b->first; v; v = v->next)
        if (is_broadcast(v) && v->name && b->id >= h->id &&
            !strcmp(v->name, c->fs->vars[var]))
          return true;
  for (int i = 0; i < h->npreds; i++) {
    ir_value *v = lower_read_var(c, var, h->preds[i]);
    if (is_broadcast(v) || (v && v != d && v->op == IR_BLOCK_ARG &&
                            may_broadcast(c, var, v, depth + 1)))
      return true;
  }
  return false;
}

static ir_value *broadcast_of(lower_ctx *c, ir_value *src, const ir_type *t,
                              wp_loc loc) {
  return lower_tile_emit(c, IR_B_TILE_BROADCAST, t, &src, 1, loc);
}

/* The broadcast d's source b, or NULL with *err set when reported (or d
 * no broadcast: *err false). */
static ir_value *source_of(lower_ctx *c, const char *name, ir_value *d,
                           const char *what, bool *err, wp_loc loc) {
  *err = false;
  if (!is_broadcast(d)) { /* a join or loop value may hold one */
    int var = lower_var_index(c, name, false);
    if (d->op != IR_BLOCK_ARG || var < 0 || !may_broadcast(c, var, d, 0))
      return NULL;
    wp_error(c->diag, loc,
             "%s onto '%s', a tile_broadcast bound before a loop or in a "
             "branch: not supported by warpc yet (Warp writes into the "
             "broadcast's source; bind the broadcast where it is updated)",
             what, name);
    *err = true;
    return NULL;
  }
  ir_value *b = d->args[0];
  if (b->type->flavor != IR_TILE_OWN ||
      (b->op == IR_BUILTIN && (b->builtin->id == IR_B_TILE_VIEW ||
                               b->builtin->id == IR_B_I_TILE_SLICE ||
                               b->builtin->id == IR_B_TILE_RESHAPE))) {
    wp_error(c->diag, loc,
             "%s onto a tile_broadcast of a view ('%s') is not supported by "
             "warpc yet (Warp writes into the viewed tile)",
             what, b->type->name);
    *err = true;
    return NULL;
  }
  return b;
}

/* b's new value nb: every variable holding b, or a broadcast of b, gets
 * nb or that broadcast of nb; 1, or -1 when reported. */
static int update_aliases(lower_ctx *c, const char *name, ir_value *b,
                          ir_value *nb, wp_loc loc) {
  ir_block *cur = lower_cur_block(c);
  bool dest = false;
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
    dest |= !strcmp(c->fs->vars[var], name);
  }
  return dest ? 1 : -1; /* name holds the broadcast */
}

int lower_tile_axpy_broadcast(lower_ctx *c, const char *name, ir_value *d,
                              ir_value *p, wp_loc loc) {
  bool err;
  ir_value *b = source_of(c, name, d, "wp.tile_axpy()", &err, loc);
  if (!b)
    return err ? -1 : 0;
  ir_value *ua[2] = {p, b};
  return update_aliases(
      c, name, b,
      lower_tile_emit(c, IR_B_I_TILE_UNBROADCAST, b->type, ua, 2, loc), loc);
}

int lower_tile_inplace_broadcast(lower_ctx *c, const char *name, ir_value *d,
                                 ir_value *r, wp_loc loc) {
  bool err;
  ir_value *b = source_of(c, name, d, "an in-place tile operator", &err, loc);
  if (!b)
    return err ? -1 : 0;
  ir_value *nb =
      lower_tile_emit(c, IR_B_I_TILE_UNBROADCAST, b->type, &r, 1, loc);
  nb->aux = 1; /* the last position's value */
  return update_aliases(c, name, b, nb, loc);
}

bool lower_tile_broadcast_write(lower_ctx *c, const ir_value *t,
                                const char *what, wp_loc loc) {
  if (!is_broadcast(t))
    return true;
  wp_error(c->diag, loc,
           "%s: writing into a tile_broadcast is not supported by warpc yet "
           "(Warp writes into the broadcast's source; wp.tile_axpy and the "
           "in-place operators are)",
           what);
  return false;
}
