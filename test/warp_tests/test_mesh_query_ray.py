"""warp-lang 1.19.0's warp/tests/geometry/test_mesh_query_ray.py: its
module-level kernels on a mesh of the harness's (an icosahedron, the
kernels' meshes come from USD files or test code), with rays from random
points in random directions (see test/e2e/README.md, "warp-lang's own
tests").  The mesh is warp-lang's wp.Mesh for the oracle and the runtime's
wp_mesh for warpc (test/tools/e2e_obj_mesh.py); the kernels' own
wp.expect_* checks (the out-parameter and struct forms agree) must hold."""
import numpy as np

TARGET = "warp/tests/geometry/test_mesh_query_ray.py"

_t = (1.0 + 5.0 ** 0.5) / 2.0
VERTS = (np.array([(-1, _t, 0), (1, _t, 0), (-1, -_t, 0), (1, -_t, 0), (0, -1, _t), (0, 1, _t),
                   (0, -1, -_t), (0, 1, -_t), (_t, 0, -1), (_t, 0, 1), (-_t, 0, -1), (-_t, 0, 1)])
         * np.array([1.0, 0.8, 1.2])).astype(np.float32).tolist()
TRIS = [0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8,
        3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1]
N = 64
MESH = ("object", "mesh", dict(points="verts", indices="tris"))
ARRAYS = dict(verts=("values", VERTS), tris=("values", TRIS))
SHAPES = dict(verts=(12,), tris=(60,))
RAYS = dict(ray_starts=("uniform", -3.0, 3.0), ray_directions=("uniform", -1.0, 1.0))


def run(kernel, args, arrays, outputs, shapes=None):
    return dict(name=kernel, dim=N, arrays=dict(arrays, **ARRAYS), shapes=dict(SHAPES, **(shapes or {})),
                launches=[dict(kernel=kernel, args=args)], outputs=outputs)


TESTS = [
    run("mesh_query_ray_loss", dict(mesh=MESH),
        dict(query_points=("uniform", -3.0, 3.0), query_dirs=("uniform", -1.0, 1.0)),
        ["intersection_points", "loss"]),
    run("mesh_query_ray_count_intersections_kernel", dict(mesh=MESH), RAYS, ["counts"]),
    run("mesh_query_ray_count_intersections_brutal", dict(points="verts", indices="tris"), RAYS, ["counts"]),
    run("mesh_query_ray_with_results", dict(mesh=MESH, max_t=100.0), RAYS, ["faces", "counts"]),
    run("mesh_query_ray_brutal", dict(points="verts", indices="tris", max_t=100.0), RAYS, ["faces", "counts"]),
    run("mesh_query_ray_anyhit_kernel", dict(mesh=MESH, max_t=2.0), RAYS, ["counts"]),
    run("raycast_kernel", dict(mesh=MESH), RAYS, ["count"], shapes=dict(count=(1,))),
]
