/* secp256k1-scalar.c - integers mod n in 4x64 limbs.  Contracts in
 * secp256k1-scalar.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1-scalar.h"

#include "secp256k1-int128.h"

typedef kc_u128 u128;

/* n and 2^256 - n (129 bits: NC0 + NC1*2^64 + 2^128). */
static const uint64_t N[4] = {
  0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL,
  0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL
};
#define NC0 0x402DA1732FC9BEBFULL
#define NC1 0x4551231950B75FC4ULL
/* (n - 1)/2 */
static const uint64_t NH[4] = {
  0xDFE92F46681B20A0ULL, 0x5D576E7357A4501DULL,
  0xFFFFFFFFFFFFFFFFULL, 0x7FFFFFFFFFFFFFFFULL
};

#ifdef KC_VERIFY
# define SC_CHECK(a) KC_VERIFY_CHECK (ct_cmp_limbs ((a)->d, N, 4) < 0)
#else
# define SC_CHECK(a) do { } while (0)
#endif

/* A (4 limbs) + HI * 2^256, known < 2n: reduce it below n.  Returns 1 if
 * n was subtracted.  Computes A + (2^256 - n) and keeps it when it carries
 * out (A >= n) or HI is set. */
static inline uint64_t
reduce_final (uint64_t a[4], uint64_t hi)
{
  u128 t;
  uint64_t s[4], of, m;
  kc_u128_from_u64 (&t, a[0]);
  kc_u128_accum_u64 (&t, NC0);
  s[0] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_u64 (&t, a[1]);
  kc_u128_accum_u64 (&t, NC1);
  s[1] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_u64 (&t, a[2]);
  kc_u128_accum_u64 (&t, 1);
  s[2] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_u64 (&t, a[3]);
  s[3] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  of = kc_u128_to_u64 (&t) | hi;
  m = ct_mask_from_flag_u64 (of);
  a[0] = ct_select_u64 (m, s[0], a[0]);
  a[1] = ct_select_u64 (m, s[1], a[1]);
  a[2] = ct_select_u64 (m, s[2], a[2]);
  a[3] = ct_select_u64 (m, s[3], a[3]);
  wipememory (s, sizeof s);
  wipememory (&t, sizeof t);
  return of;
}

