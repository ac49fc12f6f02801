# A component of a part of a local transform (`t.p.x = v`, `t.q[1] += v`):
# warp-lang 1.19 assigns a copy of the part and drops the write (it keeps
# the write on an array element, `y[i].p[1] = v`), so warpc reports it
# instead of computing something else.
import warp as wp


@wp.kernel
def k(y: wp.array(dtype=wp.transform), z: wp.array(dtype=wp.transform)):
    i = wp.tid()
    t = y[i]
    t.p.x = 9.0
    t.q[1] += 4.0
    z[i] = t

# expect: 12:5: assigning a component of 't.p' is dropped by warp-lang 1.19 (it writes a copy); assign the whole part instead, e.g. t.p = wp.vec3(...)
# expect: 13:5: assigning a component of 't.q' is dropped by warp-lang 1.19
