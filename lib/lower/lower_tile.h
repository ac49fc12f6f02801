/* lower_tile.h - private to lib/lower: the lowering of Warp's tile builtins
 * (lower_tile.c, lower_tile_ops.c).
 *
 * A tile is a value of type IR_T_TILE (ir.h): a shape known at compile
 * time (1 or 2 dimensions) of a scalar, vector or matrix dtype.  Every tile
 * builtin is an IR_BUILTIN of its table entry (builtins.def, "tiles") whose
 * result type the lowering computes; compile-time arguments go in the
 * instruction: aux, aux2 (see each builder), the element builtin of a map
 * or a reduction in aux.  Warp's CPU backend runs a block as one thread
 * (block_dim 1), so a tile's storage is that thread's; the emitter
 * (lib/emit/emit_tile.c) says what CUDA does. */
#ifndef WARPC_LOWER_TILE_H
#define WARPC_LOWER_TILE_H

#include "lower_internal.h"

/* Is builtin `id` one of the tile builtins lower_tile_call lowers? */
bool lower_tile_handles(ir_builtin_id id);
/* A call of tile builtin b (keywords, compile-time shapes and dtypes);
 * NULL when reported. */
ir_value *lower_tile_call(lower_ctx *c, const ast_expr *e, const ir_builtin *b);
/* Builtin b (an operator or math builtin) on arguments some of which are
 * tiles: the element-wise map Warp defines (add, sub of two tiles; mul, div
 * of tiles and a scalar; neg); NULL when reported. */
ir_value *lower_tile_elementwise(lower_ctx *c, const ir_builtin *b,
                                 ir_value **args, int n, wp_loc loc);
/* t[i] / t[i, j] of tile value t: an element (subscript expression e). */
ir_value *lower_tile_subscript(lower_ctx *c, ir_value *t, const ast_expr *e);

/* tile_extract(t, i[, j]): an element. */
ir_value *lower_tile_extract(lower_ctx *c, const ast_expr *e);
/* v, or a Python number v converted to scalar type s (as Warp takes a
 * literal beside a tile of s). */
ir_value *lower_tile_literal_as(lower_ctx *c, ir_value *v, const ir_type *s);

/* lower_tile_ops.c: reductions, maps, shape ops and matmul (the builders
 * of lower_tile_call for those entries). */
ir_value *lower_tile_reduction(lower_ctx *c, const ast_expr *e,
                               const ir_builtin *b);
ir_value *lower_tile_map(lower_ctx *c, const ast_expr *e);
ir_value *lower_tile_shape_op(lower_ctx *c, const ast_expr *e,
                              const ir_builtin *b);
ir_value *lower_tile_matmul(lower_ctx *c, const ast_expr *e);

/* lower_tile_more.c: the entries from tile_empty to tile_upper_solve. */
ir_value *lower_tile_more(lower_ctx *c, const ast_expr *e, const ir_builtin *b);
/* t[i] of a 2-d tile (i the lowered index, at iloc): a view of row i. */
/* Tile index i (int32) along `axis` of extent `length`, as Warp's
 * subscripts take it: a negative index counts from the end (wrapped once,
 * i < 0 ? i + length : i); a compile-time index outside -length..length-1
 * is an error.  NULL when reported. */
ir_value *lower_tile_wrap_index(lower_ctx *c, ir_value *i, int length, int axis,
                                wp_loc loc);
ir_value *lower_tile_row(lower_ctx *c, ir_value *t, ir_value *i, wp_loc iloc,
                         wp_loc loc);
/* `t[i, j] = x` (sub the subscript): the new value of tile t; NULL when
 * reported. */
ir_value *lower_tile_set(lower_ctx *c, ir_value *t, const ast_expr *sub,
                         ir_value *x, wp_loc vloc);
/* The instance of @wp.func fi that wp.tile_reduce folds over the elements
 * of tile type t: f(a, b) of two elements giving one (lower_tile_func.c);
 * NULL when reported. */
ir_func *lower_tile_reduce_func(lower_ctx *c, func_info *fi, const ir_type *t,
                                wp_loc loc);
/* tile_map of @wp.func fi over args (tiles of `shape` and values). */
ir_value *lower_tile_map_func(lower_ctx *c, func_info *fi, ir_value **args,
                              int n, const ir_type *shape, wp_loc loc);

/* The rows of tile t at the indices of 1-d int tile i (Warp's t[i] and
 * t[i, :]; a negative index counts from the end); NULL when reported. */
ir_value *lower_tile_gather(lower_ctx *c, ir_value *t, ir_value *i, wp_loc iloc,
                            wp_loc loc);

/* lower_tile.c's keyword helpers: dtype= (def when absent; a scalar,
 * vector or matrix type), storage= ("register" or "shared"), and the
 * rejection of float16/bfloat16 dtypes; false / NULL when reported. */
const ir_type *lower_tile_dtype_arg(lower_ctx *c, const ast_expr *x,
                                    const ir_type *def);
bool lower_tile_storage_arg(lower_ctx *c, const ast_expr *x);
bool lower_tile_no_half(lower_ctx *c, const ir_type *t, const char *fn,
                        wp_loc loc);

