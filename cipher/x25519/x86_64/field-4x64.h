/* x25519/x86_64/field-4x64.h - field elements mod p = 2^255 - 19 in four
 * 64-bit limbs, with MULX/ADCX/ADOX (x86-64 BMI2 and ADX)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * REPRESENTATION
 *   An element is four uint64 limbs n[0..3], the value
 *     n[0] + n[1]*2^64 + n[2]*2^128 + n[3]*2^192,
 *   any integer in [0, 2^256), taken mod p.  Every function below takes
 *   any such value and gives one ("loose": not always below p, as 2^256
 *   is 2p + 38); there are no bounds to track between operations.
 *   _kc_x25519_fe64_freeze gives the unique representative below p.
 *
 * REDUCTION
 *   2^256 = 38 mod p.  A 512-bit product H*2^256 + L (H, L below 2^256)
 *   becomes L + 38 H, below 39 * 2^256, so its fifth word c is at most
 *   38; c*38 (below 2^11) folds into the low word, and a carry out of
 *   2^256 from that (the value wrapped: what is left is below 38 * 39,
 *   far below 2^64 - 38) as one more 38, which cannot carry.  Additions
 *   fold their carry as 38 the same way, twice at most (a second carry
 *   leaves a value below 38); subtractions take 38 off on a borrow,
 *   twice at most (a second borrow leaves a value above 2^256 - 76).
 *
 * CONSTANT TIME
 *   Everything here runs in time independent of the values: the folds
 *   are masks (sbb, and) and carries, never branches or indices.
 *
 * The kernels are inline assembly, inlined into the ladder (a call
 * would save and restore the callee-saved registers they use), built
 * where mpi/limb.h defines KC_LIMB_ADX (optimised, not under ASan or
 * MSan) and run only where _kc_hwf () has KC_X25519_ADX_HWF
 * (x25519/x86_64/adx.h).  The square opens with the shared 4-limb
 * square of mpi/x86_64/sqr4-adx.h, unchanged.
 */
#ifndef KC_X25519_FIELD_4X64_H
#define KC_X25519_FIELD_4X64_H

#include <stdint.h>
#include "x86_64/sqr4-adx.h"      /* mpi/: the 4-limb square, KC_LIMB_ADX */

#ifdef KC_LIMB_ADX

typedef struct
{
  uint64_t n[4];
} _kc_x25519_fe64;

#define KC_X25519_FE64_INLINE static inline __attribute__ ((always_inline))

/* The four limbs an assembly block reads through its pointer operand, as
 * an input (so that no "memory" clobber is needed).  (The square's
 * block, from mpi/, takes a pointer; the others take each limb as a
 * memory operand of its own, which the compiler addresses from the
 * stack pointer: no register for the address.) */
#define KC_X25519_FE64_IN(p) "m" (*(const uint64_t (*)[4]) (p)->n)

/* The reduction of a 512-bit product in t0..t7 to four words in
 * t0..t3 (see REDUCTION at the top), with x and y free and rdx
 * overwritten.  t0..t3 + 38 * t4..t7: the low halves of the products on
 * the OF chain, the high halves on the CF chain, the fifth word (at most
 * 38) in t4; then t4 * 38 into t0 with a carry chain, and a last carry
 * out of 2^256 as 38 (sbb gives the mask). */
#define KC_X25519_FE64_FOLD \
  "movl $38, %%edx\n\t" \
  "xorl %k[y], %k[y]\n\t"        /* clears CF and OF */ \
  "mulxq %[t4], %[x], %[y]\n\t" \
  "adoxq %[x], %[t0]\n\t" \
  "adcxq %[y], %[t1]\n\t" \
  "mulxq %[t5], %[x], %[y]\n\t" \
  "adoxq %[x], %[t1]\n\t" \
  "adcxq %[y], %[t2]\n\t" \
  "mulxq %[t6], %[x], %[y]\n\t" \
  "adoxq %[x], %[t2]\n\t" \
  "adcxq %[y], %[t3]\n\t" \
  "mulxq %[t7], %[x], %[t4]\n\t"  /* t4: the high half, at most 37 */ \
  "movl $0, %k[y]\n\t"            /* a zero; mov keeps the flags */ \
  "adoxq %[x], %[t3]\n\t" \
  "adcxq %[y], %[t4]\n\t" \
  "adoxq %[y], %[t4]\n\t"         /* the fifth word, at most 38 */ \
  "imulq $38, %[t4], %[t4]\n\t"   /* below 2^11 */ \
  "addq %[t4], %[t0]\n\t" \
  "adcq $0, %[t1]\n\t" \
  "adcq $0, %[t2]\n\t" \
  "adcq $0, %[t3]\n\t" \
  "sbbq %[x], %[x]\n\t"           /* all ones on a carry out of 2^256 */ \
  "andq $38, %[x]\n\t" \
  "addq %[x], %[t0]\n\t"          /* t0 below 38 * 39 there: no carry */

