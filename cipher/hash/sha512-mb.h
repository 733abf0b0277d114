/* hash/sha512-mb.h - multi-buffer SHA-512: many messages of one length at once.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The messages of one call all have the SAME length and are hashed side by
 * side, one message per 64-bit vector lane: 4 lanes with AVX2, 8 lanes
 * with AVX-512 (F+BW on zmm registers only, so AVX-512VL is not needed),
 * or one at a time by the single-buffer _kc_sha512_blocks (the portable
 * kernel).  The kernel is chosen at run time from _kc_hwf (); the digests
 * do not depend on it.  Made for sntrup761: the batch key generation
 * hashes n public keys (prefix byte 4, 1158 bytes each) and decapsulation
 * two 191-byte strings (prefix byte 3).
 *
 * Argument order as everywhere in the library: outputs first, each length
 * beside its buffer, the number of messages N last.
 *
 * Constant time: the data (message bytes and prefix bytes) may be secret;
 * no branch or memory index depends on them.  The lengths, N, the strides
 * and the addresses are public.  Stack buffers that held message bytes or
 * hash states are wiped before return.  No heap.
 *
 * Aliasing: no output may overlap any input of the same call (digests of
 * a group are written after its inputs are read, but a later group may
 * read what an earlier one wrote).
 */
#ifndef KC_SHA512_MB_H
#define KC_SHA512_MB_H

#include <stddef.h>
#include <stdint.h>

/* The widest kernel has this many lanes. */
#define KC_SHA512_MB_LANES 8

/* OUT[i] = SHA-512 (IN[i]) for i < 4, each IN[i] LEN bytes (any LEN,
 * also 0), each OUT[i] 64 bytes. */
void _kc_sha512_x4 (unsigned char *const out[4],
                    const unsigned char *const in[4], size_t len);

/* The same for 8 messages. */
void _kc_sha512_x8 (unsigned char *const out[8],
                    const unsigned char *const in[8], size_t len);

/* The general form: for i < N (any N >= 0), OUT[i] = the first OUTLEN
 * bytes (1 <= OUTLEN <= 64) of SHA-512 (PREFIX || IN[i]), where PREFIX is
 * PREFIXLEN bytes shared by all messages (0 <= PREFIXLEN <= 127; PREFIX
 * may be NULL when PREFIXLEN is 0) and every IN[i] is LEN bytes.  Groups
 * of 8 (AVX-512) or 4 (AVX2) go through the vector kernels; a remainder
 * goes through the kernel with unused lanes, or through the single-buffer
 * path when that is faster (see hash/sha512-mb.c, mb_plan; the group costs
 * behind it are in doc/MEASUREMENTS): up to 2 messages (the
 * decapsulation pair) are hashed one by one and gain nothing here. */
void _kc_sha512_mb (unsigned char *const out[], size_t outlen,
                    const unsigned char *prefix, size_t prefixlen,
                    const unsigned char *const in[], size_t len, size_t n);

/* The sntrup761 shape with strided buffers: for i < N, the OUTLEN bytes
 * at OUT + i OUTSTRIDE = the first OUTLEN bytes (1..64) of
 * SHA-512 (PREFIX || the LEN bytes at IN + i INSTRIDE).  E.g. the key
 * hashes of a batch:  _kc_sha512_mb_prefix_strided (sk + off, SK_BYTES,
 * 32, 4, pk, PK_BYTES, PK_BYTES, n).  Same contracts as _kc_sha512_mb. */
void _kc_sha512_mb_prefix_strided (unsigned char *out, size_t outstride,
                                   size_t outlen, unsigned char prefix,
                                   const unsigned char *in, size_t instride,
                                   size_t len, size_t n);


/* ---- For tests and benchmarks: one kernel forced. ---- */

#define KC_SHA512_MB_GENERIC 0  /* _kc_sha512_blocks per lane, 1..8 lanes */
#define KC_SHA512_MB_AVX2    1  /* 4 lanes, needs KC_SHA512_MB_AVX2_HWF */
#define KC_SHA512_MB_AVX512  2  /* 8 lanes, needs KC_SHA512_MB_AVX512_HWF */
#define KC_SHA512_MB_AVX2_ISA AVX2
#define KC_SHA512_MB_AVX512_ISA AVX2, AVX512
#define KC_SHA512_MB_AVX2_HWF KC_ISA_HWF (KC_SHA512_MB_AVX2_ISA)
#define KC_SHA512_MB_AVX512_HWF KC_ISA_HWF (KC_SHA512_MB_AVX512_ISA)

/* 1 if KERNEL was compiled in and this CPU (as _kc_hwf () reports it) can
 * run it, else 0. */
int _kc_sha512_mb_have (int kernel);

/* _kc_sha512_mb with every group, remainder included, done by KERNEL
 * (the generic kernel takes groups of up to 8).  The caller must check
 * _kc_sha512_mb_have (KERNEL) first. */
void _kc_sha512_mb_kernel (int kernel, unsigned char *const out[],
                           size_t outlen, const unsigned char *prefix,
                           size_t prefixlen,
                           const unsigned char *const in[], size_t len,
                           size_t n);

#endif /* KC_SHA512_MB_H */
