/* sntrup761/x86_64/avx2-sort.c - the constant-time sort of sntrup761's
 * 761 words in AVX2 (contract in sntrup761/x86_64/avx2.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A bitonic network on 1024 lanes (see below); Short_fromlist
 * (sntrup761/x86_64/avx2-short.c) runs the same network on its tagged words.
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/fq.h"
#include "sntrup761/x86_64/avx2-int.h"

#ifdef KC_USE_X86_64

/* ---- sorting 761 uint32: a bitonic network on 1024 lanes ----
 *
 * The words are sorted by the bitonic network on 1024 lanes in its
 * all-ascending form: for k = 2, 4, ..., 1024, a "flip" stage compares
 * lane i with lane (i XOR (k - 1)) within each block of k, then
 * half-cleaners at distances k/4, ..., 1 compare i with i + j (i AND
 * j = 0); every comparator puts the minimum at the lower index.  The 761
 * words and 7 words 0xffffffff fill 768 lanes; lanes 768 .. 1023 would
 * hold 0xffffffff too, and never change (see SORT_NV), so they are not
 * stored at all.  The sorted order of a multiset is unique and the
 * padding is maximal, so the first 761 lanes are exactly what any sort
 * of the 761 words gives (the portable merge exchange of sntrup761/sntrup761.c).
 *
 * Phases k <= 256 run on three blocks of 256 lanes in a lane-major
 * layout where most comparators join whole vectors (blk_sort256); k =
 * 512 and 1024 run in the natural layout: distances of 8 lanes or more
 * are whole-vector min/max pairs, the rest are done on two neighbouring
 * vectors (16 lanes) at once by regrouping their halves, quarters or
 * single lanes with unpack / permute.  Stages are grouped into chunks of
 * 8 vectors held in registers, two or three stages per pass over
 * memory.  Which lanes are compared is fixed: constant time. */

static inline KC_AVX2 void
cx8 (__m256i *a, __m256i *b)
{
  __m256i t = _mm256_min_epu32 (*a, *b);
  *b = _mm256_max_epu32 (*a, *b);
  *a = t;
}

/* Lanes (i, i + 4) within each of A and B. */
static inline KC_AVX2 void
pair_stride4 (__m256i *a, __m256i *b)
{
  __m256i lo = _mm256_permute2x128_si256 (*a, *b, 0x20);
  __m256i hi = _mm256_permute2x128_si256 (*a, *b, 0x31);
  cx8 (&lo, &hi);
  *a = _mm256_permute2x128_si256 (lo, hi, 0x20);
  *b = _mm256_permute2x128_si256 (lo, hi, 0x31);
}

/* Lanes (i, i + 2), i AND 2 = 0. */
static inline KC_AVX2 void
pair_stride2 (__m256i *a, __m256i *b)
{
  __m256i lo = _mm256_unpacklo_epi64 (*a, *b);
  __m256i hi = _mm256_unpackhi_epi64 (*a, *b);
  cx8 (&lo, &hi);
  *a = _mm256_unpacklo_epi64 (lo, hi);
  *b = _mm256_unpackhi_epi64 (lo, hi);
}

/* Lanes (i, i + 1), i even (also the flip stage of k = 2). */
static inline KC_AVX2 void
pair_stride1 (__m256i *a, __m256i *b)
{
  __m256 af = _mm256_castsi256_ps (*a), bf = _mm256_castsi256_ps (*b);
  __m256i lo = _mm256_castps_si256 (_mm256_shuffle_ps (af, bf, 0x88));
  __m256i hi = _mm256_castps_si256 (_mm256_shuffle_ps (af, bf, 0xdd));
  cx8 (&lo, &hi);
  *a = _mm256_unpacklo_epi32 (lo, hi);
  *b = _mm256_unpackhi_epi32 (lo, hi);
}

static inline KC_AVX2 __m256i
reverse8 (__m256i x)
{
  return _mm256_permutevar8x32_epi32 (x, _mm256_setr_epi32 (7, 6, 5, 4,
                                                             3, 2, 1, 0));
}

/* The half-cleaners of distances 4, 2, 1 on the pair. */
static inline KC_AVX2 void
pair_finish (__m256i *a, __m256i *b)
{
  pair_stride4 (a, b);
  pair_stride2 (a, b);
  pair_stride1 (a, b);
}

/* The loops over the registers of a chunk must unroll, so that the
 * chunk stays in registers. */
