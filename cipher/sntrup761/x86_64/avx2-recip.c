/* sntrup761/x86_64/avx2-recip.c - the sntrup761 reciprocals in AVX2
 * (contracts in sntrup761/x86_64/avx2.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fixed-schedule divsteps of the NTRU Prime reference (2p - 1 = 1521
 * iterations).  In Rq two iterations a pass over f, g, v, r, 16 int16
 * lanes at a time, lazily reduced (g + k f with k = -g0 / f0, Shoup-style
 * products); in R3 one a pass, bitsliced, two 768-bit planes per
 * polynomial.  Both skip the lanes that provably cannot matter any more
 * (public bounds depending on the iteration count only).  The
 * per-iteration scalars (delta, f[0], g[0], 1/f[0]) go through the
 * constant-time toolbox; the lane operations are branch-free (select,
 * multiply, shift).
 * Also here: 1/(3 in) for any frozen in (batch key generation).
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

#define N 768                   /* P padded to a multiple of 32 lanes */

/* ---- reciprocals by divsteps ---- */

/* A scalar multiplier for lincomb: B (frozen, |B| <= 2295) and
 * B' = round (B 2^15 / q), |B'| <= 16383. */
struct fq_scalar
{
  __m256i b, bs;
};

KC_AVX2 static inline struct fq_scalar
fq_scalar (int32_t b)
{
  struct fq_scalar r;
  r.b = _mm256_set1_epi16 ((int16_t) b);
  r.bs = _mm256_set1_epi16 ((int16_t) fq_shoup (b));
  return r;
}

/* x B + y C mod q, lazily reduced, for 16 lanes (Shoup/Barrett style, 5
 * multiplications): with t = round (x B' / 2^15) + round (y C' / 2^15),
 * the result x B + y C - q t is computed mod 2^16 (vpmullw) and is exact
 * because its true value is small.  Bound: round (x B' / 2^15) is within
 * 1/2 + |x| 2^-16 of x B / q, so |x B - q round (...)| <= q (1/2 + |x|
 * 2^-16).  For any int16 x, y that is <= q = 4591 per term, |result| <=
 * 9182; for |x|, |y| <= 9182 it is <= 2 q (1/2 + 0.141) = 5886 < 2^15.
 * So lanes stay within 9182 whatever they start from. */
KC_AVX2 static inline __m256i
lincomb (__m256i x, struct fq_scalar b, __m256i y, struct fq_scalar c)
{
  __m256i t = _mm256_add_epi16 (_mm256_mulhrs_epi16 (x, b.bs),
                                _mm256_mulhrs_epi16 (y, c.bs));
  __m256i v = _mm256_add_epi16 (_mm256_mullo_epi16 (x, b.b),
                                _mm256_mullo_epi16 (y, c.b));
  return _mm256_sub_epi16 (v, _mm256_mullo_epi16 (t, _mm256_set1_epi16 (Q)));
}

/* x + y C mod q, lazily reduced, for 16 lanes (3 multiplications):
 * |y C - q round (y C' / 2^15)| <= q (1/2 + |y| 2^-16) as in lincomb, so
 * the result is x plus at most q (1/2 + 32767 2^-16) < q = 4591 in
 * magnitude; x itself is not reduced, which the iteration schedule below
 * accounts for. */
KC_AVX2 static inline __m256i
addmul (__m256i x, __m256i y, struct fq_scalar c)
{
  __m256i t = _mm256_mulhrs_epi16 (y, c.bs);
  __m256i v = _mm256_add_epi16 (x, _mm256_mullo_epi16 (y, c.b));
  return _mm256_sub_epi16 (v, _mm256_mullo_epi16 (t, _mm256_set1_epi16 (Q)));
}

/* SW ? B : A for the Rq kernel, as xor-and-xor: vpblendvb would take
 * the pipe the multiplications need on CPUs with one 128-bit multiplier
 * (AMD EPYC family 23: this kernel 15% faster so); the R3 kernel, which
 * has no multiplications, keeps vpblendvb (faster there). */
KC_AVX2 static inline __m256i
select16 (__m256i a, __m256i b, __m256i sw)
{
  return _mm256_xor_si256 (a, _mm256_and_si256 (_mm256_xor_si256 (a, b), sw));
}

