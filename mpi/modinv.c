/* modinv.c - modular inverse by safegcd (Bernstein-Yang divsteps), the
 * one implementation.  Contracts and the bounds are in modinv.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "modinv.h"
#include "limb.h"
#include "mpih.h"

#define M62 ((uint64_t) -1 >> 2)

/* The 128-bit accumulators are limb.h's _kc_i128. */
typedef struct
{
  int64_t u, v, q, r;
} trans;

/* The kernels below are inlined into each entry point, so that the fixed
 * 256-bit one gets straight-line code for its five limbs. */
#if defined(__GNUC__) || defined(__clang__)
# define MI_INLINE static inline __attribute__ ((always_inline))
#else
# define MI_INLINE static inline
#endif

/* COUNT constant-time divsteps on the low 64 bits of f and g (f odd).
 * DELTA advances by STEP per divstep: 1 for delta itself, 2 for the
 * half-delta form, which keeps 2 delta (an odd integer).  The matrix
 * starts as SCALE times the identity, so that with COUNT + log2 SCALE = 62
 * it satisfies 2^62 [f', g'] = [[u, v], [q, r]] [f, g].
 * The loop keeps e = -delta, whose sign bit (an arithmetic shift) is the
 * mask "delta > 0": one instruction where delta's own took three, on the
 * chain that bounds a divstep (doc/MEASUREMENTS). */
MI_INLINE int64_t
divsteps_ct (int64_t delta, uint64_t f, uint64_t g, trans *t, int count,
             int64_t step, uint64_t scale)
{
  uint64_t u = scale, v = 0, q = 0, r = scale, c1, c2, x, y, z;
  int64_t e = -delta;
  int i;

  for (i = 0; i < count; i++)
    {
      /* c1: delta > 0; c2: g odd.  g gets f added, or subtracted when
       * delta > 0; if both (the swap), f then gets the new g added, which
       * makes it the old g: (f, g) = (g, (g - f)) without exchanging
       * registers, and the same for the rows. */
      c1 = ct_barrier_u64 ((uint64_t) (e >> 63));
      c2 = ct_mask_from_flag_u64 (g & 1);
      x = (f ^ c1) - c1;
      y = (u ^ c1) - c1;
      z = (v ^ c1) - c1;
      g += x & c2;
      q += y & c2;
      r += z & c2;
      c1 &= c2;
      /* delta' = -delta + STEP on a swap, else delta + STEP */
      e = (int64_t) (((uint64_t) e ^ c1) - (c1 + (uint64_t) step));
      f += g & c1;
      u += q & c1;
      v += r & c1;
      /* Halve g; double the f row instead (common scale). */
      g >>= 1;
      u <<= 1;
      v <<= 1;
    }
  t->u = (int64_t) u; t->v = (int64_t) v;
  t->q = (int64_t) q; t->r = (int64_t) r;
  return -e;
}

/* Trailing zeros of x != 0 (variable time: only for the _var paths). */
static inline int
ctz64_var (uint64_t x)
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

/* The variable-time steps below cancel the low bits of g by adding a
 * multiple w of f, w = -g/f mod 2^LIM, LIM = min (eta + 1, LEFT, CAP):
 * eta + 1 steps at most before the next swap, LEFT before the end of the
 * batch.  Right after a swap CAP is 6 and 1/f mod 2^6 is -f (f^2 - 2)
 * (one Newton step from f, since f^2 = 1 mod 8); without a swap eta
 * tends to be small, CAP is 4, and 1/f mod 16 needs no product (f^2 = 1
 * mod 16 where f = 1 or 7 mod 8, f^2 = 9 where f = 3 or 5 mod 8, and then
 * f (f + 8) = 1 mod 16; the + 8 is there exactly when bit 2 of f + 1 is
 * set), which takes a product off g's path in the common case
 * (libsecp256k1's variable-time steps split the same way).  The mask of
 * LIM bits is made with the cap as a mask, behind a value barrier: else
 * the compiler applies the cap to the product, a second AND after the
 * multiplication on g's path (doc/MEASUREMENTS, 2026-12-07). */
