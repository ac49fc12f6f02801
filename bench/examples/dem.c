/* dem.c - warp-lang 1.19.0's warp/examples/core/example_dem.py stepped by
 * C: the same 32 x 64 x 32 = 65,536 particles, the same hash grid (128^3
 * cells of width 5 radii, rebuilt from the positions once per step, before
 * the substeps, as the example does), the same two launches per substep in
 * the same order, 64 substeps per step captured once as a CPU graph (the
 * example captures them too), and the same arguments (Python floats rounded
 * to float32 where a kernel takes float32, as wp.launch does).
 *
 * The example jitters its initial points with numpy's random generator
 * (default_rng(42)); rather than re-implement numpy's PCG64 and its
 * float conversion, the driver reads those points from INDIR/init_x.bin,
 * which run.py writes from warp-lang's Example (see driver.h). */
#include "driver.h"

#include "example_dem.h"

enum { DIM_X = 32, DIM_Y = 64, DIM_Z = 32, SUBSTEPS = 64 };

int main(int argc, char **argv) {
  int steps;
  const char *dir, *indir;
  if (!parse_args_in(argc, argv, &steps, &dir, &indir))
    return 2;
  /* Example.__init__ */
  const double frame_dt = 1.0 / 60;
  const double sim_dt = frame_dt / SUBSTEPS, point_radius = 0.1;
  const double k_contact = 8000.0, k_damp = 2.0, k_friction = 1.0;
  const double k_mu = 100000.0, inv_mass = 64.0;
  const double grid_cell_size = point_radius * 5.0;
  const wp_int64 n = (wp_int64)DIM_X * DIM_Y * DIM_Z;
  wp_array x, v, f;
  ck(wp_array_alloc(&x, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&v, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&f, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  load(&x, indir, "x");
  wp_vec3f *pv = v.data;
  for (wp_int64 i = 0; i < n; i++)
    pv[i] = (wp_vec3f){{0.0f, 0.0f, 15.0f}};
  wp_hash_grid *grid;
  ck(wp_hash_grid_create(&grid, 128, 128, 128, WP_FLOAT32, WP_DEVICE_CPU),
     "wp_hash_grid_create");
  const wp_uint64 id = wp_hash_grid_id(grid);
  /* Example.simulate(), captured once */
  wp_launch l = WP_LAUNCH_1D(n);
  wp_graph *simulate;
  ck(wp_capture_begin(WP_DEVICE_CPU, NULL), "wp_capture_begin");
  for (int k = 0; k < SUBSTEPS; k++) {
    ck(example_dem_apply_forces(&l, id, &x, &v, &f, (float)point_radius,
                                (float)k_contact, (float)k_damp,
                                (float)k_friction, (float)k_mu),
       "apply_forces");
    ck(example_dem_integrate(&l, &x, &v, &f, (wp_vec3f){{0.0f, -9.8f, 0.0f}},
                             (float)sim_dt, (float)inv_mass),
       "integrate");
  }
  ck(wp_capture_end(WP_DEVICE_CPU, NULL, &simulate), "wp_capture_end");
  stamp t0 = start_clock();
  for (int s = 0; s < steps; s++) {
    ck(wp_hash_grid_build(grid, &x, grid_cell_size, NULL), "grid build");
    ck(wp_graph_launch(simulate, NULL), "wp_graph_launch");
  }
  ck(wp_synchronize(WP_DEVICE_CPU), "synchronize");
  report(steps, t0);
  save(&x, dir, "x");
  save(&v, dir, "v");
  save(&f, dir, "f");
  wp_graph_destroy(simulate);
  wp_hash_grid_destroy(grid);
  wp_array *all[] = {&x, &v, &f};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    wp_array_free(all[i]);
  return 0;
}
