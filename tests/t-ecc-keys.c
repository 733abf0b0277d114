/* t-ecc-keys.c - libsecp256k1's key API in libkcrypt: secret key check,
 * negation, multiplicative tweaks, combination, the order of public keys,
 * the tagged hash, ECDSA signature encodings (normalisation, strict and
 * lax DER), extra nonce entropy, hybrid keys, BIP-340 key pairs and the
 * taproot tweak check:
 *  - algebra among the calls (negation and combination against tweaks,
 *    the key pair against kc_schnorr_sign);
 *  - error codes, other curves refused, nothing written on any error;
 *  - Wycheproof's ecdsa_secp256k1_sha256_bitcoin_test.json (data/
 *    wycheproof/ecdsa-bitcoin.txt, generated) through strict and lax
 *    parsing, normalisation and verification;
 *  - the lax DER rules (libsecp256k1's contrib/lax_der_parsing.c) on
 *    hand-made encodings;
 *  - differentially against Debian's libsecp256k1 (0.2.x) on edge and
 *    random inputs, byte for byte, for every call it has (all but the
 *    sort, checked against qsort with its ec_pubkey_cmp, and the lax
 *    parser, which lives in its contrib/).  Without it that part is
 *    skipped (and said so).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "t-secp256k1.h"
#include "secp256k1/scalar.h"

#ifdef HAVE_LIBSECP256K1
# include <secp256k1.h>
# include <secp256k1_extrakeys.h>
# include <secp256k1_schnorrsig.h>
#endif

#define C KC_ECC_SECP256K1
#define KPL KC_SCHNORR_SECP256K1_KEYPAIR_LEN


#ifdef HAVE_LIBSECP256K1
/* A random 32-byte value, often an edge: 0, 1, n-1, n, above n, small,
 * high bits only (for the differential tests against libsecp256k1). */
static void
rand_scalar_edge (unsigned char t[32])
{
  unsigned int k = (unsigned int) (t_rand64 () % 12);
  t_randbytes (t, 32);
  switch (k)
    {
    case 0: memset (t, 0, 32); break;
    case 1: memset (t, 0, 32); t[31] = 1; break;
    case 2: memcpy (t, n_be, 32); t[31] -= 1; break;
    case 3: memcpy (t, n_be, 32); break;
    case 4: memset (t, 0xFF, 32); break;
    case 5: memset (t, 0, 24); break;
    case 6: memcpy (t, n_be, 16); break;     /* just below or above n */
    default: break;
    }
}
#endif

static int
is_zero (const unsigned char *p, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

/* ---- the secret-key calls on a grid of edges, against the scalar code */

/* R = A + D mod 2^256, big-endian, for a signed small D times 2^(64 L):
 * the edges next to a limb boundary. */
static void
be_add_at (unsigned char r[32], const unsigned char a[32], int d,
           unsigned int limb)
{
  int i, c = 0, first = 31 - 8 * (int) limb;
  memcpy (r, a, 32);
  for (i = first; i >= 0; i--)
    {
      int v = r[i] + c + (i == first ? d : 0);
      c = v < 0 ? -1 : v > 255;
      r[i] = (unsigned char) v;
      if (!c && i < first)
        break;
    }
}

/* kc_ecc_seckey_tweak_add (MUL 0: a tweak in [0, n - 1], a sum that is
 * not 0) or _tweak_mul (MUL 1: a tweak in [1, n - 1]) of the key X by
 * the tweak T (NULL: X itself, the same buffer), against the scalar
 * code: the verdict, the bytes, the key unchanged on failure, the tweak
 * never written.  I and J name the grid values. */
static void
grid_tweak (int mul, const unsigned char x[32], const unsigned char *t,
            unsigned int i, unsigned int j)
{
  const char *name = mul ? "seckey_tweak_mul" : "seckey_tweak_add";
  _kc_secp256k1_scalar sx, st;
  unsigned char a[32], b[32], w[32];
  int of, of2, ok;
  gpg_error_t e;

  _kc_secp256k1_scalar_set_b32 (&sx, x, &of);
  _kc_secp256k1_scalar_set_b32 (&st, t ? t : x, &of2);
  ok = !of && !_kc_secp256k1_scalar_is_zero (&sx) && !of2
       && !(mul && _kc_secp256k1_scalar_is_zero (&st));
  if (mul)
    _kc_secp256k1_scalar_mul (&sx, &sx, &st);
  else
    _kc_secp256k1_scalar_add (&sx, &sx, &st);
  ok &= !_kc_secp256k1_scalar_is_zero (&sx);
  _kc_secp256k1_scalar_get_b32 (w, &sx);
  memcpy (a, x, 32);
  if (t)
    memcpy (b, t, 32);
  e = (mul ? kc_ecc_seckey_tweak_mul : kc_ecc_seckey_tweak_add)
        (C, a, 32, t ? b : a, 32);
  CHECK (ok ? !e && !memcmp (a, w, 32)
         : gpg_err_code (e) == GPG_ERR_BAD_SECKEY && !memcmp (a, x, 32),
         "%s on grid values %u, %u%s", name, i, j, t ? "" : " (one buffer)");
  CHECK (!t || !memcmp (b, t, 32), "%s wrote its tweak", name);
}

/* kc_ecc_seckey_verify, _negate, _tweak_add and _tweak_mul
 * (general-register assembly on x86-64, the C bodies elsewhere) on 0,
 * 1, 2, each limb's edges, powers of two, n and its neighbours at every
 * limb, 2^256 - n and its neighbours, all ones, and random values,
 * alone and in every pair (sums of 0, of n, above 2^256), against the
 * scalar arithmetic: the verdict, the bytes, nothing written on
 * failure. */
static void
test_seckey_grid (void)
{
  enum { NV = 48 };
  static unsigned char v[NV][32];
  unsigned char a[32], w[32];
  _kc_secp256k1_scalar x;
  unsigned int nv = 0, i, j, l;
  int of, ok;
  gpg_error_t e;

  memset (v[nv++], 0, 32);
  memset (v[nv], 0, 32); v[nv++][31] = 1;
  memset (v[nv], 0, 32); v[nv++][31] = 2;
  for (l = 0; l < 4; l++)
    {
      memset (v[nv], 0, 32);                    /* 2^(64 l) - 1 */
      if (l)
        memset (v[nv] + 32 - 8 * l, 0xFF, 8 * l);
      nv += l > 0;
      memset (v[nv], 0, 32);                    /* 2^(64 l) */
      v[nv++][31 - 8 * l] = 1;
    }
  memset (v[nv], 0, 32); v[nv++][0] = 0x80;     /* 2^255 */
  memset (v[nv++], 0xFF, 32);                   /* 2^256 - 1 */
  memcpy (v[nv++], n_be, 32);
  for (l = 0; l < 4; l++)
    {
      be_add_at (v[nv++], n_be, -1, l);
      be_add_at (v[nv++], n_be, 1, l);
    }
  be_add_at (v[nv++], n_be, -2, 0);
  memset (w, 0, 32);
  n_minus (a, w);                               /* n */
  for (i = 0; i < 32; i++)
    a[i] = (unsigned char) ~a[i];               /* 2^256 - 1 - n */
  be_add_at (v[nv++], a, 1, 0);                 /* 2^256 - n */
  memcpy (v[nv++], a, 32);
  be_add_at (v[nv++], a, 2, 0);
  while (nv < NV)
    t_randbytes (v[nv++], 32);

  for (i = 0; i < nv; i++)
    {
      _kc_secp256k1_scalar_set_b32 (&x, v[i], &of);
      ok = !of && !_kc_secp256k1_scalar_is_zero (&x);
      e = kc_ecc_seckey_verify (C, v[i], 32);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
             "seckey_verify on grid value %u", i);
      memcpy (a, v[i], 32);
      e = kc_ecc_seckey_negate (C, a, 32);
      if (ok)
        {
          _kc_secp256k1_scalar_negate (&x, &x);
          _kc_secp256k1_scalar_get_b32 (w, &x);
          CHECK (!e && !memcmp (a, w, 32), "seckey_negate on grid value %u",
                 i);
        }
      else
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_SECKEY && !memcmp (a, v[i], 32),
               "seckey_negate refuses grid value %u, unchanged", i);
      for (j = 0; j < nv; j++)
        {
          grid_tweak (0, v[i], v[j], i, j);
          grid_tweak (1, v[i], v[j], i, j);
        }
      /* the key as its own tweak: 2x and x^2 */
      grid_tweak (0, v[i], NULL, i, i);
      grid_tweak (1, v[i], NULL, i, i);
    }
}

