#!/usr/bin/env python3
"""diffsuite_coverage.py - check that the e2e differential cases use every
builtin family docs/coverage.md lists as supported.

Reads the families with status "supported" / "supported (lowering)" from
docs/coverage.md, walks the Python AST of each test/e2e/cases/*.py file and
collects what its kernels and functions use: calls `wp.NAME(...)` (or
`warp.types.NAME`, or bare `len` / `print`), operators (a + b is `add`,
a // b `floordiv`, ~a `invert`, `not a` `unot`, augmented assignments too),
and the constructors wp.quat* / wp.transform* as `quaternion` /
`transformation`.  Prints the supported families no case
uses and exits 1 if there is any (0 otherwise).

    python3 scripts/diffsuite_coverage.py [--prefix ds_] [-v]

--prefix restricts the scan to case files whose name starts with it (the
differential suite is test/e2e/cases/ds_*.py); -v lists, per family, how
many files use it.

EXEMPT: families that warp-lang, the oracle, does not accept in kernels,
so no e2e case can compare them (warpc keeps them for older code, or
compiles what warp-lang means by them).
"""
import argparse
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EXEMPT = {
    "select": "removed from warp-lang 1.10.1 (wp.select raises; use wp.where)",
    # warp-lang 1.10.1 fails to build any kernel calling these (its header
    # takes raw pointers but is passed arrays); checked against hand-derived
    # values by test/cli/spatial_jacobian_mass.sh instead
    "spatial_jacobian": "warp-lang 1.10.1 cannot compile it (cli.spatial_jacobian_mass)",
    "spatial_mass": "warp-lang 1.10.1 cannot compile it (cli.spatial_jacobian_mass)",
    # warp-lang 1.19's code generator fails on an explicit call (a tuple
    # holding a tile); the subscripts t[idx, :] / t[:, idx] it stands for are
    # compared with warp-lang by e2e.tile_view_assign_gather, and the call is
    # lowered to the same gather (cli.tile_slice_indexed)
    "tile_slice_indexed": "warp-lang 1.19 cannot compile a call (cli.tile_slice_indexed)",
}

BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.FloorDiv: "floordiv",
          ast.Mod: "mod", ast.BitAnd: "bit_and", ast.BitOr: "bit_or", ast.BitXor: "bit_xor",
          ast.LShift: "lshift", ast.RShift: "rshift", ast.Pow: "pow", ast.MatMult: "mul"}
# Constructor spellings of families whose stub name users rarely write:
# wp.quat(...) / wp.quatd(...) build with the `quaternion` family,
# wp.transform(...) with `transformation`.
CONSTRUCTORS = {"quat": "quaternion", "quatf": "quaternion", "quatd": "quaternion", "quath": "quaternion",
                "transform": "transformation", "transformf": "transformation", "transformd": "transformation",
                "transformh": "transformation"}
UNOPS = {ast.USub: "neg", ast.UAdd: "pos", ast.Invert: "invert", ast.Not: "unot"}


def supported_families(path):
    fams = set()
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[4].startswith("supported"):
            fams.add(cells[2].strip("`"))
    return fams


def is_device_def(fn):
    for d in fn.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in ("kernel", "func"):
            return True
    return False


def warp_attr(node, wp_names):
    """'NAME' for wp.NAME / wp.types.NAME / warp.NAME, else None."""
    if not isinstance(node, ast.Attribute):
        return None
    base = node.value
    if isinstance(base, ast.Name) and base.id in wp_names:
        return node.attr
    if isinstance(base, ast.Attribute) and base.attr == "types" and isinstance(base.value, ast.Name) \
            and base.value.id in wp_names:
        return node.attr
    return None


def used_in_file(path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    wp_names = {"wp", "warp"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "warp":
                    wp_names.add(a.asname or "warp")
    used = set()
    for fn in ast.walk(tree):
        if not (isinstance(fn, ast.FunctionDef) and is_device_def(fn)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.BinOp):
                used.add(BINOPS.get(type(node.op), ""))
            elif isinstance(node, ast.AugAssign):
                used.add(BINOPS.get(type(node.op), ""))
            elif isinstance(node, ast.UnaryOp):
                used.add(UNOPS.get(type(node.op), ""))
            elif isinstance(node, ast.Call):
                name = warp_attr(node.func, wp_names)
                if name:
                    used.add(CONSTRUCTORS.get(name, name))
                elif isinstance(node.func, ast.Name) and node.func.id in ("len", "print", "abs", "min", "max",
                                                                            "pow", "round"):
                    used.add(node.func.id)
    used.discard("")
    return used


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--prefix", default="", help="only case files whose name starts with this")
    ap.add_argument("--coverage", default=os.path.join(ROOT, "docs", "coverage.md"))
    ap.add_argument("--cases", default=os.path.join(ROOT, "test", "e2e", "cases"))
    ap.add_argument("-v", action="store_true", help="list the number of files using each family")
    args = ap.parse_args()
    fams = supported_families(args.coverage)
    if not fams:
        print(f"error: no supported families found in {args.coverage}", file=sys.stderr)
        return 2
    files = sorted(f for f in os.listdir(args.cases) if f.endswith(".py") and f.startswith(args.prefix))
    count = {f: 0 for f in fams}
    for f in files:
        for name in used_in_file(os.path.join(args.cases, f)):
            if name in count:
                count[name] += 1
    missing = sorted(f for f in fams if count[f] == 0 and f not in EXEMPT)
    if args.v:
        for f in sorted(fams):
            print(f"{f:32s} {count[f]}" + (f"  (exempt: {EXEMPT[f]})" if f in EXEMPT else ""))
    covered = len(fams) - len(missing) - len([f for f in fams if f in EXEMPT and count[f] == 0])
    print(f"{len(files)} case files ({args.prefix or 'all'}*.py): {covered} of {len(fams)} supported families used"
          + (f", {len([f for f in EXEMPT if f in fams])} exempt" if EXEMPT else ""))
    if missing:
        print("not used by any case: " + " ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
