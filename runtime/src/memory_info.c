/* memory_info.c - wp_device_memory_info: free and total memory of a device
 * (<warp/device.h>). */
#include "cuda_internal.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* MemAvailable of /proc/meminfo in bytes (the kernel's estimate of what can
 * be allocated without swapping), or 0 when it cannot be read. */
static wp_size meminfo_available(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f)
    return 0;
  char line[256];
  unsigned long long kb = 0;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
      break;
  fclose(f);
  return (wp_size)kb * 1024;
}

static wp_status cpu_memory_info(wp_size *free_bytes, wp_size *total_bytes) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return wp_set_error(WP_ERROR_SYSTEM,
                        "wp_device_memory_info: cpu: sysconf cannot tell the "
                        "physical memory size");
  *total_bytes = (wp_size)pages * (wp_size)size;
  wp_size avail = meminfo_available();
  if (avail == 0) { /* no /proc: free pages, a lower bound */
    long av = sysconf(_SC_AVPHYS_PAGES);
    avail = av > 0 ? (wp_size)av * (wp_size)size : 0;
  }
  *free_bytes = avail < *total_bytes ? avail : *total_bytes;
  return WP_SUCCESS;
}

wp_status wp_device_memory_info(wp_device device, wp_size *free_bytes,
                                wp_size *total_bytes) {
  const char *what = "wp_device_memory_info";
  if (!free_bytes || !total_bytes)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        !free_bytes ? "free_bytes" : "total_bytes");
  *free_bytes = *total_bytes = 0;
  if (device == WP_DEVICE_CPU)
    return cpu_memory_info(free_bytes, total_bytes);
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  if (!api->cuMemGetInfo) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, "cuMemGetInfo_v2");
  }
  size_t f = 0, t = 0;
  CUresult r = api->cuMemGetInfo(&f, &t);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d", what, (int)device - 1);
  *free_bytes = f;
  *total_bytes = t;
  return WP_SUCCESS;
}
