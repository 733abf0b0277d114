/* t-mpi.c - big integers (kc_mpi_*) and limb vectors (mpih) against GMP.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Differential tests: every operation on random numbers of 0..64 limbs
 * with mixed signs and the special shapes that break carry and division
 * code (0, +-1, powers of two, all-ones limbs, limbs of 2^63 and
 * 2^63 - 1), compared with GMP.  The mpih multiplication is also checked
 * with the Karatsuba threshold lowered to small values, against the
 * schoolbook method.  Then the error paths: malformed input, *ret left
 * alone, TOO_SHORT, zero moduli, NULL arguments; and each way kc_mpi_scan
 * and kc_mpi_print differ from libgcrypt 1.10 (the list in kcrypt.h),
 * confirmed against libgcrypt itself when it is installed.
 *
 * Without GMP the test prints SKIP and exits 77.
 */
#include "kcrypt-int.h"
#include "t-common.h"

#ifndef HAVE_GMP
int
main (void)
{
  printf ("t-mpi: SKIP (GMP not available)\n");
  return T_SKIP;
}
#else /* HAVE_GMP */

#include <gmp.h>
#include "mpi.h"
#include "limb.h"
#include "mpih.h"
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

#define MAXL 64

/* A limb of a special shape or random. */
static _kc_limb_t
rand_limb (int shape)
{
  switch (shape)
    {
    case 0: return 0;
    case 1: return ~(_kc_limb_t) 0;
    case 2: return (_kc_limb_t) 1 << 63;
    case 3: return ((_kc_limb_t) 1 << 63) - 1;
    case 4: return 1;
    case 5: return (_kc_limb_t) 1 << (t_rand64 () % 64);
    default: return t_rand64 ();
    }
}

/* Fill L[0..N) with a random value of one of several shapes. */
static void
rand_limbs (_kc_limb_t *l, size_t n)
{
  size_t i;
  int kind = (int) (t_rand64 () % 8);
  for (i = 0; i < n; i++)
    {
      switch (kind)
        {
        case 0: l[i] = ~(_kc_limb_t) 0; break;             /* all ones */
        case 1: l[i] = 0; break;                          /* power of 2 */
        case 2: l[i] = rand_limb ((int) (t_rand64 () % 8)); break;
        default: l[i] = t_rand64 (); break;
        }
    }
  if (kind == 1 && n)
    l[t_rand64 () % n] = (_kc_limb_t) 1 << (t_rand64 () % 64);
  if (kind == 3 && n)
    l[n - 1] = rand_limb ((int) (t_rand64 () % 7));    /* odd top limbs */
}

/* A random size in [lo, hi], biased to small sizes half of the time. */
static size_t
rand_size (size_t lo, size_t hi)
{
  size_t span = hi - lo + 1;
  if (t_rand64 () & 1)
    span = 1 + (size_t) (t_rand64 () % span);
  return lo + (size_t) (t_rand64 () % span);
}

/* Set A (kc) and Z (GMP) to the same value: N limbs of a random shape,
 * negative with probability 1/2 if SIGNED; small values 0 and +-1 now and
 * then. */
static void
rand_pair (kc_mpi_t a, mpz_t z, size_t n, int is_signed)
{
  _kc_limb_t l[MAXL];
  size_t i;
  int r = (int) (t_rand64 () % 32);
  if (r == 0)
    n = 0;
  else if (r == 1)
    {
      n = 1;
      l[0] = 1;
    }
  else
    rand_limbs (l, n);
  n = _kc_mpih_normalize_var (l, n);
  /* Build through the internal representation (scan/print are tested on
   * their own below). */
  if (a->alloc < n)
    {
      free (a->limbs);
      a->limbs = calloc (n, sizeof *a->limbs);
      a->alloc = (unsigned int) n;
    }
  for (i = 0; i < n; i++)
    a->limbs[i] = l[i];
  a->nlimbs = (unsigned int) n;
  a->sign = n && is_signed && (t_rand64 () & 1);
  mpz_import (z, n, -1, sizeof (_kc_limb_t), 0, 0, l);
  if (a->sign)
    mpz_neg (z, z);
}

/* Set A to the value of Z (through the internal representation). */
static void
set_from_mpz (kc_mpi_t a, const mpz_t z)
{
  size_t n = (mpz_sizeinbase (z, 2) + 63) / 64, cnt = 0;
  if (a->alloc < n)
    {
      free (a->limbs);
      a->limbs = calloc (n, sizeof *a->limbs);
      a->alloc = (unsigned int) n;
    }
  mpz_export (a->limbs, &cnt, -1, sizeof (_kc_limb_t), 0, 0, z);
  a->nlimbs = (unsigned int) cnt;
  a->sign = mpz_sgn (z) < 0;
}

/* Make the nonzero M (and its twin ZM) odd. */
static void
force_odd (kc_mpi_t m, mpz_t zm)
{
  m->limbs[0] |= 1;
  mpz_import (zm, m->nlimbs, -1, sizeof (_kc_limb_t), 0, 0, m->limbs);
  if (m->sign)
    mpz_neg (zm, zm);
}

/* Is A a well-formed kc_mpi equal to Z? */
static int
eq (kc_mpi_t a, const mpz_t z)
{
  mpz_t t;
  int ok;
  if (a->nlimbs > a->alloc)
    return 0;
  if (a->nlimbs && !a->limbs[a->nlimbs - 1])
    return 0;                       /* not normalised */
  if (!a->nlimbs && a->sign)
    return 0;                       /* negative zero */
  mpz_init (t);
  mpz_import (t, a->nlimbs, -1, sizeof (_kc_limb_t), 0, 0, a->limbs);
  if (a->sign)
    mpz_neg (t, t);
  ok = !mpz_cmp (t, z);
  mpz_clear (t);
  return ok;
}

static void
show (const char *label, const mpz_t z)
{
  fprintf (stderr, "  %s = ", label);
  mpz_out_str (stderr, 16, z);
  fputc ('\n', stderr);
}

/* ------------------------------------------------------- mpih level */

static void
test_mpih_mul (void)
{
  static const size_t thresholds[] = { 2, 3, 4, 5, 7, 8, 13,
                                       KC_MPIH_KARATSUBA_THRESHOLD,
                                       KC_MPIH_KARATSUBA_THRESHOLD_ADX,
                                       KC_MPIH_KARATSUBA_SQR_THRESHOLD };
  _kc_limb_t a[MAXL], b[MAXL], r1[2 * MAXL], r2[2 * MAXL];
  _kc_limb_t tmp[_kc_mpih_mul_itch (MAXL) + 8];
  size_t saved = _kc_mpih_karatsuba_threshold, ti;
  size_t saved_sqr = _kc_mpih_karatsuba_sqr_threshold;
  int iter;

  for (ti = 0; ti < KC_DIM (thresholds); ti++)
    {
      _kc_mpih_karatsuba_threshold = thresholds[ti];
      _kc_mpih_karatsuba_sqr_threshold = thresholds[KC_DIM (thresholds) - 1 - ti];
      for (iter = 0; iter < 600; iter++)
        {
          size_t an = rand_size (1, MAXL), bn = rand_size (1, an);
          if (iter % 3 == 0)
            bn = an;
          rand_limbs (a, an);
          rand_limbs (b, bn);
          /* canary after the scratch the contract allows */
          tmp[_kc_mpih_mul_itch (an)] = 0x5a5a5a5a;
          _kc_mpih_mul_basecase (r1, a, an, b, bn);
          _kc_mpih_mul (r2, a, an, b, bn, tmp);
          CHECK (!memcmp (r1, r2, (an + bn) * sizeof *r1),
                 "mpih_mul %zux%zu threshold %zu", an, bn, thresholds[ti]);
          CHECK (tmp[_kc_mpih_mul_itch (an)] == 0x5a5a5a5a,
                 "mpih_mul scratch overrun %zu", an);
          _kc_mpih_sqr_basecase (r1, a, an);
          _kc_mpih_sqr (r2, a, an, tmp);
          CHECK (!memcmp (r1, r2, 2 * an * sizeof *r1),
                 "mpih_sqr %zu threshold %zu", an,
                 _kc_mpih_karatsuba_sqr_threshold);
          _kc_mpih_mul_basecase (r2, a, an, a, an);
          CHECK (!memcmp (r1, r2, 2 * an * sizeof *r1),
                 "sqr_basecase vs mul_basecase %zu", an);
        }
    }
  _kc_mpih_karatsuba_threshold = saved;
  _kc_mpih_karatsuba_sqr_threshold = saved_sqr;
}

