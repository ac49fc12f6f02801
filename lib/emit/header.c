/* header.c - the generated C header: the typed launcher of every kernel with
 * a comment giving its Python signature and each parameter's dtype/ndim. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emit_internal.h"

static void param_doc(FILE *out, const ir_func *f, int i, const char *cname,
                      bool optional) {
  const ir_type *t = f->param_types[i];
  if (t->kind == IR_T_ARRAY)
    fprintf(out, " *   %s: %sarray of %s, ndim %d%s", f->param_names[i],
            ir_type_is_indexed(t) ? "indexed " : "", t->elem->name, t->ndim,
            optional ? " (optional: may be NULL)" : "");
  else
    fprintf(out, " *   %s: %s (by value)", f->param_names[i], t->name);
  if (strcmp(cname, f->param_names[i]))
    fprintf(out, "; in C '%s'", cname);
  fputc('\n', out);
}

/* The `def name(...)` line of the kernel, as written in the source. */
static void python_signature(FILE *out, const ir_func *f) {
  const wp_source *src = f->loc.src;
  if (!src) {
    fprintf(out, " * def %s(...)\n", f->name);
    return;
  }
  uint32_t start = f->loc.start;
  while (start > 0 && src->text[start - 1] != '\n')
    start--;
  /* from `def` to the ':' closing the parameter list */
  const char *p = src->text + start;
  int depth = 0;
  uint32_t n = 0;
  for (; start + n < src->len; n++) {
    char c = p[n];
    if (c == '(' || c == '[')
      depth++;
    else if (c == ')' || c == ']')
      depth--;
    else if (c == ':' && depth == 0)
      break;
  }
  fputs(" * ", out);
  for (uint32_t i = 0; i < n; i++) {
    char c = p[i];
    if (c == '\n' || c == '\r') {
      fputs("\n *   ", out);
      while (i + 1 < n && isspace((unsigned char)p[i + 1]))
        i++;
    } else if (c == '*' && i + 1 < n && p[i + 1] == '/')
      fputs("* ", out); /* never close the comment */
    else
      fputc(c, out);
  }
  fputc('\n', out);
}

/* "sm_75, sm_80 and sm_90" */
static void arch_list(FILE *out, const char *prefix, const int *archs, int n) {
  for (int i = 0; i < n; i++)
    fprintf(out, "%s%s%d",
            i == 0       ? ""
            : i == n - 1 ? " and "
                         : ", ",
            prefix, archs[i]);
}

/* Prints `text` as a C comment, its words filled into lines of at most 78
 * columns. */
static void comment_fill(FILE *out, const char *text) {
  int col = fprintf(out, "/*");
  for (const char *p = text; *p;) {
    while (*p == ' ')
      p++;
    size_t len = strcspn(p, " ");
    if (len == 0)
      break;
    if (col > 3 && col + 1 + (int)len > 78)
      col = fprintf(out, "\n *");
    col += fprintf(out, " %.*s", (int)len, p);
    p += len;
  }
  fputs(" */\n", out);
}

/* Which devices the object this header goes with runs on. */
static void devices_doc(FILE *out, const wp_emit_options *opts) {
  if (!opts->header_object)
    return;
  if (opts->n_cuda_archs <= 0) {
    comment_fill(out, "Devices: the CPU only.  The object has no CUDA code "
                      "(warpc --no-cuda, or no CUDA toolkit): CUDA launches "
                      "return WP_ERROR_NO_DEVICE.");
    return;
  }
  char *text = NULL;
  size_t size = 0;
  FILE *t = open_memstream(&text, &size);
  if (!t)
    return;
  int ptx[2];
  int nptx = wp_cuda_ptx_archs(opts->cuda_archs, opts->n_cuda_archs, ptx);
  fprintf(t,
          "Devices: the CPU, and CUDA GPUs of compute capability %d.%d or "
          "newer.  %s for ",
          ptx[0] / 10, ptx[0] % 10,
          opts->n_cuda_archs == 1 ? "A cubin" : "Cubins");
  arch_list(t, "sm_", opts->cuda_archs, opts->n_cuda_archs);
  fprintf(t,
          " %s as %s on GPUs of the same major version and at least "
          "that minor one.  On any other GPU the CUDA driver compiles PTX "
          "when the module loads: ",
          opts->n_cuda_archs == 1 ? "runs" : "run",
          opts->n_cuda_archs == 1 ? "it is" : "they are");
  if (nptx == 1)
    fprintf(t, "that for compute_%d", ptx[0]);
  else {
    fputs("the newest of ", t);
    arch_list(t, "compute_", ptx, nptx);
    fputs(" not above the GPU's compute capability", t);
  }
  fputs(" (the driver must support the PTX's ISA version).", t);
  if (fclose(t) == 0 && text)
    comment_fill(out, text);
  free(text);
}

/* FNV-1a of the header's text: its include guard, unique to the module's
 * API (and hermetic: made of the output itself, no path). */
static uint32_t text_hash(const char *text, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint8_t)text[i]) * 16777619u;
  return h;
}

/* A launcher's declaration, after a check that no other generated header
 * declared it: two modules of one name (a/kernels.py, b/kernels.py) with a
 * kernel of one name cannot be linked together. */
static void launcher_once(FILE *out, const char *name) {
  fprintf(out,
          "#ifdef WARPC_LAUNCHER_%s\n#error \"%s: declared by two generated "
          "headers (two modules of one name?  compile one with warpc "
          "--module NAME)\"\n#endif\n#define WARPC_LAUNCHER_%s\n",
          name, name, name);
}

