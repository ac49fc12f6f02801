/* arena.c - bump allocator (see arena.h). */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn static void out_of_memory(void) {
  fputs("warpc: fatal error: out of memory\n", stderr);
  exit(2);
}

void *wp_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    out_of_memory();
  return p;
}

void *wp_xrealloc(void *p, size_t size) {
  void *q = realloc(p, size);
  if (!q)
    out_of_memory();
  return q;
}

#ifdef WP_ARENA_MALLOC
/* Debug mode for AddressSanitizer (the fuzz and SAN builds, see the
 * Makefile): every allocation is its own malloc of exactly `size` bytes, so
 * an access past one object, or before it, lands in the sanitizer's red zone
 * instead of the next object of a shared chunk.  The list node lives apart
 * from the object for the same reason. */
struct wp_arena_chunk {
  wp_arena_chunk *next;
  void *p;
};

void *wp_arena_alloc(wp_arena *a, size_t size) {
  wp_arena_chunk *c = malloc(sizeof *c);
  void *p = NULL;
  if (!c || posix_memalign(&p, 16, size) != 0 ||
      (!p && posix_memalign(&p, 16, 1) != 0))
    out_of_memory();
  memset(p, 0, size);
  c->p = p;
  c->next = a->head;
  a->head = c;
  return p;
}

void wp_arena_free(wp_arena *a) {
  wp_arena_chunk *c = a->head;
  while (c) {
    wp_arena_chunk *n = c->next;
    free(c->p);
    free(c);
    c = n;
  }
  a->head = NULL;
}
#else
struct wp_arena_chunk {
  wp_arena_chunk *next;
  size_t used;
  size_t cap;
  _Alignas(16) unsigned char data[];
};

enum { CHUNK_MIN = 64 * 1024 };

void *wp_arena_alloc(wp_arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  wp_arena_chunk *c = a->head;
  if (!c || c->cap - c->used < size) {
    size_t cap = size > CHUNK_MIN ? size : CHUNK_MIN;
    c = malloc(sizeof(wp_arena_chunk) + cap);
    if (!c)
      out_of_memory();
    c->next = a->head;
    c->used = 0;
    c->cap = cap;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

void wp_arena_free(wp_arena *a) {
  wp_arena_chunk *c = a->head;
  while (c) {
    wp_arena_chunk *n = c->next;
    free(c);
    c = n;
  }
  a->head = NULL;
}
#endif

char *wp_arena_strndup(wp_arena *a, const char *s, size_t n) {
  char *p = wp_arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *wp_arena_strdup(wp_arena *a, const char *s) {
  return wp_arena_strndup(a, s, strlen(s));
}

char *wp_arena_vprintf(wp_arena *a, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *p = wp_arena_alloc(a, (size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  return p;
}

char *wp_arena_printf(wp_arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *p = wp_arena_vprintf(a, fmt, ap);
  va_end(ap);
  return p;
}

void wp_ptrvec_push(wp_arena *a, wp_ptrvec *v, void *p) {
  if (v->count == v->cap) {
    int cap = v->cap ? v->cap * 2 : 8;
    void **items = WP_NEW_ARRAY(a, void *, cap);
    if (v->count)
      memcpy(items, v->items, sizeof(void *) * (size_t)v->count);
    v->items = items;
    v->cap = cap;
  }
  v->items[v->count++] = p;
}
