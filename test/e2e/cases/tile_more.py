"""More tiles: tile_empty, tile_dot, tile_axpy, tile_astype, views (t[i] of
a 2-d tile, tile_view with and without a shape), tile_reshape,
tile_squeeze, the scans, element assignment (t[i, j] = x, t[i] += x),
tile_map of a @wp.func, tile_diag_add, tile_cholesky and the triangular
solves, against warp-lang's wp.launch_tiled on the CPU."""
import warp as wp

N = 8


@wp.func
def smooth(x: float, y: float):
    return x * y + wp.sin(x)


@wp.kernel
def misc(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), ints: wp.array(dtype=int),
         out: wp.array2d(dtype=float), iout: wp.array2d(dtype=int), vout: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(4, N))
    tb = wp.tile_load(b, shape=(4, N))
    e = wp.tile_empty(shape=N, dtype=float)  # unset elements: not stored
    e[0] = 1.0
    out[0, 0] = e[0]
    wp.tile_store(out[1], wp.tile_broadcast(wp.tile_dot(ta[0], tb[1]), shape=(N,)))
    y = wp.tile_load(a[1], shape=N)
    wp.tile_axpy(2.0, ta[2], y)
    wp.tile_store(out[2], y)
    wp.tile_store(out[3], ta[3])
    wp.tile_store(out[4], wp.tile_view(ta, offset=(2,)))
    v = wp.tile_view(ta, offset=(1, 2), shape=(2, 4))
    wp.tile_store(vout, v)
    wp.tile_store(out[5], wp.tile_reshape(ta[1], shape=(N,)))
    col = wp.tile_load(a, shape=(N, 1))
    wp.tile_store(out[6], wp.tile_squeeze(col))
    wp.tile_store(out[7], wp.tile_map(smooth, ta[0], tb[0]))
    t = wp.tile_zeros(shape=(2, 4), dtype=float)
    t[1, 2] = 5.0
    t[0, 3] = ta[0, 1]
    t[1, 2] += 1.5
    wp.tile_store(out[8], wp.tile_reshape(t, shape=(N,)))
    it = wp.tile_load(ints, shape=N)
    wp.tile_store(iout[0], wp.tile_scan_inclusive(it))
    wp.tile_store(iout[1], wp.tile_scan_exclusive(it))
    wp.tile_store(iout[2], wp.tile_scan_max_inclusive(it))
    wp.tile_store(iout[3], wp.tile_scan_min_inclusive(it))
    wp.tile_store(iout[4], wp.tile_astype(ta[0] * 10.0, dtype=int))
    wp.tile_store(out[9], wp.tile_astype(it, dtype=float))
    wp.tile_store(out[10], wp.tile_scan_inclusive(ta[1]))


@wp.kernel
def solves(m: wp.array2d(dtype=float), rhs: wp.array(dtype=float), rhs2: wp.array2d(dtype=float),
           d: wp.array(dtype=float), l: wp.array2d(dtype=float), x: wp.array2d(dtype=float),
           x2: wp.array3d(dtype=float)):
    i = wp.tid()
    a = wp.tile_load(m, shape=(6, 6))
    # a + a^T + diag(6 + d) is symmetric positive definite
    spd = wp.tile_diag_add(a + wp.tile_transpose(a), wp.tile_load(d, shape=6) + wp.tile_full(shape=6, value=6.0, dtype=float))
    L = wp.tile_cholesky(spd)
    wp.tile_store(l, L)
    y = wp.tile_load(rhs, shape=6)
    wp.tile_store(x[0], wp.tile_cholesky_solve(L, y))
    wp.tile_store(x[1], wp.tile_lower_solve(L, y))
    wp.tile_store(x[2], wp.tile_upper_solve(wp.tile_transpose(L), y))
    y2 = wp.tile_load(rhs2, shape=(6, 3))
    wp.tile_store(x2[0], wp.tile_cholesky_solve(L, y2))
    wp.tile_store(x2[1], wp.tile_lower_solve(L, y2))


TESTS = [
    dict(name="misc", kernel="misc", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), ints=("int", -20, 20)),
         shapes=dict(a=(N, N), b=(4, N), ints=(N,), out=(11, N), iout=(5, N), vout=(2, 4)),
         outputs=["out", "iout", "vout"]),
    dict(name="solves", kernel="solves", dim=1, block_dim=32,
         args=dict(m=("uniform", -1, 1), rhs=("uniform", -1, 1), rhs2=("uniform", -1, 1), d=("uniform", 0, 1)),
         shapes=dict(m=(6, 6), rhs=(6,), rhs2=(6, 3), d=(6,), l=(6, 6), x=(3, 6), x2=(2, 6, 3)),
         outputs=["l", "x", "x2"], tol=dict(x=(1e-4, 1e-5), x2=(1e-4, 1e-5))),
]


@wp.kernel
def inplace(m: wp.array2d(dtype=float), rhs: wp.array2d(dtype=float), l: wp.array3d(dtype=float),
            x: wp.array3d(dtype=float), asg: wp.array2d(dtype=float)):
    i = wp.tid()
    a = wp.tile_load(m, shape=(5, 5))
    spd = wp.tile_diag_add(wp.tile_matmul(a, wp.tile_transpose(a)), wp.tile_full(shape=5, value=1.0, dtype=float))
    U = wp.tile_cholesky(spd, fill_mode="upper")
    wp.tile_store(l[0], U)
    c = spd
    wp.tile_cholesky_inplace(c)
    wp.tile_store(l[1], c)
    y = wp.tile_load(rhs, shape=(5, 2))
    wp.tile_store(x[0], wp.tile_cholesky_solve(U, y, fill_mode="upper"))
    y1 = y
    wp.tile_cholesky_solve_inplace(c, y1)
    wp.tile_store(x[1], y1)
    y2 = y
    wp.tile_lower_solve_inplace(c, y2)
    wp.tile_store(x[2], y2)
    y3 = y
    wp.tile_upper_solve_inplace(U, y3)
    wp.tile_store(x[3], y3)
    d = wp.tile_full(shape=(4, 6), value=-1.0, dtype=float)
    wp.tile_assign(d, wp.tile_load(rhs, shape=(2, 2)), offset=(1, 3))
    wp.tile_store(asg, d)


