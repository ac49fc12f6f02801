# A host function or factory that recurses without end is an error (warpc
# crashed with a stack overflow); Python raises RecursionError.
import warp as wp


def a(n):
    return b(n)


def b(n):
    return a(n)


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = wp.static(a(1))

# expect: 11:12: host function calls nest more than 200 deep here