static inline uint64_t
lim_mask (int64_t eta, int left, uint64_t capmask)
{
  int lim = (int) eta + 1 < left ? (int) eta + 1 : left;   /* 1 .. 62 */
  return ct_barrier_u64 ((~(uint64_t) 0 >> (64 - lim)) & capmask);
}

/* w for odd f and g, eta >= 0, right after a swap (CAP 6) */
static inline uint64_t
step_w_swapped (uint64_t f, uint64_t g, int64_t eta, int left)
{
  return (g * f * (f * f - 2)) & lim_mask (eta, left, 63);
}

/* w for odd f and g, eta >= 0, without a swap (CAP 4) */
static inline uint64_t
step_w (uint64_t f, uint64_t g, int64_t eta, int left)
{
  uint64_t inv16 = f + (((f + 1) & 4) << 1);
  return ((uint64_t) 0 - g * inv16) & lim_mask (eta, left, 15);
}

/* The same divsteps (62 of them, delta starting at 1), variable time, in
 * jumps, written with eta = -delta:
 *  - a run of Z zero low bits of g is Z divsteps at once (g >>= Z, the f
 *    row doubled Z times, eta -= Z);
 *  - with g odd and eta < 0 the step swaps: (f, g) = (g, -f), the rows
 *    exchanged with the old f row negated, eta = -eta;
 *  - then eta >= 0 and the next L = min(eta + 1, steps left, CAP)
 *    divsteps never swap, each adds f when g is odd and halves: together
 *    they add W f to g with W = -g/f mod 2^L, leaving L zero bits that
 *    the next run consumes (CAP and the inverse of f: lim_mask,
 *    step_w and step_w_swapped above).
 * Each jump is exactly a sequence of divsteps: the matrix is the one 62
 * constant-time divsteps would give, with the same bounds. */
static int64_t
divsteps_var (int64_t eta, uint64_t f, uint64_t g, trans *t)
{
  uint64_t u = 1, v = 0, q = 0, r = 1, w, x;
  int left = 62, z;

  for (;;)
    {
      /* Guard bits from LEFT up stop the run at the end of the batch
       * (a mask made from LEFT alone: a single bit set in g put a bts,
       * two cycles here, on g's path) */
      z = ctz64_var (g | (~(uint64_t) 0 << left));
      g >>= z;
      u <<= z;
      v <<= z;
      eta -= z;
      left -= z;
      if (left == 0)
        break;
      /* f and g odd. */
      if (eta < 0)
        {
          eta = -eta;
          x = f; f = g; g = (uint64_t) 0 - x;
          x = u; u = q; q = (uint64_t) 0 - x;
          x = v; v = r; r = (uint64_t) 0 - x;
          w = step_w_swapped (f, g, eta, left);
        }
      else
        w = step_w (f, g, eta, left);
      g += f * w;
      q += u * w;
      r += v * w;
    }
  t->u = (int64_t) u; t->v = (int64_t) v;
  t->q = (int64_t) q; t->r = (int64_t) r;
  return eta;
}

/* [f, g] = [[u, v], [q, r]] [f, g] / 2^62 (exact), for the low LEN limbs
 * (the top one signed); the result is normalized. */
