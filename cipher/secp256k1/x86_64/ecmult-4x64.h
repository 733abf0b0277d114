/* secp256k1/x86_64/ecmult-4x64.h - NA*A + NG*G (variable time), K*A and K*G
 * (constant time) over the 4x64 MULX/ADX field of secp256k1/x86_64/field-4x64.h
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included once, by secp256k1/ecmult.c (so that the exhaustive test,
 * which builds that file on its small curves, runs this path too).
 * ecmult_var_4x64: the algorithm of _kc_secp256k1_ecmult_var there (GLV
 * split, wNAF, effective-affine table of A, G's static table joined by
 * add_zinv): the recoding is shared, the point arithmetic is written
 * again over the 4x64 field, whose subtraction is one operation (the
 * 5x52 formulas negate and add) and whose values need no magnitudes or
 * weak normalizations.  A, NA, NG arrive and R leaves in 5x52 coordinates.
 * ecmult_const_4x64: the constant-time ladder of
 * _kc_secp256k1_ecmult_const (ECDH), with its complete addition; the
 * table and the digits come from there.  comb_4x64: the rows of the
 * constant-time comb of _kc_secp256k1_ecmult_gen (key generation and
 * signing, blinded as there), with the same addition.  sum2_b64_var_4x64:
 * the two point sums of MuSig2's nonce aggregation, their additions in
 * turns (_kc_secp256k1_sum2_b64_var).
 *
 * Chosen at run time (_kc_fe64_chosen) where the CPU's 64-bit
 * multiplier makes this field faster: KC_PREFER_MULX (see
 * src/hwfeatures.c and doc/MEASUREMENTS).  The field is constant time;
 * the _var functions here are not (their inputs are public).
 */
#ifdef KC_LIMB_ADX

#include "secp256k1/x86_64/field-4x64.h"

typedef struct
{
  _kc_fe64 x, y;
} ge64;                         /* finite affine point */

typedef struct
{
  _kc_fe64 x, y, z;
  int infinity;
} gej64;

/* A (5x52, any magnitudes) in this field, and back (R normalized). */
static void
gej64_from_gej (gej64 *r, const gej *a)
{
  _kc_fe64_from_fe (&r->x, &a->x);
  _kc_fe64_from_fe (&r->y, &a->y);
  _kc_fe64_from_fe (&r->z, &a->z);
  r->infinity = a->infinity;
}

static void
gej64_to_gej (gej *r, const gej64 *a)
{
  _kc_fe64_to_fe (&r->x, &a->x);
  _kc_fe64_to_fe (&r->y, &a->y);
  _kc_fe64_to_fe (&r->z, &a->z);
  r->infinity = a->infinity;
}

/* R = the stored point S (its 4x64 form is this field's), y negated if
 * NEG (0 or 1), constant time. */
static void
ge64_from_storage (ge64 *r, const _kc_secp256k1_ge_storage *s, int neg)
{
  _kc_fe64 ny;
  memcpy (r->x.n, s->x.n, sizeof r->x.n);
  memcpy (r->y.n, s->y.n, sizeof r->y.n);
  _kc_fe64_negate (&ny, &r->y);
  _kc_fe64_cmov (&r->y, &ny, neg);
  wipememory (&ny, sizeof ny);
}

/* R = 2A (an infinite A gives an infinite R, whatever its coordinates):
 * the halved doubling of _kc_secp256k1_gej_double
 * (L = 3X^2/2, S = Y^2, T = X S, X3 = L^2 - 2T, Y3 = L (T - X3) - S^2,
 * Z3 = Y Z).  3M + 4S.  R may alias A. */
