/* t-ecc-btc.c - the Bitcoin-convention ECC functions (pubkey conversion,
 * tweaks, x-only keys, ECDH, recoverable ECDSA, BIP-340):
 *  - the constant-time K*A (_kc_secp256k1_ecmult_const, behind kc_ecdh)
 *    against the variable-time ecmult, on edge and random scalars;
 *  - error codes, untouched outputs and unchanged keys on bad input;
 *  - Wycheproof's secp256k1 ECDH file (ecdh_secp256k1_test.json, through
 *    wycheproof-secp256k1.c): every case whose key is a strict
 *    secp256k1 SubjectPublicKeyInfo, raw x and hashed;
 *  - differentially against Debian's libsecp256k1 (modules schnorrsig,
 *    extrakeys, ecdh, recovery) on thousands of random inputs: the same
 *    bytes for every key, signature and secret, the same accept/reject
 *    on garbage (random and flipped signatures, off-curve keys, x >= p,
 *    tweaks >= n or giving 0, bad recovery ids).  Without libsecp256k1
 *    that part is skipped (and said so).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "t-secp256k1.h"
#include "secp256k1/ecmult.h"
#include "wycheproof.h"
#include "t-wp-ecdh.h"

#ifdef HAVE_LIBSECP256K1
# include <secp256k1.h>
# include <secp256k1_ecdh.h>
# include <secp256k1_extrakeys.h>
# include <secp256k1_recovery.h>
# include <secp256k1_schnorrsig.h>
#endif

#define C KC_ECC_SECP256K1


#ifdef HAVE_LIBSECP256K1
/* A random 32-byte value, sometimes at or above n, 0, or small. */
static void
rand_tweak (unsigned char t[32])
{
  unsigned int k = (unsigned int) (t_rand64 () % 8);
  t_randbytes (t, 32);
  if (k == 0)
    memcpy (t, n_be, 32);                         /* = n */
  else if (k == 1)
    memset (t, 0xFF, 32);                         /* > n */
  else if (k == 2)
    memset (t, 0, 32);                            /* 0 */
  else if (k == 3)
    {
      memcpy (t, n_be, 32);                       /* n + small */
      t[31] = (unsigned char) (t[31] + (t_rand64 () & 0x3F));
    }
}
#endif

/* ------------------------------------------------ ecmult_const */

static void
test_ecmult_const (void)
{
  static const char *const edges[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000001",
    "0000000000000000000000000000000000000000000000000000000000000010",
    "0000000000000000000000000000000000000000000000000000000000000011",
    "00000000000000000000000000000000ffffffffffffffffffffffffffffffff",
    "0000000000000000000000000000000100000000000000000000000000000000",
    "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0",
    "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a1",
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
    "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd036413f",
    "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72",
    "ac9c52b33fa3cf1f5ad9e3fd77ed9ba4a880b9fc8ec739c2e0cfc810b51283ce",
    "8484848484848484848484848484848484848484848484848484848484848484",
  };
  int i;
  for (i = 0; i < (int) KC_DIM (edges) + 2000; i++)
    {
      unsigned char kb[32], sb[32], out1[65], out2[65];
      _kc_secp256k1_scalar k, s, zero;
      _kc_secp256k1_gej aj, r1, r2;
      _kc_secp256k1_ge a, ra1, ra2;

      if (i < (int) KC_DIM (edges))
        t_unhex (kb, 32, edges[i]);
      else
        {
          t_randbytes (kb, 32);
          if (i % 5 == 0)                        /* short scalars */
            memset (kb, 0, 16 + (size_t) (t_rand64 () % 16));
        }
      _kc_secp256k1_scalar_set_b32 (&k, kb, NULL);
      /* A = s*G for a random s */
      t_randbytes (sb, 32);
      _kc_secp256k1_scalar_set_b32 (&s, sb, NULL);
      if (_kc_secp256k1_scalar_is_zero (&s))
        continue;
      _kc_secp256k1_ecmult_gen (&aj, &s);
      _kc_secp256k1_ge_set_gej (&a, &aj);
      _kc_secp256k1_ecmult_const (&r1, &a, &k);
      _kc_secp256k1_scalar_set_int (&zero, 0);
      _kc_secp256k1_ecmult_var (&r2, &aj, &k, &zero);
      _kc_secp256k1_ge_set_gej_var (&ra1, &r1);
      _kc_secp256k1_ge_set_gej_var (&ra2, &r2);
      CHECK (ra1.infinity == ra2.infinity, "ecmult_const infinity (%d)", i);
      if (ra1.infinity || ra2.infinity)
        {
          CHECK (_kc_secp256k1_scalar_is_zero (&k), "infinity for k != 0");
          continue;
        }
      _kc_secp256k1_fe_normalize_var (&ra1.x);
      _kc_secp256k1_fe_normalize_var (&ra1.y);
      _kc_secp256k1_fe_get_b32 (out1, &ra1.x);
      _kc_secp256k1_fe_get_b32 (out1 + 32, &ra1.y);
      _kc_secp256k1_fe_get_b32 (out2, &ra2.x);
      _kc_secp256k1_fe_get_b32 (out2 + 32, &ra2.y);
      CHECK (!memcmp (out1, out2, 64), "ecmult_const vs ecmult_var (%d)", i);
    }
}

