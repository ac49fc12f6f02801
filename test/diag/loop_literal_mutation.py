# A local bound to a literal is a constant in Warp, and a loop Warp does
# not unroll must not change it: warp-lang 1.19.0 rejects each kernel here
# ("Error mutating a constant ... inside a dynamic loop"), and warpc
# accepted them all before (computing what Python would).  The forms Warp
# accepts are compared in test/e2e/cases/loop_literal_rebind.py.
import warp as wp


@wp.kernel
def while_loop(n: int, out: wp.array(dtype=float)):
    c = 0
    while c < n:
        c += 1
    out[0] = float(c)


@wp.kernel
def dynamic_range(n: int, out: wp.array(dtype=float)):
    s = 0.0
    for k in range(n):
        s += 1.0
    out[0] = s


@wp.kernel
def long_constant_range(n: int, out: wp.array(dtype=float)):
    t = 0
    for k in range(20):
        t += k
    out[0] = float(t)


@wp.kernel
def bool_flag(n: int, out: wp.array(dtype=float)):
    hit = False
    for k in range(n):
        if k == 3:
            hit = True
    out[0] = float(int(hit))


@wp.kernel
def nested(n: int, out: wp.array(dtype=float)):
    e = 0
    for a in range(n):
        for b in range(2):
            e += 1
    out[0] = float(e)


@wp.kernel
def break_in_constant_range(n: int, out: wp.array(dtype=float)):
    f = 0
    for k in range(4):
        f += 1
        if f > 2:
            break
    out[0] = float(f)


@wp.kernel
def plain_rebind(n: int, out: wp.array(dtype=float)):
    g = 1.5
    for k in range(n):
        g = out[k]
    out[0] = g


# expect: 13:9: 'c' is bound to a literal before this dynamic loop
# expect: 21:9: 's' is bound to a literal before this dynamic loop
# expect: 29:9: 't' is bound to a literal before this dynamic loop
# expect: 38:13: 'hit' is bound to a literal before this dynamic loop
# expect: 47:13: 'e' is bound to a literal before this dynamic loop
# expect: 55:9: 'f' is bound to a literal before this dynamic loop
# expect: 65:9: 'g' is bound to a literal before this dynamic loop
