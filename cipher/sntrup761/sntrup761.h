/* sntrup761/sntrup761.h - Streamlined NTRU Prime sntrup761.  Internal interface.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The KEM of the NTRU Prime round-3 submission with p = 761, q = 4591,
 * w = 286: ring R = Z[x]/(x^p - x - 1), Rq = R/q, R3 = R/3.
 *
 * Representations used throughout:
 *   - an element of Z/q ("Fq") is an int16_t in [-q12, q12], q12 = 2295
 *     ("frozen"; every function below returns frozen values and expects
 *     frozen inputs unless it says otherwise);
 *   - a "small" coefficient is an int8_t in {-1, 0, 1} (an element of
 *     Z/3, also the coefficients of f, g, r, e);
 *   - a polynomial is an array of p coefficients, index = degree.
 *
 * Byte formats (round-3 reference): public key = Rq_encode (h), 1158 bytes;
 * secret key = Small_encode (f) | Small_encode (1/g in R3) | pk | rho |
 * Hash4 (pk), 191 + 191 + 1158 + 191 + 32 = 1763 bytes; ciphertext =
 * Rounded_encode (Round (h*r)) | confirmation hash, 1007 + 32 = 1039
 * bytes; shared secret 32 bytes.
 *
 * Randomness comes in as a _kc_rng_fn + context.  Draws, in order:
 * keypair: 3044 bytes per g candidate (Small_random; repeated while g is
 * not invertible in R3), 3044 bytes for f (Short_random), 191 bytes for
 * rho; encapsulation: 3044 bytes for r (Short_random).  One rng call per
 * draw (the NIST DRBG of the KAT depends on how draws are split).
 *
 * Constant time: every function here runs in time independent of its
 * (secret) inputs, except that keypair reveals how many g candidates were
 * drawn (whether each g was invertible).  No heap; stack secrets are wiped.
 */
#ifndef KC_SNTRUP761_H
#define KC_SNTRUP761_H

#include <stddef.h>
#include <stdint.h>
#include "kcrypt-int.h"

#define KC_SNTRUP761_P   761
#define KC_SNTRUP761_Q   4591
#define KC_SNTRUP761_W   286
#define KC_SNTRUP761_Q12 2295   /* (q - 1) / 2 */

#define KC_SNTRUP761_SMALL_BYTES     191  /* ceil (p / 4) */
#define KC_SNTRUP761_RQ_BYTES       1158
#define KC_SNTRUP761_ROUNDED_BYTES  1007
#define KC_SNTRUP761_HASH_BYTES       32
#define KC_SNTRUP761_PK_BYTES   KC_SNTRUP761_RQ_BYTES
#define KC_SNTRUP761_SK_BYTES   (2 * KC_SNTRUP761_SMALL_BYTES          \
                                 + KC_SNTRUP761_PK_BYTES               \
                                 + KC_SNTRUP761_SMALL_BYTES            \
                                 + KC_SNTRUP761_HASH_BYTES)
#define KC_SNTRUP761_CT_BYTES   (KC_SNTRUP761_ROUNDED_BYTES            \
                                 + KC_SNTRUP761_HASH_BYTES)
#define KC_SNTRUP761_SS_BYTES   KC_SNTRUP761_HASH_BYTES
/* Bytes of one Small_random / Short_random draw: p little-endian uint32. */
#define KC_SNTRUP761_RANDOM_BYTES (4 * KC_SNTRUP761_P)

/* ------------------------------------------------------------------ KEM */

/* PK (1158 bytes), SK (1763 bytes) = a fresh key pair.  RNG (RNGCTX)
 * supplies all randomness.  Reveals only the number of g candidates. */
void _kc_sntrup761_keypair (unsigned char *pk, unsigned char *sk,
                            _kc_rng_fn rng, void *rngctx);

/* CT (1039 bytes), SS (32 bytes) = an encapsulation to PK (1158 bytes,
 * any bytes: decoding reduces every coefficient into range). */
void _kc_sntrup761_enc (unsigned char *ct, unsigned char *ss,
                        const unsigned char *pk, _kc_rng_fn rng, void *rngctx);