/* ------------------------------------------------ own consistency */

static void
test_consistency (void)
{
  int it;
  for (it = 0; it < 300; it++)
    {
      unsigned char a[32], b[32], pa[33], pb[33], s1[32], s2[32], x1[32];
      unsigned char t[32], a2[32], pa2[33], pt[65], pt33[33], xo[32], xt[32];
      unsigned char dg[32], sig[65], rec[65];
      size_t sl = sizeof sig;
      int par, par2;

      rand_key (a, pa);
      rand_key (b, pb);
      /* ECDH is symmetric; raw x is the x of the shared point */
      CHECK_ERR (kc_ecdh (C, 0, s1, 32, a, 32, pb, 33), 0);
      CHECK_ERR (kc_ecdh (C, 0, s2, 32, b, 32, pa, 33), 0);
      CHECK (!memcmp (s1, s2, 32), "ecdh symmetric");
      CHECK_ERR (kc_ecdh (C, KC_ECDH_RAW_X, x1, 32, a, 32, pb, 33), 0);
      CHECK_ERR (kc_ecdh (C, KC_ECDH_RAW_X, s2, 32, b, 32, pa, 33), 0);
      CHECK (!memcmp (x1, s2, 32), "ecdh raw symmetric");
      /* tweaks commute with the public key */
      t_randbytes (t, 32);
      t[0] &= 0x7F;
      memcpy (a2, a, 32);
      CHECK_ERR (kc_ecc_seckey_tweak_add (C, a2, 32, t, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (C, pa2, 33, a2, 32), 0);
      CHECK_ERR (kc_ecc_pubkey_tweak_add (C, pt, 65, pa, 33, t, 32), 0);
      CHECK_ERR (kc_ecc_pubkey_convert (C, pt33, 33, pt, 65), 0);
      CHECK (!memcmp (pt33, pa2, 33), "tweak: (a+t)G = aG + tG");
      /* x-only: the compressed key's x and parity */
      CHECK_ERR (kc_ecc_xonly_pubkey (C, xo, 32, &par, a, 32), 0);
      CHECK (!memcmp (xo, pa + 1, 32) && par == (pa[0] & 1), "x-only");
      /* taproot: lift_x (P) + tG, P even: the tweak of the even key */
      CHECK_ERR (kc_ecc_xonly_tweak_add (C, xt, 32, &par2, xo, 32, t, 32), 0);
      pa[0] = 0x02;
      CHECK_ERR (kc_ecc_pubkey_tweak_add (C, pt33, 33, pa, 33, t, 32), 0);
      CHECK (!memcmp (xt, pt33 + 1, 32) && par2 == (pt33[0] & 1),
             "x-only tweak = even key tweak");
      /* recoverable signatures recover the signer, in both encodings */
      t_randbytes (dg, 32);
      CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_RECOVERABLE, sig, &sl, a, 32,
                                dg, 32), 0);
      CHECK (sl == 65 && sig[64] <= 3, "recoverable length / recid");
      CHECK_ERR (kc_ecdsa_recover (C, rec, 65, sig, 65, dg, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_LOW_S, sig, 64, rec, 65, dg, 32),
                 0);
      CHECK_ERR (kc_ecdsa_recover (C, rec, 33, sig, 65, dg, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (C, pa2, 33, a, 32), 0);
      CHECK (!memcmp (rec, pa2, 33), "recovered key");
      sig[64] ^= 1;                              /* the other y: another key */
      if (kc_ecdsa_recover (C, rec, 33, sig, 65, dg, 32) == 0)
        CHECK (memcmp (rec, pa2, 33) != 0, "wrong recid recovers signer");
    }
}

