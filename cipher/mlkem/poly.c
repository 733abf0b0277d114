/* mlkem/poly.c - the portable ML-KEM kernels (FIPS 203): the NTT, the
 * encodings and the sampling, as the table _kc_mlkem_ops_portable of
 * mlkem/mlkem-int.h, and the pieces the AVX2 kernels
 * (mlkem/x86_64/avx2.c) share with them (the twiddles, CBD, the
 * rejection loop).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Arithmetic mod q = 3329 on int16 coefficients.  Products go through
 * Montgomery reduction with R = 2^16: fqmul (a, b) = a b / R mod q, so
 * the twiddles are stored times R (then fqmul (zeta R, x) = zeta x).  The
 * base-case products leave a factor 1/R, which the inverse NTT's final
 * scaling (by R^2 / 128) turns back, or poly_tomont (by R^2) where the
 * product stays in the NTT domain (t in key generation).
 *
 * Bounds: montgomery_reduce maps |a| < q 2^15 to (-q, q); barrett_reduce
 * maps any int16 to [0, q] ... centred to (-q/2, q/2] once frozen; every
 * butterfly below reduces its sum and difference, so no lane leaves
 * (-2q, 2q) between reductions.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "hash/keccak.h"
#include "mlkem/mlkem.h"
#include "mlkem/mlkem-int.h"

#define N KC_MLKEM_N
#define Q KC_MLKEM_Q
#define QINV (-3327)            /* q^-1 mod 2^16, as a signed value */

typedef _kc_mlkem_poly poly;

/* 17^brv7(i) R mod q, centred (FIPS 203 Appendix A times R).  t-mlkem
 * recomputes the table. */
const int16_t _kc_mlkem_zetas[128] = {
  -1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182,
  962, -1202, -1474, 1468, 573, -1325, 264, 383, -829, 1458, -1602, -130,
  -681, 1017, 732, 608, -1542, 411, -205, -1571, 1223, 652, -552, 1015,
  -1293, 1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469,
  -853, -90, -271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725,
  448, -1065, 677, -1275, -1103, 430, 555, 843, -1251, 871, 1550, 105,
  422, 587, 177, -235, -291, -460, 1574, 1653, -246, 778, 1159, -147,
  -777, 1483, -602, 1119, -1590, 644, -872, 349, 418, 329, -156, -75,
  817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335,
  -874, 220, -1187, -1659, -1185, -1530, -1278, 794, -1510, -854, -870,
  478, -108, -308, 996, 991, 958, -1460, 1522, 1628
};

/* a / R mod q in (-q, q), for |a| < q 2^15 */
static inline int16_t
montgomery_reduce (int32_t a)
{
  int16_t t;
  a = (int32_t) ct_msan_smear_u32 ((uint32_t) a);   /* MSan: see ct.h */
  t = (int16_t) ((uint32_t) a * (uint32_t) QINV);
  return (int16_t) ((a - (int32_t) t * Q) >> 16);
}

static inline int16_t
fqmul (int16_t a, int16_t b)
{
  return montgomery_reduce ((int32_t) a * b);
}

/* a mod q in (-q/2, q/2] up to one q: the representative of a nearest
 * 0, with v = round (2^26 / q) */
static inline int16_t
barrett_reduce (int16_t a)
{
  const int32_t v = ((1 << 26) + Q / 2) / Q;
  int16_t t;
  a = (int16_t) ct_msan_smear_u32 ((uint32_t) a);   /* MSan: see ct.h */
  t = (int16_t) ((v * a + (1 << 25)) >> 26);
  return (int16_t) (a - t * Q);
}

/* a in (-q, q) to [0, q), constant time */
static inline int16_t
freeze (int16_t a)
{
  a = barrett_reduce (a);
  return (int16_t) (a + (Q & -(int16_t) ((uint16_t) a >> 15)));
}

/* ------------------------------------------------------------ the NTT */

/* FIPS 203 Algorithm 9 for inputs in (-q, q): each of the 7 layers adds
 * at most q in absolute value (fqmul's output is in (-q, q)), so no lane
 * leaves (-8q, 8q), inside int16; one reduction at the end, outputs in
 * [-q/2, q/2] */
void
_kc_mlkem_ntt (int16_t r[N])
{
  unsigned int len, start, j, k = 1;
  for (len = 128; len >= 2; len >>= 1)
    for (start = 0; start < N; start += 2 * len)
      {
        int16_t zeta = _kc_mlkem_zetas[k++];
        for (j = start; j < start + len; j++)
          {
            int16_t t = fqmul (zeta, r[j + len]);
            r[j + len] = (int16_t) (r[j] - t);
            r[j] = (int16_t) (r[j] + t);
          }
      }
  for (j = 0; j < N; j++)
    r[j] = barrett_reduce (r[j]);
}

