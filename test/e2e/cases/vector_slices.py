"""Vector slices v[lo:hi:step] with compile-time bounds (literals, module
constants, locals assigned a literal), Python's meaning: omitted parts,
negative indices from the end, negative steps, clamping.  The result is a
new vector of the selected components (wp.vec4(...)[1:] is a vec3); len()
of it is a constant.  A local assigned a literal stays an int after it was
given to a typed constructor (wp.vec3d(x, ...), then f[0:n]).  Slices of
quaternions (q[:3], a plain vec3, as newton's IK examples take them) and of
matrices (m[1:], m[0, 1:], m[:, 2], m[1:, :2]); stores into a vector slice
(v[1:3] = w, v[::3] = w, as tests/test_vec.py writes them).
"""
import warp as wp

HEAD = wp.constant(2)


@wp.kernel
def slices(a: wp.array(dtype=wp.vec4), out: wp.array2d(dtype=float), lens: wp.array2d(dtype=int)):
    i = wp.tid()
    v = a[i]
    n = 3
    s0 = v[0:n]
    s1 = v[::-1]
    s2 = v[1:]
    s3 = v[-2:]
    s4 = v[::2]
    s5 = v[:HEAD]
    s6 = v[3:0:-2]
    s7 = v[-100:100]
    out[i, 0] = s0[2]
    out[i, 1] = s1[0] + 10.0 * s1[3]
    out[i, 2] = wp.dot(s2, wp.vec3(1.0, 2.0, 3.0))
    out[i, 3] = s3[0] - s3[1]
    out[i, 4] = s4[1]
    out[i, 5] = wp.length(s5)
    out[i, 6] = s6[0] * s6[1]
    out[i, 7] = s7[3]
    lens[i, 0] = len(s2)
    lens[i, 1] = len(v[:-1])
    lens[i, 2] = len(s6)
    lens[i, 3] = n


@wp.kernel
def reuse(values: wp.array(dtype=wp.float64), counts: wp.array(dtype=int)):
    x = 0.3
    n = 2
    d = wp.vec3d(x, 0.0, 0.0)
    values[0] = d[0]
    values[1] = wp.float64(x)
    f = wp.vec3i(7, 8, 9)
    g = f[0:n]
    counts[0] = n
    counts[1] = g[1]
    counts[2] = len(g)


@wp.kernel
def quat_mat_slices(a: wp.array(dtype=wp.vec4), q: wp.array(dtype=wp.quat), m: wp.array(dtype=wp.mat33),
                    out: wp.array2d(dtype=float), vout: wp.array(dtype=wp.vec4), mout: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    qi = q[i]
    e = qi[:3]
    f = qi[1:]
    mi = m[i]
    g = mi[1:]
    h = mi[0, 1:]
    r = mi[:, 2]
    u = mi[1:, :2]
    w = mi[::-2, 1]
    out[i, 0] = wp.dot(e, wp.vec3(1.0, 2.0, 3.0)) + f[2]
    out[i, 1] = g[0, 0] + g[1, 2] * 2.0
    out[i, 2] = h[0] - h[1] * 3.0
    out[i, 3] = wp.length(r) + w[1]
    mout[i] = u
    v = a[i]
    v[1:3] = wp.vec2(7.0, 8.0) * qi[3]
    v[::3] = e[1:]
    v[-2:] = wp.vec2(v[0] + 1.0, h[0])
    vout[i] = v


@wp.kernel
def dynamic_beside(m: wp.array(dtype=wp.mat33), idx: wp.array(dtype=int), axes: wp.vec3i,
                   col: wp.array(dtype=wp.vec3), row: wp.array(dtype=wp.vec2), acc: wp.array(dtype=wp.vec3)):
    # a runtime index beside a slice (warp-lang 1.19): a column, part of a
    # row; a negative runtime index counts from the end, as in Warp's
    # extract/assign (reads, writes, rows and components)
    i = wp.tid()
    j = idx[i]
    col[i] = m[i][:, j]
    row[i] = m[i][j, 1:]
    w = wp.vec3(m[i][j])
    w[j] = w[j] + 10.0 * m[i][j, j]
    col[i] += w
    s = wp.vec3()
    for k in range(3):
        s += m[i][:, axes[k]]
    acc[i] = s


@wp.kernel
def mat_slice_store(m: wp.array(dtype=wp.mat33), idx: wp.array(dtype=int), v: wp.array(dtype=wp.vec3),
                    out: wp.array(dtype=wp.mat33)):
    # stores through slices of a local (warp-lang 1.19): a column and part
    # of a row at runtime (negative) indices, a block, rows with +=, every
    # other row's last component with *=
    i = wp.tid()
    j = idx[i]
    a = m[i]
    a[:, j] = v[i]
    a[j, 1:] = wp.vec2(v[i][0], 2.0)
    a[0:2, 0:2] = wp.mat22(0.5, v[i][1], v[i][2], 0.25)
    a[1:] += wp.matrix(1.0, 1.0, 1.0, 1.0, 1.0, v[i][0], shape=(2, 3))
    a[::2, 2] *= 3.0
    out[i] = a


TESTS = [
    dict(kernel="mat_slice_store", dim=12, args=dict(m=("uniform", -2, 2), idx=("int", -3, 2), v=("uniform", -1, 1)),
         outputs=["out"]),
    dict(kernel="dynamic_beside", dim=12, args=dict(m=("uniform", -2, 2), idx=("int", -3, 2), axes=[2, 0, 2]),
         outputs=["col", "row", "acc"]),
    dict(kernel="slices", dim=50, args=dict(a=("uniform", -3, 3)), shapes=dict(out=(50, 8), lens=(50, 4)),
         outputs=["out", "lens"]),
    dict(kernel="quat_mat_slices", dim=20, args=dict(a=("uniform", -3, 3), q=("uniform", -1, 1),
                                                    m=("uniform", -2, 2)),
         shapes=dict(out=(20, 4)), outputs=["out", "vout", "mout"]),
    dict(kernel="reuse", dim=1, shapes=dict(values=(2,), counts=(3,)), rtol=0, atol=0),
]
