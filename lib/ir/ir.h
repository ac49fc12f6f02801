/* ir.h - lib/ir: warpc's typed SSA intermediate representation.
 *
 * A module holds functions (kernels and @wp.func).  A function is a list of
 * basic blocks; the first is the entry.  Every instruction that produces a
 * value is an SSA value (`ir_value`); blocks take block arguments instead of
 * phi nodes, and the branches that jump to a block pass one value per
 * argument.  Every block ends with exactly one terminator (br, cbr, ret).
 *
 * Values are typed with Warp's types (scalars, vectors, matrices, arrays,
 * tuples, structs), interned in an ir_types table so types compare by pointer.
 * Operations on values go through one builtin table (arithmetic operators
 * included, lib/ir/builtins.def), addressed by ir_builtin_id: a builtin
 * resolves its overload from the argument types; how it is printed in C is
 * lib/emit's.
 *
 * The IR is built by lib/lower (wp_lower, lib/lower/lower.h), which does
 * name resolution and type inference with Warp's rules.  Passes here:
 * verify, simplify, fold (constant folding), dce (dead code elimination),
 * inlining and the adjoint (backward) functions.
 *
 * Memory: every object lives in the module's arena.
 */
#ifndef WARPC_IR_H
#define WARPC_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../support/arena.h"
#include "../support/diag.h"

/* ---- types ------------------------------------------------------------ */

typedef enum ir_type_kind {
  IR_T_VOID,
  IR_T_SCALAR, /* `scalar` is a WP_SCALAR_* code of <warp/abi.h> */
  IR_T_VEC,    /* rows components of scalar */
  IR_T_MAT,    /* rows x cols of scalar, row-major */
  IR_T_ARRAY,  /* elem (a value type), ndim 1..4 */
  IR_T_TUPLE,  /* members (multiple return values) */
  IR_T_STRUCT, /* name, members + member_names */
  IR_T_TILE,   /* Warp's tile: elem (a scalar, vector or matrix type), ndim
                  1..IR_TILE_MAX_NDIM, extents tdims (and as 2-d: rows x
                  cols); a value (lib/ir/types.c: ir_t_tile_nd) */
} ir_type_kind;

typedef struct ir_type ir_type;
/* Quaternions and transforms are vectors with a flavor: a quat is a 4-vector
 * (x, y, z, w), a transform a 7-vector (p.x, p.y, p.z, q.x, q.y, q.z, q.w),
 * which is exactly Warp's memory layout; vector operations that Warp allows
 * on them (+, -, scaling, components, dot, length, ...) come for free and the
 * flavor selects the names ("quatf", "transformd"), the dtype code and the
 * quaternion/transform overloads. */
enum { IR_VEC_PLAIN = 0, IR_VEC_QUAT = 1, IR_VEC_TRANSFORM = 2 };
/* The flavor of an ARRAY type: Warp's wp.array, or its wp.indexedarray (an
 * array read through per-dimension index arrays: wp_indexedarray of
 * <warp/abi.h>). */
enum { IR_ARR_PLAIN = 0, IR_ARR_INDEXED = 1 };
/* The flavor of a STRUCT type: a @wp.struct of the user's, or a builtin
 * struct (a query state such as HashGridQuery, a query result such as
 * MeshQueryPoint): its C type (`symbol`) is defined by the prelude, with the
 * members the IR knows under the same names (an opaque state has none);
 * lib/lower/lower_query.c says how they are used. */
enum { IR_STRUCT_USER = 0, IR_STRUCT_BUILTIN = 1 };
/* The flavor of a TILE type: a tile, or a view of another (tile_view,
 * t[i], tile_reshape, ...), which warpc holds as a copy and so cannot write
 * through (Warp's views alias their tile). */
enum { IR_TILE_OWN = 0, IR_TILE_VIEW = 1, IR_TILE_STRIDED = 2 };
/* A TILE of flavor IR_TILE_STACK is Warp's wp.tile_stack: a 1-d tile of
 * its capacity and an element count (C: v[] and count); it is not a tile
 * to the tile builtins (lib/lower/lower_tile_block.c). */
enum { IR_TILE_STACK = 3 };
/* The longest vector and the most rows or columns of a matrix that warpc
 * compiles (Warp has no such limit; man/warpc.1, LIMITS). */
enum { IR_MAX_DIM = 64 };
/* Tiles: at most 4 dimensions, IR_TILE_MAX_ELEMS elements and
 * IR_TILE_MAX_BYTES bytes (warpc's limits; a tile lives in the frame of
 * the thread that runs its block: man/warpc.1, LIMITS).  The bytes are
 * warp-lang's CPU arena of shared tiles (WP_MAX_CPU_SHARED, 256 KiB: a
 * larger one stops Warp's CPU kernel with "Warp CPU tile shared-memory
 * allocation exceeds the 256 KiB arena"). */
