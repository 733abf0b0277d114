/* musig.c - example: a 3-of-3 MuSig2 (BIP-327) signature over secp256k1
 * under a taproot-tweaked aggregate key, which verifies as one BIP-340
 * signature.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o musig musig.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_musig(3)), 1
 * otherwise.  The three signers run in one process here; in real use
 * each holds its own key pair and secret nonce and sends the others its
 * public key, its public nonce (66 bytes) and its partial signature (32
 * bytes).
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "musig: %s\n", what); return 1; } while (0)
#define C KC_ECC_SECP256K1
#define N 3

int
main (void)
{
  unsigned char seckey[32], keypair[N][KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char pubkey[N][33], agg_pk[33], tweak[32], msg[32], sig[64];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN];
  unsigned char secnonce[N][KC_MUSIG_SECNONCE_LEN];
  unsigned char pubnonce[N][KC_MUSIG_PUBNONCE_LEN];
  unsigned char wire[N][KC_MUSIG_PUBNONCE_SER_LEN];
  unsigned char received[N][KC_MUSIG_PUBNONCE_LEN];
  unsigned char aggnonce[KC_MUSIG_AGGNONCE_LEN];
  unsigned char session[KC_MUSIG_SESSION_LEN];
  unsigned char psig[N][KC_MUSIG_PARTIAL_SIG_LEN];
  const void *keys[N], *nonces[N], *psigs[N];
  size_t key_lens[N], nonce_lens[N], psig_lens[N];
  gpg_error_t err = 0;
  int i;

  /* Each signer's key pair and public key. */
  for (i = 0; i < N && !err; i++)
    {
      do
        kc_randomize (seckey, sizeof seckey);
      while (kc_ecc_seckey_verify (C, seckey, sizeof seckey));
      err = kc_schnorr_keypair_create (C, keypair[i], sizeof keypair[i],
                                       seckey, sizeof seckey);
      if (!err)
        err = kc_schnorr_keypair_pub (C, pubkey[i], sizeof pubkey[i],
                                      keypair[i], sizeof keypair[i]);
      keys[i] = pubkey[i];
      key_lens[i] = sizeof pubkey[i];
    }
  memset (seckey, 0, sizeof seckey);
  if (err)
    FAIL ("key pairs");

  /* Everyone sorts the keys (BIP-327's KeySort) and aggregates them,
   * then applies the same taproot tweak. */
  err = kc_ecc_pubkey_sort (C, keys, key_lens, N);
  if (!err)
    err = kc_musig_pubkey_agg (C, NULL, 0, cache, sizeof cache, N, keys,
                               key_lens);
  if (!err)
    err = kc_tagged_sha256 (tweak, sizeof tweak, "TapTweak", 8,
                            NULL, 0);   /* a key-path-only output */
  if (!err)
    err = kc_musig_pubkey_xonly_tweak_add (C, agg_pk, sizeof agg_pk, cache,
                                           sizeof cache, tweak,
                                           sizeof tweak);
  if (err)
    FAIL ("key aggregation");

  /* Round 1: each signer makes a nonce pair (the library draws the
   * session randomness) and sends the public half, 66 bytes. */
  memset (msg, 0x42, sizeof msg);
  for (i = 0; i < N && !err; i++)
    {
      err = kc_musig_nonce_gen (C, secnonce[i], sizeof secnonce[i],
                                pubnonce[i], sizeof pubnonce[i], NULL, 0,
                                NULL, 0, pubkey[i], sizeof pubkey[i],
                                msg, sizeof msg, cache, sizeof cache,
                                NULL, 0);
      if (!err)
        err = kc_musig_pubnonce_serialize (C, wire[i], sizeof wire[i],
                                           pubnonce[i], sizeof pubnonce[i]);
    }
  /* Each side parses what it received and aggregates. */
  for (i = 0; i < N && !err; i++)
    {
      err = kc_musig_pubnonce_parse (C, received[i], sizeof received[i],
                                     wire[i], sizeof wire[i]);
      nonces[i] = received[i];
      nonce_lens[i] = sizeof received[i];
    }
  if (!err)
    err = kc_musig_nonce_agg (C, aggnonce, sizeof aggnonce, N, nonces,
                              nonce_lens);
  if (!err)
    err = kc_musig_nonce_process (C, session, sizeof session, aggnonce,
                                  sizeof aggnonce, msg, sizeof msg, cache,
                                  sizeof cache);
  if (err)
    FAIL ("nonces");

  /* Round 2: partial signatures.  Signing consumes the secret nonce. */
  for (i = 0; i < N && !err; i++)
    {
      err = kc_musig_partial_sign (C, psig[i], sizeof psig[i], secnonce[i],
                                   sizeof secnonce[i], keypair[i],
                                   sizeof keypair[i], cache, sizeof cache,
                                   session, sizeof session);
      psigs[i] = psig[i];
      psig_lens[i] = sizeof psig[i];
    }
  if (err)
    FAIL ("partial signing");
  err = kc_musig_partial_sign (C, psig[0], sizeof psig[0], secnonce[0],
                               sizeof secnonce[0], keypair[0],
                               sizeof keypair[0], cache, sizeof cache,
                               session, sizeof session);
  if (gpg_err_code (err) != GPG_ERR_INV_STATE)
    FAIL ("a secret nonce signed twice");

  /* Whoever aggregates checks each partial signature, then combines. */
  for (i = 0; i < N; i++)
    if (kc_musig_partial_sig_verify (C, psig[i], sizeof psig[i],
                                     received[i], sizeof received[i],
                                     pubkey[i], sizeof pubkey[i], cache,
                                     sizeof cache, session, sizeof session))
      FAIL ("a partial signature does not verify");
  err = kc_musig_partial_sig_agg (C, sig, sizeof sig, session,
                                  sizeof session, N, psigs, psig_lens);
  if (err)
    FAIL ("aggregation");

  /* The result is an ordinary BIP-340 signature under the tweaked
   * aggregate key's x. */
  if (kc_schnorr_verify (C, sig, sizeof sig, agg_pk + 1, 32, msg,
                         sizeof msg))
    FAIL ("the signature does not verify");

  for (i = 0; i < N; i++)
    kc_schnorr_keypair_clear (keypair[i], sizeof keypair[i]);
  printf ("musig: ok\n");
  return 0;
}
