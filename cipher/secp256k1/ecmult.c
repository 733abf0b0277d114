/* secp256k1/ecmult.c - K*G (constant time) and NA*A + NG*G (variable time).
 * Design and contracts in secp256k1/ecmult.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecmult.h"
#include "bufhelp.h"

typedef _kc_secp256k1_fe fe;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;
typedef _kc_secp256k1_scalar scalar;

/* The odd multiples of A in _kc_secp256k1_ecmult_var's table */
#define TABLE_A_SIZE (1 << (KC_ECMULT_WINDOW_A - 2))
/* _kc_secp256k1_ecmult_const's windows */
#define CONST_W      5                        /* window bits */
#define CONST_H      (1 << (CONST_W - 1))     /* table entries 1A .. HA */
#define CONST_WINDOWS ((128 + CONST_W - 1) / CONST_W)

/* The comb's signed digits of KK (< 2^255), one per row (W =
 * KC_ECMULT_GEN_BITS, H = 2^(W-1)): window + carry in [0, 2H]; above H
 * it becomes window + carry - 2H in [-(H-1), 0] with a carry into the
 * next window.  Windows past bit 255 read as 0, so the last row takes the
 * final carry.  ABSD[j] the magnitude, DNEG[j] 1 if negative.  Constant
 * time. */
static void
comb_recode (uint32_t absd[KC_ECMULT_GEN_ROWS],
             uint32_t dneg[KC_ECMULT_GEN_ROWS], const scalar *kk)
{
  uint32_t carry = 0;
  int j;

  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      uint32_t nib = _kc_secp256k1_scalar_get_bits (kk, KC_ECMULT_GEN_BITS
                                                   * (unsigned int) j,
                                                   KC_ECMULT_GEN_BITS)
                     + carry;
      dneg[j] = ct_lt_u32 (KC_ECMULT_GEN_COLS, nib);
      absd[j] = ct_select_u32 (ct_mask_from_flag_u32 (dneg[j]),
                               2 * KC_ECMULT_GEN_COLS - nib, nib);
      carry = dneg[j];
    }
  wipememory (&carry, sizeof carry);
}

/* The rows of comb over the 5x52 field: R (holding the start point) +=
 * sign * table[j][absd - 1] for every row j, then R negated if NEG. */
static void
comb_5x52 (gej *r, const uint32_t absd[KC_ECMULT_GEN_ROWS],
           const uint32_t dneg[KC_ECMULT_GEN_ROWS], int neg)
{
  _kc_secp256k1_ge_storage s;
  uint64_t w[8];
  ge b;
  fe ny;
  int j;

  _kc_secp256k1_fe_negate (&ny, &r->y, 1);             /* (2) */
  _kc_secp256k1_fe_normalize_weak (&ny);               /* (1) */
  _kc_secp256k1_fe_cmov (&r->y, &ny, neg);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      /* Scan the whole row; entry i-1 holds i * 2^(W j) * G (a zero
       * digit reads zeros, then marked infinity). */
      _kc_ct_lookup_u64x8 (w, (const uint64_t *) _kc_secp256k1_gen_table[j],
                       KC_ECMULT_GEN_COLS, (size_t) absd[j] - 1);
      memcpy (&s, w, sizeof s);
      _kc_secp256k1_ge_from_storage (&b, &s);
      _kc_secp256k1_fe_negate (&ny, &b.y, 1);         /* (2) */
      _kc_secp256k1_fe_normalize_weak (&ny);          /* (1) */
      _kc_secp256k1_fe_cmov (&b.y, &ny, (int) dneg[j]);
      b.infinity = (int) ct_eq_u32 (absd[j], 0);
      _kc_secp256k1_gej_add_ge (r, r, &b);
    }
  /* undo the negation of K */
  _kc_secp256k1_fe_negate (&ny, &r->y, 4);            /* (5) */
  _kc_secp256k1_fe_normalize_weak (&ny);              /* (1) */
  _kc_secp256k1_fe_cmov (&r->y, &ny, neg);
  wipememory (&s, sizeof s);
  wipememory (w, sizeof w);
  wipememory (&b, sizeof b);
  wipememory (&ny, sizeof ny);
}

#include "secp256k1/x86_64/ecmult-4x64.h"

