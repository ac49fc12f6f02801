#!/usr/bin/env bash
# A staged output that cannot be opened after its temporary was made (the
# directory changed under warpc, a full quota, a fault) fails the run with
# exit 2 and a message naming the output, leaving nothing behind: the
# depfile of -MF and the text file of --emit=c.  The fault comes from an
# LD_PRELOAD shim whose fopen fails for paths containing $FAIL_FOPEN (the
# depfile's path returned another status than 2 unnoticed, issue 18).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >shim.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *(*next_fopen)(const char *, const char *);

FILE *fopen(const char *path, const char *mode) {
  const char *bad = getenv("FAIL_FOPEN");
  if (bad && *bad && strstr(path, bad) && strchr(mode, 'w')) {
    errno = EIO;
    return NULL;
  }
  if (!next_fopen)
    next_fopen = (FILE * (*)(const char *, const char *)) dlsym(RTLD_NEXT, "fopen");
  return next_fopen(path, mode);
}
FILE *fopen64(const char *path, const char *mode) { return fopen(path, mode); }
C
${CC:-cc} -shared -fPIC -o shim.so shim.c -ldl || fail "cannot build the shim"
kernel k.py

# expect NAME SHOWN OPTIONS...: warpc fails with exit 2 naming SHOWN
expect() {
  local name=$1 shown=$2 rc=0
  shift 2
  LD_PRELOAD=$PWD/shim.so ASAN_OPTIONS=verify_asan_link_order=0 \
    "$warpc" --no-cuda "$@" k.py 2>err.txt || rc=$?
  [ "$rc" = 2 ] || fail "$name: exit $rc, want 2: $(cat err.txt)"
  grep -q "^warpc: error: cannot write '$shown': Input/output error" err.txt ||
    fail "$name: message: $(cat err.txt)"
  local left
  left=$(ls -A | grep -v '^\(shim\.so\|shim\.c\|k\.py\|err\.txt\)$' || true)
  [ -z "$left" ] || fail "$name: left behind: $left"
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$name: temporary files left: $(ls -A "$TMPDIR")"
}

FAIL_FOPEN=deps.d expect "depfile" deps.d -o k.o -MF deps.d
FAIL_FOPEN=out.c expect "--emit=c" out.c --emit=c -o out.c
FAIL_FOPEN=out.c expect "--emit=c with a depfile" out.c --emit=c -o out.c -MF deps.d

# the shim works: without a match warpc writes both
FAIL_FOPEN=nothing-matches "$warpc" --no-cuda -o k.o -MF deps.d k.py || fail "warpc failed under the shim"
[ -s k.o ] && [ -s deps.d ] || fail "no outputs under the shim"
echo ok
