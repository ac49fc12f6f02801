#!/usr/bin/env bash
# scripts/fuzz.sh FUZZ_BUILD SECONDS JOBS TARGET... - runs libFuzzer targets
# built by `make fuzz-build` (FUZZ_BUILD/bin/fuzz_TARGET), each for SECONDS
# (-max_total_time), one after the other.
#
# Per target: the corpus FUZZ_BUILD/corpus/TARGET (new inputs are added
# there and kept for the next run) plus the seeds FUZZ_BUILD/seeds/TARGET;
# crashes, leaks, timeouts and OOMs are written to
# FUZZ_BUILD/artifacts/TARGET/; the log is FUZZ_BUILD/logs/TARGET.log.  With
# JOBS > 1, JOBS processes share the corpus (-fork=JOBS) and keep going
# after a crash (each one is still saved).  Before fuzzing, the inputs of
# test/fuzz/regress/TARGET (minimized crashes, one file each) are replayed;
# one that crashes fails the target without fuzzing.  $FUZZ_ARGS adds libFuzzer
# options.  Prints executions, exec/s, coverage and crashes per target;
# exits 1 when any target found one.
set -uo pipefail
[ $# -ge 4 ] || { echo "usage: $0 FUZZ_BUILD SECONDS JOBS TARGET..." >&2; exit 2; }
b=$1 seconds=$2 jobs=$3
shift 3
status=0
for t in "$@"; do
  bin=$b/bin/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz: $bin is missing (make fuzz-build)" >&2; exit 2; }
  corpus=$b/corpus/$t artifacts=$b/artifacts/$t log=$b/logs/$t.log
  mkdir -p "$corpus" "$artifacts" "$b/logs"
  opts=(-max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096
        -print_final_stats=1 -artifact_prefix="$artifacts/")
  case $t in
    frontend) opts+=(-dict="$b/frontend.dict" -max_len=16384) ;;
    runtime) opts+=(-max_len=4096) ;;
    volume) opts+=(-max_len=65536) ;;
  esac
  # Inputs that once crashed a target (test/fuzz/regress/TARGET) run first,
  # every time: a fixed crash that comes back fails the run at once.
  regress=$(dirname "$0")/../test/fuzz/regress/$t
  if [ -d "$regress" ] && ls "$regress"/* >/dev/null 2>&1; then
    if ! "$bin" -runs=1 "$regress"/* >"$log" 2>&1; then
      echo "fuzz: $t: an input of $regress crashes again, log $log"
      grep -a -m 20 -E 'ERROR: |SUMMARY: |runtime error|Running: ' "$log" | sed 's/^/  /'
      status=1
      continue
    fi
  fi
  [ "$jobs" -gt 1 ] && opts+=(-fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  before=$(ls "$artifacts" | wc -l)
  echo "fuzz: $t for ${seconds}s ($jobs job(s)), log $log"
  # shellcheck disable=SC2086 # FUZZ_ARGS is a list of options
  "$bin" "${opts[@]}" ${FUZZ_ARGS:-} "$corpus" "$b/seeds/$t" >"$log" 2>&1
  rc=$?
  found=$(( $(ls "$artifacts" | wc -l) - before ))
  if grep -q '^#[0-9]*: cov:' "$log"; then # -fork: "#RUNS: cov: ... exec/s N"
    last=$(grep -a '^#[0-9]*: cov:' "$log" | tail -n 1)
    runs=$(echo "$last" | sed 's/^#\([0-9]*\):.*/\1/')
    speed=$(echo "$last" | sed -n 's/.*exec\/s \([0-9]*\).*/\1/p')
  else
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
    speed=$(grep -ao 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
  fi
  cov=$(grep -ao 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
  echo "fuzz: $t: $runs executions, $speed exec/s, ${cov:-cov: ?}, corpus $(ls "$corpus" | wc -l) files, $found new artifact(s), exit $rc"
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    grep -a -m 20 -E 'ERROR: |SUMMARY: |runtime error|fuzz_(frontend|runtime): |Test unit written' "$log" | sed 's/^/  /'
    echo "fuzz: reproduce with $bin ARTIFACT; minimize with $bin -minimize_crash=1 -runs=100000 ARTIFACT"
  fi
done
exit $status