/* ------------------------------------------------ algebra */

static void
test_algebra (void)
{
  int it;
  for (it = 0; it < 200; it++)
    {
      unsigned char a[32], b[32], pa[33], pb[33], na[32], t[32], a2[32];
      unsigned char o1[65], o2[65], o3[65], kp[KPL], x[32], s1[64], s2[64];
      unsigned char aux[32], msg[70], pa65[65], hy[65];
      const void *keys[3];
      size_t lens[3];
      int par, par2, cmp;

      rand_key (a, pa);
      rand_key (b, pb);
      CHECK_ERR (kc_ecc_seckey_verify (C, a, 32), 0);
      /* -a: its key is -P; a + (-a) = 0 */
      memcpy (na, a, 32);
      CHECK_ERR (kc_ecc_seckey_negate (C, na, 32), 0);
      n_minus (t, a);
      CHECK (!memcmp (na, t, 32), "seckey negate = n - a (%d)", it);
      CHECK_ERR (kc_ecc_pubkey (C, o1, 33, na, 32), 0);
      CHECK_ERR (kc_ecc_pubkey_negate (C, o2, 33, pa, 33), 0);
      CHECK (!memcmp (o1, o2, 33) && o2[0] == (pa[0] ^ 1)
             && !memcmp (o2 + 1, pa + 1, 32), "pubkey negate (%d)", it);
      keys[0] = pa; lens[0] = 33;
      keys[1] = o2; lens[1] = 33;
      CHECK_ERR (kc_ecc_pubkey_combine (C, o3, 33, 2, keys, lens),
                 GPG_ERR_BAD_PUBKEY);            /* P + (-P) = infinity */
      /* combine = (a + b) G, and the order does not matter */
      memcpy (a2, a, 32);
      if (kc_ecc_seckey_tweak_add (C, a2, 32, b, 32) == 0)
        {
          CHECK_ERR (kc_ecc_pubkey (C, o1, 65, a2, 32), 0);
          CHECK_ERR (kc_ecc_pubkey_convert (C, pa65, 65, pa, 33), 0);
          keys[0] = pb; lens[0] = 33;
          keys[1] = pa65; lens[1] = 65;
          CHECK_ERR (kc_ecc_pubkey_combine (C, o2, 65, 2, keys, lens), 0);
          CHECK (!memcmp (o1, o2, 65), "combine = (a+b)G (%d)", it);
          keys[2] = pa; lens[2] = 33;            /* a + b + a - ... */
          CHECK_ERR (kc_ecc_pubkey_combine (C, o2, 33, 1, keys + 2, lens + 2),
                     0);
          CHECK (!memcmp (o2, pa, 33), "combine of one key (%d)", it);
        }
      /* tweak_mul: (a t) G = t (a G) */
      t_randbytes (t, 32);
      t[0] &= 0x7F;
      memcpy (a2, a, 32);
      CHECK_ERR (kc_ecc_seckey_tweak_mul (C, a2, 32, t, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (C, o1, 33, a2, 32), 0);
      CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, o2, 33, pa, 33, t, 32), 0);
      CHECK (!memcmp (o1, o2, 33), "tweak_mul: (at)G = t(aG) (%d)", it);
      /* P + P = 2P: the sum doubles */
      memset (t, 0, 32);
      t[31] = 2;
      keys[0] = pa; lens[0] = 33;
      keys[1] = pa; lens[1] = 33;
      CHECK_ERR (kc_ecc_pubkey_combine (C, o1, 33, 2, keys, lens), 0);
      CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, o2, 33, pa, 33, t, 32), 0);
      CHECK (!memcmp (o1, o2, 33), "combine P + P = 2P (%d)", it);
      /* cmp: a key equals itself in either encoding; antisymmetric */
      CHECK_ERR (kc_ecc_pubkey_convert (C, pa65, 65, pa, 33), 0);
      CHECK_ERR (kc_ecc_pubkey_cmp (C, &cmp, pa, 33, pa65, 65), 0);
      CHECK (cmp == 0, "cmp of a key with itself (%d)", it);
      CHECK_ERR (kc_ecc_pubkey_cmp (C, &cmp, pa, 33, pb, 33), 0);
      {
        int c2, want = memcmp (pa, pb, 33);
        CHECK_ERR (kc_ecc_pubkey_cmp (C, &c2, pb, 33, pa65, 65), 0);
        CHECK ((cmp > 0) == (want > 0) && (cmp < 0) == (want < 0)
               && (c2 > 0) == (cmp < 0) && (c2 < 0) == (cmp > 0),
               "cmp order (%d)", it);
      }
      /* hybrid: convert takes 06/07 with the right parity only */
      memcpy (hy, pa65, 65);
      hy[0] = (unsigned char) (0x06 | (pa65[64] & 1));
      CHECK_ERR (kc_ecc_pubkey_convert (C, o1, 33, hy, 65), 0);
      CHECK (!memcmp (o1, pa, 33), "hybrid key converted (%d)", it);
      hy[0] ^= 1;
      CHECK_ERR (kc_ecc_pubkey_convert (C, o1, 33, hy, 65), GPG_ERR_BAD_PUBKEY);
      hy[0] ^= 1;
      CHECK_ERR (kc_ecc_pubkey_negate (C, o1, 33, hy, 65), GPG_ERR_BAD_PUBKEY);
      /* key pair: the same key, the same signatures as kc_schnorr_sign */
      CHECK_ERR (kc_schnorr_keypair_create (C, kp, KPL, a, 32), 0);
      CHECK_ERR (kc_schnorr_keypair_sec (C, a2, 32, kp, KPL), 0);
      CHECK (!memcmp (a2, a, 32), "keypair_sec (%d)", it);
      CHECK_ERR (kc_schnorr_keypair_pub (C, o1, 33, kp, KPL), 0);
      CHECK (!memcmp (o1, pa, 33), "keypair_pub (%d)", it);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, x, 32, &par, kp, KPL), 0);
      CHECK (!memcmp (x, pa + 1, 32) && par == (pa[0] & 1), "keypair x (%d)",
             it);
      t_randbytes (aux, 32);
      t_randbytes (msg, sizeof msg);
      {
        size_t ml = (size_t) (t_rand64 () % (sizeof msg + 1));
        int use_aux = it & 1;
        CHECK_ERR (kc_schnorr_sign (C, s1, 64, a, 32, ml ? msg : NULL, ml,
                                    use_aux ? aux : NULL, use_aux ? 32 : 0), 0);
        CHECK_ERR (kc_schnorr_sign_keypair (C, s2, 64, kp, KPL,
                                            ml ? msg : NULL, ml,
                                            use_aux ? aux : NULL,
                                            use_aux ? 32 : 0), 0);
        CHECK (!memcmp (s1, s2, 64), "sign_keypair = sign (%d)", it);
      }
      /* the tweaked pair is the secret of the tweaked output key */
      t_randbytes (t, 32);
      t[0] &= 0x7F;
      CHECK_ERR (kc_ecc_xonly_tweak_add (C, o1, 32, &par, x, 32, t, 32), 0);
      CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, o1, 32, par, x, 32, t, 32), 0);
      CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, o1, 32, par ^ 1, x, 32, t, 32),
                 GPG_ERR_BAD_SIGNATURE);
      o1[7] ^= 0x10;
      CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, o1, 32, par, x, 32, t, 32),
                 GPG_ERR_BAD_SIGNATURE);
      o1[7] ^= 0x10;
      CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (C, kp, KPL, t, 32), 0);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, x, 32, &par2, kp, KPL), 0);
      CHECK (!memcmp (x, o1, 32) && par2 == par, "keypair tweak (%d)", it);
      CHECK_ERR (kc_schnorr_sign_keypair (C, s2, 64, kp, KPL, msg, 32, aux, 32),
                 0);
      CHECK_ERR (kc_schnorr_verify (C, s2, 64, x, 32, msg, 32), 0);
      kc_schnorr_keypair_clear (kp, KPL);
      CHECK (is_zero (kp, KPL), "keypair_clear");
      CHECK_ERR (kc_schnorr_sign_keypair (C, s2, 64, kp, KPL, msg, 32, aux, 32),
                 GPG_ERR_BAD_SECKEY);
    }
}

