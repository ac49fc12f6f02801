/* lower_cvalue.h - private to lib/lower: the compile-time values of Python
 * expressions (module constants, wp.static() expressions, a factory's `if`
 * conditions) and the evaluator's entry points. */
#ifndef WARPC_LOWER_CVALUE_H
#define WARPC_LOWER_CVALUE_H

#include "lower_internal.h"

typedef enum { CV_INT, CV_FLOAT, CV_BOOL, CV_TYPED } cv_kind;

typedef struct cvalue {
  cv_kind kind;
  int64_t i;
  double f;
  const ir_type *type;     /* CV_TYPED: scalar, vec or mat */
  double *comp;            /* CV_TYPED components, row-major (arena) */
  int enum_kind;           /* CV_INT: an IntEnum (1) / IntFlag (2) member */
  int64_t enum_mask;       /* IntFlag: the bits its members span */
  const ast_def *enum_cls; /* ... of this class (module enum_mod), when */
  int enum_mod;            /* known: its @property defs run on it */
  int64_t *icomp; /* the same, exact, when the scalar type is an integer
                     (values past 2^53, uint64 bit patterns) */
  int py;     /* CV_TYPED scalar: its Python value pyf, unrounded, as Warp */
  double pyf; /* keeps it (wp.float32(0.1).value is 0.1); 1 an int, 2 float */
  /* CV_INT / CV_FLOAT: a numpy scalar of this type (np.float32(x),
     np.finfo(T).eps), which Warp takes in a kernel only converted; NULL for
     a Python number */
  const ir_type *npy;
} cvalue;

/* A local of a @wp.func run at compile time (innermost first). */
typedef struct const_env {
  struct const_env *next;
  const char *name;
  cvalue v;
} const_env;

static inline double cv_num(const cvalue *v) {
  return v->kind == CV_FLOAT ? v->f : (double)v->i;
}

static inline int64_t cv_int(const cvalue *v) {
  return v->kind == CV_FLOAT ? (int64_t)v->f : v->i;
}

/* lower_const_arith.c: v a typed constant of type t with fresh zero
 * components; a Warp scalar as a Python number (float types as floats,
 * integers as ints); out = a scalar of type t holding f or i (a Python
 * number for float32 / int32, as Warp gives them back); a op b of the binary
 * e; t(args of the call e). */
void lower_cv_new_typed(lower_ctx *c, cvalue *v, const ir_type *t);
void lower_cv_scalar_result(lower_ctx *c, const ir_type *t, double f, int64_t i,
                            cvalue *out);
bool lower_cv_binary(lower_ctx *c, const ast_expr *e, cvalue *a, cvalue *b,
                     cvalue *out);
bool lower_cv_typed(lower_ctx *c, const ast_expr *e, const ir_type *t,
                    int limit, cvalue *out);

/* lower_const.c */
bool lower_cv_eval(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);
bool lower_cv_not_const(lower_ctx *c, const ast_expr *e); /* reports */
void lower_cv_untype(cvalue *v); /* (lower_const_arith.c) */
const ast_global *lower_cv_find_global(lower_ctx *c, const char *name,
                                       int limit, int *index);
ir_value *lower_cv_materialize(lower_ctx *c, const cvalue *v, wp_loc loc);

/* lower_const_static.c: whether x is a tuple or list literal; x with
 * module-level names (and SEQ[k] items) followed to their values, *limit
 * updated to the globals those see; a @wp.func run at compile time. */
bool lower_cv_is_seq(const ast_expr *x);
const ast_expr *lower_cv_follow(lower_ctx *c, const ast_expr *x, int *limit);
bool lower_cv_func(lower_ctx *c, const ast_expr *call, const ast_def *d,
                   int limit, cvalue *out);
/* method d (of a class of module mod) run on *self, as an @property:
 * `member.num_dofs` (use: that expression, for messages); with `ret`, the
 * expression its return statement would compute is stored there instead
 * (its value is a type: `return vec7f`). */
bool lower_cv_method(lower_ctx *c, const ast_def *d, int mod,
                     const cvalue *self, const ast_expr *use, cvalue *out,
                     const ast_expr **ret);
/* `x in C` / `x not in C` (the compare e, one operator) at compile time:
 * x a string or a number, C a tuple, list, set or dict (its keys). */
bool lower_cv_membership(lower_ctx *c, const ast_expr *e, int limit,
                         cvalue *out);
/* len(x) at compile time (the call `call`). */
bool lower_cv_len(lower_ctx *c, const ast_expr *call, int limit, cvalue *out);

/* lower_const_host.c: math, numpy and Python builtins at compile time.
 * Each returns 1 with *out set, -1 after reporting an error, or 0 when e is
 * no such expression (the caller goes on).  _attr: `math.pi`,
 * `np.finfo(np.float32).eps`; _call: `math.cos(x)`, `np.float32(x)`,
 * `round(x)`, `abs`, `min`, `max`. */
int lower_cv_host_attr(lower_ctx *c, const ast_expr *e, cvalue *out);
int lower_cv_host_call(lower_ctx *c, const ast_expr *e, int limit, cvalue *out);

/* The most host function (and factory) calls warpc runs inside one
 * another at compile time: deeper is an error (man page, LIMITS). */
#define WP_MAX_HOST_CALL_DEPTH 200

/* The name of the AST_EXPR_UNSUPPORTED node standing for a value a host
 * function computes in a statement warpc does not run (a loop, a branch
 * whose condition is no constant). */
#define WP_RUNTIME_VALUE "a value computed when the function runs"

/* lower_factory.c: the value of a call of a module-level host def of the
 * program (`make_bitmask(31)`), its body run as Python runs it (see
 * FACTORIES in the man page): 1 with *out set, -1 when it is not a
 * compile-time constant (reported), 0 when the callee is no such def. */
int lower_host_call(lower_ctx *c, const ast_expr *call, cvalue *out);

#endif
