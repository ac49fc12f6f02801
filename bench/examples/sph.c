/* sph.c - warp-lang 1.19.0's warp/examples/core/example_sph.py stepped by
 * C: the same 62,499 particles (placed by the example's own
 * initialize_particles kernel, jitter from wp.randn included), the same
 * hash grid (25^3 cells, rebuilt from the positions with the smoothing
 * length as cell width before every substep), the same five launches per
 * substep in the same order, 40 substeps per step, and the same arguments:
 * the example's constants computed in double as Python does and rounded to
 * float32 where a kernel takes float32 (as wp.launch does).  See driver.h
 * for the command line. */
#include "driver.h"

#include <math.h>

#include "example_sph.h"

int main(int argc, char **argv) {
  int steps;
  const char *dir;
  if (!parse_args(argc, argv, &steps, &dir))
    return 2;
  const double pi = 3.14159265358979323846;
  /* Example.__init__ (Python's x ** n is C's pow) */
  const double smoothing_length = 0.8, width = 80.0, height = 80.0,
               length = 80.0, isotropic_exp = 20, base_density = 1.0;
  const double particle_mass = 0.01 * pow(smoothing_length, 3);
  const double dt = 0.01 * smoothing_length, dynamic_visc = 0.025;
  const double damping_coef = -0.95, gravity = -0.1;
  const wp_int64 n = (wp_int64)(height * (width / 4.0) * (height / 4.0) /
                                pow(smoothing_length, 3));
  const int substeps = (int)(32 / smoothing_length);
  const double density_normalization =
      (315.0 * particle_mass) / (64.0 * pi * pow(smoothing_length, 9));
  const double pressure_normalization =
      -(45.0 * particle_mass) / (pi * pow(smoothing_length, 6));
  const double viscous_normalization =
      (45.0 * dynamic_visc * particle_mass) / (pi * pow(smoothing_length, 6));
  const float sl = (float)smoothing_length;
  wp_array x, v, rho, a;
  ck(wp_array_alloc(&x, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&v, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&rho, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&a, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  wp_launch l = WP_LAUNCH_1D(n);
  ck(example_sph_initialize_particles(&l, &x, sl, (float)width, (float)height,
                                      (float)length),
     "initialize_particles");
  const int grid_size = (int)(height / (4.0 * smoothing_length));
  wp_hash_grid *grid;
  ck(wp_hash_grid_create(&grid, grid_size, grid_size, grid_size, WP_FLOAT32,
                         WP_DEVICE_CPU),
     "wp_hash_grid_create");
  ck(wp_synchronize(WP_DEVICE_CPU), "synchronize");
  const wp_uint64 id = wp_hash_grid_id(grid);
  stamp t0 = start_clock();
  for (int s = 0; s < steps; s++)
    for (int k = 0; k < substeps; k++) {
      ck(wp_hash_grid_build(grid, &x, smoothing_length, NULL), "grid build");
      ck(example_sph_compute_density(&l, id, &x, &rho,
                                     (float)density_normalization, sl),
         "compute_density");
      ck(example_sph_get_acceleration(
             &l, id, &x, &v, &rho, &a, (float)isotropic_exp,
             (float)base_density, (float)gravity, (float)pressure_normalization,
             (float)viscous_normalization, sl),
         "get_acceleration");
      ck(example_sph_apply_bounds(&l, &x, &v, (float)damping_coef, (float)width,
                                  (float)height, (float)length),
         "apply_bounds");
      ck(example_sph_kick(&l, &v, &a, (float)dt), "kick");
      ck(example_sph_drift(&l, &x, &v, (float)dt), "drift");
    }
  ck(wp_synchronize(WP_DEVICE_CPU), "synchronize");
  report(steps, t0);
  save(&x, dir, "x");
  save(&v, dir, "v");
  save(&rho, dir, "rho");
  save(&a, dir, "a");
  wp_hash_grid_destroy(grid);
  wp_array *all[] = {&x, &v, &rho, &a};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    wp_array_free(all[i]);
  return 0;
}
