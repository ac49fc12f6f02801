/* emit_internal.h - private interface of lib/emit. */
#ifndef WARPC_EMIT_INTERNAL_H
#define WARPC_EMIT_INTERNAL_H

#include <stdint.h>

#include "../support/hashmap.h"
#include "emit.h"

typedef struct emit_ctx {
  FILE *out;
  ir_module *m;
  const wp_target *target;
  const wp_emit_options *opts;
  wp_ptrvec types;     /* composite types used, in definition order */
  wp_ptrvec instances; /* per-call macro instantiations already printed */
  unsigned last_line;  /* last #line printed */
  bool func_backward;  /* the function being printed is a backward one */
  bool func_tape;      /* ... and it uses the per-thread tape */
  /* emit_tape.c: the pushes that a wp_ttape_reserve made room for, and
   * per block id the predecessors, the pushes at its start that one in a
   * block before it reserved, whether it is printed */
  int tape_reserved;
  int *tape_npreds, *tape_covered;
  bool *tape_done;
  /* Kernel naming, computed on first use (emit_kernel.c): the prefix of the
   * internal symbols, each function's index in m->funcs, and the C names of
   * the kernels, so that naming a kernel's symbols takes constant time. */
  const char *iprefix;
  wp_keymap func_index;
  wp_strmap kernel_cnames;
  wp_keymap ctypes; /* ir_type * -> its C spelling (emit_ctype) */
  /* emit_cpu_rows1.c: 1 + the width parameter while a row body is printed
   * (tid % W, tid // W, tid / W read the row's coordinates); 0 otherwise */
  int rows1_param;
  const bool *rows1_ident; /* ... and by value id its identity clamps */
} emit_ctx;

/* emit_c.c: a C string literal of `s`, escaped; `s` inside a comment with
 * no comment terminator or newline in it. */
void emit_c_string(FILE *out, const char *s);
void emit_comment_text(FILE *out, const char *s);

/* types_c.c: the C spelling of type t in generated code: "void", the C
 * type of a scalar ("float", "wp_int32", "wp_half", ...), "wp_vec3f" /
 * "wp_mat33d" / "wp_quatf" (wp_ and Warp's name), "wp_array",
 * "wp_tuple<serial>", a struct's symbol.  Made on first use and kept in e
 * (storage: the module's arena). */
const char *emit_ctype(emit_ctx *e, const ir_type *t);
/* Prints the C typedef of a vector/matrix/tuple/struct type, guarded by
 * `#ifndef WP_TYPE_<name>` so the generated C and several generated headers
 * can all define it. */
void emit_typedef(emit_ctx *e, FILE *out, const ir_type *t);
void emit_use_type(emit_ctx *e, const ir_type *t);
void emit_types(emit_ctx *e);
void emit_instances(emit_ctx *e, ir_func *f);

/* builtin_c.c: the C operator that prints builtin b on operands of types
 * args ("+"; prefix when nargs is 1, else infix), or NULL when the call
 * is a prelude function's. */
const char *emit_builtin_op(const ir_builtin *b, const ir_type **args,
                            int nargs);

/* emit_value.c: one instruction or terminator as C statements. */
void emit_value(emit_ctx *e, const ir_value *v);
/* The C name of value v ("v<id>"). */
void emit_name(FILE *out, const ir_value *v);
/* emit_tile_print.c: does IR_PRINT v print a tile; its C (thread 0 of the
 * block prints). */
bool emit_print_has_tile(const ir_value *v);
void emit_tile_print_calls(emit_ctx *e, const ir_value *v);
/* emit_tile.c: is v a tile builtin; its statements (the whole line). */
bool emit_tile_handles(const ir_value *v);
void emit_tile(emit_ctx *e, const ir_value *v);
/* emit_tile_half.c: the function converting scalar type t to float
 * ("wp_h2f", "wp_bf2f"), NULL unless float16/bfloat16. */
const char *emit_tile_half_to_float(const ir_type *t);
/* emit_tile_view.c: the body of I_TILE_SLICE and I_TILE_SLICE_SET; false
 * for other builtins. */
