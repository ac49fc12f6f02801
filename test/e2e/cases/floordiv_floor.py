"""Floor division as warp-lang 1.19 computes it, for every integer and float
type, runtime and folded.

Since warp-lang 1.11 a signed integer // rounds toward negative infinity, as
in Python ((i - 3) // 2 for i = 0..5 is -2 -1 -1 0 0 1); unsigned // is plain
division.  % stays C's: an integer remainder takes the sign of the dividend
(-7 % 2 == -1) and a float one is fmod (-7.5 % 2.0 == -1.5).  Float // is
floor(a / b): 1.0 // 0.0 is inf, 1.0 % 0.0 is NaN.  In a kernel, // and % of
literals and of module constants are these builtins (a -7 // 2 in a kernel
is -4, a -7 % 2 is -1), while a module-level expression is computed by
Python (MOD_PY = -7 % 2 is 1); % of two Warp scalars at module level is
Warp's mod again (MOD_WP is -1).  Vector % is component-wise; Warp has no
vector //.  Integer divisors are never zero here (undefined behaviour in C:
warp-lang's CPU backend dies of SIGFPE).
"""
from typing import Any

import warp as wp

NEG7 = -7
NEG7C = wp.constant(-7)
FD_PY = -7 // 2              # Python: -4
MOD_PY = -7 % 2              # Python: 1
FMOD_PY = -7.5 % 2.0         # Python: 0.5
FFD_PY = wp.constant(-7.5 // 2.0)
MOD_WP = wp.constant(wp.int32(-7) % wp.int32(2))  # Warp's mod: -1
FMOD_WP = wp.constant(wp.float32(-7.5) % wp.float32(2.0))  # fmod: -1.5


@wp.kernel
def shifted(q: wp.array(dtype=int), r: wp.array(dtype=int)):
    i = wp.tid()
    q[i] = (i - 3) // 2
    r[i] = (i - 3) % 2


@wp.kernel
def divmod_any(a: wp.array(dtype=Any), b: wp.array(dtype=Any), q: wp.array(dtype=Any),
               r: wp.array(dtype=Any)):
    i = wp.tid()
    q[i] = a[i] // b[i]
    r[i] = a[i] % b[i]


wp.overload(divmod_any, [wp.array(dtype=wp.int8), wp.array(dtype=wp.int8), wp.array(dtype=wp.int8), wp.array(dtype=wp.int8)])
wp.overload(divmod_any, [wp.array(dtype=wp.int16), wp.array(dtype=wp.int16), wp.array(dtype=wp.int16), wp.array(dtype=wp.int16)])
wp.overload(divmod_any, [wp.array(dtype=wp.int32), wp.array(dtype=wp.int32), wp.array(dtype=wp.int32), wp.array(dtype=wp.int32)])
wp.overload(divmod_any, [wp.array(dtype=wp.int64), wp.array(dtype=wp.int64), wp.array(dtype=wp.int64), wp.array(dtype=wp.int64)])
wp.overload(divmod_any, [wp.array(dtype=wp.uint8), wp.array(dtype=wp.uint8), wp.array(dtype=wp.uint8), wp.array(dtype=wp.uint8)])
wp.overload(divmod_any, [wp.array(dtype=wp.uint16), wp.array(dtype=wp.uint16), wp.array(dtype=wp.uint16), wp.array(dtype=wp.uint16)])
wp.overload(divmod_any, [wp.array(dtype=wp.uint32), wp.array(dtype=wp.uint32), wp.array(dtype=wp.uint32), wp.array(dtype=wp.uint32)])
wp.overload(divmod_any, [wp.array(dtype=wp.uint64), wp.array(dtype=wp.uint64), wp.array(dtype=wp.uint64), wp.array(dtype=wp.uint64)])
wp.overload(divmod_any, [wp.array(dtype=wp.float16), wp.array(dtype=wp.float16), wp.array(dtype=wp.float16), wp.array(dtype=wp.float16)])
wp.overload(divmod_any, [wp.array(dtype=wp.float32), wp.array(dtype=wp.float32), wp.array(dtype=wp.float32), wp.array(dtype=wp.float32)])
wp.overload(divmod_any, [wp.array(dtype=wp.float64), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64)])


