/* builtins_util.c - the overload rules of the utility builtins: the atomics
 * beyond add/sub/min/max (compare-and-swap, exchange, bit-wise and/or/xor),
 * array searches (lower_bound), sample_cdf, curlnoise, block_dim and
 * breakpoint. Atomics are lowered to IR_ATOMIC by lower_call.c, which checks
 * the array and its indices and passes the element type and the value types
 * here. Also the table of Warp builtin families warpc leaves out by decision.
 */
#include <string.h>

#include "builtins.h"

/* The scalar type of an array element (vector / matrix components). */
static int elem_scalar(type_t t) {
  return t->kind == IR_T_SCALAR ? t->scalar : t->elem ? t->elem->scalar : -1;
}

static bool is_atomic_scalar(int s) {
  return s == WP_SCALAR_INT32 || s == WP_SCALAR_UINT32 ||
         s == WP_SCALAR_INT64 || s == WP_SCALAR_UINT64 ||
         s == WP_SCALAR_FLOAT32 || s == WP_SCALAR_FLOAT64;
}

/* atomic_cas(elem, compare, value) / atomic_exch(elem, value): [u]int32,
 * [u]int64, float32, float64 scalars and vectors / matrices / quaternions /
 * transforms of them (component-wise). */
type_t ir_chk_atomic_swap(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  for (int i = 1; i < n; i++)
    if (a[i] != a[0])
      return fail(T, err, "the values must have the array's element type");
  if ((a[0]->kind == IR_T_SCALAR || a[0]->kind == IR_T_VEC ||
       a[0]->kind == IR_T_MAT) &&
      is_atomic_scalar(elem_scalar(a[0])))
    return a[0];
  return fail(T, err,
              "only arrays of [u]int32, [u]int64, float32 or float64 "
              "scalars, vectors and matrices have it");
}

/* atomic_and / atomic_or / atomic_xor(elem, value): [u]int32 and [u]int64
 * scalars, vectors and matrices. */
type_t ir_chk_atomic_bits(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  (void)n;
  if (a[1] != a[0])
    return fail(T, err, "the value must have the array's element type");
  int s = elem_scalar(a[0]);
  if ((a[0]->kind == IR_T_SCALAR || a[0]->kind == IR_T_VEC ||
       a[0]->kind == IR_T_MAT) &&
      is_atomic_scalar(s) && s != WP_SCALAR_FLOAT32 && s != WP_SCALAR_FLOAT64)
    return a[0];
  return fail(T, err,
              "only arrays of [u]int32 or [u]int64 scalars, vectors and "
              "matrices have it");
}

/* lower_bound(arr, value) / lower_bound(arr, begin, end, value): a 1-d
 * array of numbers (not float16), the value of its type; int32 index. */
type_t ir_chk_lower_bound(ir_types *T, const ir_builtin *b, type_t *a, int n,
                          const char **err) {
  (void)b;
  if (n != 2 && n != 4)
    return fail(T, err,
                "it takes (arr, value) or (arr, arr_begin, arr_end, "
                "value)");
  type_t arr = a[0], v = a[n - 1];
  if (!ir_type_is_plain_array(arr) || arr->ndim != 1 || !is_num(arr->elem) ||
      arr->elem->scalar == WP_SCALAR_FLOAT16 ||
      arr->elem->scalar == WP_SCALAR_BFLOAT16)
    return fail(T, err, "the array must be a 1-d array of numbers");
  if (v != arr->elem)
    return fail(T, err, "the value must have the array's element type");
  if (n == 4 && (!is_scalar_of(a[1], WP_SCALAR_INT32) ||
                 !is_scalar_of(a[2], WP_SCALAR_INT32)))
    return fail(T, err, "arr_begin and arr_end must be int32");
  return ir_t_int32(T);
}

/* sample_cdf(state: uint32, cdf: array(dtype=float32)) -> int32 */
type_t ir_chk_sample_cdf(ir_types *T, const ir_builtin *b, type_t *a, int n,
                         const char **err) {
  (void)b;
  (void)n;
  if (is_scalar_of(a[0], WP_SCALAR_UINT32) && ir_type_is_plain_array(a[1]) &&
      a[1]->ndim == 1 && is_scalar_of(a[1]->elem, WP_SCALAR_FLOAT32))
    return ir_t_int32(T);
  return fail(T, err, "it takes (state: uint32, cdf: array(dtype=float32))");
}

type_t ir_chk_block_dim(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b, (void)a, (void)n, (void)err;
  return ir_t_int32(T);
}

type_t ir_chk_void0(ir_types *T, const ir_builtin *b, type_t *a, int n,
                    const char **err) {
  (void)b, (void)a, (void)n, (void)err;
  return ir_t_void(T);
}

/* wp.cast(x, dtype) is lowered by lower_call.c (the dtype is a type, not a
 * value); this entry is what the IR instruction refers to. */
