/* x86_64/seckey-gpr.h - libsecp256k1's small secret-key calls
 * (kc_ecc_seckey_verify, _negate, _tweak_add, _tweak_mul, and the secret
 * half of kc_schnorr_keypair_sec) in general registers only.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each is one block of assembly that reads the 32-byte big-endian keys
 * into general registers (mov and bswap), computes with add/adc,
 * sub/sbb, mul and cmov, writes its result, and zeroes every register
 * it used before it ends, flags included (the last xor).  Nothing goes
 * to the stack but the product's scratch, which it zeroes itself, and
 * no vector register is touched, so the calls that use them need
 * neither the stack burn nor the register clear (t-wipe reads both
 * after every call): a few nanoseconds where the C body with its burn
 * took 13-45 (doc/MEASUREMENTS).  No branch and no address depends on a
 * key: the range checks end in masks, the tweak's sum writes the key's
 * own bytes back where the sum is zero (cmov from memory), and the
 * caller declassifies only the verdict it reports.
 *
 * Built where mpi/limb.h builds its MULX/ADX kernels (x86-64, optimised,
 * no sanitizer: MemorySanitizer does not follow assembly); elsewhere,
 * and under --disable-asm, the C bodies run.  These are baseline x86-64
 * instructions: no dispatch.  t-ecc-keys compares them with the scalar
 * arithmetic on a grid of edge values and random keys. */
#ifndef KC_SECP256K1_SECKEY_GPR_H
#define KC_SECP256K1_SECKEY_GPR_H

#include "limb.h"               /* KC_LIMB_ADX: the same gate */

#ifdef KC_LIMB_ADX
# define KC_SECKEY_GPR 1

/* n, the group order: limbs n0 and n1 need a register (movabs), n2 and
 * n3 are sign-extended immediates (-2, -1). */
# define KC_SECKEY_N0 "$0xbfd25e8cd0364141"
# define KC_SECKEY_N1 "$0xbaaedce6af48a03b"

/* the 32 bytes at REG (big-endian) into the limbs A0 (least) .. A3 */
# define KC_SECKEY_LOAD(reg, a0, a1, a2, a3)                             \
  "movq 24(%[" reg "]), %[" a0 "]\n\tbswapq %[" a0 "]\n\t"               \
  "movq 16(%[" reg "]), %[" a1 "]\n\tbswapq %[" a1 "]\n\t"               \
  "movq 8(%[" reg "]), %[" a2 "]\n\tbswapq %[" a2 "]\n\t"                \
  "movq (%[" reg "]), %[" a3 "]\n\tbswapq %[" a3 "]\n\t"

/* CF = (A < n) for the limbs A0..A3, which become A - n; K is scratch */
# define KC_SECKEY_SUB_N(a0, a1, a2, a3, k)                              \
  "movabsq " KC_SECKEY_N0 ", %[" k "]\n\tsubq %[" k "], %[" a0 "]\n\t"  \
  "movabsq " KC_SECKEY_N1 ", %[" k "]\n\tsbbq %[" k "], %[" a1 "]\n\t"  \
  "sbbq $-2, %[" a2 "]\n\tsbbq $-1, %[" a3 "]\n\t"

/* the limbs A0 (least) .. A3 to the 32 bytes at REG, big-endian (the
 * limbs are left byte-swapped) */
# define KC_SECKEY_STORE(reg, a0, a1, a2, a3)                            \
  "bswapq %[" a0 "]\n\tmovq %[" a0 "], 24(%[" reg "])\n\t"               \
  "bswapq %[" a1 "]\n\tmovq %[" a1 "], 16(%[" reg "])\n\t"               \
  "bswapq %[" a2 "]\n\tmovq %[" a2 "], 8(%[" reg "])\n\t"                \
  "bswapq %[" a3 "]\n\tmovq %[" a3 "], (%[" reg "])\n\t"

# define KC_SECKEY_ZERO(r) "xorl %k[" r "], %k[" r "]\n\t"

