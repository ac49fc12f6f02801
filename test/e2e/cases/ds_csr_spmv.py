"""Sparse matrix-vector product in CSR form written by hand (row
offsets, column indices and values as plain arrays): y = A x with one
thread per row, then a Jacobi sweep using the diagonal found in the
row, in float64."""
import warp as wp


@wp.kernel
def spmv(offsets: wp.array(dtype=int), cols: wp.array(dtype=int), vals: wp.array(dtype=wp.float64),
         x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    r = wp.tid()
    s = wp.float64(0.0)
    for k in range(offsets[r], offsets[r + 1]):
        s += vals[k] * x[cols[k]]
    y[r] = s


@wp.kernel
def jacobi_sweep(offsets: wp.array(dtype=int), cols: wp.array(dtype=int), vals: wp.array(dtype=wp.float64),
                 b: wp.array(dtype=wp.float64), x: wp.array(dtype=wp.float64), x_new: wp.array(dtype=wp.float64)):
    r = wp.tid()
    diag = wp.float64(1.0)
    s = b[r]
    for k in range(offsets[r], offsets[r + 1]):
        c = cols[k]
        if c == r:
            diag = vals[k]
        else:
            s -= vals[k] * x[c]
    x_new[r] = s / diag


# a 1D Laplacian-like tridiagonal matrix (diagonally dominant) with one extra coupling per row
N = 200
rows, cols_, vals_ = [], [], []
offs = [0]
for r in range(N):
    entries = {r: 4.0}
    if r > 0:
        entries[r - 1] = -1.0
    if r < N - 1:
        entries[r + 1] = -1.0
    entries[(r * 37 + 11) % N] = entries.get((r * 37 + 11) % N, 0.0) + 0.5
    for c in sorted(entries):
        cols_.append(c)
        vals_.append(entries[c])
    offs.append(len(cols_))
NNZ = len(cols_)
TESTS = [
    dict(kernel="spmv", dim=N, args=dict(offsets=offs, cols=cols_, vals=vals_, x=("uniform", -1, 1)),
         shapes=dict(offsets=(N + 1,), cols=(NNZ,), vals=(NNZ,)), outputs=["y"]),
    dict(name="jacobi", dim=N, arrays=dict(offsets=offs, cols=cols_, vals=vals_, b=("uniform", -1, 1)),
         shapes=dict(offsets=(N + 1,), cols=(NNZ,), vals=(NNZ,)),
         launches=[dict(kernel="jacobi_sweep", args=dict(x="x0", x_new="x1")),
                   dict(kernel="jacobi_sweep", args=dict(x="x1", x_new="x0"))],
         repeat=10, outputs=["x0", "x1"]),
]
