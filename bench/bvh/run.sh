#!/usr/bin/env bash
# bench/bvh: warpc's runtime against warp-lang building a BVH over 1M
# triangles on the CPU; prints both BVH_BUILD lines and the RATIO line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
b="$root/build/bench/bvh"
mkdir -p "$b"
cc -std=c11 -O2 -Wall -Wextra -I"$root/runtime/include" "$here/main.c" \
  "$root/build/lib/libwarprt.a" -lm -ldl -pthread -o "$b/bvh_warpc"
line=$("$b/bvh_warpc")
echo "$line"
python3 "$here/warp_lang.py" "$line"
