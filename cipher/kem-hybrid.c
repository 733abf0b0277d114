/* kem-hybrid.c - the hybrid KEMs, each built from the rows of its
 * parts: OpenSSH's sntrup761x25519-sha512 and mlkem768x25519-sha256,
 * TLS's X25519MLKEM768, and X-Wing.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Built only from the rows of kem.c, the post-quantum part's and
 * RAW_X25519's (K->pq and K->ec), so no part exists twice.  The OpenSSH
 * and TLS hybrids are one construction with three combiners (K->param):
 *
 *   pk = pq_pk || x25519_pk            sk = pq_sk || x25519_sk
 *   ct = pq_ct || x25519 ephemeral public key
 *   ss = SHA-512 (pq_ss || x25519_ss)  sntrup761x25519-sha512
 *        SHA-256 (pq_ss || x25519_ss)  mlkem768x25519-sha256
 *        pq_ss || x25519_ss            X25519MLKEM768 (64 bytes, unhashed)
 *
 * which is exactly what OpenSSH's kexsntrup761x25519.c and
 * kexmlkem768x25519.c hash (the server's side is encapsulation, the
 * client's decapsulation) and what draft-ietf-tls-ecdhe-mlkem feeds TLS
 * 1.3's key schedule.  The parts' checks carry over: an ML-KEM half
 * failing the modulus check is GPG_ERR_BAD_PUBKEY, a bad embedded hash
 * GPG_ERR_BAD_SECKEY, an all-zero X25519 value GPG_ERR_INV_DATA (OpenSSH
 * and TLS 1.3, RFC 8446 7.4.2, refuse it); on any of them nothing is
 * written.  The X25519 half goes first so that a failure is known before
 * an output is touched.
 *
 * Deterministic forms, for known-answer tests and keys kept as a seed
 * (ML-KEM hybrids only; sntrup761's KEM has neither):
 *   - the key pair from 64 bytes d || z: the ML-KEM half is
 *     ML-KEM.KeyGen_internal (d, z), the X25519 secret the first 32 bytes
 *     of SHAKE256 (SEED_LABEL || d || z);
 *   - encapsulation from 64 bytes m || e: ML-KEM.Encaps_internal's m, then
 *     the X25519 ephemeral secret e (X-Wing's eseed has the same layout).
 *
 * X-Wing (draft-connolly-cfrg-xwing-kem, unchanged on the wire since its
 * -06: label last, SHAKE256 expansion) keeps only the 32-byte seed as its
 * secret key and expands it on every use:
 *   (d || z || sk_X) = SHAKE256 (seed, 96 bytes),
 *   ss = SHA3-256 (ss_M || ss_X || ct_X || pk_X || XWingLabel),
 *   XWingLabel = 5c 2e 2f 2f 5e 5c ("\./" "/^\").
 * The draft makes no all-zero check on X25519: a small-order pk_X or ct_X
 * gives ss_X = 0, which the combiner takes as it is (the row of X25519
 * says GPG_ERR_INV_DATA for that value, and only for it: it stands for
 * 32 zero bytes here; whether it happens depends on public data only).
 */
#include "kcrypt-int.h"
#include "kem.h"
#include "md.h"

#define X25519_LEN 32           /* every X25519 length */

/* The label of the seeded key pair's X25519 secret (ASCII, no NUL) */
static const char seed_label[] = "libkcrypt hybrid X25519";

/* SS from A = pq_ss and B = x25519_ss, both 32 bytes, by the row's
 * combiner (K->param): the hash of A || B through md.h's rows, or A || B */
static void
combine (const struct _kc_kem_info *k, unsigned char *ss,
         const unsigned char a[32], const unsigned char b[32])
{
  _kc_md_ctx h;
  if (!k->param)
    {
      memcpy (ss, a, 32);
      memcpy (ss + 32, b, 32);
      return;
    }
  _kc_md_init (&h, _kc_md_lookup (k->param));
  _kc_md_write (&h, a, 32);
  _kc_md_write (&h, b, 32);
  _kc_md_final (&h, ss, k->ss_len);             /* wipes H */
}

/* OUT = the first OUTLEN bytes of SHAKE256 (PREFIX || DATA) */
static void
shake256 (unsigned char *out, size_t outlen, const void *prefix,
          size_t prefix_len, const unsigned char *data, size_t len)
{
  _kc_md_ctx h;
  _kc_md_init (&h, _kc_md_lookup (KC_MD_SHAKE256));
  _kc_md_write (&h, prefix, prefix_len);
  _kc_md_write (&h, data, len);
  _kc_md_final (&h, out, outlen);               /* wipes H */
}

