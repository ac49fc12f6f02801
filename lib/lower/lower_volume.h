/* lower_volume.h - the volume builtins that are not plain calls
 * (lower_volume.c): the dtype= forms volume_sample / volume_lookup, the
 * generic volume_store, and the out-parameter gradient forms
 * volume_sample_grad(_f / _index), which assign the gradient to the local
 * variable passed, as Warp's by-reference argument does. */
#ifndef WARPC_LOWER_VOLUME_H
#define WARPC_LOWER_VOLUME_H

#include "lower_internal.h"

bool lower_volume_handles(ir_builtin_id id);
/* `e` has its keywords placed already (lower_builtin_keywords). */
ir_value *lower_volume_call(lower_ctx *c, const ast_expr *e,
                            const ir_builtin *b);

#endif
