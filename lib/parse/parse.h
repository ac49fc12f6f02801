/* parse.h - lib/parse: Python source -> warpc AST.
 *
 * tree-sitter-python builds the concrete syntax tree of the whole file; this
 * stage walks it once and keeps what matters to Warp: the names under which
 * warp is imported, module-level assignments (candidate constants), and the
 * @wp.struct / @wp.func / @wp.kernel definitions with their decorators.  Host
 * code around them (numpy, launches, classes, `if __name__ == "__main__":`)
 * is skipped, never rejected.  Syntax errors (tree-sitter ERROR and MISSING
 * nodes) are reported as diagnostics at their position.
 *
 * Bodies of funcs and kernels are kept whole.  Python constructs Warp does not
 * accept (lists, dicts, lambdas, try, with, ...) are kept as
 * AST_EXPR_UNSUPPORTED / AST_STMT_UNSUPPORTED nodes naming the construct, so
 * the IR stage can report them only where they matter (inside kernels), not in
 * host code.
 *
 * Memory: every node and string is allocated in the arena passed to
 * wp_parse(); nothing points into tree-sitter's tree after wp_parse returns,
 * except `wp_loc.src`, which points at the caller's wp_source.
 */
#ifndef WARPC_PARSE_H
#define WARPC_PARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../support/arena.h"
#include "../support/diag.h"

typedef struct ast_expr ast_expr;
typedef struct ast_stmt ast_stmt;

typedef enum ast_expr_kind {
  AST_EXPR_NAME, /* name */
  AST_EXPR_INT,  /* int_value */
  /* string: an integer literal too big for uint64 (Python's ints have no
     limit): an error where a kernel uses it, so that the rest of the file
     still compiles */
  AST_EXPR_BIGINT,
  AST_EXPR_FLOAT,       /* float_value */
  AST_EXPR_BOOL,        /* bool_value: True / False */
  AST_EXPR_NONE,        /* None */
  AST_EXPR_STRING,      /* string: the literal's contents, escapes undone for
                           plain strings; f-strings and byte strings are
                           AST_EXPR_UNSUPPORTED */
  AST_EXPR_ATTRIBUTE,   /* value.name */
  AST_EXPR_SUBSCRIPT,   /* value[items]  (a[i, j] has two items; a slice item is
                           an AST_EXPR_SLICE) */
  AST_EXPR_SLICE,       /* lo:hi:step inside a subscript; absent parts NULL, in
                           items[0..2] */
  AST_EXPR_CALL,        /* value(items..., keywords...) */
  AST_EXPR_BINARY,      /* items[0] op items[1] */
  AST_EXPR_UNARY,       /* op items[0]: AST_OP_NEG, AST_OP_POS, AST_OP_NOT,
                           AST_OP_INVERT */
  AST_EXPR_BOOLOP,      /* items[0] and/or items[1] (op AST_OP_AND / AST_OP_OR),
                           left-nested for a chain */
  AST_EXPR_COMPARE,     /* items[0] ops[0] items[1] ops[1] items[2] ...; a plain
                           comparison has nitems == 2 */
  AST_EXPR_IFEXP,       /* items[1] if items[0] else items[2] (cond first) */
  AST_EXPR_TUPLE,       /* (items...) or a bare `a, b` */
  AST_EXPR_STARRED,     /* *value, a call argument */
  AST_EXPR_UNSUPPORTED, /* name: what it is, e.g. "list", "lambda",
                           "list comprehension", "dict", "set", "f-string",
                           "starred expression", "await", "generator" */
} ast_expr_kind;

typedef enum ast_op {
  AST_OP_NONE,
  /* binary arithmetic (also the op of augmented assignment) */
  AST_OP_ADD,
  AST_OP_SUB,
  AST_OP_MUL,
  AST_OP_DIV,
  AST_OP_FLOORDIV,
  AST_OP_MOD,
  AST_OP_POW,
  AST_OP_MATMUL,
  AST_OP_BITAND,
  AST_OP_BITOR,
  AST_OP_BITXOR,
  AST_OP_LSHIFT,
  AST_OP_RSHIFT,
  /* unary */
  AST_OP_NEG,
  AST_OP_POS,
  AST_OP_NOT,
  AST_OP_INVERT,
  /* boolean */
  AST_OP_AND,
  AST_OP_OR,
  /* comparison */
  AST_OP_EQ,
  AST_OP_NE,
  AST_OP_LT,
  AST_OP_LE,
  AST_OP_GT,
  AST_OP_GE,
  AST_OP_IS,
  AST_OP_IS_NOT,
  AST_OP_IN,
  AST_OP_NOT_IN,
} ast_op;

