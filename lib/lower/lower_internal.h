/* lower_internal.h - private to lib/lower: the interface between the files
 * of the AST -> IR lowering (the public one is lower.h); its array and
 * composite-value sections are lower_array.h and lower_composite.h, its
 * module-level names lower_names.h. */
#ifndef WARPC_LOWER_INTERNAL_H
#define WARPC_LOWER_INTERNAL_H

#include "../ir/ir.h"
#include "../support/hashmap.h"
#include "lower.h"

/* What a name or attribute chain denotes at compile time. */
#define LOWER_BLOCK_IDS 64 /* nesting beyond: no block ids */

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
  ENT_MODULE,  /* an imported Python module (module = its index) */
  ENT_GRAD,    /* wp.grad(f): of func `func` (def) or of `builtin` */
} ent_kind;

typedef struct func_info func_info;
typedef struct factory_closure factory_closure;

typedef struct entity {
  ent_kind kind;
  ir_value *value;           /* VALUE, SHAPE */
  const ir_type *type;       /* TYPE */
  const ir_builtin *builtin; /* BUILTIN */
  const ast_def *def;        /* FUNC */
  func_info *func;           /* FUNC */
  const char *name;          /* WARP, SPECIAL: the warp-relative name */
  int array_ndim;            /* SPECIAL "array"/"arrayNd": default ndim */
  int module;                /* MODULE */
} entity;

/* One instance of a generic function: its parameter types. */
typedef struct func_inst {
  const ir_type **types;
  ir_func *ir;
  bool in_progress, failed;
  struct func_inst *next;
} func_inst;

/* A user function known to the program (one `def` of a @wp.func; several
 * defs of one name in one module with different signatures are
 * overloads). */
struct func_info {
  const ast_def *def;
  int module;              /* the module (file) defining it */
  const ast_def *grad_def; /* its @wp.func_grad function, or NULL */
  const ast_def *fn_grad;  /* a @wp.func_grad of it while it has wp.Function
                              parameters: an error where it is called */
  ir_func *ir;             /* NULL until lowered */
  bool in_progress;        /* being lowered (recursion check) */
  bool failed;
  /* the signature, computed on first use (sig_state 1 ok, -1 failed) */
  int sig_state;
  bool generic;           /* a parameter has a generic annotation */
  const ir_type **ptypes; /* concrete parameter types (NULL: generic) */
  const char *sig;        /* for replacing a def of the same signature */
  const char *refs;       /* per parameter '1' for wp.ref[T], else '0' */
  const char *cname;      /* NULL: the default wpf_<module tag>NAME */
  func_inst *insts;       /* generic: the instances made so far */
  factory_closure *clo;   /* made by a factory call: its captured names
                             (its module is the factory's) */
  int clo_n;              /* made by a factory: its closure's entries made
                             before the def (a later entry of its name
                             hides it) */
  func_info *next_same;   /* the next def of the name in the module */
  int last_same;          /* of the first: index of the last in c->funcs */
};

/* A call of a factory (a host def whose body defines a @wp.kernel, func or
 * struct and returns it), `k2 = make(2.0)` at module level: what the
 * definitions made by the call capture.  Entries are the factory's
 * parameters bound to the call's argument expressions (evaluated at module
 * level of the calling module, seeing its globals before the call), then
 * the factory's local assignments `factor = scale * 2` (evaluated in the
 * factory's module, seeing the entries before them); a later entry of a
 * name hides an earlier one.  The factory may be imported from another
 * module (`k2 = util.make(2.0)`): its body is then looked into there. */
struct factory_closure {
  const ast_def *factory;
  const ast_def *ret;       /* the definition it returns (module level) */
  const ast_expr *ret_expr; /* what the return its body reached returns */
  /* a call in the body of another factory (or in a kernel, parent NULL):
     the arguments see that closure's first parent_n entries; the call */
  factory_closure *parent;
  int parent_n;
  int depth;       /* closures above it on the parent chain */
  bool positional; /* a module-level call: its arguments see the names
                      bound above it (lower_ctx.lookup_pos) */
  const ast_expr *call;
  wp_loc call_loc;
  const ast_def **defs; /* the defs its body ran, in order */
  int *def_n;           /* per def: the entries made before it */
  int ndefs;
  const char *tag; /* the module-level name the call is assigned to */
  int module;      /* the factory's module (its body's names) */
  int call_module; /* the module of the call (the arguments' names) */
  int limit;       /* globals of call_module visible to the call */
  int def_limit;   /* globals of `module` visible to the locals */
  int cap;         /* of names, values, scope (add_entry grows them) */
  const char **names;
  const ast_expr **values;
  int *scope;        /* entries visible when evaluating entry i (-1: none, nor
                        the factory's defs: a parameter's argument; CLO_DEFAULT: a
                        parameter's default, in the factory's module as the def
                        saw it); an entry `NAME.attr` is an attribute the body
                        sets on NAME */
  int default_limit; /* globals of `module` the def sees (its defaults) */
  int n;
  func_info *funcs; /* the factory's @wp.func defs */
  int nfuncs;
  const ast_def **sdefs; /* its @wp.struct defs and their types */
  const ir_type **stypes;
  int nstructs;
};

