/* ast_print.c - the AST as an indented tree (warpc --emit=ast). */
#include "parse.h"

#include <inttypes.h>

const char *wp_ast_op_str(ast_op op) {
  switch (op) {
  case AST_OP_NONE: return "?";
  case AST_OP_ADD: return "+";
  case AST_OP_SUB: return "-";
  case AST_OP_MUL: return "*";
  case AST_OP_DIV: return "/";
  case AST_OP_FLOORDIV: return "//";
  case AST_OP_MOD: return "%";
  case AST_OP_POW: return "**";
  case AST_OP_MATMUL: return "@";
  case AST_OP_BITAND: return "&";
  case AST_OP_BITOR: return "|";
  case AST_OP_BITXOR: return "^";
  case AST_OP_LSHIFT: return "<<";
  case AST_OP_RSHIFT: return ">>";
  case AST_OP_NEG: return "-";
  case AST_OP_POS: return "+";
  case AST_OP_NOT: return "not";
  case AST_OP_INVERT: return "~";
  case AST_OP_AND: return "and";
  case AST_OP_OR: return "or";
  case AST_OP_EQ: return "==";
  case AST_OP_NE: return "!=";
  case AST_OP_LT: return "<";
  case AST_OP_LE: return "<=";
  case AST_OP_GT: return ">";
  case AST_OP_GE: return ">=";
  case AST_OP_IS: return "is";
  case AST_OP_IS_NOT: return "is not";
  case AST_OP_IN: return "in";
  case AST_OP_NOT_IN: return "not in";
  }
  return "?";
}

/* --- expressions: one line, s-expression style --------------------------- */

/* Strings are printed quoted with C escapes so every node stays on one line. */
static void print_quoted(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p == '\n')
      fputs("\\n", out);
    else if (*p < 0x20 || *p == 0x7f)
      fprintf(out, "\\x%02x", *p);
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

static void print_expr(FILE *out, const ast_expr *e);

static void print_items(FILE *out, const ast_expr *e) {
  for (int i = 0; i < e->nitems; i++) {
    fputc(' ', out);
    print_expr(out, e->items[i]);
  }
}

static void print_call(FILE *out, const ast_expr *e) {
  fputs("(call ", out);
  print_expr(out, e->value);
  print_items(out, e);
  for (int i = 0; i < e->nkeywords; i++) {
    fprintf(out, " (kw %s ", e->keywords[i].name);
    print_expr(out, e->keywords[i].value);
    fputc(')', out);
  }
  fputc(')', out);
}

static void print_compare(FILE *out, const ast_expr *e) {
  fputs("(compare ", out);
  for (int i = 0; i < e->nitems; i++) {
    if (i)
      fprintf(out, " %s ", wp_ast_op_str(e->ops[i - 1]));
    print_expr(out, e->items[i]);
  }
  fputc(')', out);
}

/* Kinds printed as `(word items...)`. */
static const char *list_word(ast_expr_kind k) {
  switch (k) {
  case AST_EXPR_SLICE: return "slice";
  case AST_EXPR_IFEXP: return "ifexp";
  case AST_EXPR_TUPLE: return "tuple";
  case AST_EXPR_BINARY: return "binop";
  case AST_EXPR_UNARY: return "unary";
  case AST_EXPR_BOOLOP: return "boolop";
  default: return NULL;
  }
}