void
_kc_secp256k1_scalar_set_b32 (kc_secp256k1_scalar *r, const unsigned char b[32],
                              int *overflow)
{
  int i, j;
  uint64_t of;
  for (i = 0; i < 4; i++)
    {
      uint64_t w = 0;
      for (j = 0; j < 8; j++)
        w = w << 8 | b[24 - 8 * i + j];
      r->d[i] = w;
    }
  of = reduce_final (r->d, 0);
  if (overflow)
    *overflow = (int) of;
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_get_b32 (unsigned char b[32], const kc_secp256k1_scalar *a)
{
  int i, j;
  SC_CHECK (a);
  for (i = 0; i < 4; i++)
    for (j = 0; j < 8; j++)
      b[31 - 8 * i - j] = (unsigned char) (a->d[i] >> (8 * j));
}

void
_kc_secp256k1_scalar_set_int (kc_secp256k1_scalar *r, unsigned int v)
{
  r->d[0] = v;
  r->d[1] = r->d[2] = r->d[3] = 0;
}

int
_kc_secp256k1_scalar_is_zero (const kc_secp256k1_scalar *a)
{
  return (int) (1 ^ ct_is_nonzero_u64 (a->d[0] | a->d[1] | a->d[2] | a->d[3]));
}

int
_kc_secp256k1_scalar_is_one (const kc_secp256k1_scalar *a)
{
  return (int) (1 ^ ct_is_nonzero_u64 ((a->d[0] ^ 1) | a->d[1] | a->d[2]
                                       | a->d[3]));
}

int
_kc_secp256k1_scalar_eq (const kc_secp256k1_scalar *a,
                         const kc_secp256k1_scalar *b)
{
  return (int) (1 ^ ct_is_nonzero_u64 ((a->d[0] ^ b->d[0]) | (a->d[1] ^ b->d[1])
                                       | (a->d[2] ^ b->d[2])
                                       | (a->d[3] ^ b->d[3])));
}

int
_kc_secp256k1_scalar_is_high (const kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  return ct_cmp_limbs (a->d, NH, 4) > 0;
}

int
_kc_secp256k1_scalar_add (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a,
                          const kc_secp256k1_scalar *b)
{
  u128 t;
  uint64_t of;
  int i;
  SC_CHECK (a);
  SC_CHECK (b);
  kc_u128_from_u64 (&t, 0);
  for (i = 0; i < 4; i++)
    {
      kc_u128_accum_u64 (&t, a->d[i]);
      kc_u128_accum_u64 (&t, b->d[i]);
      r->d[i] = kc_u128_to_u64 (&t);
      kc_u128_rshift (&t, 64);
    }
  /* a + b < 2n: one subtraction suffices. */
  of = reduce_final (r->d, kc_u128_to_u64 (&t));
  SC_CHECK (r);
  wipememory (&t, sizeof t);
  return (int) of;
}

void
_kc_secp256k1_scalar_negate (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a)
{
  /* n - a, then masked to 0 when a = 0. */
  uint64_t nz = ct_mask_nonzero_u64 (a->d[0] | a->d[1] | a->d[2] | a->d[3]);
  u128 t;
  int i;
  SC_CHECK (a);
  kc_u128_from_u64 (&t, 1);
  for (i = 0; i < 4; i++)
    {
      kc_u128_accum_u64 (&t, N[i]);
      kc_u128_accum_u64 (&t, ~a->d[i]);
      r->d[i] = kc_u128_to_u64 (&t) & nz;
      kc_u128_rshift (&t, 64);
    }
  SC_CHECK (r);
  wipememory (&t, sizeof t);
  wipememory (&nz, sizeof nz);
}

void
_kc_secp256k1_scalar_cond_negate (kc_secp256k1_scalar *r, int flag)
{
  kc_secp256k1_scalar t;
  _kc_secp256k1_scalar_negate (&t, r);
  ct_cmov_u64 (r->d, t.d, 4, (uint64_t) flag);
  wipememory (&t, sizeof t);
}

void
_kc_secp256k1_scalar_cmov (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a,
                           int flag)
{
  ct_cmov_u64 (r->d, a->d, 4, (uint64_t) flag);
}

/* A 192-bit accumulator (c0 + c1 2^64 + c2 2^128) for column sums. */
typedef struct
{
  uint64_t c0, c1, c2;
} acc192;

/* ACC += A * B */
static inline void
acc_muladd (acc192 *acc, uint64_t a, uint64_t b)
{
  u128 t;
  uint64_t hi;
  kc_u128_mul (&t, a, b);
  kc_u128_accum_u64 (&t, acc->c0);
  hi = kc_u128_hi_u64 (&t);
  acc->c0 = kc_u128_to_u64 (&t);
  kc_u128_from_u64 (&t, acc->c1);
  kc_u128_accum_u64 (&t, hi);
  acc->c1 = kc_u128_to_u64 (&t);
  acc->c2 += kc_u128_hi_u64 (&t);
}

/* ACC += A */
static inline void
acc_add (acc192 *acc, uint64_t a)
{
  u128 t;
  uint64_t hi;
  kc_u128_from_u64 (&t, acc->c0);
  kc_u128_accum_u64 (&t, a);
  acc->c0 = kc_u128_to_u64 (&t);
  hi = kc_u128_hi_u64 (&t);
  kc_u128_from_u64 (&t, acc->c1);
  kc_u128_accum_u64 (&t, hi);
  acc->c1 = kc_u128_to_u64 (&t);
  acc->c2 += kc_u128_hi_u64 (&t);
}

/* Return the low word and shift the accumulator down by 64 bits. */
static inline uint64_t
acc_extract (acc192 *acc)
{
  uint64_t r = acc->c0;
  acc->c0 = acc->c1;
  acc->c1 = acc->c2;
  acc->c2 = 0;
  return r;
}

/* ACC += 2 * A * B */
static inline void
acc_muladd2 (acc192 *acc, uint64_t a, uint64_t b)
{
  u128 p, t;
  uint64_t lo, hi, cy;
  kc_u128_mul (&p, a, b);
  lo = kc_u128_to_u64 (&p);
  hi = kc_u128_hi_u64 (&p);
  acc->c2 += hi >> 63;                   /* 2p = (hi:lo) << 1 */
  hi = hi << 1 | lo >> 63;
  lo <<= 1;
  kc_u128_from_u64 (&t, acc->c0);
  kc_u128_accum_u64 (&t, lo);
  acc->c0 = kc_u128_to_u64 (&t);
  cy = kc_u128_hi_u64 (&t);
  kc_u128_from_u64 (&t, acc->c1);
  kc_u128_accum_u64 (&t, hi);
  kc_u128_accum_u64 (&t, cy);
  acc->c1 = kc_u128_to_u64 (&t);
  acc->c2 += kc_u128_hi_u64 (&t);
}

/* L[0..7] = A^2 (cross products doubled once). */
static inline void
sqr_512 (uint64_t l[8], const uint64_t a[4])
{
  acc192 c = { 0, 0, 0 };
  acc_muladd (&c, a[0], a[0]);
  l[0] = acc_extract (&c);
  acc_muladd2 (&c, a[0], a[1]);
  l[1] = acc_extract (&c);
  acc_muladd2 (&c, a[0], a[2]); acc_muladd (&c, a[1], a[1]);
  l[2] = acc_extract (&c);
  acc_muladd2 (&c, a[0], a[3]); acc_muladd2 (&c, a[1], a[2]);
  l[3] = acc_extract (&c);
  acc_muladd2 (&c, a[1], a[3]); acc_muladd (&c, a[2], a[2]);
  l[4] = acc_extract (&c);
  acc_muladd2 (&c, a[2], a[3]);
  l[5] = acc_extract (&c);
  acc_muladd (&c, a[3], a[3]);
  l[6] = acc_extract (&c);
  l[7] = c.c0;
  wipememory (&c, sizeof c);
}

/* L[0..7] = A * B, column by column.  Each column has at most 4 products
 * (< 2^130 in sum with the carry in), so 192 bits never overflow. */
static inline void
mul_512 (uint64_t l[8], const uint64_t a[4], const uint64_t b[4])
{
  acc192 c = { 0, 0, 0 };
  acc_muladd (&c, a[0], b[0]);
  l[0] = acc_extract (&c);
  acc_muladd (&c, a[0], b[1]); acc_muladd (&c, a[1], b[0]);
  l[1] = acc_extract (&c);
  acc_muladd (&c, a[0], b[2]); acc_muladd (&c, a[1], b[1]);
  acc_muladd (&c, a[2], b[0]);
  l[2] = acc_extract (&c);
  acc_muladd (&c, a[0], b[3]); acc_muladd (&c, a[1], b[2]);
  acc_muladd (&c, a[2], b[1]); acc_muladd (&c, a[3], b[0]);
  l[3] = acc_extract (&c);
  acc_muladd (&c, a[1], b[3]); acc_muladd (&c, a[2], b[2]);
  acc_muladd (&c, a[3], b[1]);
  l[4] = acc_extract (&c);
  acc_muladd (&c, a[2], b[3]); acc_muladd (&c, a[3], b[2]);
  l[5] = acc_extract (&c);
  acc_muladd (&c, a[3], b[3]);
  l[6] = acc_extract (&c);
  l[7] = c.c0;
  wipememory (&c, sizeof c);
}

/* R = L mod n for a 512-bit L, folding the high part with
 * 2^256 = NC (mod n), NC = NC0 + NC1 2^64 + 2^128 < 2^129:
 *   L  < 2^512       -> M = L_lo + L_hi*NC < 2^386  (m0..m6, m6 <= 2)
 *   M                -> P = M_lo + M_hi*NC < 2^260  (p0..p4, p4 < 16)
 *   P                -> Q = P_lo + p4*NC   < 2^256 + 2^133 (4 limbs + carry)
 * and Q < 2n, so one conditional subtraction ends it.  Straight-line: no
 * branch, no index depends on the value.  Its temporaries are wiped
 * (the inputs may be secret). */
static inline void
reduce_512 (kc_secp256k1_scalar *r, const uint64_t l[8])
{
  acc192 c = { 0, 0, 0 };
  uint64_t m[7], p[5];
  u128 t;

  /* M = l[0..3] + l[4..7] * NC */
  acc_add (&c, l[0]); acc_muladd (&c, l[4], NC0);
  m[0] = acc_extract (&c);
  acc_add (&c, l[1]); acc_muladd (&c, l[5], NC0); acc_muladd (&c, l[4], NC1);
  m[1] = acc_extract (&c);
  acc_add (&c, l[2]); acc_muladd (&c, l[6], NC0); acc_muladd (&c, l[5], NC1);
  acc_add (&c, l[4]);
  m[2] = acc_extract (&c);
  acc_add (&c, l[3]); acc_muladd (&c, l[7], NC0); acc_muladd (&c, l[6], NC1);
  acc_add (&c, l[5]);
  m[3] = acc_extract (&c);
  acc_muladd (&c, l[7], NC1); acc_add (&c, l[6]);
  m[4] = acc_extract (&c);
  acc_add (&c, l[7]);
  m[5] = acc_extract (&c);
  m[6] = c.c0;
  /* P = m[0..3] + m[4..6] * NC */
  c.c0 = c.c1 = c.c2 = 0;
  acc_add (&c, m[0]); acc_muladd (&c, m[4], NC0);
  p[0] = acc_extract (&c);
  acc_add (&c, m[1]); acc_muladd (&c, m[5], NC0); acc_muladd (&c, m[4], NC1);
  p[1] = acc_extract (&c);
  acc_add (&c, m[2]); acc_muladd (&c, m[6], NC0); acc_muladd (&c, m[5], NC1);
  acc_add (&c, m[4]);
  p[2] = acc_extract (&c);
  acc_add (&c, m[3]); acc_muladd (&c, m[6], NC1); acc_add (&c, m[5]);
  p[3] = acc_extract (&c);
  p[4] = c.c0 + m[6];
  /* Q = p[0..3] + p[4] * NC */
  kc_u128_mul (&t, p[4], NC0);
  kc_u128_accum_u64 (&t, p[0]);
  r->d[0] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_mul (&t, p[4], NC1);
  kc_u128_accum_u64 (&t, p[1]);
  r->d[1] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_u64 (&t, p[4]);
  kc_u128_accum_u64 (&t, p[2]);
  r->d[2] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  kc_u128_accum_u64 (&t, p[3]);
  r->d[3] = kc_u128_to_u64 (&t); kc_u128_rshift (&t, 64);
  reduce_final (r->d, kc_u128_to_u64 (&t));
  SC_CHECK (r);
  /* the intermediate values depend on the (possibly secret) inputs */
  wipememory (&c, sizeof c);
  wipememory (m, sizeof m);
  wipememory (p, sizeof p);
  wipememory (&t, sizeof t);
}

void
_kc_secp256k1_scalar_mul (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a,
                          const kc_secp256k1_scalar *b)
{
  uint64_t l[8];
  SC_CHECK (a);
  SC_CHECK (b);
  mul_512 (l, a->d, b->d);
  reduce_512 (r, l);
  wipememory (l, sizeof l);
}

void
_kc_secp256k1_scalar_mul_shift (kc_secp256k1_scalar *r,
                                const kc_secp256k1_scalar *a,
                                const kc_secp256k1_scalar *b, unsigned int shift)
{
  uint64_t l[8], w[4];
  unsigned int limb = shift >> 6, sh = shift & 63, i;
  u128 c;

  mul_512 (l, a->d, b->d);
  for (i = 0; i < 4; i++)
    {
      uint64_t lo = (limb + i < 8) ? l[limb + i] : 0;
      uint64_t hi = (limb + i + 1 < 8) ? l[limb + i + 1] : 0;
      w[i] = sh ? (lo >> sh | hi << (64 - sh)) : lo;
    }
  /* round: add bit SHIFT-1 */
  {
    unsigned int rb = shift - 1;
    uint64_t bit = (l[rb >> 6] >> (rb & 63)) & 1;
    kc_u128_from_u64 (&c, bit);
    for (i = 0; i < 4; i++)
      {
        kc_u128_accum_u64 (&c, w[i]);
        r->d[i] = kc_u128_to_u64 (&c);
        kc_u128_rshift (&c, 64);
      }
  }
  wipememory (l, sizeof l);
  wipememory (w, sizeof w);
}

static void
scalar_sqr (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a)
{
  uint64_t l[8];
  sqr_512 (l, a->d);
  reduce_512 (r, l);
  wipememory (l, sizeof l);
}

/* R = A^E for the public exponent E (4 limbs), fixed 4-bit windows. */
static void
scalar_pow (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a,
            const uint64_t e[4])
{
  kc_secp256k1_scalar tab[16], acc;
  int i, j;

  _kc_secp256k1_scalar_set_int (&tab[0], 1);
  tab[1] = *a;
  for (i = 2; i < 16; i++)
    _kc_secp256k1_scalar_mul (&tab[i], &tab[i - 1], a);
  _kc_secp256k1_scalar_set_int (&acc, 1);
  for (i = 63; i >= 0; i--)
    {
      unsigned int dgt = (unsigned int) (e[i >> 4] >> ((i & 15) * 4)) & 15;
      for (j = 0; j < 4; j++)
        scalar_sqr (&acc, &acc);
      if (dgt)  /* the exponent is public */
        _kc_secp256k1_scalar_mul (&acc, &acc, &tab[dgt]);
    }
  *r = acc;
  wipememory (tab, sizeof tab);
  wipememory (&acc, sizeof acc);
}

void
_kc_secp256k1_scalar_inv_fermat (kc_secp256k1_scalar *r,
                                 const kc_secp256k1_scalar *a)
{
  static const uint64_t nm2[4] = {
    0xBFD25E8CD036413FULL, 0xBAAEDCE6AF48A03BULL,
    0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL
  };
  SC_CHECK (a);
  scalar_pow (r, a, nm2);
}

void
_kc_secp256k1_scalar_split_lambda (kc_secp256k1_scalar *r1,
                                   kc_secp256k1_scalar *r2,
                                   const kc_secp256k1_scalar *k)
{
  /* Lattice basis of {(a, b): a + b*lambda = 0 mod n} (GLV):
   * c1 = round(k*g1 / 2^384), c2 = round(k*g2 / 2^384) approximate the
   * coordinates of k in that basis; r2 = c1*(-b1) + c2*(-b2) and
   * r1 = k - r2*lambda are then both below 2^128 in absolute value. */
  static const kc_secp256k1_scalar minus_b1 = KC_SCALAR_CONST (
    0, 0, 0, 0, 0xE4437ED6, 0x010E8828, 0x6F547FA9, 0x0ABFE4C3);
  static const kc_secp256k1_scalar minus_b2 = KC_SCALAR_CONST (
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE,
    0x8A280AC5, 0x0774346D, 0xD765CDA8, 0x3DB1562C);
  static const kc_secp256k1_scalar g1 = KC_SCALAR_CONST (
    0x3086D221, 0xA7D46BCD, 0xE86C90E4, 0x9284EB15,
    0x3DAA8A14, 0x71E8CA7F, 0xE893209A, 0x45DBB031);
  static const kc_secp256k1_scalar g2 = KC_SCALAR_CONST (
    0xE4437ED6, 0x010E8828, 0x6F547FA9, 0x0ABFE4C4,
    0x221208AC, 0x9DF506C6, 0x1571B4AE, 0x8AC47F71);
  static const kc_secp256k1_scalar minus_lambda = KC_SCALAR_CONST (
    0xAC9C52B3, 0x3FA3CF1F, 0x5AD9E3FD, 0x77ED9BA4,
    0xA880B9FC, 0x8EC739C2, 0xE0CFC810, 0xB51283CF);
  kc_secp256k1_scalar c1, c2;

  _kc_secp256k1_scalar_mul_shift (&c1, k, &g1, 384);
  _kc_secp256k1_scalar_mul_shift (&c2, k, &g2, 384);
  _kc_secp256k1_scalar_mul (&c1, &c1, &minus_b1);
  _kc_secp256k1_scalar_mul (&c2, &c2, &minus_b2);
  _kc_secp256k1_scalar_add (r2, &c1, &c2);
  _kc_secp256k1_scalar_mul (r1, r2, &minus_lambda);
  _kc_secp256k1_scalar_add (r1, r1, k);
  wipememory (&c1, sizeof c1);
  wipememory (&c2, sizeof c2);
}

/* ------------------------------------------------------------------
 * Constant-time modular inverse by Bernstein-Yang divsteps ("safegcd").
 *
 * Numbers are "signed62": five int64 limbs, value sum l[i] 2^(62 i);
 * normalized means l[0..3] in [0, 2^62) and l[4] signed.
 *
 * A divstep maps (delta, f, g), f odd, to
 *   (1 - delta, g, (g - f)/2)  if delta > 0 and g odd,
 *   (1 + delta, f, (g + f)/2)  if g odd otherwise,
 *   (1 + delta, f, g/2)        if g even.
 * We start from delta = 1/2 (the "half-delta" variant: delta is kept
 * doubled, as the odd integer 2 delta) and (f, g) = (M, x), x < M < 2^256.
 * Then g reaches 0 and f = +-1 within 590 divsteps: the bound computed
 * for 256-bit inputs by the safegcd-bounds analysis (P. Wuille), also
 * used by libsecp256k1; with delta = 1 the paper's Theorem 11.2 gives
 * 741.  We run 10 batches of 59 = 590 (a verify build checks g = 0 at
 * the end; steps after convergence leave f, g, d unchanged).  Each batch
 * runs 59 divsteps on the low 64 bits of f and g only and records the
 * transition matrix scaled by 2^3 (it starts as 8 I), [u v; q r] with
 * (f', g') = ((u f + v g), (q f + r g)) / 2^62, so that the limb
 * arithmetic below divides by 2^62 as for 62 steps; by induction
 * |u| + |v| <= 2^62 and |q| + |r| <= 2^62 (each step doubles a row or
 * adds the rows, from 2^3).  The matrix is then applied to the full f, g and
 * to d, e, where f = d x and g = e x (mod M) throughout (start d = 0,
 * e = 1); the division by 2^62 of d, e is made exact by adding md*M with
 * md = -(u d + v e) M^-1 mod 2^62 in [0, 2^62).  With d, e in [0, M) the
 * result lies in (-M, 2M) and two conditional corrections bring it back
 * to [0, M).  At the end x^-1 = f d (f = +-1).  Every step is branch-free
 * with masks from the ct toolbox; the iteration counts are fixed.
 * ------------------------------------------------------------------ */

#define M62 0x3FFFFFFFFFFFFFFFULL
typedef kc_i128 i128;

/* 59 divsteps on the low words; returns 2^3 times the matrix.  *DELTA
 * is 2 delta. */
static void
divsteps_59 (int64_t *delta, uint64_t f, uint64_t g, int64_t t[4])
{
  uint64_t u = 8, v = 0, q = 0, r = 8;   /* two's complement arithmetic */
  uint64_t d = (uint64_t) *delta;
  int i;

  for (i = 0; i < 59; i++)
    {
      uint64_t c1 = ct_mask_from_flag_u64 (((uint64_t) 0 - d) >> 63); /* delta > 0 */
      uint64_t c2 = ct_mask_from_flag_u64 (g & 1);                    /* g odd */
      uint64_t sw = c1 & c2, x;
      /* if swap: (f, g) = (g, -f), (u, v) <-> (q, r) negated, delta = -delta */
      x = (f ^ g) & sw; f ^= x; g ^= x; g = (g ^ sw) - sw;
      x = (u ^ q) & sw; u ^= x; q ^= x; q = (q ^ sw) - sw;
      x = (v ^ r) & sw; v ^= x; r ^= x; r = (r ^ sw) - sw;
      d = (d ^ sw) - sw;
      /* if g odd: g += f (and the row) */
      g += f & c2;
      q += u & c2;
      r += v & c2;
      /* halve g; double the f row; delta += 1 (2 delta += 2) */
      g >>= 1;
      u <<= 1;
      v <<= 1;
      d += 2;
    }
  *delta = (int64_t) d;
  t[0] = (int64_t) u;
  t[1] = (int64_t) v;
  t[2] = (int64_t) q;
  t[3] = (int64_t) r;
}

/* (f, g) = ([u v; q r] (f, g)) / 2^62, exact. */
static void
update_fg (int64_t f[5], int64_t g[5], const int64_t t[4])
{
  i128 cf, cg;
  int i;
  kc_i128_mul (&cf, t[0], f[0]);
  kc_i128_accum_mul (&cf, t[1], g[0]);
  kc_i128_mul (&cg, t[2], f[0]);
  kc_i128_accum_mul (&cg, t[3], g[0]);
  KC_VERIFY_CHECK ((kc_i128_to_u64 (&cf) & M62) == 0
                   && (kc_i128_to_u64 (&cg) & M62) == 0);
  kc_i128_rshift (&cf, 62);
  kc_i128_rshift (&cg, 62);
  for (i = 1; i < 5; i++)
    {
      kc_i128_accum_mul (&cf, t[0], f[i]);
      kc_i128_accum_mul (&cf, t[1], g[i]);
      kc_i128_accum_mul (&cg, t[2], f[i]);
      kc_i128_accum_mul (&cg, t[3], g[i]);
      f[i - 1] = (int64_t) (kc_i128_to_u64 (&cf) & M62);
      g[i - 1] = (int64_t) (kc_i128_to_u64 (&cg) & M62);
      kc_i128_rshift (&cf, 62);
      kc_i128_rshift (&cg, 62);
    }
  f[4] = (int64_t) kc_i128_to_u64 (&cf);
  g[4] = (int64_t) kc_i128_to_u64 (&cg);
}

/* carry-normalize A: limbs 0..3 into [0, 2^62), top limb signed */
static inline void
s62_carry (int64_t a[5])
{
  int i;
  for (i = 0; i < 4; i++)
    {
      a[i + 1] += a[i] >> 62;     /* arithmetic shift */
      a[i] = (int64_t) ((uint64_t) a[i] & M62);
    }
}

/* A += MASK & M (or, with NEG, A -= MASK & M), then normalize */
static inline void
s62_addsub_masked (int64_t a[5], const int64_t m[5], uint64_t mask, int neg)
{
  int i;
  for (i = 0; i < 5; i++)
    {
      int64_t x = (int64_t) ((uint64_t) m[i] & mask);
      a[i] = neg ? a[i] - x : a[i] + x;
    }
  s62_carry (a);
}

/* all ones if A < 0 (A normalized) */
static inline uint64_t
s62_neg_mask (const int64_t a[5])
{
  return ct_mask_from_flag_u64 ((uint64_t) a[4] >> 63);
}

/* Bring A in (-M, 2M) to [0, M). */
static void
s62_reduce (int64_t a[5], const int64_t m[5])
{
  int64_t t[5];
  uint64_t keep;
  int i;
  s62_addsub_masked (a, m, s62_neg_mask (a), 0);      /* now [0, 2M) */
  for (i = 0; i < 5; i++)
    t[i] = a[i];
  s62_addsub_masked (t, m, ~(uint64_t) 0, 1);         /* A - M */
  keep = ~s62_neg_mask (t);                            /* A - M >= 0 */
  for (i = 0; i < 5; i++)
    a[i] = (int64_t) ct_select_u64 (keep, (uint64_t) t[i], (uint64_t) a[i]);
  wipememory (t, sizeof t);     /* A or A - M: an inverse, at the last call */
}

/* (d, e) = ([u v; q r] (d, e) + (md, me) M) / 2^62, then reduced. */
static void
update_de (int64_t d[5], int64_t e[5], const int64_t t[4],
           const int64_t m[5], uint64_t minv62)
{
  i128 cd, ce;
  uint64_t md, me;
  int i;
  kc_i128_mul (&cd, t[0], d[0]);
  kc_i128_accum_mul (&cd, t[1], e[0]);
  kc_i128_mul (&ce, t[2], d[0]);
  kc_i128_accum_mul (&ce, t[3], e[0]);
  md = ((uint64_t) 0 - kc_i128_to_u64 (&cd) * minv62) & M62;
  me = ((uint64_t) 0 - kc_i128_to_u64 (&ce) * minv62) & M62;
  kc_i128_accum_mul (&cd, (int64_t) md, m[0]);   /* md, me < 2^62 */
  kc_i128_accum_mul (&ce, (int64_t) me, m[0]);
  KC_VERIFY_CHECK ((kc_i128_to_u64 (&cd) & M62) == 0
                   && (kc_i128_to_u64 (&ce) & M62) == 0);
  kc_i128_rshift (&cd, 62);
  kc_i128_rshift (&ce, 62);
  for (i = 1; i < 5; i++)
    {
      kc_i128_accum_mul (&cd, t[0], d[i]);
      kc_i128_accum_mul (&cd, t[1], e[i]);
      kc_i128_accum_mul (&cd, (int64_t) md, m[i]);
      kc_i128_accum_mul (&ce, t[2], d[i]);
      kc_i128_accum_mul (&ce, t[3], e[i]);
      kc_i128_accum_mul (&ce, (int64_t) me, m[i]);
      d[i - 1] = (int64_t) (kc_i128_to_u64 (&cd) & M62);
      e[i - 1] = (int64_t) (kc_i128_to_u64 (&ce) & M62);
      kc_i128_rshift (&cd, 62);
      kc_i128_rshift (&ce, 62);
    }
  d[4] = (int64_t) kc_i128_to_u64 (&cd);
  e[4] = (int64_t) kc_i128_to_u64 (&ce);
  s62_reduce (d, m);
  s62_reduce (e, m);
}

void
_kc_secp256k1_modinv256 (uint64_t r[4], const uint64_t a[4],
                         const kc_secp256k1_modinfo *mod)
{
  int64_t f[5], g[5], d[5] = { 0, 0, 0, 0, 0 }, e[5] = { 1, 0, 0, 0, 0 };
  int64_t t[4], delta = 1;             /* 2 delta: delta = 1/2 */
  uint64_t fneg;
  int i;

  for (i = 0; i < 5; i++)
    f[i] = mod->m[i];
  g[0] = (int64_t) (a[0] & M62);
  g[1] = (int64_t) ((a[0] >> 62 | a[1] << 2) & M62);
  g[2] = (int64_t) ((a[1] >> 60 | a[2] << 4) & M62);
  g[3] = (int64_t) ((a[2] >> 58 | a[3] << 6) & M62);
  g[4] = (int64_t) (a[3] >> 56);
  for (i = 0; i < 10; i++)
    {
      divsteps_59 (&delta, (uint64_t) f[0] | (uint64_t) f[1] << 62,
                   (uint64_t) g[0] | (uint64_t) g[1] << 62, t);
      update_fg (f, g, t);
      update_de (d, e, t, mod->m, mod->minv62);
    }
  /* g = 0 and f = +-1 (or f = M, d = 0 when A = 0): R = sign(f) d */
  KC_VERIFY_CHECK ((g[0] | g[1] | g[2] | g[3] | g[4]) == 0);
  fneg = s62_neg_mask (f);
  for (i = 0; i < 5; i++)
    d[i] = (int64_t) (((uint64_t) d[i] ^ fneg) - fneg);
  s62_carry (d);
  s62_reduce (d, mod->m);
  r[0] = (uint64_t) d[0] | (uint64_t) d[1] << 62;
  r[1] = (uint64_t) d[1] >> 2 | (uint64_t) d[2] << 60;
  r[2] = (uint64_t) d[2] >> 4 | (uint64_t) d[3] << 58;
  r[3] = (uint64_t) d[3] >> 6 | (uint64_t) d[4] << 56;
  wipememory (f, sizeof f); wipememory (g, sizeof g);
  wipememory (d, sizeof d); wipememory (e, sizeof e);
  wipememory (t, sizeof t); wipememory (&delta, sizeof delta);
}

/* ------------------------------------------------------------------
 * Variable-time safegcd (public inputs only).
 *
 * The same divsteps, written with eta = -delta (full delta, starting at
 * delta = 1, eta = -1), but a batch of 62 takes them in jumps:
 *  - a run of Z zero low bits of g is Z steps at once (g >>= Z, the f
 *    row doubled Z times, eta -= Z);
 *  - with g odd, if eta < 0 the step swaps: (f, g) = (g, -f), rows
 *    exchanged with the old f row negated, eta = -eta;
 *  - then eta >= 0 and the next L = min(eta + 1, steps left, 6) steps
 *    never swap, so each only adds f when g is odd and halves: together
 *    they add W f to g with W = -g/f mod 2^L (f^-1 mod 64 is
 *    f (2 - f^2), since f^2 = 1 mod 8), leaving L zero bits that the
 *    next run consumes.
 * Each jump is exactly a sequence of divsteps, so the matrix after 62
 * steps is the one the constant-time batch would give (same bounds,
 * same update_fg / update_de).  The outer loop stops as soon as g = 0;
 * with delta = 1 the paper's bound for 256-bit inputs is 742 divsteps,
 * below the 12 batches (744) the loop allows.
 * ------------------------------------------------------------------ */

static inline int
ctz64_var (uint64_t x)
{
#if defined(__GNUC__)
  return __builtin_ctzll (x);
#else
  int n = 0;
  while (!(x & 1))
    {
      x >>= 1;
      n++;
    }
  return n;
#endif
}

/* 62 divsteps on the low words, variable time; returns the matrix. */
static void
divsteps_62_var (int64_t *eta_io, uint64_t f, uint64_t g, int64_t t[4])
{
  uint64_t u = 1, v = 0, q = 0, r = 1, w, x, m;
  int64_t eta = *eta_io;
  int left = 62, z, lim;

  for (;;)
    {
      /* the guard bit at LEFT stops the run at the end of the batch */
      z = ctz64_var (g | ((uint64_t) 1 << left));
      g >>= z;
      u <<= z;
      v <<= z;
      eta -= z;
      left -= z;
      if (left == 0)
        break;
      /* f and g odd */
      if (eta < 0)
        {
          eta = -eta;
          x = f; f = g; g = (uint64_t) 0 - x;
          x = u; u = q; q = (uint64_t) 0 - x;
          x = v; v = r; r = (uint64_t) 0 - x;
        }
      lim = (int) eta + 1 < left ? (int) eta + 1 : left;
      if (lim > 6)
        lim = 6;
      m = ((uint64_t) 1 << lim) - 1;
      w = (g * f * (f * f - 2)) & m;       /* -g/f mod 2^lim */
      g += f * w;
      q += u * w;
      r += v * w;
    }
  *eta_io = eta;
  t[0] = (int64_t) u;
  t[1] = (int64_t) v;
  t[2] = (int64_t) q;
  t[3] = (int64_t) r;
}

void
_kc_secp256k1_modinv256_var (uint64_t r[4], const uint64_t a[4],
                             const kc_secp256k1_modinfo *mod)
{
  int64_t f[5], g[5], d[5] = { 0, 0, 0, 0, 0 }, e[5] = { 1, 0, 0, 0, 0 };
  int64_t t[4], eta = -1;
  uint64_t fneg;
  int i, batch;

  for (i = 0; i < 5; i++)
    f[i] = mod->m[i];
  g[0] = (int64_t) (a[0] & M62);
  g[1] = (int64_t) ((a[0] >> 62 | a[1] << 2) & M62);
  g[2] = (int64_t) ((a[1] >> 60 | a[2] << 4) & M62);
  g[3] = (int64_t) ((a[2] >> 58 | a[3] << 6) & M62);
  g[4] = (int64_t) (a[3] >> 56);
  for (batch = 0; batch < 12; batch++)
    {
      if ((g[0] | g[1] | g[2] | g[3] | g[4]) == 0)
        break;
      divsteps_62_var (&eta, (uint64_t) f[0] | (uint64_t) f[1] << 62,
                       (uint64_t) g[0] | (uint64_t) g[1] << 62, t);
      update_fg (f, g, t);
      update_de (d, e, t, mod->m, mod->minv62);
    }
  KC_VERIFY_CHECK ((g[0] | g[1] | g[2] | g[3] | g[4]) == 0);
  fneg = s62_neg_mask (f);
  for (i = 0; i < 5; i++)
    d[i] = (int64_t) (((uint64_t) d[i] ^ fneg) - fneg);
  s62_carry (d);
  s62_reduce (d, mod->m);
  r[0] = (uint64_t) d[0] | (uint64_t) d[1] << 62;
  r[1] = (uint64_t) d[1] >> 2 | (uint64_t) d[2] << 60;
  r[2] = (uint64_t) d[2] >> 4 | (uint64_t) d[3] << 58;
  r[3] = (uint64_t) d[3] >> 6 | (uint64_t) d[4] << 56;
}

const kc_secp256k1_modinfo _kc_secp256k1_modinfo_n = {
  { 0x3FD25E8CD0364141LL, 0x2ABB739ABD2280EELL, 0x3FFFFFFFFFFFFFEBLL,
    0x3FFFFFFFFFFFFFFFLL, 0xFFLL },
  0x34F20099AA774EC1ULL
};

void
_kc_secp256k1_scalar_inv (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  _kc_secp256k1_modinv256 (r->d, a->d, &_kc_secp256k1_modinfo_n);
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_inv_var (kc_secp256k1_scalar *r, const kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  _kc_secp256k1_modinv256_var (r->d, a->d, &_kc_secp256k1_modinfo_n);
  SC_CHECK (r);
}