/* The state: g, v, r, lane i of each at x[PAD + i], and f one lane
 * lower (f[i + 1] at f[PAD + i]; its lane 0 is the scalar f0, kept as
 * 1/f0).  The shifts (g down by one lane an iteration, v up by one) are
 * done by reading at lane offsets (0, +1 for f; +1, +2 for g; 0, -1 for
 * r; -1, -2 for v), stores are aligned and in place: f, g ascending (a
 * vector's outputs depend on lanes at and above it), v, r descending.
 * Padding lanes stay zero (never written), so v shifts zeros in at the
 * bottom. */
#define PAD 16
struct recip3_state
{
  int16_t f[PAD + N + PAD] __attribute__ ((aligned (32)));
  int16_t g[PAD + N + PAD] __attribute__ ((aligned (32)));
  int16_t v[PAD + N + PAD] __attribute__ ((aligned (32)));
  int16_t r[PAD + N + PAD] __attribute__ ((aligned (32)));
};

/* Every RED-th iteration reduces (g, r) fully; the RED - 1 between only
 * add to them (see the bounds below). */
#define RED 6
#define LANE_RED 9182                   /* |g|, |r| after a reducing step */
#define LANE_STEP 4591                  /* growth a non-reducing step */
#define LANE_MAX (LANE_RED + (RED - 1) * LANE_STEP)     /* 32137 */

/* Lanes of f, g iteration n needs (see below). */
static inline int
recip_lanes (int n)
{
  return 2 * P - n < P + 1 ? 2 * P - n : P + 1;
}

#ifdef KC_VERIFY
/* --enable-verify: the lanes that matter within the schedule's bounds,
 * after N_DONE iterations, M of them since the last reducing one (the
 * inputs count as reduced). */
static void
check_lanes (const struct recip3_state *s, int n_done, int m)
{
  int lf = recip_lanes (n_done);
  int bound = LANE_RED + LANE_STEP * m;
  int i;
  for (i = 0; i < N; i++)
    {
      if (i < lf)
        {
          KC_VERIFY_CHECK (s->g[PAD + i] >= -bound && s->g[PAD + i] <= bound);
          KC_VERIFY_CHECK (s->f[PAD + i] >= -LANE_MAX && s->f[PAD + i] <= LANE_MAX);
        }
      KC_VERIFY_CHECK (s->v[PAD + i] >= -LANE_MAX && s->v[PAD + i] <= LANE_MAX);
      KC_VERIFY_CHECK (s->r[PAD + i] >= -bound && s->r[PAD + i] <= bound);
    }
  for (i = 0; i < PAD; i++)
    KC_VERIFY_CHECK (s->v[i] == 0 && s->r[i] == 0);
}
#endif

