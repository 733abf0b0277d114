/* sntrup761/x86_64/avx2-radix.c - sntrup761's radix encodings and
 * decodings (Rq and Rounded) in AVX2 (contracts in sntrup761/sntrup761.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "ct.h"
#include "sntrup761/sntrup761.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

/* ---- the radix encoding and decoding, for the two fixed schedules ----
 *
 * Rq_encode (761 values mod 4591) and Rounded_encode (761 values mod
 * 1531) follow the round-3 rule of encode_generic in sntrup761/sntrup761.c: pairs
 * are merged level by level (761 -> 381 -> ... -> 1) and a merged value
 * whose modulus reaches 2^14 gives up its low bytes.  For these two
 * inputs the whole schedule (moduli, bytes per pair, where each level's
 * bytes start) is fixed; it is written out below.  At every level all
 * pairs but possibly the last have the same moduli (mu, mu): those
 * "uniform" pairs go 16 at a time through 16-bit lanes, the last pair
 * (moduli mu and ml, bytes bl) and the top value are done in scalar.
 *
 * Decoding a pair, with c (the parent value, < the parent modulus <
 * 2^14) and b the level's nb bytes:  rr = c 2^(8 nb) + b, lo = rr mod mu,
 * hi = floor (rr / mu) mod m1.
 *   lo: one Barrett step per byte, a <- 256 a + byte - q mu with
 *       q = mulhi (a, floor (2^24 / mu)) (see dec_step); then a in
 *       [0, 2 mu + 255) and two conditional subtractions give lo.
 *   hi: rr - lo = mu hi exactly, and hi < 2^15 (table below), so with
 *       mu = 2^e mo (mo odd): hi = (floor (rr / 2^e) - floor (lo / 2^e))
 *       / mo = that difference times 1/mo mod 2^16, on 16-bit lanes.
 *       One conditional subtraction of m1 (hi < 2 m1, table below).
 * For every byte string this is what the portable decode_generic
 * computes (its values stay below their moduli at every level, which is
 * what the bounds assume), so invalid strings decode identically.
 *
 * Encoding a uniform pair: rr = lo + hi mu < 2^28 is one vpmaddwd of the
 * pair (lo, hi) by (1, mu); its nb low bytes go out and rr >> 8 nb moves
 * up.
 *
 * Levels whose uniform pairs are fewer than 16 run one padded group on
 * the first 16 lanes (the scratch arrays are padded and their first 32
 * entries cleared; the level's bytes come from, or go to, a padded copy
 * of the string's tail); the garbage lanes are overwritten before use.
 * Levels with 16 or more uniform pairs finish with an overlapping group.
 * Everything here is branch-free in the values (constant time). */

struct rlevel
{
  uint16_t len;         /* values at this level */
  uint16_t soff;        /* offset of this level's bytes in the string */
  uint16_t mu, bu;      /* modulus of all values but the last; bytes per
                           uniform pair */
  uint16_t ml, bl;      /* modulus of the last value; bytes of the last
                           pair (when len is even) */
};

/* The schedules (dec_levels of sntrup761/sntrup761.c gives the same numbers; an
 * --enable-verify build re-derives them from the merge rule and checks
 * the bounds below on every call, see sched_check; the test compares
 * every decode and encode with the portable code).  Bounds used above,
 * for the worst parent value and bytes 0xff: max hi (uniform) < 2 mu
 * and, for the last pair, < 2 ml; all < 2^15; 256 < mu < 2^14. */
#define CODEC_LEVELS 10
static const struct rlevel rq_sched[CODEC_LEVELS] = {
  { 761,    0,  4591, 2,  4591, 2 },
  { 381,  760,   322, 1,  4591, 1 },
  { 191,  950,   406, 1,  4591, 1 },
  {  96, 1045,   644, 1,  4591, 1 },
  {  48, 1093,  1621, 1, 11550, 2 },
  {  24, 1118, 10265, 2,   286, 1 },
  {  12, 1141,  1608, 1, 11468, 2 },
  {   6, 1148, 10101, 2,   282, 1 },
  {   3, 1153,  1557, 1, 11127, 1 },
  {   2, 1154,  9470, 2, 11127, 2 },
};
#define RQ_TOP_M    1608        /* the top value, 2 bytes at 1156 */
#define RQ_TOP_OFF  1156

