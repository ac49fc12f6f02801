"""A tile view whose parent variable is rebound to another tile keeps
viewing the old tile, as warp-lang's views alias the old storage: a read
of the view after `p = wp.tile_zeros(...)` reads the old rows, and a write
through it does not change the new tile.  warpc re-took the view of the
new tile (the read gave zeros) and wrote through it into the new tile."""
import warp as wp

M = 4
N = 4


@wp.kernel
def rebind_read(a: wp.array2d(dtype=float), out: wp.array(dtype=float), outp: wp.array2d(dtype=float)):
    p = wp.tile_load(a, shape=(M, N), storage="shared")
    v = p[1]
    p = wp.tile_zeros(shape=(M, N), dtype=float, storage="shared")
    wp.tile_store(out, v)
    wp.tile_store(outp, p)


@wp.kernel
def rebind_write(a: wp.array2d(dtype=float), out: wp.array(dtype=float), outp: wp.array2d(dtype=float)):
    p = wp.tile_load(a, shape=(M, N), storage="shared")
    v = p[1]
    p = wp.tile_zeros(shape=(M, N), dtype=float, storage="shared")
    v[0] = 55.0
    wp.tile_store(out, v)
    wp.tile_store(outp, p)


_S = dict(a=(M, N), out=(N,), outp=(M, N))
TESTS = [
    dict(name="rebind_read", kernel="rebind_read", dim=1, block_dim=16,
         args=dict(a=("int", 1, 9)), shapes=_S),
    dict(name="rebind_write", kernel="rebind_write", dim=1, block_dim=16,
         args=dict(a=("int", 1, 9)), shapes=_S),
]