/* Which lanes each iteration must compute (n is public, so these bounds
 * leak nothing):
 *  - v, r: at the start of iteration n, v has nonzero lanes only at indices
 *    <= n - 1 and r at <= n (lanes > 761 are don't-care that never reach
 *    f, g or the output).
 *  - f, g: lane i of f and g after iteration n depends only on lanes i and
 *    i + 1 before it (and the scalars f[0], g[0]); what the algorithm
 *    finally needs from f, g is f[0] and the g[0] of every iteration.  So
 *    iteration n only needs lanes < L(n) = min (p + 1, 2p - n), a bound
 *    that drops by one per iteration in the second half; lanes above it
 *    hold stale or garbage values (int16 arithmetic wraps) that never flow
 *    back down.
 *
 * Scaling: the reference swaps (f, v) with (g, r) and then sets
 * g <- f0 g - g0 f, r <- f0 r - g0 v from the swapped values.  After a
 * swap that is exactly -1 times the same formula applied to the values
 * before the swap, so computing g, r from the unswapped values (no blends
 * needed for them) only multiplies the pair (g, r) by -1.  The algorithm
 * is invariant under scaling (g, r) jointly by a nonzero constant: later
 * combinations are linear in (g, g[0]) and (r, g[0]), a swap moves the
 * scaled pair into (f, v), and the result v / f[0] and every test
 * g[0] != 0 are unchanged.  (Same argument in R3, with the constant +-1.)
 * So here g <- g + k f and r <- r + k v with k = -g0 / f0, the reference's
 * pair divided by +-f0: 3 multiplications a lane (addmul) where f0 g - g0 f
 * takes 5.  1/f0 costs a scalar exponentiation an iteration (of g0, the
 * f0 of the next iteration if it swaps): 19 dependent multiplications, too
 * long a chain to leave to the out-of-order window, so a pass runs one
 * multiplication of each pending chain with each of its vectors.
 *
 * Two iterations a pass.  On 128-bit-wide AVX2 machines memory
 * operations, not the multiplier, bounded a one-iteration pass, so each
 * pass does iterations n and n + 1, storing every vector once for the
 * two: with f1 = sw1 ? g : f, g1 = (g + k1 f) / x, f2 = sw2 ? g1 : f1,
 * g2 = (g1 + k2 f1) / x, and f stored one lane lower (F = f / x,
 * dropping f0), an output vector needs g1 at lane offset 1 only:
 * F2 = sw2 ? (g1 / x) : (f1 / x) and g2 from the same two vectors, so
 * 2 addmuls for the 2 iterations.  Likewise with v1 = sw1 ? r : x v,
 * r1 = r + k1 x v, v2 = sw2 ? r1 : x v1, r2 = r1 + k2 x v1 one vector of
 * v, r needs r1 at offset 0 only.  The scalars of iteration n + 1 come
 * from those of n and lanes 0, 1 of f, g: g1[0] = g[1] + k1 f[1].
 * 2p - 1 is odd: the last pass's second iteration is void (k2 = 0, no
 * swap), which only shifts v up once more.
 *
 * Bounds.  addmul adds less than q = 4591 to g and r and does not reduce
 * them, so every RED = 6th iteration (always a pass's second) uses
 * lincomb (g 1 + f k, r 1 + v k), which leaves |g|, |r| <= 2 q = 9182
 * whatever the inputs.  So at most 5 iterations after a reducing one
 * |g|, |r| <= 9182 + 5 4591 = 32137, and f, v (earlier values of g, r)
 * obey the same bound: no lane that matters ever wraps.  Inputs start
 * frozen. */

/* The scalars before an (even) iteration n: delta, 1/f0, g0 = g[0], 1/g0
 * and the frozen lanes 1 of g and f. */
struct rq_pass
{
  int32_t delta, finv, g0, ginv, g1, f1;
};

/* a^(q - 2) = 1/a by left-to-right square and multiply over the bits of
 * q - 2 = 4589 = 1 0001 1110 1101b below the top one: 0 squares, 1
 * multiplies by a. */
#define CHAIN 19
static const uint8_t recip_chain[CHAIN] = {
  0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1
};

/* One multiplication of each of the two chains, at step I. */
#define CHAIN_STEP(i)                                                   \
  do                                                                    \
    {                                                                   \
      ca = fq_mul_lazy (ca, recip_chain[i] ? g0b : ca);                 \
      cb = fq_mul_lazy (cb, recip_chain[i] ? nx->g0 : cb);              \
    }                                                                   \
  while (0)

/* The scalars of a pass's two iterations as vectors. */
struct pass_scalars
{
  struct fq_scalar k1, k2;
  __m256i sw1, sw2;
};

/* Both halves of a pass (f, g and v, r) have one shape: after iteration
 * n, a = sw1 ? a0 : a1 (the pair's moved member) and b = b0 + k1 b1 (its
 * combined one); after n + 1, *MOVED = sw2 ? b : a and *COMB = b + k2 a,
 * fully reduced if REDUCE. */
KC_AVX2 static KC_ALWAYS_INLINE void
two_steps (__m256i *moved, __m256i *comb, __m256i a0, __m256i a1,
           __m256i b0, __m256i b1, const struct pass_scalars *ks, int reduce)
{
  const struct fq_scalar one = fq_scalar (1);
  __m256i a = select16 (a0, a1, ks->sw1);
  __m256i b = addmul (b0, b1, ks->k1);
  *moved = select16 (a, b, ks->sw2);
  *comb = reduce ? lincomb (b, one, a, ks->k2) : addmul (b, a, ks->k2);
}

/* Iterations n and n + 1 (only n if LAST) from the scalars in CUR; the
 * next pass's in NX.  REDUCE: iteration n + 1 reduces. */
