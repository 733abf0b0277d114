/* t-mont.c - Montgomery contexts against the division-based reference.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For synthetic moduli of every N from 1 to 9 (random odd, all-ones-shaped
 * R - k, top limb all ones, small top limb) and for every named modulus:
 * set-up constants, mul_redc and square_redc (context and specialised
 * entry points) on random and edge inputs, a carry-saturation square of
 * m - 1 under all-ones-shaped moduli, add/sub/neg, the Montgomery round
 * trip, pow, and for the named (prime) moduli the Fermat inverse and the
 * square root. */
#include <config.h>
#include "t-common.h"
#include "t-mont-ref.h"
#include "kcrypt-int.h"
#include "mont.h"
#include "moduli.h"

#define MAXL KC_MONT_MAX_LIMBS

typedef void (*mulfn) (uint64_t *, const uint64_t *, const uint64_t *,
                       const uint64_t *, uint64_t);
typedef void (*sqrfn) (uint64_t *, const uint64_t *, const uint64_t *,
                       uint64_t);
static const mulfn mulfns[9] = {
  NULL, _kc_mont_mul_redc_1, _kc_mont_mul_redc_2, _kc_mont_mul_redc_3,
  _kc_mont_mul_redc_4, _kc_mont_mul_redc_5, _kc_mont_mul_redc_6,
  _kc_mont_mul_redc_7, _kc_mont_mul_redc_8 };
static const sqrfn sqrfns[9] = {
  NULL, _kc_mont_sqr_redc_1, _kc_mont_sqr_redc_2, _kc_mont_sqr_redc_3,
  _kc_mont_sqr_redc_4, _kc_mont_sqr_redc_5, _kc_mont_sqr_redc_6,
  _kc_mont_sqr_redc_7, _kc_mont_sqr_redc_8 };

static void
rand_below (uint64_t *x, const uint64_t *m, unsigned n)
{
  uint64_t t[MAXL];
  unsigned j;
  for (j = 0; j < n; j++)
    t[j] = t_rand64 ();
  /* Bias towards extreme limbs now and then. */
  if ((t_rand64 () & 7) == 0)
    for (j = 0; j < n; j++)
      t[j] = (t_rand64 () & 1) ? ~(uint64_t) 0 : t[j];
  ref_mod (x, t, n, m, n);
}

/* x = m - k (k small, m > k). */
static void
m_minus (uint64_t *x, const uint64_t *m, unsigned n, uint64_t k)
{
  uint64_t b = 0;
  unsigned j;
  for (j = 0; j < n; j++)
    x[j] = ref_subb (m[j], j == 0 ? k : 0, &b);
}

static void
check_mul (const _kc_mont_ctx *ctx, const uint64_t *a, const uint64_t *b,
           const char *label)
{
  uint64_t r[MAXL], r2[MAXL];
  unsigned n = ctx->n;

  _kc_mont_mul_redc (ctx, r, a, b);
  CHECK (ref_check_redc (r, a, b, ctx->m, n), "%s: mul_redc N=%u", label, n);
  if (n <= 8)
    {
      mulfns[n] (r2, a, b, ctx->m, ctx->m0inv);
      CHECK (!memcmp (r, r2, n * 8), "%s: mul_redc_%u differs", label, n);
      /* In place. */
      memcpy (r2, a, n * 8);
      mulfns[n] (r2, r2, b, ctx->m, ctx->m0inv);
      CHECK (!memcmp (r, r2, n * 8), "%s: mul_redc_%u aliased", label, n);
    }
  _kc_mont_square_redc (ctx, r, a);
  CHECK (ref_check_redc (r, a, a, ctx->m, n), "%s: square_redc N=%u",
         label, n);
  if (!ref_check_redc (r, a, a, ctx->m, n))
    t_hexdump (stderr, "  a(le limbs bytes)=", a, n * 8);
  if (n <= 8)
    {
      memcpy (r2, a, n * 8);
      sqrfns[n] (r2, r2, ctx->m, ctx->m0inv);
      CHECK (!memcmp (r, r2, n * 8), "%s: sqr_redc_%u aliased", label, n);
    }
}

