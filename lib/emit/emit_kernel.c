/* emit_kernel.c - what the CPU target adds around a kernel body: the packed
 * argument struct, the per-thread body, the range entry the runtime's worker
 * threads call (a plain loop over a contiguous range of thread indices, which
 * the C compiler may vectorize), the kernel descriptor and the typed launcher
 * that checks its arguments. */
#include <string.h>

#include "emit_internal.h"

void emit_body(emit_ctx *e, const ir_func *f);

bool emit_c_keyword(const char *name) {
  static const char *words[] = {
      "auto",
      "break",
      "case",
      "char",
      "const",
      "continue",
      "default",
      "do",
      "double",
      "else",
      "enum",
      "extern",
      "float",
      "for",
      "goto",
      "if",
      "inline",
      "int",
      "long",
      "register",
      "restrict",
      "return",
      "short",
      "signed",
      "sizeof",
      "static",
      "struct",
      "switch",
      "typedef",
      "union",
      "unsigned",
      "void",
      "volatile",
      "while",
      "bool",
      "true",
      "false",
      "NULL",
      "INFINITY",
      "NAN",
      "alignas",
      "alignof",
      "and",
      "and_eq",
      "asm",
      "bitand",
      "bitor",
      "catch",
      "char8_t",
      "char16_t",
      "char32_t",
      "class",
      "compl",
      "concept",
      "consteval",
      "constexpr",
      "constinit",
      "const_cast",
      "co_await",
      "co_return",
      "co_yield",
      "decltype",
      "delete",
      "dynamic_cast",
      "explicit",
      "export",
      "friend",
      "mutable",
      "namespace",
      "new",
      "noexcept",
      "not",
      "not_eq",
      "nullptr",
      "operator",
      "or",
      "or_eq",
      "private",
      "protected",
      "public",
      "reinterpret_cast",
      "requires",
      "static_assert",
      "static_cast",
      "template",
      "this",
      "thread_local",
      "throw",
      "try",
      "typeid",
      "typename",
      "using",
      "virtual",
      "wchar_t",
      "xor",
      "xor_eq",
  };
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (!strcmp(words[i], name))
      return true;
  return false;
}

/* Names the generated code keeps for itself: the runtime's (wp_, WP_), the
 * kernels' internal symbols (wpk...), C's reserved identifiers and C11
 * keywords (a leading '_': _Bool, __x). */
static bool internal_name(const char *name) {
  return !strncmp(name, "wp_", 3) || !strncmp(name, "WP_", 3) ||
         !strncmp(name, "wpk", 3) || name[0] == '_';
}

const char *emit_c_ident(wp_arena *a, const char *name) {
  if (emit_c_keyword(name) || !strcmp(name, "launch"))
    return wp_arena_printf(a, "%s_", name);
  if (internal_name(name))
    return wp_arena_printf(a, "arg_%s", name);
  return name;
}

const char **emit_param_cnames(emit_ctx *e, const ir_func *f) {
  wp_arena *A = e->m->arena;
  const char **out = WP_NEW_ARRAY(A, const char *, f->nparams + 1);
  for (int i = 0; i < f->nparams; i++) {
    const char *n = f->param_names[i];
    bool type_name = false;
    for (int k = 0; k < f->nparams; k++) {
      const ir_type *t = f->param_types[k];
      type_name = type_name || !strcmp(emit_ctype(e, t), n) ||
                  (t->kind == IR_T_ARRAY && !strcmp(emit_ctype(e, t->elem), n));
    }
    const char *c =
        type_name ? wp_arena_printf(A, "arg_%s", n) : emit_c_ident(A, n);
    for (bool clash = c != n; clash;) {
      clash = false;
      for (int k = 0; k < f->nparams && !clash; k++)
        clash = (k != i && !strcmp(f->param_names[k], c)) ||
                (k < i && !strcmp(out[k], c));
      if (clash)
        c = wp_arena_printf(A, "%s_", c);
    }
    out[i] = c;
  }
  return out;
}

static const char *launcher_param(emit_ctx *e, const ir_type *t,
                                  const char *name) {
  wp_arena *a = e->m->arena;
  if (t->kind == IR_T_ARRAY)
    return wp_arena_printf(a, "const %s *%s", emit_ctype(e, t), name);
  return wp_arena_printf(a, "%s %s", emit_ctype(e, t), name);
}