/* redc against GMP: R = T / 2^(64n) mod M. */
static void
test_mpih_redc (void)
{
  _kc_limb_t m[MAXL], x[MAXL], y[MAXL], t[2 * MAXL], r[MAXL];
  mpz_t zm, zt, zr, zR;
  int iter;
  mpz_inits (zm, zt, zr, zR, NULL);
  for (iter = 0; iter < 3000; iter++)
    {
      size_t n = rand_size (1, MAXL), i;
      rand_limbs (m, n);
      m[0] |= 1;
      if (!m[n - 1])
        m[n - 1] = 1;
      mpz_import (zm, n, -1, 8, 0, 0, m);
      /* x, y < m */
      rand_limbs (x, n);
      rand_limbs (y, n);
      for (i = 0; i < 2; i++)
        {
          _kc_limb_t *v = i ? y : x;
          mpz_import (zt, n, -1, 8, 0, 0, v);
          mpz_mod (zt, zt, zm);
          memset (v, 0, n * 8);
          mpz_export (v, NULL, -1, 8, 0, 0, zt);
        }
      _kc_mpih_mul_basecase (t, x, n, y, n);
      mpz_import (zt, 2 * n, -1, 8, 0, 0, t);
      _kc_mpih_redc (r, t, m, n, _kc_m0inv (m[0]));
      /* expected: zt * 2^(-64n) mod m */
      mpz_set_ui (zR, 1);
      mpz_mul_2exp (zR, zR, 64 * n);
      mpz_invert (zR, zR, zm);
      mpz_mul (zt, zt, zR);
      mpz_mod (zt, zt, zm);
      mpz_import (zr, n, -1, 8, 0, 0, r);
      CHECK (!mpz_cmp (zr, zt), "redc n=%zu", n);
    }
  mpz_clears (zm, zt, zr, zR, NULL);
}

/* ------------------------------------------------------ kc_mpi level */

enum op { OP_ADD, OP_SUB, OP_MUL, OP_MOD, OP_MULM, OP_CMP };
static const char *const op_names[] = { "add", "sub", "mul", "mod", "mulm",
                                        "cmp" };

/* 10,000 cases of a binary (or mulm: ternary) operation, with the output
 * aliasing an input in a quarter of them. */
static void
test_binary (enum op op, int iterations)
{
  kc_mpi_t u = kc_mpi_new (0), v = kc_mpi_new (0), m = kc_mpi_new (0);
  kc_mpi_t w = kc_mpi_new (0);
  mpz_t zu, zv, zm, zw;
  int iter;
  mpz_inits (zu, zv, zm, zw, NULL);
  for (iter = 0; iter < iterations; iter++)
    {
      int alias = (int) (t_rand64 () % 8);
      kc_mpi_t out = w, a = u, b = v;
      rand_pair (u, zu, rand_size (1, MAXL), 1);
      rand_pair (v, zv, rand_size (1, MAXL), 1);
      if (op == OP_MULM)
        {
          do
            rand_pair (m, zm, rand_size (1, MAXL), 1);
          while (!mpz_sgn (zm));
        }
      if (alias == 1)
        out = u;
      else if (alias == 2)
        out = v;
      else if (alias == 3)
        {
          b = u;
          mpz_set (zv, zu);
        }
      if (op == OP_MOD && !mpz_sgn (zv))
        {
          /* a zero divisor is tested in test_errors */
          kc_mpi_set_ui (b, 3);
          mpz_set_ui (zv, 3);
          if (b == u)
            mpz_set_ui (zu, 3);
        }
      switch (op)
        {
        case OP_ADD: mpz_add (zw, zu, zv); kc_mpi_add (out, a, b); break;
        case OP_SUB: mpz_sub (zw, zu, zv); kc_mpi_sub (out, a, b); break;
        case OP_MUL: mpz_mul (zw, zu, zv); kc_mpi_mul (out, a, b); break;
        case OP_MOD: mpz_fdiv_r (zw, zu, zv); kc_mpi_mod (out, a, b); break;
        case OP_MULM:
          if (alias == 4)
            out = m;
          mpz_mul (zw, zu, zv);
          mpz_tdiv_r (zw, zw, zm);
          kc_mpi_mulm (out, a, b, m);
          break;
        case OP_CMP:
          {
            int c = kc_mpi_cmp (a, b), want = mpz_cmp (zu, zv);
            want = (want > 0) - (want < 0);
            CHECK (c == want, "cmp: got %d want %d", c, want);
            continue;
          }
        }
      if (!eq (out, zw))
        {
          fail ("%s (alias %d) differs from GMP", op_names[op], alias);
          show ("u", zu);
          show ("v", zv);
          if (op == OP_MULM)
            show ("m", zm);
          show ("want", zw);
        }
      else
        t_checks++;
    }
  mpz_clears (zu, zv, zm, zw, NULL);
  kc_mpi_release (u);
  kc_mpi_release (v);
  kc_mpi_release (m);
  kc_mpi_release (w);
}

/* powm: NSMALL cases with moduli of 1..8 limbs and exponents of 1..3
 * limbs, NMID with moduli up to 64 limbs and short exponents, NBIG at
 * 2048 and 4096 bits with full exponents.  Odd and even moduli, negative
 * bases, negative moduli, negative exponents (when the inverse exists). */
static void
test_powm (int nsmall, int nmid, int nbig)
{
  kc_mpi_t b = kc_mpi_new (0), e = kc_mpi_new (0), m = kc_mpi_new (0);
  kc_mpi_t w = kc_mpi_new (0);
  mpz_t zb, ze, zm, zw, zi;
  int iter, total = nsmall + nmid + nbig;
  mpz_inits (zb, ze, zm, zw, zi, NULL);
  for (iter = 0; iter < total; iter++)
    {
      size_t mn, en;
      int alias = (int) (t_rand64 () % 6);
      kc_mpi_t out = w;
      if (iter < nsmall)
        {
          mn = rand_size (1, 8);
          en = rand_size (1, 3);
        }
      else if (iter < nsmall + nmid)
        {
          mn = rand_size (1, MAXL);
          en = rand_size (1, 2);
        }
      else
        {
          mn = (iter & 1) ? 32 : 64;
          en = mn;
        }
      do
        rand_pair (m, zm, mn, 1);
      while (!mpz_sgn (zm));
      if (iter % 3 == 0)
        {
          force_odd (m, zm);
        }
      rand_pair (b, zb, rand_size (1, mn + 1), 1);
      rand_pair (e, ze, en, iter % 8 == 0);
      if (mpz_sgn (ze) < 0 && (mpz_cmpabs_ui (zm, 1) == 0
                               || !mpz_invert (zi, zb, zm)))
        {
          /* no inverse: documented result 0 */
          if (mpz_cmpabs_ui (zm, 1) != 0)
            {
              kc_mpi_set_ui (w, 7);
              kc_mpi_powm (w, b, e, m);
              CHECK (kc_mpi_get_nbits (w) == 0,
                     "powm with negative exponent and no inverse: not 0");
            }
          continue;
        }
      if (alias == 1)
        out = b;
      else if (alias == 2)
        out = e;
      else if (alias == 3)
        out = m;
      mpz_powm (zw, zb, ze, zm);
      kc_mpi_powm (out, b, e, m);
      if (!eq (out, zw))
        {
          fail ("powm (alias %d, %zu-limb modulus) differs from GMP",
                alias, mn);
          show ("b", zb);
          show ("e", ze);
          show ("m", zm);
          show ("want", zw);
        }
      else
        t_checks++;
    }
  mpz_clears (zb, ze, zm, zw, zi, NULL);
  kc_mpi_release (b);
  kc_mpi_release (e);
  kc_mpi_release (m);
  kc_mpi_release (w);
}

