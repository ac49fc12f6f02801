/* utf8.c - UTF-8 sequences as diagnostics write them (utf8.h). */
#include "utf8.h"

#include <stdbool.h>
#include <stdint.h>

int wp_utf8_len(const unsigned char *s, size_t n) {
  int len = s[0] < 0x80   ? 1
            : s[0] < 0xc2 ? 0
            : s[0] < 0xe0 ? 2
            : s[0] < 0xf0 ? 3
            : s[0] < 0xf5 ? 4
                          : 0;
  if (!len || (size_t)len > n)
    return 0;
  for (int i = 1; i < len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  /* no overlong forms, surrogates or values past U+10FFFF */
  if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
      (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
    return 0;
  return len;
}

/* The code point of the well-formed sequence at s of `len` bytes. */
static uint32_t decode(const unsigned char *s, int len) {
  static const unsigned char lead_mask[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
  uint32_t cp = s[0] & lead_mask[len];
  for (int i = 1; i < len; i++)
    cp = cp << 6 | (s[i] & 0x3f);
  return cp;
}

/* Whether code point cp is written as "<U+XXXX>". */
static bool escaped(uint32_t cp) {
  return (cp < 0x20 && cp != '\t') || (cp >= 0x7f && cp <= 0x9f);
}

int wp_utf8_shown(const unsigned char *s, size_t n, int *len) {
  *len = wp_utf8_len(s, n);
  if (!*len) {
    *len = 1;
    return 1; /* U+FFFD */
  }
  return escaped(decode(s, *len)) ? 8 : 1;
}

void wp_utf8_put(FILE *out, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  while (n) {
    int len = wp_utf8_len(p, n);
    if (!len) {
      fputs("\xef\xbf\xbd", out);
      len = 1;
    } else if (escaped(decode(p, len)))
      fprintf(out, "<U+%04X>", (unsigned)decode(p, len));
    else
      fwrite(p, 1, (size_t)len, out);
    p += len;
    n -= (size_t)len;
  }
}
