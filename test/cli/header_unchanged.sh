#!/usr/bin/env bash
# The header is written only when its content changes: an edit of a
# kernel's body rewrites the object but leaves the header (its inode and
# modification time), so C files that include it are not rebuilt; a change
# of a declaration rewrites it; a deleted header is written again; a
# symlinked header keeps its target untouched too.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp

@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0
PY
"$warpc" --no-cuda k.py 2>err || fail "compile: $(cat err)"
touch -d '2001-01-01 00:00:00' k.h k.o
before=$(stat -c '%i %Y' k.h)
cp k.o k.o.first
sed -i 's/= 1.0/= 2.0/' k.py
"$warpc" --no-cuda k.py 2>err || fail "recompile: $(cat err)"
cmp -s k.o k.o.first && fail "the object was not rewritten"
[ "$(stat -c '%Y' k.o)" != "$(date -d '2001-01-01 00:00:00' +%s)" ] || fail "the object's mtime is old"
after=$(stat -c '%i %Y' k.h)
[ "$before" = "$after" ] || fail "the unchanged header was rewritten (inode mtime: $before -> $after)"
ls -a | grep -q '^\.k\.h\.' && fail "a temporary is left beside the header: $(ls -a)"
# a new parameter: a new declaration
sed -i 's/x: wp.array(dtype=float))/x: wp.array(dtype=float), s: float)/' k.py
"$warpc" --no-cuda k.py 2>err || fail "compile with a new parameter: $(cat err)"
[ "$(stat -c '%Y' k.h)" != "$(date -d '2001-01-01 00:00:00' +%s)" ] || fail "the changed header was not rewritten"
grep -q 'float s)' k.h || fail "the header lacks the new parameter: $(grep 'wp_status k_k' k.h)"
rm k.h
"$warpc" --no-cuda k.py 2>err || fail "compile without a header: $(cat err)"
[ -s k.h ] || fail "the deleted header was not written again"
# a header that is a symlink: the target is kept when unchanged
mv k.h real.h
ln -s real.h k.h
touch -d '2001-01-01 00:00:00' real.h
"$warpc" --no-cuda k.py 2>err || fail "compile with a symlinked header: $(cat err)"
[ -L k.h ] || fail "the symlink was replaced"
[ "$(stat -c '%Y' real.h)" = "$(date -d '2001-01-01 00:00:00' +%s)" ] || fail "the symlink's unchanged target was rewritten"
echo ok
