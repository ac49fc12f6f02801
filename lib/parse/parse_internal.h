/* parse_internal.h - shared state and helpers of lib/parse (private). */
#ifndef WARPC_PARSE_INTERNAL_H
#define WARPC_PARSE_INTERNAL_H

#include <stdbool.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "parse.h"

/* The grammar, linked from build/deps/tree-sitter-python/src/parser.c. */
const TSLanguage *tree_sitter_python(void);

/* Everything one wp_parse() call needs, passed explicitly to every helper so
 * the stage keeps no global state. */
typedef struct pctx {
  const wp_source *src;
  wp_arena *arena;
  wp_diag *diag;
  /* Imports collected before the definitions are classified, so a decorator
     may use an alias imported further down the file. */
  ast_import *imports;
  int nimports;
  /* True while converting kernel/func/struct code: literal errors (integer
     too large) are reported there, but become AST_EXPR_UNSUPPORTED in host
     code, which warpc must never reject. */
  bool warp_code;
  /* Syntax errors were reported: the AST is never lowered, so the depth
     guards below cut recursion without a second report. */
  bool syntax_errors;
  int expr_depth;     /* p_expr calls active (WP_MAX_EXPR_DEPTH) */
  int depth_reported; /* errors of that limit in this outermost p_expr */
  int block_depth;    /* p_block calls active (WP_MAX_BLOCK_DEPTH) */
  /* Names f of module-level `NAME = wp.kernel(f)` calls: their defs'
     bodies are kernel code (p_prescan_kernel_calls). */
  const char **wrapped;
  int nwrapped;
  bool top_level; /* p_def is converting a top-level definition */
  /* The module-level `NAME = value` globals seen so far (ast_global *), so
     that a decorator may be a name bound to one (`_func = wp.func(...) if
     new_warp else wp.func`). */
  const wp_ptrvec *globals;
} pctx;

/* --- CST helpers (parse.c) --------------------------------------------- */

/* The source range of `n` as a wp_loc (col = byte column + 1). */
wp_loc p_loc(const pctx *c, TSNode n);
/* The node's source text, copied into the arena. */
char *p_text(const pctx *c, TSNode n);
/* True when the node's type is `type`. */
static inline bool p_is(TSNode n, const char *type) {
  return strcmp(ts_node_type(n), type) == 0;
}
/* The child in field `name`, or a null node (check with ts_node_is_null). */
TSNode p_field(TSNode n, const char *name);
/* The children of `n` (named ones only when `named`), comments and line
 * continuations left out, in an arena array; returns the count.  Uses a tree
 * cursor: ts_node_child(n, i) is linear in i, which would make long blocks
 * quadratic. */
int p_kids(const pctx *c, TSNode n, bool named, TSNode **out);

/* --- definitions (parse_def.c) ----------------------------------------- */

/* Converts a function_definition / class_definition / decorated_definition;
 * bodies of host (AST_DEF_PLAIN) definitions are skipped. */
ast_def *p_def(pctx *c, TSNode n);
/* Where the warp decorator `e` points within warp ("kernel", "func", ...),
 * or NULL when `e` is not a warp name. */
const char *p_warp_name(const pctx *c, const ast_expr *e);

/* --- expressions (parse_expr.c) ---------------------------------------- */

/* Converts any expression-like CST node; never returns NULL (constructs Warp
 * does not support become AST_EXPR_UNSUPPORTED). */
ast_expr *p_expr(pctx *c, TSNode n);
/* An AST_EXPR_UNSUPPORTED node named `what` at `n`. */
ast_expr *p_unsupported(pctx *c, TSNode n, const char *what);
/* The operator spelled `text` ("+", "not in", ...), or AST_OP_NONE. */
ast_op p_op_of(const char *text);
/* Allocates an expression of `kind` located at `n`. */
ast_expr *p_new_expr(pctx *c, ast_expr_kind kind, TSNode n);

/* --- literals (parse_literal.c) ---------------------------------------- */

ast_expr *p_integer(pctx *c, TSNode n);
ast_expr *p_float(pctx *c, TSNode n);
ast_expr *p_string(pctx *c, TSNode n);
ast_expr *p_concatenated_string(pctx *c, TSNode n);

/* --- statements (parse_stmt.c) ----------------------------------------- */

/* Converts the statements of a `block` (or of any node whose children are
 * statements). */
ast_block p_block(pctx *c, TSNode n);
/* Appends to out the names bound anywhere in n (assignment, for and with
 * targets, walruses, imports, except aliases; nested defs and classes by
 * their own name only), as NAME expressions (`o.x = v` as the ATTRIBUTE);
 * depth: of n below the statement (the walk stops 200 deep). */
void p_bound_names(pctx *c, TSNode n, wp_ptrvec *out, int depth);

/* --- kernels elsewhere (parse_sites.c) --------------------------------- */

/* True when CST `call` makes a kernel of a function: wp.kernel(f, ...),
 * wp.Kernel(f, ...), wp.Kernel(func=f, ...) or wp.kernel(...)(f); `func` is
 * then the function argument and `opts` the call that holds the options. */
bool p_kernel_call(pctx *c, TSNode call, TSNode *func, TSNode *opts);
/* Records in c->wrapped the f of every top-level `NAME = wp.kernel(f)`. */
void p_prescan_kernel_calls(pctx *c, TSNode root);
/* True when `name` is one of c->wrapped. */
bool p_is_wrapped(const pctx *c, const char *name);
/* For the value `call` of a module-level assignment: the kernel it makes of
 * a plain def of `defs` (ast_global.kernel), or NULL; a kernel call whose
 * function is no such def is recorded in `sites`. */
ast_def *p_global_kernel(pctx *c, TSNode call, const wp_ptrvec *defs,
                         wp_ptrvec *sites);
/* Records every kernel of the tree that the module-level walk does not
 * compile (ast_kernel_site) in `out`, in file order; `m` holds the
 * top-level definitions already converted. */
void p_collect_sites(pctx *c, TSNode root, const ast_module *m, wp_ptrvec *out);

/* --- syntax errors (parse_errors.c) ------------------------------------ */

/* Reports every ERROR and MISSING node and the indentation problems the tree
 * shows, over the whole file (host code included).  A file that crosses a
 * nesting limit gets that error alone. */
void p_report_syntax_errors(pctx *c, TSNode root);

/* --- nesting limits (parse_limits.c) ------------------------------------ */

/* Reports the first bracket that opens more than WP_MAX_NESTING deep, block
 * nested more than WP_MAX_BLOCK_DEPTH deep or (in a tree with errors) line
 * indented more than WP_MAX_INDENT_WIDTH columns in the file (one error);
 * returns true when it reported one.  Iterative: any depth of tree is
 * fine. */
bool p_check_nesting(pctx *c, TSNode root);

#endif
