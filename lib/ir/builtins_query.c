/* builtins_query.c - the overload rules of the internal builtins that
 * lib/lower/lower_query.c lowers every `X_next(query, index, ...)` call to,
 * for any builtin query state type (builtin_structs.def); the public
 * X_next entry's own rule has checked the arguments by then. */
#include "builtins.h"

/* _query_next(q, extras...) -> the type of q */
type_t ir_chk_query_next(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  return ir_type_is_builtin_struct(a[0]) ? a[0]
                                         : fail(T, err, "not a query state");
}

/* _query_found(q) -> bool */
type_t ir_chk_query_found(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  (void)n;
  return ir_type_is_builtin_struct(a[0]) ? ir_t_bool(T)
                                         : fail(T, err, "not a query state");
}

/* _query_index(q, old: int32) -> int32 */
type_t ir_chk_query_index(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  (void)n;
  if (!ir_type_is_builtin_struct(a[0]) || !is_scalar_of(a[1], WP_SCALAR_INT32))
    return fail(T, err, "not a query state and an int32");
  return a[1];
}