void
_kc_secp256k1_sum2_b64_var (ge r[2], const void *const *in, size_t off,
                            size_t count)
{
  gej sum[2];
  ge p;
  fe x, y;
  size_t i;
  int j;

#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    sum2_b64_var_4x64 (sum, in, off, count);
  else
#endif
    {
      _kc_secp256k1_gej_set_infinity (&sum[0]);
      _kc_secp256k1_gej_set_infinity (&sum[1]);
      for (i = 0; i < count; i++)
        for (j = 0; j < 2; j++)
          {
            const unsigned char *b = (const unsigned char *) in[i] + off
                                     + 64 * j;
            /* below p: checked by the caller */
            (void) _kc_secp256k1_fe_set_b32_limit (&x, b);
            (void) _kc_secp256k1_fe_set_b32_limit (&y, b + 32);
            _kc_secp256k1_ge_set_xy (&p, &x, &y);
            _kc_secp256k1_gej_add_ge_var (&sum[j], &sum[j], &p);
          }
    }
  if (!sum[0].infinity && !sum[1].infinity)
    {
      /* both affine by one inversion: 1/(Z0 Z1) */
      fe z, zi, t;
      _kc_secp256k1_fe_mul (&z, &sum[0].z, &sum[1].z);
      _kc_secp256k1_fe_inv_var (&zi, &z);
      _kc_secp256k1_fe_mul (&t, &zi, &sum[1].z);
      _kc_secp256k1_ge_set_gej_zinv (&r[0], &sum[0], &t);
      _kc_secp256k1_fe_mul (&t, &zi, &sum[0].z);
      _kc_secp256k1_ge_set_gej_zinv (&r[1], &sum[1], &t);
    }
  else
    for (j = 0; j < 2; j++)
      _kc_secp256k1_ge_set_gej_var (&r[j], &sum[j]);
}

/* R = K*G + START for K < n, START given in Jacobian coordinates with
 * Z = *Z (START may be infinity: its coordinates then do not matter).
 * Constant time in K, START and Z. */
static void
comb (gej *r, const scalar *k, const ge *start, const fe *z)
{
  uint32_t absd[KC_ECMULT_GEN_ROWS], dneg[KC_ECMULT_GEN_ROWS];
  fe z2;
  scalar kk;
  int neg;

  /* kk = K or n - K, below 2^255: the comb then computes
   * (+-K)*G + (+-START), and the final negation undoes both. */
  kk = *k;
  neg = _kc_secp256k1_scalar_is_high (k);
  _kc_secp256k1_scalar_cond_negate (&kk, neg);
  comb_recode (absd, dneg, &kk);
  _kc_secp256k1_fe_sqr (&z2, z);
  _kc_secp256k1_fe_mul (&r->x, &start->x, &z2);        /* (1) */
  _kc_secp256k1_fe_mul (&z2, &z2, z);
  _kc_secp256k1_fe_mul (&r->y, &start->y, &z2);        /* (1) */
  r->z = *z;                                          /* (1) */
  r->infinity = start->infinity;
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    comb_4x64 (r, absd, dneg, neg);
  else
#endif
    comb_5x52 (r, absd, dneg, neg);
  /* the secret state of the multiplication, wiped once */
  wipememory (absd, sizeof absd);
  wipememory (dneg, sizeof dneg);
  wipememory (&z2, sizeof z2);
  wipememory (&kk, sizeof kk);
  wipememory (&neg, sizeof neg);
}

/* The blinding of this thread (see secp256k1/ecmult.h).  All zero is
 * "not seeded": no offset, Z = 1. */
static __thread struct
{
  int seeded;
  scalar b;             /* the secret offset */
  ge nbg;               /* -b*G */
  fe z;                 /* Z of the starting point, != 0 */
  int zfresh;           /* z not yet used by _kc_secp256k1_ecmult_gen_ge */
  scalar beta;          /* for _kc_secp256k1_blind_take_scalar */
  int betafresh;
} blind;

/* The blinding is secret (b, Z and beta would let a side channel through
 * again), so the thread's exit wipes it: registered with the library's
 * per-thread exit service at the thread's first blinding. */
static __thread struct _kc_thread_exit blind_exit;

