"""warp-lang 1.19.0's warp/tests/test_bf16.py (wp.bfloat16): its
module-level kernels with the arguments its own tests launch them with,
every output compared with warp-lang bit for bit (see test/e2e/README.md,
"warp-lang's own tests").  bf16_grad_kernel runs forward only here (its
gradient is test/grad/bf16_grad.py's business)."""
import math
import struct

TARGET = "warp/tests/test_bf16.py"

NAN_BITS = [struct.unpack("f", struct.pack("I", b))[0] for b in (0x7F800001, 0x7FC00000)] + [math.nan]
CONV = [1.0, 2.0, 3.0, -1.0, 0.0, 0.5, 100.0, -100.0, 0.001, 1000.0]
# test_bf16_cross_device_consistency's values (ties, overflow, denormals)
EDGES = [1.0, -1.0, 0.0, 3.140625, 1.00390625, 65504.0, 1.0e-38, math.inf, -math.inf]
MATH = [0.25, 0.5, 1.0, 1.5]


def outs(*names, n):
    return dict(shapes={o: (n,) for o in names}, outputs=list(names))


TESTS = [
    dict(kernel="bf16_conversion_kernel", dim=10, args=dict(input=CONV), **outs("output", n=10)),
    dict(name="bf16_conversion_edges", kernel="bf16_conversion_kernel", dim=9, args=dict(input=EDGES),
         **outs("output", n=9), allow_nonfinite=True),
    dict(name="bf16_conversion_nan", kernel="bf16_conversion_kernel", dim=3, args=dict(input=NAN_BITS),
         **outs("output", n=3), allow_nonfinite=True),
    dict(kernel="bf16_to_f32_kernel", dim=8, args=dict(input=[1.0, 2.0, 3.0, -1.0, 0.0, 0.5, 100.0, -100.0]),
         **outs("output", n=8)),
    dict(name="bf16_to_f32_special", kernel="bf16_to_f32_kernel", dim=5,
         args=dict(input=[math.inf, -math.inf, 0.0, -0.0, 1e-6]), **outs("output", n=5), allow_nonfinite=True),
    dict(kernel="bf16_param_kernel", dim=1, args=dict(x=3.14), **outs("output", n=1)),
    dict(kernel="bf16_arithmetic_kernel", dim=4, args=dict(a=[1.0, 2.0, 3.0, 4.0], b=[0.5, 1.5, 2.0, 0.25]),
         **outs("out_add", "out_sub", "out_mul", "out_div", n=4)),
    dict(kernel="bf16_grad_kernel", dim=3, args=dict(x=[1.0, 2.0, 3.0]), **outs("loss", n=1)),
    dict(kernel="bf16_atomic_kernel", dim=10, **outs("output", n=1)),
    dict(kernel="bf16_math_kernel", dim=4, args=dict(input=MATH),
         **outs("out_sin", "out_cos", "out_sqrt", "out_exp", "out_log", "out_pow", "out_tan", "out_abs",
                "out_div_approx", n=4)),
    dict(kernel="bf16_vec3_kernel", dim=1, **outs("out_x", "out_y", "out_z", n=1)),
    dict(kernel="bf16_mat22_kernel", dim=1, **outs("out_00", "out_01", "out_10", "out_11", n=1)),
    dict(kernel="bf16_struct_kernel", dim=1, args=dict(s=dict(bf16_val=3.5, f32_val=7.25)),
         **outs("out_bf16", "out_f32", n=1)),
    dict(kernel="bf16_comparison_kernel", dim=1, **outs("results", n=9)),
    dict(kernel="bf16_math_extended_kernel", dim=4, args=dict(input=[0.25, 0.5, 0.75, 1.0]),
         **outs("out_acos", "out_asin", "out_atan", "out_atan2", "out_cosh", "out_sinh", "out_tanh",
                "out_log2", "out_log10", "out_cbrt", "out_degrees", "out_radians", n=4)),
    dict(kernel="bf16_rounding_kernel", dim=4, args=dict(input=[-1.75, -0.25, 0.75, 2.25]),
         **outs("out_ceil", "out_floor", "out_round", "out_rint", "out_trunc", "out_frac", "out_neg",
                "out_sign", "out_step", "out_nonzero", "out_clamp", "out_min", "out_max", "out_mod",
                "out_floordiv", n=4)),
    dict(kernel="bf16_special_math_kernel", dim=4,
         args=dict(input_a=[0.0, 0.25, 0.5, 1.0], input_b=[-0.5, -0.25, 0.25, 0.5]),
         **outs("out_lerp", "out_smoothstep", "out_erf", "out_erfc", "out_erfinv", "out_erfcinv", n=4)),
    dict(kernel="bf16_classification_kernel", dim=4, args=dict(input=[1.0, math.inf, -math.inf, math.nan]),
         **outs("out_isfinite", "out_isinf", "out_isnan", n=4)),
]

XFAIL = {}
UNTESTED = {}
