/* t-ellswift.c - ElligatorSwift (BIP-324) on secp256k1:
 *  - every row of BIP-324's ellswift_decode_test_vectors.csv (the public
 *    decoder: x, and y's parity that of t mod p) and of
 *    xswiftec_inv_test_vectors.csv (each of the eight branches of the
 *    inverse: t or no t, and that t decodes back to x), and the
 *    ElligatorSwift part of packet_encoding_test_vectors.csv (both keys'
 *    x, the shared x, the shared secret, in the row's role), all in
 *    data/bip324, read at run time;
 *  - the tagged-hash midstates against their definition;
 *  - the Jacobi symbol against the square root on random, square and
 *    special elements, and a^((p-3)/4) (both fields) against it;
 *  - round trips on random keys: create and encode (both key
 *    encodings, with and without caller randomness) decode to the key;
 *    xdh gives both parties the same secret, equal to the tagged hash
 *    computed here from kc_ecdh's raw x; random and special 64-byte
 *    strings decode to valid keys;
 *  - argument checks, error codes, untouched outputs on error.
 * Runs again with the other secp256k1 field and on the portable paths.
 * The byte-for-byte comparison with libsecp256k1 master is in
 * bench-peers --check (master cannot be linked beside the system one
 * here, see configure.ac).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "t-secp256k1.h"
#include "secp256k1/ellswift.h"
#include "secp256k1/field-5x52.h"
#include "secp256k1/group.h"
#include "hash/sha256.h"

#define C KC_ECC_SECP256K1

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

static FILE *
open_csv (const char *name, char *line, size_t len)
{
  char path[1024];
  FILE *fp;
  snprintf (path, sizeof path, "%s/bip324/%s", KC_TESTDATA, name);
  fp = fopen (path, "r");
  if (!fp)
    {
      fail ("cannot open %s", path);
      return NULL;
    }
  if (!fgets (line, (int) len, fp))        /* header */
    {
      fail ("empty %s", path);
      fclose (fp);
      return NULL;
    }
  return fp;
}

/* SHA-256 (tag) || SHA-256 (tag) || DATA, the BIP-340 tagged hash, from
 * its definition. */
static void
tagged_hash (unsigned char out[32], const char *tag, const unsigned char *data,
             size_t len)
{
  unsigned char buf[64 + 160];
  CHECK (len <= 160, "tagged_hash: too long");
  kc_md_hash_buffer (KC_MD_SHA256, buf, 32, tag, strlen (tag));
  memcpy (buf + 32, buf, 32);
  memcpy (buf + 64, data, len);
  kc_md_hash_buffer (KC_MD_SHA256, out, 32, buf, 64 + len);
}

static void
test_midstates (void)
{
  int i, j;
  for (i = 0; i < 3; i++)
    {
      const char *tag = _kc_ellswift_tag_names[i];
      unsigned char th[32], blk[64];
      uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
      kc_md_hash_buffer (KC_MD_SHA256, th, 32, tag, strlen (tag));
      memcpy (blk, th, 32);
      memcpy (blk + 32, th, 32);
      _kc_sha256_blocks_generic (h, blk, 1);
      for (j = 0; j < 8; j++)
        CHECK (h[j] == _kc_ellswift_tag_midstate[i][j],
               "midstate of %s word %d", tag, j);
    }
}