MI_INLINE void
update_fg (int64_t *f, int64_t *g, const trans *t, unsigned int len)
{
  _kc_i128 cf, cg;
  unsigned int i;

  _kc_i128_mul (&cf, t->u, f[0]);
  _kc_i128_accum_mul (&cf, t->v, g[0]);
  _kc_i128_mul (&cg, t->q, f[0]);
  _kc_i128_accum_mul (&cg, t->r, g[0]);
  KC_VERIFY_CHECK ((_kc_i128_to_u64 (&cf) & M62) == 0 && (_kc_i128_to_u64 (&cg) & M62) == 0);
  _kc_i128_rshift (&cf, 62);
  _kc_i128_rshift (&cg, 62);
  for (i = 1; i < len; i++)
    {
      _kc_i128_accum_mul (&cf, t->u, f[i]);
      _kc_i128_accum_mul (&cf, t->v, g[i]);
      _kc_i128_accum_mul (&cg, t->q, f[i]);
      _kc_i128_accum_mul (&cg, t->r, g[i]);
      f[i - 1] = (int64_t) (_kc_i128_to_u64 (&cf) & M62);
      g[i - 1] = (int64_t) (_kc_i128_to_u64 (&cg) & M62);
      _kc_i128_rshift (&cf, 62);
      _kc_i128_rshift (&cg, 62);
    }
  f[len - 1] = (int64_t) _kc_i128_to_u64 (&cf);
  g[len - 1] = (int64_t) _kc_i128_to_u64 (&cg);
}

/* [d, e] = ([[u, v], [q, r]] [d, e] + [kd, ke] m) / 2^62 with d, e in
 * (-2m, m) before and after (modinv.h).  Zero limbs of M are skipped
 * (M is public). */
MI_INLINE void
update_de (int64_t *d, int64_t *e, const trans *t, const int64_t *m,
           uint64_t minv62, unsigned int len)
{
  int64_t sd = d[len - 1] >> 63, se = e[len - 1] >> 63;
  int64_t md, me;
  _kc_i128 cd, ce;
  unsigned int i;

  /* Adding m to a negative d or e: its u (resp. v) multiple of m. */
  md = (t->u & sd) + (t->v & se);
  me = (t->q & sd) + (t->r & se);
  _kc_i128_mul (&cd, t->u, d[0]);
  _kc_i128_accum_mul (&cd, t->v, e[0]);
  _kc_i128_mul (&ce, t->q, d[0]);
  _kc_i128_accum_mul (&ce, t->r, e[0]);
  /* Lower md, me by up to 2^62 - 1 so the low 62 bits vanish. */
  md -= (int64_t) ((minv62 * _kc_i128_to_u64 (&cd) + (uint64_t) md) & M62);
  me -= (int64_t) ((minv62 * _kc_i128_to_u64 (&ce) + (uint64_t) me) & M62);
  _kc_i128_accum_mul (&cd, m[0], md);
  _kc_i128_accum_mul (&ce, m[0], me);
  KC_VERIFY_CHECK ((_kc_i128_to_u64 (&cd) & M62) == 0 && (_kc_i128_to_u64 (&ce) & M62) == 0);
  _kc_i128_rshift (&cd, 62);
  _kc_i128_rshift (&ce, 62);
  for (i = 1; i < len; i++)
    {
      _kc_i128_accum_mul (&cd, t->u, d[i]);
      _kc_i128_accum_mul (&cd, t->v, e[i]);
      _kc_i128_accum_mul (&ce, t->q, d[i]);
      _kc_i128_accum_mul (&ce, t->r, e[i]);
      if (m[i])
        {
          _kc_i128_accum_mul (&cd, m[i], md);
          _kc_i128_accum_mul (&ce, m[i], me);
        }
      d[i - 1] = (int64_t) (_kc_i128_to_u64 (&cd) & M62);
      e[i - 1] = (int64_t) (_kc_i128_to_u64 (&ce) & M62);
      _kc_i128_rshift (&cd, 62);
      _kc_i128_rshift (&ce, 62);
    }
  d[len - 1] = (int64_t) _kc_i128_to_u64 (&cd);
  e[len - 1] = (int64_t) _kc_i128_to_u64 (&ce);
}

/* _var: while the top limbs of f and g are both 0 or -1, fold them into
 * the limb below and work on one limb less. */
