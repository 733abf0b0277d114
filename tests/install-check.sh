#!/usr/bin/env bash
# Install libkcrypt into a scratch prefix, then build tests/example.c and
# the installed examples (share/doc/libkcrypt/examples) the way a user
# would (pkg-config --cflags --libs libkcrypt), run them, check the manual
# pages and their per-function links, and that only kc_* symbols are
# exported, each at a LIBKCRYPT_ version.
# Usage: tests/install-check.sh [top_srcdir [build]]: with BUILD, a tree
# configured for the default prefix and built, install from it (staged
# with DESTDIR) instead of configuring and building one here.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$work"
if [ -n "${2:-}" ]; then
  # Installed from BUILD, a tree configured and built already (for the
  # default prefix): staged with DESTDIR, and pkg-config told the stage
  # is its sysroot, so that its -I and -L point into it.
  make -C "$2" install DESTDIR="$work/stage" >/dev/null
  pfx=$(sed -n 's/^prefix=//p' "$2/src/libkcrypt.pc")
  mkdir -p "$(dirname "$work/prefix")"
  ln -s "$work/stage$pfx" "$work/prefix"
  export PKG_CONFIG_SYSROOT_DIR="$work/stage"
else
  "$top/configure" -q --prefix="$work/prefix"
  make -j2 >/dev/null
  make install >/dev/null
fi

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
echo "pkg-config: $(pkg-config --modversion libkcrypt) $(pkg-config --cflags --libs libkcrypt)"
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o example "$top/tests/example.c" \
   $(pkg-config --cflags --libs libkcrypt)
LD_LIBRARY_PATH="$work/prefix/lib" ./example

# The installed examples, each checking its own results.
exdir="$work/prefix/share/doc/libkcrypt/examples"
n=0
for src in "$exdir"/*.c; do
  [ -f "$src" ] || { echo "no examples installed in $exdir"; exit 1; }
  b=$(basename "$src" .c)
  # shellcheck disable=SC2046
  cc -Wall -Wextra -Werror -o "ex-$b" "$src" $(pkg-config --cflags --libs libkcrypt)
  LD_LIBRARY_PATH="$work/prefix/lib" "./ex-$b"
  n=$((n + 1))
done
[ "$n" -ge 5 ] || { echo "only $n examples installed"; exit 1; }

# The manual: the pages, and one link page per function name.
man3="$work/prefix/share/man/man3"
for p in kcrypt kc_kem kc_ecc kc_ecdsa kc_md kc_mpi kc_randomize kc_check_version; do
  [ -f "$man3/$p.3" ] || { echo "man page $p.3 not installed"; exit 1; }
done
grep -qx '.so man3/kc_kem.3' "$man3/kc_kem_encap.3" \
  || { echo "kc_kem_encap.3 is not a link to kc_kem.3"; exit 1; }
grep -qx '.so man3/kc_mpi.3' "$man3/kc_mpi_powm.3" \
  || { echo "kc_mpi_powm.3 is not a link to kc_mpi.3"; exit 1; }
if command -v man >/dev/null 2>&1; then
  MANPATH="$work/prefix/share/man" man -P cat kc_kem_decap 2>/dev/null \
    | grep -q 'implicit' || { echo "man kc_kem_decap does not show kc_kem(3)"; exit 1; }
fi
echo "install-check: $n examples ran, $(ls "$man3" | wc -l) manual pages and links installed"

# The installed header is the only one, and it compiles on its own as C++ too.
ls "$work/prefix/include"
test "$(ls "$work/prefix/include")" = "kcrypt.h"

# Exported symbols: kc_* only.
bad=$(nm -D --defined-only "$work/prefix/lib/libkcrypt.so" \
      | awk '$2 ~ /^[TDBR]$/ {print $3}' | sed 's/@.*//' \
      | grep -v '^kc_' | grep -v '^LIBKCRYPT_' || true)
if [ -n "$bad" ]; then
  echo "unexpected exported symbols:"; echo "$bad"; exit 1
fi
# ... each at a symbol version (doc/ABI).
unversioned=$(nm -D --defined-only "$work/prefix/lib/libkcrypt.so" \
      | awk '$2 ~ /^[TDBR]$/ && $3 ~ /^kc_/ && $3 !~ /@@?LIBKCRYPT_[0-9]/ {print $3}')
if [ -n "$unversioned" ]; then
  echo "exported without a LIBKCRYPT_ version:"; echo "$unversioned"; exit 1
fi
echo "install-check: OK"
