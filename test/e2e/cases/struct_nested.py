"""Nested @wp.structs with vector, matrix, quaternion, transform and array
fields: arrays of them read and written (`out[i] = b`, `out[i].mat.k[0, 1]
= x`), struct locals updated through field chains (`b.mat.color[2] = x`,
`b.mat.k[1, 0] = b.mat.k[1, 0] + 1.0`, `b.mat.color.x += 1.0`, `b.m33[2, 1] = x`), the
default constructor `S()` (every field zero, array fields empty),
constructors with positional and keyword fields, structs passed to and
returned from funcs (by value: the callee's changes stay local).  The
harness asserts each struct's C size and field offsets equal warp-lang's.
`update` has no adjoint, to keep the case's CUDA build short (struct
gradients are tested in test/grad/struct_*.py)."""
import warp as wp


@wp.struct
class Material:
    color: wp.vec3
    k: wp.mat22
    tags: wp.array(dtype=wp.int32)
    rough: float


@wp.struct
class Body:
    id: wp.int8
    mat: Material
    xf: wp.transform
    q: wp.quat
    mass: wp.float64
    m33: wp.mat33


@wp.func
def brighten(m: Material, s: float) -> Material:
    m.color = m.color * s
    m.rough += 1.0
    return m


@wp.func
def make_body(i: int, x: float) -> Body:
    b = Body()
    b.id = wp.int8(i % 100)
    b.mat = Material(wp.vec3(x, 2.0 * x, 3.0), wp.mat22(1.0, 2.0, 3.0, x), b.mat.tags, x * x)
    b.mass = wp.float64(x)
    return b


@wp.func
def score(b: Body) -> float:
    b.mat.rough = 100.0  # a copy: the caller's value does not change
    return b.mat.rough + b.mat.color[1] + float(b.mass)


@wp.kernel(enable_backward=False)
def update(bs: wp.array(dtype=Body), out: wp.array(dtype=Body), f: wp.array(dtype=float)):
    i = wp.tid()
    b = bs[i]
    b.mat.color[2] = b.mat.rough * 2.0
    b.mat.k[1, 0] = b.mat.k[1, 0] + 1.0
    b.mat.color.x += 1.0
    b.m33[2, 1] = 5.0
    b.m33 = b.m33 * 2.0
    b.mass = b.mass * wp.float64(2.0)
    b.q = wp.normalize(b.q)
    out[i] = b
    out[i].mat.k[0, 1] = 7.0
    out[i].mat.rough = float(b.mat.tags.shape[0])
    out[i].xf = wp.transform(wp.vec3(1.0, 2.0, 3.0), b.q)
    f[i] = wp.length(b.mat.color) + b.mat.k[1, 1] + float(b.id) + score(b) + b.mat.rough


@wp.kernel
def construct(xs: wp.array(dtype=float), out: wp.array(dtype=Body), f: wp.array(dtype=float)):
    i = wp.tid()
    x = xs[i]
    z = Body()
    if i % 3 == 0:
        out[i] = z
    elif i % 3 == 1:
        out[i] = make_body(i, x)
    else:
        m = Material(color=wp.vec3(x), k=wp.mat22(), tags=z.mat.tags, rough=0.5)
        b = Body(id=wp.int8(1), mat=brighten(m, 2.0), xf=wp.transform_identity(), q=wp.quat_identity(),
                 mass=wp.float64(1.5), m33=wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
        out[i] = b
    f[i] = z.mat.rough + wp.length(z.mat.color) + float(z.mat.tags.shape[0]) + float(z.id) + score(z)


TESTS = [
    dict(kernel="update", dim=20,
         args=dict(bs=dict(id=("int", -5, 5),
                           mat=dict(color=("uniform", -1, 1), k=("uniform", -1, 1), rough=("uniform", 0, 1)),
                           xf=("uniform", -1, 1), q=("uniform", 0.5, 1), mass=("uniform", 1, 2),
                           m33=("uniform", -1, 1))),
         outputs=["out", "f"]),
    dict(kernel="construct", dim=30, args=dict(xs=("uniform", -1, 1)), outputs=["out", "f"]),
]
