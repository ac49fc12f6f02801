/* lower.c - the lowering driver: module, kernels and @wp.func definitions
 * (parameters, options, the function body), on-demand lowering of callees. */
#include <assert.h>
#include <string.h>

#include "lower_internal.h"

const ir_type *lower_struct_type(lower_ctx *c, const ast_def *d,
                                 const char *name, const char *cname) {
  int n = d->nfields;
  const ir_type **mt = WP_NEW_ARRAY(c->A, const ir_type *, n + 1);
  const char **mn = WP_NEW_ARRAY(c->A, const char *, n + 1);
  bool ok = true;
  for (int k = 0; k < n; k++) {
    const ast_field *fd = &d->fields[k];
    mn[k] = fd->name;
    if (!fd->annotation) {
      wp_error(c->diag, fd->loc, "struct field '%s' needs a type annotation",
               fd->name);
      ok = false;
      continue;
    }
    mt[k] = lower_type_expr(c, fd->annotation);
    if (!mt[k]) {
      ok = false;
      continue;
    }
    if ((mt[k]->kind != IR_T_SCALAR && mt[k]->kind != IR_T_VEC &&
         mt[k]->kind != IR_T_MAT && mt[k]->kind != IR_T_STRUCT &&
         mt[k]->kind != IR_T_ARRAY) ||
        ir_type_is_builtin_struct(mt[k])) { /* a query's state: no layout */
      wp_error(c->diag, fd->annotation->loc,
               "'%s' cannot be the type of a struct field", mt[k]->name);
      ok = false;
    }
  }
  return ok ? ir_t_struct(c->T, name, cname, mt, mn, n) : NULL;
}

/* Builds the type of each @wp.struct of module `mod` in file order (a field
 * may use the structs defined before it, and those of other modules). */
void lower_module_structs(lower_ctx *c, int mod) {
  mod_structs *ms = &c->structs[mod];
  if (ms->state)
    return;
  ms->state = 1;
  const ast_module *ast = c->prog->modules[mod];
  ms->defs = WP_NEW_ARRAY(c->A, const ast_def *, ast->ndefs + 1);
  ms->types = WP_NEW_ARRAY(c->A, const ir_type *, ast->ndefs + 1);
  int old = lower_enter_module(c, mod);
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *d = ast->defs[i];
    if (d->kind != AST_DEF_STRUCT)
      continue;
    const ir_type *t = lower_struct_type(
        c, d, d->name,
        lower_unique_cname(c,
                           wp_arena_printf(c->A, "%s_%s%s", c->m->name,
                                           lower_module_tag(c, mod), d->name)));
    /* a struct defined again under one name: its k-th def NAME_k */
    int again = 1;
    for (int k = 0; k < ms->n; k++)
      again += !strcmp(ms->defs[k]->name, d->name);
    const char *suffix = again > 1 ? wp_arena_printf(c->A, "_%d", again) : "";
    if (t) /* one C type for the struct in every header that uses it */
      ((ir_type *)t)->shared = lower_c_ident(
          c, mod == 0
                 ? wp_arena_printf(c->A, "%s_%s%s", c->m->name, d->name, suffix)
                 : wp_arena_printf(c->A, "%s%s%s", lower_module_tag(c, mod),
                                   d->name, suffix));
    ms->defs[ms->n] = d;
    ms->types[ms->n++] = t;
  }
  lower_enter_module(c, old);
  ms->state = 2;
}

void lower_enter_func(lower_ctx *c, lower_frame *fs, ir_func *f) {
  *fs = (lower_frame){.parent = c->fs, .f = f};
  fs->cur = ir_block_new(f);
  fs->cur->sealed = true;
  c->fs = fs;
}

void lower_leave_func(lower_ctx *c, lower_frame *fs) {
  assert(c->fs == fs && fs->parent);
  c->fs = fs->parent;
}

