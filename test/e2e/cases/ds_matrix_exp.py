"""Matrix exponential of mat33 by scaling and squaring with a Taylor
series: the norm bound picks the number of squarings (a while loop
halving), the series in a fixed loop, repeated squaring; checked with
det(exp(A)) = exp(trace(A)) and for skew matrices exp(A) being a
rotation (compared with quat_from_axis_angle)."""
import warp as wp


@wp.func
def expm(A: wp.mat33):
    nrm = float(0.0)
    for i in range(3):
        for j in range(3):
            nrm = wp.max(nrm, wp.abs(A[i, j]))
    s = int(0)
    while nrm > 0.25:
        nrm *= 0.5
        s += 1
    B = A * wp.pow(0.5, float(s))
    E = wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    term = wp.mat33(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    for k in range(1, 10):
        term = term * B / float(k)
        E = E + term
    for _ in range(s):
        E = E * E
    return E


@wp.kernel
def exp_general(A: wp.array(dtype=wp.mat33), E: wp.array(dtype=wp.mat33), check: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    e = expm(A[i])
    E[i] = e
    tr = A[i][0, 0] + A[i][1, 1] + A[i][2, 2]
    check[i] = wp.vec2(wp.determinant(e), wp.exp(tr))


@wp.kernel
def exp_skew(w: wp.array(dtype=wp.vec3), R: wp.array(dtype=wp.mat33), Rq: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    v = w[i]
    K = wp.mat33(0.0, -v[2], v[1], v[2], 0.0, -v[0], -v[1], v[0], 0.0)
    R[i] = expm(K)
    Rq[i] = wp.quat_to_matrix(wp.quat_from_axis_angle(wp.normalize(v), wp.length(v)))


TESTS = [
    dict(kernel="exp_general", dim=300, args=dict(A=("uniform", -1, 1)), outputs=["E", "check"], rtol=1e-4, atol=1e-5),
    dict(kernel="exp_skew", dim=300, args=dict(w=("uniform", -2, 2)), outputs=["R", "Rq"], rtol=1e-4, atol=1e-5),
]