static void
dbl64 (gej64 *r, const gej64 *a)
{
  _kc_fe64 l, s, t, u;

  r->infinity = a->infinity;
  _kc_fe64_sqr (&l, &a->x);
  _kc_fe64_mul_int (&l, &l, 3);
  _kc_fe64_half (&l, &l);                       /* L */
  _kc_fe64_sqr (&s, &a->y);                     /* S */
  _kc_fe64_mul (&t, &s, &a->x);                 /* T */
  _kc_fe64_mul (&r->z, &a->z, &a->y);           /* Z3 */
  _kc_fe64_add (&u, &t, &t);
  _kc_fe64_sqr (&r->x, &l);
  _kc_fe64_sub (&r->x, &r->x, &u);              /* X3 */
  _kc_fe64_sub (&u, &t, &r->x);
  _kc_fe64_mul (&r->y, &l, &u);
  _kc_fe64_sqr (&s, &s);
  _kc_fe64_sub (&r->y, &r->y, &s);              /* Y3 */
}

/* Mixed addition in the two halves of add_ge_hr / add_ge_finish
 * (secp256k1/group.c): H = X2 ZU^2 - X1, RR = Y2 ZU^3 - Y1, then
 * X3 = RR^2 - H^3 - 2 X1 H^2, Y3 = RR (X1 H^2 - X3) - Y1 H^3,
 * Z3 = Z1 H.  ZU is A's Z, or A's Z times 1/Z_B (add_zinv). */
static void
add64_hr (_kc_fe64 *h, _kc_fe64 *rr, const gej64 *a, const ge64 *b,
          const _kc_fe64 *zu)
{
  _kc_fe64 z2, u2, s2;

  _kc_fe64_sqr (&z2, zu);
  _kc_fe64_mul (&u2, &b->x, &z2);
  _kc_fe64_mul (&s2, &b->y, &z2);
  _kc_fe64_mul (&s2, &s2, zu);
  _kc_fe64_sub (h, &u2, &a->x);
  _kc_fe64_sub (rr, &s2, &a->y);
}

/* H not zero.  Reads all of A before it writes R (R may alias A). */
static void
add64_finish (gej64 *r, const gej64 *a, const _kc_fe64 *h,
              const _kc_fe64 *rr)
{
  _kc_fe64 h2, h3, v, w, t;

  _kc_fe64_sqr (&h2, h);
  _kc_fe64_mul (&h3, h, &h2);
  _kc_fe64_mul (&v, &a->x, &h2);                /* V = X1 H^2 */
  _kc_fe64_mul (&w, &a->y, &h3);                /* Y1 H^3 */
  _kc_fe64_mul (&r->z, &a->z, h);               /* Z3 */
  _kc_fe64_add (&t, &v, &v);
  _kc_fe64_sqr (&r->x, rr);
  _kc_fe64_sub (&r->x, &r->x, &h3);
  _kc_fe64_sub (&r->x, &r->x, &t);              /* X3 */
  _kc_fe64_sub (&t, &v, &r->x);
  _kc_fe64_mul (&r->y, rr, &t);
  _kc_fe64_sub (&r->y, &r->y, &w);              /* Y3 */
  r->infinity = 0;
}

/* R = A + (B.x : B.y : 1/BZINV), BZINV = NULL for 1.  R may alias A. */
static void
add64_var (gej64 *r, const gej64 *a, const ge64 *b, const _kc_fe64 *bzinv)
{
  _kc_fe64 h, rr, az;

  if (a->infinity)
    {
      if (bzinv)
        {
          _kc_fe64 z2, z3;
          _kc_fe64_sqr (&z2, bzinv);
          _kc_fe64_mul (&z3, &z2, bzinv);
          _kc_fe64_mul (&r->x, &b->x, &z2);
          _kc_fe64_mul (&r->y, &b->y, &z3);
        }
      else
        {
          r->x = b->x;
          r->y = b->y;
        }
      _kc_fe64_set_int (&r->z, 1);
      r->infinity = 0;
      return;
    }
  if (bzinv)
    _kc_fe64_mul (&az, &a->z, bzinv);
  else
    az = a->z;
  add64_hr (&h, &rr, a, b, &az);
  if (_kc_fe64_is_zero_var (&h))
    {
      if (_kc_fe64_is_zero_var (&rr))
        dbl64 (r, a);
      else
        r->infinity = 1;
      return;
    }
  add64_finish (r, a, &h, &rr);
}

