// nbody_cuda: the n-body step written by hand in CUDA C, the yardstick for
// warpc's kernel (bench/nbody/kernels.py).  Built with nvcc -O3 (no fast
// math: the same IEEE sqrt and division as warpc's code); the CUDA runtime is
// linked statically (nvcc's default).
//
//   nbody_cuda [--device cuda:N] [--reps N] [--out FILE]
//
// Two kernels, the same arithmetic in the same order:
//   cuda        the kernel's loop as written: each thread reads every body
//               from global memory (through the caches), as warpc's does;
//   cuda-tiled  the classic shared-memory version (GPU Gems 3, ch. 31): a
//               block loads a tile of bodies once and all its threads use it.
// One step of each on the same inputs as nbody_warpc is checked against
// the other; the first one's new velocities go to FILE (--out) for
// nbody_warpc --ref.  Then 2 warm-up and N timed steps (default 20) of each
// between CUDA events.  Prints a BENCH line per kernel.
#include "../bench_common.h"

#include <cuda_runtime.h>

#define N 16384
#define DT 0.001f
#define EPS2 1e-4f
#define TOL 1e-4
#define FLOPS_PER_PAIR 20.0
#define BLOCK 256

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "nbody_cuda: %s: %s\n", #call, cudaGetErrorString(e_)); \
      exit(e_ == cudaErrorNoDevice || e_ == cudaErrorInsufficientDriver ? 5    \
                                                                        : 3); \
    }                                                                          \
  } while (0)

struct vec3 {
  float x, y, z;
};

__device__ __forceinline__ void interact(vec3 &a, float px, float py,
                                         float pz, vec3 q, float m,
                                         float eps2) {
  float dx = q.x - px, dy = q.y - py, dz = q.z - pz;
  float r2 = dx * dx + dy * dy + dz * dz + eps2;
  float inv_r = 1.0f / sqrtf(r2);
  float s = m * inv_r * inv_r * inv_r;
  a.x = a.x + dx * s;
  a.y = a.y + dy * s;
  a.z = a.z + dz * s;
}

__device__ __forceinline__ void integrate(int i, vec3 p, vec3 a,
                                          const vec3 *vel, vec3 *new_pos,
                                          vec3 *new_vel, float dt) {
  vec3 v = {vel[i].x + a.x * dt, vel[i].y + a.y * dt, vel[i].z + a.z * dt};
  new_vel[i] = v;
  new_pos[i] = vec3{p.x + v.x * dt, p.y + v.y * dt, p.z + v.z * dt};
}

__global__ void step_simple(int n, const vec3 *__restrict__ pos,
                            const vec3 *__restrict__ vel,
                            const float *__restrict__ mass,
                            vec3 *__restrict__ new_pos,
                            vec3 *__restrict__ new_vel, float dt, float eps2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  vec3 p = pos[i];
  vec3 a = {0.0f, 0.0f, 0.0f};
  for (int j = 0; j < n; j++)
    interact(a, p.x, p.y, p.z, pos[j], mass[j], eps2);
  integrate(i, p, a, vel, new_pos, new_vel, dt);
}

__global__ void step_tiled(int n, const vec3 *__restrict__ pos,
                           const vec3 *__restrict__ vel,
                           const float *__restrict__ mass,
                           vec3 *__restrict__ new_pos,
                           vec3 *__restrict__ new_vel, float dt, float eps2) {
  __shared__ float4 tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vec3 p = i < n ? pos[i] : vec3{0.0f, 0.0f, 0.0f};
  vec3 a = {0.0f, 0.0f, 0.0f};
  for (int base = 0; base < n; base += BLOCK) {
    int j = base + threadIdx.x;
    vec3 q = j < n ? pos[j] : vec3{0.0f, 0.0f, 0.0f};
    tile[threadIdx.x] = make_float4(q.x, q.y, q.z, j < n ? mass[j] : 0.0f);
    __syncthreads();
    int m = n - base < BLOCK ? n - base : BLOCK;
#pragma unroll 8
    for (int k = 0; k < m; k++) {
      float4 t = tile[k];
      interact(a, p.x, p.y, p.z, vec3{t.x, t.y, t.z}, t.w, eps2);
    }
    __syncthreads();
  }
  if (i < n)
    integrate(i, p, a, vel, new_pos, new_vel, dt);
}

typedef void (*step_fn)(int, const vec3 *, const vec3 *, const float *,
                        vec3 *, vec3 *, float, float);

static float time_steps(step_fn fn, int reps, const vec3 *pos,
                        const vec3 *vel, const float *mass, vec3 *np,
                        vec3 *nv) {
  const int grid = (N + BLOCK - 1) / BLOCK;
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int r = 0; r < 2; r++)
    fn<<<grid, BLOCK>>>(N, pos, vel, mass, np, nv, DT, EPS2);
  CK(cudaEventRecord(e0));
  for (int r = 0; r < reps; r++)
    fn<<<grid, BLOCK>>>(N, pos, vel, mass, np, nv, DT, EPS2);
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  CK(cudaGetLastError());
  float ms = 0.0f;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return ms / reps;
}

