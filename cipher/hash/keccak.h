/* hash/keccak.h - Keccak-f[1600] and the FIPS 202 sponge: SHA3-256, SHA3-512,
 * SHAKE128, SHAKE256.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The state is 25 64-bit lanes, lane (x, y) at s[x + 5 y]; bytes enter
 * and leave it little-endian (FIPS 202, 3.1.2 with the usual lane order).
 * A sponge context absorbs any number of update calls, is finalised
 * once, then squeezes any number of bytes in any number of calls (XOFs)
 * or gives its digest.  Constant time in the data; lengths are public.
 */
#ifndef KC_KECCAK_H
#define KC_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define KC_SHA3_256_RATE   136
#define KC_SHA3_512_RATE    72
#define KC_SHAKE128_RATE   168
#define KC_SHAKE256_RATE   136
#define KC_SHA3_DSUFFIX   0x06  /* SHA3-*: message || 01, then pad10*1 */
#define KC_SHAKE_DSUFFIX  0x1f  /* SHAKE*: message || 1111, then pad10*1 */

typedef struct
{
  uint64_t s[25];
  unsigned int rate;            /* bytes per block, a multiple of 8 */
  unsigned int pos;             /* bytes absorbed / squeezed in the block */
  unsigned char dsuffix;        /* domain bits and the first pad bit */
  unsigned char squeezing;      /* finalised: now squeezing */
} _kc_keccak_ctx;

/* The permutation (24 rounds): the dispatching one (an AVX-512VL kernel
 * where the CPU has it, else BMI1 and BMI2's ANDN and RORX where it has
 * those), the portable one, and the portable rounds with ANDN and RORX
 * (callable where _kc_keccak_have_bmi is 1).  They compute the same
 * function (tests/t-sha3 compares them). */
void _kc_keccak_f1600 (uint64_t s[25]);
void _kc_keccak_f1600_generic (uint64_t s[25]);
void _kc_keccak_f1600_bmi (uint64_t s[25]);
int _kc_keccak_have_bmi (void);

/* The gates of the x86-64 kernels: ANDN and RORX; the four-way AVX2
 * one; the AVX-512 ones (single, four- and eight-way), whose code has
 * VEX (AVX2) instructions as well. */
#define KC_KECCAK_BMI_ISA BMI2
#define KC_KECCAK_AVX2_ISA AVX2
#define KC_KECCAK_AVX512_ISA AVX2, AVX512
#define KC_KECCAK_BMI_HWF KC_ISA_HWF (KC_KECCAK_BMI_ISA)
#define KC_KECCAK_AVX2_HWF KC_ISA_HWF (KC_KECCAK_AVX2_ISA)
#define KC_KECCAK_AVX512_HWF KC_ISA_HWF (KC_KECCAK_AVX512_ISA)

/* Four permutations at once, the states interleaved lane by lane:
 * S[i][j] is lane i of state j (so one 256-bit load holds lane i of all
 * four).  The dispatching one uses AVX-512VL or AVX2 where the CPU has
 * them; the portable one runs the single permutation four times. */
void _kc_keccak_f1600_x4 (uint64_t s[25][4]);
void _kc_keccak_f1600_x4_generic (uint64_t s[25][4]);

/* Eight permutations at once, interleaved the same way (S[i][j] is lane
 * i of state j): AVX-512F where the CPU has it (then
 * _kc_keccak_have_x8 is 1 and one call costs about one and a half of the
 * four-way one), else two four-way calls.  Straight-line code: no branch
 * or memory index depends on the state (valgrind, which cannot run
 * AVX-512, checks the four-way fallback in t-ctime). */
void _kc_keccak_f1600_x8 (uint64_t s[25][8]);
int _kc_keccak_have_x8 (void);

/* Four SHAKE streams of one rate (KC_SHAKE128_RATE or KC_SHAKE256_RATE)
 * over four inputs of the same length, the form ML-KEM's matrix and
 * noise sampling want: absorb and finalise the inputs IN[0..3] (LEN bytes
 * each), then squeeze whole blocks, NBLOCKS * RATE bytes into each
 * OUT[j].  Squeeze may be called again for more blocks. */
typedef struct
{
  uint64_t s[25][4];
  unsigned int rate;
} _kc_keccak_x4_ctx;

void _kc_shake_x4_absorb (_kc_keccak_x4_ctx *ctx, unsigned int rate,
                          const unsigned char *const in[4], size_t len);
void _kc_shake_x4_squeeze_blocks (_kc_keccak_x4_ctx *ctx,
                                  unsigned char *const out[4],
                                  size_t nblocks);

/* Four one-shot sponges of one RATE at once (the four-way permutation;
 * worth it where that is vectorised): OUT[j] = the first OUTLEN <= RATE
 * bytes of the sponge of IN[j] (LEN[j] bytes) with domain suffix
 * DSUFFIX[j] (KC_SHA3_DSUFFIX, KC_SHAKE_DSUFFIX); a lane whose IN[j] is
 * NULL is left out.  The lengths may differ. */
void _kc_keccak_x4_oneshot (unsigned int rate, unsigned char *const out[4],
                            size_t outlen, const unsigned char *const in[4],
                            const size_t len[4],
                            const unsigned char dsuffix[4]);

/* The same on the state ST the caller prepared (zero in the lanes with
 * a message), so that a lane left out (IN[j] NULL) can run a sponge of
 * its own: after each permutation, MORE (ARG, ST) is called if it is not
 * NULL, and the permutations go on past the longest message (lanes done
 * just keep permuting) as long as it returns nonzero.  ST is left as it
 * is at the end (the caller wipes it). */
void _kc_keccak_x4_oneshot_st (uint64_t st[25][4], unsigned int rate,
                               unsigned char *const out[4], size_t outlen,
                               const unsigned char *const in[4],
                               const size_t len[4],
                               const unsigned char dsuffix[4],
                               int (*more) (void *arg, uint64_t st[25][4]),
                               void *arg);

/* A sponge of RATE bytes with domain suffix DSUFFIX (KC_SHA3_DSUFFIX or
 * KC_SHAKE_DSUFFIX). */
void _kc_keccak_init (_kc_keccak_ctx *ctx, unsigned int rate,
                      unsigned char dsuffix);
void _kc_keccak_absorb (_kc_keccak_ctx *ctx, const void *data, size_t len);
/* Pad and switch to squeezing; absorbing afterwards is a contract
 * violation.  Squeeze may be called any number of times. */
void _kc_keccak_finalize (_kc_keccak_ctx *ctx);
void _kc_keccak_squeeze (_kc_keccak_ctx *ctx, void *out, size_t len);

/* One call each: OUT = H (DATA) (OUTLEN bytes for the XOFs). */
void _kc_sha3_256 (unsigned char out[32], const void *data, size_t len);
void _kc_sha3_512 (unsigned char out[64], const void *data, size_t len);
void _kc_shake128 (void *out, size_t outlen, const void *data, size_t len);
void _kc_shake256 (void *out, size_t outlen, const void *data, size_t len);

#endif
