/* kem-dhkem.c - DHKEM(X25519, HKDF-SHA256) and DHKEM(P-256, HKDF-SHA256),
 * the KEMs of HPKE (RFC 9180, KEM ids 0x0020 and 0x0010), built from the
 * rows of RAW_X25519 and RAW_P256R1.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * RFC 9180 4.1 and 7.1, with suite_id = "KEM" || I2OSP (kem_id, 2) and
 * kem_id = K->param:
 *
 *   LabeledExtract (salt, label, ikm) = HKDF-Extract (salt,
 *       "HPKE-v1" || suite_id || label || ikm)
 *   LabeledExpand (prk, label, info, L) = HKDF-Expand (prk,
 *       I2OSP (L, 2) || "HPKE-v1" || suite_id || label || info, L)
 *   DeriveKeyPair (ikm), X25519: sk = LabeledExpand (LabeledExtract
 *       ("", "dkp_prk", ikm), "sk", "", 32), pk = X25519 (sk, 9);
 *     P-256 (7.1.3): sk = the first of LabeledExpand (dkp_prk,
 *       "candidate", I2OSP (counter, 1), 32), counter = 0, 1, ..., 255,
 *       in [1, n-1] (P-256's bitmask is 0xff), pk = sk*G
 *   Encap (pkR): (skE, pkE) = DeriveKeyPair (ikmE), enc = pkE,
 *       dh = X25519 (skE, pkR)
 *   Decap (enc, skR): dh = X25519 (skR, enc)
 *   shared_secret = LabeledExpand (LabeledExtract ("", "eae_prk", dh),
 *       "shared_secret", enc || pkRm, 32)
 *
 * Npk = Nenc is the part's row's pk_len (32 for X25519, 65 for P-256's
 * uncompressed points); Ndh = Nsk = Nsecret = 32 for both.
 * HKDF is over HMAC-SHA256 (hash/hmac.h); every expansion here is one
 * block (L = 32), and an empty salt is 32 zero bytes, which HMAC pads to
 * the same key as no key at all.  ikmE is OPT (32 bytes) or 32 fresh
 * bytes, so that a fixed OPT reproduces RFC 9180's test vectors; the
 * random key pair is DeriveKeyPair of 32 fresh bytes.  An all-zero dh is
 * GPG_ERR_INV_DATA with nothing written, on both sides (RFC 9180 7.1.4:
 * the recipient must check; the sender's check is RAW_X25519's).
 */
#include "kcrypt-int.h"
#include "kem.h"
#include "hash/hmac.h"
#include "p256/p256.h"

#define DH_LEN 32               /* Ndh, Nsk, Nsecret, Nh (and X25519's Npk) */
#define PK_MAX 65               /* the largest Npk = Nenc */
#define KEM_ID_P256 0x0010

static const unsigned char hpke_v1[7] = { 'H', 'P', 'K', 'E', '-', 'v', '1' };

/* CTX = HMAC-SHA256 keyed with KEY (KEYLEN bytes; 0: the empty salt,
 * Nh zero bytes), and PREFIX (LEN bytes: I2OSP (L, 2) or nothing) ||
 * "HPKE-v1" || suite_id || LABEL written */
static void
labeled_start (const struct _kc_kem_info *k, _kc_hmac_ctx *ctx,
               const unsigned char *key, size_t keylen,
               const unsigned char *prefix, size_t len, const char *label)
{
  unsigned char suite_id[5];
  suite_id[0] = 'K';
  suite_id[1] = 'E';
  suite_id[2] = 'M';
  suite_id[3] = (unsigned char) (k->param >> 8);
  suite_id[4] = (unsigned char) k->param;
  _kc_hmac_init (ctx, _kc_md_lookup (KC_MD_SHA256), key, keylen);
  _kc_hmac_write (ctx, prefix, len);
  _kc_hmac_write (ctx, hpke_v1, sizeof hpke_v1);
  _kc_hmac_write (ctx, suite_id, sizeof suite_id);
  _kc_hmac_write (ctx, label, strlen (label));
}

/* PRK = LabeledExtract ("", LABEL, IKM) */
static void
labeled_extract (const struct _kc_kem_info *k, unsigned char prk[DH_LEN],
                 const char *label, const unsigned char ikm[DH_LEN])
{
  static const unsigned char none[1] = { 0 };     /* 0 bytes of it */
  _kc_hmac_ctx c;
  labeled_start (k, &c, none, 0, none, 0, label);
  _kc_hmac_write (&c, ikm, DH_LEN);
  _kc_hmac_final (&c, prk);                     /* wipes C */
}

/* OUT = LabeledExpand (PRK, LABEL, INFO1 || INFO2, 32): T(1) of
 * HKDF-Expand, HMAC (PRK, I2OSP (32, 2) || "HPKE-v1" || suite_id ||
 * LABEL || INFO1 || INFO2 || 0x01) */
