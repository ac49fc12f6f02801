#!/usr/bin/env bash
# Installs and fetches everything warpc's build and tests need, idempotently.
#   scripts/deps.sh build   Debian packages + the pinned tree-sitter-python grammar
#   scripts/deps.sh test    the above + warp-lang and numpy (the differential oracle)
# The grammar and the tree-sitter headers it needs come from PyPI source
# distributions, verified by SHA-256, unpacked under build/deps.
set -euo pipefail
what=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
deps=$root/build/deps

TS_PY_VERSION=0.23.6
TS_PY_SHA256=354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9
TS_CORE_VERSION=0.23.2
TS_CORE_SHA256=66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450
WARP_VERSION=1.10.1

need_pkgs=()
for p in clang lld libtree-sitter-dev cmake make; do
  dpkg -s "$p" >/dev/null 2>&1 || need_pkgs+=("$p")
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "deps: installing ${need_pkgs[*]}"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi

fetch() { # name version sha256 -> path of verified sdist
  local name=$1 version=$2 sum=$3 dir=$deps/sdist
  local file
  mkdir -p "$dir"
  file=$(ls "$dir"/"${name//-/_}"-"$version".tar.gz "$dir"/"$name"-"$version".tar.gz 2>/dev/null | head -n1 || true)
  if [ -z "$file" ] || ! echo "$sum  $file" | sha256sum -c --status; then
    rm -f "$dir"/"${name//-/_}"-"$version".tar.gz "$dir"/"$name"-"$version".tar.gz
    python3 -m pip download -q --no-binary :all: --no-deps -d "$dir" "$name==$version" >&2
    file=$(ls "$dir"/"${name//-/_}"-"$version".tar.gz "$dir"/"$name"-"$version".tar.gz 2>/dev/null | head -n1)
  fi
  if ! echo "$sum  $file" | sha256sum -c --status; then
    echo "deps: checksum mismatch for $file" >&2
    exit 2
  fi
  echo "$file"
}

grammar=$deps/tree-sitter-python
stamp=$grammar/.stamp-$TS_PY_VERSION-$TS_CORE_VERSION
if [ ! -f "$stamp" ]; then
  py=$(fetch tree-sitter-python $TS_PY_VERSION $TS_PY_SHA256)
  core=$(fetch tree-sitter $TS_CORE_VERSION $TS_CORE_SHA256)
  rm -rf "$grammar" && mkdir -p "$grammar/src/tree_sitter"
  tar -xzf "$py" -C "$grammar" --strip-components=2 "tree_sitter_python-$TS_PY_VERSION/src/parser.c" "tree_sitter_python-$TS_PY_VERSION/src/scanner.c"
  mv "$grammar"/parser.c "$grammar"/scanner.c "$grammar/src/" 2>/dev/null || true
  # The grammar's own tree_sitter/*.h helpers (not in its sdist) are the core library's.
  for h in parser.h array.h alloc.h ts_assert.h; do
    tar -xzf "$core" -O "tree-sitter-$TS_CORE_VERSION/tree_sitter/core/lib/src/$h" >"$grammar/src/tree_sitter/$h"
  done
  grep -q '#define LANGUAGE_VERSION 14' "$grammar/src/parser.c" || { echo "deps: grammar is not ABI 14" >&2; exit 2; }
  touch "$stamp"
fi

if [ "$what" = test ]; then
  if ! python3 -c "import warp, numpy, sys; sys.exit(warp.__version__ != '$WARP_VERSION')" 2>/dev/null; then
    echo "deps: installing warp-lang==$WARP_VERSION numpy"
    python3 -m pip install -q "warp-lang==$WARP_VERSION" numpy
  fi
fi
exit 0
