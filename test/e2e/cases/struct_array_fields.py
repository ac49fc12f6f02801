"""Array fields of @wp.struct values (Warp lays them out as its array_t:
data, grad, int32 shape and strides, ndim; warpc's wp_array_t): a struct
parameter whose fields name arrays (read, written through `o.arr[i] = x`,
`o.arr.shape`, 2-D fields), a struct local whose array field is assigned
from a kernel argument, nested structs holding arrays, and arrays passed
from struct fields to funcs."""
import warp as wp


@wp.struct
class Inner:
    a: float
    w: wp.array(dtype=wp.vec3)


@wp.struct
class Fields:
    scale: float
    src: wp.array(dtype=float)
    grid: wp.array2d(dtype=float)
    inner: Inner
    n: wp.int32
    dst: wp.array(dtype=float)


@wp.func
def sum_row(g: wp.array2d(dtype=float), i: int) -> float:
    s = float(0.0)
    for j in range(g.shape[1]):
        s += g[i, j]
    return s


@wp.func
def first_w(p: Inner) -> wp.vec3:
    return p.w[0] * p.a


@wp.kernel
def read_write(o: Fields, out: wp.array(dtype=float)):
    i = wp.tid()
    x = o.src[i] * o.scale + float(o.n) + float(o.src.shape[0])
    x += sum_row(o.grid, i % o.grid.shape[0])
    v = o.inner.w[i] * o.inner.a + first_w(o.inner)
    o.dst[i] = x + v[1]
    o.inner.w[i] = v
    out[i] = x


@wp.kernel
def local_struct(data: wp.array(dtype=float), vs: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    s = Fields()
    s.src = data
    s.dst = out
    s.scale = 2.0
    s.inner.w = vs
    s.inner.a = s.src[i]
    t = s
    t.scale = 3.0
    t.inner.w[i].y += 1.0
    # an empty array field: shape 0
    e = Fields()
    s.dst[i] = s.src[i] * s.scale + t.scale + float(e.src.shape[0]) + first_w(t.inner)[0]
    s.src[i] = s.inner.a * t.scale


TESTS = [
    dict(kernel="read_write", dim=24, shapes=dict(g=(6, 5)),
         args=dict(o=dict(scale=1.5, src="a", grid="g", inner=dict(a=0.5, w="w"), n=3, dst="d")),
         arrays=dict(a=("uniform", -1, 1), g=("uniform", -2, 2), w=("uniform", -1, 1)),
         outputs=["out", "d", "w", "a"]),
    dict(kernel="local_struct", dim=32,
         args=dict(data=("uniform", -1, 1), vs=("uniform", -1, 1)),
         outputs=["data", "vs", "out"]),
]
