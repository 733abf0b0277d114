/* mpih.h - limb-vector primitives for the variable-size big integers.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A number is a vector of 64-bit limbs, least significant first, with an
 * explicit length.  These functions know nothing of signs or allocation;
 * mpi.c builds the signed kc_mpi_t on top of them.
 *
 * Conventions (read once, they hold for every function below):
 * - R, A, B name limb vectors, N / AN / BN their lengths in limbs.
 * - Lengths are >= 1 unless a function says otherwise.
 * - "R may equal A" means R == A is allowed (full overlap); any other
 *   partial overlap is never allowed.  When nothing is said, R must not
 *   overlap the inputs.
 * - Time: all functions here are variable time in the LENGTHS.  add, sub,
 *   mul_1, addmul_1, submul_1, mul, sqr and the shifts run in time
 *   independent of the limb VALUES (on CPUs with constant-time 64x64
 *   multiplication).  _var functions (cmp, divrem, normalisation) and
 *   redc (its final subtraction) branch on limb values.  kc_mpi as a whole is
 *   variable time; see mpi.h.
 * - No function here allocates: Karatsuba takes its scratch from the
 *   caller (see _kc_mpih_mul_itch).
 */
#ifndef KC_MPIH_H
#define KC_MPIH_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t _kc_limb_t;
#define KC_LIMB_BITS 64

/* R[0..N) = A + B; returns the carry (0 or 1).  R may equal A or B. */
_kc_limb_t _kc_mpih_add_n (_kc_limb_t *r, const _kc_limb_t *a,
                          const _kc_limb_t *b, size_t n);
/* R[0..AN) = A[0..AN) + B[0..BN), AN >= BN >= 0; returns the carry.
 * R may equal A or B. */
_kc_limb_t _kc_mpih_add (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
                        const _kc_limb_t *b, size_t bn);
/* R[0..N) = A - B mod 2^(64N); returns the borrow (0 or 1). R may equal
 * A or B. */
_kc_limb_t _kc_mpih_sub_n (_kc_limb_t *r, const _kc_limb_t *a,
                          const _kc_limb_t *b, size_t n);
/* R[0..AN) = A[0..AN) - B[0..BN), AN >= BN >= 0; returns the borrow. */
_kc_limb_t _kc_mpih_sub (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
                        const _kc_limb_t *b, size_t bn);

/* R[0..N) = A * b (low N limbs); returns the high limb.  R may equal A. */
_kc_limb_t _kc_mpih_mul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                          _kc_limb_t b);
/* R[0..N) += A * b; returns the carry limb (the value's limb N). */
_kc_limb_t _kc_mpih_addmul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                             _kc_limb_t b);
/* R[0..N) -= A * b; returns the borrow limb (what is owed at limb N). */
_kc_limb_t _kc_mpih_submul_1 (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                             _kc_limb_t b);

/* R[0..N) = A << CNT, 0 <= CNT < 64; returns the bits shifted out (at the
 * low end of the result).  R may equal A (also R above A is fine: the
 * loop runs from the top). */
_kc_limb_t _kc_mpih_lshift (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                           unsigned int cnt);
/* R[0..N) = A >> CNT, 0 <= CNT < 64; returns the bits shifted out, at the
 * high end of the result.  R may equal A (also R below A). */
_kc_limb_t _kc_mpih_rshift (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                           unsigned int cnt);

/* Compare A and B, both N limbs (N >= 0): -1, 0 or 1.  Variable time. */
int _kc_mpih_cmp_var (const _kc_limb_t *a, const _kc_limb_t *b, size_t n);
/* Length of A[0..N) without its high zero limbs (0 for zero).  Variable
 * time. */
size_t _kc_mpih_normalize_var (const _kc_limb_t *a, size_t n);

