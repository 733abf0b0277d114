/* ed25519/group-impl.h - the Ed25519 point formulas, the fixed-base comb
 * and the variable-time multiplications over one field: an include-twice
 * template (doc/HACKING "CPU-specific code").  ed25519/group.c includes
 * it over the portable 5x51 field (x25519/field-5x51.h),
 * ed25519/x86_64/group-adx.c over the 4x64 MULX/ADX field
 * (x25519/x86_64/field-4x64.h).  Contracts of the entries in
 * ed25519/group.h (_kc_ed25519_ge_scalarmult_base, _double_scalarmult_var,
 * _msm_var), whose points are 5x51 on both sides.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before the include:
 *   GI_FE                the field element
 *   GI_MUL (r, a, b), GI_SQ (r, a), GI_ADD (r, a, b), GI_SUB (r, a, b)
 *   GI_CARRY (r)         carries R in place where the 5x51 bounds need
 *                        it (nothing on the 4x64 field, which takes any
 *                        value below 2^256)
 *   GI_NEG (r, a)        R = -A
 *   GI_ONE (r)           R = 1
 *   GI_D2                the address of 2 d in the field's form
 *   GI_NIELS (r, t)      R (the field's niels) = the table entry T (a
 *                        _kc_ed25519_niels, limbs below 2^51)
 *   GI_IN (r, a)         R (the field's point) = the 5x51 point A
 *   GI_OUT (r, a)        R (a 5x51 point, carried) = the field's point A
 *   GI_N(name)           the name of this instance's function NAME
 *   GI_FN                the attributes of every function here
 *   GI_COMB_ROW (w, row, m)  optional: W[i] = OR over k < 8 of
 *                        M[k] & ROW[15 k + i], i < 15 (the lookup's
 *                        core, in vectors; else the C loop below)
 *   GI_HAVE_TYPES        defined if GI_N (ge), GI_N (niels) and
 *                        GI_N (cached) exist already (group.h's)
 * The field's types are GI_N (fe) and so on; points are extended
 * (X : Y : Z : T) as in ed25519/group.h.
 *
 * Bounds (5x51, field-5x51.h): point coordinates, products and table
 * entries are carried; a sum or difference of two of them goes into a
 * product directly; where a sum of a sum would exceed a product's 2^54
 * it is carried first (GI_CARRY, noted at the line).
 */

#ifndef GI_HAVE_TYPES           /* (the portable instance's are group.h's) */
typedef struct { GI_FE X, Y, Z, T; } GI_N (ge);
typedef struct { GI_FE ypx, ymx, xy2d; } GI_N (niels);
typedef struct { GI_FE ypx, ymx, z, t2d; } GI_N (cached);
#endif
/* the result of an addition or doubling before its products:
 * x = E/G, y = H/F; X = E F, Y = G H, Z = F G, T = E H */
typedef struct { GI_FE e, f, g, h; } GI_N (p1p1);
/* (X : Y : Z) without T, for a doubling that follows */
typedef struct { GI_FE X, Y, Z; } GI_N (p2);

GI_FN void
GI_N (to_p3) (GI_N (ge) *r, const GI_N (p1p1) *a)
{
  GI_MUL (&r->X, &a->e, &a->f);
  GI_MUL (&r->Y, &a->g, &a->h);
  GI_MUL (&r->Z, &a->f, &a->g);
  GI_MUL (&r->T, &a->e, &a->h);
}

GI_FN void
GI_N (to_p2) (GI_N (p2) *r, const GI_N (p1p1) *a)
{
  GI_MUL (&r->X, &a->e, &a->f);
  GI_MUL (&r->Y, &a->g, &a->h);
  GI_MUL (&r->Z, &a->f, &a->g);
}

/* 2 A (dbl-2008-hwcd, a = -1, every term negated: E' = A + B - (X+Y)^2,
 * F' = 2 Z^2 + A - B, G' = A - B, H' = A + B give the same point) */
GI_FN void
GI_N (dbl_p2) (GI_N (p1p1) *r, const GI_N (p2) *a)
{
  GI_FE xx, yy, zz2, s;

  GI_SQ (&xx, &a->X);
  GI_SQ (&yy, &a->Y);
  GI_SQ (&zz2, &a->Z);
  GI_ADD (&zz2, &zz2, &zz2);                    /* 2 Z^2 (< 2^53) */
  GI_ADD (&s, &a->X, &a->Y);
  GI_SQ (&s, &s);                               /* (X + Y)^2 */
  GI_ADD (&r->h, &xx, &yy);                     /* < 2^53 */
  GI_SUB (&r->e, &r->h, &s);                    /* < 2^54 */
  GI_SUB (&r->g, &xx, &yy);
  GI_CARRY (&r->g);                             /* F' needs G' carried */
  GI_ADD (&r->f, &zz2, &r->g);                  /* < 2^54 */
}

