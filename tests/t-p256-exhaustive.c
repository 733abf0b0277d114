/* t-p256-exhaustive.c - the P-256 group law and multiplications
 * (cipher/p256/group-rcb.c, mult.c) exhaustively on small curves.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * THE IDEA (libsecp256k1's tests_exhaustive.c): the complete formulas of
 * Renes, Costello and Batina hold on every short Weierstrass curve
 * y^2 = x^3 - 3x + b of odd order over a prime field, so the library's
 * own sources, built again here with KC_P256_EXHAUSTIVE, run unchanged on
 * a small field (the four-limb Montgomery kernels of mpi/mont.c work for
 * any odd modulus below 2^256) and a small curve of prime order q, where
 * every point and every pair is a finite list.  The reference is textbook
 * affine arithmetic in machine integers, which builds the list iG,
 * i = 0..q-1, and checks qG = O and that every point is on the curve.
 *
 * THE CURVES (found by counting points, p = 3 mod 4 for the square root):
 *     p = 131, b = 73:  q = 137
 *     p = 283, b = 13:  q = 313
 * q > 127, so the 64 odd multiples of G in the wNAF table and the 32
 * multiples per comb row are never infinity.
 *
 * COVERED, on each curve:
 *   - gep_add for every pair (P, Q) of group elements, O included (P + Q,
 *     P + P, P + (-P), P + O, O + P, O + O), each with a random Z (O as
 *     (0 : Y : 0) with a random Y), also in place;
 *   - gep_add_ge for every P and every finite Q; gep_double for every P;
 *     gep_neg, ge_set_gep (ct) and ge_set_gep_var, ge_is_valid for every
 *     point and for perturbed ones, ge_set_xo_var for every x (both
 *     parities, and the x without a point);
 *   - ecmult_const K*A for every finite A and every K in [0, q), and for
 *     random 256-bit K (value K mod q);
 *   - the comb (on a table of the small G built here) for every K in
 *     [0, q) and random 256-bit K, from infinity and from a random start;
 *   - ecmult_var NA*A + NG*G (Strauss, wNAF) for every (NA, NG) in
 *     [0, q)^2 with A = O, G, and a third point, and random 256-bit pairs.
 * NOT COVERED here: the real constants (b, G, the shipped tables: t-p256
 * checks those against OpenSSL and the published vectors), and the
 * scalars mod n (t-p256-field).
 */
#define KC_P256_EXHAUSTIVE 1
#include "kcrypt-int.h"
#include "mont.h"
#include "modinv.h"
#include "moduli.h"
#include "t-common.h"

/* the sources under test, on the small field */
#include "p256/field-mont.c"
#include "p256/group-rcb.c"
#include "p256/mult.c"

typedef _kc_p256_scalar sc;

_kc_named_modulus _kc_p256_exh_field;
_kc_modinv256_modulus _kc_p256_exh_inv;
_kc_p256_fe _kc_p256_exh_b;

/* ---- the reference: affine points, coordinates in [0, p) ---- */
typedef struct { int inf; long x, y; } rpt;
static long P, Bc, Q;

static long md (long a) { a %= P; return a < 0 ? a + P : a; }

static long
rinv (long a)
{
  long r = 1, e = P - 2, b = md (a);
  while (e)
    {
      if (e & 1)
        r = r * b % P;
      b = b * b % P;
      e >>= 1;
    }
  return r;
}

static rpt
radd (rpt a, rpt b)
{
  rpt r = { 1, 0, 0 };
  long lam;
  if (a.inf)
    return b;
  if (b.inf)
    return a;
  if (a.x == b.x)
    {
      if (md (a.y + b.y) == 0)
        return r;
      lam = md ((3 * a.x * a.x - 3) % P * rinv (2 * a.y));
    }
  else
    lam = md (md (b.y - a.y) * rinv (b.x - a.x));
  r.inf = 0;
  r.x = md (lam * lam - a.x - b.x);
  r.y = md (lam * md (a.x - r.x) - a.y);
  return r;
}

static int
ron_curve (rpt a)
{
  return a.inf || md (a.y * a.y - (a.x * a.x % P * a.x - 3 * a.x + Bc)) == 0;
}

#define QMAX 400
static rpt mult[QMAX];          /* i G */
static int index_of[QMAX][QMAX]; /* (x, y) -> i, or -1 */