/* The factory calls among the globals of one module: per global, the call
 * it holds (state 0 unknown, 1 a factory call, -1 not). */
typedef struct mod_factories {
  factory_closure **clo;
  signed char *state;
} mod_factories;

/* The @wp.struct classes of one module, built in file order when the module
 * is first looked into. */
typedef struct mod_structs {
  const ast_def **defs;
  const ir_type **types; /* NULL for a struct with errors */
  int n;
  int state; /* 0 not built, 1 being built (a cycle sees the first n), 2 */
} mod_structs;

/* What a module-level name of a module denotes (lower_module.c). */
typedef enum bind_kind {
  BIND_NONE,    /* nothing by that name */
  BIND_FUNC,    /* func */
  BIND_STRUCT,  /* type */
  BIND_WARP,    /* warp: the warp-relative path ("" for warp itself) */
  BIND_MODULE,  /* module */
  BIND_GLOBAL,  /* global `index` of `module` */
  BIND_ENUM,    /* IntEnum/IntFlag (or other enum) class `def` of `module` */
  BIND_MISSING, /* import `import` whose module was not found */
  BIND_BADNAME, /* import `import` names nothing in its module */
  BIND_OTHER,   /* a def (`def`), class or host import: not Warp's
                   (module) */
} bind_kind;

typedef struct binding {
  bind_kind kind;
  func_info *func;
  const ir_type *type;
  const char *warp;
  int module;
  int index;
  const ast_import *import;
  const ast_def *def;
} binding;

/* A change, inside a dynamic loop, of a local bound to a constant before
 * it: target, the constant, its type. */
typedef struct loop_change {
  const ast_expr *target, *lit;
  const ir_type *type;
} loop_change;

typedef struct loop_ctx {
  ir_block *brk, *cont;
  struct loop_ctx *outer;
  wp_ptrvec changes; /* loop_change: reported at the loop's end */
  /* a loop Warp does not unroll (a while, a range() it cannot see to be
     short and constant, a query), and lower_frame.bind_seq at its entry:
     a literal bound to a local before it must not change in it */
  bool dynamic;
  int bind_seq;
} loop_ctx;

/* The state of the function being lowered, as Lua's FuncState: it lives on
 * the C stack of the code that lowers one definition, between
 * lower_enter_func and lower_leave_func.  A func lowered on demand in the
 * middle of a body (its first call) gets a frame of its own on top; the
 * caller's frame is untouched and current again afterwards.  Outside any
 * definition (module level) the current frame is an empty one. */
typedef struct static_bind static_bind; /* lower_static.c */
typedef struct lower_frame {
  struct lower_frame *parent; /* the frame current before this one */
  ir_func *f;
  ir_block *cur; /* NULL after return/break/continue */
  loop_ctx *loop;
  const char **vars; /* variable names of the function */
  const ir_type **var_types;
  int nvars, cap_vars;
  wp_strmap var_map;      /* name -> index + 1 (lower_ssa.c) */
  int hidden;             /* counter for hidden variables */
  bool ret_known;         /* a @wp.func's return type is fixed */
  bool ret_declared;      /* ... by a `-> T` annotation */
  ir_func *grad_target;   /* lowering the @wp.func_grad of this func */
  wp_strmap lit_vars;     /* locals bound to a bare literal: name -> it */
  wp_strmap lit_since;    /* ... name -> the bind_seq of that binding */
  wp_strmap lit_types;    /* ... name -> its type */
  wp_strmap iter_names;   /* variables of loops Warp unrolled (exempt) */
  int bind_seq;           /* literal bindings made so far */
  wp_ptrvec lit_log;      /* the name of literal binding k at index k - 1 */
  wp_ptrvec addr_pending; /* wp.address_of in this statement: expression,
                             IR_ADDR value, ... (assigned back after it) */
  /* arrays the current kernel has stored to, in program order, and those
     already warned about (read-after-write breaks their gradient) */
  wp_ptrvec stored; /* ir_value * */
  wp_ptrvec warned; /* ir_value * */
  /* loop variables of the iterations being unrolled for wp.static(), and
     the targets of the `for` statements being lowered (innermost first) */
  static_bind *static_binds;
  static_bind *for_names;
  wp_strmap fn_locals;    /* function-valued locals: name -> entity * */
  wp_strmap tile_views;   /* variables holding views of tile variables
                             (lower_tile_view_assign.c) */
  wp_strmap tile_rebinds; /* tile variable -> times rebound (intptr_t) */
  wp_strmap tile_groups;  /* tile variable -> the views of its tile */
  bool has_fixed_array;   /* wp.zeros() made an array in this function */
  int nest; /* blocks being lowered: 1 in the body itself, more inside an
               if, a loop or an unrolled loop */
  /* a serial number per block lowered (block_ids[nest]: the innermost
     block's, and its enclosing blocks' below it): code in a block is
     dominated by what comes before it in the blocks that enclose it */
  unsigned block_serial;
  unsigned block_ids[LOWER_BLOCK_IDS];
  /* a @wp.func's tile parameters, by reference (lower_tile_func.c): per
     parameter LOWER_TILE_WRITTEN / LOWER_TILE_REBOUND (NULL until one is
     assigned); tile_copy_back: a call's write-back into its argument */
  unsigned char *tile_params;
  bool tile_copy_back;
} lower_frame;