static const struct rlevel rd_sched[CODEC_LEVELS] = {
  { 761,    0,  1531, 1,  1531, 1 },
  { 381,  380,  9157, 2,  1531, 2 },
  { 191,  760,  1280, 1,  1531, 1 },
  {  96,  855,  6400, 2,  1531, 2 },
  {  48,  951,   625, 1,   150, 1 },
  {  24,  975,  1526, 1,   367, 1 },
  {  12,  987,  9097, 2,  2188, 2 },
  {   6,  999,  1263, 1,   304, 1 },
  {   3, 1002,  6232, 2,  1500, 2 },
  {   2, 1004,   593, 1,  1500, 1 },
};
#define RD_TOP_M    3475        /* the top value, 2 bytes at 1005 */
#define RD_TOP_OFF  1005

/* Levels from TAIL_LEVEL up read / write their bytes in a padded copy of
 * the string from sched[TAIL_LEVEL].soff on (at most 40 bytes; a padded
 * group reaches at most 32 bytes past its level's start). */
#define TAIL_LEVEL 5
#define TAIL_BYTES 96
#ifndef SCALAR_LEN
#define SCALAR_LEN 3            /* levels this short: scalar */
#endif
#define RBUF 384                /* >= 381 values, a multiple of 16 */

#ifdef KC_VERIFY
/* The merge rule of encode_generic (sntrup761/sntrup761.c): the modulus after
 * merging a pair whose moduli multiply to MM, and the bytes it emits. */
static uint32_t
sched_merge (uint32_t mm, uint32_t *nbytes)
{
  *nbytes = 0;
  while (mm >= 16384)
    {
      mm = (mm + 255) >> 8;
      (*nbytes)++;
    }
  return mm;
}

/* --enable-verify: the written-out schedule SCHED (761 values mod M0,
 * top value mod TOP_M at TOP_OFF) follows the merge rule, and the bounds
 * the kernels rely on hold at every level: 256 < mu < 2^14 (Barrett step,
 * 16-bit lanes), and for the worst parent value and bytes, hi < 2 mu
 * (uniform pairs) and hi < 2 ml (last pair), all below 2^15. */
static void
sched_check (const struct rlevel *sched, uint32_t m0, uint32_t top_m,
             size_t top_off)
{
  uint32_t mu = m0, ml = m0, len = 761, soff = 0, nb, l;

  for (l = 0; l < CODEC_LEVELS; l++)
    {
      const struct rlevel *c = &sched[l];
      uint32_t nmu, nml, nlen = (len + 1) / 2, nuni, pu, pl, span;
      KC_VERIFY_CHECK (c->len == len && c->soff == soff && c->mu == mu
                       && c->ml == ml);
      nmu = sched_merge (mu * mu, &nb);
      KC_VERIFY_CHECK (c->bu == nb);
      nuni = (len & 1) ? len / 2 : len / 2 - 1;
      if (len & 1)
        nml = ml;
      else
        {
          nml = sched_merge (mu * ml, &nb);
          KC_VERIFY_CHECK (c->bl == nb);
        }
      if (nlen == 1)
        nmu = nml;
      KC_VERIFY_CHECK (mu > 256 && mu < 16384);
      /* worst rr = (parent modulus - 1) 256^nb + 256^nb - 1 */
      span = c->bu == 2 ? 65536 : 256;
      pu = nmu * span - 1;
      KC_VERIFY_CHECK (nuni == 0 || (pu / mu < 2 * mu && pu / mu < 32768));
      if (!(len & 1))
        {
          span = c->bl == 2 ? 65536 : 256;
          pl = nml * span - 1;
          KC_VERIFY_CHECK (pl / mu < 2 * ml && pl / mu < 32768);
        }
      soff += nuni * c->bu + ((len & 1) ? 0 : c->bl);
      len = nlen;
      mu = nmu;
      ml = nml;
    }
  /* The top: one value mod top_m, two bytes. */
  KC_VERIFY_CHECK (len == 1 && ml == top_m && soff == top_off
                   && top_m > 256 && top_m < 16384);
}
#define SCHED_CHECK(s, m0, m, off) sched_check ((s), (m0), (m), (off))
#else
#define SCHED_CHECK(s, m0, m, off) do { } while (0)
#endif