/* lower_tile_view_assign.c: writes into regions of tiles and through
 * views (Warp's views alias their parent; warpc's are values). */
/* After `name = v` (v a tile): remembers name as a view of the variable
 * v views (v a tile_view or slice of that variable's current value), else
 * forgets it.  rebind: name is bound to another tile (not written in
 * place), which ends the aliases of the views of its old tile. */
void lower_tile_alias_note(lower_ctx *c, const char *name, ir_value *v,
                           bool rebind);
/* cur, the value of tile variable `name` just read; when name is a view of
 * a variable written since, the view of that variable's new value (then
 * bound to name). */
ir_value *lower_tile_alias_read(lower_ctx *c, const char *name, ir_value *cur,
                                wp_loc loc);
/* Binds tile variable `name` (whose value was `old`) to v, written into
 * the parent's region too when name is a view (and on up); false when
 * reported (a view bound before a loop or in a branch). */
bool lower_tile_write(lower_ctx *c, const char *name, ir_value *old,
                      ir_value *v, wp_loc loc);
/* Tile dest (a view, say) with all its elements replaced by those of tile
 * x of its shape: a value of dest's type (`v += x` on a view v). */
ir_value *lower_tile_fill(lower_ctx *c, ir_value *dest, ir_value *x,
                          wp_loc loc);
/* p with the region of view instruction `view` (of p's shape) replaced by
 * tile x (of the view's shape; a scalar dtype converts); NULL when
 * reported. */
ir_value *lower_tile_region_set(lower_ctx *c, ir_value *p, const ir_value *view,
                                ir_value *x, wp_loc loc);
/* Whether subscript `sub` of a tile of ndim dimensions makes a view (a
 * slice, or fewer indices than dimensions). */
bool lower_tile_is_view_subscript(const ast_expr *sub, int ndim);
/* Is x a call of Python's slice() (not a local of that name)? */
bool lower_tile_is_slice_call(lower_ctx *c, const ast_expr *x);
/* tile_view(t, offset=(items...)) with slice(...) among the n items (and
 * `shape`, an error with slices, as in Warp): t[items...]. */
ir_value *lower_tile_view_slices(lower_ctx *c, ir_value *t,
                                 const ast_expr *offset,
                                 const ast_expr *const *items, int n,
                                 const ast_expr *shape);
/* The elements of tile t at the indices of 1-d int tile i along `axis`
 * (I_TILE_GATHER, aux the axis): Warp's t[:, i] and tile_slice_indexed;
 * NULL when reported. */
ir_value *lower_tile_gather_axis(lower_ctx *c, ir_value *t, ir_value *i,
                                 int axis, wp_loc iloc, wp_loc loc);
/* wp.tile_slice_indexed(t, indices): t[indices...] (a gather). */
ir_value *lower_tile_slice_indexed(lower_ctx *c, const ast_expr *e);
/* `t[sub] = x` with sub a view subscript: t's new value; NULL when
 * reported. */
ir_value *lower_tile_set_region(lower_ctx *c, ir_value *t, const ast_expr *sub,
                                ir_value *x, wp_loc vloc);

/* lower_tile_arange.c: wp.tile_arange(stop | start, stop[, step], dtype=,
 * storage=). */
ir_value *lower_tile_arange(lower_ctx *c, const ast_expr *e);

/* lower_tile_slice.c: subscript e with slices of tile t (a view). */
ir_value *lower_tile_slice(lower_ctx *c, ir_value *t, const ast_expr *e);

/* lower_tile_indexed.c: tile_load_indexed, tile_store_indexed,
 * tile_atomic_add_indexed (TILE_LOAD / TILE_STORE / TILE_ATOMIC_ADD with
 * the indices tile last and ival = the gathered axis + 1). */
ir_value *lower_tile_indexed(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b);

/* lower_tile_block.c: wp.tile(x), wp.untile(t), wp.tile_from_thread (the
 * builtins that span the threads of a block). */
ir_value *lower_tile_block(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b);
/* Operator b on tiles (and values) among which a tile of structs of
 * `shape`: + and - of two tiles of one struct type, member-wise as Warp
 * (lib/emit/emit_tile_struct.c); NULL when reported. */
ir_value *lower_tile_struct_elementwise(lower_ctx *c, const ir_builtin *b,
                                        ir_value **args, int n,
                                        const ir_type *shape, wp_loc loc);
/* a OP b (OP + or -) of two values of one user struct type, member by
 * member as lib/emit/emit_tile_struct.c adds the elements of struct tiles
 * (float, int32/64 and float16/bfloat16 members, vectors, matrices and
 * structs of them; the other members keep a's value): the `t[i] += v` of
 * an element of a tile of structs.  NULL when reported. */
ir_value *lower_tile_struct_value_op(lower_ctx *c, ir_builtin_id op,
                                     ir_value *a, ir_value *b, wp_loc loc);

/* lower_tile_stack.c: wp.tile_stack and its operations. */
ir_value *lower_tile_stack(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b);

/* Shared helpers (lower_tile.c). */
/* offset= of an array of nd dimensions into out[] (int32; 0 when x is
 * NULL); false when reported. */
