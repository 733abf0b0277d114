/* bench-curves.c - bench-slope group "curves": secp256k1 group kernels
 * (cipher/secp256k1/group.h, secp256k1/ecmult.h) and field/scalar
 * kernels; and the 5x52 field rows of the groups "fields" and "chained"
 * (bench_fields_5x52, bench_chained_5x52, called from bench-fields.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows curves/secp256k1/<kernel>, ns per operation (a dependent chain:
 * each result is the next input, so these are latencies):
 *   gej_double       R = 2R                 (_kc_secp256k1_gej_double)
 *   gej_add          R = R + B, B Jacobian  (_kc_secp256k1_gej_add_var)
 *   gej_add_ge       R = R + B, B affine, constant time and complete
 *                                           (_kc_secp256k1_gej_add_ge)
 *   gej_add_ge_var   the same, variable time (_kc_secp256k1_gej_add_ge_var)
 *   ecmult_gen       k*G, constant time     (_kc_secp256k1_ecmult_gen)
 *   ecmult           a*P + b*G, variable time (_kc_secp256k1_ecmult_var)
 *   batch_inv        64 field elements inverted with one inversion
 *                    (Montgomery's trick: 3*63 multiplications and one
 *                    constant-time safegcd inverse); the figure is per
 *                    batch of 64
 *   fe_inv, fe_inv_var, fe_sqrt, scalar_mul, scalar_inv, scalar_inv_var,
 *   scalar_split_lambda   field and scalar kernels, chained the same way
 *                    (fe_sqrt on the field the group uses: the 4x64 one
 *                    where it is chosen)
 *   verify_lanes64_<path> (path = portable, avx2, ifma: those the build
 *                    and the CPU have)
 *                    64 ECDSA verifications of parsed items (scalars and
 *                    points, 64 keys) on one forced path of the batch
 *                    verifier (_kc_ecdsa_verify_batch_path_var): the
 *                    single verification item by item, four AVX2 lanes,
 *                    eight AVX-512 IFMA lanes; microseconds per signature,
 *                    throughput, the paths timed interleaved.  The public
 *                    call's choice among them is ecc/secp256k1/
 *                    verify_batch64 (KCRYPT_HWF_MASK masks it).
 * Self-check before timing: 2G and 3G computed by gej_double, by every
 * addition and by both ecmults equal their known affine coordinates; the
 * batch inverse times each input is 1; x * x^-1 = 1, sqrt (x^2)^2 = x^2,
 * s * s^-1 = 1, r1 + r2 * lambda = k and lambda^3 = 1; every path
 * accepts the 64 signatures and rejects the one whose digest was changed,
 * and only it.
 *
 * Rows fields/secp256k1_5x52/<op> (bench_fields_5x52), ns per operation,
 * throughput: each iteration does 8 independent operations (mul, sqr) or
 * loads a fresh input (normalize*, whose input must stay unnormalised):
 *   mul, sqr             _kc_secp256k1_fe_mul / _sqr
 *   normalize            _kc_secp256k1_fe_normalize (borrowing, one
 *                        reduction pass and a borrow pass) of a
 *                        magnitude-8 value
 *   normalize_classic    _kc_secp256k1_fe_normalize_classic (reduce, then
 *                        compare with p), same input; timed interleaved
 *                        with normalize
 *   normalizes_to_zero   _kc_secp256k1_fe_normalizes_to_zero, same input
 * Rows fields/secp256k1_4x64/{mul,sqr} (bench_fields_4x64): the same for
 * the 4x64 MULX/ADX field of the Zen 4/5 ecmult
 * (cipher/secp256k1/x86_64/field-4x64.h), where the build has it and the CPU
 * has BMI2 and ADX; interleaved with the 5x52 rows when both are chosen.
 * Rows chained/<op>/secp256k1_5x52 (bench_chained_5x52): 64 dependent
 * normalizations (normalize, normalize_classic) per iteration, reported
 * per normalization.  Both are constant time, so a chain (whose values
 * are normalized after the first step) does the same work as fresh
 * magnitude-8 inputs.
 */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"
