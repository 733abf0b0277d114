/* x25519/x25519.c - X25519 (RFC 7748), portable: the field mod p = 2^255 - 19
 * in five 51-bit limbs.  Contracts in x25519/x25519.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Bounds.  "Carried" limbs (what fe_carry returns) are below 2^51 + 2^18
 * (limb 0; the others below 2^51 + 2^13).  fe_add of two carried
 * elements gives limbs below 2^53, fe_sub (which adds 4p first and needs
 * carried inputs, limbs below 2^52) below 2^54; fe_mul and fe_sq accept
 * limbs below 2^54, so no add or sub of the ladder needs a carry of its
 * own.  Then a product term is below 2^54 * 19 * 2^54 < 2^112.3, columns
 * 0-3 below 2^114.4 (their carry fits 64 bits), and column 4, which has
 * no 19-fold term, below 2^110.4, so that its carry times 19 fits 64
 * bits too.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "limb.h"   /* the 128-bit helpers (native or portable) */
#include "x25519/x25519.h"
#include "x25519/x86_64/ifma.h"
#include "x25519/x86_64/adx.h"

#define M51 ((((uint64_t) 1) << 51) - 1)

typedef struct { uint64_t v[5]; } fe;

/* the column sums T (bounds at the top) into carried limbs, in two
 * rounds that each treat all limbs at once (a short dependency chain):
 * the first cuts every column to 51 bits and adds its carry (< 2^63.4)
 * to the next, limb 4's times 19 to limb 0 (< 2^63.8 with column 4's
 * bound); the second does the same in 64 bits, carries below 2^12.8 */
static void
fe_carry (fe *r, _kc_u128 t[5])
{
  uint64_t c0, c1, c2, c3, c4, r0, r1, r2, r3, r4;

  c0 = _kc_u128_to_u64 (&t[0]) >> 51 | _kc_u128_hi_u64 (&t[0]) << 13;
  c1 = _kc_u128_to_u64 (&t[1]) >> 51 | _kc_u128_hi_u64 (&t[1]) << 13;
  c2 = _kc_u128_to_u64 (&t[2]) >> 51 | _kc_u128_hi_u64 (&t[2]) << 13;
  c3 = _kc_u128_to_u64 (&t[3]) >> 51 | _kc_u128_hi_u64 (&t[3]) << 13;
  c4 = _kc_u128_to_u64 (&t[4]) >> 51 | _kc_u128_hi_u64 (&t[4]) << 13;
  r0 = (_kc_u128_to_u64 (&t[0]) & M51) + 19 * c4;
  r1 = (_kc_u128_to_u64 (&t[1]) & M51) + c0;
  r2 = (_kc_u128_to_u64 (&t[2]) & M51) + c1;
  r3 = (_kc_u128_to_u64 (&t[3]) & M51) + c2;
  r4 = (_kc_u128_to_u64 (&t[4]) & M51) + c3;
  r->v[0] = (r0 & M51) + 19 * (r4 >> 51);
  r->v[1] = (r1 & M51) + (r0 >> 51);
  r->v[2] = (r2 & M51) + (r1 >> 51);
  r->v[3] = (r3 & M51) + (r2 >> 51);
  r->v[4] = (r4 & M51) + (r3 >> 51);
}

