# Calls of factories and host functions that Python rejects are errors
# (warpc accepted them, binding the keyword over the positional argument),
# as is a tuple unpacking of the wrong number of values.
import warp as wp


def make(a, b=2.0):
    @wp.func
    def g(x: float):
        return x * a + b

    return g


I = make(1.0, a=2.0)
J = make(1.0, c=5.0)
A, B = range(3)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = I(1.0)
    out[1] = J(1.0)
    out[2] = float(A)

# expect: 15:15: 'make' got multiple values for argument 'a'
# expect: 16:15: 'make' got an unexpected keyword argument 'c'
# expect: 17:8: cannot unpack 3 values into 2 names
