/* lower_names.h - private to lib/lower, included by lower_internal.h (its
 * module-level names section): what a name of a module binds, across the
 * modules of a multi-file program, and calls' keyword arguments. */
#ifndef WARPC_LOWER_NAMES_H
#define WARPC_LOWER_NAMES_H

/* lower_names.c: hash tables for module-level names (see there). */
/* The last import, def and assignment of `name` in module `mod` (indices,
 * -1 for none) and where the last def and assignment start (loc.start + 1,
 * 0 for none); NULL when the module binds nothing by that name. */
typedef struct lower_name {
  int imp, def, glob;
  uint32_t def_end, glob_end;
} lower_name;
const lower_name *lower_module_name(lower_ctx *c, int mod, const char *name);
/* The indices of module `mod`'s `from m import *` imports, in file order. */
const int *lower_star_imports(lower_ctx *c, int mod, int *n);
/* What `name` denotes in module `mod` just before source offset `pos`
 * (`f1 = f` keeps the f defined above even if f is defined again below):
 * the last def or assignment of it before pos, else as lower_lookup. */
binding lower_lookup_before(lower_ctx *c, int mod, const char *name,
                            uint32_t pos);
/* lower_kernels.c: where the current module binds `name` again first
 * after source offset `from` (a def or an assignment), or NULL. */
const wp_loc *lower_rebound_at(lower_ctx *c, const char *name, uint32_t from);
/* The first module-level alias `ALIAS = name` (the last binding of ALIAS)
 * between offsets from and to, or NULL. */
const ast_global *lower_alias_between(lower_ctx *c, const char *name,
                                      uint32_t from, uint32_t to);
/* The warning for a kernel (`what` says which) left out because its name
 * is bound again at `at` with no alias before. */
void lower_rebound_warning(lower_ctx *c, wp_loc loc, const char *what,
                           const char *name, const wp_loc *at);
/* What global g is bound to: its value, or for `a, b = x, y` the item of
 * the tuple literal (y for b). */
const ast_expr *lower_global_value(const ast_global *g);
/* The first @wp.func def of `name` in module `mod` (the others follow on
 * next_same, in definition order), or NULL. */
func_info *lower_funcs_named(lower_ctx *c, int mod, const char *name);
/* The @wp.func `name` of module `mod` (the last definition), or NULL. */
func_info *lower_find_func(lower_ctx *c, int mod, const char *name);
/* The index of the last @wp.struct `name` among the structs module `mod`
 * has built so far (c->structs[mod]), or -1. */
int lower_struct_named(lower_ctx *c, int mod, const char *name);
/* Builds the @wp.struct types of module `mod` if not done yet (lower.c). */
void lower_module_structs(lower_ctx *c, int mod);

/* lower_module.c: names across the modules of a multi-file program. */
/* Makes `mod` the module names are looked up in; returns the previous. */
int lower_enter_module(lower_ctx *c, int mod);
/* The C name prefix of module `mod`'s definitions: "" for the main file,
 * else the dotted name it was imported as, e.g. "pkg_util_" (C names are
 * made unique by lower_unique_cname). */
const char *lower_module_tag(lower_ctx *c, int mod);
/* name with each '.' (a definition of a class body, Gaussian.Data) made
 * '_' for C; name itself when it has none. */
const char *lower_c_ident(lower_ctx *c, const char *name);
/* A C name not used yet by a function or struct type of the output, nor
 * by a launcher of the main file's kernels: `base` (its '.' made '_'), or
 * that with a numeric suffix; it counts as used from then on
 * (lower_names.c). */
const char *lower_unique_cname(lower_ctx *c, const char *base);
/* What `name` denotes at the top level of module `mod` (its funcs,
 * structs, imports, constants, names of its star imports). */
binding lower_lookup(lower_ctx *c, int mod, const char *name);
/* Attribute `name` of module `mod` (submodules, then lower_lookup). */
binding lower_lookup_attr(lower_ctx *c, int mod, const char *name);
/* The module-level meaning of a NAME or ATTRIBUTE chain (no locals):
 * BIND_NONE for anything else. */
binding lower_resolve(lower_ctx *c, const ast_expr *e);
/* lower_keywords.c: call e with its keyword arguments placed by the
 * parameter names of builtin b (builtin_params.def) or of the constructor
 * of type t (transform: p, q; quat: x, y, z, w or ijk, real); e itself when
 * it has none (or, for a builtin, has dtype=, which its lowering takes);
 * NULL after reporting a name it lacks, a parameter given twice or a gap.
 * The result is in the arena. */
const ast_expr *lower_builtin_keywords(lower_ctx *c, const ast_expr *e,
                                       const ir_builtin *b);
const ast_expr *lower_ctor_keywords(lower_ctx *c, const ast_expr *e,
                                    const ir_type *t);
/* The same by the parameter names `names` ("a,b,tolerance") of `name`. */
const ast_expr *lower_named_keywords(lower_ctx *c, const ast_expr *e,
                                     const char *name, const char *names);

/* `Class.name` (e an attribute) naming a @wp.func or @wp.struct defined in
 * the body of a module-level class (an enum, a host class, a vector
 * subclass): its BIND_FUNC / BIND_STRUCT binding, else BIND_NONE. */
binding lower_class_member(lower_ctx *c, const ast_expr *e);
/* Reports a BIND_MISSING / BIND_BADNAME / BIND_OTHER binding used at
 * `use` for `name` (once per import). */
void lower_report_binding(lower_ctx *c, binding b, const char *name,
                          wp_loc use);
/* The entity of a binding (globals are captured as constants into the
 * current function); ENT_ERROR when reported, or without a report for
 * BIND_NONE. */
entity lower_binding_entity(lower_ctx *c, binding b, const char *name,
                            wp_loc use);
/* The type a binding names (a struct, an alias, a warp type), or NULL
 * (not reported). */
const ir_type *lower_binding_type(lower_ctx *c, binding b);

#endif