// Velocity changes new_vel - vel.
static float *dv(const vec3 *nv, const vec3 *vel) {
  float *d = (float *)bench_malloc(sizeof(float) * 3 * N);
  for (int i = 0; i < N; i++) {
    d[3 * i] = nv[i].x - vel[i].x;
    d[3 * i + 1] = nv[i].y - vel[i].y;
    d[3 * i + 2] = nv[i].z - vel[i].z;
  }
  return d;
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  if (o.cpu) {
    fprintf(stderr, "nbody_cuda: no CPU mode\n");
    return 2;
  }
  int reps = o.reps ? o.reps : 20;
  int ordinal = 0;
  if (strncmp(o.device, "cuda:", 5) == 0)
    ordinal = atoi(o.device + 5);
  CK(cudaSetDevice(ordinal));

  // the inputs of nbody_warpc (init() there)
  vec3 *pos = (vec3 *)bench_malloc(sizeof(vec3) * N);
  vec3 *vel = (vec3 *)bench_malloc(sizeof(vec3) * N);
  float *mass = (float *)bench_malloc(sizeof(float) * N);
  for (int i = 0; i < N; i++) {
    pos[i] = vec3{bench_uniform((uint32_t)i, 10, -1.0f, 1.0f),
                  bench_uniform((uint32_t)i, 11, -1.0f, 1.0f),
                  bench_uniform((uint32_t)i, 12, -1.0f, 1.0f)};
    vel[i] = vec3{bench_uniform((uint32_t)i, 20, -0.1f, 0.1f),
                  bench_uniform((uint32_t)i, 21, -0.1f, 0.1f),
                  bench_uniform((uint32_t)i, 22, -0.1f, 0.1f)};
    mass[i] = bench_uniform((uint32_t)i, 30, 0.5f, 1.5f) / N;
  }
  vec3 *dpos, *dvel, *dnp, *dnv;
  float *dmass;
  CK(cudaMalloc(&dpos, sizeof(vec3) * N));
  CK(cudaMalloc(&dvel, sizeof(vec3) * N));
  CK(cudaMalloc(&dnp, sizeof(vec3) * N));
  CK(cudaMalloc(&dnv, sizeof(vec3) * N));
  CK(cudaMalloc(&dmass, sizeof(float) * N));
  CK(cudaMemcpy(dpos, pos, sizeof(vec3) * N, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dvel, vel, sizeof(vec3) * N, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dmass, mass, sizeof(float) * N, cudaMemcpyHostToDevice));

  // one step of each kernel; they must agree
  const int grid = (N + BLOCK - 1) / BLOCK;
  vec3 *nv1 = (vec3 *)bench_malloc(sizeof(vec3) * N);
  vec3 *nv2 = (vec3 *)bench_malloc(sizeof(vec3) * N);
  step_simple<<<grid, BLOCK>>>(N, dpos, dvel, dmass, dnp, dnv, DT, EPS2);
  CK(cudaGetLastError());
  CK(cudaMemcpy(nv1, dnv, sizeof(vec3) * N, cudaMemcpyDeviceToHost));
  step_tiled<<<grid, BLOCK>>>(N, dpos, dvel, dmass, dnp, dnv, DT, EPS2);
  CK(cudaGetLastError());
  CK(cudaMemcpy(nv2, dnv, sizeof(vec3) * N, cudaMemcpyDeviceToHost));
  float *d1 = dv(nv1, vel), *d2 = dv(nv2, vel);
  double diff = bench_diff(d2, d1, 3 * (size_t)N, NULL);
  const char *ok = diff <= TOL ? "ok" : "FAIL";
  if (o.out)
    bench_write(o.out, nv1, sizeof(vec3) * N);

  float ms1 = time_steps(step_simple, reps, dpos, dvel, dmass, dnp, dnv);
  float ms2 = time_steps(step_tiled, reps, dpos, dvel, dmass, dnp, dnv);
  const double pairs = (double)N * (double)N;
  printf("BENCH bench=nbody impl=cuda device=cuda:%d threads=- ms=%.4f "
         "reps=%d rate=%.1f unit=GFLOP/s check=%s diff=%.3g\n",
         ordinal, (double)ms1, reps, FLOPS_PER_PAIR * pairs / (ms1 * 1e6), ok,
         diff);
  printf("BENCH bench=nbody impl=cuda-tiled device=cuda:%d threads=- ms=%.4f "
         "reps=%d rate=%.1f unit=GFLOP/s check=%s diff=%.3g\n",
         ordinal, (double)ms2, reps, FLOPS_PER_PAIR * pairs / (ms2 * 1e6), ok,
         diff);
  CK(cudaFree(dpos));
  CK(cudaFree(dvel));
  CK(cudaFree(dnp));
  CK(cudaFree(dnv));
  CK(cudaFree(dmass));
  free(pos);
  free(vel);
  free(mass);
  free(nv1);
  free(nv2);
  free(d1);
  free(d2);
  return diff <= TOL ? 0 : 1;
}
