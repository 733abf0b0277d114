/* kem-hybrid.c - the hybrid KEMs, each built from the rows of its
 * parts: OpenSSH's sntrup761x25519-sha512, mlkem768x25519-sha256 and
 * mlkem768nistp256-sha256, TLS's X25519MLKEM768 and SecP256r1MLKEM768,
 * and X-Wing.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Built only from the rows of kem.c, the post-quantum part's and the
 * classical part's, RAW_X25519 or RAW_P256R1 (K->pq and K->ec), so no
 * part exists twice.  The OpenSSH and TLS hybrids are one construction
 * with a combiner (K->param) and an order of the parts (K->ec_first).
 * With the post-quantum part first:
 *
 *   pk = pq_pk || ec_pk                sk = pq_sk || ec_sk
 *   ct = pq_ct || ec ephemeral public key
 *   ss = SHA-512 (pq_ss || x25519_ss)  sntrup761x25519-sha512
 *        SHA-256 (pq_ss || x25519_ss)  mlkem768x25519-sha256
 *        SHA-256 (pq_ss || p256_x)     mlkem768nistp256-sha256
 *        pq_ss || x25519_ss            X25519MLKEM768 (64 bytes, unhashed)
 *
 * and with the classical part first, in every field:
 *
 *   pk = ec_pk || pq_pk   sk = ec_sk || pq_sk   ct = ec_ct || pq_ct
 *   ss = p256_x || pq_ss                        SecP256r1MLKEM768 (64)
 *
 * The P-256 public key and ephemeral are uncompressed SEC1 points
 * (04 || X || Y, 65 bytes) and its shared value the 32-byte x-coordinate
 * of the shared point.  This is exactly what OpenSSH's
 * kexsntrup761x25519.c, kexmlkem768x25519.c and kexmlkem768ecdh.c hash
 * (the server's side is encapsulation, the client's decapsulation; the
 * ECDH value is the raw 32-byte x-coordinate, not an mpint, as in
 * draft-ietf-sshm-mlkem-hybrid-kex and OpenSSH 10.5) and what
 * draft-ietf-tls-ecdhe-mlkem feeds TLS 1.3's key schedule.  The parts'
 * checks carry over: an ML-KEM half failing the modulus check is
 * GPG_ERR_BAD_PUBKEY, a bad embedded hash
 * GPG_ERR_BAD_SECKEY, an all-zero X25519 value GPG_ERR_INV_DATA (OpenSSH
 * and TLS 1.3, RFC 8446 7.4.2, refuse it); a P-256 public key half that
 * is not a point of the curve is GPG_ERR_BAD_PUBKEY, such a ciphertext
 * half GPG_ERR_INV_DATA (SP 800-56A's full public key validation, which
 * the TLS draft and OpenSSH demand; the point at infinity has no 65-byte
 * encoding and the shared point of a valid point and a secret in [1,n-1]
 * is never infinity), a P-256 secret half of 0 or >= n
 * GPG_ERR_BAD_SECKEY.  On any of them nothing is written.  The classical
 * half goes first so that a failure is known before an output is touched.
 *
 * Deterministic forms, for known-answer tests and keys kept as a seed
 * (ML-KEM hybrids only; sntrup761's KEM has neither):
 *   - the key pair from 64 bytes d || z: the ML-KEM half is
 *     ML-KEM.KeyGen_internal (d, z); the classical secret is the first
 *     of the four 32-byte blocks of SHAKE256 (LABEL || d || z, 128
 *     bytes) that the classical row accepts (X25519: always the first;
 *     P-256: the first in [1, n-1] as a big-endian number, which is the
 *     first but with probability 2^-32), LABEL "libkcrypt hybrid X25519"
 *     or "libkcrypt hybrid P-256" (ASCII, no NUL);
 *   - encapsulation from 64 bytes m || e, whatever the layout:
 *     ML-KEM.Encaps_internal's m, then the classical ephemeral secret e
 *     (X25519: any 32 bytes; P-256: a big-endian number in [1, n-1], else
 *     GPG_ERR_INV_VALUE).  X-Wing's eseed has the same layout.
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
#define EC_CT_MAX 65            /* the classical parts' longest ciphertext
                                   (P-256's point) */
#define EC_SS_LEN 32            /* every classical part's shared value */
#define PQ_SS_LEN 32            /* every post-quantum part's */

/* The labels of the seeded key pair's classical secret (ASCII, no NUL) */
static const char seed_label_x25519[] = "libkcrypt hybrid X25519";
static const char seed_label_p256[] = "libkcrypt hybrid P-256";

/* Where each part sits in the hybrid K's fields: the offsets of the
 * post-quantum and the classical part in pk, sk and ct */
