#!/usr/bin/env bash
# The installed CMake package (lib/cmake/warpc) with samples/cmake, from a
# `make install DESTDIR=D PREFIX=/usr` found through CMAKE_PREFIX_PATH:
#   - with the "Unix Makefiles" and the Ninja generator (--no-cuda through
#     WARPC_FLAGS: quick): it builds, runs, PASSes; the two kernels.py get
#     the module names kernels and physics_kernels (their launchers);
#   - the depfile works with both: a second build runs no warpc; touching
#     helpers/mathx.py (imported through IMPORT_DIRS) rebuilds kernels.o and
#     not physics/kernels.o, touching physics/gravity.py (imported beside
#     it) the other way round;
#     (install_cmake_options.sh: warpc_add_kernels' options and misuse).
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
command -v ninja >/dev/null || fail "ninja is missing (Debian's ninja-build)"

install_warpc "$tmp/d"
p=$tmp/d/usr
sample_copy cmake src
stamp() { stat -c %y "$1"; }

for gen in "Unix Makefiles" Ninja; do
  b="build dir-${gen%% *}" # a space: the depfile quotes the object
  t0=$SECONDS
  cmake -G "$gen" -S src -B "$b" -DCMAKE_PREFIX_PATH="$p" -DWARPC_FLAGS=--no-cuda >"$b.cfg" 2>&1 ||
    fail "$gen: cmake failed: $(tail -n 20 "$b.cfg")"
  cmake --build "$b" >"$b.log" 2>&1 || fail "$gen: build failed: $(tail -n 30 "$b.log")"
  "$b/cmake_sample" >"$b.out" 2>&1 || fail "$gen: cmake_sample failed: $(cat "$b.out")"
  grep -qx PASS "$b.out" || fail "$gen: cmake_sample did not PASS: $(cat "$b.out")"
  o1=$b/warpc/cmake_sample/kernels.o
  o2=$b/warpc/cmake_sample/physics/kernels.o
  [ -f "$b/warpc/cmake_sample/kernels.h" ] && [ -f "$b/warpc/cmake_sample/physics/kernels.h" ] ||
    fail "$gen: the headers are not in $b/warpc/cmake_sample"
  nm "$o1" | grep -q ' T kernels_step$' || fail "$gen: kernels.o has no kernels_step: $(nm "$o1" | grep ' T ')"
  nm "$o2" | grep -q ' T physics_kernels_step$' || fail "$gen: physics/kernels.o has no physics_kernels_step"

  cmake --build "$b" >"$b.log2" 2>&1 || fail "$gen: second build failed: $(tail -n 20 "$b.log2")"
  if grep -q 'warpc ' "$b.log2"; then fail "$gen: a build with nothing changed ran warpc: $(cat "$b.log2")"; fi

  s1=$(stamp "$o1") s2=$(stamp "$o2")
  sleep 1
  touch src/helpers/mathx.py
  cmake --build "$b" >"$b.log3" 2>&1 || fail "$gen: build after touching mathx.py failed: $(tail -n 20 "$b.log3")"
  [ "$(stamp "$o1")" != "$s1" ] || fail "$gen: touching helpers/mathx.py did not rebuild kernels.o: $(cat "$b.log3")"
  [ "$(stamp "$o2")" = "$s2" ] || fail "$gen: touching helpers/mathx.py rebuilt physics/kernels.o"
  grep -q 'PASS' <("$b/cmake_sample") || fail "$gen: cmake_sample fails after the rebuild"

  s1=$(stamp "$o1") s2=$(stamp "$o2")
  sleep 1
  touch src/physics/gravity.py
  cmake --build "$b" >"$b.log4" 2>&1 || fail "$gen: build after touching gravity.py failed: $(tail -n 20 "$b.log4")"
  [ "$(stamp "$o2")" != "$s2" ] || fail "$gen: touching physics/gravity.py did not rebuild physics/kernels.o: $(cat "$b.log4")"
  [ "$(stamp "$o1")" = "$s1" ] || fail "$gen: touching physics/gravity.py rebuilt kernels.o"
  echo "$gen: ok ($((SECONDS - t0)) s)"
done

echo "ok: Unix Makefiles and Ninja build, run and rebuild through the depfile"
