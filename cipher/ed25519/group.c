/* ed25519/group.c - the Ed25519 group: point formulas, encoding, the
 * fixed-base comb and the variable-time multiplications.  Contracts in
 * ed25519/group.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Bounds (field-5x51.h): point coordinates, products and table entries
 * are carried; a sum or difference of two of them goes into a product
 * directly; where a sum of a sum would exceed a product's 2^54 it is
 * carried first (noted at the line).
 */
#include "kcrypt-int.h"
#include "modinv.h"
#include "ed25519/group.h"

typedef _kc_fe51 fe;
typedef _kc_ed25519_ge ge;
typedef _kc_ed25519_niels niels;
typedef _kc_ed25519_cached cached;
typedef _kc_ed25519_sc sc;

/* the result of an addition or doubling before its products:
 * x = E/G, y = H/F; X = E F, Y = G H, Z = F G, T = E H */
typedef struct { fe e, f, g, h; } p1p1;
/* (X : Y : Z) without T, for a doubling that follows */
typedef struct { fe X, Y, Z; } p2;

static void
fe_one (fe *r)
{
  memset (r, 0, sizeof *r);
  r->v[0] = 1;
}

static void
to_p3 (ge *r, const p1p1 *a)
{
  _kc_fe51_mul (&r->X, &a->e, &a->f);
  _kc_fe51_mul (&r->Y, &a->g, &a->h);
  _kc_fe51_mul (&r->Z, &a->f, &a->g);
  _kc_fe51_mul (&r->T, &a->e, &a->h);
}

static void
to_p2 (p2 *r, const p1p1 *a)
{
  _kc_fe51_mul (&r->X, &a->e, &a->f);
  _kc_fe51_mul (&r->Y, &a->g, &a->h);
  _kc_fe51_mul (&r->Z, &a->f, &a->g);
}

/* 2 A (dbl-2008-hwcd, a = -1, every term negated: E' = A + B - (X+Y)^2,
 * F' = 2 Z^2 + A - B, G' = A - B, H' = A + B give the same point) */
static void
dbl_p2 (p1p1 *r, const p2 *a)
{
  fe xx, yy, zz2, s;

  _kc_fe51_sq (&xx, &a->X);
  _kc_fe51_sq (&yy, &a->Y);
  _kc_fe51_sq (&zz2, &a->Z);
  _kc_fe51_add (&zz2, &zz2, &zz2);              /* 2 Z^2 (< 2^53) */
  _kc_fe51_add (&s, &a->X, &a->Y);
  _kc_fe51_sq (&s, &s);                         /* (X + Y)^2 */
  _kc_fe51_add (&r->h, &xx, &yy);               /* < 2^53 */
  _kc_fe51_sub (&r->e, &r->h, &s);              /* < 2^54 */
  _kc_fe51_sub (&r->g, &xx, &yy);
  _kc_fe51_carry (&r->g, &r->g);                /* F' needs G' carried */
  _kc_fe51_add (&r->f, &zz2, &r->g);            /* < 2^54 */
}

static void
dbl_p3 (p1p1 *r, const ge *a)
{
  p2 t;
  t.X = a->X;
  t.Y = a->Y;
  t.Z = a->Z;
  dbl_p2 (r, &t);
}

/* A + Q, Q niels (madd-2008-hwcd-3 with Z2 = 1); NEG: A - Q */
static void
madd (p1p1 *r, const ge *a, const niels *q, int neg)
{
  fe ym, yp, pa, pb, c, d2;

  _kc_fe51_sub (&ym, &a->Y, &a->X);
  _kc_fe51_add (&yp, &a->Y, &a->X);
  _kc_fe51_mul (&pa, &ym, neg ? &q->ypx : &q->ymx);
  _kc_fe51_mul (&pb, &yp, neg ? &q->ymx : &q->ypx);
  _kc_fe51_mul (&c, &a->T, &q->xy2d);
  _kc_fe51_add (&d2, &a->Z, &a->Z);             /* < 2^53 */
  _kc_fe51_sub (&r->e, &pb, &pa);
  _kc_fe51_add (&r->h, &pb, &pa);
  if (neg)
    {
      _kc_fe51_add (&r->f, &d2, &c);            /* < 2^54 */
      _kc_fe51_sub (&r->g, &d2, &c);
    }
  else
    {
      _kc_fe51_sub (&r->f, &d2, &c);
      _kc_fe51_add (&r->g, &d2, &c);
    }
}

