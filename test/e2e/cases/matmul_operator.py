"""The @ operator on matrices and vectors (Warp's matrix product)."""
import warp as wp


@wp.kernel
def transform(m: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3),
              mm: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    out[i] = m[i] @ v[i]
    mm[i] = m[i] @ wp.transpose(m[i])


TESTS = [
    dict(kernel="transform", dim=200,
         args=dict(m=("uniform", -2, 2), v=("uniform", -1, 1), out="zeros", mm="zeros"),
         outputs=["out", "mm"]),
]
