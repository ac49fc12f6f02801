"""Factories calling factories, as newton's collision code is written: a
factory's local bound to another factory's call (`solve_gjk =
create_solver(f)`), tuple unpacking of the funcs one returns (`a, b, c =
create_support_map(f)`, also through a parameter: `_support_funcs`), an
attribute the factory sets on the func it returns (`solve.core =
solve_core`), `support_func in (f, g)` over funcs, factory calls inside wp.static() in a kernel
(`wp.static(create_solver(f))(x)`, `wp.static(create_solver(f).core)(x)`),
and module-level tuple unpacking of a factory's func and kernel (`f1, k1 =
create_fk_closure(10, 7)`: launcher t_k1)."""
import warp as wp


@wp.func
def support_box(d: wp.vec3) -> wp.vec3:
    return wp.vec3(wp.sign(d[0]), wp.sign(d[1]), wp.sign(d[2]))


@wp.func
def support_sphere(d: wp.vec3) -> wp.vec3:
    return wp.normalize(d)


@wp.func
def support_point(d: wp.vec3) -> wp.vec3:
    return wp.vec3(0.5, 0.25, 0.0)


def create_support_map(support_func):
    @wp.func
    def support_b(d: wp.vec3) -> wp.vec3:
        return -support_func(-d)

    @wp.func
    def minkowski(d: wp.vec3) -> wp.vec3:
        return support_func(d) - support_b(d)

    @wp.func
    def center() -> wp.vec3:
        return wp.vec3(0.0)

    return support_b, minkowski, center


def create_solver(support_func, _support_funcs=None):
    if _support_funcs is not None:
        _sb, mink, _center = _support_funcs
    else:
        _sb, mink, _center = create_support_map(support_func)

    boxy = support_func in (support_box, support_sphere)

    @wp.func
    def solve_core(d: wp.vec3) -> float:
        if wp.static(boxy):
            return wp.length(mink(d))
        return -wp.length(mink(d))

    @wp.func
    def solve(d: wp.vec3) -> float:
        return 2.0 * solve_core(d)

    solve.core = solve_core
    return solve


def create_contact(support_func):
    support_funcs = create_support_map(support_func)
    solve_gjk = create_solver(support_func, _support_funcs=support_funcs)

    @wp.func
    def contact(d: wp.vec3) -> float:
        return solve_gjk(d) + 1.0

    return contact


contact_box = create_contact(support_box)


def create_fk_closure(a, b):
    @wp.func
    def f():
        return a

    @wp.kernel
    def k(out: wp.array(dtype=int)):
        out[0] = f() + b

    return f, k


fk_func_1, fk_kernel_1 = create_fk_closure(10, 7)
fk_func_2, fk_kernel_2 = create_fk_closure(40, 2)


@wp.kernel
def fk_combine(out: wp.array(dtype=int)):
    out[0] = fk_func_1() + fk_func_2()


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), out: wp.array(dtype=float), out2: wp.array(dtype=float), out3: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.static(create_solver(support_box))(a[i])
    out2[i] = wp.static(create_solver(support_box).core)(a[i])
    out3[i] = contact_box(a[i]) + wp.static(create_solver(support_point))(a[i])


TESTS = [
    dict(kernel="k", dim=16, args=dict(a=("uniform", -1, 1)), outputs=["out", "out2", "out3"]),
    dict(kernel="fk_kernel_1", dim=1, shapes=dict(out=1), outputs=["out"]),
    dict(kernel="fk_kernel_2", dim=1, shapes=dict(out=1), outputs=["out"]),
    dict(kernel="fk_combine", dim=1, shapes=dict(out=1), outputs=["out"]),
]