gpg_error_t
_kc_kem_hybrid_keypair (const struct _kc_kem_info *k, unsigned char *pk,
                        unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  gpg_error_t err;

  err = pq->keypair (pq, pk, sk, rng, rngctx);
  if (!err)
    err = x->keypair (x, pk + pq->pk_len, sk + pq->sk_len, rng, rngctx);
  if (err)
    {
      wipememory (pk, k->pk_len);
      wipememory (sk, k->sk_len);
    }
  return err;
}

gpg_error_t
_kc_kem_hybrid_encap (const struct _kc_kem_info *k, unsigned char *ct,
                      unsigned char *ss, const unsigned char *pk,
                      const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  unsigned char xct[X25519_LEN], xss[X25519_LEN], pqss[32];
  gpg_error_t err;

  /* OPT (only where the row has an OPT_LEN, kem.c checks): m || e */
  err = x->encap (x, xct, xss, pk + pq->pk_len, opt ? opt + 32 : NULL,
                  rng, rngctx);
  if (!err)
    err = pq->encap (pq, ct, pqss, pk, opt, rng, rngctx);
  if (!err)
    {
      memcpy (ct + pq->ct_len, xct, X25519_LEN);
      combine (k, ss, pqss, xss);
    }
  wipememory (xss, sizeof xss);
  wipememory (pqss, sizeof pqss);
  return err;
}

gpg_error_t
_kc_kem_hybrid_decap (const struct _kc_kem_info *k, unsigned char *ss,
                      const unsigned char *ct, const unsigned char *sk)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  unsigned char xss[X25519_LEN], pqss[32];
  gpg_error_t err;

  err = x->decap (x, xss, ct + pq->ct_len, sk + pq->sk_len);
  if (!err)
    err = pq->decap (pq, pqss, ct, sk);
  if (!err)
    combine (k, ss, pqss, xss);
  wipememory (xss, sizeof xss);
  wipememory (pqss, sizeof pqss);
  return err;
}

/* The key pair of SEED = d || z (64 bytes): ML-KEM's of d || z, and
 * X25519's of SHAKE256 (seed_label || d || z)[0..31] */
gpg_error_t
_kc_kem_hybrid_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                             unsigned char *sk, const unsigned char *seed)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  unsigned char xseed[X25519_LEN];
  gpg_error_t err;

  shake256 (xseed, sizeof xseed, seed_label, sizeof seed_label - 1, seed,
            pq->seed_len);
  err = pq->keypair_seed (pq, pk, sk, seed);
  if (!err)
    err = x->keypair_seed (x, pk + pq->pk_len, sk + pq->sk_len, xseed);
  if (err)
    {
      wipememory (pk, k->pk_len);
      wipememory (sk, k->sk_len);
    }
  wipememory (xseed, sizeof xseed);
  return err;
}

/* ------------------------------------------------------------- X-Wing */

#define XWING_SEED_LEN 32

static const unsigned char xwing_label[6] = { 0x5c, 0x2e, 0x2f, 0x2f,
                                              0x5e, 0x5c };

/* The expanded decapsulation key: the ML-KEM-768 key pair of d || z and
 * the X25519 one of sk_X, (d || z || sk_X) = SHAKE256 (SEED, 96 bytes). */
struct xwing_expanded
{
  unsigned char pk_m[KC_KEM_MLKEM768_PUBKEY_LEN];
  unsigned char sk_m[KC_KEM_MLKEM768_SECKEY_LEN];
  unsigned char pk_x[X25519_LEN], sk_x[X25519_LEN];
};

static gpg_error_t
xwing_expand (const struct _kc_kem_info *k, struct xwing_expanded *e,
              const unsigned char *seed)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  unsigned char expanded[96];
  gpg_error_t err;

  shake256 (expanded, sizeof expanded, "", 0, seed, XWING_SEED_LEN);
  err = pq->keypair_seed (pq, e->pk_m, e->sk_m, expanded);
  if (!err)
    err = x->keypair_seed (x, e->pk_x, e->sk_x, expanded + 64);
  wipememory (expanded, sizeof expanded);
  return err;
}

