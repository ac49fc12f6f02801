#!/usr/bin/env python3
"""grad.py - gradient tests: warpc's backward kernels against warp-lang's
wp.Tape and against central finite differences in float64.

    python3 test/tools/grad.py [options] test/grad/NAME.py [more files...]

Each file is a Warp program with kernels (and float64 twins of them) and a
module-level GRAD_TESTS list (format: test/grad/README.md).  For each test:

  1. warp-lang (CPU, float32): the inputs are filled from a seeded numpy
     generator, the launches run inside a wp.Tape with requires_grad arrays,
     tape.backward(grads={out: seed}) gives the reference input gradients;
  2. warpc: the file is compiled once (build/bin/warpc --module t); a
     generated C harness, linked with libwarprt.a,
       - float32: runs the forward launches, writes the outputs, loads the
         seeds into the outputs' grad buffers, runs the t_K_backward
         launchers in reverse launch order, writes the inputs' grads;
       - float64 (the twin kernels, same input values widened): the same
         backward, then central finite differences of
         J = sum(seed . outputs) for every component of every input array
         (one forward run of the whole launch sequence per perturbation,
         all array data restored before each);
  3. compared: forward outputs against warp-lang (e2e tolerances); float32
     grads against warp-lang (rtol 1e-5, atol 1e-6 by default); float64
     grads against finite differences (rtol 1e-6, atol 1e-9); float32 grads
     against float64 grads (a loose check that the twins match).  A test
     marked warp_wrong (True: all its inputs, or a list of input names)
     documents a case where warp-lang's gradient is known to be wrong:
     warpc must match finite differences, and warp-lang's value must differ
     from them (it is printed and written to warp_wrong.txt).

The generic machinery (spec normalisation, fills, value literals, warp-lang
import, comparison, running commands) is e2e.py's, imported as a module.
Everything a run produces is in build/grad/NAME/.

Exit status: 0 all tests passed, 1 a failure, 2 usage error.
"""

import argparse
import importlib.util
import os
import shutil
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import e2e  # noqa: E402  (the forward differential harness; reused, not changed)

ROOT = e2e.ROOT
WORK_DIR = e2e.BUILD / "grad"
e2e.CACHE_DIR = e2e.BUILD / "grad-cache"  # warp-lang's kernel cache for these files
MODULE = e2e.MODULE

SpecError = e2e.SpecError
CaseFailure = e2e.CaseFailure

# defaults
GRAD_TOL = (1e-5, 1e-6)       # warpc float32 grads vs warp-lang float32 grads
FD_TOL = (1e-6, 1e-9)         # warpc float64 grads vs finite differences
FD_H = 1e-6                   # step: h = FD_H * max(|x|, 1)
TWIN_TOL = (1e-3, 1e-4)       # warpc float32 grads vs warpc float64 grads
WRONG_TOL = (1e-3, 1e-4)      # warp_wrong: warp-lang must differ from FD by more than this
SEED_FILL = ("uniform", -1.0, 1.0)

E2E_KEYS = ("name", "kernel", "dim", "args", "shapes", "arrays", "launches", "seed", "note", "allow_nonfinite",
            "block_dim")
GRAD_KEYS = set(E2E_KEYS) | {"outputs", "inputs", "f64", "fd", "rtol", "atol", "tol", "fd_rtol", "fd_atol",
                             "fd_h", "twin_tol", "fwd_tol", "warp_wrong", "wrong_tol", "check_forward"}


class GradTest:
    pass


def has_grad(ti):
    """Whether arrays of this dtype carry gradients: float scalars, vectors
    and matrices, and structs with such fields (Warp's adjoints of structs
    are member-wise)."""
    if getattr(ti, "kind", None) == "struct":
        return any(has_grad(f) for _, f in ti.fields)
    return getattr(ti, "kind", None) != "array" and (ti.is_float or getattr(ti, "is_bf16", False))


