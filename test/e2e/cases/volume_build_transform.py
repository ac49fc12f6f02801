"""The runtime's volume builders (wp_volume_allocate_by_voxels,
wp_volume_from_dense; the volume plugin's c_builder=True) against
warp-lang's allocate_by_voxels and load_from_numpy with voxel sizes and
translations that float32 cannot hold (0.1, 0.7, 0.013, -0.35): warp-lang
keeps a grid's transform as float32 (Volume._fill_transform_buffers: a
mat33f and a c_float translation; volume_set_map inverts the float
matrix in double), so both the float32 and the float64 forms of the
index <-> world transforms and of volume_sample's world -> index step are
those of the float32-rounded voxel size and translation.  Compared
exactly (tolerance 0): the same grid gives the same bits."""
import numpy as np
import warp as wp


@wp.kernel
def xf(v: wp.uint64, pts: wp.array(dtype=wp.vec3d), i2w: wp.array(dtype=wp.vec3d), w2i: wp.array(dtype=wp.vec3d),
       i2wf: wp.array(dtype=wp.vec3), w2if: wp.array(dtype=wp.vec3), dirf: wp.array(dtype=wp.vec3)):
    t = wp.tid()
    i2w[t] = wp.volume_index_to_world(v, pts[t])
    w2i[t] = wp.volume_world_to_index(v, pts[t])
    p = wp.vec3(pts[t])
    i2wf[t] = wp.volume_index_to_world(v, p)
    w2if[t] = wp.volume_world_to_index(v, p)
    dirf[t] = wp.volume_world_to_index_dir(v, p)


VS = [0.1, 0.7, 0.013]
TR = [0.1, -0.35, 1e-3]
DENSE = ("object", "volume", dict(build=("load_from_numpy", dict(
    data=np.arange(27, dtype=float).reshape(3, 3, 3).tolist(), min_world=TR, voxel_size=VS, bg_value=-7.0)),
    c_builder=True))
VOXELS = ("object", "volume", dict(build=("allocate_by_voxels", dict(
    voxels=[[1, 2, 3], [-9, 0, 4]], voxel_size=VS, translation=TR)), c_builder=True))

TESTS = [
    dict(name="from_dense", kernel="xf", dim=40, args=dict(v=DENSE, pts=("uniform", -3, 3)), rtol=0, atol=0),
    dict(name="by_voxels", kernel="xf", dim=40, args=dict(v=VOXELS, pts=("uniform", -3, 3)), rtol=0, atol=0),
]
