#!/usr/bin/env bash
# Output names of 248-255 characters (valid: NAME_MAX is 255) are written:
# the temporary beside them, ".NAME.XXXXXX", would be 8 characters longer
# than the file system takes, so a shorter one in the same directory is
# used.  The object, its default header, the depfile and a text output at
# every such length; 256 characters is "File name too long" (exit 2), and
# nothing but the outputs is left in the directory.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
name() { # LENGTH EXT: a name of LENGTH characters ending in EXT
  printf "%0$(($1 - ${#2}))d%s" 0 "$2"
}
for len in 248 251 252 255; do
  o=$(name $len .o) h=$(name $len .h) d=$(name $len .d) c=$(name $len .c)
  mkdir out
  "$warpc" --no-cuda k.py -o "out/$o" -MF "out/$d" 2>err ||
    fail "-o NAME of $len characters: $(cat err)"
  nm "out/$o" | grep -q ' T k_k$' || fail "$len characters: no launcher in the object"
  grep -q 'k_k' "out/$h" || fail "$len characters: the header is missing"
  grep -q '^out/0*\.o: k\.py$' "out/$d" || fail "$len characters: depfile: $(cat "out/$d")"
  "$warpc" --no-cuda --emit=c k.py -o "out/$c" 2>err ||
    fail "--emit=c -o NAME of $len characters: $(cat err)"
  grep -q 'k_k' "out/$c" || fail "$len characters: no C output"
  [ "$(ls -A out | wc -l)" = 4 ] || fail "$len characters: left: $(ls -A out)"
  rm -r out
done

# past NAME_MAX: an error naming the output, and nothing left
o=$(name 256 .o)
rc=0
"$warpc" --no-cuda k.py -o "$o" -H k.h 2>err || rc=$?
[ "$rc" = 2 ] || fail "256 characters: exit $rc, want 2"
grep -q "^warpc: error: cannot write '$o': File name too long$" err ||
  fail "256 characters: message: $(cat err)"
[ "$(ls -A | tr '\n' ' ')" = "err k.py " ] || fail "256 characters: left: $(ls -A)"
echo ok