void (*_kc_secp256k1_blind_exit_hook) (const void *state, size_t len);

static void
blind_thread_exit (void *unused)
{
  (void) unused;
  wipememory (&blind, sizeof blind);
  if (_kc_secp256k1_blind_exit_hook)
    _kc_secp256k1_blind_exit_hook (&blind, sizeof blind);
}

void
_kc_secp256k1_ecmult_gen_blind (_kc_rng_fn rng, void *rng_ctx)
{
  unsigned char buf[32];
  fe one;
  int zero;

  _kc_secp256k1_fe_set_int (&one, 1);
  if (!blind_exit.registered)
    {
      /* If the service is unavailable the blinding still works; it is
       * then left in the thread's TLS at exit, as before. */
      blind_exit.fn = blind_thread_exit;
      (void) _kc_thread_exit_register (&blind_exit);
    }
  if (!blind.seeded)
    {
      scalar b;
      ge inf, bg;
      gej bj;
      rng (rng_ctx, buf, sizeof buf);
      _kc_secp256k1_scalar_set_b32 (&b, buf, NULL);
      memset (&inf, 0, sizeof inf);
      inf.infinity = 1;
      comb (&bj, &b, &inf, &one);
      _kc_secp256k1_ge_set_gej (&bg, &bj);
      _kc_secp256k1_ge_neg (&blind.nbg, &bg);
      blind.b = b;
      blind.seeded = 1;
      wipememory (&b, sizeof b);
      wipememory (&bg, sizeof bg);
      wipememory (&bj, sizeof bj);
    }
  rng (rng_ctx, buf, sizeof buf);
  _kc_secp256k1_fe_set_b32 (&blind.z, buf);
  zero = _kc_secp256k1_fe_normalizes_to_zero (&blind.z);
  _kc_secp256k1_fe_cmov (&blind.z, &one, zero);
  blind.zfresh = 1;
  rng (rng_ctx, buf, sizeof buf);
  _kc_secp256k1_scalar_set_b32 (&blind.beta, buf, NULL);
  blind.betafresh = 1;
  wipememory (buf, sizeof buf);
}

int
_kc_secp256k1_blind_take_scalar (scalar *beta)
{
  int ok = blind.betafresh & (1 ^ _kc_secp256k1_scalar_is_zero (&blind.beta));
  /* whether beta is usable is public: zero has probability 2^-256, and
   * the caller branches on it (the inverse it picks is constant time) */
  ct_declassify (&ok, sizeof ok);
  *beta = blind.beta;
  blind.betafresh = 0;
  wipememory (&blind.beta, sizeof blind.beta);
  return ok;
}

void
_kc_secp256k1_ecmult_gen_unblind (void)
{
  wipememory (&blind, sizeof blind);
}

void
_kc_secp256k1_ecmult_gen (gej *r, const scalar *k)
{
  scalar kb;
  ge start;
  fe z;

  if (blind.seeded)
    {
      /* K*G = (K + b)*G + (-b*G), from a random Z */
      _kc_secp256k1_scalar_add (&kb, k, &blind.b);
      start = blind.nbg;
      z = blind.z;
    }
  else
    {
      kb = *k;
      memset (&start, 0, sizeof start);
      start.infinity = 1;
      _kc_secp256k1_fe_set_int (&z, 1);
    }
  comb (r, &kb, &start, &z);
  wipememory (&kb, sizeof kb);
  wipememory (&start, sizeof start);
  wipememory (&z, sizeof z);
}

void
_kc_secp256k1_ecmult_gen_ge (ge *r, const scalar *k)
{
  gej rj;
  fe z, zi;
  int fresh = blind.seeded & blind.zfresh;

  blind.zfresh = 0;
  _kc_secp256k1_ecmult_gen (&rj, k);
  if (fresh)
    {
      /* Z = z F(K) for the fresh, uniform, secret z of the start point:
       * independent of K, so the variable-time inverse, whose time
       * depends on Z alone, tells nothing about K. */
      z = rj.z;
      ct_declassify (&z, sizeof z);
      _kc_secp256k1_fe_inv_var (&zi, &z);
      _kc_secp256k1_ge_set_gej_zinv (r, &rj, &zi);
      wipememory (&z, sizeof z);
      wipememory (&zi, sizeof zi);
    }
  else
    _kc_secp256k1_ge_set_gej (r, &rj);
  wipememory (&rj, sizeof rj);
}

