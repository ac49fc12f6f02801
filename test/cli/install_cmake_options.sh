#!/usr/bin/env bash
# warpc_add_kernels' options and misuse, with the installed CMake package
# (make install DESTDIR=D PREFIX=/usr; install_cmake.sh builds the sample):
#   - WARPC_CUDA_ARCHS reaches warpc as --cuda-arch sm_75,sm_87, and ptxas
#     runs for those archs alone (a fake CUDA toolkit, WARPC_CUDA_PATH,
#     logs what it was asked for: quick, and no toolkit needed);
#   - MODULE names the module (its launcher), FLAGS and WARPC_FLAGS reach
#     warpc (-O0, --no-cuda);
#   - warpc_add_kernels refuses, at configure time and saying why: two files
#     of one target with one module name (a_b.py and a/b.py), MODULE with
#     several files, a target made in another directory, no target.
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
command -v ninja >/dev/null || fail "ninja is missing (Debian's ninja-build)"

install_warpc "$tmp/d"
p=$tmp/d/usr
sample_copy cmake src

# CUDA archs, on a fake toolkit
fake_cuda "$tmp/cuda"
WARPC_CUDA_PATH=$tmp/cuda cmake -G Ninja -S src -B b-cuda -DCMAKE_PREFIX_PATH="$p" \
  -DWARPC_CUDA_ARCHS="sm_75;sm_87" >b-cuda.cfg 2>&1 || fail "cmake (CUDA) failed: $(tail -n 20 b-cuda.cfg)"
WARPC_CUDA_PATH=$tmp/cuda cmake --build b-cuda -v >b-cuda.log 2>&1 || fail "build (CUDA) failed: $(tail -n 30 b-cuda.log)"
grep -q -- '--cuda-arch sm_75,sm_87' b-cuda.log || fail "warpc was not given --cuda-arch sm_75,sm_87: $(grep -m2 'bin/warpc' b-cuda.log)"
for a in sm_75 sm_87; do
  grep -qx -- "-arch=$a" "$tmp/cuda/log" || fail "ptxas never ran for $a: $(grep -- -arch "$tmp/cuda/log" | sort -u | tr '\n' ' ')"
done
if grep -- '-arch=sm_' "$tmp/cuda/log" | grep -qv 'sm_75\|sm_87'; then
  fail "ptxas ran for other archs: $(grep -- -arch=sm_ "$tmp/cuda/log" | sort -u | tr '\n' ' ')"
fi

# --no-cuda in WARPC_FLAGS wins over the project's CUDA archs (it
# contradicted them: warpc exit 2)
cmake -G Ninja -S src -B b-nocuda -DCMAKE_PREFIX_PATH="$p" -DWARPC_CUDA_ARCHS="sm_75;sm_87" \
  -DWARPC_FLAGS=--no-cuda >b-nocuda.cfg 2>&1 || fail "cmake (--no-cuda) failed: $(tail -n 20 b-nocuda.cfg)"
cmake --build b-nocuda -v >b-nocuda.log 2>&1 || fail "build (--no-cuda over CUDA archs) failed: $(tail -n 30 b-nocuda.log)"
grep -q -- '--cuda-arch' b-nocuda.log && fail "--no-cuda: warpc was given --cuda-arch: $(grep -m2 'bin/warpc' b-nocuda.log)"

# MODULE, FLAGS
mkdir -p mod
kernel mod/k.py
printf 'int main(void) { return 0; }\n' >mod/main.c
printf 'cmake_minimum_required(VERSION 3.20)\nproject(mod LANGUAGES C)\nfind_package(warpc REQUIRED)\nadd_executable(app main.c)\nwarpc_add_kernels(app k.py MODULE custom_name FLAGS -O0)\n' >mod/CMakeLists.txt
cmake -G Ninja -S mod -B mod/b -DCMAKE_PREFIX_PATH="$p" -DWARPC_FLAGS=--no-cuda >mod.cfg 2>&1 ||
  fail "cmake (MODULE) failed: $(tail -n 20 mod.cfg)"
cmake --build mod/b -v >mod.log 2>&1 || fail "build (MODULE) failed: $(tail -n 20 mod.log)"
grep -q -- '--module custom_name --no-cuda -O0 ' mod.log || fail "warpc's options: $(grep 'bin/warpc' mod.log)"
nm mod/b/warpc/app/k.o | grep -q ' T custom_name_k$' || fail "MODULE custom_name: $(nm mod/b/warpc/app/k.o | grep ' T ')"

# what warpc_add_kernels refuses
mkdir -p bad/sub bad/a
kernel bad/a_b.py
kernel bad/a/b.py
kernel bad/sub/k.py
printf 'int main(void) { return 0; }\n' >bad/main.c
refused() { # CASE EXPECTED-MESSAGE: cmake fails, saying it
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(bad LANGUAGES C)\nfind_package(warpc REQUIRED)\nadd_executable(app main.c)\n%s\n' "$1" >bad/CMakeLists.txt
  printf 'warpc_add_kernels(app k.py)\n' >bad/sub/CMakeLists.txt
  # bad/b is kept from one case to the next: its compiler checks are done once
  if cmake -S bad -B bad/b -DCMAKE_PREFIX_PATH="$p" >bad.out 2>&1; then fail "cmake accepted: $1"; fi
  tr '\n' ' ' <bad.out | tr -s ' ' | grep -qF "$2" || fail "cmake refused '$1' without '$2': $(cat bad.out)"
}
refused 'warpc_add_kernels(app a_b.py a/b.py)' "module name 'a_b' is already that of another file of app"
refused 'warpc_add_kernels(app a_b.py a/b.py MODULE m)' "MODULE names the module of one file, not 2"
refused 'add_subdirectory(sub)' "the directory that created the target"
refused 'warpc_add_kernels(nosuch a_b.py)' "'nosuch' is not a target"
echo "ok: CUDA archs, MODULE and FLAGS passed; misuse refused"