/* A + Q, Q cached (add-2008-hwcd-3); NEG: A - Q */
static void
add_cached (p1p1 *r, const ge *a, const cached *q, int neg)
{
  fe ym, yp, pa, pb, c, d, d2;

  _kc_fe51_sub (&ym, &a->Y, &a->X);
  _kc_fe51_add (&yp, &a->Y, &a->X);
  _kc_fe51_mul (&pa, &ym, neg ? &q->ypx : &q->ymx);
  _kc_fe51_mul (&pb, &yp, neg ? &q->ymx : &q->ypx);
  _kc_fe51_mul (&c, &a->T, &q->t2d);
  _kc_fe51_mul (&d, &a->Z, &q->z);
  _kc_fe51_add (&d2, &d, &d);                   /* < 2^53 */
  _kc_fe51_sub (&r->e, &pb, &pa);
  _kc_fe51_add (&r->h, &pb, &pa);
  if (neg)
    {
      _kc_fe51_add (&r->f, &d2, &c);
      _kc_fe51_sub (&r->g, &d2, &c);
    }
  else
    {
      _kc_fe51_sub (&r->f, &d2, &c);
      _kc_fe51_add (&r->g, &d2, &c);
    }
}

static void
to_cached (cached *r, const ge *a)
{
  _kc_fe51_add (&r->ypx, &a->Y, &a->X);         /* < 2^53 */
  _kc_fe51_sub (&r->ymx, &a->Y, &a->X);         /* < 2^54 */
  r->z = a->Z;
  _kc_fe51_mul (&r->t2d, &a->T, &_kc_ed25519_d2);
}

void
_kc_ed25519_ge_identity (ge *r)
{
  memset (&r->X, 0, sizeof r->X);
  fe_one (&r->Y);
  fe_one (&r->Z);
  memset (&r->T, 0, sizeof r->T);
}

void
_kc_ed25519_ge_add (ge *r, const ge *a, const ge *b)
{
  cached c;
  p1p1 t;
  to_cached (&c, b);
  add_cached (&t, a, &c, 0);
  to_p3 (r, &t);
}

void
_kc_ed25519_ge_dbl (ge *r, const ge *a)
{
  p1p1 t;
  dbl_p3 (&t, a);
  to_p3 (r, &t);
}

void
_kc_ed25519_ge_neg (ge *r, const ge *a)
{
  _kc_fe51_neg (&r->X, &a->X);
  _kc_fe51_carry (&r->X, &r->X);
  r->Y = a->Y;
  r->Z = a->Z;
  _kc_fe51_neg (&r->T, &a->T);
  _kc_fe51_carry (&r->T, &r->T);
}

int
_kc_ed25519_ge_is_identity_var (const ge *a)
{
  fe t;
  _kc_fe51_sub (&t, &a->Y, &a->Z);
  return _kc_fe51_iszero (&a->X) && _kc_fe51_iszero (&t);
}

/* p = 2^255 - 19 in signed 62-bit limbs for the shared safegcd
 * (mpi/modinv.c): three zero limbs, skipped there; p^-1 mod 2^62 */
static const _kc_modinv256_modulus modulus_p = {
  { -19, 0, 0, 0, 128 },
  0x39435e50d79435e5ULL
};

/* R = 1/A (0 for 0) by safegcd; VAR: variable time (A public) */
static void
fe_inv (fe *r, const fe *a, int var)
{
  unsigned char b[32];
  uint64_t n[4];
  int i;

  _kc_fe51_tobytes (b, a);
  for (i = 0; i < 4; i++)
    n[i] = buf_get_le64 (b + 8 * i);
  if (var)
    _kc_modinv256_var (n, n, &modulus_p);
  else
    _kc_modinv256 (n, n, &modulus_p);
  for (i = 0; i < 4; i++)
    buf_put_le64 (b + 8 * i, n[i]);
  _kc_fe51_frombytes (r, b);                    /* below p: bit 255 clear */
  wipememory (b, sizeof b);
  wipememory (n, sizeof n);
}

