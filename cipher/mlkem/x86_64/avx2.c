/* mlkem/x86_64/avx2.c - ML-KEM kernels in AVX2 (contracts in mlkem/mlkem-int.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Sixteen int16 coefficients a vector, natural order in both domains.
 * Montgomery products by a constant b take b and b q^-1 (mod 2^16):
 * mulhi (a, b) - mulhi (mullo (a, b q^-1), q) = a b / 2^16 mod q, in
 * (-q, q) for any int16 a and |b| < q.  Barrett: t = round (a v / 2^26)
 * (v = 20159, the 2^26 / q of mlkem/poly.c) as mulhrs (mulhi (a, v), 32), then
 * a - t q, within q/2 + 8 of 0 for any int16 a.
 *
 * NTT: layers len 128 .. 16 pair whole vectors; len 8, 4, 2 work on two
 * vectors brought into the forms A/B, C/D, E/F of mlkem/gen-avx2.py (two
 * lanes of a butterfly in the same position of the two registers), and
 * back.  Forward, inputs |x| <= q: each layer adds at most q, so no lane
 * leaves 8q < 2^15; one Barrett reduction at the end.  Inverse, inputs
 * |x| <= q: the sums double each layer, so they are reduced after the
 * third and the sixth layer (lanes <= 8q there), the differences go
 * through a Montgomery product (< q); the last layer leaves 2q and the
 * scaling by R^2 / 128 ends in (-q, q).
 *
 * Base-case products: per pair, c0 = a0 b0 + a1 (b1 gamma / R) and
 * c1 = a0 b1 + a1 b0, each a vpmaddwd of a against (b0, b1 gamma/R) and
 * (b1, b0), precomputed once per b.  The sums over j stay in 32 bits,
 * |sum| <= 4 * 2 * 4095 * q < q 2^15 (4095: a secret key's s is not range
 * checked), so one Montgomery reduction per coefficient ends in (-q, q).
 *
 * Encodings: d-bit fields (d = 1, 4, 5, 10, 11, 12), eight a 128-bit
 * lane, packed with vpmaddwd and shifts, unpacked with a byte shuffle,
 * a variable shift and a mask; every load and store stays inside the
 * caller's buffer (d >= 8 by overlapping accesses at the end, d < 8
 * through a local copy).  Compress_d: the quotient estimate mulhi (x,
 * floor (2^(16+d) / q)) is at most one below round (2^d x / q) and the
 * remainder, computed mod 2^16, says which (t-mlkem-avx2 checks every
 * int16 x for every d).
 *
 * Matrix sampling with AVX-512 (F, BW, VL), where the eight-way Keccak
 * runs: each squeezed block of the eight lanes is transposed into lane
 * order in registers, and the rejection step takes 48 bytes (32
 * candidates) at a time, compressing the accepted ones with vpcompressd.
 *
 * Everything here is branch-free in the data but the rejection sampling
 * of the matrix (public).
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "hash/keccak.h"
#include "mlkem/mlkem-int.h"
#include "mlkem/x86_64/avx2.h"
#include "mlkem/mlkem.h"

#ifdef KC_USE_X86_64

#include <immintrin.h>
#include "ct-msan-x86.h"           /* MSan builds: see there */

#define KC_AVX2 KC_ISA_TARGET (KC_MLKEM_AVX2_ISA)

#define N KC_MLKEM_N
#define Q KC_MLKEM_Q
#define QINV (-3327)
#define KMAX KC_MLKEM_KMAX
#define T (&_kc_mlkem_avx2_tables)

typedef _kc_mlkem_poly poly;

static inline KC_AVX2 __m256i
ld (const int16_t *p)
{
  return _mm256_load_si256 ((const __m256i *) p);
}

static inline KC_AVX2 void
st (int16_t *p, __m256i v)
{
  _mm256_store_si256 ((__m256i *) p, v);
}

/* a b / R mod q, in (-q, q); BQ = b q^-1 mod 2^16 */
static inline KC_AVX2 __m256i
fqmul (__m256i a, __m256i b, __m256i bq)
{
  __m256i lo = _mm256_mullo_epi16 (a, bq);
  __m256i hi = _mm256_mulhi_epi16 (a, b);
  lo = _mm256_mulhi_epi16 (lo, _mm256_set1_epi16 (Q));
  return _mm256_sub_epi16 (hi, lo);
}

/* a mod q within q/2 + 8 of 0, any int16 a */
static inline KC_AVX2 __m256i
barrett (__m256i a)
{
  __m256i t = _mm256_mulhi_epi16 (a, _mm256_set1_epi16 (20159));
  t = _mm256_mulhrs_epi16 (t, _mm256_set1_epi16 (32));
  return _mm256_sub_epi16 (a, _mm256_mullo_epi16 (t, _mm256_set1_epi16 (Q)));
}

/* a mod q in [0, q), any int16 a */
static inline KC_AVX2 __m256i
freeze (__m256i a)
{
  a = barrett (a);
  return _mm256_add_epi16 (a, _mm256_and_si256 (_mm256_srai_epi16 (a, 15),
                                                _mm256_set1_epi16 (Q)));
}

/* ------------------------------------------------------------ the NTT */

static inline KC_AVX2 void
ct_bfly (__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
  __m256i t = fqmul (*b, z, zq);
  *b = _mm256_sub_epi16 (*a, t);
  *a = _mm256_add_epi16 (*a, t);
}

static inline KC_AVX2 void
gs_bfly (__m256i *a, __m256i *b, __m256i z, __m256i zq)
{
  __m256i t = *a;
  *a = _mm256_add_epi16 (t, *b);
  *b = fqmul (_mm256_sub_epi16 (*b, t), z, zq);
}

static inline KC_AVX2 __m256i
zeta_v (unsigned int i)
{
  return _mm256_set1_epi16 (_kc_mlkem_zetas[i]);
}

static inline KC_AVX2 __m256i
zetaq_v (unsigned int i)
{
  return _mm256_set1_epi16 (T->zetas_qinv[i]);
}

/* the form changes: (v0, v1) <-> (A, B) <-> (C, D) <-> (E, F) */
static inline KC_AVX2 void
to_ab (__m256i *x, __m256i *y)
{
  __m256i a = _mm256_permute2x128_si256 (*x, *y, 0x20);
  __m256i b = _mm256_permute2x128_si256 (*x, *y, 0x31);
  *x = a;
  *y = b;
}

static inline KC_AVX2 void
ab_to_cd (__m256i *x, __m256i *y)
{
  __m256i c = _mm256_unpacklo_epi64 (*x, *y);
  __m256i d = _mm256_unpackhi_epi64 (*x, *y);
  *x = c;
  *y = d;
}

static inline KC_AVX2 void
cd_to_ef (__m256i *x, __m256i *y)
{
  __m256i e = _mm256_blend_epi32 (*x, _mm256_slli_epi64 (*y, 32), 0xaa);
  __m256i f = _mm256_blend_epi32 (_mm256_srli_epi64 (*x, 32), *y, 0xaa);
  *x = e;
  *y = f;
}

/* each change is its own inverse: (E, F) -> (C, D) is the same 32-bit
 * interleave, (C, D) -> (A, B) the same 64-bit one, (A, B) -> (v0, v1)
 * the same lane exchange */
#define ef_to_cd cd_to_ef
#define cd_to_ab ab_to_cd
#define ab_to_v to_ab

/* The first layer streams the pairs (i, i + 8) through memory; the other
 * six run on one half (eight vectors) in registers. */
