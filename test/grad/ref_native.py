# Gradients through wp.ref[T] parameters of a @wp.func_native with an
# adj_snippet (warp-lang 1.19): adj_<ref> starts as the adjoint of the
# parameter's final value and holds that of its initial value after the
# snippet.  (A @wp.func with wp.ref[T] parameters cannot be called from a
# backward-enabled kernel, in Warp as in warpc: test/diag/ref_args.py.)
import warp as wp


@wp.struct
class Box:
    value: float


@wp.func_native(
    "x = y * 2.0f;",
    adj_snippet="""
    adj_y += 2.0f * adj_x;
    adj_x = 0.0f;
    """,
)
def store_double(x: wp.ref[wp.float32], y: wp.float32): ...


@wp.func_native(
    "x = y * 2.0;",
    adj_snippet="""
    adj_y += 2.0 * adj_x;
    adj_x = 0.0;
    """,
)
def store_double64(x: wp.ref[wp.float64], y: wp.float64): ...


# x += y * y; returns x * 3 (the new x)
@wp.func_native(
    "x = x + y * y;\nreturn x * 3.0f;",
    adj_snippet="""
    adj_x += 3.0f * adj_ret;
    adj_y += 2.0f * y * adj_x;
    """,
)
def accum_sq(x: wp.ref[wp.float32], y: wp.float32) -> wp.float32: ...


@wp.func_native(
    "x = x + y * y;\nreturn x * 3.0;",
    adj_snippet="""
    adj_x += 3.0 * adj_ret;
    adj_y += 2.0 * y * adj_x;
    """,
)
def accum_sq64(x: wp.ref[wp.float64], y: wp.float64) -> wp.float64: ...


@wp.kernel
def local_ref(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    tmp = float(0.0)
    store_double(tmp, x[i])
    out[i] = tmp * x[i]


@wp.kernel
def local_ref_f64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    tmp = wp.float64(0.0)
    store_double64(tmp, x[i])
    out[i] = tmp * x[i]


@wp.kernel
def fields(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    b = Box()
    v = wp.vec3(0.0, 0.0, 0.0)
    store_double(b.value, x[i])
    store_double(v.y, x[i] * x[i])
    out[i] = b.value + v.y


@wp.kernel
def fields_f64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = wp.float64(0.0)
    v = wp.vec3d(wp.float64(0.0), wp.float64(0.0), wp.float64(0.0))
    store_double64(b, x[i])
    store_double64(v.y, x[i] * x[i])
    out[i] = b + v.y


@wp.kernel
def accumulate(x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    acc = x[i] * 1.5
    r = accum_sq(acc, y[i])
    out[i] = acc * r


@wp.kernel
def accumulate_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    acc = x[i] * wp.float64(1.5)
    r = accum_sq64(acc, y[i])
    out[i] = acc * r


@wp.kernel
def array_ref(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    store_double(out[i], x[i] * x[i])


@wp.kernel
def array_ref_f64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    store_double64(out[i], x[i] * x[i])


@wp.kernel
def components(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    q = wp.quatf(0.0, 0.0, 0.0, 0.0)
    t = wp.transformf(wp.vec3f(0.0, 0.0, 0.0), wp.quatf(0.0, 0.0, 0.0, 1.0))
    m = wp.mat22(0.0, 0.0, 0.0, 0.0)
    store_double(q.w, x[i])
    store_double(t.p.x, x[i] * 3.0)
    store_double(m[1, 0], x[i] * x[i])
    out[i] = q.w * t.p.x + m[1, 0]


@wp.kernel
def components_f64(x: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = wp.float64(0.0)
    b = wp.float64(0.0)
    c = wp.float64(0.0)
    store_double64(a, x[i])
    store_double64(b, x[i] * wp.float64(3.0))
    store_double64(c, x[i] * x[i])
    out[i] = a * b + c


@wp.struct
class Composite:
    quat: wp.quatf
    xform: wp.transformf


@wp.kernel
def struct_array(x: wp.array(dtype=float), boxes: wp.array(dtype=Composite), out: wp.array(dtype=float)):
    i = wp.tid()
    store_double(boxes[i].quat.w, x[i])
    store_double(boxes[i].xform.p.x, x[i] * x[i])
    out[2 * i] = boxes[i].quat.w
    out[2 * i + 1] = boxes[i].xform.p.x


GRAD_TESTS = [
    # the second call reads boxes[i] after the first wrote it back (warpc
    # warns); the gradient is still Warp's: no finite differences (no
    # float64 twin of the struct)
    dict(kernel="struct_array", dim=4, args=dict(x=("uniform", -2, 2)), shapes=dict(out=(8,)),
         outputs=["out"], inputs=["x"], fd=False),
    dict(kernel="array_ref", dim=8, args=dict(x=("uniform", -2, 2)), outputs=["out"], inputs=["x", "out"]),
    dict(kernel="components", dim=8, args=dict(x=("uniform", -2, 2)), outputs=["out"], inputs=["x"]),
    dict(kernel="local_ref", dim=8, args=dict(x=("uniform", -2, 2)), outputs=["out"], inputs=["x"]),
    dict(kernel="fields", dim=8, args=dict(x=("uniform", -2, 2)), outputs=["out"], inputs=["x"]),
    dict(kernel="accumulate", dim=8, args=dict(x=("uniform", -2, 2), y=("uniform", -2, 2)),
         outputs=["out"], inputs=["x", "y"]),
]