enum {
  IR_TILE_MAX_NDIM = 4,
  IR_TILE_MAX_ELEMS = 262144,
  IR_TILE_MAX_BYTES = 256 * 1024
};
/* The largest stack frame of a generated CPU function (its tiles, mostly):
 * the C compiler refuses a larger one (-Wframe-larger-than), and warpc
 * says so, rather than a launch overflowing the stack of the thread that
 * runs the block (8 MiB by default on Linux: the pool's workers', the
 * launching thread's).  man/warpc.1, LIMITS. */
enum { IR_CPU_MAX_FRAME_BYTES = 6 * 1024 * 1024 };
/* The largest tile of a tile_atomic_add, whose old values a CUDA block
 * shares through static __shared__ memory (48 KiB on every arch). */
enum { IR_TILE_MAX_SHARED_BYTES = 48 * 1024 };
/* The largest CUDA block (threads), the bound of the block_dim option. */
enum { IR_MAX_BLOCK_DIM = 1024 };

struct ir_type {
  ir_type_kind kind;
  int flavor;          /* VEC: IR_VEC_PLAIN, IR_VEC_QUAT or IR_VEC_TRANSFORM;
                          ARRAY: IR_ARR_PLAIN or IR_ARR_INDEXED;
                          STRUCT: IR_STRUCT_USER or IR_STRUCT_BUILTIN;
                          TILE: IR_TILE_OWN or IR_TILE_VIEW */
  int scalar;          /* SCALAR, VEC, MAT: element scalar code */
  int rows, cols;      /* VEC: rows = length, cols = 1; MAT: shape;
                          TILE: the shape as 2-d: the product of all
                          extents but the last, the last (ndim 1: the
                          extent, 1) */
  int tdims[4];        /* TILE: the extents (0 past ndim) */
  int ndim;            /* ARRAY, TILE */
  const ir_type *elem; /* ARRAY, TILE: dtype; VEC/MAT: the scalar type */
  const ir_type **members;   /* TUPLE, STRUCT */
  const char **member_names; /* STRUCT */
  int nmembers;
  const char *name; /* Warp's spelling: "float32", "vec3f", "mat33d",
                       "array(dtype=vec3f, ndim=2)", "tuple(float32,
                       int32)", struct name */
  /* STRUCT: the struct's name in generated code, unique in the module (a
     naming decision of lowering, as a function's cname; the C spelling of
     every type is lib/emit's: emit_ctype) */
  const char *symbol;
  /* STRUCT: the C name shared by every module that uses the struct (its
     defining module's name or dotted import name, then its name:
     "forces_Body"), under which headers define the C type once; symbol is
     a typedef of it.  NULL: symbol itself. */
  const char *shared;
  int serial; /* the type's position in the interning table (numbers the
                 emitted names of tuples) */
};

/* The interning table of one compilation (lives in an arena). */
typedef struct ir_types ir_types;

ir_types *ir_types_new(wp_arena *arena);
/* The types made so far, in the order they were made: how many, the i-th. */
int ir_types_count(const ir_types *T);
const ir_type *ir_types_at(const ir_types *T, int i);
const ir_type *ir_t_void(ir_types *T);
const ir_type *ir_t_scalar(ir_types *T, int scalar);
const ir_type *ir_t_bool(ir_types *T);
const ir_type *ir_t_int32(ir_types *T);
const ir_type *ir_t_float32(ir_types *T);
/* Vector of `n` (1..255) components of scalar code `scalar`. */
const ir_type *ir_t_vec(ir_types *T, int scalar, int n);
const ir_type *ir_t_mat(ir_types *T, int scalar, int rows, int cols);
/* quath/quatf/quatd and transformh/transformf/transformd (flavored VECs). */
const ir_type *ir_t_quat(ir_types *T, int scalar);
const ir_type *ir_t_transform(ir_types *T, int scalar);
bool ir_type_is_quat(const ir_type *t);
bool ir_type_is_transform(const ir_type *t);
const ir_type *ir_t_array(ir_types *T, const ir_type *dtype, int ndim);
/* A tile of `dtype` (a scalar, vector or matrix type) of shape rows
 * (ndim 1) or rows x cols (ndim 2), row-major. */
const ir_type *ir_t_tile(ir_types *T, const ir_type *dtype, int ndim, int rows,
                         int cols);
/* A tile of extents dims[0..ndim) (1..IR_TILE_MAX_NDIM). */
const ir_type *ir_t_tile_nd(ir_types *T, const ir_type *dtype, int ndim,
                            const int *dims);
/* A tile of dtype with the shape of tile type `like`. */
const ir_type *ir_t_tile_like(ir_types *T, const ir_type *dtype,
                              const ir_type *like);
