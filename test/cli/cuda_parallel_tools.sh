#!/usr/bin/env bash
# The CUDA tools of one module run at once (-j N, default the online CPUs):
# both nvcc -ptx runs (lowest and highest arch), then every ptxas.  With a
# fake toolkit whose nvcc and ptxas log when they start and end (each
# lasting 0.3 s): -j 8 overlaps the two nvcc and several ptxas runs, -j 1
# runs one at a time, both give the same object.  A ptxas that fails for
# one arch: exit 2, its message said once, nothing left behind.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
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
  "$warpc" -j "$j" --cuda-arch $archs k.py -o k$j.o 2>err || fail "-j $j: $(cat err)"
  [ "$(grep -c 'start ptxas' "$EVENTS")" = 6 ] || fail "-j $j: not 6 ptxas runs: $(cat "$EVENTS")"
done
[ "$(most nvcc "$tmp/events8")" = 2 ] || fail "-j 8: the two nvcc runs did not overlap: $(cat "$tmp/events8")"
[ "$(most ptxas "$tmp/events8")" -ge 2 ] || fail "-j 8: no ptxas runs overlapped: $(cat "$tmp/events8")"
[ "$(most nvcc "$tmp/events1")" = 1 ] && [ "$(most ptxas "$tmp/events1")" = 1 ] ||
  fail "-j 1: tools overlapped: $(cat "$tmp/events1")"
cmp -s k8.o k1.o || fail "-j 8 and -j 1 objects differ"
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
