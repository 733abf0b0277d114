/* silentpayments.c - example: a silent payment (BIP-352) from a sender
 * to a recipient's static address, with change to the sender's own
 * labelled address, and the recipient finding both outputs.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o silentpayments silentpayments.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_silentpayments(3)),
 * 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "silentpayments: %s\n", what); return 1; } while (0)

/* The recipient's label table: here its change label only. */
struct label
{
  unsigned char label[KC_SILENTPAYMENTS_LABEL_LEN];
  unsigned char tweak[32];
};

static const unsigned char *
lookup (const unsigned char *label33, const void *ctx)
{
  const struct label *l = ctx;
  return memcmp (label33, l->label, sizeof l->label) ? NULL : l->tweak;
}

int
main (void)
{
  /* The recipient: a scan key and a spend key; its address carries
   * their public keys (bech32m, not shown). */
  unsigned char scan_sec[32], scan_pub[33], spend_sec[32], spend_pub[33];
  unsigned char change_spend[33];
  /* The sender's one input: a P2WPKH key, and its outpoint. */
  unsigned char in_sec[32], in_pub[33];
  unsigned char outpoint[KC_SILENTPAYMENTS_OUTPOINT_LEN];
  unsigned char outputs[2][32];
  unsigned char summary[KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN];
  unsigned char found[2 * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN];
  unsigned char d[32], x[32];
  const void *scans[2], *spends[2], *seckeys[1], *in_pubs[1];
  const void *tx_outputs[2];
  size_t in_lens[1] = { sizeof in_pub }, n_found = 0, i;
  struct label change;
  gpg_error_t err;

  err = kc_ecc_keypair (KC_ECC_SECP256K1, scan_pub, sizeof scan_pub,
                        scan_sec, sizeof scan_sec);
  if (!err)
    err = kc_ecc_keypair (KC_ECC_SECP256K1, spend_pub, sizeof spend_pub,
                          spend_sec, sizeof spend_sec);
  if (!err)
    err = kc_ecc_keypair (KC_ECC_SECP256K1, in_pub, sizeof in_pub,
                          in_sec, sizeof in_sec);
  if (err)
    FAIL ("keys");
  kc_randomize (outpoint, sizeof outpoint);

  /* Label 0 (change): its tweak and the labelled spend key. */
  err = kc_silentpayments_recipient_label_create
          (KC_ECC_SECP256K1, change.label, sizeof change.label,
           change.tweak, sizeof change.tweak, scan_sec, sizeof scan_sec, 0);
  if (!err)
    err = kc_silentpayments_recipient_create_labeled_spend_pubkey
            (KC_ECC_SECP256K1, change_spend, sizeof change_spend,
             spend_pub, sizeof spend_pub, change.label, sizeof change.label);
  if (err)
    FAIL ("label");

  /* The sender pays the address and its labelled form (one scan key:
   * k = 0 and 1). */
  scans[0] = scan_pub;
  spends[0] = spend_pub;
  scans[1] = scan_pub;
  spends[1] = change_spend;
  seckeys[0] = in_sec;
  err = kc_silentpayments_sender_create_outputs
          (KC_ECC_SECP256K1, outputs, sizeof outputs, 2, scans, spends,
           outpoint, sizeof outpoint, 0, NULL, 1, seckeys);
  if (err)
    FAIL ("create_outputs");

  /* The transaction's outputs, in another order. */
  tx_outputs[0] = outputs[1];
  tx_outputs[1] = outputs[0];
  in_pubs[0] = in_pub;

  /* The recipient scans the transaction's outputs. */
  err = kc_silentpayments_recipient_prevouts_summary_create
          (KC_ECC_SECP256K1, summary, sizeof summary, outpoint,
           sizeof outpoint, 0, NULL, 1, in_pubs, in_lens);
  if (!err)
    err = kc_silentpayments_recipient_scan_outputs
            (KC_ECC_SECP256K1, found, sizeof found, &n_found, 2, tx_outputs,
             scan_sec, sizeof scan_sec, summary, sizeof summary,
             spend_pub, sizeof spend_pub, lookup, &change);
  if (err || n_found != 2)
    FAIL ("scanning did not find both outputs");

  /* Each found output is spent with spend_sec + its tweak: the x-only
   * key of that secret is the output. */
  for (i = 0; i < n_found; i++)
    {
      const unsigned char *rec = found + i * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN;
      memcpy (d, spend_sec, sizeof d);
      err = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, d, sizeof d,
                                     rec + 32, 32);
      if (!err)
        err = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, x, sizeof x, NULL,
                                   d, sizeof d);
      if (err || memcmp (x, rec, 32))
        FAIL ("a tweak does not spend its output");
    }
  if (found[64] != 0 || found[KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN + 64] != 1)
    FAIL ("the change output should be the labelled one");
  printf ("silentpayments: both outputs found and spendable\n");
  return 0;
}
