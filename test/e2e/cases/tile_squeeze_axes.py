"""wp.tile_squeeze with a tuple of axes (Warp's test_tile_squeeze_kernel:
axis=(2,)), each of extent 1, negative axes counted from the end.  warpc
took one integer axis only ("axis must be a compile-time integer")."""
import warp as wp

M = 6


@wp.kernel
def squeeze_axes(x: wp.array3d(dtype=float), y: wp.array2d(dtype=float), z: wp.array(dtype=float),
                 w: wp.array2d(dtype=float)):
    a = wp.tile_load(x, shape=(1, M, 1))
    wp.tile_store(y, wp.tile_squeeze(a, axis=(2,)))
    wp.tile_store(z, wp.tile_squeeze(a, axis=(0, 2)) * 2.0)
    wp.tile_store(w, wp.tile_squeeze(a, axis=(-1,)) * 3.0)


TESTS = [
    dict(kernel="squeeze_axes", dim=1, block_dim=8, args=dict(x=("uniform", -1, 1)),
         shapes=dict(x=(1, M, 1), y=(1, M), z=(M,), w=(1, M)), outputs=["y", "z", "w"]),
]
