/* mpih.c - limb-vector primitives (see mpih.h for the contracts).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Limb products and divisions come from limb.h (native 128-bit or the
 * portable pair, its one switch).
 *
 * Karatsuba thresholds: measured with a scratch program (outside the
 * repo) timing one Karatsuba level (schoolbook halves) against the
 * schoolbook method for n x n limbs, n = 12..96, on the x86-64 build
 * machine (gcc -O2): see mpih.h and the commit message.
 */
#include "kcrypt-int.h"
#include "mpih.h"
#include "limb.h"

/* The rows of the choice _kc_limb_have_adx makes (for
 * tests/t-isa-gates, which checks that the two agree under every mask). */
static const struct _kc_kernel_row limb_rows[] = {
#ifdef KC_LIMB_ADX
  { "adx", KC_LIMB_ADX_HWF, 0 },
#endif
  { "portable", 0, 0 },
};
KC_KERNEL_TABLE (_kc_limb_kernels_table, limb_rows);

size_t _kc_mpih_karatsuba_threshold;          /* 0: the defaults */
size_t _kc_mpih_karatsuba_sqr_threshold;

/* ------------------------------------------------------------ limb ops */

unsigned int
_kc_mpih_clz (_kc_limb_t x)
{
  return _kc_clz64 (x);
}

/* ------------------------------------------------------- add, sub, mul_1 */

#ifdef KC_LIMB_ADX
/* R = A + B (OP adcq) or A - B (OP sbbq) over N limbs on the carry flag:
 * N mod 4 single limbs, then four a step; lea, mov and jrcxz between
 * them leave CF alone.  Returns the carry (borrow) out. */
# define ADDSUB_LIMB(op, off) \
  "movq " #off "(%[a]), %[t]\n\t" \
  op " " #off "(%[b]), %[t]\n\t" \
  "movq %[t], " #off "(%[r])\n\t"
# define ADDSUB_N_ASM(op) \
  __asm__ ("xorl %k[c], %k[c]\n\t"                 /* CF = 0 */ \
           "jrcxz 2f\n" \
           "1:\n\t" \
           ADDSUB_LIMB (op, 0) \
           "leaq 8(%[a]), %[a]\n\t" \
           "leaq 8(%[b]), %[b]\n\t" \
           "leaq 8(%[r]), %[r]\n\t" \
           "leaq -1(%[cnt]), %[cnt]\n\t" \
           "jrcxz 2f\n\t" \
           "jmp 1b\n" \
           "2:\n\t" \
           "movq %[n4], %[cnt]\n\t" \
           "jrcxz 4f\n" \
           "3:\n\t" \
           ADDSUB_LIMB (op, 0) ADDSUB_LIMB (op, 8) \
           ADDSUB_LIMB (op, 16) ADDSUB_LIMB (op, 24) \
           "leaq 32(%[a]), %[a]\n\t" \
           "leaq 32(%[b]), %[b]\n\t" \
           "leaq 32(%[r]), %[r]\n\t" \
           "leaq -1(%[cnt]), %[cnt]\n\t" \
           "jrcxz 4f\n\t" \
           "jmp 3b\n" \
           "4:\n\t" \
           "adcq $0, %[c]\n\t" \
           : [r] "+r" (r), [a] "+r" (a), [b] "+r" (b), [cnt] "+c" (cnt), \
             [c] "=&r" (c), [t] "=&r" (t) \
           : [n4] "r" (n4) \
           : "cc", "memory")

/* A + B, or A - B if SUB (a constant at each call: inlined) */
static inline _kc_limb_t
addsub_n_asm (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b,
              size_t n, int sub)
{
  _kc_limb_t c, t;
  size_t cnt = n % 4, n4 = n / 4;
  if (sub)
    ADDSUB_N_ASM ("sbbq");
  else
    ADDSUB_N_ASM ("adcq");
  return c;
}
# undef ADDSUB_LIMB
# undef ADDSUB_N_ASM
#endif

_kc_limb_t
_kc_mpih_add_n (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b,
                size_t n)
{
  _kc_limb_t c = 0;
  size_t i;
#ifdef KC_LIMB_ADX
  if (_kc_limb_have_adx ())
    return addsub_n_asm (r, a, b, n, 0);
#endif
  for (i = 0; i < n; i++)
    {
      _kc_limb_t x = a[i], s = x + b[i];
      _kc_limb_t c1 = s < x;
      _kc_limb_t t = s + c;
      c = c1 | (t < s);
      r[i] = t;
    }
  return c;
}

_kc_limb_t
_kc_mpih_add (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
              const _kc_limb_t *b, size_t bn)
{
  _kc_limb_t c = _kc_mpih_add_n (r, a, b, bn);
  size_t i;
  for (i = bn; i < an; i++)
    {
      _kc_limb_t t = a[i] + c;
      c = t < c;
      r[i] = t;
    }
  return c;
}

