/* secp256k1/x86_64/field-4x64.h - field elements mod p = 2^256 - 2^32 - 977 in
 * four 64-bit limbs, with MULX/ADCX/ADOX (x86-64 BMI2 and ADX)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * REPRESENTATION
 *   An element is four uint64 limbs n[0..3]; its value is
 *     n[0] + n[1]*2^64 + n[2]*2^128 + n[3]*2^192,
 *   any integer in [0, 2^256), taken mod p.  Every function below takes
 *   and gives such values ("loose": not always below p, since p and
 *   2^256 differ by only R = 2^256 - p = 0x1000003D1); there are no
 *   magnitudes to track.  normalize brings a value below p.
 *
 * WHY A SECOND FIELD
 *   On AMD Zen 5 this multiplication takes about half the time of the
 *   5x52 one (doc/MEASUREMENTS), where on Intel Sapphire Rapids it did
 *   not win, so it serves only the variable-time double multiplication
 *   (secp256k1/x86_64/ecmult-4x64.h, included by secp256k1/ecmult.c), chosen
 *   at run time where _kc_hwf_prefer () has KC_PREFER_MULX (AMD Zen 4 and
 *   Zen 5, with BMI2 and ADX), and converts from and to 5x52 at its
 *   ends; and the square root (_kc_fe64_sqrt, the one out-of-line
 *   function, in secp256k1/x86_64/field-4x64.c), which the group's
 *   _kc_secp256k1_fe_sqrt_chosen takes under the same choice.
 *
 * REDUCTION
 *   2^256 = R mod p.  A 512-bit product H*2^256 + L becomes L + H*R
 *   (below 2^256 + 2^290), whose top word c (below 2^35) folds again
 *   as c*R (below 2^69, two words), and a last carry out of 2^256 as one
 *   more R (the low part is then below 2^70, so that cannot carry).
 *   Additions fold their carry the same way; subtractions take R off
 *   on a borrow (adding p), twice at most.
 *
 * CONSTANT TIME
 *   Everything here except the _var functions runs in time independent
 *   of the values: the folds are masks, not branches.  The kernels are
 *   inline assembly, built where KC_LIMB_ADX is (mpi/limb.h), and used
 *   only where _kc_limb_have_adx () says the CPU has the instructions.
 */
#ifndef KC_SECP256K1_FIELD_4X64_H
#define KC_SECP256K1_FIELD_4X64_H

#include "secp256k1/field-5x52.h"
#include "x86_64/sqr4-adx.h"      /* mpi/: the 4-limb square */

/* The gate of the 4x64 field and the ecmult code on it: MULX (BMI2),
 * ADCX and ADOX (ADX); it is chosen where the CPU also has the measured
 * preference KC_PREFER_MULX (src/dispatch.h). */
#define KC_FE64_ISA BMI2, ADX
#define KC_FE64_HWF KC_ISA_HWF (KC_FE64_ISA)
#define KC_FE64_PREFER KC_PREFER_MULX

#ifdef KC_LIMB_ADX

typedef struct
{
  uint64_t n[4];
} _kc_fe64;

/* Inlined into every formula: a call would save and restore the six
 * callee-saved registers the kernels use. */
#define KC_FE64_INLINE static inline __attribute__ ((always_inline))

/* 1 where this field is the one to use: BMI2, ADX and the measured
 * preference KC_PREFER_MULX (src/dispatch.h); the choice between the
 * two secp256k1 fields, made once per multiplication (ecmult.c) or
 * square root (group.c). */
static inline int
_kc_fe64_chosen (void)
{
  return _kc_hwf_has (KC_FE64_HWF)
         && (_kc_hwf_prefer () & KC_FE64_PREFER) == KC_FE64_PREFER;
}

/* The four limbs an assembly block reads through its pointer operand, as
 * an input (so that no "memory" clobber is needed). */
#define KC_FE64_IN(p) "m" (*(const uint64_t (*)[4]) (p)->n)

