"""warp-lang 1.19.0's warp/examples/core/example_sph.py (smoothed-particle
hydrodynamics over a wp.HashGrid): its kernels with the example's own
parameters (smoothing length 0.8, a 25^3 grid) on particles drawn in a
corner box as the example places them; compute_density then
get_acceleration over one grid (neighbour sums in the grid's iteration
order, as warp-lang), and the integration kernels."""
import math

TARGET = "warp/examples/core/example_sph.py"

H = 0.8
MASS = 0.01 * H**3
DENSITY_NORM = (315.0 * MASS) / (64.0 * math.pi * H**9)
PRESSURE_NORM = -(45.0 * MASS) / (math.pi * H**6)
VISCOUS_NORM = (45.0 * 0.025 * MASS) / (math.pi * H**6)
N = 1500

TESTS = [
    dict(name="density_acceleration", dim=N,
         arrays=dict(particle_x=("uniform", 0.0, 9.0), particle_v=("uniform", -1.0, 1.0)),
         launches=[
             dict(kernel="compute_density",
                  args=dict(grid=("object", "hash_grid",
                                  dict(points="particle_x", radius=H, dims=(25, 25, 25))),
                            density_normalization=DENSITY_NORM, smoothing_length=H)),
             dict(kernel="get_acceleration",
                  args=dict(grid=("object", "hash_grid",
                                  dict(points="particle_x", radius=H, dims=(25, 25, 25))),
                            isotropic_exp=20.0, base_density=1.0, gravity=-0.1,
                            pressure_normalization=PRESSURE_NORM,
                            viscous_normalization=VISCOUS_NORM, smoothing_length=H)),
         ],
         outputs=["particle_rho", "particle_a"], rtol=1e-4, atol=1e-5),
    dict(kernel="kick", dim=N, args=dict(particle_v=("uniform", -1, 1), particle_a=("uniform", -5, 5),
                                          dt=0.01 * H), outputs=["particle_v"]),
    dict(kernel="drift", dim=N, args=dict(particle_x=("uniform", 0, 80), particle_v=("uniform", -1, 1),
                                           dt=0.01 * H), outputs=["particle_x"]),
    dict(kernel="apply_bounds", dim=N,
         args=dict(particle_x=("uniform", -5, 85), particle_v=("uniform", -1, 1), damping_coef=-0.95,
                   width=80.0, height=80.0, length=80.0),
         outputs=["particle_x", "particle_v"]),
    dict(kernel="initialize_particles", dim=N,
         args=dict(smoothing_length=H, width=80.0, height=80.0, length=80.0),
         outputs=["particle_x"]),
]
