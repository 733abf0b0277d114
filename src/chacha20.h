/* chacha20.h - the ChaCha20 block function (RFC 8439), for the CSPRNG
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Contract.  The keystream of (KEY, NONCE) is the concatenation of the
 * 64-byte blocks ChaCha20 (KEY, COUNTER, NONCE) of RFC 8439 section 2.3
 * for COUNTER = 0, 1, 2, ...: 20 rounds, a 256-bit key, a 32-bit block
 * counter in state word 12 and a 96-bit nonce in words 13..15.  KEY is
 * KC_CHACHA20_KEY_LEN bytes, NONCE KC_CHACHA20_NONCE_LEN bytes.  The
 * functions below write NBLOCKS consecutive blocks of it, starting at
 * block COUNTER, to OUT; the caller keeps COUNTER + NBLOCKS <= 2^32 (the
 * counter never wraps).  Every operation is an addition, xor or rotation
 * of 32-bit words: the time depends on NBLOCKS only, never on the key.
 * OUT needs no alignment and may not overlap KEY or NONCE.
 *
 * The functions leave no keystream in their own stack frames beyond what
 * the compiler spills (the vector kernels hold their state in registers);
 * callers that must leave no residue burn the stack (_kc_burn_stack).
 *
 * This is ground floor (src/): only the CSPRNG (random.c) and the tests
 * use it; it is not a cipher API.
 */
#ifndef KC_CHACHA20_H
#define KC_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#define KC_CHACHA20_KEY_LEN    32
#define KC_CHACHA20_NONCE_LEN  12
#define KC_CHACHA20_BLOCK_LEN  64

/* The features the AVX2 8-block kernel needs (its gate). */
#define KC_CHACHA20_AVX2_ISA AVX2
#define KC_CHACHA20_AVX2_HWF KC_ISA_HWF (KC_CHACHA20_AVX2_ISA)

/* The keystream blocks, on the fastest path this CPU has (the AVX2
 * 8-block kernel when _kc_hwf () has KC_CHACHA20_AVX2_HWF, else the
 * portable code). */
void _kc_chacha20_blocks (unsigned char *out,
                          const unsigned char *key,
                          uint32_t counter,
                          const unsigned char *nonce,
                          size_t nblocks);

/* The same on the portable path, always (the reference the vector
 * kernel is tested against). */
void _kc_chacha20_blocks_ref (unsigned char *out,
                              const unsigned char *key,
                              uint32_t counter,
                              const unsigned char *nonce,
                              size_t nblocks);

/* 1 when _kc_chacha20_blocks takes a vector kernel on this CPU. */
int _kc_chacha20_have_simd (void);

#endif /* KC_CHACHA20_H */
