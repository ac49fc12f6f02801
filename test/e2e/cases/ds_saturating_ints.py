"""Saturating small-integer arithmetic as in image and audio code: int8
and uint8 adds done in int32 then clamped, int16 audio mixing with
gain in fixed point (>> 15), uint16 accumulation with explicit wrap by
&, and conversions between the widths."""
import warp as wp


@wp.kernel
def saturate(a: wp.array(dtype=wp.int8), b: wp.array(dtype=wp.int8), p: wp.array(dtype=wp.uint8),
             q: wp.array(dtype=wp.uint8), s8: wp.array(dtype=wp.int8), u8: wp.array(dtype=wp.uint8)):
    i = wp.tid()
    s = int(a[i]) + int(b[i])
    s8[i] = wp.int8(wp.clamp(s, -128, 127))
    u = int(p[i]) + int(q[i]) - 64
    u8[i] = wp.uint8(wp.clamp(u, 0, 255))


@wp.kernel
def mix_audio(x: wp.array(dtype=wp.int16), y: wp.array(dtype=wp.int16), gain_q15: int, out: wp.array(dtype=wp.int16),
              acc: wp.array(dtype=wp.uint16)):
    i = wp.tid()
    m = (int(x[i]) * gain_q15) >> 15
    m = m + (int(y[i]) * (32768 - gain_q15) >> 15)
    out[i] = wp.int16(wp.clamp(m, -32768, 32767))
    acc[i] = wp.uint16((int(acc[i]) + int(x[i]) * 3) & 0xFFFF)


TESTS = [
    dict(kernel="saturate", dim=1000,
         args=dict(a=("int", -128, 127), b=("int", -128, 127), p=("int", 0, 255), q=("int", 0, 255)),
         outputs=["s8", "u8"]),
    dict(kernel="mix_audio", dim=1000,
         args=dict(x=("int", -32768, 32767), y=("int", -32768, 32767), gain_q15=20000, acc=("int", 0, 65535)),
         outputs=["out", "acc"]),
]
