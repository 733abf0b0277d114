/* bench-curves.c - bench-slope group "curves": secp256k1 kernels (5x52
 * field elements of mpi/secp256k1-field.h, scalars mod n of
 * mpi/secp256k1-scalar.h).
 *
 * Rows curves/secp256k1/<kernel>, ns per operation:
 *   fe_mul, fe_sqr       x = x * y, x = x^2 (dependent chains: latency)
 *   fe_inv, fe_inv_var   x = x^-1 (Fermat, constant time / variable time)
 *   fe_sqrt              x = sqrt (x) (or of -x), chained
 *   fe_normalize         full normalisation of a magnitude-8 value,
 *   fe_normalize_classic   borrowing and classic two-pass, interleaved
 *                          (independent iterations: throughput)
 *   scalar_mul           s = s * t mod n, chained
 *   scalar_inv, scalar_inv_var   s = s^-1 mod n, chained
 *   scalar_split_lambda  GLV split of a scalar
 * Self-check before timing: x * x^-1 = 1 (both inversions), x^2 = x * x,
 * sqrt (x^2)^2 = x^2, both normalisations agree on an unnormalised value,
 * s * s^-1 = 1 (both), and r1 + r2 * lambda = k for the GLV split.
 *
 * Needs mpi/secp256k1-field.h and secp256k1-scalar.h (the secp256k1
 * branch).  To build it: add bench-curves.c to bench_slope_SOURCES in
 * tests/Makefile.am and replace the "curves" placeholder in bench-slope.c's
 * groups[] by &bench_group_curves.  Group-law kernels (gej_double,
 * gej_add, ecmult) belong here too once they exist. */
#include "kcrypt-int.h"
#include "bench.h"
#include "secp256k1-field.h"
#include "secp256k1-scalar.h"

struct curves_ctx
{
  kc_secp256k1_fe x, y, big;          /* big: magnitude 8, unnormalised */
  kc_secp256k1_scalar s, t;
};

