/* t-ecdsa.c - ECDSA on secp256k1 through the public API:
 *  - the published RFC 6979 secp256k1 vectors (key, message) -> nonce k and
 *    exact low-S signature;
 *  - every case of the two Wycheproof files gives its expected result;
 *  - interop with libsecp256k1 (byte-identical signatures and public keys,
 *    each verifies the other's) and OpenSSL (each verifies the other's,
 *    DER), when those peers are available.

 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecdsa.h"
#include "hash/sha256.h"
#include "t-common.h"
#include "wycheproof.h"
#include "t-wp-ecdsa.h"

#ifdef HAVE_LIBSECP256K1
# include <secp256k1.h>
#endif
#ifdef HAVE_OPENSSL
# define OPENSSL_SUPPRESS_DEPRECATED 1
# include <openssl/ec.h>
# include <openssl/ecdsa.h>
# include <openssl/obj_mac.h>
# include <openssl/bn.h>
#endif

#define CURVE KC_ECC_SECP256K1

/* Test vectors for RFC 6979 ECDSA, secp256k1, SHA-256, published on
 * bitcointalk (topic 285142, msg3299061) and reused by many secp256k1
 * libraries (trezor-crypto, python-bitcoinlib, ...): private key, message
 * (hashed with SHA-256), the RFC 6979 nonce k, and the signature r||s in
 * its low-S form. */
static const struct
{
  const char *key, *msg, *k, *sig;
} rfc6979_vectors[] = {
  { "0000000000000000000000000000000000000000000000000000000000000001",
    "Satoshi Nakamoto",
    "8f8a276c19f4149656b280621e358cce24f5f52542772691ee69063b74f15d15",
    "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
    "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5" },
  { "0000000000000000000000000000000000000000000000000000000000000001",
    "All those moments will be lost in time, like tears in rain. Time to die...",
    "38aa22d72376b4dbc472e06c3ba403ee0a394da63fc58d88686c611aba98d6b3",
    "8600dbd41e348fe5c9465ab92d23e3db8b98b873beecd930736488696438cb6b"
    "547fe64427496db33bf66019dacbf0039c04199abb0122918601db38a72cfc21" },
  { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
    "Satoshi Nakamoto",
    "33a19b60e25fb6f4435af53a3d42d493644827367e6453928554f43e49aa6f90",
    "fd567d121db66e382991534ada77a6bd3106f0a1098c231e47993447cd6af2d0"
    "6b39cd0eb1bc8603e159ef5c20a5c8ad685a45b06ce9bebed3f153d10d93bed5" },
  { "f8b8af8ce3c7cca5e300d33939540c10d45ce001b8f252bfbc57ba0342904181",
    "Alan Turing",
    "525a82b70e67874398067543fd84c83d30c175fdc45fdeee082fe13b1d7cfdf1",
    "7063ae83e7f62bbb171798131b4a0564b956930092b33b07b395615d9ec7e15c"
    "58dfcc1e00a35e1572f366ffe34ba0fc47db1e7189759b9fb233c5b05ab388ea" },
  { "e91671c46231f833a6406ccbea0e3e392c76c167bac1cb013f6f1013980455c2",
    "There is a computer disease that anybody who works with computers "
    "knows about. It's a very serious disease and it interferes completely "
    "with the work. The trouble with computers is that you 'play' with them!",
    "1f4b84c23a86a221d233f2521be018d9318639d5b8bbd6374a8a59232d16ad3d",
    "b552edd27580141f3b2a5463048cb7cd3e047b97c9f98076c32dbdf85a68718b"
    "279fa72dd19bfae05577e06c7c0c1900c371fcd5893f7e1d56a37d30174671f6" },
  { "0000000000000000000000000000000000000000000000000000000000000001",
    "Everything should be made as simple as possible, but not simpler.",
    "ec633bd56a5774a0940cb97e27a9e4e51dc94af737596a0c5cbb3d30332d92a5",
    "33a69cd2065432a30f3d1ce4eb0d59b8ab58c74f27c41a7fdb5696ad4e6108c9"
    "6f807982866f785d3f6418d24163ddae117b7db4d5fdf0071de069fa54342262" },
  { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
    "Equations are more important to me, because politics is for the "
    "present, but an equation is something for eternity.",
    "9dc74cbfd383980fb4ae5d2680acddac9dac956dca65a28c80ac9c847c2374e4",
    "54c4a33c6423d689378f160a7ff8b61330444abb58fb470f96ea16d99d4a2fed"
    "07082304410efa6b2943111b6a4e0aaa7b7db55a07e9861d1fb3cb1f421044a5" },
  { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
    "Not only is the Universe stranger than we think, it is stranger than "
    "we can think.",
    "fd27071f01648ebbdd3e1cfbae48facc9fa97edc43bbbc9a7fdc28eae13296f5",
    "ff466a9f1b7b273e2f4c3ffe032eb2e814121ed18ef84665d0f515360dab3dd0"
    "6fc95f5132e5ecfdc8e5e6e616cc77151455d46ed48f5589b7db7771a332b283" },
};

