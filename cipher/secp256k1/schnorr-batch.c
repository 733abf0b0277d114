/* secp256k1/schnorr-batch.c - many BIP-340 verifications per call (contracts in
 * secp256k1/schnorr-batch.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/schnorr-batch.h"
#include "secp256k1/x86_64/ecmult-ifma.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/msm.h"
#include "hash/sha256.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_fe fe;

/* A signature out of range, under the key XONLY: as kc_schnorr_verify,
 * which lifts the key first, GPG_ERR_BAD_PUBKEY when XONLY has no point
 * (the lanes lift the others later), else GPG_ERR_BAD_SIGNATURE. */
static gpg_error_t
bad_signature (const unsigned char xonly[32])
{
  _kc_secp256k1_ge q;
  if (!_kc_bip340_lift_x_var (&q, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  return KC_ERR (GPG_ERR_BAD_SIGNATURE);
}

gpg_error_t
_kc_schnorr_prepare_var (_kc_schnorr_item *it, const unsigned char sig[64],
                         const unsigned char xonly[32],
                         const unsigned char *msg, size_t msg_len)
{
  _kc_sha256_ctx c;
  unsigned char h[32];
  int of;

  if (!_kc_secp256k1_fe_set_b32_limit (&it->px, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!_kc_secp256k1_fe_set_b32_limit (&it->rx, sig))
    return bad_signature (xonly);
  _kc_secp256k1_scalar_set_b32 (&it->s, sig + 32, &of);
  if (of)
    return bad_signature (xonly);
  _kc_bip340_tagged_init (&c, KC_BIP340_CHALLENGE);
  _kc_sha256_update (&c, sig, 32);
  _kc_sha256_update (&c, xonly, 32);
  if (msg_len)
    _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&it->e, h, NULL);
  return 0;
}

/* 1 if the affine (X, Y) (magnitude <= 8) is R of a valid signature:
 * X = rx and Y even. */
static int
check_r (const _kc_schnorr_item *it, fe *x, fe *y)
{
  _kc_secp256k1_fe_normalize_var (x);
  _kc_secp256k1_fe_normalize_var (y);
  return _kc_secp256k1_fe_equal_norm (x, &it->rx) && !_kc_secp256k1_fe_is_odd (y);
}

/* R = s G - e P for the lifted P; the item's result. */
static int
verify_lifted (const _kc_schnorr_item *it, const _kc_secp256k1_ge *p)
{
  _kc_secp256k1_gej pj, rj;
  _kc_secp256k1_ge ra;
  scalar ne;

  _kc_secp256k1_scalar_negate (&ne, &it->e);
  _kc_secp256k1_gej_set_ge (&pj, p);
  _kc_secp256k1_ecmult_var (&rj, &pj, &ne, &it->s);
  if (rj.infinity)
    return KC_SCHNORR_BAD_SIG;
  _kc_secp256k1_ge_set_gej_var (&ra, &rj);
  return check_r (it, &ra.x, &ra.y) ? KC_SCHNORR_OK : KC_SCHNORR_BAD_SIG;
}

int
_kc_schnorr_verify_one_var (const _kc_schnorr_item *it)
{
  _kc_secp256k1_ge p;

  if (!_kc_secp256k1_ge_set_xo_var (&p, &it->px, 0))
    return KC_SCHNORR_BAD_KEY;
  return verify_lifted (it, &p);
}

#ifdef KC_HAVE_FE8
/* lift_x in the lanes: P[l] = the point with x = X[l] (normalized) and
 * even y; returns the lanes where x^3 + 7 is not a square (P is then G,
 * a stand-in that keeps the lane's arithmetic meaningful). */
static KC_FE8_TARGET unsigned int
lift_even8 (_kc_secp256k1_ge p[8], const fe xs[8])
{
  fe ys[8];
  _kc_fe8 x, c, y, y2;
  unsigned int nonsq;
  int l;

  _kc_fe8_load (&x, xs);
  _kc_fe8_sqr (&c, &x);
  _kc_fe8_mul (&c, &c, &x);
  c.n[0] = _mm512_add_epi64 (c.n[0], _kc_fe8_bc (7));   /* x^3 + 7 (1) */
  _kc_fe8_carry (&c);
  _kc_fe8_sqrt_candidate (&y, &c);
  _kc_fe8_sqr (&y2, &y);
  _kc_fe8_negate (&c, &c, 1);
  _kc_fe8_add (&y2, &y2, &c);                           /* y^2 - c (3) */
  nonsq = (unsigned int) (__mmask8) ~_kc_fe8_is_zero_mask (&y2) & 0xff;
  _kc_fe8_store (ys, &y);
  for (l = 0; l < 8; l++)
    {
      if ((nonsq >> l) & 1)
        {
          p[l] = _kc_secp256k1_ge_g;
          continue;
        }
      _kc_secp256k1_fe_normalize_var (&ys[l]);
      if (_kc_secp256k1_fe_is_odd (&ys[l]))
        {
          _kc_secp256k1_fe_negate (&ys[l], &ys[l], 1);
          _kc_secp256k1_fe_normalize_var (&ys[l]);
        }
      _kc_secp256k1_ge_set_xy (&p[l], &xs[l], &ys[l]);
    }
  return nonsq;
}

/* The keys of eight items lifted in the lanes. */
static unsigned int
lift8 (_kc_secp256k1_ge p[8], const _kc_schnorr_item *it)
{
  fe xs[8];
  int l;

  for (l = 0; l < 8; l++)
    xs[l] = it[l].px;
  return lift_even8 (p, xs);
}

/* Eight items in the lanes. */
static void
verify8 (int ok[8], const _kc_schnorr_item *it)
{
  scalar u1[8], u2[8];
  _kc_secp256k1_ge p[8];
  fe x[8], y[8], z[8], pre[8], acc, t, zi, zi2;
  unsigned int bad, nonsq;
  int l, first = -1;

  nonsq = lift8 (p, it);
  for (l = 0; l < 8; l++)
    {
      u1[l] = it[l].s;
      _kc_secp256k1_scalar_negate (&u2[l], &it[l].e);
    }
  bad = _kc_secp256k1_ecmult8_ifma (x, y, z, u1, u2, p) & ~nonsq;
  /* 1/Z of the good lanes by Montgomery's trick: pre[l] = product of the
   * good Z up to l */
  _kc_secp256k1_fe_set_int (&acc, 1);
  bad |= nonsq;
  for (l = 0; l < 8; l++)
    if (!((bad >> l) & 1))
      {
        _kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        pre[l] = acc;
        if (first < 0)
          first = l;
      }
  if (first >= 0)
    _kc_secp256k1_fe_inv_var (&acc, &acc);
  for (l = 7; l >= 0; l--)
    {
      if ((nonsq >> l) & 1)
        {
          ok[l] = KC_SCHNORR_BAD_KEY;
          continue;
        }
      if ((bad >> l) & 1)
        {
          ok[l] = verify_lifted (&it[l], &p[l]);
          continue;
        }
      if (l == first)
        zi = acc;
      else
        {
          int k = l - 1;
          while ((bad >> k) & 1)
            k--;                               /* k >= first */
          _kc_secp256k1_fe_mul (&zi, &acc, &pre[k]);
          _kc_secp256k1_fe_mul (&acc, &acc, &z[l]);
        }
      _kc_secp256k1_fe_sqr (&zi2, &zi);
      _kc_secp256k1_fe_mul (&t, &zi2, &zi);
      _kc_secp256k1_fe_mul (&x[l], &x[l], &zi2);
      _kc_secp256k1_fe_mul (&y[l], &y[l], &t);
      ok[l] = check_r (&it[l], &x[l], &y[l]) ? KC_SCHNORR_OK
                                              : KC_SCHNORR_BAD_SIG;
    }
}
#endif

void
_kc_schnorr_verify_each_var (int *ok, size_t n, const _kc_schnorr_item *items)
{
  size_t i = 0;

#ifdef KC_HAVE_FE8
  if (_kc_fe8_usable ())
    while (n - i >= 3)
      {
        size_t k = n - i < 8 ? n - i : 8, l;
        _kc_schnorr_item pad[8];
        int pok[8];

        if (k == 8)
          verify8 (ok + i, items + i);
        else
          {
            /* idle lanes repeat the first item */
            for (l = 0; l < 8; l++)
              pad[l] = items[i + (l < k ? l : 0)];
            verify8 (pok, pad);
            for (l = 0; l < k; l++)
              ok[i + l] = pok[l];
          }
        i += k;
      }
#endif
  for (; i < n; i++)
    ok[i] = _kc_schnorr_verify_one_var (&items[i]);
}

/* ------------------------------------------ the random-coefficient batch */

/* Items of one batch equation (KC_MSM_MAX_POINTS points: R and P). */
#define EQ_ITEMS (KC_MSM_MAX_POINTS / 2)

/* One equation: the items that lifted, their terms and coefficients. */
struct equation
{
  _kc_secp256k1_ge pt[2 * EQ_ITEMS];    /* R_j, P_j */
  scalar sc[2 * EQ_ITEMS];              /* -a_j, -a_j e_j */
  scalar as[EQ_ITEMS];                  /* a_j s_j (a_j while it is built) */
  size_t where[EQ_ITEMS];               /* the item of term pair j */
};

/* The tag of the coefficient hash. */
static const char coef_tag[] = "KCRYPT/batch-bip340";

/* SEED = SHA-256 (SHA-256 (tag) || SHA-256 (tag) || r || x || s || e of
 * every item, in order). */
static void
coef_seed (unsigned char seed[32], const _kc_schnorr_item *it, size_t n)
{
  _kc_sha256_ctx c;
  unsigned char b[32];
  size_t i;

  _kc_sha256 (b, coef_tag, sizeof coef_tag - 1);
  _kc_sha256_init (&c);
  _kc_sha256_update (&c, b, 32);
  _kc_sha256_update (&c, b, 32);
  for (i = 0; i < n; i++)
    {
      _kc_secp256k1_fe_get_b32 (b, &it[i].rx);
      _kc_sha256_update (&c, b, 32);
      _kc_secp256k1_fe_get_b32 (b, &it[i].px);
      _kc_sha256_update (&c, b, 32);
      _kc_secp256k1_scalar_get_b32 (b, &it[i].s);
      _kc_sha256_update (&c, b, 32);
      _kc_secp256k1_scalar_get_b32 (b, &it[i].e);
      _kc_sha256_update (&c, b, 32);
    }
  _kc_sha256_final (&c, seed);
}

/* A[j] for j < M: A[0] = 1, then 128-bit halves of
 * SHA-256 (SEED || 4-byte big-endian k), two per k; never zero. */
static void
coefficients (scalar *a, size_t m, const unsigned char seed[32])
{
  unsigned char in[36], h[32], b[32];
  size_t j;

  memcpy (in, seed, 32);
  memset (b, 0, 16);
  for (j = 0; j < m; j++)
    {
      if (j == 0)
        {
          _kc_secp256k1_scalar_set_int (&a[0], 1);
          continue;
        }
      if (j % 2 == 1)
        {
          in[32] = (unsigned char) (j >> 25);
          in[33] = (unsigned char) (j >> 17);
          in[34] = (unsigned char) (j >> 9);
          in[35] = (unsigned char) (j >> 1);
          _kc_sha256 (h, in, sizeof in);
        }
      memcpy (b + 16, h + 16 * (j % 2 == 0), 16);
      _kc_secp256k1_scalar_set_b32 (&a[j], b, NULL);
      if (_kc_secp256k1_scalar_is_zero (&a[j]))
        _kc_secp256k1_scalar_set_int (&a[j], 1);
    }
}

/* S = the batch sum of term pairs [LO, HI): sum a_j s_j G - a_j R_j -
 * a_j e_j P_j.  Infinity iff (up to the 2^-128 chance of coefficients
 * cancelling an error) every item there is valid; for one item exactly
 * iff it is valid (a_j != 0 and the group has prime order). */
static void
eq_sum (_kc_secp256k1_gej *s, const struct equation *q, size_t lo, size_t hi)
{
  scalar ng = q->as[lo];
  size_t j;

  for (j = lo + 1; j < hi; j++)
    _kc_secp256k1_scalar_add (&ng, &ng, &q->as[j]);
  _kc_secp256k1_msm_var (s, &ng, q->pt + 2 * lo, q->sc + 2 * lo,
                         2 * (hi - lo));
}

/* Term pairs [LO, HI) one by one (single verifications with the lifted
 * keys). */
static void
each_lifted (int *ok, const struct equation *q, const _kc_schnorr_item *it,
             size_t lo, size_t hi)
{
  size_t j;
  for (j = lo; j < hi; j++)
    ok[q->where[j]] = verify_lifted (&it[q->where[j]], &q->pt[2 * j + 1]);
}

/* Ranges this short, or halves this short of a range whose two halves
 * both fail (many invalid items: bisecting would cost more than single
 * verifications), are verified item by item. */
#define LEAF 2
#define DENSE 32

/* The results of term pairs [LO, HI) whose sum is S: all valid when S is
 * infinity, else bisected (the right half's sum is S minus the left's:
 * one multiplication per split). */
static void
locate (int *ok, const struct equation *q, const _kc_schnorr_item *it,
        size_t lo, size_t hi, const _kc_secp256k1_gej *s)
{
  _kc_secp256k1_gej sl, sr;
  size_t j, mid;

  if (s->infinity)
    {
      for (j = lo; j < hi; j++)
        ok[q->where[j]] = KC_SCHNORR_OK;
      return;
    }
  if (hi - lo <= LEAF)
    {
      each_lifted (ok, q, it, lo, hi);
      return;
    }
  mid = lo + (hi - lo) / 2;
  eq_sum (&sl, q, lo, mid);
  _kc_secp256k1_gej_neg (&sr, &sl);
  _kc_secp256k1_gej_add_var (&sr, &sr, s);
  if (!sl.infinity && !sr.infinity && hi - mid <= DENSE)
    {
      each_lifted (ok, q, it, lo, hi);
      return;
    }
  locate (ok, q, it, lo, mid, &sl);
  locate (ok, q, it, mid, hi, &sr);
}

/* x of R and of P of items [0, N) lifted to even y: OK[i] =
 * KC_SCHNORR_BAD_KEY or _BAD_SIG for those that do not lift; the others
 * get their points in Q, term pair per item, in order. */
static size_t
lift_all (int *ok, struct equation *q, const _kc_schnorr_item *it, size_t n)
{
  _kc_secp256k1_ge pr[2];
  size_t i, m = 0;
  unsigned int bad;

  for (i = 0; i < n; i++)
    {
#ifdef KC_HAVE_FE8
      if (_kc_fe8_usable () && n - i >= 2)
        {
          /* four items: R and P of each in the eight lanes */
          _kc_secp256k1_ge p8[8];
          fe xs[8];
          size_t l, k = n - i < 4 ? n - i : 4;
          for (l = 0; l < 4; l++)
            {
              xs[2 * l] = it[i + (l < k ? l : 0)].rx;
              xs[2 * l + 1] = it[i + (l < k ? l : 0)].px;
            }
          bad = lift_even8 (p8, xs);
          for (l = 0; l < k; l++, i++)
            {
              ok[i] = ((bad >> (2 * l + 1)) & 1) ? KC_SCHNORR_BAD_KEY
                      : ((bad >> (2 * l)) & 1) ? KC_SCHNORR_BAD_SIG
                      : KC_SCHNORR_OK;
              if (ok[i] == KC_SCHNORR_OK)
                {
                  q->pt[2 * m] = p8[2 * l];
                  q->pt[2 * m + 1] = p8[2 * l + 1];
                  q->where[m++] = i;
                }
            }
          i--;
          continue;
        }
#endif
      bad = !_kc_secp256k1_ge_set_xo_var (&pr[1], &it[i].px, 0) ? 2
            : !_kc_secp256k1_ge_set_xo_var (&pr[0], &it[i].rx, 0);
      ok[i] = bad == 2 ? KC_SCHNORR_BAD_KEY
              : bad ? KC_SCHNORR_BAD_SIG : KC_SCHNORR_OK;
      if (!bad)
        {
          q->pt[2 * m] = pr[0];
          q->pt[2 * m + 1] = pr[1];
          q->where[m++] = i;
        }
    }
  return m;
}

void
_kc_schnorr_verify_batch_msm_var (int *ok, size_t n,
                                  const _kc_schnorr_item *items)
{
  struct equation q;
  unsigned char seed[32];
  _kc_secp256k1_gej s;
  size_t i, j, k, m;

  for (i = 0; i < n; i += k)
    {
      const _kc_schnorr_item *it = items + i;
      k = n - i < EQ_ITEMS ? n - i : EQ_ITEMS;
      coef_seed (seed, it, k);
      m = lift_all (ok + i, &q, it, k);
      if (!m)
        continue;
      coefficients (q.as, m, seed);
      for (j = 0; j < m; j++)
        {
          const _kc_schnorr_item *t = &it[q.where[j]];
          _kc_secp256k1_scalar_negate (&q.sc[2 * j], &q.as[j]);
          _kc_secp256k1_scalar_mul (&q.sc[2 * j + 1], &q.sc[2 * j], &t->e);
          _kc_secp256k1_scalar_mul (&q.as[j], &q.as[j], &t->s);
        }
      eq_sum (&s, &q, 0, m);
      locate (ok + i, &q, it, 0, m, &s);
    }
}

void
_kc_schnorr_verify_batch_var (int *ok, size_t n, const _kc_schnorr_item *items)
{
#ifdef KC_HAVE_FE8
  if (_kc_fe8_usable ())
    {
      _kc_schnorr_verify_each_var (ok, n, items);
      return;
    }
#endif
  if (n == 1)
    ok[0] = _kc_schnorr_verify_one_var (items);
  else
    _kc_schnorr_verify_batch_msm_var (ok, n, items);
}
