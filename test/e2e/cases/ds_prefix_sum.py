"""Hillis-Steele inclusive prefix sum over an int array with one launch
per doubling offset (ping-pong buffers), then the exclusive scan and a
stream compaction of the positive values using the scan as output
positions."""
import warp as wp


@wp.kernel
def scan_step(src: wp.array(dtype=int), dst: wp.array(dtype=int), offset: int):
    i = wp.tid()
    v = src[i]
    if i >= offset:
        v += src[i - offset]
    dst[i] = v


@wp.kernel
def flags(x: wp.array(dtype=int), f: wp.array(dtype=int)):
    i = wp.tid()
    f[i] = int(x[i] > 0)


@wp.kernel
def compact(x: wp.array(dtype=int), incl: wp.array(dtype=int), out: wp.array(dtype=int), excl: wp.array(dtype=int)):
    i = wp.tid()
    e = incl[i] - int(x[i] > 0)
    excl[i] = e
    if x[i] > 0:
        out[e] = x[i]


N = 512
steps = []
src, dst = "a", "b"
off = 1
while off < N:
    steps.append(dict(kernel="scan_step", args=dict(src=src, dst=dst, offset=off)))
    src, dst = dst, src
    off *= 2
# after 9 steps the result is in `src`
TESTS = [
    dict(name="scan", dim=N, arrays=dict(x=("int", -50, 50)),
         launches=[dict(kernel="flags", args=dict(x="x", f="a"))] + steps
         + [dict(kernel="compact", args=dict(x="x", incl=src, out="out", excl="excl"))],
         outputs=[src, "out", "excl"]),
]
