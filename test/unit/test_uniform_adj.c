/* test_uniform_adj.c - unit tests of lib/ir/uniform_adj.c: which backward
 * functions may run W threads at once (ir_spmd_adj_varying), why the others
 * may not, and which of their variables and adjoint locals vary between
 * threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ir_unit.h"

CHECK_TALLY;

static const char *src =
    "import warp as wp\n"
    "@wp.kernel\n"
    "def osc(x0: wp.array(dtype=float), k: wp.array(dtype=float), n: int,\n"
    "        out: wp.array(dtype=float)):\n"
    "    i = wp.tid()\n"
    "    x = x0[i]\n"
    "    for s in range(n):\n"
    "        x = x - 0.1 * k[i] * x * float(s)\n"
    "    out[i] = x\n"
    "@wp.kernel\n"
    "def diverge(x: wp.array(dtype=float), y: wp.array(dtype=float), n: "
    "int):\n"
    "    i = wp.tid()\n"
    "    s = x[i]\n"
    "    for k in range(n):\n"
    "        if s > 1.0:\n"
    "            s = s * 0.5\n"
    "    y[i] = s\n"
    "@wp.kernel\n"
    "def gather(x: wp.array(dtype=float), idx: wp.array(dtype=int),\n"
    "           y: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    s = float(0.0)\n"
    "    for k in range(n):\n"
    "        s = s + x[idx[i]]\n"
    "    y[i] = s\n"
    "@wp.kernel\n"
    "def shared_out(x: wp.array(dtype=float), y: wp.array(dtype=wp.float64),\n"
    "               n: int):\n"
    "    i = wp.tid()\n"
    "    s = x[i]\n"
    "    for k in range(n):\n"
    "        s = s * 0.5\n"
    "    y[0] = wp.float64(s)\n"
    "@wp.kernel\n"
    "def two_d(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), n: "
    "int):\n"
    "    i, j = wp.tid()\n"
    "    s = x[i, j]\n"
    "    for k in range(n):\n"
    "        s = s * 0.5\n"
    "    y[i, j] = s\n";

/* The backward function of kernel `name` (renumbered), or NULL. */
static ir_func *backward(unit *u, const char *name) {
  ir_func *k = unit_kernel(u, name);
  if (!k || !k->adjoint)
    return NULL;
  ir_renumber(k->adjoint);
  return k->adjoint;
}

static bool analyse(unit *u, const char *name, ir_spmd_adj *va,
                    const char **why) {
  ir_func *f = backward(u, name);
  *why = "no such kernel";
  return f && ir_spmd_adj_varying(f, &u->arena, va, why);
}

#define REFUSED(u, name, reason)                                               \
  do {                                                                         \
    const char *why_;                                                          \
    ir_spmd_adj va_;                                                           \
    bool ok_ = analyse(u, name, &va_, &why_);                                  \
    if (ok_ || !why_ || strcmp(why_, reason))                                  \
      fprintf(stderr, "%s: %s, want refused: %s\n", name,                      \
              ok_    ? "accepted"                                              \
              : why_ ? why_                                                    \
                     : "?",                                                    \
              reason);                                                         \
    CHECK(!ok_ && why_ && !strcmp(why_, reason) && !va_.vary);                 \
  } while (0)