struct layout
{
  size_t pq_pk, pq_sk, pq_ct, ec_pk, ec_sk, ec_ct;
};

static void
layout_of (const struct _kc_kem_info *k, struct layout *l)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  if (k->ec_first)
    {
      l->ec_pk = l->ec_sk = l->ec_ct = 0;
      l->pq_pk = x->pk_len;
      l->pq_sk = x->sk_len;
      l->pq_ct = x->ct_len;
    }
  else
    {
      l->pq_pk = l->pq_sk = l->pq_ct = 0;
      l->ec_pk = pq->pk_len;
      l->ec_sk = pq->sk_len;
      l->ec_ct = pq->ct_len;
    }
}

/* SS from PQ = pq_ss and EC = the classical shared value, both 32 bytes,
 * in the row's order A || B: the hash of A || B through md.h's rows
 * (K->param), or A || B itself */
static void
combine (const struct _kc_kem_info *k, unsigned char *ss,
         const unsigned char pq[PQ_SS_LEN], const unsigned char ec[EC_SS_LEN])
{
  const unsigned char *a = k->ec_first ? ec : pq;
  const unsigned char *b = k->ec_first ? pq : ec;
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
  struct layout l;
  gpg_error_t err;

  layout_of (k, &l);
  err = pq->keypair (pq, pk + l.pq_pk, sk + l.pq_sk, rng, rngctx);
  if (!err)
    err = x->keypair (x, pk + l.ec_pk, sk + l.ec_sk, rng, rngctx);
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
  unsigned char xct[EC_CT_MAX], xss[EC_SS_LEN], pqss[PQ_SS_LEN];
  struct layout l;
  gpg_error_t err;

  layout_of (k, &l);
  KC_VERIFY_CHECK (x->ct_len <= sizeof xct && x->ss_len == sizeof xss);
  /* OPT (only where the row has an OPT_LEN, kem.c checks): m || e */
  err = x->encap (x, xct, xss, pk + l.ec_pk, opt ? opt + 32 : NULL,
                  rng, rngctx);
  if (!err)
    err = pq->encap (pq, ct + l.pq_ct, pqss, pk + l.pq_pk, opt, rng, rngctx);
  if (!err)
    {
      memcpy (ct + l.ec_ct, xct, x->ct_len);
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
  unsigned char xss[EC_SS_LEN], pqss[PQ_SS_LEN];
  struct layout l;
  gpg_error_t err;

  layout_of (k, &l);
  err = x->decap (x, xss, ct + l.ec_ct, sk + l.ec_sk);
  if (!err)
    err = pq->decap (pq, pqss, ct + l.pq_ct, sk + l.pq_sk);
  if (!err)
    combine (k, ss, pqss, xss);
  wipememory (xss, sizeof xss);
  wipememory (pqss, sizeof pqss);
  return err;
}

/* The key pair of SEED = d || z (64 bytes): ML-KEM's of d || z, and the
 * classical part's of the first acceptable 32-byte block of SHAKE256
 * (label || d || z) (the file's head says which).  Four blocks cost what
 * one does (one SHAKE256 squeeze gives 136 bytes); only P-256 refuses a
 * block (0 or >= n, probability 2^-32 each), and four refused blocks
 * (2^-128) would be GPG_ERR_BAD_SECKEY with nothing written.  Whether
 * the first block was refused is all the time tells. */
gpg_error_t
_kc_kem_hybrid_keypair_seed (const struct _kc_kem_info *k, unsigned char *pk,
                             unsigned char *sk, const unsigned char *seed)
{
  const struct _kc_kem_info *pq = k->pq;
  const struct _kc_kem_info *x = k->ec;
  const char *label = seed_label_x25519;
  size_t label_len = sizeof seed_label_x25519 - 1;
  unsigned char stream[4 * 32];
  struct layout l;
  size_t i;
  gpg_error_t err;

  if (x->algo == KC_KEM_RAW_P256R1)
    {
      label = seed_label_p256;
      label_len = sizeof seed_label_p256 - 1;
    }
  layout_of (k, &l);
  shake256 (stream, sizeof stream, label, label_len, seed, pq->seed_len);
  err = pq->keypair_seed (pq, pk + l.pq_pk, sk + l.pq_sk, seed);
  for (i = 0; !err && i < sizeof stream; i += 32)
    {
      err = x->keypair_seed (x, pk + l.ec_pk, sk + l.ec_sk, stream + i);
      if (gpg_err_code (err) != GPG_ERR_BAD_SECKEY)
        break;
      if (i + 32 < sizeof stream)
        err = 0;
    }
  if (err)
    {
      wipememory (pk, k->pk_len);
      wipememory (sk, k->sk_len);
    }
  wipememory (stream, sizeof stream);
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
