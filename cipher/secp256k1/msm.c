/* secp256k1/msm.c - Strauss and Pippenger multi-scalar multiplication
 * (design and contracts in secp256k1/msm.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/msm.h"

typedef _kc_secp256k1_fe fe;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;
typedef _kc_secp256k1_scalar scalar;

#define TAB KC_ECMULT_TABLE_A_SIZE

/* wnaf8's digits, below 2^(W-1) in absolute value, fit a signed char. */
typedef char msm_w_fits_a_byte[KC_MSM_STRAUSS_W <= 8 ? 1 : -1];

/* E = sign * (|D| entry of the odd-multiples table T), times lambda when
 * LAM: the point a NAF digit D (odd, != 0) adds. */
static void
digit_point (ge *e, const ge *t, int d, int neg, int lam)
{
  *e = t[(d < 0 ? -d : d) >> 1];
  if (lam)
    _kc_secp256k1_fe_mul (&e->x, &e->x, &_kc_secp256k1_fe_beta);
  if ((d < 0) ^ neg)
    _kc_secp256k1_ge_neg (e, e);
}

/* NG*G's two halves in width-14 NAF against the static table. */
/* The digits of a width-W NAF (W <= 15: |digit| < 2^14) in DIG[], two
 * bytes each (the int recoding would take twice the stack); returns the
 * length. */
static int
wnaf16 (int16_t *dig, const scalar *s, int w)
{
  int d[KC_WNAF_LEN], len, i;

  len = _kc_secp256k1_wnaf_var (d, s, w);
  for (i = 0; i < len; i++)
    dig[i] = (int16_t) d[i];
  return len;
}

struct gpart
{
  int16_t wn[2][KC_WNAF_LEN];
  int len[2], neg[2];
};

static void
gpart_init (struct gpart *g, const scalar *ng)
{
  scalar k[2];
  g->len[0] = g->len[1] = 0;
  if (!ng || _kc_secp256k1_scalar_is_zero (ng))
    return;
  _kc_secp256k1_split_small_var (&k[0], &k[1], g->neg, ng);
  g->len[0] = wnaf16 (g->wn[0], &k[0], KC_ECMULT_WINDOW_G);
  g->len[1] = wnaf16 (g->wn[1], &k[1], KC_ECMULT_WINDOW_G);
}

static void
gpart_add (gej *r, const struct gpart *g, int bit)
{
  int h, d;
  ge e;
  for (h = 0; h < 2; h++)
    if (bit < g->len[h] && (d = g->wn[h][bit]) != 0)
      {
        _kc_secp256k1_ge_from_storage
          (&e, &_kc_secp256k1_g_odd_table[(d < 0 ? -d : d) >> 1]);
        if (h)
          _kc_secp256k1_fe_mul (&e.x, &e.x, &_kc_secp256k1_fe_beta);
        if ((d < 0) ^ g->neg[h])
          _kc_secp256k1_ge_neg (&e, &e);
        _kc_secp256k1_gej_add_ge_var (r, r, &e);
      }
}

/* ------------------------------------------------------------ Strauss */

/* The same in one byte a digit, for the points' width
 * KC_MSM_STRAUSS_W. */
static int
wnaf8 (signed char *dig, const scalar *s)
{
  int d[KC_WNAF_LEN], len, i;

  len = _kc_secp256k1_wnaf_var (d, s, KC_MSM_STRAUSS_W);
  for (i = 0; i < len; i++)
    dig[i] = (signed char) d[i];
  return len;
}

/* R = NG*G + sum SC[i]*PTS[i] for N <= KC_MSM_STRAUSS_GROUP, one chain
 * of doublings. */