/* ------------------------------------------------ sort */

static void
test_sort (void)
{
  int it;
  for (it = 0; it < 100; it++)
    {
      enum { N = 24 };
      unsigned char keys[N][65], sk[32], prev[33], cur[33];
      const void *p[N];
      size_t l[N], n = (size_t) (t_rand64 () % (N + 1)), i;
      unsigned int seen[N];

      for (i = 0; i < n; i++)
        {
          if (i && t_rand64 () % 4 == 0)        /* duplicates */
            {
              size_t j = (size_t) (t_rand64 () % i);
              l[i] = (t_rand64 () & 1) ? 33 : 65;   /* either encoding */
              CHECK_ERR (kc_ecc_pubkey_convert (C, keys[i], l[i], keys[j],
                                                l[j]), 0);
            }
          else
            {
              rand_key (sk, keys[i]);
              l[i] = 33;
              if (t_rand64 () & 1)
                {
                  CHECK_ERR (kc_ecc_pubkey (C, keys[i], 65, sk, 32), 0);
                  l[i] = 65;
                }
            }
          p[i] = keys[i];
        }
      CHECK_ERR (kc_ecc_pubkey_sort (C, p, l, n), 0);
      memset (seen, 0, sizeof seen);
      for (i = 0; i < n; i++)
        {
          size_t j = (size_t) ((const unsigned char (*)[65]) p[i] - keys);
          CHECK (j < n && !seen[j], "sort: a permutation (%d)", it);
          if (j < n)
            seen[j] = 1;
          CHECK_ERR (kc_ecc_pubkey_convert (C, cur, 33, p[i], l[i]), 0);
          CHECK (l[i] == (keys[j][0] == 0x04 ? 65u : 33u), "sort: lengths");
          if (i)
            CHECK (memcmp (prev, cur, 33) <= 0, "sort order (%d, %zu)", it, i);
          memcpy (prev, cur, 33);
        }
    }
}

/* ------------------------------------------------ tagged hash */

static void
test_tagged (void)
{
  /* BIP-340's own: the tag names give the precomputed midstates, and
   * H_challenge of vector 0 (R.x || P || m) is checked by t-schnorr; here
   * the definition, against SHA-256 */
  int it;
  for (it = 0; it < 100; it++)
    {
      unsigned char tag[150], msg[200], th[32], buf[64 + 200], want[32];
      unsigned char got[32];
      size_t tl = (size_t) (t_rand64 () % sizeof tag);
      size_t ml = (size_t) (t_rand64 () % sizeof msg);
      t_randbytes (tag, tl);
      t_randbytes (msg, ml);
      CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, th, 32, tag, tl), 0);
      memcpy (buf, th, 32);
      memcpy (buf + 32, th, 32);
      memcpy (buf + 64, msg, ml);
      CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, want, 32, buf, 64 + ml), 0);
      CHECK_ERR (kc_tagged_sha256 (got, 32, tl ? tag : NULL, tl,
                                   ml ? msg : NULL, ml), 0);
      CHECK (!memcmp (got, want, 32), "tagged hash (%zu, %zu)", tl, ml);
    }
}

/* ------------------------------------------------ signature encodings */

/* Compact sig (64) -> DER -> compact again. */
static void
der_roundtrip (const unsigned char sig[64], const char *what)
{
  unsigned char der[72], back[64];
  size_t dl = sizeof der;
  CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64), 0);
  CHECK_ERR (kc_ecdsa_signature_parse_der (C, back, 64, der, dl), 0);
  CHECK (!memcmp (back, sig, 64), "%s: DER round trip", what);
  CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, back, 64, der, dl), 0);
  CHECK (!memcmp (back, sig, 64), "%s: lax parse of strict DER", what);
}

static void
test_lax_rules (void)
{
  /* hand-made: each with what the contrib parser yields (r, s last bytes)
   * or failure */
  static const struct { const char *hex; int ok; unsigned char r, s; } v[] = {
    { "3006020101020102", 1, 1, 2 },                 /* strict */
    { "3000020101020102", 1, 1, 2 },                 /* sequence length ignored */
    { "30ff020101020102", 0, 0, 0 },                 /* 127 bytes to skip */
    { "3080020101020102", 1, 1, 2 },                 /* indefinite: 0 bytes skipped */
    { "3082ffff020101020102", 1, 1, 2 },             /* long form skipped */
    { "3085ffff0201", 0, 0, 0 },                     /* ... must fit */
    { "3006020101020102ffff", 1, 1, 2 },             /* trailing bytes */
    { "300602810101020102", 1, 1, 2 },               /* long-form integer length */
    { "30060284000000010102820001" "02", 1, 1, 2 },  /* zeros in the length */
    { "30060200020102", 1, 0, 2 },                   /* empty integer: 0 */
    { "30060203000001020102", 1, 1, 2 },             /* zero padding */
    { "3006020181020102", 1, 0x81, 2 },              /* "negative": unsigned */
    { "3006020101020202", 0, 0, 0 },                 /* s runs past the end */
    { "30060201010301", 0, 0, 0 },                   /* not an INTEGER */
    { "3106020101020102", 0, 0, 0 },                 /* not a SEQUENCE */
    { "30", 0, 0, 0 },
    { "", 0, 0, 0 },
    { "3006020101", 0, 0, 0 },                       /* no s */
    { "300602880000000000000001010201" "02", 1, 1, 2 }, /* 8 length bytes, 7 zero */
    { "3006028801000000000000000102", 0, 0, 0 },     /* >= 2^56: too long */
    { "300602890000000000000000000102", 0, 0, 0 },   /* 9 bytes, runs past */
  };
  size_t i;
  for (i = 0; i < KC_DIM (v); i++)
    {
      unsigned char der[64], sig[64], want[64];
      long dl = t_unhex (der, sizeof der, v[i].hex);
      gpg_error_t e;
      memset (sig, 0x5A, 64);
      e = kc_ecdsa_signature_parse_der_lax (C, sig, 64, dl ? der : NULL,
                                            (size_t) dl);
      if (!v[i].ok)
        {
          CHECK (gpg_err_code (e) == GPG_ERR_BAD_SIGNATURE,
                 "lax %zu (%s): want BAD_SIGNATURE, got %s", i, v[i].hex,
                 gpg_strerror (e));
          CHECK (sig[0] == 0x5A && sig[63] == 0x5A, "lax %zu: output written",
                 i);
          continue;
        }
      memset (want, 0, 64);
      want[31] = v[i].r;
      want[63] = v[i].s;
      CHECK (!e && !memcmp (sig, want, 64), "lax %zu (%s): %s", i, v[i].hex,
             gpg_strerror (e));
    }
  /* overflow: 33 significant bytes, or a value >= n, zeroes both */
  {
    unsigned char der[80], sig[64];
    size_t k = 0;
    der[k++] = 0x30; der[k++] = 0x00;
    der[k++] = 0x02; der[k++] = 0x21; memset (der + k, 0x11, 0x21); k += 0x21;
    der[k++] = 0x02; der[k++] = 0x01; der[k++] = 0x05;
    CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, sig, 64, der, k), 0);
    CHECK (is_zero (sig, 64), "lax: 33-byte r gives zeros");
    k = 2;
    der[k++] = 0x02; der[k++] = 0x21; der[k++] = 0x00;
    memcpy (der + k, n_be, 32); k += 32;
    der[k++] = 0x02; der[k++] = 0x01; der[k++] = 0x05;
    CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, sig, 64, der, k), 0);
    CHECK (is_zero (sig, 64), "lax: r = n gives zeros");
    der[2 + 2 + 32] -= 1;                        /* r = n - 1 */
    CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, sig, 64, der, k), 0);
    CHECK (!memcmp (sig + 1, n_be + 1, 30) && sig[31] == 0x40 && sig[63] == 5,
           "lax: r = n - 1");
    /* the strict parser refuses the 00-padded 33 bytes only if needless */
    CHECK_ERR (kc_ecdsa_signature_parse_der (C, sig, 64, der, k),
               GPG_ERR_BAD_SIGNATURE);           /* sequence length 0 */
    der[1] = (unsigned char) (k - 2);
    CHECK_ERR (kc_ecdsa_signature_parse_der (C, sig, 64, der, k), 0);
    der[2 + 2 + 32] += 1;                        /* r = n */
    CHECK_ERR (kc_ecdsa_signature_parse_der (C, sig, 64, der, k),
               GPG_ERR_BAD_SIGNATURE);
    /* no input at all, as NULL and 0 (the strict parser once formed
     * NULL + 0, undefined behaviour clang's UBSan reports) */
    CHECK_ERR (kc_ecdsa_signature_parse_der (C, sig, 64, NULL, 0),
               GPG_ERR_BAD_SIGNATURE);
    CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, sig, 64, NULL, 0),
               GPG_ERR_BAD_SIGNATURE);
  }
}

