/* secp256k1-ecmult.c - K*G (constant time) and NA*A + NG*G (variable time).
 * Design and contracts in secp256k1-ecmult.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1-ecmult.h"
#ifndef KC_SECP256K1_EXHAUSTIVE
# include "secp256k1-ecmult-tables.h"
#endif

typedef kc_secp256k1_fe fe;
typedef kc_secp256k1_ge ge;
typedef kc_secp256k1_gej gej;
typedef kc_secp256k1_scalar scalar;

void
_kc_secp256k1_ecmult_gen (gej *r, const scalar *k)
{
  kc_secp256k1_ge_storage s;
  ge b;
  fe ny;
  scalar kk;
  uint32_t carry = 0;
  int j, i, neg;

  /* kk = K or n - K, below 2^255 */
  kk = *k;
  neg = _kc_secp256k1_scalar_is_high (k);
  _kc_secp256k1_scalar_cond_negate (&kk, neg);
  _kc_secp256k1_gej_set_infinity (r);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      /* signed digit (W = KC_ECMULT_GEN_BITS, H = 2^(W-1)): window + carry
       * in [0, 2H]; above H it becomes window + carry - 2H in
       * [-(H-1), 0] with a carry into the next window.  Windows past bit
       * 255 read as 0 (kk < 2^255), so the last row takes the final
       * carry. */
      uint32_t nib = kc_secp256k1_scalar_get_bits (&kk, KC_ECMULT_GEN_BITS
                                                   * (unsigned int) j,
                                                   KC_ECMULT_GEN_BITS)
                     + carry;
      uint32_t dneg = ct_lt_u32 (KC_ECMULT_GEN_COLS, nib);
      uint32_t absd = ct_select_u32 (ct_mask_from_flag_u32 (dneg),
                                     2 * KC_ECMULT_GEN_COLS - nib, nib);
      carry = dneg;
      /* Scan the whole row; entry i-1 holds i * 2^(W j) * G. */
      s = _kc_secp256k1_gen_table[j][0];
      for (i = 2; i <= KC_ECMULT_GEN_COLS; i++)
        kc_secp256k1_ge_storage_cmov (&s, &_kc_secp256k1_gen_table[j][i - 1],
                                      (int) ct_eq_u32 (absd, (uint32_t) i));
      _kc_secp256k1_ge_from_storage (&b, &s);
      kc_secp256k1_fe_negate (&ny, &b.y, 1);         /* (2) */
      kc_secp256k1_fe_normalize_weak (&ny);          /* (1) */
      kc_secp256k1_fe_cmov (&b.y, &ny, (int) dneg);
      b.infinity = (int) ct_eq_u32 (absd, 0);
      _kc_secp256k1_gej_add_ge (r, r, &b);
    }
  /* undo the negation of K */
  kc_secp256k1_fe_negate (&ny, &r->y, 4);            /* (5) */
  kc_secp256k1_fe_normalize_weak (&ny);              /* (1) */
  kc_secp256k1_fe_cmov (&r->y, &ny, neg);
  wipememory (&s, sizeof s);
  wipememory (&b, sizeof b);
  wipememory (&ny, sizeof ny);
  wipememory (&kk, sizeof kk);
  wipememory (&carry, sizeof carry);
}

/* ------------------------------------------------------------ wNAF */

#define WNAF_LEN 130   /* split halves are < 2^128; one spare for the carry */

/* Write S (< 2^129) in width-W NAF: digits odd in (-2^(W-1), 2^(W-1)) or
 * 0, any two non-zero digits at least W apart.  Returns the number of
 * digits used (index of the highest non-zero digit + 1).  Variable time. */