bool emit_tile_view(emit_ctx *e, const ir_value *v);
/* emit_tile_more.c: the body of the tile builtins from tile_astype to
 * _tile_set (inside emit_tile's braces); false for another builtin. */
bool emit_tile_more(emit_ctx *e, const ir_value *v);
/* emit_tile_block.c: the body of wp.tile, wp.untile and tile_from_thread
 * (inside emit_tile's braces); false for another builtin.  Whether kernel
 * f (or a function it or its adjoint calls) uses the block width, so that
 * its CUDA launches must have the module's block_dim. */
bool emit_tile_block(emit_ctx *e, const ir_value *v);
bool emit_uses_block_width(const ir_func *f);
/* emit_tile_block.c: the bytes of the CUDA code's one __shared__ scratch
 * buffer, wp_tile_scratch, that call site v uses (0: none): where the
 * block's threads meet (wp.tile, tile_from_thread, the scatters, stack
 * pushes and pops, tile_atomic_add's old values).  Each such call site
 * starts after a barrier and ends with one, so they share the buffer
 * (ptxas would add up a __shared__ array per call site, past its 48 KiB).
 * emit_tile_scratch declares it, sized for module m (nothing when no call
 * site needs it). */
int emit_tile_scratch_bytes(const ir_value *v);
void emit_tile_scratch(emit_ctx *e);
/* emit_cpu_restrict.c: the 1-D dense loop of forward kernel k with its
 * 1-D arrays' data pointers `restrict`, as function `name` calling body_fn
 * (printed before the range function; nothing when k does not get it),
 * and, inside the dense path's branch of the range function, the call of
 * it where no array k may write overlaps another array argument (false:
 * nothing printed; true: the branch needs no other loop). */
void emit_cpu_restrict_fn(emit_ctx *e, const ir_func *k, const char *body_fn,
                          const char *name);
bool emit_cpu_restrict_call(emit_ctx *e, const ir_func *k, const char *name);
/* emit_cpu_rows1.c: the restrict loop of a 1-D launch in rows of width W
 * for forward kernels that compute tid % W, tid // W or tid / W (int32,
 * W an int32 parameter): emit_rows1_width is W's parameter index, or -1;
 * emit_rows1_body prints the body `name` in which those read the row's
 * coordinates (and, where its column clamps allow, an interior body
 * whose clamps of the column are the identity); emit_rows1_loop the loop
 * over rows (after the restrict function's locals a, b, begin, end),
 * `pragma` before its vectorized inner loop;
 * emit_rows1_coord (emit_value.c) prints v as a coordinate while a row
 * body is printed, returning whether it did. */
typedef struct emit_rows1 emit_rows1;
int emit_rows1_width(const ir_func *k);
emit_rows1 *emit_rows1_body(emit_ctx *e, const ir_func *k, const char *name);
void emit_rows1_loop(emit_ctx *e, const emit_rows1 *r, const char *pragma);
/* The same for the row form of a kernel whose wp.tid() has `dims`
 * components (emit_cpu_rows.c), the column its last: the interior body
 * <body_fn>_in (printed) or NULL, with *r for emit_rows_interior_bounds,
 * which prints the computation of the interior columns [xl, xh] (int64
 * locals) at `indent`. */
const char *emit_rows_interior(emit_ctx *e, const ir_func *k, int dims,
                               const char *body_fn, emit_rows1 **r);
void emit_rows_interior_bounds(emit_ctx *e, const emit_rows1 *r,
                               const char *indent);
bool emit_rows1_coord(emit_ctx *e, const ir_value *v);
/* The number of array parameters of kernel k when every parameter suits a
 * restrict loop (arrays not indexed, of 1 dimension when one_d; scalars but
 * 64-bit integers, which may be ids of memory the overlap test cannot see;
 * vectors, matrices); -1 when one does not. */
int emit_restrict_param_arrays(const ir_func *k, bool one_d);
/* emit_cpu_restrict.c, for the row loop: whether forward kernel k gets
 * restrict arrays (marking in written[nparams] those it may write); the
 * restrict data pointer parameters of every array; the branch of a range
 * function calling restrict function `name` where no written array
 * overlaps another. */
