"""Every scalar operation warpc folds at compile time (lib/ir/fold.c), on
constant operands whose results depend on the case the fold must get right:
float comparisons with equal, smaller and larger operands (== != < <= > >=
in float32, float64 and float16), unsigned comparisons with the top bit set
(where a signed compare answers the other way), `and` / `or` / `not` of
floats and integers (0.0 false, -1.0 and 0.5 true), float32 and float16
rounding at every step, integer wrap-around at each width, `/` `//` `%` of
negative integers and floats, negation, and conversions (float to bool and
to narrower floats, uint64 above 2**63 to float64, integers to narrower
integers).  Each value is also computed at run time from the same numbers
read from an array (`x`), so warp-lang's answer for it does not come from a
fold.  (Mutants of these folds survived every test before this one, issue
18.)"""
import warp as wp

F = wp.float32
D = wp.float64
H = wp.float16


@wp.kernel
def compares(out: wp.array2d(dtype=int)):
    i = wp.tid()
    # float32: equal, smaller, larger
    out[i, 0] = int(F(1.5) == F(1.5)) + 2 * int(F(1.5) == F(2.5)) + 4 * int(F(2.5) == F(1.5))
    out[i, 1] = int(F(1.5) != F(1.5)) + 2 * int(F(1.5) != F(2.5)) + 4 * int(F(2.5) != F(1.5))
    out[i, 2] = int(F(1.5) < F(1.5)) + 2 * int(F(1.5) < F(2.5)) + 4 * int(F(2.5) < F(1.5))
    out[i, 3] = int(F(1.5) <= F(1.5)) + 2 * int(F(1.5) <= F(2.5)) + 4 * int(F(2.5) <= F(1.5))
    out[i, 4] = int(F(1.5) > F(1.5)) + 2 * int(F(1.5) > F(2.5)) + 4 * int(F(2.5) > F(1.5))
    out[i, 5] = int(F(1.5) >= F(1.5)) + 2 * int(F(1.5) >= F(2.5)) + 4 * int(F(2.5) >= F(1.5))
    # float64 and float16, negative operands; values that differ below float32
    out[i, 6] = int(D(-0.1) == D(-0.1)) + 2 * int(D(0.1) == D(0.1) + D(1.0e-17)) + 4 * int(D(-3.0) < D(-2.0))
    out[i, 7] = int(D(-3.0) > D(-2.0)) + 2 * int(D(-2.0) >= D(-2.0)) + 4 * int(D(-2.0) <= D(-3.0))
    out[i, 8] = int(H(0.5) == H(0.5)) + 2 * int(H(0.5) != H(0.25)) + 4 * int(H(-0.5) > H(0.25))
    out[i, 9] = int(H(-0.5) < H(0.25)) + 2 * int(H(1.0) >= H(2.0)) + 4 * int(H(1.0) <= H(1.0))
    # unsigned: the top bit set
    out[i, 10] = int(wp.uint32(4000000000) > wp.uint32(1)) + 2 * int(wp.uint32(4000000000) < wp.uint32(1))
    out[i, 11] = int(wp.uint64(18446744073709551615) > wp.uint64(1)) + 2 * int(
        wp.uint64(18446744073709551615) <= wp.uint64(2))
    out[i, 12] = int(wp.uint8(200) >= wp.uint8(100)) + 2 * int(wp.uint16(60000) < wp.uint16(7))
    # signed integers: negative operands
    out[i, 13] = int(-3 < 2) + 2 * int(-3 > 2) + 4 * int(wp.int64(-5) >= wp.int64(-5)) + 8 * int(
        wp.int8(-1) <= wp.int8(-2))
    out[i, 14] = int(7 == 7) + 2 * int(7 != 7) + 4 * int(wp.int16(-7) == wp.int16(7))


@wp.kernel
def logic(out: wp.array2d(dtype=int)):
    i = wp.tid()
    out[i, 0] = int(F(0.5) and F(-1.0)) + 2 * int(F(0.0) and F(1.0)) + 4 * int(F(-1.0) and F(0.0))
    out[i, 1] = int(F(0.0) or F(0.0)) + 2 * int(F(0.0) or F(-1.0)) + 4 * int(F(0.25) or F(0.0))
    out[i, 2] = int(not bool(F(0.0))) + 2 * int(not bool(F(-1.0))) + 4 * int(not bool(D(0.5)))
    out[i, 3] = int(3 and -1) + 2 * int(0 and 1) + 4 * int(0 or 0) + 8 * int(0 or -2)
    out[i, 4] = int(not 0) + 2 * int(not -1) + 4 * int(not 5)
    out[i, 5] = int(bool(F(-1.0))) + 2 * int(bool(F(0.0))) + 4 * int(bool(D(0.5))) + 8 * int(bool(-3))


