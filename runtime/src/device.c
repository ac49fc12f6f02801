/* device.c - naming devices and refusing the ones this build cannot reach. */
#include "internal.h"

#include <stdio.h>

const char *wpi_device_name(wp_device device, char buf[WPI_DEVICE_NAME_MAX]) {
  if (device == WP_DEVICE_CPU)
    snprintf(buf, WPI_DEVICE_NAME_MAX, "cpu");
  else if (device > 0)
    snprintf(buf, WPI_DEVICE_NAME_MAX, "cuda:%d", (int)device - 1);
  else
    snprintf(buf, WPI_DEVICE_NAME_MAX, "invalid(%d)", (int)device);
  return buf;
}

wp_status wpi_require_cpu(wp_device device) {
  char name[WPI_DEVICE_NAME_MAX];
  if (device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  if (device < 0)
    return wp_set_error(WP_ERROR_NO_DEVICE,
                        "device %d is not a device (cpu is 0, cuda:N is N + 1)",
                        (int)device);
  /* CUDA support (driver loaded with dlopen) arrives in a later change. */
  return wp_set_error(WP_ERROR_NO_DEVICE,
                      "device %s: CUDA is not available in this runtime build",
                      wpi_device_name(device, name));
}
