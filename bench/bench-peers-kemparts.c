/* bench-peers-kemparts.c - bench-peers rows
 * kem-parts/{x25519mlkem768,xwing,dhkem25519}/{keypair,encap,decap}: a
 * KEM built from other KEMs, through the public API ("ours"), beside the
 * same work done by calling its parts one after another ("parts"), so
 * that ours/parts is the construction's overhead factor (issue #38 asks
 * for each below 1.05).  Both sides run in one process, interleaved by
 * bench_measure, and both go through kc_kem_* (each public call checks
 * its arguments and burns its stack once, which the parts do twice and
 * ours once).  What the ratio shows is what the construction adds: its
 * copies into and out of its fields, its wipes, and the steps the list
 * below counts as overhead.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What one iteration does (M = KC_KEM_MLKEM768, X = KC_KEM_RAW_X25519;
 * "fresh": drawn from the library's CSPRNG inside the call):
 *
 *   x25519mlkem768 (cipher/kem-hybrid.c: pk = pk_M || pk_X, sk = sk_M ||
 *   sk_X, ct = ct_M || ct_X, ss = ss_M || ss_X, ML-KEM first in each):
 *     keypair  ours: kc_kem_keypair (KC_KEM_X25519MLKEM768), fresh.
 *              parts: kc_kem_keypair (M) into the first 1184 bytes of
 *              pk and the first 2400 of sk, then kc_kem_keypair (X) into
 *              the last 32 of each; fresh (the same 64 + 32 bytes).
 *     encap    ours: kc_kem_encap to a fixed public key, fresh.
 *              parts: kc_kem_encap (M) to its first 1184 bytes, then
 *              kc_kem_encap (X) to its last 32, each writing its slice
 *              of ct and ss; fresh.
 *     decap    ours: kc_kem_decap of a fixed ciphertext.
 *              parts: kc_kem_decap (M) of sk[0..2400), ct[0..1088) into
 *              ss[0..32), then kc_kem_decap (X) of the last 32 bytes of
 *              sk and ct into ss[32..64).
 *     The combiner is the concatenation, which the slices are: the parts
 *     do nothing more, and ours adds its copies (ct_X in encap, the two
 *     halves of ss in encap and decap) and its wipes, nothing else.
 *
 *   xwing (draft-connolly-cfrg-xwing-kem; sk is a 32-byte seed, and
 *   (d || z || sk_X) = SHAKE256 (seed, 96) on every use):
 *     keypair  ours: kc_kem_keypair_seed (KC_KEM_XWING) of a fixed seed
 *              (kc_kem_keypair is that of 32 fresh bytes; the parts have
 *              no counterpart of those, so neither side draws).
 *              parts: kc_kem_keypair_seed (M, d || z), then
 *              kc_kem_keypair_seed (X, sk_X), d || z || sk_X the
 *              expansion of that seed computed once before timing: the
 *              same public key as ours.
 *     encap    ours: kc_kem_encap to a fixed public key, fresh (64 bytes).
 *              parts: kc_kem_encap (M) to pk_M and kc_kem_encap (X) to
 *              pk_X, fresh (32 + 32 bytes), then the combiner,
 *              kc_md_hash_buffer (SHA3-256) of the 134 bytes ss_M || ss_X
 *              || ct_X || pk_X || XWingLabel gathered in one buffer.
 *     decap    ours: kc_kem_decap of a fixed ciphertext (it re-derives
 *              the key pairs from the seed, as the draft says).
 *              parts: the draft's steps but the SHAKE256: the key pairs
 *              kc_kem_keypair_seed (M, d || z) and kc_kem_keypair_seed
 *              (X, sk_X) from the expansion computed once before timing,
 *              kc_kem_decap (M) and kc_kem_decap (X), then the combiner
 *              as in encap.
 *     Counted as parts: both KEMs' calls (the key derivations from the
 *     expanded seed included) and the SHA3-256 combiner.  Counted as
 *     overhead: the SHAKE256 expansion of the seed (keypair and decap)
 *     and what ours adds around the parts (copies, wipes, one burn).
 *
 *   dhkem25519 (RFC 9180 4.1, cipher/kem-dhkem.c; each LabeledExtract
 *   and LabeledExpand pair is one kc_kdf_hkdf (SHA-256) over the
 *   labelled input and info, composed below):
 *     keypair  ours: kc_kem_keypair (KC_KEM_DHKEM25519): DeriveKeyPair
 *              of 32 fresh bytes.
 *              parts: kc_kem_keypair (X), fresh (32 bytes, a base
 *              point multiplication), then DeriveKeyPair's
 *              LabeledExtract ("", "dkp_prk", ikm) and LabeledExpand
 *              (prk, "sk", "", 32) over that secret as the ikm, their
 *              output discarded: the work of DeriveKeyPair in another
 *              order, not its result (kc_kem_keypair (X) draws its secret
 *              itself), but a valid DHKEM key pair all the same.
 *     encap    ours: kc_kem_encap to a fixed public key, fresh ikmE.
 *              parts: kc_kem_encap (X) to it (fresh skE, enc = pkE, dh),
 *              DeriveKeyPair's extract and expand over enc (discarded, as
 *              in keypair), then ExtractAndExpand (dh, enc || pkR).
 *     decap    ours: kc_kem_decap of a fixed enc.
 *              parts: kc_kem_decap (X) (dh), then ExtractAndExpand (dh,
 *              enc || pkRm) with pkRm the recipient's public key as
 *              known beforehand.
 *              parts+pkR (one more side of this row): the same with pkRm
 *              = pk (skR) computed by kc_kem_keypair_seed (X, skR), as
 *              RFC 9180's Decap does it: the secret key is skR alone, so
 *              ours must compute it, which "parts" does not.
 *
 * The parts side wipes nothing; the wipes of ours count as overhead.
 * Before timing, for each KEM: from a fixed seed and fixed OPTIONAL
 * bytes ours and the parts (the parts' encapsulation made deterministic
 * with the M row's OPTIONAL m and X25519 (e, 9), X25519 (e, pk_X) for
 * the X half; DHKEM's skE from our DeriveKeyPair) make the same key
 * pair, ciphertext and shared secret, and the parts' decapsulation of
 * ours' ciphertext gives ours' shared secret (X25519MLKEM768: ss_M ||
 * ss_X is the hybrid's 64 bytes; X-Wing: the combiner over the parts'
 * outputs is the hybrid's; DHKEM: ExtractAndExpand over the X25519 value
 * is); for the fresh forms, what one side encapsulates the other
 * decapsulates to the same secret, and ours decapsulates to the same
 * secret what the parts' key pair receives.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#define M_PK KC_KEM_MLKEM768_PUBKEY_LEN         /* 1184 */
