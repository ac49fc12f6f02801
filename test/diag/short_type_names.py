# wp.vec / wp.mat, the short names of wp.types.vector / wp.types.matrix, are
# gone from warp-lang 1.12 (1.19.0: "module 'warp' has no attribute 'mat'"):
# write wp.types.vector(length=, dtype=) / wp.types.matrix(shape=, dtype=).
# An alias made with them is no type (warpc names the use; 1.19.0 fails when
# the module runs).
import warp as wp

mat32d = wp.mat(shape=(3, 2), dtype=wp.float64)


@wp.kernel
def k(m: wp.array(dtype=mat32d)):
    i = wp.tid()


@wp.kernel
def k2(m: wp.array(dtype=float)):
    x = wp.vec(length=3, dtype=float)(1.0)
    m[0] = x[0]

# expect: 12:25: unknown type 'mat32d'
# expect: 18:9: wp.vec is gone from warp-lang 1.12: use wp.types.vector(...)