static bool params(lower_ctx *c, const ast_def *d, ir_func *f,
                   const ir_type **given) {
  const char *what = f->kind == IR_FUNC_KERNEL ? "kernel" : "function";
  bool ok = true;
  f->nparams = d->nparams;
  f->param_types = WP_NEW_ARRAY(c->A, const ir_type *, d->nparams);
  f->param_names = WP_NEW_ARRAY(c->A, const char *, d->nparams);
  f->param_locs = WP_NEW_ARRAY(c->A, wp_loc, d->nparams);
  f->params = WP_NEW_ARRAY(c->A, ir_value *, d->nparams);
  f->param_ref = WP_NEW_ARRAY(c->A, bool, d->nparams + 1);
  for (int i = 0; i < d->nparams; i++) {
    const ast_param *p = &d->params[i];
    f->param_names[i] = p->name;
    f->param_locs[i] = p->loc;
    if (p->star) {
      wp_error(c->diag, p->loc,
               "*args and **kwargs are not supported in Warp %ss", what);
      ok = false;
      continue;
    }
    if (!p->annotation) {
      wp_error(c->diag, p->loc,
               "parameter '%s' of %s '%s' needs a type annotation", p->name,
               what, d->name);
      ok = false;
      continue;
    }
    const ast_expr *ann = p->annotation;
    const ast_expr *inner = lower_ref_annotation(c, ann);
    if (inner && f->kind != IR_FUNC_FUNC) {
      wp_error(c->diag, ann->loc,
               "wp.ref[T] parameters are only supported in @wp.func and "
               "@wp.func_native functions");
      ok = false;
      continue;
    }
    if (inner) {
      f->param_ref[i] = true;
      f->nrefs++;
      ann = inner;
    }
    const ir_type *t = given ? given[i] : lower_type_expr(c, ann);
    if (!t) { /* reported; its uses are not reported again */
      int var = lower_var_index(c, p->name, true);
      c->fs->var_types[var] = ir_t_void(c->T);
      ok = false;
      continue;
    }
    if (f->kind == IR_FUNC_KERNEL && ir_type_is_builtin_struct(t)) {
      wp_error(c->diag, ann->loc,
               "a kernel parameter cannot be a '%s' (a query's state lives "
               "in one thread); pass the object's id, a wp.uint64",
               t->name);
      ok = false;
      continue;
    }
    f->param_types[i] = t;
    if (!inner && d->kind != AST_DEF_OTHER_WARP &&
        lower_tile_is_ref_param(f, t)) { /* by reference: lower_tile_func.c */
      f->param_ref[i] = true;
      f->nrefs++;
    }
    if (given && lower_fn_type_entity(c, t))
      continue; /* a wp.Function parameter (lower_fn_params) */
    ir_value *v = ir_append(f->entry, IR_PARAM, t, NULL, 0, p->loc);
    v->aux = i;
    v->name = p->name;
    f->params[i] = v;
    int var = lower_var_index(c, p->name, true);
    c->fs->var_types[var] = t;
    lower_write_var(c, var, f->entry, v);
  }
  return ok;
}

static bool bool_option(lower_ctx *c, const ast_keyword *k, bool *out) {
  if (k->value->kind != AST_EXPR_BOOL) {
    wp_error(c->diag, k->value->loc, "'%s' must be True or False", k->name);
    return false;
  }
  *out = k->value->bool_value;
  return true;
}

static bool int_option(lower_ctx *c, const ast_keyword *k, int *out) {
  if (k->value->kind != AST_EXPR_INT || k->value->int_value > 1u << 20) {
    wp_error(c->diag, k->value->loc, "'%s' must be a non-negative integer",
             k->name);
    return false;
  }
  *out = (int)k->value->int_value;
  return true;
}

/* One module option, of wp.set_module_options() (`shared`: warp-lang keeps
 * any key there, so an unknown one is a warning) or of a kernel's
 * module_options= (an unknown key is an error): enable_backward and
 * max_unroll into *backward and *max_unroll; the others of warp-lang 1.19
 * warned about as having no effect. */
