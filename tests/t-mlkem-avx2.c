/* t-mlkem-avx2.c - the ML-KEM AVX2 kernels against the portable ones:
 * every kernel on random and extreme inputs (values compared mod q and
 * against the bounds of mlkem/mlkem-int.h, bytes exactly; Compress_d over every
 * int16 for every d), the generated tables recomputed, and key
 * generation, encapsulation and decapsulation (good, tampered and bad
 * keys) byte for byte on both paths for ML-KEM-512, -768 and -1024.
 * Skipped (exit 77) without x86-64 code paths or without AVX2.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "mlkem/mlkem.h"
#include "mlkem/mlkem-int.h"
#include "hash/keccak.h"
#include "mlkem/x86_64/avx2.h"
#include "t-common.h"

#include <stdlib.h>

#ifdef KC_USE_X86_64

#define Q 3329
typedef _kc_mlkem_poly poly;

static const struct _kc_mlkem_ops *P = &_kc_mlkem_ops_portable;
static const struct _kc_mlkem_ops *V = &_kc_mlkem_ops_avx2;

static int
modq (int x)
{
  x %= Q;
  return x < 0 ? x + Q : x;
}

/* random coefficients in [-b, b] (b 0: any int16), with the extremes
 * in the first trials */
static void
rand_poly (poly *r, int b, int trial)
{
  int i;
  for (i = 0; i < 256; i++)
    {
      if (b == 0)
        r->c[i] = trial == 0 ? -32768 : trial == 1 ? 32767
                  : (int16_t) t_rand64 ();
      else
        r->c[i] = trial == 0 ? (int16_t) b : trial == 1 ? (int16_t) -b
                  : (int16_t) ((int) (t_rand64 () % (2 * (unsigned) b + 1))
                               - b);
    }
}

/* same values mod q, and the AVX2 one within B */
static void
same_modq (const char *what, int trial, const poly *p, const poly *v, int b)
{
  int i;
  for (i = 0; i < 256; i++)
    {
      CHECK (modq (p->c[i]) == modq (v->c[i]), "%s %d: coefficient %d: "
             "portable %d, avx2 %d", what, trial, i, p->c[i], v->c[i]);
      CHECK (v->c[i] <= b && v->c[i] >= -b, "%s %d: coefficient %d = %d "
             "out of +-%d", what, trial, i, v->c[i], b);
    }
}

static void
test_tables (void)
{
  const struct _kc_mlkem_avx2_tables *t = &_kc_mlkem_avx2_tables;
  int i, m, p, l, n;
  for (i = 0; i < 128; i++)
    CHECK (t->zetas_qinv[i] == (int16_t) (_kc_mlkem_zetas[i] * -3327),
           "zetas_qinv[%d]", i);
  for (i = 0; i < 256; i++)
    {
      int g = _kc_mlkem_zetas[64 + i / 4];
      if (i / 2 & 1)
        g = -g;
      CHECK (t->gamma[0][i] == (i & 1 ? g : 0)
             && t->gamma[1][i] == (int16_t) (t->gamma[0][i] * -3327),
             "gamma[%d]", i);
    }
  for (m = 0; m < 256; m++)
    {
      for (l = n = 0; l < 8; l++)
        if (m >> l & 1)
          {
            CHECK (t->rej[m][2 * n] == 2 * l && t->rej[m][2 * n + 1] == 2 * l
                   + 1, "rej[%d] lane %d", m, l);
            n++;
          }
      for (n *= 2; n < 16; n++)
        CHECK (t->rej[m][n] == 0x80, "rej[%d] byte %d", m, n);
    }
  /* the layer tables: every pair (zeta, zeta q^-1) consistent; which
   * zeta sits where is checked through the transforms below */
  for (p = 0; p < 8; p++)
    for (l = 0; l < 3; l++)
      for (i = 0; i < 16; i++)
        {
          CHECK (t->ntt[p][2 * l + 1][i]
                 == (int16_t) (t->ntt[p][2 * l][i] * -3327), "ntt table");
          CHECK (t->invntt[p][2 * l + 1][i]
                 == (int16_t) (t->invntt[p][2 * l][i] * -3327),
                 "invntt table");
        }
}

