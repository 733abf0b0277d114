/* secp256k1/ecdsa.c - ECDSA sign (RFC 6979 nonce, low-S) and verify on secp256k1.
 * Contracts in secp256k1/ecdsa.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecdsa.h"
#include "secp256k1/ecmult.h"
#include "hash/rfc6979.h"

typedef _kc_secp256k1_scalar scalar;

/* The nonce of a signature.  tests/t-secp256k1-exhaustive.c, which builds
 * this file again on small-order groups (KC_SECP256K1_EXHAUSTIVE), sets
 * its own: an RFC 6979 candidate is below such an order with probability
 * about 2^-248. */
#ifndef KC_ECDSA_NONCE
# define NONCE(k, x, m, nd, c) _kc_ecdsa_rfc6979_nonce_data (k, x, m, nd, c)
#else
# define NONCE(k, x, m, nd, c) ((void) (nd), KC_ECDSA_NONCE (k, x, m, c))
#endif

void
_kc_ecdsa_digest_to_scalar (scalar *m, const unsigned char *digest,
                            size_t digest_len)
{
  unsigned char b[32];
  size_t n = digest_len < 32 ? digest_len : 32;

  /* bits2int: shorter digests are the integer they spell (left-padded),
   * longer ones keep their leftmost 256 bits. */
  memset (b, 0, sizeof b);
  memcpy (b + 32 - n, digest, n);
  _kc_secp256k1_scalar_set_b32 (m, b, NULL);
  wipememory (b, sizeof b);
}

void
_kc_ecdsa_rfc6979_nonce (scalar *k, const scalar *seckey, const scalar *m,
                         unsigned int counter)
{
  _kc_ecdsa_rfc6979_nonce_data (k, seckey, m, NULL, counter);
}

void
_kc_ecdsa_rfc6979_nonce_data (scalar *k, const scalar *seckey, const scalar *m,
                              const unsigned char *ndata, unsigned int counter)
{
  unsigned char x[32], h1[32], t[32];
  _kc_rfc6979_ctx st;
  int overflow, bad;

  /* x || h1 with h1 = bits2octets(H(m)) = int2octets(bits2int(H(m)) mod n);
   * M is already that value.  Then k' (section 3.6), if any. */
  _kc_secp256k1_scalar_get_b32 (x, seckey);
  _kc_secp256k1_scalar_get_b32 (h1, m);
  _kc_rfc6979_init (&st, x, h1, ndata);
  for (;;)
    {
      _kc_rfc6979_next (&st, t);
      _kc_secp256k1_scalar_set_b32 (k, t, &overflow);
      bad = overflow | _kc_secp256k1_scalar_is_zero (k);
      /* Whether a candidate is rejected is revealed (it is never used);
       * it happens with probability about 2^-128. */
      ct_declassify (&bad, sizeof bad);
      if (!bad)
        {
          if (!counter)
            break;
          counter--;
        }
    }
  _kc_rfc6979_done (&st);
  wipememory (x, sizeof x);
  wipememory (h1, sizeof h1);
  wipememory (t, sizeof t);
}

void
_kc_ecdsa_sign (scalar *r, scalar *s, const scalar *seckey, const scalar *m)
{
  _kc_ecdsa_sign_recid (r, s, NULL, seckey, m);
}

void
_kc_ecdsa_sign_recid (scalar *r, scalar *s, int *recid, const scalar *seckey,
                      const scalar *m)
{
  _kc_ecdsa_sign_ndata (r, s, recid, seckey, m, NULL);
}

void
_kc_ecdsa_sign_ndata (scalar *r, scalar *s, int *recid, const scalar *seckey,
                      const scalar *m, const unsigned char *ndata)
{
  _kc_secp256k1_ge ra;
  scalar k, kinv, t, beta;
  unsigned char xb[32];
  unsigned int counter = 0;
  int bad, overflow, high, rec = 0;

  for (;;)
    {
      NONCE (&k, seckey, m, ndata, counter++);
      _kc_secp256k1_ecmult_gen_ge (&ra, &k);
      _kc_secp256k1_fe_get_b32 (xb, &ra.x);
      _kc_secp256k1_scalar_set_b32 (r, xb, &overflow); /* r = x mod n */
      ct_declassify (r, sizeof *r);                   /* r is public */
      if (_kc_secp256k1_blind_take_scalar (&beta))
        {
          /* 1/k = beta / (k beta): k beta is uniform on [1, n-1] and
           * independent of k for the fresh secret beta, so its
           * variable-time inverse tells nothing about k */
          _kc_secp256k1_scalar_mul (&kinv, &k, &beta);
          ct_declassify (&kinv, sizeof kinv);
          _kc_secp256k1_scalar_inv_var (&kinv, &kinv);
          _kc_secp256k1_scalar_mul (&kinv, &kinv, &beta);
        }
      else
        _kc_secp256k1_scalar_inv (&kinv, &k);
      _kc_secp256k1_scalar_mul (&t, r, seckey);
      _kc_secp256k1_scalar_add (&t, &t, m);
      _kc_secp256k1_scalar_mul (s, &kinv, &t);        /* s = (m + r x)/k */
      high = _kc_secp256k1_scalar_is_high (s);
      _kc_secp256k1_scalar_cond_negate (s, high);
      ct_declassify (s, sizeof *s);                   /* s is public */
      /* recovery id: bit 1 = x(R) >= n, bit 0 = y(R) odd, flipped when
       * s was negated (-s pairs with -R) */
      rec = (overflow << 1) | (_kc_secp256k1_fe_is_odd (&ra.y) ^ high);
      ct_declassify (&rec, sizeof rec);               /* part of the sig */
      bad = _kc_secp256k1_scalar_is_zero (r) | _kc_secp256k1_scalar_is_zero (s);
      if (!bad)
        break;
      /* r = 0 or s = 0: take the next RFC 6979 candidate (never seen in
       * practice: probability about 2^-255). */
    }
  if (recid)
    *recid = rec;
  wipememory (&ra, sizeof ra);
  wipememory (&high, sizeof high);
  wipememory (&overflow, sizeof overflow);
  wipememory (&k, sizeof k);
  wipememory (&kinv, sizeof kinv);
  wipememory (&t, sizeof t);
  wipememory (&beta, sizeof beta);
  wipememory (xb, sizeof xb);
}

