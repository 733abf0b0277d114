/* mont.c - Montgomery arithmetic modulo a fixed odd modulus of N limbs.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * See mont.h for the contracts and the bound proof.  The kernels are
 * written once as always-inline functions of a limb count N; the
 * specialised entry points pass a constant N, so every loop has a constant
 * trip count and the compiler unrolls it completely (the triangular part of
 * squaring is a guard inside constant-trip loops, which unrolling removes).
 */
#include "kcrypt-int.h"
#include "mont.h"
#include "modinv.h"

#if defined(__clang__)
/* The same kernels also serve run-time N (generic path, add/sub), where
 * full unrolling is impossible; clang would warn about those. */
# pragma clang diagnostic ignored "-Wpass-failed"
# define KC_UNROLL _Pragma ("clang loop unroll(full)")
#elif defined(__GNUC__)
/* With a run-time N (generic path) gcc cannot see that the row buffers
 * are written before they are read (same N bounds both loops). */
# pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
# define KC_UNROLL _Pragma ("GCC unroll 16")
#else
# define KC_UNROLL
#endif

/* r = t - m if (top || t >= m) else t; t has N limbs plus the bit TOP and
 * t + top*R < 2m.  Constant time. */
static KC_ALWAYS_INLINE void
final_sub (uint64_t *r, const uint64_t *t, uint64_t top, const uint64_t *m,
           const unsigned int N)
{
  uint64_t mask, d[KC_MONT_MAX_LIMBS];
  unsigned char borrow = 0;
  unsigned int j;

  /* d in locals, r written once at the end: r may alias m as far as the
   * compiler knows, and stores into r would otherwise interleave. */
  KC_UNROLL
  for (j = 0; j < N; j++)
    d[j] = _kc_sbb (t[j], m[j], &borrow);
  /* Keep t only when there is no top bit and the subtraction borrowed. */
  mask = ct_mask_from_flag_u64 (top | (uint64_t) (borrow ^ 1));
  KC_UNROLL
  for (j = 0; j < N; j++)
    r[j] = ct_select_u64 (mask, d[j], t[j]);
}

/* t[0..N-1] += x * y[0..N-1]: the low words in one carry chain, the high
 * words in a second, both chains' carries and the last high word folded
 * into *W (the word at position N) with the carry out of that word
 * returned (0/1).  Single-word carries throughout. */
static KC_ALWAYS_INLINE uint64_t
addmul_row (uint64_t *t, uint64_t *w, uint64_t x, const uint64_t *y,
            const unsigned int N)
{
  uint64_t lo[KC_MONT_MAX_LIMBS], hi[KC_MONT_MAX_LIMBS];
  unsigned char c = 0, d = 0;
  unsigned int j;

  KC_UNROLL
  for (j = 0; j < N; j++)
    lo[j] = _kc_mul64 (&hi[j], x, y[j]);
  KC_UNROLL
  for (j = 0; j < N; j++)
    t[j] = _kc_adc (t[j], lo[j], &c);
  /* hi[N-1] <= 2^64 - 2, so adding the low chain's carry cannot wrap. */
  hi[N - 1] += c;
  KC_UNROLL
  for (j = 1; j < N; j++)
    t[j] = _kc_adc (t[j], hi[j - 1], &d);
  *w = _kc_adc (*w, hi[N - 1], &d);
  return d;
}

/* CIOS Montgomery multiplication on a sliding window.  Invariant
 * (mont.h): after row i, T_{i+1} < 2m is held as t[i+1..i+N] + top*R.
 * Row i adds a*b_i and q*m at t[i..]: word i+N starts as the old top bit
 * and takes the carries of both rows (after a*b_i the value is < 2m +
 * (2^64-1)m < 2^64 R + R, so word i+N and its carry k1 are exact; after
 * q*m the shifted value is < 2m, so k1 + k2 <= 1 is the new top bit).
 * The window slides instead of shifting limbs, so every index is a
 * constant after unrolling. */
static KC_ALWAYS_INLINE void
mul_redc_n (uint64_t *r, const uint64_t *a, const uint64_t *b,
            const uint64_t *m, uint64_t m0inv, const unsigned int N)
{
  uint64_t t[2 * KC_MONT_MAX_LIMBS], top = 0;
  unsigned int i, j;

  KC_UNROLL
  for (j = 0; j < N; j++)
    t[j] = 0;

  KC_UNROLL
  for (i = 0; i < N; i++)
    {
      uint64_t w = top, k1, k2, q;
      k1 = addmul_row (t + i, &w, b[i], a, N);
      q = t[i] * m0inv;
      k2 = addmul_row (t + i, &w, q, m, N);
      t[i + N] = w;
      top = k1 + k2;
    }
  final_sub (r, t + N, top, m, N);
}

/* Squaring then N sliding Montgomery rows. */
static KC_ALWAYS_INLINE void
sqr_redc_n (uint64_t *r, const uint64_t *a, const uint64_t *m,
            uint64_t m0inv, const unsigned int N)
{
  uint64_t s[2 * KC_MONT_MAX_LIMBS], top, bit;
  unsigned char cc;
  unsigned int i, j;

  /* Cross products sum_{i<j} a_i a_j 2^(64(i+j)), row by row with a
   * single-word carry (each step a*b + s + c fits two words); row i writes
   * s[i+1..i+N], and s[i+N] is fresh.  The triangle is a guard inside
   * constant-trip loops. */
  KC_UNROLL
  for (j = 0; j < 2 * N; j++)
    s[j] = 0;
  KC_UNROLL
  for (i = 0; i + 1 < N; i++)
    {
      uint64_t c = 0;
      KC_UNROLL
      for (j = 0; j < N; j++)
        if (j > i)
          s[i + j] = _kc_mac64 (&c, a[i], a[j], s[i + j], c);
      s[i + N] = c;
    }

  /* Double the cross products and add the diagonal squares in one pass:
   * the doubling is a shift (no carry flag), the squares one carry chain.
   * a^2 < R^2, so the last carries are zero. */
  bit = 0;
  cc = 0;
  KC_UNROLL
  for (i = 0; i < N; i++)
    {
      uint64_t lo = s[2 * i], hi = s[2 * i + 1], dlo, dhi, nlo, nhi;
      dlo = _kc_mul64 (&dhi, a[i], a[i]);
      nlo = (lo << 1) | bit;
      nhi = (hi << 1) | (lo >> 63);
      bit = hi >> 63;
      s[2 * i] = _kc_adc (nlo, dlo, &cc);
      s[2 * i + 1] = _kc_adc (nhi, dhi, &cc);
    }

  /* Reduction: row i clears limb i; its carry enters limb i+N together
   * with the previous row's top bit (same weight), giving a new top bit. */
  top = 0;
  KC_UNROLL
  for (i = 0; i < N; i++)
    {
      uint64_t q = s[i] * m0inv, c = 0, k1, k2, x;
      (void) _kc_mac64 (&c, q, m[0], s[i], 0);
      KC_UNROLL
      for (j = 1; j < N; j++)
        s[i + j] = _kc_mac64 (&c, q, m[j], s[i + j], c);
      x = _kc_addc64 (&k1, s[i + N], c, 0);
      s[i + N] = _kc_addc64 (&k2, x, top, 0);
      top = k1 | k2;
    }
  final_sub (r, s + N, top, m, N);
}

