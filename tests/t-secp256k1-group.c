/* t-secp256k1-group.c - points and scalar multiplication:
 *  - group identities: P+Q = Q+P, P+P = 2P, (P+Q)+R = P+(Q+R), n*G = O,
 *    lambda*P = (beta*x, y), P + (-P) = O, O + P = P;
 *  - the constant-time complete addition at its corners (P = Q, P = -Q,
 *    either side infinite) against the variable-time formulas;
 *  - the generated tables entry by entry against multiples computed here;
 *  - k*G (constant time) and a*P + b*G (wNAF/GLV) against a plain
 *    double-and-add, on random and edge scalars;
 *  - blinded k*G equal to unblinded k*G (and to double-and-add) for
 *    offsets b drawn at random and at their edges (0, n, n-1), k around
 *    -b, 0, b, the comb's corners; Z zero, p, or random;
 *  - points read from bytes (x || y, checked on the curve) on both fields;
 *  - the two sums of MuSig2's nonce aggregation against point-by-point
 *    additions (doublings, infinity, points off the curve).
 * Points are compared in affine form.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/group.h"
#include "secp256k1/ecmult.h"
#include "t-common.h"

typedef _kc_secp256k1_gej gej;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_scalar scalar;

static int
gej_eq (const gej *a, const gej *b)
{
  ge x, y;
  if (a->infinity || b->infinity)
    return a->infinity == b->infinity;
  _kc_secp256k1_ge_set_gej_var (&x, a);
  _kc_secp256k1_ge_set_gej_var (&y, b);
  return _kc_secp256k1_fe_equal_norm (&x.x, &y.x)
         && _kc_secp256k1_fe_equal_norm (&x.y, &y.y);
}

static int
on_curve (const gej *a)
{
  ge x;
  _kc_secp256k1_ge_set_gej_var (&x, a);
  return _kc_secp256k1_ge_is_valid_var (&x);
}

/* R = K*A by plain double-and-add over the bits of K, variable time. */
static void
slow_mul (gej *r, const gej *a, const scalar *k)
{
  int i;
  _kc_secp256k1_gej_set_infinity (r);
  for (i = 255; i >= 0; i--)
    {
      _kc_secp256k1_gej_double_var (r, r);
      if (_kc_secp256k1_scalar_get_bits (k, (unsigned int) i, 1))
        _kc_secp256k1_gej_add_var (r, r, a);
    }
}

static void
rand_scalar (scalar *k, int it)
{
  unsigned char b[32];
  t_randbytes (b, 32);
  switch (it % 10)
    {
    case 1: memset (b, 0, 31); break;                 /* tiny */
    case 2: memset (b, 0xff, 31); break;              /* near n, reduced */
    case 3: memset (b, 0, 16); break;                 /* 128-bit */
    case 4: memset (b + 16, 0, 16); break;            /* low half zero */
    default: break;
    }
  _kc_secp256k1_scalar_set_b32 (k, b, NULL);
}

static void
rand_point (gej *p, int it)
{
  scalar k;
  rand_scalar (&k, it);
  if (_kc_secp256k1_scalar_is_zero (&k))
    _kc_secp256k1_scalar_set_int (&k, 7);
  _kc_secp256k1_ecmult_gen (p, &k);
}

/* to affine, as the group contract wants ge inputs */
static void
to_ge (ge *r, const gej *a)
{
  _kc_secp256k1_ge_set_gej_var (r, a);
}

