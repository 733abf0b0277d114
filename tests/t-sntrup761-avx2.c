/* t-sntrup761-avx2.c - the sntrup761 AVX2 kernels against slow, obvious
 * references: schoolbook products mod x^761 - x - 1 with a reduction after
 * every term (for the NTT products of sntrup761/x86_64/avx2-ntt.c, which
 * t-sntrup761-ntt also compares with the portable ones), reciprocals checked by multiplying back, and invertibility
 * decided independently by a polynomial gcd.  Worst-case inputs (every
 * coefficient at its bound) and thousands of random ones.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The AVX-512 reciprocals (sntrup761/x86_64/avx512.c, Rq and R3), sort and
 * Short_fromlist (sntrup761/x86_64/avx512-sort.c) are compared with the
 * portable ones on the same inputs where the CPU has AVX-512;
 * the program runs again without VNNI, for the Rq one's second form.
 *
 * Skipped (exit 77) without x86-64 code paths or without AVX2. */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/avx2-ntt.h"
#include "sntrup761/x86_64/avx512.h"
#include "sntrup761/sntrup761.h"
#include "t-common.h"
#include <stdlib.h>

#ifdef KC_USE_X86_64

#define P 761
#define Q 4591

/* Centered residue of x mod m (m odd). */
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

/* h = f * g mod (x^761 - x - 1, m), coefficients centered; f and g
 * arbitrary ints.  Each product term is reduced mod m as it is added. */
static void
ref_mult (int h[P], const int *f, const int *g, int m)
{
  static int c[2 * P - 1];
  int i, j, k;

  memset (c, 0, sizeof c);
  for (i = 0; i < P; i++)
    for (j = 0; j < P; j++)
      c[i + j] = (c[i + j] + f[i] * g[j]) % m;
  /* x^k = x^(k-761) (x + 1) for k >= 761, from the top down. */
  for (k = 2 * P - 2; k >= P; k--)
    {
      c[k - P] = (c[k - P] + c[k]) % m;
      c[k - P + 1] = (c[k - P + 1] + c[k]) % m;
      c[k] = 0;
    }
  for (i = 0; i < P; i++)
    h[i] = cmod (c[i], m);
}

/* 1/a mod m (m prime). */
static long
inv_mod (long a, int m)
{
  long r = 1, e = m - 2;
  a = ((a % m) + m) % m;
  while (e)
    {
      if (e & 1)
        r = r * a % m;
      a = a * a % m;
      e >>= 1;
    }
  return r;
}

/* Polynomial gcd over F_m (m prime), variable time, test only: returns
 * the degree of gcd (a, x^761 - x - 1) and, if GCD_OUT, the monic gcd
 * (P + 1 coefficients); -1 if a = 0 (not invertible either). */
static int
gcd_poly (int *gcd_out, const int *a_in, int m)
{
  static long a[P + 1], b[P + 1];
  int da = -1, db = P, i;

  for (i = 0; i <= P; i++)
    {
      a[i] = i < P ? ((a_in[i] % m) + m) % m : 0;
      b[i] = 0;
    }
  b[P] = 1;
  b[1] = m - 1;
  b[0] = m - 1;
  for (i = 0; i < P; i++)
    if (a[i])
      da = i;
  if (da < 0)
    return -1;
  /* Euclid: b <- b mod a, swap. */
  while (da >= 0)
    {
      long inv = inv_mod (a[da], m);
      while (db >= da)
        {
          long c = b[db] * inv % m;
          int s = db - da;
          for (i = 0; i <= da; i++)
            b[s + i] = ((b[s + i] - c * a[i]) % m + m) % m;
          while (db >= 0 && b[db] == 0)
            db--;
        }
      for (i = 0; i <= P; i++)
        {
          long t = a[i];
          a[i] = b[i];
          b[i] = t;
        }
      i = da;
      da = db;
      db = i;
    }
  if (gcd_out)
    {
      long inv = inv_mod (b[db], m);
      for (i = 0; i <= P; i++)
        gcd_out[i] = (int) (b[i] * inv % m);
    }
  return db;
}

static int
gcd_degree (const int *a_in, int m)
{
  return gcd_poly (NULL, a_in, m);
}

/* The product of the irreducible factors of x^761 - x - 1 over F_3 whose
 * degree divides D: gcd (x^(3^D) - x, x^761 - x - 1), by D cubings.  Over
 * F_3 the modulus factors into irreducibles of degrees 19, 60 and 682
 * (computed independently with sympy's factor_list), so D = 19 and D = 60
 * give single factors; the test checks the degrees it gets. */
static int
f3_factor (int phi[P + 1], int d)
{
  int y[P], y2[P], i;

  memset (y, 0, sizeof y);
  y[1] = 1;
  for (i = 0; i < d; i++)
    {
      ref_mult (y2, y, y, 3);
      ref_mult (y, y2, y, 3);
    }
  y[1] = cmod (y[1] - 1, 3);
  return gcd_poly (phi, y, 3);
}

