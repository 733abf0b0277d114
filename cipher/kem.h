/* kem.h - the KEM dispatcher's table row, shared by kem.c and the KEMs
 * built from other rows: the hybrids of kem-hybrid.c and the DHKEM of
 * kem-dhkem.c.  Internal interface.
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
  /* the algorithm's own: ML-KEM's k; an ML-KEM or sntrup761 hybrid's
   * combiner, the hash of the parts' shared values in the row's order
   * (KC_MD_SHA256, KC_MD_SHA512) or 0 for that concatenation itself */
  int param;
  /* a composed KEM's parts, rows of the same table: the post-quantum one
   * and the classical one, X25519 or P-256 (NULL where there is none) */
  const struct _kc_kem_info *pq, *ec;
  /* a hybrid's layout: 0 when the post-quantum part comes first in the
   * public key, secret key, ciphertext and the combiner's input; 1 when
   * the classical one does (SecP256r1MLKEM768) */
  int ec_first;
  size_t pk_len, sk_len, ct_len, ss_len;
  size_t seed_len;              /* kc_kem_keypair_seed; 0: not offered */
  size_t opt_len;               /* encap's OPTIONAL (ML-KEM's m, a
                                   hybrid's m || e ...); 0: none */
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
  /* OPT: the OPT_LEN bytes of OPTIONAL, or NULL to draw them.  The
   * RAW_X25519 row also takes OPT from the KEMs built on it (32 bytes,
   * the ephemeral secret e), though the public API offers it none. */
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
 * the classical part's (RAW_X25519 or RAW_P256R1), K->param the combiner
 * (above) and K->ec_first the order of the parts.  They reach their parts
 * only through K, never through _kc_kem_lookup (kem.c calls them: no
 * cycle between the files).  OPT, where the row has an OPT_LEN, is the
 * part's randomness one after the other whatever the layout: ML-KEM's m
 * (32 bytes), then the classical ephemeral secret e (32).  The seeded key
 * pair (ML-KEM parts only) takes d || z, the ML-KEM seed, and derives
 * the classical secret from it (kem-hybrid.c says how). */
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
gpg_error_t _kc_kem_hybrid_keypair_seed (const struct _kc_kem_info *k,
                                         unsigned char *pk,
                                         unsigned char *sk,
                                         const unsigned char *seed);

/* X-Wing (kem-hybrid.c), draft-connolly-cfrg-xwing-kem: K->pq is
 * ML-KEM-768's row, K->ec RAW_X25519's; the secret key is the 32-byte
 * seed, OPT the 64-byte eseed of EncapsulateDerand (m || e). */
gpg_error_t _kc_kem_xwing_keypair (const struct _kc_kem_info *k,
                                   unsigned char *pk, unsigned char *sk,
                                   _kc_rng_fn rng, void *rngctx);
gpg_error_t _kc_kem_xwing_keypair_seed (const struct _kc_kem_info *k,
                                        unsigned char *pk, unsigned char *sk,
                                        const unsigned char *seed);
gpg_error_t _kc_kem_xwing_encap (const struct _kc_kem_info *k,
                                 unsigned char *ct, unsigned char *ss,
                                 const unsigned char *pk,
                                 const unsigned char *opt, _kc_rng_fn rng,
                                 void *rngctx);
gpg_error_t _kc_kem_xwing_decap (const struct _kc_kem_info *k,
                                 unsigned char *ss, const unsigned char *ct,
                                 const unsigned char *sk);

/* DHKEM(X25519, HKDF-SHA256) of RFC 9180 (kem-dhkem.c): K->ec is
 * RAW_X25519's row, K->param the KEM id (0x0020) of the suite id; the
 * seeded key pair is DeriveKeyPair (ikm), 32 bytes of ikm; OPT the 32
 * bytes of ikmE from which encapsulation derives its ephemeral key pair. */
gpg_error_t _kc_kem_dhkem_keypair (const struct _kc_kem_info *k,
                                   unsigned char *pk, unsigned char *sk,
                                   _kc_rng_fn rng, void *rngctx);
gpg_error_t _kc_kem_dhkem_keypair_seed (const struct _kc_kem_info *k,
                                        unsigned char *pk, unsigned char *sk,
                                        const unsigned char *ikm);
gpg_error_t _kc_kem_dhkem_encap (const struct _kc_kem_info *k,
                                 unsigned char *ct, unsigned char *ss,
                                 const unsigned char *pk,
                                 const unsigned char *opt, _kc_rng_fn rng,
                                 void *rngctx);
gpg_error_t _kc_kem_dhkem_decap (const struct _kc_kem_info *k,
                                 unsigned char *ss, const unsigned char *ct,
                                 const unsigned char *sk);

#endif