#include "secp256k1/field-5x52.h"
#include "secp256k1/x86_64/field-4x64.h"
#include "secp256k1/scalar.h"
#include "secp256k1/group.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/ecdsa.h"
#include "secp256k1/ecdsa-batch.h"

#define BATCH 64
#define LANES 8                 /* independent operations per iteration */
#define CHAIN 64                /* dependent operations per iteration */

struct curves_ctx
{
  _kc_secp256k1_gej pj, bj;             /* start point, Jacobian addend */
  _kc_secp256k1_ge bge;                 /* affine addend */
  _kc_secp256k1_scalar k, a, b;         /* ecmult_gen k; ecmult a, b */
  _kc_secp256k1_fe x, y, big;           /* big: magnitude 8, unnormalised */
  _kc_secp256k1_fe lanes[LANES];
  _kc_secp256k1_fe batch[BATCH];
  _kc_secp256k1_scalar s, t;
};

/* ------------------------------------------------------- group kernels */

static void
body_gej_double (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r = c->pj;
  while (iters--)
    _kc_secp256k1_gej_double (&r, &r);
  bench_consume (&r.x, sizeof r.x.n);
}

static void
body_gej_add (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r = c->pj;
  while (iters--)
    _kc_secp256k1_gej_add_var (&r, &r, &c->bj);
  bench_consume (&r.x, sizeof r.x.n);
}

static void
body_gej_add_ge (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r = c->pj;
  while (iters--)
    _kc_secp256k1_gej_add_ge (&r, &r, &c->bge);
  bench_consume (&r.x, sizeof r.x.n);
}

static void
body_gej_add_ge_var (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r = c->pj;
  while (iters--)
    _kc_secp256k1_gej_add_ge_var (&r, &r, &c->bge);
  bench_consume (&r.x, sizeof r.x.n);
}

static void
body_ecmult_gen (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      _kc_secp256k1_ecmult_gen (&r, &h->k);
      bench_consume (&r.x, sizeof r.x.n);
    }
}

static void
body_ecmult (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_gej r;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      _kc_secp256k1_ecmult_var (&r, &h->pj, &h->a, &h->b);
      bench_consume (&r.x, sizeof r.x.n);
    }
}

/* R[i] = A[i]^-1 for N elements (1 <= N <= BATCH, each of magnitude <= 1,
 * nonzero) with one inversion: prefix products P_i = A_0 ... A_i, then
 * inv = P_{N-1}^-1 and, going down, R_i = inv * P_{i-1}, inv = inv * A_i.
 * 3(N-1) multiplications.  Constant time.  R must not alias A. */
static void
batch_inverse (_kc_secp256k1_fe *r, const _kc_secp256k1_fe *a, size_t n)
{
  _kc_secp256k1_fe inv;
  size_t i;

  r[0] = a[0];
  for (i = 1; i < n; i++)
    _kc_secp256k1_fe_mul (&r[i], &r[i - 1], &a[i]);
  _kc_secp256k1_fe_inv (&inv, &r[n - 1]);
  for (i = n - 1; i > 0; i--)
    {
      _kc_secp256k1_fe_mul (&r[i], &r[i - 1], &inv);
      _kc_secp256k1_fe_mul (&inv, &inv, &a[i]);
    }
  r[0] = inv;
}

static void
body_batch_inv (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe r[BATCH];
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      batch_inverse (r, h->batch, BATCH);
      bench_consume (&r[BATCH / 2], sizeof r[0].n);
    }
}

/* ------------------------------------------------ field, scalar kernels */

