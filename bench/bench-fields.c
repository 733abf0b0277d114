/* bench-fields.c - bench-slope groups "fields" and "chained": Montgomery
 * arithmetic for every named modulus (mpi/moduli.h, mpi/mont.h), Daira
 * Hopwood's reduction (mpi/daira.h) for the two Tweedle primes, and (by
 * bench-curves.c) the 5x52 secp256k1 field.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * fields: rows fields/<field>/<op>, ns per operation, THROUGHPUT: the
 * operations of one iteration are independent of each other, so the CPU
 * may overlap them.  <field> is a name of the moduli table (secp256k1_p,
 * secp256k1_n, p256_p, p256_n, bn254_p, bn254_r, bls12_381_p, bls12_381_r,
 * bls12_377_p, bls12_377_r, csidh512_p, tweedledee_p, tweedledum_p) or
 * secp256k1_5x52 (rows listed in bench-curves.c).  Ops:
 *   mul_redc         _kc_mont_mul_redc     8 independent x_j = x_j * y
 *   square_redc      _kc_mont_square_redc  8 independent x_j = x_j^2
 *   add              _kc_mont_add          8 independent x_j = x_j + y
 *   inv_fermat       _kc_mont_inv_fermat   x^(m-2)          } one per
 *   inv_safegcd      _kc_mont_inv          constant time    } iteration,
 *   inv_safegcd_var  _kc_mont_inv_var      variable time    } on an input
 *   sqrt             _kc_mont_sqrt, only where m = 3 mod 4  } reloaded
 *   pow65537         _kc_mont_pow, exponent 65537 (1 limb) } each time
 *   daira_mul, daira_sqr   (tweedledee_p, tweedledum_p only) _kc_daira_mul
 *                    / _kc_daira_sqr, 8 independent lanes like mul_redc,
 *                    on semi-reduced plain values; timed interleaved with
 *                    mul_redc and square_redc of the same prime
 * chained: rows chained/<op>/<tag>, ns per operation, LATENCY: each
 * iteration is a chain of 64 operations, each taking the previous result
 * as input; the figure is the chain's time / 64.
 *   mul_redc, square_redc, add_mod   on secp256k1_p and bls12_381_p
 *   normalize, normalize_classic     on secp256k1_5x52 (bench-curves.c)
 * Self-check for every field before timing: Montgomery round trip
 * (to/from), x^2 = x * x, (x + y) - y = x, x * x^-1 = 1 for the three
 * inversions, pow65537 = sixteen squarings and a multiplication, sqrt
 * (x^2)^2 = x^2; for Tweedle, Daira's product and square equal the
 * Montgomery ones.  _kc_modulus_ctx checks the table's constants itself.
 */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"
#include "mont.h"
#include "moduli.h"
#include "daira.h"

#define LANES 8
#define CHAIN 64

struct field_ctx
{
  const _kc_mont_ctx *ctx;
  const _kc_daira_field *df;     /* Tweedle only */
  unsigned int n;               /* limbs */
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS];
  uint64_t lanes[LANES][KC_MONT_MAX_LIMBS];
  uint64_t dx[LANES][4], dy[4]; /* plain values for Daira */
};

/* --------------------------------------------- throughput (fields) */

static void
body_mul (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[LANES][KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->lanes, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_mont_mul_redc (c->ctx, x[j], x[j], c->y);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * c->n);
}

static void
body_sqr (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[LANES][KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->lanes, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_mont_square_redc (c->ctx, x[j], x[j]);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * c->n);
}

static void
body_add (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[LANES][KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->lanes, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_mont_add (c->ctx, x[j], x[j], c->y);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], 8 * c->n);
}

static void
body_daira_mul (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[LANES][4];
  int j;
  memcpy (x, c->dx, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_daira_mul (c->df, x[j], x[j], c->dy);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], sizeof x[j]);
}

