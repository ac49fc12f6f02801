#!/usr/bin/env bash
# The tools of one module run at once (-j N, default the online CPUs): nvcc
# -ptx (once when the CUDA C is the same for every arch, else for the lowest
# and the highest arch) beside the host C compile, then each ptxas as soon
# as its PTX is made.  With a fake toolkit and C compiler that log when they
# start and end (each lasting 0.3 s): -j 8 overlaps nvcc with the C compile,
# the two nvcc runs of a bfloat16 module, and several ptxas runs; -j 1 runs
# one at a time; both give the same object.  A ptxas that fails for one
# arch: exit 2, its message said once, nothing left behind.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
printf '#!/bin/sh\necho "start cc" >>"$EVENTS"\nsleep 0.3\nclang "$@"\nrc=$?\necho "end cc" >>"$EVENTS"\nexit $rc\n' >cc.sh
chmod +x cc.sh
cat >bf.py <<'PY'
import warp as wp

@wp.kernel
def k(x: wp.array(dtype=wp.bfloat16)):
    x[wp.tid()] = x[wp.tid()] + x[wp.tid()]
PY
for t in nvcc ptxas; do
  mv "$tmp/cuda/bin/$t" "$tmp/cuda/bin/$t.real"
  cat >"$tmp/cuda/bin/$t" <<EOF
#!/bin/sh
echo "start $t" >>"\$EVENTS"
sleep 0.3
case " \$* " in *" -arch=sm_\${FAIL_ARCH:-none} "*)
  echo "ptxas fatal   : fake failure for sm_\$FAIL_ARCH" >&2
  echo "end $t" >>"\$EVENTS"
  exit 1 ;;
esac
"$tmp/cuda/bin/$t.real" "\$@"
rc=\$?
echo "end $t" >>"\$EVENTS"
exit \$rc
EOF
  chmod +x "$tmp/cuda/bin/$t"
done

# the most runs of tool $1 at once in the event log $2
most() {
  awk -v t="$1" '$2 == t { n += $1 == "start" ? 1 : -1; if (n > m) m = n }
    END { print m + 0 }' "$2"
}
export EVENTS
archs=sm_75,sm_80,sm_86,sm_87,sm_89,sm_90
for j in 8 1; do
  EVENTS=$tmp/events$j
  "$warpc" -j "$j" --cc ./cc.sh --cuda-arch $archs k.py -o k$j.o 2>err || fail "-j $j: $(cat err)"
  [ "$(grep -c 'start ptxas' "$EVENTS")" = 6 ] || fail "-j $j: not 6 ptxas runs: $(cat "$EVENTS")"
  [ "$(grep -c 'start nvcc' "$EVENTS")" = 1 ] || fail "-j $j: not 1 nvcc run: $(cat "$EVENTS")"
  EVENTS=$tmp/bf$j
  "$warpc" -j "$j" --cc ./cc.sh --cuda-arch $archs bf.py -o bf$j.o 2>err || fail "bf16 -j $j: $(cat err)"
  [ "$(grep -c 'start nvcc' "$EVENTS")" = 2 ] || fail "bf16 -j $j: not 2 nvcc runs: $(cat "$EVENTS")"
done
# nvcc and the C compiler at once: at most one slot free while either runs
both() {
  awk '$2 == "nvcc" || $2 == "cc" { n += $1 == "start" ? 1 : -1; if (n > m) m = n }
    END { print m + 0 }' "$1"
}
[ "$(both "$tmp/events8")" = 2 ] || fail "-j 8: nvcc and the C compiler did not overlap: $(cat "$tmp/events8")"
[ "$(most nvcc "$tmp/bf8")" = 2 ] || fail "bf16 -j 8: the two nvcc runs did not overlap: $(cat "$tmp/bf8")"
[ "$(most ptxas "$tmp/events8")" -ge 2 ] || fail "-j 8: no ptxas runs overlapped: $(cat "$tmp/events8")"
for e in events1 bf1; do
  [ "$(both "$tmp/$e")" = 1 ] && [ "$(most ptxas "$tmp/$e")" = 1 ] ||
    fail "-j 1: tools overlapped: $(cat "$tmp/$e")"
done
# each ptxas waits for the PTX it reads: none starts before nvcc ended
awk '$2 == "nvcc" && $1 == "end" { e = 1 } $2 == "ptxas" && $1 == "start" && !e { bad = 1 }
  END { exit bad }' "$tmp/events8" || fail "-j 8: ptxas before nvcc ended: $(cat "$tmp/events8")"
cmp -s k8.o k1.o || fail "-j 8 and -j 1 objects differ"
cmp -s bf8.o bf1.o || fail "bf16: -j 8 and -j 1 objects differ"
# ptxas runs are started in the order of the archs
grep -x -- '-arch=sm_[0-9]*' "$tmp/cuda/log" | tail -6 | tr '\n' ' ' >order
[ "$(cat order)" = "-arch=sm_75 -arch=sm_80 -arch=sm_86 -arch=sm_87 -arch=sm_89 -arch=sm_90 " ] ||
  fail "ptxas order: $(cat order)"
rm -f k1.o k8.o err order

# one arch fails: its message once, exit 2, no output, no temporaries
rc=0
EVENTS=$tmp/events_fail
FAIL_ARCH=80 "$warpc" -j 8 --cuda-arch $archs k.py -o k.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "failing ptxas: exit $rc, want 2: $(cat err)"
[ "$(grep -c 'fake failure for sm_80' err)" = 1 ] || fail "failing ptxas: message: $(cat err)"
[ ! -e k.o ] || fail "failing ptxas: k.o written"
[ -z "$(ls -A "$TMPDIR")" ] || fail "failing ptxas: left in TMPDIR: $(ls -A "$TMPDIR")"
# bad -j values are usage errors
for bad in 0 -1 x 2x; do
  rc=0
  "$warpc" -j "$bad" k.py -o k.o 2>err || rc=$?
  [ "$rc" = 2 ] && grep -q "bad -j value" err || fail "-j $bad: exit $rc: $(cat err)"
done
echo ok
