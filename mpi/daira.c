/* daira.c - Daira Hopwood's reduction for p = 2^254 + c.
 * Representation, bounds and the reduction are described in daira.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "limb.h"
#include "daira.h"

#define M62 ((uint64_t) -1 >> 2)

#if defined(__clang__)
# define KC_DAIRA_INLINE inline __attribute__ ((always_inline))
# define KC_UNROLL _Pragma ("clang loop unroll(full)")
#elif defined(__GNUC__)
# define KC_DAIRA_INLINE inline __attribute__ ((always_inline))
# define KC_UNROLL _Pragma ("GCC unroll 8")
#else
# define KC_DAIRA_INLINE inline
# define KC_UNROLL
#endif

/* r[0..5] = x[0..3] * c[0..1]: two rows, each a low-word and a high-word
 * carry chain.  c < 2^125, x < 2^256: the product fits 6 limbs. */
static KC_DAIRA_INLINE void
mul_4x2 (uint64_t r[6], const uint64_t x[4], const uint64_t c[2])
{
  uint64_t lo[4], hi[4];
  unsigned char k;
  int j;

  /* Row c0. */
  KC_UNROLL
  for (j = 0; j < 4; j++)
    lo[j] = _kc_mul64 (&hi[j], x[j], c[0]);
  r[0] = lo[0];
  k = 0;
  r[1] = _kc_adc (lo[1], hi[0], &k);
  r[2] = _kc_adc (lo[2], hi[1], &k);
  r[3] = _kc_adc (lo[3], hi[2], &k);
  r[4] = hi[3] + k;                       /* hi <= 2^64 - 2 */
  /* Row c1. */
  KC_UNROLL
  for (j = 0; j < 4; j++)
    lo[j] = _kc_mul64 (&hi[j], x[j], c[1]);
  k = 0;
  r[1] = _kc_adc (r[1], lo[0], &k);
  r[2] = _kc_adc (r[2], lo[1], &k);
  r[3] = _kc_adc (r[3], lo[2], &k);
  r[4] = _kc_adc (r[4], lo[3], &k);
  r[5] = hi[3] + k;
  k = 0;
  r[2] = _kc_adc (r[2], hi[0], &k);
  r[3] = _kc_adc (r[3], hi[1], &k);
  r[4] = _kc_adc (r[4], hi[2], &k);
  r[5] += k;                              /* the product fits 6 limbs */
}

#ifdef KC_LIMB_ADX
# define KC_DAIRA_ADX 1
# include "x86_64/sqr4-adx.h"     /* the square: _kc_sqr4_adx */
/* x86-64 BMI2/ADX: the 512-bit product as mulx rows with the low words on
 * the OF chain and the high words on the CF chain (as in mont.c); the
 * product has no serial dependency between rows other than the
 * accumulation, which is where the reduction gains on Montgomery. */
# define DA_STEP(off, src, Tj, Tj1) \
  "mulxq " #off "(%[" src "]), %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" Tj "]\n\t" \
  "adcxq %[hi], %[" Tj1 "]\n\t"
# define DA_ROW(boff, A, B, C, D, E) \
  "movq " #boff "(%[b]), %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t" \
  DA_STEP (0, "a", A, B) DA_STEP (8, "a", B, C) \
  DA_STEP (16, "a", C, D) DA_STEP (24, "a", D, E) \
  "adoxq %[z], %[" E "]\n\t"

static void
mul_4x4_adx (uint64_t x[8], const uint64_t a[4], const uint64_t b[4])
{
  uint64_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0;
  uint64_t lo, hi, z = 0;

  /* Row i adds a*b_i at x_i..x_{i+4}; x_{i+4} is still zero before row
   * i, so neither chain carries out of it. */
  __asm__ (DA_ROW (0, "x0", "x1", "x2", "x3", "x4")
           DA_ROW (8, "x1", "x2", "x3", "x4", "x5")
           DA_ROW (16, "x2", "x3", "x4", "x5", "x6")
           DA_ROW (24, "x3", "x4", "x5", "x6", "x7")
           : [x0] "+&r" (x0), [x1] "+&r" (x1), [x2] "+&r" (x2),
             [x3] "+&r" (x3), [x4] "+&r" (x4), [x5] "+&r" (x5),
             [x6] "+&r" (x6), [x7] "+&r" (x7),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [b] "r" (b), [z] "m" (z)
           : "rdx", "cc");
  x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3;
  x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
}