typedef struct lower_names lower_names;
/* The state of the lowering of one program: the program, its output and
 * what is known of its modules; the module and closure names are looked up
 * in; constant evaluation modes; and the current function's frame. */
typedef struct lower_ctx {
  wp_arena *A;
  wp_diag *diag;
  const ast_program *prog;
  const wp_lower_options *opts;
  ir_module *m;
  ir_types *T;
  func_info *funcs;
  int nfuncs;
  mod_structs *structs;     /* per module */
  mod_factories *factories; /* per module */
  wp_ptrvec call_clos;      /* closures of factory calls in factory bodies and
                               in wp.static() (factory_closure *) */
  wp_ptrvec reported;       /* imports already diagnosed (const ast_import *) */
  wp_ptrvec dyn_funcs;      /* warp.fem dynamic_func cache: def, suffix key,
                               func_info *, ... (lower_factory.c) */
  lower_names *names;       /* lower_names.c, made on first use */
  bool module_backward;     /* enable_backward of wp.set_module_options */
  int module_max_unroll;
  int module_block_dim; /* block_dim of wp.set_module_options (0: none) */
  wp_loc module_block_dim_loc;
  bool bare_warp; /* --instantiate types: warp names without `wp.` */
  /* the module being looked into (lower_enter_module) */
  const ast_module *ast; /* prog->modules[mod] */
  int mod;
  /* lowering a definition made by a factory call: its closure, of which
     the first nclosure entries are visible (all of them in the body of
     the definitions; fewer while evaluating an entry's value); NULL in
     module-level funcs, which see no factory's names */
  factory_closure *clo;
  int nclosure;
  /* evaluating the arguments of a module-level factory call: names of the
     current module are looked up as Python sees them at the call (source
     offset + 1; 0: their last binding) */
  uint32_t lookup_pos;
  /* constant evaluation (lower_const.c) */
  int const_depth;
  int call_depth;    /* host function and factory calls being run (the
                        chain of call_closure, lower_factory.c) */
  bool in_static;    /* evaluating wp.static(...) */
  bool static_eager; /* ... over the module's names only (lower_static.c) */
  /* the locals of a @wp.func called inside wp.static(), seen at
     const_depth const_env_depth (lower_const.c) */
  struct const_env *const_env;
  int const_env_depth;
  bool const_quiet;   /* constant evaluation: not_const does not report */
  wp_ptrvec fn_types; /* the function types made so far (lower_funcval.c) */
  wp_ptrvec builtin_funcs; /* funcs made for wp.grad(builtin) (ir_func *) */
  lower_frame *fs;         /* the function being lowered (never NULL) */
  int half_scalar;     /* lower_half.c: float16 or bfloat16, the builtin's */
  int left_out_errors; /* -fkeep-going: errors of the kernels left out */
  /* tiles made with storage="shared" (ir_value *), for print(tile), and
     the flag the tile call being lowered sets (lower_tile_print.c) */
  wp_ptrvec tile_shared;
  bool tile_shared_kw;
} lower_ctx;

/* lower.c: makes `fs` the frame of function f, on top of the current one:
 * f gets its entry block (sealed), the current block. */
void lower_enter_func(lower_ctx *c, lower_frame *fs, ir_func *f);
/* Makes the frame below `fs` (the current one) current again. */
void lower_leave_func(lower_ctx *c, lower_frame *fs);

/* lower_ssa.c: variables (Braun et al., "Simple and Efficient Construction
 * of Static Single Assignment Form", CC 2013) with block arguments. */
int lower_var_index(lower_ctx *c, const char *name, bool create);
/* Binds `name` to a new variable (an untyped slot) from now on: Python's
 * rebinding of a name to a value of another type. */
int lower_var_rebind(lower_ctx *c, const char *name);
/* Whether variable `var` is one of the function's parameters. */
bool lower_var_is_param(lower_ctx *c, int var);
void lower_write_var(lower_ctx *c, int var, ir_block *b, ir_value *v);
ir_value *lower_read_var(lower_ctx *c, int var, ir_block *b);
void lower_seal(lower_ctx *c, ir_block *b);
/* Emits a branch from c->fs->cur to `to` (records the predecessor). */
void lower_br(lower_ctx *c, ir_block *to, wp_loc loc);
/* A branch passing `args` for the first n block arguments of `to` (which
 * must have no SSA-variable arguments yet: call before sealing `to`). */
void lower_br_args(lower_ctx *c, ir_block *to, ir_value **args, int n,
                   wp_loc loc);
void lower_cbr(lower_ctx *c, ir_value *cond, ir_block *t, ir_block *f,
               wp_loc loc);
/* The zero of `t`, placed at the top of the entry block. */
ir_value *lower_zero(lower_ctx *c, const ir_type *t);
/* lower_ref.c: wp.ref[T] parameters */
const ast_expr *lower_ref_annotation(lower_ctx *c, const ast_expr *ann);
ir_value *lower_ref_pack(lower_ctx *c, ir_value *v, wp_loc loc);
void lower_ref_finish(lower_ctx *c, ir_func *f);
bool lower_ref_check_args(lower_ctx *c, ir_func *callee, const int *slots,
                          const ast_expr **exprs, wp_loc loc);
