/* mpi.c - signed big integers: the public kc_mpi_* API (see mpi.h for
 * the object, the error rules and the edge cases).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every operation computes into a fresh limb buffer and then hands that
 * buffer to the result object, so any output may alias any input.
 */
#include "kcrypt-int.h"
#include <stdlib.h>
#include "mpi.h"
#include "limb.h"
#include "mont.h"

/* ------------------------------------------------------------ memory */

static _kc_limb_t *
limbs_alloc (size_t n)
{
  _kc_limb_t *p;
  p = calloc (n ? n : 1, sizeof *p);
  if (!p)
    _kc_fatal ("kc_mpi: out of memory");
  return p;
}

static void
limbs_free (_kc_limb_t *p, size_t n)
{
  if (p)
    {
      wipememory (p, (n ? n : 1) * sizeof *p);
      free (p);
    }
}

/* Give W the buffer BUF (ALLOC limbs) holding a value of N limbs (high
 * zero limbs allowed) and sign SIGN; W's old buffer is freed. */
static void
mpi_take (kc_mpi_t w, _kc_limb_t *buf, size_t alloc, size_t n, int sign)
{
  n = _kc_mpih_normalize_var (buf, n);
  if (n > KC_MPI_MAX_LIMBS)
    _kc_fatal ("kc_mpi: number too large");
  limbs_free (w->limbs, w->alloc);
  w->limbs = buf;
  w->alloc = (unsigned int) (alloc ? alloc : 1);
  w->nlimbs = (unsigned int) n;
  w->sign = n ? !!sign : 0;
}

/* W = the N-limb magnitude at SRC with sign SIGN; SRC may be W's limbs.
 * W keeps its buffer when the value fits (no allocation). */
static void
mpi_set_limbs (kc_mpi_t w, const _kc_limb_t *src, size_t n, int sign)
{
  _kc_limb_t *buf;
  n = _kc_mpih_normalize_var (src, n);
  if (n <= w->alloc)
    {
      if (n && w->limbs != src)
        memmove (w->limbs, src, n * sizeof *src);
      w->nlimbs = (unsigned int) n;
      w->sign = n ? !!sign : 0;
      return;
    }
  buf = limbs_alloc (n);
  if (n)
    memcpy (buf, src, n * sizeof *buf);
  mpi_take (w, buf, n, n, sign);
}

kc_mpi_t
kc_mpi_new (unsigned int nbits)
{
  kc_mpi_t a = calloc (1, sizeof *a);
  size_t n = ((size_t) nbits + KC_LIMB_BITS - 1) / KC_LIMB_BITS;
  if (!a)
    _kc_fatal ("kc_mpi: out of memory");
  a->limbs = limbs_alloc (n);
  a->alloc = (unsigned int) (n ? n : 1);
  return a;
}

void
kc_mpi_release (kc_mpi_t a)
{
  if (!a)
    return;
  limbs_free (a->limbs, a->alloc);
  wipememory (a, sizeof *a);
  free (a);
}

kc_mpi_t
kc_mpi_set_ui (kc_mpi_t w, unsigned long u)
{
  _kc_limb_t l = u;
  if (!w)
    w = kc_mpi_new (KC_LIMB_BITS);
  /* alloc >= 1 always holds. */
  w->limbs[0] = l;
  w->nlimbs = l != 0;
  w->sign = 0;
  return w;
}

unsigned int
kc_mpi_get_nbits (kc_mpi_t a)
{
  if (!a || !a->nlimbs)
    return 0;
  return a->nlimbs * KC_LIMB_BITS
         - _kc_mpih_clz (a->limbs[a->nlimbs - 1]);
}

/* ------------------------------------------------------------ compare */

/* Compare magnitudes. */
static int
cmp_mag (const _kc_limb_t *a, size_t an, const _kc_limb_t *b, size_t bn)
{
  if (an != bn)
    return an > bn ? 1 : -1;
  return _kc_mpih_cmp_var (a, b, an);
}

int
kc_mpi_cmp (kc_mpi_t u, kc_mpi_t v)
{
  int c;
  if (!u || !v)
    return (u != NULL) - (v != NULL);
  if (u->sign != v->sign)
    return u->sign ? -1 : 1;
  c = cmp_mag (u->limbs, u->nlimbs, v->limbs, v->nlimbs);
  return u->sign ? -c : c;
}

/* ------------------------------------------------------- add, sub, mul */

/* W = U + (-1)^FLIP V. */
static void
add_signed (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v, int flip)
{
  int us = u->sign, vs = v->sign ^ flip;
  size_t un = u->nlimbs, vn = v->nlimbs;
  const _kc_limb_t *up = u->limbs, *vp = v->limbs;
  _kc_limb_t *buf;
  size_t n;

  if (un < vn)
    {
      const _kc_limb_t *tp = up;
      size_t tn = un;
      int ts = us;
      up = vp; un = vn; us = vs;
      vp = tp; vn = tn; vs = ts;
    }
  /* now un >= vn */
  n = un + 1;
  buf = limbs_alloc (n);
  if (us == vs)
    {
      buf[un] = _kc_mpih_add (buf, up, un, vp, vn);
      mpi_take (w, buf, n, n, us);
    }
  else if (un > vn || _kc_mpih_cmp_var (up, vp, un) >= 0)
    {
      _kc_mpih_sub (buf, up, un, vp, vn);
      mpi_take (w, buf, n, un, us);
    }
  else
    {
      /* un == vn and |v| > |u| */
      _kc_mpih_sub_n (buf, vp, up, un);
      mpi_take (w, buf, n, un, vs);
    }
}

void
kc_mpi_add (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v)
{
  if (!w || !u || !v)
    return;
  add_signed (w, u, v, 0);
}

void
kc_mpi_sub (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v)
{
  if (!w || !u || !v)
    return;
  add_signed (w, u, v, 1);
}

#define MUL_STACK_LIMBS _kc_mpih_mul_itch (64)