/* 1 if the key at P is in [1, n - 1] (WITH_ZERO: [0, n - 1], a tweak),
 * else 0.  Secret: the caller declassifies what it reports. */
static KC_ALWAYS_INLINE uint64_t
_kc_seckey_gpr_range (const unsigned char p[32], int with_zero)
{
  uint64_t ok, a0, a1, a2, a3, t, k;

  __asm__ ("xorl %k[ok], %k[ok]\n\t"
           KC_SECKEY_LOAD ("p", "a0", "a1", "a2", "a3")
           "movq %[a0], %[t]\n\t"
           "orq %[a1], %[t]\n\t"
           "orq %[a2], %[t]\n\t"
           "orq %[a3], %[t]\n\t"
           "orq %[wz], %[t]\n\t"           /* a tweak may be 0 */
           KC_SECKEY_SUB_N ("a0", "a1", "a2", "a3", "k")
           "adcq $0, %[ok]\n\t"            /* 1 if below n */
           "negq %[t]\n\t"
           "sbbq %[t], %[t]\n\t"           /* all ones if not zero */
           "andq %[t], %[ok]\n\t"
           KC_SECKEY_ZERO ("a0") KC_SECKEY_ZERO ("a1")
           KC_SECKEY_ZERO ("a2") KC_SECKEY_ZERO ("a3")
           KC_SECKEY_ZERO ("k") KC_SECKEY_ZERO ("t")
           : [ok] "=&r" (ok), [a0] "=&r" (a0), [a1] "=&r" (a1),
             [a2] "=&r" (a2), [a3] "=&r" (a3), [t] "=&r" (t), [k] "=&r" (k)
           : [p] "r" (p), "m" (*(const unsigned char (*)[32]) p),
             [wz] "r" ((uint64_t) (with_zero != 0))
           : "cc");
  return ok;
}

/* P = n - P for a key in [1, n - 1] (checked before), in place. */
static KC_ALWAYS_INLINE void
_kc_seckey_gpr_negate (unsigned char p[32])
{
  uint64_t a0, a1, a2, a3, r0, r1, r2, r3;

  __asm__ (KC_SECKEY_LOAD ("p", "a0", "a1", "a2", "a3")
           /* (mov and bswap leave the flags alone: one borrow chain) */
           "movabsq " KC_SECKEY_N0 ", %[r0]\n\t"
           "subq %[a0], %[r0]\n\t"
           "movabsq " KC_SECKEY_N1 ", %[r1]\n\t"
           "sbbq %[a1], %[r1]\n\t"
           "movq $-2, %[r2]\n\t"
           "sbbq %[a2], %[r2]\n\t"
           "movq $-1, %[r3]\n\t"
           "sbbq %[a3], %[r3]\n\t"
           KC_SECKEY_STORE ("p", "r0", "r1", "r2", "r3")
           KC_SECKEY_ZERO ("a0") KC_SECKEY_ZERO ("a1")
           KC_SECKEY_ZERO ("a2") KC_SECKEY_ZERO ("a3")
           KC_SECKEY_ZERO ("r0") KC_SECKEY_ZERO ("r1")
           KC_SECKEY_ZERO ("r2") KC_SECKEY_ZERO ("r3")
           : [a0] "=&r" (a0), [a1] "=&r" (a1), [a2] "=&r" (a2),
             [a3] "=&r" (a3), [r0] "=&r" (r0), [r1] "=&r" (r1),
             [r2] "=&r" (r2), [r3] "=&r" (r3),
             "+m" (*(unsigned char (*)[32]) p)
           : [p] "r" (p)
           : "cc");
}

/* X = (X + T) mod n for a key X in [1, n - 1] and a tweak T in [0, n - 1]
 * (both checked before), in place where the sum is not 0; where it is
 * 0, X's bytes are written back unchanged.  Returns 1 if the sum is not
 * 0 (secret until the caller declassifies it). */