static void module_option(lower_ctx *c, const ast_keyword *o, bool shared,
                          bool *backward, int *max_unroll) {
  static const char *const known[] = {"block_dim",
                                      "compile_time_trace",
                                      "cpu_compiler_flags",
                                      "cuda_output",
                                      "default_grid_stride",
                                      "deterministic",
                                      "deterministic_max_records",
                                      "enable_mathdx_fft",
                                      "enable_mathdx_gemm",
                                      "enable_mathdx_solver",
                                      "extra_build_options",
                                      "fast_math",
                                      "fuse_fp",
                                      "lineinfo",
                                      "mode",
                                      "optimization_level",
                                      "strip_hash"};
  if (!strcmp(o->name, "enable_backward")) {
    bool on = true;
    if (bool_option(c, o, &on))
      *backward = on;
    return;
  }
  if (!strcmp(o->name, "max_unroll")) {
    int_option(c, o, max_unroll);
    return;
  }
  bool found = false;
  for (size_t j = 0; j < sizeof known / sizeof *known; j++)
    found |= !strcmp(o->name, known[j]);
  if (!shared && !strcmp(o->name, "block_dim"))
    wp_warning(c->diag, WP_W_IGNORED_OPTION, o->loc,
               "a kernel's module option 'block_dim' has no effect in warpc: "
               "the CUDA block width of wp.tile(x) and wp.untile(t) is the "
               "module's (warpc --block-dim N, else "
               "wp.set_module_options({\"block_dim\": N}), else 256)");
  else if (found)
    wp_warning(c->diag, WP_W_IGNORED_OPTION, o->loc,
               "module option '%s' has no effect in warpc (it applies only "
               "'enable_backward' and 'max_unroll')",
               o->name);
  else if (shared)
    wp_warning(c->diag, WP_W_UNKNOWN_MODULE_OPTION, o->loc,
               "unknown module option '%s' (warp-lang 1.19 keeps it and "
               "does nothing with it)",
               o->name);
  else
    wp_error(c->diag, o->loc, "unknown module option '%s'", o->name);
}

/* wp.set_module_options({"enable_backward": False, "max_unroll": N}) at
 * module level: the defaults of the file's kernels (the last call wins, as
 * Warp applies them when the module is built). */
static void module_options(lower_ctx *c) {
  c->module_backward = c->opts->enable_backward;
  c->module_max_unroll = 16;
  for (int i = 0; i < c->ast->ncalls; i++) {
    const ast_expr *call = c->ast->calls[i];
    const char *p = lower_warp_path(c, call->value);
    if (!p || strcmp(p, "set_module_options"))
      continue;
    for (int k = 0; k < call->nkeywords; k++) {
      const ast_keyword *o = &call->keywords[k];
      if (!strcmp(o->name, "block_dim")) { /* the CUDA block size */
        /* a literal or a module constant (BLOCK = 64, wp.constant(64),
           32 * 2): warp-lang runs the call as Python */
        int errors = c->diag->errors;
        int64_t n = -1;
        if (o->value->kind == AST_EXPR_INT)
          n = o->value->int_value > IR_MAX_BLOCK_DIM
                  ? -1
                  : (int64_t)o->value->int_value;
        else if (o->value->kind != AST_EXPR_BOOL &&
                 !lower_const_int_expr(c, o->value, &n))
          n = -1;
        if (c->diag->errors != errors)
          continue; /* the constant's own error */
        if (n < 1 || n > IR_MAX_BLOCK_DIM)
          wp_error(c->diag, o->value->loc,
                   "'block_dim' must be an integer from 1 to %d",
                   IR_MAX_BLOCK_DIM);
        else
          c->module_block_dim = (int)n, c->module_block_dim_loc = o->loc;
        continue;
      }
      bool on = c->module_backward;
      module_option(c, &call->keywords[k], true, &on, &c->module_max_unroll);
      c->module_backward = on && c->opts->enable_backward;
    }
  }
}

/* A positive integer option value (at most max) into *out. */
static bool pos_int(lower_ctx *c, const char *what, const ast_expr *v, int max,
                    int *out) {
  if (v->kind != AST_EXPR_INT || v->int_value < 1 ||
      v->int_value > (unsigned)max) {
    wp_error(c->diag, v->loc, "'%s' must be an integer from 1 to %d", what,
             max);
    return false;
  }
  *out = (int)v->int_value;
  return true;
}

