#!/bin/sh
# t-generated.sh - every generated file in the tree is what its generator
# makes today, and the generators' own checks pass:
#   tests/wycheproof-secp256k1.c, tests/wycheproof-mac.c,
#   tests/wycheproof-p256.c
#        (data/wycheproof/convert.py, convert-mac.py, convert-p256.py)
#   tests/data/acvp/mlkem-kat.txt (data/acvp/convert.py),
#   tests/data/wycheproof/mlkem-subset.txt (data/wycheproof/convert-mlkem.py)
#   tests/data/wycheproof/ecdsa-bitcoin.txt (data/wycheproof/convert-bitcoin.py)
#   tests/data/wycheproof/ecdsa-digests.txt
#        (data/wycheproof/convert-ecdsa-digests.py)
#   tests/data/bip352/send-and-receive.txt (data/bip352/convert.py)
#   mpi/moduli-table.c, mpi/moduli-p256.c (mpi/gen-moduli.py, which also
#        checks each modulus is prime and each derived value its
#        published one)
#   cipher/sntrup761/x86_64/avx2-ntt-tables.c, and the Barrett and bound checks
#        the comments of sntrup761/x86_64/avx2-ntt.c rely on
#        (cipher/sntrup761/gen-ntt.py)
#   cipher/sntrup761/x86_64/avx512-ntt-tables.c (cipher/sntrup761/gen-ntt512.py)
#   cipher/mlkem/x86_64/avx2-tables.c (cipher/mlkem/gen-avx2.py)
#   cipher/ed25519/tables.c (cipher/ed25519/gen-tables.py, which also
#        checks the base point, its order and sqrt (-1))
#   cipher/p256/mult-tables.c (cipher/p256/gen-tables.py, which checks
#        every point against the curve)
#   cipher/secp256k1/ecmult-tables.c (cipher/secp256k1/gen-tables, built
#        here from the library's own group code)
# "make regen" at the top rewrites them all.  Skipped (77) without python3.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
top=${srcdir:-.}/..
build=${top_builddir:-..}
PYTHON3=${PYTHON3:-python3}
command -v "$PYTHON3" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
stale () { echo "FAIL: $1 is not what its generator makes (make regen, then commit)"; fail=1; }

"$PYTHON3" "$top/tests/data/wycheproof/convert.py" "$top/tests/data/wycheproof" \
  > "$tmp/w1.c" && cmp -s "$tmp/w1.c" "$top/tests/wycheproof-secp256k1.c" \
  || stale tests/wycheproof-secp256k1.c
"$PYTHON3" "$top/tests/data/wycheproof/convert-mac.py" "$top/tests/data/wycheproof" \
  > "$tmp/w2.c" && cmp -s "$tmp/w2.c" "$top/tests/wycheproof-mac.c" \
  || stale tests/wycheproof-mac.c
"$PYTHON3" "$top/tests/data/wycheproof/convert-p256.py" "$top/tests/data/wycheproof" \
  > "$tmp/w3.c" && cmp -s "$tmp/w3.c" "$top/tests/wycheproof-p256.c" \
  || stale tests/wycheproof-p256.c

"$PYTHON3" "$top/tests/data/acvp/convert.py" "$top/tests/data/acvp" \
  > "$tmp/acvp.txt" && cmp -s "$tmp/acvp.txt" "$top/tests/data/acvp/mlkem-kat.txt" \
  || stale tests/data/acvp/mlkem-kat.txt
"$PYTHON3" "$top/tests/data/wycheproof/convert-mlkem.py" "$top/tests/data/wycheproof" \
  > "$tmp/wml.txt" && cmp -s "$tmp/wml.txt" "$top/tests/data/wycheproof/mlkem-subset.txt" \
  || stale tests/data/wycheproof/mlkem-subset.txt
"$PYTHON3" "$top/tests/data/wycheproof/convert-bitcoin.py" "$top/tests/data/wycheproof" \
  > "$tmp/wbtc.txt" && cmp -s "$tmp/wbtc.txt" "$top/tests/data/wycheproof/ecdsa-bitcoin.txt" \
  || stale tests/data/wycheproof/ecdsa-bitcoin.txt
"$PYTHON3" "$top/tests/data/wycheproof/convert-ecdsa-digests.py" "$top/tests/data/wycheproof" \
  > "$tmp/wdg.txt" && cmp -s "$tmp/wdg.txt" "$top/tests/data/wycheproof/ecdsa-digests.txt" \
  || stale tests/data/wycheproof/ecdsa-digests.txt
"$PYTHON3" "$top/tests/data/bip352/convert.py" "$top/tests/data/bip352" \
  > "$tmp/bip352.txt" && cmp -s "$tmp/bip352.txt" "$top/tests/data/bip352/send-and-receive.txt" \
  || stale tests/data/bip352/send-and-receive.txt

"$PYTHON3" "$top/mpi/gen-moduli.py" > "$tmp/moduli.c" &&
  cmp -s "$tmp/moduli.c" "$top/mpi/moduli-table.c" \
  || stale mpi/moduli-table.c
"$PYTHON3" "$top/mpi/gen-moduli.py" p256 > "$tmp/moduli-p256.c" &&
  cmp -s "$tmp/moduli-p256.c" "$top/mpi/moduli-p256.c" \
  || stale mpi/moduli-p256.c

if "$PYTHON3" "$top/cipher/sntrup761/gen-ntt.py" check > "$tmp/ntt-check.txt"; then :; else
  echo "FAIL: sntrup761/gen-ntt.py check"; cat "$tmp/ntt-check.txt"; fail=1
fi
"$PYTHON3" "$top/cipher/sntrup761/gen-ntt.py" tables > "$tmp/ntt.c" &&
  cmp -s "$tmp/ntt.c" "$top/cipher/sntrup761/x86_64/avx2-ntt-tables.c" \
  || stale cipher/sntrup761/x86_64/avx2-ntt-tables.c

"$PYTHON3" "$top/cipher/sntrup761/gen-ntt512.py" > "$tmp/ntt512.c" &&
  cmp -s "$tmp/ntt512.c" "$top/cipher/sntrup761/x86_64/avx512-ntt-tables.c" \
  || stale cipher/sntrup761/x86_64/avx512-ntt-tables.c

"$PYTHON3" "$top/cipher/ed25519/gen-tables.py" > "$tmp/ed25519.c" &&
  cmp -s "$tmp/ed25519.c" "$top/cipher/ed25519/tables.c" \
  || stale cipher/ed25519/tables.c
"$PYTHON3" "$top/cipher/p256/gen-tables.py" > "$tmp/p256.c" &&
  cmp -s "$tmp/p256.c" "$top/cipher/p256/mult-tables.c" \
  || stale cipher/p256/mult-tables.c

"$PYTHON3" "$top/cipher/mlkem/gen-avx2.py" > "$tmp/mlkem.c" &&
  cmp -s "$tmp/mlkem.c" "$top/cipher/mlkem/x86_64/avx2-tables.c" \
  || stale cipher/mlkem/x86_64/avx2-tables.c

if make -s -C "$build/cipher" secp256k1/gen-tables >/dev/null 2>&1; then
  "$build/cipher/secp256k1/gen-tables" > "$tmp/tables.c" &&
  cmp -s "$tmp/tables.c" "$top/cipher/secp256k1/ecmult-tables.c" \
    || stale cipher/secp256k1/ecmult-tables.c
else
  echo "FAIL: cannot build cipher/secp256k1/gen-tables"; fail=1
fi
[ "$fail" = 0 ] && echo "every generated file is up to date"
exit $fail