/* SS (32 bytes) = decapsulation of CT (1039 bytes, any bytes) with SK
 * (1763 bytes).  Never fails: a ciphertext that does not re-encrypt to
 * itself yields the implicit-rejection key HashSession (0, rho, CT),
 * selected in constant time. */
void _kc_sntrup761_dec (unsigned char *ss, const unsigned char *ct,
                        const unsigned char *sk);

/* The same three with the portable kernels only, whatever the CPU: the
 * reference the dispatched path is tested against (same bytes for the
 * same RNG output).  The functions above use the AVX2 kernels when the
 * library has x86-64 paths and _kc_hwf () reports AVX2, and the AVX-512
 * reciprocals when it reports AVX-512 too. */
void _kc_sntrup761_keypair_portable (unsigned char *pk, unsigned char *sk,
                                     _kc_rng_fn rng, void *rngctx);
void _kc_sntrup761_enc_portable (unsigned char *ct, unsigned char *ss,
                                 const unsigned char *pk, _kc_rng_fn rng,
                                 void *rngctx);
void _kc_sntrup761_dec_portable (unsigned char *ss, const unsigned char *ct,
                                 const unsigned char *sk);

/* N key pairs (N >= 0) at once: PK holds N public keys one after the
 * other (N * 1158 bytes), SK the N secret keys (N * 1763 bytes).  Keys
 * are made in chunks of up to BATCH_MAX, each chunk with one R3 and one
 * Rq reciprocal (Montgomery's trick).  Draws per chunk of K keys, in
 * order: K g candidates (3044 bytes each); only if some g of the chunk is
 * not invertible, redraws for those, in index order, each until
 * invertible; K f (3044 bytes each); K rho (191 bytes each).  For K = 1
 * that is the draw order of _kc_sntrup761_keypair, so a batch of one key
 * is that key.  Reveals only whether all g candidates of a chunk were
 * invertible, and then the number of candidates.  The output buffers hold
 * the per-key state until each key is final: about 13 KB of stack, whatever
 * N (the public bound is KC_STACK_BURN_KEM_BATCH in kcrypt-int.h). */
#define KC_SNTRUP761_BATCH_MAX 32
void _kc_sntrup761_keypair_batch (unsigned char *pk, unsigned char *sk,
                                  size_t n, _kc_rng_fn rng, void *rngctx);
void _kc_sntrup761_keypair_batch_portable (unsigned char *pk,
                                           unsigned char *sk, size_t n,
                                           _kc_rng_fn rng, void *rngctx);

/* ------------------------------------------- internals (for the tests) */

/* Reduction of one integer.  Both constant time.
 * fq_freeze: any int32 X -> the representative of X mod q in
 *   [-q12, q12].
 * f3_freeze: X with |X| < 2^15 (checked) -> X mod 3 in {-1, 0, 1}. */
static inline int16_t
_kc_sntrup761_fq_freeze (int32_t x)
{
  /* q * 467776 = 2147559616 >= 2^31: adding it makes any int32 positive
   * without changing its class mod q. */
  const int64_t offset = (int64_t) KC_SNTRUP761_Q * 467776;
  const uint64_t barrett = 239492839u;          /* floor (2^40 / q) */
  const uint32_t q = KC_SNTRUP761_Q, q12 = KC_SNTRUP761_Q12;
  /* u in [75968, 2^33), u = x (mod q). */
  uint64_t u = (uint64_t) ((int64_t) x + offset);
  /* M = floor (2^40/q) > 2^40/q - 1, so u*M/2^40 > u/q - u/2^40 > u/q - 2^-7:
   * t is floor (u/q) or one less.  u*M < 2^33 * 2^28 = 2^61. */
  uint64_t t = (u * barrett) >> 40;
  uint32_t r = (uint32_t) (u - t * q);                  /* [0, 2q) */
  r -= q & ~ct_mask_lt_u32 (r, q);                      /* [0, q) */
  r -= q & ct_mask_lt_u32 (q12, r);                     /* [-q12, q12] */
  return (int16_t) (int32_t) r;
}

