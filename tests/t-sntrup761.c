/* t-sntrup761.c - sntrup761 internals against slow obvious references,
 * and the NIST known-answer file reproduced byte for byte.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * References used here: integer reduction by the C % operator, products by
 * schoolbook multiplication with a reduction after every term, sorting by
 * qsort, and an exact (int64) accumulator to show where the int32 bound of
 * the fast multiplications is reached. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include "kcrypt-int.h"
#include "sntrup761/sntrup761.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "t-common.h"
#include "drbg-aes.h"

#define P   KC_SNTRUP761_P
#define Q   KC_SNTRUP761_Q
#define W   KC_SNTRUP761_W
#define Q12 KC_SNTRUP761_Q12

/* ------------------------------------------------------- references */

static int32_t
ref_modq (int64_t x)
{
  int64_t r = ((x % Q) + Q) % Q;
  return (int32_t) (r > Q12 ? r - Q : r);
}

static int32_t
ref_mod3 (int64_t x)
{
  int64_t r = ((x % 3) + 3) % 3;
  return (int32_t) (r == 2 ? -1 : r);
}

/* Exact folded product F*G mod x^p - x - 1 over the integers (int64). */
static void
ref_mult_exact (int64_t out[P], const int32_t *f, const int32_t *g)
{
  int64_t prod[2 * P - 1];
  int i, j;

  memset (prod, 0, sizeof prod);
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      prod[i + j] += (int64_t) f[i] * g[j];
  for (i = 2 * P - 2; i >= P; i--)
    {
      prod[i - P] += prod[i];
      prod[i - P + 1] += prod[i];
    }
  for (i = 0; i < P; i++)
    out[i] = prod[i];
}

/* Schoolbook with a reduction after every term (MOD = 3 or q). */
static void
ref_mult_reduced (int32_t out[P], const int32_t *f, const int32_t *g, int mod)
{
  int32_t prod[2 * P - 1];
  int i, j;

  memset (prod, 0, sizeof prod);
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      {
        int64_t t = prod[i + j] + (int64_t) f[i] * g[j];
        prod[i + j] = mod == 3 ? ref_mod3 (t) : ref_modq (t);
      }
  for (i = 2 * P - 2; i >= P; i--)
    {
      prod[i - P] = mod == 3 ? ref_mod3 (prod[i - P] + (int64_t) prod[i])
                             : ref_modq (prod[i - P] + (int64_t) prod[i]);
      prod[i - P + 1] = mod == 3 ? ref_mod3 (prod[i - P + 1] + (int64_t) prod[i])
                                 : ref_modq (prod[i - P + 1] + (int64_t) prod[i]);
    }
  for (i = 0; i < P; i++)
    out[i] = prod[i];
}

static int
rand_range (int lo, int hi)   /* inclusive */
{
  return lo + (int) (t_rand64 () % (uint64_t) (hi - lo + 1));
}

/* ---------------------------------------------------------- freezes */

static void
test_freeze (void)
{
  int64_t x;
  int bad = 0, i;
  int32_t edge[] = { INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1,
                     0, 1, -1, Q12, -Q12, Q12 + 1, -Q12 - 1, Q, -Q,
                     (2 * P - 1) * Q12, -(2 * P - 1) * Q12 };

  /* fq_freeze: exhaustive over |x| <= 2^25 (covers every value the
   * library feeds it: accumulators <= 3490695, divstep terms <= 2 q12^2),
   * plus the int32 extremes and random int32. */
  for (x = -(1 << 25); x <= (1 << 25); x++)
    if (_kc_sntrup761_fq_freeze ((int32_t) x) != ref_modq (x) && bad++ < 5)
      fail ("fq_freeze(%lld) = %d, want %d", (long long) x,
            _kc_sntrup761_fq_freeze ((int32_t) x), ref_modq (x));
  CHECK (!bad, "fq_freeze: %d mismatches in |x| <= 2^25", bad);
  for (x = INT32_MIN; x < INT32_MIN + 100000; x++)
    CHECK (_kc_sntrup761_fq_freeze ((int32_t) x) == ref_modq (x),
           "fq_freeze(%lld)", (long long) x);
  for (x = INT32_MAX - 100000; x <= INT32_MAX; x++)
    CHECK (_kc_sntrup761_fq_freeze ((int32_t) x) == ref_modq (x),
           "fq_freeze(%lld)", (long long) x);
  for (i = 0; i < (int) KC_DIM (edge); i++)
    CHECK (_kc_sntrup761_fq_freeze (edge[i]) == ref_modq (edge[i]),
           "fq_freeze(%d)", edge[i]);
  for (i = 0; i < 1000000; i++)
    {
      int32_t y = (int32_t) t_rand64 ();
      CHECK (_kc_sntrup761_fq_freeze (y) == ref_modq (y), "fq_freeze(%d)", y);
    }

  /* fq_freeze24: exhaustive over its whole contract |x| <= 2^24. */
  bad = 0;
  for (x = -(1 << 24); x <= (1 << 24); x++)
    if (_kc_sntrup761_fq_freeze24 ((int32_t) x) != ref_modq (x) && bad++ < 5)
      fail ("fq_freeze24(%lld) = %d", (long long) x,
            _kc_sntrup761_fq_freeze24 ((int32_t) x));
  CHECK (!bad, "fq_freeze24: %d mismatches", bad);

  /* f3_reduce2: its whole domain [-2, 2]. */
  for (x = -2; x <= 2; x++)
    CHECK (_kc_sntrup761_f3_reduce2 ((int16_t) x) == ref_mod3 (x),
           "f3_reduce2(%d) = %d", (int) x, _kc_sntrup761_f3_reduce2 ((int16_t) x));

  /* f3_freeze: exhaustive over its whole contract |x| < 2^15. */
  bad = 0;
  for (x = -32767; x <= 32767; x++)
    if (_kc_sntrup761_f3_freeze ((int32_t) x) != ref_mod3 (x) && bad++ < 5)
      fail ("f3_freeze(%lld) = %d", (long long) x,
            _kc_sntrup761_f3_freeze ((int32_t) x));
  CHECK (!bad, "f3_freeze: %d mismatches", bad);
}