static KC_AVX2 void
ntt (poly *r)
{
  __m256i v[8];
  unsigned int i, j, p, h;

  KC_UNROLL_ALL
  for (i = 0; i < 8; i++)
    {
      __m256i x = ld (r->c + 16 * i), y = ld (r->c + 16 * (i + 8));
      ct_bfly (&x, &y, zeta_v (1), zetaq_v (1));
      st (r->c + 16 * i, x);
      st (r->c + 16 * (i + 8), y);
    }
  KC_UNROLL_ALL
  for (h = 0; h < 2; h++)
    {
      int16_t *c = r->c + 128 * h;
      KC_UNROLL_ALL
      for (i = 0; i < 8; i++)
        v[i] = ld (c + 16 * i);
      KC_UNROLL_ALL
      for (i = 0; i < 4; i++)
        ct_bfly (&v[i], &v[i + 4], zeta_v (2 + h), zetaq_v (2 + h));
      KC_UNROLL_ALL
      for (j = 0; j < 2; j++)
        KC_UNROLL_ALL
        for (i = 0; i < 2; i++)
          ct_bfly (&v[4 * j + i], &v[4 * j + i + 2], zeta_v (4 + 2 * h + j),
                   zetaq_v (4 + 2 * h + j));
      KC_UNROLL_ALL
      for (j = 0; j < 4; j++)
        ct_bfly (&v[2 * j], &v[2 * j + 1], zeta_v (8 + 4 * h + j),
                 zetaq_v (8 + 4 * h + j));
      KC_UNROLL_ALL
      for (p = 0; p < 4; p++)
        {
          const int16_t (*z)[16] = T->ntt[4 * h + p];
          __m256i *x = &v[2 * p], *y = &v[2 * p + 1];
          to_ab (x, y);
          ct_bfly (x, y, ld (z[0]), ld (z[1]));
          ab_to_cd (x, y);
          ct_bfly (x, y, ld (z[2]), ld (z[3]));
          cd_to_ef (x, y);
          ct_bfly (x, y, ld (z[4]), ld (z[5]));
          ef_to_cd (x, y);
          cd_to_ab (x, y);
          ab_to_v (x, y);
        }
      KC_UNROLL_ALL
      for (i = 0; i < 8; i++)
        st (c + 16 * i, barrett (v[i]));
    }
}

/* Six layers on each half in registers, then the last one streamed with
 * the scaling. */
static KC_AVX2 void
invntt (poly *r)
{
  /* R^2 / 128 = 1441 mod q, and its q^-1 multiple */
  const __m256i f = _mm256_set1_epi16 (1441);
  const __m256i fq = _mm256_set1_epi16 ((int16_t) (1441 * QINV));
  __m256i v[8];
  unsigned int i, j, p, h;

  KC_UNROLL_ALL
  for (h = 0; h < 2; h++)
    {
      int16_t *c = r->c + 128 * h;
      KC_UNROLL_ALL
      for (i = 0; i < 8; i++)
        v[i] = ld (c + 16 * i);
      KC_UNROLL_ALL
      for (p = 0; p < 4; p++)
        {
          const int16_t (*z)[16] = T->invntt[4 * h + p];
          __m256i *x = &v[2 * p], *y = &v[2 * p + 1];
          to_ab (x, y);
          ab_to_cd (x, y);
          cd_to_ef (x, y);
          gs_bfly (x, y, ld (z[4]), ld (z[5]));     /* <= 2q */
          ef_to_cd (x, y);
          gs_bfly (x, y, ld (z[2]), ld (z[3]));     /* <= 4q */
          cd_to_ab (x, y);
          gs_bfly (x, y, ld (z[0]), ld (z[1]));     /* <= 8q */
          *x = barrett (*x);                        /* <= q */
          ab_to_v (x, y);
        }
      KC_UNROLL_ALL
      for (j = 0; j < 4; j++)
        gs_bfly (&v[2 * j], &v[2 * j + 1], zeta_v (15 - 4 * h - j),
                 zetaq_v (15 - 4 * h - j));
      KC_UNROLL_ALL
      for (j = 0; j < 2; j++)
        KC_UNROLL_ALL
        for (i = 0; i < 2; i++)
          gs_bfly (&v[4 * j + i], &v[4 * j + i + 2], zeta_v (7 - 2 * h - j),
                   zetaq_v (7 - 2 * h - j));
      KC_UNROLL_ALL
      for (i = 0; i < 4; i++)
        gs_bfly (&v[i], &v[i + 4], zeta_v (3 - h), zetaq_v (3 - h));
      KC_UNROLL_ALL
      for (i = 0; i < 8; i++)
        st (c + 16 * i, barrett (v[i]));        /* <= q */
    }
  KC_UNROLL_ALL
  for (i = 0; i < 8; i++)
    {
      __m256i x = ld (r->c + 16 * i), y = ld (r->c + 16 * (i + 8));
      gs_bfly (&x, &y, zeta_v (1), zetaq_v (1));
      st (r->c + 16 * i, fqmul (x, f, fq));
      st (r->c + 16 * (i + 8), fqmul (y, f, fq));
    }
}

/* ------------------------------------------------ base-case products */

/* per b: X = (b0, b1 gamma / R), Y = (b1, b0), pair by pair */
struct bcache
{
  poly x, y;
};

static KC_AVX2 void
bcache_make (struct bcache *c, const poly *b)
{
  const __m256i swap = _mm256_setr_epi8 (2, 3, 0, 1, 6, 7, 4, 5, 10, 11,
                                         8, 9, 14, 15, 12, 13, 2, 3, 0, 1,
                                         6, 7, 4, 5, 10, 11, 8, 9, 14, 15,
                                         12, 13);
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    {
      __m256i v = ld (b->c + 16 * i);
      __m256i g = fqmul (v, ld (T->gamma[0] + 16 * i),
                         ld (T->gamma[1] + 16 * i));
      st (c->x.c + 16 * i, _mm256_blend_epi16 (v, g, 0xaa));
      st (c->y.c + 16 * i, _mm256_shuffle_epi8 (v, swap));
    }
}

static KC_AVX2 void
matvec (poly *r, const poly a[][KMAX], const poly *b, unsigned int rows,
        unsigned int k)
{
  struct bcache c[KMAX];
  const __m256i qinv = _mm256_set1_epi32 (QINV & 0xffff);
  const __m256i q = _mm256_set1_epi32 (Q);
  unsigned int i, j, v;


  for (j = 0; j < k; j++)
    bcache_make (&c[j], &b[j]);
  for (i = 0; i < rows; i++)
    for (v = 0; v < 16; v++)
      {
        __m256i s0 = _mm256_setzero_si256 (), s1 = s0, t0, t1;
        for (j = 0; j < k; j++)
          {
            __m256i x = ld (a[i][j].c + 16 * v);
            s0 = _mm256_add_epi32 (s0, _mm256_madd_epi16 (x, ld (c[j].x.c
                                                               + 16 * v)));
            s1 = _mm256_add_epi32 (s1, _mm256_madd_epi16 (x, ld (c[j].y.c
                                                               + 16 * v)));
          }
        /* Montgomery in 32-bit lanes: t = low16 (s) q^-1, s - t q */
        t0 = _mm256_mullo_epi16 (s0, qinv);
        t1 = _mm256_mullo_epi16 (s1, qinv);
        s0 = _mm256_sub_epi32 (s0, _mm256_madd_epi16 (t0, q));
        s1 = _mm256_sub_epi32 (s1, _mm256_madd_epi16 (t1, q));
        st (r[i].c + 16 * v, _mm256_blend_epi16 (_mm256_srli_epi32 (s0, 16),
                                                 s1, 0xaa));
      }
  wipememory (c, sizeof c);
}

static KC_AVX2 void
tomont (poly *r)
{
  const __m256i f = _mm256_set1_epi16 (1353);   /* R^2 mod q */
  const __m256i fq = _mm256_set1_epi16 ((int16_t) (1353 * QINV));
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    st (r->c + 16 * i, fqmul (ld (r->c + 16 * i), f, fq));
}

static KC_AVX2 void
add (poly *r, const poly *a)
{
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    st (r->c + 16 * i, barrett (_mm256_add_epi16 (ld (r->c + 16 * i),
                                                  ld (a->c + 16 * i))));
}