GI_FN void
GI_N (dbl_p3) (GI_N (p1p1) *r, const GI_N (ge) *a)
{
  GI_N (p2) t;
  t.X = a->X;
  t.Y = a->Y;
  t.Z = a->Z;
  GI_N (dbl_p2) (r, &t);
}

/* A + Q, Q niels (madd-2008-hwcd-3 with Z2 = 1); NEG: A - Q */
GI_FN void
GI_N (madd) (GI_N (p1p1) *r, const GI_N (ge) *a, const GI_N (niels) *q,
             int neg)
{
  GI_FE ym, yp, pa, pb, c, d2;

  GI_SUB (&ym, &a->Y, &a->X);
  GI_ADD (&yp, &a->Y, &a->X);
  GI_MUL (&pa, &ym, neg ? &q->ypx : &q->ymx);
  GI_MUL (&pb, &yp, neg ? &q->ymx : &q->ypx);
  GI_MUL (&c, &a->T, &q->xy2d);
  GI_ADD (&d2, &a->Z, &a->Z);                   /* < 2^53 */
  GI_SUB (&r->e, &pb, &pa);
  GI_ADD (&r->h, &pb, &pa);
  if (neg)
    {
      GI_ADD (&r->f, &d2, &c);                  /* < 2^54 */
      GI_SUB (&r->g, &d2, &c);
    }
  else
    {
      GI_SUB (&r->f, &d2, &c);
      GI_ADD (&r->g, &d2, &c);
    }
}

/* A + Q, Q cached (add-2008-hwcd-3); NEG: A - Q */
GI_FN void
GI_N (add_cached) (GI_N (p1p1) *r, const GI_N (ge) *a,
                   const GI_N (cached) *q, int neg)
{
  GI_FE ym, yp, pa, pb, c, d, d2;

  GI_SUB (&ym, &a->Y, &a->X);
  GI_ADD (&yp, &a->Y, &a->X);
  GI_MUL (&pa, &ym, neg ? &q->ypx : &q->ymx);
  GI_MUL (&pb, &yp, neg ? &q->ymx : &q->ypx);
  GI_MUL (&c, &a->T, &q->t2d);
  GI_MUL (&d, &a->Z, &q->z);
  GI_ADD (&d2, &d, &d);                         /* < 2^53 */
  GI_SUB (&r->e, &pb, &pa);
  GI_ADD (&r->h, &pb, &pa);
  if (neg)
    {
      GI_ADD (&r->f, &d2, &c);
      GI_SUB (&r->g, &d2, &c);
    }
  else
    {
      GI_SUB (&r->f, &d2, &c);
      GI_ADD (&r->g, &d2, &c);
    }
}

GI_FN void
GI_N (to_cached) (GI_N (cached) *r, const GI_N (ge) *a)
{
  GI_ADD (&r->ypx, &a->Y, &a->X);               /* < 2^53 */
  GI_SUB (&r->ymx, &a->Y, &a->X);               /* < 2^54 */
  r->z = a->Z;
  GI_MUL (&r->t2d, &a->T, GI_D2);
}

GI_FN void
GI_N (identity) (GI_N (ge) *r)
{
  memset (&r->X, 0, sizeof r->X);
  GI_ONE (&r->Y);
  GI_ONE (&r->Z);
  memset (&r->T, 0, sizeof r->T);
}

/* ------------------------------------------------------------ the comb */

/* T = B256[POS] times the signed digit D in [-8, 8], constant time: every
 * word of every entry read (in the table's 5x51 form) and kept under a
 * mask, word by word (the masks in registers, no store of a half-chosen
 * entry between two reads); the sign applied by masks */
typedef char GI_N (niels_is_15_words)
  [sizeof (_kc_ed25519_niels) == 15 * sizeof (uint64_t) ? 1 : -1];

/* the lookup's secrets (the masks say the digit), wiped once by the
 * caller after the last lookup */
typedef struct
{
  uint64_t m[8], w[15];
  _kc_ed25519_niels e;
  GI_FE n;
} GI_N (comb_scratch);