/* u[0..5] = X1[0..3] * c[0..1] with the two flag chains (c in memory). */
# define DA_RSTEP(c, Xj, Uj, Uj1) \
  "mulxq %[" Xj "], %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" Uj "]\n\t" \
  "adcxq %[hi], %[" Uj1 "]\n\t"

static inline void
mul_4x2_adx (uint64_t u[6], const uint64_t X1[4], const uint64_t c[2])
{
  uint64_t u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, lo, hi, z = 0;

  __asm__ ("movq 0(%[c]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           DA_RSTEP (0, "X0", "u0", "u1") DA_RSTEP (0, "X1", "u1", "u2")
           DA_RSTEP (0, "X2", "u2", "u3") DA_RSTEP (0, "X3", "u3", "u4")
           "adoxq %[z], %[u4]\n\t"
           "movq 8(%[c]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           DA_RSTEP (1, "X0", "u1", "u2") DA_RSTEP (1, "X1", "u2", "u3")
           DA_RSTEP (1, "X2", "u3", "u4") DA_RSTEP (1, "X3", "u4", "u5")
           "adoxq %[z], %[u5]\n\t"
           : [u0] "+&r" (u0), [u1] "+&r" (u1), [u2] "+&r" (u2),
             [u3] "+&r" (u3), [u4] "+&r" (u4), [u5] "+&r" (u5),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [X0] "r" (X1[0]), [X1] "r" (X1[1]), [X2] "r" (X1[2]),
             [X3] "r" (X1[3]), [c] "r" (c), [z] "m" (z)
           : "rdx", "cc");
  u[0] = u0; u[1] = u1; u[2] = u2; u[3] = u3; u[4] = u4; u[5] = u5;
}

/* The block below addresses f->c at offset 0 and f->p at offset 16. */
typedef char _kc_daira_layout_check[(offsetof (_kc_daira_field, c) == 0
                                    && offsetof (_kc_daira_field, p) == 16)
                                   ? 1 : -1];

/* The rest of the reduction after the first fold, as one block: u1 = u >>
 * 254 by two shld, A = x0 - u0 (borrow bA as a mask), A + p kept on the
 * stack, v = c*u1 by four mulx, then y = A + v (carry cy as a mask) and
 * y + p = (A + p) + v, and a masked select (bA and not cy: y < 0) - the
 * same steps and bounds as the C code below, with no branch. */