/* Whether tile types a and b have the same shape. */
bool ir_tile_same_shape(const ir_type *a, const ir_type *b);
/* The same tile type as a view: IR_TILE_VIEW, or IR_TILE_STRIDED for a view
 * whose rows are not contiguous in its tile (which Warp cannot reshape). */
const ir_type *ir_t_tile_view(ir_types *T, const ir_type *tile, int flavor);
/* Whether tiles of struct t add, subtract, sum and atomically add in warpc
 * (member-wise, as warp-lang: lib/emit/emit_tile_struct.c): a user struct
 * (not a builtin query struct). */
bool ir_tile_struct_summable(const ir_type *t);
/* The number of elements of tile type t. */
int ir_tile_count(const ir_type *t);
/* wp.indexedarray(dtype, ndim). */
const ir_type *ir_t_indexedarray(ir_types *T, const ir_type *dtype, int ndim);
/* An ARRAY of flavor IR_ARR_INDEXED? */
bool ir_type_is_indexed(const ir_type *t);
/* A plain wp.array (what builtins taking arrays accept)? */
bool ir_type_is_plain_array(const ir_type *t);
const ir_type *ir_t_tuple(ir_types *T, const ir_type **members, int n);
/* A @wp.struct (nominal: every call makes a new type).  Members are laid out
 * as C and Warp's ctypes.Structure lay them out: in declaration order with
 * natural alignment. */
const ir_type *ir_t_struct(ir_types *T, const char *name, const char *symbol,
                           const ir_type **members, const char **names, int n);
/* A builtin struct (IR_STRUCT_BUILTIN), interned by its Warp name `name`
 * ("HashGridQuery"): `cname` is the C type the prelude defines
 * ("wp_hash_grid_query_t"), members/names the fields kernels may read (none
 * for an opaque query state). */
const ir_type *ir_t_builtin_struct(ir_types *T, const char *name,
                                   const char *cname, const ir_type **members,
                                   const char **names, int n);
bool ir_type_is_builtin_struct(const ir_type *t);
/* The builtin struct type Warp calls `name` (wp.HashGridQuery), from the
 * registry lib/ir/builtin_structs.def; NULL when there is none. */
const ir_type *ir_builtin_struct_find(ir_types *T, const char *name);
/* Warp's `T[dtype]` of builtin struct t (wp.HashGridQuery[wp.float16]):
 * the builtin struct of that precision, NULL when t has no such form. */
const ir_type *ir_builtin_struct_of(ir_types *T, const ir_type *t,
                                    const ir_type *dtype);
/* The hash-grid query state of points of scalar type `scalar` (float16,
 * float32, float64; NULL for others): builtins_hash_grid.c. */
const ir_type *ir_hash_grid_query_type(ir_types *T, int scalar);
/* The Warp name of registry entry i (0, 1, ...), NULL past the end. */
const char *ir_builtin_struct_at(int i);
int ir_type_align(const ir_type *t);
int ir_struct_offset(const ir_type *t, int k);
/* Member index of `name` in a struct, or -1. */
int ir_struct_member(const ir_type *t, const char *name);

bool ir_type_is_scalar(const ir_type *t);
bool ir_type_is_float(const ir_type *t); /* float16/32/64 scalar */
bool ir_type_is_int(const ir_type *t);   /* any integer scalar (not bool) */
bool ir_type_is_bool(const ir_type *t);
bool ir_type_is_signed(const ir_type *t);
/* Bytes of a value type as laid out in memory (Warp's layout). */
int ir_type_size(const ir_type *t);
/* Warp's name of a scalar code ("float32") and its vector suffix ("f"). */
const char *ir_scalar_name(int scalar);
const char *ir_scalar_suffix(int scalar);
/* The wp_dtype code (<warp/abi.h>) of a value type; 0 for non-array-able. */
uint32_t ir_type_dtype_code(const ir_type *t);

/* float16 (half.c): IEEE binary16 bits of a float32 (round to nearest
 * even, as the generated code converts), the value of half bits, a double
 * rounded through float32 to half; whether a scalar/vector/matrix type has
 * float16 components; the same shape with another scalar. */
uint16_t ir_half_from_float(float f);
float ir_half_to_float(uint16_t h);
double ir_round_half(double x);
uint16_t ir_bf16_from_float(float f);
float ir_bf16_to_float(uint16_t h);
double ir_round_bf16(double x);
bool ir_scalar_is_half(int scalar); /* float16 or bfloat16 */
bool ir_type_has_half(const ir_type *t);
const ir_type *ir_t_rescalar(ir_types *T, const ir_type *t, int scalar);

/* ---- builtins --------------------------------------------------------- */

typedef struct ir_builtin ir_builtin;

/* Every builtin by its entry in the table lib/ir/builtins.def: IR_B_ADD,
 * IR_B_SQRT, ...; IR_B_NONE for "no builtin". */
