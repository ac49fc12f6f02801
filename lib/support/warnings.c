/* warnings.c - the table of named warnings (warnings.h) and its lookup. */
#include "warnings.h"

#include <string.h>

static const wp_warn_info table[WP_W_COUNT] = {
#define WP_WARN_ENTRY(id, name, on, desc) [WP_W_##id] = {name, on, desc},
    WP_WARNINGS(WP_WARN_ENTRY)
#undef WP_WARN_ENTRY
};

const wp_warn_info *wp_warn_info_of(wp_warn w) {
  return (unsigned)w < WP_W_COUNT ? &table[w] : NULL;
}

bool wp_warn_lookup(const char *name, wp_warn *out) {
  for (int i = 0; i < WP_W_COUNT; i++)
    if (!strcmp(table[i].name, name)) {
      *out = (wp_warn)i;
      return true;
    }
  return false;
}