static inline int8_t
_kc_sntrup761_f3_freeze (int32_t x)
{
  uint32_t u, t;

  KC_VERIFY_CHECK (x > -32768 && x < 32768);
  /* u = x + 1 + 3 * 2^14 in [16385, 81921), u = x + 1 (mod 3). */
  u = (uint32_t) (x + 1 + 49152);
  /* 43691 / 2^17 = 1/3 + 1/393216: for u < 2^17 the excess is below 1/3,
   * so t = floor (u/3) exactly; u * 43691 < 2^32. */
  t = (u * 43691u) >> 17;
  return (int8_t) ((int32_t) (u - 3 * t) - 1);
}

/* Faster reductions for the reciprocal loops, in int32 / int16 only so
 * that compilers vectorise them (they rely on >> of a negative int being
 * arithmetic, as with GCC and clang).
 * fq_freeze24: X with |X| <= 2^24 -> X mod q in [-q12, q12].  Two Barrett
 *   steps: 114/2^19 is below 1/q by 3.8e-7, so the first quotient is off
 *   by at most 7 and |x1| < 8q; then x1 * 29235 (< 2^31) rounded at 2^27
 *   is x1/q rounded to nearest (error < 1e-5 against a distance >= 1/(2q)
 *   of x1/q from a tie).  Products stay below 2^31: 2^24 * 114 < 2^31.
 * f3_reduce2: X in [-2, 2] -> X mod 3 in {-1, 0, 1}: round (X/3) is
 *   ((11 X + 48) >> 5) - 1 on that range.
 * Both are exhaustively tested over their whole domain. */
static inline int32_t
_kc_sntrup761_fq_freeze24 (int32_t x)
{
  KC_VERIFY_CHECK (x >= -(1 << 24) && x <= (1 << 24));
  x -= KC_SNTRUP761_Q * ((x * 114) >> 19);
  x -= KC_SNTRUP761_Q * ((x * 29235 + (1 << 26)) >> 27);
  return x;
}

static inline int16_t
_kc_sntrup761_f3_reduce2 (int16_t x)
{
  KC_VERIFY_CHECK (x >= -2 && x <= 2);
  return (int16_t) (x - 3 * (((x * 11 + 48) >> 5) - 1));
}

/* The two multiplications: portable reference kernels.  A vector path
 * must agree with these bit for bit.
 *
 * rq_mult_small: H = F * G in Rq.  F frozen (|F[i]| <= q12), G small
 *   (|G[i]| <= 1).  Each output coefficient is accumulated in an int32
 *   and frozen once.  Bound: after folding x^p = x + 1 an output
 *   coefficient is a sum of at most 2p - 1 products F[i]*G[j] (k + 1
 *   from the low half, and p - 1 - k plus p - k from the folded high
 *   half); each |F[i]*G[j]| <= q12, so |acc| <= (2p - 1) * q12 =
 *   1521 * 2295 = 3490695 < 2^22 (< 2^31 with ample room; the unreduced
 *   product coefficients alone have at most p terms, 761 * 2295 =
 *   1746495).  Verify builds check every accumulator against it.
 * r3_mult: H = F * G in R3.  F, G small.  Same shape; terms bounded by
 *   1, |acc| <= 2p - 1 = 1521 (checked). */
void _kc_sntrup761_rq_mult_small (int16_t h[KC_SNTRUP761_P],
                                  const int16_t f[KC_SNTRUP761_P],
                                  const int8_t g[KC_SNTRUP761_P]);
void _kc_sntrup761_r3_mult (int8_t h[KC_SNTRUP761_P],
                            const int8_t f[KC_SNTRUP761_P],
                            const int8_t g[KC_SNTRUP761_P]);

/* H = F * G in Rq for any frozen F, G (portable reference of the general
 * product the batch key generation needs).  Constant time. */
void _kc_sntrup761_rq_mult (int16_t h[KC_SNTRUP761_P],
                            const int16_t f[KC_SNTRUP761_P],
                            const int16_t g[KC_SNTRUP761_P]);

/* Reciprocals by a fixed number (2p - 1) of divsteps, constant time.
 * r3_recip: OUT = 1/IN in R3 and returns 0 if IN (small) is invertible;
 *   else returns -1 (OUT is then garbage, but in range).
 * rq_recip3: OUT = 1/(3*IN) in Rq for IN small; returns 0 if invertible
 *   (every nonzero IN is: x^p - x - 1 is irreducible mod q, so Rq is a
 *   field), else -1 (IN = 0). */