/* ---------------------------------------------------- multiplications */

enum { FILL_RANDOM, FILL_MAX, FILL_MIN, FILL_ALT, FILL_ZERO };

static void
fill_fq (int16_t *f, int kind)
{
  int i;
  for (i = 0; i < P; i++)
    switch (kind)
      {
      case FILL_MAX: f[i] = Q12; break;
      case FILL_MIN: f[i] = -Q12; break;
      case FILL_ALT: f[i] = (i & 1) ? -Q12 : Q12; break;
      case FILL_ZERO: f[i] = 0; break;
      default: f[i] = (int16_t) rand_range (-Q12, Q12); break;
      }
}

static void
fill_small (int8_t *g, int kind)
{
  int i;
  for (i = 0; i < P; i++)
    switch (kind)
      {
      case FILL_MAX: g[i] = 1; break;
      case FILL_MIN: g[i] = -1; break;
      case FILL_ALT: g[i] = (i & 1) ? -1 : 1; break;
      case FILL_ZERO: g[i] = 0; break;
      default: g[i] = (int8_t) rand_range (-1, 1); break;
      }
}

/* Compare both multiplications with the references for one input pair;
 * return the largest exact accumulator seen (Rq). */
static int64_t
check_mult_pair (const int16_t *f, const int8_t *g, const int8_t *g2,
                 const char *what)
{
  int32_t fi[P], gi[P], g2i[P], ref[P];
  int64_t exact[P], maxacc = 0;
  int16_t h[P];
  int8_t h3[P];
  int i, bad = 0;

  for (i = 0; i < P; i++)
    {
      fi[i] = f[i];
      gi[i] = g[i];
      g2i[i] = g2[i];
    }

  /* Rq: F (frozen) times G (small). */
  _kc_sntrup761_rq_mult_small (h, f, g);
  ref_mult_reduced (ref, fi, gi, Q);
  ref_mult_exact (exact, fi, gi);
  for (i = 0; i < P; i++)
    {
      int64_t a = exact[i] < 0 ? -exact[i] : exact[i];
      if (a > maxacc)
        maxacc = a;
      if (h[i] != ref[i] || ref_modq (exact[i]) != ref[i])
        bad++;
    }
  CHECK (!bad, "rq_mult_small (%s): %d coefficients differ", what, bad);
  CHECK (maxacc <= (int64_t) (2 * P - 1) * Q12,
         "rq_mult_small (%s): exact coefficient %lld beyond the bound", what,
         (long long) maxacc);

  /* R3: G times G2 (both small). */
  _kc_sntrup761_r3_mult (h3, g, g2);
  ref_mult_reduced (ref, gi, g2i, 3);
  ref_mult_exact (exact, gi, g2i);
  bad = 0;
  for (i = 0; i < P; i++)
    {
      int64_t a = exact[i] < 0 ? -exact[i] : exact[i];
      if (h3[i] != ref[i] || a > 2 * P - 1)
        bad++;
    }
  CHECK (!bad, "r3_mult (%s): %d coefficients differ", what, bad);
  return maxacc;
}

static void
test_mult (void)
{
  int16_t f[P];
  int8_t g[P], g2[P];
  int64_t m;
  int i, a, b;

  /* Random inputs. */
  for (i = 0; i < 20; i++)
    {
      fill_fq (f, FILL_RANDOM);
      fill_small (g, FILL_RANDOM);
      fill_small (g2, FILL_RANDOM);
      check_mult_pair (f, g, g2, "random");
    }
  /* Sparse: single monomials at the ends (exercise the folding). */
  for (i = 0; i < 8; i++)
    {
      static const int pos[] = { 0, 1, P - 2, P - 1 };
      fill_fq (f, FILL_ZERO);
      fill_small (g, FILL_ZERO);
      fill_small (g2, FILL_ZERO);
      f[pos[i % 4]] = Q12;
      g[pos[(i / 4 + i) % 4]] = -1;
      g2[pos[(i + 1) % 4]] = 1;
      check_mult_pair (f, g, g2, "monomials");
    }
  /* Every coefficient at its bound, every sign combination. */
  for (a = FILL_MAX; a <= FILL_ALT; a++)
    for (b = FILL_MAX; b <= FILL_ALT; b++)
      {
        fill_fq (f, a);
        fill_small (g, b);
        fill_small (g2, a);
        m = check_mult_pair (f, g, g2, "extreme");
        if (a != FILL_ALT && b != FILL_ALT)
          /* f = +-q12, g = +-1 everywhere: coefficient 1 collects all
           * 2p - 1 products, the documented accumulator bound exactly. */
          CHECK (m == (int64_t) (2 * P - 1) * Q12,
                 "bound not reached: %lld", (long long) m);
      }
  /* The worst case by value, through the fast path: out[1] for f = q12,
   * g = 1 is (2p - 1) q12 = 3490695 before reduction. */
  fill_fq (f, FILL_MAX);
  fill_small (g, FILL_MAX);
  {
    int16_t h[P];
    _kc_sntrup761_rq_mult_small (h, f, g);
    CHECK (h[1] == ref_modq ((int64_t) (2 * P - 1) * Q12),
           "rq_mult_small worst case: h[1] = %d", h[1]);
  }
  {
    int8_t h3[P];
    fill_small (g2, FILL_MAX);
    _kc_sntrup761_r3_mult (h3, g, g2);
    CHECK (h3[1] == ref_mod3 (2 * P - 1), "r3_mult worst case: %d", h3[1]);
  }
}

/* -------------------------------------------------------- reciprocals */

/* Two irreducible factors of x^761 - x - 1 over F3 (its factorisation has
 * degrees 19, 60 and 682), low degree first.  Found with a computer
 * algebra system; test_factors checks that they divide the modulus, so
 * these constants are inputs, not trusted results. */