static void print_expr(FILE *out, const ast_expr *e) {
  if (!e) { /* an absent slice part */
    fputc('_', out);
    return;
  }
  const char *word = list_word(e->kind);
  switch (e->kind) {
  case AST_EXPR_NAME: fprintf(out, "(name %s)", e->name); return;
  case AST_EXPR_INT: fprintf(out, "(int %" PRIu64 ")", e->int_value); return;
  case AST_EXPR_BIGINT: fprintf(out, "(bigint %s)", e->string); return;
  case AST_EXPR_FLOAT: fprintf(out, "(float %.17g)", e->float_value); return;
  case AST_EXPR_BOOL:
    fprintf(out, "(bool %s)", e->bool_value ? "True" : "False");
    return;
  case AST_EXPR_NONE: fputs("(none)", out); return;
  case AST_EXPR_STRING:
    fputs("(str ", out);
    print_quoted(out, e->string);
    fputc(')', out);
    return;
  case AST_EXPR_ATTRIBUTE:
    fputs("(attr ", out);
    print_expr(out, e->value);
    fprintf(out, " %s)", e->name);
    return;
  case AST_EXPR_SUBSCRIPT:
    fputs("(subscript ", out);
    print_expr(out, e->value);
    print_items(out, e);
    fputc(')', out);
    return;
  case AST_EXPR_CALL: print_call(out, e); return;
  case AST_EXPR_COMPARE: print_compare(out, e); return;
  case AST_EXPR_STARRED:
    fputs("(starred ", out);
    print_expr(out, e->value);
    fputc(')', out);
    return;
  case AST_EXPR_UNSUPPORTED:
    fprintf(out, "(unsupported \"%s\")", e->name);
    return;
  default: break;
  }
  fprintf(out, "(%s", word ? word : "?");
  if (e->kind == AST_EXPR_BINARY || e->kind == AST_EXPR_UNARY ||
      e->kind == AST_EXPR_BOOLOP)
    fprintf(out, " %s", wp_ast_op_str(e->op));
  print_items(out, e);
  fputc(')', out);
}

/* --- statements and definitions: one node per line ---------------------- */

static void indent(FILE *out, int depth) {
  fprintf(out, "%*s", depth * 2, "");
}

static void at(FILE *out, wp_loc loc) {
  fprintf(out, " @%u:%u\n", loc.line, loc.col);
}

/* `label EXPR` on a line of its own, below the node it belongs to. */
static void expr_line(FILE *out, int depth, const char *label,
                      const ast_expr *e) {
  indent(out, depth);
  fprintf(out, "%s ", label);
  print_expr(out, e);
  fputc('\n', out);
}

static void print_def(FILE *out, const ast_def *d, int depth);
static void print_stmt(FILE *out, const ast_stmt *s, int depth);

static void print_block(FILE *out, const char *label, ast_block b, int depth) {
  indent(out, depth);
  fprintf(out, "%s\n", label);
  for (int i = 0; i < b.count; i++)
    print_stmt(out, b.stmts[i], depth + 1);
}

static const char *stmt_word(const ast_stmt *s) {
  switch (s->kind) {
  case AST_STMT_EXPR: return "expr";
  case AST_STMT_ASSIGN: return "assign";
  case AST_STMT_AUGASSIGN: return "augassign";
  case AST_STMT_ANNASSIGN: return "annassign";
  case AST_STMT_IF: return s->elif_chain ? "elif" : "if";
  case AST_STMT_FOR: return "for";
  case AST_STMT_WHILE: return "while";
  case AST_STMT_BREAK: return "break";
  case AST_STMT_CONTINUE: return "continue";
  case AST_STMT_RETURN: return "return";
  case AST_STMT_PASS: return "pass";
  case AST_STMT_ASSERT: return "assert";
  case AST_STMT_DEF: return "def";
  case AST_STMT_UNSUPPORTED: return "unsupported";
  }
  return "?";
}

static void print_stmt_head(FILE *out, const ast_stmt *s, int depth) {
  indent(out, depth);
  fputs(stmt_word(s), out);
  if (s->kind == AST_STMT_AUGASSIGN)
    fprintf(out, " %s=", wp_ast_op_str(s->op));
  if (s->kind == AST_STMT_UNSUPPORTED)
    fprintf(out, " \"%s\"", s->name);
  at(out, s->loc);
}