/* A keyword argument `name=value` of a call. */
typedef struct ast_keyword {
  const char *name;
  ast_expr *value;
  wp_loc loc; /* the whole `name=value` */
} ast_keyword;

struct ast_expr {
  ast_expr_kind kind;
  wp_loc loc;
  ast_op op;        /* BINARY, UNARY, BOOLOP */
  const char *name; /* NAME, ATTRIBUTE (attribute name), UNSUPPORTED */
  ast_expr *value;  /* ATTRIBUTE, SUBSCRIPT, CALL: the object / callee */
  ast_expr **items; /* operands, indices, call arguments, tuple items */
  int nitems;
  ast_op *ops;           /* COMPARE: nitems - 1 operators */
  ast_keyword *keywords; /* CALL */
  int nkeywords;
  int unpack;         /* SUBSCRIPT made for an item of `a, b = v`: the number of
                         names (v must have that many items); else 0 */
  uint64_t int_value; /* INT */
  double float_value; /* FLOAT */
  bool bool_value;    /* BOOL */
  const char *string; /* STRING; also the literal's source text for INT
                         and FLOAT */
};

typedef enum ast_stmt_kind {
  AST_STMT_EXPR,      /* value */
  AST_STMT_ASSIGN,    /* target = value; a chain `a = b = v` has ntargets > 1;
                         a tuple target is an AST_EXPR_TUPLE */
  AST_STMT_AUGASSIGN, /* target op= value (op is the binary operator) */
  AST_STMT_ANNASSIGN, /* target: annotation [= value]  (value may be NULL) */
  AST_STMT_IF,        /* if cond: body else: orelse.  `elif` is an IF as the
                         single statement of orelse (elif_chain set). */
  AST_STMT_FOR,       /* for target in iter: body  (orelse: `else:` block,
                         kept so the IR can reject it) */
  AST_STMT_WHILE,     /* while cond: body */
  AST_STMT_BREAK,
  AST_STMT_CONTINUE,
  AST_STMT_RETURN, /* return [value] */
  AST_STMT_PASS,
  AST_STMT_ASSERT,      /* assert cond [, value (the message)] */
  AST_STMT_DEF,         /* a nested def or class (kept for factories); def */
  AST_STMT_UNSUPPORTED, /* name: "try statement", "with statement", "global
                           statement", "nonlocal statement", "del statement",
                           "raise statement", "import statement", "yield",
                           "match statement", "class definition", ... */
} ast_stmt_kind;

typedef struct ast_block {
  ast_stmt **stmts;
  int count;
} ast_block;

typedef struct ast_def ast_def;

struct ast_stmt {
  ast_stmt_kind kind;
  wp_loc loc;
  ast_expr **targets; /* ASSIGN (ntargets), AUGASSIGN/ANNASSIGN/FOR (1) */
  int ntargets;
  ast_op op;            /* AUGASSIGN */
  ast_expr *value;      /* EXPR, ASSIGN, AUGASSIGN, ANNASSIGN, RETURN */
  ast_expr *annotation; /* ANNASSIGN */
  ast_expr *cond;       /* IF, WHILE; FOR: the iterable */
  ast_block body;       /* IF, FOR, WHILE */
  ast_block orelse;     /* IF, FOR, WHILE */
  bool elif_chain;      /* IF created from an `elif` clause */
  ast_def *def;         /* DEF */
  const char *name;     /* UNSUPPORTED */
  /* host code only: the names a statement binds that its other fields do
     not show (inside a try, with or match statement; a walrus; a list or
     starred target), as NAME expressions (`o.x = v` as an ATTRIBUTE of a
     NAME): what compile-time evaluation cannot follow */
  ast_expr **binds;
  int nbinds;
};

