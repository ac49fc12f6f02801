#!/usr/bin/env python3
"""e2e.py - differential end-to-end test: warpc against warp-lang.

    python3 test/tools/e2e.py [options] test/e2e/cases/NAME.py [more cases...]

For each case file (an ordinary Warp program that declares TESTS at the
bottom, see test/e2e/README.md) and each test in it:

  1. oracle: the case is imported with warp-lang (CPU), its arrays are filled
     from a seeded numpy generator, the kernels are launched, the outputs read;
  2. warpc: the case is compiled with build/bin/warpc into case.o + case.h, a C
     harness (main.c) is generated that loads the very same input bytes into
     wp_arrays, launches the generated launchers and writes the outputs; it is
     linked with build/lib/libwarprt.a and run;
  3. the outputs are compared: integers and bools exactly, floats with a
     tolerance (|got - want| <= atol + rtol * |want|).

Everything for a case lives in build/e2e/NAME/ (cleaned at the start of each
run, kept afterwards for inspection): case.o, case.h, warpc.log, and per test
T<k>/ with main.c, main, the inputs (*.bin), warpc's outputs (*.out) and
warp-lang's (*.expected).

On a GPU: --device cuda:N makes the harness copy the arrays to device N,
launch there (a warm-up run, then a timed one), copy the outputs back; --time
also times the same launches on the CPU.  Such runs print a RESULT line per
test (errors, times; see check_timed_run) and keep their files in
build/e2e-cudaN/.  --prepare / --prepared split a GPU run in two: everything
but running the harnesses here, the rest on a GPU machine that has neither
warp-lang nor the build tools (test/gpu/prepare.sh, test/gpu/run.sh).

A spec of one of warp-lang's own test files (test/warp_tests/NAME.py, with
TARGET = "warp/tests/NAME.py" instead of kernels) runs TARGET's kernels the
same way; warpc compiles an extract of TARGET (see warp_tests.py), and a
kernel defined inside one of TARGET's functions ("test_x.compute") is lifted
to module level in a source that both warp-lang and warpc use (BIND gives
what it closes over; warp_tests.lift).

Exit status: 0 when every test passed, 1 when any failed (including a failing
oracle or a malformed spec), 2 for usage errors.
"""

import argparse
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import traceback
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
WARPC = BUILD / "bin" / "warpc"
# warpc's host code is built with clang's bounds checks on fixed-size arrays
# (vector and matrix components): an index out of range traps (SIGILL)
# instead of touching a neighbour, which comparing results can miss
CHECKED = ["-Xcc", "-fsanitize=array-bounds", "-Xcc", "-fsanitize-trap=array-bounds"]
LIBWARPRT = BUILD / "lib" / "libwarprt.a"
RT_INCLUDE = ROOT / "runtime" / "include"
CACHE_DIR = BUILD / "e2e-cache"
WORK_DIR = BUILD / "e2e"
MODULE = "t"  # --module name: launchers are t_KERNEL

# Default float tolerances (rtol, atol), per scalar type.
DEFAULT_TOL = {"float16": (1e-3, 1e-4), "float32": (1e-5, 1e-6), "float64": (1e-9, 1e-12)}

# seconds for warpc, cc or a harness: the largest case (mesh_query, compiled
# whole for sm_75 and sm_90: 55 s of CPU) timed out at 120 on 2 cores
# shared with another test and a build
RUN_TIMEOUT = 300
HARNESS_ENV = None  # environment of the harness (--device hides CUDA from warp-lang, not from it)
MAX_ELEMENTS = 1 << 20  # per array; tests are meant to be small


class SpecError(Exception):
    """The test spec in a case file is malformed."""


class CaseFailure(Exception):
    """A test failed; the message says why."""


# --------------------------------------------------------------------------
# warp-lang types -> numpy / C
# --------------------------------------------------------------------------

_wp = None  # the warp module, imported lazily (after the cache dir is set)
_wt = None  # warp.types

SCALAR_C = {
    "bool": ("wp_bool", "WP_SCALAR_BOOL"),
    "int8": ("wp_int8", "WP_SCALAR_INT8"),
    "uint8": ("wp_uint8", "WP_SCALAR_UINT8"),
    "int16": ("wp_int16", "WP_SCALAR_INT16"),
    "uint16": ("wp_uint16", "WP_SCALAR_UINT16"),
    "int32": ("wp_int32", "WP_SCALAR_INT32"),
    "uint32": ("wp_uint32", "WP_SCALAR_UINT32"),
    "int64": ("wp_int64", "WP_SCALAR_INT64"),
    "uint64": ("wp_uint64", "WP_SCALAR_UINT64"),
    "float16": ("wp_half", "WP_SCALAR_FLOAT16"),
    "bfloat16": ("wp_bfloat16", "WP_SCALAR_BFLOAT16"),
    "float32": ("float", "WP_SCALAR_FLOAT32"),
    "float64": ("double", "WP_SCALAR_FLOAT64"),
}
SCALAR_SUFFIX = {
    "float16": "h", "bfloat16": "bf", "float32": "f", "float64": "d", "int8": "b", "uint8": "ub", "int16": "s",
    "uint16": "us", "int32": "i", "uint32": "ui", "int64": "l", "uint64": "ul",
}
NAMED_SCALAR_DTYPE = {
    "bool": "WP_BOOL", "int8": "WP_INT8", "uint8": "WP_UINT8", "int16": "WP_INT16",
    "uint16": "WP_UINT16", "int32": "WP_INT32", "uint32": "WP_UINT32", "int64": "WP_INT64",
    "uint64": "WP_UINT64", "float16": "WP_FLOAT16", "bfloat16": "WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16)",
    "float32": "WP_FLOAT32",
    "float64": "WP_FLOAT64",
}


class TypeInfo:
    """What the harness needs to know about a Warp value type (a scalar, vector
    or matrix; also the dtype of an array)."""

    def __init__(self, t):
        import numpy as np

        wt = _wt
        self.wp_type = t
        if _is_struct(t):
            # @wp.struct: fields (scalars, vectors, matrices, structs); numpy
            # structured dtype with Warp's offsets; C type <MODULE>_<Name>
            self.kind = "struct"
            self.inner = ()
            self.fields = [(n, ArrayField(v.type) if wt.is_array(v.type) else TypeInfo(v.type))
                           for n, v in t.vars.items()]
            self.np_dtype = np.dtype(t.numpy_dtype())
            self.name = t.key if hasattr(t, "key") else t.__name__
            self.name = self.name.split(".")[-1]
            # a struct of an imported helper module: warpc names its C type
            # <MODULE>_<module path with _ for .>_<Name>
            pymod = getattr(getattr(t, "cls", None), "__module__", "") or ""
            if pymod and not pymod.startswith(("e2e_case_", "grad_case_")):  # the case itself
                self.name = pymod.replace(".", "_") + "_" + self.name
            self.scalar_name = "struct"
            self.is_float = False
            self.is_bool = False
            self.ncomp = 1
            return
        if wt.type_is_vector(t) or wt.type_is_quaternion(t) or wt.type_is_transformation(t):
            self.kind = "vector"
            self.inner = (int(t._length_),)
            scalar = t._wp_scalar_type_
        elif wt.type_is_matrix(t):
            self.kind = "matrix"
            self.inner = tuple(int(s) for s in t._shape_)
            scalar = t._wp_scalar_type_
        elif t in wt.scalar_types or t is wt.bool or t in (bool, int, float) or t is getattr(wt, "handle", None):
            self.kind = "scalar"
            self.inner = ()
            scalar = {bool: wt.bool, int: wt.int32, float: wt.float32}.get(t, t)
            if t is getattr(wt, "handle", None):  # warp-lang >= 1.19: a uint64 for object ids
                scalar = wt.uint64
        else:
            raise SpecError(f"unsupported Warp type {t!r} (the e2e harness handles scalars, vectors and matrices)")
        self.scalar = scalar
        self.scalar_name = scalar.__name__
        if self.scalar_name not in SCALAR_C:
            raise SpecError(f"unsupported scalar type {self.scalar_name}")
        # bfloat16 (warp-lang 1.19): numpy has none; its arrays are uint16
        # bits (as warp-lang's .numpy()), compared bit for bit
        self.np_dtype = np.dtype(np.uint16 if self.scalar_name == "bfloat16"
                                 else wt.warp_type_to_np_dtype[scalar])
        self.name = t.__name__ if self.kind != "scalar" else self.scalar_name  # vec3f, mat22d, float32
        if self.name in ("vec_t", "mat_t"):
            # wp.types.vector(length=5, dtype=float) / matrix(shape=...): warpc's spelling
            suffix = SCALAR_SUFFIX[self.scalar_name]
            self.name = ("vec%d" % self.inner[0] if self.kind == "vector" else
                         "mat%d%d" % self.inner) + suffix
        self.is_float = self.scalar_name.startswith("float")
        self.is_bf16 = self.scalar_name == "bfloat16"
        self.is_bool = self.scalar_name == "bool"
        self.ncomp = 1
        for s in self.inner:
            self.ncomp *= s

    @property
    def c_type(self):
        if self.kind == "struct":
            return f"{MODULE}_{self.name}"
        if self.kind == "scalar":
            return SCALAR_C[self.scalar_name][0]
        return "wp_" + self.name

    @property
    def c_dtype(self):
        if self.kind == "struct":
            return f"{MODULE}_{self.name}_DTYPE".upper()
        s = SCALAR_C[self.scalar_name][1]
        if self.kind == "scalar":
            return NAMED_SCALAR_DTYPE[self.scalar_name]
        if self.kind == "vector" and _wt.type_is_quaternion(self.wp_type):
            return f"WP_QUAT_DTYPE({s})"
        if self.kind == "vector" and _wt.type_is_transformation(self.wp_type):
            return f"WP_TRANSFORM_DTYPE({s})"
        if self.kind == "vector":
            return f"WP_VEC_DTYPE({s}, {self.inner[0]})"
        return f"WP_MAT_DTYPE({s}, {self.inner[0]}, {self.inner[1]})"


class ArrayField:
    """An array field of a @wp.struct (Warp's array_t; C wp_array_t).  A struct
    value gives it as the name of an array of the test."""

    kind = "array"

    def __init__(self, t):
        # warp-lang 1.19 keeps a subscript annotation (wp.array[T]) as a
        # lightweight _ArrayAnnotation of wp.array
        ann = getattr(_wt, "_ArrayAnnotation", None)
        iann = getattr(_wt, "_IndexedArrayAnnotation", None)
        # wp.indexedarray fields: only filled per element of an array of
        # structs (("per_element", shape, fill, index_fill))
        self.indexed = type(t) is _wt.indexedarray or (iann is not None and type(t) is iann)
        if type(t) is not _wt.array and not (ann is not None and type(t) is ann) and not self.indexed:
            raise SpecError(f"struct field type {t!r}: only wp.array and wp.indexedarray fields are supported")
        self.ndim = int(t.ndim)
        self.dtype = TypeInfo(t.dtype)
        self.name = f"{'indexedarray' if self.indexed else 'array'}({self.dtype.name}, ndim={self.ndim})"


class Deferred:
    """A struct parameter value whose array fields name arrays of the test:
    build(warrs) makes the warp-lang value once the arrays exist."""

    def __init__(self, ti, items):
        self.ti = ti
        self.items = items  # (field, "array" | "value", array name | python value)

    def build(self, warrs):
        v = self.ti.wp_type()
        for fname, kind, x in self.items:
            if kind == "array":
                x = warrs[x]
            elif isinstance(x, Deferred):
                x = x.build(warrs)
            setattr(v, fname, x)
        return v


ARRAY_REF = "@ARRAY(%s)@"  # placeholder of an array in a C argument expression


def c_args_for(c, array_expr):
    """Replaces the array placeholders of a C argument expression by
    array_expr(name) (an expression of type const wp_array *)."""
    import re

    return re.sub(r"@ARRAY\(([^)]*)\)@", lambda m: array_expr(m.group(1)), c)


def _is_struct(t):
    return hasattr(t, "vars") and hasattr(t, "numpy_dtype") and hasattr(t, "ctype")


class Param:
    def __init__(self, arg):
        wt = _wt
        self.name = arg.label
        t = arg.type
        if wt.is_array(t):
            # wp.array[T] annotations (warp-lang >= 1.11) are _ArrayAnnotation
            # objects whose concrete class is wp.array
            if type(t) is not wt.array and getattr(type(t), "_concrete_cls", None) is not wt.array:
                raise SpecError(f"parameter '{self.name}': only wp.array parameters are supported, got {t!r}")
            self.is_array = True
            self.ndim = int(t.ndim)
            self.dtype = TypeInfo(t.dtype)
        else:
            self.is_array = False
            self.ndim = 0
            self.dtype = TypeInfo(t)


def c_mangle(t):
    """warpc's spelling of a type in instance names (lib/lower/lower_generic.c)."""
    if _wt.is_array(t):
        return f"array{t.ndim}d_{c_mangle(t.dtype)}"
    ti = TypeInfo(t)
    if ti.kind == "struct":
        return f"S{len(ti.name)}{ti.name}"
    return ti.name


def instance_cname(generic, inst):
    """KERNEL_<types>: the launcher suffix warpc gives an instance of a
    generic kernel (lib/lower/lower_kernels.c): the types of the generic
    parameters, an array parameter's dtype only."""
    parts = []
    for tmpl, arg in zip(generic.adj.args, inst.adj.args):
        if not _wt.type_is_generic(tmpl.type):
            continue
        parts.append(c_mangle(arg.type.dtype if _wt.is_array(tmpl.type) else arg.type))
    return generic.func.__name__ + "_" + "_".join(parts)


def launcher_names(module):
    """The kernels' C names (without MODULE_): a generic kernel's instances
    declared in the file (wp.overload) stand for it."""
    names = set()
    for k in dir(module):
        kern = getattr(module, k)
        if not isinstance(kern, wp_kernel_type()):
            continue
        parent = getattr(kern, "generic_parent", None)
        if parent is not None:  # k_f32 = wp.overload(k, [...])
            names.add(instance_cname(parent, kern))
        elif getattr(kern, "is_generic", False):
            names.update(instance_cname(kern, o) for o in kern.overloads.values())
        else:
            names.add(k)
    return sorted(names)


def kernel_params(kernel):
    return [Param(a) for a in kernel.adj.args]


# --------------------------------------------------------------------------
# Fill specs -> numpy arrays
# --------------------------------------------------------------------------

def _kind_of(spec):
    if isinstance(spec, str):
        return spec, ()
    if isinstance(spec, tuple) and spec and isinstance(spec[0], str):
        return spec[0], spec[1:]
    return None, None


