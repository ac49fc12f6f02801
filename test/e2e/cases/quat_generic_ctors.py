"""The generic constructors wp.quaternion(...) and wp.transformation(...):
components, (ijk, real), conversion of another quaternion, zero value
with a dtype, the scalar type inferred from the arguments or given by
dtype=, float32 and float64; Warp's parameter names as keywords
(transformation(p=, q=), quaternion(ijk=, real=), quaternion(x=, ..., w=),
as warp-lang's test_codegen test_reference_params does)."""
import warp as wp


@wp.kernel
def ctors(q: wp.array(dtype=wp.quat), p: wp.array(dtype=wp.vec3), out_q: wp.array(dtype=wp.quat),
          out_x: wp.array(dtype=wp.transform), out_d: wp.array(dtype=wp.quatd), out_xd: wp.array(dtype=wp.transformd)):
    i = wp.tid()
    a = q[i]
    b = wp.quaternion(a[0], a[1], a[2], a[3])
    c = wp.quaternion(p[i], a[3])
    z = wp.quaternion(dtype=wp.float32)
    out_q[i] = b + c * 2.0 + z
    out_x[i] = wp.transformation(p[i], wp.normalize(a))
    d = wp.quaternion(a, dtype=wp.float64)
    out_d[i] = d + wp.quaternion(wp.float64(1.0), wp.float64(0.0), wp.float64(0.0), wp.float64(0.5))
    out_xd[i] = wp.transformation(wp.vec3d(p[i]), wp.normalize(d), dtype=wp.float64)


@wp.kernel
def keywords(q: wp.array(dtype=wp.quat), p: wp.array(dtype=wp.vec3), out_x: wp.array(dtype=wp.transform),
             out_d: wp.array(dtype=wp.quatd)):
    i = wp.tid()
    out_x[i] = wp.transformation(p=p[i], q=q[i]) + wp.transformation(p[i], q=q[i])
    out_d[i] = wp.quaternion(ijk=wp.vec3d(p[i]), real=wp.float64(4.0), dtype=wp.float64) + wp.quaternion(
        w=1.0, x=2.0, y=3.0, z=4.0, dtype=wp.float64)


TESTS = [
    dict(kernel="keywords", dim=16, args=dict(q=("uniform", -1, 1), p=("uniform", -2, 2)),
         outputs=["out_x", "out_d"]),
    dict(kernel="ctors", dim=64, args=dict(q=("uniform", -1, 1), p=("uniform", -2, 2)),
         outputs=["out_q", "out_x", "out_d", "out_xd"], rtol=1e-5, atol=1e-6),
]
