"""wp.tile_reshape with one extent -1, inferred from the tile's element
count as numpy infers it (Warp's test_tile_reshape_kernel: shape=(-1, 1)).
warpc refused it ("a tile extent must be at least 1")."""
import warp as wp

M = 4
N = 6


@wp.kernel
def reshape_infer(x: wp.array2d(dtype=float), y: wp.array2d(dtype=float), z: wp.array2d(dtype=float),
                  w: wp.array(dtype=float)):
    a = wp.tile_load(x, shape=(M, N))
    b = wp.tile_reshape(a, shape=(wp.static(M * N), 1))
    c = wp.tile_reshape(b, shape=(-1, 1))
    wp.tile_store(y, c)
    wp.tile_store(z, wp.tile_reshape(a, shape=(3, -1)) * 2.0)
    wp.tile_store(w, wp.tile_reshape(a, shape=(-1,)))


TESTS = [
    dict(kernel="reshape_infer", dim=1, block_dim=8, args=dict(x=("uniform", -1, 1)),
         shapes=dict(x=(M, N), y=(M * N, 1), z=(3, 8), w=(M * N,)), outputs=["y", "z", "w"]),
]