static void header_body(emit_ctx *e, FILE *out) {
  const ir_module *m = e->m;
  fputs("#include <warp/warp.h>\n\n", out);
  fputs("#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", out);
  for (const ir_func *f = m->funcs; f; f = f->next)
    if (f->kind == IR_FUNC_KERNEL)
      for (int i = 0; i < f->nparams; i++) /* array dtypes too */
        emit_use_type(e, f->param_types[i]);
  for (int i = 0; i < e->types.count; i++) {
    const ir_type *t = e->types.items[i];
    emit_typedef(e, out, t);
    if (t->kind == IR_T_STRUCT) { /* dtype code for wp_array_alloc */
      char *mac = wp_arena_printf(m->arena, "%s_DTYPE", emit_ctype(e, t));
      for (char *p = mac; *p; p++)
        *p = (char)toupper((unsigned char)*p);
      fprintf(out,
              "/* dtype of arrays of struct '%s': wp_array_alloc(&a, %s, "
              "sizeof(%s), ...) */\n#define %s 0x%08xu\n",
              t->name, mac, emit_ctype(e, t), mac, ir_type_dtype_code(t));
    }
  }
  for (const ir_func *f = m->funcs; f; f = f->next) {
    if (f->kind != IR_FUNC_KERNEL)
      continue;
    fprintf(out, "\n/* Kernel '%s' (", f->name);
    emit_comment_text(out, wp_emit_source_name(e->opts, f->loc.src));
    fprintf(out, ":%u):\n", f->loc.line);
    python_signature(out, f);
    if (f->instance) {
      fputs(" * Instance of this generic kernel for (", out);
      emit_comment_text(out, f->instance);
      fputs(").\n", out);
    }
    const char **pn = emit_param_cnames(e, f);
    const bool *tested = ir_truth_tested_params(f, m->arena);
    for (int i = 0; i < f->nparams; i++)
      param_doc(out, f, i, pn[i], tested[i]);
    fputs(
        " * Returns WP_SUCCESS, or an error (wp_last_error() says which) "
        "when an\n"
        " * array's dtype, ndim or device differs from the signature or the\n"
        " * launch is invalid.  Array indices are not bounds-checked, as in\n"
        " * Warp's release builds: the launch dims must fit the arrays.\n"
        " * An array the kernel tests (`if a:`; marked optional above) may be\n"
        " * NULL or a zeroed wp_array, as None in Warp: the kernel sees a "
        "null\n"
        " * array (`if a:` is false, shape 0).  Any other NULL array is an\n"
        " * error (WP_ERROR_INVALID_VALUE). */\n",
        out);
    launcher_once(out, f->cname);
    emit_launcher_signature(e, f, out);
    fputs(";\n", out);
    if (f->adjoint) {
      fputs("/* The adjoint of the kernel: the same arguments; arrays' grad "
            "buffers\n"
            " * hold the adjoints (read for outputs, accumulated for inputs). "
            "*/\n",
            out);
      emit_backward_signature(e, f, out);
      fputs(";\n", out);
    }
    if (emit_uses_tiles(f)) {
      fputs("/* The tiled launch of the kernel (Warp's wp.launch_tiled(kernel, "
            "dim,\n"
            " * inputs, block_dim)): launch->dims is the grid (1 to 3 "
            "dimensions), to\n"
            " * which the block dimension is appended: 1 on the CPU (a block "
            "is one\n"
            " * thread, as in Warp's CPU backend), launch->block_dim (default "
            "256) on\n"
            " * CUDA, which is also the CUDA block size.  wp.tid() returns "
            "the grid\n"
            " * indices and then the thread's index in its block. */\n",
            out);
      if (emit_uses_block_width(f))
        fprintf(out,
                "/* Its CUDA code is compiled for blocks of %d threads (its "
                "wp.tile() / wp.untile()\n"
                " * span the block: warpc --block-dim, or the module option "
                "block_dim): a CUDA\n"
                " * launch of another launch->block_dim (256 when 0), tiled "
                "or not, returns\n"
                " * WP_ERROR_INVALID_VALUE. */\n",
                e->m->block_dim);
      emit_tiled_signature(e, f, false, out);
      fputs(";\n", out);
      if (f->adjoint) {
        fputs("/* The tiled launch of the adjoint. */\n", out);
        emit_tiled_signature(e, f, true, out);
        fputs(";\n", out);
      }
    }
  }
  fputs("\n#ifdef __cplusplus\n}\n#endif\n", out);
}

int wp_emit_header(FILE *out, const ir_module *m, const wp_emit_options *opts) {
  emit_ctx e = {.out = out, .m = (ir_module *)m, .opts = opts};
  char *body = NULL;
  size_t size = 0;
  FILE *b = open_memstream(&body, &size);
  if (!b)
    return -1;
  header_body(&e, b);
  if (fclose(b) != 0 || !body) {
    free(body);
    return -1;
  }
  /* the module's name, then a hash of the declarations: two modules of one
     name (a/kernels.py, b/kernels.py) get two guards, so a program can
     include both headers */
  char *guard = wp_arena_printf(m->arena, "WARPC_%s_H_%08X", m->name,
                                text_hash(body, size));
  for (char *p = guard; *p; p++)
    *p = (char)toupper((unsigned char)*p);
  fprintf(out, "/* Generated by warpc %s from ",
          opts->version ? opts->version : "");
  emit_comment_text(out, wp_emit_source_name(opts, m->src));
  fprintf(
      out,
      ": launchers of the kernels of module '%s'.\n * Do not edit.  Link with "
      "the object warpc wrote and -lwarprt -lpthread -lm. */\n",
      m->name);
  devices_doc(out, opts);
  fprintf(out, "#ifndef %s\n#define %s\n\n", guard, guard);
  fwrite(body, 1, size, out);
  free(body);
  fputs("#endif\n", out);
  return ferror(out) ? -1 : 0;
}
