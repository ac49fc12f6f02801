"""Gradients through block-wide (tiled) BVH and mesh queries: the queries
have no gradient (Warp's are not differentiable), but the backward kernel
replays their steps, so each reverse iteration of the
`while wp.tile_query_valid(q)` loop must see the result its forward
iteration saw.  The kernels sum a function of per-bound (per-face) weights
over the results of a box query (a sum: the results' order is the
tree's, warpc's and warp-lang's differ); the gradient of each weight is
the sum, over the queries that report it, of that function's derivative,
which the reverse iteration gets right only with the result its forward
iteration read.  Against
warp-lang and central finite differences (the float64 twins weigh in
float64; the queries are float32, as Warp's)."""
import warp as wp


@wp.kernel
def bvh_weights(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), w: wp.array(dtype=float),
                out: wp.array(dtype=float)):
    i, j = wp.tid()
    q = wp.tile_bvh_query_aabb(bvh, lo[i], lo[i] + wp.vec3(0.8))
    s = float(0.0)
    while wp.tile_query_valid(q):
        b = wp.tile_bvh_query_next(q)[0]
        if b >= 0:
            s += w[b] * w[b] + wp.sin(w[b])
    out[i] = s


@wp.kernel
def bvh_weights_f64(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3d), w: wp.array(dtype=wp.float64),
                    out: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    p = wp.vec3(lo[i])
    q = wp.tile_bvh_query_aabb(bvh, p, p + wp.vec3(0.8))
    s = wp.float64(0.0)
    while wp.tile_query_valid(q):
        b = wp.tile_bvh_query_next(q)[0]
        if b >= 0:
            s += w[b] * w[b] + wp.sin(w[b])
    out[i] = s


@wp.kernel
def mesh_weights(mesh: wp.uint64, lo: wp.array(dtype=wp.vec3), w: wp.array(dtype=float),
                 out: wp.array(dtype=float)):
    i, j = wp.tid()
    q = wp.tile_mesh_query_aabb(mesh, lo[i], lo[i] + wp.vec3(0.3))
    s = float(0.0)
    while wp.tile_query_valid(q):
        f = wp.tile_mesh_query_aabb_next(q)[0]
        if f >= 0:
            s += wp.exp(w[f]) * w[f]
    out[i] = s


@wp.kernel
def mesh_weights_f64(mesh: wp.uint64, lo: wp.array(dtype=wp.vec3d), w: wp.array(dtype=wp.float64),
                     out: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    p = wp.vec3(lo[i])
    q = wp.tile_mesh_query_aabb(mesh, p, p + wp.vec3(0.3))
    s = wp.float64(0.0)
    while wp.tile_query_valid(q):
        f = wp.tile_mesh_query_aabb_next(q)[0]
        if f >= 0:
            s += wp.exp(w[f]) * w[f]
    out[i] = s


NB = 40
N = 16
NF = 30

GRAD_TESTS = [
    dict(name="bvh_weights", dim=N, block_dim=4,
         arrays=dict(lo=("uniform", -0.5, 4.0), lowers=("uniform", 0.0, 4.0), uppers=("uniform", 4.0, 4.3),
                     w=("uniform", -1.0, 1.0)),
         shapes=dict(lowers=(NB,), uppers=(NB,), w=(NB,)),
         launches=[dict(kernel="bvh_weights",
                        args=dict(bvh=("object", "bvh", dict(lowers="lowers", uppers="uppers"))))],
         outputs=["out"], inputs=["w"]),
    dict(name="mesh_weights", dim=N, block_dim=8,
         arrays=dict(lo=("uniform", -0.2, 1.0), mp=("uniform", 0.0, 1.0), mt=("int", 0, 44),
                     w=("uniform", -1.0, 1.0)),
         shapes=dict(mp=(45,), mt=(3 * NF,), w=(NF,)),
         launches=[dict(kernel="mesh_weights",
                        args=dict(mesh=("object", "mesh", dict(points="mp", indices="mt"))))],
         outputs=["out"], inputs=["w"]),
]
