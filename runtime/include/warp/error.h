/* warp/error.h - status codes and error messages. */
#ifndef WARP_ERROR_H
#define WARP_ERROR_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The message of the last failed call on the calling thread, e.g.
 * "particles_step: parameter 'x': expected array of vec3f, got array of
 * float32".  Never NULL ("" when nothing failed).  The string belongs to the
 * runtime and stays valid until the thread's next failing call. */
const char *wp_last_error(void);

/* The name of a status code, e.g. "WP_ERROR_DTYPE_MISMATCH".  Static string. */
const char *wp_status_string(wp_status status);

/* Records `status` with a printf-style message as the thread's last error and
 * returns `status` (used by the runtime and generated code). */
wp_status wp_set_error(wp_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif
#endif
