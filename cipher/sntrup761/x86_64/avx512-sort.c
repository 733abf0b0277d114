/* sntrup761/x86_64/avx512-sort.c - the constant-time sort of sntrup761's 761
 * words and Short_fromlist in AVX-512 (contracts in sntrup761/x86_64/avx512.h)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The network is the AVX2 kernel's (sntrup761/x86_64/avx2-sort.c): the bitonic
 * network on 1024 lanes in its all-ascending form, for k = 2, 4, ...,
 * 1024 a flip stage (lane i against i XOR (k - 1) in each block of k)
 * and half-cleaners at distances k/4, ..., 1, every comparator putting
 * the minimum at the lower index.  The 761 words and 7 words 0xffffffff
 * fill 768 lanes; lanes 768 .. 1023 would hold 0xffffffff and never
 * change (a comparator's lower index is always the one below 768), so
 * they are not held at all.  The sorted order of a multiset is unique,
 * so the result is exactly that of every other sort here.
 *
 * Layout.  The 48 vectors of 16 lanes form three blocks of 16 vectors;
 * lane t of vector m of block b holds network index 256 b + 16 t + m.
 * Which word starts at which index does not matter (the network sorts
 * any input), so the words are loaded in memory order and the layout
 * costs nothing until the end, where a 16 x 16 transpose of each block
 * puts index 256 b + 16 t + m at vector 16 b + t, lane m: memory order.
 * In this layout a distance below 16 joins whole vectors (one min and
 * one max for 16 comparators); a distance 16 e (e = 1, 2, 4, 8) joins
 * lanes t and t XOR e of one vector (a lane shuffle, a min and a masked
 * max); the flip of k = 32 .. 256 joins vector m with vector 15 - m,
 * lanes t and t XOR (k/16 - 1); distances 256 and over join blocks.
 * Phases k <= 256 run on one block held in 16 registers; k = 512 and
 * 1024 add passes across blocks in memory.
 *
 * Constant time: which lanes are compared is fixed; min, max, masked
 * max and blends by constant masks; no branch or index on the data
 * (valgrind cannot run AVX-512, so t-ctime does not cover this file;
 * t-sntrup761-avx2 compares it with the portable sort).
 *
 * Speed (Zen 5): only about 5% faster than the AVX2 network (2106
 * against 2210 rdtsc ticks, fastest of 20000 calls): 512-bit min / max
 * issue two a cycle where 256-bit ones issue four, so the comparators
 * cost the same per word, and the gain is in the shuffles
 * (doc/MEASUREMENTS).
 */
#include "kcrypt-int.h"
#include "sntrup761/x86_64/avx512.h"
#include "sntrup761/sntrup761.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define P KC_SNTRUP761_P
#define NV 48                   /* 768 words, 16 a vector */

#define TGT KC_ISA_TARGET (KC_SNTRUP761_AVX512_ISA)
#define INL inline __attribute__ ((always_inline))
#define UNROLL _Pragma ("GCC unroll 16")

typedef __m512i V;

static INL TGT void
cx (V *a, V *b)
{
  V t = _mm512_min_epu32 (*a, *b);
  *b = _mm512_max_epu32 (*a, *b);
  *a = t;
}

/* Lane t of the result is lane t XOR S of X (S = 1, 2, 3, 4, 7, 8, 15). */
static INL TGT V
lane_xor (V x, int s)
{
  switch (s)
    {
    case 1:
      return _mm512_shuffle_epi32 (x, (_MM_PERM_ENUM) 0xb1);
    case 2:
      return _mm512_shuffle_epi32 (x, (_MM_PERM_ENUM) 0x4e);
    case 3:
      return _mm512_shuffle_epi32 (x, (_MM_PERM_ENUM) 0x1b);
    case 4:
      return _mm512_shuffle_i32x4 (x, x, 0xb1);
    case 8:
      return _mm512_shuffle_i32x4 (x, x, 0x4e);
    case 7:
      return _mm512_permutexvar_epi32 (_mm512_setr_epi32 (7, 6, 5, 4, 3, 2, 1, 0,
                                                          15, 14, 13, 12, 11, 10, 9, 8), x);
    default:
      return _mm512_permutexvar_epi32 (_mm512_setr_epi32 (15, 14, 13, 12, 11, 10, 9, 8,
                                                          7, 6, 5, 4, 3, 2, 1, 0), x);
    }
}

/* The lanes whose index has bit E (1, 2, 4 or 8) set. */
static INL __mmask16
lanes_with (int e)
{
  return e == 1 ? 0xaaaa : e == 2 ? 0xcccc : e == 4 ? 0xf0f0 : 0xff00;
}