/* ---- x86-64 with BMI2 + ADX: CIOS rows as mulx with two flag chains ----
 *
 * The same algorithm and bounds as mul_redc_n, written as inline assembly
 * because no compiler turns C into the two interleaved carry chains (adox
 * for the low words on OF, adcx for the high words on CF) that make a row
 * cost one mulx and two additions per limb.  T_0..T_{N+1} live in N+2
 * registers; each row's T_0 becomes zero and is reused as the next row's
 * T_{N+1} (the window rotates through the registers instead of moving
 * limbs).  Used for N = 3 to 8 (192 to 512 bits) when the CPU has BMI2
 * and ADX; everything else, and every other CPU, runs the C kernels, which
 * the tests also check (_kc_hwf_set_mask (0)).  Only with optimisation
 * (the register budget of N = 6 is all 14 general registers but rsp, rbp). */
/* The unrolled kernels are long straight-line code whose speed depends
 * on their placement (doc/MEASUREMENTS): they start on a 64-byte
 * boundary so that the placement is fixed. */
#if defined(__GNUC__) || defined(__clang__)
# define KC_KERNEL_ALIGN __attribute__ ((aligned (64)))
#else
# define KC_KERNEL_ALIGN
#endif

#ifdef KC_LIMB_ADX
# define KC_MONT_ADX 1
# include "x86_64/sqr4-adx.h"

/* One limb step of a row: T_j += lo (OF chain), T_{j+1} += hi (CF). */
# define ADX_STEP(off, src, Tj, Tj1) \
  "mulxq " #off "(%[" src "]), %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" Tj "]\n\t" \
  "adcxq %[hi], %[" Tj1 "]\n\t"
/* Close a row: fold the pending OF (weight N) and CF, OF (weight N+1). */
# define ADX_CLOSE(TN, TN1) \
  "adoxq %[z], %[" TN "]\n\t" \
  "adcxq %[z], %[" TN1 "]\n\t" \
  "adoxq %[z], %[" TN1 "]\n\t"
/* q = T_0 * m0inv into rdx, flags cleared. */
# define ADX_Q(T0) \
  "movq %[" T0 "], %%rdx\n\t" \
  "imulq %[k], %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t"
# define ADX_B(off) \
  "movq " #off "(%[b]), %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t"

# define ADX_ROW4(boff, A, B, C, D, E, F) \
  ADX_B (boff) \
  ADX_STEP (0, "a", A, B) ADX_STEP (8, "a", B, C) \
  ADX_STEP (16, "a", C, D) ADX_STEP (24, "a", D, E) \
  ADX_CLOSE (E, F) \
  ADX_Q (A) \
  ADX_STEP (0, "m", A, B) ADX_STEP (8, "m", B, C) \
  ADX_STEP (16, "m", C, D) ADX_STEP (24, "m", D, E) \
  ADX_CLOSE (E, F)

static void
mul_redc_4_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, lo, hi;
  uint64_t z = 0, t[4];

  __asm__ (ADX_ROW4 (0, "t0", "t1", "t2", "t3", "t4", "t5")
           ADX_ROW4 (8, "t1", "t2", "t3", "t4", "t5", "t0")
           ADX_ROW4 (16, "t2", "t3", "t4", "t5", "t0", "t1")
           ADX_ROW4 (24, "t3", "t4", "t5", "t0", "t1", "t2")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4), [t5] "+&r" (t5),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [b] "r" (b), [m] "r" (m), [k] "r" (m0inv),
             [z] "r" (z)
           : "rdx", "cc", "memory");
  /* Window after 4 rows: T_j = t(4+j mod 6); the top bit is t2. */
  t[0] = t4; t[1] = t5; t[2] = t0; t[3] = t1;
  final_sub (r, t, t2, m, 4);
}

/* N = 6 reads m from a stack copy (a memory operand addressed off the
 * stack pointer), so that the kernel needs 13 registers, not 14: some
 * compilers (clang -Os with a frame pointer) find no fourteenth.  m is
 * not on the dependency chain of a multiplication, so the copy is free
 * of latency (copying b or a instead would put a store-load on it). */
# define ADX_STEP_MM(off, Tj, Tj1) \
  "mulxq " #off "+%[mm], %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" Tj "]\n\t" \
  "adcxq %[hi], %[" Tj1 "]\n\t"
# define ADX_ROW6(boff, A, B, C, D, E, F, G, H) \
  ADX_B (boff) \
  ADX_STEP (0, "a", A, B) ADX_STEP (8, "a", B, C) \
  ADX_STEP (16, "a", C, D) ADX_STEP (24, "a", D, E) \
  ADX_STEP (32, "a", E, F) ADX_STEP (40, "a", F, G) \
  ADX_CLOSE (G, H) \
  ADX_Q (A) \
  ADX_STEP_MM (0, A, B) ADX_STEP_MM (8, B, C) \
  ADX_STEP_MM (16, C, D) ADX_STEP_MM (24, D, E) \
  ADX_STEP_MM (32, E, F) ADX_STEP_MM (40, F, G) \
  ADX_CLOSE (G, H)

static void
mul_redc_6_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
  uint64_t lo, hi, z = 0, t[6], mm[6];

  memcpy (mm, m, sizeof mm);
  __asm__ (ADX_ROW6 (0, "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7")
           ADX_ROW6 (8, "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t0")
           ADX_ROW6 (16, "t2", "t3", "t4", "t5", "t6", "t7", "t0", "t1")
           ADX_ROW6 (24, "t3", "t4", "t5", "t6", "t7", "t0", "t1", "t2")
           ADX_ROW6 (32, "t4", "t5", "t6", "t7", "t0", "t1", "t2", "t3")
           ADX_ROW6 (40, "t5", "t6", "t7", "t0", "t1", "t2", "t3", "t4")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4), [t5] "+&r" (t5),
             [t6] "+&r" (t6), [t7] "+&r" (t7),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [b] "r" (b), [mm] "m" (mm), [k] "m" (m0inv),
             [z] "m" (z)
           : "rdx", "cc", "memory");
  /* Window after 6 rows: T_j = t(6+j mod 8); the top bit is t4. */
  t[0] = t6; t[1] = t7; t[2] = t0; t[3] = t1; t[4] = t2; t[5] = t3;
  final_sub (r, t, t4, m, 6);
}
/* Squaring, N = 4: the square from mpi/x86_64/sqr4-adx.h (cross
 * products, then the doubling and the diagonal squares in one pass) opens
 * the block, then four sliding reduction rows on its eight words.
 * A reduction row ends with the pending CF and OF at weight i+N+1
 * collected into one register (they cannot both be set: if the first
 * addition into S_{i+4} wrapped, the word is <= 2^64 - 2 and the second
 * cannot wrap), and the previous row's top bit added into S_{i+4}
 * (again exclusive), exactly as sqr_redc_n does in C.  The zeroed S_i
 * holds that top bit for the next row. */
