/* p256/mult.c - scalar multiplication on P-256: the blinded comb for
 * K*G, the signed-window K*A, Strauss/wNAF for verification.  Contracts
 * in p256/mult.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "p256/mult.h"

typedef _kc_p256_fe fe;
typedef _kc_p256_ge ge;
typedef _kc_p256_gep gep;
typedef _kc_p256_gej gej;
typedef _kc_p256_scalar scalar;

/* ------------------------------------------------------------ comb */

/* The signed digit of the BITS-bit window of K at POS (POS < 256), with
 * CARRY the previous window's carry in and this one's out: w = window +
 * carry in [0, 2^BITS]; above 2^(BITS-1) it becomes w - 2^BITS (in
 * [1 - 2^(BITS-1), -1], or 0 for 2^BITS) and carries one into the next
 * window.  Returns |digit|, *NEG its sign (0 or 1).  Constant time. */
static uint32_t
signed_digit (const scalar *k, unsigned int pos, unsigned int bits,
              uint32_t *carry, uint32_t *neg)
{
  uint32_t w = _kc_p256_scalar_bits (k, pos, pos + bits <= 256
                                     ? bits : 256 - pos) + *carry;
  *carry = ct_lt_u32 ((uint32_t) 1 << (bits - 1), w);
  w -= *carry << bits;
  *neg = w >> 31;
  return ct_select_u32 (ct_mask_from_flag_u32 (*neg), -w, w);
}

void
_kc_p256_comb (gep *r, const uint64_t table[][KC_P256_COMB_COLS][8],
               const scalar *k, const gep *start)
{
  gep acc, t;
  ge e;
  uint64_t ent[8];
  uint32_t carry = 0, neg, mag;
  unsigned int i;
  _kc_ct_lookup_fn lookup = _kc_ct_lookup_u64x8_pick ();

  acc = *start;
  for (i = 0; i < KC_P256_COMB_ROWS; i++)
    {
      /* row i's digit in [-63, 64]; the top window (bits 252..255) plus
       * a carry is at most 16: no carry out */
      mag = signed_digit (k, KC_P256_COMB_BITS * i, KC_P256_COMB_BITS,
                          &carry, &neg);
      /* |digit| reads entry |digit| - 1 (a constant-time scan of the
       * whole row, src/ct-lookup.c); 0 wraps past the row and reads
       * zeros, an addition then not kept */
      lookup (ent, &table[i][0][0], KC_P256_COMB_COLS, (size_t) mag - 1);
      memcpy (e.x.v, ent, 32);
      memcpy (e.y.v, ent + 4, 32);
      _kc_p256_fe_cond_neg_inl (&e.y, (int) neg);
      _kc_p256_gep_add_ge (&t, &acc, &e);
      _kc_p256_gep_cmov_inl (&acc, &t, (int) ct_is_nonzero_u32 (mag));
    }
  *r = acc;
  wipememory (&acc, sizeof acc);
  wipememory (&t, sizeof t);
  wipememory (&e, sizeof e);
  wipememory (ent, sizeof ent);
  wipememory (&carry, sizeof carry);
  wipememory (&neg, sizeof neg);
  wipememory (&mag, sizeof mag);
}

/* The blinding of this thread.  All zero is "not seeded". */
static __thread struct
{
  int seeded;
  scalar b;             /* the secret offset */
  ge nbg;               /* -b*G */
  fe z;                 /* Z of the starting point, != 0 */
} blind;

static __thread struct _kc_thread_exit blind_exit;

static void
blind_thread_exit (void *unused)
{
  (void) unused;
  wipememory (&blind, sizeof blind);
}