_kc_limb_t
_kc_mpih_sub_n (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b,
                size_t n)
{
  _kc_limb_t c = 0;
  size_t i;
#ifdef KC_LIMB_ADX
  if (_kc_limb_have_adx ())
    return addsub_n_asm (r, a, b, n, 1);
#endif
  for (i = 0; i < n; i++)
    {
      _kc_limb_t x = a[i], y = b[i];
      _kc_limb_t d = x - y;
      _kc_limb_t c1 = x < y;
      _kc_limb_t t = d - c;
      c = c1 | (d < c);
      r[i] = t;
    }
  return c;
}

_kc_limb_t
_kc_mpih_sub (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
              const _kc_limb_t *b, size_t bn)
{
  _kc_limb_t c = _kc_mpih_sub_n (r, a, b, bn);
  size_t i;
  for (i = bn; i < an; i++)
    {
      _kc_limb_t x = a[i];
      r[i] = x - c;
      c = x < c;
    }
  return c;
}

/* ---- x86-64 BMI2/ADX rows (limb.h's KC_LIMB_ADX, chosen at run time)
 * mulx gives lo, hi of a_i b; lo enters r_i on the CF chain (adcx) and
 * the previous hi on the OF chain (adox), so the two carry chains never
 * wait for each other.  A row of N >= 1 limbs runs N mod 4 single steps,
 * then N / 4 loop steps of four limbs; the loop counter lives in rcx and
 * is stepped with lea and tested with jrcxz, which leave CF and OF alone
 * (as do mov and lea between the steps).  The first "previous hi" is 0.
 * The value bounds are those of the C loops below (a b + r + c < 2^128
 * per limb), so the final hi + CF + OF cannot wrap. */
#ifdef KC_LIMB_ADX
/* The N mod 4 = K single steps, STEP (offset, hi in, hi out), leaving
 * the last hi in c, and the pointers moved past them. */
# define ADX_ROW_HEAD_0(STEP) ""
# define ADX_ROW_HEAD_1(STEP) \
  STEP (0, "c", "hi") \
  "movq %[hi], %[c]\n\t" \
  "leaq 8(%[a]), %[a]\n\t" \
  "leaq 8(%[r]), %[r]\n\t"
# define ADX_ROW_HEAD_2(STEP) \
  STEP (0, "c", "hi") STEP (8, "hi", "c") \
  "leaq 16(%[a]), %[a]\n\t" \
  "leaq 16(%[r]), %[r]\n\t"
# define ADX_ROW_HEAD_3(STEP) \
  STEP (0, "c", "hi") STEP (8, "hi", "c") STEP (16, "c", "hi") \
  "movq %[hi], %[c]\n\t" \
  "leaq 24(%[a]), %[a]\n\t" \
  "leaq 24(%[r]), %[r]\n\t"
/* The loop over the CNT = N / 4 steps of four limbs (none when CNT is
 * 0); the hi words alternate between the registers c and hi. */
# define ADX_ROW_LOOP(STEP) \
  "jrcxz 2f\n" \
  "1:\n\t" \
  STEP (0, "c", "hi") STEP (8, "hi", "c") \
  STEP (16, "c", "hi") STEP (24, "hi", "c") \
  "leaq 32(%[a]), %[a]\n\t" \
  "leaq 32(%[r]), %[r]\n\t" \
  "leaq -1(%[cnt]), %[cnt]\n\t" \
  "jrcxz 2f\n\t" \
  "jmp 1b\n" \
  "2:\n\t"
/* One row function body: the asm for each N mod 4, START setting the
 * flags, FINISH folding them into c. */
# define ADX_ROW(STEP, START, FINISH, ...) \
  do \
    { \
      size_t cnt = n / 4; \
      switch (n % 4) \
        { \
        case 0: \
          __asm__ (START ADX_ROW_HEAD_0 (STEP) ADX_ROW_LOOP (STEP) FINISH \
                   __VA_ARGS__); \
          break; \
        case 1: \
          __asm__ (START ADX_ROW_HEAD_1 (STEP) ADX_ROW_LOOP (STEP) FINISH \
                   __VA_ARGS__); \
          break; \
        case 2: \
          __asm__ (START ADX_ROW_HEAD_2 (STEP) ADX_ROW_LOOP (STEP) FINISH \
                   __VA_ARGS__); \
          break; \
        default: \
          __asm__ (START ADX_ROW_HEAD_3 (STEP) ADX_ROW_LOOP (STEP) FINISH \
                   __VA_ARGS__); \
          break; \
        } \
    } \
  while (0)

/* The operands of mul_1 and submul_1 (addmul_1 has a temporary more). */
# define ADX_ROW_OPERANDS \
  : [r] "+r" (r), [a] "+r" (a), [cnt] "+c" (cnt), [c] "+r" (c), \
    [lo] "=&r" (lo), [hi] "=&r" (hi) \
  : "d" (b) \
  : "cc", "memory"

/* r += lo (a b), previous hi: limb AO of A, limb RO of R (the same in a
 * row; a row apart in the 4 x 4 product below). */