static KC_ALWAYS_INLINE uint64_t
_kc_seckey_gpr_tweak_add (unsigned char x[32], const unsigned char t[32])
{
  uint64_t ok, a0, a1, a2, a3, b0, b1, b2, b3, c;

  __asm__ (KC_SECKEY_LOAD ("x", "a0", "a1", "a2", "a3")
           KC_SECKEY_LOAD ("t", "b0", "b1", "b2", "b3")
           "xorl %k[c], %k[c]\n\t"
           "addq %[b0], %[a0]\n\t"
           "adcq %[b1], %[a1]\n\t"
           "adcq %[b2], %[a2]\n\t"
           "adcq %[b3], %[a3]\n\t"
           "adcq $0, %[c]\n\t"             /* S = c:A < 2n */
           "movq %[a0], %[b0]\n\t"
           "movq %[a1], %[b1]\n\t"
           "movq %[a2], %[b2]\n\t"
           "movq %[a3], %[b3]\n\t"
           KC_SECKEY_SUB_N ("b0", "b1", "b2", "b3", "ok")
           /* c - borrow: 0 where S >= n (with or without the carry),
            * -1 where S < n; ZF then picks S - n */
           "sbbq $0, %[c]\n\t"
           "cmovzq %[b0], %[a0]\n\t"
           "cmovzq %[b1], %[a1]\n\t"
           "cmovzq %[b2], %[a2]\n\t"
           "cmovzq %[b3], %[a3]\n\t"
           "movq %[a0], %[b0]\n\t"
           "orq %[a1], %[b0]\n\t"
           "orq %[a2], %[b0]\n\t"
           "orq %[a3], %[b0]\n\t"          /* ZF: the sum is 0 */
           "movl $0, %k[ok]\n\t"
           "setnz %b[ok]\n\t"
           "bswapq %[a0]\n\tbswapq %[a1]\n\t"
           "bswapq %[a2]\n\tbswapq %[a3]\n\t"
           "cmovzq 24(%[x]), %[a0]\n\t"
           "cmovzq 16(%[x]), %[a1]\n\t"
           "cmovzq 8(%[x]), %[a2]\n\t"
           "cmovzq (%[x]), %[a3]\n\t"
           "movq %[a0], 24(%[x])\n\t"
           "movq %[a1], 16(%[x])\n\t"
           "movq %[a2], 8(%[x])\n\t"
           "movq %[a3], (%[x])\n\t"
           KC_SECKEY_ZERO ("a0") KC_SECKEY_ZERO ("a1")
           KC_SECKEY_ZERO ("a2") KC_SECKEY_ZERO ("a3")
           KC_SECKEY_ZERO ("b0") KC_SECKEY_ZERO ("b1")
           KC_SECKEY_ZERO ("b2") KC_SECKEY_ZERO ("b3")
           KC_SECKEY_ZERO ("c")
           : [ok] "=&r" (ok), [a0] "=&r" (a0), [a1] "=&r" (a1),
             [a2] "=&r" (a2), [a3] "=&r" (a3), [b0] "=&r" (b0),
             [b1] "=&r" (b1), [b2] "=&r" (b2), [b3] "=&r" (b3),
             [c] "=&r" (c), "+m" (*(unsigned char (*)[32]) x)
           : [x] "r" (x), [t] "r" (t),
             "m" (*(const unsigned char (*)[32]) t)
           : "cc");
  return ok;
}

/* The 32 bytes at IN to OUT through four general registers, zeroed
 * after (OUT may overlap IN: all read, then written). */