static inline void
shrink_var (int64_t *f, int64_t *g, unsigned int *len)
{
  while (*len > 1)
    {
      int64_t fn = f[*len - 1], gn = g[*len - 1];
      if ((fn ^ (fn >> 63)) | (gn ^ (gn >> 63)))
        break;
      f[*len - 2] = (int64_t) ((uint64_t) f[*len - 2] | (uint64_t) fn << 62);
      g[*len - 2] = (int64_t) ((uint64_t) g[*len - 2] | (uint64_t) gn << 62);
      (*len)--;
    }
}

/* 1 if the low LEN limbs of g are all zero (variable time). */
static inline int
is_zero_var (const int64_t *g, unsigned int len)
{
  int64_t any = 0;
  unsigned int i;
  for (i = 0; i < len; i++)
    any |= g[i];
  return !any;
}

/* If FLAG (0/1): a += m, carries propagated (a normalized after).
 * Constant time. */
MI_INLINE void
cond_add_m (int64_t *a, const int64_t *m, unsigned int len, uint64_t flag)
{
  int64_t mask = (int64_t) ct_mask_from_flag_u64 (flag), c = 0;
  unsigned int i;
  for (i = 0; i + 1 < len; i++)
    {
      c += a[i] + (m[i] & mask);
      a[i] = c & (int64_t) M62;
      c >>= 62;
    }
  a[len - 1] += c + (m[len - 1] & mask);
}

/* If FLAG (0/1): a = -a (a normalized after).  Constant time. */
MI_INLINE void
cond_negate (int64_t *a, unsigned int len, uint64_t flag)
{
  int64_t mask = (int64_t) ct_mask_from_flag_u64 (flag), c = 0;
  unsigned int i;
  for (i = 0; i + 1 < len; i++)
    {
      c += (a[i] ^ mask) - mask;
      a[i] = c & (int64_t) M62;
      c >>= 62;
    }
  a[len - 1] = c + ((a[len - 1] ^ mask) - mask);
}

/* d in (-2m, m) (normalized), FSIGN the top limb of f = +-1:
 * d = d f mod m in [0, m).  Constant time. */
MI_INLINE void
finish (int64_t *d, int64_t fsign, const int64_t *m, unsigned int len)
{
  cond_add_m (d, m, len, (uint64_t) d[len - 1] >> 63);     /* (-m, m) */
  cond_negate (d, len, (uint64_t) fsign >> 63);            /* (-m, m) */
  cond_add_m (d, m, len, (uint64_t) d[len - 1] >> 63);     /* [0, m) */
}

/* ------------------------------------------------- fixed 256-bit moduli */

MI_INLINE void
to_s62_256 (int64_t g[5], const uint64_t a[4])
{
  g[0] = (int64_t) (a[0] & M62);
  g[1] = (int64_t) ((a[0] >> 62 | a[1] << 2) & M62);
  g[2] = (int64_t) ((a[1] >> 60 | a[2] << 4) & M62);
  g[3] = (int64_t) ((a[2] >> 58 | a[3] << 6) & M62);
  g[4] = (int64_t) (a[3] >> 56);
}

/* D nonnegative and normalized, below 2^256. */
MI_INLINE void
from_s62_256 (uint64_t r[4], const int64_t d[5])
{
  r[0] = (uint64_t) d[0] | (uint64_t) d[1] << 62;
  r[1] = (uint64_t) d[1] >> 2 | (uint64_t) d[2] << 60;
  r[2] = (uint64_t) d[2] >> 4 | (uint64_t) d[3] << 58;
  r[3] = (uint64_t) d[3] >> 6 | (uint64_t) d[4] << 56;
}

