# An integer literal past uint64 is an error where a kernel uses it, not a
# syntax error of the file: the other kernels compile (Warp's own
# tests/tile/test_tile_construction.py has one in a kernel it expects to be
# rejected, and 36 others).
import warp as wp

BIG = 1180591620717411303424  # host code: fine until a kernel uses it


@wp.kernel
def fine(out: wp.array(dtype=float)):
    out[wp.tid()] = 18446744073709551615.0


@wp.kernel
def rejected(out: wp.array(dtype=float)):
    out[wp.tid()] = float(18446744073709551616)


@wp.kernel
def fine_too(out: wp.array(dtype=wp.uint64)):
    out[wp.tid()] = wp.uint64(18446744073709551615)

# expect: 17:27: integer literal too large: 18446744073709551616 does not fit in 64 bits (Warp's widest integer is uint64)