static void
ge64_neg (ge64 *r, const ge64 *a)
{
  r->x = a->x;
  _kc_fe64_negate (&r->y, &a->y);
}

/* T[0..N-1], T[i+1] = T[i] + (something) with Z ratio ZR[i+1] = Z_{i+1}
 * / Z_i, all brought to the Z of T[N-1] (x * (Z_last/Z_i)^2,
 * y * (Z_last/Z_i)^3), in place, without an inversion: the back-scaling
 * of table_a_var and table_const_var.  N >= 2; ZR[0] unused. */
static void
backscale64 (gej64 *t, const _kc_fe64 *zr, int n)
{
  _kc_fe64 rz = zr[n - 1], rz2, rz3;
  int i;

  for (i = n - 2; i >= 0; i--)
    {
      _kc_fe64_sqr (&rz2, &rz);
      _kc_fe64_mul (&rz3, &rz2, &rz);
      _kc_fe64_mul (&t[i].x, &t[i].x, &rz2);
      _kc_fe64_mul (&t[i].y, &t[i].y, &rz3);
      if (i > 0)
        _kc_fe64_mul (&rz, &rz, &zr[i]);
    }
}

/* The odd multiples A, 3A, ..., (2 TABLE_A_SIZE - 1)A, effective affine
 * on the curve scaled by *ZT, as table_a_var in secp256k1/ecmult.c.  A
 * finite. */
static void
table_a64 (ge64 pre[TABLE_A_SIZE], _kc_fe64 *zt, const gej64 *a)
{
  gej64 t[TABLE_A_SIZE], d;
  _kc_fe64 zr[TABLE_A_SIZE], zd2, zd3, rr;
  ge64 dge;
  int i;

  dbl64 (&d, a);
  dge.x = d.x;
  dge.y = d.y;
  _kc_fe64_sqr (&zd2, &d.z);
  _kc_fe64_mul (&zd3, &zd2, &d.z);
  _kc_fe64_mul (&t[0].x, &a->x, &zd2);
  _kc_fe64_mul (&t[0].y, &a->y, &zd3);
  t[0].z = a->z;
  t[0].infinity = 0;
  for (i = 1; i < TABLE_A_SIZE; i++)
    {
      /* A of large order: no degenerate case (as in table_a_var) */
      add64_hr (&zr[i], &rr, &t[i - 1], &dge, &t[i - 1].z);
      add64_finish (&t[i], &t[i - 1], &zr[i], &rr);
    }
  backscale64 (t, zr, TABLE_A_SIZE);
  for (i = 0; i < TABLE_A_SIZE; i++)
    {
      pre[i].x = t[i].x;
      pre[i].y = t[i].y;
    }
  _kc_fe64_mul (zt, &t[TABLE_A_SIZE - 1].z, &d.z);
}

static void
g_entry64 (ge64 *r, int d, int neg)
{
  ge64_from_storage (r, &_kc_secp256k1_g_odd_table[(d < 0 ? -d : d) >> 1],
                     (d < 0) ^ neg);
}

/* The digits of secp256k1/ecmult.c's ecmult_var, computed there.  Out of
 * line, so that inlining it does not reshape the 5x52 loop beside it in
 * _kc_secp256k1_ecmult_var (that cost the 5x52 path 5% here). */