/* limbs of A and B below 2^54 */
static void
fe_mul (fe *r, const fe *a, const fe *b)
{
  const uint64_t *x = a->v, *y = b->v;
  uint64_t y1 = 19 * y[1], y2 = 19 * y[2], y3 = 19 * y[3], y4 = 19 * y[4];
  _kc_u128 t[5];

  KC_VERIFY_CHECK (((x[0] | x[1] | x[2] | x[3] | x[4]
                     | y[0] | y[1] | y[2] | y[3] | y[4]) >> 54) == 0);
  _kc_u128_mul (&t[0], x[0], y[0]);
  _kc_u128_accum_mul (&t[0], x[1], y4);
  _kc_u128_accum_mul (&t[0], x[2], y3);
  _kc_u128_accum_mul (&t[0], x[3], y2);
  _kc_u128_accum_mul (&t[0], x[4], y1);
  _kc_u128_mul (&t[1], x[0], y[1]);
  _kc_u128_accum_mul (&t[1], x[1], y[0]);
  _kc_u128_accum_mul (&t[1], x[2], y4);
  _kc_u128_accum_mul (&t[1], x[3], y3);
  _kc_u128_accum_mul (&t[1], x[4], y2);
  _kc_u128_mul (&t[2], x[0], y[2]);
  _kc_u128_accum_mul (&t[2], x[1], y[1]);
  _kc_u128_accum_mul (&t[2], x[2], y[0]);
  _kc_u128_accum_mul (&t[2], x[3], y4);
  _kc_u128_accum_mul (&t[2], x[4], y3);
  _kc_u128_mul (&t[3], x[0], y[3]);
  _kc_u128_accum_mul (&t[3], x[1], y[2]);
  _kc_u128_accum_mul (&t[3], x[2], y[1]);
  _kc_u128_accum_mul (&t[3], x[3], y[0]);
  _kc_u128_accum_mul (&t[3], x[4], y4);
  _kc_u128_mul (&t[4], x[0], y[4]);
  _kc_u128_accum_mul (&t[4], x[1], y[3]);
  _kc_u128_accum_mul (&t[4], x[2], y[2]);
  _kc_u128_accum_mul (&t[4], x[3], y[1]);
  _kc_u128_accum_mul (&t[4], x[4], y[0]);
  fe_carry (r, t);
}

/* limbs of A below 2^54: fifteen products instead of twenty-five; the
 * doubled and 19-fold factors (below 2^60.3) keep each column within the
 * bounds of fe_mul's */
static void
fe_sq (fe *r, const fe *a)
{
  const uint64_t *x = a->v;
  uint64_t d0 = 2 * x[0], d1 = 2 * x[1], d2 = 2 * x[2];
  uint64_t n3 = 19 * x[3], n4 = 19 * x[4], m4 = 2 * n4;
  _kc_u128 t[5];

  KC_VERIFY_CHECK (((x[0] | x[1] | x[2] | x[3] | x[4]) >> 54) == 0);
  _kc_u128_mul (&t[0], x[0], x[0]);
  _kc_u128_accum_mul (&t[0], d1, n4);
  _kc_u128_accum_mul (&t[0], d2, n3);
  _kc_u128_mul (&t[1], d0, x[1]);
  _kc_u128_accum_mul (&t[1], d2, n4);
  _kc_u128_accum_mul (&t[1], x[3], n3);
  _kc_u128_mul (&t[2], d0, x[2]);
  _kc_u128_accum_mul (&t[2], x[1], x[1]);
  _kc_u128_accum_mul (&t[2], x[3], m4);
  _kc_u128_mul (&t[3], d0, x[3]);
  _kc_u128_accum_mul (&t[3], d1, x[2]);
  _kc_u128_accum_mul (&t[3], x[4], n4);
  _kc_u128_mul (&t[4], d0, x[4]);
  _kc_u128_accum_mul (&t[4], d1, x[3]);
  _kc_u128_accum_mul (&t[4], x[2], x[2]);
  fe_carry (r, t);
}

/* R = A * s for a small s (121665), limbs of A below 2^54 */
static void
fe_mul_small (fe *r, const fe *a, uint64_t s)
{
  _kc_u128 t[5];
  int i;
  for (i = 0; i < 5; i++)
    _kc_u128_mul (&t[i], a->v[i], s);
  fe_carry (r, t);
}

/* R = A + B without a carry: limbs below 2^52 each give below 2^53 */
static void
fe_add (fe *r, const fe *a, const fe *b)
{
  int i;
  for (i = 0; i < 5; i++)
    r->v[i] = a->v[i] + b->v[i];
}