static void
body_daira_sqr (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[LANES][4];
  int j;
  memcpy (x, c->dx, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_daira_sqr (c->df, x[j], x[j]);
  for (j = 0; j < LANES; j++)
    bench_consume (x[j], sizeof x[j]);
}

/* One unary operation per iteration on a freshly loaded input. */
typedef void (*unary_fn) (const _kc_mont_ctx *, uint64_t *, const uint64_t *);

static void
unary_loop (const struct field_ctx *c, unary_fn f, uint64_t iters)
{
  uint64_t r[KC_MONT_MAX_LIMBS], acc = 0;
  while (iters--)
    {
      const struct field_ctx *h = bench_hide_ptr (c);
      f (h->ctx, r, h->x);
      acc ^= r[0];
    }
  bench_consume_u64 (acc);
}

static void
body_inv_fermat (void *vctx, uint64_t iters)
{
  unary_loop (vctx, _kc_mont_inv_fermat, iters);
}

static void
body_inv_safegcd (void *vctx, uint64_t iters)
{
  unary_loop (vctx, _kc_mont_inv, iters);
}

static void
body_inv_safegcd_var (void *vctx, uint64_t iters)
{
  unary_loop (vctx, _kc_mont_inv_var, iters);
}

static void
body_sqrt (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t r[KC_MONT_MAX_LIMBS], acc = 0;
  while (iters--)
    {
      const struct field_ctx *h = bench_hide_ptr (c);
      acc += _kc_mont_sqrt (h->ctx, r, h->x);
      acc ^= r[0];
    }
  bench_consume_u64 (acc);
}

static const uint64_t e65537[1] = { 65537 };

static void
body_pow65537 (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t r[KC_MONT_MAX_LIMBS], acc = 0;
  while (iters--)
    {
      const struct field_ctx *h = bench_hide_ptr (c);
      _kc_mont_pow (h->ctx, r, h->x, e65537, 1);
      acc ^= r[0];
    }
  bench_consume_u64 (acc);
}

/* ------------------------------------------------ latency (chained) */

static void
body_chain_mul (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->x, sizeof x);
  while (iters--)
    for (j = 0; j < CHAIN; j++)
      _kc_mont_mul_redc (c->ctx, x, x, c->y);
  bench_consume (x, 8 * c->n);
}

static void
body_chain_sqr (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->x, sizeof x);
  while (iters--)
    for (j = 0; j < CHAIN; j++)
      _kc_mont_square_redc (c->ctx, x, x);
  bench_consume (x, 8 * c->n);
}

static void
body_chain_add (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  int j;
  memcpy (x, c->x, sizeof x);
  while (iters--)
    for (j = 0; j < CHAIN; j++)
      _kc_mont_add (c->ctx, x, x, c->y);
  bench_consume (x, 8 * c->n);
}

/* ------------------------------------------------------- self-check */

static uint64_t rng_state = 0x243f6a8885a308d3ULL;

/* A random nonzero value below 2^(BITS-1), hence below any modulus of
 * BITS bits; N limbs, the rest of the KC_MONT_MAX_LIMBS zero. */
static void
random_below (uint64_t *x, unsigned int n, unsigned int bits)
{
  unsigned int i, top = (bits - 1) % 64, full = (bits - 1) / 64;

  memset (x, 0, 8 * KC_MONT_MAX_LIMBS);
  for (i = 0; i < n && i < full; i++)
    x[i] = bench_rand64 (&rng_state);
  if (full < n && top)
    x[full] = bench_rand64 (&rng_state) >> (64 - top);
  x[0] |= 1;
}

static int
eq (const uint64_t *a, const uint64_t *b, unsigned int n)
{
  return !memcmp (a, b, 8 * n);
}

static void
check_field (const char *group, const _kc_named_modulus *nm,
             const _kc_mont_ctx *ctx, const uint64_t *a, const uint64_t *b)
{
  unsigned int n = nm->n, i;
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS];
  uint64_t t[KC_MONT_MAX_LIMBS], u[KC_MONT_MAX_LIMBS];
  const char *name = nm->name;

  _kc_mont_to (ctx, x, a);
  _kc_mont_to (ctx, y, b);
  _kc_mont_from (ctx, t, x);
  bench_check (group, eq (t, a, n), "%s: Montgomery round trip", name);
  bench_check (group, !eq (x, a, n), "%s: to-Montgomery is the identity",
               name);
  _kc_mont_mul_redc (ctx, t, x, ctx->one);
  bench_check (group, eq (t, x, n), "%s: x * 1 != x", name);
  _kc_mont_square_redc (ctx, t, x);
  _kc_mont_mul_redc (ctx, u, x, x);
  bench_check (group, eq (t, u, n), "%s: x^2 != x * x", name);
  _kc_mont_add (ctx, t, x, y);
  _kc_mont_sub (ctx, t, t, y);
  bench_check (group, eq (t, x, n), "%s: (x + y) - y != x", name);
  _kc_mont_inv_fermat (ctx, t, x);
  _kc_mont_mul_redc (ctx, t, t, x);
  bench_check (group, eq (t, ctx->one, n), "%s: x * inv_fermat (x) != 1",
               name);
  _kc_mont_inv (ctx, t, x);
  _kc_mont_mul_redc (ctx, t, t, x);
  bench_check (group, eq (t, ctx->one, n), "%s: x * inv_safegcd (x) != 1",
               name);
  _kc_mont_inv_var (ctx, t, x);
  _kc_mont_mul_redc (ctx, t, t, x);
  bench_check (group, eq (t, ctx->one, n),
               "%s: x * inv_safegcd_var (x) != 1", name);
  _kc_mont_pow (ctx, t, x, e65537, 1);
  memcpy (u, x, sizeof u);
  for (i = 0; i < 16; i++)
    _kc_mont_square_redc (ctx, u, u);
  _kc_mont_mul_redc (ctx, u, u, x);
  bench_check (group, eq (t, u, n), "%s: pow (x, 65537) != x^(2^16) * x",
               name);
  if ((nm->m[0] & 3) == 3)
    {
      _kc_mont_square_redc (ctx, t, x);
      bench_check (group, _kc_mont_sqrt (ctx, u, t) == 1,
                   "%s: x^2 is not a square", name);
      _kc_mont_square_redc (ctx, u, u);
      bench_check (group, eq (t, u, n), "%s: sqrt (x^2)^2 != x^2", name);
    }
}

