/* test_parse.c - unit tests of lib/parse: imports, defs, expressions,
 * statements, literals, locations, syntax errors and the AST printer. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse.h"

#include "check.h"

/* One parse: source, arena and the diagnostics text, freed by done(). */
typedef struct run {
  wp_source src;
  wp_arena arena;
  wp_diag diag;
  char *diag_text;
  size_t diag_len;
  ast_module *m;
} run;

static run *parse(const char *text) {
  run *r = calloc(1, sizeof *r);
  r->src.path = "t.py";
  r->src.text = text;
  r->src.len = (uint32_t)strlen(text);
  r->diag.out = open_memstream(&r->diag_text, &r->diag_len);
  r->m = wp_parse(&r->src, &r->arena, &r->diag);
  fflush(r->diag.out);
  return r;
}

static void done(run *r) {
  fclose(r->diag.out);
  free(r->diag_text);
  wp_arena_free(&r->arena);
  free(r);
}

/* The printed AST of a run, malloc'd. */
static char *printed(const run *r) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  wp_ast_print(f, r->m);
  fclose(f);
  return buf;
}

static const ast_def *find_def(const run *r, const char *name) {
  for (int i = 0; r->m && i < r->m->ndefs; i++)
    if (strcmp(r->m->defs[i]->name, name) == 0)
      return r->m->defs[i];
  return NULL;
}

static const ast_import *find_import(const run *r, const char *local) {
  for (int i = 0; i < r->m->nimports; i++)
    if (strcmp(r->m->imports[i].local, local) == 0)
      return &r->m->imports[i];
  return NULL;
}

/* The value of the first statement of kernel `k` (an assignment or
 * expression statement). */
static const ast_expr *first_value(const run *r) {
  const ast_def *d = find_def(r, "k");
  return d && d->body.count ? d->body.stmts[0]->value : NULL;
}

/* Parses `def k():\n    x = EXPR` under @wp.kernel and returns the run. */
static run *kernel_expr(const char *expr) {
  static const char head[] = "import warp as wp\n@wp.kernel\ndef k():\n"
                             "    x = ";
  char *text = malloc(sizeof head + strlen(expr) + 2);
  sprintf(text, "%s%s\n", head, expr);
  return parse(text);
}

static void done_owned(run *r) {
  char *text = (char *)r->src.text;
  done(r);
  free(text);
}

static void test_imports(check_tally *t) {
  run *r =
      parse("import warp as wp\nimport warp.types as wpt\n"
            "from warp import vec3, kernel as K\n"
            "from warp.types import vector\nimport numpy as np\n"
            "from typing import Any\nfrom . import util\nimport os.path\n");
  const ast_import *wp = find_import(r, "wp"), *wpt = find_import(r, "wpt");
  const ast_import *k = find_import(r, "K"), *v = find_import(r, "vector");
  const ast_import *np = find_import(r, "np"), *u = find_import(r, "util");
  CHECK_IN(t, r->m->nimports == 9 && r->diag.errors == 0);
  CHECK_IN(t, wp && wp->is_warp && !strcmp(wp->target, "") &&
                  !strcmp(wp->module, "warp"));
  CHECK_IN(t, wpt && wpt->is_warp && !strcmp(wpt->target, "types"));
  CHECK_IN(t, k && k->is_warp && !strcmp(k->target, "kernel") &&
                  find_import(r, "vec3"));
  /* warp.types.X is warp.X */
  CHECK_IN(t, v && !strcmp(v->target, "vector") &&
                  !strcmp(v->module, "warp.types"));
  CHECK_IN(t, np && !np->is_warp && !strcmp(np->module, "numpy") &&
                  !strcmp(np->target, ""));
  CHECK_IN(t, u && !strcmp(u->module, ".") && !strcmp(u->target, "util") &&
                  find_import(r, "Any") && find_import(r, "os"));
  CHECK_IN(t, wp->loc.line == 1 && k->loc.line == 3 && k->loc.col == 24);
  done(r);
}