static void
check_addsub (const _kc_mont_ctx *ctx, const uint64_t *a, const uint64_t *b,
              const char *label)
{
  uint64_t r[MAXL], e[MAXL], s[MAXL + 1], z[MAXL + 1];
  uint64_t c = 0;
  unsigned n = ctx->n, j;

  for (j = 0; j < n; j++)
    s[j] = ref_addc (a[j], b[j], &c);
  s[n] = c;
  ref_mod (e, s, n + 1, ctx->m, n);
  _kc_mont_add (ctx, r, a, b);
  CHECK (!memcmp (r, e, n * 8), "%s: add N=%u", label, n);
  /* (a + b) - b = a, and sub(r, b) in place. */
  _kc_mont_sub (ctx, r, r, b);
  CHECK (!memcmp (r, a, n * 8), "%s: sub N=%u", label, n);
  /* neg(a) + a = 0, and neg(a) < m. */
  _kc_mont_neg (ctx, r, a);
  CHECK (ref_cmp (r, ctx->m, n) < 0, "%s: neg range", label);
  _kc_mont_add (ctx, r, r, a);
  memset (z, 0, sizeof z);
  CHECK (!memcmp (r, z, n * 8), "%s: neg N=%u", label, n);
}

/* Reference a^e mod m by binary exponentiation with ref_mulmod. */
static void
ref_pow (uint64_t *r, const uint64_t *a, const uint64_t *e, unsigned en,
         const uint64_t *m, unsigned n)
{
  uint64_t acc[MAXL];
  unsigned bit;
  memset (acc, 0, sizeof acc);
  acc[0] = 1;
  ref_mod (acc, acc, n, m, n);
  for (bit = 64 * en; bit--; )
    {
      ref_mulmod (acc, acc, acc, m, n);
      if ((e[bit / 64] >> (bit % 64)) & 1)
        ref_mulmod (acc, acc, a, m, n);
    }
  memcpy (r, acc, n * 8);
}

static void
check_pow (const _kc_mont_ctx *ctx, const uint64_t *x, const char *label)
{
  uint64_t xm[MAXL], rm[MAXL], r[MAXL], e[2], ref[MAXL];
  unsigned n = ctx->n, en = 1 + (t_rand64 () & 1);

  e[0] = t_rand64 ();
  e[1] = t_rand64 () >> (t_rand64 () & 63);
  _kc_mont_to (ctx, xm, x);
  _kc_mont_pow (ctx, rm, xm, e, en);
  _kc_mont_from (ctx, r, rm);
  ref_pow (ref, x, e, en, ctx->m, n);
  CHECK (!memcmp (r, ref, n * 8), "%s: pow N=%u", label, n);
  /* a^0 = 1 (also with no exponent limbs), a^1 = a. */
  e[0] = 0;
  _kc_mont_pow (ctx, rm, xm, e, 1);
  CHECK (!memcmp (rm, ctx->one, n * 8), "%s: a^0 != 1", label);
  _kc_mont_pow (ctx, rm, xm, e, 0);
  CHECK (!memcmp (rm, ctx->one, n * 8), "%s: a^(empty) != 1", label);
  e[0] = 1;
  _kc_mont_pow (ctx, rm, xm, e, 1);
  CHECK (!memcmp (rm, xm, n * 8), "%s: a^1 != a", label);
}

/* Everything that holds for any odd modulus. */
static void
test_modulus (const uint64_t *m, unsigned n, int iters, const char *label)
{
  _kc_mont_ctx ctx;
  uint64_t a[MAXL], b[MAXL], x[MAXL], y[MAXL], big[2 * MAXL + 1];
  uint64_t edges[6][MAXL];
  int it, i, k;

  CHECK (_kc_mont_setup (&ctx, m, n) == 0, "%s: setup", label);
  CHECK (ctx.m0inv * m[0] == ~(uint64_t) 0, "%s: m0inv", label);
  memset (big, 0, sizeof big);
  big[n] = 1;
  ref_mod (x, big, n + 1, m, n);
  CHECK (!memcmp (x, ctx.one, n * 8), "%s: R mod m", label);
  memset (big, 0, sizeof big);
  big[2 * n] = 1;
  ref_mod (x, big, 2 * n + 1, m, n);
  CHECK (!memcmp (x, ctx.r2, n * 8), "%s: R^2 mod m", label);

  /* Edge values: 0, 1, 2, m - 1, m - 2, R mod m. */
  memset (edges, 0, sizeof edges);
  edges[1][0] = 1;
  edges[2][0] = 2;
  ref_mod (edges[2], edges[2], n, m, n);
  m_minus (edges[3], m, n, 1);
  m_minus (edges[4], m, n, 2);
  memcpy (edges[5], ctx.one, n * 8);
  for (i = 0; i < 6; i++)
    for (k = 0; k < 6; k++)
      {
        check_mul (&ctx, edges[i], edges[k], label);
        check_addsub (&ctx, edges[i], edges[k], label);
      }
  for (it = 0; it < iters; it++)
    {
      rand_below (a, m, n);
      rand_below (b, m, n);
      check_mul (&ctx, a, b, label);
      check_mul (&ctx, a, edges[it % 6], label);
      check_addsub (&ctx, a, b, label);
      /* Round trip. */
      _kc_mont_to (&ctx, x, a);
      CHECK (ref_check_redc (x, a, ctx.r2, m, n), "%s: to_mont N=%u",
             label, n);
      _kc_mont_from (&ctx, y, x);
      CHECK (!memcmp (y, a, n * 8), "%s: round trip N=%u", label, n);
      CHECK (ref_cmp (x, m, n) < 0, "%s: to_mont range", label);
    }
  for (it = 0; it < 3; it++)
    {
      rand_below (a, m, n);
      check_pow (&ctx, a, label);
    }
}

