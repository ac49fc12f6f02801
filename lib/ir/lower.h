/* lower.h - private interface between the files of the AST -> IR lowering. */
#ifndef WARPC_IR_LOWER_H
#define WARPC_IR_LOWER_H

#include "ir.h"

/* What a name or attribute chain denotes at compile time. */
typedef enum ent_kind {
  ENT_ERROR,   /* already reported */
  ENT_VALUE,   /* an SSA value */
  ENT_TYPE,    /* a type used as a constructor or annotation */
  ENT_BUILTIN, /* a registry builtin (warp or Python spelling) */
  ENT_FUNC,    /* a @wp.func */
  ENT_WARP,    /* warp itself or a submodule ("", "types") */
  ENT_SPECIAL, /* a warp name with its own lowering: "tid", "constant",
                  "array", "range", "len", "float", "int", "bool", ... */
  ENT_SHAPE,   /* arr.shape (value = the array) */
} ent_kind;

typedef struct entity {
  ent_kind kind;
  ir_value *value;           /* VALUE, SHAPE */
  const ir_type *type;       /* TYPE */
  const ir_builtin *builtin; /* BUILTIN */
  const ast_def *def;        /* FUNC */
  const char *name;          /* WARP, SPECIAL: the warp-relative name */
  int array_ndim;            /* SPECIAL "array"/"arrayNd": default ndim */
} entity;

/* A user function known to the module. */
typedef struct func_info {
  const ast_def *def;
  const ast_def *grad_def; /* its @wp.func_grad function, or NULL */
  ir_func *ir;             /* NULL until lowered */
  bool in_progress;        /* being lowered (recursion check) */
  bool failed;
} func_info;

typedef struct var_def var_def;
typedef struct loop_ctx {
  ir_block *brk, *cont;
  struct loop_ctx *outer;
} loop_ctx;

typedef struct lower_ctx {
  wp_arena *A;
  wp_diag *diag;
  const ast_module *ast;
  ir_module *m;
  ir_types *T;
  const wp_lower_options *opts;
  func_info *funcs;
  int nfuncs;
  /* the function being lowered */
  ir_func *f;
  ir_block *cur; /* NULL after return/break/continue */
  loop_ctx *loop;
  const char **vars; /* variable names of the function */
  const ir_type **var_types;
  int nvars, cap_vars;
  int hidden;        /* counter for hidden variables */
  bool ret_known;    /* a @wp.func's return type is fixed */
  bool ret_declared; /* ... by a `-> T` annotation */
  /* arrays the current kernel has stored to, in program order, and those
     already warned about (read-after-write breaks their gradient) */
  ir_value *stored[8];
  int nstored;
  ir_value *warned[8];
  int nwarned;
  bool module_backward; /* enable_backward of wp.set_module_options */
  int module_max_unroll;
  ir_func *grad_target; /* lowering the @wp.func_grad of this func */
  int global_limit;     /* while evaluating a global: only globals before
                           this index are visible; else nglobals */
  int const_depth;
  bool in_static; /* evaluating wp.static(...) */
  /* @wp.struct classes, in file order */
  const ast_def **struct_defs;
  const ir_type **struct_types;
  int nstructs;
} lower_ctx;

/* lower_ssa.c: variables (Braun et al., "Simple and Efficient Construction
 * of Static Single Assignment Form", CC 2013) with block arguments. */
int lower_var_index(lower_ctx *c, const char *name, bool create);
void lower_write_var(lower_ctx *c, int var, ir_block *b, ir_value *v);
ir_value *lower_read_var(lower_ctx *c, int var, ir_block *b);
void lower_seal(lower_ctx *c, ir_block *b);
/* Emits a branch from c->cur to `to` (records the predecessor). */
void lower_br(lower_ctx *c, ir_block *to, wp_loc loc);
/* A branch passing `args` for the first n block arguments of `to` (which
 * must have no SSA-variable arguments yet: call before sealing `to`). */
void lower_br_args(lower_ctx *c, ir_block *to, ir_value **args, int n,
                   wp_loc loc);
void lower_cbr(lower_ctx *c, ir_value *cond, ir_block *t, ir_block *f,
               wp_loc loc);
/* The zero of `t`, placed at the top of the entry block. */
ir_value *lower_zero(lower_ctx *c, const ir_type *t);

/* lower_expr.c */
ir_value *lower_expr(lower_ctx *c, const ast_expr *e);
entity lower_entity(lower_ctx *c, const ast_expr *e);
ir_value *lower_builtin(lower_ctx *c, const ir_builtin *b, ir_value **args,
                        int n, wp_loc loc);
ir_value *lower_const_int(lower_ctx *c, const ir_type *t, int64_t v);
ir_value *lower_const_float(lower_ctx *c, const ir_type *t, double v);
ir_value *lower_cast(lower_ctx *c, ir_value *v, const ir_type *to, wp_loc loc);
/* Lowers `e` as a condition: any scalar becomes bool (x != 0). */
ir_value *lower_cond(lower_ctx *c, const ast_expr *e);
ir_value *lower_emit(lower_ctx *c, ir_op op, const ir_type *t, ir_value **args,
                     int n, wp_loc loc);
/* Array element address checks shared by loads, stores and atomics: lowers
 * the indices of `e` (a SUBSCRIPT of an array value `arr`) into args[1..]. */
