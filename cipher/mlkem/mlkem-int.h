/* mlkem/mlkem-int.h - ML-KEM kernels behind one table of functions, so that
 * the K-PKE steps of mlkem/mlkem.c run on the portable or the AVX2 kernels.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A polynomial is 256 int16 coefficients in the natural order, in both
 * domains (in the NTT domain coefficient 2i, 2i+1 is the pair i of FIPS
 * 203's base-case products), so the two kernel sets take each other's
 * outputs.  Values are only defined mod q = 3329: the kernels may return
 * different representatives, within the bounds below; every byte they
 * write is the same.
 *
 * Bounds (|x| <= B for every coefficient):
 *   ntt          in: q; out: q
 *   invntt       in: q; out: q; times R^2 / 128 besides (R = 2^16), so
 *                a product's 1/R comes out
 *   matvec       a, b in: q; out: q; r[i] = sum_j a[i][j] b[j] / R
 *   tomont       any int16; out: q; times R
 *   add, sub     in: 2^14; out: q (r = r + a; r = a - r)
 *   tobytes      any int16 (reduced mod q on the way)
 *   frombytes    out: [0, 4095]; the return is all ones iff all < q
 *   compress     any int16, d = 1, 4, 5, 10, 11 (d = 1: the message)
 *   decompress   out: [0, q]
 *   noise_x8     SamplePolyCBD_eta (PRF_eta (s, nonce[j])) into r[j]
 *                (j with r[j] NULL skipped), eta 2 or 3; out: eta
 *   gen_matrix   SampleNTT (rho || j || i) into a[i][j] (transposed:
 *                rho || i || j), public data; out: [0, q)
 *   gen_matrix_noise  (NULL: not offered) gen_matrix, then noise_x8 of
 *                one batch, in one call, so that matrix entries may ride
 *                in the batch's unused lanes; the same results
 *   gen_matrix_hashes  (NULL: not offered) where it returns 1:
 *                gen_matrix and the NH (1 or 2) 32-byte outputs of
 *                rate-136 sponges (SHA3-256 or SHAKE256 by DSUFFIX[i])
 *                of IN[i] (LEN[i] bytes) into OUT[i], in one call, so
 *                that matrix entries may ride beside the hashes; the
 *                four-lane arrays of _kc_keccak_x4_oneshot, lanes NH..3
 *                NULL; where it returns 0 it has done nothing
 * Constant time in every argument but k, d, eta, rho and the matrix.
 */
#ifndef KC_MLKEM_INT_H
#define KC_MLKEM_INT_H

#include <stddef.h>
#include <stdint.h>

#define KC_MLKEM_N 256
#define KC_MLKEM_Q 3329
#define KC_MLKEM_KMAX 4

typedef struct
{
  int16_t c[KC_MLKEM_N];
} __attribute__ ((aligned (32))) _kc_mlkem_poly;

struct _kc_mlkem_ops
{
  void (*ntt) (_kc_mlkem_poly *r);
  void (*invntt) (_kc_mlkem_poly *r);
  /* r[i] for i < ROWS from the rows a[i][0..k-1] */
  void (*matvec) (_kc_mlkem_poly *r,
                  const _kc_mlkem_poly a[][KC_MLKEM_KMAX],
                  const _kc_mlkem_poly *b, unsigned int rows,
                  unsigned int k);
  void (*tomont) (_kc_mlkem_poly *r);
  void (*add) (_kc_mlkem_poly *r, const _kc_mlkem_poly *a);
  void (*sub) (_kc_mlkem_poly *r, const _kc_mlkem_poly *a);
  void (*tobytes) (unsigned char out[384], const _kc_mlkem_poly *a);
  uint32_t (*frombytes) (_kc_mlkem_poly *r, const unsigned char in[384]);
  void (*compress) (unsigned char *out, const _kc_mlkem_poly *a,
                    unsigned int d);
  void (*decompress) (_kc_mlkem_poly *r, const unsigned char *in,
                      unsigned int d);
  void (*noise_x8) (_kc_mlkem_poly *const r[8], const unsigned char s[32],
                    const unsigned char nonce[8], unsigned int eta);
  void (*gen_matrix) (_kc_mlkem_poly a[KC_MLKEM_KMAX][KC_MLKEM_KMAX],
                      const unsigned char rho[32], unsigned int k,
                      int transposed);
  void (*gen_matrix_noise) (_kc_mlkem_poly a[KC_MLKEM_KMAX][KC_MLKEM_KMAX],
                            const unsigned char rho[32], unsigned int k,
                            int transposed, _kc_mlkem_poly *const r[8],
                            const unsigned char s[32],
                            const unsigned char nonce[8], unsigned int eta);
  int (*gen_matrix_hashes) (_kc_mlkem_poly a[KC_MLKEM_KMAX][KC_MLKEM_KMAX],
                            const unsigned char rho[32], unsigned int k,
                            int transposed, unsigned int nh,
                            unsigned char *const out[4],
                            const unsigned char *const in[4],
                            const size_t len[4],
                            const unsigned char dsuffix[4]);
  /* 1 if the four-way Keccak is vectorised with these kernels (then the
   * KEM computes independent hashes side by side) */
  int x4_hashes;
};

extern const struct _kc_mlkem_ops _kc_mlkem_ops_portable;
/* The gates of the x86-64 kernels (mlkem/x86_64/avx2.c): the AVX2 ones, compiled
 * with BMI2 and POPCNT (the rejection step counts with popcnt); the
 * AVX-512 rejection steps and the eight-way sampler, which also need the
 * eight-way Keccak (hash/keccak.h). */
#define KC_MLKEM_AVX2_ISA AVX2, BMI2, POPCNT
#define KC_MLKEM_AVX512_ISA AVX2, BMI2, POPCNT, AVX512
#define KC_MLKEM_AVX2_HWF KC_ISA_HWF (KC_MLKEM_AVX2_ISA)
#define KC_MLKEM_AVX512_HWF (KC_ISA_HWF (KC_MLKEM_AVX512_ISA) \
                             | KC_KECCAK_AVX512_HWF)
#ifdef KC_USE_X86_64
/* Only where _kc_hwf () has KC_MLKEM_AVX2_HWF. */
extern const struct _kc_mlkem_ops _kc_mlkem_ops_avx2;
#endif

/* Rejection sampling (SampleNTT's loop) of the LEN bytes of BUF (a
 * multiple of 3) into R from coefficient N on, up to 256; returns the
 * new count.  Variable time: BUF must be public. */
typedef unsigned int (*_kc_mlkem_rej_fn) (_kc_mlkem_poly *r, unsigned int n,
                                         const unsigned char *buf,
                                         size_t len);
unsigned int _kc_mlkem_rej_uniform (_kc_mlkem_poly *r, unsigned int n,
                                    const unsigned char *buf, size_t len);

/* gen_matrix on the four-way SHAKE128 with the given rejection loop,
 * for the entries FIRST .. TOTAL - 1 (row-major index i k + j) */
void _kc_mlkem_gen_matrix_rej (_kc_mlkem_poly a[KC_MLKEM_KMAX][KC_MLKEM_KMAX],
                               const unsigned char rho[32], unsigned int k,
                               int transposed, unsigned int first,
                               unsigned int total, _kc_mlkem_rej_fn rej);

/* The portable CBD of LEN = 64 eta bytes (tests and the AVX2 eta = 3
 * case use it). */
void _kc_mlkem_cbd (_kc_mlkem_poly *r, const unsigned char *buf,
                    unsigned int eta);

#endif