/* R[0..AN+BN) = |A| |B| (any sizes >= 1, R fresh). */
static void
mul_mag (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
         const _kc_limb_t *b, size_t bn)
{
  _kc_limb_t stackbuf[MUL_STACK_LIMBS], *tmp;
  size_t need;
  if (an < bn)
    {
      const _kc_limb_t *t = a;
      size_t tn = an;
      a = b; an = bn;
      b = t; bn = tn;
    }
  if (a == b && an == bn)
    {
      if (an < _kc_mpih_karatsuba_min (1))
        {
          _kc_mpih_sqr_basecase (r, a, an);
          return;
        }
    }
  else if (bn < _kc_mpih_karatsuba_min (0))
    {
      _kc_mpih_mul_basecase (r, a, an, b, bn);
      return;
    }
  /* Karatsuba's scratch: on the stack up to 4096-bit operands (a 2048-bit
   * product spent a quarter of its time zeroing, wiping and freeing a
   * heap one) */
  need = _kc_mpih_mul_itch (an);
  tmp = need <= MUL_STACK_LIMBS ? stackbuf : limbs_alloc (need);
  if (a == b && an == bn)
    _kc_mpih_sqr (r, a, an, tmp);
  else
    _kc_mpih_mul (r, a, an, b, bn, tmp);
  if (tmp == stackbuf)
    wipememory (stackbuf, need * sizeof *stackbuf);
  else
    limbs_free (tmp, need);
}

void
kc_mpi_mul (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v)
{
  size_t n;
  _kc_limb_t *buf;
  if (!w || !u || !v)
    return;
  if (!u->nlimbs || !v->nlimbs)
    {
      kc_mpi_set_ui (w, 0);
      return;
    }
  n = (size_t) u->nlimbs + v->nlimbs;
  if (w != u && w != v && w->alloc >= n)
    {
      /* straight into W's buffer: no allocation */
      int sign = u->sign ^ v->sign;
      mul_mag (w->limbs, u->limbs, u->nlimbs, v->limbs, v->nlimbs);
      n = _kc_mpih_normalize_var (w->limbs, n);
      w->nlimbs = (unsigned int) n;
      w->sign = n ? sign : 0;
      return;
    }
  buf = limbs_alloc (n);
  mul_mag (buf, u->limbs, u->nlimbs, v->limbs, v->nlimbs);
  mpi_take (w, buf, n, n, u->sign ^ v->sign);
}

/* ------------------------------------------------------------ division */

/* Truncating division of magnitudes: R[0..DN) = A mod D and, if Q is not
 * NULL, Q[0..AN-DN+1) = A / D (Q needs that room, AN >= DN).  D[DN-1]
 * != 0.  R and Q are fresh buffers (no overlap with A, D).  SCRATCH:
 * divmod_itch (AN, DN) limbs. */
#define divmod_itch(an, dn) ((an) + 1 + (dn))
static void
divmod_mag_scratch (_kc_limb_t *q, _kc_limb_t *r, const _kc_limb_t *a,
                    size_t an, const _kc_limb_t *d, size_t dn,
                    _kc_limb_t *scratch)
{
  unsigned int s;
  _kc_limb_t *np = scratch, *dnorm = scratch + an + 1;

  if (an < dn)
    {
      memcpy (r, a, an * sizeof *r);
      memset (r + an, 0, (dn - an) * sizeof *r);
      return;
    }
  if (dn == 1)
    {
      r[0] = _kc_mpih_divrem_1_var (q, a, an, d[0]);
      return;
    }
  s = _kc_mpih_clz (d[dn - 1]);
  _kc_mpih_lshift (dnorm, d, dn, s);
  np[an] = _kc_mpih_lshift (np, a, an, s);
  _kc_mpih_divrem_var (q, np, an, dnorm, dn);
  _kc_mpih_rshift (r, np, dn, s);
}

static void
divmod_mag (_kc_limb_t *q, _kc_limb_t *r, const _kc_limb_t *a, size_t an,
            const _kc_limb_t *d, size_t dn)
{
  size_t k = divmod_itch (an, dn);
  _kc_limb_t *scratch = limbs_alloc (k);
  divmod_mag_scratch (q, r, a, an, d, dn, scratch);
  limbs_free (scratch, k);
}

/* W = U rem V (truncating: the sign of U), V != 0. */
static void
tdiv_r (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v)
{
  size_t dn = v->nlimbs;
  _kc_limb_t *r = limbs_alloc (dn);
  divmod_mag (NULL, r, u->limbs, u->nlimbs, v->limbs, dn);
  mpi_take (w, r, dn, dn, u->sign);
}

/* W = U mod V, floor rule (sign of V), V != 0. */
static void
fdiv_r (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v)
{
  int vs = v->sign, us = u->sign;
  kc_mpi_t vcopy = NULL;
  if (w == v)
    {
      vcopy = kc_mpi_new (0);
      mpi_set_limbs (vcopy, v->limbs, v->nlimbs, v->sign);
      v = vcopy;
    }
  tdiv_r (w, u, v);
  if (w->nlimbs && us != vs)
    add_signed (w, w, v, 0);
  kc_mpi_release (vcopy);
}

void
kc_mpi_mod (kc_mpi_t r, kc_mpi_t dividend, kc_mpi_t divisor)
{
  if (!r || !dividend || !divisor)
    return;
  if (!divisor->nlimbs)
    {
      kc_mpi_set_ui (r, 0);
      return;
    }
  fdiv_r (r, dividend, divisor);
}

/* One scratch area for the product, the division and the remainder, on
 * the stack up to this many limbs (4 KiB; operands of up to about 1,300
 * bits each way beyond 2048-bit moduli go to the heap). */
#define MULM_STACK_LIMBS 512

void
kc_mpi_mulm (kc_mpi_t w, kc_mpi_t u, kc_mpi_t v, kc_mpi_t m)
{
  _kc_limb_t stackbuf[MULM_STACK_LIMBS], *buf, *prod, *rem;
  size_t un, vn, n, pn, need;

  if (!w || !u || !v || !m)
    return;
  n = m->nlimbs;
  un = u->nlimbs;
  vn = v->nlimbs;
  if (!n || !un || !vn)
    {
      kc_mpi_set_ui (w, 0);
      return;
    }
  pn = un + vn;
  /* product, remainder, division scratch */
  need = pn + n + divmod_itch (pn, n);
  buf = need <= MULM_STACK_LIMBS ? stackbuf : limbs_alloc (need);
  prod = buf;
  rem = buf + pn;
  mul_mag (prod, u->limbs, un, v->limbs, vn);
  divmod_mag_scratch (NULL, rem, prod, pn, m->limbs, n, rem + n);
  /* every input has been read: W may be any of them */
  mpi_set_limbs (w, rem, pn < n ? pn : n, u->sign ^ v->sign);
  if (buf == stackbuf)
    wipememory (stackbuf, need * sizeof *stackbuf);
  else
    limbs_free (buf, need);
}