static const int8_t factor19[20] = {
  -1, -1, 0, -1, -1, -1, 1, -1, 1, -1, 0, -1, 1, 1, 1, 1, -1, 0, 1, 1
};
static const int8_t factor60[61] = {
  1, -1, 1, 1, 0, 0, 1, -1, 0, -1, 0, -1, 0, 1, 1, 1, 1, 1, 0, 0, -1, 0,
  1, 1, 0, 0, 1, 0, 1, 0, 0, -1, -1, 1, 1, -1, 0, 1, 1, 0, 0, 1, 1, -1, 0,
  0, 1, 1, 1, 1, -1, 0, 0, 1, -1, 0, -1, -1, 1, 0, 1
};

/* 1 if the monic C (degree DEG) divides x^p - x - 1 over F3: schoolbook
 * long division. */
static int
ref_divides_modulus_f3 (const int8_t *c, int deg)
{
  int a[P + 1], i, j;

  memset (a, 0, sizeof a);
  a[P] = 1;
  a[1] = -1;
  a[0] = -1;
  for (i = P; i >= deg; i--)
    {
      int t = ref_mod3 (a[i]);
      for (j = 0; j <= deg; j++)
        a[i - deg + j] = ref_mod3 (a[i - deg + j] - t * c[j]);
    }
  for (i = 0; i < deg; i++)
    if (a[i])
      return 0;
  return 1;
}

/* G = a multiple of factor C of the modulus: C * x^SHIFT, or, with
 * MULTIPLY, C times a random small polynomial (mod x^p - x - 1, still a
 * multiple of C since C divides the modulus). */
static void
make_factor_multiple (int8_t *g, const int8_t *c, int deg, int shift,
                      int multiply)
{
  int8_t m[P], c_shifted[P];
  int i;

  memset (c_shifted, 0, P);
  for (i = 0; i <= deg; i++)
    c_shifted[i + shift] = c[i];
  if (multiply)
    {
      fill_small (m, FILL_RANDOM);
      _kc_sntrup761_r3_mult (g, c_shifted, m);
    }
  else
    memcpy (g, c_shifted, P);
}

static void
test_factors (void)
{
  int8_t g[P], inv[P];
  int k;

  CHECK (ref_divides_modulus_f3 (factor19, 19), "factor19 does not divide");
  CHECK (ref_divides_modulus_f3 (factor60, 60), "factor60 does not divide");
  {
    /* The reference division does reject a near miss. */
    int8_t near[20];
    memcpy (near, factor19, sizeof near);
    near[3] = 1;
    CHECK (!ref_divides_modulus_f3 (near, 19), "divisibility check vacuous");
  }
  /* Nonzero, not invertible in R3: the factors, shifted, and multiples. */
  for (k = 0; k < 8; k++)
    {
      int use19 = k % 2 == 0;
      make_factor_multiple (g, use19 ? factor19 : factor60, use19 ? 19 : 60,
                            (k / 2) * 100, k >= 4);
      CHECK (_kc_sntrup761_r3_recip (inv, g) == -1,
             "r3_recip accepted a multiple of a factor (case %d)", k);
    }
}

static int
is_one_r3 (const int8_t *h)
{
  int i;
  if (h[0] != 1)
    return 0;
  for (i = 1; i < P; i++)
    if (h[i])
      return 0;
  return 1;
}

static void
test_recip (void)
{
  int8_t g[P], inv[P], h[P];
  int16_t finv[P], hq[P];
  int i, k, ret, invertible = 0;

  for (k = 0; k < 12; k++)
    {
      int kind = k < 8 ? FILL_RANDOM : FILL_MAX + (k - 8);
      if (kind == FILL_ALT + 1)
        kind = FILL_RANDOM;
      fill_small (g, kind);
      if (k == 11)   /* a single monomial x^(p-1) */
        {
          fill_small (g, FILL_ZERO);
          g[P - 1] = 1;
        }

      /* R3: g * (1/g) = 1 whenever 0 is returned. */
      ret = _kc_sntrup761_r3_recip (inv, g);
      CHECK (ret == 0 || ret == -1, "r3_recip returned %d", ret);
      if (ret == 0)
        {
          invertible++;
          _kc_sntrup761_r3_mult (h, g, inv);
          CHECK (is_one_r3 (h), "r3_recip: g * 1/g != 1 (case %d)", k);
          for (i = 0; i < P; i++)
            CHECK (inv[i] >= -1 && inv[i] <= 1, "r3_recip out of range");
        }

      /* Rq: (1/(3g)) * g * 3 = 1; every nonzero g is invertible. */
      ret = _kc_sntrup761_rq_recip3 (finv, g);
      CHECK (ret == 0, "rq_recip3 failed on a nonzero input (case %d)", k);
      _kc_sntrup761_rq_mult_small (hq, finv, g);
      for (i = 0; i < P; i++)
        CHECK (_kc_sntrup761_fq_freeze (3 * hq[i]) == (i == 0),
               "rq_recip3: 3 g / (3g) != 1 at %d (case %d)", i, k);
    }
  CHECK (invertible >= 8, "only %d of 12 test inputs invertible in R3",
         invertible);

  /* Zero is not invertible in either ring. */
  fill_small (g, FILL_ZERO);
  CHECK (_kc_sntrup761_r3_recip (inv, g) == -1, "r3_recip(0) succeeded");
  CHECK (_kc_sntrup761_rq_recip3 (finv, g) == -1, "rq_recip3(0) succeeded");
}

/* ----------------------------------------------------------- encodings */

