/* builtins.h - private to lib/ir: what the overload rules of the builtin
 * table (builtins.def; the rules in builtins.c: operators and core math,
 * builtins_*.c: one area each) share: the type tests and the rules'
 * declarations.  The table itself is built in builtins.c. */
#ifndef WARPC_IR_BUILTINS_H
#define WARPC_IR_BUILTINS_H

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

typedef const ir_type *type_t;

static inline type_t fail(ir_types *T, const char **err, const char *msg) {
  (void)T;
  *err = msg;
  return NULL;
}

static inline bool is_num(type_t t) {
  return t->kind == IR_T_SCALAR && t->scalar != WP_SCALAR_BOOL;
}

static inline bool is_fvec(type_t t) {
  return t->kind == IR_T_VEC && ir_type_is_float(t->elem) &&
         t->flavor != IR_VEC_TRANSFORM;
}

static inline bool is_comp(type_t t) {
  return t->kind == IR_T_VEC || t->kind == IR_T_MAT;
}

static inline bool is_f3264(type_t t) {
  return t->kind == IR_T_SCALAR &&
         (t->scalar == WP_SCALAR_FLOAT32 || t->scalar == WP_SCALAR_FLOAT64);
}

static inline bool is_scalar_of(type_t t, int s) {
  return t->kind == IR_T_SCALAR && t->scalar == s;
}

static inline bool is_fquat(type_t t) {
  return ir_type_is_quat(t) && is_f3264(t->elem);
}

static inline bool is_fxform(type_t t) {
  return ir_type_is_transform(t) && is_f3264(t->elem);
}

static inline bool is_vec3_of(type_t t, int scalar) {
  return t->kind == IR_T_VEC && !t->flavor && t->rows == 3 &&
         t->scalar == scalar;
}

/* The overload rules named in builtins.def: ir_chk_<CHECK>. */
#define B(id, name, lo, hi, check, flags) ir_builtin_check ir_chk_##check;
#include "builtins.def"
#undef B

#endif