static void
test_identities (void)
{
  gej g, p, q, s, t, u, o;
  ge pa, qa, na;
  scalar k;
  int it;

  _kc_secp256k1_gej_set_ge (&g, &_kc_secp256k1_ge_g);
  CHECK (_kc_secp256k1_ge_is_valid_var (&_kc_secp256k1_ge_g), "G on curve");
  /* n*G = O: (n-1)*G + G */
  {
    static const unsigned char nm1[32] = {
      0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
      0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x40 };
    _kc_secp256k1_scalar_set_b32 (&k, nm1, NULL);
    slow_mul (&p, &g, &k);
    _kc_secp256k1_gej_add_var (&s, &p, &g);
    CHECK (s.infinity, "n*G = O");
    _kc_secp256k1_gej_neg (&t, &g);
    CHECK (gej_eq (&p, &t), "(n-1)G = -G");
    _kc_secp256k1_ecmult_gen (&q, &k);
    CHECK (gej_eq (&p, &q), "ecmult_gen (n-1)");
  }
  _kc_secp256k1_gej_set_infinity (&o);
  for (it = 0; it < 200; it++)
    {
      rand_point (&p, it);
      rand_point (&q, it + 5);
      to_ge (&pa, &p);
      to_ge (&qa, &q);
      CHECK (on_curve (&p) && on_curve (&q), "points on curve");
      _kc_secp256k1_gej_add_var (&s, &p, &q);
      _kc_secp256k1_gej_add_var (&t, &q, &p);
      CHECK (gej_eq (&s, &t) && on_curve (&s), "P+Q = Q+P (%d)", it);
      _kc_secp256k1_gej_add_ge_var (&t, &p, &qa);
      CHECK (gej_eq (&s, &t), "add_ge_var (%d)", it);
      _kc_secp256k1_gej_add_ge (&t, &p, &qa);
      CHECK (gej_eq (&s, &t), "add_ge ct (%d)", it);
      /* doubling through each addition */
      _kc_secp256k1_gej_double (&u, &p);
      _kc_secp256k1_gej_add_var (&t, &p, &p);
      CHECK (gej_eq (&u, &t) && on_curve (&u), "P+P = 2P var (%d)", it);
      _kc_secp256k1_gej_add_ge_var (&t, &p, &pa);
      CHECK (gej_eq (&u, &t), "P+P = 2P ge_var (%d)", it);
      _kc_secp256k1_gej_add_ge (&t, &p, &pa);
      CHECK (gej_eq (&u, &t), "P+P = 2P ct (%d)", it);
      /* P + (-P) = O everywhere */
      _kc_secp256k1_ge_neg (&na, &pa);
      _kc_secp256k1_gej_add_ge (&t, &p, &na);
      CHECK (t.infinity, "P-P ct (%d)", it);
      _kc_secp256k1_gej_add_ge_var (&t, &p, &na);
      CHECK (t.infinity, "P-P ge_var (%d)", it);
      _kc_secp256k1_gej_neg (&t, &p);
      _kc_secp256k1_gej_add_var (&t, &t, &p);
      CHECK (t.infinity, "P-P var (%d)", it);
      /* the unified slope's degenerate case: y1 = -y2 with x1 != x2,
       * i.e. adding -(lambda*P) = (beta*x, -y) to P */
      {
        ge ml;
        gej mlj, s3, t3, u3;
        _kc_secp256k1_ge_mul_lambda (&ml, &pa);
        _kc_secp256k1_ge_neg (&ml, &ml);
        _kc_secp256k1_fe_normalize (&ml.x);
        _kc_secp256k1_gej_set_ge (&mlj, &ml);
        _kc_secp256k1_gej_add_var (&s3, &p, &mlj);
        _kc_secp256k1_gej_add_ge (&t3, &p, &ml);
        CHECK (gej_eq (&s3, &t3) && !t3.infinity && on_curve (&t3),
               "P - lambda P ct (%d)", it);
        /* and with a Jacobian P (Z != 1) */
        _kc_secp256k1_gej_double (&u3, &p);
        _kc_secp256k1_gej_add_var (&u3, &u3, &p);         /* 3P, Z != 1 */
        to_ge (&ml, &u3);
        _kc_secp256k1_ge_mul_lambda (&ml, &ml);
        _kc_secp256k1_ge_neg (&ml, &ml);
        _kc_secp256k1_gej_set_ge (&mlj, &ml);
        _kc_secp256k1_gej_add_var (&s3, &u3, &mlj);
        _kc_secp256k1_gej_add_ge (&t3, &u3, &ml);
        CHECK (gej_eq (&s3, &t3) && on_curve (&t3), "3P - lambda 3P ct (%d)", it);
        _kc_secp256k1_gej_add_ge_var (&t3, &u3, &ml);
        CHECK (gej_eq (&s3, &t3), "3P - lambda 3P ge_var (%d)", it);
      }
      /* infinity on either side */
      _kc_secp256k1_gej_add_ge (&t, &o, &pa);
      CHECK (gej_eq (&t, &p), "O+P ct (%d)", it);
      na = pa;
      na.infinity = 1;
      _kc_secp256k1_gej_add_ge (&t, &p, &na);
      CHECK (gej_eq (&t, &p), "P+O ct (%d)", it);
      _kc_secp256k1_gej_add_ge (&t, &o, &na);
      CHECK (t.infinity, "O+O ct (%d)", it);
      _kc_secp256k1_gej_add_var (&t, &o, &p);
      CHECK (gej_eq (&t, &p), "O+P var");
      _kc_secp256k1_gej_add_ge_var (&t, &o, &pa);
      CHECK (gej_eq (&t, &p), "O+P ge_var");
      /* associativity */
      _kc_secp256k1_gej_add_var (&t, &s, &u);        /* (P+Q)+2P */
      _kc_secp256k1_gej_add_var (&s, &q, &u);
      _kc_secp256k1_gej_add_var (&s, &p, &s);        /* P+(Q+2P) */
      CHECK (gej_eq (&s, &t), "associativity (%d)", it);
      /* lambda*P = (beta*x, y) */
      {
        static const scalar lambda = KC_SCALAR_CONST (
          0x5363AD4C, 0xC05C30E0, 0xA5261C02, 0x8812645A,
          0x122E22EA, 0x20816678, 0xDF02967C, 0x1B23BD72);
        ge la;
        gej laj;
        slow_mul (&t, &p, &lambda);
        _kc_secp256k1_ge_mul_lambda (&la, &pa);
        _kc_secp256k1_gej_set_ge (&laj, &la);
        CHECK (gej_eq (&t, &laj), "lambda*P = (beta x, y) (%d)", it);
      }
    }
}