static void
test_encode (void)
{
  unsigned char buf[KC_SNTRUP761_RQ_BYTES + 8], rnd[KC_SNTRUP761_RQ_BYTES];
  int16_t a[P], b[P];
  int8_t s[P], t[P];
  int k, i, bad;

  for (k = 0; k < 200; k++)
    {
      int kind = k < 4 ? FILL_MAX + k : FILL_RANDOM;
      if (kind == FILL_ALT + 1)
        kind = FILL_ZERO;
      fill_fq (a, kind);
      memset (buf, 0xa5, sizeof buf);
      _kc_sntrup761_rq_encode (buf, a);
      CHECK (buf[KC_SNTRUP761_RQ_BYTES] == 0xa5, "rq_encode wrote too far");
      _kc_sntrup761_rq_decode (b, buf);
      CHECK (!memcmp (a, b, sizeof a), "rq round trip (case %d)", k);

      /* Rounded: multiples of 3 in [-q12, q12]. */
      for (i = 0; i < P; i++)
        a[i] = (int16_t) (a[i] - ref_mod3 (a[i]));
      memset (buf, 0xa5, sizeof buf);
      _kc_sntrup761_rounded_encode (buf, a);
      CHECK (buf[KC_SNTRUP761_ROUNDED_BYTES] == 0xa5,
             "rounded_encode wrote too far");
      _kc_sntrup761_rounded_decode (b, buf);
      CHECK (!memcmp (a, b, sizeof a), "rounded round trip (case %d)", k);

      fill_small (s, kind);
      memset (buf, 0xa5, sizeof buf);
      _kc_sntrup761_small_encode (buf, s);
      CHECK (buf[KC_SNTRUP761_SMALL_BYTES] == 0xa5, "small_encode wrote too far");
      _kc_sntrup761_small_decode (t, buf);
      CHECK (!memcmp (s, t, sizeof s), "small round trip (case %d)", k);
    }

  /* Arbitrary bytes (random, all 0xff, all 0) decode into range, and a
   * second encode/decode cycle is then stable. */
  for (k = 0; k < 300; k++)
    {
      if (k == 0)
        memset (rnd, 0xff, sizeof rnd);
      else if (k == 1)
        memset (rnd, 0, sizeof rnd);
      else
        t_randbytes (rnd, sizeof rnd);
      bad = 0;
      _kc_sntrup761_rq_decode (a, rnd);
      for (i = 0; i < P; i++)
        bad += a[i] < -Q12 || a[i] > Q12;
      _kc_sntrup761_rq_encode (buf, a);
      _kc_sntrup761_rq_decode (b, buf);
      bad += !!memcmp (a, b, sizeof a);
      _kc_sntrup761_rounded_decode (a, rnd);
      for (i = 0; i < P; i++)
        bad += a[i] < -Q12 || a[i] > Q12 || ref_mod3 (a[i]) != 0;
      _kc_sntrup761_rounded_encode (buf, a);
      _kc_sntrup761_rounded_decode (b, buf);
      bad += !!memcmp (a, b, sizeof a);
      _kc_sntrup761_small_decode (s, rnd);
      for (i = 0; i < P; i++)
        {
          int field = (rnd[i / 4] >> (2 * (i % 4))) & 3;
          bad += s[i] != ref_mod3 (field - 1);
        }
      CHECK (!bad, "decoding arbitrary bytes (case %d): %d problems", k, bad);
    }
}

/* ------------------------------------------------ sorting and sampling */

static int
cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return (x > y) - (x < y);
}

static void
test_sort (void)
{
  static uint32_t x[1100], y[1100];
  size_t n;
  int k;

  for (n = 0; n <= 1030; n += (n < 40 ? 1 : 37))
    for (k = 0; k < 3; k++)
      {
        size_t i;
        for (i = 0; i < n; i++)
          {
            uint32_t r = (uint32_t) t_rand64 ();
            x[i] = k == 0 ? r : k == 1 ? (r & 3) : (r | 0x80000000u);
          }
        memcpy (y, x, n * sizeof x[0]);
        _kc_sntrup761_sort_u32 (x, n);
        qsort (y, n, sizeof y[0], cmp_u32);
        CHECK (!memcmp (x, y, n * sizeof x[0]), "sort n=%zu kind %d", n, k);
      }
  /* The extremes. */
  for (n = 0; n < P; n++)
    x[n] = n & 1 ? 0xffffffffu : 0;
  _kc_sntrup761_sort_u32 (x, P);
  for (n = 1; n < P; n++)
    CHECK (x[n - 1] <= x[n], "sort extremes at %zu", n);

  /* The 761-word network (two layouts, 4-wide compare-exchanges) against
   * qsort: random words, tiny ranges (ties), words equal to its padding
   * 0xffffffff, sorted and reversed input, and 0-1 inputs (a comparator
   * network sorts everything iff it sorts every 0-1 input) of random
   * densities and of single runs of ones. */
  for (k = 0; k < 600; k++)
    {
      size_t i, start = (size_t) (t_rand64 () % P), len = (size_t) (t_rand64 () % 400);
      uint32_t dens = (uint32_t) (t_rand64 () % 33);
      for (i = 0; i < P; i++)
        {
          uint32_t r = (uint32_t) t_rand64 ();
          switch (k % 8)
            {
            case 0: x[i] = r; break;
            case 1: x[i] = r % (uint32_t) (k % 7 + 2); break;
            case 2: x[i] = r & 1 ? 0xffffffffu : r; break;
            case 3: x[i] = k & 8 ? (uint32_t) i : (uint32_t) (P - i); break;
            case 4: x[i] = (uint32_t) (t_rand64 () % 32) < dens; break;
            case 5: x[i] = i >= start && i < start + len ? 0xffffffffu : 0; break;
            case 6: x[i] = i >= start && i < start + len; break;
            default: x[i] = (r % 3) << 30;
            }
        }
      memcpy (y, x, P * sizeof x[0]);
      _kc_sntrup761_sort_761 (x);
      qsort (y, P, sizeof y[0], cmp_u32);
      CHECK (!memcmp (x, y, P * sizeof x[0]), "sort_761 input %d", k);
    }
}