/* R = A - B + 4p, limb by limb (4p = 2^53 - 76, 2^53 - 4, ...), without
 * a carry: A and B carried (limbs below 2^52), so the limbs stay
 * non-negative and below 2^54 */
static void
fe_sub (fe *r, const fe *a, const fe *b)
{
  static const uint64_t p4[5] = {
    0x1fffffffffffb4ULL, 0x1ffffffffffffcULL, 0x1ffffffffffffcULL,
    0x1ffffffffffffcULL, 0x1ffffffffffffcULL
  };
  int i;
  for (i = 0; i < 5; i++)
    {
      KC_VERIFY_CHECK ((a->v[i] >> 52) == 0 && (b->v[i] >> 52) == 0);
      r->v[i] = a->v[i] + p4[i] - b->v[i];
    }
}

/* swap A and B if FLAG (0/1) is 1 */
static void
fe_cswap (fe *a, fe *b, uint64_t flag)
{
  ct_cswap_u64 (a->v, b->v, 5, flag);
}

static void
fe_frombytes (fe *r, const unsigned char s[32])
{
  uint64_t w0 = buf_get_le64 (s), w1 = buf_get_le64 (s + 8);
  uint64_t w2 = buf_get_le64 (s + 16), w3 = buf_get_le64 (s + 24);
  w3 &= ~((uint64_t) 1 << 63);                 /* RFC 7748: ignore bit 255 */
  r->v[0] = w0 & M51;
  r->v[1] = (w0 >> 51 | w1 << 13) & M51;
  r->v[2] = (w1 >> 38 | w2 << 26) & M51;
  r->v[3] = (w2 >> 25 | w3 << 39) & M51;
  r->v[4] = w3 >> 12;
}

/* the unique representative in [0, p), little-endian */
static void
fe_tobytes (unsigned char s[32], const fe *a)
{
  uint64_t h[5], q, c;
  int i;
  for (i = 0; i < 5; i++)
    h[i] = a->v[i];
  /* carried limbs: the value is below 2p; q = 1 iff it is >= p */
  for (i = 0; i < 4; i++)
    {
      h[i + 1] += h[i] >> 51;
      h[i] &= M51;
    }
  h[0] += 19 * (h[4] >> 51);
  h[4] &= M51;
  for (i = 0; i < 4; i++)
    {
      h[i + 1] += h[i] >> 51;
      h[i] &= M51;
    }
  q = (h[0] + 19) >> 51;
  for (i = 1; i < 5; i++)
    q = (h[i] + q) >> 51;
  h[0] += 19 * q;                              /* subtract p if q */
  for (i = 0; i < 4; i++)
    {
      c = h[i] >> 51;
      h[i] &= M51;
      h[i + 1] += c;
    }
  h[4] &= M51;
  buf_put_le64 (s, h[0] | h[1] << 51);
  buf_put_le64 (s + 8, h[1] >> 13 | h[2] << 38);
  buf_put_le64 (s + 16, h[2] >> 26 | h[3] << 25);
  buf_put_le64 (s + 24, h[3] >> 39 | h[4] << 12);
}

/* A^(2^N) */
static void
fe_sqn (fe *r, const fe *a, int n)
{
  fe_sq (r, a);
  while (--n > 0)
    fe_sq (r, r);
}

/* Z^(p - 2) = Z^(2^255 - 21): the usual chain, 254 squarings and 11
 * multiplications */
