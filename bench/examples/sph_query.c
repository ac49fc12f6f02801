/* sph_query.c - an experiment's driver (bench/examples/sph_query.py,
 * README.md "sph: what a candidate costs"): example_sph's state after one
 * step (40 substeps, as sph.c steps it), then compute_density and
 * get_acceleration of each variant of the generated C (the variants'
 * launchers renamed example_sph_ -> vK_ by sph_query.py) launched in turn,
 * REPS rounds, on the calling thread's CPU time.  Prints per variant the
 * fastest and the median ms per launch of each kernel, and checks that
 * every variant writes the same bytes as variant 0.
 *
 *   sph_query NVARIANTS REPS */
#include "driver.h"

#include <math.h>
#include <string.h>

#include "example_sph.h"

#define SQ_MAX_V 12
#define SQ_MAX_REPS 101
typedef wp_status (*sq_density)(const wp_launch *, wp_uint64, const wp_array *,
                                const wp_array *, float, float);
typedef wp_status (*sq_accel)(const wp_launch *, wp_uint64, const wp_array *,
                              const wp_array *, const wp_array *,
                              const wp_array *, float, float, float, float,
                              float, float);
#define SQ_DECL(P)                                                             \
  __attribute__((weak))                                                        \
  wp_status P##compute_density(const wp_launch *, wp_uint64, const wp_array *, \
                               const wp_array *, float, float);                \
  __attribute__((weak)) wp_status P##get_acceleration(                         \
      const wp_launch *, wp_uint64, const wp_array *, const wp_array *,        \
      const wp_array *, const wp_array *, float, float, float, float, float,   \
      float);
SQ_DECL(v0_)
SQ_DECL(v1_)
SQ_DECL(v2_)
SQ_DECL(v3_)
SQ_DECL(v4_)
SQ_DECL(v5_)
SQ_DECL(v6_)
SQ_DECL(v7_)
SQ_DECL(v8_)
SQ_DECL(v9_)
SQ_DECL(v10_)
SQ_DECL(v11_)
static const sq_density D[SQ_MAX_V] = {
    v0_compute_density, v1_compute_density,  v2_compute_density,
    v3_compute_density, v4_compute_density,  v5_compute_density,
    v6_compute_density, v7_compute_density,  v8_compute_density,
    v9_compute_density, v10_compute_density, v11_compute_density};
