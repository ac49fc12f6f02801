# Malformed vector/matrix types used through module-level aliases.
import warp as wp

vec0 = wp.types.vector(length=0, dtype=float)
vecv = wp.types.vector(length=3, dtype=wp.vec3)
matn = wp.types.matrix(shape=3, dtype=float)
NF = 2.5
vecf = wp.types.vector(length=NF, dtype=float)
matb = wp.types.matrix(shape=(2, NF * 2), dtype=float)


@wp.kernel
def k(a: wp.array(dtype=vec0), b: wp.array(dtype=vecv), m: matn, f: vecf, g: matb):
    pass

# expect: 4:31: length must be an integer constant from 1 to 64
# expect: 5:40: the dtype of a vector must be a numeric scalar
# expect: 6:30: shape must be a tuple (rows, cols)
# expect: 8:31: length must be an integer constant from 1 to 64
# expect: 9:34: cols must be an integer constant from 1 to 64
