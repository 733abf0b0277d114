/* t-ed25519.c - Ed25519 (RFC 8032): the RFC's vectors (TEST 1-3 of 7.1),
 * every case of Wycheproof's ed25519_test.json, libsodium byte for byte
 * (keys, signatures, verification both ways, random messages), what
 * verification refuses and with which code, the comb, the double and
 * the multi-scalar multiplications against a slow double-and-add (and
 * the comb against libsodium's), the scalars mod L against plain
 * long arithmetic, batch verification with bad items at every kind of
 * position against the single verification, and the public API's
 * argument checks.  The comb, the multiplications and the batch run on
 * every kernel row: the CPU's and the portable one.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "ed25519/eddsa.h"
#include "t-common.h"
#ifdef HAVE_LIBSODIUM
# include <sodium.h>
#endif
#include <stdlib.h>

typedef _kc_ed25519_ge ge;
typedef _kc_ed25519_sc sc;

/* L, little-endian */
static const unsigned char ell_le[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
  0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

static int
eq_point (const ge *a, const ge *b)
{
  unsigned char x[32], y[32];
  _kc_ed25519_ge_tobytes (x, a);
  _kc_ed25519_ge_tobytes (y, b);
  return !memcmp (x, y, 32);
}

static void
base_point (ge *b)
{
  /* y = 4/5, x even */
  static const unsigned char enc[32] = {
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66
  };
  if (!_kc_ed25519_ge_frombytes_var (b, enc))
    fail ("the base point does not decode");
}

/* R = K P by plain double-and-add over the 256 bits of K (little-endian) */
static void
slow_mul (ge *r, const unsigned char k[32], const ge *p)
{
  ge q = *p;
  int i;
  _kc_ed25519_ge_identity (r);
  for (i = 0; i < 256; i++)
    {
      if ((k[i / 8] >> (i % 8)) & 1)
        _kc_ed25519_ge_add (r, r, &q);
      _kc_ed25519_ge_dbl (&q, &q);
    }
}

/* ---------------------------------------------------------- RFC 8032 */

/* RFC 8032 section 7.1, every Ed25519 test: TEST 1, 2, 3, 1024 and
 * SHA(abc) (secret key, public key, message, signature), copied from the
 * RFC's text. */
static const struct { const char *sk, *pk, *msg, *sig; } rfc[] = {
  { "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    "",
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
    "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b" },
  { "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    "72",
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
    "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00" },
  { "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
    "af82",
    "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
    "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a" },
  /* TEST 1024 (a message of 1023 bytes) */
  { "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
    "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
    "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
    "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03" },
  /* TEST SHA(abc): the message is SHA-512 ("abc"), which
   * test_rfc8032 checks */
  { "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
    "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
    "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704" },
};

static void
test_rfc8032 (void)
{
  size_t i;
  for (i = 0; i < sizeof rfc / sizeof rfc[0]; i++)
    {
      static unsigned char msg[1024];
      unsigned char sk[32], pk[32], sig[64], want[64], abc[64];
      long n = t_unhex (msg, sizeof msg, rfc[i].msg);
      CHECK (n >= 0, "RFC 8032 message");
      if (n == 64)
        {
          CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA512, abc, 64, "abc", 3), 0);
          CHECK (!memcmp (msg, abc, 64), "RFC 8032 SHA(abc) message");
        }
      t_unhex (sk, 32, rfc[i].sk);
      t_unhex (want, 64, rfc[i].sig);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, sk, 32), 0);
      check_hex ("RFC 8032 public key", pk, 32, rfc[i].pk);
      CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, sk, 32,
                                n ? msg : NULL, (size_t) n), 0);
      check_hex ("RFC 8032 signature", sig, 64, rfc[i].sig);
      {
        unsigned char kp[KC_EDDSA_ED25519_KEYPAIR_LEN];
        CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, kp, sizeof kp,
                                            sk, 32), 0);
        memset (sig, 0, 64);
        CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig, 64, kp,
                                          sizeof kp, n ? msg : NULL,
                                          (size_t) n), 0);
        check_hex ("RFC 8032 signature from the key pair", sig, 64,
                   rfc[i].sig);
        kc_eddsa_keypair_clear (kp, sizeof kp);
      }
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, want, 64, pk, 32,
                                  n ? msg : NULL, (size_t) n), 0);
      want[(size_t) i * 7 % 64] ^= 4;
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, want, 64, pk, 32,
                                  n ? msg : NULL, (size_t) n),
                 GPG_ERR_BAD_SIGNATURE);
    }
}

/* -------------------------------------------------------- Wycheproof */

/* ed25519_test.json (Wycheproof, testvectors_v1): every "valid" case
 * verifies, every "invalid" one does not (a signature of another length
 * than 64 bytes is GPG_ERR_INV_ARG through the API).  The cases with a
 * 64-byte signature then go through kc_eddsa_verify_batch in runs of 1,
 * 3, 8, 64 and all of them, each item's code against the single
 * verification's: the file's non-canonical encodings, S >= L and
 * small-order points next to valid signatures, where a batch equation
 * that differed from the single one (cofactor, reductions) would show. */
