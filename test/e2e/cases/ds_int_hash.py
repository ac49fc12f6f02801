"""Integer hashing with uint32 wrap-around: PCG hash, Wang hash and
a xorshift32 stream, using *, +, ^, <<, >> and ~ on uint32 values, the
results reduced to buckets with % and &."""
import warp as wp


@wp.func
def pcg(v: wp.uint32):
    state = v * wp.uint32(747796405) + wp.uint32(2891336453)
    word = ((state >> ((state >> wp.uint32(28)) + wp.uint32(4))) ^ state) * wp.uint32(277803737)
    return (word >> wp.uint32(22)) ^ word


@wp.func
def wang(v: wp.uint32):
    k = (v ^ wp.uint32(61)) ^ (v >> wp.uint32(16))
    k = k * wp.uint32(9)
    k = k ^ (k >> wp.uint32(4))
    k = k * wp.uint32(0x27D4EB2D)
    k = k ^ (k >> wp.uint32(15))
    return k


@wp.kernel
def hashes(keys: wp.array(dtype=wp.uint32), h1: wp.array(dtype=wp.uint32), h2: wp.array(dtype=wp.uint32),
           stream: wp.array(dtype=wp.uint32), bucket: wp.array(dtype=int)):
    i = wp.tid()
    k = keys[i]
    a = pcg(k)
    b = wang(k)
    h1[i] = a
    h2[i] = ~b
    x = a | wp.uint32(1)
    for _ in range(5):
        x ^= x << wp.uint32(13)
        x ^= x >> wp.uint32(17)
        x ^= x << wp.uint32(5)
    stream[i] = x
    bucket[i] = int((a ^ b) % wp.uint32(97)) + int(b & wp.uint32(0xF))


TESTS = [
    dict(kernel="hashes", dim=2000, args=dict(keys=("int", 0, 4294967295)),
         outputs=["h1", "h2", "stream", "bucket"]),
    dict(name="sequential_keys", kernel="hashes", dim=1000, args=dict(keys="arange"),
         outputs=["h1", "h2", "stream", "bucket"]),
]
