# Volume builtins given the wrong types, a dtype no grid has, a gradient
# variable of the wrong shape and keywords beside dtype=.
import warp as wp


@wp.kernel
def k(v: wp.uint64, p: wp.array(dtype=wp.vec3), out: wp.array(dtype=float), d: wp.array(dtype=wp.int8)):
    i = wp.tid()
    out[i] = wp.volume_sample_f(v, p[i], 1.5)
    out[i] = wp.volume_sample_f(i, p[i], wp.Volume.LINEAR)
    x = wp.volume_sample(v, p[i], wp.Volume.LINEAR, dtype=wp.int8)
    g = wp.vec3()
    out[i] = wp.volume_sample_grad(v, p[i], wp.Volume.LINEAR, g, dtype=wp.vec3)
    out[i] = wp.volume_sample(v, p[i], mode=0, dtype=float)
    out[i] = wp.volume_sample_index(v, p[i], 0, d, wp.int8(0))
    wp.volume_store_f(v, i, i, i, 1)
    y = wp.volume_lookup(v, i, i, i, dtype=wp.mat22)

# expect: 9:14: no overload of 'volume_sample_f' for argument types (uint64, vec3f, float32): takes (uint64 id, vec3f uvw[, int32 sampling_mode])
# expect: 10:14: no overload of 'volume_sample_f' for argument types (int32, vec3f, int32): takes (uint64 id, vec3f uvw[, int32 sampling_mode])
# expect: 11:9: no overload of 'volume_sample' for argument types (uint64, vec3f, int32, int8): the value type must be float32, float64, int32, int64, uint32, vec3f, vec3d, vec4f or vec4d
# expect: 13:63: 'g' is a vec3f; the gradient is a mat33f
# expect: 13:14: cannot store a value of type 'vec3f' into an array of 'float32'
# expect: 14:40: 'volume_sample' has no parameter 'mode'
# expect: 15:14: no overload of 'volume_sample_index' for argument types (uint64, vec3f, int32, array(dtype=int8, ndim=1), int8): takes (uint64 id, vec3f uvw, int32 sampling_mode, array(dtype=T) voxel_data, T background) with T a float, int or float vector type (a float type for the gradient)
# expect: 16:5: no overload of 'volume_store_f' for argument types (uint64, int32, int32, int32, int32): takes (uint64 id, int32 i, int32 j, int32 k, float32 value)
# expect: 17:9: no overload of 'volume_lookup' for argument types (uint64, int32, int32, int32, mat22f): the value type must be float32, float64, int32, int64, uint32, vec3f, vec3d, vec4f or vec4d