static KC_NOINLINE void
ecmult_var_4x64 (gej *r, const gej *a, int use_a, int len,
                 const int *wa1, int la1, const int *wa2, int la2,
                 const int *wg1, int lg1, const int *wg2, int lg2,
                 const int nega[2], const int negg[2])
{
  _kc_fe64 beta64;
  ge64 ta[TABLE_A_SIZE], tla[TABLE_A_SIZE], e;
  gej64 acc;
  _kc_fe64 zt;
  int i;

  _kc_fe64_from_fe (&beta64, &_kc_secp256k1_fe_beta);
  _kc_fe64_set_int (&zt, 1);
  if (use_a)
    {
      gej64 a64;
      gej64_from_gej (&a64, a);
      table_a64 (ta, &zt, &a64);
      for (i = 0; i < TABLE_A_SIZE; i++)
        {
          _kc_fe64_mul (&tla[i].x, &ta[i].x, &beta64);
          tla[i].y = ta[i].y;
        }
    }

  acc.infinity = 1;
  for (i = len - 1; i >= 0; i--)
    {
      int d;
      if (!acc.infinity)
        dbl64 (&acc, &acc);
      if (i < la1 && (d = wa1[i]) != 0)
        {
          const ge64 *pe = &ta[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[0])
            {
              ge64_neg (&e, pe);
              pe = &e;
            }
          add64_var (&acc, &acc, pe, NULL);
        }
      if (i < la2 && (d = wa2[i]) != 0)
        {
          const ge64 *pe = &tla[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[1])
            {
              ge64_neg (&e, pe);
              pe = &e;
            }
          add64_var (&acc, &acc, pe, NULL);
        }
      if (i < lg1 && (d = wg1[i]) != 0)
        {
          g_entry64 (&e, d, negg[0]);
          add64_var (&acc, &acc, &e, &zt);
        }
      if (i < lg2 && (d = wg2[i]) != 0)
        {
          g_entry64 (&e, d, negg[1]);
          _kc_fe64_mul (&e.x, &e.x, &beta64);
          add64_var (&acc, &acc, &e, &zt);
        }
    }
  if (acc.infinity)
    {
      _kc_secp256k1_gej_set_infinity (r);
      return;
    }
  _kc_fe64_mul (&acc.z, &acc.z, &zt);
  gej64_to_gej (r, &acc);
}

/* ------------------------------------------------- constant-time K*A */

/* R = A + B (B affine, BINF its infinity flag), complete and constant
 * time: the formulas of _kc_secp256k1_gej_add_ge (secp256k1/group.c,
 * where they are derived), over this field.  7M + 5S.  R may alias A. */
