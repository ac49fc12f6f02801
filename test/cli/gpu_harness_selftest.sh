#!/usr/bin/env bash
# The GPU harness (test/gpu/run.sh, e2e.py --device cuda:0) driven through
# the fake CUDA driver, so it is known to work before a GPU runs it.
set -eu
cd "$WARPC_ROOT"
exec bash test/gpu/selftest.sh --quick
