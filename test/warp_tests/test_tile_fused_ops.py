"""warp-lang 1.19.0's warp/tests/tile/test_tile_fused_ops.py: the fused tile
operations tile_axpy (dest += alpha * src) and tile_dot.  Every kernel is
defined inside its test function (lifted to module level by the harness,
test/tools/warp_tests.py); each is launched as its test does on the CPU
(one block, block_dim=BLOCK_DIM=64) with the test's values, and again with
values drawn from a range where the test's are constant.  The gradient
tests' kernels run forward here.  test_tile_dot_float's kernel closes over
its factory's parameter wp_dtype: BIND gives the three dtypes it runs."""
import warp as wp

TARGET = "warp/tests/tile/test_tile_fused_ops.py"


def tiled(kernel, shapes, name=None, **args):
    d = dict(kernel=kernel, dim=1, block_dim=64, args=args, shapes=shapes)
    if name:
        d["name"] = name
    return d


T2 = dict(dest_in=(4, 4), src_in=(4, 4), out=(4, 4))
N64 = dict(dest_in=(64,), src_in=(64,), out=(64,))


def dot(n, a, b, name=None, **extra):
    return tiled(name=name, shapes=dict(a_in=(n,), b_in=(n,), out=(1,)), a_in=a, b_in=b, **extra)


TESTS = [
    # tile_axpy
    tiled("test_tile_axpy_shared_register.compute", T2, dest_in=("full", 2.0), src_in=("full", 3.0), alpha=5.0),
    tiled("test_tile_axpy_shared_register.compute", T2, "axpy_shared_register_uniform",
          dest_in=("uniform", -1.0, 1.0), src_in=("uniform", -1.0, 1.0), alpha=0.75),
    tiled("test_tile_axpy_shared_shared.compute", T2, dest_in=("full", 1.0), src_in=("full", 4.0), alpha=-2.0),
    tiled("test_tile_axpy_shared_shared.compute", T2, "axpy_shared_shared_uniform",
          dest_in=("uniform", -1.0, 1.0), src_in=("uniform", -1.0, 1.0), alpha=-2.0),
    tiled("test_tile_axpy_1d.compute", N64, dest_in=("arange",), src_in=("full", 2.0), alpha=3.0),
    tiled("test_tile_axpy_register_register.compute", N64, dest_in=("arange", 0.0, 0.5), src_in=("full", 3.0),
          alpha=2.0),
    tiled("test_tile_axpy_register_register.compute", N64, "axpy_register_register_uniform",
          dest_in=("uniform", -1.0, 1.0), src_in=("uniform", -1.0, 1.0), alpha=2.0),
    tiled("test_tile_axpy_zero_alpha.compute", N64, dest_in=("arange",), src_in=("full", 999.0), alpha=0.0),
    tiled("test_tile_axpy_grad.compute", dict(dest_in=(16,), src_in=(16,), alpha_in=(1,), out=(16,)),
          dest_in=("full", 2.0), src_in=("full", 3.0), alpha_in=("values", [5.0])),
    tiled("test_tile_axpy_vec3.compute", dict(dest_in=(16,), src_in=(16,), out=(16,)),
          dest_in=("full", 2.0), src_in=("arange",), alpha=3.0),
    # onto a broadcast of a shared tile (Warp's view: each row adds into the bias)
    tiled("test_tile_axpy_broadcast_dest.compute", dict(bias_in=(4,), src_in=(4, 4), out=(4, 4)),
          bias_in=("values", [1.0, 2.0, 3.0, 4.0]), src_in=("full", 1.0), alpha=1.0),
    tiled("test_tile_axpy_broadcast_dest.compute", dict(bias_in=(4,), src_in=(4, 4), out=(4, 4)),
          "axpy_broadcast_dest_uniform", bias_in=("uniform", -1.0, 1.0), src_in=("uniform", -1.0, 1.0),
          alpha=0.75),
    # tile_dot
    dot(64, ("full", 2.0), ("full", 3.0), kernel="test_tile_dot_register_shared.compute"),
    dot(64, ("uniform", -1.0, 1.0), ("uniform", -1.0, 1.0), "dot_register_shared_uniform",
        kernel="test_tile_dot_register_shared.compute"),
    dot(32, ("arange",), ("arange", 0.0, 0.5), kernel="test_tile_dot_nonuniform.compute"),
    tiled("test_tile_dot_2d.compute", dict(a_in=(4, 4), b_in=(4, 4), out=(1,)), a_in=("full", 2.0),
          b_in=("full", 3.0)),
    tiled("test_tile_dot_2d.compute", dict(a_in=(4, 4), b_in=(4, 4), out=(1,)), "dot_2d_uniform",
          a_in=("uniform", -1.0, 1.0), b_in=("uniform", -1.0, 1.0)),
    dot(64, ("arange", -32.0), ("full", 2.0), kernel="test_tile_dot_shared_shared.compute"),
    dot(16, ("arange", 1.0), ("arange", 16.0, -1.0), kernel="test_tile_dot_grad_shared.compute"),
    dot(16, ("arange", 1.0), ("arange", 16.0, -1.0), kernel="test_tile_dot_grad.compute"),
    dot(16, ("arange", 1.0), ("arange", 16.0, -1.0), kernel="test_tile_dot_grad_extract.compute"),
    dot(16, ("arange", 1.0), ("arange", 16.0, -1.0), kernel="test_tile_dot_grad_extract_shared.compute"),
    dot(16, ("uniform", -1.0, 1.0), ("uniform", -1.0, 1.0), "dot_grad_extract_shared_uniform",
        kernel="test_tile_dot_grad_extract_shared.compute"),
    # (np.arange(N) % 4, np.arange(N) % 3) in float32, float64, float16
    dot(64, ("values", [i % 4 for i in range(64)]), ("values", [i % 3 for i in range(64)]),
        kernel="test_tile_dot_float.run.compute[f32]"),
    dot(64, ("values", [i % 4 for i in range(64)]), ("values", [i % 3 for i in range(64)]),
        kernel="test_tile_dot_float.run.compute[f64]"),
    dot(64, ("uniform", -1.0, 1.0), ("uniform", -1.0, 1.0), "dot_float64_uniform",
        kernel="test_tile_dot_float.run.compute[f64]"),
    # tile_dot of float16 (each product and sum rounded to float16), vec3 and
    # mat33 tiles (fully contracted into a float tile of shape (1,))
    dot(64, ("values", [i % 4 for i in range(64)]), ("values", [i % 3 for i in range(64)]),
        kernel="test_tile_dot_float.run.compute[f16]"),
    tiled("test_tile_dot_vec3.compute", dict(a_in=(16,), b_in=(16,), out=(1,)), a_in=("arange",),
          b_in=("full", 2.0)),
    tiled("test_tile_dot_mat33.compute", dict(a_in=(8,), b_in=(8,), out=(1,)), a_in=("arange",),
          b_in=("full", 0.5)),
]

XFAIL = {}

BIND = {
    "test_tile_dot_float.run.compute[f32]": dict(wp_dtype=wp.float32),
    "test_tile_dot_float.run.compute[f64]": dict(wp_dtype=wp.float64),
    "test_tile_dot_float.run.compute[f16]": dict(wp_dtype=wp.float16),
}

UNTESTED = {}
