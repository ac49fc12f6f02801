/* probe_memory.c - reading memory that may not be mapped, without a fault:
 * the name a kernel descriptor of an older layout points at, which may
 * also be a corrupt descriptor's garbage (launch.c). */
#define _GNU_SOURCE /* process_vm_readv */
#include "internal.h"

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int wpi_read_string(const void *p, char *buf, wp_size n) {
  if (!p || !buf || n < 2)
    return 0;
#ifdef __linux__
  /* The kernel copies what is mapped and stops (or fails with EFAULT) at
   * what is not; a process may always read itself, but a seccomp filter
   * may refuse the call (EPERM): then nothing is read. */
  struct iovec local = {buf, n - 1}, remote = {(void *)(uintptr_t)p, n - 1};
  ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
  if (got <= 0)
    return 0;
  buf[got] = '\0';
  return memchr(buf, '\0', (size_t)got) != NULL || (size_t)got == n - 1;
#else
  return 0;
#endif
}