bool lower_tile_offsets(lower_ctx *c, const ast_expr *x, int nd,
                        ir_value **out);
/* An argument that must be a plain array. */
ir_value *lower_tile_array_arg(lower_ctx *c, const ast_expr *x, const char *fn);
/* false (reported) when tile type t has more than 2 dimensions, which
 * `what` does not take in warpc yet. */
bool lower_tile_2d(lower_ctx *c, const ir_type *t, const char *what,
                   wp_loc loc);
/* Binds the arguments of call e to the parameters names[0..np): out[i] the
 * expression (NULL: not given); false when reported. */
bool lower_tile_bind(lower_ctx *c, const ast_expr *e, const char *fn,
                     const char *const *names, int np, const ast_expr **out);
/* The IR_BUILTIN of tile entry `id` with result type t. */
/* The block width B that wp.tile(x) spans in this lowering: 1 on the CPU
 * (Warp's CPU block), the module's CUDA block size in the CUDA lowering
 * (wp_lower_options.cuda_block); marks the module as depending on it
 * (lower_tile_block.c). */
int lower_block_width(lower_ctx *c);
ir_value *lower_tile_emit(lower_ctx *c, ir_builtin_id id, const ir_type *t,
                          ir_value **args, int n, wp_loc loc);
/* tile_matmul's operands a, b (args[0], args[1]) when a float16 or
 * bfloat16 tile is among a, b and (acc) out = args[2]: converted to the
 * accumulator's dtype (out's, else a's) as Warp does; false when reported
 * (a bfloat16 accumulator, a dtype tile_matmul does not take)
 * (lower_tile_half.c). */
bool lower_tile_matmul_half(lower_ctx *c, ir_value **args, bool acc,
                            wp_loc loc);
/* wp.tile_map(op, args...) of builtin op with float16/bfloat16 scalar
 * elements among args (n of them, shape: a tile argument's type): as Warp
 * computes op on such values (lower_half.c), in float32 rounded once to
 * the half type; op Warp computes in several rounded steps is reported
 * (lower_tile_half.c). */
ir_value *lower_tile_map_half(lower_ctx *c, const ir_builtin *op,
                              ir_value **args, int n, const ir_type *shape,
                              wp_loc loc);
/* Writes into variable `name`, whose value d may be a tile_broadcast
 * (Warp's view of its source), for lower_tile_axpy.c: 1, done (the
 * variables aliasing the source, name among them, given their new values);
 * 0: d is no broadcast (a plain update); -1: reported.
 * lower_tile_axpy_broadcast: wp.tile_axpy, p = alpha * src (d's shape)
 * added into the source in Warp's order. */
int lower_tile_axpy_broadcast(lower_ctx *c, const char *name, ir_value *d,
                              ir_value *p, wp_loc loc);
/* `name op= t` (op + - & | ^, t a tile), r = d op t: each source element
 * gets the value at its last position, as Warp's in-place operators. */
int lower_tile_inplace_broadcast(lower_ctx *c, const char *name, ir_value *d,
                                 ir_value *r, wp_loc loc);
/* false (reported) when tile value t, which `what` writes into, is a
 * tile_broadcast (Warp's view of its source). */
bool lower_tile_broadcast_write(lower_ctx *c, const ir_value *t,
                                const char *what, wp_loc loc);
/* A tile argument: lowered, and an error unless a tile. */
ir_value *lower_tile_arg(lower_ctx *c, const ast_expr *x, const char *fn);
/* A compile-time integer (a literal, a constant, wp.static); false when
 * reported. */
bool lower_tile_const_int(lower_ctx *c, const ast_expr *x, const char *what,
                          int64_t *out);
/* A tile shape (an int or a tuple of 1..IR_TILE_MAX_NDIM ints >= 1, at most
 * IR_TILE_MAX_ELEMS elements): *ndim, dims[]; false when reported. */
bool lower_tile_shape(lower_ctx *c, const ast_expr *x, const char *fn,
                      int *ndim, int *dims);
/* lower_tile_shape where one extent may be -1: total (the element count)
 * over the product of the others (tile_reshape). */
bool lower_tile_shape_infer(lower_ctx *c, const ast_expr *x, const char *fn,
                            int total, int *ndim, int *dims);

/* lower_tile_print.c: after tile call r is lowered, records it as a
 * shared tile when its storage= said so (c->tile_shared_kw). */
void lower_tile_note_storage(lower_ctx *c, ir_value *r);
/* lower_tile_limits.c: reports a tile type t of more than
 * IR_TILE_MAX_BYTES made from args (once: not when an argument is such a
 * tile already). */
void lower_tile_check_bytes(lower_ctx *c, const ir_type *t, ir_value **args,
                            int n, wp_loc loc);
/* print(t) of tile t: false (reported) for a tile print() does not take;
 * *storage "shared" when t was made with storage="shared", else NULL (the
 * emitter decides: IR_PIECE_TILE). */
bool lower_tile_print_storage(lower_ctx *c, ir_value *t, const char **storage,
                              wp_loc loc);
#endif
