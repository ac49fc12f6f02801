"""warp-lang 1.19.0's warp/examples/core/example_dem.py (discrete-element
particles with contact forces found through a wp.HashGrid): apply_forces
with the example's parameters (radius 0.1, cells of 0.5, a 128^3 grid) on
particles packed about as densely as the example's lattice (spacing 0.2,
jittered), forces summed over the neighbours in the grid's iteration
order, and integrate."""

TARGET = "warp/examples/core/example_dem.py"

N = 2000
TESTS = [
    dict(kernel="apply_forces", dim=N,
         args=dict(grid=("object", "hash_grid",
                         dict(points="particle_x", radius=0.5, dims=(128, 128, 128))),
                   particle_x=("uniform", 0.0, 2.5), particle_v=("uniform", -1.0, 15.0),
                   radius=0.1, k_contact=8000.0, k_damp=2.0, k_friction=1.0, k_mu=100000.0),
         outputs=["particle_f"], rtol=1e-4, atol=1e-3),
    dict(kernel="integrate", dim=N,
         args=dict(x=("uniform", 0, 5), v=("uniform", -1, 15), f=("uniform", -100, 100),
                   gravity=[0.0, -9.8, 0.0], dt=1.0 / 60.0 / 64.0, inv_mass=64.0),
         outputs=["x", "v"]),
]