bool emit_restrict_written(const ir_func *k, bool *written);
void emit_restrict_params(emit_ctx *e, const ir_func *k, const bool *written);
void emit_restrict_dispatch(emit_ctx *e, const ir_func *k, const bool *written,
                            const char *name);
/* emit_cpu_restrict_adj.c: the same for k's backward loop (k the forward
 * kernel): its 1-D arrays' data and grads `restrict`, the grad tests
 * constants; the call (true: printed, the caller keeps its plain dense loop
 * after it for the launches the checks turn away). */
void emit_cpu_restrict_adj_fn(emit_ctx *e, const ir_func *k,
                              const char *body_fn, const char *name);
bool emit_cpu_restrict_adj_call(emit_ctx *e, const ir_func *k,
                                const char *name);
/* Where a stack push keeps the shared count in the scratch: after the
 * elements, 4-aligned, as in the stack's own type (whose size lowering
 * holds within IR_TILE_MAX_SHARED_BYTES). */
#define EMIT_SCRATCH_COUNT_AT(bytes) (((bytes) + 3) / 4 * 4)
/* emit_tile_stack.c: the body of the tile stack builtins; false for
 * another builtin. */
bool emit_tile_stack(emit_ctx *e, const ir_value *v);
/* emit_tile_struct.c: wp_tile_add_S / wp_tile_sub_S / wp_tile_atomic_add_S
 * of the module's structs when it has tiles of structs (after the typedefs
 * and the vector functions; ir_tile_struct_summable says which). */
void emit_tile_struct_ops(emit_ctx *e);
/* emit_print.c: the printf calls of IR_PRINT v, its message arguments from
 * `first` on (1 for assert / expect, whose args[0] is the condition). */
void emit_print_calls(emit_ctx *e, const ir_value *v, int first);

/* emit_kernel.c: CPU entry, argument struct, descriptor and launcher. */
void emit_kernel_cpu(emit_ctx *e, const ir_func *f);
/* emit_kernel.c: the CUDA entry of a kernel. */
void emit_kernel_cuda(emit_ctx *e, const ir_func *f);
/* Prints `wp_status m_k(const wp_launch *launch, ...)` and the same for
 * the backward launcher (emit_backward_name). */
void emit_launcher_signature(emit_ctx *e, const ir_func *f, FILE *out);
/* The tiled launchers of a kernel that uses tiles (emit_uses_tiles):
 * <cname>_tiled and <backward name>_tiled (with '_' appended while that
 * names another kernel or the backward launcher), which launch the grid
 * with the block dimension appended (wp_launch_tiled_dims, <warp/abi.h>). */
const char *emit_tiled_name(emit_ctx *e, const ir_func *f, bool backward);
void emit_tiled_signature(emit_ctx *e, const ir_func *f, bool backward,
                          FILE *out);
bool emit_uses_tiles(const ir_func *f);
/* The tiles of at most this many elements whose loops the CUDA compiler
 * may unroll: beyond it, every thread's loops over a tile stay loops
 * (emit_tile_loop_policy; prelude 8tile.h WP_TLOOP). */
#define WP_TILE_UNROLL_MAX_ELEMS 64
/* At the start of a CUDA function's body: `#define WP_TLOOP` for the tile
 * loops of f (nothing printed when f has no tiles). */
void emit_tile_loop_policy(emit_ctx *e, const ir_func *f);

/* emit_cpu_rows.c: in a CPU range function (after its locals `a`, `b`,
 * `begin`, `end`), the row form for straight-line kernels whose wp.tid()
 * has 2-4 components: an inner loop over the last launch dimension, dense
 * innermost strides made constants; prints nothing for other kernels.
 * With `rx` (forward kernels; NULL otherwise), where no written array
 * overlaps another, it calls rx, printed before the range function by
 * emit_cpu_rows_fn (which returns whether it printed it: kernels that
 * clamp their column, emit_rows_interior): the row loop with restrict
 * arrays and an interior body. */