static void
body_fe_mul (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_fe x = c->x;
  while (iters--)
    kc_secp256k1_fe_mul (&x, &x, &c->y);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_sqr (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_fe x = c->x;
  while (iters--)
    kc_secp256k1_fe_sqr (&x, &x);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_inv (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_fe x = c->x;
  while (iters--)
    _kc_secp256k1_fe_inv (&x, &x);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_inv_var (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_fe x = c->x;
  while (iters--)
    _kc_secp256k1_fe_inv_var (&x, &x);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_sqrt (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_fe x = c->x, r;
  while (iters--)
    {
      _kc_secp256k1_fe_sqrt (&r, &x);     /* r != x is required */
      x = r;
    }
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_normalize (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      kc_secp256k1_fe t = h->big;
      kc_secp256k1_fe_normalize (&t);
      acc += t.n[0] ^ t.n[4];
    }
  bench_consume_u64 (acc);
}

static void
body_fe_normalize_classic (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      kc_secp256k1_fe t = h->big;
      _kc_secp256k1_fe_normalize_classic (&t);
      acc += t.n[0] ^ t.n[4];
    }
  bench_consume_u64 (acc);
}

static void
body_scalar_mul (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_mul (&s, &s, &c->t);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_inv (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_inv (&s, &s);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_inv_var (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_inv_var (&s, &s);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_split_lambda (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  kc_secp256k1_scalar r1, r2;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      _kc_secp256k1_scalar_split_lambda (&r1, &r2, &h->s);
      acc += r1.d[0] ^ r2.d[0];
    }
  bench_consume_u64 (acc);
}

static void
self_check (const struct bench_group *g, struct curves_ctx *c)
{
  /* lambda: the cube root of unity mod n of the GLV endomorphism. */
  static const kc_secp256k1_scalar lambda = KC_SCALAR_CONST
    (0x5363ad4c, 0xc05c30e0, 0xa5261c02, 0x8812645a,
     0x122e22ea, 0x20816678, 0xdf02967c, 0x1b23bd72);
  kc_secp256k1_fe one, t, u, v;
  kc_secp256k1_scalar sone, s1, s2, s3;

  kc_secp256k1_fe_set_int (&one, 1);
  _kc_secp256k1_fe_inv (&t, &c->x);
  kc_secp256k1_fe_mul (&t, &t, &c->x);
  kc_secp256k1_fe_normalize (&t);
  bench_check (g->name, kc_secp256k1_fe_equal_norm (&t, &one), "x * inv (x)");
  _kc_secp256k1_fe_inv_var (&t, &c->x);
  kc_secp256k1_fe_mul (&t, &t, &c->x);
  kc_secp256k1_fe_normalize (&t);
  bench_check (g->name, kc_secp256k1_fe_equal_norm (&t, &one),
               "x * inv_var (x)");
  kc_secp256k1_fe_sqr (&t, &c->x);
  kc_secp256k1_fe_mul (&u, &c->x, &c->x);
  kc_secp256k1_fe_normalize (&t);
  kc_secp256k1_fe_normalize (&u);
  bench_check (g->name, kc_secp256k1_fe_equal_norm (&t, &u), "x^2 != x * x");
  bench_check (g->name, _kc_secp256k1_fe_sqrt (&v, &t), "x^2 not a square");
  kc_secp256k1_fe_sqr (&v, &v);
  kc_secp256k1_fe_normalize (&v);
  bench_check (g->name, kc_secp256k1_fe_equal_norm (&v, &t),
               "sqrt (x^2)^2 != x^2");
  t = c->big;
  u = c->big;
  kc_secp256k1_fe_normalize (&t);
  _kc_secp256k1_fe_normalize_classic (&u);
  bench_check (g->name, kc_secp256k1_fe_equal_norm (&t, &u),
               "normalize and normalize_classic disagree");

  _kc_secp256k1_scalar_set_int (&sone, 1);
  _kc_secp256k1_scalar_inv (&s1, &c->s);
  _kc_secp256k1_scalar_mul (&s1, &s1, &c->s);
  bench_check (g->name, _kc_secp256k1_scalar_eq (&s1, &sone), "s * inv (s)");
  _kc_secp256k1_scalar_inv_var (&s1, &c->s);
  _kc_secp256k1_scalar_mul (&s1, &s1, &c->s);
  bench_check (g->name, _kc_secp256k1_scalar_eq (&s1, &sone),
               "s * inv_var (s)");
  _kc_secp256k1_scalar_split_lambda (&s1, &s2, &c->s);
  _kc_secp256k1_scalar_mul (&s3, &s2, &lambda);
  _kc_secp256k1_scalar_add (&s3, &s3, &s1);
  bench_check (g->name, _kc_secp256k1_scalar_eq (&s3, &c->s),
               "split_lambda: r1 + r2 * lambda != k");
  /* lambda^3 = 1 checks the constant itself. */
  _kc_secp256k1_scalar_mul (&s3, &lambda, &lambda);
  _kc_secp256k1_scalar_mul (&s3, &s3, &lambda);
  bench_check (g->name, _kc_secp256k1_scalar_eq (&s3, &sone),
               "lambda^3 != 1");
}

static void
curves_run (const struct bench_group *g)
{
  static struct curves_ctx c;
  unsigned char b[32];
  int i;

  for (i = 0; i < 32; i++)
    b[i] = (unsigned char) (0x5a ^ (i * 37));
  bench_check (g->name, _kc_secp256k1_fe_set_b32 (&c.x, b), "x >= p");
  b[0] = 0x3c;
  bench_check (g->name, _kc_secp256k1_fe_set_b32 (&c.y, b), "y >= p");
  c.big = c.x;
  for (i = 0; i < 7; i++)
    kc_secp256k1_fe_add (&c.big, &c.y);   /* magnitude 8 */
  _kc_secp256k1_scalar_set_b32 (&c.s, b, NULL);
  b[0] = 0x7e;
  _kc_secp256k1_scalar_set_b32 (&c.t, b, NULL);
  self_check (g, &c);

  bench_group_begin (g);
  bench_row (g, "secp256k1", "fe_mul", BENCH_NS_PER_OP, 1, body_fe_mul, &c);
  bench_row (g, "secp256k1", "fe_sqr", BENCH_NS_PER_OP, 1, body_fe_sqr, &c);
  bench_row (g, "secp256k1", "fe_inv", BENCH_NS_PER_OP, 1, body_fe_inv, &c);
  bench_row (g, "secp256k1", "fe_inv_var", BENCH_NS_PER_OP, 1,
             body_fe_inv_var, &c);
  bench_row (g, "secp256k1", "fe_sqrt", BENCH_NS_PER_OP, 1, body_fe_sqrt, &c);
  {
    const struct bench_row_def norm[2] = {
      { "secp256k1", "fe_normalize", BENCH_NS_PER_OP, 1,
        body_fe_normalize, &c },
      { "secp256k1", "fe_normalize_classic", BENCH_NS_PER_OP, 1,
        body_fe_normalize_classic, &c }
    };
    bench_rows (g, norm, 2);
  }
  bench_row (g, "secp256k1", "scalar_mul", BENCH_NS_PER_OP, 1,
             body_scalar_mul, &c);
  bench_row (g, "secp256k1", "scalar_inv", BENCH_NS_PER_OP, 1,
             body_scalar_inv, &c);
  bench_row (g, "secp256k1", "scalar_inv_var", BENCH_NS_PER_OP, 1,
             body_scalar_inv_var, &c);
  bench_row (g, "secp256k1", "scalar_split_lambda", BENCH_NS_PER_OP, 1,
             body_scalar_split_lambda, &c);
}

const struct bench_group bench_group_curves = {
  "curves", "secp256k1 field and scalar kernels",
  "curves/secp256k1/{fe_mul,fe_sqr,fe_inv,fe_inv_var,fe_sqrt,fe_normalize,"
  "fe_normalize_classic,scalar_mul,scalar_inv,scalar_inv_var,"
  "scalar_split_lambda}", 0, curves_run
};