static void
labeled_expand (const struct _kc_kem_info *k, unsigned char out[DH_LEN],
                const unsigned char prk[DH_LEN], const char *label,
                const unsigned char *info1, size_t len1,
                const unsigned char *info2, size_t len2)
{
  static const unsigned char length[2] = { 0, DH_LEN }, one = 1;
  _kc_hmac_ctx c;

  labeled_start (k, &c, prk, DH_LEN, length, sizeof length, label);
  _kc_hmac_write (&c, info1, len1);
  _kc_hmac_write (&c, info2, len2);
  _kc_hmac_write (&c, &one, 1);
  _kc_hmac_final (&c, out);                     /* wipes C */
}

/* SK = the secret key of DeriveKeyPair (IKM), 32 bytes of IKM.  For
 * P-256 the first candidate in [1, n-1]; GPG_ERR_INV_DATA only when none
 * of the 256 is (probability about 2^-8192). */
static gpg_error_t
derive_sk (const struct _kc_kem_info *k, unsigned char sk[DH_LEN],
           const unsigned char ikm[DH_LEN])
{
  unsigned char prk[DH_LEN], counter;
  _kc_p256_scalar x;
  gpg_error_t err = 0;

  labeled_extract (k, prk, "dkp_prk", ikm);
  if (k->param != KEM_ID_P256)
    labeled_expand (k, sk, prk, "sk", prk, 0, prk, 0);
  else
    for (counter = 0;; counter++)
      {
        labeled_expand (k, sk, prk, "candidate", &counter, 1, prk, 0);
        /* in range or not is public (RFC 9180 loops on it) */
        if (_kc_p256_seckey_parse (&x, sk))
          break;
        if (counter == 255)
          {
            err = KC_ERR (GPG_ERR_INV_DATA);
            break;
          }
      }
  wipememory (prk, sizeof prk);
  wipememory (&x, sizeof x);
  return err;
}

/* SS = ExtractAndExpand (DH, ENC || PKRM), ENC and PKRM of the part's
 * public key length */
static void
extract_and_expand (const struct _kc_kem_info *k, unsigned char ss[DH_LEN],
                    const unsigned char dh[DH_LEN],
                    const unsigned char *enc, const unsigned char *pkrm)
{
  unsigned char prk[DH_LEN];
  size_t n = k->ec->pk_len;
  labeled_extract (k, prk, "eae_prk", dh);
  labeled_expand (k, ss, prk, "shared_secret", enc, n, pkrm, n);
  wipememory (prk, sizeof prk);
}

gpg_error_t
_kc_kem_dhkem_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                            unsigned char *sk, const unsigned char *ikm)
{
  const struct _kc_kem_info *x = k->ec;
  unsigned char s[DH_LEN];
  gpg_error_t err;

  err = derive_sk (k, s, ikm);
  if (!err)
    err = x->keypair_seed (x, pk, sk, s);
  wipememory (s, sizeof s);
  return err;
}

gpg_error_t
_kc_kem_dhkem_keypair (const struct _kc_kem_info *k, unsigned char *pk,
                       unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char ikm[DH_LEN];
  gpg_error_t err;

  rng (rngctx, ikm, sizeof ikm);
  err = _kc_kem_dhkem_keypair_seed (k, pk, sk, ikm);
  wipememory (ikm, sizeof ikm);
  return err;
}

/* Encap (pkR) with the ephemeral key pair DeriveKeyPair (ikmE), ikmE = OPT
 * or 32 fresh bytes */
gpg_error_t
_kc_kem_dhkem_encap (const struct _kc_kem_info *k, unsigned char *ct,
                     unsigned char *ss, const unsigned char *pk,
                     const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  const struct _kc_kem_info *x = k->ec;
  unsigned char ikm[DH_LEN], ske[DH_LEN], enc[PK_MAX], dh[DH_LEN];
  gpg_error_t err;

  if (!opt)
    {
      rng (rngctx, ikm, sizeof ikm);
      opt = ikm;
    }
  err = derive_sk (k, ske, opt);
  /* the part's row with e = skE: enc = skE * G, dh = DH (skE, pkR);
   * X25519: GPG_ERR_INV_DATA (nothing written) if dh is all zero;
   * P-256: GPG_ERR_BAD_PUBKEY for a pkR off the curve */
  if (!err)
    err = x->encap (x, enc, dh, pk, ske, rng, rngctx);
  if (!err)
    {
      extract_and_expand (k, ss, dh, enc, pk);
      memcpy (ct, enc, x->ct_len);
    }
  wipememory (ikm, sizeof ikm);
  wipememory (ske, sizeof ske);
  wipememory (dh, sizeof dh);
  return err;
}

gpg_error_t
_kc_kem_dhkem_decap (const struct _kc_kem_info *k, unsigned char *ss,
                     const unsigned char *ct, const unsigned char *sk)
{
  const struct _kc_kem_info *x = k->ec;
  unsigned char dh[DH_LEN], pkrm[PK_MAX], scratch[DH_LEN];
  gpg_error_t err;

  err = x->decap (x, dh, ct, sk);               /* all zero: INV_DATA */
  if (!err)
    err = x->keypair_seed (x, pkrm, scratch, sk);       /* pk (skR) */
  if (!err)
    extract_and_expand (k, ss, dh, ct, pkrm);
  wipememory (dh, sizeof dh);
  wipememory (scratch, sizeof scratch);
  return err;
}
