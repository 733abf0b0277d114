/* t-sntrup761-ntt.c - the NTT-based AVX2 products Rq x small
 * (_kc_sntrup761_rq_mult_small_ntt_avx2), Rq x Rq
 * (_kc_sntrup761_rq_mult_ntt_avx2) and R3 x R3
 * (_kc_sntrup761_r3_mult_ntt_avx2), and the pairs f g1, f g2
 * (_kc_sntrup761_rq_mult_small2_ntt_avx2, _kc_sntrup761_r3_mult2_ntt_avx2)
 * against the portable
 * _kc_sntrup761_rq_mult_small / _kc_sntrup761_rq_mult /
 * _kc_sntrup761_r3_mult and, for the
 * structured inputs, against a schoolbook product mod x^761 - x - 1
 * reduced after every term.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Inputs: every pairing of the structured f (all +2295, all -2295,
 * alternating +-2295, a ramp over all of [-2295, 2295], monomials
 * +-2295 x^i) and structured g (all 1, all -1, alternating, monomials
 * +-x^i at the ends and the middle), which put every coefficient of the
 * integer product at or near its extreme |c| <= 761 * 2295 (the case the
 * two-prime CRT must still get exactly); then thousands of random inputs
 * and random inputs with random runs of extreme values.  The Rq x Rq
 * product gets the same treatment with g in [-2295, 2295] (|c| <= 761 *
 * 2295^2, the three-prime CRT's extreme).  The pairs get every
 * structured f with every structured g1 and g2 = g1 (the same array),
 * -g1 or another pattern, monomials and random inputs, each output
 * compared with the portable product (and one with the single NTT
 * product).  Where the CPU has AVX-512 (and KCRYPT_HWF_MASK leaves it),
 * every input goes through the AVX-512 products
 * (_kc_sntrup761_*_ntt_avx512) as well, checked the same way, and with
 * every Rq x Rq input the AVX-512 pair f g, f s2 (s2 the signs of g,
 * _kc_sntrup761_rq_mult_full_small_ntt_avx512), with every Rq pair the
 * batch's prefix step g1 g2 (R3), f g1, f g2
 * (_kc_sntrup761_mult_prefix3_ntt_avx512), and with every Rq x small
 * input (3 h mod q) mod 3 and 3 round (h / 3)
 * (_kc_sntrup761_rq_mult_small_times3_mod3_ntt_avx512, _round_).
 *
 * Skipped (exit 77) without x86-64 code paths or without AVX2. */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/avx2-ntt.h"
#include "sntrup761/x86_64/avx512.h"
#include "sntrup761/x86_64/avx512-ntt.h"
#include "sntrup761/sntrup761.h"
#include "t-common.h"

#ifdef KC_USE_X86_64

#define P 761
#define Q 4591
#define QH 2295

static int
cmod (long x, int m)
{
  long r = x % m;
  if (r > m / 2)
    r -= m;
  if (r < -(m / 2))
    r += m;
  return (int) r;
}

/* Schoolbook h = f g mod (x^761 - x - 1, q), reduced after each term. */
static void
ref_mult_int (int16_t h[P], const int16_t f[P], const int g[P])
{
  static long c[2 * P - 1];
  int i, j, k;

  memset (c, 0, sizeof c);
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      c[i + j] = (c[i + j] + (long) f[i] * g[j]) % Q;
  for (k = 2 * P - 2; k >= P; k--)
    {
      c[k - P] = (c[k - P] + c[k]) % Q;
      c[k - P + 1] = (c[k - P + 1] + c[k]) % Q;
    }
  for (i = 0; i < P; i++)
    h[i] = (int16_t) cmod (c[i], Q);
}

static void
ref_mult (int16_t h[P], const int16_t f[P], const int8_t g[P])
{
  int gi[P], i;
  for (i = 0; i < P; i++)
    gi[i] = g[i];
  ref_mult_int (h, f, gi);
}

static int n_checked;
static int have512;     /* also check the AVX-512 products */