static void
test_encodings (void)
{
  int it;
  unsigned char sig[64], out[64], keep[64];
  int high;

  for (it = 0; it < 300; it++)
    {
      unsigned char sk[32], pk[33], dg[32], s2[64], der[72];
      size_t sl = 64, dl;

      rand_key (sk, pk);
      t_randbytes (dg, 32);
      CHECK_ERR (kc_ecdsa_sign (C, 0, sig, &sl, sk, 32, dg, 32), 0);
      CHECK_ERR (kc_ecdsa_signature_normalize (C, out, 64, &high, sig, 64), 0);
      CHECK (!high && !memcmp (out, sig, 64), "normalize of a low s (%d)", it);
      der_roundtrip (sig, "signature");
      /* s -> n - s: high, normalised back, and verify agrees */
      memcpy (s2, sig, 32);
      n_minus (s2 + 32, sig + 32);
      CHECK_ERR (kc_ecc_pubkey (C, pk, 33, sk, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (C, 0, s2, 64, pk, 33, dg, 32), 0);
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_LOW_S, s2, 64, pk, 33, dg, 32),
                 GPG_ERR_BAD_SIGNATURE);
      CHECK_ERR (kc_ecdsa_signature_normalize (C, NULL, 0, &high, s2, 64), 0);
      CHECK (high == 1, "high s reported (%d)", it);
      CHECK_ERR (kc_ecdsa_signature_normalize (C, s2, 64, NULL, s2, 64), 0);
      CHECK (!memcmp (s2, sig, 64), "normalized in place (%d)", it);
      der_roundtrip (s2, "high");
      /* short r and s: leading zero bytes in DER */
      memset (s2, 0, 64);
      t_randbytes (s2 + (t_rand64 () % 32), 1);
      t_randbytes (s2 + 32 + (t_rand64 () % 32), 1);
      der_roundtrip (s2, "short");
      /* ndata: another nonce, still a valid signature; NULL, 0 is plain */
      t_randbytes (der, 32);
      sl = 64;
      CHECK_ERR (kc_ecdsa_sign_ndata (C, 0, s2, &sl, sk, 32, dg, 32, der, 32),
                 0);
      CHECK (memcmp (s2, sig, 64) != 0, "ndata changes the nonce (%d)", it);
      CHECK_ERR (kc_ecdsa_verify (C, KC_ECDSA_LOW_S, s2, 64, pk, 33, dg, 32),
                 0);
      sl = 64;
      CHECK_ERR (kc_ecdsa_sign_ndata (C, 0, s2, &sl, sk, 32, dg, 32, NULL, 0),
                 0);
      CHECK (!memcmp (s2, sig, 64), "no ndata = kc_ecdsa_sign (%d)", it);
      dl = sizeof der;
      CHECK_ERR (kc_ecdsa_sign_ndata (C, KC_ECDSA_DER, der, &dl, sk, 32, dg,
                                      32, NULL, 0), 0);
      CHECK_ERR (kc_ecdsa_signature_parse_der (C, s2, 64, der, dl), 0);
      CHECK (!memcmp (s2, sig, 64), "DER from sign_ndata (%d)", it);
    }
  /* r or s >= n: refused by all but the lax parser */
  memcpy (sig, n_be, 32);
  memset (sig + 32, 1, 32);
  memset (out, 0x5A, 64);
  memcpy (keep, out, 64);
  CHECK_ERR (kc_ecdsa_signature_normalize (C, out, 64, &high, sig, 64),
             GPG_ERR_BAD_SIGNATURE);
  {
    unsigned char der[80];
    size_t dl = sizeof der;
    CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64),
               GPG_ERR_BAD_SIGNATURE);
    memcpy (sig, sig + 32, 32);
    memcpy (sig + 32, n_be, 32);
    CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64),
               GPG_ERR_BAD_SIGNATURE);
    /* zeros are representable (libsecp256k1 takes them too) */
    memset (sig, 0, 64);
    CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64), 0);
    CHECK (dl == 8 && !memcmp (der, "\x30\x06\x02\x01\x00\x02\x01\x00", 8),
           "DER of zeros");
    /* too little room: the length needed, nothing written */
    memset (sig, 0xAA, 32);                      /* r with its top bit */
    memset (sig + 32, 0x11, 32);
    dl = 70;
    memset (der, 0x5A, sizeof der);
    CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64),
               GPG_ERR_TOO_SHORT);
    CHECK (dl == 71 && der[0] == 0x5A, "DER room");
    dl = 71;
    CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, sig, 64), 0);
    CHECK (dl == 71 && der[3] == 0x21 && der[4] == 0, "DER padding");
  }
  CHECK (!memcmp (out, keep, 64), "normalize wrote on error");
}

/* ------------------------------------------------ Wycheproof (Bitcoin) */

/* The cases of one test group (one key) the lax path accepts though
 * Bitcoin's strict rule refuses them, and the group's valid signatures:
 * each of the former must be one of the latter under another encoding
 * (the same digest, the same normalised r || s). */
#define WP_MAX 128
static struct { int id; unsigned char dg[32], rs[64]; } wp_lax[WP_MAX], wp_ok[WP_MAX];
static int wp_nlax, wp_nok;

static void
wp_group_end (void)
{
  int i, j;
  for (i = 0; i < wp_nlax; i++)
    {
      for (j = 0; j < wp_nok; j++)
        if (!memcmp (wp_lax[i].dg, wp_ok[j].dg, 32)
            && !memcmp (wp_lax[i].rs, wp_ok[j].rs, 64))
          break;
      CHECK (j < wp_nok, "wycheproof %d: the lax path accepts a signature "
             "that is no valid one re-encoded", wp_lax[i].id);
    }
  wp_nlax = wp_nok = 0;
}

