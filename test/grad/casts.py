"""Casts between float32 and float64 pass the adjoint through (converted to
the source type).  The float32 kernel mixes a float32 and a float64 input and
writes a float32 and a float64 output; its twin is all float64 (the casts
become identities), which is what the finite differences see.  Integer
casts carry no gradient (zero_grad.py)."""
import warp as wp


@wp.kernel
def casts(x: wp.array(dtype=float), d: wp.array(dtype=wp.float64), y: wp.array(dtype=float),
          z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    xd = wp.float64(x[i])
    y[i] = wp.float32(xd * d[i]) + wp.sin(x[i])
    z[i] = wp.float64(x[i] * x[i]) + d[i] * xd + wp.float64(wp.float32(d[i]) * 2.0)


@wp.kernel
def casts_f64(x: wp.array(dtype=wp.float64), d: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
              z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    xd = wp.float64(x[i])
    y[i] = wp.float64(xd * d[i]) + wp.sin(x[i])
    z[i] = wp.float64(x[i] * x[i]) + d[i] * xd + wp.float64(wp.float64(d[i]) * wp.float64(2.0))


@wp.kernel
def vcasts(v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22d), y: wp.array(dtype=wp.vec3d),
           z: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    y[i] = wp.vec3d(v[i]) * wp.float64(2.0) + wp.vec3d(m[i][0, 0], m[i][1, 1], m[i][0, 1])
    z[i] = wp.mat22(m[i]) * v[i][0]


@wp.kernel
def vcasts_f64(v: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat22d), y: wp.array(dtype=wp.vec3d),
               z: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    y[i] = wp.vec3d(v[i]) * wp.float64(2.0) + wp.vec3d(m[i][0, 0], m[i][1, 1], m[i][0, 1])
    z[i] = wp.mat22d(m[i]) * v[i][0]


GRAD_TESTS = [
    dict(name="scalar_casts", kernel="casts", dim=8, args=dict(x=("uniform", -2, 2), d=("uniform", -2, 2)),
         outputs=["y", "z"], inputs=["x", "d"]),
    dict(name="vector_matrix_casts", kernel="vcasts", dim=5, args=dict(v=("uniform", -2, 2), m=("uniform", -2, 2)),
         outputs=["y", "z"], inputs=["v", "m"]),
]
