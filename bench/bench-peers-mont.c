/* bench-peers-mont.c - bench-peers rows mont/<bits>/{mul_redc,square_redc}:
 * our fixed-modulus Montgomery product (mpi/mont.h) beside GMP's mpn
 * layer, on the same operands, for bits = 256, 384, 512 (the named moduli
 * secp256k1_p, bls12_381_p and csidh512_p: 4, 6 and 8 limbs); and
 * mont/<bits>/pow: the constant-time exponentiation x^e mod m with an
 * exponent of the modulus' size, both sides constant time in x and e:
 *   ours   _kc_mont_to, _kc_mont_pow, _kc_mont_from (plain in and out)
 *   gmp    mpz_powm_sec (GMP's side-channel-silent powm)
 * one exponentiation an iteration, after a check that both agree.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   ours   _kc_mont_mul_redc / _kc_mont_square_redc: a*b*R^-1 mod m,
 *          fully reduced, constant time.
 *   gmp    mpn_mul_n (or mpn_sqr) into 2n limbs, then GMP's Montgomery
 *          reduction by one limb at a time, mpn_redc_1, and the
 *          subtraction of m its carry asks for (as GMP's own powm does;
 *          variable time, result below 2^(64n) but not always below m).
 *          mpn_redc_1 is internal to GMP (not in gmp.h): it is declared
 *          here as a weak symbol (__gmpn_redc_1, exported by GMP 5.1 and
 *          later).  Where the library lacks it, the peer is "gmp-tdiv":
 *          mpn_mul_n and mpn_tdiv_qr, a product reduced by division (not
 *          a Montgomery reduction), and the row says so.
 * Each iteration does 8 independent products (as the fields group of
 * bench-slope), so these are throughputs.  Before timing, GMP's results
 * (reduced below m) are checked against ours.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"
#include "mont.h"
#include "moduli.h"

#ifdef HAVE_GMP
# include <gmp.h>
#endif

#define LANES 8
#define MAXN 8

#ifdef HAVE_GMP
/* GMP's internal REDC (gmp-impl.h): {rp, n} = {up, 2n} / B^n mod {mp, n}
 * up to one m (the returned carry says to subtract it); clobbers up;
 * invm = -m^-1 mod B. */
extern mp_limb_t __gmpn_redc_1 (mp_ptr rp, mp_ptr up, mp_srcptr mp,
                                mp_size_t n, mp_limb_t invm)
  __attribute__ ((weak));
#endif

struct mont_input
{
  _kc_mont_ctx ctx;
  unsigned int n;
  int square;
  uint64_t lanes[LANES][KC_MONT_MAX_LIMBS];     /* Montgomery form */
  uint64_t y[KC_MONT_MAX_LIMBS];
};

static void
mont_ours (void *vctx, uint64_t iters)
{
  const struct mont_input *in = vctx;
  uint64_t x[LANES][KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, in->lanes, sizeof x);
  if (in->square)
    while (iters--)
      for (j = 0; j < LANES; j++)
        _kc_mont_square_redc (&in->ctx, x[j], x[j]);
  else
    while (iters--)
      for (j = 0; j < LANES; j++)
        _kc_mont_mul_redc (&in->ctx, x[j], x[j], in->y);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * in->n);
}

#ifdef HAVE_GMP
/* R = A*B*R^-1 mod m by GMP's mpn layer (A = B when squaring); T has 2n
 * limbs of room.  Result below 2^(64n). */
static void
gmp_mul_redc (const struct mont_input *in, mp_limb_t *r, const mp_limb_t *a,
              const mp_limb_t *b, mp_limb_t *t)
{
  mp_size_t n = (mp_size_t) in->n;
  const mp_limb_t *m = (const mp_limb_t *) in->ctx.m;

  if (in->square)
    mpn_sqr (t, a, n);
  else
    mpn_mul_n (t, a, b, n);
  if (__gmpn_redc_1 (r, t, m, n, (mp_limb_t) in->ctx.m0inv))
    mpn_sub_n (r, r, m, n);
}

static void
mont_gmp (void *vctx, uint64_t iters)
{
  const struct mont_input *in = vctx;
  mp_limb_t x[LANES][MAXN], t[2 * MAXN];
  int j;
  for (j = 0; j < LANES; j++)
    memcpy (x[j], in->lanes[j], sizeof x[j]);
  while (iters--)
    for (j = 0; j < LANES; j++)
      gmp_mul_redc (in, x[j], x[j], (const mp_limb_t *) in->y, t);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * in->n);
}

