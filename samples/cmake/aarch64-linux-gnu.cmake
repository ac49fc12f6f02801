# A CMake toolchain file for aarch64 Linux (Jetson) with Debian's cross
# compiler (gcc-aarch64-linux-gnu, libc6-dev-arm64-cross):
#   cmake -S samples/cmake -B build/cmake-a64 \
#     -DCMAKE_TOOLCHAIN_FILE=samples/cmake/aarch64-linux-gnu.cmake \
#     -DCMAKE_PREFIX_PATH=/usr/local
# warpc's package then compiles with warpc --target=aarch64-linux-gnu (the
# CMAKE_LIBRARY_ARCHITECTURE CMake finds for this gcc; with clang, set
# CMAKE_C_COMPILER_TARGET) and links the runtime of
# `make install CROSS=aarch64-linux-gnu` (PREFIX/lib/aarch64-linux-gnu).
# Run the program on the board, or here with
#   qemu-aarch64 -L /usr/aarch64-linux-gnu build/cmake-a64/cmake_sample
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# warpc's package is a build-machine tool with target runtimes beside it:
# look for packages on the build machine too, not only in the sysroot.
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