GI_FN void
GI_N (comb_select) (GI_N (niels) *t, int pos, signed char d,
                    GI_N (comb_scratch) *scr)
{
  const uint64_t *row = (const uint64_t *) (const void *)
    _kc_ed25519_comb[pos];
  uint64_t neg = (uint64_t) (unsigned char) d >> 7;
  uint64_t mask = ct_mask_from_flag_u64 (neg);
  /* |d| in two's complement, without a shift of a negative value */
  uint64_t abs = (((uint64_t) (int64_t) d ^ mask) - mask) & 0xff;
  uint64_t *m = scr->m, *w = scr->w, x, z;
  int i, k;

  for (k = 0; k < 8; k++)
    m[k] = ct_mask_eq_u64 (abs, (uint64_t) k + 1);
#ifdef GI_COMB_ROW
  GI_COMB_ROW (w, row, m);
#else
  for (i = 0; i < 15; i++)
    {
      x = 0;
      _Pragma ("GCC unroll 8")
      for (k = 0; k < 8; k++)
        x |= m[k] & row[15 * k + i];
      w[i] = x;
    }
#endif
  /* D = 0: the identity (1, 1, 0) */
  z = ct_eq_u64 (abs, 0);
  w[0] |= z;
  w[5] |= z;
  /* -(y + x, y - x, 2 d x y) = (y - x, y + x, -2 d x y) */
  for (i = 0; i < 5; i++)
    {
      x = (w[i] ^ w[5 + i]) & mask;
      scr->e.ypx.v[i] = w[i] ^ x;
      scr->e.ymx.v[i] = w[5 + i] ^ x;
      scr->e.xy2d.v[i] = w[10 + i];
    }
  GI_NIELS (t, &scr->e);
  GI_NEG (&scr->n, &t->xy2d);                  /* < 2^54: a product input */
  ct_cmov_u64 ((uint64_t *) &t->xy2d, (const uint64_t *) &scr->n,
               sizeof scr->n / sizeof (uint64_t), neg);
}

/* R = A B (group.h) */
GI_FN void
GI_N (scalarmult_base) (_kc_ed25519_ge *out, const unsigned char a[32])
{
  signed char e[64];
  GI_N (comb_scratch) scr;
  GI_N (niels) t;
  GI_N (p1p1) s;
  GI_N (p2) q;
  GI_N (ge) r;
  int i;

  _kc_ed25519_comb_digits (e, a);

  GI_N (identity) (&r);
  for (i = 1; i < 64; i += 2)
    {
      GI_N (comb_select) (&t, i / 2, e[i], &scr);
      GI_N (madd) (&s, &r, &t, 0);
      GI_N (to_p3) (&r, &s);
    }
  GI_N (dbl_p3) (&s, &r);
  GI_N (to_p2) (&q, &s);
  GI_N (dbl_p2) (&s, &q);
  GI_N (to_p2) (&q, &s);
  GI_N (dbl_p2) (&s, &q);
  GI_N (to_p2) (&q, &s);
  GI_N (dbl_p2) (&s, &q);
  GI_N (to_p3) (&r, &s);
  for (i = 0; i < 64; i += 2)
    {
      GI_N (comb_select) (&t, i / 2, e[i], &scr);
      GI_N (madd) (&s, &r, &t, 0);
      GI_N (to_p3) (&r, &s);
    }
  GI_OUT (out, &r);
  wipememory (&scr, sizeof scr);
  wipememory (e, sizeof e);
  wipememory (&t, sizeof t);
  wipememory (&s, sizeof s);
  wipememory (&q, sizeof q);
  wipememory (&r, sizeof r);
}

/* ------------------------------------------------ variable-time wNAF */

/* TAB[i] = (2 i + 1) P, i < N */
GI_FN void
GI_N (odd_multiples) (GI_N (cached) *tab, const _kc_ed25519_ge *p51, int n)
{
  GI_N (ge) p, p2x, q;
  GI_N (p1p1) t;
  int i;

  GI_IN (&p, p51);
  GI_N (dbl_p3) (&t, &p);
  GI_N (to_p3) (&p2x, &t);
  GI_N (to_cached) (&tab[0], &p);
  for (i = 1; i < n; i++)
    {
      GI_N (add_cached) (&t, &p2x, &tab[i - 1], 0);
      GI_N (to_p3) (&q, &t);
      GI_N (to_cached) (&tab[i], &q);
    }
}