/* The same for the Rq x Rq product. */
static void
check_rq (const int16_t f[P], const int16_t g[P], int slow, const char *what)
{
  int16_t h[P], want[P], ref[P], h2[P], want2[P];
  int8_t s2[P];
  int gi[P], i;

  _kc_sntrup761_rq_mult (want, f, g);
  memset (h, 0x55, sizeof h);
  _kc_sntrup761_rq_mult_ntt_avx2 (h, f, g);
  for (i = 0; i < P && h[i] == want[i] && h[i] >= -QH && h[i] <= QH; i++)
    ;
  CHECK (i == P, "rq %s: h[%d] = %d, portable %d", what, i, h[i % P],
         want[i % P]);
  if (have512)
    {
      memset (h, 0x55, sizeof h);
      _kc_sntrup761_rq_mult_ntt_avx512 (h, f, g);
      for (i = 0; i < P && h[i] == want[i] && h[i] >= -QH && h[i] <= QH; i++)
        ;
      CHECK (i == P, "rq avx512 %s: h[%d] = %d, portable %d", what, i,
             h[i % P], want[i % P]);
      /* the pair f g, f s2 with s2 the signs of g (all +-1 where g is
       * at its extremes): both against the portable products */
      for (i = 0; i < P; i++)
        s2[i] = (int8_t) ((g[i] > 0) - (g[i] < 0));
      _kc_sntrup761_rq_mult_small (want2, f, s2);
      memset (h, 0x55, sizeof h);
      memset (h2, 0x55, sizeof h2);
      _kc_sntrup761_rq_mult_full_small_ntt_avx512 (h, h2, f, g, s2);
      CHECK (memcmp (h, want, sizeof h) == 0
             && memcmp (h2, want2, sizeof h2) == 0,
             "rq full-small pair avx512 %s: differs from the portable "
             "products", what);
    }
  if (slow)
    {
      for (i = 0; i < P; i++)
        gi[i] = g[i];
      ref_mult_int (ref, f, gi);
      for (i = 0; i < P && ref[i] == want[i]; i++)
        ;
      CHECK (i == P, "rq %s: portable h[%d] = %d, schoolbook %d", what, i,
             want[i % P], ref[i % P]);
    }
  n_checked++;
}

/* Compare the NTT product with the portable one (and, if SLOW, with the
 * schoolbook reference); report the first differing coefficient. */
static void
check (const int16_t f[P], const int8_t g[P], int slow, const char *what)
{
  int16_t h[P], want[P], ref[P];
  int8_t e[P];
  int i;

  _kc_sntrup761_rq_mult_small (want, f, g);
  memset (h, 0x55, sizeof h);
  _kc_sntrup761_rq_mult_small_ntt_avx2 (h, f, g);
  for (i = 0; i < P && h[i] == want[i] && h[i] >= -QH && h[i] <= QH; i++)
    ;
  CHECK (i == P, "%s: h[%d] = %d, portable %d", what, i, h[i % P],
         want[i % P]);
  if (have512)
    {
      memset (h, 0x55, sizeof h);
      _kc_sntrup761_rq_mult_small_ntt_avx512 (h, f, g);
      for (i = 0; i < P && h[i] == want[i] && h[i] >= -QH && h[i] <= QH; i++)
        ;
      CHECK (i == P, "avx512 %s: h[%d] = %d, portable %d", what, i,
             h[i % P], want[i % P]);
      /* decapsulation's fused form: (3 h mod q) mod 3 */
      memset (e, 0x55, sizeof e);
      _kc_sntrup761_rq_mult_small_times3_mod3_ntt_avx512 (e, f, g);
      for (i = 0; i < P && e[i] == cmod (cmod (3L * want[i], Q), 3); i++)
        ;
      CHECK (i == P, "avx512 times3_mod3 %s: e[%d] = %d, want %d", what, i,
             e[i % P], cmod (cmod (3L * want[i % P], Q), 3));
      /* encapsulation's fused form: 3 round (h / 3) */
      memset (h, 0x55, sizeof h);
      _kc_sntrup761_rq_mult_small_round_ntt_avx512 (h, f, g);
      for (i = 0; i < P && h[i] == want[i] - cmod (want[i], 3); i++)
        ;
      CHECK (i == P, "avx512 round %s: h[%d] = %d, want %d", what, i,
             h[i % P], want[i % P] - cmod (want[i % P], 3));
    }
  if (slow)
    {
      ref_mult (ref, f, g);
      for (i = 0; i < P && ref[i] == want[i]; i++)
        ;
      CHECK (i == P, "%s: portable h[%d] = %d, schoolbook %d", what, i,
             want[i % P], ref[i % P]);
    }
  n_checked++;
}