/* ---- conversions ---- */
static void
fe_of (fe *r, long v)
{
  _kc_p256_fe_set_int (r, (unsigned int) md (v));
}

static long
long_of (const fe *a)
{
  unsigned char b[32];
  long v = 0;
  int i;
  _kc_p256_fe_get_b32 (b, a);
  for (i = 0; i < 32; i++)
    v = v * 256 + b[i];          /* below p: the top bytes are zero */
  return v;
}

static long
rand_nonzero (void)
{
  return 1 + (long) (t_rand64 () % (uint64_t) (P - 1));
}

/* index i -> a projective form with a random Z */
static void
gep_of (gep *r, int i)
{
  long z = rand_nonzero ();
  fe zf, t;
  fe_of (&zf, z);
  if (mult[i].inf)
    {
      /* (0 : Y : 0), Y random nonzero: the curve's one point with Z = 0
       * (X^3 = 0 there) */
      fe_of (&r->x, 0);
      fe_of (&r->y, rand_nonzero ());
      memset (&r->z, 0, sizeof r->z);
      return;
    }
  fe_of (&t, mult[i].x);
  _kc_p256_fe_mul (&r->x, &t, &zf);
  fe_of (&t, mult[i].y);
  _kc_p256_fe_mul (&r->y, &t, &zf);
  r->z = zf;
}

static void
ge_of (ge *r, int i)
{
  fe_of (&r->x, mult[i].x);
  fe_of (&r->y, mult[i].y);
}

/* the index of a projective point (-1 if not a group element); every
 * eighth call also checks that the ct and the variable-time conversions
 * agree */
static int
index_gep (const gep *a)
{
  static unsigned int calls;
  ge g1, g2;
  int f1 = _kc_p256_ge_set_gep_var (&g1, a), f2;
  long x, y;
  if (calls++ % 8 == 0)
    {
      f2 = _kc_p256_ge_set_gep (&g2, a);
      if (f1 != f2 || (f1 && memcmp (&g1, &g2, sizeof g1)))
        return -2;
    }
  if (!f1)
    {
      /* infinity: Y must be nonzero, else (0 : 0 : 0) */
      return _kc_p256_fe_is_zero (&a->y) ? -1 : 0;
    }
  x = long_of (&g1.x);
  y = long_of (&g1.y);
  if (x >= P || y >= P)
    return -1;
  return index_of[x][y];
}

static unsigned int
mod_q_of (const sc *k)
{
  unsigned long r = 0;
  int i, j;
  for (i = 3; i >= 0; i--)
    for (j = 60; j >= 0; j -= 4)
      r = (r * 16 + ((k->v[i] >> j) & 15)) % (unsigned long) Q;
  return (unsigned int) r;
}

static void
sc_small (sc *k, unsigned int v)
{
  memset (k, 0, sizeof *k);
  k->v[0] = v;
}

static void
sc_random (sc *k)
{
  int i;
  for (i = 0; i < 4; i++)
    k->v[i] = t_rand64 ();
}

static void
setup_curve (long p, long b)
{
  _kc_mont_ctx ctx;
  uint64_t m[4] = { (uint64_t) p, 0, 0, 0 }, inv = 1;
  int i, x, y, npts = 1;
  rpt g = { 1, 0, 0 };

  P = p;
  Bc = b;
  if (_kc_mont_setup (&ctx, m, 4))
    {
      fail ("mont setup");
      exit (1);
    }
  memset (&_kc_p256_exh_field, 0, sizeof _kc_p256_exh_field);
  _kc_p256_exh_field.n = 4;
  memcpy (_kc_p256_exh_field.m, ctx.m, 32);
  memcpy (_kc_p256_exh_field.r, ctx.one, 32);
  memcpy (_kc_p256_exh_field.r2, ctx.r2, 32);
  _kc_p256_exh_field.m0inv = ctx.m0inv;
  /* safegcd's modulus: p itself in the low signed62 limb, p^-1 mod 2^62
   * by Newton's iteration */
  memset (&_kc_p256_exh_inv, 0, sizeof _kc_p256_exh_inv);
  _kc_p256_exh_inv.m[0] = p;
  for (i = 0; i < 6; i++)
    inv *= 2 - (uint64_t) p * inv;
  _kc_p256_exh_inv.minv62 = inv & (((uint64_t) 1 << 62) - 1);
  fe_of (&_kc_p256_exh_b, b);

  for (x = 0; x < QMAX; x++)
    for (y = 0; y < QMAX; y++)
      index_of[x][y] = -1;
  for (x = 0; x < p && g.inf; x++)
    for (y = 0; y < p; y++)
      {
        rpt t = { 0, x, y };
        if (ron_curve (t))
          {
            g = t;
            break;
          }
      }
  for (x = 0; x < p; x++)
    for (y = 0; y < p; y++)
      {
        rpt t = { 0, x, y };
        npts += ron_curve (t);
      }
  Q = npts;
  mult[0].inf = 1;
  for (i = 1; i < Q; i++)
    {
      mult[i] = radd (mult[i - 1], g);
      if (mult[i].inf || !ron_curve (mult[i]))
        {
          fail ("reference: %d G", i);
          exit (1);
        }
      index_of[mult[i].x][mult[i].y] = i;
    }
  if (!radd (mult[Q - 1], g).inf)
    {
      fail ("reference: q G != O");
      exit (1);
    }
}