static inline void
reduce_tail_adx (const _kc_daira_field *f, uint64_t r[4], uint64_t x0,
                 uint64_t x1, uint64_t x2, uint64_t x3, const uint64_t u[6])
{
  uint64_t u0 = u[0], u1 = u[1], u2 = u[2], u3 = u[3], u4 = u[4], u5 = u[5];
  uint64_t lo, hi, ap[4];

  __asm__ (/* u1 = u >> 254 into u4 (low) and u5 (high); u0 = u mod 2^254. */
           "shldq $2, %[u4], %[u5]\n\t"
           "shldq $2, %[u3], %[u4]\n\t"
           "shlq $2, %[u3]\n\t"
           "shrq $2, %[u3]\n\t"
           /* A = x0 - u0, lo = -bA. */
           "subq %[u0], %[x0]\n\t"
           "sbbq %[u1], %[x1]\n\t"
           "sbbq %[u2], %[x2]\n\t"
           "sbbq %[u3], %[x3]\n\t"
           "sbbq %[lo], %[lo]\n\t"
           /* ap = A + p (mod 2^256). */
           "movq %[x0], %[u0]\n\t"
           "addq 16(%[f]), %[u0]\n\t"
           "movq %[u0], 0+%[ap]\n\t"
           "movq %[x1], %[u1]\n\t"
           "adcq 24(%[f]), %[u1]\n\t"
           "movq %[u1], 8+%[ap]\n\t"
           "movq %[x2], %[u2]\n\t"
           "adcq 32(%[f]), %[u2]\n\t"
           "movq %[u2], 16+%[ap]\n\t"
           "movq %[x3], %[u3]\n\t"
           "adcq 40(%[f]), %[u3]\n\t"
           "movq %[u3], 24+%[ap]\n\t"
           /* v = c*u1 < 2^252 into u0, u1, u2, u5. */
           "movq 0(%[f]), %%rdx\n\t"
           "mulxq %[u4], %[u0], %[u1]\n\t"
           "mulxq %[u5], %[hi], %[u2]\n\t"
           "addq %[hi], %[u1]\n\t"
           "adcq $0, %[u2]\n\t"
           "movq 8(%[f]), %%rdx\n\t"
           "mulxq %[u4], %[hi], %[u3]\n\t"
           "mulxq %[u5], %[u4], %[u5]\n\t"
           "addq %[hi], %[u1]\n\t"
           "adcq %[u3], %[u2]\n\t"
           "adcq $0, %[u5]\n\t"
           "addq %[u4], %[u2]\n\t"
           "adcq $0, %[u5]\n\t"
           /* y = A + v, hi = -cy; then v + ap (= y + p mod 2^256). */
           "addq %[u0], %[x0]\n\t"
           "adcq %[u1], %[x1]\n\t"
           "adcq %[u2], %[x2]\n\t"
           "adcq %[u5], %[x3]\n\t"
           "sbbq %[hi], %[hi]\n\t"
           "addq 0+%[ap], %[u0]\n\t"
           "adcq 8+%[ap], %[u1]\n\t"
           "adcq 16+%[ap], %[u2]\n\t"
           "adcq 24+%[ap], %[u5]\n\t"
           /* mask = bA and not cy (y < 0): take y + p. */
           "notq %[hi]\n\t"
           "andq %[hi], %[lo]\n\t"
           "xorq %[x0], %[u0]\n\t"
           "andq %[lo], %[u0]\n\t"
           "xorq %[u0], %[x0]\n\t"
           "xorq %[x1], %[u1]\n\t"
           "andq %[lo], %[u1]\n\t"
           "xorq %[u1], %[x1]\n\t"
           "xorq %[x2], %[u2]\n\t"
           "andq %[lo], %[u2]\n\t"
           "xorq %[u2], %[x2]\n\t"
           "xorq %[x3], %[u5]\n\t"
           "andq %[lo], %[u5]\n\t"
           "xorq %[u5], %[x3]\n\t"
           : [x0] "+&r" (x0), [x1] "+&r" (x1), [x2] "+&r" (x2),
             [x3] "+&r" (x3), [u0] "+&r" (u0), [u1] "+&r" (u1),
             [u2] "+&r" (u2), [u3] "+&r" (u3), [u4] "+&r" (u4),
             [u5] "+&r" (u5), [lo] "=&r" (lo), [hi] "=&r" (hi),
             [ap] "=m" (ap)
           : [f] "r" (f)
           : "rdx", "cc");
  r[0] = x0; r[1] = x1; r[2] = x2; r[3] = x3;
}
#endif