#define M_SK KC_KEM_MLKEM768_SECKEY_LEN         /* 2400 */
#define M_CT KC_KEM_MLKEM768_ENCAPS_LEN         /* 1088 */
#define X_LEN 32                                /* every X25519 length */
#define PK_MAX KC_KEM_X25519MLKEM768_PUBKEY_LEN
#define SK_MAX KC_KEM_X25519MLKEM768_SECKEY_LEN
#define CT_MAX KC_KEM_X25519MLKEM768_ENCAPS_LEN
#define SS_MAX KC_KEM_X25519MLKEM768_SHARED_LEN

/* X-Wing's combiner input: ss_M || ss_X || ct_X || pk_X || XWingLabel */
#define XW_SS_M 0
#define XW_SS_X 32
#define XW_CT_X 64
#define XW_PK_X 96
#define XW_LABEL 128
#define XW_COMB_LEN 134

static const unsigned char xwing_label[6] = { 0x5c, 0x2e, 0x2f, 0x2f,
                                              0x5e, 0x5c };

/* One KEM's rows: its fixed key pair, a ciphertext to it and that
 * ciphertext's shared secret (the inputs), and room for what either side
 * writes. */
struct kp_kem
{
  int algo;
  size_t pk_len, sk_len, ct_len, ss_len;
  unsigned char pk[PK_MAX], sk[SK_MAX], ct[CT_MAX], ss[SS_MAX];
  unsigned char exp[96];        /* X-Wing: SHAKE256 (sk, 96) */
  /* outputs */
  unsigned char opk[PK_MAX], osk[SK_MAX], oct[CT_MAX], oss[SS_MAX];
  /* the parts' scratch: key pairs re-derived, combiner input, the
   * DeriveKeyPair output "parts" discards */
  unsigned char mpk[M_PK], msk[M_SK], xpk[X_LEN], xsk[X_LEN];
  unsigned char comb[XW_COMB_LEN], dkp[32];
  /* the parts' operations (the decapsulation twice: DHKEM's second
   * computes pk (skR) too) */
  gpg_error_t (*p_keypair) (struct kp_kem *k, unsigned char *pk,
                            unsigned char *sk);
  gpg_error_t (*p_encap) (struct kp_kem *k, const unsigned char *pk,
                          unsigned char *ct, unsigned char *ss);
  gpg_error_t (*p_decap) (struct kp_kem *k, const unsigned char *sk,
                          const unsigned char *ct, unsigned char *ss);
  gpg_error_t (*p_decap2) (struct kp_kem *k, const unsigned char *sk,
                           const unsigned char *ct, unsigned char *ss);
};

/* ------------------------------------------------------------- ours */

static void
ours_keypair (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += kc_kem_keypair (k->algo, k->opk, k->pk_len, k->osk, k->sk_len);
      bench_consume (k->opk, k->pk_len);
    }
  bench_consume_u64 (acc);
}

