/* test_injective.c - unit tests of lib/ir/injective.c: which array reads of
 * a kernel get their adjoint added without an atomic (IR_GRAD_ACCUM with
 * aux K > 0: a single writer in launches of at most K dimensions), and of
 * the adjoint's tape for straight-line kernels (none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ir_unit.h"

CHECK_TALLY;

static int count_ops(const ir_func *f, ir_op op) {
  int n = 0;
  for (const ir_block *b = f->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      n += v->op == op;
  return n;
}

/* The K of the backward kernel's grad accumulations, in order, as digits
 * ("11": two plain adds for 1-D launches; "0": one atomic); "?" when the
 * kernel or its adjoint is missing. */
static const char *accums(unit *u, const char *name) {
  static char buf[64];
  ir_func *k = unit_kernel(u, name);
  if (!k || !k->adjoint)
    return "?";
  int n = 0;
  for (const ir_block *b = k->adjoint->entry; b; b = b->next)
    for (const ir_value *v = b->first; v; v = v->next)
      if (v->op == IR_GRAD_ACCUM && n + 1 < (int)sizeof buf)
        buf[n++] = (char)('0' + v->aux);
  buf[n] = 0;
  return buf;
}

#define ACCUMS(u, name, want)                                                  \
  do {                                                                         \
    const char *got_ = accums(u, name);                                        \
    if (strcmp(got_, want))                                                    \
      fprintf(stderr, "%s: accumulations %s, want %s\n", name, got_, want);    \
    CHECK(!strcmp(got_, want));                                                \
  } while (0)

static const char *src =
    "import warp as wp\n"
    "@wp.struct\n"
    "class S:\n"
    "    a: wp.array(dtype=float)\n"
    "@wp.func\n"
    "def sq(a: wp.array(dtype=float), i: int):\n"
    "    return a[i] * a[i]\n"
    "@wp.kernel\n"
    "def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), s: float,"
    " z: wp.array(dtype=float)):\n"
    "    i = wp.tid()\n"
    "    z[i] = s * x[i] + y[i]\n"
    "@wp.kernel\n"
    "def grid(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):\n"
    "    i, j = wp.tid()\n"
    "    b[i, j] = a[i, j] * a[j, i]\n"
    "@wp.kernel\n"
    "def grid_same(a: wp.array2d(dtype=wp.vec3), b: wp.array2d(dtype=float)):\n"
    "    i, j = wp.tid()\n"
    "    b[i, j] = wp.length(a[i, j])\n"
    "@wp.kernel\n"
    "def transposed(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):\n"
    "    i, j = wp.tid()\n"
    "    b[j, i] = a[j, i]\n"
    "@wp.kernel\n"
    "def row(a: wp.array(dtype=float), b: wp.array2d(dtype=wp.float64)):\n"
    "    i, j = wp.tid()\n"
    "    b[i, j] = wp.float64(a[i])\n"
    "@wp.kernel\n"
    "def row_same(a: wp.array(dtype=float), b: wp.array2d(dtype=float)):\n"
    "    i, j = wp.tid()\n"
    "    b[i, j] = a[i]\n"
    "@wp.kernel\n"
    "def diag(a: wp.array2d(dtype=float), b: wp.array(dtype=wp.float64)):\n"
    "    i, j = wp.tid()\n"
    "    b[i] = wp.float64(a[i, i])\n"
    "@wp.kernel\n"
    "def affine(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[3 * (i + 1) - 2] + a[3 * (i + 1) - 2])\n"
    "@wp.kernel\n"
    "def stride2(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[2 * i])\n"
    "@wp.kernel\n"
    "def stride4(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[4 * i])\n"
    "@wp.kernel\n"
    "def square(a: wp.array(dtype=float), b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i * i])\n"
    "@wp.kernel\n"
    "def sum2(a: wp.array(dtype=float), b: wp.array2d(dtype=wp.float64)):\n"
    "    i, j = wp.tid()\n"
    "    b[i, j] = wp.float64(a[i + j])\n"
    "@wp.kernel\n"
    "def gather(a: wp.array(dtype=float), idx: wp.array(dtype=int),"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[idx[i]])\n"
    "@wp.kernel\n"
    "def shifted(a: wp.array(dtype=float), c: wp.array(dtype=float),"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i] * c[i + 1])\n"
    "@wp.kernel\n"
    "def other_dtype(a: wp.array(dtype=float), idx: wp.array(dtype=int),"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[idx[i + 1]] = wp.float64(a[i])\n"
    "@wp.kernel\n"
    "def scatter(a: wp.array(dtype=float), b: wp.array(dtype=float)):\n"
    "    i = wp.tid()\n"
    "    wp.atomic_add(a, 0, b[i])\n"
    "    wp.atomic_add(b, 0, a[i])\n"
    "@wp.kernel\n"
    "def looped(a: wp.array(dtype=float), b: wp.array(dtype=float), n: int):\n"
    "    i = wp.tid()\n"
    "    s = float(0.0)\n"
    "    for k in range(n):\n"
    "        s = s * a[i] + a[i]\n"
    "    b[i] = s\n"
    "@wp.kernel\n"
    "def called(a: wp.array(dtype=float), b: wp.array(dtype=float)):\n"
    "    i = wp.tid()\n"
    "    b[i] = sq(a, i)\n"
    "@wp.kernel\n"
    "def view(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):\n"
    "    i, j = wp.tid()\n"
    "    r = a[i]\n"
    "    b[i, j] = r[j] + a[i, j]\n"
    "@wp.kernel\n"
    "def field(s: S, a: wp.array(dtype=float), b: "
    "wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i] + s.a[i])\n"
    "@wp.kernel\n"
    "def field_other(s: S, v: wp.array(dtype=wp.vec3), b: "
    "wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(v[i][0] + s.a[i])\n"
    "@wp.kernel\n"
    "def offset(a: wp.array(dtype=float), off: int,"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[off + i])\n"
    "@wp.kernel\n"
    "def reversed(a: wp.array(dtype=float), n: int,"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[n - 1 - i])\n"
    "@wp.kernel\n"
    "def offset_two(a: wp.array(dtype=float), c: wp.array(dtype=float),"
    " off: int, b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i + off] * c[off + i])\n"
    "@wp.kernel\n"
    "def offset_other(a: wp.array(dtype=float), c: wp.array(dtype=float),"
    " off: int, m: int, b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i + off] * c[i + m])\n"
    "@wp.kernel\n"
    "def offset_scaled(a: wp.array(dtype=float), off: int,"
    " b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[i * off])\n"
    "@wp.kernel\n"
    "def offset_cancel(a: wp.array(dtype=float), c: wp.array(dtype=float),"
    " off: int, b: wp.array(dtype=wp.float64)):\n"
    "    i = wp.tid()\n"
    "    b[i] = wp.float64(a[2 * (i + off) - off - off] * c[i + i])\n";

