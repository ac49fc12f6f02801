"""Module-level aliases wp.types.transformation(dtype=T) and
wp.types.quaternion(dtype=T) name the transform and quaternion types (warp's
test_ctypes), used as array dtypes and constructors."""
import warp as wp

transformf = wp.types.transformation(dtype=wp.float32)
quatd = wp.types.quaternion(dtype=wp.float64)


@wp.kernel
def build(x: wp.array(dtype=float), out: wp.array(dtype=transformf), q: wp.array(dtype=quatd)):
    i = wp.tid()
    out[i] = transformf(wp.vec3(x[i], 2.0, 3.0), wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), x[i]))
    q[i] = quatd(wp.float64(x[i]), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))


TESTS = [
    dict(kernel="build", dim=4, args=dict(x=("uniform", -1, 1)), outputs=["out", "q"]),
]
