/* modinv.c - modular inverse by safegcd (Bernstein-Yang divsteps).
 * Contracts and the bounds are in modinv.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "modinv.h"
#include "limb.h"      /* kc_mac64 */

#define M62 ((uint64_t) -1 >> 2)

/* Signed 128-bit accumulators: __int128 where the compiler has it, a
 * two-word two's-complement struct elsewhere.  acc_mul: a = x*y;
 * acc_mac: a += x*y; acc_sar62: a >>= 62 (arithmetic); acc_lo: low word. */
#ifdef HAVE_UNSIGNED___INT128
typedef __int128 acc_t;
static inline void acc_mul (acc_t *a, int64_t x, int64_t y)
{ *a = (acc_t) x * y; }
static inline void acc_mac (acc_t *a, int64_t x, int64_t y)
{ *a += (acc_t) x * y; }
static inline void acc_sar62 (acc_t *a) { *a >>= 62; }
static inline uint64_t acc_lo (const acc_t *a) { return (uint64_t) *a; }
#else
typedef struct { uint64_t lo, hi; } acc_t;
static inline void
acc_mul (acc_t *a, int64_t x, int64_t y)
{
  uint64_t hi, lo = kc_mac64 (&hi, (uint64_t) x, (uint64_t) y, 0, 0);
  /* Signed high word from the unsigned one (masks, no branches). */
  hi -= ((uint64_t) (x >> 63) & (uint64_t) y)
        + ((uint64_t) (y >> 63) & (uint64_t) x);
  a->lo = lo;
  a->hi = hi;
}
static inline void
acc_mac (acc_t *a, int64_t x, int64_t y)
{
  acc_t p;
  acc_mul (&p, x, y);
  a->lo += p.lo;
  a->hi += p.hi + (a->lo < p.lo);
}
static inline void
acc_sar62 (acc_t *a)
{
  a->lo = (a->lo >> 62) | (a->hi << 2);
  a->hi = (uint64_t) ((int64_t) a->hi >> 62);
}
static inline uint64_t acc_lo (const acc_t *a) { return a->lo; }
#endif

typedef struct
{
  int64_t u, v, q, r;
} trans;

/* 62 constant-time divsteps on the low 64 bits of f and g (f odd).  The
 * matrix satisfies 2^62 [f', g'] = [[u, v], [q, r]] [f, g]. */
static int64_t
divsteps_62 (int64_t delta, uint64_t f, uint64_t g, trans *t)
{
  uint64_t u = 1, v = 0, q = 0, r = 1, c1, c2, x;
  int i;

  for (i = 0; i < 62; i++)
    {
      /* c1: swap when delta > 0 and g odd. */
      c1 = ct_mask_from_flag_u64 (((uint64_t) -delta >> 63) & g & 1);
      /* (delta, f, g, u, v, q, r) = (-delta, g, -f, q, r, -u, -v) if c1. */
      delta = (int64_t) (((uint64_t) delta ^ c1) - c1);
      x = (f ^ g) & c1; f ^= x; g ^= x;
      g = (g ^ c1) - c1;
      x = (u ^ q) & c1; u ^= x; q ^= x;
      q = (q ^ c1) - c1;
      x = (v ^ r) & c1; v ^= x; r ^= x;
      r = (r ^ c1) - c1;
      /* g odd: add f (row of f to row of g). */
      c2 = ct_mask_from_flag_u64 (g & 1);
      g += f & c2;
      q += u & c2;
      r += v & c2;
      /* Halve g; double the f row instead (common scale 2^(i+1)). */
      delta++;
      g >>= 1;
      u <<= 1;
      v <<= 1;
    }
  t->u = (int64_t) u; t->v = (int64_t) v;
  t->q = (int64_t) q; t->r = (int64_t) r;
  return delta;
}

/* Trailing zeros of x != 0 (variable time: only for the _var path). */
static inline int
ctz64 (uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll (x);
#else
  int n = 0;
  while (!(x & 1))
    {
      x >>= 1;
      n++;
    }
  return n;
#endif
}

