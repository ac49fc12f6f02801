"""Bitwise operators on integer matrices (&, |, ^, <<, >>, ~), in place
(&=, |=, ^= on array elements) and as atomics (wp.atomic_and/or/xor on
arrays of mat33ui), as warp's test_atomic_bitwise matrix kernel."""
import warp as wp

mat33ui = wp.types.matrix(shape=(3, 3), dtype=wp.uint32)
mat22i = wp.types.matrix(shape=(2, 2), dtype=wp.int32)


@wp.kernel
def bits(a: wp.array(dtype=mat33ui), b: wp.array(dtype=mat33ui), op_type: int):
    i = wp.tid()
    word_idx = i // 32
    bit_idx = i % 32
    bit_mask = mat33ui(wp.uint32(1)) << mat33ui(wp.uint32(bit_idx))
    if op_type == 0:
        a[word_idx] &= (b[word_idx] & bit_mask) | ~bit_mask
    elif op_type == 1:
        a[word_idx] |= b[word_idx] & bit_mask
    elif op_type == 2:
        a[word_idx] ^= b[word_idx] & bit_mask
    elif op_type == 3:
        wp.atomic_and(a, word_idx, (b[word_idx] & bit_mask) | ~bit_mask)
    elif op_type == 4:
        wp.atomic_or(a, word_idx, b[word_idx] & bit_mask)
    elif op_type == 5:
        wp.atomic_xor(a, word_idx, b[word_idx] & bit_mask)


@wp.kernel
def shifts(x: wp.array(dtype=mat22i), out: wp.array(dtype=mat22i)):
    i = wp.tid()
    s = mat22i(1, 2, 3, 4)
    out[i] = ((x[i] << s) >> mat22i(1)) ^ ~x[i]


TESTS = [dict(kernel="bits", dim=128, args=dict(a=("int", 0, 1 << 30), b=("int", 0, 1 << 30), op_type=k),
              shapes=dict(a=(4,), b=(4,)), outputs=["a"]) for k in range(6)] + [
    dict(kernel="shifts", dim=8, args=dict(x=("int", 0, 1000)), outputs=["out"]),
]
