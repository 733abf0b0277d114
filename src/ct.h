/* ct.h - the constant-time toolbox of libkcrypt.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every secret-dependent selection in the library goes through these
 * helpers; never improvise a mask inline.  Values pass through a value
 * barrier (an empty asm the optimiser cannot see through), so the compiler
 * cannot prove a mask is 0 or all ones and turn the selection back into a
 * branch.
 *
 * Conventions: a "mask" is 0 or all ones; a "flag" is 0 or 1.  All
 * functions here run in time independent of their arguments' values
 * (lengths are public).
 *
 * ct_declassify / ct_classify tell valgrind memcheck that memory holds
 * public (defined) or secret (undefined) data.  The constant-time test
 * (tests/t-ctime) marks secrets undefined; memcheck then reports any branch
 * or memory index that depends on them.  The library declassifies only
 * values it is allowed to reveal (for example an ECDSA r, or whether an
 * sntrup761 g was invertible).  Without valgrind headers at build time
 * these compile to nothing; outside valgrind they cost a few instructions.
 *
 * Built with clang's MemorySanitizer (-fsanitize=memory; KC_CT_MSAN), the
 * same two calls poison and unpoison the memory's shadow instead, and
 * tests/t-ctime-msan runs the check natively, on the AVX-512 and IFMA
 * kernels valgrind cannot execute: MSan reports a branch, a memory address
 * or a divisor that depends on poisoned bits.  Two things change in that
 * build only, so that the shadow follows the data: the value barriers
 * below are a volatile store and load (MSan checks every operand of an
 * asm statement as if branched on, and clears its outputs) that also
 * poison the whole word when any bit of it is (MSan does not carry
 * poison up through additions: without this, -flag of a secret flag
 * would be secret in bit 0 only); the intrinsics MSan does not follow
 * are replaced by exact models (ct-msan-x86.h); the add-with-carry
 * intrinsics of mpi/limb.h give way to their __int128 forms.  The
 * inline-assembly kernels (mpi/mont.c, mpi/daira.c, mpi/mpih.c,
 * cipher/secp256k1-field-4x64.h) are not built there at all
 * (KC_LIMB_ADX): valgrind checks them.
 */
#ifndef KC_CT_H
#define KC_CT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__has_feature)
# if __has_feature(memory_sanitizer)
#  define KC_CT_MSAN 1
# endif
#endif

#if defined(KC_CT_MSAN)
# include <sanitizer/msan_interface.h>
# define ct_declassify(p, n) __msan_unpoison ((p), (n))
# define ct_classify(p, n)   __msan_poison ((p), (n))
#elif defined(KC_VALGRIND)
# include <valgrind/memcheck.h>
# define ct_declassify(p, n) VALGRIND_MAKE_MEM_DEFINED ((p), (n))
# define ct_classify(p, n)   VALGRIND_MAKE_MEM_UNDEFINED ((p), (n))
#else
# define ct_declassify(p, n) ((void) (p), (void) (n))
# define ct_classify(p, n)   ((void) (p), (void) (n))
#endif

/* Value barriers.  Flags and masks pass through one on the way out too:
 * with a constant second operand clang otherwise recognises the borrow
 * formula of ct_lt as a comparison and may turn "c & ~mask" into a
 * branch (seen with clang 14 in a scalar sntrup761 decode step).  Under
 * MemorySanitizer a volatile object, which the optimiser cannot see
 * through either, and whose shadow is the whole word's when any bit of
 * the input is poisoned (see above). */
static inline uint64_t
ct_barrier_u64 (uint64_t x)
{
#if defined(KC_CT_MSAN)
  volatile uint64_t v = x;
  if (__msan_test_shadow (&x, sizeof x) != -1)
    __msan_poison (&v, sizeof v);
  return v;
#elif defined(__GNUC__) || defined(__clang__)
  __asm__ ("" : "+r" (x));
  return x;
#else
  volatile uint64_t v = x;
  return v;
#endif
}

static inline uint32_t
ct_barrier_u32 (uint32_t x)
{
#if defined(KC_CT_MSAN)
  volatile uint32_t v = x;
  if (__msan_test_shadow (&x, sizeof x) != -1)
    __msan_poison (&v, sizeof v);
  return v;
#elif defined(__GNUC__) || defined(__clang__)
  __asm__ ("" : "+r" (x));
  return x;
#else
  volatile uint32_t v = x;
  return v;
#endif
}

/* X; in the MemorySanitizer build (KC_CT_MSAN) poisoned in every bit
 * when it is in any.  MSan does not carry poison up through additions
 * and products: a small secret poisoned in its low bits only (a sampled
 * coefficient) loses its taint in a Montgomery or Barrett reduction,
 * which keeps a product's high half (seen in the portable ML-KEM
 * decryption, whose m' came out unpoisoned), and a division by a
 * constant done as a product's high half loses it the same way.  Such
 * reductions pass their input (or the product) through this; outside
 * MSan builds it is X, free.  tests/t-ctime-msan checks that the secret
 * reaches each output it should. */
