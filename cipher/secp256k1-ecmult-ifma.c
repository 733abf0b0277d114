/* secp256k1-ecmult-ifma.c - eight U1 G + U2 P side by side in AVX-512
 * IFMA lanes.  The schedule is described in secp256k1-ecmult-ifma.h;
 * magnitudes are noted as (m), "tight" as in secp256k1-field-ifma.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Variable time: every input is public.  No heap; the tables (a few KiB)
 * live on the stack.
 */
#include "kcrypt-int.h"
#include "secp256k1-ecmult-ifma.h"

#ifdef KC_HAVE_FE8

typedef _kc_secp256k1_scalar scalar;

#if KC_ECMULT_TABLE_A_SIZE != 8
# error "the lane kernel's 4-bit digits need the 8-entry table of odd multiples"
#endif
#define DIGIT_BITS 4
#define STEPS 32              /* 128 / DIGIT_BITS: digits below the top 1 */
#define TAB 8                 /* entries: P, 3P, ..., 15P */
#define FE8_QWORDS 40         /* a _kc_fe8 is 5 limbs of 8 lanes */

typedef struct
{
  _kc_fe8 x, y, z;
} gej8;

/* R = 2A (a = 0):  M = 3X^2, S = 4XY^2, T = Y^4, X3 = M^2 - 2S,
 * Y3 = M(S - X3) - 8T, Z3 = 2YZ.  In: tight.  Out: tight.  A Z of 0
 * stays 0.  R may alias A. */
static KC_FE8_TARGET void
dbl8 (gej8 *r, const gej8 *a)
{
  _kc_fe8 y2, s, t, m, x3, u;

  _kc_fe8_mul (&r->z, &a->z, &a->y);
  _kc_fe8_add (&r->z, &r->z, &r->z);          /* 2YZ (2) */
  _kc_fe8_carry (&r->z);
  _kc_fe8_sqr (&y2, &a->y);
  _kc_fe8_mul (&s, &a->x, &y2);
  _kc_fe8_mul_int (&s, &s, 4);                /* S (4) */
  _kc_fe8_sqr (&t, &y2);                      /* T (1) */
  _kc_fe8_sqr (&m, &a->x);
  _kc_fe8_mul_int (&m, &m, 3);                /* M (3) */
  _kc_fe8_carry (&m);
  _kc_fe8_sqr (&x3, &m);
  _kc_fe8_negate (&u, &s, 4);                 /* -S (5) */
  _kc_fe8_add (&u, &u, &u);                   /* -2S (10) */
  _kc_fe8_add (&x3, &x3, &u);                 /* X3 (11) */
  _kc_fe8_carry (&x3);
  _kc_fe8_negate (&u, &x3, 1);                /* (2) */
  _kc_fe8_add (&u, &u, &s);                   /* S - X3 (6) */
  _kc_fe8_carry (&u);
  _kc_fe8_mul (&r->y, &m, &u);
  _kc_fe8_negate (&u, &t, 1);                 /* -T (2) */
  _kc_fe8_mul_int (&u, &u, 8);                /* -8T (16) */
  _kc_fe8_add (&r->y, &r->y, &u);             /* Y3 (17) */
  _kc_fe8_carry (&r->y);
  r->x = x3;
}

/* R = A + (BX : BY : 1) taken in A's frame scaled by ZU (ZU = Z_A for an
 * affine B on A's curve, Z_A * zt for a true affine B added to an
 * accumulator on the curve scaled by zt): U2 = BX ZU^2, S2 = BY ZU^3,
 * H = U2 - X1, R = S2 - Y1, X3 = R^2 - H^3 - 2 X1 H^2,
 * Y3 = R (X1 H^2 - X3) - Y1 H^3, Z3 = Z1 H.  In: tight.  Out: tight.
 * Incomplete: B = +-A gives Z3 = 0.  R may alias A. */