/* What a decorated definition is, as far as Warp is concerned. */
typedef enum ast_def_kind {
  AST_DEF_PLAIN,      /* an undecorated or foreign-decorated def (host code) */
  AST_DEF_KERNEL,     /* @wp.kernel or @wp.kernel(...) */
  AST_DEF_FUNC,       /* @wp.func */
  AST_DEF_STRUCT,     /* @wp.struct class */
  AST_DEF_OTHER_WARP, /* another decorator from warp (func_grad, func_native,
                         overload, func_replay, ...): see `decorator` */
} ast_def_kind;

/* A parameter of a def: `name: annotation = default`. */
typedef struct ast_param {
  const char *name;
  ast_expr *annotation;    /* NULL when missing */
  ast_expr *default_value; /* NULL when missing */
  wp_loc loc;
  bool star; /* *args or **kwargs (name without stars) */
} ast_param;

/* A struct field `name: annotation [= default]`. */
typedef struct ast_field {
  const char *name;
  ast_expr *annotation;
  ast_expr *default_value;
  wp_loc loc;
} ast_field;

struct ast_def {
  ast_def_kind kind;
  const char *name;
  wp_loc loc;     /* the name identifier */
  wp_loc def_loc; /* the whole definition, decorators included */
  /* The warp decorator that classified the def, e.g. for
     `@wp.kernel(enable_backward=False)` the CALL expression, for `@wp.func`
     the ATTRIBUTE expression.  NULL for AST_DEF_PLAIN. */
  ast_expr *decorator;
  /* The attribute name of that decorator within warp: "kernel", "func",
     "struct", "func_grad", "overload", ... (NULL for AST_DEF_PLAIN). */
  const char *decorator_name;
  ast_expr **decorators; /* all decorators, outermost first */
  int ndecorators;
  /* functions */
  ast_param *params;
  int nparams;
  ast_expr *returns; /* return annotation or NULL */
  ast_block body;
  /* classes (@wp.struct) */
  ast_field *fields;
  int nfields;
  /* host classes deriving from an enum class (`class Mode(IntEnum)`): the
     bases, and the members `NAME = value` as fields without annotation */
  ast_expr **bases;
  int nbases;
};

/* The name of the AST_EXPR_UNSUPPORTED value of a global bound inside a
 * module-level if, loop, try, with or match statement (not run by warpc). */
#define AST_MODULE_RUNTIME_VALUE                                               \
  "a value assigned in a module-level if, loop, try, with or match statement"

/* A module-level `NAME = value` (the last one wins when a name is assigned
 * more than once; all are kept in file order).  `annotation` is set for
 * `NAME: T = value`. */
typedef struct ast_global {
  const char *name;
  ast_expr *value;
  ast_expr *annotation;
  wp_loc loc;
  /* `NAME = wp.kernel(f, ...)`, `NAME = wp.Kernel(func=f, ...)` or
     `NAME = wp.kernel(...)(f)` with f a plain def of this file above it: f
     as a kernel (kind AST_DEF_KERNEL, name f, body parsed as kernel code;
     its decorator a CALL holding the options as keywords).  NULL
     otherwise. */
  ast_def *kernel;
} ast_global;

/* A kernel that is not a module-level `@wp.kernel` def nor a module-level
 * `NAME = wp.kernel(f)`: where it is, so that lowering compiles it or says
 * why it does not (never silence). */
typedef enum ast_site_kind {
  AST_SITE_FUNCTION, /* an @wp.kernel def in the body of a def (a method
                        too) or of a class, not inside a loop or block
                        (the body of a with or try statement is no
                        block) */
  AST_SITE_LOOP,     /* an @wp.kernel def inside a for or while loop */
  AST_SITE_BLOCK,    /* an @wp.kernel def inside an if block, an else,
                        except or finally clause, a match case */
  AST_SITE_CALL,     /* a wp.kernel(...) / wp.Kernel(...) call elsewhere */
  AST_SITE_UNBOUND,  /* `@X.kernel` where X is no import of warp in this
                        file (e.g. `wp` from a `from M import *`) */
} ast_site_kind;