#define KC_INLINE inline __attribute__ ((always_inline))
#define CODEC_UNROLL _Pragma ("GCC unroll 16")

/* What level 0 produces or consumes besides the raw value r in [0, m):
 * Rq coefficients r - 2295, Rounded ones 3 r - 2295. */
enum rmode { RMODE_RAW, RMODE_RQ, RMODE_ROUNDED };

/* 1/x mod 2^16 for odd x (Newton: each step doubles the correct bits;
 * x is its own inverse mod 8). */
static KC_INLINE uint16_t
inv16 (uint32_t x)
{
  uint32_t y = x;
  y *= 2 - x * y;
  y *= 2 - x * y;
  y *= 2 - x * y;
  return (uint16_t) y;
}

/* X - M if X >= M, else X. */
static KC_INLINE uint32_t
csub_c (uint32_t x, uint32_t m)
{
  return x - (m & ~ct_mask_lt_u32 (x, m));
}

/* floor (x / m) and x mod m for x < 2^32, 2 <= m < 2^16, constant time
 * (as divmod_u32 of sntrup761/sntrup761.c: the estimate is exact or one low). */
static KC_INLINE uint32_t
cdivmod (uint32_t *rem, uint32_t x, uint32_t m)
{
  uint32_t v = (uint32_t) (((uint64_t) 1 << 32) / m);
  uint32_t qt = (uint32_t) (((uint64_t) x * v) >> 32);
  uint32_t r = x - qt * m;                      /* [0, 2m) */
  uint32_t ge = ~ct_mask_lt_u32 (r, m);
  *rem = r - (ge & m);
  return qt - ge;
}

/* x - m where x >= m, else x (16-bit unsigned lanes; x < 2^16). */
static KC_INLINE KC_AVX2 __m256i
csub16 (__m256i x, __m256i m)
{
  return _mm256_min_epu16 (x, _mm256_sub_epi16 (x, m));
}

/* a <- 256 a + b - q mu, q = floor (a V / 2^16), V = floor (2^24 / mu),
 * for 256 < mu < 2^14, a < 2^16, b < 256.  aV/2^16 > 256a/mu - a/2^16 >
 * 256a/mu - 1, so q is floor (256 a / mu) or one less: 256 a - q mu is in
 * [0, 2 mu), computed exactly in wrapping 16-bit arithmetic, and the
 * result is in [0, 2 mu + 255). */
static KC_INLINE KC_AVX2 __m256i
dec_step (__m256i a, __m256i b, __m256i m, __m256i v)
{
  __m256i q = _mm256_mulhi_epu16 (a, v);
  return _mm256_add_epi16 (_mm256_sub_epi16 (_mm256_slli_epi16 (a, 8),
                                             _mm256_mullo_epi16 (q, m)), b);
}

/* Level 0's output form of raw values X. */
static KC_INLINE KC_AVX2 __m256i
dec_out (__m256i x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return _mm256_sub_epi16 (x, _mm256_set1_epi16 (2295));
  if (mode == RMODE_ROUNDED)
    return _mm256_sub_epi16 (_mm256_mullo_epi16 (x, _mm256_set1_epi16 (3)),
                             _mm256_set1_epi16 (2295));
  return x;
}

static KC_INLINE uint16_t
dec_out1 (uint32_t x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return (uint16_t) (x - 2295);
  if (mode == RMODE_ROUNDED)
    return (uint16_t) (3 * x - 2295);
  return (uint16_t) x;
}

/* 16 uniform pairs: parents CUR[0..16), bytes T[0 .. 16 NB), children
 * NXT[0..32).  If XLANE >= 0, children 2 XLANE and 2 XLANE + 1 are XVAL
 * (low, high 16 bits) instead: the level's last pair or unpaired value,
 * put in the register so that the next level's loads match whole
 * stores. */
