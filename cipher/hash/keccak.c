/* hash/keccak.c - Keccak-f[1600] and the FIPS 202 sponge (contracts in
 * hash/keccak.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The portable permutation keeps the 25 lanes in 25 named local variables
 * and runs two fully written-out rounds per loop iteration (state a into
 * e, then e back into a), so no state array is written inside the loop
 * and the compiler keeps what it can in registers.  One round is theta
 * (column parities c, mixers d), rho and pi (rotate each lane into its new
 * place, b), chi (nonlinear row mix) and iota (round constant).  Without
 * an and-not instruction six lanes are kept complemented inside the loop
 * (flipped on load and on store), so that De Morgan turns most of chi's
 * ~b1 & b2 into a plain AND or OR; where the CPU has BMI1's ANDN (and
 * BMI2's RORX, a rotate into another register) the same rounds run with
 * chi as written, and where it has AVX-512 an xmm kernel runs.  On an
 * Intel Sapphire Rapids (rdtsc, interleaved, 40 batches in one process)
 * the BMI kernel took 0.83-0.91 of the AVX-512 one's time on a quiet core
 * (624-677 against 691-782 TSC ticks per permutation), but 1.37 of it
 * (1179 against 859) while the sibling hyperthread was busy: the scalar
 * kernel needs the integer ports the sibling shares, the vector one
 * mostly not.  The portable rounds take 717-779 on a quiet core.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "hash/keccak.h"


static const uint64_t keccak_rc[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

static inline uint64_t
rol64 (uint64_t x, unsigned int n)
{
  return n ? (x << n) | (x >> (64 - n)) : x;
}

/* One round from the lanes A##xy (lane (x, y), s[x + 5 y]) into E##xy
 * (KECCAK_ROL rotates a lane; the scalar rounds define it as rol64):
 * theta's column parities c and mixers d, then one output row at a time,
 * lane x' of row y' taken from lane (x' + 3 y', x') through theta and rho
 * (pi is in the naming) into b0..b4, chi across the row (CHI0..CHI4, one
 * per row), iota on lane (0, 0).  Two calls, a into e and e back into a,
 * make one loop iteration, so nothing is copied and no array is written
 * inside the loop. */