/* One half-cleaner of one block at distance D: for D = 16 e, lanes t
 * and t XOR e within each vector (the lane with bit e clear gets the
 * minimum); for D < 16, whole vectors m, m + d (m AND d = 0). */
static INL TGT void
blk_half1 (V r[16], int d)
{
  int m;

  if (d >= 16)
    {
      const int e = d / 16;
      const __mmask16 hi = lanes_with (e);
      UNROLL
      for (m = 0; m < 16; m++)
        {
          V b = lane_xor (r[m], e);
          r[m] = _mm512_mask_max_epu32 (_mm512_min_epu32 (r[m], b), hi, r[m], b);
        }
    }
  else
    UNROLL
    for (m = 0; m < 16; m++)
      if (!(m & d))
        cx (&r[m], &r[m + d]);
}

/* The half-cleaners at distances DMAX, DMAX / 2, ..., 1 (written out:
 * gcc leaves a loop over a halving distance rolled, and the distance
 * must be a constant). */
static INL TGT void
blk_half (V r[16], int dmax)
{
  if (dmax >= 128)
    blk_half1 (r, 128);
  if (dmax >= 64)
    blk_half1 (r, 64);
  if (dmax >= 32)
    blk_half1 (r, 32);
  if (dmax >= 16)
    blk_half1 (r, 16);
  if (dmax >= 8)
    blk_half1 (r, 8);
  if (dmax >= 4)
    blk_half1 (r, 4);
  if (dmax >= 2)
    blk_half1 (r, 2);
  blk_half1 (r, 1);
}

/* The flip stage of phase K (2 .. 256) within one block: index i
 * against i XOR (k - 1).  For k <= 16 that is vector m against m XOR
 * (k - 1); above, vector m against vector 15 - m with lanes t XOR (k/16
 * - 1), the lower index being the one whose lane has bit k/32 clear. */
static INL TGT void
blk_flip (V r[16], int k)
{
  int m;

  if (k <= 16)
    {
      UNROLL
      for (m = 0; m < 16; m++)
        if (!(m & (k / 2)))
          cx (&r[m], &r[m ^ (k - 1)]);
      return;
    }
  {
    const int s = k / 16 - 1;
    const __mmask16 hi = lanes_with (k / 32);
    UNROLL
    for (m = 0; m < 8; m++)
      {
        V a = r[m], b = lane_xor (r[15 - m], s);
        V mn = _mm512_min_epu32 (a, b), mx = _mm512_max_epu32 (a, b);
        r[m] = _mm512_mask_blend_epi32 (hi, mn, mx);
        r[15 - m] = lane_xor (_mm512_mask_blend_epi32 (hi, mx, mn), s);
      }
  }
}

/* Phases 2 .. 256 on the block at V. */
static INL TGT void
blk_sort256 (V *v)
{
  V r[16];
  int m;

  UNROLL
  for (m = 0; m < 16; m++)
    r[m] = v[m];
#define PHASE(k) blk_flip (r, k); blk_half (r, (k) / 4)
  blk_flip (r, 2);
  PHASE (4);
  PHASE (8);
  PHASE (16);
  PHASE (32);
  PHASE (64);
  PHASE (128);
  PHASE (256);
#undef PHASE
  UNROLL
  for (m = 0; m < 16; m++)
    v[m] = r[m];
}

/* The flip stage of k = 512 (blocks 0, 1) or 1024 (blocks 1, 2) across
 * the lower block X and the upper block Y: index 256 b + 16 t + m
 * against the upper block's 16 (15 - t) + 15 - m; X gets the minima. */
static INL TGT void
cross_flip (V *x, V *y)
{
  int m;

  UNROLL
  for (m = 0; m < 16; m++)
    {
      V a = x[m], b = lane_xor (y[15 - m], 15);
      x[m] = _mm512_min_epu32 (a, b);
      y[15 - m] = lane_xor (_mm512_max_epu32 (a, b), 15);
    }
}

/* Row i of the result is column i of R (a 16 x 16 transpose of 32-bit
 * words): for bit j = 8, 4, 2, 1 of the row index, rows a and a + j (a
 * AND j = 0) exchange the lanes of a with bit j set against the lanes of
 * a + j with bit j clear. */
static INL TGT void
transpose_bit (V r[16], int j)
{
  const V iota = _mm512_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  const __mmask16 hi = lanes_with (j);
  /* row a: its lanes with bit j clear, then the partner's lanes with
   * bit j clear (moved up by j); row a + j: the lanes with bit j set of
   * both (its own in place). */
  const V ilo = _mm512_mask_add_epi32 (iota, hi, iota, _mm512_set1_epi32 (16 - j));
  const V ihi = _mm512_mask_add_epi32 (_mm512_add_epi32 (iota, _mm512_set1_epi32 (j)),
                                       hi, iota, _mm512_set1_epi32 (16));
  int a;

  UNROLL
  for (a = 0; a < 16; a++)
    if (!(a & j))
      {
        V x = r[a], y = r[a + j];
        r[a] = _mm512_permutex2var_epi32 (x, ilo, y);
        r[a + j] = _mm512_permutex2var_epi32 (x, ihi, y);
      }
}

