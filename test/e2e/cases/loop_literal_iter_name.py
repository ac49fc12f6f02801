"""A name that was the variable of a loop Warp unrolls is exempt from the
"constant mutated in a dynamic loop" rule for the rest of the function in
warp-lang 1.19.0 (codegen.py: loop_const_iter_symbols;
_promote_mutated_iter_constants turns such a name bound to a literal into
a variable before a dynamic loop changes it): warp-lang accepts this
kernel, warpc rejected it ("'j' is bound to a literal before this dynamic
loop").  warp-lang checks at the end of the dynamic loop, so a name that
an unrolled loop inside it binds after the change is exempt too."""
import warp as wp


@wp.kernel
def iter_name_reused(n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for j in range(3):
        s += float(j * i)
    j = 0
    for k in range(n):
        j = j + k
    out[i] = s + float(j)


@wp.kernel
def iter_name_later_in_loop(n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    j = 0
    for k in range(n):
        j = j + 1
        for j in range(2):
            s += float(j + i)
    out[i] = s + float(j)


TESTS = [
    dict(kernel="iter_name_reused", dim=5, args=dict(n=6), outputs=["out"]),
    dict(kernel="iter_name_later_in_loop", dim=5, args=dict(n=4), outputs=["out"]),
]