/* ------------------------------------------------------------ wNAF */

/* Contracts of the two in secp256k1/ecmult.h. */
int
_kc_secp256k1_wnaf_var (int *wnaf, const scalar *s, int w)
{
  int bit = 0, carry = 0, last = 0;
  memset (wnaf, 0, KC_WNAF_LEN * sizeof *wnaf);
  while (bit < KC_WNAF_LEN)
    {
      int now, word;
      if ((int) _kc_secp256k1_scalar_get_bits (s, (unsigned int) bit, 1) == carry)
        {
          bit++;
          continue;
        }
      now = w;
      if (now > KC_WNAF_LEN - bit)
        now = KC_WNAF_LEN - bit;
      word = (int) _kc_secp256k1_scalar_get_bits (s, (unsigned int) bit,
                                                 (unsigned int) now) + carry;
      carry = (word >> (w - 1)) & 1;
      word -= carry << w;
      wnaf[bit] = word;
      last = bit + 1;
      bit += now;
    }
  return last;
}

void
_kc_secp256k1_split_small_var (scalar *k1, scalar *k2, int neg[2],
                               const scalar *k)
{
  _kc_secp256k1_scalar_split_lambda (k1, k2, k);
  neg[0] = _kc_secp256k1_scalar_is_high (k1);
  neg[1] = _kc_secp256k1_scalar_is_high (k2);
  if (neg[0])
    _kc_secp256k1_scalar_negate (k1, k1);
  if (neg[1])
    _kc_secp256k1_scalar_negate (k2, k2);
}

/* Odd multiples A, 3A, ..., (2 TABLE_A_SIZE - 1)A as "effective affine"
 * points: with D = 2A = (X_D : Y_D : Z_D), the curve isomorphism scaling
 * by Z_D makes D affine; the multiples are built there with mixed
 * additions (8M+3S each, recording Z ratios), then brought to the Z of the
 * last one (3M+1S each, no inversion).  The entries PRE[i] are affine on
 * the curve scaled by *ZT = Z_last * Z_D: the true point is
 * (x / ZT^2, y / ZT^3).  A finite.  Variable time. */
static void
table_a_var (_kc_secp256k1_ge pre[TABLE_A_SIZE], fe *zt, const gej *a)
{
  gej t[TABLE_A_SIZE], d;
  fe zr[TABLE_A_SIZE], zd2, zd3, rz, rz2, rz3;
  ge dge;
  int i;

  _kc_secp256k1_gej_double_var (&d, a);
  dge.x = d.x;                                   /* (1) */
  dge.y = d.y;                                   /* (1) */
  dge.infinity = 0;
  _kc_secp256k1_fe_sqr (&zd2, &d.z);
  _kc_secp256k1_fe_mul (&zd3, &zd2, &d.z);
  _kc_secp256k1_fe_mul (&t[0].x, &a->x, &zd2);    /* A on the scaled curve */
  _kc_secp256k1_fe_mul (&t[0].y, &a->y, &zd3);
  t[0].z = a->z;
  t[0].infinity = 0;
  for (i = 1; i < TABLE_A_SIZE; i++)
    _kc_secp256k1_gej_add_ge_var_zr (&t[i], &t[i - 1], &dge, &zr[i]);
  /* common Z = Z of the last entry; ratio Z_last / Z_i built backwards */
  i = TABLE_A_SIZE - 1;
  pre[i].x = t[i].x;
  pre[i].y = t[i].y;
  _kc_secp256k1_fe_normalize_weak (&pre[i].x);
  _kc_secp256k1_fe_normalize_weak (&pre[i].y);
  pre[i].infinity = 0;
  rz = zr[i];                                    /* (<= 6) */
  for (i = TABLE_A_SIZE - 2; i >= 0; i--)
    {
      _kc_secp256k1_fe_sqr (&rz2, &rz);
      _kc_secp256k1_fe_mul (&rz3, &rz2, &rz);
      _kc_secp256k1_fe_mul (&pre[i].x, &t[i].x, &rz2);
      _kc_secp256k1_fe_mul (&pre[i].y, &t[i].y, &rz3);
      pre[i].infinity = 0;
      if (i > 0)
        _kc_secp256k1_fe_mul (&rz, &rz, &zr[i]);
    }
  _kc_secp256k1_fe_mul (zt, &t[TABLE_A_SIZE - 1].z, &d.z);
}

