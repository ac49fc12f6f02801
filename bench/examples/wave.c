/* wave.c - warp-lang 1.19.0's warp/examples/core/example_wave.py stepped by
 * C: the same arrays, the same launches in the same order, the same
 * arguments (Python floats rounded to float32 where the kernels take
 * float32, as wp.launch does).  See driver.h for the command line. */
#include "driver.h"

#include <math.h>
#include <string.h>

#include "example_wave.h"

enum { W = 128, H = 128, SUBSTEPS = 16 };

int main(int argc, char **argv) {
  int steps;
  const char *dir;
  if (!parse_args(argc, argv, &steps, &dir))
    return 2;
  const double pi = 3.14159265358979323846;
  const double sim_dt = (1.0 / 60.0) / SUBSTEPS, grid_size = 0.1;
  const double k_speed = 1.0, k_damp = 0.0, grid_displace = 0.5;
  double sim_time = 0.0;
  wp_int64 n = W * H;
  wp_array g0, g1, verts;
  ck(wp_array_alloc(&g0, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&g1, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  ck(wp_array_alloc(&verts, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU), "alloc");
  wp_vec3f *v = verts.data;
  for (int z = 0; z < H; z++)
    for (int x = 0; x < W; x++)
      v[z * W + x] = (wp_vec3f){{(float)((double)x * grid_size), 0.0f,
                                 (float)((double)z * grid_size)}};
  wp_launch l = WP_LAUNCH_1D(n);
  stamp t0 = start_clock();
  for (int s = 0; s < steps; s++) {
    for (int k = 0; k < SUBSTEPS; k++) {
      double cx = W / 2.0 + sin(sim_time) * W / 3.0;
      double cy = H / 2.0 + cos(sim_time) * H / 3.0;
      ck(example_wave_wave_displace(&l, &g0, &g1, W, H, (float)cx, (float)cy,
                                    10.0f, (float)grid_displace,
                                    (float)(-pi * 0.5)),
         "wave_displace");
      ck(example_wave_wave_solve(&l, &g0, &g1, W, H, (float)(1.0 / grid_size),
                                 (float)k_speed, (float)k_damp, (float)sim_dt),
         "wave_solve");
      wp_array t = g0;
      g0 = g1;
      g1 = t;
      sim_time += sim_dt;
    }
    ck(example_wave_grid_update(&l, &g0, &verts), "grid_update");
  }
  ck(wp_synchronize(WP_DEVICE_CPU), "synchronize");
  report(steps, t0);
  save(&g0, dir, "sim_grid0");
  save(&g1, dir, "sim_grid1");
  save(&verts, dir, "sim_verts");
  wp_array_free(&g0);
  wp_array_free(&g1);
  wp_array_free(&verts);
  return 0;
}