static void
rand_small (int8_t *x)
{
  int i;
  for (i = 0; i < P; i++)
    x[i] = (int8_t) ((int) (t_rand64 () % 3) - 1);
}

static void
rand_fq (int16_t *x)
{
  int i;
  for (i = 0; i < P; i++)
    x[i] = (int16_t) ((int) (t_rand64 () % Q) - (Q - 1) / 2);
}

static void
check_rq_mult (const int16_t f[P], const int8_t g[P], const char *what)
{
  int fi[P], gi[P], want[P], i, bad = -1;
  int16_t h[P];

  for (i = 0; i < P; i++)
    {
      fi[i] = f[i];
      gi[i] = g[i];
    }
  ref_mult (want, fi, gi, Q);
  _kc_sntrup761_rq_mult_small_ntt_avx2 (h, f, g);
  for (i = 0; i < P && bad < 0; i++)
    if (h[i] != want[i])
      bad = i;
  CHECK (bad < 0, "rq_mult (%s): coefficient %d is %d, want %d", what, bad,
         bad < 0 ? 0 : h[bad], bad < 0 ? 0 : want[bad]);
}

static void
check_r3_mult (const int8_t f[P], const int8_t g[P], const char *what)
{
  int fi[P], gi[P], want[P], i, bad = -1;
  int8_t h[P];

  for (i = 0; i < P; i++)
    {
      fi[i] = f[i];
      gi[i] = g[i];
    }
  ref_mult (want, fi, gi, 3);
  _kc_sntrup761_r3_mult_ntt_avx2 (h, f, g);
  for (i = 0; i < P && bad < 0; i++)
    if (h[i] != want[i])
      bad = i;
  CHECK (bad < 0, "r3_mult (%s): coefficient %d is %d, want %d", what, bad,
         bad < 0 ? 0 : h[bad], bad < 0 ? 0 : want[bad]);
}

/* General Rq product (both operands frozen): AVX2 and portable against
 * the schoolbook reference. */
static void
check_rq_mult_fq (const int16_t f[P], const int16_t g[P], const char *what)
{
  int fi[P], gi[P], want[P], i, bad = -1;
  int16_t h[P], h2[P];

  for (i = 0; i < P; i++)
    {
      fi[i] = f[i];
      gi[i] = g[i];
    }
  ref_mult (want, fi, gi, Q);
  _kc_sntrup761_rq_mult_ntt_avx2 (h, f, g);
  _kc_sntrup761_rq_mult (h2, f, g);
  for (i = 0; i < P && bad < 0; i++)
    if (h[i] != want[i] || h2[i] != want[i])
      bad = i;
  CHECK (bad < 0, "rq_mult general (%s): coefficient %d: avx2 %d portable %d,"
         " want %d", what, bad, bad < 0 ? 0 : h[bad], bad < 0 ? 0 : h2[bad],
         bad < 0 ? 0 : want[bad]);
}

/* With AVX-512: the AVX-512 reciprocal of IN8 (small) or IN16 (frozen)
 * returns RC and, when RC is 0, the portable function's output REF. */
static void
check_avx512_recip (const int16_t ref[P], int rc, const int8_t *in8,
                    const int16_t *in16, const char *what)
{
  int16_t out[P];
  int rc5, i, frozen = 1;

  if (!_kc_hwf_has (KC_SNTRUP761_AVX512_HWF))
    return;
  rc5 = in8 ? _kc_sntrup761_rq_recip3_avx512 (out, in8)
    : _kc_sntrup761_rq_recip3_fq_avx512 (out, in16);
  for (i = 0; i < P; i++)
    frozen &= out[i] >= -(Q - 1) / 2 && out[i] <= (Q - 1) / 2;
  CHECK (rc5 == rc && frozen && (rc || !memcmp (out, ref, sizeof out)),
         "rq_recip3%s (%s): avx512 (%d) and portable (%d) differ",
         in8 ? "" : "_fq", what, rc5, rc);
}

/* 1/(3 in) for a general frozen IN, AVX2 and portable: equal, frozen, and
 * 3 in out = 1 (IN nonzero). */
