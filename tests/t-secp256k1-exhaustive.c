/* t-secp256k1-exhaustive.c - the secp256k1 group, ecmult and ECDSA code on
 * small-order subgroups of twists, checked exhaustively against GMP.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * THE IDEA (libsecp256k1's tests_exhaustive.c): keep the real field mod
 * p = 2^256 - 2^32 - 977, change the curve constant B so that
 * y^2 = x^3 + B has a subgroup of small prime order q, and run the
 * library's own group, ecmult and ECDSA sources on it with scalars mod q.
 * Every addition, every multiple and every signature is then a finite
 * list, checked against a brute-force reference: textbook affine point
 * arithmetic in GMP (mpz), which builds the list iG, i = 0..q-1, by
 * repeated addition and checks qG = O and that each point is on the curve.
 *
 * THE CURVES (tests/gen-exhaustive-curves.py derives them: orders of the
 * six sextic twists from p = a^2 + 3b^2 by Cornacchia, a generator as
 * cofactor times a point, lambda as the eigenvalue of (x, y) -> (beta x, y)
 * on the subgroup):
 *     q = 13     B = 2  lambda = 9      everything: every pair, every
 *                                       (A, NA, NG, split), every ECDSA
 *                                       (key, nonce, message) and every
 *                                       (key, message, r, s)
 *     q = 199    B = 4  lambda = 92     every pair and multiple; structured
 *                                       subsets for ecmult_var and ECDSA
 *                                       (199^3 triples would take minutes)
 *     q = 3319   B = 2  lambda = 1791   every element and multiple kG;
 *                                       sampled pairs, ecmult_var, ECDSA
 *     q = 10903  B = 6  lambda = 10424  as 3319 but 1280 of the elements;
 *                                       the only group here with points of
 *                                       x = 0 mod q (824G and 10079G), so
 *                                       the only one where a nonce gives
 *                                       r = 0 or where verify could be
 *                                       fooled by r = 0
 * Order 7 (B = 6) is not used: the 7-torsion of that twist is all
 * rational (p = 1 mod 7, so the cofactor map has no point of order 7
 * alone), and this build's wNAF window for A (4, see below) needs q > 11.
 *
 * HOW: the sources are included here with KC_SECP256K1_EXHAUSTIVE and
 * KC_SECP256K1_B = a run-time variable (the hooks in secp256k1/group.c,
 * secp256k1/ecmult.h/.c and secp256k1/ecdsa.c, none of which changes the library
 * build), the scalars of secp256k1-scalar-low.h, the ecmult tables filled
 * here for each curve from the reference points, and the ECDSA nonce
 * replaced by the test's (KC_ECDSA_NONCE): the nonce k0 chosen by the test,
 * then k0 + 1, ... (cycling in [1, q-1]) when r or s is zero.
 *
 * COVERED, per curve (q = 13: all; the others as stated above):
 *   - gej_add_var (also with R aliasing A or B, and A + A with one
 *     representation), gej_add_ge_var, gej_add_ge (constant time, also in
 *     place), gej_add_zinv_var (random scale), for every pair (A, B) of
 *     group elements including O: P + Q, P + P, P + (-P), P + O, O + P,
 *     O + O; the Jacobian inputs with random Z and raised magnitudes, and
 *     random coordinates under an infinity flag; gej_add_ge_var_zr for
 *     every pair it accepts (A, B finite, A != +-B) with its Z ratio;
 *   - for every element: gej_double, gej_double_var (in place too),
 *     gej_neg, ge_neg, ge_set_gej, ge_set_gej_var, gej_set_ge,
 *     ge_mul_lambda, storage round trip, ge_is_valid_var (also for
 *     perturbed points), ge_set_xo_var (both parities, and random x
 *     against the GMP Legendre symbol), gej_eq_x_var against the x of
 *     every element;
 *   - ecmult_gen for every k in [0, q) (the comb on tables of the small
 *     group, every negation and carry the small scalars reach);
 *     ecmult_var NA*A + NG*G (GLV split with every split offset the loops
 *     reach, wNAF, the effective-affine A table, lambda on both tables,
 *     A = O, NA = 0, NG = 0);
 *   - ECDSA sign for key, nonce and message against the reference
 *     (r = x(kG) mod q, s = (m + r x)/k, low s, next nonce when r or s is
 *     0, the count of nonces drawn), and verify of every (r, s) for the
 *     chosen (key, message) pairs against the definition (valid iff
 *     r, s != 0, R = (m/s) G + (r/s) P != O and x(R) mod q = r): no
 *     signature is accepted that the definition rejects, none rejected
 *     that it accepts (including the high-s twin of each signature);
 *     bits2int of digests of several
 *     lengths (_kc_ecdsa_digest_to_scalar).
 *
 * NOT COVERED here (the other tests do the real curve):
 *   - the real scalar arithmetic mod n (GLV split constants, reduction,
 *     safegcd inverse): replaced by secp256k1-scalar-low.h;
 *   - the shipped ecmult tables (they hold multiples of the real G; here
 *     the same code runs on tables of the small G) and table entries a
 *     small scalar never selects (rows of the comb above the third only
 *     ever see the digit 0, as scalars stay below 2^13);
 *     KC_ECMULT_WINDOW_A 5 (this build uses 4, which exercises the same
 *     table code with 4 entries instead of 8);
 *     KC_ECMULT_WINDOW_G is the shipped 14, but digits stay below q/2;
 *   - the verify branch for x(R) in [n, p) (r + n < p): with q tiny the
 *     test build reduces x(R) mod q instead (secp256k1/ecdsa.c);
 *   - the RFC 6979 nonce derivation (its candidates are 256-bit, never
 *     below q), DER, the public API and encodings (ecc.c);
 *   - constant time (t-ctime does that); recovery, Schnorr, ECDH and
 *     tweaks do not exist in the tree yet.
 */
