#!/usr/bin/env bash
# A full disk, or the file size limit (ulimit -f), is named as the cause:
# the tools (clang, ld.lld, nvcc) write in warpc's private temporary
# directory only and warpc copies their results beside the outputs, so a
# full output directory is "cannot write 'OUT': No space left on device";
# a tool failing while the temporary directory's disk is (all but) full,
# or under a low file size limit, is "cannot write in the temporary
# directory 'TMPDIR': REASON (...; 'TOOL' failed)", not "the C compiler
# failed on the generated code; this is a bug in warpc".  Exit 2, nothing
# left.  The ulimit part needs no privileges; the tmpfs part (mount, as
# root) is skipped where mounting is not allowed.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
mnt=$tmp/small
trap 'umount "$mnt" 2>/dev/null || true; cli_exit' EXIT
listing() { ls -A | tr '\n' ' '; }
expect() { # WHAT MESSAGE-REGEX ARGS...: exit 2, the message, nothing left
  local what=$1 msg=$2 rc=0 before
  shift 2
  before=$(listing)
  "$@" >out 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$what: exit $rc, want 2: $(tail -3 err)"
  grep -Eq "$msg" err || fail "$what: message: $(grep warpc: err)"
  ! grep -q "generated code\|bug in warpc" err || fail "$what: blames warpc or the compiler: $(grep warpc: err)"
  rm -f out err
  [ "$(listing)" = "$before" ] || fail "$what: left: $(listing)"
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$what: left in TMPDIR: $(ls -A "$TMPDIR")"
}

# the file size limit, SIGXFSZ ignored so that writes fail with EFBIG: a
# C compiler writing 2 MiB, and warpc's own generated C (about 450 KiB;
# the limit of the first case must stay above it)
cat >"$tmp/bigcc" <<'EOS'
#!/bin/sh
while [ $# -gt 1 ]; do [ "$1" = -o ] && out=$2; shift; done
head -c 2097152 /dev/zero >"$out" || exit 1
EOS
chmod +x "$tmp/bigcc"
limited() { (trap '' XFSZ && ulimit -f "$1" && shift && exec "$@"); }
q=$(printf '%s' "$TMPDIR" | sed 's/[][\.*^$]/\\&/g')
expect "ulimit -f 1200, the C compiler" \
  "^warpc: error: cannot write in the temporary directory '$q': File too large \(the file size limit \(ulimit -f\) is 1228800 bytes; '$tmp/bigcc' failed\)\$" \
  limited 1200 "$warpc" --no-cuda --cc "$tmp/bigcc" k.py -o k.o
expect "ulimit -f 100, the generated C" \
  "^warpc: error: cannot write in the temporary directory '$q': File too large\$" \
  limited 100 "$warpc" --no-cuda k.py -o k.o

if ! mkdir "$mnt" || ! mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
  echo "SKIP: the tmpfs part (cannot mount a tmpfs here)"
  echo ok
  exit 0
fi
fill() { # leave about $1 bytes free in $mnt
  local free
  free=$(stat -f -c '%f*%S' "$mnt")
  head -c $((free - $1)) /dev/zero >"$mnt/fill" 2>/dev/null || true
}
fill 0
m=$(printf '%s' "$mnt" | sed 's/[][\.*^$]/\\&/g')
full() { echo "^warpc: error: cannot write '$m/$1': No space left on device\$"; }
expect "-o on a full disk" "$(full k.o)" "$warpc" --no-cuda k.py -o "$mnt/k.o"
expect "-H on a full disk" "$(full k.h)" "$warpc" --no-cuda k.py -o k.o -H "$mnt/k.h"
expect "-MF on a full disk" "$(full k.d)" "$warpc" --no-cuda k.py -o k.o -MF "$mnt/k.d"
expect "--emit=c on a full disk" "$(full k.c)" "$warpc" --no-cuda --emit=c k.py -o "$mnt/k.c"
fake_cuda "$tmp/cuda"
expect "--emit=ptx on a full disk" "$(full k.ptx)" \
  env WARPC_CUDA_PATH="$tmp/cuda" FAKE_CUDA_PAD=64 "$warpc" --cuda-arch sm_75 --emit=ptx k.py -o "$mnt/k.ptx"
expect "CUDA object on a full disk" "$(full k.o)" \
  env WARPC_CUDA_PATH="$tmp/cuda" WARPC_CC="$(command -v clang)" "$warpc" --cuda-arch sm_75 k.py -o "$mnt/k.o"
[ "$(ls -A "$mnt")" = fill ] || fail "left on the full disk: $(ls -A "$mnt")"

# the temporary directory on it, full: warpc's own generated C
expect "TMPDIR full" "^warpc: error: cannot write in the temporary directory '$m': No space left on device\$" \
  env TMPDIR="$mnt" "$warpc" --no-cuda k.py -o k.o
# room for the generated C, not for clang's object
umount "$mnt"
mount -t tmpfs -o size=1m tmpfs "$mnt"
csize=$("$warpc" --no-cuda --emit=c k.py | wc -c)
fill $(((csize + 4095) / 4096 * 4096 + 4096))
expect "TMPDIR all but full, clang" \
  "^warpc: error: cannot write in the temporary directory '$m': No space left on device \(free: [0-9]+ bytes; 'clang' failed\)\$" \
  env TMPDIR="$mnt" "$warpc" --no-cuda k.py -o k.o
[ "$(ls -A "$mnt")" = fill ] || fail "left in TMPDIR: $(ls -A "$mnt")"
echo ok
