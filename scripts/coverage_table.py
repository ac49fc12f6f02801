#!/usr/bin/env python3
"""coverage_table.py - write docs/coverage.md: every builtin overload family
of warp-lang's language reference with warpc's status.

The status comes from the compiler itself: `warpc --list-builtins` prints
its builtin registry (one line per entry: NAME MIN-MAX grad|nograd).  The
reference is warp-lang's builtin table (context.builtin_functions: each
family's overloads that are not hidden, and its group).  A few
language constructs are handled by the lowering rather than the registry;
they are listed in LOWERING below.

    python3 scripts/coverage_table.py [--warpc build/bin/warpc] [-o docs/coverage.md]
"""
import argparse
import os
import re
import subprocess
import sys
import warnings

# Families out of scope by decision (issue 5): texture
# queries, sparse (hash grids, volumes, meshes and BVHs: supported since issue 14).  The names and prefixes come
# from warpc's own table (`warpc --list-out-of-scope`, lib/ir/builtins_util.c),
# which also gives those calls their diagnostic; whole warp-lang groups here.
OUT_GROUPS = set()
# Tile primitives (issue 15) are being added: those not in the registry yet
# are "not yet" (their calls get "tile builtin 'X' is not supported by warpc
# yet"), not out of scope.
NOT_YET_GROUPS = {"Tile Primitives"}

# Warp names whose registry entry has another name.
ALIASES = {"unot": "not"}

# Constructs handled by the lowering (lib/lower/lower_*.c), not registry entries.
LOWERING = {"tid", "range", "len", "print", "printf", "static",
            "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
            "float16", "float32", "float64", "bool", "int", "float",
            "quaternion", "transformation", "quat_identity", "transform_identity",
            "expect_near", "reversed", "spatial_vector", "zeros", "array"}


def registry(warpc):
    out = subprocess.run([warpc, "--list-builtins"], check=True, capture_output=True, text=True).stdout
    reg = {}
    for line in out.splitlines():
        name, arity, grad = line.split()
        reg[name] = (arity, grad == "grad")
    return reg


def out_of_scope(warpc):
    out = subprocess.run([warpc, "--list-out-of-scope"], check=True, capture_output=True, text=True).stdout
    prefixes, names, removed = [], set(), {}
    for line in out.splitlines():
        kind, key = line.split()[:2]
        if kind == "removed":  # "removed NAME SINCE": warp-lang removed it
            removed[key] = line.split()[2]
        else:
            (prefixes.append if kind == "prefix" else names.add)(key)
    return tuple(prefixes), names, removed


def reference():
    """warp-lang's documented builtins: every family with an overload that is
    not hidden, with those overloads' signatures.  warp-lang 1.19 keeps each
    family's overloads in context.builtin_functions[name].overloads (the
    per-type expansions of a generic one hidden); its __init__.pyi no
    longer spells every overload as an `@over def`."""
    warnings.simplefilter("ignore")
    import warp
    try:
        from warp._src import context, types
    except ImportError:
        from warp import context, types

    def rep(t):
        if t is None:  # computed from the arguments (value_func)
            return "Any"
        if hasattr(t, "__constraints__"):  # a TypeVar: Float, Scalar, ...
            return t.__name__
        try:
            r = types.type_repr(t)
        except Exception:
            r = getattr(t, "__name__", str(t))
        return re.sub(r"\bwarp\.(_src\.)?types\.", "", str(r))

    fams = {}
    for name, f in context.builtin_functions.items():
        sigs = []
        for o in getattr(f, "overloads", None) or [f]:
            if o.hidden:
                continue
            params = ", ".join(rep(t) for t in (o.input_types or {}).values())
            vt = o.value_type
            ret = rep(vt) if vt is None or isinstance(vt, type) or hasattr(vt, "__constraints__") else "Any"
            sigs.append("(%s) -> %s" % (params, ret))
        if sigs:
            fams[name] = (f.group or "Other", sigs)
    return warp.config.version, fams


def status(name, group, reg, out):
    r = ALIASES.get(name, name)
    if r in reg:
        return "supported", "yes" if reg[r][1] else "no"
    if name in out[2]:
        return "removed in warp-lang %s" % out[2][name], ""
    if group in NOT_YET_GROUPS or name.startswith("tile") or name == "untile":
        return "not yet", ""
    if group in OUT_GROUPS or name.startswith(out[0]) or name in out[1]:
        return "out of scope", ""
    if name in LOWERING:
        return "supported (lowering)", ""
    return "not yet", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpc", default=os.path.join("build", "bin", "warpc"))
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    reg = registry(a.warpc)
    out_scope = out_of_scope(a.warpc)
    version, fams = reference()
    rows, counts = [], {"supported": 0, "not yet": 0, "out of scope": 0, "removed": 0}
    for name in sorted(fams, key=lambda n: (fams[n][0], n)):
        group, sigs = fams[name]
        st, grad = status(name, group, reg, out_scope)
        counts[st.split()[0] if st.startswith(("supported", "removed")) else st] += 1
        sig = "<br>".join("`%s`" % s.replace("|", "\\|") for s in sigs)
        rows.append("| %s | `%s` | %d | %s | %s | %s |" % (group, name, len(sigs), st, grad, sig))
    used = {ALIASES.get(n, n) for n in fams}
    extra = sorted(n for n in reg if n not in used)
    out = []
    out.append("# Builtin coverage\n")
    out.append("Generated by `make coverage-table` (scripts/coverage_table.py) from warpc's "
               "builtin registry (`warpc --list-builtins`) and warp-lang %s's language reference "
               "(`warp._src.context.builtin_functions`, its overloads that are not hidden).  Do not edit by hand: "
               "test/cli/coverage_table.sh fails when this file and the registry disagree.\n" % version)
    out.append("Status: **supported** (a registry entry; *gradient* says whether it has an adjoint "
               "rule), **supported (lowering)** (a construct the lowering handles itself), "
               "**not yet**, **out of scope** by decision (texture queries, "
               "sparse), **removed in warp-lang X** (listed by warp-lang's reference, but its code generation "
               "rejects every call since release X; warpc rejects them too, saying what to write instead).  "
               "A supported family may not accept "
               "every overload listed (some quaternion and transform overloads).\n")
    out.append("Summary: %d families: %d supported, %d not yet, %d out of scope, %d removed in warp-lang.\n"
               % (len(fams), counts["supported"], counts["not yet"], counts["out of scope"], counts["removed"]))
    out.append("| group | builtin | overloads | status | gradient | signatures |")
    out.append("| --- | --- | --- | --- | --- | --- |")
    out.extend(rows)
    out.append("\nRegistry entries with no builtin of that name in the reference "
               "(operators Warp spells as syntax):\n")
    for n in extra:
        out.append("- `%s` (%s arguments, gradient %s)" % (n, reg[n][0], "yes" if reg[n][1] else "no"))
    text = "\n".join(out) + "\n"
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
