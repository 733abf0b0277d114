/* x25519/x86_64/ladder-adx.c - the X25519 Montgomery ladder on the 4x64
 * MULX/ADX field (x25519/x86_64/field-4x64.h).
 * Contract in x25519/x86_64/adx.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The step is RFC 7748's: four squarings, four multiplications by
 * field elements (five from a general u; from u = 9 the fifth is a
 * small multiplication), one by a24 = 121665, four additions and four
 * subtractions.  The field takes and gives any value below 2^256, so
 * no operation of the step needs a reduction of its own; the one
 * freeze is at the end (the conversion back to radix 2^51).
 *
 * Constant time: the loop runs 255 times whatever the scalar, reads its
 * bits at public positions and swaps by masks; the field's kernels are
 * branch-free.  ctime-check.sh runs it under valgrind memcheck: valgrind
 * executes MULX, ADCX and ADOX but its CPUID does not report ADX, so
 * KCRYPT_HWF_PREFER=0x200 under valgrind brings BMI2 and ADX back
 * (src/hwfeatures.c), and with no IFMA under valgrind, this is then the
 * X25519 kernel that t-ctime runs.
 */
#include "kcrypt-int.h"
#include "limb.h"
#include "x25519/x86_64/adx.h"
#include "x25519/x86_64/field-4x64.h"

#ifdef KC_LIMB_ADX

#define ADX_FN KC_ISA_TARGET (KC_X25519_ADX_ISA)
#define ADX_INLINE ADX_FN __attribute__ ((always_inline)) static inline

typedef _kc_x25519_fe64 fe;

#define fmul _kc_x25519_fe64_mul
#define fsqr _kc_x25519_fe64_sqr
#define fadd _kc_x25519_fe64_add
#define fsub _kc_x25519_fe64_sub
#define fmul_small _kc_x25519_fe64_mul_small
#define fmul_small_add _kc_x25519_fe64_mul_small_add
#define fcswap _kc_x25519_fe64_cswap
#define fadd_pair_swap _kc_x25519_fe64_add_pair_swap
#define fsub_pair_swap _kc_x25519_fe64_sub_pair_swap

/* X2/Z2 = the 255 steps over K (bits 254..0) from X1, with the last
 * swap; BASE (a constant at each call): X1 is 9.  Each step's swap is
 * folded into its first additions and subtractions (fadd_pair_swap),
 * the last one is a cswap of the state. */
ADX_INLINE void
ladder (fe *x2, fe *z2, const unsigned char k[32], const fe *x1, int base)
{
  fe x3, z3, a, b, c, d, aa, bb, e, da, cb, t, u;
  uint64_t swap = 0, bit, m;
  int i;

  memset (x2, 0, sizeof *x2);
  x2->n[0] = 1;
  memset (z2, 0, sizeof *z2);
  x3 = *x1;
  memset (&z3, 0, sizeof z3);
  z3.n[0] = 1;
  for (i = 254; i >= 0; i--)
    {
      bit = (uint64_t) (k[i / 8] >> (i % 8)) & 1;
      swap ^= bit;
      /* A, C = x2 + z2, x3 + z3 and B, D = x2 - z2, x3 - z3 of the
       * state swapped if SWAP (the state itself is not swapped: the
       * step reads it nowhere else, and overwrites it) */
      m = ct_mask_from_flag_u64 (swap);
      fadd_pair_swap (&a, &c, x2, z2, &x3, &z3, m);
      fsub_pair_swap (&b, &d, x2, z2, &x3, &z3, m);
      swap = bit;
      fmul (&da, &d, &a);
      fmul (&cb, &c, &b);
      fsqr (&aa, &a);
      fsqr (&bb, &b);
      fadd (&t, &da, &cb);
      fsub (&u, &da, &cb);
      fsqr (&x3, &t);                       /* (DA + CB)^2 */
      fsqr (&u, &u);
      fsub (&e, &aa, &bb);                  /* E = AA - BB */
      fmul_small_add (&t, &e, 121665, &aa);  /* AA + a24 E */
      fmul (x2, &aa, &bb);                  /* AA BB */
      if (base)
        fmul_small (&z3, &u, 9);            /* x1 (DA - CB)^2 */
      else
        fmul (&z3, &u, x1);
      fmul (z2, &e, &t);                    /* E (AA + a24 E) */
    }
  fcswap (x2, &x3, swap);
  fcswap (z2, &z3, swap);
  wipememory (&x3, sizeof x3);
  wipememory (&z3, sizeof z3);
  wipememory (&a, sizeof a);
  wipememory (&b, sizeof b);
  wipememory (&c, sizeof c);
  wipememory (&d, sizeof d);
  wipememory (&aa, sizeof aa);
  wipememory (&bb, sizeof bb);
  wipememory (&e, sizeof e);
  wipememory (&da, sizeof da);
  wipememory (&cb, sizeof cb);
  wipememory (&t, sizeof t);
  wipememory (&u, sizeof u);
}

int
_kc_x25519_adx_built (void)
{
  return 1;
}

ADX_FN void
_kc_x25519_ladder_adx (uint64_t xz[10], const unsigned char k[32],
                       const uint64_t x1[5], int base)
{
  fe u, x2, z2;

  if (base)
    {
      memset (&u, 0, sizeof u);
      u.n[0] = 9;
      ladder (&x2, &z2, k, &u, 1);
    }
  else
    {
      _kc_x25519_fe64_from51 (&u, x1);
      ladder (&x2, &z2, k, &u, 0);
    }
  _kc_x25519_fe64_to51 (xz, &x2);
  _kc_x25519_fe64_to51 (xz + 5, &z2);
  wipememory (&u, sizeof u);
  wipememory (&x2, sizeof x2);
  wipememory (&z2, sizeof z2);
}

#else /* !KC_LIMB_ADX */

int
_kc_x25519_adx_built (void)
{
  return 0;
}

void
_kc_x25519_ladder_adx (uint64_t xz[10], const unsigned char k[32],
                       const uint64_t x1[5], int base)
{
  (void) xz;
  (void) k;
  (void) x1;
  (void) base;
}

#endif
