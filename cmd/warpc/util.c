/* util.c - small helpers of the command line: reading the input, deriving
 * the module name and output paths; the label of the driver's errors. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpc.h"

static char *read_stream(FILE *f, uint32_t *len) {
  errno = 0;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *nb = realloc(buf, (cap *= 2) + 1);
      if (!nb) {
        free(buf);
        buf = NULL;
      }
      buf = nb;
    }
  }
  int err = ferror(f) ? (errno ? errno : EIO) : 0; /* EISDIR for a directory */
  if (!buf || err || n > UINT32_MAX) {
    free(buf);
    errno = err ? err : ENOMEM;
    return NULL;
  }
  buf[n] = 0;
  *len = (uint32_t)n;
  return buf;
}

char *warpc_read_file(const char *path, uint32_t *len) {
  if (!strcmp(path, "-"))
    return read_stream(stdin, len);
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *text = read_stream(f, len);
  int err = errno;
  fclose(f);
  errno = err;
  return text;
}

/* The file stem as a C identifier: "my-kernels.py" -> "my_kernels". */
char *warpc_module_name(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strcspn(base, ".");
  char *m = malloc(n + 2);
  size_t j = 0;
  if (n == 0 || (base[0] >= '0' && base[0] <= '9'))
    m[j++] = '_';
  for (size_t i = 0; i < n; i++) {
    char c = base[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_';
    m[j++] = ok ? c : '_';
  }
  m[j] = 0;
  return m;
}

bool warpc_valid_ident(const char *s) {
  if (!*s || (*s >= '0' && *s <= '9'))
    return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9') || *s == '_'))
      return false;
  return true;
}

/* path with its extension replaced by ext (".o", ".h"). */
char *warpc_with_ext(const char *path, const char *ext) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  size_t n =
      dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
  char *r = malloc(n + strlen(ext) + 1);
  memcpy(r, path, n);
  strcpy(r + n, ext);
  return r;
}

bool warpc_from_stdin(const options *o) {
  return !strcmp(o->input, "-");
}

/* -fdiagnostics-color for the driver's errors: the one setting of a run,
 * made while its options are read (the command line, not lib/). */
static bool error_color;

void warpc_error_color(bool on) {
  error_color = on;
}

void warpc_error_label(void) {
  /* gcc's colours: the locus bold, "error:" bold red */
  if (error_color)
    fputs("\33[01m\33[Kwarpc:\33[m\33[K \33[01;31m\33[Kerror:\33[m\33[K ",
          stderr);
  else
    fputs("warpc: error: ", stderr);
}

void warpc_error(const char *fmt, ...) {
  warpc_error_label();
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

/* Reads the n-byte unsigned field at `p` in the ELF file's byte order. */
static uint64_t elf_field(const unsigned char *p, int n, bool big) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v |= (uint64_t)p[big ? i : n - 1 - i] << (8 * (n - 1 - i));
  return v;
}

/* Whether the file `path` is a whole ELF relocatable object: the header
 * (ELF64 read: e_type ET_REL, the section header table) and a size that
 * holds the section header table, which an object ends with, so that a
 * truncated file is not one. */
bool warpc_is_object(const char *path) {
  unsigned char h[64] = {0};
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(h, 1, sizeof h, f) : 0;
  long size = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (f)
    fclose(f);
  if (n < 20 ||
      memcmp(h,
             "\x7f"
             "ELF",
             4) ||
      size < 0)
    return false;
  bool big = h[5] == 2;
  if (elf_field(h + 16, 2, big) != 1) /* e_type: ET_REL */
    return false;
  if (h[4] != 2) /* ELFCLASS32: the header alone */
    return true;
  if (n < sizeof h)
    return false;
  uint64_t shoff = elf_field(h + 0x28, 8, big);
  uint64_t shentsize = elf_field(h + 0x3a, 2, big);
  uint64_t shnum = elf_field(h + 0x3c, 2, big);
  return shoff <= (uint64_t)size && shentsize * shnum <= (uint64_t)size - shoff;
}