#define WP_MAX 256
static struct
{
  unsigned char sig[64], pk[32];
  unsigned char *msg;
  size_t mlen;
  gpg_error_t want;
} wp_case[WP_MAX];

static void
wycheproof_batch (size_t ncase, size_t run)
{
  static const void *sp[WP_MAX], *pp[WP_MAX], *mp[WP_MAX];
  static size_t ml[WP_MAX];
  static gpg_error_t res[WP_MAX];
  size_t i, k, start;

  for (i = 0; i < ncase; i++)
    {
      sp[i] = wp_case[i].sig;
      pp[i] = wp_case[i].pk;
      mp[i] = wp_case[i].mlen ? wp_case[i].msg : NULL;
      ml[i] = wp_case[i].mlen;
    }
  for (start = 0; start < ncase; start += run)
    {
      size_t m = ncase - start < run ? ncase - start : run;
      int bad = 0;
      gpg_error_t all;
      memset (res, 0x33, sizeof res);
      all = kc_eddsa_verify_batch (KC_ECC_ED25519, m, sp + start, pp + start,
                                   mp + start, ml + start, res);
      for (k = 0; k < m; k++)
        {
          CHECK (gpg_err_code (res[k]) == gpg_err_code (wp_case[start + k].want),
                 "wycheproof batch of %zu, item %zu: %s, single says %s", m,
                 k, gpg_strerror (res[k]),
                 gpg_strerror (wp_case[start + k].want));
          bad |= wp_case[start + k].want != 0;
        }
      CHECK (gpg_err_code (all) == (bad ? GPG_ERR_BAD_SIGNATURE
                                    : GPG_ERR_NO_ERROR),
             "wycheproof batch of %zu: call gave %s", m, gpg_strerror (all));
    }
}

static void
test_wycheproof (void)
{
  FILE *f = fopen (t_datafile ("wycheproof/ed25519_test.json"), "r");
  static char line[16384];
  static unsigned char msg[8192], sig[256];
  unsigned char pk[32];
  long mlen = 0, slen = 0;
  int n = 0, want = -1, tcid = 0, valid = 0;
  size_t ncase = 0, i;

  if (!f)
    {
      fail ("cannot open ed25519_test.json");
      return;
    }
  while (fgets (line, sizeof line, f))
    {
      const char *p;
      if ((p = strstr (line, "\"numberOfTests\": ")))
        want = atoi (p + 17);
      else if ((p = strstr (line, "\"tcId\": ")))
        tcid = atoi (p + 8);
      else if ((p = strstr (line, "\"pk\": \"")))
        CHECK (t_unhex (pk, 32, p + 7) == 32, "tcId %d: bad key", tcid);
      else if ((p = strstr (line, "\"msg\": \"")))
        mlen = t_unhex (msg, sizeof msg, p + 8);
      else if ((p = strstr (line, "\"sig\": \"")))
        slen = t_unhex (sig, sizeof sig, p + 8);
      else if ((p = strstr (line, "\"result\": \"")))
        {
          int ok = !strncmp (p + 11, "valid", 5);
          gpg_error_t err;
          if (mlen < 0 || slen < 0)
            {
              fail ("tcId %d: cannot read the case", tcid);
              continue;
            }
          err = kc_eddsa_verify (KC_ECC_ED25519, sig, (size_t) slen, pk, 32,
                                 mlen ? msg : NULL, (size_t) mlen);
          if (ok)
            {
              valid++;
              CHECK (!err, "tcId %d: a valid case gave %s", tcid,
                     gpg_strerror (err));
            }
          else
            CHECK (err, "tcId %d: an invalid case verified", tcid);
          n++;
          if (slen == 64 && ncase < WP_MAX)
            {
              memcpy (wp_case[ncase].sig, sig, 64);
              memcpy (wp_case[ncase].pk, pk, 32);
              wp_case[ncase].mlen = (size_t) mlen;
              wp_case[ncase].msg = malloc ((size_t) mlen + 1);
              if (!wp_case[ncase].msg)
                {
                  fail ("out of memory");
                  continue;
                }
              memcpy (wp_case[ncase].msg, msg, (size_t) mlen);
              wp_case[ncase++].want = err;
            }
        }
    }
  fclose (f);
  CHECK (n == want && valid > 50, "read %d cases (%d valid), the file "
         "says %d", n, valid, want);
  CHECK (ncase > 100 && ncase < WP_MAX, "%zu cases with 64-byte "
         "signatures", ncase);
  wycheproof_batch (ncase, 1);
  wycheproof_batch (ncase, 3);
  wycheproof_batch (ncase, 8);
  wycheproof_batch (ncase, 64);
  wycheproof_batch (ncase, WP_MAX);
  for (i = 0; i < ncase; i++)
    free (wp_case[i].msg);
}

/* ------------------------------------------------------------ scalars */

/* A mod L by long division on bytes (little-endian, N bytes): r = 256 r
 * + the next byte, then L subtracted while r >= L (r < 256 L); the slow
 * reference for the Barrett reduction */