static void
test_wycheproof_bitcoin (void)
{
  static char line[20000];
  static unsigned char msg[4096], der[8192];
  unsigned char pk[65];
  FILE *fp = fopen (t_datafile ("wycheproof/ecdsa-bitcoin.txt"), "r");
  int cases = 0, valid = 0, high_seen = 0, lax_only = 0, ber = 0;

  if (!fp)
    {
      fail ("cannot open %s", t_datafile ("wycheproof/ecdsa-bitcoin.txt"));
      return;
    }
  memset (pk, 0, sizeof pk);
  while (fgets (line, sizeof line, fp))
    {
      char *f[6], *sv;
      unsigned char dg[32], sig[64], lax[64], norm[64], back[80];
      long ml, dl;
      size_t bl = sizeof back;
      int nf = 0, ok, id, high;
      gpg_error_t es, el, ev;

      CHECK (strchr (line, '\n') != NULL, "wycheproof: line too long");
      line[strcspn (line, "\r\n")] = 0;
      if (line[0] == 'k')
        {
          wp_group_end ();
          CHECK (t_unhex (pk, 65, line + 2) == 65, "wycheproof key");
          continue;
        }
      if (line[0] != 'c')
        continue;
      for (sv = strtok (line, " "); sv && nf < 6; sv = strtok (NULL, " "))
        f[nf++] = sv;
      if (nf != 6)
        {
          fail ("wycheproof: bad line");
          continue;
        }
      id = atoi (f[1]);
      ok = !strcmp (f[2], "valid");
      ml = strcmp (f[4], "-") ? t_unhex (msg, sizeof msg, f[4]) : 0;
      dl = strcmp (f[5], "-") ? t_unhex (der, sizeof der, f[5]) : 0;
      CHECK (ml >= 0 && dl >= 0, "wycheproof %d: hex", id);
      if (ml < 0 || dl < 0)
        continue;
      CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, dg, 32, msg, (size_t) ml), 0);
      cases++;
      /* Bitcoin's rule (strict DER, low s) through kc_ecdsa_verify */
      ev = kc_ecdsa_verify (C, KC_ECDSA_DER | KC_ECDSA_LOW_S, dl ? der : pk,
                            (size_t) dl, pk, 65, dg, 32);
      CHECK (ok ? !ev : gpg_err_code (ev) == GPG_ERR_BAD_SIGNATURE,
             "wycheproof %d (%s): verify %s", id, f[3], gpg_strerror (ev));
      /* the same through the parsers: strict parse, normalise, verify */
      es = kc_ecdsa_signature_parse_der (C, sig, 64, dl ? der : NULL,
                                         (size_t) dl);
      if (ok)
        {
          valid++;
          CHECK (!es, "wycheproof %d: strict parse", id);
          CHECK_ERR (kc_ecdsa_signature_normalize (C, norm, 64, &high, sig,
                                                   64), 0);
          CHECK (!high, "wycheproof %d: valid but high", id);
          CHECK_ERR (kc_ecdsa_signature_serialize_der (C, back, &bl, sig, 64),
                     0);
          CHECK (bl == (size_t) dl && !memcmp (back, der, bl),
                 "wycheproof %d: DER round trip", id);
          if (wp_nok < WP_MAX)
            {
              wp_ok[wp_nok].id = id;
              memcpy (wp_ok[wp_nok].dg, dg, 32);
              memcpy (wp_ok[wp_nok++].rs, norm, 64);
            }
        }
      /* the consensus path of a node (lax, normalise, verify): accepts
       * every valid case; beyond them only valid signatures re-encoded
       * (checked at the group's end) */
      el = kc_ecdsa_signature_parse_der_lax (C, lax, 64, dl ? der : NULL,
                                             (size_t) dl);
      if (!es)
        CHECK (!el && !memcmp (lax, sig, 64), "wycheproof %d: lax != strict",
               id);
      if (strstr (f[3], "BerEncodedSignature"))
        {
          CHECK (!el, "wycheproof %d: lax parser refuses BER", id);
          ber++;
        }
      if (!el)
        {
          CHECK_ERR (kc_ecdsa_signature_normalize (C, norm, 64, &high, lax,
                                                   64), 0);
          ev = kc_ecdsa_verify (C, 0, norm, 64, pk, 65, dg, 32);
          if (!ok && !ev && !es && high)
            {
              lax_only++;                       /* strict DER, only s high */
              high_seen++;
            }
          else if (!ok && !ev)
            {
              if (wp_nlax < WP_MAX)
                {
                  wp_lax[wp_nlax].id = id;
                  memcpy (wp_lax[wp_nlax].dg, dg, 32);
                  memcpy (wp_lax[wp_nlax++].rs, norm, 64);
                }
              else
                fail ("wycheproof: WP_MAX");
              lax_only++;
              high_seen += high;
            }
          if (strstr (f[3], "SignatureMalleabilityBitcoin"))
            CHECK (!ev && high, "wycheproof %d: high s not normalised", id);
          if (ok)
            CHECK (!ev, "wycheproof %d: lax path rejects", id);
        }
      else
        CHECK (!ok, "wycheproof %d: lax parse fails", id);
    }
  wp_group_end ();
  fclose (fp);
  /* 463 cases, 162 valid; the lax path adds 37: two strict ones whose
   * only fault is a high s, and 35 re-encodings of a valid signature of
   * their group (the 7 BER ones, trailing bytes, lengths it skips or
   * reads in long form, padding) */
  CHECK (cases == 463 && valid == 162 && ber == 7,
         "wycheproof: %d cases, %d valid, %d BER", cases, valid, ber);
  CHECK (lax_only == 37 && high_seen == 2, "wycheproof: lax-only %d, high %d",
         lax_only, high_seen);
}

/* ------------------------------------------------ errors */