static void
test_decode_vectors (void)
{
  char line[4096];
  FILE *fp = open_csv ("ellswift_decode_test_vectors.csv", line, sizeof line);
  int rows = 0;
  static const unsigned char p_be[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f };

  if (!fp)
    return;
  while (fgets (line, sizeof line, fp))
    {
      char *f[3];
      unsigned char ell[64], x[32], pk[33], pk65[65];
      int todd;

      if (split_csv (line, f, 3) < 2)
        continue;
      rows++;
      CHECK (t_unhex (ell, 64, f[0]) == 64, "decode row %d: ell", rows);
      CHECK (t_unhex (x, 32, f[1]) == 32, "decode row %d: x", rows);
      CHECK_ERR (kc_ellswift_decode (C, pk, sizeof pk, ell, 64), 0);
      CHECK (!memcmp (pk + 1, x, 32), "decode row %d (%s): x", rows, f[2]);
      /* y has the parity of t mod p: t >= p is t - p, of the other
       * parity (p is odd). */
      todd = ell[63] & 1;
      if (memcmp (ell + 32, p_be, 32) >= 0)
        todd ^= 1;
      CHECK (pk[0] == (0x02 | todd), "decode row %d (%s): parity", rows, f[2]);
      CHECK_ERR (kc_ellswift_decode (C, pk65, sizeof pk65, ell, 64), 0);
      CHECK (pk65[0] == 4 && !memcmp (pk65 + 1, x, 32)
             && (pk65[64] & 1) == todd, "decode row %d: 65-byte form", rows);
      CHECK_ERR (kc_ecc_pubkey_convert (C, pk65, sizeof pk65, pk, sizeof pk), 0);
    }
  fclose (fp);
  CHECK (rows == 76, "decode vectors: %d rows, want 76", rows);
}

static void
test_inv_vectors (void)
{
  char line[4096];
  FILE *fp = open_csv ("xswiftec_inv_test_vectors.csv", line, sizeof line);
  int rows = 0, found = 0;

  if (!fp)
    return;
  while (fgets (line, sizeof line, fp))
    {
      char *f[11];
      unsigned char ub[32], xb[32], want[32], got[32], ell[64], pk[33];
      _kc_secp256k1_fe u, x, t;
      int c, ok;

      if (split_csv (line, f, 11) < 11)
        continue;
      rows++;
      CHECK (t_unhex (ub, 32, f[0]) == 32, "inv row %d: u", rows);
      CHECK (t_unhex (xb, 32, f[1]) == 32, "inv row %d: x", rows);
      (void) _kc_secp256k1_fe_set_b32 (&u, ub);
      (void) _kc_secp256k1_fe_set_b32 (&x, xb);
      for (c = 0; c < 8; c++)
        {
          ok = _kc_ellswift_xswiftec_inv_var (&t, &x, &u, c);
          if (!*f[2 + c])
            {
              CHECK (!ok, "inv row %d case %d: a t where none is (%s)",
                     rows, c, f[10]);
              continue;
            }
          found++;
          CHECK (ok, "inv row %d case %d: no t (%s)", rows, c, f[10]);
          if (!ok)
            continue;
          CHECK (t_unhex (want, 32, f[2 + c]) == 32, "inv row %d: t", rows);
          _kc_secp256k1_fe_normalize (&t);
          _kc_secp256k1_fe_get_b32 (got, &t);
          CHECK (!memcmp (got, want, 32), "inv row %d case %d: t", rows, c);
          /* and it decodes back to x */
          memcpy (ell, ub, 32);
          memcpy (ell + 32, got, 32);
          CHECK_ERR (kc_ellswift_decode (C, pk, sizeof pk, ell, 64), 0);
          CHECK (!memcmp (pk + 1, xb, 32), "inv row %d case %d: round trip",
                 rows, c);
        }
    }
  fclose (fp);
  CHECK (rows == 32, "inverse vectors: %d rows, want 32", rows);
  CHECK (found == 98, "inverse vectors: %d t values, want 98", found);
}

