/* mont-p256.c - Montgomery multiplication modulo P-256's p: the named
 * modulus p256_p (moduli-p256.c) with a reduction of its own.
 * Contract in mont.h (_kc_mont_mul_redc_p256).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1, limbs (2^64 - 1, 2^32 - 1, 0,
 * 2^64 - 2^32 + 1); -p^-1 mod 2^64 = 1, so a reduction row's quotient
 * is the low word q itself, and q*p needs one product:
 *   q*p = q*2^64*(2^192 - 2^160 + 2^128 + 2^32) - q
 *       = -q + q*2^96 + q*(2^64 - 2^32 + 1)*2^192
 * The -q cancels the low word (which is q), the q*2^96 term is a shift
 * (q << 32 into word 1, q >> 32 into word 2), and q*p3 is one 64x64
 * product into words 3 and 4.
 *
 * The algorithm (the same in C and in the MULX/ADX assembly): the full
 * 512-bit product T = a*b (or a^2), then four such rows on its low half
 * L only, which leave U = (L + Q*p) / 2^256 for the Q (< 2^256) that
 * makes L + Q*p divisible by 2^256, and then T/2^256 + U, reduced once.
 * Bounds: a row takes a 4-word window W < 2^256 to (W + q*p)/2^64 <
 * (2^256 + 2^64 p)/2^64 < p + 2^192 < 2^256, so the window stays four
 * words and no carry leaves its top word (the top word is the high half
 * of q*p3, at most 2^64 - 2^32, plus one carry); U < (2^256 + 2^256 p) /
 * 2^256 = p + 1, so U <= p.  T / 2^256 <= (p-1)^2 / 2^256 < p, so
 * T/2^256 + U < 2p: one carry bit above the four words and one
 * conditional subtraction of p (selected by that bit and the borrow,
 * constant time) give [0, p).
 *
 * The C form uses mpi/limb.h's double words (native or the
 * KC_NO_INT128 pair); the assembly (KC_LIMB_ADX: x86-64 with BMI2 and
 * ADX, chosen at each call by _kc_limb_have_adx (), so that
 * _kc_hwf_set_mask (0) or KCRYPT_HWF_MASK=0 runs the C form) computes
 * the product with MULX rows (low words on the OF chain, high words on
 * the CF chain) and the square with mpi/x86_64/sqr4-adx.h, and reduces
 * and subtracts (cmov) in the same block.  Every instruction is constant time (no branch, no
 * address depends on the values).
 */
#include "kcrypt-int.h"
#include "mont.h"

#define P3 0xffffffff00000001ULL

/* Every loop below has a constant trip count of at most 4: unrolled, so
 * that every index is a constant and the limbs stay in registers. */
#if defined(__clang__)
# define UNROLL _Pragma ("clang loop unroll(full)")
#elif defined(__GNUC__)
# define UNROLL _Pragma ("GCC unroll 8")
#else
# define UNROLL
#endif

static const uint64_t p256_p[4] = {
  0xffffffffffffffffULL, 0x00000000ffffffffULL, 0, P3
};

/* r = (h + u) mod p for h, u words with h + u < 2p: the sum's carry is
 * the top bit; subtract p when it is set or when the sum is >= p. */
static KC_ALWAYS_INLINE void
add_final (uint64_t r[4], const uint64_t h[4], const uint64_t u[4])
{
  uint64_t t[4], d[4], mask;
  unsigned char c = 0, br = 0;
  int j;

  UNROLL
  for (j = 0; j < 4; j++)
    t[j] = _kc_adc (h[j], u[j], &c);
  UNROLL
  for (j = 0; j < 4; j++)
    d[j] = _kc_sbb (t[j], p256_p[j], &br);
  mask = ct_mask_from_flag_u64 ((uint64_t) c | (uint64_t) (br ^ 1));
  UNROLL
  for (j = 0; j < 4; j++)
    r[j] = ct_select_u64 (mask, d[j], t[j]);
}

/* The four rows on the low half w[0..3] of a product: w becomes U. */
static KC_ALWAYS_INLINE void
reduce_low (uint64_t w[4])
{
  uint64_t w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], lo, hi, q;
  unsigned char c;
  int i;

  UNROLL
  for (i = 0; i < 4; i++)
    {
      q = w0;
      lo = _kc_mul64 (&hi, q, P3);
      c = 0;
      w0 = _kc_adc (w1, q << 32, &c);
      w1 = _kc_adc (w2, q >> 32, &c);
      w2 = _kc_adc (w3, lo, &c);
      w3 = hi + c;                      /* hi <= 2^64 - 2^32 */
    }
  w[0] = w0; w[1] = w1; w[2] = w2; w[3] = w3;
}

