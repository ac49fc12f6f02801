"""Adjoints of the tile linear algebra and the sum scans
(lib/ir/adjoint_tile_linalg.c): tile_cholesky (fill_mode "lower" and
"upper"), tile_lower_solve (vector and matrix right-hand sides) and
tile_fft / tile_ifft (vec2 complex numbers), which
warp-lang 1.19 differentiates (compared with its tape); tile_upper_solve,
tile_cholesky_solve, tile_diag_add and tile_scan_inclusive /
tile_scan_exclusive, which warp-lang marks is_differentiable=False: its tape
gives their inputs no gradient (warp_wrong), warpc the derivative (float64
finite differences).

The matrix is a fixed symmetric positive definite one; the forward reads
only the triangle fill_mode names, so the other triangle's gradient is 0
(finite differences agree: perturbing it changes nothing)."""
import warp as wp

N = 4


@wp.kernel
def chol(a: wp.array2d(dtype=float), y: wp.array(dtype=float), ym: wp.array2d(dtype=float),
         l: wp.array2d(dtype=float), z: wp.array(dtype=float), zm: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(N, N))
    tl = wp.tile_cholesky(ta)
    wp.tile_store(l, tl)
    wp.tile_store(z, wp.tile_lower_solve(tl, wp.tile_load(y, shape=N)))
    wp.tile_store(zm, wp.tile_lower_solve(tl, wp.tile_load(ym, shape=(N, 2))))


@wp.kernel
def chol_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64), ym: wp.array2d(dtype=wp.float64),
             l: wp.array2d(dtype=wp.float64), z: wp.array(dtype=wp.float64), zm: wp.array2d(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(N, N))
    tl = wp.tile_cholesky(ta)
    wp.tile_store(l, tl)
    wp.tile_store(z, wp.tile_lower_solve(tl, wp.tile_load(y, shape=N)))
    wp.tile_store(zm, wp.tile_lower_solve(tl, wp.tile_load(ym, shape=(N, 2))))


@wp.kernel
def chol_upper(a: wp.array2d(dtype=float), u: wp.array2d(dtype=float)):
    wp.tile_store(u, wp.tile_cholesky(wp.tile_load(a, shape=(N, N)), fill_mode="upper"))


@wp.kernel
def chol_upper_f64(a: wp.array2d(dtype=wp.float64), u: wp.array2d(dtype=wp.float64)):
    wp.tile_store(u, wp.tile_cholesky(wp.tile_load(a, shape=(N, N)), fill_mode="upper"))


@wp.kernel
def solves(a: wp.array2d(dtype=float), y: wp.array(dtype=float), ym: wp.array2d(dtype=float),
           x: wp.array(dtype=float), xm: wp.array2d(dtype=float), c: wp.array(dtype=float),
           cu: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(N, N))
    ty = wp.tile_load(y, shape=N)
    tm = wp.tile_load(ym, shape=(N, 2))
    wp.tile_store(x, wp.tile_upper_solve(ta, ty))
    wp.tile_store(xm, wp.tile_upper_solve(ta, tm))
    wp.tile_store(c, wp.tile_cholesky_solve(ta, ty))
    wp.tile_store(cu, wp.tile_cholesky_solve(ta, tm, fill_mode="upper"))


@wp.kernel
def solves_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64), ym: wp.array2d(dtype=wp.float64),
               x: wp.array(dtype=wp.float64), xm: wp.array2d(dtype=wp.float64), c: wp.array(dtype=wp.float64),
               cu: wp.array2d(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(N, N))
    ty = wp.tile_load(y, shape=N)
    tm = wp.tile_load(ym, shape=(N, 2))
    wp.tile_store(x, wp.tile_upper_solve(ta, ty))
    wp.tile_store(xm, wp.tile_upper_solve(ta, tm))
    wp.tile_store(c, wp.tile_cholesky_solve(ta, ty))
    wp.tile_store(cu, wp.tile_cholesky_solve(ta, tm, fill_mode="upper"))


@wp.kernel
def diag(a: wp.array2d(dtype=float), d: wp.array(dtype=float), r: wp.array2d(dtype=float)):
    wp.tile_store(r, wp.tile_diag_add(wp.tile_load(a, shape=(N, N)), wp.tile_load(d, shape=N)))


@wp.kernel
def diag_f64(a: wp.array2d(dtype=wp.float64), d: wp.array(dtype=wp.float64), r: wp.array2d(dtype=wp.float64)):
    wp.tile_store(r, wp.tile_diag_add(wp.tile_load(a, shape=(N, N)), wp.tile_load(d, shape=N)))


@wp.kernel
def scans(s: wp.array(dtype=float), m: wp.array2d(dtype=float), si: wp.array(dtype=float),
          se: wp.array(dtype=float), sm: wp.array2d(dtype=float)):
    ts = wp.tile_load(s, shape=6)
    wp.tile_store(si, wp.tile_scan_inclusive(ts * ts))
    wp.tile_store(se, wp.tile_scan_exclusive(ts))
    wp.tile_store(sm, wp.tile_scan_inclusive(wp.tile_load(m, shape=(2, 3))))