/* r = x mod p, semi-reduced; x[0..7] < 2^510. */
static KC_DAIRA_INLINE void
reduce (const _kc_daira_field *f, uint64_t r[4], const uint64_t x[8])
{
  uint64_t X1[4], u[6], u1[2], v[4], y[4], A[4], Ap[4], mask, bA, cy;
  unsigned char k;

  /* X1 = x >> 254 (< 2^256); x0 = x mod 2^254 stays in x[0..3]. */
  X1[0] = (x[3] >> 62) | (x[4] << 2);
  X1[1] = (x[4] >> 62) | (x[5] << 2);
  X1[2] = (x[5] >> 62) | (x[6] << 2);
  X1[3] = (x[6] >> 62) | (x[7] << 2);
  /* First fold: u = c*X1 < 2^381. */
#ifdef KC_DAIRA_ADX
  if (f->adx)
    {
      mul_4x2_adx (u, X1, f->c);
      reduce_tail_adx (f, r, x[0], x[1], x[2], x[3] & M62, u);
      return;
    }
#endif
  mul_4x2 (u, X1, f->c);
  /* A = x0 - u0 (x0 = x mod 2^254, u0 = u mod 2^254) with its borrow, and
   * A + p, both while the second fold is still being computed. */
  k = 0;
  A[0] = _kc_sbb (x[0], u[0], &k);
  A[1] = _kc_sbb (x[1], u[1], &k);
  A[2] = _kc_sbb (x[2], u[2], &k);
  A[3] = _kc_sbb (x[3] & M62, u[3] & M62, &k);
  bA = k;
  k = 0;
  Ap[0] = _kc_adc (A[0], f->p[0], &k);
  Ap[1] = _kc_adc (A[1], f->p[1], &k);
  Ap[2] = _kc_adc (A[2], f->p[2], &k);
  Ap[3] = _kc_adc (A[3], f->p[3], &k);
  /* Second fold: u1 = u >> 254 < 2^127, v = c*u1 < 2^252. */
  u1[0] = (u[3] >> 62) | (u[4] << 2);
  u1[1] = (u[4] >> 62) | (u[5] << 2);
  {
    uint64_t l00, h00, l01, h01, l10, h10, l11, h11;
    l00 = _kc_mul64 (&h00, u1[0], f->c[0]);
    l01 = _kc_mul64 (&h01, u1[0], f->c[1]);
    l10 = _kc_mul64 (&h10, u1[1], f->c[0]);
    l11 = _kc_mul64 (&h11, u1[1], f->c[1]);
    v[0] = l00;
    k = 0;
    v[1] = _kc_adc (h00, l01, &k);
    v[2] = _kc_adc (h01, l11, &k);
    v[3] = h11 + k;
    k = 0;
    v[1] = _kc_adc (v[1], l10, &k);
    v[2] = _kc_adc (v[2], h10, &k);
    v[3] += k;                            /* v < 2^252 */
  }
  /* y = A + v - bA 2^256 = x0 - u0 + v, in (-2^254, 2^254 + 2^252); it is
   * negative exactly when A borrowed and A + v does not carry; then the
   * result is y + p = Ap + v (mod 2^256, exact as y + p is in (c, p)). */
  k = 0;
  y[0] = _kc_adc (A[0], v[0], &k);
  y[1] = _kc_adc (A[1], v[1], &k);
  y[2] = _kc_adc (A[2], v[2], &k);
  y[3] = _kc_adc (A[3], v[3], &k);
  cy = k;
  k = 0;
  Ap[0] = _kc_adc (Ap[0], v[0], &k);
  Ap[1] = _kc_adc (Ap[1], v[1], &k);
  Ap[2] = _kc_adc (Ap[2], v[2], &k);
  Ap[3] = _kc_adc (Ap[3], v[3], &k);
  mask = ct_mask_from_flag_u64 (bA & (cy ^ 1));
  r[0] = ct_select_u64 (mask, Ap[0], y[0]);
  r[1] = ct_select_u64 (mask, Ap[1], y[1]);
  r[2] = ct_select_u64 (mask, Ap[2], y[2]);
  r[3] = ct_select_u64 (mask, Ap[3], y[3]);
  KC_VERIFY_CHECK ((r[3] >> 63) == 0);
}


void
_kc_daira_mul (const _kc_daira_field *f, uint64_t r[4],
               const uint64_t a[4], const uint64_t b[4])
{
  uint64_t x[8], lo[4], hi[4];
  unsigned char k;
  int i, j;

  KC_VERIFY_CHECK ((a[3] >> 63) == 0 && (b[3] >> 63) == 0);
#ifdef KC_DAIRA_ADX
  if (f->adx)
    {
      mul_4x4_adx (x, a, b);
      reduce (f, r, x);
      return;
    }
#endif
  /* Schoolbook 4x4: row i adds a*b_i at x[i..i+4]; low words and high
   * words in two single-word carry chains. */
  KC_UNROLL
  for (j = 0; j < 4; j++)
    lo[j] = _kc_mul64 (&hi[j], a[j], b[0]);
  x[0] = lo[0];
  k = 0;
  x[1] = _kc_adc (lo[1], hi[0], &k);
  x[2] = _kc_adc (lo[2], hi[1], &k);
  x[3] = _kc_adc (lo[3], hi[2], &k);
  x[4] = hi[3] + k;
  KC_UNROLL
  for (i = 1; i < 4; i++)
    {
      KC_UNROLL
      for (j = 0; j < 4; j++)
        lo[j] = _kc_mul64 (&hi[j], a[j], b[i]);
      k = 0;
      x[i + 0] = _kc_adc (x[i + 0], lo[0], &k);
      x[i + 1] = _kc_adc (x[i + 1], lo[1], &k);
      x[i + 2] = _kc_adc (x[i + 2], lo[2], &k);
      x[i + 3] = _kc_adc (x[i + 3], lo[3], &k);
      x[i + 4] = hi[3] + k;
      k = 0;
      x[i + 1] = _kc_adc (x[i + 1], hi[0], &k);
      x[i + 2] = _kc_adc (x[i + 2], hi[1], &k);
      x[i + 3] = _kc_adc (x[i + 3], hi[2], &k);
      x[i + 4] += k;                      /* partial product < 2^(64(i+5)) */
    }
  reduce (f, r, x);
}