/* SS = SHA3-256 (ss_M || ss_X || ct_X || pk_X || XWingLabel) */
static void
xwing_combine (unsigned char ss[32], const unsigned char ss_m[32],
               const unsigned char ss_x[32], const unsigned char ct_x[32],
               const unsigned char pk_x[32])
{
  _kc_md_ctx h;
  _kc_md_init (&h, _kc_md_lookup (KC_MD_SHA3_256));
  _kc_md_write (&h, ss_m, 32);
  _kc_md_write (&h, ss_x, 32);
  _kc_md_write (&h, ct_x, 32);
  _kc_md_write (&h, pk_x, 32);
  _kc_md_write (&h, xwing_label, sizeof xwing_label);
  _kc_md_final (&h, ss, 32);                    /* wipes H */
}

gpg_error_t
_kc_kem_xwing_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                            unsigned char *sk, const unsigned char *seed)
{
  struct xwing_expanded e;
  gpg_error_t err;

  err = xwing_expand (k, &e, seed);
  if (!err)
    {
      memcpy (pk, e.pk_m, sizeof e.pk_m);
      memcpy (pk + sizeof e.pk_m, e.pk_x, sizeof e.pk_x);
      memmove (sk, seed, XWING_SEED_LEN);       /* SK may be SEED */
    }
  wipememory (&e, sizeof e);
  return err;
}

gpg_error_t
_kc_kem_xwing_keypair (const struct _kc_kem_info *k, unsigned char *pk,
                       unsigned char *sk, _kc_rng_fn rng, void *rngctx)
{
  unsigned char seed[XWING_SEED_LEN];
  gpg_error_t err;

  rng (rngctx, seed, sizeof seed);
  err = _kc_kem_xwing_keypair_seed (k, pk, sk, seed);
  wipememory (seed, sizeof seed);
  return err;
}

/* EncapsulateDerand (pk, eseed), eseed = OPT or 64 fresh bytes: m for
 * ML-KEM-768, then the X25519 ephemeral secret */
gpg_error_t
_kc_kem_xwing_encap (const struct _kc_kem_info *k, unsigned char *ct,
                     unsigned char *ss, const unsigned char *pk,
                     const unsigned char *opt, _kc_rng_fn rng, void *rngctx)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  const unsigned char *pk_x = pk + pq->pk_len;
  unsigned char eseed[64], ct_x[X25519_LEN], ss_x[X25519_LEN];
  unsigned char ss_m[32], scratch[X25519_LEN];
  gpg_error_t err;

  if (!opt)
    {
      rng (rngctx, eseed, sizeof eseed);
      opt = eseed;
    }
  err = x->encap (x, ct_x, ss_x, pk_x, opt + 32, rng, rngctx);
  if (gpg_err_code (err) == GPG_ERR_INV_DATA)
    {
      /* pk_X of small order: X25519 gave 32 zero bytes, and the draft
       * goes on with them; ct_X is still X25519 (e, 9) */
      memset (ss_x, 0, sizeof ss_x);
      err = x->keypair_seed (x, ct_x, scratch, opt + 32);
    }
  if (!err)
    err = pq->encap (pq, ct, ss_m, pk, opt, rng, rngctx);
  if (!err)
    {
      memcpy (ct + pq->ct_len, ct_x, X25519_LEN);
      xwing_combine (ss, ss_m, ss_x, ct_x, pk_x);
    }
  wipememory (eseed, sizeof eseed);
  wipememory (ss_x, sizeof ss_x);
  wipememory (ss_m, sizeof ss_m);
  wipememory (scratch, sizeof scratch);
  return err;
}

/* Decapsulate (ct, sk): never fails on a well-sized ciphertext (ML-KEM's
 * implicit rejection, and no X25519 check) */
gpg_error_t
_kc_kem_xwing_decap (const struct _kc_kem_info *k, unsigned char *ss,
                     const unsigned char *ct, const unsigned char *sk)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  const unsigned char *ct_x = ct + pq->ct_len;
  struct xwing_expanded e;
  unsigned char ss_x[X25519_LEN], ss_m[32];
  gpg_error_t err;

  err = xwing_expand (k, &e, sk);
  if (!err)
    {
      err = x->decap (x, ss_x, ct_x, e.sk_x);
      if (gpg_err_code (err) == GPG_ERR_INV_DATA)      /* ct_X of small */
        {                                              /* order: zero */
          memset (ss_x, 0, sizeof ss_x);
          err = 0;
        }
    }
  if (!err)
    err = pq->decap (pq, ss_m, ct, e.sk_m);
  if (!err)
    xwing_combine (ss, ss_m, ss_x, ct_x, e.pk_x);
  wipememory (&e, sizeof e);
  wipememory (ss_x, sizeof ss_x);
  wipememory (ss_m, sizeof ss_m);
  return err;
}
