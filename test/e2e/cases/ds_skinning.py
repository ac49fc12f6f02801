"""Linear blend skinning: each vertex blends up to 4 bone matrices
(mat44 arrays, bone indices as vec4i, weights as vec4) applied to the
homogeneous position, normals transformed by the blended 3x3 part and
renormalized."""
import warp as wp


@wp.kernel
def skin(rest: wp.array(dtype=wp.vec3), nrm: wp.array(dtype=wp.vec3), bones: wp.array(dtype=wp.mat44),
         idx: wp.array(dtype=wp.vec4i), w: wp.array(dtype=wp.vec4), out_p: wp.array(dtype=wp.vec3),
         out_n: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    wi = w[i]
    wsum = wi[0] + wi[1] + wi[2] + wi[3]
    M = wp.mat44()
    for k in range(4):
        M = M + bones[idx[i][k]] * (wi[k] / wsum)
    p = rest[i]
    hp = M * wp.vec4(p[0], p[1], p[2], 1.0)
    out_p[i] = wp.vec3(hp[0], hp[1], hp[2])
    R = wp.mat33(M[0, 0], M[0, 1], M[0, 2], M[1, 0], M[1, 1], M[1, 2], M[2, 0], M[2, 1], M[2, 2])
    out_n[i] = wp.normalize(R * nrm[i])


NB = 12
TESTS = [
    dict(kernel="skin", dim=1000,
         args=dict(rest=("uniform", -1, 1), nrm=("uniform", -1, 1), bones=("mat_diag", -0.3, 0.3, 1.0),
                   idx=("int", 0, NB - 1), w=("uniform", 0.05, 1.0)),
         shapes=dict(bones=(NB,)), outputs=["out_p", "out_n"], rtol=1e-5, atol=1e-5),
]
