"""warp-lang 1.19.0's warp/examples/tile/example_tile_nbody.py:
integrate_bodies_tiled (each thread loads the bodies 64 at a time with
tile_load and sums the interactions) for two steps, ping-ponging the
position arrays as Example.step does, launched with wp.launch over the
bodies as the example launches it.  1024 bodies (the example's scale 1)
instead of 16384, so the test runs in seconds; positions and velocities
in the example's ranges."""
TARGET = "warp/examples/tile/example_tile_nbody.py"

N = 1024
TESTS = [
    dict(name="two_steps", dim=N,
         arrays=dict(p0=("uniform", -1.54, 1.54), v=("uniform", -4.8, 4.8)),
         launches=[dict(kernel="integrate_bodies_tiled",
                        args=dict(old_position="p0", velocity="v", new_position="p1", num_bodies=N)),
                   dict(kernel="integrate_bodies_tiled",
                        args=dict(old_position="p1", velocity="v", new_position="p0", num_bodies=N))],
         outputs=["p0", "p1", "v"]),
]
