/* secp256k1/scalar.c - integers mod n in 4x64 limbs.  Contracts in
 * secp256k1/scalar.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/scalar.h"
#include "modinv.h"

#include "limb.h"
#include "bufhelp.h"

typedef _kc_u128 u128;

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
  uint64_t s[4], of, m;
  unsigned char c = 0;
  s[0] = _kc_adc (a[0], NC0, &c);
  s[1] = _kc_adc (a[1], NC1, &c);
  s[2] = _kc_adc (a[2], 1, &c);
  s[3] = _kc_adc (a[3], 0, &c);
  of = (uint64_t) c | hi;
  m = ct_mask_from_flag_u64 (of);
  a[0] = ct_select_u64 (m, s[0], a[0]);
  a[1] = ct_select_u64 (m, s[1], a[1]);
  a[2] = ct_select_u64 (m, s[2], a[2]);
  a[3] = ct_select_u64 (m, s[3], a[3]);
  return of;
}

void
_kc_secp256k1_scalar_set_b32 (_kc_secp256k1_scalar *r, const unsigned char b[32],
                              int *overflow)
{
  /* Reduced in a local array and stored once: reduced in place in R,
   * the compiler's vector select read R's limbs back 16 bytes at a time
   * across two 8-byte stores, two store-forwarding stalls (a third of
   * kc_ecc_seckey_verify on Zen 5). */
  uint64_t a[4], of;
  int i;
  for (i = 0; i < 4; i++)
    a[i] = buf_get_be64 (b + 24 - 8 * i);
  of = reduce_final (a, 0);
  for (i = 0; i < 4; i++)
    r->d[i] = a[i];
  if (overflow)
    *overflow = (int) of;
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_get_b32 (unsigned char b[32], const _kc_secp256k1_scalar *a)
{
  int i;
  SC_CHECK (a);
  for (i = 0; i < 4; i++)
    buf_put_be64 (b + 24 - 8 * i, a->d[i]);
}

void
_kc_secp256k1_scalar_set_int (_kc_secp256k1_scalar *r, unsigned int v)
{
  r->d[0] = v;
  r->d[1] = r->d[2] = r->d[3] = 0;
}

int
_kc_secp256k1_scalar_is_zero (const _kc_secp256k1_scalar *a)
{
  return (int) (1 ^ ct_is_nonzero_u64 (a->d[0] | a->d[1] | a->d[2] | a->d[3]));
}

int
_kc_secp256k1_scalar_eq (const _kc_secp256k1_scalar *a,
                         const _kc_secp256k1_scalar *b)
{
  return (int) (1 ^ ct_is_nonzero_u64 ((a->d[0] ^ b->d[0]) | (a->d[1] ^ b->d[1])
                                       | (a->d[2] ^ b->d[2])
                                       | (a->d[3] ^ b->d[3])));
}

int
_kc_secp256k1_scalar_is_high (const _kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  return ct_cmp_limbs (a->d, NH, 4) > 0;
}

int
_kc_secp256k1_scalar_add (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a,
                          const _kc_secp256k1_scalar *b)
{
  uint64_t s[4], of;
  unsigned char c = 0;
  int i;
  SC_CHECK (a);
  SC_CHECK (b);
  for (i = 0; i < 4; i++)
    s[i] = _kc_adc (a->d[i], b->d[i], &c);
  /* a + b < 2n: one subtraction suffices (in S, as in set_b32) */
  of = reduce_final (s, c);
  for (i = 0; i < 4; i++)
    r->d[i] = s[i];
  SC_CHECK (r);
  return (int) of;
}

