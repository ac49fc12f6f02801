#!/usr/bin/env bash
# A long $TMPDIR (2,400 characters, past every old fixed buffer: 1,024,
# 1,100, 2,048) and a long output path are used whole: the compile
# succeeds, with the host compiler and with a (fake) CUDA toolkit whose
# PTX names the long work directory (stripped from --emit=ptx), and no
# file lands outside the temporary directory (a truncated name would be a
# prefix of it).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
fake_cuda "$tmp/cuda"
seg=$(printf 'd%.0s' $(seq 200))
long=$tmp/long
for _ in $(seq 12); do long=$long/$seg; done
mkdir -p "$long/out"
[ ${#long} -gt 2400 ] || fail "the test's path is too short: ${#long}"
no_strays() { # WHAT: nothing but the directories under $tmp/long
  local strays
  strays=$(find "$tmp/long" ! -type d | head -3)
  [ -z "$strays" ] || fail "$1: files outside their place: $strays"
}

TMPDIR=$long "$warpc" --no-cuda k.py -o k.o 2>err || fail "--no-cuda, long TMPDIR: $(cat err)"
nm k.o | grep -q ' T k_k$' || fail "--no-cuda, long TMPDIR: no launcher"
no_strays "--no-cuda, long TMPDIR"

export WARPC_CUDA_PATH=$tmp/cuda
TMPDIR=$long "$warpc" --cuda-arch sm_75,sm_90 k.py -o kc.o 2>err ||
  fail "CUDA, long TMPDIR: $(cat err)"
objcopy -O binary --only-section=.nv_fatbin kc.o fatbin.bin
grep -q '^// fatbinary$' fatbin.bin || fail "CUDA, long TMPDIR: the fatbin is not embedded"
no_strays "CUDA, long TMPDIR"

TMPDIR=$long "$warpc" --cuda-arch sm_75 --emit=ptx k.py -o k.ptx 2>err ||
  fail "--emit=ptx, long TMPDIR: $(cat err)"
[ "$(head -1 k.ptx)" = '.file 1 "module.cu"' ] ||
  fail "--emit=ptx, long TMPDIR: the work directory is not stripped: $(head -c 200 k.ptx)"
no_strays "--emit=ptx, long TMPDIR"

# a long output path, object and text
"$warpc" --no-cuda k.py -o "$long/out/k.o" -MD 2>err || fail "long -o: $(cat err)"
[ -s "$long/out/k.o" ] && [ -s "$long/out/k.h" ] && [ -s "$long/out/k.d" ] ||
  fail "long -o: outputs missing"
"$warpc" --no-cuda --emit=c k.py -o "$long/out/k.c" 2>err || fail "long --emit=c -o: $(cat err)"
[ -s "$long/out/k.c" ] || fail "long --emit=c -o: no output"
rm -f "$long"/out/*
no_strays "long -o"
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
