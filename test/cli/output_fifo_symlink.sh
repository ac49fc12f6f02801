#!/usr/bin/env bash
# FIFOs and symlinks given as outputs (-o, -H, -MF, --emit ... -o) are
# written in place, as gcc does: the FIFO's reader gets the same bytes as a
# regular file would, a symlink's target gets the content (a dangling
# symlink's target is created), and neither the FIFO nor the link is
# replaced or unlinked - also when the compile fails, which leaves a
# symlink's target as it was and gives a waiting FIFO reader end of file.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
bad_kernel bad.py
mkfifo fifo
cuda=--no-cuda
# the reference: every output as a regular file
"$warpc" --no-cuda k.py -o ref.o -H ref.h -MF ref.d -MT k.o
"$warpc" --no-cuda k.py --emit=c -o ref.c
"$warpc" --no-cuda k.py --emit=ir -o ref.ir

# starts a reader of the FIFO (its bytes in $1), blocked in open()
reader() {
  cat fifo >"$1" &
  rpid=$!
  track $rpid
  for _ in $(seq 50); do
    [ "$(cat /proc/$rpid/wchan 2>/dev/null)" = wait_for_partner ] && return
    sleep 0.1
  done
}
# true when the reader saw end of file within 5 s (killed otherwise)
reader_done() {
  for _ in $(seq 50); do
    kill -0 $rpid 2>/dev/null || { wait $rpid || true; return 0; }
    sleep 0.1
  done
  kill $rpid 2>/dev/null || true
  wait $rpid 2>/dev/null || true
  return 1
}
run() { # WANT-RC WHAT ARGS...
  local want=$1 what=$2 rc=0
  shift 2
  timeout 60 "$warpc" "$cuda" "$@" >out 2>err || rc=$?
  [ "$rc" = "$want" ] || fail "$what: exit $rc, want $want: $(head -3 err)"
}

# FIFO, good compile: the reader gets exactly the regular file's bytes
fifo_case() { # REF WHAT ARGS...
  local ref=$1 what=$2
  shift 2
  reader got
  run 0 "$what" "$@"
  reader_done || fail "$what: the FIFO's reader got no end of file"
  [ -p fifo ] || fail "$what: the FIFO was replaced: $(ls -l fifo)"
  cmp -s got "$ref" || fail "$what: the FIFO's reader got other bytes than $ref"
}
fifo_case ref.o "-o fifo" k.py -o fifo -H k.h
rm -f k.h
fifo_case ref.h "-H fifo" k.py -o k.o -H fifo
fifo_case ref.d "-MF fifo" k.py -o k.o -H k.h -MF fifo -MT k.o
fifo_case ref.c "--emit=c -o fifo" k.py --emit=c -o fifo
fifo_case ref.ir "--emit=ir -o fifo" k.py --emit=ir -o fifo
rm -f k.o k.h

# FIFO, failed compile: no bytes, the FIFO kept, a waiting reader released
for args in "-o fifo" "-H fifo" "-MF fifo" "--emit=c -o fifo"; do
  reader got
  # shellcheck disable=SC2086
  run 1 "bad.py $args" bad.py $args
  [ -p fifo ] || fail "bad.py $args: the FIFO was replaced: $(ls -l fifo)"
  if [ "$(cat /proc/$rpid/wchan 2>/dev/null)" = wait_for_partner ] ||
    ! kill -0 $rpid 2>/dev/null; then
    reader_done || fail "bad.py $args: the waiting reader got no end of file"
    [ ! -s got ] || fail "bad.py $args: the reader got bytes from a failed compile"
  else # cannot tell whether the reader waits (no wchan): do not wait
    kill $rpid 2>/dev/null || true
  fi
done
[ ! -e k.o ] && [ ! -e k.h ] && [ ! -e bad.o ] && [ ! -e bad.h ] ||
  fail "a failed compile left outputs: $(ls)"

# symlinks: the target gets the content, the link stays a link
link_case() { # REF WHAT LINK ARGS...
  local ref=$1 what=$2 link=$3 target
  shift 3
  target=$(readlink "$link")
  run 0 "$what" "$@"
  [ -L "$link" ] || fail "$what: the symlink was replaced: $(ls -l "$link")"
  [ "$(readlink "$link")" = "$target" ] || fail "$what: the link now points elsewhere"
  cmp -s "$target" "$ref" || fail "$what: the link's target has other bytes than $ref"
}
for what in o H MF c ir; do
  echo old >"target.$what"
  ln -s "target.$what" "link.$what"
done
link_case ref.o "-o link" link.o k.py -o link.o -H k.h
link_case ref.h "-H link" link.H k.py -o k.o -H link.H
link_case ref.d "-MF link" link.MF k.py -o k.o -H k.h -MF link.MF -MT k.o
link_case ref.c "--emit=c -o link" link.c k.py --emit=c -o link.c
link_case ref.ir "--emit=ir -o link" link.ir k.py --emit=ir -o link.ir
# a dangling link: its target is made
ln -s made.c dangling
link_case ref.c "--emit=c -o dangling" dangling k.py --emit=c -o dangling
[ -f made.c ] || fail "the dangling link's target was not made"
# a link into another directory
mkdir sub
ln -s sub/far.h far
link_case ref.h "-H link into sub/" far k.py -o k.o -H far

# device code kinds (a fake CUDA toolkit), through the same code
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
cuda=--cuda-arch=sm_75
"$warpc" $cuda k.py --emit=ptx -o ref.ptx
"$warpc" $cuda k.py --emit=fatbin -o ref.fatbin
grep -q '^// fatbinary$' ref.fatbin || fail "the fake fatbin: $(cat ref.fatbin)"
echo old >target.ptx
ln -s target.ptx link.ptx
link_case ref.ptx "--emit=ptx -o link" link.ptx k.py --emit=ptx -o link.ptx
fifo_case ref.fatbin "--emit=fatbin -o fifo" k.py --emit=fatbin -o fifo
unset WARPC_CUDA_PATH
cuda=--no-cuda

# failed compiles: the targets as they were, the links kept
for what in o H MF c; do echo old >"target.$what"; done
for args in "-o link.o" "-o k.o -H link.H" "-o k.o -MF link.MF" "--emit=c -o link.c"; do
  # shellcheck disable=SC2086
  run 1 "bad.py $args" bad.py $args
done
for what in o H MF c; do
  [ -L "link.$what" ] || fail "failed compile: link.$what replaced"
  [ "$(cat "target.$what")" = old ] || fail "failed compile: target.$what changed"
done
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
left=$(ls -A | grep '^\.' | tr '\n' ' ' || true)
[ -z "$left" ] || fail "temporaries left: $left"
echo ok
