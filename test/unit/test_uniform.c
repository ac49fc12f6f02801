/* test_uniform.c - unit tests of lib/ir/uniform.c: which kernels may run W
 * threads at once (ir_spmd_varying), why the others may not, and which
 * values vary between threads (wp.tid(), what depends on it through
 * operands and through loop-carried block arguments). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ir_unit.h"

CHECK_TALLY;

static const char *src =
    "import warp as wp\n"
    "@wp.kernel\n"
    "def accel(pos: wp.array(dtype=wp.vec3), acc: wp.array(dtype=wp.vec3)):\n"
    "    i = wp.tid()\n"
    "    p = pos[i]\n"
    "    a = wp.vec3(0.0, 0.0, 0.0)\n"
    "    for j in range(pos.shape[0]):\n"
    "        q = pos[j]\n"
    "        a = a + (q - p)\n"
    "    acc[i] = a\n"
    "@wp.kernel\n"
    "def carried(y: wp.array(dtype=int), n: int):\n"
    "    i = wp.tid()\n"
    "    v = int(0)\n"
    "    for k in range(n):\n"
    "        v = v + i\n"
    "    y[i] = v\n"
    "@wp.kernel\n"
    "def branch(x: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    if x[i] > 0.0:\n"
    "        x[i] = 1.0\n"
    "@wp.kernel\n"
    "def bound(y: wp.array(dtype=int)):\n"
    "    i = wp.tid()\n"
    "    s = int(0)\n"
    "    for k in range(i):\n"
    "        s += k\n"
    "    y[i] = s\n"
    "@wp.kernel\n"
    "def same_cell(y: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        y[0] = float(i)\n"
    "@wp.kernel\n"
    "def two_cells(y: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        y[i] = 1.0\n"
    "        y[i + 1] = 2.0\n"
    "@wp.kernel\n"
    "def neighbour(y: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        y[i] = y[i + 1] * 0.5\n"
    "@wp.kernel\n"
    "def own_cell(y: wp.array(dtype=float), x: wp.array(dtype=float), n: "
    "int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        y[i] = y[i] * 0.5 + x[k]\n"
    "@wp.kernel\n"
    "def atomic(h: wp.array(dtype=int), n: int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        wp.atomic_add(h, i % 4, 1)\n"
    "@wp.kernel\n"
    "def two_d(y: wp.array2d(dtype=float), n: int):\n"
    "    i, j = wp.tid()\n"
    "    for k in range(n):\n"
    "        y[i, j] = float(k)\n"
    /* y may be the mesh's points: the query reads them unseen */
    "@wp.kernel\n"
    "def mesh_store(m: wp.uint64, x: wp.array(dtype=wp.vec3), y: "
    "wp.array(dtype=wp.vec3), n: int):\n"
    "    i = wp.tid()\n"
    "    for k in range(n):\n"
    "        q = wp.mesh_query_point_no_sign(m, x[i], 1.0e6)\n"
    "        y[i] = wp.mesh_eval_position(m, q.face, q.u, q.v)\n";

/* The first value of k named `name` made by op (a load, ...). */
static const ir_value *named(const ir_func *k, const char *name, ir_op op) {
  for (const ir_block *b = k->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == op && v->name && !strcmp(v->name, name))
        return v;
  return NULL;
}

/* Block argument i of the first block that has arguments (a loop's header:
 * the counter, then the values the loop carries). */
static const ir_value *header_arg(const ir_func *k, int i) {
  for (const ir_block *b = k->entry; b; b = b->next)
    if (b->nparams)
      return i < b->nparams ? b->params[i] : NULL;
  return NULL;
}

/* ir_spmd_varying of kernel `name` (renumbered), and its reason. */
static const bool *varying(unit *u, const char *name, const char **why) {
  ir_func *k = unit_kernel(u, name);
  *why = "no such kernel";
  if (!k)
    return NULL;
  ir_renumber(k);
  return ir_spmd_varying(k, &u->arena, why);
}

#define REFUSED(u, name, reason)                                               \
  do {                                                                         \
    const char *why_;                                                          \
    const bool *v_ = varying(u, name, &why_);                                  \
    if (v_ || !why_ || strcmp(why_, reason))                                   \
      fprintf(stderr, "%s: %s, want refused: %s\n", name,                      \
              v_     ? "accepted"                                              \
              : why_ ? why_                                                    \
                     : "?",                                                    \
              reason);                                                         \
    CHECK(!v_ && why_ && !strcmp(why_, reason));                               \
  } while (0)

static void test_accepted(void) {
  unit u;
  CHECK(compile_passes(&u, src));
  const char *why;
  const bool *v = varying(&u, "accel", &why);
  CHECK(v != NULL);
  ir_func *k = unit_kernel(&u, "accel");
  if (v && k) {
    const ir_value *a = header_arg(k, 1), *j = header_arg(k, 0),
                   *q = named(k, "q", IR_LOAD), *p = named(k, "p", IR_LOAD);
    CHECK(a && j && q && p);
    if (a && j && q && p) {
      CHECK(v[a->id]);  /* accumulates p: differs per thread */
      CHECK(!v[j->id]); /* the loop counter: uniform */
      CHECK(!v[q->id]); /* pos[j]: the same load in every thread */
      CHECK(v[p->id]);  /* pos[i] */
    }
  }
  /* v starts uniform (0) and becomes i + i + ...: the edge from the loop
     body makes the block argument vary (the fixpoint) */
  v = varying(&u, "carried", &why);
  k = unit_kernel(&u, "carried");
  CHECK(v != NULL && k != NULL);
  if (v && k) {
    const ir_value *c = header_arg(k, 0), *x = header_arg(k, 1);
    CHECK(x && v[x->id]);
    CHECK(c && !v[c->id]);
  }
  CHECK(varying(&u, "own_cell", &why) != NULL); /* y[i] read and written */
  done(&u);
}

static void test_refused(void) {
  unit u;
  CHECK(compile_passes(&u, src));
  REFUSED(&u, "branch", "a branch on a value that differs between threads");
  REFUSED(&u, "bound", "a branch on a value that differs between threads");
  REFUSED(&u, "same_cell",
          "a store at an index not shown injective in wp.tid()");
  REFUSED(&u, "two_cells", "an array stored at two indices");
  REFUSED(&u, "neighbour", "a load from a stored array at another index");
  REFUSED(&u, "atomic", "an operation whose order shows");
  REFUSED(&u, "two_d", "wp.tid() of more than one dimension");
  REFUSED(&u, "mesh_store",
          "a store, and a builtin reading memory through an id");
  done(&u);
}

int main(void) {
  test_accepted();
  test_refused();
  return check_report("uniform");
}
