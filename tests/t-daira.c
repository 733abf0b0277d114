/* t-daira.c - Daira Hopwood's reduction (p = 2^254 + c) against
 * Montgomery arithmetic on the same modulus and against the division
 * reference: random inputs over the whole semi-reduced range [0, 2^255),
 * edge values (0, 1, c, p - 1, p, p + 1, 2^254, 2^255 - 1, ...), long
 * chains of semi-reduced products, and the output range.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include "t-common.h"
#include "t-mont-ref.h"
#include "kcrypt-int.h"
#include "mont.h"
#include "moduli.h"
#include "daira.h"

static void
rand_semi (uint64_t a[4])
{
  int j;
  for (j = 0; j < 4; j++)
    a[j] = t_rand64 ();
  switch (t_rand64 () & 7)
    {
    case 0: a[3] |= 0x7fffffffffffffffULL; break;  /* near 2^255 */
    case 1: a[3] = (uint64_t) 1 << 62; a[2] = 0; break;  /* near p */
    case 2: a[0] = a[1] = ~(uint64_t) 0; break;
    default: break;
    }
  a[3] &= 0x7fffffffffffffffULL;
}

/* Expected a*b mod p in [0, p) two ways: reference and Montgomery. */
static void
expect (const _kc_mont_ctx *mc, uint64_t e[4], const uint64_t a[4],
        const uint64_t b[4], const char *label)
{
  uint64_t ar[4], br[4], am[4], bm[4], rm[4], r[4];
  ref_mod (ar, a, 4, mc->m, 4);
  ref_mod (br, b, 4, mc->m, 4);
  ref_mulmod (e, ar, br, mc->m, 4);
  _kc_mont_to (mc, am, ar);
  _kc_mont_to (mc, bm, br);
  _kc_mont_mul_redc (mc, rm, am, bm);
  _kc_mont_from (mc, r, rm);
  CHECK (!memcmp (r, e, 32), "%s: Montgomery disagrees with reference",
         label);
}

static void
check_pair (const _kc_daira_field *f, const _kc_mont_ctx *mc,
            const uint64_t a[4], const uint64_t b[4], const char *label)
{
  uint64_t e[4], r[4], n[4], t[4];

  expect (mc, e, a, b, label);
  _kc_daira_mul (f, r, a, b);
  CHECK ((r[3] >> 63) == 0, "%s: mul output not below 2^255", label);
  _kc_daira_normalize (f, n, r);
  CHECK (!memcmp (n, e, 32), "%s: daira mul != Montgomery", label);
  if (memcmp (n, e, 32))
    {
      t_hexdump (stderr, "  a=", a, 32);
      t_hexdump (stderr, "  b=", b, 32);
    }
  /* Aliased. */
  memcpy (t, a, 32);
  _kc_daira_mul (f, t, t, b);
  CHECK (!memcmp (t, r, 32), "%s: aliased mul differs", label);

  expect (mc, e, a, a, label);
  _kc_daira_sqr (f, r, a);
  CHECK ((r[3] >> 63) == 0, "%s: sqr output not below 2^255", label);
  _kc_daira_normalize (f, n, r);
  CHECK (!memcmp (n, e, 32), "%s: daira sqr != Montgomery", label);
  _kc_daira_mul (f, t, a, a);
  CHECK (!memcmp (t, r, 32), "%s: sqr != mul (a, a)", label);
}