static KC_ALWAYS_INLINE void
_kc_seckey_gpr_copy (unsigned char out[32], const unsigned char in[32])
{
  uint64_t a0, a1, a2, a3;

  __asm__ ("movq (%[i]), %[a0]\n\tmovq 8(%[i]), %[a1]\n\t"
           "movq 16(%[i]), %[a2]\n\tmovq 24(%[i]), %[a3]\n\t"
           "movq %[a0], (%[o])\n\tmovq %[a1], 8(%[o])\n\t"
           "movq %[a2], 16(%[o])\n\tmovq %[a3], 24(%[o])\n\t"
           KC_SECKEY_ZERO ("a0") KC_SECKEY_ZERO ("a1")
           KC_SECKEY_ZERO ("a2") KC_SECKEY_ZERO ("a3")
           : [a0] "=&r" (a0), [a1] "=&r" (a1), [a2] "=&r" (a2),
             [a3] "=&r" (a3), "=m" (*(unsigned char (*)[32]) out)
           : [o] "r" (out), [i] "r" (in),
             "m" (*(const unsigned char (*)[32]) in)
           : "cc");
}

/* n = 2^256 - NC, NC = 2^128 + NC1 2^64 + NC0 (129 bits) */
# define KC_SECKEY_NC0 "$0x402da1732fc9bebf"
# define KC_SECKEY_NC1 "$0x4551231950b75fc4"

/* DST += A B + K, the high word to K: a step of a row (A and B are
 * operands as text, "8(%[s])" or "%[l7]"); MAC0 a row's first, no K in */
# define KC_SECKEY_MAC0(a, b, dst)                                       \
  "movq " a ", %%rax\n\tmulq " b "\n\t"                                  \
  "addq %%rax, %[" dst "]\n\tadcq $0, %%rdx\n\tmovq %%rdx, %[k]\n\t"
# define KC_SECKEY_MAC(a, b, dst)                                        \
  "movq " a ", %%rax\n\tmulq " b "\n\t"                                  \
  "addq %%rax, %[" dst "]\n\tadcq $0, %%rdx\n\t"                         \
  "addq %[k], %[" dst "]\n\tadcq $0, %%rdx\n\tmovq %%rdx, %[k]\n\t"
/* D0..D4 += X B for X the four words at s + 0 (the key's limbs), D4
 * set to the row's top word */
# define KC_SECKEY_PROD_ROW(b, d0, d1, d2, d3, d4)                       \
  KC_SECKEY_MAC0 ("0(%[s])", b, d0) KC_SECKEY_MAC ("8(%[s])", b, d1)     \
  KC_SECKEY_MAC ("16(%[s])", b, d2) KC_SECKEY_MAC ("24(%[s])", b, d3)    \
  "movq %[k], %[" d4 "]\n\t"

/* X = X T mod n for a key X and a tweak T, both in [1, n - 1] (checked
 * before), in place: the 512-bit product by rows of MUL (rax, rdx), then
 * libsecp256k1's reduction by n's complement NC, 512 -> 385 -> 258 ->
 * 256 bits, and one conditional subtraction of n (cmov).  The operands'
 * limbs and the two high parts wait in the 15-word scratch S, which the
 * caller provides (on its stack) and this block zeroes, with every
 * register it used, before it ends.  The product of two values in
 * [1, n - 1] is never 0 mod n (n is prime). */