/* launch_bounds=N or (N,) or (N, min_blocks), a tuple or a list. */
static void launch_bounds(lower_ctx *c, const ast_keyword *k, ir_func *f) {
  const ast_expr *v = k->value;
  if (v->kind == AST_EXPR_INT) {
    pos_int(c, "launch_bounds", v, 1 << 20, &f->options.launch_bounds);
    return;
  }
  if ((v->kind == AST_EXPR_TUPLE ||
       (v->kind == AST_EXPR_UNSUPPORTED && !strcmp(v->name, "list"))) &&
      (v->nitems == 1 || v->nitems == 2)) {
    if (pos_int(c, "launch_bounds", v->items[0], 1 << 20,
                &f->options.launch_bounds) &&
        v->nitems == 2)
      pos_int(c, "launch_bounds", v->items[1], 1 << 20,
              &f->options.launch_min_blocks);
    return;
  }
  wp_error(c->diag, v->loc,
           "'launch_bounds' must be an int or a tuple of 1 or 2 ints "
           "(max threads per block, min blocks per multiprocessor)");
}

/* module_options={...} (with module="unique", as Warp requires): the
 * options warpc applies per kernel; the others are reported as having no
 * effect (or unknown to Warp). */
static void kernel_module_options(lower_ctx *c, const ast_keyword *k,
                                  bool unique, ir_func *f) {
  const ast_expr *v = k->value;
  if (v->kind != AST_EXPR_UNSUPPORTED || strcmp(v->name, "dict")) {
    wp_error(c->diag, v->loc, "'module_options' must be a dict literal");
    return;
  }
  if (!unique) {
    wp_error(c->diag, k->loc,
             "module_options requires module=\"unique\"; use "
             "wp.set_module_options() for the options of a shared module");
    return;
  }
  for (int i = 0; i + 1 < v->nitems; i += 2) {
    if (v->items[i]->kind != AST_EXPR_STRING) {
      wp_error(c->diag, v->items[i]->loc,
               "the keys of 'module_options' must be strings");
      continue;
    }
    const ast_keyword opt = {.name = v->items[i]->string,
                             .value = v->items[i + 1],
                             .loc = v->items[i]->loc};
    module_option(c, &opt, false, &f->options.enable_backward,
                  &f->options.max_unroll);
  }
}

/* @wp.kernel(enable_backward=..., launch_bounds=..., ...): the keywords of
 * warp-lang 1.19's decorator; the CUDA attributes reach the CUDA entry
 * points, and the CPU ignores them as Warp does. */
static void kernel_options(lower_ctx *c, const ast_def *d, ir_func *f) {
  f->options.enable_backward = c->module_backward;
  f->options.max_unroll = c->module_max_unroll;
  const ast_expr *dec = d->decorator;
  if (!dec || dec->kind != AST_EXPR_CALL)
    return;
  bool unique = false;
  const ast_keyword *lb = NULL, *mreg = NULL, *mopts = NULL;
  /* warp.fem's @fem.cache.dynamic_kernel(suffix, kernel_options,
     allow_overloads) */
  const ast_expr *callee = dec->value;
  bool dynamic = (callee->kind == AST_EXPR_ATTRIBUTE &&
                  !strcmp(callee->name, "dynamic_kernel")) ||
                 (callee->kind == AST_EXPR_NAME &&
                  !strcmp(callee->name, "dynamic_kernel"));
  for (int i = 0; i < dec->nkeywords; i++) {
    const ast_keyword *k = &dec->keywords[i];
    if (!strcmp(k->name, "module"))
      unique = k->value->kind == AST_EXPR_STRING &&
               !strcmp(k->value->string, "unique");
  }
  for (int i = 0; i < dec->nkeywords; i++) {
    const ast_keyword *k = &dec->keywords[i];
    const ast_expr *v = k->value;
    if (strcmp(k->name, "enable_backward") == 0)
      bool_option(c, k, &f->options.enable_backward);
    else if (strcmp(k->name, "max_unroll") == 0)
      int_option(c, k, &f->options.max_unroll);
    else if (strcmp(k->name, "launch_bounds") == 0) {
      if (v->kind != AST_EXPR_NONE)
        launch_bounds(c, k, f), lb = k;
    } else if (strcmp(k->name, "cuda_max_registers") == 0) {
      if (v->kind != AST_EXPR_NONE)
        pos_int(c, k->name, v, 1 << 16, &f->options.max_registers), mreg = k;
    } else if (strcmp(k->name, "cluster_dim") == 0) {
      if (v->kind != AST_EXPR_NONE)
        pos_int(c, k->name, v, 16, &f->options.cluster_dim);
    } else if (strcmp(k->name, "enable_cuda_smem_spilling") == 0) {
      if (v->kind != AST_EXPR_NONE)
        bool_option(c, k, &f->options.smem_spilling);
    } else if (strcmp(k->name, "grid_stride") == 0) {
      bool on = true;
      if (v->kind != AST_EXPR_NONE && bool_option(c, k, &on) && !on)
        wp_warning(c->diag, WP_W_IGNORED_OPTION, v->loc,
                   "grid_stride=False is not implemented by warpc: the "
                   "kernel keeps its grid-stride loop (same results)");
    } else if (strcmp(k->name, "entry_point_abi") == 0) {
      if (v->kind != AST_EXPR_NONE &&
          (v->kind != AST_EXPR_STRING || strcmp(v->string, "warp")))
        wp_error(c->diag, v->loc,
                 "warpc implements only entry_point_abi=\"warp\" (the "
                 "regular launch signature)");
    } else if (strcmp(k->name, "module_options") == 0) {
      if (v->kind != AST_EXPR_NONE)
        mopts = k;
    } else if (dynamic && (!strcmp(k->name, "suffix") ||
                           !strcmp(k->name, "allow_overloads"))) {
      /* the cache key of warp.fem: no effect on the code */
    } else if (dynamic && !strcmp(k->name, "kernel_options")) {
      if (v->kind != AST_EXPR_NONE)
        wp_warning(c->diag, WP_W_IGNORED_OPTION, v->loc,
                   "warpc does not apply dynamic_kernel's kernel_options; "
                   "give them as @wp.kernel(...) options");
    } else if (strcmp(k->name, "name") && strcmp(k->name, "module"))
      wp_error(c->diag, k->loc,
               "@wp.kernel() has no option '%s' (warp-lang 1.19 takes "
               "enable_backward, launch_bounds, cuda_max_registers, "
               "enable_cuda_smem_spilling, cluster_dim, module, "
               "module_options, entry_point_abi, grid_stride and name)",
               k->name);
  }
  if (lb && mreg)
    wp_error(c->diag, mreg->loc,
             "cuda_max_registers and launch_bounds cannot be specified "
             "together");
  if (mopts)
    kernel_module_options(c, mopts, unique, f);
  /* --no-adjoint wins over everything in the file */
  f->options.enable_backward &= c->opts->enable_backward;
}