/* FIPS 203 Algorithm 10 with the final scaling by R^2 / 128 (so a
 * base-case product's 1/R comes out), outputs in (-q, q) */
void
_kc_mlkem_invntt (int16_t r[N])
{
  const int16_t f = 1441;       /* R^2 / 128 mod q */
  unsigned int len, start, j, k = 127;
  for (len = 2; len <= 128; len <<= 1)
    for (start = 0; start < N; start += 2 * len)
      {
        int16_t zeta = _kc_mlkem_zetas[k--];
        for (j = start; j < start + len; j++)
          {
            int16_t t = r[j];
            r[j] = barrett_reduce ((int16_t) (t + r[j + len]));
            r[j + len] = fqmul (zeta, (int16_t) (r[j + len] - t));
          }
      }
  for (j = 0; j < N; j++)
    r[j] = fqmul (f, r[j]);
}

/* R += A B in the NTT domain (times 1/R): FIPS 203 Algorithms 11 and 12,
 * the pair i with gamma = +-zetas[64 + i/2].  Inputs in (-q, q); the
 * accumulator is reduced. */
static void
poly_basemul_acc (poly *r, const poly *a, const poly *b)
{
  unsigned int i;
  for (i = 0; i < N / 2; i++)
    {
      int16_t g = _kc_mlkem_zetas[64 + i / 2];
      int16_t a0 = a->c[2 * i], a1 = a->c[2 * i + 1];
      int16_t b0 = b->c[2 * i], b1 = b->c[2 * i + 1];
      int16_t c0, c1;
      if (i & 1)
        g = (int16_t) -g;
      c0 = (int16_t) (fqmul (fqmul (a1, b1), g) + fqmul (a0, b0));
      c1 = (int16_t) (fqmul (a0, b1) + fqmul (a1, b0));
      r->c[2 * i] = barrett_reduce ((int16_t) (r->c[2 * i] + c0));
      r->c[2 * i + 1] = barrett_reduce ((int16_t) (r->c[2 * i + 1] + c1));
    }
}

static void
matvec (poly *r, const poly a[][KC_MLKEM_KMAX], const poly *b,
        unsigned int rows, unsigned int k)
{
  unsigned int i, j;
  for (i = 0; i < rows; i++)
    {
      memset (&r[i], 0, sizeof r[i]);
      for (j = 0; j < k; j++)
        poly_basemul_acc (&r[i], &a[i][j], &b[j]);
    }
}

static void
ntt (poly *r)
{
  _kc_mlkem_ntt (r->c);
}

static void
invntt (poly *r)
{
  _kc_mlkem_invntt (r->c);
}

/* times R (undoes a base-case product's 1/R) */
static void
poly_tomont (poly *r)
{
  const int16_t f = 1353;       /* R^2 mod q */
  unsigned int i;
  for (i = 0; i < N; i++)
    r->c[i] = fqmul (r->c[i], f);
}

static void
poly_add (poly *r, const poly *a)
{
  unsigned int i;
  for (i = 0; i < N; i++)
    r->c[i] = barrett_reduce ((int16_t) (r->c[i] + a->c[i]));
}

static void
poly_sub (poly *r, const poly *a)       /* r = a - r */
{
  unsigned int i;
  for (i = 0; i < N; i++)
    r->c[i] = barrett_reduce ((int16_t) (a->c[i] - r->c[i]));
}

/* ---------------------------------------------------------- encodings */

/* ByteEncode_12 of frozen coefficients */
static void
poly_tobytes (unsigned char *out, const poly *a)
{
  unsigned int i;
  for (i = 0; i < N / 2; i++)
    {
      uint16_t t0 = (uint16_t) freeze (a->c[2 * i]);
      uint16_t t1 = (uint16_t) freeze (a->c[2 * i + 1]);
      out[3 * i] = (unsigned char) t0;
      out[3 * i + 1] = (unsigned char) ((t0 >> 8) | (t1 << 4));
      out[3 * i + 2] = (unsigned char) (t1 >> 4);
    }
}

/* ByteDecode_12; returns all ones if every coefficient is below q (the
 * modulus check), else 0 */
static uint32_t
poly_frombytes (poly *r, const unsigned char *in)
{
  uint32_t bad = 0;
  unsigned int i;
  for (i = 0; i < N / 2; i++)
    {
      uint32_t t0 = in[3 * i] | ((uint32_t) (in[3 * i + 1] & 15) << 8);
      uint32_t t1 = (in[3 * i + 1] >> 4) | ((uint32_t) in[3 * i + 2] << 4);
      bad |= (Q - 1 - t0) | (Q - 1 - t1);       /* top bit set if >= q */
      r->c[2 * i] = (int16_t) t0;
      r->c[2 * i + 1] = (int16_t) t1;
    }
  return ct_mask_from_flag_u32 (1 ^ (bad >> 31));
}