/* ------------------------------------------------------------ inverse */

/* ---- Lehmer's extended Euclid (any |M| >= 2, variable time)
 *
 * State: two remainders r0, r1 and unsigned cofactors u0, u1 with
 * r_i = s_i u_i A (mod M), s_1 = -s_0, and M = u0 r1 + u1 r0 (so every
 * cofactor is at most M: n limbs).  Start r0 = M, u0 = 0, r1 = A, u1 = 1.
 * A step replaces (r0, r1) by (r0', r1') with (r0; r1) = T (r0'; r1')
 * for a matrix T = [[t00, t01], [t10, t11]] of non-negative 64-bit
 * entries and determinant 1; then u0' = t11 u0 + t01 u1 and u1' = t00 u1
 * + t10 u0 (additions only, the signs s_i stay).  Swapping the two slots
 * flips s_0.
 *
 * T is the product of Euclid's quotients on A, B, the top 128 bits of
 * r0 >= r1 (r_i = 2^k A_i + l_i, l_i < 2^k), as far as they are valid
 * for the full numbers: with (alpha; beta) = T^-1 (A; B), r0' = 2^k alpha
 * + t11 l0 - t01 l1 > 2^k (alpha - t01) and r1' > 2^k (beta - t10), so
 * alpha >= t01 and beta >= t10 make both positive.  From A = t00 alpha +
 * t01 beta and B = t10 alpha + t11 beta, t_i1 <= A / beta and t_i0 <= A /
 * alpha: alpha beta >= 2^128 is enough, and it also keeps the entries
 * below 2^64.  Phase 1 (both above 2^96) works on the exact 128-bit
 * remainders and accepts a quotient while both stay >= 2^64; phase 2
 * continues on their top 64 bits x, y (alpha = 2^32 x + xl, xl < 2^32),
 * accepting while x, y >= 2^33: then the entries of phase 2's own matrix
 * T2 are below 2^64 / 2^33, the exact remainders exceed 2^32 (3/4) x and
 * 2^32 (3/4) y, and their product 2^128.  That is GMP's hgcd2 stopping
 * rule, derived here for this condition; a step removes about 63 bits.
 * When no quotient passes (a huge one), one division on the full
 * numbers; once r0 fits a limb, plain Euclid to the end. */

/* Test hook (t-mpi): S in 1..32 lowers both thresholds S bits (to
 * 2^(64-S) and 2^(33-S): 32 is the naive "take the top bits' quotients
 * while they fit"), and makes every step check the invariants, returning
 * -1 from the inverse when one breaks.  0 (the default) outside the
 * test. */
unsigned int _kc_invm_lehmer_slack;

typedef struct
{
  uint64_t t00, t01, t10, t11;
} invm_mat;

#if defined(__GNUC__) || defined(__clang__)
# define INVM_INLINE static inline __attribute__ ((always_inline))
#else
# define INVM_INLINE static inline
#endif

/* 128-bit (h, l) less than (bh, bl). */
INVM_INLINE int
lt128 (uint64_t h, uint64_t l, uint64_t bh, uint64_t bl)
{
  return h < bh || (h == bh && l < bl);
}

/* (h, l) -= (bh, bl), no borrow out (the caller knows h:l >= bh:bl). */
INVM_INLINE void
sub128 (uint64_t *h, uint64_t *l, uint64_t bh, uint64_t bl)
{
  uint64_t br;
  *l = _kc_subb64 (&br, *l, bl, 0);
  *h = *h - bh - br;
}

/* The rest of a quotient: X >= Y > 0 after one subtraction of Y; returns
 * q - 1 (so q = 1 + the result) and X mod Y in (XH, XL), or 0 when q >=
 * 2^64 - 1 (XH, XL then garbage; only the naive hook's phase 1 has
 * Y < 2^64). */
static uint64_t
quot128_var (uint64_t *xh, uint64_t *xl, uint64_t yh, uint64_t yl)
{
  uint64_t h = *xh, l = *xl, q, r, ph, pl, th, tl;
  unsigned int s;

  if (!yh)
    {
      if (h >= yl)
        return 0;
      q = _kc_udiv128_var (&r, h, l, yl);
      if (q == ~(uint64_t) 0)
        return 0;
      h = 0;
      l = r;
    }
  else
    {
      /* X < 2^128 - Y... and Y >= 2^64: q0 = (X >> (64-s)) / ((Y >>
       * (64-s)) + 1) underestimates X / Y by at most 2 (Y >> (64-s) >=
       * 2^63).  s = 0 means Y >= 2^127 > X - Y: not here. */
      s = _kc_clz64 (yh);
      th = (yh << s) | (yl >> (64 - s));
      tl = (h << s) | (l >> (64 - s));
      if (th == ~(uint64_t) 0)
        q = h >> (64 - s);
      else
        q = _kc_udiv128_var (&r, h >> (64 - s), tl, th + 1);
      pl = _kc_mul64 (&ph, q, yl);
      ph += q * yh;
      sub128 (&h, &l, ph, pl);
      while (!lt128 (h, l, yh, yl))
        {
          sub128 (&h, &l, yh, yl);
          q++;
        }
    }
  *xh = h;
  *xl = l;
  return q;
}

/* One quotient of phase 1: X >= Y; X becomes X mod Y and the quotient
 * is returned, or 0 when the remainder falls below the threshold (2^64,
 * the hook's 2^(64 - SLACK)) or the quotient does not fit (X is then
 * garbage: the caller stops). */
INVM_INLINE uint64_t
lehmer_quot1_var (uint64_t *xh, uint64_t *xl, uint64_t yh, uint64_t yl,
                  unsigned int slack)
{
  uint64_t q = 1;
#define INVM_MIN1(h, l) ((h) || (slack && (l) >> (64 - slack)))
  sub128 (xh, xl, yh, yl);
  if (!INVM_MIN1 (*xh, *xl))
    return 0;
  if (!lt128 (*xh, *xl, yh, yl))
    {
      /* through copies: the caller's X stays in registers */
      uint64_t h = *xh, l = *xl;
      q += quot128_var (&h, &l, yh, yl);
      if (q == 1 || !INVM_MIN1 (h, l))
        return 0;
      *xh = h;
      *xl = l;
    }
  return q;
#undef INVM_MIN1
}

/* One quotient of phase 2: the same on 64-bit X >= Y, threshold MIN2
 * (0 takes every quotient). */