def as_floats(arr, ti):
    """bfloat16 bits (uint16, as e2e keeps them) as float32 values; other
    arrays unchanged."""
    import numpy as np

    if not getattr(ti, "is_bf16", False):
        return arr
    return (np.asarray(arr, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def float_leaves(ti, base=0):
    """(byte offset, count) of the float components of one element of dtype
    ti: every component for a float scalar/vector/matrix, the float fields of
    a struct (recursively, in field order)."""
    if ti.kind == "struct":
        out = []
        for fname, f in ti.fields:
            if f.kind == "array" or not has_grad(f):
                continue
            out += float_leaves(f, base + ti.np_dtype.fields[fname][1])
        return out
    if not (ti.is_float or getattr(ti, "is_bf16", False)):
        return []
    return [(base + k * ti.np_dtype.itemsize, 1) for k in range(ti.ncomp)]


def flat_floats(arr, ti):
    """The float components of an array of dtype ti as a float64 array of
    shape (elements, components) (structs: their float fields' components)."""
    import numpy as np

    if ti.kind != "struct":
        return np.asarray(arr, dtype=np.float64)
    n = arr.size
    raw = np.ascontiguousarray(arr).view(np.uint8).reshape(n, ti.np_dtype.itemsize)
    cols = []
    for off, _ in float_leaves(ti):
        # every leaf has the scalar type of the struct's float fields
        width = 8 if _leaf_is_f64(ti, off) else 4
        cols.append(raw[:, off:off + width].copy().view("<f8" if width == 8 else "<f4").reshape(n))
    return np.stack(cols, axis=1).astype(np.float64) if cols else np.zeros((n, 0))


def _leaf_is_f64(ti, off):
    """Whether the float component at byte offset off of a struct is a float64."""
    for fname, f in ti.fields:
        start = ti.np_dtype.fields[fname][1]
        size = f.np_dtype.itemsize * (1 if f.kind == "struct" else getattr(f, "ncomp", 1)) \
            if f.kind != "array" else 56
        if start <= off < start + size:
            if f.kind == "struct":
                return _leaf_is_f64(f, off - start)
            return f.scalar_name == "float64"
    raise ValueError(off)


def seed_fill(ti):
    """The default seed fill of an output: uniform floats; for structs a
    dict giving every float field a uniform fill (others stay zero)."""
    if ti.kind != "struct":
        return SEED_FILL
    return {n: seed_fill(f) for n, f in ti.fields if f.kind != "array" and has_grad(f)}


def _f32_round(v):
    """Float values (scalars, vectors, matrices) rounded to float32, so that the
    float32 kernel and its float64 twin get the same numbers."""
    import numpy as np

    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, float):
        return float(np.float32(v))
    if isinstance(v, (list, tuple)) and not (v and isinstance(v[0], str)):
        return type(v)(_f32_round(x) for x in v)
    if isinstance(v, dict):  # struct values
        return {k: _f32_round(x) for k, x in v.items()}
    return v


def _tol(spec, key, default):
    v = spec.get(key, default)
    if not (isinstance(v, (tuple, list)) and len(v) == 2):
        raise SpecError(f"{key} must be a pair (rtol, atol), got {v!r}")
    return float(v[0]), float(v[1])


def normalise(index, spec, module, stem):
    if not isinstance(spec, dict):
        raise SpecError(f"test {index}: a test must be a dict")
    if "repeat" in spec:
        raise SpecError(f"test {index}: no 'repeat' in grad tests (list the launches, one state array per step)")
    unknown = set(spec) - GRAD_KEYS
    if unknown:
        raise SpecError(f"test {index}: unknown key(s) {sorted(unknown)}")
    g = GradTest()
    outs = spec.get("outputs")
    if outs is None:
        raise SpecError(f"test {index}: 'outputs' (the arrays whose grads are seeded) is required")
    if isinstance(outs, str):
        outs = [outs]
    seeds = dict(outs) if isinstance(outs, dict) else {o: None for o in outs}
    base = {k: spec[k] for k in E2E_KEYS if k in spec}
    base["outputs"] = list(seeds)
    t = e2e.normalise_test(index, base, module, stem)
    g.t32 = t
    g.index, g.name, g.label, g.seed = t.index, t.name, t.label, t.seed
    for o in seeds:
        if o in t.arrays and seeds[o] is None:
            seeds[o] = seed_fill(t.arrays[o]["ti"])
    g.seed_fills = seeds
    for o in seeds:
        if not has_grad(t.arrays[o]["ti"]):
            raise SpecError(f"{g.label}: output {o!r} is not a float array")
    floats = [a for a in t.arrays if has_grad(t.arrays[a]["ti"])]
    inputs = spec.get("inputs", [a for a in floats if a not in seeds])
    if isinstance(inputs, str):
        inputs = [inputs]
    for i in inputs:
        if i not in t.arrays:
            raise SpecError(f"{g.label}: input {i!r} is not an array of the test")
        if not has_grad(t.arrays[i]["ti"]):
            raise SpecError(f"{g.label}: input {i!r} is not a float array")
    if not inputs:
        raise SpecError(f"{g.label}: no input arrays to differentiate")
    g.inputs = list(inputs)
    g.outputs = list(seeds)
    ww = spec.get("warp_wrong", False)
    if ww is True:
        ww = list(g.inputs)
    elif ww is False or ww is None:
        ww = []
    elif isinstance(ww, str):
        ww = [ww]
    for i in ww:
        if i not in g.inputs:
            raise SpecError(f"{g.label}: warp_wrong names {i!r}, which is not an input")
    g.warp_wrong = list(ww)  # inputs whose warp-lang gradient is known to be wrong
    g.fd = bool(spec.get("fd", True))
    g.check_forward = bool(spec.get("check_forward", True))
    if g.warp_wrong and not g.fd:
        raise SpecError(f"{g.label}: warp_wrong needs the finite differences (fd=True)")
    rtol, atol = GRAD_TOL
    rtol, atol = float(spec.get("rtol", rtol)), float(spec.get("atol", atol))
    per = spec.get("tol", {})
    g.tol = {}
    for i in g.inputs:
        g.tol[i] = _tol(per, i, (rtol, atol))
    g.fd_tol = (float(spec.get("fd_rtol", FD_TOL[0])), float(spec.get("fd_atol", FD_TOL[1])))
    g.fd_h = float(spec.get("fd_h", FD_H))
    g.twin_tol = _tol(spec, "twin_tol", TWIN_TOL)
    g.wrong_tol = _tol(spec, "wrong_tol", WRONG_TOL)
    g.fwd_tol = spec.get("fwd_tol")
    if g.fwd_tol is not None:
        g.fwd_tol = _tol(spec, "fwd_tol", None)

    # the float64 twin
    g.t64 = None
    if g.fd:
        f64 = spec.get("f64", {})
        if not isinstance(f64, dict):
            raise SpecError(f"{g.label}: f64 must be a dict kernel -> float64 twin kernel")
        kmap = lambda k: f64.get(k, k + "_f64")  # noqa: E731
        b64 = dict(base)
        if "kernel" in b64:
            b64["kernel"] = kmap(b64["kernel"])
            b64["args"] = {k: _f32_round(v) for k, v in b64.get("args", {}).items()}
        else:
            b64["launches"] = [dict(L, kernel=kmap(L["kernel"]),
                                    args={k: _f32_round(v) for k, v in L.get("args", {}).items()})
                               for L in b64["launches"]]
        try:
            t64 = e2e.normalise_test(index, b64, module, stem)
        except SpecError as e:
            raise SpecError(f"{g.label}: float64 twin: {e}")
        if set(t64.arrays) != set(t.arrays):
            raise SpecError(f"{g.label}: the float64 twin's arrays {sorted(t64.arrays)} differ from "
                            f"{sorted(t.arrays)}")
        # arrays a runtime object (a mesh) is made from keep their dtype
        obj_arrays = {oopts[role] for _, kind, oopts in t.objects.values()
                      for role in e2e.object_plugin(kind, t.label).arrays(e2e._wp, oopts)}
        for a, d in t.arrays.items():
            d64 = t64.arrays[a]
            if a in obj_arrays:
                continue
            if d64["shape"] != d["shape"] or d64["ti"].inner != d["ti"].inner:
                raise SpecError(f"{g.label}: array {a!r}: the float64 twin's shape differs")
            if d["ti"].kind == "struct":
                if d64["ti"].kind != "struct" or [n for n, _ in d["ti"].fields] != [n for n, _ in d64["ti"].fields]:
                    raise SpecError(f"{g.label}: array {a!r}: the float64 twin's struct needs the same fields")
                continue
            fl = d["ti"].is_float or getattr(d["ti"], "is_bf16", False)
            if fl and d64["ti"].scalar_name != "float64":
                raise SpecError(f"{g.label}: array {a!r} is {d64['ti'].name} in the float64 twin")
            if not fl and d64["ti"].name != d["ti"].name:
                raise SpecError(f"{g.label}: array {a!r}: non-float arrays must keep their dtype in the twin")
        g.t64 = t64
    return g


# --------------------------------------------------------------------------
# warp-lang side
# --------------------------------------------------------------------------

def run_tape_oracle(g, data, seeds):
    """Forward outputs and input grads from warp-lang's wp.Tape (float32)."""
    import numpy as np

    wp = e2e._wp
    t = g.t32
    warrs = {}
    for name, a in t.arrays.items():
        warrs[name] = wp.array(data[name].copy(), dtype=a["ti"].wp_type, shape=a["shape"], device="cpu",
                               requires_grad=has_grad(a["ti"]))
    objs = {}  # runtime objects (e2e.object_plugin), built once
    for key, (_, kind, oopts) in t.objects.items():
        plugin = e2e.object_plugin(kind, t.label)
        objs[key] = plugin.warp_object(wp, oopts, e2e._object_arrays(plugin, oopts, lambda a: warrs[a]), "cpu")
    tape = wp.Tape()
    with tape:
        for L in t.launches:
            ins = []
            for p in L.params:
                b = L.bindings[p.name]
                if b[0] == "array":
                    ins.append(warrs[b[1]])
                elif b[0] == "object":
                    ins.append(objs[b[1]].id)
                else:
                    ins.append(b[1].build(warrs) if isinstance(b[1], e2e.Deferred) else b[1])
            dim = L.dim[0] if len(L.dim) == 1 else L.dim
            if L.block_dim is not None:  # a tiled launch (e2e's block_dim key)
                wp.launch_tiled(L.kernel, dim=dim, inputs=ins, block_dim=L.block_dim, device="cpu")
            else:
                wp.launch(L.kernel, dim=dim, inputs=ins, device="cpu")
    wp.synchronize_device("cpu")

    def host(name, arr):
        a = t.arrays[name]
        return np.ascontiguousarray(arr.numpy().reshape(tuple(a["shape"]) + a["ti"].inner)).astype(
            a["ti"].np_dtype, copy=False)

    # copies: .numpy() of a CPU array is a view, and the backward pass replays
    # the forward (atomic adds included) into the same memory
    fwd = {o: host(o, warrs[o]).copy() for o in g.outputs}
    grads = {}
    for o in g.outputs:
        a = t.arrays[o]
        grads[warrs[o]] = wp.array(seeds[o].copy(), dtype=a["ti"].wp_type, shape=a["shape"], device="cpu")
    tape.backward(grads=grads)
    wp.synchronize_device("cpu")
    return fwd, {i: host(i, warrs[i].grad) for i in g.inputs}


# --------------------------------------------------------------------------
# C harness
# --------------------------------------------------------------------------

HELPERS = r'''#include <string.h>

static void load_grad(wp_array *a, const char *path) {
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(4); }
  if (n && fread(a->grad, 1, n, f) != n) { fprintf(stderr, "grad harness: short read %s\n", path); exit(4); }
  fclose(f);
}

static void save_grad(const wp_array *a, const char *path) {
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(4); }
  if (n && fwrite(a->grad, 1, n, f) != n) { perror(path); exit(4); }
  if (fclose(f) != 0) { perror(path); exit(4); }
}

static void save_doubles(const double *v, size_t n, const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(4); }
  if (n && fwrite(v, sizeof(double), n, f) != n) { perror(path); exit(4); }
  if (fclose(f) != 0) { perror(path); exit(4); }
}

static void *snapshot(const wp_array *a) {
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  void *p = malloc(n ? n : 1);
  if (!p) { fprintf(stderr, "grad harness: out of memory\n"); exit(4); }
  memcpy(p, a->data, n);
  return p;
}

static void restore(wp_array *a, const void *snap) {
  memcpy(a->data, snap, (size_t)wp_array_size(a) * (size_t)a->elem_size);
}

static double *read_doubles(const char *path, size_t n) {
  double *p = malloc(n ? n * sizeof(double) : 1);
  FILE *f = fopen(path, "rb");
  if (!p || !f) { perror(path); exit(4); }
  if (n && fread(p, sizeof(double), n, f) != n) { fprintf(stderr, "grad harness: short read %s\n", path); exit(4); }
  fclose(f);
  return p;
}

'''


def _launch_calls(t, prefix, backward, ind="  "):
    out = []
    seq = reversed(t.launches) if backward else t.launches
    for L in seq:
        fn = f"{MODULE}_{L.kernel_name}" + ("_backward" if backward else "")
        fn += "_tiled" if L.block_dim is not None else ""
        bd = f", .block_dim = {L.block_dim}" if L.block_dim is not None else ""
        dims = ", ".join(str(d) for d in L.dim)
        args = []
        for p in L.params:
            b = L.bindings[p.name]
            if b[0] == "object":
                args.append(f"{prefix}{t.objects[b[1]][0]}")
                continue
            args.append(f"&{prefix}{b[1]}" if b[0] == "array" else
                        e2e.c_args_for(b[2], lambda a: f"&{prefix}{a}"))
        out.append(f"{ind}{{\n{ind}  wp_launch launch = {{.ndim = {len(L.dim)}, .dims = {{{dims}}}, "
                   f".device = WP_DEVICE_CPU{bd}}};\n")
        out.append(f"{ind}  check({fn}(&launch" + "".join(", " + x for x in args) + f"), \"{fn}\");\n{ind}}}\n")
    return "".join(out)


def _alloc(t, prefix, suffix):
    out = []
    for name, a in t.arrays.items():
        ti = a["ti"]
        shape = ", ".join(f"{s}ll" for s in a["shape"])
        elem = ti.np_dtype.itemsize * ti.ncomp
        out.append(f"  {{ /* {name}: array({ti.name}, shape={tuple(a['shape'])}) */\n"
                   f"    static const wp_int64 shape[4] = {{{shape}}};\n"
                   f"    make(&{prefix}{name}, {ti.c_dtype}, {elem}, {a['ndim']}, shape, \"{name}\");\n")
        if has_grad(ti):
            out.append(f"    check(wp_array_alloc_grad(&{prefix}{name}), \"wp_array_alloc_grad({name})\");\n")
        out.append(f"    load(&{prefix}{name}, \"{name}.{suffix}\");\n  }}\n")
    return "".join(out)


def gen_grad_main(g):
    t, t64 = g.t32, g.t64
    prelude = e2e.MAIN_PRELUDE.rsplit("int main(void) {", 1)[0] % dict(label=g.label.replace("*/", "* /"))
    prelude = prelude.replace("e2e harness", "grad harness")
    L = [prelude, HELPERS]
    w = L.append
    for name in t.arrays:
        w(f"static wp_array s_{name};\n")
    for var, kind, _ in t.objects.values():
        w(f"static wp_uint64 s_{var}; /* {kind} */\n")
    if t64:
        for name in t64.arrays:
            w(f"static wp_array d_{name};\n")
        for var, kind, _ in t64.objects.values():
            w(f"static wp_uint64 d_{var}; /* {kind} */\n")
    w("\nstatic void fwd32(void) {\n" + _launch_calls(t, "s_", False) + "}\n")
    w("\nstatic void bwd32(void) {\n" + _launch_calls(t, "s_", True) + "}\n")
    if t64:
        w("\nstatic void fwd64(void) {\n" + _launch_calls(t64, "d_", False) + "}\n")
        w("\nstatic void bwd64(void) {\n" + _launch_calls(t64, "d_", True) + "}\n")
        names = list(t64.arrays)
        w(f"\nstatic void *snap[{len(names)}];\n")
        w("\nstatic void take_snapshots(void) {\n")
        for k, n in enumerate(names):
            w(f"  snap[{k}] = snapshot(&d_{n});\n")
        w("}\n\nstatic void restore_all(void) {\n")
        for k, n in enumerate(names):
            w(f"  restore(&d_{n}, snap[{k}]);\n")
        w("}\n")
        w(f"\nstatic double *seed64[{len(g.outputs)}];\n")
        w("\n/* J = sum over the outputs of seed . output (the FD objective) */\nstatic double objective(void) {\n"
          "  long double j = 0;\n")
        for k, o in enumerate(g.outputs):
            a = t64.arrays[o]
            n = 1
            for s in a["shape"]:
                n *= s
            offs = ", ".join(str(off) for off, _ in float_leaves(a["ti"]))
            esize = a["ti"].np_dtype.itemsize * (1 if a["ti"].kind == "struct" else a["ti"].ncomp)
            w(f"  {{ static const size_t offs[] = {{{offs}}};\n"
              f"    const char *v = (const char *)d_{o}.data, *s = (const char *)seed64[{k}];\n"
              f"    for (size_t e = 0; e < {n}u; e++)\n"
              f"      for (size_t c = 0; c < sizeof offs / sizeof offs[0]; c++)\n"
              f"        j += (long double)*(const double *)(s + e * {esize}u + offs[c]) *\n"
              f"             *(const double *)(v + e * {esize}u + offs[c]); }}\n")
        w("  return (double)j;\n}\n")
        w("\n/* central differences of J in every component of one input array */\n"
          "static void fd_input(wp_array *a, size_t nelem, size_t esize, const size_t *offs, size_t nleaf,\n"
          "                     const char *path) {\n"
          "  size_t ncomp = nelem * nleaf;\n"
          "  double *g = malloc(ncomp * sizeof(double) + 1);\n"
          "  if (!g) exit(4);\n"
          "  for (size_t c = 0; c < ncomp; c++) {\n"
          "    restore_all();\n"
          "    double *px = (double *)((char *)a->data + (c / nleaf) * esize + offs[c % nleaf]);\n"
          "    double x = *px;\n"
          f"    double h = {g.fd_h!r} * (__builtin_fabs(x) > 1.0 ? __builtin_fabs(x) : 1.0);\n"
          "    volatile double xp = x + h, xm = x - h;\n"
          "    *px = xp;\n"
          "    fwd64();\n"
          "    double jp = objective();\n"
          "    restore_all();\n"
          "    *px = xm;\n"
          "    fwd64();\n"
          "    double jm = objective();\n"
          "    g[c] = (jp - jm) / (xp - xm);\n"
          "  }\n"
          "  restore_all();\n"
          "  save_doubles(g, ncomp, path);\n"
          "  free(g);\n"
          "}\n")
    w("\nint main(void) {\n")
    w("  /* float32: forward, seeds, backward */\n")
    w(_alloc(t, "s_", "bin"))
    for var, kind, oopts in t.objects.values():
        plugin = e2e.object_plugin(kind, g.label)
        w("  {\n" + plugin.c_create(f"s_{var}", oopts, e2e._object_arrays(
            plugin, oopts, lambda a: f"&s_{a}"), "WP_DEVICE_CPU") + "  }\n")
    w("  fwd32();\n")
    for o in g.outputs:
        w(f"  save(&s_{o}, \"{o}.out\");\n")
    for o in g.outputs:
        w(f"  load_grad(&s_{o}, \"{o}.seed\");\n")
    w("  bwd32();\n")
    for i in g.inputs:
        w(f"  save_grad(&s_{i}, \"{i}.grad\");\n")
    if t64:
        w("\n  /* float64 twin: forward, seeds, backward, finite differences */\n")
        w(_alloc(t64, "d_", "bin64"))
        for var, kind, oopts in t64.objects.values():
            plugin = e2e.object_plugin(kind, g.label)
            w("  {\n" + plugin.c_create(f"d_{var}", oopts, e2e._object_arrays(
                plugin, oopts, lambda a: f"&d_{a}"), "WP_DEVICE_CPU") + "  }\n")
        w("  take_snapshots();\n  fwd64();\n")
        for o in g.outputs:
            w(f"  save(&d_{o}, \"{o}.out64\");\n")
        for o in g.outputs:
            w(f"  load_grad(&d_{o}, \"{o}.seed64\");\n")
        w("  bwd64();\n")
        for i in g.inputs:
            w(f"  save_grad(&d_{i}, \"{i}.grad64\");\n")
        for k, o in enumerate(g.outputs):
            a = t64.arrays[o]
            n = 1
            for s in a["shape"]:
                n *= s
            w(f"  seed64[{k}] = read_doubles(\"{o}.seed64\", {n * a['ti'].np_dtype.itemsize * (1 if a['ti'].kind == 'struct' else a['ti'].ncomp) // 8}u);\n")
        for i in g.inputs:
            a = t64.arrays[i]
            n = 1
            for s in a["shape"]:
                n *= s
            leaves = float_leaves(a["ti"])
            esize = a["ti"].np_dtype.itemsize * (1 if a["ti"].kind == "struct" else a["ti"].ncomp)
            offs = ", ".join(str(off) for off, _ in leaves)
            w(f"  {{ static const size_t offs[] = {{{offs}}};\n"
              f"    fd_input(&d_{i}, {n}u, {esize}u, offs, {len(leaves)}u, \"{i}.fd\"); }}\n")
    for tt, prefix in ((t, "s_"), (t64, "d_")):
        for var, kind, _ in (tt.objects.values() if tt else ()):
            w(e2e.object_plugin(kind, g.label).c_destroy(f"{prefix}{var}", "WP_DEVICE_CPU"))
    w("  return 0;\n}\n")
    return "".join(L)


# --------------------------------------------------------------------------
# Comparison helpers
# --------------------------------------------------------------------------

class _F:
    """A TypeInfo stand-in for e2e.compare: float values."""
    is_float = True
    is_bool = False


def compare_as(who, name, want, got, tol, max_report):
    """e2e.compare of float values, the reference named `who` in its report."""
    ok, m = e2e.compare(name, _F, want, got, tol, max_report=max_report)
    return ok, m.replace(", warp-lang ", f", {who} ")


def read_out(path, dtype, shape):
    import numpy as np

    raw = path.read_bytes()
    want = int(np.prod(shape)) * np.dtype(dtype).itemsize
    if len(raw) != want:
        raise CaseFailure(f"{path.name} has {len(raw)} bytes, expected {want}")
    return np.frombuffer(raw, dtype=dtype).reshape(shape)


def fmt_vals(v, n=6):
    """The first n (all: None) values of v, flattened."""
    import numpy as np

    flat = np.asarray(v, dtype=np.float64).reshape(-1)
    n = flat.size if n is None else n
    s = ", ".join(f"{x:.7g}" for x in flat[:n])
    return "[" + s + (", ..." if flat.size > n else "") + "]"


def differs(want, got, tol):
    """True where |got - want| > atol + rtol*|want| (NaN vs number differs)."""
    import numpy as np

    rtol, atol = tol
    w = np.asarray(want, dtype=np.float64)
    x = np.asarray(got, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        same = (np.isnan(w) & np.isnan(x)) | ((w == x) & np.isinf(w))
        ok = same | (np.abs(x - w) <= atol + rtol * np.abs(w))
    return ~ok


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def load_module(path):
    """Imports a test file as module grad_case_STEM (warp-lang names its
    kernel cache entries after the module)."""
    name = "grad_case_" + path.stem
    spec = importlib.util.spec_from_file_location(name, str(path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def run_file(path, opts):
    import numpy as np

    stem = path.stem
    work = opts.work_dir / stem
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    t0 = time.time()

    def fail(msg):
        print(f"FAIL {stem}: {msg}")
        return 1

    if not opts.warpc.exists():
        return fail(f"{e2e.rel(opts.warpc)} does not exist: build warpc first (make)")
    if not opts.runtime.exists():
        return fail(f"{e2e.rel(opts.runtime)} does not exist: build the runtime first (make)")
    try:
        e2e.import_warp(opts.verbose)
        module = load_module(path)
    except Exception:
        return fail("warp-lang could not import the file (oracle failure):\n" + e2e.tail(traceback.format_exc()))
    specs = getattr(module, "GRAD_TESTS", None)
    if isinstance(specs, dict):
        specs = [specs]
    if not specs or not isinstance(specs, (list, tuple)):
        return fail("the file declares no GRAD_TESTS list")
    tests = []
    try:
        for i, s in enumerate(specs):
            tests.append(normalise(i, s, module, stem))
    except SpecError as e:
        return fail(f"bad test spec: {e}")
    if opts.only is not None:
        tests = [g for g in tests if g.index in opts.only or g.name in opts.only]

    failures = 0
    ready = []
    for g in tests:
        tdir = work / f"T{g.index}"
        tdir.mkdir()
        try:
            data = e2e.fill_inputs(g.t32)
            if g.t32.elem_arrays:  # its harness would leave the fields empty
                raise SpecError(f"{g.label}: 'per_element' array fields are not supported in gradient tests")
            rng = np.random.default_rng((g.seed + 0x5EED) & 0xFFFFFFFF)
            seeds = {}
            for o in g.outputs:
                a = g.t32.arrays[o]
                seeds[o] = e2e.make_array_data(g.seed_fills[o], a["shape"], a["ti"], rng,
                                               f"{g.label}: seed of {o!r}")
            for name, d in data.items():
                (tdir / f"{name}.bin").write_bytes(d.tobytes())
                if g.t64:
                    (tdir / f"{name}.bin64").write_bytes(
                        as_floats(d, g.t32.arrays[name]["ti"]).astype(
                            g.t64.arrays[name]["ti"].np_dtype).tobytes())
            for o, s in seeds.items():
                (tdir / f"{o}.seed").write_bytes(s.tobytes())
                if g.t64:
                    (tdir / f"{o}.seed64").write_bytes(
                        as_floats(s, g.t32.arrays[o]["ti"]).astype(
                            g.t64.arrays[o]["ti"].np_dtype if s.dtype.names else np.float64).tobytes())
            (tdir / "main.c").write_text(gen_grad_main(g))
            try:
                fwd, wgrads = run_tape_oracle(g, data, seeds)
            except Exception:
                raise CaseFailure("warp-lang failed (oracle failure):\n" + e2e.tail(traceback.format_exc()))
            ready.append((g, tdir, fwd, wgrads))
        except (SpecError, CaseFailure) as e:
            failures += 1
            print(f"FAIL {g.label}: {e}")
        except Exception:  # noqa: BLE001
            failures += 1
            print(f"FAIL {g.label}: internal error in grad.py:\n{e2e.tail(traceback.format_exc())}")
    if not ready:
        return failures

    rc, out = e2e.run_cmd([opts.warpc, path, "-o", work / "case.o", "--module", MODULE, "--no-cuda"] + e2e.CHECKED, work,
                          work / "warpc.log", opts.timeout)
    if rc != 0 or not (work / "case.o").exists():
        why = "timed out" if rc is None else f"exit status {rc}"
        print(f"FAIL {stem}: warpc failed ({why}):\n{e2e.tail(out)}")
        return failures + len(ready)

    for g, tdir, fwd, wgrads in ready:
        try:
            failures += check_test(g, tdir, fwd, wgrads, work, opts)
        except (SpecError, CaseFailure) as e:
            failures += 1
            print(f"FAIL {g.label}: {e}")
        except Exception:  # noqa: BLE001
            failures += 1
            print(f"FAIL {g.label}: internal error in grad.py:\n{e2e.tail(traceback.format_exc())}")
    if opts.verbose:
        print(f"     {stem}: {len(tests)} test(s), {time.time() - t0:.1f}s")
    return failures


def check_test(g, tdir, fwd, wgrads, work, opts):
    import numpy as np

    exe = tdir / "main"
    cc = os.environ.get("CC", "cc")
    rc, out = e2e.run_cmd([cc, "-std=c11", "-O1", "-I" + str(e2e.RT_INCLUDE), "-I" + str(work), tdir / "main.c",
                           work / "case.o", opts.runtime, "-lpthread", "-lm", "-o", exe],
                          tdir, tdir / "cc.log", opts.timeout)
    if rc != 0:
        raise CaseFailure(f"the C harness did not compile/link:\n{e2e.tail(out)}")
    t1 = time.time()
    rc, out = e2e.run_cmd([exe], tdir, tdir / "run.log", opts.timeout)
    run_s = time.time() - t1
    if rc is None:
        raise CaseFailure(f"the harness timed out after {opts.timeout}s:\n{e2e.tail(out)}")
    if rc != 0:
        sig = f" (signal {-rc})" if rc < 0 else ""
        raise CaseFailure(f"the harness exited with status {rc}{sig}:\n{e2e.tail(out)}")
    t, t64 = g.t32, g.t64
    problems, notes = [], []
    stats = {}  # reference -> largest relative error of the grads that matched it
    records = []  # warp_wrong: warp-lang's values beside FD and warpc's

    def shp(tt, a):
        d = tt.arrays[a]
        return tuple(d["shape"]) + d["ti"].inner

    # forward outputs against warp-lang
    if g.check_forward:
        for o in g.outputs:
            ti = t.arrays[o]["ti"]
            got = read_out(tdir / f"{o}.out", ti.np_dtype, shp(t, o))
            tol = g.fwd_tol or t.tol[o]
            ok, m = e2e.compare(o, ti, fwd[o], got, tol, max_report=opts.max_report)
            if not ok:
                problems.append("forward output differs from warp-lang:\n  " + m)
    grads32 = {i: read_out(tdir / f"{i}.grad", t.arrays[i]["ti"].np_dtype, shp(t, i)) for i in g.inputs}
    # bfloat16 grads (bits): compared as float values
    wgrads = dict(wgrads)
    for i in g.inputs:
        grads32[i] = as_floats(grads32[i], t.arrays[i]["ti"])
        wgrads[i] = as_floats(wgrads[i], t.arrays[i]["ti"])
    # struct arrays: compare their float components, (elements, components)
    for i in g.inputs:
        ti = t.arrays[i]["ti"]
        if ti.kind == "struct":
            grads32[i] = flat_floats(grads32[i], ti)
            wgrads = dict(wgrads)
            wgrads[i] = flat_floats(wgrads[i], ti)

    # float32 grads against warp-lang's tape
    if True:
        for i in [i for i in g.inputs if i not in g.warp_wrong]:
            ok, m = e2e.compare(f"{i}.grad", _F, wgrads[i], grads32[i], g.tol[i], max_report=opts.max_report)
            if ok:
                stats["warp-lang"] = max(stats.get("warp-lang", 0.0), e2e.error_stats(_F, wgrads[i], grads32[i])[1])
            else:
                problems.append("float32 grad differs from warp-lang's tape (warpc vs warp-lang):\n  " + m)

    if t64:
        for i in g.inputs:
            shape = shp(t64, i)
            ti64 = t64.arrays[i]["ti"]
            if ti64.kind == "struct":
                g64 = flat_floats(read_out(tdir / f"{i}.grad64", ti64.np_dtype, shape), ti64)
                fd = read_out(tdir / f"{i}.fd", np.float64, g64.shape)
            else:
                g64 = read_out(tdir / f"{i}.grad64", np.float64, shape)
                fd = read_out(tdir / f"{i}.fd", np.float64, shape)
            ok, m = compare_as("FD", f"{i}.grad64", fd, g64, g.fd_tol, opts.max_report)
            if ok:
                stats["FD"] = max(stats.get("FD", 0.0), e2e.error_stats(_F, fd, g64)[1])
            else:
                problems.append("float64 grad differs from finite differences (warpc vs FD):\n  " + m)
            ok, m = compare_as("warpc-f64", f"{i}.grad", g64, grads32[i].astype(np.float64), g.twin_tol,
                               opts.max_report)
            if not ok:
                problems.append("float32 grad differs from the float64 twin's (warpc f32 vs warpc f64; "
                                "do the twins compute the same function?):\n  " + m)
            if i in g.warp_wrong:
                wg = wgrads[i]
                bad = differs(fd, wg, g.wrong_tol)
                full = (f"{i}.grad (flattened):\n  warp-lang {fmt_vals(wg, None)}\n  FD        {fmt_vals(fd, None)}\n"
                        f"  warpc f32 {fmt_vals(grads32[i], None)}\n  warpc f64 {fmt_vals(g64, None)}\n")
                with open(tdir / "warp_wrong.txt", "a") as f:
                    f.write(full)
                if np.any(bad):
                    where = np.argwhere(bad)
                    notes.append(f"warp-lang's {i}.grad wrong as documented ({len(where)} of {bad.size})")
                    for idx in where[:3]:
                        idx = tuple(int(x) for x in idx)
                        records.append(f"{i}.grad{list(idx)}: warp-lang {float(wg[idx]):.7g}, FD {float(fd[idx]):.7g}, "
                                       f"warpc {float(grads32[i][idx]):.7g}")
                    if len(where) > 3:
                        records.append(f"... {len(where) - 3} more in {e2e.rel(tdir / 'warp_wrong.txt')}")
                else:
                    problems.append(f"warp_wrong is set but warp-lang's {i}.grad matches finite differences "
                                    f"(within rtol {g.wrong_tol[0]:g}, atol {g.wrong_tol[1]:g}): "
                                    f"{fmt_vals(wg)}; drop warp_wrong")
    if problems:
        print(f"FAIL {g.label}:\n  " + "\n  ".join(p.replace("\n", "\n  ") for p in problems)
              + f"\n  (files in {e2e.rel(tdir)})")
        for rec in records:
            print("  warp_wrong: " + rec)
        return 1
    extra = f" [{run_s:.2f}s]" if opts.verbose else ""
    summary = f"grad of {', '.join(g.inputs)}: " + ", ".join(
        f"max rel err {v:.2g} vs {k}" for k, v in stats.items())
    print(f"ok   {g.label}: " + "; ".join([summary] + notes) + extra)
    for rec in records:
        print("       " + rec)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="warpc gradient tests (see test/grad/README.md)")
    ap.add_argument("files", nargs="+", type=Path, help="test files (test/grad/NAME.py)")
    ap.add_argument("--warpc", type=Path, default=Path(os.environ.get("WARPC", e2e.WARPC)))
    ap.add_argument("--runtime", type=Path, default=Path(os.environ.get("WARPRT", e2e.LIBWARPRT)))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--max-report", type=int, default=8)
    ap.add_argument("--timeout", type=int, default=e2e.RUN_TIMEOUT)
    ap.add_argument("--only", action="append", default=None, help="test index or name (repeatable)")
    ap.add_argument("--work-dir", type=Path, default=WORK_DIR)
    opts = ap.parse_args(argv)
    opts.warpc = opts.warpc.resolve()
    opts.runtime = opts.runtime.resolve()
    opts.work_dir = opts.work_dir.resolve()
    if opts.only is not None:
        opts.only = {int(x) if x.isdigit() else x for x in opts.only}
    return e2e.run_files(opts.files, lambda p: run_file(p, opts), "file")


if __name__ == "__main__":
    sys.exit(main())
