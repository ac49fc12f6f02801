# The warp.math rotation helpers of warp-lang 1.19 are float32 only (their
# @wp.func signatures name vec3 / quat / transform / spatial_vector and int
# axes): float64 and float16 arguments, and int64 axes, have no overload.
import warp as wp


@wp.kernel
def k(qd: wp.array(dtype=wp.quatd), qh: wp.array(dtype=wp.quath), ah: wp.array(dtype=wp.vec3h),
      xd: wp.array(dtype=wp.transformd), vd: wp.array(dtype=wp.spatial_vectord), e: wp.array(dtype=wp.vec3),
      o: wp.array(dtype=wp.quat)):
    i = wp.tid()
    r = wp.quat_to_rpy(qd[i])
    t = wp.quat_twist(ah[i], qh[i])
    w = wp.transform_twist(xd[i], vd[i])
    o[i] = wp.quat_from_euler(e[i], wp.int64(0), 1, 2)

# expect: 12:9: no overload of 'quat_to_rpy' for argument types (quatd): Warp defines it for float32 arguments only
# expect: 13:9: no overload of 'quat_twist' for argument types (vec3h, quath): Warp defines it for float32 arguments only
# expect: 14:9: no overload of 'transform_twist' for argument types (transformd, vec6d): Warp defines it for float32 arguments only
# expect: 15:12: no overload of 'quat_from_euler' for argument types (vec3f, int64, int32, int32): the axes i, j, k must be int32