static void test_defs(check_tally *t) {
  run *r =
      parse("@wp.kernel(enable_backward=False)\ndef a(x: int):\n  pass\n"
            "@wp.func\ndef b():\n  return 1\n"
            "@wp.struct\nclass S:\n  \"\"\"doc\"\"\"\n  x: wp.vec3\n"
            "  y: float = 1.5\n  def m(self):\n    pass\n"
            "@wp.func_grad(b)\ndef c():\n  pass\n"
            "def host(n):\n  return [i for i in range(n)]\n"
            "class Host:\n  pass\n@K\ndef d():\n  pass\n"
            "@staticmethod\n@warp.kernel\ndef e():\n  pass\n"
            "import warp as wp\nimport warp\nfrom warp import kernel as K\n");
  const ast_def *a = find_def(r, "a"), *b = find_def(r, "b");
  const ast_def *s = find_def(r, "S"), *c = find_def(r, "c");
  CHECK_IN(t, r->diag.errors == 0 && r->m->ndefs == 8);
  CHECK_IN(t, a && a->kind == AST_DEF_KERNEL && a->decorator &&
                  a->decorator->kind == AST_EXPR_CALL &&
                  !strcmp(a->decorator_name, "kernel") && a->nparams == 1);
  CHECK_IN(t, b && b->kind == AST_DEF_FUNC &&
                  !strcmp(b->decorator_name, "func") && b->body.count == 1 &&
                  b->body.stmts[0]->kind == AST_STMT_RETURN);
  CHECK_IN(t, s && s->kind == AST_DEF_STRUCT && s->nfields == 2 &&
                  !strcmp(s->fields[1].name, "y") &&
                  s->fields[1].default_value->float_value == 1.5 &&
                  s->fields[0].annotation->kind == AST_EXPR_ATTRIBUTE);
  CHECK_IN(t, c && c->kind == AST_DEF_OTHER_WARP &&
                  !strcmp(c->decorator_name, "func_grad"));
  /* a module-level host def keeps its body (warpc may run it at compile
     time); a class body is not kept */
  CHECK_IN(t, find_def(r, "host")->kind == AST_DEF_PLAIN &&
                  find_def(r, "host")->body.count == 1 &&
                  find_def(r, "host")->body.stmts[0]->kind == AST_STMT_RETURN &&
                  find_def(r, "Host")->kind == AST_DEF_PLAIN &&
                  find_def(r, "Host")->body.count == 0);
  CHECK_IN(t, find_def(r, "d")->kind == AST_DEF_KERNEL &&
                  find_def(r, "e")->kind == AST_DEF_KERNEL &&
                  find_def(r, "e")->ndecorators == 2);
  CHECK_IN(t, a->loc.line == 2 && a->loc.col == 5 && a->def_loc.line == 1 &&
                  a->def_loc.col == 1);
  done(r);
}

static void test_globals(check_tally *t) {
  run *r = parse("import warp as wp\nN = 3\nM: int = wp.constant(4)\n"
                 "a = b = 5\nc, d = 1, 2\nX: float\n"
                 "if __name__ == \"__main__\":\n  Z = 1\n");
  /* c, d = 1, 2: the globals c = (1, 2)[0] and d = (1, 2)[1] */
  CHECK_IN(t, r->m->nglobals == 6 && r->diag.errors == 0);
  CHECK_IN(t, !strcmp(r->m->globals[0].name, "N") &&
                  r->m->globals[0].value->int_value == 3 &&
                  r->m->globals[0].loc.line == 2);
  CHECK_IN(t, r->m->globals[1].annotation &&
                  r->m->globals[1].value->kind == AST_EXPR_CALL);
  CHECK_IN(t, !strcmp(r->m->globals[2].name, "a") &&
                  !strcmp(r->m->globals[3].name, "b") &&
                  r->m->globals[3].loc.col == 5);
  CHECK_IN(t, !strcmp(r->m->globals[5].name, "d") &&
                  r->m->globals[5].value->kind == AST_EXPR_SUBSCRIPT &&
                  r->m->globals[5].value->unpack == 2 &&
                  r->m->globals[5].value->value->kind == AST_EXPR_TUPLE &&
                  r->m->globals[5].value->items[0]->int_value == 1);
  done(r);
}

