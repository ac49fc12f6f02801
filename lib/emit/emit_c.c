/* emit_c.c - the C emitter's driver: banner, pasted ABI and prelude, types
 * the module uses, then every function (@wp.func as static C functions,
 * kernels through the target's entry and launcher). */
#include <stdlib.h>
#include <string.h>

#include "emit_internal.h"

const wp_target wp_target_cpu = {.name = "cpu", .cuda = false};
const wp_target wp_target_cuda = {.name = "cuda", .cuda = true};

extern const struct {
  const char *name;
  const char *text;
} wp_embedded[];

const char *wp_embedded_file(const char *name) {
  for (int i = 0; wp_embedded[i].name; i++)
    if (!strcmp(wp_embedded[i].name, name))
      return wp_embedded[i].text;
  return NULL;
}

void emit_c_string(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      fprintf(out, "\\%c", ch);
    else if (ch < 0x20 || ch == 0x7f)
      fprintf(out, "\\%03o", ch);
    else
      fputc(ch, out);
  }
  fputc('"', out);
}

void emit_comment_text(FILE *out, const char *s) {
  for (; *s; s++) {
    if (s[0] == '*' && s[1] == '/')
      fputs("*\\", out); /* never close the comment */
    else if (*s == '\n' || *s == '\r')
      fputc(' ', out);
    else
      fputc(*s, out);
  }
}

static void collect_func_types(emit_ctx *e, const ir_func *f) {
  for (int i = 0; i < f->nparams; i++)
    emit_use_type(e, f->param_types[i]);
  emit_use_type(e, f->ret);
  for (int i = 0; i < f->nlocals; i++)
    emit_use_type(e, f->locals[i]);
  for (ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      emit_use_type(e, b->params[i]->type);
    for (ir_value *v = b->first; v; v = v->next) {
      emit_use_type(e, v->type);
      for (int i = 0; i < v->nargs; i++)
        emit_use_type(e, v->args[i]->type);
    }
  }
}

static void collect_types(emit_ctx *e) {
  for (ir_func *f = e->m->funcs; f; f = f->next) {
    collect_func_types(e, f);
    if (f->adjoint)
      collect_func_types(e, f->adjoint);
  }
}

/* `T v<id>;` for every value of the function that is not a parameter.
 * In backward functions, the variables the tape saves (IR_TAPE_PUSH,
 * IR_RESTORE: a value may be saved before its first assignment) start
 * zeroed; the others are assigned before every use, as in SSA code, and
 * are left uninitialised: zeroing each of thousands of variables at the
 * entry makes clang's promotion of them to registers quadratic (a store
 * in the entry block for each).  The adjoint locals start zeroed (they
 * accumulate), then the per-thread tape. */
static void declare_values(emit_ctx *e, const ir_func *f) {
  bool *taped = NULL;
  if (f->backward) {
    int n = ir_count_values(f);
    taped = wp_xcalloc((size_t)n + 1, 1);
    for (const ir_block *b = f->entry; b; b = b->next)
      for (const ir_value *v = b->first; v; v = v->next)
        if ((v->op == IR_TAPE_PUSH || v->op == IR_RESTORE) && v->nargs &&
            v->args[0]->id >= 0 && v->args[0]->id < n)
          taped[v->args[0]->id] = true;
  }
#define INIT(v) (taped && taped[(v)->id] ? " = WP_ZERO_INIT" : "")
  for (ir_block *b = f->entry; b; b = b->next) {
    for (int i = 0; i < b->nparams; i++)
      fprintf(e->out, "  %s v%d%s;\n", emit_ctype(e, b->params[i]->type),
              b->params[i]->id, INIT(b->params[i]));
    for (ir_value *v = b->first; v; v = v->next)
      if (v->type->kind != IR_T_VOID && v->op != IR_PARAM &&
          !ir_is_terminator(v) && v->op != IR_STORE) {
        fprintf(e->out, "  %s v%d%s;\n", emit_ctype(e, v->type), v->id,
                INIT(v));
        if (v->op == IR_ADDR) /* the slot whose address it is */
          fprintf(e->out, "  %s v%d_s;\n", emit_ctype(e, v->args[0]->type),
                  v->id);
        if (v->op == IR_ARRAY_LOCAL || v->op == IR_ARRAY_COPY) {
          /* the storage of wp.zeros(), and of its grad in a backward
             function */
          fprintf(e->out, "  %s v%d_s[%d];\n", emit_ctype(e, v->type->elem),
                  v->id, v->aux);
          if (f->backward)
            fprintf(e->out, "  %s v%d_g[%d];\n", emit_ctype(e, v->type->elem),
                    v->id, v->aux);
        }
      }
  }
#undef INIT
  free(taped);
  for (int i = 0; i < f->nlocals; i++)
    fprintf(e->out, "  %s wp_l%d = WP_ZERO_INIT;\n",
            emit_ctype(e, f->locals[i]), i);
  if (e->func_tape)
    fputs("  wp_int64 wp_tape_local[WP_TTAPE_LOCAL / 8];\n"
          "  wp_ttape wp_tape;\n  wp_ttape_init(&wp_tape, wp_tape_local);\n",
          e->out);
}

