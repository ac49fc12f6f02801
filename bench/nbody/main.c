/* nbody_warpc: warpc's n-body step (bench/nbody/kernels.py), 16384 bodies.
 *
 *   nbody_warpc [--device cuda:N] [--reps N] [--ref FILE]   GPU benchmark
 *   nbody_warpc --cpu [--reps N]                            CPU benchmark
 *
 * GPU: one step on the GPU is checked against the same step on the CPU
 * (the same object) and, with --ref, against the velocities the
 * hand-written CUDA version wrote (ref.cu --out FILE); then 2 warm-up steps
 * and N timed ones (default 20) between two CUDA events.  CPU: warpc's CPU
 * kernel with the runtime's thread pool and with one thread, against a plain
 * C loop; one warm-up and N timed steps each (default 3).  The check compares
 * the velocity changes (the accelerations times dt), relative to the largest
 * one: 16384-term float32 sums in another order (or with fused
 * multiply-adds) differ by some 1e-6 of that.  Prints BENCH lines; links
 * only libwarprt.
 */
#define _POSIX_C_SOURCE 200809L

#include "../bench_common.h"

#include <warp/warp.h>

#include "kernels.h"

#define N 16384
#define DT 0.001f
#define EPS2 1e-4f
#define TOL 1e-4
#define FLOPS_PER_PAIR 20.0 /* the usual count (sqrt and division as 1) */

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "nbody_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static void init(wp_vec3f *pos, wp_vec3f *vel, float *mass) {
  for (int i = 0; i < N; i++) {
    for (int c = 0; c < 3; c++) {
      pos[i].c[c] = bench_uniform((uint32_t)i, 10 + c, -1.0f, 1.0f);
      vel[i].c[c] = bench_uniform((uint32_t)i, 20 + c, -0.1f, 0.1f);
    }
    mass[i] = bench_uniform((uint32_t)i, 30, 0.5f, 1.5f) / N;
  }
}

/* The plain C loop: the kernel's operations in the kernel's order. */
static void c_step(const wp_vec3f *pos, const wp_vec3f *vel, const float *mass,
                   wp_vec3f *new_pos, wp_vec3f *new_vel, float dt, float eps2) {
  for (int i = 0; i < N; i++) {
    float px = pos[i].c[0], py = pos[i].c[1], pz = pos[i].c[2];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < N; j++) {
      float dx = pos[j].c[0] - px, dy = pos[j].c[1] - py, dz = pos[j].c[2] - pz;
      float r2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv_r = 1.0f / sqrtf(r2);
      float s = mass[j] * inv_r * inv_r * inv_r;
      ax = ax + dx * s;
      ay = ay + dy * s;
      az = az + dz * s;
    }
    float vx = vel[i].c[0] + ax * dt, vy = vel[i].c[1] + ay * dt,
          vz = vel[i].c[2] + az * dt;
    new_vel[i] = (wp_vec3f){{vx, vy, vz}};
    new_pos[i] = (wp_vec3f){{px + vx * dt, py + vy * dt, pz + vz * dt}};
  }
}

/* Velocity changes new_vel - vel, 3N floats. */
static float *dv(const wp_vec3f *new_vel, const wp_vec3f *vel) {
  float *d = bench_malloc(sizeof(float) * 3 * N);
  for (int i = 0; i < N; i++)
    for (int c = 0; c < 3; c++)
      d[3 * i + c] = new_vel[i].c[c] - vel[i].c[c];
  return d;
}

static void bench_line(const char *impl, const char *device, int threads,
                       double ms, int reps, const char *check_s, double diff) {
  double gflops =
      ms > 0 ? FLOPS_PER_PAIR * (double)N * (double)N / (ms * 1e6) : 0.0;
  char thr[16] = "-";
  if (threads > 0)
    snprintf(thr, sizeof thr, "%d", threads);
  printf("BENCH bench=nbody impl=%s device=%s threads=%s ms=%.4f reps=%d "
         "rate=%.1f unit=GFLOP/s check=%s diff=%.3g\n",
         impl, device, thr, ms, reps, gflops, check_s, diff);
  fflush(stdout);
}

typedef struct state {
  wp_array pos, vel, mass, new_pos, new_vel;
} state;

static void alloc_state(state *s, wp_device dev) {
  const wp_int64 shape[1] = {N};
  check(wp_array_alloc(&s->pos, WP_VEC3F, 0, 1, shape, 0, dev), "alloc");
  check(wp_array_alloc(&s->vel, WP_VEC3F, 0, 1, shape, 0, dev), "alloc");
  check(wp_array_alloc(&s->mass, WP_FLOAT32, 0, 1, shape, 0, dev), "alloc");
  check(wp_array_alloc(&s->new_pos, WP_VEC3F, 0, 1, shape, 0, dev), "alloc");
  check(wp_array_alloc(&s->new_vel, WP_VEC3F, 0, 1, shape, 0, dev), "alloc");
}

static void free_state(state *s) {
  wp_array_free(&s->pos);
  wp_array_free(&s->vel);
  wp_array_free(&s->mass);
  wp_array_free(&s->new_pos);
  wp_array_free(&s->new_vel);
}

static void step(const wp_launch *l, state *s) {
  check(nbody_step(l, &s->pos, &s->vel, &s->mass, &s->new_pos, &s->new_vel, DT,
                   EPS2),
        "nbody_step");
}

