"""float16 vectors, matrices and quaternions (vec3h, vec4h, mat22h, mat33h,
quath) and 8-bit integer vectors (vec3b, vec4ub): component-wise operators
are bit-exact (each component computed in float32 and rounded to float16,
as Warp does), and so are dot, length, length_sq, normalize, cross, outer
the matrix-vector and matrix-matrix products, 2x2/3x3 determinants and
2x2/3x3 inverses, the quaternion product, dot, length, normalize, rotations
and quat_to_matrix (computed step by step in Warp's order, each step
rounded); the 4x4 determinant and inverse are computed in float32 and rounded once, where Warp
rounds every step, so they agree within float16 precision.  Also conversions vec3h <-> vec3f, atomic_add on vec3h arrays,
`+=` on float16 arrays, wp.types.vector(length, dtype) and
wp.types.matrix(shape, dtype) annotations (vector(3, wp.int8) is vec3b)."""
import warp as wp

# forward semantics only: the backward of so many float16 builtins in one
# kernel is slow to compile (gradients: test/grad/half_grad.py)
wp.set_module_options({"enable_backward": False})


@wp.kernel
def half_vec_cw(a: wp.array(dtype=wp.vec3h), b: wp.array(dtype=wp.vec3h), s: wp.array(dtype=wp.float16),
                out: wp.array2d(dtype=wp.vec3h), f: wp.array(dtype=wp.vec3f)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    k = s[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * k
    out[i, 3] = k * y
    out[i, 4] = x / k
    out[i, 5] = -x
    out[i, 6] = wp.cw_mul(x, y)
    out[i, 7] = wp.min(x, y)
    out[i, 8] = wp.max(x, y)
    out[i, 9] = wp.abs(x)
    out[i, 10] = wp.vec3h(x[1], y.z, k)
    v = x
    v[0] = v[0] * k
    v += y
    out[i, 11] = v
    out[i, 12] = wp.vec3h(wp.vec3f(x) * 1.5)
    f[i] = wp.vec3f(y)


@wp.kernel
def half_vec_compound(a: wp.array(dtype=wp.vec3h), b: wp.array(dtype=wp.vec3h),
                      m: wp.array(dtype=wp.mat22h), n: wp.array(dtype=wp.mat33h), q: wp.array(dtype=wp.quath),
                      c4: wp.array(dtype=wp.vec4h),
                      sc: wp.array2d(dtype=wp.float16), vo: wp.array2d(dtype=wp.vec3h),
                      mo: wp.array2d(dtype=wp.mat22h), v4: wp.array2d(dtype=wp.vec4h),
                      approx: wp.array2d(dtype=wp.float16), qo: wp.array(dtype=wp.vec3h),
                      qv: wp.array2d(dtype=wp.vec3h), qq: wp.array2d(dtype=wp.quath),
                      ni: wp.array(dtype=wp.mat33h)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    sc[i, 0] = wp.dot(x, y)
    sc[i, 1] = wp.length(x)
    sc[i, 2] = wp.length_sq(y)
    sc[i, 3] = wp.min(x)
    sc[i, 4] = wp.max(y)
    sc[i, 5] = wp.dot(c4[i], c4[i])
    sc[i, 6] = wp.length(c4[i])
    vo[i, 0] = wp.cross(x, y)
    vo[i, 1] = wp.normalize(x)
    vo[i, 2] = n[i] * x
    vo[i, 3] = x * n[i]
    vo[i, 4] = wp.normalize(x - x)
    mo[i, 0] = m[i] * m[i]
    mo[i, 1] = m[i] + wp.transpose(m[i])
    mo[i, 2] = m[i] * wp.float16(0.5)
    mo[i, 3] = wp.outer(wp.vec2h(x[0], x[1]), wp.vec2h(y[0], y[1]))
    v4[i, 0] = wp.vec4h(x[0], x[1], y[2], wp.float16(1.0)) * wp.float16(2.0)
    v4[i, 1] = wp.normalize(c4[i])
    sc[i, 7] = wp.determinant(m[i])
    sc[i, 8] = wp.determinant(n[i])
    sc[i, 9] = wp.length(q[i])
    sc[i, 10] = wp.dot(q[i], q[i] * wp.float16(0.5))
    qn = wp.normalize(q[i])
    qv[i, 0] = wp.quat_rotate(qn, x)
    qv[i, 1] = wp.quat_rotate_inv(qn, y)
    qq[i, 0] = qn
    qq[i, 1] = q[i] * qn
    # computed in float32 and rounded once (Warp rounds every step)
    approx[i, 0] = wp.determinant(wp.mat44h(m[i][0, 0], m[i][0, 1], x[0], x[1], m[i][1, 0], m[i][1, 1], x[2], y[0],
                                            y[1], y[2], n[i][0, 0], n[i][0, 1], n[i][1, 0], n[i][1, 1], n[i][2, 2], x[0]))
    e = wp.float16(8.0)  # diagonally dominant: well conditioned
    approx[i, 1] = wp.inverse(wp.mat44h(e, m[i][0, 1], x[0], x[1], m[i][1, 0], e, x[2], y[0],
                                        y[1], y[2], e, n[i][0, 1], n[i][1, 0], n[i][1, 1], n[i][2, 2], e))[0, 1]
    mo[i, 4] = wp.inverse(m[i])
    ni[i] = wp.inverse(n[i])
    qo[i] = wp.quat_to_matrix(qn) * x


@wp.kernel
def half_accumulate(a: wp.array(dtype=wp.vec3h), h: wp.array(dtype=wp.float16),
                    vsum: wp.array(dtype=wp.vec3h), hsum: wp.array(dtype=wp.float16)):
    i = wp.tid()
    wp.atomic_add(vsum, i % 4, a[i])
    hsum[i % 3] += h[i]
    wp.atomic_sub(hsum, 0, wp.float16(0.25))


@wp.kernel
def byte_vecs(a: wp.array(dtype=wp.vec3b), b: wp.array(dtype=wp.vec4ub),
              ao: wp.array2d(dtype=wp.vec3b), bo: wp.array2d(dtype=wp.vec4ub), d: wp.array(dtype=wp.int8)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    ao[i, 0] = x + x * wp.int8(3)
    ao[i, 1] = -x
    ao[i, 2] = wp.vec3b(x[2], x[0], wp.int8(i))
    ao[i, 3] = x / wp.int8(3)
    bo[i, 0] = y * wp.uint8(7) - y
    bo[i, 1] = wp.max(y, wp.vec4ub(wp.uint8(100), wp.uint8(0), wp.uint8(200), wp.uint8(50)))
    d[i] = wp.dot(x, x)


@wp.kernel
def generic_types(a: wp.array(dtype=wp.types.vector(length=5, dtype=wp.float16)),
                  b: wp.array(dtype=wp.types.vector(3, wp.int8)),
                  m: wp.array(dtype=wp.types.matrix((2, 3), wp.float16)),
                  ao: wp.array(dtype=wp.types.vector(length=5, dtype=wp.float16)),
                  bo: wp.array(dtype=wp.vec3b), mo: wp.array(dtype=wp.vec2h), d: wp.array(dtype=wp.float16)):
    i = wp.tid()
    ao[i] = a[i] * a[i][4] + a[i]
    bo[i] = b[i] * wp.int8(5)
    mo[i] = m[i] * wp.vec3h(a[i][0], a[i][1], a[i][2])
    d[i] = wp.dot(a[i], a[i]) + wp.length(a[i])


TESTS = [
    dict(kernel="half_vec_cw", dim=300,
         args=dict(a=("uniform", -10, 10), b=("uniform", -10, 10), s=("choice", [-2.5, -0.75, 0.375, 1.25, 3.0])),
         shapes=dict(out=(300, 13)), outputs=["out", "f"], rtol=0, atol=0),
    dict(kernel="half_vec_compound", dim=200,
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2), m=("uniform", -2, 2), n=("uniform", -1, 1),
                   q=("uniform", 0.2, 1), c4=("uniform", -3, 3)),
         shapes=dict(sc=(200, 11), vo=(200, 5), mo=(200, 5), v4=(200, 2), approx=(200, 2), qv=(200, 2),
                     qq=(200, 2)),
         outputs=["sc", "vo", "mo", "v4", "qv", "qq", "ni", "approx", "qo"], rtol=0, atol=0,
         tol=dict(approx=(5e-3, 5e-3))),
    dict(kernel="half_accumulate", dim=64,
         args=dict(a=("choice", [0.5, 1.0, -0.25, 2.0]), h=("choice", [0.5, 1.0, -0.25, 2.0])),
         shapes=dict(vsum=(4,), hsum=(3,)), outputs=["vsum", "hsum"], rtol=0, atol=0),
    dict(kernel="byte_vecs", dim=300, args=dict(a=("int", -128, 127), b=("int", 0, 255)),
         shapes=dict(ao=(300, 4), bo=(300, 2)), outputs=["ao", "bo", "d"]),
    dict(kernel="generic_types", dim=200, args=dict(a=("uniform", -2, 2), b=("int", -128, 127), m=("uniform", -2, 2)),
         outputs=["ao", "bo", "mo", "d"], rtol=0, atol=0),
]
