/* lower_composite.h - private to lib/lower (included by lower_internal.h):
 * vector, matrix, quaternion, transform and spatial values: slices of them
 * (lower_slice.c), the linear-algebra builtins with keywords or
 * out-parameters (lower_linalg.c), the quaternion and transform
 * constructors (lower_quat.c) and the spatial builtins (lower_spatial.c). */
#ifndef WARPC_LOWER_COMPOSITE_H
#define WARPC_LOWER_COMPOSITE_H

/* lower_slice.c: v[lo:hi:step] of vector v, `s` the slice. */
ir_value *lower_vec_slice(lower_ctx *c, ir_value *v, const ast_expr *s);
/* v[...] of a vector (any flavor) or matrix whose subscript e holds a slice:
 * a vector or matrix of the selected components. */
ir_value *lower_slice_read(lower_ctx *c, ir_value *v, const ast_expr *e);
/* agg with the components slice s selects replaced by those of value (a
 * vector of as many components of agg's scalar type); NULL when reported
 * (at vloc, or at s). */
ir_value *lower_vec_slice_store(lower_ctx *c, ir_value *agg, const ast_expr *s,
                                ir_value *value, wp_loc vloc);
/* agg (a matrix) with what subscript e (m[:, j], m[i, 1:], m[a:b, c:d],
 * m[a:b]) selects replaced by value (a vector or matrix of that shape);
 * NULL when reported. */
ir_value *lower_mat_slice_store(lower_ctx *c, ir_value *agg, const ast_expr *e,
                                ir_value *value, wp_loc vloc);
/* Part k (0 start, 1 stop, 2 step) of slice `s` as a compile-time integer
 * into *out, def when absent; else the error msg at the part, false.
 * lower_const_slice: the three bounds of `s` over len components with
 * Python's defaults and clamping (b = start, stop, step; step 0 is an
 * error), msg for a bound that is not constant. */
bool lower_slice_bound(lower_ctx *c, const ast_expr *s, int k, int64_t def,
                       const char *msg, int64_t *out);
bool lower_const_slice(lower_ctx *c, const ast_expr *s, int64_t len,
                       const char *msg, int64_t b[3]);

/* lower_linalg.c: the linear-algebra builtins that take keyword arguments,
 * defaults or out-parameters (identity, matrix, vector, matrix_from_cols/
 * rows, the norms, svd2/svd3/qr3/eig3). */
bool lower_linalg_handles(ir_builtin_id id);
ir_value *lower_linalg_call(lower_ctx *c, const ast_expr *e,
                            const ir_builtin *b);
/* lower_quat.c: quat(ijk, real) / transform(p, q) from two lowered
 * arguments, and quat_identity() / transform_identity(). */
ir_value *lower_quat_compose(lower_ctx *c, const ast_expr *e, const ir_type *t,
                             ir_value **args);
/* wp.quaternion(..., dtype=) / wp.transformation(..., dtype=): the quat or
 * transform constructors with the scalar type taken from `dtype` or
 * inferred from the arguments (float32 when there are none). */
ir_value *lower_quat_generic(lower_ctx *c, const ast_expr *e, const char *name);
ir_value *lower_quat_identity(lower_ctx *c, const ast_expr *e,
                              const char *name);
/* quat_between_vectors(a, b) as the builtins warp-lang's @wp.func calls. */
ir_value *lower_quat_between(lower_ctx *c, const ir_builtin *b, ir_value **args,
                             int n, wp_loc loc);
/* lower_spatial.c: spatial_vector(w, v); a constructor call without its
 * checked dtype= keyword (e itself, or *plain); the builtins with several
 * results or out-parameters (quat_to_axis_angle, transform_decompose,
 * transform_set_translation/rotation). */
ir_value *lower_spatial_vector(lower_ctx *c, const ast_expr *e,
                               const ir_type *t, ir_value **args);
const ast_expr *lower_spatial_dtype(lower_ctx *c, const ast_expr *e,
                                    const ir_type *t, ast_expr *plain);
/* lower_query.c: `X_next(query, index, ...)` of a QNEXT builtin. */
ir_value *lower_query_next(lower_ctx *c, const ast_expr *e,
                           const ir_builtin *b);
/* lower_query_tiled.c: the _next of a block-wide query
 * (tile_bvh_query_next(query), ...): whether id is one, and the call. */
bool lower_query_tiled_is_next(ir_builtin_id id);
ir_value *lower_query_tiled_next(lower_ctx *c, const ast_expr *e,
                                 const ir_builtin *b);
/* The warning for a call of a deprecated *_tiled alias; nothing for
 * another builtin. */
void lower_query_tiled_deprecation(lower_ctx *c, const ast_expr *e,
                                   const ir_builtin *b);
/* lower_query.c: `for i in query:` over the query state q (the value of the
 * loop's iterable), each iteration's body lowered by `body`; false (and
 * nothing emitted) when q is not a query state. */
bool lower_query_for(lower_ctx *c, const ast_stmt *s, ir_value *q,
                     void (*body)(lower_ctx *, const ast_stmt *, ir_block *,
                                  ir_block *));
/* lower_mesh.c: the deprecated out-parameter forms of the mesh queries
 * (mesh_query_point(mesh, p, d, inside, face, u, v), ...). */
bool lower_mesh_is_outform(ir_builtin_id id, int nargs);
ir_value *lower_mesh_outform(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b);
bool lower_spatial_is_special(ir_builtin_id id);
ir_value *lower_spatial_call(lower_ctx *c, const ast_expr *e,
                             const ir_builtin *b);
/* `x.p = v` / `x.q = v` on a local transform variable x (Warp's
 * transform_set_translation/rotation); false when t is not that form. */
bool lower_spatial_set_part(lower_ctx *c, const ast_expr *t, ir_value *v);
bool lower_spatial_is_part(lower_ctx *c, const ast_expr *t);
/* Reports (true) an assignment to a component of a part of a local
 * transform (`t.p.x = v`), which warp-lang 1.19 drops. */
bool lower_spatial_part_component(lower_ctx *c, const ast_expr *t);

#endif