static KC_INLINE KC_AVX2 void
dec_group (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
           uint32_t mu, uint32_t nb, enum rmode mode, int xlane, uint32_t xval)
{
  const uint32_t e = (uint32_t) __builtin_ctz (mu);
  const __m256i m = _mm256_set1_epi16 ((int16_t) mu);
  const __m256i v = _mm256_set1_epi16 ((int16_t) ((1u << 24) / mu));
  const __m256i inv = _mm256_set1_epi16 ((int16_t) inv16 (mu >> e));
  __m256i c = _mm256_loadu_si256 ((const __m256i *) cur);
  __m256i a, hs, lo, hi, x0, x1, y0, y1;

  if (nb == 2)
    {
      __m256i b = _mm256_loadu_si256 ((const __m256i *) t);
      a = dec_step (c, _mm256_srli_epi16 (b, 8), m, v);
      a = dec_step (a, _mm256_and_si256 (b, _mm256_set1_epi16 (0xff)), m, v);
      /* floor (rr / 2^e) mod 2^16, rr = c 2^16 + b */
      hs = e ? _mm256_or_si256 (_mm256_slli_epi16 (c, 16 - e),
                                _mm256_srli_epi16 (b, e)) : b;
    }
  else
    {
      __m256i b = _mm256_cvtepu8_epi16
        (_mm_loadu_si128 ((const __m128i *) t));
      a = dec_step (c, b, m, v);
      /* rr = c 2^8 + b */
      hs = _mm256_or_si256 (_mm256_slli_epi16 (c, 8 - e),
                            _mm256_srli_epi16 (b, e));
    }
  lo = csub16 (csub16 (a, m), m);
  hi = _mm256_mullo_epi16 (_mm256_sub_epi16 (hs, _mm256_srli_epi16 (lo, e)),
                           inv);
  hi = csub16 (hi, m);
  lo = dec_out (lo, mode);
  hi = dec_out (hi, mode);
  x0 = _mm256_unpacklo_epi16 (lo, hi);          /* pairs 0-3, 8-11 */
  x1 = _mm256_unpackhi_epi16 (lo, hi);          /* pairs 4-7, 12-15 */
  y0 = _mm256_permute2x128_si256 (x0, x1, 0x20);        /* pairs 0-7 */
  y1 = _mm256_permute2x128_si256 (x0, x1, 0x31);        /* pairs 8-15 */
  if (xlane >= 0)
    {
      const __m256i iota = _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7);
      const __m256i xv = _mm256_set1_epi32 ((int32_t) xval);
      __m256i sel = _mm256_cmpeq_epi32 (iota, _mm256_set1_epi32 (xlane & 7));
      if (xlane < 8)
        y0 = _mm256_blendv_epi8 (y0, xv, sel);
      else
        y1 = _mm256_blendv_epi8 (y1, xv, sel);
    }
  _mm256_storeu_si256 ((__m256i *) nxt, y0);
  _mm256_storeu_si256 ((__m256i *) (nxt + 16), y1);
}

/* One level down: the L->len children NXT from the parents CUR and the
 * level's bytes T.  RMODE_RAW levels work on whole groups of 16 pairs
 * (NXT gets garbage up to the next multiple of 32 entries, CUR and T are
 * read to the next multiple of 16 pairs); level 0 writes exactly its 761
 * outputs. */
static KC_INLINE KC_AVX2 void
dec_level (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
           const struct rlevel *l, enum rmode mode)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;
  uint32_t xlo, xhi;

  if (len & 1)
    {
      xlo = cur[npairs];
      xhi = 0;
    }
  else
    {
      const unsigned char *tl = t + l->bu * nuni;
      uint32_t rr = cur[nuni];
      if (l->bl == 2)
        rr = (rr << 16) + tl[0] + ((uint32_t) tl[1] << 8);
      else
        rr = (rr << 8) + tl[0];
      xhi = cdivmod (&xlo, rr, l->mu);          /* hi < 2 ml */
      xhi = csub_c (xhi, l->ml);
    }
  if (mode == RMODE_RAW)
    {
      /* Pairs 0 .. nuni - 1, then the extra one at pair index nuni. */
      size_t last = nuni / 16 * 16;
      for (i = 0; i < last; i += 16)
        dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode,
                   -1, 0);
      dec_group (nxt + 2 * last, cur + last, t + l->bu * last, l->mu, l->bu,
                 mode, (int) (nuni - last), xlo | (xhi << 16));
      return;
    }
  for (i = 0; i + 16 <= nuni; i += 16)
    dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode, -1, 0);
  if (i < nuni)
    {
      i = nuni - 16;            /* level 0: nuni = 380 */
      dec_group (nxt + 2 * i, cur + i, t + l->bu * i, l->mu, l->bu, mode,
                 -1, 0);
    }
  nxt[2 * nuni] = dec_out1 (xlo, mode);
  if (!(len & 1))
    nxt[2 * nuni + 1] = dec_out1 (xhi, mode);
}