/* R = A * B: four rows of MULX, rdx = a[i]; row 0 on one carry chain,
 * rows 1..3 with the low halves on the OF chain and the high halves on
 * the CF chain, each row's top word zeroed first (the xor also clears
 * both flags) and closing both chains.  No chain carries out of its top
 * word: after row i the sum is a[0..i] * B, below 2^(64 (i + 5)).
 * Eleven registers with rdx (the limbs are memory operands), so that it
 * builds with a frame pointer too. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_mul (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a,
                     const _kc_x25519_fe64 *b)
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ ("movq %[a0], %%rdx\n\t"
           "mulxq %[b0], %[t0], %[t1]\n\t"
           "mulxq %[b1], %[x], %[t2]\n\t"
           "addq %[x], %[t1]\n\t"
           "mulxq %[b2], %[x], %[t3]\n\t"
           "adcq %[x], %[t2]\n\t"
           "mulxq %[b3], %[x], %[t4]\n\t"
           "adcq %[x], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           /* row 1 into t1..t5 */
           "movq %[a1], %%rdx\n\t"
           "xorl %k[t5], %k[t5]\n\t"
           "mulxq %[b0], %[x], %[y]\n\t"
           "adoxq %[x], %[t1]\n\t"
           "adcxq %[y], %[t2]\n\t"
           "mulxq %[b1], %[x], %[y]\n\t"
           "adoxq %[x], %[t2]\n\t"
           "adcxq %[y], %[t3]\n\t"
           "mulxq %[b2], %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq %[b3], %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "movl $0, %k[x]\n\t"
           "adoxq %[x], %[t5]\n\t"
           /* row 2 into t2..t6 */
           "movq %[a2], %%rdx\n\t"
           "xorl %k[t6], %k[t6]\n\t"
           "mulxq %[b0], %[x], %[y]\n\t"
           "adoxq %[x], %[t2]\n\t"
           "adcxq %[y], %[t3]\n\t"
           "mulxq %[b1], %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq %[b2], %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "mulxq %[b3], %[x], %[y]\n\t"
           "adoxq %[x], %[t5]\n\t"
           "adcxq %[y], %[t6]\n\t"
           "movl $0, %k[x]\n\t"
           "adoxq %[x], %[t6]\n\t"
           /* row 3 into t3..t7 */
           "movq %[a3], %%rdx\n\t"
           "xorl %k[t7], %k[t7]\n\t"
           "mulxq %[b0], %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq %[b1], %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "mulxq %[b2], %[x], %[y]\n\t"
           "adoxq %[x], %[t5]\n\t"
           "adcxq %[y], %[t6]\n\t"
           "mulxq %[b3], %[x], %[y]\n\t"
           "adoxq %[x], %[t6]\n\t"
           "adcxq %[y], %[t7]\n\t"
           "movl $0, %k[x]\n\t"
           "adoxq %[x], %[t7]\n\t"
           KC_X25519_FE64_FOLD
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a0] "m" (a->n[0]), [a1] "m" (a->n[1]), [a2] "m" (a->n[2]),
             [a3] "m" (a->n[3]), [b0] "m" (b->n[0]), [b1] "m" (b->n[1]),
             [b2] "m" (b->n[2]), [b3] "m" (b->n[3])
           : "rdx", "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A^2: the 512-bit square of mpi/x86_64/sqr4-adx.h, then the fold,
 * in one block. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_sqr (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a)
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ (KC_SQR4_ADX ("a", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
                        "x", "y")
           KC_X25519_FE64_FOLD
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a->n), KC_X25519_FE64_IN (a)
           : "rdx", "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A + B: a carry out of 2^256 folds as 38, and a second one (only
 * when the first fold wrapped, leaving a value below 38) as 38 into the
 * low word alone. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_add (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a,
                     const _kc_x25519_fe64 *b)
{
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3], m;

  __asm__ ("addq %[b0], %[t0]\n\t"
           "adcq %[b1], %[t1]\n\t"
           "adcq %[b2], %[t2]\n\t"
           "adcq %[b3], %[t3]\n\t"
           "sbbq %[m], %[m]\n\t"
           "andq $38, %[m]\n\t"
           "addq %[m], %[t0]\n\t"
           "adcq $0, %[t1]\n\t"
           "adcq $0, %[t2]\n\t"
           "adcq $0, %[t3]\n\t"
           "sbbq %[m], %[m]\n\t"
           "andq $38, %[m]\n\t"
           "addq %[m], %[t0]\n\t"
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [m] "=&r" (m)
           : [b0] "m" (b->n[0]), [b1] "m" (b->n[1]), [b2] "m" (b->n[2]),
             [b3] "m" (b->n[3])
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A - B: a borrow (the wrapped value is A - B + 2^256, 38 too much
 * mod p) takes 38 off, and a second borrow (only from a wrapped value
 * below 38) takes 38 off the low word alone, which is then above
 * 2^64 - 76 and cannot borrow. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_sub (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a,
                     const _kc_x25519_fe64 *b)
{
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3], m;

  __asm__ ("subq %[b0], %[t0]\n\t"
           "sbbq %[b1], %[t1]\n\t"
           "sbbq %[b2], %[t2]\n\t"
           "sbbq %[b3], %[t3]\n\t"
           "sbbq %[m], %[m]\n\t"
           "andq $38, %[m]\n\t"
           "subq %[m], %[t0]\n\t"
           "sbbq $0, %[t1]\n\t"
           "sbbq $0, %[t2]\n\t"
           "sbbq $0, %[t3]\n\t"
           "sbbq %[m], %[m]\n\t"
           "andq $38, %[m]\n\t"
           "subq %[m], %[t0]\n\t"
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [m] "=&r" (m)
           : [b0] "m" (b->n[0]), [b1] "m" (b->n[1]), [b2] "m" (b->n[2]),
             [b3] "m" (b->n[3])
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* The ladder's opening, with its conditional swap: R = A op B and
 * S = C op D (op: + or -, with the folds of _kc_x25519_fe64_add and
 * _kc_x25519_fe64_sub), then R and S exchanged where MASK is all ones
 * (MASK 0 or all ones).  From (x2, z2, x3, z3) this gives x2 + z2 and
 * x3 + z3 (or x2 - z2, x3 - z3) of the swapped state, which the step
 * reads nowhere else, so the state itself is never swapped in the loop.
 * Constant time: the exchange is t = (r ^ s) & MASK, r ^= t, s ^= t. */
#define KC_X25519_FE64_DEFINE_PAIR(name, op, opc, fold, foldc) \
KC_X25519_FE64_INLINE void \
name (_kc_x25519_fe64 *r, _kc_x25519_fe64 *s, const _kc_x25519_fe64 *a, \
      const _kc_x25519_fe64 *b, const _kc_x25519_fe64 *c, \
      const _kc_x25519_fe64 *d, uint64_t mask) \
{ \
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3]; \
  uint64_t u0 = c->n[0], u1 = c->n[1], u2 = c->n[2], u3 = c->n[3], m, k; \
  __asm__ (op "q %[b0], %[t0]\n\t" \
           opc "q %[b1], %[t1]\n\t" \
           opc "q %[b2], %[t2]\n\t" \
           opc "q %[b3], %[t3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq $38, %[m]\n\t" \
           fold "q %[m], %[t0]\n\t" \
           foldc "q $0, %[t1]\n\t" \
           foldc "q $0, %[t2]\n\t" \
           foldc "q $0, %[t3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq $38, %[m]\n\t" \
           fold "q %[m], %[t0]\n\t" \
           op "q %[d0], %[u0]\n\t" \
           opc "q %[d1], %[u1]\n\t" \
           opc "q %[d2], %[u2]\n\t" \
           opc "q %[d3], %[u3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq $38, %[m]\n\t" \
           fold "q %[m], %[u0]\n\t" \
           foldc "q $0, %[u1]\n\t" \
           foldc "q $0, %[u2]\n\t" \
           foldc "q $0, %[u3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq $38, %[m]\n\t" \
           fold "q %[m], %[u0]\n\t" \
           "movq %[t0], %[k]\n\t" \
           "xorq %[u0], %[k]\n\t" \
           "andq %[mask], %[k]\n\t" \
           "xorq %[k], %[t0]\n\t" \
           "xorq %[k], %[u0]\n\t" \
           "movq %[t1], %[k]\n\t" \
           "xorq %[u1], %[k]\n\t" \
           "andq %[mask], %[k]\n\t" \
           "xorq %[k], %[t1]\n\t" \
           "xorq %[k], %[u1]\n\t" \
           "movq %[t2], %[k]\n\t" \
           "xorq %[u2], %[k]\n\t" \
           "andq %[mask], %[k]\n\t" \
           "xorq %[k], %[t2]\n\t" \
           "xorq %[k], %[u2]\n\t" \
           "movq %[t3], %[k]\n\t" \
           "xorq %[u3], %[k]\n\t" \
           "andq %[mask], %[k]\n\t" \
           "xorq %[k], %[t3]\n\t" \
           "xorq %[k], %[u3]\n\t" \
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2), \
             [t3] "+&r" (t3), [u0] "+&r" (u0), [u1] "+&r" (u1), \
             [u2] "+&r" (u2), [u3] "+&r" (u3), [m] "=&r" (m), [k] "=&r" (k) \
           : [b0] "m" (b->n[0]), [b1] "m" (b->n[1]), [b2] "m" (b->n[2]), \
             [b3] "m" (b->n[3]), [d0] "m" (d->n[0]), [d1] "m" (d->n[1]), \
             [d2] "m" (d->n[2]), [d3] "m" (d->n[3]), [mask] "r" (mask) \
           : "cc"); \
  r->n[0] = t0; \
  r->n[1] = t1; \
  r->n[2] = t2; \
  r->n[3] = t3; \
  s->n[0] = u0; \
  s->n[1] = u1; \
  s->n[2] = u2; \
  s->n[3] = u3; \
}
KC_X25519_FE64_DEFINE_PAIR (_kc_x25519_fe64_add_pair_swap, "add", "adc",
                            "add", "adc")