static void
check_rq_recip3_fq (const int16_t in[P], const char *what)
{
  int16_t out[P], out2[P];
  int oi[P], ii[P], prod[P], i, ok = 1, rc, rc2, nonzero = 0;

  for (i = 0; i < P; i++)
    {
      ii[i] = in[i];
      nonzero |= in[i] != 0;
    }
  rc = _kc_sntrup761_rq_recip3_fq_avx2 (out, in);
  rc2 = _kc_sntrup761_rq_recip3_fq (out2, in);
  CHECK (rc == (nonzero ? 0 : -1) && rc2 == rc,
         "rq_recip3_fq (%s): returned %d / %d", what, rc, rc2);
  CHECK (!memcmp (out, out2, sizeof out) || !nonzero,
         "rq_recip3_fq (%s): avx2 and portable differ", what);
  check_avx512_recip (out2, rc2, NULL, in, what);
  if (!nonzero)
    return;
  for (i = 0; i < P; i++)
    oi[i] = out[i];
  ref_mult (prod, oi, ii, Q);
  for (i = 0; i < P; i++)
    if (cmod (3L * prod[i], Q) != (i == 0))
      ok = 0;
  CHECK (ok, "rq_recip3_fq (%s): 3 * in * out != 1", what);
}

/* Rq is a field (x^761 - x - 1 is irreducible mod q), so 3*in is
 * invertible iff in != 0; the gcd confirms it independently. */
static void
check_rq_recip3 (const int8_t in[P], const char *what)
{
  int16_t out[P];
  int oi[P], ii[P], prod[P], i, ok = 1, frozen = 1;
  int invertible = 0, rc;

  for (i = 0; i < P; i++)
    ii[i] = in[i];
  invertible = gcd_degree (ii, Q) == 0;
  rc = _kc_sntrup761_rq_recip3_avx2 (out, in);
  CHECK (rc == (invertible ? 0 : -1), "rq_recip3 (%s): returned %d, gcd says %s",
         what, rc, invertible ? "invertible" : "not invertible");
  for (i = 0; i < P; i++)
    {
      if (out[i] < -(Q - 1) / 2 || out[i] > (Q - 1) / 2)
        frozen = 0;
      oi[i] = out[i];
    }
  CHECK (frozen, "rq_recip3 (%s): output not frozen", what);
  {
    int16_t ref[P];
    int rcp = _kc_sntrup761_rq_recip3 (ref, in);
    CHECK (rcp == rc && (rc || !memcmp (ref, out, sizeof out)),
           "rq_recip3 (%s): avx2 and portable differ", what);
    check_avx512_recip (ref, rcp, in, NULL, what);
  }
  if (!invertible || rc)
    return;
  ref_mult (prod, oi, ii, Q);
  for (i = 0; i < P; i++)
    if (cmod (3L * prod[i], Q) != (i == 0))
      ok = 0;
  CHECK (ok, "rq_recip3 (%s): 3 * in * out != 1", what);
}

/* Returns 1 if IN was invertible. */
static int
check_r3_recip (const int8_t in[P], const char *what)
{
  int8_t out[P];
  int oi[P], ii[P], prod[P], i, ok = 1, small = 1;
  int invertible, rc;

  for (i = 0; i < P; i++)
    ii[i] = in[i];
  invertible = gcd_degree (ii, 3) == 0;
  rc = _kc_sntrup761_r3_recip_avx2 (out, in);
  CHECK (rc == (invertible ? 0 : -1), "r3_recip (%s): returned %d, gcd says %s",
         what, rc, invertible ? "invertible" : "not invertible");
  for (i = 0; i < P; i++)
    {
      if (out[i] < -1 || out[i] > 1)
        small = 0;
      oi[i] = out[i];
    }
  CHECK (small, "r3_recip (%s): output not in {-1, 0, 1}", what);
  {
    int8_t ref[P], o5[P];
    int rcp = _kc_sntrup761_r3_recip (ref, in);
    CHECK (rcp == rc && (rc || !memcmp (ref, out, sizeof out)),
           "r3_recip (%s): avx2 and portable differ", what);
    if (_kc_hwf_has (KC_SNTRUP761_AVX512_HWF))
      {
        int rc5 = _kc_sntrup761_r3_recip_avx512 (o5, in), small5 = 1;
        for (i = 0; i < P; i++)
          small5 &= o5[i] >= -1 && o5[i] <= 1;
        CHECK (rc5 == rcp && small5 && (rcp || !memcmp (ref, o5, sizeof o5)),
               "r3_recip (%s): avx512 (%d) and portable (%d) differ", what,
               rc5, rcp);
      }
  }
  if (!invertible || rc)
    return invertible;
  ref_mult (prod, oi, ii, 3);
  for (i = 0; i < P; i++)
    if (prod[i] != (i == 0))
      ok = 0;
  CHECK (ok, "r3_recip (%s): in * out != 1", what);
  return invertible;
}

/* Pattern k: 0 all +max, 1 all -max, 2 alternating +max/-max,
 * 3 alternating -max/+max, 4 +max then zeros except the top, 5 zero. */
static int
pattern (int k, int i, int max)
{
  switch (k)
    {
    case 0: return max;
    case 1: return -max;
    case 2: return i & 1 ? -max : max;
    case 3: return i & 1 ? max : -max;
    case 4: return i == 0 || i == P - 1 ? max : 0;
    default: return 0;
    }
}

