# Columns count characters, as Python and GCC do: the caret must sit under
# the error after a non-ASCII identifier on the same line.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    é = 1.0; a[i] = é + 1

# expect: 9:21: cannot add 'float32' and 'int32'