static KC_ALWAYS_INLINE void
mul_p256_c (uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
  uint64_t t[8];
  int i, j;

  UNROLL
  for (j = 0; j < 8; j++)
    t[j] = 0;
  UNROLL
  for (i = 0; i < 4; i++)
    {
      uint64_t c = 0;
      UNROLL
      for (j = 0; j < 4; j++)
        t[i + j] = _kc_mac64 (&c, a[j], b[i], t[i + j], c);
      t[i + 4] = c;
    }
  reduce_low (t);
  add_final (r, t + 4, t);
}

static KC_ALWAYS_INLINE void
sqr_p256_c (uint64_t r[4], const uint64_t a[4])
{
  uint64_t s[8], bit = 0;
  unsigned char cc = 0;
  int i, j;

  /* cross products a_i a_j, i < j, then doubled plus the squares */
  UNROLL
  for (j = 0; j < 8; j++)
    s[j] = 0;
  UNROLL
  for (i = 0; i < 3; i++)
    {
      uint64_t c = 0;
      UNROLL
      for (j = 0; j < 4; j++)
        if (j > i)
          s[i + j] = _kc_mac64 (&c, a[i], a[j], s[i + j], c);
      s[i + 4] = c;
    }
  UNROLL
  for (i = 0; i < 4; i++)
    {
      uint64_t lo = s[2 * i], hi = s[2 * i + 1], dlo, dhi, nlo, nhi;
      dlo = _kc_mul64 (&dhi, a[i], a[i]);
      nlo = (lo << 1) | bit;
      nhi = (hi << 1) | (lo >> 63);
      bit = hi >> 63;
      s[2 * i] = _kc_adc (nlo, dlo, &cc);
      s[2 * i + 1] = _kc_adc (nhi, dhi, &cc);
    }
  reduce_low (s);
  add_final (r, s + 4, s);
}

#ifdef KC_LIMB_ADX
# include "x86_64/sqr4-adx.h"

/* One reduction row on the window A B C D (A the low word, the
 * quotient): afterwards the window is B C D A.  X and Y are scratch; the
 * rdx register holds q for MULX and then q << 32. */
# define P256_RED_ROW(A, B, C, D) \
  "movq %[" A "], %%rdx\n\t" \
  "mulxq %[p3], %[x], %[y]\n\t" \
  "shlq $32, %%rdx\n\t" \
  "shrq $32, %[" A "]\n\t" \
  "addq %%rdx, %[" B "]\n\t" \
  "adcq %[" A "], %[" C "]\n\t" \
  "adcq %[x], %[" D "]\n\t" \
  "adcq $0, %[y]\n\t" \
  "movq %[y], %[" A "]\n\t"
# define P256_RED \
  P256_RED_ROW ("t0", "t1", "t2", "t3") \
  P256_RED_ROW ("t1", "t2", "t3", "t0") \
  P256_RED_ROW ("t2", "t3", "t0", "t1") \
  P256_RED_ROW ("t3", "t0", "t1", "t2")

/* The sum of the high half T4..T7 and U = T0..T3 (< 2p: its carry in Y),
 * less p if it is >= p: the difference into T0..T3, kept unless the
 * five-word subtraction borrowed (cmov, constant time).  p's limbs:
 * 2^64 - 1 (the immediate -1), 2^32 - 1 (in X), 0, and p3 (memory). */
# define P256_ADD_FINAL \
  "xorl %k[y], %k[y]\n\t" \
  "addq %[t0], %[t4]\n\t" \
  "adcq %[t1], %[t5]\n\t" \
  "adcq %[t2], %[t6]\n\t" \
  "adcq %[t3], %[t7]\n\t" \
  "adcq $0, %[y]\n\t" \
  "movq %[t4], %[t0]\n\t" \
  "movq %[t5], %[t1]\n\t" \
  "movq %[t6], %[t2]\n\t" \
  "movq %[t7], %[t3]\n\t" \
  "movl $0xffffffff, %k[x]\n\t" \
  "subq $-1, %[t0]\n\t" \
  "sbbq %[x], %[t1]\n\t" \
  "sbbq $0, %[t2]\n\t" \
  "sbbq %[p3], %[t3]\n\t" \
  "sbbq $0, %[y]\n\t" \
  "cmovcq %[t4], %[t0]\n\t" \
  "cmovcq %[t5], %[t1]\n\t" \
  "cmovcq %[t6], %[t2]\n\t" \
  "cmovcq %[t7], %[t3]\n\t"