static void test_int_literals(check_tally *t) {
  static const struct {
    const char *text;
    uint64_t value;
  } ok[] = {{"0x1F", 31},
            {"0o17", 15},
            {"0b101", 5},
            {"1_000_000", 1000000},
            {"0", 0},
            {"00", 0},
            {"18446744073709551615", UINT64_MAX}};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    run *r = kernel_expr(ok[i].text);
    const ast_expr *e = first_value(r);
    CHECK_IN(t, e && e->kind == AST_EXPR_INT && e->int_value == ok[i].value &&
                    !strcmp(e->string, ok[i].text) && r->diag.errors == 0);
    done_owned(r);
  }
  /* past uint64: a BIGINT node, reported by the lowering where a kernel
     uses it (test/diag/int_literal_too_large.py), not by the parse, which
     would fail the whole file */
  run *r = kernel_expr("18446744073709551616");
  const ast_expr *big = first_value(r);
  CHECK_IN(t, r->diag.errors == 0 && big && big->kind == AST_EXPR_BIGINT &&
                  !strcmp(big->string, "18446744073709551616"));
  done_owned(r);
  r = parse("BIG = 123456789012345678901234567890\n"); /* host: no error */
  CHECK_IN(t, r->diag.errors == 0 &&
                  r->m->globals[0].value->kind == AST_EXPR_BIGINT);
  done(r);
}

static void test_float_literals(check_tally *t) {
  static const struct {
    const char *text;
    double value;
  } ok[] = {{"1.", 1.0},        {".5", 0.5},       {"1e-3", 1e-3},
            {"1_0.2_5", 10.25}, {"2.5E+2", 250.0}, {"1e400", HUGE_VAL}};
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    run *r = kernel_expr(ok[i].text);
    const ast_expr *e = first_value(r);
    CHECK_IN(t,
             e && e->kind == AST_EXPR_FLOAT && e->float_value == ok[i].value);
    done_owned(r);
  }
  run *r = kernel_expr("1j + 2.5j");
  const ast_expr *e = first_value(r);
  CHECK_IN(t, e->kind == AST_EXPR_BINARY &&
                  e->items[0]->kind == AST_EXPR_UNSUPPORTED &&
                  !strcmp(e->items[0]->name, "complex literal") &&
                  !strcmp(e->items[1]->name, "complex literal"));
  done_owned(r);
}

static void test_strings(check_tally *t) {
  run *r = kernel_expr("\"a\\tb\\x41\\u00e9\" 'c' r'\\n'");
  const ast_expr *e = first_value(r);
  CHECK_IN(t, e->kind == AST_EXPR_STRING && !strcmp(e->string, "a\tbA\xc3\xa9"
                                                               "c\\n"));
  done_owned(r);
  r = kernel_expr("f\"{x}\" + b\"x\"");
  e = first_value(r);
  CHECK_IN(t, !strcmp(e->items[0]->name, "f-string") &&
                  !strcmp(e->items[1]->name, "byte string"));
  done_owned(r);
}