#include "kcrypt-int.h"
#include "t-common.h"

#ifndef HAVE_GMP
int
main (void)
{
  printf ("t-secp256k1-exhaustive: SKIP (no GMP)\n");
  return T_SKIP;
}
#else
#include <gmp.h>
#include <time.h>

/* The exhaustive build of the library's secp256k1 sources. */
#define KC_SECP256K1_EXHAUSTIVE 1
#define KC_SECP256K1_B exh_b
#define KC_ECMULT_WINDOW_A 4
#define KC_ECDSA_NONCE exh_nonce

#include "secp256k1/field-5x52.h"
#include "secp256k1/scalar.h"
#include "secp256k1-scalar-low.h"
#include "secp256k1/group.h"

static uint32_t exh_b;
static void exh_nonce (_kc_secp256k1_scalar *k,
                       const _kc_secp256k1_scalar *seckey,
                       const _kc_secp256k1_scalar *m, unsigned int counter);

#include "secp256k1/group.c"
#include "secp256k1/ecmult.c"
#include "secp256k1/ecdsa.c"

_kc_secp256k1_ge_storage
  _kc_secp256k1_gen_table[KC_ECMULT_GEN_ROWS][KC_ECMULT_GEN_COLS];
_kc_secp256k1_ge_storage _kc_secp256k1_g_odd_table[KC_ECMULT_G_TABLE_SIZE];

/* The curves (rows printed by tests/gen-exhaustive-curves.py). */
static const struct
{
  uint32_t order, b, lambda;
  const char *gx, *gy;
} curves[] = {
  { 13, 2, 9,
    "3ad3e1ec92dc070a346a975330b12e1d929c645be56584aa88e489aa3d68746b",
    "ab34e4942373ed8cf787bb15bc0b9fc1f15065bc091001aa6c607f91c8520383" },
  { 199, 4, 92,
    "fa7cc9a70737f2dba749dd392b4fb0693b017a7da808c2f1fb12940c9ea66c18",
    "8753edc5a127510c78cd436ee0c5d797b720db937f72518d301ada8c80fafa42" },
  { 3319, 2, 1791,
    "835570fe8dbff8443a8f1e07ea57d437a649d00b7fdef52c60d67f5ab5aa0b13",
    "dbfd2018ed72c39f8867b7c04218bc18baf39079be63d6756b20c44a456070cf" },
  { 10903, 6, 10424,  /* x = 0 mod q at k G for k in [824, 10079] */
    "25a6512badfdca259c15f4d29e88c227634f8e4d47654b7ac366593c4cd018e7",
    "0ac348fad02fb51476f7683a6048ffe4ec9aede3502ab08dcd6d6125735504e2" },
};

/* --------------------------------------------------- the reference */

typedef struct
{
  mpz_t x, y;
  int inf;
} refpt;

static mpz_t P, B;              /* the field modulus, the curve constant */
static uint32_t Q;              /* the order (= exh_order) */
static refpt *ref;              /* ref[i] = i G, i in [0, Q) */
static uint32_t *xmodq;         /* x(iG) mod Q (i != 0) */
static uint32_t *invq;          /* invq[a] a = 1 mod Q (a != 0) */
static _kc_secp256k1_ge *lge;    /* ref[] as library points (i = 0: O) */
static mpz_t t1, t2, t3, t4;   /* scratch of the ref_ functions */
/* Scratch of the helpers below, one set per function (none of them calls
 * another that uses the same), to keep allocation out of the loops. */
static mpz_t w_rand, w_gej[3], w_ge, w_make[3], w_pair[3];

/* R = A + B, the textbook chord and tangent (R may alias A or B). */
static void
ref_add (refpt *r, const refpt *a, const refpt *b)
{
  if (a->inf || b->inf)
    {
      const refpt *c = a->inf ? b : a;
      mpz_set (r->x, c->x);
      mpz_set (r->y, c->y);
      r->inf = c->inf;
      return;
    }
  if (!mpz_cmp (a->x, b->x))
    {
      mpz_add (t1, a->y, b->y);
      mpz_mod (t1, t1, P);
      if (!mpz_sgn (t1))
        {
          r->inf = 1;
          return;
        }
      /* lambda = 3 x^2 / (2 y) */
      mpz_mul (t1, a->x, a->x);
      mpz_mul_ui (t1, t1, 3);
      mpz_mul_ui (t2, a->y, 2);
    }
  else
    {
      /* lambda = (y2 - y1) / (x2 - x1) */
      mpz_sub (t1, b->y, a->y);
      mpz_sub (t2, b->x, a->x);
    }
  mpz_mod (t2, t2, P);
  if (!mpz_invert (t2, t2, P))
    abort ();
  mpz_mul (t1, t1, t2);
  mpz_mod (t1, t1, P);                         /* lambda */
  mpz_mul (t3, t1, t1);
  mpz_sub (t3, t3, a->x);
  mpz_sub (t3, t3, b->x);
  mpz_mod (t3, t3, P);                         /* x3 */
  mpz_sub (t4, a->x, t3);
  mpz_mul (t4, t4, t1);
  mpz_sub (t4, t4, a->y);
  mpz_mod (r->y, t4, P);                       /* y3 */
  mpz_set (r->x, t3);
  r->inf = 0;
}

/* 1 if (X, Y) is on y^2 = x^3 + B. */
static int
ref_on_curve (const mpz_t x, const mpz_t y)
{
  mpz_mul (t1, y, y);
  mpz_mul (t2, x, x);
  mpz_mul (t2, t2, x);
  mpz_add (t2, t2, B);
  mpz_sub (t1, t1, t2);
  return mpz_divisible_p (t1, P);
}

