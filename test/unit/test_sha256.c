/* test_sha256.c - unit tests of lib/support/sha256: the FIPS 180-4 example
 * vectors (empty, "abc", the two-block message, a million 'a's fed in odd
 * pieces) and a digest that does not depend on how the input is split. */
#include <stdio.h>
#include <string.h>

#include "support/sha256.h"

#include "check.h"

CHECK_TALLY;

static void hex_of(wp_sha256 *s, char out[65]) {
  unsigned char d[32];
  wp_sha256_final(s, d);
  for (int i = 0; i < 32; i++)
    snprintf(out + 2 * i, 3, "%02x", d[i]);
}

int main(void) {
  char h[65];
  wp_sha256_hex("", 0, h);
  CHECK(!strcmp(
      h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
  wp_sha256_hex("abc", 3, h);
  CHECK(!strcmp(
      h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  wp_sha256_hex(two, strlen(two), h);
  CHECK(!strcmp(
      h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
  /* a million 'a's in pieces of 7 bytes (across block boundaries) */
  wp_sha256 s;
  wp_sha256_init(&s);
  char a[7];
  memset(a, 'a', sizeof a);
  size_t left = 1000000;
  while (left) {
    size_t n = left < sizeof a ? left : sizeof a;
    wp_sha256_update(&s, a, n);
    left -= n;
  }
  hex_of(&s, h);
  CHECK(!strcmp(
      h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
  /* 55, 56 and 64 bytes: the padding's edge cases, split or not */
  for (size_t n = 55; n <= 64; n++) {
    char msg[64], whole[65], split[65];
    memset(msg, 'x', n);
    wp_sha256_hex(msg, n, whole);
    wp_sha256_init(&s);
    wp_sha256_update(&s, msg, 1);
    wp_sha256_update(&s, msg + 1, n - 1);
    hex_of(&s, split);
    CHECK(!strcmp(whole, split));
  }
  return check_report("test_sha256");
}
