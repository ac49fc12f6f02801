"""float16 gradients: Warp differentiates float16 kernels with float16
adjoints (every accumulation rounded to float16); warpc's backward of the
same kernel must agree with warp-lang's tape within float16 precision
(its adjoint rules run in float32 and round each accumulation), and with
float64 finite differences of the twin loosely.  Forward outputs are
bit-exact (dot is computed step by step in Warp's order)."""
import warp as wp


@wp.kernel
def half_fn(x: wp.array(dtype=wp.float16), y: wp.array(dtype=wp.float16), out: wp.array(dtype=wp.float16)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i] = a * b + wp.sin(a) - b / (a * a + wp.float16(1.0)) + wp.sqrt(b * b + wp.float16(0.5)) * wp.exp(a * wp.float16(0.25))


@wp.kernel
def half_fn_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i] = a * b + wp.sin(a) - b / (a * a + wp.float64(1.0)) + wp.sqrt(b * b + wp.float64(0.5)) * wp.exp(a * wp.float64(0.25))


@wp.kernel
def half_vec_fn(v: wp.array(dtype=wp.vec3h), s: wp.array(dtype=wp.float16), out: wp.array(dtype=wp.float16)):
    i = wp.tid()
    w = v[i] * s[i] + wp.vec3h(wp.float16(1.0), wp.float16(0.5), wp.float16(-0.5))
    out[i] = wp.dot(w, v[i]) + wp.max(s[i], w[1])


@wp.kernel
def half_vec_fn_f64(v: wp.array(dtype=wp.vec3d), s: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    w = v[i] * s[i] + wp.vec3d(wp.float64(1.0), wp.float64(0.5), wp.float64(-0.5))
    out[i] = wp.dot(w, v[i]) + wp.max(s[i], w[1])


@wp.kernel
def half_rot(q: wp.array(dtype=wp.quath), m: wp.array(dtype=wp.mat22h), v: wp.array(dtype=wp.vec3h),
             out: wp.array(dtype=wp.float16)):
    i = wp.tid()
    r = wp.quat_rotate(wp.normalize(q[i]), v[i])
    w = m[i] * wp.vec2h(r[0], r[1])
    out[i] = wp.length(r) * w[0] + wp.determinant(m[i]) * r[2]


@wp.kernel
def half_rot_f64(q: wp.array(dtype=wp.quatd), m: wp.array(dtype=wp.mat22d), v: wp.array(dtype=wp.vec3d),
                 out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    r = wp.quat_rotate(wp.normalize(q[i]), v[i])
    w = m[i] * wp.vec2d(r[0], r[1])
    out[i] = wp.length(r) * w[0] + wp.determinant(m[i]) * r[2]


GRAD_TESTS = [
    dict(kernel="half_fn", dim=40, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1)),
         outputs=["out"], inputs=["x", "y"], rtol=1e-2, atol=1e-2,
         fd_rtol=2e-2, fd_atol=2e-2, twin_tol=(2e-2, 2e-2)),
    dict(kernel="half_vec_fn", dim=40, args=dict(v=("uniform", -1, 1), s=("uniform", -1, 1)),
         outputs=["out"], inputs=["v", "s"], rtol=1e-2, atol=1e-2, fwd_tol=(0, 0),
         fd_rtol=2e-2, fd_atol=2e-2, twin_tol=(2e-2, 2e-2)),
    dict(kernel="half_rot", dim=30, args=dict(q=("uniform", 0.3, 1), m=("uniform", -1, 1), v=("uniform", -1, 1)),
         outputs=["out"], inputs=["q", "m", "v"], rtol=2e-2, atol=2e-2, fwd_tol=(0, 0),
         fd_rtol=5e-2, fd_atol=5e-2, twin_tol=(5e-2, 5e-2)),
]