/* Expressions, checked through the printer's one-line form. */
static void test_exprs(check_tally *t) {
  static const char *const cases[][2] = {
      {"a.b[i, j]", "(subscript (attr (name a) b) (name i) (name j))"},
      {"a[1:n, ::2]",
       "(subscript (name a) (slice (int 1) (name n) _) (slice _ _ (int 2)))"},
      {"f(1, y=2)", "(call (name f) (int 1) (kw y (int 2)))"},
      {"f(*a, **k)", "(call (name f) (starred (name a)) "
                     "(unsupported \"starred argument\"))"},
      {"-a ** 2 // b % c @ d",
       "(binop @ (binop % (binop // (unary - (binop ** (name a) (int 2))) "
       "(name b)) (name c)) (name d))"},
      {"a & b | c ^ d << 1 >> 2",
       "(binop | (binop & (name a) (name b)) (binop ^ (name c) (binop >> "
       "(binop << (name d) (int 1)) (int 2))))"},
      {"not a and +b or ~c",
       "(boolop or (boolop and (unary not (name a)) (unary + (name b))) "
       "(unary ~ (name c)))"},
      {"a < b <= c is not d",
       "(compare (name a) < (name b) <= (name c) is not (name d))"},
      {"a in b != (c not in d) is e",
       "(compare (name a) in (name b) != (compare (name c) not in (name d)) "
       "is (name e))"},
      {"a if c else b", "(ifexp (name c) (name a) (name b))"},
      {"(1, True), None, False", "(tuple (tuple (int 1) (bool True)) (none) "
                                 "(bool False))"},
      {"((a))", "(name a)"},
      {"[1] + {1: 2} + {1} + (lambda: 1)",
       "(binop + (binop + (binop + (unsupported \"list\") (unsupported "
       "\"dict\")) (unsupported \"set\")) (unsupported \"lambda\"))"},
      {"f(i for i in a) + [i for i in a]",
       "(binop + (call (name f) (unsupported \"generator expression\")) "
       "(unsupported \"list comprehension\"))"},
      {"(y := 2)", "(unsupported \"named expression\")"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    run *r = kernel_expr(cases[i][0]);
    char *out = printed(r);
    char want[512];
    snprintf(want, sizeof want, "    value %s\n", cases[i][1]);
    CHECK_IN(t, strstr(out, want) != NULL && r->diag.errors == 0);
    if (!strstr(out, want))
      fprintf(stderr, "  %s\n  got:\n%s  want: %s", cases[i][0], out, want);
    free(out);
    done_owned(r);
  }
}

static const char stmt_src[] = "import warp as wp\n"
                               "@wp.kernel\n"
                               "def k(x: wp.array(dtype=float), n: int):\n"
                               "    \"\"\"doc\"\"\"\n"
                               "    i = wp.tid()\n"
                               "    a = b = 0\n"
                               "    p, q = f()\n"
                               "    x[i] += 1.0\n"
                               "    y: float = 2.0\n"
                               "    if i < n:\n"
                               "        pass\n"
                               "    elif i == n:\n"
                               "        return\n"
                               "    else:\n"
                               "        return i\n"
                               "    for j in range(3):\n"
                               "        break\n"
                               "    else:\n"
                               "        continue\n"
                               "    while a:\n"
                               "        a -= 1\n"
                               "    def inner():\n"
                               "        pass\n"
                               "    class C:\n"
                               "        pass\n"
                               "    assert i\n"
                               "    try:\n"
                               "        pass\n"
                               "    except E:\n"
                               "        pass\n"
                               "    with a:\n"
                               "        pass\n"
                               "    del a\n"
                               "    global g\n"
                               "    raise E\n"
                               "    import os\n"
                               "    yield i\n"
                               "    print(i)\n";

static void test_stmts(check_tally *t) {
  run *r = parse(stmt_src);
  const ast_def *k = find_def(r, "k");
  CHECK_IN(t, k && r->diag.errors == 0 && k->body.count == 20);
  if (!k || k->body.count != 22) {
    done(r);
    return;
  }
  ast_stmt **s = k->body.stmts;
  CHECK_IN(t,
           s[0]->kind == AST_STMT_EXPR && s[0]->value->kind == AST_EXPR_STRING);
  CHECK_IN(t, s[2]->kind == AST_STMT_ASSIGN && s[2]->ntargets == 2 &&
                  s[3]->targets[0]->kind == AST_EXPR_TUPLE);
  CHECK_IN(t, s[4]->kind == AST_STMT_AUGASSIGN && s[4]->op == AST_OP_ADD &&
                  s[5]->kind == AST_STMT_ANNASSIGN && s[5]->annotation);
  const ast_stmt *elif = s[6]->orelse.count ? s[6]->orelse.stmts[0] : NULL;
  CHECK_IN(t, s[6]->kind == AST_STMT_IF && elif && elif->elif_chain &&
                  elif->kind == AST_STMT_IF && elif->orelse.count == 1 &&
                  elif->orelse.stmts[0]->value->kind == AST_EXPR_NAME);
  CHECK_IN(t, s[7]->kind == AST_STMT_FOR && s[7]->body.count == 1 &&
                  s[7]->body.stmts[0]->kind == AST_STMT_BREAK &&
                  s[7]->orelse.stmts[0]->kind == AST_STMT_CONTINUE);
  CHECK_IN(t, s[8]->kind == AST_STMT_WHILE &&
                  s[8]->body.stmts[0]->op == AST_OP_SUB);
  CHECK_IN(t, s[9]->kind == AST_STMT_DEF && !strcmp(s[9]->def->name, "inner"));
  static const char *const names[] = {
      "class definition", "assert statement", "try statement",
      "with statement",   "del statement",    "global statement",
      "raise statement",  "import statement", "yield"};
  bool all = true;
  for (int i = 0; i < 9; i++)
    all = all && s[10 + i]->kind == AST_STMT_UNSUPPORTED &&
          !strcmp(s[10 + i]->name, names[i]);
  CHECK_IN(t, all);
  /* locations: `x[i] += 1.0` at 8:5, its value at 8:13 */
  CHECK_IN(t, s[4]->loc.line == 8 && s[4]->loc.col == 5 &&
                  s[4]->value->loc.line == 8 && s[4]->value->loc.col == 13 &&
                  s[4]->value->loc.end - s[4]->value->loc.start == 3);
  CHECK_IN(t, k->params[0].loc.line == 3 && k->params[0].loc.col == 7 &&
                  k->params[1].annotation->kind == AST_EXPR_NAME);
  done(r);
}

static void test_print(check_tally *t) {
  run *r = parse(stmt_src);
  char *out = printed(r);
  CHECK_IN(t, strstr(out, "import wp = warp @1:8\n"));
  CHECK_IN(t, strstr(out, "kernel k @3:5\n  decorator (attr (name wp) kernel)\n"
                          "  param x: (call (attr (name wp) array) (kw dtype "
                          "(name float))) @3:7\n"));
  CHECK_IN(t, strstr(out, "  assign @5:5\n    target (name i)\n"
                          "    value (call (attr (name wp) tid))\n"));
  CHECK_IN(t, strstr(out, "    else\n      elif @12:5\n        cond (compare "
                          "(name i) == (name n))\n"));
  CHECK_IN(t, strstr(out, "  augassign += @8:5\n"));
  CHECK_IN(t, strstr(out, "  unsupported \"try statement\" @27:5\n"));
  free(out);
  CHECK_IN(t, strcmp(wp_ast_op_str(AST_OP_NOT_IN), "not in") == 0 &&
                  strcmp(wp_ast_op_str(AST_OP_FLOORDIV), "//") == 0);
  done(r);
}

static void test_syntax_errors(check_tally *t) {
  run *r = parse("import warp as wp\n@wp.kernel\ndef k(x: int):\n"
                 "    y = (x + 1\n");
  CHECK_IN(t,
           r->m && r->diag.errors == 1 &&
               strstr(r->diag_text, "t.py:4:9: error: '(' was never closed"));
  done(r);
  r = parse("x = 3 $ 4\ndef f():\n  a = 1\n   b = 2\ndef h(:\n  pass\n");
  CHECK_IN(t, r->diag.errors == 3);
  CHECK_IN(t, strstr(r->diag_text, "t.py:1:7: error: invalid syntax: "
                                   "unexpected '$'") &&
                  strstr(r->diag_text, "t.py:4:4: error: unexpected indent") &&
                  strstr(r->diag_text, "t.py:5:7: error: expected ')'"));
  done(r);
  r = parse("def f():\n  a = 1\n b = 2\nif x\n    pass\n");
  CHECK_IN(t, r->diag.errors == 1 &&
                  strstr(r->diag_text, "t.py:4:5: error: expected ':'"));
  done(r);
  r = parse("def f():\n  a = 1\n b = 2\n");
  CHECK_IN(t, r->diag.errors == 1 &&
                  strstr(r->diag_text, "t.py:3:2: error: unindent does not "
                                       "match any outer indentation level"));
  done(r);
  /* accepted by the grammar, rejected by Python */
  r = parse("def f():\n    f(x)  g(y)\n    x = y += 1\nimport a,\n");
  CHECK_IN(t, r->diag.errors == 3 &&
                  strstr(r->diag_text, "t.py:2:11: error: invalid syntax") &&
                  strstr(r->diag_text, "t.py:3:11: error: invalid syntax") &&
                  strstr(r->diag_text, "t.py:4:9: error: trailing comma"));
  done(r);
  /* the mistake, not where tree-sitter's recovery noticed it */
  r = parse("def f(a):\n    a = g(a, (1 + 2)\n    a = a * 3\n");
  CHECK_IN(t,
           r->diag.errors == 1 &&
               strstr(r->diag_text, "t.py:2:10: error: '(' was never closed"));
  done(r);
  r = parse("def f(a):\n    for j in range(3)\n        a = a + 1\n"
            "def g(a)\n    return a\n");
  CHECK_IN(t, r->diag.errors == 2 &&
                  strstr(r->diag_text, "t.py:2:22: error: expected ':'") &&
                  strstr(r->diag_text, "t.py:4:9: error: expected ':'"));
  done(r);
  r = parse("def f(x):\n    y = g(x,\n          1]\n    return 1\n");
  CHECK_IN(t, r->diag.errors == 1 &&
                  strstr(r->diag_text, "t.py:3:12: error: closing parenthesis "
                                       "']' does not match opening parenthesis "
                                       "'(' on line 2"));
  done(r);
  r = parse("def f():\n\tif x:\n        pass\n");
  CHECK_IN(t, r->diag.errors >= 1 &&
                  strstr(r->diag_text, "inconsistent use of tabs and spaces"));
  done(r);
}

static void test_host_code(check_tally *t) {
  run *r =
      parse("import numpy as np\nimport warp as wp\n"
            "class Sim:\n    def __init__(self):\n        self.x = [i for i in "
            "range(3)]\n        self.d = {k: v for k, v in z}\n"
            "    async def run(self):\n        await g()\n"
            "def main(*args, **kw):\n    with open('f') as f:\n        pass\n"
            "    try:\n        import torch\n    except ImportError:\n"
            "        raise\n    return lambda x: x\n"
            "if __name__ == \"__main__\":\n    wp.launch(k, dim=1, "
            "inputs=[np.ones(3)])\n"
            "    main()\n");
  CHECK_IN(t, r->diag.errors == 0 && r->m->ndefs == 2 && r->m->nglobals == 0);
  CHECK_IN(t, find_def(r, "main")->nparams == 2 &&
                  find_def(r, "main")->params[1].star);
  done(r);
}

int main(void) {
  check_tally t = {0, 0};
  test_imports(&t);
  test_defs(&t);
  test_globals(&t);
  test_int_literals(&t);
  test_float_literals(&t);
  test_strings(&t);
  test_exprs(&t);
  test_stmts(&t);
  test_print(&t);
  test_syntax_errors(&t);
  test_host_code(&t);
  return check_report_in(&t, NULL);
}
