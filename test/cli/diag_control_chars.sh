#!/usr/bin/env bash
# Text diagnostics escape what would change the terminal or the layout, as
# clang does: a control character of a message or of the echoed source line
# (a newline, \x01, ESC ...; not the tab) is written "<U+001B>", and a byte
# that is not well-formed UTF-8 (a lone surrogate) U+FFFD, so the output is
# valid UTF-8 with one line per message; the caret line stays under its
# range.  A decoded newline split the line and a raw ESC reached the
# terminal even with -fno-diagnostics-color.  JSON escapes as before.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >a.py <<'PY'
import warp as wp

wp.set_module_options({"we\"ird\n\x01\x1b[31mred\ud800": 1})


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0
PY
esc=$(printf '\033')
"$warpc" --no-cuda -fno-diagnostics-color -fsyntax-only a.py 2>err || fail "exit $?"
! grep -q "$esc" err || fail "a raw ESC: $(cat -v err)"
[ "$(wc -l <err)" = 3 ] || fail "not 3 lines: $(cat -v err)"
grep -qF "unknown module option 'we\"ird<U+000A><U+0001><U+001B>[31mred$(printf '\357\277\275\357\277\275\357\277\275')' (" err ||
  fail "escapes: $(cat -v err)"
python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' err || fail "not UTF-8: $(cat -v err)"

# raw bytes in the source: escaped in the echo too, the caret under them
printf 'import warp as wp\n\nwp.set_module_options({"a\033b\tc\355\240\200d": 1})\n' >raw.py
"$warpc" --no-cuda -fsyntax-only raw.py 2>err || fail "raw: exit $?"
! grep -q "$esc" err || fail "raw: a raw ESC: $(cat -v err)"
python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' err || fail "raw: not UTF-8: $(cat -v err)"
src=$(sed -n 2p err)
want_src="    wp.set_module_options({\"a<U+001B>b$(printf '\t')c$(printf '\357\277\275\357\277\275\357\277\275')d\": 1})"
[ "$src" = "$want_src" ] || fail "raw: source line: $(cat -v err)"
# 27 columns to the quote; the range: 10 characters, the ESC 8 columns wide
[ "$(sed -n 3p err)" = "$(printf '%27s^%s' '' '~~~~~~~~~~~~~~~~~')" ] || fail "raw: caret: $(cat -v err)"

# JSON keeps its own escapes
"$warpc" --no-cuda -fsyntax-only -fdiagnostics-format=json a.py 2>err.json || fail "json: exit $?"
grep -qF '"message": "unknown module option '"'"'we\"ird\n\u0001\u001b[31mred\ufffd\ufffd\ufffd'"'" err.json ||
  fail "json: $(cat err.json)"
echo ok