static void
fe_invert (fe *r, const fe *z)
{
  fe z2, z9, z11, z5, z10, z20, z50, z100, t;

  fe_sq (&z2, z);                               /* 2 */
  fe_sqn (&t, &z2, 2);                          /* 8 */
  fe_mul (&z9, &t, z);                          /* 9 */
  fe_mul (&z11, &z9, &z2);                      /* 11 */
  fe_sq (&t, &z11);                             /* 22 */
  fe_mul (&z5, &t, &z9);                        /* 2^5 - 1 */
  fe_sqn (&t, &z5, 5);
  fe_mul (&z10, &t, &z5);                       /* 2^10 - 1 */
  fe_sqn (&t, &z10, 10);
  fe_mul (&z20, &t, &z10);                      /* 2^20 - 1 */
  fe_sqn (&t, &z20, 20);
  fe_mul (&t, &t, &z20);                        /* 2^40 - 1 */
  fe_sqn (&t, &t, 10);
  fe_mul (&z50, &t, &z10);                      /* 2^50 - 1 */
  fe_sqn (&t, &z50, 50);
  fe_mul (&z100, &t, &z50);                     /* 2^100 - 1 */
  fe_sqn (&t, &z100, 100);
  fe_mul (&t, &t, &z100);                       /* 2^200 - 1 */
  fe_sqn (&t, &t, 50);
  fe_mul (&t, &t, &z50);                        /* 2^250 - 1 */
  fe_sqn (&t, &t, 5);                           /* 2^255 - 32 */
  fe_mul (r, &t, &z11);                         /* 2^255 - 21 */
  wipememory (&z2, sizeof z2);
  wipememory (&z9, sizeof z9);
  wipememory (&z11, sizeof z11);
  wipememory (&z5, sizeof z5);
  wipememory (&z10, sizeof z10);
  wipememory (&z20, sizeof z20);
  wipememory (&z50, sizeof z50);
  wipememory (&z100, sizeof z100);
  wipememory (&t, sizeof t);
}

/* the portable ladder: X2/Z2 = the 255 steps over K (bits 254..0) from
 * X1, with the last swap; outputs carried.  BASE: X1 is 9, multiplied as
 * a small constant. */
static void
ladder (fe *x2, fe *z2, const unsigned char k[32], const fe *x1, int base)
{
  fe x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
  uint64_t swap = 0, bit;
  int i;

  memset (x2, 0, sizeof *x2);
  x2->v[0] = 1;
  memset (z2, 0, sizeof *z2);
  x3 = *x1;
  memset (&z3, 0, sizeof z3);
  z3.v[0] = 1;
  for (i = 254; i >= 0; i--)
    {
      bit = (uint64_t) (k[i / 8] >> (i % 8)) & 1;
      swap ^= bit;
      fe_cswap (x2, &x3, swap);
      fe_cswap (z2, &z3, swap);
      swap = bit;
      fe_add (&a, x2, z2);
      fe_sq (&aa, &a);
      fe_sub (&b, x2, z2);
      fe_sq (&bb, &b);
      fe_sub (&e, &aa, &bb);
      fe_add (&c, &x3, &z3);
      fe_sub (&d, &x3, &z3);
      fe_mul (&da, &d, &a);
      fe_mul (&cb, &c, &b);
      fe_add (&t, &da, &cb);
      fe_sq (&x3, &t);
      fe_sub (&t, &da, &cb);
      fe_sq (&t, &t);
      if (base)
        fe_mul_small (&z3, &t, 9);
      else
        fe_mul (&z3, x1, &t);
      fe_mul (x2, &aa, &bb);
      fe_mul_small (&t, &e, 121665);
      fe_add (&t, &aa, &t);
      fe_mul (z2, &e, &t);
    }
  fe_cswap (x2, &x3, swap);
  fe_cswap (z2, &z3, swap);
  wipememory (&x3, sizeof x3);
  wipememory (&z3, sizeof z3);
  wipememory (&a, sizeof a);
  wipememory (&aa, sizeof aa);
  wipememory (&b, sizeof b);
  wipememory (&bb, sizeof bb);
  wipememory (&e, sizeof e);
  wipememory (&c, sizeof c);
  wipememory (&d, sizeof d);
  wipememory (&da, sizeof da);
  wipememory (&cb, sizeof cb);
  wipememory (&t, sizeof t);
}