#define KECCAK_ROUND(A, E, rc, CHI0, CHI1, CHI2, CHI3, CHI4) \
  do \
    { \
      c0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04; \
      c1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14; \
      c2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24; \
      c3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34; \
      c4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44; \
      d0 = c4 ^ KECCAK_ROL (c1, 1); \
      d1 = c0 ^ KECCAK_ROL (c2, 1); \
      d2 = c1 ^ KECCAK_ROL (c3, 1); \
      d3 = c2 ^ KECCAK_ROL (c4, 1); \
      d4 = c3 ^ KECCAK_ROL (c0, 1); \
      b0 = A##00 ^ d0; \
      b1 = KECCAK_ROL (A##11 ^ d1, 44); \
      b2 = KECCAK_ROL (A##22 ^ d2, 43); \
      b3 = KECCAK_ROL (A##33 ^ d3, 21); \
      b4 = KECCAK_ROL (A##44 ^ d4, 14); \
      CHI0 (E, 0); \
      E##00 ^= (rc); \
      b0 = KECCAK_ROL (A##30 ^ d3, 28); \
      b1 = KECCAK_ROL (A##41 ^ d4, 20); \
      b2 = KECCAK_ROL (A##02 ^ d0, 3); \
      b3 = KECCAK_ROL (A##13 ^ d1, 45); \
      b4 = KECCAK_ROL (A##24 ^ d2, 61); \
      CHI1 (E, 1); \
      b0 = KECCAK_ROL (A##10 ^ d1, 1); \
      b1 = KECCAK_ROL (A##21 ^ d2, 6); \
      b2 = KECCAK_ROL (A##32 ^ d3, 25); \
      b3 = KECCAK_ROL (A##43 ^ d4, 8); \
      b4 = KECCAK_ROL (A##04 ^ d0, 18); \
      CHI2 (E, 2); \
      b0 = KECCAK_ROL (A##40 ^ d4, 27); \
      b1 = KECCAK_ROL (A##01 ^ d0, 36); \
      b2 = KECCAK_ROL (A##12 ^ d1, 10); \
      b3 = KECCAK_ROL (A##23 ^ d2, 15); \
      b4 = KECCAK_ROL (A##34 ^ d3, 56); \
      CHI3 (E, 3); \
      b0 = KECCAK_ROL (A##20 ^ d2, 62); \
      b1 = KECCAK_ROL (A##31 ^ d3, 55); \
      b2 = KECCAK_ROL (A##42 ^ d4, 39); \
      b3 = KECCAK_ROL (A##03 ^ d0, 41); \
      b4 = KECCAK_ROL (A##14 ^ d1, 2); \
      CHI4 (E, 4); \
    } \
  while (0)

#define KECCAK_ROL rol64

/* chi as written, b_x ^ (~b_{x+1} & b_{x+2}): one ANDN an output lane
 * where the CPU has it (BMI1). */
#define CHI_ANDN(E, y) \
  (E##0##y = b0 ^ (~b1 & b2), E##1##y = b1 ^ (~b2 & b3), \
   E##2##y = b2 ^ (~b3 & b4), E##3##y = b3 ^ (~b4 & b0), \
   E##4##y = b4 ^ (~b0 & b1))

/* Without ANDN, six lanes are kept complemented between rounds: (1, 0),
 * (2, 0), (3, 1), (2, 2), (2, 3) and (0, 4).  Their column parities make
 * the computed d0 and d3 complemented too; each row's chi below is the AND
 * or OR form (and the row's one or two NOTs) that turns the complement
 * flags of its inputs into those of its output, so a round needs eight
 * NOTs instead of twenty-five. */
#define CHI_COMPL0(E, y) \
  (n = ~b2, E##00 = b0 ^ (b1 | b2), E##10 = b1 ^ (n | b3), \
   E##20 = b2 ^ (b3 & b4), E##30 = b3 ^ (b4 | b0), E##40 = b4 ^ (b0 & b1))
#define CHI_COMPL1(E, y) \
  (n = ~b4, E##01 = b0 ^ (b1 | b2), E##11 = b1 ^ (b2 & b3), \
   E##21 = b2 ^ (b3 | n), E##31 = b3 ^ (b4 | b0), E##41 = b4 ^ (b0 & b1))
#define CHI_COMPL2(E, y) \
  (n = ~b3, E##02 = b0 ^ (b1 | b2), E##12 = b1 ^ (b2 & b3), \
   E##22 = b2 ^ (n & b4), E##32 = ~(b3 ^ (b4 | b0)), \
   E##42 = b4 ^ (b0 & b1))
#define CHI_COMPL3(E, y) \
  (n = ~b3, E##03 = b0 ^ (b1 & b2), E##13 = b1 ^ (b2 | b3), \
   E##23 = b2 ^ (n | b4), E##33 = ~(b3 ^ (b4 & b0)), \
   E##43 = b4 ^ (b0 | b1))
#define CHI_COMPL4(E, y) \
  (n = ~b1, E##04 = b0 ^ (n & b2), E##14 = ~(b1 ^ (b2 | b3)), \
   E##24 = b2 ^ (b3 & b4), E##34 = b3 ^ (b4 | b0), E##44 = b4 ^ (b0 & b1))

/* The lanes complemented on load and store: all bits of M at the six
 * lanes above when the complemented chi runs (M = ~0), none when the ANDN
 * one does (M = 0). */
#define KECCAK_LANES(X, M) \
  X (00, 0, 0) X (10, 1, M) X (20, 2, M) X (30, 3, 0) X (40, 4, 0) \
  X (01, 5, 0) X (11, 6, 0) X (21, 7, 0) X (31, 8, M) X (41, 9, 0) \
  X (02, 10, 0) X (12, 11, 0) X (22, 12, M) X (32, 13, 0) X (42, 14, 0) \
  X (03, 15, 0) X (13, 16, 0) X (23, 17, M) X (33, 18, 0) X (43, 19, 0) \
  X (04, 20, M) X (14, 21, 0) X (24, 22, 0) X (34, 23, 0) X (44, 24, 0)
#define LOAD_LANE(xy, i, m) a##xy = s[i] ^ (m);
#define STORE_LANE(xy, i, m) s[i] = a##xy ^ (m);

/* The 24 rounds on S, with the ANDN chi if USE_ANDN (a constant once
 * inlined) and the complemented one otherwise. */
static KC_ALWAYS_INLINE void
keccak_permute (uint64_t s[25], int use_andn)
{
  uint64_t a00, a10, a20, a30, a40, a01, a11, a21, a31, a41, a02, a12, a22,
           a32, a42, a03, a13, a23, a33, a43, a04, a14, a24, a34, a44;
  uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41, e02, e12, e22,
           e32, e42, e03, e13, e23, e33, e43, e04, e14, e24, e34, e44;
  uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, n;
  uint64_t m = use_andn ? 0 : ~(uint64_t) 0;
  int round;

  KECCAK_LANES (LOAD_LANE, m)
  for (round = 0; round < 24; round += 2)
    if (use_andn)
      {
        KECCAK_ROUND (a, e, keccak_rc[round],
                      CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN);
        KECCAK_ROUND (e, a, keccak_rc[round + 1],
                      CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN);
      }
    else
      {
        KECCAK_ROUND (a, e, keccak_rc[round], CHI_COMPL0, CHI_COMPL1,
                      CHI_COMPL2, CHI_COMPL3, CHI_COMPL4);
        KECCAK_ROUND (e, a, keccak_rc[round + 1], CHI_COMPL0, CHI_COMPL1,
                      CHI_COMPL2, CHI_COMPL3, CHI_COMPL4);
      }
  KECCAK_LANES (STORE_LANE, m)
  (void) n;
}

void
_kc_keccak_f1600_generic (uint64_t s[25])
{
  keccak_permute (s, 0);
}

/* BMI1's ANDN for chi and BMI2's RORX (a rotate into another register)
 * for rho and theta.  Elsewhere the same C with no target: defined
 * everywhere, called only where _kc_keccak_have_bmi is 1. */
#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# define KC_HAVE_KECCAK_BMI 1
# define KC_BMI_FN KC_ISA_TARGET (KC_KECCAK_BMI_ISA)
#else
# define KC_BMI_FN
#endif
KC_BMI_FN void
_kc_keccak_f1600_bmi (uint64_t s[25])
{
  keccak_permute (s, 1);
}
#undef KECCAK_ROL

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# define KC_HAVE_KECCAK_AVX512 1
# include <immintrin.h>
# include "ct-msan-x86.h"         /* MSan builds: see there */

/* AVX-512VL: the portable round, each lane in the low half of its own
 * xmm register (the 32 vector registers of AVX-512 hold all 25 lanes and
 * the column parities), with the three-input logic op for theta's
 * five-way XOR and for chi (a ^ (~b & c), table 0xd2) and the vector
 * rotate for rho.  No lane ever moves between registers, so there are no
 * shuffles, and 128-bit operations run on three ports at full clock.
 * Where the CPU has AVX-512 it runs instead of the BMI kernel, which is
 * faster on a core of its own but not beside a busy sibling thread (the
 * head comment). */
# define KC_AVX512_FN KC_ISA_TARGET (KC_KECCAK_AVX512_ISA)

/* rho offsets, lane (x, y) at [x + 5 y] (the portable round has them
 * inline) */
static const unsigned char keccak_rho[25] = {
   0,  1, 62, 28, 27,
  36, 44,  6, 55, 20,
   3, 10, 43, 25, 39,
  41, 45, 15, 21,  8,
  18,  2, 61, 56, 14
};

KC_AVX512_FN void _kc_keccak_f1600_avx512 (uint64_t s[25]);

KC_AVX512_FN static inline __m128i
vrol (__m128i x, int n)
{
  switch (n)
    {
#define R(k) case k: return _mm_rol_epi64 (x, k);
      R (1) R (2) R (3) R (6) R (8) R (10) R (14) R (15) R (18) R (20)
      R (21) R (25) R (27) R (28) R (36) R (39) R (41) R (43) R (44) R (45)
      R (55) R (56) R (61) R (62)
#undef R
    default: return x;
    }
}

KC_AVX512_FN void
_kc_keccak_f1600_avx512 (uint64_t s[25])
{
  __m128i a[25], e[25], bb[5], c[5], d[5];
  int round, x, y;

  KC_UNROLL_ALL
  for (x = 0; x < 25; x++)
    a[x] = _mm_cvtsi64_si128 ((long long) s[x]);
  for (round = 0; round < 24; round++)
    {
      KC_UNROLL_ALL
      for (x = 0; x < 5; x++)
        c[x] = _mm_ternarylogic_epi64
                 (_mm_ternarylogic_epi64 (a[x], a[x + 5], a[x + 10], 0x96),
                  a[x + 15], a[x + 20], 0x96);
      KC_UNROLL_ALL
      for (x = 0; x < 5; x++)
        d[x] = _mm_xor_si128 (c[(x + 4) % 5], _mm_rol_epi64 (c[(x + 1) % 5],
                                                             1));
      /* one output row at a time: lane x' of row y' comes from lane
       * (x, y) = (3 y' + x', x') (mod 5), through theta and rho; then chi */
      KC_UNROLL_ALL
      for (y = 0; y < 5; y++)
        {
          KC_UNROLL_ALL
          for (x = 0; x < 5; x++)
            {
              int sx = (3 * y + x) % 5, sy = x;
              bb[x] = vrol (_mm_xor_si128 (a[sx + 5 * sy], d[sx]),
                            keccak_rho[sx + 5 * sy]);
            }
          KC_UNROLL_ALL
          for (x = 0; x < 5; x++)
            e[x + 5 * y] = _mm_ternarylogic_epi64 (bb[x], bb[(x + 1) % 5],
                                                   bb[(x + 2) % 5], 0xd2);
        }
      e[0] = _mm_xor_si128 (e[0], _mm_cvtsi64_si128 ((long long)
                                                     keccak_rc[round]));
      KC_UNROLL_ALL
      for (x = 0; x < 25; x++)
        a[x] = e[x];
    }
  KC_UNROLL_ALL
  for (x = 0; x < 25; x++)
    s[x] = (uint64_t) _mm_cvtsi128_si64 (a[x]);
}
#endif

int
_kc_keccak_have_bmi (void)
{
#if defined(KC_HAVE_KECCAK_BMI)
  return _kc_hwf_has (KC_KECCAK_BMI_HWF);
#else
  return 0;
#endif
}

KC_KERNEL_ROWS (keccak_kernels, void (*f) (uint64_t s[25])) = {
#if defined(KC_HAVE_KECCAK_AVX512)
  { { "avx512", KC_KECCAK_AVX512_HWF, 0 }, _kc_keccak_f1600_avx512 },
#endif
#if defined(KC_HAVE_KECCAK_BMI)
  { { "bmi", KC_KECCAK_BMI_HWF, 0 }, _kc_keccak_f1600_bmi },
#endif
  { { "portable", 0, 0 }, _kc_keccak_f1600_generic },
};
KC_KERNEL_TABLE (_kc_keccak_kernels_table, keccak_kernels);

void
_kc_keccak_f1600 (uint64_t s[25])
{
  KC_PICK (keccak_kernels)->f (s);
}

/* ------------------------------------------------ four states at once */

void
_kc_keccak_f1600_x4_generic (uint64_t s[25][4])
{
  uint64_t one[25];
  int i, j;
  for (j = 0; j < 4; j++)
    {
      for (i = 0; i < 25; i++)
        one[i] = s[i][j];
      _kc_keccak_f1600_generic (one);
      for (i = 0; i < 25; i++)
        s[i][j] = one[i];
    }
  wipememory (one, sizeof one);
}

#if defined(KC_HAVE_KECCAK_AVX512)
/* The round loop, written once (hash/keccak-xn.h) for four and eight lanes. */
typedef uint64_t _kc_v4u64 __attribute__ ((vector_size (32)));
typedef uint64_t _kc_v8u64 __attribute__ ((vector_size (64)));
#define KC_XN_TYPE _kc_v4u64
#define KC_XN_LANES 4
#define KC_XN_NAME keccak_x4_rounds
#include "hash/keccak-xn.h"
#define KC_XN_TYPE _kc_v8u64
#define KC_XN_LANES 8
#define KC_XN_NAME keccak_x8_rounds
#include "hash/keccak-xn.h"

/* AVX2: the scalar rounds (KECCAK_ROUND, two a loop iteration, so that
 * no state is copied between rounds) on four-lane vectors, with the two
 * byte-sized rotates (8 and 56) as one byte shuffle each instead of two
 * shifts and an OR.  AVX2 has 16 vector registers for the 25 lanes and
 * the temporaries, so the compiler spills either way; the one-round loop
 * of keccak-xn.h (which AVX-512's 32 registers suit) also copied the
 * state at each round's end.  AMD Zen 5 with AVX-512 masked off (rdtsc,
 * best of 3000 batches of eight, both in one process): 989-999 ticks a
 * permutation against keccak-xn.h's 1023-1040 (-4%).  About 185 vector
 * operations a round remain (AVX2 has no three-input logic), which
 * bound it there. */
# define KC_AVX2_FN KC_ISA_TARGET (KC_KECCAK_AVX2_ISA)

KC_AVX2_FN static KC_ALWAYS_INLINE _kc_v4u64
rol4 (_kc_v4u64 x, unsigned int n)
{
  if (n == 8)
    return (_kc_v4u64) _mm256_shuffle_epi8
      ((__m256i) x, _mm256_setr_epi8 (7, 0, 1, 2, 3, 4, 5, 6,
                                      15, 8, 9, 10, 11, 12, 13, 14,
                                      7, 0, 1, 2, 3, 4, 5, 6,
                                      15, 8, 9, 10, 11, 12, 13, 14));
  if (n == 56)
    return (_kc_v4u64) _mm256_shuffle_epi8
      ((__m256i) x, _mm256_setr_epi8 (1, 2, 3, 4, 5, 6, 7, 0,
                                      9, 10, 11, 12, 13, 14, 15, 8,
                                      1, 2, 3, 4, 5, 6, 7, 0,
                                      9, 10, 11, 12, 13, 14, 15, 8));
  return (x << n) | (x >> (64 - n));
}

KC_AVX2_FN static KC_ALWAYS_INLINE _kc_v4u64
bcast4 (uint64_t x)
{
  return (_kc_v4u64) _mm256_set1_epi64x ((long long) x);
}

# define KECCAK_ROL rol4
# define LOAD_LANE4(xy, i, m) memcpy (&a##xy, s[i], sizeof a##xy);
# define STORE_LANE4(xy, i, m) memcpy (s[i], &a##xy, sizeof a##xy);

KC_AVX2_FN static void
keccak_f1600_x4_avx2 (uint64_t s[25][4])
{
  _kc_v4u64 a00, a10, a20, a30, a40, a01, a11, a21, a31, a41, a02, a12, a22,
            a32, a42, a03, a13, a23, a33, a43, a04, a14, a24, a34, a44;
  _kc_v4u64 e00, e10, e20, e30, e40, e01, e11, e21, e31, e41, e02, e12, e22,
            e32, e42, e03, e13, e23, e33, e43, e04, e14, e24, e34, e44;
  _kc_v4u64 b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
  int round;

  KECCAK_LANES (LOAD_LANE4, 0)
  for (round = 0; round < 24; round += 2)
    {
      KECCAK_ROUND (a, e, bcast4 (keccak_rc[round]),
                    CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN);
      KECCAK_ROUND (e, a, bcast4 (keccak_rc[round + 1]),
                    CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN, CHI_ANDN);
    }
  KECCAK_LANES (STORE_LANE4, 0)
}
# undef KECCAK_ROL
# undef LOAD_LANE4
# undef STORE_LANE4

KC_AVX512_FN static void
keccak_f1600_x4_avx512 (uint64_t s[25][4])
{
  keccak_x4_rounds (s);
}
#endif

KC_KERNEL_ROWS (keccak_x4_kernels, void (*f) (uint64_t s[25][4])) = {
#if defined(KC_HAVE_KECCAK_AVX512)
  { { "avx512", KC_KECCAK_AVX512_HWF, 0 }, keccak_f1600_x4_avx512 },
  { { "avx2", KC_KECCAK_AVX2_HWF, 0 }, keccak_f1600_x4_avx2 },
#endif
  { { "portable", 0, 0 }, _kc_keccak_f1600_x4_generic },
};
KC_KERNEL_TABLE (_kc_keccak_x4_kernels_table, keccak_x4_kernels);

void
_kc_keccak_f1600_x4 (uint64_t s[25][4])
{
  KC_PICK (keccak_x4_kernels)->f (s);
}

#if defined(KC_HAVE_KECCAK_AVX512)
KC_AVX512_FN static void
keccak_f1600_x8_avx512 (uint64_t s[25][8])
{
  keccak_x8_rounds (s);
}
#endif

/* the fallback: two four-way calls */
static void
keccak_f1600_x8_halves (uint64_t s[25][8])
{
  uint64_t h[25][4];
  unsigned int i, half;

  for (half = 0; half < 8; half += 4)
    {
      for (i = 0; i < 25; i++)
        memcpy (h[i], s[i] + half, sizeof h[i]);
      _kc_keccak_f1600_x4 (h);
      for (i = 0; i < 25; i++)
        memcpy (s[i] + half, h[i], sizeof h[i]);
    }
  wipememory (h, sizeof h);
}

KC_KERNEL_ROWS (keccak_x8_kernels, void (*f) (uint64_t s[25][8])) = {
#if defined(KC_HAVE_KECCAK_AVX512)
  { { "avx512", KC_KECCAK_AVX512_HWF, 0 }, keccak_f1600_x8_avx512 },
#endif
  { { "x4", 0, 0 }, keccak_f1600_x8_halves },
};
KC_KERNEL_TABLE (_kc_keccak_x8_kernels_table, keccak_x8_kernels);

void
_kc_keccak_f1600_x8 (uint64_t s[25][8])
{
  KC_PICK (keccak_x8_kernels)->f (s);
}

int
_kc_keccak_have_x8 (void)
{
  return KC_PICK (keccak_x8_kernels)->row.need != 0;
}

void
_kc_shake_x4_absorb (_kc_keccak_x4_ctx *ctx, unsigned int rate,
                     const unsigned char *const in[4], size_t len)
{
  unsigned int i, j;
  size_t off = 0;

  memset (ctx->s, 0, sizeof ctx->s);
  ctx->rate = rate;
  for (; len - off >= rate; off += rate)
    {
      for (i = 0; i < rate / 8; i++)
        for (j = 0; j < 4; j++)
          ctx->s[i][j] ^= buf_get_le64 (in[j] + off + 8 * i);
      _kc_keccak_f1600_x4 (ctx->s);
    }
  /* the last, padded block of each lane, a word at a time */
  for (j = 0; j < 4; j++)
    {
      unsigned char blk[KC_SHAKE128_RATE];
      memset (blk, 0, rate);
      memcpy (blk, in[j] + off, len - off);
      blk[len - off] = KC_SHAKE_DSUFFIX;
      blk[rate - 1] |= 0x80;
      for (i = 0; i < rate / 8; i++)
        ctx->s[i][j] ^= buf_get_le64 (blk + 8 * i);
      wipememory (blk, rate);
    }
}

void
_kc_shake_x4_squeeze_blocks (_kc_keccak_x4_ctx *ctx,
                             unsigned char *const out[4], size_t nblocks)
{
  unsigned int i, j, rate = ctx->rate;
  size_t b;
  for (b = 0; b < nblocks; b++)
    {
      _kc_keccak_f1600_x4 (ctx->s);
      for (j = 0; j < 4; j++)
        for (i = 0; i < rate / 8; i++)
          buf_put_le64 (out[j] + b * rate + 8 * i, ctx->s[i][j]);
    }
}

void
_kc_keccak_x4_oneshot_st (uint64_t st[25][4], unsigned int rate,
                          unsigned char *const out[4], size_t outlen,
                          const unsigned char *const in[4],
                          const size_t len[4], const unsigned char dsuffix[4],
                          int (*more) (void *arg, uint64_t st[25][4]),
                          void *arg)
{
  unsigned char blk[KC_SHAKE128_RATE], word[8];
  size_t nb[4], maxnb = 0, b;
  unsigned int i, j;

  for (j = 0; j < 4; j++)
    {
      nb[j] = in[j] ? len[j] / rate + 1 : 0;
      maxnb = nb[j] > maxnb ? nb[j] : maxnb;
    }
  for (b = 0;; b++)
    {
      int want;
      for (j = 0; j < 4; j++)
        {
          const unsigned char *p;
          if (b >= nb[j])
            continue;
          p = in[j] + b * rate;
          if (b + 1 == nb[j])
            {
              size_t rest = len[j] - b * rate;
              memset (blk, 0, rate);
              memcpy (blk, p, rest);
              blk[rest] = dsuffix[j];
              blk[rate - 1] |= 0x80;
              p = blk;
            }
          for (i = 0; i < rate / 8; i++)
            st[i][j] ^= buf_get_le64 (p + 8 * i);
        }
      _kc_keccak_f1600_x4 (st);
      for (j = 0; j < 4; j++)
        if (b + 1 == nb[j])
          for (i = 0; i < outlen; i += 8)
            {
              buf_put_le64 (word, st[i / 8][j]);
              memcpy (out[j] + i, word, outlen - i < 8 ? outlen - i : 8);
            }
      want = more ? more (arg, st) : 0;
      if (b + 1 >= maxnb && !want)
        break;
    }
  wipememory (blk, sizeof blk);
  wipememory (word, sizeof word);
}

void
_kc_keccak_x4_oneshot (unsigned int rate, unsigned char *const out[4],
                       size_t outlen, const unsigned char *const in[4],
                       const size_t len[4], const unsigned char dsuffix[4])
{
  uint64_t st[25][4];

  memset (st, 0, sizeof st);
  _kc_keccak_x4_oneshot_st (st, rate, out, outlen, in, len, dsuffix, NULL,
                            NULL);
  wipememory (st, sizeof st);
}

/* ------------------------------------------------------------- sponge */

void
_kc_keccak_init (_kc_keccak_ctx *ctx, unsigned int rate, unsigned char dsuffix)
{
  memset (ctx->s, 0, sizeof ctx->s);
  ctx->rate = rate;
  ctx->pos = 0;
  ctx->dsuffix = dsuffix;
  ctx->squeezing = 0;
}

/* XOR byte V into the state at byte offset I. */
static inline void
xor_byte (uint64_t s[25], unsigned int i, unsigned char v)
{
  s[i / 8] ^= (uint64_t) v << (8 * (i % 8));
}

/* XOR the N bytes at P into the state from byte offset POS: bytes up to a
 * lane boundary, then whole lanes, then the rest. */
static void
xor_bytes (uint64_t s[25], unsigned int pos, const unsigned char *p,
           size_t n)
{
  for (; n && pos % 8; n--)
    xor_byte (s, pos++, *p++);
  for (; n >= 8; n -= 8, pos += 8, p += 8)
    s[pos / 8] ^= buf_get_le64 (p);
  for (; n; n--)
    xor_byte (s, pos++, *p++);
}

/* Copy N bytes of the state from byte offset POS to O, the same way. */
static void
get_bytes (const uint64_t s[25], unsigned int pos, unsigned char *o,
           size_t n)
{
  for (; n && pos % 8; n--, pos++)
    *o++ = (unsigned char) (s[pos / 8] >> (8 * (pos % 8)));
  for (; n >= 8; n -= 8, pos += 8, o += 8)
    buf_put_le64 (o, s[pos / 8]);
  for (; n; n--, pos++)
    *o++ = (unsigned char) (s[pos / 8] >> (8 * (pos % 8)));
}

void
_kc_keccak_absorb (_kc_keccak_ctx *ctx, const void *data, size_t len)
{
  const unsigned char *p = data;
  unsigned int rate = ctx->rate;
  size_t take;

  KC_VERIFY_CHECK (!ctx->squeezing);
  while (len)
    {
      take = rate - ctx->pos < len ? rate - ctx->pos : len;
      xor_bytes (ctx->s, ctx->pos, p, take);
      ctx->pos += (unsigned int) take;
      p += take;
      len -= take;
      if (ctx->pos == rate)
        {
          _kc_keccak_f1600 (ctx->s);
          ctx->pos = 0;
        }
    }
}

void
_kc_keccak_finalize (_kc_keccak_ctx *ctx)
{
  KC_VERIFY_CHECK (!ctx->squeezing);
  xor_byte (ctx->s, ctx->pos, ctx->dsuffix);
  xor_byte (ctx->s, ctx->rate - 1, 0x80);
  _kc_keccak_f1600 (ctx->s);
  ctx->pos = 0;
  ctx->squeezing = 1;
}

void
_kc_keccak_squeeze (_kc_keccak_ctx *ctx, void *out, size_t len)
{
  unsigned char *o = out;
  unsigned int rate = ctx->rate;
  size_t take;

  KC_VERIFY_CHECK (ctx->squeezing);
  while (len)
    {
      if (ctx->pos == rate)
        {
          _kc_keccak_f1600 (ctx->s);
          ctx->pos = 0;
        }
      take = rate - ctx->pos < len ? rate - ctx->pos : len;
      get_bytes (ctx->s, ctx->pos, o, take);
      ctx->pos += (unsigned int) take;
      o += take;
      len -= take;
    }
}

static void
sponge (void *out, size_t outlen, unsigned int rate, unsigned char dsuffix,
        const void *data, size_t len)
{
  _kc_keccak_ctx ctx;
  _kc_keccak_init (&ctx, rate, dsuffix);
  _kc_keccak_absorb (&ctx, data, len);
  _kc_keccak_finalize (&ctx);
  _kc_keccak_squeeze (&ctx, out, outlen);
  wipememory (&ctx, sizeof ctx);
}

void
_kc_sha3_256 (unsigned char out[32], const void *data, size_t len)
{
  sponge (out, 32, KC_SHA3_256_RATE, KC_SHA3_DSUFFIX, data, len);
}

void
_kc_sha3_512 (unsigned char out[64], const void *data, size_t len)
{
  sponge (out, 64, KC_SHA3_512_RATE, KC_SHA3_DSUFFIX, data, len);
}

void
_kc_shake128 (void *out, size_t outlen, const void *data, size_t len)
{
  sponge (out, outlen, KC_SHAKE128_RATE, KC_SHAKE_DSUFFIX, data, len);
}

void
_kc_shake256 (void *out, size_t outlen, const void *data, size_t len)
{
  sponge (out, outlen, KC_SHAKE256_RATE, KC_SHAKE_DSUFFIX, data, len);
}