INVM_INLINE uint64_t
lehmer_quot2_var (uint64_t *x, uint64_t y, uint64_t min2)
{
  uint64_t q = 1;
  *x -= y;
  if (*x < min2)
    return 0;
  if (*x >= y)
    {
      q += *x / y;
      *x %= y;
      if (*x < min2)
        return 0;
    }
  return q;
}

/* The matrix of the quotients of (AH:AL, BH:BL), AH:AL >= BH:BL, AH's
 * top bit set, accepted by the rule above (SLACK: the hook's lower
 * thresholds).  Returns the number of quotients taken. */
INVM_INLINE unsigned int
lehmer_mat_var (invm_mat *t, uint64_t ah, uint64_t al, uint64_t bh,
                uint64_t bl, unsigned int slack)
{
  const uint64_t half = (uint64_t) 1 << 32;
  const uint64_t min2 = (uint64_t) 1 << (33 - slack);
  uint64_t t00 = 1, t01 = 0, t10 = 0, t11 = 1, q;
  unsigned int steps = 0;

  if (!bh && !(slack && bl >> (64 - slack)))
    goto out;
  /* phase 1: exact 128-bit remainders, both >= 2^96 at each quotient */
  for (;;)
    {
      /* alpha -= q beta (alpha >= beta): column 1 += q column 0 */
      if (ah < half)
        goto phase2;
      if (!(q = lehmer_quot1_var (&ah, &al, bh, bl, slack)))
        goto out;
      t01 += q * t00;
      t11 += q * t10;
      steps++;
      /* beta -= q alpha (beta > alpha): column 0 += q column 1 */
      if (bh < half)
        goto phase2;
      if (!(q = lehmer_quot1_var (&bh, &bl, ah, al, slack)))
        goto out;
      t00 += q * t01;
      t10 += q * t11;
      steps++;
    }
 phase2:
  /* both below 2^96: their top 64 bits */
  ah = (ah << 32) | (al >> 32);
  bh = (bh << 32) | (bl >> 32);
  if (ah < bh)
    goto beta2;
  for (;;)
    {
      if (!(q = lehmer_quot2_var (&ah, bh, min2)))
        break;
      t01 += q * t00;
      t11 += q * t10;
      steps++;
    beta2:
      if (!(q = lehmer_quot2_var (&bh, ah, min2)))
        break;
      t00 += q * t01;
      t10 += q * t11;
      steps++;
    }
 out:
  t->t00 = t00;
  t->t01 = t01;
  t->t10 = t10;
  t->t11 = t11;
  return steps;
}

/* (O0, O1) = T^-1 (R0, R1) on N limbs: o0 = t11 r0 - t01 r1, o1 = t00 r1
 * - t10 r0.  Returns 0 if either went negative (the naive hook only). */
static int
invm_apply_r (_kc_limb_t *o0, _kc_limb_t *o1, const _kc_limb_t *r0,
              const _kc_limb_t *r1, size_t n, const invm_mat *t)
{
  _kc_limb_t c0, c1;
  c0 = _kc_mpih_mul_1 (o0, r0, n, t->t11);
  c0 -= _kc_mpih_submul_1 (o0, r1, n, t->t01);
  c1 = _kc_mpih_mul_1 (o1, r1, n, t->t00);
  c1 -= _kc_mpih_submul_1 (o1, r0, n, t->t10);
  return !c0 && !c1;
}

/* (O0, O1) = (t11 u0 + t01 u1, t00 u1 + t10 u0), inputs N limbs, outputs
 * N + 2 (the two carry limbs of a row can overflow into a second). */
static void
invm_apply_u (_kc_limb_t *o0, _kc_limb_t *o1, const _kc_limb_t *u0,
              const _kc_limb_t *u1, size_t n, const invm_mat *t)
{
  _kc_limb_t c;
  c = _kc_mpih_mul_1 (o0, u0, n, t->t11);
  o0[n] = _kc_addc64 (&o0[n + 1], c,
                      _kc_mpih_addmul_1 (o0, u1, n, t->t01), 0);
  c = _kc_mpih_mul_1 (o1, u1, n, t->t00);
  o1[n] = _kc_addc64 (&o1[n + 1], c,
                      _kc_mpih_addmul_1 (o1, u0, n, t->t10), 0);
}

/* Euclid to the end on one-limb X >= Y > 0: the matrix of all the
 * quotients (exact, so its entries are at most X); *X, *Y become the
 * last pair (one of them 0). */
static void
invm_euclid1_var (invm_mat *t, uint64_t *xp, uint64_t *yp)
{
  uint64_t x = *xp, y = *yp, q;
  t->t00 = 1; t->t01 = 0; t->t10 = 0; t->t11 = 1;
  for (;;)
    {
      /* threshold 0: every quotient passes */
      q = lehmer_quot2_var (&x, y, 0);
      t->t01 += q * t->t00;
      t->t11 += q * t->t10;
      if (!x)
        break;
      q = lehmer_quot2_var (&y, x, 0);
      t->t00 += q * t->t01;
      t->t10 += q * t->t11;
      if (!y)
        break;
    }
  *xp = x;
  *yp = y;
}

/* R[0..AN+BN) = A B by the schoolbook method, in either order (not
 * mul_mag, whose Karatsuba scratch comes from the heap: invm stays on
 * the stack up to KC_MODINV_MAX_LIMBS). */
static void
invm_mul_any (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
              const _kc_limb_t *b, size_t bn)
{
  if (an >= bn)
    _kc_mpih_mul_basecase (r, a, an, b, bn);
  else
    _kc_mpih_mul_basecase (r, b, bn, a, an);
}

/* The hook's check: U0, U1 of at most N limbs and M = u0 r1 + u1 r0
 * (RN, UN >= 1). */
static int
invm_invariant_var (const _kc_limb_t *m, size_t n, const _kc_limb_t *r0,
                    const _kc_limb_t *r1, size_t rn, const _kc_limb_t *u0,
                    const _kc_limb_t *u1, size_t un)
{
  size_t pn = rn + un + 1, i;
  _kc_limb_t *p, *q;
  int ok;

  if (un > n)
    return 0;
  p = limbs_alloc (2 * pn);
  q = p + pn;
  invm_mul_any (p, r1, rn, u0, un);
  p[pn - 1] = 0;
  invm_mul_any (q, r0, rn, u1, un);
  q[pn - 1] = 0;
  _kc_mpih_add_n (p, p, q, pn);
  ok = _kc_mpih_normalize_var (p, pn) <= n;
  for (i = 0; ok && i < n; i++)
    ok = p[i] == m[i];
  limbs_free (p, 2 * pn);
  return ok;
}

