/* fluid.c - warp-lang 1.19.0's warp/examples/core/example_fluid.py stepped
 * by C: the same arrays (grid_width x grid_height = 256 x 128), the same
 * launches in the same order, the same arguments (Python floats rounded to
 * float32 where the kernels take float32, as wp.launch does).  The example
 * captures its 100 pressure iterations as a graph (on the CPU too); so does
 * this driver (<warp/graph.h>).  See driver.h for the command line. */
#include "driver.h"

#include <math.h>
#include <string.h>

#include "example_fluid.h"

enum { GW = 256, GH = 128, SUBSTEPS = 2, ITERATIONS = 100 };

static wp_array grid(wp_dtype dt) {
  wp_array a;
  wp_int64 shape[2] = {GW, GH};
  ck(wp_array_alloc(&a, dt, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  return a;
}

int main(int argc, char **argv) {
  int steps;
  const char *dir;
  if (!parse_args(argc, argv, &steps, &dir))
    return 2;
  const double sim_dt = (1.0 / 60.0) / SUBSTEPS;
  double sim_time = 0.0;
  wp_array u0 = grid(WP_VEC2F), u1 = grid(WP_VEC2F);
  wp_array rho0 = grid(WP_FLOAT32), rho1 = grid(WP_FLOAT32);
  wp_array p0 = grid(WP_FLOAT32), p1 = grid(WP_FLOAT32), div = grid(WP_FLOAT32);
  wp_launch l = {.ndim = 2, .dims = {GW, GH}, .device = WP_DEVICE_CPU};
  /* the pressure iterations, captured once (an even count: p0 and p1 end
     where they started, as in the example) */
  wp_graph *pressure;
  ck(wp_capture_begin(WP_DEVICE_CPU, NULL), "wp_capture_begin");
  for (int i = 0; i < ITERATIONS; i++) {
    ck(example_fluid_pressure_solve(&l, &p0, &p1, &div), "pressure_solve");
    wp_array t = p0;
    p0 = p1;
    p1 = t;
  }
  ck(wp_capture_end(WP_DEVICE_CPU, NULL, &pressure), "wp_capture_end");
  stamp t0 = start_clock();
  for (int s = 0; s < steps; s++)
    for (int k = 0; k < SUBSTEPS; k++) {
      double speed = 400.0, angle = sin(sim_time * 4.0) * 1.5;
      wp_vec2f vel = {
          {(float)(cos(angle) * speed), (float)(sin(angle) * speed)}};
      ck(example_fluid_init(&l, &rho0, &u0, 5, vel), "init");
      ck(example_fluid_integrate(&l, &u0, &rho0, (float)sim_dt), "integrate");
      ck(example_fluid_divergence(&l, &u0, &div), "divergence");
      ck(wp_array_zero(&p0), "zero p0");
      ck(wp_array_zero(&p1), "zero p1");
      ck(wp_graph_launch(pressure, NULL), "wp_graph_launch");
      ck(example_fluid_pressure_apply(&l, &p0, &u0), "pressure_apply");
      ck(example_fluid_advect(&l, &u0, &u1, &rho0, &rho1, (float)sim_dt),
         "advect");
      wp_array t = u0;
      u0 = u1;
      u1 = t;
      t = rho0;
      rho0 = rho1;
      rho1 = t;
      sim_time += sim_dt;
    }
  ck(wp_synchronize(WP_DEVICE_CPU), "synchronize");
  report(steps, t0);
  save(&u0, dir, "u0");
  save(&rho0, dir, "rho0");
  save(&p0, dir, "p0");
  save(&div, dir, "div");
  wp_graph_destroy(pressure);
  wp_array *all[] = {&u0, &u1, &rho0, &rho1, &p0, &p1, &div};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    wp_array_free(all[i]);
  return 0;
}