/* dec_level in scalar, for the short top levels (a vector group there
 * would wait on the scalar stores of the level above). */
static KC_INLINE void
dec_level_scalar (uint16_t *nxt, const uint16_t *cur, const unsigned char *t,
                  const struct rlevel *l)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;
  uint32_t rr, lo, hi;

  for (i = 0; i < nuni; i++)
    {
      if (l->bu == 2)
        rr = ((uint32_t) cur[i] << 16) + t[2 * i] + ((uint32_t) t[2 * i + 1] << 8);
      else
        rr = ((uint32_t) cur[i] << 8) + t[i];
      hi = cdivmod (&lo, rr, l->mu);            /* hi < 2 mu */
      hi = csub_c (hi, l->mu);
      nxt[2 * i] = (uint16_t) lo;
      nxt[2 * i + 1] = (uint16_t) hi;
    }
  if (len & 1)
    nxt[len - 1] = cur[npairs];
  else
    {
      const unsigned char *tl = t + l->bu * nuni;
      rr = cur[nuni];
      if (l->bl == 2)
        rr = (rr << 16) + tl[0] + ((uint32_t) tl[1] << 8);
      else
        rr = (rr << 8) + tl[0];
      hi = cdivmod (&lo, rr, l->mu);            /* hi < 2 ml */
      hi = csub_c (hi, l->ml);
      nxt[2 * nuni] = (uint16_t) lo;
      nxt[2 * nuni + 1] = (uint16_t) hi;
    }
}

static KC_INLINE KC_AVX2 void
decode_761 (int16_t out[P], const unsigned char *s, size_t slen,
            const struct rlevel *sched, uint32_t top_m, size_t top_off,
            enum rmode mode)
{
  uint16_t ra[RBUF] __attribute__ ((aligned (32)));
  uint16_t rb[RBUF] __attribute__ ((aligned (32)));
  unsigned char tail[TAIL_BYTES];
  const size_t toff = sched[TAIL_LEVEL].soff;
  uint16_t *cur = ra, *nxt = rb, *tmp;
  uint32_t r;
  int l;

  memset (ra, 0, 32 * sizeof ra[0]);
  memset (rb, 0, 32 * sizeof rb[0]);
  memset (tail, 0, sizeof tail);
  memcpy (tail, s + toff, slen - toff);

