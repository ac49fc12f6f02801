/* test_tile_func.c - tiles passed to a @wp.func by reference and the
 * vector-Jacobian product of a func (lib/lower/lower_tile_func.c,
 * ir_build_func_vjp in lib/ir/adjoint.c), checked on the IR: a func that
 * writes its tile parameter returns it beside its result, one that only
 * reads it or binds the name anew does not; tile_map of a func gives the
 * kernel a backward function that calls the func's VJP, a func of the
 * module taking the func's parameters and the adjoint of its result and
 * returning the tuple of the parameters' adjoints. */
#include "check.h"
#include "ir_unit.h"

CHECK_TALLY;

static ir_func *find(ir_module *m, const char *name, ir_func_kind kind) {
  for (ir_func *f = m->funcs; f; f = f->next)
    if (!strcmp(f->name, name) && f->kind == kind && !f->backward)
      return f;
  return NULL;
}

static void test_refs(void) {
  unit u;
  compile(&u, "import warp as wp\n"
              "@wp.func\n"
              "def bump(t: wp.tile[float, 4], u: wp.tile[float, 4]) -> float:\n"
              "    t += u\n"
              "    return 1.0\n"
              "@wp.func\n"
              "def reads(t: wp.tile[float, 4]):\n"
              "    return t * 2.0\n"
              "@wp.func\n"
              "def rebinds(t: wp.tile[float, 4]):\n"
              "    t = t * 2.0\n"
              "    return t\n"
              "@wp.kernel\n"
              "def k(a: wp.array(dtype=float)):\n"
              "    i = wp.tid()\n"
              "    t = wp.tile_load(a, shape=4)\n"
              "    u = reads(t)\n"
              "    x = bump(t, u)\n"
              "    wp.tile_store(a, rebinds(t) * x)\n");
  CHECK(u.m != NULL);
  if (u.m) {
    ir_func *bump = find(u.m, "bump", IR_FUNC_FUNC);
    ir_func *reads = find(u.m, "reads", IR_FUNC_FUNC);
    ir_func *rebinds = find(u.m, "rebinds", IR_FUNC_FUNC);
    CHECK(bump && bump->nrefs == 1 && bump->param_ref[0] &&
          !bump->param_ref[1]);
    /* (float32, tile): the result, then t's final value */
    CHECK(bump && bump->ret->kind == IR_T_TUPLE && bump->ret->nmembers == 2 &&
          bump->ret->members[1] == bump->param_types[0]);
    CHECK(bump && !bump->ref_func); /* a backward kernel may call it */
    CHECK(reads && reads->nrefs == 0 && reads->ret->kind == IR_T_TILE);
    CHECK(rebinds && rebinds->nrefs == 0 && rebinds->ret->kind == IR_T_TILE);
    CHECK(ir_verify(u.m, stderr) == 0);
  }
  done(&u);
}

static void test_vjp(void) {
  unit u;
  compile(&u, "import warp as wp\n"
              "@wp.func\n"
              "def f(x: float, k: int):\n"
              "    return x * x * float(k)\n"
              "@wp.kernel\n"
              "def k(a: wp.array(dtype=float), n: int):\n"
              "    i = wp.tid()\n"
              "    t = wp.tile_load(a, shape=4)\n"
              "    wp.tile_store(a, wp.tile_map(f, t, n))\n");
  CHECK(u.m != NULL);
  if (u.m) {
    run_passes(&u);
    ir_func *f = find(u.m, "f", IR_FUNC_FUNC);
    ir_func *k = find(u.m, "k", IR_FUNC_KERNEL);
    CHECK(k && k->adjoint); /* tile_map of a func has an adjoint now */
    CHECK(f && f->vjp);
    if (f && f->vjp) {
      ir_func *v = f->vjp;
      CHECK(v->backward && v->primal == f && v->kind == IR_FUNC_FUNC);
      CHECK(strstr(v->cname, "_vjp") != NULL);
      CHECK(v->nparams == 3 && v->param_types[2] == f->ret);
      CHECK(v->ret->kind == IR_T_TUPLE && v->ret->nmembers == 2 &&
            v->ret->members[0] == f->param_types[0]);
    }
    /* the backward kernel calls it through the adjoint map */
    int calls = 0;
    for (ir_block *b = k && k->adjoint ? k->adjoint->entry : NULL; b;
         b = b->next)
      for (ir_value *x = b->first; x; x = x->next)
        calls += x->op == IR_BUILTIN && x->builtin->id == IR_B_I_TILE_ADJ_MAP &&
                 f && x->callee == f->vjp;
    CHECK(calls == 1); /* x only: the int k has no adjoint */
  }
  done(&u);
}

int main(void) {
  test_refs();
  test_vjp();
  return check_report(NULL);
}