#define invm_itch(n) (12 * (size_t) (n) + 21)

/* X[0..N) = A^-1 mod M for A[0..AN) < M[0..N) (AN may be 0), M >= 2,
 * M[N-1] != 0.  Returns 1, or 0 when gcd (A, M) != 1 (X unspecified);
 * -1 only under the naive hook.  W: invm_itch (N) limbs of scratch. */
static int
invm_lehmer_var (_kc_limb_t *x, const _kc_limb_t *a, size_t an,
                 const _kc_limb_t *m, size_t n, _kc_limb_t *w)
{
  const size_t ln = n + 2;
  _kc_limb_t *r0 = w, *r1 = w + ln, *s0 = w + 2 * ln, *s1 = w + 3 * ln;
  _kc_limb_t *u0 = w + 4 * ln, *u1 = w + 5 * ln, *v0 = w + 6 * ln;
  _kc_limb_t *v1 = w + 7 * ln, *qb = w + 8 * ln, *pb = w + 9 * ln;
  _kc_limb_t *ds = w + 10 * ln, *sw;
  size_t rn = n, un = 1, r1n, qn, pn;
  unsigned int slack = _kc_invm_lehmer_slack;
  int neg0 = 1;
  invm_mat t;

  memcpy (r0, m, n * sizeof *r0);
  memset (r1, 0, n * sizeof *r1);
  memcpy (r1, a, an * sizeof *r1);
  u0[0] = 0;
  u1[0] = 1;
  for (;;)
    {
      while (rn && !r0[rn - 1] && !r1[rn - 1])
        rn--;
      if (_kc_mpih_cmp_var (r0, r1, rn) < 0)
        {
          sw = r0; r0 = r1; r1 = sw;
          sw = u0; u0 = u1; u1 = sw;
          neg0 ^= 1;
        }
      if (slack && !invm_invariant_var (m, n, r0, r1, rn, u0, u1, un))
        return -1;
      r1n = _kc_mpih_normalize_var (r1, rn);
      if (!r1n)
        break;
      if (rn == 1)
        {
          invm_euclid1_var (&t, &r0[0], &r1[0]);
          invm_apply_u (v0, v1, u0, u1, un, &t);
        }
      else
        {
          unsigned int sh = _kc_clz64 (r0[rn - 1]);
          uint64_t a2 = r0[rn - 1], a1 = r0[rn - 2], b2 = r1[rn - 1];
          uint64_t b1 = r1[rn - 2], a0 = rn > 2 ? r0[rn - 3] : 0;
          uint64_t b0 = rn > 2 ? r1[rn - 3] : 0;
          if (sh)
            {
              a2 = (a2 << sh) | (a1 >> (64 - sh));
              a1 = (a1 << sh) | (a0 >> (64 - sh));
              b2 = (b2 << sh) | (b1 >> (64 - sh));
              b1 = (b1 << sh) | (b0 >> (64 - sh));
            }
          if (slack ? lehmer_mat_var (&t, a2, a1, b2, b1, slack)
              : lehmer_mat_var (&t, a2, a1, b2, b1, 0))
            {
              if (!invm_apply_r (s0, s1, r0, r1, rn, &t))
                return -1;
              sw = r0; r0 = s0; s0 = sw;
              sw = r1; r1 = s1; s1 = sw;
              invm_apply_u (v0, v1, u0, u1, un, &t);
            }
          else
            {
              /* r0 = q r1 + rem: u0 += q u1 */
              qn = rn - r1n + 1;
              divmod_mag_scratch (qb, s0, r0, rn, r1, r1n, ds);
              memset (s0 + r1n, 0, (rn - r1n) * sizeof *s0);
              sw = r0; r0 = s0; s0 = sw;
              qn = _kc_mpih_normalize_var (qb, qn);
              pn = _kc_mpih_normalize_var (u1, un);
              invm_mul_any (pb, qb, qn, u1, pn);
              pn = _kc_mpih_normalize_var (pb, qn + pn);
              if (pn > un)
                {
                  memset (u0 + un, 0, (pn - un) * sizeof *u0);
                  memset (u1 + un, 0, (pn - un) * sizeof *u1);
                  un = pn;
                }
              u0[un] = _kc_mpih_add (u0, u0, un, pb, pn);
              u1[un] = 0;
              un++;
              while (un > 1 && !u0[un - 1] && !u1[un - 1])
                un--;
              continue;
            }
        }
      sw = u0; u0 = v0; v0 = sw;
      sw = u1; u1 = v1; v1 = sw;
      un += 2;
      while (un > 1 && !u0[un - 1] && !u1[un - 1])
        un--;
    }
  /* r0 = gcd; r0 = -+ u0 A */
  if (rn != 1 || r0[0] != 1)
    return 0;
  memset (x, 0, n * sizeof *x);
  memcpy (x, u0, (un < n ? un : n) * sizeof *x);
  if (neg0)
    _kc_mpih_sub_n (x, m, x, n);
  return 1;
}

/* A mod |M| into IN[0..N) (N = M's limbs), for A of either sign: a
 * division only when |A| >= |M|.  SCRATCH: divmod_itch (AN, N) limbs. */
static void
invm_reduce (_kc_limb_t *in, kc_mpi_t a, kc_mpi_t m, _kc_limb_t *scratch)
{
  size_t n = m->nlimbs, an = a->nlimbs, i;

  memset (in, 0, n * sizeof *in);
  if (cmp_mag (a->limbs, an, m->limbs, n) < 0)
    memcpy (in, a->limbs, an * sizeof *in);
  else
    divmod_mag_scratch (NULL, in, a->limbs, an, m->limbs, n, scratch);
  if (a->sign)
    {
      /* A < 0: |M| - (|A| mod |M|), unless that is 0. */
      for (i = 0; i < n && !in[i]; i++)
        ;
      if (i < n)
        _kc_mpih_sub_n (in, m->limbs, in, n);
    }
}

/* The scratch of kc_mpi_invm on the stack up to this many limbs (7 KiB,
 * moduli up to 4096 bits with A below 2 |M|); beyond, on the heap. */
#define INVM_STACK_LIMBS (2 * 64 + invm_itch (64))

/* X = A^-1 mod |M| in [0, |M|) if it exists (returns 1); else 0 and X is
 * untouched. */
