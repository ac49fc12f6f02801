/* builtin_c.c - the C side of the builtin table (lib/ir/builtins.def): the
 * C operator that prints a builtin on scalar operands, indexed by the
 * builtin's id; every other call is a prelude function
 * wp_<name>_<types> (emit_value.c), which this file maps back to its
 * builtin for messages. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* Operand classes printed with the operator instead of a call. */
enum { INFIX_INT = 1, INFIX_FLOAT = 2, INFIX_BOOL = 4 };

#define I INFIX_INT
#define F INFIX_FLOAT
#define L INFIX_BOOL
static const struct {
  const char *op;
  int mask;
} c_ops[IR_B_COUNT] = {
    [IR_B_ADD] = {"+", I | F},     [IR_B_SUB] = {"-", I | F},
    [IR_B_MUL] = {"*", I | F},     [IR_B_DIV] = {"/", F},
    [IR_B_NEG] = {"-", I | F},     [IR_B_POS] = {"+", I | F},
    [IR_B_BIT_AND] = {"&", I},     [IR_B_BIT_OR] = {"|", I},
    [IR_B_BIT_XOR] = {"^", I},     [IR_B_LSHIFT] = {"<<", I},
    [IR_B_RSHIFT] = {">>", I},     [IR_B_INVERT] = {"~", I},
    [IR_B_NOT] = {"!", I | F | L}, [IR_B_AND] = {"&&", I | F | L},
    [IR_B_OR] = {"||", I | F | L}, [IR_B_EQ] = {"==", I | F | L},
    [IR_B_NE] = {"!=", I | F | L}, [IR_B_LT] = {"<", I | F | L},
    [IR_B_LE] = {"<=", I | F | L}, [IR_B_GT] = {">", I | F | L},
    [IR_B_GE] = {">=", I | F | L},
};
#undef I
#undef F
#undef L

const char *emit_builtin_op(const ir_builtin *b, const ir_type **args,
                            int nargs) {
  const char *op = c_ops[b->id].op;
  if (!op)
    return NULL;
  for (int i = 0; i < nargs; i++) {
    const ir_type *t = args[i];
    int cls = ir_type_is_bool(t)    ? INFIX_BOOL
              : ir_type_is_float(t) ? INFIX_FLOAT
              : ir_type_is_int(t)   ? INFIX_INT
                                    : 0;
    /* float16 has no C arithmetic of its own: the prelude converts */
    if (t->kind == IR_T_SCALAR &&
        (t->scalar == WP_SCALAR_FLOAT16 || t->scalar == WP_SCALAR_BFLOAT16))
      cls = 0;
    if (!(cls & c_ops[b->id].mask))
      return NULL;
  }
  return op;
}

const ir_builtin *wp_builtin_of_c_name(const char *fn, bool *adjoint,
                                       const char **types) {
  *adjoint = !strncmp(fn, "wp_adj_", 7);
  if (strncmp(fn, "wp_", 3))
    return NULL;
  const char *rest = fn + (*adjoint ? 7 : 3);
  const ir_builtin *best = NULL, *b;
  size_t best_len = 0;
  for (int i = 0; (b = ir_builtin_at(i)); i++) {
    size_t n = strlen(b->name);
    if (n > best_len && !strncmp(rest, b->name, n) &&
        (rest[n] == '_' || rest[n] == 0))
      best = b, best_len = n;
  }
  if (best)
    *types = rest[best_len] ? rest + best_len + 1 : rest + best_len;
  return best;
}
