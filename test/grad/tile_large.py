"""Tiles past warpc's old limit of 16384 elements (now 256 KiB a tile, the
size of warp-lang's CPU arena of shared tiles): warp-lang's
test_tile_sum_axis_large_cpu_gradient kernel (a shared (2, 14000) tile
summed along axis 0; the float64 twin's tile is 224000 bytes), and
(160, 128) register tiles (20480 elements) through element-wise operators
and a tile_sum (warp-lang's arena holds a shared tile and its gradient, so
Warp's backward of shared tiles that large stops: register tiles here)."""
import warp as wp


@wp.kernel
def sum_axis0_large(x: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=(2, 14000), storage="shared")
    wp.tile_store(y, wp.tile_sum(a, axis=0))


@wp.kernel
def sum_axis0_large_f64(x: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    a = wp.tile_load(x, shape=(2, 14000), storage="shared")
    wp.tile_store(y, wp.tile_sum(a, axis=0))


@wp.kernel
def square_large(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), r: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=(160, 128))
    b = a * a + a * 0.5
    wp.tile_store(y, b)
    wp.tile_store(r, wp.tile_sum(b * a))


@wp.kernel
def square_large_f64(x: wp.array2d(dtype=wp.float64), y: wp.array2d(dtype=wp.float64),
                       r: wp.array(dtype=wp.float64)):
    a = wp.tile_load(x, shape=(160, 128))
    b = a * a + a * wp.float64(0.5)
    wp.tile_store(y, b)
    wp.tile_store(r, wp.tile_sum(b * a))


# fd_h, fd_atol: J sums 14000 (20480) seeded outputs, whose rounding
# (|J| eps / h) swamps the default FD tolerance; a larger step (the first
# kernel is linear, the second's third derivative is 6 seed) and an atol
# of 1e-7 keep the comparison tight (the gradients are O(1))
GRAD_TESTS = [
    # as warp-lang's test: x ones, block_dim 32, one block; seeds drawn (distinct per element)
    dict(name="sum_axis0_large", kernel="sum_axis0_large", dim=1, block_dim=32,
         args=dict(x="ones"), shapes=dict(x=(2, 14000), y=(14000,)), outputs=["y"], inputs=["x"],
         fd_h=1e-4, fd_atol=1e-7),
    dict(name="square_large", kernel="square_large", dim=1, block_dim=16,
         args=dict(x=("uniform", -1, 1)), shapes=dict(x=(160, 128), y=(160, 128), r=(1,)),
         outputs=["y", "r"], inputs=["x"], fd_h=1e-4, fd_atol=1e-7),
]