/* Fallback: R = A*B mod m by division (not Montgomery). */
static void
gmp_mul_tdiv (const struct mont_input *in, mp_limb_t *r, const mp_limb_t *a,
              const mp_limb_t *b, mp_limb_t *t)
{
  mp_size_t n = (mp_size_t) in->n;
  mp_limb_t q[MAXN + 1];

  if (in->square)
    mpn_sqr (t, a, n);
  else
    mpn_mul_n (t, a, b, n);
  mpn_tdiv_qr (q, r, 0, t, 2 * n, (const mp_limb_t *) in->ctx.m, n);
}

static void
mont_gmp_tdiv (void *vctx, uint64_t iters)
{
  const struct mont_input *in = vctx;
  mp_limb_t x[LANES][MAXN], t[2 * MAXN];
  int j;
  for (j = 0; j < LANES; j++)
    memcpy (x[j], in->lanes[j], sizeof x[j]);
  while (iters--)
    for (j = 0; j < LANES; j++)
      gmp_mul_tdiv (in, x[j], x[j], (const mp_limb_t *) in->y, t);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * in->n);
}
#endif

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

/* A random value below m (N limbs, top limb of m nonzero). */
static void
random_mod (uint64_t *x, const _kc_named_modulus *nm)
{
  unsigned int i, n = nm->n;
  memset (x, 0, 8 * KC_MONT_MAX_LIMBS);
  for (i = 0; i < n; i++)
    x[i] = bench_rand64 (&rng_state);
  x[n - 1] %= nm->m[n - 1];     /* top limb below m's: value below m */
}

static void
row_mont (const char *modname, const char *op, int square)
{
  static struct mont_input in;
  const _kc_named_modulus *nm = _kc_modulus_by_name (modname);
  struct peer_side sides[PEERS_MAX_SIDES];
  char path[64];
  size_t n = 0;
  int j;

  if (!nm)
    bench_fail ("mont", "%s: not in the moduli table", modname);
  snprintf (path, sizeof path, "mont/%u/%s", nm->n * 64, op);
  if (!peers_row_wanted (path))
    return;
  if (nm->n > MAXN)
    bench_fail (path, "more than %d limbs", MAXN);
  memset (&in, 0, sizeof in);
  _kc_modulus_ctx (&in.ctx, nm);        /* checks itself, aborts if wrong */
  in.n = nm->n;
  in.square = square;
  for (j = 0; j < LANES; j++)
    random_mod (in.lanes[j], nm);
  random_mod (in.y, nm);
  sides[n].who = "ours";
  sides[n].body = mont_ours;
  sides[n++].ctx = &in;

#ifdef HAVE_GMP
  {
    uint64_t want[KC_MONT_MAX_LIMBS];
    mp_limb_t got[MAXN], t[2 * MAXN];
    const mp_limb_t *m = (const mp_limb_t *) in.ctx.m;
    const uint64_t *b = square ? in.lanes[0] : in.y;

    if (square)
      _kc_mont_square_redc (&in.ctx, want, in.lanes[0]);
    else
      _kc_mont_mul_redc (&in.ctx, want, in.lanes[0], in.y);
    if (__gmpn_redc_1)
      {
        gmp_mul_redc (&in, got, (const mp_limb_t *) in.lanes[0],
                      (const mp_limb_t *) b, t);
        if (mpn_cmp (got, m, (mp_size_t) in.n) >= 0)
          mpn_sub_n (got, got, m, (mp_size_t) in.n);
        bench_check (path, !memcmp (got, want, 8 * in.n),
                     "GMP's mpn_redc_1 and ours disagree");
        sides[n].who = "gmp";
        sides[n].body = mont_gmp;
      }
    else
      {
        /* Division gives a*b mod m; ours gives a*b/R: compare ours
         * taken back out of Montgomery form with A*B in plain form. */
        uint64_t pa[KC_MONT_MAX_LIMBS], pb[KC_MONT_MAX_LIMBS];
        _kc_mont_from (&in.ctx, pa, in.lanes[0]);
        _kc_mont_from (&in.ctx, pb, b);
        _kc_mont_from (&in.ctx, want, want);
        gmp_mul_tdiv (&in, got, (const mp_limb_t *) pa,
                      (const mp_limb_t *) pb, t);
        bench_check (path, !memcmp (got, want, 8 * in.n),
                     "GMP's mpn_tdiv_qr product and ours disagree");
        sides[n].who = "gmp-tdiv";
        sides[n].body = mont_gmp_tdiv;
      }
    sides[n++].ctx = &in;
  }
#endif
  peers_compare (path, BENCH_NS_PER_OP, LANES, sides, n);
}