#define SORT_UNROLL _Pragma ("GCC unroll 8")
/* Passes taking constant shape arguments (lane masks, distances) are
 * always inlined, so that those fold. */
#define SORT_INLINE inline __attribute__ ((always_inline))

/* Stages on 8 registers R[0..8) holding vectors whose indices increase
 * with the register number: the half-cleaner of distance D registers
 * (pairs (m, m + D), m AND D = 0); then the last vector distance and
 * the in-register distances 4, 2, 1 lanes on neighbouring pairs. */
static inline KC_AVX2 void
regs_half (__m256i r[8], int d)
{
  int m;
  SORT_UNROLL
  for (m = 0; m < 8; m++)
    if (!(m & d))
      cx8 (&r[m], &r[m + d]);
}

static inline KC_AVX2 void
regs_finish (__m256i r[8])
{
  int m;
  SORT_UNROLL
  for (m = 0; m < 8; m += 2)
    {
      cx8 (&r[m], &r[m + 1]);           /* distance 8 lanes */
      pair_finish (&r[m], &r[m + 1]);
    }
}

/* R[l] = lane l of R[0..8) (an 8 x 8 transpose of 32-bit words). */
static inline KC_AVX2 void
transpose8 (__m256i r[8])
{
  __m256i t[8], u[8];
  int m;

  SORT_UNROLL
  for (m = 0; m < 8; m += 2)
    {
      t[m] = _mm256_unpacklo_epi32 (r[m], r[m + 1]);     /* lanes 0 1 4 5 */
      t[m + 1] = _mm256_unpackhi_epi32 (r[m], r[m + 1]); /* lanes 2 3 6 7 */
    }
  SORT_UNROLL
  for (m = 0; m < 8; m += 4)
    {
      u[m] = _mm256_unpacklo_epi64 (t[m], t[m + 2]);     /* lanes 0, 4 */
      u[m + 1] = _mm256_unpackhi_epi64 (t[m], t[m + 2]); /* lanes 1, 5 */
      u[m + 2] = _mm256_unpacklo_epi64 (t[m + 1], t[m + 3]); /* 2, 6 */
      u[m + 3] = _mm256_unpackhi_epi64 (t[m + 1], t[m + 3]); /* 3, 7 */
    }
  SORT_UNROLL
  for (m = 0; m < 4; m++)
    {
      r[m] = _mm256_permute2x128_si256 (u[m], u[m + 4], 0x20);
      r[m + 4] = _mm256_permute2x128_si256 (u[m], u[m + 4], 0x31);
    }
}

/* The flip of blocks of KV vectors (KV = 8 U, U >= 2) and the next two
 * half-cleaners (distances 2U, U vectors), on chunks of 8 vectors: for
 * each block S and l < U, the vectors S + l + m U and their mirrors
 * S + KV - 1 - l - m U (m < 4).  Every comparator of these three stages
 * joins two vectors of one chunk.  With REV (natural layout) the
 * mirrors are held lane-reversed, which keeps the flip's lane pairing
 * (i, 7 - i) and leaves the later lane-wise stages unchanged; without
 * (the lane-major blocks below) the flip is lane-wise.  Vectors at NV or
 * beyond are padding (see below): they are neither read nor written,
 * and the comparators that would join them are skipped. */
static SORT_INLINE KC_AVX2 void
flip_pass (__m256i *v, size_t kv, size_t nv, int rev)
{
  size_t u = kv / 8, s, l;
  int m;

  for (s = 0; s < nv; s += kv)
    for (l = 0; l < u && s + l < nv; l++)
      {
        __m256i a[4], b[4];
        int pad[4];             /* b[m] is at or beyond NV */
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          {
            size_t bi = s + kv - 1 - l - m * u;
            KC_VERIFY_CHECK (s + l + m * u < nv);
            a[m] = v[s + l + m * u];
            pad[m] = bi >= nv;
            b[m] = pad[m] ? a[m] : rev ? reverse8 (v[bi]) : v[bi];
          }
        /* A comparator whose higher vector is padding is skipped. */
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          if (!pad[m])
            cx8 (&a[m], &b[m]);
        /* Lower half: a[m] at relative index l + m u; upper half:
         * b[m] at kv - 1 - l - m u (so b[3] is the lowest). */
        cx8 (&a[0], &a[2]);
        cx8 (&a[1], &a[3]);
        if (!pad[1])
          cx8 (&b[3], &b[1]);
        if (!pad[0])
          cx8 (&b[2], &b[0]);
        cx8 (&a[0], &a[1]);
        cx8 (&a[2], &a[3]);
        if (!pad[2])
          cx8 (&b[3], &b[2]);
        if (!pad[0])
          cx8 (&b[1], &b[0]);
        SORT_UNROLL
        for (m = 0; m < 4; m++)
          {
            v[s + l + m * u] = a[m];
            if (!pad[m])
              v[s + kv - 1 - l - m * u] = rev ? reverse8 (b[m]) : b[m];
          }
      }
}

