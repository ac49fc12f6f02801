"""8- and 16-bit integers (int8, uint8, int16, uint16): every operator with
Warp's C semantics (operands promote to int, results wrap to the type when
stored: overflow of + - * and unary -, shifts that push bits out, ~),
truncating / and %, // (truncating for integers, as in Warp), comparisons,
min/max/clamp/abs/sign/step/nonzero, conversions between them and to/from
int32 and float32 (wrapping / truncating), `a[i] += x` on their arrays."""
import warp as wp


@wp.kernel
def ops_int8(a: wp.array(dtype=wp.int8), b: wp.array(dtype=wp.int8), out: wp.array2d(dtype=wp.int8),
              cmp: wp.array(dtype=wp.int32), acc: wp.array(dtype=wp.int8), s: wp.int8):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = x % y
    out[i, 5] = x // y
    out[i, 6] = -x
    out[i, 7] = x & y
    out[i, 8] = x | y
    out[i, 9] = x ^ y
    out[i, 10] = ~x
    out[i, 11] = x << wp.int8(3)
    out[i, 12] = x >> wp.int8(2)
    out[i, 13] = wp.min(x, y)
    out[i, 14] = wp.max(x, y)
    out[i, 15] = wp.clamp(x, wp.int8(1), wp.int8(90))
    out[i, 16] = wp.abs(x)
    out[i, 17] = wp.sign(x)
    out[i, 18] = wp.step(x)
    out[i, 19] = wp.nonzero(x)
    out[i, 20] = x * s + y * y - s
    out[i, 21] = wp.int8(int(x) * 1000 + 77)      # int32 -> T wraps
    out[i, 22] = wp.int8(wp.float32(x) * 2.5)     # float32 -> T truncates
    out[i, 23] = +x
    out[i, 24] = wp.where(x < y, x, y)
    c = wp.int32(0)
    if x < y:
        c = c + 1
    if x <= y:
        c = c + 2
    if x > y:
        c = c + 4
    if x >= y:
        c = c + 8
    if x == y:
        c = c + 16
    if x != y:
        c = c + 32
    if x:
        c = c + 64
    if not y:
        c = c + 128
    cmp[i] = c
    acc[i % 7] += x


@wp.kernel
def ops_uint8(a: wp.array(dtype=wp.uint8), b: wp.array(dtype=wp.uint8), out: wp.array2d(dtype=wp.uint8),
              cmp: wp.array(dtype=wp.int32), acc: wp.array(dtype=wp.uint8), s: wp.uint8):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = x % y
    out[i, 5] = x // y
    out[i, 6] = -x
    out[i, 7] = x & y
    out[i, 8] = x | y
    out[i, 9] = x ^ y
    out[i, 10] = ~x
    out[i, 11] = x << wp.uint8(3)
    out[i, 12] = x >> wp.uint8(2)
    out[i, 13] = wp.min(x, y)
    out[i, 14] = wp.max(x, y)
    out[i, 15] = wp.clamp(x, wp.uint8(1), wp.uint8(90))
    out[i, 16] = wp.abs(x)
    out[i, 17] = wp.sign(x)
    out[i, 18] = wp.step(x)
    out[i, 19] = wp.nonzero(x)
    out[i, 20] = x * s + y * y - s
    out[i, 21] = wp.uint8(int(x) * 1000 + 77)      # int32 -> T wraps
    out[i, 22] = wp.uint8(wp.float32(x) * 2.5)     # float32 -> T truncates
    out[i, 23] = +x
    out[i, 24] = wp.where(x < y, x, y)
    c = wp.int32(0)
    if x < y:
        c = c + 1
    if x <= y:
        c = c + 2
    if x > y:
        c = c + 4
    if x >= y:
        c = c + 8
    if x == y:
        c = c + 16
    if x != y:
        c = c + 32
    if x:
        c = c + 64
    if not y:
        c = c + 128
    cmp[i] = c
    acc[i % 7] += x


