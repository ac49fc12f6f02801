"""Block-wide ("tiled") mesh box queries against warp-lang on the CPU:
tile_mesh_query_aabb stepped by tile_mesh_query_aabb_next in the
`while wp.tile_query_valid(query)` loop Warp's docs and tests write, and
the deprecated mesh_query_aabb_tiled / mesh_query_aabb_next_tiled.  On
Warp's CPU backend a block is one thread and each step gives a tile of
shape (1,): the next face whose bounds touch the box, or -1 once there is
none left (which ends the loop: it runs once more than there are faces,
once for a box that touches nothing).  Results are compared as a set (a
face's triangle is indices[3 f .. 3 f + 2]): count, index sum, a per-face
histogram (counted by thread 0 of each block: on CUDA every thread runs
the query and holds the same tile) and the number of steps; Warp leaves their order unspecified
(and warpc's tree is not warp-lang's).  Meshes: random triangles over
random points, and four stacked unit quads (boxes touching faces at their
edges and corners, a box over every face, boxes beside the mesh)."""
import warp as wp


@wp.kernel
def boxes(mesh: wp.uint64, lo: wp.array(dtype=wp.vec3), half: float, count: wp.array(dtype=int),
          index_sum: wp.array(dtype=int), steps: wp.array(dtype=int), tile_total: wp.array(dtype=int),
          hits: wp.array(dtype=int)):
    i, j = wp.tid()
    query = wp.tile_mesh_query_aabb(mesh, lo[i], lo[i] + wp.vec3(half))
    n = int(0)
    s = int(0)
    k = int(0)
    total = int(0)
    while wp.tile_query_valid(query):
        result = wp.tile_mesh_query_aabb_next(query)
        f = result[0]
        total += wp.tile_sum(result)[0]
        k += 1
        if f >= 0:
            n += 1
            s += f
            if j == 0:  # once per block (on CUDA every thread has the tile)
                wp.atomic_add(hits, f, 1)
    count[i] = n
    index_sum[i] = s
    steps[i] = k
    tile_total[i] = total


@wp.kernel
def aliases(mesh: wp.uint64, lo: wp.array(dtype=wp.vec3), half: float, count: wp.array(dtype=int),
            index_sum: wp.array(dtype=int), steps: wp.array(dtype=int), hits: wp.array(dtype=int)):
    # the deprecated names (warp-lang 1.18; both warn), with keywords
    i, j = wp.tid()
    query = wp.mesh_query_aabb_tiled(id=mesh, low=lo[i], high=lo[i] + wp.vec3(half))
    n = int(0)
    s = int(0)
    k = int(0)
    while wp.tile_query_valid(query):
        f = wp.mesh_query_aabb_next_tiled(query=query)[0]
        k += 1
        if f >= 0:
            n += 1
            s += f
            if j == 0:  # once per block (on CUDA every thread has the tile)
                wp.atomic_add(hits, f, 1)
    count[i] = n
    index_sum[i] = s
    steps[i] = k


NF = 40  # random triangles
N = 64
_RANDOM = dict(mp=("uniform", 0.0, 1.0), mt=("int", 0, 59))
_RSHAPES = dict(mp=(60,), mt=(3 * NF,), hits=(NF,))
_RMESH = ("object", "mesh", dict(points="mp", indices="mt"))
_QUADS = dict(qp=("values", [[x, y, z] for z in range(4) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]),
              qt=("values", [4 * z + k for z in range(4) for k in (0, 1, 2, 0, 2, 3)]))
_QSHAPES = dict(qp=(16,), qt=(24,), hits=(8,))
_QMESH = ("object", "mesh", dict(points="qp", indices="qt"))
_OUT = ["count", "index_sum", "steps", "hits"]

TESTS = [
    dict(name="random", dim=N, block_dim=8,
         arrays=dict(lo=("uniform", -0.3, 1.1), **_RANDOM), shapes=_RSHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_RMESH, half=0.25))],
         outputs=_OUT + ["tile_total"]),
    # leaves of 4 triangles
    dict(name="random_leaf4", dim=N, block_dim=16,
         arrays=dict(lo=("uniform", -0.3, 1.1), **_RANDOM), shapes=_RSHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=("object", "mesh", dict(points="mp", indices="mt",
                                                                               leaf_size=4)), half=0.1))],
         outputs=_OUT + ["tile_total"]),
    # integer corners on the quads: boxes touching faces at edges and corners
    dict(name="quads_touching", dim=N, block_dim=4,
         arrays=dict(lo=("int", -1, 4), **_QUADS), shapes=_QSHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_QMESH, half=1.0))],
         outputs=_OUT + ["tile_total"]),
    # boxes beside the mesh: nothing, one step
    dict(name="quads_empty", dim=N, block_dim=4,
         arrays=dict(lo=("uniform", 3.0, 9.0), **_QUADS), shapes=_QSHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_QMESH, half=0.5))],
         outputs=_OUT + ["tile_total"]),
    # a box over every face
    dict(name="quads_everything", dim=2, block_dim=32,
         arrays=dict(lo=("uniform", -3.0, -2.0), **_QUADS), shapes=_QSHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_QMESH, half=10.0))],
         outputs=_OUT + ["tile_total"]),
    dict(name="aliases", dim=N, block_dim=8,
         arrays=dict(lo=("uniform", -0.3, 1.1), **_RANDOM), shapes=_RSHAPES,
         launches=[dict(kernel="aliases", args=dict(mesh=_RMESH, half=0.25))],
         outputs=_OUT),
]
