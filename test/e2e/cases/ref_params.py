# wp.ref[T] parameters of @wp.func and @wp.func_native (warp-lang 1.19):
# assignments, augmented assignments, component/field stores and tuple
# unpacking into a ref parameter change the caller's local, array element,
# struct field or component.
import warp as wp


@wp.struct
class Box:
    value: wp.float32


@wp.struct
class Inner:
    value: wp.float32


@wp.struct
class Outer:
    inner: Inner


@wp.struct
class Composite:
    inner: Inner
    vec: wp.vec3
    mat: wp.mat33
    quat: wp.quatf
    xform: wp.transformf


@wp.func
def increment(x: wp.ref[wp.int32]):
    x += 1


@wp.func
def outer_increment(x: wp.ref[wp.int32]):
    increment(x)  # a ref parameter forwarded to another
    x = x * 3


@wp.func
def add_to(x: wp.ref[wp.float32], delta: wp.float32):
    x += delta


@wp.func
def set_float(x: wp.ref[wp.float32], value: wp.float32):
    x = value


@wp.func
def set_vec3(x: wp.ref[wp.vec3], value: wp.vec3):
    x = value


@wp.func
def bump_vec(v: wp.ref[wp.vec3]):
    v[0] += 1.0
    v.z = v.z * 2.0


@wp.func
def bump_mat(m: wp.ref[wp.mat33]):
    m[0, 0] += 1.0
    m[2] = wp.vec3(7.0, 8.0, 9.0)


@wp.func
def bump_box(b: wp.ref[Box]):
    b.value += 2.5


@wp.func
def set_outer(o: wp.ref[Outer], value: wp.float32):
    set_float(o.inner.value, value)


@wp.func
def swap(x: wp.ref[wp.float32], y: wp.ref[wp.float32]):
    x, y = y, x


@wp.func
def old_then_set(x: wp.ref[wp.float32]) -> wp.float32:
    old, x = x, wp.float32(2.0)
    return old


@wp.func
def early(x: wp.ref[wp.int32], n: wp.int32) -> wp.int32:
    if n > 2:
        x = n * 10
        return 1
    x = -n
    return 0


@wp.func
def loop_accum(x: wp.ref[wp.float32], v: wp.ref[wp.vec3], n: wp.int32) -> wp.int32:
    for k in range(n):
        x += wp.float32(k)
        v[k % 3] = v[k % 3] + x
        if x > 20.0:
            return k
    while x > 1.0:
        x = x * 0.5
    return -1


@wp.func
def set_quat(q: wp.ref[wp.quatf], t: wp.ref[wp.transformf]):
    q = wp.quatf(0.0, 0.0, 0.0, 1.0)
    # (1.19.0 rejects t.p = ... on a ref transform: whole-value assignment)
    t = wp.transformf(wp.vec3(1.0, 2.0, 3.0), t.q)


@wp.func_native("x = x + 5;")
def native_add5(x: wp.ref[wp.int32]): ...


@wp.func_native("x = y * 2.0f;\nreturn y + 1.0f;")
def native_store_double(x: wp.ref[wp.float32], y: wp.float32) -> wp.float32: ...


@wp.func_native("v.c[1] = s;")
def native_set_y(v: wp.ref[wp.vec3], s: wp.float32): ...


