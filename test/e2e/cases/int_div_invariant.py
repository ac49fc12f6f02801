"""Integer division, remainder and floor division by a divisor every
thread shares (a kernel argument, a struct field of one, an expression of
arguments): warpc's CPU code multiplies by a reciprocal computed once per
range loop (wp_div_inv_* in lib/emit/prelude/0core.h), which must give
warp-lang's results for every sign and for divisors 1, -1, INT32_MIN and
INT32_MAX.  Dividends span the int32 range.  Left out, as warp-lang's CPU
code traps (SIGFPE) there: a zero divisor and INT32_MIN / -1; warpc gives 0
and INT32_MIN for them, the same on both of its paths
(test/unit/test_div_inv.c)."""
import warp as wp


@wp.struct
class Grid:
    width: wp.int32
    scale: wp.uint32


@wp.kernel
def by_arg(x: wp.array(dtype=wp.int32), d: wp.int32, q: wp.array(dtype=wp.int32),
           r: wp.array(dtype=wp.int32), f: wp.array(dtype=wp.int32)):
    i = wp.tid()
    q[i] = x[i] / d
    r[i] = x[i] % d
    f[i] = x[i] // d


@wp.kernel
def by_expr(x: wp.array(dtype=wp.int32), n: wp.int32, g: Grid, q: wp.array(dtype=wp.int32),
            r: wp.array(dtype=wp.int32), u: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    q[i] = x[i] // (n * 2 + 1)
    r[i] = x[i] % g.width
    u[i] = wp.uint32(x[i]) / g.scale + wp.uint32(x[i]) % g.scale


@wp.kernel
def grid_coords(width: wp.int32, xs: wp.array(dtype=wp.int32), ys: wp.array(dtype=wp.int32)):
    tid = wp.tid()
    xs[tid] = tid % width
    ys[tid] = tid // width


def _div(d, name):
    return dict(name=name, kernel="by_arg", dim=400,
                args=dict(x=("int", -2147483647, 2147483647), d=d), outputs=["q", "r", "f"])


TESTS = [
    _div(7, "d=7"), _div(-3, "d=-3"), _div(1, "d=1"), _div(-1, "d=-1"),
    _div(1 << 30, "d=2^30"), _div(-(1 << 31), "d=INT32_MIN"), _div(2147483647, "d=INT32_MAX"),
    dict(name="small dividends", kernel="by_arg", dim=300, args=dict(x=("int", -20, 20), d=6),
         outputs=["q", "r", "f"]),
    dict(kernel="by_expr", dim=300,
         args=dict(x=("int", -100000, 100000), n=4, g=dict(width=-9, scale=4000000000)),
         outputs=["q", "r", "u"]),
    dict(kernel="by_expr", dim=300, name="by_expr small scale",
         args=dict(x=("int", -2147483647, 2147483647), n=-1, g=dict(width=13, scale=3)),
         outputs=["q", "r", "u"]),
    dict(kernel="grid_coords", dim=1000, args=dict(width=37), outputs=["xs", "ys"]),
]