/* The C test that launcher parameter p (an array of type t) is null (None
 * in Warp): WP_ARRAY_IS_NULL of the array, or of an indexed array's base. */
static const char *null_test(emit_ctx *e, const ir_type *t, const char *p) {
  if (ir_type_is_indexed(t))
    return wp_arena_printf(e->m->arena, "(!%s || WP_ARRAY_IS_NULL(&%s->arr))",
                           p, p);
  return wp_arena_printf(e->m->arena, "WP_ARRAY_IS_NULL(%s)", p);
}

/* `wp_status <name>(const wp_launch *launch, params...)`. */
static void signature(emit_ctx *e, const ir_func *f, const char *name,
                      FILE *out) {
  const char **pn = emit_param_cnames(e, f);
  fprintf(out, "wp_status %s(const wp_launch *launch", name);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, ", %s", launcher_param(e, f->param_types[i], pn[i]));
  fputc(')', out);
}

/* Fills e's kernel naming tables (see emit_ctx) the first time. */
static void naming_init(emit_ctx *e) {
  if (e->iprefix)
    return;
  int index = 0;
  for (const ir_func *g = e->m->funcs; g; g = g->next) {
    *wp_keymap_slot(e->m->arena, &e->func_index, g, 0) =
        (void *)(intptr_t)index++;
    if (g->kind == IR_FUNC_KERNEL)
      wp_strmap_put(e->m->arena, &e->kernel_cnames, g->cname, (void *)g);
  }
  /* "wpk" and as many more 'k' as make it the start of no C name of a
   * function of the module, nor of MODULE_ (the start of every kernel's and
   * struct's C name; having no '_', the prefix never extends it). */
  const char *p = "wpk";
  const char *mod = wp_arena_printf(e->m->arena, "%s_", e->m->name);
  for (bool clash = true; clash;) {
    size_t n = strlen(p), nm = strlen(mod);
    clash = !strncmp(mod, p, n < nm ? n : nm);
    for (const ir_func *g = e->m->funcs; g && !clash; g = g->next)
      clash = !strncmp(g->cname, p, n);
    if (clash)
      p = wp_arena_printf(e->m->arena, "%sk", p);
  }
  e->iprefix = p;
}

const char *emit_backward_name(emit_ctx *e, const ir_func *f) {
  naming_init(e);
  const char *n = wp_arena_printf(e->m->arena, "%s_backward", f->cname);
  while (wp_strmap_find(&e->kernel_cnames, n))
    n = wp_arena_printf(e->m->arena, "%s_", n);
  return n;
}

const char *emit_tiled_name(emit_ctx *e, const ir_func *f, bool backward) {
  naming_init(e);
  const char *n = wp_arena_printf(
      e->m->arena, "%s_tiled", backward ? emit_backward_name(e, f) : f->cname);
  while (wp_strmap_find(&e->kernel_cnames, n) ||
         !strcmp(n, emit_backward_name(e, f)))
    n = wp_arena_printf(e->m->arena, "%s_", n);
  return n;
}

void emit_tiled_signature(emit_ctx *e, const ir_func *f, bool backward,
                          FILE *out) {
  signature(e, f, emit_tiled_name(e, f, backward), out);
}

/* The tiled launcher: the launch with the block dimension appended, then
 * the plain one. */
static void tiled_launcher(emit_ctx *e, const ir_func *f, bool backward) {
  FILE *out = e->out;
  const char **pn = emit_param_cnames(e, f);
  emit_tiled_signature(e, f, backward, out);
  fprintf(out,
          " {\n  wp_launch wp_l;\n  wp_status wp_st = "
          "wp_launch_tiled_dims(launch, &wp_l);\n  if (wp_st != "
          "WP_SUCCESS)\n    return wp_st;\n  return %s(&wp_l",
          backward ? emit_backward_name(e, f) : f->cname);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, ", %s", pn[i]);
  fputs(");\n}\n", out);
}

void emit_launcher_signature(emit_ctx *e, const ir_func *f, FILE *out) {
  signature(e, f, f->cname, out);
}

