#!/usr/bin/env bash
# Install libkcrypt into a scratch prefix, then build tests/example.c the way
# a user would (pkg-config --cflags --libs libkcrypt), run it, and check that
# only kc_* symbols are exported.  Usage: tests/install-check.sh [top_srcdir]
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$work"
"$top/configure" -q --prefix="$work/prefix"
make -j2 >/dev/null
make install >/dev/null

export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig"
echo "pkg-config: $(pkg-config --modversion libkcrypt) $(pkg-config --cflags --libs libkcrypt)"
# shellcheck disable=SC2046
cc -Wall -Wextra -Werror -o example "$top/tests/example.c" \
   $(pkg-config --cflags --libs libkcrypt)
LD_LIBRARY_PATH="$work/prefix/lib" ./example

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
echo "install-check: OK"