static void
test_sampling (void)
{
  unsigned char buf[KC_SNTRUP761_RANDOM_BYTES];
  int8_t s[P];
  int k, i;

  for (k = 0; k < 50; k++)
    {
      int weight = 0, bad = 0;
      t_randbytes (buf, sizeof buf);
      if (k == 0)
        memset (buf, 0xff, sizeof buf);
      if (k == 1)
        memset (buf, 0, sizeof buf);

      _kc_sntrup761_small_from_bytes (s, buf);
      for (i = 0; i < P; i++)
        {
          uint32_t l = (uint32_t) buf[4 * i] | (uint32_t) buf[4 * i + 1] << 8
                       | (uint32_t) buf[4 * i + 2] << 16
                       | (uint32_t) buf[4 * i + 3] << 24;
          /* floor (3 (l mod 2^30) / 2^30) - 1 computed in 64 bits. */
          int want = (int) (((uint64_t) (l & 0x3fffffff) * 3) >> 30) - 1;
          bad += s[i] != want;
        }
      CHECK (!bad, "small_from_bytes (case %d)", k);

      _kc_sntrup761_short_from_bytes (s, buf);
      for (i = 0; i < P; i++)
        {
          CHECK (s[i] >= -1 && s[i] <= 1, "short_from_bytes range");
          weight += s[i] != 0;
        }
      CHECK (weight == W, "short_from_bytes weight %d (case %d)", weight, k);
    }
}

/* --------------------------------------------------------- AES and DRBG */

static void
test_aes (void)
{
  /* FIPS-197 Appendix C.3 (AES-256). */
  unsigned char key[32], pt[16], ct[16], want[16];
  int i;

  for (i = 0; i < 32; i++)
    key[i] = (unsigned char) i;
  for (i = 0; i < 16; i++)
    pt[i] = (unsigned char) (i * 0x11);
  t_unhex (want, 16, "8ea2b7ca516745bfeafc49904b496089");
  t_aes256_encrypt (ct, pt, key);
  CHECK (!memcmp (ct, want, 16), "AES-256 FIPS-197 C.3 vector");
}

/* ------------------------------------------------------------ the KAT */

static char *
read_file (const char *path, size_t *len)
{
  FILE *fp = fopen (path, "rb");
  char *buf;
  long n;

  if (!fp)
    return NULL;
  fseek (fp, 0, SEEK_END);
  n = ftell (fp);
  fseek (fp, 0, SEEK_SET);
  buf = malloc ((size_t) n + 1);
  if (!buf || fread (buf, 1, (size_t) n, fp) != (size_t) n)
    {
      free (buf);
      fclose (fp);
      return NULL;
    }
  buf[n] = 0;
  fclose (fp);
  *len = (size_t) n;
  return buf;
}

static char *
put_hex (char *p, const char *label, const unsigned char *b, size_t n)
{
  static const char digits[] = "0123456789ABCDEF";
  size_t i;
  p += sprintf (p, "%s = ", label);
  for (i = 0; i < n; i++)
    {
      *p++ = digits[b[i] >> 4];
      *p++ = digits[b[i] & 15];
    }
  *p++ = '\n';
  return p;
}

/* The value of LABEL ("seed = ...") in the entry text starting at S. */
static long
field (unsigned char *out, size_t max, const char *s, const char *label)
{
  char key[16];
  const char *hit;
  snprintf (key, sizeof key, "\n%s = ", label);
  hit = strstr (s, key);
  return hit ? t_unhex (out, max, hit + strlen (key)) : -1;
}

static void
sha256_hex (char out[65], const void *data, size_t len)
{
  unsigned char h[32];
  int i;
  _kc_sha256 (h, data, len);
  for (i = 0; i < 32; i++)
    sprintf (out + 2 * i, "%02x", h[i]);
}

/* The two paths: the dispatched one (AVX2 kernels on a CPU with AVX2,
 * AVX-512 reciprocals and products where it has AVX-512 too, unless
 * KCRYPT_HWF_MASK masks them) and the portable reference.  The KAT, the round trips and
 * the retry test run on both, and the dispatched one again with AVX-512
 * masked where the CPU has it. */
struct kem_impl
{
  const char *name;
  void (*keypair) (unsigned char *, unsigned char *, _kc_rng_fn, void *);
  void (*enc) (unsigned char *, unsigned char *, const unsigned char *,
               _kc_rng_fn, void *);
  void (*dec) (unsigned char *, const unsigned char *, const unsigned char *);
};

static const struct kem_impl impls[2] = {
  { "dispatched", _kc_sntrup761_keypair, _kc_sntrup761_enc, _kc_sntrup761_dec },
  { "portable", _kc_sntrup761_keypair_portable, _kc_sntrup761_enc_portable,
    _kc_sntrup761_dec_portable }
};