@wp.kernel
def folded(out: wp.array(dtype=int), f: wp.array(dtype=float)):
    out[0] = -7 // 2
    out[1] = 7 // -2
    out[2] = -7 % 2
    out[3] = 7 % -2
    out[4] = NEG7 // 2
    out[5] = NEG7C // 2
    out[6] = NEG7 % 2
    out[7] = FD_PY
    out[8] = MOD_PY
    out[9] = MOD_WP
    out[10] = int(wp.int8(-7) // wp.int8(2))
    out[11] = int(wp.int64(-7000000000) // wp.int64(3))
    out[12] = int(wp.uint8(250) // wp.uint8(7))
    out[13] = wp.static(-7 // 2)
    out[14] = wp.static(-7 % 2)
    out[15] = -6 // 3
    out[16] = int(wp.int16(-9) % wp.int16(4))
    f[0] = -7.5 // 2.0
    f[1] = -7.5 % 2.0
    f[2] = 7.5 % -2.0
    f[3] = FMOD_PY
    f[4] = FFD_PY
    f[5] = FMOD_WP
    f[6] = 1.0 // 0.0
    f[7] = -1.0 // 0.0
    f[8] = 1.0 % 0.0
    f[9] = float(wp.float16(-7.5) // wp.float16(2.0))
    f[10] = float(wp.float64(-7.5) // wp.float64(2.0))


@wp.kernel
def by_zero(a: wp.array(dtype=float), q: wp.array(dtype=float), r: wp.array(dtype=float)):
    i = wp.tid()
    q[i] = a[i] // 0.0
    r[i] = a[i] % 0.0


@wp.kernel
def vec_mod(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3i), r: wp.array(dtype=wp.vec3i),
            fa: wp.array(dtype=wp.vec3), fb: wp.array(dtype=wp.vec3), fr: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    r[i] = a[i] % b[i]
    fr[i] = fa[i] % fb[i]


def _t(dt, lo, hi, divs, n=400):
    return dict(kernel="divmod_any", overload=[wp.array(dtype=dt)] * 4, dim=n, name=f"divmod_{dt.__name__}",
                args=dict(a=("int", lo, hi), b=("choice", divs)), outputs=["q", "r"])


TESTS = [
    dict(kernel="shifted", dim=6),
    _t(wp.int8, -128, 127, [-128, -7, -3, -2, -1, 1, 2, 3, 5, 127]),
    _t(wp.int16, -32768, 32767, [-300, -7, -2, -1, 1, 2, 9, 1000]),
    _t(wp.int32, -2147483647, 2147483647, [-65536, -7, -2, -1, 1, 2, 3, 12345]),
    _t(wp.int64, -(10**18), 10**18, [-(10**12), -13, -2, -1, 1, 2, 7, 10**9]),
    _t(wp.uint8, 0, 255, [1, 2, 3, 7, 200, 255]),
    _t(wp.uint16, 0, 65535, [1, 2, 3, 7, 300, 65535]),
    _t(wp.uint32, 0, 4294967295, [1, 2, 3, 7, 65536, 4294967295]),
    _t(wp.uint64, 0, 2**63, [1, 2, 3, 7, 2**40, 2**63]),
    dict(kernel="divmod_any", overload=[wp.array(dtype=wp.int32)] * 4, dim=12, name="divmod_int32_edges",
         args=dict(a=[7, -7, 7, -7, 0, 1, -1, 6, -6, 2147483647, -2147483647, -2147483648],
                   b=[2, 2, -2, -2, 5, 3, 3, -3, 3, -2, 2, 7]),
         outputs=["q", "r"]),
    dict(kernel="divmod_any", overload=[wp.array(dtype=wp.float16)] * 4, dim=300, name="divmod_float16",
         args=dict(a=("int", -60, 60), b=("choice", [-7.5, -2.0, -0.25, 0.5, 3.0])), outputs=["q", "r"]),
    dict(kernel="divmod_any", overload=[wp.array(dtype=wp.float32)] * 4, dim=500, name="divmod_float32",
         args=dict(a=("uniform", -100, 100), b=("choice", [-7.5, -2.0, -0.25, 0.5, 3.0, 10.0])),
         outputs=["q", "r"]),
    dict(kernel="divmod_any", overload=[wp.array(dtype=wp.float64)] * 4, dim=500, name="divmod_float64",
         args=dict(a=("uniform", -1e6, 1e6), b=("choice", [-7.5, -0.3, 0.5, 3.0, 49.5])),
         outputs=["q", "r"]),
    dict(kernel="folded", dim=1, shapes=dict(out=(17,), f=(11,)), allow_nonfinite=True),
    dict(kernel="by_zero", dim=4, args=dict(a=[1.0, -1.0, 0.0, 2.5]), outputs=["q", "r"],
         allow_nonfinite=True),
    dict(kernel="vec_mod", dim=200,
         args=dict(a=("int", -100, 100), b=("choice", [-7, -3, -1, 1, 2, 5]),
                   fa=("uniform", -20, 20), fb=("choice", [-2.5, -1.0, 0.75, 3.0])),
         outputs=["r", "fr"]),
]