KC_AVX2 static KC_ALWAYS_INLINE void
rq_divstep_pass2 (struct recip3_state *sp, int n, const struct rq_pass *cur,
                  struct rq_pass *nx, int reduce, int last)
{
  int16_t *f = sp->f + PAD, *g = sp->g + PAD, *v = sp->v + PAD, *r = sp->r + PAD;
  /* At least one vector: the last pass needs none of f, g (L = 0) but
   * takes its next-pass scalars from vector 0 all the same. */
  int lf = recip_lanes (n + 2);
  int jf = lf > 0 ? (lf + 16 - 1) / 16 : 1;
  int jv = (n + 2) / 16 < N / 16 - 1 ? (n + 2) / 16 : N / 16 - 1;
  uint32_t sw1m, sw2m;
  int32_t k1, d1, finv1, g0b, ca, cb = 0;
  struct pass_scalars ks;
  int i, j;

  /* Iteration n. */
  sw1m = mask_negative (-cur->delta) & ct_mask_nonzero_u32 ((uint32_t) cur->g0);
  k1 = fq_mul (-cur->g0, cur->finv);
  ks.k1 = fq_scalar (k1);
  d1 = (int32_t) ct_select_u32 (sw1m, (uint32_t) -cur->delta, (uint32_t) cur->delta) + 1;
  finv1 = (int32_t) ct_select_u32 (sw1m, (uint32_t) cur->ginv, (uint32_t) cur->finv);
  /* Iteration n + 1: its g0 is lane 1 of g + k1 f. */
  g0b = fq_freeze32 (cur->g1 + k1 * cur->f1);
  if (last)
    {
      sw2m = 0;
      ks.k2 = fq_scalar (0);
      nx->delta = d1;
    }
  else
    {
      sw2m = mask_negative (-d1) & ct_mask_nonzero_u32 ((uint32_t) g0b);
      ks.k2 = fq_scalar (fq_mul (-g0b, finv1));
      nx->delta = (int32_t) ct_select_u32 (sw2m, (uint32_t) -d1, (uint32_t) d1) + 1;
    }
  ks.sw1 = _mm256_set1_epi32 ((int32_t) sw1m);
  ks.sw2 = _mm256_set1_epi32 ((int32_t) sw2m);
  ca = g0b;                             /* 1/g0b: for iteration n + 2's f0 */

  for (j = 0; j < jf; j++)
    {
      /* f is stored a lane lower than g: f[i + 1] at lane i. */
      __m256i f1 = _mm256_load_si256 ((const __m256i *) (f + 16 * j));
      __m256i f2 = _mm256_loadu_si256 ((const __m256i *) (f + 16 * j + 1));
      __m256i g1 = _mm256_loadu_si256 ((const __m256i *) (g + 16 * j + 1));
      __m256i g2 = _mm256_loadu_si256 ((const __m256i *) (g + 16 * j + 2));
      /* After iteration n, at lane offset 1: f and g / x; after n + 1,
       * f at offset 1 and g at 0. */
      __m256i fb, gb;
      two_steps (&fb, &gb, f1, g1, g2, f2, &ks, reduce);
      _mm256_store_si256 ((__m256i *) (f + 16 * j), fb);
      _mm256_store_si256 ((__m256i *) (g + 16 * j), gb);
      if (j == 0)
        {
          nx->g0 = fq_freeze32 ((int16_t) _mm256_extract_epi16 (gb, 0));
          nx->g1 = fq_freeze32 ((int16_t) _mm256_extract_epi16 (gb, 1));
          nx->f1 = fq_freeze32 ((int16_t) _mm256_extract_epi16 (fb, 0));
          cb = nx->g0;                  /* 1/g0 of iteration n + 2 */
        }
      else if (j <= CHAIN)
        CHAIN_STEP (j - 1);
    }
  for (j = jv; j >= 0; j--)
    {
      __m256i r0 = _mm256_load_si256 ((const __m256i *) (r + 16 * j));
      __m256i r1 = _mm256_loadu_si256 ((const __m256i *) (r + 16 * j - 1));
      __m256i v1 = _mm256_loadu_si256 ((const __m256i *) (v + 16 * j - 1));
      __m256i v2 = _mm256_loadu_si256 ((const __m256i *) (v + 16 * j - 2));
      /* x v and r after iteration n; v and r after n + 1. */
      __m256i vb, rb;
      two_steps (&vb, &rb, v2, r1, r0, v1, &ks, reduce);
      _mm256_store_si256 ((__m256i *) (v + 16 * j), vb);
      _mm256_store_si256 ((__m256i *) (r + 16 * j), rb);
      i = jf - 1 + jv - j;              /* chain steps done so far */
      if (i < CHAIN)
        CHAIN_STEP (i);
    }
  for (i = jf + jv; i < CHAIN; i++)
    CHAIN_STEP (i);

