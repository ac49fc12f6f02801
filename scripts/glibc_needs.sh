#!/usr/bin/env bash
# glibc_needs.sh PROGRAM [SYSROOT] - the glibc symbol versions an ELF
# program (or shared library) needs, to check that a program cross-linked
# for a board (make CROSS=aarch64-linux-gnu SYSROOT=DIR, then
# aarch64-linux-gnu-gcc --sysroot=DIR) runs on that board's glibc.
#
# Prints one line per needed version, oldest first ("GLIBC_2.17"), then
# "newest: GLIBC_2.x".  With SYSROOT, also "sysroot: GLIBC_2.y" (the newest
# version its libc.so.6 defines, else its include/features.h says) and
# exits 1 when the program needs a newer one than that, naming it.
# Exit status 2: bad usage, no readelf, or no glibc found in SYSROOT.
set -eu
export LC_ALL=C
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 PROGRAM [SYSROOT]" >&2; exit 2; }
prog=$1
sysroot=${2:-}
readelf=${READELF:-readelf}
command -v "$readelf" >/dev/null || { echo "$0: no $readelf" >&2; exit 2; }
[ -f "$prog" ] || { echo "$0: no file '$prog'" >&2; exit 2; }

# the GLIBC_ versions in the version needs section (.gnu.version_r)
needs=$("$readelf" -V -W "$prog" |
  awk '/^Version needs section/ { on = 1; next } /^Version .* section/ { on = 0 }
       on && match($0, /Name: GLIBC_[0-9.]+/) { print substr($0, RSTART + 6, RLENGTH - 6) }' |
  sort -u -V)
if [ -n "$needs" ]; then
  printf '%s\n' "$needs"
  newest=$(printf '%s\n' "$needs" | tail -n 1)
  echo "newest: $newest"
else
  newest=
  echo "newest: none (no glibc version needs: static or not linked against glibc)"
fi
[ -n "$sysroot" ] || exit 0

# the sysroot's glibc: the newest version its libc.so.6 defines
have=
for dir in lib usr/lib lib64 usr/lib64 lib/*-linux-gnu* usr/lib/*-linux-gnu*; do
  libc=$sysroot/$dir/libc.so.6
  [ -e "$libc" ] || continue
  have=$("$readelf" -V -W "$libc" |
    awk '/^Version definition section/ { on = 1; next } /^Version .* section/ { on = 0 }
         on && match($0, /Name: GLIBC_[0-9.]+/) { print substr($0, RSTART + 6, RLENGTH - 6) }' |
    sort -u -V | tail -n 1)
  [ -n "$have" ] && break
done
if [ -z "$have" ]; then # headers only: features.h
  for f in "$sysroot/usr/include/features.h" "$sysroot/include/features.h"; do
    [ -f "$f" ] || continue
    major=$(sed -n 's/^#define[[:space:]]*__GLIBC__[[:space:]]*\([0-9]*\).*/\1/p' "$f")
    minor=$(sed -n 's/^#define[[:space:]]*__GLIBC_MINOR__[[:space:]]*\([0-9]*\).*/\1/p' "$f")
    [ -n "$major" ] && [ -n "$minor" ] && have=GLIBC_$major.$minor && break
  done
fi
[ -n "$have" ] || { echo "$0: no glibc (libc.so.6 or features.h) in '$sysroot'" >&2; exit 2; }
echo "sysroot: $have"
[ -n "$newest" ] || exit 0
if [ "$(printf '%s\n%s\n' "$newest" "$have" | sort -V | tail -n 1)" != "$have" ]; then
  echo "$0: '$prog' needs $newest, newer than the sysroot's $have" >&2
  exit 1
fi