static int
wnaf_var (int *wnaf, const scalar *s, int w)
{
  int bit = 0, carry = 0, last = 0;
  memset (wnaf, 0, WNAF_LEN * sizeof *wnaf);
  while (bit < WNAF_LEN)
    {
      int now, word;
      if ((int) kc_secp256k1_scalar_get_bits (s, (unsigned int) bit, 1) == carry)
        {
          bit++;
          continue;
        }
      now = w;
      if (now > WNAF_LEN - bit)
        now = WNAF_LEN - bit;
      word = (int) kc_secp256k1_scalar_get_bits (s, (unsigned int) bit,
                                                 (unsigned int) now) + carry;
      carry = (word >> (w - 1)) & 1;
      word -= carry << w;
      wnaf[bit] = word;
      last = bit + 1;
      bit += now;
    }
  return last;
}

/* Split K by lambda and make both halves "small" non-negative: returns in
 * NEG[i] whether half i was negated. */
static void
split_small_var (scalar *k1, scalar *k2, int neg[2], const scalar *k)
{
  _kc_secp256k1_scalar_split_lambda (k1, k2, k);
  neg[0] = _kc_secp256k1_scalar_is_high (k1);
  neg[1] = _kc_secp256k1_scalar_is_high (k2);
  if (neg[0])
    _kc_secp256k1_scalar_negate (k1, k1);
  if (neg[1])
    _kc_secp256k1_scalar_negate (k2, k2);
}

#define TABLE_A_SIZE (1 << (KC_ECMULT_WINDOW_A - 2))

/* Odd multiples A, 3A, ..., (2 TABLE_A_SIZE - 1)A as "effective affine"
 * points: with D = 2A = (X_D : Y_D : Z_D), the curve isomorphism scaling
 * by Z_D makes D affine; the multiples are built there with mixed
 * additions (8M+3S each, recording Z ratios), then brought to the Z of the
 * last one (3M+1S each, no inversion).  The entries PRE[i] are affine on
 * the curve scaled by *ZT = Z_last * Z_D: the true point is
 * (x / ZT^2, y / ZT^3).  A finite.  Variable time. */
static void
table_a_var (kc_secp256k1_ge pre[TABLE_A_SIZE], fe *zt, const gej *a)
{
  gej t[TABLE_A_SIZE], d;
  fe zr[TABLE_A_SIZE], zd2, zd3, rz, rz2, rz3;
  ge dge;
  int i;

  _kc_secp256k1_gej_double_var (&d, a);
  dge.x = d.x;                                   /* (1) */
  dge.y = d.y;                                   /* (1) */
  dge.infinity = 0;
  kc_secp256k1_fe_sqr (&zd2, &d.z);
  kc_secp256k1_fe_mul (&zd3, &zd2, &d.z);
  kc_secp256k1_fe_mul (&t[0].x, &a->x, &zd2);    /* A on the scaled curve */
  kc_secp256k1_fe_mul (&t[0].y, &a->y, &zd3);
  t[0].z = a->z;
  t[0].infinity = 0;
  for (i = 1; i < TABLE_A_SIZE; i++)
    _kc_secp256k1_gej_add_ge_var_zr (&t[i], &t[i - 1], &dge, &zr[i]);
  /* common Z = Z of the last entry; ratio Z_last / Z_i built backwards */
  i = TABLE_A_SIZE - 1;
  pre[i].x = t[i].x;
  pre[i].y = t[i].y;
  kc_secp256k1_fe_normalize_weak (&pre[i].x);
  kc_secp256k1_fe_normalize_weak (&pre[i].y);
  pre[i].infinity = 0;
  rz = zr[i];                                    /* (<= 6) */
  for (i = TABLE_A_SIZE - 2; i >= 0; i--)
    {
      kc_secp256k1_fe_sqr (&rz2, &rz);
      kc_secp256k1_fe_mul (&rz3, &rz2, &rz);
      kc_secp256k1_fe_mul (&pre[i].x, &t[i].x, &rz2);
      kc_secp256k1_fe_mul (&pre[i].y, &t[i].y, &rz3);
      pre[i].infinity = 0;
      if (i > 0)
        kc_secp256k1_fe_mul (&rz, &rz, &zr[i]);
    }
  kc_secp256k1_fe_mul (zt, &t[TABLE_A_SIZE - 1].z, &d.z);
}