#ifdef HAVE_LIBSECP256K1
static secp256k1_context *sctx;

/* libsecp256k1's compact RFC 6979 signature of DIGEST32 under KEY. */
static int
peer_secp_sign (unsigned char sig[64], const unsigned char key[32],
                const unsigned char digest[32])
{
  secp256k1_ecdsa_signature s;
  if (!secp256k1_ecdsa_sign (sctx, &s, digest, key, NULL, NULL))
    return 0;
  return secp256k1_ecdsa_signature_serialize_compact (sctx, sig, &s);
}
#endif

static void
test_rfc6979_vectors (void)
{
  size_t i;
  for (i = 0; i < KC_DIM (rfc6979_vectors); i++)
    {
      unsigned char key[32], kwant[32], kgot[32], want[64], sig[72], dg[32];
      unsigned char pub[65];
      _kc_secp256k1_scalar x, m, k;
      size_t siglen = sizeof sig;

      t_unhex (key, 32, rfc6979_vectors[i].key);
      t_unhex (kwant, 32, rfc6979_vectors[i].k);
      t_unhex (want, 64, rfc6979_vectors[i].sig);
      _kc_sha256 (dg, rfc6979_vectors[i].msg, strlen (rfc6979_vectors[i].msg));

      /* the nonce itself */
      _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
      _kc_ecdsa_digest_to_scalar (&m, dg, 32);
      _kc_ecdsa_rfc6979_nonce (&k, &x, &m, 0);
      _kc_secp256k1_scalar_get_b32 (kgot, &k);
      CHECK (!memcmp (kgot, kwant, 32), "rfc6979 vector %zu: nonce", i);

      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &siglen, key, 32, dg, 32), 0);
      CHECK (siglen == 64 && !memcmp (sig, want, 64),
             "rfc6979 vector %zu: signature", i);
      if (siglen != 64 || memcmp (sig, want, 64))
        {
          t_hexdump (stderr, "  got:  ", sig, 64);
          t_hexdump (stderr, "  want: ", want, 64);
        }
      CHECK_ERR (kc_ecc_pubkey (CURVE, pub, 65, key, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_LOW_S, want, 64, pub, 65,
                                  dg, 32), 0);
#ifdef HAVE_LIBSECP256K1
      {
        unsigned char ps[64];
        CHECK (peer_secp_sign (ps, key, dg) && !memcmp (ps, want, 64),
               "rfc6979 vector %zu: libsecp256k1 agrees", i);
      }
#endif
    }
}

static void
test_wycheproof (void)
{
  size_t i;
  int nvalid = 0, ninvalid = 0;

  for (i = 0; i < _kc_wycheproof_ncases; i++)
    {
      const struct _kc_wycheproof_case *c = &_kc_wycheproof_cases[i];
      unsigned char dg[32];
      gpg_error_t err;

      _kc_sha256 (dg, c->msg, c->msg_len);
      err = kc_ecdsa_verify (CURVE, c->der ? KC_ECDSA_DER : 0,
                             c->sig, c->sig_len, c->pub, c->pub_len, dg, 32);
      if (c->valid)
        {
          nvalid++;
          CHECK (!err, "wycheproof %s tcId %d: valid, got %s", c->file,
                 c->tcid, gpg_strerror (err));
        }
      else
        {
          /* A raw signature of the wrong size is an argument error; all
           * other rejections are BAD_SIGNATURE. */
          gpg_err_code_t want = (!c->der && c->sig_len != 64)
                                ? GPG_ERR_INV_ARG : GPG_ERR_BAD_SIGNATURE;
          ninvalid++;
          CHECK (gpg_err_code (err) == want,
                 "wycheproof %s tcId %d: invalid, got %s", c->file, c->tcid,
                 gpg_strerror (err));
        }
    }
  CHECK (nvalid == 168 + 167 && ninvalid == 308 + 85,
         "wycheproof case counts %d %d", nvalid, ninvalid);
}

