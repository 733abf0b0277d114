#!/bin/sh
# bench-processes.sh - run a timing tool in several processes, one after
# another, and say per row how far the processes agree.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# usage: bench/bench-processes.sh [-n N] PROGRAM [ARGS ...]
#
# Runs "PROGRAM --csv ARGS" N times (default 5); PROGRAM is bench/bench-slope
# or bench/bench-peers.  Per row it prints the median over the processes,
# the smallest and largest, and the spread (largest - smallest) / median:
#   bench-slope rows: the time per op and, with --cpu-mhz auto, the cycles;
#   bench-peers rows: ours, theirs and the ratio ours/theirs.
# A process's figure for a row is already that process's median over its
# repetitions; the spread here is between processes (page placement, the
# address-space layout, the machine's clock and its other tenants), which
# one process cannot see.  Each process's load average (1 min) is printed
# as it ends, since the load is what moves a shared machine's figures.
set -eu

n=5
if [ "${1:-}" = "-n" ]; then
  [ $# -ge 2 ] || { echo "$0: -n needs a count" >&2; exit 2; }
  n=$2
  shift 2
fi
case $n in
  ''|*[!0-9]*) echo "$0: bad count '$n'" >&2; exit 2 ;;
esac
if [ "$n" -lt 2 ] || [ $# -lt 1 ]; then
  echo "usage: $0 [-n N (>= 2)] PROGRAM [ARGS ...]" >&2
  exit 2
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM
i=1
while [ "$i" -le "$n" ]; do
  "$@" --csv > "$tmp.out" || { rm -f "$tmp.out"; echo "$0: process $i failed" >&2; exit 1; }
  sed "s/^/$i,/" "$tmp.out" >> "$tmp"
  rm -f "$tmp.out"
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
  echo "# process $i of $n done, load $load" >&2
  i=$((i + 1))
done

awk -F, -v n="$n" '
  # Lines are "process,csv fields"; the header lines name the columns.
  $2 == "group" { kind = "slope"; next }
  $2 == "row"   { kind = "peers"; next }
  kind == "slope" { key = $2 "/" $3 "/" $4; add(key, 1, $6); add(key, 2, $7) }
  kind == "peers" { key = $2 " " $3; add(key, 1, $5); add(key, 2, $6); add(key, 3, $7) }
  function add(key, col, v) {
    if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
    if (v == "-") return
    cnt[key, col]++
    val[key, col, cnt[key, col]] = v + 0
  }
  # median, smallest, largest and spread of one column of one row
  function stats(key, col,   m, i, j, t, a, med) {
    m = cnt[key, col]
    if (!m) return "-"
    for (i = 1; i <= m; i++) a[i] = val[key, col, i]
    for (i = 2; i <= m; i++)
      for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    med = m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    if (m < n) partial = 1
    return sprintf(fmt, med, a[1], a[m], med > 0 ? 100 * (a[m] - a[1]) / med : 0)
  }
  END {
    if (kind == "slope") {
      printf "%-44s %-30s %s\n", "row (ns per op)", "median [min-max] spread", "cycles: median [min-max] spread"
      for (k = 1; k <= nkeys; k++) {
        key = order[k]
        fmt = "%.1f [%.1f-%.1f] %.1f%%"
        printf "%-44s %-30s %s\n", key, stats(key, 1), stats(key, 2)
      }
    } else if (kind == "peers") {
      printf "%-36s %-30s %-30s %s\n", "row peer (ns)", "ours: median [min-max] spread", "theirs", "ours/theirs"
      for (k = 1; k <= nkeys; k++) {
        key = order[k]
        fmt = "%.1f [%.1f-%.1f] %.1f%%"
        o = stats(key, 1); t = stats(key, 2)
        fmt = "%.3f [%.3f-%.3f] %.1f%%"
        printf "%-36s %-30s %-30s %s\n", key, o, t, stats(key, 3)
      }
    } else {
      print "bench-processes: no bench-slope or bench-peers CSV header in the output" > "/dev/stderr"
      exit 1
    }
    printf "# %d processes; spread = (largest - smallest) / median\n", n
    if (partial) print "# some rows are missing from some processes" > "/dev/stderr"
  }
' "$tmp"
