"""and / or / not on bools and on comparisons; bool arrays in and out.

Note: in Warp `and` and `or` evaluate both operands (no short circuit) and
always produce a bool.
"""
import warp as wp


@wp.kernel
def logic(p: wp.array(dtype=wp.bool), q: wp.array(dtype=wp.bool), x: wp.array(dtype=float),
          out_and: wp.array(dtype=wp.bool), out_or: wp.array(dtype=wp.bool), out_mix: wp.array(dtype=int)):
    i = wp.tid()
    a = p[i]
    b = q[i]
    out_and[i] = a and b
    out_or[i] = a or b
    m = 0
    if (a and not b) or (x[i] > 0.0 and b):
        m = 1
    if not (a or b):
        m = m + 10
    if x[i] < -0.5 or x[i] > 0.5 and not a:
        m = m + 100
    out_mix[i] = m


@wp.kernel
def in_box(pts: wp.array(dtype=wp.vec2), lo: wp.vec2, hi: wp.vec2, inside: wp.array(dtype=wp.bool), count: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    ok = p[0] >= lo[0] and p[0] <= hi[0] and p[1] >= lo[1] and p[1] <= hi[1]
    inside[i] = ok
    if ok:
        wp.atomic_add(count, 0, 1)


TESTS = [
    dict(kernel="logic", dim=500, args=dict(p=("bool", 0.5), q=("bool", 0.3), x=("uniform", -1, 1)),
         outputs=["out_and", "out_or", "out_mix"]),
    dict(kernel="in_box", dim=1000,
         args=dict(pts=("uniform", -2, 2), lo=(-1.0, -0.5), hi=(0.75, 1.5), count="zeros"),
         shapes=dict(count=(1,)), outputs=["inside", "count"]),
]
