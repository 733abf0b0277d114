/* t-modinv.c - safegcd inverse (constant time and _var) against the
 * division-based reference: r * a = 1 (mod m) checked by schoolbook
 * multiplication and long division, for the named moduli and synthetic odd
 * moduli of N = 1..9 limbs (random, all-ones-shaped R - k, small top
 * limb), edge values, and exhaustively for small moduli.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include "t-common.h"
#include "t-mont-ref.h"
#include "kcrypt-int.h"
#include "modinv.h"
#include "moduli.h"

#define MAXL KC_MODINV_MAX_LIMBS

static void
rand_below (uint64_t *x, const uint64_t *m, unsigned n)
{
  uint64_t t[MAXL];
  unsigned j;
  for (j = 0; j < n; j++)
    t[j] = t_rand64 ();
  if ((t_rand64 () & 7) == 0)   /* sometimes short */
    for (j = 1 + (unsigned) (t_rand64 () % n); j < n; j++)
      t[j] = 0;
  ref_mod (x, t, n, m, n);
}

static void
check_one (const kc_modinv_ctx *ctx, const uint64_t *a, const uint64_t *m,
           unsigned n, const char *label)
{
  uint64_t r[MAXL], rv[MAXL], p[MAXL], one[MAXL], z[MAXL];
  int coprime = ref_coprime (a, m, n);

  memset (one, 0, sizeof one);
  one[0] = 1;
  memset (z, 0, sizeof z);
  _kc_modinv (r, a, ctx);
  _kc_modinv_var (rv, a, ctx);
  CHECK (ref_cmp (r, m, n) < 0, "%s: result not below m", label);
  CHECK (!memcmp (r, rv, n * 8), "%s: ct and var differ (N=%u)", label, n);
  if (!memcmp (a, z, n * 8))
    {
      CHECK (!memcmp (r, z, n * 8), "%s: inverse of 0 not 0", label);
      return;
    }
  if (coprime)
    {
      ref_mulmod (p, r, a, m, n);
      if (n == 1 && m[0] == 1)
        return;
      CHECK (!memcmp (p, one, n * 8), "%s: a * a^-1 != 1 (N=%u)", label, n);
      if (memcmp (p, one, n * 8))
        {
          t_hexdump (stderr, "  a=", a, n * 8);
          t_hexdump (stderr, "  m=", m, n * 8);
        }
    }
  /* In place. */
  memcpy (p, a, n * 8);
  _kc_modinv (p, p, ctx);
  CHECK (!memcmp (p, r, n * 8), "%s: aliased result differs", label);
}

static void
test_modulus (const uint64_t *m, unsigned n, int iters, const char *label)
{
  kc_modinv_ctx ctx;
  uint64_t a[MAXL];
  unsigned j;
  int it;

  CHECK (_kc_modinv_setup (&ctx, m, n) == 0, "%s: setup", label);
  memset (a, 0, sizeof a);
  check_one (&ctx, a, m, n, label);         /* 0 */
  a[0] = 1;
  check_one (&ctx, a, m, n, label);         /* 1 */
  a[0] = 2;
  ref_mod (a, a, n, m, n);
  check_one (&ctx, a, m, n, label);         /* 2 */
  for (j = 0; j < n; j++)
    a[j] = m[j];
  a[0] -= 1;
  check_one (&ctx, a, m, n, label);         /* m - 1 */
  a[0] -= 1;
  check_one (&ctx, a, m, n, label);         /* m - 2 */
  for (it = 0; it < iters; it++)
    {
      rand_below (a, m, n);
      check_one (&ctx, a, m, n, label);
    }
}

int
main (int argc, char **argv)
{
  uint64_t m[MAXL], a[MAXL], r[MAXL];
  unsigned n, j, i;
  char label[64];

  t_init (argc, argv);
  t_seed (0x6d6f64696e76);
  (void) t_unhex; (void) t_datafile; (void) t_rng_cb;

  for (i = 0; i < _kc_moduli_count; i++)
    test_modulus (_kc_moduli[i].m, _kc_moduli[i].n, 300, _kc_moduli[i].name);

  for (n = 1; n <= 9; n++)
    {
      for (i = 0; i < 3; i++)
        {
          for (j = 0; j < n; j++)
            m[j] = t_rand64 ();
          m[0] |= 1;
          m[n - 1] |= 1ull << 63;
          snprintf (label, sizeof label, "random#%u N=%u", i, n);
          test_modulus (m, n, 100, label);
        }
      for (j = 0; j < n; j++)
        m[j] = ~(uint64_t) 0;
      snprintf (label, sizeof label, "R-1 N=%u", n);
      test_modulus (m, n, 100, label);
      m[0] = ~(uint64_t) 0 - 0x1c;
      snprintf (label, sizeof label, "R-29 N=%u", n);
      test_modulus (m, n, 100, label);
      for (j = 0; j < n; j++)
        m[j] = t_rand64 ();
      m[n - 1] = 1 + (t_rand64 () & 0xf);
      m[0] |= 1;
      snprintf (label, sizeof label, "smalltop N=%u", n);
      test_modulus (m, n, 100, label);
    }

  /* Exhaustive for small moduli: every a in [0, m). */
  {
    static const uint64_t small[] = { 3, 5, 7, 9, 15, 97, 255, 1009, 4095 };
    for (i = 0; i < KC_DIM (small); i++)
      {
        kc_modinv_ctx ctx;
        uint64_t x;
        m[0] = small[i];
        _kc_modinv_setup (&ctx, m, 1);
        for (x = 0; x < small[i]; x++)
          {
            snprintf (label, sizeof label, "m=%llu a=%llu",
                      (unsigned long long) small[i], (unsigned long long) x);
            a[0] = x;
            check_one (&ctx, a, m, 1, label);
          }
      }
  }

  /* Set-up rejects an even modulus, 1, and bad sizes. */
  {
    kc_modinv_ctx ctx;
    m[0] = 10;
    CHECK (_kc_modinv_setup (&ctx, m, 1) == -1, "even modulus accepted");
    m[0] = 1;
    CHECK (_kc_modinv_setup (&ctx, m, 1) == -1, "modulus 1 accepted");
    CHECK (_kc_modinv_setup (&ctx, m, 0) == -1, "0 limbs accepted");
    CHECK (_kc_modinv_setup (&ctx, m, MAXL + 1) == -1, "too many limbs");
  }
  (void) r;
  return t_done ("t-modinv");
}
