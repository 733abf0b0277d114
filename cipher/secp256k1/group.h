/* secp256k1/group.h - points of secp256k1, y^2 = x^3 + 7 over F_p
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * ge:  affine (x, y) plus an infinity flag.
 * gej: Jacobian (X, Y, Z) standing for (X/Z^2, Y/Z^3), plus an infinity
 *      flag (the coordinates of an infinite point mean nothing).
 * ge_storage: a normalized affine point in 64 bytes, for tables.
 *
 * MAGNITUDE CONTRACT (see secp256k1/field-5x52.h for magnitudes)
 *   Every ge given to or returned by these functions has x and y of
 *   magnitude <= 1 (normalize_weak is enough); every gej has x, y, z of
 *   magnitude <= 4.  Functions that need normalized coordinates say so.
 *   Intermediates are noted in the .c, formula by formula, as (m).
 *
 * COSTS are stated per function as M (field mul) and S (field sqr).
 *
 * CONSTANT TIME: every function not ending in _var; the infinity flag
 * of an input of a constant-time function may be secret and is handled
 * without branches.  _var functions: all their inputs must be public.
 * Temporaries are not wiped here (see secp256k1/scalar.h): k*G wipes
 * its secret state once, at the end of the multiplication.
 */
#ifndef KC_SECP256K1_GROUP_H
#define KC_SECP256K1_GROUP_H

#include "secp256k1/field-5x52.h"

typedef struct
{
  _kc_secp256k1_fe x, y;
  int infinity;
} _kc_secp256k1_ge;

typedef struct
{
  _kc_secp256k1_fe x, y, z;
  int infinity;
} _kc_secp256k1_gej;

typedef struct
{
  _kc_secp256k1_fe_storage x, y;
} _kc_secp256k1_ge_storage;

/* The generator G (normalized).  Not defined in the exhaustive test build
 * (KC_SECP256K1_EXHAUSTIVE, see secp256k1/group.c), which has its own. */
extern const _kc_secp256k1_ge _kc_secp256k1_ge_g;
/* beta, a cube root of unity mod p: lambda*(x, y) = (beta*x, y). */
extern const _kc_secp256k1_fe _kc_secp256k1_fe_beta;

/* R = (X, Y), not infinity.  X, Y magnitude <= 1. */
void _kc_secp256k1_ge_set_xy (_kc_secp256k1_ge *r, const _kc_secp256k1_fe *x,
                              const _kc_secp256k1_fe *y);
/* 1 if A is not infinity and y^2 = x^3 + 7 (+ B in the exhaustive test
 * build).  Variable time (A public). */
int _kc_secp256k1_ge_is_valid_var (const _kc_secp256k1_ge *a);
/* R = the point with x || y in B (32 bytes each, big-endian): 1 if both
 * are below p and the point is on the curve, else 0 (R then unusable).
 * Variable time (B public). */
int _kc_secp256k1_ge_set_b64_var (_kc_secp256k1_ge *r,
                                  const unsigned char b[64]);
/* 1 if the big-endian 32 bytes at B are below p.  Variable time. */
int _kc_secp256k1_b32_below_p (const unsigned char b[32]);
/* The same check without the point: 1 if x || y in B are both below p
 * and on the curve.  Variable time (B public). */
int _kc_secp256k1_b64_is_valid_var (const unsigned char b[64]);
/* _kc_secp256k1_fe_sqrt on the field the group's arithmetic runs on for
 * this CPU: the 4x64 one where _kc_fe64_chosen () (its _kc_fe64_sqrt,
 * secp256k1/x86_64/field-4x64.h), else 5x52.  The one place a square root
 * chooses its field.  Constant time. */
int _kc_secp256k1_fe_sqrt_chosen (_kc_secp256k1_fe *r,
                                  const _kc_secp256k1_fe *a);
/* _kc_secp256k1_fe_pow_p34 on the field _kc_secp256k1_fe_sqrt_chosen
 * takes (the 4x64 one's _kc_fe64_pow_p34 where _kc_fe64_chosen ()).
 * Constant time. */
void _kc_secp256k1_fe_pow_p34_chosen (_kc_secp256k1_fe *r,
                                      const _kc_secp256k1_fe *a);
/* R = the point with x-coordinate X (magnitude <= 1) and y of parity ODD.
 * Returns 0 if x^3 + 7 is not a square (R is then unspecified).
 * Output normalized.  Variable time (X public). */
int _kc_secp256k1_ge_set_xo_var (_kc_secp256k1_ge *r, const _kc_secp256k1_fe *x,
                                 int odd);
/* R = -A. */
void _kc_secp256k1_ge_neg (_kc_secp256k1_ge *r, const _kc_secp256k1_ge *a);
/* R = lambda*A = (beta*x, y).  1M. */
void _kc_secp256k1_ge_mul_lambda (_kc_secp256k1_ge *r, const _kc_secp256k1_ge *a);

