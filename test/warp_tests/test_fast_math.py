"""warp-lang 1.19.0's warp/tests/test_fast_math.py: its module-level kernels
with the arguments its own tests launch them with, inputs drawn from the same
ranges (see test/e2e/README.md, "warp-lang's own tests")."""
import warp as wp

TARGET = "warp/tests/test_fast_math.py"

floats = (wp.float16, wp.float32, wp.float64)
mats = (wp.mat22, wp.mat33, wp.mat44, wp.mat22d, wp.mat33d, wp.mat44d)

TESTS = [
    # test_fast_math_disabled: wp.pow(-2.0, 2.0) == 4.0 (its wp.expect_eq must hold)
    dict(kernel="test_pow", dim=1, args=dict(e=2.0, expected=4.0), outputs=[]),
] + [
    # test_approx_div_div
    dict(name=f"approx_div_{t.__name__}", kernel="approx_div_kernel", dim=64, overload=[wp.array(dtype=t)] * 3,
         args=dict(a=("uniform", 0.1, 100.0), b=("uniform", 0.1, 100.0)), outputs=["out"])
    for t in floats
] + [
    # test_approx_div_compound
    dict(name=f"approx_div_compound_{c.__name__}", kernel="approx_div_compound_kernel", dim=16,
         overload=[wp.array(dtype=c), wp.array(dtype=wp.float32), wp.array(dtype=c)],
         args=dict(a=("uniform", 0.1, 10.0), b=("uniform", 0.1, 10.0)), outputs=["out"])
    for c in (wp.vec3, wp.mat22, wp.quatf)
] + [
    # test_approx_div_inverse
    dict(name=f"approx_inverse_{m.__name__}", kernel="approx_inverse_kernel", dim=4, overload=[wp.array(dtype=m)] * 2,
         args=dict(m=("uniform", 1.0, 5.0)), outputs=["out"], rtol=1e-4, atol=1e-5)
    for m in mats
] + [
    # test_approx_inverse_backward (forward: the atomic sum of the inverses' entries)
    dict(kernel=f"approx_inverse_backward_kernel_{n}{n}", dim=4, args=dict(m=("uniform", 1.0, 5.0)),
         shapes=dict(loss=(1,)), outputs=["loss"], rtol=1e-4, atol=1e-5)
    for n in (2, 3, 4)
] + [
    # test_approx_div_backward (forward)
    dict(name=f"approx_div_backward_{t.__name__}", kernel="approx_div_backward_kernel", dim=8,
         overload=[wp.array(dtype=t)] * 4, args=dict(a=("uniform", 1.0, 10.0), b=("uniform", 1.0, 10.0)),
         shapes=dict(loss=(1,)), outputs=["out", "loss"], rtol=1e-3 if t is wp.float16 else 1e-5)
    for t in floats
]

XFAIL = {}
UNTESTED = {}
