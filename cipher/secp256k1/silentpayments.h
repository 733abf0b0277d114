/* secp256k1/silentpayments.h - silent payments (BIP-352) on secp256k1.
 * Internal interface; the public calls (kc_silentpayments_*) and their
 * checks are in secp256k1/silentpayments.c.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * BIP-352 in points and scalars (a_i the inputs' secret keys, taproot
 * ones negated when their point has odd y; A = sum a_i G; B_scan,
 * B_spend = b_spend G the recipient's keys):
 *   input_hash = H_Inputs (outpoint || ser33 (A))           (a scalar)
 *   shared     = input_hash * a * B_scan = b_scan * input_hash * A
 *   t_k        = H_SharedSecret (ser33 (shared) || ser32 (k))
 *   P_k        = B_spend + t_k G       (the output is x(P_k))
 *   label m    = H_Label (ser256 (b_scan) || ser32 (m)) * G
 * H_tag is BIP-340's tagged SHA-256; the three tags' midstates are below.
 *
 * PREVOUTS SUMMARY (KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN, 97 bytes):
 *   version byte 0x01 || x (32) || y (32) of a point Q || a scalar h (32),
 *   big-endian, so that shared = b_scan * h * Q: Q = A, h = input_hash
 *   from kc_silentpayments_recipient_prevouts_summary_create; Q =
 *   input_hash * A (the 33-byte tweak data), h = 1 from _parse.  Readers
 *   check the version, that Q is on the curve and h in [1, n-1].
 *
 * CONSTANT TIME: the secret keys, b_scan, the shared point and its
 * encoding; t_k is declassified once hashed (as libsecp256k1 does: it
 * decides the public outputs, and a scanner branches on the match), and
 * so is A on the sender's side (it is the inputs' public keys' sum).
 */
#ifndef KC_SECP256K1_SILENTPAYMENTS_H
#define KC_SECP256K1_SILENTPAYMENTS_H

#include <stdint.h>
#include "secp256k1/group.h"
#include "secp256k1/scalar.h"

/* The stack burn of kc_silentpayments_sender_create_outputs and
 * kc_silentpayments_recipient_scan_outputs (t-wipe checks it): an ECDH's
 * and the outputs' buffer (sender) or the label candidates and lifted
 * outputs (scanner). */
#define KC_STACK_BURN_SILENTPAYMENTS (KC_STACK_BURN_ECDH + 6 * 1024)

/* The tags "BIP0352/Inputs", "BIP0352/SharedSecret", "BIP0352/Label"
 * and the SHA-256 chaining values after T || T, T = SHA-256 (tag), for
 * tests (t-silentpayments checks them). */
extern const char *const _kc_sp_tag_names[3];
extern const uint32_t _kc_sp_tag_midstate[3][8];

#endif /* KC_SECP256K1_SILENTPAYMENTS_H */
