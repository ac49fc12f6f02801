#!/usr/bin/env bash
# libwarprt's CUDA runtime without a GPU: builds the fake driver of
# test/fakecuda as build/test/fakecuda/libcuda.so.1 and runs
# build/test/unit/test_cuda_runtime against it in each of its modes (found
# through LD_LIBRARY_PATH, as dlopen finds the real one), with a driver that
# lacks an entry point, one without the optional (newer) ones, and with no
# driver at all.  Also: libwarprt.a and a
# program linked with it have no undefined CUDA symbol and need no CUDA
# library at load time.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
lib=$root/build/lib/libwarprt.a
test=$root/build/test/unit/test_cuda_runtime
[ -f "$lib" ] || fail "$lib is missing (run make)"
[ -x "$test" ] || fail "$test is missing (run make unit)"

# No link-time CUDA dependency.
undef=$(nm "$lib" | grep -i ' U cu' || true)
[ -z "$undef" ] || fail "libwarprt.a has undefined CUDA symbols: $undef"
undef=$(nm "$test" | grep -i ' U cu' || true)
[ -z "$undef" ] || fail "test_cuda_runtime has undefined CUDA symbols: $undef"
if ldd "$test" | grep -Ei 'libcuda|libcudart'; then
  fail "test_cuda_runtime loads a CUDA library at startup"
fi

cc=${CC:-cc}
build_fake() { # DIR [CFLAGS...]
  local dir=$1
  shift
  mkdir -p "$dir"
  "$cc" -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -O1 -g \
    -shared -fPIC -pthread "$@" -o "$dir/libcuda.so.1.tmp" \
    "$root/test/fakecuda/fakecuda.c" || fail "cannot build the fake driver"
  mv "$dir/libcuda.so.1.tmp" "$dir/libcuda.so.1"
}
fake=$root/build/test/fakecuda
incomplete=$root/build/test/fakecuda-incomplete
old=$root/build/test/fakecuda-old
build_fake "$fake"
build_fake "$incomplete" -DFAKECUDA_OMIT_MEMSETD32
build_fake "$old" -DFAKECUDA_OMIT_GRAPHS

run() { # NAME ENV... : runs the test with the environment, checks it passed
  local name=$1
  shift
  if ! env "$@" "$test" >"$tmp/out" 2>&1; then
    cat "$tmp/out" >&2
    fail "test_cuda_runtime ($name)"
  fi
  grep -q ' 0 failed$' "$tmp/out" || fail "test_cuda_runtime ($name): $(cat "$tmp/out")"
  echo "$name: $(tail -n 1 "$tmp/out")"
}

path=$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
for mode in ok nodevice nobinary oldptx launchfail oom; do
  run "fake $mode" LD_LIBRARY_PATH="$path" WARPRT_TEST_CUDA=fake FAKECUDA_MODE=$mode
done
run "fake ok, no memory pools" LD_LIBRARY_PATH="$path" WARPRT_TEST_CUDA=fake \
  FAKECUDA_MODE=ok FAKECUDA_MEMPOOLS=0
run "fake ok, 4 threads" LD_LIBRARY_PATH="$path" WARPRT_TEST_CUDA=fake \
  FAKECUDA_MODE=ok WARP_NUM_THREADS=4

# A fatbin made by the toolkit's own fatbinary, when there is one: the
# archs in the no-binary message come from parsing it.
bin=$(dirname "$(command -v ptxas 2>/dev/null || echo /usr/local/cuda/bin/ptxas)")
if [ -x "$bin/ptxas" ] && [ -x "$bin/fatbinary" ]; then
  cat >"$tmp/k.ptx" <<'PTX'
.version 7.0
.target sm_75
.address_size 64
.visible .entry test_scale_cuda_fwd(
 .param .align 8 .b8 test_scale_cuda_fwd_param_0[112],
 .param .align 8 .b8 test_scale_cuda_fwd_param_1[48]
)
{
 ret;
}
PTX
  "$bin/ptxas" -arch=sm_75 "$tmp/k.ptx" -o "$tmp/k75.cubin"
  "$bin/ptxas" -arch=sm_90 "$tmp/k.ptx" -o "$tmp/k90.cubin"
  if ! "$bin/fatbinary" --create="$tmp/k.fatbin" \
    --image3=kind=elf,sm=75,file="$tmp/k75.cubin" \
    --image3=kind=elf,sm=90,file="$tmp/k90.cubin" \
    --image3=kind=ptx,sm=75,file="$tmp/k.ptx" 2>/dev/null; then
    "$bin/fatbinary" --create="$tmp/k.fatbin" \
      --image=profile=sm_75,file="$tmp/k75.cubin" \
      --image=profile=sm_90,file="$tmp/k90.cubin" \
      --image=profile=compute_75,file="$tmp/k.ptx"
  fi
  run "fake nobinary, fatbinary's fatbin" LD_LIBRARY_PATH="$path" \
    WARPRT_TEST_CUDA=fake FAKECUDA_MODE=nobinary FAKECUDA_FATBIN="$tmp/k.fatbin"
else
  echo "no ptxas/fatbinary: skipping the check against a real fatbin"
fi

run "driver lacking an entry point" \
  LD_LIBRARY_PATH="$incomplete${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  WARPRT_TEST_CUDA=incomplete
run "driver without the optional entry points (graphs, ...)" \
  LD_LIBRARY_PATH="$old${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  WARPRT_TEST_CUDA=olddriver
run "no driver (WARP_CUDA_DRIVER)" WARPRT_TEST_CUDA=nodriver \
  WARP_CUDA_DRIVER="$tmp/nonexistent/libcuda.so.1"
# The default name, where this machine has no driver to find.
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 ' &&
  [ -z "${LD_LIBRARY_PATH:-}" ]; then
  run "no driver (libcuda.so.1)" WARPRT_TEST_CUDA=nodriver
fi
echo ok