void
_kc_secp256k1_ecmult_var (gej *r, const gej *a, const scalar *na,
                          const scalar *ng)
{
  ge ta[TABLE_A_SIZE], tla[TABLE_A_SIZE], e;
  fe zt;
  scalar k1, k2;
  int wa1[KC_WNAF_LEN], wa2[KC_WNAF_LEN], wg1[KC_WNAF_LEN], wg2[KC_WNAF_LEN];
  int nega[2] = { 0, 0 }, negg[2] = { 0, 0 };
  int la1 = 0, la2 = 0, lg1 = 0, lg2 = 0, len, i;
  int use_a = !a->infinity && !_kc_secp256k1_scalar_is_zero (na);

  _kc_secp256k1_fe_set_int (&zt, 1);
  if (use_a)
    {
      _kc_secp256k1_split_small_var (&k1, &k2, nega, na);
      la1 = _kc_secp256k1_wnaf_var (wa1, &k1, KC_ECMULT_WINDOW_A);
      la2 = _kc_secp256k1_wnaf_var (wa2, &k2, KC_ECMULT_WINDOW_A);
    }
  if (!_kc_secp256k1_scalar_is_zero (ng))
    {
      _kc_secp256k1_split_small_var (&k1, &k2, negg, ng);
      lg1 = _kc_secp256k1_wnaf_var (wg1, &k1, KC_ECMULT_WINDOW_G);
      lg2 = _kc_secp256k1_wnaf_var (wg2, &k2, KC_ECMULT_WINDOW_G);
    }
  len = la1;
  if (la2 > len) len = la2;
  if (lg1 > len) len = lg1;
  if (lg2 > len) len = lg2;
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    {
      ecmult_var_4x64 (r, a, use_a, len, wa1, la1, wa2, la2, wg1, lg1,
                       wg2, lg2, nega, negg);
      return;
    }
#endif
  if (use_a)
    {
      table_a_var (ta, &zt, a);
      for (i = 0; i < TABLE_A_SIZE; i++)
        _kc_secp256k1_ge_mul_lambda (&tla[i], &ta[i]);
    }

  /* The accumulator lives on the curve scaled by ZT (where the A table is
   * affine); G's table points are brought there by add_zinv_var. */
  _kc_secp256k1_gej_set_infinity (r);
  for (i = len - 1; i >= 0; i--)
    {
      int d;
      _kc_secp256k1_gej_double_var (r, r);
      /* A's entries are added in place, or negated into E: no copy */
      if (i < la1 && (d = wa1[i]) != 0)
        {
          const ge *pe = &ta[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[0])
            {
              _kc_secp256k1_ge_neg (&e, pe);
              pe = &e;
            }
          _kc_secp256k1_gej_add_ge_var (r, r, pe);
        }
      if (i < la2 && (d = wa2[i]) != 0)
        {
          const ge *pe = &tla[(d < 0 ? -d : d) >> 1];
          if ((d < 0) ^ nega[1])
            {
              _kc_secp256k1_ge_neg (&e, pe);
              pe = &e;
            }
          _kc_secp256k1_gej_add_ge_var (r, r, pe);
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
          _kc_secp256k1_fe_mul (&e.x, &e.x, &_kc_secp256k1_fe_beta);
          if ((d < 0) ^ negg[1])
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_zinv_var (r, r, &e, &zt);
        }
    }
  /* back to the real curve: Z *= ZT */
  if (!r->infinity)
    _kc_secp256k1_fe_mul (&r->z, &r->z, &zt);
}

/* ------------------------------------------------- constant-time K*A */

/* PRE[i] = (i+1)*A for i < CONST_H as "effective affine" points (the
 * trick of table_a_var): built with mixed additions that record their Z
 * ratios, then all brought to the Z of the last, *ZT, without an
 * inversion; the true point is (x / ZT^2, y / ZT^3).  Normalized for
 * storage.  A finite.  Variable time: A is public. */
