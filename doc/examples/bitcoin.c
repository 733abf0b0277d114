/* bitcoin.c - example: BIP-340 Schnorr signatures and key pairs, x-only
 * keys, taproot and BIP-32 style tweaks, key sorting and sums, lax DER,
 * recoverable ECDSA and ECDH over secp256k1.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o bitcoin bitcoin.c $(pkg-config --cflags --libs libkcrypt)
 * Exits 0 if every step gave what the manual says (kc_schnorr(3),
 * kc_schnorr_keypair(3), kc_ecc(3), kc_ecc_keys(3), kc_ecdsa(3),
 * kc_ecdh(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "bitcoin: %s\n", what); return 1; } while (0)

/* BIP-340's test vector 0: secret key 3, message and aux_rand all zero. */
static const unsigned char bip340_sig0[64] = {
  0xe9, 0x07, 0x83, 0x1f, 0x80, 0x84, 0x8d, 0x10, 0x69, 0xa5, 0x37, 0x1b,
  0x40, 0x24, 0x10, 0x36, 0x4b, 0xdf, 0x1c, 0x5f, 0x83, 0x07, 0xb0, 0x08,
  0x4c, 0x55, 0xf1, 0xce, 0x2d, 0xca, 0x82, 0x15, 0x25, 0xf6, 0x6a, 0x4a,
  0x85, 0xea, 0x8b, 0x71, 0xe4, 0x82, 0xa7, 0x4f, 0x38, 0x2d, 0x2c, 0xe5,
  0xeb, 0xee, 0xe8, 0xfd, 0xb2, 0x17, 0x2f, 0x47, 0x7d, 0xf4, 0x90, 0x0d,
  0x31, 0x05, 0x36, 0xc0
};

