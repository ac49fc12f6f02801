/* lower.h - the AST -> IR stage: name resolution, type inference with
 * Warp's rules, overloads, generics, factories, module constants and
 * multi-file programs.  It turns a parsed module (lib/parse) into an IR
 * module (lib/ir); everything it allocates lives in the caller's arena. */
#ifndef WARPC_LOWER_H
#define WARPC_LOWER_H

#include <stdbool.h>

#include "../ir/ir.h"
#include "../parse/parse.h"
#include "../support/arena.h"
#include "../support/diag.h"

typedef struct wp_lower_options {
  const char *module_name;
  bool enable_backward; /* default for kernels */
  bool debug;           /* keep `assert` statements (warpc --debug) */
  /* warpc --instantiate: calls `kernel(type, ...)` naming instances of
     generic kernels (types as in the file; warp's names also bare) */
  const struct ast_expr *const *instances;
  int ninstances;
  /* warpc -fkeep-going: a kernel with errors is left out (its errors
     reported, a note saying so) and the module holds the others */
  bool keep_going;
  /* warpc --block-dim: the CUDA block size of the module's kernels (0: the
     file's wp.set_module_options({"block_dim": N}), else 256, Warp's
     default); ir_module.block_dim */
  int block_dim;
  /* Lower for CUDA: wp.tile(x) and wp.untile(t) span block_dim threads
     (false: one, Warp's CPU block) */
  bool cuda_block;
} wp_lower_options;

/* Lowers every @wp.func and @wp.kernel of `ast` reachable from a kernel
 * (kernels always; funcs only when used) into a new module in `arena`.
 * Reports every error found to `diag` and returns NULL if there was one
 * (with opts->keep_going: only one outside the kernels left out). */
ir_module *wp_lower(const ast_module *ast, const wp_lower_options *opts,
                    wp_arena *arena, wp_diag *diag);
/* The same for a multi-file program (wp_load): the kernels of the main
 * file, and the @wp.func and @wp.struct definitions of every module they
 * use, all in one module (funcs only when called; an imported module's
 * structs all, once anything of it is used). */
ir_module *wp_lower_program(const ast_program *prog,
                            const wp_lower_options *opts, wp_arena *arena,
                            wp_diag *diag);

#endif
