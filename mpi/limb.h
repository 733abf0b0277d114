/* limb.h - the one 64x64->128 type and the 64-bit limb helpers.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every file that needs a double-word product, a carry chain or the
 * Montgomery constant takes it from here; nothing else in the tree keeps
 * its own copy.  One switch chooses the representation:
 *
 *   KC_LIMB_NATIVE128 is defined when the compiler has unsigned __int128
 *   (__SIZEOF_INT128__) and KC_NO_INT128 is not defined.  Then _kc_u128
 *   and _kc_i128 are the compiler's types and every helper is one
 *   operator.  Otherwise they are a pair of 64-bit words {lo, hi} and
 *   products are built from four 32x32->64 products.  CPPFLAGS=
 *   -DKC_NO_INT128 forces the pair on any machine (a CI job builds and
 *   checks the library so; tests/t-limb compares the pair with the
 *   compiler's type).
 *
 * _kc_u128 / _kc_i128 are used only through the functions below, never
 * with operators, so that one source serves both representations.
 * Wraparound is modulo 2^128 in both forms (the native signed sum is formed
 * unsigned, so that it never overflows).
 *
 * Time: every function is constant time in its values (no branch or
 * index on them; shift counts are public), except _kc_udiv128_var.
 *
 * The carry helpers take and give carries as 0/1 words: _kc_addc64 and
 * _kc_subb64 return the carry through a pointer, _kc_adc and _kc_sbb keep
 * it in an unsigned char that lives across a chain (on x86-64 they are
 * the _addcarry_u64 / _subborrow_u64 intrinsics, one adc / sbb each).
 */
#ifndef KC_MPI_LIMB_H
#define KC_MPI_LIMB_H

#include <stdint.h>
#include "kcrypt-int.h"         /* config.h and the ct toolbox */

#if defined(__SIZEOF_INT128__) && !defined(KC_NO_INT128)
# define KC_LIMB_NATIVE128 1
#endif

/* Not in the MemorySanitizer build (KC_CT_MSAN, ct.h): MSan does not model
 * the add-with-carry intrinsics (it checks their operands as if branched
 * on), so the taint check runs the __int128 forms of the same steps. */
#if !defined(KC_NO_INT128) && defined(KC_USE_X86_64) \
    && (defined(__GNUC__) || defined(__clang__)) && defined(HAVE_X86INTRIN_H) \
    && !defined(KC_CT_MSAN)
# define KC_LIMB_ADC_INTRIN 1
# include <x86intrin.h>
#endif

/* ---------------------------------------------------------------- types */

#ifdef KC_LIMB_NATIVE128
__extension__ typedef unsigned __int128 _kc_u128;
__extension__ typedef __int128 _kc_i128;
#else
typedef struct
{
  uint64_t lo, hi;
} _kc_u128;
typedef _kc_u128 _kc_i128;      /* the same bits read as two's complement */
#endif

/* ------------------------------------------------- 128-bit accumulators */

#ifdef KC_LIMB_NATIVE128

/* R = A * B */
static inline void
_kc_u128_mul (_kc_u128 *r, uint64_t a, uint64_t b)
{
  *r = (_kc_u128) a * b;
}

/* R += HI 2^64 + LO */
static inline void
_kc_u128_add_parts (_kc_u128 *r, uint64_t lo, uint64_t hi)
{
  *r += ((_kc_u128) hi << 64) | lo;
}

/* R += A * B */
static inline void
_kc_u128_accum_mul (_kc_u128 *r, uint64_t a, uint64_t b)
{
  *r += (_kc_u128) a * b;
}

/* R += A */
static inline void
_kc_u128_accum_u64 (_kc_u128 *r, uint64_t a)
{
  *r += a;
}

/* R = A */
static inline void
_kc_u128_from_u64 (_kc_u128 *r, uint64_t a)
{
  *r = a;
}

/* R >>= N, N in [0, 128) */
static inline void
_kc_u128_rshift (_kc_u128 *r, unsigned int n)
{
  *r >>= n;
}

/* the low 64 bits */
static inline uint64_t
_kc_u128_to_u64 (const _kc_u128 *a)
{
  return (uint64_t) *a;
}