static const sq_accel A[SQ_MAX_V] = {
    v0_get_acceleration, v1_get_acceleration,  v2_get_acceleration,
    v3_get_acceleration, v4_get_acceleration,  v5_get_acceleration,
    v6_get_acceleration, v7_get_acceleration,  v8_get_acceleration,
    v9_get_acceleration, v10_get_acceleration, v11_get_acceleration};

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int nv = argc == 3 ? atoi(argv[1]) : 0, reps = argc == 3 ? atoi(argv[2]) : 0;
  if (nv < 1 || nv > SQ_MAX_V || reps < 1 || reps > SQ_MAX_REPS) {
    fprintf(stderr, "usage: %s NVARIANTS(1-%d) REPS(1-%d)\n", argv[0], SQ_MAX_V,
            SQ_MAX_REPS);
    return 2;
  }
  (void)save, (void)report; /* driver.h's, not used here */
  const double pi = 3.14159265358979323846;
  const double smoothing_length = 0.8, width = 80.0, height = 80.0,
               length = 80.0, isotropic_exp = 20, base_density = 1.0;
  const double particle_mass = 0.01 * pow(smoothing_length, 3);
  const double dt = 0.01 * smoothing_length, damping_coef = -0.95,
               gravity = -0.1, dynamic_visc = 0.025;
  const wp_int64 n = (wp_int64)(height * (width / 4.0) * (height / 4.0) /
                                pow(smoothing_length, 3));
  const int substeps = (int)(32 / smoothing_length);
  const float dn =
      (float)((315.0 * particle_mass) / (64.0 * pi * pow(smoothing_length, 9)));
  const float pn =
      (float)(-(45.0 * particle_mass) / (pi * pow(smoothing_length, 6)));
  const float vn = (float)((45.0 * dynamic_visc * particle_mass) /
                           (pi * pow(smoothing_length, 6)));
  const float sl = (float)smoothing_length;
  wp_array x, v, rho, a, rho_out, a_out;
  wp_array *all[] = {&x, &v, &rho, &a, &rho_out, &a_out};
  for (int k = 0; k < 6; k++)
    ck(wp_array_alloc(all[k], k == 2 || k == 4 ? WP_FLOAT32 : WP_VEC3F, 0, 1,
                      &n, 0, WP_DEVICE_CPU),
       "alloc");
  wp_launch l = WP_LAUNCH_1D(n);
  ck(example_sph_initialize_particles(&l, &x, sl, (float)width, (float)height,
                                      (float)length),
     "initialize_particles");
  const int grid_size = (int)(height / (4.0 * smoothing_length));
  wp_hash_grid *grid;
  ck(wp_hash_grid_create(&grid, grid_size, grid_size, grid_size, WP_FLOAT32,
                         WP_DEVICE_CPU),
     "wp_hash_grid_create");
  const wp_uint64 id = wp_hash_grid_id(grid);
  for (int k = 0; k < substeps; k++) {
    ck(wp_hash_grid_build(grid, &x, smoothing_length, NULL), "grid build");
    ck(example_sph_compute_density(&l, id, &x, &rho, dn, sl), "density");
    ck(example_sph_get_acceleration(&l, id, &x, &v, &rho, &a,
                                    (float)isotropic_exp, (float)base_density,
                                    (float)gravity, pn, vn, sl),
       "acceleration");
    ck(example_sph_apply_bounds(&l, &x, &v, (float)damping_coef, (float)width,
                                (float)height, (float)length),
       "apply_bounds");
    ck(example_sph_kick(&l, &v, &a, (float)dt), "kick");
    ck(example_sph_drift(&l, &x, &v, (float)dt), "drift");
  }
  ck(wp_hash_grid_build(grid, &x, smoothing_length, NULL), "grid build");
  size_t nb_rho = (size_t)n * 4, nb_a = (size_t)n * 12;
  unsigned char *ref = malloc(nb_rho + nb_a);
  static double td[SQ_MAX_V][SQ_MAX_REPS], ta[SQ_MAX_V][SQ_MAX_REPS];
  int differs[SQ_MAX_V] = {0};
  for (int r = 0; r < reps; r++)
    for (int k = 0; k < nv; k++) {
      if (!D[k] || !A[k]) {
        fprintf(stderr, "variant %d: not linked\n", k);
        return 2;
      }
      double t0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
      ck(D[k](&l, id, &x, &rho_out, dn, sl), "density");
      double t1 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
      ck(A[k](&l, id, &x, &v, &rho, &a_out, (float)isotropic_exp,
              (float)base_density, (float)gravity, pn, vn, sl),
         "acceleration");
      double t2 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
      td[k][r] = t1 - t0;
      ta[k][r] = t2 - t1;
      if (k == 0 && r == 0) {
        memcpy(ref, rho_out.data, nb_rho);
        memcpy(ref + nb_rho, a_out.data, nb_a);
      } else if (memcmp(ref, rho_out.data, nb_rho) ||
                 memcmp(ref + nb_rho, a_out.data, nb_a)) {
        differs[k] = 1;
      }
    }
  for (int k = 0; k < nv; k++) {
    qsort(td[k], (size_t)reps, sizeof(double), cmp_double);
    qsort(ta[k], (size_t)reps, sizeof(double), cmp_double);
    printf("%d %.3f %.3f %.3f %.3f %s\n", k, td[k][0], td[k][reps / 2],
           ta[k][0], ta[k][reps / 2], differs[k] ? "differs" : "same");
  }
  free(ref);
  wp_hash_grid_destroy(grid);
  for (int k = 0; k < 6; k++)
    wp_array_free(all[k]);
  return 0;
}