#ifdef HAVE_OPENSSL
static EC_KEY *
ossl_key (const unsigned char key[32])
{
  EC_KEY *k = EC_KEY_new_by_curve_name (NID_secp256k1);
  BIGNUM *d = BN_bin2bn (key, 32, NULL);
  EC_POINT *pt = EC_POINT_new (EC_KEY_get0_group (k));
  EC_POINT_mul (EC_KEY_get0_group (k), pt, d, NULL, NULL, NULL);
  EC_KEY_set_private_key (k, d);
  EC_KEY_set_public_key (k, pt);
  EC_POINT_free (pt);
  BN_free (d);
  return k;
}
#endif

/* Random keys and digests: ours vs the peers. */
static void
test_interop (int count)
{
  int it;
#if !defined(HAVE_LIBSECP256K1) && !defined(HAVE_OPENSSL)
  printf ("t-ecdsa: interop skipped (no libsecp256k1, no OpenSSL)\n");
  (void) count; (void) it;
  return;
#else
  for (it = 0; it < count; it++)
    {
      unsigned char key[32], dg[32], sig[64], der[72], pub65[65], pub33[33];
      size_t siglen = sizeof sig, derlen = sizeof der;
      gpg_error_t err;

      do
        {
          t_randbytes (key, 32);
          if (it % 50 == 1)          /* small and large keys now and then */
            {
              memset (key, it & 2 ? 0xff : 0, 16);
              if (it & 2)
                key[15] = 0xfe;      /* top half of n, the rest random */
            }
          err = kc_ecc_pubkey (CURVE, pub65, 65, key, 32);
        }
      while (gpg_err_code (err) == GPG_ERR_BAD_SECKEY);
      CHECK_ERR (err, 0);
      CHECK_ERR (kc_ecc_pubkey (CURVE, pub33, 33, key, 32), 0);
      t_randbytes (dg, 32);
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &siglen, key, 32, dg, 32), 0);
      CHECK_ERR (kc_ecdsa_sign (CURVE, KC_ECDSA_DER, der, &derlen, key, 32,
                                dg, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_LOW_S, sig, 64, pub33, 33,
                                  dg, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, der, derlen, pub65, 65,
                                  dg, 32), 0);
#ifdef HAVE_LIBSECP256K1
      {
        secp256k1_pubkey spk;
        secp256k1_ecdsa_signature ss;
        unsigned char ps[64], ppub[65];
        size_t plen = 65;

        /* public keys agree in both formats */
        CHECK (secp256k1_ec_pubkey_create (sctx, &spk, key), "peer pubkey");
        secp256k1_ec_pubkey_serialize (sctx, ppub, &plen, &spk,
                                       SECP256K1_EC_UNCOMPRESSED);
        CHECK (!memcmp (ppub, pub65, 65), "pubkey65 vs libsecp256k1 (%d)", it);
        plen = 33;
        secp256k1_ec_pubkey_serialize (sctx, ppub, &plen, &spk,
                                       SECP256K1_EC_COMPRESSED);
        CHECK (!memcmp (ppub, pub33, 33), "pubkey33 vs libsecp256k1 (%d)", it);
        /* byte-identical signatures */
        CHECK (peer_secp_sign (ps, key, dg) && !memcmp (ps, sig, 64),
               "signature vs libsecp256k1 (%d)", it);
        /* theirs verifies with ours and the converse */
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, ps, 64, pub65, 65, dg, 32), 0);
        CHECK (secp256k1_ecdsa_signature_parse_compact (sctx, &ss, sig)
               && secp256k1_ecdsa_verify (sctx, &ss, dg, &spk) == 1,
               "libsecp256k1 verifies ours (%d)", it);
        CHECK (secp256k1_ecdsa_signature_parse_der (sctx, &ss, der, derlen)
               && secp256k1_ecdsa_verify (sctx, &ss, dg, &spk) == 1,
               "libsecp256k1 verifies our DER (%d)", it);
      }