/* the high 64 bits */
static inline uint64_t
_kc_u128_hi_u64 (const _kc_u128 *a)
{
  return (uint64_t) (*a >> 64);
}

/* R = A * B (signed) */
static inline void
_kc_i128_mul (_kc_i128 *r, int64_t a, int64_t b)
{
  *r = (_kc_i128) a * b;
}

/* R += A * B (signed); the sum wraps modulo 2^128 like the pair's (it is
 * formed unsigned: a signed overflow would be undefined) */
static inline void
_kc_i128_accum_mul (_kc_i128 *r, int64_t a, int64_t b)
{
  *r = (_kc_i128) ((_kc_u128) *r + (_kc_u128) ((_kc_i128) a * b));
}

/* R >>= N, arithmetic, N in [0, 128) */
static inline void
_kc_i128_rshift (_kc_i128 *r, unsigned int n)
{
  *r >>= n;
}

/* the low 64 bits */
static inline uint64_t
_kc_i128_to_u64 (const _kc_i128 *a)
{
  return (uint64_t) *a;
}

#else /* !KC_LIMB_NATIVE128 */

/* HI:LO = A * B from four 32x32->64 products:
 * A B = a1 b1 2^64 + (a1 b0 + a0 b1) 2^32 + a0 b0; the middle sum
 * MID = (a0 b0 >> 32) + lo32 (a0 b1) + lo32 (a1 b0) < 3 * 2^32 fits. */
