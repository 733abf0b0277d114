/* ed25519/scalar.c - integers modulo L, the order of Ed25519's base
 * point.  Contracts in ed25519/scalar.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "limb.h"
#include "ed25519/scalar.h"

static const uint64_t ell[4] = {
  0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL
};
/* floor (2^512 / L), 260 bits */
static const uint64_t mu[5] = {
  0xed9ce5a30a2c131bULL, 0x2106215d086329a7ULL, 0xffffffffffffffebULL,
  0xffffffffffffffffULL, 0xfULL
};

/* R[0..NA+NB) = A[0..NA) * B[0..NB), schoolbook */
static void
mul_limbs (uint64_t *r, const uint64_t *a, size_t na, const uint64_t *b,
           size_t nb)
{
  size_t i, j;
  uint64_t c;

  for (i = 0; i < na + nb; i++)
    r[i] = 0;
  for (i = 0; i < na; i++)
    {
      c = 0;
      for (j = 0; j < nb; j++)
        r[i + j] = _kc_mac64 (&c, a[i], b[j], r[i + j], c);
      r[i + nb] = c;
    }
}

/* R = A - L if A >= L, else A (A below 2^256) */
static void
cond_sub_l (uint64_t r[4], const uint64_t a[4])
{
  uint64_t d[4], b = 0;
  int i;
  for (i = 0; i < 4; i++)
    d[i] = _kc_subb64 (&b, a[i], ell[i], b);
  /* borrow: A < L, keep A */
  for (i = 0; i < 4; i++)
    r[i] = ct_select_u64 (ct_mask_from_flag_u64 (b), a[i], d[i]);
}

/* R = X mod L for X below 2^512 (eight limbs): Barrett.  q3 =
 * floor (floor (X / 2^192) mu / 2^320) is at most 2 below floor (X / L),
 * so X - q3 L (computed mod 2^320) lies in [0, 3L) */
static void
reduce512 (_kc_ed25519_sc *r, const uint64_t x[8])
{
  uint64_t q2[10], t[9], rr[5], b = 0;
  int i;

  mul_limbs (q2, x + 3, 5, mu, 5);
  mul_limbs (t, q2 + 5, 5, ell, 4);
  for (i = 0; i < 5; i++)
    rr[i] = _kc_subb64 (&b, x[i], t[i], b);
  KC_VERIFY_CHECK (rr[4] == 0 && (rr[3] >> 62) == 0);
  cond_sub_l (rr, rr);
  cond_sub_l (r->v, rr);
  wipememory (q2, sizeof q2);
  wipememory (t, sizeof t);
  wipememory (rr, sizeof rr);
}

void
_kc_ed25519_sc_reduce64 (_kc_ed25519_sc *r, const unsigned char b[64])
{
  uint64_t x[8];
  int i;
  for (i = 0; i < 8; i++)
    x[i] = buf_get_le64 (b + 8 * i);
  reduce512 (r, x);
  wipememory (x, sizeof x);
}

void
_kc_ed25519_sc_reduce32 (_kc_ed25519_sc *r, const unsigned char b[32])
{
  uint64_t x[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
  int i;
  for (i = 0; i < 4; i++)
    x[i] = buf_get_le64 (b + 8 * i);
  reduce512 (r, x);
  wipememory (x, sizeof x);
}

void
_kc_ed25519_sc_muladd (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                       const _kc_ed25519_sc *b, const _kc_ed25519_sc *c)
{
  uint64_t x[8], cy = 0;
  int i;

  mul_limbs (x, a->v, 4, b->v, 4);
  for (i = 0; i < 4; i++)
    x[i] = _kc_addc64 (&cy, x[i], c->v[i], cy);
  for (; i < 8; i++)            /* A B + C < L^2 + L < 2^506: no overflow */
    x[i] = _kc_addc64 (&cy, x[i], 0, cy);
  reduce512 (r, x);
  wipememory (x, sizeof x);
}

void
_kc_ed25519_sc_mul (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                    const _kc_ed25519_sc *b)
{
  uint64_t x[8];
  mul_limbs (x, a->v, 4, b->v, 4);
  reduce512 (r, x);
  wipememory (x, sizeof x);
}

void
_kc_ed25519_sc_add (_kc_ed25519_sc *r, const _kc_ed25519_sc *a,
                    const _kc_ed25519_sc *b)
{
  uint64_t s[4], cy = 0;
  int i;
  for (i = 0; i < 4; i++)       /* below 2L < 2^254: no carry out */
    s[i] = _kc_addc64 (&cy, a->v[i], b->v[i], cy);
  cond_sub_l (r->v, s);
}

void
_kc_ed25519_sc_tobytes (unsigned char out[32], const _kc_ed25519_sc *a)
{
  int i;
  for (i = 0; i < 4; i++)
    buf_put_le64 (out + 8 * i, a->v[i]);
}

int
_kc_ed25519_sc_frombytes_var (_kc_ed25519_sc *r, const unsigned char b[32])
{
  int i;
  for (i = 0; i < 4; i++)
    r->v[i] = buf_get_le64 (b + 8 * i);
  for (i = 3; i >= 0; i--)
    if (r->v[i] != ell[i])
      return r->v[i] < ell[i];
  return 0;                     /* equal to L */
}

/* ------------------------------------------------ variable-time wNAF */

int
_kc_ed25519_wnaf_var (signed char naf[257], const _kc_ed25519_sc *s, int w)
{
  int bit = 0, carry = 0, top = 0, now;
  uint64_t word;

  memset (naf, 0, 257);
  while (bit < 257)
    {
      unsigned int b = bit < 256 ? (unsigned int) (s->v[bit / 64]
                                                   >> (bit % 64)) & 1 : 0;
      if ((int) b == carry)
        {
          bit++;
          continue;
        }
      now = w;
      if (now > 256 - bit)
        now = 256 - bit;
      if (now <= 0)
        word = 0;
      else
        {
          word = s->v[bit / 64] >> (bit % 64);
          if (bit % 64 + now > 64 && bit / 64 < 3)
            word |= s->v[bit / 64 + 1] << (64 - bit % 64);
          word &= ((uint64_t) 1 << now) - 1;
        }
      word += (uint64_t) carry;
      carry = (int) ((word >> (w - 1)) & 1);
      naf[bit] = (signed char) ((int64_t) word - ((int64_t) carry << w));
      top = bit + 1;
      bit += now > 0 ? now : 1;
    }
  return top;
}