int
main (void)
{
  unsigned char sec[32] = { 0 }, xonly[32], sig[64], msg[32] = { 0 };
  unsigned char aux[32] = { 0 }, tweak[32], outkey[32];
  unsigned char pub33[33], peer_sec[32], peer_pub[33], s1[32], s2[32];
  unsigned char sig65[KC_ECDSA_SECP256K1_RECOVERABLE_SIG_LEN], rec33[33];
  unsigned char digest[32], saved[32], pub65[65], tpub[33], tpub2[33];
  unsigned char tsec[32], kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], sig2[64];
  unsigned char kx[32], sum[33], rs[64];
  /* an ECDSA signature as old transactions have them: a wrong SEQUENCE
   * length (lax DER skips it), r = 1, s = n - 1 (high) */
  static const unsigned char old_der[] = {
    0x30, 0x00, 0x02, 0x01, 0x01, 0x02, 0x21, 0x00,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
    0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40 };
  const void *keys[2];
  size_t lens[2];
  size_t siglen;
  int parity, outparity, kparity, order, was_high;
  gpg_error_t err;

  /* BIP-340: the x-only key of the secret key 3, and its signature of
   * the zero message with zero aux_rand, as the BIP's vector 0 says. */
  sec[31] = 3;
  err = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, xonly, sizeof xonly, &parity,
                             sec, sizeof sec);
  if (!err)
    err = kc_schnorr_sign (KC_ECC_SECP256K1, sig, sizeof sig, sec, sizeof sec,
                           msg, sizeof msg, aux, sizeof aux);
  if (!err)
    err = kc_schnorr_verify (KC_ECC_SECP256K1, sig, sizeof sig,
                             xonly, sizeof xonly, msg, sizeof msg);
  if (err)
    FAIL (gpg_strerror (err));
  if (memcmp (sig, bip340_sig0, sizeof sig))
    FAIL ("not BIP-340's signature");
  msg[0] = 1;
  if (gpg_err_code (kc_schnorr_verify (KC_ECC_SECP256K1, sig, sizeof sig,
                                       xonly, sizeof xonly, msg, sizeof msg))
      != GPG_ERR_BAD_SIGNATURE)
    FAIL ("a signature verified for another message");

  /* A fresh key pair, and a taproot output key Q = P + t G (BIP-341; t
   * would be the TapTweak hash of P and the script tree). */
  err = kc_ecc_keypair (KC_ECC_SECP256K1, pub33, sizeof pub33, sec, sizeof sec);
  if (!err)
    err = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, xonly, sizeof xonly, &parity,
                               sec, sizeof sec);
  if (!err)
    err = kc_md_hash_buffer (KC_MD_SHA256, tweak, sizeof tweak, xonly, 32);
  if (!err)
    err = kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, outkey, sizeof outkey,
                                  &outparity, xonly, sizeof xonly,
                                  tweak, sizeof tweak);
  if (err)
    FAIL (gpg_strerror (err));

  /* The same tweak on the secret key (negated first when P's y is odd,
   * as BIP-341 does with the x-only key) signs for the output key. */
  memcpy (saved, sec, sizeof sec);
  if (parity)
    {
      /* n - sec, for the key whose public key has the even y */
      static const unsigned char n[32] = {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
        0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41 };
      int i, borrow = 0;
      for (i = 31; i >= 0; i--)
        {
          int d = n[i] - sec[i] - borrow;
          borrow = d < 0;
          sec[i] = (unsigned char) (d + (borrow << 8));
        }
    }
  err = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, sec, sizeof sec,
                                 tweak, sizeof tweak);
  if (!err)
    err = kc_schnorr_sign (KC_ECC_SECP256K1, sig, sizeof sig, sec, sizeof sec,
                           msg, sizeof msg, NULL, 0);
  if (!err)
    err = kc_schnorr_verify (KC_ECC_SECP256K1, sig, sizeof sig,
                             outkey, sizeof outkey, msg, sizeof msg);
  if (err)
    FAIL ("the tweaked secret key does not sign for the output key");
  memcpy (sec, saved, sizeof sec);

  /* A BIP-340 key pair: the public key is computed once, and each
   * signature from it costs one point multiplication (the same bytes as
   * kc_schnorr_sign).  Tweaked as BIP-341 says, it holds the output
   * key's secret; kc_ecc_xonly_tweak_add_check checks the commitment.
   * The pair holds the secret key: clear it when done. */
  err = kc_schnorr_keypair_create (KC_ECC_SECP256K1, kp, sizeof kp,
                                   sec, sizeof sec);
  if (!err)
    err = kc_schnorr_sign_keypair (KC_ECC_SECP256K1, sig2, sizeof sig2,
                                   kp, sizeof kp, msg, sizeof msg, aux,
                                   sizeof aux);
  if (!err)
    err = kc_schnorr_sign (KC_ECC_SECP256K1, sig, sizeof sig, sec, sizeof sec,
                           msg, sizeof msg, aux, sizeof aux);
  if (!err)
    err = kc_schnorr_keypair_xonly_tweak_add (KC_ECC_SECP256K1, kp, sizeof kp,
                                              tweak, sizeof tweak);
  if (!err)
    err = kc_schnorr_keypair_xonly_pub (KC_ECC_SECP256K1, kx, sizeof kx,
                                        &kparity, kp, sizeof kp);
  if (!err)
    err = kc_ecc_xonly_tweak_add_check (KC_ECC_SECP256K1, kx, sizeof kx,
                                        kparity, xonly, sizeof xonly,
                                        tweak, sizeof tweak);
  kc_schnorr_keypair_clear (kp, sizeof kp);
  if (err || memcmp (sig, sig2, sizeof sig) || memcmp (kx, outkey, 32)
      || kparity != outparity)
    FAIL ("key pair: signature or tweak");

  /* ECDH: both sides reach the same secret. */
  err = kc_ecc_keypair (KC_ECC_SECP256K1, peer_pub, sizeof peer_pub,
                        peer_sec, sizeof peer_sec);
  if (!err)
    err = kc_ecdh (KC_ECC_SECP256K1, 0, s1, sizeof s1, sec, sizeof sec,
                   peer_pub, sizeof peer_pub);
  if (!err)
    err = kc_ecdh (KC_ECC_SECP256K1, 0, s2, sizeof s2, peer_sec,
                   sizeof peer_sec, pub33, sizeof pub33);
  if (err || memcmp (s1, s2, sizeof s1))
    FAIL ("ECDH: the two sides disagree");

  /* The other encoding of a public key; and P + t G from the public side
   * (BIP-32's public derivation) is the public key of sec + t. */
  err = kc_ecc_pubkey_convert (KC_ECC_SECP256K1, pub65, sizeof pub65,
                               pub33, sizeof pub33);
  if (!err)
    err = kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, tpub, sizeof tpub,
                                   pub33, sizeof pub33, tweak, sizeof tweak);
  memcpy (tsec, sec, sizeof sec);
  if (!err)
    err = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, tsec, sizeof tsec,
                                   tweak, sizeof tweak);
  if (!err)
    err = kc_ecc_pubkey (KC_ECC_SECP256K1, tpub2, sizeof tpub2,
                         tsec, sizeof tsec);
  if (err || pub65[0] != 4 || memcmp (pub65 + 1, pub33 + 1, 32)
      || memcmp (tpub, tpub2, sizeof tpub))
    FAIL ("conversion or tweaks disagree");

  /* BIP-327's KeySort, then the sum of the sorted keys; a signature of an
   * old transaction read by the lax DER rules and normalised to low s. */
  keys[0] = tpub;
  keys[1] = pub33;
  lens[0] = lens[1] = 33;
  err = kc_ecc_pubkey_sort (KC_ECC_SECP256K1, keys, lens, 2);
  if (!err)
    err = kc_ecc_pubkey_cmp (KC_ECC_SECP256K1, &order, keys[0], lens[0],
                             keys[1], lens[1]);
  if (!err && order > 0)
    FAIL ("keys not sorted");
  if (!err)
    err = kc_ecc_pubkey_combine (KC_ECC_SECP256K1, sum, sizeof sum, 2,
                                 (const void *const *) keys, lens);
  if (!err)
    err = kc_ecdsa_signature_parse_der_lax (KC_ECC_SECP256K1, rs, sizeof rs,
                                            old_der, sizeof old_der);
  if (!err)
    err = kc_ecdsa_signature_normalize (KC_ECC_SECP256K1, rs, sizeof rs,
                                        &was_high, rs, sizeof rs);
  if (err || !was_high)
    FAIL ("key order, sum or lax signature");

  /* A recoverable ECDSA signature gives back the signer's key. */
  err = kc_md_hash_buffer (KC_MD_SHA256, digest, sizeof digest, "hello", 5);
  siglen = sizeof sig65;
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, sig65, &siglen,
                         sec, sizeof sec, digest, sizeof digest);
  if (!err)
    err = kc_ecdsa_recover (KC_ECC_SECP256K1, rec33, sizeof rec33,
                            sig65, siglen, digest, sizeof digest);
  if (err || memcmp (rec33, pub33, sizeof rec33))
    FAIL ("recovery did not give the signer's key");

  /* A tweak >= n is refused and leaves the key as it was. */
  memset (tweak, 0xff, sizeof tweak);
  if (gpg_err_code (kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, sec, sizeof sec,
                                             tweak, sizeof tweak))
      != GPG_ERR_BAD_SECKEY || memcmp (sec, saved, sizeof sec))
    FAIL ("a tweak >= n was taken");

  printf ("bitcoin: BIP-340 vector 0, key pair, taproot tweak, key order, lax DER,\n"
          "         ECDH and recovery agree\n");
  return 0;
}
