#!/bin/sh
# t-mlkem-tables.sh - cipher/mlkem-avx2-tables.c is what its generator,
# cipher/gen-mlkem-avx2.py, writes today (regenerate with
# "make -C cipher regen-mlkem-avx2-tables").  SKIP without python3.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
top=${srcdir:-.}/..
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
out=$(mktemp) || exit 1
python3 "$top/cipher/gen-mlkem-avx2.py" >"$out" || { rm -f "$out"; exit 1; }
if cmp -s "$out" "$top/cipher/mlkem-avx2-tables.c"; then
  rm -f "$out"
  exit 0
fi
echo "FAIL: cipher/mlkem-avx2-tables.c is not what gen-mlkem-avx2.py writes:"
diff "$top/cipher/mlkem-avx2-tables.c" "$out" | head -20
rm -f "$out"
exit 1
