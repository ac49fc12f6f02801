"""A local bound to literals on both paths of an `if` (or rebound to one
in a branch after a binding before it) is no longer Warp's "constant"
after the `if`: warp-lang merges the two bindings with a select
(codegen.py emit_If: `where(cond, if_var, else_var)`), which a dynamic
loop may then change.  warp-lang 1.19.0 accepts each kernel here; warpc
rejected them ("'c' is bound to a literal before this dynamic loop").
(A literal bound on one path only, with no binding before the `if`,
stays a constant in Warp: test/diag/loop_literal_mutation.py's forms.)"""
import warp as wp


@wp.kernel
def both_paths(n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    if n > i:
        c = 5
    else:
        c = 6
    for k in range(n):
        c += k
    out[i] = float(c)


@wp.kernel
def rebound_in_branch(n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    c = 0.5
    if i > 2:
        c = 1.5
    for k in range(n):
        c = c * 2.0
    out[i] = c


@wp.kernel
def rebound_in_unrolled_loop(n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    c = 0
    for j in range(3):
        if i > j:
            c = 1
    for k in range(n):
        c += 1
    out[i] = float(c)


@wp.kernel
def then_literal_else_loop(n: int, out: wp.array(dtype=float)):
    # newton 1.8's effort_limit_condensation._gather: the then branch binds
    # a literal, the else branch's dynamic loop changes the name; warp-lang
    # starts the else from the symbols before the if (warpc took the then's
    # literal for the else's)
    i = wp.tid()
    good = n > i
    if good:
        if i == 0:
            good = False
        else:
            for k in range(n):
                if k == i:
                    good = False
    out[i] = float(int(good))


@wp.kernel
def literal_from_earlier_loop(n: int, out: wp.array(dtype=float)):
    # a literal bound inside a dynamic loop is a variable after it (warp-lang
    # materializes what the loop changed): a later loop may change it
    i = wp.tid()
    flag = n > i
    for k in range(i):
        flag = False
    for k in range(n - i):
        flag = True
    out[i] = float(int(flag))


TESTS = [
    dict(kernel="both_paths", dim=6, args=dict(n=4), outputs=["out"]),
    dict(kernel="rebound_in_branch", dim=6, args=dict(n=4), outputs=["out"]),
    dict(kernel="rebound_in_unrolled_loop", dim=6, args=dict(n=4), outputs=["out"]),
    dict(kernel="then_literal_else_loop", dim=6, args=dict(n=4), outputs=["out"]),
    dict(kernel="literal_from_earlier_loop", dim=6, args=dict(n=4), outputs=["out"]),
]