ir_value *lower_ref_results(lower_ctx *c, ir_func *callee, ir_value *call,
                            const int *slots, const ast_expr **exprs);
ir_value *lower_spatial_with_part(lower_ctx *c, const ast_expr *t,
                                  ir_value *base, ir_value *v);
ir_value *lower_address_of(lower_ctx *c, const ast_expr *e);
void lower_address_flush(lower_ctx *c);
void lower_assign_target(lower_ctx *c, const ast_expr *t, ir_value *v);
void lower_note_literal(lower_ctx *c, const ast_expr *t, const ast_expr *v,
                        const ir_type *vt);
/* Target t of `t op= v` (or a loop's target) is no longer bound to a
 * literal; reports, as warp-lang does, the change of a literal-bound local
 * inside a dynamic loop (lower_literal_vars.c). */
void lower_note_changed(lower_ctx *c, const ast_expr *t);
/* At the end of dynamic loop lc: reports its changes of constants. */
void lower_loop_constants_end(lower_ctx *c, const loop_ctx *lc);
/* After an `if` whose branches made literal bindings seq0 + 1 .. (those
 * from seq_then + 1 in the else branch), with nvars0 / nvars_then locals
 * before the if / its else: a local Warp merges with where() is no longer
 * a literal (lower_literal_vars.c). */
void lower_merge_literals(lower_ctx *c, int seq0, int seq_then, int nvars0,
                          int nvars_then);
/* The literal bindings seq_from + 1 .. seq_to that still hold are no
 * longer Warp constants: after a dynamic loop that made them (warp-lang
 * materializes what a loop changed as variables), and in an `else` for
 * those of its `then` (warp-lang starts the else from the symbols before
 * the if) (lower_literal_vars.c). */
void lower_forget_literals(lower_ctx *c, int seq_from, int seq_to);
/* Whether Warp unrolls `for ... in range(it)` (lower_static.c): constant
 * arguments it sees without computing, at most the kernel's max_unroll
 * iterations, no break; or a wp.static() inside. */
bool lower_warp_unrolls(lower_ctx *c, const ast_stmt *s, const ast_expr *it,
                        const ir_value *start, const ir_value *end,
                        const ir_value *step);

/* lower_expr.c */
ir_value *lower_expr(lower_ctx *c, const ast_expr *e);
entity lower_entity(lower_ctx *c, const ast_expr *e);
ir_value *lower_builtin(lower_ctx *c, const ir_builtin *b, ir_value **args,
                        int n, wp_loc loc);
/* Whether builtin b's rule takes these arguments (reported when not); no
 * instruction is made. */
bool lower_builtin_accepts(lower_ctx *c, const ir_builtin *b, ir_value **args,
                           int n, wp_loc loc);
ir_value *lower_const_int(lower_ctx *c, const ir_type *t, int64_t v);
ir_value *lower_const_float(lower_ctx *c, const ir_type *t, double v);
ir_value *lower_cast(lower_ctx *c, ir_value *v, const ir_type *to, wp_loc loc);
/* Call `e` with its starred arguments expanded (`e` itself when it has
 * none; NULL when reported) (lower_starred.c). */
const ast_expr *lower_expand_starred(lower_ctx *c, const ast_expr *e);
/* Is e a name bound to this module's `import math` or `import numpy [as
 * np]` (not shadowed by a kernel variable)?  In a kernel, math.pi is a
 * Python float and math.sqrt(x) calls the Warp builtin of that name, as
 * warp-lang resolves them. */
bool lower_host_module(lower_ctx *c, const ast_expr *e);

/* "index must be an integer" unless v is one; false when reported. */
bool lower_check_index(lower_ctx *c, ir_value *v, const ast_expr *e);
/* Marks constant k as the Python number x (py 1: an int, 2: a float). */
ir_value *lower_mark_py(ir_value *k, int py, double x);
/* A Python int (int32, int64 when it does not fit) or float (float32)
 * constant, marked as that number. */
ir_value *lower_py_int(lower_ctx *c, int64_t v);
ir_value *lower_py_float(lower_ctx *c, double x);
/* v as a constant of scalar type st when v stands for a Python number
 * (Warp's typed constructors take such a value at their own precision:
 * wp.vec3d(0.1) holds the double 0.1); otherwise v itself. */
ir_value *lower_py_to(lower_ctx *c, ir_value *v, const ir_type *st, wp_loc loc);
/* lower_half.c: whether a builtin call has float16 arguments (and no
 * float32 ones), and its lowering through float32 (see there). */
bool lower_half_args(const ir_builtin *b, const ir_type **types, int n);
ir_value *lower_half_builtin(lower_ctx *c, const ir_builtin *b, ir_value **args,
                             int n, wp_loc loc);
/* Lowers `e` as a condition: any scalar becomes bool (x != 0). */
ir_value *lower_cond(lower_ctx *c, const ast_expr *e);
ir_value *lower_emit(lower_ctx *c, ir_op op, const ir_type *t, ir_value **args,
                     int n, wp_loc loc);

/* lower_call.c */
ir_value *lower_call(lower_ctx *c, const ast_expr *e);
/* The vector/matrix `t` from the lowered arguments of the constructor call
 * `e` (zero, fill, components, conversion, matrix columns). */
