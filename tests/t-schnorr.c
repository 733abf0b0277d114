/* t-schnorr.c - BIP-340 Schnorr signatures through the public API:
 *  - every row of BIP-340's test-vectors.csv (data/bip340), read at run
 *    time: x-only key from the secret key, signature byte for byte (from
 *    the secret key and from a key pair, kc_schnorr_sign_keypair),
 *    verification result (and GPG_ERR_BAD_PUBKEY for the keys that have
 *    no point);
 *  - the precomputed tagged-hash midstates against their definition;
 *  - sign/verify round trips for message lengths 0..130 (across the
 *    SHA-256 block boundaries), each then tampered bit by bit;
 *  - argument checks and untouched outputs on error.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "secp256k1/schnorr.h"

#define C KC_ECC_SECP256K1

/* Split LINE at commas into at most MAX fields (in place). */
static int
split_csv (char *line, char **f, int max)
{
  int n = 0;
  char *p = line;
  f[n++] = p;
  while (*p && n < max)
    {
      if (*p == ',')
        {
          *p = 0;
          f[n++] = p + 1;
        }
      p++;
    }
  p = f[n - 1];
  p[strcspn (p, "\r\n")] = 0;
  return n;
}

static void
test_vectors (void)
{
  char path[1024], line[2048];
  FILE *fp;
  int rows = 0, signed_rows = 0;

  snprintf (path, sizeof path, "%s/bip340/test-vectors.csv", KC_TESTDATA);
  fp = fopen (path, "r");
  if (!fp)
    {
      fail ("cannot open %s", path);
      return;
    }
  if (!fgets (line, sizeof line, fp))     /* header */
    {
      fail ("empty %s", path);
      fclose (fp);
      return;
    }
  while (fgets (line, sizeof line, fp))
    {
      char *f[8];
      unsigned char sk[32], pk[32], aux[32], msg[256], sig[64];
      unsigned char got[64];
      long msg_len;
      int n, idx, expect, parity;
      gpg_error_t err;

      n = split_csv (line, f, 8);
      if (n < 7)
        continue;
      idx = atoi (f[0]);
      CHECK (t_unhex (pk, 32, f[2]) == 32, "row %d: pk", idx);
      msg_len = t_unhex (msg, sizeof msg, f[4]);
      CHECK (msg_len >= 0, "row %d: msg", idx);
      CHECK (t_unhex (sig, 64, f[5]) == 64, "row %d: sig", idx);
      expect = !strcmp (f[6], "TRUE");
      if (*f[1])
        {
          CHECK (t_unhex (sk, 32, f[1]) == 32, "row %d: sk", idx);
          CHECK (t_unhex (aux, 32, f[3]) == 32, "row %d: aux", idx);
          CHECK_ERR (kc_ecc_xonly_pubkey (C, got, 32, &parity, sk, 32), 0);
          CHECK (!memcmp (got, pk, 32), "row %d: x-only key", idx);
          CHECK_ERR (kc_schnorr_sign (C, got, 64, sk, 32, msg,
                                      (size_t) msg_len, aux, 32), 0);
          CHECK (!memcmp (got, sig, 64), "row %d: signature", idx);
          /* the same through a key pair */
          {
            unsigned char kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
            CHECK_ERR (kc_schnorr_keypair_create (C, kp, sizeof kp, sk, 32), 0);
            CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, got, 32, &parity, kp,
                                                     sizeof kp), 0);
            CHECK (!memcmp (got, pk, 32), "row %d: key pair's x-only key",
                   idx);
            memset (got, 0, 64);
            CHECK_ERR (kc_schnorr_sign_keypair (C, got, 64, kp, sizeof kp, msg,
                                                (size_t) msg_len, aux, 32), 0);
            CHECK (!memcmp (got, sig, 64), "row %d: key pair's signature",
                   idx);
            kc_schnorr_keypair_clear (kp, sizeof kp);
          }
          signed_rows++;
        }
      err = kc_schnorr_verify (C, sig, 64, pk, 32, msg, (size_t) msg_len);
      if (expect)
        CHECK (!err, "row %d: valid signature rejected (%s)", idx,
               gpg_strerror (err));
      else if (n == 8 && strstr (f[7], "public key"))
        CHECK (gpg_err_code (err) == GPG_ERR_BAD_PUBKEY,
               "row %d: want BAD_PUBKEY, got %s", idx, gpg_strerror (err));
      else
        CHECK (gpg_err_code (err) == GPG_ERR_BAD_SIGNATURE,
               "row %d: want BAD_SIGNATURE, got %s", idx, gpg_strerror (err));
      rows++;
    }
  fclose (fp);
  CHECK (rows == 19 && signed_rows == 4 + 4, "rows %d, signed %d", rows,
         signed_rows);
}

static void
test_midstates (void)
{
  int tag;
  for (tag = 0; tag < 3; tag++)
    {
      unsigned char th[32], want[32], got[32];
      unsigned char data[64 + 40];
      _kc_sha256_ctx c;
      size_t len;
      for (len = 0; len <= 40; len += 13)
        {
          _kc_sha256 (th, _kc_bip340_tag_names[tag],
                      strlen (_kc_bip340_tag_names[tag]));
          memcpy (data, th, 32);
          memcpy (data + 32, th, 32);
          t_randbytes (data + 64, len);
          _kc_sha256 (want, data, 64 + len);
          _kc_bip340_tagged_init (&c, (enum _kc_bip340_tag) tag);
          _kc_sha256_update (&c, data + 64, len);
          _kc_sha256_final (&c, got);
          CHECK (!memcmp (got, want, 32), "tag %s, len %zu",
                 _kc_bip340_tag_names[tag], len);
        }
    }
}