static void
table_const_var (_kc_secp256k1_ge_storage pre[CONST_H], fe *zt, const ge *a)
{
  gej t[CONST_H];
  fe zr[CONST_H], rz, rz2, rz3;
  ge p;
  int i;

  /* A has prime order n > CONST_H: no entry is infinity or +-A */
  _kc_secp256k1_gej_set_ge (&t[0], a);
  _kc_secp256k1_gej_double_var (&t[1], &t[0]);
  zr[1] = t[1].z;                                /* Z_1 / Z_0, Z_0 = 1 */
  for (i = 2; i < CONST_H; i++)
    _kc_secp256k1_gej_add_ge_var_zr (&t[i], &t[i - 1], a, &zr[i]);
  /* RZ = Z_last / Z_i, built backwards */
  p.infinity = 0;
  rz = zr[CONST_H - 1];
  for (i = CONST_H - 1; i >= 0; i--)
    {
      if (i == CONST_H - 1)
        {
          p.x = t[i].x;
          p.y = t[i].y;
        }
      else
        {
          _kc_secp256k1_fe_sqr (&rz2, &rz);
          _kc_secp256k1_fe_mul (&rz3, &rz2, &rz);
          _kc_secp256k1_fe_mul (&p.x, &t[i].x, &rz2);
          _kc_secp256k1_fe_mul (&p.y, &t[i].y, &rz3);
          if (i > 0)
            _kc_secp256k1_fe_mul (&rz, &rz, &zr[i]);
        }
      _kc_secp256k1_fe_normalize_var (&p.x);
      _kc_secp256k1_fe_normalize_var (&p.y);
      _kc_secp256k1_ge_to_storage (&pre[i], &p);
    }
  *zt = t[CONST_H - 1].z;
}

/* Signed W-bit digits of H (< 2^128), from bit 0 up: ABSD[j] in
 * [0, CONST_H] and NEG[j] its sign (1: negative) XOR FLIP.  Constant time
 * in H and FLIP. */
static void
recode_const (uint32_t absd[CONST_WINDOWS], uint32_t neg[CONST_WINDOWS],
              const scalar *h, uint32_t flip)
{
  uint32_t carry = 0;
  int j;
  for (j = 0; j < CONST_WINDOWS; j++)
    {
      /* window + carry in [0, 2H]; above H it is taken as window + carry
       * - 2H in [-(H-1), 0] with a carry out.  The top window holds bits
       * 125..127 only (at most 7, plus a carry: no carry out). */
      uint32_t nib = _kc_secp256k1_scalar_get_bits (h, CONST_W * (unsigned int) j,
                                                   CONST_W) + carry;
      uint32_t dneg = ct_lt_u32 (CONST_H, nib);
      absd[j] = ct_select_u32 (ct_mask_from_flag_u32 (dneg),
                               2 * CONST_H - nib, nib);
      neg[j] = dneg ^ flip;
      carry = dneg;
    }
}

/* B = sign * PRE[absd - 1] (absd 0: infinity), times lambda if LAMBDA
 * (public).  A scan of the whole table, constant time in ABSD and NEG. */
static void
lookup_const (ge *b, const _kc_secp256k1_ge_storage pre[CONST_H],
              uint32_t absd, uint32_t neg, int lambda)
{
  _kc_secp256k1_ge_storage s;
  uint64_t w[8];
  fe ny;
  /* absd 0 matches no entry (reads zeros, then marked infinity) */
  _kc_ct_lookup_u64x8 (w, (const uint64_t *) pre, CONST_H, (size_t) absd - 1);
  memcpy (&s, w, sizeof s);
  _kc_secp256k1_ge_from_storage (b, &s);
  if (lambda)
    _kc_secp256k1_fe_mul (&b->x, &b->x, &_kc_secp256k1_fe_beta);
  _kc_secp256k1_fe_negate (&ny, &b->y, 1);            /* (2) */
  _kc_secp256k1_fe_normalize_weak (&ny);              /* (1) */
  _kc_secp256k1_fe_cmov (&b->y, &ny, (int) neg);
  b->infinity = (int) ct_eq_u32 (absd, 0);
  wipememory (&s, sizeof s);
  wipememory (w, sizeof w);
  wipememory (&ny, sizeof ny);
}