static inline void
_kc_u128_mul (_kc_u128 *r, uint64_t a, uint64_t b)
{
  uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
  uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  r->lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
  r->hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static inline void
_kc_u128_add_parts (_kc_u128 *r, uint64_t lo, uint64_t hi)
{
  uint64_t s = r->lo + lo;
  r->hi += hi + ct_lt_u64 (s, lo);     /* the carry, 0 or 1 */
  r->lo = s;
}

static inline void
_kc_u128_accum_mul (_kc_u128 *r, uint64_t a, uint64_t b)
{
  _kc_u128 p;
  _kc_u128_mul (&p, a, b);
  _kc_u128_add_parts (r, p.lo, p.hi);
}

static inline void
_kc_u128_accum_u64 (_kc_u128 *r, uint64_t a)
{
  _kc_u128_add_parts (r, a, 0);
}

static inline void
_kc_u128_from_u64 (_kc_u128 *r, uint64_t a)
{
  r->lo = a;
  r->hi = 0;
}

static inline void
_kc_u128_rshift (_kc_u128 *r, unsigned int n)
{
  if (n >= 64)                  /* N is public */
    {
      r->lo = r->hi >> (n - 64);
      r->hi = 0;
    }
  else if (n > 0)
    {
      r->lo = r->lo >> n | r->hi << (64 - n);
      r->hi >>= n;
    }
}

static inline uint64_t
_kc_u128_to_u64 (const _kc_u128 *a)
{
  return a->lo;
}

static inline uint64_t
_kc_u128_hi_u64 (const _kc_u128 *a)
{
  return a->hi;
}

/* Signed product: the unsigned product of the two's complement words,
 * minus B 2^64 when A < 0 and minus A 2^64 when B < 0 (mod 2^128).  The
 * signs are selected with masks (they may be secret in the safegcd). */
static inline void
_kc_i128_mul (_kc_i128 *r, int64_t a, int64_t b)
{
  uint64_t ua = (uint64_t) a, ub = (uint64_t) b;
  _kc_u128_mul (r, ua, ub);
  r->hi -= (ct_mask_from_flag_u64 (ua >> 63) & ub)
           + (ct_mask_from_flag_u64 (ub >> 63) & ua);
}

static inline void
_kc_i128_accum_mul (_kc_i128 *r, int64_t a, int64_t b)
{
  _kc_i128 p;
  _kc_i128_mul (&p, a, b);
  _kc_u128_add_parts (r, p.lo, p.hi);
}

/* arithmetic shift: the vacated bits copy the sign of HI */
static inline void
_kc_i128_rshift (_kc_i128 *r, unsigned int n)
{
  uint64_t sign = ct_mask_from_flag_u64 (r->hi >> 63);
  if (n >= 64)                  /* N is public */
    {
      r->lo = n == 64 ? r->hi : (r->hi >> (n - 64) | sign << (128 - n));
      r->hi = sign;
    }
  else if (n > 0)
    {
      r->lo = r->lo >> n | r->hi << (64 - n);
      r->hi = r->hi >> n | sign << (64 - n);
    }
}

static inline uint64_t
_kc_i128_to_u64 (const _kc_i128 *a)
{
  return a->lo;
}

#endif /* !KC_LIMB_NATIVE128 */

/* ------------------------------------------------------- limb helpers */

/* Low word of a*b; *HI gets the high word. */
static inline uint64_t
_kc_mul64 (uint64_t *hi, uint64_t a, uint64_t b)
{
  _kc_u128 t;
  _kc_u128_mul (&t, a, b);
  *hi = _kc_u128_hi_u64 (&t);
  return _kc_u128_to_u64 (&t);
}

/* Low word of a*b + c + d; *HI gets the high word.  Never overflows:
 * (2^64-1)^2 + 2(2^64-1) = 2^128 - 1. */
static inline uint64_t
_kc_mac64 (uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
  _kc_u128 t;
  _kc_u128_mul (&t, a, b);
  _kc_u128_accum_u64 (&t, c);
  _kc_u128_accum_u64 (&t, d);
  *hi = _kc_u128_hi_u64 (&t);
  return _kc_u128_to_u64 (&t);
}

/* a + b + cin (cin 0/1); *COUT gets the carry (0/1). */
static inline uint64_t
_kc_addc64 (uint64_t *cout, uint64_t a, uint64_t b, uint64_t cin)
{
#ifdef KC_LIMB_NATIVE128
  _kc_u128 t = (_kc_u128) a + b + cin;
  *cout = (uint64_t) (t >> 64);
  return (uint64_t) t;
#else
  uint64_t s = a + cin, c = ct_lt_u64 (s, cin);
  s += b;
  *cout = c | ct_lt_u64 (s, b);
  return s;
#endif
}

/* a - b - bin (bin 0/1); *BOUT gets the borrow (0/1). */
static inline uint64_t
_kc_subb64 (uint64_t *bout, uint64_t a, uint64_t b, uint64_t bin)
{
#ifdef KC_LIMB_NATIVE128
  _kc_u128 t = (_kc_u128) a - b - bin;
  *bout = (uint64_t) (t >> 64) & 1;
  return (uint64_t) t;
#else
  uint64_t d = a - b, br = ct_lt_u64 (a, b);
  br |= ct_lt_u64 (d, bin);
  *bout = br;
  return d - bin;
#endif
}

/* Carry-chain steps: return a + b + *C (a - b - *C), *C (0/1) becomes the
 * carry (borrow) out. */
static inline uint64_t
_kc_adc (uint64_t a, uint64_t b, unsigned char *c)
{
#ifdef KC_LIMB_ADC_INTRIN
  unsigned long long r;
  *c = _addcarry_u64 (*c, a, b, &r);
  return r;
#else
  uint64_t co, r = _kc_addc64 (&co, a, b, *c);
  *c = (unsigned char) co;
  return r;
#endif
}

static inline uint64_t
_kc_sbb (uint64_t a, uint64_t b, unsigned char *c)
{
#ifdef KC_LIMB_ADC_INTRIN
  unsigned long long r;
  *c = _subborrow_u64 (*c, a, b, &r);
  return r;
#else
  uint64_t bo, r = _kc_subb64 (&bo, a, b, *c);
  *c = (unsigned char) bo;
  return r;
#endif
}

/* -m0^-1 mod 2^64 for odd m0 (the Montgomery constant).  Newton: x = m0
 * is right to 3 bits (m0 m0 = 1 mod 8) and each x (2 - m0 x) doubles the
 * right bits: 3, 6, 12, 24, 48, 96. */
static inline uint64_t
_kc_m0inv (uint64_t m0)
{
  uint64_t x = m0;
  int i;
  for (i = 0; i < 5; i++)
    x *= 2 - m0 * x;
  return -x;
}

/* Leading zero bits of X != 0. */
static inline unsigned int
_kc_clz64 (uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned int) __builtin_clzll (x);
#else
  unsigned int n = 0;
  while (!(x & ((uint64_t) 1 << 63)))
    {
      x <<= 1;
      n++;
    }
  return n;
#endif
}