static void print_stmt(FILE *out, const ast_stmt *s, int depth) {
  if (s->kind == AST_STMT_DEF) {
    print_def(out, s->def, depth);
    return;
  }
  print_stmt_head(out, s, depth);
  for (int i = 0; i < s->ntargets; i++)
    expr_line(out, depth + 1, "target", s->targets[i]);
  if (s->annotation)
    expr_line(out, depth + 1, "annotation", s->annotation);
  if (s->cond)
    expr_line(out, depth + 1, s->kind == AST_STMT_FOR ? "iter" : "cond",
              s->cond);
  if (s->value)
    expr_line(out, depth + 1, "value", s->value);
  if (s->kind == AST_STMT_IF || s->kind == AST_STMT_FOR ||
      s->kind == AST_STMT_WHILE) {
    print_block(out, "body", s->body, depth + 1);
    if (s->orelse.count)
      print_block(out, "else", s->orelse, depth + 1);
  }
}

static const char *def_word(const ast_def *d) {
  switch (d->kind) {
  case AST_DEF_KERNEL: return "kernel";
  case AST_DEF_FUNC: return "func";
  case AST_DEF_STRUCT: return "struct";
  case AST_DEF_OTHER_WARP: return "warp-def";
  case AST_DEF_PLAIN: return "def";
  }
  return "?";
}

static void print_param(FILE *out, const ast_param *p, int depth) {
  indent(out, depth);
  fprintf(out, "param %s%s", p->star ? "*" : "", p->name);
  if (p->annotation) {
    fputs(": ", out);
    print_expr(out, p->annotation);
  }
  if (p->default_value) {
    fputs(" = ", out);
    print_expr(out, p->default_value);
  }
  at(out, p->loc);
}

static void print_field(FILE *out, const ast_field *f, int depth) {
  indent(out, depth);
  fprintf(out, "%s %s", f->annotation ? "field" : "member", f->name);
  if (f->annotation) {
    fputs(": ", out);
    print_expr(out, f->annotation);
  }
  if (f->default_value) {
    fputs(" = ", out);
    print_expr(out, f->default_value);
  }
  at(out, f->loc);
}

static void print_def(FILE *out, const ast_def *d, int depth) {
  indent(out, depth);
  fprintf(out, "%s %s", def_word(d), d->name);
  if (d->kind == AST_DEF_OTHER_WARP)
    fprintf(out, " (%s)", d->decorator_name);
  at(out, d->loc);
  for (int i = 0; i < d->ndecorators; i++)
    expr_line(out, depth + 1, "decorator", d->decorators[i]);
  for (int i = 0; i < d->nparams; i++)
    print_param(out, &d->params[i], depth + 1);
  if (d->returns)
    expr_line(out, depth + 1, "returns", d->returns);
  for (int i = 0; i < d->nbases; i++)
    expr_line(out, depth + 1, "base", d->bases[i]);
  for (int i = 0; i < d->nfields; i++)
    print_field(out, &d->fields[i], depth + 1);
  for (int i = 0; i < d->body.count; i++)
    print_stmt(out, d->body.stmts[i], depth + 1);
}

/* --- module -------------------------------------------------------------- */

/* Warp imports print as the full path they name (`vec3 = warp.vec3`); other
 * imports as module and imported name. */
static void print_import(FILE *out, const ast_import *im) {
  if (im->is_warp)
    fprintf(out, "import %s = warp%s%s", im->local, im->target[0] ? "." : "",
            im->target);
  else
    fprintf(out, "host-import %s = %s%s%s", im->local, im->module,
            im->target[0] ? " : " : "", im->target);
  at(out, im->loc);
}

void wp_ast_print(FILE *out, const ast_module *m) {
  for (int i = 0; i < m->nimports; i++)
    print_import(out, &m->imports[i]);
  for (int i = 0; i < m->nglobals; i++) {
    const ast_global *g = &m->globals[i];
    fprintf(out, "global %s", g->name);
    if (g->annotation) {
      fputs(": ", out);
      print_expr(out, g->annotation);
    }
    fputs(" = ", out);
    print_expr(out, g->value);
    at(out, g->loc);
  }
  for (int i = 0; i < m->ndefs; i++)
    print_def(out, m->defs[i], 0);
}