ir_value *lower_composite(lower_ctx *c, const ast_expr *e, const ir_type *t,
                          ir_value **args, int n);
/* Component k of the n-component wp.tid(). */
ir_value *lower_tid(lower_ctx *c, int k, int n, wp_loc loc);
/* Emits an atomic `b` on the element addr[0][addr[1..naddr)] with `val`. */
ir_value *lower_atomic(lower_ctx *c, const ir_builtin *b, ir_value **addr,
                       int naddr, ir_value *val, wp_loc val_loc, wp_loc loc);

/* lower_types.c */
/* Evaluates a type expression (annotation, dtype=...). NULL on error
 * (reported). */
const ir_type *lower_type_expr(lower_ctx *c, const ast_expr *e);
/* The type a module-level alias (`real = wp.float64`, `vec5 =
 * wp.types.vector(length=5, dtype=float)`, also one imported from another
 * module) names, or NULL (not reported) when `name` is not one. */
const ir_type *lower_alias(lower_ctx *c, const char *name);
/* The same for global `index` of module `mod`. */
const ir_type *lower_global_type(lower_ctx *c, int mod, int index);
/* Is `e` syntactically a type (a name or alias of one, vector(...), ...)? */
bool lower_is_type_expr(lower_ctx *c, const ast_expr *e);
/* Resolves a warp-relative name ("vec3", "float32", "tid", "types.vector")
 * to an entity; kind ENT_ERROR without a report when unknown. */
entity lower_warp_name(lower_ctx *c, const char *name);
/* warp's float constants (wp.pi, wp.PI, wp.tau, wp.e, wp.inf, wp.nan, ...,
 * also as wp.constants.pi): true and the value when `name` is one. */
bool lower_warp_constant(const char *name, double *value);
/* Does `name` name nothing here (no variable, factory parameter or
 * module-level binding)?  Warp then looks it up in warp (sin(x)). */
bool lower_name_unbound(lower_ctx *c, const char *name);
/* The warp-relative name `e` denotes (e.g. "vec3" for wp.vec3 or for vec3
 * imported from warp), or NULL when it is not a warp name. */
const char *lower_warp_path(lower_ctx *c, const ast_expr *e);
/* Reports wp.PATH that warpc does not know at `loc`: out of scope by
 * decision (naming the family), or unknown. */
void lower_unknown_warp_name(lower_ctx *c, const char *path, wp_loc loc);

/* lower_generic.c: generic annotations (typing.Any, wp.Scalar/Float/Int,
 * arrays/vectors/matrices of them) and instance names. */
bool lower_type_is_generic(lower_ctx *c, const ast_expr *ann);
/* Does concrete type `t` match annotation `ann` (generic or not)? */
bool lower_type_matches(lower_ctx *c, const ast_expr *ann, const ir_type *t);
/* "float32_vec3f_array1d_float32": the types as one C identifier part. */
const char *lower_mangle(lower_ctx *c, const ir_type **types, int n);
/* Is `ann` a wp.array(...) annotation (whose ndim is fixed)? */
bool lower_is_array_template(lower_ctx *c, const ast_expr *ann);
/* "float32, vec3f" */
const char *lower_type_list(lower_ctx *c, const ir_type **types, int n);

/* lower_kernels.c: lowers every kernel of the file, generic ones once per
 * instance (@wp.overload, wp.overload(k, ...), --instantiate). */
void lower_kernels(lower_ctx *c);

/* lower_overload.c: @wp.func overloads and generic instances. */
/* The arguments of a call: n positional ones, then nkw keyword ones. */
typedef struct call_args {
  const ir_type **types; /* n + nkw */
  const char **kw_names; /* nkw */
  int n, nkw;
} call_args;
/* The function a call with arguments `a` of the func named like `fi` in
 * fi's module (its overload set; only fi itself for a func made by a
 * factory) runs, lowered on demand; NULL when reported (at `loc`).
 * *slots (an arena array, one entry per parameter of the result): entry i
 * is the argument bound to parameter i (an index into a->types), or -1 for
 * the parameter's default value; *def the definition called (whose
 * parameters have those defaults; they are evaluated in the scope of fi). */
ir_func *lower_resolve_func(lower_ctx *c, func_info *fi, const call_args *a,
                            int **slots, const ast_def **def, wp_loc loc);
/* Whether some overload of the func named like f0 (as lower_resolve_func
 * chooses them) accepts n positional arguments of the given types; nothing
 * is reported for a mismatch. */
bool lower_func_accepts(lower_ctx *c, func_info *f0, const ir_type **types,
                        int n);
/* The builtin of a unary, binary, boolean or comparison operator (m @ v is
 * mul, Warp's matrix product); IR_B_NONE for an op without one. */
ir_builtin_id lower_op_builtin(ast_op op);
/* A binary operator `a OP b` (also `x OP= b`) by its builtin (IR_B_ADD,
 * SUB, MUL, DIV, FLOORDIV, POW, MOD, BIT_AND, BIT_OR, BIT_XOR, LSHIFT,
 * RSHIFT): as in Warp, a @wp.func of the builtin's name ("add") visible in
 * the current module (e.g. add(a: Complex, b: Complex)) whose overload
 * accepts (args[0], args[1]) is called, else the builtin. */
