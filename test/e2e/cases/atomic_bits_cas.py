"""atomic_cas, atomic_exch, atomic_and, atomic_or, atomic_xor: every element
type Warp allows ([u]int32, [u]int64, float32, float64 for cas/exch, also
their vectors and matrices; [u]int32/[u]int64 scalars and vectors for the
bit-wise ones), 1- to 4-d indices, and the returned old value.  Also the
`a[i] &= v`, `|=`, `^=` statements (atomic on [u]int32/64 elements, a plain
read-modify-write on 8/16-bit integers, as in Warp, also for `+=` / `-=`), a lock-free compare-and-swap loop
(many threads updating one element: the CPU backend's atomics must be real),
and compare-and-swap on a float -0.0 with compare 0.0 (Warp's CPU compares
values)."""
import warp as wp


@wp.kernel
def cas_scalars(a32: wp.array(dtype=wp.int32), au32: wp.array(dtype=wp.uint32), a64: wp.array(dtype=wp.int64),
                au64: wp.array(dtype=wp.uint64), af: wp.array(dtype=wp.float32), ad: wp.array(dtype=wp.float64),
                o32: wp.array(dtype=wp.int32), ou32: wp.array(dtype=wp.uint32), o64: wp.array(dtype=wp.int64),
                ou64: wp.array(dtype=wp.uint64), of: wp.array(dtype=wp.float32), od: wp.array(dtype=wp.float64)):
    i = wp.tid()
    # swap where the element is even (compare with the value itself), else
    # compare with something else and leave it
    c = i % 2
    o32[i] = wp.atomic_cas(a32, i, a32[i] + c, wp.int32(-7 * i))
    ou32[i] = wp.atomic_cas(au32, i, au32[i] + wp.uint32(c), wp.uint32(2000000000) * wp.uint32(2) + wp.uint32(i))
    o64[i] = wp.atomic_cas(a64, i, a64[i] + wp.int64(c), wp.int64(-123456) * wp.int64(1000000) * wp.int64(i))
    ou64[i] = wp.atomic_cas(au64, i, au64[i] + wp.uint64(c), (wp.uint64(1) << wp.uint64(63)) + wp.uint64(i))
    of[i] = wp.atomic_cas(af, i, af[i] + float(c), float(i) * 0.5)
    od[i] = wp.atomic_cas(ad, i, ad[i] + wp.float64(c), wp.float64(i) * wp.float64(0.25))


@wp.kernel
def cas_nd(a2: wp.array2d(dtype=wp.int32), a3: wp.array3d(dtype=wp.float32), a4: wp.array4d(dtype=wp.uint64),
           o2: wp.array2d(dtype=wp.int32), o3: wp.array3d(dtype=wp.float32), o4: wp.array4d(dtype=wp.uint64)):
    i, j, k, l = wp.tid()
    if k == 0 and l == 0:
        o2[i, j] = wp.atomic_cas(a2, i, j, a2[i, j], i * 10 + j)
    if l == 0:
        o3[i, j, k] = wp.atomic_cas(a3, i, j, k, 1.0, float(i + j + k))
    o4[i, j, k, l] = wp.atomic_cas(a4, i, j, k, l, wp.uint64(3), wp.uint64(i * 1000 + j * 100 + k * 10 + l))


@wp.kernel
def cas_composite(v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22d), vi: wp.array(dtype=wp.vec2i),
                  ov: wp.array(dtype=wp.vec3), om: wp.array(dtype=wp.mat22d), ovi: wp.array(dtype=wp.vec2i)):
    i = wp.tid()
    cv = v[i]
    if i % 3 == 1:
        cv = wp.vec3(cv[0], cv[1] + 1.0, cv[2])  # one component differs: no swap at all
    ov[i] = wp.atomic_cas(v, i, cv, wp.vec3(float(i), 2.0, 3.0))
    cm = m[i]
    if i % 2 == 1:
        cm = wp.mat22d(cm[0, 0], cm[0, 1], cm[1, 0], wp.float64(-1.0))
    om[i] = wp.atomic_cas(m, i, cm, wp.mat22d(wp.float64(i), wp.float64(1.0), wp.float64(2.0), wp.float64(3.0)))
    ovi[i] = wp.atomic_cas(vi, i, vi[i], wp.vec2i(i, -i))