void emit_backward_signature(emit_ctx *e, const ir_func *f, FILE *out) {
  signature(e, f, emit_backward_name(e, f), out);
}

/* The internal symbol `what` of kernel k: <prefix><index of k>_<what>. */
static const char *isym(emit_ctx *e, const ir_func *k, const char *what) {
  naming_init(e);
  void **index = wp_keymap_find(&e->func_index, k, 0);
  return wp_arena_printf(e->m->arena, "%s%d_%s", e->iprefix,
                         index ? (int)(intptr_t)*index : -1, what);
}

const char *emit_isym(emit_ctx *e, const ir_func *k, const char *what) {
  return isym(e, k, what);
}

const char *wp_cuda_entry_name(const ir_func *f, bool backward) {
  return wp_arena_printf(f->module->arena, "%s_cuda_%s", f->cname,
                         backward ? "backward" : "forward");
}

/* The packed argument struct of kernel k. */
static void args_struct(emit_ctx *e, const ir_func *k) {
  FILE *out = e->out;
  const char *args = isym(e, k, "args");
  fprintf(out, "\n/* @wp.kernel %s */\ntypedef struct %s {\n", k->name, args);
  for (int i = 0; i < k->nparams; i++)
    fprintf(out, "  %s p%d;\n", emit_ctype(e, k->param_types[i]), i);
  if (!k->nparams)
    fputs("  char unused;\n", out);
  fprintf(out, "} %s;\n\n", args);
}

/* The per-thread body of f (kernel k, or its backward function), reading
 * the argument struct of k. */
static void body(emit_ctx *e, const ir_func *f, const ir_func *k) {
  FILE *out = e->out;
  fprintf(out,
          "WP_FN void %s(const %s *wp_args, const wp_launch_bounds "
          "*wp_bounds, wp_int64 wp_idx, const wp_int64 *wp_coord) {\n",
          isym(e, k, f == k ? "body" : "adj_body"), isym(e, k, "args"));
  fprintf(out, "  (void)wp_args; (void)wp_bounds; (void)wp_idx; "
               "(void)wp_coord;\n");
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "  %s v%d = wp_args->p%d;\n", emit_ctype(e, f->param_types[i]),
            f->params[i]->id, i);
  emit_body(e, f);
  fputs("}\n\n", out);
}

/* CUDA: a grid-stride loop over the launch's linear thread indices, as
 * Warp's kernels run.  Not unrolled: the runtime launches enough blocks
 * that a thread usually runs one index, and nvcc's 4x unrolling of the
 * inlined body quadrupled the code (saxpy's forward kernel: 792 SASS
 * instructions unrolled, 248 not; bench/sass.sh). */
static void cuda_entry(emit_ctx *e, const ir_func *k, bool backward,
                       bool one_d) {
  FILE *out = e->out;
  const ir_kernel_options *o = &k->options;
  fprintf(out, "extern \"C\" ");
  if (o->launch_bounds > 0 && o->launch_min_blocks > 0)
    fprintf(out, "__launch_bounds__(%d, %d) ", o->launch_bounds,
            o->launch_min_blocks);
  else if (o->launch_bounds > 0)
    fprintf(out, "__launch_bounds__(%d) ", o->launch_bounds);
  /* as Warp: clusters only where the arch has them (sm_90+), __maxnreg__
     from CUDA 12.4, shared-memory spilling from CUDA 13 */
  if (o->cluster_dim > 1)
    fprintf(out,
            "\n#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900\n"
            "__cluster_dims__(%d, 1, 1)\n#endif\n",
            o->cluster_dim);
  fputs("__global__ void ", out);
  if (o->max_registers > 0)
    fprintf(out,
            "\n#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 "
            "&& __CUDACC_VER_MINOR__ >= 4)\n__maxnreg__(%d)\n#endif\n",
            o->max_registers);
  fprintf(out, "%s%s(%s wp_args, wp_launch_bounds wp_bounds) {\n",
          wp_cuda_entry_name(k, backward), one_d ? "_1d" : "",
          isym(e, k, "args"));
  if (o->smem_spilling)
    fputs("#if __CUDACC_VER_MAJOR__ >= 13\n"
          "  asm volatile(\".pragma \\\"enable_smem_spilling\\\";\");\n"
          "#endif\n",
          out);
  if (one_d) /* a constant once the body is inlined: wp_tid stops dividing */
    fputs("  wp_bounds.ndim = 1;\n", out);
  fprintf(out,
          "#pragma unroll 1\n"
          "  for (wp_int64 i = (wp_int64)blockIdx.x * blockDim.x + "
          "threadIdx.x;\n"
          "       i < wp_bounds.size; i += (wp_int64)blockDim.x * gridDim.x)\n"
          "    %s(&wp_args, &wp_bounds, i, 0);\n}\n",
          isym(e, k, backward ? "adj_body" : "body"));
}