# define SQR_ROW_RED(moff, Si, S1, S2, S3, S4, PREVTOP) \
  "movq %[" Si "], %%rdx\n\t" \
  "imulq %[k], %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t" \
  ADX_STEP (0, "m", Si, S1) ADX_STEP (8, "m", S1, S2) \
  ADX_STEP (16, "m", S2, S3) ADX_STEP (24, "m", S3, S4) \
  "adoxq %[z], %[" S4 "]\n\t" \
  "movl $0, %k[lo]\n\t" \
  "adcxq %[z], %[lo]\n\t" \
  "adoxq %[z], %[lo]\n\t" \
  PREVTOP \
  "movq %[lo], %[" Si "]\n\t"
# define SQR_ADDTOP(TOP, S4) \
  "addq %[" TOP "], %[" S4 "]\n\t" \
  "adcq $0, %[lo]\n\t"

static void
sqr_redc_4_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  uint64_t s0, s1, s2, s3, s4, s5, s6, s7, lo, hi, z = 0, t[4];

  __asm__ (KC_SQR4_ADX ("a", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7",
                        "lo", "hi")
           /* Reduction rows. */
           SQR_ROW_RED (0, "s0", "s1", "s2", "s3", "s4", "")
           SQR_ROW_RED (0, "s1", "s2", "s3", "s4", "s5",
                        SQR_ADDTOP ("s0", "s5"))
           SQR_ROW_RED (0, "s2", "s3", "s4", "s5", "s6",
                        SQR_ADDTOP ("s1", "s6"))
           SQR_ROW_RED (0, "s3", "s4", "s5", "s6", "s7",
                        SQR_ADDTOP ("s2", "s7"))
           : [s0] "=&r" (s0), [s1] "=&r" (s1), [s2] "=&r" (s2),
             [s3] "=&r" (s3), [s4] "=&r" (s4), [s5] "=&r" (s5),
             [s6] "=&r" (s6), [s7] "=&r" (s7),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [m] "r" (m), [k] "r" (m0inv), [z] "m" (z)
           : "rdx", "cc", "memory");
  /* Result S4..S7, top bit in S3. */
  t[0] = s4; t[1] = s5; t[2] = s6; t[3] = s7;
  final_sub (r, t, s3, m, 4);
}
/* N = 3 and N = 5: the same rows. */
# define ADX_ROW3(boff, A, B, C, D, E) \
  ADX_B (boff) \
  ADX_STEP (0, "a", A, B) ADX_STEP (8, "a", B, C) ADX_STEP (16, "a", C, D) \
  ADX_CLOSE (D, E) \
  ADX_Q (A) \
  ADX_STEP (0, "m", A, B) ADX_STEP (8, "m", B, C) ADX_STEP (16, "m", C, D) \
  ADX_CLOSE (D, E)

static void
mul_redc_3_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, lo, hi, z = 0, t[3];

  __asm__ (ADX_ROW3 (0, "t0", "t1", "t2", "t3", "t4")
           ADX_ROW3 (8, "t1", "t2", "t3", "t4", "t0")
           ADX_ROW3 (16, "t2", "t3", "t4", "t0", "t1")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [b] "r" (b), [m] "r" (m), [k] "r" (m0inv),
             [z] "r" (z)
           : "rdx", "cc", "memory");
  /* Window after 3 rows: T_j = t(3+j mod 5); the top bit is t1. */
  t[0] = t3; t[1] = t4; t[2] = t0;
  final_sub (r, t, t1, m, 3);
}

# define ADX_ROW5(boff, A, B, C, D, E, F, G) \
  ADX_B (boff) \
  ADX_STEP (0, "a", A, B) ADX_STEP (8, "a", B, C) \
  ADX_STEP (16, "a", C, D) ADX_STEP (24, "a", D, E) \
  ADX_STEP (32, "a", E, F) \
  ADX_CLOSE (F, G) \
  ADX_Q (A) \
  ADX_STEP (0, "m", A, B) ADX_STEP (8, "m", B, C) \
  ADX_STEP (16, "m", C, D) ADX_STEP (24, "m", D, E) \
  ADX_STEP (32, "m", E, F) \
  ADX_CLOSE (F, G)

static void
mul_redc_5_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0;
  uint64_t lo, hi, z = 0, t[5];

  __asm__ (ADX_ROW5 (0, "t0", "t1", "t2", "t3", "t4", "t5", "t6")
           ADX_ROW5 (8, "t1", "t2", "t3", "t4", "t5", "t6", "t0")
           ADX_ROW5 (16, "t2", "t3", "t4", "t5", "t6", "t0", "t1")
           ADX_ROW5 (24, "t3", "t4", "t5", "t6", "t0", "t1", "t2")
           ADX_ROW5 (32, "t4", "t5", "t6", "t0", "t1", "t2", "t3")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4), [t5] "+&r" (t5),
             [t6] "+&r" (t6), [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [b] "r" (b), [m] "r" (m), [k] "r" (m0inv),
             [z] "m" (z)
           : "rdx", "cc", "memory");
  /* Window after 5 rows: T_j = t(5+j mod 7); the top bit is t3. */
  t[0] = t5; t[1] = t6; t[2] = t0; t[3] = t1; t[4] = t2;
  final_sub (r, t, t3, m, 5);
}

/* Squaring, N = 3: as N = 4 (cross rows, doubling on CF with the squares
 * on OF, sliding reduction rows with exclusive carries). */
# define SQR3_ROW_RED(Si, S1, S2, S3, PREVTOP) \
  "movq %[" Si "], %%rdx\n\t" \
  "imulq %[k], %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t" \
  ADX_STEP (0, "m", Si, S1) ADX_STEP (8, "m", S1, S2) \
  ADX_STEP (16, "m", S2, S3) \
  "adoxq %[z], %[" S3 "]\n\t" \
  "movl $0, %k[lo]\n\t" \
  "adcxq %[z], %[lo]\n\t" \
  "adoxq %[z], %[lo]\n\t" \
  PREVTOP \
  "movq %[lo], %[" Si "]\n\t"