static void
test_kat (const struct kem_impl *im)
{
  static const char header[] = "# sntrup761\n\n";
  size_t len, outlen;
  char *file = read_file (t_datafile ("sntrup761/PQCkemKAT_1763.rsp"), &len);
  char *gen, *p, hexsum[65];
  unsigned char seed[48], seed_master[48], entropy[48];
  unsigned char pk[KC_SNTRUP761_PK_BYTES], sk[KC_SNTRUP761_SK_BYTES];
  unsigned char ct[KC_SNTRUP761_CT_BYTES], ss[32], ss2[32];
  unsigned char want[KC_SNTRUP761_SK_BYTES];
  t_drbg_ctx master, drbg;
  const char *entry;
  clock_t t0 = clock ();
  int count;

  if (!file)
    {
      fail ("cannot read %s", t_datafile ("sntrup761/PQCkemKAT_1763.rsp"));
      return;
    }

  /* Authenticate the file by the published hashes. */
  CHECK (len > sizeof header && !memcmp (file, header, sizeof header - 1),
         "KAT file header");
  entry = strstr (file, "\ncount = 1\n");
  CHECK (entry != NULL, "KAT file: no entry 1");
  if (entry)
    {
      sha256_hex (hexsum, file + sizeof header - 1,
                  (size_t) (entry + 1 - (file + sizeof header - 1)) - 1);
      CHECK (!strcmp (hexsum, "afc42c3a5b10f4ef69654250097ebda9"
                      "b9564570f4086744b24a6daf2bd1f89a"),
             "KAT entry 0 hash %s", hexsum);
    }
  sha256_hex (hexsum, file + sizeof header - 1, len - (sizeof header - 1) - 1);
  CHECK (!strcmp (hexsum, "36e1e53d4e6e295e8fb804449958ad9a"
                  "3719aa350e91933c65791b9117382d57"),
         "KAT file hash %s", hexsum);

  /* The seeds come from a master DRBG seeded with 0, 1, ..., 47. */
  for (count = 0; count < 48; count++)
    entropy[count] = (unsigned char) count;
  t_drbg_init (&master, entropy);

  gen = malloc (len + 4096);
  if (!gen)
    {
      fail ("out of memory");
      free (file);
      return;
    }
  p = gen + sprintf (gen, "%s", header);
  entry = file;
  for (count = 0; count < 100; count++)
    {
      char label[32];
      snprintf (label, sizeof label, "count = %d\n", count);
      entry = strstr (entry, label);
      if (!entry || field (seed, 48, entry - 1, "seed") != 48)
        {
          fail ("KAT entry %d missing or malformed", count);
          break;
        }
      t_drbg_randombytes (&master, seed_master, 48);
      CHECK (!memcmp (seed, seed_master, 48),
             "entry %d: seed differs from the master DRBG's", count);

      t_drbg_init (&drbg, seed);
      im->keypair (pk, sk, t_drbg_rng_cb, &drbg);
      im->enc (ct, ss, pk, t_drbg_rng_cb, &drbg);
      im->dec (ss2, ct, sk);
      CHECK (!memcmp (ss, ss2, 32), "%s: entry %d: decapsulation differs",
             im->name, count);

      CHECK (field (want, sizeof want, entry - 1, "pk") == (long) sizeof pk
             && !memcmp (want, pk, sizeof pk), "%s: entry %d: pk differs",
             im->name, count);
      CHECK (field (want, sizeof want, entry - 1, "sk") == (long) sizeof sk
             && !memcmp (want, sk, sizeof sk), "%s: entry %d: sk differs",
             im->name, count);
      CHECK (field (want, sizeof want, entry - 1, "ct") == (long) sizeof ct
             && !memcmp (want, ct, sizeof ct), "%s: entry %d: ct differs",
             im->name, count);
      CHECK (field (want, sizeof want, entry - 1, "ss") == 32
             && !memcmp (want, ss, 32), "%s: entry %d: ss differs",
             im->name, count);
      if (t_errors && count < 2)
        t_hexdump (stderr, "  our ss: ", ss, 32);

      p += sprintf (p, "count = %d\n", count);
      p = put_hex (p, "seed", seed, 48);
      p = put_hex (p, "pk", pk, sizeof pk);
      p = put_hex (p, "sk", sk, sizeof sk);
      p = put_hex (p, "ct", ct, sizeof ct);
      p = put_hex (p, "ss", ss, 32);
      *p++ = '\n';
      entry++;
    }
  outlen = (size_t) (p - gen);
  CHECK (outlen == len && !memcmp (gen, file, len),
         "%s: regenerated KAT file differs from %s (%zu vs %zu bytes)",
         im->name, "PQCkemKAT_1763.rsp", outlen, len);
  if (t_verbose)
    printf ("KAT (%s): 100 entries in %.2f s\n", im->name,
            (double) (clock () - t0) / CLOCKS_PER_SEC);
  free (gen);
  free (file);
}

/* Internal round trips with the test PRNG (deterministic seed). */
static void
test_roundtrip (void)
{
  unsigned char pk[KC_SNTRUP761_PK_BYTES], sk[KC_SNTRUP761_SK_BYTES];
  unsigned char ct[KC_SNTRUP761_CT_BYTES], ss[32], ss2[32], ss3[32];
  int k;

  /* Key and ciphertext from one path, decapsulation by the other; random
   * ciphertext bytes (implicit rejection) must agree too. */
  for (k = 0; k < 10; k++)
    {
      const struct kem_impl *a = &impls[k & 1], *b = &impls[!(k & 1)];
      a->keypair (pk, sk, t_rng_cb, NULL);
      b->enc (ct, ss, pk, t_rng_cb, NULL);
      a->dec (ss2, ct, sk);
      CHECK (!memcmp (ss, ss2, 32), "internal round trip %d", k);
      b->dec (ss2, ct, sk);
      CHECK (!memcmp (ss, ss2, 32), "internal round trip %d (other dec)", k);
      ct[k * 97] ^= 0x10;
      a->dec (ss2, ct, sk);
      CHECK (memcmp (ss, ss2, 32), "corrupted ciphertext %d accepted", k);
      b->dec (ss3, ct, sk);
      CHECK (!memcmp (ss3, ss2, 32), "rejection keys differ by path %d", k);
      t_randbytes (ct, sizeof ct);
      a->dec (ss2, ct, sk);
      b->dec (ss3, ct, sk);
      CHECK (!memcmp (ss3, ss2, 32), "random ct %d: paths differ", k);
    }
}

/* --------------------------------------------- the keygen retry path */

/* An RNG whose first draws are given g candidates (Small_random bytes
 * chosen to decode to them); every later draw comes from the DRBG. */
struct retry_rng
{
  t_drbg_ctx drbg;
  int calls;
  int nbad;                /* how many leading draws give BAD[i] */
  const int8_t *bad[2];
};

/* Small_random bytes for coefficient C: L mod 2^30 = 0 gives -1,
 * 2^29 gives 0, 2^30 - 1 gives 1; the top two bits are ignored (vary
 * them). */
