/* secp256k1/keys.c - the public key operations of secp256k1 that sign nothing:
 * public key conversion, tweaks (BIP-32 style seckey + t and P + tG) and
 * x-only keys (BIP-340) with BIP-341's output-key tweak; the rest of
 * libsecp256k1's key API (secret key check, negation, multiplicative
 * tweaks, combination, the order of public keys).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy as in ecc.c (order of checks: curve, arguments, content), but
 * on any error the outputs are left as they were (a secret key given to
 * kc_ecc_seckey_tweak_add keeps its value).  A tweak is a 32-byte
 * big-endian integer t; t >= n, or a result that is 0 (or infinity), is
 * GPG_ERR_BAD_SECKEY.  Tweaks are handled in constant time (P + tG by the
 * constant-time K*G and a complete addition), the public keys need not be.
 */
#include "kcrypt-int.h"
#include "ecc.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/x86_64/seckey-gpr.h"

typedef _kc_secp256k1_scalar scalar;
typedef _kc_secp256k1_ge ge;

static int
pubkey_len_ok (size_t len)
{
  return len == KC_ECC_SECP256K1_PUBKEY_LEN
         || len == KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN;
}

gpg_error_t
kc_ecc_pubkey_convert (int curve, void *out, size_t out_len,
                       const void *pubkey, size_t pubkey_len)
{
  ge q;

  if (curve == KC_ECC_NIST_P256)
    return _kc_ecc_p256_pubkey_convert (out, out_len, pubkey, pubkey_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey_hybrid (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_ecc_serialize_pubkey (out, out_len, &q);
  return 0;
}

/* ------------------------------------------------------ secret tweak */

/* The tweak a secret-key call takes: none, one in [0, n - 1] (added),
 * one in [1, n - 1] (multiplied). */
enum seckey_tweak { NO_TWEAK, TWEAK_ADD, TWEAK_MUL };

/* The arguments of the secret-key calls: 0, or the error they return
 * (the curve first, then the buffers). */
static gpg_error_t
seckey_args (int curve, const void *seckey, size_t seckey_len,
             enum seckey_tweak tw, const void *tweak, size_t tweak_len)
{
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || (tw != NO_TWEAK && (!tweak || tweak_len != KC_ECC_TWEAK_LEN)))
    return KC_ERR (GPG_ERR_INV_ARG);
  return 0;
}

#ifdef KC_SECKEY_GPR
/* The general-register forms (x86_64/seckey-gpr.h): nothing on the
 * stack but the product's scratch, which the assembly zeroes, and no
 * vector register, so no burn.  The arguments, then the key's range and
 * the tweak's: 0 or the error (the verdict declassified: reported).
 * Inlined: each call's tweak kind folds (a call of a few ns). */
static KC_ALWAYS_INLINE gpg_error_t
seckey_gpr_check (int curve, const void *seckey, size_t seckey_len,
                  enum seckey_tweak tw, const void *tweak, size_t tweak_len)
{
  uint64_t ok;
  gpg_error_t aerr;

  if ((aerr = seckey_args (curve, seckey, seckey_len, tw, tweak, tweak_len)))
    return aerr;
  ok = _kc_seckey_gpr_range (seckey, 0);
  if (tw != NO_TWEAK)
    ok &= _kc_seckey_gpr_range (tweak, tw == TWEAK_ADD);
  ct_declassify (&ok, sizeof ok);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

gpg_error_t
kc_ecc_seckey_tweak_add (int curve, void *seckey, size_t seckey_len,
                         const void *tweak, size_t tweak_len)
{
  uint64_t nz;
  gpg_error_t err = seckey_gpr_check (curve, seckey, seckey_len, TWEAK_ADD,
                                      tweak, tweak_len);

  if (err)
    return err;
  nz = _kc_seckey_gpr_tweak_add (seckey, tweak);
  ct_declassify (&nz, sizeof nz);              /* reported to the caller */
  return nz ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}
#else
static KC_NOINLINE gpg_error_t
seckey_tweak_add_body (int curve, void *seckey, size_t seckey_len,
                       const void *tweak, size_t tweak_len)
{
  scalar x, t;
  int of_x, of_t, ok;
  gpg_error_t aerr;

  if ((aerr = seckey_args (curve, seckey, seckey_len, TWEAK_ADD, tweak,
                           tweak_len)))
    return aerr;
  _kc_secp256k1_scalar_set_b32 (&x, seckey, &of_x);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &of_t);
  ok = (of_x | _kc_secp256k1_scalar_is_zero (&x) | of_t) ^ 1;
  _kc_secp256k1_scalar_add (&x, &x, &t);
  ok &= _kc_secp256k1_scalar_is_zero (&x) ^ 1;
  ct_declassify (&ok, sizeof ok);              /* reported to the caller */
  if (ok)
    _kc_secp256k1_scalar_get_b32 (seckey, &x);
  /* x and t are left to the caller's stack burn, which covers this
   * frame (t-wipe checks it). */
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_seckey_tweak_add (int curve, void *seckey, size_t seckey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = seckey_tweak_add_body (curve, seckey, seckey_len, tweak,
                                           tweak_len);
  _kc_burn_stack (KC_STACK_BURN_TWEAK);
  return err;
}
#endif

/* ------------------------------------------------------ public tweaks */

/* Q = P + T*G for the 32-byte tweak TB.  0 if T >= n or Q is infinity.
 * Constant time in T; Q is declassified (a public key). */
static int
point_tweak_add (ge *q, const ge *p, const unsigned char tb[32])
{
  _kc_secp256k1_gej qj;
  scalar t;
  int overflow, ok;

  _kc_secp256k1_scalar_set_b32 (&t, tb, &overflow);
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_secp256k1_ecmult_gen (&qj, &t);
  _kc_secp256k1_gej_add_ge (&qj, &qj, p);
  _kc_secp256k1_ge_set_gej (q, &qj);
  ok = (overflow | q->infinity) ^ 1;
  ct_declassify (&ok, sizeof ok);
  ct_declassify (q, sizeof *q);
  wipememory (&qj, sizeof qj);
  wipememory (&t, sizeof t);
  return ok;
}

static KC_NOINLINE gpg_error_t
pubkey_tweak_add_body (int curve, void *out, size_t out_len,
                       const void *pubkey, size_t pubkey_len,
                       const void *tweak, size_t tweak_len)
{
  ge p, q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len)
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&p, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!point_tweak_add (&q, &p, tweak))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_ecc_serialize_pubkey (out, out_len, &q);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_pubkey_tweak_add (int curve, void *out, size_t out_len,
                         const void *pubkey, size_t pubkey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = pubkey_tweak_add_body (curve, out, out_len, pubkey,
                                           pubkey_len, tweak, tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* ------------------------------------------------------- x-only keys */

static KC_NOINLINE gpg_error_t
xonly_pubkey_body (int curve, void *xonly, size_t xonly_len, int *parity,
                   const void *seckey, size_t seckey_len)
{
  ge p;
  scalar x;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      _kc_secp256k1_ecmult_gen_ge (&p, &x);
      ct_declassify (&p, sizeof p);            /* the public key */
      _kc_secp256k1_fe_get_b32 (xonly, &p.x);
      if (parity)
        *parity = _kc_secp256k1_fe_is_odd (&p.y);
    }
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_xonly_pubkey (int curve, void *xonly, size_t xonly_len, int *parity,
                     const void *seckey, size_t seckey_len)
{
  gpg_error_t err = xonly_pubkey_body (curve, xonly, xonly_len, parity,
                                       seckey, seckey_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

static KC_NOINLINE gpg_error_t
xonly_tweak_add_body (int curve, void *out, size_t out_len, int *parity,
                      const void *xonly, size_t xonly_len,
                      const void *tweak, size_t tweak_len)
{
  ge p, q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || out_len != KC_ECC_SECP256K1_XONLY_LEN
      || !xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_bip340_lift_x_var (&p, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!point_tweak_add (&q, &p, tweak))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  _kc_secp256k1_fe_get_b32 (out, &q.x);
  if (parity)
    *parity = _kc_secp256k1_fe_is_odd (&q.y);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_xonly_tweak_add (int curve, void *out, size_t out_len, int *parity,
                        const void *xonly, size_t xonly_len,
                        const void *tweak, size_t tweak_len)
{
  gpg_error_t err = xonly_tweak_add_body (curve, out, out_len, parity, xonly,
                                          xonly_len, tweak, tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* ------------------------------------------------ libsecp256k1's key API */

#ifdef KC_SECKEY_GPR
gpg_error_t
kc_ecc_seckey_verify (int curve, const void *seckey, size_t seckey_len)
{
  return seckey_gpr_check (curve, seckey, seckey_len, NO_TWEAK, NULL, 0);
}
#else
static KC_NOINLINE gpg_error_t
seckey_verify_body (int curve, const void *seckey, size_t seckey_len)
{
  scalar x;
  int ok;
  gpg_error_t aerr;

  if ((aerr = seckey_args (curve, seckey, seckey_len, NO_TWEAK, NULL, 0)))
    return aerr;
  ok = _kc_ecc_parse_seckey (&x, seckey);
  wipememory (&x, sizeof x);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_seckey_verify (int curve, const void *seckey, size_t seckey_len)
{
  gpg_error_t err = seckey_verify_body (curve, seckey, seckey_len);
  _kc_burn_stack (KC_STACK_BURN_TWEAK);
  return err;
}
#endif

#ifdef KC_SECKEY_GPR
gpg_error_t
kc_ecc_seckey_negate (int curve, void *seckey, size_t seckey_len)
{
  gpg_error_t err = seckey_gpr_check (curve, seckey, seckey_len, NO_TWEAK,
                                      NULL, 0);

  if (!err)
    _kc_seckey_gpr_negate (seckey);
  return err;
}
#else
static KC_NOINLINE gpg_error_t
seckey_negate_body (int curve, void *seckey, size_t seckey_len)
{
  scalar x;
  int ok;
  gpg_error_t aerr;

  if ((aerr = seckey_args (curve, seckey, seckey_len, NO_TWEAK, NULL, 0)))
    return aerr;
  ok = _kc_ecc_parse_seckey (&x, seckey);
  if (ok)
    {
      _kc_secp256k1_scalar_negate (&x, &x);
      _kc_secp256k1_scalar_get_b32 (seckey, &x);
    }
  wipememory (&x, sizeof x);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_seckey_negate (int curve, void *seckey, size_t seckey_len)
{
  gpg_error_t err = seckey_negate_body (curve, seckey, seckey_len);
  _kc_burn_stack (KC_STACK_BURN_TWEAK);
  return err;
}
#endif

gpg_error_t
kc_ecc_pubkey_negate (int curve, void *out, size_t out_len,
                      const void *pubkey, size_t pubkey_len)
{
  ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_ge_neg (&q, &q);
  _kc_ecc_serialize_pubkey (out, out_len, &q);
  return 0;
}

#ifdef KC_SECKEY_GPR
gpg_error_t
kc_ecc_seckey_tweak_mul (int curve, void *seckey, size_t seckey_len,
                         const void *tweak, size_t tweak_len)
{
  uint64_t s[15];
  gpg_error_t err = seckey_gpr_check (curve, seckey, seckey_len, TWEAK_MUL,
                                      tweak, tweak_len);

  if (!err)
    _kc_seckey_gpr_tweak_mul (seckey, tweak, s);
  return err;
}
#else
static KC_NOINLINE gpg_error_t
seckey_tweak_mul_body (int curve, void *seckey, size_t seckey_len,
                       const void *tweak, size_t tweak_len)
{
  scalar x, t;
  int of_x, of_t, ok;
  gpg_error_t aerr;

  if ((aerr = seckey_args (curve, seckey, seckey_len, TWEAK_MUL, tweak,
                           tweak_len)))
    return aerr;
  _kc_secp256k1_scalar_set_b32 (&x, seckey, &of_x);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &of_t);
  ok = (of_x | _kc_secp256k1_scalar_is_zero (&x) | of_t
        | _kc_secp256k1_scalar_is_zero (&t)) ^ 1;
  ct_declassify (&ok, sizeof ok);              /* reported to the caller */
  if (ok)
    {
      _kc_secp256k1_scalar_mul (&x, &x, &t);   /* n prime: never 0 */
      _kc_secp256k1_scalar_get_b32 (seckey, &x);
    }
  /* x and t are left to the caller's stack burn, as in the tweak add */
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_seckey_tweak_mul (int curve, void *seckey, size_t seckey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = seckey_tweak_mul_body (curve, seckey, seckey_len, tweak,
                                           tweak_len);
  _kc_burn_stack (KC_STACK_BURN_SCALAR);
  return err;
}
#endif

static KC_NOINLINE gpg_error_t
pubkey_tweak_mul_body (int curve, void *out, size_t out_len,
                       const void *pubkey, size_t pubkey_len,
                       const void *tweak, size_t tweak_len)
{
  _kc_secp256k1_gej qj;
  ge p, q;
  scalar t;
  int overflow, ok;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || !pubkey || !pubkey_len_ok (pubkey_len)
      || !tweak || tweak_len != KC_ECC_TWEAK_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&p, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_scalar_set_b32 (&t, tweak, &overflow);
  ok = (overflow | _kc_secp256k1_scalar_is_zero (&t)) ^ 1;
  ct_declassify (&ok, sizeof ok);
  if (ok)
    {
      /* P of prime order and t in [1, n-1]: never infinity */
      _kc_secp256k1_ecmult_const (&qj, &p, &t);
      _kc_secp256k1_ge_set_gej (&q, &qj);
      ct_declassify (&q, sizeof q);            /* the public result */
      _kc_ecc_serialize_pubkey (out, out_len, &q);
    }
  wipememory (&qj, sizeof qj);
  wipememory (&t, sizeof t);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_pubkey_tweak_mul (int curve, void *out, size_t out_len,
                         const void *pubkey, size_t pubkey_len,
                         const void *tweak, size_t tweak_len)
{
  gpg_error_t err = pubkey_tweak_mul_body (curve, out, out_len, pubkey,
                                           pubkey_len, tweak, tweak_len);
  _kc_burn_stack (KC_STACK_BURN_ECDH);
  return err;
}

gpg_error_t
kc_ecc_pubkey_combine (int curve, void *out, size_t out_len, size_t count,
                       const void *const *pubkeys, const size_t *pubkey_lens)
{
  _kc_secp256k1_gej sum;
  ge p;
  size_t i;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || !pubkey_len_ok (out_len) || count == 0 || !pubkeys
      || !pubkey_lens)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!pubkeys[i] || !pubkey_len_ok (pubkey_lens[i]))
      return KC_ERR (GPG_ERR_INV_ARG);
  _kc_secp256k1_gej_set_infinity (&sum);
  for (i = 0; i < count; i++)
    {
      if (!_kc_ecc_parse_pubkey (&p, pubkeys[i], pubkey_lens[i]))
        return KC_ERR (GPG_ERR_BAD_PUBKEY);
      _kc_secp256k1_gej_add_ge_var (&sum, &sum, &p);
    }
  if (sum.infinity)
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_ge_set_gej_var (&p, &sum);
  _kc_ecc_serialize_pubkey (out, out_len, &p);
  return 0;
}

/* ------------------------------------------- ordering public keys */

/* 1 if the key of LEN bytes at K is well encoded for the order: 02/03
 * with x < p, or 04 with x, y < p on the curve.  Variable time. */
static int
order_key_ok (const unsigned char *k, size_t len)
{
  ge q;

  if (len == 33)
    return (k[0] == 0x02 || k[0] == 0x03)
           && _kc_secp256k1_b32_below_p (k + 1);
  return len == 65 && _kc_ecc_parse_pubkey (&q, k, len);
}

/* Compare the compressed forms of the well-encoded A and B: the prefix
 * (02 or 03 from y's parity), then x. */
static int
order_cmp (const unsigned char *a, size_t alen, const unsigned char *b,
           size_t blen)
{
  int pa = alen == 33 ? a[0] : 0x02 | (a[64] & 1);
  int pb = blen == 33 ? b[0] : 0x02 | (b[64] & 1);

  if (pa != pb)
    return pa < pb ? -1 : 1;
  return memcmp (a + 1, b + 1, 32);
}

gpg_error_t
kc_ecc_pubkey_cmp (int curve, int *result, const void *a, size_t a_len,
                   const void *b, size_t b_len)
{
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!result || !a || !pubkey_len_ok (a_len) || !b || !pubkey_len_ok (b_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!order_key_ok (a, a_len) || !order_key_ok (b, b_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  *result = order_cmp (a, a_len, b, b_len);
  return 0;
}

/* Sift element I down the max-heap of the first N of (K, L). */
static void
sift_down (const void **k, size_t *l, size_t i, size_t n)
{
  for (;;)
    {
      size_t c = 2 * i + 1, m = i;
      const void *tk;
      size_t tl;

      if (c < n && order_cmp (k[c], l[c], k[m], l[m]) > 0)
        m = c;
      if (c + 1 < n && order_cmp (k[c + 1], l[c + 1], k[m], l[m]) > 0)
        m = c + 1;
      if (m == i)
        return;
      tk = k[i]; k[i] = k[m]; k[m] = tk;
      tl = l[i]; l[i] = l[m]; l[m] = tl;
      i = m;
    }
}

gpg_error_t
kc_ecc_pubkey_sort (int curve, const void **pubkeys, size_t *pubkey_lens,
                    size_t count)
{
  size_t i;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (count && (!pubkeys || !pubkey_lens))
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!pubkeys[i] || !pubkey_len_ok (pubkey_lens[i]))
      return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < count; i++)
    if (!order_key_ok (pubkeys[i], pubkey_lens[i]))
      return KC_ERR (GPG_ERR_BAD_PUBKEY);
  /* heap sort: in place, O(n log n), no recursion and no heap */
  for (i = count / 2; i-- > 0;)
    sift_down (pubkeys, pubkey_lens, i, count);
  for (i = count; i-- > 1;)
    {
      const void *tk = pubkeys[0];
      size_t tl = pubkey_lens[0];
      pubkeys[0] = pubkeys[i]; pubkeys[i] = tk;
      pubkey_lens[0] = pubkey_lens[i]; pubkey_lens[i] = tl;
      sift_down (pubkeys, pubkey_lens, 0, i);
    }
  return 0;
}
