/* t-modinv.c - safegcd inverse (constant time and _var) against the
 * division-based reference: r * a = 1 (mod m) checked by schoolbook
 * multiplication and long division, for the named moduli and synthetic odd
 * moduli of N = 1..9 limbs (random, all-ones-shaped R - k, small top
 * limb), edge values, and exhaustively for small moduli.  The fixed
 * 256-bit entry points (_kc_modinv256, _var) the same way for the
 * secp256k1 p and n, each in its sparse signed-62 form (as the field and
 * scalar code give it) and in the dense one, and for random 256-bit odd
 * moduli, with the general entry points as a second opinion.
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
check_one (const _kc_modinv_ctx *ctx, const uint64_t *a, const uint64_t *m,
           unsigned n, const char *label)
{
  uint64_t r[MAXL], rv[MAXL], p[MAXL], one[MAXL], z[MAXL];
  int coprime = ref_coprime (a, m, n);

  memset (one, 0, sizeof one);
  one[0] = 1;
  memset (z, 0, sizeof z);
  int ok;

  _kc_modinv (r, a, ctx);
  ok = _kc_modinv_var (rv, a, ctx);
  CHECK (ref_cmp (r, m, n) < 0, "%s: result not below m", label);
  /* _var says whether gcd (a, m) = 1 and writes 0 when it is not. */
  CHECK (ok == (coprime && memcmp (a, z, n * 8) && !(n == 1 && m[0] == 1)),
         "%s: _var returned %d, coprime %d (N=%u)", label, ok, coprime, n);
  if (ok)
    CHECK (!memcmp (r, rv, n * 8), "%s: ct and var differ (N=%u)", label, n);
  else
    CHECK (!memcmp (rv, z, n * 8), "%s: _var without inverse not 0", label);
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
  _kc_modinv_ctx ctx;
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

/* ------------------------------------------------ the 256-bit entry points */

/* Dense signed-62 form of the odd M (4 limbs) and M^-1 mod 2^62. */
static void
mod256_dense (_kc_modinv256_modulus *md, const uint64_t m[4])
{
  uint64_t x = m[0];
  int i;
  md->m[0] = (int64_t) (m[0] & 0x3FFFFFFFFFFFFFFFULL);
  md->m[1] = (int64_t) ((m[0] >> 62 | m[1] << 2) & 0x3FFFFFFFFFFFFFFFULL);
  md->m[2] = (int64_t) ((m[1] >> 60 | m[2] << 4) & 0x3FFFFFFFFFFFFFFFULL);
  md->m[3] = (int64_t) ((m[2] >> 58 | m[3] << 6) & 0x3FFFFFFFFFFFFFFFULL);
  md->m[4] = (int64_t) (m[3] >> 56);
  for (i = 0; i < 5; i++)
    x *= 2 - m[0] * x;
  md->minv62 = x & 0x3FFFFFFFFFFFFFFFULL;
}

/* The inverse of A by both 256-bit entry points and by the general ones:
 * in [0, m), all equal, a r = 1 (a != 0; m prime or gcd 1). */
static void
check256 (const _kc_modinv256_modulus *mod, const _kc_modinv_ctx *ctx,
          const uint64_t a[4], const uint64_t m[4], const char *label)
{
  uint64_t r[4], rv[4], rg[4], p[4], one[4] = { 1, 0, 0, 0 };
  static const uint64_t z[4];

  if (memcmp (a, z, 32) && !ref_coprime (a, m, 4))
    return;                     /* no inverse: the result is unspecified */
  _kc_modinv256 (r, a, mod);
  _kc_modinv256_var (rv, a, mod);
  _kc_modinv (rg, a, ctx);
  CHECK (ref_cmp (r, m, 4) < 0, "%s: 256: result not below m", label);
  CHECK (!memcmp (r, rv, 32), "%s: 256: ct and var differ", label);
  CHECK (!memcmp (r, rg, 32), "%s: 256 and general differ", label);
  if (!memcmp (a, z, 32))
    CHECK (!memcmp (r, z, 32), "%s: 256: inverse of 0 not 0", label);
  else
    {
      ref_mulmod (p, r, a, m, 4);
      CHECK (!memcmp (p, one, 32), "%s: 256: a * a^-1 != 1", label);
      if (memcmp (p, one, 32))
        t_hexdump (stderr, "  a=", a, 32);
    }
  memcpy (p, a, 32);
  _kc_modinv256 (p, p, mod);
  CHECK (!memcmp (p, r, 32), "%s: 256: aliased result differs", label);
  memcpy (p, a, 32);
  _kc_modinv256_var (p, p, mod);
  CHECK (!memcmp (p, r, 32), "%s: 256: aliased var result differs", label);
}