static void
sqr_redc_3_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
  uint64_t lo, hi, z = 0, t[3];

  __asm__ (/* Cross products a0*a1, a0*a2 into S1..S3, a1*a2 into S3..S4. */
           "movq 0(%[a]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (8, "a", "s1", "s2") ADX_STEP (16, "a", "s2", "s3")
           "adoxq %[z], %[s3]\n\t"
           "movq 8(%[a]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (16, "a", "s3", "s4")
           "adoxq %[z], %[s4]\n\t"
           /* Double (CF) and add the squares (OF). */
           "xorl %k[lo], %k[lo]\n\t"
           "movq 0(%[a]), %%rdx\n\t"
           "mulxq %%rdx, %[s0], %[hi]\n\t"
           "adcxq %[s1], %[s1]\n\t"
           "adoxq %[hi], %[s1]\n\t"
           "movq 8(%[a]), %%rdx\n\t"
           "mulxq %%rdx, %[lo], %[hi]\n\t"
           "adcxq %[s2], %[s2]\n\t"
           "adoxq %[lo], %[s2]\n\t"
           "adcxq %[s3], %[s3]\n\t"
           "adoxq %[hi], %[s3]\n\t"
           "movq 16(%[a]), %%rdx\n\t"
           "mulxq %%rdx, %[lo], %[hi]\n\t"
           "adcxq %[s4], %[s4]\n\t"
           "adoxq %[lo], %[s4]\n\t"
           "adcxq %[s5], %[s5]\n\t"
           "adoxq %[hi], %[s5]\n\t"
           SQR3_ROW_RED ("s0", "s1", "s2", "s3", "")
           SQR3_ROW_RED ("s1", "s2", "s3", "s4", SQR_ADDTOP ("s0", "s4"))
           SQR3_ROW_RED ("s2", "s3", "s4", "s5", SQR_ADDTOP ("s1", "s5"))
           : [s0] "+&r" (s0), [s1] "+&r" (s1), [s2] "+&r" (s2),
             [s3] "+&r" (s3), [s4] "+&r" (s4), [s5] "+&r" (s5),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [a] "r" (a), [m] "r" (m), [k] "r" (m0inv), [z] "r" (z)
           : "rdx", "cc", "memory");
  /* Result S3..S5, top bit in S2. */
  t[0] = s3; t[1] = s4; t[2] = s5;
  final_sub (r, t, s2, m, 3);
}

/* Squaring, N = 5: the ten words of the square, lo, hi and rdx take 13
 * registers, so one register serves as the pointer to a during the
 * product and to m during the reduction (m0inv and the zero in memory). */
# define SQR5_ROW_RED(Si, S1, S2, S3, S4, S5, PREVTOP) \
  "movq %[" Si "], %%rdx\n\t" \
  "imulq %[k], %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t" \
  ADX_STEP (0, "p", Si, S1) ADX_STEP (8, "p", S1, S2) \
  ADX_STEP (16, "p", S2, S3) ADX_STEP (24, "p", S3, S4) \
  ADX_STEP (32, "p", S4, S5) \
  "adoxq %[z], %[" S5 "]\n\t" \
  "movl $0, %k[lo]\n\t" \
  "adcxq %[z], %[lo]\n\t" \
  "adoxq %[z], %[lo]\n\t" \
  PREVTOP \
  "movq %[lo], %[" Si "]\n\t"
# define SQR_DIAG(i, S2i, S2i1) \
  "movq " #i "(%[p]), %%rdx\n\t" \
  "mulxq %%rdx, %[lo], %[hi]\n\t" \
  "adcxq %[" S2i "], %[" S2i "]\n\t" \
  "adoxq %[lo], %[" S2i "]\n\t" \
  "adcxq %[" S2i1 "], %[" S2i1 "]\n\t" \
  "adoxq %[hi], %[" S2i1 "]\n\t"

static void
sqr_redc_5_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
  uint64_t s8 = 0, s9 = 0, lo, hi, z = 0, t[5];
  const uint64_t *p = a, *mp = m;

  __asm__ (/* Cross products, rows 0..3 (a_i * a_j, j > i). */
           "movq 0(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (8, "p", "s1", "s2") ADX_STEP (16, "p", "s2", "s3")
           ADX_STEP (24, "p", "s3", "s4") ADX_STEP (32, "p", "s4", "s5")
           "adoxq %[z], %[s5]\n\t"
           "movq 8(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (16, "p", "s3", "s4") ADX_STEP (24, "p", "s4", "s5")
           ADX_STEP (32, "p", "s5", "s6")
           "adoxq %[z], %[s6]\n\t"
           "movq 16(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (24, "p", "s5", "s6") ADX_STEP (32, "p", "s6", "s7")
           "adoxq %[z], %[s7]\n\t"
           "movq 24(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (32, "p", "s7", "s8")
           "adoxq %[z], %[s8]\n\t"
           /* Double (CF) and add the squares (OF). */
           "xorl %k[lo], %k[lo]\n\t"
           "movq 0(%[p]), %%rdx\n\t"
           "mulxq %%rdx, %[s0], %[hi]\n\t"
           "adcxq %[s1], %[s1]\n\t"
           "adoxq %[hi], %[s1]\n\t"
           SQR_DIAG (8, "s2", "s3") SQR_DIAG (16, "s4", "s5")
           SQR_DIAG (24, "s6", "s7") SQR_DIAG (32, "s8", "s9")
           /* From here on the pointer register points to m. */
           "movq %[mp], %[p]\n\t"
           SQR5_ROW_RED ("s0", "s1", "s2", "s3", "s4", "s5", "")
           SQR5_ROW_RED ("s1", "s2", "s3", "s4", "s5", "s6",
                         SQR_ADDTOP ("s0", "s6"))
           SQR5_ROW_RED ("s2", "s3", "s4", "s5", "s6", "s7",
                         SQR_ADDTOP ("s1", "s7"))
           SQR5_ROW_RED ("s3", "s4", "s5", "s6", "s7", "s8",
                         SQR_ADDTOP ("s2", "s8"))
           SQR5_ROW_RED ("s4", "s5", "s6", "s7", "s8", "s9",
                         SQR_ADDTOP ("s3", "s9"))
           : [s0] "+&r" (s0), [s1] "+&r" (s1), [s2] "+&r" (s2),
             [s3] "+&r" (s3), [s4] "+&r" (s4), [s5] "+&r" (s5),
             [s6] "+&r" (s6), [s7] "+&r" (s7), [s8] "+&r" (s8),
             [s9] "+&r" (s9), [lo] "=&r" (lo), [hi] "=&r" (hi),
             [p] "+&r" (p)
           : [mp] "m" (mp), [k] "m" (m0inv), [z] "m" (z)
           : "rdx", "cc", "memory");
  /* Result S5..S9, top bit in S4. */
  t[0] = s5; t[1] = s6; t[2] = s7; t[3] = s8; t[4] = s9;
  final_sub (r, t, s4, m, 5);
}

/* Squaring, N = 6.  Twelve square words do not fit next to lo, hi, rdx
 * and a pointer, but S0 and S11 are not touched by the cross products:
 * S0 goes to the stack as soon as the diagonal pass makes it, S11 is born
 * in the pointer register (free once a5 is loaded) and parked on the
 * stack during the first reduction rows, where that register points to
 * m.  Row 0 reads S0 from memory (adox with a memory source) and parks
 * its top bit on the stack; later rows keep it in the zeroed S_i.  Same
 * steps and bounds as sqr_redc_n and the N = 4 kernel. */
# define SQR6_ROW_RED(Si, S1, S2, S3, S4, S5, S6, PREVTOP) \
  "movq %[" Si "], %%rdx\n\t" \
  "imulq %[k], %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t" \
  ADX_STEP (0, "p", Si, S1) ADX_STEP (8, "p", S1, S2) \
  ADX_STEP (16, "p", S2, S3) ADX_STEP (24, "p", S3, S4) \
  ADX_STEP (32, "p", S4, S5) ADX_STEP (40, "p", S5, S6) \
  "adoxq %[z], %[" S6 "]\n\t" \
  "movl $0, %k[lo]\n\t" \
  "adcxq %[z], %[lo]\n\t" \
  "adoxq %[z], %[lo]\n\t" \
  PREVTOP \
  "movq %[lo], %[" Si "]\n\t"