static void
slow_mod_l (unsigned char out[32], const unsigned char *a, size_t n)
{
  int r[34], l[34];
  size_t i;
  int j;

  for (j = 0; j < 34; j++)
    {
      r[j] = 0;
      l[j] = j < 32 ? ell_le[j] : 0;
    }
  for (i = n; i-- > 0;)
    {
      for (j = 33; j > 0; j--)
        r[j] = r[j - 1];
      r[0] = a[i];
      for (;;)
        {
          int ge_l = 1, b = 0;
          for (j = 33; j >= 0; j--)
            if (r[j] != l[j])
              {
                ge_l = r[j] > l[j];
                break;
              }
          if (!ge_l)
            break;
          for (j = 0; j < 34; j++)
            {
              int v = r[j] - l[j] - b;
              b = v < 0;
              r[j] = v + 256 * b;
            }
        }
    }
  for (j = 0; j < 32; j++)
    out[j] = (unsigned char) r[j];
}

static void
test_scalars (void)
{
  int t;
  for (t = 0; t < 300; t++)
    {
      unsigned char x[64], want[32], got[32], a[32], b[32], c[32];
      unsigned char prod[64];
      sc s, sa, sb, sn;
      int i, j;
      t_randbytes (x, 64);
      if (t == 0)
        memset (x, 0xff, 64);
      if (t == 1)
        memset (x, 0, 64);
      if (t == 2)
        {
          memset (x, 0, 64);
          memcpy (x, ell_le, 32);
        }
      _kc_ed25519_sc_reduce64 (&s, x);
      _kc_ed25519_sc_tobytes (got, &s);
      slow_mod_l (want, x, 64);
      CHECK (!memcmp (got, want, 32), "reduce64 differs (case %d)", t);
      _kc_ed25519_sc_reduce32 (&s, x);
      _kc_ed25519_sc_tobytes (got, &s);
      slow_mod_l (want, x, 32);
      CHECK (!memcmp (got, want, 32), "reduce32 differs (case %d)", t);
      /* muladd: a b + c with a, b, c < L against the slow reduction of
       * the schoolbook product */
      slow_mod_l (a, x, 32);
      slow_mod_l (b, x + 32, 32);
      t_randbytes (x, 32);
      slow_mod_l (c, x, 32);
      if (t == 3)
        {
          memcpy (a, ell_le, 32);
          a[0]--;
          memcpy (b, a, 32);
          memcpy (c, a, 32);
        }
      {
        uint32_t acc[65];
        memset (acc, 0, sizeof acc);
        for (i = 0; i < 32; i++)
          for (j = 0; j < 32; j++)
            acc[i + j] += (uint32_t) a[i] * b[j];
        for (i = 0; i < 32; i++)
          acc[i] += c[i];
        for (i = 0; i < 64; i++)
          {
            acc[i + 1] += acc[i] >> 8;
            prod[i] = (unsigned char) acc[i];
          }
      }
      slow_mod_l (want, prod, 64);
      CHECK (_kc_ed25519_sc_frombytes_var (&sa, a)
             && _kc_ed25519_sc_frombytes_var (&sb, b)
             && _kc_ed25519_sc_frombytes_var (&sn, c), "frombytes refused");
      _kc_ed25519_sc_muladd (&s, &sa, &sb, &sn);
      _kc_ed25519_sc_tobytes (got, &s);
      CHECK (!memcmp (got, want, 32), "muladd differs (case %d)", t);
    }
  {
    unsigned char l[32];
    sc s;
    memcpy (l, ell_le, 32);
    CHECK (!_kc_ed25519_sc_frombytes_var (&s, l), "S = L accepted");
    l[0]--;
    CHECK (_kc_ed25519_sc_frombytes_var (&s, l), "S = L - 1 refused");
    l[0]++;
    l[31] = 0x11;
    CHECK (!_kc_ed25519_sc_frombytes_var (&s, l), "S > L accepted");
  }
}

/* ------------------------------------------------------------ points */

static void
test_comb (void)
{
  ge b, r, s;
  unsigned char k[32];
  int t;

  base_point (&b);
  for (t = 0; t < 120; t++)
    {
      t_randbytes (k, 32);
      switch (t)
        {
        case 0: memset (k, 0, 32); break;
        case 1: memset (k, 0, 32); k[0] = 1; break;
        case 2: memset (k, 0, 32); k[0] = 8; break;
        case 3: memcpy (k, ell_le, 32); break;             /* L: identity */
        case 4: memcpy (k, ell_le, 32); k[0]--; break;     /* L - 1 */
        case 5: memset (k, 0xff, 32); k[31] = 0x7f; break; /* 2^255 - 1 */
        case 6: memset (k, 0x88, 32); k[31] = 0x78; break; /* digits 8 */
        case 7: memset (k, 0x77, 32); break;               /* digits 7 */
        case 8: memset (k, 0, 32); k[31] = 0x40; break;    /* 2^254 */
        default:
          if (t % 2)
            {
              k[0] &= 248;                                 /* clamped */
              k[31] &= 127;
              k[31] |= 64;
            }
          else
            k[31] &= 127;
        }
      _kc_ed25519_ge_scalarmult_base (&r, k);
      slow_mul (&s, k, &b);
      CHECK (eq_point (&r, &s), "comb differs from double-and-add (case %d)",
             t);
      if (t == 3)
        CHECK (_kc_ed25519_ge_is_identity_var (&r), "L B is not the identity");
#ifdef HAVE_LIBSODIUM
      if (t > 3)
        {
          unsigned char ours[32], theirs[32], kr[32];
          sc ks;
          /* libsodium's noclamp base multiplication reduces mod L and
           * refuses 0 */
          _kc_ed25519_sc_reduce32 (&ks, k);
          _kc_ed25519_sc_tobytes (kr, &ks);
          _kc_ed25519_ge_tobytes (ours, &r);
          CHECK (!crypto_scalarmult_ed25519_base_noclamp (theirs, kr)
                 && !memcmp (ours, theirs, 32),
                 "comb differs from libsodium's (case %d)", t);
        }
#endif
    }
}

