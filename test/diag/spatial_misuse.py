# Misused spatial and transform builtins: wrong argument types, a wrong
# arity for the out-parameter forms, the None result of an out-parameter
# form assigned, a tuple unpacked into the wrong number of targets, a
# spatial_vector of two vectors that are not vec3s, a dtype that differs.
import warp as wp


@wp.kernel
def k(q: wp.array(dtype=wp.quat), x: wp.array(dtype=wp.transform), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a, b = wp.quat_to_axis_angle(v[i])
    t = x[i]
    wp.transform_set_translation(t, q[i])
    n = wp.transform_set_rotation(t, q[i])
    c, d = wp.transform_decompose(wp.mat44())
    axis = wp.vec3()
    wp.quat_to_axis_angle(q[i], axis)
    s = wp.spatial_vector(v[i], 1.0)
    w = wp.spatial_vector(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, dtype=wp.float64)
    e = wp.spatial_top(v[i])
    f = wp.intersect_tri_tri(v[i], v[i], v[i], v[i], v[i], wp.vec3d())

# expect: 11:12: no overload of 'quat_to_axis_angle' for argument types (vec3f)
# expect: 13:5: no overload of 'transform_set_translation' for argument types (transformf, quatf)
# expect: 14:5: cannot assign to 'n': the value is None (a function that returns nothing)
# expect: 15:5: cannot unpack a value of type 'tuple(vec3f, quatf, vec3f)' into 2 targets
# expect: 17:5: 'quat_to_axis_angle' takes 1 or 3 arguments, got 2 arguments
# expect: 18:9: 'vec6f' takes (vec3f w, vec3f v), 6 components or one value, got (vec3f, float32)
# expect: 19:63: 'vec6f' has dtype 'float32', not 'float64'
# expect: 20:9: no overload of 'spatial_top' for argument types (vec3f)
# expect: 21:9: no overload of 'intersect_tri_tri' for argument types (vec3f, vec3f, vec3f, vec3f, vec3f, vec3d)
