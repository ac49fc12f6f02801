#!/usr/bin/env bash
# The launcher prefix is the file's stem made a C identifier ("my-kernels.py"
# -> my_kernels_K), or the --module NAME / --module=NAME given.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >my-kernels.py <<'PY'
import warp as wp

@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 2.0
PY
sym() { nm "$1" | awk '$2 == "T" { print $3 }' | sort | tr '\n' ' '; }

"$warpc" my-kernels.py -o a.o
[ "$(sym a.o)" = "my_kernels_k my_kernels_k_backward " ] || fail "default module: text symbols '$(sym a.o)', want my_kernels_k"
grep -q 'wp_status my_kernels_k(' a.h || fail "a.h lacks my_kernels_k"

"$warpc" --module physics my-kernels.py -o b.o
[ "$(sym b.o)" = "physics_k physics_k_backward " ] || fail "--module physics: text symbols '$(sym b.o)'"
grep -q 'wp_status physics_k(' b.h || fail "b.h lacks physics_k"
grep -q 'my_kernels' b.h && fail "b.h still mentions the default prefix"

"$warpc" --module=Phys2 my-kernels.py -o c.o
[ "$(sym c.o)" = "Phys2_k Phys2_k_backward " ] || fail "--module=Phys2: text symbols '$(sym c.o)'"

# two modules with the same kernel name link into one program
nm a.o b.o c.o >/dev/null
ld -r a.o b.o c.o -o all.o || fail "objects of different modules do not link together"
echo ok