/* The reduction of a 512-bit product in t0..t7 (the operands of mul and
 * sqr) to four words in t0..t3, with x and y free and rdx overwritten:
 * t0..t3 + t4..t7 * R, whose top word (below 2^35) folds again as a
 * two-word product, then a carry out of 2^256 as one more R.  The zeros
 * the chains end on are y once free (mov keeps the flags) and
 * immediates. */
#define KC_FE64_FOLD \
  /* fold: t0..t3 + t4..t7 * R, the top word into t4 */ \
  "movq $0x1000003D1, %%rdx\n\t" \
  "xorl %k[y], %k[y]\n\t" \
  "mulxq %[t4], %[x], %[y]\n\t" \
  "adoxq %[x], %[t0]\n\t" \
  "adcxq %[y], %[t1]\n\t" \
  "mulxq %[t5], %[x], %[y]\n\t" \
  "adoxq %[x], %[t1]\n\t" \
  "adcxq %[y], %[t2]\n\t" \
  "mulxq %[t6], %[x], %[y]\n\t" \
  "adoxq %[x], %[t2]\n\t" \
  "adcxq %[y], %[t3]\n\t" \
  "mulxq %[t7], %[x], %[t4]\n\t" \
  "movl $0, %k[y]\n\t" \
  "adoxq %[x], %[t3]\n\t" \
  "adcxq %[y], %[t4]\n\t" \
  "adoxq %[y], %[t4]\n\t" \
  /* fold the top word: t4 * R, two words */ \
  "mulxq %[t4], %[x], %[y]\n\t" \
  "addq %[x], %[t0]\n\t" \
  "adcq %[y], %[t1]\n\t" \
  "adcq $0, %[t2]\n\t" \
  "adcq $0, %[t3]\n\t" \
  /* a carry out of 2^256: one more R */ \
  "sbbq %[x], %[x]\n\t" \
  "andq %%rdx, %[x]\n\t" \
  "addq %[x], %[t0]\n\t" \
  "adcq $0, %[t1]\n\t" \
  "adcq $0, %[t2]\n\t" \
  "adcq $0, %[t3]\n\t"

/* R = A * B. */
KC_FE64_INLINE void
_kc_fe64_mul (_kc_fe64 *r, const _kc_fe64 *a, const _kc_fe64 *b)
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  /* Rows: rdx = a[i]; the low halves on the OF chain, the high halves on
   * the CF chain.  Thirteen registers, so that it also builds with a
   * frame pointer: the zero the chains end on is the next row's fresh
   * top word (t6, t7), then y once free (mov keeps the flags). */
  __asm__ ("movq 0(%[a]), %%rdx\n\t"
           "mulxq 0(%[b]), %[t0], %[t1]\n\t"
           "mulxq 8(%[b]), %[x], %[t2]\n\t"
           "addq %[x], %[t1]\n\t"
           "mulxq 16(%[b]), %[x], %[t3]\n\t"
           "adcq %[x], %[t2]\n\t"
           "mulxq 24(%[b]), %[x], %[t4]\n\t"
           "adcq %[x], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           /* row 1; t6 is zero here */
           "movq 8(%[a]), %%rdx\n\t"
           "xorl %k[t5], %k[t5]\n\t"
           "xorl %k[t6], %k[t6]\n\t"
           "mulxq 0(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t1]\n\t"
           "adcxq %[y], %[t2]\n\t"
           "mulxq 8(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t2]\n\t"
           "adcxq %[y], %[t3]\n\t"
           "mulxq 16(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq 24(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "adoxq %[t6], %[t5]\n\t"
           /* row 2; t7 is zero here, t6 still is */
           "movq 16(%[a]), %%rdx\n\t"
           "xorl %k[t7], %k[t7]\n\t"
           "mulxq 0(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t2]\n\t"
           "adcxq %[y], %[t3]\n\t"
           "mulxq 8(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq 16(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "mulxq 24(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t5]\n\t"
           "adcxq %[y], %[t6]\n\t"
           "adoxq %[t7], %[t6]\n\t"
           /* row 3 */
           "movq 24(%[a]), %%rdx\n\t"
           "xorl %k[x], %k[x]\n\t"
           "mulxq 0(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t3]\n\t"
           "adcxq %[y], %[t4]\n\t"
           "mulxq 8(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t4]\n\t"
           "adcxq %[y], %[t5]\n\t"
           "mulxq 16(%[b]), %[x], %[y]\n\t"
           "adoxq %[x], %[t5]\n\t"
           "adcxq %[y], %[t6]\n\t"
           "mulxq 24(%[b]), %[x], %[t7]\n\t"
           "movl $0, %k[y]\n\t"
           "adoxq %[x], %[t6]\n\t"
           "adcxq %[y], %[t7]\n\t"
           "adoxq %[y], %[t7]\n\t"
           KC_FE64_FOLD
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a->n), [b] "r" (b->n), KC_FE64_IN (a), KC_FE64_IN (b)
           : "rdx", "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A^2: the 512-bit square from mpi/x86_64/sqr4-adx.h (the six cross
 * products once, doubled, plus the four squares), then the fold, in one
 * block. */