/* ------------------------------------------------- conversions */

typedef _kc_secp256k1_scalar scalar;

/* Z = A's value mod p, read from its limbs (no library normalization). */
static void
fe_to_mpz (mpz_t z, const fe *a)
{
  int i;
  mpz_set_ui (z, 0);
  for (i = 4; i >= 0; i--)
    {
      /* z = z 2^52 + n[i] in 32-bit steps: the limbs are 64 bits wide
       * and may be above 2^52, an unsigned long may be 32 bits */
      mpz_mul_2exp (z, z, 20);
      mpz_add_ui (z, z, (unsigned long) (a->n[i] >> 32));
      mpz_mul_2exp (z, z, 32);
      mpz_add_ui (z, z, (unsigned long) (a->n[i] & 0xffffffffu));
    }
  mpz_mod (z, z, P);
}

/* R = Z, 0 <= Z < p (normalized). */
static void
mpz_to_fe (fe *r, const mpz_t z)
{
  unsigned char b[32];
  size_t n;
  memset (b, 0, sizeof b);
  mpz_export (b + 32 - (mpz_sizeinbase (z, 256)), &n, 1, 1, 1, 0, z);
  if (!mpz_sgn (z))
    memset (b, 0, sizeof b);
  if (!_kc_secp256k1_fe_set_b32 (r, b))
    abort ();
}

/* Z = a random nonzero element. */
static void
rand_mpz (mpz_t z)
{
  unsigned char b[32];
  do
    {
      t_randbytes (b, sizeof b);
      mpz_import (z, 32, 1, 1, 1, 0, b);
      mpz_mod (z, z, P);
    }
  while (!mpz_sgn (z));
}

static void
rand_fe (fe *r)
{
  rand_mpz (w_rand);
  mpz_to_fe (r, w_rand);
}

/* The same value with magnitude 3 (two negations). */
static void
fe_bump (fe *a)
{
  fe t;
  _kc_secp256k1_fe_negate (&t, a, 1);
  _kc_secp256k1_fe_negate (a, &t, 2);
}

static int
mag_ok (const fe *a, int m)
{
#ifdef KC_VERIFY
  return a->magnitude <= m;
#else
  (void) a;
  (void) m;
  return 1;
#endif
}

static void
scalar_set (scalar *r, uint32_t v)
{
  exh_scalar_set (r, v);
}

/* ------------------------------------------- checks against ref[] */

/* 1 if A is the element E: the flag for O, else X = x Z^2, Y = y Z^3,
 * Z != 0 mod p, and x, y, z of magnitude <= 4 (the gej contract). */
static int
gej_is (const gej *a, uint32_t e)
{
  mpz_ptr x = w_gej[0], y = w_gej[1], z = w_gej[2];
  int ok;
  if (!e)
    return a->infinity == 1;
  if (a->infinity != 0 || !mag_ok (&a->x, 4) || !mag_ok (&a->y, 4)
      || !mag_ok (&a->z, 4))
    return 0;
  fe_to_mpz (x, &a->x);
  fe_to_mpz (y, &a->y);
  fe_to_mpz (z, &a->z);
  ok = mpz_sgn (z) != 0;
  mpz_mul (t1, z, z);                     /* Z^2 */
  mpz_mul (t2, t1, ref[e].x);
  mpz_sub (t2, t2, x);
  ok &= mpz_divisible_p (t2, P);
  mpz_mul (t1, t1, z);                    /* Z^3 */
  mpz_mul (t2, t1, ref[e].y);
  mpz_sub (t2, t2, y);
  ok &= mpz_divisible_p (t2, P);
  return ok;
}

/* 1 if the affine A is the element E (x, y of magnitude <= 1). */
static int
ge_is (const ge *a, uint32_t e)
{
  mpz_ptr x = w_ge;
  int ok;
  if (!e)
    return a->infinity == 1;
  if (a->infinity != 0 || !mag_ok (&a->x, 1) || !mag_ok (&a->y, 1))
    return 0;
  fe_to_mpz (x, &a->x);
  ok = !mpz_cmp (x, ref[e].x);
  fe_to_mpz (x, &a->y);
  ok &= !mpz_cmp (x, ref[e].y);
  return ok;
}

/* R = element I in Jacobian coordinates with a random Z (or Z = 1) and,
 * at random, magnitude 3; O gets random coordinates. */
static void
make_gej (gej *r, uint32_t i)
{
  mpz_ptr z = w_make[0], x = w_make[1], y = w_make[2];
  uint64_t c = t_rand64 ();
  if (!i)
    {
      rand_fe (&r->x);
      rand_fe (&r->y);
      rand_fe (&r->z);
      r->infinity = 1;
      return;
    }
  if (c & 1)
    rand_mpz (z);
  else
    mpz_set_ui (z, 1);
  mpz_mul (t1, z, z);
  mpz_mul (x, ref[i].x, t1);
  mpz_mod (x, x, P);
  mpz_mul (t1, t1, z);
  mpz_mul (y, ref[i].y, t1);
  mpz_mod (y, y, P);
  mpz_to_fe (&r->x, x);
  mpz_to_fe (&r->y, y);
  mpz_to_fe (&r->z, z);
  r->infinity = 0;
  if (c & 2)
    fe_bump (&r->x);
  if (c & 4)
    fe_bump (&r->y);
  if (c & 8)
    fe_bump (&r->z);
}

/* R = element I affine; O gets random coordinates. */
static void
make_ge (ge *r, uint32_t i)
{
  *r = lge[i];
  if (!i)
    {
      rand_fe (&r->x);
      rand_fe (&r->y);
    }
}

/* ---------------------------------------------------- curve setup */