static void
test_double_and_msm (void)
{
  ge b, p, r, s, u;
  sc a, c;
  unsigned char ka[32], kc[32], x[64];
  int t;

  base_point (&b);
  for (t = 0; t < 40; t++)
    {
      t_randbytes (x, 64);
      _kc_ed25519_sc_reduce64 (&a, x);
      t_randbytes (x, 64);
      _kc_ed25519_sc_reduce64 (&c, x);
      if (t == 0)
        memset (&a, 0, sizeof a);
      if (t == 1)
        memset (&c, 0, sizeof c);
      if (t == 2)
        {
          memset (&a, 0, sizeof a);
          memset (&c, 0, sizeof c);
        }
      if (t == 3)
        {
          memcpy (ka, ell_le, 32);
          ka[0]--;
          _kc_ed25519_sc_frombytes_var (&a, ka);
          c = a;
        }
      t_randbytes (x, 32);
      x[31] &= 127;
      _kc_ed25519_ge_scalarmult_base (&p, x);
      _kc_ed25519_sc_tobytes (ka, &a);
      _kc_ed25519_sc_tobytes (kc, &c);
      _kc_ed25519_ge_double_scalarmult_var (&r, &a, &p, &c);
      slow_mul (&s, ka, &p);
      slow_mul (&u, kc, &b);
      _kc_ed25519_ge_add (&s, &s, &u);
      CHECK (eq_point (&r, &s), "double multiplication differs (case %d)", t);
    }
  /* the multi-scalar multiplication, every size, short scalars in the
   * second half */
  for (t = 1; t <= KC_ED25519_MSM_PAIRS; t++)
    {
      ge pl[KC_ED25519_MSM_PAIRS], ps[KC_ED25519_MSM_PAIRS];
      const ge *plp[KC_ED25519_MSM_PAIRS], *psp[KC_ED25519_MSM_PAIRS];
      sc sl[KC_ED25519_MSM_PAIRS], ss[KC_ED25519_MSM_PAIRS], g;
      int j;
      t_randbytes (x, 64);
      _kc_ed25519_sc_reduce64 (&g, x);
      _kc_ed25519_sc_tobytes (kc, &g);
      slow_mul (&s, kc, &b);
      for (j = 0; j < t; j++)
        {
          t_randbytes (x, 64);
          x[31] &= 127;                 /* the comb's bound, both halves */
          x[63] &= 127;
          _kc_ed25519_ge_scalarmult_base (&pl[j], x);
          _kc_ed25519_ge_scalarmult_base (&ps[j], x + 32);
          plp[j] = &pl[j];
          psp[j] = &ps[j];
          t_randbytes (x, 64);
          _kc_ed25519_sc_reduce64 (&sl[j], x);
          memset (&ss[j], 0, sizeof ss[j]);
          memcpy (&ss[j].v[0], x, 8);
          memcpy (&ss[j].v[1], x + 8, 8);
          if (j == 1)
            memset (&ss[j].v[1], 0xff, 8);                 /* 2^128 - 1 */
          _kc_ed25519_sc_tobytes (ka, &sl[j]);
          slow_mul (&u, ka, &pl[j]);
          _kc_ed25519_ge_add (&s, &s, &u);
          _kc_ed25519_sc_tobytes (ka, &ss[j]);
          slow_mul (&u, ka, &ps[j]);
          _kc_ed25519_ge_add (&s, &s, &u);
        }
      _kc_ed25519_msm_var (&r, &g, plp, sl, psp, ss, (size_t) t);
      CHECK (eq_point (&r, &s), "multi-scalar multiplication differs "
             "(%d pairs)", t);
    }
}

/* ------------------------------------------------------------ refusals */

/* y = p + d for small d: non-canonical; y = 1 and the other small-order
 * points */