ir_value *lower_binary_op(lower_ctx *c, ir_builtin_id op, ir_value **args,
                          wp_loc loc);
/* Attaches the @wp.func_grad definition `d` of module `mod` to the
 * overload of the func it names that it differentiates (errors
 * reported). */
void lower_attach_grad(lower_ctx *c, int mod, const ast_def *d);
/* Lowers definition `d` of the current module with the given parameter
 * types (NULL: from its annotations) as a kernel or func named `cname`
 * (NULL: the default name; a func's is made unique) (lower.c). */
ir_func *lower_def_as(lower_ctx *c, const ast_def *d, ir_func_kind kind,
                      const ir_type **types, const char *cname);
/* The instance of func `fi` for parameter `types`, lowered in fi's module
 * and closure (lower.c). */
ir_func *lower_func_instance(lower_ctx *c, const func_info *fi,
                             const ir_type **types, const char *cname);
/* lower.c: the type of @wp.struct `d` named name / cname (NULL: reported),
 * lowered in the current module and closure scope. */
const ir_type *lower_struct_type(lower_ctx *c, const ast_def *d,
                                 const char *name, const char *cname);

/* lower_const.c: module-level constants, evaluated with Python's rules. */
/* Global `index` of module `mod` (its value computed with Python's rules
 * there) captured as constants into the current function; ENT_ERROR when
 * reported. */
entity lower_global_at(lower_ctx *c, int mod, int index, wp_loc use);
/* A name captured by a factory-made definition (a parameter or local of
 * the factory): lowers its value like lower_global_at; false when `name`
 * is not captured. */
bool lower_closure(lower_ctx *c, const char *name, wp_loc use, entity *out);
/* The value of `e` as a compile-time integer (literals, module constants,
 * factory parameters); false when it is not one (errors reported, except
 * for a non-integer value, which is left to the caller). */
bool lower_const_int_expr(lower_ctx *c, const ast_expr *e, int64_t *out);
/* The type the compile-time constant `e` (a default parameter value) has
 * in a kernel, or NULL when it is not a constant (reported). */
const ir_type *lower_const_type(lower_ctx *c, const ast_expr *e);
/* Lowers the compile-time constant `e` into the current function. */
ir_value *lower_const_value(lower_ctx *c, const ast_expr *e, wp_loc use);

#include "lower_array.h"
#include "lower_composite.h"
#include "lower_factory.h"

/* lower_snapshot.c: what lowering holds about funcs before a kernel is
 * tried, so that a failed try leaves the program as it was: the module's
 * functions, the func caches of the program and of the factory closures
 * made so far (all in c->A). */
typedef struct lower_snapshot {
  ir_func *last; /* the module's last function */
  int nkernels;
  int nbuiltin_funcs; /* c->builtin_funcs.count */
  func_info *funcs;   /* copies of c->funcs */
  wp_ptrvec clos;     /* factory_closure *, then its funcs' copy, ... */
  int ncall_clos;     /* c->call_clos.count */
} lower_snapshot;
/* Saves the state into *sn, with the func caches of `clo` (may be NULL)
 * besides those of the program's factories. */
void lower_snapshot_take(lower_ctx *c, lower_snapshot *sn,
                         factory_closure *clo);
/* Puts the program back as `sn` saw it: the functions made since are taken
 * out of the module and forgotten by the caches. */
void lower_snapshot_restore(lower_ctx *c, const lower_snapshot *sn);
/* -fkeep-going (opts->keep_going; without it both do nothing): a kernel
 * lowered between lower_try_begin and lower_try_end that reported an
 * error is left out, with the funcs lowered for it, and a note at `loc`
 * says so; its errors stay reported (counted in c->left_out_errors) and
 * the rest of the file compiles. */
typedef struct lower_try {
  lower_snapshot sn;
  int errors; /* c->diag->errors at the start */
} lower_try;
void lower_try_begin(lower_ctx *c, lower_try *t);
void lower_try_end(lower_ctx *c, lower_try *t, const char *name, wp_loc loc);

/* lower_sites.c: the kernels of the main file that are not module-level
 * @wp.kernel defs.  Lowers every `NAME = wp.kernel(f)` of the module
 * (launcher MODULE_NAME). */
void lower_global_kernels(lower_ctx *c);
/* Lowers the kernels nested in functions whose free names resolve at
 * module level (launcher MODULE_<qualified name>) and warns at every other
 * kernel site of the module (ast_kernel_site), saying why it is not
 * compiled. */
void lower_kernel_sites(lower_ctx *c);

/* wp.static(expr) (the call `call`): the value of expr computed at compile
 * time over literals and module constants; NULL when reported. */
ir_value *lower_static(lower_ctx *c, const ast_expr *call);
/* lower_static.c: lowers the `for` statement s with its target pushed on
 * fs->for_names (`loop` does the work). */
void lower_static_for(lower_ctx *c, const ast_stmt *s,
                      void (*loop)(lower_ctx *, const ast_stmt *));
/* Whether wp.static(e) is evaluated where its kernel's constants are
 * visible: when e names the target of an enclosing `for` (Warp defers those
 * to code generation); other expressions are first tried over the module's
 * names alone. */
