/* cuda_module.c - the CUDA module of each kernel object, loaded from its
 * embedded fatbin once per device, and the kernel entries looked up in it.
 *
 * The cache is keyed by (fatbin image address, device): every kernel of one
 * object shares one image, so one cuModuleLoadData per object and device.
 * Modules stay loaded for the life of the process (the image is static data
 * of the program).  One mutex guards the cache; loads happen under it so
 * two threads never load the same module twice.
 */
#include "cuda_internal.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cached_function {
  char *name;
  CUfunction fn;
} cached_function;

typedef struct cached_module {
  const void *image;
  int ordinal;
  CUmodule module;
  cached_function *fns;
  size_t nfns;
} cached_module;

static struct {
  pthread_mutex_t lock;
  cached_module *mods;
  size_t nmods;
} M = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* ---- what a fatbin holds ------------------------------------------------- */

/* Layouts as `fatbinary --create` writes them (little-endian):
 *   header: u32 magic 0xBA55ED50, u16 version, u16 header size, u64 size of
 *           the entries that follow;
 *   entry:  u16 kind (1 PTX, 2 ELF cubin), u16 version, u32 header size,
 *           u64 payload size, ..., u32 arch (10 * major + minor) at 28.
 * A __fatBinC_Wrapper_t (magic 0x466243B1) points at such a header. */
#define FATBIN_MAGIC 0xBA55ED50u
#define FATBIN_WRAPPER_MAGIC 0x466243B1u
#define FATBIN_MAX_ENTRIES 1024

static uint32_t rd32(const unsigned char *p) {
  uint32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

static uint64_t rd64(const unsigned char *p) {
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* Adds `arch` to the sorted set list[0..*n). */
static void add_arch(int *list, int *n, int arch) {
  int i = 0;
  while (i < *n && list[i] < arch)
    i++;
  if ((i < *n && list[i] == arch) || *n >= 64)
    return;
  memmove(list + i + 1, list + i, (size_t)(*n - i) * sizeof *list);
  list[i] = arch;
  (*n)++;
}

/* Appends head and "sm_75, sm_80 and sm_90" (with prefix "sm_") to buf. */
static void append_list(char *buf, size_t n, const char *head,
                        const char *prefix, const int *list, int count) {
  size_t len = strlen(buf);
  snprintf(buf + len, n - len, "%s", head);
  for (int i = 0; i < count; i++) {
    const char *sep = i == 0 ? "" : i == count - 1 ? " and " : ", ";
    len = strlen(buf);
    snprintf(buf + len, n - len, "%s%s%d", sep, prefix, list[i]);
  }
}

/* Collects the archs of a fatbin's entries; 0 when `image` is not one. */
static int fatbin_archs(const unsigned char *p, int *sm, int *nsm, int *ptx,
                        int *nptx) {
  if (rd32(p) == FATBIN_WRAPPER_MAGIC) {
    const unsigned char *inner;
    memcpy(&inner, p + 8, sizeof inner);
    if (!inner)
      return 0;
    p = inner;
  }
  if (rd32(p) != FATBIN_MAGIC)
    return 0;
  uint64_t header = (uint16_t)(p[6] | p[7] << 8), size = rd64(p + 8);
  if (size > UINT64_MAX - header)
    return 1; /* a size no image has: no entries */
  uint64_t off = header, end = header + size;
  for (int k = 0; k < FATBIN_MAX_ENTRIES && off + 32 <= end; k++) {
    const unsigned char *e = p + off;
    unsigned kind = (unsigned)(e[0] | e[1] << 8);
    uint64_t ehs = rd32(e + 4), payload = rd64(e + 8);
    if (ehs < 32 || ehs > end - off || payload > end - off - ehs)
      break;
    int arch = (int)rd32(e + 28);
    if (kind == 2)
      add_arch(sm, nsm, arch);
    else if (kind == 1)
      add_arch(ptx, nptx, arch);
    off += ehs + payload;
  }
  return 1;
}

const char *wpi_fatbin_describe(const void *image, char *buf, size_t n) {
  int sm[64], ptx[64], nsm = 0, nptx = 0;
  if (!buf || n == 0)
    return buf;
  buf[0] = '\0';
  if (!image)
    return buf;
  const unsigned char *p = image;
  if (!fatbin_archs(p, sm, &nsm, ptx, &nptx)) {
    /* Plain PTX text also loads; name its target. */
    const char *t = strstr((const char *)p, ".target sm_");
    if (strstr((const char *)p, ".version") && t)
      add_arch(ptx, &nptx, atoi(t + 11));
    else
      return buf;
  }
  if (nsm > 0)
    append_list(buf, n, nsm == 1 ? "a cubin for " : "cubins for ", "sm_", sm,
                nsm);
  if (nptx > 0)
    append_list(buf, n, nsm > 0 ? ", and PTX for " : "PTX for ", "compute_",
                ptx, nptx);
  if (nsm == 0 && nptx == 0)
    snprintf(buf, n, "no cubin and no PTX");
  return buf;
}

/* ---- loading ------------------------------------------------------------- */

/* The message of a failed module load, with advice for the two failures a
 * user can fix by rebuilding. */
static wp_status load_error(CUresult r, const wpi_cuda_device *dev,
                            const wp_kernel_desc *kernel, const char *name) {
  char err[WPI_CUDA_ERROR_MAX], holds[256], advice[512] = "";
  wpi_cuda_error_text(r, err);
  wpi_fatbin_describe(kernel->cuda_module, holds, sizeof holds);
  if (r == CUDA_ERROR_NO_BINARY_FOR_GPU) {
    if (holds[0])
      snprintf(advice, sizeof advice,
               "; the object holds %s, none of them usable on sm_%d; rebuild "
               "with warpc --cuda-arch sm_%d",
               holds, dev->arch, dev->arch);
    else
      snprintf(advice, sizeof advice,
               "; the object holds no cubin or PTX usable on sm_%d; rebuild "
               "with warpc --cuda-arch sm_%d",
               dev->arch, dev->arch);
  } else if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION) {
    snprintf(advice, sizeof advice,
             "; the object holds %s: its PTX is newer than this driver "
             "accepts; update the driver or rebuild with warpc --cuda-arch "
             "sm_%d to embed a cubin for this GPU",
             holds[0] ? holds : "PTX", dev->arch);
  }
  return wp_set_error(WP_ERROR_CUDA,
                      "kernel %s: cannot load its CUDA code on cuda:%d "
                      "(sm_%d): %s%s",
                      name, dev->ordinal, dev->arch, err, advice);
}

/* The cached module of (image, device), loading it if needed.  M.lock is
 * held. */
static wp_status find_module(wpi_cuda_device *dev, const wp_kernel_desc *kernel,
                             const char *name, cached_module **out) {
  for (size_t i = 0; i < M.nmods; i++)
    if (M.mods[i].image == kernel->cuda_module &&
        M.mods[i].ordinal == dev->ordinal) {
      *out = &M.mods[i];
      return WP_SUCCESS;
    }
  cached_module *grown = realloc(M.mods, (M.nmods + 1) * sizeof *M.mods);
  if (!grown)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "kernel %s: out of memory",
                        name);
  M.mods = grown;
  const wpi_cuda_api *api = wpi_cuda_driver(NULL);
  CUmodule module = NULL;
  /* A first launch may come while this thread captures a stream
   * (<warp/graph.h>).  Loading a module is not a stream operation, but the
   * driver refuses "potentially unsafe" calls in the capturing thread
   * (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED) unless its capture mode is
   * relaxed: relax it around the load, then restore it (cuda.h,
   * cuThreadExchangeStreamCaptureMode).  Harmless when nothing captures. */
  int mode = CU_STREAM_CAPTURE_MODE_RELAXED;
  int relaxed = api->cuThreadExchangeStreamCaptureMode &&
                api->cuThreadExchangeStreamCaptureMode(&mode) == CUDA_SUCCESS;
  CUresult r = api->cuModuleLoadData(&module, kernel->cuda_module);
  if (relaxed)
    api->cuThreadExchangeStreamCaptureMode(&mode);
  if (r != CUDA_SUCCESS)
    return load_error(r, dev, kernel, name);
  cached_module *m = &M.mods[M.nmods++];
  *m = (cached_module){
      .image = kernel->cuda_module, .ordinal = dev->ordinal, .module = module};
  *out = m;
  return WP_SUCCESS;
}