static void
body_fe_inv (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe x = c->x;
  while (iters--)
    _kc_secp256k1_fe_inv (&x, &x);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_inv_var (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe x = c->x;
  while (iters--)
    _kc_secp256k1_fe_inv_var (&x, &x);
  bench_consume (&x, sizeof x.n);
}

static void
body_fe_sqrt (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe x = c->x, r;
  uint64_t acc = 0;
  while (iters--)
    {
      acc += (uint64_t) _kc_secp256k1_fe_sqrt_chosen (&r, &x);  /* r != x */
      x = r;
    }
  bench_consume_u64 (acc);
  bench_consume (&x, sizeof x.n);
}

static void
body_scalar_mul (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_mul (&s, &s, &c->t);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_inv (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_inv (&s, &s);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_inv_var (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_scalar s = c->s;
  while (iters--)
    _kc_secp256k1_scalar_inv_var (&s, &s);
  bench_consume (&s, sizeof s);
}

static void
body_scalar_split_lambda (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_scalar r1, r2;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      _kc_secp256k1_scalar_split_lambda (&r1, &r2, &h->s);
      acc += r1.d[0] ^ r2.d[0];
    }
  bench_consume_u64 (acc);
}

/* ------------------------------------ 4x64 field rows (fields) */

#ifdef KC_LIMB_ADX
static void
body_fe64_mul (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_fe64 x[LANES], y;
  int j;
  for (j = 0; j < LANES; j++)
    _kc_fe64_from_fe (&x[j], &c->lanes[j]);
  _kc_fe64_from_fe (&y, &c->y);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_fe64_mul (&x[j], &x[j], &y);
  for (j = 0; j < LANES; j++)
    bench_consume (&x[j], sizeof x[j].n);
}

static void
body_fe64_sqr (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_fe64 x[LANES];
  int j;
  for (j = 0; j < LANES; j++)
    _kc_fe64_from_fe (&x[j], &c->lanes[j]);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_fe64_sqr (&x[j], &x[j]);
  for (j = 0; j < LANES; j++)
    bench_consume (&x[j], sizeof x[j].n);
}
#endif

/* ------------------------------------ 5x52 field rows (fields, chained) */

static void
body_fe_mul (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe x[LANES];
  int j;
  memcpy (x, c->lanes, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_secp256k1_fe_mul (&x[j], &x[j], &c->y);
  for (j = 0; j < LANES; j++)
    bench_consume (&x[j], sizeof x[j].n);
}

static void
body_fe_sqr (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe x[LANES];
  int j;
  memcpy (x, c->lanes, sizeof x);
  while (iters--)
    for (j = 0; j < LANES; j++)
      _kc_secp256k1_fe_sqr (&x[j], &x[j]);
  for (j = 0; j < LANES; j++)
    bench_consume (&x[j], sizeof x[j].n);
}

static void
body_fe_normalize (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      _kc_secp256k1_fe t = h->big;
      _kc_secp256k1_fe_normalize (&t);
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
      _kc_secp256k1_fe t = h->big;
      _kc_secp256k1_fe_normalize_classic (&t);
      acc += t.n[0] ^ t.n[4];
    }
  bench_consume_u64 (acc);
}

static void
body_fe_normalizes_to_zero (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    {
      const struct curves_ctx *h = bench_hide_ptr (c);
      acc += (uint64_t) _kc_secp256k1_fe_normalizes_to_zero (&h->big);
    }
  bench_consume_u64 (acc);
}

static void
body_chain_normalize (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe t = c->big;
  int j;
  while (iters--)
    for (j = 0; j < CHAIN; j++)
      _kc_secp256k1_fe_normalize (&t);
  bench_consume (&t, sizeof t.n);
}

static void
body_chain_normalize_classic (void *vctx, uint64_t iters)
{
  const struct curves_ctx *c = vctx;
  _kc_secp256k1_fe t = c->big;
  int j;
  while (iters--)
    for (j = 0; j < CHAIN; j++)
      _kc_secp256k1_fe_normalize_classic (&t);
  bench_consume (&t, sizeof t.n);
}

/* ---------------------------------------------------------- self-check */

/* A (finite) must be the affine point (X, Y), given in hex. */
static void
check_point (const char *group, const char *what, const _kc_secp256k1_gej *a,
             const char *x, const char *y)
{
  _kc_secp256k1_ge ge;
  unsigned char b[32];
  char w[64];

  bench_check (group, !a->infinity, "%s is infinity", what);
  _kc_secp256k1_ge_set_gej_var (&ge, a);
  _kc_secp256k1_fe_normalize (&ge.x);
  _kc_secp256k1_fe_normalize (&ge.y);
  _kc_secp256k1_fe_get_b32 (b, &ge.x);
  snprintf (w, sizeof w, "%s x", what);
  bench_check_hex (group, w, b, 32, x);
  _kc_secp256k1_fe_get_b32 (b, &ge.y);
  snprintf (w, sizeof w, "%s y", what);
  bench_check_hex (group, w, b, 32, y);
}

static const char g2x[] =
  "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5";
static const char g2y[] =
  "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a";
static const char g3x[] =
  "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9";
static const char g3y[] =
  "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672";

static void
check_group (const char *group)
{
  _kc_secp256k1_gej g, g2, t;
  _kc_secp256k1_ge g2a;
  _kc_secp256k1_scalar k, one;

  _kc_secp256k1_gej_set_ge (&g, &_kc_secp256k1_ge_g);
  _kc_secp256k1_gej_double (&g2, &g);
  check_point (group, "gej_double (G)", &g2, g2x, g2y);
  _kc_secp256k1_gej_double_var (&t, &g);
  check_point (group, "gej_double_var (G)", &t, g2x, g2y);
  _kc_secp256k1_gej_add_var (&t, &g2, &g);
  check_point (group, "gej_add_var (2G, G)", &t, g3x, g3y);
  _kc_secp256k1_gej_add_ge (&t, &g2, &_kc_secp256k1_ge_g);
  check_point (group, "gej_add_ge (2G, G)", &t, g3x, g3y);
  _kc_secp256k1_gej_add_ge_var (&t, &g2, &_kc_secp256k1_ge_g);
  check_point (group, "gej_add_ge_var (2G, G)", &t, g3x, g3y);
  /* The complete addition on its special case A = B: G + G = 2G. */
  _kc_secp256k1_gej_add_ge (&t, &g, &_kc_secp256k1_ge_g);
  check_point (group, "gej_add_ge (G, G)", &t, g2x, g2y);
  _kc_secp256k1_ge_set_gej (&g2a, &g2);
  _kc_secp256k1_gej_set_ge (&t, &g2a);
  _kc_secp256k1_gej_add_ge (&t, &t, &_kc_secp256k1_ge_g);
  check_point (group, "gej_add_ge (affine 2G, G)", &t, g3x, g3y);

  _kc_secp256k1_scalar_set_int (&k, 2);
  _kc_secp256k1_ecmult_gen (&t, &k);
  check_point (group, "ecmult_gen (2)", &t, g2x, g2y);
  _kc_secp256k1_scalar_set_int (&k, 3);
  _kc_secp256k1_ecmult_gen (&t, &k);
  check_point (group, "ecmult_gen (3)", &t, g3x, g3y);
  _kc_secp256k1_scalar_set_int (&one, 1);
  _kc_secp256k1_ecmult_var (&t, &g2, &one, &one);
  check_point (group, "ecmult (1*2G + 1*G)", &t, g3x, g3y);
  _kc_secp256k1_scalar_set_int (&k, 0);
  _kc_secp256k1_ecmult_var (&t, &g, &k, &one);
  _kc_secp256k1_ecmult_var (&g2, &t, &one, &one);
  check_point (group, "ecmult (1*G + 1*G)", &g2, g2x, g2y);
}

/* The bench inputs of the group rows: ecmult_gen (k) agrees with ecmult
 * (0*P + k*G), and ecmult (a*P + b*G) with P = p*G agrees with
 * ecmult_gen (a*p + b). */
static void
check_ecmult_inputs (const char *group, const struct curves_ctx *c,
                     const _kc_secp256k1_scalar *p)
{
  _kc_secp256k1_gej r1, r2;
  _kc_secp256k1_ge a1, a2;
  _kc_secp256k1_scalar zero, e;

  _kc_secp256k1_scalar_set_int (&zero, 0);
  _kc_secp256k1_ecmult_gen (&r1, &c->k);
  _kc_secp256k1_ecmult_var (&r2, &c->pj, &zero, &c->k);
  _kc_secp256k1_ge_set_gej_var (&a1, &r1);
  _kc_secp256k1_ge_set_gej_var (&a2, &r2);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&a1.x, &a2.x)
               && _kc_secp256k1_fe_equal_norm (&a1.y, &a2.y),
               "ecmult_gen (k) != ecmult (0*P + k*G)");
  _kc_secp256k1_scalar_mul (&e, &c->a, p);
  _kc_secp256k1_scalar_add (&e, &e, &c->b);
  _kc_secp256k1_ecmult_gen (&r1, &e);
  _kc_secp256k1_ecmult_var (&r2, &c->pj, &c->a, &c->b);
  _kc_secp256k1_ge_set_gej_var (&a1, &r1);
  _kc_secp256k1_ge_set_gej_var (&a2, &r2);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&a1.x, &a2.x)
               && _kc_secp256k1_fe_equal_norm (&a1.y, &a2.y),
               "ecmult (a*P + b*G) != ecmult_gen (a*p + b) for P = p*G");
}