/* ------------------------------------------------ bad input */

static void
test_errors (void)
{
  unsigned char sk[32], pk[33], pk65[65], t[32], out[65], keep[65], sk0[32];
  unsigned char sig[65], dg[32], x[32];
  size_t sl;
  int par = 7;

  rand_key (sk, pk);
  CHECK_ERR (kc_ecc_pubkey_convert (C, pk65, 65, pk, 33), 0);
  memset (out, 0x5A, sizeof out);
  memcpy (keep, out, sizeof out);
  memset (t, 0, 32);
  t_randbytes (dg, 32);

  /* seckey tweaks: >= n, or a sum of 0, leave the key as it was */
  memcpy (sk0, sk, 32);
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk, 32, n_be, 32), GPG_ERR_BAD_SECKEY);
  n_minus (t, sk);
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk, 32, t, 32), GPG_ERR_BAD_SECKEY);
  CHECK (!memcmp (sk, sk0, 32), "seckey changed on error");
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk, 31, t, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk, 32, t, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk, 32, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_tweak_add (9, sk, 32, t, 32), GPG_ERR_NOT_SUPPORTED);
  memset (sk0, 0, 32);                          /* key 0 itself */
  CHECK_ERR (kc_ecc_seckey_tweak_add (C, sk0, 32, sk, 32), GPG_ERR_BAD_SECKEY);
  CHECK (sk0[0] == 0 && !memcmp (sk0, sk0 + 1, 31), "zero key changed");
  /* pubkey tweaks: P + (n - sk)G is infinity */
  CHECK_ERR (kc_ecc_pubkey_tweak_add (C, out, 33, pk, 33, t, 32),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_ecc_pubkey_tweak_add (C, out, 65, pk65, 65, n_be, 32),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_ecc_pubkey_tweak_add (C, out, 64, pk65, 65, n_be, 32),
             GPG_ERR_INV_ARG);
  pk65[64] ^= 1;                                /* off the curve */
  CHECK_ERR (kc_ecc_pubkey_tweak_add (C, out, 65, pk65, 65, sk, 32),
             GPG_ERR_BAD_PUBKEY);
  CHECK_ERR (kc_ecc_pubkey_convert (C, out, 33, pk65, 65), GPG_ERR_BAD_PUBKEY);
  CHECK_ERR (kc_ecdh (C, 0, out, 32, sk, 32, pk65, 65), GPG_ERR_BAD_PUBKEY);
  pk65[64] ^= 1;
  CHECK_ERR (kc_ecc_pubkey_convert (C, out, 34, pk65, 65), GPG_ERR_INV_ARG);
  CHECK (!memcmp (out, keep, sizeof out), "output written on error");
  /* x-only tweak: x >= p is a bad key; the tweak of -P's x ... */
  memset (x, 0xFF, 32);
  CHECK_ERR (kc_ecc_xonly_tweak_add (C, out, 32, &par, x, 32, sk, 32),
             GPG_ERR_BAD_PUBKEY);
  CHECK_ERR (kc_ecc_xonly_tweak_add (C, out, 32, &par, pk + 1, 32, n_be, 32),
             GPG_ERR_BAD_SECKEY);
  /* lift_x (x(P)) is P or -P: with t = sk or n - sk one of them gives
   * infinity, the other not */
  {
    gpg_error_t e1 = kc_ecc_xonly_tweak_add (C, out, 32, &par, pk + 1, 32,
                                             t, 32);
    gpg_error_t e2 = kc_ecc_xonly_tweak_add (C, out, 32, &par, pk + 1, 32,
                                             sk, 32);
    CHECK ((pk[0] == 0x02) ? gpg_err_code (e1) == GPG_ERR_BAD_SECKEY && !e2
           : gpg_err_code (e2) == GPG_ERR_BAD_SECKEY && !e1,
           "x-only tweak to infinity");
    memcpy (out, keep, sizeof out);
    par = 7;
  }
  CHECK_ERR (kc_ecc_xonly_tweak_add (C, out, 33, &par, pk + 1, 32, t, 32),
             GPG_ERR_INV_ARG);
  CHECK (!memcmp (out, keep, sizeof out) && par == 7, "output written");
  /* ECDH */
  CHECK_ERR (kc_ecdh (C, 2, out, 32, sk, 32, pk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdh (C, 0, out, 33, sk, 32, pk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdh (C, 0, out, 32, sk, 32, pk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdh (C, 0, out, 32, n_be, 32, pk, 33), GPG_ERR_BAD_SECKEY);
  memset (x, 0, 32);
  CHECK_ERR (kc_ecdh (C, 0, out, 32, x, 32, pk, 33), GPG_ERR_BAD_SECKEY);
  CHECK (!memcmp (out, keep, sizeof out), "ecdh output written on error");
  /* recoverable signing and recovery */
  sl = 64;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_RECOVERABLE, sig, &sl, sk, 32, dg, 32),
             GPG_ERR_TOO_SHORT);
  CHECK (sl == 65, "needed length");
  sl = 72;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_RECOVERABLE | KC_ECDSA_DER, sig, &sl,
                            sk, 32, dg, 32), GPG_ERR_INV_ARG);
  sl = 65;
  CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_RECOVERABLE, sig, &sl, sk, 32, dg, 32),
             0);
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 64, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_recover (C, out, 64, sig, 65, dg, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 0), GPG_ERR_INV_ARG);
  sig[64] = 4;
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  sig[64] = 0;
  memcpy (sig + 32, n_be, 32);                  /* s = n */
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  memset (sig + 32, 0, 32);                     /* s = 0 */
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  memset (sig, 0xFF, 32);                       /* r >= n */
  sig[63] = 1;
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  /* r = 1 with recid 2: x = n + 1 < p is allowed, and a point exists only
   * if (n+1)^3 + 7 is a square; r = p - n with recid 2/3: x = p, never */
  memset (sig, 0, 32);
  sig[15] = 1; sig[16] = 0x45; sig[17] = 0x51; sig[18] = 0x23; sig[19] = 0x19;
  sig[20] = 0x50; sig[21] = 0xB7; sig[22] = 0x5F; sig[23] = 0xC4;
  sig[24] = 0x40; sig[25] = 0x2D; sig[26] = 0xA1; sig[27] = 0x72;
  sig[28] = 0x2F; sig[29] = 0xC9; sig[30] = 0xBA; sig[31] = 0xEE;
  sig[64] = 2;
  CHECK_ERR (kc_ecdsa_recover (C, out, 65, sig, 65, dg, 32),
             GPG_ERR_BAD_SIGNATURE);
  CHECK (!memcmp (out, keep, sizeof out), "recover output written on error");
  CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_RECOVERABLE, sig, 65, pk, 33, dg, 32),
             GPG_ERR_INV_ARG);
}