/* floor (x / q) for 0 <= x < 2^24: (x ceil (2^40 / q)) >> 40 is exact
 * there (the error stays below 1/q); no division instruction. */
static inline uint32_t
div_q (uint32_t x)
{
  /* (MSan: see ct_msan_smear_u32) */
  return (uint32_t) (ct_msan_smear_u64 ((uint64_t) x * 330282857u) >> 40);
}

/* Compress_d (x) = round (2^d x / q) mod 2^d, x frozen */
static inline uint32_t
compress (int16_t x, unsigned int d)
{
  uint32_t t = ((uint32_t) freeze (x) << d) + Q / 2;
  return div_q (t) & ((1u << d) - 1);
}

/* Decompress_d (y) = round (q y / 2^d) */
static inline int16_t
decompress (uint32_t y, unsigned int d)
{
  return (int16_t) ((y * Q + (1u << (d - 1))) >> d);
}

/* ByteEncode_d (Compress_d (a)) for d = 1, 4, 5, 10, 11 */
static void
poly_compress (unsigned char *out, const poly *a, unsigned int d)
{
  uint64_t acc = 0;
  unsigned int i, bits = 0;
  for (i = 0; i < N; i++)
    {
      acc |= (uint64_t) compress (a->c[i], d) << bits;
      bits += d;
      while (bits >= 8)
        {
          *out++ = (unsigned char) acc;
          acc >>= 8;
          bits -= 8;
        }
    }
}

static void
poly_decompress (poly *r, const unsigned char *in, unsigned int d)
{
  uint64_t acc = 0;
  unsigned int i, bits = 0;
  for (i = 0; i < N; i++)
    {
      while (bits < d)
        {
          acc |= (uint64_t) *in++ << bits;
          bits += 8;
        }
      r->c[i] = decompress ((uint32_t) acc & ((1u << d) - 1), d);
      acc >>= d;
      bits -= d;
    }
}

/* ----------------------------------------------------------- sampling */

/* SamplePolyCBD_eta (Algorithm 8) of the 64 eta bytes BUF, eta = 2 or 3 */
void
_kc_mlkem_cbd (poly *r, const unsigned char *buf, unsigned int eta)
{
  unsigned int i, k;

  if (eta == 2)
    /* 4 bits a coefficient: pair sums of bits, then (a0+a1) - (b0+b1) */
    for (i = 0; i < N / 8; i++)
      {
        uint32_t t = buf_get_le32 (buf + 4 * i);
        uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
        for (k = 0; k < 8; k++)
          r->c[8 * i + k] = (int16_t) ((int) ((d >> (4 * k)) & 3)
                                       - (int) ((d >> (4 * k + 2)) & 3));
      }
  else
    /* 6 bits a coefficient, 3 bytes for 4 */
    for (i = 0; i < N / 4; i++)
      {
        uint32_t t = buf[3 * i] | ((uint32_t) buf[3 * i + 1] << 8)
                     | ((uint32_t) buf[3 * i + 2] << 16);
        uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u)
                     + ((t >> 2) & 0x249249u);
        for (k = 0; k < 4; k++)
          r->c[4 * i + k] = (int16_t) ((int) ((d >> (6 * k)) & 7)
                                       - (int) ((d >> (6 * k + 3)) & 7));
      }
}

/* the CBD of PRF_eta (s, nonce) = SHAKE256 (s || nonce), one at a time */
static void
noise_x8 (poly *const r[8], const unsigned char s[32],
          const unsigned char nonce[8], unsigned int eta)
{
  unsigned char in[33], buf[64 * 3];
  unsigned int j;

  memcpy (in, s, 32);
  for (j = 0; j < 8; j++)
    if (r[j])
      {
        in[32] = nonce[j];
        _kc_shake256 (buf, 64 * eta, in, sizeof in);
        _kc_mlkem_cbd (r[j], buf, eta);
      }
  wipememory (buf, sizeof buf);
  wipememory (in, sizeof in);
}

#define KMAX 4

/* Rejection sampling of BUF (LEN bytes, a multiple of 3) into R from
 * coefficient N on; returns the new count.  Public data. */
