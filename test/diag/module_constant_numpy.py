# A module-level value that only exists at Python run time (a numpy array)
# used inside a kernel.
import numpy as np
import warp as wp

WEIGHTS = np.zeros(3)
GAIN = wp.constant(1.5)


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * WEIGHTS[0] * GAIN

# expect: 6:11: warpc does not evaluate 'numpy.zeros' at compile time; write the value as a literal
