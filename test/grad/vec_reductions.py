"""Adjoints of the vector reductions wp.min(v) and wp.max(v) (vec3, vec4)
and of the component-wise wp.min(u, v) / wp.max(u, v): the gradient of a
reduction goes to the component that is the extreme one, the first of them
when several are (warp-lang 1.19's argmin / argmax; the tie tests compare
with warp-lang only, the derivative being undefined there).  (No test
reduced a vector before: a mutant sending the gradient to the first
component larger than the minimum survived, issue 18.)"""
import warp as wp


@wp.kernel
def red(op: int, u: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec4),
        f: wp.array(dtype=float), y: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    if op == 0:
        f[i] = wp.min(u[i])
    elif op == 1:
        f[i] = wp.max(u[i])
    elif op == 2:
        f[i] = wp.min(w[i]) * 2.0 + wp.max(w[i])
    elif op == 3:
        y[i] = wp.min(u[i], v[i])
    elif op == 4:
        y[i] = wp.max(u[i], v[i])


@wp.kernel
def red_f64(op: int, u: wp.array(dtype=wp.vec3d), v: wp.array(dtype=wp.vec3d), w: wp.array(dtype=wp.vec4d),
            f: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    if op == 0:
        f[i] = wp.min(u[i])
    elif op == 1:
        f[i] = wp.max(u[i])
    elif op == 2:
        f[i] = wp.min(w[i]) * wp.float64(2.0) + wp.max(w[i])
    elif op == 3:
        y[i] = wp.min(u[i], v[i])
    elif op == 4:
        y[i] = wp.max(u[i], v[i])


def T(name, op, inputs, u=("uniform", -2, 2), w=("uniform", -2, 2), **kw):
    return dict(name=name, kernel="red", dim=8, args=dict(op=op, u=u, v=("uniform", -2, 2), w=w),
                outputs=["f", "y"], inputs=inputs, **kw)


# ties: the first extreme component gets the gradient
TIES3 = [[1.0, 1.0, 2.0], [3.0, 0.5, 0.5], [2.0, 2.0, 2.0], [-1.0, 4.0, 4.0]]
TIES4 = [[0.5, -1.0, -1.0, 0.5], [2.0, 2.0, 2.0, 2.0], [1.0, 3.0, 1.0, 3.0], [-2.0, 0.0, -2.0, 5.0]]

GRAD_TESTS = [
    T("min_vec3", 0, ["u"]),
    T("max_vec3", 1, ["u"]),
    T("min_max_vec4", 2, ["w"]),
    T("min_cw_vec3", 3, ["u", "v"]),
    T("max_cw_vec3", 4, ["u", "v"]),
    dict(name="min_vec3_ties", kernel="red", dim=4, args=dict(op=0, u=TIES3, v="zeros", w="zeros"),
         outputs=["f"], inputs=["u"], fd=False),
    dict(name="max_vec3_ties", kernel="red", dim=4, args=dict(op=1, u=TIES3, v="zeros", w="zeros"),
         outputs=["f"], inputs=["u"], fd=False),
    dict(name="min_max_vec4_ties", kernel="red", dim=4, args=dict(op=2, u="zeros", v="zeros", w=TIES4),
         outputs=["f"], inputs=["w"], fd=False),
]