static void
test_refusals (void)
{
  unsigned char sk[32], pk[32], sig[64], bad[64], key[32], msg[5] = "hello";
  ge b;
  int i;

  base_point (&b);
  t_randbytes (sk, 32);
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, sk, 32), 0);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, sk, 32, msg, 5), 0);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, 5), 0);

  /* S >= L: S + L (still below 2^256) and L itself */
  memcpy (bad, sig, 64);
  {
    unsigned int c = 0;
    for (i = 0; i < 32; i++)
      {
        c += bad[32 + i] + ell_le[i];
        bad[32 + i] = (unsigned char) c;
        c >>= 8;
      }
  }
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, bad, 64, pk, 32, msg, 5),
             GPG_ERR_BAD_SIGNATURE);
  memcpy (bad + 32, ell_le, 32);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, bad, 64, pk, 32, msg, 5),
             GPG_ERR_BAD_SIGNATURE);

  /* the small-order points (each y, both signs) as A and as R */
  for (i = 0; i < 10; i++)
    {
      memcpy (key, _kc_ed25519_small_y[i / 2], 32);
      key[31] |= (unsigned char) ((i % 2) << 7);
      CHECK (_kc_ed25519_small_order_var (key), "small order not seen");
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, key, 32, msg, 5),
                 GPG_ERR_BAD_PUBKEY);
      memcpy (bad, sig, 64);
      memcpy (bad, key, 32);
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, bad, 64, pk, 32, msg, 5),
                 GPG_ERR_BAD_SIGNATURE);
    }
  /* non-canonical y (p, p + 1, ..., 2^255 - 1) as A and as R */
  for (i = 0; i < 19; i++)
    {
      memset (key, 0xff, 32);
      key[31] = 0x7f;
      key[0] = (unsigned char) (0xed + i);
      CHECK (_kc_ed25519_noncanonical_y_var (key), "y = p + %d canonical", i);
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, key, 32, msg, 5),
                 GPG_ERR_BAD_PUBKEY);
      memcpy (bad, sig, 64);
      memcpy (bad, key, 32);
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, bad, 64, pk, 32, msg, 5),
                 GPG_ERR_BAD_SIGNATURE);
    }
  memset (key, 0xff, 32);
  key[31] = 0x7f;
  key[0] = 0xec;                                        /* p - 1: canonical */
  CHECK (!_kc_ed25519_noncanonical_y_var (key), "y = p - 1 refused");
  /* a y with no x (not on the curve): y = 2 has none */
  memset (key, 0, 32);
  key[0] = 2;
  {
    ge q;
    CHECK (!_kc_ed25519_ge_frombytes_var (&q, key), "y = 2 decoded");
  }
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, key, 32, msg, 5),
             GPG_ERR_BAD_PUBKEY);
  /* the key with its sign bit flipped is -A: another key */
  memcpy (key, pk, 32);
  key[31] ^= 0x80;
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, key, 32, msg, 5),
             GPG_ERR_BAD_SIGNATURE);
  /* a mixed-order R: R + T2, T2 = (0, -1), of order 2, is refused by the
   * cofactorless equation (the cofactored one would accept it) */
  {
    ge r, t2, q;
    unsigned char t2b[32];
    memset (t2b, 0xff, 32);
    t2b[31] = 0x7f;
    t2b[0] = 0xec;                                      /* y = -1, x = 0 */
    CHECK (_kc_ed25519_ge_frombytes_var (&t2, t2b), "(0, -1) not decoded");
    CHECK (_kc_ed25519_ge_frombytes_var (&r, sig), "R not decoded");
    _kc_ed25519_ge_add (&q, &r, &t2);
    memcpy (bad, sig, 64);
    _kc_ed25519_ge_tobytes (bad, &q);
    CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, bad, 64, pk, 32, msg, 5),
               GPG_ERR_BAD_SIGNATURE);
  }
}

/* ------------------------------------------------------- key pairs */

/* KP was refused as BAD_SECKEY by every reading call, and wrote nothing */
static void
check_pair_refused (const unsigned char *kp, const char *what)
{
  unsigned char out[64], msg[5] = "hello";
  int i;

  memset (out, 0x5a, sizeof out);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, out, 64, kp,
                                    KC_EDDSA_ED25519_KEYPAIR_LEN, msg, 5),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_eddsa_keypair_sec (KC_ECC_ED25519, out, 32, kp,
                                   KC_EDDSA_ED25519_KEYPAIR_LEN),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_ED25519, out, 32, kp,
                                   KC_EDDSA_ED25519_KEYPAIR_LEN),
             GPG_ERR_BAD_SECKEY);
  for (i = 0; i < 64; i++)
    CHECK (out[i] == 0x5a, "%s: a refused pair wrote byte %d", what, i);
}

/* kc_eddsa_keypair_*: the same signatures as kc_eddsa_sign, the same
 * keys as kc_ecc_pubkey; a pair with any bit of its seed, key or tag
 * changed, a cleared pair, and a pair whose key is another seed's are
 * refused; lengths, NULLs and curves; the seed may be the pair's own
 * first bytes, the signature may overwrite the message. */
