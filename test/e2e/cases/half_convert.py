"""Conversions to and from float16: float32 -> float16 rounds to nearest
even (ties between two halves, values past 65504 to infinity, subnormals,
values below half the smallest subnormal to zero, NaN and infinities kept);
float64 and integers convert through float32; float16 -> float32/float64 is
exact; float16 -> integers truncates.  float(h), int(h), float16 constants
(folded at compile time with the same rounding) and float16 scalar
parameters."""
import warp as wp


@wp.kernel
def to_half(x: wp.array(dtype=wp.float32), d: wp.array(dtype=wp.float64),
            h: wp.array(dtype=wp.float16), hd: wp.array(dtype=wp.float16),
            back: wp.array(dtype=wp.float32), back64: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = wp.float16(x[i])
    h[i] = v
    hd[i] = wp.float16(d[i])
    back[i] = float(v)
    back64[i] = wp.float64(v)


@wp.kernel
def half_ints(h: wp.array(dtype=wp.float16), n: wp.array(dtype=wp.int32),
              i8: wp.array(dtype=wp.int8), u8: wp.array(dtype=wp.uint8),
              i16: wp.array(dtype=wp.int16), i64: wp.array(dtype=wp.int64),
              fromint: wp.array(dtype=wp.float16), frombyte: wp.array(dtype=wp.float16)):
    i = wp.tid()
    v = h[i]
    n[i] = int(v)
    i8[i] = wp.int8(v)
    u8[i] = wp.uint8(wp.abs(v))
    i16[i] = wp.int16(v)
    i64[i] = wp.int64(v)
    fromint[i] = wp.float16(n[i] * 37 + 2049)
    frombyte[i] = wp.float16(i8[i])


@wp.kernel
def half_consts(out: wp.array(dtype=wp.float16), s: wp.float16):
    # constants fold with the runtime's rounding
    out[0] = wp.float16(0.1)
    out[1] = wp.float16(2049.0)        # tie: rounds to even 2048
    out[2] = wp.float16(2051.0)        # tie: rounds to even 2052
    out[3] = wp.float16(65519.0)       # largest finite
    out[4] = wp.float16(1.0e-7)        # subnormal
    out[5] = wp.float16(3.0e-8)        # below half the smallest subnormal
    out[6] = wp.float16(0.1) + wp.float16(0.2)
    out[7] = wp.float16(1.0) / wp.float16(3.0)
    out[8] = s * wp.float16(3.0)
    out[9] = -wp.float16(2.5)
    out[10] = wp.float16(wp.float64(0.3)) * wp.float16(7)
    out[11] = wp.sqrt(wp.float16(2.0))


TIES = [2049.0, 2051.0, 1.0 + 2.0 ** -11, 1.0 + 3 * 2.0 ** -11, -(1.0 + 2.0 ** -11),
        0.5 + 2.0 ** -12, 65504.0, 65519.0, 65520.0, 70000.0, -65520.0, 1.0e9,
        6.0e-8, 2.9802322e-08, 2.99e-08, 5.96e-08, 1.0e-5, 6.1e-5, 6.103515625e-05,
        -1.0e-6, 0.0, -0.0, float("inf"), float("-inf"), float("nan"),
        0.1, 0.2, 0.3, 1.0 / 3.0, 3.14159265, 1000.1, 0.00012345]

TESTS = [
    dict(name="to_half_edges", kernel="to_half", dim=len(TIES),
         args=dict(x=TIES, d=TIES), outputs=["h", "hd", "back", "back64"],
         rtol=0, atol=0, allow_nonfinite=True),
    dict(kernel="to_half", dim=2000,
         args=dict(x=("normal", 0, 300), d=("normal", 0, 0.01)),
         outputs=["h", "hd", "back", "back64"], rtol=0, atol=0),
    dict(kernel="half_ints", dim=300, args=dict(h=("uniform", -120, 120)),
         outputs=["n", "i8", "u8", "i16", "i64", "fromint", "frombyte"], rtol=0, atol=0),
    dict(kernel="half_consts", dim=1, args=dict(s=0.7), shapes=dict(out=(12,)),
         outputs=["out"], rtol=0, atol=0),
]