/* Half-cleaners of distances 4, 2, 1 vectors (those not above MAXD) and
 * the in-register finish, on aligned chunks of 8 vectors below NV. */
static SORT_INLINE KC_AVX2 void
tail_pass (__m256i *v, int maxd, size_t nv)
{
  size_t b;
  int m;

  for (b = 0; b < nv; b += 8)
    {
      __m256i r[8];
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        r[m] = v[b + m];
      if (maxd >= 4)
        regs_half (r, 4);
      if (maxd >= 2)
        regs_half (r, 2);
      regs_finish (r);
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        v[b + m] = r[m];
    }
}

/* ---- phases k <= 256 on lane-major blocks ----
 *
 * The 768 live lanes are three blocks of 256 words, 32 vectors each.
 * Inside a block the network may index the words as it likes (it sorts
 * any arrangement); here word j = 32 l + w is lane l of vector w.  Then
 * every comparator of distance below 32 joins two vectors lane-wise
 * (no shuffles at all), and only the stages of distance 32, 64, 128
 * (lane distances 1, 2, 4) and the flips of k = 64, 128, 256 (which
 * also flip lane bits) move lanes.  A last transpose per 8 vectors turns
 * the sorted blocks into the natural layout for the phases k = 512 and
 * 1024. */

/* X with lane l moved to lane l XOR LX (LX in {1, 2, 3, 4, 7}). */
static SORT_INLINE KC_AVX2 __m256i
lane_xor (__m256i x, int lx)
{
  switch (lx)
    {
    case 1: return _mm256_shuffle_epi32 (x, 0xb1);
    case 2: return _mm256_shuffle_epi32 (x, 0x4e);
    case 3: return _mm256_shuffle_epi32 (x, 0x1b);
    case 4: return _mm256_permute2x128_si256 (x, x, 0x01);
    default: return reverse8 (x);
    }
}

/* Lanes l of HI where l AND BIT is set (BIT in {1, 2, 4}), else of LO. */
static SORT_INLINE KC_AVX2 __m256i
blend_bit (__m256i lo, __m256i hi, int bit)
{
  switch (bit)
    {
    case 1: return _mm256_blend_epi32 (lo, hi, 0xaa);
    case 2: return _mm256_blend_epi32 (lo, hi, 0xcc);
    default: return _mm256_blend_epi32 (lo, hi, 0xf0);
    }
}

/* The comparators between lanes l and l XOR LX of A and B (LX = 1, 3,
 * 7, its top bit HB): the word in the lane with bit HB clear has the
 * lower index (the lane is the high part of j), so it takes the
 * minimum, whichever of A, B it is in. */
static SORT_INLINE KC_AVX2 void
flip_lanes (__m256i *a, __m256i *b, int lx, int hb)
{
  __m256i bp = lane_xor (*b, lx);
  __m256i mn = _mm256_min_epu32 (*a, bp), mx = _mm256_max_epu32 (*a, bp);
  *a = blend_bit (mn, mx, hb);
  *b = lane_xor (blend_bit (mx, mn, hb), lx);
}

/* k = 2, 4, 8 (distances 1, 2, 4 in w) on the 8 vectors at V. */
static inline KC_AVX2 void
blk_sort8 (__m256i *v)
{
  __m256i r[8];
  int m;

  SORT_UNROLL
  for (m = 0; m < 8; m++)
    r[m] = v[m];
  cx8 (&r[0], &r[1]); cx8 (&r[2], &r[3]);       /* k = 2 */
  cx8 (&r[4], &r[5]); cx8 (&r[6], &r[7]);
  cx8 (&r[0], &r[3]); cx8 (&r[1], &r[2]);       /* k = 4 */
  cx8 (&r[4], &r[7]); cx8 (&r[5], &r[6]);
  regs_half (r, 1);
  cx8 (&r[0], &r[7]); cx8 (&r[1], &r[6]);       /* k = 8 */
  cx8 (&r[2], &r[5]); cx8 (&r[3], &r[4]);
  regs_half (r, 2);
  regs_half (r, 1);
  SORT_UNROLL
  for (m = 0; m < 8; m++)
    v[m] = r[m];
}

