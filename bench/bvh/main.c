/* bench/bvh: building a BVH over 1M triangles on the CPU with libwarprt
 * (wp_mesh_create: triangle bounds + tree; wp_bvh_create over the same
 * triangles' boxes), median of 5 builds each.  warp_lang.py times
 * warp-lang's wp.Mesh and wp.Bvh on the same input; run.sh prints both and
 * the ratio (bench/bvh/README.md). */
#define _POSIX_C_SOURCE 200809L
#include <warp/warp.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NX = 1001, NY = 501, REPS = 5 };

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "%s: %s\n", what, wp_last_error());
    exit(1);
  }
}

int main(void) {
  wp_int64 np = (wp_int64)NX * NY, nt = 2LL * (NX - 1) * (NY - 1);
  float *pts = malloc(sizeof(float) * 3 * (size_t)np);
  wp_int32 *idx = malloc(sizeof(wp_int32) * 3 * (size_t)nt);
  float *lo = malloc(sizeof(float) * 3 * (size_t)nt);
  float *hi = malloc(sizeof(float) * 3 * (size_t)nt);
  if (!pts || !idx || !lo || !hi)
    return 1;
  /* the same surface as warp_lang.py */
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      float *p = pts + 3 * ((size_t)y * NX + x);
      p[0] = (float)x * 0.01f;
      p[1] = (float)y * 0.01f;
      p[2] = 0.1f * sinf((float)x * 0.05f) * cosf((float)y * 0.07f);
    }
  size_t t = 0;
  for (int y = 0; y + 1 < NY; y++)
    for (int x = 0; x + 1 < NX; x++) {
      wp_int32 a = y * NX + x, b = a + 1, c = a + NX, d = c + 1;
      wp_int32 tri[6] = {a, b, d, a, d, c};
      memcpy(idx + 6 * t++, tri, sizeof tri);
    }
  for (wp_int64 i = 0; i < nt; i++)
    for (int k = 0; k < 3; k++) {
      float v0 = pts[3 * idx[3 * i] + k], v1 = pts[3 * idx[3 * i + 1] + k],
            v2 = pts[3 * idx[3 * i + 2] + k];
      lo[3 * i + k] = fminf(v0, fminf(v1, v2));
      hi[3 * i + k] = fmaxf(v0, fmaxf(v1, v2));
    }
  wp_array P, I, L, H;
  wp_int64 ni = 3 * nt;
  check(wp_array_wrap(&P, pts, WP_VEC3F, 0, 1, &np, NULL, WP_DEVICE_CPU), "P");
  check(wp_array_wrap(&I, idx, WP_INT32, 0, 1, &ni, NULL, WP_DEVICE_CPU), "I");
  check(wp_array_wrap(&L, lo, WP_VEC3F, 0, 1, &nt, NULL, WP_DEVICE_CPU), "L");
  check(wp_array_wrap(&H, hi, WP_VEC3F, 0, 1, &nt, NULL, WP_DEVICE_CPU), "H");
  double mesh_ms[REPS], bvh_ms[REPS];
  for (int r = 0; r < REPS; r++) {
    wp_mesh *m;
    double t0 = now_ms();
    check(wp_mesh_create(&P, &I, NULL, NULL, 1, &m), "wp_mesh_create");
    mesh_ms[r] = now_ms() - t0;
    wp_mesh_destroy(m);
    wp_bvh *b;
    t0 = now_ms();
    check(wp_bvh_create(&L, &H, NULL, 1, &b), "wp_bvh_create");
    bvh_ms[r] = now_ms() - t0;
    wp_bvh_destroy(b);
  }
  qsort(mesh_ms, REPS, sizeof(double), cmp);
  qsort(bvh_ms, REPS, sizeof(double), cmp);
  printf("BVH_BUILD triangles=%lld warpc_mesh_ms=%.1f warpc_bvh_ms=%.1f\n",
         (long long)nt, mesh_ms[REPS / 2], bvh_ms[REPS / 2]);
  free(pts);
  free(idx);
  free(lo);
  free(hi);
  return 0;
}
