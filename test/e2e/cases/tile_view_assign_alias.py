"""Tile views alias their parent, as warp-lang 1.19's do: a write through a
view variable (wp.tile_assign into it, an element assignment, a slice
assignment into it) changes the parent, views of views write on up, and a
view read after its parent changed sees the change (a view of rows 2..5
taken before a write into rows 0..3 through another view reads the new
rows 2 and 3).  Slice assignment t[a:b, c:d] = x with steps, negative
steps and an integer index (t[i, 1:5] = row), overlapping slices
(t[1:] = t[:-1] reads the old elements, NumPy's semantics), t[i] = row of
a 2-d tile and t[i] = plane of a 3-d tile, wp.tile_assign into a 3-d
tile, and a converted dtype.  warpc
held views as copies and refused these writes."""
import warp as wp

M = 8
N = 6


@wp.kernel
def view_writes(a: wp.array2d(dtype=float), x: wp.array2d(dtype=float), out: wp.array2d(dtype=float),
                early: wp.array2d(dtype=float), nested: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N))
    lo = t[0:4]          # rows 0..3
    hi = t[2:6]          # rows 2..5, taken before the write below
    v = wp.tile_load(x, shape=(4, N))
    wp.tile_assign(lo, v * 2.0)
    wp.tile_store(early, hi)   # sees rows 2, 3 written through lo
    r = t[6]
    r[1] = 42.0                # element write through a row view
    s = r[2:5]                 # a view of a view
    wp.tile_assign(s, wp.tile_ones(shape=3, dtype=float) * -3.0)
    u = t[7, ::2]              # a strided view
    u[0] = 5.0
    wp.tile_store(nested, t[5:8])
    wp.tile_store(out, t)


@wp.kernel
def slice_assign(a: wp.array2d(dtype=float), x: wp.array2d(dtype=float), row: wp.array(dtype=float),
                 b: wp.array3d(dtype=float), p: wp.array2d(dtype=float), c: wp.array(dtype=wp.int32), i: int,
                 out: wp.array2d(dtype=float), out3: wp.array3d(dtype=float), outc: wp.array(dtype=wp.int32),
                 outd: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(M, N))
    v = wp.tile_load(x, shape=(4, 3))
    t[::2, ::-2] = v           # rows 0, 2, 4, 6; columns 5, 3, 1
    r = wp.tile_load(row, shape=4)
    t[i, 1:5] = r
    t[-1] = t[0]               # a whole row from another row
    wp.tile_store(out, t)
    t3 = wp.tile_load(b, shape=(3, 4, 2))
    t3[i - 2] = wp.tile_load(p, shape=(4, 2))
    t3[0, 1:3] = t3[2, 0:2]
    wp.tile_store(out3, t3)
    tc = wp.tile_load(c, shape=16)
    tc[1:] = tc[:-1]           # overlapping: the old elements
    tc[:4] = tc[12:][::-1]
    wp.tile_store(outc, tc)
    d = wp.tile_zeros(shape=(2, N), dtype=wp.float64)
    d[1] = wp.tile_load(a, shape=(1, N))[0]   # float32 into float64
    wp.tile_store(outd, d)


@wp.kernel
def loop_rows(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float), offs: wp.array2d(dtype=float)):
    src = wp.tile_load(a, shape=(M, N))
    dst = wp.tile_zeros(shape=(M, N), dtype=float)
    for k in range(M):
        d = dst[k]
        wp.tile_assign(d, src[M - 1 - k] * float(k + 1))
    wp.tile_store(out, dst)
    o = wp.tile_zeros(shape=(M, N), dtype=float)
    for k in range(M // 2):
        w = wp.tile_view(o, offset=(k * 2, 0), shape=(2, N))
        wp.tile_assign(w, wp.tile_view(src, offset=(k * 2, 0), shape=(1, 3)), offset=(1, k % 2 * 3))
    wp.tile_store(offs, o)


@wp.kernel
def matmul_view(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
                parent: wp.array2d(dtype=float)):
    ta = wp.tile_view(wp.tile_load(a, shape=(9, 4)), offset=(1, 0), shape=(8, 4))
    tb = wp.tile_load(b, shape=(4, 4))
    p = wp.tile_ones(shape=(9, 4), dtype=float)
    tc = wp.tile_view(p, offset=(1, 0), shape=(8, 4))
    wp.tile_matmul(ta, tb, tc)
    wp.tile_store(c, tc)
    wp.tile_store(parent, p)


@wp.kernel
def assign3d(a: wp.array3d(dtype=float), b: wp.array3d(dtype=float), i: int, out: wp.array3d(dtype=float)):
    # wp.tile_assign into a tile of 3 dimensions, at an offset and whole
    t = wp.tile_load(a, shape=(3, 4, 5))
    s = wp.tile_load(b, shape=(2, 2, 3))
    wp.tile_assign(t, s, offset=(1, i, 2))
    wp.tile_assign(t, s * 2.0)
    wp.tile_store(out, t)


TESTS = [
    dict(kernel="view_writes", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), x=("uniform", -1, 1)),
         shapes=dict(a=(M, N), x=(4, N), out=(M, N), early=(4, N), nested=(3, N)),
         outputs=["out", "early", "nested"]),
    dict(kernel="slice_assign", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), x=("uniform", -1, 1), row=("uniform", -1, 1), b=("uniform", -1, 1),
                   p=("uniform", -1, 1), c=("int", -50, 50), i=3),
         shapes=dict(a=(M, N), x=(4, 3), row=(4,), b=(3, 4, 2), p=(4, 2), c=(16,), out=(M, N), out3=(3, 4, 2),
                     outc=(16,), outd=(2, N)),
         outputs=["out", "out3", "outc", "outd"]),
    dict(kernel="loop_rows", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(M, N), out=(M, N), offs=(M, N)),
         outputs=["out", "offs"]),
    dict(kernel="matmul_view", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(a=(9, 4), b=(4, 4), c=(8, 4), parent=(9, 4)),
         outputs=["c", "parent"]),
    dict(kernel="assign3d", dim=1, block_dim=8, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), i=2),
         shapes=dict(a=(3, 4, 5), b=(2, 2, 3), out=(3, 4, 5)), outputs=["out"]),
]
