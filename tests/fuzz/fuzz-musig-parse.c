/* fuzz-musig-parse.c - MuSig2 (BIP-327) encodings and opaque state from
 * arbitrary bytes.  Input: byte 0 picks what the rest is.
 *   0: a public nonce (66 bytes), 1: an aggregate nonce (66), 2: a
 *   partial signature (32): the parser returns 0 or its one error code,
 *   leaves its output untouched on failure, and what it reads
 *   serialises back to exactly the input (the encodings are canonical).
 *   3: a would-be key aggregation cache, 4: a would-be session, 5: a
 *   would-be aggregate nonce (opaque forms, which callers may store and
 *   load): the calls that take them return 0 or GPG_ERR_INV_OBJ (or the
 *   documented content errors), never crash, and write nothing on
 *   failure.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define C KC_ECC_SECP256K1

/* A valid session for one fixed key and nonce, made once. */
static unsigned char g_cache[KC_MUSIG_KEYAGG_CACHE_LEN];
static unsigned char g_pn[KC_MUSIG_PUBNONCE_LEN];
static unsigned char g_an[KC_MUSIG_AGGNONCE_LEN];
static unsigned char g_ss[KC_MUSIG_SESSION_LEN];
static unsigned char g_ps[KC_MUSIG_PARTIAL_SIG_LEN];
static unsigned char g_pk[33];

static void
setup (void)
{
  static int done;
  unsigned char sk[32], kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char sn[KC_MUSIG_SECNONCE_LEN], rnd[32];
  const void *p[1];
  size_t l[1] = { 33 }, pl[1] = { KC_MUSIG_PUBNONCE_LEN };

  if (done)
    return;
  memset (sk, 0x17, 32);
  memset (rnd, 0x29, 32);
  if (kc_schnorr_keypair_create (C, kp, sizeof kp, sk, 32)
      || kc_schnorr_keypair_pub (C, g_pk, 33, kp, sizeof kp))
    abort ();
  p[0] = g_pk;
  if (kc_musig_pubkey_agg (C, NULL, 0, g_cache, sizeof g_cache, 1, p, l)
      || kc_musig_nonce_gen (C, sn, sizeof sn, g_pn, sizeof g_pn, rnd, 32,
                             sk, 32, g_pk, 33, NULL, 0, NULL, 0, NULL, 0))
    abort ();
  p[0] = g_pn;
  if (kc_musig_nonce_agg (C, g_an, sizeof g_an, 1, p, pl)
      || kc_musig_nonce_process (C, g_ss, sizeof g_ss, g_an, sizeof g_an,
                                 NULL, 0, g_cache, sizeof g_cache)
      || kc_musig_partial_sign (C, g_ps, sizeof g_ps, sn, sizeof sn, kp,
                                sizeof kp, g_cache, sizeof g_cache, g_ss,
                                sizeof g_ss))
    abort ();
  done = 1;
}