/* Row I of the product (I = 1..3): T_I..T_{I+4} += a * b_I; T_{I+4} is
 * fresh (zeroed by the xor, which clears both flags), and Y, once free,
 * is the zero that closes the OF chain. */
# define P256_MUL_ROW(boff, T0, T1, T2, T3, T4) \
  "movq " #boff "(%[b]), %%rdx\n\t" \
  "xorl %k[" T4 "], %k[" T4 "]\n\t" \
  "mulxq 0(%[a]), %[x], %[y]\n\t" \
  "adoxq %[x], %[" T0 "]\n\t" \
  "adcxq %[y], %[" T1 "]\n\t" \
  "mulxq 8(%[a]), %[x], %[y]\n\t" \
  "adoxq %[x], %[" T1 "]\n\t" \
  "adcxq %[y], %[" T2 "]\n\t" \
  "mulxq 16(%[a]), %[x], %[y]\n\t" \
  "adoxq %[x], %[" T2 "]\n\t" \
  "adcxq %[y], %[" T3 "]\n\t" \
  "mulxq 24(%[a]), %[x], %[y]\n\t" \
  "adoxq %[x], %[" T3 "]\n\t" \
  "adcxq %[y], %[" T4 "]\n\t" \
  "movl $0, %k[x]\n\t" \
  "adoxq %[x], %[" T4 "]\n\t"

static KC_ALWAYS_INLINE void
mul_p256_adx (uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ (/* row 0: a * b_0 into T0..T4, one carry chain */
           "movq 0(%[b]), %%rdx\n\t"
           "mulxq 0(%[a]), %[t0], %[t1]\n\t"
           "mulxq 8(%[a]), %[x], %[t2]\n\t"
           "addq %[x], %[t1]\n\t"
           "mulxq 16(%[a]), %[x], %[t3]\n\t"
           "adcq %[x], %[t2]\n\t"
           "mulxq 24(%[a]), %[x], %[t4]\n\t"
           "adcq %[x], %[t3]\n\t"
           "adcq $0, %[t4]\n\t"
           P256_MUL_ROW (8, "t1", "t2", "t3", "t4", "t5")
           P256_MUL_ROW (16, "t2", "t3", "t4", "t5", "t6")
           P256_MUL_ROW (24, "t3", "t4", "t5", "t6", "t7")
           P256_RED
           P256_ADD_FINAL
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a), [b] "r" (b), [p3] "m" (p256_p[3]),
             "m" (*(const uint64_t (*)[4]) a),
             "m" (*(const uint64_t (*)[4]) b)
           : "rdx", "cc");
  r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
}

static KC_ALWAYS_INLINE void
sqr_p256_adx (uint64_t r[4], const uint64_t a[4])
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ (KC_SQR4_ADX ("a", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
                        "x", "y")
           P256_RED
           P256_ADD_FINAL
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a), [p3] "m" (p256_p[3]),
             "m" (*(const uint64_t (*)[4]) a)
           : "rdx", "cc");
  r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
}
#endif /* KC_LIMB_ADX */

void
_kc_mont_mul_redc_p256 (uint64_t r[4], const uint64_t a[4],
                        const uint64_t b[4])
{
#ifdef KC_LIMB_ADX
  if (_kc_limb_have_adx ())
    {
      mul_p256_adx (r, a, b);
      return;
    }
#endif
  mul_p256_c (r, a, b);
}

void
_kc_mont_sqr_redc_p256 (uint64_t r[4], const uint64_t a[4])
{
#ifdef KC_LIMB_ADX
  if (_kc_limb_have_adx ())
    {
      sqr_p256_adx (r, a);
      return;
    }
#endif
  sqr_p256_c (r, a);
}

/* The C form alone, for tests (t-p256-field compares it with the
 * dispatched one and with GMP, whatever the CPU). */
void
_kc_mont_mul_redc_p256_c (uint64_t r[4], const uint64_t a[4],
                          const uint64_t b[4])
{
  mul_p256_c (r, a, b);
}

void
_kc_mont_sqr_redc_p256_c (uint64_t r[4], const uint64_t a[4])
{
  sqr_p256_c (r, a);
}
