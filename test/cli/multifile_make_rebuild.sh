#!/usr/bin/env bash
# samples/multifile's Makefile (through samples/common.mk and the depfile
# warpc writes with -MD) rebuilds kernels.o when a helper module changes:
# after a build `make -q` says up to date; after touching forces.py or
# helpers/vecmath.py it says out of date, and `make` runs warpc again.  The
# sample is copied to a temporary directory, with WARPC_ROOT pointing here.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

mkdir -p "$tmp/samples/multifile/helpers"
cp "$root/samples/common.mk" "$tmp/samples/"
s=$root/samples/multifile
cp "$s/Makefile" "$s/kernels.py" "$s/forces.py" "$s/main.c" "$tmp/samples/multifile/"
cp "$s/helpers/vecmath.py" "$tmp/samples/multifile/helpers/"
cd "$tmp/samples/multifile"
# Instead of sleeping for one-second file systems, `past` sets every file of
# the copy two seconds back (still after the tree's warpc and libwarprt.a, the
# other prerequisites) and `touch_past F` puts F one second after them:
# whatever make writes next is strictly newer than both.
ext=$(stat -c %Y "$root/build/bin/warpc" "$root/build/lib/libwarprt.a" | sort -n | tail -n 1)
while [ $(($(date +%s) - 3)) -le "$ext" ]; do sleep 1; done # only right after a build of the tree
past() { find "$tmp/samples" -type f -exec touch -d "@$(($(date +%s) - 2))" {} +; }
touch_past() { touch -d "@$(($(stat -c %Y kernels.o) + 1))" "$1"; }
m() { make --no-print-directory WARPC_ROOT="$root" WARPCFLAGS="-I helpers --no-cuda" "$@"; }

m >log 2>&1 || fail "first build: $(cat log)"
[ -f kernels.d ] || fail "no kernels.d after the build"
grep -q 'helpers/vecmath.py' kernels.d || fail "kernels.d lacks helpers/vecmath.py: $(cat kernels.d)"
m -q || fail "make -q: out of date right after a build"
# up to date: a second make runs no warpc (the header, rewritten only when
# it changes, may be older than the object: make -q would count its empty
# rule)
uptodate() { m >log2 2>&1 || fail "make: $(cat log2)"; ! grep -q 'warpc' log2; }

for f in forces.py helpers/vecmath.py kernels.py; do
  past
  touch_past "$f"
  rc=0
  m -q || rc=$?
  [ "$rc" = 1 ] || fail "after touching $f: make -q exit $rc, want 1 (out of date)"
  hdr_mtime=$(stat -c %Y kernels.h)
  m >log 2>&1 || fail "rebuild after touching $f: $(cat log)"
  grep -q 'warpc.* kernels.py -o kernels.o' log || fail "touching $f did not run warpc: $(cat log)"
  [ kernels.o -nt "$f" ] || fail "kernels.o is not newer than $f"
  [ "$(stat -c %Y kernels.h)" = "$hdr_mtime" ] || fail "touching $f rewrote the unchanged kernels.h"
  uptodate || fail "make ran warpc again after the rebuild for $f: $(cat log2)"
done

# a change in a helper reaches the program: the clamp constant
past
sed -i 's/^MAX_FORCE = 3.0/MAX_FORCE = 2.5/' forces.py
m >log 2>&1 || fail "rebuild after editing forces.py: $(cat log)"
"$warpc" -I helpers kernels.py --emit=ir | grep -q 'float32 = const 2.5' || fail "MAX_FORCE change not seen"
grep -q 'warpc.* kernels.py -o kernels.o' log || fail "editing forces.py did not rebuild: $(cat log)"

# a deleted helper does not break make (-MP phony targets): warpc runs and
# reports the missing module instead of make failing on a missing prerequisite
past
mv helpers/vecmath.py helpers/vecmath.bak
rc=0
m >log 2>&1 || rc=$?
[ "$rc" != 0 ] || fail "build without vecmath.py succeeded"
grep -q "cannot find module 'vecmath'" log || fail "make without vecmath.py: $(cat log)"
grep -q "No rule to make target" log && fail "make tripped over the deleted prerequisite: $(cat log)"
echo ok