static void
parse_back (const uint8_t *in, size_t n, int kind)
{
  unsigned char obj[KC_MUSIG_PUBNONCE_LEN], back[66];
  size_t olen = kind == 2 ? KC_MUSIG_PARTIAL_SIG_LEN : KC_MUSIG_PUBNONCE_LEN;
  gpg_err_code_t e, want = kind == 2 ? GPG_ERR_BAD_SIGNATURE
                                     : GPG_ERR_INV_DATA;

  memset (obj, 0xA5, sizeof obj);
  e = gpg_err_code (kind == 0 ? kc_musig_pubnonce_parse (C, obj, olen, in, n)
                    : kind == 1 ? kc_musig_aggnonce_parse (C, obj, olen, in, n)
                    : kc_musig_partial_sig_parse (C, obj, olen, in, n));
  if (e)
    {
      if (e != want || obj[0] != 0xA5 || obj[olen - 1] != 0xA5)
        abort ();
      return;
    }
  e = gpg_err_code (kind == 0 ? kc_musig_pubnonce_serialize (C, back, n, obj, olen)
                    : kind == 1 ? kc_musig_aggnonce_serialize (C, back, n, obj, olen)
                    : kc_musig_partial_sig_serialize (C, back, n, obj, olen));
  if (e || memcmp (back, in, n))
    abort ();                   /* canonical: the input again */
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned char buf[KC_MUSIG_KEYAGG_CACHE_LEN], out[KC_MUSIG_SESSION_LEN];
  unsigned char sig[64], pk[33];
  const void *p[1];
  size_t l[1] = { KC_MUSIG_PARTIAL_SIG_LEN };
  gpg_err_code_t e;

  if (size < 1)
    return 0;
  setup ();
  switch (data[0] % 6)
    {
    case 0:
    case 1:
      if (size >= 67)
        parse_back (data + 1, 66, data[0] % 6);
      break;
    case 2:
      if (size >= 33)
        parse_back (data + 1, 32, 2);
      break;
    case 3:                     /* a cache */
      memcpy (buf, g_cache, sizeof buf);
      memcpy (buf, data + 1, size - 1 < sizeof buf ? size - 1 : sizeof buf);
      memset (pk, 0xA5, sizeof pk);
      e = gpg_err_code (kc_musig_pubkey_get (C, pk, 33, buf, sizeof buf));
      if (e && (e != GPG_ERR_INV_OBJ || pk[0] != 0xA5))
        abort ();
      memset (out, 0xA5, sizeof out);
      e = gpg_err_code (kc_musig_nonce_process (C, out, sizeof out, g_an,
                                                sizeof g_an, NULL, 0, buf,
                                                sizeof buf));
      if (e && (e != GPG_ERR_INV_OBJ || out[0] != 0xA5))
        abort ();
      e = gpg_err_code (kc_musig_pubkey_xonly_tweak_add (C, NULL, 0, buf,
                                                         sizeof buf, g_pk + 1,
                                                         32));
      if (e && e != GPG_ERR_INV_OBJ && e != GPG_ERR_BAD_SECKEY)
        abort ();
      e = gpg_err_code (kc_musig_partial_sig_verify (C, g_ps, sizeof g_ps,
                                                     g_pn, sizeof g_pn, g_pk,
                                                     33, buf, sizeof buf,
                                                     g_ss, sizeof g_ss));
      if (e && e != GPG_ERR_INV_OBJ && e != GPG_ERR_BAD_SIGNATURE)
        abort ();
      break;
    case 4:                     /* a session */
      memcpy (buf, g_ss, KC_MUSIG_SESSION_LEN);
      memcpy (buf, data + 1,
              size - 1 < KC_MUSIG_SESSION_LEN ? size - 1 : KC_MUSIG_SESSION_LEN);
      p[0] = g_ps;
      memset (sig, 0xA5, sizeof sig);
      e = gpg_err_code (kc_musig_partial_sig_agg (C, sig, 64, buf,
                                                  KC_MUSIG_SESSION_LEN, 1, p,
                                                  l));
      if (e && (e != GPG_ERR_INV_OBJ || sig[0] != 0xA5))
        abort ();
      e = gpg_err_code (kc_musig_partial_sig_verify (C, g_ps, sizeof g_ps,
                                                     g_pn, sizeof g_pn, g_pk,
                                                     33, g_cache,
                                                     sizeof g_cache, buf,
                                                     KC_MUSIG_SESSION_LEN));
      if (e && e != GPG_ERR_INV_OBJ && e != GPG_ERR_BAD_SIGNATURE)
        abort ();
      break;
    case 5:                     /* an aggregate nonce */
      memcpy (buf, g_an, KC_MUSIG_AGGNONCE_LEN);
      memcpy (buf, data + 1,
              size - 1 < KC_MUSIG_AGGNONCE_LEN ? size - 1 : KC_MUSIG_AGGNONCE_LEN);
      memset (out, 0xA5, sizeof out);
      e = gpg_err_code (kc_musig_nonce_process (C, out, sizeof out, buf,
                                                KC_MUSIG_AGGNONCE_LEN,
                                                data, size, g_cache,
                                                sizeof g_cache));
      if (e && (e != GPG_ERR_INV_OBJ || out[0] != 0xA5))
        abort ();
      e = gpg_err_code (kc_musig_aggnonce_serialize (C, pk, 33, buf,
                                                     KC_MUSIG_AGGNONCE_LEN));
      if (e != GPG_ERR_INV_ARG)
        abort ();               /* the length is wrong: checked first */
      break;
    }
  return 0;
}