void
_kc_modinv256 (uint64_t r[4], const uint64_t a[4],
               const _kc_modinv256_modulus *mod)
{
  int64_t f[5], g[5], d[5] = { 0, 0, 0, 0, 0 }, e[5] = { 1, 0, 0, 0, 0 };
  int64_t delta = 1;                    /* 2 delta: delta = 1/2 */
  trans t;
  int b;

  memcpy (f, mod->m, sizeof f);
  to_s62_256 (g, a);
  for (b = 0; b < 10; b++)
    {
      /* 59 divsteps, matrix scaled by 2^3: a division by 2^62 each. */
      delta = divsteps_ct (delta, (uint64_t) f[0], (uint64_t) g[0], &t,
                           59, 2, 8);
      update_de (d, e, &t, mod->m, mod->minv62, 5);
      update_fg (f, g, &t, 5);
    }
  KC_VERIFY_CHECK ((g[0] | g[1] | g[2] | g[3] | g[4]) == 0);
  finish (d, f[4], mod->m, 5);
  from_s62_256 (r, d);
  wipememory (f, sizeof f); wipememory (g, sizeof g);
  wipememory (d, sizeof d); wipememory (e, sizeof e);
  wipememory (&t, sizeof t); wipememory (&delta, sizeof delta);
}

void
_kc_modinv256_var (uint64_t r[4], const uint64_t a[4],
                   const _kc_modinv256_modulus *mod)
{
  int64_t f[5], g[5], d[5] = { 0, 0, 0, 0, 0 }, e[5] = { 1, 0, 0, 0, 0 };
  int64_t eta = -1;                     /* -delta, delta = 1 */
  unsigned int len = 5;
  trans t;
  int b;

  memcpy (f, mod->m, sizeof f);
  to_s62_256 (g, a);
  /* 742 divsteps suffice from delta = 1 (theorem 11.2): 12 batches. */
  for (b = 0; b < 12 && !is_zero_var (g, len); b++)
    {
      eta = divsteps_var (eta, (uint64_t) f[0], (uint64_t) g[0], &t);
      update_de (d, e, &t, mod->m, mod->minv62, 5);
      update_fg (f, g, &t, len);
      shrink_var (f, g, &len);
    }
  KC_VERIFY_CHECK (is_zero_var (g, len));
  finish (d, f[len - 1], mod->m, 5);
  from_s62_256 (r, d);
}

/* The divsteps of divsteps_var with f and g kept nonnegative, for the
 * Jacobi symbol: a swap is (f, g) = (g, f) instead of (g, -f), and J (bit
 * 0: the sign of the symbol (g/f) collected so far) follows the rules
 * that hold for odd positive f:
 *  - g/2^Z: (2/f) = -1 iff f = 3 or 5 mod 8, once per odd Z;
 *  - the swap of odd f, g: reciprocity, -1 iff f = g = 3 mod 4;
 *  - g + W f: no change.
 * The local f and g are exact in their low 64 - (steps taken) bits (the
 * caller gives the low 64 bits); at most 61 steps are taken before the
 * last test, which reads 3 bits.  The
 * rows are built by the same moves as divsteps_var's (only the sign of
 * the swapped row differs), so they keep its bound |u|+|v|, |q|+|r| <=
 * 2^62, and they are nonnegative. */
static int64_t
posdivsteps_var (int64_t eta, uint64_t f, uint64_t g, trans *t,
                 unsigned int *j)
{
  uint64_t u = 1, v = 0, q = 0, r = 1, w, x;
  unsigned int jac = *j;
  int left = 62, z;

  for (;;)
    {
      z = ctz64_var (g | (~(uint64_t) 0 << left));
      g >>= z;
      u <<= z;
      v <<= z;
      eta -= z;
      left -= z;
      jac ^= (unsigned int) (z & ((f >> 1) ^ (f >> 2)));
      if (left == 0)
        break;
      if (eta < 0)
        {
          eta = -eta;
          x = f; f = g; g = x;
          x = u; u = q; q = x;
          x = v; v = r; r = x;
          jac ^= (unsigned int) ((f & g) >> 1);
          w = step_w_swapped (f, g, eta, left);
        }
      else
        w = step_w (f, g, eta, left);
      g += f * w;
      q += u * w;
      r += v * w;
    }
  t->u = (int64_t) u; t->v = (int64_t) v;
  t->q = (int64_t) q; t->r = (int64_t) r;
  *j = jac & 1;
  return eta;
}