static void
ref_free (void)
{
  uint32_t i;
  if (!ref)
    return;
  for (i = 0; i < Q; i++)
    mpz_clears (ref[i].x, ref[i].y, NULL);
  free (ref);
  free (xmodq);
  free (invq);
  free (lge);
  ref = NULL;
}

/* Table entry for the multiple K of G (K mod Q != 0; else G itself, a
 * filler that a scalar below Q/2 never selects). */
static void
table_entry (_kc_secp256k1_ge_storage *s, uint64_t k)
{
  uint32_t e = (uint32_t) (k % Q);
  _kc_secp256k1_ge_to_storage (s, &lge[e ? e : 1]);
}

static int
setup_curve (unsigned int c)
{
  uint32_t i, j;
  refpt g;

  ref_free ();
  Q = exh_order = curves[c].order;
  exh_b = curves[c].b;
  exh_lambda = curves[c].lambda;
  mpz_set_ui (B, exh_b);
  ref = calloc (Q, sizeof *ref);
  xmodq = calloc (Q, sizeof *xmodq);
  invq = calloc (Q, sizeof *invq);
  lge = calloc (Q, sizeof *lge);
  if (!ref || !xmodq || !invq || !lge)
    abort ();
  mpz_inits (g.x, g.y, NULL);
  mpz_set_str (g.x, curves[c].gx, 16);
  mpz_set_str (g.y, curves[c].gy, 16);
  g.inf = 0;
  if (!ref_on_curve (g.x, g.y))
    {
      fail ("q=%u: G not on the curve", Q);
      return 0;
    }
  for (i = 0; i < Q; i++)
    mpz_inits (ref[i].x, ref[i].y, NULL);
  ref[0].inf = 1;
  for (i = 1; i < Q; i++)
    {
      ref_add (&ref[i], &ref[i - 1], &g);
      if (ref[i].inf || !ref_on_curve (ref[i].x, ref[i].y))
        {
          fail ("q=%u: %u G is infinity or off the curve", Q, i);
          return 0;
        }
      mpz_to_fe (&lge[i].x, ref[i].x);
      mpz_to_fe (&lge[i].y, ref[i].y);
      lge[i].infinity = 0;
      xmodq[i] = (uint32_t) mpz_fdiv_ui (ref[i].x, Q);
    }
  {
    refpt o;
    mpz_inits (o.x, o.y, NULL);
    ref_add (&o, &ref[Q - 1], &g);
    CHECK (o.inf, "q=%u: q G is not infinity", Q);
    mpz_clears (o.x, o.y, NULL);
  }
  /* (beta x, y) = lambda (x, y) on the subgroup */
  {
    mpz_t bx;
    fe beta = _kc_secp256k1_fe_beta;
    mpz_init (bx);
    fe_to_mpz (bx, &beta);
    mpz_mul (bx, bx, ref[1].x);
    mpz_mod (bx, bx, P);
    CHECK (!mpz_cmp (bx, ref[exh_lambda].x)
           && !mpz_cmp (ref[1].y, ref[exh_lambda].y),
           "q=%u: lambda G != (beta x, y)", Q);
    mpz_clear (bx);
  }
  lge[0] = lge[1];
  lge[0].infinity = 1;
  mpz_clears (g.x, g.y, NULL);
  /* inverses mod Q: 1/i = -(Q div i) / (Q mod i), each checked */
  invq[1] = 1;
  for (i = 2; i < Q; i++)
    invq[i] = (uint32_t) ((uint64_t) (Q - Q / i) * invq[Q % i] % Q);
  for (i = 1; i < Q; i++)
    if ((uint64_t) i * invq[i] % Q != 1)
      abort ();
  /* the ecmult tables, as secp256k1/gen-tables.c defines them */
  for (i = 0; i < KC_ECMULT_GEN_ROWS; i++)
    {
      uint64_t base = 1;
      for (j = 0; j < KC_ECMULT_GEN_BITS * i; j++)
        base = base * 2 % Q;
      for (j = 1; j <= KC_ECMULT_GEN_COLS; j++)
        table_entry (&_kc_secp256k1_gen_table[i][j - 1], base * j);
    }
  for (i = 0; i < KC_ECMULT_G_TABLE_SIZE; i++)
    table_entry (&_kc_secp256k1_g_odd_table[i], 2 * (uint64_t) i + 1);
  return 1;
}

/* ------------------------------------------------------ group law */

static uint32_t
rand_below (uint32_t n)
{
  return (uint32_t) (t_rand64 () % n);
}

/* The pair (I, J): every addition function; with ALIAS also each one
 * writing over an input. */
