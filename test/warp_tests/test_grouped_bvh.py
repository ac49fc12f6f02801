"""warp-lang 1.19.0's warp/tests/geometry/test_grouped_bvh.py: its
module-level kernels on BVHs of random boxes with random groups, and a
mesh of four stacked quads with a group each (see test/e2e/README.md,
"warp-lang's own tests").  The BVH and mesh are warp-lang's for the oracle
and the runtime's for warpc (test/tools/e2e_obj_bvh.py, e2e_obj_mesh.py).
Queries report sets (bounds_intersected flags, counts and xor checksums),
which do not depend on the tree."""

TARGET = "warp/tests/geometry/test_grouped_bvh.py"

NB = 100
BOXES = dict(lowers=("uniform", 0.0, 5.0), uppers=("uniform", 5.0, 7.0), groups=("int", 0, 4))
SHAPES = dict(lowers=(NB,), uppers=(NB,), groups=(NB,), bounds_intersected=(NB,))
BVH = ("object", "bvh", dict(lowers="lowers", uppers="uppers", groups="groups"))
BVH1 = ("object", "bvh", dict(lowers="lowers", uppers="uppers", groups="groups", leaf_size=4))
QUADS = dict(qp=("values", [[x, y, z] for z in range(4) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]),
             qt=("values", [4 * z + k for z in range(4) for k in (0, 1, 2, 0, 2, 3)]),
             qg=("values", [z for z in range(4) for _ in range(2)]))
MESH = ("object", "mesh", dict(points="qp", indices="qt", groups="qg"))


def launch(kernel, dim, args, outputs, arrays=BOXES, shapes=SHAPES, name=None):
    arrays = dict(arrays)
    for k, v in list(args.items()):  # list fills of array parameters
        if isinstance(v, list) and k == "group_ids":
            arrays[k] = ("values", v)
            del args[k]
    used = set(arrays) | set(outputs)
    return dict(name=name or kernel, dim=dim, arrays=arrays,
                shapes={k: v for k, v in shapes.items() if k in used},
                launches=[dict(kernel=kernel, args=args)], outputs=outputs)


TESTS = [
    launch("bvh_query_aabb", 1, dict(bvh_id=BVH, lower=[1.0, 2.0, 1.5], upper=[4.0, 3.0, 6.0]),
           ["bounds_intersected"]),
    launch("bvh_query_ray", 1, dict(bvh_id=BVH1, start=[-1.0, 2.0, 3.0], dir=[1.0, 0.3, 0.2]),
           ["bounds_intersected"]),
    # group ids -1 .. 5: 0 .. 4 exist, the others have no root (the whole tree)
    launch("bvh_query_aabb_group", 7, dict(bvh_id=BVH, lower=[1.0, 2.0, 1.5], upper=[4.0, 3.0, 6.0],
                                           group_ids=[-1, 0, 1, 2, 3, 4, 5]),
           ["bounds_intersected"], shapes=dict(SHAPES, group_ids=(7,))),
    launch("bvh_query_aabb_group", 1, dict(bvh_id=BVH1, lower=[1.0, 2.0, 1.5], upper=[4.0, 3.0, 6.0],
                                           group_ids=[3]),
           ["bounds_intersected"], shapes=dict(SHAPES, group_ids=(1,)), name="bvh_query_aabb_one_group"),
    launch("bvh_query_ray_group", 1, dict(bvh_id=BVH, start=[-1.0, 2.0, 3.0], dir=[1.0, 0.3, 0.2],
                                          group_ids=[2]),
           ["bounds_intersected"], shapes=dict(SHAPES, group_ids=(1,))),
    launch("mesh_query_ray_group", 1, dict(mesh_id=MESH, start=[0.3, 0.6, 10.0], direction=[0.0, 0.0, -1.0],
                                           group_id=1),
           ["face"], arrays=QUADS, shapes=dict(qp=(16,), qt=(24,), qg=(8,), face=(1,))),
    launch("compute_num_contact_with_checksums_brutal", NB,
           dict(bvh_lowers="lowers", bvh_uppers="uppers", bvh_groups="groups", test_lowers="lowers",
                test_uppers="uppers", test_groups="groups"),
           ["counts", "check_sums"]),
    launch("compute_num_contact_with_checksums", NB, dict(bvh_id=BVH), ["counts", "check_sums"]),
]

UNTESTED = {"get_group_root": "writes the node index of each group's subtree root, an index into the "
                              "implementation's own tree (warpc's and warp-lang's differ); the roots are "
                              "used, not compared, by the group tests above"}
