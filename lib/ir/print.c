/* print.c - the textual form of the IR (`warpc --emit=ir`):
 *
 *   kernel @step(%0: array(dtype=vec3f, ndim=1), %1: float32) {
 *   b0:
 *     %2: int32 = tid 0/1
 *     br b1(%2)
 *   b1(%3: int32):
 *     ...
 */
#include "ir.h"

static const char *op_names[] = {
    [IR_PARAM] = "param",
    [IR_BLOCK_ARG] = "arg",
    [IR_CONST] = "const",
    [IR_ZERO] = "zero",
    [IR_BUILTIN] = "builtin",
    [IR_CAST] = "cast",
    [IR_CALL] = "call",
    [IR_COMPOSE] = "compose",
    [IR_EXTRACT] = "extract",
    [IR_EXTRACT_DYN] = "extract_dyn",
    [IR_INSERT] = "insert",
    [IR_INSERT_DYN] = "insert_dyn",
    [IR_LOAD] = "load",
    [IR_STORE] = "store",
    [IR_ADDR] = "addr",
    [IR_ADDR_LOAD] = "addr_load",
    [IR_ATOMIC] = "atomic",
    [IR_ARRAY_SHAPE] = "shape",
    [IR_ARRAY_VALID] = "array_valid",
    [IR_ARRAY_VIEW] = "array_view",
    [IR_ARRAY_GRAD] = "array_grad",
    [IR_ARRAY_SLICE] = "array_slice",
    [IR_ARRAY_LOCAL] = "array_local",
    [IR_ARRAY_FROM_PTR] = "array_from_ptr",
    [IR_ARRAY_PTR] = "array_ptr",
    [IR_ARRAY_COPY] = "array_copy",
    [IR_ARRAY_ZERO_GRAD] = "array_zero_grad",
    [IR_ARRAY_COPY_ADJ] = "array_copy_adj",
    [IR_TID] = "tid",
    [IR_LOCAL_GET] = "local_get",
    [IR_LOCAL_SET] = "local_set",
    [IR_ADJ_BUILTIN] = "adj_builtin",
    [IR_GRAD_ACCUM] = "grad_accum",
    [IR_GRAD_LOAD] = "grad_load",
    [IR_TAPE_PUSH] = "tape_push",
    [IR_RESTORE] = "restore",
    [IR_PATH_PUSH] = "path_push",
    [IR_PATH_POP] = "path_pop",
    [IR_PRINT] = "print",
    [IR_BR] = "br",
    [IR_CBR] = "cbr",
    [IR_RET] = "ret",
    [IR_SWITCH] = "switch",
};
/* IR_SWITCH is the last opcode (test_ir.c checks that none is unnamed). */
_Static_assert(sizeof op_names / sizeof op_names[0] == IR_SWITCH + 1,
               "op_names must name every ir_op");

const char *ir_op_name(ir_op op) {
  return op_names[op];
}

static void print_args(FILE *out, ir_value **args, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "%s%%%d", i ? ", " : "", args[i]->id);
}

static void print_edge(FILE *out, const ir_block *b, const ir_edge *e) {
  fprintf(out, "b%d", b->id);
  if (e->nargs) {
    fputc('(', out);
    print_args(out, e->args, e->nargs);
    fputc(')', out);
  }
}

static void print_value(FILE *out, const ir_value *v) {
  fputs("  ", out);
  if (v->type->kind != IR_T_VOID && !ir_is_terminator(v))
    fprintf(out, "%%%d: %s = ", v->id, v->type->name);
  fputs(op_names[v->op], out);
  switch (v->op) {
  case IR_CONST:
    if (ir_type_is_float(v->type))
      fprintf(out, " %.9g", v->fval);
    else
      fprintf(out, " %lld", (long long)v->ival);
    break;
  case IR_BUILTIN:
    fprintf(out, " %s", v->builtin->name);
    /* the element builtin of a tile map or reduction (IR_B_NONE: the
       @wp.func in callee), the axis */
    if (v->builtin->id == IR_B_TILE_MAP || v->builtin->id == IR_B_TILE_REDUCE) {
      int el = v->builtin->id == IR_B_TILE_MAP ? v->aux : v->aux2;
      if (el != IR_B_NONE)
        fprintf(out, "[%s]", ir_builtin_get((ir_builtin_id)el)->name);
      else
        fprintf(out, "[@%s]", v->callee ? v->callee->name : "?");
    }
    if (v->builtin->id >= IR_B_TILE_SUM && v->builtin->id <= IR_B_TILE_REDUCE &&
        v->aux >= 0)
      fprintf(out, " axis %d", v->aux);
    break;
  case IR_ATOMIC: fprintf(out, " %s", v->builtin->name); break;
  case IR_CALL: fprintf(out, " @%s", v->callee->name); break;
  case IR_EXTRACT:
  case IR_INSERT:
  case IR_ARRAY_SHAPE:
  case IR_ARRAY_SLICE:
  case IR_ARRAY_LOCAL:
  case IR_ARRAY_COPY:
  case IR_ARRAY_ZERO_GRAD:
  case IR_ARRAY_COPY_ADJ:
  case IR_PARAM: fprintf(out, " #%d", v->aux); break;
  case IR_TID: fprintf(out, " %d/%d", v->aux, v->aux2); break;
  case IR_GRAD_ACCUM:
    if (v->aux)
      fprintf(out, " single_writer<=%dd", v->aux);
    break;
  default: break;
  }
  if (v->nargs) {
    fputc(' ', out);
    print_args(out, v->args, v->nargs);
  }
  if (v->op == IR_BR || v->op == IR_CBR) {
    int n = v->op == IR_BR ? 1 : 2;
    for (int k = 0; k < n; k++) {
      fputs(k || v->op == IR_CBR ? ", " : " ", out);
      print_edge(out, v->targets[k], &v->targs[k]);
    }
  }
  if (v->name && !ir_is_terminator(v))
    fprintf(out, "  ; %s", v->name);
  if (v->loc.src)
    fprintf(out, "%s line %u", v->name ? "," : "  ;", v->loc.line);
  fputc('\n', out);
}

static void print_func(FILE *out, ir_func *f) {
  ir_renumber(f);
  fprintf(out, "%s @%s(", f->kind == IR_FUNC_KERNEL ? "kernel" : "func",
          f->name);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "%s%s: %s", i ? ", " : "", f->param_names[i],
            f->param_types[i]->name);
  fprintf(out, ")");
  if (f->kind == IR_FUNC_FUNC)
    fprintf(out, " -> %s", f->ret->name);
  fprintf(out, " {\n");
  for (ir_block *b = f->entry; b; b = b->next) {
    fprintf(out, "b%d", b->id);
    if (b->nparams) {
      fputc('(', out);
      for (int i = 0; i < b->nparams; i++)
        fprintf(out, "%s%%%d: %s", i ? ", " : "", b->params[i]->id,
                b->params[i]->type->name);
      fputc(')', out);
    }
    fputs(":\n", out);
    for (ir_value *v = b->first; v; v = v->next)
      print_value(out, v);
  }
  fprintf(out, "}\n");
}

void ir_print(FILE *out, const ir_module *m) {
  fprintf(out, "; module %s\n", m->name);
  for (ir_func *f = m->funcs; f; f = f->next) {
    fputc('\n', out);
    print_func(out, f);
  }
}