static void
check_pair (uint32_t i, uint32_t j, int alias)
{
  gej a, b, r, t;
  ge bg, bs;
  fe bzinv;
  uint32_t e = (i + j) % Q;

  make_gej (&a, i);
  make_gej (&b, j);
  make_ge (&bg, j);

  _kc_secp256k1_gej_add_var (&r, &a, &b);
  CHECK (gej_is (&r, e), "q=%u: gej_add_var %u + %u", Q, i, j);
  if (i == j)
    {
      _kc_secp256k1_gej_add_var (&r, &a, &a);
      CHECK (gej_is (&r, e), "q=%u: gej_add_var %u + itself", Q, i);
    }
  _kc_secp256k1_gej_add_ge_var (&r, &a, &bg);
  CHECK (gej_is (&r, e), "q=%u: gej_add_ge_var %u + %u", Q, i, j);
  _kc_secp256k1_gej_add_ge (&r, &a, &bg);
  CHECK (gej_is (&r, e), "q=%u: gej_add_ge %u + %u", Q, i, j);
  if (alias)
    {
      t = a;
      _kc_secp256k1_gej_add_var (&t, &t, &b);
      CHECK (gej_is (&t, e), "q=%u: gej_add_var %u + %u (R = A)", Q, i, j);
      t = b;
      _kc_secp256k1_gej_add_var (&t, &a, &t);
      CHECK (gej_is (&t, e), "q=%u: gej_add_var %u + %u (R = B)", Q, i, j);
      t = a;
      _kc_secp256k1_gej_add_ge_var (&t, &t, &bg);
      CHECK (gej_is (&t, e), "q=%u: gej_add_ge_var %u + %u (R = A)",
             Q, i, j);
      t = a;
      _kc_secp256k1_gej_add_ge (&t, &t, &bg);
      CHECK (gej_is (&t, e), "q=%u: gej_add_ge %u + %u (R = A)", Q, i, j);
    }

  /* B on the curve scaled by u: (x / u^2, y / u^3), BZINV = u */
  {
    mpz_ptr u = w_pair[0], ui = w_pair[1], x = w_pair[2];
    rand_mpz (u);
    mpz_to_fe (&bzinv, u);
    if (j)
      {
        mpz_invert (ui, u, P);
        mpz_mul (t1, ui, ui);
        mpz_mul (x, ref[j].x, t1);
        mpz_mod (x, x, P);
        mpz_to_fe (&bs.x, x);
        mpz_mul (t1, t1, ui);
        mpz_mul (x, ref[j].y, t1);
        mpz_mod (x, x, P);
        mpz_to_fe (&bs.y, x);
        bs.infinity = 0;
      }
    else
      make_ge (&bs, 0);
  }
  _kc_secp256k1_gej_add_zinv_var (&r, &a, &bs, &bzinv);
  CHECK (gej_is (&r, e), "q=%u: gej_add_zinv_var %u + %u", Q, i, j);
  if (alias)
    {
      t = a;
      _kc_secp256k1_gej_add_zinv_var (&t, &t, &bs, &bzinv);
      CHECK (gej_is (&t, e), "q=%u: gej_add_zinv_var %u + %u (R = A)",
             Q, i, j);
    }

  if (i && j && i != j && i + j != Q)
    {
      fe zr;
      mpz_ptr za = w_pair[0], zb = w_pair[1], z = w_pair[2];
      _kc_secp256k1_gej_add_ge_var_zr (&r, &a, &bg, &zr);
      CHECK (gej_is (&r, e), "q=%u: gej_add_ge_var_zr %u + %u", Q, i, j);
      fe_to_mpz (za, &a.z);
      fe_to_mpz (zb, &r.z);
      fe_to_mpz (z, &zr);
      mpz_mul (za, za, z);
      mpz_sub (za, za, zb);
      CHECK (mpz_divisible_p (za, P) && mag_ok (&zr, 6),
             "q=%u: gej_add_ge_var_zr %u + %u: Z ratio", Q, i, j);
    }
}

/* Every function of one element I. */
static void
check_point (uint32_t i)
{
  gej a, r;
  ge g, h;
  _kc_secp256k1_ge_storage s;
  uint32_t j;
  int odd;

  make_gej (&a, i);
  _kc_secp256k1_gej_double (&r, &a);
  CHECK (gej_is (&r, 2 * i % Q), "q=%u: gej_double %u", Q, i);
  _kc_secp256k1_gej_double_var (&r, &a);
  CHECK (gej_is (&r, 2 * i % Q), "q=%u: gej_double_var %u", Q, i);
  r = a;
  _kc_secp256k1_gej_double (&r, &r);
  CHECK (gej_is (&r, 2 * i % Q), "q=%u: gej_double %u (R = A)", Q, i);
  r = a;
  _kc_secp256k1_gej_double_var (&r, &r);
  CHECK (gej_is (&r, 2 * i % Q), "q=%u: gej_double_var %u (R = A)", Q, i);
  _kc_secp256k1_gej_neg (&r, &a);
  CHECK (gej_is (&r, (Q - i) % Q), "q=%u: gej_neg %u", Q, i);
  _kc_secp256k1_ge_set_gej (&g, &a);
  CHECK (ge_is (&g, i), "q=%u: ge_set_gej %u", Q, i);
  _kc_secp256k1_ge_set_gej_var (&g, &a);
  CHECK (ge_is (&g, i), "q=%u: ge_set_gej_var %u", Q, i);

  make_ge (&g, i);
  _kc_secp256k1_gej_set_ge (&r, &g);
  CHECK (gej_is (&r, i), "q=%u: gej_set_ge %u", Q, i);
  _kc_secp256k1_ge_neg (&h, &g);
  CHECK (ge_is (&h, (Q - i) % Q), "q=%u: ge_neg %u", Q, i);
  CHECK (_kc_secp256k1_ge_is_valid_var (&g) == (i != 0),
         "q=%u: ge_is_valid_var %u", Q, i);
  if (!i)
    return;

  _kc_secp256k1_ge_mul_lambda (&h, &g);
  CHECK (ge_is (&h, (uint32_t) ((uint64_t) exh_lambda * i % Q)),
         "q=%u: ge_mul_lambda %u", Q, i);
  _kc_secp256k1_ge_to_storage (&s, &g);
  _kc_secp256k1_ge_from_storage (&h, &s);
  CHECK (ge_is (&h, i), "q=%u: storage round trip %u", Q, i);

  /* a perturbed point: valid exactly when the reference says so */
  {
    mpz_t y;
    fe one;
    mpz_init (y);
    h = g;
    _kc_secp256k1_fe_set_int (&one, 1);
    _kc_secp256k1_fe_add (&h.y, &one);
    _kc_secp256k1_fe_normalize (&h.y);
    fe_to_mpz (y, &h.y);
    CHECK (_kc_secp256k1_ge_is_valid_var (&h) == ref_on_curve (ref[i].x, y),
           "q=%u: ge_is_valid_var %u with y + 1", Q, i);
    mpz_clear (y);
  }

  for (odd = 0; odd < 2; odd++)
    {
      uint32_t want = mpz_odd_p (ref[i].y) == odd ? i : Q - i;
      CHECK (_kc_secp256k1_ge_set_xo_var (&h, &g.x, odd) && ge_is (&h, want),
             "q=%u: ge_set_xo_var x(%u) odd=%d", Q, i, odd);
    }

  /* x of the others: equal exactly for +-I (every J up to order 199,
   * else +-I and 8 random) */
  for (j = 1; j < (Q < 256 ? Q : 11); j++)
    {
      uint32_t jj = Q < 256 ? j : j == 9 ? i : j == 10 ? Q - i
                    : 1 + rand_below (Q - 1);
      CHECK (_kc_secp256k1_gej_eq_x_var (&lge[jj].x, &a)
             == (jj == i || jj == Q - i),
             "q=%u: gej_eq_x_var x(%u) against %u", Q, jj, i);
    }
}