static void
add64_const (gej64 *r, const gej64 *a, const ge64 *b, int binf)
{
  _kc_fe64 zz, z3, u2, s2, t, m, rr, rra, ma, n, d, d2, d4, q, w, c;
  gej64 a0 = *a;
  int degen, ainf, rinf;

  _kc_fe64_sqr (&zz, &a0.z);
  _kc_fe64_mul (&u2, &b->x, &zz);               /* u2 */
  _kc_fe64_mul (&z3, &zz, &a0.z);
  _kc_fe64_mul (&s2, &b->y, &z3);               /* s2 */
  _kc_fe64_add (&t, &a0.x, &u2);                /* T = u1 + u2 */
  _kc_fe64_add (&m, &a0.y, &s2);                /* M = s1 + s2 */
  _kc_fe64_mul (&q, &a0.x, &u2);
  _kc_fe64_sqr (&rr, &t);
  _kc_fe64_sub (&rr, &rr, &q);                  /* RR = T^2 - u1 u2 */
  _kc_fe64_sub (&rra, &a0.y, &s2);              /* s1 - s2 */
  _kc_fe64_sub (&ma, &a0.x, &u2);               /* u1 - u2 */
  degen = _kc_fe64_is_zero (&m);
  n = rr;
  _kc_fe64_cmov (&n, &rra, degen);
  d = m;
  _kc_fe64_cmov (&d, &ma, degen);
  _kc_fe64_sqr (&d2, &d);
  _kc_fe64_mul (&q, &t, &d2);                   /* T D^2 */
  _kc_fe64_sqr (&r->x, &n);
  _kc_fe64_sub (&r->x, &r->x, &q);              /* X3 = N^2 - T D^2 */
  _kc_fe64_add (&w, &r->x, &r->x);
  _kc_fe64_sub (&w, &q, &w);                    /* T D^2 - 2 X3 */
  _kc_fe64_mul (&r->y, &n, &w);
  _kc_fe64_sqr (&d4, &d2);
  _kc_fe64_set_int (&c, 0);
  _kc_fe64_cmov (&d4, &c, degen);               /* M D^3 */
  _kc_fe64_sub (&r->y, &r->y, &d4);             /* 2 Y3 */
  _kc_fe64_mul (&r->z, &a0.z, &d);
  /* rescale by 2: (4 X3, 8 Y3, 2 Z3) */
  _kc_fe64_mul_int (&r->x, &r->x, 4);
  _kc_fe64_mul_int (&r->y, &r->y, 4);
  _kc_fe64_add (&r->z, &r->z, &r->z);
  rinf = _kc_fe64_is_zero (&r->z);
  ainf = a0.infinity & 1;
  binf &= 1;
  /* A infinite: R = (x2, y2, 1), infinite iff B is. */
  _kc_fe64_cmov (&r->x, &b->x, ainf);
  _kc_fe64_cmov (&r->y, &b->y, ainf);
  _kc_fe64_set_int (&c, 1);
  _kc_fe64_cmov (&r->z, &c, ainf);
  rinf = (int) ct_select_u32 (ct_mask_from_flag_u32 ((uint32_t) ainf),
                              (uint32_t) binf, (uint32_t) rinf);
  /* B infinite, A finite: R = A. */
  binf &= ainf ^ 1;
  _kc_fe64_cmov (&r->x, &a0.x, binf);
  _kc_fe64_cmov (&r->y, &a0.y, binf);
  _kc_fe64_cmov (&r->z, &a0.z, binf);
  rinf = (int) ct_select_u32 (ct_mask_from_flag_u32 ((uint32_t) binf),
                              0, (uint32_t) rinf);
  r->infinity = rinf;
  wipememory (&a0, sizeof a0);
}

/* B = sign * TABLE[absd - 1] of COUNT stored entries, *BINF = (absd =
 * 0), x times BETA unless NULL (lambda): the whole table scanned
 * (_kc_ct_lookup_u64x8; absd 0 matches no entry and reads zeros).  Constant
 * time in ABSD and NEG.  ECDH's table and the comb's rows. */
static void
lookup64 (ge64 *b, int *binf, const _kc_secp256k1_ge_storage *table,
          size_t count, uint32_t absd, uint32_t neg, const _kc_fe64 *beta)
{
  _kc_secp256k1_ge_storage s;

  _kc_ct_lookup_u64x8 ((uint64_t *) &s, (const uint64_t *) table, count,
                       (size_t) absd - 1);
  ge64_from_storage (b, &s, (int) neg);
  if (beta)
    _kc_fe64_mul (&b->x, &b->x, beta);
  *binf = (int) ct_eq_u32 (absd, 0);
  wipememory (&s, sizeof s);
}

/* PRE[i] = (i+1)*A for i < CONST_H, effective affine on the curve scaled
 * by *ZT, normalized for storage: table_const_var (secp256k1/ecmult.c)
 * over this field.  A finite, of large order.  Variable time: A is
 * public. */