static void
test_tables (void)
{
  gej acc, base, t;
  ge e;
  int i, j;

  _kc_secp256k1_gej_set_ge (&base, &_kc_secp256k1_ge_g);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      _kc_secp256k1_gej_set_infinity (&acc);
      for (i = 1; i <= KC_ECMULT_GEN_COLS; i++)
        {
          _kc_secp256k1_gej_add_var (&acc, &acc, &base);
          _kc_secp256k1_ge_from_storage (&e, &_kc_secp256k1_gen_table[j][i - 1]);
          _kc_secp256k1_gej_set_ge (&t, &e);
          CHECK (gej_eq (&t, &acc), "gen table [%d][%d]", j, i - 1);
        }
      for (i = 0; i < KC_ECMULT_GEN_BITS; i++)
        _kc_secp256k1_gej_double_var (&base, &base);   /* 2^W * base */
    }
  _kc_secp256k1_gej_set_ge (&acc, &_kc_secp256k1_ge_g);
  _kc_secp256k1_gej_double_var (&base, &acc);
  for (i = 0; i < KC_ECMULT_G_TABLE_SIZE; i++)
    {
      _kc_secp256k1_ge_from_storage (&e, &_kc_secp256k1_g_odd_table[i]);
      _kc_secp256k1_gej_set_ge (&t, &e);
      CHECK (gej_eq (&t, &acc), "odd table [%d]", i);
      _kc_secp256k1_gej_add_var (&acc, &acc, &base);
    }
}