static void
test_group (void)
{
  int i, j, k, got;
  gep a, b, r;
  ge bg;

  for (i = 0; i < Q; i++)
    {
      gep_of (&a, i);
      _kc_p256_gep_double (&r, &a);
      got = index_gep (&r);
      CHECK (got == (2 * i) % Q, "double %d: got %d", i, got);
      r = a;
      _kc_p256_gep_double (&r, &r);
      CHECK (index_gep (&r) == (2 * i) % Q, "double in place %d", i);
      _kc_p256_gep_neg (&r, &a);
      CHECK (index_gep (&r) == (Q - i) % Q, "neg %d", i);
      CHECK (_kc_p256_gep_is_infinity (&a) == (i == 0), "is_infinity %d", i);
      if (i)
        {
          ge g, n;
          ge_of (&g, i);
          CHECK (_kc_p256_ge_is_valid (&g), "valid %d", i);
          _kc_p256_ge_neg (&n, &g);
          CHECK (index_of[long_of (&n.x)][long_of (&n.y)] == Q - i,
                 "ge_neg %d", i);
          {
            rpt t = mult[i];
            t.y = md (t.y + 1);
            fe_of (&n.x, t.x);
            fe_of (&n.y, t.y);
            CHECK (_kc_p256_ge_is_valid (&n) == ron_curve (t),
                   "perturbed point %d", i);
          }
        }
      for (j = 0; j < Q; j++)
        {
          gep_of (&b, j);
          _kc_p256_gep_add (&r, &a, &b);
          got = index_gep (&r);
          CHECK (got == (i + j) % Q, "add %d + %d: got %d", i, j, got);
          if (j)
            {
              ge_of (&bg, j);
              _kc_p256_gep_add_ge (&r, &a, &bg);
              got = index_gep (&r);
              CHECK (got == (i + j) % Q, "add_ge %d + %d: got %d", i, j, got);
            }
          if ((i + j) % 7 == 0)
            {
              r = a;
              _kc_p256_gep_add (&r, &r, &b);
              CHECK (index_gep (&r) == (i + j) % Q, "add in place");
              r = b;
              _kc_p256_gep_add (&r, &a, &r);
              CHECK (index_gep (&r) == (i + j) % Q, "add in place (b)");
            }
        }
    }
  /* decompression: every x, both parities */
  for (k = 0; k < P; k++)
    {
      int odd, n = 0;
      fe x;
      fe_of (&x, k);
      for (odd = 0; odd < 2; odd++)
        {
          ge g;
          if (_kc_p256_ge_set_xo_var (&g, &x, odd))
            {
              long gx = long_of (&g.x), gy = long_of (&g.y);
              CHECK (gx == k && (gy & 1) == odd && index_of[gx][gy] > 0,
                     "set_xo %d %d", k, odd);
              n++;
            }
        }
      for (j = 0, i = 0; j < P; j++)
        i += index_of[k][j] > 0;
      CHECK (n == i, "set_xo count at x = %d: %d vs %d", k, n, i);
    }
}

