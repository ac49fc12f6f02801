"""copysign (float16/32/64: |x| with the sign bit of y, signed zeros
included) and bit_count (every integer type: the set bits of the
two's-complement pattern, the sign bit included, as int32), builtins of
warp-lang 1.19."""
import warp as wp


@wp.kernel
def copysign_f(x32: wp.array(dtype=wp.float32), y32: wp.array(dtype=wp.float32), o32: wp.array(dtype=wp.float32),
               x64: wp.array(dtype=wp.float64), y64: wp.array(dtype=wp.float64), o64: wp.array(dtype=wp.float64),
               x16: wp.array(dtype=wp.float16), y16: wp.array(dtype=wp.float16), o16: wp.array(dtype=wp.float16),
               lit: wp.array(dtype=wp.float32)):
    i = wp.tid()
    o32[i] = wp.copysign(x32[i], y32[i])
    o64[i] = wp.copysign(x64[i], y64[i])
    o16[i] = wp.copysign(x16[i], y16[i])
    lit[i] = wp.copysign(3.0, y32[i]) + wp.copysign(x32[i], -1.0)


@wp.kernel
def bit_count(a8: wp.array(dtype=wp.int8), u8: wp.array(dtype=wp.uint8), a16: wp.array(dtype=wp.int16),
              u16: wp.array(dtype=wp.uint16), a32: wp.array(dtype=wp.int32), u32: wp.array(dtype=wp.uint32),
              a64: wp.array(dtype=wp.int64), u64: wp.array(dtype=wp.uint64), out: wp.array2d(dtype=wp.int32)):
    i = wp.tid()
    out[i, 0] = wp.bit_count(a8[i])
    out[i, 1] = wp.bit_count(u8[i])
    out[i, 2] = wp.bit_count(a16[i])
    out[i, 3] = wp.bit_count(u16[i])
    out[i, 4] = wp.bit_count(a32[i])
    out[i, 5] = wp.bit_count(u32[i])
    out[i, 6] = wp.bit_count(a64[i])
    out[i, 7] = wp.bit_count(u64[i])
    out[i, 8] = wp.bit_count(i - 20)
    out[i, 9] = wp.bit_count(-1)


X = ("uniform", -3, 3)
Y = ("choice", [-2.5, -0.0, 0.0, 1.5, -1.0, 4.0])

TESTS = [
    dict(kernel="copysign_f", dim=64, args=dict(x32=X, y32=Y, x64=X, y64=Y, x16=X, y16=Y),
         outputs=["o32", "o64", "o16", "lit"]),
    dict(kernel="bit_count", dim=40, shapes=dict(out=(40, 10)),
         args=dict(a8=("int", -128, 127), u8=("int", 0, 255), a16=("int", -32768, 32767), u16=("int", 0, 65535),
                   a32=("int", -2**31, 2**31 - 1), u32=("int", 0, 2**32 - 1), a64=("int", -2**63, 2**63 - 1),
                   u64=("int", 0, 2**64 - 1)),
         outputs=["out"]),
]
