"""warp-lang 1.19.0's warp/tests/geometry/test_bvh.py: its module-level
kernels on BVHs of random boxes (leaf sizes 1 and 4; see
test/e2e/README.md, "warp-lang's own tests").  The BVH is warp-lang's for
the oracle and the runtime's for warpc (test/tools/e2e_obj_bvh.py).
Queries report sets (bounds_intersected flags and hit counts, counts and
xor checksums), which do not depend on the tree.

The block-wide kernels (the tile_*_query_* steps and their deprecated
*_tiled aliases) take each step's result out of its tile with wp.untile,
launched as Warp's test launches them (one block of 64 threads; a block is
one thread on Warp's CPU backend, where each step gives a tile of shape
(1,) that untile hands to that thread): each result must be reported
once.  The CUDA compile of this spec checks their CUDA form (a tile of
the block width, the result in element 0)."""

TARGET = "warp/tests/geometry/test_bvh.py"

NB = 100
BOXES = dict(lowers=("uniform", 0.0, 5.0), uppers=("uniform", 5.0, 7.0))
SHAPES = dict(lowers=(NB,), uppers=(NB,), bounds_intersected=(NB,))
BVH = ("object", "bvh", dict(lowers="lowers", uppers="uppers"))
BVH4 = ("object", "bvh", dict(lowers="lowers", uppers="uppers", leaf_size=4))


def launch(kernel, dim, args, outputs, arrays=BOXES, shapes=SHAPES, name=None, block_dim=None):
    used = set(arrays) | set(outputs)
    t = dict(name=name or kernel, dim=dim, arrays=dict(arrays),
             shapes={k: v for k, v in shapes.items() if k in used},
             launches=[dict(kernel=kernel, args=args)], outputs=outputs)
    if block_dim:
        t["block_dim"] = block_dim
    return t


LO, HI = [1.0, 2.0, 1.5], [4.0, 3.0, 6.0]
START, DIR = [-1.0, 2.0, 3.0], [1.0, 0.3, 0.2]

TESTS = [
    launch("bvh_query_aabb", 1, dict(bvh_id=BVH, lower=LO, upper=HI), ["bounds_intersected"]),
    launch("bvh_query_aabb", 1, dict(bvh_id=BVH4, lower=[6.5, 6.5, 6.5], upper=[9.0, 9.0, 9.0]),
           ["bounds_intersected"], name="bvh_query_aabb_corner"),
    # the roots of groups 0 .. 3 (each group's subtree; -1 for a group
    # without boxes), then a box query from each: the roots are node
    # indices of each implementation's own tree, used, not compared
    dict(name="bvh_query_aabb_groups", dim=4,
         arrays=dict(BOXES, groups=("int", 0, 2)),
         shapes=dict(lowers=(NB,), uppers=(NB,), groups=(NB,), bounds_intersected=(4, NB)),
         launches=[dict(kernel="bvh_get_group_roots",
                        args=dict(bvh_id=("object", "bvh", dict(lowers="lowers", uppers="uppers",
                                                                  groups="groups")))),
                   dict(kernel="bvh_query_aabb_groups",
                        args=dict(bvh_id=("object", "bvh", dict(lowers="lowers", uppers="uppers",
                                                                  groups="groups")), lower=LO, upper=HI))],
         outputs=["bounds_intersected"]),
    launch("bvh_query_ray", 1, dict(bvh_id=BVH4, start=START, dir=DIR), ["bounds_intersected"]),
    launch("bvh_query_ray", 1, dict(bvh_id=BVH, start=[-1.0, -1.0, -1.0], dir=[-1.0, 0.0, 0.0]),
           ["bounds_intersected"], name="bvh_query_ray_miss"),
    launch("bvh_query_sphere", 1, dict(bvh_id=BVH, center=[2.0, 2.0, 2.0], radius=1.5), ["bounds_intersected"]),
    launch("bvh_capsule_query", 1, dict(bvh_id=BVH4, p0=[0.0, 1.0, 2.0], p1=[4.0, 3.0, 1.0], radius=0.5),
           ["bounds_intersected"]),
    launch("bvh_query_runtime_ray_or_aabb", 1,
           dict(bvh_id=BVH, use_ray=True, lower=LO, upper=HI, start=START, dir=DIR), ["bounds_intersected"],
           name="bvh_query_runtime_ray"),
    launch("bvh_query_runtime_ray_or_aabb", 1,
           dict(bvh_id=BVH, use_ray=False, lower=LO, upper=HI, start=START, dir=DIR), ["bounds_intersected"],
           name="bvh_query_runtime_aabb"),
    launch("bvh_query_runtime_capsule_or_sphere", 1,
           dict(bvh_id=BVH, use_capsule=True, p0=[0.0, 1.0, 2.0], p1=[4.0, 3.0, 1.0], capsule_radius=0.5,
                center=[2.0, 2.0, 2.0], sphere_radius=1.5), ["bounds_intersected"],
           name="bvh_query_runtime_capsule"),
    launch("bvh_query_runtime_capsule_or_sphere", 1,
           dict(bvh_id=BVH4, use_capsule=False, p0=[0.0, 1.0, 2.0], p1=[4.0, 3.0, 1.0], capsule_radius=0.5,
                center=[2.0, 2.0, 2.0], sphere_radius=1.5), ["bounds_intersected"],
           name="bvh_query_runtime_sphere"),
    launch("bvh_query_ray_via_erased_func", 1, dict(bvh_id=BVH, start=START, dir=DIR), ["bounds_intersected"]),
    launch("count_sphere_hits", 8, dict(bvh_id=BVH, center=[2.5, 2.5, 2.5], radius=2.0), ["hits"],
           shapes=dict(SHAPES, hits=(1,))),
    launch("compute_num_contact_with_checksums", NB, dict(bvh_id=BVH4), ["counts", "check_sums"],
           shapes=dict(lowers=(NB,), uppers=(NB,))),
]

_TILED = ["tile_bvh_query_aabb_kernel", "tile_bvh_query_ray_kernel", "bvh_query_aabb_tiled_kernel",
          "bvh_query_ray_tiled_kernel", "tile_bvh_query_valid_aabb_kernel", "tile_bvh_query_valid_ray_kernel"]
XFAIL = {}

TESTS += [
    launch(k, 1, dict(bvh_id=bvh, **q), ["bounds_intersected"], block_dim=64, name=k + suffix)
    for k in _TILED
    for bvh, q, suffix in (
        (BVH, dict(lower=LO, upper=HI) if "aabb" in k else dict(start=START, dir=DIR), ""),
        (BVH4, dict(lower=[-1.0, -1.0, -1.0], upper=[8.0, 8.0, 8.0]) if "aabb" in k
         else dict(start=[9.0, 9.0, 9.0], dir=[1.0, 1.0, 1.0]), "_all" if "aabb" in k else "_miss"))
]

UNTESTED = {}