static int
cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return (x > y) - (x < y);
}

/* The AVX2 sort of 761 words against qsort and the portable network. */
static void
check_sort (const uint32_t in[P], const char *what)
{
  uint32_t a[P], b[P], c[P], d[P];
  int i;

  memcpy (a, in, sizeof a);
  memcpy (b, in, sizeof b);
  memcpy (c, in, sizeof c);
  memcpy (d, in, sizeof d);
  _kc_sntrup761_sort_761_avx2 (a);
  _kc_sntrup761_sort_u32 (b, P);
  qsort (c, P, sizeof c[0], cmp_u32);
  _kc_sntrup761_sort_761 (d);
  for (i = 0; i < P; i++)
    if (a[i] != c[i] || b[i] != c[i] || d[i] != c[i])
      {
        fail ("sort %s: index %d: avx2 %08x portable %08x portable-761 "
              "%08x qsort %08x", what, i, (unsigned) a[i], (unsigned) b[i],
              (unsigned) d[i], (unsigned) c[i]);
        return;
      }
  if (_kc_hwf_has (KC_SNTRUP761_AVX512_HWF))
    {
      memcpy (a, in, sizeof a);
      _kc_sntrup761_sort_761_avx512 (a);
      for (i = 0; i < P && a[i] == c[i]; i++)
        ;
      CHECK (i == P, "sort %s: index %d: avx512 %08x qsort %08x", what, i,
             (unsigned) a[i % P], (unsigned) c[i % P]);
    }
}

static void
test_sort (void)
{
  uint32_t x[P];
  char what[64];
  int i, k;

  /* Sorted, reversed, constant, extremes (0 and 0xffffffff, equal to the
   * padding), two values, sawtooth; then random words and random words
   * from tiny ranges (many ties). */
  for (k = 0; k < 8; k++)
    {
      for (i = 0; i < P; i++)
        switch (k)
          {
          case 0: x[i] = (uint32_t) i; break;
          case 1: x[i] = (uint32_t) (P - i); break;
          case 2: x[i] = 7; break;
          case 3: x[i] = 0xffffffffu; break;
          case 4: x[i] = i & 1 ? 0xffffffffu : 0; break;
          case 5: x[i] = i % 3 ? 0x80000000u : 0x7fffffffu; break;
          case 6: x[i] = (uint32_t) (i % 17) << 28; break;
          default: x[i] = i < P / 2 ? 0xfffffffeu - (uint32_t) i : (uint32_t) i;
          }
      snprintf (what, sizeof what, "pattern %d", k);
      check_sort (x, what);
    }
  /* 0-1 inputs (a comparator network sorts everything iff it sorts
   * every 0-1 input): random densities, and runs of ones placed at the
   * block boundaries of the kernel (64, 256, 512 words). */
  for (k = 0; k < 400; k++)
    {
      uint32_t dens = (uint32_t) (t_rand64 () % 33);
      int start = (int) (t_rand64 () % P), len = (int) (t_rand64 () % 300);
      static const int bounds[] = { 0, 64, 192, 256, 320, 448, 512, 576, 704 };
      if (k % 3 == 2)
        start = bounds[k / 3 % 9];
      for (i = 0; i < P; i++)
        {
          if (k % 3 == 0)
            x[i] = (uint32_t) (t_rand64 () % 32) < dens;
          else
            x[i] = i >= start && i < start + len;
          if (k & 8)
            x[i] = x[i] ? 0xffffffffu : 0;
        }
      snprintf (what, sizeof what, "0-1 input %d", k);
      check_sort (x, what);
    }
  for (k = 0; k < 300; k++)
    {
      for (i = 0; i < P; i++)
        {
          x[i] = (uint32_t) t_rand64 ();
          if (k & 1)
            x[i] %= (uint32_t) (k % 5 + 2);
          if (k % 7 == 3)
            x[i] |= 0xfffffff0u;
        }
      snprintf (what, sizeof what, "random %d", k);
      check_sort (x, what);
    }
}

/* The AVX2 decoders against the portable ones: arbitrary bytes (random,
 * all 0, all 0xff, random with runs of 0xff) and encodings of random and
 * extreme polynomials. */