/* Set up the context of the field NM and the inputs of its rows in C
 * (Montgomery form), after the self-check. */
static void
setup_field (const char *group, const _kc_named_modulus *nm, _kc_mont_ctx *ctx,
             struct field_ctx *c)
{
  uint64_t a[KC_MONT_MAX_LIMBS], b[KC_MONT_MAX_LIMBS];
  int j;

  _kc_modulus_ctx (ctx, nm);    /* checks its constants, aborts if wrong */
  bench_check (group, ctx->n == nm->n, "%s: context has %u limbs, not %u",
               nm->name, ctx->n, nm->n);
  random_below (a, nm->n, nm->bits);
  random_below (b, nm->n, nm->bits);
  check_field (group, nm, ctx, a, b);
  memset (c, 0, sizeof *c);
  c->ctx = ctx;
  c->n = nm->n;
  _kc_mont_to (ctx, c->x, a);
  _kc_mont_to (ctx, c->y, b);
  for (j = 0; j < LANES; j++)
    {
      random_below (a, nm->n, nm->bits);
      _kc_mont_to (ctx, c->lanes[j], a);
    }
}

/* Daira's reduction for the Tweedle prime NM (WHICH 0: Tweedledee,
 * 1: Tweedledum), checked against the Montgomery product; fills DF and the
 * plain inputs of C. */
static void
setup_daira (const char *group, const _kc_named_modulus *nm, int which,
             const _kc_mont_ctx *ctx, _kc_daira_field *df, struct field_ctx *c)
{
  uint64_t a[KC_MONT_MAX_LIMBS], b[KC_MONT_MAX_LIMBS];
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS], t[4];
  int j;

  bench_check (group, nm->n == 4, "%s: not 4 limbs", nm->name);
  _kc_daira_setup_tweedle (df, which);
  bench_check (group, eq (df->p, nm->m, 4),
               "%s: Daira's p differs from the moduli table", nm->name);
  random_below (a, 4, nm->bits);
  random_below (b, 4, nm->bits);
  _kc_daira_mul (df, t, a, b);
  _kc_daira_normalize (df, t, t);
  _kc_mont_to (ctx, x, a);
  _kc_mont_to (ctx, y, b);
  _kc_mont_mul_redc (ctx, x, x, y);
  _kc_mont_from (ctx, x, x);
  bench_check (group, eq (t, x, 4), "%s: Daira product != Montgomery",
               nm->name);
  _kc_daira_sqr (df, t, a);
  _kc_daira_normalize (df, t, t);
  _kc_mont_to (ctx, x, a);
  _kc_mont_square_redc (ctx, x, x);
  _kc_mont_from (ctx, x, x);
  bench_check (group, eq (t, x, 4), "%s: Daira square != Montgomery",
               nm->name);
  c->df = df;
  memcpy (c->dy, b, 32);
  for (j = 0; j < LANES; j++)
    {
      random_below (a, 4, nm->bits);
      memcpy (c->dx[j], a, 32);
    }
}

/* ------------------------------------------------------------ groups */

static const char *const field_ops[] = {
  "mul_redc", "square_redc", "add", "daira_mul", "daira_sqr", "inv_fermat",
  "inv_safegcd", "inv_safegcd_var", "sqrt", "pow65537"
};