int lower_array_indices(lower_ctx *c, ir_value *arr, const ast_expr *e,
                        ir_value **args);

/* lower_call.c */
ir_value *lower_call(lower_ctx *c, const ast_expr *e);
/* Component k of the n-component wp.tid(). */
/* lower_quat.c: quat(ijk, real) / transform(p, q) from two lowered
 * arguments, and quat_identity() / transform_identity(). */
ir_value *lower_quat_compose(lower_ctx *c, const ast_expr *e, const ir_type *t,
                             ir_value **args);
/* wp.quaternion(..., dtype=) / wp.transformation(..., dtype=): the quat or
 * transform constructors with the scalar type taken from `dtype` or
 * inferred from the arguments (float32 when there are none). */
ir_value *lower_quat_generic(lower_ctx *c, const ast_expr *e, const char *name);
/* The vector / matrix / quat / transform constructor of type t applied to
 * the n lowered arguments of call e. */
ir_value *lower_composite_args(lower_ctx *c, const ast_expr *e,
                               const ir_type *t, ir_value **args, int n);
ir_value *lower_quat_identity(lower_ctx *c, const ast_expr *e,
                              const char *name);
ir_value *lower_tid(lower_ctx *c, int k, int n, wp_loc loc);
/* Emits an atomic `b` on the element addr[0][addr[1..naddr)] with `val`. */
ir_value *lower_atomic(lower_ctx *c, const ir_builtin *b, ir_value **addr,
                       int naddr, ir_value *val, wp_loc val_loc, wp_loc loc);

/* lower_types.c */
/* Evaluates a type expression (annotation, dtype=...). NULL on error
 * (reported). */
const ir_type *lower_type_expr(lower_ctx *c, const ast_expr *e);
/* Resolves a warp-relative name ("vec3", "float32", "tid", "types.vector")
 * to an entity; kind ENT_ERROR without a report when unknown. */
entity lower_warp_name(lower_ctx *c, const char *name);
/* The warp-relative name `e` denotes (e.g. "vec3" for wp.vec3 or for vec3
 * imported from warp), or NULL when it is not a warp name. */
const char *lower_warp_path(lower_ctx *c, const ast_expr *e);

/* lower_const.c: module-level constants, evaluated with Python's rules. */
/* Looks up global `name` visible from the current context and lowers its
 * value as constants into the current function.  Returns false (nothing
 * reported) when there is no such global; *out NULL when it was reported. */
bool lower_global(lower_ctx *c, const char *name, wp_loc use, entity *out);
/* wp.pi, wp.inf, ...: the warp module's float constants as float32 values;
 * false when `path` names none. */
bool lower_warp_constant(lower_ctx *c, const char *path, wp_loc use,
                         entity *out);
/* wp.static(expr) (the call `call`): the value of expr computed at compile
 * time over literals and module constants; NULL when reported. */
ir_value *lower_static(lower_ctx *c, const ast_expr *call);
/* The truth of wp.static(expr) as an `if` condition: 1, 0, or -1 when
 * reported. */
int lower_static_truth(lower_ctx *c, const ast_expr *call);

/* lower.c: the return of a @wp.func_grad function (the tuple of its
 * wp.adjoint[] variables). */
void lower_grad_return(lower_ctx *c, wp_loc loc);

/* The variable that `wp.adjoint[x]` names ("$adj_x") when `e` is that
 * form, "" when it is that form misused (reported), else NULL. */
const char *lower_adjoint_name(lower_ctx *c, const ast_expr *e);

/* Notes that the current kernel writes array `arr` (for the read-after-write
 * warning of differentiable kernels). */
void lower_note_store(lower_ctx *c, ir_value *arr);
/* Warns (once per array) when a differentiable kernel reads `arr` after
 * writing it: the backward replay cannot see the element's earlier value. */
void lower_check_reload(lower_ctx *c, ir_value *arr, wp_loc loc);

/* lower_print.c: print(...), wp.printf, assert, wp.expect_* */
ir_value *lower_print(lower_ctx *c, const ast_expr *e);
ir_value *lower_printf(lower_ctx *c, const ast_expr *e);
ir_value *lower_expect(lower_ctx *c, const ast_expr *e, const char *name);
void lower_assert(lower_ctx *c, const ast_stmt *s);

/* lower_stmt.c */
/* The block being lowered into (a fresh unreachable one after a return or
 * break). */
ir_block *lower_cur_block(lower_ctx *c);
/* name = v, checking that the variable keeps its type; false if reported. */
bool lower_assign_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc);
/* lower_loop.c: while and for loops. */
void lower_while(lower_ctx *c, const ast_stmt *s);
void lower_for(lower_ctx *c, const ast_stmt *s);
/* Marks the names an erroneous assignment would define, so that later uses
 * are not reported again (their type becomes void). */
void lower_poison(lower_ctx *c, const ast_expr *target);
void lower_block(lower_ctx *c, const ast_block *b);
/* Lowers (on first use) the @wp.func `fi`; NULL when it failed. */
ir_func *lower_func_def(lower_ctx *c, func_info *fi);
func_info *lower_find_func(lower_ctx *c, const char *name);
/* The type of the @wp.struct `name`, or NULL. */
const ir_type *lower_find_struct(lower_ctx *c, const char *name);

#endif