/* The R3 product against the portable one and a schoolbook product mod
 * (x^761 - x - 1, 3) reduced after every term. */
static void
check_r3 (const int8_t f[P], const int8_t g[P], int slow, const char *what)
{
  int8_t h[P], want[P];
  int i;

  _kc_sntrup761_r3_mult (want, f, g);
  memset (h, 0x55, sizeof h);
  _kc_sntrup761_r3_mult_ntt_avx2 (h, f, g);
  for (i = 0; i < P && h[i] == want[i] && h[i] >= -1 && h[i] <= 1; i++)
    ;
  CHECK (i == P, "r3 %s: h[%d] = %d, portable %d", what, i, h[i % P],
         want[i % P]);
  if (have512)
    {
      memset (h, 0x55, sizeof h);
      _kc_sntrup761_r3_mult_ntt_avx512 (h, f, g);
      for (i = 0; i < P && h[i] == want[i] && h[i] >= -1 && h[i] <= 1; i++)
        ;
      CHECK (i == P, "r3 avx512 %s: h[%d] = %d, portable %d", what, i,
             h[i % P], want[i % P]);
    }
  if (slow)
    {
      static int c[2 * P - 1];
      int j, k;
      memset (c, 0, sizeof c);
      for (i = 0; i < P; i++)
        for (j = 0; j < P; j++)
          c[i + j] = (c[i + j] + f[i] * g[j]) % 3;
      for (k = 2 * P - 2; k >= P; k--)
        {
          c[k - P] = (c[k - P] + c[k]) % 3;
          c[k - P + 1] = (c[k - P + 1] + c[k]) % 3;
        }
      for (i = 0; i < P && cmod (c[i], 3) == want[i]; i++)
        ;
      CHECK (i == P, "r3 %s: portable h[%d] = %d, schoolbook %d", what, i,
             want[i % P], cmod (c[i % P], 3));
    }
  n_checked++;
}

/* The pair products f g1, f g2 (f transformed once) against two calls
 * of the portable product and of the single NTT product (G2 may be
 * G1). */
