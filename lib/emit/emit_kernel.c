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

/* `wp_status <cname><suffix>(const wp_launch *launch, params...)`. */
static void signature(emit_ctx *e, const ir_func *f, const char *suffix,
                      FILE *out) {
  fprintf(out, "wp_status %s%s(const wp_launch *launch", f->cname, suffix);
  for (int i = 0; i < f->nparams; i++)
    fprintf(
        out, ", %s",
        emit_launcher_param(e->m->arena, f->param_types[i], f->param_names[i]));
  fputc(')', out);
}

void emit_launcher_signature(emit_ctx *e, const ir_func *f, FILE *out) {
  signature(e, f, "", out);
}

void emit_backward_signature(emit_ctx *e, const ir_func *f, FILE *out) {
  signature(e, f, "_backward", out);
}

const char *wp_cuda_entry_name(const ir_func *f, bool backward) {
  return wp_arena_printf(f->module->arena, "%s_cuda_%s", f->cname,
                         backward ? "backward" : "forward");
}

/* The packed argument struct of kernel k. */
static void args_struct(emit_ctx *e, const ir_func *k) {
  FILE *out = e->out;
  fprintf(out, "\n/* @wp.kernel %s */\ntypedef struct %s_args {\n", k->name,
          k->cname);
  for (int i = 0; i < k->nparams; i++)
    fprintf(out, "  %s p%d;\n", k->param_types[i]->cname, i);
  if (!k->nparams)
    fputs("  char unused;\n", out);
  fprintf(out, "} %s_args;\n\n", k->cname);
}

/* The per-thread body of f (a kernel or its backward function), reading
 * the argument struct of kernel k. */
static void body(emit_ctx *e, const ir_func *f, const ir_func *k) {
  FILE *out = e->out;
  fprintf(out,
          "WP_FN void %s_body(const %s_args *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_idx) {\n",
          f->cname, k->cname);
  fprintf(out, "  (void)wp_args; (void)wp_bounds; (void)wp_idx;\n");
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  %s v%d = wp_args->p%d;\n", f->param_types[i]->cname,
            f->params[i]->id, i);
  emit_body(e, f);
  fputs("}\n\n", out);
}

/* CUDA: a grid-stride loop over the launch's linear thread indices, as
 * Warp's kernels run. */
static void cuda_entry(emit_ctx *e, const ir_func *f, const ir_func *k,
                       bool backward) {
  FILE *out = e->out;
  fprintf(out, "extern \"C\" __global__ void ");
  if (k->options.launch_bounds > 0)
    fprintf(out, "__launch_bounds__(%d) ", k->options.launch_bounds);
  fprintf(out,
          "%s(%s_args wp_args, wp_launch_bounds wp_bounds) {\n"
          "  for (wp_int64 i = (wp_int64)blockIdx.x * blockDim.x + "
          "threadIdx.x;\n"
          "       i < wp_bounds.size; i += (wp_int64)blockDim.x * gridDim.x)\n"
          "    %s_body(&wp_args, &wp_bounds, i);\n}\n",
          wp_cuda_entry_name(k, backward), k->cname, f->cname);
}

void emit_kernel_cuda(emit_ctx *e, const ir_func *f) {
  args_struct(e, f);
  body(e, f, f);
  cuda_entry(e, f, f, false);
  if (f->adjoint) {
    body(e, f->adjoint, f);
    cuda_entry(e, f->adjoint, f, true);
  }
}

/* CPU: a plain loop over a contiguous range of thread indices (the runtime's
 * worker threads call it; the C compiler may vectorize it). */
static void cpu_range(emit_ctx *e, const ir_func *f, const ir_func *k) {
  fprintf(e->out,
          "static void %s_cpu(const void *args, const wp_launch_bounds "
          "*bounds, wp_int64 begin, wp_int64 end) {\n"
          "  /* local copies: stores through array pointers cannot alias "
          "them,\n     so the compiler keeps the arguments in registers */\n"
          "  %s_args a = *(const %s_args *)args;\n"
          "  wp_launch_bounds b = *bounds;\n"
          "  for (wp_int64 i = begin; i < end; i++)\n"
          "    %s_body(&a, &b, i);\n}\n\n",
          f->cname, k->cname, k->cname, f->cname);
}

