/* secp256k1/schnorr-batch.h - many BIP-340 verifications per call (internal
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
 * Two ways, with the same results (t-schnorr-batch):
 *
 * Each item on its own (_kc_schnorr_verify_each_var): with AVX-512 IFMA
 * eight at a time in the lanes of _kc_secp256k1_ecmult8_ifma (U1 = s,
 * U2 = -e; the eight Z inverted together by Montgomery's trick), a lane
 * it reports and every item without IFMA by _kc_secp256k1_ecmult_var.
 *
 * The batch equation (_kc_schnorr_verify_batch_msm_var): up to 64
 * items at a time (the stack: kc_schnorr_verify_batch keeps to
 * KC_STACK_MAX on this path too), P_j = lift_x (x_j) and R_j = lift_x (r_j) (the
 * square roots eight at a time in the IFMA lanes when usable; an item
 * whose key or R does not lift is BAD_KEY or BAD_SIG at once), then
 *     S = (sum a_j s_j) G - sum a_j R_j - sum a_j (e_j P_j)
 * by one multi-scalar multiplication (secp256k1/msm.h).  a_0 = 1; a_j
 * for j > 0 is 128 bits of SHA-256 (seed || j / 2), seed a tagged
 * SHA-256 ("KCRYPT/batch-bip340") of r, x, s and e of every item.  If
 * every item is valid, S is infinity.  If item j is not, S = a_j D_j +
 * (the rest) with D_j != 0 of prime order, and S is infinity for at
 * most one value of a_j given the others: probability 2^-128 for
 * coefficients that behave as random.  Deriving them from a hash of
 * the whole batch is sound because the batch is public and the hash
 * covers every item: whoever makes the signatures cannot know the
 * coefficients before fixing all of them, and changing any item
 * changes every coefficient, so forcing a false "valid" takes about
 * 2^128 trials.  The derivation is deterministic (the same batch gets
 * the same answer and work every time).
 *   When S is finite, the items are bisected: the left half's sum by a
 * multiplication, the right half's as S minus it; a range of one item
 * has the sum a_j D_j, infinity exactly when the item is valid.  Ranges
 * of at most two items, and ranges whose two halves both fail when the
 * halves have at most 32 items (many invalid items), are verified item
 * by item instead: a batch with many invalid signatures costs 2-2.3
 * times the single verifications, one with one invalid item about twice
 * the batch equation (doc/MEASUREMENTS).
 *
 * _kc_schnorr_verify_batch_var uses the lanes when IFMA is usable (they
 * measured faster at every batch size: doc/MEASUREMENTS), else the
 * batch equation for two items or more and _kc_schnorr_verify_one_var
 * for one.
 *
 * The challenge's tagged hash is secp256k1/schnorr.c's; lift_x works on the
 * parsed x.  The results equal kc_schnorr_verify's item by item
 * (t-schnorr-batch), the equation's up to the 2^-128 chance above.
 *
 * Variable time: all inputs are public.
 */
#ifndef KC_SCHNORR_BATCH_H
#define KC_SCHNORR_BATCH_H

#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

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