def make_array_data(spec, shape, ti, rng, what, elem_arrays=None):
    """numpy array of shape + ti.inner and ti.np_dtype from a fill spec.
    An array of structs may fill an array (or indexedarray) field with
    ("per_element", shape, fill[, index_fill]): each element gets its own
    array, appended to elem_arrays (see per_element_field)."""
    import numpy as np

    full = tuple(shape) + ti.inner
    n = 1
    for s in full:
        n *= s
    dt = ti.np_dtype
    if getattr(ti, "is_bf16", False):  # float32 values rounded to bfloat16 bits
        import copy

        f32 = copy.copy(ti)
        f32.np_dtype, f32.is_float, f32.is_bf16 = np.dtype(np.float32), True, False
        return bf16_bits(make_array_data(spec, shape, f32, rng, what))
    if ti.kind == "struct":
        # one fill for every field (a dict field -> fill), zeros by default
        out = np.zeros(tuple(shape), dtype=dt)
        fills = spec if isinstance(spec, dict) else {n: spec for n, f in ti.fields if f.kind != "array"}
        for fname, fti in ti.fields:
            if fname in fills and fti.kind == "array":
                if elem_arrays is None:
                    raise SpecError(f"{what}.{fname}: array fields of arrays of structs are filled only "
                                    f"in arrays of the test")
                elem_arrays.append(per_element_field(fills[fname], shape, fname, fti, rng, f"{what}.{fname}"))
                continue
            if fname in fills:
                out[fname] = make_array_data(fills[fname], shape, fti, rng, f"{what}.{fname}")
        return out
    kind, p = _kind_of(spec)

    def need(k):
        if len(p) != k:
            raise SpecError(f"{what}: fill {kind!r} takes {k} parameter(s), got {len(p)}")

    if kind is None:
        # explicit values: a list / nested list / numpy array
        data = np.asarray(spec)
        if data.size != n:
            raise SpecError(f"{what}: {data.size} explicit values for an array of shape {tuple(shape)} "
                            f"with {ti.ncomp} component(s) per element ({n} values)")
        if ti.is_float:
            out = data.astype(dt)
        else:
            if not np.all(np.equal(np.mod(data, 1), 0)):
                raise SpecError(f"{what}: non-integer explicit values for a {ti.scalar_name} array")
            out = data.astype(np.int64).astype(dt) if not ti.is_bool else data.astype(dt)
        return np.ascontiguousarray(out.reshape(full))
    if kind == "values":
        need(1)
        return make_array_data(list(p[0]), shape, ti, rng, what)
    if kind == "zeros":
        need(0)
        return np.zeros(full, dtype=dt)
    if kind == "ones":
        need(0)
        return np.ones(full, dtype=dt)
    if kind == "full":
        need(1)
        return np.full(full, p[0], dtype=dt)
    if kind == "arange":
        if len(p) > 2:
            raise SpecError(f"{what}: fill 'arange' takes 0-2 parameters (start, step)")
        start = p[0] if len(p) > 0 else 0
        step = p[1] if len(p) > 1 else 1
        vals = start + step * np.arange(n, dtype=np.float64 if ti.is_float else np.int64)
        return np.ascontiguousarray(vals.astype(dt).reshape(full))
    if kind == "uniform":
        need(2)
        if not ti.is_float:
            raise SpecError(f"{what}: fill 'uniform' is for float arrays; use ('int', lo, hi) for {ti.scalar_name}")
        lo, hi = p
        return rng.uniform(lo, hi, size=full).astype(dt)
    if kind == "int":
        need(2)
        lo, hi = p
        if ti.is_bool:
            raise SpecError(f"{what}: use ('bool', p) for bool arrays")
        if hi > np.iinfo(np.int64).max:  # uint64 values past 2^63
            return rng.integers(lo, hi, size=full, endpoint=True, dtype=np.uint64).astype(dt)
        return rng.integers(lo, hi, size=full, endpoint=True).astype(dt)
    if kind == "normal":
        need(2)
        if not ti.is_float:
            raise SpecError(f"{what}: fill 'normal' is for float arrays")
        return rng.normal(p[0], p[1], size=full).astype(dt)
    if kind == "bool":
        need(1)
        return (rng.random(size=full) < p[0]).astype(dt)
    if kind == "choice":
        need(1)
        return rng.choice(np.asarray(p[0]), size=full).astype(dt)
    if kind == "mat_diag":
        need(3)
        if ti.kind != "matrix" or ti.inner[0] != ti.inner[1]:
            raise SpecError(f"{what}: fill 'mat_diag' is for square-matrix arrays")
        lo, hi, d = p
        vals = rng.uniform(lo, hi, size=full)
        vals = vals + d * np.eye(ti.inner[0])
        return vals.astype(dt)
    raise SpecError(f"{what}: unknown fill kind {kind!r}")


def per_element_field(spec, shape, fname, fti, rng, what):
    """The arrays of an array field of an array of structs of shape `shape`:
    ("per_element", eshape, fill) gives every element its own array of shape
    eshape (fill over all the elements' values together, in element order:
    ("arange", 100.0) with eshape (1,) makes element i's array [100 + i]);
    an indexedarray field takes ("per_element", eshape, fill, index_fill):
    the base arrays as above, each indexed along its first dimension by its
    own int32 array of eshape[0] indices (index_fill over all of them), the
    other dimensions not indexed (wp.indexedarray(base, [idx, None, ...])).
    Returns dict(field, fti, eshape, n, data, indices): data of shape
    (n, *eshape, *inner), indices (n, eshape[0]) or None."""
    import numpy as np

    kind, p = _kind_of(spec)
    if kind != "per_element" or len(p) not in (2, 3):
        raise SpecError(f"{what}: an array field of an array of structs takes ('per_element', shape, fill)"
                        f" (an indexedarray field: ('per_element', shape, fill, index_fill))")
    eshape = norm_dim(p[0], what)
    if len(eshape) != fti.ndim:
        raise SpecError(f"{what}: per-element shape {eshape} but the field is {fti.ndim}-D")
    if fti.indexed != (len(p) == 3):
        raise SpecError(f"{what}: a {'wp.indexedarray' if fti.indexed else 'wp.array'} field takes "
                        f"('per_element', shape, fill{', index_fill' if fti.indexed else ''})")
    n = 1
    for s_ in shape:
        n *= s_
    data = make_array_data(p[1], (n,) + eshape, fti.dtype, rng, what)
    indices = None
    if fti.indexed:
        idx_ti = TypeInfo(_wt.int32)
        indices = make_array_data(p[2], (n, eshape[0]), idx_ti, rng, what + " indices")
        if np.any(indices < 0) or np.any(indices >= eshape[0]):
            raise SpecError(f"{what}: indices outside [0, {eshape[0]})")
    return dict(field=fname, fti=fti, eshape=eshape, n=n, data=data, indices=indices)


