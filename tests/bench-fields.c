/* bench-fields.c - bench-slope group "fields": Montgomery arithmetic for
 * every named modulus (mpi/moduli.h, mpi/mont.h), and Daira Hopwood's
 * reduction (mpi/daira.h) for the two Tweedle primes.
 *
 * Rows fields/<field>/<op>, ns per operation.  <field> is a name of the
 * moduli table (secp256k1_p, p256_n, bls12_381_p, ...) or
 * tweedledee_p-daira / tweedledum_p-daira.  Ops:
 *   mul       _kc_mont_mul_redc      x = x * y        (Montgomery form)
 *   sqr       _kc_mont_square_redc   x = x^2
 *   add, sub  _kc_mont_add / _sub    x = x +- y
 *   inv       _kc_mont_inv           x = x^-1 (safegcd, constant time)
 *   inv_var   _kc_mont_inv_var       x = x^-1 (safegcd, variable time)
 *   daira fields: mul, sqr only (semi-reduced values, no normalisation)
 * Each iteration feeds its result into the next (a dependent chain, as in
 * libsecp256k1's bench_internal): the figure is the latency of one
 * operation in a chain of them.
 * Self-check for every field before timing: Montgomery round trip, x *
 * x^-1 = 1 (both inversions), x^2 = x * x, (x + y) - y = x, and the Daira
 * product equal to the Montgomery one.
 *
 * Needs mpi/mont.h, moduli.h, daira.h (the Montgomery branch).  To build
 * it: add bench-fields.c to bench_slope_SOURCES in tests/Makefile.am and
 * replace the "fields" placeholder in bench-slope.c's groups[] by
 * &bench_group_fields. */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"
#include "mont.h"
#include "moduli.h"
#include "daira.h"

struct field_ctx
{
  const kc_mont_ctx *ctx;
  const kc_daira_field *df;     /* daira rows only */
  unsigned int n;               /* limbs */
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS];
};

static void
body_mul (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_mul_redc (c->ctx, x, x, c->y);
  bench_consume (x, 8 * c->n);
}

static void
body_sqr (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_square_redc (c->ctx, x, x);
  bench_consume (x, 8 * c->n);
}

static void
body_add (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_add (c->ctx, x, x, c->y);
  bench_consume (x, 8 * c->n);
}

static void
body_sub (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_sub (c->ctx, x, x, c->y);
  bench_consume (x, 8 * c->n);
}

static void
body_inv (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_inv (c->ctx, x, x);
  bench_consume (x, 8 * c->n);
}

static void
body_inv_var (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[KC_MONT_MAX_LIMBS];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_mont_inv_var (c->ctx, x, x);
  bench_consume (x, 8 * c->n);
}

static void
body_daira_mul (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[4];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_daira_mul (c->df, x, x, c->y);
  bench_consume (x, sizeof x);
}

static void
body_daira_sqr (void *vctx, uint64_t iters)
{
  const struct field_ctx *c = vctx;
  uint64_t x[4];
  memcpy (x, c->x, sizeof x);
  while (iters--)
    _kc_daira_sqr (c->df, x, x);
  bench_consume (x, sizeof x);
}

static uint64_t rng_state = 0x243f6a8885a308d3ULL;

static uint64_t
rng64 (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

/* A random value below 2^(BITS-1), hence below any modulus of BITS bits,
 * never 0. */
static void
random_below (uint64_t *x, unsigned int n, unsigned int bits)
{
  unsigned int i, top = (bits - 1) % 64;

  memset (x, 0, 8 * KC_MONT_MAX_LIMBS);
  for (i = 0; i < n; i++)
    x[i] = rng64 ();
  for (i = (bits - 1) / 64; i < n; i++)
    x[i] = 0;
  if ((bits - 1) / 64 < n && top)
    x[(bits - 1) / 64] = rng64 () >> (64 - top);
  x[0] |= 1;
}

static int
eq (const uint64_t *a, const uint64_t *b, unsigned int n)
{
  return !memcmp (a, b, 8 * n);
}

static void
check_field (const struct bench_group *g, const kc_named_modulus *nm,
             const kc_mont_ctx *ctx, const uint64_t *a, const uint64_t *b)
{
  unsigned int n = nm->n;
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS];
  uint64_t t[KC_MONT_MAX_LIMBS], u[KC_MONT_MAX_LIMBS];

  _kc_mont_to (ctx, x, a);
  _kc_mont_to (ctx, y, b);
  _kc_mont_from (ctx, t, x);
  bench_check (g->name, eq (t, a, n), "%s: Montgomery round trip", nm->name);
  _kc_mont_inv (ctx, t, x);
  _kc_mont_mul_redc (ctx, t, t, x);
  bench_check (g->name, eq (t, ctx->one, n), "%s: x * inv (x) != 1",
               nm->name);
  _kc_mont_inv_var (ctx, t, x);
  _kc_mont_mul_redc (ctx, t, t, x);
  bench_check (g->name, eq (t, ctx->one, n), "%s: x * inv_var (x) != 1",
               nm->name);
  _kc_mont_square_redc (ctx, t, x);
  _kc_mont_mul_redc (ctx, u, x, x);
  bench_check (g->name, eq (t, u, n), "%s: x^2 != x * x", nm->name);
  _kc_mont_add (ctx, t, x, y);
  _kc_mont_sub (ctx, t, t, y);
  bench_check (g->name, eq (t, x, n), "%s: (x + y) - y != x", nm->name);
}

