"""tile_randi / tile_randf (with and without min and max, 1-d and 2-d
shapes) against warp-lang's CPU backend: one lane per block, its generator
started at pcg(rng) and drawn once per element in row-major order."""
import warp as wp

wp.set_module_options({"block_dim": 8})


@wp.kernel
def rand(seed: int, x: wp.array2d(dtype=int), y: wp.array2d(dtype=float), z: wp.array2d(dtype=int),
         w: wp.array2d(dtype=float)):
    i, j = wp.tid()
    rng = wp.rand_init(seed, i * 3 + j)
    ti = wp.tile_randi(shape=(2, 3), rng=rng)
    tf = wp.tile_randf(shape=(2, 3), rng=rng)
    wp.tile_store(x, ti, offset=(i * 2, j * 3))
    wp.tile_store(y, tf, offset=(i * 2, j * 3))
    ri = wp.tile_randi(shape=5, rng=rng + wp.uint32(7), min=-5, max=5)
    rf = wp.tile_randf(shape=5, rng=rng, min=-2.5, max=4.0, storage="shared")
    wp.tile_store(z[i * 3 + j], ri)
    wp.tile_store(w[i * 3 + j], rf)


TESTS = [
    dict(name="rand", kernel="rand", dim=(2, 3), block_dim=8,
         args=dict(seed=42),
         shapes=dict(x=(4, 9), y=(4, 9), z=(6, 5), w=(6, 5)),
         outputs=["x", "y", "z", "w"]),
]