/* The table and the ladder of _kc_secp256k1_ecmult_const over the 5x52
 * field: from the top window down, W doublings, then one complete
 * addition per half (a zero digit adds infinity).  The accumulator lives
 * on the curve scaled by ZT, where the table is affine (the addition and
 * doubling formulas do not involve the curve's constant).  Out of line,
 * as ecmult_const_4x64: inlined together into _kc_secp256k1_ecmult_const
 * their frames (a table each) added up past KC_STACK_BURN_ECDH in
 * --enable-verify builds. */
static KC_NOINLINE void
ecmult_const_5x52 (gej *r, const ge *a,
                   const uint32_t abs1[CONST_WINDOWS],
                   const uint32_t neg1[CONST_WINDOWS],
                   const uint32_t abs2[CONST_WINDOWS],
                   const uint32_t neg2[CONST_WINDOWS])
{
  _kc_secp256k1_ge_storage pre[CONST_H];
  fe zt;
  ge b;
  int j, i;

  table_const_var (pre, &zt, a);
  j = CONST_WINDOWS - 1;
  lookup_const (&b, pre, abs1[j], neg1[j], 0);
  _kc_secp256k1_gej_set_ge (r, &b);              /* infinity if digit 0 */
  lookup_const (&b, pre, abs2[j], neg2[j], 1);
  _kc_secp256k1_gej_add_ge (r, r, &b);
  for (j = CONST_WINDOWS - 2; j >= 0; j--)
    {
      for (i = 0; i < CONST_W; i++)
        _kc_secp256k1_gej_double (r, r);
      lookup_const (&b, pre, abs1[j], neg1[j], 0);
      _kc_secp256k1_gej_add_ge (r, r, &b);
      lookup_const (&b, pre, abs2[j], neg2[j], 1);
      _kc_secp256k1_gej_add_ge (r, r, &b);
    }
  _kc_secp256k1_fe_mul (&r->z, &r->z, &zt);       /* back to the curve */
  wipememory (&b, sizeof b);
}

void
_kc_secp256k1_ecmult_const (gej *r, const ge *a, const scalar *k)
{
  uint32_t abs1[CONST_WINDOWS], neg1[CONST_WINDOWS];
  uint32_t abs2[CONST_WINDOWS], neg2[CONST_WINDOWS];
  scalar k1, k2;
  uint32_t f1, f2;

  /* K = k1 + k2*lambda; each half, or its negation, is below 2^128. */
  _kc_secp256k1_scalar_split_lambda (&k1, &k2, k);
  f1 = (uint32_t) _kc_secp256k1_scalar_is_high (&k1);
  f2 = (uint32_t) _kc_secp256k1_scalar_is_high (&k2);
  _kc_secp256k1_scalar_cond_negate (&k1, (int) f1);
  _kc_secp256k1_scalar_cond_negate (&k2, (int) f2);
  recode_const (abs1, neg1, &k1, f1);
  recode_const (abs2, neg2, &k2, f2);
#ifdef KC_LIMB_ADX
  if (_kc_fe64_chosen ())
    ecmult_const_4x64 (r, a, abs1, neg1, abs2, neg2);
  else
#endif
    ecmult_const_5x52 (r, a, abs1, neg1, abs2, neg2);
  wipememory (abs1, sizeof abs1);
  wipememory (abs2, sizeof abs2);
  wipememory (neg1, sizeof neg1);
  wipememory (neg2, sizeof neg2);
  wipememory (&k1, sizeof k1);
  wipememory (&k2, sizeof k2);
  wipememory (&f1, sizeof f1);
  wipememory (&f2, sizeof f2);
}

/* For the batch verifiers (secp256k1/x86_64/ecmult-ifma.c): the same table of odd
 * multiples that _kc_secp256k1_ecmult_var builds. */
void
_kc_secp256k1_ecmult_table_a_var (_kc_secp256k1_ge pre[KC_ECMULT_TABLE_A_SIZE],
                                  _kc_secp256k1_fe *zt,
                                  const _kc_secp256k1_gej *a)
{
  table_a_var (pre, zt, a);
}