/* A name bound in a def that encloses a nested kernel. */
typedef struct ast_bound {
  const char *name;
  const char *owner;  /* the def that binds it */
  bool param;         /* a parameter of that def (else a local) */
  const char **reads; /* a local assigned a value: the names that value
                         reads (NULL-terminated), else NULL */
} ast_bound;

typedef struct ast_kernel_site {
  ast_site_kind kind;
  const char *name;  /* the def's name; CALL: the function's, or "" */
  wp_loc loc;        /* the def's name, or the call */
  const char *where; /* the innermost enclosing def or class ("" if none) */
  const char *what;  /* CALL, LOOP, BLOCK: "a list", "a for loop", ... */
  /* FUNCTION: the qualified name, the enclosing defs and classes
     outermost first, then the kernel, joined by "__" (f__k, C__m__k) */
  const char *qualname;
  ast_def *def;           /* FUNCTION: the def, parsed as kernel code */
  const char *outer;      /* FUNCTION: the outermost enclosing def when it is a
                             module-level def (a factory candidate), else NULL */
  const char **loop_vars; /* FUNCTION in a for loop of its def: the loop's
                             variables (NULL-terminated), else NULL */
  const ast_def *host;    /* FUNCTION: the enclosing def parsed as host code
                             when it is no module-level def whose body holds
                             `def` as a statement (a method, a nested def, a
                             kernel in a with block); else NULL */
  ast_bound *bound;       /* FUNCTION: what the enclosing defs bind */
  int nbound;
} ast_kernel_site;

/* How a module-level name refers to warp:
 *   import warp as wp         -> {local "wp",    target ""}
 *   import warp               -> {local "warp",  target ""}
 *   from warp import vec3     -> {local "vec3",  target "vec3"}
 *   from warp import vec3 as v-> {local "v",     target "vec3"}
 *   import warp.types as wpt  -> {local "wpt",   target "types"}
 *   from warp.types import vector -> {local "vector", target "vector"}
 *                                 (warp.types.X and warp._src.X are warp.X)
 * Other imports (numpy, typing, local modules) are kept with `module` set to
 * the dotted module name and `is_warp` false, so later stages can resolve
 * `typing.Any` or multi-file imports. */
/* What a non-warp import binds, once wp_load() has looked for the module
 * (wp_parse alone leaves AST_IMPORT_UNRESOLVED). */
typedef enum ast_import_res {
  AST_IMPORT_UNRESOLVED, /* not looked up: the name means nothing to Warp */
  AST_IMPORT_HOST,       /* a host-side module (numpy, math, typing, ...): never
                            searched for */
  AST_IMPORT_MISSING,    /* searched for and not found */
  AST_IMPORT_MODULE,     /* `local` is module `res_module` of the program */
  AST_IMPORT_NAME,       /* `local` is name `target` of module `res_module` */
} ast_import_res;

typedef struct ast_import {
  const char *local;
  const char *module; /* dotted module path as written, e.g. "warp.types";
                         relative imports keep their dots (".util", ".") */
  const char *target; /* see above; for non-warp imports the imported name
                         ("" for a plain `import m`) */
  bool is_warp;
  wp_loc loc;
  ast_import_res res; /* set by wp_load() */
  int res_module;     /* AST_IMPORT_MODULE / _NAME: index in the program */
} ast_import;

typedef struct ast_module {
  const wp_source *src;
  ast_import *imports;
  int nimports;
  ast_global *globals;
  int nglobals;
  ast_def **defs; /* every top-level def and class, warp or not, file order */
  int ndefs;
  /* Top-level call statements, e.g. wp.set_module_options({...}); a dict
   * literal argument of string keys becomes the call's keywords
   * ({"enable_backward": False} -> enable_backward=False). */
  ast_expr **calls;
  int ncalls;
  /* Kernels anywhere else in the file (nested, in classes, loops, ...), in
   * file order. */
  ast_kernel_site *sites;
  int nsites;
  /* Set by wp_load(): where the module sits among the program's files. */
  const char *mod_name; /* dotted name it was first imported as ("" for the
                           main file) */
  const char *dir;      /* its directory as a path prefix ("" = current), the
                           package directory of a package */
  bool is_package;      /* pkg/__init__.py, or a directory without one
                           (namespace package: src NULL, nothing defined) */
  struct ast_submodule *submods; /* submodules imported so far: pkg.util */
  int nsubmods;
} ast_module;