static KC_AVX2 void
sub (poly *r, const poly *a)
{
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    st (r->c + 16 * i, barrett (_mm256_sub_epi16 (ld (a->c + 16 * i),
                                                  ld (r->c + 16 * i))));
}

/* ---------------------------------------------------------- encodings */

/* Sixteen D-bit fields: those of lane 0 from the D bytes at P0, of lane 1
 * from the D bytes at P1 + OFF1 (P0 and P1 point at 16 readable bytes). */
static inline KC_AVX2 __m256i
unpack_d (const unsigned char *p0, const unsigned char *p1, unsigned int off1,
          unsigned int d)
{
  __m256i x = _mm256_inserti128_si256
    (_mm256_castsi128_si256 (_mm_loadu_si128 ((const __m128i *) p0)),
     _mm_loadu_si128 ((const __m128i *) p1), 1);
  __m256i lo, hi, m = _mm256_set1_epi32 ((1 << d) - 1);
  /* field j: 4 bytes from byte j d / 8 on, shifted right by j d % 8 */
#define B_(j, o) (char) ((j) * d / 8 + (o))
#define F_(j, o) B_ (j, 0 + o), B_ (j, 1 + o), B_ (j, 2 + o), B_ (j, 3 + o)
  lo = _mm256_shuffle_epi8 (x, _mm256_setr_epi8 (F_ (0, 0), F_ (1, 0),
                                                 F_ (2, 0), F_ (3, 0),
                                                 F_ (0, off1), F_ (1, off1),
                                                 F_ (2, off1), F_ (3, off1)));
  hi = _mm256_shuffle_epi8 (x, _mm256_setr_epi8 (F_ (4, 0), F_ (5, 0),
                                                 F_ (6, 0), F_ (7, 0),
                                                 F_ (4, off1), F_ (5, off1),
                                                 F_ (6, off1), F_ (7, off1)));
#undef F_
#undef B_
  lo = _mm256_srlv_epi32 (lo, _mm256_setr_epi32 (0, d % 8, 2 * d % 8,
                                                 3 * d % 8, 0, d % 8,
                                                 2 * d % 8, 3 * d % 8));
  hi = _mm256_srlv_epi32 (hi, _mm256_setr_epi32 (4 * d % 8, 5 * d % 8,
                                                 6 * d % 8, 7 * d % 8,
                                                 4 * d % 8, 5 * d % 8,
                                                 6 * d % 8, 7 * d % 8));
  return _mm256_packus_epi32 (_mm256_and_si256 (lo, m),
                              _mm256_and_si256 (hi, m));
}

/* Vector I (of 16) of a polynomial of D-bit fields at IN (32 D bytes) */
static inline KC_AVX2 __m256i
unpack_vec (const unsigned char *in, unsigned int i, unsigned int d)
{
  const unsigned char *p = in + 2 * d * i;
  /* lane 1 by a load ending at the vector's last byte */
  return unpack_d (p, p + 2 * d - 16, 16 - d, d);
}

/* The sixteen D-bit fields of V (< 2^D) packed: lane 0's eight in bytes
 * 0 .. D-1, lane 1's in bytes 16 .. 16+D-1, zeros elsewhere. */
static inline KC_AVX2 __m256i
pack_d (__m256i v, unsigned int d)
{
  __m256i x = _mm256_madd_epi16 (v, _mm256_set1_epi32 ((1 << d) << 16 | 1));
  __m256i z = _mm256_setzero_si256 (), y, t;
  /* 64-bit lanes of 4 d bits */
  y = _mm256_or_si256 (_mm256_blend_epi32 (x, z, 0xaa),
                       _mm256_slli_epi64 (_mm256_srli_epi64 (x, 32), 2 * d));
  /* the high one of each 128-bit lane to bit 4 d */
  t = _mm256_blend_epi32 (z, d & 1 ? _mm256_slli_epi64 (y, 4) : y, 0xcc);
  switch (d)                    /* (64 - 4 d + 4 (d & 1)) / 8 bytes */
    {
    case 4:
    case 5:
      t = _mm256_bsrli_epi128 (t, 6);
      break;
    case 10:
    case 11:
      t = _mm256_bsrli_epi128 (t, 3);
      break;
    default:                    /* 12 */
      t = _mm256_bsrli_epi128 (t, 2);
      break;
    }
  return _mm256_or_si256 (_mm256_blend_epi32 (y, z, 0xcc), t);
}

/* store a pack_d result as the 2 D bytes at OUT (D >= 8: the accesses
 * stay inside them) */
static inline KC_AVX2 void
store_packed (unsigned char *out, __m256i z, unsigned int d)
{
  __m128i l0 = _mm256_castsi256_si128 (z);
  __m128i l1 = _mm256_extracti128_si256 (z, 1);
  __m128i w;
  /* lane 1's bytes end at byte 2 d; below them, lane 0's again */
  switch (d)
    {
    case 10:
      w = _mm_or_si128 (_mm_bsrli_si128 (l0, 4), _mm_bslli_si128 (l1, 6));
      break;
    case 11:
      w = _mm_or_si128 (_mm_bsrli_si128 (l0, 6), _mm_bslli_si128 (l1, 5));
      break;
    default:                    /* 12 */
      w = _mm_or_si128 (_mm_bsrli_si128 (l0, 8), _mm_bslli_si128 (l1, 4));
      break;
    }
  _mm_storeu_si128 ((__m128i *) out, l0);
  _mm_storeu_si128 ((__m128i *) (out + 2 * d - 16), w);
}

/* Compress_d of frozen-or-not X: round (2^d x / q) mod 2^d */
static inline KC_AVX2 __m256i
compress_v (__m256i x, unsigned int d)
{
  const __m256i q = _mm256_set1_epi16 (Q);
  __m256i y, r;
  x = freeze (x);
  y = _mm256_mulhi_epu16 (x, _mm256_set1_epi16 ((int16_t) ((1u << (16 + d))
                                                           / Q)));
  /* r = 2^d x + (q - 1) / 2 - y q in [0, 2q), computed mod 2^16 */
  r = _mm256_add_epi16 (_mm256_slli_epi16 (x, (int) d),
                        _mm256_set1_epi16 (Q / 2));
  r = _mm256_sub_epi16 (r, _mm256_mullo_epi16 (y, q));
  y = _mm256_sub_epi16 (y, _mm256_cmpgt_epi16 (r, _mm256_set1_epi16 (Q - 1)));
  return _mm256_and_si256 (y, _mm256_set1_epi16 ((int16_t) ((1 << d) - 1)));
}

/* Decompress_d: (q y + 2^(d-1)) >> d */
static inline KC_AVX2 __m256i
decompress_v (__m256i y, unsigned int d)
{
  return _mm256_mulhrs_epi16 (_mm256_slli_epi16 (y, (int) (15 - d)),
                              _mm256_set1_epi16 (Q));
}

static KC_AVX2 void
tobytes (unsigned char out[384], const poly *a)
{
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    store_packed (out + 24 * i, pack_d (freeze (ld (a->c + 16 * i)), 12), 12);
}

static KC_AVX2 uint32_t
frombytes (poly *r, const unsigned char in[384])
{
  __m256i bad = _mm256_setzero_si256 ();
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 16; i++)
    {
      __m256i v = unpack_vec (in, i, 12);
      bad = _mm256_or_si256 (bad, _mm256_cmpgt_epi16 (v, _mm256_set1_epi16
                                                      (Q - 1)));
      st (r->c + 16 * i, v);
    }
  /* all lanes 0 (every coefficient < q) gives all ones */
  return ct_mask_from_flag_u32 ((uint32_t) _mm256_testz_si256 (bad, bad));
}

