/* hashmap.c - arena hash tables (see hashmap.h). */
#include "hashmap.h"

#include <stdbool.h>
#include <string.h>

struct wp_strmap_entry {
  const char *key; /* NULL: empty slot */
  uint32_t hash;
  void *value;
};

struct wp_keymap_entry {
  const void *p;
  int64_t k;
  void *value;
  bool used;
};

enum { MIN_CAP = 8 };

uint32_t wp_hash_str(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static uint32_t hash_key(const void *p, int64_t k) {
  uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull ^
               (uint64_t)k * 0xC2B2AE3D27D4EB4Full;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return (uint32_t)x;
}

/* ---- string keys */

static wp_strmap_entry *str_probe(const wp_strmap *m, const char *key,
                                  uint32_t h) {
  uint32_t mask = m->cap - 1;
  for (uint32_t i = h & mask;; i = (i + 1) & mask) {
    wp_strmap_entry *e = &m->slots[i];
    if (!e->key || (e->hash == h && !strcmp(e->key, key)))
      return e;
  }
}

void **wp_strmap_find(const wp_strmap *m, const char *key) {
  if (!m->count)
    return NULL;
  wp_strmap_entry *e = str_probe(m, key, wp_hash_str(key));
  return e->key ? &e->value : NULL;
}

void *wp_strmap_get(const wp_strmap *m, const char *key) {
  void **v = wp_strmap_find(m, key);
  return v ? *v : NULL;
}

static void str_grow(wp_arena *a, wp_strmap *m) {
  wp_strmap old = *m;
  m->cap = old.cap ? old.cap * 2 : MIN_CAP;
  m->slots = WP_NEW_ARRAY(a, wp_strmap_entry, m->cap);
  for (uint32_t i = 0; i < old.cap; i++)
    if (old.slots[i].key)
      *str_probe(m, old.slots[i].key, old.slots[i].hash) = old.slots[i];
}

void **wp_strmap_slot(wp_arena *a, wp_strmap *m, const char *key) {
  if ((m->count + 1) * 4 > m->cap * 3)
    str_grow(a, m);
  uint32_t h = wp_hash_str(key);
  wp_strmap_entry *e = str_probe(m, key, h);
  if (!e->key) {
    e->key = key;
    e->hash = h;
    e->value = NULL;
    m->count++;
  }
  return &e->value;
}

void wp_strmap_put(wp_arena *a, wp_strmap *m, const char *key, void *value) {
  *wp_strmap_slot(a, m, key) = value;
}

/* ---- (pointer, integer) keys */

static wp_keymap_entry *key_probe(const wp_keymap *m, const void *p,
                                  int64_t k) {
  uint32_t mask = m->cap - 1;
  for (uint32_t i = hash_key(p, k) & mask;; i = (i + 1) & mask) {
    wp_keymap_entry *e = &m->slots[i];
    if (!e->used || (e->p == p && e->k == k))
      return e;
  }
}

void **wp_keymap_find(const wp_keymap *m, const void *p, int64_t k) {
  if (!m->count)
    return NULL;
  wp_keymap_entry *e = key_probe(m, p, k);
  return e->used ? &e->value : NULL;
}

void **wp_keymap_slot(wp_arena *a, wp_keymap *m, const void *p, int64_t k) {
  if ((m->count + 1) * 4 > m->cap * 3) {
    wp_keymap old = *m;
    m->cap = old.cap ? old.cap * 2 : MIN_CAP;
    m->slots = WP_NEW_ARRAY(a, wp_keymap_entry, m->cap);
    for (uint32_t i = 0; i < old.cap; i++)
      if (old.slots[i].used)
        *key_probe(m, old.slots[i].p, old.slots[i].k) = old.slots[i];
  }
  wp_keymap_entry *e = key_probe(m, p, k);
  if (!e->used) {
    *e = (wp_keymap_entry){.p = p, .k = k, .used = true};
    m->count++;
  }
  return &e->value;
}
