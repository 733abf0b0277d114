/* kem.h - the KEM dispatcher's table row, shared by kem.c and the
 * hybrids of kem-hybrid.c.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A row's functions see only exact-length buffers (kem.c checks them)
 * and an RNG.  Every function returns 0 or an error code; one that fails
 * writes nothing to its outputs.
 */
#ifndef KC_KEM_H
#define KC_KEM_H

#include "kcrypt-int.h"

struct _kc_kem_info
{
  int algo;                     /* KC_KEM_* */
  int param;                    /* the algorithm's own: ML-KEM's k */
  /* a hybrid's parts, rows of the same table: the post-quantum one and
   * the X25519 one (NULL in the other rows) */
  const struct _kc_kem_info *pq, *ec;
  size_t pk_len, sk_len, ct_len, ss_len;
  size_t seed_len;              /* kc_kem_keypair_seed; 0: not offered */
  size_t opt_len;               /* encap's OPTIONAL (ML-KEM's m); 0: none */
  size_t burn;                  /* stack bound (kcrypt-int.h) */
  gpg_error_t (*keypair) (const struct _kc_kem_info *k, unsigned char *pk,
                          unsigned char *sk, _kc_rng_fn rng, void *rngctx);
  gpg_error_t (*keypair_seed) (const struct _kc_kem_info *k,
                               unsigned char *pk, unsigned char *sk,
                               const unsigned char *seed);
  /* N key pairs, one after the other; NULL: no batch form */
  gpg_error_t (*keypair_batch) (const struct _kc_kem_info *k,
                                unsigned char *pk, unsigned char *sk,
                                size_t n, _kc_rng_fn rng, void *rngctx);
  /* OPT: the OPT_LEN bytes of OPTIONAL, or NULL to draw them */
  gpg_error_t (*encap) (const struct _kc_kem_info *k, unsigned char *ct,
                        unsigned char *ss, const unsigned char *pk,
                        const unsigned char *opt, _kc_rng_fn rng,
                        void *rngctx);
  gpg_error_t (*decap) (const struct _kc_kem_info *k, unsigned char *ss,
                        const unsigned char *ct, const unsigned char *sk);
};

/* The row of ALGO, or NULL if there is none */
const struct _kc_kem_info *_kc_kem_lookup (int algo);

/* The hybrids (kem-hybrid.c): K->pq is the post-quantum part's row, K->ec
 * the classical part's (RAW_X25519), and the combiner the hash of
 * K->ss_len bytes (64: SHA-512, 32: SHA-256).  They reach their parts
 * only through K, never through _kc_kem_lookup (kem.c calls them: no
 * cycle between the two files). */
gpg_error_t _kc_kem_hybrid_keypair (const struct _kc_kem_info *k,
                                    unsigned char *pk, unsigned char *sk,
                                    _kc_rng_fn rng, void *rngctx);
gpg_error_t _kc_kem_hybrid_encap (const struct _kc_kem_info *k,
                                  unsigned char *ct, unsigned char *ss,
                                  const unsigned char *pk,
                                  const unsigned char *opt, _kc_rng_fn rng,
                                  void *rngctx);
gpg_error_t _kc_kem_hybrid_decap (const struct _kc_kem_info *k,
                                  unsigned char *ss, const unsigned char *ct,
                                  const unsigned char *sk);

#endif