static void
test_mult (void)
{
  static uint64_t table[KC_P256_COMB_ROWS][KC_P256_COMB_COLS][8];
  ge gtab[KC_P256_GTAB_SIZE];
  int i, j, ai, it;
  unsigned int k;
  sc ks, ks2;
  gep r, start, a;
  ge ag;

  /* comb table and odd multiples of the small G */
  for (i = 0; i < KC_P256_COMB_ROWS; i++)
    {
      unsigned int base = 1;
      for (j = 0; j < i; j++)
        base = base * (1u << KC_P256_COMB_BITS) % (unsigned int) Q;
      for (j = 0; j < KC_P256_COMB_COLS; j++)
        {
          ge e;
          ge_of (&e, (int) (((unsigned int) j + 1) * base % (unsigned int) Q));
          memcpy (table[i][j], e.x.v, 32);
          memcpy (table[i][j] + 4, e.y.v, 32);
        }
    }
  for (i = 0; i < KC_P256_GTAB_SIZE; i++)
    ge_of (&gtab[i], (2 * i + 1) % Q);

  /* the comb, from O and from a random start */
  for (it = 0; it < Q + 64; it++)
    {
      int s = (int) (t_rand64 () % (uint64_t) Q);
      if (it < Q)
        sc_small (&ks, (unsigned int) it);
      else
        sc_random (&ks);
      k = mod_q_of (&ks);
      _kc_p256_gep_set_infinity (&start);
      _kc_p256_comb (&r, (const uint64_t (*)[KC_P256_COMB_COLS][8]) table,
                     &ks, &start);
      CHECK (index_gep (&r) == (int) k, "comb %d", it);
      gep_of (&start, s);
      _kc_p256_comb (&r, (const uint64_t (*)[KC_P256_COMB_COLS][8]) table,
                     &ks, &start);
      CHECK (index_gep (&r) == (int) ((k + (unsigned int) s) % (unsigned int) Q),
             "comb from a start %d", it);
    }

  /* K*A, constant time: every finite A, K in [0, q) for some A and
   * random K for all */
  for (ai = 1; ai < Q; ai++)
    {
      ge_of (&ag, ai);
      for (it = 0; it < (ai < 4 ? Q : 0) + 6; it++)
        {
          if (it < (ai < 4 ? Q : 0))
            sc_small (&ks, (unsigned int) it);
          else
            sc_random (&ks);
          k = mod_q_of (&ks);
          _kc_p256_ecmult_const (&r, &ag, &ks);
          CHECK (index_gep (&r) == (int) (k * (unsigned int) ai
                                          % (unsigned int) Q),
                 "ecmult_const %d * %dG", it, ai);
        }
    }

  /* Strauss: every (NA, NG) for three A (O included) */
  for (ai = 0; ai < 3; ai++)
    {
      int aidx = ai == 0 ? 0 : ai == 1 ? 1 : (int) (Q / 3);
      gep_of (&a, aidx);
      for (i = 0; i < Q; i++)
        for (j = 0; j < Q; j++)
          {
            sc_small (&ks, (unsigned int) i);
            sc_small (&ks2, (unsigned int) j);
            _kc_p256_ecmult_var_with (&r, &a, &ks, &ks2, gtab);
            CHECK (index_gep (&r) == (i * aidx + j) % Q,
                   "ecmult_var %d * %dG + %d G", i, aidx, j);
          }
      for (it = 0; it < 64; it++)
        {
          sc_random (&ks);
          sc_random (&ks2);
          _kc_p256_ecmult_var_with (&r, &a, &ks, &ks2, gtab);
          CHECK (index_gep (&r) == (int) ((mod_q_of (&ks) * (unsigned int) aidx
                                           + mod_q_of (&ks2))
                                          % (unsigned int) Q),
                 "ecmult_var random %d", it);
        }
    }
}

int
main (int argc, char **argv)
{
  static const long curves[][2] = { { 131, 73 }, { 283, 13 } };
  static const long orders[] = { 137, 313 };
  size_t c;

  t_init (argc, argv);
  t_seed (0x13713);
  /* KC_TEST_QUICK (under emulation): the first curve only (the second,
   * q = 313, is five sixths of the time) */
  if (t_quick ())
    printf ("t-p256-exhaustive: KC_TEST_QUICK: the curve of order %ld only\n",
            orders[0]);
  for (c = 0; c < (t_quick () ? 1 : KC_DIM (curves)); c++)
    {
      setup_curve (curves[c][0], curves[c][1]);
      CHECK (Q == orders[c], "order of curve %zu: %ld", c, Q);
      test_group ();
      test_mult ();
      if (t_verbose)
        printf ("curve p = %ld, b = %ld, q = %ld: done\n", P, Bc, Q);
    }
  return t_done ("t-p256-exhaustive");
}
