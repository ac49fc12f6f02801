"""warp-lang 1.19.0's warp/tests/geometry/test_mesh.py: its module-level
kernels on the file's own cube (both windings), with the arguments its
tests launch them with (see test/e2e/README.md, "warp-lang's own tests").
The mesh is warp-lang's wp.Mesh for the oracle and the runtime's wp_mesh
for warpc (test/tools/e2e_obj_mesh.py); the kernels' wp.expect_* checks
(expected faces, positions, distances and signs) must hold."""

TARGET = "warp/tests/geometry/test_mesh.py"

POINTS = [[0.5, -0.5, 0.5], [-0.5, -0.5, 0.5], [0.5, 0.5, 0.5], [-0.5, 0.5, 0.5],
          [-0.5, -0.5, -0.5], [0.5, -0.5, -0.5], [-0.5, 0.5, -0.5], [0.5, 0.5, -0.5]]
RIGHT = [0, 3, 1, 0, 2, 3, 4, 7, 5, 4, 6, 7, 6, 2, 7, 6, 3, 2, 5, 1, 4, 5, 0, 1, 5, 2, 0, 5, 7, 2, 1, 6, 4, 1, 3, 6]
LEFT = [0, 1, 3, 0, 3, 2, 4, 5, 7, 4, 7, 6, 6, 7, 2, 6, 2, 3, 5, 4, 1, 5, 1, 0, 5, 0, 2, 5, 2, 7, 1, 4, 6, 1, 6, 3]


def mesh(indices, **kw):
    return ("object", "mesh", dict(points="pts", indices=indices, **kw))


def run(kernel, dim, args, outputs, name=None, **arrays):
    shapes = dict(pts=(8,), right=(36,), left=(36,), grp=(12,), out_indices=(36,))
    used = dict(pts=("values", POINTS), **arrays)
    return dict(name=name or kernel, dim=dim, arrays=used,
                shapes={k: v for k, v in shapes.items() if k in used or k in outputs},
                launches=[dict(kernel=kernel, args=args)], outputs=outputs)


RIGHT_A = dict(right=("values", RIGHT))
LEFT_A = dict(left=("values", LEFT))

TESTS = [
    run("read_points_kernel", 8, dict(mesh_id=mesh("right")), ["out_points"], **RIGHT_A),
    run("read_indices_kernel", 12, dict(mesh_id=mesh("right")), ["out_indices"], **RIGHT_A),
    run("query_point_kernel", 1, dict(mesh_id=mesh("right"), expected_sign=-1.0), [], **RIGHT_A),
    run("query_point_kernel", 1, dict(mesh_id=mesh("left"), expected_sign=1.0), [], name="query_point_left", **LEFT_A),
    run("query_ray_kernel", 1, dict(mesh_id=mesh("right", leaf_size=2), expected_sign=-1.0), [], **RIGHT_A),
    run("query_ray_kernel", 1, dict(mesh_id=mesh("left"), expected_sign=1.0), [], name="query_ray_left", **LEFT_A),
    run("query_ray_group_kernel", 1, dict(mesh_id=mesh("right")), [], **RIGHT_A),
    run("query_ray_group_kernel", 1, dict(mesh_id=mesh("right", groups="grp")), [], name="query_ray_same_group",
        grp=("values", [0] * 12), **RIGHT_A),
    run("query_ray_group_kernel", 1, dict(mesh_id=mesh("right", groups="grp", leaf_size=4)), [],
        name="query_ray_two_groups", grp=("values", [0] * 6 + [1] * 6), **RIGHT_A),
    run("query_ray_hit_kernel", 1, dict(mesh_id=mesh("right"), origin=[0.0, 2.0, 0.0], direction=[0.0, -1.0, 0.0]),
        ["hit_result"], **RIGHT_A),
    run("query_ray_hit_kernel", 1, dict(mesh_id=mesh("right"), origin=[10.0, 2.0, 0.0],
                                        direction=[0.0, -1.0, 0.0]),
        ["hit_result"], name="query_ray_miss", **RIGHT_A),
]