struct pow_input
{
  _kc_mont_ctx ctx;
  uint64_t x[KC_MONT_MAX_LIMBS], e[KC_MONT_MAX_LIMBS], r[KC_MONT_MAX_LIMBS];
#ifdef HAVE_GMP
  mpz_t gx, ge, gm, gr;
#endif
};

static void
pow_ours (void *vctx, uint64_t iters)
{
  struct pow_input *in = vctx;
  uint64_t t[KC_MONT_MAX_LIMBS];
  while (iters--)
    {
      _kc_mont_to (&in->ctx, t, in->x);
      _kc_mont_pow (&in->ctx, t, t, in->e, in->ctx.n);
      _kc_mont_from (&in->ctx, in->r, t);
    }
  bench_consume (in->r, 8 * in->ctx.n);
}

#ifdef HAVE_GMP
static void
pow_gmp (void *vctx, uint64_t iters)
{
  struct pow_input *in = vctx;
  while (iters--)
    mpz_powm_sec (in->gr, in->gx, in->ge, in->gm);
  bench_consume_u64 (mpz_getlimbn (in->gr, 0));
}
#endif

static void
row_pow (const char *modname)
{
  static struct pow_input in;
  const _kc_named_modulus *nm = _kc_modulus_by_name (modname);
  struct peer_side sides[PEERS_MAX_SIDES];
  char path[64];
  size_t n = 0;
  unsigned int i;

  if (!nm)
    bench_fail ("mont", "%s: not in the moduli table", modname);
  snprintf (path, sizeof path, "mont/%u/pow", nm->n * 64);
  if (!peers_row_wanted (path))
    return;
  memset (&in, 0, sizeof in);
  _kc_modulus_ctx (&in.ctx, nm);
  random_mod (in.x, nm);
  for (i = 0; i < nm->n; i++)
    in.e[i] = bench_rand64 (&rng_state);
  in.e[nm->n - 1] |= (uint64_t) 1 << 63;        /* full length */
  sides[n].who = "ours";
  sides[n].body = pow_ours;
  sides[n++].ctx = &in;
#ifdef HAVE_GMP
  {
    uint64_t got[KC_MONT_MAX_LIMBS];
    size_t cnt = 0;
    mpz_inits (in.gx, in.ge, in.gm, in.gr, NULL);
    mpz_import (in.gx, nm->n, -1, 8, 0, 0, in.x);
    mpz_import (in.ge, nm->n, -1, 8, 0, 0, in.e);
    mpz_import (in.gm, nm->n, -1, 8, 0, 0, nm->m);
    pow_ours (&in, 1);
    pow_gmp (&in, 1);
    memset (got, 0, sizeof got);
    mpz_export (got, &cnt, -1, 8, 0, 0, in.gr);
    bench_check (path, cnt <= nm->n && !memcmp (got, in.r, 8 * nm->n),
                 "GMP's mpz_powm_sec and ours disagree");
    sides[n].who = "gmp";
    sides[n].body = pow_gmp;
    sides[n++].ctx = &in;
  }
#endif
  peers_compare (path, BENCH_NS_PER_OP, 1, sides, n);
#ifdef HAVE_GMP
  mpz_clears (in.gx, in.ge, in.gm, in.gr, NULL);
#endif
}

void
bench_peers_mont (void)
{
  static const char *const moduli[] = {
    "secp256k1_p", "bls12_381_p", "csidh512_p"
  };
  size_t i;

#ifdef HAVE_GMP
  if (!__gmpn_redc_1 && !bench_cfg.csv)
    printf ("  mont: this GMP exports no mpn_redc_1; the peer is gmp-tdiv "
            "(mpn_mul_n + mpn_tdiv_qr, a division, not Montgomery)\n");
#endif
  for (i = 0; i < KC_DIM (moduli); i++)
    {
      row_mont (moduli[i], "mul_redc", 0);
      row_mont (moduli[i], "square_redc", 1);
    }
  for (i = 0; i < KC_DIM (moduli); i++)
    row_pow (moduli[i]);
}
