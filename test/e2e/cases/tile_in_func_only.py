"""A kernel whose tiles are all inside a @wp.func it calls is a tile kernel
too: it gets the tiled launcher (MODULE_k_tiled, launched here with
block_dim as wp.launch_tiled) and matches warp-lang; before, warpc looked
for tiles in the kernel's own body only, so the header had no tiled
launcher (found by the specs of Warp's test_tile_shared_memory.py,
test_tile_custom_grad_*)."""
import warp as wp


@wp.func
def doubled_total(x: wp.array(dtype=float)):
    t = wp.tile_load(x, shape=8)
    s = wp.tile_sum(t * 2.0)
    return s[0]


@wp.func
def through(x: wp.array(dtype=float)):
    return doubled_total(x) + 1.0  # tiles two calls down


@wp.kernel
def run(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i, j = wp.tid()
    y[i] = through(x)


TESTS = [
    dict(kernel="run", dim=3, block_dim=4, args=dict(x=("uniform", -1.0, 1.0)), shapes=dict(x=(8,), y=(3,)),
         outputs=["y"]),
]
