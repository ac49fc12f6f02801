"""warp.math's vector norms (norm_l1, norm_l2, norm_huber, norm_pseudo_huber,
smooth_normalize; delta positional, keyword or defaulted to 1.0; both
branches of the Huber norm) and the error function family (erf, erfc,
erfinv, erfcinv) on float32 and float64."""
import warp as wp


@wp.kernel
def norms(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec2), d: wp.array(dtype=float),
          out: wp.array2d(dtype=float), sn: wp.array2d(dtype=wp.vec3)):
    i = wp.tid()
    v = a[i]
    out[i, 0] = wp.norm_l1(v)
    out[i, 1] = wp.norm_l2(v)
    out[i, 2] = wp.norm_huber(v)
    out[i, 3] = wp.norm_huber(v, d[i])
    out[i, 4] = wp.norm_pseudo_huber(v, delta=d[i])
    out[i, 5] = wp.norm_pseudo_huber(b[i])
    out[i, 6] = wp.norm_l1(b[i]) + wp.norm_huber(b[i], 0.5)
    out[i, 7] = float(wp.norm_l2(wp.vec3d(v)))
    sn[i, 0] = wp.smooth_normalize(v)
    sn[i, 1] = wp.smooth_normalize(v, d[i])
    sn[i, 2] = wp.smooth_normalize(v=v, delta=0.25)


@wp.kernel
def erfs(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    out[i, 0] = wp.erf(x[i])
    out[i, 1] = wp.erfc(x[i])
    out[i, 2] = wp.erfinv(y[i])
    out[i, 3] = wp.erfcinv(y[i] + 1.0)
    out[i, 4] = wp.erf(wp.erfinv(y[i]))


@wp.kernel
def erfs64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    out[i, 0] = wp.erf(x[i])
    out[i, 1] = wp.erfc(x=x[i])
    out[i, 2] = wp.erfinv(y[i])
    out[i, 3] = wp.erfcinv(y[i] + wp.float64(1.0))


TESTS = [
    dict(kernel="norms", dim=300, args=dict(a=("uniform", -2, 2), b=("uniform", -1, 1), d=("uniform", 0.2, 3.0)),
         shapes=dict(out=(300, 8), sn=(300, 3)), outputs=["out", "sn"]),
    dict(kernel="erfs", dim=400, args=dict(x=("uniform", -4, 4), y=("uniform", -0.999, 0.999)),
         shapes=dict(out=(400, 5)), outputs=["out"], rtol=2e-6, atol=1e-6),
    dict(kernel="erfs", dim=6, args=dict(x=[0.0, 1e-8, -1e-3, 10.0, -10.0, 0.5],
                                         y=[0.0, 1e-7, -1e-4, 0.9999999, -0.99999, 0.5]),
         shapes=dict(out=(6, 5)), outputs=["out"], rtol=2e-6, atol=1e-7),
    dict(kernel="erfs64", dim=400, args=dict(x=("uniform", -5, 5), y=("uniform", -0.9999, 0.9999)),
         shapes=dict(out=(400, 4)), outputs=["out"], rtol=1e-12, atol=1e-14),
]