static void
run_field (const struct bench_group *g, const _kc_named_modulus *nm)
{
  static _kc_mont_ctx ctx;
  static _kc_daira_field df;
  static struct field_ctx c;
  int tweedle = -1;
  size_t k;

  for (k = 0; k < KC_DIM (field_ops); k++)
    if (bench_row_wanted (g, nm->name, field_ops[k]))
      break;
  if (k == KC_DIM (field_ops))
    return;                     /* set up only the fields with a wanted row */
  setup_field (g->name, nm, &ctx, &c);
  if (!strcmp (nm->name, "tweedledee_p"))
    tweedle = 0;
  else if (!strcmp (nm->name, "tweedledum_p"))
    tweedle = 1;

  if (tweedle >= 0)
    {
      /* Daira beside Montgomery, interleaved. */
      const struct bench_row_def rows[4] = {
        { nm->name, "mul_redc", BENCH_NS_PER_OP, LANES, body_mul, &c },
        { nm->name, "daira_mul", BENCH_NS_PER_OP, LANES, body_daira_mul, &c },
        { nm->name, "square_redc", BENCH_NS_PER_OP, LANES, body_sqr, &c },
        { nm->name, "daira_sqr", BENCH_NS_PER_OP, LANES, body_daira_sqr, &c }
      };
      setup_daira (g->name, nm, tweedle, &ctx, &df, &c);
      bench_rows (g, rows, 4);
    }
  else
    {
      const struct bench_row_def rows[2] = {
        { nm->name, "mul_redc", BENCH_NS_PER_OP, LANES, body_mul, &c },
        { nm->name, "square_redc", BENCH_NS_PER_OP, LANES, body_sqr, &c }
      };
      bench_rows (g, rows, 2);
    }
  bench_row (g, nm->name, "add", BENCH_NS_PER_OP, LANES, body_add, &c);
  {
    const struct bench_row_def inv[3] = {
      { nm->name, "inv_fermat", BENCH_NS_PER_OP, 1, body_inv_fermat, &c },
      { nm->name, "inv_safegcd", BENCH_NS_PER_OP, 1, body_inv_safegcd, &c },
      { nm->name, "inv_safegcd_var", BENCH_NS_PER_OP, 1,
        body_inv_safegcd_var, &c }
    };
    bench_rows (g, inv, 3);
  }
  if ((nm->m[0] & 3) == 3)
    bench_row (g, nm->name, "sqrt", BENCH_NS_PER_OP, 1, body_sqrt, &c);
  bench_row (g, nm->name, "pow65537", BENCH_NS_PER_OP, 1, body_pow65537, &c);
}

static void
fields_run (const struct bench_group *g)
{
  unsigned int i;

  bench_group_begin (g);
  for (i = 0; i < _kc_moduli_count; i++)
    run_field (g, _kc_moduli[i]);
  bench_fields_5x52 (g);
  bench_fields_4x64 (g);
}

static void
chained_run (const struct bench_group *g)
{
  static const char *const tags[] = { "secp256k1_p", "bls12_381_p" };
  static _kc_mont_ctx ctx;
  static struct field_ctx c;
  size_t i;

  bench_group_begin (g);
  for (i = 0; i < KC_DIM (tags); i++)
    {
      const _kc_named_modulus *nm = _kc_modulus_by_name (tags[i]);
      const struct bench_row_def rows[3] = {
        { tags[i], "mul_redc", BENCH_NS_PER_OP, CHAIN, body_chain_mul, &c },
        { tags[i], "square_redc", BENCH_NS_PER_OP, CHAIN, body_chain_sqr, &c },
        { tags[i], "add_mod", BENCH_NS_PER_OP, CHAIN, body_chain_add, &c }
      };

      bench_check (g->name, nm, "%s: not in the moduli table", tags[i]);
      if (!bench_row_wanted (g, tags[i], "mul_redc")
          && !bench_row_wanted (g, tags[i], "square_redc")
          && !bench_row_wanted (g, tags[i], "add_mod"))
        continue;
      setup_field (g->name, nm, &ctx, &c);
      bench_rows (g, rows, 3);
    }
  bench_chained_5x52 (g);
}

const struct bench_group bench_group_fields = {
  "fields", "per named modulus and the 5x52 field, throughput",
  "fields/<field>/{mul_redc,square_redc,add,inv_fermat,inv_safegcd,"
  "inv_safegcd_var,sqrt,pow65537}\n"
  "           fields/{tweedledee_p,tweedledum_p}/{daira_mul,daira_sqr}\n"
  "           fields/secp256k1_5x52/{mul,sqr,normalize,normalize_classic,"
  "normalizes_to_zero}\n"
  "           fields/secp256k1_4x64/{mul,sqr} (BMI2 and ADX)\n"
  "           <field>: secp256k1_p secp256k1_n p256_p p256_n bn254_p bn254_r\n"
  "             bls12_381_p bls12_381_r bls12_377_p bls12_377_r csidh512_p\n"
  "             tweedledee_p tweedledum_p (sqrt where p = 3 mod 4)",
  0, fields_run
};

const struct bench_group bench_group_chained = {
  "chained", "64-deep dependent chains, per operation: latency",
  "chained/{mul_redc,square_redc,add_mod}/{secp256k1_p,bls12_381_p}\n"
  "           chained/{normalize,normalize_classic}/secp256k1_5x52",
  1, chained_run
};
