#!/bin/sh
# t-doc.sh - the manual documents the whole public API, and renders.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Fails when
#  - a function declared in src/kcrypt.h.in (or exported by the built
#    libkcrypt.so) is not on the NAME line of a page in doc/*.3, or that
#    page has no synopsis line "NAME (" or never mentions it after its
#    synopsis;
#  - a KC_* constant the header defines (enum member or #define) appears
#    on no page;
#  - a page is not in doc/Makefile.am's dist_man_MANS, or an example in
#    doc/examples/ not in its dist_example_DATA;
#  - a page's .TH line names another version than the header's, or a
#    "#define KC_NAME VALUE" line on a page another value than the
#    header's;
#  - kcrypt(3) does not name a page in its index and SEE ALSO;
#  - groff -man -ww warns about a page (skipped, with a note, without
#    groff).
# A new function or constant therefore needs its documentation before
# make check passes.
top=${srcdir:-.}/..
doc=$top/doc
hdr=$top/src/kcrypt.h.in
fail=0
err () { echo "t-doc: $*"; fail=1; }

[ -f "$hdr" ] || { echo "t-doc: no $hdr (wrong srcdir?)"; exit 1; }
pages=$(cd "$doc" && ls *.3 2>/dev/null)
[ -n "$pages" ] || { echo "t-doc: no pages in $doc"; exit 1; }

# The header without its comments.
code=$(awk '{
  line = $0; out = "";
  while (length (line)) {
    if (inc) {
      i = index (line, "*/");
      if (!i) { line = ""; break }
      line = substr (line, i + 2); inc = 0
    } else {
      i = index (line, "/*");
      if (!i) { out = out line; line = "" }
      else { out = out substr (line, 1, i - 1); line = substr (line, i + 2); inc = 1 }
    }
  }
  print out
}' "$hdr")

funcs=$(printf '%s\n' "$code" | grep -o 'kc_[a-z0-9_]* *(' | sed 's/ *(//' | sort -u)
# What the built shared library exports, when there is one to look at.
so=../src/.libs/libkcrypt.so
if [ -f "$so" ] && command -v nm >/dev/null 2>&1; then
  exported=$(nm -D --defined-only "$so" | awk '{ print $3 }' | sed 's/@.*//' \
             | grep '^kc_' | sort -u)
  for f in $exported; do
    printf '%s\n' "$funcs" | grep -qx "$f" \
      || err "$f is exported by libkcrypt.so but not declared in kcrypt.h.in"
  done
  funcs=$(printf '%s\n%s\n' "$funcs" "$exported" | sort -u)
else
  echo "t-doc: note: no $so to read (static build): header only"
fi
consts=$( { printf '%s\n' "$code" | sed -n 's/^ *# *define  *\(KC[A-Z0-9_]*\).*/\1/p';
            printf '%s\n' "$code" | grep -o 'KC_[A-Z0-9_]* *=' | sed 's/ *=//'; } \
          | grep -v '^KCRYPT_H$' | sort -u)
nf=$(printf '%s\n' "$funcs" | grep -c .)
nc=$(printf '%s\n' "$consts" | grep -c .)
[ "$nf" -ge 30 ] && [ "$nc" -ge 40 ] \
  || err "found only $nf functions and $nc constants in $hdr: parser broken?"

# A name as a word in roff text (also right after a font escape).
mentions () {   # mentions NAME FILE...
  n=$1; shift
  grep -Eq "(^|[^A-Za-z0-9_]|\\\\f[BIRP])$n([^A-Za-z0-9_]|$)" "$@"
}
name_line () {  # the NAME section's first line
  sed -n '/^\.SH NAME/{n;p;q;}' "$1"
}
section () {    # section SYNOPSIS|REST FILE: the synopsis, or what follows it
  awk -v want="$1" '/^\.SH /{ syn = ($2 == "SYNOPSIS"); if (syn) seen = 1; next }
    want == "SYNOPSIS" && syn { print }
    want == "REST" && seen && !syn { print }' "$2"
}

tmp=${TMPDIR:-/tmp}/t-doc.$$
trap 'rm -f "$tmp".*' EXIT
for f in $funcs; do
  page=
  for p in $pages; do
    name_line "$doc/$p" | sed 's/ \\-.*//; s/,/ /g' | tr ' ' '\n' | grep -qx "$f" \
      && { page=$p; break; }
  done
  if [ -z "$page" ]; then
    err "$f: on no page's NAME line (doc/*.3): document it"
    continue
  fi
  section SYNOPSIS "$doc/$page" > "$tmp.syn"
  section REST "$doc/$page" > "$tmp.rest"
  grep -q "$f (" "$tmp.syn" || err "$f: no synopsis line \"$f (\" in doc/$page"
  mentions "$f" "$tmp.rest" || err "$f: doc/$page never describes it"
done
for c in $consts; do
  (cd "$doc" && mentions "$c" $pages) || err "$c (kcrypt.h) appears on no page"
done

# A page's "#define KC_NAME VALUE" lines give the header's values.
for p in $pages; do
  sed -n 's/^#define \(KC_[A-Z0-9_]*\)  *\([0-9][0-9]*\) *$/\1 \2/p' "$doc/$p" |
  while read -r n v; do
    hv=$(printf '%s\n' "$code" | sed -n "s/^ *# *define  *$n  *\([0-9][0-9]*\) *\$/\1/p")
    [ "$hv" = "$v" ] || { echo "t-doc: doc/$p: $n is $v, kcrypt.h.in says ${hv:-nothing}"; exit 1; }
  done || fail=1
done

# Every page and example is distributed and installed.
mam=$doc/Makefile.am
for p in $pages; do
  grep -q "[ 	]$p\([ 	]\|$\)" "$mam" || err "doc/$p is not in doc/Makefile.am"
done
for e in $(cd "$doc" && ls examples/*.c 2>/dev/null); do
  grep -q "[ 	]$e\([ 	]\|$\)" "$mam" || err "doc/$e is not in doc/Makefile.am"
done

# The version on each page.
ver=$(sed -n 's/^#define KCRYPT_VERSION "\([0-9]*\.[0-9]*\)\..*/\1/p' ../src/kcrypt.h 2>/dev/null)
if [ -n "$ver" ]; then
  for p in $pages; do
    grep -q "^\.TH .*\"libkcrypt $ver\"" "$doc/$p" \
      || err "doc/$p: .TH does not say \"libkcrypt $ver\""
  done
fi

# kcrypt(3) is the index: it names every other page, in its list of
# groups and under SEE ALSO.
for p in $pages; do
  [ "$p" = kcrypt.3 ] && continue
  n=$(grep -c "^\.BR ${p%.3} (3)" "$doc/kcrypt.3")
  [ "$n" -ge 2 ] || err "doc/kcrypt.3 does not list ${p%.3}(3) in its index and SEE ALSO"
done

# Rendering: groff's warnings (-ww) are errors.
if command -v groff >/dev/null 2>&1; then
  for p in $pages; do
    out=$(groff -man -Tutf8 -ww -z "$doc/$p" 2>&1)
    [ -z "$out" ] || err "doc/$p: groff -man -ww: $out"
  done
else
  echo "t-doc: note: groff is not installed: rendering not checked"
fi

[ "$fail" = 0 ] && echo "t-doc: $nf functions and $nc constants documented in $(echo $pages | wc -w) pages"
exit $fail