/* The return of a @wp.func_grad function: the tuple of the wp.adjoint[]
 * variables, one per parameter of the primal func. */
void lower_grad_return(lower_ctx *c, wp_loc loc) {
  ir_func *f = c->fs->grad_target;
  ir_value **adj = WP_NEW_ARRAY(c->A, ir_value *, f->nparams + 1);
  for (int i = 0; i < f->nparams; i++) {
    const char *name =
        wp_arena_printf(c->A, "$adj_%s", c->fs->f->param_names[i]);
    int var = lower_var_index(c, name, false);
    adj[i] = var >= 0 ? lower_read_var(c, var, c->fs->cur) : NULL;
    if (!adj[i])
      adj[i] = lower_zero(c, f->param_types[i]);
  }
  ir_value *t = lower_emit(c, IR_COMPOSE, c->fs->f->ret, adj, f->nparams, loc);
  lower_emit(c, IR_RET, c->fs->f->ret, &t, 1, loc);
  c->fs->cur = NULL;
}

/* Is block b reachable from the function's entry?  (A block whose
 * predecessors are all unreachable is not: the join of an if whose arms all
 * return, nested in another if.)  A backward walk over the predecessors,
 * each block visited once. */
static bool reachable(lower_ctx *c, ir_func *f, ir_block *b) {
  int n = 0;
  for (ir_block *k = f->entry; k; k = k->next)
    n = k->id >= n ? k->id + 1 : n;
  if (b->id >= n)
    n = b->id + 1;
  bool *seen = WP_NEW_ARRAY(c->A, bool, n);
  ir_block **stack = WP_NEW_ARRAY(c->A, ir_block *, n);
  int top = 0;
  stack[top++] = b;
  seen[b->id] = true;
  while (top) {
    ir_block *k = stack[--top];
    if (k == f->entry)
      return true;
    for (int i = 0; i < k->npreds; i++)
      if (k->preds[i]->id < n && !seen[k->preds[i]->id]) {
        seen[k->preds[i]->id] = true;
        stack[top++] = k->preds[i];
      }
  }
  return false;
}

