"""In-place tile operators on a view variable (`v = p[0:2]; v += x`,
`w -= x`, a view of that view written after, `sv += x` on a tile_view taken
in a loop) write through the view into its parent, as warp-lang 1.19's
views alias their parent.  warpc refused them: "cannot assign a value of
type 'tile(...)' to 'v', which has type 'view of tile(...)'"."""
import warp as wp

M = 4
N = 4


@wp.kernel
def view_inplace(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), o1: wp.array2d(dtype=float),
                 o2: wp.array2d(dtype=float), o3: wp.array2d(dtype=float), o4: wp.array2d(dtype=float)):
    p = wp.tile_load(a, shape=(M, N), storage="shared")
    v = p[0:2]
    x = wp.tile_load(b, shape=(2, N), storage="shared")
    v += x
    wp.tile_store(o1, p)
    q = wp.tile_load(a, shape=(M, N), storage="shared")
    w = q[1:3]
    w -= x
    ww = w[1]
    ww[2] = 9.0
    wp.tile_store(o2, q)
    wp.tile_store(o3, w)
    s = wp.tile_load(a, shape=(M, N), storage="shared")
    for i in range(2):
        sv = wp.tile_view(s, offset=(i, 0), shape=(2, N))
        sv += x
    wp.tile_store(o4, s)


_S = dict(a=(M, N), b=(2, N), o1=(M, N), o2=(M, N), o3=(2, N), o4=(M, N))
TESTS = [
    dict(name="view_inplace", kernel="view_inplace", dim=1, block_dim=16,
         args=dict(a=("int", -9, 9), b=("int", -9, 9)), shapes=_S),
]
