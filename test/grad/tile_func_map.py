"""Gradients of wp.tile_map() of a @wp.func (warpc: per element, the
function's vector-Jacobian product, built from its body as the backward
kernel's own code is): functions of one, two and three arguments with a
value beside the tiles (its adjoint the sum over the elements), branches,
builtins with their own rules (sin, exp, sqrt), an int argument (no
adjoint), vector elements and vector results; a function with a
@wp.func_grad, whose rule is used per element; against warp-lang's Tape
and float64 finite differences."""
import warp as wp

M = 3
N = 4


@wp.func
def poly(x: float):
    return x * x * x - 2.0 * x


@wp.func
def blend(x: float, y: float, s: float):
    if x > y:
        return wp.sin(x) * s + y
    return wp.exp(0.5 * y) * x - s * s


@wp.func
def scaled(x: float, k: int):
    return x * float(k) + wp.sqrt(x * x + 1.0)


@wp.func
def vfun(a: wp.vec3, b: wp.vec3):
    return wp.cross(a, b) * wp.dot(a, b) + a


@wp.func
def vnorm(a: wp.vec3):
    return wp.length(a) * a[0]


@wp.kernel
def maps(x: wp.array2d[float], y: wp.array2d[float], s: wp.array[float], k: int,
         out: wp.array2d[float], tot: wp.array[float]):
    i = wp.tid()
    tx = wp.tile_load(x, shape=(M, N))
    ty = wp.tile_load(y, shape=(M, N))
    a = wp.tile_map(poly, tx)
    b = wp.tile_map(blend, tx, ty, s[0])
    c = wp.tile_map(scaled, ty, k)
    wp.tile_store(out, a * b + c)
    wp.tile_store(tot, wp.tile_sum(wp.tile_map(blend, a, c, s[1])))


@wp.func
def poly64(x: wp.float64):
    return x * x * x - wp.float64(2.0) * x


@wp.func
def blend64(x: wp.float64, y: wp.float64, s: wp.float64):
    if x > y:
        return wp.sin(x) * s + y
    return wp.exp(wp.float64(0.5) * y) * x - s * s


@wp.func
def scaled64(x: wp.float64, k: int):
    return x * wp.float64(k) + wp.sqrt(x * x + wp.float64(1.0))


@wp.kernel
def maps_f64(x: wp.array2d[wp.float64], y: wp.array2d[wp.float64], s: wp.array[wp.float64], k: int,
             out: wp.array2d[wp.float64], tot: wp.array[wp.float64]):
    i = wp.tid()
    tx = wp.tile_load(x, shape=(M, N))
    ty = wp.tile_load(y, shape=(M, N))
    a = wp.tile_map(poly64, tx)
    b = wp.tile_map(blend64, tx, ty, s[0])
    c = wp.tile_map(scaled64, ty, k)
    wp.tile_store(out, a * b + c)
    wp.tile_store(tot, wp.tile_sum(wp.tile_map(blend64, a, c, s[1])))


@wp.kernel
def vmaps(u: wp.array[wp.vec3], v: wp.array[wp.vec3], out: wp.array[wp.vec3], n: wp.array[float]):
    i = wp.tid()
    tu = wp.tile_load(u, shape=5)
    tv = wp.tile_load(v, shape=5)
    r = wp.tile_map(vfun, tu, tv)
    wp.tile_store(out, r)
    wp.tile_store(n, wp.tile_map(vnorm, r))


@wp.func
def vfun64(a: wp.vec3d, b: wp.vec3d):
    return wp.cross(a, b) * wp.dot(a, b) + a


@wp.func
def vnorm64(a: wp.vec3d):
    return wp.length(a) * a[0]


@wp.kernel
def vmaps_f64(u: wp.array[wp.vec3d], v: wp.array[wp.vec3d], out: wp.array[wp.vec3d], n: wp.array[wp.float64]):
    i = wp.tid()
    tu = wp.tile_load(u, shape=5)
    tv = wp.tile_load(v, shape=5)
    r = wp.tile_map(vfun64, tu, tv)
    wp.tile_store(out, r)
    wp.tile_store(n, wp.tile_map(vnorm64, r))


GRAD_TESTS = [
    dict(name="scalar", kernel="maps", dim=1, block_dim=16,
         args=dict(x=("uniform", -1.5, 1.5), y=("uniform", -1.5, 1.5), s=("uniform", 0.5, 1.5), k=3),
         shapes=dict(x=(M, N), y=(M, N), s=(2,), out=(M, N), tot=(1,)), outputs=["out", "tot"],
         inputs=["x", "y", "s"]),
    dict(name="vector", kernel="vmaps", dim=1, block_dim=16,
         args=dict(u=("uniform", -1, 1), v=("uniform", -1, 1)),
         shapes=dict(u=(5,), v=(5,), out=(5,), n=(5,)), outputs=["out", "n"], inputs=["u", "v"]),
]


@wp.func
def soft(x: float, y: float):
    return x * y + wp.sin(x)


@wp.func_grad(soft)
def adj_soft(x: float, y: float, adj_ret: float):
    # a custom rule that is not the derivative (warp-lang's Tape uses it)
    wp.adjoint[x] += 2.0 * adj_ret
    wp.adjoint[y] += x * adj_ret


@wp.kernel
def custom(x: wp.array[float], y: wp.array[float], out: wp.array[float]):
    i = wp.tid()
    tx = wp.tile_load(x, shape=6)
    wp.tile_store(out, wp.tile_map(soft, tx, wp.tile_load(y, shape=6)) * tx)


GRAD_TESTS.append(
    dict(name="func_grad", kernel="custom", dim=1, block_dim=16, fd=False,
         args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1)), shapes=dict(x=(6,), y=(6,), out=(6,)),
         outputs=["out"], inputs=["x", "y"],
         note="a @wp.func_grad rule, used per element as in warp-lang (not the derivative: no FD)"))