typedef enum ir_builtin_id {
  IR_B_NONE = -1,
#define B(id, name, lo, hi, check, flags) IR_B_##id,
#include "builtins.def"
#undef B
  IR_B_COUNT
} ir_builtin_id;

/* Overload resolution: returns the result type of `name(args)`, or NULL and
 * sets *err to a message (allocated in the types' arena). */
typedef const ir_type *ir_builtin_check(ir_types *T, const ir_builtin *b,
                                        const ir_type **args, int nargs,
                                        const char **err);

struct ir_builtin {
  ir_builtin_id id;
  const char *name; /* Warp's name: "add", "sqrt", "dot" */
  int min_args, max_args;
  ir_builtin_check *check;
  bool pure;       /* no side effects: may be folded / removed */
  bool adjoint;    /* has an adjoint rule wp_adj_<name>_<types> in the prelude,
                      next to the primal; false: zero gradient (comparisons,
                      rounding, ...) */
  bool internal;   /* made by the lowering only ("_rand_steps"): not
                      callable from Python */
  bool atomic;     /* an atomic on an array element (IR_ATOMIC) */
  bool query_next; /* X_next(query, index, ...): advances the query state
                      variable and writes the next result into the index
                      variable (lib/lower/lower_query.c) */
};

/* The entry of builtin `id` (0 <= id < IR_B_COUNT). */
const ir_builtin *ir_builtin_get(ir_builtin_id id);
/* Whether builtin id is one of the tiles that span the block's threads
 * (wp.tile, untile, tile_from_thread, the scatters, stacks and random
 * tiles: lib/lower/lower_tile_block.c, lower_tile_stack.c). */
bool ir_builtin_is_tile_block(ir_builtin_id id);
/* Looks up a builtin by Warp name (NULL when unknown): for the lowering's
 * name resolution, once per call; everything after it uses the entry. */
const ir_builtin *ir_builtin_find(const char *name);
/* Writes "no overload of 'NAME' for argument types (T1, T2)" into buf. */
const char *ir_builtin_no_overload(const ir_builtin *b, const ir_type **args,
                                   int nargs, char *buf, size_t cap);
/* The registry, for listings: entry i (the builtin with id i), or NULL when
 * i is past the end. */
const ir_builtin *ir_builtin_at(int i);
/* Warp builtins warpc leaves out by decision: the family of `name` ("mesh
 * queries", plural) or NULL.  ir_out_of_scope_at lists the table: entry i's
 * name prefix (or whole name when !*prefix) and family; false past the
 * end. */
const char *ir_out_of_scope(const char *name);
bool ir_out_of_scope_at(int i, const char **key, bool *prefix,
                        const char **family);
/* Builtins warp-lang removed: what to write instead of `name` (a static
 * string) with *since set to the warp-lang release that removed it ("1.10"),
 * or NULL when `name` was not removed. */
const char *ir_removed_builtin(const char *name, const char **since);
/* Entry i of that table (0, 1, ...): its name and release; false past the
 * end. */
bool ir_removed_at(int i, const char **name, const char **since);

/* ---- instructions ----------------------------------------------------- */

