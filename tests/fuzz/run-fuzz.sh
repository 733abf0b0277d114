#!/usr/bin/env bash
# run-fuzz.sh - build the libFuzzer harnesses (clang, ASan + UBSan) in a
# build directory of their own and run each for SECONDS (default 30).
#   usage: tests/fuzz/run-fuzz.sh [--merge] [SECONDS] [harness ...]
#   or:    make fuzz [FUZZ_SECONDS=30]   make fuzz-long [FUZZ_SECONDS=600]
# Each harness starts from its committed corpus, tests/fuzz/corpus/<harness>/
# (read only), and the corpus it grew in the build directory before
# (corpus-<harness>/, where new inputs go).  Crash reproducers go to
# tests/fuzz/crashes/.  After each run one line gives the executions
# (libFuzzer's final stats) and a summary of all harnesses ends the output.
# --merge (make fuzz-long): afterwards, merge the grown inputs into the
# committed corpus, minimised (libFuzzer -merge=1 into a fresh directory),
# so that git status shows what to commit; named files there (hand seeds,
# regression inputs) are always kept, the fuzzer's own ones (named by
# their SHA-1) are replaced by the merge's choice.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
merge=
if [ "${1:-}" = --merge ]; then merge=1; shift; fi
secs=${1:-}; shift || true
[ -n "$secs" ] || { [ -n "$merge" ] && secs=600 || secs=30; }
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz-kem-decap fuzz-p256 fuzz-sntrup761-paths fuzz-ecdsa-verify fuzz-ecc-pubkey fuzz-mpi-scan fuzz-mlkem fuzz-kem-hybrid fuzz-kem-xwing
  fuzz-verify-batch)
bld=${KC_FUZZ_BUILD:-$top/build-fuzz}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
# The library at -O2.  coverage-ignore.txt names constant-time arithmetic
# kernels, whose coverage is the same for every input, so that the fuzzer
# does not pay for tracing their loops; sanitize-ignore.txt the few hot
# kernels of the portable sntrup761 reference (cipher/sntrup761/sntrup761.c, compiled
# a second time with it) that run without ASan and UBSan.  Each list says
# why that is safe.
libflags="-O2 -g -fsanitize=fuzzer-no-link $san -fsanitize-coverage-ignorelist=$here/coverage-ignore.txt"
portflags="$libflags -fsanitize-ignorelist=$here/sanitize-ignore.txt"

# The build uses a private copy of the sources (configured in place), so it
# works whether or not the source tree itself is configured.  It is redone
# when the flags above or the two lists change, or with KC_FUZZ_REBUILD=1 (after editing the
# library: the copy is not refreshed otherwise).
stamp="$portflags $(cat "$here/coverage-ignore.txt" "$here/sanitize-ignore.txt" | cksum)"
if [ ! -f "$bld/src/.libs/libkcrypt-int.a" ] || [ -n "${KC_FUZZ_REBUILD:-}" ] ||
   [ "$(cat "$bld/fuzz-flags" 2>/dev/null)" != "$stamp" ]; then
  # All but the grown corpora.
  mkdir -p "$bld" && find "$bld" -mindepth 1 -maxdepth 1 ! -name 'corpus-*' -exec rm -rf {} +
  ( cd "$top" && tar cf - --exclude=.git --exclude=./build-fuzz --exclude=./build-asan --exclude=./build-clang --exclude=./build-dist --exclude='*.o' \
      --exclude='*.lo' --exclude='*.la' --exclude=.libs --exclude=.deps . ) \
    | ( cd "$bld" && tar xf - )
  ( cd "$bld" && { [ ! -f Makefile ] || make distclean >/dev/null 2>&1 || true; } &&
    { [ -x configure ] || ./autogen.sh >/dev/null 2>&1; } &&
    ./configure -q CC=clang --disable-shared CFLAGS="$libflags" &&
    make -j2 >/dev/null &&
    rm -f cipher/sntrup761/sntrup761.lo cipher/sntrup761/sntrup761.o &&
    make -C cipher CFLAGS="$portflags" sntrup761/sntrup761.lo >/dev/null &&
    make -j2 >/dev/null )
  echo "$stamp" >"$bld/fuzz-flags"
fi
gpg_libs=$(pkg-config --libs gpg-error 2>/dev/null || echo -lgpg-error)
mkdir -p "$here/crashes"

# The value of libFuzzer's final statistic NAME in log file LOG.
final_stat () { sed -n "s/^stat::$1: *//p" "$2" | tail -n 1; }
# Number of files in directory D.
nfiles () { find "$1" -type f | wc -l; }
# Files of the committed corpus D written by the fuzzer (40 hex digits).
hashed () { find "$1" -maxdepth 1 -type f -regextype posix-extended -regex '.*/[0-9a-f]{40}'; }