static INL TGT void
transpose16 (V r[16])
{
  transpose_bit (r, 8);
  transpose_bit (r, 4);
  transpose_bit (r, 2);
  transpose_bit (r, 1);
}

/* Sort the 768 words of V (any order in, memory order out). */
static TGT void
sort768 (V v[NV])
{
  V r[16];
  int b, m;

  for (b = 0; b < 3; b++)
    blk_sort256 (v + 16 * b);
  /* k = 512: the flip across blocks 0 and 1 (block 2's partner is
   * padding), then the half-cleaners 128 .. 1 in each block */
  cross_flip (v, v + 16);
  for (b = 0; b < 3; b++)
    {
      UNROLL
      for (m = 0; m < 16; m++)
        r[m] = v[16 * b + m];
      blk_half (r, 128);
      UNROLL
      for (m = 0; m < 16; m++)
        v[16 * b + m] = r[m];
    }
  /* k = 1024: the flip across blocks 1 and 2 (block 0's partner is
   * padding), distance 256 between blocks 0 and 1, then 128 .. 1 and
   * the transpose to memory order in each block */
  cross_flip (v + 16, v + 32);
  for (m = 0; m < 16; m++)
    cx (&v[m], &v[16 + m]);
  for (b = 0; b < 3; b++)
    {
      UNROLL
      for (m = 0; m < 16; m++)
        r[m] = v[16 * b + m];
      blk_half (r, 128);
      transpose16 (r);
      UNROLL
      for (m = 0; m < 16; m++)
        v[16 * b + m] = r[m];
    }
}

void TGT
_kc_sntrup761_sort_761_avx512 (uint32_t x[P])
{
  V v[NV];
  int i;

  for (i = 0; i < NV - 1; i++)
    v[i] = _mm512_loadu_si512 ((const void *) (x + 16 * i));
  v[NV - 1] = _mm512_mask_loadu_epi32 (_mm512_set1_epi32 (-1), 0x1ff,
                                       x + 16 * (NV - 1));
  sort768 (v);
  for (i = 0; i < NV - 1; i++)
    _mm512_storeu_si512 ((void *) (x + 16 * i), v[i]);
  _mm512_mask_storeu_epi32 (x + 16 * (NV - 1), 0x1ff, v[NV - 1]);
  wipememory (v, sizeof v);
}

void TGT
_kc_sntrup761_short_from_bytes_avx512 (int8_t out[P], const unsigned char *buf)
{
  const V iota = _mm512_setr_epi32 (0, 1, 2, 3, 4, 5, 6, 7,
                                    8, 9, 10, 11, 12, 13, 14, 15);
  const V three = _mm512_set1_epi32 (3), one = _mm512_set1_epi32 (1);
  V v[NV];
  int i;

  /* Word j: AND NOT 1 (tag 0 or 2: coefficient -1 or 1) for j < w = 286,
   * else AND NOT 3, OR 1 (tag 1: coefficient 0); the lanes of the two
   * kinds come from the (public) indices.  Little-endian host (x86). */
  for (i = 0; i < NV; i++)
    {
      V x = i < NV - 1 ? _mm512_loadu_si512 ((const void *) (buf + 64 * i))
        : _mm512_mask_loadu_epi32 (_mm512_set1_epi32 (-1), 0x1ff, buf + 64 * i);
      __mmask16 first = _mm512_cmplt_epi32_mask
        (_mm512_add_epi32 (iota, _mm512_set1_epi32 (16 * i)),
         _mm512_set1_epi32 (KC_SNTRUP761_W));
      V tagged = _mm512_or_si512 (_mm512_andnot_si512 (three, x), one);
      x = _mm512_mask_andnot_epi32 (tagged, first, one, x);
      if (i == NV - 1)
        x = _mm512_mask_mov_epi32 (_mm512_set1_epi32 (-1), 0x1ff, x);
      v[i] = x;
    }
  sort768 (v);
  for (i = 0; i < NV; i++)
    {
      __m128i t = _mm512_cvtepi32_epi8 (_mm512_sub_epi32 (_mm512_and_si512 (v[i], three), one));
      if (i < NV - 1)
        _mm_storeu_si128 ((__m128i *) (out + 16 * i), t);
      else
        _mm_mask_storeu_epi8 (out + 16 * i, 0x1ff, t);
    }
  wipememory (v, sizeof v);
}

#endif /* KC_USE_X86_64 */