@wp.kernel
def exch_all(a32: wp.array2d(dtype=wp.int32), af: wp.array(dtype=wp.float32), ad: wp.array3d(dtype=wp.float64),
             au64: wp.array4d(dtype=wp.uint64), v: wp.array(dtype=wp.vec4), q: wp.array(dtype=wp.quat),
             m: wp.array(dtype=wp.mat33), o32: wp.array2d(dtype=wp.int32), of: wp.array(dtype=wp.float32),
             od: wp.array3d(dtype=wp.float64), ou64: wp.array4d(dtype=wp.uint64), ov: wp.array(dtype=wp.vec4),
             oq: wp.array(dtype=wp.quat), om: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    o32[i, 1] = wp.atomic_exch(a32, i, 1, i * 3)
    of[i] = wp.atomic_exch(af, i, float(i) - 10.5)
    od[i, 0, 1] = wp.atomic_exch(ad, i, 0, 1, wp.float64(i) * wp.float64(1e10))
    ou64[i, 1, 0, 1] = wp.atomic_exch(au64, i, 1, 0, 1, wp.uint64(i) << wp.uint64(40))
    ov[i] = wp.atomic_exch(v, i, wp.vec4(float(i)))
    oq[i] = wp.atomic_exch(q, i, wp.quat(0.0, 0.0, 0.0, float(i)))
    om[i] = wp.atomic_exch(m, i, wp.mat33(float(i)))


@wp.kernel
def bits(a32: wp.array(dtype=wp.int32), au32: wp.array(dtype=wp.uint32), a64: wp.array2d(dtype=wp.int64),
         au64: wp.array(dtype=wp.uint64), vi: wp.array(dtype=wp.vec3i), vu: wp.array3d(dtype=wp.vec2ul),
         x: wp.array(dtype=wp.int32)):
    i = wp.tid()
    # racy but order-independent: every thread sets, clears or flips bits
    wp.atomic_or(a32, i % 4, 1 << (i % 31))
    wp.atomic_and(au32, i % 3, ~(wp.uint32(1) << wp.uint32(i % 32)))
    wp.atomic_xor(a64, i % 2, i % 5, wp.int64(1) << wp.int64(i % 63))
    wp.atomic_or(au64, 0, wp.uint64(1) << wp.uint64(i % 64))
    wp.atomic_xor(vi, i % 2, wp.vec3i(i, 1 << (i % 20), -1))
    wp.atomic_and(vu, i % 2, 0, 1, wp.vec2ul(~(wp.uint64(1) << wp.uint64(i % 64)), (wp.uint64(1) << wp.uint64(32 + i % 8)) - wp.uint64(1)))
    # the returned old value, on an element only this thread touches
    x[i] = wp.atomic_or(x, i, 0x100) | (wp.atomic_and(x, i, 0xF0F) << 12) | (wp.atomic_xor(x, i, 7) << 24)


@wp.kernel
def aug_bits(a: wp.array(dtype=wp.int32), u: wp.array2d(dtype=wp.uint64), v: wp.array(dtype=wp.vec3i),
             s: wp.array(dtype=wp.int8), h: wp.array(dtype=wp.int16), hv: wp.array(dtype=wp.vec2ub)):
    i = wp.tid()
    a[i % 8] |= 1 << (i % 30)
    a[(i + 3) % 8] ^= i
    u[i % 2, i % 3] &= ~(wp.uint64(1) << wp.uint64(i % 64))
    v[i % 4] ^= wp.vec3i(1, i, 3 * i)
    s[i] |= wp.int8(i % 7)
    s[i] &= wp.int8(0x3C)
    s[i] ^= wp.int8(0x11)
    # 8/16-bit elements: plain read-modify-writes (no race here)
    h[i] += wp.int16(i * 3)
    h[i] -= wp.int16(7)
    hv[i] += wp.vec2ub(wp.uint8(i % 200), wp.uint8(3))


@wp.kernel
def cas_loop(x: wp.array(dtype=wp.int64), total: wp.array(dtype=wp.int64), fmax: wp.array(dtype=float)):
    i = wp.tid()
    # total[0] += x[i] * x[i] with a compare-and-swap retry loop
    while True:
        old = total[0]
        if wp.atomic_cas(total, 0, old, old + x[i] * x[i]) == old:
            break
    # fmax[0] = max(fmax[0], value) the same way, on floats
    val = float(x[i]) * 0.25
    while True:
        cur = fmax[0]
        if val <= cur:
            break
        if wp.atomic_cas(fmax, 0, cur, val) == cur:
            break


@wp.kernel
def cas_neg_zero(a: wp.array(dtype=float), o: wp.array(dtype=float)):
    i = wp.tid()
    o[i] = wp.atomic_cas(a, i, 0.0, 5.0)


TESTS = [
    dict(kernel="cas_scalars", dim=64,
         args=dict(a32=("int", -1000, 1000), au32=("int", 0, 100000), a64=("int", -10**12, 10**12),
                   au64=("int", 0, 10**15), af=("uniform", -5, 5), ad=("uniform", -5, 5))),
    dict(kernel="cas_nd", dim=(3, 4, 2, 3),
         args=dict(a2=("int", -5, 5), a3=("choice", [1.0, 2.0]), a4=("int", 2, 4)),
         shapes=dict(a2=(3, 4), o2=(3, 4), a3=(3, 4, 2), o3=(3, 4, 2))),
    dict(kernel="cas_composite", dim=30,
         args=dict(v=("uniform", -1, 1), m=("uniform", -1, 1), vi=("int", -9, 9))),
    dict(kernel="exch_all", dim=20,
         args=dict(a32=("int", -9, 9), af=("uniform", -1, 1), ad=("uniform", -1, 1), au64=("int", 0, 99),
                   v=("uniform", -1, 1), q=("uniform", -1, 1), m=("uniform", -1, 1)),
         shapes=dict(a32=(20, 2), o32=(20, 2), ad=(20, 1, 2), od=(20, 1, 2), au64=(20, 2, 1, 2),
                     ou64=(20, 2, 1, 2))),
    dict(kernel="bits", dim=2000,
         args=dict(a32=("int", 0, 0), au32=("full", 4294967295), a64=("int", -10**15, 10**15),
                   au64=("int", 0, 0), vi=("int", -100, 100), vu=("int", 0, 2**62), x=("int", 0, 2**11)),
         shapes=dict(a32=(4,), au32=(3,), a64=(2, 5), au64=(1,), vi=(2,), vu=(2, 1, 2))),
    dict(kernel="aug_bits", dim=500,
         args=dict(a=("int", 0, 1000), u=("int", 0, 2**62), v=("int", -50, 50), s=("int", -100, 100),
                   h=("int", -1000, 1000), hv=("int", 0, 50)),
         shapes=dict(a=(8,), u=(2, 3), v=(4,))),
    dict(kernel="cas_loop", dim=4000, args=dict(x=("int", -3000, 3000), fmax=("full", -1e30)),
         shapes=dict(total=(1,), fmax=(1,)), outputs=["total", "fmax"]),
    dict(kernel="cas_neg_zero", dim=4, args=dict(a=[0.0, -0.0, 1.0, -1.0])),
]