bool lower_static_deferred(lower_ctx *c, const ast_expr *e);
/* Whether some name in expression e (at any depth) satisfies pred. */
bool lower_any_name(lower_ctx *c, const ast_expr *e,
                    bool (*pred)(lower_ctx *c, const char *name));
/* After a dynamic `for` over range(start, end, step) of plain constants
 * that Warp unrolls (at most max_unroll iterations, no break, the body does
 * not assign the target), the target holds its last value as a constant,
 * as in Warp. */
void lower_static_after_loop(lower_ctx *c, const ast_stmt *s,
                             const ast_expr *it, ir_value *start, ir_value *end,
                             ir_value *step);
/* lower_static.c: the constant a kernel local `name` holds where a
 * wp.static() expression names it (the loop variable of an unrolled
 * iteration, or a local assigned a constant), or NULL. */
ir_value *lower_static_local(lower_ctx *c, const char *name);
/* A `for` loop over range(start, end, step) that contains wp.static() and
 * has constant arguments, unrolled with `body` lowering each iteration:
 * 1 when done, 0 when it is not such a loop (nothing emitted), -1 after an
 * error. */
int lower_static_unroll(lower_ctx *c, const ast_stmt *s, const ast_expr *it,
                        ir_value *start, ir_value *end, ir_value *step,
                        void (*body)(lower_ctx *, const ast_stmt *, ir_block *,
                                     ir_block *));
/* lower_logic.c: `a if cond else b` (only the chosen branch evaluated) and
 * the short-circuit `a and b` / `a or b` (a bool). */
ir_value *lower_ifexp(lower_ctx *c, const ast_expr *e);
ir_value *lower_boolop(lower_ctx *c, const ast_expr *e);
/* lower_const.c: the item `sub` (SEQ[k]) selects of a module-level tuple
 * or list, with *limit updated to the globals its value sees; NULL when sub
 * is no such subscript (*reported when an error was reported). */
const ast_expr *lower_const_item(lower_ctx *c, const ast_expr *sub, int *limit,
                                 bool *reported);
/* The function a callee `wp.static(expr)` names (FUNCS[k] of a module-level
 * list or tuple of functions) in *out (ENT_ERROR after an error): false,
 * nothing reported, when expr does not name a function. */
bool lower_static_callee(lower_ctx *c, const ast_expr *call, entity *out);
/* The truth of wp.static(expr) as an `if` condition: 1, 0, or -1 when
 * reported. */
int lower_static_truth(lower_ctx *c, const ast_expr *call);

/* lower_funcval.c: functions as values.  The function-valued local
 * `name` (ENT_ERROR when it is not one). */
entity lower_fn_local(lower_ctx *c, const char *name);
void lower_fn_bind(lower_ctx *c, const char *name, entity en);
/* Whether a value may be assigned to local `name` (reported when it is
 * bound to a function or gradient). */
bool lower_fn_check_value(lower_ctx *c, const char *name, wp_loc loc);
/* `t = v` binding a function-valued local: 1 when done (or reported), 0
 * when v is not a function (*out: v's value when it was lowered, else
 * NULL). */
int lower_fn_assign(lower_ctx *c, const ast_expr *t, const ast_expr *v,
                    ir_value **out);
/* wp.grad(X), the call `ge`, as an ENT_GRAD entity (ENT_ERROR: reported). */
entity lower_grad_entity(lower_ctx *c, const ast_expr *ge);
/* The call `e` of the gradient g (func_call lowers a call of a func). */
ir_value *lower_grad_apply(lower_ctx *c, const ast_expr *e, entity g,
                           ir_value *(*func_call)(lower_ctx *, const ast_expr *,
                                                  func_info *));

/* The function type of target en (a func or builtin), made on first use;
 * the target of a function type (NULL: t is none). */
const ir_type *lower_fn_type(lower_ctx *c, entity en);
const entity *lower_fn_type_entity(lower_ctx *c, const ir_type *t);
/* The function type of a default parameter value naming a function, or
 * NULL (nothing reported). */
const ir_type *lower_fn_default_type(lower_ctx *c, const ast_expr *dv);
/* Whether def d has a wp.Function parameter. */
bool lower_def_has_fn_param(lower_ctx *c, const ast_def *d);
/* Lowers call argument e: *v its value, or NULL with *t a function type
 * when e names a function; false when reported. */
bool lower_call_arg(lower_ctx *c, const ast_expr *e, ir_value **v,
                    const ir_type **t);
/* After params(): the parameters of f given function types become
 * function-valued locals and are dropped from f's parameters. */
void lower_fn_params(lower_ctx *c, ir_func *f, const ir_type **given);

/* lower_enum.c: enum classes.  The kind of class `d` of module `mod`: 1
 * IntEnum, 2 IntFlag, 3 another enum class of the enum module, 0 not an
 * enum class. */
int lower_enum_kind(lower_ctx *c, int mod, const ast_def *d);
/* `Mode.FAST` / `Mode.FAST.value` (also `util.Mode.FAST`) for an
 * IntEnum (returns 1) or IntFlag (2) class, with *value its integer and
 * *plain whether it is a plain int (`.value`) rather than an enum member,
 * *mask (IntFlag) the bits up to the highest of its members; 0 when `e` is
 * not such a member, -1 when reported.  lower_enum_member_of: member
 * `use->name` of class d of module mod, the same way. */