/* Same 62 divsteps, variable time: runs of even g in one shift. */
static int64_t
divsteps_62_var (int64_t delta, uint64_t f, uint64_t g, trans *t)
{
  uint64_t u = 1, v = 0, q = 0, r = 1, x;
  int left = 62, z;

  for (;;)
    {
      z = ctz64 (g | ((uint64_t) 1 << left));
      g >>= z;
      u <<= z;
      v <<= z;
      delta += z;
      left -= z;
      if (left == 0)
        break;
      /* g is odd. */
      if (delta > 0)
        {
          delta = -delta;
          x = f; f = g; g = -x;
          x = u; u = q; q = -x;
          x = v; v = r; r = -x;
        }
      g += f;
      q += u;
      r += v;
      /* g is even now: its halving is the next shift. */
    }
  t->u = (int64_t) u; t->v = (int64_t) v;
  t->q = (int64_t) q; t->r = (int64_t) r;
  return delta;
}

/* [f, g] = [[u, v], [q, r]] [f, g] / 2^62 (exact). */
static void
update_fg (int64_t *f, int64_t *g, const trans *t, unsigned int len)
{
  acc_t cf, cg;
  unsigned int i;

  acc_mul (&cf, t->u, f[0]);
  acc_mac (&cf, t->v, g[0]);
  acc_mul (&cg, t->q, f[0]);
  acc_mac (&cg, t->r, g[0]);
  KC_VERIFY_CHECK ((acc_lo (&cf) & M62) == 0 && (acc_lo (&cg) & M62) == 0);
  acc_sar62 (&cf);
  acc_sar62 (&cg);
  for (i = 1; i < len; i++)
    {
      acc_mac (&cf, t->u, f[i]);
      acc_mac (&cf, t->v, g[i]);
      acc_mac (&cg, t->q, f[i]);
      acc_mac (&cg, t->r, g[i]);
      f[i - 1] = (int64_t) (acc_lo (&cf) & M62);
      g[i - 1] = (int64_t) (acc_lo (&cg) & M62);
      acc_sar62 (&cf);
      acc_sar62 (&cg);
    }
  f[len - 1] = (int64_t) acc_lo (&cf);
  g[len - 1] = (int64_t) acc_lo (&cg);
}

/* [d, e] = ([[u, v], [q, r]] [d, e] + [kd, ke] m) / 2^62 with d, e in
 * (-2m, m) before and after (modinv.h). */
static void
update_de (int64_t *d, int64_t *e, const trans *t, const kc_modinv_ctx *ctx)
{
  const int64_t *m = ctx->m62;
  unsigned int len = ctx->len, i;
  int64_t sd = d[len - 1] >> 63, se = e[len - 1] >> 63;
  int64_t md, me;
  acc_t cd, ce;

  /* Adding m to a negative d or e: its u (resp. v) multiple of m. */
  md = (t->u & sd) + (t->v & se);
  me = (t->q & sd) + (t->r & se);
  acc_mul (&cd, t->u, d[0]);
  acc_mac (&cd, t->v, e[0]);
  acc_mul (&ce, t->q, d[0]);
  acc_mac (&ce, t->r, e[0]);
  /* Lower md, me by up to 2^62 - 1 so the low 62 bits vanish. */
  md -= (int64_t) ((ctx->minv62 * acc_lo (&cd) + (uint64_t) md) & M62);
  me -= (int64_t) ((ctx->minv62 * acc_lo (&ce) + (uint64_t) me) & M62);
  acc_mac (&cd, m[0], md);
  acc_mac (&ce, m[0], me);
  KC_VERIFY_CHECK ((acc_lo (&cd) & M62) == 0 && (acc_lo (&ce) & M62) == 0);
  acc_sar62 (&cd);
  acc_sar62 (&ce);
  for (i = 1; i < len; i++)
    {
      acc_mac (&cd, t->u, d[i]);
      acc_mac (&cd, t->v, e[i]);
      acc_mac (&cd, m[i], md);
      acc_mac (&ce, t->q, d[i]);
      acc_mac (&ce, t->r, e[i]);
      acc_mac (&ce, m[i], me);
      d[i - 1] = (int64_t) (acc_lo (&cd) & M62);
      e[i - 1] = (int64_t) (acc_lo (&ce) & M62);
      acc_sar62 (&cd);
      acc_sar62 (&ce);
    }
  d[len - 1] = (int64_t) acc_lo (&cd);
  e[len - 1] = (int64_t) acc_lo (&ce);
}