/* A launcher: checks every array argument, packs the arguments, launches
 * the forward (backward = 0) or backward kernel. */
static void launcher(emit_ctx *e, const ir_func *f, int backward) {
  FILE *out = e->out;
  const char *k = f->cname;
  const bool *tested = ir_truth_tested_params(f, e->m->arena);
  signature(e, f, backward ? "_backward" : "", out);
  fputs(" {\n  wp_status wp_st;\n  wp_device wp_dev = "
        "wp_launch_device(launch);\n  (void)wp_st; (void)wp_dev;\n",
        out);
  for (int i = 0; i < f->nparams; i++) {
    const ir_type *t = f->param_types[i];
    if (t->kind != IR_T_ARRAY)
      continue;
    const char *p = emit_c_ident(e->m->arena, f->param_names[i]);
    /* a null array only where the kernel tests it (`if a:`), as None in
       Warp; elsewhere wp_check_array_arg reports it */
    bool optional = tested[i];
    fprintf(out,
            "  if (%s%s%s(wp_st = wp_check_array_arg(%s, %uu, \"%s\", %d, "
            "wp_dev, \"%s%s\", \"%s\")) != WP_SUCCESS)\n    return wp_st;\n",
            optional ? "!WP_ARRAY_IS_NULL(" : "", optional ? p : "",
            optional ? ") &&\n      " : "", p, ir_type_dtype_code(t->elem),
            t->elem->name, t->ndim, k, backward ? "_backward" : "",
            f->param_names[i]);
  }
  fprintf(out, "  %s_args wp_a;\n", k);
  fputs("  __builtin_memset(&wp_a, 0, sizeof wp_a);\n", out);
  for (int i = 0; i < f->nparams; i++) {
    const char *p = emit_c_ident(e->m->arena, f->param_names[i]);
    if (f->param_types[i]->kind == IR_T_ARRAY &&
        tested[i]) /* a null array stays zero */
      fprintf(out, "  if (!WP_ARRAY_IS_NULL(%s))\n    wp_a.p%d = *%s;\n", p, i,
              p);
    else if (f->param_types[i]->kind == IR_T_ARRAY)
      fprintf(out, "  wp_a.p%d = *%s;\n", i, p);
    else
      fprintf(out, "  wp_a.p%d = %s;\n", i, p);
  }
  fprintf(out, "  return wp_launch_kernel(launch, &%s_desc, %d, &wp_a);\n}\n",
          k, backward);
}

void emit_kernel_cpu(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *k = f->cname;
  args_struct(e, f);
  body(e, f, f);
  cpu_range(e, f, f);
  if (f->adjoint) {
    body(e, f->adjoint, f);
    cpu_range(e, f->adjoint, f);
  }
  const char *fatbin = e->opts->fatbin_symbol;
  int narrays = 0;
  for (int i = 0; i < f->nparams; i++)
    narrays += f->param_types[i]->kind == IR_T_ARRAY;
  if (narrays) {
    fprintf(out, "static const wp_uint32 %s_arrays[] = {", k);
    for (int i = 0, n = 0; i < f->nparams; i++)
      if (f->param_types[i]->kind == IR_T_ARRAY)
        fprintf(out, "%s__builtin_offsetof(%s_args, p%d)", n++ ? ", " : "", k,
                i);
    fputs("};\n", out);
  }
  fprintf(out, "static const wp_kernel_desc %s_desc = {\"%s\", %s_cpu, ", k, k,
          k);
  if (f->adjoint)
    fprintf(out, "%s_cpu, ", f->adjoint->cname);
  else
    fputs("0, ", out);
  fprintf(out, "sizeof(%s_args), ", k);
  if (fatbin) {
    fprintf(out, "%s, \"%s\", ", fatbin, wp_cuda_entry_name(f, false));
    if (f->adjoint)
      fprintf(out, "\"%s\"", wp_cuda_entry_name(f, true));
    else
      fputs("0", out);
  } else
    fputs("0, 0, 0", out);
  if (narrays)
    fprintf(out, ", %s_arrays, %d", k, narrays);
  else
    fputs(", 0, 0", out);
  fputs("};\n\n", out);
  launcher(e, f, 0);
  if (f->adjoint)
    launcher(e, f, 1);
}
