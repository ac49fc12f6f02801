"""div_approx and inverse_approx (warp-lang 1.19): on the CPU Warp computes
them exactly, as div and inverse; float16, float32 and float64, every
overload (scalar / scalar, composite / scalar, scalar / composite for
vectors, matrices and quaternions; 2x2, 3x3, 4x4 inverses)."""
import warp as wp


@wp.kernel
def approx32(a: wp.array(dtype=wp.float32), b: wp.array(dtype=wp.float32), v: wp.array(dtype=wp.vec3),
             m2: wp.array(dtype=wp.mat22), m3: wp.array(dtype=wp.mat33), m4: wp.array(dtype=wp.mat44),
             q: wp.array(dtype=wp.quat), s: wp.array(dtype=wp.float32), ov: wp.array(dtype=wp.vec3),
             ov2: wp.array(dtype=wp.vec3), om: wp.array(dtype=wp.mat33), om2: wp.array(dtype=wp.mat33),
             oq: wp.array(dtype=wp.quat), oq2: wp.array(dtype=wp.quat), i2: wp.array(dtype=wp.mat22),
             i3: wp.array(dtype=wp.mat33), i4: wp.array(dtype=wp.mat44)):
    i = wp.tid()
    s[i] = wp.div_approx(a[i], b[i])
    ov[i] = wp.div_approx(v[i], b[i])
    ov2[i] = wp.div_approx(a[i], v[i])
    om[i] = wp.div_approx(m3[i], b[i])
    om2[i] = wp.div_approx(a[i], m3[i])
    oq[i] = wp.div_approx(q[i], b[i])
    oq2[i] = wp.div_approx(a[i], q[i])
    i2[i] = wp.inverse_approx(m2[i])
    i3[i] = wp.inverse_approx(m3[i])
    i4[i] = wp.inverse_approx(m4[i])


@wp.kernel
def approx64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d),
             m2: wp.array(dtype=wp.mat22d), m3: wp.array(dtype=wp.mat33d), m4: wp.array(dtype=wp.mat44d),
             q: wp.array(dtype=wp.quatd), s: wp.array(dtype=wp.float64), ov: wp.array(dtype=wp.vec3d),
             om: wp.array(dtype=wp.mat33d), oq: wp.array(dtype=wp.quatd), i2: wp.array(dtype=wp.mat22d),
             i3: wp.array(dtype=wp.mat33d), i4: wp.array(dtype=wp.mat44d)):
    i = wp.tid()
    s[i] = wp.div_approx(a[i], b[i])
    ov[i] = wp.div_approx(a[i], v[i])
    om[i] = wp.div_approx(m3[i], b[i])
    oq[i] = wp.div_approx(q[i], b[i])
    i2[i] = wp.inverse_approx(m2[i])
    i3[i] = wp.inverse_approx(m3[i])
    i4[i] = wp.inverse_approx(m4[i])


@wp.kernel
def approx16(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16), v: wp.array(dtype=wp.vec3h),
             m2: wp.array(dtype=wp.mat22h), s: wp.array(dtype=wp.float16), ov: wp.array(dtype=wp.vec3h),
             i2: wp.array(dtype=wp.mat22h)):
    i = wp.tid()
    s[i] = wp.div_approx(a[i], b[i])
    ov[i] = wp.div_approx(v[i], b[i])
    i2[i] = wp.inverse_approx(m2[i])


NZ = ("choice", [-2.0, -1.25, -0.5, 0.75, 1.5, 3.0])
MD = ("mat_diag", -0.3, 0.3, 2.0)

TESTS = [
    dict(kernel="approx32", dim=50,
         args=dict(a=("uniform", -2, 2), b=NZ, v=NZ, m2=MD, m3=MD, m4=MD, q=NZ),
         outputs=["s", "ov", "ov2", "om", "om2", "oq", "oq2", "i2", "i3", "i4"]),
    dict(kernel="approx64", dim=50,
         args=dict(a=("uniform", -2, 2), b=NZ, v=NZ, m2=MD, m3=MD, m4=MD, q=NZ),
         outputs=["s", "ov", "om", "oq", "i2", "i3", "i4"]),
    dict(kernel="approx16", dim=50, args=dict(a=("uniform", -2, 2), b=NZ, v=NZ, m2=MD),
         outputs=["s", "ov", "i2"]),
]