static void
bytes_for_small (unsigned char *buf, const int8_t *g)
{
  int i;
  for (i = 0; i < P; i++)
    {
      uint32_t l = g[i] < 0 ? 0 : g[i] == 0 ? 0x20000000u : 0x3fffffffu;
      l |= (uint32_t) (i % 4) << 30;
      buf[4 * i] = (unsigned char) l;
      buf[4 * i + 1] = (unsigned char) (l >> 8);
      buf[4 * i + 2] = (unsigned char) (l >> 16);
      buf[4 * i + 3] = (unsigned char) (l >> 24);
    }
}

static void
retry_rng_cb (void *ctx, void *buf, size_t n)
{
  struct retry_rng *r = ctx;

  if (r->calls < r->nbad)
    {
      if (n != KC_SNTRUP761_RANDOM_BYTES)
        fail ("retry rng: draw %d of %zu bytes is not a g candidate",
              r->calls, n);
      else
        bytes_for_small (buf, r->bad[r->calls]);
      r->calls++;
      return;
    }
  r->calls++;
  t_drbg_randombytes (&r->drbg, buf, n);
}

static void
test_keygen_retry (const struct kem_impl *im)
{
  unsigned char seed[48];
  unsigned char pk[KC_SNTRUP761_PK_BYTES], sk[KC_SNTRUP761_SK_BYTES];
  unsigned char pk2[KC_SNTRUP761_PK_BYTES], sk2[KC_SNTRUP761_SK_BYTES];
  unsigned char ct[KC_SNTRUP761_CT_BYTES], ss[32], ss2[32];
  unsigned char buf[KC_SNTRUP761_RANDOM_BYTES];
  int8_t zero[P], mult[P], g[P], inv[P];
  struct retry_rng r;
  int i;

  /* The candidates: g = 0 and a random multiple of the degree-19 factor.
   * Their bytes decode back to them, and neither is invertible. */
  memset (zero, 0, sizeof zero);
  make_factor_multiple (mult, factor19, 19, 7, 1);
  bytes_for_small (buf, zero);
  _kc_sntrup761_small_from_bytes (g, buf);
  CHECK (!memcmp (g, zero, P), "retry bytes do not give g = 0");
  CHECK (_kc_sntrup761_r3_recip (inv, g) == -1, "g = 0 invertible?");
  bytes_for_small (buf, mult);
  _kc_sntrup761_small_from_bytes (g, buf);
  CHECK (!memcmp (g, mult, P), "retry bytes do not give the factor multiple");
  CHECK (_kc_sntrup761_r3_recip (inv, g) == -1, "factor multiple invertible?");

  for (i = 0; i < 48; i++)
    seed[i] = (unsigned char) (0xc0 + i);

  /* Reference: the same DRBG without the bad draws. */
  r.calls = 0;
  r.nbad = 0;
  t_drbg_init (&r.drbg, seed);
  im->keypair (pk2, sk2, retry_rng_cb, &r);
  CHECK (r.calls == 3, "%s: keypair without retry: %d draws", im->name,
         r.calls);

  r.calls = 0;
  r.nbad = 2;
  r.bad[0] = zero;
  r.bad[1] = mult;
  t_drbg_init (&r.drbg, seed);
  im->keypair (pk, sk, retry_rng_cb, &r);
  CHECK (r.calls == 5, "%s: keypair with two rejected g: %d draws, want 5",
         im->name, r.calls);
  CHECK (!memcmp (pk, pk2, sizeof pk) && !memcmp (sk, sk2, sizeof sk),
         "keypair after retries differs from the key of the next draws");

  im->enc (ct, ss, pk, t_drbg_rng_cb, &r.drbg);
  im->dec (ss2, ct, sk);
  CHECK (!memcmp (ss, ss2, 32), "key from the retry path does not decapsulate");
}

/* ------------------------------------------- batch key generation */

/* A key pair is valid: sk = f | v | pk | rho | Hash4 (pk) with pk the
 * given public key; for h = decoded pk, 3 h f is small (it is g) and
 * (3 h f) v = 1 in R3; and an encapsulation decapsulates. */