static void
to_s62 (int64_t *r, const uint64_t *a, unsigned int n, unsigned int len)
{
  unsigned int i;
  for (i = 0; i < len; i++)
    {
      unsigned int bit = 62 * i, w = bit / 64, s = bit % 64;
      uint64_t x = 0;
      if (w < n)
        x = a[w] >> s;
      if (s > 2 && w + 1 < n)
        x |= a[w + 1] << (64 - s);
      r[i] = (int64_t) (x & M62);
    }
}

/* a nonnegative, < 2^(64n). */
static void
from_s62 (uint64_t *r, const int64_t *a, unsigned int n, unsigned int len)
{
  unsigned int i;
  memset (r, 0, n * sizeof *r);
  for (i = 0; i < len; i++)
    {
      unsigned int bit = 62 * i, w = bit / 64, s = bit % 64;
      uint64_t x = (uint64_t) a[i];
      if (w < n)
        r[w] |= x << s;
      if (s > 2 && w + 1 < n)
        r[w + 1] |= x >> (64 - s);
    }
}

/* If FLAG (0/1): a += m (signed62, carries propagated).  Constant time. */
static void
cond_add_m (int64_t *a, const kc_modinv_ctx *ctx, uint64_t flag)
{
  int64_t mask = (int64_t) ct_mask_from_flag_u64 (flag), c = 0;
  unsigned int i, len = ctx->len;
  for (i = 0; i < len; i++)
    {
      c += a[i] + (ctx->m62[i] & mask);
      if (i + 1 < len)
        {
          a[i] = c & (int64_t) M62;
          c >>= 62;
        }
      else
        a[i] = c;
    }
}

/* If FLAG (0/1): a = -a (signed62).  Constant time. */
static void
cond_negate (int64_t *a, unsigned int len, uint64_t flag)
{
  int64_t mask = (int64_t) ct_mask_from_flag_u64 (flag), c = 0;
  unsigned int i;
  for (i = 0; i < len; i++)
    {
      c += (a[i] ^ mask) - mask;
      if (i + 1 < len)
        {
          a[i] = c & (int64_t) M62;
          c >>= 62;
        }
      else
        a[i] = c;
    }
}

/* d in (-2m, m), f = +-1: r = d * f mod m in [0, m). */
static void
finish (uint64_t *r, int64_t *d, const int64_t *f, const kc_modinv_ctx *ctx)
{
  unsigned int len = ctx->len, i;
  int64_t neg_m[KC_MODINV_MAX_S62];

  /* d*f in (-m, 2m) or (-2m, m). */
  cond_negate (d, len, (uint64_t) f[len - 1] >> 63);
  cond_add_m (d, ctx, (uint64_t) d[len - 1] >> 63);
  cond_add_m (d, ctx, (uint64_t) d[len - 1] >> 63);
  /* Now in [0, 2m): subtract m, keep it when nonnegative. */
  for (i = 0; i < len; i++)
    neg_m[i] = d[i];
  cond_negate (neg_m, len, 1);
  cond_add_m (neg_m, ctx, 1);             /* m - d */
  cond_negate (neg_m, len, 1);            /* d - m */
  for (i = 0; i < len; i++)
    d[i] = (int64_t) ct_select_u64 (ct_mask_from_flag_u64
                                    (1 ^ ((uint64_t) neg_m[len - 1] >> 63)),
                                    (uint64_t) neg_m[i], (uint64_t) d[i]);
  from_s62 (r, d, ctx->n, len);
  wipememory (neg_m, len * sizeof *neg_m);
}

