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
#include "modinv.h"
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

/* R[0..AN+BN) = |A| |B| (any sizes >= 1, R fresh). */
static void
mul_mag (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
         const _kc_limb_t *b, size_t bn)
{
  _kc_limb_t *tmp;
  if (an < bn)
    {
      const _kc_limb_t *t = a;
      size_t tn = an;
      a = b; an = bn;
      b = t; bn = tn;
    }
  if (a == b && an == bn)
    {
      if (an < _kc_mpih_karatsuba_sqr_threshold)
        {
          _kc_mpih_sqr_basecase (r, a, an);
          return;
        }
    }
  else if (bn < _kc_mpih_karatsuba_threshold)
    {
      _kc_mpih_mul_basecase (r, a, an, b, bn);
      return;
    }
  tmp = limbs_alloc (_kc_mpih_mul_itch (an));
  if (a == b && an == bn)
    _kc_mpih_sqr (r, a, an, tmp);
  else
    _kc_mpih_mul (r, a, an, b, bn, tmp);
  limbs_free (tmp, _kc_mpih_mul_itch (an));
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

/* Q = trunc (U / V), R = U - Q V; V != 0; Q and R distinct objects. */
static void
tdiv_qr (kc_mpi_t q, kc_mpi_t r, kc_mpi_t u, kc_mpi_t v)
{
  size_t un = u->nlimbs, dn = v->nlimbs, qn;
  _kc_limb_t *qb, *rb;
  int us = u->sign, vs = v->sign;
  if (un < dn)
    {
      mpi_set_limbs (r, u->limbs, un, us);
      kc_mpi_set_ui (q, 0);
      return;
    }
  qn = un - dn + 1;
  qb = limbs_alloc (qn);
  rb = limbs_alloc (dn);
  divmod_mag (qb, rb, u->limbs, un, v->limbs, dn);
  mpi_take (q, qb, qn, qn, us ^ vs);
  mpi_take (r, rb, dn, dn, us);
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

/* Odd |M| > 1 of at most KC_MODINV_MAX_LIMBS limbs: safegcd (modinv.c,
 * variable time), which also says whether gcd (A, M) = 1.  Works on the
 * stack: A mod |M| by a division only when |A| >= |M| (on the heap only
 * for an A of more than twice M's limbs).  Returns 1 (X set), 0 (no
 * inverse, X untouched) or -1 (M not for safegcd). */
#define INVM_SCRATCH divmod_itch (2 * KC_MODINV_MAX_LIMBS, KC_MODINV_MAX_LIMBS)
static int
invm_safegcd (kc_mpi_t x, kc_mpi_t a, kc_mpi_t m)
{
  _kc_modinv_ctx ctx;
  uint64_t in[KC_MODINV_MAX_LIMBS], out[KC_MODINV_MAX_LIMBS];
  _kc_limb_t scratch[INVM_SCRATCH];
  size_t n = m->nlimbs, an = a->nlimbs, i;

  if (n > KC_MODINV_MAX_LIMBS || !(m->limbs[0] & 1)
      || _kc_modinv_setup (&ctx, m->limbs, (unsigned int) n))
    return -1;
  memset (in, 0, n * sizeof *in);
  if (cmp_mag (a->limbs, an, m->limbs, n) < 0)
    memcpy (in, a->limbs, an * sizeof *in);
  else if (an <= 2 * n)
    divmod_mag_scratch (NULL, in, a->limbs, an, m->limbs, n, scratch);
  else
    divmod_mag (NULL, in, a->limbs, an, m->limbs, n);
  if (a->sign)
    {
      /* A < 0: |M| - (|A| mod |M|), unless that is 0. */
      for (i = 0; i < n && !in[i]; i++)
        ;
      if (i < n)
        _kc_mpih_sub_n (in, m->limbs, in, n);
    }
  if (!_kc_modinv_var (out, in, &ctx))
    return 0;
  mpi_set_limbs (x, out, n, 0);
  return 1;
}

/* X = A^-1 mod |M| in [0, |M|) if it exists (returns 1); else 0 and X is
 * untouched.  Safegcd where it applies; otherwise extended Euclid on
 * non-negative remainders, tracking only the coefficient of A:
 * r_i = t_i A (mod M). */
static int
invm_internal (kc_mpi_t x, kc_mpi_t a, kc_mpi_t m)
{
  kc_mpi_t r0, r1, t0, t1, q, tmp, am;
  int ok;

  if (m->nlimbs == 0 || (m->nlimbs == 1 && m->limbs[0] == 1))
    return 0;
  ok = invm_safegcd (x, a, m);
  if (ok >= 0)
    return ok;
  am = kc_mpi_new (0);
  mpi_set_limbs (am, m->limbs, m->nlimbs, 0);          /* |m| */
  r0 = kc_mpi_new (0);
  r1 = kc_mpi_new (0);
  t0 = kc_mpi_set_ui (NULL, 0);
  t1 = kc_mpi_set_ui (NULL, 1);
  q = kc_mpi_new (0);
  tmp = kc_mpi_new (0);
  mpi_set_limbs (r0, am->limbs, am->nlimbs, 0);
  fdiv_r (r1, a, am);                                   /* [0, |m|) */
  while (r1->nlimbs)
    {
      kc_mpi_t sw;
      tdiv_qr (q, tmp, r0, r1);          /* r0 = q r1 + tmp */
      sw = r0; r0 = r1; r1 = tmp; tmp = sw;
      kc_mpi_mul (q, q, t1);             /* t0 - q t1 */
      kc_mpi_sub (t0, t0, q);
      sw = t0; t0 = t1; t1 = sw;
    }
  /* r0 = gcd (a mod m, m), t0 a = r0 (mod m). */
  ok = r0->nlimbs == 1 && r0->limbs[0] == 1;
  if (ok)
    fdiv_r (x, t0, am);
  kc_mpi_release (am);
  kc_mpi_release (r0);
  kc_mpi_release (r1);
  kc_mpi_release (t0);
  kc_mpi_release (t1);
  kc_mpi_release (q);
  kc_mpi_release (tmp);
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
      if (!invm_internal (base, b, am))
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
