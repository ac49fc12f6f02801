"""Bit manipulation idioms: popcount by Kernighan's loop, bit reversal
of uint32 by swapping masks, parity, count of leading zeros by binary
search, next power of two, isolating the lowest set bit with x & -x on
int64, and masks over uint8 / int16 values."""
import warp as wp


@wp.kernel
def bits32(x: wp.array(dtype=wp.uint32), pop: wp.array(dtype=int), rev: wp.array(dtype=wp.uint32),
           clz: wp.array(dtype=int), np2: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    v = x[i]
    c = int(0)
    t = v
    while t != wp.uint32(0):
        t = t & (t - wp.uint32(1))
        c += 1
    pop[i] = c
    r = v
    r = ((r >> wp.uint32(1)) & wp.uint32(0x55555555)) | ((r & wp.uint32(0x55555555)) << wp.uint32(1))
    r = ((r >> wp.uint32(2)) & wp.uint32(0x33333333)) | ((r & wp.uint32(0x33333333)) << wp.uint32(2))
    r = ((r >> wp.uint32(4)) & wp.uint32(0x0F0F0F0F)) | ((r & wp.uint32(0x0F0F0F0F)) << wp.uint32(4))
    r = ((r >> wp.uint32(8)) & wp.uint32(0x00FF00FF)) | ((r & wp.uint32(0x00FF00FF)) << wp.uint32(8))
    r = (r >> wp.uint32(16)) | (r << wp.uint32(16))
    rev[i] = r
    n = int(0)
    y = v
    if y == wp.uint32(0):
        n = 32
    else:
        if (y & wp.uint32(0xFFFF0000)) == wp.uint32(0):
            n += 16
            y = y << wp.uint32(16)
        if (y & wp.uint32(0xFF000000)) == wp.uint32(0):
            n += 8
            y = y << wp.uint32(8)
        if (y & wp.uint32(0xF0000000)) == wp.uint32(0):
            n += 4
            y = y << wp.uint32(4)
        if (y & wp.uint32(0xC0000000)) == wp.uint32(0):
            n += 2
            y = y << wp.uint32(2)
        if (y & wp.uint32(0x80000000)) == wp.uint32(0):
            n += 1
    clz[i] = n
    p = (v >> wp.uint32(4)) - wp.uint32(1)
    p |= p >> wp.uint32(1)
    p |= p >> wp.uint32(2)
    p |= p >> wp.uint32(4)
    p |= p >> wp.uint32(8)
    p |= p >> wp.uint32(16)
    np2[i] = p + wp.uint32(1)


@wp.kernel
def bits_small(a: wp.array(dtype=wp.int64), b: wp.array(dtype=wp.uint8), c: wp.array(dtype=wp.int16),
               low: wp.array(dtype=wp.int64), par: wp.array(dtype=int), m8: wp.array(dtype=wp.uint8),
               m16: wp.array(dtype=wp.int16)):
    i = wp.tid()
    v = a[i]
    low[i] = v & (-v)
    p = wp.int64(0)
    t = v
    for _ in range(64):
        p = p ^ (t & wp.int64(1))
        t = t >> wp.int64(1)
    par[i] = int(p)
    m8[i] = (b[i] ^ wp.uint8(0xA5)) & ~wp.uint8(0x0F) | (b[i] >> wp.uint8(4))
    m16[i] = (c[i] << wp.int16(2)) ^ (c[i] >> wp.int16(3)) | wp.int16(1)


TESTS = [
    dict(kernel="bits32", dim=2000, args=dict(x=("int", 16, 1 << 30)), outputs=["pop", "rev", "clz", "np2"]),
    dict(kernel="bits_small", dim=1000,
         args=dict(a=("int", -(1 << 40), 1 << 40), b=("int", 0, 255), c=("int", -4000, 4000)),
         outputs=["low", "par", "m8", "m16"]),
]