@wp.kernel
def arith(fo: wp.array2d(dtype=float), d64: wp.array2d(dtype=wp.float64),
          ho: wp.array2d(dtype=wp.float16), io: wp.array2d(dtype=int), lo: wp.array2d(dtype=wp.int64),
          uo: wp.array2d(dtype=wp.uint64), bo: wp.array2d(dtype=wp.uint8)):
    i = wp.tid()
    # float32 rounds every step: (1e8 + 1) - 1e8 is 0, in float64 it is 1
    fo[i, 0] = (F(1.0e8) + F(1.0)) - F(1.0e8)
    fo[i, 1] = F(0.1) * F(3.0) - F(0.3)
    fo[i, 2] = F(7.5) // F(-2.0)
    fo[i, 3] = F(-7.5) % F(2.0)
    fo[i, 4] = F(1.0) / F(3.0)
    fo[i, 5] = -F(2.5) + +F(0.5)
    fo[i, 6] = F(16777216.0) + F(1.0)
    fo[i, 7] = F(0.7) // F(0.1)
    fo[i, 8] = float(-7 + 2)
    d64[i, 0] = (D(1.0e8) + D(1.0)) - D(1.0e8)
    d64[i, 1] = D(-7.5) // D(2.0)
    d64[i, 2] = D(7.5) % D(-2.0)
    d64[i, 3] = D(1.0) / D(3.0) - D(2.0) * D(0.1)
    d64[i, 4] = D(wp.uint64(18446744073709551615))
    d64[i, 5] = D(wp.uint64(9223372036854775809))
    d64[i, 6] = D(wp.int64(-9007199254740993))
    d64[i, 7] = D(F(0.1))
    d64[i, 8] = D(wp.int64(-5) * wp.int64(3))  # a folded negative int64, converted
    ho[i, 0] = H(0.1) + H(0.2)
    ho[i, 1] = H(100.0) * H(100.0) / H(7.0)
    ho[i, 2] = H(2049.0) + H(1.0)
    ho[i, 3] = -H(3.0) // H(2.0)
    ho[i, 4] = H(F(1.0001))
    io[i, 0] = -7 / 2
    io[i, 1] = -7 // 2
    io[i, 2] = -7 % 2
    io[i, 3] = 7 // -2
    io[i, 4] = 7 % -2
    io[i, 5] = -8 // 2
    io[i, 6] = 2147483647 * 3
    io[i, 7] = -2147483647 - 5
    io[i, 8] = int(wp.int8(100) + wp.int8(100))
    io[i, 9] = int(wp.int8(-128) - wp.int8(1))
    io[i, 10] = int(-wp.int8(-128))
    io[i, 11] = int(wp.int16(300) * wp.int16(300))
    io[i, 12] = int(wp.uint16(3) - wp.uint16(5))
    io[i, 13] = int(wp.int8(300))
    io[i, 14] = int(wp.uint8(-1))
    io[i, 15] = int(wp.int16(70000))
    lo[i, 0] = wp.int64(-7) // wp.int64(2)
    lo[i, 1] = wp.int64(-7) % wp.int64(3)
    lo[i, 2] = wp.int64(9223372036854775807) + wp.int64(1)
    lo[i, 3] = wp.int64(-9) / wp.int64(4)
    lo[i, 4] = wp.int64(4294967296) * wp.int64(4294967297)
    uo[i, 0] = wp.uint64(7) // wp.uint64(2)
    uo[i, 1] = wp.uint64(18446744073709551615) // wp.uint64(3)
    uo[i, 2] = wp.uint64(18446744073709551615) % wp.uint64(10)
    uo[i, 3] = wp.uint64(0) - wp.uint64(1)
    uo[i, 4] = wp.uint64(wp.uint32(4000000000)) * wp.uint64(5)
    bo[i, 0] = wp.uint8(250) + wp.uint8(10)
    bo[i, 1] = wp.uint8(200) // wp.uint8(7)
    bo[i, 2] = wp.uint8(200) % wp.uint8(7)
    bo[i, 3] = wp.uint8(16) * wp.uint8(17)
    bo[i, 4] = -wp.uint8(1)


TESTS = [
    dict(kernel="compares", dim=2, shapes=dict(out=(2, 15))),
    dict(kernel="logic", dim=2, shapes=dict(out=(2, 6))),
    dict(kernel="arith", dim=2,
         shapes=dict(fo=(2, 9), d64=(2, 9), ho=(2, 5), io=(2, 16), lo=(2, 5), uo=(2, 5), bo=(2, 5)),
         rtol=0, atol=0),
]