static void
test_ecmult (void)
{
  gej g, p, r1, r2, t;
  scalar a, b, z;
  int it;

  _kc_secp256k1_gej_set_ge (&g, &_kc_secp256k1_ge_g);
  _kc_secp256k1_scalar_set_int (&z, 0);
  _kc_secp256k1_ecmult_gen (&r1, &z);
  CHECK (r1.infinity, "0*G = O");
  /* signed-digit recoding corners: digits 8 and 9 everywhere, carry
   * chains (0x0f..f), the n/2 boundary of the negation, 1, 2, 15, 16 */
  {
    static const char *const ks[] = {
      "8888888888888888888888888888888888888888888888888888888888888888",
      "9999999999999999999999999999999999999999999999999999999999999999",
      "0fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0",
      "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a1",
      "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b209f",
      "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
      "0000000000000000000000000000000000000000000000000000000000000001",
      "0000000000000000000000000000000000000000000000000000000000000002",
      "000000000000000000000000000000000000000000000000000000000000000f",
      "0000000000000000000000000000000000000000000000000000000000000010",
      "0000000000000000000000000000000000000000000000000000000000000088",
      "f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0",
    };
    size_t i;
    for (i = 0; i < KC_DIM (ks); i++)
      {
        unsigned char kb[32];
        t_unhex (kb, 32, ks[i]);
        _kc_secp256k1_scalar_set_b32 (&a, kb, NULL);
        _kc_secp256k1_ecmult_gen (&r1, &a);
        slow_mul (&r2, &g, &a);
        CHECK (gej_eq (&r1, &r2) && on_curve (&r1), "ecmult_gen corner %zu", i);
      }
  }
  /* the same corners for the table's window width W: every W-bit window
   * (of the 255 bits below 2^255, and of all 256) equal to H - 1, H, H + 1
   * or 2H - 1 with H = 2^(W-1): the largest positive digit, the first
   * negative one, carry chains, and the final carry */
  {
    static const unsigned int vs[4] = {
      KC_ECMULT_GEN_COLS - 1, KC_ECMULT_GEN_COLS, KC_ECMULT_GEN_COLS + 1,
      2 * KC_ECMULT_GEN_COLS - 1 };
    unsigned int vi, top, bit;
    for (top = 255; top <= 256; top++)
      for (vi = 0; vi < 4; vi++)
        {
          unsigned char kb[32];
          memset (kb, 0, sizeof kb);
          for (bit = 0; bit < top; bit++)
            if ((vs[vi] >> (bit % KC_ECMULT_GEN_BITS)) & 1)
              kb[31 - bit / 8] |= (unsigned char) (1u << (bit % 8));
          _kc_secp256k1_scalar_set_b32 (&a, kb, NULL);
          _kc_secp256k1_ecmult_gen (&r1, &a);
          slow_mul (&r2, &g, &a);
          CHECK (gej_eq (&r1, &r2) && on_curve (&r1),
                 "ecmult_gen window corner %u/%u", top, vs[vi]);
        }
  }
  for (it = 0; it < 100; it++)
    {
      rand_scalar (&a, it);
      rand_scalar (&b, it / 3);
      _kc_secp256k1_ecmult_gen (&r1, &a);
      slow_mul (&r2, &g, &a);
      CHECK (gej_eq (&r1, &r2), "ecmult_gen (%d)", it);
      rand_point (&p, it + 1);
      /* a*P + b*G */
      _kc_secp256k1_ecmult_var (&r1, &p, &a, &b);
      slow_mul (&r2, &p, &a);
      slow_mul (&t, &g, &b);
      _kc_secp256k1_gej_add_var (&r2, &r2, &t);
      CHECK (gej_eq (&r1, &r2), "ecmult_var (%d)", it);
      /* one side zero or infinite */
      _kc_secp256k1_ecmult_var (&r1, &p, &a, &z);
      slow_mul (&r2, &p, &a);
      CHECK (gej_eq (&r1, &r2), "ecmult_var b = 0 (%d)", it);
      _kc_secp256k1_ecmult_var (&r1, &p, &z, &b);
      slow_mul (&r2, &g, &b);
      CHECK (gej_eq (&r1, &r2), "ecmult_var a = 0 (%d)", it);
      _kc_secp256k1_gej_set_infinity (&t);
      _kc_secp256k1_ecmult_var (&r1, &t, &a, &b);
      CHECK (gej_eq (&r1, &r2), "ecmult_var P = O (%d)", it);
      /* a*P + b*G = O when P = G and b = -a */
      _kc_secp256k1_scalar_negate (&z, &a);
      _kc_secp256k1_ecmult_var (&r1, &g, &a, &z);
      CHECK (r1.infinity, "a*G - a*G = O (%d)", it);
      _kc_secp256k1_scalar_set_int (&z, 0);
    }
}

/* A test RNG for the blinding: hands out the queued 32-byte blocks in
 * turn, then random bytes. */
static unsigned char rng_q[4][32];
static int rng_qn, rng_qi;