void
_kc_p256_ecmult_gen_blind (_kc_rng_fn rng, void *rng_ctx)
{
  unsigned char buf[32];
  fe one;
  int zero;

  _kc_p256_fe_set_int (&one, 1);
  if (!blind_exit.registered)
    {
      blind_exit.fn = blind_thread_exit;
      (void) _kc_thread_exit_register (&blind_exit);
    }
  if (!blind.seeded)
    {
      scalar b, sone;
      gep inf, bj;
      ge bg;
      rng (rng_ctx, buf, sizeof buf);
      (void) _kc_p256_scalar_set_b32 (&b, buf);
      /* b = 0 (probability 2^-256) would leave -b*G infinity: take 1 */
      _kc_p256_scalar_set_int (&sone, 1);
      ct_cmov_u64 (b.v, sone.v, 4, (uint64_t) _kc_p256_scalar_is_zero (&b));
      _kc_p256_gep_set_infinity (&inf);
      _kc_p256_comb (&bj, _kc_p256_comb_table, &b, &inf);
      (void) _kc_p256_ge_set_gep (&bg, &bj);
      _kc_p256_ge_neg (&blind.nbg, &bg);
      blind.b = b;
      blind.seeded = 1;
      wipememory (&b, sizeof b);
      wipememory (&bg, sizeof bg);
      wipememory (&bj, sizeof bj);
    }
  rng (rng_ctx, buf, sizeof buf);
  (void) _kc_p256_fe_set_b32 (&blind.z, buf);
  zero = _kc_p256_fe_is_zero (&blind.z);
  _kc_p256_fe_cmov (&blind.z, &one, zero);
  wipememory (buf, sizeof buf);
}

void
_kc_p256_ecmult_gen_unblind (void)
{
  wipememory (&blind, sizeof blind);
}

void
_kc_p256_ecmult_gen (gep *r, const scalar *k)
{
  scalar kb;
  gep start;

  if (blind.seeded)
    {
      /* K*G = (K + b)*G + (-b*G), from (x Z : y Z : Z), Z random */
      _kc_p256_scalar_add (&kb, k, &blind.b);
      _kc_p256_fe_mul (&start.x, &blind.nbg.x, &blind.z);
      _kc_p256_fe_mul (&start.y, &blind.nbg.y, &blind.z);
      start.z = blind.z;
    }
  else
    {
      kb = *k;
      _kc_p256_gep_set_infinity (&start);
    }
  _kc_p256_comb (r, _kc_p256_comb_table, &kb, &start);
  wipememory (&kb, sizeof kb);
  wipememory (&start, sizeof start);
}

void
_kc_p256_ecmult_gen_ge (ge *r, const scalar *k)
{
  gep rj;
  _kc_p256_ecmult_gen (&rj, k);
  (void) _kc_p256_ge_set_gep (r, &rj);
  wipememory (&rj, sizeof rj);
}

/* --------------------------------------------------- K*A, constant time */

#define CONST_WINDOWS 52        /* 5-bit windows over 260 >= 256 bits */
#define CONST_ENTRIES 17        /* 0A .. 16A */

void
_kc_p256_ecmult_const (gep *r, const ge *a, const scalar *k)
{
  /* the table as two lookups of eight limbs: X, Y and Z (padded) */
  uint64_t xy[CONST_ENTRIES][8], zz[CONST_ENTRIES][8], ent[8];
  uint32_t mags[CONST_WINDOWS], negs[CONST_WINDOWS], carry = 0;
  gep acc, t;
  gej accj;
  int i, j;

  /* 0A = infinity, jA = (j-1)A + A: complete additions, constant time
   * (A is public, but this costs 15 of the ~330 group operations) */
  _kc_p256_gep_set_infinity (&t);
  memset (zz, 0, sizeof zz);
  for (j = 0; j < CONST_ENTRIES; j++)
    {
      if (j)
        _kc_p256_gep_add_ge (&t, &t, a);
      memcpy (xy[j], t.x.v, 32);
      memcpy (xy[j] + 4, t.y.v, 32);
      memcpy (zz[j], t.z.v, 32);
    }

  /* signed digits in [-15, 16]; the top window (bit 255 alone) plus a
   * carry is at most 2: no carry out */
  for (i = 0; i < CONST_WINDOWS; i++)
    mags[i] = signed_digit (k, 5 * (unsigned int) i, 5, &carry, &negs[i]);

  _kc_p256_gep_set_infinity (&acc);
  for (i = CONST_WINDOWS - 1; i >= 0; i--)
    {
      if (i != CONST_WINDOWS - 1)
        {
          /* the five doublings in Jacobian coordinates (3M + 5S each,
           * exception free), the addition with the complete formulas */
          _kc_p256_gej_set_gep (&accj, &acc);
          for (j = 0; j < 5; j++)
            _kc_p256_gej_double (&accj, &accj);
          _kc_p256_gep_set_gej (&acc, &accj);
        }
      _kc_ct_lookup_u64x8 (ent, &xy[0][0], CONST_ENTRIES, mags[i]);
      memcpy (t.x.v, ent, 32);
      memcpy (t.y.v, ent + 4, 32);
      _kc_ct_lookup_u64x8 (ent, &zz[0][0], CONST_ENTRIES, mags[i]);
      memcpy (t.z.v, ent, 32);
      _kc_p256_fe_cond_neg_inl (&t.y, (int) negs[i]);
      _kc_p256_gep_add (&acc, &acc, &t);
    }
  *r = acc;
  wipememory (mags, sizeof mags);
  wipememory (negs, sizeof negs);
  wipememory (&acc, sizeof acc);
  wipememory (&accj, sizeof accj);
  wipememory (&t, sizeof t);
  wipememory (ent, sizeof ent);
  wipememory (&carry, sizeof carry);
}