static void
strauss_group_var (gej *r, const scalar *ng, const ge *pts, const scalar *sc,
                   size_t n)
{
  ge tab[KC_MSM_STRAUSS_GROUP][TAB];
  signed char wn[KC_MSM_STRAUSS_GROUP][2][KC_WNAF_LEN];
  int len[KC_MSM_STRAUSS_GROUP][2], neg[KC_MSM_STRAUSS_GROUP][2];
  fe zt[KC_MSM_STRAUSS_GROUP], pre[KC_MSM_STRAUSS_GROUP], inv, zi, zi2, zi3;
  struct gpart g;
  scalar k1, k2;
  gej aj;
  ge e;
  size_t i, m = 0;
  int bit, maxlen, h, j;

  gpart_init (&g, ng);
  maxlen = g.len[0] > g.len[1] ? g.len[0] : g.len[1];
  /* the points with a non-zero scalar, their tables on scaled curves */
  for (i = 0; i < n; i++)
    {
      if (_kc_secp256k1_scalar_is_zero (&sc[i]))
        continue;
      _kc_secp256k1_split_small_var (&k1, &k2, neg[m], &sc[i]);
      len[m][0] = wnaf8 (wn[m][0], &k1);
      len[m][1] = wnaf8 (wn[m][1], &k2);
      for (h = 0; h < 2; h++)
        if (len[m][h] > maxlen)
          maxlen = len[m][h];
      _kc_secp256k1_gej_set_ge (&aj, &pts[i]);
      _kc_secp256k1_ecmult_table_a_var (tab[m], &zt[m], &aj);
      m++;
    }
  /* 1/ZT of every table by one inversion: PRE[k] = ZT[0] .. ZT[k] */
  if (m)
    {
      pre[0] = zt[0];
      for (i = 1; i < m; i++)
        _kc_secp256k1_fe_mul (&pre[i], &pre[i - 1], &zt[i]);
      _kc_secp256k1_fe_inv_var (&inv, &pre[m - 1]);
      for (i = m; i-- > 0;)
        {
          if (i)
            {
              _kc_secp256k1_fe_mul (&zi, &inv, &pre[i - 1]);
              _kc_secp256k1_fe_mul (&inv, &inv, &zt[i]);
            }
          else
            zi = inv;
          _kc_secp256k1_fe_sqr (&zi2, &zi);
          _kc_secp256k1_fe_mul (&zi3, &zi2, &zi);
          for (j = 0; j < TAB; j++)
            {
              _kc_secp256k1_fe_mul (&tab[i][j].x, &tab[i][j].x, &zi2);
              _kc_secp256k1_fe_mul (&tab[i][j].y, &tab[i][j].y, &zi3);
            }
        }
    }
  _kc_secp256k1_gej_set_infinity (r);
  for (bit = maxlen - 1; bit >= 0; bit--)
    {
      _kc_secp256k1_gej_double_var (r, r);
      for (i = 0; i < m; i++)
        for (h = 0; h < 2; h++)
          {
            int d;
            if (bit < len[i][h] && (d = wn[i][h][bit]) != 0)
              {
                digit_point (&e, tab[i], d, neg[i][h], h);
                _kc_secp256k1_gej_add_ge_var (r, r, &e);
              }
          }
      gpart_add (r, &g, bit);
    }
}

void
_kc_secp256k1_msm_strauss_var (gej *r, const scalar *ng, const ge *pts,
                               const scalar *sc, size_t n)
{
  gej part;
  size_t i, k;

  strauss_group_var (r, ng, pts, sc,
                     n < KC_MSM_STRAUSS_GROUP ? n : KC_MSM_STRAUSS_GROUP);
  for (i = KC_MSM_STRAUSS_GROUP; i < n; i += k)
    {
      k = n - i < KC_MSM_STRAUSS_GROUP ? n - i : KC_MSM_STRAUSS_GROUP;
      strauss_group_var (&part, NULL, pts + i, sc + i, k);
      _kc_secp256k1_gej_add_var (r, r, &part);
    }
}

/* ---------------------------------------------------------- Pippenger */

#define PIPP_C_MIN 2
#define PIPP_C_MAX 6
/* the halves are below 2^128; the digits cover 131 bits: the half plus
 * the offset sum_j 2^(C-1) 2^(jC) stays below 2^(C * windows) */
#define PIPP_BITS 131

static int
pipp_windows (int c)
{
  return (PIPP_BITS + c - 1) / c;
}

/* The window width for M terms: the fewest field multiplications, with
 * a mixed addition 11, a full one 16 and a doubling 7 (M and S alike). */
static int
pipp_width (size_t m)
{
  int c, best = PIPP_C_MIN;
  uint64_t cost, best_cost = ~(uint64_t) 0;
  for (c = PIPP_C_MIN; c <= PIPP_C_MAX; c++)
    {
      uint64_t w = (uint64_t) pipp_windows (c);
      cost = w * ((uint64_t) m * 11 + ((uint64_t) 1 << (c - 1)) * 2 * 16
                  + (uint64_t) c * 7);
      if (cost < best_cost)
        {
          best_cost = cost;
          best = c;
        }
    }
  return best;
}

/* R = K + the digit offset of width C, as a plain 256-bit integer (K is
 * below 2^129, the sum below 2^PIPP_BITS + 2^(C-1)). */