/* Named moduli: all prime, so inverse and (for p = 3 mod 4) sqrt. */
static void
test_prime (const _kc_mont_ctx *ctx, int iters, const char *label)
{
  uint64_t a[MAXL], am[MAXL], im[MAXL], pm[MAXL], r[MAXL], sq[MAXL];
  unsigned n = ctx->n;
  int it, squares = 0, nonsquares = 0;

  for (it = 0; it < iters; it++)
    {
      rand_below (a, ctx->m, n);
      if (it == 0)
        {
          memset (a, 0, sizeof a);
          a[0] = 1;
        }
      if (it == 1)
        m_minus (a, ctx->m, n, 1);
      _kc_mont_to (ctx, am, a);
      _kc_mont_inv_fermat (ctx, im, am);
      _kc_mont_mul_redc (ctx, pm, am, im);
      CHECK (!memcmp (pm, ctx->one, n * 8), "%s: a * a^-1 (Fermat) != 1",
             label);
      _kc_mont_inv (ctx, r, am);
      CHECK (!memcmp (r, im, n * 8), "%s: safegcd inverse != Fermat", label);
      _kc_mont_inv_var (ctx, r, am);
      CHECK (!memcmp (r, im, n * 8), "%s: safegcd_var inverse != Fermat",
             label);
      if ((ctx->m[0] & 3) == 3)
        {
          uint64_t ok = _kc_mont_sqrt (ctx, r, am), neg[MAXL];
          _kc_mont_square_redc (ctx, sq, r);
          _kc_mont_neg (ctx, neg, am);
          if (ok)
            {
              squares++;
              CHECK (!memcmp (sq, am, n * 8), "%s: sqrt^2 != a", label);
            }
          else
            {
              /* Not a square: then -a is (m = 3 mod 4) and r^2 = -a. */
              nonsquares++;
              CHECK (!memcmp (sq, neg, n * 8), "%s: non-residue: r^2 != -a",
                     label);
            }
          /* Squares of random values always have a root. */
          _kc_mont_square_redc (ctx, sq, am);
          CHECK (_kc_mont_sqrt (ctx, r, sq) == 1, "%s: sqrt of a square",
                 label);
        }
    }
  memset (a, 0, sizeof a);
  _kc_mont_inv_fermat (ctx, im, a);
  CHECK (!memcmp (im, a, n * 8), "%s: inverse of 0 is not 0", label);
  if ((ctx->m[0] & 3) == 3)
    {
      CHECK (_kc_mont_sqrt (ctx, r, a) == 1, "%s: sqrt(0)", label);
      CHECK (squares > 0 && nonsquares > 0, "%s: sqrt saw %d squares, %d "
             "non-squares", label, squares, nonsquares);
    }
}