  ca = fq_freeze32 (ca);
  if (last)
    nx->finv = finv1;
  else
    nx->finv = (int32_t) ct_select_u32 (sw2m, (uint32_t) ca, (uint32_t) finv1);
  nx->ginv = fq_freeze32 (cb);
  KC_VERIFY_CHECK (fq_mul (ca, g0b) == (g0b != 0));
  KC_VERIFY_CHECK (fq_mul (nx->ginv, nx->g0) == (nx->g0 != 0));
}
#undef CHAIN_STEP

/* The divsteps on S, whose g holds the input reversed (frozen int16
 * values); out = 1/(3 in). */
KC_AVX2 static int
rq_recip3_core (int16_t out[P], struct recip3_state *sp)
{
#define s (*sp)
  struct rq_pass st[2];
  int32_t t;
  int i, n;

  /* f = 1 - x^(p-1) - x^p reversed, stored from lane 1 (its lane 0, the
   * first f0 = 1, is finv). */
  s.f[PAD + P - 2] = s.f[PAD + P - 1] = -1;
  s.r[PAD + 0] = RECIP3;
  st[0].delta = 1;
  st[0].finv = 1;
  st[0].g0 = s.g[PAD + 0];
  st[0].ginv = fq_recip (st[0].g0);
  st[0].g1 = s.g[PAD + 1];
  st[0].f1 = s.f[PAD + 0];

  for (n = 0; n < 2 * P - 1; n += 2)
    {
      const struct rq_pass *cur = &st[(n / 2) & 1];
      struct rq_pass *nx = &st[(n / 2 + 1) & 1];
      if (n + 1 == 2 * P - 1)
        rq_divstep_pass2 (&s, n, cur, nx, 0, 1);
      else if (n % RED == RED - 2)
        rq_divstep_pass2 (&s, n, cur, nx, 1, 0);
      else
        rq_divstep_pass2 (&s, n, cur, nx, 0, 0);
      KC_VERIFY_ONLY (check_lanes (&s, n + 2, (n + 2) % RED));
    }
#define fin st[((2 * P - 1) / 2 + 1) & 1]

  /* out = v reversed, divided by f[0]; the void last iteration shifted v
   * up once more. */
  for (i = 0; i < P; i++)
    out[i] = (int16_t) fq_mul (fin.finv, fq_freeze32 (s.v[PAD + P - i]));

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) fin.delta);
  wipememory (&s, sizeof s);
  wipememory (st, sizeof st);
  return t;
#undef fin
#undef s
}

KC_AVX2 int
_kc_sntrup761_rq_recip3_avx2 (int16_t out[P], const int8_t in[P])
{
  struct recip3_state s;
  int i;

  memset (&s, 0, sizeof s);
  for (i = 0; i < P; i++)
    s.g[PAD + P - 1 - i] = in[i];
  return rq_recip3_core (out, &s);
}

KC_AVX2 int
_kc_sntrup761_rq_recip3_fq_avx2 (int16_t out[P], const int16_t in[P])
{
  struct recip3_state s;
  int i;

  memset (&s, 0, sizeof s);
  for (i = 0; i < P; i++)
    s.g[PAD + P - 1 - i] = in[i];
  return rq_recip3_core (out, &s);
}

/* ---- R3 reciprocal, bitsliced ---- */

/* A polynomial over F3 of up to 768 coefficients as two bit planes of 768
 * bits, 3 vectors each: coefficient i is bit i (64-bit word i/64, bit
 * i%64).  m = [x != 0], s = sign bit ([x = -1] where m is set; don't-care
 * where m is clear). */
struct f3poly
{
  __m256i m[3], s[3];
};