typedef enum ir_op {
  IR_PARAM,          /* function parameter; aux = index */
  IR_BLOCK_ARG,      /* block argument; aux = index */
  IR_CONST,          /* scalar constant: ival (ints, bool) or fval (floats) */
  IR_ZERO,           /* the zero value of any value type */
  IR_BUILTIN,        /* builtin(args); builtin */
  IR_CAST,           /* convert args[0] (scalar) to the result scalar type */
  IR_CALL,           /* callee(args) */
  IR_COMPOSE,        /* vec/mat/tuple/struct from args (mat: rows x cols
                        scalars, row-major, or `rows` row vectors) */
  IR_EXTRACT,        /* args[0].component aux (vec comp, mat row, tuple/struct
                        member) */
  IR_EXTRACT_DYN,    /* args[0][args[1]] with a runtime index (vec comp, mat
                        row) */
  IR_INSERT,         /* copy of args[0] with component aux = args[1] */
  IR_INSERT_DYN,     /* copy of args[0] with [args[1]] = args[2] */
  IR_LOAD,           /* args[0] array, args[1..] indices -> element */
  IR_STORE,          /* args[0] array, args[1..n-1] indices, args[n-1] value */
  IR_ATOMIC,         /* like STORE; builtin says which atomic; result: old */
  IR_ARRAY_SHAPE,    /* args[0].shape[aux] as int32 */
  IR_ARRAY_VALID,    /* bool: args[0] (an array) has data (`if a:` in Warp) */
  IR_ARRAY_VIEW,     /* args[0] array, args[1..k] indices (k < ndim) -> the
                        (ndim-k)-d view at those leading indices (Warp's a[i]) */
  IR_ARRAY_SLICE,    /* args[0] array, args[1..3] start, stop, step (int64):
                        dimension aux sliced as Warp (aux2 & 1: start given,
                        & 2: stop given); aux2 & 4: an index instead, start,
                        which removes the dimension */
  IR_ARRAY_GRAD,     /* args[0] array -> the array of its grad buffer (no grad
                        of its own): wp.adjoint[a] in a @wp.func_grad */
  IR_ARRAY_LOCAL,    /* Warp's wp.zeros(shape, dtype) in a kernel or func: a
                        dense array (no grad) over aux elements of storage in
                        the function's frame, zeroed each time it runs;
                        args[0..ndim) the extents (int64 constants) */
  IR_ARRAY_FROM_PTR, /* wp.array(ptr=, shape=, dtype=): a dense array (no
                        grad) at address args[0] (uint64), extents
                        args[1..ndim] (int32) */
  IR_ARRAY_PTR,  /* uint64: the address of args[0]'s first element (a.ptr) */
  IR_ARRAY_COPY, /* `c = a` of an IR_ARRAY_LOCAL / IR_ARRAY_COPY args[0]: a
                    new frame array (aux elements) holding a copy, as Warp
                    copies a fixedarray */
  /* backward functions: IR_ARRAY_LOCAL / _COPY arrays have grad storage
     there */
  IR_ARRAY_ZERO_GRAD, /* zero the aux elements of args[0]'s grad (where the
                         reverse sweep reaches the array's making) */
  IR_ARRAY_COPY_ADJ,  /* args[1].grad += args[0].grad, aux elements (the
                         adjoint of the copy args[0] of args[1]) */
  IR_TID,             /* wp.tid() component aux of aux2 components, int32 */
  IR_ADDR,            /* wp.address_of: args[0] copied into a slot; the slot's
                         address as uint64 */
  IR_ADDR_LOAD,       /* the value now in the slot of IR_ADDR args[0] */
  /* operations of backward (adjoint) functions only; these functions are
     imperative: values are C variables that IR_RESTORE may overwrite, so
     the verifier does not check dominance in them */
  IR_LOCAL_GET,   /* the value of local aux */
  IR_LOCAL_SET,   /* local aux = args[0] */
  IR_ADJ_BUILTIN, /* adjoint rule of `builtin`: args = primal arguments,
                     primal result, adjoint of the result; aux2 = number of
                     primal arguments; slots[i]: local receiving (+=) the
                     adjoint of argument i */
  IR_GRAD_ACCUM,  /* args[0] array, indices, value: grad[idx] += value
                     (atomic; nothing when the array has no grad); aux K > 0:
                     a plain add in launches of at most K dimensions (a
                     single writer: injective.c) */
  IR_GRAD_LOAD,   /* args[0] array, indices -> grad[idx] (zero without a
                     grad) */
  IR_TAPE_PUSH,   /* push the current value of variable args[0] */
  IR_RESTORE,     /* pop the tape into variable args[0] */
  IR_PATH_PUSH,   /* push block number aux on the tape */
  IR_PATH_POP,    /* pop a block number (int32); -1 when the tape is
                     empty */
  IR_PRINT,       /* prints v->print (pieces: text and scalar args; print,
                     wp.printf, assert, wp.expect_*); aux: 0 always,
                     IR_PRINT_ASSERT / IR_PRINT_EXPECT: only when the bool
                     args[0] (not printed) is false, then trap (assert) or
                     go on (expect).  Bool args print True/False.  Not
                     replayed by backward functions. */
  /* terminators */
  IR_BR,     /* jump to targets[0] passing targs[0] */
  IR_CBR,    /* if args[0] goto targets[0](targs[0]) else
                targets[1](targs[1]) */
  IR_RET,    /* return [args[0]] */
  IR_SWITCH, /* goto cases[i] where case_ids[i] == args[0] (a block
                number), default: targets[0] */
} ir_op;

enum { IR_PRINT_ALWAYS, IR_PRINT_ASSERT, IR_PRINT_EXPECT };

/* What an IR_PRINT prints: pieces in order, which lib/emit spells as a
 * printf format and its arguments. */
typedef enum ir_print_piece_kind {
  IR_PIECE_TEXT,   /* text, printed as it is */
  IR_PIECE_VALUE,  /* args[arg] as Warp's print() shows a scalar of its type:
                      a bool True or False, a float (float64) as %g does, an
                      integer (int32, uint32, int64, uint64) in decimal */
  IR_PIECE_PRINTF, /* text is the format of wp.printf (Warp's, with C
                      printf's conventions), converting args[arg] and the
                      args after it in order */
  IR_PIECE_TILE,   /* args[arg], a tile of scalars, as Warp's print(tile)
                      shows it: its values, then " = tile(shape=(..),
                      storage=S)"; text is S when the lowering knows it
                      ("shared"), else NULL: lib/emit decides from the
                      tile's uses (lib/lower/lower_tile_print.c) */
} ir_print_piece_kind;