static void
check_pair (const int16_t f[P], const int8_t g1[P], const int8_t g2[P],
            const char *what)
{
  int16_t h1[P], h2[P], want1[P], want2[P], one[P];
  int8_t o3[P], w3[P];
  int i;

  _kc_sntrup761_rq_mult_small (want1, f, g1);
  _kc_sntrup761_rq_mult_small (want2, f, g2);
  memset (h1, 0x55, sizeof h1);
  memset (h2, 0x55, sizeof h2);
  _kc_sntrup761_rq_mult_small2_ntt_avx2 (h1, h2, f, g1, g2);
  for (i = 0; i < P && h1[i] == want1[i] && h1[i] >= -QH && h1[i] <= QH; i++)
    ;
  CHECK (i == P, "pair %s: h1[%d] = %d, portable %d", what, i, h1[i % P],
         want1[i % P]);
  for (i = 0; i < P && h2[i] == want2[i] && h2[i] >= -QH && h2[i] <= QH; i++)
    ;
  CHECK (i == P, "pair %s: h2[%d] = %d, portable %d", what, i, h2[i % P],
         want2[i % P]);
  _kc_sntrup761_rq_mult_small_ntt_avx2 (one, f, g2);
  CHECK (memcmp (one, h2, sizeof one) == 0,
         "pair %s: h2 differs from the single NTT product", what);
  if (have512)
    {
      memset (h1, 0x55, sizeof h1);
      memset (h2, 0x55, sizeof h2);
      _kc_sntrup761_rq_mult_small2_ntt_avx512 (h1, h2, f, g1, g2);
      CHECK (memcmp (h1, want1, sizeof h1) == 0
             && memcmp (h2, want2, sizeof h2) == 0,
             "pair avx512 %s: differs from the portable products", what);
      /* the batch's prefix step: g1 g2 in R3 beside f g1, f g2 */
      _kc_sntrup761_r3_mult (w3, g1, g2);
      memset (h1, 0x55, sizeof h1);
      memset (h2, 0x55, sizeof h2);
      memset (o3, 0x55, sizeof o3);
      _kc_sntrup761_mult_prefix3_ntt_avx512 (o3, h1, h2, g1, f, g1, g2);
      CHECK (memcmp (h1, want1, sizeof h1) == 0
             && memcmp (h2, want2, sizeof h2) == 0
             && memcmp (o3, w3, sizeof o3) == 0,
             "prefix3 avx512 %s: differs from the portable products", what);
    }
  n_checked += 2;
}

static void
check_pair_r3 (const int8_t f[P], const int8_t g1[P], const int8_t g2[P],
               const char *what)
{
  int8_t h1[P], h2[P], want1[P], want2[P], one[P];
  int i;

  _kc_sntrup761_r3_mult (want1, f, g1);
  _kc_sntrup761_r3_mult (want2, f, g2);
  memset (h1, 0x55, sizeof h1);
  memset (h2, 0x55, sizeof h2);
  _kc_sntrup761_r3_mult2_ntt_avx2 (h1, h2, f, g1, g2);
  for (i = 0; i < P && h1[i] == want1[i] && h1[i] >= -1 && h1[i] <= 1; i++)
    ;
  CHECK (i == P, "r3 pair %s: h1[%d] = %d, portable %d", what, i,
         h1[i % P], want1[i % P]);
  for (i = 0; i < P && h2[i] == want2[i] && h2[i] >= -1 && h2[i] <= 1; i++)
    ;
  CHECK (i == P, "r3 pair %s: h2[%d] = %d, portable %d", what, i,
         h2[i % P], want2[i % P]);
  _kc_sntrup761_r3_mult_ntt_avx2 (one, f, g1);
  CHECK (memcmp (one, h1, sizeof one) == 0,
         "r3 pair %s: h1 differs from the single NTT product", what);
  if (have512)
    {
      memset (h1, 0x55, sizeof h1);
      memset (h2, 0x55, sizeof h2);
      _kc_sntrup761_r3_mult2_ntt_avx512 (h1, h2, f, g1, g2);
      CHECK (memcmp (h1, want1, sizeof h1) == 0
             && memcmp (h2, want2, sizeof h2) == 0,
             "r3 pair avx512 %s: differs from the portable products", what);
    }
  n_checked += 2;
}

#define NF 9
#define NG 9

static void
make_f (int16_t f[P], int k)
{
  int i;
  for (i = 0; i < P; i++)
    switch (k)
      {
      case 0: f[i] = QH; break;
      case 1: f[i] = -QH; break;
      case 2: f[i] = (i & 1) ? -QH : QH; break;
      case 3: f[i] = (int16_t) (-QH + (i * 6) % Q); break;
      case 4: f[i] = i == 0 ? QH : 0; break;
      case 5: f[i] = i == P - 1 ? -QH : 0; break;
      case 6: f[i] = i == 380 ? QH : 0; break;
      case 7: f[i] = i == 0 ? 1 : 0; break;
      default: f[i] = (i % 3 == 0) ? QH : -QH; break;
      }
}