/* Kernels of more IR instructions than this (forward and backward
 * together) get no 1-D companion entries: the division they save is
 * negligible beside such a body, and the companions would double the
 * work of nvcc and ptxas (Warp's example_raymarch: its draw kernel's
 * two entries of 17k lines of PTX would become four). */
enum { ONE_D_MAX_INSTRS = 600 };

static int count_instrs(const ir_func *f) {
  int n = 0;
  for (const ir_block *b = f ? f->entry : NULL; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      n++;
  return n;
}

/* Whether kernel k gets 1-D companion entries: written for 1-D launches
 * (no wp.tid() of two or more components in its own body, no tiles: a
 * tiled launch has the block as an extra dimension) and small. */
static bool one_d_kernel(const ir_func *k) {
  if (emit_uses_tiles(k) ||
      count_instrs(k) + count_instrs(k->adjoint) > ONE_D_MAX_INSTRS)
    return false;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == IR_TID && v->aux2 >= 2)
        return false;
  return true;
}

/* A small kernel written for 1-D launches gets each entry twice: the general
 * one and its companion NAME_1d, which the runtime launches for 1-D launches
 * (runtime/src/cuda_launch.c): the same loop with the launch's ndim set to
 * 1 where the body can see it, so that wp.tid() is the loop index with no
 * division (saxpy's forward kernel for sm_90: 248 SASS instructions, 56 in
 * the 1-D entry).  Other kernels have only the general entries. */
void emit_kernel_cuda(emit_ctx *e, const ir_func *f) {
  bool one_d = one_d_kernel(f);
  args_struct(e, f);
  body(e, f, f);
  cuda_entry(e, f, false, false);
  if (one_d)
    cuda_entry(e, f, false, true);
  if (f->adjoint) {
    body(e, f->adjoint, f);
    cuda_entry(e, f, true, false);
    if (one_d)
      cuda_entry(e, f, true, true);
  }
}

/* The dense fast path is emitted for kernels of at most this many IR
 * instructions (it compiles the body a second time). */
enum { DENSE_MAX_INSTRS = 400 };

/* Whether every branch of f goes to a later block (no loop). */
static bool forward_branches(const ir_func *f) {
  for (const ir_block *b = f->entry; b; b = b->next) {
    const ir_value *t = b->last;
    if (!t || t->op == IR_SWITCH)
      return false;
    for (int k = 0; k < (t->op == IR_CBR ? 2 : t->op == IR_BR); k++) {
      const ir_block *c = b->next;
      while (c && c != t->targets[k])
        c = c->next;
      if (!c)
        return false;
    }
  }
  return true;
}

/* Whether kernel k gets the dense fast path: small, with a 1-D wp.array
 * parameter, straight-line, or for the forward loop with branches but no
 * loop: clang if-converts a small branchy body where the arrays are
 * restrict (emit_cpu_restrict.c: example_wave's wave_displace).  The
 * backward loop keeps one block (its adjoint body may be much larger than
 * k), and loops keep the general loop: example_sph's and example_dem's
 * neighbour loops ran no faster with constant strides (bench/examples,
 * one thread: sph 2.65 s per step before, 2.71 s after; dem 3.70, 3.68),
 * and the body would be compiled twice. */
static bool dense_path(const ir_func *k, bool backward) {
  if (k->nblocks != 1 && (backward || !forward_branches(k)))
    return false;
  int n = 0;
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (++n > DENSE_MAX_INSTRS)
        return false;
  for (int i = 0; i < k->nparams; i++) {
    const ir_type *t = k->param_types[i];
    if (t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == 1)
      return true;
  }
  return false;
}

