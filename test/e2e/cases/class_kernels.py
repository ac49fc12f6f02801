"""Kernels defined in a class body (newton's example_cloth_h1 keeps its
interpolation kernel in its Example class): Python runs the class body at
import, so the kernel exists then and its free names resolve as a
function's do (module globals, not the class's attributes); warpc compiles
it as MODULE_Class__kernel, nested classes as MODULE_Outer__Inner__kernel."""
import warp as wp

RATE = 0.25


@wp.func
def blend(a: wp.vec3, b: wp.vec3, t: float):
    return wp.lerp(a, b, t)


class Example:
    RATE = 100.0  # not seen by the kernels below: they see the global RATE

    def __init__(self):
        self.n = 4

    @wp.kernel
    def transform_interpolate(
        ratio: float,
        transform0: wp.array(dtype=wp.transform),
        transform1: wp.array(dtype=wp.transform),
        new_transform: wp.array(dtype=wp.transform),
    ):
        tid = wp.tid()
        tf0 = transform0[tid]
        tf1 = transform1[tid]
        rot0 = wp.normalize(wp.transform_get_rotation(tf0))
        rot1 = wp.normalize(wp.transform_get_rotation(tf1))
        new_pos = blend(wp.transform_get_translation(tf0), wp.transform_get_translation(tf1), ratio)
        new_rot = wp.quat_slerp(rot0, rot1, ratio)
        new_transform[tid] = wp.transformation(new_pos, new_rot, dtype=float)

    class Inner:
        @wp.kernel
        def decay(x: wp.array(dtype=float)):
            i = wp.tid()
            x[i] = x[i] * (1.0 - RATE)


TESTS = [
    dict(kernel="Example.transform_interpolate", dim=16,
         args=dict(ratio=0.3, transform0=("uniform", -1, 1), transform1=("uniform", -1, 1)),
         outputs=["new_transform"]),
    dict(kernel="Example.Inner.decay", dim=8, args=dict(x=("uniform", -1, 1)), outputs=["x"]),
]
