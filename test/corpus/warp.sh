#!/usr/bin/env bash
# corpus.warp (ctest): test/corpus/run.py over the installed warp-lang's own
# warp/tests and warp/examples, CPU only, stopping after lowering and
# autodiff (--mode header; `make corpus` builds the objects too).  It fails
# on a crash, a time-out, a kernel left out with no diagnostic, or when the
# share of in-scope module-level kernels that compile falls under the floor
# below (the last measured rate, rounded down: raise it as it grows).
#   test/corpus/warp.sh [run.py options...]
set -eu
root=${WARPC_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
warp_dir=$(python3 -c 'import os, warp; print(os.path.dirname(warp.__file__))') ||
  { echo "corpus.warp: warp-lang is not installed (scripts/deps.sh test)" >&2; exit 1; }
# -I the directory holding the warp package, as Python finds it on sys.path:
# `import warp.tests.aux_test_reference as ref` is an ordinary module
exec python3 "$root/test/corpus/run.py" --warpc "${WARPC:-$root/build/bin/warpc}" \
  -I "$(dirname "$warp_dir")" --min-rate "${WARPC_CORPUS_MIN_RATE:-90}" "$@" "$warp_dir/tests" "$warp_dir/examples"