static void
test_keypair (void)
{
  enum { KPL = KC_EDDSA_ED25519_KEYPAIR_LEN };
  unsigned char kp[KPL], kp2[KPL], bad[KPL], big[KPL + 1];
  unsigned char sk[32], sk2[32], pk[32], out[32], sig[64], sig2[64];
  unsigned char msg[200];
  int i, j;

  for (i = 0; i < 64; i++)
    {
      size_t len = (size_t) (t_rand64 () % sizeof msg);
      t_randbytes (sk, 32);
      t_randbytes (msg, sizeof msg);
      CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, kp, KPL, sk, 32),
                 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, sk, 32), 0);
      CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_ED25519, out, 32, kp, KPL), 0);
      CHECK (!memcmp (out, pk, 32), "pair %d: not kc_ecc_pubkey's key", i);
      CHECK_ERR (kc_eddsa_keypair_sec (KC_ECC_ED25519, out, 32, kp, KPL), 0);
      CHECK (!memcmp (out, sk, 32), "pair %d: not the seed", i);
      CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, sk, 32,
                                len ? msg : NULL, len), 0);
      CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp, KPL,
                                        len ? msg : NULL, len), 0);
      CHECK (!memcmp (sig, sig2, 64), "pair %d: not kc_eddsa_sign's bytes",
             i);
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig2, 64, pk, 32,
                                  len ? msg : NULL, len), 0);
      /* one changed bit anywhere, seed, key or tag */
      j = (int) (t_rand64 () % (KPL * 8));
      memcpy (bad, kp, KPL);
      bad[j / 8] ^= (unsigned char) (1u << (j % 8));
      check_pair_refused (bad, "one bit changed");
    }
  /* each part on its own */
  for (j = 0; j < KPL; j += 31)
    {
      memcpy (bad, kp, KPL);
      bad[j] ^= 0x80;
      check_pair_refused (bad, "one byte changed");
    }
  /* the seed of one pair with the key and tag of another: the attack the
   * tag is there for (one nonce, two challenges) */
  t_randbytes (sk2, 32);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, kp2, KPL, sk2, 32), 0);
  memcpy (bad, kp, 32);
  memcpy (bad + 32, kp2 + 32, 64);
  check_pair_refused (bad, "another pair's key");
  memcpy (bad, kp, 64);
  memcpy (bad + 64, kp2 + 64, 32);
  check_pair_refused (bad, "another pair's tag");
  memcpy (bad, kp, KPL);
  kc_eddsa_keypair_clear (bad, KPL);
  for (j = 0; j < KPL; j++)
    CHECK (bad[j] == 0, "kc_eddsa_keypair_clear left byte %d", j);
  check_pair_refused (bad, "cleared");
  kc_eddsa_keypair_clear (NULL, KPL);           /* nothing */

  /* the seed read from the pair's own buffer */
  memcpy (bad, sk, 32);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, bad, KPL, bad, 32), 0);
  CHECK (!memcmp (bad, kp, KPL), "seed aliasing the pair");
  /* the signature over its own message (kc_eddsa_sign too) */
  memcpy (msg, "an aliased message", 18);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, sk, 32, msg, 64), 0);
  memcpy (sig2, msg, 64);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig2, 64, sk, 32, sig2, 64), 0);
  CHECK (!memcmp (sig, sig2, 64), "kc_eddsa_sign over its own message");
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp, KPL, msg,
                                    64), 0);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, msg, 64, kp, KPL, msg,
                                    64), 0);
  CHECK (!memcmp (msg, sig2, 64), "signature over its own message");

  /* lengths, NULLs and curves: nothing written */
  memset (big, 0x5a, sizeof big);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, big, KPL + 1, sk, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, big, KPL - 1, sk, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, big, KPL, sk, 33),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, big, KPL, NULL, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_ED25519, NULL, KPL, sk, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_create (KC_ECC_SECP256K1, big, KPL, sk, 32),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_eddsa_keypair_sec (KC_ECC_ED25519, big, 33, kp, KPL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_sec (KC_ECC_ED25519, big, 32, kp, KPL + 1),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_sec (KC_ECC_NIST_P256, big, 32, kp, KPL),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_ED25519, big, 31, kp, KPL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_ED25519, big, 32, NULL, KPL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_keypair_pub (KC_ECC_SECP256K1, big, 32, kp, KPL),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, big, 65, kp, KPL, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, big, 64, kp, KPL - 1,
                                    msg, 3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, big, 64, kp, KPL, NULL,
                                    3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, big, 64, NULL, KPL, msg,
                                    3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_SECP256K1, big, 64, kp, KPL, msg,
                                    3), GPG_ERR_NOT_SUPPORTED);
  for (j = 0; j < KPL + 1; j++)
    CHECK (big[j] == 0x5a, "a failing key pair call wrote byte %d", j);
  CHECK_ERR (kc_eddsa_sign_keypair (KC_ECC_ED25519, sig2, 64, kp, KPL, NULL,
                                    0), 0);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig2, 64, pk, 32, NULL, 0), 0);
  kc_eddsa_keypair_clear (kp, KPL);
  kc_eddsa_keypair_clear (kp2, KPL);
}

/* ------------------------------------------------------------ the API */

