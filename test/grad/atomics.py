"""Atomics and augmented array assignment: wp.atomic_add / wp.atomic_sub
into shared slots (scatter through an index array), `+=` and `-=` on array
elements, a sum into a one-element loss, atomic_add of vectors.  The
adjoint of an accumulation passes the slot's adjoint straight through
(gathered by every thread that added to it).  Forward sums are compared with
atol 1e-5 (float32 atomic sums in an unspecified order)."""
import warp as wp


@wp.kernel
def scatter(op: int, idx: wp.array(dtype=int), a: wp.array(dtype=float), b: wp.array(dtype=float),
            acc: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), accv: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    j = idx[i]
    x = a[i]
    z = b[i]
    if op == 0:
        wp.atomic_add(acc, j, x * z + wp.sin(x))
    elif op == 1:
        wp.atomic_sub(acc, j, x * x * z)
        wp.atomic_add(acc, 0, z)
    elif op == 2:
        acc[j] += x / (z * z + 1.0)
        acc[(j + 1) % 4] -= x * z
    elif op == 3:
        acc[0] += (x - z) * (x - z)
    elif op == 4:
        wp.atomic_add(accv, j, v[i] * x)
        accv[0] -= wp.cross(v[i], wp.vec3(z, 1.0, x))


@wp.kernel
def scatter_f64(op: int, idx: wp.array(dtype=int), a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64),
                acc: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d), accv: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    j = idx[i]
    x = a[i]
    z = b[i]
    if op == 0:
        wp.atomic_add(acc, j, x * z + wp.sin(x))
    elif op == 1:
        wp.atomic_sub(acc, j, x * x * z)
        wp.atomic_add(acc, 0, z)
    elif op == 2:
        acc[j] += x / (z * z + wp.float64(1.0))
        acc[(j + 1) % 4] -= x * z
    elif op == 3:
        acc[0] += (x - z) * (x - z)
    elif op == 4:
        wp.atomic_add(accv, j, v[i] * x)
        accv[0] -= wp.cross(v[i], wp.vec3d(z, wp.float64(1.0), x))


def T(name, op, inputs, outputs=("acc",), **kw):
    return dict(name=name, kernel="scatter", dim=12,
                args=dict(op=op, idx=("int", 0, 3), a=("uniform", -1.5, 1.5), b=("uniform", -1.5, 1.5),
                          v=("uniform", -1, 1)),
                shapes=dict(acc=(4,), accv=(4,)), outputs=list(outputs), inputs=inputs, fwd_tol=(1e-5, 1e-5),
                **kw)


GRAD_TESTS = [
    T("atomic_add", 0, ["a", "b"]),
    T("atomic_sub", 1, ["a", "b"]),
    T("plus_minus_equal", 2, ["a", "b"]),
    T("loss_sum", 3, ["a", "b"]),
    T("atomic_add_vec", 4, ["a", "b", "v"], outputs=("accv",)),
]
