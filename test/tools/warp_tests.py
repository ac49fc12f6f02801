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

Kernels defined inside TARGET's functions (test functions, factories) are
named by their path, "test_x.compute" or "make.inner.k", with a tag for one
of several instances, "create_sort_kernel.tile_sort_kernel[f32_17]":

    BIND  = {"make.inner.k[f32]": {"dtype": wp.float32, "n": 17}}
    STUB_MODULES = ["PIL"]   # host-code imports that need not be installed
    WARPC_FLAGS = ["--block-dim", "1"]  # more warpc options (the launches'
                             # CUDA block_dim where BIND fixes the CPU's)

lift() (below) moves each named one to module level, renamed "make__inner__k
__f32" (warpc's launcher t_make__inner__k__f32), with the enclosing
functions' plain locals it uses (`N = 64`, a nested @wp.func, renamed the
same way) and BIND's values for the rest (parameters, loop variables, names
bound in an if/else; the harness names any it lacks).  Both sides use the
lifted text: warp-lang imports an extract of it (build/e2e/warp.NAME/lifted/)
and takes the kernels from there, warpc compiles the same extract (src/);
the oracle never runs TARGET's test functions.  Once a spec names one kernel
inside a function, every one must be in TESTS, XFAIL or UNTESTED (a path is
covered by any of its instances; an instance is in one list); a spec that
names none gets a count of them in its summary line.
"""

import ast
import os
import re
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
    for k in ("XFAIL", "UNTESTED", "BIND"):
        if not isinstance(getattr(spec, k, {}), dict):
            errs.append(f"{k} must be a dict of kernel names to {'dicts' if k == 'BIND' else 'text'}")
    tested = set()
    for s in getattr(spec, "TESTS", []) or []:
        if isinstance(s, dict):
            tested.add(s.get("kernel"))
            tested.update(ln.get("kernel") for ln in s.get("launches", []) if isinstance(ln, dict))
    tested.discard(None)
    xfail = dict(getattr(spec, "XFAIL", {}) or {})
    untested = dict(getattr(spec, "UNTESTED", {}) or {})
    # PENDING: the tests of XFAIL kernels, to move into TESTS when warpc
    # compiles them
    for s in getattr(spec, "PENDING", []) or []:
        s = s if isinstance(s, dict) else {}
        ks = [s.get("kernel")] + [ln.get("kernel") for ln in s.get("launches", []) if isinstance(ln, dict)]
        ks = [k for k in ks if k is not None]
        if not any(k in xfail for k in ks):
            errs.append(f"PENDING names {', '.join(map(repr, ks)) or 'no kernel'}, which is not an XFAIL "
                        f"kernel (its tests go in TESTS)")
    all_k = module_kernels(tree)
    nested = nested_kernels(tree)
    named = tested | set(xfail) | set(untested)
    for k in sorted(named - set(all_k)):
        if not is_nested_ref(k):
            errs.append(f"{k!r} is not a module-level @wp.kernel of {target}")
        elif ref_path(k) not in nested:
            errs.append(f"{k!r} is not a @wp.kernel inside a function of {target} (those are: "
                        f"{', '.join(nested) or 'none'})")
    for k in all_k:
        n = (k in tested) + (k in xfail) + (k in untested)
        if n == 0:
            errs.append(f"kernel {k!r} of {target} is in none of TESTS, XFAIL, UNTESTED")
        elif n > 1:
            errs.append(f"kernel {k!r} is in more than one of TESTS, XFAIL, UNTESTED")
    # kernels inside functions: once a spec names one, it accounts for all
    # (each instance, "f.k[tag]", in one list; each path in some list)
    refs = {k for k in named if is_nested_ref(k)}
    if refs:
        for k in sorted(refs):
            if (k in tested) + (k in xfail) + (k in untested) > 1:
                errs.append(f"kernel {k!r} is in more than one of TESTS, XFAIL, UNTESTED")
        covered = {ref_path(k) for k in refs}
        for p in nested:
            if p not in covered:
                errs.append(f"kernel {p!r} (inside a function) of {target} is in none of TESTS, XFAIL, UNTESTED")
    return errs, all_k, tested, xfail, untested

# --------------------------------------------------------------------------
# Kernels defined inside functions of TARGET (lifting)
# --------------------------------------------------------------------------
#
# A spec names such a kernel by its path, "f.k" (kernel k defined in the
# module-level function f), "f.g.k" (in g, defined in f), optionally with a
# tag, "f.k[f64]", that tells one instance from another when BIND gives the
# names it closes over different values.  lift() writes TARGET again with
# each named kernel moved to module level: the enclosing module-level
# function is blanked out and the kernel's lines are written in place,
# dedented, so warpc's diagnostics keep TARGET's line numbers (a second
# instance of the same lines, another tag, goes at the end of the file).
# The lifted kernel is named by its path, "f__k" ("f__k__f64" with a tag),
# as warpc itself names a nested kernel's launcher.  What the kernel refers
# to in the enclosing functions is lifted with it, renamed the same way
# (f__N): a local bound once by a plain statement of the function's body
# (`N = 64`, `dtype = wp.float16`, a nested @wp.func or @wp.struct); any
# other local (a parameter, a loop variable, a name bound in an if/else)
# must be given by the spec, BIND = {"f.k": {"name": value}} (a Warp type,
# a number, a bool, None, or a str of Python source), else lift() says
# which name and why.  e2e.py's oracle imports an extract of the lifted
# source with warp-lang and warpc compiles an extract of the same text: the
# two run the same kernel.

NESTED_REF = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\[(\w+)\])?")


class LiftError(Exception):
    """A nested kernel the harness cannot lift (the message says why)."""


def is_nested_ref(ref):
    return isinstance(ref, str) and NESTED_REF.fullmatch(ref) is not None


def lifted_name(ref):
    """Module-level name of a lifted kernel: "f.g.k[t]" -> "f__g__k__t"."""
    m = NESTED_REF.fullmatch(ref)
    return m.group(1).replace(".", "__") + (f"__{m.group(2)}" if m.group(2) else "")


def ref_path(ref):
    """A reference without its tag: "f.k[t]" -> "f.k"."""
    return NESTED_REF.fullmatch(ref).group(1)


def _is_kernel_def(st):
    return isinstance(st, ast.FunctionDef) and any(_is_wp_attr(d, "kernel") for d in st.decorator_list)


def _body_stmts(stmts):
    """The statements of a function body, with those nested in if/for/
    while/with/try blocks (not in nested functions or classes)."""
    for st in stmts:
        yield st
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(st, field, None)
            if isinstance(sub, list):
                yield from _body_stmts([s for s in sub if isinstance(s, ast.stmt)])
            if field == "handlers" and isinstance(sub, list):
                for h in sub:
                    yield from _body_stmts(h.body)


def nested_kernels(tree):
    """{path: [def, enclosing function defs...]} of the @wp.kernel defs
    inside module-level functions (at any depth of nested functions and
    blocks), in order; a path defined twice maps to None."""
    out = {}

    def visit(fn, chain):
        for st in _body_stmts(fn.body):
            if isinstance(st, ast.FunctionDef):
                path = ".".join([c.name for c in chain] + [st.name])
                if _is_kernel_def(st):
                    out[path] = None if path in out else (st, list(chain))
                else:
                    visit(st, chain + [st])

    for st in tree.body:
        if isinstance(st, ast.FunctionDef) and not _is_kernel_def(st):
            visit(st, [st])
    return out


def _params(fn):
    a = fn.args
    return {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs} | {x.arg for x in (a.vararg, a.kwarg) if x}


def _scope_binds(fn):
    """{name: statement} of a function's locals bound once by a plain
    statement of its body (liftable), and the set of all its locals."""
    count, plain = {}, {}
    for p in _params(fn):
        count[p] = 2  # a parameter: never liftable
    for st in _body_stmts(fn.body):
        names = []
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [st.name]
        else:
            todo = [st]
            while todo:
                n = todo.pop()
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                    if n is not st:
                        names.append(getattr(n, "name", None))
                    continue
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    names.append(n.id)
                elif isinstance(n, (ast.Import, ast.ImportFrom)):
                    names += [(a.asname or a.name).split(".")[0] for a in n.names]
                todo.extend(ast.iter_child_nodes(n))
        for n in names:
            if n:
                count[n] = count.get(n, 0) + 1
        direct = st in fn.body
        if direct and isinstance(st, (ast.FunctionDef, ast.ClassDef)):
            plain[st.name] = st
        elif direct and isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            plain[st.targets[0].id] = st
        elif direct and isinstance(st, ast.AnnAssign) and st.value is not None and isinstance(st.target, ast.Name):
            plain[st.target.id] = st
    return {n: s for n, s in plain.items() if count.get(n) == 1}, set(count)


def _free_loads(st):
    """(name, node) of the Name loads of a statement that refer outside it:
    for a def, not its parameters nor the names its body binds."""
    if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
        local = set(_params(st)) if isinstance(st, ast.FunctionDef) else set()
        for n in ast.walk(st):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                local.add(n.id)
        if isinstance(st, ast.ClassDef):  # a struct's field annotations: the outer names
            local = set()
        return [(n.id, n) for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                and n.id not in local]
    value = st.value
    return [(n.id, n) for n in ast.walk(value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]


def bind_src(v, wp=None, wt=None):
    """Python source of a BIND value."""
    if isinstance(v, str):
        return v
    if v is None or isinstance(v, (bool, int, float)):
        return repr(v)
    if wp is None:
        import warp as wp

        try:
            import warp._src.types as wt
        except ImportError:
            import warp.types as wt
    return type_src(wp, wt, v)


def lift(source, refs, bind=None):
    """source with the nested kernels `refs` lifted to module level (see
    above); returns (text, {ref: lifted kernel name}).  bind: {ref: {name:
    value}}.  Raises LiftError."""
    bind = dict(bind or {})
    tree = ast.parse(source)
    nested = nested_kernels(tree)
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    scopes = {}  # id(fn) -> (liftable, locals)
    units = []  # (stmt, enclosing functions, {free name: new name}, its new name)
    seen = {}  # (id(stmt), suffix) -> new name
    binds = []  # (function, new name, source text of the value, tag suffix)
    names = {}
    for ref in bind:
        if not is_nested_ref(ref) or ref not in refs:
            raise LiftError(f"BIND names {ref!r}, which is not a kernel inside a function that the spec tests")

    def scope(fn):
        if id(fn) not in scopes:
            scopes[id(fn)] = _scope_binds(fn)
        return scopes[id(fn)]

    for ref in refs:
        path = ref_path(ref)
        if path not in nested:
            raise LiftError(f"{ref!r}: no @wp.kernel {path.split('.')[-1]!r} inside function "
                            f"{'.'.join(path.split('.')[:-1])!r} of TARGET")
        if nested[path] is None:
            raise LiftError(f"{ref!r}: the function defines two kernels of that name")
        kdef, chain = nested[path]
        tag = NESTED_REF.fullmatch(ref).group(2)
        suffix = f"__{tag}" if tag else ""
        given = dict(bind.get(ref, {}))
        used = set()

        def lift_stmt(st, chain_, what):
            key = (id(st), suffix)
            new = "__".join(c.name for c in chain_) + "__" + _defined_name(st) + suffix
            if key in seen:
                return seen[key]
            seen[key] = new
            renames = {}
            for name, _node in _free_loads(st):
                if name in renames:
                    continue
                for i in range(len(chain_) - 1, -1, -1):
                    liftable, local = scope(chain_[i])
                    if name not in local:
                        continue
                    spath = ".".join(c.name for c in chain_[:i + 1])
                    if name in given:
                        used.add(name)
                        bname = spath.replace(".", "__") + "__" + name + suffix
                        if (id(chain_[i]), bname) not in {(id(f), b) for f, b, _, _ in binds}:
                            binds.append((chain_[i], bname, bind_src(given[name]), suffix))
                        renames[name] = bname
                    elif name in liftable:
                        renames[name] = lift_stmt(liftable[name], chain_[:i + 1], f"{name!r} of {spath}")
                    else:
                        kind = ("a parameter" if name in _params(chain_[i])
                                else "a local bound in a block or more than once")
                        raise LiftError(f"{ref!r}: {what} refers to {name!r}, {kind} of {spath}(); "
                                        f"give its value in BIND[{ref!r}]")
                    break
            units.append((st, chain_, renames, new))
            return new

        names[ref] = lift_stmt(kdef, chain, "the kernel")
        unused = set(given) - used
        if unused:
            raise LiftError(f"BIND[{ref!r}] gives {sorted(unused)}, which the kernel does not take from "
                            f"its enclosing functions")

    # the module-level functions that hold lifted code are left out
    orig = source.splitlines(keepends=True)
    for st in tree.body:
        if any(u[1][0] is st for u in units):
            for ln in range(_first_line(st), st.end_lineno + 1):
                lines[ln - 1] = "\n"
    placed, tail, where = set(), [], {}
    for st, _, renames, new in sorted(units, key=lambda u: _first_line(u[0])):
        text = _unit_text(orig, st, renames, new)
        if id(st) in placed:
            tail.append(text)
            where[new] = "tail"
            continue
        placed.add(id(st))
        where[new] = _first_line(st)
        for ln, t in zip(range(_first_line(st), st.end_lineno + 1), text):
            lines[ln - 1] = t
    # the names BIND gives in one function: one statement (a, b = (x, y))
    # on that function's def line (free: the function is left out, and it
    # comes before every use); those used by an instance at the end of the
    # file, at the end before those instances
    groups = {}
    for fn, bname, src, _ in binds:
        at_end = any(where[new] == "tail" for _, _, renames, new in units if bname in renames.values())
        groups.setdefault((id(fn), at_end), (fn, at_end, []))[2].append((bname, src))
    tail_binds = []
    for fn, at_end, group in groups.values():
        stmt = (f"{group[0][0]} = {group[0][1]}\n" if len(group) == 1 else
                f"{', '.join(b for b, _ in group)} = ({', '.join(v for _, v in group)})\n")
        if at_end:
            tail_binds.append(stmt)
        else:
            lines[fn.lineno - 1] = stmt
    if tail or tail_binds:
        lines.append("\n# lifted by test/tools/warp_tests.py: more instances of the kernels above\n")
        lines += tail_binds
        for text in tail:
            lines.append("\n")
            lines += text
    return "".join(lines), names


def _defined_name(st):
    if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
        return st.name
    return (st.targets[0] if isinstance(st, ast.Assign) else st.target).id


def _first_line(st):
    return min([st.lineno] + [d.lineno for d in getattr(st, "decorator_list", [])])


def _unit_text(lines, st, renames, new):
    """The lines of a lifted statement: names renamed, dedented."""
    first, last = _first_line(st), st.end_lineno
    edits = {}  # line -> [(start byte, end byte, text)]
    for name, node in _free_loads(st):
        if name in renames:
            edits.setdefault(node.lineno, []).append((node.col_offset, node.end_col_offset, renames[name]))
    if isinstance(st, (ast.FunctionDef, ast.ClassDef)):
        kw = "def" if isinstance(st, ast.FunctionDef) else "class"
        b = lines[st.lineno - 1].encode()
        m = re.search(rb"\b" + kw.encode() + rb"\s+(" + st.name.encode() + rb")\b", b)
        edits.setdefault(st.lineno, []).append((m.start(1), m.end(1), new))
    else:
        t = st.targets[0] if isinstance(st, ast.Assign) else st.target
        edits.setdefault(t.lineno, []).append((t.col_offset, t.end_col_offset, new))
    indent = len(lines[first - 1]) - len(lines[first - 1].lstrip(" \t"))
    out = []
    for ln in range(first, last + 1):
        b = lines[ln - 1].encode()
        for s, e, t in sorted(edits.get(ln, []), reverse=True):
            b = b[:s] + t.encode() + b[e:]
        text = b.decode()
        strip = min(indent, len(text) - len(text.lstrip(" \t")))
        out.append(text[strip:] if text.strip() else "\n")
    if not out[-1].endswith("\n"):
        out[-1] += "\n"
    return out