# define ADDMUL_STEP_AT(ao, ro, hin, hout) \
  "mulxq " #ao "(%[a]), %[lo], %[" hout "]\n\t" \
  "movq " #ro "(%[r]), %[t]\n\t" \
  "adcxq %[lo], %[t]\n\t" \
  "adoxq %[" hin "], %[t]\n\t" \
  "movq %[t], " #ro "(%[r])\n\t"
# define ADDMUL_STEP(off, hin, hout) ADDMUL_STEP_AT (off, off, hin, hout)

static _kc_limb_t
addmul_1_adx (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t lo, hi, t, c = 0;
  ADX_ROW (ADDMUL_STEP,
           "xorl %k[lo], %k[lo]\n\t",              /* CF = OF = 0 */
           "movl $0, %k[lo]\n\t"
           "adcxq %[lo], %[c]\n\t"
           "adoxq %[lo], %[c]\n\t",
           : [r] "+r" (r), [a] "+r" (a), [cnt] "+c" (cnt), [c] "+r" (c),
             [lo] "=&r" (lo), [hi] "=&r" (hi), [t] "=&r" (t)
           : "d" (b)
           : "cc", "memory");
  return c;
}

/* R = A b: the previous hi on the CF chain only. */
# define MUL1_STEP(off, hin, hout) \
  "mulxq " #off "(%[a]), %[lo], %[" hout "]\n\t" \
  "adcxq %[" hin "], %[lo]\n\t" \
  "movq %[lo], " #off "(%[r])\n\t"

static _kc_limb_t
mul_1_adx (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t lo, hi, c = 0;
  ADX_ROW (MUL1_STEP,
           "xorl %k[lo], %k[lo]\n\t",
           "movl $0, %k[lo]\n\t"
           "adcxq %[lo], %[c]\n\t",
           ADX_ROW_OPERANDS);
  return c;
}

/* R - S for the row S = A b: s_i = lo_i + hi_(i-1) on the OF chain
 * (adox; its carry belongs to limb i+1, where the next adox takes it),
 * then r_i + ~s_i on the CF chain (adcx, CF = 1 at the start): R + ~S + 1
 * = R - S mod 2^(64N).  not leaves the flags alone (sbb would clobber OF).
 * The borrow limb is the top limb of S (hi + OF) plus 1 - CF. */
# define SUBMUL_STEP(off, hin, hout) \
  "mulxq " #off "(%[a]), %[lo], %[" hout "]\n\t" \
  "adoxq %[" hin "], %[lo]\n\t" \
  "notq %[lo]\n\t" \
  "adcxq " #off "(%[r]), %[lo]\n\t" \
  "movq %[lo], " #off "(%[r])\n\t"

static _kc_limb_t
submul_1_adx (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t lo, hi, c = 0;
  ADX_ROW (SUBMUL_STEP,
           "xorl %k[lo], %k[lo]\n\t"
           "stc\n\t",
           "movl $0, %k[lo]\n\t"
           "adoxq %[lo], %[c]\n\t"
           "cmc\n\t"
           "adcxq %[lo], %[c]\n\t",
           ADX_ROW_OPERANDS);
  return c;
}

/* R[0..2N) = 2 R[0..2N) + sum a_i^2 B^(2i): the doubling on the CF chain
 * (each limb added to itself with the carry out of the one below), the
 * squares on the OF chain, two limbs of R per limb of A.  The caller
 * knows the total fits in 2N limbs (both final carries are 0). */
static void
sqr_diag_adx (_kc_limb_t *r, const _kc_limb_t *a, size_t n)
{
  _kc_limb_t lo, hi, t, cnt = n;
  /* volatile: the outputs are dead, the stores to R are the point */
  __asm__ __volatile__ ("xorl %k[lo], %k[lo]\n"
                        "1:\n\t"
                        "movq (%[a]), %%rdx\n\t"
                        "mulxq %%rdx, %[lo], %[hi]\n\t"
                        "movq (%[r]), %[t]\n\t"
                        "adcxq %[t], %[t]\n\t"
                        "adoxq %[lo], %[t]\n\t"
                        "movq %[t], (%[r])\n\t"
                        "movq 8(%[r]), %[t]\n\t"
                        "adcxq %[t], %[t]\n\t"
                        "adoxq %[hi], %[t]\n\t"
                        "movq %[t], 8(%[r])\n\t"
                        "leaq 8(%[a]), %[a]\n\t"
                        "leaq 16(%[r]), %[r]\n\t"
                        "leaq -1(%[cnt]), %[cnt]\n\t"
                        "jrcxz 2f\n\t"
                        "jmp 1b\n"
                        "2:\n\t"
                        : [r] "+r" (r), [a] "+r" (a), [cnt] "+c" (cnt),
                          [lo] "=&r" (lo), [hi] "=&r" (hi), [t] "=&r" (t)
                        :
                        : "rdx", "cc", "memory");
}
/* R[0..8) = A[0..4) B[0..4) in one straight-line block: a row per limb
 * of B (addmul_1's steps, R's offset a row past A's), no calls, loops or
 * dispatch between them. */