static void
run_all (void)
{
  uint64_t m[MAXL];
  unsigned n, j, i;
  char label[64];

  for (n = 1; n <= 9; n++)
    {
      /* Random odd, full size. */
      for (i = 0; i < 3; i++)
        {
          for (j = 0; j < n; j++)
            m[j] = t_rand64 ();
          m[0] |= 1;
          m[n - 1] |= 1ull << 63;
          if (n == 1 && m[0] < 3)
            m[0] = 3;
          snprintf (label, sizeof label, "random#%u N=%u", i, n);
          test_modulus (m, n, 150, label);
        }
      /* All-ones-shaped: R - k for small odd k (k = 1: m = R - 1). */
      for (i = 0; i < 4; i++)
        {
          static const uint64_t ks[4] = { 1, 3, 0x1d, 0xfffffffffffffff1ull };
          for (j = 0; j < n; j++)
            m[j] = ~(uint64_t) 0;
          m[0] = (uint64_t) 0 - ks[i];
          snprintf (label, sizeof label, "R-%llx N=%u",
                    (unsigned long long) ks[i], n);
          test_modulus (m, n, 100, label);
        }
      /* Top limb all ones, the rest random. */
      for (j = 0; j < n; j++)
        m[j] = t_rand64 ();
      m[0] |= 1;
      m[n - 1] = ~(uint64_t) 0;
      snprintf (label, sizeof label, "topones N=%u", n);
      test_modulus (m, n, 100, label);
      /* Small top limb. */
      for (j = 0; j < n; j++)
        m[j] = t_rand64 ();
      m[n - 1] = 1 + (t_rand64 () & 0xff);
      m[0] |= 1;
      snprintf (label, sizeof label, "smalltop N=%u", n);
      test_modulus (m, n, 100, label);
    }

  /* The generic loop above 9 limbs, up to KC_MONT_MAX_LIMBS (pow reads
   * its table in two halves above 8 limbs). */
  for (n = 12; n <= MAXL; n += 4)
    {
      for (j = 0; j < n; j++)
        m[j] = t_rand64 ();
      m[0] |= 1;
      m[n - 1] |= 1ull << 63;
      snprintf (label, sizeof label, "random N=%u", n);
      test_modulus (m, n, 30, label);
    }

  /* Directed carry saturation: square a = m - 1 (and m - 2, and multiply
   * them) under m = R - k, where every limb of a is all ones; the result
   * must be 1 * R^-1 (resp. 4 R^-1 ...) as checked by the reference. */
  for (n = 1; n <= 9; n++)
    for (i = 1; i < 64; i += 2)
      {
        _kc_mont_ctx ctx;
        uint64_t a[MAXL], b[MAXL], r[MAXL];
        for (j = 0; j < n; j++)
          m[j] = ~(uint64_t) 0;
        m[0] = (uint64_t) 0 - i;
        _kc_mont_setup (&ctx, m, n);
        m_minus (a, m, n, 1);
        m_minus (b, m, n, 2);
        _kc_mont_square_redc (&ctx, r, a);
        CHECK (ref_check_redc (r, a, a, m, n), "saturation sqr N=%u k=%u",
               n, i);
        _kc_mont_mul_redc (&ctx, r, a, a);
        CHECK (ref_check_redc (r, a, a, m, n), "saturation mul N=%u k=%u",
               n, i);
        _kc_mont_mul_redc (&ctx, r, a, b);
        CHECK (ref_check_redc (r, a, b, m, n), "saturation mul2 N=%u k=%u",
               n, i);
      }

  /* Set-up rejects bad moduli. */
  {
    _kc_mont_ctx ctx;
    m[0] = 4; m[1] = 5;
    CHECK (_kc_mont_setup (&ctx, m, 2) == -1, "even modulus accepted");
    m[0] = 1;
    CHECK (_kc_mont_setup (&ctx, m, 1) == -1, "modulus 1 accepted");
    m[0] = 7;
    CHECK (_kc_mont_setup (&ctx, m, 0) == -1, "N = 0 accepted");
    CHECK (_kc_mont_setup (&ctx, m, MAXL + 1) == -1, "N too big accepted");
  }

  /* Named moduli. */
  for (i = 0; i < _kc_moduli_count; i++)
    {
      const _kc_named_modulus *nm = _kc_moduli[i];
      _kc_mont_ctx ctx;
      _kc_modulus_ctx (&ctx, nm);
      test_modulus (nm->m, nm->n, 300, nm->name);
      test_prime (&ctx, 40, nm->name);
      CHECK (_kc_modulus_by_name (nm->name) == nm, "lookup %s", nm->name);
    }
  CHECK (_kc_modulus_by_name ("no_such_modulus") == NULL, "lookup unknown");
  CHECK (_kc_moduli_count == 13, "13 named moduli, have %u",
         _kc_moduli_count);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x6d6f6e74);
  (void) t_unhex; (void) t_datafile; (void) t_rng_cb;

  /* Pass 0: the kernels this CPU selects (x86-64 BMI2/ADX for N = 4, 6
   * where available); pass 1: the portable C kernels everywhere. */
  _kc_hwf_set_mask (~0u);
  run_all ();
  _kc_hwf_set_mask (0);
  run_all ();
  _kc_hwf_set_mask (~0u);
  return t_done ("t-mont");
}
