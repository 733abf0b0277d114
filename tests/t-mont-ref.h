/* t-mont-ref.h - slow, obvious references for the fixed-modulus tests
 * (t-mont, t-modinv, t-daira): schoolbook multiplication and remainder by
 * binary long division (shift, compare, subtract), on little-endian 64-bit
 * limb arrays.  Independent of mpi/: nothing here calls the library.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_T_MONT_REF_H
#define KC_T_MONT_REF_H

#include <stdint.h>
#include <string.h>

#define REF_MAXL 40

/* Word helpers in plain C (no __int128), written independently of mpi/. */
static inline uint64_t
ref_addc (uint64_t a, uint64_t b, uint64_t *carry)
{
  uint64_t s = a + *carry, c = s < a;
  s += b;
  *carry = c | (s < b);
  return s;
}

static inline uint64_t
ref_subb (uint64_t a, uint64_t b, uint64_t *borrow)
{
  uint64_t d = a - b, br = a < b;
  br |= d < *borrow;
  d -= *borrow;
  *borrow = br;
  return d;
}

/* Low word of a*b; *hi = high word (32-bit halves). */
static inline uint64_t
ref_mul64 (uint64_t a, uint64_t b, uint64_t *hi)
{
  uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu;
  uint64_t bh = b >> 32, ll = al * bl, lh = al * bh, hl = ah * bl;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  *hi = ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32);
  return (ll & 0xffffffffu) | (mid << 32);
}

/* r (an+bn limbs) = a * b. */
static inline void
ref_mul (uint64_t *r, const uint64_t *a, unsigned an,
         const uint64_t *b, unsigned bn)
{
  unsigned i, j;
  memset (r, 0, (an + bn) * sizeof *r);
  for (i = 0; i < an; i++)
    {
      uint64_t c = 0;
      for (j = 0; j < bn; j++)
        {
          uint64_t hi, k = 0, lo = ref_mul64 (a[i], b[j], &hi);
          lo = ref_addc (lo, r[i + j], &k);
          hi += k;
          k = 0;
          r[i + j] = ref_addc (lo, c, &k);
          c = hi + k;              /* a*b + r + c < 2^128 */
        }
      r[i + bn] = c;
    }
}

/* -1, 0, 1 comparing n-limb a and b. */
static inline int
ref_cmp (const uint64_t *a, const uint64_t *b, unsigned n)
{
  while (n--)
    if (a[n] != b[n])
      return a[n] < b[n] ? -1 : 1;
  return 0;
}

/* r (n limbs) = x (xn limbs) mod m (n limbs, m > 0), bit by bit. */
static inline void
ref_mod (uint64_t *r, const uint64_t *x, unsigned xn,
         const uint64_t *m, unsigned n)
{
  uint64_t rem[REF_MAXL + 1], mm[REF_MAXL + 1];
  unsigned bit, j;

  memset (rem, 0, sizeof rem);
  memset (mm, 0, sizeof mm);
  memcpy (mm, m, n * sizeof *m);
  for (bit = 64 * xn; bit--; )
    {
      /* rem = 2 rem + bit; rem < 2m fits n+1 limbs. */
      for (j = n + 1; j-- > 1; )
        rem[j] = (rem[j] << 1) | (rem[j - 1] >> 63);
      rem[0] = (rem[0] << 1) | ((x[bit / 64] >> (bit % 64)) & 1);
      if (ref_cmp (rem, mm, n + 1) >= 0)
        {
          uint64_t b = 0;
          for (j = 0; j <= n; j++)
            rem[j] = ref_subb (rem[j], mm[j], &b);
        }
    }
  memcpy (r, rem, n * sizeof *r);
}

/* r = a * b mod m, all n limbs. */
static inline void
ref_mulmod (uint64_t *r, const uint64_t *a, const uint64_t *b,
            const uint64_t *m, unsigned n)
{
  uint64_t p[2 * REF_MAXL];
  ref_mul (p, a, n, b, n);
  ref_mod (r, p, 2 * n, m, n);
}

/* 1 if r = a * b * R^-1 mod m with 0 <= r < m (R = 2^(64n)), checked as
 * r * R = a * b (mod m) by division. */
static inline int
ref_check_redc (const uint64_t *r, const uint64_t *a, const uint64_t *b,
                const uint64_t *m, unsigned n)
{
  uint64_t rr[2 * REF_MAXL], x[REF_MAXL], y[REF_MAXL];
  if (ref_cmp (r, m, n) >= 0)
    return 0;
  memset (rr, 0, n * sizeof *rr);
  memcpy (rr + n, r, n * sizeof *r);
  ref_mod (x, rr, 2 * n, m, n);
  ref_mulmod (y, a, b, m, n);
  return ref_cmp (x, y, n) == 0;
}


#ifndef REF_NO_GCD
/* 1 if gcd(a, m) = 1 for odd m (binary gcd, variable time; test only). */
static inline int
ref_coprime (const uint64_t *a0, const uint64_t *m0, unsigned n)
{
  uint64_t a[REF_MAXL], b[REF_MAXL], t[REF_MAXL];
  unsigned j;
  int nz;
  memcpy (a, a0, n * 8);
  memcpy (b, m0, n * 8);
  for (;;)
    {
      for (nz = 0, j = 0; j < n; j++)
        nz |= a[j] != 0;
      if (!nz)
        break;
      while (!(a[0] & 1))
        {
          for (j = 0; j + 1 < n; j++)
            a[j] = (a[j] >> 1) | (a[j + 1] << 63);
          a[n - 1] >>= 1;
        }
      if (ref_cmp (a, b, n) < 0)
        {
          memcpy (t, a, n * 8); memcpy (a, b, n * 8); memcpy (b, t, n * 8);
        }
      {
        uint64_t br = 0;
        for (j = 0; j < n; j++)
          a[j] = ref_subb (a[j], b[j], &br);
      }
    }
  /* gcd is b. */
  for (j = 1; j < n; j++)
    if (b[j])
      return 0;
  return b[0] == 1;
}
#endif

#endif
