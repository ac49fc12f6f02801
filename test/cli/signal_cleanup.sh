#!/usr/bin/env bash
# SIGTERM, SIGINT or SIGHUP during a compile: warpc stops the tools it
# started (the C compiler; nvcc and what nvcc started, with a fake toolkit;
# also a tool that ignores the signal, killed after a grace period), removes
# its private directory in $TMPDIR and the temporaries beside the outputs,
# leaves in-place outputs (a symlink) alone, and dies of the same signal.
# SIGTSTP stops the tool with warpc, SIGCONT continues both.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

set -m # background jobs keep SIGINT (not ignored as without job control)
kernel k.py
cat >slowcc <<'EOF'
#!/bin/sh
echo $$ >>"$PIDFILE"
exec sleep 60
EOF
cat >stubborn <<'EOF'
#!/bin/sh
trap '' TERM INT HUP
echo $$ >>"$PIDFILE"
sleep 60 &
echo $! >>"$PIDFILE"
wait
EOF
chmod +x slowcc stubborn
fake_cuda "$tmp/cuda"
export PIDFILE=$tmp/pids FAKE_CUDA_PIDFILE=$tmp/pids
echo old >target.h
ln -s target.h link.h

# interrupt WHAT SIGNAL NPIDS WARPC-ARGS...: starts warpc, waits for NPIDS
# tool processes, checks that warpc made its temporaries, sends SIGNAL
interrupt() {
  local what=$1 sig=$2 npids=$3 rc=0
  shift 3
  : >"$PIDFILE"
  "$warpc" "$@" 2>err &
  local wpid=$!
  track $wpid
  for _ in $(seq 100); do
    [ "$(wc -l <"$PIDFILE")" -ge "$npids" ] && break
    sleep 0.1
  done
  [ "$(wc -l <"$PIDFILE")" -ge "$npids" ] || fail "$what: the tool did not start: $(cat err)"
  [ -n "$(ls -A "$TMPDIR")" ] || fail "$what: no private directory while the tool runs"
  [ -n "$(ls -A | grep '^\.k\.o\.')" ] || fail "$what: no temporary beside k.o while the tool runs"
  local t0=$SECONDS
  kill -"$sig" $wpid
  wait $wpid || rc=$?
  local want
  want=$((128 + $(kill -l "$sig")))
  [ "$rc" = "$want" ] || fail "$what: exit status $rc, want $want (killed by SIG$sig)"
  [ $((SECONDS - t0)) -le 15 ] || fail "$what: warpc took $((SECONDS - t0)) s to stop"
  # (a killed process takes a moment to go; what nvcc started is not
  # warpc's child, so warpc does not wait for it)
  for p in $(cat "$PIDFILE"); do
    for _ in $(seq 20); do alive "$p" && sleep 0.1; done
    alive "$p" && fail "$what: tool process $p still runs: $(tr '\0' ' ' </proc/"$p"/cmdline)"
  done
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$what: left in TMPDIR: $(ls -AR "$TMPDIR")"
  local left
  left=$(ls -A | grep -Ev '^(k\.py|slowcc|stubborn|err|link\.h|target\.h)$' | tr '\n' ' ' || true)
  [ -z "$left" ] || fail "$what: files left beside the outputs: $left"
  [ -L link.h ] && [ "$(cat target.h)" = old ] || fail "$what: the symlink output or its target changed"
}

for sig in TERM INT HUP; do
  interrupt "cc, SIG$sig" $sig 1 --no-cuda --cc ./slowcc k.py -o k.o
  interrupt "cc, in-place header, SIG$sig" $sig 1 --no-cuda --cc ./slowcc k.py -o k.o -H link.h -MD
done
# nvcc (a fake one) and the process it started
export WARPC_CUDA_PATH=$tmp/cuda FAKE_CUDA_SLEEP=60
interrupt "nvcc and its child, SIGTERM" TERM 2 --cuda-arch sm_75 k.py -o k.o
interrupt "nvcc and its child, SIGINT" INT 2 --cuda-arch sm_75 k.py -o k.o -H link.h
interrupt "nvcc and its child, SIGHUP" HUP 2 --cuda-arch sm_75 k.py -o k.o
unset FAKE_CUDA_SLEEP
# a tool that ignores the signal is killed after the grace period
interrupt "a tool ignoring SIGTERM" TERM 2 --no-cuda --cc ./stubborn k.py -o k.o

# ^Z: the tool (in a process group of its own) stops with warpc and
# continues with it
state() { awk '{print $3}' "/proc/$1/stat" 2>/dev/null || echo gone; }
: >"$PIDFILE"
"$warpc" --no-cuda --cc ./slowcc k.py -o k.o 2>err &
wpid=$!
track $wpid
for _ in $(seq 100); do [ -s "$PIDFILE" ] && break; sleep 0.1; done
tool=$(head -1 "$PIDFILE")
[ -n "$tool" ] || fail "SIGTSTP: the tool did not start"
kill -TSTP $wpid
for _ in $(seq 50); do [ "$(state $wpid)" = T ] && [ "$(state "$tool")" = T ] && break; sleep 0.1; done
[ "$(state $wpid)" = T ] || fail "SIGTSTP: warpc is not stopped: $(state $wpid)"
[ "$(state "$tool")" = T ] || fail "SIGTSTP: the tool is not stopped: $(state "$tool")"
kill -CONT $wpid
for _ in $(seq 50); do [ "$(state "$tool")" != T ] && break; sleep 0.1; done
[ "$(state "$tool")" = S ] || fail "SIGCONT: the tool did not continue: $(state "$tool")"
[ "$(state $wpid)" = S ] || fail "SIGCONT: warpc did not continue: $(state $wpid)"
kill -TERM $wpid
rc=0
wait $wpid || rc=$?
[ "$rc" = 143 ] || fail "SIGTERM after SIGCONT: exit $rc"
[ -z "$(ls -A "$TMPDIR")" ] || fail "SIGTSTP/SIGCONT/SIGTERM: left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