static void test_single_writer(void) {
  unit u;
  CHECK(compile_passes(&u, src));
  ACCUMS(&u, "saxpy", "11");      /* x[i], y[i]: plain in 1-D launches */
  ACCUMS(&u, "grid", "00");       /* a[i, j] and a[j, i]: two forms */
  ACCUMS(&u, "grid_same", "2");   /* a[i, j]: plain in 2-D launches */
  ACCUMS(&u, "transposed", "2");  /* a[j, i]: both components */
  ACCUMS(&u, "row", "1");         /* a[i]: plain only for 1-D launches */
  ACCUMS(&u, "row_same", "0");    /* a[i] beside b[i, j]: a may be b */
  ACCUMS(&u, "diag", "0");        /* a[i, i]: i in two dimensions */
  ACCUMS(&u, "affine", "11");     /* 3 * i + 1, read twice */
  ACCUMS(&u, "stride2", "1");     /* 2 * i: cannot wrap onto itself */
  ACCUMS(&u, "stride4", "0");     /* 4 * i: may wrap in 32 bits */
  ACCUMS(&u, "square", "0");      /* i * i: not affine */
  ACCUMS(&u, "sum2", "0");        /* i + j */
  ACCUMS(&u, "gather", "0");      /* a[idx[i]] */
  ACCUMS(&u, "shifted", "00");    /* a[i], c[i + 1]: a may be c */
  ACCUMS(&u, "other_dtype", "1"); /* the float64 scatter is not a's */
  ACCUMS(&u, "scatter", "00");    /* atomic_add(a, 0, ...) beside a[i] */
  ACCUMS(&u, "looped", "11");     /* loops change nothing */
  ACCUMS(&u, "called", "11");     /* the func is inlined */
  ACCUMS(&u, "view", "00");       /* a view of a: conservative */
  ACCUMS(&u, "field", "00");      /* s.a may be a */
  /* s.a (float) may be a view of v's storage (vec3): a field anywhere keeps
     every add atomic, the runtime's overlap check cannot see it */
  ACCUMS(&u, "field_other", "00");
  /* a launch-invariant offset (an int parameter) moves every thread's
     element by the same amount: still one thread per element */
  ACCUMS(&u, "offset", "1");         /* a[off + i] */
  ACCUMS(&u, "reversed", "1");       /* a[n - 1 - i] */
  ACCUMS(&u, "offset_two", "11");    /* a[i + off], c[off + i]: one form */
  ACCUMS(&u, "offset_other", "00");  /* a[i + off], c[i + m]: a may be c */
  ACCUMS(&u, "offset_scaled", "0");  /* a[i * off]: off may be 0 */
  ACCUMS(&u, "offset_cancel", "11"); /* 2 * (i + off) - off - off: 2 * i */
  done(&u);
}

static void test_straight_line_tape(void) {
  unit u;
  compile(&u, src);
  run_passes(&u);
  ir_func *k = unit_kernel(&u, "called"), *l = unit_kernel(&u, "looped");
  CHECK(k && k->adjoint && l && l->adjoint);
  if (k && k->adjoint) { /* straight-line: no tape at all */
    CHECK(count_ops(k->adjoint, IR_PATH_PUSH) == 0);
    CHECK(count_ops(k->adjoint, IR_PATH_POP) == 0);
    CHECK(count_ops(k->adjoint, IR_TAPE_PUSH) == 0);
    CHECK(count_ops(k->adjoint, IR_SWITCH) == 0);
  }
  if (l && l->adjoint) { /* the loop's header has two sources; s is saved
                            (a product's adjoint reads it: adjoint_tape.c) */
    CHECK(count_ops(l->adjoint, IR_PATH_PUSH) > 0);
    CHECK(count_ops(l->adjoint, IR_PATH_POP) > 0);
    CHECK(count_ops(l->adjoint, IR_TAPE_PUSH) > 0);
  }
  CHECK(ir_verify(u.m, stderr) == 0);
  done(&u);
}

int main(void) {
  test_single_writer();
  test_straight_line_tape();
  return check_report(NULL);
}