void emit_body(emit_ctx *e, const ir_func *f) {
  e->func_backward = f->backward;
  e->func_tape = false; /* a backward function using the per-thread tape */
  for (const ir_block *b = f->entry; b && f->backward; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      e->func_tape |= v->op == IR_TAPE_PUSH || v->op == IR_RESTORE ||
                      v->op == IR_PATH_PUSH || v->op == IR_PATH_POP;
  declare_values(e, f);
  emit_tape_begin(e, f);
  if (e->target->cuda)
    emit_tile_loop_policy(e, f);
  e->last_line = 0;
  for (ir_block *b = f->entry; b; b = b->next) {
    fprintf(e->out, "b%d:;\n", b->id);
    emit_tape_block(e, b);
    for (ir_value *v = b->first; v; v = v->next) {
      if (e->func_tape && !e->tape_reserved)
        emit_tape_reserve(e, v);
      emit_value(e, v);
    }
  }
  emit_tape_end(e);
}

static void func_signature(emit_ctx *e, const ir_func *f) {
  fprintf(e->out, "WP_FN %s %s(", emit_ctype(e, f->ret), f->cname);
  for (int i = 0; i < f->nparams; i++)
    fprintf(e->out, "%s%s v%d", i ? ", " : "", emit_ctype(e, f->param_types[i]),
            f->params[i]->id);
  if (!f->nparams)
    fputs("void", e->out);
  fputc(')', e->out);
}

/* A @wp.func_native: the snippet pasted as the body, the parameters named
 * as in Python (#line directives point at the def). */
/* With line directives, the C compiler's messages about the snippet point
 * into the Python file. */
static void snippet_line(emit_ctx *e, const ir_func *f) {
  const wp_loc *l = &f->native_loc;
  if (!e->opts->line_directives || !l->src)
    return;
  fprintf(e->out, "#line %u ", l->line);
  const char *path = wp_emit_source_name(e->opts, l->src);
  emit_c_string(e->out,
                e->target->cuda && strpbrk(path, "\"\\") ? "source.py" : path);
  fputc('\n', e->out);
}

/* A C name for a helper of f: cname + suffix, '_' appended while a
 * function has that name. */
static const char *helper_name(emit_ctx *e, const ir_func *f,
                               const char *suffix) {
  const char *bn = wp_arena_printf(e->m->arena, "%s%s", f->cname, suffix);
  for (const ir_func *g = e->m->funcs; g;)
    if (!strcmp(g->cname, bn)) {
      bn = wp_arena_printf(e->m->arena, "%s_", bn);
      g = e->m->funcs;
    } else
      g = g->next;
  return bn;
}

/* The array parameters of native f (named wpn_arr_<name>) as the snippet
 * sees them: `T *name`, the first element (lib/lower/lower_native.c). */
static void native_array_params(emit_ctx *e, const ir_func *f) {
  for (int i = 0; i < f->nparams; i++)
    if (f->param_types[i]->kind == IR_T_ARRAY) {
      const char *et = emit_ctype(e, f->param_types[i]->elem);
      fprintf(e->out, "  %s *%s = (%s *)wpn_arr_%s.data;\n", et,
              f->param_names[i], et, f->param_names[i]);
    }
}

/* A @wp.func_native with wp.ref[T] parameters: the snippet runs in a body
 * whose ref parameters are macros for pointers into the tuple the wrapper
 * returns (the result, then the refs' final values). */
static void emit_native_ref(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  const char *bn = helper_name(e, f, "_body");
  bool v = f->user_ret->kind != IR_T_VOID;
  fprintf(out, "WP_FN %s %s(", v ? emit_ctype(e, f->user_ret) : "void", bn);
  for (int i = 0; i < f->nparams; i++)
    fprintf(out, "%s%s %s%s%s", i ? ", " : "", emit_ctype(e, f->param_types[i]),
            f->param_ref[i]                         ? "*wpn_"
            : f->param_types[i]->kind == IR_T_ARRAY ? "wpn_arr_"
                                                    : "",
            f->param_names[i], "");
  fprintf(out, "%s) {\n", f->nparams ? "" : "void");
  native_array_params(e, f);
  for (int i = 0; i < f->nparams; i++)
    if (f->param_ref[i])
      fprintf(out, "#define %s (*wpn_%s)\n", f->param_names[i],
              f->param_names[i]);
  snippet_line(e, f);
  fprintf(out, "%s\n", f->native);
  for (int i = 0; i < f->nparams; i++)
    if (f->param_ref[i])
      fprintf(out, "#undef %s\n", f->param_names[i]);
  fputs("}\n", out);
  func_signature(e, f);
  fprintf(out, " {\n  %s r = WP_ZERO_INIT;\n", emit_ctype(e, f->ret));
  for (int i = 0, k = v; i < f->nparams; i++)
    if (f->param_ref[i])
      fprintf(out, "  r.m%d = v%d;\n", k++, f->params[i]->id);
  fprintf(out, "  %s%s(", v ? "r.m0 = " : "", bn);
  for (int i = 0, k = v; i < f->nparams; i++) {
    if (f->param_ref[i])
      fprintf(out, "%s&r.m%d", i ? ", " : "", k++);
    else
      fprintf(out, "%sv%d", i ? ", " : "", f->params[i]->id);
  }
  fputs(");\n  return r;\n}\n", out);
}

static void emit_native(emit_ctx *e, const ir_func *f) {
  FILE *out = e->out;
  fprintf(out, "\n/* @wp.func_native %s */\n", f->name);
  if (f->nrefs) {
    emit_native_ref(e, f);
    return;
  }
  if (!f->native_adjoint) {
    fprintf(out, "WP_FN %s %s(", emit_ctype(e, f->ret), f->cname);
    for (int i = 0; i < f->nparams; i++)
      fprintf(out, "%s%s %s%s", i ? ", " : "", emit_ctype(e, f->param_types[i]),
              f->param_types[i]->kind == IR_T_ARRAY ? "wpn_arr_" : "",
              f->param_names[i]);
    fprintf(out, "%s) {\n", f->nparams ? "" : "void");
    native_array_params(e, f);
    snippet_line(e, f);
    fprintf(out, "%s\n}\n", f->native);
    return;
  }
  /* adj_snippet: adds to adj_<param>, which are macros for pointers into
     the zeroed adjoints the wrapper returns */
  int n = f->nparams - 1;
  /* <cname>_body, '_' appended while a function has that name */
  const char *bn = helper_name(e, f, "_body");
  fprintf(out, "WP_FN void %s(", bn);
  for (int i = 0; i < n; i++)
    fprintf(out, "%s %s, %s *wpn_adj_%d, ", emit_ctype(e, f->param_types[i]),
            f->param_names[i], emit_ctype(e, f->param_types[i]), i);
  /* with wp.ref[T] parameters adj_ret is the tuple of the result's and the
     refs' adjoints: adj_<ref> starts as the adjoint of its final value */
  const ir_func *pf = f->native_primal;
  bool refs = pf && pf->nrefs, rv = refs && pf->user_ret->kind != IR_T_VOID;
  fprintf(out, "%s %s) {\n", emit_ctype(e, f->param_types[n]),
          refs ? "wpn_adj_ret" : "adj_ret");
  if (rv)
    fputs("#define adj_ret (wpn_adj_ret.m0)\n", out);
  for (int i = 0; i < n; i++)
    fprintf(out, "#define adj_%s (*wpn_adj_%d)\n", f->param_names[i], i);
  snippet_line(e, f);
  fprintf(out, "%s\n", f->native);
  for (int i = 0; i < n; i++)
    fprintf(out, "#undef adj_%s\n", f->param_names[i]);
  if (rv)
    fputs("#undef adj_ret\n", out);
  fputs("}\n", out);
  fprintf(out, "WP_FN %s %s(", emit_ctype(e, f->ret), f->cname);
  for (int i = 0; i <= n; i++)
    fprintf(out, "%s%s v%d", i ? ", " : "", emit_ctype(e, f->param_types[i]),
            i);
  fprintf(out, ") {\n  %s r = WP_ZERO_INIT;\n", emit_ctype(e, f->ret));
  for (int i = 0, k = rv; refs && i < n; i++)
    if (pf->param_ref[i])
      fprintf(out, "  r.m%d = v%d.m%d;\n", i, n, k++);
  fprintf(out, "  %s(", bn);
  for (int i = 0; i < n; i++)
    fprintf(out, "v%d, &r.m%d, ", i, i);
  fprintf(out, "v%d);\n  return r;\n}\n", n);
}

const char *wp_emit_source_name(const wp_emit_options *opts,
                                const wp_source *src) {
  if (!src)
    return "?";
  const char *name = opts && opts->source_name
                         ? opts->source_name(opts->source_name_ctx, src)
                         : NULL;
  return name ? name : src->path;
}

int wp_emit_c(FILE *out, ir_module *m, const wp_target *target,
              const wp_emit_options *opts) {
  emit_ctx e = {.out = out, .m = m, .target = target, .opts = opts};
  for (ir_func *f = m->funcs; f; f = f->next) {
    ir_renumber(f);
    if (f->adjoint)
      ir_renumber(f->adjoint);
  }
  fprintf(out, "/* Generated by warpc %s from ",
          opts->version ? opts->version : "");
  emit_comment_text(out, wp_emit_source_name(opts, m->src));
  fprintf(out, " (module %s, target %s). Do not edit. */\n", m->name,
          target->name);
  fputs(wp_embedded_file("abi.h"), out);
  for (int i = 0; wp_embedded[i].name; i++)
    if (strcmp(wp_embedded[i].name, "abi.h"))
      fputs(wp_embedded[i].text, out);
  if (!target->cuda && opts->fatbin_symbol)
    fprintf(out, "extern const unsigned char %s[];\n", opts->fatbin_symbol);
  if (!target->cuda && opts->n_cpu_variants)
    fputs("/* CPU variants (warpc --cpu): compiled with "
          "-DWP_CPU_VARIANT=<suffix>,\n"
          "   this file defines one variant's range functions and nothing "
          "else */\n"
          "#define WP_CPU_EXPORT __attribute__((visibility(\"hidden\")))\n"
          "#ifdef WP_CPU_VARIANT\n"
          "#define WP_CPU_CAT2(a, b) a##__wpcpu_##b\n"
          "#define WP_CPU_CAT(a, b) WP_CPU_CAT2(a, b)\n"
          "#define WP_CPU_NAME(n) WP_CPU_CAT(n, WP_CPU_VARIANT)\n"
          "#endif\n",
          out);
  collect_types(&e);
  emit_types(&e);
  emit_tile_scratch(&e);
  for (ir_func *f = m->funcs; f; f = f->next) {
    emit_instances(&e, f);
    if (f->adjoint)
      emit_instances(&e, f->adjoint);
  }
  /* prototypes, then bodies: funcs may be defined after their callers */
  for (ir_func *f = m->funcs; f; f = f->next)
    if (f->kind == IR_FUNC_FUNC) {
      func_signature(&e, f);
      fputs(";\n", out);
    }
  bool native = false;
  for (ir_func *f = m->funcs; f; f = f->next)
    native = native || f->native;
  if (native) /* Warp compiles snippets with <stdint.h> and <math.h> */
    fputs("\n/* for @wp.func_native snippets */\n"
          "typedef wp_int8 int8_t;\ntypedef wp_uint8 uint8_t;\n"
          "typedef wp_int16 int16_t;\ntypedef wp_uint16 uint16_t;\n"
          "typedef wp_int32 int32_t;\ntypedef wp_uint32 uint32_t;\n"
          "typedef wp_int64 int64_t;\ntypedef wp_uint64 uint64_t;\n"
          "#ifndef INFINITY\n#define INFINITY __builtin_inff()\n#endif\n"
          "#ifndef NAN\n#define NAN __builtin_nanf(\"\")\n#endif\n",
          out);
  for (ir_func *f = m->funcs; f; f = f->next) {
    if (f->native)
      emit_native(&e, f);
    else if (f->kind == IR_FUNC_FUNC) {
      fprintf(out, "\n/* @wp.func %s */\n", f->name);
      func_signature(&e, f);
      fputs(" {\n", out);
      emit_body(&e, f);
      fputs("}\n", out);
    } else if (target->cuda)
      emit_kernel_cuda(&e, f);
    else
      emit_kernel_cpu(&e, f);
  }
  return ferror(out) ? -1 : 0;
}
