"""tile_scan_max_inclusive / tile_scan_min_inclusive over tiles holding NaN,
bit for bit against warp-lang's CPU backend: each step keeps the running
value only when it compares greater (less) than the element, so a NaN is
passed over by the next element instead of sticking to the end of the
scan (warpc kept the first NaN for the rest of the scan: Warp's
test_tile_reduce tile_scan_min_max_inclusive_kernel on [nan, -12.2, 71.7])."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0, allow_nonfinite=True)


@wp.kernel
def scans(x: wp.array(dtype=float), mx: wp.array(dtype=float), mn: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=6)
    wp.tile_store(mx, wp.tile_scan_max_inclusive(t))
    wp.tile_store(mn, wp.tile_scan_min_inclusive(t))


@wp.kernel
def scans_int(x: wp.array(dtype=int), mx: wp.array(dtype=int), mn: wp.array(dtype=int)):
    i = wp.tid()
    t = wp.tile_load(x, shape=6)
    wp.tile_store(mx, wp.tile_scan_max_inclusive(t))
    wp.tile_store(mn, wp.tile_scan_min_inclusive(t))


_SH = dict(x=(6,), mx=(6,), mn=(6,))
TESTS = [
    dict(name="nan_first", kernel="scans", dim=1, block_dim=8,
         args=dict(x=("values", [float("nan"), -12.2, 71.7, 3.0, float("nan"), 80.0])),
         shapes=_SH, outputs=["mx", "mn"], **EXACT),
    dict(name="nan_inside", kernel="scans", dim=1, block_dim=8,
         args=dict(x=("values", [1.0, float("nan"), 0.5, 2.0, float("nan"), -1.0])),
         shapes=_SH, outputs=["mx", "mn"], **EXACT),
    dict(name="signed_zeros", kernel="scans", dim=1, block_dim=8,
         args=dict(x=("values", [0.0, -0.0, 0.0, -0.0, float("inf"), float("-inf")])),
         shapes=_SH, outputs=["mx", "mn"], **EXACT),
    dict(name="int", kernel="scans_int", dim=1, block_dim=8, args=dict(x=("values", [3, -7, 9, 9, -12, 4])),
         shapes=_SH, outputs=["mx", "mn"], **EXACT),
]
