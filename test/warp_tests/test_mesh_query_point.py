"""warp-lang 1.19.0's warp/tests/geometry/test_mesh_query_point.py: its
module-level kernels on a mesh of the harness's (a stretched icosahedron;
the file's own come from USD files) and random query points (see
test/e2e/README.md, "warp-lang's own tests").  The mesh is warp-lang's
wp.Mesh for the oracle and the runtime's wp_mesh for warpc
(test/tools/e2e_obj_mesh.py); the kernels' wp.expect_* checks (the
out-parameter and struct forms agree) must hold.

Ties: a point whose closest feature is an edge or a vertex has several
closest faces, and each side keeps the first its own tree finds (see
<warp/mesh.h>), so the query kernels' `query_faces` are not compared; the
signs and distances are (the brute-force kernel's faces are: it loops over
the faces in order on both sides)."""
import numpy as np

TARGET = "warp/tests/geometry/test_mesh_query_point.py"

_t = (1.0 + 5.0 ** 0.5) / 2.0
VERTS = (np.array([(-1, _t, 0), (1, _t, 0), (-1, -_t, 0), (1, -_t, 0), (0, -1, _t), (0, 1, _t),
                   (0, -1, -_t), (0, 1, -_t), (_t, 0, -1), (_t, 0, 1), (-_t, 0, -1), (-_t, 0, 1)])
         * np.array([1.0, 0.8, 1.2])).astype(np.float32)
TRIS = [0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2, 10, 7, 6, 7, 1, 8,
        3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4, 11, 6, 2, 10, 8, 6, 7, 9, 8, 1]
VELS = (np.sin(np.arange(36.0)) * 0.5).reshape(12, 3).astype(np.float32).tolist()
N = 64


def mesh(**kw):
    return ("object", "mesh", dict(points="verts", indices="tris", **kw))


ARRAYS = dict(verts=("values", VERTS.tolist()), tris=("values", TRIS), query_points=("uniform", -2.5, 2.5))
SHAPES = dict(verts=(12,), tris=(60,))
SIGNED = ["query_signs", "query_dist"]


def run(kernel, args, outputs, arrays=None, shapes=None, base=ARRAYS):
    shp = {k: v for k, v in dict(SHAPES, **(shapes or {})).items() if k in base or k in (arrays or {})}
    return dict(name=kernel, dim=N, arrays=dict(base, **(arrays or {})), shapes=shp,
                launches=[dict(kernel=kernel, args=args)], outputs=outputs)


TESTS = [
    run("sample_mesh_query", dict(mesh=mesh()), SIGNED),
    run("sample_mesh_query_no_sign", dict(mesh=mesh()), ["query_dist"]),
    run("sample_mesh_query_sign_normal", dict(mesh=mesh()), SIGNED),
    run("sample_mesh_query_sign_winding_number", dict(mesh=mesh(support_winding_number=True)), SIGNED),
    run("sample_mesh_query_sign_parity", dict(mesh=mesh()), SIGNED),
    run("sample_mesh_brute", dict(tri_points="verts", tri_indices="tris", tri_count=20),
        ["query_faces", "query_signs", "query_dist"]),
    run("mesh_query_point_loss", dict(mesh=mesh()), ["projected_points", "loss"]),
    run("sample_furthest_points", dict(mesh=mesh()), ["query_result"]),
    run("sample_furthest_points_brute", dict(mesh_points="verts"), ["query_result"],
        base=dict(verts=ARRAYS["verts"], query_points=ARRAYS["query_points"])),
    run("point_query_aabb_and_closest",
        dict(query_radius=0.8, mesh_id=mesh(velocities="vels"), pos="verts", tri_indices="tri2d", pts="query_points"),
        ["query_results_num_collisions", "query_results_min_dist", "query_results_closest_point_velocity"],
        arrays=dict(vels=("values", VELS), tri2d=("values", np.array(TRIS).reshape(20, 3).tolist())),
        shapes=dict(vels=(12,), tri2d=(20, 3))),
]