static void
check_field (const char *group, const struct curves_ctx *c)
{
  _kc_secp256k1_fe one, t, u, v, r[BATCH];
  size_t i;

  _kc_secp256k1_fe_set_int (&one, 1);
  _kc_secp256k1_fe_inv (&t, &c->x);
  _kc_secp256k1_fe_mul (&t, &t, &c->x);
  _kc_secp256k1_fe_normalize (&t);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&t, &one), "x * inv (x)");
  _kc_secp256k1_fe_inv_var (&t, &c->x);
  _kc_secp256k1_fe_mul (&t, &t, &c->x);
  _kc_secp256k1_fe_normalize (&t);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&t, &one),
               "x * inv_var (x)");
  _kc_secp256k1_fe_sqr (&t, &c->x);
  _kc_secp256k1_fe_mul (&u, &c->x, &c->x);
  _kc_secp256k1_fe_normalize (&t);
  _kc_secp256k1_fe_normalize (&u);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&t, &u), "x^2 != x * x");
  bench_check (group, _kc_secp256k1_fe_sqrt (&v, &t), "x^2 not a square");
  _kc_secp256k1_fe_sqr (&v, &v);
  _kc_secp256k1_fe_normalize (&v);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&v, &t),
               "sqrt (x^2)^2 != x^2");
  t = c->big;
  u = c->big;
  _kc_secp256k1_fe_normalize (&t);
  _kc_secp256k1_fe_normalize_classic (&u);
  bench_check (group, _kc_secp256k1_fe_equal_norm (&t, &u),
               "normalize and normalize_classic disagree");
  bench_check (group, !_kc_secp256k1_fe_normalizes_to_zero (&c->big),
               "normalizes_to_zero on a nonzero value");
  /* big - t (t its normalized value) is 0 mod p, unnormalised. */
  _kc_secp256k1_fe_negate (&u, &t, 1);
  v = c->big;
  _kc_secp256k1_fe_add (&v, &u);
  bench_check (group, _kc_secp256k1_fe_normalizes_to_zero (&v),
               "normalizes_to_zero misses a zero");

  batch_inverse (r, c->batch, BATCH);
  for (i = 0; i < BATCH; i++)
    {
      _kc_secp256k1_fe_mul (&t, &r[i], &c->batch[i]);
      _kc_secp256k1_fe_normalize (&t);
      bench_check (group, _kc_secp256k1_fe_equal_norm (&t, &one),
                   "batch inverse: element %zu", i);
    }
}

