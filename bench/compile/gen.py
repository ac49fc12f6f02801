#!/usr/bin/env python3
"""gen.py - generated inputs for the compile-time benchmark (bench/compile).

    python3 bench/compile/gen.py SHAPE LINES [-o FILE]

writes a Warp Python file of about LINES lines of the given shape:

  straight   one kernel of straight-line arithmetic: x0 = a[i] * 2.0,
             x1 = x0 + a[i], ..., out[i] = xN
  control    one kernel of many small for loops and if/else statements
             carrying one variable
  consts     module-level constants (plain, wp.constant(...) and ones
             computed from the constant before) and a kernel that uses
             every tenth of them
  funcs      small @wp.func definitions, each called from one kernel
  kernels    many small kernels
  factories  a kernel factory and many module-level calls of it, each
             making a kernel
"""
import argparse
import sys

HEAD = "import warp as wp\n\n"
SIG = "(a: wp.array(dtype=float), out: wp.array(dtype=float))"


def straight(n):
    body = ["    i = wp.tid()", "    x0 = a[i] * 2.0"]
    ops = ["x{p} + a[i]", "x{p} * 0.5", "x{p} - 1.0", "wp.sin(x{p})",
           "x{p} * x{p} + 0.25"]
    for j in range(1, max(1, n - 5)):
        body.append(f"    x{j} = " + ops[j % len(ops)].format(p=j - 1))
    body.append(f"    out[i] = x{len(body) - 2}")
    return HEAD + "@wp.kernel\ndef k" + SIG + ":\n" + "\n".join(body) + "\n"


def control(n):
    body = ["    i = wp.tid()", "    s = a[i]"]
    j = 0
    while len(body) < n - 4:
        body += [f"    for j{j} in range({j % 4 + 1}):",
                 f"        s = s * 0.5 + float(j{j})",
                 "    if s > 1.0:",
                 f"        s = s - {j % 7}.0",
                 "    else:",
                 "        s = s + a[i]"]
        j += 1
    body.append("    out[i] = s")
    return HEAD + "@wp.kernel\ndef k" + SIG + ":\n" + "\n".join(body) + "\n"


def consts(n):
    nc = max(3, n * 10 // 11 - 4)
    lines = []
    for j in range(nc):
        if j % 3 == 0:
            lines.append(f"C{j} = {j}.5")
        elif j % 3 == 1:
            lines.append(f"C{j} = wp.constant({j}.25)")
        else:
            lines.append(f"C{j} = C{j - 1} + 1.0")
    body = ["    i = wp.tid()", "    s = a[i]"]
    body += [f"    s = s + C{j}" for j in range(0, nc, 10)]
    body.append("    out[i] = s")
    return (HEAD + "\n".join(lines) + "\n\n\n@wp.kernel\ndef k" + SIG + ":\n" +
            "\n".join(body) + "\n")


def funcs(n):
    nf = max(1, (n - 5) // 5)
    out = [HEAD]
    for j in range(nf):
        out.append(f"@wp.func\ndef f{j}(x: float) -> float:\n"
                   f"    return x * {j % 13}.5 + 1.0\n\n")
    body = ["    i = wp.tid()", "    s = a[i]"]
    body += [f"    s = f{j}(s)" for j in range(nf)]
    body.append("    out[i] = s")
    out.append("@wp.kernel\ndef k" + SIG + ":\n" + "\n".join(body) + "\n")
    return "".join(out)


def kernels(n):
    out = [HEAD]
    for j in range(max(1, n // 6)):
        out.append(f"@wp.kernel\ndef k{j}" + SIG + ":\n    i = wp.tid()\n"
                   f"    out[i] = a[i] * {j % 11}.5 + 1.0\n\n\n")
    return "".join(out)


def factories(n):
    out = [HEAD,
           "def make(scale: float):\n",
           "    @wp.kernel\n",
           "    def k" + SIG + ":\n",
           "        out[wp.tid()] = a[wp.tid()] * scale\n\n",
           "    return k\n\n\n"]
    for j in range(max(1, n - 8)):
        out.append(f"k{j} = make({j}.5)\n")
    return "".join(out)


SHAPES = {f.__name__: f for f in (straight, control, consts, funcs, kernels,
                                  factories)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shape", choices=sorted(SHAPES))
    ap.add_argument("lines", type=int)
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    text = SHAPES[a.shape](a.lines)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
