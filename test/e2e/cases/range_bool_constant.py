"""range() of a bool constant counts it as 0 or 1, as Python's range does:
warp-lang 1.19.0 accepts range(True) and range(wp.static(True)) (its own
test_static.py launches the latter); warpc rejected both ("range()
arguments must be integers, not 'bool'").  A bool parameter or
wp.constant(True) stays an error in both."""
import warp as wp


@wp.kernel
def bool_ranges(out: wp.array(dtype=wp.int32)):
    i = wp.tid()
    count = int(0)
    for _ in range(wp.static(True)):
        count += 1
    for _ in range(True):
        count += 10
    for _ in range(False):
        count += 100
    for _ in range(wp.static(False), 3):
        count += 1000
    out[i] = count + i


TESTS = [
    dict(kernel="bool_ranges", dim=3, outputs=["out"]),
]
