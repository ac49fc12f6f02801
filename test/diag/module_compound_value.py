# A name a module-level if, loop or try statement assigns is not known at
# compile time (warpc does not run them): a kernel using it is an error,
# never the value of an earlier assignment (warpc used N = 1.0 here).
import warp as wp

N = 1.0
if N > 0.5:
    N = 3.0
M = 2
for _i in range(3):
    M += 1
try:
    import numpy as np  # an import in a try still binds
except ImportError:
    np = None


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = N
    out[1] = float(M)
    out[2] = float(np.pi)

# expect: 7:1: a name this statement assigns is not known at compile time
# expect: 10:1: a name this statement assigns is not known at compile time