/* Even moduli M = MO 2^K with K from 1 to 300 (the CRT path of powm),
 * including MO = 1. */
static void
test_powm_even (int iterations)
{
  kc_mpi_t b = kc_mpi_new (0), e = kc_mpi_new (0), m = kc_mpi_new (0);
  kc_mpi_t w = kc_mpi_new (0);
  mpz_t zb, ze, zm, zw;
  int iter;
  mpz_inits (zb, ze, zm, zw, NULL);
  for (iter = 0; iter < iterations; iter++)
    {
      unsigned int k = 1 + (unsigned int) (t_rand64 () % 300);
      rand_pair (m, zm, rand_size (1, 8), 0);
      if (iter % 10 == 0)
        mpz_set_ui (zm, 1);
      mpz_setbit (zm, 0);
      mpz_mul_2exp (zm, zm, k);
      set_from_mpz (m, zm);
      rand_pair (b, zb, rand_size (1, 14), 1);
      rand_pair (e, ze, rand_size (1, 3), 0);
      mpz_powm (zw, zb, ze, zm);
      kc_mpi_powm (w, b, e, m);
      if (!eq (w, zw))
        {
          fail ("powm, modulus odd * 2^%u, differs from GMP", k);
          show ("b", zb);
          show ("e", ze);
          show ("m", zm);
          show ("want", zw);
        }
      else
        t_checks++;
    }
  mpz_clears (zb, ze, zm, zw, NULL);
  kc_mpi_release (b);
  kc_mpi_release (e);
  kc_mpi_release (m);
  kc_mpi_release (w);
}

static void
test_invm (int iterations)
{
  kc_mpi_t a = kc_mpi_new (0), m = kc_mpi_new (0), x = kc_mpi_new (0);
  mpz_t za, zm, zx;
  int iter, found = 0;
  mpz_inits (za, zm, zx, NULL);
  for (iter = 0; iter < iterations; iter++)
    {
      int alias = (int) (t_rand64 () % 4), got, want;
      kc_mpi_t out = x;
      do
        rand_pair (m, zm, rand_size (1, MAXL), 1);
      while (mpz_cmpabs_ui (zm, 1) <= 0);
      if (iter & 1)
        {
          force_odd (m, zm);           /* makes inverses common */
        }
      rand_pair (a, za, rand_size (1, MAXL), 1);
      if (alias == 1)
        out = a;
      else if (alias == 2)
        out = m;
      kc_mpi_set_ui (x, 12345);
      want = mpz_invert (zx, za, zm) != 0;
      if (out != x)
        {
          /* aliasing: only check when an inverse exists (else OUT must
           * be untouched, which it is by not being written) */
          if (!want)
            continue;
        }
      got = kc_mpi_invm (out, a, m);
      found += want;
      if (got != want)
        {
          fail ("invm: returned %d, GMP says %d", got, want);
          show ("a", za);
          show ("m", zm);
        }
      else if (want && !eq (out, zx))
        {
          fail ("invm (alias %d) value differs from GMP", alias);
          show ("a", za);
          show ("m", zm);
          show ("want", zx);
        }
      else if (!want && !(x->nlimbs == 1 && x->limbs[0] == 12345))
        fail ("invm without inverse changed x");
      else
        t_checks++;
    }
  CHECK (found > iterations / 4, "invm: only %d inverses among %d", found,
         iterations);
  mpz_clears (za, zm, zx, NULL);
  kc_mpi_release (a);
  kc_mpi_release (m);
  kc_mpi_release (x);
}

/* One kc_mpi_invm (A, M) against mpz_invert; WHAT names the shape.
 * Returns kc_mpi_invm's value (-1: the Lehmer hook caught a step). */
static int
invm_vs_gmp (const mpz_t za, const mpz_t zm, const char *what, int quiet)
{
  kc_mpi_t a = kc_mpi_new (0), m = kc_mpi_new (0), x = kc_mpi_set_ui (NULL, 7);
  mpz_t zx;
  int got, want;
  mpz_init (zx);
  set_from_mpz (a, za);
  set_from_mpz (m, zm);
  want = mpz_cmpabs_ui (zm, 1) > 0 && mpz_invert (zx, za, zm) != 0;
  got = kc_mpi_invm (x, a, m);
  if (quiet)
    ;
  else if (got != want)
    {
      fail ("invm (%s): returned %d, GMP says %d", what, got, want);
      show ("a", za);
      show ("m", zm);
    }
  else if (want ? !eq (x, zx) : !(x->nlimbs == 1 && x->limbs[0] == 7))
    {
      fail ("invm (%s): %s", what, want ? "value differs from GMP"
            : "x changed without an inverse");
      show ("a", za);
      show ("m", zm);
    }
  else
    t_checks++;
  if (quiet && got == 1 && !(want && eq (x, zx)))
    got = -1;                   /* wrong: the hook's detection too */
  mpz_clear (zx);
  kc_mpi_release (a);
  kc_mpi_release (m);
  kc_mpi_release (x);
  return got;
}

/* N <= 512 random limbs into Z, top limb nonzero; ONES: the top two
 * limbs all ones. */
static void
rand_mpz_limbs (mpz_t z, size_t n, int ones)
{
  _kc_limb_t l[512];
  size_t i;
  if (n > 512)
    abort ();
  for (i = 0; i < n; i++)
    l[i] = t_rand64 ();
  if (ones)
    for (i = n >= 2 ? n - 2 : 0; i < n; i++)
      l[i] = ~(_kc_limb_t) 0;
  l[n - 1] |= 1;
  mpz_import (z, n, -1, sizeof (_kc_limb_t), 0, 0, l);
}

/* The shapes that break Lehmer steps and their fallbacks, at every size
 * of M from 1 to MAXL + 8 limbs (the safegcd limit was MAXL; Lehmer
 * has none) and a few larger: odd and even M, top limbs all ones,
 * M = 2^k + 1 and 2^k - 1, A = 0, 1, -1, M - 1, M + 1, 2^j, a tiny A,
 * A > M and negative A, gcd > 1; consecutive Fibonacci numbers (every
 * quotient 1); M = 3. */