/* ------------------------------------------------ libsecp256k1 */

#ifdef HAVE_LIBSECP256K1
static secp256k1_context *sctx;

static int
hash_raw_x (unsigned char *out, const unsigned char *x32,
            const unsigned char *y32, void *data)
{
  (void) y32;
  (void) data;
  memcpy (out, x32, 32);
  return 1;
}

/* A random 33- or 65-byte string that is often, but not always, a key. */
static size_t
rand_pubkey (unsigned char *p)
{
  unsigned char sk[32];
  size_t len = (t_rand64 () & 1) ? 33 : 65;
  unsigned int k = (unsigned int) (t_rand64 () % 6);
  rand_key (sk, p);
  if (len == 65)
    kc_ecc_pubkey (C, p, 65, sk, 32);
  if (k == 0)
    p[1 + t_rand64 () % (len - 1)] ^= (unsigned char) (1u << (t_rand64 () % 8));
  else if (k == 1)
    t_randbytes (p + 1, len - 1);
  else if (k == 2)
    memset (p + 1, 0xFF, 32);                   /* x >= p */
  else if (k == 3)
    p[0] = (unsigned char) (t_rand64 () & 7);
  return len;
}

static void
peer_keys (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char p[65], o1[65], o2[65], sk[32], sk1[32], sk2[32], t[32];
      size_t len = rand_pubkey (p), olen = (t_rand64 () & 1) ? 33 : 65, ol2;
      secp256k1_pubkey sp;
      secp256k1_xonly_pubkey sx;
      gpg_error_t e;
      int ok, par1, par2;

      /* conversion: the same keys parse, to the same bytes, the hybrid
       * 06/07 encoding included (kc_ecc_pubkey_convert alone takes it:
       * the other calls refuse it, the tweak below for one) */
      ok = secp256k1_ec_pubkey_parse (sctx, &sp, p, len);
      e = kc_ecc_pubkey_convert (C, o1, olen, p, len);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_PUBKEY,
             "convert accept/reject (%d)", it);
      if (ok)
        {
          ol2 = olen;
          secp256k1_ec_pubkey_serialize (sctx, o2, &ol2, &sp, olen == 33
                                         ? SECP256K1_EC_COMPRESSED
                                         : SECP256K1_EC_UNCOMPRESSED);
          CHECK (!memcmp (o1, o2, olen), "convert bytes (%d)", it);
        }
      if (ok && (p[0] == 0x06 || p[0] == 0x07))
        ok = 0;
      /* pubkey tweak */
      rand_tweak (t);
      e = kc_ecc_pubkey_tweak_add (C, o1, olen, p, len, t, 32);
      if (!ok)
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "tweak of a bad key");
      else
        {
          int ok2 = secp256k1_ec_pubkey_tweak_add (sctx, &sp, t);
          CHECK (ok2 ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
                 "pubkey tweak accept/reject (%d)", it);
          if (ok2 && !e)
            {
              ol2 = olen;
              secp256k1_ec_pubkey_serialize (sctx, o2, &ol2, &sp, olen == 33
                                             ? SECP256K1_EC_COMPRESSED
                                             : SECP256K1_EC_UNCOMPRESSED);
              CHECK (!memcmp (o1, o2, olen), "pubkey tweak bytes (%d)", it);
            }
        }
      /* seckey tweak, including sums of 0 */
      rand_key (sk, o1);
      rand_tweak (t);
      if (it % 10 == 0)
        n_minus (t, sk);
      memcpy (sk1, sk, 32);
      memcpy (sk2, sk, 32);
      e = kc_ecc_seckey_tweak_add (C, sk1, 32, t, 32);
      ok = secp256k1_ec_seckey_tweak_add (sctx, sk2, t);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
             "seckey tweak accept/reject (%d)", it);
      CHECK (ok ? !memcmp (sk1, sk2, 32) : !memcmp (sk1, sk, 32),
             "seckey tweak bytes (%d)", it);
      /* x-only tweak (BIP-341) on random x */
      if (it & 1)
        t_randbytes (p + 1, 32);
      if (it % 7 == 0)
        memset (p + 1, 0xFF, 32);
      rand_tweak (t);
      ok = secp256k1_xonly_pubkey_parse (sctx, &sx, p + 1);
      e = kc_ecc_xonly_tweak_add (C, o1, 32, &par1, p + 1, 32, t, 32);
      if (!ok)
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "x-only parse (%d)", it);
      else
        {
          int ok2 = secp256k1_xonly_pubkey_tweak_add (sctx, &sp, &sx, t);
          CHECK (ok2 ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
                 "x-only tweak accept/reject (%d)", it);
          if (ok2 && !e)
            {
              secp256k1_xonly_pubkey qx;
              CHECK (secp256k1_xonly_pubkey_from_pubkey (sctx, &qx, &par2, &sp),
                     "peer x-only");
              secp256k1_xonly_pubkey_serialize (sctx, o2, &qx);
              CHECK (!memcmp (o1, o2, 32) && par1 == par2,
                     "x-only tweak bytes/parity (%d)", it);
              CHECK (secp256k1_xonly_pubkey_tweak_add_check (sctx, o1, par1,
                                                             &sx, t) == 1,
                     "peer tweak check (%d)", it);
            }
        }
    }
}