/* x + c y in F3 for 256 coefficients, c a scalar given as masks
 * cm = [c != 0], cs = [c = -1] (all ones / zero).  With y' = c y
 * (m' = m_y & cm, s' = s_y ^ cs): if one side is 0 the sum is the other;
 * equal nonzero signs give -x (m = 1, s = ~s_x), opposite signs give 0:
 *   m_r = (m_x | m') & ~(m_x & m' & (s_x ^ s'))
 *   s_r = s_x ^ (m' & (s_x ^ s' ^ m_x))
 * (the second covers m' = 0: s_x; m_x = 0: s'; both set with equal
 * signs: ~s_x; opposite signs: don't-care). */
KC_AVX2 static inline void
f3_addmul (__m256i *rm, __m256i *rs, __m256i xm, __m256i xs,
           __m256i ym, __m256i ys, __m256i cm, __m256i cs)
{
  __m256i m2 = _mm256_and_si256 (ym, cm);
  __m256i t = _mm256_xor_si256 (xs, _mm256_xor_si256 (ys, cs));   /* s_x ^ s' */
  *rm = _mm256_andnot_si256 (_mm256_and_si256 (_mm256_and_si256 (xm, m2), t),
                             _mm256_or_si256 (xm, m2));
  *rs = _mm256_xor_si256 (xs, _mm256_and_si256 (m2, _mm256_xor_si256 (t, xm)));
}

/* int8 coefficients in {-1, 0, 1} (768 of them) to planes. */
KC_AVX2 static void
f3_pack (struct f3poly *x, const int8_t a[N])
{
  uint32_t m[N / 32], s[N / 32];
  int i;
  for (i = 0; i < N / 32; i++)
    {
      __m256i v = _mm256_loadu_si256 ((const __m256i *) (a + 32 * i));
      __m256i z = _mm256_setzero_si256 ();
      m[i] = ~(uint32_t) _mm256_movemask_epi8 (_mm256_cmpeq_epi8 (v, z));
      s[i] = (uint32_t) _mm256_movemask_epi8 (_mm256_cmpgt_epi8 (z, v));
    }
  for (i = 0; i < 3; i++)
    {
      x->m[i] = _mm256_loadu_si256 ((const __m256i *) (m + 8 * i));
      x->s[i] = _mm256_loadu_si256 ((const __m256i *) (s + 8 * i));
    }
  wipememory (m, sizeof m);
  wipememory (s, sizeof s);
}

