# Python expressions that have no meaning inside a kernel.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    weights = [0.25, 0.5, 0.25]
    lookup = {0: 1.0, 1: 2.0}
    sq = lambda x: x * x
    squares = [j * j for j in range(3)]
    label = "particle"

# expect: 8:15: lists are not supported in Warp kernels
# expect: 9:14: dicts are not supported in Warp kernels
# expect: 10:10: lambdas are not supported in Warp kernels
# expect: 11:15: list comprehensions are not supported in Warp kernels
# expect: 12:13: string values are not supported
