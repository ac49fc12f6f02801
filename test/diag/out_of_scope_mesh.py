# Mesh queries are out of scope by decision: the call is reported as such
# (not as an unknown builtin), and using its result adds no further errors.
import warp as wp


@wp.kernel
def closest(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.mesh_query_point(mesh, pts[i], 1.0e6)
    out[i] = q.face

# expect: 9:9: 'mesh_query_point' is not supported by warpc: mesh queries are out of scope