/* CPU: a plain loop over a contiguous range of thread indices (the runtime's
 * worker threads call it), which steps the launch coordinates with the
 * index (wp_launch_next) instead of dividing the index per thread.  For a
 * small kernel (dense_path) a second loop runs where the launch is 1-D,
 * below 2^31 threads, and every 1-D array argument is dense (its stride is its
 * element size): there the strides and the launch's ndim are constants the C
 * compiler sees, the index is a 32-bit induction variable, and the addresses
 * base + 4 i are affine, so clang vectorizes the loop (with run-time checks
 * that the arrays do not overlap; where the arguments show that no written
 * array overlaps another, with restrict arrays: emit_cpu_restrict.c).  The
 * body is the same, so are the results.
 */
static void cpu_range(emit_ctx *e, const ir_func *k, bool backward, bool spmd) {
  FILE *out = e->out;
  const char *args = isym(e, k, "args");
  const char *body_fn = isym(e, k, backward ? "adj_body" : "body");
  bool dense = !spmd && dense_path(k, backward);
  const char *rx = isym(e, k, backward ? "adj_dense_rx" : "dense_rx");
  const char *rows_rx = spmd || backward ? NULL : isym(e, k, "rows_rx");
  if (rows_rx && !emit_cpu_rows_fn(e, k, body_fn, rows_rx))
    rows_rx = NULL; /* 2-4-D, restrict arrays, interior: emit_cpu_rows.c */
  if (dense && !backward)
    emit_cpu_restrict_fn(e, k, body_fn, rx);
  else if (dense)
    emit_cpu_restrict_adj_fn(e, k, body_fn, rx);
  fprintf(out,
          "static void %s(const void *args, const wp_launch_bounds "
          "*bounds, wp_int64 begin, wp_int64 end) {\n"
          "  /* local copies: stores through array pointers cannot alias "
          "them,\n     so the compiler keeps the arguments in registers */\n"
          "  %s a = *(const %s *)args;\n"
          "  wp_launch_bounds b = *bounds;\n",
          isym(e, k, backward ? "adj_cpu" : "cpu"), args, args);
  if (spmd && backward)
    emit_spmd_adj_dispatch(e, k);
  else if (spmd)
    emit_spmd_dispatch(e, k);
  else if (dense) {
    fputs("  if (b.ndim == 1 && end <= 0x7fffffff", out);
    for (int i = 0; i < k->nparams; i++) {
      const ir_type *t = k->param_types[i];
      if (t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == 1)
        fprintf(out, " &&\n      a.p%d.strides[0] == sizeof(%s)", i,
                emit_ctype(e, t->elem));
    }
    fputs(") {\n", out);
    for (int i = 0; i < k->nparams; i++) {
      const ir_type *t = k->param_types[i];
      if (t->kind == IR_T_ARRAY && !ir_type_is_indexed(t) && t->ndim == 1)
        fprintf(out, "    a.p%d.strides[0] = sizeof(%s);\n", i,
                emit_ctype(e, t->elem));
    }
    fputs("    b.ndim = 1;\n", out);
    if (backward) /* emit_cpu_restrict_adj.c, then the plain loop */
      emit_cpu_restrict_adj_call(e, k, rx);
    /* with the restrict loop, overlapping arrays take the general loop
       (one copy of the body fewer to compile) */
    if (!backward && emit_cpu_restrict_call(e, k, rx))
      fputs("  }\n", out);
    else
      fprintf(out,
              "    for (wp_int32 i = (wp_int32)begin; i < (wp_int32)end; "
              "i++) {\n"
              "      wp_int64 c[4] = {i, 0, 0, 0};\n"
              "      %s(&a, &b, i, c);\n"
              "    }\n"
              "    return;\n  }\n",
              body_fn);
  }
  emit_cpu_rows(e, k, body_fn, rows_rx); /* 2-4-D: emit_cpu_rows.c */
  fprintf(out,
          "  wp_int64 c[4];\n"
          "  wp_launch_coords(begin, &b, c);\n"
          "  for (wp_int64 i = begin; i < end; i++) {\n"
          "    %s(&a, &b, i, c);\n"
          "    wp_launch_next(&b, c);\n"
          "  }\n}\n\n",
          body_fn);
}