static void
table_const64 (_kc_secp256k1_ge_storage pre[CONST_H], _kc_fe64 *zt,
               const ge *a)
{
  gej64 t[CONST_H];
  _kc_fe64 zr[CONST_H], rr;
  ge64 a64;
  int i;

  _kc_fe64_from_fe (&a64.x, &a->x);
  _kc_fe64_from_fe (&a64.y, &a->y);
  t[0].x = a64.x;
  t[0].y = a64.y;
  _kc_fe64_set_int (&t[0].z, 1);
  t[0].infinity = 0;
  dbl64 (&t[1], &t[0]);
  zr[1] = t[1].z;                               /* Z_1 / Z_0, Z_0 = 1 */
  for (i = 2; i < CONST_H; i++)
    {
      add64_hr (&zr[i], &rr, &t[i - 1], &a64, &t[i - 1].z);
      add64_finish (&t[i], &t[i - 1], &zr[i], &rr);
    }
  backscale64 (t, zr, CONST_H);
  /* normalized straight into PRE (normalized in T and copied, the copy
   * was 16-byte loads of limbs just stored 8 bytes at a time) */
  for (i = 0; i < CONST_H; i++)
    {
      _kc_fe64_normalize_limbs (pre[i].x.n, &t[i].x);
      _kc_fe64_normalize_limbs (pre[i].y.n, &t[i].y);
    }
  *zt = t[CONST_H - 1].z;
}

/* _kc_secp256k1_ecmult_const's table and ladder (its digits computed
 * there); the ladder constant time. */
static KC_NOINLINE void
ecmult_const_4x64 (gej *r, const ge *a,
                   const uint32_t abs1[CONST_WINDOWS],
                   const uint32_t neg1[CONST_WINDOWS],
                   const uint32_t abs2[CONST_WINDOWS],
                   const uint32_t neg2[CONST_WINDOWS])
{
  _kc_secp256k1_ge_storage pre[CONST_H];
  _kc_fe64 beta64, zt64;
  gej64 acc;
  ge64 b;
  int binf, j, i;

  table_const64 (pre, &zt64, a);
  _kc_fe64_from_fe (&beta64, &_kc_secp256k1_fe_beta);
  j = CONST_WINDOWS - 1;
  lookup64 (&b, &binf, pre, CONST_H, abs1[j], neg1[j], NULL);
  acc.x = b.x;
  acc.y = b.y;
  _kc_fe64_set_int (&acc.z, 1);
  acc.infinity = binf;                          /* infinity if digit 0 */
  lookup64 (&b, &binf, pre, CONST_H, abs2[j], neg2[j], &beta64);
  add64_const (&acc, &acc, &b, binf);
  for (j = CONST_WINDOWS - 2; j >= 0; j--)
    {
      for (i = 0; i < CONST_W; i++)
        dbl64 (&acc, &acc);
      lookup64 (&b, &binf, pre, CONST_H, abs1[j], neg1[j], NULL);
      add64_const (&acc, &acc, &b, binf);
      lookup64 (&b, &binf, pre, CONST_H, abs2[j], neg2[j], &beta64);
      add64_const (&acc, &acc, &b, binf);
    }
  _kc_fe64_mul (&acc.z, &acc.z, &zt64);         /* back to the curve */
  gej64_to_gej (r, &acc);
  wipememory (&acc, sizeof acc);
  wipememory (&b, sizeof b);
  wipememory (&binf, sizeof binf);
}

/* ------------------------------------------------------ the comb, K*G */

/* The rows of comb (secp256k1/ecmult.c, which recodes K and sets R to
 * the start point) over this field: R += sign * table[j][absd - 1] for
 * every row j, then R negated if NEG.  Constant time. */
static void
comb_4x64 (gej *r, const uint32_t absd[KC_ECMULT_GEN_ROWS],
           const uint32_t dneg[KC_ECMULT_GEN_ROWS], int neg)
{
  gej64 acc;
  ge64 b;
  _kc_fe64 ny;
  int binf, j;

  gej64_from_gej (&acc, r);
  _kc_fe64_negate (&ny, &acc.y);
  _kc_fe64_cmov (&acc.y, &ny, neg);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      lookup64 (&b, &binf, _kc_secp256k1_gen_table[j], KC_ECMULT_GEN_COLS,
                absd[j], dneg[j], NULL);
      add64_const (&acc, &acc, &b, binf);
    }
  _kc_fe64_negate (&ny, &acc.y);
  _kc_fe64_cmov (&acc.y, &ny, neg);
  gej64_to_gej (r, &acc);
  wipememory (&acc, sizeof acc);
  wipememory (&b, sizeof b);
  wipememory (&ny, sizeof ny);
  wipememory (&binf, sizeof binf);
}

