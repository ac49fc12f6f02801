/* runtime_seeds.c - writes the seed corpus of fuzz_runtime (one file per
 * seed into the directory argv[1]): arrays of several dtypes, shapes and
 * strides on the CPU and on CUDA devices, launches, and CUDA images (a
 * fatbin as `fatbinary` lays it out, the wrapper nvcc puts around one, PTX
 * text, device strings).  Run by `make fuzz`; layout in runtime_input.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <warp/abi.h>

#include "runtime_input.h"

static const char *dir;
static int nseeds;

static void seed(const fuzz_rt_params *p, const void *tail, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/seed-%03d", dir, nseeds++);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, sizeof *p, 1, f) != 1 ||
      (n && fwrite(tail, 1, n, f) != n) || fclose(f)) {
    perror(path);
    exit(1);
  }
}

/* A fatbin: a 16-byte header and entries of a 64-byte header + payload,
 * kind 2 (cubin) for sm_75 and sm_86, kind 1 (PTX) for compute_90. */
static size_t fatbin(unsigned char *buf) {
  static const struct {
    unsigned kind, arch;
  } entries[] = {{2, 75}, {2, 86}, {1, 90}};
  size_t off = 16;
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
    unsigned char *e = buf + off;
    uint64_t payload = 16;
    uint32_t ehs = 64, arch = entries[i].arch;
    memset(e, 0, ehs + payload);
    e[0] = (unsigned char)entries[i].kind;
    e[2] = 1;
    memcpy(e + 4, &ehs, 4);
    memcpy(e + 8, &payload, 8);
    memcpy(e + 28, &arch, 4);
    memcpy(e + ehs, ".version 7.0\n", 13);
    off += ehs + payload;
  }
  uint32_t magic = 0xBA55ED50u;
  uint64_t size = off - 16;
  memcpy(buf, &magic, 4);
  buf[4] = 1;  /* version */
  buf[6] = 16; /* header size */
  memcpy(buf + 8, &size, 8);
  return off;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  dir = argv[1];
  unsigned char fb[1024], wrapped[1024];
  size_t nfb = fatbin(fb);
  uint32_t wmagic = 0x466243B1u, wversion = 1;
  memset(wrapped, 0, 24);
  memcpy(wrapped, &wmagic, 4);
  memcpy(wrapped + 4, &wversion, 4);
  memcpy(wrapped + 24, fb, nfb);
  static const char ptx[] = ".version 7.0\n.target sm_52\n.address_size 64\n";
  static const char *devices[] = {"cpu", "cuda", "cuda:0", "cuda:1",
                                  "cuda:99999999999"};

  /* float32[8] on the CPU, a 1-D CPU launch of 100 threads */
  fuzz_rt_params p = {.dtype = WP_FLOAT32,
                      .ndim = 1,
                      .shape = {8},
                      .idx = {3},
                      .want_dtype = WP_FLOAT32,
                      .want_ndim = 1,
                      .launch_ndim = 1,
                      .launch_dims = {100},
                      .text_size = 64,
                      .value = {0, 0, 128, 63}};
  seed(&p, NULL, 0);
  /* the same with strides, misaligned, copied to cuda:0 */
  p.flags = FZ_STRIDES;
  p.strides[0] = 8;
  p.offset = 2;
  p.copy_device = WP_DEVICE_CUDA(0);
  seed(&p, devices[3], strlen(devices[3]) + 1);
  /* vec3f[3, 4] on cuda:0, strided, async copies to the CPU; a 2-D CUDA
     launch of a kernel with the fatbin */
  p = (fuzz_rt_params){.flags = FZ_STRIDES | FZ_ASYNC | FZ_CUDA_CODE,
                       .dtype = WP_VEC3F,
                       .ndim = 2,
                       .device = WP_DEVICE_CUDA(0),
                       .shape = {3, 4},
                       .strides = {64, 16},
                       .idx = {2, 3},
                       .want_dtype = WP_VEC3F,
                       .want_ndim = 2,
                       .want_device = WP_DEVICE_CUDA(0),
                       .launch_ndim = 2,
                       .launch_device = WP_DEVICE_CUDA(0),
                       .launch_dims = {64, 64},
                       .block_dim = 128,
                       .text_size = 256};
  seed(&p, fb, nfb);
  p.flags |= FZ_BACKWARD;
  p.launch_device = WP_DEVICE_CUDA(1);
  seed(&p, wrapped, 24 + nfb);
  p.flags = FZ_CUDA_CODE | FZ_NO_ADJOINT | FZ_BACKWARD;
  seed(&p, ptx, sizeof ptx);
  /* mat33d[2, 3, 4] on the CPU, checked as a float32 3-D array; a 3-D
     launch big enough for the pool */
  p = (fuzz_rt_params){.flags = FZ_NAMED,
                       .dtype = WP_MAT33D,
                       .ndim = 3,
                       .shape = {2, 3, 4},
                       .want_dtype = WP_FLOAT32,
                       .want_ndim = 3,
                       .copy_device = WP_DEVICE_CUDA(1),
                       .launch_ndim = 3,
                       .launch_dims = {16, 16, 16},
                       .text_size = 32};
  seed(&p, NULL, 0);
  /* a struct dtype of 24 bytes, 4-D, with zero and broadcast strides */
  p = (fuzz_rt_params){.flags = FZ_STRIDES,
                       .dtype = WP_DTYPE(WP_KIND_STRUCT, 0, 0x12, 0x34),
                       .elem_size = 24,
                       .ndim = 4,
                       .shape = {2, 1, 3, 2},
                       .strides = {144, 0, 48, 24},
                       .want_dtype = WP_DTYPE(WP_KIND_STRUCT, 0, 0x12, 0x34),
                       .want_ndim = 4,
                       .launch_ndim = 4,
                       .launch_dims = {2, 3, 4, 5},
                       .text_size = 8};
  seed(&p, NULL, 0);
  /* an empty array, a float16 vector, an unknown dtype, a NULL array */
  p = (fuzz_rt_params){.dtype = WP_VEC_DTYPE(WP_SCALAR_FLOAT16, 5),
                       .ndim = 2,
                       .shape = {0, 7},
                       .want_ndim = 2,
                       .launch_dims = {0}};
  seed(&p, NULL, 0);
  p.flags = FZ_NULL_DATA;
  p.dtype = 0x7f000000u;
  seed(&p, NULL, 0);
  /* device strings */
  for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++) {
    p = (fuzz_rt_params){.dtype = WP_INT32, .ndim = 1, .text_size = 6};
    seed(&p, devices[i], strlen(devices[i]) + 1);
  }
  printf("%d seeds in %s\n", nseeds, dir);
  return 0;
}
