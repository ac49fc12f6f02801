# Misspelt types in annotations: the message names what is unknown.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=floatt), b: wp.arrray(dtype=float), c: wp.vec33):
    i = wp.tid()
    a[i] = 1.0

# expect: 6:25: floatt
# expect: 6:37: arrray
# expect: 6:64: 'vec33' is not a type warpc knows