static KC_FE8_TARGET void
add8 (gej8 *r, const gej8 *a, const _kc_fe8 *bx, const _kc_fe8 *by,
      const _kc_fe8 *zu)
{
  _kc_fe8 z12, u2, s2, h, rr, h2, h3, v, t, x3, y3;

  _kc_fe8_sqr (&z12, zu);
  _kc_fe8_mul (&u2, bx, &z12);
  _kc_fe8_mul (&s2, by, &z12);
  _kc_fe8_mul (&s2, &s2, zu);
  _kc_fe8_negate (&h, &a->x, 1);
  _kc_fe8_add (&h, &h, &u2);                  /* H (3) */
  _kc_fe8_carry (&h);
  _kc_fe8_negate (&rr, &a->y, 1);
  _kc_fe8_add (&rr, &rr, &s2);                /* R (3) */
  _kc_fe8_carry (&rr);
  _kc_fe8_sqr (&h2, &h);
  _kc_fe8_mul (&h3, &h, &h2);
  _kc_fe8_mul (&r->z, &a->z, &h);
  _kc_fe8_mul (&v, &a->x, &h2);               /* V = X1 H^2 */
  _kc_fe8_sqr (&x3, &rr);
  _kc_fe8_negate (&t, &h3, 1);
  _kc_fe8_add (&x3, &x3, &t);                 /* (3) */
  _kc_fe8_negate (&t, &v, 1);
  _kc_fe8_add (&t, &t, &t);                   /* -2V (4) */
  _kc_fe8_add (&x3, &x3, &t);                 /* X3 (7) */
  _kc_fe8_carry (&x3);
  _kc_fe8_negate (&t, &x3, 1);
  _kc_fe8_add (&t, &t, &v);                   /* V - X3 (3) */
  _kc_fe8_carry (&t);
  _kc_fe8_mul (&y3, &rr, &t);
  _kc_fe8_mul (&t, &a->y, &h3);
  _kc_fe8_negate (&t, &t, 1);
  _kc_fe8_add (&y3, &y3, &t);                 /* Y3 (3) */
  _kc_fe8_carry (&y3);
  r->x = x3;
  r->y = y3;
}

/* (X, Y) = lane l of entry IDX[l] of the per-lane tables TX, TY (IDX
 * holds entry * FE8_QWORDS + l), Y negated in the lanes of NEG.  Out:
 * tight. */
static KC_FE8_TARGET void
lookup8 (_kc_fe8 *x, _kc_fe8 *y, const _kc_fe8 *tx, const _kc_fe8 *ty,
         __m512i idx, __mmask8 neg)
{
  int i;
  for (i = 0; i < 5; i++)
    {
      __m512i k = _mm512_add_epi64 (idx, _kc_fe8_bc (8 * (uint64_t) i));
      x->n[i] = _mm512_i64gather_epi64 (k, (const void *) tx, 8);
      y->n[i] = _mm512_i64gather_epi64 (k, (const void *) ty, 8);
    }
  _kc_fe8_cond_negate (y, y, 1, neg);         /* (2) */
  _kc_fe8_carry (y);
}

/* (X, Y) = entry IDX[l] (in ge_storage units from the start of the comb
 * table) of _kc_secp256k1_gen_table, Y negated in the lanes of NEG.
 * Out: tight. */
static KC_FE8_TARGET void
lookup_gen8 (_kc_fe8 *x, _kc_fe8 *y, __m512i idx, __mmask8 neg)
{
  const uint64_t *base = &_kc_secp256k1_gen_table[0][0].x.n[0];
  const __m512i m52 = _kc_fe8_bc (KC_FE_M52);
  __m512i q[8];
  _kc_fe8 *c[2];
  int i, j;

  idx = _mm512_slli_epi64 (idx, 3);          /* 8 qwords an entry */
  for (i = 0; i < 8; i++)
    q[i] = _mm512_i64gather_epi64 (_mm512_add_epi64 (idx,
                                                     _kc_fe8_bc ((uint64_t) i)),
                                   (const void *) base, 8);
  c[0] = x;
  c[1] = y;
  for (j = 0; j < 2; j++)
    {
      const __m512i *s = q + 4 * j;            /* 4x64 -> 5x52 */
      c[j]->n[0] = _mm512_and_si512 (s[0], m52);
      c[j]->n[1] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[0], 52),
                                                      _mm512_slli_epi64 (s[1], 12)), m52);
      c[j]->n[2] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[1], 40),
                                                      _mm512_slli_epi64 (s[2], 24)), m52);
      c[j]->n[3] = _mm512_and_si512 (_mm512_or_si512 (_mm512_srli_epi64 (s[2], 28),
                                                      _mm512_slli_epi64 (s[3], 36)), m52);
      c[j]->n[4] = _mm512_srli_epi64 (s[3], 16);
    }
  _kc_fe8_cond_negate (y, y, 1, neg);
  _kc_fe8_carry (y);
}

/* In the lanes of MASK: ACC += (BX, BY) in the frame ZU. */
static KC_FE8_TARGET void
add8_masked (gej8 *acc, const _kc_fe8 *bx, const _kc_fe8 *by,
             const _kc_fe8 *zu, __mmask8 mask)
{
  gej8 t;
  if (!mask)
    return;
  add8 (&t, acc, bx, by, zu);
  _kc_fe8_cmov (&acc->x, &t.x, mask);
  _kc_fe8_cmov (&acc->y, &t.y, mask);
  _kc_fe8_cmov (&acc->z, &t.z, mask);
}