static void
make_g (int8_t g[P], int k)
{
  int i;
  for (i = 0; i < P; i++)
    switch (k)
      {
      case 0: g[i] = 1; break;
      case 1: g[i] = -1; break;
      case 2: g[i] = (i & 1) ? -1 : 1; break;
      case 3: g[i] = i == 0 ? 1 : 0; break;
      case 4: g[i] = i == P - 1 ? 1 : 0; break;
      case 5: g[i] = i == P - 1 ? -1 : 0; break;
      case 6: g[i] = i == 255 || i == 256 || i == 511 || i == 512 ? 1 : 0;
        break;
      case 7: g[i] = (i % 3 == 0) ? 1 : -1; break;
      default: g[i] = (i & 2) ? -1 : 1; break;
      }
}

int
main (int argc, char **argv)
{
  int16_t f[P];
  int8_t g[P];
  int i, k, l, it;
  char what[64];

  t_init (argc, argv);
  t_seed (1536);
  if (!_kc_hwf_has (KC_SNTRUP761_AVX2_HWF))
    {
      printf ("t-sntrup761-ntt: SKIP (no AVX2: CPU or KCRYPT_HWF_MASK)\n");
      return T_SKIP;
    }
  have512 = _kc_hwf_has (KC_SNTRUP761_AVX512_HWF);

  for (k = 0; k < NF; k++)
    for (l = 0; l < NG; l++)
      {
        make_f (f, k);
        make_g (g, l);
        snprintf (what, sizeof what, "f pattern %d, g pattern %d", k, l);
        check (f, g, 1, what);
        /* the same with -f: the extremes of the other sign */
        for (i = 0; i < P; i++)
          f[i] = (int16_t) -f[i];
        snprintf (what, sizeof what, "-f pattern %d, g pattern %d", k, l);
        check (f, g, 0, what);
      }
  /* monomial times monomial at every position of f (x^i x^j wraps) */
  for (k = 0; k < P; k += 7)
    {
      memset (f, 0, sizeof f);
      memset (g, 0, sizeof g);
      f[k] = QH;
      g[P - 1 - (k % 100)] = -1;
      snprintf (what, sizeof what, "monomials %d, %d", k, P - 1 - k % 100);
      check (f, g, 0, what);
    }
  for (it = 0; it < 3000; it++)
    {
      for (i = 0; i < P; i++)
        {
          uint64_t r = t_rand64 ();
          f[i] = (int16_t) ((int) (r % Q) - QH);
          g[i] = (int8_t) ((int) ((r >> 32) % 3) - 1);
        }
      if (it & 1)
        {
          /* runs of extreme values with a common sign pattern */
          int start = (int) (t_rand64 () % P), len = (int) (t_rand64 () % P);
          int s = (t_rand64 () & 1) ? 1 : -1;
          for (i = 0; i < len; i++)
            {
              int j = (start + i) % P;
              f[j] = (int16_t) (s * QH);
              g[j] = (int8_t) s;
            }
        }
      snprintf (what, sizeof what, "random %d", it);
      check (f, g, it < 20, what);
    }
  /* R3 x R3: every pairing of the structured small patterns (all 1, all
   * -1, alternating, monomials at the ends, x^760 x^760, ...), which put
   * the folded integer coefficients at their extremes (|c| <= 2283, the
   * bound that lets one prime suffice), then random inputs, random inputs
   * with long runs of one sign, and dense/sparse random mixes */
  {
    int8_t f8[P];
    for (k = 0; k < NG; k++)
      for (l = 0; l < NG; l++)
        {
          make_g (f8, k);
          make_g (g, l);
          snprintf (what, sizeof what, "f pattern %d, g pattern %d", k, l);
          check_r3 (f8, g, k < 4 && l < 4, what);
          for (i = 0; i < P; i++)
            f8[i] = (int8_t) -f8[i];
          snprintf (what, sizeof what, "-f pattern %d, g pattern %d", k, l);
          check_r3 (f8, g, 0, what);
        }
    {
      /* monomial pairs at the block and fold boundaries (x^760 x^760 =
       * x^1520 folds twice), both signs */
      static const int pos[] = { 0, 1, 255, 256, 380, 511, 512, 759, 760 };
      int a, b;
      for (a = 0; a < (int) KC_DIM (pos); a++)
        for (b = 0; b < (int) KC_DIM (pos); b++)
          {
            memset (f8, 0, sizeof f8);
            memset (g, 0, sizeof g);
            f8[pos[a]] = 1;
            g[pos[b]] = (int8_t) ((a + b) & 1 ? -1 : 1);
            snprintf (what, sizeof what, "x^%d * %sx^%d", pos[a],
                      g[pos[b]] < 0 ? "-" : "", pos[b]);
            check_r3 (f8, g, 1, what);
          }
    }
    for (k = 0; k < P; k += 5)
      {
        memset (f8, 0, sizeof f8);
        memset (g, 0, sizeof g);
        f8[k] = 1;
        g[P - 1 - (k % 50)] = -1;
        snprintf (what, sizeof what, "monomials %d, %d", k, P - 1 - k % 50);
        check_r3 (f8, g, 0, what);
      }
    for (it = 0; it < 3000; it++)
      {
        int dense = (int) (t_rand64 () % 4);
        for (i = 0; i < P; i++)
          {
            uint64_t r = t_rand64 ();
            f8[i] = (int8_t) ((int) (r % 3) - 1);
            g[i] = (int8_t) ((int) ((r >> 32) % 3) - 1);
            if (dense == 0 && (r >> 50) % 8)
              g[i] = 0;                 /* sparse g */
            if (dense == 1)
              f8[i] = (int8_t) ((r >> 60) & 1 ? 1 : -1);   /* no zeros */
          }
        if (it & 1)
          {
            int start = (int) (t_rand64 () % P), len = (int) (t_rand64 () % P);
            int s = (t_rand64 () & 1) ? 1 : -1;
            for (i = 0; i < len; i++)
              {
                int j = (start + i) % P;
                f8[j] = (int8_t) s;
                g[j] = (int8_t) ((it & 2) ? s : -s);
              }
          }
        snprintf (what, sizeof what, "r3 random %d", it);
        check_r3 (f8, g, it < 10, what);
      }
  }
  /* Rq x Rq: every pairing of the structured f patterns (as f and as g),
   * then random and random with runs of +-2295 */
  {
    int16_t g16[P];
    for (k = 0; k < NF; k++)
      for (l = 0; l < NF; l++)
        {
          make_f (f, k);
          make_f (g16, l);
          snprintf (what, sizeof what, "f pattern %d, g pattern %d", k, l);
          check_rq (f, g16, k < 4 && l < 4, what);
          for (i = 0; i < P; i++)
            g16[i] = (int16_t) -g16[i];
          snprintf (what, sizeof what, "f pattern %d, -g pattern %d", k, l);
          check_rq (f, g16, 0, what);
        }
    for (it = 0; it < 2000; it++)
      {
        for (i = 0; i < P; i++)
          {
            uint64_t r = t_rand64 ();
            f[i] = (int16_t) ((int) (r % Q) - QH);
            g16[i] = (int16_t) ((int) ((r >> 32) % Q) - QH);
          }
        if (it & 1)
          {
            int start = (int) (t_rand64 () % P), len = (int) (t_rand64 () % P);
            int s = (t_rand64 () & 1) ? 1 : -1;
            for (i = 0; i < len; i++)
              {
                int j = (start + i) % P;
                f[j] = (int16_t) (s * QH);
                g16[j] = (int16_t) ((j & 1) ? -s * QH : s * QH);
              }
          }
        snprintf (what, sizeof what, "random %d", it);
        check_rq (f, g16, it < 10, what);
      }
  }
  /* Pairs f g1, f g2 (Rq with f frozen, and R3): every structured f
   * (with +-2295 extremes in Rq) with every structured g1 and with g2 =
   * g1 (the same array), g2 = -g1 and g2 = the next pattern; monomial
   * pairs; then random inputs, half of them with runs of extremes. */
  {
    int8_t f8[P], g2[P];
    for (k = 0; k < NF; k++)
      for (l = 0; l < NG; l++)
        {
          make_f (f, k);
          make_g (g, l);
          snprintf (what, sizeof what, "f %d, g1 = g2 = g %d", k, l);
          check_pair (f, g, g, what);
          for (i = 0; i < P; i++)
            g2[i] = (int8_t) -g[i];
          snprintf (what, sizeof what, "f %d, g1 = -g2 = g %d", k, l);
          check_pair (f, g, g2, what);
          make_g (g2, (l + 1) % NG);
          for (i = 0; i < P; i++)
            f[i] = (int16_t) -f[i];
          snprintf (what, sizeof what, "-f %d, g %d, g %d", k, l,
                    (l + 1) % NG);
          check_pair (f, g, g2, what);
          make_g (f8, k);
          make_g (g, l);
          snprintf (what, sizeof what, "f %d, g1 = g2 = g %d", k, l);
          check_pair_r3 (f8, g, g, what);
          for (i = 0; i < P; i++)
            g2[i] = (int8_t) -g[i];
          snprintf (what, sizeof what, "f %d, g1 = -g2 = g %d", k, l);
          check_pair_r3 (f8, g, g2, what);
          make_g (g2, (l + 1) % NG);
          for (i = 0; i < P; i++)
            f8[i] = (int8_t) -f8[i];
          snprintf (what, sizeof what, "-f %d, g %d, g %d", k, l,
                    (l + 1) % NG);
          check_pair_r3 (f8, g, g2, what);
        }
    for (k = 0; k < P; k += 19)
      {
        memset (f, 0, sizeof f);
        memset (f8, 0, sizeof f8);
        memset (g, 0, sizeof g);
        memset (g2, 0, sizeof g2);
        f[k] = (k & 1) ? -QH : QH;
        f8[k] = (int8_t) ((k & 1) ? -1 : 1);
        g[P - 1 - k] = 1;
        g2[(k * 7) % P] = -1;
        snprintf (what, sizeof what, "monomials %d; %d, %d", k, P - 1 - k,
                  (k * 7) % P);
        check_pair (f, g, g2, what);
        check_pair_r3 (f8, g, g2, what);
      }
    for (it = 0; it < 400; it++)
      {
        for (i = 0; i < P; i++)
          {
            uint64_t r = t_rand64 ();
            f[i] = (int16_t) ((int) (r % Q) - QH);
            f8[i] = (int8_t) ((int) ((r >> 16) % 3) - 1);
            g[i] = (int8_t) ((int) ((r >> 32) % 3) - 1);
            g2[i] = (int8_t) ((int) ((r >> 48) % 3) - 1);
          }
        if (it & 1)
          {
            int start = (int) (t_rand64 () % P), len = (int) (t_rand64 () % P);
            int sg = (t_rand64 () & 1) ? 1 : -1;
            for (i = 0; i < len; i++)
              {
                int j = (start + i) % P;
                f[j] = (int16_t) (sg * QH);
                f8[j] = (int8_t) sg;
                g[j] = (int8_t) sg;
                g2[j] = (int8_t) ((it & 2) ? sg : -sg);
              }
          }
        snprintf (what, sizeof what, "pair random %d", it);
        check_pair (f, g, g2, what);
        check_pair_r3 (f8, g, g2, what);
      }
  }
  printf ("%d products checked%s\n", n_checked,
          have512 ? " (each also by the AVX-512 kernels)" : "");
  return t_done ("t-sntrup761-ntt");
}

#else /* !KC_USE_X86_64 */

int
main (void)
{
  printf ("t-sntrup761-ntt: SKIP (built without x86-64 code paths)\n");
  return T_SKIP;
}

#endif
