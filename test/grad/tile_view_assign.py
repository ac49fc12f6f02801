"""Gradients of writes into tiles through views and slices (Warp's views
alias their parent): slice assignment (with steps, a negative step, an
overlapping source), t[i] = row, an element and wp.tile_assign through
views and views of views, views written in a loop, t[i] = plane of a 3-d
tile, tile_matmul accumulating into a view.  The adjoint of a write gives
the overwritten elements no gradient from before the write (Warp's
tile_assign rule) and the written value the gradient of its region."""
import warp as wp

M = 8
N = 6

@wp.kernel
def views(a: wp.array2d(dtype=float), x: wp.array2d(dtype=float), row: wp.array(dtype=float),
          y: wp.array2d(dtype=float), z: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N))
    v = wp.tile_load(x, shape=(3, N))
    t[1:4, :] = v * v                  # slice assignment
    t[5] = t[0] * float(2.0)             # a row from another row
    t[::2, ::-3] = wp.tile_view(t, offset=(4, 0), shape=(4, 2)) * t[0:4, 0:2]
    r = t[6]
    r[1] = t[6, 2] * t[6, 3]           # an element through a row view
    s = r[2:5]                         # a view of a view
    wp.tile_assign(s, wp.tile_load(row, shape=3) * t[7, 0:3])
    wp.tile_store(y, t * t)
    o = wp.tile_zeros(shape=(M, N), dtype=float)
    for k in range(M):
        d = o[k]
        wp.tile_assign(d, t[M - 1 - k] * a[k, 0])
    wp.tile_store(z, o)

@wp.kernel
def planes(a: wp.array3d(dtype=float), p: wp.array2d(dtype=float), m: wp.array2d(dtype=float),
           y: wp.array3d(dtype=float), c: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(3, 4, 2))
    q = wp.tile_load(p, shape=(4, 2))
    t[1] = q * q
    z = wp.tile_zeros(shape=(3, 4, 2), dtype=float)
    for k in range(3):
        w = z[k]
        wp.tile_assign(w, t[2 - k] * float(float(k + 1)))
    wp.tile_assign(z, t[0:2, 1:3, :] * t[1:3, 0:2, :], offset=(1, 2, 0))
    wp.tile_store(y, z)
    pa = wp.tile_zeros(shape=(5, 2), dtype=float)
    acc = wp.tile_view(pa, offset=(1, 0), shape=(4, 2))
    wp.tile_matmul(wp.tile_load(m, shape=(4, 4)), q, acc)   # into a view
    wp.tile_store(c, pa * pa)

@wp.kernel
def views_f64(a: wp.array2d(dtype=wp.float64), x: wp.array2d(dtype=wp.float64), row: wp.array(dtype=wp.float64),
          y: wp.array2d(dtype=wp.float64), z: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(M, N))
    v = wp.tile_load(x, shape=(3, N))
    t[1:4, :] = v * v                  # slice assignment
    t[5] = t[0] * wp.float64(2.0)             # a row from another row
    t[::2, ::-3] = wp.tile_view(t, offset=(4, 0), shape=(4, 2)) * t[0:4, 0:2]
    r = t[6]
    r[1] = t[6, 2] * t[6, 3]           # an element through a row view
    s = r[2:5]                         # a view of a view
    wp.tile_assign(s, wp.tile_load(row, shape=3) * t[7, 0:3])
    wp.tile_store(y, t * t)
    o = wp.tile_zeros(shape=(M, N), dtype=wp.float64)
    for k in range(M):
        d = o[k]
        wp.tile_assign(d, t[M - 1 - k] * a[k, 0])
    wp.tile_store(z, o)

@wp.kernel
def planes_f64(a: wp.array3d(dtype=wp.float64), p: wp.array2d(dtype=wp.float64), m: wp.array2d(dtype=wp.float64),
           y: wp.array3d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(3, 4, 2))
    q = wp.tile_load(p, shape=(4, 2))
    t[1] = q * q
    z = wp.tile_zeros(shape=(3, 4, 2), dtype=wp.float64)
    for k in range(3):
        w = z[k]
        wp.tile_assign(w, t[2 - k] * wp.float64(float(k + 1)))
    wp.tile_assign(z, t[0:2, 1:3, :] * t[1:3, 0:2, :], offset=(1, 2, 0))
    wp.tile_store(y, z)
    pa = wp.tile_zeros(shape=(5, 2), dtype=wp.float64)
    acc = wp.tile_view(pa, offset=(1, 0), shape=(4, 2))
    wp.tile_matmul(wp.tile_load(m, shape=(4, 4)), q, acc)   # into a view
    wp.tile_store(c, pa * pa)