static void
test_roundtrip (void)
{
  unsigned char sk[32], pk[32], msg[131], sig[64], sig2[64], zero[32];
  size_t len;
  int parity;

  memset (zero, 0, sizeof zero);
  for (len = 0; len <= 130; len++)
    {
      unsigned int bit;
      t_randbytes (sk, 32);
      t_randbytes (msg, len);
      if (kc_ecc_xonly_pubkey (C, pk, 32, &parity, sk, 32))
        continue;                        /* sk >= n: 2^-128 */
      CHECK_ERR (kc_schnorr_sign (C, sig, 64, sk, 32, len ? msg : NULL, len,
                                  NULL, 0), 0);
      CHECK_ERR (kc_schnorr_sign (C, sig2, 64, sk, 32, len ? msg : NULL, len,
                                  zero, 32), 0);
      CHECK (!memcmp (sig, sig2, 64), "no aux = 32 zero bytes (len %zu)", len);
      CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk, 32, len ? msg : NULL, len),
                 0);
      /* a flip anywhere in the signature, or the message, is refused */
      for (bit = 0; bit < 512; bit += 7)
        {
          sig[bit / 8] ^= (unsigned char) (1u << (bit % 8));
          CHECK (kc_schnorr_verify (C, sig, 64, pk, 32, msg, len) != 0,
                 "flipped sig bit %u accepted (len %zu)", bit, len);
          sig[bit / 8] ^= (unsigned char) (1u << (bit % 8));
        }
      if (len)
        {
          msg[len / 2] ^= 0x10;
          CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk, 32, msg, len),
                     GPG_ERR_BAD_SIGNATURE);
          msg[len / 2] ^= 0x10;
        }
      /* a different aux gives a different, valid signature */
      t_randbytes (zero, 32);
      CHECK_ERR (kc_schnorr_sign (C, sig2, 64, sk, 32, msg, len, zero, 32), 0);
      CHECK (memcmp (sig, sig2, 64) != 0, "aux ignored");
      CHECK_ERR (kc_schnorr_verify (C, sig2, 64, pk, 32, msg, len), 0);
      memset (zero, 0, sizeof zero);
    }
}

static void
test_args (void)
{
  unsigned char sk[32], pk[32], sig[64], keep[64], msg[32];
  static const unsigned char n_bytes[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
    0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B,
    0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41 };

  memset (sk, 0x11, 32);
  memset (msg, 0x22, 32);
  CHECK_ERR (kc_ecc_xonly_pubkey (C, pk, 32, NULL, sk, 32), 0);
  memset (sig, 0xA5, 64);
  memcpy (keep, sig, 64);
  {
    /* curve, sig_len, key, key_len, msg, msg_len, aux, aux_len -> code */
    const struct
    {
      int curve;
      size_t sl;
      const unsigned char *k;
      size_t kl;
      const unsigned char *m;
      size_t ml;
      const unsigned char *a;
      size_t al;
      gpg_err_code_t want;
    } bad[] = {
      { 2, 64, sk, 32, msg, 32, NULL, 0, GPG_ERR_NOT_SUPPORTED },
      { C, 63, sk, 32, msg, 32, NULL, 0, GPG_ERR_INV_ARG },
      { C, 64, sk, 31, msg, 32, NULL, 0, GPG_ERR_INV_ARG },
      { C, 64, sk, 32, NULL, 32, NULL, 0, GPG_ERR_INV_ARG },
      { C, 64, sk, 32, msg, 32, msg, 16, GPG_ERR_INV_ARG },
      { C, 64, sk, 32, msg, 32, NULL, 32, GPG_ERR_INV_ARG },
      { C, 64, n_bytes, 32, msg, 32, NULL, 0, GPG_ERR_BAD_SECKEY },
    };
    size_t i;
    for (i = 0; i < KC_DIM (bad); i++)
      CHECK_ERR (kc_schnorr_sign (bad[i].curve, sig, bad[i].sl, bad[i].k,
                                  bad[i].kl, bad[i].m, bad[i].ml, bad[i].a,
                                  bad[i].al), bad[i].want);
  }
  memset (sk, 0, 32);
  CHECK_ERR (kc_schnorr_sign (C, sig, 64, sk, 32, msg, 32, NULL, 0),
             GPG_ERR_BAD_SECKEY);
  CHECK (!memcmp (sig, keep, 64), "signature written on error");
  CHECK_ERR (kc_ecc_xonly_pubkey (C, sig, 32, NULL, sk, 32),
             GPG_ERR_BAD_SECKEY);
  CHECK (!memcmp (sig, keep, 64), "x-only key written on error");
  CHECK_ERR (kc_ecc_xonly_pubkey (C, sig, 33, NULL, n_bytes, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_verify (C, sig, 65, pk, 32, msg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk, 33, msg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk, 32, NULL, 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_verify (3, sig, 64, pk, 32, msg, 32),
             GPG_ERR_NOT_SUPPORTED);
  /* x = p - 1 ... p: x >= p is a bad key, whatever the signature */
  memset (pk, 0xFF, 32);
  CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk, 32, msg, 32),
             GPG_ERR_BAD_PUBKEY);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (340);
  test_midstates ();
  test_vectors ();
  test_roundtrip ();
  test_args ();
  t_rerun_portable (argv);
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 ecmult_var */
  return t_done ("t-schnorr");
}