KC_FE64_INLINE void
_kc_fe64_sqr (_kc_fe64 *r, const _kc_fe64 *a)
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ (KC_SQR4_ADX ("a", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
                        "x", "y")
           KC_FE64_FOLD
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a->n), KC_FE64_IN (a)
           : "rdx", "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A + B and R = A - B, one body: OP and OPC are add and adc, or sub
 * and sbb.  A carry out of 2^256 folds as R (2^256 = R mod p), and a
 * second one (only when the first fold wrapped, leaving a value below R)
 * as R again; a borrow takes R off the wrapped value (adds p), twice at
 * most, the second time only from a value below R. */
#define KC_FE64_DEFINE_ADDSUB(name, op, opc) \
KC_FE64_INLINE void \
name (_kc_fe64 *r, const _kc_fe64 *a, const _kc_fe64 *b) \
{ \
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3], m; \
  __asm__ (op "q 0(%[b]), %[t0]\n\t" \
           opc "q 8(%[b]), %[t1]\n\t" \
           opc "q 16(%[b]), %[t2]\n\t" \
           opc "q 24(%[b]), %[t3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq %[R], %[m]\n\t" \
           op "q %[m], %[t0]\n\t" \
           opc "q $0, %[t1]\n\t" \
           opc "q $0, %[t2]\n\t" \
           opc "q $0, %[t3]\n\t" \
           "sbbq %[m], %[m]\n\t" \
           "andq %[R], %[m]\n\t" \
           op "q %[m], %[t0]\n\t" \
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2), \
             [t3] "+&r" (t3), [m] "=&r" (m) \
           : [b] "r" (b->n), [R] "r" ((uint64_t) KC_FE_R), KC_FE64_IN (b) \
           : "cc"); \
  r->n[0] = t0; \
  r->n[1] = t1; \
  r->n[2] = t2; \
  r->n[3] = t3; \
}
KC_FE64_DEFINE_ADDSUB (_kc_fe64_add, "add", "adc")
KC_FE64_DEFINE_ADDSUB (_kc_fe64_sub, "sub", "sbb")

/* R = A * K for 0 <= K < 2^30: the fifth word (below K) folds as K*R,
 * then a carry as R. */