unsigned int
_kc_mlkem_rej_uniform (poly *r, unsigned int n, const unsigned char *buf,
                       size_t len)
{
  size_t p;
  for (p = 0; p + 3 <= len && n < N; p += 3)
    {
      uint16_t d1 = (uint16_t) (buf[p] | ((buf[p + 1] & 15) << 8));
      uint16_t d2 = (uint16_t) ((buf[p + 1] >> 4) | (buf[p + 2] << 4));
      if (d1 < Q)
        r->c[n++] = (int16_t) d1;
      if (d2 < Q && n < N)
        r->c[n++] = (int16_t) d2;
    }
  return n;
}

/* the matrix, transposed or not: A[i][j] = SampleNTT (rho || j || i),
 * four entries at a time through the four-way SHAKE128 (three blocks
 * each first: 504 bytes give 256 coefficients but for a 2^-10-ish
 * fraction of seeds; then one block more for all four as long as one
 * needs it) */
void
_kc_mlkem_gen_matrix_rej (poly a[KMAX][KMAX], const unsigned char rho[32],
                          unsigned int k, int transposed, unsigned int first,
                          unsigned int total, _kc_mlkem_rej_fn rej_uniform)
{
  unsigned char seed[4][34], buf[4][3 * KC_SHAKE128_RATE];
  const unsigned char *in[4];
  unsigned char *out[4];
  unsigned int idx, lane, n[4];
  _kc_keccak_x4_ctx c;

  for (idx = first; idx < total; idx += 4)
    {
      int more;
      for (lane = 0; lane < 4; lane++)
        {
          unsigned int e = idx + lane < total ? idx + lane : idx;
          unsigned int i = e / k, j = e % k;
          memcpy (seed[lane], rho, 32);
          seed[lane][32] = (unsigned char) (transposed ? i : j);
          seed[lane][33] = (unsigned char) (transposed ? j : i);
          in[lane] = seed[lane];
          out[lane] = buf[lane];
        }
      _kc_shake_x4_absorb (&c, KC_SHAKE128_RATE, in, 34);
      _kc_shake_x4_squeeze_blocks (&c, out, 3);
      for (lane = 0; lane < 4 && idx + lane < total; lane++)
        n[lane] = rej_uniform (&a[(idx + lane) / k][(idx + lane) % k], 0,
                               buf[lane], sizeof buf[lane]);
      do
        {
          more = 0;
          for (lane = 0; lane < 4 && idx + lane < total; lane++)
            more |= n[lane] < N;
          if (!more)
            break;
          _kc_shake_x4_squeeze_blocks (&c, out, 1);
          for (lane = 0; lane < 4 && idx + lane < total; lane++)
            n[lane] = rej_uniform (&a[(idx + lane) / k][(idx + lane) % k],
                                   n[lane], buf[lane], KC_SHAKE128_RATE);
        }
      while (more);
    }
}

/* The portable kernel's matrix: one SHAKE128 stream per entry.  Without
 * vector units the four-way permutation is four single ones, so the
 * four-way sampler above would only add the lanes it pads with (three of
 * the twelve for k = 3) and the extra blocks squeezed for all four lanes
 * when one needs them. */
static void
gen_matrix (poly a[KMAX][KMAX], const unsigned char rho[32], unsigned int k,
            int transposed)
{
  unsigned char seed[34], buf[3 * KC_SHAKE128_RATE];
  unsigned int i, j, n;
  _kc_keccak_ctx c;

  memcpy (seed, rho, 32);
  for (i = 0; i < k; i++)
    for (j = 0; j < k; j++)
      {
        seed[32] = (unsigned char) (transposed ? i : j);
        seed[33] = (unsigned char) (transposed ? j : i);
        _kc_keccak_init (&c, KC_SHAKE128_RATE, KC_SHAKE_DSUFFIX);
        _kc_keccak_absorb (&c, seed, sizeof seed);
        _kc_keccak_finalize (&c);
        _kc_keccak_squeeze (&c, buf, sizeof buf);
        n = _kc_mlkem_rej_uniform (&a[i][j], 0, buf, sizeof buf);
        while (n < N)
          {
            _kc_keccak_squeeze (&c, buf, KC_SHAKE128_RATE);
            n = _kc_mlkem_rej_uniform (&a[i][j], n, buf, KC_SHAKE128_RATE);
          }
      }
}

const struct _kc_mlkem_ops _kc_mlkem_ops_portable = {
  .ntt = ntt, .invntt = invntt, .matvec = matvec, .tomont = poly_tomont,
  .add = poly_add, .sub = poly_sub, .tobytes = poly_tobytes,
  .frombytes = poly_frombytes, .compress = poly_compress,
  .decompress = poly_decompress, .noise_x8 = noise_x8,
  .gen_matrix = gen_matrix, .x4_hashes = 0
};