static int
invm_internal (kc_mpi_t x, kc_mpi_t a, kc_mpi_t m)
{
  _kc_limb_t stackbuf[INVM_STACK_LIMBS], *buf, *in, *out, *w;
  size_t n = m->nlimbs, need, wn;
  int ok;

  if (n == 0 || (n == 1 && m->limbs[0] == 1))
    return 0;
  wn = invm_itch (n);
  if (wn < divmod_itch (a->nlimbs, n))
    wn = divmod_itch (a->nlimbs, n);
  need = 2 * n + wn;
  buf = need <= INVM_STACK_LIMBS ? stackbuf : limbs_alloc (need);
  in = buf;
  out = buf + n;
  w = buf + 2 * n;
  invm_reduce (in, a, m, w);
  ok = invm_lehmer_var (out, in, _kc_mpih_normalize_var (in, n), m->limbs,
                        n, w);
  if (ok == 1)
    mpi_set_limbs (x, out, n, 0);
  if (buf == stackbuf)
    wipememory (stackbuf, need * sizeof *stackbuf);
  else
    limbs_free (buf, need);
  return ok;
}

int
kc_mpi_invm (kc_mpi_t x, kc_mpi_t a, kc_mpi_t m)
{
  if (!x || !a || !m)
    return 0;
  return invm_internal (x, a, m);
}

/* ------------------------------------------------------------ powm */

/* The arithmetic of one powm on residues of N limbs, in one of two
 * modes:
 * - Montgomery (M odd): residues are kept as x R mod M, R = 2^(64N),
 *   each product is followed by REDC;
 * - mod 2^K (M = NULL): N = ceil(K/64) limbs, each product is truncated
 *   to its low K bits.
 * An even modulus is split into both (see powm_even). */
struct powm_ctx
{
  const _kc_mont_ctx *mont; /* a fixed-size context when M fits one */
  const _kc_limb_t *m;   /* Montgomery modulus, or NULL for mod 2^K */
  size_t n;
  _kc_limb_t minv;       /* Montgomery: -M^-1 mod 2^64 */
  _kc_limb_t topmask;    /* mod 2^K: mask of the valid bits of limb N-1 */
  _kc_limb_t *prod;      /* 2N + 1 limbs */
  _kc_limb_t *tmp;       /* _kc_mpih_mul_itch (N) limbs */
};

/* R = PROD[0..2N) reduced (Montgomery: times R^-1 mod M). */
static void
powm_reduce (struct powm_ctx *c, _kc_limb_t *r)
{
  size_t n = c->n;
  if (c->m)
    {
      _kc_mpih_redc (r, c->prod, c->m, n, c->minv);
      return;
    }
  memcpy (r, c->prod, n * sizeof *r);
  r[n - 1] &= c->topmask;
}

static void
powm_mul (struct powm_ctx *c, _kc_limb_t *r, const _kc_limb_t *a,
          const _kc_limb_t *b)
{
  if (c->mont)
    {
      _kc_mont_mul_redc (c->mont, r, a, b);
      return;
    }
  _kc_mpih_mul (c->prod, a, c->n, b, c->n, c->tmp);
  powm_reduce (c, r);
}

static void
powm_sqr (struct powm_ctx *c, _kc_limb_t *r, const _kc_limb_t *a)
{
  if (c->mont)
    {
      _kc_mont_square_redc (c->mont, r, a);
      return;
    }
  _kc_mpih_sqr (c->prod, a, c->n, c->tmp);
  powm_reduce (c, r);
}

/* The largest modulus (limbs) that powm runs on a Montgomery context. */
#define POWM_MONT_LIMBS 8

/* Window width for an exponent of EBITS bits: minimise the table cost
 * 2^(k-1) plus the expected multiplications EBITS / (k + 1). */
static unsigned int
powm_window (size_t ebits)
{
  unsigned int k, best = 1;
  double bestcost = 1e300;
  for (k = 1; k <= 8; k++)
    {
      double cost = (double) (1u << (k - 1)) + (double) ebits / (k + 1);
      if (cost < bestcost)
        {
          bestcost = cost;
          best = k;
        }
    }
  return best;
}

static int
ebit (const _kc_limb_t *e, size_t i)
{
  return (int) ((e[i / KC_LIMB_BITS] >> (i % KC_LIMB_BITS)) & 1);
}

/* R[0..N) = B^E mod M with B[0..N) < M, E of EN >= 1 limbs (E != 0),
 * M odd, M[N-1] != 0; or, with M NULL, R = B^E mod 2^K2 where N =
 * ceil (K2 / 64) and B < 2^K2.  Sliding window over the exponent bits
 * from the top: a run of up to K bits starting and ending with a 1
 * selects one of the 2^(K-1) odd powers.  Variable time (see mpi.h). */