int _kc_sntrup761_r3_recip (int8_t out[KC_SNTRUP761_P],
                            const int8_t in[KC_SNTRUP761_P]);
int _kc_sntrup761_rq_recip3 (int16_t out[KC_SNTRUP761_P],
                             const int8_t in[KC_SNTRUP761_P]);
/* rq_recip3_fq: the same for any frozen IN (the Rq invariant (-2q, 2q)
 * of the divsteps holds from any frozen start). */
int _kc_sntrup761_rq_recip3_fq (int16_t out[KC_SNTRUP761_P],
                                const int16_t in[KC_SNTRUP761_P]);

/* Random polynomials from RANDOM_BYTES bytes (p little-endian uint32).
 * small_from_bytes: Small_random; short_from_bytes: Short_random (weight
 * exactly w, through a constant-time sorting network). */
void _kc_sntrup761_small_from_bytes (int8_t out[KC_SNTRUP761_P],
                                     const unsigned char *buf);
void _kc_sntrup761_short_from_bytes (int8_t out[KC_SNTRUP761_P],
                                     const unsigned char *buf);

/* Sort N uint32 ascending with a fixed compare-exchange network (Knuth's
 * merge exchange); the sequence of memory accesses depends on N only. */
void _kc_sntrup761_sort_u32 (uint32_t *x, size_t n);

/* The same result as _kc_sntrup761_sort_u32 (x, 761), faster: the network
 * for 768 words (padded with 0xffffffff) with every compare-exchange in a
 * 4-wide one on contiguous words (ct_minmax4_u32: the compiler's generic
 * vectors).  The memory accesses are fixed.  Short_random's sort. */
void _kc_sntrup761_sort_761 (uint32_t x[KC_SNTRUP761_P]);

/* Encodings.  Encoders expect frozen input (Rounded: multiples of 3).
 * Decoders accept arbitrary bytes and always return frozen values
 * (rq_decode: [-q12, q12]; rounded_decode: multiples of 3 in [-q12,
 * q12]; small_decode: {-1, 0, 1}, a 2-bit field 3 reads as -1 = 2 mod 3,
 * which no encoder produces). */
void _kc_sntrup761_small_encode (unsigned char out[KC_SNTRUP761_SMALL_BYTES],
                                 const int8_t in[KC_SNTRUP761_P]);
void _kc_sntrup761_small_decode (int8_t out[KC_SNTRUP761_P],
                                 const unsigned char in[KC_SNTRUP761_SMALL_BYTES]);
void _kc_sntrup761_rq_encode (unsigned char out[KC_SNTRUP761_RQ_BYTES],
                              const int16_t in[KC_SNTRUP761_P]);
void _kc_sntrup761_rq_decode (int16_t out[KC_SNTRUP761_P],
                              const unsigned char in[KC_SNTRUP761_RQ_BYTES]);
void _kc_sntrup761_rounded_encode (unsigned char out[KC_SNTRUP761_ROUNDED_BYTES],
                                   const int16_t in[KC_SNTRUP761_P]);
void _kc_sntrup761_rounded_decode (int16_t out[KC_SNTRUP761_P],
                                   const unsigned char in[KC_SNTRUP761_ROUNDED_BYTES]);

#ifdef KC_USE_X86_64
/* The two decoders and encoders with the AVX2 level kernels (CPU with
 * AVX2 only): the same output as the portable ones for every input. */
void _kc_sntrup761_rq_encode_avx2 (unsigned char out[KC_SNTRUP761_RQ_BYTES],
                                   const int16_t in[KC_SNTRUP761_P]);
void _kc_sntrup761_rounded_encode_avx2 (unsigned char out[KC_SNTRUP761_ROUNDED_BYTES],
                                        const int16_t in[KC_SNTRUP761_P]);
void _kc_sntrup761_rq_decode_avx2 (int16_t out[KC_SNTRUP761_P],
                                   const unsigned char in[KC_SNTRUP761_RQ_BYTES]);
void _kc_sntrup761_rounded_decode_avx2 (int16_t out[KC_SNTRUP761_P],
                                        const unsigned char in[KC_SNTRUP761_ROUNDED_BYTES]);
#endif

#endif /* KC_SNTRUP761_H */