static void
test_invm_shapes (void)
{
  static const size_t big[] = { 100, 131, 200 };
  mpz_t za, zm, t, f0, f1;
  size_t n, bi;
  int k, v;

  mpz_inits (za, zm, t, f0, f1, NULL);
  for (n = 1; n <= MAXL + 8 + sizeof big / sizeof big[0]; n++)
    {
      size_t nl = n <= MAXL + 8 ? n : big[n - MAXL - 9];
      int shape;
      for (shape = 0; shape < 6; shape++)
        {
          int j;
          switch (shape)
            {
            case 0: rand_mpz_limbs (zm, nl, 0); break;           /* odd */
            case 1: rand_mpz_limbs (zm, nl, 0);                   /* even */
              mpz_mul_2exp (zm, zm, 1 + t_rand64 () % 70);
              break;
            case 2: rand_mpz_limbs (zm, nl, 1); break;     /* top all ones */
            case 3: mpz_set_ui (zm, 1);                        /* 2^k + 1 */
              mpz_mul_2exp (zm, zm, 64 * nl - 1 - t_rand64 () % 8);
              mpz_add_ui (zm, zm, 1);
              break;
            case 4: mpz_set_ui (zm, 1);                        /* 2^k - 1 */
              mpz_mul_2exp (zm, zm, 64 * nl - t_rand64 () % 8);
              mpz_sub_ui (zm, zm, 1);
              break;
            default: rand_mpz_limbs (zm, nl, 0);         /* gcd 3 or 2^j */
              mpz_mul_ui (zm, zm, 3);
              break;
            }
          if (mpz_cmp_ui (zm, 1) <= 0)
            mpz_set_ui (zm, 3);
          for (j = 0; j < 14; j++)
            {
              switch (j)
                {
                case 0: mpz_set_ui (za, 0); break;
                case 1: mpz_set_ui (za, 1); break;
                case 2: mpz_set_si (za, -1); break;
                case 3: mpz_sub_ui (za, zm, 1); break;
                case 4: mpz_add_ui (za, zm, 1); break;
                case 5: mpz_set_ui (za, 1);
                  mpz_mul_2exp (za, za, t_rand64 () % (64 * nl));
                  break;
                case 6: mpz_set_ui (za, 2 + t_rand64 () % 1000); break;
                case 7: rand_mpz_limbs (za, nl, 0);
                  mpz_mod (za, za, zm);
                  break;
                case 8: rand_mpz_limbs (za, nl, 1);
                  mpz_mod (za, za, zm);
                  break;
                case 9: rand_mpz_limbs (za, 2 * nl + 1, 0); break;    /* > M */
                case 10: rand_mpz_limbs (za, nl, 0);
                  mpz_neg (za, za);
                  break;
                case 11: rand_mpz_limbs (za, nl, 0);          /* shares 3 */
                  mpz_mul_ui (za, za, 3);
                  break;
                case 12: mpz_mul_2exp (za, zm, 1);           /* 2M +- 1 */
                  mpz_add_ui (za, za, 1);
                  break;
                default: mpz_tdiv_q_2exp (za, zm, 1 + t_rand64 () % 64);
                  break;
                }
              invm_vs_gmp (za, zm, "shape", 0);
              mpz_neg (t, zm);                       /* sign of M ignored */
              if (j == 7)
                invm_vs_gmp (za, t, "negative m", 0);
            }
        }
    }
  /* Fibonacci pairs (F_k+1, F_k) and their neighbours, up to ~70 limbs. */
  mpz_set_ui (f0, 1);
  mpz_set_ui (f1, 2);
  for (k = 3; k < 6500; k++)
    {
      mpz_add (t, f0, f1);
      mpz_swap (f0, f1);
      mpz_swap (f1, t);
      if (k < 300 || k % 23 == 0)
        {
          invm_vs_gmp (f0, f1, "Fibonacci", 0);
          invm_vs_gmp (f1, f0, "Fibonacci reversed", 0);
          mpz_add_ui (t, f1, 2);
          invm_vs_gmp (f0, t, "Fibonacci + 2", 0);
        }
    }
  /* M = 3 and small M against every small A */
  for (v = -10; v <= 10; v++)
    for (k = 2; k <= 9; k++)
      {
        mpz_set_si (za, v);
        mpz_set_ui (zm, (unsigned long) k);
        invm_vs_gmp (za, zm, "small", 0);
      }
  for (bi = 0; bi < 200; bi++)
    {
      mpz_set_ui (zm, 3);
      rand_mpz_limbs (za, 1 + bi % 70, bi & 1);
      invm_vs_gmp (za, zm, "m = 3", 0);
    }
  mpz_clears (za, zm, t, f0, f1, NULL);
}

/* The Lehmer step's validity condition is tight: with its thresholds
 * lowered one bit (the test hook), these pairs (found by a search over
 * random 3-limb moduli) make a step go negative or the result wrong,
 * and random inputs do so too; so the shapes above and test_invm would
 * catch a weakened condition.  With the hook off, all agree with GMP. */
static void
test_invm_condition (void)
{
  static const char *const pairs[][2] = {
    { "123ea6852e3a5e7a79ea1d3909b2f44676d7355fc9c8402e",
      "1b1a01fe50b534985b6dcfebd62878f1" },
    { "1f426e51ae6e5963c47bf03a27aabd1120459077f6be8c2b",
      "223724296ba220041da046b45f75e544" },
    { "274bdaa491e3723ab0b4eabf3ae77a5eba48eff7d453e32a",
      "303857de9dbfa8f03c7577806d32eba1" },
    { "328e83d9163c2861778916707ef468717ad6cba6d7dfbce1",
      "38719ccd468b8beff69e6f95f1009a36" },
  };
  mpz_t za, zm;
  size_t i;
  int caught, iter;
  unsigned int slack;

  mpz_inits (za, zm, NULL);
  for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    {
      mpz_set_str (zm, pairs[i][0], 16);
      mpz_set_str (za, pairs[i][1], 16);
      _kc_invm_lehmer_slack = 1;
      CHECK (invm_vs_gmp (za, zm, "hook", 1) < 0,
             "invm: pair %u passed with the condition weakened one bit",
             (unsigned int) i);
      _kc_invm_lehmer_slack = 0;
      invm_vs_gmp (za, zm, "hook pair", 0);
    }
  for (slack = 1; slack <= 32; slack *= 2)
    {
      caught = 0;
      _kc_invm_lehmer_slack = slack;
      for (iter = 0; iter < 4000; iter++)
        {
          rand_mpz_limbs (zm, 1 + t_rand64 () % 6, !(iter % 5));
          rand_mpz_limbs (za, 1 + t_rand64 () % 6, !(iter % 7));
          caught += invm_vs_gmp (za, zm, "hook", 1) < 0;
        }
      _kc_invm_lehmer_slack = 0;
      CHECK (caught > 0, "invm: the condition weakened %u bits went "
             "unnoticed on 4000 random inputs", slack);
    }
  mpz_clears (za, zm, NULL);
}

/* The HEX text libgcrypt prints for Z: '-', "00" if the top bit of the
 * first byte is set or Z is 0, two upper-case digits per byte. */
static void
gcry_style_hex (char *out, const mpz_t z)
{
  char *digits = mpz_get_str (NULL, 16, z);
  const char *d = digits;
  char *o = out;
  size_t nd, i;
  if (*d == '-')
    {
      *o++ = '-';
      d++;
    }
  nd = strlen (d);
  if (!mpz_sgn (z))
    nd = 0;
  if (nd % 2)
    *o++ = '0';               /* first byte 0x0d: top bit clear */
  else if (!nd || t_hexval (d[0]) >= 8)
    {
      *o++ = '0';
      *o++ = '0';
    }
  for (i = 0; i < nd; i++)
    *o++ = (char) (d[i] >= 'a' ? d[i] - 'a' + 'A' : d[i]);
  *o = 0;
  free (digits);
}

