"""Vectors and matrices of bool (wp.types.vector(length=3, dtype=wp.bool),
wp.types.matrix((2, 2), dtype=bool)): module constants built from lists,
zero / fill / component constructors, inferred wp.types.vector(True, ...),
components and rows read and assigned, ==, as warp's test_bool
does (its arrays of them are left out: the e2e harness has no bool
composites)."""
import warp as wp

vec3bool = wp.types.vector(length=3, dtype=wp.bool)
mat22bool = wp.types.matrix((2, 2), dtype=bool)
vec2bool = wp.types.vector(length=2, dtype=bool)
SEL_V = wp.constant(vec3bool([True, False, True]))
SEL_M = wp.constant(mat22bool([True, False, False, True]))


@wp.kernel
def select_sum(flags: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    s = int(0)
    if SEL_V[0]:
        s += 1
    if SEL_V[1]:
        s += 2
    if SEL_M[1, 1]:
        s += 4
    if SEL_M[0, 1]:
        s += 8
    v = vec3bool(flags[i] > 0, flags[i] > 1, flags[i] > 2)
    if v == wp.types.vector(True, True, False):
        s += 16
    if not (v == vec3bool(True)):  # warp-lang has no != on vectors
        s += 32
    if vec3bool() == wp.types.vector(False, False, False):
        s += 64
    m = mat22bool(True, False, flags[i] > 1, True)
    if m == wp.types.matrix(True, False, True, True, shape=(2, 2)):
        s += 128
    out[i] = s


@wp.func
def bits(m: mat22bool) -> int:
    r = int(0)
    for a in range(2):
        for b in range(2):
            if m[a, b]:
                r += 1 << (a * 2 + b)
    return r


@wp.kernel
def assign(out: wp.array(dtype=int)):
    i = wp.tid()
    row = vec2bool(True, i % 2 == 0)
    m = mat22bool(True)
    m[1] = row
    local = mat22bool()
    local[1] = row
    local[0, 1] = True
    v = vec3bool()
    v[i % 3] = True
    r = m[1]
    out[i] = bits(m) + 16 * bits(local) + 256 * int(v[1]) + 512 * int(r[1])


TESTS = [
    dict(kernel="select_sum", dim=8, args=dict(flags=("int", 0, 4)), outputs=["out"]),
    dict(kernel="assign", dim=6, outputs=["out"]),
]
