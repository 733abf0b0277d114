#!/bin/sh
# t-isa-gates.sh - every x86-64 kernel's dispatch gate names every
# instruction-set extension its code uses, and every kernel is chosen and
# right under exactly the bits of its gate.
#
# 1. objdump disassembles the library's objects (the convenience archive
#    the tests link, and mpi/libmpi-lab.a: the tested internals outside
#    the shipped library, whose kernels have gates and rows too);
#    t-isa-gates.awk lists, per function symbol, the
#    extensions its instructions need.  Every function that needs any
#    must be in a row of t-isa-gates.c (source file, symbols, gate: the
#    family's KC_*_HWF mask from the library's headers) whose gate allows
#    all of them; every row must match a function.  A function compiled
#    with target attributes but never dispatched to is covered too: the
#    check is per emitted symbol (static inlines are checked in the
#    functions they are inlined into).
# 2. t-isa-gates: each row's dispatch picks the kernel under exactly its
#    gate's bits and not under any of them less (where it has a probe).
# 3. The test programs of each row, with KCRYPT_HWF_MASK set to exactly
#    the row's gate (its minimal mask), where this CPU has those bits:
#    they compare the kernel with the portable code or known answers.
#
# Skipped (77) without objdump, or where the build has no x86-64 kernels
# (another architecture, or --disable-asm).
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
srcdir=${srcdir:-.}
build=${top_builddir:-..}
OBJDUMP=${OBJDUMP:-objdump}
lib=$build/src/.libs/libkcrypt-int.a
lab=$build/mpi/.libs/libmpi-lab.a

command -v "$OBJDUMP" >/dev/null 2>&1 \
  || { echo "SKIP: no $OBJDUMP (binutils)"; exit 77; }
test -f "$lib" || { echo "SKIP: no $lib"; exit 77; }
test -f "$lab" || { echo "FAIL: no $lab (built with $lib)"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

./t-isa-gates --rows > "$tmp/rows"
rc=$?
if test $rc = 77; then
  echo "SKIP: no x86-64 kernels in this build (--disable-asm or not x86-64)"
  exit 77
fi
test $rc = 0 || { echo "FAIL: t-isa-gates --rows exited $rc"; exit 1; }
case $("$OBJDUMP" -f "$lib" 2>/dev/null) in
  *x86-64*) ;;
  *) echo "SKIP: $OBJDUMP does not read $lib as x86-64"; exit 77 ;;
esac

fail=0

# 1. the disassembly against the rows.  The archives name an object by
# its file name alone, which the rows' source paths end in: no two
# objects of the two archives may have the same file name.
dup=$( { ${AR:-ar} t "$lib" && ${AR:-ar} t "$lab"; } | sort | uniq -d)
if test -n "$dup"; then
  echo "FAIL: object names not unique in $lib and $lab (rename one):" $dup
  fail=1
fi
"$OBJDUMP" -d -w -M intel "$lib" "$lab" > "$tmp/dis" \
  || { echo "FAIL: $OBJDUMP -d $lib $lab"; exit 1; }
awk -f "$srcdir/t-isa-gates.awk" "$tmp/dis" > "$tmp/used"
test -s "$tmp/used" || { echo "FAIL: no functions in $lib"; exit 1; }
awk '
  NR == FNR { n++; robj[n] = $1; rre[n] = $2; rmask[n] = $3; rext[n] = $4
              rfile[n] = $1; sub(/^.*\//, "", rfile[n])
              next }
  {
    base = $2
    sub(/\..*$/, "", base)       # foo.part.0, foo.cold, foo.constprop.0
    row = 0
    for (i = 1; i <= n && !row; i++)
      if ($1 ~ ("^(" rfile[i] ")$") && base ~ rre[i])
        row = i
    if (row && $3 != "-")
      hit[row] = 1
    if ($3 == "-")
      next
    k = split($3, e, ",")
    for (j = 1; j <= k; j++) {
      if (row && index("," rext[row] ",", "," e[j] ","))
        continue
      if (!row && e[j] == "TZCNT")
        continue
      if (row)
        printf "FAIL: %s: %s uses %s, which its gate %s (%s /%s/) " \
               "does not allow\n", $1, $2, e[j], rmask[row], robj[row], \
               rre[row]
      else
        printf "FAIL: %s: %s uses %s and is in no dispatch row " \
               "(tests/t-isa-gates.c)\n", $1, $2, e[j]
      bad = 1
    }
  }
  END {
    for (i = 1; i <= n; i++)
      if (!(i in hit)) {
        printf "FAIL: row %s /%s/ (gate %s) matches no function that " \
               "uses its extensions\n", robj[i], rre[i], rmask[i]
        bad = 1
      }
    exit bad
  }' "$tmp/rows" "$tmp/used" || fail=1
test $fail = 0 && echo "t-isa-gates: $(grep -cv ' -$' "$tmp/used") functions" \
  "with extensions, each within its gate"

# 2. the probes
./t-isa-gates || fail=1

# 3. each row's tests under its minimal mask (once per mask and program)
awk '$5 == 1 && $6 != "-" { k = split($6, t, ",")
                            for (i = 1; i <= k; i++) print $3, t[i] }' \
  "$tmp/rows" | sort -u > "$tmp/runs"
while read mask prog; do
  KCRYPT_HWF_MASK=$mask ./$prog > "$tmp/out" 2>&1
  rc=$?
  if test $rc != 0; then
    echo "FAIL: KCRYPT_HWF_MASK=$mask ./$prog exited $rc:"
    tail -n 5 "$tmp/out"
    fail=1
  fi
done < "$tmp/runs"
test $fail = 0 && echo "t-isa-gates: $(wc -l < "$tmp/runs") runs under" \
  "minimal masks passed"
exit $fail
