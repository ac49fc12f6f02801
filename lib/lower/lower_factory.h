/* lower_factory.h - private to lib/lower (included by lower_internal.h):
 * factories, their closures and the scopes of the definitions they make
 * (lower_factory.c), running a factory's body at compile time
 * (lower_factory_body.c). */
#ifndef WARPC_LOWER_FACTORY_H
#define WARPC_LOWER_FACTORY_H

/* lower_factory.c: factories and the scopes of their definitions. */
typedef struct clo_scope {
  factory_closure *clo;
  int n, mod;
  uint32_t lookup_pos;
} clo_scope;
/* Makes the first n entries of `clo` and its definitions visible, in the
 * factory's module (n < 0: none of them, in the module of the call, as
 * for a parameter's argument; clo NULL: no closure, same module); returns
 * what to restore with lower_clo_leave. */
clo_scope lower_clo_enter(lower_ctx *c, factory_closure *clo, int n);
/* The scope of a parameter's default value (see factory_closure.scope). */
#define CLO_DEFAULT (-2)
/* The globals visible when evaluating an entry of scope n of clo (an index
 * into the module's globals, lower_cv_eval's limit). */
static inline int lower_clo_limit(const factory_closure *clo, int n) {
  return n == CLO_DEFAULT ? clo->default_limit
         : n < 0          ? clo->limit
                          : clo->def_limit;
}
void lower_clo_leave(lower_ctx *c, clo_scope s);
/* Enters the scope of func fi's definition: its module and its closure
 * (none for a module-level func: factory parameters are not seen there). */
clo_scope lower_enter_def(lower_ctx *c, const func_info *fi);
void lower_leave_def(lower_ctx *c, clo_scope s);
/* The expression a captured name is bound to, or NULL; *scope: the
 * closure entries its evaluation sees (pass to lower_clo_enter). */
const ast_expr *lower_closure_value(lower_ctx *c, const char *name, int *scope);
/* The factory call global `gi` of module `mod` holds, or NULL (errors in
 * binding its arguments reported once). */
factory_closure *lower_factory_at(lower_ctx *c, int mod, int gi);
/* Whether global `gi` of module `mod` is a factory call whose arguments
 * did not fit (reported once). */
bool lower_factory_failed(lower_ctx *c, int mod, int gi);
/* A global NAME = factory(...) of module `mod` returning a func / struct:
 * *b becomes BIND_FUNC (the func bound to its closure) / BIND_STRUCT (the
 * struct type NAME); false when the global is not such a call. */
bool lower_factory_binding(lower_ctx *c, int mod, int gi, binding *b);
/* A @wp.func / @wp.struct of the closure in scope named `name`: *b
 * becomes its binding; false when there is none. */
bool lower_closure_binding(lower_ctx *c, const char *name, binding *b);
/* The C name part of the definitions made by closure `clo`: the module
 * tag of the call and the name the call is assigned to. */
const char *lower_closure_tag(lower_ctx *c, const factory_closure *clo);

/* lower_factory_body.c: a factory's body run at compile time. */
/* Whether block b defines a @wp.kernel, @wp.func or @wp.struct (at its top
 * level or under an `if`): a def a factory may return. */
bool lower_makes_defs(const ast_block *b);
/* A closure for a call of fd with np parameters, its arrays sized for the
 * entries and defs fd's body can add; the caller sets the call fields. */
factory_closure *lower_new_closure(lower_ctx *c, const ast_def *fd, int np);
/* Binds the parameters of clo's factory (of module fmod) to the arguments
 * of clo->call (defaults of a @staticmethod read from its class body);
 * false when they do not fit (reported). */
bool lower_bind_params(lower_ctx *c, factory_closure *clo, int fmod);
/* Runs fd's body for clo (see the file's comment): adds its entries, funcs
 * and structs, sets clo->defs; returns the return statement reached (its
 * value an unknown when a return may have been passed), or NULL. */
const ast_stmt *lower_walk_body(lower_ctx *c, factory_closure *clo,
                                const ast_def *fd);

/* What `e` denotes when it is made by factory calls: a call of a factory
 * returning a @wp.func or @wp.struct (`make(2.0)`, `wp.static(make(f))`), a
 * tuple item of what one returns (`a, b = make_pair()`), an attribute the
 * factory sets on the func it returns (`make(f).core`), or a closure entry
 * bound to one of these; BIND_NONE otherwise. */
binding lower_factory_result(lower_ctx *c, const ast_expr *e);
/* As lower_resolve, a name bound by the closure in scope (a factory's
 * parameter or local) seen through to what its value denotes. */
binding lower_resolve_value(lower_ctx *c, const ast_expr *e);
/* Whether global gi of the current module is a factory call making kernel
 * d: `k = make()` returning it, or `f, k = make()` naming it. */
bool lower_factory_makes(lower_ctx *c, int gi, const ast_def *d);
/* `NAME = factory(...)` of the main file returning a kernel: that kernel,
 * compiled as NAME. */
void lower_factory_kernel(lower_ctx *c, int gi);
/* The closure of plain def `fd` of the current module for the kernels
 * nested in it: no parameters, its top-level local assignments (computed
 * when used, seeing every global of the module) and its @wp.func and
 * @wp.struct defs. */
factory_closure *lower_local_closure(lower_ctx *c, const ast_def *fd);

#endif
