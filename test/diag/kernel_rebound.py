# A kernel (def or made by a factory call) whose name is bound again with
# no module-level alias before gets a warning and no launcher, as Python
# drops it (warpc stopped with a launcher name clash, or dropped a factory
# kernel silently); a kernel a factory returns in a tuple gets none (warpc
# warned that it was not compiled).
import warp as wp


def make(v: float):
    @wp.kernel
    def k(a: wp.array(dtype=float)):
        a[0] = v

    return k


e = make(4.0)


@wp.kernel
def e(a: wp.array(dtype=float)):
    a[0] = 1.0


f = make(1.0)
f = make(2.0)


def make_pair(n: int):
    @wp.func
    def g() -> int:
        return n

    @wp.kernel
    def kp(a: wp.array(dtype=float)):
        a[0] = float(g())

    return g, kp


gp, kpair = make_pair(3)  # compiled (launcher kpair): no warning for kp

# expect-exit: 0
# expect-warning: 17:1: kernel 'e' is not compiled: line 20 binds its name again
# expect-warning: 25:1: kernel 'f' is not compiled: line 26 binds its name again