def bf16_bits(f):
    """float32 values -> bfloat16 bits (uint16): round to nearest even, as
    warp-lang's conversion; a NaN keeps its top bits and stays a NaN."""
    import numpy as np

    u = np.ascontiguousarray(f, dtype=np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    top = (u >> 16).astype(np.uint16)
    special = (u & 0x7F800000) == 0x7F800000
    nan_zero = special & ((u & 0x7FFFFF) != 0) & ((top & 0x7F) == 0)
    return np.where(special, np.where(nan_zero, top | 0x40, top), r).astype(np.uint16)


def make_value(spec, ti, what, refs=None):
    """A scalar/vector/matrix/struct parameter value: (python value for
    warp-lang, C expression).  An array field of a struct names an array of
    the test: (name, ArrayField) is appended to refs, the python value is a
    Deferred and the C expression has ARRAY_REF placeholders."""
    import numpy as np

    if ti.kind == "struct":
        if not isinstance(spec, dict):
            raise SpecError(f"{what}: a struct value is a dict of field values")
        unknown = set(spec) - {n for n, _ in ti.fields}
        if unknown:
            raise SpecError(f"{what}: struct {ti.name} has no field(s) {sorted(unknown)}")
        items = []
        cs = []
        deferred = False
        for fname, fti in ti.fields:
            if fname not in spec:
                continue
            if fti.kind == "array":
                aname = spec[fname]
                if not isinstance(aname, str):
                    raise SpecError(f"{what}.{fname}: an array field names an array of the test")
                if refs is None:
                    raise SpecError(f"{what}.{fname}: array fields are not supported here")
                if fti.indexed:
                    raise SpecError(f"{what}.{fname}: an indexedarray field of a struct value is not "
                                    f"supported (only per element of an array of structs)")
                refs.append((aname, fti))
                items.append((fname, "array", aname))
                cs.append(f".{fname} = wp_array_view({ARRAY_REF % aname})")
                deferred = True
                continue
            py, c = make_value(spec[fname], fti, f"{what}.{fname}", refs)
            deferred = deferred or isinstance(py, Deferred)
            items.append((fname, "value", py))
            cs.append(f".{fname} = {c}")
        c = "(%s){%s}" % (ti.c_type, ", ".join(cs))
        if deferred:
            return Deferred(ti, items), c
        value = ti.wp_type()
        for fname, _, py in items:
            setattr(value, fname, py)
        return value, c
    if ti.kind == "scalar":
        if isinstance(spec, (list, tuple, dict, str)):
            raise SpecError(f"{what}: expected a {ti.scalar_name} value, got {spec!r}")
        if getattr(ti, "is_bf16", False):
            b = int(bf16_bits(np.float32(spec)).reshape(-1)[0])
            f = float(np.array([b << 16], dtype=np.uint32).view(np.float32)[0])
            return _wp.bfloat16(f), "((wp_bfloat16)0x%04x)" % b
        v = np.asarray(spec).astype(ti.np_dtype)[()]
        if ti.is_bool:
            return bool(v), ("1" if bool(v) else "0")
        if ti.is_float:
            return float(v), c_float(v, ti.scalar_name)
        return int(v), c_int(int(v), ti.scalar_name)
    data = np.asarray(spec, dtype=np.float64 if ti.is_float else None)
    if data.size != ti.ncomp:
        raise SpecError(f"{what}: expected {ti.ncomp} components for {ti.name}, got {data.size}")
    data = data.astype(ti.np_dtype).reshape(ti.inner)
    flat = [x for x in data.reshape(-1)]
    if ti.is_float:
        py = [float(x) for x in flat]
        cs = [c_float(x, ti.scalar_name) for x in flat]
    else:
        py = [int(x) for x in flat]
        cs = [c_int(int(x), ti.scalar_name) for x in flat]
    value = ti.wp_type(*py)
    if ti.kind == "vector":
        c = "(%s){{%s}}" % (ti.c_type, ", ".join(cs))
    else:
        r, cc = ti.inner
        rows = ["{" + ", ".join(cs[i * cc:(i + 1) * cc]) + "}" for i in range(r)]
        c = "(%s){{%s}}" % (ti.c_type, ", ".join(rows))
    return value, c


def c_float(v, scalar_name):
    import math
    import numpy as np

    x = float(v)
    if scalar_name == "float16":  # wp_half holds the binary16 bits
        return "((wp_half)0x%04x)" % int(np.array(x, dtype=np.float16).view(np.uint16))
    suffix = "f" if scalar_name == "float32" else ""
    if math.isnan(x):
        return "__builtin_nanf(\"\")" if suffix else "__builtin_nan(\"\")"
    if math.isinf(x):
        s = "__builtin_inff()" if suffix else "__builtin_inf()"
        return s if x > 0 else "(-" + s + ")"
    if scalar_name == "float32":
        x = float(np.float32(x))
    return "(%s%s)" % (x.hex(), suffix) if math.copysign(1.0, x) < 0 else x.hex() + suffix


def c_int(v, scalar_name):
    ctype = SCALAR_C[scalar_name][0]
    if scalar_name.startswith("u"):
        return f"(({ctype}){v}ull)"
    if v == -(1 << 63):
        return f"(({ctype})(-9223372036854775807ll - 1))"
    return f"(({ctype}){v}ll)" if v >= 0 else f"(({ctype})({v}ll))"


# --------------------------------------------------------------------------
# Spec normalisation
# --------------------------------------------------------------------------

def norm_dim(dim, what):
    if isinstance(dim, int):
        dim = (dim,)
    if not isinstance(dim, (tuple, list)) or not 1 <= len(dim) <= 4 or not all(isinstance(d, int) and d >= 0 for d in dim):
        raise SpecError(f"{what}: dim must be an int or a tuple of 1-4 non-negative ints, got {dim!r}")
    return tuple(dim)


TEST_KEYS = {"name", "kernel", "launcher", "overload", "dim", "args", "shapes", "outputs", "rtol", "atol", "tol",
             "repeat", "seed", "arrays", "launches", "allow_nonfinite", "note", "block_dim"}


def kernel_at(module, path):
    """The warp-lang kernel a spec's `kernel` names: a module attribute,
    `C.k` (a kernel of class C's body), or a path with calls that make it
    (`Sim().build()`: a kernel nested in a method, made by running it)."""
    if hasattr(module, "e2e_kernel"):  # a WarpSpec: kernels inside TARGET's functions too
        return module.e2e_kernel(path)
    obj = module
    for part in path.split("."):
        call = part.endswith("()")
        obj = getattr(obj, part[:-2] if call else part, None)
        if call and callable(obj):
            obj = obj()
    return obj


def is_object_spec(v):
    return isinstance(v, tuple) and len(v) in (2, 3) and v[0] == "object"


def object_plugin(kind, what):
    """The module that builds runtime objects of `kind` for the tests:
    test/tools/e2e_obj_<kind>.py.  It defines
      arrays(wp, opts) -> {role: (warp dtype, ndim)}: the arrays it is built
          from, each named in the spec's options (opts[role] = array name);
      warp_object(wp, opts, arrays, device) -> the warp-lang object (its .id
          is passed to the kernel; it is kept alive during the launches);
          arrays: {role: wp.array};
      c_create(var, opts, arrays, device) -> C statements that set the
          `wp_uint64 var` to the object's id (arrays: {role: C expression of
          a `wp_array *`}; device: a C expression of the wp_device; use the
          harness's check(status, what));
      c_destroy(var, device) -> C statements that free it;
    optionally
      files(wp, opts) -> {file name: bytes}: files the C statements read,
          written into the test's directory (where the harness runs)."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", str(kind)):
        raise SpecError(f"{what}: bad object kind {kind!r}")
    try:
        return importlib.import_module(f"e2e_obj_{kind}")
    except ImportError as e:
        raise SpecError(f"{what}: no object kind {kind!r} (test/tools/e2e_obj_{kind}.py): {e}") from e


def _object_arrays(plugin, opts, array_of):
    return {role: array_of(opts[role]) for role in plugin.arrays(_wp, opts)}


class Launch:
    def __init__(self, kernel_name, kernel, params, dim, bindings):
        self.kernel_name = kernel_name
        self.kernel = kernel
        self.params = params
        self.dim = dim
        # param name -> ("array", name) | ("value", py, c) | ("object", key of Test.objects)
        self.bindings = bindings
        self.block_dim = None  # a tiled launch (wp.launch_tiled; warpc's _tiled launcher)


class Test:
    pass


def normalise_test(index, spec, module, stem):
    if not isinstance(spec, dict):
        raise SpecError(f"test {index}: a test must be a dict, got {type(spec).__name__}")
    unknown = set(spec) - TEST_KEYS
    if unknown:
        raise SpecError(f"test {index}: unknown key(s) {sorted(unknown)}")
    t = Test()
    t.index = index
    t.name = spec.get("name") or (spec.get("kernel") or f"test{index}")
    t.label = f"{stem}[{index}] {t.name}"
    t.seed = spec.get("seed", zlib.crc32(f"{stem}:{index}".encode()))
    t.repeat = int(spec.get("repeat", 1))
    t.allow_nonfinite = bool(spec.get("allow_nonfinite", False))
    if t.repeat < 1:
        raise SpecError(f"{t.label}: repeat must be >= 1")
    shapes = {k: norm_dim(v, f"{t.label}: shapes[{k!r}]") for k, v in spec.get("shapes", {}).items()}
    test_dim = norm_dim(spec["dim"], t.label) if "dim" in spec else None

    if "launches" in spec:
        if "kernel" in spec or "args" in spec:
            raise SpecError(f"{t.label}: give either kernel/args or launches, not both")
        array_specs = dict(spec.get("arrays", {}))
        raw_launches = spec["launches"]
    else:
        if "kernel" not in spec or test_dim is None:
            raise SpecError(f"{t.label}: a test needs kernel and dim (or launches)")
        array_specs = None
        raw_launches = [dict(kernel=spec["kernel"], dim=spec["dim"], args=spec.get("args", {}))]
        if "block_dim" in spec:
            raw_launches[0]["block_dim"] = spec["block_dim"]
        if "launcher" in spec:
            raw_launches[0]["launcher"] = spec["launcher"]
        if "overload" in spec:
            raw_launches[0]["overload"] = spec["overload"]

    # fills of arrays that struct fields name (both forms)
    field_fills = dict(spec.get("arrays", {}))
    t.launches = []
    t.objects = {}  # (kind, options) -> (C name, kind, options): see object_plugin
    arrays = {}  # name -> dict(ti, ndim, shape, fill)

    def add_array(aname, dtype, ndim, fill, what):
        if aname in arrays:
            a = arrays[aname]
            if a["ti"].name != dtype.name or a["ndim"] != ndim:
                raise SpecError(f"{what}: array {aname!r} is {a['ti'].name} {a['ndim']}-D here "
                                f"but the parameter is {dtype.name} {ndim}-D")
            return
        shape = shapes.get(aname, dim)
        if len(shape) != ndim:
            raise SpecError(f"{what}: array {aname!r} has shape {shape} (from "
                            f"{'shapes' if aname in shapes else 'dim'}) but the parameter is {ndim}-D; "
                            f"give shapes={{{aname!r}: (...)}}")
        nel = 1
        for s_ in shape:
            nel *= s_
        if nel > MAX_ELEMENTS:
            raise SpecError(f"{what}: array {aname!r} has {nel} elements; keep e2e arrays small")
        arrays[aname] = dict(ti=dtype, ndim=ndim, shape=shape, fill=fill)
    for li, rl in enumerate(raw_launches):
        if not isinstance(rl, dict) or "kernel" not in rl:
            raise SpecError(f"{t.label}: launch {li} must be a dict with 'kernel'")
        bad = set(rl) - {"kernel", "launcher", "dim", "args", "overload", "block_dim"}
        if bad:
            raise SpecError(f"{t.label}: launch {li}: unknown key(s) {sorted(bad)}")
        kname = rl["kernel"]
        k = kernel_at(module, kname)
        if not isinstance(k, _wp.Kernel):
            raise SpecError(f"{t.label}: no @wp.kernel named {kname!r} in the case file")
        # "C.k": a kernel of class C's body, warpc's C__k
        cname = rl.get("launcher", module.e2e_launcher(kname) if hasattr(module, "e2e_launcher")
                       else kname.replace(".", "__"))
        inst = None
        if "overload" in rl:
            # an instance of a generic kernel: wp.overload(k, [types] | {name: type})
            try:
                inst = _wp.overload(k, rl["overload"])
            except Exception as e:  # noqa: BLE001
                raise SpecError(f"{t.label}: launch {li}: wp.overload({kname}, ...) failed: {e}") from e
            cname = instance_cname(k, inst)
            k = inst
        elif getattr(k, "is_generic", False):
            raise SpecError(f"{t.label}: kernel {kname} is generic: give overload=[types] or {{name: type}}")
        if "dim" in rl:
            dim = norm_dim(rl["dim"], f"{t.label}: launch {li}")
        elif test_dim is not None:
            dim = test_dim
        else:
            raise SpecError(f"{t.label}: launch {li} has no dim and the test gives none")
        params = kernel_params(k)
        args = dict(rl.get("args", {}))
        pnames = {p.name for p in params}
        extra = set(args) - pnames
        if extra:
            raise SpecError(f"{t.label}: kernel {kname} has no parameter(s) {sorted(extra)}")
        bindings = {}
        for p in params:
            what = f"{t.label}: {kname}({p.name})"
            if p.is_array:
                if array_specs is None:
                    aname = p.name
                    fill = args.get(p.name, "zeros")
                else:
                    aname = args.get(p.name, p.name)
                    if not isinstance(aname, str):
                        raise SpecError(f"{what}: in 'launches', an array argument names an entry of 'arrays'")
                    fill = array_specs.get(aname, "zeros")
                add_array(aname, p.dtype, p.ndim, fill, what)
                bindings[p.name] = ("array", aname)
            elif is_object_spec(args.get(p.name)):
                # ("object", KIND, {role: array name, option: value}): a
                # runtime object (a mesh, a hash grid, ...) built from arrays
                # of the test; the kernel gets its uint64 id
                kind, oopts = args[p.name][1], dict(args[p.name][2] if len(args[p.name]) > 2 else {})
                plugin = object_plugin(kind, what)
                fills = array_specs if array_specs is not None else field_fills
                for role, (dtype, ndim) in plugin.arrays(_wp, oopts).items():
                    if not isinstance(oopts.get(role), str):
                        raise SpecError(f"{what}: object {kind!r} needs {role}=<array name>")
                    fill = fills.get(oopts[role])
                    if fill is None and array_specs is None and oopts[role] in pnames:
                        # the kernel's own array parameter of that name: its fill in args
                        # (added here first, its later add_array would drop the fill)
                        fill = args.get(oopts[role])
                    add_array(oopts[role], TypeInfo(dtype), ndim, fill if fill is not None else "zeros",
                              f"{what}: {kind} {role} array {oopts[role]!r}")
                key = (kind, repr(sorted(oopts.items())))
                if key not in t.objects:
                    t.objects[key] = (f"o{len(t.objects)}", kind, oopts)
                bindings[p.name] = ("object", key)
            else:
                if p.name not in args:
                    raise SpecError(f"{what}: no value given for scalar parameter")
                refs = []
                py, c = make_value(args[p.name], p.dtype, what, refs)
                for aname, fti in refs:
                    fill = (array_specs if array_specs is not None else field_fills).get(aname, "zeros")
                    add_array(aname, fti.dtype, fti.ndim, fill, f"{what}: field array {aname!r}")
                bindings[p.name] = ("value", py, c)
        t.launches.append(Launch(cname, k, params, dim, bindings))
        t.launches[-1].py_name, t.launches[-1].instance = kname, inst
        if "block_dim" in rl:
            t.launches[-1].block_dim = int(rl["block_dim"])
    if array_specs is None and field_fills:
        unused = set(field_fills) - set(arrays)
        if unused:
            raise SpecError(f"{t.label}: arrays {sorted(unused)} are not named by any struct field "
                            f"(in a single launch, 'arrays' fills the arrays that struct fields name)")
    if array_specs is not None:
        unused = set(array_specs) - set(arrays)
        if unused:
            raise SpecError(f"{t.label}: arrays {sorted(unused)} are not used by any launch")
    extra_shapes = set(shapes) - set(arrays)
    if extra_shapes:
        raise SpecError(f"{t.label}: shapes given for unknown arrays {sorted(extra_shapes)}")
    t.arrays = arrays
    outputs = spec.get("outputs", list(arrays))
    if isinstance(outputs, str):
        outputs = [outputs]
    for o in outputs:
        if o not in arrays:
            raise SpecError(f"{t.label}: output {o!r} is not an array of the test (arrays: {sorted(arrays)})")
    if not outputs and spec.get("outputs") != []:  # outputs=[]: runs only (its wp.expect_* must pass)
        raise SpecError(f"{t.label}: nothing to compare")
    t.outputs = list(outputs)
    # tolerances
    t.tol = {}
    per = spec.get("tol", {})
    for o in per:
        if o not in arrays:
            raise SpecError(f"{t.label}: tol given for unknown array {o!r}")
    for o in t.outputs:
        ti = arrays[o]["ti"]
        # structs: float fields take float32's default (integer fields are exact)
        rtol, atol = DEFAULT_TOL.get("float32" if ti.kind == "struct" else ti.scalar_name, (0.0, 0.0))
        rtol = spec.get("rtol", rtol)
        atol = spec.get("atol", atol)
        if o in per:
            rtol, atol = per[o]
        t.tol[o] = (float(rtol), float(atol))
    return t


# --------------------------------------------------------------------------
# Oracle (warp-lang)
# --------------------------------------------------------------------------

def write_whole(path, data):
    """Writes bytes `data` to `path` so that a concurrent reader sees the
    whole file or none: to a temporary name beside it, then renamed."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def share_clang_pch(wp):
    """Lets this process's warp-lang reuse the precompiled header (PCH) of
    its C++ prelude that an earlier test built.  warp-lang (1.19) builds it
    into a temporary directory of each process (per thread) and deletes it
    at exit, so every test paid for it again: 3.5 of the 4.9 s of CPU that
    warp-lang's cold compile of a small case took (clamp_sign; 1.5 s with
    the PCH there), the largest part of the suite's CI time.  Here each
    thread's directory is CACHE_DIR/pch/VERSION/tmp.PID.* of our own, seeded
    with a copy of each PCH published in CACHE_DIR/pch/VERSION whose
    SHA-256 matches the NAME.pch.sha256 beside it; the ones this process
    built are published at exit (copied to a temporary name, then renamed,
    the checksum first: a concurrent test sees a whole file or none).  A
    published PCH that does not match its checksum (damaged: clang rejects
    it and warp-lang compiles without it, building none) is removed, so
    that the next test builds and publishes it again; the directories of
    processes that are gone (killed by a time-out) are removed.  The PCH's
    name is warp's hash of its options; its headers are warp-lang's own,
    whose version names the directory.  A warp-lang without the hook
    (get_clang_pch_dir) is left as it is."""
    try:
        import warp._src.context as wctx
    except ImportError:
        import warp.context as wctx
    runtime_cls = getattr(wctx, "Runtime", None)
    orig = getattr(runtime_cls, "get_clang_pch_dir", None)
    if orig is None:
        return
    import atexit
    import hashlib
    import tempfile
    import threading

    shared = CACHE_DIR / "pch" / str(wp.__version__)
    dirs = {}  # thread ident -> this process's directory

    def sweep():
        """Removes the directories of processes that no longer run."""
        for d in shared.glob("tmp.*.*"):
            try:
                os.kill(int(d.name.split(".")[1]), 0)
            except ProcessLookupError:
                shutil.rmtree(d, ignore_errors=True)
            except (ValueError, OSError):
                pass

    def seed(d):
        for f in shared.glob("*.pch"):
            try:
                want = (shared / (f.name + ".sha256")).read_text().strip()
                data = f.read_bytes()
            except OSError:
                continue  # being published: a whole file later
            if hashlib.sha256(data).hexdigest() == want:
                (d / f.name).write_bytes(data)
            else:  # damaged: gone, so that a test builds it again
                try:
                    f.unlink()
                except OSError:
                    pass

    def publish():
        for d in dirs.values():
            for f in Path(d).glob("*.pch"):
                if not (shared / f.name).exists():  # the checksum first
                    data = f.read_bytes()
                    write_whole(shared / (f.name + ".sha256"), (hashlib.sha256(data).hexdigest() + "\n").encode())
                    write_whole(shared / f.name, data)
            shutil.rmtree(d, ignore_errors=True)

    def get_clang_pch_dir(self):
        if getattr(self, "llvm", True) is None:  # no warp-clang: no PCH
            return None
        tid = threading.get_ident()
        if tid not in dirs:
            shared.mkdir(parents=True, exist_ok=True)
            if not dirs:
                sweep()
            d = Path(tempfile.mkdtemp(prefix=f"tmp.{os.getpid()}.", dir=shared))
            seed(d)
            dirs[tid] = str(d)
        return dirs[tid]

    runtime_cls.get_clang_pch_dir = get_clang_pch_dir
    atexit.register(publish)


def import_warp(verbose, forward_only=False):
    """Imports warp-lang once, configured for the tests.  forward_only: the
    oracle only runs forward launches, so warp-lang compiles no backward
    code (about half its per-module compile time, which dominates a cold
    run); the gradient harness needs it and leaves it on."""
    global _wp, _wt
    if _wp is not None:
        return
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    import warp as wp

    try:  # warp-lang >= 1.12 keeps the type machinery in warp._src.types
        import warp._src.types as wt
    except ImportError:
        import warp.types as wt

    wp.config.kernel_cache_dir = str(CACHE_DIR)
    wp.config.log_level = 20 if verbose else 40  # INFO / ERROR (1.19: quiet is deprecated)
    if forward_only:
        wp.config.enable_backward = False
    share_clang_pch(wp)
    if verbose:
        wp.init()
    else:
        # silence the native "could not load the CUDA driver" note on stderr;
        # real init failures still raise
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            with open(os.devnull, "w") as null:
                os.dup2(null.fileno(), 2)
            wp.init()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
    _wp, _wt = wp, wt


def helper_dirs(path):
    """Directories of helper modules a case may import (multi-file cases):
    `helpers/` beside the case, on warp-lang's sys.path and warpc's -I."""
    d = path.parent / "helpers"
    return [d] if d.is_dir() else []


def load_case_module(path):
    for d in helper_dirs(path):
        if str(d) not in sys.path:
            sys.path.insert(0, str(d))
    name = "e2e_case_" + path.stem
    spec = importlib.util.spec_from_file_location(name, str(path))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


class WarpSpec:
    """A spec of a warp-lang test file (test/warp_tests/NAME.py; see
    warp_tests.py): TARGET imported with warp-lang as the case's module;
    the kernels it names inside TARGET's functions ("f.k") lifted to module
    level (warp_tests.lift) in a source that warp-lang imports too (an
    extract of it, build/e2e/warp.NAME/lifted/), so that both sides run the
    lifted text."""

    def __init__(self, spec, work):
        import warp_tests as wtm

        self.wtm = wtm
        self.target = spec.TARGET
        self.path = wtm.target_path(spec.TARGET)
        if not self.path.is_file():
            raise SpecError(f"TARGET {spec.TARGET!r}: no such file {self.path}")
        self.source = self.path.read_text()
        tree = __import__("ast").parse(self.source)
        errs, self.kernels, self.tested, self.xfail, self.untested = wtm.check_spec(spec, spec.TARGET, tree)
        if errs:
            raise SpecError("; ".join(errs))
        self.nested = list(wtm.nested_kernels(tree))
        self.refs = sorted(k for k in (self.tested | set(self.xfail)) if wtm.is_nested_ref(k))
        self.lifted_source, self.names, self.lifted = self.source, {}, None
        if self.refs or getattr(spec, "BIND", None):
            try:
                self.lifted_source, self.names = wtm.lift(self.source, self.refs, getattr(spec, "BIND", None))
            except wtm.LiftError as e:
                raise SpecError(f"cannot lift a kernel of {spec.TARGET} to module level: {e}") from e
        stub_modules(getattr(spec, "STUB_MODULES", []))
        self.warpc_flags = [str(f) for f in getattr(spec, "WARPC_FLAGS", [])]
        name = "e2e_case_warp_" + self.path.stem
        ispec = importlib.util.spec_from_file_location(name, str(self.path))
        self.module = importlib.util.module_from_spec(ispec)
        sys.modules[name] = self.module
        ispec.loader.exec_module(self.module)
        self.work = work
        if self.names:  # the oracle's copy of the lifted kernels
            src = self.write_extract(work / "lifted", self.refs)
            name = "e2e_case_warp_lifted_" + self.path.stem
            ispec = importlib.util.spec_from_file_location(name, str(src))
            self.lifted = importlib.util.module_from_spec(ispec)
            sys.modules[name] = self.lifted
            ispec.loader.exec_module(self.lifted)

    def e2e_kernel(self, ref):
        """The warp-lang kernel a spec's `kernel` names."""
        if ref in self.names:
            return getattr(self.lifted, self.names[ref], None)
        return kernel_at(self.module, ref)

    def e2e_launcher(self, ref):
        """warpc's launcher name (less the module prefix) of a kernel."""
        return self.names.get(ref, ref.replace(".", "__"))

    def write_extract(self, d, kernels):
        d.mkdir(parents=True, exist_ok=True)
        out = d / self.path.name
        out.write_text(self.wtm.extract(self.lifted_source, [self.names.get(k, k) for k in kernels]))
        return out

    def instantiate(self, kname, inst):
        return self.wtm.instantiate_arg(_wp, _wt, self.names.get(kname, kname), inst)

    def summary(self, tests, failures):
        nested = ""
        if self.nested:
            # each kernel counted once: tested when an instance is, else
            # xfail when one is, else untested
            path = self.wtm.ref_path
            nest = self.wtm.is_nested_ref
            t = {path(k) for k in self.tested if nest(k)}
            x = {path(k) for k in self.xfail if nest(k)} - t
            u = {path(k) for k in self.untested if nest(k)} - t - x
            nested = (f"; {len(self.nested)} kernel(s) inside functions: "
                      + (f"{len(t)} tested, {len(x)} xfail, {len(u)} untested" if t | x | u
                         else "not in this spec (not counted above)"))
        return (f"     {self.target}: {len(self.kernels)} module-level kernel(s): "
                f"{len([k for k in self.tested if k in self.kernels])} tested "
                f"({len(tests)} test(s), {failures} failure(s)), "
                f"{len([k for k in self.xfail if k in self.kernels])} xfail (warpc rejects them), "
                f"{len([k for k in self.untested if k in self.kernels])} untested{nested}")


def stub_modules(names):
    """A spec's STUB_MODULES: each module of the list that is not installed
    (PIL for an example that loads an image in its host code) is put into
    sys.modules as an empty module whose attributes are empty modules too,
    so that TARGET imports; a kernel that used one would fail the oracle."""
    import types

    def make(name):
        m = types.ModuleType(name)
        m.__getattr__ = lambda attr: make(f"{name}.{attr}") if not attr.startswith("__") else \
            (_ for _ in ()).throw(AttributeError(attr))
        return m

    for n in names or []:
        if n not in sys.modules and importlib.util.find_spec(n) is None:
            sys.modules[n] = make(n)


def load_warp_spec(spec, work):
    tools = str(Path(__file__).resolve().parent)
    if tools not in sys.path:
        sys.path.insert(0, tools)
    return WarpSpec(spec, work)


def check_xfail(ws, stem, opts):
    """Compiles each XFAIL kernel of a warp spec alone (CPU code only); it
    must fail with its diagnostic.  Returns the number of failures."""
    failures = 0
    for k, want in ws.xfail.items():
        flags = []
        if isinstance(want, tuple):  # (diagnostic, overload): a generic kernel's instance
            want, ov = want
            flags = ["--instantiate", ws.instantiate(k, _wp.overload(ws.e2e_kernel(k), ov))]
        d = ws.work / "xfail" / k
        src = ws.write_extract(d, [k])
        rc, out = run_cmd([opts.warpc, src, "-o", d / "k.o", "--module", MODULE, "--no-cuda"] + CHECKED + flags, d,
                          d / "warpc.log", opts.timeout)
        first = next((ln for ln in out.splitlines() if ": error: " in ln), "")
        if rc == 0:
            failures += 1
            print(f"FAIL {stem} {k}: XFAIL kernel now compiles: give it tests in TESTS (expected: {want})")
        elif rc is None or want not in out:
            failures += 1
            print(f"FAIL {stem} {k}: XFAIL kernel fails differently (expected {want!r}):\n{tail(out, 8)}")
        else:
            print(f"xfail {stem} {k}: {first.split(': error: ', 1)[-1] or want}")
    return failures


def fill_inputs(t):
    import numpy as np

    rng = np.random.default_rng(t.seed)
    data = {}
    # arrays of structs whose array fields are filled per element: name ->
    # [per_element_field dicts]; their values go to NAME.FIELD.bin (and the
    # indices to NAME.FIELD.idx.bin), entries of the returned dict too
    t.elem_arrays = {}
    for name, a in t.arrays.items():
        ea = []
        data[name] = make_array_data(a["fill"], a["shape"], a["ti"], rng, f"{t.label}: array {name!r}", ea)
        if ea:
            t.elem_arrays[name] = ea
    for name, ea in t.elem_arrays.items():
        for f in ea:
            data[f"{name}.{f['field']}"] = f["data"]
            if f["indices"] is not None:
                data[f"{name}.{f['field']}.idx"] = f["indices"]
    return data


def oracle_elem_arrays(t, warrs, keep):
    """warp-lang side of per-element array fields: each element's wp.array
    (wp.indexedarray) made from the filled values, its descriptor's bytes
    written into the element's field (the struct array is copied to the
    device from these bytes).  `keep` holds the arrays alive."""
    import numpy as np

    wp = _wp
    for name, ea in getattr(t, "elem_arrays", {}).items():
        recs = warrs[name].numpy().reshape(-1).copy()
        for f in ea:
            fdt = recs.dtype.fields[f["field"]][0]
            for i in range(f["n"]):
                base = wp.array(np.ascontiguousarray(f["data"][i]), dtype=f["fti"].dtype.wp_type,
                                shape=f["eshape"], device="cpu")
                arr = base
                if f["indices"] is not None:
                    idx = wp.array(np.ascontiguousarray(f["indices"][i]), dtype=wp.int32, device="cpu")
                    arr = wp.indexedarray(base, [idx] + [None] * (len(f["eshape"]) - 1))
                    keep.append(idx)
                keep.extend([base, arr])
                recs[f["field"]][i] = np.frombuffer(bytes(arr.__ctype__()), dtype=fdt)[0]
        a = t.arrays[name]
        warrs[name] = wp.array(recs.reshape(a["shape"]), dtype=a["ti"].wp_type, shape=a["shape"], device="cpu")


def run_oracle(t, inputs):
    import numpy as np

    wp = _wp
    warrs = {}
    for name, a in t.arrays.items():
        warrs[name] = wp.array(inputs[name].copy(), dtype=a["ti"].wp_type, shape=a["shape"], device="cpu")
    keep = []
    oracle_elem_arrays(t, warrs, keep)
    objs = {}
    for key, (_, kind, oopts) in t.objects.items():
        plugin = object_plugin(kind, t.label)
        objs[key] = plugin.warp_object(wp, oopts, _object_arrays(plugin, oopts, lambda a: warrs[a]), "cpu")
    for _ in range(t.repeat):
        for L in t.launches:
            ins = []
            for p in L.params:
                b = L.bindings[p.name]
                if b[0] == "array":
                    ins.append(warrs[b[1]])
                elif b[0] == "object":
                    ins.append(objs[b[1]].id)
                else:
                    ins.append(b[1].build(warrs) if isinstance(b[1], Deferred) else b[1])
            dim = L.dim[0] if len(L.dim) == 1 else L.dim
            if L.block_dim is not None:
                wp.launch_tiled(L.kernel, dim=dim, inputs=ins, block_dim=L.block_dim, device="cpu")
            else:
                wp.launch(L.kernel, dim=dim, inputs=ins, device="cpu")
    wp.synchronize_device("cpu")
    out = {}
    for o in t.outputs:
        a = t.arrays[o]
        v = warrs[o].numpy()
        out[o] = np.ascontiguousarray(v.reshape(tuple(a["shape"]) + a["ti"].inner)).astype(a["ti"].np_dtype, copy=False)
        if a["ti"].is_float and not t.allow_nonfinite and not np.all(np.isfinite(out[o])):
            bad = np.argwhere(~np.isfinite(out[o]))[:5].tolist()
            raise CaseFailure(f"oracle produced non-finite values in {o!r} at {bad} "
                              f"(fix the case's inputs, or set allow_nonfinite=True)")
    return out


# --------------------------------------------------------------------------
# C harness
# --------------------------------------------------------------------------

MAIN_PRELUDE = r'''/* Generated by test/tools/e2e.py for %(label)s - do not edit. */
#include <stdio.h>
#include <stdlib.h>
#include <warp/warp.h>
#include "case.h"

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "e2e harness: %%s failed: %%s: %%s\n", what, wp_status_string(st),
            wp_last_error());
    exit(3);
  }
}

static void make(wp_array *a, wp_dtype dtype, wp_int64 elem_size, wp_int32 ndim,
                 const wp_int64 *shape, const char *name) {
  check(wp_array_alloc(a, dtype, WP_DTYPE_KIND(dtype) == WP_KIND_STRUCT ? elem_size : 0,
                       ndim, shape, 0, WP_DEVICE_CPU), name);
  if ((wp_int64)a->elem_size != elem_size) {
    fprintf(stderr, "e2e harness: array %%s: elem_size %%d, expected %%lld\n", name,
            (int)a->elem_size, (long long)elem_size);
    exit(4);
  }
}

static void load(wp_array *a, const char *path) {
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(4); }
  if (n && fread(a->data, 1, n, f) != n) { fprintf(stderr, "e2e harness: short read %%s\n", path); exit(4); }
  if (fgetc(f) != EOF) { fprintf(stderr, "e2e harness: %%s is longer than the array\n", path); exit(4); }
  fclose(f);
}

static void save(const wp_array *a, const char *path) {
  size_t n = (size_t)wp_array_size(a) * (size_t)a->elem_size;
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(4); }
  if (n && fwrite(a->data, 1, n, f) != n) { perror(path); exit(4); }
  if (fclose(f) != 0) { perror(path); exit(4); }
}

int main(void) {
'''


def c_ident(name):
    return "a_" + name


def struct_layout_asserts(t):
    """C11 static assertions that every struct type of the test has warp-lang's
    size and field offsets (numpy_dtype() is Warp's ctypes layout)."""
    seen = {}

    def visit(ti):
        if getattr(ti, "kind", None) == "array":
            visit(ti.dtype)
        if getattr(ti, "kind", None) != "struct" or ti.c_type in seen:
            return
        seen[ti.c_type] = ti
        for _, fti in ti.fields:
            visit(fti)

    for a in t.arrays.values():
        visit(a["ti"])
    for L in t.launches:
        for p in L.params:
            visit(p.dtype)
    out = []
    for ct, ti in seen.items():
        dt = ti.np_dtype
        out.append(f"_Static_assert(sizeof({ct}) == {dt.itemsize}, \"{ct}: Warp's size\");\n")
        for fname, _ in ti.fields:
            off = dt.fields[fname][1]
            out.append(f"_Static_assert(__builtin_offsetof({ct}, {fname}) == {off}, "
                       f"\"{ct}.{fname}: Warp's offset\");\n")
    return "".join(out)


def gen_main_c(t):
    lines = [MAIN_PRELUDE.replace("int main(void) {", struct_layout_asserts(t) + "\nint main(void) {")
             % dict(label=t.label.replace("*/", "* /"))]
    w = lines.append
    for name, a in t.arrays.items():
        w(f"  wp_array {c_ident(name)};\n")
    for name, a in t.arrays.items():
        ti = a["ti"]
        shape = ", ".join(f"{s}ll" for s in a["shape"])
        elem = ti.np_dtype.itemsize * ti.ncomp
        w(f"  {{ /* {name}: array({ti.name}, shape={tuple(a['shape'])}) */\n")
        w(f"    static const wp_int64 shape[4] = {{{shape}}};\n")
        w(f"    make(&{c_ident(name)}, {ti.c_dtype}, {elem}, {a['ndim']}, shape, \"{name}\");\n")
        w(f"    load(&{c_ident(name)}, \"{name}.bin\");\n")
        w("  }\n")
    w(c_elem_decls(t, "e_") + c_elem_load(t, "e_") + c_elem_point(t, c_ident, lambda v: "e_" + v))
    for var, kind, oopts in t.objects.values():
        plugin = object_plugin(kind, t.label)
        w(f"  wp_uint64 {var} = 0; /* {kind} */\n  {{\n")
        w(plugin.c_create(var, oopts, _object_arrays(plugin, oopts, lambda a: "&" + c_ident(a)), "WP_DEVICE_CPU"))
        w("  }\n")
    loop = t.repeat > 1
    if loop:
        w(f"  for (int rep = 0; rep < {t.repeat}; rep++) {{\n")
    ind = "    " if loop else "  "
    for L in t.launches:
        fn = f"{MODULE}_{L.kernel_name}" + ("_tiled" if L.block_dim is not None else "")
        dims = ", ".join(f"{d}" for d in L.dim)
        args = []
        for p in L.params:
            b = L.bindings[p.name]
            if b[0] == "object":
                args.append(t.objects[b[1]][0])
                continue
            args.append("&" + c_ident(b[1]) if b[0] == "array" else c_args_for(b[2], lambda a: "&" + c_ident(a)))
        w(f"{ind}{{\n")
        bd = f", .block_dim = {L.block_dim}" if L.block_dim is not None else ""
        w(f"{ind}  wp_launch launch = {{.ndim = {len(L.dim)}, .dims = {{{dims}}}, .device = WP_DEVICE_CPU{bd}}};\n")
        call = f"{fn}(&launch" + "".join(", " + x for x in args) + ")"
        w(f"{ind}  check({call}, \"{fn}\");\n")
        w(f"{ind}}}\n")
    if loop:
        w("  }\n")
    for o in t.outputs:
        w(f"  save(&{c_ident(o)}, \"{o}.out\");\n")
    for var, kind, oopts in t.objects.values():
        w(object_plugin(kind, t.label).c_destroy(var, "WP_DEVICE_CPU"))
    for name in t.arrays:
        w(f"  wp_array_free(&{c_ident(name)});\n")
    w(c_elem_free(t, "e_"))
    w("  return 0;\n}\n")
    return "".join(lines)


def _elem_fields(t):
    """(struct array name, its C type, per_element_field dict) of the test."""
    for name, ea in getattr(t, "elem_arrays", {}).items():
        for f in ea:
            yield name, t.arrays[name]["ti"].c_type, f


def c_elem_decls(t, pre, ind="  "):
    """Declarations of the per-element arrays: wp_array PRE<name>_<field>[n]
    (and PRE<name>_<field>_idx[n], an indexedarray field's index arrays)."""
    out = []
    for name, _, f in _elem_fields(t):
        v = f"{pre}{name}_{f['field']}"
        out.append(f"{ind}static wp_array {v}[{f['n']}];\n")
        if f["indices"] is not None:
            out.append(f"{ind}static wp_array {v}_idx[{f['n']}];\n")
    return "".join(out)


def c_elem_load(t, pre):
    """C statements of per-element array fields (see per_element_field):
    each element's array made on the CPU with wp_array_alloc (make) and read
    from NAME.FIELD.bin in element order (an indexedarray field's index
    arrays from NAME.FIELD.idx.bin)."""
    out = []
    w = out.append
    for name, _, f in _elem_fields(t):
        v = f"{pre}{name}_{f['field']}"
        fti = f["fti"]
        shape = ", ".join(f"{s}ll" for s in f["eshape"])
        elem = fti.dtype.np_dtype.itemsize * fti.dtype.ncomp
        idx = f["indices"] is not None
        w(f"  {{ /* {name}[i].{f['field']}: {fti.name}, shape {f['eshape']} per element */\n")
        w(f"    static const wp_int64 shape[4] = {{{shape}}};\n")
        w(f"    static const wp_int64 ishape[4] = {{{f['eshape'][0]}ll}};\n" if idx else "")
        w(f"    FILE *fp = fopen(\"{name}.{f['field']}.bin\", \"rb\");\n")
        if idx:
            w(f"    FILE *fi = fopen(\"{name}.{f['field']}.idx.bin\", \"rb\");\n")
        w(f"    if (!fp{' || !fi' if idx else ''}) {{ perror(\"{name}.{f['field']}\"); exit(4); }}\n")
        w(f"    for (int i = 0; i < {f['n']}; i++) {{\n")
        w(f"      make(&{v}[i], {fti.dtype.c_dtype}, {elem}, {fti.ndim}, shape, \"{name}.{f['field']}\");\n")
        w(f"      size_t n = (size_t)wp_array_size(&{v}[i]) * (size_t){v}[i].elem_size;\n")
        w(f"      if (n && fread({v}[i].data, 1, n, fp) != n) {{ fprintf(stderr, \"short read\\n\"); exit(4); }}\n")
        if idx:
            w(f"      make(&{v}_idx[i], WP_INT32, 4, 1, ishape, \"{name}.{f['field']} indices\");\n")
            w(f"      if (fread({v}_idx[i].data, 4, {f['eshape'][0]}, fi) != {f['eshape'][0]}) "
              f"{{ fprintf(stderr, \"short read\\n\"); exit(4); }}\n")
        w("    }\n")
        w("    fclose(fp);\n" + ("    fclose(fi);\n" if idx else ""))
        w("  }\n")
    return "".join(out)


def c_elem_point(t, arr, elem, ind="  "):
    """C statements that store each element's array view (wp_array_view;
    wp_indexedarray_view of wp_indexedarray_init's view for an indexedarray
    field) into its field of the struct array: arr(name) is the struct
    array's wp_array variable, elem(var) the per-element array variable."""
    out = []
    w = out.append
    for name, ct, f in _elem_fields(t):
        v = elem(f"{name}_{f['field']}")
        w(f"{ind}for (int i = 0; i < {f['n']}; i++) {{\n")
        if f["indices"] is not None:
            nulls = ", NULL" * (len(f["eshape"]) - 1)
            vi = elem(f"{name}_{f['field']}_idx")
            w(f"{ind}  const wp_array *ix[{len(f['eshape'])}] = {{&{vi}[i]{nulls}}};\n")
            w(f"{ind}  wp_indexedarray ia;\n")
            w(f"{ind}  check(wp_indexedarray_init(&ia, &{v}[i], ix), \"wp_indexedarray_init\");\n")
            w(f"{ind}  (({ct} *){arr(name)}.data)[i].{f['field']} = wp_indexedarray_view(&ia);\n")
        else:
            w(f"{ind}  (({ct} *){arr(name)}.data)[i].{f['field']} = wp_array_view(&{v}[i]);\n")
        w(f"{ind}}}\n")
    return "".join(out)


def c_elem_free(t, pre):
    out = []
    for name, _, f in _elem_fields(t):
        v = f"{pre}{name}_{f['field']}"
        out.append(f"  for (int i = 0; i < {f['n']}; i++) {{\n    wp_array_free(&{v}[i]);\n")
        if f["indices"] is not None:
            out.append(f"    wp_array_free(&{v}_idx[i]);\n")
        out.append("  }\n")
    return "".join(out)


# The harness of --device / --time runs: the same helpers, host arrays h_NAME
# loaded from NAME.bin as above, plus (on a CUDA device) device arrays
# d_NAME.  The launch sequence runs once to warm up (module load, thread
# pool), the inputs are restored, and the timed run's outputs are written.
# It prints "time_gpu_ms MS" (CUDA events around the launches),
# "time_gpu_wall_ms MS" (host clock around launches + wp_synchronize),
# "time_gpu_first_ms MS" (the warm-up run, module load included) and, with
# --time, "time_cpu_ms MS" for the same sequence on the CPU, whose outputs go
# to NAME.cpu.out (NAME.out on a CPU-only run).  Exit status 5: the device
# is not available (the runtime's reason on stderr).

TIMED_PRELUDE = ("#define _POSIX_C_SOURCE 200809L\n" + MAIN_PRELUDE.rsplit("int main(void) {", 1)[0] + r"""#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

""")


def parse_device(s):
    """'cpu' / 'cuda' / 'cuda:N' -> (canonical name, C expression, CUDA ordinal or None)."""
    if s == "cpu":
        return "cpu", "WP_DEVICE_CPU", None
    if s == "cuda":
        s = "cuda:0"
    if s.startswith("cuda:") and s[5:].isdigit():
        n = int(s[5:])
        return f"cuda:{n}", f"WP_DEVICE_CUDA({n})", n
    raise ValueError(f"bad device {s!r}: expected cpu, cuda or cuda:N")


def gen_main_c_timed(t, device, time_cpu):
    dev_name, dev_c, ordinal = parse_device(device)
    gpu = ordinal is not None
    lines = [TIMED_PRELUDE % dict(label=t.label.replace("*/", "* /")), struct_layout_asserts(t)]
    w = lines.append
    w(f"#define DEV {dev_c} /* {dev_name} */\n\n")
    for name in t.arrays:
        w(f"static wp_array h_{name}{', d_' + name if gpu else ''};\n")
    for var, kind, _ in t.objects.values():
        w(f"static wp_uint64 h_{var}{', d_' + var if gpu else ''}; /* {kind} */\n")
    # per-element arrays of struct arrays' fields (see per_element_field): on
    # the host eh_*, on the device ed_*; the host struct array points at
    # eh_* but while it is uploaded (the device copy points at ed_*)
    w(c_elem_decls(t, "eh_", "") + (c_elem_decls(t, "ed_", "") if gpu else ""))
    # load every array from its .bin (also restores the state between runs)
    w("\nstatic void reload(void) {\n")
    for name in t.arrays:
        w(f"  load(&h_{name}, \"{name}.bin\");\n")
    w(c_elem_point(t, lambda n: "h_" + n, lambda v: "eh_" + v))
    w("}\n")
    if gpu:
        w("\nstatic void upload(void) {\n")
        for name, _, f in _elem_fields(t):
            for v in [f"{name}_{f['field']}"] + ([f"{name}_{f['field']}_idx"] if f["indices"] is not None else []):
                w(f"  for (int i = 0; i < {f['n']}; i++)\n"
                  f"    check(wp_array_copy(&ed_{v}[i], &eh_{v}[i]), \"wp_array_copy({v}: cpu -> {dev_name})\");\n")
        w(c_elem_point(t, lambda n: "h_" + n, lambda v: "ed_" + v))
        for name in t.arrays:
            w(f"  check(wp_array_copy(&d_{name}, &h_{name}), \"wp_array_copy({name}: cpu -> {dev_name})\");\n")
        w(c_elem_point(t, lambda n: "h_" + n, lambda v: "eh_" + v))
        w("}\n")
        w(f"""
static void need_device(void) {{
  int n = 0;
  wp_status st = wp_cuda_init();
  if (st == WP_SUCCESS)
    st = wp_cuda_device_count(&n);
  if (st != WP_SUCCESS) {{
    fprintf(stderr, "e2e harness: {dev_name} is not available: %s: %s\\n", wp_status_string(st), wp_last_error());
    exit(5);
  }}
  if (n <= {ordinal}) {{
    fprintf(stderr, "e2e harness: {dev_name} is not available: this machine has %d CUDA device(s)\\n", n);
    exit(5);
  }}
}}
""")
    # the launch sequence, on the device arrays (gpu != 0) or the host ones
    w("\nstatic void run(int gpu) {\n  (void)gpu;\n")
    loop = t.repeat > 1
    if loop:
        w(f"  for (int rep = 0; rep < {t.repeat}; rep++) {{\n")
    ind = "    " if loop else "  "
    for L in t.launches:
        fn = f"{MODULE}_{L.kernel_name}" + ("_tiled" if L.block_dim is not None else "")
        dims = ", ".join(f"{d}" for d in L.dim)
        args = []
        for p in L.params:
            b = L.bindings[p.name]
            if b[0] == "object":
                v = t.objects[b[1]][0]
                args.append(f"(gpu ? d_{v} : h_{v})" if gpu else f"h_{v}")
            elif b[0] == "array":
                a = b[1]
                args.append(f"(gpu ? &d_{a} : &h_{a})" if gpu else f"&h_{a}")
            else:
                args.append(c_args_for(b[2], (lambda a: f"(gpu ? &d_{a} : &h_{a})") if gpu else
                                       (lambda a: f"&h_{a}")))
        dev_expr = "(gpu ? DEV : WP_DEVICE_CPU)" if gpu else "WP_DEVICE_CPU"
        w(f"{ind}{{\n")
        bd = f", .block_dim = {L.block_dim}" if L.block_dim is not None else ""
        w(f"{ind}  wp_launch launch = {{.ndim = {len(L.dim)}, .dims = {{{dims}}}, .device = {dev_expr}{bd}}};\n")
        call = f"{fn}(&launch" + "".join(", " + x for x in args) + ")"
        w(f"{ind}  check({call}, \"{fn}\");\n")
        w(f"{ind}}}\n")
    if loop:
        w("  }\n")
    w("}\n\nint main(void) {\n")
    if gpu:
        w("  need_device();\n")
    for name, a in t.arrays.items():
        ti = a["ti"]
        shape = ", ".join(f"{s}ll" for s in a["shape"])
        elem = ti.np_dtype.itemsize * ti.ncomp
        w(f"  {{ /* {name}: array({ti.name}, shape={tuple(a['shape'])}) */\n")
        w(f"    static const wp_int64 shape[4] = {{{shape}}};\n")
        w(f"    make(&h_{name}, {ti.c_dtype}, {elem}, {a['ndim']}, shape, \"{name}\");\n")
        if gpu:
            # a struct dtype's size is not in its code: pass it (0 = the
            # dtype's own size for the others)
            w(f"    check(wp_array_alloc(&d_{name}, {ti.c_dtype}, "
              f"WP_DTYPE_KIND({ti.c_dtype}) == WP_KIND_STRUCT ? {elem} : 0, {a['ndim']}, shape, 0, DEV), "
              f"\"wp_array_alloc({name}, {dev_name})\");\n")
        w("  }\n")
    w(c_elem_load(t, "eh_"))
    if gpu:
        for name, _, f in _elem_fields(t):
            for v in [f"{name}_{f['field']}"] + ([f"{name}_{f['field']}_idx"] if f["indices"] is not None else []):
                w(f"  for (int i = 0; i < {f['n']}; i++) {{\n"
                  f"    const wp_array *e = &eh_{v}[i];\n"
                  f"    check(wp_array_alloc(&ed_{v}[i], e->dtype, WP_DTYPE_KIND(e->dtype) == WP_KIND_STRUCT ? "
                  f"(wp_size)e->elem_size : 0, e->ndim, e->shape, 0, DEV), \"wp_array_alloc({v}, {dev_name})\");\n"
                  f"  }}\n")
    w("  reload();\n")
    # objects are built once, from the inputs (on the device from the
    # uploaded copies)
    if gpu and t.objects:
        w("  upload();\n")
    for var, kind, oopts in t.objects.values():
        plugin = object_plugin(kind, t.label)
        for side, dev in (("h", "WP_DEVICE_CPU"),) + ((("d", "DEV"),) if gpu else ()):
            w("  {\n")
            w(plugin.c_create(f"{side}_{var}", oopts,
                              _object_arrays(plugin, oopts, lambda a: f"&{side}_{a}"), dev))
            w("  }\n")
    if gpu:
        w(f"""  upload();
  double t0 = now_ms();
  run(1); /* warm-up: loads the module */
  check(wp_synchronize(DEV), "wp_synchronize({dev_name}) after the first run");
  double first = now_ms() - t0;
  upload(); /* the inputs again */
  check(wp_synchronize(DEV), "wp_synchronize({dev_name})");
  void *ev0 = NULL, *ev1 = NULL;
  check(wp_event_create(DEV, &ev0), "wp_event_create");
  check(wp_event_create(DEV, &ev1), "wp_event_create");
  t0 = now_ms();
  check(wp_event_record(DEV, ev0, NULL), "wp_event_record");
  run(1);
  check(wp_event_record(DEV, ev1, NULL), "wp_event_record");
  check(wp_synchronize(DEV), "wp_synchronize({dev_name}) after the timed run");
  double wall = now_ms() - t0;
  float ms = 0.0f;
  check(wp_event_elapsed_ms(DEV, ev0, ev1, &ms), "wp_event_elapsed_ms");
  printf("time_gpu_ms %.6f\\n", (double)ms);
  printf("time_gpu_wall_ms %.6f\\n", wall);
  printf("time_gpu_first_ms %.6f\\n", first);
  check(wp_event_destroy(DEV, ev0), "wp_event_destroy");
  check(wp_event_destroy(DEV, ev1), "wp_event_destroy");
""")
        for o in t.outputs:
            w(f"  check(wp_array_copy(&h_{o}, &d_{o}), \"wp_array_copy({o}: {dev_name} -> cpu)\");\n")
            w(f"  save(&h_{o}, \"{o}.out\");\n")
        for var, kind, oopts in t.objects.values():
            w(object_plugin(kind, t.label).c_destroy(f"d_{var}", "DEV"))
        for name in t.arrays:
            w(f"  wp_array_free(&d_{name});\n")
        w(c_elem_free(t, "ed_"))
    if time_cpu or not gpu:
        suffix = ".cpu.out" if gpu else ".out"
        w("  {\n")
        if gpu:
            w("    reload(); /* the inputs again */\n")
        w("    run(0); /* warm-up: starts the thread pool */\n"
          "    reload();\n"
          "    double c0 = now_ms();\n"
          "    run(0);\n"
          "    printf(\"time_cpu_ms %.6f\\n\", now_ms() - c0);\n"
          "  }\n")
        for o in t.outputs:
            w(f"  save(&h_{o}, \"{o}{suffix}\");\n")
    w("  fflush(stdout);\n")
    for var, kind, oopts in t.objects.values():
        w(object_plugin(kind, t.label).c_destroy(f"h_{var}", "WP_DEVICE_CPU"))
    for name in t.arrays:
        w(f"  wp_array_free(&h_{name});\n")
    w(c_elem_free(t, "eh_"))
    w("  return 0;\n}\n")
    return "".join(lines)


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def compare(name, ti, want, got, tol, max_report=8):
    """Returns (ok, message)."""
    import numpy as np

    if want.shape != got.shape:
        return False, f"{name}: shape {got.shape}, expected {want.shape}"
    if getattr(ti, "kind", None) == "struct":  # field by field
        oks, msgs = True, []
        for fname, fti in ti.fields:
            if fti.kind == "array":  # pointers: not compared
                continue
            ok, m = compare(f"{name}.{fname}", fti, np.ascontiguousarray(want[fname]),
                            np.ascontiguousarray(got[fname]), tol, max_report)
            oks &= ok
            msgs.append(m)
        return oks, "; ".join(msgs)
    size = f"{name}{list(want.shape)}"
    if ti.is_float:
        rtol, atol = tol
        w64 = want.astype(np.float64)
        g64 = got.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            diff = np.abs(g64 - w64)
            same_special = (np.isnan(w64) & np.isnan(g64)) | ((w64 == g64) & np.isinf(w64))
            ok = same_special | (diff <= atol + rtol * np.abs(w64))
            finite = np.isfinite(diff)
            maxabs = float(np.max(diff[finite])) if np.any(finite) else 0.0
            nz = finite & (w64 != 0)
            maxrel = float(np.max(diff[nz] / np.abs(w64[nz]))) if np.any(nz) else 0.0
        stats = f"max abs err {maxabs:.3g}, max rel err {maxrel:.3g} (rtol {rtol:g}, atol {atol:g})"
    else:
        if ti.is_bool:  # compare the bytes: a bool element must be exactly 0 or 1
            want = want.view(np.uint8)
            got = got.view(np.uint8)
        ok = want == got
        stats = "exact"
    if np.all(ok):
        return True, f"{size} {stats}"
    bad = np.argwhere(~ok)
    msg = [f"{size}: {len(bad)} of {want.size} values differ; {stats}"]
    for idx in bad[:max_report]:
        idx_t = tuple(int(i) for i in idx)
        g, w = got[idx_t], want[idx_t]
        extra = ""
        if ti.is_float and np.isfinite(g) and np.isfinite(w):
            extra = f"  (diff {float(g) - float(w):.3g})"
        elif not ti.is_float and not ti.is_bool:
            extra = f"  (diff {int(g) - int(w)})"
        msg.append(f"    {name}{list(idx_t)}: warpc {g!s}, warp-lang {w!s}{extra}")
    if len(bad) > max_report:
        msg.append(f"    ... {len(bad) - max_report} more")
    return False, "\n".join(msg)


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def run_cmd(argv, cwd, log, timeout, env=None):
    try:
        p = subprocess.run([str(a) for a in argv], cwd=str(cwd), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace")
        log.write_text(out)
        return None, out
    out = p.stdout.decode(errors="replace")
    log.write_text(out)
    return p.returncode, out


def rel(p):
    try:
        return str(Path(p).resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


def tail(text, n=30):
    lines = text.rstrip().splitlines()
    if len(lines) > n:
        lines = ["..."] + lines[-n:]
    return "\n".join("    " + l for l in lines)


def case_work_dir(path, opts):
    """The work directory of a case file: a spec of a warp-lang test file
    (TARGET = ...) works in warp.NAME/, beside the e2e case of the same
    name."""
    is_warp_spec = re.search(r"^TARGET\s*=", path.read_text(), re.M) is not None
    return opts.work_dir / (("warp." if is_warp_spec else "") + path.stem)


def run_case(path, opts):
    """Runs every test of one case file; returns the number of failures."""
    if opts.prepared:
        return run_prepared_case(path, opts)
    stem = path.stem
    work = case_work_dir(path, opts)
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    t0 = time.time()

    def fail(msg):
        print(f"FAIL {stem}: {msg}")
        if opts.prepare:
            (work / "prepare_error.txt").write_text(msg + "\n")
        if opts.results:
            result_line(stem, "-", "-", opts.device, "FAIL", "oracle" if "oracle" in msg else "spec")
        return 1

    if not opts.oracle_only:
        if not opts.warpc.exists():
            return fail(f"{rel(opts.warpc)} does not exist: build warpc first (make)")
        if not opts.runtime.exists():
            return fail(f"{rel(opts.runtime)} does not exist: build the runtime first (make)")

    # ---- oracle side: import the case with warp-lang, check the specs
    try:
        import_warp(opts.verbose, forward_only=True)
        module = load_case_module(path)
    except Exception:
        return fail("warp-lang could not import the case (oracle failure):\n" + tail(traceback.format_exc()))
    specs = getattr(module, "TESTS", None)
    ws = None
    target = str(getattr(module, "TARGET", None) or "")
    if getattr(module, "TARGET", None) is not None:  # a spec of a warp-lang test file (warp_tests.py)
        try:
            ws = load_warp_spec(module, work)
        except SpecError as e:
            return fail(f"bad spec: {e}")
        except Exception:
            return fail("warp-lang could not import the spec's TARGET (oracle failure):\n"
                        + tail(traceback.format_exc()))
        module = ws
    if isinstance(specs, dict):
        specs = [specs]
    if not isinstance(specs, (list, tuple)) or (not specs and ws is None):
        return fail("the case file declares no TESTS list")
    tests = []
    try:
        for i, s in enumerate(specs):
            tests.append(normalise_test(i, s, module, stem))
    except SpecError as e:
        return fail(f"bad test spec: {e}")
    if opts.only is not None:
        tests = [t for t in tests if t.index in opts.only or t.name in opts.only]
    if opts.prepare:  # the list --prepared runs (test.json per test once built)
        (work / "case.json").write_text(json.dumps(dict(
            stem=stem, device=opts.device, time=opts.time,
            tests=[dict(index=t.index, name=t.name, label=t.label) for t in tests]), indent=1) + "\n")

    failures = 0

    def report(t, exc):
        if isinstance(exc, SpecError):
            print(f"FAIL {t.label}: bad test spec: {exc}")
        elif isinstance(exc, CaseFailure):
            print(f"FAIL {t.label}: {exc}")
        else:
            print(f"FAIL {t.label}: internal error in e2e.py:\n{tail(traceback.format_exc())}")
        if opts.prepare:
            (work / f"T{t.index}" / "prepare_error.txt").write_text(f"{exc}\n")
        if opts.results:
            why = str(exc)
            reason = "spec" if isinstance(exc, SpecError) else "oracle" if "oracle" in why else "build"
            result_line(stem, t.index, t.name, opts.device, "FAIL", reason)

    # ---- oracle side first, for every test: an oracle failure is reported as
    # such even when warpc would fail too
    ready = []  # (test, dir, expected outputs)
    for t in tests:
        tdir = work / f"T{t.index}"
        tdir.mkdir()
        try:
            inputs = fill_inputs(t)
            for name, data in inputs.items():
                (tdir / f"{name}.bin").write_bytes(data.tobytes())
            for _, kind, oopts in t.objects.values():
                plugin = object_plugin(kind, t.label)
                for fname, data in (plugin.files(_wp, oopts) if hasattr(plugin, "files") else {}).items():
                    (tdir / fname).write_bytes(data)
            (tdir / "main.c").write_text(gen_main_c_timed(t, opts.device, opts.time) if opts.timed
                                         else gen_main_c(t))
            try:
                expected = run_oracle(t, inputs)
            except CaseFailure:
                raise
            except Exception:
                raise CaseFailure("warp-lang failed (oracle failure):\n" + tail(traceback.format_exc()))
            for o, v in expected.items():
                (tdir / f"{o}.expected").write_bytes(v.tobytes())
            if opts.oracle_only:
                if opts.stub_header:
                    check_harness_compiles(t, tdir, opts)
                print(f"ok   {t.label}: oracle ran ({', '.join(f'{o}{list(v.shape)}' for o, v in expected.items())})")
                continue
            ready.append((t, tdir, expected))
        except Exception as e:  # noqa: BLE001 - every failure is reported
            failures += 1
            report(t, e)
    if ws is not None and not opts.oracle_only and not opts.prepared:
        failures += check_xfail(ws, stem, opts)
    if opts.oracle_only or not ready:
        if ws is not None:
            print(ws.summary(tests, failures))
        return failures

    # ---- warpc side: compile the case once, with CUDA code (for the archs
    # of cuda_archs) when a toolkit is there (CI: always; see cuda_check)
    have_nvcc = find_tool("nvcc", [Path("/usr/local/cuda/bin")]) is not None
    # warp.NAME: sampled and sm_75 only, as the differential suite (whole
    # programs whose builtins the feature cases compile for CUDA too), but
    # for the specs of Warp's tile tests and examples (warp/tests/tile,
    # warp/examples/tile), whose tile code the prelude writes per arch
    # (issue 15: every tile test compiles for sm_75 and sm_90 in CI)
    tile_spec = ws is not None and "/tile/" in target
    sampled = cuda_sampled("ds_warp_" + stem if ws is not None and not tile_spec else stem)
    want_cuda = not os.environ.get("WARPC_E2E_NO_CUDA") and (opts.timed or sampled)
    cuda = have_nvcc and want_cuda  # a GPU run (or its --prepare) needs every case's
    archs = cuda_archs("ds_" if ws is not None and not tile_spec else stem,
                       path.read_text(errors="replace") if ws is None else "tile")
    flags = ["--cuda-arch", ",".join(archs)] if cuda else ["--no-cuda"]
    if not (adjoint_sampled(stem) if ws is None else spec_adjoint_sampled(stem)):
        flags += ["--no-adjoint"]  # the harness launches forward kernels only
    for d in helper_dirs(path):
        flags += ["-I", str(d)]
    # more warpc options for every case (WARPC_E2E_FLAGS="-fno-spmd",
    # "--cpu x86-64,x86-64-v3,x86-64-v4"): the same results are expected
    flags += shlex.split(os.environ.get("WARPC_E2E_FLAGS", ""))
    if ws is not None:  # a spec's own (WARPC_FLAGS: warp_tests.py)
        flags += ws.warpc_flags
    src = path
    if ws is not None:  # the tested kernels of TARGET, and what they use
        launches = [ln for t, _, _ in ready for ln in t.launches]
        src = ws.write_extract(work / "src", [ln.py_name for ln in launches])
        for arg in sorted({ws.instantiate(ln.py_name, ln.instance) for ln in launches if ln.instance}):
            flags += ["--instantiate", arg]
    rc, out = run_cmd([opts.warpc, src, "-o", work / "case.o", "--module", MODULE] + CHECKED + flags, work,
                      work / "warpc.log", opts.timeout)
    if rc != 0 or not (work / "case.o").exists() or not (work / "case.h").exists():
        why = "timed out" if rc is None else f"exit status {rc}"
        if rc == 0:
            why = "no case.o / case.h written"
        print(f"FAIL {stem}: warpc failed ({why}):\n{tail(out)}")
        for t, tdir, _ in ready:
            if opts.prepare:
                (tdir / "prepare_error.txt").write_text(f"warpc failed ({why}):\n{tail(out)}\n")
            if opts.results:
                result_line(stem, t.index, t.name, opts.device, "FAIL", "build")
        return failures + len(ready)

    import numpy as np

    kernels = launcher_names(module) if ws is None else sorted({ln.kernel_name for t, _, _ in ready
                                                                 for ln in t.launches})
    # a case left out of the CUDA sample (or WARPC_E2E_NO_CUDA) was built
    # with --no-cuda on purpose: there is no device code to check
    why = cuda_check(work / "case.o", kernels, cuda, archs) if want_cuda else None
    if why:
        print(f"FAIL {stem}: CUDA code in case.o: {why}")
        for t, tdir, _ in ready:
            if opts.prepare:
                (tdir / "prepare_error.txt").write_text(f"CUDA code in case.o: {why}\n")
            if opts.results:
                result_line(stem, t.index, t.name, opts.device, "FAIL", "build")
        return failures + len(ready)

    for t, tdir, expected in ready:
        try:
            exe = tdir / "main"
            cc = os.environ.get("CC", "cc")
            rc, out = run_cmd([cc, "-std=c11", "-O1", "-I" + str(RT_INCLUDE), "-I" + str(work), tdir / "main.c",
                               work / "case.o", opts.runtime, "-lpthread", "-lm", "-o", exe]
                              + (["-Wl,-S"] if opts.prepare else []),  # no debug info: a smaller pack
                              tdir, tdir / "cc.log", opts.timeout)
            if rc != 0:
                raise CaseFailure(f"the C harness did not compile/link against case.h / case.o:\n{tail(out)}")
            if opts.prepare:
                (tdir / "test.json").write_text(json.dumps(describe_test(t, stem, expected, opts), indent=1) + "\n")
                print(f"ok   {t.label}: prepared ({rel(exe)})")
                continue
            if opts.results:
                failures += check_timed_run(Desc(describe_test(t, stem, expected, opts)), tdir, opts)
                continue
            rc, out = run_cmd([exe], tdir, tdir / "run.log", opts.timeout)
            if rc is None:
                raise CaseFailure(f"the harness timed out after {opts.timeout}s:\n{tail(out)}")
            if rc != 0:
                sig = f" (signal {-rc})" if rc < 0 else ""
                raise CaseFailure(f"the harness exited with status {rc}{sig}:\n{tail(out)}")
            msgs, ok_all = [], True
            if "() failed" in out:  # wp.expect_eq & co.: "file.py:LINE: Error, expect_eq() failed"
                raise CaseFailure(f"a wp.expect_* check failed in the harness:\n{tail(out)}")
            if not t.outputs:
                msgs.append("ran (no outputs to compare)")
            for o in t.outputs:
                ti = t.arrays[o]["ti"]
                f = tdir / f"{o}.out"
                if not f.exists():
                    raise CaseFailure(f"the harness wrote no {o}.out")
                raw = f.read_bytes()
                want = expected[o]
                if len(raw) != want.nbytes:
                    raise CaseFailure(f"{o}.out has {len(raw)} bytes, expected {want.nbytes}")
                got = np.frombuffer(raw, dtype=ti.np_dtype).reshape(want.shape)
                ok, m = compare(o, ti, want, got, t.tol[o], max_report=opts.max_report)
                ok_all &= ok
                msgs.append(m)
            if not ok_all:
                raise CaseFailure("outputs differ from warp-lang:\n  " + "\n  ".join(msgs)
                                  + f"\n  (inputs and outputs in {rel(tdir)})")
            print(f"ok   {t.label}: {'; '.join(msgs)}")
        except Exception as e:  # noqa: BLE001
            failures += 1
            report(t, e)
    if ws is not None:
        print(ws.summary(tests, failures))
    if opts.verbose:
        print(f"     {stem}: {len(tests)} test(s), {time.time() - t0:.1f}s")
    return failures


# --------------------------------------------------------------------------
# --device / --time / --prepare / --prepared
# --------------------------------------------------------------------------
#
# These runs print, after each test's "ok"/"FAIL" line, one line for scripts
# (test/gpu/run.sh) to parse, space-separated KEY=VALUE fields:
#   RESULT case=STEM test=INDEX name=NAME device=DEV status=ok|FAIL reason=R
#          max_abs=E max_rel=E time_gpu_ms=T time_gpu_first_ms=T time_cpu_ms=T
# max_abs / max_rel: the largest |got - want| and |got - want| / |want| over
# all outputs of the test (want != 0; NaN/inf pairs that compare equal count
# 0), "-" when not measured; times "-" when not measured.  reason: "-" when
# ok, else mismatch (outputs differ), cpu-mismatch (the --time CPU run's
# outputs differ), nodevice (the device is not available), harness (it
# failed or timed out), build (warpc / cc), oracle, spec, notprepared.

class Desc:
    """What comparing a test's outputs needs, from a Test or a test.json."""

    def __init__(self, d):
        self.__dict__.update(d)


class OutTI:
    """The part of a TypeInfo that compare() reads, from a test.json output:
    a struct is compared field by field (padding bytes are not values)."""

    def __init__(self, o):
        self.kind = o.get("kind", "value")
        self.is_float = o.get("is_float", False)
        self.is_bool = o.get("is_bool", False)
        self.fields = [(n, OutTI(f)) for n, f in o.get("fields", [])]


def _out_ti(ti):
    """A TypeInfo as JSON for OutTI (structs with their fields)."""
    if getattr(ti, "kind", None) == "array":
        return dict(kind="array")
    if getattr(ti, "kind", None) == "struct":
        return dict(kind="struct", fields=[[n, _out_ti(f)] for n, f in ti.fields])
    return dict(kind="value", is_float=ti.is_float, is_bool=ti.is_bool)


def _np_dtype_json(dt):
    """A numpy dtype as JSON that np.dtype(_np_dtype_load(...)) rebuilds,
    structured dtypes (names, formats, offsets, itemsize) included."""
    if dt.subdtype is not None:  # a vector or matrix field: (base, shape)
        return dict(base=_np_dtype_json(dt.subdtype[0]), shape=list(dt.subdtype[1]))
    if dt.names is None:
        return dt.str
    return dict(names=list(dt.names), formats=[_np_dtype_json(dt.fields[n][0]) for n in dt.names],
                offsets=[dt.fields[n][1] for n in dt.names], itemsize=dt.itemsize)


def _np_dtype_load(j):
    import numpy as np

    if isinstance(j, str):
        return np.dtype(j)
    if "names" not in j:  # a sub-array field: (base, shape)
        return np.dtype((_np_dtype_load(j["base"]), tuple(j["shape"])))
    return np.dtype(dict(names=j["names"], formats=[_np_dtype_load(f) for f in j["formats"]],
                         offsets=j["offsets"], itemsize=j["itemsize"]))


def describe_test(t, stem, expected, opts):
    outs = []
    for o in t.outputs:
        ti = t.arrays[o]["ti"]
        outs.append(dict(name=o, dtype=_np_dtype_json(ti.np_dtype), shape=list(expected[o].shape),
                         tol=list(t.tol[o]), **_out_ti(ti)))
    return dict(stem=stem, index=t.index, name=t.name, label=t.label, device=opts.device, time=opts.time,
                outputs=outs)


def error_stats(ti, want, got):
    """(max abs error, max rel error) of got against want, as floats."""
    import numpy as np

    if ti.is_float:
        w = want.astype(np.float64)
        g = got.astype(np.float64)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            diff = np.abs(g - w)
            same_special = (np.isnan(w) & np.isnan(g)) | ((w == g) & np.isinf(w))
            diff = np.where(same_special, 0.0, diff)
            diff = np.where(np.isnan(diff), np.inf, diff)  # NaN against a number
            maxabs = float(np.max(diff)) if diff.size else 0.0
            nz = w != 0
            rel = diff[nz] / np.abs(w[nz])
            maxrel = float(np.max(rel)) if rel.size else 0.0
        return maxabs, maxrel
    if getattr(ti, "kind", None) == "struct":  # the largest over the fields
        stats = [error_stats(f, np.ascontiguousarray(want[n]), np.ascontiguousarray(got[n]))
                 for n, f in ti.fields if f.kind != "array"]
        return (max((a for a, _ in stats), default=0.0), max((r for _, r in stats), default=0.0))
    if ti.is_bool:
        want = want.view(np.uint8)
        got = got.view(np.uint8)
    bad = np.argwhere(want != got)
    maxabs = maxrel = 0.0
    for idx in bad[:100000]:  # exact Python ints: no overflow for (u)int64
        idx = tuple(int(i) for i in idx)
        wv, gv = int(want[idx]), int(got[idx])
        d = float(abs(gv - wv))
        maxabs = max(maxabs, d)
        maxrel = max(maxrel, d / abs(wv)) if wv else maxrel
    return maxabs, maxrel


def fmt_num(x, spec):
    return "-" if x is None else format(x, spec)


def result_line(stem, index, name, device, status, reason="-", maxabs=None, maxrel=None, times=None):
    times = times or {}
    name = "".join("_" if c.isspace() else c for c in str(name)) or "-"
    print(f"RESULT case={stem} test={index} name={name} device={device} status={status} reason={reason} "
          f"max_abs={fmt_num(maxabs, '.3g')} max_rel={fmt_num(maxrel, '.3g')} "
          f"time_gpu_ms={fmt_num(times.get('time_gpu_ms'), '.4f')} "
          f"time_gpu_first_ms={fmt_num(times.get('time_gpu_first_ms'), '.4f')} "
          f"time_cpu_ms={fmt_num(times.get('time_cpu_ms'), '.4f')}")


def parse_times(text):
    times = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].startswith("time_") and parts[0].endswith("_ms"):
            try:
                times[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return times


def check_timed_run(d, tdir, opts):
    """Runs the harness tdir/main of a --device / --time test described by d
    (describe_test), compares its outputs with the .expected files, prints the
    ok/FAIL line and the RESULT line.  Returns 0 (passed) or 1."""
    import numpy as np

    dev = opts.device
    for f in list(tdir.glob("*.out")):
        f.unlink()
    exe = tdir / "main"
    if not exe.exists():
        print(f"FAIL {d.label}: {rel(exe)} does not exist")
        result_line(d.stem, d.index, d.name, dev, "FAIL", "build")
        return 1
    rc, out = run_cmd([exe], tdir, tdir / "run.log", opts.timeout, env=HARNESS_ENV)
    times = parse_times(out)
    if rc is None or rc != 0:
        if rc is None:
            why, reason = f"the harness timed out after {opts.timeout}s", "harness"
        elif rc == 5:
            why, reason = f"{dev} is not available", "nodevice"
        else:
            sig = f" (signal {-rc})" if rc < 0 else ""
            why, reason = f"the harness exited with status {rc}{sig}", "harness"
        print(f"FAIL {d.label}: {why}:\n{tail(out)}")
        result_line(d.stem, d.index, d.name, dev, "FAIL", reason, times=times)
        return 1
    gpu = parse_device(dev)[2] is not None
    runs = [("", "warpc on " + dev)]
    if gpu and d.time:
        runs.append((".cpu", "warpc on cpu"))
    msgs, status, reason = [], "ok", "-"
    maxabs = maxrel = 0.0
    for suffix, who in runs:
        for o in d.outputs:
            ti = OutTI(o)
            shape = tuple(o["shape"])
            dt = _np_dtype_load(o["dtype"])
            want = np.frombuffer((tdir / f"{o['name']}.expected").read_bytes(), dtype=dt).reshape(shape)
            f = tdir / f"{o['name']}{suffix}.out"
            if not f.exists():
                msgs.append(f"the harness wrote no {f.name}")
                status, reason = "FAIL", "harness"
                continue
            raw = f.read_bytes()
            if len(raw) != want.nbytes:
                msgs.append(f"{f.name} has {len(raw)} bytes, expected {want.nbytes}")
                status, reason = "FAIL", "harness"
                continue
            got = np.frombuffer(raw, dtype=dt).reshape(shape)
            ok, m = compare(o["name"], ti, want, got, tuple(o["tol"]), max_report=opts.max_report)
            if suffix == "":
                a, r = error_stats(ti, want, got)
                maxabs, maxrel = max(maxabs, a), max(maxrel, r)
            msgs.append(f"[{who}] {m}" if len(runs) > 1 else m)
            if not ok and status == "ok":
                status, reason = "FAIL", "mismatch" if suffix == "" else "cpu-mismatch"
    if status == "ok":
        tm = "".join(f", {k[5:-3]} {v:.3f} ms" for k, v in times.items() if k in ("time_gpu_ms", "time_cpu_ms"))
        print(f"ok   {d.label}: {'; '.join(msgs)}{tm}")
    else:
        print(f"FAIL {d.label}: outputs differ from warp-lang:\n  " + "\n  ".join(msgs)
              + f"\n  (inputs and outputs in {rel(tdir)})")
    result_line(d.stem, d.index, d.name, dev, status, reason, maxabs, maxrel, times)
    return 0 if status == "ok" else 1


def run_prepared_case(path, opts):
    """--prepared: runs the harnesses that --prepare built in the work
    directory (no warp-lang, warpc or C compiler needed) and compares their
    outputs with the stored warp-lang outputs."""
    stem = path.stem
    work = case_work_dir(path, opts)
    manifest = work / "case.json"
    if not manifest.exists():
        err = work / "prepare_error.txt"
        why = err.read_text().strip() if err.exists() else f"{rel(manifest)} does not exist (run --prepare first)"
        print(f"FAIL {stem}: not prepared: {why}")
        result_line(stem, "-", "-", opts.device, "FAIL", "notprepared")
        return 1
    case = json.loads(manifest.read_text())
    if case.get("device") != opts.device:
        print(f"FAIL {stem}: prepared for device {case.get('device')}, not {opts.device}")
        result_line(stem, "-", "-", opts.device, "FAIL", "notprepared")
        return 1
    failures = 0
    for t in case["tests"]:
        if opts.only is not None and t["index"] not in opts.only and t["name"] not in opts.only:
            continue
        tdir = work / f"T{t['index']}"
        tj = tdir / "test.json"
        if not tj.exists():
            err = tdir / "prepare_error.txt"
            why = err.read_text().strip() if err.exists() else "no test.json"
            reason = "oracle" if "oracle" in why else "build"
            print(f"FAIL {t['label']}: its preparation failed: {why}")
            result_line(stem, t["index"], t["name"], opts.device, "FAIL", reason)
            failures += 1
            continue
        try:
            failures += check_timed_run(Desc(json.loads(tj.read_text())), tdir, opts)
        except Exception:  # noqa: BLE001
            print(f"FAIL {t['label']}: internal error in e2e.py:\n{tail(traceback.format_exc())}")
            result_line(stem, t["index"], t["name"], opts.device, "FAIL", "harness")
            failures += 1
    return failures


def check_harness_compiles(t, tdir, opts):
    """--stub-header H: compile main.c (-c only, -Wall -Werror) against the
    runtime headers and H copied to build/e2e/NAME/case.h, a hand-written
    stand-in for the header warpc generates."""
    shutil.copyfile(opts.stub_header, tdir.parent / "case.h")
    cc = os.environ.get("CC", "cc")
    rc, out = run_cmd([cc, "-std=c11", "-Wall", "-Werror", "-c", "-I" + str(RT_INCLUDE), "-I" + str(tdir.parent),
                       tdir / "main.c", "-o", tdir / "main.o"], tdir, tdir / "cc.log", opts.timeout)
    if rc != 0:
        raise CaseFailure(f"main.c does not compile:\n{tail(out)}")


def find_tool(name, extra_dirs):
    """A tool on PATH or in one of extra_dirs, or None."""
    found = shutil.which(name)
    if found:
        return found
    for d in extra_dirs:
        if (d / name).exists():
            return str(d / name)
    return None


def wp_kernel_type():
    import warp as _wp
    return _wp.Kernel


# Source words that select arch-dependent device code (the prelude's
# __CUDA_ARCH__ paths: half and bfloat16 conversions, atomics): a case that
# mentions one is compiled for sm_90 as well.
# tiles too: issue #15 asks every tile case to compile for sm_75 and sm_90
ARCH_DEPENDENT = re.compile(r"float16|bfloat16|half|atomic|\btile")


# of the differential suite, one case in CUDA_SAMPLE compiles CUDA code in
# the default run (cuda_sampled)
CUDA_SAMPLE = 4


def cuda_sampled(stem):
    """Whether case `stem` compiles CUDA code: every case, but of the
    differential suite (ds_*.py, whole programs of builtins the feature cases
    compile for CUDA too; the specs of Warp's test files but its tile tests
    are passed as ds_warp_NAME) one in CUDA_SAMPLE by a hash of the name, which
    keeps the suite's CI time in bounds; WARPC_E2E_CUDA=all compiles every
    case (make check-cuda), and so does a run on a device (--device,
    --prepare, --time)."""
    if not stem.startswith("ds_") or os.environ.get("WARPC_E2E_CUDA") == "all":
        return True
    return zlib.crc32(stem.encode()) % CUDA_SAMPLE == 0


# one case in ADJOINT_SAMPLE compiles its backward (adjoint) kernels too
# (adjoint_sampled)
ADJOINT_SAMPLE = 4


def adjoint_sampled(stem):
    """Whether case `stem` is compiled with its backward (adjoint) kernels.
    The harness launches forward kernels only, and the backward kernels were
    half to four fifths of warpc's compile time of a case (CPU and CUDA: a
    tile matmul case 12.8 s against 2.4 s with --no-adjoint), the largest
    part of the suite's CI time; the gradients are the grad suite's
    (test/grad compiles and runs every case's backward kernels on the
    CPU) and corpus.warp builds the adjoint IR of every kernel of Warp's
    own tests; what the others leave out is the C and CUDA compile of three
    in four cases' backward kernels.  So one case in
    ADJOINT_SAMPLE by a hash of its name (independent of cuda_sampled's) is
    compiled whole, CPU and CUDA, the others with --no-adjoint;
    WARPC_E2E_ADJOINT=all compiles every case whole (make check-cuda).
    The cases of adjoint_cover are compiled whole too: some case compiles
    the backward kernels of every builtin the cases call."""
    if os.environ.get("WARPC_E2E_ADJOINT") == "all":
        return True
    return hash_adjoint_sampled(stem) or stem in adjoint_cover()


def spec_adjoint_sampled(stem):
    """Whether the spec of Warp's test file `stem` (test/warp_tests) is
    compiled with its backward kernels: only with WARPC_E2E_ADJOINT=all.
    Their backward kernels were the costliest of the suite (Warp's tile
    Cholesky tests: 80 s of CI); the builtins they call have their backward
    compiled by the grad suite or by an e2e case (adjoint_cover)."""
    return os.environ.get("WARPC_E2E_ADJOINT") == "all"


def hash_adjoint_sampled(stem):
    """Case or spec `stem` is in the hash's sample (one in ADJOINT_SAMPLE)."""
    return zlib.crc32(b"adjoint:" + stem.encode()) % ADJOINT_SAMPLE == 0


_adjoint_cover = None


def builtin_calls(path):
    """The Warp builtins file `path` calls as wp.NAME(...)."""
    try:
        from warp._src.context import builtin_functions
    except ImportError:  # older warp-lang
        from warp.context import builtin_functions
    with open(path, errors="replace") as f:
        text = f.read()
    return {n for n in re.findall(r"\bwp\.([A-Za-z_]\w*)\s*\(", text) if n in builtin_functions}


def adjoint_cover():
    """The e2e cases (test/e2e/cases) compiled whole besides the hash's
    sample: a builtin that only cases left out of it call would have its
    backward C and CUDA compiled by no test of the default run (a broken
    adjoint emission passing make check: cli.e2e_adjoint_cover).  Builtins
    the hash's cases or the grad cases (test/grad) call are covered (the
    specs of Warp's tests compile no backward kernels:
    spec_adjoint_sampled); for the others, a case that calls the most of
    those left (by name on ties), until none is left."""
    global _adjoint_cover
    if _adjoint_cover is not None:
        return _adjoint_cover
    # every case computed it again (0.09 s of CPU, 30 s over the suite):
    # kept in CACHE_DIR, keyed by the files' names, sizes and times
    # (and by this file's, the sample's size and warp-lang's version: what
    # else decides the cover)
    files = sorted((ROOT / "test" / "grad").glob("*.py")) + sorted((ROOT / "test" / "e2e" / "cases").glob("*.py"))
    files.append(Path(__file__).resolve())
    import warp
    key = zlib.crc32(repr([(str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files]
                          + [ADJOINT_SAMPLE, warp.__version__]).encode())
    saved = CACHE_DIR / "adjoint_cover.json"
    try:
        data = json.loads(saved.read_text())
        if data["key"] == key:
            _adjoint_cover = set(data["cover"])
            return _adjoint_cover
    except (OSError, ValueError, KeyError, TypeError):
        pass
    covered = set()
    for path in (ROOT / "test" / "grad").glob("*.py"):
        covered |= builtin_calls(path)
    calls = {}
    for path in sorted((ROOT / "test" / "e2e" / "cases").glob("*.py")):
        calls[path.stem] = builtin_calls(path)
        if hash_adjoint_sampled(path.stem):
            covered |= calls[path.stem]
    left = set().union(*calls.values()) - covered
    cover = set()
    while left:
        best = max(sorted(calls), key=lambda s: len(calls[s] & left))
        cover.add(best)
        left -= calls[best]
    _adjoint_cover = cover
    try:  # a whole file or none (concurrent tests)
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        write_whole(saved, json.dumps({"key": key, "cover": sorted(cover)}).encode())
    except OSError:
        pass
    return cover


def cuda_archs(stem, source=""):
    """The CUDA archs a case's kernels are compiled for: sm_75, which builds
    every kernel's device code once, and sm_90 as well for a case (not of
    the differential suite, ds_*.py) whose source uses code the prelude
    writes per arch (ARCH_DEPENDENT): the CUDA compile dominates the suite's
    CI time, and a second arch of arch-independent code proves nothing new.
    $WARPC_E2E_CUDA_ARCHS (a comma-separated list) overrides both."""
    env = os.environ.get("WARPC_E2E_CUDA_ARCHS")
    if env:
        return [a.strip() for a in env.split(",") if a.strip()]
    if stem.startswith("ds_") or not ARCH_DEPENDENT.search(source):
        return ["sm_75"]
    return ["sm_75", "sm_90"]


def cuda_check(obj, kernels, cuda, archs=("sm_75", "sm_90")):
    """Proves the object's device code: one ELF per requested arch (sm_75,
    sm_90 by default), the PTX of the last (highest), and every kernel's
    forward and backward (adjoint) entries in each (no backward for kernels
    with enable_backward=False, whose header declares no _backward launcher).
    Returns a failure message or None.  Without a CUDA toolkit the check is
    skipped, except in CI (CI=true), where the toolkit must be there."""
    in_ci = os.environ.get("CI") == "true"
    if not cuda:
        return "no CUDA toolkit (nvcc) in CI" if in_ci else None
    cuobjdump = find_tool("cuobjdump", [BUILD / "deps" / "bin", Path("/usr/local/cuda/bin")])
    if not cuobjdump:
        return "cuobjdump not found (scripts/deps.sh test installs it)" if in_ci else None
    listing = subprocess.run([cuobjdump, "-lelf", "-lptx", str(obj)], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout
    for want in [f"{a}.cubin" for a in archs] + [f"{archs[-1]}.ptx"]:
        if want not in listing:
            return f"cuobjdump -lelf -lptx lists no {want}:\n{listing}"
    elf = subprocess.run([cuobjdump, "-elf", str(obj)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True).stdout
    ptx = subprocess.run([cuobjdump, "-ptx", str(obj)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True).stdout
    header = Path(obj).with_name("case.h")
    htext = header.read_text() if header.exists() else ""
    cubins, ptxs = fatbin_parts(elf, "elf"), fatbin_parts(ptx, "ptx")
    for k in kernels:
        # no backward entry for kernels with enable_backward=False (the
        # header then declares no _backward launcher)
        has_bwd = f"{MODULE}_{k}_backward(" in htext or not htext
        for entry in (f"{MODULE}_{k}_cuda_forward",) + ((f"{MODULE}_{k}_cuda_backward",) if has_bwd else ()):
            # each cubin, and the highest arch's PTX; the whole name (not
            # ENTRY_1d's prefix)
            for a in archs:
                if not re.search(rf"\.text\.{entry}\b", cubins.get(a, "")):
                    return f"the {a} cubin lacks the entry {entry}"
            if not re.search(rf"\.entry {entry}\(", ptxs.get(archs[-1], "")):
                return f"the {archs[-1]} PTX lacks the entry {entry}"
    return None


def fatbin_parts(listing, kind):
    """cuobjdump -elf (kind "elf") or -ptx ("ptx") output split by arch:
    {"sm_75": the text of that arch's cubin (or PTX)}; two of one arch
    joined."""
    parts = {}
    for chunk in listing.split(f"Fatbin {kind} code:")[1:]:
        m = re.search(r"^arch = (sm_\d+\w*)$", chunk, re.M)
        if m:
            parts[m.group(1)] = parts.get(m.group(1), "") + chunk
    return parts


def main(argv=None):
    ap = argparse.ArgumentParser(description="warpc vs warp-lang differential tests (see test/e2e/README.md)")
    ap.add_argument("cases", nargs="+", type=Path, help="case files (test/e2e/cases/NAME.py)")
    ap.add_argument("--oracle-only", action="store_true",
                    help="run only the warp-lang side and write the inputs, expected outputs and main.c; no warpc")
    ap.add_argument("--stub-header", type=Path, metavar="H",
                    help="with --oracle-only: also compile main.c (-c) with H as case.h (a hand-written stand-in)")
    ap.add_argument("--warpc", type=Path, default=Path(os.environ.get("WARPC", WARPC)),
                    help="the compiler to test (default $WARPC or build/bin/warpc)")
    ap.add_argument("--runtime", type=Path, default=Path(os.environ.get("WARPRT", LIBWARPRT)),
                    help="the runtime library to link (default $WARPRT or build/lib/libwarprt.a)")
    ap.add_argument("-v", "--verbose", action="store_true", help="more output (warp-lang messages, timings)")
    ap.add_argument("--max-report", type=int, default=8, help="mismatching elements to print per array")
    ap.add_argument("--timeout", type=int, default=RUN_TIMEOUT, help="seconds for warpc / cc / the harness")
    ap.add_argument("--only", action="append", default=None,
                    help="run only the test with this index or name (repeatable)")
    ap.add_argument("--device", default="cpu",
                    help="run warpc's kernels on this device: cpu (default) or cuda:N; the arrays are copied to "
                         "and from the device, warp-lang stays the CPU oracle")
    ap.add_argument("--time", action="store_true",
                    help="also time a CPU run of the same launches (with --device cuda:N, the CPU run's outputs "
                         "are compared too)")
    ap.add_argument("--work-dir", type=Path, default=None,
                    help="where the tests' files go (default build/e2e, build/e2e-cudaN with --device cuda:N)")
    ap.add_argument("--prepare", action="store_true",
                    help="run warp-lang, warpc and cc and write test.json files, but not the harnesses: "
                         "for --prepared on a machine without warp-lang or the build tools")
    ap.add_argument("--prepared", action="store_true",
                    help="run the harnesses --prepare built in --work-dir and compare with the stored "
                         "warp-lang outputs (needs numpy only)")
    opts = ap.parse_args(argv)
    try:
        opts.device = parse_device(opts.device)[0]
    except ValueError as e:
        ap.error(str(e))
    if opts.prepare and opts.prepared:
        ap.error("--prepare and --prepared exclude each other")
    if (opts.prepare or opts.prepared) and opts.oracle_only:
        ap.error("--oracle-only goes with neither --prepare nor --prepared")
    # RESULT lines and the timed harness: any of the new modes
    opts.timed = opts.device != "cpu" or opts.time or opts.prepare or opts.prepared
    opts.results = opts.timed and not opts.prepare
    if opts.work_dir is None:
        opts.work_dir = WORK_DIR if opts.device == "cpu" else BUILD / ("e2e-" + opts.device.replace(":", ""))
    opts.work_dir = opts.work_dir.resolve()
    global HARNESS_ENV
    HARNESS_ENV = dict(os.environ)
    if opts.device != "cpu" and not opts.prepared:
        # warp-lang, the CPU oracle, need not initialise CUDA (slow, memory on
        # the GPU per process); the harness gets the caller's environment
        os.environ["CUDA_VISIBLE_DEVICES"] = ""
    opts.warpc = opts.warpc.resolve()
    opts.runtime = opts.runtime.resolve()
    if opts.stub_header:
        if not opts.oracle_only:
            ap.error("--stub-header goes with --oracle-only")
        opts.stub_header = opts.stub_header.resolve()
    if opts.only is not None:
        opts.only = {int(x) if x.isdigit() else x for x in opts.only}
    return run_files(opts.cases, lambda p: run_case(p, opts), "case file")


def run_files(files, run_one, what):
    """Runs run_one(path) -> failure count on each file (relative paths are
    taken from the current directory); prints a total for several files and
    returns the exit status.  Shared with grad.py."""
    failures = 0
    for f in files:
        p = f if f.is_absolute() else Path.cwd() / f
        if not p.exists():
            print(f"FAIL {f}: no such {what}")
            failures += 1
            continue
        sys.stdout.flush()
        failures += run_one(p.resolve())
        sys.stdout.flush()
    if len(files) > 1:
        print(f"{'FAILED' if failures else 'passed'}: {failures} failing test(s) in {len(files)} {what}(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
