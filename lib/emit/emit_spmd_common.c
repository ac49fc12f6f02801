/* emit_spmd_common.c - the pieces the SPMD forward (emit_spmd.c) and the
 * SPMD backward (emit_spmd_adj.c) emitters print alike (emit_spmd.h). */
#include "emit_spmd.h"

bool emit_spmd_has_value(const ir_value *v) {
  return v->type->kind != IR_T_VOID && v->op != IR_PARAM &&
         !ir_is_terminator(v) && v->op != IR_STORE;
}

bool emit_spmd_dense_param(const ir_func *k, int i) {
  const ir_type *t = k->param_types[i];
  return t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == 1;
}

const char *emit_spmd_refusal(emit_ctx *e, const ir_func *k,
                              const ir_func *body, int max_instrs) {
  if (e->opts->no_spmd)
    return "-fno-spmd";
  if (k->nblocks < 2)
    return "straight-line (the dense loop vectorizes it)";
  if (emit_uses_tiles(k))
    return "tiles";
  int n = 0;
  for (const ir_block *b = body->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (++n > max_instrs)
        return wp_arena_printf(e->m->arena, "more than %d IR instructions",
                               max_instrs);
  return NULL;
}

void emit_spmd_verdict(FILE *out, const char *what, const ir_func *k,
                       const char *why) {
  if (!why) {
    fprintf(out, "/* %s %s: yes, WP_SPMD_W threads at once */\n", what,
            k->name);
    return;
  }
  fprintf(out, "/* %s %s: no (", what, k->name);
  emit_comment_text(out, why);
  fputs(") */\n", out);
}

void emit_spmd_open(emit_ctx *e, const ir_func *k, const ir_func *f,
                    const char *name, const char *extra) {
  fprintf(e->out,
          "WP_SPMD_FN void %s(const %s *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_base%s) {\n"
          "  (void)wp_bounds;\n",
          name, emit_isym(e, k, "args"), extra);
  for (int i = 0; i < f->nparams; i++)
    fprintf(e->out, "  %s v%d = wp_args->p%d;\n",
            emit_ctype(e, f->param_types[i]), f->params[i]->id, i);
}

/* The values of edge ed into `to`, through temporaries t<i>, then the
 * jump. */
static void edge(const emit_spmd_flow *fl, const ir_block *to,
                 const ir_edge *ed) {
  emit_ctx *e = fl->e;
  FILE *out = e->out;
  fputs("{", out);
  for (int i = 0; i < ed->nargs; i++) {
    const ir_value *p = to->params[i], *a = ed->args[i];
    if (!fl->vary[p->id])
      fprintf(out, " %s t%d = v%d;", emit_ctype(e, p->type), i, a->id);
    else
      fl->wide_temp(fl, p, a, i);
  }
  for (int i = 0; i < ed->nargs; i++) {
    const ir_value *p = to->params[i];
    if (fl->vary[p->id])
      fprintf(out, " __builtin_memcpy(%sv%d_s, %st%d, sizeof t%d);", fl->addr,
              p->id, fl->addr, i, i);
    else
      fprintf(out, " v%d = t%d;", p->id, i);
  }
  fprintf(out, " goto b%d; }", to->id);
}

void emit_spmd_terminator(const emit_spmd_flow *fl, const ir_value *v) {
  FILE *out = fl->e->out;
  switch (v->op) {
  case IR_BR:
    fputs("  ", out);
    edge(fl, v->targets[0], &v->targs[0]);
    break;
  case IR_CBR:
    fprintf(out, "  if (v%d) ", v->args[0]->id);
    edge(fl, v->targets[0], &v->targs[0]);
    fputs(" else ", out);
    edge(fl, v->targets[1], &v->targs[1]);
    break;
  case IR_SWITCH: emit_value(fl->e, v); return;
  default: fputs("  return;", out); break;
  }
  fputc('\n', out);
}

void emit_spmd_dense_checks(emit_ctx *e, const ir_func *k) {
  for (int i = 0; i < k->nparams; i++)
    if (emit_spmd_dense_param(k, i))
      fprintf(e->out, " &&\n      a.p%d.strides[0] == sizeof(%s)", i,
              emit_ctype(e, k->param_types[i]->elem));
}

void emit_spmd_dense_strides(emit_ctx *e, const ir_func *k) {
  for (int i = 0; i < k->nparams; i++)
    if (emit_spmd_dense_param(k, i))
      fprintf(e->out, "    a.p%d.strides[0] = sizeof(%s);\n", i,
              emit_ctype(e, k->param_types[i]->elem));
}
