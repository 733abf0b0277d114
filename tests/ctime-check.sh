#!/bin/sh
# Run t-ctime under valgrind memcheck: zero errors is the pass condition.
# SKIP (77) where valgrind is missing, the binary is for another machine
# than valgrind's (a cross build run under qemu-user), the library was
# built without valgrind/memcheck.h (no client requests), or the binary is
# built with a sanitizer (valgrind cannot run those).
#
# Copyright (C) 2026 The libkcrypt authors.
# SPDX-License-Identifier: LGPL-2.1-or-later
prog=./t-ctime
if ! command -v valgrind >/dev/null 2>&1; then
  echo "SKIP: valgrind not installed"; exit 77
fi
# A cross build (tests run under qemu-user through binfmt_misc): the
# host's valgrind cannot run a foreign binary, and its failure must not be
# read as the harness's.  ELF class, byte order and machine of the test
# against this shell's; a foreign binary that valgrind can still start
# (i386 on x86-64) goes on.
elf_id () { od -An -tx1 -j4 -N2 "$1" && od -An -tx1 -j18 -N2 "$1"; }
if [ "$(elf_id "$prog" 2>/dev/null)" != "$(elf_id /proc/$$/exe 2>/dev/null)" ] \
   && ! valgrind -q --tool=none "$prog" --sanitized >/dev/null 2>&1; then
  echo "SKIP: $prog is not a $(uname -m) binary (a cross build under emulation?)"
  echo "      and this machine's valgrind cannot run it: no constant-time check here"
  exit 77
fi
if [ "$($prog --sanitized)" = yes ]; then
  echo "SKIP: sanitizer build"; exit 77
fi
if [ "$($prog --valgrind-requests)" != yes ]; then
  echo "SKIP: built without valgrind/memcheck.h, or an --enable-verify build"
  exit 77
fi
# First prove the harness can fail: with KC_CTIME_SELFTEST set, t-ctime
# branches on a secret on purpose, and memcheck must report it.
# valgrind 3.19 gives up on DWARF 5 as clang 14 writes it: say so rather
# than fail (configure picks -gdwarf-4 unless CFLAGS is given).
if ! valgrind -q "$prog" --valgrind-requests >/dev/null 2>ctime-check.vg.err \
   && grep -q "debuginfo reader" ctime-check.vg.err; then
  echo "SKIP: valgrind cannot read this build's debug information (DWARF 5?);"
  echo "      configure with CFLAGS='-O2 -gdwarf-4' to run the constant-time check"
  rm -f ctime-check.vg.err
  exit 77
fi
rm -f ctime-check.vg.err
KC_CTIME_SELFTEST=1 valgrind -q --error-exitcode=42 "$prog" >/dev/null 2>&1
rc=$?
if [ $rc != 42 ]; then
  echo "FAIL: memcheck did not flag a deliberate secret-dependent branch (exit $rc)"
  exit 1
fi
valgrind -q --error-exitcode=42 --track-origins=yes "$prog" "$@" || exit $?
# Again with BMI2 and ADX (valgrind runs MULX, ADCX and ADOX but its CPUID
# does not report ADX; KCRYPT_HWF_PREFER=0x200 brings them back under
# valgrind, see src/hwfeatures.c): the 4x64 MULX/ADX secp256k1 field
# (chosen on AMD Zen 4 and 5) and, as valgrind reports no AVX-512 IFMA,
# the MULX/ADX X25519 ladder (cipher/x25519/x86_64/ladder-adx.c).
uses_4x64=$(KCRYPT_HWF_PREFER=0x200 valgrind -q "$prog" --uses-4x64)
uses_x25519=$(KCRYPT_HWF_PREFER=0x200 valgrind -q "$prog" --uses-x25519-adx)
# (and the Ed25519 comb on the 4x64 field, cipher/ed25519/x86_64/group-adx.c,
# whose row needs AVX2 too)
uses_ed25519=$(KCRYPT_HWF_PREFER=0x200 valgrind -q "$prog" --uses-ed25519-adx)
[ "$uses_ed25519" = yes ] \
  || echo "note: the MULX/ADX Ed25519 comb is not taken here (KC_LIMB_ADX, AVX2)"
if [ "$uses_4x64" = yes ] || [ "$uses_x25519" = yes ]; then
  [ "$uses_4x64" = yes ] \
    || echo "note: the 4x64 secp256k1 field is not built here (KC_LIMB_ADX)"
  [ "$uses_x25519" = yes ] \
    || echo "note: the MULX/ADX X25519 ladder is not built here (KC_LIMB_ADX)"
  exec env KCRYPT_HWF_PREFER=0x200 \
    valgrind -q --error-exitcode=42 --track-origins=yes "$prog" "$@"
fi
echo "note: the 4x64 secp256k1 field and the MULX/ADX X25519 ladder are not"
echo "      built here (KC_LIMB_ADX): not checked"
