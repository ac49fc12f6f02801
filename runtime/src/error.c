/* error.c - the thread-local last error and the names of status codes. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define ERROR_MESSAGE_MAX 1024

/* One record per thread, so that concurrent failing calls never see each
 * other's messages and no lock is needed. */
static _Thread_local struct {
  wp_status status;
  char message[ERROR_MESSAGE_MAX];
} last_error;

const char *wp_last_error(void) {
  return last_error.message;
}

wp_status wp_set_error(wp_status status, const char *fmt, ...) {
  /* Format into a temporary first: an argument may be wp_last_error()
   * itself (wrapping a message), which must not be overwritten while read. */
  char tmp[ERROR_MESSAGE_MAX] = "";
  if (fmt) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
  }
  last_error.status = status;
  memcpy(last_error.message, tmp, sizeof tmp);
  return status;
}

const char *wp_status_string(wp_status status) {
  switch (status) {
  case WP_SUCCESS: return "WP_SUCCESS";
  case WP_ERROR_INVALID_VALUE: return "WP_ERROR_INVALID_VALUE";
  case WP_ERROR_OUT_OF_MEMORY: return "WP_ERROR_OUT_OF_MEMORY";
  case WP_ERROR_DTYPE_MISMATCH: return "WP_ERROR_DTYPE_MISMATCH";
  case WP_ERROR_NDIM_MISMATCH: return "WP_ERROR_NDIM_MISMATCH";
  case WP_ERROR_DEVICE_MISMATCH: return "WP_ERROR_DEVICE_MISMATCH";
  case WP_ERROR_NO_DEVICE: return "WP_ERROR_NO_DEVICE";
  case WP_ERROR_NOT_SUPPORTED: return "WP_ERROR_NOT_SUPPORTED";
  case WP_ERROR_CUDA: return "WP_ERROR_CUDA";
  case WP_ERROR_SYSTEM: return "WP_ERROR_SYSTEM";
  case WP_ERROR_ABI_MISMATCH: return "WP_ERROR_ABI_MISMATCH";
  }
  /* Not a default label: -Wswitch then flags a code added to the enum but
   * not named here. */
  return "WP_ERROR_UNKNOWN";
}

int wp_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vprintf(fmt, ap);
  va_end(ap);
  fflush(stdout);
  return n;
}