static void body(lower_ctx *c, const ast_def *d, ir_func *f) {
  int errors = c->diag->errors;
  c->fs->cur = f->entry;
  lower_block(c, &d->body);
  if (c->fs->cur && c->fs->grad_target)
    lower_grad_return(c, d->loc);
  if (c->fs->cur) { /* falling off the end */
    if (f->nrefs && f->ret->kind == IR_T_VOID) {
      ir_value *t = lower_ref_pack(c, NULL, d->loc);
      lower_emit(c, IR_RET, t->type, &t, 1, d->loc);
    } else if (f->ret->kind == IR_T_VOID || f->kind == IR_FUNC_KERNEL)
      lower_emit(c, IR_RET, ir_t_void(c->T), NULL, 0, d->loc);
    else {
      /* warp-lang returns the zero value there (`return {};`) for one
         value; for several the C++ it makes leaves the result undefined */
      if (c->diag->errors == errors && reachable(c, f, c->fs->cur)) {
        if (f->ret->kind == IR_T_TUPLE)
          wp_error(c->diag, d->loc,
                   "'%s' can reach its end without returning a value (it "
                   "returns '%s')",
                   d->name, f->ret->name);
        else
          wp_warning(c->diag, WP_W_RETURN_TYPE, d->loc,
                     "'%s' can reach its end without returning a value: there "
                     "it returns the zero value of '%s', as in warp-lang",
                     d->name, f->ret->name);
      }
      ir_value *z = lower_zero(c, f->ret);
      if (f->nrefs)
        z = lower_ref_pack(c, z, d->loc);
      lower_emit(c, IR_RET, z->type, &z, 1, d->loc);
    }
    c->fs->cur = NULL;
  }
  lower_fixed_escape(c, f->ret, d->loc);
}

/* The C name of a func of the current module. */
static const char *func_cname(lower_ctx *c, const char *name) {
  return lower_unique_cname(
      c, wp_arena_printf(c->A, "wpf_%s%s", lower_module_tag(c, c->mod), name));
}

/* `cname` NULL: the default name (MODULE_NAME for a kernel, wpf_<module
 * tag>NAME for a func); a func's name is made unique in the output. */
static ir_func *lower_def(lower_ctx *c, const ast_def *d, ir_func_kind kind,
                          const ir_type **given, const char *cname) {
  if (kind == IR_FUNC_KERNEL && !cname)
    cname = wp_arena_printf(c->A, "%s_%s", c->m->name, d->name);
  else if (kind != IR_FUNC_KERNEL)
    cname = cname ? lower_unique_cname(c, cname) : func_cname(c, d->name);
  ir_func *f = ir_func_new(c->m, kind, d->name);
  f->loc = d->loc;
  f->cname = cname;
  lower_frame fs;
  lower_enter_func(c, &fs, f);
  if (kind == IR_FUNC_KERNEL)
    kernel_options(c, d, f);
  int errors = c->diag->errors;
  params(c, d, f, given);
  lower_fn_params(c, f, given);
  if (kind == IR_FUNC_FUNC && d->returns &&
      !lower_type_is_generic(c, d->returns)) {
    const ir_type *rt = NULL;
    if (d->returns->kind != AST_EXPR_NONE)
      rt = lower_type_expr(c, d->returns);
    else
      rt = ir_t_void(c->T);
    if (rt) {
      f->ret = rt;
      c->fs->ret_known = c->fs->ret_declared = true;
    }
  }
  if (kind == IR_FUNC_KERNEL && d->returns && d->returns->kind != AST_EXPR_NONE)
    wp_error(c->diag, d->returns->loc,
             "kernels cannot return a value: Warp kernels cannot return "
             "values. Write results to output arguments, and omit the "
             "return annotation or use `-> None`.");
  if (c->diag->errors == errors && d->kind == AST_DEF_OTHER_WARP) {
    /* @wp.func_native: the body returns zero; the emitter pastes the
       snippet instead */
    if (lower_native(c, d, f)) {
      bool v = f->ret->kind == IR_T_VOID;
      ir_value *z = v ? NULL : lower_zero(c, f->ret);
      lower_emit(c, IR_RET, f->ret, &z, !v, d->loc);
    }
  } else if (c->diag->errors == errors) {
    body(c, d, f);
    if (f->nrefs)
      lower_ref_finish(c, f);
  }
  lower_leave_func(c, &fs);
  return c->diag->errors == errors ? f : NULL;
}

