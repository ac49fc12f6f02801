/* emit_tile_print.c - the C of an IR_PRINT with a tile (print(tile):
 * lib/lower/lower_tile_print.c): thread 0 of the block prints (every
 * thread holds the whole tile: emit_tile.c), the tile through the
 * prelude's wp_tile_print_<dtype> (8tile_print.h), the text pieces with
 * printf.
 *
 * The storage it names, when the lowering left it open, is Warp's: a
 * tile is "shared" when a builtin that Warp makes shared produced it, or
 * when a builtin that retags its argument to shared is applied to it
 * anywhere in the function (Warp changes the type of the variable, which
 * its C++ declares once for the whole kernel); "register" otherwise. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* Does Warp make the result of builtin b shared? (builtins.py: the
 * value_funcs returning tile(..., storage="shared")) */
static bool shared_result(ir_builtin_id id) {
  switch (id) {
  case IR_B_TILE_VIEW:
  case IR_B_TILE_SQUEEZE:
  case IR_B_TILE_RESHAPE:
  case IR_B_TILE_TRANSPOSE:
  case IR_B_TILE_BROADCAST:
  case IR_B_TILE_MATMUL:
  case IR_B_TILE_DIAG_ADD:
  case IR_B_TILE_CHOLESKY:
  case IR_B_TILE_CHOLESKY_SOLVE:
  case IR_B_TILE_LOWER_SOLVE:
  case IR_B_TILE_UPPER_SOLVE:
  case IR_B_I_TILE_SLICE: return true;
  default: return false;
  }
}

/* Does use u (an IR_BUILTIN) retag its argument k to shared in Warp? */
static bool retags(const ir_value *u, int k) {
  switch (u->builtin->id) {
  case IR_B_TILE_EXTRACT:
  case IR_B_I_TILE_SET:
  case IR_B_TILE_ASSIGN:
  case IR_B_TILE_VIEW:
  case IR_B_TILE_SQUEEZE:
  case IR_B_TILE_RESHAPE:
  case IR_B_TILE_TRANSPOSE:
  case IR_B_TILE_BROADCAST:
  case IR_B_I_TILE_SLICE:
  case IR_B_TILE_SCATTER_ADD:
  case IR_B_TILE_SCATTER_MASKED: return k == 0;
  case IR_B_TILE_SUM:
  case IR_B_TILE_REDUCE: return k == 0 && u->aux >= 0; /* axis= (2-d+) */
  case IR_B_TILE_SORT:
  case IR_B_TILE_MATMUL:
  case IR_B_TILE_DIAG_ADD:
  case IR_B_TILE_CHOLESKY:
  case IR_B_TILE_CHOLESKY_SOLVE:
  case IR_B_TILE_LOWER_SOLVE:
  case IR_B_TILE_UPPER_SOLVE:
  case IR_B_TILE_CHOLESKY_INPLACE:
  case IR_B_TILE_CHOLESKY_SOLVE_INPLACE:
  case IR_B_TILE_LOWER_SOLVE_INPLACE:
  case IR_B_TILE_UPPER_SOLVE_INPLACE: return true;
  default: return false;
  }
}

static const char *storage_of(const ir_value *t, const char *known) {
  if (known)
    return known;
  if (t->op == IR_BUILTIN && shared_result(t->builtin->id))
    return "shared";
  for (const ir_block *b = t->block ? t->block->func->entry : NULL; b;
       b = b->next)
    for (const ir_value *u = b->first; u; u = u->next)
      if (u->op == IR_BUILTIN)
        for (int k = 0; k < u->nargs; k++)
          if (u->args[k] == t && retags(u, k))
            return "shared";
  return "register";
}

bool emit_print_has_tile(const ir_value *v) {
  for (int i = 0; i < v->print->npieces; i++)
    if (v->print->pieces[i].kind == IR_PIECE_TILE)
      return true;
  return false;
}

void emit_tile_print_calls(emit_ctx *e, const ir_value *v) {
  FILE *out = e->out;
  fputs("if (WP_TILE_LEADER()) {", out);
  for (int i = 0; i < v->print->npieces; i++) {
    const ir_print_piece *p = &v->print->pieces[i];
    if (p->kind == IR_PIECE_TEXT) {
      fputs(" WP_TILE_PRINTF(\"%s\", ", out);
      emit_c_string(out, p->text);
      fputs(");", out);
      continue;
    }
    const ir_value *t = v->args[p->arg];
    const ir_type *tt = t->type;
    int d[4] = {0, 0, 0, 0};
    for (int k = 0; k < tt->ndim && k < 4; k++)
      d[k] = tt->tdims[k];
    fprintf(out, " wp_tile_print_%s(", ir_scalar_name(tt->elem->scalar));
    emit_name(out, t);
    fprintf(out, ".v, %d, %d, %d, %d, %d, %d, \"%s\");", ir_tile_count(tt),
            tt->ndim, d[0], d[1], d[2], d[3], storage_of(t, p->text));
  }
  fputs(" }", out);
}