/* the key pair of the fixed seed K->sk (X-Wing's secret key is it) */
static void
ours_keypair_seed (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += kc_kem_keypair_seed (k->algo, k->opk, k->pk_len, k->osk,
                                  k->sk_len, bench_hide_ptr (k->sk),
                                  k->sk_len);
      bench_consume (k->opk, k->pk_len);
    }
  bench_consume_u64 (acc);
}

static void
ours_encap (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += kc_kem_encap (k->algo, bench_hide_ptr (k->pk), k->pk_len,
                           k->oct, k->ct_len, k->oss, k->ss_len, NULL, 0);
      bench_consume (k->oss, k->ss_len);
    }
  bench_consume_u64 (acc);
}

static void
ours_decap (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += kc_kem_decap (k->algo, bench_hide_ptr (k->sk), k->sk_len,
                           bench_hide_ptr (k->ct), k->ct_len, k->oss,
                           k->ss_len, NULL, 0);
      bench_consume (k->oss, k->ss_len);
    }
  bench_consume_u64 (acc);
}

/* ------------------------------------------------------------ parts */

static void
parts_keypair (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += k->p_keypair (k, k->opk, k->osk);
      bench_consume (k->opk, k->pk_len);
    }
  bench_consume_u64 (acc);
}

static void
parts_encap (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += k->p_encap (k, bench_hide_ptr (k->pk), k->oct, k->oss);
      bench_consume (k->oss, k->ss_len);
    }
  bench_consume_u64 (acc);
}

static void
parts_decap (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += k->p_decap (k, bench_hide_ptr (k->sk), bench_hide_ptr (k->ct),
                         k->oss);
      bench_consume (k->oss, k->ss_len);
    }
  bench_consume_u64 (acc);
}

static void
parts_decap2 (void *vctx, uint64_t iters)
{
  struct kp_kem *k = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += k->p_decap2 (k, bench_hide_ptr (k->sk), bench_hide_ptr (k->ct),
                          k->oss);
      bench_consume (k->oss, k->ss_len);
    }
  bench_consume_u64 (acc);
}

/* --------------------------------------------- X25519MLKEM768's parts */

static gpg_error_t
xmk_keypair (struct kp_kem *k, unsigned char *pk, unsigned char *sk)
{
  gpg_error_t err;
  (void) k;
  err = kc_kem_keypair (KC_KEM_MLKEM768, pk, M_PK, sk, M_SK);
  if (!err)
    err = kc_kem_keypair (KC_KEM_RAW_X25519, pk + M_PK, X_LEN, sk + M_SK,
                          X_LEN);
  return err;
}

static gpg_error_t
xmk_encap (struct kp_kem *k, const unsigned char *pk, unsigned char *ct,
           unsigned char *ss)
{
  gpg_error_t err;
  (void) k;
  err = kc_kem_encap (KC_KEM_MLKEM768, pk, M_PK, ct, M_CT,
                                  ss, 32, NULL, 0);
  if (!err)
    err = kc_kem_encap (KC_KEM_RAW_X25519, pk + M_PK, X_LEN, ct + M_CT,
                        X_LEN, ss + 32, 32, NULL, 0);
  return err;
}

static gpg_error_t
xmk_decap (struct kp_kem *k, const unsigned char *sk, const unsigned char *ct,
           unsigned char *ss)
{
  gpg_error_t err;
  (void) k;
  err = kc_kem_decap (KC_KEM_MLKEM768, sk, M_SK, ct, M_CT,
                                  ss, 32, NULL, 0);
  if (!err)
    err = kc_kem_decap (KC_KEM_RAW_X25519, sk + M_SK, X_LEN, ct + M_CT,
                        X_LEN, ss + 32, 32, NULL, 0);
  return err;
}

/* ------------------------------------------------------ X-Wing's parts */

/* SS = SHA3-256 (COMB) once ss_M, ss_X and ct_X are in COMB: the
 * combiner, pk_X (from PK_X) and the label added here */
static gpg_error_t
xw_combine (unsigned char ss[32], unsigned char comb[XW_COMB_LEN],
            const unsigned char pk_x[X_LEN])
{
  memcpy (comb + XW_PK_X, pk_x, X_LEN);
  memcpy (comb + XW_LABEL, xwing_label, sizeof xwing_label);
  return kc_md_hash_buffer (KC_MD_SHA3_256, ss, 32, comb, XW_COMB_LEN);
}

/* PK (1216 bytes) and the parts' secret keys SK_M, SK_X from the
 * expanded seed EXP = d || z || sk_X */
