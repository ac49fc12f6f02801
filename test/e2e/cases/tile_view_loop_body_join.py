"""A view bound in a loop's body, written in both branches of an if and
then after the if, in the same body (row = z[i]; if ...: row[0] = ...
else: a view of row written; row[3] = 1.0), as warp-lang 1.19 runs it.
warpc refused the write after the join ("warpc cannot tell which tile
the view 'row' writes into here")."""
import warp as wp

M = 8
N = 4


@wp.kernel
def k12(a: wp.array2d(dtype=float), k: int, o5: wp.array2d(dtype=float)):
    z = wp.tile_load(a, shape=(M, N), storage="shared")
    for i in range(M):
        row = z[i]
        if i % 2 == k:
            row[0] = float(i) * 10.0
        else:
            vv = row[1:3]
            vv[1] = -float(i)
        row[3] = 1.0
    wp.tile_store(o5, z)


_S = dict(a=(M, N), o5=(M, N))
TESTS = [
    dict(name="k12", kernel="k12", dim=1, block_dim=16, args=dict(a=("int", -3, 3), k=1), shapes=_S),
]
