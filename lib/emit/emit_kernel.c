/* emit_kernel.c - what the CPU target adds around a kernel body: the packed
 * argument struct, the per-thread body, the range entry the runtime's worker
 * threads call (a plain loop over a contiguous range of thread indices, which
 * the C compiler may vectorize), the kernel descriptor and the typed launcher
 * that checks its arguments. */
#include <string.h>

#include "emit_internal.h"

void emit_body(emit_ctx *e, const ir_func *f);

/* A Python name that is a C keyword (or `launch`) gets a trailing '_'. */
const char *emit_c_ident(wp_arena *a, const char *name) {
  static const char *reserved[] = {
      "auto",   "case",     "char",     "const",   "default", "do",
      "double", "enum",     "extern",   "goto",    "inline",  "int",
      "long",   "register", "restrict", "short",   "signed",  "sizeof",
      "static", "struct",   "switch",   "typedef", "union",   "unsigned",
      "void",   "volatile", "launch",   "float",   "bool",    "true",
      "false",  "NULL",
  };
  for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
    if (!strcmp(reserved[i], name))
      return wp_arena_printf(a, "%s_", name);
  return name;
}

const char *emit_launcher_param(wp_arena *a, const ir_type *t,
                                const char *name) {
  name = emit_c_ident(a, name);
  if (t->kind == IR_T_ARRAY)
    return wp_arena_printf(a, "const wp_array *%s", name);
  return wp_arena_printf(a, "%s %s", t->cname, name);
}

void emit_launcher_signature(emit_ctx *e, const ir_func *f, FILE *out) {
  fprintf(out, "wp_status %s(const wp_launch *launch", f->cname);
  for (int i = 0; i < f->nparams; i++)
    fprintf(
        out, ", %s",
        emit_launcher_param(e->m->arena, f->param_types[i], f->param_names[i]));
  fputc(')', out);
}

const char *wp_cuda_entry_name(const ir_func *f, bool backward) {
  return wp_arena_printf(f->module->arena, "%s_cuda_%s", f->cname,
                         backward ? "backward" : "forward");
}

/* The packed argument struct and the per-thread body, shared by targets. */
static void args_and_body(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *k = f->cname;
  fprintf(out, "\n/* @wp.kernel %s */\ntypedef struct %s_args {\n", f->name, k);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  %s p%d;\n", f->param_types[i]->cname, i);
  if (!f->nparams)
    fputs("  char unused;\n", out);
  fprintf(out, "} %s_args;\n\n", k);
  fprintf(out,
          "WP_FN void %s_body(const %s_args *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_idx) {\n",
          k, k);
  fprintf(out, "  (void)wp_args; (void)wp_bounds; (void)wp_idx;\n");
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  %s v%d = wp_args->p%d;\n", f->param_types[i]->cname,
            f->params[i]->id, i);
  emit_body(e, f);
  fputs("}\n\n", out);
}

/* CUDA: a grid-stride loop over the launch's linear thread indices, as
 * Warp's kernels run. */
void emit_kernel_cuda(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *k = f->cname;
  args_and_body(e, f);
  fprintf(out, "extern \"C\" __global__ void ");
  if (f->options.launch_bounds > 0)
    fprintf(out, "__launch_bounds__(%d) ", f->options.launch_bounds);
  fprintf(
      out,
      "%s(%s_args wp_args, wp_launch_bounds wp_bounds) {\n"
      "  for (wp_int64 i = (wp_int64)blockIdx.x * blockDim.x + threadIdx.x;\n"
      "       i < wp_bounds.size; i += (wp_int64)blockDim.x * gridDim.x)\n"
      "    %s_body(&wp_args, &wp_bounds, i);\n}\n",
      wp_cuda_entry_name(f, false), k, k);
}

void emit_kernel_cpu(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *k = f->cname;
  args_and_body(e, f);
  fprintf(
      out,
      "static void %s_cpu(const void *args, const wp_launch_bounds *bounds, "
      "wp_int64 begin, wp_int64 end) {\n"
      "  const %s_args *a = (const %s_args *)args;\n"
      "  for (wp_int64 i = begin; i < end; i++)\n"
      "    %s_body(a, bounds, i);\n}\n\n",
      k, k, k, k);
  const char *fatbin = e->opts->fatbin_symbol;
  if (fatbin)
    fprintf(out,
            "static const wp_kernel_desc %s_desc = {\"%s\", %s_cpu, 0, "
            "sizeof(%s_args), %s, \"%s\", 0};\n\n",
            k, k, k, k, fatbin, wp_cuda_entry_name(f, false));
  else
    fprintf(out,
            "static const wp_kernel_desc %s_desc = {\"%s\", %s_cpu, 0, "
            "sizeof(%s_args), 0, 0, 0};\n\n",
            k, k, k, k);
  emit_launcher_signature(e, f, out);
  fputs(
      " {\n  wp_status wp_st;\n  wp_device wp_dev = wp_launch_device(launch);\n"
      "  (void)wp_st; (void)wp_dev;\n",
      out);
  for (int i = 0; i < f->nparams; i++) {
    const ir_type *t = f->param_types[i];
    if (t->kind != IR_T_ARRAY)
      continue;
    fprintf(out,
            "  if ((wp_st = wp_check_array_arg(%s, %uu, \"%s\", %d, wp_dev, "
            "\"%s\", "
            "\"%s\")) != WP_SUCCESS)\n    return wp_st;\n",
            emit_c_ident(e->m->arena, f->param_names[i]),
            ir_type_dtype_code(t->elem), t->elem->name, t->ndim, k,
            f->param_names[i]);
  }
  fprintf(out, "  %s_args wp_a;\n", k);
  fputs("  __builtin_memset(&wp_a, 0, sizeof wp_a);\n", out);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  wp_a.p%d = %s%s;\n", i,
            f->param_types[i]->kind == IR_T_ARRAY ? "*" : "",
            emit_c_ident(e->m->arena, f->param_names[i]));
  fprintf(out, "  return wp_launch_kernel(launch, &%s_desc, 0, &wp_a);\n}\n",
          k);
}