static void
queue_rng (void *ctx, void *buf, size_t n)
{
  (void) ctx;
  if (n == 32 && rng_qi < rng_qn)
    memcpy (buf, rng_q[rng_qi++], 32);
  else
    t_randbytes (buf, n);
}

/* R = K*G by the plain comb (blinding forgotten). */
static void
plain_gen (gej *r, const scalar *k)
{
  _kc_secp256k1_ecmult_gen_unblind ();
  _kc_secp256k1_ecmult_gen (r, k);
}

/* Blinded K*G (with a fresh Z) against the plain comb and, every so
 * often, double-and-add.  Returns 1 if the Z differed from the plain one
 * (the blinding acted). */
static int
check_blinded (const scalar *k, const unsigned char bseed[32],
               const unsigned char *zseed, const char *what, int slow)
{
  gej r0, r1, r2, g;
  int zdiff;

  plain_gen (&r0, k);
  memcpy (rng_q[0], bseed, 32);
  rng_qn = 1;
  if (zseed)
    {
      memcpy (rng_q[1], zseed, 32);
      rng_qn = 2;
    }
  rng_qi = 0;
  _kc_secp256k1_ecmult_gen_blind (queue_rng, NULL);
  CHECK (rng_qi == rng_qn, "%s: the blinding took %d of %d blocks", what,
         rng_qi, rng_qn);
  _kc_secp256k1_ecmult_gen (&r1, k);
  CHECK (gej_eq (&r0, &r1), "%s: blinded k*G differs", what);
  if (!r1.infinity)
    CHECK (on_curve (&r1), "%s: blinded k*G not on the curve", what);
  /* a second multiplication with a new Z (same offset) */
  _kc_secp256k1_ecmult_gen_blind (queue_rng, NULL);
  _kc_secp256k1_ecmult_gen (&r2, k);
  CHECK (gej_eq (&r0, &r2), "%s: blinded k*G (second Z) differs", what);
  /* affine: with a fresh Z (variable-time inverse), then again on the
   * same Z (constant-time inverse), and unblinded */
  {
    ge a0, a1;
    gej t0, t1;
    _kc_secp256k1_ecmult_gen_blind (queue_rng, NULL);
    _kc_secp256k1_ecmult_gen_ge (&a1, k);
    _kc_secp256k1_gej_set_ge (&t1, &a1);
    CHECK (gej_eq (&r0, &t1), "%s: ecmult_gen_ge (fresh Z) differs", what);
    _kc_secp256k1_ecmult_gen_ge (&a1, k);
    _kc_secp256k1_gej_set_ge (&t1, &a1);
    CHECK (gej_eq (&r0, &t1), "%s: ecmult_gen_ge (used Z) differs", what);
    _kc_secp256k1_ecmult_gen_unblind ();
    _kc_secp256k1_ecmult_gen_ge (&a0, k);
    _kc_secp256k1_gej_set_ge (&t0, &a0);
    CHECK (gej_eq (&r0, &t0), "%s: ecmult_gen_ge (plain) differs", what);
    if (!a0.infinity)
      CHECK (_kc_secp256k1_fe_equal_norm (&a0.x, &a1.x)
             && _kc_secp256k1_fe_equal_norm (&a0.y, &a1.y),
             "%s: ecmult_gen_ge not normalized alike", what);
  }
  if (slow)
    {
      _kc_secp256k1_gej_set_ge (&g, &_kc_secp256k1_ge_g);
      slow_mul (&r2, &g, k);
      CHECK (gej_eq (&r0, &r2), "%s: k*G differs from double-and-add", what);
    }
  _kc_secp256k1_fe_normalize_var (&r0.z);
  _kc_secp256k1_fe_normalize_var (&r1.z);
  zdiff = !r0.infinity && !r1.infinity
          && !_kc_secp256k1_fe_equal_norm (&r0.z, &r1.z);
  _kc_secp256k1_ecmult_gen_unblind ();
  return zdiff;
}