#ifdef KC_USE_X86_64
/* The ladder of the AVX-512 IFMA kernel (x86_64/ifma.c), in the form of
 * the portable one. */
static void
ladder_ifma (fe *x2, fe *z2, const unsigned char k[32], const fe *x1,
             int base)
{
  uint64_t xz[10];

  if (base)
    _kc_x25519_ladder_ifma_base (xz, k);
  else
    _kc_x25519_ladder_ifma (xz, k, x1->v);
  memcpy (x2->v, xz, sizeof x2->v);
  memcpy (z2->v, xz + 5, sizeof z2->v);
  wipememory (xz, sizeof xz);
}
#endif

#ifdef KC_LIMB_ADX
/* The ladder and the inversion of the MULX/ADX kernel (x86_64/ladder-adx.c,
 * the 4x64 field), in the form of the portable ones: X1 from fe_frombytes
 * (limbs below 2^51); outputs fully reduced (limbs below 2^51), which
 * is what the inversion's input must be. */
static void
ladder_adx (fe *x2, fe *z2, const unsigned char k[32], const fe *x1,
            int base)
{
  uint64_t xz[10];

  _kc_x25519_ladder_adx (xz, k, x1->v, base);
  memcpy (x2->v, xz, sizeof x2->v);
  memcpy (z2->v, xz + 5, sizeof z2->v);
  wipememory (xz, sizeof xz);
}

static void
invert_adx (fe *r, const fe *z)
{
  _kc_x25519_invert_adx (r->v, z->v);
}
#endif

/* The kernels, best first: the ladder, and the inversion that takes its
 * Z2 (the MULX/ADX row inverts on its own field too). */
KC_KERNEL_ROWS (x25519_kernels,
                void (*ladder) (fe *x2, fe *z2, const unsigned char k[32],
                                const fe *x1, int base);
                void (*invert) (fe *r, const fe *z)) = {
#ifdef KC_USE_X86_64
  { { "ifma", KC_X25519_IFMA_HWF, 0 }, ladder_ifma, fe_invert },
#endif
#ifdef KC_LIMB_ADX
  { { "adx", KC_X25519_ADX_HWF, 0 }, ladder_adx, invert_adx },
#endif
  { { "portable", 0, 0 }, ladder, fe_invert },
};
KC_KERNEL_TABLE (_kc_x25519_kernels_table, x25519_kernels);

/* X25519 (SCALAR, U), or X25519 (SCALAR, 9) if U is NULL */
static uint32_t
x25519 (unsigned char out[32], const unsigned char scalar[32],
        const unsigned char *u)
{
  static const unsigned char nine[32] = { 9 };
  unsigned char k[32];
  fe x1, x2, z2;
  uint64_t acc = 0;
  int i, base = !u;
  size_t kern;

  memcpy (k, scalar, 32);
  k[0] &= 248;                                  /* clamp */
  k[31] &= 127;
  k[31] |= 64;
  fe_frombytes (&x1, base ? nine : u);
  /* one pick for both: the inversion takes the ladder's Z2 */
  kern = (size_t) (KC_PICK (x25519_kernels) - x25519_kernels);
  x25519_kernels[kern].ladder (&x2, &z2, k, &x1, base);
  x25519_kernels[kern].invert (&z2, &z2);
  fe_mul (&x2, &x2, &z2);
  fe_tobytes (out, &x2);
  for (i = 0; i < 32; i++)
    acc |= out[i];
  wipememory (k, sizeof k);
  wipememory (&x2, sizeof x2);
  wipememory (&z2, sizeof z2);
  return (uint32_t) ct_mask_from_flag_u64 ((acc - 1) >> 63);
}

uint32_t
_kc_x25519 (unsigned char out[32], const unsigned char scalar[32],
            const unsigned char u[32])
{
  return x25519 (out, scalar, u);
}

uint32_t
_kc_x25519_base (unsigned char out[32], const unsigned char scalar[32])
{
  return x25519 (out, scalar, NULL);
}