static void
run_all (void)
{
  int w, i, k, it;

  for (w = 0; w < 2; w++)
    {
      const char *name = w ? "tweedledum_p" : "tweedledee_p";
      const _kc_named_modulus *nm = _kc_modulus_by_name (name);
      _kc_daira_field f;
      _kc_mont_ctx mc;
      uint64_t edges[14][4], a[4], b[4], x[4], xm[4], bm[4], n[4], e[4];

      CHECK (nm != NULL, "%s missing", name);
      if (!nm)
        continue;
      _kc_modulus_ctx (&mc, nm);
      _kc_daira_setup_tweedle (&f, w);
      CHECK (!memcmp (f.p, nm->m, 32), "%s: daira p != table p", name);

      memset (edges, 0, sizeof edges);
      edges[1][0] = 1;
      edges[2][0] = 2;
      memcpy (edges[3], f.c, 16);                       /* c */
      memcpy (edges[4], f.p, 32); edges[4][0] -= 1;     /* p - 1 */
      memcpy (edges[5], f.p, 32);                       /* p */
      memcpy (edges[6], f.p, 32); edges[6][0] += 1;     /* p + 1 */
      edges[7][3] = (uint64_t) 1 << 62;                 /* 2^254 */
      for (k = 0; k < 4; k++)                           /* 2^255 - 1 */
        edges[8][k] = k == 3 ? 0x7fffffffffffffffULL : ~(uint64_t) 0;
      for (k = 0; k < 4; k++)                           /* 2^254 - 1 */
        edges[9][k] = k == 3 ? 0x3fffffffffffffffULL : ~(uint64_t) 0;
      edges[10][3] = 0x7fffffffffffffffULL;             /* 2^255 - 2^192 */
      {
        uint64_t t = 0;                                 /* p + c */
        for (k = 0; k < 4; k++)
          edges[11][k] = ref_addc (f.p[k], k < 2 ? f.c[k] : 0, &t);
        t = 0;                                          /* 2^254 - c */
        for (k = 0; k < 4; k++)
          edges[12][k] = ref_subb (k == 3 ? (uint64_t) 1 << 62 : 0,
                                   k < 2 ? f.c[k] : 0, &t);
      }
      edges[13][0] = edges[13][1] = edges[13][2] = 0x5555555555555555ULL;
      edges[13][3] = 0x5555555555555555ULL;
      for (i = 0; i < 14; i++)
        for (k = 0; k < 14; k++)
          check_pair (&f, &mc, edges[i], edges[k], name);

      for (it = 0; it < 20000; it++)
        {
          rand_semi (a);
          rand_semi (b);
          check_pair (&f, &mc, a, b, name);
        }

      /* Long chains: semi-reduced outputs fed back without normalizing,
       * compared at the end with the same chain in Montgomery form. */
      for (it = 0; it < 20; it++)
        {
          uint64_t ar[4];
          rand_semi (x);
          rand_semi (b);
          ref_mod (ar, x, 4, mc.m, 4);
          _kc_mont_to (&mc, xm, ar);
          ref_mod (ar, b, 4, mc.m, 4);
          _kc_mont_to (&mc, bm, ar);
          for (k = 0; k < 500; k++)
            {
              if (k & 1)
                {
                  _kc_daira_sqr (&f, x, x);
                  _kc_mont_square_redc (&mc, xm, xm);
                }
              else
                {
                  _kc_daira_mul (&f, x, x, b);
                  _kc_mont_mul_redc (&mc, xm, xm, bm);
                }
              CHECK ((x[3] >> 63) == 0, "%s: chain left [0, 2^255)", name);
            }
          _kc_daira_normalize (&f, n, x);
          _kc_mont_from (&mc, e, xm);
          CHECK (!memcmp (n, e, 32), "%s: chain differs from Montgomery",
                 name);
        }

      /* normalize: every value in [0, 2^255) maps into [0, p). */
      for (it = 0; it < 2000; it++)
        {
          uint64_t rr[4];
          rand_semi (a);
          _kc_daira_normalize (&f, n, a);
          ref_mod (rr, a, 4, f.p, 4);
          CHECK (!memcmp (n, rr, 32), "%s: normalize", name);
        }
    }

  {
    _kc_daira_field f;
    uint64_t c[2] = { 2, 0 };
    CHECK (_kc_daira_setup (&f, c) == -1, "even c accepted");
    c[0] = 1; c[1] = (uint64_t) 1 << 61;
    CHECK (_kc_daira_setup (&f, c) == -1, "c >= 2^125 accepted");
  }
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x6461697261);
  (void) t_unhex; (void) t_datafile; (void) t_rng_cb;

  /* Pass 0: the kernels this CPU selects (BMI2/ADX products on x86-64);
   * pass 1: the portable C code. */
  _kc_hwf_set_mask (~0u);
  run_all ();
  _kc_hwf_set_mask (0);
  run_all ();
  _kc_hwf_set_mask (~0u);
  return t_done ("t-daira");
}
