"""warp-lang 1.19.0's warp/tests/test_math.py: its module-level kernels with
the arguments its own tests launch them with (see test/e2e/README.md,
"warp-lang's own tests")."""
import warp as wp

TARGET = "warp/tests/test_math.py"

TESTS = [
    # test_scalar_math: i = 0 (degrees of 0.123), i = 1 (radians of 123)
    dict(name="scalar_float_degrees", kernel="scalar_float_kernel", dim=1,
         args=dict(i=0, x=[0.123], out="zeros"), shapes=dict(x=(1,), out=(1,)), outputs=["out"]),
    dict(name="scalar_float_radians", kernel="scalar_float_kernel", dim=1,
         args=dict(i=1, x=[123.0], out="zeros"), shapes=dict(x=(1,), out=(1,)), outputs=["out"]),
    # TestMath.test_power_of_two_pow_cpu
    dict(kernel="power_of_two_pow_kernel", dim=1, args=dict(exponent=4),
         shapes=dict(out_f32=(2,), out_f64=(2,)), outputs=["out_f32", "out_f64"]),
] + [
    # test_erf_math: x = 0.123 everywhere, for float16/32/64
    dict(name=f"erf_{t.__name__}", kernel="erf_kernel", dim=4,
         overload=dict(x=wp.array(dtype=t), out=wp.array(dtype=t)),
         args=dict(x=("full", 0.123)), outputs=["out"])
    for t in (wp.float16, wp.float32, wp.float64)
] + [
    # test_vec_norm
    dict(kernel="test_vec_norm_kernel", dim=3, overload=dict(vs=wp.array(dtype=wp.vec3)),
         args=dict(vs=[[-2.0, -1.0, -3.0], [2.0, 1.0, 3.0], [0.0, 0.0, 0.0]]),
         shapes=dict(out=(3, 4)), outputs=["out"]),
    dict(kernel="smooth_normalize_kernel", dim=1, shapes=dict(out=(2,)), outputs=["out"]),
    dict(kernel="quat_helpers_kernel", dim=1, shapes=dict(out=(1, 15)), outputs=["out"]),
    dict(kernel="quat_euler_roundtrip_kernel", dim=6, shapes=dict(out=(6, 3)), outputs=["out"]),
    dict(kernel="test_quat_twist_angles_kernel", dim=8,
         args=dict(angles=[-4.0, -0.0006, -0.0005, -0.0001, 0.0001, 0.0005, 0.0006, 4.0]),
         outputs=["unsigned_angles", "signed_angles"]),
    dict(kernel="test_quat_twist_angle_signed_branches_kernel", dim=1, shapes=dict(out=(2,)), outputs=["out"]),
    dict(kernel="spatial_helpers_kernel", dim=1, shapes=dict(out=(1, 9)), outputs=["out"]),
]

XFAIL = {}
UNTESTED = {}