/* The @wp.func_grad `d` of func f as g, in g's frame: parameters (f's,
 * then the adjoint of f's result), `wp.adjoint[x]` variables starting at
 * zero, and returns that give their tuple; false when reported. */
static bool custom_grad_body(lower_ctx *c, const ast_def *d, ir_func *f,
                             ir_func *g) {
  int errors = c->diag->errors;
  params(c, d, g, NULL);
  if (c->diag->errors != errors)
    return false;
  /* a func with wp.ref[T] parameters: the rule takes the adjoint of the
     declared result; its own ref parameters are plain values (what it
     writes to them goes nowhere) */
  const ir_type *ret = f->nrefs && f->user_ret ? f->user_ret : f->ret;
  for (int i = 0; i < g->nparams; i++)
    g->param_ref[i] = false;
  g->nrefs = 0;
  bool ok = g->nparams == f->nparams + 1;
  for (int i = 0; ok && i < f->nparams; i++)
    ok = g->param_types[i] == f->param_types[i];
  if (!ok || g->param_types[g->nparams - 1] != ret) {
    wp_error(c->diag, d->loc,
             "@wp.func_grad '%s' must take the parameters of '%s' followed by "
             "the adjoint of its result ('%s')",
             d->name, f->name, ret->name);
    return false;
  }
  for (int i = 0; i < f->nparams; i++) {
    int var = lower_var_index(
        c, wp_arena_printf(c->A, "$adj_%s", d->params[i].name), true);
    c->fs->var_types[var] = f->param_types[i];
    ir_value *z = NULL;
    if (ir_type_is_indexed(f->param_types[i])) {
      wp_error(c->diag, d->loc,
               "warpc does not support a @wp.func_grad for '%s', which takes "
               "an indexed array ('%s')",
               f->name, d->params[i].name);
      return false;
    }
    if (f->param_types[i]->kind == IR_T_ARRAY) { /* the param's grad */
      int pv = lower_var_index(c, d->params[i].name, false);
      ir_value *p = pv >= 0 ? lower_read_var(c, pv, g->entry) : NULL;
      c->fs->cur = g->entry;
      if (p)
        z = lower_emit(c, IR_ARRAY_GRAD, p->type, &p, 1, d->loc);
    }
    lower_write_var(c, var, g->entry, z ? z : lower_zero(c, f->param_types[i]));
  }
  g->ret = ir_t_tuple(c->T, f->param_types, f->nparams);
  c->fs->ret_known = c->fs->ret_declared = true;
  c->fs->grad_target = f;
  body(c, d, g);
  return c->diag->errors == errors;
}

/* Lowers the @wp.func_grad of func f (see custom_grad_body). */
static ir_func *lower_custom_grad(lower_ctx *c, const ast_def *d, ir_func *f) {
  /* wpg_<the func's C name>: two overloads' rules may share a name */
  const char *cname =
      lower_unique_cname(c, wp_arena_printf(c->A, "wpg_%s", f->cname));
  ir_func *g = ir_func_new(c->m, IR_FUNC_FUNC, d->name);
  g->loc = d->loc;
  g->cname = cname;
  lower_frame fs;
  lower_enter_func(c, &fs, g);
  bool ok = custom_grad_body(c, d, f, g);
  lower_leave_func(c, &fs);
  return ok ? g : NULL;
}

ir_func *lower_func_def(lower_ctx *c, func_info *fi) {
  if (fi->ir || fi->failed)
    return fi->ir;
  fi->in_progress = true;
  lower_module_structs(c, fi->module); /* their errors are not fi's */
  /* fi's module, and its closure if a factory made it: a module-level func
     sees no factory's parameters */
  clo_scope cs = lower_enter_def(c, fi);
  fi->ir = lower_def(c, fi->def, IR_FUNC_FUNC, NULL, fi->cname);
  /* the primal is complete: its @wp.func_grad may call it (Warp's rules
     often recompute the primal's value) */
  fi->in_progress = false;
  if (fi->ir && fi->grad_def) {
    fi->ir->custom_grad = lower_custom_grad(c, fi->grad_def, fi->ir);
    fi->failed = !fi->ir->custom_grad;
    if (fi->failed)
      fi->ir = NULL;
  }
  lower_leave_def(c, cs);
  fi->in_progress = false;
  fi->failed = !fi->ir;
  return fi->ir;
}

