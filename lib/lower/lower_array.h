/* lower_array.h - private to lib/lower (included by lower_internal.h):
 * array values in kernels: views and slices (lower_view.c), arrays made in
 * kernels (lower_fixedarray.c) and subscripts (lower_index.c). */
#ifndef WARPC_LOWER_ARRAY_H
#define WARPC_LOWER_ARRAY_H

/* lower_view.c: whether subscript e of an array of type t makes a view
 * (fewer indices than dimensions, or a slice), and that view. */
bool lower_is_array_view(const ast_expr *e, const ir_type *t);
ir_value *lower_array_view(lower_ctx *c, ir_value *arr, const ast_expr *e);
/* lower_fixedarray.c */
/* The most elements of an array wp.zeros() makes in a kernel or func (its
 * storage is on the thread's stack; man LIMITS). */
#define LOWER_FIXED_ARRAY_MAX_ELEMS 65536
/* wp.zeros(shape, dtype) in a kernel or func (NULL when reported). */
ir_value *lower_fixed_zeros(lower_ctx *c, const ast_expr *e);
/* wp.array(ptr=, shape=, dtype=) in a kernel or func (NULL when reported). */
ir_value *lower_array_from_ptr(lower_ctx *c, const ast_expr *e);
/* Whether array value a is (a view or slice of) one made in the function
 * (wp.zeros(), a copy of one, wp.array(ptr=...)): the backward kernel
 * replays the stores into the first two and the last has no grad, so
 * reading one after a write keeps its gradient right. */
bool lower_made_array(const ir_value *a);
/* `c = a`: a copy of array a when it is one made by wp.zeros() (Warp
 * copies such an array on assignment), else a itself; NULL when reported
 * (a copy warpc does not differentiate). */
ir_value *lower_fixed_copy(lower_ctx *c, ir_value *a, wp_loc loc);
/* a.ptr: the uint64 address of array a's first element. */
ir_value *lower_array_ptr(lower_ctx *c, ir_value *a, wp_loc loc);
/* Reports (and returns true) when the func being lowered makes an array with
 * wp.zeros() and returns an array (`ret`): its storage would not outlive
 * the call. */
bool lower_fixed_escape(lower_ctx *c, const ir_type *ret, wp_loc loc);

/* lower_index.c: subscripts. */
/* Lowers the SUBSCRIPT e: an array element or view, a component, a
 * shape entry, or wp.adjoint[x]; NULL when reported. */
ir_value *lower_subscript(lower_ctx *c, const ast_expr *e);
/* Array element address checks shared by loads, stores and atomics: lowers
 * the indices of `e` (a SUBSCRIPT of an array value `arr`) into args[1..]. */
int lower_array_indices(lower_ctx *c, ir_value *arr, const ast_expr *e,
                        ir_value **args);
/* The variable that `wp.adjoint[x]` names ("$adj_x") when `e` is that
 * form, "" when it is that form misused (reported), else NULL. */
const char *lower_adjoint_name(lower_ctx *c, const ast_expr *e);
/* `wp.adjoint[x.f...]...` (a field path of a struct parameter inside the
 * brackets) rewritten as `$adj_x.f...`, the same path on the adjoint
 * variable; NULL when e has no such part (nothing reported). */
const ast_expr *lower_adjoint_path(lower_ctx *c, const ast_expr *e);
/* Notes that the current kernel writes array `arr` (for the read-after-write
 * warning of differentiable kernels). */
void lower_note_store(lower_ctx *c, ir_value *arr);
/* Warns (once per array) when a differentiable kernel reads `arr` after
 * writing it: the backward replay cannot see the element's earlier value. */
void lower_check_reload(lower_ctx *c, ir_value *arr, wp_loc loc);

#endif
