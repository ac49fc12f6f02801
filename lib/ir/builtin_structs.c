/* builtin_structs.c - the builtin struct types of builtin_structs.def
 * (query states, query results): interned by Warp name per compilation. */
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "ir.h"

static const struct {
  const char *name, *cname, *fields;
} registry[] = {
#define S(name, cname, fields) {name, cname, fields},
#include "builtin_structs.def"
#undef S
};

/* The type a FIELDS entry names: a scalar name or vec3<suffix>, or
 * array_<one of those> (a 1-d array, laid out as Warp's array_t). */
static const ir_type *field_type(ir_types *T, const char *s, size_t n) {
  if (n > 6 && !strncmp(s, "array_", 6)) {
    const ir_type *e = field_type(T, s + 6, n - 6);
    return e ? ir_t_array(T, e, 1) : NULL;
  }
  for (int k = WP_SCALAR_BOOL; k <= WP_SCALAR_BFLOAT16; k++) {
    const char *sn = ir_scalar_name(k);
    if (sn && strlen(sn) == n && !strncmp(sn, s, n))
      return ir_t_scalar(T, k);
  }
  if (n == 5 && !strncmp(s, "vec3", 4)) {
    int k = s[4] == 'f'   ? WP_SCALAR_FLOAT32
            : s[4] == 'd' ? WP_SCALAR_FLOAT64
            : s[4] == 'h' ? WP_SCALAR_FLOAT16
                          : 0;
    if (k)
      return ir_t_vec(T, k, 3);
  }
  return NULL;
}

/* Builds registry entry i; NULL when its FIELDS are malformed (a bug of the
 * table, which unit.test_query checks for every entry). */
static const ir_type *build(ir_types *T, int i) {
  enum { MAX_FIELDS = 16 };
  const ir_type *members[MAX_FIELDS];
  const char *names[MAX_FIELDS];
  char buf[32 * MAX_FIELDS];
  int n = 0;
  const char *f = registry[i].fields;
  while (*f) {
    const char *colon = strchr(f, ':'), *end = strchr(f, ',');
    if (!end)
      end = f + strlen(f);
    if (!colon || colon > end || n == MAX_FIELDS ||
        (size_t)(colon - f) >= sizeof buf / MAX_FIELDS)
      return NULL;
    char *nm = buf + 32 * n;
    memcpy(nm, f, (size_t)(colon - f));
    nm[colon - f] = 0;
    names[n] = nm;
    if (!(members[n] = field_type(T, colon + 1, (size_t)(end - colon - 1))))
      return NULL;
    n++;
    f = *end ? end + 1 : end;
  }
  return ir_t_builtin_struct(T, registry[i].name, registry[i].cname, members,
                             names, n);
}

/* Other Warp names of a registry type: Warp's per-shape BVH and mesh
 * query types, which warpc folds into the kind-erased BvhQuery / MeshQuery
 * (builtin_structs.def), so that annotations naming them still resolve. */
static const char *const aliases[][2] = {
    {"MeshQueryAABB", "MeshQuery"},  {"_MeshQuerySphere", "MeshQuery"},
    {"_BvhQueryAabb", "BvhQuery"},   {"_BvhQueryRay", "BvhQuery"},
    {"_BvhQuerySphere", "BvhQuery"}, {"_BvhQueryCapsule", "BvhQuery"},
};

const ir_type *ir_builtin_struct_find(ir_types *T, const char *name) {
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (!strcmp(aliases[i][0], name))
      name = aliases[i][1];
  for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++)
    if (!strcmp(registry[i].name, name))
      return build(T, (int)i);
  return NULL;
}

const char *ir_builtin_struct_at(int i) {
  return i >= 0 && (size_t)i < sizeof registry / sizeof registry[0]
             ? registry[i].name
             : NULL;
}

const ir_type *ir_builtin_struct_of(ir_types *T, const ir_type *t,
                                    const ir_type *dtype) {
  if (!strcmp(t->name, "HashGridQuery") && ir_type_is_float(dtype))
    return ir_hash_grid_query_type(T, dtype->scalar);
  return NULL;
}
