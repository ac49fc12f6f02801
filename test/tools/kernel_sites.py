#!/usr/bin/env python3
"""Counts the kernels of Warp files and what warpc does with each.

Usage: python3 test/tools/kernel_sites.py [-v] [--timeout S] FILE.py|DIR ...

A kernel site is, as Python's own parser finds it anywhere in a file:
  - a def decorated with `@wp.kernel` / `@wp.kernel(...)` (any alias of warp,
    or a bare `kernel` of `from warp import *`), at any depth;
  - a call `wp.kernel(f, ...)` / `wp.Kernel(f, ...)` / `wp.Kernel(func=f)` /
    `wp.kernel(...)(f)` (not a decorator).

Each file is run through `warpc --no-cuda --emit=header --module m`; a site
is
  - `launcher`  when the header declares a launcher for it (m_NAME or
                m_NAME_<types> for a def at module level, m_NAME for the
                name a module-level call is bound to, m_OUTER__NAME for a
                def nested in the function OUTER, m_C__NAME for a def in
                the body of class C),
  - `diagnosed` when warpc reports a warning, error or note on its line,
  - `failed`    when the file failed (exit 1) without a diagnostic there,
  - `silent`    otherwise: skipped without a word (the count to keep at 0).
Prints one line per file with a silent site (-v: per site) and a summary.
Exit status 0.
"""
import ast
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WARPC = os.environ.get("WARPC") or os.path.join(ROOT, "build", "bin", "warpc")
DIAG_RE = re.compile(r"^(.*?):(\d+):(\d+): (warning|error|note): (.*)$")
LAUNCHER_RE = re.compile(r"^wp_status (m_\w+)\(")


def is_kernel_name(e, warp_names):
    """`wp.kernel`, `warp.kernel`, bare `kernel` (star import)."""
    if isinstance(e, ast.Call):
        e = e.func
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name):
        return e.attr == "kernel" and e.value.id in warp_names
    return isinstance(e, ast.Name) and e.id == "kernel" and "*" in warp_names


def is_kernel_call(e, warp_names):
    """A call making a kernel of a function (not a decorator)."""
    if not isinstance(e, ast.Call):
        return False
    f = e.func
    if isinstance(f, ast.Call):  # wp.kernel(...)(f)
        return is_kernel_name(f, warp_names) and bool(e.args)
    name = None
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in warp_names:
        name = f.attr
    elif isinstance(f, ast.Name) and "*" in warp_names:
        name = f.id
    if name not in ("kernel", "Kernel"):
        return False
    return bool(e.args) or any(k.arg == "func" for k in e.keywords)


def statements(body):
    """Every statement in body, at any depth: an import is a statement, and
    no statement is inside an expression, so expressions are not walked."""
    for st in body:
        yield st
        for f in st._fields:
            v = getattr(st, f, None)
            if not isinstance(v, list):
                continue
            for x in v:
                if isinstance(x, ast.stmt):
                    yield from statements([x])
                elif isinstance(x, (ast.excepthandler, ast.match_case)):
                    yield from statements(x.body)


