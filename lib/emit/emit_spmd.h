/* emit_spmd.h - what the SPMD forward (emit_spmd.c) and the SPMD backward
 * (emit_spmd_adj.c) emitters share (emit_spmd_common.c): the refusals and
 * the verdict comment, the function's opening, the edges and terminators
 * between blocks, and the dense-array checks of the range function's
 * dispatch.  Internal to lib/emit. */
#ifndef WARPC_EMIT_SPMD_H
#define WARPC_EMIT_SPMD_H

#include "emit_internal.h"

/* Whether instruction v makes a value that the variant declares (not a
 * parameter, terminator or store, not void). */
bool emit_spmd_has_value(const ir_value *v);

/* Whether parameter i of k is a plain 1-D array (its stride the range
 * function checks is the element size). */
bool emit_spmd_dense_param(const ir_func *k, int i);

/* The refusals both variants make of kernel k whose SPMD function would
 * run `body` (k, or k's backward): -fno-spmd, straight-line, tiles, more
 * than `max_instrs` IR instructions in body.  NULL: none of these. */
const char *emit_spmd_refusal(emit_ctx *e, const ir_func *k,
                              const ir_func *body, int max_instrs);

/* The comment `/ * <what> <kernel>: no (why) * /` (why not NULL) or
 * `... yes, WP_SPMD_W threads at once`; `what` is "SPMD" or "SPMD
 * backward". */
void emit_spmd_verdict(FILE *out, const char *what, const ir_func *k,
                       const char *why);

/* The opening of SPMD function `name` of kernel k running f (k or its
 * backward): the signature, with `extra` (e.g. ", wp_ttape *wp_ut")
 * after the group's base, and the locals holding f's parameters. */
void emit_spmd_open(emit_ctx *e, const ir_func *k, const ir_func *f,
                    const char *name, const char *extra);

/* How a variant passes values between blocks. */
typedef struct emit_spmd_flow {
  emit_ctx *e;
  const bool *vary; /* by value id: the value's lanes are in v<id>_s */
  void *ctx;        /* the variant's state, for wide_temp */
  /* Prints the declaration of temporary t<i> holding the lanes of edge
   * argument a for varying block parameter p, and its copy. */
  void (*wide_temp)(const struct emit_spmd_flow *fl, const ir_value *p,
                    const ir_value *a, int i);
  /* "&" where a lane storage is a vector (memcpy takes its address), ""
   * where it is an array */
  const char *addr;
} emit_spmd_flow;

/* The terminator v of a block: the jumps, their edges' values through
 * temporaries (an argument may feed another); an IR_SWITCH (only the
 * backward has them: uniform.c refuses them in a forward kernel) by
 * emit_value. */
void emit_spmd_terminator(const emit_spmd_flow *fl, const ir_value *v);

/* In the range function's dispatch condition: ` && a.p<i>.strides[0] ==
 * sizeof(T)` for each dense 1-D array parameter of k. */
void emit_spmd_dense_checks(emit_ctx *e, const ir_func *k);
/* In its branch: those strides made the constant element size. */
void emit_spmd_dense_strides(emit_ctx *e, const ir_func *k);

#endif
