/* ed25519/batch.c - many Ed25519 verifications by one equation.
 * Contract in ed25519/eddsa.h; the method is the BIP-340 batch's
 * (secp256k1/schnorr-batch.h says why it is sound), on this group.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Up to KC_ED25519_BATCH_EQ items an equation:
 *     S = (sum a_j s_j) B + sum (a_j k_j) (-A_j) + sum a_j (-R_j)
 * by one multi-scalar multiplication (ed25519/group.h).  a_0 = 1; a_j
 * for j > 0 is 128 bits of SHA-512 (seed || j / 4), the seed a
 * SHA-512 of a tag and of R, A, S and k of every item.  If every item
 * is valid S is the identity; when it is not, the items are bisected
 * (the left half's sum by a multiplication, the right half's as S
 * minus it) down to ranges of at most two items, which are verified
 * one by one with the single verification's equation.
 *
 * The cofactor.  An item is valid for the single verification iff
 * D_j = s_j B - k_j A_j - R_j is the identity.  The batch sees
 * sum a_j D_j: a part of order L in some D_j survives it but with
 * probability 2^-128, and every failing range ends in the single
 * equation, so an item that the batch refuses is one the single
 * verification refuses.  A D_j of small order (possible only when A_j
 * or R_j has a small-order part, which no honest key or signer makes)
 * is cancelled by a_j when a_j is a multiple of its order, so the batch
 * may accept such an item that the single verification refuses: for
 * every item that a signer computed as RFC 8032 says (A_j and R_j of
 * order L), the results agree.  The manual says so.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "hash/sha512.h"
#include "ed25519/eddsa.h"

typedef _kc_ed25519_sc sc;
typedef _kc_ed25519_ge ge;

static const char coef_tag[] = "KCRYPT/batch-ed25519";

/* one equation's terms: the long pairs (-A_j, a_j k_j), the short
 * pairs (-R_j, a_j) and the coefficients of B, a_j s_j */
struct equation
{
  const ge *pl[KC_ED25519_BATCH_EQ], *ps[KC_ED25519_BATCH_EQ];
  sc sl[KC_ED25519_BATCH_EQ], ss[KC_ED25519_BATCH_EQ];
  sc as[KC_ED25519_BATCH_EQ];
};

/* SEED = SHA-512 (tag || R || A || S || k of every item) */
static void
coef_seed (unsigned char seed[64], const _kc_ed25519_item *it, size_t n)
{
  _kc_sha512_ctx c;
  unsigned char b[32];
  size_t i;

  _kc_sha512_init (&c);
  _kc_sha512_update (&c, coef_tag, sizeof coef_tag - 1);
  for (i = 0; i < n; i++)
    {
      _kc_sha512_update (&c, it[i].rb, 32);
      _kc_sha512_update (&c, it[i].ab, 32);
      _kc_ed25519_sc_tobytes (b, &it[i].s);
      _kc_sha512_update (&c, b, 32);
      _kc_ed25519_sc_tobytes (b, &it[i].k);
      _kc_sha512_update (&c, b, 32);
    }
  _kc_sha512_final (&c, seed);
}

/* A[j], j < N: A[0] = 1, then 128-bit quarters of
 * SHA-512 (SEED || 4-byte big-endian j / 4); never zero */
static void
coefficients (sc *a, size_t n, const unsigned char seed[64])
{
  unsigned char in[68], h[64];
  size_t j;

  memcpy (in, seed, 64);
  for (j = 0; j < n; j++)
    {
      memset (&a[j], 0, sizeof a[j]);
      if (j == 0)
        {
          a[0].v[0] = 1;
          continue;
        }
      if (j == 1 || j % 4 == 0)
        {
          in[64] = (unsigned char) (j >> 26);
          in[65] = (unsigned char) (j >> 18);
          in[66] = (unsigned char) (j >> 10);
          in[67] = (unsigned char) (j >> 2);
          _kc_sha512 (h, in, sizeof in);
        }
      a[j].v[0] = buf_get_le64 (h + 16 * (j % 4));
      a[j].v[1] = buf_get_le64 (h + 16 * (j % 4) + 8);
      if (!(a[j].v[0] | a[j].v[1]))
        a[j].v[0] = 1;
    }
}

/* S = the sum of terms [LO, HI) */
static void
eq_sum (ge *s, const struct equation *q, size_t lo, size_t hi)
{
  sc g = q->as[lo];
  size_t j;

  for (j = lo + 1; j < hi; j++)
    _kc_ed25519_sc_add (&g, &g, &q->as[j]);
  _kc_ed25519_msm_var (s, &g, q->pl + lo, q->sl + lo, q->ps + lo,
                       q->ss + lo, hi - lo);
}

#define LEAF 2

/* RES of items [LO, HI) whose sum is S */
static void
locate (int *res, const struct equation *q, const _kc_ed25519_item *it,
        size_t lo, size_t hi, const ge *s)
{
  ge sl, sr;
  size_t j, mid;

  if (_kc_ed25519_ge_is_identity_var (s))
    {
      for (j = lo; j < hi; j++)
        res[j] = KC_ED25519_OK;
      return;
    }
  if (hi - lo <= LEAF)
    {
      for (j = lo; j < hi; j++)
        res[j] = _kc_ed25519_verify_item_var (&it[j]);
      return;
    }
  mid = lo + (hi - lo) / 2;
  eq_sum (&sl, q, lo, mid);
  _kc_ed25519_ge_neg (&sr, &sl);
  _kc_ed25519_ge_add (&sr, &sr, s);
  locate (res, q, it, lo, mid, &sl);
  locate (res, q, it, mid, hi, &sr);
}

void
_kc_ed25519_verify_batch_var (int *res, size_t n,
                              const _kc_ed25519_item *items)
{
  struct equation q;
  unsigned char seed[64];
  ge s;
  size_t i, j, k;

  for (i = 0; i < n; i += k)
    {
      const _kc_ed25519_item *it = items + i;
      k = n - i < KC_ED25519_BATCH_EQ ? n - i : KC_ED25519_BATCH_EQ;
      if (k == 1)
        {
          res[i] = _kc_ed25519_verify_item_var (it);
          continue;
        }
      coef_seed (seed, it, k);
      coefficients (q.as, k, seed);
      for (j = 0; j < k; j++)
        {
          q.pl[j] = &it[j].na;
          _kc_ed25519_sc_mul (&q.sl[j], &q.as[j], &it[j].k);
          q.ps[j] = &it[j].nr;
          q.ss[j] = q.as[j];
          _kc_ed25519_sc_mul (&q.as[j], &q.as[j], &it[j].s);
        }
      eq_sum (&s, &q, 0, k);
      locate (res + i, &q, it, 0, k, &s);
    }
}
