/* mpi.h - signed big integers of any size: the public kc_mpi_* API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The functions are declared in kcrypt.h (src/kcrypt.h.in); this header
 * defines the object and states the rules the declarations there cannot.
 * Semantics follow libgcrypt's gcry_mpi_*, with the differences listed
 * under "Edge cases" below (for scan and print: in kcrypt.h).
 *
 * Representation: struct kc_mpi holds SIGN (0 or 1), NLIMBS used limbs of
 * ALLOC allocated ones at LIMBS, least significant first (uint64_t limbs,
 * see mpih.h).  Invariant: LIMBS[NLIMBS-1] != 0, zero has NLIMBS = 0 and
 * SIGN = 0.  Limb buffers are wiped before they are freed.
 *
 * NOT FOR SECRETS IN THE CONSTANT-TIME SENSE.  kc_mpi is variable size and
 * variable time by nature: lengths are normalised (leading zero limbs
 * stripped), division, comparison and the modular inverse branch on
 * values, and kc_mpi_powm uses a sliding window whose schedule depends on
 * the exponent bits (table reads are indexed by exponent bits too).  The
 * constant-time arithmetic of the library lives in the fixed-size parts of
 * mpi/ (Montgomery contexts, secp256k1 field and scalars).
 *
 * Aliasing: every output may be the same object as any input
 * (kc_mpi_add (a, a, a) is fine).
 *
 * Memory: objects live on the heap; an allocation failure aborts the
 * process with a message (as libgcrypt's xmalloc does), so the void
 * functions never return half-done.  Numbers are limited to
 * KC_MPI_MAX_LIMBS limbs (bit counts fit an unsigned int); a result that
 * would be larger aborts too; kc_mpi_scan rejects such input with
 * GPG_ERR_TOO_LARGE.
 *
 * ---- Errors and edge cases ----
 * kc_mpi_scan and kc_mpi_print: their contract, and every way they differ
 * from libgcrypt 1.10, are in kcrypt.h (src/kcrypt.h.in), where users
 * read them; they are not repeated here.
 * Division by zero (libgcrypt raises a fatal error; we must not crash):
 *   kc_mpi_mod, kc_mpi_mulm and kc_mpi_powm with a zero divisor/modulus
 *   set the result to 0; kc_mpi_invm returns 0 (no inverse) and leaves X
 *   as it was.  Callers that must tell this apart from a genuine 0 test
 *   the modulus first (kc_mpi_get_nbits (m) == 0).
 * NULL objects where a number is required: the void functions
 *   (add, sub, mul, mod, mulm, powm) do nothing; kc_mpi_invm returns 0;
 *   kc_mpi_get_nbits returns 0; kc_mpi_cmp orders NULL before every
 *   number (cmp (NULL, NULL) = 0); kc_mpi_release (NULL) does nothing;
 *   kc_mpi_set_ui (NULL, u) returns a new object.
 * Signs:
 *   kc_mpi_mod: floor division remainder, the sign of the divisor (a
 *     non-negative remainder in [0, d) for d > 0), as gcry_mpi_mod.
 *   kc_mpi_mulm: (u v) mod m TRUNCATED as gcry_mpi_mulm (libgcrypt 1.10
 *     computes u v, then a truncating remainder): the result has the sign
 *     of u v and |result| < |m|; e.g. mulm (-7, 3, 5) = -1, not 4.  With
 *     u, v >= 0 and m > 0 this is the usual [0, m).
 *   kc_mpi_powm: result in [0, |m|) (the sign of M is ignored, as GMP's
 *     mpz_powm).  Odd |m|: Montgomery (a fixed-size context, mont.h, up
 *     to 8 limbs; variable-length REDC beyond); even
 *     |m| = mo 2^k: Montgomery mod mo, truncated products mod 2^k, and
 *     the Chinese remainder theorem.  b^0 = 1 mod |m| (so 0 when |m| = 1).  A negative
 *     exponent uses the inverse of B; without one the result is 0.
 *   kc_mpi_invm: returns 1 and X in [0, |m|) with A X = 1 mod m when
 *     gcd (A, M) = 1 and |M| >= 2; otherwise returns 0, X untouched.
 * Checked against libgcrypt 1.10.1 (Debian 1.10.1-3) in one process on
 * 20,000 random signed operand triples (scratch program outside the
 * repository): add, sub, mul, mod, mulm, powm (e >= 0, m > 0),
 * get_nbits and the HEX output agree byte for byte.  Deliberate
 * differences, where libgcrypt 1.10.1 is wrong:
 *   - kc_mpi_cmp of two negatives of different limb lengths: libgcrypt
 *     returns "greater" for the one of larger magnitude; we return the
 *     mathematical order (as GMP's mpz_cmp).
 *   - kc_mpi_invm: libgcrypt 1.10.1 keeps the sign X had before the
 *     call, so an X that held a negative number receives the negative of
 *     the inverse (e.g. after x = mulm (-5, a, m), invm (x, a, m) gives
 *     -inverse; 1,273 of 5,300 cases in our run, where X was reused);
 *     ours always writes the inverse in [0, |m|), checked against GMP.
 *     With a negative A libgcrypt did not return in our run; we reduce A
 *     mod |M| first.
 *   - kc_mpi_scan and kc_mpi_print: see kcrypt.h.
 * ----------------------------------------------------------------------
 */
#ifndef KC_MPI_H
#define KC_MPI_H

#include <limits.h>
#include "mpih.h"

struct kc_mpi
{
  int sign;             /* 1: negative (never set for zero) */
  unsigned int nlimbs;  /* used limbs, no high zero limb */
  unsigned int alloc;   /* allocated limbs (>= 1) */
  _kc_limb_t *limbs;     /* least significant first */
};

/* The largest number of limbs of a kc_mpi: its bit count fits an
 * unsigned int. */
#define KC_MPI_MAX_LIMBS ((unsigned int) (UINT_MAX / KC_LIMB_BITS))

/* Test hook of kc_mpi_invm's Lehmer steps (mpi.c): nonzero weakens their
 * validity condition by that many bits (1..32) and makes the steps check
 * their invariants, kc_mpi_invm then returning -1 when one breaks.  Only
 * t-mpi sets it. */
extern unsigned int _kc_invm_lehmer_slack;

#endif /* KC_MPI_H */
