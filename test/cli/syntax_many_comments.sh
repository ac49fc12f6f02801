#!/usr/bin/env bash
# 65,535 and 70,000 consecutive comment lines before a kernel compile:
# Debian's libtree-sitter 0.20.7 crashed on them (a 16-bit child count,
# upstream tree-sitter issue 2134); warpc now builds tree-sitter 0.23's
# runtime from pinned sources.  (Not inside a kernel's body: the grammar's
# scanner looks ahead over every following indented comment line for each
# one, so that takes quadratic time, minutes for 70,000.)
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel() { printf '@wp.kernel\ndef k(a: wp.array(dtype=float)):\n'; }
for n in 65535 70000; do
  m=top$n
  { echo 'import warp as wp'; yes '# a comment' | head -n $n; kernel
    echo '    a[wp.tid()] = 1.0'; } >$m.py
  "$warpc" --no-cuda $m.py -o $m.o 2>$m.err || fail "$m.py: exit $?: $(head -c 400 $m.err)"
  [ -s $m.o ] || fail "$m.py: no object"
  grep -q "^wp_status ${m}_k(const wp_launch \*launch, const wp_array \*a);" $m.h ||
    fail "$m.py: the header does not declare ${m}_k"
done
echo PASS