static void
peer_ecdh (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], p[65], o1[32], o2[32], dummy[33];
      size_t len = rand_pubkey (p);
      secp256k1_pubkey sp;
      int ok = secp256k1_ec_pubkey_parse (sctx, &sp, p, len)
               && p[0] != 0x06 && p[0] != 0x07, ok2;   /* hybrid: refused */
      gpg_error_t e;

      rand_key (sk, dummy);
      e = kc_ecdh (C, 0, o1, 32, sk, 32, p, len);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_PUBKEY,
             "ecdh accept/reject (%d)", it);
      if (!ok)
        continue;
      ok2 = secp256k1_ecdh (sctx, o2, &sp, sk, NULL, NULL);
      CHECK (ok2 && !memcmp (o1, o2, 32), "ecdh bytes (%d)", it);
      CHECK_ERR (kc_ecdh (C, KC_ECDH_RAW_X, o1, 32, sk, 32, p, len), 0);
      ok2 = secp256k1_ecdh (sctx, o2, &sp, sk, hash_raw_x, NULL);
      CHECK (ok2 && !memcmp (o1, o2, 32), "ecdh raw x (%d)", it);
    }
}

static void
peer_recovery (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], pk[33], dg[32], sig[65], psig[64], o1[65], o2[65];
      secp256k1_ecdsa_recoverable_signature rs;
      secp256k1_pubkey sp;
      size_t sl = sizeof sig, ol = 65;
      int recid, ok;
      gpg_error_t e;

      rand_key (sk, pk);
      t_randbytes (dg, 32);
      CHECK_ERR (kc_ecdsa_sign (C, KC_ECDSA_RECOVERABLE, sig, &sl, sk, 32,
                                dg, 32), 0);
      CHECK (secp256k1_ecdsa_sign_recoverable (sctx, &rs, dg, sk, NULL, NULL),
             "peer sign");
      secp256k1_ecdsa_recoverable_signature_serialize_compact (sctx, psig,
                                                               &recid, &rs);
      CHECK (sl == 65 && !memcmp (sig, psig, 64) && sig[64] == recid,
             "recoverable signature bytes (%d)", it);
      /* garbage: flips, random r/s, random recid, r or s out of range */
      switch (it % 6)
        {
        case 0: break;
        case 1: sig[t_rand64 () % 64] ^= (unsigned char) (1u << (t_rand64 () % 8)); break;
        case 2: t_randbytes (sig, 32); break;
        case 3: sig[64] = (unsigned char) (t_rand64 () % 4); break;
        case 4: memset (sig, 0, 31); sig[31] = (unsigned char) (t_rand64 () & 3);
          sig[64] |= 2; break;
        case 5: if (t_rand64 () & 1) memcpy (sig, n_be, 32);
          else memset (sig + 32, 0, 32);
          break;
        }
      e = kc_ecdsa_recover (C, o1, 65, sig, 65, dg, 32);
      ok = secp256k1_ecdsa_recoverable_signature_parse_compact (sctx, &rs, sig,
                                                                sig[64])
           && secp256k1_ecdsa_recover (sctx, &sp, &rs, dg);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SIGNATURE,
             "recover accept/reject (%d, case %d)", it, it % 6);
      if (ok && !e)
        {
          secp256k1_ec_pubkey_serialize (sctx, o2, &ol, &sp,
                                         SECP256K1_EC_UNCOMPRESSED);
          CHECK (!memcmp (o1, o2, 65), "recovered key bytes (%d)", it);
        }
    }
}