static void
test_blinding (void)
{
  static const unsigned char nm1[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
    0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40 };
  static const unsigned char pbytes[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f };
  unsigned char bs[32], nb[32], zero[32], zs[32];
  scalar b, k, one;
  char what[80];
  int it, i, acted;

  memset (zero, 0, sizeof zero);
  memcpy (nb, nm1, 32);
  nb[31] += 1;                                        /* n: reduces to 0 */
  _kc_secp256k1_scalar_set_int (&one, 1);
  for (it = 0; it < 40; it++)
    {
      /* the offset: random, or 0, n (= 0), n - 1, 1 */
      const unsigned char *bseed = bs;
      t_randbytes (bs, 32);
      if (it == 1) bseed = zero;
      if (it == 2) bseed = nb;
      if (it == 3) bseed = nm1;
      if (it == 4) { memset (bs, 0, 32); bs[31] = 1; }
      _kc_secp256k1_scalar_set_b32 (&b, bseed, NULL);
      /* Z: random, or zero or p (both become 1) */
      t_randbytes (zs, 32);
      /* k = -b (k + b = 0), -b + 1, -b - 1, b, 0, 1, n - 1, random */
      for (i = 0; i < 8; i++)
        {
          switch (i)
            {
            case 0: _kc_secp256k1_scalar_negate (&k, &b); break;
            case 1:
              _kc_secp256k1_scalar_negate (&k, &b);
              _kc_secp256k1_scalar_add (&k, &k, &one);
              break;
            case 2:
              _kc_secp256k1_scalar_negate (&k, &b);
              _kc_secp256k1_scalar_negate (&k, &k);
              _kc_secp256k1_scalar_add (&k, &k, &one);
              _kc_secp256k1_scalar_negate (&k, &k);
              break;
            case 3: k = b; break;
            case 4: _kc_secp256k1_scalar_set_int (&k, 0); break;
            case 5: k = one; break;
            case 6: _kc_secp256k1_scalar_set_b32 (&k, nm1, NULL); break;
            default: rand_scalar (&k, it); break;
            }
          snprintf (what, sizeof what, "blinding %d/%d", it, i);
          acted = check_blinded (&k, bseed,
                                 it == 5 ? zero : it == 6 ? pbytes : zs,
                                 what, it < 8);
          /* with a random offset, a random Z and a finite result, the Z
           * must differ from the plain comb's (a tiny offset such as 1 may
           * cancel the start point early and restart from Z = 1) */
          if ((it == 0 || it > 6) && !_kc_secp256k1_scalar_is_zero (&k))
            CHECK (acted, "%s: the blinding left Z as it was", what);
        }
    }
  /* the scalar handed out for the caller's blinding: the fourth block
   * of the first refresh (offset, Z, then it), once, then none */
  {
    scalar beta, want;
    unsigned char bb[32];
    _kc_secp256k1_ecmult_gen_unblind ();
    CHECK (!_kc_secp256k1_blind_take_scalar (&beta), "beta before blinding");
    t_randbytes (rng_q[0], 32);
    t_randbytes (rng_q[1], 32);
    t_randbytes (rng_q[2], 32);
    memcpy (bb, rng_q[2], 32);
    rng_qn = 3;
    rng_qi = 0;
    _kc_secp256k1_ecmult_gen_blind (queue_rng, NULL);
    CHECK (rng_qi == 3, "the first refresh took %d blocks", rng_qi);
    _kc_secp256k1_scalar_set_b32 (&want, bb, NULL);
    CHECK (_kc_secp256k1_blind_take_scalar (&beta)
           && _kc_secp256k1_scalar_eq (&beta, &want), "beta handed out");
    CHECK (!_kc_secp256k1_blind_take_scalar (&beta), "beta handed out twice");
    t_randbytes (rng_q[0], 32);           /* Z, then a zero beta */
    memset (rng_q[1], 0, 32);
    rng_qn = 2;
    rng_qi = 0;
    _kc_secp256k1_ecmult_gen_blind (queue_rng, NULL);
    CHECK (!_kc_secp256k1_blind_take_scalar (&beta), "zero beta handed out");
    _kc_secp256k1_ecmult_gen_unblind ();
  }
  /* the comb's corners (digits, carries, the n/2 boundary) under a
   * random offset */
  for (it = 0; it < 64; it++)
    {
      unsigned char kb[32];
      memset (kb, 0, sizeof kb);
      for (i = 0; i < 256; i++)
        if (((it & 7) + (unsigned) i / KC_ECMULT_GEN_BITS) & 1)
          kb[31 - i / 8] |= (unsigned char) (1u << (i % 8));
      if (it & 8)
        kb[0] &= 0x7f;
      if (it & 16)
        kb[31] ^= 1;
      _kc_secp256k1_scalar_set_b32 (&k, kb, NULL);
      t_randbytes (bs, 32);
      snprintf (what, sizeof what, "blinding corner %d", it);
      CHECK (check_blinded (&k, bs, NULL, what, 0) || _kc_secp256k1_scalar_is_zero (&k),
             "%s: the blinding left Z as it was", what);
    }
}