int
_kc_modinv_setup (kc_modinv_ctx *ctx, const uint64_t *m, unsigned int nlimbs)
{
  unsigned int bits = 0, i, steps;
  uint64_t x;

  if (nlimbs < 1 || nlimbs > KC_MODINV_MAX_LIMBS || !(m[0] & 1))
    return -1;
  memset (ctx, 0, sizeof *ctx);
  ctx->n = nlimbs;
  ctx->len = (64 * nlimbs + 2) / 62 + 1;
  to_s62 (ctx->m62, m, nlimbs, ctx->len);
  for (i = 0; i < 64 * nlimbs; i++)
    if ((m[i / 64] >> (i % 64)) & 1)
      bits = i + 1;
  if (bits < 2)
    return -1;
  steps = bits >= 46 ? (49 * bits + 57) / 17 : (49 * bits + 80) / 17;
  ctx->batches = (steps + 61) / 62;
  x = m[0];                      /* m^-1 mod 2^64 by Newton */
  for (i = 0; i < 5; i++)
    x *= 2 - m[0] * x;
  ctx->minv62 = x & M62;
  return 0;
}

void
_kc_modinv (uint64_t *r, const uint64_t *a, const kc_modinv_ctx *ctx)
{
  int64_t f[KC_MODINV_MAX_S62], g[KC_MODINV_MAX_S62];
  int64_t d[KC_MODINV_MAX_S62], e[KC_MODINV_MAX_S62], delta = 1;
  unsigned int len = ctx->len, b;
  trans t;

  memcpy (f, ctx->m62, len * sizeof *f);
  to_s62 (g, a, ctx->n, len);
  memset (d, 0, len * sizeof *d);
  memset (e, 0, len * sizeof *e);
  e[0] = 1;
  for (b = 0; b < ctx->batches; b++)
    {
      /* Low 64 bits of f and g (limbs 0 and 1; limb 1 may be the signed
       * top limb, its low bits are what matter). */
      uint64_t f0 = (uint64_t) f[0] | ((uint64_t) (len > 1 ? f[1] : 0) << 62);
      uint64_t g0 = (uint64_t) g[0] | ((uint64_t) (len > 1 ? g[1] : 0) << 62);
      delta = divsteps_62 (delta, f0, g0, &t);
      update_de (d, e, &t, ctx);
      update_fg (f, g, &t, len);
    }
  finish (r, d, f, ctx);
  wipememory (f, len * sizeof *f); wipememory (g, len * sizeof *g);
  wipememory (d, len * sizeof *d); wipememory (e, len * sizeof *e);
  wipememory (&t, sizeof t);
}

void
_kc_modinv_var (uint64_t *r, const uint64_t *a, const kc_modinv_ctx *ctx)
{
  int64_t f[KC_MODINV_MAX_S62], g[KC_MODINV_MAX_S62];
  int64_t d[KC_MODINV_MAX_S62], e[KC_MODINV_MAX_S62], delta = 1;
  unsigned int len = ctx->len, b, i;
  trans t;

  memcpy (f, ctx->m62, len * sizeof *f);
  to_s62 (g, a, ctx->n, len);
  memset (d, 0, len * sizeof *d);
  memset (e, 0, len * sizeof *e);
  e[0] = 1;
  for (b = 0; b < ctx->batches; b++)
    {
      uint64_t f0 = (uint64_t) f[0] | ((uint64_t) (len > 1 ? f[1] : 0) << 62);
      uint64_t g0 = (uint64_t) g[0] | ((uint64_t) (len > 1 ? g[1] : 0) << 62);
      int64_t any = 0;
      for (i = 0; i < len; i++)
        any |= g[i];
      if (!any)
        break;
      delta = divsteps_62_var (delta, f0, g0, &t);
      update_de (d, e, &t, ctx);
      update_fg (f, g, &t, len);
    }
  finish (r, d, f, ctx);
}