static void
test_arith (void)
{
  static poly a[4][4], b[4], rp[4], rv[4], p, v, w;
  int t, k, i, j;

  for (t = 0; t < 300; t++)
    {
      rand_poly (&p, Q, t);
      v = p;
      P->ntt (&p);
      V->ntt (&v);
      same_modq ("ntt", t, &p, &v, Q);
      rand_poly (&p, Q, t);
      v = p;
      P->invntt (&p);
      V->invntt (&v);
      same_modq ("invntt", t, &p, &v, Q);
      rand_poly (&p, 0, t);
      v = p;
      P->tomont (&p);
      V->tomont (&v);
      same_modq ("tomont", t, &p, &v, Q);
      rand_poly (&p, 1 << 14, t);
      rand_poly (&w, 1 << 14, t + 1);
      v = p;
      P->add (&p, &w);
      V->add (&v, &w);
      same_modq ("add", t, &p, &v, Q);
      rand_poly (&p, 1 << 14, t);
      v = p;
      P->sub (&p, &w);
      V->sub (&v, &w);
      same_modq ("sub", t, &p, &v, Q);
    }
  /* a in [0, 4095] (a decoded secret key is not range checked), b in
   * [-q, q] */
  for (t = 0; t < 100; t++)
    for (k = 2; k <= 4; k++)
      {
        for (i = 0; i < k; i++)
          {
            for (j = 0; j < k; j++)
              {
                int x;
                for (x = 0; x < 256; x++)
                  a[i][j].c[x] = (int16_t) (t == 0 ? 4095 : t_rand64 () % 4096);
              }
            rand_poly (&b[i], Q, t);
          }
        P->matvec (rp, (const poly (*)[4]) a, b, (unsigned) k, (unsigned) k);
        V->matvec (rv, (const poly (*)[4]) a, b, (unsigned) k, (unsigned) k);
        for (i = 0; i < k; i++)
          same_modq ("matvec", t, &rp[i], &rv[i], Q);
      }
}

static void
test_encodings (void)
{
  static const unsigned int ds[5] = { 1, 4, 5, 10, 11 };
  unsigned char bp[384 + 8], bv[384 + 8], in[384];
  poly p, v;
  int t, i, s;
  uint32_t mp, mv;

  for (t = 0; t < 300; t++)
    {
      rand_poly (&p, 0, t);
      memset (bp, 0xa5, sizeof bp);
      memset (bv, 0xa5, sizeof bv);
      P->tobytes (bp, &p);
      V->tobytes (bv, &p);
      CHECK (!memcmp (bp, bv, sizeof bp), "tobytes %d", t);
      t_randbytes (in, sizeof in);
      if (t & 1)                         /* mostly in range */
        for (i = 0; i < 128; i++)
          if (in[3 * i + 2] >= 0xd0 && t_rand64 () % 64)
            in[3 * i + 2] = (unsigned char) (in[3 * i + 2] & 0x7f);
      mp = P->frombytes (&p, in);
      mv = V->frombytes (&v, in);
      CHECK (mp == mv && !memcmp (&p, &v, sizeof p), "frombytes %d: mask "
             "%x / %x", t, mp, mv);
      for (s = 0; s < 5; s++)
        {
          unsigned int d = ds[s];
          rand_poly (&p, t & 1 ? 0 : Q, t);
          memset (bp, 0xa5, sizeof bp);
          memset (bv, 0xa5, sizeof bv);
          P->compress (bp, &p, d);
          V->compress (bv, &p, d);
          CHECK (!memcmp (bp, bv, sizeof bp), "compress_%u %d", d, t);
          t_randbytes (in, 32 * d);
          P->decompress (&p, in, d);
          V->decompress (&v, in, d);
          CHECK (!memcmp (&p, &v, sizeof p), "decompress_%u %d", d, t);
        }
    }
  /* Compress_d on every int16 */
  for (s = 0; s < 5; s++)
    for (t = 0; t < 65536; t += 256)
      {
        for (i = 0; i < 256; i++)
          p.c[i] = (int16_t) (t + i - 32768);
        P->compress (bp, &p, ds[s]);
        V->compress (bv, &p, ds[s]);
        CHECK (!memcmp (bp, bv, 32 * ds[s]), "compress_%u from %d", ds[s],
               t - 32768);
      }
}

