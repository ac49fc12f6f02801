"""Assigning components of local vectors and matrices (v[0] = ..., v.y = ...,
m[1, 0] = ..., v[i] += ...).  In SSA form each assignment makes a new vector
value, so the reverse sweep sees every intermediate one; warp-lang mutates
the variable in place, and its adjoint sees only the final value when a
component is re-assigned after being read (Warp's differentiability guide,
"Vector, Matrix, and Quaternion Component Assignment"), which the tests
marked warp_wrong document."""
import warp as wp


@wp.kernel
def comp(op: int, a: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22), s: wp.array(dtype=float),
         y: wp.array(dtype=wp.vec3), ym: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    k = s[i]
    if op == 0:
        # build a vector by component assignment (each component written once)
        v = wp.vec3()
        v[0] = k * k
        v.y = a[i][2] * k
        v[2] = wp.sin(a[i].x)
        y[i] = v
    elif op == 1:
        # read-modify-write of one component, twice
        v = a[i]
        v[0] = v[0] * v[1]
        v[0] = v[0] * v[0] + k
        y[i] = v
    elif op == 2:
        # a component re-assigned after the vector was used
        v = a[i]
        w = v * k
        v.y = v.y * v.z
        y[i] = v + w
    elif op == 3:
        # augmented assignment to a component
        v = a[i]
        v[1] += k * v[0]
        v.z -= v[1] * 2.0
        y[i] = v
    elif op == 4:
        # matrix elements
        q = m[i]
        q[1, 0] = q[0, 1] * k
        q[0, 0] = q[0, 0] * q[1, 1]
        ym[i] = q


@wp.kernel
def comp_f64(op: int, a: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat22d), s: wp.array(dtype=wp.float64),
             y: wp.array(dtype=wp.vec3d), ym: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    k = s[i]
    if op == 0:
        v = wp.vec3d()
        v[0] = k * k
        v.y = a[i][2] * k
        v[2] = wp.sin(a[i].x)
        y[i] = v
    elif op == 1:
        v = a[i]
        v[0] = v[0] * v[1]
        v[0] = v[0] * v[0] + k
        y[i] = v
    elif op == 2:
        v = a[i]
        w = v * k
        v.y = v.y * v.z
        y[i] = v + w
    elif op == 3:
        v = a[i]
        v[1] += k * v[0]
        v.z -= v[1] * wp.float64(2.0)
        y[i] = v
    elif op == 4:
        q = m[i]
        q[1, 0] = q[0, 1] * k
        q[0, 0] = q[0, 0] * q[1, 1]
        ym[i] = q


def T(name, op, inputs, **kw):
    return dict(name=name, kernel="comp", dim=5,
                args=dict(op=op, a=("uniform", -2, 2), m=("uniform", -2, 2), s=("uniform", -2, 2)),
                outputs=["y", "ym"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("build_by_components", 0, ["a", "s"]),
    T("reassign_component", 1, ["a", "s"], warp_wrong=["a"]),
    T("reassign_after_use", 2, ["a", "s"], warp_wrong=True),
    T("augmented_component", 3, ["a", "s"], warp_wrong=["a"]),
    T("matrix_elements", 4, ["m", "s"], warp_wrong=["m"]),
]