#endif
#ifdef HAVE_OPENSSL
      {
        EC_KEY *ok = ossl_key (key);
        ECDSA_SIG *os;
        unsigned char *p, odr[80];
        int olen;
        const unsigned char *cp = der;

        /* OpenSSL verifies our DER signature */
        os = d2i_ECDSA_SIG (NULL, &cp, (long) derlen);
        CHECK (os && ECDSA_do_verify (dg, 32, os, ok) == 1,
               "OpenSSL verifies ours (%d)", it);
        ECDSA_SIG_free (os);
        /* OpenSSL's signature (random k, high or low S) verifies here */
        os = ECDSA_do_sign (dg, 32, ok);
        p = odr;
        olen = i2d_ECDSA_SIG (os, &p);
        CHECK (olen > 0 && olen <= 72, "OpenSSL DER length");
        CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, odr, (size_t) olen,
                                    pub65, 65, dg, 32), 0);
        /* a flipped bit is rejected */
        dg[it & 31] ^= (unsigned char) (1u << (it & 7));
        CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_DER, odr, (size_t) olen,
                                    pub65, 65, dg, 32), GPG_ERR_BAD_SIGNATURE);
        ECDSA_SIG_free (os);
        EC_KEY_free (ok);
      }
#endif
    }
#endif
}

/* High-S acceptance policy and digests of other lengths, vs libsecp256k1
 * where it applies. */
static void
test_high_s_and_digests (void)
{
  static const unsigned char n[32] = {
    0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
    0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x41 };
  unsigned char key[32], pub[33], dg[64], sig[64], hs[64], sig2[64];
  size_t len;
  int it, i;

  for (it = 0; it < 50; it++)
    {
      unsigned int borrow = 0;
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      CHECK_ERR (kc_ecc_pubkey (CURVE, pub, 33, key, 32), 0);
      t_randbytes (dg, sizeof dg);
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &len, key, 32, dg, 32), 0);
      /* s -> n - s is high and valid unless LOW_S */
      memcpy (hs, sig, 32);
      for (i = 31; i >= 0; i--)
        {
          unsigned int d = (unsigned int) n[i] - sig[32 + i] - borrow;
          hs[32 + i] = (unsigned char) d;
          borrow = (d >> 8) & 1;
        }
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, hs, 64, pub, 33, dg, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (CURVE, KC_ECDSA_LOW_S, hs, 64, pub, 33, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
      /* a 64-byte digest signs as its first 32 bytes */
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig2, &len, key, 32, dg, 64), 0);
      CHECK (!memcmp (sig, sig2, 64), "long digest truncated (%d)", it);
      CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 33, dg, 48), 0);
      /* a short digest is its integer value: 1..31 bytes = left-padded 32 */
      {
        unsigned char pad[32];
        size_t dl = 1 + (size_t) (it % 31);
        memset (pad, 0, 32);
        memcpy (pad + 32 - dl, dg, dl);
        len = 64;
        CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig, &len, key, 32, dg, dl), 0);
        len = 64;
        CHECK_ERR (kc_ecdsa_sign (CURVE, 0, sig2, &len, key, 32, pad, 32), 0);
        CHECK (!memcmp (sig, sig2, 64), "short digest %zu", dl);
        CHECK_ERR (kc_ecdsa_verify (CURVE, 0, sig, 64, pub, 33, dg, dl), 0);
      }
    }
}

int
main (int argc, char **argv)
{
  int count = 1000;
  t_init (argc, argv);
  t_seed (0xecd5a256ULL);
  (void) t_datafile; (void) t_rng_cb;
  if (getenv ("KC_TEST_ECDSA_COUNT"))
    count = atoi (getenv ("KC_TEST_ECDSA_COUNT"));
#ifdef HAVE_LIBSECP256K1
  sctx = secp256k1_context_create (SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
#endif
  test_rfc6979_vectors ();
  test_wycheproof ();
  /* Wycheproof's ECDSA files with SHA-512, SHA3-256 and SHA3-512
   * digests (t-wp-ecdsa.h): the 512-bit ones passed whole */
  wp_ecdsa_digests_run (CURVE, "secp256k1", 882, 1000);
  test_high_s_and_digests ();
  test_interop (count);
#ifdef HAVE_LIBSECP256K1
  secp256k1_context_destroy (sctx);
#endif
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 ecmult_var */
  return t_done ("t-ecdsa");
}