static void
test_sampling (void)
{
  static poly ap[4][4], av[4][4], np[8], nv[8];
  unsigned char rho[32], sigma[32], nonce[8];
  int t, k, tr, j;

  /* with AVX-512 (the eight-way sampler and its rejection step, where
   * the CPU has them) and with it masked (the AVX2 rejection step) */
  for (t = 0; t < 120; t++)
    for (k = 2; k <= 4; k++)
      for (tr = 0; tr < 2; tr++)
        {
          t_randbytes (rho, 32);
          _kc_hwf_set_mask (t & 1 ? ~(unsigned int) KC_HWF_AVX512 : ~0u);
          P->gen_matrix (ap, rho, (unsigned) k, tr);
          V->gen_matrix (av, rho, (unsigned) k, tr);
          CHECK (!memcmp (ap, av, sizeof ap), "gen_matrix %d k=%d", t, k);
        }
  _kc_hwf_set_mask (~0u);
  /* the matrix and one noise batch in one call (k = 3: the ninth entry
   * in the batch's free lane) against the portable gen_matrix and
   * noise_x8; 6, 7 or 8 noise lanes, with AVX-512 and with it masked
   * (the four-way sampler and the AVX2 rejection step) */
  for (t = 0; t < 180; t++)
    {
      poly *rp[8], *rv[8];
      unsigned int used = 6 + (unsigned) (t % 3);
      k = 2 + (t / 3) % 3;
      tr = (t / 9) & 1;
      t_randbytes (rho, 32);
      t_randbytes (sigma, 32);
      t_randbytes (nonce, 8);
      for (j = 0; j < 8; j++)
        {
          memset (&np[j], 0x5a, sizeof np[j]);
          memset (&nv[j], 0x5a, sizeof nv[j]);
          rp[j] = (unsigned) j < used ? &np[j] : NULL;
          rv[j] = (unsigned) j < used ? &nv[j] : NULL;
        }
      P->gen_matrix (ap, rho, (unsigned) k, tr);
      P->noise_x8 (rp, sigma, nonce, 2);
      _kc_hwf_set_mask (t >= 90 ? ~(unsigned int) KC_HWF_AVX512 : ~0u);
      V->gen_matrix_noise (av, rho, (unsigned) k, tr, rv, sigma, nonce, 2);
      _kc_hwf_set_mask (~0u);
      CHECK (!memcmp (ap, av, sizeof ap) && !memcmp (np, nv, sizeof np),
             "gen_matrix_noise %d k=%d lanes %u", t, k, used);
    }
  for (t = 0; t < 200; t++)
    {
      poly *rp[8], *rv[8];
      unsigned int eta = 2 + (unsigned) (t & 1);
      t_randbytes (rho, 32);
      t_randbytes (nonce, 8);
      for (j = 0; j < 8; j++)
        {
          int on = j != (t >> 1) % 9;      /* one NULL lane, sometimes */
          memset (&np[j], 0x5a, sizeof np[j]);
          memset (&nv[j], 0x5a, sizeof nv[j]);
          rp[j] = on ? &np[j] : NULL;
          rv[j] = on ? &nv[j] : NULL;
        }
      P->noise_x8 (rp, rho, nonce, eta);
      V->noise_x8 (rv, rho, nonce, eta);
      CHECK (!memcmp (np, nv, sizeof np), "noise_x8 %d eta %u", t, eta);
    }
}

/* gen_matrix_hashes against the portable gen_matrix and one-at-a-time
 * SHA3-256 / SHAKE256: one or two hashes, transposed or not, messages
 * from empty (one block: the entries then run on after the hashes) to
 * 1300 bytes, k = 3, 2 and 4, with AVX-512 (k = 3 only: the ninth entry
 * beside the hashes) and with it masked (any k: the four-lane job
 * runner); where it declines it must leave everything alone */
static void
test_matrix_hashes (void)
{
  static poly ap[4][4], av[4][4];
  static unsigned char msg[2][1300];
  unsigned char rho[32], want[2][32], got[2][32];
  int t;

  for (t = 0; t < 120; t++)
    {
      unsigned int nh = 1 + (unsigned) (t & 1), j;
      unsigned int k = t < 100 ? 3 : t < 110 ? 2 : 4;
      int tr = (t >> 2) & 1, done;
      size_t len[4] = { 0, 0, 0, 0 };
      unsigned char *out[4] = { got[0], NULL, NULL, NULL };
      const unsigned char *in[4] = { msg[0], NULL, NULL, NULL };
      const unsigned char ds[4] = { KC_SHA3_DSUFFIX, KC_SHAKE_DSUFFIX, 0, 0 };
      t_randbytes (rho, 32);
      for (j = 0; j < 2; j++)
        {
          len[j] = t < 8 ? (size_t) t * 7 : (size_t) (t_rand64 () % 1301);
          t_randbytes (msg[j], len[j]);
        }
      if (t == 20)
        len[0] = 1184, len[1] = 1120;       /* ek; z || c of ML-KEM-768 */
      memset (av, 0x5a, sizeof av);
      memset (got, 0x5a, sizeof got);
      P->gen_matrix (ap, rho, k, tr);
      _kc_sha3_256 (want[0], msg[0], len[0]);
      _kc_shake256 (want[1], 32, msg[1], len[1]);
      _kc_hwf_set_mask (t & 2 ? ~(unsigned int) KC_HWF_AVX512 : ~0u);
      if (nh == 2)
        {
          out[1] = got[1];
          in[1] = msg[1];
        }
      done = V->gen_matrix_hashes (av, rho, k, tr, nh, out, in, len, ds);
      if (k == 3 || !_kc_keccak_have_x8 ())
        {
          CHECK (done, "gen_matrix_hashes %d declined", t);
          unsigned int i, same = 1;
          for (i = 0; i < k; i++)
            same &= !memcmp (ap[i], av[i], k * sizeof ap[i][0]);
          CHECK (same, "gen_matrix_hashes %d: matrix", t);
          CHECK (!memcmp (got, want, 32 * nh),
                 "gen_matrix_hashes %d: hashes", t);
        }
      else
        {
          unsigned char untouched = 1;
          for (j = 0; j < 64; j++)
            untouched &= ((unsigned char *) got)[j] == 0x5a;
          CHECK (!done && untouched, "gen_matrix_hashes %d k=%u", t, k);
        }
      _kc_hwf_set_mask (~0u);
    }
}

