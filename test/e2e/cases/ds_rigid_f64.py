"""Double-precision rigid transforms for large-world coordinates:
transformd composition and inverse, quatd built with quat_rpy and
slerp between two poses, points far from the origin (1e6) where
float32 would lose centimetres, and relative poses X_a^-1 X_b."""
import warp as wp


@wp.kernel
def poses(pa: wp.array(dtype=wp.vec3d), ea: wp.array(dtype=wp.vec3d), pb: wp.array(dtype=wp.vec3d),
          eb: wp.array(dtype=wp.vec3d), t: wp.array(dtype=wp.float64), rel: wp.array(dtype=wp.transformd),
          mid: wp.array(dtype=wp.vec3d), local: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    qa = wp.quat_rpy(ea[i][0], ea[i][1], ea[i][2])
    qb = wp.quat_rpy(eb[i][0], eb[i][1], eb[i][2])
    Xa = wp.transformd(pa[i], qa)
    Xb = wp.transformd(pb[i], qb)
    rel[i] = wp.transform_inverse(Xa) * Xb
    q = wp.quat_slerp(qa, qb, t[i])
    p = pa[i] * (wp.float64(1.0) - t[i]) + pb[i] * t[i]
    Xm = wp.transformd(p, q)
    offset = wp.vec3d(wp.float64(0.25), wp.float64(-0.5), wp.float64(1.0))
    w = wp.transform_point(Xm, offset)
    mid[i] = w
    local[i] = wp.transform_point(wp.transform_inverse(Xm), w)


TESTS = [
    dict(kernel="poses", dim=300,
         args=dict(pa=("uniform", 1.0e6, 1.0e6 + 10.0), ea=("uniform", -3, 3), pb=("uniform", 1.0e6, 1.0e6 + 10.0),
                   eb=("uniform", -3, 3), t=("uniform", 0, 1)),
         outputs=["rel", "mid", "local"], rtol=1e-9, atol=1e-9),
]
