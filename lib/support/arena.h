/* arena.h - bump allocator for compiler data.
 *
 * Every AST node, IR object and string the compiler makes lives in an arena
 * and is released all at once with wp_arena_free().  Nothing allocated from an
 * arena is freed individually.
 *
 * Built with -DWP_ARENA_MALLOC (make fuzz, make check SAN=1), every
 * allocation is a separate malloc of exactly the size asked for, so
 * AddressSanitizer reports an access outside one object even when the next
 * object would follow it in a shared chunk.
 */
#ifndef WARPC_SUPPORT_ARENA_H
#define WARPC_SUPPORT_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct wp_arena_chunk wp_arena_chunk;

/* An arena.  Zero-initialise it ({0}) before first use; it owns its chunks. */
typedef struct wp_arena {
  wp_arena_chunk *head;
} wp_arena;

/* Heap memory outside any arena, for scratch that a pass frees itself:
 * calloc(n, size) (n == 0 gives a valid block) and realloc(p, size), which
 * end the process with warpc's out-of-memory message (exit 2) instead of
 * returning NULL.  Free the result with free(). */
void *wp_xcalloc(size_t n, size_t size);
void *wp_xrealloc(void *p, size_t size);

/* Returns `size` bytes aligned to 16, zero-filled.  Aborts the process with a
 * message on out-of-memory (the compiler cannot continue without memory). */
void *wp_arena_alloc(wp_arena *a, size_t size);

/* Copies `n` bytes of `s` into the arena and NUL-terminates the copy. */
char *wp_arena_strndup(wp_arena *a, const char *s, size_t n);

/* Copies the NUL-terminated string `s` into the arena. */
char *wp_arena_strdup(wp_arena *a, const char *s);

/* printf into a fresh arena string. */
char *wp_arena_printf(wp_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *wp_arena_vprintf(wp_arena *a, const char *fmt, va_list ap);

/* Releases every allocation of the arena; the arena may be reused after. */
void wp_arena_free(wp_arena *a);

/* A growable array of pointers whose storage lives in an arena (old storage is
 * abandoned to the arena when it grows). */
typedef struct wp_ptrvec {
  void **items;
  int count;
  int cap;
} wp_ptrvec;

/* Appends `p` to `v`, growing its storage in `a`. */
void wp_ptrvec_push(wp_arena *a, wp_ptrvec *v, void *p);

/* Allocates an array of `n` objects of type T in arena A. */
#define WP_NEW_ARRAY(A, T, n)                                                  \
  ((T *)wp_arena_alloc((A), sizeof(T) * (size_t)(n)))
/* Allocates one zeroed object of type T in arena A. */
#define WP_NEW(A, T) WP_NEW_ARRAY(A, T, 1)

#endif
