/* hashmap.h - hash tables whose storage lives in an arena.
 *
 * Two kinds, both open addressing with linear probing, growing (doubling)
 * when three quarters full; old storage is abandoned to the arena, as with
 * wp_ptrvec.  Zero-initialise a map ({0}) before first use.  Nothing is ever
 * removed.  Lookups and insertions take constant expected time, so the
 * compiler's name lookups stay linear in the size of the input.
 *
 *   wp_strmap   NUL-terminated string keys (compared by content) -> void *
 *   wp_keymap   (pointer, integer) keys (compared by value) -> void *
 *
 * Keys are not copied: a string key must live as long as the map (arena
 * strings do).  A value may be NULL: the find functions tell an absent key
 * (NULL result) from a key whose value is NULL (a slot holding NULL).
 */
#ifndef WARPC_SUPPORT_HASHMAP_H
#define WARPC_SUPPORT_HASHMAP_H

#include <stdint.h>

#include "arena.h"

typedef struct wp_strmap_entry wp_strmap_entry;
typedef struct wp_strmap {
  wp_strmap_entry *slots;
  uint32_t cap, count;
} wp_strmap;

/* The value slot of `key`, or NULL when the key is not in the map. */
void **wp_strmap_find(const wp_strmap *m, const char *key);

/* The value of `key`, or NULL when it is absent (or its value is NULL). */
void *wp_strmap_get(const wp_strmap *m, const char *key);

/* The value slot of `key`, added with a NULL value (storage from `a`) when
 * the key is absent.  The pointer is valid until the next insertion. */
void **wp_strmap_slot(wp_arena *a, wp_strmap *m, const char *key);

/* Sets the value of `key` (adding it when absent). */
void wp_strmap_put(wp_arena *a, wp_strmap *m, const char *key, void *value);

typedef struct wp_keymap_entry wp_keymap_entry;
typedef struct wp_keymap {
  wp_keymap_entry *slots;
  uint32_t cap, count;
} wp_keymap;

/* The value slot of key (p, k), or NULL when it is not in the map. */
void **wp_keymap_find(const wp_keymap *m, const void *p, int64_t k);

/* The value slot of key (p, k), added with a NULL value (storage from `a`)
 * when absent.  The pointer is valid until the next insertion. */
void **wp_keymap_slot(wp_arena *a, wp_keymap *m, const void *p, int64_t k);

/* The hash of a string, as the string maps use it (FNV-1a, 32 bits). */
uint32_t wp_hash_str(const char *s);

#endif
