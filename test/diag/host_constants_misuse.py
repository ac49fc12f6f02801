# numpy scalars are taken in a kernel only converted (warp-lang 1.19.0:
# "Invalid external reference type"); arithmetic on them is not computed
# (its type depends on the numpy version); math errors Python raises, and
# host functions warpc does not know, are errors at the use.
import math

import numpy as np
import warp as wp

EPS = np.finfo(np.float32).eps
SCALED = np.float32(2.0) * 3.0
BAD = math.sqrt(-1.0)
HUGE = math.exp(1000.0)
GAMMA = math.gamma(0.5)
WRONG = np.finfo(np.int32).eps


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = EPS
    out[1] = SCALED
    out[2] = BAD
    out[3] = HUGE
    out[4] = GAMMA
    out[5] = WRONG
    out[6] = math.hypot(3.0, 4.0)

# expect: 20:14: a numpy scalar (numpy.float32) cannot be used in a kernel, as in warp-lang; convert it: float(...), int(...) or wp.float32(...)
# expect: 11:10: warpc does not compute with numpy scalars (this is a numpy.float32); convert it first: float(...), int(...) or wp.float32(...)
# expect: 12:7: math domain error: Python raises here
# expect: 13:8: math range error: Python raises here
# expect: 14:9: warpc does not evaluate 'math.gamma' at compile time; write the value as a literal
# expect: 26:14: 'math.hypot' in a kernel: warp-lang calls the Warp builtin of that name, and there is none; write the Warp function
# expect: 15:18: warpc evaluates np.finfo of a numpy or warp float type only