typedef struct ir_print_piece {
  ir_print_piece_kind kind;
  const char *text; /* TEXT, PRINTF */
  int arg;          /* VALUE, PRINTF: index in the IR_PRINT's args */
} ir_print_piece;

typedef struct ir_print_pieces {
  const ir_print_piece *pieces;
  int npieces;
} ir_print_pieces;

typedef struct ir_value ir_value;
typedef struct ir_block ir_block;
typedef struct ir_func ir_func;

/* Values passed along one branch edge. */
typedef struct ir_edge {
  ir_value **args;
  int nargs;
} ir_edge;

struct ir_value {
  ir_op op;
  const ir_type *type; /* void for stores and terminators */
  ir_value **args;
  int nargs;
  int aux, aux2;
  int64_t ival; /* CONST of int/bool type (uint64 bit pattern) */
  double fval;  /* CONST of float type */
  /* CONST that stands for a Python number (a literal, a module constant,
     either negated): py 1 an int, 2 a float; pyf its value, unrounded.  A
     typed constructor takes it at its own precision (warp-lang >= 1.11). */
  signed char py;
  double pyf;
  const ir_builtin *builtin; /* BUILTIN, ATOMIC */
  ir_func *callee;           /* CALL */
  ir_block *targets[2];      /* BR, CBR */
  ir_edge targs[2];
  ir_block **cases; /* SWITCH: goto cases[i] when args[0] == case_ids[i] */
  int *case_ids;
  int ncases;
  int *slots;       /* ADJ_BUILTIN */
  const char *name; /* source variable name, for printing; may be NULL */
  const ir_print_pieces *print; /* PRINT: what it prints */
  wp_loc loc;
  ir_block *block;
  ir_value *next, *prev; /* instruction list of the block */
  int id;                /* number, set by ir_renumber */
  int uses;              /* use count, set by ir_count_uses */
  bool live;             /* scratch for passes */
};

struct ir_block {
  int id;
  ir_value **params; /* IR_BLOCK_ARG values */
  int nparams;
  int cap_params;
  ir_value *first, *last; /* instructions; last is the terminator */
  ir_func *func;
  ir_block *next; /* next block of the function, in layout order */
  /* used while building SSA */
  ir_block **preds;
  int npreds, cap_preds;
  bool sealed, filled;
  void *defs; /* lowering's variable map */
  void *incomplete;
};

typedef enum ir_func_kind { IR_FUNC_KERNEL, IR_FUNC_FUNC } ir_func_kind;

/* Options of @wp.kernel(...) and module options. */
typedef struct ir_kernel_options {
  bool enable_backward;
  int max_unroll;
  int launch_bounds;     /* CUDA __launch_bounds__ threads; 0: none */
  int launch_min_blocks; /* its min blocks per SM; 0: none */
  int max_registers;     /* CUDA __maxnreg__; 0: none */
  int cluster_dim;    /* CUDA __cluster_dims__(n, 1, 1) (sm_90+); 0/1: none */
  bool smem_spilling; /* CUDA >= 13: registers may spill to shared memory */
} ir_kernel_options;

struct ir_func {
  ir_func_kind kind;
  const char *name;     /* Python name */
  const char *cname;    /* unique C name within the module */
  const char *instance; /* instance of a generic kernel: its types, for
                           the header's comments ("float32, int32") */
  wp_loc loc;
  const ir_type **param_types;
  const char **param_names;
  wp_loc *param_locs;
  int nparams;
  ir_value **params;  /* IR_PARAM values (in the entry block's list) */
  const ir_type *ret; /* void for kernels */
  ir_block *entry, *last_block;
  int nblocks;
  ir_kernel_options options;
  struct ir_module *module;
  ir_func *next;
  /* backward functions */
  bool backward;        /* imperative adjoint code (see IR_LOCAL_GET) */
  ir_func *adjoint;     /* of a kernel: its backward function, or NULL */
  ir_func *gradient;    /* of a @wp.func: its wp.grad() function, or NULL */
  ir_func *custom_grad; /* of a @wp.func: its @wp.func_grad, which takes the
                           func's arguments and the adjoint of its result
                           and returns the tuple of the arguments' adjoints;
                           calls of such funcs are not inlined */
  ir_func *vjp;         /* of a @wp.func: its ir_build_func_vjp, or NULL */
  ir_func *primal;      /* of a backward function: the kernel */
  /* @wp.func_native: source pasted as the body instead of the IR body
     (which only returns zero), with the parameters named as in Python; for
     native_adjoint (the custom_grad of a native func) the adj_snippet, which
     adds to adj_<param> variables and reads adj_ret */
  const char *native;
  wp_loc native_loc; /* the snippet's string */
  bool native_adjoint;
  const ir_func *native_primal; /* of a native_adjoint: the native func */
  /* wp.ref[T] parameters (copy in, copy out): param_ref[i] marks them; ret
     is then the tuple of user_ret (when not void) and their final values,
     which the caller assigns back to its arguments.  ref_func: this func or
     one it calls with such parameters (a backward kernel cannot call it). */
  bool *param_ref;
  int nrefs;
  const ir_type *user_ret;
  const ir_func *ref_func;
  const ir_type **locals;
  int nlocals, cap_locals;
  signed char uses_tiles; /* emit_uses_tiles' memo: 0 not known, 1 no, 2 yes */
};