static void
test_errors (void)
{
  unsigned char sk[32], pk[33], pk65[65], t[32], out[65], keep[65], kp[KPL];
  unsigned char sig[64], der[72], h[32], prefix;
  const void *keys[2];
  size_t lens[2], dl;
  int r = 7, par = 7, bad_curves[3] = { 2, 3, 9 }, i;

  rand_key (sk, pk);
  CHECK_ERR (kc_ecc_pubkey_convert (C, pk65, 65, pk, 33), 0);
  t_randbytes (t, 32);
  t[0] &= 0x7F;
  memset (out, 0x5A, sizeof out);
  memcpy (keep, out, sizeof out);
  memset (sig, 0x11, 64);
  CHECK_ERR (kc_schnorr_keypair_create (C, kp, KPL, sk, 32), 0);
  keys[0] = pk; lens[0] = 33;
  keys[1] = pk65; lens[1] = 65;

  /* other curves (P-256, Ed25519, unknown): GPG_ERR_NOT_SUPPORTED */
  for (i = 0; i < 3; i++)
    {
      int c = bad_curves[i];
      dl = sizeof der;
      CHECK_ERR (kc_ecc_seckey_verify (c, sk, 32), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_seckey_negate (c, sk, 32), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey_negate (c, out, 33, pk, 33), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_seckey_tweak_mul (c, sk, 32, t, 32), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey_tweak_mul (c, out, 33, pk, 33, t, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey_combine (c, out, 33, 2, keys, lens),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey_cmp (c, &r, pk, 33, pk, 33), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_pubkey_sort (c, keys, lens, 2), GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_signature_normalize (c, out, 64, NULL, sig, 64),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_signature_parse_der (c, out, 64, der, 8),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_signature_parse_der_lax (c, out, 64, der, 8),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecdsa_signature_serialize_der (c, der, &dl, sig, 64),
                 GPG_ERR_NOT_SUPPORTED);
      dl = 64;
      CHECK_ERR (kc_ecdsa_sign_ndata (c, 0, out, &dl, sk, 32, t, 32, t, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_keypair_create (c, kp, KPL, sk, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_keypair_sec (c, out, 32, kp, KPL),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_keypair_pub (c, out, 33, kp, KPL),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (c, out, 32, &par, kp, KPL),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (c, kp, KPL, t, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_schnorr_sign_keypair (c, out, 64, kp, KPL, t, 32, NULL, 0),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ecc_xonly_tweak_add_check (c, pk + 1, 32, 0, pk + 1, 32,
                                               t, 32), GPG_ERR_NOT_SUPPORTED);
    }
  CHECK (!memcmp (out, keep, sizeof out) && r == 7 && par == 7,
         "written for another curve");

  /* lengths and NULLs */
  CHECK_ERR (kc_ecc_seckey_verify (C, sk, 31), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_verify (C, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_negate (C, sk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_negate (C, out, 64, pk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_negate (C, out, 33, pk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_seckey_tweak_mul (C, sk, 32, t, 31), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, out, 33, pk, 33, NULL, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_combine (C, out, 33, 0, keys, lens), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_combine (C, out, 33, 2, keys, NULL), GPG_ERR_INV_ARG);
  lens[1] = 64;
  CHECK_ERR (kc_ecc_pubkey_combine (C, out, 33, 2, keys, lens), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_sort (C, keys, lens, 2), GPG_ERR_INV_ARG);
  CHECK (keys[0] == pk && keys[1] == pk65, "sort moved on error");
  lens[1] = 65;
  CHECK_ERR (kc_ecc_pubkey_sort (C, NULL, NULL, 0), 0);
  CHECK_ERR (kc_ecc_pubkey_cmp (C, NULL, pk, 33, pk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_pubkey_cmp (C, &r, pk, 32, pk, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_tagged_sha256 (h, 31, "a", 1, "b", 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_tagged_sha256 (h, 32, NULL, 1, "b", 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_tagged_sha256 (h, 32, "a", 1, NULL, 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_normalize (C, out, 63, NULL, sig, 64),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_normalize (C, NULL, 64, NULL, sig, 64),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_normalize (C, out, 64, NULL, sig, 65),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_parse_der (C, out, 65, der, 8), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_parse_der (C, out, 64, NULL, 8), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_parse_der_lax (C, NULL, 64, der, 8),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, NULL, sig, 64),
             GPG_ERR_INV_ARG);
  dl = 64;
  CHECK_ERR (kc_ecdsa_sign_ndata (C, 0, out, &dl, sk, 32, t, 32, t, 31),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecdsa_sign_ndata (C, 0, out, &dl, sk, 32, t, 32, NULL, 32),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_keypair_create (C, kp, KPL - 1, sk, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_keypair_sec (C, out, 32, kp, KPL + 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_keypair_pub (C, out, 32, kp, KPL), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, out, 33, &par, kp, KPL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (C, kp, KPL, t, 33),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_sign_keypair (C, out, 64, kp, KPL, t, 32, t, 31),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_schnorr_sign_keypair (C, out, 64, kp, KPL, NULL, 32, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, pk + 1, 32, 2, pk + 1, 32, t, 32),
             GPG_ERR_INV_ARG);
  CHECK (!memcmp (out, keep, sizeof out) && r == 7 && par == 7,
         "written on a bad argument");

  /* content */
  {
    unsigned char z[32], sk0[32], kp0[KPL];
    memset (z, 0, 32);
    CHECK_ERR (kc_ecc_seckey_verify (C, z, 32), GPG_ERR_BAD_SECKEY);
    CHECK_ERR (kc_ecc_seckey_verify (C, n_be, 32), GPG_ERR_BAD_SECKEY);
    memcpy (sk0, n_be, 32);
    CHECK_ERR (kc_ecc_seckey_negate (C, sk0, 32), GPG_ERR_BAD_SECKEY);
    CHECK (!memcmp (sk0, n_be, 32), "negate changed a bad key");
    memcpy (sk0, sk, 32);
    CHECK_ERR (kc_ecc_seckey_tweak_mul (C, sk0, 32, z, 32), GPG_ERR_BAD_SECKEY);
    CHECK_ERR (kc_ecc_seckey_tweak_mul (C, sk0, 32, n_be, 32),
               GPG_ERR_BAD_SECKEY);
    CHECK (!memcmp (sk0, sk, 32), "tweak_mul changed the key on error");
    CHECK_ERR (kc_ecc_seckey_tweak_mul (C, z, 32, sk, 32), GPG_ERR_BAD_SECKEY);
    CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, out, 33, pk, 33, z, 32),
               GPG_ERR_BAD_SECKEY);
    CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, out, 33, pk, 33, n_be, 32),
               GPG_ERR_BAD_SECKEY);
    pk65[64] ^= 1;                              /* off the curve */
    CHECK_ERR (kc_ecc_pubkey_tweak_mul (C, out, 33, pk65, 65, t, 32),
               GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_ecc_pubkey_negate (C, out, 33, pk65, 65), GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_ecc_pubkey_combine (C, out, 33, 2, keys, lens),
               GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_ecc_pubkey_cmp (C, &r, pk, 33, pk65, 65), GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_ecc_pubkey_sort (C, keys, lens, 2), GPG_ERR_BAD_PUBKEY);
    CHECK (keys[0] == pk && keys[1] == pk65, "sort moved on error");
    pk65[64] ^= 1;
    prefix = pk[0];
    pk[0] = 0x05;
    CHECK_ERR (kc_ecc_pubkey_cmp (C, &r, pk, 33, pk65, 65), GPG_ERR_BAD_PUBKEY);
    pk[0] = prefix;             /* the key's own parity: used below */
    memset (z, 0xFF, 32);                       /* x >= p */
    memcpy (out, keep, sizeof out);
    {
      unsigned char bad[33];
      bad[0] = 0x02;
      memcpy (bad + 1, z, 32);
      CHECK_ERR (kc_ecc_pubkey_cmp (C, &r, bad, 33, pk, 33), GPG_ERR_BAD_PUBKEY);
    }
    CHECK (!memcmp (out, keep, sizeof out) && r == 7, "written on bad content");
    /* key pairs: cleared, damaged public half, tweak to 0 or >= n */
    memcpy (kp0, kp, KPL);
    kp0[95] ^= 1;                               /* y off the curve */
    CHECK_ERR (kc_schnorr_sign_keypair (C, out, 64, kp0, KPL, t, 32, NULL, 0),
               GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_schnorr_keypair_pub (C, out, 33, kp0, KPL),
               GPG_ERR_BAD_PUBKEY);
    memcpy (kp0, kp, KPL);
    memcpy (kp0, n_be, 32);
    CHECK_ERR (kc_schnorr_sign_keypair (C, out, 64, kp0, KPL, t, 32, NULL, 0),
               GPG_ERR_BAD_SECKEY);
    CHECK_ERR (kc_schnorr_keypair_sec (C, out, 32, kp0, KPL),
               GPG_ERR_BAD_SECKEY);
    memcpy (kp0, kp, KPL);
    CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (C, kp0, KPL, n_be, 32),
               GPG_ERR_BAD_SECKEY);
    /* the even key's negation as the tweak: the sum is 0 */
    {
      unsigned char d[32];
      CHECK_ERR (kc_schnorr_keypair_sec (C, d, 32, kp, KPL), 0);
      if (pk[0] == 0x02)
        n_minus (z, d);
      else
        memcpy (z, d, 32);
      CHECK_ERR (kc_schnorr_keypair_xonly_tweak_add (C, kp0, KPL, z, 32),
                 GPG_ERR_BAD_SECKEY);
      CHECK (!memcmp (kp0, kp, KPL), "keypair changed on error");
      CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, pk + 1, 32, 0, pk + 1, 32,
                                               z, 32), GPG_ERR_BAD_SECKEY);
    }
    memset (z, 0xFF, 32);
    CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, pk + 1, 32, 0, z, 32, t, 32),
               GPG_ERR_BAD_PUBKEY);
    CHECK_ERR (kc_ecc_xonly_tweak_add_check (C, pk + 1, 32, 0, pk + 1, 32,
                                             n_be, 32), GPG_ERR_BAD_SECKEY);
    CHECK (!memcmp (out, keep, sizeof out), "written on bad content");
  }
}

/* ------------------------------------------------ libsecp256k1 */

#ifdef HAVE_LIBSECP256K1
static secp256k1_context *sctx;

/* A random 33- or 65-byte string that is often, but not always, a key
 * (hybrid forms too). */
static size_t
rand_pubkey (unsigned char *p)
{
  unsigned char sk[32];
  size_t len = (t_rand64 () & 1) ? 33 : 65;
  unsigned int k = (unsigned int) (t_rand64 () % 8);
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
  else if (k == 4 && len == 65)
    p[0] = (unsigned char) (0x06 | (t_rand64 () & 1));   /* hybrid */
  return len;
}

static int
peer_ser (unsigned char *o, size_t olen, const secp256k1_pubkey *sp)
{
  size_t l = olen;
  return secp256k1_ec_pubkey_serialize (sctx, o, &l, sp, olen == 33
                                        ? SECP256K1_EC_COMPRESSED
                                        : SECP256K1_EC_UNCOMPRESSED) && l == olen;
}

/* The peer's parse, without the hybrid forms (which only
 * kc_ecc_pubkey_convert takes). */
static int
peer_parse_strict (secp256k1_pubkey *sp, const unsigned char *p, size_t len)
{
  return secp256k1_ec_pubkey_parse (sctx, sp, p, len)
         && !(len == 65 && (p[0] == 0x06 || p[0] == 0x07));
}

static void
peer_keys (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char p[65], q[65], o1[65], o2[65], sk[32], s1[32], s2[32];
      unsigned char t[32], dummy[33];
      size_t len = rand_pubkey (p), olen = (t_rand64 () & 1) ? 33 : 65;
      size_t qlen = rand_pubkey (q);
      secp256k1_pubkey sp, sq;
      const secp256k1_pubkey *spp[2];
      gpg_error_t e;
      int ok, okq, ok2, c1, c2;

      /* hybrid keys: convert takes what the peer's parse takes */
      ok = secp256k1_ec_pubkey_parse (sctx, &sp, p, len);
      e = kc_ecc_pubkey_convert (C, o1, olen, p, len);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_PUBKEY,
             "convert accept/reject (%d, %02x)", it, p[0]);
      if (ok && !e)
        CHECK (peer_ser (o2, olen, &sp) && !memcmp (o1, o2, olen),
               "convert bytes (%d)", it);
      ok = peer_parse_strict (&sp, p, len);
      /* negate */
      e = kc_ecc_pubkey_negate (C, o1, olen, p, len);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_PUBKEY,
             "negate accept/reject (%d)", it);
      if (ok)
        {
          sq = sp;
          CHECK (secp256k1_ec_pubkey_negate (sctx, &sq) && peer_ser (o2, olen, &sq)
                 && !memcmp (o1, o2, olen), "negate bytes (%d)", it);
        }
      /* tweak_mul */
      rand_scalar_edge (t);
      e = kc_ecc_pubkey_tweak_mul (C, o1, olen, p, len, t, 32);
      if (!ok)
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "tweak_mul bad key");
      else
        {
          sq = sp;
          ok2 = secp256k1_ec_pubkey_tweak_mul (sctx, &sq, t);
          CHECK (ok2 ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
                 "pubkey tweak_mul accept/reject (%d)", it);
          if (ok2 && !e)
            CHECK (peer_ser (o2, olen, &sq) && !memcmp (o1, o2, olen),
                   "pubkey tweak_mul bytes (%d)", it);
        }
      /* combine of two (and P + -P sometimes) */
      okq = peer_parse_strict (&sq, q, qlen);
      if (it % 9 == 0 && ok)
        {
          memcpy (q, p, 65);
          qlen = len;
          CHECK_ERR (kc_ecc_pubkey_negate (C, q, qlen, p, len), 0);
          okq = peer_parse_strict (&sq, q, qlen);
        }
      {
        const void *kk[2];
        size_t kl[2];
        secp256k1_pubkey sr;
        kk[0] = p; kl[0] = len;
        kk[1] = q; kl[1] = qlen;
        e = kc_ecc_pubkey_combine (C, o1, olen, 2, kk, kl);
        if (!ok || !okq)
          CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "combine bad key (%d)",
                 it);
        else
          {
            spp[0] = &sp;
            spp[1] = &sq;
            ok2 = secp256k1_ec_pubkey_combine (sctx, &sr, spp, 2);
            CHECK (ok2 ? !e : gpg_err_code (e) == GPG_ERR_BAD_PUBKEY,
                   "combine accept/reject (%d)", it);
            if (ok2 && !e)
              CHECK (peer_ser (o2, olen, &sr) && !memcmp (o1, o2, olen),
                     "combine bytes (%d)", it);
          }
        /* cmp, on valid keys (the peer's objects are always valid) */
        if (ok && okq)
          {
            CHECK_ERR (kc_ecc_pubkey_cmp (C, &c1, p, len, q, qlen), 0);
            c2 = secp256k1_ec_pubkey_cmp (sctx, &sp, &sq);
            CHECK ((c1 < 0) == (c2 < 0) && (c1 > 0) == (c2 > 0),
                   "cmp (%d)", it);
            CHECK_ERR (kc_ecc_pubkey_cmp (C, &c1, p, len, p, len), 0);
            CHECK (c1 == 0, "cmp self (%d)", it);
          }
      }
      /* seckey: verify, negate, tweak_mul on edges */
      rand_scalar_edge (sk);
      e = kc_ecc_seckey_verify (C, sk, 32);
      ok = secp256k1_ec_seckey_verify (sctx, sk);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
             "seckey_verify (%d)", it);
      memcpy (s1, sk, 32);
      memcpy (s2, sk, 32);
      e = kc_ecc_seckey_negate (C, s1, 32);
      ok2 = secp256k1_ec_seckey_negate (sctx, s2);
      CHECK (ok2 == ok && (ok ? !e && !memcmp (s1, s2, 32)
                           : gpg_err_code (e) == GPG_ERR_BAD_SECKEY
                             && !memcmp (s1, sk, 32)),
             "seckey_negate (%d)", it);
      if (!ok && t_rand64 () % 2)
        rand_key (sk, dummy);
      rand_scalar_edge (t);
      memcpy (s1, sk, 32);
      memcpy (s2, sk, 32);
      e = kc_ecc_seckey_tweak_mul (C, s1, 32, t, 32);
      ok = secp256k1_ec_seckey_tweak_mul (sctx, s2, t);
      CHECK (ok ? !e && !memcmp (s1, s2, 32)
             : gpg_err_code (e) == GPG_ERR_BAD_SECKEY && !memcmp (s1, sk, 32),
             "seckey_tweak_mul (%d)", it);
    }
}