/* Divide (N1:N0) by D, N1 < D; returns the quotient, *R the remainder.
 * Variable time (a division instruction, or Knuth's algorithm D on 32-bit
 * digits of the normalised divisor). */
static inline uint64_t
_kc_udiv128_var (uint64_t *r, uint64_t n1, uint64_t n0, uint64_t d)
{
#if defined(KC_LIMB_ADC_INTRIN)
  /* One divq (N1 < D: the quotient fits); the compiler's 128-bit
   * division would be a call to __udivti3. */
  uint64_t q, rem;
  __asm__ ("divq %4" : "=a" (q), "=d" (rem) : "0" (n0), "1" (n1), "rm" (d)
           : "cc");
  *r = rem;
  return q;
#elif defined(KC_LIMB_NATIVE128)
  _kc_u128 n = ((_kc_u128) n1 << 64) | n0;
  uint64_t q = (uint64_t) (n / d);
  *r = n0 - q * d;
  return q;
#else
  unsigned int s = _kc_clz64 (d);
  uint64_t d1, d0, q1, q0, rhat, un1, un0, un32, un21, un10;
  if (s)
    {
      d <<= s;
      n1 = (n1 << s) | (n0 >> (64 - s));
      n0 <<= s;
    }
  d1 = d >> 32;
  d0 = (uint32_t) d;
  un32 = n1;
  un1 = n0 >> 32;
  un0 = (uint32_t) n0;
  q1 = un32 / d1;
  rhat = un32 - q1 * d1;
  while (q1 >> 32 || q1 * d0 > ((rhat << 32) | un1))
    {
      q1--;
      rhat += d1;
      if (rhat >> 32)
        break;
    }
  un21 = (un32 << 32) + un1 - q1 * d;
  q0 = un21 / d1;
  rhat = un21 - q0 * d1;
  while (q0 >> 32 || q0 * d0 > ((rhat << 32) | un0))
    {
      q0--;
      rhat += d1;
      if (rhat >> 32)
        break;
    }
  un10 = (un21 << 32) + un0 - q0 * d;
  *r = un10 >> s;
  return (q1 << 32) | q0;
#endif
}

/* ------------------------------------------ x86-64 BMI2/ADX kernels */

/* KC_LIMB_ADX is defined where the mulx/adcx/adox inline-assembly
 * kernels (mont.c, daira.c, mpih.c, x86_64/sqr4-adx.h, and in cipher/ the
 * secp256k1 4x64 field and the X25519 MULX/ADX ladder) are built: x86-64, gcc or clang, with
 * optimisation (their register budgets need it), and not under
 * AddressSanitizer (it moves locals to a fake stack, and the memory
 * operands then need address registers the kernels do not have) or
 * MemorySanitizer (it cannot see the limbs the assembly stores, so it
 * would take them for uninitialised).
 * _kc_limb_have_adx () says at run time whether to use them: derived
 * from _kc_hwf () at every call (one load), so that _kc_hwf_set_mask (0)
 * or KCRYPT_HWF_MASK=0 selects the C kernels. */
#if defined(__SANITIZE_ADDRESS__)
# define KC_SANITIZE_ADDRESS 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define KC_SANITIZE_ADDRESS 1
# endif
#endif
#if defined(__has_feature)
# if __has_feature(memory_sanitizer)
#  define KC_SANITIZE_MEMORY 1
# endif
#endif
#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__)) \
    && defined(__OPTIMIZE__) && !defined(KC_SANITIZE_ADDRESS) \
    && !defined(KC_SANITIZE_MEMORY)
# define KC_LIMB_ADX 1
#endif

/* The gate of those kernels: MULX (BMI2), ADCX and ADOX (ADX). */
#define KC_LIMB_ADX_ISA BMI2, ADX
#define KC_LIMB_ADX_HWF KC_ISA_HWF (KC_LIMB_ADX_ISA)

static inline int
_kc_limb_have_adx (void)
{
#ifdef KC_LIMB_ADX
  return _kc_hwf_has (KC_LIMB_ADX_HWF);
#else
  return 0;
#endif
}

#endif /* KC_MPI_LIMB_H */