static void
test_packet_vectors (void)
{
  char line[20000];
  FILE *fp = open_csv ("packet_encoding_test_vectors.csv", line, sizeof line);
  int rows = 0;

  if (!fp)
    return;
  while (fgets (line, sizeof line, fp))
    {
      char *f[22];
      unsigned char sk[32], ours[64], theirs[64], xo[32], xt[32], xs[32];
      unsigned char ss[32], got[32], pk[33], tpk[33];
      const unsigned char *a, *b;
      int init, party;

      if (split_csv (line, f, 22) < 13)
        continue;
      rows++;
      CHECK (t_unhex (sk, 32, f[1]) == 32, "packet row %d", rows);
      CHECK (t_unhex (ours, 64, f[2]) == 64, "packet row %d", rows);
      CHECK (t_unhex (theirs, 64, f[3]) == 64, "packet row %d", rows);
      init = atoi (f[4]);
      CHECK (t_unhex (xo, 32, f[9]) == 32, "packet row %d", rows);
      CHECK (t_unhex (xt, 32, f[10]) == 32, "packet row %d", rows);
      CHECK (t_unhex (xs, 32, f[11]) == 32, "packet row %d", rows);
      CHECK (t_unhex (ss, 32, f[12]) == 32, "packet row %d", rows);
      /* our encoding is of our key */
      CHECK_ERR (kc_ellswift_decode (C, pk, sizeof pk, ours, 64), 0);
      CHECK (!memcmp (pk + 1, xo, 32), "packet row %d: x_ours", rows);
      CHECK_ERR (kc_ecc_pubkey (C, pk, sizeof pk, sk, 32), 0);
      CHECK (!memcmp (pk + 1, xo, 32), "packet row %d: x of the key", rows);
      CHECK_ERR (kc_ellswift_decode (C, tpk, sizeof tpk, theirs, 64), 0);
      CHECK (!memcmp (tpk + 1, xt, 32), "packet row %d: x_theirs", rows);
      CHECK_ERR (kc_ecdh (C, KC_ECDH_RAW_X, got, 32, sk, 32, tpk, 33), 0);
      CHECK (!memcmp (got, xs, 32), "packet row %d: x_shared", rows);
      a = init ? ours : theirs;
      b = init ? theirs : ours;
      party = init ? KC_ELLSWIFT_PARTY_A : KC_ELLSWIFT_PARTY_B;
      CHECK_ERR (kc_ellswift_xdh (C, got, 32, a, 64, b, 64, sk, 32, party), 0);
      CHECK (!memcmp (got, ss, 32), "packet row %d: shared secret", rows);
    }
  fclose (fp);
  CHECK (rows == 7, "packet vectors: %d rows, want 7", rows);
}

static void
test_jacobi (void)
{
  int i, nsq = 0;
  for (i = 0; i < 3000; i++)
    {
      unsigned char b[32];
      _kc_secp256k1_fe a, r;
      int want, got;
      t_randbytes (b, 32);
      if (i < 4)
        memset (b, 0, 32);
      if (i == 1)
        b[31] = 1;
      if (i == 2)
        b[31] = 7;                       /* 7 is not a square mod p */
      if (i == 3)
        memset (b, 0xff, 32);             /* 2^256 - 1 = R - 1 mod p */
      (void) _kc_secp256k1_fe_set_b32 (&a, b);
      if (i >= 1500)
        {
          _kc_secp256k1_fe_sqr (&a, &a);  /* squares */
          _kc_secp256k1_fe_normalize (&a);
        }
      want = _kc_secp256k1_fe_sqrt (&r, &a);
      got = _kc_secp256k1_fe_is_square_var (&a);
      nsq += got;
      CHECK (want == got, "is_square_var, element %d: %d, want %d", i, got, want);
      /* a^((p-3)/4) on both fields: for a nonzero square a, z^2 a = 1
       * and a z is the square root's root */
      {
        _kc_secp256k1_fe z[2], w;
        int f;
        _kc_secp256k1_fe_pow_p34 (&z[0], &a);
        _kc_secp256k1_fe_pow_p34_chosen (&z[1], &a);
        CHECK (_kc_secp256k1_fe_equal_norm (&z[0], &z[1]),
               "pow_p34: the fields disagree, element %d", i);
        for (f = 0; f < 2 && want && !_kc_secp256k1_fe_is_zero (&a); f++)
          {
            _kc_secp256k1_fe_mul (&w, &z[f], &a);
            _kc_secp256k1_fe_normalize (&w);
            CHECK (_kc_secp256k1_fe_equal_norm (&w, &r),
                   "pow_p34: a z is not the root, element %d", i);
            _kc_secp256k1_fe_mul (&w, &w, &z[f]);
            _kc_secp256k1_fe_normalize (&w);
            CHECK (w.n[0] == 1 && !(w.n[1] | w.n[2] | w.n[3] | w.n[4]),
                   "pow_p34: z^2 a != 1, element %d", i);
          }
      }
    }
  CHECK (nsq > 1500 + 600 && nsq < 3000 - 600, "is_square: %d squares", nsq);
}