static void test_accepted(void) {
  unit u;
  CHECK(compile_passes(&u, src));
  const char *why = NULL;
  ir_spmd_adj va;
  bool ok = analyse(&u, "osc", &va, &why);
  if (!ok)
    fprintf(stderr, "osc: %s\n", why ? why : "?");
  CHECK(ok);
  ir_func *f = backward(&u, "osc");
  if (!ok || !f) {
    done(&u);
    return;
  }
  int tids = 0, pops = 0, pushes = 0, taped_vary = 0, taped_uniform = 0;
  int cbrs = 0, lvary = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next) {
      if (v->op == IR_TID) {
        tids++;
        CHECK(va.vary[v->id]);
      }
      if (v->op == IR_PATH_POP) { /* the block numbers: uniform */
        pops++;
        CHECK(!va.vary[v->id]);
      }
      if (v->op == IR_CBR) {
        cbrs++;
        CHECK(!va.vary[v->args[0]->id]);
      }
      if (v->op == IR_TAPE_PUSH) {
        pushes++;
        /* float(s) is uniform, x varies (the loop counter itself is not
           saved: no adjoint rule reads it, adjoint_tape.c) */
        if (va.vary[v->args[0]->id])
          taped_vary++;
        else
          taped_uniform++;
      }
      /* what reads x0[i], k[i] varies; a load at a uniform index may not */
      if (v->op == IR_LOAD)
        CHECK(va.vary[v->id]);
    }
  for (int i = 0; i < f->nlocals; i++)
    lvary += va.lvary[i];
  CHECK(tids >= 1);
  CHECK(pops >= 1);
  CHECK(cbrs >= 1);
  CHECK(pushes >= 2);
  CHECK(taped_vary >= 1);
  CHECK(taped_uniform >= 1);
  CHECK(lvary >= 1); /* the adjoints of x and k[i] */
  done(&u);
}

static void test_refused(void) {
  unit u;
  CHECK(compile_passes(&u, src));
  REFUSED(&u, "diverge", "a branch on a value that differs between threads");
  REFUSED(&u, "gather",
          "an adjoint added atomically (more than one thread may add to an "
          "element)");
  REFUSED(&u, "shared_out",
          "a grad written at an index not shown injective in wp.tid()");
  REFUSED(&u, "two_d", "wp.tid() of more than one dimension");
  /* a forward function is not a backward one */
  ir_spmd_adj va;
  const char *why = NULL;
  for (ir_func *k = u.m ? u.m->funcs : NULL; k; k = k->next)
    if (k->kind == IR_FUNC_KERNEL && !strcmp(k->name, "osc")) {
      ir_renumber(k);
      CHECK(!ir_spmd_adj_varying(k, &u.arena, &va, &why));
      CHECK(why && !strcmp(why, "not a backward kernel"));
    }
  done(&u);
}

/* Every access of the written grad's dtype at one index: the same affine
 * form in wp.tid(), not only the same IR value (x[i + 1] and y[i + 1]
 * compute i + 1 twice; injective.c already adds both without atomics). */
static void test_same_affine_index(void) {
  unit u;
  compile(&u,
          "import warp as wp\n"
          "@wp.kernel\n"
          "def halo(x: wp.array(dtype=float), y: wp.array(dtype=float), n: "
          "int):\n"
          "    i = wp.tid()\n"
          "    s = x[i + 1]\n"
          "    for k in range(n):\n"
          "        s = s * wp.sin(s)\n"
          "    y[i + 1] = s\n"
          "@wp.kernel\n"
          "def halo2(x: wp.array(dtype=float), y: wp.array(dtype=float), n: "
          "int):\n"
          "    i = wp.tid()\n"
          "    s = x[2 * i + 1]\n"
          "    for k in range(n):\n"
          "        s = s * wp.sin(s)\n"
          "    y[i * 2 + 1] = s\n"
          "@wp.kernel\n"
          "def moved(x: wp.array(dtype=float), y: wp.array(dtype=float), n: "
          "int):\n"
          "    i = wp.tid()\n"
          "    s = x[i + 1]\n"
          "    for k in range(n):\n"
          "        s = s * wp.sin(s)\n"
          "    y[i] = s\n");
  run_passes(&u);
  if (!u.m)
    fputs(u.errors, stderr);
  CHECK(u.m != NULL);
  const char *names[] = {"halo", "halo2"};
  for (int i = 0; i < 2; i++) {
    const char *why = NULL;
    ir_spmd_adj va;
    bool ok = analyse(&u, names[i], &va, &why);
    if (!ok)
      fprintf(stderr, "%s: %s\n", names[i], why ? why : "?");
    CHECK(ok);
  }
  /* thread t reads x[t + 1], thread t + 1 adds into y[t + 1]: the grads of x
     and y (one array passed twice) would meet */
  REFUSED(&u, "moved",
          "an adjoint added atomically (more than one thread may add to an "
          "element)");
  done(&u);
}

int main(void) {
  test_accepted();
  test_refused();
  test_same_affine_index();
  return check_report("uniform_adj");
}
