/* lower_const_host.c - the parts of Python's math module, of numpy and of
 * the builtins that module-level constants and wp.static() expressions use
 * (`math.cos(TILT)`, `np.finfo(np.float32).eps`, `np.float32(0.5)`,
 * `round(x)`), evaluated at compile time as Python would.
 *
 * math's functions return Python floats (doubles, the same C library
 * functions CPython calls).  numpy's values are numpy scalars: warp-lang
 * 1.19.0 rejects a numpy scalar captured in a kernel ("Invalid external
 * reference type"), so warpc keeps them marked (cvalue.npy) and accepts
 * them only converted: float(...), int(...), wp.float32(...), ...  Only
 * numpy functions whose result is exact (sqrt, abs, floor, ceil) are
 * evaluated; others are reported as not constant, rather than risk an
 * answer one ulp away from numpy's own loops. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "../../runtime/include/warp/abi.h"
#include "lower_cvalue.h"

/* Reports at loc unless the caller reports (c->const_quiet); -1. */
static int host_error(lower_ctx *c, wp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int host_error(lower_ctx *c, wp_loc loc, const char *fmt, ...) {
  if (c->const_quiet)
    return -1;
  va_list ap;
  va_start(ap, fmt);
  const char *msg = wp_arena_vprintf(c->A, fmt, ap);
  va_end(ap);
  wp_error(c->diag, loc, "%s", msg);
  return -1;
}

/* The dotted path ("math.cos", "numpy.finfo") that e names through this
 * module's host imports of math or numpy (`import math`, `import numpy as
 * np`, `from math import cos`), or NULL. */
static const char *host_path(lower_ctx *c, const ast_expr *e, int depth) {
  if (depth > 8)
    return NULL;
  if (e->kind == AST_EXPR_ATTRIBUTE) {
    const char *base = host_path(c, e->value, depth + 1);
    return base ? wp_arena_printf(c->A, "%s.%s", base, e->name) : NULL;
  }
  if (e->kind != AST_EXPR_NAME)
    return NULL;
  binding b = lower_lookup(c, c->mod, e->name);
  const ast_import *im = b.import;
  if (b.kind != BIND_OTHER || !im || im->is_warp ||
      (strcmp(im->module, "math") && strcmp(im->module, "numpy")))
    return NULL;
  return im->target[0] ? wp_arena_printf(c->A, "%s.%s", im->module, im->target)
                       : im->module;
}

typedef enum host_fn {
  HF_SQRT,
  HF_SIN,
  HF_COS,
  HF_TAN,
  HF_ASIN,
  HF_ACOS,
  HF_ATAN,
  HF_SINH,
  HF_COSH,
  HF_TANH,
  HF_EXP,
  HF_EXPM1,
  HF_LOG,
  HF_LOG2,
  HF_LOG10,
  HF_LOG1P,
  HF_FABS,
  HF_RADIANS,
  HF_DEGREES,
  HF_FLOOR,
  HF_CEIL,
  HF_TRUNC,
  HF_ATAN2,
  HF_POW,
  HF_HYPOT,
  HF_COPYSIGN,
  HF_FMOD,
  HF_NP_SQRT,
  HF_NP_ABS,
  HF_NP_FLOOR,
  HF_NP_CEIL,
  HF_COUNT
} host_fn;

/* name, number of arguments (log takes 1 or 2), result an int (floor, ceil
 * and trunc of math return ints) */
static const struct {
  const char *name;
  int nargs;
  bool to_int;
} host_fns[HF_COUNT] = {
    [HF_SQRT] = {"math.sqrt", 1, false},
    [HF_SIN] = {"math.sin", 1, false},
    [HF_COS] = {"math.cos", 1, false},
    [HF_TAN] = {"math.tan", 1, false},
    [HF_ASIN] = {"math.asin", 1, false},
    [HF_ACOS] = {"math.acos", 1, false},
    [HF_ATAN] = {"math.atan", 1, false},
    [HF_SINH] = {"math.sinh", 1, false},
    [HF_COSH] = {"math.cosh", 1, false},
    [HF_TANH] = {"math.tanh", 1, false},
    [HF_EXP] = {"math.exp", 1, false},
    [HF_EXPM1] = {"math.expm1", 1, false},
    [HF_LOG] = {"math.log", 1, false},
    [HF_LOG2] = {"math.log2", 1, false},
    [HF_LOG10] = {"math.log10", 1, false},
    [HF_LOG1P] = {"math.log1p", 1, false},
    [HF_FABS] = {"math.fabs", 1, false},
    [HF_RADIANS] = {"math.radians", 1, false},
    [HF_DEGREES] = {"math.degrees", 1, false},
    [HF_FLOOR] = {"math.floor", 1, true},
    [HF_CEIL] = {"math.ceil", 1, true},
    [HF_TRUNC] = {"math.trunc", 1, true},
    [HF_ATAN2] = {"math.atan2", 2, false},
    [HF_POW] = {"math.pow", 2, false},
    [HF_HYPOT] = {"math.hypot", 2, false},
    [HF_COPYSIGN] = {"math.copysign", 2, false},
    [HF_FMOD] = {"math.fmod", 2, false},
    [HF_NP_SQRT] = {"numpy.sqrt", 1, false},
    [HF_NP_ABS] = {"numpy.abs", 1, false},
    [HF_NP_FLOOR] = {"numpy.floor", 1, false},
    [HF_NP_CEIL] = {"numpy.ceil", 1, false},
};

static double apply(host_fn f, double x, double y) {
  switch (f) {
  case HF_SQRT:
  case HF_NP_SQRT: return sqrt(x);
  case HF_SIN: return sin(x);
  case HF_COS: return cos(x);
  case HF_TAN: return tan(x);
  case HF_ASIN: return asin(x);
  case HF_ACOS: return acos(x);
  case HF_ATAN: return atan(x);
  case HF_SINH: return sinh(x);
  case HF_COSH: return cosh(x);
  case HF_TANH: return tanh(x);
  case HF_EXP: return exp(x);
  case HF_EXPM1: return expm1(x);
  case HF_LOG: return log(x);
  case HF_LOG2: return log2(x);
  case HF_LOG10: return log10(x);
  case HF_LOG1P: return log1p(x);
  case HF_FABS:
  case HF_NP_ABS: return fabs(x);
  /* CPython: x * (pi / 180), x * (180 / pi) */
  case HF_RADIANS: return x * (3.14159265358979323846 / 180.0);
  case HF_DEGREES: return x * (180.0 / 3.14159265358979323846);
  case HF_FLOOR:
  case HF_NP_FLOOR: return floor(x);
  case HF_CEIL:
  case HF_NP_CEIL: return ceil(x);
  case HF_TRUNC: return trunc(x);
  case HF_ATAN2: return atan2(x, y);
  case HF_POW: return pow(x, y);
  case HF_HYPOT: return hypot(x, y);
  case HF_COPYSIGN: return copysign(x, y);
  case HF_FMOD: return fmod(x, y);
  case HF_COUNT: break;
  }
  return NAN;
}

/* numpy's scalar types, as warp's scalars of the same name */
static const ir_type *np_scalar_type(lower_ctx *c, const char *path) {
  static const struct {
    const char *name;
    int scalar;
  } types[] = {
      {"numpy.float16", WP_SCALAR_FLOAT16},
      {"numpy.float32", WP_SCALAR_FLOAT32},
      {"numpy.float64", WP_SCALAR_FLOAT64},
      {"numpy.int8", WP_SCALAR_INT8},
      {"numpy.uint8", WP_SCALAR_UINT8},
      {"numpy.int16", WP_SCALAR_INT16},
      {"numpy.uint16", WP_SCALAR_UINT16},
      {"numpy.int32", WP_SCALAR_INT32},
      {"numpy.uint32", WP_SCALAR_UINT32},
      {"numpy.int64", WP_SCALAR_INT64},
      {"numpy.uint64", WP_SCALAR_UINT64},
  };
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if (!strcmp(path, types[i].name))
      return ir_t_scalar(c->T, types[i].scalar);
  return NULL;
}

/* The scalar type an argument of np.finfo / np.iinfo names: a numpy type
 * (np.float32) or a warp one (wp.float32). */
static const ir_type *info_type(lower_ctx *c, const ast_expr *e) {
  const char *p = host_path(c, e, 0);
  if (p)
    return np_scalar_type(c, p);
  const char *w = lower_warp_path(c, e);
  if (!w)
    return NULL;
  entity en = lower_warp_name(c, w);
  return en.kind == ENT_TYPE && en.type->kind == IR_T_SCALAR ? en.type : NULL;
}

/* A numpy scalar of type t holding x (rounded to t) or i. */
static void np_value(const ir_type *t, double x, int64_t i, cvalue *out) {
  memset(out, 0, sizeof *out);
  out->npy = t;
  if (ir_type_is_float(t)) {
    out->kind = CV_FLOAT;
    out->f = ir_round_float(t, x);
  } else {
    out->kind = CV_INT;
    out->i = ir_wrap_int(t, i);
  }
}

/* np.finfo(T).NAME, np.iinfo(T).NAME */
static int info_attr(lower_ctx *c, const ast_expr *e, cvalue *out) {
  const ast_expr *call = e->value;
  if (call->kind != AST_EXPR_CALL || call->nitems != 1 || call->nkeywords)
    return 0;
  const char *p = host_path(c, call->value, 0);
  if (!p || (strcmp(p, "numpy.finfo") && strcmp(p, "numpy.iinfo")))
    return 0;
  bool fl = p[6] == 'f';
  const ir_type *t = info_type(c, call->items[0]);
  if (!t || ir_type_is_float(t) != fl || ir_type_is_bool(t)) {
    return host_error(c, call->items[0]->loc,
                      "warpc evaluates np.%s of a numpy or warp %s type only",
                      fl ? "finfo" : "iinfo", fl ? "float" : "integer");
  }
  const char *n = e->name;
  if (!fl) { /* iinfo's max and min are Python ints */
    int bits = ir_type_size(t) * 8;
    bool sgn = ir_type_is_signed(t);
    memset(out, 0, sizeof *out);
    out->kind = CV_INT;
    if (!strcmp(n, "max"))
      out->i = sgn ? (int64_t)((UINT64_MAX >> (65 - bits)))
                   : (bits == 64 ? -1 : (int64_t)((1ull << bits) - 1));
    else if (!strcmp(n, "min"))
      out->i = sgn ? -(int64_t)(UINT64_MAX >> (65 - bits)) - 1 : 0;
    else
      return 0;
    if (!sgn && bits == 64 && !strcmp(n, "max")) {
      return host_error(c, e->loc,
                        "np.iinfo(uint64).max does not fit the integers "
                        "warpc evaluates; write it as a wp.uint64 constant");
    }
    return 1;
  }
  double eps, mx, tiny;
  switch (t->scalar) {
  case WP_SCALAR_FLOAT16: eps = 0x1p-10, mx = 65504.0, tiny = 0x1p-14; break;
  case WP_SCALAR_FLOAT32:
    eps = FLT_EPSILON, mx = FLT_MAX, tiny = FLT_MIN;
    break;
  default: eps = DBL_EPSILON, mx = DBL_MAX, tiny = DBL_MIN; break;
  }
  double v;
  if (!strcmp(n, "eps"))
    v = eps;
  else if (!strcmp(n, "max"))
    v = mx;
  else if (!strcmp(n, "min"))
    v = -mx;
  else if (!strcmp(n, "tiny") || !strcmp(n, "smallest_normal"))
    v = tiny;
  else
    return 0;
  np_value(t, v, 0, out);
  return 1;
}

int lower_cv_host_attr(lower_ctx *c, const ast_expr *e, cvalue *out) {
  int r = info_attr(c, e, out);
  if (r)
    return r;
  const char *p = host_path(c, e, 0);
  if (!p)
    return 0;
  const char *dot = strchr(p, '.');
  double v;
  const char *n = dot + 1;
  if (!dot || strchr(n, '.') ||
      (strcmp(n, "pi") && strcmp(n, "e") && strcmp(n, "tau") &&
       strcmp(n, "inf") && strcmp(n, "nan")) ||
      !lower_warp_constant(n, &v))
    return 0;
  if (p[0] == 'n' && !strcmp(n, "tau"))
    return 0; /* numpy has no tau */
  memset(out, 0, sizeof *out);
  out->kind = CV_FLOAT; /* np.pi is a Python float too */
  out->f = v;
  return 1;
}

/* Not a constant warpc can evaluate (reported): -1. */
static int refuse(lower_ctx *c, const ast_expr *e) {
  lower_cv_not_const(c, e);
  return -1;
}

/* Python's round(x) (to even) and round(x, n) for n >= 0 (its result the
 * double nearest x rounded to n decimals, as CPython computes it for the
 * cases that are exact in a double), abs, min and max. */
static int py_builtin(lower_ctx *c, const ast_expr *e, int limit, cvalue *out) {
  if (e->value->kind != AST_EXPR_NAME || e->nkeywords || !e->nitems)
    return 0;
  const char *n = e->value->name;
  bool is_round = !strcmp(n, "round"), is_abs = !strcmp(n, "abs"),
       is_min = !strcmp(n, "min"), is_max = !strcmp(n, "max");
  if (!is_round && !is_abs && !is_min && !is_max)
    return 0;
  if (lower_lookup(c, c->mod, n).kind != BIND_NONE || lower_warp_path(c, e))
    return 0; /* a name of the module's own */
  if ((is_round && e->nitems > 2) || (is_abs && e->nitems != 1) ||
      ((is_min || is_max) && e->nitems < 2))
    return 0;
  cvalue *a = WP_NEW_ARRAY(c->A, cvalue, e->nitems);
  for (int i = 0; i < e->nitems; i++) {
    if (!lower_cv_eval(c, e->items[i], limit, &a[i]))
      return -1;
    lower_cv_untype(&a[i]);
    if (a[i].kind == CV_TYPED || a[i].npy || a[i].enum_kind)
      return refuse(c, e);
  }
  memset(out, 0, sizeof *out);
  if (is_round) {
    if (e->nitems == 2 && (a[1].kind != CV_INT || a[1].i != 0))
      return refuse(c, e);
    if (a[0].kind != CV_FLOAT) {
      *out = a[0];
      out->kind = CV_INT;
      return 1;
    }
    double r = nearbyint(a[0].f); /* to even, the default rounding mode */
    if (e->nitems == 2) {         /* round(x, 0) is a float */
      out->kind = CV_FLOAT, out->f = r;
      return 1;
    }
    if (!(fabs(r) < 0x1p63))
      return refuse(c, e);
    out->kind = CV_INT, out->i = (int64_t)r;
    return 1;
  }
  if (is_abs) {
    *out = a[0];
    if (out->kind == CV_FLOAT)
      out->f = fabs(out->f);
    else
      out->kind = CV_INT, out->i = out->i < 0 ? -out->i : out->i;
    return 1;
  }
  int best = 0; /* the first of the extreme values, as Python keeps */
  for (int i = 1; i < e->nitems; i++) {
    double x = a[i].kind == CV_FLOAT ? a[i].f : (double)a[i].i;
    double y = a[best].kind == CV_FLOAT ? a[best].f : (double)a[best].i;
    bool ints = a[i].kind != CV_FLOAT && a[best].kind != CV_FLOAT;
    bool less = ints ? a[i].i < a[best].i : x < y;
    bool more = ints ? a[i].i > a[best].i : x > y;
    if (is_min ? less : more)
      best = i;
  }
  *out = a[best];
  return 1;
}

int lower_cv_host_call(lower_ctx *c, const ast_expr *e, int limit,
                       cvalue *out) {
  int r = py_builtin(c, e, limit, out);
  if (r)
    return r;
  const char *p = host_path(c, e->value, 0);
  if (!p)
    return 0;
  const ir_type *nt = np_scalar_type(c, p);
  if (nt) { /* np.float32(x): a numpy scalar */
    cvalue a;
    if (e->nitems != 1 || e->nkeywords)
      return refuse(c, e);
    if (!lower_cv_eval(c, e->items[0], limit, &a))
      return -1;
    lower_cv_untype(&a);
    if (a.kind == CV_TYPED)
      return refuse(c, e);
    double x = a.kind == CV_FLOAT ? a.f : (double)a.i;
    if (!ir_type_is_float(nt) && a.kind == CV_FLOAT && !(fabs(x) < 0x1p63))
      return refuse(c, e);
    np_value(nt, x, a.kind == CV_FLOAT ? (int64_t)x : a.i, out);
    return 1;
  }
  int f = 0;
  while (f < HF_COUNT && strcmp(host_fns[f].name, p))
    f++;
  if (f == HF_COUNT) {
    return host_error(c, e->value->loc,
                      "warpc does not evaluate '%s' at compile time; write "
                      "the value as a literal",
                      p);
  }
  int na = host_fns[f].nargs;
  if (e->nkeywords || (e->nitems != na && !(f == HF_LOG && e->nitems == 2)))
    return refuse(c, e);
  double x[2] = {0, 0};
  const ir_type *npy = NULL;
  for (int i = 0; i < e->nitems; i++) {
    cvalue a;
    if (!lower_cv_eval(c, e->items[i], limit, &a))
      return -1;
    lower_cv_untype(&a);
    if (a.kind == CV_TYPED)
      return refuse(c, e);
    if (a.npy && !ir_type_is_float(a.npy))
      a.npy = NULL;
    npy = npy ? npy : a.npy;
    x[i] = a.kind == CV_FLOAT ? a.f : (double)a.i;
  }
  double v = apply((host_fn)f, x[0], x[1]);
  if (f == HF_LOG && e->nitems == 2)
    v = log(x[0]) / log(x[1]); /* CPython's math.log(x, base) */
  bool finite = isfinite(x[0]) && isfinite(x[1]);
  if (p[0] == 'm' && finite && !isfinite(v)) { /* Python raises */
    return host_error(c, e->loc, "math %s error: Python raises here",
                      isnan(v) ? "domain" : "range");
  }
  memset(out, 0, sizeof *out);
  if (p[0] == 'n') { /* a numpy result keeps a float input's type */
    const ir_type *t = npy ? npy : ir_t_scalar(c->T, WP_SCALAR_FLOAT64);
    np_value(t, v, 0, out);
    return 1;
  }
  if (host_fns[f].to_int) {
    if (!(fabs(v) < 0x1p63))
      return refuse(c, e);
    out->kind = CV_INT, out->i = (int64_t)v;
  } else
    out->kind = CV_FLOAT, out->f = v;
  return 1;
}