static void
test_decode (void)
{
  unsigned char rq[KC_SNTRUP761_RQ_BYTES], rd[KC_SNTRUP761_ROUNDED_BYTES];
  int16_t a[P], b[P];
  int i, k;

  for (k = 0; k < 300; k++)
    {
      switch (k % 5)
        {
        case 0: memset (rq, 0, sizeof rq); memset (rd, 0, sizeof rd); break;
        case 1: memset (rq, 0xff, sizeof rq); memset (rd, 0xff, sizeof rd); break;
        case 2:
          t_randbytes (rq, sizeof rq);
          t_randbytes (rd, sizeof rd);
          for (i = 0; i < 64; i++)
            {
              rq[t_rand64 () % sizeof rq] = 0xff;
              rd[t_rand64 () % sizeof rd] = 0xff;
            }
          break;
        case 3:
          /* Encodings: random, or every coefficient at +-q12. */
          for (i = 0; i < P; i++)
            {
              a[i] = (int16_t) ((k & 8) ? ((t_rand64 () & 1) ? 2295 : -2295)
                                : (int) (t_rand64 () % Q) - 2295);
              b[i] = (int16_t) (3 * (int) (t_rand64 () % 1531) - 2295);
            }
          _kc_sntrup761_rq_encode (rq, a);
          _kc_sntrup761_rounded_encode (rd, b);
          break;
        default:
          t_randbytes (rq, sizeof rq);
          t_randbytes (rd, sizeof rd);
        }
      _kc_sntrup761_rq_decode (a, rq);
      _kc_sntrup761_rq_decode_avx2 (b, rq);
      CHECK (!memcmp (a, b, sizeof a), "rq_decode avx2 != portable, case %d", k);
      _kc_sntrup761_rounded_decode (a, rd);
      _kc_sntrup761_rounded_decode_avx2 (b, rd);
      CHECK (!memcmp (a, b, sizeof a), "rounded_decode avx2 != portable, case %d",
             k);
    }
}

/* The decoders on strings aimed at the short top levels (the last 64
 * bytes: where the vector groups are padded and the last pairs of the
 * levels sit): random strings whose tail is all 0xff or all 0x00, and
 * each tail byte in turn set to 0xff, 0x00 or 0x80. */
static void
test_decode_tail (void)
{
  unsigned char rq[KC_SNTRUP761_RQ_BYTES], rd[KC_SNTRUP761_ROUNDED_BYTES];
  int16_t a[P], b[P];
  int j, k;

  for (k = 0; k < 6 * 64; k++)
    {
      int pos = k % 64, kind = k / 64;
      t_randbytes (rq, sizeof rq);
      t_randbytes (rd, sizeof rd);
      if (kind < 2)
        {
          for (j = 0; j <= pos; j++)
            {
              rq[sizeof rq - 1 - j] = kind ? 0xff : 0;
              rd[sizeof rd - 1 - j] = kind ? 0xff : 0;
            }
        }
      else
        {
          unsigned char v = kind == 2 ? 0xff : kind == 3 ? 0 : kind == 4 ? 0x80
                            : (unsigned char) t_rand64 ();
          rq[sizeof rq - 1 - pos] = v;
          rd[sizeof rd - 1 - pos] = v;
          if (kind == 5)
            {
              /* and everything before it 0xff */
              memset (rq, 0xff, sizeof rq - 1 - pos);
              memset (rd, 0xff, sizeof rd - 1 - pos);
            }
        }
      _kc_sntrup761_rq_decode (a, rq);
      _kc_sntrup761_rq_decode_avx2 (b, rq);
      CHECK (!memcmp (a, b, sizeof a), "rq_decode avx2 != portable, tail case %d",
             k);
      _kc_sntrup761_rounded_decode (a, rd);
      _kc_sntrup761_rounded_decode_avx2 (b, rd);
      CHECK (!memcmp (a, b, sizeof a),
             "rounded_decode avx2 != portable, tail case %d", k);
    }
}

/* Short_fromlist: the AVX2 kernel against the portable one (same vector,
 * weight w) on random buffers, all 0x00, all 0xff, and buffers whose
 * words repeat (many equal keys: ties between tagged and untagged
 * words). */
static void
test_short_from_bytes (void)
{
  static unsigned char buf[4 * P];
  int8_t a[P], b[P];
  int i, k, weight;

  for (k = 0; k < 200; k++)
    {
      if (k < 2)
        memset (buf, k ? 0xff : 0, sizeof buf);
      else
        t_randbytes (buf, sizeof buf);
      if (k % 4 == 3)
        for (i = 4; i < 4 * P; i++)
          buf[i] = buf[i % 8];
      _kc_sntrup761_short_from_bytes (a, buf);
      _kc_sntrup761_short_from_bytes_avx2 (b, buf);
      CHECK (!memcmp (a, b, sizeof a), "short_from_bytes avx2 != portable, case %d",
             k);
      for (i = 0, weight = 0; i < P; i++)
        weight += b[i] != 0;
      CHECK (weight == 286, "short_from_bytes avx2: weight %d, case %d", weight, k);
      if (_kc_hwf_has (KC_SNTRUP761_AVX512_HWF))
        {
          memset (b, 0x55, sizeof b);
          _kc_sntrup761_short_from_bytes_avx512 (b, buf);
          CHECK (!memcmp (a, b, sizeof a),
                 "short_from_bytes avx512 != portable, case %d", k);
        }
    }
}