void
_kc_secp256k1_ecmult_var (gej *r, const gej *a, const scalar *na,
                          const scalar *ng)
{
  ge ta[TABLE_A_SIZE], tla[TABLE_A_SIZE], e;
  fe zt;
  scalar k1, k2;
  int wa1[WNAF_LEN], wa2[WNAF_LEN], wg1[WNAF_LEN], wg2[WNAF_LEN];
  int nega[2] = { 0, 0 }, negg[2] = { 0, 0 };
  int la1 = 0, la2 = 0, lg1 = 0, lg2 = 0, len, i;
  int use_a = !a->infinity && !_kc_secp256k1_scalar_is_zero (na);

  kc_secp256k1_fe_set_int (&zt, 1);
  if (use_a)
    {
      split_small_var (&k1, &k2, nega, na);
      la1 = wnaf_var (wa1, &k1, KC_ECMULT_WINDOW_A);
      la2 = wnaf_var (wa2, &k2, KC_ECMULT_WINDOW_A);
      table_a_var (ta, &zt, a);
      for (i = 0; i < TABLE_A_SIZE; i++)
        _kc_secp256k1_ge_mul_lambda (&tla[i], &ta[i]);
    }
  if (!_kc_secp256k1_scalar_is_zero (ng))
    {
      split_small_var (&k1, &k2, negg, ng);
      lg1 = wnaf_var (wg1, &k1, KC_ECMULT_WINDOW_G);
      lg2 = wnaf_var (wg2, &k2, KC_ECMULT_WINDOW_G);
    }
  len = la1;
  if (la2 > len) len = la2;
  if (lg1 > len) len = lg1;
  if (lg2 > len) len = lg2;

  /* The accumulator lives on the curve scaled by ZT (where the A table is
   * affine); G's table points are brought there by add_zinv_var. */
  _kc_secp256k1_gej_set_infinity (r);
  for (i = len - 1; i >= 0; i--)
    {
      int d;
      _kc_secp256k1_gej_double_var (r, r);
      if (i < la1 && (d = wa1[i]) != 0)
        {
          e = ta[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[0])
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_ge_var (r, r, &e);
        }
      if (i < la2 && (d = wa2[i]) != 0)
        {
          e = tla[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[1])
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_ge_var (r, r, &e);
        }
      if (i < lg1 && (d = wg1[i]) != 0)
        {
          _kc_secp256k1_ge_from_storage (&e, &_kc_secp256k1_g_odd_table[(d < 0 ? -d : d) >> 1]);
          if ((d < 0) ^ negg[0])
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_zinv_var (r, r, &e, &zt);
        }
      if (i < lg2 && (d = wg2[i]) != 0)
        {
          _kc_secp256k1_ge_from_storage (&e, &_kc_secp256k1_g_odd_table[(d < 0 ? -d : d) >> 1]);
          kc_secp256k1_fe_mul (&e.x, &e.x, &_kc_secp256k1_fe_beta);
          if ((d < 0) ^ negg[1])
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_zinv_var (r, r, &e, &zt);
        }
    }
  /* back to the real curve: Z *= ZT */
  if (!r->infinity)
    kc_secp256k1_fe_mul (&r->z, &r->z, &zt);
}

/* For the batch verifiers (ecdsa-batch-ifma.c): the same table of odd
 * multiples that _kc_secp256k1_ecmult_var builds. */
void
_kc_secp256k1_ecmult_table_a_var (kc_secp256k1_ge pre[KC_ECMULT_TABLE_A_SIZE],
                                  kc_secp256k1_fe *zt,
                                  const kc_secp256k1_gej *a)
{
  table_a_var (pre, zt, a);
}