ir_func *lower_def_as(lower_ctx *c, const ast_def *d, ir_func_kind kind,
                      const ir_type **types, const char *cname) {
  return lower_def(c, d, kind, types, cname);
}

ir_func *lower_func_instance(lower_ctx *c, const func_info *fi,
                             const ir_type **types, const char *cname) {
  lower_module_structs(c, fi->module);
  clo_scope cs = lower_enter_def(c, fi);
  ir_func *f = lower_def_as(c, fi->def, IR_FUNC_FUNC, types, cname);
  lower_leave_def(c, cs);
  return f;
}

/* @wp.func_grad(f): the custom adjoint of func f of the same module. */
static void custom_grads(lower_ctx *c, int mod) {
  const ast_module *ast = c->prog->modules[mod];
  int old = lower_enter_module(c, mod);
  for (int i = 0; i < ast->ndefs; i++) {
    const ast_def *d = ast->defs[i];
    if (d->kind == AST_DEF_OTHER_WARP &&
        !strcmp(d->decorator_name, "func_grad"))
      lower_attach_grad(c, mod, d);
  }
  lower_enter_module(c, old);
}

ir_module *wp_lower_program(const ast_program *prog,
                            const wp_lower_options *opts, wp_arena *arena,
                            wp_diag *diag) {
  const ast_module *ast = prog->modules[0];
  lower_frame top = {0}; /* module level: no function */
  lower_ctx c = {.A = arena,
                 .diag = diag,
                 .ast = ast,
                 .prog = prog,
                 .opts = opts,
                 .fs = &top};
  c.m = ir_module_new(arena, opts->module_name, ast->src);
  c.T = c.m->types;
  int ndefs = 0;
  for (int k = 0; k < prog->nmodules; k++)
    ndefs += prog->modules[k]->ndefs;
  c.funcs = WP_NEW_ARRAY(arena, func_info, ndefs + 1);
  for (int k = 0; k < prog->nmodules; k++)
    for (int i = 0; i < prog->modules[k]->ndefs; i++)
      if (prog->modules[k]->defs[i]->kind == AST_DEF_FUNC ||
          (prog->modules[k]->defs[i]->kind == AST_DEF_OTHER_WARP &&
           !strcmp(prog->modules[k]->defs[i]->decorator_name, "func_native"))) {
        c.funcs[c.nfuncs].module = k;
        c.funcs[c.nfuncs++].def = prog->modules[k]->defs[i];
      }
  c.structs = WP_NEW_ARRAY(arena, mod_structs, prog->nmodules);
  c.factories = WP_NEW_ARRAY(arena, mod_factories, prog->nmodules);
  int errors = diag->errors;
  module_options(&c);
  int before = diag->errors;
  lower_module_structs(&c, 0);
  if (opts->keep_going) /* a struct with errors: its users are left out */
    c.left_out_errors += diag->errors - before;
  for (int k = 0; k < prog->nmodules; k++)
    custom_grads(&c, k);
  lower_kernels(&c);
  c.m->block_dim = opts->block_dim      ? opts->block_dim
                   : c.module_block_dim ? c.module_block_dim
                                        : 256;
  if (c.module_block_dim && !c.m->block_width)
    wp_warning(diag, WP_W_IGNORED_OPTION, c.module_block_dim_loc,
               "module option 'block_dim' has no effect in warpc here: no "
               "kernel uses wp.tile(x) or wp.untile(t), whose CUDA block it "
               "sets (a launch's block_dim is launch->block_dim)");
  /* funcs no kernel calls are not compiled, as in Warp; kernels of imported
     modules neither (they belong to those modules) */
  return diag->errors - c.left_out_errors == errors ? c.m : NULL;
}

ir_module *wp_lower(const ast_module *ast, const wp_lower_options *opts,
                    wp_arena *arena, wp_diag *diag) {
  ast_module *mods[1] = {(ast_module *)ast};
  ast_program prog = {.modules = mods, .nmodules = 1};
  return wp_lower_program(&prog, opts, arena, diag);
}