  cdivmod (&r, s[top_off] + ((uint32_t) s[top_off + 1] << 8), top_m);
  cur[0] = (uint16_t) r;
  /* Fully unrolled: every level's constants (moduli, reciprocals,
   * shifts, byte counts) fold into its code. */
  CODEC_UNROLL
  for (l = CODEC_LEVELS - 1; l >= 1; l--)
    {
      const unsigned char *t = l >= TAIL_LEVEL ? tail + (sched[l].soff - toff)
                                               : s + sched[l].soff;
      if (sched[l].len <= SCALAR_LEN)
        dec_level_scalar (nxt, cur, t, &sched[l]);
      else
        dec_level (nxt, cur, t, &sched[l], RMODE_RAW);
      tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  dec_level ((uint16_t *) out, cur, s, &sched[0], mode);
}

void KC_AVX2
_kc_sntrup761_rq_decode_avx2 (int16_t out[P],
                              const unsigned char in[KC_SNTRUP761_RQ_BYTES])
{
  SCHED_CHECK (rq_sched, 4591, RQ_TOP_M, RQ_TOP_OFF);
  decode_761 (out, in, KC_SNTRUP761_RQ_BYTES, rq_sched, RQ_TOP_M, RQ_TOP_OFF,
              RMODE_RQ);
}

void KC_AVX2
_kc_sntrup761_rounded_decode_avx2 (int16_t out[P],
                                   const unsigned char in[KC_SNTRUP761_ROUNDED_BYTES])
{
  SCHED_CHECK (rd_sched, 1531, RD_TOP_M, RD_TOP_OFF);
  decode_761 (out, in, KC_SNTRUP761_ROUNDED_BYTES, rd_sched, RD_TOP_M,
              RD_TOP_OFF, RMODE_ROUNDED);
}

/* 16 uniform pairs: R[0..32) (level 0: the int16 IN[0..32), mapped to
 * raw values) -> bytes T[0 .. 16 NB), parents RNEXT[0..16). */
static KC_INLINE KC_AVX2 void
enc_group (uint16_t *rnext, unsigned char *t, const uint16_t *r,
           const int16_t *in, uint32_t mu, uint32_t nb, enum rmode mode)
{
  const __m256i c = _mm256_set1_epi32 ((int32_t) (1 | (mu << 16)));
  __m256i x0, x1, a, b, lo, hi;

  if (mode == RMODE_RAW)
    {
      x0 = _mm256_loadu_si256 ((const __m256i *) r);
      x1 = _mm256_loadu_si256 ((const __m256i *) (r + 16));
    }
  else
    {
      const __m256i h = _mm256_set1_epi16 (2295);
      x0 = _mm256_add_epi16 (_mm256_loadu_si256 ((const __m256i *) in), h);
      x1 = _mm256_add_epi16 (_mm256_loadu_si256 ((const __m256i *) (in + 16)),
                             h);
      if (mode == RMODE_ROUNDED)
        {
          /* (x + q12) / 3 = floor ((x + q12) 21846 / 2^16) exactly for
           * multiples of 3 below 4591 (see rounded_encode). */
          const __m256i k = _mm256_set1_epi16 ((int16_t) 21846);
          x0 = _mm256_mulhi_epu16 (x0, k);
          x1 = _mm256_mulhi_epu16 (x1, k);
        }
    }
  /* rr = lo + hi mu < mu^2 < 2^28 per 32-bit lane (lo, hi < mu < 2^14:
   * the signed 16-bit products are exact). */
  a = _mm256_madd_epi16 (x0, c);                /* pairs 0-7 */
  b = _mm256_madd_epi16 (x1, c);                /* pairs 8-15 */
  if (nb == 2)
    {
      const __m256i m16 = _mm256_set1_epi32 (0xffff);
      lo = _mm256_packus_epi32 (_mm256_and_si256 (a, m16),
                                _mm256_and_si256 (b, m16));
      _mm256_storeu_si256 ((__m256i *) t, _mm256_permute4x64_epi64 (lo, 0xd8));
      hi = _mm256_packus_epi32 (_mm256_srli_epi32 (a, 16),
                                _mm256_srli_epi32 (b, 16));
    }
  else
    {
      const __m256i m8 = _mm256_set1_epi32 (0xff);
      /* u16 lanes: pairs 0-3, 8-11 | 4-7, 12-15; then bytes, twice. */
      lo = _mm256_packus_epi32 (_mm256_and_si256 (a, m8),
                                _mm256_and_si256 (b, m8));
      lo = _mm256_packus_epi16 (lo, lo);
      lo = _mm256_permutevar8x32_epi32 (lo, _mm256_setr_epi32 (0, 4, 1, 5,
                                                               0, 4, 1, 5));
      _mm_storeu_si128 ((__m128i *) t, _mm256_castsi256_si128 (lo));
      hi = _mm256_packus_epi32 (_mm256_srli_epi32 (a, 8),
                                _mm256_srli_epi32 (b, 8));
    }
  _mm256_storeu_si256 ((__m256i *) rnext, _mm256_permute4x64_epi64 (hi, 0xd8));
}

static KC_INLINE uint32_t
enc_in1 (uint32_t x, enum rmode mode)
{
  if (mode == RMODE_RQ)
    return (uint16_t) (x + 2295);
  if (mode == RMODE_ROUNDED)
    return (((x + 2295) & 0xffff) * 10923) >> 15;
  return x;
}

/* P + K, or NULL for P = NULL (R is NULL at level 0, IN above it; even
 * a zero offset on NULL is undefined behaviour). */
#define ENC_AT(p, k) ((p) ? (p) + (k) : (p))

/* One level up: the L->len values R (level 0: IN) -> bytes T, parents
 * RNEXT. */
static KC_INLINE KC_AVX2 void
enc_level (uint16_t *rnext, unsigned char *t, const uint16_t *r,
           const int16_t *in, const struct rlevel *l, enum rmode mode)
{
  size_t len = l->len, npairs = len / 2;
  size_t nuni = (len & 1) ? npairs : npairs - 1, i;

  for (i = 0; i + 16 <= nuni; i += 16)
    enc_group (rnext + i, t + l->bu * i, ENC_AT (r, 2 * i), ENC_AT (in, 2 * i),
               l->mu, l->bu, mode);
  if (i < nuni)
    {
      i = nuni >= 16 ? nuni - 16 : 0;
      enc_group (rnext + i, t + l->bu * i, ENC_AT (r, 2 * i),
                 ENC_AT (in, 2 * i), l->mu, l->bu, mode);
    }
  if (len & 1)
    rnext[npairs] = (uint16_t) (mode == RMODE_RAW ? r[len - 1]
                                : enc_in1 ((uint16_t) in[len - 1], mode));
  else
    {
      unsigned char *tl = t + l->bu * nuni;
      uint32_t x0 = mode == RMODE_RAW ? r[2 * nuni]
                    : enc_in1 ((uint16_t) in[2 * nuni], mode);
      uint32_t x1 = mode == RMODE_RAW ? r[2 * nuni + 1]
                    : enc_in1 ((uint16_t) in[2 * nuni + 1], mode);
      uint32_t rr = x0 + x1 * l->mu;
      tl[0] = (unsigned char) rr;
      rr >>= 8;
      if (l->bl == 2)
        {
          tl[1] = (unsigned char) rr;
          rr >>= 8;
        }
      rnext[nuni] = (uint16_t) rr;
    }
}

static KC_INLINE KC_AVX2 void
encode_761 (unsigned char *s, size_t slen, const int16_t in[P],
            const struct rlevel *sched, size_t top_off, enum rmode mode)
{
  uint16_t ra[RBUF] __attribute__ ((aligned (32)));
  uint16_t rb[RBUF] __attribute__ ((aligned (32)));
  unsigned char tail[TAIL_BYTES];
  const size_t toff = sched[TAIL_LEVEL].soff;
  uint16_t *cur = ra, *nxt = rb, *tmp;
  int l;

#ifdef KC_VERIFY
  for (l = 0; l < P; l++)
    KC_VERIFY_CHECK (in[l] >= -2295 && in[l] <= 2295
                     && (mode != RMODE_ROUNDED || (in[l] + 2295) % 3 == 0));
#endif
  enc_level (cur, s, NULL, in, &sched[0], mode);
  CODEC_UNROLL
  for (l = 1; l < CODEC_LEVELS; l++)
    {
      unsigned char *t = l >= TAIL_LEVEL ? tail + (sched[l].soff - toff)
                                         : s + sched[l].soff;
      enc_level (nxt, t, cur, NULL, &sched[l], RMODE_RAW);
      tmp = cur;
      cur = nxt;
      nxt = tmp;
    }
  /* The top value (modulus above 256, at most 2^14): two bytes. */
  tail[top_off - toff] = (unsigned char) cur[0];
  tail[top_off - toff + 1] = (unsigned char) (cur[0] >> 8);
  memcpy (s + toff, tail, slen - toff);
  wipememory (ra, sizeof ra);
  wipememory (rb, sizeof rb);
  wipememory (tail, sizeof tail);
}

void KC_AVX2
_kc_sntrup761_rq_encode_avx2 (unsigned char out[KC_SNTRUP761_RQ_BYTES],
                              const int16_t in[P])
{
  SCHED_CHECK (rq_sched, 4591, RQ_TOP_M, RQ_TOP_OFF);
  encode_761 (out, KC_SNTRUP761_RQ_BYTES, in, rq_sched, RQ_TOP_OFF, RMODE_RQ);
}

void KC_AVX2
_kc_sntrup761_rounded_encode_avx2 (unsigned char out[KC_SNTRUP761_ROUNDED_BYTES],
                                   const int16_t in[P])
{
  SCHED_CHECK (rd_sched, 1531, RD_TOP_M, RD_TOP_OFF);
  encode_761 (out, KC_SNTRUP761_ROUNDED_BYTES, in, rd_sched, RD_TOP_OFF,
              RMODE_ROUNDED);
}

#endif /* KC_USE_X86_64 */