static void
peer_schnorr (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], pk[33], x1[32], x2[32], aux[32], msg[80];
      unsigned char s1[64], s2[64];
      size_t mlen = (size_t) (t_rand64 () % sizeof msg);
      secp256k1_keypair kp;
      secp256k1_xonly_pubkey sx;
      secp256k1_schnorrsig_extraparams ep = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
      int par1, par2, use_aux = it & 1, ok;
      gpg_error_t e;

      rand_key (sk, pk);
      t_randbytes (aux, 32);
      t_randbytes (msg, mlen);
      CHECK_ERR (kc_ecc_xonly_pubkey (C, x1, 32, &par1, sk, 32), 0);
      CHECK (secp256k1_keypair_create (sctx, &kp, sk), "peer keypair");
      CHECK (secp256k1_keypair_xonly_pub (sctx, &sx, &par2, &kp), "peer x-only");
      secp256k1_xonly_pubkey_serialize (sctx, x2, &sx);
      CHECK (!memcmp (x1, x2, 32) && par1 == par2, "x-only key (%d)", it);
      CHECK_ERR (kc_schnorr_sign (C, s1, 64, sk, 32, mlen ? msg : NULL, mlen,
                                  use_aux ? aux : NULL, use_aux ? 32 : 0), 0);
      ep.ndata = use_aux ? aux : NULL;
      CHECK (secp256k1_schnorrsig_sign_custom (sctx, s2, msg, mlen, &kp, &ep),
             "peer sign");
      CHECK (!memcmp (s1, s2, 64), "schnorr signature bytes (%d)", it);
      /* garbage: flipped bits, random sigs, r >= p, s >= n, random keys */
      switch (it % 6)
        {
        case 0: break;
        case 1: s1[t_rand64 () % 64] ^= (unsigned char) (1u << (t_rand64 () % 8)); break;
        case 2: t_randbytes (s1, 64); break;
        case 3: memset (s1, 0xFF, 32); break;
        case 4: memcpy (s1 + 32, n_be, 32); break;
        case 5: t_randbytes (x1, 32); if (t_rand64 () & 1) memset (x1, 0xFF, 4);
          break;
        }
      e = kc_schnorr_verify (C, s1, 64, x1, 32, mlen ? msg : NULL, mlen);
      ok = secp256k1_xonly_pubkey_parse (sctx, &sx, x1);
      if (!ok)
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "x-only parse (%d)", it);
      else
        {
          ok = secp256k1_schnorrsig_verify (sctx, s1, msg, mlen, &sx);
          CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SIGNATURE,
                 "schnorr accept/reject (%d, case %d)", it, it % 6);
          CHECK (it % 6 != 0 || ok, "own signature rejected by peer (%d)", it);
        }
    }
}
#endif /* HAVE_LIBSECP256K1 */