static void
pipp_offset (scalar *r, const scalar *k, int c)
{
  uint64_t off[4] = { 0, 0, 0, 0 }, carry = 0;
  int j, nw = pipp_windows (c), i;
  for (j = 0; j < nw; j++)
    {
      int bit = j * c + c - 1;
      off[bit >> 6] |= (uint64_t) 1 << (bit & 63);
    }
  for (i = 0; i < 4; i++)
    {
      uint64_t s = k->d[i] + carry;
      uint64_t c1 = s < carry;
      r->d[i] = s + off[i];
      carry = c1 + (r->d[i] < s);
    }
}

/* One term: a half of a point's scalar plus the offset, which point
 * (index, times lambda) and the sign. */
struct term
{
  scalar k;
  unsigned short idx;
  unsigned char lam, neg;
};

/* R = sum SC[i]*PTS[i]: the terms and buckets, in a frame of its own
 * that has returned before NG*G's (whose tables would add to it). */
static KC_NOINLINE void
pippenger_points_var (gej *r, const ge *pts, const scalar *sc, size_t n)
{
  struct term t[2 * KC_MSM_MAX_POINTS];
  gej bucket[1 << (PIPP_C_MAX - 1)], run, sum;
  scalar k[2];
  ge e;
  size_t i, m = 0;
  int c, nb, nw, j, b, top, h, neg[2];

  for (i = 0; i < n; i++)
    {
      if (_kc_secp256k1_scalar_is_zero (&sc[i]))
        continue;
      _kc_secp256k1_split_small_var (&k[0], &k[1], neg, &sc[i]);
      for (h = 0; h < 2; h++)
        if (!_kc_secp256k1_scalar_is_zero (&k[h]))
          {
            t[m].k = k[h];
            t[m].idx = (unsigned short) i;
            t[m].lam = (unsigned char) h;
            t[m].neg = (unsigned char) neg[h];
            m++;
          }
    }
  c = pipp_width (m);
  nb = 1 << (c - 1);
  nw = pipp_windows (c);
  for (i = 0; i < m; i++)
    pipp_offset (&t[i].k, &t[i].k, c);
  _kc_secp256k1_gej_set_infinity (r);
  for (j = nw - 1; j >= 0; j--)
    {
      if (!r->infinity)
        for (b = 0; b < c; b++)
          _kc_secp256k1_gej_double_var (r, r);
      for (b = 0; b < nb; b++)
        _kc_secp256k1_gej_set_infinity (&bucket[b]);
      top = -1;
      for (i = 0; i < m; i++)
        {
          int d = (int) _kc_secp256k1_scalar_get_bits (&t[i].k,
                                                      (unsigned int) (j * c),
                                                      (unsigned int) c) - nb;
          int a;
          if (!d)
            continue;
          a = (d < 0 ? -d : d) - 1;
          e = pts[t[i].idx];
          if (t[i].lam)
            _kc_secp256k1_fe_mul (&e.x, &e.x, &_kc_secp256k1_fe_beta);
          if ((d < 0) ^ t[i].neg)
            _kc_secp256k1_ge_neg (&e, &e);
          _kc_secp256k1_gej_add_ge_var (&bucket[a], &bucket[a], &e);
          if (a > top)
            top = a;
        }
      /* sum over b of (b + 1) * bucket[b] */
      _kc_secp256k1_gej_set_infinity (&run);
      _kc_secp256k1_gej_set_infinity (&sum);
      for (b = top; b >= 0; b--)
        {
          if (!bucket[b].infinity)
            _kc_secp256k1_gej_add_var (&run, &run, &bucket[b]);
          _kc_secp256k1_gej_add_var (&sum, &sum, &run);
        }
      _kc_secp256k1_gej_add_var (r, r, &sum);
    }
}

void
_kc_secp256k1_msm_pippenger_var (gej *r, const scalar *ng, const ge *pts,
                                 const scalar *sc, size_t n)
{
  gej gp, inf;

  pippenger_points_var (r, pts, sc, n);
  if (ng && !_kc_secp256k1_scalar_is_zero (ng))
    {
      _kc_secp256k1_gej_set_infinity (&inf);        /* NA*A = 0 */
      _kc_secp256k1_ecmult_var (&gp, &inf, ng, ng);
      _kc_secp256k1_gej_add_var (r, r, &gp);
    }
}

void
_kc_secp256k1_msm_var (gej *r, const scalar *ng, const ge *pts,
                       const scalar *sc, size_t n)
{
  if (n < KC_MSM_PIPPENGER_MIN)
    _kc_secp256k1_msm_strauss_var (r, ng, pts, sc, n);
  else
    _kc_secp256k1_msm_pippenger_var (r, ng, pts, sc, n);
}
