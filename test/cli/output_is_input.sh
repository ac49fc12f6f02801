#!/usr/bin/env bash
# An output that is the input file (or an imported module that was read),
# however it is named - another spelling of the path, an absolute path, a
# hard link, a symlink - and two outputs that are one file (-o X -H X,
# -o X -MF X, a hard link, the same new name spelled twice, a default
# header that is the output) are usage errors: exit 2, "warpc: error:",
# and nothing is written, the input unchanged.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >in.py <<'PY'
import warp as wp
import helper


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = helper.f(1.0)
PY
cat >helper.py <<'PY'
import warp as wp


@wp.func
def f(x: float):
    return x + 1.0
PY
ln in.py hard.py
ln -s in.py soft.py
echo keep >existing.o
ln existing.o existing-hard.o
sum0=$(cat in.py helper.py existing.o | md5sum)
# dangling symlinks (below)
ln -s new.o dl
ln -s dl dl2
ln -s new.o dl4
listing0=$(ls -A)

refused() { # WHAT ARGS...
  local what=$1 rc=0
  shift
  "$warpc" ${cuda_opt---no-cuda} "$@" >out 2>err || rc=$?
  rm -f out
  [ "$rc" = 2 ] || fail "$what: exit $rc, want 2: $(head -3 err)"
  grep -Eq "^warpc: error: .*(would overwrite the (input|imported module) '|are the same file$)" err ||
    fail "$what: not refused as the same file: $(cat err)"
  rm -f err
  [ "$(cat in.py helper.py existing.o | md5sum)" = "$sum0" ] ||
    fail "$what: the input (or another file) was changed"
  [ "$(ls -A)" = "$listing0" ] || fail "$what: files written: $(ls -A)"
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$what: left in TMPDIR: $(ls -A "$TMPDIR")"
}

# the input as an output
refused "-o in.py" in.py -o in.py
refused "-o ./in.py" in.py -o ./in.py
refused "-o \$PWD/in.py" in.py -o "$PWD/in.py"
refused "-o ../work/in.py" in.py -o ../work/in.py
refused "-o hard link" in.py -o hard.py
refused "-o symlink" in.py -o soft.py
refused "-H in.py" in.py -o k.o -H in.py
refused "-H ./in.py" in.py -o k.o -H ./in.py
refused "-MF in.py" in.py -o k.o -MF in.py
refused "-MF \$PWD/in.py" in.py -o k.o -MF "$PWD/in.py"
for kind in c cu ir ast header; do
  refused "--emit=$kind -o in.py" in.py --emit=$kind -o in.py
  refused "--emit=$kind -o ./in.py" in.py --emit=$kind -o ./in.py
done
for kind in ptx cubin fatbin; do # refused before a toolkit is looked for
  cuda_opt= WARPC_CUDA_PATH=$tmp/no-cuda \
    refused "--emit=$kind -o in.py" in.py --emit=$kind -o ./in.py
done
refused "--emit=c -MF in.py" in.py --emit=c -o k.c -MF in.py
refused "input via a symlink" soft.py -o ./in.py
refused "input via a hard link" hard.py --emit=c -o in.py
# an imported module that was read
refused "-o helper.py" in.py -o helper.py
refused "-H helper.py" in.py -o k.o -H ./helper.py
refused "--emit=ir -o helper.py" in.py --emit=ir -o helper.py
refused "-MF helper.py" in.py -o k.o -MF helper.py

# two outputs, one file
refused "-o X -H X" in.py -o x.o -H x.o
refused "-o X -H ./X" in.py -o x.o -H ./x.o
refused "-o X -H \$PWD/X" in.py -o x.o -H "$PWD/x.o"
refused "-o X -MF X" in.py -o x.o -MF x.o
refused "-H X -MF X" in.py -o x.o -H x.h -MF ./x.h
refused "-o X.h (the default header)" in.py -o x.h
refused "-o X.d -MD (the default depfile)" in.py -o x.d -MD
refused "--emit=c -o X -MF X" in.py --emit=c -o x.c -MF x.c
refused "existing -o X -H X" in.py -o existing.o -H existing.o
refused "-o and -H hard links" in.py -o existing.o -H existing-hard.o
# a dangling symlink names the file it would make: found by a fresh user,
# the object went through the link into new.o and the header replaced it
refused "-o dangling -H its target" in.py -o dl -H new.o
refused "-o dangling -H another dangling, one target" in.py -o dl -H dl4
refused "-o a chain of dangling links -H the target" in.py -o dl2 -H new.o
refused "--emit=ir -o dangling -MF another" in.py --emit=ir -o dl -MF dl4 -MT x
[ ! -e new.o ] || fail "new.o was made by a refused compile"

# and ordinary outputs still work, beside the input too
"$warpc" --no-cuda in.py -o in.o -MD
[ -s in.o ] && [ -s in.h ] && [ -s in.d ] || fail "in.o/in.h/in.d missing: $(ls)"
[ "$(cat in.py helper.py | md5sum)" = "$(cat hard.py helper.py | md5sum)" ] || fail "input changed"
echo ok