void
_kc_secp256k1_scalar_negate (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a)
{
  /* n - a, then masked to 0 when a = 0. */
  uint64_t nz = ct_mask_nonzero_u64 (a->d[0] | a->d[1] | a->d[2] | a->d[3]);
  u128 t;
  int i;
  SC_CHECK (a);
  _kc_u128_from_u64 (&t, 1);
  for (i = 0; i < 4; i++)
    {
      _kc_u128_accum_u64 (&t, N[i]);
      _kc_u128_accum_u64 (&t, ~a->d[i]);
      r->d[i] = _kc_u128_to_u64 (&t) & nz;
      _kc_u128_rshift (&t, 64);
    }
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_cond_negate (_kc_secp256k1_scalar *r, int flag)
{
  _kc_secp256k1_scalar t;
  _kc_secp256k1_scalar_negate (&t, r);
  ct_cmov_u64 (r->d, t.d, 4, (uint64_t) flag);
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
  _kc_u128_mul (&t, a, b);
  _kc_u128_accum_u64 (&t, acc->c0);
  hi = _kc_u128_hi_u64 (&t);
  acc->c0 = _kc_u128_to_u64 (&t);
  _kc_u128_from_u64 (&t, acc->c1);
  _kc_u128_accum_u64 (&t, hi);
  acc->c1 = _kc_u128_to_u64 (&t);
  acc->c2 += _kc_u128_hi_u64 (&t);
}

/* ACC += A */
static inline void
acc_add (acc192 *acc, uint64_t a)
{
  u128 t;
  uint64_t hi;
  _kc_u128_from_u64 (&t, acc->c0);
  _kc_u128_accum_u64 (&t, a);
  acc->c0 = _kc_u128_to_u64 (&t);
  hi = _kc_u128_hi_u64 (&t);
  _kc_u128_from_u64 (&t, acc->c1);
  _kc_u128_accum_u64 (&t, hi);
  acc->c1 = _kc_u128_to_u64 (&t);
  acc->c2 += _kc_u128_hi_u64 (&t);
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
  _kc_u128_mul (&p, a, b);
  lo = _kc_u128_to_u64 (&p);
  hi = _kc_u128_hi_u64 (&p);
  acc->c2 += hi >> 63;                   /* 2p = (hi:lo) << 1 */
  hi = hi << 1 | lo >> 63;
  lo <<= 1;
  _kc_u128_from_u64 (&t, acc->c0);
  _kc_u128_accum_u64 (&t, lo);
  acc->c0 = _kc_u128_to_u64 (&t);
  cy = _kc_u128_hi_u64 (&t);
  _kc_u128_from_u64 (&t, acc->c1);
  _kc_u128_accum_u64 (&t, hi);
  _kc_u128_accum_u64 (&t, cy);
  acc->c1 = _kc_u128_to_u64 (&t);
  acc->c2 += _kc_u128_hi_u64 (&t);
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
}

/* R = L mod n for a 512-bit L, folding the high part with
 * 2^256 = NC (mod n), NC = NC0 + NC1 2^64 + 2^128 < 2^129:
 *   L  < 2^512       -> M = L_lo + L_hi*NC < 2^386  (m0..m6, m6 <= 2)
 *   M                -> P = M_lo + M_hi*NC < 2^260  (p0..p4, p4 < 16)
 *   P                -> Q = P_lo + p4*NC   < 2^256 + 2^133 (4 limbs + carry)
 * and Q < 2n, so one conditional subtraction ends it.  Straight-line: no
 * branch, no index depends on the value. */
static inline void
reduce_512 (_kc_secp256k1_scalar *r, const uint64_t l[8])
{
  acc192 c = { 0, 0, 0 };
  uint64_t m[7], p[5], q[4];
  u128 t;
  int i;

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
  _kc_u128_mul (&t, p[4], NC0);
  _kc_u128_accum_u64 (&t, p[0]);
  q[0] = _kc_u128_to_u64 (&t); _kc_u128_rshift (&t, 64);
  _kc_u128_accum_mul (&t, p[4], NC1);
  _kc_u128_accum_u64 (&t, p[1]);
  q[1] = _kc_u128_to_u64 (&t); _kc_u128_rshift (&t, 64);
  _kc_u128_accum_u64 (&t, p[4]);
  _kc_u128_accum_u64 (&t, p[2]);
  q[2] = _kc_u128_to_u64 (&t); _kc_u128_rshift (&t, 64);
  _kc_u128_accum_u64 (&t, p[3]);
  q[3] = _kc_u128_to_u64 (&t); _kc_u128_rshift (&t, 64);
  reduce_final (q, _kc_u128_to_u64 (&t));      /* local, as in set_b32 */
  for (i = 0; i < 4; i++)
    r->d[i] = q[i];
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_mul (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a,
                          const _kc_secp256k1_scalar *b)
{
  uint64_t l[8];
  SC_CHECK (a);
  SC_CHECK (b);
  mul_512 (l, a->d, b->d);
  reduce_512 (r, l);
}

void
_kc_secp256k1_scalar_mul_shift (_kc_secp256k1_scalar *r,
                                const _kc_secp256k1_scalar *a,
                                const _kc_secp256k1_scalar *b, unsigned int shift)
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
    _kc_u128_from_u64 (&c, bit);
    for (i = 0; i < 4; i++)
      {
        _kc_u128_accum_u64 (&c, w[i]);
        r->d[i] = _kc_u128_to_u64 (&c);
        _kc_u128_rshift (&c, 64);
      }
  }
}

