# wp.address_of(x) -> uint64 (warp-lang 1.19): the address of a local, an
# array element, a struct field or a vector component, written through by a
# @wp.func_native snippet; the caller sees the new value.
import warp as wp


@wp.struct
class Box:
    value: wp.float32


@wp.struct
class Outer:
    inner: Box


@wp.func_native("*(int32_t*)ptr = 42;")
def set_via_ptr(ptr: wp.uint64): ...


@wp.func_native("*(float*)ptr = *(float*)ptr + 1.0f;")
def increment_via_ptr(ptr: wp.uint64): ...


@wp.func_native("*(float*)p = *(float*)p * s;\nreturn *(float*)p;")
def scale_via_ptr(p: wp.uint64, s: float) -> float: ...


@wp.func
def bump_twice(x: wp.ref[wp.float32]):
    increment_via_ptr(wp.address_of(x))
    increment_via_ptr(wp.address_of(x))


@wp.kernel(enable_backward=False)
def address_of(arr: wp.array(dtype=wp.float32), outers: wp.array(dtype=Outer), r: wp.array(dtype=wp.int32),
               out: wp.array(dtype=wp.float32)):
    i = wp.tid()
    val = wp.int32(0)
    set_via_ptr(wp.address_of(val))
    r[i] = val + i
    increment_via_ptr(wp.address_of(arr[i]))
    box = Box()
    box.value = wp.float32(4.0)
    increment_via_ptr(wp.address_of(box.value))
    v = wp.vec3(1.0, 2.0, 3.0)
    increment_via_ptr(wp.address_of(v.y))
    outers[i].inner.value = wp.float32(i)
    increment_via_ptr(wp.address_of(outers[i].inner.value))
    w = wp.float32(i) + 0.5
    got = scale_via_ptr(wp.address_of(w), 3.0)
    bump_twice(w)
    out[i * 5 + 0] = box.value
    out[i * 5 + 1] = v.y
    out[i * 5 + 2] = got
    out[i * 5 + 3] = w
    out[i * 5 + 4] = v.x + v.z


TESTS = [
    dict(kernel="address_of", dim=5, args=dict(arr=("uniform", -2, 2)), shapes=dict(out=(25,)),
         outputs=["arr", "outers", "r", "out"]),
]
