"""Long argument lists and big values, which Warp has no limit on: a
@wp.func with 20 parameters (positional and keyword calls), a 20-value tuple and its unpacking, wp.spatial_matrix from 36 scalars and
from one, wp.matrix(..., shape=(10, 3)) and shape=(6, 6) from all their
entries, wp.vector from 20 scalars, matrix_from_rows of 10 vectors,
wp.identity(n=8), a module-level 6x6 matrix constant, a float16 5x5 matrix
product.  (warpc once refused calls of more than 16 arguments and overflowed
fixed buffers on values of more than 16 components.)"""
import warp as wp

mat103 = wp.types.matrix(shape=(10, 3), dtype=float)
mat66 = wp.types.matrix(shape=(6, 6), dtype=float)
mat55h = wp.types.matrix(shape=(5, 5), dtype=wp.float16)
vec20 = wp.types.vector(length=20, dtype=float)
M6 = wp.constant(mat66(0.5))
S6 = wp.constant(
    wp.spatial_matrix(
        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0,
        13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0,
        25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0))


@wp.func
def many(a0: float, a1: float, a2: float, a3: float, a4: float, a5: float, a6: float, a7: float,
         a8: float, a9: float, a10: float, a11: float, a12: float, a13: float, a14: float,
         a15: float, a16: float, a17: float, a18: float, a19: float = 0.25):
    return (a0 + 2.0 * a1 + a2 * a3 - a4 + a5 * a6 + a7 + a8 * a9 + a10 - a11 + a12 * a13
            + a14 + a15 * a16 + a17 - a18 * a19)


@wp.kernel
def calls(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = many(v, 1.0, 2.0, v, 4.0, 5.0, v, 7.0, 8.0, 9.0, v, 11.0, 12.0, 13.0, v,
                     15.0, 16.0, 17.0, v, 19.0)
    out[i, 1] = many(v, 1.0, 2.0, v, 4.0, 5.0, v, 7.0, 8.0, 9.0, v, 11.0, 12.0, 13.0, v,
                     15.0, 16.0, a18=v, a17=2.0)
    out[i, 2] = many(a19=1.0, a18=v, a17=17.0, a16=16.0, a15=15.0, a14=v, a13=13.0, a12=12.0,
                     a11=11.0, a10=v, a9=9.0, a8=8.0, a7=7.0, a6=v, a5=5.0, a4=4.0, a3=v,
                     a2=2.0, a1=1.0, a0=v)
    t = (v, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0,
         16.0, 17.0, 18.0, v * 2.0)
    (b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17, b18,
     b19) = t
    out[i, 3] = b0 + b17 * b19 - b18


@wp.kernel
def big_values(x: wp.array(dtype=float), sm: wp.array(dtype=wp.spatial_matrix),
               tall: wp.array(dtype=mat103), sq: wp.array(dtype=mat66), vv: wp.array(dtype=vec20),
               out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    a = wp.spatial_matrix(
        v, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0,
        12.0, 13.0, 14.0, 15.0, v, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0,
        24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, v)
    sm[i] = a + wp.spatial_matrix(v) + M6 + S6
    tall[i] = wp.matrix(
        v, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0,
        15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, v,
        shape=(10, 3))
    b = wp.matrix(
        v, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0,
        12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0,
        24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, shape=(6, 6))
    sq[i] = b * wp.identity(n=6, dtype=float) * 0.5 + mat66(v)
    vv[i] = wp.vector(v, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0,
                      14.0, 15.0, 16.0, 17.0, 18.0, v * 3.0)
    r = wp.vec3(v, 1.0, 2.0)
    rows = wp.matrix_from_rows(r, r, r, r, r, r, r, r, r, wp.vec3(3.0, 4.0, v))
    out[i, 0] = rows[9, 2] + rows[0, 0] * 2.0
    idm = wp.identity(n=8, dtype=float)
    out[i, 1] = idm[7, 7] + idm[0, 7] + v
    h = mat55h(wp.float16(v))
    h[4, 4] = wp.float16(2.0)
    p = h * h
    out[i, 2] = float(p[4, 4]) + float(p[0, 1])


TESTS = [
    dict(kernel="calls", dim=16, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(16, 4)),
         outputs=["out"]),
    dict(kernel="big_values", dim=8, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(8, 3)),
         outputs=["sm", "tall", "sq", "vv", "out"]),
]
