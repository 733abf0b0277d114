/* p256/p256.c - ECDSA, keys and ECDH on P-256.  Contracts in
 * p256/p256.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "p256/p256.h"
#include "hash/rfc6979.h"
#include "moduli.h"
#include "bufhelp.h"

typedef _kc_p256_scalar scalar;
typedef _kc_p256_ge ge;
typedef _kc_p256_gep gep;
typedef _kc_p256_fe fe;

void
_kc_p256_digest_to_scalar (scalar *m, const unsigned char *digest,
                           size_t digest_len)
{
  unsigned char b[32];
  size_t n = digest_len < 32 ? digest_len : 32;

  /* bits2int: shorter digests are the integer they spell (left-padded),
   * longer ones keep their leftmost 256 bits; then mod n (one step:
   * below 2^256 < 2n) */
  memset (b, 0, sizeof b);
  memcpy (b + 32 - n, digest, n);
  (void) _kc_p256_scalar_set_b32 (m, b);
  wipememory (b, sizeof b);
}

/* Step h of RFC 6979 (hash/rfc6979.h): the next candidate K in [1, n-1];
 * a candidate out of range is skipped (public: probability 2^-32 for
 * n). */
static void
rfc6979_next (_kc_rfc6979_ctx *st, scalar *k)
{
  unsigned char t[32];
  int bad;

  do
    {
      _kc_rfc6979_next (st, t);
      bad = _kc_p256_scalar_set_b32 (k, t) | _kc_p256_scalar_is_zero (k);
      ct_declassify (&bad, sizeof bad);
    }
  while (bad);
  wipememory (t, sizeof t);
}

void
_kc_p256_ecdsa_sign (scalar *r, scalar *s, const scalar *x, const scalar *m,
                     int low_s)
{
  _kc_rfc6979_ctx st;
  unsigned char xb[32], h1[32];
  scalar k, ki, t;
  ge rp;
  int bad;

  /* int2octets (x) || bits2octets (h1), M already bits2int (h1) mod n */
  _kc_p256_scalar_get_b32 (xb, x);
  _kc_p256_scalar_get_b32 (h1, m);
  _kc_rfc6979_init (&st, xb, h1, NULL);
  for (;;)
    {
      rfc6979_next (&st, &k);
      _kc_p256_ecmult_gen_ge (&rp, &k);
      /* r = x(kG) mod n */
      _kc_p256_fe_get_b32 (xb, &rp.x);
      (void) _kc_p256_scalar_set_b32 (r, xb);
      /* s = (m + r x) / k */
      _kc_p256_scalar_inv (&ki, &k);
      _kc_p256_scalar_mul (&t, r, x);
      _kc_p256_scalar_add (&t, &t, m);
      _kc_p256_scalar_mul (s, &t, &ki);
      if (low_s)
        _kc_p256_scalar_cond_neg (s, _kc_p256_scalar_is_high (s));
      /* r and s are the output; whether one is zero is public */
      bad = _kc_p256_scalar_is_zero (r) | _kc_p256_scalar_is_zero (s);
      ct_declassify (&bad, sizeof bad);
      if (!bad)
        break;
    }
  ct_declassify (r, sizeof *r);
  ct_declassify (s, sizeof *s);
  _kc_rfc6979_done (&st);
  wipememory (h1, sizeof h1);
  wipememory (&k, sizeof k);
  wipememory (&ki, sizeof ki);
  wipememory (&t, sizeof t);
  wipememory (&rp, sizeof rp);
  wipememory (xb, sizeof xb);
}

int
_kc_p256_ecdsa_verify_var (const scalar *r, const scalar *s, const ge *q,
                           const scalar *m)
{
  scalar si, u1, u2;
  gep qj, rj;
  fe rf, t;
  unsigned char xb[32];
  uint64_t rn[4];
  unsigned char c = 0;
  int j;

  _kc_p256_scalar_inv_var (&si, s);
  _kc_p256_scalar_mul (&u1, m, &si);
  _kc_p256_scalar_mul (&u2, r, &si);
  _kc_p256_gep_set_ge (&qj, q);
  _kc_p256_ecmult_var (&rj, &qj, &u2, &u1);
  if (_kc_p256_gep_is_infinity (&rj))
    return 0;
  /* x(R) mod n = r, without an inversion: x(R) = X/Z is r or (when
   * r + n < p) r + n, so X = r Z or X = (r + n) Z */
  _kc_p256_scalar_get_b32 (xb, r);
  (void) _kc_p256_fe_set_b32 (&rf, xb); /* r < n < p */
  _kc_p256_fe_mul (&t, &rf, &rj.z);
  if (_kc_p256_fe_eq (&t, &rj.x))
    return 1;
  for (j = 0; j < 4; j++)
    rn[j] = _kc_adc (r->v[j], _kc_modulus_p256_n.m[j], &c);
  if (c)
    return 0;
  for (j = 0; j < 4; j++)
    buf_put_be64 (xb + 24 - 8 * j, rn[j]);
  if (!_kc_p256_fe_set_b32 (&rf, xb))
    return 0;                           /* r + n >= p */
  _kc_p256_fe_mul (&t, &rf, &rj.z);
  return _kc_p256_fe_eq (&t, &rj.x);
}

int
_kc_p256_seckey_parse (scalar *x, const unsigned char b[32])
{
  int ok = (_kc_p256_scalar_set_b32 (x, b) | _kc_p256_scalar_is_zero (x)) ^ 1;
  ct_declassify (&ok, sizeof ok);
  return ok;
}

int
_kc_p256_pubkey_parse_var (ge *q, const unsigned char *p, size_t len)
{
  fe x, y;

  if (len == 33 && (p[0] == 0x02 || p[0] == 0x03))
    {
      if (!_kc_p256_fe_set_b32 (&x, p + 1))
        return 0;
      return _kc_p256_ge_set_xo_var (q, &x, p[0] == 0x03);
    }
  if (len == 65 && p[0] == 0x04)
    {
      if (!_kc_p256_fe_set_b32 (&x, p + 1) || !_kc_p256_fe_set_b32 (&y, p + 33))
        return 0;
      q->x = x;
      q->y = y;
      return _kc_p256_ge_is_valid (q);
    }
  return 0;
}

void
_kc_p256_pubkey_serialize (unsigned char *out, size_t len, const ge *q)
{
  _kc_p256_fe_get_b32 (out + 1, &q->x);
  if (len == 33)
    out[0] = (unsigned char) (0x02 | _kc_p256_fe_is_odd (&q->y));
  else
    {
      out[0] = 0x04;
      _kc_p256_fe_get_b32 (out + 33, &q->y);
    }
}

void
_kc_p256_pubkey_create (unsigned char *out, size_t len, const scalar *x,
                        _kc_rng_fn rng, void *rng_ctx)
{
  ge q;
  _kc_p256_ecmult_gen_blind (rng, rng_ctx);
  _kc_p256_ecmult_gen_ge (&q, x);
  ct_declassify (&q, sizeof q);         /* the public key */
  _kc_p256_pubkey_serialize (out, len, &q);
}

void
_kc_p256_ecdh (unsigned char out[32], const scalar *x, const ge *q)
{
  gep sj;
  ge s;

  _kc_p256_ecmult_const (&sj, q, x);
  /* Q has order n and X is in [1, n-1]: S is finite */
  (void) _kc_p256_ge_set_gep (&s, &sj);
  _kc_p256_fe_get_b32 (out, &s.x);
  wipememory (&sj, sizeof sj);
  wipememory (&s, sizeof s);
}