# define MUL44_ROW(bo, r0, r1, r2, r3, r4) \
  "movq " #bo "(%[b]), %%rdx\n\t" \
  "xorl %k[c], %k[c]\n\t" \
  ADDMUL_STEP_AT (0, r0, "c", "hi") ADDMUL_STEP_AT (8, r1, "hi", "c") \
  ADDMUL_STEP_AT (16, r2, "c", "hi") ADDMUL_STEP_AT (24, r3, "hi", "c") \
  "movl $0, %k[lo]\n\t" \
  "adcxq %[lo], %[c]\n\t" \
  "adoxq %[lo], %[c]\n\t" \
  "movq %[c], " #r4 "(%[r])\n\t"

static void
mul_4x4_adx (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b)
{
  _kc_limb_t lo, hi, c, t;
  r[0] = r[1] = r[2] = r[3] = 0;
  /* volatile: the outputs are dead, the stores to R are the point */
  __asm__ __volatile__ (MUL44_ROW (0, 0, 8, 16, 24, 32)
                        MUL44_ROW (8, 8, 16, 24, 32, 40)
                        MUL44_ROW (16, 16, 24, 32, 40, 48)
                        MUL44_ROW (24, 24, 32, 40, 48, 56)
                        : [lo] "=&r" (lo), [hi] "=&r" (hi), [c] "=&r" (c),
                          [t] "=&r" (t)
                        : [r] "r" (r), [a] "r" (a), [b] "r" (b)
                        : "rdx", "cc", "memory");
}
# undef MUL44_ROW
# undef ADX_ROW_HEAD_0
# undef ADX_ROW_HEAD_1
# undef ADX_ROW_HEAD_2
# undef ADX_ROW_HEAD_3
# undef ADX_ROW_LOOP
# undef ADX_ROW_OPERANDS
# undef ADX_ROW
# undef ADDMUL_STEP
# undef ADDMUL_STEP_AT
# undef MUL1_STEP
# undef SUBMUL_STEP
#endif /* KC_LIMB_ADX */

_kc_limb_t
_kc_mpih_addmul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t c = 0;
  size_t k;
#ifdef KC_LIMB_ADX
  if (n && _kc_limb_have_adx ())
    return addmul_1_adx (r, a, n, b);
#endif
  /* Explicit carries (compare after add) compile to add/adc with gcc and
   * clang; measured faster than one 128-bit sum a*b + r + c. */
  for (k = 0; k < n; k++)
    {
      _kc_limb_t hi, lo = _kc_mul64 (&hi, a[k], b);
      _kc_limb_t x = r[k];
      /* hi <= 2^64 - 2, and the true sum a b + r + c < 2^128: the two
       * carries never overflow hi. */
      lo += c;
      hi += lo < c;
      lo += x;
      hi += lo < x;
      r[k] = lo;
      c = hi;
    }
  return c;
}

_kc_limb_t
_kc_mpih_submul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t c = 0;
  size_t k;
#ifdef KC_LIMB_ADX
  if (n && _kc_limb_have_adx ())
    return submul_1_adx (r, a, n, b);
#endif
  for (k = 0; k < n; k++)
    {
      _kc_limb_t hi, lo = _kc_mul64 (&hi, a[k], b);
      _kc_limb_t x = r[k];
      /* subtract lo + c: hi + carries <= 2^64 - 1 since hi <= 2^64 - 2 */
      lo += c;
      hi += lo < c;
      r[k] = x - lo;
      c = hi + (x < lo);
    }
  return c;
}

_kc_limb_t
_kc_mpih_mul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b)
{
  _kc_limb_t c = 0;
  size_t i;
#ifdef KC_LIMB_ADX
  if (n && _kc_limb_have_adx ())
    return mul_1_adx (r, a, n, b);
#endif
  for (i = 0; i < n; i++)
    {
      /* a*b + c <= (2^64-1)^2 + 2^64-1 < 2^128 */
      r[i] = _kc_mac64 (&c, a[i], b, c, 0);
    }
  return c;
}

/* R[0..N) += A[0..N) * (b0 + b1 2^64) + CIN, N >= 0: the low N limbs of
 * the sum go to R, limb N to *HI0, limb N + 1 is returned.  R[N] is
 * neither read nor written.  (The sum is < 2^(64(N+2)): R + CIN
 * + A (b0 + b1 B) <= 2 (B^N - 1) + (B^N - 1)(B^2 - 1) < B^(N+2).) */
static inline _kc_limb_t
addmul_2 (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t b0,
          _kc_limb_t b1, _kc_limb_t cin, _kc_limb_t *hi0)
{
  /* c0: pending limb of column i; c1: pending limb of column i + 1. */
  _kc_limb_t c0 = cin, c1 = 0;
  size_t i;
  for (i = 0; i < n; i++)
    {
      /* each column sum a b + x + c <= (2^64-1)^2 + 2 (2^64-1) < 2^128,
       * so the carries into h0, h1 never overflow */
      _kc_limb_t h0, l0 = _kc_mul64 (&h0, a[i], b0);
      _kc_limb_t h1, l1 = _kc_mul64 (&h1, a[i], b1);
      _kc_limb_t x = r[i];
      l0 += c0;
      h0 += l0 < c0;
      l0 += x;
      h0 += l0 < x;
      r[i] = l0;
      l1 += c1;
      h1 += l1 < c1;
      l1 += h0;
      h1 += l1 < h0;
      c0 = l1;
      c1 = h1;
    }
  *hi0 = c0;
  return c1;
}

