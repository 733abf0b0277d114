#!/usr/bin/env bash
# Build the libFuzzer harnesses (clang, ASan + UBSan) in a build directory of
# their own and run each for SECONDS (default 30).  Corpora and any crash
# reproducers are kept in tests/fuzz/corpus/<harness>/ and
# tests/fuzz/crashes/; the seeds there are replayed first.
#   usage: tests/fuzz/run-fuzz.sh [SECONDS] [harness ...]
#   or:    make fuzz FUZZ_SECONDS=60
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
secs=${1:-30}; shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz-kem-decap fuzz-sntrup761-paths fuzz-ecdsa-verify fuzz-ecc-pubkey fuzz-mpi-scan)
bld=${KC_FUZZ_BUILD:-$top/build-fuzz}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"

# The build uses a private copy of the sources (configured in place), so it
# works whether or not the source tree itself is configured.
if [ ! -f "$bld/src/.libs/libkcrypt-int.a" ] || [ -n "${KC_FUZZ_REBUILD:-}" ]; then
  rm -rf "$bld" && mkdir -p "$bld"
  ( cd "$top" && tar cf - --exclude=.git --exclude=./build-fuzz --exclude=./build-asan --exclude=./build-clang --exclude=./build-dist --exclude='*.o' \
      --exclude='*.lo' --exclude='*.la' --exclude=.libs --exclude=.deps . ) \
    | ( cd "$bld" && tar xf - )
  ( cd "$bld" && { [ ! -f Makefile ] || make distclean >/dev/null 2>&1 || true; } &&
    { [ -x configure ] || ./autogen.sh >/dev/null 2>&1; } &&
    ./configure -q CC=clang --disable-shared \
      CFLAGS="-O1 -g -fsanitize=fuzzer-no-link $san" && make -j2 >/dev/null )
fi
gpg_libs=$(pkg-config --libs gpg-error 2>/dev/null || echo -lgpg-error)
mkdir -p "$here/crashes"
rc=0
for h in "${harnesses[@]}"; do
  clang -O1 -g -fsanitize=fuzzer $san -DHAVE_CONFIG_H -I"$bld" -I"$bld/src" \
    -I"$top/src" -I"$top/cipher" \
    -o "$bld/$h" "$here/$h.c" "$bld/src/.libs/libkcrypt-int.a" $gpg_libs
  mkdir -p "$here/corpus/$h" "$bld/corpus-$h"
  echo "== $h ($secs s)"
  if ! "$bld/$h" -max_total_time="$secs" -max_len=4096 -print_final_stats=0 \
        -artifact_prefix="$here/crashes/$h-" "$bld/corpus-$h" "$here/corpus/$h" \
        >"$bld/$h.log" 2>&1; then
    tail -n 40 "$bld/$h.log"; rc=1
  else
    grep -E '^#[0-9]+.*DONE' "$bld/$h.log" | tail -n 1 || true
  fi
done
exit $rc