static void
sqr_redc_6_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  uint64_t s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0, s8 = 0;
  uint64_t s9 = 0, s10 = 0, lo, hi, z = 0, t[6], sp[3];
  const uint64_t *p = a, *mp = m;

  __asm__ (/* Cross products, rows 0..4, into S1..S10. */
           "movq 0(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (8, "p", "s1", "s2") ADX_STEP (16, "p", "s2", "s3")
           ADX_STEP (24, "p", "s3", "s4") ADX_STEP (32, "p", "s4", "s5")
           ADX_STEP (40, "p", "s5", "s6")
           "adoxq %[z], %[s6]\n\t"
           "movq 8(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (16, "p", "s3", "s4") ADX_STEP (24, "p", "s4", "s5")
           ADX_STEP (32, "p", "s5", "s6") ADX_STEP (40, "p", "s6", "s7")
           "adoxq %[z], %[s7]\n\t"
           "movq 16(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (24, "p", "s5", "s6") ADX_STEP (32, "p", "s6", "s7")
           ADX_STEP (40, "p", "s7", "s8")
           "adoxq %[z], %[s8]\n\t"
           "movq 24(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (32, "p", "s7", "s8") ADX_STEP (40, "p", "s8", "s9")
           "adoxq %[z], %[s9]\n\t"
           "movq 32(%[p]), %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           ADX_STEP (40, "p", "s9", "s10")
           "adoxq %[z], %[s10]\n\t"
           /* Double (CF) and add the squares (OF); S0 to the stack. */
           "xorl %k[lo], %k[lo]\n\t"
           "movq 0(%[p]), %%rdx\n\t"
           "mulxq %%rdx, %[lo], %[hi]\n\t"
           "movq %[lo], 0+%[sp]\n\t"
           "adcxq %[s1], %[s1]\n\t"
           "adoxq %[hi], %[s1]\n\t"
           SQR_DIAG (8, "s2", "s3") SQR_DIAG (16, "s4", "s5")
           SQR_DIAG (24, "s6", "s7") SQR_DIAG (32, "s8", "s9")
           "movq 40(%[p]), %%rdx\n\t"
           "mulxq %%rdx, %[lo], %[hi]\n\t"
           "adcxq %[s10], %[s10]\n\t"
           "adoxq %[lo], %[s10]\n\t"
           "movl $0, %k[p]\n\t"
           "adcxq %[p], %[p]\n\t"
           "adoxq %[hi], %[p]\n\t"
           /* Park S11; the register now points to m. */
           "movq %[p], 8+%[sp]\n\t"
           "movq %[mp], %[p]\n\t"
           /* Row 0: S0 from memory, its top bit to the stack. */
           "movq 0+%[sp], %%rdx\n\t"
           "imulq %[k], %%rdx\n\t"
           "xorl %k[lo], %k[lo]\n\t"
           "mulxq 0(%[p]), %[lo], %[hi]\n\t"
           "adoxq 0+%[sp], %[lo]\n\t"
           "adcxq %[hi], %[s1]\n\t"
           ADX_STEP (8, "p", "s1", "s2") ADX_STEP (16, "p", "s2", "s3")
           ADX_STEP (24, "p", "s3", "s4") ADX_STEP (32, "p", "s4", "s5")
           ADX_STEP (40, "p", "s5", "s6")
           "adoxq %[z], %[s6]\n\t"
           "movl $0, %k[lo]\n\t"
           "adcxq %[z], %[lo]\n\t"
           "adoxq %[z], %[lo]\n\t"
           "movq %[lo], 16+%[sp]\n\t"
           /* Rows 1..5. */
           SQR6_ROW_RED ("s1", "s2", "s3", "s4", "s5", "s6", "s7",
                         "addq 16+%[sp], %[s7]\n\t"
                         "adcq $0, %[lo]\n\t")
           SQR6_ROW_RED ("s2", "s3", "s4", "s5", "s6", "s7", "s8",
                         SQR_ADDTOP ("s1", "s8"))
           SQR6_ROW_RED ("s3", "s4", "s5", "s6", "s7", "s8", "s9",
                         SQR_ADDTOP ("s2", "s9"))
           SQR6_ROW_RED ("s4", "s5", "s6", "s7", "s8", "s9", "s10",
                         SQR_ADDTOP ("s3", "s10"))
           /* S3 is free again (its top bit went into S10): S11 back. */
           "movq 8+%[sp], %[s3]\n\t"
           SQR6_ROW_RED ("s5", "s6", "s7", "s8", "s9", "s10", "s3",
                         SQR_ADDTOP ("s4", "s3"))
           : [s1] "+&r" (s1), [s2] "+&r" (s2), [s3] "+&r" (s3),
             [s4] "+&r" (s4), [s5] "+&r" (s5), [s6] "+&r" (s6),
             [s7] "+&r" (s7), [s8] "+&r" (s8), [s9] "+&r" (s9),
             [s10] "+&r" (s10), [lo] "=&r" (lo), [hi] "=&r" (hi),
             [p] "+&r" (p), [sp] "=m" (sp)
           : [mp] "m" (mp), [k] "m" (m0inv), [z] "m" (z)
           : "rdx", "cc", "memory");
  /* Result S6..S10, S11 (in s3); top bit in S5. */
  t[0] = s6; t[1] = s7; t[2] = s8; t[3] = s9; t[4] = s10; t[5] = s3;
  final_sub (r, t, s5, m, 6);
}
/* N = 7 and 8: the window needs N + 2 = 9 or 10 registers, so a, b, m,
 * m0inv and a zero word are read from one block on the stack through one
 * pointer register: rdx, lo, hi, the pointer and the window make 13 or
 * 14 registers (within reach with a frame pointer too).  The copies are
 * made once per call; a row's multiplications do not wait for them.
 * Offsets in the block: a 0, b 64, m 128, m0inv 192, zero 200. */
struct adx_block
{
  uint64_t a[8], b[8], m[8], k, z;
};
# define ADXP_STEP(off, Tj, Tj1) \
  "mulxq " #off "(%[p]), %[lo], %[hi]\n\t" \
  "adoxq %[lo], %[" Tj "]\n\t" \
  "adcxq %[hi], %[" Tj1 "]\n\t"
# define ADXP_CLOSE(TN, TN1) \
  "adoxq 200(%[p]), %[" TN "]\n\t" \
  "adcxq 200(%[p]), %[" TN1 "]\n\t" \
  "adoxq 200(%[p]), %[" TN1 "]\n\t"
# define ADXP_Q(T0) \
  "movq %[" T0 "], %%rdx\n\t" \
  "imulq 192(%[p]), %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t"
# define ADXP_B(off) \
  "movq " #off "(%[p]), %%rdx\n\t" \
  "xorl %k[lo], %k[lo]\n\t"