/* T + (NB (odd) B), variable time */
GI_FN void
GI_N (madd_odd_var) (GI_N (p1p1) *t, const GI_N (p1p1) *s, int nb)
{
  GI_N (niels) b;
  GI_N (ge) u;

  GI_NIELS (&b, &_kc_ed25519_odd[(nb < 0 ? -nb : nb) / 2]);
  GI_N (to_p3) (&u, s);
  GI_N (madd) (t, &u, &b, nb < 0);
}

/* R = A P + B B (group.h) */
GI_FN void
GI_N (double_scalarmult_var) (_kc_ed25519_ge *out, const _kc_ed25519_sc *a,
                              const _kc_ed25519_ge *p,
                              const _kc_ed25519_sc *b)
{
  signed char na[257], nb[257];
  GI_N (cached) tab[8];
  GI_N (p1p1) t;
  GI_N (p2) q;
  GI_N (ge) u;
  int i, top;

  i = _kc_ed25519_wnaf_var (na, a, 5);
  top = _kc_ed25519_wnaf_var (nb, b, 8);
  if (i > top)
    top = i;
  if (top == 0)
    {
      _kc_ed25519_ge_identity (out);
      return;
    }
  GI_N (odd_multiples) (tab, p, 8);
  memset (&q, 0, sizeof q);
  GI_ONE (&q.Y);
  GI_ONE (&q.Z);
  for (i = top - 1; i >= 0; i--)
    {
      GI_N (dbl_p2) (&t, &q);
      if (na[i])
        {
          GI_N (to_p3) (&u, &t);
          GI_N (add_cached) (&t, &u, &tab[(na[i] < 0 ? -na[i] : na[i]) / 2],
                             na[i] < 0);
        }
      if (nb[i])
        GI_N (madd_odd_var) (&t, &t, nb[i]);
      if (i == 0)
        {
          GI_N (to_p3) (&u, &t);
          GI_OUT (out, &u);
        }
      else
        GI_N (to_p2) (&q, &t);
    }
}

/* R = G B + sum_i (SL[i] PL[i] + SS[i] PS[i]) (group.h) */
GI_FN void
GI_N (msm_var) (_kc_ed25519_ge *out, const _kc_ed25519_sc *g,
                const _kc_ed25519_ge *const *pl, const _kc_ed25519_sc *sl,
                const _kc_ed25519_ge *const *ps, const _kc_ed25519_sc *ss,
                size_t n)
{
  signed char naf[2 * KC_ED25519_MSM_PAIRS][257], ng[257];
  GI_N (cached) tab[KC_ED25519_MSM_PAIRS * (8 + 4)];
  GI_N (cached) *tj[2 * KC_ED25519_MSM_PAIRS];
  GI_N (p1p1) t;
  GI_N (p2) q;
  GI_N (ge) u;
  int i, top, k;
  size_t j, m = 2 * n, used = 0;

  KC_VERIFY_CHECK (n <= KC_ED25519_MSM_PAIRS);
  top = _kc_ed25519_wnaf_var (ng, g, 8);
  for (j = 0; j < m; j++)
    {
      int w = j < n ? 5 : 4;        /* the second half's scalars: 128 bits */
      k = _kc_ed25519_wnaf_var (naf[j], j < n ? &sl[j] : &ss[j - n], w);
      if (k > top)
        top = k;
      tj[j] = tab + used;
      GI_N (odd_multiples) (tj[j], j < n ? pl[j] : ps[j - n], 1 << (w - 2));
      used += (size_t) 1 << (w - 2);
    }
  if (top == 0)
    {
      _kc_ed25519_ge_identity (out);
      return;
    }
  memset (&q, 0, sizeof q);
  GI_ONE (&q.Y);
  GI_ONE (&q.Z);
  for (i = top - 1; i >= 0; i--)
    {
      GI_N (dbl_p2) (&t, &q);
      for (j = 0; j < m; j++)
        if (naf[j][i])
          {
            int d = naf[j][i];
            GI_N (to_p3) (&u, &t);
            GI_N (add_cached) (&t, &u, &tj[j][(d < 0 ? -d : d) / 2], d < 0);
          }
      if (ng[i])
        GI_N (madd_odd_var) (&t, &t, ng[i]);
      if (i == 0)
        {
          GI_N (to_p3) (&u, &t);
          GI_OUT (out, &u);
        }
      else
        GI_N (to_p2) (&q, &t);
    }
}
