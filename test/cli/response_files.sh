#!/usr/bin/env bash
# @file arguments (response files, as gcc and clang read them): the file's
# words in its place, white space separating them, 'single' and "double"
# quotes and backslash escapes as in gcc, nested files; an unreadable file,
# an unterminated quote and a file naming itself are usage errors (exit 2,
# no output).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
printf -- "--no-cuda\n  -o 'out dir/k 1.o'\t-Xcc \"-DQ=\\\\\"x y\\\\\"\" -v\n" >inner.rsp
printf -- '--module=m @inner.rsp\n' >outer.rsp
mkdir "out dir"
"$warpc" @outer.rsp k.py 2>err || fail "nested response files: $(cat err)"
[ -s "out dir/k 1.o" ] && [ -s "out dir/k 1.h" ] || fail "the quoted -o did not take effect: $(ls "out dir")"
grep -q '^wp_status m_k(' "out dir/k 1.h" || fail "--module from the outer file did not take effect"
grep -q -- ' -DQ="x y" ' err || fail "the escaped quotes: $(grep -- -DQ err)"

bad() { # WHAT MESSAGE
  local rc=0
  "$warpc" --no-cuda "$1" k.py -o bad.o 2>err || rc=$?
  [ "$rc" = 2 ] && grep -qF "$2" err || fail "$1: exit $rc: $(cat err)"
  [ ! -e bad.o ] || fail "$1: wrote an output"
}
bad @missing.rsp "warpc: error: cannot read response file 'missing.rsp'"
printf -- '-o "k.o\n' >open.rsp
bad @open.rsp "warpc: error: response file 'open.rsp': unterminated double quote"
printf -- '@self.rsp\n' >self.rsp
bad @self.rsp "warpc: error: response file 'self.rsp': response files nested more than 32 deep"
echo ok
