/* emit_internal.h - private interface of lib/emit. */
#ifndef WARPC_EMIT_INTERNAL_H
#define WARPC_EMIT_INTERNAL_H

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
} emit_ctx;

/* emit_c.c: a C string literal of `s`, escaped; `s` inside a comment with
 * no comment terminator or newline in it. */
void emit_c_string(FILE *out, const char *s);
void emit_comment_text(FILE *out, const char *s);

/* types_c.c */
void emit_use_type(emit_ctx *e, const ir_type *t);
void emit_types(emit_ctx *e);
void emit_instances(emit_ctx *e, ir_func *f);

/* emit_value.c: one instruction or terminator as C statements. */
void emit_value(emit_ctx *e, const ir_value *v);

/* emit_kernel.c: CPU entry, argument struct, descriptor and launcher. */
void emit_kernel_cpu(emit_ctx *e, const ir_func *f);
/* emit_kernel.c: the CUDA entry of a kernel. */
void emit_kernel_cuda(emit_ctx *e, const ir_func *f);
/* Prints `wp_status m_k(const wp_launch *launch, ...)` and the same for
 * m_k_backward. */
void emit_launcher_signature(emit_ctx *e, const ir_func *f, FILE *out);
void emit_backward_signature(emit_ctx *e, const ir_func *f, FILE *out);
/* emit_c.c: the declarations and instructions of a function. */
void emit_body(emit_ctx *e, const ir_func *f);
/* `name`, or `name_` when it is a C keyword or would clash. */
const char *emit_c_ident(wp_arena *a, const char *name);
/* The C parameter declaration of a launcher parameter ("const wp_array *a"). */
const char *emit_launcher_param(wp_arena *a, const ir_type *t,
                                const char *name);

#endif