/* The entry `entry` of module `m`, looked up once (a missing optional
 * entry is remembered too, as a NULL function).  M.lock is held. */
static wp_status find_function(cached_module *m, const char *entry,
                               const char *name, int optional,
                               CUfunction *out) {
  for (size_t i = 0; i < m->nfns; i++)
    if (strcmp(m->fns[i].name, entry) == 0) {
      *out = m->fns[i].fn;
      return WP_SUCCESS;
    }
  const wpi_cuda_api *api = wpi_cuda_driver(NULL);
  CUfunction fn = NULL;
  CUresult r = api->cuModuleGetFunction(&fn, m->module, entry);
  if (r != CUDA_SUCCESS && !(optional && r == CUDA_ERROR_NOT_FOUND))
    return wpi_cuda_fail(r,
                         "kernel %s: its CUDA code has no entry '%s' on "
                         "cuda:%d (object and header out of step?)",
                         name, entry, m->ordinal);
  if (r != CUDA_SUCCESS)
    fn = NULL;
  cached_function *grown = realloc(m->fns, (m->nfns + 1) * sizeof *m->fns);
  char *copy = strdup(entry);
  if (!grown || !copy) {
    free(copy);
    if (grown)
      m->fns = grown;
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "kernel %s: out of memory",
                        name);
  }
  m->fns = grown;
  m->fns[m->nfns++] = (cached_function){copy, fn};
  *out = fn;
  return WP_SUCCESS;
}

wp_status wpi_cuda_function(wpi_cuda_device *dev, const wp_kernel_desc *kernel,
                            const char *entry, int optional, CUfunction *out) {
  const char *name = kernel->name ? kernel->name : "(unnamed)";
  cached_module *m = NULL;
  pthread_mutex_lock(&M.lock);
  wp_status st = find_module(dev, kernel, name, &m);
  if (st == WP_SUCCESS)
    st = find_function(m, entry, name, optional, out);
  pthread_mutex_unlock(&M.lock);
  return st;
}