static int run_cpu(const bench_opts *o) {
  int reps = o->reps ? o->reps : 3;
  state s;
  alloc_state(&s, WP_DEVICE_CPU);
  init(s.pos.data, s.vel.data, s.mass.data);
  wp_vec3f *np = bench_malloc(sizeof(wp_vec3f) * N);
  wp_vec3f *nv = bench_malloc(sizeof(wp_vec3f) * N);

  wp_launch cpu = {.ndim = 1, .dims = {N}, .device = WP_DEVICE_CPU};
  step(&cpu, &s);
  c_step(s.pos.data, s.vel.data, s.mass.data, np, nv, DT, EPS2);
  float *d1 = dv(s.new_vel.data, s.vel.data), *d2 = dv(nv, s.vel.data);
  double diff = bench_diff(d1, d2, 3 * (size_t)N, NULL);
  const char *ok = diff <= TOL ? "ok" : "FAIL";
  free(d1);
  free(d2);

  int nthreads = wp_get_num_threads();
  for (int pass = 0; pass < 2; pass++) {
    int threads = pass == 0 ? nthreads : 1;
    check(wp_set_num_threads(threads), "wp_set_num_threads");
    step(&cpu, &s); /* warm-up */
    double t0 = bench_now_ms();
    for (int r = 0; r < reps; r++)
      step(&cpu, &s);
    double ms = (bench_now_ms() - t0) / reps;
    bench_line(pass == 0 ? "warpc-cpu" : "warpc-cpu1", "cpu", threads, ms, reps,
               ok, diff);
  }
  check(wp_set_num_threads(0), "wp_set_num_threads");
  c_step(s.pos.data, s.vel.data, s.mass.data, np, nv, DT, EPS2); /* warm-up */
  double t0 = bench_now_ms();
  for (int r = 0; r < reps; r++)
    c_step(s.pos.data, s.vel.data, s.mass.data, np, nv, DT, EPS2);
  double ms = (bench_now_ms() - t0) / reps;
  bench_line("c-loop", "cpu", 1, ms, reps, ok, diff);
  free(np);
  free(nv);
  free_state(&s);
  return diff <= TOL ? 0 : 1;
}

static int run_gpu(const bench_opts *o) {
  int reps = o->reps ? o->reps : 20;
  wp_device dev;
  if (wp_device_from_string(o->device, &dev) != WP_SUCCESS ||
      dev == WP_DEVICE_CPU) {
    fprintf(stderr, "nbody_warpc: bad device '%s'\n", o->device);
    return 2;
  }
  wp_status st = wp_cuda_init();
  int count = 0;
  if (st == WP_SUCCESS)
    st = wp_cuda_device_count(&count);
  if (st != WP_SUCCESS || count < (int)dev) {
    fprintf(stderr, "nbody_warpc: %s is not available: %s\n", o->device,
            st != WP_SUCCESS ? wp_last_error() : "no such device");
    return 5;
  }
  state h, d;
  alloc_state(&h, WP_DEVICE_CPU);
  alloc_state(&d, dev);
  init(h.pos.data, h.vel.data, h.mass.data);
  check(wp_array_copy(&d.pos, &h.pos), "copy to GPU");
  check(wp_array_copy(&d.vel, &h.vel), "copy to GPU");
  check(wp_array_copy(&d.mass, &h.mass), "copy to GPU");

  wp_launch gpu = {.ndim = 1, .dims = {N}, .device = dev};
  wp_launch cpu = {.ndim = 1, .dims = {N}, .device = WP_DEVICE_CPU};
  step(&gpu, &d);
  step(&cpu, &h);
  wp_vec3f *gv = bench_malloc(sizeof(wp_vec3f) * N);
  wp_array gva;
  const wp_int64 shape[1] = {N};
  check(wp_array_wrap(&gva, gv, WP_VEC3F, 0, 1, shape, NULL, WP_DEVICE_CPU),
        "wrap");
  check(wp_array_copy(&gva, &d.new_vel), "copy from GPU");
  float *d_gpu = dv(gv, h.vel.data), *d_cpu = dv(h.new_vel.data, h.vel.data);
  double diff = bench_diff(d_gpu, d_cpu, 3 * (size_t)N, NULL);
  int ok = diff <= TOL;
  if (o->ref) {
    wp_vec3f *r = bench_read(o->ref, sizeof(wp_vec3f) * N);
    float *d_ref = dv(r, h.vel.data);
    double dref = bench_diff(d_gpu, d_ref, 3 * (size_t)N, NULL);
    printf("nbody_warpc: GPU velocity changes vs %s: max diff %.3g of the "
           "largest\n",
           o->ref, dref);
    ok &= dref <= TOL;
    free(d_ref);
    free(r);
  }
  if (o->out)
    bench_write(o->out, gv, sizeof(wp_vec3f) * N);
  free(d_gpu);
  free(d_cpu);
  wp_array_free(&gva);
  free(gv);

  void *e0, *e1;
  check(wp_event_create(dev, &e0), "wp_event_create");
  check(wp_event_create(dev, &e1), "wp_event_create");
  for (int r = 0; r < 2; r++)
    step(&gpu, &d);
  check(wp_event_record(dev, e0, NULL), "wp_event_record");
  for (int r = 0; r < reps; r++)
    step(&gpu, &d);
  check(wp_event_record(dev, e1, NULL), "wp_event_record");
  check(wp_event_synchronize(dev, e1), "wp_event_synchronize");
  float ms = 0.0f;
  check(wp_event_elapsed_ms(dev, e0, e1, &ms), "wp_event_elapsed_ms");
  char alias[32];
  check(wp_device_alias(dev, alias, sizeof alias), "wp_device_alias");
  bench_line("warpc", alias, 0, (double)ms / reps, reps, ok ? "ok" : "FAIL",
             diff);
  check(wp_event_destroy(dev, e0), "wp_event_destroy");
  check(wp_event_destroy(dev, e1), "wp_event_destroy");
  free_state(&d);
  free_state(&h);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  int rc = o.cpu ? run_cpu(&o) : run_gpu(&o);
  wp_shutdown();
  return rc;
}
