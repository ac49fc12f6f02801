#!/usr/bin/env bash
# The e2e harness's ("per_element", shape, fill[, index_fill]) fill of the
# array fields of an array of structs (test/e2e/README.md, e2e.struct_array_field_fill)
# refuses a malformed spec with a message naming the field, instead of
# filling something else or leaving the field empty: a bad kind, a shape of
# the wrong rank, index_fill missing for an indexedarray field or given for
# an array field, indices out of range.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 -c 'import warp' 2>/dev/null || skip "warp-lang is not installed"

case_file() { # NAME FIELDS: a case whose struct array p is filled with FIELDS
  cat >"$1.py" <<PY
import warp as wp


@wp.struct
class P:
    data: wp.array(dtype=float)
    idx: wp.indexedarray[float]
    tag: wp.int32


@wp.kernel
def k(p: wp.array(dtype=P), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = p[i].data[0] + p[i].idx[0]


TESTS = [dict(kernel="k", dim=2, args=dict(p=dict($2)), outputs=["out"])]
PY
}

expect() { # NAME FIELDS MESSAGE [OPTIONS]: e2e.py fails with MESSAGE
  case_file "$1" "$2"
  if python3 "$root/test/tools/e2e.py" --work-dir "$tmp/w" "${@:4}" --oracle-only "$1.py" >"$1.log" 2>&1; then
    fail "$1: accepted"
  fi
  grep -qF -- "$3" "$1.log" || { cat "$1.log"; fail "$1: no message '$3'"; }
}

ok_idx='idx=("per_element", (1,), "ones", ("full", 0))'
expect kind "data=(\"arange\",), $ok_idx" "('per_element', shape, fill)"
expect rank "data=(\"per_element\", (1, 1), \"ones\"), $ok_idx" "per-element shape (1, 1) but the field is 1-D"
expect noidx 'data=("per_element", (1,), "ones"), idx=("per_element", (1,), "ones")' \
  "a wp.indexedarray field takes ('per_element', shape, fill, index_fill)"
expect extraidx "data=(\"per_element\", (1,), \"ones\", (\"full\", 0)), $ok_idx" \
  "a wp.array field takes ('per_element', shape, fill)"
expect range 'data=("per_element", (1,), "ones"), idx=("per_element", (2,), "ones", ("full", 2))' \
  "indices outside [0, 2)"

# the same spec well formed: accepted (the oracle runs)
case_file good "data=(\"per_element\", (1,), \"ones\"), $ok_idx"
python3 "$root/test/tools/e2e.py" --work-dir "$tmp/w" --oracle-only good.py >good.log 2>&1 || {
  cat good.log
  fail "a good per_element spec refused"
}

echo ok