# define ADXP_ROW7(boff, A, B, C, D, E, F, G, H, I) \
  ADXP_B (boff) \
  ADXP_STEP (0, A, B) ADXP_STEP (8, B, C) ADXP_STEP (16, C, D) \
  ADXP_STEP (24, D, E) ADXP_STEP (32, E, F) ADXP_STEP (40, F, G) \
  ADXP_STEP (48, G, H) \
  ADXP_CLOSE (H, I) \
  ADXP_Q (A) \
  ADXP_STEP (128, A, B) ADXP_STEP (136, B, C) ADXP_STEP (144, C, D) \
  ADXP_STEP (152, D, E) ADXP_STEP (160, E, F) ADXP_STEP (168, F, G) \
  ADXP_STEP (176, G, H) \
  ADXP_CLOSE (H, I)
# define ADXP_ROW8(boff, A, B, C, D, E, F, G, H, I, J) \
  ADXP_B (boff) \
  ADXP_STEP (0, A, B) ADXP_STEP (8, B, C) ADXP_STEP (16, C, D) \
  ADXP_STEP (24, D, E) ADXP_STEP (32, E, F) ADXP_STEP (40, F, G) \
  ADXP_STEP (48, G, H) ADXP_STEP (56, H, I) \
  ADXP_CLOSE (I, J) \
  ADXP_Q (A) \
  ADXP_STEP (128, A, B) ADXP_STEP (136, B, C) ADXP_STEP (144, C, D) \
  ADXP_STEP (152, D, E) ADXP_STEP (160, E, F) ADXP_STEP (168, F, G) \
  ADXP_STEP (176, G, H) ADXP_STEP (184, H, I) \
  ADXP_CLOSE (I, J)

static void
adx_block_fill (struct adx_block *blk, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv, unsigned int n)
{
  memcpy (blk->a, a, n * sizeof *a);
  memcpy (blk->b, b, n * sizeof *b);
  memcpy (blk->m, m, n * sizeof *m);
  blk->k = m0inv;
  blk->z = 0;
}

static KC_NOINLINE KC_KERNEL_ALIGN void
mul_redc_7_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
  uint64_t t8 = 0, lo, hi, t[7];
  struct adx_block blk;
  const struct adx_block *p = &blk;

  adx_block_fill (&blk, a, b, m, m0inv, 7);
  __asm__ (ADXP_ROW7 (64, "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8")
           ADXP_ROW7 (72, "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t0")
           ADXP_ROW7 (80, "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t0", "t1")
           ADXP_ROW7 (88, "t3", "t4", "t5", "t6", "t7", "t8", "t0", "t1", "t2")
           ADXP_ROW7 (96, "t4", "t5", "t6", "t7", "t8", "t0", "t1", "t2", "t3")
           ADXP_ROW7 (104, "t5", "t6", "t7", "t8", "t0", "t1", "t2", "t3", "t4")
           ADXP_ROW7 (112, "t6", "t7", "t8", "t0", "t1", "t2", "t3", "t4", "t5")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4), [t5] "+&r" (t5),
             [t6] "+&r" (t6), [t7] "+&r" (t7), [t8] "+&r" (t8),
             [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [p] "r" (p), "m" (blk)
           : "rdx", "cc", "memory");
  /* Window after 7 rows: T_j = t(7+j mod 9); the top bit is t5. */
  t[0] = t7; t[1] = t8; t[2] = t0; t[3] = t1; t[4] = t2; t[5] = t3;
  t[6] = t4;
  final_sub (r, t, t5, m, 7);
}

static KC_NOINLINE KC_KERNEL_ALIGN void
mul_redc_8_adx (uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, uint64_t m0inv)
{
  uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0;
  uint64_t t8 = 0, t9 = 0, lo, hi, t[8];
  struct adx_block blk;
  const struct adx_block *p = &blk;

  adx_block_fill (&blk, a, b, m, m0inv, 8);
  __asm__ (ADXP_ROW8 (64, "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9")
           ADXP_ROW8 (72, "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t0")
           ADXP_ROW8 (80, "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t0", "t1")
           ADXP_ROW8 (88, "t3", "t4", "t5", "t6", "t7", "t8", "t9", "t0", "t1", "t2")
           ADXP_ROW8 (96, "t4", "t5", "t6", "t7", "t8", "t9", "t0", "t1", "t2", "t3")
           ADXP_ROW8 (104, "t5", "t6", "t7", "t8", "t9", "t0", "t1", "t2", "t3", "t4")
           ADXP_ROW8 (112, "t6", "t7", "t8", "t9", "t0", "t1", "t2", "t3", "t4", "t5")
           ADXP_ROW8 (120, "t7", "t8", "t9", "t0", "t1", "t2", "t3", "t4", "t5", "t6")
           : [t0] "+&r" (t0), [t1] "+&r" (t1), [t2] "+&r" (t2),
             [t3] "+&r" (t3), [t4] "+&r" (t4), [t5] "+&r" (t5),
             [t6] "+&r" (t6), [t7] "+&r" (t7), [t8] "+&r" (t8),
             [t9] "+&r" (t9), [lo] "=&r" (lo), [hi] "=&r" (hi)
           : [p] "r" (p), "m" (blk)
           : "rdx", "cc", "memory");
  /* Window after 8 rows: T_j = t(8+j mod 10); the top bit is t6. */
  t[0] = t8; t[1] = t9; t[2] = t0; t[3] = t1; t[4] = t2; t[5] = t3;
  t[6] = t4; t[7] = t5;
  final_sub (r, t, t6, m, 8);
}

/* N = 7, 8: the square is the ADX product of a with itself (faster than
 * the C squaring kernel, whose rows spill).  The product kernels are kept
 * out of line, so that _kc_mont_mul_redc_<N> and _kc_mont_sqr_redc_<N>
 * call the same code (inlined into both, clang laid the square out 1-5%
 * slower than the product). */
static void
sqr_redc_7_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  mul_redc_7_adx (r, a, a, m, m0inv);
}

static void
sqr_redc_8_adx (uint64_t *r, const uint64_t *a, const uint64_t *m,
                uint64_t m0inv)
{
  mul_redc_8_adx (r, a, a, m, m0inv);
}
#endif /* KC_MONT_ADX */


#define KC_MONT_DEFINE(N) \
  KC_KERNEL_ALIGN \
  void _kc_mont_mul_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *b, const uint64_t *m, \
                              uint64_t m0inv) \
  { mul_redc_n (r, a, b, m, m0inv, N); } \
  KC_KERNEL_ALIGN \
  void _kc_mont_sqr_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *m, uint64_t m0inv) \
  { sqr_redc_n (r, a, m, m0inv, N); }
