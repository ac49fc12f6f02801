"""Adjoint of wp.tile_dot of tiles of vectors and matrices (Warp's full
contraction into a float tile of shape (1,)): adj(a)[i] += g * b[i],
adj(b)[i] += g * a[i] (warp/native/tile_reduce.h adj_tile_dot)."""
import warp as wp


@wp.kernel
def dots(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat33),
         n: wp.array(dtype=wp.mat33), y: wp.array(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=5)
    tb = wp.tile_load(b, shape=5, storage="shared")
    wp.tile_store(y, wp.tile_dot(ta, tb), offset=0)
    tm = wp.tile_load(m, shape=3)
    tn = wp.tile_load(n, shape=3)
    wp.tile_store(y, wp.tile_dot(tm, tn) * 2.0, offset=1)


@wp.kernel
def dots_f64(a: wp.array(dtype=wp.vec3d), b: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat33d),
             n: wp.array(dtype=wp.mat33d), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=5)
    tb = wp.tile_load(b, shape=5, storage="shared")
    wp.tile_store(y, wp.tile_dot(ta, tb), offset=0)
    tm = wp.tile_load(m, shape=3)
    tn = wp.tile_load(n, shape=3)
    wp.tile_store(y, wp.tile_dot(tm, tn) * wp.float64(2.0), offset=1)


GRAD_TESTS = [
    dict(name="vec_mat", kernel="dots", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), m=("uniform", -1, 1), n=("uniform", -1, 1)),
         shapes=dict(a=(5,), b=(5,), m=(3,), n=(3,), y=(2,)), outputs=["y"], inputs=["a", "b", "m", "n"]),
]