static void
test_scan_print (int iterations)
{
  kc_mpi_t a = kc_mpi_new (0), b;
  mpz_t za, zb;
  unsigned char buf[2 * 8 * MAXL + 8], usg[8 * MAXL + 1];
  char want[2 * 8 * MAXL + 8], in[2 * 8 * MAXL + 8];
  int iter;
  mpz_inits (za, zb, NULL);
  for (iter = 0; iter < iterations; iter++)
    {
      size_t nw = 0, need = 0, ns = 0, cnt, i;
      gpg_error_t err;
      rand_pair (a, za, rand_size (1, MAXL), 1);

      /* USG: minimal big-endian magnitude */
      mpz_abs (zb, za);
      memset (usg, 0, sizeof usg);
      mpz_export (usg, &cnt, 1, 1, 0, 0, zb);
      if (!mpz_sgn (zb))
        cnt = 0;
      err = kc_mpi_print (KC_MPI_FMT_USG, NULL, 0, &need, a);
      CHECK (!err && need == cnt, "print USG size: %zu want %zu", need, cnt);
      err = kc_mpi_print (KC_MPI_FMT_USG, buf, sizeof buf, &nw, a);
      CHECK (!err && nw == cnt && !memcmp (buf, usg, cnt),
             "print USG value (%zu bytes)", cnt);
      if (cnt)
        {
          /* read back, with some leading zero bytes */
          size_t pad = (size_t) (t_rand64 () % 3);
          unsigned char tmp[sizeof usg + 3] = { 0 };
          memcpy (tmp + pad, usg, cnt);
          b = NULL;
          err = kc_mpi_scan (&b, KC_MPI_FMT_USG, tmp, cnt + pad, &ns);
          CHECK (!err && b && ns == cnt + pad && eq (b, zb),
                 "scan USG round trip (%zu bytes)", cnt);
          kc_mpi_release (b);
        }

      /* HEX: libgcrypt's form */
      gcry_style_hex (want, za);
      err = kc_mpi_print (KC_MPI_FMT_HEX, NULL, 0, &need, a);
      CHECK (!err && need == strlen (want) + 1, "print HEX size");
      err = kc_mpi_print (KC_MPI_FMT_HEX, buf, sizeof buf, &nw, a);
      CHECK (!err && nw == strlen (want) + 1 && !strcmp ((char *) buf, want),
             "print HEX: got %s want %s", buf, want);
      /* read back: GMP's text in mixed case, sometimes with 0x */
      {
        char *g = mpz_get_str (NULL, 16, za), *s = g;
        char *o = in;
        if (*s == '-')
          *o++ = *s++;
        if (iter & 1)
          {
            *o++ = '0';
            *o++ = (iter & 2) ? 'x' : 'X';
          }
        for (i = 0; s[i]; i++)
          *o++ = (char) ((t_rand64 () & 1) && s[i] >= 'a'
                         ? s[i] - 'a' + 'A' : s[i]);
        *o = 0;
        free (g);
      }
      b = NULL;
      err = kc_mpi_scan (&b, KC_MPI_FMT_HEX, in, 0, &ns);
      CHECK (!err && b && ns == strlen (in) && eq (b, za),
             "scan HEX %s", in);
      kc_mpi_release (b);
      b = NULL;
      err = kc_mpi_scan (&b, KC_MPI_FMT_HEX, buf, 0, NULL);
      CHECK (!err && b && eq (b, za), "scan HEX of print HEX %s", buf);
      kc_mpi_release (b);
    }
  mpz_clears (za, zb, NULL);
  kc_mpi_release (a);
}

/* Fixed examples, checked against libgcrypt 1.10 by hand. */
static void
test_known (void)
{
  static const struct { const char *in, *out; } hex[] = {
    { "-7", "-07" }, { "0x8aB", "08AB" }, { "80", "0080" }, { "0", "00" },
    { "-0", "00" }, { "7f", "7F" }, { "000001", "01" },
    { "-FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "-00FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF" },
  };
  unsigned char buf[128];
  size_t i, nw;
  kc_mpi_t a, b, c, w;
  gpg_error_t err;

  for (i = 0; i < KC_DIM (hex); i++)
    {
      a = NULL;
      err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, hex[i].in, 0, NULL);
      CHECK (!err && a, "scan %s", hex[i].in);
      if (!a)
        continue;
      err = kc_mpi_print (KC_MPI_FMT_HEX, buf, sizeof buf, &nw, a);
      CHECK (!err && !strcmp ((char *) buf, hex[i].out)
             && nw == strlen (hex[i].out) + 1,
             "print %s: got %s want %s", hex[i].in, buf, hex[i].out);
      kc_mpi_release (a);
    }

  /* mulm truncates, mod floors (libgcrypt 1.10 gives -1 and 3). */
  a = NULL; b = NULL; c = NULL;
  kc_mpi_scan (&a, KC_MPI_FMT_HEX, "-7", 0, NULL);
  kc_mpi_scan (&b, KC_MPI_FMT_HEX, "3", 0, NULL);
  kc_mpi_scan (&c, KC_MPI_FMT_HEX, "5", 0, NULL);
  w = kc_mpi_new (0);
  kc_mpi_mulm (w, a, b, c);
  kc_mpi_print (KC_MPI_FMT_HEX, buf, sizeof buf, NULL, w);
  CHECK (!strcmp ((char *) buf, "-01"), "mulm (-7, 3, 5) = %s", buf);
  kc_mpi_mod (w, a, c);
  kc_mpi_print (KC_MPI_FMT_HEX, buf, sizeof buf, NULL, w);
  CHECK (!strcmp ((char *) buf, "03"), "mod (-7, 5) = %s", buf);
  kc_mpi_powm (w, a, b, c);
  kc_mpi_print (KC_MPI_FMT_HEX, buf, sizeof buf, NULL, w);
  CHECK (!strcmp ((char *) buf, "02"), "powm (-7, 3, 5) = %s", buf);
  /* 2^0 mod 1 = 0; 2^0 mod 5 = 1 */
  kc_mpi_set_ui (b, 0);
  kc_mpi_set_ui (c, 1);
  kc_mpi_powm (w, a, b, c);
  CHECK (kc_mpi_get_nbits (w) == 0, "x^0 mod 1 != 0");
  kc_mpi_set_ui (c, 5);
  kc_mpi_powm (w, a, b, c);
  CHECK (kc_mpi_cmp (w, kc_mpi_set_ui (a, 1)) == 0, "x^0 mod 5 != 1");
  /* invm with m = 1: no inverse by definition */
  kc_mpi_set_ui (c, 1);
  kc_mpi_set_ui (w, 9);
  CHECK (kc_mpi_invm (w, a, c) == 0 && w->nlimbs == 1 && w->limbs[0] == 9,
         "invm mod 1");
  /* get_nbits, set_ui */
  CHECK (kc_mpi_get_nbits (kc_mpi_set_ui (w, 0)) == 0, "nbits 0");
  CHECK (kc_mpi_get_nbits (kc_mpi_set_ui (w, 1)) == 1, "nbits 1");
  CHECK (kc_mpi_get_nbits (kc_mpi_set_ui (w, ~0UL)) == 8 * sizeof (long),
         "nbits ~0");
  kc_mpi_release (a);
  kc_mpi_release (b);
  kc_mpi_release (c);
  kc_mpi_release (w);
}

