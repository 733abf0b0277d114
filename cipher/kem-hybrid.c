/* kem-hybrid.c - OpenSSH's hybrid key exchanges seen as KEMs:
 * sntrup761x25519-sha512 and mlkem768x25519-sha256.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Built only from the rows of kem.c, the post-quantum part's and
 * RAW_X25519's (K->pq and K->ec), so no part exists twice:
 *
 *   pk = pq_pk || x25519_pk            sk = pq_sk || x25519_sk
 *   ct = pq_ct || x25519 ephemeral public key
 *   ss = H (pq_ss || x25519_ss), H = SHA-512 (64-byte ss) or SHA-256 (32)
 *
 * which is exactly what OpenSSH's kexsntrup761x25519.c and
 * kexmlkem768x25519.c hash (the server's side is encapsulation, the
 * client's decapsulation).  The parts' checks carry over: an ML-KEM half
 * failing the modulus check is GPG_ERR_BAD_PUBKEY, a bad embedded hash
 * GPG_ERR_BAD_SECKEY, an all-zero X25519 value GPG_ERR_INV_DATA; on any
 * of them nothing is written.  The X25519 half goes first so that a
 * failure is known before an output is touched.
 */
#include "kcrypt-int.h"
#include "kem.h"
#include "md.h"

#define X25519_LEN 32           /* every X25519 length */

/* SS = H (A || B), both 32 bytes, H chosen by the hybrid's output length
 * (64: SHA-512, 32: SHA-256), through md.h's rows */
static void
combine (const struct _kc_kem_info *k, unsigned char *ss,
         const unsigned char a[32], const unsigned char b[32])
{
  _kc_md_ctx h;
  _kc_md_init (&h, _kc_md_lookup (k->ss_len == 64 ? KC_MD_SHA512
                                                  : KC_MD_SHA256));
  _kc_md_write (&h, a, 32);
  _kc_md_write (&h, b, 32);
  _kc_md_final (&h, ss, k->ss_len);             /* wipes H */
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

  (void) opt;                   /* the hybrids take none (kem.c checks) */
  err = x->encap (x, xct, xss, pk + pq->pk_len, NULL, rng, rngctx);
  if (!err)
    err = pq->encap (pq, ct, pqss, pk, NULL, rng, rngctx);
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