/* set_xo_var on random x: a point exactly when x^3 + B is a square. */
static void
check_xo_random (unsigned int count)
{
  mpz_t x, y;
  ge h;
  fe fx;
  unsigned int n;
  mpz_inits (x, y, NULL);
  for (n = 0; n < count; n++)
    {
      int odd = (int) (t_rand64 () & 1), sq, ok;
      rand_mpz (x);
      mpz_to_fe (&fx, x);
      mpz_mul (t1, x, x);
      mpz_mul (t1, t1, x);
      mpz_add (t1, t1, B);
      mpz_mod (t1, t1, P);
      sq = mpz_legendre (t1, P) >= 0;
      ok = _kc_secp256k1_ge_set_xo_var (&h, &fx, odd);
      CHECK (ok == sq, "q=%u: ge_set_xo_var squareness", Q);
      if (ok && sq)
        {
          fe_to_mpz (y, &h.y);
          fe_to_mpz (t3, &h.x);
          CHECK (!mpz_cmp (t3, x) && ref_on_curve (x, y)
                 && mpz_odd_p (y) == odd && _kc_secp256k1_ge_is_valid_var (&h),
                 "q=%u: ge_set_xo_var point", Q);
        }
    }
  mpz_clears (x, y, NULL);
}

/* FULL: every pair (the aliasing forms for every pair when Q < 32, else
 * for one in four); else for each I: O, +-G, I, -I and 3 random.  Every I
 * below 4096, else 0..255 and 1024 random. */
static void
test_group (int full)
{
  /* every element up to q = 4095, else 256 and 1024 random ones
   * (KC_TEST_QUICK: up to q = 255, else 256 and 256) */
  uint32_t i, j, n, ni = Q < (t_quick () ? 256u : 4096u) ? Q
                         : 256 + (t_quick () ? 256 : 1024);
  for (n = 0; n < ni; n++)
    {
      i = ni == Q || n < 256 ? n : rand_below (Q);
      check_point (i);
      if (full)
        for (j = 0; j < Q; j++)
          check_pair (i, j, Q < 32 || !((i + j) & 3));
      else
        {
          check_pair (i, 0, 1);
          check_pair (i, 1, 1);
          check_pair (i, Q - 1, 1);
          check_pair (i, i, 1);
          check_pair (i, (Q - i) % Q, 1);
          for (j = 0; j < 3; j++)
            check_pair (i, rand_below (Q), 0);
        }
    }
  check_xo_random (64);
}

/* ------------------------------------------------------- ecmult */

static void
test_ecmult_gen (void)
{
  uint32_t k;
  scalar ks;
  gej r;
  for (k = 0; k < Q; k++)
    {
      scalar_set (&ks, k);
      _kc_secp256k1_ecmult_gen (&r, &ks);
      CHECK (gej_is (&r, k), "q=%u: ecmult_gen %u", Q, k);
    }
}

static void
check_ecmult (uint32_t a, uint32_t na, uint32_t ng)
{
  scalar sna, sng;
  gej aj, r;
  uint32_t e = (uint32_t) (((uint64_t) na * a + ng) % Q);
  make_gej (&aj, a);
  scalar_set (&sna, na);
  scalar_set (&sng, ng);
  _kc_secp256k1_ecmult_var (&r, &aj, &sna, &sng);
  CHECK (gej_is (&r, e), "q=%u: ecmult_var %u * %uG + %u G (split %u)",
         Q, na, a, ng, exh_split_off);
}

/* q = 13: every (A, NA, NG) with every split offset; q = 199: every
 * (NA, NG) for one random A, every (A, NA) with a random NG; otherwise
 * COUNT random triples. */
static void
test_ecmult_var (unsigned int mode, unsigned int count)
{
  uint32_t a, na, ng, off;
  unsigned int n;
  if (mode == 0)
    {
      for (off = 0; off < Q; off++)
        {
          exh_split_off = off;
          for (a = 0; a < Q; a++)
            for (na = 0; na < Q; na++)
              for (ng = 0; ng < Q; ng++)
                check_ecmult (a, na, ng);
        }
    }
  else if (mode == 1)
    {
      a = 2 + rand_below (Q - 3);
      for (na = 0; na < Q; na++)
        for (ng = 0; ng < Q; ng++)
          {
            exh_split_off = (na * 7 + ng) % Q;
            check_ecmult (a, na, ng);
          }
      for (a = 0; a < Q; a++)
        for (na = 0; na < Q; na++)
          {
            exh_split_off = rand_below (Q);
            check_ecmult (a, na, rand_below (Q));
          }
    }
  else
    for (n = 0; n < count; n++)
      {
        exh_split_off = rand_below (Q);
        a = rand_below (Q);
        na = rand_below (Q);
        check_ecmult (a, na, rand_below (Q));
      }
  exh_split_off = 0;
}