/* K (< 2^128, odd) in STEPS odd signed 4-bit digits below a top digit 1:
 * d_i = (K mod 32) - 16, K = (K - d_i) / 16.  Each K stays odd, and
 * K_{i+1} <= (K_i + 15) / 16, so after STEPS steps K < 2 is 1. */
static void
recode_odd (int8_t dig[STEPS], uint64_t lo, uint64_t hi)
{
  int i;
  for (i = 0; i < STEPS; i++)
    {
      int d = (int) (lo & 31) - 16;
      uint64_t nlo;
      /* K -= d */
      if (d >= 0)
        {
          nlo = lo - (uint64_t) d;
          hi -= nlo > lo;
        }
      else
        {
          nlo = lo + (uint64_t) -d;
          hi += nlo < lo;
        }
      lo = nlo >> DIGIT_BITS | hi << (64 - DIGIT_BITS);
      hi >>= DIGIT_BITS;
      dig[i] = (int8_t) d;
    }
  KC_VERIFY_CHECK (lo == 1 && hi == 0);
}

/* Per-lane data prepared by the scalar code. */
struct prep
{
  int8_t dig[2][STEPS];        /* the two halves of u2 */
  int neg[2];                  /* half negated */
  int even[2];                 /* half was even: 1 added, -P owed */
  int8_t gdig[KC_ECMULT_GEN_ROWS];   /* comb digits of u1 (sign folded) */
};

/* Split U2 and recode it; 0 if a half is not below 2^128 (the lane is
 * then left to the single verification). */
static int
prep_u2 (struct prep *p, const scalar *u2)
{
  scalar k[2];
  int j;

  _kc_secp256k1_scalar_split_lambda (&k[0], &k[1], u2);
  for (j = 0; j < 2; j++)
    {
      p->neg[j] = _kc_secp256k1_scalar_is_high (&k[j]);
      if (p->neg[j])
        _kc_secp256k1_scalar_negate (&k[j], &k[j]);
      if (k[j].d[2] | k[j].d[3])
        {
          /* never for a correct split; keep the indices in range */
          memset (p->dig, 1, sizeof p->dig);
          p->neg[0] = p->neg[1] = p->even[0] = p->even[1] = 0;
          return 0;
        }
      p->even[j] = !(k[j].d[0] & 1);
      if (p->even[j])
        k[j].d[0]++;                         /* odd, no carry */
      recode_odd (p->dig[j], k[j].d[0], k[j].d[1]);
    }
  return 1;
}

/* The comb digits of U1 as in _kc_secp256k1_ecmult_gen (variable time
 * here): U1 or n - U1 below 2^255, signed 6-bit windows with a carry; the
 * negation is folded into the signs. */
static void
prep_u1 (struct prep *p, const scalar *u1)
{
  scalar kk = *u1;
  int neg = _kc_secp256k1_scalar_is_high (u1), j, carry = 0;

  if (neg)
    _kc_secp256k1_scalar_negate (&kk, &kk);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      int nib = (int) _kc_secp256k1_scalar_get_bits (&kk, KC_ECMULT_GEN_BITS
                                                    * (unsigned int) j,
                                                    KC_ECMULT_GEN_BITS) + carry;
      carry = nib > KC_ECMULT_GEN_COLS;
      if (carry)
        nib -= 2 * KC_ECMULT_GEN_COLS;
      p->gdig[j] = (int8_t) (neg ? -nib : nib);
    }
}

/* Lane index vector: entry E[l] * FE8_QWORDS + l. */
static KC_FE8_TARGET __m512i
table_index (const int64_t e[8])
{
  const __m512i iota = _mm512_set_epi64 (7, 6, 5, 4, 3, 2, 1, 0);
  __m512i v = _mm512_loadu_si512 ((const void *) e);
  return _mm512_add_epi64 (_mm512_mullo_epi64 (v, _kc_fe8_bc (FE8_QWORDS)),
                           iota);
}

