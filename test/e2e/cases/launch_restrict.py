# 1-D kernels that take the dense path's restrict loop
# (lib/emit/emit_cpu_restrict.c) against warp-lang: neighbours read at
# clamped indices of a 2-D grid flattened to 1-D (the shape of Warp's
# example_wave: tid % width, tid // width), stores under a branch, a
# ping-pong between two arrays (each launch writes one, reads both), and a
# launch with the same array as both outputs (overlap: the general loop);
# tid % w, tid // w and tid / w read from the rows of the restrict loop
# (lib/emit/emit_cpu_rows1.c) for widths dividing the launch or not, wider
# than it, 1, and negative (the general loop); the interior of the rows
# (clamps of the column dropped where they are the identity: solve, and
# band's bounds from arguments, crossing in band_crossed); the threads of a
# row in order where their order shows (smear: threads 0 and 1 of a row
# update one element; one pool chunk, as warp-lang's one thread).
import warp as wp


@wp.func
def sample(f: wp.array(dtype=float), x: int, y: int, w: int, h: int):
    x = wp.clamp(x, 0, w - 1)
    y = wp.clamp(y, 0, h - 1)
    return f[y * w + x]


@wp.kernel
def solve(prev: wp.array(dtype=float), cur: wp.array(dtype=float), w: int, h: int, k: float):
    tid = wp.tid()
    x = tid % w
    y = tid // w
    lap = sample(cur, x + 1, y, w, h) + sample(cur, x - 1, y, w, h) + sample(cur, x, y + 1, w, h) + sample(
        cur, x, y - 1, w, h) - 4.0 * sample(cur, x, y, w, h)
    prev[tid] = 2.0 * cur[tid] - prev[tid] + k * lap


@wp.kernel
def splash(h0: wp.array(dtype=float), h1: wp.array(dtype=float), w: int, cx: float, cy: float, r: float,
           t: float):
    tid = wp.tid()
    dx = float(tid % w) - cx
    dy = float(tid // w) - cy
    if dx * dx + dy * dy < r * r:
        v = wp.sin(t) * 0.5
        h0[tid] = v
        h1[tid] = v - 0.25


@wp.kernel
def blur(src: wp.array(dtype=float), dst: wp.array(dtype=float), n: int):
    i = wp.tid()
    dst[i] = src[wp.clamp(i - 1, 0, n - 1)] + 2.0 * src[i] + src[wp.clamp(i + 1, 0, n - 1)]


@wp.kernel
def rows(src: wp.array(dtype=float), dst: wp.array(dtype=float), w: int):
    tid = wp.tid()
    x = tid % w
    y = tid // w
    q = tid / w
    dst[tid] = src[tid] + float(x) * 1000.0 + float(y) + float(q) * 0.25


@wp.kernel
def band(src: wp.array(dtype=float), dst: wp.array(dtype=float), w: int, lo: int, hi: int):
    tid = wp.tid()
    x = tid % w
    row = (tid // w) * w
    dst[tid] = src[row + wp.clamp(x - 2, lo, hi)] - 2.0 * src[row + wp.clamp(3 + x, lo + 1, w - 3)]


@wp.kernel
def smear(a: wp.array(dtype=float), b: wp.array(dtype=float), w: int):
    tid = wp.tid()
    x = tid % w
    k = (tid // w) * w + wp.clamp(x - 1, 0, w - 1)
    a[k] = a[k] * 0.5 + b[tid]


TESTS = [
    dict(name="wave_steps", dim=37 * 23,
         arrays=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         launches=[dict(kernel="splash", args=dict(h0="a", h1="b", w=37, cx=11.5, cy=7.0, r=5.5, t=0.7)),
                   dict(kernel="solve", args=dict(prev="a", cur="b", w=37, h=23, k=0.125)),
                   dict(kernel="solve", args=dict(prev="b", cur="a", w=37, h=23, k=0.125))],
         repeat=5, outputs=["a", "b"]),
    dict(kernel="blur", dim=1001, args=dict(src=("uniform", -2, 2), n=1001), outputs=["dst"]),
    dict(name="band", kernel="band", dim=41 * 25, args=dict(src=("uniform", -1, 1), w=41, lo=1, hi=38),
         outputs=["dst"]),
    dict(name="band_crossed", kernel="band", dim=41 * 25, args=dict(src=("uniform", -1, 1), w=41, lo=9, hi=4),
         outputs=["dst"]),
    dict(name="splash_aliased", dim=29 * 31,
         arrays=dict(s=("uniform", -2, 2)),
         launches=[dict(kernel="splash", args=dict(h0="s", h1="s", w=29, cx=14.0, cy=15.5, r=9.0, t=1.3))],
         outputs=["s"]),
    dict(kernel="smear", dim=41 * 7, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), w=41), outputs=["a"]),
] + [dict(name=f"rows_{w if w > 0 else 'neg'}", kernel="rows", dim=1003,
           args=dict(src=("uniform", -1, 1), w=w), outputs=["dst"]) for w in (1, 17, 59, 2000, -7)]
