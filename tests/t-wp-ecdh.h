/* t-wp-ecdh.h - Wycheproof's ECDH cases (struct _kc_wp_ecdh of
 * wycheproof.h) through kc_ecdh, for t-p256 (P-256: SubjectPublicKeyInfo
 * keys and SEC1 points) and t-ecc-btc (secp256k1).  Include after
 * t-common.h and wycheproof.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_T_WP_ECDH_H
#define KC_T_WP_ECDH_H

/* 1 if the 32 bytes at P are all 0xaa (the fill before a call). */
static int
wp_ecdh_untouched (const unsigned char *p)
{
  int i;
  for (i = 0; i < 32; i++)
    if (p[i] != 0xaa)
      return 0;
  return 1;
}

/* Every case of CASES (COUNT of them, from the file WHAT) on CURVE, with
 * KC_ECDH_RAW_X and with flags 0 (P-256: the same x; secp256k1: SHA-256
 * of 02 or 03 || x).  A valid case gives its x; an invalid one an error
 * (a bad public key, or a wrong length: GPG_ERR_BAD_PUBKEY or
 * GPG_ERR_INV_ARG) and writes nothing; an acceptable one may fail (and
 * then writes nothing) but if it succeeds gives its x.  Both flags must
 * agree.  N[0], N[1], N[2] count the invalid, valid and acceptable cases
 * run; N[3] those without a point for kc_ecdh (not NAMED). */
static void
wp_ecdh_run (int curve, const char *what, const struct _kc_wp_ecdh *cases,
             size_t count, int n[4])
{
  size_t i;

  for (i = 0; i < count; i++)
    {
      const struct _kc_wp_ecdh *c = &cases[i];
      const void *pub = c->pub_len ? c->pub : "";
      unsigned char raw[32], hashed[32], pre[33], want[32];
      gpg_error_t err, err0;

      if (!c->named)
        {
          n[3]++;               /* the ASN.1 wrapper or another curve */
          continue;
        }
      n[c->result]++;
      memset (raw, 0xaa, 32);
      memset (hashed, 0xaa, 32);
      err = kc_ecdh (curve, KC_ECDH_RAW_X, raw, 32, c->key, 32, pub,
                     c->pub_len);
      err0 = kc_ecdh (curve, 0, hashed, 32, c->key, 32, pub, c->pub_len);
      CHECK (gpg_err_code (err) == gpg_err_code (err0),
             "%s tcId %d: %s with RAW_X, %s without", what, c->tcid,
             gpg_strerror (err), gpg_strerror (err0));
      if (err)
        {
          CHECK (c->result != 1, "%s tcId %d: valid, got %s", what, c->tcid,
                 gpg_strerror (err));
          CHECK (gpg_err_code (err) == GPG_ERR_BAD_PUBKEY
                 || gpg_err_code (err) == GPG_ERR_INV_ARG,
                 "%s tcId %d: error %s", what, c->tcid, gpg_strerror (err));
          CHECK (wp_ecdh_untouched (raw) && wp_ecdh_untouched (hashed),
                 "%s tcId %d: output written on failure", what, c->tcid);
          continue;
        }
      CHECK (c->result != 0, "%s tcId %d: invalid, accepted", what,
             c->tcid);
      if (c->result == 0)
        continue;
      CHECK (c->shared_len == 32 && !memcmp (raw, c->shared, 32),
             "%s tcId %d: wrong shared x", what, c->tcid);
      if (curve != KC_ECC_SECP256K1)
        {
          CHECK (!memcmp (hashed, raw, 32), "%s tcId %d: flags 0 not x",
                 what, c->tcid);
          continue;
        }
      /* libsecp256k1's hash: SHA-256 of the compressed S, whose prefix
       * (y's parity) the case does not give: one of the two */
      memcpy (pre + 1, raw, 32);
      pre[0] = 0x02;
      CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, want, 32, pre, 33), 0);
      if (memcmp (hashed, want, 32))
        {
          pre[0] = 0x03;
          CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, want, 32, pre, 33), 0);
        }
      CHECK (!memcmp (hashed, want, 32), "%s tcId %d: wrong hashed secret",
             what, c->tcid);
    }
}

#endif /* KC_T_WP_ECDH_H */