/* ------------------------------------------------- Strauss, variable time */

/* Bits [POS, POS + COUNT) of S, reading zeros past bit 255. */
static unsigned int
bits_ext (const scalar *s, unsigned int pos, unsigned int count)
{
  if (pos >= 256)
    return 0;
  if (pos + count > 256)
    count = 256 - pos;
  return _kc_p256_scalar_bits (s, pos, count);
}

int
_kc_p256_wnaf_var (int *wnaf, const scalar *s, int w)
{
  unsigned int bit = 0;
  int carry = 0, last = 0;

  memset (wnaf, 0, KC_P256_WNAF_LEN * sizeof *wnaf);
  while (bit < KC_P256_WNAF_LEN)
    {
      int word;
      if ((int) bits_ext (s, bit, 1) == carry)
        {
          bit++;
          continue;
        }
      word = (int) bits_ext (s, bit, (unsigned int) w) + carry;
      carry = (word >> (w - 1)) & 1;
      word -= carry << w;
      wnaf[bit] = word;
      last = (int) bit + 1;
      bit += (unsigned int) w;
    }
  return last;
}

#define TABLE_A (1 << (KC_P256_WINDOW_A - 2))

void
_kc_p256_ecmult_var_with (gep *r, const gep *a, const scalar *na,
                          const scalar *ng, const ge *gtab)
{
  int wa[KC_P256_WNAF_LEN], wg[KC_P256_WNAF_LEN], la, lg, len, i;
  gej ta[TABLE_A], d, acc, t;
  ge g;

  la = _kc_p256_wnaf_var (wa, na, KC_P256_WINDOW_A);
  lg = _kc_p256_wnaf_var (wg, ng, KC_P256_WINDOW_G);
  if (la)
    {
      _kc_p256_gej_set_gep (&ta[0], a);
      _kc_p256_gej_double (&d, &ta[0]);
      for (i = 1; i < TABLE_A; i++)
        _kc_p256_gej_add_var (&ta[i], &ta[i - 1], &d);
    }
  len = la > lg ? la : lg;
  memset (&acc, 0, sizeof acc);         /* infinity */
  for (i = len - 1; i >= 0; i--)
    {
      if (i != len - 1)
        _kc_p256_gej_double (&acc, &acc);
      if (wa[i] > 0)
        _kc_p256_gej_add_var (&acc, &acc, &ta[wa[i] / 2]);
      else if (wa[i] < 0)
        {
          _kc_p256_gej_neg (&t, &ta[-wa[i] / 2]);
          _kc_p256_gej_add_var (&acc, &acc, &t);
        }
      if (wg[i] > 0)
        _kc_p256_gej_add_ge_var (&acc, &acc, &gtab[wg[i] / 2]);
      else if (wg[i] < 0)
        {
          _kc_p256_ge_neg (&g, &gtab[-wg[i] / 2]);
          _kc_p256_gej_add_ge_var (&acc, &acc, &g);
        }
    }
  _kc_p256_gep_set_gej (r, &acc);
}

void
_kc_p256_ecmult_var (gep *r, const gep *a, const scalar *na, const scalar *ng)
{
  _kc_p256_ecmult_var_with (r, a, na, ng, _kc_p256_gtab);
}
