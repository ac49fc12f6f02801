#!/usr/bin/env bash
# emit_snapshot.sh - what warpc generates for every Python input in the repo,
# saved or compared, so that a change meant to leave the output alone (a
# refactoring) can be shown to be byte-identical.
#
#   scripts/emit_snapshot.sh save DIR      write the snapshot into DIR
#   scripts/emit_snapshot.sh compare DIR   compare a fresh run with DIR;
#                                          exit 1 and list what differs
#
# Inputs: test/e2e/cases/*.py, test/grad/*.py, test/diag/*.py and the
# samples' kernels (samples/*/*.py, with the sample's helpers/ on -I).  For
# each input, `--emit=c` and `--emit=header` are recorded with warpc's exit
# status and its diagnostics (the diag cases fail on purpose; their messages
# are part of the output too).  Uses build/bin/warpc (WARPC overrides it).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
warpc=${WARPC:-$root/build/bin/warpc}
usage() {
  echo "usage: $0 save|compare DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
mode=$1 dir=$2
me=$(basename "$0")
case $mode in save | compare) ;; *) usage ;; esac
[ -x "$warpc" ] || {
  echo "$me: $warpc is missing (run make)" >&2
  exit 2
}

out=$dir
if [ "$mode" = compare ]; then
  [ -d "$dir" ] || {
    echo "$me: no snapshot in $dir" >&2
    exit 2
  }
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
dir=$(cd "$dir" && pwd)

n=0
cd "$root"
for py in test/e2e/cases/*.py test/grad/*.py test/diag/*.py samples/*/*.py; do
  [ -f "$py" ] || continue
  inc=()
  [ -d "$(dirname "$py")/helpers" ] && inc=(-I "$(dirname "$py")/helpers")
  name=$(echo "${py%.py}" | tr / _)
  for emit in c header; do
    rc=0
    # Diagnostics name the input by the relative path given here, so the
    # snapshot does not depend on where the repository is.
    "$warpc" "$py" "${inc[@]}" --emit=$emit -o - >"$out/$name.$emit" \
      2>"$out/$name.$emit.err" || rc=$?
    echo "exit $rc" >>"$out/$name.$emit.err"
  done
  n=$((n + 1))
done

if [ "$mode" = save ]; then
  echo "saved $n inputs (--emit=c and --emit=header) in $dir"
  exit 0
fi
if diff -r "$dir" "$out" >"$out.diff" 2>&1; then
  rm -f "$out.diff"
  echo "identical: $n inputs (--emit=c and --emit=header)"
  exit 0
fi
echo "$me: the output differs from $dir:" >&2
grep -E '^(diff|Only in)' "$out.diff" | head -40 >&2
echo "(full diff: $out.diff)" >&2
exit 1
