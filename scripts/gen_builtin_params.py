#!/usr/bin/env python3
"""gen_builtin_params.py - writes lib/lower/builtin_params.def, the names of
the parameters of warpc's builtins as warp-lang declares them, so that a
kernel may pass them by keyword (`wp.pow(x=2.0, y=3.0)`, `wp.clamp(v,
low=0.0, high=1.0)`).  Only the names are taken from warp-lang (they are its
public API); which overload a call means is still warpc's own rule.

    python3 scripts/gen_builtin_params.py [--check]

--check compares the file with what warp-lang (the installed version) would
give and exits 1 when they differ (ctest: cli.builtin_params_current)."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEF = ROOT / "lib" / "ir" / "builtins.def"
OUT = ROOT / "lib" / "lower" / "builtin_params.def"


def main():
    import warp as wp
    from warp._src import context

    rows = []
    for line in DEF.read_text().splitlines():
        m = re.match(r'B\((\w+), "(\w+)", .*\)', line)
        if not m or "INTERNAL" in line:
            continue
        ident, name = m.groups()
        f = context.builtin_functions.get(name)
        if f is None:
            continue
        seen = []
        for o in getattr(f, "overloads", None) or [f]:
            names = list(o.input_types.keys())
            if any(n.startswith("*") for n in names) or not names or names in seen:
                continue
            seen.append(names)
            rows.append(f'P({ident}, "{",".join(names)}")')
    text = (
        "/* builtin_params.def - the parameter names of each builtin, one line per\n"
        " * distinct signature, in warp-lang's order (generated from warp-lang "
        + wp.config.version
        + "\n * by scripts/gen_builtin_params.py: do not edit).\n"
        " *\n"
        " *   P(ID, \"name,name,...\")   ID as in lib/ir/builtins.def */\n"
        + "\n".join(rows)
        + "\n"
    )
    if "--check" in sys.argv[1:]:
        if OUT.read_text() != text:
            print(f"{OUT.relative_to(ROOT)} is not what warp-lang {wp.config.version} gives: "
                  "run scripts/gen_builtin_params.py", file=sys.stderr)
            return 1
        print("ok")
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}: {len(rows)} signatures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
