#!/bin/sh
# t-bench-processes.sh - bench/bench-processes.sh summarizes what the
# processes printed: a stand-in for bench-slope and for bench-peers prints
# known figures, a different one in each process, and the summary must
# give their median, range and spread, per row and column.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
top=${srcdir:-.}/..
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0

# The stand-in: process k (counted in $tmp/n) prints row values from the
# k-th word of each list; it must be called with --csv last.
cat > "$tmp/tool" <<'TOOL'
#!/bin/sh
d=$(dirname "$0")
k=$(($(cat "$d/n" 2>/dev/null || echo 0) + 1))
echo "$k" > "$d/n"
[ "$1" = "$2" ] || { echo "arguments not passed on: $*" >&2; exit 1; }
eval "[ \"\${$#}\" = --csv ]" || { echo "no --csv last: $*" >&2; exit 1; }
pick () { echo "$1" | cut -d' ' -f"$k"; }
if [ "$1" = slope ]; then
  echo "group,name,op,unit,ns_per_op,cycles_per_op,r2,noisy"
  echo "kem,x,keypair,op,$(pick '100 104 98 101 102'),-,0.99,0"
  echo "md,y,64,byte,$(pick '2 2 2 2 2'),$(pick '7 9 8 8 8'),1.0,0"
else
  echo "row,peer,unit,ours_ns,theirs_ns,ratio"
  echo "kem/z,p,op,$(pick '90 80 100 95 85'),$(pick '100 100 100 100 110'),$(pick '0.9 0.8 1.0 0.95 0.773')"
  # a peer whose fit failed in process 2 (bench-peers prints "-")
  echo "kem/w,p,op,$(pick '50 60 55 45 40'),$(pick '100 - 100 100 100'),$(pick '0.5 - 0.55 0.45 0.4')"
fi
TOOL
chmod +x "$tmp/tool"

check () {
  if grep -q -- "$2" "$tmp/out"; then :; else
    echo "FAIL: $1: no '$2' in"; cat "$tmp/out"; fail=1
  fi
}

sh "$top/bench/bench-processes.sh" -n 5 "$tmp/tool" slope slope > "$tmp/out" 2>"$tmp/err" \
  || { echo "FAIL: bench-processes.sh on the bench-slope stand-in"; cat "$tmp/err"; fail=1; }
# keypair: 98 100 101 102 104, spread 6 / 101
check "slope median" "kem/x/keypair  *101.0 \[98.0-104.0\] 5.9% *-$"
check "slope cycles" "md/y/64  *2.0 \[2.0-2.0\] 0.0% *8.0 \[7.0-9.0\] 25.0%"
check "slope count" "^# 5 processes"
[ "$(grep -c '^# process [1-5] of 5 done' "$tmp/err")" = 5 ] \
  || { echo "FAIL: not five processes reported"; cat "$tmp/err"; fail=1; }

rm -f "$tmp/n"
sh "$top/bench/bench-processes.sh" -n 4 "$tmp/tool" peers peers > "$tmp/out" 2>"$tmp/err" \
  || { echo "FAIL: bench-processes.sh on the bench-peers stand-in"; cat "$tmp/err"; fail=1; }
# four processes: ours 80 90 95 100 (median 92.5), theirs 100 x 4, ratio
# 0.8 0.9 0.95 1.0 (median 0.925, spread 0.2 / 0.925)
check "peers row" "kem/z p  *92.5 \[80.0-100.0\] 21.6% *100.0 \[100.0-100.0\] 0.0% *0.925 \[0.800-1.000\] 21.6%"
# kem/w: process 2's "-" is left out, not read as 0: ours 45 50 55 60,
# theirs 100 x 3, ratio 0.45 0.5 0.55 (median 0.5, spread 0.1 / 0.5)
check "peers row without a fit" "kem/w p  *52.5 \[45.0-60.0\] 28.6% *100.0 \[100.0-100.0\] 0.0% *0.500 \[0.450-0.550\] 20.0%"
grep -q "some rows are missing" "$tmp/err" \
  || { echo "FAIL: a missing figure was not reported"; cat "$tmp/err"; fail=1; }

# A failing process fails the run; a bad count is refused.
if sh "$top/bench/bench-processes.sh" -n 2 false > /dev/null 2>&1; then
  echo "FAIL: a failing tool was not reported"; fail=1
fi
if sh "$top/bench/bench-processes.sh" -n 1 "$tmp/tool" slope slope > /dev/null 2>&1; then
  echo "FAIL: -n 1 accepted"; fail=1
fi
[ "$fail" = 0 ] && echo "bench-processes.sh: medians, ranges and spreads as computed by hand"
exit $fail
