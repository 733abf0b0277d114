/* schnorr-batch.h - many BIP-340 verifications per call (internal
 * interface; the public kc_schnorr_verify_batch and its policy live in
 * ecc.c)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * BIP-340: with P = lift_x (x) (the point with x-coordinate x and even
 * y), r = sig[0..31] < p, s = sig[32..63] < n and
 * e = int (tagged_hash ("BIP0340/challenge", r || x || m)) mod n, the
 * signature is valid iff R = s G - e P is finite, has even y and
 * x(R) = r.
 *
 * The items are checked independently, so every result is exact: with
 * AVX-512 IFMA eight at a time in the lanes of
 * _kc_secp256k1_ecmult8_ifma (U1 = s, U2 = -e; the eight Z are inverted
 * together by Montgomery's trick), a lane it reports and every item
 * without IFMA by _kc_secp256k1_ecmult_var.
 *
 * The challenge's tagged hash is schnorr.c's; lift_x works on the
 * parsed x (eight square roots at once in the lanes).  The results equal
 * kc_schnorr_verify's item by item (t-schnorr-batch).
 *
 * Variable time: all inputs are public.
 */
#ifndef KC_SCHNORR_BATCH_H
#define KC_SCHNORR_BATCH_H

#include "secp256k1-group.h"
#include "secp256k1-scalar.h"

/* One prepared item: R's x and P's x (normalized), s and e.  P itself
 * (lift_x) is left to the verification, which takes eight square roots
 * at once in the lanes. */
typedef struct
{
  _kc_secp256k1_fe rx, px;
  _kc_secp256k1_scalar s, e;
} _kc_schnorr_item;

/* Results of the verification. */
enum { KC_SCHNORR_OK = 0, KC_SCHNORR_BAD_SIG = 1, KC_SCHNORR_BAD_KEY = 2 };

/* Parse and prepare one item: 0, or GPG_ERR_BAD_PUBKEY (x >= p), or
 * GPG_ERR_BAD_SIGNATURE (r >= p or s >= n).  MSG may be NULL when
 * MSG_LEN is 0. */
gpg_error_t _kc_schnorr_prepare_var (_kc_schnorr_item *it,
                                     const unsigned char sig[64],
                                     const unsigned char xonly[32],
                                     const unsigned char *msg,
                                     size_t msg_len);

/* RES[i] = KC_SCHNORR_OK, _BAD_SIG or _BAD_KEY (no point has the x) for
 * item I, i < N.  Variable time (public). */
void _kc_schnorr_verify_batch_var (int *res, size_t n,
                                   const _kc_schnorr_item *items);

/* The same, each item on its own (eight at a time in the IFMA lanes). */
void _kc_schnorr_verify_each_var (int *res, size_t n,
                                  const _kc_schnorr_item *items);
/* The same by the random-coefficient batch equation. */
void _kc_schnorr_verify_batch_msm_var (int *res, size_t n,
                                       const _kc_schnorr_item *items);

/* The same for one item, without the lanes. */
int _kc_schnorr_verify_one_var (const _kc_schnorr_item *it);

#endif /* KC_SCHNORR_BATCH_H */
