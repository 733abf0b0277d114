/* fuzz-verify-batch.c - kc_ecdsa_verify_batch and kc_schnorr_verify_batch
 * against the single verification, item by item.
 * Input: 1 byte of flags, then items of 1 + 32 + 64 bytes: a selector
 * byte, a digest and a signature; the low two bits of the selector say
 * what the item is: 0 our signature over the digest (valid), 1 the input
 * signature under our key, 2 the input signature under a key made from
 * the digest (33 bytes 02/03 || digest), 3 our signature with one input
 * bit flipped.  Up to 40 items (so that the eight lanes and the tail are
 * both reached).  Properties: every ECDSA result equals kc_ecdsa_verify
 * of the item, the call returns 0 exactly when all are 0; the same items
 * read as BIP-340 (signature, x-only key = the digest or a fixed valid
 * key, message = the digest) give in one batch what each gives alone
 * and what kc_schnorr_verify says (a one-item batch takes the one-item
 * path), and the fixed BIP-340 vector mixed in verifies.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define MAXN 40
#define ITEM (1 + 32 + 64)

/* BIP-340 test vector 1 (public key, message, signature). */
static const unsigned char v_pub[32] = {
  0xDF,0xF1,0xD7,0x7F,0x2A,0x67,0x1C,0x5F,0x36,0x18,0x37,0x26,0xDB,0x23,0x41,0xBE,
  0x58,0xFE,0xAE,0x1D,0xA2,0xDE,0xCE,0xD8,0x43,0x24,0x0F,0x7B,0x50,0x2B,0xA6,0x59 };
static const unsigned char v_msg[32] = {
  0x24,0x3F,0x6A,0x88,0x85,0xA3,0x08,0xD3,0x13,0x19,0x8A,0x2E,0x03,0x70,0x73,0x44,
  0xA4,0x09,0x38,0x22,0x29,0x9F,0x31,0xD0,0x08,0x2E,0xFA,0x98,0xEC,0x4E,0x6C,0x89 };
static const unsigned char v_sig[64] = {
  0x68,0x96,0xBD,0x60,0xEE,0xAE,0x29,0x6D,0xB4,0x8A,0x22,0x9F,0xF7,0x1D,0xFE,0x07,
  0x1B,0xDE,0x41,0x3E,0x6D,0x43,0xF9,0x17,0xDC,0x8D,0xCF,0x8C,0x78,0xDE,0x33,0x41,
  0x89,0x06,0xD1,0x1A,0xC9,0x76,0xAB,0xCC,0xB2,0x0B,0x09,0x12,0x92,0xBF,0xF4,0xEA,
  0x89,0x7E,0xFC,0xB6,0x39,0xEA,0x87,0x1C,0xFA,0x95,0xF6,0xDE,0x33,0x9E,0x4B,0x0A };

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static unsigned char pub[65];
  static int have_pub;
  unsigned char sk[32], sigs[MAXN][72], keys[MAXN][65];
  const void *sp[MAXN], *kp[MAXN], *dp[MAXN], *xp[MAXN + 1], *mp[MAXN + 1],
    *ssp[MAXN + 1];
  size_t sl[MAXN], kl[MAXN], dl[MAXN], ml[MAXN + 1], n, i;
  gpg_error_t res[MAXN + 1], one, all;
  unsigned int flags;
  int any = 0;

  memset (sk, 0x22, sizeof sk);
  if (!have_pub)
    {
      if (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, sizeof pub, sk, sizeof sk))
        abort ();
      have_pub = 1;
    }
  if (size < 1 + ITEM)
    return 0;
  flags = data[0] & (KC_ECDSA_DER | KC_ECDSA_LOW_S);
  n = (size - 1) / ITEM;
  if (n > MAXN)
    n = MAXN;
  for (i = 0; i < n; i++)
    {
      const uint8_t *it = data + 1 + i * ITEM;
      int sel = it[0] & 3;
      dp[i] = it + 1;
      dl[i] = 32;
      kp[i] = pub;
      kl[i] = sizeof pub;
      if (sel == 0 || sel == 3)
        {
          sl[i] = sizeof sigs[i];
          if (kc_ecdsa_sign (KC_ECC_SECP256K1, flags & KC_ECDSA_DER, sigs[i],
                             &sl[i], sk, sizeof sk, it + 1, 32))
            abort ();
          if (sel == 3)
            sigs[i][it[33] % sl[i]] ^= (unsigned char) (1u << (it[34] & 7));
        }
      else
        {
          sl[i] = (flags & KC_ECDSA_DER) ? (size_t) (it[33] % 65) + 8 : 64;
          memcpy (sigs[i], it + 33, sl[i] > 64 ? 64 : sl[i]);
          if (sl[i] > 64)
            memset (sigs[i] + 64, 0, sl[i] - 64);
          if (sel == 2)
            {
              keys[i][0] = (unsigned char) (2 | (it[0] >> 7));
              memcpy (keys[i] + 1, it + 1, 32);
              kp[i] = keys[i];
              kl[i] = 33;
            }
        }
      sp[i] = sigs[i];
    }
  all = kc_ecdsa_verify_batch (KC_ECC_SECP256K1, flags, n, sp, sl, kp, kl,
                               dp, dl, res);
  for (i = 0; i < n; i++)
    {
      one = kc_ecdsa_verify (KC_ECC_SECP256K1, flags, sp[i], sl[i], kp[i],
                             kl[i], dp[i], dl[i]);
      if (res[i] != one)
        abort ();
      any |= one != 0;
      if (((data[1 + i * ITEM] & 3) == 0) && one)
        abort ();                      /* our own signature */
    }
  if ((all != 0) != any)
    abort ();

  /* BIP-340: the input signatures, keys from the digests (or the
   * vector's), the digests as messages, and the vector itself last. */
  for (i = 0; i < n; i++)
    {
      const uint8_t *it = data + 1 + i * ITEM;
      ssp[i] = it + 33;
      xp[i] = (it[0] & 4) ? v_pub : it + 1;
      mp[i] = it + 1;
      ml[i] = (size_t) (it[0] >> 3) & 31;
    }
  ssp[n] = v_sig;
  xp[n] = v_pub;
  mp[n] = v_msg;
  ml[n] = 32;
  all = kc_schnorr_verify_batch (KC_ECC_SECP256K1, n + 1, ssp, xp, mp, ml,
                                 res);
  any = 0;
  for (i = 0; i <= n; i++)
    {
      gpg_error_t call = kc_schnorr_verify_batch (KC_ECC_SECP256K1, 1,
                                                  &ssp[i], &xp[i], &mp[i],
                                                  &ml[i], &one);
      if ((call == 0) != (one == 0) || res[i] != one
          || one != kc_schnorr_verify (KC_ECC_SECP256K1, ssp[i], 64, xp[i], 32,
                                       mp[i], ml[i]))
        abort ();
      any |= one != 0;
    }
  if (res[n] != 0 || (all != 0) != any)
    abort ();
  return 0;
}