/* Wycheproof's ECDH cases on secp256k1 (t-wp-ecdh.h): 473 valid, 22
 * invalid (points off the curve, x >= p, a compressed x with no point),
 * 7 acceptable (a compressed key, a parameter present but unused); the
 * other 250 are about the ASN.1 wrapper or other curves. */
static void
test_wycheproof_ecdh (void)
{
  int n[4] = { 0, 0, 0, 0 };

  wp_ecdh_run (C, "wycheproof ECDH", _kc_wp_secp256k1_ecdh,
               _kc_wp_secp256k1_ecdh_count, n);
  CHECK (n[1] == 473 && n[0] == 22 && n[2] == 7 && n[3] == 250,
         "wycheproof ECDH counts %d %d %d %d", n[0], n[1], n[2], n[3]);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (18);
  test_ecmult_const ();
  test_consistency ();
  test_errors ();
  test_wycheproof_ecdh ();
#ifdef HAVE_LIBSECP256K1
  sctx = secp256k1_context_create (SECP256K1_CONTEXT_SIGN
                                   | SECP256K1_CONTEXT_VERIFY);
  peer_keys (3000);
  peer_ecdh (2000);
  peer_recovery (3000);
  peer_schnorr (3000);
  secp256k1_context_destroy (sctx);
#else
  printf ("t-ecc-btc: libsecp256k1 differential part skipped (not found)\n");
#endif
  t_rerun_portable (argv);
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 ecmult_var */
  return t_done ("t-ecc-btc");
}