_kc_limb_t
_kc_mpih_lshift (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                 unsigned int cnt)
{
  _kc_limb_t out;
  size_t i;
  if (!cnt)
    {
      if (r != a)
        memmove (r, a, n * sizeof *r);
      return 0;
    }
  out = a[n - 1] >> (64 - cnt);
  for (i = n - 1; i > 0; i--)
    r[i] = (a[i] << cnt) | (a[i - 1] >> (64 - cnt));
  r[0] = a[0] << cnt;
  return out;
}

_kc_limb_t
_kc_mpih_rshift (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                 unsigned int cnt)
{
  _kc_limb_t out;
  size_t i;
  if (!cnt)
    {
      if (r != a)
        memmove (r, a, n * sizeof *r);
      return 0;
    }
  out = a[0] << (64 - cnt);
  for (i = 0; i + 1 < n; i++)
    r[i] = (a[i] >> cnt) | (a[i + 1] << (64 - cnt));
  r[n - 1] = a[n - 1] >> cnt;
  return out;
}

int
_kc_mpih_cmp_var (const _kc_limb_t *a, const _kc_limb_t *b, size_t n)
{
  while (n--)
    if (a[n] != b[n])
      return a[n] > b[n] ? 1 : -1;
  return 0;
}

size_t
_kc_mpih_normalize_var (const _kc_limb_t *a, size_t n)
{
  while (n && !a[n - 1])
    n--;
  return n;
}

/* ------------------------------------------------------------ multiply */

size_t
_kc_mpih_karatsuba_min (int sqr)
{
  size_t t = sqr ? _kc_mpih_karatsuba_sqr_threshold
                 : _kc_mpih_karatsuba_threshold;
  if (t)
    return t;
  if (_kc_limb_have_adx ())
    return sqr ? KC_MPIH_KARATSUBA_SQR_THRESHOLD_ADX
               : KC_MPIH_KARATSUBA_THRESHOLD_ADX;
  return sqr ? KC_MPIH_KARATSUBA_SQR_THRESHOLD : KC_MPIH_KARATSUBA_THRESHOLD;
}

void
_kc_mpih_mul_basecase (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
                       const _kc_limb_t *b, size_t bn)
{
  size_t j;
  /* After the rows below j, r[0..j+an) is valid; each addmul_2 writes
   * the two limbs above it. */
#ifdef KC_LIMB_ADX
  /* One ADX row per limb of b is faster than the C addmul_2. */
  if (_kc_limb_have_adx ())
    {
      if (an == 4 && bn == 4)
        {
          mul_4x4_adx (r, a, b);
          return;
        }
      r[an] = mul_1_adx (r, a, an, b[0]);
      for (j = 1; j < bn; j++)
        r[an + j] = addmul_1_adx (r + j, a, an, b[j]);
      return;
    }
#endif
  r[an] = _kc_mpih_mul_1 (r, a, an, b[0]);
  for (j = 1; j + 1 < bn; j += 2)
    {
      _kc_limb_t hi0, hi1 = addmul_2 (r + j, a, an, b[j], b[j + 1], 0,
                                      &hi0);
      r[an + j] = hi0;
      r[an + j + 1] = hi1;
    }
  if (j < bn)
    r[an + j] = _kc_mpih_addmul_1 (r + j, a, an, b[j]);
}