static void
check_key_pair (const unsigned char *pk, const unsigned char *sk,
                const char *what, int k)
{
  int16_t h[P], c[P];
  int8_t f[P], v[P], g[P], one[P];
  unsigned char hash[64], ct[KC_SNTRUP761_CT_BYTES], ss[32], ss2[32];
  int i, small = 1, isone = 1;

  CHECK (!memcmp (sk + 2 * KC_SNTRUP761_SMALL_BYTES, pk, KC_SNTRUP761_PK_BYTES),
         "%s %d: sk does not hold pk", what, k);
  {
    unsigned char tmp[1 + KC_SNTRUP761_PK_BYTES];
    tmp[0] = 4;
    memcpy (tmp + 1, pk, KC_SNTRUP761_PK_BYTES);
    _kc_sha512 (hash, tmp, sizeof tmp);
  }
  CHECK (!memcmp (sk + 3 * KC_SNTRUP761_SMALL_BYTES + KC_SNTRUP761_PK_BYTES,
                  hash, 32), "%s %d: sk hash of pk", what, k);
  _kc_sntrup761_rq_decode (h, pk);
  _kc_sntrup761_small_decode (f, sk);
  _kc_sntrup761_small_decode (v, sk + KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_rq_mult_small (c, h, f);
  for (i = 0; i < P; i++)
    {
      int x = (int) ref_modq (3 * (int64_t) c[i]);
      small &= x >= -1 && x <= 1;
      g[i] = (int8_t) (x < -1 ? 0 : x > 1 ? 0 : x);
    }
  CHECK (small, "%s %d: 3 h f is not small", what, k);
  _kc_sntrup761_r3_mult (one, g, v);
  for (i = 0; i < P; i++)
    isone &= one[i] == (i == 0);
  CHECK (isone, "%s %d: g v != 1 in R3", what, k);
  _kc_sntrup761_enc (ct, ss, pk, t_rng_cb, NULL);
  _kc_sntrup761_dec (ss2, ct, sk);
  CHECK (!memcmp (ss, ss2, 32), "%s %d: round trip", what, k);
}

/* An RNG that replaces the draws numbered BAD0 and BAD1 (g candidates)
 * by non-invertible g; the rest from the DRBG. */
struct batch_rng
{
  t_drbg_ctx drbg;
  int calls, bad0, bad1;
};

static void
batch_rng_cb (void *ctx, void *buf, size_t n)
{
  struct batch_rng *r = ctx;
  int8_t g[P];

  if (r->calls == r->bad0 || r->calls == r->bad1)
    {
      if (n != KC_SNTRUP761_RANDOM_BYTES)
        fail ("batch rng: draw %d of %zu bytes is not a g candidate",
              r->calls, n);
      else
        {
          if (r->calls == r->bad0)
            memset (g, 0, sizeof g);
          else
            make_factor_multiple (g, factor19, 19, 3, 1);
          bytes_for_small (buf, g);
        }
    }
  else
    t_drbg_randombytes (&r->drbg, buf, n);
  r->calls++;
}

#define NB_TEST 33

static void
test_batch (const struct kem_impl *im, int portable)
{
  static unsigned char pk[NB_TEST][KC_SNTRUP761_PK_BYTES];
  static unsigned char sk[NB_TEST][KC_SNTRUP761_SK_BYTES];
  static unsigned char pk2[NB_TEST][KC_SNTRUP761_PK_BYTES];
  static unsigned char sk2[NB_TEST][KC_SNTRUP761_SK_BYTES];
  void (*batch) (unsigned char *, unsigned char *, size_t, _kc_rng_fn, void *)
    = portable ? _kc_sntrup761_keypair_batch_portable
               : _kc_sntrup761_keypair_batch;
  unsigned char seed[48];
  struct batch_rng r;
  t_drbg_ctx d1, d2;
  int k;

  for (k = 0; k < 48; k++)
    seed[k] = (unsigned char) (0x31 * k + 5);

  /* A batch of one is the single key of the same draws (when the first
   * g is invertible, as here: otherwise the batch redraws g after f). */
  t_drbg_init (&d1, seed);
  t_drbg_init (&d2, seed);
  batch (pk[0], sk[0], 1, t_drbg_rng_cb, &d1);
  im->keypair (pk2[0], sk2[0], t_drbg_rng_cb, &d2);
  CHECK (!memcmp (pk[0], pk2[0], sizeof pk[0])
         && !memcmp (sk[0], sk2[0], sizeof sk[0]),
         "%s: batch of one differs from keypair", im->name);

  /* 33 keys (a full chunk and one more): every one valid, all distinct;
   * the same draws give the same keys on both paths. */
  t_drbg_init (&d1, seed);
  batch (pk[0], sk[0], NB_TEST, t_drbg_rng_cb, &d1);
  t_drbg_init (&d2, seed);
  (portable ? _kc_sntrup761_keypair_batch : _kc_sntrup761_keypair_batch_portable)
    (pk2[0], sk2[0], NB_TEST, t_drbg_rng_cb, &d2);
  CHECK (!memcmp (pk, pk2, sizeof pk) && !memcmp (sk, sk2, sizeof sk),
         "%s: batch differs between the paths", im->name);
  for (k = 0; k < NB_TEST; k++)
    {
      check_key_pair (pk[k], sk[k], im->name, k);
      if (k > 0)
        CHECK (memcmp (pk[k], pk[k - 1], sizeof pk[k]),
               "%s: batch keys %d and %d equal", im->name, k - 1, k);
    }

  /* Non-invertible g at draws 1 (g = 0) and 3 (a multiple of the degree-19
   * factor) of a batch of 5: the product is not invertible, each g is
   * tested, the two are redrawn (5 + 2 + 5 + 5 draws), and all five keys
   * are valid. */
  memset (&r, 0, sizeof r);
  r.bad0 = 1;
  r.bad1 = 3;
  t_drbg_init (&r.drbg, seed);
  batch (pk[0], sk[0], 5, batch_rng_cb, &r);
  CHECK (r.calls == 17, "%s: batch with two bad g: %d draws, want 17",
         im->name, r.calls);
  for (k = 0; k < 5; k++)
    check_key_pair (pk[k], sk[k], "batch with bad g", k);
  /* Both bad g in the same batch of 2 (the whole product is 0). */
  memset (&r, 0, sizeof r);
  r.bad0 = 0;
  r.bad1 = 1;
  t_drbg_init (&r.drbg, seed);
  batch (pk[0], sk[0], 2, batch_rng_cb, &r);
  CHECK (r.calls == 8, "%s: batch of two bad g: %d draws, want 8",
         im->name, r.calls);
  for (k = 0; k < 2; k++)
    check_key_pair (pk[k], sk[k], "batch of two bad g", k);
  /* Zero keys: nothing drawn, nothing written. */
  memset (&r, 0, sizeof r);
  r.bad0 = r.bad1 = -1;
  batch (pk[0], sk[0], 0, batch_rng_cb, &r);
  CHECK (r.calls == 0, "%s: empty batch drew %d times", im->name, r.calls);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (761);
  test_aes ();
  test_freeze ();
  test_mult ();
  test_recip ();
  test_factors ();
  test_encode ();
  test_sort ();
  test_sampling ();
  test_roundtrip ();
  test_keygen_retry (&impls[0]);
  test_keygen_retry (&impls[1]);
  test_batch (&impls[0], 0);
  test_batch (&impls[1], 1);
  test_kat (&impls[0]);
  test_kat (&impls[1]);
  if (_kc_hwf () & KC_HWF_AVX512)
    {
      /* The dispatched path once more with AVX-512 masked: the AVX2
       * reciprocals, which an AVX2-only CPU takes. */
      _kc_hwf_set_mask (~KC_HWF_AVX512);
      test_keygen_retry (&impls[0]);
      test_batch (&impls[0], 0);
      test_kat (&impls[0]);
      _kc_hwf_set_mask (~0u);
    }
  return t_done ("t-sntrup761");
}
