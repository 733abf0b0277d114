#!/bin/sh
# t-names.sh - kc_ is the exported prefix and nothing else uses it: every
# kc_ identifier in the sources is declared in the public header
# (src/kcrypt.h.in); internal names with external linkage are _kc_, and
# static ones need no prefix (doc/HACKING, "Names").
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
top=${srcdir:-.}/..
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
grep -ohE '\bkc_[A-Za-z0-9_]*[A-Za-z0-9]\b' "$top/src/kcrypt.h.in" | sort -u > "$tmp/public"
[ -s "$tmp/public" ] || { echo "no kc_ names in $top/src/kcrypt.h.in: wrong srcdir?"; exit 1; }
find "$top/src" "$top/cipher" "$top/mpi" "$top/bench" "$top/tests" "$top/doc" \
     \( -name '*.c' -o -name '*.h' -o -name '*.h.in' \) ! -name kcrypt.h \
     ! -path '*/data/*' -print > "$tmp/files"
# manual page references, kc_kem(3), name pages, not identifiers
bad=$(xargs cat < "$tmp/files" | sed -E 's/\bkc_[a-z0-9_]+\(3\)//g' |
      grep -ohE '\bkc_[A-Za-z0-9_]*[A-Za-z0-9]\b' | sort -u |
      comm -23 - "$tmp/public")
if [ -n "$bad" ]; then
  echo "kc_ names not in the public header (internal names are _kc_):"
  for n in $bad; do
    printf '  %s  (%s)\n' "$n" "$(xargs grep -lw "$n" < "$tmp/files" | head -3 | tr '\n' ' ')"
  done
  exit 1
fi
echo "every kc_ name in $(wc -l < "$tmp/files") source files is public ($(wc -l < "$tmp/public") names)"