@wp.kernel(enable_backward=False)
def scalars(a: wp.array(dtype=wp.float32), r: wp.array(dtype=wp.int32), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    val = wp.int32(i)
    increment(val)
    outer_increment(val)
    r[i] = val
    add_to(a[i], wp.float32(10.0))
    x = a[i]
    y = wp.float32(i) * 0.5
    swap(x, y)
    out[i * 4 + 0] = x
    out[i * 4 + 1] = y
    z = wp.float32(9.0)
    out[i * 4 + 2] = old_then_set(z) + z * 100.0
    w = wp.int32(0)
    k = early(w, i)
    out[i * 4 + 3] = wp.float32(k * 1000 + w)
    acc = a[i]
    vv = wp.vec3(0.0, 0.0, 0.0)
    r[i] = r[i] + 100 * loop_accum(acc, vv, i + 2)
    a[i] = acc + vv[0] + vv[1] * 2.0 + vv[2] * 3.0


@wp.kernel(enable_backward=False)
def composites(vs: wp.array(dtype=wp.vec3), ms: wp.array(dtype=wp.mat33), out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    bump_vec(vs[i])
    bump_mat(ms[i])
    v = wp.vec3(1.0, 2.0, 3.0)
    m = wp.mat33(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0)
    set_float(v[-1], wp.float32(i) + 10.0)
    set_vec3(m[-1], wp.vec3(30.0, 31.0, 32.0))
    set_float(m[1, 2], wp.float32(i) + 20.0)
    set_float(v.x, v.y * 3.0)
    out[i * 8 + 0] = v.x
    out[i * 8 + 1] = v.z
    out[i * 8 + 2] = m[2, 0]
    out[i * 8 + 3] = m[1, 2]
    q = wp.quatf(1.0, 2.0, 3.0, 4.0)
    t = wp.transformf(wp.vec3(0.0, 0.0, 0.0), wp.quatf(0.0, 0.0, 0.0, 1.0))
    set_quat(q, t)
    set_float(q.x, wp.float32(5.0))
    set_float(t.p.y, wp.float32(i))
    out[i * 8 + 4] = q.x + q.w
    out[i * 8 + 5] = t.p.x + t.p.y * 10.0
    c = v.y
    set_float(c, wp.float32(99.0))  # a copy: v is unchanged
    out[i * 8 + 6] = v.y
    out[i * 8 + 7] = c


@wp.kernel(enable_backward=False)
def structs(boxes: wp.array(dtype=Box), outers: wp.array(dtype=Outer), comps: wp.array(dtype=Composite),
            out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    b = Box()
    b.value = wp.float32(i)
    bump_box(b)
    set_float(boxes[i].value, wp.float32(i) + 10.0)
    bump_box(boxes[i])
    set_float(outers[i].inner.value, wp.float32(i) + 20.0)
    o = Outer()
    set_outer(o, wp.float32(i) + 0.25)
    set_float(comps[i].vec.y, wp.float32(i) + 30.0)
    set_float(comps[i].mat[1, 2], wp.float32(i) + 40.0)
    set_float(comps[i].xform.p.x, wp.float32(i) + 50.0)
    set_float(comps[i].quat.w, wp.float32(i) + 60.0)
    add_to(b.value, o.inner.value)
    out[i] = b.value


@wp.kernel(enable_backward=False)
def natives(x: wp.array(dtype=wp.float32), r: wp.array(dtype=wp.int32), out: wp.array(dtype=wp.float32),
            vs: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    local = wp.int32(10) + i
    native_add5(local)
    r[i * 2] = local
    native_add5(r[i * 2 + 1])
    tmp = wp.float32(0.0)
    s = native_store_double(tmp, x[i])
    out[i * 3] = tmp
    out[i * 3 + 1] = s
    native_store_double(out[i * 3 + 2], x[i] + 1.0)
    native_set_y(vs[i], x[i])


TESTS = [
    dict(kernel="scalars", dim=6, args=dict(a=("uniform", -2, 2)), shapes=dict(out=(24,)),
         outputs=["a", "r", "out"]),
    dict(kernel="composites", dim=4, args=dict(vs=("uniform", -1, 1), ms=("uniform", -1, 1)),
         shapes=dict(out=(32,)), outputs=["vs", "ms", "out"]),
    dict(kernel="structs", dim=4, outputs=["boxes", "outers", "comps", "out"]),
    dict(kernel="natives", dim=5, args=dict(x=("uniform", -2, 2), vs=("uniform", -1, 1)),
         shapes=dict(r=(10,), out=(15,)), outputs=["r", "out", "vs"]),
]