int
_kc_modinv256_jacobi_var (const uint64_t a[4],
                          const _kc_modinv256_modulus *mod)
{
  int64_t f[5], g[5];
  int64_t eta = -1;
  unsigned int len = 5, jac = 0, i;
  uint64_t lo_f, lo_g;
  trans t;
  int b;

  memcpy (f, mod->m, sizeof f);
  to_s62_256 (g, a);
  /* f holds M as its (possibly negative) limbs: normalize it, so that
   * the low limbs are in [0, 2^62) as update_fg leaves them. */
  for (i = 0; i < 4; i++)
    {
      f[i + 1] += f[i] >> 62;
      f[i] &= (int64_t) M62;
    }
  /* The positive divsteps have no proven bound; 25 batches (1550 steps,
   * twice what the signed ones need) and then give up. */
  for (b = 0; b < 25; b++)
    {
      /* (g/1) = 1 for every g: the sign collected is the answer.  (The
       * steps would not take g to 0 from f = 1, unlike the signed ones:
       * g = 1 becomes 1 + (2^L - 1) and halves back to 1.) */
      if (f[0] == 1)
        {
          for (i = 1; i < len && !f[i]; i++)
            ;
          if (i == len)
            return 1 - 2 * (int) jac;
        }
      /* g = 0 with f != 1: f = gcd (a, M) > 1. */
      if (is_zero_var (g, len))
        return 0;
      /* The signs read bits up to 63 of f and g (the inverses' steps
       * read only up to bit 61): the low 64 bits, not the low limb. */
      lo_f = (uint64_t) f[0] | (len > 1 ? (uint64_t) f[1] << 62 : 0);
      lo_g = (uint64_t) g[0] | (len > 1 ? (uint64_t) g[1] << 62 : 0);
      eta = posdivsteps_var (eta, lo_f, lo_g, &t, &jac);
      update_fg (f, g, &t, len);
      shrink_var (f, g, &len);
    }
  return 0;
}

/* ---------------------------------------------------- any odd modulus */

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

/* a nonnegative, normalized, < 2^(64n). */
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

int
_kc_modinv_setup (_kc_modinv_ctx *ctx, const uint64_t *m, unsigned int nlimbs)
{
  unsigned int bits, i, steps, top;
  uint64_t x;

  if (nlimbs < 1 || nlimbs > KC_MODINV_MAX_LIMBS || !(m[0] & 1))
    return -1;
  /* Every field is set below; the arrays only as far as N and LEN. */
  for (top = nlimbs; top > 1 && !m[top - 1]; top--)
    ;
  bits = 64 * top - _kc_mpih_clz (m[top - 1]);
  if (bits < 2)
    return -1;
  ctx->n = nlimbs;
  ctx->len = (64 * nlimbs + 2) / 62 + 1;
  to_s62 (ctx->m62, m, nlimbs, ctx->len);
  memcpy (ctx->m64, m, nlimbs * sizeof *m);
  steps = bits >= 46 ? (49 * bits + 57) / 17 : (49 * bits + 80) / 17;
  ctx->batches = (steps + 61) / 62;
  KC_VERIFY_CHECK (ctx->batches <= KC_MODINV_MAX_BATCHES);
  x = m[0];                      /* m^-1 mod 2^64 by Newton */
  for (i = 0; i < 5; i++)
    x *= 2 - m[0] * x;
  ctx->minv64 = x;
  ctx->minv62 = x & M62;
  return 0;
}