static void
test_errors (void)
{
  static const char *const bad_hex[] = {
    "", "-", "0x", "-0x", "12g", " 12", "12 ", "1 2", "--1", "+1", "0x-1",
    "x12", "12\n", "0xx1"
  };
  kc_mpi_t sentinel = (kc_mpi_t) (uintptr_t) 0x1234, r, a, m, w, one;
  size_t ns, nw, i;
  unsigned char buf[64];
  gpg_error_t err;

  for (i = 0; i < KC_DIM (bad_hex); i++)
    {
      r = sentinel;
      ns = 4711;
      err = kc_mpi_scan (&r, KC_MPI_FMT_HEX, bad_hex[i], 0, &ns);
      CHECK (gpg_err_code (err) == GPG_ERR_INV_OBJ,
             "scan HEX \"%s\": %s", bad_hex[i], gpg_strerror (err));
      CHECK (r == sentinel && ns == 4711, "scan HEX \"%s\" touched *ret",
             bad_hex[i]);
    }
  r = sentinel;
  CHECK_ERR (kc_mpi_scan (&r, KC_MPI_FMT_HEX, "12", 2, NULL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_scan (&r, KC_MPI_FMT_USG, "\x01", 0, NULL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_scan (&r, KC_MPI_FMT_USG, NULL, 4, NULL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_scan (&r, (enum kc_mpi_format) 99, "\x01", 1, NULL),
             GPG_ERR_INV_ARG);
  CHECK (r == sentinel, "failed scan touched *ret");
  /* RET NULL: check only */
  CHECK_ERR (kc_mpi_scan (NULL, KC_MPI_FMT_HEX, "abc", 0, NULL), 0);
  CHECK_ERR (kc_mpi_scan (NULL, KC_MPI_FMT_HEX, "abz", 0, NULL),
             GPG_ERR_INV_OBJ);

  /* print: TOO_SHORT writes nothing */
  a = NULL;
  kc_mpi_scan (&a, KC_MPI_FMT_HEX, "-123456", 0, NULL);
  memset (buf, 0xaa, sizeof buf);
  nw = 4711;
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_HEX, buf, 7, &nw, a),
             GPG_ERR_TOO_SHORT);
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, buf, 2, &nw, a),
             GPG_ERR_TOO_SHORT);
  CHECK (buf[0] == 0xaa && buf[1] == 0xaa && nw == 4711,
         "TOO_SHORT print wrote something");
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_HEX, buf, 8, &nw, a), 0);
  CHECK (nw == 8 && !strcmp ((char *) buf, "-123456"), "print -123456");
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, buf, 3, &nw, a), 0);
  CHECK (nw == 3 && buf[0] == 0x12 && buf[2] == 0x56, "print USG |a|");
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, NULL, 0, NULL, a),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, buf, 3, &nw, NULL),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_print ((enum kc_mpi_format) 0, buf, 3, &nw, a),
             GPG_ERR_INV_ARG);

  /* zero divisor / modulus: result 0, invm 0 with x untouched */
  m = kc_mpi_new (0);
  w = kc_mpi_set_ui (NULL, 77);
  kc_mpi_mod (w, a, m);
  CHECK (kc_mpi_get_nbits (w) == 0 && !w->sign, "mod by 0");
  kc_mpi_set_ui (w, 77);
  kc_mpi_mulm (w, a, a, m);
  CHECK (kc_mpi_get_nbits (w) == 0, "mulm mod 0");
  kc_mpi_set_ui (w, 77);
  kc_mpi_powm (w, a, a, m);
  CHECK (kc_mpi_get_nbits (w) == 0, "powm mod 0");
  kc_mpi_set_ui (w, 77);
  CHECK (kc_mpi_invm (w, a, m) == 0 && w->nlimbs == 1 && w->limbs[0] == 77,
         "invm mod 0");
  /* gcd != 1: no inverse, x untouched */
  one = kc_mpi_set_ui (NULL, 6);
  kc_mpi_set_ui (m, 9);
  CHECK (kc_mpi_invm (w, one, m) == 0 && w->limbs[0] == 77, "invm 6 mod 9");

  /* NULL objects: documented no-ops */
  kc_mpi_add (w, NULL, a);
  kc_mpi_sub (w, a, NULL);
  kc_mpi_mul (NULL, a, a);
  kc_mpi_mod (w, NULL, m);
  kc_mpi_mulm (w, a, a, NULL);
  kc_mpi_powm (w, a, NULL, m);
  CHECK (w->nlimbs == 1 && w->limbs[0] == 77, "NULL argument changed w");
  CHECK (kc_mpi_invm (NULL, a, m) == 0, "invm NULL");
  CHECK (kc_mpi_get_nbits (NULL) == 0, "nbits NULL");
  CHECK (kc_mpi_cmp (NULL, NULL) == 0 && kc_mpi_cmp (NULL, a) < 0
         && kc_mpi_cmp (a, NULL) > 0, "cmp NULL");
  kc_mpi_release (NULL);

  kc_mpi_release (a);
  kc_mpi_release (m);
  kc_mpi_release (w);
  kc_mpi_release (one);
}

/* ---- kc_mpi_scan and kc_mpi_print where libgcrypt 1.10 differs ----
 * One row or block per item of the list in kcrypt.h (src/kcrypt.h.in):
 * first our documented behaviour, then, when libgcrypt is installed, that
 * gcry_mpi_scan / gcry_mpi_print really behave as the list says. */

/* Scan inputs: ERR and VALUE are ours, GERR and GVALUE libgcrypt's (a
 * value is only compared on success). */
static const struct
{
  enum kc_mpi_format fmt;
  const char *in;               /* NULL: a NULL buffer */
  size_t len;                   /* HEX: 0 */
  gpg_err_code_t err;
  unsigned long value;
  gpg_err_code_t gerr;
  unsigned long gvalue;
} scan_diffs[] = {
  /* no digits: libgcrypt reads 0, we reject */
  { KC_MPI_FMT_HEX, "", 0, GPG_ERR_INV_OBJ, 0, 0, 0 },
  { KC_MPI_FMT_HEX, "-", 0, GPG_ERR_INV_OBJ, 0, 0, 0 },
  { KC_MPI_FMT_HEX, "0x", 0, GPG_ERR_INV_OBJ, 0, 0, 0 },
  { KC_MPI_FMT_HEX, "-0x", 0, GPG_ERR_INV_OBJ, 0, 0, 0 },
  /* "0X": we accept it as "0x"; libgcrypt rejects */
  { KC_MPI_FMT_HEX, "0X1F", 0, 0, 31, GPG_ERR_INV_OBJ, 0 },
  { KC_MPI_FMT_HEX, "0Xabc", 0, 0, 0xabc, GPG_ERR_INV_OBJ, 0 },
  /* USG of no bytes: libgcrypt reads 0, even from NULL; we reject */
  { KC_MPI_FMT_USG, "", 0, GPG_ERR_INV_ARG, 0, 0, 0 },
  { KC_MPI_FMT_USG, NULL, 0, GPG_ERR_INV_ARG, 0, 0, 0 },
};

/* Input that is the same to both (the rules kcrypt.h states once). */
static const struct
{
  const char *in;
  gpg_err_code_t err;
  unsigned long value;
} scan_same[] = {
  { " 1", GPG_ERR_INV_OBJ, 0 }, { "1 ", GPG_ERR_INV_OBJ, 0 },
  { "+1", GPG_ERR_INV_OBJ, 0 }, { "--1", GPG_ERR_INV_OBJ, 0 },
  { "0x-1", GPG_ERR_INV_OBJ, 0 }, { "0x0x1", GPG_ERR_INV_OBJ, 0 },
  { "x1", GPG_ERR_INV_OBJ, 0 }, { "1\n", GPG_ERR_INV_OBJ, 0 },
  { "-0", 0, 0 }, { "-00", 0, 0 }, { "000001", 0, 1 }, { "0x1f", 0, 31 },
  { "0x1F", 0, 31 }, { "abc", 0, 0xabc }, { "ABC", 0, 0xabc },
};

/* 1 if A holds VALUE (as a non-negative number). */
static int
mpi_is_ul (kc_mpi_t a, unsigned long value)
{
  kc_mpi_t v = kc_mpi_set_ui (NULL, value);
  int r = !a->sign && kc_mpi_cmp (a, v) == 0;
  kc_mpi_release (v);
  return r;
}

