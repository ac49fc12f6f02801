// saxpy_cuda: saxpy written by hand in CUDA C, the yardstick for warpc's
// kernel (bench/saxpy/kernels.py).  Built with nvcc -O3; the CUDA runtime is
// linked statically (nvcc's default).
//
//   saxpy_cuda [--device cuda:N] [--reps N] [--out FILE]
//
// The same inputs as saxpy_warpc (bench_uniform); one launch on them is
// checked against a CPU loop and written to FILE (--out) for saxpy_warpc
// --ref; then 5 warm-up launches and N timed ones (default 100) between two
// CUDA events.  Prints a BENCH line.
#include "../bench_common.h"

#include <cuda_runtime.h>

#define N (1 << 26)
#define A 2.5f
#define TOL 1e-6

#define CK(call)                                                               \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "saxpy_cuda: %s: %s\n", #call, cudaGetErrorString(e_)); \
      exit(e_ == cudaErrorNoDevice || e_ == cudaErrorInsufficientDriver ? 5    \
                                                                        : 3); \
    }                                                                          \
  } while (0)

// One thread per element, the way the CUDA programming guide writes it.
__global__ void saxpy(int n, float a, const float *__restrict__ x,
                      float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  bench_opts o = bench_parse(argc, argv);
  if (o.cpu) {
    fprintf(stderr, "saxpy_cuda: no CPU mode\n");
    return 2;
  }
  int reps = o.reps ? o.reps : 100;
  int ordinal = 0;
  if (strncmp(o.device, "cuda:", 5) == 0)
    ordinal = atoi(o.device + 5);
  CK(cudaSetDevice(ordinal));

  size_t bytes = sizeof(float) * (size_t)N;
  float *hx = (float *)bench_malloc(bytes), *hy = (float *)bench_malloc(bytes);
  float *out = (float *)bench_malloc(bytes);
  for (int i = 0; i < N; i++) {
    hx[i] = bench_uniform((uint32_t)i, 1, -1.0f, 1.0f);
    hy[i] = bench_uniform((uint32_t)i, 2, -1.0f, 1.0f);
  }
  float *dx, *dy;
  CK(cudaMalloc(&dx, bytes));
  CK(cudaMalloc(&dy, bytes));
  CK(cudaMemcpy(dx, hx, bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, hy, bytes, cudaMemcpyHostToDevice));

  const int block = 256, grid = (N + block - 1) / block;
  saxpy<<<grid, block>>>(N, A, dx, dy);
  CK(cudaGetLastError());
  CK(cudaMemcpy(out, dy, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; i++)
    hy[i] = A * hx[i] + hy[i];
  double diff = bench_diff(out, hy, (size_t)N, NULL);
  if (o.out)
    bench_write(o.out, out, bytes);

  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int r = 0; r < 5; r++)
    saxpy<<<grid, block>>>(N, A, dx, dy);
  CK(cudaEventRecord(e0));
  for (int r = 0; r < reps; r++)
    saxpy<<<grid, block>>>(N, A, dx, dy);
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  CK(cudaGetLastError());
  float ms = 0.0f;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  double per = (double)ms / reps;
  printf("BENCH bench=saxpy impl=cuda device=cuda:%d threads=- ms=%.4f reps=%d "
         "rate=%.1f unit=GB/s check=%s diff=%.3g\n",
         ordinal, per, reps, 12.0 * N / (per * 1e6),
         diff <= TOL ? "ok" : "FAIL", diff);
  CK(cudaFree(dx));
  CK(cudaFree(dy));
  free(hx);
  free(hy);
  free(out);
  return diff <= TOL ? 0 : 1;
}
