/* md.c - example: hashing (one call and streaming), HMAC and HKDF.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o md md.c $(pkg-config --cflags --libs libkcrypt)
 * Checks the results against FIPS 180-4 (SHA-256 of "abc"), RFC 4231
 * (HMAC-SHA-256, test case 2) and RFC 5869 (HKDF-SHA-256, test case 1).
 * Exits 0 if all agree (kc_md(3)), 1 otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "md: %s\n", what); return 1; } while (0)

/* 1 if the N bytes at GOT are the hex string WANT. */
static int
equal_hex (const unsigned char *got, size_t n, const char *want)
{
  char hex[2 * 64 + 1];
  size_t i;

  for (i = 0; i < n && i < 64; i++)
    snprintf (hex + 2 * i, 3, "%02x", got[i]);
  return n <= 64 && !strcmp (hex, want);
}

int
main (void)
{
  static const char msg[] = "what do ya want for nothing?";
  unsigned char d[32], d2[32], mac[32], okm[42];
  unsigned char ikm[22], salt[13], info[10];
  kc_md_hd_t h;
  gpg_error_t err;
  size_t i;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* One call. */
  err = kc_md_hash_buffer (KC_MD_SHA256, d, sizeof d, "abc", 3);
  if (err || !equal_hex (d, sizeof d, "ba7816bf8f01cfea414140de5dae2223"
                         "b00361a396177a9cb410ff61f20015ad"))
    FAIL ("SHA-256 (\"abc\")");

  /* Streaming: the same digest from pieces. */
  err = kc_md_open (&h, KC_MD_SHA256, 0);
  if (err)
    FAIL (gpg_strerror (err));
  kc_md_write (h, "a", 1);
  kc_md_write (h, "bc", 2);
  err = kc_md_final (h, d2, sizeof d2);
  kc_md_close (h);
  if (err || memcmp (d, d2, sizeof d))
    FAIL ("streaming SHA-256 differs from the one-call digest");

  /* HMAC: a streaming hash with a key. */
  err = kc_md_open (&h, KC_MD_SHA256, KC_MD_FLAG_HMAC);
  if (!err)
    err = kc_md_setkey (h, "Jefe", 4);
  if (err)
    FAIL (gpg_strerror (err));
  kc_md_write (h, msg, strlen (msg));
  err = kc_md_final (h, mac, sizeof mac);
  kc_md_close (h);
  if (err || !equal_hex (mac, sizeof mac, "5bdcc146bf60754e6a042426089575c7"
                         "5a003f089d2739839dec58b964ec3843"))
    FAIL ("HMAC-SHA-256 (RFC 4231 case 2)");

  memset (ikm, 0x0b, sizeof ikm);
  for (i = 0; i < sizeof salt; i++)
    salt[i] = (unsigned char) i;
  for (i = 0; i < sizeof info; i++)
    info[i] = (unsigned char) (0xf0 + i);
  /* HKDF: 42 bytes of key material from IKM, SALT and INFO. */
  err = kc_kdf_hkdf (KC_MD_SHA256, okm, sizeof okm, ikm, sizeof ikm,
                     salt, sizeof salt, info, sizeof info);
  if (err || !equal_hex (okm, 32, "3cb25f25faacd57a90434f64d0362f2a"
                         "2d2d0a90cf1a5a4c5db02d56ecc4c5bf")
      || !equal_hex (okm + 32, 10, "34007208d5b887185865"))
    FAIL ("HKDF-SHA-256 (RFC 5869 case 1)");

  /* Lengths are exact: a 31-byte digest buffer is GPG_ERR_INV_ARG. */
  err = kc_md_hash_buffer (KC_MD_SHA256, d, 31, "abc", 3);
  if (gpg_err_code (err) != GPG_ERR_INV_ARG)
    FAIL ("a short digest buffer was accepted");

  printf ("md: SHA-256, HMAC-SHA-256 and HKDF-SHA-256 known answers agree\n");
  return 0;
}
