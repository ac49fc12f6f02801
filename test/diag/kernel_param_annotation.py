# Kernel parameters need type annotations (the launcher's C signature
# depends on them).
import warp as wp


@wp.kernel
def scale(a: wp.array(dtype=float), s):
    i = wp.tid()
    a[i] = a[i] * s


@wp.kernel
def copy(src, dst: wp.array(dtype=float)):
    i = wp.tid()
    dst[i] = 1.0

# expect: 7:37: parameter 's' of kernel 'scale' needs a type annotation
# expect: 13:10: parameter 'src' of kernel 'copy' needs a type annotation