/* the whole KEM on both paths, byte for byte */
static void
test_kem (void)
{
  static unsigned char pk[2][1568], sk[2][3168], ct[2][1568];
  unsigned char seed[64], m[32], ss[2][32], ss2[2][32];
  int t, k, path;

  for (t = 0; t < 40; t++)
    for (k = 2; k <= 4; k++)
      {
        size_t pl = KC_MLKEM_PK_BYTES (k), sl = KC_MLKEM_SK_BYTES (k);
        size_t cl = KC_MLKEM_CT_BYTES (k), pos = t_rand64 () % cl;
        unsigned char flip = (unsigned char) (1 + t_rand64 () % 255);
        gpg_error_t e[2][4];
        t_randbytes (seed, 64);
        t_randbytes (m, 32);
        for (path = 0; path < 2; path++)
          {
            _kc_hwf_set_mask (path ? ~0u : 0);
            e[path][0] = _kc_mlkem_keypair (k, pk[path], sk[path], seed);
            e[path][1] = _kc_mlkem_encaps (k, ct[path], ss[path], pk[path],
                                           m);
            e[path][2] = _kc_mlkem_decaps (k, ss2[path], ct[path], sk[path]);
            CHECK (!memcmp (ss[path], ss2[path], 32), "k=%d path %d: round "
                   "trip", k, path);
            ct[path][pos] ^= flip;       /* implicit rejection */
            e[path][3] = _kc_mlkem_decaps (k, ss2[path], ct[path], sk[path]);
          }
        CHECK (!memcmp (e[0], e[1], sizeof e[0]), "k=%d: errors differ", k);
        CHECK (!memcmp (pk[0], pk[1], pl) && !memcmp (sk[0], sk[1], sl),
               "k=%d trial %d: key pairs differ", k, t);
        CHECK (!memcmp (ct[0], ct[1], cl) && !memcmp (ss, ss + 1, 32),
               "k=%d trial %d: encapsulations differ", k, t);
        CHECK (!memcmp (ss2[0], ss2[1], 32), "k=%d trial %d: rejection keys "
               "differ", k, t);
        /* a secret key with s out of range (not checked by FIPS 203):
         * both paths still agree */
        memcpy (sk[1], sk[0], sl);
        for (path = 0; path < 2; path++)
          {
            memset (sk[path], 0xff, 48);
            _kc_hwf_set_mask (path ? ~0u : 0);
            _kc_mlkem_decaps (k, ss2[path], ct[0], sk[path]);
          }
        CHECK (!memcmp (ss2[0], ss2[1], 32), "k=%d trial %d: decapsulation "
               "with s >= q differs", k, t);
      }
  _kc_hwf_set_mask (~0u);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  if (!_kc_hwf_has (KC_MLKEM_AVX2_HWF))
    {
      printf ("t-mlkem-avx2: no AVX2, BMI2 and POPCNT, skipped\n");
      return 77;
    }
  t_seed (2031);
  test_tables ();
  test_arith ();
  test_encodings ();
  test_sampling ();
  test_matrix_hashes ();
  test_kem ();
  return t_done ("t-mlkem-avx2");
}

#else

int
main (void)
{
  printf ("t-mlkem-avx2: built without x86-64 code paths, skipped\n");
  return 77;
}

#endif