/* _kc_secp256k1_ge_set_b64_var and _kc_secp256k1_b64_is_valid_var (the
 * key pairs' and MuSig's stored points; their curve check runs on the
 * 4x64 field where that is chosen, else on 5x52: t_rerun_other_field
 * runs this again on the other) on multiples of G, their negations, and
 * damaged or out-of-range coordinates, against the 5x52 check on the
 * same field elements. */
static void
test_set_b64 (void)
{
  static const unsigned char p_be[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F };
  unsigned char b[64], d[64];
  gej g, p;
  ge a, r;
  scalar k;
  int it, v, want;

  _kc_secp256k1_gej_set_ge (&g, &_kc_secp256k1_ge_g);
  p = g;
  for (it = 0; it < 200; it++)
    {
      /* a multiple of G, and (x, -y) */
      if (it % 2)
        {
          unsigned char kb[32];
          t_randbytes (kb, 32);
          _kc_secp256k1_scalar_set_b32 (&k, kb, NULL);
          slow_mul (&p, &g, &k);
        }
      else
        _kc_secp256k1_gej_add_var (&p, &p, &g);
      if (p.infinity)
        continue;
      _kc_secp256k1_ge_set_gej_var (&a, &p);
      _kc_secp256k1_fe_normalize (&a.x);
      _kc_secp256k1_fe_normalize (&a.y);
      _kc_secp256k1_fe_get_b32 (b, &a.x);
      _kc_secp256k1_fe_get_b32 (b + 32, &a.y);
      CHECK (_kc_secp256k1_ge_set_b64_var (&r, b), "set_b64 on a point (%d)",
             it);
      CHECK (_kc_secp256k1_fe_equal_norm (&r.x, &a.x)
             && _kc_secp256k1_fe_equal_norm (&r.y, &a.y) && !r.infinity,
             "set_b64's point (%d)", it);
      _kc_secp256k1_ge_neg (&a, &a);
      _kc_secp256k1_fe_normalize (&a.y);
      _kc_secp256k1_fe_get_b32 (d, &a.x);
      _kc_secp256k1_fe_get_b32 (d + 32, &a.y);
      CHECK (_kc_secp256k1_ge_set_b64_var (&r, d), "set_b64 on -P (%d)", it);
      /* one bit off in x or y, or a random pair: the answer of the 5x52
       * check on the same elements */
      memcpy (d, b, 64);
      if (it % 3 == 2)
        t_randbytes (d, 64);
      else
        d[(size_t) (t_rand64 () % 64)] ^= (unsigned char) (1u << (it % 8));
      {
        _kc_secp256k1_fe x, y;
        ge q;
        want = _kc_secp256k1_fe_set_b32_limit (&x, d)
               && _kc_secp256k1_fe_set_b32_limit (&y, d + 32);
        if (want)
          {
            _kc_secp256k1_ge_set_xy (&q, &x, &y);
            want = _kc_secp256k1_ge_is_valid_var (&q);
          }
      }
      v = _kc_secp256k1_ge_set_b64_var (&r, d);
      CHECK (v == want, "set_b64 on damaged bytes (%d): %d, want %d", it, v,
             want);
      CHECK (_kc_secp256k1_b64_is_valid_var (d) == want,
             "b64_is_valid on damaged bytes (%d)", it);
      CHECK (_kc_secp256k1_b64_is_valid_var (b), "b64_is_valid on P (%d)",
             it);
      /* a coordinate of p or above: refused */
      memcpy (d, b, 64);
      memcpy (d + 32 * (it % 2), p_be, 32);
      CHECK (!_kc_secp256k1_ge_set_b64_var (&r, d), "set_b64: p (%d)", it);
      CHECK (!_kc_secp256k1_b64_is_valid_var (d), "b64_is_valid: p (%d)", it);
      /* and p + k for a small k (the element k, above p) */
      memcpy (d + 32 * (it % 2), p_be, 32);
      d[32 * (it % 2) + 31] = (unsigned char) (0x2F + 1 + it % 100);
      CHECK (!_kc_secp256k1_ge_set_b64_var (&r, d),
             "set_b64: p + k (%d)", it);
      CHECK (!_kc_secp256k1_b64_is_valid_var (d), "b64_is_valid: p + k (%d)",
             it);
    }
}

