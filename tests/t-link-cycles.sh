#!/bin/sh
# t-link-cycles.sh - no cycle between the library's files: the graph
# "A uses a symbol that B defines" over the objects of src/, cipher/ and
# mpi/ (nm of the convenience archive the tests link) has no cycle.  A
# file calls down (dispatcher -> algorithm -> kernel -> shared helper),
# never back up: a helper two files share lives below both
# (doc/HACKING, "The house").
#
# The tested internals outside the shipped library (mpi/libmpi-lab.la,
# linked only into tests/ and bench/) are in the graph too, and no
# object of the library may use a symbol that only they define: the
# library would link, in the tests, what it lacks when shipped.
#
# Prints each cycle found as the files around it, with one symbol each
# step uses, and each use of the lab by the library, and fails.  Skipped
# (77) without nm or the archive.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
top=${srcdir:-.}/..
build=${top_builddir:-..}
NM=${NM:-nm}
lib=$build/src/.libs/libkcrypt-int.a
lab=$build/mpi/.libs/libmpi-lab.a

command -v "$NM" >/dev/null 2>&1 || { echo "SKIP: no $NM"; exit 77; }
test -f "$lib" || { echo "SKIP: no $lib"; exit 77; }
test -f "$lab" || { echo "FAIL: no $lab (built with $lib)"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# "lib.a[member.o]: SYMBOL TYPE ..." (POSIX format)
"$NM" -A -P "$lib" "$lab" > "$tmp/nm" || { echo "FAIL: $NM $lib $lab"; exit 1; }
# The source file of each object, for the messages: the archive knows
# objects by file name only (unique: tests/t-isa-gates.sh checks it).
( cd "$top" && find src cipher mpi -name '*.c' ) > "$tmp/sources"

awk -v sources="$tmp/sources" '
  BEGIN {
    while ((getline line < sources) > 0) {
      b = line; sub(/^.*\//, "", b); sub(/\.c$/, "", b)
      src[b] = line
    }
  }
  {
    obj = $1
    sub(/^.*\[/, "", obj); sub(/\]:$/, "", obj); sub(/\.o$/, "", obj)
    if (!(obj in seen)) { seen[obj] = 1; nodes[++n] = obj; idx[obj] = n }
    if ($1 ~ /libmpi-lab\.a\[/ && !(obj in lab)) { lab[obj] = 1; nlab++ }
    sym = $2; type = $3
    if (type == "U")
      uses[obj, sym] = 1
    else if (type ~ /^[A-TV-Z]$/)      # global definitions (not U)
      def[sym] = obj
  }
  END {
    bad = 0
    for (k in uses) {
      split(k, p, SUBSEP)
      if (!(p[2] in def) || def[p[2]] == p[1])
        continue
      a = idx[p[1]]; b = idx[def[p[2]]]
      if (!((a, b) in edge)) { edge[a, b] = 1; why[a, b] = p[2] }
      reach[a, b] = 1
      if (!(p[1] in lab) && (def[p[2]] in lab)) {
        printf "FAIL: %s uses %s of %s, which is not in the shipped " \
               "library (mpi/libmpi-lab.la): move that file back into " \
               "libmpi.la\n", name(a), p[2], name(b)
        bad = 1
      }
    }
    # transitive closure (a few dozen files)
    for (m = 1; m <= n; m++)
      for (i = 1; i <= n; i++)
        if ((i, m) in reach)
          for (j = 1; j <= n; j++)
            if ((m, j) in reach)
              reach[i, j] = 1
    for (s = 1; s <= n; s++) {
      if (!((s, s) in reach) || (s in done))
        continue
      # the files of this cycle ...
      for (j = 1; j <= n; j++)
        if ((s, j) in reach && (j, s) in reach)
          done[j] = 1
      # ... and the shortest way round it from s (breadth first)
      delete par
      qh = 1; qt = 0; q[++qt] = s; found = 0
      while (qh <= qt && !found) {
        u = q[qh++]
        for (v = 1; v <= n && !found; v++)
          if ((u, v) in edge && !(v in par) && (v, s) in reach) {
            par[v] = u
            if (v == s) found = 1; else q[++qt] = v
          }
      }
      path = ""
      v = s
      do {
        u = par[v]
        path = " -> " name(v) " (" why[u, v] ")" path
        v = u
      } while (v != s)
      printf "FAIL: link cycle: %s%s\n", name(s), path
      bad = 1
    }
    if (!bad)
      printf "no link cycle among the %d objects of the library and the " \
             "lab, and the library uses none of the %d lab objects\n", n, nlab
    exit bad
  }
  function name(i) { return (nodes[i] in src) ? src[nodes[i]] : nodes[i] ".o" }
' "$tmp/nm"