static int
peer_cmp_qsort (const void *a, const void *b)
{
  return secp256k1_ec_pubkey_cmp (sctx, *(const secp256k1_pubkey *const *) a,
                                  *(const secp256k1_pubkey *const *) b);
}

static void
peer_sort (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      enum { N = 40 };
      unsigned char keys[N][65], sk[32], a[33], b[33];
      secp256k1_pubkey sp[N];
      const secp256k1_pubkey *spp[N];
      const void *p[N];
      size_t l[N], n = 1 + (size_t) (t_rand64 () % N), i;

      for (i = 0; i < n; i++)
        {
          l[i] = (t_rand64 () & 1) ? 33 : 65;
          if (i && t_rand64 () % 5 == 0)
            {
              size_t j = t_rand64 () % i;
              CHECK_ERR (kc_ecc_pubkey_convert (C, keys[i], l[i], keys[j],
                                                l[j]), 0);
            }
          else
            {
              rand_key (sk, a);
              if (t_rand64 () % 3 == 0)          /* share x: -P */
                a[0] ^= 1;
              CHECK_ERR (kc_ecc_pubkey_convert (C, keys[i], l[i], a, 33), 0);
            }
          CHECK (secp256k1_ec_pubkey_parse (sctx, &sp[i], keys[i], l[i]),
                 "peer parse");
          p[i] = keys[i];
          spp[i] = &sp[i];
        }
      CHECK_ERR (kc_ecc_pubkey_sort (C, p, l, n), 0);
      qsort (spp, n, sizeof *spp, peer_cmp_qsort);
      for (i = 0; i < n; i++)
        {
          size_t bl = 33;
          CHECK_ERR (kc_ecc_pubkey_convert (C, a, 33, p[i], l[i]), 0);
          secp256k1_ec_pubkey_serialize (sctx, b, &bl, spp[i],
                                         SECP256K1_EC_COMPRESSED);
          CHECK (!memcmp (a, b, 33), "sort = peer's order (%d, %zu)", it, i);
        }
    }
}

static void
peer_sigs (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], dg[32], nd[32], s1[72], s2[72], der[80], o1[64];
      unsigned char o2[64];
      size_t sl = 64, dl, pl;
      secp256k1_ecdsa_signature ps, pn;
      gpg_error_t e;
      int ok, h1, h2, use_nd = it % 3 != 0;

      /* ndata: the same signature as the peer's default nonce function */
      rand_scalar_edge (sk);
      if (kc_ecc_seckey_verify (C, sk, 32))
        rand_key (sk, s1);
      t_randbytes (dg, 32);
      if (it % 17 == 0)
        memset (dg, 0xFF, 32);                   /* digest >= n */
      rand_scalar_edge (nd);
      CHECK_ERR (kc_ecdsa_sign_ndata (C, 0, s1, &sl, sk, 32, dg, 32,
                                      use_nd ? nd : NULL, use_nd ? 32 : 0), 0);
      CHECK (secp256k1_ecdsa_sign (sctx, &ps, dg, sk, NULL, use_nd ? nd : NULL),
             "peer sign");
      secp256k1_ecdsa_signature_serialize_compact (sctx, s2, &ps);
      CHECK (!memcmp (s1, s2, 64), "sign_ndata bytes (%d)", it);
      /* compact garbage: normalise, DER both ways */
      switch (it % 5)
        {
        case 0: break;
        case 1: n_minus (s1 + 32, s1 + 32); break;  /* high s */
        case 2: rand_scalar_edge (s1); break;
        case 3: rand_scalar_edge (s1 + 32); break;
        case 4: t_randbytes (s1, 64); break;
        }
      ok = secp256k1_ecdsa_signature_parse_compact (sctx, &ps, s1);
      e = kc_ecdsa_signature_normalize (C, o1, 64, &h1, s1, 64);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SIGNATURE,
             "normalize accept/reject (%d)", it);
      if (!ok)
        continue;
      h2 = secp256k1_ecdsa_signature_normalize (sctx, &pn, &ps);
      secp256k1_ecdsa_signature_serialize_compact (sctx, o2, &pn);
      CHECK (h1 == h2 && !memcmp (o1, o2, 64), "normalize bytes (%d)", it);
      dl = sizeof der;
      CHECK_ERR (kc_ecdsa_signature_serialize_der (C, der, &dl, s1, 64), 0);
      pl = sizeof s2;
      CHECK (secp256k1_ecdsa_signature_serialize_der (sctx, s2, &pl, &ps)
             && pl == dl && !memcmp (der, s2, dl), "DER bytes (%d)", it);
      /* DER garbage: flips, truncations, insertions */
      switch (it % 4)
        {
        case 0: break;
        case 1: der[t_rand64 () % dl] ^= (unsigned char) (1u << (t_rand64 () % 8));
          break;
        case 2: dl = (size_t) (t_rand64 () % dl); break;
        case 3: der[dl++] = (unsigned char) t_rand64 (); break;
        }
      e = kc_ecdsa_signature_parse_der (C, o1, 64, dl ? der : NULL, dl);
      ok = secp256k1_ecdsa_signature_parse_der (sctx, &ps, der, dl);
      if (!e)
        {
          secp256k1_ecdsa_signature_serialize_compact (sctx, o2, &ps);
          CHECK (ok && !memcmp (o1, o2, 64), "parse_der bytes (%d)", it);
        }
      else if (ok)
        {
          /* the peer reads an unrepresentable integer as 0: we refuse */
          secp256k1_ecdsa_signature_serialize_compact (sctx, o2, &ps);
          CHECK (is_zero (o2, 32) || is_zero (o2 + 32, 32),
                 "parse_der: peer accepts, we refuse (%d)", it);
        }
    }
}