type_t ir_chk_cast(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b, (void)a, (void)n;
  return fail(T, err, "it takes a value and a type");
}

/* curlnoise(state: uint32, p: vec2f|vec3f|vec4f, octaves: uint32,
 * lacunarity: float32, gain: float32) (the lowering fills the defaults):
 * vec2f for a 2-d point, else vec3f. */
type_t ir_chk_curlnoise(ir_types *T, const ir_builtin *b, type_t *a, int n,
                        const char **err) {
  (void)b;
  if (n != 5)
    return fail(T, err, NULL);
  if (!is_scalar_of(a[0], WP_SCALAR_UINT32))
    return fail(T, err, "the state must be a uint32 (from rand_init)");
  if (a[1]->kind != IR_T_VEC || a[1]->flavor != IR_VEC_PLAIN ||
      a[1]->scalar != WP_SCALAR_FLOAT32 || a[1]->rows < 2)
    return fail(T, err, "the point must be a vec2f, vec3f or vec4f");
  if (!is_scalar_of(a[2], WP_SCALAR_UINT32))
    return fail(T, err, "octaves must be a uint32");
  if (!is_scalar_of(a[3], WP_SCALAR_FLOAT32) ||
      !is_scalar_of(a[4], WP_SCALAR_FLOAT32))
    return fail(T, err, "lacunarity and gain must be float32");
  return ir_t_vec(T, WP_SCALAR_FLOAT32, a[1]->rows == 2 ? 2 : 3);
}

/* ---- tiles ----------------------------------------------------------------
 * Tile builtins take compile-time shapes, dtypes and keywords that no
 * argument type carries: lib/lower/lower_tile.c types each call itself.
 * The table's rule refuses every call, so nothing else makes one. */
type_t ir_chk_tile(ir_types *T, const ir_builtin *b, type_t *a, int n,
                   const char **err) {
  (void)b, (void)a, (void)n;
  return fail(T, err, "a tile builtin is typed by its lowering");
}

/* ---- out of scope ----------------------------------------------------------
 * Families of Warp builtins warpc does not compile, by decision: a call gets
 * "'NAME' is not supported by warpc: FAMILY are out of scope" instead of
 * "unknown builtin".  scripts/coverage_table.py reads this table through
 * `warpc --list-out-of-scope`. */
static const struct {
  const char *key; /* a name prefix, or the whole name when !prefix */
  bool prefix;
  const char *family;
} out_of_scope[] = {
    /* the tile builtins warpc has are in the table (found first); the
       others get lower_unknown_warp_name's "not supported yet" */
    {"tile", true, "tile primitives not compiled yet"},
    {"untile", false, "tile primitives not compiled yet"},
    {"texture", true, "texture lookups"},
    {"sparse", true, "sparse matrices (warp.sparse)"},
    /* hidden and undocumented in warp-lang 1.19 (no deprecation warning) */
    {"dense_", true,
     "the undocumented dense_* linear-algebra builtins (write the loops, or "
     "use the matrix types' inverse/svd3/qr3)"},
};

const char *ir_out_of_scope(const char *name) {
  for (size_t i = 0; i < sizeof out_of_scope / sizeof out_of_scope[0]; i++) {
    const char *k = out_of_scope[i].key;
    if (out_of_scope[i].prefix ? !strncmp(name, k, strlen(k))
                               : !strcmp(name, k))
      return out_of_scope[i].family;
  }
  return NULL;
}

/* ---- removed -------------------------------------------------------------
 * Builtins warp-lang has removed, with what to write instead: a call gets
 * that advice instead of "unknown builtin" (warp-lang 1.19 also rejects
 * them, at code generation).  `warpc --list-out-of-scope` lists them too
 * ("removed NAME SINCE"), for scripts/coverage_table.py. */
static const struct {
  const char *name, *since, *instead;
} removed[] = {
    {"select", "1.10",
     "wp.where(cond, value_if_true, value_if_false) (the two values swap "
     "places)"},
};

const char *ir_removed_builtin(const char *name, const char **since) {
  for (size_t i = 0; i < sizeof removed / sizeof removed[0]; i++)
    if (!strcmp(name, removed[i].name)) {
      *since = removed[i].since;
      return removed[i].instead;
    }
  return NULL;
}

bool ir_removed_at(int i, const char **name, const char **since) {
  if (i < 0 || (size_t)i >= sizeof removed / sizeof removed[0])
    return false;
  *name = removed[i].name;
  *since = removed[i].since;
  return true;
}

bool ir_out_of_scope_at(int i, const char **key, bool *prefix,
                        const char **family) {
  if (i < 0 || (size_t)i >= sizeof out_of_scope / sizeof out_of_scope[0])
    return false;
  *key = out_of_scope[i].key;
  *prefix = out_of_scope[i].prefix;
  *family = out_of_scope[i].family;
  return true;
}
