# @wp.struct constructors take every field or none (warp-lang 1.10.1 has no
# partial constructor: S(x) or S(b=x) of a two-field struct fails there too).
import warp as wp


@wp.struct
class S:
    a: wp.vec3
    b: float


@wp.kernel
def k(out: wp.array(dtype=float)):
    i = wp.tid()
    s0 = S()
    s1 = S(wp.vec3(1.0), 2.0)
    s2 = S(b=2.0, a=wp.vec3(1.0))
    s3 = S(wp.vec3(1.0), b=2.0)
    s4 = S(b=2.0)
    s5 = S(wp.vec3(1.0))
    s6 = S(wp.vec3(1.0), a=wp.vec3(2.0))
    s7 = S(wp.vec3(1.0), 2.0, 3.0)
    s8 = S(c=1.0)
    out[i] = s0.b + s1.b + s2.b + s3.b

# expect: 19:10: 'S(...)' needs every field or none: field 'a' is missing (S() makes a zero value)
# expect: 20:10: 'S(...)' needs every field or none: field 'b' is missing (S() makes a zero value)
# expect: 21:26: field 'a' of 'S' is given twice
# expect: 22:10: 'S' has 2 fields, 3 arguments given
# expect: 23:12: struct 'S' has no field 'c'
