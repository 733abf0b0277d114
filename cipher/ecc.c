/* ecc.c - the public ECC dispatcher: curve switch, argument and length
 * checks, and the encodings (SEC1 keys, r||s and strict DER signatures).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy lives here, arithmetic in secp256k1/ecdsa.c, p256/p256.c and below.  Order of checks:
 * curve (GPG_ERR_NOT_SUPPORTED), then arguments and lengths
 * (GPG_ERR_INV_ARG), then content (BAD_SECKEY, BAD_PUBKEY,
 * BAD_SIGNATURE), then room for the output (GPG_ERR_TOO_SHORT).
 *
 * Encodings:
 *   secret key: 32 bytes big-endian, value in [1, n-1].
 *   public key: SEC1, 33 bytes (02/03 || X) or 65 bytes (04 || X || Y);
 *     the output format is chosen by the buffer length.  Parsing checks the
 *     prefix, X < p, Y < p and that the point is on the curve (compressed:
 *     that X has a Y).  Hybrid (06/07) keys are rejected, except by
 *     kc_ecc_pubkey_convert (as libsecp256k1's ec_pubkey_parse: y's parity
 *     must match the prefix).
 *   signature: r || s, 32 bytes each (64), or with KC_ECDSA_DER a strict
 *     DER SEQUENCE of two INTEGERs: definite short-form lengths, minimal
 *     positive integers, no trailing bytes.
 *   Signing always produces low-S, so KC_ECDSA_LOW_S is accepted (and
 *   changes nothing) on kc_ecdsa_sign; on kc_ecdsa_verify it rejects
 *   s > (n-1)/2.  Other flag bits are GPG_ERR_INV_ARG.
 *   On kc_ecdsa_sign, *SIG_LEN is the room on input and the length used on
 *   output; if the room is too small the call fails with
 *   GPG_ERR_TOO_SHORT and *SIG_LEN holds the length needed.
 *   On any error the output buffers are zeroed (they hold no secret).
 *   KC_ECDSA_RECOVERABLE (not with DER): r || s || recid, 65 bytes.
 *
 * NIST P-256 (KC_ECC_NIST_P256) takes the same encodings, lengths and
 * checks, with two differences: kc_ecdsa_sign gives RFC 6979's s as it
 * is (byte for byte RFC 6979 A.2.5 and other RFC 6979 signers), or
 * min (s, n - s) with KC_ECDSA_LOW_S; kc_ecdh gives the x-coordinate of
 * the shared point (TLS, SSH, HPKE), so KC_ECDH_RAW_X changes nothing.
 * KC_ECDSA_RECOVERABLE, and every Bitcoin-only call, is
 * GPG_ERR_NOT_SUPPORTED for it.  On an error of kc_ecdh the output is
 * left untouched, as for secp256k1.
 *
 * The Bitcoin additions here (kc_ecdsa_recover, kc_ecdh, kc_schnorr_*;
 * the key operations are in secp256k1/keys.c) leave their outputs untouched on
 * any error instead: no partial output, nothing to zero.  x-only keys
 * (BIP-340) are 32 bytes x, standing for the point with even y.
 */
#include "kcrypt-int.h"
#include "ecc.h"
#include "secp256k1/ecdsa.h"
#include "secp256k1/ecdh.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecdsa-batch.h"
#include "secp256k1/schnorr-batch.h"
#include "secp256k1/ecmult.h"
#include "ed25519/eddsa.h"
#include "p256/p256.h"

typedef _kc_secp256k1_scalar scalar;

#define KNOWN_SIGN_FLAGS   (KC_ECDSA_DER | KC_ECDSA_LOW_S | KC_ECDSA_RECOVERABLE)
#define KNOWN_VERIFY_FLAGS (KC_ECDSA_DER | KC_ECDSA_LOW_S)

int
_kc_ecc_parse_seckey (scalar *x, const unsigned char *b)
{
  int overflow, ok;
  _kc_secp256k1_scalar_set_b32 (x, b, &overflow);
  ok = (overflow | _kc_secp256k1_scalar_is_zero (x)) ^ 1;
  ct_declassify (&ok, sizeof ok);
  return ok;
}

/* The parser of both: HYBRID admits 06/07 || X || Y. */
static int
parse_pubkey (_kc_secp256k1_ge *q, const unsigned char *p, size_t len,
              int hybrid)
{
  _kc_secp256k1_fe x, y;

  if (len == 33 && (p[0] == 0x02 || p[0] == 0x03))
    {
      if (!_kc_secp256k1_fe_set_b32_limit (&x, p + 1))
        return 0;
      return _kc_secp256k1_ge_set_xo_var (q, &x, p[0] == 0x03);
    }
  if (len == 65 && (p[0] == 0x04
                    || (hybrid && (p[0] == 0x06 || p[0] == 0x07))))
    {
      if (!_kc_secp256k1_fe_set_b32_limit (&x, p + 1)
          || !_kc_secp256k1_fe_set_b32_limit (&y, p + 33))
        return 0;
      if (p[0] != 0x04 && _kc_secp256k1_fe_is_odd (&y) != (p[0] & 1))
        return 0;                      /* hybrid: the prefix names y's parity */
      _kc_secp256k1_ge_set_xy (q, &x, &y);
      return _kc_secp256k1_ge_is_valid_var (q);
    }
  return 0;
}

int
_kc_ecc_parse_pubkey (_kc_secp256k1_ge *q, const unsigned char *p, size_t len)
{
  return parse_pubkey (q, p, len, 0);
}

int
_kc_ecc_parse_pubkey_hybrid (_kc_secp256k1_ge *q, const unsigned char *p,
                             size_t len)
{
  return parse_pubkey (q, p, len, 1);
}

void
_kc_ecc_serialize_pubkey (unsigned char *out, size_t len, _kc_secp256k1_ge *q)
{
  _kc_secp256k1_fe_normalize_var (&q->x);
  _kc_secp256k1_fe_normalize_var (&q->y);
  _kc_secp256k1_fe_get_b32 (out + 1, &q->x);
  if (len == 33)
    out[0] = (unsigned char) (0x02 | _kc_secp256k1_fe_is_odd (&q->y));
  else
    {
      out[0] = 0x04;
      _kc_secp256k1_fe_get_b32 (out + 33, &q->y);
    }
}

/* PUB = X*G as a SEC1 string of LEN bytes.  X secret, output public. */
static void
compute_pubkey (unsigned char *out, size_t len, const scalar *x)
{
  _kc_secp256k1_ge pa;
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_secp256k1_ecmult_gen_ge (&pa, x);
  ct_declassify (&pa, sizeof pa);              /* the public key */
  _kc_ecc_serialize_pubkey (out, len, &pa);
}

