"""warp-lang 1.19.0's warp/tests/geometry/test_mesh_query_aabb.py: its
module-level kernels on a mesh of random triangles over random points and
on one triangle (see test/e2e/README.md, "warp-lang's own tests").  The
mesh is warp-lang's for the oracle and the runtime's for warpc
(test/tools/e2e_obj_mesh.py).  Queries report sets (hit flags, counts and
xor checksums of faces), which do not depend on the tree.

The block-wide kernels (the tile_*_query_* steps and their deprecated
*_tiled aliases) take each step's result out of its tile with wp.untile,
launched as Warp's test launches them (one block of 64 threads; a block is
one thread on Warp's CPU backend, where each step gives a tile of shape
(1,) that untile hands to that thread): each result must be reported
once.  The CUDA compile of this spec checks their CUDA form (a tile of
the block width, the result in element 0)."""

TARGET = "warp/tests/geometry/test_mesh_query_aabb.py"

NP = 150  # points
NF = 60  # triangles
NQ = 40  # query boxes
MESHA = dict(mp=("uniform", 0.0, 4.0), mt=("int", 0, NP - 1))
MSHAPES = dict(mp=(NP,), mt=(3 * NF,))
MESH = ("object", "mesh", dict(points="mp", indices="mt"))
MESH4 = ("object", "mesh", dict(points="mp", indices="mt", leaf_size=4))
QUERIES = dict(ql=("uniform", 0.0, 3.0), qu=("uniform", 3.2, 3.6))
# one triangle (the zero-radius sphere test)
TRI = dict(tp=("values", [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]), ti=("values", [0, 1, 2]))
TRI_MESH = ("object", "mesh", dict(points="tp", indices="ti"))

LO, HI = [1.0, 0.5, 1.5], [2.5, 3.0, 2.5]
CENTER = [2.0, 2.0, 2.0]


def hits_test(kernel, args, name=None, mesh=MESH, arrays=MESHA, shapes=MSHAPES, nf=NF, out="hits",
              block_dim=None):
    t = dict(name=name or kernel, dim=1, arrays=dict(arrays), shapes=dict(shapes, **{out: (nf,)}),
             launches=[dict(kernel=kernel, args=dict(mesh_id=mesh, **args))], outputs=[out])
    if block_dim:
        t["block_dim"] = block_dim
    return t


TESTS = [
    dict(name="compute_bounds", dim=NF, arrays=dict(MESHA),
         shapes=dict(MSHAPES, lowers=(NF,), uppers=(NF,)),
         launches=[dict(kernel="compute_bounds", args=dict(indices="mt", positions="mp"))],
         outputs=["lowers", "uppers"]),
    dict(name="compute_num_contacts", dim=NQ, arrays=dict(MESHA, **QUERIES), shapes=MSHAPES,
         launches=[dict(kernel="compute_num_contacts", args=dict(lowers="ql", uppers="qu", mesh_id=MESH))],
         outputs=["counts"]),
    dict(name="compute_num_contact_with_checksums", dim=NQ, arrays=dict(MESHA, **QUERIES), shapes=MSHAPES,
         launches=[dict(kernel="compute_num_contact_with_checksums",
                        args=dict(lowers="ql", uppers="qu", mesh_id=MESH4))],
         outputs=["counts", "check_sums"]),
    dict(name="compute_num_contact_with_checksums_brutal", dim=NQ, arrays=dict(MESHA, **QUERIES),
         shapes=MSHAPES,
         launches=[dict(kernel="compute_num_contact_with_checksums_brutal",
                        args=dict(lowers="ql", uppers="qu", mesh_points="mp", mesh_indices="mt"))],
         outputs=["counts", "check_sums"]),
    hits_test("mesh_query_aabb_kernel", dict(lower=LO, upper=HI), out="faces_intersected"),
    hits_test("mesh_query_sphere_hits", dict(center=CENTER, radius=1.0)),
    hits_test("mesh_query_sphere_hits_for_loop", dict(center=CENTER, radius=1.0), mesh=MESH4),
    # zero radius: only a triangle through the center (Warp's test)
    hits_test("mesh_query_sphere_hits_for_loop", dict(center=[0.25, 0.25, 0.0], radius=0.0),
              name="mesh_query_sphere_zero_radius_on", mesh=TRI_MESH, arrays=TRI, shapes=dict(tp=(3,), ti=(3,)),
              nf=1),
    hits_test("mesh_query_sphere_hits_for_loop", dict(center=[0.9, 0.9, 0.0], radius=0.0),
              name="mesh_query_sphere_zero_radius_off", mesh=TRI_MESH, arrays=TRI,
              shapes=dict(tp=(3,), ti=(3,)), nf=1),
    hits_test("mesh_query_sphere_hits_alias", dict(center=CENTER, radius=1.2)),
    hits_test("mesh_query_aabb_hits", dict(lower=LO, upper=HI), mesh=MESH4),
    hits_test("mesh_query_runtime_kind_hits", dict(use_sphere=True, lower=LO, upper=HI, center=CENTER, radius=1.0),
              name="mesh_query_runtime_kind_sphere"),
    hits_test("mesh_query_runtime_kind_hits", dict(use_sphere=False, lower=LO, upper=HI, center=CENTER, radius=1.0),
              name="mesh_query_runtime_kind_aabb"),
    hits_test("mesh_query_sphere_via_erased_func", dict(center=CENTER, radius=1.0)),
    hits_test("mesh_query_aabb_via_typed_func", dict(lower=LO, upper=HI)),
    hits_test("mesh_bvh_sphere_hits", dict(center=CENTER, radius=1.0)),
]

_TILED = ["tile_mesh_query_aabb_kernel", "mesh_query_aabb_tiled_kernel", "tile_mesh_query_aabb_valid_kernel"]
XFAIL = {}

TESTS += [
    hits_test(k, q, name=k + suffix, mesh=mesh, out="faces_intersected", block_dim=64)
    for k in _TILED
    for mesh, q, suffix in ((MESH, dict(lower=LO, upper=HI), ""),
                            (MESH4, dict(lower=[-1.0, -1.0, -1.0], upper=[5.0, 5.0, 5.0]), "_all"),
                            (MESH, dict(lower=[5.0, 5.0, 5.0], upper=[6.0, 6.0, 6.0]), "_empty"))
]

UNTESTED = {}