static void
test_api (void)
{
  unsigned char sk[32], pk[32], pk2[32], sig[64], sig2[64], big[65];
  unsigned char msg[3] = "abc";
  int i;

  CHECK_ERR (kc_ecc_keypair (KC_ECC_ED25519, pk, 32, sk, 32), 0);
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk2, 32, sk, 32), 0);
  CHECK (!memcmp (pk, pk2, 32), "keypair's public key is not pubkey's");
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, sk, 32, msg, 3), 0);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig2, 64, sk, 32, msg, 3), 0);
  CHECK (!memcmp (sig, sig2, 64), "signing is not deterministic");
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, 3), 0);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, 2),
             GPG_ERR_BAD_SIGNATURE);
  /* the empty message as NULL, 0 */
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig2, 64, sk, 32, NULL, 0), 0);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig2, 64, pk, 32, NULL, 0), 0);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig2, 64, pk, 32, msg, 0), 0);

  /* lengths, NULLs, curves: nothing written on error */
  memset (big, 0x5a, sizeof big);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, big, 65, sk, 32, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, big, 63, sk, 32, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, big, 64, sk, 31, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, big, 64, NULL, 32, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, big, 64, sk, 32, NULL, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_sign (KC_ECC_SECP256K1, big, 64, sk, 32, msg, 3),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_eddsa_sign (99, big, 64, sk, 32, msg, 3),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, big, 33, sk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, big, 32, sk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_keypair (KC_ECC_ED25519, big, 32, big + 32, 31),
             GPG_ERR_INV_ARG);
  for (i = 0; i < 65; i++)
    CHECK (big[i] == 0x5a, "a failing call wrote byte %d", i);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 63, pk, 32, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 31, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, NULL, 64, pk, 32, msg, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pk, 32, NULL, 3),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_eddsa_verify (KC_ECC_SECP256K1, sig, 64, pk, 32, msg, 3),
             GPG_ERR_NOT_SUPPORTED);

  /* the other curves' calls do not take Ed25519 */
  {
    size_t len = 64;
    unsigned char out[65];
    int parity;
    CHECK_ERR (kc_ecdsa_sign (KC_ECC_ED25519, 0, out, &len, sk, 32, msg, 3),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecdsa_verify (KC_ECC_ED25519, 0, sig, 64, pk, 32, msg, 3),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_schnorr_sign (KC_ECC_ED25519, out, 64, sk, 32, msg, 3,
                                NULL, 0), GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_schnorr_verify (KC_ECC_ED25519, sig, 64, pk, 32, msg, 3),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecdh (KC_ECC_ED25519, 0, out, 32, sk, 32, pk, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecc_xonly_pubkey (KC_ECC_ED25519, out, 32, &parity, sk,
                                    32), GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecc_seckey_tweak_add (KC_ECC_ED25519, out, 32, msg, 3),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecc_pubkey_convert (KC_ECC_ED25519, out, 32, pk, 32),
               GPG_ERR_NOT_SUPPORTED);
    CHECK_ERR (kc_ecdsa_recover (KC_ECC_ED25519, out, 65, sig, 65, msg, 3),
               GPG_ERR_NOT_SUPPORTED);
  }
}

/* ------------------------------------------------------------ batches */

#define NB 100

static void
test_batch (void)
{
  static unsigned char sks[NB][32], pks[NB][32], sigs[NB][64], msgs[NB][40];
  const void *sp[NB], *pp[NB], *mp[NB];
  size_t ml[NB];
  gpg_error_t res[NB], want[NB];
  static const size_t counts[] = { 1, 2, 3, 5, 12, 13, 24, 25, 64, NB };
  size_t ci, i, k;
  int pattern;

  for (i = 0; i < NB; i++)
    {
      t_randbytes (sks[i], 32);
      ml[i] = (size_t) (t_rand64 () % 41);
      t_randbytes (msgs[i], 40);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pks[i], 32, sks[i], 32), 0);
      CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sigs[i], 64, sks[i], 32,
                                msgs[i], ml[i]), 0);
      sp[i] = sigs[i];
      pp[i] = pks[i];
      mp[i] = msgs[i];
    }
  for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++)
    for (pattern = 0; pattern < 9; pattern++)
      {
        size_t n = counts[ci];
        unsigned char save[NB][64], savepk[NB][32];
        gpg_error_t all;
        size_t nbad = 0;
        memcpy (save, sigs, sizeof save);
        memcpy (savepk, pks, sizeof savepk);
        /* the bad items: none, the first, the last, the middle, every
         * third, all, a bad key, mixed codes, small-order A and R */
        for (i = 0; i < n; i++)
          {
            int bad = pattern == 1 ? i == 0 : pattern == 2 ? i == n - 1
                      : pattern == 3 ? i == n / 2 : pattern == 4 ? i % 3 == 1
                      : pattern == 5 ? 1 : pattern == 6 ? i == n / 3
                      : pattern == 7 ? i % 5 == 2
                      : pattern == 8 ? i % 4 == 3 || i == 0 : 0;
            if (!bad)
              continue;
            nbad++;
            if (pattern == 6)
              pks[i][0] ^= 1;                  /* another key, or no point */
            else if (pattern == 7 && i % 2)
              sigs[i][63] = 0xff;              /* S >= L */
            else if (pattern == 8)             /* small order: A, then R */
              memcpy (i % 2 ? sigs[i] : pks[i], _kc_ed25519_small_y[i % 5],
                      32);
            else
              sigs[i][(i * 13) % 64] ^= 0x10;
          }
        for (i = 0; i < n; i++)
          want[i] = kc_eddsa_verify (KC_ECC_ED25519, sigs[i], 64, pks[i], 32,
                                     msgs[i], ml[i]);
        memset (res, 0x33, sizeof res);
        all = kc_eddsa_verify_batch (KC_ECC_ED25519, n, sp, pp, mp, ml, res);
        k = 0;
        for (i = 0; i < n; i++)
          {
            CHECK (gpg_err_code (res[i]) == gpg_err_code (want[i]),
                   "batch of %zu, pattern %d, item %zu: %s, single says %s",
                   n, pattern, i, gpg_strerror (res[i]),
                   gpg_strerror (want[i]));
            k += want[i] != 0;
          }
        CHECK (gpg_err_code (all) == (k ? GPG_ERR_BAD_SIGNATURE
                                      : GPG_ERR_NO_ERROR),
               "batch of %zu, pattern %d: call gave %s", n, pattern,
               gpg_strerror (all));
        CHECK (k == nbad, "batch of %zu, pattern %d: %zu items changed, the "
               "single verification refuses %zu", n, pattern, nbad, k);
        CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_ED25519, n, sp, pp, mp, ml,
                                          NULL), gpg_err_code (all));
        memcpy (sigs, save, sizeof save);
        memcpy (pks, savepk, sizeof savepk);
      }
  /* call-level failures */
  CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_ED25519, 0, NULL, NULL, NULL, NULL,
                                    NULL), 0);
  CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_SECP256K1, 3, sp, pp, mp, ml, res),
             GPG_ERR_NOT_SUPPORTED);
  for (i = 0; i < 3; i++)
    CHECK (gpg_err_code (res[i]) == GPG_ERR_NOT_SUPPORTED, "item %zu", i);
  CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_ED25519, 3, sp, NULL, mp, ml, res),
             GPG_ERR_INV_ARG);
  {
    /* RESULTS overlapping an input array (here a copy of the lengths) */
    size_t ml2[3 * sizeof (gpg_error_t) / sizeof (size_t) + 3];
    memcpy (ml2, ml, 3 * sizeof *ml);
    CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_ED25519, 3, sp, pp, mp, ml2,
                                      (gpg_error_t *) (void *) ml2),
               GPG_ERR_INV_ARG);
  }
  /* a NULL item */
  sp[1] = NULL;
  CHECK_ERR (kc_eddsa_verify_batch (KC_ECC_ED25519, 3, sp, pp, mp, ml, res),
             GPG_ERR_BAD_SIGNATURE);
  CHECK (!res[0] && gpg_err_code (res[1]) == GPG_ERR_INV_ARG && !res[2],
         "a NULL signature item");
  sp[1] = sigs[1];
}