/* ------------------------------------------------ two sums of points */

/* The affine point whose x || y (big-endian) is at B. */
static void
ge64_from_b64 (ge64 *r, const unsigned char *b)
{
  int i;

  for (i = 0; i < 4; i++)
    {
      r->x.n[i] = buf_get_be64 (b + 24 - 8 * i);
      r->y.n[i] = buf_get_be64 (b + 56 - 8 * i);
    }
}

/* A[J] += B[J] for J = 0, 1 (add64_var's formulas), the field operations
 * of the two additions taken in turns: each addition is a chain of
 * products that wait on each other, so two chains in turns keep the
 * multiplier busy where one alone leaves it waiting.  An exceptional case
 * (either A infinity, or an H of zero) takes the additions one by one. */
static void
add64_pair_var (gej64 a[2], const ge64 b[2])
{
  _kc_fe64 z2[2], u2[2], s2[2], h[2], rr[2], h2[2], h3[2], v[2], w[2], t[2];
  int j;

  if (a[0].infinity || a[1].infinity)
    goto alone;
  for (j = 0; j < 2; j++)
    _kc_fe64_sqr (&z2[j], &a[j].z);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&u2[j], &b[j].x, &z2[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&s2[j], &b[j].y, &z2[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&s2[j], &s2[j], &a[j].z);
  for (j = 0; j < 2; j++)
    {
      _kc_fe64_sub (&h[j], &u2[j], &a[j].x);
      _kc_fe64_sub (&rr[j], &s2[j], &a[j].y);
    }
  if (_kc_fe64_is_zero_var (&h[0]) || _kc_fe64_is_zero_var (&h[1]))
    goto alone;
  /* add64_finish on both */
  for (j = 0; j < 2; j++)
    _kc_fe64_sqr (&h2[j], &h[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&h3[j], &h[j], &h2[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&v[j], &a[j].x, &h2[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&w[j], &a[j].y, &h3[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&a[j].z, &a[j].z, &h[j]);
  for (j = 0; j < 2; j++)
    {
      _kc_fe64_add (&t[j], &v[j], &v[j]);
      _kc_fe64_sqr (&a[j].x, &rr[j]);
    }
  for (j = 0; j < 2; j++)
    {
      _kc_fe64_sub (&a[j].x, &a[j].x, &h3[j]);
      _kc_fe64_sub (&a[j].x, &a[j].x, &t[j]);
      _kc_fe64_sub (&t[j], &v[j], &a[j].x);
    }
  for (j = 0; j < 2; j++)
    _kc_fe64_mul (&a[j].y, &rr[j], &t[j]);
  for (j = 0; j < 2; j++)
    _kc_fe64_sub (&a[j].y, &a[j].y, &w[j]);
  return;

alone:
  add64_var (&a[0], &a[0], &b[0], NULL);
  add64_var (&a[1], &a[1], &b[1], NULL);
}

/* The two Jacobian sums of _kc_secp256k1_sum2_b64_var (secp256k1/
 * ecmult.h) on this field, their additions in turns. */
static void
sum2_b64_var_4x64 (gej sum[2], const void *const *in, size_t off,
                   size_t count)
{
  gej64 acc[2];
  ge64 b[2];
  size_t i;

  memset (acc, 0, sizeof acc);
  acc[0].infinity = acc[1].infinity = 1;
  for (i = 0; i < count; i++)
    {
      const unsigned char *p = (const unsigned char *) in[i] + off;
      ge64_from_b64 (&b[0], p);
      ge64_from_b64 (&b[1], p + 64);
      add64_pair_var (acc, b);
    }
  gej64_to_gej (&sum[0], &acc[0]);
  gej64_to_gej (&sum[1], &acc[1]);
}

#endif /* KC_LIMB_ADX */