static void
test_round_trips (int n)
{
  int i;
  for (i = 0; i < n; i++)
    {
      unsigned char sk[32], sk2[32], aux[32], rnd[32], ell[64], ell2[64];
      unsigned char pk[33], pk65[65], got[33], got65[65], ss1[32], ss2[32];
      unsigned char x[32], blob[160], want[32];

      do
        t_randbytes (sk, 32);
      while (kc_ecc_pubkey (C, pk, sizeof pk, sk, 32));
      CHECK_ERR (kc_ecc_pubkey (C, pk65, sizeof pk65, sk, 32), 0);
      t_randbytes (aux, 32);
      t_randbytes (rnd, 32);
      /* create, with and without aux: decodes to the key */
      CHECK_ERR (kc_ellswift_create (C, ell, 64, sk, 32, aux, 32), 0);
      CHECK_ERR (kc_ellswift_decode (C, got, sizeof got, ell, 64), 0);
      CHECK (!memcmp (got, pk, 33), "create round trip %d", i);
      CHECK_ERR (kc_ellswift_create (C, ell2, 64, sk, 32, NULL, 0), 0);
      CHECK_ERR (kc_ellswift_decode (C, got65, sizeof got65, ell2, 64), 0);
      CHECK (!memcmp (got65, pk65, 65), "create (no aux) round trip %d", i);
      CHECK (memcmp (ell, ell2, 64), "create: aux changes nothing %d", i);
      /* encode from either key form, and from library randomness */
      CHECK_ERR (kc_ellswift_encode (C, ell2, 64, pk65, 65, rnd, 32), 0);
      CHECK_ERR (kc_ellswift_decode (C, got, sizeof got, ell2, 64), 0);
      CHECK (!memcmp (got, pk, 33), "encode round trip %d", i);
      CHECK_ERR (kc_ellswift_encode (C, ell, 64, pk, 33, rnd, 32), 0);
      CHECK (!memcmp (ell, ell2, 64), "encode: key form changes the bytes %d", i);
      CHECK_ERR (kc_ellswift_encode (C, ell2, 64, pk, 33, NULL, 0), 0);
      CHECK_ERR (kc_ellswift_decode (C, got, sizeof got, ell2, 64), 0);
      CHECK (!memcmp (got, pk, 33), "encode (library rnd) round trip %d", i);
      /* xdh: A = (sk, ell), B = (sk2, ell2); both roles agree */
      do
        t_randbytes (sk2, 32);
      while (kc_ellswift_create (C, ell2, 64, sk2, 32, NULL, 0));
      CHECK_ERR (kc_ellswift_xdh (C, ss1, 32, ell, 64, ell2, 64, sk, 32,
                                  KC_ELLSWIFT_PARTY_A), 0);
      CHECK_ERR (kc_ellswift_xdh (C, ss2, 32, ell, 64, ell2, 64, sk2, 32,
                                  KC_ELLSWIFT_PARTY_B), 0);
      CHECK (!memcmp (ss1, ss2, 32), "xdh: the parties disagree %d", i);
      /* ... and equal the definition, with kc_ecdh's raw x */
      CHECK_ERR (kc_ellswift_decode (C, got, sizeof got, ell2, 64), 0);
      CHECK_ERR (kc_ecdh (C, KC_ECDH_RAW_X, x, 32, sk, 32, got, 33), 0);
      memcpy (blob, ell, 64);
      memcpy (blob + 64, ell2, 64);
      memcpy (blob + 128, x, 32);
      tagged_hash (want, "bip324_ellswift_xonly_ecdh", blob, 160);
      CHECK (!memcmp (ss1, want, 32), "xdh: not the BIP-324 hash %d", i);
      /* the wrong role gives another value */
      CHECK_ERR (kc_ellswift_xdh (C, ss2, 32, ell, 64, ell2, 64, sk, 32,
                                  KC_ELLSWIFT_PARTY_B), 0);
      CHECK (memcmp (ss1, ss2, 32), "xdh: role ignored %d", i);
    }
}