/* _kc_secp256k1_sum2_b64_var (MuSig2's nonce aggregation) against the
 * sums taken point by point with _kc_secp256k1_gej_add_ge_var: random
 * points, a point twice (the doubling inside an addition), P and -P (an
 * infinite sum), and pairs of random coordinates off the curve (the same
 * formulas on both fields give the same bytes there too). */
static void
test_sum2 (void)
{
  unsigned char buf[6][4 + 128];
  const void *in[6];
  ge pts[6][2], r[2], want;
  gej g, sum;
  size_t count, i;
  int it, j, off_curve;

  for (it = 0; it < 300; it++)
    {
      count = 1 + (size_t) (it % 6);
      off_curve = it % 7 == 6;
      for (i = 0; i < count; i++)
        {
          in[i] = buf[i];
          memset (buf[i], 0xa5, 4);             /* the caller's magic */
          for (j = 0; j < 2; j++)
            {
              ge *q = &pts[i][j];
              if (off_curve)
                {
                  _kc_secp256k1_fe x, y;
                  unsigned char c[64];
                  do
                    t_randbytes (c, 64);
                  while (!_kc_secp256k1_fe_set_b32_limit (&x, c)
                         || !_kc_secp256k1_fe_set_b32_limit (&y, c + 32));
                  _kc_secp256k1_ge_set_xy (q, &x, &y);
                }
              else if (i > 0 && it % 5 == 1)
                *q = pts[i - 1][j];                     /* a doubling */
              else if (i > 0 && it % 5 == 2 && j == (it / 5) % 2)
                _kc_secp256k1_ge_neg (q, &pts[i - 1][j]);   /* infinity */
              else
                {
                  rand_point (&g, it + (int) i);
                  to_ge (q, &g);
                }
              _kc_secp256k1_fe_normalize (&q->x);
              _kc_secp256k1_fe_normalize (&q->y);
              _kc_secp256k1_fe_get_b32 (buf[i] + 4 + 64 * j, &q->x);
              _kc_secp256k1_fe_get_b32 (buf[i] + 36 + 64 * j, &q->y);
            }
        }
      _kc_secp256k1_sum2_b64_var (r, in, 4, count);
      for (j = 0; j < 2; j++)
        {
          _kc_secp256k1_gej_set_infinity (&sum);
          for (i = 0; i < count; i++)
            _kc_secp256k1_gej_add_ge_var (&sum, &sum, &pts[i][j]);
          _kc_secp256k1_ge_set_gej_var (&want, &sum);
          CHECK (r[j].infinity == want.infinity,
                 "sum2 (%d, %d): infinity %d, want %d", it, j, r[j].infinity,
                 want.infinity);
          if (!want.infinity && !r[j].infinity)
            CHECK (_kc_secp256k1_fe_equal_norm (&r[j].x, &want.x)
                   && _kc_secp256k1_fe_equal_norm (&r[j].y, &want.y),
                   "sum2 (%d, %d): the point", it, j);
        }
    }
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x9e09256bULL);
  (void) t_hexdump; (void) t_datafile; (void) t_rng_cb;
  test_identities ();
  test_tables ();
  test_ecmult ();
  test_blinding ();
  test_set_b64 ();
  test_sum2 ();
  t_rerun_other_field (argv);   /* the 4x64 or the 5x52 ecmult_var */
  return t_done ("t-secp256k1-group");
}
