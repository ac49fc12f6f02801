"""What warp-lang lets a loop do to a local bound to a literal (its
"constant"): change it in a loop it unrolls (constant range() bounds, at
most max_unroll = 16 iterations, no break), change it after an augmented
assignment or a typed declaration made it a variable, rebind a loop's own
variable.  test/diag/loop_literal_mutation.py holds the forms warp-lang
rejects (a dynamic loop changing such a constant), which warpc rejects
too."""
import warp as wp


@wp.kernel
def allowed(n: int, out: wp.array(dtype=float), cnt: wp.array(dtype=int)):
    i = wp.tid()
    # unrolled by Warp: constant bounds, 4 iterations
    s = 0.0
    for k in range(4):
        s += float(k) * 0.5
    # a typed declaration is a variable
    c = int(0)
    for k in range(n):
        c += k
    # after `+=` outside any loop, the local is a variable
    d = 1
    d += i
    for k in range(n):
        d += 1
    # a while loop changing a typed bool
    found = bool(False)
    j = int(0)
    while j < n and not found:
        if j == i:
            found = True
        j += 1
    # the loop variable of a dynamic loop is the loop's own
    m = 5
    for m in range(n):
        m = m + 1
    out[i] = s + float(c) + float(d) + float(m)
    cnt[i] = int(found) + j


@wp.kernel
def negated_values(n: int, out: wp.array(dtype=float)):
    # the negation of a parameter, a vector's component or an array's
    # shape is no constant (only that of a literal or a module constant)
    i = wp.tid()
    v = wp.vec3(1.0, 2.0, 3.0)
    a = -n
    b = -v.x
    d = -out.shape[0]
    e = v.y
    for k in range(n):
        a += 1
        b += 1.0
        d += 1
        e += 1.0
    out[i] = float(a) + b + float(d) + e


@wp.kernel
def range_true(n: int, out: wp.array(dtype=float)):
    # range(True) is range(1) to Python, which Warp unrolls: the literal
    # may change in it (warpc took it for a dynamic loop)
    c = 0
    for k in range(True):
        c += 1 + k
    out[0] = float(c)


TESTS = [
    dict(kernel="allowed", dim=8, args=dict(n=6), shapes=dict(out=(8,), cnt=(8,)),
         outputs=["out", "cnt"]),
    dict(kernel="negated_values", dim=4, args=dict(n=3), outputs=["out"]),
    dict(kernel="range_true", dim=1, args=dict(n=3), shapes=dict(out=(1,)), outputs=["out"]),
]