static void
check_scalar (const char *group, const struct curves_ctx *c)
{
  /* lambda: the cube root of unity mod n of the GLV endomorphism. */
  static const _kc_secp256k1_scalar lambda = KC_SCALAR_CONST
    (0x5363ad4c, 0xc05c30e0, 0xa5261c02, 0x8812645a,
     0x122e22ea, 0x20816678, 0xdf02967c, 0x1b23bd72);
  _kc_secp256k1_scalar sone, s1, s2, s3;

  _kc_secp256k1_scalar_set_int (&sone, 1);
  _kc_secp256k1_scalar_inv (&s1, &c->s);
  _kc_secp256k1_scalar_mul (&s1, &s1, &c->s);
  bench_check (group, _kc_secp256k1_scalar_eq (&s1, &sone), "s * inv (s)");
  _kc_secp256k1_scalar_inv_var (&s1, &c->s);
  _kc_secp256k1_scalar_mul (&s1, &s1, &c->s);
  bench_check (group, _kc_secp256k1_scalar_eq (&s1, &sone),
               "s * inv_var (s)");
  _kc_secp256k1_scalar_split_lambda (&s1, &s2, &c->s);
  _kc_secp256k1_scalar_mul (&s3, &s2, &lambda);
  _kc_secp256k1_scalar_add (&s3, &s3, &s1);
  bench_check (group, _kc_secp256k1_scalar_eq (&s3, &c->s),
               "split_lambda: r1 + r2 * lambda != k");
  _kc_secp256k1_scalar_mul (&s3, &lambda, &lambda);
  _kc_secp256k1_scalar_mul (&s3, &s3, &lambda);
  bench_check (group, _kc_secp256k1_scalar_eq (&s3, &sone),
               "lambda^3 != 1");
}