typedef struct ir_module {
  wp_arena *arena;
  ir_types *types;
  const char *name; /* module name: C prefix of launchers */
  const wp_source *src;
  ir_func *funcs, *last_func; /* @wp.func first in dependency order, then
                                 kernels in file order */
  int nkernels;
  /* The CUDA block size (Warp's module option "block_dim") the kernels
     were compiled for; wp.tile(x) / wp.untile(t) span it on CUDA and one
     thread on the CPU (Warp's CPU block), so a module that uses them is
     lowered twice: `block_width` set, `cuda` the module the CUDA code is
     emitted from (NULL: this one) */
  int block_dim;
  bool block_width;
  struct ir_module *cuda;
} ir_module;

/* ---- construction ------------------------------------------------------ */

ir_module *ir_module_new(wp_arena *arena, const char *name,
                         const wp_source *src);
ir_func *ir_func_new(ir_module *m, ir_func_kind kind, const char *name);
ir_block *ir_block_new(ir_func *f);
ir_value *ir_block_add_param(ir_block *b, const ir_type *t);
/* Makes the IR_BLOCK_ARG value `v` (not in any block) b's last argument. */
void ir_block_append_param(ir_block *b, ir_value *v);
/* Appends a new instruction to `b` (before nothing: callers append in
 * order).  args are copied. */
ir_value *ir_append(ir_block *b, ir_op op, const ir_type *t, ir_value **args,
                    int nargs, wp_loc loc);
void ir_remove(ir_value *v);
void ir_replace_all_uses(ir_func *f, ir_value *from, ir_value *to);
/* Adds `pred` to the predecessors of `b`. */
void ir_block_add_pred(ir_block *b, ir_block *pred);
bool ir_is_terminator(const ir_value *v);
/* Numbers blocks and values densely (for printing and emission): blocks in
 * layout order from 0; values from 0 in layout order, each block's
 * arguments before its instructions. */
void ir_renumber(ir_func *f);
/* The number of values of f (block arguments and instructions). */
int ir_count_values(const ir_func *f);

/* The edges into each block of a function, for passes that need
 * predecessors: the edges into the block numbered b are edges[start[b]] ..
 * edges[start[b + 1] - 1], in the layout order of their source blocks
 * (edge k of terminator `term`: term->targets[k], term->targs[k]). */
typedef struct ir_pred_edge {
  ir_value *term;
  int k;
} ir_pred_edge;
typedef struct ir_preds {
  int *start;
  ir_pred_edge *edges;
  int nblocks;
} ir_preds;
/* Renumbers f (ir_renumber) and fills p from the terminators of its
 * blocks (targets[0] and targets[1] when set).  The arrays are malloc'd;
 * release them with ir_preds_free.  Out of memory aborts. */
void ir_preds_build(ir_func *f, ir_preds *p);
void ir_preds_free(ir_preds *p);
/* Which array parameters kernel f tests the truth value of (`if a:`,
 * `not a`: an IR_ARRAY_VALID of the parameter itself, in the kernel or in its
 * backward function, which has the funcs inlined): an array of f->nparams
 * flags in arena A, made in one walk of both functions.  Only such
 * parameters accept a null array at launch, as None in Warp. */
bool *ir_truth_tested_params(const ir_func *f, wp_arena *A);
void ir_count_uses(ir_func *f);

/* ---- stages and passes -------------------------------------------------- */

/* Checks structural invariants (terminators, edge arity and types, operand
 * types, dominance of uses by definitions).  Prints problems to `out` and
 * returns the number found. */
int ir_verify(const ir_module *m, FILE *out);

/* Adds a local of type `t` to (backward) function f; returns its index. */
int ir_add_local(ir_func *f, const ir_type *t);

/* Whether v is the same in every thread of a launch: a kernel's argument,
 * a constant, or a pure builtin, cast or component of such values, up to a
 * small depth (invariant.c).  False says only "not shown". */
bool ir_launch_invariant(const ir_value *v);

/* The launch dimensions K for which the array index tuple idx[0..n) (n
 * 1..4) is injective in the thread (no two threads of a launch of at most
 * K dimensions compute the same tuple): each component c * tid_k + d,
 * every launch dimension used once (injective.c); 0: not shown. */
int ir_index_injective_dims(ir_value *const *idx, int n);