static void
test_decode_any (int n)
{
  int i;
  for (i = 0; i < n; i++)
    {
      unsigned char ell[64], pk[65], pk33[33];
      t_randbytes (ell, 64);
      switch (i)
        {
        case 0: memset (ell, 0, 64); break;
        case 1: memset (ell, 0xff, 64); break;
        case 2: memset (ell, 0, 32); break;
        case 3: memset (ell + 32, 0, 32); break;
        case 4: memset (ell, 0xff, 32); break;
        default: break;
        }
      CHECK_ERR (kc_ellswift_decode (C, pk, sizeof pk, ell, 64), 0);
      /* convert parses and checks the point */
      CHECK_ERR (kc_ecc_pubkey_convert (C, pk33, sizeof pk33, pk, sizeof pk), 0);
    }
}

static void
test_errors (void)
{
  unsigned char sk[32], zero[32], pk[33], bad[33], ell[64], ell2[64], out[64];
  unsigned char snap[64], rnd[32];
  int curve;

  memset (zero, 0, 32);
  memset (sk, 0x11, 32);
  memset (rnd, 0x22, 32);
  CHECK_ERR (kc_ecc_pubkey (C, pk, 33, sk, 32), 0);
  CHECK_ERR (kc_ellswift_create (C, ell, 64, sk, 32, NULL, 0), 0);
  memcpy (ell2, ell, 64);
  ell2[0] ^= 1;
  memset (out, 0xa5, sizeof out);
  memcpy (snap, out, sizeof out);
  memcpy (bad, pk, 33);
  bad[0] = 0x05;

  for (curve = 0; curve <= 4; curve++)
    {
      if (curve == C)
        continue;
      CHECK_ERR (kc_ellswift_encode (curve, out, 64, pk, 33, rnd, 32),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ellswift_decode (curve, out, 33, ell, 64),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ellswift_create (curve, out, 64, sk, 32, NULL, 0),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK_ERR (kc_ellswift_xdh (curve, out, 32, ell, 64, ell2, 64, sk, 32, 0),
                 GPG_ERR_NOT_SUPPORTED);
    }
  /* lengths, NULLs, flags */
  CHECK_ERR (kc_ellswift_encode (C, out, 63, pk, 33, rnd, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_encode (C, NULL, 64, pk, 33, rnd, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_encode (C, out, 64, pk, 32, rnd, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_encode (C, out, 64, NULL, 33, rnd, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_encode (C, out, 64, pk, 33, rnd, 31), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_encode (C, out, 64, pk, 33, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_decode (C, out, 64, ell, 64), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_decode (C, NULL, 33, ell, 64), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_decode (C, out, 33, ell, 65), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_decode (C, out, 33, NULL, 64), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_create (C, out, 65, sk, 32, NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_create (C, out, 64, sk, 31, NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_create (C, out, 64, NULL, 32, NULL, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_create (C, out, 64, sk, 32, rnd, 33), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_create (C, out, 64, sk, 32, NULL, 32), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 31, ell, 64, ell2, 64, sk, 32, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 63, ell2, 64, sk, 32, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, NULL, 64, sk, 32, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, sk, 33, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, sk, 32, 2),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, sk, 32, -1),
             GPG_ERR_INV_ARG);
  /* content */
  CHECK_ERR (kc_ellswift_encode (C, out, 64, bad, 33, rnd, 32), GPG_ERR_BAD_PUBKEY);
  bad[0] = 0x02;
  memset (bad + 1, 0, 32);                /* x = 0: 7 is not a square */
  CHECK_ERR (kc_ellswift_encode (C, out, 64, bad, 33, rnd, 32), GPG_ERR_BAD_PUBKEY);
  CHECK_ERR (kc_ellswift_create (C, out, 64, zero, 32, NULL, 0), GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_ellswift_create (C, out, 64, n_be, 32, rnd, 32), GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, zero, 32, 0),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, n_be, 32, 1),
             GPG_ERR_BAD_SECKEY);
  CHECK (!memcmp (out, snap, sizeof out), "an output was written on error");
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (324);
  test_midstates ();
  test_decode_vectors ();
  test_inv_vectors ();
  test_packet_vectors ();
  test_jacobi ();
  test_round_trips (200);
  test_decode_any (500);
  test_errors ();
  t_rerun_portable (argv);
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 square root, K*A */
  return t_done ("t-ellswift");
}
