# Atomics on element types Warp does not allow, and wrong value types.
import warp as wp


@wp.kernel
def k(f: wp.array(dtype=float), b: wp.array(dtype=wp.int8), i: wp.array(dtype=int), m: wp.array(dtype=wp.mat22)):
    t = wp.tid()
    wp.atomic_and(f, t, 1.0)
    wp.atomic_cas(b, t, wp.int8(0), wp.int8(1))
    wp.atomic_exch(i, t, 1.5)
    wp.atomic_cas(i, t, 0)
    wp.atomic_xor(m, t, m[t])
    wp.atomic_or(i, t, t, 1)
    wp.atomic_add(b, t, wp.int8(1))


mat33s = wp.types.matrix(shape=(3, 3), dtype=wp.int16)


@wp.kernel
def small_int_matrix(acc: wp.array(dtype=mat33s)):
    wp.atomic_add(acc, 0, acc[1])

# expect: 8:5: 'atomic_and' is not defined for arrays of 'float32': only arrays of [u]int32 or [u]int64 scalars, vectors and matrices have it
# expect: 9:5: 'atomic_cas' is not defined for arrays of 'int8': only arrays of [u]int32, [u]int64, float32 or float64
# expect: 10:26: 'atomic_exch' on an array of 'int32' needs a 'int32' value, got 'float32'
# expect: 11:5: 'atomic_cas' takes an array, its indices and the compare and new values
# expect: 12:5: 'atomic_xor' is not defined for arrays of 'mat22f'
# expect: 13:5: 'atomic_or' on a 1-d array needs 1 indices, got 2
# expect: 14:5: 'atomic_add' is not defined for arrays of 'int8': only arrays of [u]int32, [u]int64, float32 or float64
# expect: 22:5: 'atomic_add' is not defined for arrays of 'mat33s': only arrays of [u]int32, [u]int64, float32 or float64
