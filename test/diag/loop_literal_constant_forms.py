# More of Warp's "constants" a dynamic loop must not change: warp-lang
# 1.19.0 rejects each kernel here ("Error mutating a constant ... inside a
# dynamic loop"), and warpc accepted them.  A negated module constant and
# wp.static() bind a constant (codegen.py emit_UnaryOp folds -N,
# resolve_arg/static expressions add_constant), so does wp.pi (a module's
# attribute; a bare module constant N is not one), a tuple of literals binds
# one per name, and range(int(4)) is a dynamic loop (eval_num sees no
# constant in a call).
import warp as wp

N = wp.constant(4)


@wp.kernel
def negated_module_constant(n: int, out: wp.array(dtype=float)):
    c = -N
    for i in range(n):
        c += 1
    out[0] = float(c)


@wp.kernel
def static_value(n: int, out: wp.array(dtype=float)):
    c = wp.static(3)
    for i in range(n):
        c += 1
    out[0] = float(c)


@wp.kernel
def tuple_of_literals(n: int, out: wp.array(dtype=float)):
    a, b = 0, 1
    for i in range(n):
        a += b
    out[0] = float(a)


@wp.kernel
def range_of_a_call(n: int, out: wp.array(dtype=float)):
    c = 0
    for i in range(int(4)):
        c += 1
    out[0] = float(c)


@wp.kernel
def module_attribute(n: int, out: wp.array(dtype=float)):
    c = wp.pi
    for i in range(n):
        c += 1.0
    out[0] = c


@wp.kernel
def shadowed_by_empty_loop(n: int, out: wp.array(dtype=float)):
    # an empty range binds nothing: 'i' stays the constant 5 (warp-lang's
    # test_codegen.py test_empty_constant_loop_does_not_hide_outer_mutation)
    i = 5
    for _j in range(n):
        for i in range(20, 0):
            out[0] = float(i)
        i = i + 1
    out[0] = float(i)


@wp.kernel
def conditional_on_a_literal(n: int, out: wp.array(dtype=float)):
    # Warp evaluates an if-expression on a constant at compile time
    c = 1 if True else 2
    for i in range(n):
        c += 1
    out[0] = float(c)


# expect: 18:9: 'c' is bound to a constant before this dynamic loop
# expect: 26:9: 'c' is bound to a constant before this dynamic loop
# expect: 34:9: 'a' is bound to a literal before this dynamic loop
# expect: 42:9: 'c' is bound to a literal before this dynamic loop
# expect: 50:9: 'c' is bound to a constant before this dynamic loop
# expect: 62:9: 'i' is bound to a literal before this dynamic loop
# expect: 71:9: 'c' is bound to a constant before this dynamic loop
