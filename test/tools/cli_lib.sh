# shellcheck shell=bash
# cli_lib.sh - the common preamble of the CLI tests (test/cli/*.sh), sourced
# first:  . "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
#
# It sets
#   root      the repository ($WARPC_ROOT, else the current directory)
#   warpc     the compiler under test: $WARPC if set (to run a test against
#             another build, e.g. one from before a fix), else
#             $root/build/bin/warpc
#   tmp       a private temporary directory, removed on exit (with every
#             background process registered by `track`); the test starts
#             in $tmp/work (empty), with TMPDIR=$tmp/tmpdir (empty) for
#             warpc's own
# and defines
#   fail MSG...      prints "FAIL: MSG" on stderr and exits 1
#   skip MSG...      prints "SKIP: MSG" and exits 0
#   track PID...     ends PID when the test ends (SIGTERM, SIGKILL after 3 s)
#   kernel FILE      writes a small valid kernel file
#   bad_kernel FILE  writes a kernel file with an error in it (warpc exit 1)
#   warn_kernel FILE writes a valid kernel file with one warning, at 3:24:
#                    "module option 'block_dim' has no effect in warpc"
#                    [-Wignored-option]
#   fake_cuda DIR    makes a fake CUDA toolkit in DIR/bin (nvcc, ptxas,
#                    fatbinary: shell scripts that log their arguments, one
#                    per line, to DIR/log and write small outputs - nvcc's
#                    names the work directory as the real one's does), for
#                    use with WARPC_CUDA_PATH=DIR (each makes a temporary in
#                    $TMPDIR while it runs, as nvcc does); FAKE_CUDA_SLEEP=N makes
#                    each tool sleep N s in a child process, and each
#                    appends its pid and the child's to $FAKE_CUDA_PIDFILE;
#                    FAKE_CUDA_PAD=N adds N KiB of comment lines to each
#                    output (outputs larger than stdio's buffers)
#   alive PID        true when PID runs (a zombie does not count)
set -eu
export LC_ALL=C
root=${WARPC_ROOT:-$PWD}
warpc=${WARPC:-$root/build/bin/warpc}
tmp=$(mktemp -d)
cli_pids=
cli_exit() { # SIGTERM first: a warpc left running stops its tools
  local p
  for p in $cli_pids; do kill -TERM "$p" 2>/dev/null || true; done
  for p in $cli_pids; do
    for _ in $(seq 30); do alive "$p" || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
  done
  rm -rf "$tmp"
}
trap cli_exit EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 0; }
track() { cli_pids="$cli_pids $*"; }
[ -x "$warpc" ] || fail "$warpc is missing (run make)"
mkdir "$tmp/work" "$tmp/tmpdir"
export TMPDIR=$tmp/tmpdir
cd "$tmp/work"

kernel() {
  printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >"$1"
}
warn_kernel() {
  printf 'import warp as wp\n\nwp.set_module_options({"block_dim": 64})\n\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >"$1"
}
bad_kernel() {
  printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = undefined_name\n' >"$1"
}

# app NAME [warpc options...]: kernels.py compiled (--no-cuda) and linked
# with main.c and the runtime into ./NAME (the CPU programs that compare
# one kernel file built with different options)
app() {
  local name=$1
  shift
  "$warpc" --no-cuda "$@" kernels.py -o kernels.o || fail "warpc $*"
  cc -std=c11 -O2 -ffp-contract=off -Wall -Wextra -Werror main.c kernels.o \
    -I"$root/runtime/include" -L"$root/build/lib" -lwarprt -lpthread -lm -o "$name" ||
    fail "link failed ($*)"
}

# same_runs "APP THREADS LEVEL [BASE_THREADS]"...: each run of ./APP (built
# by app) with WARP_NUM_THREADS=THREADS and WARP_CPU_LEVEL=LEVEL writes
# out_APP_THREADS_LEVEL, prints "all equal" and matches byte for byte the
# output of app_scalar (-fno-spmd) on BASE_THREADS threads (default 1) at
# level 4, which must come before it in the list
same_runs() {
  local run
  for run in "$@"; do
    set -- $run
    WARP_NUM_THREADS=$2 WARP_CPU_LEVEL=$3 "./$1" "out_$1_$2_$3" >out.txt ||
      fail "$run exited $?: $(cat out.txt)"
    grep -qx 'all equal' out.txt || fail "$run: $(cat out.txt)"
    cmp -s "out_app_scalar_${4:-1}_4" "out_$1_$2_$3" || fail "$run: outputs differ from -fno-spmd's"
  done
}

alive() {
  local st
  st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

fake_cuda() {
  mkdir -p "$1/bin"
  : >"$1/log"
  local tool
  for tool in nvcc ptxas fatbinary; do
    cat >"$1/bin/$tool" <<EOF
#!/bin/sh
# fake $tool: logs its arguments, writes the file after -o / --create=
log='$1/log'
echo "== $tool" >>"\$log"
out=
prev=
for a in "\$@"; do
  printf '%s\n' "\$a" >>"\$log"
  [ "\$prev" = -o ] && out=\$a
  case \$a in --create=*) out=\${a#--create=} ;; esac
  prev=\$a
done
[ -n "\${FAKE_CUDA_PIDFILE:-}" ] && echo \$\$ >>"\$FAKE_CUDA_PIDFILE"
# a temporary of its own in \$TMPDIR while it runs, as nvcc's tmpxft_* files
own_tmp="\${TMPDIR:-/tmp}/tmpxft_fake_${tool}_\$\$"
: >"\$own_tmp"
if [ -n "\${FAKE_CUDA_SLEEP:-}" ]; then
  sleep "\$FAKE_CUDA_SLEEP" &
  [ -n "\${FAKE_CUDA_PIDFILE:-}" ] && echo \$! >>"\$FAKE_CUDA_PIDFILE"
  wait
fi
# nvcc names its source by its absolute path and its arch in .target, as
# the real one does
if [ -n "\$out" ] && [ $tool = nvcc ]; then
  arch=
  for a in "\$@"; do case \$a in -arch=compute_*) arch=\${a#-arch=compute_} ;; esac; done
  printf '.file 1 "%s/module.cu"\n.target sm_%s\n// $tool\n' "\$(pwd)" "\$arch" >"\$out"
elif [ -n "\$out" ]; then
  printf '// $tool\n' >"\$out"
fi
if [ -n "\$out" ] && [ -n "\${FAKE_CUDA_PAD:-}" ]; then
  i=0
  while [ \$i -lt "\$FAKE_CUDA_PAD" ]; do
    printf '//%01022d\n' 0
    i=\$((i + 1))
  done >>"\$out"
fi
rm -f "\$own_tmp"
exit 0
EOF
    chmod +x "$1/bin/$tool"
  done
}
