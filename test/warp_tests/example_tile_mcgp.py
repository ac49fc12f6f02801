"""warp-lang 1.19.0's warp/examples/tile/example_tile_mcgp.py: sphere_walk
(walk-on-spheres: each block maps 128 random walks over a tile with
tile_map of a @wp.func that queries a wp.Mesh, then tile_sum) over a
slice grid of the unit sphere, launched as Example.render launches it
(grid height x width, block_dim 128), on the example's own UV sphere
(Example.create_sphere_mesh, at 16 x 32 segments instead of 64 x 128) and
a 12 x 12 slice grid at z = 0.3 instead of 256 x 256, so the CPU runs it
in seconds."""
import numpy as np

from warp.examples.tile.example_tile_mcgp import Example

TARGET = "warp/examples/tile/example_tile_mcgp.py"

_pts, _tris = Example.create_sphere_mesh(None, radius=1.0, lat_segments=16, lon_segments=32)
H = 12
_x = np.linspace(-1.0, 1.0, H)
_xv, _yv = np.meshgrid(_x, _x, indexing="ij")
_grid = np.stack((_xv, _yv, np.zeros_like(_xv)), axis=-1)

TESTS = [
    dict(name="sphere_walk_slice", dim=(H, H),
         arrays=dict(points=("values", _pts.tolist()), indices=("values", _tris.tolist()),
                     samples=("values", _grid.tolist())),
         launches=[dict(kernel="sphere_walk", block_dim=128,
                        args=dict(mesh_id=("object", "mesh", dict(points="points", indices="indices")),
                                  seed=42, delta_z=0.3))],
         shapes=dict(points=(len(_pts),), indices=(len(_tris),), samples=(H, H), solutions=(H, H)),
         outputs=["solutions"]),
]
