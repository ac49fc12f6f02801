"""The vector and matrix adjoint rules are instantiated per type: vec2 and
vec4 (dot, length, normalize, cross-free products), mat22 * vec2, vec4 *
mat44, mat44 * mat44, transpose of a mat44, outer of vec4s."""
import warp as wp


@wp.kernel
def sizes(op: int, u2: wp.array(dtype=wp.vec2), u4: wp.array(dtype=wp.vec4), w4: wp.array(dtype=wp.vec4),
          m2: wp.array(dtype=wp.mat22), m4: wp.array(dtype=wp.mat44), y: wp.array(dtype=float),
          y4: wp.array(dtype=wp.vec4), ym: wp.array(dtype=wp.mat44)):
    i = wp.tid()
    if op == 0:
        y[i] = wp.length(u2[i]) * wp.dot(u4[i], w4[i]) + wp.length_sq(w4[i])
    elif op == 1:
        y4[i] = wp.normalize(u4[i]) * wp.length(w4[i]) + wp.vec4(wp.normalize(u2[i])[0], 0.0, 0.0, 1.0)
    elif op == 2:
        q = m2[i] * u2[i]
        y4[i] = u4[i] * m4[i] * q[1] - w4[i] / q[0]
    elif op == 3:
        ym[i] = m4[i] * wp.transpose(m4[i]) + wp.outer(u4[i], w4[i])


@wp.kernel
def sizes_f64(op: int, u2: wp.array(dtype=wp.vec2d), u4: wp.array(dtype=wp.vec4d), w4: wp.array(dtype=wp.vec4d),
              m2: wp.array(dtype=wp.mat22d), m4: wp.array(dtype=wp.mat44d), y: wp.array(dtype=wp.float64),
              y4: wp.array(dtype=wp.vec4d), ym: wp.array(dtype=wp.mat44d)):
    i = wp.tid()
    if op == 0:
        y[i] = wp.length(u2[i]) * wp.dot(u4[i], w4[i]) + wp.length_sq(w4[i])
    elif op == 1:
        y4[i] = wp.normalize(u4[i]) * wp.length(w4[i]) + wp.vec4d(
            wp.normalize(u2[i])[0], wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))
    elif op == 2:
        q = m2[i] * u2[i]
        y4[i] = u4[i] * m4[i] * q[1] - w4[i] / q[0]
    elif op == 3:
        ym[i] = m4[i] * wp.transpose(m4[i]) + wp.outer(u4[i], w4[i])


def T(name, op, inputs, **kw):
    return dict(name=name, kernel="sizes", dim=4,
                args=dict(op=op, u2=("uniform", 0.5, 1.5), u4=("uniform", -1, 1), w4=("uniform", -1, 1),
                          m2=("mat_diag", -0.25, 0.25, 1.0), m4=("uniform", -1, 1)),
                outputs=["y", "y4", "ym"], inputs=inputs, **kw)


GRAD_TESTS = [
    T("vec2_vec4_length_dot", 0, ["u2", "u4", "w4"]),
    T("vec2_vec4_normalize", 1, ["u2", "u4", "w4"]),
    T("mat22_vec2_vec4_mat44", 2, ["u2", "u4", "w4", "m2", "m4"]),
    T("mat44_transpose_outer", 3, ["u4", "w4", "m4"]),
]
