/* x25519/x25519.c - X25519 (RFC 7748), portable: the ladder on the field
 * mod p = 2^255 - 19 in five 51-bit limbs.  Contracts in x25519/x25519.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The field (and its bounds) is x25519/field-5x51.h, shared with Ed25519.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "x25519/x25519.h"
#include "x25519/field-5x51.h"
#include "ed25519/group.h"
#include "x25519/x86_64/ifma.h"
#include "x25519/x86_64/adx.h"

typedef _kc_fe51 fe;

/* The ladder's products, out of line: inlined, the ten of a step make
 * the loop larger and the portable ladder slower (46-48 us against 55 us
 * on AMD Zen 5 with gcc 12, doc/MEASUREMENTS). */
static KC_NOINLINE void
fmul (fe *r, const fe *a, const fe *b)
{
  _kc_fe51_mul (r, a, b);
}

static KC_NOINLINE void
fsq (fe *r, const fe *a)
{
  _kc_fe51_sq (r, a);
}

/* the portable ladder: X2/Z2 = the 255 steps over K (bits 254..0) from
 * X1, with the last swap; outputs carried.  BASE: X1 is 9, multiplied as
 * a small constant. */
static void
ladder (fe *x2, fe *z2, const unsigned char k[32], const fe *x1, int base)
{
  fe x3, z3, a, aa, b, bb, e, c, d, da, cb, t, u;
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
      _kc_fe51_cswap (x2, &x3, swap);
      _kc_fe51_cswap (z2, &z3, swap);
      swap = bit;
      _kc_fe51_add (&a, x2, z2);
      _kc_fe51_sub (&b, x2, z2);
      _kc_fe51_add (&c, &x3, &z3);
      _kc_fe51_sub (&d, &x3, &z3);
      fmul (&da, &d, &a);
      fmul (&cb, &c, &b);
      fsq (&aa, &a);
      fsq (&bb, &b);
      _kc_fe51_add (&t, &da, &cb);
      _kc_fe51_sub (&u, &da, &cb);
      fsq (&x3, &t);
      fsq (&u, &u);
      _kc_fe51_sub (&e, &aa, &bb);
      _kc_fe51_mul_small (&t, &e, 121665);
      _kc_fe51_add (&t, &aa, &t);
      fmul (x2, &aa, &bb);
      if (base)
        _kc_fe51_mul_small (&z3, &u, 9);
      else
        fmul (&z3, x1, &u);
      fmul (z2, &e, &t);
    }
  _kc_fe51_cswap (x2, &x3, swap);
  _kc_fe51_cswap (z2, &z3, swap);
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
  wipememory (&u, sizeof u);
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
/* The ladder of the MULX/ADX kernel (x86_64/ladder-adx.c, the 4x64
 * field), in the form of the portable one: X1 from _kc_fe51_frombytes
 * (limbs below 2^51); outputs fully reduced (limbs below 2^51). */
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
#endif

/* The ladders, best first (the inversion after them is the safegcd of
 * every row, _kc_fe51_inv). */
KC_KERNEL_ROWS (x25519_kernels,
                void (*ladder) (fe *x2, fe *z2, const unsigned char k[32],
                                const fe *x1, int base)) = {
#ifdef KC_USE_X86_64
  { { "ifma", KC_X25519_IFMA_HWF, 0 }, ladder_ifma },
#endif
#ifdef KC_LIMB_ADX
  { { "adx", KC_X25519_ADX_HWF, 0 }, ladder_adx },
#endif
  { { "portable", 0, 0 }, ladder },
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

  memcpy (k, scalar, 32);
  k[0] &= 248;                                  /* clamp */
  k[31] &= 127;
  k[31] |= 64;
  _kc_fe51_frombytes (&x1, base ? nine : u);
  KC_PICK (x25519_kernels)->ladder (&x2, &z2, k, &x1, base);
  _kc_fe51_inv (&z2, &z2, 0);
  _kc_fe51_mul (&x2, &x2, &z2);
  _kc_fe51_tobytes (out, &x2);
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
_kc_x25519_base_ladder (unsigned char out[32], const unsigned char scalar[32])
{
  return x25519 (out, scalar, NULL);
}

/* By the Ed25519 comb: k B, then u = (1 + y) / (1 - y).  The clamped k
 * is below 2^255 (the comb's bound), a multiple of 8 with bit 254 set,
 * so k B is never the identity (that would need L | k) and 1 - y != 0. */
uint32_t
_kc_x25519_base (unsigned char out[32], const unsigned char scalar[32])
{
  unsigned char k[32];
  _kc_ed25519_ge p;
  uint64_t acc = 0;
  int i;

  memcpy (k, scalar, 32);
  k[0] &= 248;                                  /* clamp */
  k[31] &= 127;
  k[31] |= 64;
  _kc_ed25519_ge_scalarmult_base (&p, k);
  _kc_ed25519_ge_to_montgomery (out, &p);
  for (i = 0; i < 32; i++)
    acc |= out[i];
  wipememory (k, sizeof k);
  wipememory (&p, sizeof p);
  return (uint32_t) ct_mask_from_flag_u64 ((acc - 1) >> 63);
}
