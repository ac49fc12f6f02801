#!/usr/bin/env bash
# The object cache (--cache-dir DIR, $WARPC_CACHE_DIR): the second build of
# an unchanged input writes the same object and runs no tool (-v prints
# "cache hit" and no command; the fake CUDA toolkit logs no call); it hits
# from another working directory and checkout location too (hermetic
# outputs).  A changed kernel, a changed option (-O1, --cuda-arch, -g0) and
# a changed tool or a rebuilt warpc miss; -Xcc bypasses the cache; an entry that is not a whole
# object (junk, or truncated) is a miss; an unwritable cache is a warning, not a failure;
# --cache-dir '' turns a $WARPC_CACHE_DIR off.  The header is written on a
# hit as on a miss.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cache=$tmp/cache
mkdir -p a b/c
kernel a/k.py
cp a/k.py b/c/k.py
tools='^(cd .* && )?[^ ]*(clang|cc|nvcc|ptxas|fatbinary|ld\.lld)( |$)'
build() { # DIR ARGS...: warpc -v in DIR, its messages in $tmp/log
  local d=$1
  shift
  (cd "$d" && "$warpc" -v --cache-dir "$cache" "$@") >"$tmp/log" 2>&1 ||
    fail "warpc $*: $(cat "$tmp/log")"
}
hit() { grep -q '^warpc: cache hit' "$tmp/log" && ! grep -Eq "$tools" "$tmp/log"; }

build a --no-cuda k.py -o k.o
grep -q '^warpc: cache miss' "$tmp/log" || fail "first build: no miss: $(cat "$tmp/log")"
grep -Eq "$tools" "$tmp/log" || fail "first build ran no tool: $(cat "$tmp/log")"
[ "$(find "$cache" -name '*.o' | wc -l)" = 1 ] || fail "no entry stored: $(find "$cache")"
cp a/k.o first.o
cp a/k.h first.h
rm a/k.h
build a --no-cuda k.py -o k.o
hit || fail "second build: no hit, or a tool ran: $(cat "$tmp/log")"
cmp -s first.o a/k.o || fail "the cached object differs from the built one"
cmp -s first.h a/k.h || fail "the header of a hit differs"
# another checkout, an absolute path, another working directory
build b --no-cuda "$tmp/work/b/c/k.py" -o "$tmp/work/b/k.o"
hit || fail "another location: no hit: $(cat "$tmp/log")"
WARPC_CACHE_DIR=$cache "$warpc" -v --no-cuda a/k.py -o env.o 2>"$tmp/log" || fail "env: $(cat "$tmp/log")"
hit || fail "\$WARPC_CACHE_DIR: no hit: $(cat "$tmp/log")"
# what changes the object misses
for args in "-O1" "-g0" "--no-adjoint" "--prefix-map=$tmp/work=/x"; do
  build a --no-cuda $args k.py -o k.o
  ! hit || fail "$args: a hit: $(cat "$tmp/log")"
done
sed -i 's/= 1.0/= 2.0/' a/k.py
build a --no-cuda k.py -o k.o
! hit || fail "a changed kernel hit: $(cat "$tmp/log")"
cmp -s first.o a/k.o && fail "a changed kernel gave the old object"
# -Xcc: not cached at all
build a --no-cuda -Xcc -O1 k.py -o k.o
! grep -q 'cache' "$tmp/log" || fail "-Xcc used the cache: $(cat "$tmp/log")"
# a changed tool (a new file): a miss
mkdir bin
ln -s "$(command -v clang)" bin/clang
PATH=$tmp/work/bin:$PATH build a --no-cuda k.py -o k.o
hit || fail "the same clang through a link: no hit: $(cat "$tmp/log")"
rm bin/clang
printf '#!/bin/sh\nexec %s "$@"\n' "$(command -v clang)" >bin/clang
chmod +x bin/clang
PATH=$tmp/work/bin:$PATH build a --no-cuda k.py -o k.o
! hit || fail "another clang hit: $(cat "$tmp/log")"
# a damaged entry is a miss, rebuilt and stored again
for e in $(find "$cache" -name '*.o'); do echo junk >"$e"; done
build a --no-cuda k.py -o k.o
! hit || fail "a damaged entry hit: $(cat "$tmp/log")"
"$root/build/bin/warpc" --version >/dev/null
build a --no-cuda k.py -o k.o
hit || fail "the rebuilt entry: no hit: $(cat "$tmp/log")"
# a truncated entry (an ELF header, the rest cut off) is a miss too
for e in $(find "$cache" -name '*.o'); do truncate -s 1000 "$e"; done
build a --no-cuda k.py -o k.o
! hit || fail "a truncated entry hit: $(cat "$tmp/log")"
# --cache-dir '' switches $WARPC_CACHE_DIR off
WARPC_CACHE_DIR=$cache "$warpc" -v --cache-dir '' --no-cuda a/k.py -o off.o 2>"$tmp/log" || fail "off: $(cat "$tmp/log")"
! grep -q cache "$tmp/log" || fail "--cache-dir '': $(cat "$tmp/log")"
# an unwritable cache: a warning, and the object
if [ "$(id -u)" != 0 ]; then
  mkdir ro && chmod 555 ro
  "$warpc" --cache-dir ro/c --no-cuda a/k.py -o ro.o 2>"$tmp/log" || fail "unwritable cache: $(cat "$tmp/log")"
  grep -q 'warning: cannot store the object in the cache' "$tmp/log" || fail "no warning: $(cat "$tmp/log")"
fi
: >file
"$warpc" --cache-dir file/c --no-cuda a/k.py -o f.o 2>"$tmp/log" || fail "cache under a file: $(cat "$tmp/log")"
grep -q 'warning: cannot store the object in the cache' "$tmp/log" || fail "no warning: $(cat "$tmp/log")"
[ -s f.o ] || fail "no object with an unusable cache"
# a rebuilt warpc (the same file, a new modification time) misses: warpc
# is identified by its file, size and time, as the tools are
mkdir -p self
cp "$warpc" self/warpc
(cd a && ../self/warpc -v --cache-dir "$cache" --no-cuda k.py -o s1.o) >"$tmp/log" 2>&1 || fail "copy: $(cat "$tmp/log")"
(cd a && ../self/warpc -v --cache-dir "$cache" --no-cuda k.py -o s2.o) >"$tmp/log" 2>&1 || fail "copy: $(cat "$tmp/log")"
hit || fail "the same warpc twice: no hit: $(cat "$tmp/log")"
touch -d '2001-01-01 00:00:00' self/warpc
(cd a && ../self/warpc -v --cache-dir "$cache" --no-cuda k.py -o s3.o) >"$tmp/log" 2>&1 || fail "touched: $(cat "$tmp/log")"
! hit || fail "a rebuilt warpc (new modification time) hit the cache"
# CUDA (a fake toolkit that logs its calls): the hit runs none of them
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
build a --cuda-arch=sm_75 k.py -o cu.o
grep -q '== nvcc' "$tmp/cuda/log" || fail "the fake nvcc did not run"
: >"$tmp/cuda/log"
build a --cuda-arch=sm_75 k.py -o cu2.o
hit || fail "CUDA: no hit: $(cat "$tmp/log")"
[ ! -s "$tmp/cuda/log" ] || fail "CUDA: a tool ran on a hit: $(cat "$tmp/cuda/log")"
cmp -s a/cu.o a/cu2.o || fail "CUDA: the cached object differs"
build a --cuda-arch=sm_75,sm_80 k.py -o cu3.o
! hit || fail "another --cuda-arch hit"
echo ok
