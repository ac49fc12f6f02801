"""wp.transform(p) and wp.transform(p=...) (also transformd): the rotation
defaults to the identity quaternion, as in warp-lang 1.19 (warp's
test_spatial transform_default_q_arg)."""
import warp as wp


@wp.kernel
def build(x: wp.array(dtype=float), out: wp.array(dtype=wp.transform), outd: wp.array(dtype=wp.transformd)):
    i = wp.tid()
    out[2 * i] = wp.transform(p=wp.vec3(x[i], 2.0, 3.0))
    out[2 * i + 1] = wp.transform(wp.vec3(4.0, x[i] * 2.0, float(i)))
    outd[i] = wp.transformd(p=wp.vec3d(wp.float64(x[i]), 2.0, 3.0))


TESTS = [
    dict(kernel="build", dim=4, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(8,), outd=(4,)),
         outputs=["out", "outd"]),
]
