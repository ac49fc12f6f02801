"""warp_tests.py - e2e.py's support for specs of warp-lang's own test files.

A spec (test/warp_tests/NAME.py, see test/e2e/README.md) names a file of the
installed warp-lang (TARGET, e.g. "warp/tests/test_math.py", relative to the
directory above `os.path.dirname(warp.__file__)`) and holds no kernels of its
own: e2e.py imports TARGET with warp-lang as the case's module and compiles
with warpc an extract of it (written under build/e2e/NAME/) that keeps, line
for line, only the definitions the spec's kernels depend on, so that warpc's
diagnostics keep TARGET's line numbers and a definition warpc rejects cannot
hide the others.

    TARGET   = "warp/tests/test_math.py"
    TESTS    = [...]                     # e2e.py's format; kernels of TARGET
    XFAIL    = {"kernel": "diagnostic"}  # warpc rejects it (with this text)
    UNTESTED = {"kernel": "why"}         # compiles, but not run by a test

Every module-level @wp.kernel of TARGET must be in exactly one of TESTS,
XFAIL and UNTESTED.  Each XFAIL kernel is compiled alone (CPU code only) and
must still fail with its diagnostic: one that now compiles, or fails
differently, fails the spec, so the list stays true.
"""

import ast
import os
from pathlib import Path

def target_path(target):
    import warp

    return Path(os.path.dirname(warp.__file__)).parent / target


def _is_wp_attr(node, attr):
    if isinstance(node, ast.Call):
        node = node.func
    return isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.value, ast.Name) \
        and node.value.id == "wp"


def module_kernels(tree):
    """Names of the module-level @wp.kernel definitions, in order."""
    out = []
    for st in tree.body:
        if isinstance(st, ast.FunctionDef) and any(_is_wp_attr(d, "kernel") for d in st.decorator_list):
            if st.name not in out:
                out.append(st.name)
    return out


def _defined(st):
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {st.name}
    names = set()
    for n in ast.walk(st):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            names.add(n.name)
    return names


def _used(st):
    return {n.id for n in ast.walk(st) if isinstance(n, ast.Name)}


def _decorates(st, need):
    """A definition attached to a needed one by its decorator:
    @wp.func_grad(f), @wp.func_replay(f), ..."""
    if not isinstance(st, ast.FunctionDef):
        return False
    for d in st.decorator_list:
        if isinstance(d, ast.Call):
            args = {n.id for a in d.args for n in ast.walk(a) if isinstance(n, ast.Name)} - {"wp"}
            if args & need:
                return True
    return False


def _overload_of(st, need):
    """A module-level `wp.overload(k, ...)` statement of a needed kernel."""
    return isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and _is_wp_attr(st.value, "overload") \
        and st.value.args and isinstance(st.value.args[0], ast.Name) and st.value.args[0].id in need


def extract(source, kernels):
    """source with every top-level statement blanked out but the imports,
    the kernels named and what they depend on (transitively); line numbers
    are kept."""
    tree = ast.parse(source)
    need = set(kernels)
    kept = set()
    changed = True
    while changed:
        changed = False
        for i, st in enumerate(tree.body):
            if i in kept:
                continue
            if isinstance(st, (ast.Import, ast.ImportFrom)) or (_defined(st) & need) or _decorates(st, need) \
                    or _overload_of(st, need):
                kept.add(i)
                need |= _used(st)
                changed = True
    lines = source.splitlines(keepends=True)
    for i, st in enumerate(tree.body):
        if i in kept:
            continue
        first = min([st.lineno] + [d.lineno for d in getattr(st, "decorator_list", [])])
        for ln in range(first - 1, st.end_lineno):
            lines[ln] = "\n"
    return "".join(lines)


def type_src(wp, wt, t):
    """Python spelling of a Warp type for warpc --instantiate."""
    if wt.is_array(t):
        nd = "" if t.ndim == 1 else f"{t.ndim}d"
        return f"wp.array{nd}(dtype={type_src(wp, wt, t.dtype)})"
    name = getattr(t, "__name__", None)
    if name and getattr(wp, name, None) is t:
        return "wp." + name
    if wt.type_is_matrix(t):
        return f"wp.types.matrix(shape={tuple(t._shape_)}, dtype={type_src(wp, wt, t._wp_scalar_type_)})"
    if wt.type_is_vector(t):
        return f"wp.types.vector(length={t._length_}, dtype={type_src(wp, wt, t._wp_scalar_type_)})"
    if t is float:
        return "float"
    if t is int:
        return "int"
    raise ValueError(f"no --instantiate spelling for {t!r}")


def instantiate_arg(wp, wt, kname, inst):
    return f"{kname}(" + ", ".join(type_src(wp, wt, a.type) for a in inst.adj.args) + ")"


def check_spec(spec, target, tree):
    """Problems of a spec's kernel lists (a list of messages)."""
    errs = []
    for k in ("XFAIL", "UNTESTED"):
        if not isinstance(getattr(spec, k, {}), dict):
            errs.append(f"{k} must be a dict of kernel names to text")
    tested = set()
    for s in getattr(spec, "TESTS", []) or []:
        if isinstance(s, dict):
            tested.add(s.get("kernel"))
            tested.update(ln.get("kernel") for ln in s.get("launches", []) if isinstance(ln, dict))
    tested.discard(None)
    xfail = dict(getattr(spec, "XFAIL", {}) or {})
    untested = dict(getattr(spec, "UNTESTED", {}) or {})
    all_k = module_kernels(tree)
    for k in sorted((tested | set(xfail) | set(untested)) - set(all_k)):
        errs.append(f"{k!r} is not a module-level @wp.kernel of {target}")
    for k in all_k:
        n = (k in tested) + (k in xfail) + (k in untested)
        if n == 0:
            errs.append(f"kernel {k!r} of {target} is in none of TESTS, XFAIL, UNTESTED")
        elif n > 1:
            errs.append(f"kernel {k!r} is in more than one of TESTS, XFAIL, UNTESTED")
    return errs, all_k, tested, xfail, untested
