/* secp256k1/x86_64/ecmult-lanes-impl.h - the lane kernel of
 * secp256k1/x86_64/ecmult-lanes.h, written once over a lane field.  Magnitudes
 * are noted as (m), "tight" as in the field headers.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by one .c file per field, which defines first:
 *   LANES        the number of lanes (8 or 4)
 *   FE           the field type (_kc_fe8, _kc_fe4)
 *   FE_MASK      its lane mask type (bit l: lane l)
 *   FE_TARGET    its target attribute
 *   FE_(name)    the field function NAME (_kc_fe8_##name ...)
 *   ECMULT_LANES the name of the kernel it defines
 * The field provides set_int, broadcast, load, store, add, mul_int,
 * negate, cond_negate, cmov, carry, is_zero_mask, mul, sqr, gather and
 * gather_storage with the contracts of secp256k1/x86_64/field-ifma.h.
 *
 * Variable time: every input is public.  No heap; the tables (a few KiB)
 * live on the stack.
 */
#if !defined(LANES) || !defined(FE) || !defined(FE_MASK) \
    || !defined(FE_TARGET) || !defined(FE_) || !defined(ECMULT_LANES)
# error "define the lane field before including secp256k1/x86_64/ecmult-lanes-impl.h"
#endif

typedef _kc_secp256k1_scalar scalar;

#if KC_ECMULT_TABLE_A_SIZE != 8
# error "the lane kernel's 4-bit digits need the 8-entry table of odd multiples"
#endif
#define DIGIT_BITS 4
#define STEPS 32              /* 128 / DIGIT_BITS: digits below the top 1 */
#define TAB 8                 /* entries: P, 3P, ..., 15P */

typedef struct
{
  FE x, y, z;
} gejl;

/* R = 2A (a = 0):  M = 3X^2, S = 4XY^2, T = Y^4, X3 = M^2 - 2S,
 * Y3 = M(S - X3) - 8T, Z3 = 2YZ.  In: tight.  Out: tight.  A Z of 0
 * stays 0.  R may alias A. */
static FE_TARGET void
dbl_lanes (gejl *r, const gejl *a)
{
  FE y2, s, t, m, x3, u;

  FE_(mul) (&r->z, &a->z, &a->y);
  FE_(add) (&r->z, &r->z, &r->z);             /* 2YZ (2) */
  FE_(carry) (&r->z);
  FE_(sqr) (&y2, &a->y);
  FE_(mul) (&s, &a->x, &y2);
  FE_(mul_int) (&s, &s, 4);                   /* S (4) */
  FE_(sqr) (&t, &y2);                         /* T (1) */
  FE_(sqr) (&m, &a->x);
  FE_(mul_int) (&m, &m, 3);                   /* M (3) */
  FE_(carry) (&m);
  FE_(sqr) (&x3, &m);
  FE_(negate) (&u, &s, 4);                    /* -S (5) */
  FE_(add) (&u, &u, &u);                      /* -2S (10) */
  FE_(add) (&x3, &x3, &u);                    /* X3 (11) */
  FE_(carry) (&x3);
  FE_(negate) (&u, &x3, 1);                   /* (2) */
  FE_(add) (&u, &u, &s);                      /* S - X3 (6) */
  FE_(carry) (&u);
  FE_(mul) (&r->y, &m, &u);
  FE_(negate) (&u, &t, 1);                    /* -T (2) */
  FE_(mul_int) (&u, &u, 8);                   /* -8T (16) */
  FE_(add) (&r->y, &r->y, &u);                /* Y3 (17) */
  FE_(carry) (&r->y);
  r->x = x3;
}

/* R = A + (BX : BY : 1) taken in A's frame scaled by ZU (ZU = Z_A for an
 * affine B on A's curve, Z_A * zt for a true affine B added to an
 * accumulator on the curve scaled by zt): U2 = BX ZU^2, S2 = BY ZU^3,
 * H = U2 - X1, R = S2 - Y1, X3 = R^2 - H^3 - 2 X1 H^2,
 * Y3 = R (X1 H^2 - X3) - Y1 H^3, Z3 = Z1 H.  In: tight.  Out: tight.
 * Incomplete: B = +-A gives Z3 = 0.  R may alias A. */