@wp.kernel
def warp_forms(src: wp.array2d(dtype=float), val: wp.array2d(dtype=float), row: wp.array(dtype=float),
               dst: wp.array2d(dtype=float), dst2: wp.array2d(dtype=float), dst3: wp.array2d(dtype=float)):
    # the forms of warp-lang's test_tile_view.py whose gradients it checks
    t = wp.tile_load(src, shape=(M, N))
    v = wp.tile_load(val, shape=(4, N))
    t[0:4, :] = v
    wp.tile_store(dst, t)
    u = wp.tile_load(src, shape=(M, N))
    u[0] = wp.tile_load(row, shape=(N,))
    wp.tile_store(dst2, u)
    b = wp.tile_zeros(dtype=float, shape=(M, N))
    for i in range(M):
        row_src = u[i]
        row_dst = b[i]
        wp.tile_assign(row_dst, row_src)
    wp.tile_store(dst3, b)


@wp.kernel
def warp_forms_f64(src: wp.array2d(dtype=wp.float64), val: wp.array2d(dtype=wp.float64),
                   row: wp.array(dtype=wp.float64), dst: wp.array2d(dtype=wp.float64),
                   dst2: wp.array2d(dtype=wp.float64), dst3: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(src, shape=(M, N))
    v = wp.tile_load(val, shape=(4, N))
    t[0:4, :] = v
    wp.tile_store(dst, t)
    u = wp.tile_load(src, shape=(M, N))
    u[0] = wp.tile_load(row, shape=(N,))
    wp.tile_store(dst2, u)
    b = wp.tile_zeros(dtype=wp.float64, shape=(M, N))
    for i in range(M):
        row_src = u[i]
        row_dst = b[i]
        wp.tile_assign(row_dst, row_src)
    wp.tile_store(dst3, b)

@wp.kernel
def gathers(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), y: wp.array2d(dtype=float),
            z: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(M, N))
    i = wp.tile_load(idx, shape=4)
    r = t[i, :]                        # repeated indices: their gradients add
    wp.tile_store(y, r * r)
    wp.tile_store(z, t[:, i] * t[0:M, 0:4])


@wp.kernel
def gathers_f64(a: wp.array2d(dtype=wp.float64), idx: wp.array(dtype=int), y: wp.array2d(dtype=wp.float64),
            z: wp.array2d(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(M, N))
    i = wp.tile_load(idx, shape=4)
    r = t[i, :]                        # repeated indices: their gradients add
    wp.tile_store(y, r * r)
    wp.tile_store(z, t[:, i] * t[0:M, 0:4])


GRAD_TESTS = [
    dict(name="warp_forms", kernel="warp_forms", dim=1, block_dim=32,
         args=dict(src=("uniform", -1, 1), val=("uniform", -1, 1), row=("uniform", -1, 1)),
         shapes=dict(src=(M, N), val=(4, N), row=(N,), dst=(M, N), dst2=(M, N), dst3=(M, N)),
         outputs=["dst", "dst2", "dst3"], inputs=["src", "val", "row"]),
    dict(name="views", kernel="views", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), x=("uniform", -1, 1), row=("uniform", -1, 1)),
         shapes=dict(a=(M, N), x=(3, N), row=(3,), y=(M, N), z=(M, N)),
         outputs=["y", "z"], inputs=["a", "x", "row"], warp_wrong=["x"],
         note="warp-lang 1.19's tape differs from FD for x[1, 1] (an element read through one view of t "
              "while t is written through others); warpc's matches FD"),
    dict(name="planes", kernel="planes", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), p=("uniform", -1, 1), m=("uniform", -1, 1)),
         shapes=dict(a=(3, 4, 2), p=(4, 2), m=(4, 4), y=(3, 4, 2), c=(5, 2)),
         outputs=["y", "c"], inputs=["a", "p", "m"]),
    dict(name="gathers", kernel="gathers", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), idx=("values", [1, -1, 1, 4])),
         shapes=dict(a=(M, N), idx=(4,), y=(4, N), z=(M, 4)),
         outputs=["y", "z"], inputs=["a"]),
]
