"""wp.static(f(...)) with f a @wp.func and arguments of literals and module
constants (warp's test_static construct_static_struct_kernel): warp-lang
runs f in Python at compile time; warpc computes the same call in the
kernel.  A struct built field by field, nested structs with transforms and
quaternions from builtins."""
import warp as wp


@wp.struct
class S:
    mat: wp.mat33
    vec: wp.vec3
    i: int


@wp.struct
class N:
    s: S
    tf: wp.transform
    quat: wp.quat


SCALE = 2.0


@wp.func
def make_s(mat: wp.mat33, vec: wp.vec3, i: int):
    s = S()
    s.mat = mat
    s.vec = vec
    s.i = i
    return s


@wp.func
def make_n(mat: wp.mat33, vec: wp.vec3, i: int, tf: wp.transform, quat: wp.quat):
    n = N()
    n.s = make_s(mat, vec, i)
    n.tf = tf
    n.quat = quat
    return n


@wp.kernel
def build(out: wp.array(dtype=S), nested: wp.array(dtype=N)):
    out[0] = wp.static(make_s(wp.mat33(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0), wp.vec3(1.0, SCALE, 3.0), 1))
    nested[0] = wp.static(
        make_n(
            wp.mat33(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0),
            wp.vec3(1.0, 2.0, 3.0),
            7,
            wp.transform(wp.vec3(1.0, 2.0, 3.0), wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), wp.pi / 2.0)),
            wp.quat_from_axis_angle(wp.normalize(wp.vec3(1.0, 2.0, 3.0)), wp.pi / 2.0),
        )
    )


TESTS = [
    dict(kernel="build", dim=1, shapes=dict(out=(1,), nested=(1,)), outputs=["out", "nested"]),
]