static FE_TARGET void
add_lanes (gejl *r, const gejl *a, const FE *bx, const FE *by, const FE *zu)
{
  FE z12, u2, s2, h, rr, h2, h3, v, t, x3, y3;

  FE_(sqr) (&z12, zu);
  FE_(mul) (&u2, bx, &z12);
  FE_(mul) (&s2, by, &z12);
  FE_(mul) (&s2, &s2, zu);
  FE_(negate) (&h, &a->x, 1);
  FE_(add) (&h, &h, &u2);                     /* H (3) */
  FE_(carry) (&h);
  FE_(negate) (&rr, &a->y, 1);
  FE_(add) (&rr, &rr, &s2);                   /* R (3) */
  FE_(carry) (&rr);
  FE_(sqr) (&h2, &h);
  FE_(mul) (&h3, &h, &h2);
  FE_(mul) (&r->z, &a->z, &h);
  FE_(mul) (&v, &a->x, &h2);                  /* V = X1 H^2 */
  FE_(sqr) (&x3, &rr);
  FE_(negate) (&t, &h3, 1);
  FE_(add) (&x3, &x3, &t);                    /* (3) */
  FE_(negate) (&t, &v, 1);
  FE_(add) (&t, &t, &t);                      /* -2V (4) */
  FE_(add) (&x3, &x3, &t);                    /* X3 (7) */
  FE_(carry) (&x3);
  FE_(negate) (&t, &x3, 1);
  FE_(add) (&t, &t, &v);                      /* V - X3 (3) */
  FE_(carry) (&t);
  FE_(mul) (&y3, &rr, &t);
  FE_(mul) (&t, &a->y, &h3);
  FE_(negate) (&t, &t, 1);
  FE_(add) (&y3, &y3, &t);                    /* Y3 (3) */
  FE_(carry) (&y3);
  r->x = x3;
  r->y = y3;
}

/* (X, Y) = lane l of entry E[l] of the per-lane tables TX, TY, Y negated
 * in the lanes of NEG.  Out: tight. */
static FE_TARGET void
lookup_lanes (FE *x, FE *y, const FE *tx, const FE *ty, const int64_t e[LANES],
              FE_MASK neg)
{
  FE_(gather) (x, tx, e);
  FE_(gather) (y, ty, e);
  FE_(cond_negate) (y, y, 1, neg);            /* (2) */
  FE_(carry) (y);
}

/* (X, Y) = entry E[l] (in ge_storage units from the start of the comb
 * table) of _kc_secp256k1_gen_table, Y negated in the lanes of NEG.
 * Out: tight. */
static FE_TARGET void
lookup_gen_lanes (FE *x, FE *y, const int64_t e[LANES], FE_MASK neg)
{
  FE_(gather_storage) (x, y, &_kc_secp256k1_gen_table[0][0].x.n[0], e);
  FE_(cond_negate) (y, y, 1, neg);
  FE_(carry) (y);
}

