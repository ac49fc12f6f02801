"""Writes through a tile view in both branches of an if (`row = p[1]`
before the if, `row[0] = ...` in one branch, `row[2] = ...` in the
other), as warp-lang 1.19 runs them: each writes into the parent.  warpc
refused the else branch's write ("warpc cannot tell which tile the view
'row' writes into here (it was bound before a loop or in a branch)"):
the view's last value was the then branch's."""
import warp as wp

M = 4
N = 4


@wp.kernel
def view_if(a: wp.array2d(dtype=float), k: int, o1: wp.array2d(dtype=float)):
    p = wp.tile_load(a, shape=(M, N), storage="shared")
    row = p[1]
    if k > 0:
        row[0] = 5.0
    else:
        row[2] = 7.0
    wp.tile_store(o1, p)


@wp.kernel
def view_if_parent(a: wp.array2d(dtype=float), k: int, o1: wp.array2d(dtype=float)):
    p = wp.tile_load(a, shape=(M, N), storage="shared")
    row = p[1]
    p[1, 1] = 3.0
    if k > 0:
        row[0] = 5.0
        p[1, 2] = 6.0
    else:
        p[1, 3] = 8.0   # the parent written in this branch, then the view
        row[2] = 7.0
    wp.tile_store(o1, p)


_S = dict(a=(M, N), o1=(M, N))
TESTS = [
    dict(name="view_if", kernel="view_if", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=1), shapes=_S),
    dict(name="view_else", kernel="view_if", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=0), shapes=_S),
    dict(name="parent_then", kernel="view_if_parent", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=1), shapes=_S),
    dict(name="parent_else", kernel="view_if_parent", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), k=0), shapes=_S),
]
