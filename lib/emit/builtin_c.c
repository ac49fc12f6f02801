/* builtin_c.c - the C side of the builtin table (lib/ir/builtins.def): the
 * C operator that prints a builtin on scalar operands, indexed by the
 * builtin's id; every other call is a prelude function
 * wp_<name>_<types> (emit_value.c), which this file maps back to its
 * builtin for messages. */
#include <stdio.h>
#include <stdlib.h>
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

/* The function in a compiler's message about a call of an undeclared
 * function: clang 14's "implicit declaration of function 'f'", clang 15's
 * "call to undeclared function 'f'", gcc's (quotes U+2018/U+2019), nvcc's
 * `identifier "f" is undefined`; copied into buf; false for other
 * messages. */
static bool undeclared_function(const char *line, char *buf, size_t cap) {
  const char *p = strstr(line, "implicit declaration of function ");
  if (!p)
    p = strstr(line, "call to undeclared function ");
  if (p)
    p = strstr(p, "function ") + strlen("function ");
  else if ((p = strstr(line, "error: identifier \"")) &&
           strstr(p, "\" is undefined"))
    p += strlen("error: identifier ");
  if (!p)
    return false;
  if (*p == '\'' || *p == '"')
    p++;
  else if (!strncmp(p, "\xe2\x80\x98", 3))
    p += 3;
  else
    return false;
  size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                       "0123456789_");
  if (!n || n >= cap)
    return false;
  memcpy(buf, p, n);
  buf[n] = 0;
  return true;
}

int wp_relay_tool_messages(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  char line[4096], fn[256];
  wp_arena A = {0};
  wp_ptrvec seen = {0};
  while (fgets(line, sizeof line, f)) {
    fputs(line, stderr);
    if (!undeclared_function(line, fn, sizeof fn))
      continue;
    bool dup = false;
    for (int i = 0; i < seen.count && !dup; i++)
      dup = !strcmp(seen.items[i], fn);
    if (!dup)
      wp_ptrvec_push(&A, &seen, wp_arena_strdup(&A, fn));
  }
  fclose(f);
  int gaps = 0;
  for (int i = 0; i < seen.count; i++) {
    bool adj;
    const char *types;
    const ir_builtin *b = wp_builtin_of_c_name(seen.items[i], &adj, &types);
    if (!b)
      continue; /* not a prelude function: a native snippet's call */
    fprintf(stderr,
            "warpc: error: the generated code calls '%s', which warpc's "
            "prelude does not define: %s of builtin '%s' for the argument "
            "types %s; this is a bug in warpc\n",
            (const char *)seen.items[i], adj ? "the adjoint" : "the function",
            b->name, *types ? types : "()");
    gaps++;
  }
  wp_arena_free(&A);
  return gaps;
}
