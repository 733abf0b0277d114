/* fuzz-silentpayments.c - silent payments (BIP-352) on arbitrary input:
 * what a scanner takes from a transaction and an index.
 * Input: 1 byte of flags, 33 bytes of tweak data, 97 bytes taken as a
 * prevouts summary, then any number of 32-byte x-only outputs (at most
 * 16).  Properties, with a fixed recipient (scan and spend key, label
 * m = 0 and m = 1):
 *  - kc_silentpayments_recipient_prevouts_summary_parse accepts the
 *    tweak data exactly when it is a valid compressed key, and then
 *    _serialize gives it back;
 *  - kc_silentpayments_recipient_scan_outputs on the raw 97 bytes never
 *    crashes: 0 or GPG_ERR_INV_DATA, and on error FOUND and the count
 *    are untouched;
 *  - with the parsed tweak data (flag bit 0: with the label lookup) scan
 *    succeeds, finds at most as many outputs as there are, the rest of
 *    FOUND is zero, and each found output is the light client's output
 *    key for its k (kc_silentpayments_create_output_pubkey on the shared
 *    secret and the spend key, or the labelled one), with its tweak;
 *  - when flag bit 1 is set, the first output is replaced by the output
 *    k = 0 for the recipient (and bit 2: to its label 1) so that the
 *    matching paths run: it must then be found at k = 0.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define FLEN KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN
#define SLEN KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN

static unsigned char scan_sec[32], spend_pub[33], lab[2][33], ltw[2][32];
static unsigned char lspend[2][33];

static const unsigned char *
lookup (const unsigned char *label33, const void *ctx)
{
  int i;
  (void) ctx;
  for (i = 0; i < 2; i++)
    if (!memcmp (label33, lab[i], 33))
      return ltw[i];
  return NULL;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static int ready;
  unsigned char summary[SLEN], td[33], shared[33], o[32], t[32];
  unsigned char outs[16][32], found[16 * FLEN], snap[16 * FLEN];
  const void *txo[16];
  size_t n, i, nf = 777;
  int flags, labels;
  gpg_error_t err;

  if (!ready)
    {
      unsigned char spend_sec[32];
      memset (scan_sec, 0x3c, 32);
      memset (spend_sec, 0x5d, 32);
      if (kc_ecc_pubkey (KC_ECC_SECP256K1, spend_pub, 33, spend_sec, 32))
        abort ();
      for (i = 0; i < 2; i++)
        if (kc_silentpayments_recipient_label_create
            (KC_ECC_SECP256K1, lab[i], 33, ltw[i], 32, scan_sec, 32,
             (unsigned int) i)
            || kc_silentpayments_recipient_create_labeled_spend_pubkey
            (KC_ECC_SECP256K1, lspend[i], 33, spend_pub, 33, lab[i], 33))
          abort ();
      ready = 1;
    }
  if (size < 1 + 33 + SLEN + 32)
    return 0;
  flags = data[0];
  labels = flags & 1;
  n = (size - 1 - 33 - SLEN) / 32;
  if (n > 16)
    n = 16;
  memcpy (outs, data + 1 + 33 + SLEN, 32 * n);
  for (i = 0; i < n; i++)
    txo[i] = outs[i];

  /* the raw summary */
  memset (found, 0xee, sizeof found);
  memcpy (snap, found, sizeof snap);
  err = kc_silentpayments_recipient_scan_outputs
    (KC_ECC_SECP256K1, found, n * FLEN, &nf, n, txo, scan_sec, 32,
     data + 34, SLEN, spend_pub, 33, labels ? lookup : NULL, NULL);
  if (err && (gpg_err_code (err) != GPG_ERR_INV_DATA || nf != 777
              || memcmp (found, snap, sizeof snap)))
    abort ();
  if (!err && nf > n)
    abort ();

  /* the tweak data */
  err = kc_silentpayments_recipient_prevouts_summary_parse
    (KC_ECC_SECP256K1, summary, SLEN, data + 1, 33);
  {
    unsigned char conv[33];
    int valid = !kc_ecc_pubkey_convert (KC_ECC_SECP256K1, conv, 33,
                                        data + 1, 33);
    if (valid != !err)
      abort ();
  }
  if (err)
    return 0;
  if (kc_silentpayments_recipient_prevouts_summary_serialize
      (KC_ECC_SECP256K1, td, 33, summary, SLEN) || memcmp (td, data + 1, 33))
    abort ();
  if (kc_silentpayments_recipient_create_shared_secret
      (KC_ECC_SECP256K1, shared, 33, scan_sec, 32, summary, SLEN))
    abort ();
  if (flags & 2)
    {
      const unsigned char *to = (flags & 4) ? lspend[1] : spend_pub;
      if (kc_silentpayments_create_output_pubkey
          (KC_ECC_SECP256K1, outs[0], 32, NULL, 0, shared, 33, to, 33, 0))
        abort ();
    }
  if (kc_silentpayments_recipient_scan_outputs
      (KC_ECC_SECP256K1, found, n * FLEN, &nf, n, txo, scan_sec, 32,
       summary, SLEN, spend_pub, 33, labels ? lookup : NULL, NULL))
    abort ();
  if (nf > n)
    abort ();
  if ((flags & 2) && (!(flags & 4) || labels) && nf == 0)
    abort ();
  for (i = nf * FLEN; i < n * FLEN; i++)
    if (found[i])
      abort ();
  for (i = 0; i < nf; i++)
    {
      const unsigned char *r = found + i * FLEN;
      const unsigned char *to = spend_pub;
      if (r[64] > 1)
        abort ();
      if (r[64])
        {
          if (!memcmp (r + 65, lab[0], 33))
            to = lspend[0];
          else if (!memcmp (r + 65, lab[1], 33))
            to = lspend[1];
          else
            abort ();
        }
      if (kc_silentpayments_create_output_pubkey
          (KC_ECC_SECP256K1, o, 32, t, 32, shared, 33, to, 33,
           (unsigned int) i)
          || memcmp (o, r, 32))
        abort ();
      if (!r[64] && memcmp (t, r + 32, 32))
        abort ();
    }
  return 0;
}