static void
run_field (const struct bench_group *g, const kc_named_modulus *nm)
{
  static kc_mont_ctx ctx;
  struct field_ctx c;
  uint64_t a[KC_MONT_MAX_LIMBS], b[KC_MONT_MAX_LIMBS];
  static const struct
  {
    const char *op;
    bench_body body;
  } ops[] = {
    { "mul", body_mul }, { "sqr", body_sqr }, { "add", body_add },
    { "sub", body_sub }, { "inv", body_inv }, { "inv_var", body_inv_var },
  };
  size_t i;

  _kc_modulus_ctx (&ctx, nm);   /* checks its constants, aborts if wrong */
  random_below (a, nm->n, nm->bits);
  random_below (b, nm->n, nm->bits);
  check_field (g, nm, &ctx, a, b);

  memset (&c, 0, sizeof c);
  c.ctx = &ctx;
  c.n = nm->n;
  _kc_mont_to (&ctx, c.x, a);
  _kc_mont_to (&ctx, c.y, b);
  for (i = 0; i < KC_DIM (ops); i++)
    bench_row (g, nm->name, ops[i].op, BENCH_NS_PER_OP, 1, ops[i].body, &c);
}

/* Daira's reduction on Tweedledee (0) or Tweedledum (1), checked against
 * the Montgomery product of the same prime. */
static void
run_daira (const struct bench_group *g, int which)
{
  static kc_mont_ctx ctx;
  static kc_daira_field df;
  const char *mname = which ? "tweedledum_p" : "tweedledee_p";
  const kc_named_modulus *nm = _kc_modulus_by_name (mname);
  struct field_ctx c;
  uint64_t a[KC_MONT_MAX_LIMBS], b[KC_MONT_MAX_LIMBS];
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS], t[4], u[4];
  char name[32];

  bench_check (g->name, nm && nm->n == 4, "%s: not in the moduli table",
               mname);
  snprintf (name, sizeof name, "%s-daira", mname);
  if (!bench_row_wanted (g, name, "mul") && !bench_row_wanted (g, name, "sqr"))
    return;
  _kc_modulus_ctx (&ctx, nm);
  _kc_daira_setup_tweedle (&df, which);
  random_below (a, 4, nm->bits);
  random_below (b, 4, nm->bits);
  _kc_daira_mul (&df, t, a, b);
  _kc_daira_normalize (&df, t, t);
  _kc_mont_to (&ctx, x, a);
  _kc_mont_to (&ctx, y, b);
  _kc_mont_mul_redc (&ctx, x, x, y);
  _kc_mont_from (&ctx, x, x);
  bench_check (g->name, eq (t, x, 4), "%s: Daira product != Montgomery",
               name);
  _kc_daira_sqr (&df, u, a);
  _kc_daira_mul (&df, t, a, a);
  _kc_daira_normalize (&df, u, u);
  _kc_daira_normalize (&df, t, t);
  bench_check (g->name, eq (t, u, 4), "%s: a^2 != a * a", name);

  memset (&c, 0, sizeof c);
  c.df = &df;
  c.n = 4;
  memcpy (c.x, a, 32);
  memcpy (c.y, b, 32);
  bench_row (g, name, "mul", BENCH_NS_PER_OP, 1, body_daira_mul, &c);
  bench_row (g, name, "sqr", BENCH_NS_PER_OP, 1, body_daira_sqr, &c);
}

static void
fields_run (const struct bench_group *g)
{
  static const char *const ops[] = {
    "mul", "sqr", "add", "sub", "inv", "inv_var"
  };
  unsigned int i, k;

  bench_group_begin (g);
  for (i = 0; i < _kc_moduli_count; i++)
    {
      const kc_named_modulus *nm = &_kc_moduli[i];
      /* Set up and check only the fields that have a wanted row. */
      for (k = 0; k < KC_DIM (ops); k++)
        if (bench_row_wanted (g, nm->name, ops[k]))
          break;
      if (k < KC_DIM (ops))
        run_field (g, nm);
    }
  run_daira (g, 0);
  run_daira (g, 1);
}

const struct bench_group bench_group_fields = {
  "fields", "Montgomery arithmetic per named modulus, Daira on Tweedle",
  "fields/<modulus>/{mul,sqr,add,sub,inv,inv_var},"
  " fields/{tweedledee,tweedledum}_p-daira/{mul,sqr}", 0, fields_run
};