/* The w-distances 4, 2, 1 (those not above MAXD) on the 32 vectors of
 * block V, 8 consecutive vectors at a time.  With OUT, the sorted block
 * is also transposed into the natural layout: word j = 32 l + 8 g + m
 * (lane l of vector 8 g + m) goes to lane m of OUT[4 l + g]. */
static SORT_INLINE KC_AVX2 void
blk_half (__m256i *v, int maxd, __m256i *out)
{
  size_t g;
  int m;

  for (g = 0; g < 4; g++)
    {
      __m256i r[8];
      SORT_UNROLL
      for (m = 0; m < 8; m++)
        r[m] = v[8 * g + m];
      if (maxd >= 4)
        regs_half (r, 4);
      if (maxd >= 2)
        regs_half (r, 2);
      regs_half (r, 1);
      if (out)
        {
          transpose8 (r);
          SORT_UNROLL
          for (m = 0; m < 8; m++)
            out[4 * m + g] = r[m];
        }
      else
        {
          SORT_UNROLL
          for (m = 0; m < 8; m++)
            v[8 * g + m] = r[m];
        }
    }
}

/* k = 64, 128, 256 (LX = 1, 3, 7): the flip of the block (w -> 31 - w,
 * l -> l XOR LX), the half-cleaners of lane distances 2 and 1 that
 * follow it (k = 256: both; k = 128: 1), then w-distances 16 and 8; on
 * chunks of the vectors l + 8m and 31 - l - 8m (l < 4, m < 4), which
 * every comparator of these stages keeps together. */
static SORT_INLINE KC_AVX2 void
blk_flip (__m256i *v, int lx, int hb)
{
  size_t l;
  int m;

  for (l = 0; l < 4; l++)
    {
      __m256i a[4], b[4];
      SORT_UNROLL
      for (m = 0; m < 4; m++)
        {
          a[m] = v[l + 8 * m];
          b[m] = v[31 - l - 8 * m];
          flip_lanes (&a[m], &b[m], lx, hb);
          /* lane distances 2, 1 in both (the pair forms share the
           * shuffles) */
          if (lx == 7)
            pair_stride2 (&a[m], &b[m]);
          if (lx >= 3)
            pair_stride1 (&a[m], &b[m]);
        }
      /* w: a[m] = l + 8m, b[m] = 31 - l - 8m (b[3] lowest). */
      cx8 (&a[0], &a[2]);
      cx8 (&a[1], &a[3]);
      cx8 (&b[3], &b[1]);
      cx8 (&b[2], &b[0]);
      cx8 (&a[0], &a[1]);
      cx8 (&a[2], &a[3]);
      cx8 (&b[3], &b[2]);
      cx8 (&b[1], &b[0]);
      SORT_UNROLL
      for (m = 0; m < 4; m++)
        {
          v[l + 8 * m] = a[m];
          v[31 - l - 8 * m] = b[m];
        }
    }
}

/* Block V (32 vectors, any content) sorted, in the natural layout at
 * OUT[0..32). */
static inline KC_AVX2 void
blk_sort256 (__m256i *out, __m256i *v)
{
  size_t g;

  for (g = 0; g < 32; g += 8)
    blk_sort8 (v + g);                  /* k = 2, 4, 8 */
  flip_pass (v, 16, 32, 0);             /* k = 16: flip, 4, 2 */
  blk_half (v, 1, NULL);                /* 1 */
  flip_pass (v, 32, 32, 0);             /* k = 32: flip, 8, 4 */
  blk_half (v, 2, NULL);                /* 2, 1 */
  blk_flip (v, 1, 1);                   /* k = 64: flip, 16, 8 */
  blk_half (v, 4, NULL);                /* 4, 2, 1 */
  blk_flip (v, 3, 2);                   /* k = 128: flip, lanes 1, 16, 8 */
  blk_half (v, 4, NULL);                /* 4, 2, 1 */
  blk_flip (v, 7, 4);                   /* k = 256: flip, lanes 2, 1, 16, 8 */
  blk_half (v, 4, out);                 /* 4, 2, 1, to the natural layout */
}

