#!/bin/sh
# t-readme-code.sh - the code the README shows is the examples' code.
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A README code block (lines indented by four spaces) that starts with a
# marker line
#     /* from doc/examples/NAME.c */
# must be found, line for line, in doc/examples/NAME.c: its lines (less
# the four spaces) must be consecutive lines of the file, all indented
# there by the same extra amount.  The block ends at the first line not
# indented by four spaces (empty lines followed by more indented lines
# belong to it, and match empty lines; another marker starts the next
# block).  Since make check compiles
# and runs the examples, the README's code compiles and works.  The same
# holds for doc/README-api-section.txt (the README text proposed for
# pasting) and for the man pages' examples (.EX blocks starting with the
# marker, roff escapes \- and \e read as - and \).  Unmarked blocks are
# not checked.  Fails if a marked block is not found or names a missing
# file, or if the proposed section and the pages have no marked block.
top=${srcdir:-.}/..
command -v python3 >/dev/null 2>&1 \
  || { echo "t-readme-code: SKIP: python3 is not installed"; exit 77; }
exec python3 - "$top" <<'EOF'
import glob, os, re, sys

top = sys.argv[1]
marker = re.compile(r'^/\* from (doc/examples/[A-Za-z0-9_.-]+\.c) \*/$')
failed = False
count = {}

def blocks_text(lines):
    """Marked blocks of a text file: (line number, path, code lines).  A
    block runs over lines indented by four spaces, and over empty lines
    followed by more of them."""
    i = 0
    while i < len(lines):
        m = marker.match(lines[i][4:]) if lines[i].startswith('    ') else None
        if not m:
            i += 1
            continue
        start, code = i + 2, []
        i += 1
        while i < len(lines):
            if lines[i].startswith('    ') and marker.match(lines[i][4:]):
                break               # the next marked block
            if lines[i].startswith('    ') and lines[i].strip():
                code.append(lines[i][4:])
            elif not lines[i].strip():
                j = i
                while j < len(lines) and not lines[j].strip():
                    j += 1
                if j == len(lines) or not lines[j].startswith('    '):
                    break
                code.append('')
            else:
                break
            i += 1
        while code and not code[-1]:
            code.pop()
        yield start, m.group(1), code

def blocks_roff(lines):
    """Marked .EX blocks of a man page."""
    i = 0
    while i < len(lines):
        if lines[i].strip() == '.EX' and i + 1 < len(lines):
            body, j = [], i + 1
            while j < len(lines) and lines[j].strip() != '.EE':
                body.append(lines[j].replace('\\-', '-').replace('\\e', '\\'))
                j += 1
            m = marker.match(body[0].strip()) if body else None
            if m:
                yield i + 2, m.group(1), [l for l in body[1:]]
            i = j
        i += 1

def contained(code, text):
    """CODE's lines are consecutive lines of TEXT, each with the same extra
    indent (empty lines match empty lines)."""
    n = len(code)
    for s in range(len(text) - n + 1):
        first = text[s]
        if not code[0] or not first.endswith(code[0]):
            continue
        extra = first[:len(first) - len(code[0])]
        if extra.strip():
            continue
        if all((c == '' and t.strip() == '') or t == extra + c
               for c, t in zip(code, text[s:s + n])):
            return True
    return False

def check(source, blocks):
    global failed
    for line, path, code in blocks:
        count[source] = count.get(source, 0) + 1
        f = os.path.join(top, path)
        where = '%s:%d' % (source, line)
        if not code:
            print('%s: empty block after the marker for %s' % (where, path))
            failed = True
        elif not os.path.exists(f):
            print('%s: %s does not exist' % (where, path))
            failed = True
        else:
            text = open(f).read().split('\n')
            if not contained(code, text):
                print('%s: this block is not in %s (copy it from there):'
                      % (where, path))
                for c in code:
                    print('    | ' + c)
                failed = True

def read(p):
    return open(p).read().split('\n')

readme = os.path.join(top, 'README')
if os.path.exists(readme):
    check('README', blocks_text(read(readme)))
proposed = os.path.join(top, 'doc', 'README-api-section.txt')
if os.path.exists(proposed):
    check('doc/README-api-section.txt', blocks_text(read(proposed)))
for p in sorted(glob.glob(os.path.join(top, 'doc', '*.3'))):
    check('doc/' + os.path.basename(p), blocks_roff(read(p)))

n_readme = count.get('README', 0)
n_pages = sum(v for k, v in count.items() if k.endswith('.3'))
if os.path.exists(proposed) and not count.get('doc/README-api-section.txt'):
    print('doc/README-api-section.txt has no marked block')
    failed = True
if n_pages == 0:
    print('no man page has a marked example block')
    failed = True
print('t-readme-code: %d marked blocks in README%s, %d in the proposed section, '
      '%d in the man pages%s' % (
          n_readme,
          '' if n_readme else ' (none yet: paste doc/README-api-section.txt)',
          count.get('doc/README-api-section.txt', 0), n_pages,
          ': FAIL' if failed else ': all found in doc/examples'))
sys.exit(1 if failed else 0)
EOF
