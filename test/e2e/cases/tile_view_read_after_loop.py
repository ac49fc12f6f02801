"""A view taken in the kernel's body reads its tile's current elements
after a loop or an if that wrote the tile, as warp-lang 1.19's views alias
their tile: `row = t[0]` then `t[0, i] = ...` in a loop, row stored after
the loop (o1) or inside it (o3); a view written in both branches of an
if, its tile written after the if, the view stored (o2).  warpc gave the
elements the view held before the loop or the if (its value at the join
was not one it knew).  A view bound in the body is written in a loop
(loop_write; warpc refused it)."""
import warp as wp

M = 4
N = 4


@wp.kernel
def k9(a: wp.array2d(dtype=float), k: int, o1: wp.array(dtype=float), o2: wp.array(dtype=float),
       o3: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(M, N), storage="shared")
    row = t[0]
    for i in range(k):
        t[0, i] = float(i) + 10.0
    wp.tile_store(o1, row)
    s = wp.tile_load(a, shape=(M, N), storage="shared")
    r2 = s[1]
    if k > 1:
        r2[0] = 5.0
    else:
        r2[1] = 6.0
    s[1, 3] = 99.0
    wp.tile_store(o2, r2)
    u = wp.tile_load(a, shape=(M, N), storage="shared")
    r3 = u[2]
    for i in range(k):
        u[2, i] = -1.0
        wp.tile_store(o3, r3)


@wp.kernel
def loop_write(a: wp.array2d(dtype=float), k: int, o: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N), storage="shared")
    row = t[0]
    for i in range(k):
        wp.tile_assign(row, wp.tile_ones(shape=N, dtype=float) * float(i))
        row[i] = -2.0
        t[0, 3] = 7.0
    wp.tile_store(o, t)


_S = dict(a=(M, N), o1=(N,), o2=(N,), o3=(N,))
TESTS = [
    dict(name="k9", kernel="k9", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=3), shapes=_S),
    dict(name="k1", kernel="k9", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=1), shapes=_S),
    dict(name="loop_write", kernel="loop_write", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=3), shapes=dict(a=(M, N), o=(M, N))),
]
