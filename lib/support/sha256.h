/* sha256.h - SHA-256 (FIPS 180-4), for the keys of warpc's object cache:
 * a digest of everything that decides an object's bytes. */
#ifndef WARPC_SUPPORT_SHA256_H
#define WARPC_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct wp_sha256 {
  uint32_t h[8];
  uint64_t len; /* bytes hashed so far */
  unsigned char buf[64];
  size_t nbuf;
} wp_sha256;

/* Starts a digest (any previous state is discarded). */
void wp_sha256_init(wp_sha256 *s);

/* Adds `n` bytes at `data` to the digest. */
void wp_sha256_update(wp_sha256 *s, const void *data, size_t n);

/* Ends the digest: its 32 bytes in `out`; `s` must be initialised again
 * before another use. */
void wp_sha256_final(wp_sha256 *s, unsigned char out[32]);

/* The digest of `n` bytes at `data` as 64 lowercase hex digits and a NUL. */
void wp_sha256_hex(const void *data, size_t n, char out[65]);

#endif