/* Small_random from bytes: all 0x00, all 0xff, words at the thresholds
 * of the three outputs (l mod 2^30 around 2^30/3 and 2^31/3, with the
 * top two bits set or not), random; the output checked against the
 * portable function and written nowhere past 761 bytes. */
static void
test_small_from_bytes (void)
{
  static unsigned char buf[4 * P];
  int8_t a[P + 1], b[P + 1];
  static const uint32_t edge[] = {
    0x15555555, 0x15555556, 0x2aaaaaaa, 0x2aaaaaab, 0x3fffffff, 0,
    0xd5555555, 0xd5555556, 0xeaaaaaaa, 0xeaaaaaab, 0xffffffff, 0xc0000000
  };
  int i, k;

  for (k = 0; k < 300; k++)
    {
      if (k < 2)
        memset (buf, k ? 0xff : 0, sizeof buf);
      else
        t_randbytes (buf, sizeof buf);
      if (k % 3 == 2)
        for (i = 0; i < P; i++)
          {
            uint32_t l = edge[(size_t) (i + k) % KC_DIM (edge)];
            buf[4 * i] = (unsigned char) l;
            buf[4 * i + 1] = (unsigned char) (l >> 8);
            buf[4 * i + 2] = (unsigned char) (l >> 16);
            buf[4 * i + 3] = (unsigned char) (l >> 24);
          }
      a[P] = b[P] = 0x5a;
      _kc_sntrup761_small_from_bytes (a, buf);
      _kc_sntrup761_small_from_bytes_avx2 (b, buf);
      CHECK (!memcmp (a, b, sizeof a),
             "small_from_bytes avx2 != portable (or wrote past 761), case %d", k);
    }
}

/* Small_encode: constant -1, 0, 1, alternating, the last coefficient
 * alone nonzero, random. */
static void
test_small_encode (void)
{
  unsigned char x[KC_SNTRUP761_SMALL_BYTES + 1], y[KC_SNTRUP761_SMALL_BYTES + 1];
  int8_t c[P];
  int i, k;

  for (k = 0; k < 100; k++)
    {
      for (i = 0; i < P; i++)
        switch (k)
          {
          case 0: c[i] = -1; break;
          case 1: c[i] = 0; break;
          case 2: c[i] = 1; break;
          case 3: c[i] = (int8_t) (i % 3 - 1); break;
          case 4: c[i] = (int8_t) (i == P - 1 ? 1 : 0); break;
          case 5: c[i] = (int8_t) (i == P - 1 ? -1 : 1); break;
          default: c[i] = (int8_t) ((int) (t_rand64 () % 3) - 1);
          }
      memset (x, 0x5a, sizeof x);
      memset (y, 0x5a, sizeof y);
      _kc_sntrup761_small_encode (x, c);
      _kc_sntrup761_small_encode_avx2 (y, c);
      CHECK (!memcmp (x, y, sizeof x),
             "small_encode avx2 != portable (or wrote past 191), case %d", k);
    }
}

/* The AVX2 encoders against the portable ones: random, all at +-q12,
 * all zero, alternating extremes. */
static void
test_encode (void)
{
  unsigned char x[KC_SNTRUP761_RQ_BYTES], y[KC_SNTRUP761_RQ_BYTES];
  int16_t a[P], b[P];
  int i, k;

  for (k = 0; k < 200; k++)
    {
      for (i = 0; i < P; i++)
        switch (k % 5)
          {
          case 0: a[i] = 2295; b[i] = 2295; break;
          case 1: a[i] = -2295; b[i] = -2295; break;
          case 2: a[i] = (int16_t) ((i & 1) ? 2295 : -2295); b[i] = (int16_t) -a[i]; break;
          case 3: a[i] = 0; b[i] = (int16_t) (3 * (i % 1531) - 2295); break;
          default:
            a[i] = (int16_t) ((int) (t_rand64 () % Q) - 2295);
            b[i] = (int16_t) (3 * (int) (t_rand64 () % 1531) - 2295);
          }
      _kc_sntrup761_rq_encode (x, a);
      _kc_sntrup761_rq_encode_avx2 (y, a);
      CHECK (!memcmp (x, y, KC_SNTRUP761_RQ_BYTES),
             "rq_encode avx2 != portable, case %d", k);
      memset (x, 0, sizeof x);
      memset (y, 0, sizeof y);
      _kc_sntrup761_rounded_encode (x, b);
      _kc_sntrup761_rounded_encode_avx2 (y, b);
      CHECK (!memcmp (x, y, sizeof x),
             "rounded_encode avx2 != portable, case %d", k);
    }
}

#define NPAT 6