static KC_ALWAYS_INLINE void
_kc_seckey_gpr_tweak_mul (unsigned char x[32], const unsigned char t[32],
                          uint64_t s[15])
{
  uint64_t l0, l1, l2, l3, l4, l5, l6, l7, k;

  __asm__ (/* X's limbs to s + 0, T's to s + 32 */
           KC_SECKEY_LOAD ("x", "l0", "l1", "l2", "l3")
           "movq %[l0], 0(%[s])\n\tmovq %[l1], 8(%[s])\n\t"
           "movq %[l2], 16(%[s])\n\tmovq %[l3], 24(%[s])\n\t"
           KC_SECKEY_LOAD ("t", "l0", "l1", "l2", "l3")
           "movq %[l0], 32(%[s])\n\tmovq %[l1], 40(%[s])\n\t"
           "movq %[l2], 48(%[s])\n\tmovq %[l3], 56(%[s])\n\t"
           /* the product X T into l0..l7, a row of T a time */
           KC_SECKEY_ZERO ("l0") KC_SECKEY_ZERO ("l1")
           KC_SECKEY_ZERO ("l2") KC_SECKEY_ZERO ("l3")
           KC_SECKEY_PROD_ROW ("32(%[s])", "l0", "l1", "l2", "l3", "l4")
           KC_SECKEY_PROD_ROW ("40(%[s])", "l1", "l2", "l3", "l4", "l5")
           KC_SECKEY_PROD_ROW ("48(%[s])", "l2", "l3", "l4", "l5", "l6")
           KC_SECKEY_PROD_ROW ("56(%[s])", "l3", "l4", "l5", "l6", "l7")
           /* M = L + H NC (H = l4..l7 kept at s + 64), m0..m6 in l0..l6 */
           "movq %[l4], 64(%[s])\n\tmovq %[l5], 72(%[s])\n\t"
           "movq %[l6], 80(%[s])\n\tmovq %[l7], 88(%[s])\n\t"
           KC_SECKEY_ZERO ("l4") KC_SECKEY_ZERO ("l5") KC_SECKEY_ZERO ("l6")
           "movabsq " KC_SECKEY_NC0 ", %[l7]\n\t"
           KC_SECKEY_MAC0 ("64(%[s])", "%[l7]", "l0")
           KC_SECKEY_MAC ("72(%[s])", "%[l7]", "l1")
           KC_SECKEY_MAC ("80(%[s])", "%[l7]", "l2")
           KC_SECKEY_MAC ("88(%[s])", "%[l7]", "l3")
           "addq %[k], %[l4]\n\tadcq $0, %[l5]\n\tadcq $0, %[l6]\n\t"
           "movabsq " KC_SECKEY_NC1 ", %[l7]\n\t"
           KC_SECKEY_MAC0 ("64(%[s])", "%[l7]", "l1")
           KC_SECKEY_MAC ("72(%[s])", "%[l7]", "l2")
           KC_SECKEY_MAC ("80(%[s])", "%[l7]", "l3")
           KC_SECKEY_MAC ("88(%[s])", "%[l7]", "l4")
           "addq %[k], %[l5]\n\tadcq $0, %[l6]\n\t"
           "addq 64(%[s]), %[l2]\n\tadcq 72(%[s]), %[l3]\n\t"
           "adcq 80(%[s]), %[l4]\n\tadcq 88(%[s]), %[l5]\n\t"
           "adcq $0, %[l6]\n\t"
           /* P = m0..m3 + (m4..m6) NC (m4..m6 kept at s + 96), p0..p4
            * in l0..l4 */
           "movq %[l4], 96(%[s])\n\tmovq %[l5], 104(%[s])\n\t"
           "movq %[l6], 112(%[s])\n\t"
           KC_SECKEY_ZERO ("l4")
           "movabsq " KC_SECKEY_NC0 ", %[l7]\n\t"
           KC_SECKEY_MAC0 ("96(%[s])", "%[l7]", "l0")
           KC_SECKEY_MAC ("104(%[s])", "%[l7]", "l1")
           KC_SECKEY_MAC ("112(%[s])", "%[l7]", "l2")
           "addq %[k], %[l3]\n\tadcq $0, %[l4]\n\t"
           "movabsq " KC_SECKEY_NC1 ", %[l7]\n\t"
           KC_SECKEY_MAC0 ("96(%[s])", "%[l7]", "l1")
           KC_SECKEY_MAC ("104(%[s])", "%[l7]", "l2")
           KC_SECKEY_MAC ("112(%[s])", "%[l7]", "l3")
           "addq %[k], %[l4]\n\t"
           "addq 96(%[s]), %[l2]\n\tadcq 104(%[s]), %[l3]\n\t"
           "adcq 112(%[s]), %[l4]\n\t"
           /* R = p0..p3 + p4 NC, its carry in l5 */
           KC_SECKEY_ZERO ("l5")
           "movq %[l4], %%rax\n\tmovabsq " KC_SECKEY_NC0 ", %[l7]\n\t"
           "mulq %[l7]\n\t"
           "addq %%rax, %[l0]\n\tadcq %%rdx, %[l1]\n\tadcq $0, %[l2]\n\t"
           "adcq $0, %[l3]\n\tadcq $0, %[l5]\n\t"
           "movq %[l4], %%rax\n\tmovabsq " KC_SECKEY_NC1 ", %[l7]\n\t"
           "mulq %[l7]\n\t"
           "addq %%rax, %[l1]\n\tadcq %%rdx, %[l2]\n\tadcq $0, %[l3]\n\t"
           "adcq $0, %[l5]\n\t"
           "addq %[l4], %[l2]\n\tadcq $0, %[l3]\n\tadcq $0, %[l5]\n\t"
           /* R + NC (= R - n mod 2^256) where R >= n: the carry or a
            * carry out of the sum (never both) */
           "movabsq " KC_SECKEY_NC0 ", %%rax\n\taddq %[l0], %%rax\n\t"
           "movabsq " KC_SECKEY_NC1 ", %%rdx\n\tadcq %[l1], %%rdx\n\t"
           "movq %[l2], %[l4]\n\tadcq $1, %[l4]\n\t"
           "movq %[l3], %[l6]\n\tadcq $0, %[l6]\n\t"
           "adcq $0, %[l5]\n\t"
           "testq %[l5], %[l5]\n\t"
           "cmovnzq %%rax, %[l0]\n\tcmovnzq %%rdx, %[l1]\n\t"
           "cmovnzq %[l4], %[l2]\n\tcmovnzq %[l6], %[l3]\n\t"
           KC_SECKEY_STORE ("x", "l0", "l1", "l2", "l3")
           /* the scratch and every register zeroed */
           "xorl %%eax, %%eax\n\t"
           "movq %%rax, 0(%[s])\n\tmovq %%rax, 8(%[s])\n\t"
           "movq %%rax, 16(%[s])\n\tmovq %%rax, 24(%[s])\n\t"
           "movq %%rax, 32(%[s])\n\tmovq %%rax, 40(%[s])\n\t"
           "movq %%rax, 48(%[s])\n\tmovq %%rax, 56(%[s])\n\t"
           "movq %%rax, 64(%[s])\n\tmovq %%rax, 72(%[s])\n\t"
           "movq %%rax, 80(%[s])\n\tmovq %%rax, 88(%[s])\n\t"
           "movq %%rax, 96(%[s])\n\tmovq %%rax, 104(%[s])\n\t"
           "movq %%rax, 112(%[s])\n\t"
           KC_SECKEY_ZERO ("l0") KC_SECKEY_ZERO ("l1") KC_SECKEY_ZERO ("l2")
           KC_SECKEY_ZERO ("l3") KC_SECKEY_ZERO ("l4") KC_SECKEY_ZERO ("l5")
           KC_SECKEY_ZERO ("l6") KC_SECKEY_ZERO ("l7") KC_SECKEY_ZERO ("k")
           KC_SECKEY_ZERO ("t") "xorl %%edx, %%edx"
           : [l0] "=&r" (l0), [l1] "=&r" (l1), [l2] "=&r" (l2),
             [l3] "=&r" (l3), [l4] "=&r" (l4), [l5] "=&r" (l5),
             [l6] "=&r" (l6), [l7] "=&r" (l7), [k] "=&r" (k),
             [t] "+r" (t), "+m" (*(unsigned char (*)[32]) x),
             "=m" (*(uint64_t (*)[15]) s)
           : [x] "r" (x), [s] "r" (s),
             "m" (*(const unsigned char (*)[32]) t)
           : "rax", "rdx", "cc");
}
#endif /* KC_LIMB_ADX */

#endif /* KC_SECP256K1_SECKEY_GPR_H */