/* Karatsuba thresholds in limbs: products (squares) of operands of at
 * least this many limbs use Karatsuba, below it the schoolbook method.
 * The defaults are where one Karatsuba level starts to win, with the
 * portable rows and with the ADX ones (doc/MEASUREMENTS);
 * _kc_mpih_karatsuba_min gives the one in force.  Tests set the
 * variables (0: the defaults) to exercise the Karatsuba code at small
 * sizes; values must be 0 or >= 2.  Not thread safe to change while
 * other threads multiply. */
#define KC_MPIH_KARATSUBA_THRESHOLD 28
#define KC_MPIH_KARATSUBA_SQR_THRESHOLD 64
#define KC_MPIH_KARATSUBA_THRESHOLD_ADX 40
#define KC_MPIH_KARATSUBA_SQR_THRESHOLD_ADX 56
extern size_t _kc_mpih_karatsuba_threshold;
extern size_t _kc_mpih_karatsuba_sqr_threshold;
size_t _kc_mpih_karatsuba_min (int sqr);

/* Scratch limbs _kc_mpih_mul / _kc_mpih_sqr need for operands of at most
 * N limbs. */
#define _kc_mpih_mul_itch(n) (4 * (size_t) (n) + 256)

/* R[0..AN+BN) = A[0..AN) * B[0..BN); AN >= BN >= 1.  R must not overlap A
 * or B.  TMP: _kc_mpih_mul_itch (AN) limbs of scratch. */
void _kc_mpih_mul (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
                   const _kc_limb_t *b, size_t bn, _kc_limb_t *tmp);
/* R[0..2N) = A[0..N)^2.  R must not overlap A.  TMP as for mul. */
void _kc_mpih_sqr (_kc_limb_t *r, const _kc_limb_t *a, size_t n,
                   _kc_limb_t *tmp);
/* The schoolbook methods alone (the slow references of the tests; no
 * scratch). */
void _kc_mpih_mul_basecase (_kc_limb_t *r, const _kc_limb_t *a, size_t an,
                            const _kc_limb_t *b, size_t bn);
void _kc_mpih_sqr_basecase (_kc_limb_t *r, const _kc_limb_t *a, size_t n);

/* Count of leading zero bits of X (X != 0). */
unsigned int _kc_mpih_clz (_kc_limb_t x);

/* Single-limb division: Q[0..N) = A[0..N) / d, returns A mod d; d != 0.
 * Q may equal A; Q may be NULL (remainder only).  Variable time. */
_kc_limb_t _kc_mpih_divrem_1_var (_kc_limb_t *q, const _kc_limb_t *a, size_t n,
                                 _kc_limb_t d);

/* Long division (Knuth, TAOCP vol. 2, 4.3.1, algorithm D).
 * Preconditions: DN >= 2; D[DN-1] has its top bit set (normalised);
 * NP has NN + 1 limbs, NN >= DN, and NP[NN] < D[DN-1] (true when NP is an
 * NN-limb number shifted left by the normalisation shift).
 * Result: Q[0..NN-DN+1) = NP / D (Q may be NULL), and NP[0..DN) holds the
 * remainder (NP[DN..NN] become 0).  Q must not overlap NP or D.
 * Variable time. */
void _kc_mpih_divrem_var (_kc_limb_t *q, _kc_limb_t *np, size_t nn,
                          const _kc_limb_t *d, size_t dn);

/* Montgomery reduction, variable length N: R[0..N) = T * 2^(-64N) mod M,
 * fully reduced (R < M).
 * Preconditions: M odd, M[N-1] != 0; MINV = _kc_m0inv (M[0])
 * (limb.h);
 * T[0..2N) < M * 2^(64N) (true for T = X * Y with X, Y < M).
 * T is destroyed.  R must not overlap T's low half or M; R may equal
 * T + N.  Bound: before the final subtraction the value is < 2M, so one
 * conditional subtraction reduces it. */
void _kc_mpih_redc (_kc_limb_t *r, _kc_limb_t *t, const _kc_limb_t *m, size_t n,
                    _kc_limb_t minv);

#endif /* KC_MPIH_H */