static void
powm_mag (_kc_limb_t *r, const _kc_limb_t *b, const _kc_limb_t *e, size_t en,
          const _kc_limb_t *m, size_t n, size_t k2)
{
  struct powm_ctx c;
  _kc_mont_ctx mont;
  size_t ebits, i, tsize;
  unsigned int k;
  _kc_limb_t *table, *x, *sq;
  size_t prodn = 2 * n + 1, tmpn = _kc_mpih_mul_itch (n);

  memset (&c, 0, sizeof c);
  c.m = m;
  c.n = n;
  c.prod = limbs_alloc (prodn);
  c.tmp = limbs_alloc (tmpn);
  ebits = en * KC_LIMB_BITS - _kc_mpih_clz (e[en - 1]);
  k = powm_window (ebits);
  tsize = (size_t) 1 << (k - 1);
  table = limbs_alloc ((tsize + 2) * n);
  x = table + tsize * n;
  sq = x + n;

  /* table[0] = B in the working representation.  Moduli of up to
   * POWM_MONT_LIMBS limbs use a Montgomery context (mont.h: unrolled,
   * BMI2/ADX kernels), larger ones REDC over the limb vectors. */
  if (m && n <= POWM_MONT_LIMBS && !_kc_mont_setup (&mont, m, (unsigned int) n))
    {
      c.mont = &mont;
      _kc_mont_to (&mont, table, b);
    }
  else if (m)
    {
      _kc_limb_t *np = limbs_alloc (2 * n + 1);
      KC_VERIFY_CHECK (m[0] & 1);
      c.minv = _kc_m0inv (m[0]);
      /* B R mod M by division of B * 2^(64N). */
      memcpy (np + n, b, n * sizeof *np);
      divmod_mag (NULL, table, np, 2 * n, m, n);
      limbs_free (np, 2 * n + 1);
    }
  else
    {
      KC_VERIFY_CHECK (n == (k2 + KC_LIMB_BITS - 1) / KC_LIMB_BITS);
      c.topmask = k2 % KC_LIMB_BITS
                  ? ((_kc_limb_t) 1 << (k2 % KC_LIMB_BITS)) - 1
                  : ~(_kc_limb_t) 0;
      memcpy (table, b, n * sizeof *table);
    }
  /* table[j] = B^(2j+1) */
  if (tsize > 1)
    {
      powm_sqr (&c, sq, table);
      for (i = 1; i < tsize; i++)
        powm_mul (&c, table + i * n, table + (i - 1) * n, sq);
    }

  /* Scan: i is the number of exponent bits not yet consumed. */
  i = ebits;
  {
    int first = 1;
    while (i)
      {
        size_t lo, top = i - 1, j;
        unsigned int val, len;
        if (!ebit (e, top))
          {
            powm_sqr (&c, x, x);
            i--;
            continue;
          }
        /* window top..lo, lo the lowest set bit within K bits */
        lo = top + 1 >= k ? top + 1 - k : 0;
        while (!ebit (e, lo))
          lo++;
        len = (unsigned int) (top - lo + 1);
        val = 0;
        for (j = top + 1; j-- > lo;)
          val = (val << 1) | (unsigned int) ebit (e, j);
        if (first)
          {
            memcpy (x, table + (size_t) (val >> 1) * n, n * sizeof *x);
            first = 0;
          }
        else
          {
            while (len--)
              powm_sqr (&c, x, x);
            powm_mul (&c, x, x, table + (size_t) (val >> 1) * n);
          }
        i = lo;
      }
  }

  /* Out of the Montgomery representation: x R^-1 = REDC (x). */
  if (c.mont)
    _kc_mont_from (&mont, r, x);
  else if (m)
    {
      memcpy (c.prod, x, n * sizeof *x);
      memset (c.prod + n, 0, (n + 1) * sizeof *x);
      _kc_mpih_redc (r, c.prod, m, n, c.minv);
    }
  else
    memcpy (r, x, n * sizeof *r);

  limbs_free (table, (tsize + 2) * n);
  limbs_free (c.prod, prodn);
  limbs_free (c.tmp, tmpn);
}

/* W = B^E mod the non-negative N-limb magnitude M (0 < B < M, E > 0) by
 * powm_mag; W may be B. */
static void
powm_obj (kc_mpi_t w, kc_mpi_t b, kc_mpi_t e, const _kc_limb_t *m, size_t n,
          size_t k2)
{
  _kc_limb_t *bp = limbs_alloc (n), *r = limbs_alloc (n);
  memcpy (bp, b->limbs, b->nlimbs * sizeof *bp);
  powm_mag (r, bp, e->limbs, e->nlimbs, m, n, k2);
  limbs_free (bp, n);
  mpi_take (w, r, n, n, 0);
}

/* W = |U| mod 2^K (W may be U). */
static void
mpi_trunc (kc_mpi_t w, kc_mpi_t u, size_t k)
{
  size_t full = (k + KC_LIMB_BITS - 1) / KC_LIMB_BITS, n = full;
  _kc_limb_t *buf = limbs_alloc (full);
  if (n > u->nlimbs)
    n = u->nlimbs;
  memcpy (buf, u->limbs, n * sizeof *buf);
  if (n == full && n && k % KC_LIMB_BITS)
    buf[n - 1] &= ((_kc_limb_t) 1 << (k % KC_LIMB_BITS)) - 1;
  mpi_take (w, buf, full, n, 0);
}

/* W = B^E mod M for an even M = MO 2^K (MO odd), 0 < B < M, E > 0, by
 * the Chinese remainder theorem:
 *   X1 = B^E mod MO (Montgomery), X2 = B^E mod 2^K (truncated products),
 *   W = X1 + MO ((X2 - X1) MO^-1 mod 2^K),
 * which is < MO + MO (2^K - 1) = M.  MO^-1 mod 2^K by Newton's iteration
 * Y <- Y (2 - MO Y), which doubles the number of correct low bits. */
static void
powm_even (kc_mpi_t w, kc_mpi_t b, kc_mpi_t e, kc_mpi_t m)
{
  size_t k = 0, i, bits;
  kc_mpi_t mo = kc_mpi_new (0), two_k = kc_mpi_new (0), x1 = kc_mpi_new (0);
  kc_mpi_t x2 = kc_mpi_new (0), y = kc_mpi_set_ui (NULL, 1);
  kc_mpi_t t = kc_mpi_new (0), two = kc_mpi_set_ui (NULL, 2);
  _kc_limb_t *buf;

  while (!m->limbs[k / KC_LIMB_BITS])
    k += KC_LIMB_BITS;
  {
    _kc_limb_t low = m->limbs[k / KC_LIMB_BITS];
    k += KC_LIMB_BITS - 1 - _kc_mpih_clz (low & -low);  /* trailing zeros */
  }
  /* MO = M >> K */
  i = k / KC_LIMB_BITS;
  buf = limbs_alloc (m->nlimbs - i);
  _kc_mpih_rshift (buf, m->limbs + i, m->nlimbs - i,
                   (unsigned int) (k % KC_LIMB_BITS));
  mpi_take (mo, buf, m->nlimbs - i, m->nlimbs - i, 0);
  /* 2^K */
  i = k / KC_LIMB_BITS + 1;
  buf = limbs_alloc (i);
  buf[i - 1] = (_kc_limb_t) 1 << (k % KC_LIMB_BITS);
  mpi_take (two_k, buf, i, i, 0);

  /* X1 = B^E mod MO (0 when MO = 1) */
  fdiv_r (x1, b, mo);
  if (x1->nlimbs)
    powm_obj (x1, x1, e, mo->limbs, mo->nlimbs, 0);
  /* X2 = B^E mod 2^K */
  mpi_trunc (x2, b, k);
  if (x2->nlimbs)
    powm_obj (x2, x2, e, NULL, (k + KC_LIMB_BITS - 1) / KC_LIMB_BITS, k);
  /* Y = MO^-1 mod 2^K (Y = 1 is right mod 2) */
  for (bits = 1; bits < k; bits *= 2)
    {
      kc_mpi_mul (t, mo, y);
      add_signed (t, two, t, 1);                  /* 2 - MO Y */
      kc_mpi_mul (y, y, t);
      fdiv_r (y, y, two_k);
    }
  /* W = X1 + MO ((X2 - X1) Y mod 2^K) */
  add_signed (t, x2, x1, 1);
  kc_mpi_mul (t, t, y);
  fdiv_r (t, t, two_k);
  kc_mpi_mul (t, t, mo);
  add_signed (w, x1, t, 0);

  kc_mpi_release (mo);
  kc_mpi_release (two_k);
  kc_mpi_release (x1);
  kc_mpi_release (x2);
  kc_mpi_release (y);
  kc_mpi_release (t);
  kc_mpi_release (two);
}