void
_kc_mpih_sqr_basecase (_kc_limb_t *r, const _kc_limb_t *a, size_t n)
{
  size_t i;
  _kc_limb_t c;
  /* With ADX every row is one addmul_1 (faster than the C addmul_2),
   * and the doubling and the squares are one pass. */
  int adx = _kc_limb_have_adx (), pairs = !adx;
  if (n == 1)
    {
      r[0] = _kc_mul64 (&r[1], a[0], a[0]);
      return;
    }
#ifdef KC_LIMB_ADX
  if (adx && n == 4)
    {
      mul_4x4_adx (r, a, a);    /* 4 x 4 straight through beats the rows */
      return;
    }
#endif
  /* Off-diagonal products sum_{i<j} a_i a_j B^(i+j) into r[1..2n-2].
   * Row i is a_i * a[i+1..n) at r[2i+1..); after rows < i, r[1..i+n)
   * is valid.  Rows i, i+1 go in one addmul_2 pass over a[i+2..n) at
   * r[2i+2..i+n), after the lone product a_i a_{i+1} at r[2i+1] whose
   * high limb enters that pass as its carry-in; the pass writes r[i+n]
   * and r[i+n+1]. */
  r[0] = 0;
  r[n] = _kc_mpih_mul_1 (r + 1, a + 1, n - 1, a[0]);
  i = 1;
  for (; pairs && i + 2 < n; i += 2)
    {
      _kc_limb_t hi, lo = _kc_mul64 (&hi, a[i], a[i + 1]), hi0;
      _kc_limb_t x = r[2 * i + 1];
      lo += x;
      hi += lo < x;                 /* a b + x < 2^128 */
      r[2 * i + 1] = lo;
      r[i + n + 1] = addmul_2 (r + 2 * i + 2, a + i + 2, n - i - 2, a[i],
                               a[i + 1], hi, &hi0);
      r[i + n] = hi0;
    }
#ifdef KC_LIMB_ADX
  if (adx)
    {
      for (; i + 1 < n; i++)
        r[n + i] = addmul_1_adx (r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
      r[2 * n - 1] = 0;
      sqr_diag_adx (r, a, n);
      return;
    }
#endif
  for (; i + 1 < n; i++)
    r[n + i] = _kc_mpih_addmul_1 (r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
  /* Double it (2 S <= A^2 < B^(2n): the bit shifted out of r[2n-2] is
   * limb 2n-1) and add the squares a_i^2 B^(2i); the total is A^2 <
   * B^(2n), so the final carry is 0. */
  r[2 * n - 1] = _kc_mpih_lshift (r + 1, r + 1, 2 * n - 2, 1);
  c = 0;
  for (i = 0; i < n; i++)
    {
      _kc_limb_t hi, lo = _kc_mul64 (&hi, a[i], a[i]);
      _kc_limb_t x0 = r[2 * i], x1 = r[2 * i + 1];
      _kc_limb_t s0 = x0 + lo, c0 = s0 < lo;
      _kc_limb_t t0 = s0 + c, c1 = t0 < c;
      _kc_limb_t s1 = x1 + hi, c2 = s1 < hi;
      _kc_limb_t t1 = s1 + c0 + c1, c3 = t1 < s1;
      r[2 * i] = t0;
      r[2 * i + 1] = t1;
      c = c2 + c3;
    }
  KC_VERIFY_CHECK (c == 0);
}

/* |A - B| of N limbs into R; returns 1 if A < B. */
static int
abs_sub_n (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b, size_t n)
{
  if (_kc_mpih_cmp_var (a, b, n) >= 0)
    {
      _kc_mpih_sub_n (r, a, b, n);
      return 0;
    }
  _kc_mpih_sub_n (r, b, a, n);
  return 1;
}

/* |A - B| where A has M limbs and B has H <= M limbs (zero extended). */
static int
abs_sub (_kc_limb_t *r, const _kc_limb_t *a, size_t m, const _kc_limb_t *b,
         size_t h)
{
  if (h < m && _kc_mpih_normalize_var (a + h, m - h))
    {
      _kc_mpih_sub (r, a, m, b, h);
      return 0;
    }
  /* A's limbs above H are zero: compare the low H limbs. */
  if (h < m)
    memset (r + h, 0, (m - h) * sizeof *r);
  return abs_sub_n (r, a, b, h);
}

/* Karatsuba on balanced operands of N limbs: R[0..2N) = A * B (SQR: B is
 * A).  Split at M = ceil(N/2): A = A1 B^M + A0, A1 has H = N - M limbs.
 *   A0 B1 + A1 B0 = A0 B0 + A1 B1 - (A0 - A1)(B0 - B1)
 * Scratch: 2M for the middle product, then 2M + 1 for the middle sum; the
 * recursion uses TMP + 2M.  s(N) <= 4N + 3 log2(N) + 8 limbs. */
static void
mul_n (_kc_limb_t *r, const _kc_limb_t *a, const _kc_limb_t *b, size_t n,
       _kc_limb_t *tmp, int sqr)
{
  size_t m, h;
  int neg;
  _kc_limb_t *t = tmp, *mid, c;

  if (n < _kc_mpih_karatsuba_min (sqr))
    {
      if (sqr)
        _kc_mpih_sqr_basecase (r, a, n);
      else
        _kc_mpih_mul_basecase (r, a, n, b, n);
      return;
    }
  h = n / 2;
  m = n - h;
  /* |A0 - A1| into r[0..m), |B0 - B1| into r[m..2m). */
  neg = abs_sub (r, a, m, a + m, h);
  if (!sqr)
    neg ^= abs_sub (r + m, b, m, b + m, h);
  else
    neg = 0;
  /* t = |A0 - A1| |B0 - B1|, 2m limbs. */
  mul_n (t, r, sqr ? r : r + m, m, tmp + 2 * m, sqr);
  /* r = A1 B1 B^(2m) + A0 B0 */
  mul_n (r, a, b, m, tmp + 2 * m, sqr);
  /* A1 B1 has 2h limbs: exactly r[2m..2n) (h = m or m - 1). */
  mul_n (r + 2 * m, a + m, b + m, h, tmp + 2 * m, sqr);
  /* mid = A0 B0 + A1 B1 -/+ t  (2m + 1 limbs, non-negative: it equals
   * A0 B1 + A1 B0). */
  mid = tmp + 2 * m;
  mid[2 * m] = _kc_mpih_add (mid, r, 2 * m, r + 2 * m, 2 * h);
  if (neg)
    mid[2 * m] += _kc_mpih_add_n (mid, mid, t, 2 * m);
  else
    mid[2 * m] -= _kc_mpih_sub_n (mid, mid, t, 2 * m);
  /* r += mid B^m; mid B^m + the rest < B^(2n), so the carry dies inside. */
  c = _kc_mpih_add (r + m, r + m, 2 * n - m, mid, 2 * m + 1);
  KC_VERIFY_CHECK (c == 0);
  (void) c;
}

void
_kc_mpih_mul (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
              const _kc_limb_t *b, size_t bn, _kc_limb_t *tmp)
{
  size_t done;
  _kc_limb_t *prod;

  if (bn < _kc_mpih_karatsuba_min (0))
    {
      _kc_mpih_mul_basecase (r, a, an, b, bn);
      return;
    }
  if (an == bn)
    {
      mul_n (r, a, b, bn, tmp, a == b);
      return;
    }
  /* Unbalanced: chunks of BN limbs of A times B, accumulated into R.
   * The first chunk goes straight to R; later ones through PROD
   * (2 BN limbs at TMP; the recursion uses TMP + 2 BN). */
  mul_n (r, a, b, bn, tmp, 0);
  prod = tmp;
  for (done = bn; done + bn <= an; done += bn)
    {
      _kc_limb_t c;
      mul_n (prod, a + done, b, bn, tmp + 2 * bn, 0);
      /* r[done..done+bn) holds the previous chunk's high half. */
      memcpy (r + done + bn, prod + bn, bn * sizeof *r);
      c = _kc_mpih_add_n (r + done, r + done, prod, bn);
      c = _kc_mpih_add (r + done + bn, r + done + bn, bn, &c, 1);
      KC_VERIFY_CHECK (c == 0);
    }
  if (done < an)
    {
      size_t rest = an - done;
      _kc_limb_t c;
      /* rest < bn: prod = B * A[done..an), bn + rest limbs. */
      _kc_mpih_mul (prod, b, bn, a + done, rest, tmp + bn + rest);
      c = _kc_mpih_add (prod, prod, bn + rest, r + done, bn);
      KC_VERIFY_CHECK (c == 0);
      (void) c;
      memcpy (r + done, prod, (bn + rest) * sizeof *r);
    }
}

void
_kc_mpih_sqr (_kc_limb_t *r, const _kc_limb_t *a, size_t n, _kc_limb_t *tmp)
{
  mul_n (r, a, a, n, tmp, 1);
}

/* ------------------------------------------------------------ division */

_kc_limb_t
_kc_mpih_divrem_1_var (_kc_limb_t *q, const _kc_limb_t *a, size_t n,
                       _kc_limb_t d)
{
  _kc_limb_t r = 0;
  size_t i = n;
  while (i--)
    {
      _kc_limb_t qi = _kc_udiv128_var (&r, r, a[i], d);
      if (q)
        q[i] = qi;
    }
  return r;
}

/* Division by a normalised two-limb divisor (d1, d0) with a precomputed
 * reciprocal instead of a divq per quotient limb (Moller and Granlund,
 * "Improved division by invariant integers", IEEE Trans. Computers
 * 2011, algorithms 5 and 6).  V = floor ((2^192 - 1) / (d1 2^64 + d0))
 * - 2^64. */
static _kc_limb_t
reciprocal_3by2 (_kc_limb_t d1, _kc_limb_t d0)
{
  _kc_limb_t r, v, p, t1, t0;

  /* floor ((2^128 - 1) / d1) - 2^64: the numerator less d1 2^64 is
   * (~d1, ~0), and ~d1 < d1, so one divq gives it. */
  v = _kc_udiv128_var (&r, ~d1, ~(_kc_limb_t) 0, d1);
  p = d1 * v + d0;
  if (p < d0)
    {
      v--;
      if (p >= d1)
        {
          v--;
          p -= d1;
        }
      p -= d1;
    }
  t0 = _kc_mul64 (&t1, v, d0);
  p += t1;
  if (p < t1)
    {
      v--;
      if (p > d1 || (p == d1 && t0 >= d0))
        v--;
    }
  return v;
}

/* Q = floor ((n2, n1, n0) / (d1, d0)) and (*R1, *R0) the remainder, for
 * (n2, n1) < (d1, d0), d1 normalised, V from reciprocal_3by2. */
static inline _kc_limb_t
div_3by2 (_kc_limb_t *r1p, _kc_limb_t *r0p, _kc_limb_t n2, _kc_limb_t n1,
          _kc_limb_t n0, _kc_limb_t d1, _kc_limb_t d0, _kc_limb_t v)
{
  _kc_limb_t q1, q0, r1, r0, t1, t0, b;

  q0 = _kc_mul64 (&q1, v, n2);
  q0 += n1;
  q1 += n2 + (q0 < n1);
  r1 = n1 - q1 * d1;
  /* (r1, r0) = (r1, n0) - (d1, d0) - q1 d0 */
  r0 = n0 - d0;
  r1 = r1 - d1 - (n0 < d0);
  t0 = _kc_mul64 (&t1, d0, q1);
  b = r0 < t0;
  r0 -= t0;
  r1 = r1 - t1 - b;
  q1++;
  if (r1 >= q0)
    {
      q1--;
      r0 += d0;
      r1 += d1 + (r0 < d0);
    }
  if (r1 > d1 || (r1 == d1 && r0 >= d0))
    {
      q1++;
      b = r0 < d0;
      r0 -= d0;
      r1 = r1 - d1 - b;
    }
  *r1p = r1;
  *r0p = r0;
  return q1;
}

void
_kc_mpih_divrem_var (_kc_limb_t *q, _kc_limb_t *np, size_t nn,
                     const _kc_limb_t *d, size_t dn)
{
  _kc_limb_t d1 = d[dn - 1], d0 = d[dn - 2], v;
  size_t j = nn - dn + 1;

  KC_VERIFY_CHECK (dn >= 2 && nn >= dn && (d1 >> 63) && np[nn] < d1);
  v = reciprocal_3by2 (d1, d0);
  while (j--)
    {
      /* Invariant: np[j+dn..] < D, hence (n2, n1) <= (d1, d0). */
      _kc_limb_t n2 = np[j + dn], n1 = np[j + dn - 1], n0 = np[j + dn - 2];
      _kc_limb_t qhat, r1, r0, cy, b;

      if (n2 == d1 && n1 == d0)
        {
          /* The quotient limb is 2^64 - 1 (rare). */
          qhat = ~(_kc_limb_t) 0;
          cy = _kc_mpih_submul_1 (np + j, d, dn, qhat);
          KC_VERIFY_CHECK (cy == n2);
          np[j + dn] = 0;
        }
      else
        {
          /* qhat from the top three limbs is the quotient limb or one
           * more; the rest of D decides. */
          qhat = div_3by2 (&r1, &r0, n2, n1, n0, d1, d0, v);
          cy = dn > 2 ? _kc_mpih_submul_1 (np + j, d, dn - 2, qhat) : 0;
          b = r0 < cy;
          r0 -= cy;
          cy = r1 < b;
          r1 -= b;
          np[j + dn - 2] = r0;
          np[j + dn - 1] = r1;
          np[j + dn] = 0;
          if (cy)
            {
              /* One too big: add D back (the carry out cancels). */
              _kc_mpih_add_n (np + j, np + j, d, dn);
              qhat--;
            }
        }
      if (q)
        q[j] = qhat;
    }
}

/* ---------------------------------------------------------- Montgomery */

void
_kc_mpih_redc (_kc_limb_t *r, _kc_limb_t *t, const _kc_limb_t *m, size_t n,
               _kc_limb_t minv)
{
  size_t i;
  _kc_limb_t cy;
  /* Steps make t[i] (and t[i+1]) zero by adding q M B^i; the limbs of
   * that row above t[i+n) belong at limbs i+n (and i+n+1) and are parked
   * in the now-zero t[i] (and t[i+1]): later steps read t[k] for k > i
   * (k > i+1) only below limb n, so the parking is invisible to them, and
   * parked t[k] belongs at limb k+n.  Two limbs per step: q1 comes from
   * limb i+1 of t + q0 M, which is t[i+1] + hi (q0 m0 + t[i])
   * + lo (q0 m1) mod 2^64. */
  i = 0;
#ifdef KC_LIMB_ADX
  /* With ADX: single rows only (one addmul_1 each beats addmul_2). */
  if (_kc_limb_have_adx ())
    for (; i < n; i++)
      {
        _kc_limb_t qi = t[i] * minv;
        t[i] = addmul_1_adx (t + i, m, n, qi);
      }
#endif
  if (n >= 2)
    for (; i + 1 < n; i += 2)
      {
        _kc_limb_t q0 = t[i] * minv, q1, h, l, y;
        l = _kc_mul64 (&h, q0, m[0]);
        h += (l + t[i]) < l;            /* q0 m0 + t[i] = h B exactly */
        y = t[i + 1] + h + q0 * m[1];
        q1 = y * minv;
        h = addmul_2 (t + i, m, n, q0, q1, 0, &l);
        t[i] = l;
        t[i + 1] = h;
      }
  for (; i < n; i++)
    {
      _kc_limb_t qi = t[i] * minv;
      t[i] = _kc_mpih_addmul_1 (t + i, m, n, qi);
    }
  /* (T + Q M) / B^n = t[n..2n) + parked carries < 2M. */
  cy = _kc_mpih_add_n (r, t + n, t, n);
  if (cy || _kc_mpih_cmp_var (r, m, n) >= 0)
    {
      _kc_limb_t b = _kc_mpih_sub_n (r, r, m, n);
      KC_VERIFY_CHECK (b == cy);
      (void) b;
    }
}
