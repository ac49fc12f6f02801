"""A transform hierarchy (scene graph) flattened level by level: world =
parent_world * local with transform_multiply, inverse world transforms,
points and directions mapped with transform_point / transform_vector,
rotation and translation read back with transform_get_rotation /
transform_get_translation, root set with transform_identity and the
wp.transformation constructor."""
import warp as wp


@wp.kernel
def propagate(parent: wp.array(dtype=int), local: wp.array(dtype=wp.transform), world: wp.array(dtype=wp.transform),
              level_lo: int, level_hi: int):
    i = wp.tid()
    node = level_lo + i
    if node >= level_hi:
        return
    l = local[node]
    l = wp.transformation(wp.transform_get_translation(l), wp.normalize(wp.transform_get_rotation(l)))
    par = parent[node]
    if par < 0:
        world[node] = wp.transform_multiply(wp.transform_identity(), l)
    else:
        world[node] = wp.transform_multiply(world[par], l)


@wp.kernel
def query(world: wp.array(dtype=wp.transform), p: wp.array(dtype=wp.vec3), wp_out: wp.array(dtype=wp.vec3),
          wd_out: wp.array(dtype=wp.vec3), local_out: wp.array(dtype=wp.vec3), pos_out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    X = world[i]
    a = wp.transform_point(X, p[i])
    wp_out[i] = a
    wd_out[i] = wp.transform_vector(X, p[i])
    local_out[i] = wp.transform_point(wp.transform_inverse(X), a)
    pos_out[i] = wp.transform_get_translation(X) + wp.quat_rotate(wp.transform_get_rotation(X), wp.vec3(0.0, 1.0, 0.0))


# a binary tree of 31 nodes, 5 levels
PARENT = [-1] + [(k - 1) // 2 for k in range(1, 31)]
LEVELS = [(0, 1), (1, 3), (3, 7), (7, 15), (15, 31)]
TESTS = [
    dict(name="scene", dim=16, arrays=dict(parent=PARENT, local=("uniform", -1, 1), p=("uniform", -1, 1)),
         shapes=dict(parent=(31,), local=(31,), world=(31,), p=(31,)),
         launches=[dict(kernel="propagate", args=dict(level_lo=lo, level_hi=hi)) for lo, hi in LEVELS]
         + [dict(kernel="query", dim=31)],
         outputs=["world", "wp_out", "wd_out", "local_out", "pos_out"], rtol=1e-4, atol=1e-5),
]