void
_kc_daira_sqr (const _kc_daira_field *f, uint64_t r[4], const uint64_t a[4])
{
  uint64_t x[8], l01, h01, l02, h02, l03, h03, l12, h12, l13, h13, l23, h23;
  uint64_t d[8], bit;
  unsigned char k;
  int i;

  KC_VERIFY_CHECK ((a[3] >> 63) == 0);
#ifdef KC_DAIRA_ADX
  if (f->adx)
    {
      _kc_sqr4_adx (x, a);
      reduce (f, r, x);
      return;
    }
#endif
  /* Cross products (6), one low chain and one high chain. */
  l01 = _kc_mul64 (&h01, a[0], a[1]);
  l02 = _kc_mul64 (&h02, a[0], a[2]);
  l03 = _kc_mul64 (&h03, a[0], a[3]);
  l12 = _kc_mul64 (&h12, a[1], a[2]);
  l13 = _kc_mul64 (&h13, a[1], a[3]);
  l23 = _kc_mul64 (&h23, a[2], a[3]);
  /* Weights: l01@1 h01@2 l02@2 h02@3 l03@3 h03@4 l12@3 h12@4 l13@4 h13@5
   * l23@5 h23@6. */
  x[1] = l01;
  k = 0;
  x[2] = _kc_adc (h01, l02, &k);
  x[3] = _kc_adc (h02, l03, &k);
  x[4] = _kc_adc (h03, l13, &k);
  x[5] = _kc_adc (h13, l23, &k);
  x[6] = h23 + k;
  k = 0;
  x[3] = _kc_adc (x[3], l12, &k);
  x[4] = _kc_adc (x[4], h12, &k);
  x[5] = _kc_adc (x[5], 0, &k);
  x[6] += k;
  x[0] = 0;
  x[7] = 0;
  /* Double (shift) and add the diagonal squares in one pass. */
  KC_UNROLL
  for (i = 0; i < 4; i++)
    d[2 * i] = _kc_mul64 (&d[2 * i + 1], a[i], a[i]);
  bit = 0;
  k = 0;
  KC_UNROLL
  for (i = 0; i < 8; i++)
    {
      uint64_t w = x[i];
      x[i] = _kc_adc ((w << 1) | bit, d[i], &k);
      bit = w >> 63;
    }
  reduce (f, r, x);
}

void
_kc_daira_normalize (const _kc_daira_field *f, uint64_t r[4],
                     const uint64_t a[4])
{
  uint64_t t[4], mask;
  unsigned char k = 0;
  int j;

  KC_UNROLL

  for (j = 0; j < 4; j++)
    t[j] = _kc_sbb (a[j], f->p[j], &k);
  /* a < 2^255 < 2p: keep a - p unless it borrowed. */
  mask = ct_mask_from_flag_u64 (k);
  KC_UNROLL
  for (j = 0; j < 4; j++)
    r[j] = ct_select_u64 (mask, a[j], t[j]);
}

int
_kc_daira_setup (_kc_daira_field *f, const uint64_t c[2])
{
  if (!(c[0] & 1) || (c[1] >> 61) != 0)
    return -1;
  f->c[0] = c[0];
  f->c[1] = c[1];
  f->p[0] = c[0];
  f->p[1] = c[1];
  f->p[2] = 0;
  f->p[3] = (uint64_t) 1 << 62;
  f->adx = _kc_limb_have_adx ();
  return 0;
}

void
_kc_daira_setup_tweedle (_kc_daira_field *f, int which)
{
  /* p = 2^254 + c; the moduli table (moduli.c) carries the same primes. */
  static const uint64_t cdee[2] = { 0x842cafd400000001ULL,
                                    0x038aa127696286c9ULL };
  static const uint64_t cdum[2] = { 0xa14064e200000001ULL,
                                    0x038aa1276c3f59b9ULL };
  if (_kc_daira_setup (f, which ? cdum : cdee))
    _kc_fatal ("daira: bad constant");
}