# warp-lang scans float32 (and integer) tiles only: the twin scans in
# float32 between tile_astype's (hence the finite differences' larger step
# and tolerance below: the functions are linear and quadratic, for which
# central differences are exact but for rounding)
@wp.kernel
def scans_f64(s: wp.array(dtype=wp.float64), m: wp.array2d(dtype=wp.float64), si: wp.array(dtype=wp.float64),
              se: wp.array(dtype=wp.float64), sm: wp.array2d(dtype=wp.float64)):
    ts = wp.tile_load(s, shape=6)
    wp.tile_store(si, wp.tile_astype(wp.tile_scan_inclusive(wp.tile_astype(ts * ts, float)), wp.float64))
    wp.tile_store(se, wp.tile_astype(wp.tile_scan_exclusive(wp.tile_astype(ts, float)), wp.float64))
    wp.tile_store(sm, wp.tile_astype(wp.tile_scan_inclusive(wp.tile_astype(wp.tile_load(m, shape=(2, 3)), float)),
                                     wp.float64))


@wp.kernel
def ffts(x: wp.array2d(dtype=wp.vec2f), y: wp.array2d(dtype=wp.vec2f), z: wp.array2d(dtype=wp.vec2f)):
    t = wp.tile_load(x, shape=(2, 8))
    wp.tile_fft(t)
    wp.tile_store(y, t)
    u = wp.tile_load(x, shape=(2, 8))
    wp.tile_ifft(u)
    wp.tile_store(z, u * 0.5)


@wp.kernel
def ffts_f64(x: wp.array2d(dtype=wp.vec2d), y: wp.array2d(dtype=wp.vec2d), z: wp.array2d(dtype=wp.vec2d)):
    t = wp.tile_load(x, shape=(2, 8))
    wp.tile_fft(t)
    wp.tile_store(y, t)
    u = wp.tile_load(x, shape=(2, 8))
    wp.tile_ifft(u)
    wp.tile_store(z, u * wp.float64(0.5))


# the in-place forms: warpc lowers them to the out-of-place ones (with
# their adjoints); warp-lang marks them is_differentiable=False, and its
# tape passes the tile's adjoint through them unchanged (as if they were
# the identity: a.grad and y.grad hold the seeds of l and z)
@wp.kernel
def inplace(a: wp.array2d(dtype=float), y: wp.array(dtype=float), l: wp.array2d(dtype=float),
            z: wp.array(dtype=float)):
    ta = wp.tile_load(a, shape=(N, N))
    wp.tile_cholesky_inplace(ta)
    wp.tile_store(l, ta)
    ty = wp.tile_load(y, shape=N)
    wp.tile_lower_solve_inplace(ta, ty)
    wp.tile_store(z, ty)


@wp.kernel
def inplace_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64), l: wp.array2d(dtype=wp.float64),
                z: wp.array(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(N, N))
    wp.tile_cholesky_inplace(ta)
    wp.tile_store(l, ta)
    ty = wp.tile_load(y, shape=N)
    wp.tile_lower_solve_inplace(ta, ty)
    wp.tile_store(z, ty)


U = ("uniform", -1, 1)
SPD = ("values", [[4.0, 1.0, 0.5, 0.25], [1.0, 5.0, 0.375, 0.125], [0.5, 0.375, 3.0, 0.5], [0.25, 0.125, 0.5, 2.0]])
NOGRAD = "warp-lang 1.19 marks these builtins is_differentiable=False: its tape gives their inputs no gradient"
GRAD_TESTS = [
    dict(name="chol", kernel="chol", dim=1, block_dim=8, args=dict(a=SPD, y=U, ym=U),
         shapes=dict(a=(N, N), y=(N,), ym=(N, 2), l=(N, N), z=(N,), zm=(N, 2)),
         outputs=["l", "z", "zm"], inputs=["a", "y", "ym"]),
    dict(name="chol_upper", kernel="chol_upper", dim=1, block_dim=8, args=dict(a=SPD),
         shapes=dict(a=(N, N), u=(N, N)), outputs=["u"], inputs=["a"]),
    dict(name="solves", kernel="solves", dim=1, block_dim=8, args=dict(a=SPD, y=U, ym=U),
         shapes=dict(a=(N, N), y=(N,), ym=(N, 2), x=(N,), xm=(N, 2), c=(N,), cu=(N, 2)),
         outputs=["x", "xm", "c", "cu"], inputs=["a", "y", "ym"], warp_wrong=True, note=NOGRAD),
    dict(name="diag", kernel="diag", dim=1, block_dim=8, args=dict(a=U, d=U),
         shapes=dict(a=(N, N), d=(N,), r=(N, N)), outputs=["r"], inputs=["a", "d"], warp_wrong=True, note=NOGRAD),
    dict(name="scans", kernel="scans", dim=1, block_dim=8, args=dict(s=U, m=U),
         shapes=dict(s=(6,), m=(2, 3), si=(6,), se=(6,), sm=(2, 3)), outputs=["si", "se", "sm"],
         inputs=["s", "m"], warp_wrong=True, note=NOGRAD, fd_h=1e-2, fd_rtol=1e-4, fd_atol=1e-5),
    dict(name="inplace", kernel="inplace", dim=1, block_dim=8, args=dict(a=SPD, y=U),
         shapes=dict(a=(N, N), y=(N,), l=(N, N), z=(N,)), outputs=["l", "z"], inputs=["a", "y"],
         warp_wrong=True, note="warp-lang 1.19's tape treats the in-place forms (is_differentiable=False) as the identity"),
    # unnormalized transforms along the rows: adj(x) = ifft(g) (fft(g))
    dict(name="ffts", kernel="ffts", dim=1, block_dim=8, args=dict(x=U),
         shapes=dict(x=(2, 8), y=(2, 8), z=(2, 8)), outputs=["y", "z"], inputs=["x"]),
]