#define BIG_LEN ((size_t) 16 << 20)   /* libgcrypt's limit: 16 MiB */

static void
test_gcrypt_diffs_ours (void)
{
  kc_mpi_t sentinel = (kc_mpi_t) (uintptr_t) 0x1234, r;
  unsigned char buf[16];
  char *big;
  size_t i, ns, nw;
  gpg_error_t err;

  for (i = 0; i < KC_DIM (scan_diffs); i++)
    {
      r = sentinel;
      ns = 4711;
      err = kc_mpi_scan (&r, scan_diffs[i].fmt, scan_diffs[i].in,
                         scan_diffs[i].len, &ns);
      CHECK (gpg_err_code (err) == scan_diffs[i].err,
             "scan_diffs[%zu]: got %s", i, gpg_strerror (err));
      if (err)
        CHECK (r == sentinel && ns == 4711, "scan_diffs[%zu] touched *ret", i);
      else
        {
          CHECK (r != sentinel && mpi_is_ul (r, scan_diffs[i].value)
                 && ns == strlen (scan_diffs[i].in),
                 "scan_diffs[%zu]: wrong value or nscanned", i);
          if (r != sentinel)
            kc_mpi_release (r);
        }
    }
  for (i = 0; i < KC_DIM (scan_same); i++)
    {
      r = NULL;
      err = kc_mpi_scan (&r, KC_MPI_FMT_HEX, scan_same[i].in, 0, NULL);
      CHECK (gpg_err_code (err) == scan_same[i].err
             && (err || mpi_is_ul (r, scan_same[i].value)),
             "scan_same[%zu]: got %s", i, gpg_strerror (err));
      kc_mpi_release (r);
    }

  /* More than 16 MiB of input: we read it (libgcrypt rejects it). */
  big = malloc (BIG_LEN + 2);
  if (!big)
    {
      fail ("out of memory");
      return;
    }
  memset (big, 0xff, BIG_LEN + 1);
  big[BIG_LEN + 1] = 0;
  r = NULL;
  CHECK_ERR (kc_mpi_scan (&r, KC_MPI_FMT_USG, big, BIG_LEN + 1, &ns), 0);
  CHECK (r && ns == BIG_LEN + 1 && kc_mpi_get_nbits (r) == 8 * (BIG_LEN + 1),
         "scan USG of 16 MiB + 1 bytes");
  kc_mpi_release (r);
  memset (big, 'f', BIG_LEN + 1);
  r = NULL;
  CHECK_ERR (kc_mpi_scan (&r, KC_MPI_FMT_HEX, big, 0, &ns), 0);
  CHECK (r && ns == BIG_LEN + 1 && kc_mpi_get_nbits (r) == 4 * (BIG_LEN + 1),
         "scan HEX of 16 Mi + 1 digits");
  kc_mpi_release (r);
  free (big);

  /* print: TOO_SHORT leaves *NWRITTEN alone (libgcrypt sets 0); BUFFER
   * and NWRITTEN both NULL is INV_ARG (libgcrypt: success). */
  r = kc_mpi_set_ui (NULL, 0x1234);
  nw = 4711;
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_HEX, buf, 4, &nw, r), GPG_ERR_TOO_SHORT);
  CHECK (nw == 4711, "HEX TOO_SHORT set *nwritten to %zu", nw);
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, buf, 1, &nw, r), GPG_ERR_TOO_SHORT);
  CHECK (nw == 4711, "USG TOO_SHORT set *nwritten to %zu", nw);
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_HEX, NULL, 0, NULL, r), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_mpi_print (KC_MPI_FMT_USG, NULL, 0, NULL, r), GPG_ERR_INV_ARG);
  kc_mpi_release (r);
}

#ifdef HAVE_LIBGCRYPT
/* 1 if gcry_mpi_scan (FMT, IN, LEN) gives GERR and, on success, GVALUE. */
static int
gcry_scan_is (enum gcry_mpi_format fmt, const void *in, size_t len,
              gpg_err_code_t gerr, unsigned long gvalue)
{
  gcry_mpi_t a = NULL;
  gcry_error_t e = gcry_mpi_scan (&a, fmt, in, len, NULL);
  int ok = gcry_err_code (e) == gerr;

  if (ok && !e)
    ok = !gcry_mpi_is_neg (a) && !gcry_mpi_cmp_ui (a, gvalue);
  gcry_mpi_release (a);
  return ok;
}

static void
test_gcrypt_diffs_peer (void)
{
  size_t i, nw;
  unsigned char buf[16];
  char *big;
  gcry_mpi_t a;

  gcry_check_version (NULL);
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
  for (i = 0; i < KC_DIM (scan_diffs); i++)
    CHECK (gcry_scan_is (scan_diffs[i].fmt == KC_MPI_FMT_HEX
                         ? GCRYMPI_FMT_HEX : GCRYMPI_FMT_USG,
                         scan_diffs[i].in, scan_diffs[i].len,
                         scan_diffs[i].gerr, scan_diffs[i].gvalue),
           "libgcrypt no longer behaves as kcrypt.h says: scan_diffs[%zu]", i);
  for (i = 0; i < KC_DIM (scan_same); i++)
    CHECK (gcry_scan_is (GCRYMPI_FMT_HEX, scan_same[i].in, 0,
                         scan_same[i].err, scan_same[i].value),
           "libgcrypt differs on scan_same[%zu]", i);

  /* 16 MiB is libgcrypt's limit, one more is INV_OBJ. */
  big = malloc (BIG_LEN + 2);
  if (!big)
    {
      fail ("out of memory");
      return;
    }
  memset (big, 0xff, BIG_LEN + 1);
  a = NULL;
  CHECK (!gcry_mpi_scan (&a, GCRYMPI_FMT_USG, big, BIG_LEN, NULL),
         "libgcrypt: USG of 16 MiB");
  gcry_mpi_release (a);
  CHECK (gcry_scan_is (GCRYMPI_FMT_USG, big, BIG_LEN + 1, GPG_ERR_INV_OBJ, 0),
         "libgcrypt: USG of 16 MiB + 1 bytes");
  memset (big, 'f', BIG_LEN);
  big[BIG_LEN] = 0;
  a = NULL;
  CHECK (!gcry_mpi_scan (&a, GCRYMPI_FMT_HEX, big, 0, NULL),
         "libgcrypt: HEX of 16 Mi digits");
  gcry_mpi_release (a);
  big[BIG_LEN] = 'f';
  big[BIG_LEN + 1] = 0;
  CHECK (gcry_scan_is (GCRYMPI_FMT_HEX, big, 0, GPG_ERR_INV_OBJ, 0),
         "libgcrypt: HEX of 16 Mi + 1 digits");
  free (big);

  a = gcry_mpi_set_ui (NULL, 0x1234);
  nw = 4711;
  CHECK (gcry_err_code (gcry_mpi_print (GCRYMPI_FMT_HEX, buf, 4, &nw, a))
         == GPG_ERR_TOO_SHORT && nw == 0, "libgcrypt: HEX TOO_SHORT");
  nw = 4711;
  CHECK (gcry_err_code (gcry_mpi_print (GCRYMPI_FMT_USG, buf, 1, &nw, a))
         == GPG_ERR_TOO_SHORT && nw == 0, "libgcrypt: USG TOO_SHORT");
  CHECK (!gcry_mpi_print (GCRYMPI_FMT_HEX, NULL, 0, NULL, a)
         && !gcry_mpi_print (GCRYMPI_FMT_USG, NULL, 0, NULL, a),
         "libgcrypt: print to NULL, NULL");
  gcry_mpi_release (a);
}
#endif /* HAVE_LIBGCRYPT */