static void
test_modulus256 (const _kc_modinv256_modulus *mod, const uint64_t m[4],
                 int iters, const char *label)
{
  _kc_modinv_ctx ctx;
  uint64_t a[4];
  unsigned j, k;
  int it;

  CHECK (_kc_modinv_setup (&ctx, m, 4) == 0, "%s: setup", label);
  memset (a, 0, sizeof a);
  check256 (mod, &ctx, a, m, label);                 /* 0 */
  a[0] = 1;
  check256 (mod, &ctx, a, m, label);                 /* 1 */
  a[0] = 2;
  check256 (mod, &ctx, a, m, label);                 /* 2 */
  for (k = 1; k <= 3; k++)                           /* m - 1, m - 2, m - 3 */
    {
      memcpy (a, m, 32);
      a[0] -= k;
      check256 (mod, &ctx, a, m, label);
    }
  for (k = 0; k < 256; k++)                          /* 2^k, 2^k - 1 mod m */
    {
      uint64_t w[4] = { 0, 0, 0, 0 };
      w[k / 64] = (uint64_t) 1 << (k % 64);
      ref_mod (a, w, 4, m, 4);
      check256 (mod, &ctx, a, m, label);
      for (j = 0; j < 4; j++)
        w[j] = j < k / 64 ? ~(uint64_t) 0
               : j == k / 64 ? ((uint64_t) 1 << (k % 64)) - 1 : 0;
      ref_mod (a, w, 4, m, 4);
      check256 (mod, &ctx, a, m, label);
    }
  for (k = 0; k < 64; k++)                           /* near 2^256: m - small */
    {
      memcpy (a, m, 32);
      a[0] -= 1 + (t_rand64 () & 0xffff);
      a[1] ^= (t_rand64 () & 1);
      if (ref_cmp (a, m, 4) >= 0)
        continue;
      check256 (mod, &ctx, a, m, label);
    }
  for (it = 0; it < iters; it++)
    {
      rand_below (a, m, 4);
      check256 (mod, &ctx, a, m, label);
    }
}

static void
test_256 (void)
{
  static const uint64_t p[4] = {
    0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL,
    0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL };
  static const uint64_t n[4] = {
    0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL,
    0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL };
  /* the sparse forms the field and scalar code pass */
  static const _kc_modinv256_modulus p_sparse = {
    { -0x1000003D1LL, 0, 0, 0, 256 }, 0x27C7F6E22DDACACFULL };
  static const _kc_modinv256_modulus n_sparse = {
    { 0x3FD25E8CD0364141LL, 0x2ABB739ABD2280EELL, -0x15LL, 0, 256 },
    0x34F20099AA774EC1ULL };
  _kc_modinv256_modulus md;
  uint64_t m[4];
  unsigned i, j;
  char label[64];

  mod256_dense (&md, p);
  CHECK (md.minv62 == p_sparse.minv62, "p^-1 mod 2^62");
  test_modulus256 (&p_sparse, p, 2000, "secp256k1 p sparse");
  test_modulus256 (&md, p, 300, "secp256k1 p dense");
  mod256_dense (&md, n);
  CHECK (md.minv62 == n_sparse.minv62, "n^-1 mod 2^62");
  test_modulus256 (&n_sparse, n, 2000, "secp256k1 n sparse");
  test_modulus256 (&md, n, 300, "secp256k1 n dense");
  /* 2^255 - 19 (X25519's field), sparse: {-19, 0, 0, 0, 128} */
  {
    static const uint64_t q[4] = {
      0xFFFFFFFFFFFFFFEDULL, 0xFFFFFFFFFFFFFFFFULL,
      0xFFFFFFFFFFFFFFFFULL, 0x7FFFFFFFFFFFFFFFULL };
    _kc_modinv256_modulus qs = { { -19, 0, 0, 0, 128 }, 0 };
    mod256_dense (&md, q);
    qs.minv62 = md.minv62;
    test_modulus256 (&qs, q, 300, "2^255-19 sparse");
  }
  /* random odd moduli of 193..256 bits, dense */
  for (i = 0; i < 8; i++)
    {
      for (j = 0; j < 4; j++)
        m[j] = t_rand64 ();
      m[0] |= 1;
      m[3] >>= i * 8;
      m[3] |= (uint64_t) 1 << (63 - i * 8);
      mod256_dense (&md, m);
      snprintf (label, sizeof label, "random256#%u", i);
      test_modulus256 (&md, m, 200, label);
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
    test_modulus (_kc_moduli[i]->m, _kc_moduli[i]->n, 300, _kc_moduli[i]->name);

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
        _kc_modinv_ctx ctx;
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
    _kc_modinv_ctx ctx;
    m[0] = 10;
    CHECK (_kc_modinv_setup (&ctx, m, 1) == -1, "even modulus accepted");
    m[0] = 1;
    CHECK (_kc_modinv_setup (&ctx, m, 1) == -1, "modulus 1 accepted");
    CHECK (_kc_modinv_setup (&ctx, m, 0) == -1, "0 limbs accepted");
    CHECK (_kc_modinv_setup (&ctx, m, MAXL + 1) == -1, "too many limbs");
  }
  test_256 ();
  (void) r;
  return t_done ("t-modinv");
}