static gpg_error_t
xw_keypair (const unsigned char exp[96], unsigned char *pk,
            unsigned char *sk_m, unsigned char sk_x[X_LEN])
{
  gpg_error_t err = kc_kem_keypair_seed (KC_KEM_MLKEM768, pk, M_PK, sk_m,
                                         M_SK, exp, 64);
  if (!err)
    err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk + M_PK, X_LEN, sk_x,
                               X_LEN, exp + 64, 32);
  return err;
}

static gpg_error_t
xw_encap (struct kp_kem *k, const unsigned char *pk, unsigned char *ct,
          unsigned char ss[32])
{
  unsigned char *comb = k->comb;
  gpg_error_t err = kc_kem_encap (KC_KEM_MLKEM768, pk, M_PK, ct, M_CT,
                                  comb + XW_SS_M, 32, NULL, 0);
  if (!err)
    err = kc_kem_encap (KC_KEM_RAW_X25519, pk + M_PK, X_LEN, ct + M_CT,
                        X_LEN, comb + XW_SS_X, 32, NULL, 0);
  if (!err)
    {
      memcpy (comb + XW_CT_X, ct + M_CT, X_LEN);
      err = xw_combine (ss, comb, pk + M_PK);
    }
  return err;
}

/* the draft's Decapsulate but its SHAKE256: EXP = SHAKE256 (sk, 96) */
static gpg_error_t
xw_decap (struct kp_kem *k, const unsigned char exp[96],
          const unsigned char *ct, unsigned char ss[32])
{
  unsigned char *comb = k->comb;
  gpg_error_t err;

  /* the key pairs of d || z and sk_X (pk_M is not used) */
  err = kc_kem_keypair_seed (KC_KEM_MLKEM768, k->mpk, M_PK, k->msk, M_SK,
                             exp, 64);
  if (!err)
    err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, k->xpk, X_LEN, k->xsk,
                               X_LEN, exp + 64, 32);
  if (!err)
    err = kc_kem_decap (KC_KEM_MLKEM768, k->msk, M_SK, ct, M_CT,
                        comb + XW_SS_M, 32, NULL, 0);
  if (!err)
    {
      err = kc_kem_decap (KC_KEM_RAW_X25519, k->xsk, X_LEN, ct + M_CT, X_LEN,
                          comb + XW_SS_X, 32, NULL, 0);
      if (gpg_err_code (err) == GPG_ERR_INV_DATA)      /* the draft takes */
        {                                              /* the zeros */
          memset (comb + XW_SS_X, 0, 32);
          err = 0;
        }
    }
  if (!err)
    {
      memcpy (comb + XW_CT_X, ct + M_CT, X_LEN);
      err = xw_combine (ss, comb, k->xpk);
    }
  return err;
}

/* the parts' key pair and decapsulation from the expansion of K's seed
 * computed before timing (the SHAKE256 counts as overhead) */
static gpg_error_t
xw_keypair_k (struct kp_kem *k, unsigned char *pk, unsigned char *sk)
{
  (void) sk;
  return xw_keypair (k->exp, pk, k->msk, k->xsk);
}

static gpg_error_t
xw_decap_exp (struct kp_kem *k, const unsigned char *sk,
              const unsigned char *ct, unsigned char *ss)
{
  (void) sk;
  return xw_decap (k, k->exp, ct, ss);
}

/* -------------------------------------------------- DHKEM's parts */

/* "HPKE-v1" || suite_id, suite_id = "KEM" || I2OSP (0x0020, 2) */
static const unsigned char hpke_kem_x25519[12] = {
  'H', 'P', 'K', 'E', '-', 'v', '1', 'K', 'E', 'M', 0x00, 0x20
};

/* OUT = LabeledExpand (LabeledExtract ("", XLABEL, IKM), ELABEL, INFO1 ||
 * INFO2, 32): one HKDF-SHA-256 over the labelled IKM, "HPKE-v1" ||
 * suite_id || XLABEL || IKM, and the labelled info, I2OSP (32, 2) ||
 * "HPKE-v1" || suite_id || ELABEL || INFO1 || INFO2 */
static gpg_error_t
dh_hkdf (unsigned char out[32], const char *xlabel,
         const unsigned char ikm[32], const char *elabel,
         const unsigned char *info1, size_t len1,
         const unsigned char *info2, size_t len2)
{
  unsigned char lik[12 + 16 + 32], linfo[2 + 12 + 16 + 64];
  size_t nx = strlen (xlabel), ne = strlen (elabel), n;

  memcpy (lik, hpke_kem_x25519, 12);
  memcpy (lik + 12, xlabel, nx);
  memcpy (lik + 12 + nx, ikm, 32);
  linfo[0] = 0;
  linfo[1] = 32;
  memcpy (linfo + 2, hpke_kem_x25519, 12);
  memcpy (linfo + 14, elabel, ne);
  n = 14 + ne;
  memcpy (linfo + n, info1, len1);
  memcpy (linfo + n + len1, info2, len2);
  return kc_kdf_hkdf (KC_MD_SHA256, out, 32, lik, 12 + nx + 32, NULL, 0,
                      linfo, n + len1 + len2);
}

