"""atomic_min / atomic_max on int32 and float32 arrays, atomic_sub, and the
value atomic_add returns (the old value: only its set is checked, since the
order is unspecified)."""
import warp as wp


@wp.kernel
def extrema(x: wp.array(dtype=int), lo: wp.array(dtype=int), hi: wp.array(dtype=int)):
    i = wp.tid()
    wp.atomic_min(lo, 0, x[i])
    wp.atomic_max(hi, 0, x[i])
    wp.atomic_min(lo, 1 + i % 4, x[i] * 2)
    wp.atomic_max(hi, 1 + i % 4, x[i] - i)


@wp.kernel
def extrema_f(x: wp.array(dtype=float), lo: wp.array(dtype=float), hi: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_min(lo, 0, x[i])
    wp.atomic_max(hi, 0, x[i])


@wp.kernel
def ticket(counter: wp.array(dtype=int), taken: wp.array(dtype=int), left: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.atomic_add(counter, 0, 1)
    wp.atomic_add(taken, t, 1)  # every ticket 0..n-1 is handed out exactly once
    wp.atomic_sub(left, 0, 1)


TESTS = [
    dict(kernel="extrema", dim=5000, args=dict(x=("int", -1000000, 1000000), lo=("full", 2147483647),
                                               hi=("full", -2147483648)),
         shapes=dict(lo=(5,), hi=(5,)), outputs=["lo", "hi"]),
    dict(kernel="extrema_f", dim=5000, args=dict(x=("uniform", -100, 100), lo=("full", 1e30), hi=("full", -1e30)),
         shapes=dict(lo=(1,), hi=(1,)), outputs=["lo", "hi"]),
    dict(kernel="ticket", dim=1000, args=dict(left=("full", 1000)), shapes=dict(counter=(1,), left=(1,)),
         outputs=["counter", "taken", "left"]),
]
