# warp.sparse (block-sparse matrices) is out of scope by decision.
import warp as wp


@wp.kernel
def spmv(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = wp.sparse.bsr_get_diag(x)

# expect: 8:12: 'sparse.bsr_get_diag' is not supported by warpc: sparse matrices (warp.sparse) are out of scope