/* SK = DeriveKeyPair (IKM)'s secret */
static gpg_error_t
dh_derive_sk (unsigned char sk[32], const unsigned char ikm[32])
{
  return dh_hkdf (sk, "dkp_prk", ikm, "sk", NULL, 0, NULL, 0);
}

/* SS = ExtractAndExpand (DH, ENC || PKRM) */
static gpg_error_t
dh_eae (unsigned char ss[32], const unsigned char dh[32],
        const unsigned char enc[32], const unsigned char pkrm[32])
{
  return dh_hkdf (ss, "eae_prk", dh, "shared_secret", enc, 32, pkrm, 32);
}

static gpg_error_t
dh_keypair (struct kp_kem *k, unsigned char *pk, unsigned char *sk)
{
  gpg_error_t err = kc_kem_keypair (KC_KEM_RAW_X25519, pk, 32, sk, 32);
  if (!err)
    err = dh_derive_sk (k->dkp, sk);    /* the work, not the result */
  return err;
}

static gpg_error_t
dh_encap (struct kp_kem *k, const unsigned char *pkr, unsigned char *enc,
          unsigned char *ss)
{
  unsigned char dh[32];
  gpg_error_t err = kc_kem_encap (KC_KEM_RAW_X25519, pkr, 32, enc, 32,
                                  dh, 32, NULL, 0);
  if (!err)
    err = dh_derive_sk (k->dkp, enc);   /* the work, not the result */
  if (!err)
    err = dh_eae (ss, dh, enc, pkr);
  return err;
}

/* PKRM: the recipient's public key, or NULL to compute it from SKR as
 * RFC 9180's Decap does */
static gpg_error_t
dh_decap_with (struct kp_kem *k, const unsigned char *skr,
               const unsigned char *enc, const unsigned char *pkrm,
               unsigned char *ss)
{
  unsigned char dh[32], pk[32];
  gpg_error_t err = kc_kem_decap (KC_KEM_RAW_X25519, skr, 32, enc, 32,
                                  dh, 32, NULL, 0);
  if (!err && !pkrm)
    {
      err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, k->xsk, 32,
                                 skr, 32);
      pkrm = pk;
    }
  if (!err)
    err = dh_eae (ss, dh, enc, pkrm);
  return err;
}

/* "parts": pkRm is K's public key, known beforehand */
static gpg_error_t
dh_decap (struct kp_kem *k, const unsigned char *sk, const unsigned char *ct,
          unsigned char *ss)
{
  return dh_decap_with (k, sk, ct, k->pk, ss);
}

/* "parts+pkR": pkRm = pk (skR), as RFC 9180's Decap */
static gpg_error_t
dh_decap_pk (struct kp_kem *k, const unsigned char *sk,
             const unsigned char *ct, unsigned char *ss)
{
  return dh_decap_with (k, sk, ct, NULL, ss);
}

/* ------------------------------------------------------------ checks */

/* N bytes of a fixed pattern, different for each TAG */
static void
fill (unsigned char *p, size_t n, unsigned int tag)
{
  size_t i;
  for (i = 0; i < n; i++)
    p[i] = (unsigned char) (tag * 37 + 11 * i + (i >> 3));
}

/* The fixed key pair of K from SEED, a ciphertext to it from OPT and
 * that ciphertext's shared secret, through ours */
static void
setup (const char *group, struct kp_kem *k, int algo, size_t pk_len,
       size_t sk_len, size_t ct_len, size_t ss_len,
       const unsigned char *seed, size_t seed_len,
       const unsigned char *opt, size_t opt_len)
{
  gpg_error_t err;
  unsigned char ss[SS_MAX];

  k->algo = algo;
  k->pk_len = pk_len;
  k->sk_len = sk_len;
  k->ct_len = ct_len;
  k->ss_len = ss_len;
  bench_check (group, pk_len <= PK_MAX && sk_len <= SK_MAX
               && ct_len <= CT_MAX && ss_len <= SS_MAX, "lengths");
  err = kc_kem_keypair_seed (algo, k->pk, pk_len, k->sk, sk_len, seed,
                             seed_len);
  bench_check (group, !err, "kc_kem_keypair_seed: %s", gpg_strerror (err));
  err = kc_kem_encap (algo, k->pk, pk_len, k->ct, ct_len, k->ss, ss_len,
                      opt, opt_len);
  bench_check (group, !err, "kc_kem_encap: %s", gpg_strerror (err));
  err = kc_kem_decap (algo, k->sk, sk_len, k->ct, ct_len, ss, ss_len,
                      NULL, 0);
  bench_check (group, !err && !memcmp (ss, k->ss, ss_len),
               "kc_kem_decap does not give kc_kem_encap's secret");
}