static inline uint32_t
ct_msan_smear_u32 (uint32_t x)
{
#if defined(KC_CT_MSAN)
  if (__msan_test_shadow (&x, sizeof x) != -1)
    __msan_poison (&x, sizeof x);
#endif
  return x;
}

static inline uint64_t
ct_msan_smear_u64 (uint64_t x)
{
#if defined(KC_CT_MSAN)
  if (__msan_test_shadow (&x, sizeof x) != -1)
    __msan_poison (&x, sizeof x);
#endif
  return x;
}

/* Flag (0/1) to mask (0/all ones). */
static inline uint64_t
ct_mask_from_flag_u64 (uint64_t flag)
{
  return -ct_barrier_u64 (flag);
}

static inline uint32_t
ct_mask_from_flag_u32 (uint32_t flag)
{
  return -ct_barrier_u32 (flag);
}

/* 1 if X != 0 else 0. */
static inline uint64_t
ct_is_nonzero_u64 (uint64_t x)
{
  x = ct_barrier_u64 (x);
  return ct_barrier_u64 ((x | -x) >> 63);
}

static inline uint32_t
ct_is_nonzero_u32 (uint32_t x)
{
  x = ct_barrier_u32 (x);
  return ct_barrier_u32 ((x | -x) >> 31);
}

/* 1 if X == Y else 0. */
static inline uint64_t
ct_eq_u64 (uint64_t x, uint64_t y)
{
  return 1 ^ ct_is_nonzero_u64 (x ^ y);
}

static inline uint32_t
ct_eq_u32 (uint32_t x, uint32_t y)
{
  return 1 ^ ct_is_nonzero_u32 (x ^ y);
}

/* 1 if X < Y (unsigned) else 0. */
static inline uint64_t
ct_lt_u64 (uint64_t x, uint64_t y)
{
  x = ct_barrier_u64 (x);
  /* Borrow of x - y, computed without a compare instruction the compiler
   * could lower to a branch. */
  return ct_barrier_u64 ((x ^ ((x ^ y) | ((x - y) ^ y))) >> 63);
}

static inline uint32_t
ct_lt_u32 (uint32_t x, uint32_t y)
{
  x = ct_barrier_u32 (x);
  return ct_barrier_u32 ((x ^ ((x ^ y) | ((x - y) ^ y))) >> 31);
}

/* Mask versions: all ones if the condition holds. */
static inline uint64_t ct_mask_nonzero_u64 (uint64_t x) { return -ct_is_nonzero_u64 (x); }
static inline uint64_t ct_mask_eq_u64 (uint64_t x, uint64_t y) { return -ct_eq_u64 (x, y); }
static inline uint64_t ct_mask_lt_u64 (uint64_t x, uint64_t y) { return -ct_lt_u64 (x, y); }
static inline uint32_t ct_mask_nonzero_u32 (uint32_t x) { return -ct_is_nonzero_u32 (x); }
static inline uint32_t ct_mask_eq_u32 (uint32_t x, uint32_t y) { return -ct_eq_u32 (x, y); }
static inline uint32_t ct_mask_lt_u32 (uint32_t x, uint32_t y) { return -ct_lt_u32 (x, y); }

/* MASK ? A : B. */
static inline uint64_t
ct_select_u64 (uint64_t mask, uint64_t a, uint64_t b)
{
  mask = ct_barrier_u64 (mask);
  return b ^ (mask & (a ^ b));
}

static inline uint32_t
ct_select_u32 (uint32_t mask, uint32_t a, uint32_t b)
{
  mask = ct_barrier_u32 (mask);
  return b ^ (mask & (a ^ b));
}

/* Compare-exchange of four lanes at once: A[i] = min (A[i], B[i]), B[i] =
 * max, unsigned, for i < 4 (A and B unaligned, not overlapping).  With
 * GCC or clang the compiler's generic vectors (SSE2 on x86-64, NEON on
 * arm64, lowered to scalars elsewhere): a lane compare yields a mask
 * vector, which no compiler turns into a branch (t-ctime checks the code
 * built); otherwise four scalar compare-exchanges through ct_lt. */
static inline void
ct_minmax4_u32 (uint32_t *a, uint32_t *b)
{
#if defined(__GNUC__) || defined(__clang__)
  typedef uint32_t ct_u32x4 __attribute__ ((vector_size (16)));
  ct_u32x4 x, y, t;
  memcpy (&x, a, sizeof x);
  memcpy (&y, b, sizeof y);
  t = (x ^ y) & (ct_u32x4) (y < x);
  x ^= t;
  y ^= t;
  memcpy (a, &x, sizeof x);
  memcpy (b, &y, sizeof y);
#else
  int i;
  for (i = 0; i < 4; i++)
    {
      uint32_t t = (a[i] ^ b[i]) & ct_mask_lt_u32 (b[i], a[i]);
      a[i] ^= t;
      b[i] ^= t;
    }
#endif
}