/* ------------------------------------------------------------- set-up */

static uint64_t rng_state = 0x452821e638d01377ULL;

static void
rand32 (unsigned char b[32])
{
  int i;
  for (i = 0; i < 32; i++)
    b[i] = (unsigned char) (bench_rand64 (&rng_state) >> 56);
  b[0] &= 0x7f;                 /* below p and n */
  b[31] |= 1;                   /* nonzero */
}

static struct curves_ctx curves_ctx;
static int curves_ready;

/* Fill the inputs once (all three users share them) and check the field
 * kernels they rely on. */
static struct curves_ctx *
setup (const char *group)
{
  struct curves_ctx *c = &curves_ctx;
  unsigned char b[32];
  _kc_secp256k1_scalar p, q;
  _kc_secp256k1_gej t;
  int i;

  if (curves_ready)
    return c;
  rand32 (b);
  bench_check (group, _kc_secp256k1_fe_set_b32 (&c->x, b), "x >= p");
  rand32 (b);
  bench_check (group, _kc_secp256k1_fe_set_b32 (&c->y, b), "y >= p");
  c->big = c->x;
  for (i = 0; i < 7; i++)
    _kc_secp256k1_fe_add (&c->big, &c->y);         /* magnitude 8 */
  for (i = 0; i < LANES; i++)
    {
      rand32 (b);
      bench_check (group, _kc_secp256k1_fe_set_b32 (&c->lanes[i], b),
                   "lane >= p");
    }
  for (i = 0; i < BATCH; i++)
    {
      rand32 (b);
      bench_check (group, _kc_secp256k1_fe_set_b32 (&c->batch[i], b),
                   "batch element >= p");
    }
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&c->s, b, NULL);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&c->t, b, NULL);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&c->k, b, NULL);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&c->a, b, NULL);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&c->b, b, NULL);

  /* P = p*G (Jacobian, Z != 1); B = another Jacobian point; bge = an
   * affine one. */
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&p, b, NULL);
  _kc_secp256k1_ecmult_gen (&c->pj, &p);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&q, b, NULL);
  _kc_secp256k1_ecmult_gen (&c->bj, &q);
  rand32 (b);
  _kc_secp256k1_scalar_set_b32 (&q, b, NULL);
  _kc_secp256k1_ecmult_gen (&t, &q);
  _kc_secp256k1_ge_set_gej (&c->bge, &t);

  check_field (group, c);
  check_scalar (group, c);
  check_ecmult_inputs (group, c, &p);
  curves_ready = 1;
  return c;
}

/* ------------------------------------------- batch verification paths */

#define VBATCH 64
struct lanes_ctx
{
  _kc_secp256k1_scalar r[VBATCH], s[VBATCH], m[VBATCH];
  _kc_secp256k1_ge pub[VBATCH];
  int path;
};
static struct lanes_ctx lanes_ctx[KC_ECDSA_BATCH_NPATHS];

