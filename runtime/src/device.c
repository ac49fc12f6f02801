/* device.c - naming devices. */
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
