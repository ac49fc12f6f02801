"""64-bit hashing: splitmix64 and FNV-1a over the 8 bytes of a uint64
key (uint64 multiply wrap-around, shifts, xor, byte extraction with &),
and a murmur-style finalizer; keys include values above 2^63; the
64-bit multipliers are wp.constant module values."""
import warp as wp

# 64-bit constants go through wp.constant: a literal past 2^31 written
# inside a kernel is an int32 literal in warp-lang 1.10.1 (truncated)
SM_GAMMA = wp.constant(wp.uint64(0x9E3779B97F4A7C15))
SM_M1 = wp.constant(wp.uint64(0xBF58476D1CE4E5B9))
SM_M2 = wp.constant(wp.uint64(0x94D049BB133111EB))
FNV_OFFSET = wp.constant(wp.uint64(0xCBF29CE484222325))
FNV_PRIME = wp.constant(wp.uint64(0x100000001B3))
MURMUR_M = wp.constant(wp.uint64(0xFF51AFD7ED558CCD))


@wp.func
def splitmix64(x: wp.uint64):
    z = x + SM_GAMMA
    z = (z ^ (z >> wp.uint64(30))) * SM_M1
    z = (z ^ (z >> wp.uint64(27))) * SM_M2
    return z ^ (z >> wp.uint64(31))


@wp.func
def fnv1a(x: wp.uint64):
    h = FNV_OFFSET
    for k in range(8):
        byte = (x >> wp.uint64(8 * k)) & wp.uint64(0xFF)
        h = (h ^ byte) * FNV_PRIME
    return h


@wp.kernel
def hash64(keys: wp.array(dtype=wp.uint64), a: wp.array(dtype=wp.uint64), b: wp.array(dtype=wp.uint64),
           c: wp.array(dtype=wp.uint64), bucket: wp.array(dtype=wp.int64)):
    i = wp.tid()
    k = keys[i]
    a[i] = splitmix64(k)
    b[i] = fnv1a(k)
    h = k ^ (k >> wp.uint64(33))
    h = h * MURMUR_M
    h = h ^ (h >> wp.uint64(33))
    c[i] = ~h
    bucket[i] = wp.int64(a[i] % wp.uint64(1000003)) - wp.int64(500000)


TESTS = [
    dict(kernel="hash64", dim=2000, args=dict(keys=("int", 0, (1 << 64) - 1)), outputs=["a", "b", "c", "bucket"]),
]
