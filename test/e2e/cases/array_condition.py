"""wp.where with an array as the condition (Warp: the array's
data pointer is not null), and wp.unot of an array; an empty array is a null
one."""
import warp as wp


@wp.kernel
def pick(a: wp.array(dtype=float), x: wp.array(dtype=float), o: wp.array(dtype=float), flags: wp.array(dtype=int)):
    i = wp.tid()
    o[i] = wp.where(a, x[i], -x[i]) + wp.where(a, 10.0, 20.0)
    flags[i] = wp.where(wp.unot(a), 1, 0) + 2 * int(not a)


TESTS = [
    dict(kernel="pick", dim=8, args=dict(a=("uniform", 0, 1), x=("uniform", -1, 1)), outputs=["o", "flags"]),
    dict(kernel="pick", dim=8, shapes=dict(a=(0,)), args=dict(x=("uniform", -1, 1)), outputs=["o", "flags"],
         name="pick_null"),
]
