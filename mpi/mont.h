/* mont.h - Montgomery arithmetic modulo a fixed odd modulus of N limbs.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Numbers are little-endian arrays of N 64-bit limbs, 1 <= N <=
 * KC_MONT_MAX_LIMBS.  R = 2^(64N).  The Montgomery form of x is xR mod m.
 * No function here allocates; every function is constant time in the
 * values of its number arguments (the modulus and N are public).
 *
 * ---- Contract of mul_redc / square_redc (all N, including moduli whose
 * top limb is all ones, i.e. m close to R) ----
 *   Precondition:  0 <= a, b < m,  m odd,  m < R.
 *   Result:        r = a*b*R^-1 mod m, fully reduced: 0 <= r < m.
 *   Aliasing:      r may alias a and/or b.
 *
 * Bound proof (CIOS, one row per limb b_i of b, q_i = t_0 * (-m^-1) mod 2^64):
 *   T_0 = 0;  T_{i+1} = (T_i + a*b_i + q_i*m) / 2^64  (exact division).
 *   If T_i < 2m then T_{i+1} < (2m + (2^64-1)m + (2^64-1)m) / 2^64 = 2m.
 *   So every T_i < 2m < 2R: T_i fits in N limbs plus ONE top bit, and the
 *   row's two carry words (from a*b_i and from q_i*m) plus that top bit sum
 *   to the new top limb and a new top bit.  T_N = a*b*R^-1 (mod m), T_N < 2m,
 *   so one conditional subtraction of m (selected by the top bit and the
 *   borrow, in constant time) gives [0, m).
 * square_redc computes the full 2N-limb square S = a^2 < m^2 first, then
 * reduces it with N sliding Montgomery rows: U_0 = S, U_{i+1} = U_i + q_i m
 * 2^(64i) with q_i clearing limb i.  After the N rows U_N / R < (m^2 + R m)
 * / R < 2m, the same one-bit top and conditional subtraction apply.
 * Carries on the sliding window: row i's carry word c enters limb i+N
 * together with the previous row's pending bit (weight i+N as well); the
 * two additions s + c and then + bit cannot both wrap (after a wrap the
 * limb is <= 2^64 - 2), so the carry handed to limb i+N+1 is one bit.
 * In the CIOS rows the same holds for the word-N sum c1 + c2 + top, and
 * the value bound T_{i+1} < 2R makes the final handed-on bit exact.
 *
 * Contract of add/sub/neg: inputs in [0, m), output in [0, m).
 *
 * Implementation: the kernels are written once in C as always-inline
 * functions of a constant N and instantiated for N = 1..8, so the compiler
 * unrolls every loop (constant trip counts; the squaring triangle is a
 * guard inside them); each multiply-add row keeps single-word carries.
 * _kc_mont_mul_redc_<N> / _kc_mont_sqr_redc_<N> take the modulus and
 * m0inv = -m^-1 mod 2^64 directly; the context functions dispatch to them
 * (N > 8 uses a generic loop, and square_redc is mul_redc (a, a) there).
 * On x86-64 CPUs with BMI2 and ADX (run-time check; not in ASan builds)
 * N = 3 to 8 use inline-assembly rows (mulx with the low words on the OF
 * chain and the high words on the CF chain) with the same algorithm,
 * bounds and outputs: for N = 3..6 both mul_redc and square_redc, for
 * N = 7, 8 mul_redc, and square_redc as mul_redc (a, a).  N = 4's
 * square is the one in mpi/x86_64/sqr4-adx.h (shared with daira.c and the
 * 4x64 fields of secp256k1 and X25519), its reduction rows in the same asm block.
 * _kc_hwf_set_mask (0) forces the C kernels (tests run both).
 */
#ifndef KC_MPI_MONT_H
#define KC_MPI_MONT_H

#include <stdint.h>
#include <stddef.h>

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif

#include "limb.h"

#define KC_MONT_MAX_LIMBS 16

typedef struct
{
  unsigned int n;                    /* limbs, 1..KC_MONT_MAX_LIMBS */
  uint64_t m0inv;                    /* -m^-1 mod 2^64 */
  uint64_t m[KC_MONT_MAX_LIMBS];     /* the modulus, odd */
  uint64_t one[KC_MONT_MAX_LIMBS];   /* R mod m (1 in Montgomery form) */
  uint64_t r2[KC_MONT_MAX_LIMBS];    /* R^2 mod m */
  uint64_t r3[KC_MONT_MAX_LIMBS];    /* R^3 mod m */
} _kc_mont_ctx;

/* ---- context set-up (variable time in m only: m is public) ---- */