static void
body_verify_lanes (void *vctx, uint64_t iters)
{
  const struct lanes_ctx *c = vctx;
  int ok[VBATCH];
  uint64_t acc = 0;
  while (iters--)
    {
      const struct lanes_ctx *h = bench_hide_ptr (c);
      _kc_ecdsa_verify_batch_path_var (h->path, ok, VBATCH, h->r, h->s, h->pub,
                                       h->m);
      acc += (uint64_t) ok[0] + (uint64_t) ok[VBATCH - 1];
    }
  bench_consume_u64 (acc);
}

/* 64 signatures under 64 keys; every usable path accepts them all and
 * rejects exactly a changed one. */
static void
lanes_setup (const char *group)
{
  static struct lanes_ctx base, t;
  struct lanes_ctx *c = &base;
  _kc_secp256k1_scalar d, one;
  _kc_secp256k1_gej pj;
  unsigned char b[32];
  int ok[VBATCH], p;
  size_t i;

  _kc_secp256k1_scalar_set_int (&one, 1);
  for (i = 0; i < VBATCH; i++)
    {
      rand32 (b);
      _kc_secp256k1_scalar_set_b32 (&d, b, NULL);
      _kc_secp256k1_ecmult_gen (&pj, &d);
      _kc_secp256k1_ge_set_gej (&c->pub[i], &pj);
      rand32 (b);
      _kc_secp256k1_scalar_set_b32 (&c->m[i], b, NULL);
      _kc_ecdsa_sign (&c->r[i], &c->s[i], &d, &c->m[i]);
    }
  t = *c;
  for (p = 0; p < KC_ECDSA_BATCH_NPATHS; p++)
    {
      lanes_ctx[p] = *c;
      lanes_ctx[p].path = p;
      if (!_kc_ecdsa_batch_path_usable (p))
        continue;
      _kc_ecdsa_verify_batch_path_var (p, ok, VBATCH, c->r, c->s, c->pub,
                                       c->m);
      for (i = 0; i < VBATCH; i++)
        bench_check (group, ok[i] == 1, "path %d rejects signature %zu", p, i);
      _kc_secp256k1_scalar_add (&t.m[37], &c->m[37], &one);
      _kc_ecdsa_verify_batch_path_var (p, ok, VBATCH, c->r, c->s, c->pub,
                                       t.m);
      for (i = 0; i < VBATCH; i++)
        bench_check (group, ok[i] == (i != 37), "path %d on a changed digest:"
                     " item %zu says %d", p, i, ok[i]);
    }
}

static void
bench_lanes (const struct bench_group *g)
{
  static const char *const names[KC_ECDSA_BATCH_NPATHS] = {
    [KC_ECDSA_BATCH_PORTABLE] = "verify_lanes64_portable",
    [KC_ECDSA_BATCH_AVX2] = "verify_lanes64_avx2",
    [KC_ECDSA_BATCH_IFMA] = "verify_lanes64_ifma"
  };
  struct bench_row_def rows[KC_ECDSA_BATCH_NPATHS];
  size_t n = 0;
  int p;

  for (p = 0; p < KC_ECDSA_BATCH_NPATHS; p++)
    if (bench_row_wanted (g, "secp256k1", names[p]))
      break;
  if (p == KC_ECDSA_BATCH_NPATHS)
    return;
  lanes_setup (g->name);
  for (p = 0; p < KC_ECDSA_BATCH_NPATHS; p++)
    if (_kc_ecdsa_batch_path_usable (p))
      {
        struct bench_row_def r = { "secp256k1", names[p], BENCH_US_PER_OP,
                                   VBATCH, body_verify_lanes, &lanes_ctx[p] };
        rows[n++] = r;
      }
  bench_rows (g, rows, n);
}

