"""Module constants computed with Python's math module, numpy and builtins,
as newton writes them: `wp.constant(wp.float32(np.finfo(np.float32).eps))`,
`float(np.finfo(np.float32).eps)`, `wp.static(math.cos(ANGLE))`,
`math.radians`, `np.iinfo(np.int32).max`, `np.float32(x)` converted,
`np.pi`, `round` (to even), `abs`, `min`, `max`, and a dict indexed by a
module-level string (`BINS[POLYHEDRON]`, newton's contact_reduction).  In a
kernel, `math.pi` is a Python float and `math.sqrt(x)` / `np.float32(x)`
call the Warp builtin of that name, as warp-lang resolves them (newton's
camera_utils: `wp.float32(math.pi)`).  A decorator bound to a module-level
name whose value picks a warp decorator by warp's version (newton's
`_support_map_func = wp.func(inline=False) if ... else wp.func`).  Calls
of the module's own host functions run them as Python would
(`wp.static(make_bitmask(31))`, newton's kamino keying), strings compare
(`wp.static(POLY == "icosahedron")`), `A, B, C = range(3)` unpacks, and
`T(*ROWS[KEY])` spreads a sequence constant into a constructor."""
import math

import numpy as np
import warp as wp

FLOAT32_EPS = wp.constant(wp.float32(np.finfo(np.float32).eps))
EPS_F = float(np.finfo(np.float32).eps)
EPS64 = wp.float64(np.finfo(np.float64).eps)
TINY = float(np.finfo(np.float32).tiny)
BIG = float(np.finfo(np.float16).max)
IMAX = np.iinfo(np.int32).max
IMIN = np.iinfo(np.int16).min
UMAX = np.iinfo(np.uint16).max
HALF = wp.float32(np.float32(0.1))
NPI = np.pi
TILT = math.radians(12.5)
COS_TILT = wp.static(math.cos(TILT))
SIN_TILT = wp.constant(math.sin(TILT))
ATAN = math.atan2(1.0, 3.0) + math.atan(0.25)
ROOT = math.sqrt(3.0) + float(np.sqrt(2.0))
LOGS = math.log(10.0) + math.log(8.0, 2.0) + math.log10(50.0) + math.exp(0.5) + math.pow(2.0, 0.5)
HYP = math.hypot(3.0, 4.0) + math.fabs(-2.5) + math.copysign(1.5, -0.0) + math.fmod(7.5, 2.0)
FLOORS = math.floor(-2.5) * 100 + math.ceil(2.1) * 10 + math.trunc(-3.9)
ROUNDS = round(2.5) * 1000 + round(3.5) * 100 + round(-0.5) * 10 + round(7.6)
ROUND0 = round(2.675, 0)
MINMAX = min(3, 1.5, 2) + max(-1, 4, 4.0) + abs(-7) + abs(-0.25)
DEG = math.degrees(0.5)

POLYHEDRON = "icosahedron"
_BINS = {"hexahedron": 6, "octahedron": 8, "icosahedron": 20}
NUM_BINS = _BINS[POLYHEDRON]
SLOTS = NUM_BINS * 7 + 100


@wp.kernel
def host_values(x: wp.array(dtype=float), out: wp.array2d(dtype=float), d: wp.array(dtype=wp.float64),
                n: wp.array(dtype=int)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = v + FLOAT32_EPS
    out[i, 1] = v * (1.0 + EPS_F)
    out[i, 2] = v * COS_TILT + SIN_TILT
    out[i, 3] = v * TILT + ATAN
    out[i, 4] = ROOT + LOGS * v
    out[i, 5] = HYP + v * NPI
    out[i, 6] = HALF * v + TINY * 1.0e30 + BIG
    out[i, 7] = ROUND0 + MINMAX * v + DEG
    d[i] = wp.float64(v) + EPS64
    n[i] = IMAX - i + IMIN + UMAX + FLOORS + ROUNDS + NUM_BINS + SLOTS

_picked_func = (
    wp.func(inline=False) if tuple(int(v) for v in wp.__version__.split(".")[:2]) >= (1, 18) else wp.func
)
_plain_func = wp.func


@_picked_func
def picked(x: float) -> float:
    return x * 3.0 + 1.0


@_plain_func
def plain(x: float) -> float:
    return x - 0.5


@wp.kernel
def in_kernel(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.min(v * 0.5, wp.float32(math.pi)) + math.e + np.pi
    out[i, 1] = math.sqrt(wp.abs(v)) + np.sqrt(2.0)
    out[i, 2] = math.floor(v) + math.atan2(v, 2.0) + np.float32(v) * math.tau + picked(v) * plain(v)


POLY = "icosahedron"
_ROWS = {"icosahedron": (0.5, 1.5, 2.5, -1.0, -2.0, 4.25), "other": (0.0,) * 6}
_mat23 = wp.types.matrix(shape=(2, 3), dtype=wp.float32)
FACES = _mat23(*_ROWS[POLY])  # newton's FACE_NORMALS
LEAD, HARMONY, BASS = range(3)
FAR, NEAR, END = range(10, 0, -4)


def make_bitmask(n):
    return (1 << n) - 1


def pick(n, big=False):
    if big or n > 3:
        return n * 2
    scale = n + 100
    scale *= 2
    return scale


@wp.func
def twice(x: int):
    return 2 * x


@wp.func
def thrice(x: int):
    return 3 * x


def pick_func(n):  # newton's get_joint_coords_mapping_function(dof_type)
    if n == 2:
        return twice
    return thrice


@wp.kernel
def host_calls(out: wp.array(dtype=int)):
    out[5] = wp.static(pick_func(2))(5) + wp.static(pick_func(3))(7) * 100
    out[0] = wp.static(make_bitmask(5))
    out[1] = wp.static(pick(2)) + wp.static(pick(7)) + wp.static(pick(1, big=True))
    out[2] = BASS * 1000 + NEAR * 100 + FAR * 10 + END
    if wp.static(POLY == "icosahedron"):
        out[3] = 1
    if wp.static(POLY != "icosahedron"):
        out[3] = 2
    out[4] = wp.static(make_bitmask(LEAD + 31))
    out[6] = int(FACES[1, 2] * 4.0) + int(FACES[0, 1] * 2.0) * 100


TESTS = [
    dict(kernel="host_calls", dim=1, shapes=dict(out=7), outputs=["out"]),
    dict(kernel="host_values", dim=16, args=dict(x=("uniform", -2, 2)), shapes=dict(out=(16, 8)),
         outputs=["out", "d", "n"]),
    dict(kernel="in_kernel", dim=16, args=dict(x=("uniform", -3, 3)), shapes=dict(out=(16, 3)),
         outputs=["out"]),
]