void _kc_secp256k1_gej_set_infinity (_kc_secp256k1_gej *r);
/* R = A with Z = 1. */
void _kc_secp256k1_gej_set_ge (_kc_secp256k1_gej *r, const _kc_secp256k1_ge *a);
/* R = affine A, normalized coordinates.  One inversion + 3M+1S.  R's
 * infinity flag is A's (coordinates then meaningless). */
void _kc_secp256k1_ge_set_gej (_kc_secp256k1_ge *r, const _kc_secp256k1_gej *a);
void _kc_secp256k1_ge_set_gej_var (_kc_secp256k1_ge *r, const _kc_secp256k1_gej *a);
/* The same given ZI = 1/Z_A (magnitude <= 8): 3M+1S, constant time. */
void _kc_secp256k1_ge_set_gej_zinv (_kc_secp256k1_ge *r,
                                    const _kc_secp256k1_gej *a,
                                    const _kc_secp256k1_fe *zi);
/* R = -A. */
void _kc_secp256k1_gej_neg (_kc_secp256k1_gej *r, const _kc_secp256k1_gej *a);
/* 1 if the affine x of A (not infinity) equals X (normalized): X*Z^2 = X_A.
 * 1M+1S.  Variable time. */
int _kc_secp256k1_gej_eq_x_var (const _kc_secp256k1_fe *x,
                                const _kc_secp256k1_gej *a);

/* R = 2A.  3M+4S.  Constant time (infinity stays infinity: secp256k1 has
 * no point of order 2).  R may alias A. */
void _kc_secp256k1_gej_double (_kc_secp256k1_gej *r, const _kc_secp256k1_gej *a);
/* The same, returning early on infinity.  Variable time. */
void _kc_secp256k1_gej_double_var (_kc_secp256k1_gej *r,
                                   const _kc_secp256k1_gej *a);
/* R = A + B, any A, B (infinity, A = B, A = -B handled).  12M+4S.
 * Variable time.  R may alias A or B. */
void _kc_secp256k1_gej_add_var (_kc_secp256k1_gej *r, const _kc_secp256k1_gej *a,
                                const _kc_secp256k1_gej *b);
/* R = A + B with B affine.  8M+3S.  Variable time.  R may alias A. */
void _kc_secp256k1_gej_add_ge_var (_kc_secp256k1_gej *r,
                                   const _kc_secp256k1_gej *a,
                                   const _kc_secp256k1_ge *b);
/* R = A + B with B affine, A and B finite and A != +-B (the caller knows
 * it), and ZR = Z_R / Z_A (= H).  8M+3S.  Variable time.  R != A. */
void _kc_secp256k1_gej_add_ge_var_zr (_kc_secp256k1_gej *r,
                                      const _kc_secp256k1_gej *a,
                                      const _kc_secp256k1_ge *b,
                                      _kc_secp256k1_fe *zr);
/* R = A + (x_B : y_B : 1/BZINV), i.e. B's affine coordinates taken on the
 * curve isomorphic by the scale BZINV (magnitude <= 1): adds an ordinary
 * affine point to an accumulator kept in scaled ("effective affine")
 * coordinates.  9M+3S.  Variable time.  R may alias A. */
void _kc_secp256k1_gej_add_zinv_var (_kc_secp256k1_gej *r,
                                     const _kc_secp256k1_gej *a,
                                     const _kc_secp256k1_ge *b,
                                     const _kc_secp256k1_fe *bzinv);
/* R = A + B with B affine, constant time and complete: correct for
 * A = B, A = -B, A or B infinity, without secret-dependent branches.
 * A unified slope (valid for A = B) with a fallback pair chosen by cmov
 * when its denominator vanishes (formula and magnitudes in the .c):
 * 7M+5S.  R may alias A. */
void _kc_secp256k1_gej_add_ge (_kc_secp256k1_gej *r, const _kc_secp256k1_gej *a,
                               const _kc_secp256k1_ge *b);

/* Table storage.  to_storage: A normalized and not infinity. */
void _kc_secp256k1_ge_to_storage (_kc_secp256k1_ge_storage *r,
                                  const _kc_secp256k1_ge *a);
void _kc_secp256k1_ge_from_storage (_kc_secp256k1_ge *r,
                                    const _kc_secp256k1_ge_storage *a);
/* If FLAG: R = A.  Constant time. */
static inline void
_kc_secp256k1_ge_storage_cmov (_kc_secp256k1_ge_storage *r,
                              const _kc_secp256k1_ge_storage *a, int flag)
{
  _kc_secp256k1_fe_storage_cmov (&r->x, &a->x, flag);
  _kc_secp256k1_fe_storage_cmov (&r->y, &a->y, flag);
}

#endif /* KC_SECP256K1_GROUP_H */