KC_FE8_TARGET unsigned int
_kc_secp256k1_ecmult8_ifma (_kc_secp256k1_fe out_x[8], _kc_secp256k1_fe out_y[8],
                            _kc_secp256k1_fe out_z[8], const scalar u1[8],
                            const scalar u2[8], const _kc_secp256k1_ge pub[8])
{
  struct prep pr[8];
  _kc_secp256k1_fe px[TAB][8], py[TAB][8], zts[8];
  _kc_fe8 tx[TAB], ty[TAB], tlx[TAB], zt, beta, bx, by, zu;
  gej8 acc;
  int64_t e[8];
  unsigned int bad = 0;
  __mmask8 mneg[2] = { 0, 0 }, meven[2] = { 0, 0 };
  int l, i, j;

  for (l = 0; l < 8; l++)
    {
      _kc_secp256k1_ge pre[TAB];
      _kc_secp256k1_gej pj;

      if (!prep_u2 (&pr[l], &u2[l]))
        bad |= 1u << l;
      prep_u1 (&pr[l], &u1[l]);
      for (j = 0; j < 2; j++)
        {
          mneg[j] |= (__mmask8) (pr[l].neg[j] << l);
          meven[j] |= (__mmask8) (pr[l].even[j] << l);
        }
      _kc_secp256k1_gej_set_ge (&pj, &pub[l]);
      _kc_secp256k1_ecmult_table_a_var (pre, &zts[l], &pj);
      for (i = 0; i < TAB; i++)
        {
          px[i][l] = pre[i].x;                 /* (1), tight */
          py[i][l] = pre[i].y;
        }
    }
  _kc_fe8_broadcast (&beta, &_kc_secp256k1_fe_beta);
  for (i = 0; i < TAB; i++)
    {
      _kc_fe8_load (&tx[i], px[i]);
      _kc_fe8_load (&ty[i], py[i]);
      _kc_fe8_mul (&tlx[i], &tx[i], &beta);     /* lambda: (beta x, y) */
    }
  _kc_fe8_load (&zt, zts);

  /* The top digits (1 in both halves): ACC = +-P + +-lambda P, on the
   * curve scaled by zt. */
  acc.x = tx[0];
  _kc_fe8_cond_negate (&acc.y, &ty[0], 1, mneg[0]);
  _kc_fe8_carry (&acc.y);
  _kc_fe8_set_int (&acc.z, 1);
  _kc_fe8_cond_negate (&by, &ty[0], 1, mneg[1]);
  _kc_fe8_carry (&by);
  add8 (&acc, &acc, &tlx[0], &by, &acc.z);

  for (i = STEPS - 1; i >= 0; i--)
    {
      for (j = 0; j < DIGIT_BITS; j++)
        dbl8 (&acc, &acc);
      for (j = 0; j < 2; j++)
        {
          __mmask8 neg = 0;
          for (l = 0; l < 8; l++)
            {
              int d = pr[l].dig[j][i];
              e[l] = (d < 0 ? -d : d) >> 1;
              neg |= (__mmask8) (((d < 0) ^ pr[l].neg[j]) << l);
            }
          lookup8 (&bx, &by, j ? tlx : tx, ty, table_index (e), neg);
          add8 (&acc, &acc, &bx, &by, &acc.z);
        }
    }
  /* the halves that were even got 1 too many: add -+P */
  for (j = 0; j < 2; j++)
    if (meven[j])
      {
        _kc_fe8_cond_negate (&by, &ty[0], 1, (__mmask8) ~mneg[j]);
        _kc_fe8_carry (&by);
        zu = acc.z;
        add8_masked (&acc, j ? &tlx[0] : &tx[0], &by, &zu, meven[j]);
      }

  /* u1 G: one comb row after another, true affine points brought to the
   * scaled curve by ZU = Z zt; a zero digit adds nothing. */
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      __mmask8 neg = 0, nz = 0;
      for (l = 0; l < 8; l++)
        {
          int d = pr[l].gdig[j], a = d < 0 ? -d : d;
          e[l] = j * KC_ECMULT_GEN_COLS + (a ? a - 1 : 0);
          neg |= (__mmask8) ((d < 0) << l);
          nz |= (__mmask8) ((d != 0) << l);
        }
      if (!nz)
        continue;
      lookup_gen8 (&bx, &by, _mm512_loadu_si512 ((const void *) e), neg);
      _kc_fe8_mul (&zu, &acc.z, &zt);
      add8_masked (&acc, &bx, &by, &zu, nz);
    }
  _kc_fe8_mul (&acc.z, &acc.z, &zt);           /* back to the true curve */
  bad |= _kc_fe8_is_zero_mask (&acc.z);
  _kc_fe8_store (out_x, &acc.x);
  _kc_fe8_store (out_y, &acc.y);
  _kc_fe8_store (out_z, &acc.z);
  return bad;
}

#endif /* KC_HAVE_FE8 */
