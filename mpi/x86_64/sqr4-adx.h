/* mpi/x86_64/sqr4-adx.h - the 4-limb square (256 x 256 -> 512 bits) with
 * MULX, ADCX and ADOX (x86-64 BMI2 and ADX): the one copy that the
 * Montgomery kernels (mpi/mont.c, N = 4, and mpi/mont-p256.c), Daira's
 * reduction (mpi/daira.c),
 * the secp256k1 4x64 field (cipher/secp256k1/x86_64/field-4x64.h) and the
 * field mod 2^255 - 19 (cipher/x25519/x86_64/field-4x64.h) open their
 * squarings with, each followed by its own reduction.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * KC_SQR4_ADX is assembly text, not a function, so that a caller can go
 * on with its reduction in the same asm block, the eight words still in
 * registers (a call, or two blocks, would put them through memory or let
 * the compiler move them).  Its arguments are the names of the caller's
 * operands, as strings:
 *   A         input, "r": the address of a[0..3]
 *   T0 .. T7  outputs, "=&r": the square, T0 the low word; every one is
 *             written (no zeroing before the block)
 *   X, Y      outputs, "=&r": scratch
 * and the block clobbers rdx and the flags ("rdx", "cc").  It reads
 * a[0..3] from memory: the caller declares them (an "m" operand) or adds
 * a "memory" clobber (mont.c's kernels: without either, the compiler may
 * treat the block as a function of the pointer alone, and move or merge
 * it past stores to what the pointer addresses once the kernel is
 * inlined).
 * Twelve registers with rdx, none of them a zero word, so that a
 * caller's reduction has room beside it with a frame pointer.
 *
 * The steps: the six cross products a_i a_j (j > i), then the doubling
 * and the four squares a_i^2 in one pass.
 *   Row 0, a0 * (a1, a2, a3) into T1..T4: one carry chain (add, adc).
 *   Row 1, a1 * (a2, a3) into T3..T5: the low words on the OF chain, the
 *     high words on the CF chain; T5 and T6 are zeroed first (the xor
 *     clears both flags too), and T6 is the zero that closes the OF chain
 *     into T5.  Neither chain carries out of T5: the cross products of
 *     rows 0 and 1 are below 2^384 at that point.
 *   Row 2, a2 * a3 into T5..T6: add, adc; T6 (just written by mulx, at
 *     most 2^64 - 2) takes the carry.
 *   The doubling 2 * T1..T6 on the CF chain (adcx T, T), each square's
 *     low and high word on the OF chain; T7 starts at zero, so adcx T7, T7
 *     is the doubling's last carry.  The square is below 2^512: nothing
 *     carries out of T7.
 */
#ifndef KC_MPI_X86_64_SQR4_ADX_H
#define KC_MPI_X86_64_SQR4_ADX_H

#include <stdint.h>
#include "../limb.h"

#ifdef KC_LIMB_ADX

# define KC_SQR4_ADX(A, T0, T1, T2, T3, T4, T5, T6, T7, X, Y) \
  /* row 0: a0 * (a1, a2, a3) into T1..T4 */ \
  "movq 0(%[" A "]), %%rdx\n\t" \
  "mulxq 8(%[" A "]), %[" T1 "], %[" T2 "]\n\t" \
  "mulxq 16(%[" A "]), %[" X "], %[" T3 "]\n\t" \
  "addq %[" X "], %[" T2 "]\n\t" \
  "mulxq 24(%[" A "]), %[" X "], %[" T4 "]\n\t" \
  "adcq %[" X "], %[" T3 "]\n\t" \
  "adcq $0, %[" T4 "]\n\t" \
  /* row 1: a1 * (a2, a3) into T3..T5; T6 = 0 closes the OF chain */ \
  "movq 8(%[" A "]), %%rdx\n\t" \
  "xorl %k[" T5 "], %k[" T5 "]\n\t" \
  "xorl %k[" T6 "], %k[" T6 "]\n\t" \
  "mulxq 16(%[" A "]), %[" X "], %[" Y "]\n\t" \
  "adoxq %[" X "], %[" T3 "]\n\t" \
  "adcxq %[" Y "], %[" T4 "]\n\t" \
  "mulxq 24(%[" A "]), %[" X "], %[" Y "]\n\t" \
  "adoxq %[" X "], %[" T4 "]\n\t" \
  "adcxq %[" Y "], %[" T5 "]\n\t" \
  "adoxq %[" T6 "], %[" T5 "]\n\t" \
  /* row 2: a2 * a3 into T5..T6 */ \
  "movq 16(%[" A "]), %%rdx\n\t" \
  "mulxq 24(%[" A "]), %[" X "], %[" T6 "]\n\t" \
  "addq %[" X "], %[" T5 "]\n\t" \
  "adcq $0, %[" T6 "]\n\t" \
  /* double T1..T6 (CF), add the squares (OF); the xor clears both */ \
  "xorl %k[" T7 "], %k[" T7 "]\n\t" \
  "movq 0(%[" A "]), %%rdx\n\t" \
  "mulxq %%rdx, %[" T0 "], %[" Y "]\n\t" \
  "adcxq %[" T1 "], %[" T1 "]\n\t" \
  "adoxq %[" Y "], %[" T1 "]\n\t" \
  "movq 8(%[" A "]), %%rdx\n\t" \
  "mulxq %%rdx, %[" X "], %[" Y "]\n\t" \
  "adcxq %[" T2 "], %[" T2 "]\n\t" \
  "adoxq %[" X "], %[" T2 "]\n\t" \
  "adcxq %[" T3 "], %[" T3 "]\n\t" \
  "adoxq %[" Y "], %[" T3 "]\n\t" \
  "movq 16(%[" A "]), %%rdx\n\t" \
  "mulxq %%rdx, %[" X "], %[" Y "]\n\t" \
  "adcxq %[" T4 "], %[" T4 "]\n\t" \
  "adoxq %[" X "], %[" T4 "]\n\t" \
  "adcxq %[" T5 "], %[" T5 "]\n\t" \
  "adoxq %[" Y "], %[" T5 "]\n\t" \
  "movq 24(%[" A "]), %%rdx\n\t" \
  "mulxq %%rdx, %[" X "], %[" Y "]\n\t" \
  "adcxq %[" T6 "], %[" T6 "]\n\t" \
  "adoxq %[" X "], %[" T6 "]\n\t" \
  "adcxq %[" T7 "], %[" T7 "]\n\t" \
  "adoxq %[" Y "], %[" T7 "]\n\t"

/* r[0..7] = a[0..3]^2, for a caller whose reduction reads the product
 * from memory.  Constant time. */
static inline void
_kc_sqr4_adx (uint64_t r[8], const uint64_t a[4])
{
  uint64_t t0, t1, t2, t3, t4, t5, t6, t7, x, y;

  __asm__ (KC_SQR4_ADX ("a", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7",
                        "x", "y")
           : [t0] "=&r" (t0), [t1] "=&r" (t1), [t2] "=&r" (t2),
             [t3] "=&r" (t3), [t4] "=&r" (t4), [t5] "=&r" (t5),
             [t6] "=&r" (t6), [t7] "=&r" (t7), [x] "=&r" (x), [y] "=&r" (y)
           : [a] "r" (a), "m" (*(const uint64_t (*)[4]) a)
           : "rdx", "cc");
  r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
  r[4] = t4; r[5] = t5; r[6] = t6; r[7] = t7;
}

#endif /* KC_LIMB_ADX */
#endif /* KC_MPI_X86_64_SQR4_ADX_H */
