"""Gradient of copysign (warp-lang 1.19): d/dx is +1 where the sign bits of
x and y agree and -1 where they differ (signed zeros by their sign bit),
d/dy is 0."""
import warp as wp


@wp.kernel
def cs(x: wp.array(dtype=float), y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = wp.copysign(x[i], y[i]) * x[i]


@wp.kernel
def cs_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    z[i] = wp.copysign(x[i], y[i]) * x[i]


GRAD_TESTS = [
    dict(name="copysign", kernel="cs", dim=12,
         args=dict(x=("choice", [-2.0, -0.75, 0.5, 1.25]), y=("choice", [-1.5, -0.25, 0.5, 2.0])),
         outputs=["z"], inputs=["x", "y"]),
    dict(name="copysign_signed_zero", kernel="cs", dim=8,
         args=dict(x=("choice", [-2.0, 0.5]), y=("choice", [-0.0, 0.0])),
         outputs=["z"], inputs=["x", "y"], fd=False),
]