void
_kc_modinv (uint64_t *r, const uint64_t *a, const _kc_modinv_ctx *ctx)
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
      delta = divsteps_ct (delta, (uint64_t) f[0], (uint64_t) g[0], &t,
                           62, 1, 1);
      update_de (d, e, &t, ctx->m62, ctx->minv62, len);
      update_fg (f, g, &t, len);
    }
  finish (d, f[len - 1], ctx->m62, len);
  from_s62 (r, d, ctx->n, len);
  wipememory (f, len * sizeof *f); wipememory (g, len * sizeof *g);
  wipememory (d, len * sizeof *d); wipememory (e, len * sizeof *e);
  wipememory (&t, sizeof t);
}

/* ---- the variable-time general version: cofactors as integers ----
 *
 * _kc_modinv_var does not keep d, e reduced mod m.  It tracks the exact
 * integer cofactors of a: after k batches 2^(62k) f = A m + D a and
 * 2^(62k) g = B m + E a, so D' = u D + v E and E' = q D + r E with no
 * division and no multiple of m.  D and E start at 0 and 1 and grow by
 * at most 62 bits a batch (|u| + |v| <= 2^62), on average by 62 minus
 * what f and g lose (about 30 bits), so like f and g they are short for
 * half the run; when g = 0, f = +-gcd and, if that is +-1, a^-1 = f D
 * 2^(-62k) mod m, one Montgomery reduction by 62k bits at the end. */

/* D, E hold at most one limb more than the batches run, plus the two
 * that an update appends before it shrinks. */
#define COF_LIMBS (KC_MODINV_MAX_BATCHES + 3)

/* [d, e] = [[u, v], [q, r]] [d, e] over LEN limbs (the low ones in
 * [0, 2^62), the top one signed with |top| <= 2^62), then two limbs
 * appended for the carry and the top limbs folded while both are 0 or
 * -1.  |d'|, |e'| <= 2^62 max (|d|, |e|). */
static inline void
update_cof_var (int64_t *d, int64_t *e, const trans *t, unsigned int *len)
{
  _kc_i128 cd, ce;
  unsigned int i, n = *len;

  _kc_i128_mul (&cd, 0, 0);
  _kc_i128_mul (&ce, 0, 0);
  for (i = 0; i < n; i++)
    {
      _kc_i128_accum_mul (&cd, t->u, d[i]);
      _kc_i128_accum_mul (&cd, t->v, e[i]);
      _kc_i128_accum_mul (&ce, t->q, d[i]);
      _kc_i128_accum_mul (&ce, t->r, e[i]);
      d[i] = (int64_t) (_kc_i128_to_u64 (&cd) & M62);
      e[i] = (int64_t) (_kc_i128_to_u64 (&ce) & M62);
      _kc_i128_rshift (&cd, 62);
      _kc_i128_rshift (&ce, 62);
    }
  /* |carry| <= 2^62: limb n in [0, 2^62), limb n + 1 in {-1, 0, 1}. */
  d[n] = (int64_t) (_kc_i128_to_u64 (&cd) & M62);
  e[n] = (int64_t) (_kc_i128_to_u64 (&ce) & M62);
  _kc_i128_rshift (&cd, 62);
  _kc_i128_rshift (&ce, 62);
  d[n + 1] = (int64_t) _kc_i128_to_u64 (&cd);
  e[n + 1] = (int64_t) _kc_i128_to_u64 (&ce);
  n += 2;
  shrink_var (d, e, &n);
  *len = n;
}

/* R[0..N) = X 2^(-BITS) mod M in [0, m) for X = T[0..TN) < 2^BITS (T is
 * destroyed; it has room for max (TN, BITS/64 + N) + 2 limbs, zero above
 * TN).  Montgomery reduction a limb at a time, the last BITS mod 64 bits
 * in one partial step; MINV = m^-1 mod 2^64.  Each full step keeps the
 * value below X / 2^(64i) + m, the partial one brings it to at most m. */