/* Ours encapsulates to PK (fresh), and the parts' DECAP of that
 * ciphertext with SK gives ours' secret; then the parts' ENCAP to PK,
 * and ours decapsulates it with SK to the parts' secret.  Uses K's
 * outputs. */
static void
cross (const char *group, struct kp_kem *k, const unsigned char *pk,
       const unsigned char *sk,
       gpg_error_t (*encap) (struct kp_kem *, const unsigned char *,
                             unsigned char *, unsigned char *),
       gpg_error_t (*decap) (struct kp_kem *, const unsigned char *,
                             const unsigned char *, unsigned char *))
{
  unsigned char ss[SS_MAX];
  gpg_error_t err;

  err = kc_kem_encap (k->algo, pk, k->pk_len, k->oct, k->ct_len, k->oss,
                      k->ss_len, NULL, 0);
  bench_check (group, !err, "kc_kem_encap: %s", gpg_strerror (err));
  err = decap (k, sk, k->oct, ss);
  bench_check (group, !err && !memcmp (ss, k->oss, k->ss_len),
               "the parts do not decapsulate what ours encapsulated");
  err = encap (k, pk, k->oct, k->oss);
  bench_check (group, !err, "the parts' encapsulation: %s",
               gpg_strerror (err));
  err = kc_kem_decap (k->algo, sk, k->sk_len, k->oct, k->ct_len, ss,
                      k->ss_len, NULL, 0);
  bench_check (group, !err && !memcmp (ss, k->oss, k->ss_len),
               "ours does not decapsulate what the parts encapsulated");
}

/* X-Wing's parts take the expanded seed: SK's expansion first */
static gpg_error_t
xw_decap_k (struct kp_kem *k, const unsigned char *sk,
            const unsigned char *ct, unsigned char *ss)
{
  unsigned char exp[96];
  gpg_error_t err = kc_md_hash_buffer (KC_MD_SHAKE256, exp, sizeof exp, sk,
                                       32);
  if (!err)
    err = xw_decap (k, exp, ct, ss);
  return err;
}

/* The M half of the encapsulation to PK (its first M_PK bytes) with m =
 * OPT[0..32), and the X half's ciphertext X25519 (e, 9) and value
 * X25519 (e, pk_X), e = OPT[32..64): CT and SS_M, SS_X */
static void
parts_encap_fixed (const char *group, const unsigned char *pk,
                   const unsigned char opt[64], unsigned char *ct,
                   unsigned char ss_m[32], unsigned char ss_x[32])
{
  unsigned char e[32];
  gpg_error_t err;

  err = kc_kem_encap (KC_KEM_MLKEM768, pk, M_PK, ct, M_CT, ss_m, 32, opt, 32);
  if (!err)
    err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, ct + M_CT, X_LEN, e, 32,
                               opt + 32, 32);
  if (!err)
    err = kc_kem_decap (KC_KEM_RAW_X25519, opt + 32, 32, pk + M_PK, X_LEN,
                        ss_x, 32, NULL, 0);
  bench_check (group, !err, "the parts' fixed encapsulation: %s",
               gpg_strerror (err));
}

static void
check_xmk (struct kp_kem *k)
{
  static const char group[] = "kem-parts/x25519mlkem768";
  unsigned char seed[64], opt[64], ss[64];
  gpg_error_t err;

  fill (seed, 64, 1);
  fill (opt, 64, 2);
  setup (group, k, KC_KEM_X25519MLKEM768, KC_KEM_X25519MLKEM768_PUBKEY_LEN,
         KC_KEM_X25519MLKEM768_SECKEY_LEN, KC_KEM_X25519MLKEM768_ENCAPS_LEN,
         KC_KEM_X25519MLKEM768_SHARED_LEN, seed, 64, opt, 64);
  bench_check (group, k->pk_len == M_PK + X_LEN && k->sk_len == M_SK + X_LEN
               && k->ct_len == M_CT + X_LEN && k->ss_len == 64,
               "the hybrid's lengths are not its parts'");
  /* the same ciphertext and secret from the same m || e */
  parts_encap_fixed (group, k->pk, opt, k->oct, ss, ss + 32);
  bench_check (group, !memcmp (k->oct, k->ct, k->ct_len)
               && !memcmp (ss, k->ss, 64),
               "the parts' encapsulation differs from ours");
  /* ss_M || ss_X is the hybrid's secret */
  err = xmk_decap (k, k->sk, k->ct, ss);
  bench_check (group, !err && !memcmp (ss, k->ss, 64),
               "the parts' decapsulation differs from ours");
  cross (group, k, k->pk, k->sk, xmk_encap, xmk_decap);
  /* both key pairs receive what the other side sends */
  err = kc_kem_keypair (k->algo, k->opk, k->pk_len, k->osk, k->sk_len);
  bench_check (group, !err, "kc_kem_keypair: %s", gpg_strerror (err));
  cross (group, k, k->opk, k->osk, xmk_encap, xmk_decap);
  err = xmk_keypair (k, k->opk, k->osk);
  bench_check (group, !err, "the parts' key pair: %s", gpg_strerror (err));
  cross (group, k, k->opk, k->osk, xmk_encap, xmk_decap);
}