/* The network runs on 1024 lanes, but lanes 768 .. 1023 (vectors 96 ..
 * 127) start as padding 0xffffffff and stay so: every comparator (i, j)
 * has i < j and puts the maximum at j, so one whose j is a padding lane
 * changes nothing, and no other comparator writes a padding lane.  Those
 * vectors are not stored and their comparators are skipped (the result
 * is the full network's): SORT_NV vectors.  Passes over memory: eleven
 * per block for k <= 256 (blk_sort256), two for k = 512, two for k =
 * 1024. */

/* Phase k = 1024 up to distance 8 vectors, in one pass: the flip
 * (vector v against 127 - v, lanes reversed), then distances 32, 16, 8
 * vectors.  Vectors 96 .. 127 are padding, so for each l < 8 the chunk
 * is the twelve vectors a[j] = l + 8j (j < 8) and b[j] = 95 - l - 8j
 * (j < 4): the flip pairs a[4 + j] with b[j] (127 - (l + 32 + 8j)); the
 * distance-32 partners of b[j] would be padding. */
static SORT_INLINE KC_AVX2 void
flip1024_pass (__m256i *v)
{
  size_t l;
  int j;

  for (l = 0; l < 8; l++)
    {
      __m256i a[8], b[4];
      SORT_UNROLL
      for (j = 0; j < 8; j++)
        a[j] = v[l + 8 * j];
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        {
          b[j] = reverse8 (v[95 - l - 8 * j]);
          cx8 (&a[4 + j], &b[j]);               /* flip */
        }
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        cx8 (&a[j], &a[j + 4]);                 /* 32 */
      cx8 (&a[0], &a[2]);                       /* 16 */
      cx8 (&a[1], &a[3]);
      cx8 (&a[4], &a[6]);
      cx8 (&a[5], &a[7]);
      cx8 (&b[3], &b[1]);
      cx8 (&b[2], &b[0]);
      SORT_UNROLL
      for (j = 0; j < 8; j += 2)                /* 8 */
        cx8 (&a[j], &a[j + 1]);
      cx8 (&b[3], &b[2]);
      cx8 (&b[1], &b[0]);
      SORT_UNROLL
      for (j = 0; j < 8; j++)
        v[l + 8 * j] = a[j];
      SORT_UNROLL
      for (j = 0; j < 4; j++)
        v[95 - l - 8 * j] = reverse8 (b[j]);
    }
}

void KC_AVX2
_kc_sntrup761_sort768_avx2 (__m256i w[SORT_NV], __m256i v[SORT_NV])
{
  size_t i;

  for (i = 0; i < SORT_NV; i += 32)
    blk_sort256 (w + i, v + i);         /* k = 2 .. 256 */
  /* k = 512 leaves lanes 512 .. 767 alone: their partners in the flip
   * are padding, and the half-cleaners inside them meet an ascending
   * run (lanes 512 .. 767 are sorted by now), where every comparator
   * already holds.  So it runs on vectors 0 .. 63 only. */
  flip_pass (w, 64, 64, 1);             /* k = 512: flip, 16, 8 */
  tail_pass (w, 4, 64);                 /* 4, 2, 1, finish */
  flip1024_pass (w);                    /* k = 1024: flip, 32, 16, 8 */
  tail_pass (w, 4, SORT_NV);            /* 4, 2, 1, finish */
}

void KC_AVX2
_kc_sntrup761_sort_761_avx2 (uint32_t x[P])
{
  __m256i v[SORT_NV], w[SORT_NV];
  size_t i;

  for (i = 0; i < P / 8; i++)
    v[i] = _mm256_loadu_si256 ((const __m256i *) (x + 8 * i));
  /* 761 = 95 * 8 + 1: one word, then padding. */
  v[P / 8] = _mm256_insert_epi32 (_mm256_set1_epi32 (-1), (int) x[P - 1], 0);
  _kc_sntrup761_sort768_avx2 (w, v);
  for (i = 0; i < P / 8; i++)
    _mm256_storeu_si256 ((__m256i *) (x + 8 * i), w[i]);
  x[P - 1] = (uint32_t) _mm256_extract_epi32 (w[P / 8], 0);
  wipememory (v, sizeof v);
  wipememory (w, sizeof w);
}

#endif /* KC_USE_X86_64 */