static void
scalar_sqr (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a)
{
  uint64_t l[8];
  sqr_512 (l, a->d);
  reduce_512 (r, l);
}

/* R = A^E for the public exponent E (4 limbs), fixed 4-bit windows. */
static void
scalar_pow (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a,
            const uint64_t e[4])
{
  _kc_secp256k1_scalar tab[16], acc;
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
_kc_secp256k1_scalar_inv_fermat (_kc_secp256k1_scalar *r,
                                 const _kc_secp256k1_scalar *a)
{
  static const uint64_t nm2[4] = {
    0xBFD25E8CD036413FULL, 0xBAAEDCE6AF48A03BULL,
    0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL
  };
  SC_CHECK (a);
  scalar_pow (r, a, nm2);
}

void
_kc_secp256k1_scalar_split_lambda (_kc_secp256k1_scalar *r1,
                                   _kc_secp256k1_scalar *r2,
                                   const _kc_secp256k1_scalar *k)
{
  /* Lattice basis of {(a, b): a + b*lambda = 0 mod n} (GLV):
   * c1 = round(k*g1 / 2^384), c2 = round(k*g2 / 2^384) approximate the
   * coordinates of k in that basis; r2 = c1*(-b1) + c2*(-b2) and
   * r1 = k - r2*lambda are then both below 2^128 in absolute value. */
  static const _kc_secp256k1_scalar minus_b1 = KC_SCALAR_CONST (
    0, 0, 0, 0, 0xE4437ED6, 0x010E8828, 0x6F547FA9, 0x0ABFE4C3);
  static const _kc_secp256k1_scalar minus_b2 = KC_SCALAR_CONST (
    0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE,
    0x8A280AC5, 0x0774346D, 0xD765CDA8, 0x3DB1562C);
  static const _kc_secp256k1_scalar g1 = KC_SCALAR_CONST (
    0x3086D221, 0xA7D46BCD, 0xE86C90E4, 0x9284EB15,
    0x3DAA8A14, 0x71E8CA7F, 0xE893209A, 0x45DBB031);
  static const _kc_secp256k1_scalar g2 = KC_SCALAR_CONST (
    0xE4437ED6, 0x010E8828, 0x6F547FA9, 0x0ABFE4C4,
    0x221208AC, 0x9DF506C6, 0x1571B4AE, 0x8AC47F71);
  static const _kc_secp256k1_scalar minus_lambda = KC_SCALAR_CONST (
    0xAC9C52B3, 0x3FA3CF1F, 0x5AD9E3FD, 0x77ED9BA4,
    0xA880B9FC, 0x8EC739C2, 0xE0CFC810, 0xB51283CF);
  _kc_secp256k1_scalar c1, c2;

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

/* n in signed 62-bit limbs for the shared safegcd (mpi/modinv.c); limb 3
 * is zero and skipped there. */
static const _kc_modinv256_modulus modulus_n = {
  { 0x3FD25E8CD0364141LL, 0x2ABB739ABD2280EELL, -0x15LL, 0, 256 },
  0x34F20099AA774EC1ULL
};

void
_kc_secp256k1_scalar_inv (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  _kc_modinv256 (r->d, a->d, &modulus_n);
  SC_CHECK (r);
}

void
_kc_secp256k1_scalar_inv_var (_kc_secp256k1_scalar *r, const _kc_secp256k1_scalar *a)
{
  SC_CHECK (a);
  _kc_modinv256_var (r->d, a->d, &modulus_n);
  SC_CHECK (r);
}