static inline KC_AVX2 void
compress_d (unsigned char *out, const poly *a, unsigned int d)
{
  unsigned int i;
  if (d >= 8)
    {
      KC_UNROLL_ALL
      for (i = 0; i < 16; i++)
        store_packed (out + 2 * d * i, pack_d (compress_v (ld (a->c
                                                               + 16 * i), d),
                                               d), d);
    }
  else
    {
      unsigned char buf[32 * 5 + 16];
      KC_UNROLL_ALL
      for (i = 0; i < 16; i++)
        {
          __m256i z = pack_d (compress_v (ld (a->c + 16 * i), d), d);
          _mm_storeu_si128 ((__m128i *) (buf + 2 * d * i),
                            _mm256_castsi256_si128 (z));
          _mm_storeu_si128 ((__m128i *) (buf + 2 * d * i + d),
                            _mm256_extracti128_si256 (z, 1));
        }
      memcpy (out, buf, 32 * d);
      wipememory (buf, sizeof buf);
    }
}

static KC_AVX2 void
compress (unsigned char *out, const poly *a, unsigned int d)
{
  unsigned int i;
  switch (d)
    {
    case 1:
      KC_UNROLL_ALL
      for (i = 0; i < 8; i++)
        {
          __m256i x = _mm256_slli_epi16 (compress_v (ld (a->c + 32 * i), 1),
                                         15);
          __m256i y = _mm256_slli_epi16 (compress_v (ld (a->c + 32 * i + 16),
                                                     1), 15);
          x = _mm256_permute4x64_epi64 (_mm256_packs_epi16 (x, y), 0xd8);
          buf_put_le32 (out + 4 * i, (uint32_t) _mm256_movemask_epi8 (x));
        }
      break;
    case 4:
      compress_d (out, a, 4);
      break;
    case 5:
      compress_d (out, a, 5);
      break;
    case 10:
      compress_d (out, a, 10);
      break;
    default:
      compress_d (out, a, 11);
      break;
    }
}

static inline KC_AVX2 void
decompress_d (poly *r, const unsigned char *in, unsigned int d)
{
  unsigned int i;
  if (d >= 8)
    {
      KC_UNROLL_ALL
      for (i = 0; i < 16; i++)
        st (r->c + 16 * i, decompress_v (unpack_vec (in, i, d), d));
    }
  else
    {
      unsigned char buf[32 * 5 + 16];
      memcpy (buf, in, 32 * d);
      memset (buf + 32 * d, 0, sizeof buf - 32 * d);
      KC_UNROLL_ALL
      for (i = 0; i < 16; i++)
        st (r->c + 16 * i, decompress_v (unpack_d (buf + 2 * d * i,
                                                   buf + 2 * d * i, d, d),
                                         d));
      wipememory (buf, sizeof buf);
    }
}

static KC_AVX2 void
decompress (poly *r, const unsigned char *in, unsigned int d)
{
  unsigned int i;
  switch (d)
    {
    case 1:
      {
        const __m256i bits = _mm256_setr_epi16 (1, 2, 4, 8, 16, 32, 64, 128,
                                                256, 512, 1024, 2048, 4096,
                                                8192, 16384, -32768);
        KC_UNROLL_ALL
        for (i = 0; i < 16; i++)
          {
            __m256i m = _mm256_set1_epi16 ((int16_t) (in[2 * i]
                                                      | in[2 * i + 1] << 8));
            m = _mm256_cmpeq_epi16 (_mm256_and_si256 (m, bits), bits);
            st (r->c + 16 * i, _mm256_and_si256 (m, _mm256_set1_epi16
                                                 ((Q + 1) / 2)));
          }
      }
      break;
    case 4:
      decompress_d (r, in, 4);
      break;
    case 5:
      decompress_d (r, in, 5);
      break;
    case 10:
      decompress_d (r, in, 10);
      break;
    default:
      decompress_d (r, in, 11);
      break;
    }
}

/* ----------------------------------------------------------- sampling */

/* CBD_2 of the 128 bytes at BUF */
static KC_AVX2 void
cbd2 (poly *r, const unsigned char *buf)
{
  const __m256i m55 = _mm256_set1_epi8 (0x55), m3 = _mm256_set1_epi8 (3);
  unsigned int i;
  KC_UNROLL_ALL
  for (i = 0; i < 4; i++)
    {
      __m256i t = _mm256_loadu_si256 ((const __m256i *) (buf + 32 * i));
      __m256i d = _mm256_add_epi8 (_mm256_and_si256 (t, m55),
                                   _mm256_and_si256 (_mm256_srli_epi16 (t, 1),
                                                     m55));
      /* nibble: (bits 0-1) - (bits 2-3), as int8 */
      __m256i lo = _mm256_sub_epi8 (_mm256_and_si256 (d, m3),
                                    _mm256_and_si256 (_mm256_srli_epi16 (d, 2),
                                                      m3));
      __m256i hi = _mm256_sub_epi8 (_mm256_and_si256 (_mm256_srli_epi16 (d, 4),
                                                      m3),
                                    _mm256_and_si256 (_mm256_srli_epi16 (d, 6),
                                                      m3));
      __m256i u0 = _mm256_unpacklo_epi8 (lo, hi);   /* 0..15 | 32..47 */
      __m256i u1 = _mm256_unpackhi_epi8 (lo, hi);   /* 16..31 | 48..63 */
      int16_t *o = r->c + 64 * i;
      st (o, _mm256_cvtepi8_epi16 (_mm256_castsi256_si128 (u0)));
      st (o + 16, _mm256_cvtepi8_epi16 (_mm256_castsi256_si128 (u1)));
      st (o + 32, _mm256_cvtepi8_epi16 (_mm256_extracti128_si256 (u0, 1)));
      st (o + 48, _mm256_cvtepi8_epi16 (_mm256_extracti128_si256 (u1, 1)));
    }
}

/* Lane LANE of an eight-way state (zeroed before) set up to absorb
 * PRF's SIGMA || NONCE for SHAKE256 (the suffix and pad10*1 included). */
static void
lane_init_prf (uint64_t st[25][8], unsigned int lane,
               const unsigned char sigma[32], unsigned char nonce)
{
  unsigned int i;
  for (i = 0; i < 4; i++)
    st[i][lane] = buf_get_le64 (sigma + 8 * i);
  st[4][lane] = nonce | (uint64_t) 0x1f << 8;
  st[KC_SHAKE256_RATE / 8 - 1][lane] = (uint64_t) 0x80 << 56;
}

/* The same for SampleNTT's rho || j || i (transposed: i || j), entry E
 * of the k x k matrix, for SHAKE128, in a state of LANES lanes (word i
 * of lane j at ST[i LANES + j]). */
static void
lane_init_matrix (uint64_t *st, unsigned int lanes, unsigned int lane,
                  const unsigned char rho[32], unsigned int k, int transposed,
                  unsigned int e)
{
  unsigned int i, r = e / k, c = e % k;
  for (i = 0; i < 4; i++)
    st[i * lanes + lane] = buf_get_le64 (rho + 8 * i);
  st[4 * lanes + lane] = (uint64_t) (transposed ? r : c)
                         | (uint64_t) (transposed ? c : r) << 8
                         | (uint64_t) 0x1f << 16;
  st[(KC_SHAKE128_RATE / 8 - 1) * lanes + lane] = (uint64_t) 0x80 << 56;
}

/* PRF_eta for eight nonces on the eight-way Keccak, the state set up
 * and read out directly (one block for eta 2, two for eta 3) */