/* In the lanes of MASK: ACC += (BX, BY) in the frame ZU. */
static FE_TARGET void
add_lanes_masked (gejl *acc, const FE *bx, const FE *by, const FE *zu,
                  FE_MASK mask)
{
  gejl t;
  if (!mask)
    return;
  add_lanes (&t, acc, bx, by, zu);
  FE_(cmov) (&acc->x, &t.x, mask);
  FE_(cmov) (&acc->y, &t.y, mask);
  FE_(cmov) (&acc->z, &t.z, mask);
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

FE_TARGET unsigned int
ECMULT_LANES (_kc_secp256k1_fe out_x[LANES], _kc_secp256k1_fe out_y[LANES],
              _kc_secp256k1_fe out_z[LANES], const scalar u1[LANES],
              const scalar u2[LANES], const _kc_secp256k1_ge pub[LANES])
{
  struct prep pr[LANES];
  _kc_secp256k1_fe px[TAB][LANES], py[TAB][LANES], zts[LANES];
  FE tx[TAB], ty[TAB], tlx[TAB], zt, beta, bx, by, zu;
  gejl acc;
  int64_t e[LANES];
  unsigned int bad = 0;
  FE_MASK mneg[2] = { 0, 0 }, meven[2] = { 0, 0 };
  int l, i, j;

  for (l = 0; l < LANES; l++)
    {
      _kc_secp256k1_ge pre[TAB];
      _kc_secp256k1_gej pj;

      if (!prep_u2 (&pr[l], &u2[l]))
        bad |= 1u << l;
      prep_u1 (&pr[l], &u1[l]);
      for (j = 0; j < 2; j++)
        {
          mneg[j] |= (FE_MASK) (pr[l].neg[j] << l);
          meven[j] |= (FE_MASK) (pr[l].even[j] << l);
        }
      _kc_secp256k1_gej_set_ge (&pj, &pub[l]);
      _kc_secp256k1_ecmult_table_a_var (pre, &zts[l], &pj);
      for (i = 0; i < TAB; i++)
        {
          px[i][l] = pre[i].x;                 /* (1), tight */
          py[i][l] = pre[i].y;
        }
    }
  FE_(broadcast) (&beta, &_kc_secp256k1_fe_beta);
  for (i = 0; i < TAB; i++)
    {
      FE_(load) (&tx[i], px[i]);
      FE_(load) (&ty[i], py[i]);
      FE_(mul) (&tlx[i], &tx[i], &beta);       /* lambda: (beta x, y) */
    }
  FE_(load) (&zt, zts);

  /* The top digits (1 in both halves): ACC = +-P + +-lambda P, on the
   * curve scaled by zt. */
  acc.x = tx[0];
  FE_(cond_negate) (&acc.y, &ty[0], 1, mneg[0]);
  FE_(carry) (&acc.y);
  FE_(set_int) (&acc.z, 1);
  FE_(cond_negate) (&by, &ty[0], 1, mneg[1]);
  FE_(carry) (&by);
  add_lanes (&acc, &acc, &tlx[0], &by, &acc.z);

  for (i = STEPS - 1; i >= 0; i--)
    {
      for (j = 0; j < DIGIT_BITS; j++)
        dbl_lanes (&acc, &acc);
      for (j = 0; j < 2; j++)
        {
          FE_MASK neg = 0;
          for (l = 0; l < LANES; l++)
            {
              int d = pr[l].dig[j][i];
              e[l] = (d < 0 ? -d : d) >> 1;
              neg |= (FE_MASK) (((d < 0) ^ pr[l].neg[j]) << l);
            }
          lookup_lanes (&bx, &by, j ? tlx : tx, ty, e, neg);
          add_lanes (&acc, &acc, &bx, &by, &acc.z);
        }
    }
  /* the halves that were even got 1 too many: add -+P */
  for (j = 0; j < 2; j++)
    if (meven[j])
      {
        FE_(cond_negate) (&by, &ty[0], 1, (FE_MASK) ~mneg[j]);
        FE_(carry) (&by);
        zu = acc.z;
        add_lanes_masked (&acc, j ? &tlx[0] : &tx[0], &by, &zu, meven[j]);
      }

  /* u1 G: one comb row after another, true affine points brought to the
   * scaled curve by ZU = Z zt; a zero digit adds nothing. */
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      FE_MASK neg = 0, nz = 0;
      for (l = 0; l < LANES; l++)
        {
          int d = pr[l].gdig[j], a = d < 0 ? -d : d;
          e[l] = j * KC_ECMULT_GEN_COLS + (a ? a - 1 : 0);
          neg |= (FE_MASK) ((d < 0) << l);
          nz |= (FE_MASK) ((d != 0) << l);
        }
      if (!nz)
        continue;
      lookup_gen_lanes (&bx, &by, e, neg);
      FE_(mul) (&zu, &acc.z, &zt);
      add_lanes_masked (&acc, &bx, &by, &zu, nz);
    }
  FE_(mul) (&acc.z, &acc.z, &zt);              /* back to the true curve */
  bad |= FE_(is_zero_mask) (&acc.z);
  FE_(store) (out_x, &acc.x);
  FE_(store) (out_y, &acc.y);
  FE_(store) (out_z, &acc.z);
  return bad;
}