/* If FLAG (0/1): copy N limbs from SRC to DST.  Both always read. */
static inline void
ct_cmov_u64 (uint64_t *dst, const uint64_t *src, size_t n, uint64_t flag)
{
  uint64_t mask = ct_mask_from_flag_u64 (flag);
  size_t i;
  for (i = 0; i < n; i++)
    dst[i] ^= mask & (dst[i] ^ src[i]);
}

/* If FLAG (0/1): swap N limbs of A and B. */
static inline void
ct_cswap_u64 (uint64_t *a, uint64_t *b, size_t n, uint64_t flag)
{
  uint64_t mask = ct_mask_from_flag_u64 (flag);
  size_t i;
  for (i = 0; i < n; i++)
    {
      uint64_t t = mask & (a[i] ^ b[i]);
      a[i] ^= t;
      b[i] ^= t;
    }
}

/* If FLAG (0/1): copy N bytes from SRC to DST. */
static inline void
ct_memmov_cond (void *dst, const void *src, size_t n, uint32_t flag)
{
  unsigned char mask = (unsigned char) ct_mask_from_flag_u32 (flag);
  unsigned char *d = dst;
  const unsigned char *s = src;
  size_t i;
  for (i = 0; i < n; i++)
    d[i] ^= mask & (d[i] ^ s[i]);
}

/* R = entry IDX of TABLE (COUNT entries of 8 limbs each, such as an
 * affine point in storage form), or zeros when IDX >= COUNT.  Every entry
 * is read and masked, so IDX may be secret.  With GNU C the work is done
 * in 128-bit vectors (SSE2 on x86-64, NEON on arm64: any target the
 * compiler knows), the mask of entry i coming from a lane-wise compare of
 * a running counter with IDX (no branch, no table index); else in
 * 64-bit words.  COUNT < 2^32. */
#if defined(__GNUC__) || defined(__clang__)
typedef uint64_t ct_v2u64 __attribute__ ((vector_size (16)));
typedef uint32_t ct_v4u32 __attribute__ ((vector_size (16)));
#endif
static inline void
ct_lookup_u64x8 (uint64_t r[8], const uint64_t *table, size_t count,
                 size_t idx)
{
  size_t i;
#if defined(__GNUC__) || defined(__clang__)
  ct_v2u64 a0 = { 0, 0 }, a1 = { 0, 0 }, a2 = { 0, 0 }, a3 = { 0, 0 }, e, m;
  /* IDX >= 2^32 must match no entry: clamp it to COUNT (a mask, not a
   * branch). */
  uint32_t ix = (uint32_t) ct_select_u64 (ct_mask_lt_u64 (idx, count),
                                          idx, count);
  ct_v4u32 cnt = { 0, 0, 0, 0 }, one = { 1, 1, 1, 1 };
  ct_v4u32 want = { ix, ix, ix, ix };
  for (i = 0; i < count; i++)
    {
      const uint64_t *t = table + 8 * i;
      m = (ct_v2u64) (cnt == want);
      cnt += one;
      memcpy (&e, t, 16);
      a0 |= e & m;
      memcpy (&e, t + 2, 16);
      a1 |= e & m;
      memcpy (&e, t + 4, 16);
      a2 |= e & m;
      memcpy (&e, t + 6, 16);
      a3 |= e & m;
    }
  memcpy (r, &a0, 16);
  memcpy (r + 2, &a1, 16);
  memcpy (r + 4, &a2, 16);
  memcpy (r + 6, &a3, 16);
#else
  size_t k;
  for (k = 0; k < 8; k++)
    r[k] = 0;
  for (i = 0; i < count; i++)
    {
      uint64_t m = ct_mask_eq_u64 (i, idx);
      for (k = 0; k < 8; k++)
        r[k] |= table[8 * i + k] & m;
    }
#endif
}

/* 1 if the N bytes at A and B are equal, else 0; time depends on N only. */
static inline uint32_t
ct_memequal (const void *a, const void *b, size_t n)
{
  const unsigned char *x = a, *y = b;
  uint64_t diff = 0;
  size_t i = 0;
  /* Eight bytes at a time (memcpy: any alignment), then the tail. */
  for (; i + 8 <= n; i += 8)
    {
      uint64_t u, v;
      memcpy (&u, x + i, 8);
      memcpy (&v, y + i, 8);
      diff |= u ^ v;
    }
  for (; i < n; i++)
    diff |= (uint64_t) (x[i] ^ y[i]);
  return (uint32_t) (1 ^ ct_is_nonzero_u64 (diff));
}

/* Compare two little-endian N-limb numbers: -1, 0 or 1. */
static inline int
ct_cmp_limbs (const uint64_t *a, const uint64_t *b, size_t n)
{
  uint64_t gt = 0, lt = 0;
  size_t i = n;
  while (i--)
    {
      uint64_t undecided = ~(gt | lt);
      gt |= undecided & ct_mask_lt_u64 (b[i], a[i]);
      lt |= undecided & ct_mask_lt_u64 (a[i], b[i]);
    }
  return (int) (gt & 1) - (int) (lt & 1);
}

#endif /* KC_CT_H */
