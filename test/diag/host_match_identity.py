# A host function's match on True, False or None (matched by identity in
# Python: `case True:` does not match 1) or with a capture pattern is not
# run by warpc: what it binds is not known at compile time.
import warp as wp


@wp.func
def one(x: float) -> float:
    return x + 1.0


@wp.func
def two(x: float) -> float:
    return x + 2.0


def pick(v):
    f = one
    match v:
        case True:
            f = two
    return f


def make(v):
    g = pick(v)

    @wp.func
    def h(x: float) -> float:
        return g(x)

    return h


h1 = make(1)


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = h1(1.0)

# expect: 30:16: captured name 'g' is not a compile-time constant