def sites(tree):
    warp_names = {"wp", "warp"}  # also when bound by a star import
    for n in statements(tree.body):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.name == "warp":
                    warp_names.add(a.asname or "warp")
        elif isinstance(n, ast.ImportFrom) and n.module == "warp":
            if any(a.name == "*" for a in n.names):
                warp_names.add("*")
    out = []  # (line, kind, expected launcher or None)
    decorators = set()

    def visit(node, chain, in_func, top):
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for d in ch.decorator_list:
                    decorators.add(id(d))
                if any(is_kernel_name(d, warp_names) for d in ch.decorator_list):
                    if top:
                        out.append((ch.lineno, "module def", ch.name))
                    elif isinstance(node, ast.ClassDef):
                        # in a class body: m_C__NAME (m_OUTER__C__NAME)
                        out.append((ch.lineno, "class def", "__".join(chain + [ch.name])))
                    elif in_func:
                        # a factory's kernel: launchers of its module-level calls
                        made = factory_calls.get(chain[0], []) if len(chain) == 1 else []
                        out.append((ch.lineno, "nested def",
                                    tuple(["__".join(chain + [ch.name])] + made)))
                    else:
                        out.append((ch.lineno, "other def", None))
                visit(ch, chain + [ch.name], True, False)
            elif isinstance(ch, ast.ClassDef):
                for d in ch.decorator_list:
                    decorators.add(id(d))
                visit(ch, chain + [ch.name], False, False)
            else:
                if top and isinstance(ch, ast.Assign) and len(ch.targets) == 1 and \
                        isinstance(ch.targets[0], ast.Name) and is_kernel_call(ch.value, warp_names):
                    out.append((ch.value.lineno, "module call", ch.targets[0].id))
                    decorators.add(id(ch.value))
                # any other kernel call: decorators and module calls are in
                # decorators before visit reaches them (their parents add them)
                elif isinstance(ch, ast.Call) and id(ch) not in decorators and \
                        is_kernel_call(ch, warp_names) and \
                        not (isinstance(ch.func, ast.Call) and id(ch.func) in decorators):
                    out.append((ch.lineno, "other call", None))
                visit(ch, chain, in_func, False)

    factory_calls = {}  # f -> [NAME] for module-level NAME = f(...)
    for st in tree.body:
        if isinstance(st, ast.Assign) and isinstance(st.value, ast.Call) and \
                isinstance(st.value.func, ast.Name):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    factory_calls.setdefault(st.value.func.id, []).append(t.id)
    visit(tree, [], False, True)
    return sorted(set(out), key=lambda s: s[0])


def run(path, timeout):
    try:
        p = subprocess.run([WARPC, "--no-cuda", "--emit=header", "--module", "m",
                            "-o", "-", path], capture_output=True, text=True,
                           errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, set(), set()
    base = os.path.basename(path)
    lines = set()
    for l in p.stderr.splitlines():
        m = DIAG_RE.match(l)
        if m and os.path.basename(m.group(1)) == base:
            lines.add(int(m.group(2)))
    launchers = set()
    for l in p.stdout.splitlines():
        m = LAUNCHER_RE.match(l)
        if m:
            launchers.add(m.group(1)[2:])
    return p.returncode, lines, launchers


def has_launcher(name, launchers):
    if isinstance(name, tuple):
        return any(has_launcher(n, launchers) for n in name)
    return name is not None and any(
        l == name or (l.startswith(name + "_") and not l.endswith("_backward"))
        for l in launchers)


def main(argv):
    verbose = "-v" in argv
    timeout = 120
    paths = []
    args = argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--timeout":
            timeout = float(args[i + 1])
            i += 1
        elif a != "-v":
            paths.append(a)
        i += 1
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".py"))
        else:
            files.append(p)
    totals = {}
    by_kind = {}
    for f in files:
        try:
            with open(f, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), f)
        except (SyntaxError, UnicodeDecodeError):
            continue
        ss = sites(tree)
        if not ss:
            continue
        rc, lines, launchers = run(f, timeout)
        silent = []
        for (line, kind, name) in ss:
            if rc is None:
                st = "timeout"
            elif has_launcher(name, launchers):
                st = "launcher"
            elif line in lines:
                st = "diagnosed"
            elif rc != 0:
                st = "failed"
            else:
                st = "silent"
                silent.append((line, kind))
            totals[st] = totals.get(st, 0) + 1
            by_kind.setdefault(kind, {})
            by_kind[kind][st] = by_kind[kind].get(st, 0) + 1
            if verbose:
                print("%s:%d: %s: %s" % (f, line, kind, st))
        if silent and not verbose:
            print("%s: %d silent (%s)" % (f, len(silent),
                                          ", ".join("%d %s" % s for s in silent)))
    print("files: %d" % len(files))
    for kind in sorted(by_kind):
        print("%-12s %s" % (kind, " ".join("%s=%d" % kv for kv in sorted(by_kind[kind].items()))))
    print("%-12s %s" % ("all", " ".join("%s=%d" % kv for kv in sorted(totals.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
