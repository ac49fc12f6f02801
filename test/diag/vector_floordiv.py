# Warp's // (floordiv) takes two scalars of one type; there is no vector //
# (warp-lang 1.19: "Couldn't find function overload for 'floordiv'"). % on
# vectors stays component-wise.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a[i] = a[i] // wp.vec3i(2, 2, 2)
    b[i] = wp.floordiv(b[i], b[i])
    a[i] = a[i] % wp.vec3i(2, 2, 2)
    q = wp.quat(1.0, 2.0, 3.0, 4.0) % wp.quat(1.0, 1.0, 1.0, 1.0)

# expect: 10:12: cannot floor-divide 'vec3i' and 'vec3i'
# expect: 11:12: cannot floor-divide 'vec3f' and 'vec3f'
# expect: 13:9: cannot take the remainder of 'quatf' and 'quatf'