static void
curves_run (const struct bench_group *g)
{
  static const struct
  {
    const char *op;
    bench_body body;
  } rows[] = {
    { "gej_double", body_gej_double },
    { "gej_add", body_gej_add },
    { "gej_add_ge", body_gej_add_ge },
    { "gej_add_ge_var", body_gej_add_ge_var },
    { "ecmult_gen", body_ecmult_gen },
    { "ecmult", body_ecmult },
    { "batch_inv", body_batch_inv },
    { "fe_inv", body_fe_inv },
    { "fe_inv_var", body_fe_inv_var },
    { "fe_sqrt", body_fe_sqrt },
    { "scalar_mul", body_scalar_mul },
    { "scalar_inv", body_scalar_inv },
    { "scalar_inv_var", body_scalar_inv_var },
    { "scalar_split_lambda", body_scalar_split_lambda },
  };
  struct curves_ctx *c;
  size_t i;

  check_group (g->name);
  c = setup (g->name);
  bench_group_begin (g);
  for (i = 0; i < KC_DIM (rows); i++)
    bench_row (g, "secp256k1", rows[i].op, BENCH_NS_PER_OP, 1, rows[i].body,
               c);
  bench_lanes (g);
}

void
bench_fields_5x52 (const struct bench_group *g)
{
  struct curves_ctx *c;
  const char *name = "secp256k1_5x52";
  static const char *const ops[] = {
    "mul", "sqr", "normalize", "normalize_classic", "normalizes_to_zero"
  };
  size_t i;

  for (i = 0; i < KC_DIM (ops); i++)
    if (bench_row_wanted (g, name, ops[i]))
      break;
  if (i == KC_DIM (ops))
    return;
  c = setup (g->name);
  {
    const struct bench_row_def mul[2] = {
      { name, "mul", BENCH_NS_PER_OP, LANES, body_fe_mul, c },
      { name, "sqr", BENCH_NS_PER_OP, LANES, body_fe_sqr, c }
    };
    const struct bench_row_def norm[3] = {
      { name, "normalize", BENCH_NS_PER_OP, 1, body_fe_normalize, c },
      { name, "normalize_classic", BENCH_NS_PER_OP, 1,
        body_fe_normalize_classic, c },
      { name, "normalizes_to_zero", BENCH_NS_PER_OP, 1,
        body_fe_normalizes_to_zero, c }
    };
    bench_rows (g, mul, 2);
    bench_rows (g, norm, 3);
  }
}

void
bench_fields_4x64 (const struct bench_group *g)
{
#ifdef KC_LIMB_ADX
  const char *name = "secp256k1_4x64";
  unsigned int need = KC_HWF_BMI2 | KC_HWF_ADX;

  if ((!bench_row_wanted (g, name, "mul") && !bench_row_wanted (g, name, "sqr"))
      || (_kc_hwf () & need) != need)
    return;
  {
    struct curves_ctx *c = setup (g->name);
    const struct bench_row_def rows[2] = {
      { name, "mul", BENCH_NS_PER_OP, LANES, body_fe64_mul, c },
      { name, "sqr", BENCH_NS_PER_OP, LANES, body_fe64_sqr, c }
    };
    bench_rows (g, rows, 2);
  }
#else
  (void) g;
#endif
}

void
bench_chained_5x52 (const struct bench_group *g)
{
  const char *name = "secp256k1_5x52";
  struct curves_ctx *c;

  if (!bench_row_wanted (g, name, "normalize")
      && !bench_row_wanted (g, name, "normalize_classic"))
    return;
  c = setup (g->name);
  {
    const struct bench_row_def norm[2] = {
      { name, "normalize", BENCH_NS_PER_OP, CHAIN, body_chain_normalize, c },
      { name, "normalize_classic", BENCH_NS_PER_OP, CHAIN,
        body_chain_normalize_classic, c }
    };
    bench_rows (g, norm, 2);
  }
}

const struct bench_group bench_group_curves = {
  "curves", "secp256k1 group, field and scalar kernels (chained: latency)",
  "curves/secp256k1/{gej_double,gej_add,gej_add_ge,gej_add_ge_var,\n"
  "             ecmult_gen,ecmult,batch_inv,fe_inv,fe_inv_var,fe_sqrt,\n"
  "             scalar_mul,scalar_inv,scalar_inv_var,scalar_split_lambda,\n"
  "             verify_lanes64_{portable,avx2,ifma}}",
  0, curves_run
};