TESTS.append(dict(name="inplace", kernel="inplace", dim=1, block_dim=16,
                  args=dict(m=("uniform", -1, 1), rhs=("uniform", -1, 1)),
                  shapes=dict(m=(5, 5), rhs=(5, 2), l=(2, 5, 5), x=(4, 5, 2), asg=(4, 6)),
                  outputs=["l", "x", "asg"], tol=dict(x=(1e-4, 1e-5), l=(1e-5, 1e-5))))


@wp.kernel
def slices(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float), o2: wp.array3d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(6, 8))
    wp.tile_store(out[0], t[2, :])
    wp.tile_store(out[1], t[:, 3], offset=0)
    wp.tile_store(out[2], t[-1, ::-1])
    wp.tile_store(out[3], t[1, 1:7:2])
    wp.tile_store(out[4], t[::2, -2])
    r = t[3]
    wp.tile_store(out[5], r[2:])
    wp.tile_store(o2[0], t[1:4, 2:6])
    wp.tile_store(o2[1], t[::-2, 5:1:-1])


TESTS.append(dict(name="slices", kernel="slices", dim=1, block_dim=8,
                  args=dict(a=("uniform", -1, 1)), shapes=dict(a=(6, 8), out=(6, 8), o2=(2, 3, 4)),
                  outputs=["out", "o2"]))


@wp.kernel
def fft(a: wp.array2d(dtype=wp.vec2), f: wp.array2d(dtype=wp.vec2), g: wp.array2d(dtype=wp.vec2),
        b: wp.array2d(dtype=wp.vec2d), h: wp.array2d(dtype=wp.vec2d)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(2, 16))
    wp.tile_fft(t)
    wp.tile_store(f, t)
    wp.tile_ifft(t)
    wp.tile_store(g, t)
    u = wp.tile_load(b, shape=(3, 6))  # not a power of two: the O(n^2) sum
    wp.tile_fft(u)
    wp.tile_store(h, u)


TESTS.append(dict(name="fft", kernel="fft", dim=1, block_dim=8,
                  args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
                  shapes=dict(a=(2, 16), f=(2, 16), g=(2, 16), b=(3, 6), h=(3, 6)),
                  outputs=["f", "g", "h"], tol=dict(f=(1e-5, 1e-5), g=(1e-5, 2e-5))))


@wp.func
def scale_rows(t: wp.tile[float, 2, 4], s: float):
    return t * s + t


@wp.kernel
def func_args(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(2, 4), offset=(i * 2, 0))
    wp.tile_store(out, scale_rows(t, 3.0), offset=(i * 2, 0))


TESTS.append(dict(name="func_args", kernel="func_args", dim=2, block_dim=8,
                  args=dict(a=("uniform", -1, 1)), shapes=dict(a=(4, 4), out=(4, 4)), outputs=["out"]))


@wp.kernel
def sort(k: wp.array(dtype=float), v: wp.array(dtype=int), ik: wp.array2d(dtype=int), iv: wp.array2d(dtype=wp.vec2),
         ok: wp.array(dtype=float), ov: wp.array(dtype=int), oik: wp.array(dtype=int), oiv: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    keys = wp.tile_load(k, shape=37)
    vals = wp.tile_load(v, shape=37)
    wp.tile_sort(keys, vals)
    wp.tile_store(ok, keys)
    wp.tile_store(ov, vals)
    k2 = wp.tile_load(ik, shape=(4, 5))
    v2 = wp.tile_load(iv, shape=(4, 5))
    wp.tile_sort(k2, v2)
    wp.tile_store(oik, wp.tile_reshape(k2, shape=(20,)))
    wp.tile_store(oiv, wp.tile_reshape(v2, shape=(20,)))


# distinct keys: the order of equal keys is unspecified (Warp's sort is not stable)
TESTS.append(dict(name="sort", kernel="sort", dim=1, block_dim=8,
                  args=dict(k=("uniform", -1, 1), v=list(range(37)),
                            ik=[[7 * (5 * r + c) % 20 - 10 for c in range(5)] for r in range(4)], iv=("uniform", -1, 1)),
                  shapes=dict(k=(37,), v=(37,), ik=(4, 5), iv=(4, 5), ok=(37,), ov=(37,), oik=(20,), oiv=(20,)),
                  outputs=["ok", "ov", "oik", "oiv"]))


@wp.kernel
def gather(a: wp.array2d(dtype=float), idx: wp.array(dtype=int), rows: wp.array2d(dtype=float),
           out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=(6, 4))
    ix = wp.tile_load(idx, shape=3)
    wp.tile_store(rows, t[ix])
    r = wp.tile_load(a[0], shape=4)
    wp.tile_store(out, r[wp.tile_arange(0, 2, dtype=int) * 2 + wp.tile_ones(shape=2, dtype=int)])
    out[2] = t[ix][1][2]


TESTS.append(dict(name="gather", kernel="gather", dim=1, block_dim=8,
                  args=dict(a=("uniform", -1, 1), idx=[5, 0, 3]),
                  shapes=dict(a=(6, 4), idx=(3,), rows=(3, 4), out=(3,)), outputs=["rows", "out"]))