/* Planes to int8 coefficients in {-1, 0, 1}. */
KC_AVX2 static void
f3_unpack (int8_t a[N], const struct f3poly *x)
{
  uint32_t m[N / 32], s[N / 32];
  const __m256i shuf = _mm256_setr_epi8 (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                         2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
  const __m256i bit = _mm256_set1_epi64x ((int64_t) 0x8040201008040201ULL);
  int i;
  for (i = 0; i < 3; i++)
    {
      _mm256_storeu_si256 ((__m256i *) (m + 8 * i), x->m[i]);
      _mm256_storeu_si256 ((__m256i *) (s + 8 * i), x->s[i]);
    }
  for (i = 0; i < N / 32; i++)
    {
      /* byte k <- bit k of the word: spread, isolate, compare. */
      __m256i vm = _mm256_shuffle_epi8 (_mm256_set1_epi32 ((int32_t) m[i]), shuf);
      __m256i vs = _mm256_shuffle_epi8 (_mm256_set1_epi32 ((int32_t) s[i]), shuf);
      vm = _mm256_cmpeq_epi8 (_mm256_and_si256 (vm, bit), bit);
      vs = _mm256_cmpeq_epi8 (_mm256_and_si256 (vs, bit), bit);
      /* m ? (s ? -1 : 1) : 0 */
      _mm256_storeu_si256 ((__m256i *) (a + 32 * i), _mm256_and_si256
                           (vm, _mm256_or_si256 (vs, _mm256_set1_epi8 (1))));
    }
  wipememory (m, sizeof m);
  wipememory (s, sizeof s);
}

/* Broadcast a 0/1 flag as an all-zero / all-one vector. */
KC_AVX2 static inline __m256i
flag_vec (uint32_t flag)
{
  return _mm256_set1_epi32 ((int32_t) ct_mask_from_flag_u32 (flag));
}

/* Unrolled loops over the vectors of a plane: 3% faster with gcc 12 on
 * an AMD EPYC family 23 (10% before the planes moved to memory); clang 14
 * was slower so. */
#if defined(__GNUC__) && !defined(__clang__)
# define R3_UNROLL _Pragma ("GCC unroll 3")
#else
# define R3_UNROLL
#endif

/* R3 divsteps on bit planes: one iteration touches 3 vectors per plane.
 * The scalars f[0], g[0] are kept as (nonzero, sign) bit pairs.  The lane
 * bounds of the Rq version apply with 256-coefficient vectors (f, g:
 * vectors < ceil (L(n) / 256); v, r: vectors <= n / 256), and so does the
 * scaling remark: g <- g + c f, r <- r + c v with c = -f[0] g[0] from the
 * unswapped values, then f <- g, v <- r on swap.
 *
 * Shifts.  A one-bit shift of a 768-bit plane needs each 64-bit word's
 * neighbour, which in registers is a shuffle across 128-bit halves (slow
 * where 256-bit operations are split in two).  So the planes live in
 * memory with a zero word of padding on each side, and the neighbours
 * come from a load 8 bytes off.  f is kept divided by x (its lane 0 is
 * the scalar f[0], kept apart), so that an iteration shifts g and v once
 * each, before use:
 *   F = f / x, g' = (g + c f) / x = g / x + c F, F' = swap ? g / x : F;
 *   v' = swap ? r : x v, r' = r + c x v.
 * g is updated ascending (vector j reads words of j and j + 1 only), v
 * descending (j and j - 1). */
struct r3_plane
{
  uint64_t w[4 + 12 + 4] __attribute__ ((aligned (32)));   /* word i at w[4 + i] */
};

struct recip_r3_state
{
  struct r3_plane fm, fs, gm, gs, vm, vs, rm, rs;
  struct f3poly t3;
  int8_t t[N] __attribute__ ((aligned (32)));
};

KC_AVX2 static inline __m256i
plane_load (const struct r3_plane *x, int j, int off)
{
  return _mm256_loadu_si256 ((const __m256i *) (x->w + 4 + 4 * j + off));
}

KC_AVX2 static inline void
plane_store (struct r3_plane *x, int j, __m256i v)
{
  _mm256_store_si256 ((__m256i *) (x->w + 4 + 4 * j), v);
}

/* Vector J of the plane divided by x (bit i <- bit i + 1) and multiplied
 * by x (bit i <- bit i - 1). */
KC_AVX2 static inline __m256i
plane_down (const struct r3_plane *x, int j)
{
  return _mm256_or_si256 (_mm256_srli_epi64 (plane_load (x, j, 0), 1),
                          _mm256_slli_epi64 (plane_load (x, j, 1), 63));
}

KC_AVX2 static inline __m256i
plane_up (const struct r3_plane *x, int j)
{
  /* w + w for w << 1: vector shifts issue on one pipe on some CPUs (AMD
   * EPYC family 23: 4% faster so); the top bits need the shift. */
  __m256i w = plane_load (x, j, 0);
  return _mm256_or_si256 (_mm256_add_epi64 (w, w),
                          _mm256_srli_epi64 (plane_load (x, j, -1), 63));
}

KC_AVX2 static void
planes_set (struct r3_plane *m, struct r3_plane *s, const struct f3poly *x)
{
  int j;
  for (j = 0; j < 3; j++)
    {
      plane_store (m, j, x->m[j]);
      plane_store (s, j, x->s[j]);
    }
}

KC_AVX2 int
_kc_sntrup761_r3_recip_avx2 (int8_t out[P], const int8_t in[P])
{
  struct recip_r3_state s;
  uint32_t f0m = 1, f0s = 0, g0m, g0s;
  int32_t delta = 1, t;
  int i, j, n;

  memset (&s, 0, sizeof s);
  /* F = f / x: f = 1 - x^(p-1) - x^p reversed, its lane 0 (1) is f0. */
  s.t[P - 2] = s.t[P - 1] = -1;
  f3_pack (&s.t3, s.t);
  planes_set (&s.fm, &s.fs, &s.t3);
  memset (s.t, 0, sizeof s.t);
  for (i = 0; i < P; i++)
    s.t[P - 1 - i] = in[i];
  f3_pack (&s.t3, s.t);
  planes_set (&s.gm, &s.gs, &s.t3);
  memset (s.t, 0, sizeof s.t);
  s.t[0] = 1;
  f3_pack (&s.t3, s.t);
  planes_set (&s.rm, &s.rs, &s.t3);
  g0m = (uint32_t) s.gm.w[4] & 1;
  g0s = (uint32_t) s.gs.w[4] & 1;

  for (n = 0; n < 2 * P - 1; n++)
    {
      uint32_t swap = mask_negative (-delta) & ct_mask_nonzero_u32 (g0m);
      __m256i sw = _mm256_set1_epi32 ((int32_t) swap);
      /* c = -f[0] g[0]: nonzero iff both are, sign flipped. */
      __m256i cm = flag_vec (f0m & g0m), cs = flag_vec (1 ^ f0s ^ g0s);
      int jv = n / 256 < 2 ? n / 256 : 2;
      int jf = (recip_lanes (n) + 255) / 256;

      delta = (int32_t) ct_select_u32 (swap, (uint32_t) -delta, (uint32_t) delta) + 1;
      f0m = ct_select_u32 (swap, g0m, f0m);
      f0s = ct_select_u32 (swap, g0s, f0s);

      R3_UNROLL
      for (j = 0; j < jf; j++)
        {
          __m256i gdm = plane_down (&s.gm, j), gds = plane_down (&s.gs, j);
          __m256i fm = plane_load (&s.fm, j, 0), fs = plane_load (&s.fs, j, 0);
          __m256i nm, ns;
          f3_addmul (&nm, &ns, gdm, gds, fm, fs, cm, cs);
          plane_store (&s.gm, j, nm);
          plane_store (&s.gs, j, ns);
          plane_store (&s.fm, j, _mm256_blendv_epi8 (fm, gdm, sw));
          plane_store (&s.fs, j, _mm256_blendv_epi8 (fs, gds, sw));
          if (j == 0)
            {
              g0m = (uint32_t) _mm_cvtsi128_si32 (_mm256_castsi256_si128 (nm)) & 1;
              g0s = (uint32_t) _mm_cvtsi128_si32 (_mm256_castsi256_si128 (ns)) & 1;
            }
        }
      R3_UNROLL
      for (j = jv; j >= 0; j--)
        {
          __m256i vum = plane_up (&s.vm, j), vus = plane_up (&s.vs, j);
          __m256i rm = plane_load (&s.rm, j, 0), rs = plane_load (&s.rs, j, 0);
          __m256i nm, ns;
          plane_store (&s.vm, j, _mm256_blendv_epi8 (vum, rm, sw));
          plane_store (&s.vs, j, _mm256_blendv_epi8 (vus, rs, sw));
          f3_addmul (&nm, &ns, rm, rs, vum, vus, cm, cs);
          plane_store (&s.rm, j, nm);
          plane_store (&s.rs, j, ns);
        }
    }

  /* out = f[0] * v reversed (f[0] = +-1 when invertible). */
  for (j = 0; j < 3; j++)
    {
      s.t3.m[j] = plane_load (&s.vm, j, 0);
      s.t3.s[j] = plane_load (&s.vs, j, 0);
    }
  f3_unpack (s.t, &s.t3);
  for (i = 0; i < P; i++)
    {
      int32_t x = s.t[P - 1 - i];
      /* f[0] x: 0 if f[0] = 0, -x if f[0] = -1. */
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0m), (uint32_t) x, 0);
      x = (int32_t) ct_select_u32 (ct_mask_from_flag_u32 (f0s), (uint32_t) -x, (uint32_t) x);
      out[i] = (int8_t) x;
    }

  t = (int32_t) ct_mask_nonzero_u32 ((uint32_t) delta);
  wipememory (&s, sizeof s);
  wipememory (&f0m, sizeof f0m);
  wipememory (&f0s, sizeof f0s);
  wipememory (&g0m, sizeof g0m);
  wipememory (&g0s, sizeof g0s);
  return t;
}

#undef R3_UNROLL

#endif /* KC_USE_X86_64 */