/* --------------------------------------------------------- ECDSA */

static uint32_t nonce_k0, nonce_key, nonce_msg;
static unsigned int r_zero_seen;        /* nonces with r = 0 tried */
static unsigned int nonce_calls;

/* The nonce hook: candidate COUNTER after K0, cycling in [1, Q-1]. */
static void
exh_nonce (scalar *k, const scalar *seckey, const scalar *m,
           unsigned int counter)
{
  nonce_calls++;
  if (exh_scalar_val (seckey) != nonce_key || exh_scalar_val (m) != nonce_msg
      || counter != nonce_calls - 1 || counter >= Q - 1)
    {
      fprintf (stderr, "q=%u: nonce hook: unexpected call (key %u, msg %u,"
               " counter %u)\n", Q, exh_scalar_val (seckey),
               exh_scalar_val (m), counter);
      abort ();
    }
  scalar_set (k, (nonce_k0 - 1 + counter) % (Q - 1) + 1);
}

/* The reference signature; 0 if every nonce gives r = 0 or s = 0. */
static int
ref_sign (uint32_t *r, uint32_t *s, unsigned int *tries, uint32_t x,
          uint32_t k0, uint32_t m)
{
  unsigned int c;
  for (c = 0; c < Q - 1; c++)
    {
      uint32_t k = (k0 - 1 + c) % (Q - 1) + 1;
      uint32_t rr = xmodq[k];
      uint32_t ss = (uint32_t) ((m + (uint64_t) rr * x) % Q * invq[k] % Q);
      if (ss > (Q - 1) / 2)
        ss = Q - ss;
      if (rr && ss)
        {
          *r = rr;
          *s = ss;
          *tries = c + 1;
          return 1;
        }
    }
  return 0;
}

/* The definition: r, s != 0, R = (m/s) G + (r/s) xG != O, x(R) = r. */
static int
ref_valid (uint32_t x, uint32_t m, uint32_t r, uint32_t s)
{
  uint32_t t;
  if (!r || !s)
    return 0;
  t = (uint32_t) ((m + (uint64_t) r * x) % Q * invq[s] % Q);
  return t && xmodq[t] == r;
}

static int
lib_verify (uint32_t x, uint32_t m, uint32_t r, uint32_t s)
{
  scalar sr, ss, sm;
  scalar_set (&sr, r);
  scalar_set (&ss, s);
  scalar_set (&sm, m);
  return _kc_ecdsa_verify_var (&sr, &ss, &lge[x], &sm);
}

/* Sign with key X, first nonce K0, message M; with VERIFY also verify
 * the signature and its high-s twin. */
static void
check_sign (uint32_t x, uint32_t k0, uint32_t m, int verify)
{
  scalar sx, sm, r, s;
  uint32_t rr, ss;
  unsigned int tries;
  if (!ref_sign (&rr, &ss, &tries, x, k0, m))
    return;                     /* the library would loop: no signature */
  scalar_set (&sx, x);
  scalar_set (&sm, m);
  nonce_k0 = k0;
  nonce_key = x;
  nonce_msg = m;
  nonce_calls = 0;
  _kc_ecdsa_sign (&r, &s, &sx, &sm);
  CHECK (exh_scalar_val (&r) == rr && exh_scalar_val (&s) == ss
         && nonce_calls == tries,
         "q=%u: sign key %u nonce %u msg %u: (%u, %u) after %u, want"
         " (%u, %u) after %u", Q, x, k0, m, exh_scalar_val (&r),
         exh_scalar_val (&s), nonce_calls, rr, ss, tries);
  if (!verify)
    return;
  CHECK (lib_verify (x, m, rr, ss) && ref_valid (x, m, rr, ss),
         "q=%u: signature key %u nonce %u msg %u does not verify",
         Q, x, k0, m);
  CHECK (lib_verify (x, m, rr, Q - ss) && ref_valid (x, m, rr, Q - ss),
         "q=%u: high-s twin key %u nonce %u msg %u does not verify",
         Q, x, k0, m);
}

static void
check_verify (uint32_t x, uint32_t m, uint32_t r, uint32_t s)
{
  int want = ref_valid (x, m, r, s);
  CHECK (lib_verify (x, m, r, s) == want,
         "q=%u: verify key %u msg %u (r, s) = (%u, %u): want %d",
         Q, x, m, r, s, want);
}

/* q = 13 (mode 0): every key, nonce, message; verify every (key, message,
 * r, s).  q = 199 (mode 1): the (key, nonce) with x + k = 0 mod 4 (every
 * key with a quarter of the nonces, every nonce with a quarter of the
 * keys) and the message x + 7k mod q, plus every message for three keys
 * and two nonces; verify every (r, s) for two (key, message) pairs.
 * Otherwise COUNT/4 random signatures, COUNT random (key, msg, r, s),
 * every s for two random (key, msg, r = x(kG) mod q), and for each nonce
 * with r = 0: 16 signatures and every s with r = 0. */