/* Whether index values a and b are one affine form c * tid_k + d of the
 * same type (the same number in every thread, though computed twice:
 * x[i + 1] and y[i + 1]); injective.c.  False says only "not shown". */
bool ir_index_same_affine(const ir_value *a, const ir_value *b);

/* The SPMD form of a kernel (uniform.c): W threads of a 1-D launch run
 * together, control flow shared, so kernel k qualifies only when every
 * branch condition is uniform (the same in every thread: it does not
 * depend on wp.tid() through data or block arguments), it stores only at
 * an index injective in the thread (the same index for every access of
 * that array, which is a parameter) and does nothing whose order between
 * threads shows (atomics, prints, calls, tiles).  Returns an array of
 * flags by value id (ir_count_values(k) of them, in arena A): the values
 * that vary between threads; or NULL with *why set to a static reason.
 * Value ids must be current (ir_renumber). */
bool *ir_spmd_varying(const ir_func *k, wp_arena *A, const char **why);

/* The SPMD form of a backward kernel f (uniform_adj.c): the same for a
 * backward function, whose values are variables (restored from the tape)
 * and whose adjoint locals may vary too.  True when f qualifies (uniform
 * control flow, single-writer grads at one injective index per element
 * type, nothing whose order between threads shows), with out->vary (by
 * value id, ir_count_values(f) of them) and out->lvary (by local) in arena
 * A; false with *why set to a static reason. */
typedef struct ir_spmd_adj {
  bool *vary;
  bool *lvary;
} ir_spmd_adj;
bool ir_spmd_adj_varying(const ir_func *f, wp_arena *A, ir_spmd_adj *out,
                         const char **why);

/* Builds the backward (adjoint) function of every kernel whose
 * enable_backward option is set, as kernel->adjoint (not in the module's
 * function list).  The backward function replays the kernel (without its
 * stores and atomics), recording on a per-thread tape the blocks it runs
 * where they join and the values that loops overwrite (straight-line
 * kernels keep no tape), then walks the tape backwards applying each
 * operation's adjoint rule, so gradients through dynamic loops see each
 * iteration's own values.  Array reads add their adjoint into the array's
 * grad (atomically, or with a plain add where lib/ir/injective.c proves a
 * single writer), writes read it, as in Warp.  Returns the number of
 * backward functions built. */
int ir_build_adjoints(ir_module *m);

/* The first tile instruction in f or a func it calls (depth: 0, the calls
 * above f) whose builtin has no adjoint rule in warpc yet, or NULL.  A
 * kernel with one gets no backward function from ir_build_adjoints. */
const ir_value *ir_tile_no_adjoint(const ir_func *f, int depth);

/* The gradient of func f (`wp.grad(f)`): a (backward) func of the module
 * taking f's arguments and returning the tuple of the partial derivatives
 * of f's scalar result with respect to each (zero for non-float ones).
 * Built once and cached in f->gradient. */
ir_func *ir_build_func_gradient(ir_module *m, ir_func *f);
/* The vector-Jacobian product of @wp.func f (a func of the module named
 * <cname>_vjp): f's arguments and the adjoint of f's result (of f->ret)
 * give the tuple of the arguments' adjoints (zero for non-float ones).
 * Built once and cached in f->vjp (the adjoint of tile_map of f). */
ir_func *ir_build_func_vjp(ir_module *m, ir_func *f);

/* Inlines every @wp.func call of `f` (transitively); returns the number of
 * calls inlined. */
int ir_inline_calls(ir_func *f);
/* adjoint_primal.c: a private copy of kernel k (not in m's function list)
 * with every @wp.func call inlined (also used by lib/emit/emit_cpu_rows1.c). */
ir_func *ir_adj_inlined_copy(ir_module *m, ir_func *k);

/* Replaces block arguments that always receive the same value by that
 * value; returns the number removed. */
int ir_simplify_args(ir_module *m);

/* Folds builtins and casts on constants; returns the number folded. */
int ir_fold(ir_module *m);
/* A value in the precision of scalar type t, as the generated code holds
 * it (fold.c): ir_wrap_int wraps an integer at t's width (bool: x != 0;
 * int64/uint64 unchanged, uint64 as its bit pattern); ir_round_float rounds
 * a double to float32, to float16 (through float32, as the runtime
 * converts), or leaves it (float64). */
int64_t ir_wrap_int(const ir_type *t, int64_t x);
double ir_round_float(const ir_type *t, double x);

/* Removes pure instructions whose values are unused, unreachable blocks and
 * unused block arguments; returns the number of instructions removed. */
int ir_dce(ir_module *m);

/* The mnemonic of an opcode ("load", "cbr", ...). */
const char *ir_op_name(ir_op op);

/* Prints the module in warpc's textual IR form (`--emit=ir`). */
void ir_print(FILE *out, const ir_module *m);

#endif