static void
redc_bits_var (uint64_t *r, uint64_t *t, size_t tn, unsigned long bits,
               const uint64_t *m, size_t n, uint64_t minv)
{
  size_t w = bits / 64, i, top, len;
  unsigned int s = (unsigned int) (bits % 64);
  uint64_t q, c;

  top = (tn > w + n ? tn : w + n) + 2;       /* limbs in use */
  for (i = 0; i < w; i++)
    {
      size_t j = i + n;
      q = (uint64_t) 0 - t[i] * minv;
      c = _kc_mpih_addmul_1 (t + i, m, n, q);
      while (c && j < top)
        {
          t[j] += c;
          c = t[j] < c;
          j++;
        }
    }
  t += w;
  len = top - w;
  if (s)
    {
      size_t j = n;
      q = ((uint64_t) 0 - t[0] * minv) & (((uint64_t) 1 << s) - 1);
      c = _kc_mpih_addmul_1 (t, m, n, q);
      while (c && j < len)
        {
          t[j] += c;
          c = t[j] < c;
          j++;
        }
      _kc_mpih_rshift (t, t, len, s);
    }
  /* t <= m: n limbs and at most one more, which is then 0 or m's carry. */
  if (_kc_mpih_normalize_var (t, len) > n
      || _kc_mpih_cmp_var (t, m, n) >= 0)
    _kc_mpih_sub_n (t, t, m, n);
  memmove (r, t, n * sizeof *r);
}

int
_kc_modinv_var (uint64_t *r, const uint64_t *a, const _kc_modinv_ctx *ctx)
{
  int64_t f[KC_MODINV_MAX_S62], g[KC_MODINV_MAX_S62];
  int64_t d[COF_LIMBS], e[COF_LIMBS], eta = -1, fs;
  uint64_t t[COF_LIMBS + KC_MODINV_MAX_LIMBS + 4];
  unsigned int len = ctx->len, flen = len, clen = 1, b, i;
  size_t tn;
  int neg;
  trans tr;

  memcpy (f, ctx->m62, len * sizeof *f);
  to_s62 (g, a, ctx->n, len);
  shrink_var (f, g, &flen);
  d[0] = 0;
  e[0] = 1;
  for (b = 0; b < ctx->batches && !is_zero_var (g, flen); b++)
    {
      eta = divsteps_var (eta, (uint64_t) f[0], (uint64_t) g[0], &tr);
      update_cof_var (d, e, &tr, &clen);
      update_fg (f, g, &tr, flen);
      shrink_var (f, g, &flen);
    }
  /* g = 0 and f = +-gcd (a, m). */
  fs = f[flen - 1];
  if (flen != 1 || (fs != 1 && fs != -1))
    {
      memset (r, 0, ctx->n * sizeof *r);
      return 0;
    }
  /* |D| in 64-bit limbs; the sign of f D decides the last step. */
  neg = (d[clen - 1] < 0) ^ (fs < 0);
  cond_negate (d, clen, (uint64_t) d[clen - 1] >> 63);
  if (d[clen - 1] > (int64_t) M62)           /* |D| = 2^(62 clen) */
    {
      d[clen] = d[clen - 1] >> 62;
      d[clen - 1] &= (int64_t) M62;
      clen++;
    }
  tn = (62 * (size_t) clen + 63) / 64;
  memset (t, 0, sizeof t);
  from_s62 (t, d, (unsigned int) tn, clen);
  redc_bits_var (t, t, tn, 62UL * b, ctx->m64, ctx->n, ctx->minv64);
  if (neg)
    {
      for (i = 0; i < ctx->n && !t[i]; i++)
        ;
      if (i < ctx->n)
        _kc_mpih_sub_n (t, ctx->m64, t, ctx->n);
    }
  memcpy (r, t, ctx->n * sizeof *r);
  wipememory (d, clen * sizeof *d);
  return 1;
}