#ifdef KC_MONT_ADX
# define KC_MONT_DEFINE_ADX(N) \
  KC_KERNEL_ALIGN \
  void _kc_mont_mul_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *b, const uint64_t *m, \
                              uint64_t m0inv) \
  { \
    if (_kc_limb_have_adx ()) \
      mul_redc_##N##_adx (r, a, b, m, m0inv); \
    else \
      mul_redc_n (r, a, b, m, m0inv, N); \
  } \
  KC_KERNEL_ALIGN \
  void _kc_mont_sqr_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *m, uint64_t m0inv) \
  { \
    if (_kc_limb_have_adx ()) \
      sqr_redc_##N##_adx (r, a, m, m0inv); \
    else \
      sqr_redc_n (r, a, m, m0inv, N); \
  }
#else
# define KC_MONT_DEFINE_ADX(N) KC_MONT_DEFINE (N)
#endif
KC_MONT_DEFINE (1)
KC_MONT_DEFINE (2)
KC_MONT_DEFINE_ADX (3)
KC_MONT_DEFINE_ADX (4)
KC_MONT_DEFINE_ADX (5)
KC_MONT_DEFINE_ADX (6)
KC_MONT_DEFINE_ADX (7)
KC_MONT_DEFINE_ADX (8)
#undef KC_MONT_DEFINE_ADX
#undef KC_MONT_DEFINE

/* Generic N (9..KC_MONT_MAX_LIMBS): plain CIOS loops with a run-time N,
 * both products of a row accumulated with two-addend multiply-adds; same
 * bounds as above (T < 2m, one-bit top). */
static void
mul_redc_generic (uint64_t *r, const uint64_t *a, const uint64_t *b,
                  const uint64_t *m, uint64_t m0inv, unsigned int n)
{
  uint64_t t[KC_MONT_MAX_LIMBS], top = 0;
  unsigned int i, j;

  for (j = 0; j < n; j++)
    t[j] = 0;
  for (i = 0; i < n; i++)
    {
      uint64_t bi = b[i], c1, c2, x, q, k1, k2;

      x = _kc_mac64 (&c1, a[0], bi, t[0], 0);
      q = x * m0inv;
      (void) _kc_mac64 (&c2, q, m[0], x, 0);   /* low word is 0 */
      for (j = 1; j < n; j++)
        {
          x = _kc_mac64 (&c1, a[j], bi, t[j], c1);
          t[j - 1] = _kc_mac64 (&c2, q, m[j], x, c2);
        }
      x = _kc_addc64 (&k1, c1, c2, 0);
      t[n - 1] = _kc_addc64 (&k2, x, top, 0);
      top = k1 | k2;
    }
  final_sub (r, t, top, m, n);
}

void
_kc_mont_mul_redc (const _kc_mont_ctx *ctx, uint64_t *r,
                   const uint64_t *a, const uint64_t *b)
{
  const uint64_t *m = ctx->m;
  uint64_t k = ctx->m0inv;
  switch (ctx->n)
    {
    case 1: _kc_mont_mul_redc_1 (r, a, b, m, k); break;
    case 2: _kc_mont_mul_redc_2 (r, a, b, m, k); break;
    case 3: _kc_mont_mul_redc_3 (r, a, b, m, k); break;
    case 4: _kc_mont_mul_redc_4 (r, a, b, m, k); break;
    case 5: _kc_mont_mul_redc_5 (r, a, b, m, k); break;
    case 6: _kc_mont_mul_redc_6 (r, a, b, m, k); break;
    case 7: _kc_mont_mul_redc_7 (r, a, b, m, k); break;
    case 8: _kc_mont_mul_redc_8 (r, a, b, m, k); break;
    default: mul_redc_generic (r, a, b, m, k, ctx->n); break;
    }
}

void
_kc_mont_square_redc (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  const uint64_t *m = ctx->m;
  uint64_t k = ctx->m0inv;
  switch (ctx->n)
    {
    case 1: _kc_mont_sqr_redc_1 (r, a, m, k); break;
    case 2: _kc_mont_sqr_redc_2 (r, a, m, k); break;
    case 3: _kc_mont_sqr_redc_3 (r, a, m, k); break;
    case 4: _kc_mont_sqr_redc_4 (r, a, m, k); break;
    case 5: _kc_mont_sqr_redc_5 (r, a, m, k); break;
    case 6: _kc_mont_sqr_redc_6 (r, a, m, k); break;
    case 7: _kc_mont_sqr_redc_7 (r, a, m, k); break;
    case 8: _kc_mont_sqr_redc_8 (r, a, m, k); break;
    default: mul_redc_generic (r, a, a, m, k, ctx->n); break;
    }
}

/* r = a + b mod m, a, b in [0, m): a + b < 2m, so the carry out of the
 * N limbs is the one-bit top of final_sub.  Constant time. */
static KC_ALWAYS_INLINE void
add_mod (uint64_t *r, const uint64_t *a, const uint64_t *b,
         const uint64_t *m, const unsigned int N)
{
  uint64_t t[KC_MONT_MAX_LIMBS];
  unsigned char c = 0;
  unsigned int j;

  KC_UNROLL
  for (j = 0; j < N; j++)
    t[j] = _kc_adc (a[j], b[j], &c);
  final_sub (r, t, c, m, N);
}

/* r = a - b mod m, a, b in [0, m): a - b in (-m, m); add m back when the
 * subtraction borrowed.  Constant time. */
static KC_ALWAYS_INLINE void
sub_mod (uint64_t *r, const uint64_t *a, const uint64_t *b,
         const uint64_t *m, const unsigned int N)
{
  uint64_t t[KC_MONT_MAX_LIMBS], mask;
  unsigned char br = 0, c = 0;
  unsigned int j;

  KC_UNROLL
  for (j = 0; j < N; j++)
    t[j] = _kc_sbb (a[j], b[j], &br);
  mask = ct_mask_from_flag_u64 (br);
  KC_UNROLL
  for (j = 0; j < N; j++)
    r[j] = _kc_adc (t[j], m[j] & mask, &c);
}

/* The switches give each N from 1 to 8 its own unrolled copy. */
void
_kc_mont_add (const _kc_mont_ctx *ctx, uint64_t *r,
              const uint64_t *a, const uint64_t *b)
{
  const uint64_t *m = ctx->m;
  switch (ctx->n)
    {
    case 1: add_mod (r, a, b, m, 1); break;
    case 2: add_mod (r, a, b, m, 2); break;
    case 3: add_mod (r, a, b, m, 3); break;
    case 4: add_mod (r, a, b, m, 4); break;
    case 5: add_mod (r, a, b, m, 5); break;
    case 6: add_mod (r, a, b, m, 6); break;
    case 7: add_mod (r, a, b, m, 7); break;
    case 8: add_mod (r, a, b, m, 8); break;
    default: add_mod (r, a, b, m, ctx->n); break;
    }
}

void
_kc_mont_sub (const _kc_mont_ctx *ctx, uint64_t *r,
              const uint64_t *a, const uint64_t *b)
{
  const uint64_t *m = ctx->m;
  switch (ctx->n)
    {
    case 1: sub_mod (r, a, b, m, 1); break;
    case 2: sub_mod (r, a, b, m, 2); break;
    case 3: sub_mod (r, a, b, m, 3); break;
    case 4: sub_mod (r, a, b, m, 4); break;
    case 5: sub_mod (r, a, b, m, 5); break;
    case 6: sub_mod (r, a, b, m, 6); break;
    case 7: sub_mod (r, a, b, m, 7); break;
    case 8: sub_mod (r, a, b, m, 8); break;
    default: sub_mod (r, a, b, m, ctx->n); break;
    }
}