KC_FE64_INLINE void
_kc_fe64_mul_int (_kc_fe64 *r, const _kc_fe64 *a, uint64_t k)
{
  uint64_t t0, t1, t2, t3, t4, x, z;

  __asm__ ("xorl %k[z], %k[z]\n\t"
           "mulxq 0(%[a]), %[t0], %[t1]\n\t"
           "mulxq 8(%[a]), %[x], %[t2]\n\t"
           "adcxq %[x], %[t1]\n\t"
           "mulxq 16(%[a]), %[x], %[t3]\n\t"
           "adcxq %[x], %[t2]\n\t"
           "mulxq 24(%[a]), %[x], %[t4]\n\t"
           "adcxq %[x], %[t3]\n\t"
           "adcxq %[z], %[t4]\n\t"
           "imulq %[R], %[t4]\n\t"
           "addq %[t4], %[t0]\n\t"
           "adcq %[z], %[t1]\n\t"
           "adcq %[z], %[t2]\n\t"
           "adcq %[z], %[t3]\n\t"
           "sbbq %[x], %[x]\n\t"
           "andq %[R], %[x]\n\t"
           "addq %[x], %[t0]\n\t"
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [x] "=&r" (x), [z] "=&r" (z)
           : [a] "r" (a->n), "d" (k), [R] "r" ((uint64_t) KC_FE_R),
             KC_FE64_IN (a)
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = A / 2 mod p: A + p if A is odd (below 2^257), shifted right once. */
KC_FE64_INLINE void
_kc_fe64_half (_kc_fe64 *r, const _kc_fe64 *a)
{
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3], m, c;

  __asm__ ("movq %[t0], %[m]\n\t"
           "andq $1, %[m]\n\t"
           "negq %[m]\n\t"               /* all ones if A is odd */
           "movq %[R], %[c]\n\t"
           "andq %[m], %[c]\n\t"
           "subq %[c], %[t0]\n\t"        /* A + (2^256 - R) = A + p ... */
           "sbbq $0, %[t1]\n\t"
           "sbbq $0, %[t2]\n\t"
           "sbbq $0, %[t3]\n\t"
           "cmc\n\t"                     /* ... with its 2^256 bit: set
                                            unless the subtraction of R
                                            borrowed, and only when odd */
           "sbbq %[c], %[c]\n\t"
           "andq %[m], %[c]\n\t"
           "shrdq $1, %[t1], %[t0]\n\t"
           "shrdq $1, %[t2], %[t1]\n\t"
           "shrdq $1, %[t3], %[t2]\n\t"
           "shrdq $1, %[c], %[t3]\n\t"
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [m] "=&r" (m), [c] "=&r" (c)
           : [R] "r" ((uint64_t) KC_FE_R)
           : "cc");
  r->n[0] = t0;
  r->n[1] = t1;
  r->n[2] = t2;
  r->n[3] = t3;
}

/* R = -A (as 0 - A). */
KC_FE64_INLINE void
_kc_fe64_negate (_kc_fe64 *r, const _kc_fe64 *a)
{
  static const _kc_fe64 zero = {{ 0, 0, 0, 0 }};
  _kc_fe64_sub (r, &zero, a);
}

/* R = A mod p, below p: A + R when that carries out of 2^256 (A >= p;
 * A - p < R, so once is enough), else A.  _limbs: into any four limbs
 * (a table's storage form). */
KC_FE64_INLINE void
_kc_fe64_normalize_limbs (uint64_t r[4], const _kc_fe64 *a)
{
  uint64_t t0 = a->n[0], t1 = a->n[1], t2 = a->n[2], t3 = a->n[3];
  uint64_t u0 = t0, u1 = t1, u2 = t2, u3 = t3;

  __asm__ ("addq %[R], %[u0]\n\t"
           "adcq $0, %[u1]\n\t"
           "adcq $0, %[u2]\n\t"
           "adcq $0, %[u3]\n\t"
           "cmovcq %[u0], %[t0]\n\t"
           "cmovcq %[u1], %[t1]\n\t"
           "cmovcq %[u2], %[t2]\n\t"
           "cmovcq %[u3], %[t3]\n\t"
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [u0] "+&r" (u0), [u1] "+&r" (u1),
             [u2] "+&r" (u2), [u3] "+&r" (u3)
           : [R] "r" ((uint64_t) KC_FE_R)
           : "cc");
  r[0] = t0;
  r[1] = t1;
  r[2] = t2;
  r[3] = t3;
}

KC_FE64_INLINE void
_kc_fe64_normalize (_kc_fe64 *r, const _kc_fe64 *a)
{
  _kc_fe64_normalize_limbs (r->n, a);
}

/* 1 if A = 0 mod p (A is 0 or p).  Variable time. */
KC_FE64_INLINE int
_kc_fe64_is_zero_var (const _kc_fe64 *a)
{
  if ((a->n[0] | a->n[1] | a->n[2] | a->n[3]) == 0)
    return 1;
  return a->n[0] == 0xFFFFFFFEFFFFFC2FULL && a->n[1] == ~0ULL
         && a->n[2] == ~0ULL && a->n[3] == ~0ULL;
}

/* 1 if A = 0 mod p, constant time. */
KC_FE64_INLINE int
_kc_fe64_is_zero (const _kc_fe64 *a)
{
  _kc_fe64 t;
  _kc_fe64_normalize (&t, a);
  return (int) (1 - ct_is_nonzero_u64 (t.n[0] | t.n[1] | t.n[2] | t.n[3]));
}

/* If FLAG (0 or 1): R = A.  Constant time: both read, cmov on a test of
 * FLAG (as _kc_fe64_normalize's on a carry).  In general registers: the
 * masked C form (ct_cmov_u64) became 16-byte vector loads of limbs the
 * field's assembly had just stored 8 bytes at a time, store-forwarding
 * stalls in every complete addition. */
KC_FE64_INLINE void
_kc_fe64_cmov (_kc_fe64 *r, const _kc_fe64 *a, int flag)
{
  uint64_t r0 = r->n[0], r1 = r->n[1], r2 = r->n[2], r3 = r->n[3];

  __asm__ ("testl %[f], %[f]\n\t"
           "cmovnzq %[a0], %[r0]\n\t"
           "cmovnzq %[a1], %[r1]\n\t"
           "cmovnzq %[a2], %[r2]\n\t"
           "cmovnzq %[a3], %[r3]"
           : [r0] "+r" (r0), [r1] "+r" (r1), [r2] "+r" (r2), [r3] "+r" (r3)
           : [a0] "rm" (a->n[0]), [a1] "rm" (a->n[1]), [a2] "rm" (a->n[2]),
             [a3] "rm" (a->n[3]), [f] "r" (flag)
           : "cc");
  r->n[0] = r0;
  r->n[1] = r1;
  r->n[2] = r2;
  r->n[3] = r3;
}

KC_FE64_INLINE void
_kc_fe64_set_int (_kc_fe64 *r, uint64_t v)
{
  r->n[0] = v;
  r->n[1] = r->n[2] = r->n[3] = 0;
}

/* From 5x52 (any magnitude) and back (Out: normalized).  Constant time. */
KC_FE64_INLINE void
_kc_fe64_from_fe (_kc_fe64 *r, const _kc_secp256k1_fe *a)
{
  _kc_secp256k1_fe t = *a;
  _kc_secp256k1_fe_storage s;
  _kc_secp256k1_fe_normalize (&t);
  _kc_secp256k1_fe_to_storage (&s, &t);
  r->n[0] = s.n[0];
  r->n[1] = s.n[1];
  r->n[2] = s.n[2];
  r->n[3] = s.n[3];
}

KC_FE64_INLINE void
_kc_fe64_to_fe (_kc_secp256k1_fe *r, const _kc_fe64 *a)
{
  _kc_secp256k1_fe_storage s;
  _kc_fe64 t;
  _kc_fe64_normalize (&t, a);
  s.n[0] = t.n[0];
  s.n[1] = t.n[1];
  s.n[2] = t.n[2];
  s.n[3] = t.n[3];
  _kc_secp256k1_fe_from_storage (r, &s);
}

/* _kc_secp256k1_fe_sqrt (the same contract, 5x52 in and out) with the
 * exponentiation on this field (secp256k1/x86_64/field-4x64.c).
 * Constant time. */
int _kc_fe64_sqrt (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);
/* _kc_secp256k1_fe_pow_p34 (A^((p-3)/4)) with the exponentiation on this
 * field; 5x52 in and out (Out: normalized).  Constant time. */
void _kc_fe64_pow_p34 (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a);

#endif /* KC_LIMB_ADX */
#endif /* KC_SECP256K1_FIELD_4X64_H */