/* The expression the @property `e` (member.prop) returns, to be resolved
 * in module *mod (a type: `dof.coords_storage_type`), or NULL (lower_const.c).
 */
const ast_expr *lower_property_result(lower_ctx *c, const ast_expr *e,
                                      int *mod);
int lower_enum_member_of(lower_ctx *c, int mod, const ast_def *d,
                         const ast_expr *use, int64_t *value, int64_t *mask);
int lower_enum_member(lower_ctx *c, const ast_expr *e, int64_t *value,
                      bool *plain, int64_t *mask);

/* lower_native.c: makes f (parameters and result set from def d) the
 * @wp.func_native of d: its snippet as body, its adj_snippet as its custom
 * gradient; false when reported. */
bool lower_native(lower_ctx *c, const ast_def *d, ir_func *f);

/* lower.c: the return of a @wp.func_grad function (the tuple of its
 * wp.adjoint[] variables). */
void lower_grad_return(lower_ctx *c, wp_loc loc);

/* lower_print.c: print(...), wp.printf, assert, wp.expect_* */
ir_value *lower_print(lower_ctx *c, const ast_expr *e);
ir_value *lower_printf(lower_ctx *c, const ast_expr *e);
ir_value *lower_expect(lower_ctx *c, const ast_expr *e, const char *name);
void lower_assert(lower_ctx *c, const ast_stmt *s);

/* lower_stmt.c */
/* The block being lowered into (a fresh unreachable one after a return or
 * break). */
ir_block *lower_cur_block(lower_ctx *c);
/* lower_assign.c: name = v, checking that the variable keeps its type;
 * false if reported. */
bool lower_assign_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc);
/* lower_tile_func.c: tiles and tile stacks passed to a @wp.func by
 * reference, as in Warp.  A tile parameter of a @wp.func (not native) is a
 * wp.ref-like parameter (param_ref) while its body is lowered; the body's
 * in-place writes to it (tile builtins that write their argument, `+=`,
 * `-=`, `&=`, `|=`, `^=` of a tile, element assignment, a call's write-back)
 * mark it written, a plain binding (`t = ...`) rebound; afterwards the
 * parameters not written stop being refs (lower_tile_refs_prune), so only
 * written tiles come back to the caller, which assigns them to its
 * argument variables (lower_tile_ref_arg).  Both on one parameter is an
 * error, unless the binding comes first in the body itself. */
enum {
  LOWER_TILE_WRITTEN = 1,
  LOWER_TILE_REBOUND = 2,
  LOWER_TILE_REBOUND_TOP = 4 /* first bound in the function's body itself */
};
/* Whether parameter type t of func f is passed by reference this way. */
bool lower_tile_is_ref_param(const ir_func *f, const ir_type *t);
/* Variable var (a parameter of the current func, of tile type) is
 * assigned: in place, or bound anew (rebind); false when reported. */
bool lower_tile_param_write(lower_ctx *c, int var, bool rebind, wp_loc loc);
/* `name = v` as a plain binding (a statement's target): the tile
 * parameters' rule above, then lower_assign_var. */
bool lower_bind_var(lower_ctx *c, const char *name, ir_value *v, wp_loc loc);
/* After the body of f: its tile parameters not written stop being refs,
 * its returns give the tuple of the rest; returns whether f has a
 * wp.ref[T] parameter left (not a tile). */
bool lower_tile_refs_prune(lower_ctx *c, ir_func *f);
/* The stack type wp.tile_stack(capacity=, dtype=) call e makes (also a
 * @wp.func parameter's annotation); NULL when reported
 * (lower_tile_stack.c). */
const ir_type *lower_tile_stack_type(lower_ctx *c, const ast_expr *e);
/* Argument v of a parameter of type pt: a view of a tile (which warpc holds
 * as a copy) as the tile type pt of its shape; else v. */
ir_value *lower_tile_view_arg(lower_ctx *c, ir_value *v, const ir_type *pt,
                              wp_loc loc);
/* Whether the caller assigns the final value of ref parameter i of callee
 * back to its argument (exprs[slots[i]]); false when reported (*bad set):
 * the argument of a written tile is not a tile variable, or is also
 * passed as another tile argument. */
bool lower_tile_ref_arg(lower_ctx *c, const ir_func *callee, int i,
                        const int *slots, const ast_expr **exprs, bool *bad);
/* The statements `targets = value`, `target op= value` and
 * `target: T [= value]` (errors reported). */
void lower_assign_stmt(lower_ctx *c, const ast_stmt *s);
void lower_augassign(lower_ctx *c, const ast_stmt *s);
void lower_annassign(lower_ctx *c, const ast_stmt *s);
/* lower_loop.c: while and for loops. */
void lower_while(lower_ctx *c, const ast_stmt *s);
void lower_for(lower_ctx *c, const ast_stmt *s);
/* Marks the names an erroneous assignment would define, so that later uses
 * are not reported again (their type becomes void). */
void lower_poison(lower_ctx *c, const ast_expr *target);
void lower_block(lower_ctx *c, const ast_block *b);
/* Lowers (on first use) the @wp.func `fi`; NULL when it failed. */
ir_func *lower_func_def(lower_ctx *c, func_info *fi);
#include "lower_names.h"

#endif
