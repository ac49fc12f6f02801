"""Vector and matrix types whose sizes are module constants or constant
expressions of them (`wp.types.vector(length=N, dtype=float)`,
`wp.types.matrix(shape=(ROWS, N - 1), dtype=wp.float64)`), as aliases, in
annotations and as constructors inside kernels."""
import warp as wp

N = 5
ROWS = 2
HALF_N = N // 2 + 1

vecN = wp.types.vector(length=N, dtype=float)
matRN = wp.types.matrix(shape=(ROWS, N - 1), dtype=wp.float64)
vech = wp.types.vector(length=HALF_N, dtype=wp.int32)
vecM = wp.types.vector(length=N - 1, dtype=wp.float64)


@wp.func
def norm1(v: wp.types.vector(length=N, dtype=float)) -> float:
    s = float(0.0)
    for k in range(N):
        s += wp.abs(v[k])
    return s


@wp.kernel
def sizes(v: wp.array(dtype=vecN), m: matRN, out: wp.array(dtype=vecN),
          s: wp.array(dtype=float), iv: wp.array(dtype=vech), r: wp.array(dtype=wp.float64)):
    i = wp.tid()
    w = v[i] * 2.0
    w[N - 1] = norm1(v[i])
    out[i] = w
    s[i] = wp.dot(v[i], w)
    iv[i] = vech(i, 2 * i, 3 * i)
    x = vecM(wp.float64(1.0))
    y = m * x
    r[i] = y[0] + y[ROWS - 1] * wp.float64(i)


TESTS = [
    dict(kernel="sizes", dim=24,
         args=dict(v=("uniform", -1, 1), m=[[1.0, 2.0, -0.5, 0.25], [3.0, -1.0, 0.5, 2.0]]),
         outputs=["out", "s", "iv", "r"]),
]
