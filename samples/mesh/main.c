/* samples/mesh: a torus mesh made in C (<warp/mesh.h>), then, on the CPU,
 * signed distances of points to it (mesh_query_point: negative inside) and
 * a ray-cast depth image printed as text (mesh_query_ray).  The distances
 * are checked against the torus's exact distance, which the mesh (48 x 24
 * quads) approximates to a few thousandths. */
#include <warp/warp.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

enum { NU = 48, NV = 24, W = 64, H = 24 };
static const float R = 1.0f, r = 0.4f; /* the torus's radii */

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "%s: %s\n", what, wp_last_error());
    exit(1);
  }
}

static wp_array array1(void *data, wp_dtype dt, wp_int64 n) {
  wp_array a;
  check(wp_array_wrap(&a, data, dt, 0, 1, &n, NULL, WP_DEVICE_CPU), "wrap");
  return a;
}

int main(void) {
  static float pts[NU * NV * 3];
  static wp_int32 tris[NU * NV * 6];
  const float pi = 3.14159265f;
  for (int i = 0; i < NU; i++)
    for (int j = 0; j < NV; j++) {
      float u = 2 * pi * (float)i / NU, v = 2 * pi * (float)j / NV;
      float *p = pts + 3 * (i * NV + j);
      p[0] = (R + r * cosf(v)) * cosf(u);
      p[1] = r * sinf(v);
      p[2] = (R + r * cosf(v)) * sinf(u);
    }
  for (int i = 0; i < NU; i++)
    for (int j = 0; j < NV; j++) {
      int a = i * NV + j, b = ((i + 1) % NU) * NV + j;
      int c = i * NV + (j + 1) % NV, d = ((i + 1) % NU) * NV + (j + 1) % NV;
      wp_int32 *t = tris + 6 * (i * NV + j);
      t[0] = a, t[1] = c, t[2] = b; /* counter-clockwise from outside */
      t[3] = b, t[4] = c, t[5] = d;
    }
  wp_array P = array1(pts, WP_VEC3F, NU * NV);
  wp_array I = array1(tris, WP_INT32, NU * NV * 6);
  wp_mesh *mesh;
  check(wp_mesh_create(&P, &I, NULL, NULL, 2, &mesh), "wp_mesh_create");
  wp_launch l = {.ndim = 1, .device = WP_DEVICE_CPU};

  /* signed distances along the x axis, against the exact torus */
  enum { N = 9 };
  float q[N * 3] = {0}, dist[N];
  wp_array Q = array1(q, WP_VEC3F, N), D = array1(dist, WP_FLOAT32, N);
  for (int k = 0; k < N; k++)
    q[3 * k] = 0.25f * (float)k;
  l.dims[0] = N;
  check(kernels_closest(&l, wp_mesh_id(mesh), &Q, &D), "closest");
  float worst = 0;
  printf("   x    mesh    exact\n");
  for (int k = 0; k < N; k++) {
    float exact = fabsf(q[3 * k] - R) - r; /* in the plane y = 0 */
    printf("%5.2f %7.4f %7.4f\n", q[3 * k], dist[k], exact);
    worst = fmaxf(worst, fabsf(dist[k] - exact));
  }

  /* a depth image from above and in front */
  static float depth[W * H];
  wp_array Dp = array1(depth, WP_FLOAT32, W * H);
  l.dims[0] = W * H;
  wp_vec3f eye = {{0.0f, 1.5f, 3.0f}};
  check(kernels_raycast(&l, wp_mesh_id(mesh), eye, W, H, &Dp), "raycast");
  const char *shade = "@%#*+=-:. ";
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) {
      float d = depth[y * W + x];
      int s = d < 0 ? 9 : (int)((d - 2.2f) / 2.2f * 9.0f);
      putchar(shade[s < 0 ? 0 : s > 8 ? 8 : s]);
    }
    putchar('\n');
  }
  wp_mesh_destroy(mesh);
  if (worst > 0.02f) {
    fprintf(stderr, "distances off by %g\n", worst);
    return 1;
  }
  printf("ok: distances within %.4f of the exact torus\n", worst);
  return 0;
}