static KC_AVX2 void
noise_x8 (poly *const r[8], const unsigned char s[32],
          const unsigned char nonce[8], unsigned int eta)
{
  uint64_t st[25][8] __attribute__ ((aligned (64)));
  unsigned char buf[8][2 * KC_SHAKE256_RATE];
  unsigned int lane, i, b, nb = eta == 2 ? 1 : 2;

  memset (st, 0, sizeof st);
  for (lane = 0; lane < 8; lane++)
    lane_init_prf (st, lane, s, nonce[lane]);
  for (b = 0; b < nb; b++)
    {
      _kc_keccak_f1600_x8 (st);
      for (lane = 0; lane < 8; lane++)
        if (r[lane])
          for (i = 0; i < (eta == 2 ? 16 : KC_SHAKE256_RATE / 8); i++)
            buf_put_le64 (buf[lane] + KC_SHAKE256_RATE * b + 8 * i,
                          st[i][lane]);
    }
  for (lane = 0; lane < 8; lane++)
    if (r[lane])
      {
        if (eta == 2)
          cbd2 (r[lane], buf[lane]);
        else
          _kc_mlkem_cbd (r[lane], buf[lane], eta);
      }
  wipememory (st, sizeof st);
  wipememory (buf, sizeof buf);
}

/* _kc_mlkem_rej_uniform, 24 bytes (16 candidates) a step: while 16 more
 * fit, each 8-lane store straight into R (it then starts at most at
 * 248); near the end through a local copy, of which as many as R still
 * takes; a rest shorter than 24 bytes one triple at a time.  Public
 * data. */
static KC_AVX2 unsigned int
rej_uniform (poly *r, unsigned int n, const unsigned char *buf, size_t len)
{
  const __m256i q = _mm256_set1_epi16 (Q);
  size_t p = 0;

  while (n < N && p + 24 <= len)
    {
      __m256i v = unpack_vec (buf + p, 0, 12);
      __m256i ok = _mm256_cmpgt_epi16 (q, v);
      uint32_t bits = (uint32_t) _mm256_movemask_epi8
        (_mm256_packs_epi16 (ok, ok));
      unsigned int m0 = bits & 0xff, m1 = (bits >> 16) & 0xff;
      __m128i l0 = _mm_shuffle_epi8 (_mm256_castsi256_si128 (v),
                                     _mm_load_si128 ((const __m128i *)
                                                     T->rej[m0]));
      __m128i l1 = _mm_shuffle_epi8 (_mm256_extracti128_si256 (v, 1),
                                     _mm_load_si128 ((const __m128i *)
                                                     T->rej[m1]));
      p += 24;
      if (n + 16 > N)
        {
          int16_t tmp[16];
          unsigned int c0 = (unsigned int) _mm_popcnt_u32 (m0);
          unsigned int c = c0 + (unsigned int) _mm_popcnt_u32 (m1);
          _mm_storeu_si128 ((__m128i *) (void *) tmp, l0);
          _mm_storeu_si128 ((__m128i *) (void *) (tmp + c0), l1);
          c = c < N - n ? c : N - n;
          memcpy (r->c + n, tmp, 2 * c);
          n += c;
          continue;
        }
      _mm_storeu_si128 ((__m128i *) (r->c + n), l0);
      n += (unsigned int) _mm_popcnt_u32 (m0);
      _mm_storeu_si128 ((__m128i *) (r->c + n), l1);
      n += (unsigned int) _mm_popcnt_u32 (m1);
    }
  return _kc_mlkem_rej_uniform (r, n, buf + p, len - p);
}

/* With AVX-512 (F, BW, VL): 48 bytes (32 candidates) a step.  vpermd
 * gives each 128-bit lane its 12 bytes, vpshufb and a variable shift make
 * the eight 12-bit fields of a lane its 16-bit words, one compare gives
 * the 32-bit mask of those below q; each half is widened to 32 bits,
 * compressed (vpcompressd) and narrowed back, and stored under a mask of
 * as many words as it has and R still takes, so no step writes past
 * R->c[N - 1] and none needs a scalar tail.  The last step of a block
 * reads the bytes left (a masked load: nothing past BUF + LEN); a
 * remainder that is not a multiple of 3 goes to the portable function.
 * Public data. */
#define KC_AVX512 KC_ISA_TARGET (KC_MLKEM_AVX512_ISA)

static inline KC_AVX512 unsigned int
rej_store16 (poly *r, unsigned int n, __m256i w, __mmask16 ok)
{
  __m512i d = _mm512_maskz_compress_epi32 (ok, _mm512_cvtepu16_epi32 (w));
  unsigned int cnt = (unsigned int) _mm_popcnt_u32 (ok), room = N - n;

  if (cnt > room)
    cnt = room;
  _mm256_mask_storeu_epi16 (r->c + n, (__mmask16) ((1u << cnt) - 1),
                            _mm512_cvtepi32_epi16 (d));
  return n + cnt;
}

/* The 32 12-bit fields of up to 48 stream bytes in the low bytes of V
 * (TAKE of them, a multiple of 3; the rest zero) as 16-bit words, and in
 * *OK the mask of those that are candidates below q. */
static inline KC_AVX512 __m512i
rej_fields (__m512i v, size_t take, __mmask32 *ok)
{
  const __m512i lanes = _mm512_setr_epi32 (0, 1, 2, 0, 3, 4, 5, 0,
                                           6, 7, 8, 0, 9, 10, 11, 0);
  const __m512i bytes = _mm512_broadcast_i32x4
    (_mm_setr_epi8 (0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11));
  const __m512i shift = _mm512_set1_epi32 (4 << 16);     /* 0, 4, 0, 4 .. */
  const __m512i low12 = _mm512_set1_epi16 (0xfff), q = _mm512_set1_epi16 (Q);
  unsigned int cands = (unsigned int) (take / 3 * 2);

  v = _mm512_permutexvar_epi32 (lanes, v);
  v = _mm512_and_si512 (_mm512_srlv_epi16 (_mm512_shuffle_epi8 (v, bytes),
                                           shift), low12);
  *ok = _mm512_cmplt_epu16_mask (v, q)
        & (__mmask32) (cands == 32 ? ~0u : (1u << cands) - 1);
  return v;
}

/* The candidates of 48 stream bytes at V appended to R. */
static inline KC_AVX512 unsigned int
rej_step (poly *r, unsigned int n, __m512i v, size_t take)
{
  __mmask32 ok;

  v = rej_fields (v, take, &ok);
  n = rej_store16 (r, n, _mm512_castsi512_si256 (v), (__mmask16) ok);
  if (n < N)
    n = rej_store16 (r, n, _mm512_extracti64x4_epi64 (v, 1),
                     (__mmask16) (ok >> 16));
  return n;
}

/* The same for one squeezed block (KC_SHAKE128_RATE bytes at BUF) of
 * the eight-way sampler: while 32 more words fit in R, each half step
 * stores all sixteen words after the N accepted so far and the count
 * moves by the accepted ones, so the chain from one store to the next is
 * one addition (no clamp, no store mask); near the end the clamped
 * rej_step.  Consumes the whole block or stops at N. */
static KC_AVX512 unsigned int
rej_block_x8 (poly *r, unsigned int n, const unsigned char *buf)
{
  size_t p;

  for (p = 0; p < KC_SHAKE128_RATE && n < N; p += 48)
    {
      size_t take = KC_SHAKE128_RATE - p >= 48 ? 48 : KC_SHAKE128_RATE - p;
      __mmask32 ok;
      __m512i v = _mm512_maskz_loadu_epi8 (((__mmask64) 1 << take) - 1,
                                           buf + p), lo, hi;

      if (n + 32 > N)
        {
          n = rej_step (r, n, v, take);
          continue;
        }
      v = rej_fields (v, take, &ok);
      lo = _mm512_cvtepu16_epi32 (_mm512_castsi512_si256 (v));
      hi = _mm512_cvtepu16_epi32 (_mm512_extracti64x4_epi64 (v, 1));
      _mm256_storeu_si256 ((__m256i *) (r->c + n), _mm512_cvtepi32_epi16
                           (_mm512_maskz_compress_epi32 ((__mmask16) ok, lo)));
      n += (unsigned int) _mm_popcnt_u32 ((uint16_t) ok);
      _mm256_storeu_si256 ((__m256i *) (r->c + n), _mm512_cvtepi32_epi16
                           (_mm512_maskz_compress_epi32 ((__mmask16) (ok >> 16),
                                                         hi)));
      n += (unsigned int) _mm_popcnt_u32 (ok >> 16);
    }
  return n;
}