static void
tobytes (unsigned char s[32], const ge *a, int var)
{
  fe zi, x, y;

  fe_inv (&zi, &a->Z, var);
  _kc_fe51_mul (&x, &a->X, &zi);
  _kc_fe51_mul (&y, &a->Y, &zi);
  _kc_fe51_tobytes (s, &y);
  s[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  wipememory (&zi, sizeof zi);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
}

void
_kc_ed25519_ge_tobytes (unsigned char s[32], const ge *a)
{
  tobytes (s, a, 0);
}

void
_kc_ed25519_ge_tobytes_var (unsigned char s[32], const ge *a)
{
  tobytes (s, a, 1);
}

void
_kc_ed25519_ge_tobytes2 (unsigned char s[32], const ge *a,
                         unsigned char t[32], const ge *b)
{
  fe zz, zi, x, y;

  _kc_fe51_mul (&zz, &a->Z, &b->Z);
  fe_inv (&zz, &zz, 0);                         /* 1 / (Za Zb) */
  _kc_fe51_mul (&zi, &zz, &b->Z);               /* 1 / Za */
  _kc_fe51_mul (&x, &a->X, &zi);
  _kc_fe51_mul (&y, &a->Y, &zi);
  _kc_fe51_tobytes (s, &y);
  s[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  _kc_fe51_mul (&zi, &zz, &a->Z);               /* 1 / Zb */
  _kc_fe51_mul (&x, &b->X, &zi);
  _kc_fe51_mul (&y, &b->Y, &zi);
  _kc_fe51_tobytes (t, &y);
  t[31] ^= (unsigned char) (_kc_fe51_isodd (&x) << 7);
  wipememory (&zz, sizeof zz);
  wipememory (&zi, sizeof zi);
  wipememory (&x, sizeof x);
  wipememory (&y, sizeof y);
}

void
_kc_ed25519_ge_to_montgomery (unsigned char u[32], const ge *a)
{
  fe n, d;

  _kc_fe51_add (&n, &a->Z, &a->Y);              /* Z (1 + y) */
  _kc_fe51_sub (&d, &a->Z, &a->Y);              /* Z (1 - y) */
  fe_inv (&d, &d, 0);
  _kc_fe51_mul (&n, &n, &d);
  _kc_fe51_tobytes (u, &n);
  wipememory (&n, sizeof n);
  wipememory (&d, sizeof d);
}

int
_kc_ed25519_noncanonical_y_var (const unsigned char s[32])
{
  int i;
  if ((s[31] & 0x7f) != 0x7f)
    return 0;
  for (i = 30; i > 0; i--)
    if (s[i] != 0xff)
      return 0;
  return s[0] >= 0xed;
}

int
_kc_ed25519_small_order_var (const unsigned char s[32])
{
  int k;
  for (k = 0; k < 5; k++)
    {
      const unsigned char *y = _kc_ed25519_small_y[k];
      if (!memcmp (s, y, 31) && (s[31] & 0x7f) == y[31])
        return 1;
    }
  return 0;
}

int
_kc_ed25519_ge_frombytes_var (ge *r, const unsigned char s[32])
{
  fe one, yy, u, v, v3, vxx, t;
  unsigned int sign = s[31] >> 7;

  if (_kc_ed25519_noncanonical_y_var (s))
    return 0;
  fe_one (&one);
  _kc_fe51_frombytes (&r->Y, s);
  fe_one (&r->Z);
  _kc_fe51_sq (&yy, &r->Y);
  _kc_fe51_sub (&u, &yy, &one);
  _kc_fe51_carry (&u, &u);                      /* u = y^2 - 1 */
  _kc_fe51_mul (&v, &yy, &_kc_ed25519_d);
  _kc_fe51_add (&v, &v, &one);
  _kc_fe51_carry (&v, &v);                      /* v = d y^2 + 1 */
  /* x = u v^3 (u v^7)^((p-5)/8) */
  _kc_fe51_sq (&v3, &v);
  _kc_fe51_mul (&v3, &v3, &v);
  _kc_fe51_sq (&t, &v3);
  _kc_fe51_mul (&t, &t, &v);
  _kc_fe51_mul (&t, &t, &u);                    /* u v^7 */
  _kc_fe51_pow22523 (&t, &t);
  _kc_fe51_mul (&t, &t, &v3);
  _kc_fe51_mul (&r->X, &t, &u);
  _kc_fe51_sq (&vxx, &r->X);
  _kc_fe51_mul (&vxx, &vxx, &v);
  _kc_fe51_sub (&t, &vxx, &u);
  if (!_kc_fe51_iszero (&t))
    {
      _kc_fe51_add (&t, &vxx, &u);
      if (!_kc_fe51_iszero (&t))
        return 0;                               /* not on the curve */
      _kc_fe51_mul (&r->X, &r->X, &_kc_ed25519_sqrtm1);
    }
  if (_kc_fe51_iszero (&r->X) && sign)
    return 0;                                   /* "-0" */
  if (_kc_fe51_isodd (&r->X) != sign)
    {
      _kc_fe51_neg (&r->X, &r->X);
      _kc_fe51_carry (&r->X, &r->X);
    }
  _kc_fe51_mul (&r->T, &r->X, &r->Y);
  return 1;
}

/* ------------------------------------------------------------ the comb */

/* T = B256[POS] times the signed digit D in [-8, 8], constant time: every
 * entry read, the sign applied by a conditional move */
static void
comb_select (niels *t, int pos, signed char d)
{
  const niels *row = _kc_ed25519_comb[pos];
  uint64_t neg = (uint64_t) (unsigned char) d >> 7;
  uint64_t mask = ct_mask_from_flag_u64 (neg);
  /* |d| in two's complement, without a shift of a negative value */
  uint64_t abs = (((uint64_t) (int64_t) d ^ mask) - mask) & 0xff;
  niels m;
  int k;

  fe_one (&t->ypx);
  fe_one (&t->ymx);
  memset (&t->xy2d, 0, sizeof t->xy2d);
  for (k = 0; k < 8; k++)
    ct_cmov_u64 ((uint64_t *) t, (const uint64_t *) &row[k],
                 sizeof *t / sizeof (uint64_t), ct_eq_u64 (abs, k + 1));
  m.ypx = t->ymx;
  m.ymx = t->ypx;
  _kc_fe51_neg (&m.xy2d, &t->xy2d);             /* < 2^54: a product input */
  ct_cmov_u64 ((uint64_t *) t, (const uint64_t *) &m,
               sizeof *t / sizeof (uint64_t), neg);
  wipememory (&m, sizeof m);
}

void
_kc_ed25519_ge_scalarmult_base (ge *r, const unsigned char a[32])
{
  signed char e[64];
  signed char carry = 0;
  niels t;
  p1p1 s;
  p2 q;
  int i;

  KC_VERIFY_CHECK (a[31] <= 127);
  for (i = 0; i < 32; i++)
    {
      e[2 * i] = (signed char) (a[i] & 15);
      e[2 * i + 1] = (signed char) (a[i] >> 4);
    }
  /* digits in [-8, 8): e[i] in [0, 15], plus a carry of 0 or 1 */
  for (i = 0; i < 63; i++)
    {
      e[i] = (signed char) (e[i] + carry);
      carry = (signed char) ((e[i] + 8) >> 4);
      e[i] = (signed char) (e[i] - (carry << 4));
    }
  e[63] = (signed char) (e[63] + carry);        /* at most 8 */

  _kc_ed25519_ge_identity (r);
  for (i = 1; i < 64; i += 2)
    {
      comb_select (&t, i / 2, e[i]);
      madd (&s, r, &t, 0);
      to_p3 (r, &s);
    }
  dbl_p3 (&s, r);
  to_p2 (&q, &s);
  dbl_p2 (&s, &q);
  to_p2 (&q, &s);
  dbl_p2 (&s, &q);
  to_p2 (&q, &s);
  dbl_p2 (&s, &q);
  to_p3 (r, &s);
  for (i = 0; i < 64; i += 2)
    {
      comb_select (&t, i / 2, e[i]);
      madd (&s, r, &t, 0);
      to_p3 (r, &s);
    }
  wipememory (e, sizeof e);
  wipememory (&t, sizeof t);
  wipememory (&s, sizeof s);
  wipememory (&q, sizeof q);
}

/* ------------------------------------------------ variable-time wNAF */

/* NAF[0..256] = the width-W NAF of S (< 2^253): digits 0 or odd in
 * (-2^(W-1), 2^(W-1)), sum NAF[i] 2^i = S.  Returns the top digit's
 * index plus one (0 for S = 0). */
static int
wnaf_var (signed char naf[257], const sc *s, int w)
{
  int bit = 0, carry = 0, top = 0, now;
  uint64_t word;

  memset (naf, 0, 257);
  while (bit < 257)
    {
      unsigned int b = bit < 256 ? (unsigned int) (s->v[bit / 64]
                                                   >> (bit % 64)) & 1 : 0;
      if ((int) b == carry)
        {
          bit++;
          continue;
        }
      now = w;
      if (now > 256 - bit)
        now = 256 - bit;
      if (now <= 0)
        word = 0;
      else
        {
          word = s->v[bit / 64] >> (bit % 64);
          if (bit % 64 + now > 64 && bit / 64 < 3)
            word |= s->v[bit / 64 + 1] << (64 - bit % 64);
          word &= ((uint64_t) 1 << now) - 1;
        }
      word += (uint64_t) carry;
      carry = (int) ((word >> (w - 1)) & 1);
      naf[bit] = (signed char) ((int64_t) word - ((int64_t) carry << w));
      top = bit + 1;
      bit += now > 0 ? now : 1;
    }
  return top;
}

/* TAB[i] = (2 i + 1) P, i < N */
static void
odd_multiples (cached *tab, const ge *p, int n)
{
  ge p2x, q;
  p1p1 t;
  int i;

  _kc_ed25519_ge_dbl (&p2x, p);
  to_cached (&tab[0], p);
  q = *p;
  for (i = 1; i < n; i++)
    {
      add_cached (&t, &p2x, &tab[i - 1], 0);
      to_p3 (&q, &t);
      to_cached (&tab[i], &q);
    }
}

void
_kc_ed25519_ge_double_scalarmult_var (ge *r, const sc *a, const ge *p,
                                      const sc *b)
{
  signed char na[257], nb[257];
  cached tab[8];
  p1p1 t;
  p2 q;
  ge u;
  int i, top;

  i = wnaf_var (na, a, 5);
  top = wnaf_var (nb, b, 8);
  if (i > top)
    top = i;
  odd_multiples (tab, p, 8);
  _kc_ed25519_ge_identity (r);
  if (top == 0)
    return;
  memset (&q, 0, sizeof q);
  fe_one (&q.Y);
  fe_one (&q.Z);
  for (i = top - 1; i >= 0; i--)
    {
      dbl_p2 (&t, &q);
      if (na[i])
        {
          to_p3 (&u, &t);
          add_cached (&t, &u, &tab[(na[i] < 0 ? -na[i] : na[i]) / 2],
                      na[i] < 0);
        }
      if (nb[i])
        {
          to_p3 (&u, &t);
          madd (&t, &u, &_kc_ed25519_odd[(nb[i] < 0 ? -nb[i] : nb[i]) / 2],
                nb[i] < 0);
        }
      if (i == 0)
        to_p3 (r, &t);
      else
        to_p2 (&q, &t);
    }
}

void
_kc_ed25519_msm_var (ge *r, const sc *g, const ge *const *pl, const sc *sl,
                     const ge *const *ps, const sc *ss, size_t n)
{
  signed char naf[2 * KC_ED25519_MSM_PAIRS][257], ng[257];
  cached tab[KC_ED25519_MSM_PAIRS * (8 + 4)], *tj[2 * KC_ED25519_MSM_PAIRS];
  p1p1 t;
  p2 q;
  ge u;
  int i, top, k;
  size_t j, m = 2 * n, used = 0;

  KC_VERIFY_CHECK (n <= KC_ED25519_MSM_PAIRS);
  top = wnaf_var (ng, g, 8);
  for (j = 0; j < m; j++)
    {
      int w = j < n ? 5 : 4;        /* the second half's scalars: 128 bits */
      k = wnaf_var (naf[j], j < n ? &sl[j] : &ss[j - n], w);
      if (k > top)
        top = k;
      tj[j] = tab + used;
      odd_multiples (tj[j], j < n ? pl[j] : ps[j - n], 1 << (w - 2));
      used += (size_t) 1 << (w - 2);
    }
  _kc_ed25519_ge_identity (r);
  if (top == 0)
    return;
  memset (&q, 0, sizeof q);
  fe_one (&q.Y);
  fe_one (&q.Z);
  for (i = top - 1; i >= 0; i--)
    {
      dbl_p2 (&t, &q);
      for (j = 0; j < m; j++)
        if (naf[j][i])
          {
            int d = naf[j][i];
            to_p3 (&u, &t);
            add_cached (&t, &u, &tj[j][(d < 0 ? -d : d) / 2], d < 0);
          }
      if (ng[i])
        {
          to_p3 (&u, &t);
          madd (&t, &u, &_kc_ed25519_odd[(ng[i] < 0 ? -ng[i] : ng[i]) / 2],
                ng[i] < 0);
        }
      if (i == 0)
        to_p3 (r, &t);
      else
        to_p2 (&q, &t);
    }
}