/* A launcher: checks every array argument, packs the arguments, launches
 * the forward (backward = 0) or backward kernel.  Its locals and the
 * functions it calls are wp_ names, which no parameter has
 * (emit_param_cnames). */
static void launcher(emit_ctx *e, const ir_func *f, int backward) {
  FILE *out = e->out;
  const char *name = backward ? emit_backward_name(e, f) : f->cname;
  const char **pn = emit_param_cnames(e, f);
  const bool *tested = ir_truth_tested_params(f, e->m->arena);
  const char *args = isym(e, f, "args");
  signature(e, f, name, out);
  fputs(" {\n  wp_status wp_st;\n  wp_device wp_dev = "
        "wp_launch_device(launch);\n  (void)wp_st; (void)wp_dev;\n",
        out);
  for (int i = 0; i < f->nparams; i++) {
    const ir_type *t = f->param_types[i];
    if (t->kind != IR_T_ARRAY)
      continue;
    const char *p = pn[i];
    /* a null array only where the kernel tests it (`if a:`), as None in
       Warp; elsewhere wp_check_array_arg reports it */
    bool optional = tested[i];
    if (optional)
      fprintf(out, "  if (!%s &&\n      ", null_test(e, t, p));
    else
      fputs("  if (", out);
    fprintf(out,
            "(wp_st = wp_check_%sarray_arg(%s, %uu, \"%s\", %d, "
            "wp_dev, \"%s\", \"%s\")) != WP_SUCCESS)\n    return wp_st;\n",
            ir_type_is_indexed(t) ? "indexed" : "", p,
            ir_type_dtype_code(t->elem), t->elem->name, t->ndim, name,
            f->param_names[i]);
  }
  if (emit_uses_block_width(f)) /* its CUDA code has a fixed block size */
    fprintf(out,
            "  if ((wp_st = wp_launch_check_block_dim(launch, %d, \"%s\")) != "
            "WP_SUCCESS)\n    return wp_st;\n",
            e->m->block_dim, name);
  fprintf(out, "  %s wp_a;\n", args);
  fputs("  __builtin_memset(&wp_a, 0, sizeof wp_a);\n", out);
  for (int i = 0; i < f->nparams; i++) {
    const char *p = pn[i];
    if (f->param_types[i]->kind == IR_T_ARRAY &&
        tested[i]) /* a null array stays zero */
      fprintf(out, "  if (!%s)\n    wp_a.p%d = *%s;\n",
              null_test(e, f->param_types[i], p), i, p);
    else if (f->param_types[i]->kind == IR_T_ARRAY)
      fprintf(out, "  wp_a.p%d = *%s;\n", i, p);
    else
      fprintf(out, "  wp_a.p%d = %s;\n", i, p);
  }
  fprintf(out, "  return wp_launch_kernel(launch, &%s, %d, &wp_a);\n}\n",
          isym(e, f, "desc"), backward);
}

/* The CPU variants (wp_emit_options.cpu_variant_*): compiled with
 * -DWP_CPU_VARIANT=<suffix>, the C exports this kernel's range functions
 * under the variant's names and nothing else; compiled as is, each range
 * function of the descriptor calls the variant of the highest level the
 * running CPU has (wp_cpu_level), else the baseline's.  Returns the names
 * of the descriptor's range functions. */