static KC_AVX512 unsigned int
rej_uniform_avx512 (poly *r, unsigned int n, const unsigned char *buf,
                    size_t len)
{
  size_t p = 0;

  while (n < N && len - p >= 3)
    {
      size_t take = len - p >= 48 ? 48 : (len - p) / 3 * 3;
      n = rej_step (r, n, _mm512_maskz_loadu_epi8 (((__mmask64) 1 << take)
                                                   - 1, buf + p), take);
      p += take;
    }
  return _kc_mlkem_rej_uniform (r, n, buf + p, len - p);
}

/* OUT[j][8 b .. 8 b + 7] = words 8 b .. 8 b + 7 of lane j of the
 * eight-way state S (S[w][j]): an 8 x 8 transpose of 64-bit words in
 * registers (unpack, then two rounds of two-source permutes), so that
 * each lane's squeezed block lies in order for rej_uniform_avx512 and is
 * written by whole-vector stores (byte-wise stores of each word would
 * make the sampler's wide loads wait for them). */
static inline KC_AVX512 void
lanes_to_rows (uint64_t out[8][24], const uint64_t s[25][8], unsigned int b)
{
  const __m512i lo2 = _mm512_setr_epi64 (0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i hi2 = _mm512_setr_epi64 (2, 3, 10, 11, 6, 7, 14, 15);
  const __m512i lo4 = _mm512_setr_epi64 (0, 1, 2, 3, 8, 9, 10, 11);
  const __m512i hi4 = _mm512_setr_epi64 (4, 5, 6, 7, 12, 13, 14, 15);
  __m512i r[8], t[8], u[8];
  unsigned int i;

  for (i = 0; i < 8; i++)
    r[i] = _mm512_load_si512 ((const void *) s[8 * b + i]);
  for (i = 0; i < 8; i += 2)
    {
      t[i] = _mm512_unpacklo_epi64 (r[i], r[i + 1]);       /* lanes 0 2 4 6 */
      t[i + 1] = _mm512_unpackhi_epi64 (r[i], r[i + 1]);   /* lanes 1 3 5 7 */
    }
  for (i = 0; i < 8; i += 4)
    {
      u[i] = _mm512_permutex2var_epi64 (t[i], lo2, t[i + 2]);      /* 0 4 */
      u[i + 1] = _mm512_permutex2var_epi64 (t[i], hi2, t[i + 2]);  /* 2 6 */
      u[i + 2] = _mm512_permutex2var_epi64 (t[i + 1], lo2, t[i + 3]); /* 1 5 */
      u[i + 3] = _mm512_permutex2var_epi64 (t[i + 1], hi2, t[i + 3]); /* 3 7 */
    }
  /* u[0..3] hold words 8b..8b+3, u[4..7] words 8b+4..8b+7 */
  _mm512_store_si512 ((void *) (out[0] + 8 * b),
                      _mm512_permutex2var_epi64 (u[0], lo4, u[4]));
  _mm512_store_si512 ((void *) (out[4] + 8 * b),
                      _mm512_permutex2var_epi64 (u[0], hi4, u[4]));
  _mm512_store_si512 ((void *) (out[2] + 8 * b),
                      _mm512_permutex2var_epi64 (u[1], lo4, u[5]));
  _mm512_store_si512 ((void *) (out[6] + 8 * b),
                      _mm512_permutex2var_epi64 (u[1], hi4, u[5]));
  _mm512_store_si512 ((void *) (out[1] + 8 * b),
                      _mm512_permutex2var_epi64 (u[2], lo4, u[6]));
  _mm512_store_si512 ((void *) (out[5] + 8 * b),
                      _mm512_permutex2var_epi64 (u[2], hi4, u[6]));
  _mm512_store_si512 ((void *) (out[3] + 8 * b),
                      _mm512_permutex2var_epi64 (u[3], lo4, u[7]));
  _mm512_store_si512 ((void *) (out[7] + 8 * b),
                      _mm512_permutex2var_epi64 (u[3], hi4, u[7]));
}

/* The squeezed SHAKE128 block of every lane of S, in order (words 21 to
 * 23 of each row are capacity words, never read). */
static KC_AVX512 void
squeeze_rows_x8 (uint64_t out[8][24], const uint64_t s[25][8])
{
  lanes_to_rows (out, s, 0);
  lanes_to_rows (out, s, 1);
  lanes_to_rows (out, s, 2);
}

/* 1 where the eight-way sampler runs: the eight-way Keccak and the
 * AVX-512 kernels here (KC_MLKEM_AVX512_HWF). */
static int
have_x8 (void)
{
  return _kc_keccak_have_x8 () && _kc_hwf_has (KC_MLKEM_AVX512_HWF);
}

/* Eight entries, FIRST .. FIRST+7, on the eight-way SHAKE128, a block
 * (rej_block_x8) at a time for all as long as one needs it. */
static void
gen_matrix_x8 (poly a[KMAX][KMAX], const unsigned char rho[32],
               unsigned int k, int transposed, unsigned int first)
{
  uint64_t s[25][8] __attribute__ ((aligned (64)));
  uint64_t rows[8][24] __attribute__ ((aligned (64)));
  unsigned int lane, n[8] = { 0 }, more;

  memset (s, 0, sizeof s);
  for (lane = 0; lane < 8; lane++)
    lane_init_matrix (&s[0][0], 8, lane, rho, k, transposed, first + lane);
  do
    {
      _kc_keccak_f1600_x8 (s);
      squeeze_rows_x8 (rows, (const uint64_t (*)[8]) s);
      for (more = 0, lane = 0; lane < 8; lane++)
        if (n[lane] < N)
          {
            n[lane] = rej_block_x8 (&a[(first + lane) / k][(first + lane) % k],
                                    n[lane], (const unsigned char *) rows[lane]);
            more |= n[lane] < N;
          }
    }
  while (more);
}

/* Entries 0 .. END - 1: eight at a time where the eight-way Keccak is
 * vectorised (it is with AVX-512, which the x8 sampler's rejection step
 * uses too), the rest four at a time; the rejection step with AVX-512
 * where the CPU has it. */
static void
gen_matrix_to (poly a[KMAX][KMAX], const unsigned char rho[32],
               unsigned int k, int transposed, unsigned int end)
{
  unsigned int first = 0;
  int avx512 = _kc_hwf_has (KC_MLKEM_AVX512_HWF);
  if (have_x8 ())
    for (; first + 8 <= end; first += 8)
      gen_matrix_x8 (a, rho, k, transposed, first);
  if (first < end)
    _kc_mlkem_gen_matrix_rej (a, rho, k, transposed, first, end,
                              avx512 ? rej_uniform_avx512 : rej_uniform);
}

static void
gen_matrix (poly a[KMAX][KMAX], const unsigned char rho[32], unsigned int k,
            int transposed)
{
  gen_matrix_to (a, rho, k, transposed, k * k);
}

/* Rejection sampling of one SHAKE128 block BLK into R from coefficient N:
 * 32 candidates a step with AVX-512 (AVX512 nonzero), else 16. */
static unsigned int
rej_block (int avx512, poly *r, unsigned int n, const unsigned char *blk)
{
  return avx512 ? rej_block_x8 (r, n, blk)
                : rej_uniform (r, n, blk, KC_SHAKE128_RATE);
}

/* ------------------------------------------- the four-lane job runner */

/* Without the eight-way Keccak (AVX2 only), the four-way permutation
 * costs about 1.7 single ones, and a batch whose lanes end at different
 * times (a 9-block hash beside 3-block matrix entries, a ninth entry
 * alone) leaves lanes idle.  So the sponges of one step are jobs in a
 * queue, and each lane takes the next job as soon as its own ends:
 * hashes (rate 136, SHA3-256 or SHAKE256, 32 bytes out), matrix entries
 * (SHAKE128, rejection sampled a block at a time) and CBD_2 noise
 * (SHAKE256, one block).  Which lane runs what, and for how many
 * permutations, depends only on the lengths and on the rejection
 * sampling of the matrix: public data. */
enum { JOB_HASH, JOB_ENTRY, JOB_NOISE };

struct x4_job
{
  unsigned char kind, dsuffix, nonce;
  unsigned int e;                       /* JOB_ENTRY: row-major index */
  const unsigned char *in;              /* JOB_HASH: LEN bytes to OUT */
  size_t len;
  unsigned char *out;
  poly *r;                              /* JOB_NOISE: into R */
};

struct x4_runner
{
  uint64_t st[25][4] __attribute__ ((aligned (32)));
  uint64_t rows[4][24] __attribute__ ((aligned (32)));  /* lanes' words */
  poly (*a)[KMAX];
  const unsigned char *rho, *sigma;
  unsigned int k;
  int transposed;
  const struct x4_job *job[4];          /* NULL: the lane is idle */
  size_t b[4];                          /* JOB_HASH: blocks absorbed */
  unsigned int n[4];                    /* JOB_ENTRY: coefficients */
};

/* XOR block B of hash job J into lane LANE (padded if it is the last). */
static void
job_hash_block (struct x4_runner *x, unsigned int lane,
                const struct x4_job *j, size_t b)
{
  unsigned char blk[KC_SHA3_256_RATE];
  const unsigned char *p = j->in + b * KC_SHA3_256_RATE;
  unsigned int i;

  if (b == j->len / KC_SHA3_256_RATE)
    {
      size_t rest = j->len - b * KC_SHA3_256_RATE;
      memset (blk, 0, sizeof blk);
      memcpy (blk, p, rest);
      blk[rest] = j->dsuffix;
      blk[sizeof blk - 1] |= 0x80;
      p = blk;
    }
  for (i = 0; i < KC_SHA3_256_RATE / 8; i++)
    x->st[i][lane] ^= buf_get_le64 (p + 8 * i);
  if (p == blk)
    wipememory (blk, sizeof blk);
}

/* Lane LANE starts job J (or idles if J is NULL). */
static void
job_start (struct x4_runner *x, unsigned int lane, const struct x4_job *j)
{
  unsigned int i;

  x->job[lane] = j;
  if (!j)
    return;
  for (i = 0; i < 25; i++)
    x->st[i][lane] = 0;
  switch (j->kind)
    {
    case JOB_HASH:
      x->b[lane] = 0;
      job_hash_block (x, lane, j, 0);
      break;
    case JOB_ENTRY:
      x->n[lane] = 0;
      lane_init_matrix (&x->st[0][0], 4, lane, x->rho, x->k, x->transposed,
                        j->e);
      break;
    default:
      for (i = 0; i < 4; i++)
        x->st[i][lane] = buf_get_le64 (x->sigma + 8 * i);
      x->st[4][lane] = j->nonce | (uint64_t) 0x1f << 8;
      x->st[KC_SHAKE256_RATE / 8 - 1][lane] = (uint64_t) 0x80 << 56;
      break;
    }
}

/* Words 0 .. 4 G - 1 of each lane of the state into X->rows (G groups
 * of four words): a 4 x 4 transpose of 64-bit words in registers and
 * whole-vector stores, which the sampler's and the CBD's wide loads can
 * take (eight-byte stores of each word would make them wait). */
static KC_AVX2 void
lanes_to_rows4 (struct x4_runner *x, unsigned int groups)
{
  unsigned int g;
  for (g = 0; g < groups; g++)
    {
      const __m256i *p = (const __m256i *) (const void *) x->st[4 * g];
      __m256i r0 = _mm256_load_si256 (p), r1 = _mm256_load_si256 (p + 1);
      __m256i r2 = _mm256_load_si256 (p + 2), r3 = _mm256_load_si256 (p + 3);
      __m256i t0 = _mm256_unpacklo_epi64 (r0, r1);  /* lanes 0, 2 */
      __m256i t1 = _mm256_unpackhi_epi64 (r0, r1);  /* lanes 1, 3 */
      __m256i t2 = _mm256_unpacklo_epi64 (r2, r3);
      __m256i t3 = _mm256_unpackhi_epi64 (r2, r3);
      _mm256_store_si256 ((__m256i *) (void *) (x->rows[0] + 4 * g),
                          _mm256_permute2x128_si256 (t0, t2, 0x20));
      _mm256_store_si256 ((__m256i *) (void *) (x->rows[1] + 4 * g),
                          _mm256_permute2x128_si256 (t1, t3, 0x20));
      _mm256_store_si256 ((__m256i *) (void *) (x->rows[2] + 4 * g),
                          _mm256_permute2x128_si256 (t0, t2, 0x31));
      _mm256_store_si256 ((__m256i *) (void *) (x->rows[3] + 4 * g),
                          _mm256_permute2x128_si256 (t1, t3, 0x31));
    }
}

/* After a permutation and lanes_to_rows4: lane LANE's job takes its
 * block; 1 if it is done. */
static KC_AVX2 int
job_step (struct x4_runner *x, unsigned int lane)
{
  const struct x4_job *j = x->job[lane];
  const unsigned char *row = (const unsigned char *) x->rows[lane];
  int done = 1;

  switch (j->kind)
    {
    case JOB_HASH:
      if (x->b[lane] == j->len / KC_SHA3_256_RATE)
        memcpy (j->out, row, 32);
      else
        {
          job_hash_block (x, lane, j, ++x->b[lane]);
          done = 0;
        }
      break;
    case JOB_ENTRY:
      x->n[lane] = rej_uniform (&x->a[j->e / x->k][j->e % x->k], x->n[lane],
                                row, KC_SHAKE128_RATE);
      done = x->n[lane] == N;
      break;
    default:
      cbd2 (j->r, row);
      break;
    }
  return done;
}

/* The groups of four words lanes_to_rows4 must bring out for the lanes'
 * jobs: the 21 of a SHAKE128 block (6), the 16 of a CBD_2 block (4),
 * the 4 of a hash (1; its blocks before the last need none). */
static unsigned int
rows_wanted (const struct x4_runner *x)
{
  unsigned int lane, g = 0, w;
  for (lane = 0; lane < 4; lane++)
    if (x->job[lane])
      {
        w = x->job[lane]->kind == JOB_ENTRY ? 6
            : x->job[lane]->kind == JOB_NOISE ? 4
            : x->b[lane] == x->job[lane]->len / KC_SHA3_256_RATE;
        g = w > g ? w : g;
      }
  return g;
}

/* Run the NJ jobs J (in that order: longest first packs best) on the
 * four-way permutation; X's matrix, rho, k, transposed and sigma set. */
static void
x4_run (struct x4_runner *x, const struct x4_job *j, unsigned int nj)
{
  unsigned int lane, next = 0;
  int busy;

  memset (x->st, 0, sizeof x->st);
  for (lane = 0; lane < 4; lane++)
    job_start (x, lane, next < nj ? &j[next++] : NULL);
  do
    {
      _kc_keccak_f1600_x4 (x->st);
      lanes_to_rows4 (x, rows_wanted (x));
      busy = 0;
      for (lane = 0; lane < 4; lane++)
        if (x->job[lane])
          {
            if (job_step (x, lane))
              job_start (x, lane, next < nj ? &j[next++] : NULL);
            busy |= x->job[lane] != NULL;
          }
    }
  while (busy);
  wipememory (x->st, sizeof x->st);
  wipememory (x->rows, sizeof x->rows);
}

/* The matrix entries 0 .. k k - 1 as jobs from J on; returns the count. */
static unsigned int
entry_jobs (struct x4_job *j, unsigned int k)
{
  unsigned int e;
  for (e = 0; e < k * k; e++)
    {
      j[e].kind = JOB_ENTRY;
      j[e].e = e;
    }
  return k * k;
}

/* Entry E of the matrix in lane LANE_E of an eight-way call whose other
 * lanes are the noise_x8 batch R (eta 2: one block each; LANE_E is a lane
 * R leaves NULL); the entry's further blocks on the single-state Keccak
 * of that lane's state.  With AVX-512 (AVX512 nonzero) the blocks are
 * read out by squeeze_rows_x8, else a word at a time. */
static KC_AVX2 void
noise_entry_x8 (poly a[KMAX][KMAX], const unsigned char rho[32],
                unsigned int k, int transposed, unsigned int e,
                unsigned int lane_e, poly *const r[8],
                const unsigned char sigma[32], const unsigned char nonce[8],
                int avx512)
{
  uint64_t st[25][8] __attribute__ ((aligned (64)));
  uint64_t rows[8][24] __attribute__ ((aligned (64)));
  uint64_t one[25] __attribute__ ((aligned (64)));
  unsigned int lane, i, n, row = e / k, col = e % k;

  memset (st, 0, sizeof st);
  for (lane = 0; lane < 8; lane++)
    if (lane == lane_e)
      lane_init_matrix (&st[0][0], 8, lane, rho, k, transposed, e);
    else
      lane_init_prf (st, lane, sigma, nonce[lane]);
  _kc_keccak_f1600_x8 (st);
  if (avx512)
    squeeze_rows_x8 (rows, (const uint64_t (*)[8]) st);
  else
    for (lane = 0; lane < 8; lane++)
      for (i = 0; i < KC_SHAKE128_RATE / 8; i++)
        rows[lane][i] = st[i][lane];
  for (lane = 0; lane < 8; lane++)
    if (lane != lane_e && r[lane])
      cbd2 (r[lane], (const unsigned char *) rows[lane]);
  n = rej_block (avx512, &a[row][col], 0, (const unsigned char *) rows[lane_e]);
  if (n < N)
    {
      for (i = 0; i < 25; i++)
        one[i] = st[i][lane_e];
      do
        {
          _kc_keccak_f1600 (one);
          n = rej_block (avx512, &a[row][col], n, (const unsigned char *) one);
        }
      while (n < N);
    }
  wipememory (st, sizeof st);
  wipememory (rows, sizeof rows);
}

/* Without the eight-way Keccak (AVX2 only), eta 2: the matrix entries
 * and the noise as jobs of the four-lane runner (ML-KEM-768's key pair:
 * 27 entry blocks and 6 noise blocks in 9 four-way permutations).  With
 * it, k = 3: the ninth entry of the matrix rides in a lane the noise
 * batch leaves free (its first block; alone it would cost three four-way
 * permutations), entries 0..7 on the eight-way sampler.  Otherwise
 * gen_matrix, then noise_x8. */
static void
gen_matrix_noise (poly a[KMAX][KMAX], const unsigned char rho[32],
                  unsigned int k, int transposed, poly *const r[8],
                  const unsigned char sigma[32], const unsigned char nonce[8],
                  unsigned int eta)
{
  unsigned int lane = 8;
  int x8 = have_x8 ();

  if (!x8 && eta == 2)
    {
      struct x4_runner x;
      struct x4_job j[KMAX * KMAX + 8];
      unsigned int nj = entry_jobs (j, k);
      for (lane = 0; lane < 8; lane++)
        if (r[lane])
          {
            j[nj].kind = JOB_NOISE;
            j[nj].r = r[lane];
            j[nj++].nonce = nonce[lane];
          }
      x.a = a;
      x.rho = rho;
      x.sigma = sigma;
      x.k = k;
      x.transposed = transposed;
      x4_run (&x, j, nj);
      return;
    }
  if (k == 3 && eta == 2)
    for (lane = 0; lane < 8 && r[lane]; lane++)
      ;
  if (lane == 8)
    {
      gen_matrix (a, rho, k, transposed);
      noise_x8 (r, sigma, nonce, eta);
      return;
    }
  gen_matrix_to (a, rho, k, transposed, 8);
  noise_entry_x8 (a, rho, k, transposed, 8, lane, r, sigma, nonce, x8);
}

/* The matrix entry riding in a four-way hash call (gen_matrix_hashes):
 * its SHAKE128 stream in lane LANE, sampled a block at a time into R. */
struct hash_entry
{
  poly *r;
  unsigned int lane, n;
  int avx512;                   /* the rejection step with AVX-512 */
};

static int
hash_entry_more (void *arg, uint64_t st[25][4])
{
  struct hash_entry *h = arg;
  uint64_t row[24] __attribute__ ((aligned (64)));
  unsigned int i;

  if (h->n < N)
    {
      for (i = 0; i < KC_SHAKE128_RATE / 8; i++)
        row[i] = st[i][h->lane];
      h->n = rej_block (h->avx512, h->r, h->n, (const unsigned char *) row);
    }
  return h->n < N;
}

/* Without the eight-way Keccak (AVX2 only), any k: the NH hashes and the
 * matrix entries as jobs of the four-lane runner, the entries taking the
 * lanes the hashes leave and each lane a new job when its own ends
 * (ML-KEM-768: H (ek), 9 blocks, beside the 27 entry blocks in 9
 * four-way permutations, where the hash alone took 9 single ones and
 * the matrix 6 four-way and a ninth entry; decapsulation's H and J, 18
 * blocks, and the entries in 12, where they took 15).  With it, k = 3:
 * the ninth entry of the matrix in the lane beside the NH hashes, which
 * take nine permutations, so it needs no permutation of its own, entries
 * 0..7 on the eight-way sampler (the four-way permutation then costs
 * about one single one, so one hash, NH = 1, gains too).  Otherwise 0,
 * nothing done. */
static int
gen_matrix_hashes (poly a[KMAX][KMAX], const unsigned char rho[32],
                   unsigned int k, int transposed, unsigned int nh,
                   unsigned char *const out[4],
                   const unsigned char *const in[4], const size_t len[4],
                   const unsigned char dsuffix[4])
{
  uint64_t st[25][4] __attribute__ ((aligned (64)));
  struct hash_entry h;
  int x8 = have_x8 ();

  if (nh < 1 || nh > 2)
    return 0;
  if (!x8)
    {
      struct x4_runner xr;
      struct x4_job j[2 + KMAX * KMAX];
      unsigned int i;
      for (i = 0; i < nh; i++)
        {
          j[i].kind = JOB_HASH;
          j[i].in = in[i];
          j[i].len = len[i];
          j[i].dsuffix = dsuffix[i];
          j[i].out = out[i];
        }
      xr.a = a;
      xr.rho = rho;
      xr.sigma = NULL;
      xr.k = k;
      xr.transposed = transposed;
      x4_run (&xr, j, nh + entry_jobs (j + nh, k));
      return 1;
    }
  if (k != 3)
    return 0;
  gen_matrix_to (a, rho, k, transposed, 8);
  memset (st, 0, sizeof st);
  h.r = &a[8 / k][8 % k];
  h.lane = nh;
  h.n = 0;
  h.avx512 = x8;
  lane_init_matrix (&st[0][0], 4, nh, rho, k, transposed, 8);
  _kc_keccak_x4_oneshot_st (st, KC_SHA3_256_RATE, out, 32, in, len, dsuffix,
                            hash_entry_more, &h);
  wipememory (st, sizeof st);
  return 1;
}

const struct _kc_mlkem_ops _kc_mlkem_ops_avx2 = {
  .ntt = ntt, .invntt = invntt, .matvec = matvec, .tomont = tomont,
  .add = add, .sub = sub, .tobytes = tobytes, .frombytes = frombytes,
  .compress = compress, .decompress = decompress, .noise_x8 = noise_x8,
  .gen_matrix = gen_matrix, .gen_matrix_noise = gen_matrix_noise,
  .gen_matrix_hashes = gen_matrix_hashes, .x4_hashes = 1
};

#endif /* KC_USE_X86_64 */