int
_kc_ecdsa_verify_var (const scalar *r, const scalar *s,
                      const _kc_secp256k1_ge *pub, const scalar *m)
{
  scalar w, u1, u2;
  _kc_secp256k1_gej pj, rj;

  if (_kc_secp256k1_scalar_is_zero (r) || _kc_secp256k1_scalar_is_zero (s))
    return 0;
  _kc_secp256k1_scalar_inv_var (&w, s);
  _kc_secp256k1_scalar_mul (&u1, m, &w);
  _kc_secp256k1_scalar_mul (&u2, r, &w);
  _kc_secp256k1_gej_set_ge (&pj, pub);
  _kc_secp256k1_ecmult_var (&rj, &pj, &u2, &u1);
  if (rj.infinity)
    return 0;
#ifdef KC_SECP256K1_EXHAUSTIVE
  /* The test's orders are tiny: x(R) may be r plus any multiple of n, so
   * reduce x(R) itself (the code below is then dead). */
  {
    _kc_secp256k1_ge ra;
    scalar xn;
    unsigned char b[32];
    _kc_secp256k1_ge_set_gej_var (&ra, &rj);
    _kc_secp256k1_fe_get_b32 (b, &ra.x);
    _kc_secp256k1_scalar_set_b32 (&xn, b, NULL);
    return _kc_secp256k1_scalar_eq (&xn, r);
  }
#endif
  return _kc_ecdsa_rx_matches_var (r, &rj);
}

int
_kc_ecdsa_rx_matches_var (const scalar *r, const _kc_secp256k1_gej *rj)
{
  /* p - n: r + n < p iff r < p - n */
  static const scalar p_minus_n = KC_SCALAR_CONST (
    0, 0, 0, 1, 0x45512319, 0x50B75FC4, 0x402DA172, 0x2FC9BAEE);
  _kc_secp256k1_fe xr;
  unsigned char b[32];

  /* x(R) mod n == r: x(R) is r or r + n (the latter only if r + n < p). */
  _kc_secp256k1_scalar_get_b32 (b, r);
  _kc_secp256k1_fe_set_b32 (&xr, b);
  if (_kc_secp256k1_gej_eq_x_var (&xr, rj))
    return 1;
  if (ct_cmp_limbs (r->d, p_minus_n.d, 4) >= 0)
    return 0;
  {
    static const _kc_secp256k1_fe n_fe = KC_FE_CONST (
      0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE,
      0xBAAEDCE6, 0xAF48A03B, 0xBFD25E8C, 0xD0364141);
    _kc_secp256k1_fe_add (&xr, &n_fe);
    _kc_secp256k1_fe_normalize_var (&xr);
  }
  return _kc_secp256k1_gej_eq_x_var (&xr, rj);
}

int
_kc_ecdsa_recover_var (_kc_secp256k1_ge *pub, const scalar *r, const scalar *s,
                       int recid, const scalar *m)
{
  _kc_secp256k1_fe x;
  _kc_secp256k1_ge ra;
  _kc_secp256k1_gej rj, qj;
  scalar rinv, u1, u2;
  unsigned char b[32];

  if (_kc_secp256k1_scalar_is_zero (r) || _kc_secp256k1_scalar_is_zero (s))
    return 0;
  /* x(R) = r, or r + n for recid bit 1 (which must stay below p) */
  _kc_secp256k1_scalar_get_b32 (b, r);
  _kc_secp256k1_fe_set_b32 (&x, b);
  if (recid & 2)
    {
      static const _kc_secp256k1_fe n_fe = KC_FE_CONST (
        0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFE,
        0xBAAEDCE6, 0xAF48A03B, 0xBFD25E8C, 0xD0364141);
      static const _kc_secp256k1_fe p_minus_n = KC_FE_CONST (
        0, 0, 0, 1, 0x45512319, 0x50B75FC4, 0x402DA172, 0x2FC9BAEE);
      if (_kc_secp256k1_fe_cmp_var (&x, &p_minus_n) >= 0)
        return 0;
      _kc_secp256k1_fe_add (&x, &n_fe);
      _kc_secp256k1_fe_normalize_var (&x);
    }
  if (!_kc_secp256k1_ge_set_xo_var (&ra, &x, recid & 1))
    return 0;
  /* Q = r^-1 (s R - m G) */
  _kc_secp256k1_scalar_inv_var (&rinv, r);
  _kc_secp256k1_scalar_mul (&u1, &rinv, m);
  _kc_secp256k1_scalar_negate (&u1, &u1);
  _kc_secp256k1_scalar_mul (&u2, &rinv, s);
  _kc_secp256k1_gej_set_ge (&rj, &ra);
  _kc_secp256k1_ecmult_var (&qj, &rj, &u2, &u1);
  if (qj.infinity)
    return 0;
  _kc_secp256k1_ge_set_gej_var (pub, &qj);
  return 1;
}
