#!/usr/bin/env bash
# The same module compiled from two checkout locations (/A/x and /B/y/z)
# and from two working directories, with relative and absolute input paths,
# gives byte-identical objects and headers: the header names the input by
# its file name, the generated #line directives (so the line tables and the
# PTX .file entries) name each module relative to the input's directory,
# and the compilation directory clang records (the working directory) is
# ".".  With --no-cuda, and with CUDA (sm_75) when nvcc is found.  The
# module imports a sibling (forces.py) and a module found through -I
# (helpers/vecmath.py): samples/multifile.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

s=$root/samples/multifile
for d in "$tmp/A/x" "$tmp/B/y/z"; do
  mkdir -p "$d/helpers"
  cp "$s/kernels.py" "$s/forces.py" "$d/"
  cp "$s/helpers/vecmath.py" "$d/helpers/"
done
mkdir -p "$tmp/out" "$tmp/elsewhere"
diffs() { diff <(strings -a "$1") <(strings -a "$2") | grep '^[<>]' | head -6 | tr '\n' ' ' || true; }

# compile NAME DIR INPUT INCLUDE FLAGS...: in DIR, to $tmp/out/NAME.o
compile() {
  local name=$1 dir=$2 input=$3 inc=$4
  shift 4
  (cd "$dir" && "$warpc" "$@" -I "$inc" "$input" -o "$tmp/out/$name.o" -H "$tmp/out/$name.h") \
    >"$tmp/out/$name.err" 2>&1 || fail "compile $name: $(cat "$tmp/out/$name.err")"
}

modes=("--no-cuda")
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  modes+=("--cuda-arch=sm_75")
else
  echo "note: no nvcc: CPU-only objects compared"
fi
for mode in "${modes[@]}"; do
  compile ref "$tmp/A/x" kernels.py helpers "$mode"
  compile absolute "$tmp/elsewhere" "$tmp/B/y/z/kernels.py" "$tmp/B/y/z/helpers" "$mode"
  compile parent "$tmp/B/y" z/kernels.py z/helpers "$mode"
  compile dotdot "$tmp/B/y/z/helpers" ../kernels.py . "$mode"
  for other in absolute parent dotdot; do
    cmp "$tmp/out/ref.h" "$tmp/out/$other.h" >/dev/null ||
      fail "$mode: the headers of A/x/kernels.py and the $other compile differ: $(diff "$tmp/out/ref.h" "$tmp/out/$other.h" | head -4 | tr '\n' ' ')"
    cmp "$tmp/out/ref.o" "$tmp/out/$other.o" >/dev/null ||
      fail "$mode: the objects of A/x/kernels.py and the $other compile differ; strings: $(diffs "$tmp/out/ref.o" "$tmp/out/$other.o")"
  done
  ! grep -a -q "$tmp" "$tmp/out/ref.o" "$tmp/out/ref.h" ||
    fail "$mode: a path of the build ($tmp) is in the outputs"
  grep -q 'from kernels.py:' "$tmp/out/ref.h" || fail "$mode: the header does not name kernels.py: $(head -1 "$tmp/out/ref.h")"
  readelf --debug-dump=info "$tmp/out/ref.o" | grep -q 'DW_AT_comp_dir.*: \.$' ||
    fail "$mode: the compilation directory is not '.': $(readelf --debug-dump=info "$tmp/out/ref.o" | grep comp_dir)"
  readelf --debug-dump=line "$tmp/out/ref.o" | sed -n '/Directory Table/,/Line Number Statements/p' >"$tmp/out/files"
  grep -q ': helpers$' "$tmp/out/files" && grep -q ': vecmath\.py$' "$tmp/out/files" ||
    fail "$mode: the line table does not name helpers/vecmath.py: $(cat "$tmp/out/files")"
done
echo ok