static void
test_ecdsa (unsigned int mode, unsigned int count)
{
  uint32_t x, k, m, r, s;
  unsigned int n;
  if (mode == 0)
    {
      for (x = 1; x < Q; x++)
        for (k = 1; k < Q; k++)
          for (m = 0; m < Q; m++)
            check_sign (x, k, m, 1);
      for (x = 1; x < Q; x++)
        for (m = 0; m < Q; m++)
          for (r = 0; r < Q; r++)
            for (s = 0; s < Q; s++)
              check_verify (x, m, r, s);
    }
  else if (mode == 1)
    {
      uint32_t keys[3] = { 1, Q - 1, 0 };
      uint32_t pairs[2][2] = { { Q - 1, 1 }, { 0, 0 } };
      keys[2] = 2 + rand_below (Q - 3);
      for (x = 1; x < Q; x++)
        for (k = 1 + (3 - x % 4); k < Q; k += 4)
          check_sign (x, k, (x + 7 * k) % Q, 1);
      for (n = 0; n < 3; n++)
        for (m = 0; m < Q; m++)
          {
            check_sign (keys[n], 1, m, 1);
            check_sign (keys[n], 2 + rand_below (Q - 2), m, 1);
          }
      pairs[1][0] = 2 + rand_below (Q - 3);
      pairs[1][1] = 2 + rand_below (Q - 2);
      for (n = 0; n < 2; n++)
        for (r = 0; r < Q; r++)
          for (s = 0; s < Q; s++)
            check_verify (pairs[n][0], pairs[n][1], r, s);
    }
  else
    {
      for (n = 0; n < count / 4; n++)
        {
          x = 1 + rand_below (Q - 1);
          k = 1 + rand_below (Q - 1);
          check_sign (x, k, rand_below (Q), 1);
        }
      for (n = 0; n < count; n++)
        {
          x = 1 + rand_below (Q - 1);
          m = rand_below (Q);
          r = rand_below (Q);
          check_verify (x, m, r, rand_below (Q));
        }
      /* random (r, s) hardly ever verify: r = x(kG) mod q, s exhaustive */
      for (n = 0; n < 2; n++)
        {
          x = 1 + rand_below (Q - 1);
          m = rand_below (Q);
          r = xmodq[1 + rand_below (Q - 1)];
          for (s = 0; s < Q; s++)
            check_verify (x, m, r, s);
        }
      /* r = 0: the nonces k with x(kG) = 0 mod q (if any) make sign take
       * the next one, and verify of r = 0 must fail for every s although
       * R = (m/s) G meets those points */
      for (k = 1; k < Q; k++)
        if (!xmodq[k])
          {
            for (n = 0; n < 16; n++)
              {
                x = 1 + rand_below (Q - 1);
                check_sign (x, k, rand_below (Q), 1);
              }
            x = 1 + rand_below (Q - 1);
            m = 1 + rand_below (Q - 1);
            for (s = 0; s < Q; s++)
              check_verify (x, m, 0, s);
            r_zero_seen++;
          }
    }
}

/* bits2int: the leftmost 256 bits of a digest of any length, mod q. */
static void
test_digest (void)
{
  static const size_t lens[] = { 1, 2, 5, 31, 32, 33, 48, 64 };
  unsigned char d[64];
  scalar sm;
  mpz_t v;
  unsigned int i, n;
  mpz_init (v);
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++)
    for (n = 0; n < 8; n++)
      {
        size_t len = lens[i], use = len < 32 ? len : 32;
        t_randbytes (d, len);
        if (n == 0)
          memset (d, 0xff, len);
        mpz_import (v, use, 1, 1, 1, 0, d);
        _kc_ecdsa_digest_to_scalar (&sm, d, len);
        CHECK (exh_scalar_val (&sm) == mpz_fdiv_ui (v, Q),
               "q=%u: digest_to_scalar length %zu", Q, len);
      }
  mpz_clear (v);
}

/* With -v: the CPU time and check count of each phase. */
static void
phase (const char *name)
{
  static clock_t last;
  static int last_checks;
  clock_t now = clock ();
  if (t_verbose)
    printf ("q=%u: %-10s %8d checks %6.2f s\n", Q, name,
            t_checks - last_checks, (double) (now - last) / CLOCKS_PER_SEC);
  last = now;
  last_checks = t_checks;
}

int
main (int argc, char **argv)
{
  unsigned int c;
  t_init (argc, argv);
  t_seed (0x65786831);
  mpz_inits (P, B, t1, t2, t3, t4, w_rand, w_gej[0], w_gej[1], w_gej[2],
             w_ge, w_make[0], w_make[1], w_make[2], w_pair[0], w_pair[1],
             w_pair[2], NULL);
  /* p = 2^256 - 2^32 - 977 (0x1000003D1 does not fit a 32-bit long) */
  mpz_ui_pow_ui (P, 2, 256);
  mpz_ui_pow_ui (t1, 2, 32);
  mpz_sub (P, P, t1);
  mpz_sub_ui (P, P, 977);
  for (c = 0; c < sizeof curves / sizeof curves[0]; c++)
    {
      /* 0: all, 1: structured, 2: sampled; KC_TEST_QUICK (under
       * emulation): q = 13 all, the others sampled, 1000 samples */
      unsigned int mode = c < 2 ? c : 2;
      unsigned int count = t_quick () ? 1000 : 10000;
      if (t_quick () && mode == 1)
        mode = 2;
      if (!setup_curve (c))
        continue;
      phase ("setup");
      test_group (mode == 0 || mode == 1);
      phase ("group");
      test_ecmult_gen ();
      phase ("ecmult_gen");
      test_ecmult_var (mode, count);
      phase ("ecmult_var");
      test_digest ();
      test_ecdsa (mode, count);
      phase ("ecdsa");
    }
  CHECK (r_zero_seen == 2, "r = 0 nonces: %u, want 2 (order 10903)",
         r_zero_seen);
  if (t_quick ())
    printf ("t-secp256k1-exhaustive: KC_TEST_QUICK: q = 13 exhaustively, "
            "the other orders sampled (%u)\n", 1000u);
  ref_free ();
  mpz_clears (P, B, t1, t2, t3, t4, w_rand, w_gej[0], w_gej[1], w_gej[2],
              w_ge, w_make[0], w_make[1], w_make[2], w_pair[0], w_pair[1],
              w_pair[2], NULL);
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 ecmult_var */
  return t_done ("t-secp256k1-exhaustive");
}
#endif