KC_X25519_FE64_DEFINE_PAIR (_kc_x25519_fe64_sub_pair_swap, "sub", "sbb",
                            "sub", "sbb")

/* R = A * K for 0 <= K < 2^32 (the ladder's 121665 and 9): the fifth
 * word (below K) folds as 38 times it (below 2^38), then a carry out of
 * 2^256 as 38 (the wrapped value is below 2^38: no further carry). */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_mul_small (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a,
                           uint32_t k)
{
  uint64_t t0, t1, t2, t3, t4, x;

  __asm__ ("mulxq %[a0], %[t0], %[t1]\n\t"
           "mulxq %[a1], %[x], %[t2]\n\t"
           "addq %[x], %[t1]\n\t"
           "mulxq %[a2], %[x], %[t3]\n\t"
           "adcq %[x], %[t2]\n\t"
           "mulxq %[a3], %[x], %[t4]\n\t"
           "adcq %[x], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           "imulq $38, %[t4], %[t4]\n\t"
           "addq %[t4], %[t0]\n\t"
           "adcq $0, %[t1]\n\t"
           "adcq $0, %[t2]\n\t"
           "adcq $0, %[t3]\n\t"
           "sbbq %[x], %[x]\n\t"
           "andq $38, %[x]\n\t"
           "addq %[x], %[t0]\n\t"
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [x] "=&r" (x)
           : [a0] "m" (a->n[0]), [a1] "m" (a->n[1]), [a2] "m" (a->n[2]),
             [a3] "m" (a->n[3]), "d" ((uint64_t) k)
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A * K + B for 0 <= K < 2^32 (the ladder's AA + a24 E): as
 * _kc_x25519_fe64_mul_small, with B added to the five words before the
 * fold; the fifth word is then at most K, its fold below 2^38. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_mul_small_add (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a,
                               uint32_t k, const _kc_x25519_fe64 *b)
{
  uint64_t t0, t1, t2, t3, t4, x;

  __asm__ ("mulxq %[a0], %[t0], %[t1]\n\t"
           "mulxq %[a1], %[x], %[t2]\n\t"
           "addq %[x], %[t1]\n\t"
           "mulxq %[a2], %[x], %[t3]\n\t"
           "adcq %[x], %[t2]\n\t"
           "mulxq %[a3], %[x], %[t4]\n\t"
           "adcq %[x], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           "addq %[b0], %[t0]\n\t"
           "adcq %[b1], %[t1]\n\t"
           "adcq %[b2], %[t2]\n\t"
           "adcq %[b3], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           "imulq $38, %[t4], %[t4]\n\t"
           "addq %[t4], %[t0]\n\t"
           "adcq $0, %[t1]\n\t"
           "adcq $0, %[t2]\n\t"
           "adcq $0, %[t3]\n\t"
           "sbbq %[x], %[x]\n\t"
           "andq $38, %[x]\n\t"
           "addq %[x], %[t0]\n\t"
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [x] "=&r" (x)
           : [a0] "m" (a->n[0]), [a1] "m" (a->n[1]), [a2] "m" (a->n[2]),
             [a3] "m" (a->n[3]), [b0] "m" (b->n[0]), [b1] "m" (b->n[1]),
             [b2] "m" (b->n[2]), [b3] "m" (b->n[3]), "d" ((uint64_t) k)
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A mod p, below p.  First bit 255 folds as 19 (2^255 = 19 mod p):
 * X = (A mod 2^255) + 19 (A >> 255), below 2^255 + 19 < 2p.  Then X >= p
 * exactly when X + 19 reaches 2^255, i.e. when bit 255 of X + 19 (below
 * 2^256) is set: Q is that bit, and X + 19 Q with bit 255 cleared is
 * X - p if Q, else X (then below 2^255 - 19, bit 255 already clear). */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_freeze (_kc_x25519_fe64 *r, const _kc_x25519_fe64 *a)
{
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3], q;

  __asm__ ("movq %[t3], %[q]\n\t"
           "shrq $63, %[q]\n\t"
           "imulq $19, %[q], %[q]\n\t"
           "btrq $63, %[t3]\n\t"
           "addq %[q], %[t0]\n\t"
           "adcq $0, %[t1]\n\t"
           "adcq $0, %[t2]\n\t"
           "adcq $0, %[t3]\n\t"      /* X, below 2^255 + 19 */
           /* Q: bit 255 of X + 19, the sum's words through q in turn
            * (mov keeps the flags) */
           "movq %[t0], %[q]\n\t"
           "addq $19, %[q]\n\t"
           "movq %[t1], %[q]\n\t"
           "adcq $0, %[q]\n\t"
           "movq %[t2], %[q]\n\t"
           "adcq $0, %[q]\n\t"
           "movq %[t3], %[q]\n\t"
           "adcq $0, %[q]\n\t"
           "shrq $63, %[q]\n\t"
           "imulq $19, %[q], %[q]\n\t"
           "addq %[q], %[t0]\n\t"
           "adcq $0, %[t1]\n\t"
           "adcq $0, %[t2]\n\t"
           "adcq $0, %[t3]\n\t"
           "btrq $63, %[t3]\n\t"
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [q] "=&r" (q)
           :
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* Swap A and B if FLAG (0 or 1) is 1, by masks: limb by limb,
 * t = (a ^ b) & mask, a ^= t, b ^= t.  Assembly, so that the compiler
 * does not turn it into 16-byte vector loads of limbs that the field's
 * kernels have just stored as 8-byte words (a store-forwarding stall).
 * The ladder's last swap; the swaps of its steps are in the pair
 * functions above.  Constant time. */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_cswap (_kc_x25519_fe64 *a, _kc_x25519_fe64 *b,
                       uint64_t flag)
{
  uint64_t m = ct_mask_from_flag_u64 (flag), x, y, t;

  __asm__ ("movq %[a0], %[x]\n\t"
           "movq %[b0], %[y]\n\t"
           "movq %[x], %[t]\n\t"
           "xorq %[y], %[t]\n\t"
           "andq %[m], %[t]\n\t"
           "xorq %[t], %[x]\n\t"
           "xorq %[t], %[y]\n\t"
           "movq %[x], %[a0]\n\t"
           "movq %[y], %[b0]\n\t"
           "movq %[a1], %[x]\n\t"
           "movq %[b1], %[y]\n\t"
           "movq %[x], %[t]\n\t"
           "xorq %[y], %[t]\n\t"
           "andq %[m], %[t]\n\t"
           "xorq %[t], %[x]\n\t"
           "xorq %[t], %[y]\n\t"
           "movq %[x], %[a1]\n\t"
           "movq %[y], %[b1]\n\t"
           "movq %[a2], %[x]\n\t"
           "movq %[b2], %[y]\n\t"
           "movq %[x], %[t]\n\t"
           "xorq %[y], %[t]\n\t"
           "andq %[m], %[t]\n\t"
           "xorq %[t], %[x]\n\t"
           "xorq %[t], %[y]\n\t"
           "movq %[x], %[a2]\n\t"
           "movq %[y], %[b2]\n\t"
           "movq %[a3], %[x]\n\t"
           "movq %[b3], %[y]\n\t"
           "movq %[x], %[t]\n\t"
           "xorq %[y], %[t]\n\t"
           "andq %[m], %[t]\n\t"
           "xorq %[t], %[x]\n\t"
           "xorq %[t], %[y]\n\t"
           "movq %[x], %[a3]\n\t"
           "movq %[y], %[b3]\n\t"
           : [x] "=&r" (x), [y] "=&r" (y), [t] "=&r" (t),
             [a0] "+m" (a->n[0]), [a1] "+m" (a->n[1]), [a2] "+m" (a->n[2]),
             [a3] "+m" (a->n[3]), [b0] "+m" (b->n[0]), [b1] "+m" (b->n[1]),
             [b2] "+m" (b->n[2]), [b3] "+m" (b->n[3])
           : [m] "r" (m)
           : "cc");
}

/* From five radix-2^51 limbs, each below 2^51 (so the value is below
 * 2^255 and the limbs do not overlap), and back (R fully reduced, limbs
 * below 2^51). */
KC_X25519_FE64_INLINE void
_kc_x25519_fe64_from51 (_kc_x25519_fe64 *r, const uint64_t v[5])
{
  KC_VERIFY_CHECK (((v[0] | v[1] | v[2] | v[3] | v[4]) >> 51) == 0);
  r->n[0] = v[0] | v[1] << 51;
  r->n[1] = v[1] >> 13 | v[2] << 38;
  r->n[2] = v[2] >> 26 | v[3] << 25;
  r->n[3] = v[3] >> 39 | v[4] << 12;
}

KC_X25519_FE64_INLINE void
_kc_x25519_fe64_to51 (uint64_t v[5], const _kc_x25519_fe64 *a)
{
  const uint64_t m51 = (((uint64_t) 1) << 51) - 1;
  _kc_x25519_fe64 t;

  _kc_x25519_fe64_freeze (&t, a);
  v[0] = t.n[0] & m51;
  v[1] = (t.n[0] >> 51 | t.n[1] << 13) & m51;
  v[2] = (t.n[1] >> 38 | t.n[2] << 26) & m51;
  v[3] = (t.n[2] >> 25 | t.n[3] << 39) & m51;
  v[4] = t.n[3] >> 12;                  /* bit 255 clear: below 2^51 */
  wipememory (&t, sizeof t);
}

#endif /* KC_LIMB_ADX */
#endif /* KC_X25519_FIELD_4X64_H */