/* ------------------------------------------------------------- P-256 */

static int
p256_pubkey_len_ok (size_t len)
{
  return len == KC_ECC_NIST_P256_PUBKEY_LEN
         || len == KC_ECC_NIST_P256_PUBKEY_COMPRESSED_LEN;
}

static gpg_error_t
p256_pubkey (void *pubkey, size_t pubkey_len,
             const void *seckey, size_t seckey_len)
{
  _kc_p256_scalar x;
  gpg_error_t err = 0;

  if (!pubkey || !p256_pubkey_len_ok (pubkey_len)
      || !seckey || seckey_len != KC_ECC_NIST_P256_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_p256_seckey_parse (&x, seckey))
    {
      memset (pubkey, 0, pubkey_len);
      err = KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  else
    _kc_p256_pubkey_create (pubkey, pubkey_len, &x, _kc_random_fast, NULL);
  wipememory (&x, sizeof x);
  return err;
}

static gpg_error_t
p256_keypair (void *pubkey, size_t pubkey_len, void *seckey, size_t seckey_len)
{
  _kc_p256_scalar x;

  if (!pubkey || !p256_pubkey_len_ok (pubkey_len)
      || !seckey || seckey_len != KC_ECC_NIST_P256_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  /* Draw until the 32 bytes are in [1, n-1] (rejects with p < 2^-32) */
  do
    _kc_random_fast (NULL, seckey, KC_ECC_NIST_P256_SECKEY_LEN);
  while (!_kc_p256_seckey_parse (&x, seckey));
  _kc_p256_pubkey_create (pubkey, pubkey_len, &x, _kc_random_fast, NULL);
  wipememory (&x, sizeof x);
  return 0;
}

gpg_error_t
_kc_ecc_p256_pubkey_convert (void *out, size_t out_len,
                             const void *pubkey, size_t pubkey_len)
{
  _kc_p256_ge q;

  if (!out || !p256_pubkey_len_ok (out_len)
      || !pubkey || !p256_pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_p256_pubkey_parse_var (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_p256_pubkey_serialize (out, out_len, &q);
  return 0;
}

static KC_NOINLINE gpg_error_t
ecc_pubkey_body (int curve, void *pubkey, size_t pubkey_len,
                 const void *seckey, size_t seckey_len)
{
  scalar x;
  gpg_error_t err = 0;

  if (curve == KC_ECC_ED25519)
    {
      if (!pubkey || pubkey_len != KC_ECC_ED25519_PUBKEY_LEN
          || !seckey || seckey_len != KC_ECC_ED25519_SECKEY_LEN)
        return KC_ERR (GPG_ERR_INV_ARG);
      _kc_ed25519_pubkey (pubkey, seckey);
      return 0;
    }
  if (curve == KC_ECC_NIST_P256)
    return p256_pubkey (pubkey, pubkey_len, seckey, seckey_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                  && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN)
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    {
      memset (pubkey, 0, pubkey_len);
      err = KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  else
    compute_pubkey (pubkey, pubkey_len, &x);
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_pubkey (int curve, void *pubkey, size_t pubkey_len,
               const void *seckey, size_t seckey_len)
{
  gpg_error_t err = ecc_pubkey_body (curve, pubkey, pubkey_len, seckey,
                                     seckey_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

static KC_NOINLINE gpg_error_t
ecc_keypair_body (int curve, void *pubkey, size_t pubkey_len,
                  void *seckey, size_t seckey_len)
{
  scalar x;

  if (curve == KC_ECC_ED25519)
    {
      /* any 32 bytes are a key (RFC 8032 5.1.5) */
      if (!pubkey || pubkey_len != KC_ECC_ED25519_PUBKEY_LEN
          || !seckey || seckey_len != KC_ECC_ED25519_SECKEY_LEN)
        return KC_ERR (GPG_ERR_INV_ARG);
      _kc_random_fast (NULL, seckey, KC_ECC_ED25519_SECKEY_LEN);
      _kc_ed25519_pubkey (pubkey, seckey);
      return 0;
    }
  if (curve == KC_ECC_NIST_P256)
    return p256_keypair (pubkey, pubkey_len, seckey, seckey_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                  && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN)
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  /* Draw until the 32 bytes are in [1, n-1] (rejects with p < 2^-127). */
  do
    _kc_random_fast (NULL, seckey, KC_ECC_SECP256K1_SECKEY_LEN);
  while (!_kc_ecc_parse_seckey (&x, seckey));
  compute_pubkey (pubkey, pubkey_len, &x);
  wipememory (&x, sizeof x);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecc_keypair (int curve, void *pubkey, size_t pubkey_len,
                void *seckey, size_t seckey_len)
{
  gpg_error_t err = ecc_keypair_body (curve, pubkey, pubkey_len, seckey,
                                      seckey_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* ---------------------------------------------------------------- DER */

/* Append the DER INTEGER for the 32-byte big-endian unsigned V at OUT (if
 * not NULL); returns its length. */
static size_t
der_int (unsigned char *out, const unsigned char v[32])
{
  size_t i = 0, n, pad;
  while (i < 31 && v[i] == 0)
    i++;
  n = 32 - i;
  pad = (v[i] & 0x80) ? 1 : 0;
  if (out)
    {
      out[0] = 0x02;
      out[1] = (unsigned char) (n + pad);
      if (pad)
        out[2] = 0x00;
      memcpy (out + 2 + pad, v + i, n);
    }
  return 2 + pad + n;
}

/* Read one strict DER INTEGER at *P (END bounds the input) into the
 * 32-byte big-endian V.  Returns 0 if malformed, negative, non-minimal or
 * longer than 256 bits. */
static int
der_read_int (unsigned char v[32], const unsigned char **p,
              const unsigned char *end)
{
  const unsigned char *q = *p;
  size_t len;

  if (end - q < 2 || q[0] != 0x02)
    return 0;
  len = q[1];
  q += 2;
  if (len == 0 || len >= 0x80 || (size_t) (end - q) < len)
    return 0;                          /* empty, long form, or overrun */
  if (q[0] & 0x80)
    return 0;                          /* negative */
  if (len > 1 && q[0] == 0x00 && !(q[1] & 0x80))
    return 0;                          /* non-minimal: needless 00 */
  if (q[0] == 0x00 && len > 1)
    {
      q++;
      len--;
    }
  if (len > 32)
    return 0;                          /* >= 2^256, cannot be < n */
  memset (v, 0, 32);
  memcpy (v + 32 - len, q, len);
  *p = q + len;
  return 1;
}

/* Parse a strict DER signature into R and S (bytes).  1 if well formed. */
static int
der_parse (unsigned char r[32], unsigned char s[32],
           const unsigned char *sig, size_t len)
{
  const unsigned char *p = sig, *end;

  if (len < 2 || p[0] != 0x30)
    return 0;
  end = sig + len;                      /* SIG is not NULL here */
  if (p[1] >= 0x80 || (size_t) p[1] != len - 2)
    return 0;                  /* long form (never minimal here) or trailing */
  p += 2;
  if (!der_read_int (r, &p, end) || !der_read_int (s, &p, end))
    return 0;
  return p == end;
}

/* The signature (RB, SB) into SIG as r || s or DER (FLAGS), room
 * *SIG_LEN; *SIG_LEN = the length used (needed when too short). */
static gpg_error_t
put_signature (unsigned int flags, void *sig, size_t *sig_len,
               const unsigned char rb[32], const unsigned char sb[32])
{
  size_t need, room = *sig_len;
  gpg_error_t err = 0;

  if (flags & KC_ECDSA_DER)
    need = 2 + der_int (NULL, rb) + der_int (NULL, sb);
  else
    need = 64;
  if (room < need)
    {
      memset (sig, 0, room);
      err = KC_ERR (GPG_ERR_TOO_SHORT);
    }
  else if (flags & KC_ECDSA_DER)
    {
      unsigned char *o = sig;
      o[0] = 0x30;
      o[1] = (unsigned char) (need - 2);
      o += 2;
      o += der_int (o, rb);
      der_int (o, sb);
    }
  else
    {
      memcpy (sig, rb, 32);
      memcpy ((unsigned char *) sig + 32, sb, 32);
    }
  *sig_len = need;
  return err;
}

static gpg_error_t
p256_sign (unsigned int flags, void *sig, size_t *sig_len,
           const void *seckey, size_t seckey_len,
           const void *digest, size_t digest_len)
{
  _kc_p256_scalar x, m, r, s;
  unsigned char rb[32], sb[32];
  gpg_error_t err;

  if (flags & KC_ECDSA_RECOVERABLE)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);      /* Bitcoin only */
  if ((flags & ~(KC_ECDSA_DER | KC_ECDSA_LOW_S)) || !sig || !sig_len
      || !seckey || seckey_len != KC_ECC_NIST_P256_SECKEY_LEN
      || !digest || digest_len == 0)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_p256_seckey_parse (&x, seckey))
    {
      memset (sig, 0, *sig_len);
      *sig_len = 0;
      wipememory (&x, sizeof x);
      return KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  _kc_p256_digest_to_scalar (&m, digest, digest_len);
  _kc_p256_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_p256_ecdsa_sign (&r, &s, &x, &m, !!(flags & KC_ECDSA_LOW_S));
  _kc_p256_scalar_get_b32 (rb, &r);
  _kc_p256_scalar_get_b32 (sb, &s);
  err = put_signature (flags, sig, sig_len, rb, sb);
  wipememory (&x, sizeof x);
  wipememory (&m, sizeof m);
  return err;
}

/* The checks and parsing of kc_ecdsa_verify for P-256, then the
 * verification. */
static gpg_error_t
p256_verify (unsigned int flags, const void *sig, size_t sig_len,
             const void *pubkey, size_t pubkey_len,
             const void *digest, size_t digest_len)
{
  _kc_p256_scalar r, s, m;
  _kc_p256_ge q;
  unsigned char rb[32], sb[32];
  int of_r, of_s;

  if ((flags & ~KNOWN_VERIFY_FLAGS) || !sig
      || !pubkey || !p256_pubkey_len_ok (pubkey_len)
      || !digest || digest_len == 0)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!(flags & KC_ECDSA_DER) && sig_len != KC_ECDSA_NIST_P256_SIG_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_p256_pubkey_parse_var (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (flags & KC_ECDSA_DER)
    {
      if (!der_parse (rb, sb, sig, sig_len))
        return KC_ERR (GPG_ERR_BAD_SIGNATURE);
    }
  else
    {
      memcpy (rb, sig, 32);
      memcpy (sb, (const unsigned char *) sig + 32, 32);
    }
  of_r = _kc_p256_scalar_set_b32 (&r, rb);
  of_s = _kc_p256_scalar_set_b32 (&s, sb);
  if (of_r || of_s || _kc_p256_scalar_is_zero (&r)
      || _kc_p256_scalar_is_zero (&s))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  if ((flags & KC_ECDSA_LOW_S) && _kc_p256_scalar_is_high (&s))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  _kc_p256_digest_to_scalar (&m, digest, digest_len);
  if (!_kc_p256_ecdsa_verify_var (&r, &s, &q, &m))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  return 0;
}

static gpg_error_t
p256_ecdh (unsigned int flags, void *shared, size_t shared_len,
           const void *seckey, size_t seckey_len,
           const void *pubkey, size_t pubkey_len)
{
  _kc_p256_scalar x;
  _kc_p256_ge q;
  gpg_error_t err = 0;

  if ((flags & ~KC_ECDH_RAW_X) || !shared || shared_len != KC_ECDH_NIST_P256_LEN
      || !seckey || seckey_len != KC_ECC_NIST_P256_SECKEY_LEN
      || !pubkey || !p256_pubkey_len_ok (pubkey_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_p256_seckey_parse (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else if (!_kc_p256_pubkey_parse_var (&q, pubkey, pubkey_len))
    err = KC_ERR (GPG_ERR_BAD_PUBKEY);
  else
    _kc_p256_ecdh (shared, &x, &q);
  wipememory (&x, sizeof x);
  return err;
}

static KC_NOINLINE gpg_error_t
ecdsa_sign_body (int curve, unsigned int flags, void *sig, size_t *sig_len,
                 const void *seckey, size_t seckey_len,
                 const void *digest, size_t digest_len,
                 const void *ndata, size_t ndata_len)
{
  scalar x, m, r, s;
  unsigned char rb[32], sb[32];
  size_t need, room;
  int recid;
  gpg_error_t err = 0;

  if (curve == KC_ECC_NIST_P256)
    return p256_sign (flags, sig, sig_len, seckey, seckey_len, digest,
                      digest_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if ((flags & ~KNOWN_SIGN_FLAGS) || !sig || !sig_len
      || ((flags & KC_ECDSA_DER) && (flags & KC_ECDSA_RECOVERABLE))
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !digest || digest_len == 0
      || (ndata ? ndata_len != 32 : ndata_len != 0))
    return KC_ERR (GPG_ERR_INV_ARG);
  room = *sig_len;
  if (!_kc_ecc_parse_seckey (&x, seckey))
    {
      memset (sig, 0, room);
      *sig_len = 0;
      wipememory (&x, sizeof x);
      return KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  _kc_ecdsa_digest_to_scalar (&m, digest, digest_len);
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_ecdsa_sign_ndata (&r, &s, &recid, &x, &m, ndata);
  _kc_secp256k1_scalar_get_b32 (rb, &r);
  _kc_secp256k1_scalar_get_b32 (sb, &s);
  if (flags & KC_ECDSA_DER)
    need = 2 + der_int (NULL, rb) + der_int (NULL, sb);
  else if (flags & KC_ECDSA_RECOVERABLE)
    need = KC_ECDSA_SECP256K1_RECOVERABLE_SIG_LEN;
  else
    need = KC_ECDSA_SECP256K1_SIG_LEN;
  if (room < need)
    {
      memset (sig, 0, room);
      err = KC_ERR (GPG_ERR_TOO_SHORT);
    }
  else if (flags & KC_ECDSA_DER)
    {
      unsigned char *o = sig;
      o[0] = 0x30;
      o[1] = (unsigned char) (need - 2);
      o += 2;
      o += der_int (o, rb);
      der_int (o, sb);
    }
  else
    {
      memcpy (sig, rb, 32);
      memcpy ((unsigned char *) sig + 32, sb, 32);
      if (flags & KC_ECDSA_RECOVERABLE)
        ((unsigned char *) sig)[64] = (unsigned char) recid;
    }
  *sig_len = need;
  wipememory (&x, sizeof x);
  wipememory (&m, sizeof m);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecdsa_sign (int curve, unsigned int flags, void *sig, size_t *sig_len,
               const void *seckey, size_t seckey_len,
               const void *digest, size_t digest_len)
{
  gpg_error_t err = ecdsa_sign_body (curve, flags, sig, sig_len, seckey,
                                     seckey_len, digest, digest_len, NULL, 0);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecdsa_sign_ndata (int curve, unsigned int flags, void *sig, size_t *sig_len,
                     const void *seckey, size_t seckey_len,
                     const void *digest, size_t digest_len,
                     const void *ndata, size_t ndata_len)
{
  gpg_error_t err;

  /* libsecp256k1's call: secp256k1 only, like the rest of its key API */
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  err = ecdsa_sign_body (curve, flags, sig, sig_len, seckey, seckey_len,
                         digest, digest_len, ndata, ndata_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

/* ------------------------------------------- signature encodings */

/* n and (n-1)/2, big-endian: the bounds of r and s, and of a low s. */
static const unsigned char n_be[32] = {
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
  0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B,
  0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41 };
static const unsigned char half_n_be[32] = {
  0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0x5D, 0x57, 0x6E, 0x73, 0x57, 0xA4, 0x50, 0x1D,
  0xDF, 0xE9, 0x2F, 0x46, 0x68, 0x1B, 0x20, 0xA0 };

/* 1 if the compact R || S (64 bytes) has r and s below n (0 allowed, as
 * libsecp256k1's parse_compact).  Variable time: signatures are public,
 * and these calls compare their bytes rather than convert them. */
static int
compact_ok_var (const unsigned char *sig)
{
  return memcmp (sig, n_be, 32) < 0 && memcmp (sig + 32, n_be, 32) < 0;
}


gpg_error_t
kc_ecdsa_signature_normalize (int curve, void *out, size_t out_len,
                              int *was_high, const void *sig, size_t sig_len)
{
  const unsigned char *in = sig;
  unsigned char *o = out;
  int high, i, borrow = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if ((out ? out_len != KC_ECDSA_SECP256K1_SIG_LEN : out_len != 0)
      || !sig || sig_len != KC_ECDSA_SECP256K1_SIG_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!compact_ok_var (in))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  high = memcmp (in + 32, half_n_be, 32) > 0;
  if (o)
    {
      memmove (o, in, 32);
      if (high)
        for (i = 31; i >= 0; i--)              /* s = n - s, bytewise */
          {
            int d = n_be[i] - in[32 + i] - borrow;
            borrow = d < 0;
            o[32 + i] = (unsigned char) (d + (borrow << 8));
          }
      else
        memmove (o + 32, in + 32, 32);
    }
  if (was_high)
    *was_high = high;
  return 0;
}

gpg_error_t
kc_ecdsa_signature_parse_der (int curve, void *sig, size_t sig_len,
                              const void *der, size_t der_len)
{
  unsigned char rs[64];

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_ECDSA_SECP256K1_SIG_LEN || (!der && der_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!der_parse (rs, rs + 32, der, der_len) || !compact_ok_var (rs))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  memcpy (sig, rs, 64);
  return 0;
}

/* One lax length at *POS (END the input's length): short form, or 0x80 +
 * k then k big-endian bytes (leading zeros skipped), any k that fits.
 * 0 if it runs past the input; *LEN the value, capped at 2^56 (any
 * value that large runs past every input anyway). */
static int
lax_len (uint64_t *len, const unsigned char *in, size_t *pos, size_t end)
{
  size_t k;

  if (*pos == end)
    return 0;
  k = in[(*pos)++];
  if (!(k & 0x80))
    {
      *len = k;
      return 1;
    }
  k -= 0x80;
  if (k > end - *pos)
    return 0;
  while (k > 0 && in[*pos] == 0)
    {
      (*pos)++;
      k--;
    }
  if (k > 7)
    return 0;                   /* >= 2^56: past the end of any input */
  *len = 0;
  while (k > 0)
    {
      *len = (*len << 8) | in[(*pos)++];
      k--;
    }
  return 1;
}

/* One lax INTEGER at *POS: tag 02, a lax length that fits; *AT and *N its
 * content.  0 if malformed. */
static int
lax_int (size_t *at, size_t *n, const unsigned char *in, size_t *pos,
         size_t end)
{
  uint64_t len;

  if (*pos == end || in[*pos] != 0x02)
    return 0;
  (*pos)++;
  if (!lax_len (&len, in, pos, end) || len > end - *pos)
    return 0;
  *at = *pos;
  *n = (size_t) len;
  *pos += (size_t) len;
  return 1;
}

/* The integer of N bytes at P, leading zeros ignored, into the 32-byte
 * V; 0 if more than 32 bytes remain. */
static int
lax_value (unsigned char v[32], const unsigned char *p, size_t n)
{
  while (n > 0 && *p == 0)
    {
      p++;
      n--;
    }
  if (n > 32)
    return 0;
  memset (v, 0, 32);
  if (n)
    memcpy (v + 32 - n, p, n);
  return 1;
}

gpg_error_t
kc_ecdsa_signature_parse_der_lax (int curve, void *sig, size_t sig_len,
                                  const void *der, size_t der_len)
{
  const unsigned char *in = der;
  unsigned char rs[64];
  size_t pos = 0, ra, rn, sa, sn;
  uint64_t seq;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_ECDSA_SECP256K1_SIG_LEN || (!der && der_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  /* SEQUENCE tag; its length is skipped, not checked (long form: only
   * its bytes must be there) */
  if (der_len == 0 || in[0] != 0x30)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  pos = 1;
  if (pos == der_len)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  seq = in[pos++];
  if (seq & 0x80)
    {
      if (seq - 0x80 > der_len - pos)
        return KC_ERR (GPG_ERR_BAD_SIGNATURE);
      pos += (size_t) (seq - 0x80);
    }
  /* two INTEGERs that fit; anything after them is ignored */
  if (!lax_int (&ra, &rn, in, &pos, der_len)
      || !lax_int (&sa, &sn, in, &pos, der_len))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  /* values of more than 32 bytes or >= n: r = s = 0, which no key
   * verifies (the contrib parser's choice, kept for its callers) */
  if (!lax_value (rs, in + ra, rn) || !lax_value (rs + 32, in + sa, sn)
      || !compact_ok_var (rs))
    memset (rs, 0, 64);
  memcpy (sig, rs, 64);
  return 0;
}

gpg_error_t
kc_ecdsa_signature_serialize_der (int curve, void *der, size_t *der_len,
                                  const void *sig, size_t sig_len)
{
  const unsigned char *rs = sig;
  unsigned char *o = der;
  size_t need;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!der || !der_len || !sig || sig_len != KC_ECDSA_SECP256K1_SIG_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!compact_ok_var (rs))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  need = 2 + der_int (NULL, rs) + der_int (NULL, rs + 32);
  if (*der_len < need)
    {
      *der_len = need;
      return KC_ERR (GPG_ERR_TOO_SHORT);
    }
  o[0] = 0x30;
  o[1] = (unsigned char) (need - 2);
  o += 2;
  o += der_int (o, rs);
  der_int (o, rs + 32);
  *der_len = need;
  return 0;
}

/* The checks and parsing of kc_ecdsa_verify (all but the curve): 0 and
 * the prepared (R, S, Q, M), or the error the verification returns. */
static gpg_error_t
ecdsa_verify_prepare (scalar *r, scalar *s, _kc_secp256k1_ge *q, scalar *m,
                      unsigned int flags, const void *sig, size_t sig_len,
                      const void *pubkey, size_t pubkey_len,
                      const void *digest, size_t digest_len)
{
  unsigned char rb[32], sb[32];
  int of_r, of_s;

  if ((flags & ~KNOWN_VERIFY_FLAGS) || !sig
      || !pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                     && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN)
      || !digest || digest_len == 0)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!(flags & KC_ECDSA_DER) && sig_len != KC_ECDSA_SECP256K1_SIG_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (flags & KC_ECDSA_DER)
    {
      if (!der_parse (rb, sb, sig, sig_len))
        return KC_ERR (GPG_ERR_BAD_SIGNATURE);
    }
  else
    {
      memcpy (rb, sig, 32);
      memcpy (sb, (const unsigned char *) sig + 32, 32);
    }
  _kc_secp256k1_scalar_set_b32 (r, rb, &of_r);
  _kc_secp256k1_scalar_set_b32 (s, sb, &of_s);
  if (of_r || of_s || _kc_secp256k1_scalar_is_zero (r)
      || _kc_secp256k1_scalar_is_zero (s))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  if ((flags & KC_ECDSA_LOW_S) && _kc_secp256k1_scalar_is_high (s))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  _kc_ecdsa_digest_to_scalar (m, digest, digest_len);
  return 0;
}

gpg_error_t
kc_ecdsa_verify (int curve, unsigned int flags, const void *sig, size_t sig_len,
                 const void *pubkey, size_t pubkey_len,
                 const void *digest, size_t digest_len)
{
  _kc_secp256k1_ge q;
  scalar r, s, m;
  gpg_error_t err;

  if (curve == KC_ECC_NIST_P256)
    return p256_verify (flags, sig, sig_len, pubkey, pubkey_len, digest,
                        digest_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  err = ecdsa_verify_prepare (&r, &s, &q, &m, flags, sig, sig_len,
                              pubkey, pubkey_len, digest, digest_len);
  if (err)
    return err;
  if (!_kc_ecdsa_verify_var (&r, &s, &q, &m))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  return 0;
}

/* ------------------------------------------------------------ recovery */

gpg_error_t
kc_ecdsa_recover (int curve, void *pubkey, size_t pubkey_len,
                  const void *sig, size_t sig_len,
                  const void *digest, size_t digest_len)
{
  const unsigned char *sb = sig;
  _kc_secp256k1_ge q;
  scalar r, s, m;
  int of_r, of_s;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                  && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN)
      || !sig || sig_len != KC_ECDSA_SECP256K1_RECOVERABLE_SIG_LEN
      || !digest || digest_len == 0)
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_secp256k1_scalar_set_b32 (&r, sb, &of_r);
  _kc_secp256k1_scalar_set_b32 (&s, sb + 32, &of_s);
  if (of_r || of_s || sb[64] > 3)
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  _kc_ecdsa_digest_to_scalar (&m, digest, digest_len);
  if (!_kc_ecdsa_recover_var (&q, &r, &s, sb[64], &m))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  _kc_ecc_serialize_pubkey (pubkey, pubkey_len, &q);
  return 0;
}

/* ---------------------------------------------------------------- ECDH */

static KC_NOINLINE gpg_error_t
ecdh_body (int curve, unsigned int flags, void *shared, size_t shared_len,
           const void *seckey, size_t seckey_len,
           const void *pubkey, size_t pubkey_len)
{
  _kc_secp256k1_ge q;
  scalar x;
  gpg_error_t err = 0;

  if (curve == KC_ECC_NIST_P256)
    return p256_ecdh (flags, shared, shared_len, seckey, seckey_len, pubkey,
                      pubkey_len);
  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if ((flags & ~KC_ECDH_RAW_X) || !shared || shared_len != KC_ECDH_SECP256K1_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !pubkey || (pubkey_len != KC_ECC_SECP256K1_PUBKEY_LEN
                     && pubkey_len != KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else if (!_kc_ecc_parse_pubkey (&q, pubkey, pubkey_len))
    err = KC_ERR (GPG_ERR_BAD_PUBKEY);
  else
    _kc_ecdh (shared, !!(flags & KC_ECDH_RAW_X), &x, &q);
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ecdh (int curve, unsigned int flags, void *shared, size_t shared_len,
         const void *seckey, size_t seckey_len,
         const void *pubkey, size_t pubkey_len)
{
  gpg_error_t err = ecdh_body (curve, flags, shared, shared_len, seckey,
                               seckey_len, pubkey, pubkey_len);
  _kc_burn_stack (KC_STACK_BURN_ECDH);
  return err;
}

/* ------------------------------------------------------------- BIP-340 */

static KC_NOINLINE gpg_error_t
tagged_sha256_body (void *hash, size_t hash_len, const void *tag,
                    size_t tag_len, const void *msg, size_t msg_len)
{
  _kc_sha256_ctx c;
  unsigned char th[32];

  if (!hash || hash_len != KC_TAGGED_SHA256_LEN
      || (!tag && tag_len) || (!msg && msg_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_sha256_init (&c);
  if (tag_len)
    _kc_sha256_update (&c, tag, tag_len);
  _kc_sha256_final (&c, th);
  _kc_sha256_init (&c);
  _kc_sha256_update (&c, th, 32);
  _kc_sha256_update (&c, th, 32);
  if (msg_len)
    _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, hash);
  wipememory (th, sizeof th);
  wipememory (&c, sizeof c);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack): TAG and MSG may
 * be secret (BIP-327 and BIP-352 hash secret nonces and keys). */
gpg_error_t
kc_tagged_sha256 (void *hash, size_t hash_len, const void *tag, size_t tag_len,
                  const void *msg, size_t msg_len)
{
  gpg_error_t err = tagged_sha256_body (hash, hash_len, tag, tag_len, msg,
                                        msg_len);
  _kc_burn_stack (KC_STACK_BURN_SHA256);
  return err;
}

static KC_NOINLINE gpg_error_t
schnorr_sign_body (int curve, void *sig, size_t sig_len,
                   const void *seckey, size_t seckey_len,
                   const void *msg, size_t msg_len,
                   const void *aux_rand, size_t aux_rand_len)
{
  static const unsigned char zero_aux[32];
  scalar x;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_SCHNORR_SECP256K1_SIG_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || (!msg && msg_len)
      || (aux_rand_len != 0 && aux_rand_len != 32)
      || (!aux_rand && aux_rand_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      if (!_kc_schnorr_sign (sig, &x, msg_len ? msg : zero_aux, msg_len,
                             aux_rand_len ? aux_rand : zero_aux))
        err = KC_ERR (GPG_ERR_INV_DATA);        /* nonce 0: never seen */
    }
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_schnorr_sign (int curve, void *sig, size_t sig_len,
                 const void *seckey, size_t seckey_len,
                 const void *msg, size_t msg_len,
                 const void *aux_rand, size_t aux_rand_len)
{
  gpg_error_t err = schnorr_sign_body (curve, sig, sig_len, seckey, seckey_len,
                                       msg, msg_len, aux_rand, aux_rand_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

gpg_error_t
kc_schnorr_verify (int curve, const void *sig, size_t sig_len,
                   const void *xonly, size_t xonly_len,
                   const void *msg, size_t msg_len)
{
  static const unsigned char empty[1];
  _kc_secp256k1_ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_SCHNORR_SECP256K1_SIG_LEN
      || !xonly || xonly_len != KC_ECC_SECP256K1_XONLY_LEN
      || (!msg && msg_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_bip340_lift_x_var (&q, xonly))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!_kc_schnorr_verify_var (sig, &q, xonly, msg_len ? msg : empty, msg_len))
    return KC_ERR (GPG_ERR_BAD_SIGNATURE);
  return 0;
}

/* The bytes of COUNT elements of SIZE (SIZE_MAX if that overflows). */
static size_t
array_bytes (size_t count, size_t size)
{
  return count > SIZE_MAX / size ? SIZE_MAX : count * size;
}

/* 1 if RLEN bytes at R and LEN bytes at P share a byte (P NULL or LEN 0:
 * no).  Addresses compared as integers: the objects may be distinct. */
static int
overlaps (const void *r, size_t rlen, const void *p, size_t len)
{
  uintptr_t a = (uintptr_t) r, b = (uintptr_t) p;

  if (!p || !len || !rlen)
    return 0;
  return a <= b ? b - a < rlen : a - b < len;
}

/* 1 if the COUNT RESULTS share a byte with one of the input arrays ARR[k]
 * (COUNT elements of SIZE[k] bytes, k < NARR) or with a buffer an item
 * points to: BUF[k][i] of LEN[k][i] bytes (or FIXED[k] bytes when LEN[k]
 * is NULL), k < NBUF.  The batch verifiers write results while later
 * items are still to be read, so they refuse such a call (one pass over
 * the pointers: nothing next to the verifications). */
static int
results_overlap (const gpg_error_t *results, size_t count,
                 const void *const *arr, const size_t *size, int narr,
                 const void *const *const *buf, const size_t *const *len,
                 const size_t *fixed, int nbuf)
{
  size_t rlen = array_bytes (count, sizeof *results), i;
  int k;

  if (!results || !count)
    return 0;
  for (k = 0; k < narr; k++)
    if (overlaps (results, rlen, arr[k], array_bytes (count, size[k])))
      return 1;
  for (i = 0; i < count; i++)
    for (k = 0; k < nbuf; k++)
      if (overlaps (results, rlen, buf[k][i], len[k] ? len[k][i] : fixed[k]))
        return 1;
  return 0;
}

/* The call-level checks of the batch verifiers: a curve the verifier
 * does not know (CURVE_OK 0), a missing array (ARRAYS_OK 0) or RESULTS
 * overlapping the inputs with COUNT > 0 fails the call and, in RESULTS
 * (if not NULL), every item. */
static gpg_error_t
batch_check (int curve_ok, int arrays_ok, size_t count, gpg_error_t *results)
{
  gpg_error_t fail = 0;
  size_t i;

  if (count == 0)
    return 0;
  if (!curve_ok)
    fail = KC_ERR (GPG_ERR_NOT_SUPPORTED);
  else if (!arrays_ok)
    fail = KC_ERR (GPG_ERR_INV_ARG);
  if (fail && results)
    for (i = 0; i < count; i++)
      results[i] = fail;
  return fail;
}

/* Item I's code ERR: into RESULTS (if not NULL), and a failing item
 * fails the call. */
static void
batch_set (gpg_error_t *results, size_t i, gpg_error_t err, gpg_error_t *fail)
{
  if (results)
    results[i] = err;
  if (err)
    *fail = KC_ERR (GPG_ERR_BAD_SIGNATURE);
}

/* One batch verification: the per-family steps the driver below runs.
 * PREPARE parses item I into slot K of the chunk (0, or the item's code),
 * VERIFY checks the chunk's K prepared items (OK[j] the verdict of slot
 * j), CODE turns a verdict into the item's code (0: it verifies). */
typedef struct
{
  size_t chunk;                 /* slots in the caller's arrays */
  gpg_error_t (*prepare) (void *ctx, size_t k, size_t i);
  void (*verify) (void *ctx, int *ok, size_t k);
  gpg_error_t (*code) (int ok);
} batch_ops;

/* Runs OPS over COUNT items, CHUNK at a time, with the caller's arrays
 * WHERE and OK of OPS->chunk entries; CURVE_OK and ARRAYS_OK as for
 * batch_check.  RESULTS (if not NULL) gets each item's code; 0 if all
 * verify, else the call's code (GPG_ERR_BAD_SIGNATURE for a failing
 * item). */
static gpg_error_t
batch_run (const batch_ops *ops, void *ctx, int curve_ok, int arrays_ok,
           size_t count, size_t *where, int *ok, gpg_error_t *results)
{
  gpg_error_t fail = batch_check (curve_ok, arrays_ok, count, results);
  size_t i = 0, k, j;

  if (fail || count == 0)
    return fail;
  while (i < count)
    {
      /* parse until the chunk is full of well-formed items */
      for (k = 0; i < count && k < ops->chunk; i++)
        {
          gpg_error_t err = ops->prepare (ctx, k, i);
          batch_set (results, i, err, &fail);
          if (!err)
            where[k++] = i;
        }
      ops->verify (ctx, ok, k);
      for (j = 0; j < k; j++)
        {
          gpg_error_t err = ops->code (ok[j]);
          if (err)
            batch_set (results, where[j], err, &fail);
        }
    }
  return fail;
}

/* Items are parsed and verified BATCH_CHUNK at a time (stack arrays:
 * 3 KiB; two runs of the eight IFMA lanes, four of the AVX2 lanes). */
#define BATCH_CHUNK 16

typedef struct
{
  scalar r[BATCH_CHUNK], s[BATCH_CHUNK], m[BATCH_CHUNK];
  _kc_secp256k1_ge q[BATCH_CHUNK];
  unsigned int flags;
  const void *const *sigs, *const *pubkeys, *const *digests;
  const size_t *sig_lens, *pubkey_lens, *digest_lens;
} ecdsa_batch;

static gpg_error_t
ecdsa_batch_prepare (void *ctx, size_t k, size_t i)
{
  ecdsa_batch *b = ctx;
  return ecdsa_verify_prepare (&b->r[k], &b->s[k], &b->q[k], &b->m[k],
                               b->flags, b->sigs[i], b->sig_lens[i],
                               b->pubkeys[i], b->pubkey_lens[i],
                               b->digests[i], b->digest_lens[i]);
}

static void
ecdsa_batch_verify (void *ctx, int *ok, size_t k)
{
  ecdsa_batch *b = ctx;
  _kc_ecdsa_verify_batch_var (ok, k, b->r, b->s, b->q, b->m);
}

static gpg_error_t
ecdsa_batch_code (int ok)
{
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SIGNATURE);
}

/* Every item as kc_ecdsa_verify would take it; RESULTS (if not NULL) gets
 * each item's code.  0 if all verify, else GPG_ERR_BAD_SIGNATURE; an
 * unknown curve is GPG_ERR_NOT_SUPPORTED and missing arrays (COUNT > 0)
 * GPG_ERR_INV_ARG, for the call and every item. */
gpg_error_t
kc_ecdsa_verify_batch (int curve, unsigned int flags, size_t count,
                       const void *const *sigs, const size_t *sig_lens,
                       const void *const *pubkeys, const size_t *pubkey_lens,
                       const void *const *digests, const size_t *digest_lens,
                       gpg_error_t *results)
{
  static const batch_ops ops = { BATCH_CHUNK, ecdsa_batch_prepare,
                                 ecdsa_batch_verify, ecdsa_batch_code };
  ecdsa_batch b;
  size_t where[BATCH_CHUNK];
  int ok[BATCH_CHUNK];
  int arrays_ok = sigs && sig_lens && pubkeys && pubkey_lens && digests
                  && digest_lens;

  if (arrays_ok)
    {
      const void *const arr[6] = { sigs, sig_lens, pubkeys, pubkey_lens,
                                   digests, digest_lens };
      const size_t size[6] = { sizeof *sigs, sizeof *sig_lens,
                               sizeof *pubkeys, sizeof *pubkey_lens,
                               sizeof *digests, sizeof *digest_lens };
      const void *const *const buf[3] = { sigs, pubkeys, digests };
      const size_t *const len[3] = { sig_lens, pubkey_lens, digest_lens };
      arrays_ok = !results_overlap (results, count, arr, size, 6, buf, len,
                                    NULL, 3);
    }
  b.flags = flags;
  b.sigs = sigs; b.sig_lens = sig_lens;
  b.pubkeys = pubkeys; b.pubkey_lens = pubkey_lens;
  b.digests = digests; b.digest_lens = digest_lens;
  return batch_run (&ops, &b, curve == KC_ECC_SECP256K1, arrays_ok, count,
                    where, ok, results);
}

/* The arrays of a batch of fixed-length signatures and keys with
 * variable-length messages (BIP-340, Ed25519). */
typedef struct
{
  const void *const *sigs, *const *keys, *const *msgs;
  const size_t *msg_lens;
} sig_key_msg;

/* Nonzero if the arrays of A are given and do not overlap RESULTS (COUNT
 * items; signatures SIG_LEN bytes, keys KEY_LEN). */
static int
sig_key_msg_ok (const sig_key_msg *a, size_t count, size_t sig_len,
                size_t key_len, const gpg_error_t *results)
{
  const void *const arr[4] = { a->sigs, a->keys, a->msgs, a->msg_lens };
  const size_t size[4] = { sizeof *a->sigs, sizeof *a->keys,
                           sizeof *a->msgs, sizeof *a->msg_lens };
  const void *const *const buf[3] = { a->sigs, a->keys, a->msgs };
  const size_t *const len[3] = { NULL, NULL, a->msg_lens };
  const size_t fixed[3] = { sig_len, key_len, 0 };

  if (!a->sigs || !a->keys || !a->msgs || !a->msg_lens)
    return 0;
  return !results_overlap (results, count, arr, size, 4, buf, len, fixed, 3);
}

/* Item I of A names a signature, a key and (unless empty) a message. */
static int
sig_key_msg_given (const sig_key_msg *a, size_t i)
{
  return a->sigs[i] && a->keys[i] && (a->msgs[i] || !a->msg_lens[i]);
}

/* BIP-340 items, SCHNORR_CHUNK prepared at a time (stack arrays).  Codes
 * per item: GPG_ERR_INV_ARG for a NULL signature, key, or message with a
 * length, GPG_ERR_BAD_PUBKEY for an x that is not a curve point's (or
 * >= p), GPG_ERR_BAD_SIGNATURE otherwise.  Call: as
 * kc_ecdsa_verify_batch.  A chunk is one batch equation on the portable
 * path (secp256k1/schnorr-batch.c takes up to 64 items an equation, the most that
 * keep the whole call within KC_STACK_MAX: the chunk is 10 KiB, the
 * equation 17 KiB, its multiplication 14 KiB). */
#define SCHNORR_CHUNK 64

typedef struct
{
  _kc_schnorr_item it[SCHNORR_CHUNK];
  sig_key_msg a;
} schnorr_batch;

static gpg_error_t
schnorr_batch_prepare (void *ctx, size_t k, size_t i)
{
  schnorr_batch *b = ctx;
  if (!sig_key_msg_given (&b->a, i))
    return KC_ERR (GPG_ERR_INV_ARG);
  return _kc_schnorr_prepare_var (&b->it[k], b->a.sigs[i], b->a.keys[i],
                                  b->a.msgs[i], b->a.msg_lens[i]);
}

static void
schnorr_batch_verify (void *ctx, int *ok, size_t k)
{
  schnorr_batch *b = ctx;
  _kc_schnorr_verify_batch_var (ok, k, b->it);
}

static gpg_error_t
schnorr_batch_code (int ok)
{
  return ok == KC_SCHNORR_OK ? 0
         : KC_ERR (ok == KC_SCHNORR_BAD_KEY ? GPG_ERR_BAD_PUBKEY
                   : GPG_ERR_BAD_SIGNATURE);
}

gpg_error_t
kc_schnorr_verify_batch (int curve, size_t count, const void *const *sigs,
                         const void *const *xonlys, const void *const *msgs,
                         const size_t *msg_lens, gpg_error_t *results)
{
  static const batch_ops ops = { SCHNORR_CHUNK, schnorr_batch_prepare,
                                 schnorr_batch_verify, schnorr_batch_code };
  schnorr_batch b;
  size_t where[SCHNORR_CHUNK];
  int ok[SCHNORR_CHUNK];

  b.a.sigs = sigs; b.a.keys = xonlys; b.a.msgs = msgs;
  b.a.msg_lens = msg_lens;
  return batch_run (&ops, &b, curve == KC_ECC_SECP256K1,
                    sig_key_msg_ok (&b.a, count, KC_SCHNORR_SECP256K1_SIG_LEN,
                                    KC_ECC_SECP256K1_XONLY_LEN, results),
                    count, where, ok, results);
}

/* ------------------------------------------------------------ Ed25519 */

/* The Ed25519 verification's code for the result of ed25519/eddsa.h. */
static gpg_error_t
eddsa_code (int res)
{
  return res == KC_ED25519_OK ? 0
         : KC_ERR (res == KC_ED25519_BAD_KEY ? GPG_ERR_BAD_PUBKEY
                   : GPG_ERR_BAD_SIGNATURE);
}

static KC_NOINLINE gpg_error_t
eddsa_sign_body (int curve, void *sig, size_t sig_len,
                 const void *seckey, size_t seckey_len,
                 const void *msg, size_t msg_len)
{
  if (curve != KC_ECC_ED25519)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_EDDSA_ED25519_SIG_LEN
      || !seckey || seckey_len != KC_ECC_ED25519_SECKEY_LEN
      || (!msg && msg_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_ed25519_sign (sig, seckey, msg, msg_len);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_eddsa_sign (int curve, void *sig, size_t sig_len,
               const void *seckey, size_t seckey_len,
               const void *msg, size_t msg_len)
{
  gpg_error_t err = eddsa_sign_body (curve, sig, sig_len, seckey, seckey_len,
                                     msg, msg_len);
  _kc_burn_stack (KC_STACK_BURN_EDDSA);
  return err;
}

gpg_error_t
kc_eddsa_verify (int curve, const void *sig, size_t sig_len,
                 const void *pubkey, size_t pubkey_len,
                 const void *msg, size_t msg_len)
{
  if (curve != KC_ECC_ED25519)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!sig || sig_len != KC_EDDSA_ED25519_SIG_LEN
      || !pubkey || pubkey_len != KC_ECC_ED25519_PUBKEY_LEN
      || (!msg && msg_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  return eddsa_code (_kc_ed25519_verify_var (sig, pubkey, msg, msg_len));
}

/* Ed25519 items, KC_ED25519_BATCH_EQ prepared at a time (one batch
 * equation; stack arrays of 5 KiB, the equation's terms 5 KiB and its
 * multiplication 30 KiB).  Codes per item as kc_eddsa_verify's, and
 * GPG_ERR_INV_ARG for a NULL signature, key, or message with a length.
 * Call: as kc_schnorr_verify_batch. */
typedef struct
{
  _kc_ed25519_item it[KC_ED25519_BATCH_EQ];
  sig_key_msg a;
} eddsa_batch;

static gpg_error_t
eddsa_batch_prepare (void *ctx, size_t k, size_t i)
{
  eddsa_batch *b = ctx;
  if (!sig_key_msg_given (&b->a, i))
    return KC_ERR (GPG_ERR_INV_ARG);
  return eddsa_code (_kc_ed25519_prepare_var (&b->it[k], b->a.sigs[i],
                                              b->a.keys[i], b->a.msgs[i],
                                              b->a.msg_lens[i]));
}

static void
eddsa_batch_verify (void *ctx, int *ok, size_t k)
{
  eddsa_batch *b = ctx;
  _kc_ed25519_verify_batch_var (ok, k, b->it);
}

gpg_error_t
kc_eddsa_verify_batch (int curve, size_t count, const void *const *sigs,
                       const void *const *pubkeys, const void *const *msgs,
                       const size_t *msg_lens, gpg_error_t *results)
{
  static const batch_ops ops = { KC_ED25519_BATCH_EQ, eddsa_batch_prepare,
                                 eddsa_batch_verify, eddsa_code };
  eddsa_batch b;
  size_t where[KC_ED25519_BATCH_EQ];
  int ok[KC_ED25519_BATCH_EQ];

  b.a.sigs = sigs; b.a.keys = pubkeys; b.a.msgs = msgs;
  b.a.msg_lens = msg_lens;
  return batch_run (&ops, &b, curve == KC_ECC_ED25519,
                    sig_key_msg_ok (&b.a, count, KC_EDDSA_ED25519_SIG_LEN,
                                    KC_ECC_ED25519_PUBKEY_LEN, results),
                    count, where, ok, results);
}