static void
peer_tagged (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char tag[100], msg[300], h1[32], h2[32];
      size_t tl = (size_t) (t_rand64 () % sizeof tag);
      size_t ml = (size_t) (t_rand64 () % sizeof msg);
      t_randbytes (tag, tl);
      t_randbytes (msg, ml);
      CHECK_ERR (kc_tagged_sha256 (h1, 32, tag, tl, msg, ml), 0);
      CHECK (secp256k1_tagged_sha256 (sctx, h2, tag, tl, msg, ml), "peer");
      CHECK (!memcmp (h1, h2, 32), "tagged_sha256 (%d)", it);
    }
}

static void
peer_keypair (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], kp[KPL], o1[65], o2[65], t[32], msg[64], aux[32];
      unsigned char s1[64], s2[64], x[32];
      size_t olen = (t_rand64 () & 1) ? 33 : 65;
      secp256k1_keypair pk;
      secp256k1_pubkey sp;
      secp256k1_xonly_pubkey sx;
      gpg_error_t e;
      int ok, p1, p2;

      rand_scalar_edge (sk);
      e = kc_schnorr_keypair_create (C, kp, KPL, sk, 32);
      ok = secp256k1_keypair_create (sctx, &pk, sk);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
             "keypair_create (%d)", it);
      if (!ok)
        continue;
      CHECK_ERR (kc_schnorr_keypair_pub (C, o1, olen, kp, KPL), 0);
      CHECK (secp256k1_keypair_pub (sctx, &sp, &pk) && peer_ser (o2, olen, &sp)
             && !memcmp (o1, o2, olen), "keypair_pub (%d)", it);
      CHECK_ERR (kc_schnorr_keypair_sec (C, o1, 32, kp, KPL), 0);
      CHECK (secp256k1_keypair_sec (sctx, o2, &pk) && !memcmp (o1, o2, 32),
             "keypair_sec (%d)", it);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, o1, 32, &p1, kp, KPL), 0);
      CHECK (secp256k1_keypair_xonly_pub (sctx, &sx, &p2, &pk), "peer x");
      secp256k1_xonly_pubkey_serialize (sctx, o2, &sx);
      CHECK (!memcmp (o1, o2, 32) && p1 == p2, "keypair_xonly_pub (%d)", it);
      /* sign32 from the pair */
      t_randbytes (msg, 32);
      t_randbytes (aux, 32);
      CHECK_ERR (kc_schnorr_sign_keypair (C, s1, 64, kp, KPL, msg, 32, aux, 32),
                 0);
      CHECK (secp256k1_schnorrsig_sign32 (sctx, s2, msg, &pk, aux), "peer");
      CHECK (!memcmp (s1, s2, 64), "sign_keypair = schnorrsig_sign32 (%d)", it);
      /* tweak the pair (edges: 0, n-1, n, ...) */
      rand_scalar_edge (t);
      if (it % 11 == 0)                          /* to zero */
        {
          unsigned char d[32];
          memcpy (d, sk, 32);
          if (p1)
            memcpy (t, d, 32);
          else
            n_minus (t, d);
        }
      e = kc_schnorr_keypair_xonly_tweak_add (C, kp, KPL, t, 32);
      ok = secp256k1_keypair_xonly_tweak_add (sctx, &pk, t);
      CHECK (ok ? !e : gpg_err_code (e) == GPG_ERR_BAD_SECKEY,
             "keypair tweak accept/reject (%d)", it);
      if (!ok)
        continue;
      CHECK_ERR (kc_schnorr_keypair_sec (C, o1, 32, kp, KPL), 0);
      CHECK (secp256k1_keypair_sec (sctx, o2, &pk) && !memcmp (o1, o2, 32),
             "tweaked keypair_sec (%d)", it);
      CHECK_ERR (kc_schnorr_keypair_xonly_pub (C, x, 32, &p1, kp, KPL), 0);
      CHECK (secp256k1_keypair_xonly_pub (sctx, &sx, &p2, &pk), "peer x");
      secp256k1_xonly_pubkey_serialize (sctx, o2, &sx);
      CHECK (!memcmp (x, o2, 32) && p1 == p2, "tweaked x (%d)", it);
      CHECK_ERR (kc_schnorr_sign_keypair (C, s1, 64, kp, KPL, msg, 32, NULL, 0),
                 0);
      CHECK (secp256k1_schnorrsig_sign32 (sctx, s2, msg, &pk, NULL), "peer");
      CHECK (!memcmp (s1, s2, 64), "tweaked pair signs as the peer (%d)", it);
    }
}

static void
peer_tweak_check (int iters)
{
  int it;
  for (it = 0; it < iters; it++)
    {
      unsigned char sk[32], x[33], q[32], t[32];
      secp256k1_xonly_pubkey sx;
      int par, ok, want;
      gpg_error_t e;

      rand_key (sk, x);
      if (it % 7 == 0)
        t_randbytes (x + 1, 32);                 /* maybe no point */
      rand_scalar_edge (t);
      if (kc_ecc_xonly_tweak_add (C, q, 32, &par, x + 1, 32, t, 32))
        {
          t_randbytes (q, 32);
          par = (int) (t_rand64 () & 1);
        }
      switch (it % 4)
        {
        case 0: break;
        case 1: par ^= 1; break;
        case 2: q[t_rand64 () % 32] ^= 1; break;
        case 3: t_randbytes (q, 32); break;
        }
      e = kc_ecc_xonly_tweak_add_check (C, q, 32, par, x + 1, 32, t, 32);
      ok = secp256k1_xonly_pubkey_parse (sctx, &sx, x + 1);
      want = ok && secp256k1_xonly_pubkey_tweak_add_check (sctx, q, par, &sx, t);
      CHECK (want ? !e : e != 0, "tweak_add_check (%d, case %d): %s", it,
             it % 4, gpg_strerror (e));
      if (!ok)
        CHECK (gpg_err_code (e) == GPG_ERR_BAD_PUBKEY, "check: bad key (%d)",
               it);
    }
}
#endif /* HAVE_LIBSECP256K1 */

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (37);
  test_seckey_grid ();
  test_algebra ();
  test_sort ();
  test_tagged ();
  test_lax_rules ();
  test_encodings ();
  test_wycheproof_bitcoin ();
  test_errors ();
#ifdef HAVE_LIBSECP256K1
  sctx = secp256k1_context_create (SECP256K1_CONTEXT_SIGN
                                   | SECP256K1_CONTEXT_VERIFY);
  {
    int n = t_quick () ? 200 : 2000;
    peer_keys (n);
    peer_sort (n / 10);
    peer_sigs (n);
    peer_tagged (n / 4);
    peer_keypair (n);
    peer_tweak_check (n);
  }
  secp256k1_context_destroy (sctx);
#else
  printf ("t-ecc-keys: libsecp256k1 differential part skipped (not found)\n");
#endif
  t_rerun_portable (argv);
  t_rerun_other_field (argv);
  return t_done ("t-ecc-keys");
}