typedef struct ast_submodule {
  const char *name;
  int module; /* index in the program */
} ast_submodule;

/* A kernel file and every Python module it imports, directly or not, that
 * was found on the search path (multi-file modules). */
typedef struct ast_program {
  ast_module **modules; /* modules[0] is the main file */
  int nmodules;
  const char **files; /* every file read, main first, each once (depfiles) */
  int nfiles;
} ast_program;

/* Parses the main file `src` and, transitively, the modules its non-warp
 * imports name, resolving each import (ast_import.res):
 *   import util [as u]      -> module util
 *   import pkg.util         -> `pkg` is package pkg, pkg.util its submodule
 *   from util import f, S   -> names f, S of module util (or submodules of
 *                              a package)
 *   from . import util, from .util import f, from ..pkg import g
 *                           -> relative to the importing file's directory
 * Absolute names are searched in the importing file's own directory, then
 * in `dirs` (-I) in order: NAME/__init__.py, NAME.py, then NAME/ (a namespace
 * package) if no regular module is found anywhere.  Well-known host modules
 * (numpy, math, typing, ...) are never searched.  Every module is loaded
 * once (identified by its real path), so import cycles end.  Syntax errors
 * in any file are reported at that file's positions.  Returns NULL only if
 * wp_parse failed on the main file. */
ast_program *wp_load(const wp_source *src, const char *const *dirs, int ndirs,
                     wp_arena *arena, wp_diag *diag);

/* Limits of the parser (man/warpc.1, LIMITS).  Crossing one is an error at
 * the position of the construct that crosses it; nothing is cut silently.
 *   WP_MAX_NESTING      brackets ( [ { open at once, anywhere in the file:
 *                       the 201st is "too many nested parentheses", as in
 *                       CPython's tokenizer (whose limit it is).
 *   WP_MAX_BLOCK_DEPTH  nested blocks (a def's body is one): a block inside
 *                       100 others is "too many levels of indentation",
 *                       anywhere in the file (CPython stops at 100 levels
 *                       of indentation too).
 *   WP_MAX_INDENT_WIDTH columns of indentation of a statement (a tab
 *                       counts 8): tree-sitter-python's scanner keeps each
 *                       level's width in a byte, so a wider one breaks the
 *                       tree; "indentation wider than 255 columns" at the
 *                       first such line, when the tree shows errors.
 *   WP_MAX_EXPR_DEPTH   levels of one expression tree (each operator,
 *                       call, subscript, attribute, bracket and operand is
 *                       a level: `a + a + a` is 3 deep) in kernel, func and
 *                       struct code: "expression nested too deeply".  In
 *                       host code such an expression is not rejected; it
 *                       becomes an AST_EXPR_UNSUPPORTED node (an error only
 *                       if a kernel uses it).  It bounds the recursion of
 *                       every later stage (lowering, printing). */
enum {
  WP_MAX_NESTING = 200,
  WP_MAX_BLOCK_DEPTH = 100,
  WP_MAX_INDENT_WIDTH = 255,
  WP_MAX_EXPR_DEPTH = 1000,
};

/* Parses `src` into an AST allocated in `arena`.  Syntax errors are reported
 * to `diag` (several per file if tree-sitter found several); the returned
 * module is still usable for printing but must not be lowered when
 * wp_diag_error_count(diag) grew.  Returns NULL only if tree-sitter itself
 * failed (reported as a diagnostic without location). */
ast_module *wp_parse(const wp_source *src, wp_arena *arena, wp_diag *diag);

/* Prints the AST of `m` as an indented tree (`warpc --emit=ast`).  The format
 * is for people and tests: one node per line, `kind value @line:col`. */
void wp_ast_print(FILE *out, const ast_module *m);

/* Name of an operator as written in Python ("+", "//", "not in", ...). */
const char *wp_ast_op_str(ast_op op);

#endif
