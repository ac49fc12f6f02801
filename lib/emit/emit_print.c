/* emit_print.c - the printf calls of IR_PRINT (print, wp.printf, failed
 * asserts and wp.expect_*): Warp's print formats per scalar type, split
 * into calls of at most PRINTF_MAX_ARGS arguments for CUDA. */
#include <stdio.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "emit_internal.h"

/* CUDA's printf takes at most this many arguments after the format (the
 * rest are dropped); longer prints are split into several calls. */
enum { PRINTF_MAX_ARGS = 32 };

/* One printf call: the format fmt[0..len) and args [a, b) of v. */
static void print_call(emit_ctx *e, const ir_value *v, const char *fmt,
                       size_t len, int a, int b) {
  FILE *out = e->out;
  fputs(e->target->cuda ? "printf(" : "wp_printf(", out);
  emit_c_string(out, wp_arena_strndup(e->m->arena, fmt, len));
  for (int i = a; i < b; i++) {
    fputs(", ", out);
    bool bl = ir_type_is_bool(v->args[i]->type);
    if (bl)
      fputc('(', out);
    emit_name(out, v->args[i]);
    if (bl)
      fputs(" ? \"True\" : \"False\")", out);
  }
  fputs(");", out);
}

/* The printf conversion of a value printed as Warp's print() shows a
 * scalar of type t (bools are passed as "True" / "False"). */
static const char *print_conversion(const ir_type *t) {
  if (ir_type_is_float(t))
    return "%g"; /* a double: lowering widened it */
  if (ir_type_is_bool(t))
    return "%s";
  if (t->scalar == WP_SCALAR_INT64)
    return "%lld";
  if (t->scalar == WP_SCALAR_UINT64)
    return "%llu";
  return ir_type_is_signed(t) ? "%d" : "%u";
}

/* Appends s to the format being built in buf[*len], growing it. */
static void format_put(wp_arena *a, char **buf, size_t *len, size_t *cap,
                       const char *s, size_t n) {
  if (*len + n + 1 > *cap) {
    size_t c = *cap ? *cap : 256;
    while (*len + n + 1 > c)
      c *= 2;
    char *nb = wp_arena_alloc(a, c);
    if (*len)
      memcpy(nb, *buf, *len);
    *buf = nb;
    *cap = c;
  }
  memcpy(*buf + *len, s, n);
  *len += n;
  (*buf)[*len] = 0;
}

/* The printf format of IR_PRINT v: its text pieces with '%' doubled, a
 * conversion for each value, wp.printf's format as it is. */
static const char *print_format(emit_ctx *e, const ir_value *v) {
  wp_arena *a = e->m->arena;
  char *buf = "";
  size_t len = 0, cap = 0;
  for (int i = 0; i < v->print->npieces; i++) {
    const ir_print_piece *p = &v->print->pieces[i];
    const char *s = p->kind == IR_PIECE_VALUE
                        ? print_conversion(v->args[p->arg]->type)
                        : p->text;
    if (p->kind != IR_PIECE_TEXT) {
      format_put(a, &buf, &len, &cap, s, strlen(s));
      continue;
    }
    for (const char *t = s; *t; t++) { /* runs without '%', then "%%" */
      size_t n = strcspn(t, "%");
      format_put(a, &buf, &len, &cap, t, n);
      t += n;
      if (!*t)
        break;
      format_put(a, &buf, &len, &cap, "%%", 2);
    }
  }
  return buf;
}

/* The printf calls of IR_PRINT v (its values from args[first]): one call,
 * or, past PRINTF_MAX_ARGS values, the format cut before a conversion
 * into calls of at most that many values each. */
void emit_print_calls(emit_ctx *e, const ir_value *v, int first) {
  if (emit_print_has_tile(v)) { /* print(tile): emit_tile_print.c */
    emit_tile_print_calls(e, v);
    return;
  }
  const char *f = print_format(e, v);
  if (v->nargs - first <= PRINTF_MAX_ARGS) {
    print_call(e, v, f, strlen(f), first, v->nargs);
    return;
  }
  size_t start = 0;
  int arg = first, chunk_arg = first;
  for (size_t i = 0; f[i]; i++) {
    if (f[i] != '%')
      continue;
    if (f[i + 1] == '%') {
      i++;
      continue;
    }
    /* a conversion: one value, and one more per '*' width or precision */
    int k = 1;
    size_t j = i + 1;
    while (f[j] && !strchr("diouxXeEfFgGaAcspn", f[j]))
      k += f[j++] == '*';
    if (arg - chunk_arg + k > PRINTF_MAX_ARGS && arg > chunk_arg &&
        arg + k <= v->nargs) {
      print_call(e, v, f + start, i - start, chunk_arg, arg);
      fputc(' ', e->out);
      start = i;
      chunk_arg = arg;
    }
    arg += k;
    if (!f[j])
      break;
    i = j;
  }
  print_call(e, v, f + start, strlen(f + start), chunk_arg, v->nargs);
}
