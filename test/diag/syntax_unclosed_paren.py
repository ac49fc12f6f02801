# An unclosed parenthesis: the error names the '(' that was never closed.
import warp as wp


@wp.kernel
def clamp_all(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.min(a[i], (1.0 + 2.0)
    a[i] = a[i] * 3.0

# expect: 8:18: '(' was never closed