void
_kc_mont_neg (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  uint64_t z[KC_MONT_MAX_LIMBS];
  memset (z, 0, sizeof z);
  _kc_mont_sub (ctx, r, z, a);
}

void
_kc_mont_to (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *x)
{
  _kc_mont_mul_redc (ctx, r, x, ctx->r2);
}

void
_kc_mont_from (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *x)
{
  uint64_t one[KC_MONT_MAX_LIMBS];
  memset (one, 0, sizeof one);
  one[0] = 1;
  _kc_mont_mul_redc (ctx, r, x, one);
}

void
_kc_mont_pow (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a,
              const uint64_t *e, unsigned int enlimbs)
{
  /* a^k for k = 0..15 as two tables of eight-limb rows (limbs 0..7 and
   * 8..15), the shape ct_lookup_u64x8 scans. */
  uint64_t tab[2][16][8], acc[KC_MONT_MAX_LIMBS], sel[KC_MONT_MAX_LIMBS];
  unsigned int n = ctx->n, k, nib, half = n > 8 ? 2 : 1;
  size_t sz = n * sizeof (uint64_t);

  memset (tab, 0, sizeof tab);
  memset (sel, 0, sizeof sel);
  memcpy (acc, ctx->one, sz);
  for (k = 0; k < 16; k++)
    {
      if (k)
        _kc_mont_mul_redc (ctx, acc, acc, a);
      memcpy (tab[0][k], acc, n < 8 ? sz : 8 * sizeof (uint64_t));
      if (n > 8)
        memcpy (tab[1][k], acc + 8, sz - 8 * sizeof (uint64_t));
    }

  /* E may be secret: every window reads the whole table and keeps the
   * entry its nibble selects (ct.h), so neither the memory addresses nor
   * the branches depend on E; the number of windows is public. */
  memcpy (acc, ctx->one, sz);
  for (nib = 16 * enlimbs; nib--; )
    {
      uint64_t w = (e[nib / 16] >> (4 * (nib % 16))) & 15;
      if (nib != 16 * enlimbs - 1)
        for (k = 0; k < 4; k++)
          _kc_mont_square_redc (ctx, acc, acc);
      for (k = 0; k < half; k++)
        ct_lookup_u64x8 (sel + 8 * k, &tab[k][0][0], 16, w);
      _kc_mont_mul_redc (ctx, acc, acc, sel);
    }
  memcpy (r, acc, sz);
  wipememory (tab, sizeof tab);
  wipememory (acc, sizeof acc);
  wipememory (sel, sizeof sel);
}

void
_kc_mont_inv_fermat (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  uint64_t e[KC_MONT_MAX_LIMBS], br = 0;
  unsigned int j;

  for (j = 0; j < ctx->n; j++)
    e[j] = _kc_subb64 (&br, ctx->m[j], j == 0 ? 2 : 0, br);
  _kc_mont_pow (ctx, r, a, e, ctx->n);
}

/* (aR)^-1 = a^-1 R^-1; times R^3 with one reduction gives a^-1 R. */
void
_kc_mont_inv (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  uint64_t t[KC_MONT_MAX_LIMBS];
  _kc_modinv_ctx inv;
  /* The set-up is linear in N, the inversion quadratic: not worth
   * keeping in the context (which would make mont.h depend on
   * modinv.h). */
  _kc_modinv_setup (&inv, ctx->m, ctx->n);
  _kc_modinv (t, a, &inv);
  _kc_mont_mul_redc (ctx, r, t, ctx->r3);
  wipememory (t, sizeof t);
}

void
_kc_mont_inv_var (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  uint64_t t[KC_MONT_MAX_LIMBS];
  _kc_modinv_ctx inv;
  _kc_modinv_setup (&inv, ctx->m, ctx->n);
  _kc_modinv_var (t, a, &inv);
  _kc_mont_mul_redc (ctx, r, t, ctx->r3);
}

uint64_t
_kc_mont_sqrt (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a)
{
  uint64_t e[KC_MONT_MAX_LIMBS], t[KC_MONT_MAX_LIMBS], c = 1, diff = 0;
  unsigned int j, n = ctx->n;

  memset (e, 0, sizeof e);
  /* (m+1)/4 = floor(m/4) + 1 for m = 3 mod 4 (no overflow at m = R-1). */
  for (j = 0; j < n; j++)
    {
      uint64_t w = ctx->m[j] >> 2;
      if (j + 1 < n)
        w |= ctx->m[j + 1] << 62;
      e[j] = _kc_addc64 (&c, w, 0, c);
    }
  _kc_mont_pow (ctx, t, a, e, n);
  _kc_mont_square_redc (ctx, e, t);
  for (j = 0; j < n; j++)
    diff |= e[j] ^ a[j];
  memcpy (r, t, n * sizeof (uint64_t));
  wipememory (t, sizeof t);
  wipememory (e, sizeof e);
  return 1 ^ ct_is_nonzero_u64 (diff);
}

int
_kc_mont_setup (_kc_mont_ctx *ctx, const uint64_t *m, unsigned int n)
{
  unsigned int j, i, hi = 0;

  if (n < 1 || n > KC_MONT_MAX_LIMBS || !(m[0] & 1))
    return -1;
  for (j = 0; j < n; j++)
    if (m[j])
      hi = j + 1;
  if (hi == 1 && m[0] < 3)
    return -1;
  memset (ctx, 0, sizeof *ctx);
  ctx->n = n;
  memcpy (ctx->m, m, n * sizeof (uint64_t));
  ctx->m0inv = _kc_m0inv (m[0]);
  /* R mod m: 2^(b-1) < m for the bit length b of m, then 64n - b + 1
   * doublings (m is public; set-up only). */
  {
    unsigned int b = 64 * (hi - 1) + 64 - _kc_clz64 (m[hi - 1]), e, k;
    ctx->one[(b - 1) / 64] = (uint64_t) 1 << ((b - 1) % 64);
    for (i = b - 1; i < 64 * n; i++)
      _kc_mont_add (ctx, ctx->one, ctx->one, ctx->one);
    /* R^2 mod m is the Montgomery form of 2^(64n): with 64n = o 2^k, o
     * odd, o doublings of R give 2^o R, and each Montgomery squaring
     * doubles the exponent: k of them give 2^(64n) R. */
    for (e = 64 * n, k = 0; !(e & 1); e >>= 1)
      k++;
    memcpy (ctx->r2, ctx->one, sizeof ctx->r2);
    for (i = 0; i < e; i++)
      _kc_mont_add (ctx, ctx->r2, ctx->r2, ctx->r2);
    for (i = 0; i < k; i++)
      _kc_mont_square_redc (ctx, ctx->r2, ctx->r2);
  }
  _kc_mont_mul_redc (ctx, ctx->r3, ctx->r2, ctx->r2);
  return 0;
}