void emit_cpu_rows(emit_ctx *e, const ir_func *k, const char *body_fn,
                   const char *rx);
bool emit_cpu_rows_fn(emit_ctx *e, const ir_func *k, const char *body_fn,
                      const char *name);
void emit_backward_signature(emit_ctx *e, const ir_func *f, FILE *out);
/* The internal symbol `what` of kernel k (emit_kernel.c):
 * <prefix><index of k>_<what>, e.g. "wpk0_body". */
const char *emit_isym(emit_ctx *e, const ir_func *k, const char *what);
/* emit_spmd.c: the SPMD variant of kernel k (<body symbol>_spmd) when k
 * qualifies (lib/ir/uniform.c, not -fno-spmd), after a comment saying
 * whether it does and why not; returns whether it was printed.  Then, in
 * the forward range function, emit_spmd_dispatch prints the branch that
 * runs groups of WP_SPMD_W threads through it (1-D launch, dense 1-D
 * arrays, stored arrays overlapping no other array argument) and the rest
 * through the scalar body. */
bool emit_spmd_kernel(emit_ctx *e, const ir_func *k);
void emit_spmd_dispatch(emit_ctx *e, const ir_func *k);
const char *emit_spmd_name(emit_ctx *e, const ir_func *k);
/* emit_spmd_adj.c: the same for kernel k's backward function
 * (<adj_body symbol>_spmd, lib/ir/uniform_adj.c), and in the backward range
 * function the branch that runs groups of WP_SPMD_W threads through it (1-D
 * launch, grads not overlapping, dense 1-D arrays, written grads
 * overlapping nothing else the body touches). */
bool emit_spmd_adj_kernel(emit_ctx *e, const ir_func *k);
void emit_spmd_adj_dispatch(emit_ctx *e, const ir_func *k);
const char *emit_spmd_adj_name(emit_ctx *e, const ir_func *k);
/* emit_c.c: the declarations and instructions of a function. */
void emit_body(emit_ctx *e, const ir_func *f);
/* Is `name` a C or C++ keyword (the header is included from both) or one of
 * the macros NULL, bool, true, false, INFINITY, NAN? */
bool emit_c_keyword(const char *name);
/* The C name of member i of struct t: its Python name, with '_' appended
 * for a keyword, a name starting with WP_ or with '_' and an uppercase
 * letter or '_' (C's reserved names, _Bool), and then while another member
 * has the name. */
void emit_member(FILE *out, const ir_type *t, int i);
const char *emit_member_str(wp_arena *a, const ir_type *t, int i);
/* `name` as a C name beside the generated code's own: `name_` for a C or
 * C++ keyword (or `launch`), `arg_name` for a name starting with wp_, WP_,
 * wpk or '_' (the generated code's and C's reserved names). */
const char *emit_c_ident(wp_arena *a, const char *name);
/* The C names of the launcher parameters of kernel f (an arena array): the
 * Python name; for a keyword `name_`, for a name of the generated code's
 * own (wp_, WP_, wpk or '_' first, the C name of a parameter's struct type)
 * `arg_name`; then '_' appended while another parameter has the name. */
const char **emit_param_cnames(emit_ctx *e, const ir_func *f);
/* The backward launcher of kernel f: <cname>_backward, with '_' appended
 * while that is the launcher name of another kernel (a kernel named
 * k_backward beside k). */
const char *emit_backward_name(emit_ctx *e, const ir_func *f);

/* emit_tape.c: the reservations of room on a backward function's tape,
 * so that its pushes skip the check each: emit_tape_begin before the body
 * (e->func_tape set), emit_tape_block at each block's label,
 * emit_tape_reserve before each value while e->tape_reserved is 0 (prints
 * a reservation at a push), emit_tape_end after the body. */
void emit_tape_begin(emit_ctx *e, const ir_func *f);
void emit_tape_block(emit_ctx *e, const ir_block *b);
void emit_tape_reserve(emit_ctx *e, const ir_value *v);
void emit_tape_end(emit_ctx *e);

#endif
