/* modinv.h - modular inverse by safegcd (Bernstein-Yang divsteps): the
 * one implementation, for every field and scalar that needs one.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Two entry shapes share the same divstep kernels and matrix updates:
 *
 *  - _kc_modinv256 / _kc_modinv256_var: a fixed odd modulus M < 2^256
 *    given once as a _kc_modinv256_modulus (the secp256k1 field and
 *    scalar; X25519 later), numbers as four little-endian uint64 limbs;
 *  - _kc_modinv / _kc_modinv_var: any odd modulus of 1..KC_MODINV_MAX_LIMBS
 *    limbs through a _kc_modinv_ctx made by _kc_modinv_setup (the
 *    Montgomery contexts' _kc_mont_inv and _kc_mont_inv_var; kc_mpi_invm
 *    uses Lehmer's extended Euclid in mpi.c instead).
 *
 * All compute r = a^-1 mod m for a in [0, m) with gcd(a, m) = 1; a = 0
 * gives r = 0; when gcd(a, m) != 1 the result is unspecified (use a prime
 * m, or check r*a = 1 yourself).  Output in [0, m).  r may alias a.
 *
 * Constant-time versions run a fixed number of divsteps: for 256 bits 590
 * "half-delta" divsteps (delta starts at 1/2), in 10 batches of 59, the
 * bound computed for 256-bit inputs by the safegcd-bounds analysis
 * (P. Wuille; libsecp256k1 uses it too); for the general modulus
 * floor((49d + 57)/17) ordinary divsteps for d >= 46 bits,
 * floor((49d + 80)/17) below (Bernstein-Yang, "Fast constant-time gcd
 * computation and modular inversion", theorem 11.2), in batches of 62.
 * The _var versions take the divsteps in jumps (a run of zero bits of g
 * at once, several additions of f at once), stop as soon as g = 0 and
 * drop the top limb of f and g whenever both have shrunk below it: their
 * time depends on a, which must be public.  The general _kc_modinv_var
 * also keeps its cofactors as exact integers instead of d, e mod m (they
 * start short and grow as f and g shrink; one Montgomery reduction at
 * the end, see modinv.c) and reports whether gcd (a, m) = 1.
 *
 * Internals: f, g, d, e are held in signed 62-bit limbs (value
 * sum l[i] 2^(62 i); after each update the low limbs are in [0, 2^62) and
 * the top limb is a signed int64).  The modulus itself may be written with
 * any limbs that sum to it, and zero limbs are skipped in the d, e update:
 * a prime of special form such as p = 2^256 - 0x1000003D1 becomes
 * {-0x1000003D1, 0, 0, 0, 256}, three zero limbs.  Each batch of N
 * divsteps works on the low 64 bits of f and g only and yields a matrix
 * [[u, v], [q, r]] (scaled so that the division is always by 2^62) with
 * |u|+|v| <= 2^62 and |q|+|r| <= 2^62 (each divstep doubles one row or
 * adds the other to it).  In the constant-time and 256-bit versions
 * d and e stay in (-2m, m): d' = (u d + v e +
 * k m) / 2^62 where k makes the numerator divisible by 2^62, after adding
 * the u (v) multiple of m for a negative d (e); no reduction is done
 * between batches, only once at the end.  No heap; the constant-time
 * versions wipe their secrets on the stack.
 */
#ifndef KC_MPI_MODINV_H
#define KC_MPI_MODINV_H

#include <stdint.h>

#define KC_MODINV_MAX_LIMBS 64
#define KC_MODINV_MAX_S62 68       /* (64*64 + 2)/62 + 1 */
#define KC_MODINV_MAX_BATCHES 191  /* (floor((49*4096 + 57)/17) + 61)/62 */

/* An odd modulus M < 2^256: M = sum m[i] 2^(62 i) (limbs of either sign,
 * the sparser the faster) and M^-1 mod 2^62.  M > 1, public. */
typedef struct
{
  int64_t m[5];
  uint64_t minv62;
} _kc_modinv256_modulus;

/* r = a^-1 mod M, a in [0, M) as 4x64 little-endian limbs.  Constant time. */
void _kc_modinv256 (uint64_t r[4], const uint64_t a[4],
                    const _kc_modinv256_modulus *mod);
/* The same, variable time: A must be public. */
void _kc_modinv256_var (uint64_t r[4], const uint64_t a[4],
                        const _kc_modinv256_modulus *mod);

/* The Jacobi symbol (a/M) for M of a _kc_modinv256_modulus (an odd
 * M > 1, its limbs as the inverses take them), a in [0, M): 1 or -1, or 0
 * when a and M share a factor (a = 0 included) or when the positive
 * divsteps (modinv.c) did not finish within their budget, which has not
 * been seen on random input: 0 means "compute it another way".
 * Variable time: A must be public. */
int _kc_modinv256_jacobi_var (const uint64_t a[4],
                              const _kc_modinv256_modulus *mod);

typedef struct
{
  unsigned int n;                  /* 64-bit limbs of m */
  unsigned int len;                /* signed62 limbs */
  unsigned int batches;            /* batches of 62 divsteps (ct version) */
  uint64_t minv62;                 /* m^-1 mod 2^62 */
  uint64_t minv64;                 /* m^-1 mod 2^64 */
  int64_t m62[KC_MODINV_MAX_S62];  /* m in signed62 */
  uint64_t m64[KC_MODINV_MAX_LIMBS]; /* m */
} _kc_modinv_ctx;

/* Prepare CTX for the odd modulus M (NLIMBS limbs, m > 1; public).
 * Returns 0, or -1 for an even modulus or NLIMBS out of range. */
int _kc_modinv_setup (_kc_modinv_ctx *ctx, const uint64_t *m,
                      unsigned int nlimbs);

/* r = a^-1 mod m, a in [0, m).  Constant time. */
void _kc_modinv (uint64_t *r, const uint64_t *a, const _kc_modinv_ctx *ctx);

/* The same inverse, variable time: A must be public.  Returns 1 when
 * gcd (a, m) = 1 (R the inverse), else 0 and R = 0 (a = 0 included);
 * unlike the constant-time versions it tells the two apart.  The
 * cofactors are kept as integers, not reduced mod m (modinv.c). */
int _kc_modinv_var (uint64_t *r, const uint64_t *a,
                    const _kc_modinv_ctx *ctx);

#endif /* KC_MPI_MODINV_H */