/* Fill CTX for the odd modulus M of N limbs (top limb nonzero not
 * required, but m > 1).  Returns 0, or -1 if N is out of range or M is even
 * or M < 3. */
int _kc_mont_setup (_kc_mont_ctx *ctx, const uint64_t *m, unsigned int n);

/* ---- arithmetic; all constant time; r may alias inputs ---- */

void _kc_mont_mul_redc (const _kc_mont_ctx *ctx, uint64_t *r,
                        const uint64_t *a, const uint64_t *b);
void _kc_mont_square_redc (const _kc_mont_ctx *ctx, uint64_t *r,
                           const uint64_t *a);
/* x in [0, m) -> xR mod m, and back. */
void _kc_mont_to (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *x);
void _kc_mont_from (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *x);
void _kc_mont_add (const _kc_mont_ctx *ctx, uint64_t *r,
                   const uint64_t *a, const uint64_t *b);
void _kc_mont_sub (const _kc_mont_ctx *ctx, uint64_t *r,
                   const uint64_t *a, const uint64_t *b);
void _kc_mont_neg (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a);

/* r = a^e in Montgomery form (a, r in Montgomery form, [0, m)).  E has
 * ENLIMBS limbs (ENLIMBS public, E may be secret); time and memory
 * accesses depend on ENLIMBS only (a fixed 4-bit window, each window a
 * constant-time scan of the whole table), not on a nor on the bits of e. */
void _kc_mont_pow (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a,
                   const uint64_t *e, unsigned int enlimbs);

/* r = a^-1 by Fermat (a^(m-2)); m must be prime.  Montgomery form in and
 * out; a = 0 gives 0.  Constant time. */
void _kc_mont_inv_fermat (const _kc_mont_ctx *ctx, uint64_t *r,
                          const uint64_t *a);

/* r = a^-1 by safegcd (modinv.h), Montgomery form in and out, any odd m
 * with gcd(a, m) = 1; a = 0 gives 0.  The plain version is constant time;
 * the _var version's time depends on a, which must be public. */
void _kc_mont_inv (const _kc_mont_ctx *ctx, uint64_t *r, const uint64_t *a);
void _kc_mont_inv_var (const _kc_mont_ctx *ctx, uint64_t *r,
                       const uint64_t *a);

/* Square root for m = 3 mod 4 prime: r = a^((m+1)/4), Montgomery form.
 * Returns 1 if r^2 = a (a is a square, including 0), else 0 (r is then
 * the root of -a).  Constant time (the result flag is returned, not
 * branched on). */
uint64_t _kc_mont_sqrt (const _kc_mont_ctx *ctx, uint64_t *r,
                        const uint64_t *a);

/* ---- specialised, fully unrolled kernels, N = 1..8 ----
 * Same contract as above: a, b in [0, m), r in [0, m), m0inv = -m^-1 mod
 * 2^64; r may alias a or b. */
#define KC_MONT_DECL(N) \
  void _kc_mont_mul_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *b, const uint64_t *m, \
                              uint64_t m0inv); \
  void _kc_mont_sqr_redc_##N (uint64_t *r, const uint64_t *a, \
                              const uint64_t *m, uint64_t m0inv);
KC_MONT_DECL (1)
KC_MONT_DECL (2)
KC_MONT_DECL (3)
KC_MONT_DECL (4)
KC_MONT_DECL (5)
KC_MONT_DECL (6)
KC_MONT_DECL (7)
KC_MONT_DECL (8)
#undef KC_MONT_DECL

/* ---- reductions of a named modulus (moduli.h) ----
 * The same contract as _kc_mont_mul_redc_4 / _kc_mont_sqr_redc_4 with
 * m = P-256's p (the named modulus p256_p), m0inv = 1: a, b in [0, p),
 * r = a b 2^-256 mod p in [0, p), r may alias a or b; constant time.
 * mpi/mont-p256.c: the reduction rows are shifts and one product (p's
 * special form), MULX/ADX assembly where _kc_limb_have_adx (), else C.
 * The _c forms are the C kernels alone (tests). */
void _kc_mont_mul_redc_p256 (uint64_t r[4], const uint64_t a[4],
                             const uint64_t b[4]);
void _kc_mont_sqr_redc_p256 (uint64_t r[4], const uint64_t a[4]);
void _kc_mont_mul_redc_p256_c (uint64_t r[4], const uint64_t a[4],
                               const uint64_t b[4]);
void _kc_mont_sqr_redc_p256_c (uint64_t r[4], const uint64_t a[4]);

#endif /* KC_MPI_MONT_H */