static void
check_xwing (struct kp_kem *k)
{
  static const char group[] = "kem-parts/xwing";
  static unsigned char pk[PK_MAX];
  unsigned char seed[32], opt[64], ss[32], exp[96];
  gpg_error_t err;

  fill (seed, 32, 3);
  fill (opt, 64, 4);
  setup (group, k, KC_KEM_XWING, KC_KEM_XWING_PUBKEY_LEN,
         KC_KEM_XWING_SECKEY_LEN, KC_KEM_XWING_ENCAPS_LEN,
         KC_KEM_XWING_SHARED_LEN, seed, 32, opt, 64);
  bench_check (group, k->pk_len == M_PK + X_LEN && k->sk_len == 32
               && k->ct_len == M_CT + X_LEN && k->ss_len == 32
               && !memcmp (k->sk, seed, 32),
               "X-Wing's lengths or secret key are not the draft's");
  err = kc_md_hash_buffer (KC_MD_SHAKE256, k->exp, sizeof k->exp, k->sk, 32);
  bench_check (group, !err, "SHAKE256: %s", gpg_strerror (err));
  /* the same public key from the expanded seed */
  err = xw_keypair (k->exp, k->opk, k->msk, k->xsk);
  bench_check (group, !err && !memcmp (k->opk, k->pk, k->pk_len),
               "the parts' public key differs from ours");
  /* the same ciphertext, and the combiner over the parts' values is
   * ours' secret, from the same eseed */
  parts_encap_fixed (group, k->pk, opt, k->oct, k->comb + XW_SS_M,
                     k->comb + XW_SS_X);
  memcpy (k->comb + XW_CT_X, k->oct + M_CT, X_LEN);
  err = xw_combine (ss, k->comb, k->pk + M_PK);
  bench_check (group, !err && !memcmp (k->oct, k->ct, k->ct_len)
               && !memcmp (ss, k->ss, 32),
               "the parts' encapsulation differs from ours");
  err = xw_decap (k, k->exp, k->ct, ss);
  bench_check (group, !err && !memcmp (ss, k->ss, 32),
               "the parts' decapsulation differs from ours");
  cross (group, k, k->pk, k->sk, xw_encap, xw_decap_k);
  /* ours' fresh key pair: its public key is the parts' of its seed's
   * expansion, and it receives what the parts send */
  err = kc_kem_keypair (k->algo, k->opk, k->pk_len, k->osk, k->sk_len);
  bench_check (group, !err, "kc_kem_keypair: %s", gpg_strerror (err));
  err = kc_md_hash_buffer (KC_MD_SHAKE256, exp, sizeof exp, k->osk, 32);
  if (!err)
    err = xw_keypair (exp, pk, k->msk, k->xsk);
  bench_check (group, !err && !memcmp (pk, k->opk, k->pk_len),
               "the parts' public key of a fresh seed differs from ours");
  cross (group, k, k->opk, k->osk, xw_encap, xw_decap_k);
  wipememory (exp, sizeof exp);
}