@wp.kernel
def ops_int16(a: wp.array(dtype=wp.int16), b: wp.array(dtype=wp.int16), out: wp.array2d(dtype=wp.int16),
              cmp: wp.array(dtype=wp.int32), acc: wp.array(dtype=wp.int16), s: wp.int16):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = x % y
    out[i, 5] = x // y
    out[i, 6] = -x
    out[i, 7] = x & y
    out[i, 8] = x | y
    out[i, 9] = x ^ y
    out[i, 10] = ~x
    out[i, 11] = x << wp.int16(3)
    out[i, 12] = x >> wp.int16(2)
    out[i, 13] = wp.min(x, y)
    out[i, 14] = wp.max(x, y)
    out[i, 15] = wp.clamp(x, wp.int16(1), wp.int16(90))
    out[i, 16] = wp.abs(x)
    out[i, 17] = wp.sign(x)
    out[i, 18] = wp.step(x)
    out[i, 19] = wp.nonzero(x)
    out[i, 20] = x * s + y * y - s
    out[i, 21] = wp.int16(int(x) * 1000 + 77)      # int32 -> T wraps
    out[i, 22] = wp.int16(wp.float32(x) * 2.5)     # float32 -> T truncates
    out[i, 23] = +x
    out[i, 24] = wp.where(x < y, x, y)
    c = wp.int32(0)
    if x < y:
        c = c + 1
    if x <= y:
        c = c + 2
    if x > y:
        c = c + 4
    if x >= y:
        c = c + 8
    if x == y:
        c = c + 16
    if x != y:
        c = c + 32
    if x:
        c = c + 64
    if not y:
        c = c + 128
    cmp[i] = c
    acc[i % 7] += x


@wp.kernel
def ops_uint16(a: wp.array(dtype=wp.uint16), b: wp.array(dtype=wp.uint16), out: wp.array2d(dtype=wp.uint16),
              cmp: wp.array(dtype=wp.int32), acc: wp.array(dtype=wp.uint16), s: wp.uint16):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x + y
    out[i, 1] = x - y
    out[i, 2] = x * y
    out[i, 3] = x / y
    out[i, 4] = x % y
    out[i, 5] = x // y
    out[i, 6] = -x
    out[i, 7] = x & y
    out[i, 8] = x | y
    out[i, 9] = x ^ y
    out[i, 10] = ~x
    out[i, 11] = x << wp.uint16(3)
    out[i, 12] = x >> wp.uint16(2)
    out[i, 13] = wp.min(x, y)
    out[i, 14] = wp.max(x, y)
    out[i, 15] = wp.clamp(x, wp.uint16(1), wp.uint16(90))
    out[i, 16] = wp.abs(x)
    out[i, 17] = wp.sign(x)
    out[i, 18] = wp.step(x)
    out[i, 19] = wp.nonzero(x)
    out[i, 20] = x * s + y * y - s
    out[i, 21] = wp.uint16(int(x) * 1000 + 77)      # int32 -> T wraps
    out[i, 22] = wp.uint16(wp.float32(x) * 2.5)     # float32 -> T truncates
    out[i, 23] = +x
    out[i, 24] = wp.where(x < y, x, y)
    c = wp.int32(0)
    if x < y:
        c = c + 1
    if x <= y:
        c = c + 2
    if x > y:
        c = c + 4
    if x >= y:
        c = c + 8
    if x == y:
        c = c + 16
    if x != y:
        c = c + 32
    if x:
        c = c + 64
    if not y:
        c = c + 128
    cmp[i] = c
    acc[i % 7] += x


@wp.kernel
def small_convert(a: wp.array(dtype=wp.int16), i8: wp.array(dtype=wp.int8), u8: wp.array(dtype=wp.uint8),
                  u16: wp.array(dtype=wp.uint16), i32: wp.array(dtype=wp.int32), f: wp.array(dtype=wp.float32)):
    i = wp.tid()
    x = a[i]
    i8[i] = wp.int8(x)
    u8[i] = wp.uint8(x)
    u16[i] = wp.uint16(x)
    i32[i] = wp.int32(wp.uint8(x)) + wp.int32(wp.int8(x)) * 1000
    f[i] = wp.float32(wp.uint16(x)) + wp.float32(wp.int8(x))


def spec(k, lo, hi, s, name):
    return dict(name=name, kernel=k, dim=600,
                args=dict(a=("int", lo, hi), b=("choice", [v for v in (-7, -3, -1, 1, 2, 5, 9, 100) if lo <= v <= hi]), s=s),
                shapes=dict(out=(600, 25), acc=(7,)), outputs=["out", "cmp", "acc"])


TESTS = [
    spec("ops_int8", -128, 127, 77, "int8"),
    spec("ops_uint8", 0, 255, 201, "uint8"),
    spec("ops_int16", -32768, 32767, 12345, "int16"),
    spec("ops_uint16", 0, 65535, 54321, "uint16"),
    dict(kernel="small_convert", dim=1000, args=dict(a=("int", -32768, 32767)),
         outputs=["i8", "u8", "u16", "i32", "f"]),
]
