"""warp.math (the module of the vector norms) reached as wp.math.norm_l1,
warp.math.norm_huber after `import warp.math`, and `from warp.math import
norm_l2`: the same builtins as wp.norm_l1 ...; wp.math.norm_l1 was "not a
Warp builtin or type warpc knows"."""
import warp as wp
import warp.math
from warp.math import norm_l2


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    v = a[i]
    out[i] = wp.math.norm_l1(v) + norm_l2(v) + warp.math.norm_huber(v) + wp.math.smooth_normalize(v)[0]

TESTS = [dict(kernel="k", dim=16, args=dict(a=("uniform", -1, 1)), outputs=["out"])]