# The Bitcoin harnesses join the default list (kept apart from the list
# above so that adding a harness there and here does not collide).
[ $# -gt 0 ] || harnesses+=(fuzz-schnorr-verify fuzz-ecdsa-recover fuzz-ecdsa-der)
[ $# -gt 0 ] || harnesses+=(fuzz-ellswift-decode fuzz-musig-parse
                             fuzz-silentpayments)
# Ed25519 (the same reason)
[ $# -gt 0 ] || harnesses+=(fuzz-eddsa-verify)
# The P-256 hybrids (the same reason)
[ $# -gt 0 ] || harnesses+=(fuzz-kem-p256-hybrid)
# One harness: build it, run it, (--merge) merge its corpus; its summary
# line goes to $bld/$h.line, its output to standard output.  Non-zero if
# it failed.
run_one () {
  local h=$1 fail=0 intree status execs rate line new before
  clang -O1 -g -fsanitize=fuzzer $san \
    -fsanitize-coverage-ignorelist="$here/coverage-ignore.txt" -DHAVE_CONFIG_H -I"$bld" -I"$bld/src" \
    -I"$top/src" -I"$top/cipher" \
    -o "$bld/$h" "$here/$h.c" "$bld/src/.libs/libkcrypt-int.a" $gpg_libs ||
    { echo "$h: build FAILED" | tee "$bld/$h.line"; return 1; }
  intree=$here/corpus/$h
  mkdir -p "$intree" "$bld/corpus-$h"
  echo "== $h ($secs s)"
  status=ok
  if ! "$bld/$h" -max_total_time="$secs" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$here/crashes/$h-" "$bld/corpus-$h" "$intree" \
        >"$bld/$h.log" 2>&1; then
    tail -n 40 "$bld/$h.log"; fail=1; status=FAILED
  fi
  execs=$(final_stat number_of_executed_units "$bld/$h.log")
  rate=$(final_stat average_exec_per_sec "$bld/$h.log")
  line="$h: $status, ${execs:-?} executions in $secs s (${rate:-?} exec/s), corpus $(nfiles "$intree") committed + $(nfiles "$bld/corpus-$h") grown"
  if [ -n "$merge" ] && [ $status = ok ]; then
    # Named inputs first (all kept), then the merge adds, from the
    # committed and the grown inputs, the smallest that bring new coverage.
    new=$bld/merge-$h
    rm -rf "$new" && mkdir -p "$new"
    find "$intree" -maxdepth 1 -type f -regextype posix-extended \
      ! -regex '.*/[0-9a-f]{40}' -exec cp {} "$new/" \;
    if "$bld/$h" -merge=1 -max_len=4096 "$new" "$intree" "$bld/corpus-$h" \
         >"$bld/$h-merge.log" 2>&1; then
      before=$(nfiles "$intree")
      hashed "$intree" | xargs -r rm -f
      hashed "$new" | xargs -r cp -t "$intree"
      # Everything worth keeping is in the committed corpus now.
      rm -rf "$bld/corpus-$h" && mkdir -p "$bld/corpus-$h"
      line="$line; merged: $before -> $(nfiles "$intree") files, $(cat "$intree"/* | wc -c) bytes"
    else
      tail -n 20 "$bld/$h-merge.log"; fail=1; line="$line; merge FAILED"
    fi
  fi
  echo "$line"
  echo "$line" >"$bld/$h.line"
  return $fail
}

# KC_FUZZ_JOBS harnesses at a time (default 1; each is one process, so
# CI runs two on its two cores); their outputs come in order.  --merge
# runs one at a time.
jobs=${KC_FUZZ_JOBS:-1}
[ -z "$merge" ] || jobs=1
rc=0
running=0
for h in "${harnesses[@]}"; do
  rm -f "$bld/$h.line"
  if [ "$jobs" -le 1 ]; then
    run_one "$h" || rc=1
    continue
  fi
  run_one "$h" >"$bld/$h.out" 2>&1 &
  running=$((running + 1))
  if [ $running -ge "$jobs" ]; then
    wait -n || rc=1
    running=$((running - 1))
  fi
done
while [ $running -gt 0 ]; do
  wait -n || rc=1
  running=$((running - 1))
done
summary=()
for h in "${harnesses[@]}"; do
  [ "$jobs" -le 1 ] || cat "$bld/$h.out"
  if [ -f "$bld/$h.line" ]; then summary+=("$(cat "$bld/$h.line")")
  else summary+=("$h: did not finish"); rc=1; fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $rc
