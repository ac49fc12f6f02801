/* test_hashmap.c - unit tests of lib/support/hashmap: string and
 * (pointer, integer) keys against a plain array of what was put, through
 * many growths; NULL values; keys compared by content, not address. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/hashmap.h"

#include "check.h"

CHECK_TALLY;

enum { N = 50000 };

static void test_strmap(void) {
  wp_arena a = {0};
  wp_strmap m = {0};
  CHECK(wp_strmap_find(&m, "x") == NULL); /* empty: no storage yet */
  CHECK(wp_strmap_get(&m, "x") == NULL);
  static int vals[N];
  char **keys = malloc(sizeof(char *) * N);
  for (int i = 0; i < N; i++) {
    keys[i] = wp_arena_printf(&a, "name%d", i);
    wp_strmap_put(&a, &m, keys[i], &vals[i]);
  }
  CHECK(m.count == N);
  int wrong = 0;
  for (int i = 0; i < N; i++) {
    char probe[32]; /* another copy of the key: compared by content */
    snprintf(probe, sizeof probe, "name%d", i);
    wrong += wp_strmap_get(&m, probe) != &vals[i];
  }
  CHECK(wrong == 0);
  CHECK(wp_strmap_get(&m, "name") == NULL);
  CHECK(wp_strmap_get(&m, "name50000") == NULL);
  CHECK(wp_strmap_get(&m, "") == NULL);
  /* a put on a present key replaces its value; the count stays */
  wp_strmap_put(&a, &m, "name7", &vals[8]);
  CHECK(wp_strmap_get(&m, "name7") == &vals[8]);
  CHECK(m.count == N);
  /* NULL values: present (a slot) but get says NULL */
  *wp_strmap_slot(&a, &m, "nothing") = NULL;
  CHECK(wp_strmap_find(&m, "nothing") != NULL);
  CHECK(*wp_strmap_find(&m, "nothing") == NULL);
  CHECK(wp_strmap_find(&m, "nothing2") == NULL);
  CHECK(m.count == N + 1);
  CHECK(wp_hash_str("") == 2166136261u); /* FNV-1a offset basis */
  free(keys);
  wp_arena_free(&a);
}

static void test_keymap(void) {
  wp_arena a = {0};
  wp_keymap m = {0};
  static int objs[2];
  CHECK(wp_keymap_find(&m, objs, 0) == NULL);
  for (int i = 0; i < N; i++) {
    *wp_keymap_slot(&a, &m, &objs[i & 1], i >> 1) = (void *)(intptr_t)(i + 1);
  }
  CHECK(m.count == N);
  int wrong = 0;
  for (int i = 0; i < N; i++) {
    void **v = wp_keymap_find(&m, &objs[i & 1], i >> 1);
    wrong += !v || *v != (void *)(intptr_t)(i + 1);
  }
  CHECK(wrong == 0);
  CHECK(wp_keymap_find(&m, &objs[0], N) == NULL);
  CHECK(wp_keymap_find(&m, NULL, 0) == NULL);
  CHECK(wp_keymap_find(&m, &objs[0], -1) == NULL);
  /* the same key again: the same slot */
  void **s = wp_keymap_slot(&a, &m, &objs[1], 3);
  CHECK(*s == (void *)(intptr_t)8);
  CHECK(m.count == N);
  *wp_keymap_slot(&a, &m, NULL, -5) = NULL; /* a NULL value is present */
  CHECK(wp_keymap_find(&m, NULL, -5) && !*wp_keymap_find(&m, NULL, -5));
  wp_arena_free(&a);
}

int main(void) {
  test_strmap();
  test_keymap();
  return check_report("test_hashmap");
}