static void
check_dhkem (struct kp_kem *k)
{
  static const char group[] = "kem-parts/dhkem25519";
  unsigned char ikm[32], ikme[32], s[32], pk[32], t[32], dh[32], ss[32];
  gpg_error_t err;

  fill (ikm, 32, 5);
  fill (ikme, 32, 6);
  setup (group, k, KC_KEM_DHKEM25519, KC_KEM_DHKEM25519_PUBKEY_LEN,
         KC_KEM_DHKEM25519_SECKEY_LEN, KC_KEM_DHKEM25519_ENCAPS_LEN,
         KC_KEM_DHKEM25519_SHARED_LEN, ikm, 32, ikme, 32);
  bench_check (group, k->pk_len == 32 && k->sk_len == 32 && k->ct_len == 32
               && k->ss_len == 32, "DHKEM's lengths are not X25519's");
  /* our labelled HKDF: DeriveKeyPair (ikm) is ours' key pair */
  err = dh_derive_sk (s, ikm);
  if (!err)
    err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, t, 32, s, 32);
  bench_check (group, !err && !memcmp (pk, k->pk, 32)
               && !memcmp (t, k->sk, 32),
               "DeriveKeyPair composed here differs from ours");
  /* Encap with skE = DeriveKeyPair (ikmE): the same enc and secret */
  err = dh_derive_sk (s, ikme);
  if (!err)
    err = kc_kem_keypair_seed (KC_KEM_RAW_X25519, pk, 32, t, 32, s, 32);
  if (!err)
    err = kc_kem_decap (KC_KEM_RAW_X25519, s, 32, k->pk, 32, dh, 32,
                        NULL, 0);
  bench_check (group, !err, "X25519: %s", gpg_strerror (err));
  err = dh_eae (ss, dh, pk, k->pk);
  bench_check (group, !err && !memcmp (pk, k->ct, 32)
               && !memcmp (ss, k->ss, 32),
               "the parts' encapsulation differs from ours");
  /* ExtractAndExpand over the X25519 value is ours' secret */
  err = dh_decap (k, k->sk, k->ct, ss);
  bench_check (group, !err && !memcmp (ss, k->ss, 32),
               "the parts' decapsulation differs from ours");
  err = dh_decap_pk (k, k->sk, k->ct, ss);
  bench_check (group, !err && !memcmp (ss, k->ss, 32),
               "the parts' decapsulation with pk (skR) differs from ours");
  cross (group, k, k->pk, k->sk, dh_encap, dh_decap_pk);
  err = dh_keypair (k, pk, s);
  bench_check (group, !err, "the parts' key pair: %s", gpg_strerror (err));
  cross (group, k, pk, s, dh_encap, dh_decap_pk);
  err = kc_kem_keypair (k->algo, pk, 32, s, 32);
  bench_check (group, !err, "kc_kem_keypair: %s", gpg_strerror (err));
  cross (group, k, pk, s, dh_encap, dh_decap_pk);
  wipememory (s, sizeof s);
}

/* -------------------------------------------------------------- rows */

/* Rows GROUP/{keypair,encap,decap} of K: ours (OURS_KP its key pair)
 * and K's parts side by side, and for decap K's second decapsulation,
 * if it has one, as the side EXTRA */
static void
rows (const char *group, struct kp_kem *k, bench_body ours_kp,
      const char *extra)
{
  static const char *const ops[3] = { "keypair", "encap", "decap" };
  struct peer_side s[3];
  char path[64];
  size_t op, n;

  for (op = 0; op < 3; op++)
    {
      snprintf (path, sizeof path, "%s/%s", group, ops[op]);
      if (!peers_row_wanted (path))
        continue;
      s[0].who = "ours";
      s[0].body = op == 0 ? ours_kp : op == 1 ? ours_encap : ours_decap;
      s[1].who = "parts";
      s[1].body = op == 0 ? parts_keypair : op == 1 ? parts_encap
                                                    : parts_decap;
      s[2].who = extra;
      s[2].body = parts_decap2;
      s[0].ctx = s[1].ctx = s[2].ctx = k;
      n = op == 2 && k->p_decap2 ? 3 : 2;
      peers_compare (path, BENCH_US_PER_OP, 1, s, n);
    }
}

/* K's parts */
static void
parts_of (struct kp_kem *k,
          gpg_error_t (*keypair) (struct kp_kem *, unsigned char *,
                                  unsigned char *),
          gpg_error_t (*encap) (struct kp_kem *, const unsigned char *,
                                unsigned char *, unsigned char *),
          gpg_error_t (*decap) (struct kp_kem *, const unsigned char *,
                                const unsigned char *, unsigned char *),
          gpg_error_t (*decap2) (struct kp_kem *, const unsigned char *,
                                 const unsigned char *, unsigned char *))
{
  k->p_keypair = keypair;
  k->p_encap = encap;
  k->p_decap = decap;
  k->p_decap2 = decap2;
}

void
bench_peers_kemparts (void)
{
  static struct kp_kem k;

  if (peers_group_wanted ("kem-parts/x25519mlkem768/"))
    {
      check_xmk (&k);
      parts_of (&k, xmk_keypair, xmk_encap, xmk_decap, NULL);
      rows ("kem-parts/x25519mlkem768", &k, ours_keypair, NULL);
    }
  if (peers_group_wanted ("kem-parts/xwing/"))
    {
      check_xwing (&k);
      parts_of (&k, xw_keypair_k, xw_encap, xw_decap_exp, NULL);
      rows ("kem-parts/xwing", &k, ours_keypair_seed, NULL);
    }
  if (peers_group_wanted ("kem-parts/dhkem25519/"))
    {
      check_dhkem (&k);
      parts_of (&k, dh_keypair, dh_encap, dh_decap, dh_decap_pk);
      rows ("kem-parts/dhkem25519", &k, ours_keypair, "parts+pkR");
    }
  wipememory (&k, sizeof k);
}
