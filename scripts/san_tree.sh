#!/usr/bin/env bash
# scripts/san_tree.sh DIR BINDIR - the setup of `make check SAN=1`.
#
# DIR becomes a view of the source tree: a symbolic link to every top-level
# entry of the repository except build/, and a real DIR/build (the
# sanitized build, made by `make -C DIR`) whose deps/ links to the
# repository's build/deps.  Tests find warpc, libwarprt.a and the unit
# binaries under $WARPC_ROOT/build, so run with WARPC_ROOT=DIR they use the
# sanitized ones while reading this tree's sources, tests and scripts.
#
# BINDIR/cc is written: clang with AddressSanitizer and UBSan.  It is $CC
# for the build and, first in $PATH, the `cc` of every test that links a
# program against the sanitized runtime (the sanitizers' runtime libraries
# come with it).
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DIR BINDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
wrapper=$2/cc

mkdir -p "$dir/build" "$2"
for entry in "$root"/* "$root"/.[!.]*; do
  name=${entry##*/}
  [ -e "$entry" ] && [ "$name" != build ] || continue
  ln -sfn "$entry" "$dir/$name"
done
for link in "$dir"/* "$dir"/.[!.]*; do # entries removed from the tree
  if [ -L "$link" ] && [ ! -e "$link" ]; then rm -f "$link"; fi
done
ln -sfn "$root/build/deps" "$dir/build/deps"

cat >"$wrapper.tmp" <<'WRAP'
#!/bin/sh
# Written by scripts/san_tree.sh: clang with the sanitizers of make check
# SAN=1 (clang itself is found in PATH; this directory holds no clang).
exec clang -fsanitize=address,undefined -fno-sanitize-recover=all \
  -fno-omit-frame-pointer "$@"
WRAP
chmod +x "$wrapper.tmp"
mv "$wrapper.tmp" "$wrapper"
