"""Utility builtins: lower_bound (both overloads, float32/int32/uint64/float64
arrays, values below, between, equal to and above the elements, empty and
partial ranges: Warp's search never returns past end - 1), sample_cdf (and
the state it advances), wp.cast (bit reinterpretation between scalars,
vectors and a struct of the same size), block_dim (1 on the CPU, a multiple
of 32 on CUDA), breakpoint in a branch not taken, expect_near with its
default tolerance, and `for i in reversed(range(...))` with positive,
negative, empty and dynamic steps."""
import warp as wp


@wp.struct
class Pair:
    a: wp.int16
    b: wp.int16


@wp.kernel
def search(sf: wp.array(dtype=float), si: wp.array(dtype=int), su: wp.array(dtype=wp.uint64),
           sd: wp.array(dtype=wp.float64), q: wp.array(dtype=float), lo: int, hi: int,
           rf: wp.array(dtype=int), rr: wp.array(dtype=int), ri: wp.array(dtype=int),
           ru: wp.array(dtype=int), rd: wp.array(dtype=int)):
    i = wp.tid()
    x = q[i]
    rf[i] = wp.lower_bound(sf, x)
    rr[i] = wp.lower_bound(sf, lo, hi, x)
    ri[i] = wp.lower_bound(si, int(x * 10.0))
    ru[i] = wp.lower_bound(su, 0, i % 12, wp.uint64(i) * wp.uint64(3))
    rd[i] = wp.lower_bound(sd, 2, 9, wp.float64(x))


@wp.kernel
def cdf_sample(seed: int, cdf: wp.array(dtype=float), k1: wp.array(dtype=int), k2: wp.array(dtype=int),
               after: wp.array(dtype=float)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    k1[i] = wp.sample_cdf(s, cdf)
    k2[i] = wp.sample_cdf(s, cdf)
    after[i] = wp.randf(s)


@wp.kernel
def casts(x: wp.array(dtype=float), n: wp.array(dtype=int), d: wp.array(dtype=wp.float64),
          u: wp.array(dtype=wp.uint32), f2: wp.array(dtype=float), l: wp.array(dtype=wp.int64),
          v: wp.array(dtype=wp.vec2i), p: wp.array(dtype=int), back: wp.array(dtype=float)):
    i = wp.tid()
    u[i] = wp.cast(x[i], wp.uint32)
    f2[i] = wp.cast(n[i], wp.float32)
    l[i] = wp.cast(d[i], wp.int64)
    v[i] = wp.cast(wp.vec2(x[i], 1.0), wp.vec2i)
    s = Pair()
    s.a = wp.int16(i)
    s.b = wp.int16(-3 * i)
    p[i] = wp.cast(s, wp.int32)
    back[i] = wp.cast(wp.cast(x[i], wp.int32) + 1, float)  # next float up


@wp.kernel
def misc(n: int, out: wp.array(dtype=int), order: wp.array2d(dtype=int)):
    i = wp.tid()
    b = wp.block_dim()
    if b == 1 or b % 32 == 0:
        out[i] = 1
    if i < 0:
        wp.breakpoint()
    wp.expect_near(float(i), float(i) + 1.0e-7)
    wp.expect_near(wp.vec2(float(i)), wp.vec2(float(i)))
    wp.expect_near(wp.mat22(1.0, 2.0, 3.0, 4.0), wp.mat22(1.0, 2.0, 3.0, 4.0 + 1.0e-7))
    wp.expect_near(wp.quat(0.0, 0.0, 0.0, 1.0), wp.quat(0.0, 0.0, 0.0, 1.0), 1.0e-3)
    wp.expect_near(wp.float64(i), wp.float64(i))
    wp.expect_near(wp.vec3(1.0), wp.vec3(1.0, 1.0, 1.05), tolerance=0.1)
    k = int(0)
    for j in reversed(range(i)):
        order[i, k] = j
        k += 1
    for j in reversed(range(i, 20, 3)):
        order[i, k] = j
        k += 1
    for j in reversed(range(9, i - 4, -2)):
        order[i, k] = j
        k += 1
    for j in reversed(range(5, 2)):  # empty
        order[i, k] = 100 + j
        k += 1
    step = i % 4 - 2  # -2, -1, 0 (empty), 1
    for j in reversed(range(n, i, step)):
        order[i, k] = 50 + j
        k += 1
    for j in wp.reversed(range(3)):
        order[i, k] = 70 + j
        k += 1
    out[i] += k * 10


TESTS = [
    dict(kernel="search", dim=200,
         args=dict(sf=[-3.0, -1.0, 0.0, 0.0, 0.5, 1.0, 2.5, 4.0], si=[-20, -5, 0, 3, 3, 3, 17, 30, 31],
                   su=("arange", 0, 3), sd=("arange", -8, 2), q=("uniform", -4, 5), lo=2, hi=6),
         shapes=dict(sf=(8,), si=(9,), su=(12,), sd=(10,))),
    dict(kernel="search", dim=40,
         args=dict(sf=[1.0, 2.0, 3.0], si=[5], su=("arange", 0, 3), sd=("arange", -8, 2),
                   q=("choice", [0.5, 1.0, 2.0, 3.0, 3.5]), lo=1, hi=1),
         shapes=dict(sf=(3,), si=(1,), su=(12,), sd=(10,))),
    dict(kernel="cdf_sample", dim=500, args=dict(seed=11, cdf=[0.1, 0.25, 0.3, 0.7, 0.71, 0.95, 1.0]),
         shapes=dict(cdf=(7,)), outputs=["k1", "k2", "after"]),
    dict(kernel="casts", dim=64,
         args=dict(x=("uniform", -100, 100), n=("int", -2**31, 2**31 - 1), d=("normal", 0, 1e10)),
         outputs=["u", "f2", "l", "v", "p", "back"], allow_nonfinite=True),
    dict(kernel="misc", dim=8, args=dict(n=6), shapes=dict(order=(8, 40))),
]
