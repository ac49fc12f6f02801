#!/usr/bin/env python3
"""sass.py - what ptxas makes of warpc's CUDA kernels, read without a GPU.

    python3 bench/sass.py [--arch sm_90] [--warpc PATH] [FILE.py ...]

For every kernels.py of bench/ and samples/ (or the FILEs given), warpc
compiles the module for one arch (--cuda-arch ARCH, default sm_90); for each
kernel the table gives, for the forward and the backward entry (the 1-D
companions that 1-D launches run, NAME_1d; the general entries beside them
under "any-d"): the number of
SASS instructions (nvdisasm's listing of the cubin, NOPs of the alignment
padding included, as nvdisasm prints them), the registers, and the local
memory (the per-thread stack, which is where a tape or an array indexed at
run time lives).  Where a bench has hand-written CUDA (bench/NAME/ref.cu),
its kernels are compiled with nvcc -O3 for the same arch and listed beside
them (`ref`), with the instruction ratio warpc / hand-written for the
kernel of the same name.

Tools: nvcc (the CUDA Toolkit), cuobjdump and nvdisasm (not in the toolkit
here: PyPI's nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm wheels, which
`scripts/deps.sh test` installs and links as build/deps/bin/cuobjdump and
build/deps/bin/nvdisasm).  Exit status: 0, 1 when a compile fails, 2 when a
tool is missing.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPS_BIN = ROOT / "build" / "deps" / "bin"


def tool(name):
    found = shutil.which(name)
    if found:
        return found
    p = DEPS_BIN / name
    if p.exists():
        return str(p)
    sys.exit(f"sass.py: {name} not found on PATH or in {DEPS_BIN} (scripts/deps.sh test installs it)")


def default_files():
    files = []
    for top in ("bench", "samples"):
        for d in sorted((ROOT / top).iterdir()):
            k = d / "kernels.py"
            if k.exists():
                files.append(k)
    return files


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def cubins(obj, work, cuobjdump):
    """Extracts the cubins of a host object or fatbin (cuobjdump -xelf)."""
    before = set(os.listdir(work))
    r = run([cuobjdump, "-xelf", "all", str(obj)], cwd=work)
    if r.returncode != 0:
        raise RuntimeError(f"cuobjdump -xelf: {r.stderr.strip()}")
    return [Path(work) / f for f in sorted(set(os.listdir(work)) - before) if f.endswith(".cubin")]


def analyse(cubin, nvdisasm, cuobjdump):
    """{function: dict(sass=N, regs=R, local=L)} of one cubin."""
    out = {}
    r = run([nvdisasm, "-c", str(cubin)])
    if r.returncode != 0:
        raise RuntimeError(f"nvdisasm: {r.stderr.strip()}")
    fn = None
    for line in r.stdout.splitlines():
        m = re.match(r"\s*\.text\.(\S+):", line)
        if m:
            fn = m.group(1)
            out.setdefault(fn, dict(sass=0, regs=0, local=0))
        elif fn and re.match(r"\s+/\*[0-9a-f]{4,}\*/", line):
            out[fn]["sass"] += 1
    r = run([cuobjdump, "-res-usage", str(cubin)])
    fn = None
    for line in r.stdout.splitlines():
        m = re.match(r"\s*Function (\S+):", line)
        if m:
            fn = m.group(1)
            continue
        m = re.search(r"REG:(\d+) STACK:(\d+) SHARED:\d+ LOCAL:(\d+)", line)
        if m and fn in out:
            out[fn]["regs"] = int(m.group(1))
            out[fn]["local"] = int(m.group(2)) + int(m.group(3))
    return out


def demangle_ref(name):
    """_Z5saxpyifPKfPf -> saxpy"""
    m = re.match(r"_Z(\d+)(\w+)", name)
    return m.group(2)[: int(m.group(1))] if m else name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--warpc", default=str(ROOT / "build" / "bin" / "warpc"))
    ap.add_argument("files", nargs="*", type=Path)
    o = ap.parse_args()
    nvcc, cuobjdump, nvdisasm = tool("nvcc"), tool("cuobjdump"), tool("nvdisasm")
    files = o.files or default_files()
    rows, status = [], 0
    with tempfile.TemporaryDirectory(prefix="warpc-sass-") as tmp:
        for f in files:
            f = f.resolve()
            rel = f.relative_to(ROOT) if ROOT in f.parents else f
            work = Path(tmp) / str(len(rows))
            work.mkdir()
            obj = work / "k.o"
            helpers = [a for d in (f.parent, f.parent / "helpers") if d.is_dir() for a in ("-I", str(d))]
            r = run([o.warpc, str(f), "-o", str(obj), "--cuda-arch", o.arch] + helpers)
            if r.returncode != 0:
                print(f"sass.py: warpc {rel}: {r.stderr.strip()}", file=sys.stderr)
                status = 1
                continue
            funcs = {}
            for c in cubins(obj, work, cuobjdump):
                funcs.update(analyse(c, nvdisasm, cuobjdump))
            ref = {}
            cu = f.parent / "ref.cu"
            if cu.exists():
                cb = work / "ref.cubin"
                r = run([nvcc, "-cubin", "-O3", f"-arch={o.arch}", "-w", "-o", str(cb), str(cu)])
                if r.returncode != 0:
                    print(f"sass.py: nvcc {cu}: {r.stderr.strip()}", file=sys.stderr)
                    status = 1
                else:
                    for name, v in analyse(cb, nvdisasm, cuobjdump).items():
                        ref[demangle_ref(name)] = v
            kernels = sorted({re.sub(r"_cuda_(forward|backward)$", "", n) for n in funcs
                              if re.search(r"_cuda_(forward|backward)$", n)})
            for k in kernels:
                e = {w: funcs.get(f"{k}_cuda_{w}") for w in
                     ("forward", "backward", "forward_1d", "backward_1d")}
                short = k.split("_", 1)[1] if "_" in k else k
                rf = ref.pop(short, None)
                rows.append((str(rel), short, e, rf))
            for name, v in sorted(ref.items()):  # hand-written kernels of other names
                rows.append((str(rel.parent / "ref.cu"), name, {}, v))

    def cell(v):
        return ("-", "-", "-") if not v else (str(v["sass"]), str(v["regs"]), str(v["local"]))

    def sass(v):
        return str(v["sass"]) if v else "-"

    head = ["file", "kernel", "fwd sass", "regs", "local", "bwd sass", "regs", "local",
            "any-d fwd", "any-d bwd", "ref sass", "regs", "local", "fwd/ref"]
    table = [head]
    for rel, k, e, rf in rows:
        fw = e.get("forward_1d") or e.get("forward")
        bw = e.get("backward_1d") or e.get("backward")
        ratio = f"{fw['sass'] / rf['sass']:.2f}" if fw and rf and rf["sass"] else "-"
        table.append([rel, k, *cell(fw), *cell(bw), sass(e.get("forward")), sass(e.get("backward")),
                      *cell(rf), ratio])
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    print(f"# SASS for {o.arch} (nvdisasm instruction count, registers, local bytes per thread)")
    for r in table:
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    return status


if __name__ == "__main__":
    sys.exit(main())
