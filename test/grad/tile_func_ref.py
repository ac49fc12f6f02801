"""Gradients through tiles passed to a @wp.func by reference (warp-lang
1.19's test_tile_func_arg.py gradient tests, and more): a function that
returns a new tile, one that adds into its parameter in place (`a += b`),
one that writes it through wp.tile_matmul(a, b, c) and through another
function, with shared and register tiles; the caller's tiles change and
their gradients flow back through the writes.  (The float64 twins call
float64 copies of the functions: warp-lang 1.19 gives two instances of a
generic function of tiles one C name.)"""
import warp as wp

M = 4
N = 4


@wp.func
def scale_tile(t: wp.tile[float, M, N]):
    return t * 2.0


@wp.func
def pass_through_tile(t: wp.tile[float, M, N]):
    return t


@wp.func
def scale_then_pass_through(t: wp.tile[float, M, N]):
    s = scale_tile(t)
    return pass_through_tile(s)


@wp.func
def inplace_add_func(a: wp.tile[float, M, N], b: wp.tile[float, M, N]):
    a += b
    return a


@wp.kernel
def warp_cases(input_a: wp.array2d[float], input_b: wp.array2d[float], loss: wp.array1d[float]):
    # test_nested_func_calls_grad, test_shared_tile_func_grad,
    # test_inplace_modify_func_grad in one kernel: f = sum(2 x) + sum(a + b)
    i = wp.tid()
    t = wp.tile_load(input_a, shape=(M, N), offset=(0, 0), storage="shared")
    r = scale_then_pass_through(t)
    s = wp.tile_sum(r)
    a = wp.tile_load(input_a, shape=(M, N), offset=(0, 0), storage="shared")
    b = wp.tile_load(input_b, shape=(M, N), offset=(0, 0), storage="register")
    q = inplace_add_func(a, b)
    wp.tile_store(loss, s + wp.tile_sum(q) + wp.tile_sum(a * a))


@wp.func
def g_scale(t: wp.tile[float, M, N], k: float):
    return t * k


@wp.func
def g_inplace(a: wp.tile[float, M, N], b: wp.tile[float, N, N]):
    a += b * b
    a -= b


@wp.func
def g_matmul(a: wp.tile[float, M, N], b: wp.tile[float, N, N], c: wp.tile[float, M, N]):
    wp.tile_matmul(a, b, c)


@wp.func
def g_nested(a: wp.tile[float, M, N], b: wp.tile[float, N, N], c: wp.tile[float, M, N]):
    g_inplace(a, b)
    g_matmul(a, b, c)
    c += a


@wp.func
def g_scale64(t: wp.tile[wp.float64, M, N], k: wp.float64):
    return t * k


@wp.func
def g_inplace64(a: wp.tile[wp.float64, M, N], b: wp.tile[wp.float64, N, N]):
    a += b * b
    a -= b


@wp.func
def g_matmul64(a: wp.tile[wp.float64, M, N], b: wp.tile[wp.float64, N, N], c: wp.tile[wp.float64, M, N]):
    wp.tile_matmul(a, b, c)


@wp.func
def g_nested64(a: wp.tile[wp.float64, M, N], b: wp.tile[wp.float64, N, N], c: wp.tile[wp.float64, M, N]):
    g_inplace64(a, b)
    g_matmul64(a, b, c)
    c += a


@wp.kernel
def nonlinear(x: wp.array2d[float], y: wp.array2d[float], z: wp.array2d[float], out: wp.array2d[float],
              tot: wp.array[float]):
    i = wp.tid()
    a = wp.tile_load(x, shape=(M, N), storage="shared")
    b = wp.tile_load(y, shape=(N, N), storage="shared")
    c = wp.tile_load(z, shape=(M, N), storage="shared")
    g_nested(a, b, c)
    g_matmul(a, b, c)
    wp.tile_store(out, c * a)
    wp.tile_store(tot, wp.tile_sum(g_scale(a, 1.5) * c))


@wp.kernel
def nonlinear_f64(x: wp.array2d[wp.float64], y: wp.array2d[wp.float64], z: wp.array2d[wp.float64],
                  out: wp.array2d[wp.float64], tot: wp.array[wp.float64]):
    i = wp.tid()
    a = wp.tile_load(x, shape=(M, N), storage="shared")
    b = wp.tile_load(y, shape=(N, N), storage="shared")
    c = wp.tile_load(z, shape=(M, N), storage="shared")
    g_nested64(a, b, c)
    g_matmul64(a, b, c)
    wp.tile_store(out, c * a)
    wp.tile_store(tot, wp.tile_sum(g_scale64(a, wp.float64(1.5)) * c))


GRAD_TESTS = [
    dict(name="warp_cases", kernel="warp_cases", dim=1, block_dim=64,
         args=dict(input_a=("uniform", -2, 2), input_b=("uniform", -2, 2)),
         shapes=dict(input_a=(M, N), input_b=(M, N), loss=(1,)), outputs=dict(loss="ones"), fd=False),
    dict(name="nonlinear", kernel="nonlinear", dim=1, block_dim=64,
         args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), z=("uniform", -1, 1)),
         shapes=dict(x=(M, N), y=(N, N), z=(M, N), out=(M, N), tot=(1,)), outputs=["out", "tot"],
         inputs=["x", "y", "z"], warp_wrong=["y"],
         note="warp-lang 1.19's gradient of y (b: read by the in-place b * b and -= b, then by both "
              "tile_matmul calls) differs from float64 finite differences, which warpc's matches; "
              "each piece alone (the in-place updates, the two matmuls through the function) "
              "warp-lang differentiates right"),
]