/* ------------------------------------------------------------ libsodium */

#ifdef HAVE_LIBSODIUM
static void
test_sodium (void)
{
  int t;
  if (sodium_init () < 0)
    {
      fail ("sodium_init");
      return;
    }
  for (t = 0; t < 300; t++)
    {
      unsigned char seed[32], pk[32], spk[32], ssk[64], sig[64], ssig[64];
      unsigned char msg[300];
      size_t len = (size_t) (t_rand64 () % (t < 50 ? 4 : 300));
      t_randbytes (seed, 32);
      t_randbytes (msg, sizeof msg);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, pk, 32, seed, 32), 0);
      crypto_sign_seed_keypair (spk, ssk, seed);
      CHECK (!memcmp (pk, spk, 32), "public key differs from libsodium's "
             "(case %d)", t);
      CHECK_ERR (kc_eddsa_sign (KC_ECC_ED25519, sig, 64, seed, 32, msg, len),
                 0);
      crypto_sign_detached (ssig, NULL, msg, len, ssk);
      CHECK (!memcmp (sig, ssig, 64), "signature differs from libsodium's "
             "(case %d)", t);
      CHECK (!crypto_sign_verify_detached (sig, msg, len, spk),
             "libsodium refuses our signature (case %d)", t);
      CHECK_ERR (kc_eddsa_verify (KC_ECC_ED25519, ssig, 64, spk, 32, msg,
                                  len), 0);
      /* a flipped bit: both refuse */
      ssig[t % 64] ^= (unsigned char) (1 << (t % 8));
      CHECK ((kc_eddsa_verify (KC_ECC_ED25519, ssig, 64, spk, 32, msg, len)
              != 0) == (crypto_sign_verify_detached (ssig, msg, len, spk)
                        != 0), "we and libsodium disagree on a changed "
             "signature (case %d)", t);
    }
}
#endif

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0xed25519);
  test_rfc8032 ();
  test_wycheproof ();
  test_scalars ();
  test_comb ();
  test_double_and_msm ();
  /* again without IFMA (the MULX/ADX row where the CPU has BMI2, ADX and
   * AVX2) and on the portable row: ed25519/group.c's table */
  _kc_hwf_set_mask (~(unsigned int) KC_HWF_IFMA);
  test_comb ();
  test_double_and_msm ();
  _kc_hwf_set_mask (0);
  test_comb ();
  test_double_and_msm ();
  test_wycheproof ();                   /* on the portable verification row */
  test_batch ();
  _kc_hwf_set_mask (~0u);
  test_refusals ();
  test_api ();
  test_keypair ();
  _kc_hwf_set_mask (0);
  test_keypair ();                              /* the portable comb */
  _kc_hwf_set_mask (~0u);
  test_batch ();
#ifdef HAVE_LIBSODIUM
  test_sodium ();
#endif
  return t_done ("t-ed25519");
}