/* GMP's answer for row OP (0 mul_1, 1 addmul_1, 2 submul_1) on N 64-bit
 * limbs, whatever the width of GMP's own limbs: R[0..N) = R op A * B (mod
 * 2^(64 N)), and the carry (borrow for submul_1) limb returned.  Uses mpz
 * only, so that it also holds where mp_limb_t is 32 bits. */
static _kc_limb_t
gmp_row (int op, _kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  mpz_t za, zb, zr, zq;
  _kc_limb_t c[2] = { 0, 0 };
  size_t cnt = 0;
  mpz_inits (za, zb, zr, zq, NULL);
  mpz_import (za, n, -1, sizeof *a, 0, 0, a);
  mpz_import (zb, 1, -1, sizeof b, 0, 0, &b);
  mpz_import (zr, n, -1, sizeof *r, 0, 0, r);
  mpz_mul (za, za, zb);
  if (op == 0)
    mpz_set (zr, za);
  else if (op == 1)
    mpz_add (zr, zr, za);
  else
    mpz_sub (zr, zr, za);
  mpz_fdiv_q_2exp (zq, zr, 64 * n);
  mpz_fdiv_r_2exp (zr, zr, 64 * n);
  if (op == 2)
    mpz_neg (zq, zq);
  if (mpz_sgn (zq) < 0 || mpz_sizeinbase (zq, 2) > 64)
    fail ("gmp_row: carry of op %d does not fit a limb", op);
  else
    mpz_export (c, &cnt, -1, sizeof *c, 0, 0, zq);
  memset (r, 0, n * sizeof *r);
  mpz_export (r, &cnt, -1, sizeof *r, 0, 0, zr);
  mpz_clears (za, zb, zr, zq, NULL);
  return c[0];
}

/* The row kernels (mul_1, addmul_1, submul_1) as the CPU runs them (the
 * BMI2/ADX rows where available) against the portable rows
 * (_kc_hwf_set_mask (0)) and against GMP (through mpz, and where GMP's
 * limbs are 64 bits also its mpn functions), for every length 1..MAXL+3
 * (the ADX rows take four limbs a step and leave the rest to C) on random
 * and all-ones operands. */
static void
test_mpih_rows (void)
{
  _kc_limb_t a[MAXL + 4], r0[MAXL + 4], r1[MAXL + 4], r2[MAXL + 4], b;
#if GMP_NUMB_BITS == 64 && GMP_LIMB_BITS == 64
  _kc_limb_t r3[MAXL + 4];
#endif
  size_t n;
  int it, op;
  for (it = 0; it < 40; it++)
    for (n = 1; n <= MAXL + 3; n++)
      for (op = 0; op < 3; op++)
        {
          _kc_limb_t c0, c1, c2;
          rand_limbs (a, n);
          rand_limbs (r0, n);
          b = it % 4 == 1 ? ~(_kc_limb_t) 0 : rand_limb ((int) (t_rand64 () % 8));
          if (it % 4 == 2)
            {
              memset (a, 0xff, n * sizeof *a);
              memset (r0, op == 2 ? 0 : 0xff, n * sizeof *r0);
            }
          memcpy (r1, r0, n * sizeof *r0);
          memcpy (r2, r0, n * sizeof *r0);
#if GMP_NUMB_BITS == 64 && GMP_LIMB_BITS == 64
          memcpy (r3, r0, n * sizeof *r0);
#endif
          c0 = op == 0 ? _kc_mpih_mul_1 (r0, a, n, b)
               : op == 1 ? _kc_mpih_addmul_1 (r0, a, n, b)
               : _kc_mpih_submul_1 (r0, a, n, b);
          _kc_hwf_set_mask (0);
          c1 = op == 0 ? _kc_mpih_mul_1 (r1, a, n, b)
               : op == 1 ? _kc_mpih_addmul_1 (r1, a, n, b)
               : _kc_mpih_submul_1 (r1, a, n, b);
          _kc_hwf_set_mask (~0u);
          c2 = gmp_row (op, r2, a, n, b);
          CHECK (c0 == c1 && c0 == c2
                 && !memcmp (r0, r1, n * sizeof *r0)
                 && !memcmp (r0, r2, n * sizeof *r0),
                 "row op %d, n %u: fast, portable and GMP differ",
                 op, (unsigned int) n);
#if GMP_NUMB_BITS == 64 && GMP_LIMB_BITS == 64
          {
            mp_limb_t c3 = op == 0 ? mpn_mul_1 (r3, a, (mp_size_t) n, b)
                           : op == 1 ? mpn_addmul_1 (r3, a, (mp_size_t) n, b)
                           : mpn_submul_1 (r3, a, (mp_size_t) n, b);
            CHECK (c0 == c3 && !memcmp (r0, r3, n * sizeof *r0),
                   "row op %d, n %u: GMP's mpn differs", op, (unsigned int) n);
          }
#endif
        }
}

/* mulm with operands of up to 2 MAXL limbs (products of two random
 * numbers), so that its scratch no longer fits the stack buffer, signed,
 * against GMP (truncating remainder, as test_binary). */
static void
test_mulm_big (int iterations)
{
  kc_mpi_t u = kc_mpi_new (0), v = kc_mpi_new (0), m = kc_mpi_new (0);
  kc_mpi_t t = kc_mpi_new (0), w = kc_mpi_new (0);
  mpz_t zu, zv, zm, zt, zw;
  int iter;
  mpz_inits (zu, zv, zm, zt, zw, NULL);
  for (iter = 0; iter < iterations; iter++)
    {
      rand_pair (u, zu, rand_size (1, MAXL), 1);
      rand_pair (t, zt, rand_size (1, MAXL), 1);
      kc_mpi_mul (u, u, t);
      mpz_mul (zu, zu, zt);
      rand_pair (v, zv, rand_size (1, MAXL), 1);
      rand_pair (t, zt, rand_size (1, MAXL), 1);
      kc_mpi_mul (v, v, t);
      mpz_mul (zv, zv, zt);
      do
        rand_pair (m, zm, rand_size (1, MAXL), 1);
      while (!mpz_sgn (zm));
      mpz_mul (zw, zu, zv);
      mpz_tdiv_r (zw, zw, zm);
      kc_mpi_mulm (w, u, v, m);
      CHECK (eq (w, zw), "mulm (big %d) differs from GMP", iter);
    }
  kc_mpi_release (u);
  kc_mpi_release (v);
  kc_mpi_release (m);
  kc_mpi_release (t);
  kc_mpi_release (w);
  mpz_clears (zu, zv, zm, zt, zw, NULL);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x6d70692d74657374ULL);
  test_mpih_rows ();
  test_mpih_mul ();
  test_mpih_redc ();
  test_binary (OP_ADD, 10000);
  test_binary (OP_SUB, 10000);
  test_binary (OP_MUL, 10000);
  test_binary (OP_MOD, 10000);
  test_binary (OP_MULM, 10000);
  test_mulm_big (1000);
  test_binary (OP_CMP, 10000);
  test_powm (10000, 300, 6);
  test_powm_even (2000);
  test_invm (10000);
  test_invm_shapes ();
  test_invm_condition ();
  test_scan_print (10000);
  test_known ();
  test_errors ();
  test_gcrypt_diffs_ours ();
#ifdef HAVE_LIBGCRYPT
  test_gcrypt_diffs_peer ();
#else
  printf ("t-mpi: libgcrypt not available, its behaviour not confirmed\n");
#endif
  /* everything once more on the portable rows */
  t_rerun_portable (argv);
  return t_done ("t-mpi");
}
#endif /* HAVE_GMP */
