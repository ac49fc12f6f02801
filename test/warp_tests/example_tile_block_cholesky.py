"""warp-lang 1.19.0's warp/examples/tile/example_tile_block_cholesky.py:
its one module-level kernel, assign_int_kernel, as the graph-capture test
launches it (the blocked Cholesky kernels are made by functions, for each
block size, and are not module-level)."""
TARGET = "warp/examples/tile/example_tile_block_cholesky.py"

TESTS = [
    dict(kernel="assign_int_kernel", dim=1, args=dict(value=37), shapes=dict(arr=(4,))),
]

# --- kernels inside the example's functions (lifted by the harness) ---
# create_blocked_cholesky_kernel / create_blocked_cholesky_solve_kernel with
# the example's block_size 16 (BIND), launched as BlockCholeskySolver does
# (one block, 128 threads to factorize, 64 to solve) on its first two
# systems: n = 32 (no padding) and n = 70 (padded to 80: the kernels fill the
# padding with the identity), built as test_cholesky_solver builds them
# (default_rng(0)); the arrays are cut to the padded size (the solver's are
# max(sizes) = 1008 square; the kernels touch the leading 80 x 80 only).
import numpy as _np


def _system(n, bs=16):
    rng = _np.random.default_rng(0)
    a = rng.standard_normal((n, n))
    a = a @ a.T + n * _np.eye(n)
    pn = ((n + bs - 1) // bs) * bs
    p = pn - n
    if p > 0:
        ap = rng.standard_normal((pn, pn))
        ap[:n, :n] = a
        blk = rng.standard_normal((p, p))
        ap[n:, n:] = blk @ blk.T + p * _np.eye(p)
        ap[n:, :n] = rng.standard_normal((p, n))
        ap[:n, n:] = ap[n:, :n].T
    else:
        ap = a
    b = rng.standard_normal(n)
    bp = rng.standard_normal(pn)
    bp[:n] = b
    lf = _np.eye(pn)
    lf[:n, :n] = _np.linalg.cholesky(a)
    return pn, ap, bp, lf


_F = "create_blocked_cholesky_kernel.blocked_cholesky_kernel"
_S = "create_blocked_cholesky_solve_kernel.blocked_cholesky_solve_kernel"
for _n in (32, 70):
    _pn, _A, _b, _L = _system(_n)
    TESTS += [
        dict(kernel=_F, name=f"blocked_cholesky_n{_n}", dim=1, block_dim=128,
             args=dict(A=("values", _A.ravel().tolist()), active_matrix_size_arr=("values", [_n])),
             shapes=dict(A=(_pn, _pn), L=(_pn, _pn), active_matrix_size_arr=(1,)), outputs=["L"]),
        dict(kernel=_S, name=f"blocked_cholesky_solve_n{_n}", dim=1, block_dim=64,
             args=dict(L=("values", _L.ravel().tolist()), b=("values", _b.tolist()),
                       active_matrix_size_arr=("values", [_n])),
             shapes=dict(L=(_pn, _pn), b=(_pn, 1), x=(_pn, 1), y=(_pn, 1), active_matrix_size_arr=(1,)),
             outputs=["x", "y"]),
    ]
BIND = {_F: dict(block_size=16), _S: dict(block_size=16)}