static void cpu_variants(emit_ctx *e, const ir_func *f, const char **fwd,
                         const char **bwd) {
  FILE *out = e->out;
  const wp_emit_options *o = e->opts;
  *fwd = isym(e, f, "cpu");
  *bwd = f->adjoint ? isym(e, f, "adj_cpu") : NULL;
  if (!o->n_cpu_variants)
    return;
  static const char *const sig =
      "(const void *args, const wp_launch_bounds *bounds, wp_int64 begin, "
      "wp_int64 end)";
  /* exported as <cname>_cpu__wpcpu_<tag> and <cname>_cpu_adj__wpcpu_<tag>:
     neither suffix ends the other, so no two kernels' names meet (with
     "adj_cpu", kernel k's adjoint was kernel k_adj's forward) */
  const char *kinds[2] = {"cpu", "cpu_adj"};
  const char *local[2] = {*fwd, *bwd};
  fputs("#ifdef WP_CPU_VARIANT\n", out);
  for (int b = 0; b < 2; b++)
    if (local[b])
      fprintf(out,
              "WP_CPU_EXPORT void WP_CPU_NAME(%s_%s)%s {\n"
              "  %s(args, bounds, begin, end);\n}\n",
              f->cname, kinds[b], sig, local[b]);
  fputs("#else\n", out);
  for (int b = 0; b < 2; b++) {
    if (!local[b])
      continue;
    for (int v = 0; v < o->n_cpu_variants; v++)
      fprintf(out, "WP_CPU_EXPORT void %s_%s__wpcpu_%s%s;\n", f->cname,
              kinds[b], o->cpu_variant_tags[v], sig);
    const char *pick = isym(e, f, b ? "adj_cpu_pick" : "cpu_pick");
    fprintf(out, "static void %s%s {\n  int level = wp_cpu_level();\n", pick,
            sig);
    for (int v = 0; v < o->n_cpu_variants; v++)
      fprintf(out,
              "  if (level >= %d) {\n"
              "    %s_%s__wpcpu_%s(args, bounds, begin, end);\n"
              "    return;\n  }\n",
              o->cpu_variant_levels[v], f->cname, kinds[b],
              o->cpu_variant_tags[v]);
    fprintf(out, "  %s(args, bounds, begin, end);\n}\n", local[b]);
    if (b)
      *bwd = pick;
    else
      *fwd = pick;
  }
}

void emit_kernel_cpu(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *args = isym(e, f, "args");
  args_struct(e, f);
  /* before the body: the lines after the body's last #line (the range
     function's) stay where they were, and with them clang's line table */
  bool spmd = emit_spmd_kernel(e, f);
  body(e, f, f);
  cpu_range(e, f, false, spmd);
  if (f->adjoint) {
    bool spmd_adj = emit_spmd_adj_kernel(e, f);
    body(e, f->adjoint, f);
    cpu_range(e, f, true, spmd_adj);
  }
  const char *range_fwd, *range_bwd;
  cpu_variants(e, f, &range_fwd, &range_bwd);
  const char *fatbin = e->opts->fatbin_symbol;
  int narrays = 0;
  for (int i = 0; i < f->nparams; i++)
    narrays += f->param_types[i]->kind == IR_T_ARRAY; /* an indexed array
                                                         begins with its base
                                                         wp_array */
  if (narrays) {
    fprintf(out, "static const wp_uint32 %s[] = {", isym(e, f, "arrays"));
    for (int i = 0, n = 0; i < f->nparams; i++)
      if (f->param_types[i]->kind == IR_T_ARRAY)
        fprintf(out, "%s__builtin_offsetof(%s, p%d)", n++ ? ", " : "", args, i);
    fputs("};\n", out);
  }
  /* The ABI word and the reference to the runtime's symbol of the ABI
     version (abi.h: WP_ABI_VERSION), then the fields. */
  fprintf(out,
          "static const wp_kernel_desc %s = {WP_KERNEL_DESC_ABI, "
          "&WP_ABI_SYMBOL, \"%s\", %s, ",
          isym(e, f, "desc"), f->cname, range_fwd);
  if (f->adjoint)
    fprintf(out, "%s, ", range_bwd);
  else
    fputs("0, ", out);
  fprintf(out, "sizeof(%s), ", args);
  if (fatbin) {
    fprintf(out, "%s, \"%s\", ", fatbin, wp_cuda_entry_name(f, false));
    if (f->adjoint)
      fprintf(out, "\"%s\"", wp_cuda_entry_name(f, true));
    else
      fputs("0", out);
  } else
    fputs("0, 0, 0", out);
  if (narrays)
    fprintf(out, ", %s, %d", isym(e, f, "arrays"), narrays);
  else
    fputs(", 0, 0", out);
  fputs("};\n\n", out);
  launcher(e, f, 0);
  if (f->adjoint)
    launcher(e, f, 1);
  if (emit_uses_tiles(f)) { /* wp.launch_tiled: the grid + the block */
    tiled_launcher(e, f, false);
    if (f->adjoint)
      tiled_launcher(e, f, true);
  }
  if (e->opts->n_cpu_variants)
    fputs("#endif /* WP_CPU_VARIANT */\n", out);
}