void
kc_mpi_powm (kc_mpi_t w, kc_mpi_t b, kc_mpi_t e, kc_mpi_t m)
{
  size_t n;
  kc_mpi_t am, base;

  if (!w || !b || !e || !m)
    return;
  n = m->nlimbs;
  if (!n)
    {
      kc_mpi_set_ui (w, 0);
      return;
    }
  am = kc_mpi_new (0);
  mpi_set_limbs (am, m->limbs, n, 0);                   /* |m| */
  base = kc_mpi_new (0);
  if (e->sign)
    {
      if (invm_internal (base, b, am) != 1)
        {
          kc_mpi_set_ui (w, 0);
          goto leave;
        }
    }
  else
    fdiv_r (base, b, am);                               /* [0, |m|) */
  if (!e->nlimbs)
    {
      /* b^0 = 1 mod |m| */
      kc_mpi_set_ui (w, n == 1 && m->limbs[0] == 1 ? 0 : 1);
      goto leave;
    }
  if (!base->nlimbs)
    {
      kc_mpi_set_ui (w, 0);
      goto leave;
    }
  if (am->limbs[0] & 1)
    powm_obj (w, base, e, am->limbs, n, 0);
  else
    powm_even (w, base, e, am);
 leave:
  kc_mpi_release (base);
  kc_mpi_release (am);
}

/* ------------------------------------------------------- scan and print */

static int
hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

gpg_error_t
kc_mpi_scan (kc_mpi_t *ret, enum kc_mpi_format fmt, const void *buffer,
             size_t buflen, size_t *nscanned)
{
  const unsigned char *p = buffer;
  size_t n, i, used;
  _kc_limb_t *buf;
  int sign = 0;
  kc_mpi_t a;

  if (!buffer)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (fmt == KC_MPI_FMT_USG)
    {
      if (!buflen)
        return KC_ERR (GPG_ERR_INV_ARG);
      if (buflen / 8 >= KC_MPI_MAX_LIMBS)
        return KC_ERR (GPG_ERR_TOO_LARGE);
      n = (buflen + 7) / 8;
      buf = limbs_alloc (n);
      /* byte buflen-1-i is bits 8i.. of the number */
      for (i = 0; i < buflen; i++)
        buf[i / 8] |= (_kc_limb_t) p[buflen - 1 - i] << (8 * (i % 8));
      used = buflen;
    }
  else if (fmt == KC_MPI_FMT_HEX)
    {
      const char *s = buffer, *digits;
      size_t nd;
      if (buflen)
        return KC_ERR (GPG_ERR_INV_ARG);
      used = strlen (s);
      if (*s == '-')
        {
          sign = 1;
          s++;
        }
      if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
      digits = s;
      for (nd = 0; digits[nd]; nd++)
        if (hexval ((unsigned char) digits[nd]) < 0)
          return KC_ERR (GPG_ERR_INV_OBJ);
      if (!nd)
        return KC_ERR (GPG_ERR_INV_OBJ);
      if (nd / 16 >= KC_MPI_MAX_LIMBS)
        return KC_ERR (GPG_ERR_TOO_LARGE);
      n = (nd + 15) / 16;
      buf = limbs_alloc (n);
      for (i = 0; i < nd; i++)
        buf[i / 16] |= (_kc_limb_t) hexval ((unsigned char) digits[nd - 1 - i])
                       << (4 * (i % 16));
    }
  else
    return KC_ERR (GPG_ERR_INV_ARG);

  if (nscanned)
    *nscanned = used;
  if (!ret)
    {
      limbs_free (buf, n);
      return 0;
    }
  a = kc_mpi_new (0);
  mpi_take (a, buf, n, n, sign);
  *ret = a;
  return 0;
}

/* Byte I (from the least significant, I < 8 NLIMBS) of |A|. */
static unsigned int
mag_byte (kc_mpi_t a, size_t i)
{
  return (unsigned int) (a->limbs[i / 8] >> (8 * (i % 8))) & 0xff;
}

gpg_error_t
kc_mpi_print (enum kc_mpi_format fmt, unsigned char *buffer, size_t buflen,
              size_t *nwritten, kc_mpi_t a)
{
  size_t nbytes, need, i;
  static const char hexdigits[] = "0123456789ABCDEF";

  if (!a || (!buffer && !nwritten))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (fmt != KC_MPI_FMT_USG && fmt != KC_MPI_FMT_HEX)
    return KC_ERR (GPG_ERR_INV_ARG);
  nbytes = ((size_t) kc_mpi_get_nbits (a) + 7) / 8;
  if (fmt == KC_MPI_FMT_USG)
    {
      need = nbytes;
      if (buffer)
        {
          if (buflen < need)
            return KC_ERR (GPG_ERR_TOO_SHORT);
          for (i = 0; i < nbytes; i++)
            buffer[i] = (unsigned char) mag_byte (a, nbytes - 1 - i);
        }
    }
  else
    {
      int extra = !nbytes || (mag_byte (a, nbytes - 1) & 0x80);
      need = 2 * nbytes + 2 * (size_t) extra + (size_t) a->sign + 1;
      if (buffer)
        {
          unsigned char *s = buffer;
          if (buflen < need)
            return KC_ERR (GPG_ERR_TOO_SHORT);
          if (a->sign)
            *s++ = '-';
          if (extra)
            {
              *s++ = '0';
              *s++ = '0';
            }
          for (i = nbytes; i-- > 0;)
            {
              unsigned int c = mag_byte (a, i);
              *s++ = (unsigned char) hexdigits[c >> 4];
              *s++ = (unsigned char) hexdigits[c & 15];
            }
          *s = 0;
        }
    }
  if (nwritten)
    *nwritten = need;
  return 0;
}