int
main (int argc, char **argv)
{
  int16_t f[P];
  int8_t a[P], b[P], g[P];
  int i, k, l, n_inv = 0, n_noninv = 0;
  char what[64];

  t_init (argc, argv);
  t_seed (761);
  if (!_kc_hwf_has (KC_SNTRUP761_AVX2_HWF))
    {
      printf ("t-sntrup761-avx2: SKIP (no AVX2: CPU or KCRYPT_HWF_MASK)\n");
      return T_SKIP;
    }

  test_sort ();
  test_decode ();
  test_decode_tail ();
  test_encode ();
  test_small_encode ();
  test_small_from_bytes ();
  test_short_from_bytes ();
  {
    /* Round and 3 x mod q mod 3 on every frozen value (7 arrays of 761
     * cover [-2295, 2295]; position matters for the scalar tail). */
    int16_t c[P], c2[P];
    int8_t e[P];
    int v = -2295, bad = 0;
    for (k = 0; k < 8; k++)
      {
        for (i = 0; i < P; i++)
          {
            c[i] = (int16_t) v;
            v = v == 2295 ? -2295 : v + 1;
          }
        memcpy (c2, c, sizeof c);
        _kc_sntrup761_round_avx2 (c2);
        _kc_sntrup761_times3_mod3_avx2 (e, c);
        for (i = 0; i < P; i++)
          {
            int x = c[i], m3 = ((x % 3) + 3) % 3, y;
            m3 = m3 == 2 ? -1 : m3;
            if (c2[i] != x - m3)
              bad++;
            y = (3 * x) % Q;
            y = y > (Q - 1) / 2 ? y - Q : y < -(Q - 1) / 2 ? y + Q : y;
            m3 = ((y % 3) + 3) % 3;
            m3 = m3 == 2 ? -1 : m3;
            if (e[i] != m3)
              bad++;
          }
      }
    CHECK (bad == 0, "round / times3_mod3: %d wrong coefficients", bad);
  }
  {
    /* weight_fix: ev of weight exactly w (kept), w - 1, w + 1, 0, p
     * (replaced by 1^w 0^(p-w)); the nonzeros at random places, the last
     * coefficient included. */
    static const int weights[] = { 286, 286, 285, 287, 0, P, 286 };
    int8_t ev[P], rr[P];
    for (k = 0; k < 7 * 20; k++)
      {
        int w = weights[k % 7], n = 0, ok = 1;
        memset (ev, 0, sizeof ev);
        if (k % 7 == 6)
          ev[P - 1] = 1, n = 1;
        while (n < w)
          {
            i = (int) (t_rand64 () % P);
            if (!ev[i])
              {
                ev[i] = (int8_t) (t_rand64 () & 1 ? 1 : -1);
                n++;
              }
          }
        _kc_sntrup761_weight_fix_avx2 (rr, ev);
        for (i = 0; i < P; i++)
          if (rr[i] != (w == 286 ? ev[i] : i < 286 ? 1 : 0))
            ok = 0;
        CHECK (ok, "weight_fix: case %d (weight %d)", k, w);
      }
  }
  {
    /* Small_decode on all-0x00, all-0xff (fields 3 -> -1), random, and
     * every byte value at every position (byte i = i + k). */
    unsigned char sb[191];
    int8_t s1[P], s2[P];
    for (k = 0; k < 50 + 256; k++)
      {
        if (k < 2)
          memset (sb, k ? 0xff : 0, sizeof sb);
        else if (k < 50)
          t_randbytes (sb, sizeof sb);
        else
          for (i = 0; i < (int) sizeof sb; i++)
            sb[i] = (unsigned char) (i + k);
        _kc_sntrup761_small_decode (s1, sb);
        _kc_sntrup761_small_decode_avx2 (s2, sb);
        CHECK (!memcmp (s1, s2, sizeof s1), "small_decode avx2 != portable, case %d", k);
      }
  }

  /* General Rq products and reciprocals: all sign patterns at the bound
   * 2295, random x pattern, random x random, zero. */
  {
    int16_t f2[P], g2[P];
    for (k = 0; k < NPAT; k++)
      for (l = 0; l < NPAT; l++)
        {
          for (i = 0; i < P; i++)
            {
              f2[i] = (int16_t) pattern (k, i, (Q - 1) / 2);
              g2[i] = (int16_t) pattern (l, i, (Q - 1) / 2);
            }
          snprintf (what, sizeof what, "pattern %d x %d", k, l);
          check_rq_mult_fq (f2, g2, what);
        }
    for (k = 0; k < 200; k++)
      {
        rand_fq (f2);
        if (k < NPAT)
          for (i = 0; i < P; i++)
            g2[i] = (int16_t) pattern (k, i, (Q - 1) / 2);
        else
          rand_fq (g2);
        snprintf (what, sizeof what, "random %d", k);
        check_rq_mult_fq (f2, g2, what);
      }
    for (k = 0; k < NPAT; k++)
      {
        for (i = 0; i < P; i++)
          f2[i] = (int16_t) pattern (k, i, (Q - 1) / 2);
        snprintf (what, sizeof what, "pattern %d", k);
        check_rq_recip3_fq (f2, what);
      }
    memset (f2, 0, sizeof f2);
    check_rq_recip3_fq (f2, "zero");
    for (k = 0; k < 10; k++)
      {
        rand_fq (f2);
        snprintf (what, sizeof what, "random %d", k);
        check_rq_recip3_fq (f2, what);
      }
  }

  /* Worst cases: every coefficient at its bound, all sign patterns. */
  for (k = 0; k < NPAT; k++)
    for (l = 0; l < NPAT; l++)
      {
        for (i = 0; i < P; i++)
          {
            f[i] = (int16_t) pattern (k, i, (Q - 1) / 2);
            a[i] = (int8_t) pattern (k, i, 1);
            g[i] = (int8_t) pattern (l, i, 1);
          }
        snprintf (what, sizeof what, "pattern %d x %d", k, l);
        check_rq_mult (f, g, what);
        check_r3_mult (a, g, what);
      }
  /* Random with a worst-case partner, and random x random. */
  for (k = 0; k < NPAT; k++)
    {
      for (i = 0; i < P; i++)
        {
          f[i] = (int16_t) pattern (k, i, (Q - 1) / 2);
          a[i] = (int8_t) pattern (k, i, 1);
        }
      rand_small (g);
      snprintf (what, sizeof what, "pattern %d x random", k);
      check_rq_mult (f, g, what);
      check_r3_mult (a, g, what);
    }
  for (k = 0; k < 1000; k++)
    {
      rand_fq (f);
      rand_small (a);
      rand_small (g);
      snprintf (what, sizeof what, "random %d", k);
      check_rq_mult (f, g, what);
      check_r3_mult (a, g, what);
    }

  /* Reciprocals: zero (never invertible), the patterns, single monomials
   * x^i (invertible: x (x^760 - 1) = 1), random. */
  for (k = 0; k < NPAT; k++)
    {
      for (i = 0; i < P; i++)
        a[i] = (int8_t) pattern (k, i, 1);
      snprintf (what, sizeof what, "pattern %d", k);
      check_rq_recip3 (a, what);
      if (check_r3_recip (a, what))
        n_inv++;
      else
        n_noninv++;
    }
  for (k = 0; k < P; k += 76)
    {
      memset (a, 0, P);
      a[k] = (int8_t) (k & 1 ? -1 : 1);
      snprintf (what, sizeof what, "monomial %d", k);
      check_rq_recip3 (a, what);
      check_r3_recip (a, what);
    }
  for (k = 0; k < 200; k++)
    {
      rand_small (a);
      if (k % 4 == 3)
        {
          /* Sparse inputs (weight 5) reach other divstep paths. */
          memset (a, 0, P);
          for (i = 0; i < 5; i++)
            a[t_rand64 () % P] = (int8_t) (t_rand64 () & 1 ? 1 : -1);
        }
      snprintf (what, sizeof what, "random %d", k);
      check_rq_recip3 (a, what);
      if (check_r3_recip (a, what))
        n_inv++;
      else
        n_noninv++;
    }
  /* Non-invertible in R3 beyond zero: multiples b * phi of the factors
   * phi of degree 19 and 60 of the modulus. */
  for (l = 0; l < 2; l++)
    {
      int phi[P + 1], bi[P], ci[P], d = l ? 60 : 19;
      CHECK (f3_factor (phi, d) == d, "F3 factor of degree %d not found", d);
      for (k = 0; k < 10; k++)
        {
          rand_small (b);
          for (i = 0; i < P; i++)
            bi[i] = b[i];
          ref_mult (ci, phi, bi, 3);
          for (i = 0; i < P; i++)
            g[i] = (int8_t) ci[i];
          snprintf (what, sizeof what, "degree-%d factor times random %d", d, k);
          if (check_r3_recip (g, what))
            n_inv++;
          else
            n_noninv++;
          check_rq_recip3 (g, what);
        }
    }
  CHECK (n_inv >= 50, "r3_recip: only %d invertible cases", n_inv);
  CHECK (n_noninv >= 20, "r3_recip: only %d non-invertible cases", n_noninv);
  if (t_verbose)
    printf ("r3_recip: %d invertible, %d not\n", n_inv, n_noninv);

  /* With AVX-512 VNNI the Rq reciprocal's jumps ran above with vpdpwssd;
   * again without VNNI, where they take vpmaddwd and vpaddd. */
  if (_kc_hwf () & KC_HWF_VNNI)
    t_rerun_masked (argv, ~KC_HWF_VNNI);
  return t_done ("t-sntrup761-avx2");
}

#else /* !KC_USE_X86_64 */

int
main (void)
{
  printf ("t-sntrup761-avx2: SKIP (built without x86-64 code paths)\n");
  return T_SKIP;
}

#endif
