/* daira.c - Daira Hopwood's reduction for p = 2^254 + c.
 * Representation, bounds and the reduction are described in daira.h. */
#include "kcrypt-int.h"
#include "mont.h"      /* limb primitives kc_mul64, kc_adc, kc_sbb */
#include "daira.h"

#define M62 ((uint64_t) -1 >> 2)

#if defined(__GNUC__) || defined(__clang__)
# define KC_DAIRA_INLINE inline __attribute__ ((always_inline))
#else
# define KC_DAIRA_INLINE inline
#endif

/* r[0..5] = x[0..3] * c[0..1]: two rows, each a low-word and a high-word
 * carry chain.  c < 2^125, x < 2^256: the product fits 6 limbs. */
static KC_DAIRA_INLINE void
mul_4x2 (uint64_t r[6], const uint64_t x[4], const uint64_t c[2])
{
  uint64_t lo[4], hi[4];
  unsigned char k;
  int j;

  /* Row c0. */
  for (j = 0; j < 4; j++)
    lo[j] = kc_mul64 (&hi[j], x[j], c[0]);
  r[0] = lo[0];
  k = 0;
  r[1] = kc_adc (lo[1], hi[0], &k);
  r[2] = kc_adc (lo[2], hi[1], &k);
  r[3] = kc_adc (lo[3], hi[2], &k);
  r[4] = hi[3] + k;                       /* hi <= 2^64 - 2 */
  /* Row c1. */
  for (j = 0; j < 4; j++)
    lo[j] = kc_mul64 (&hi[j], x[j], c[1]);
  k = 0;
  r[1] = kc_adc (r[1], lo[0], &k);
  r[2] = kc_adc (r[2], lo[1], &k);
  r[3] = kc_adc (r[3], lo[2], &k);
  r[4] = kc_adc (r[4], lo[3], &k);
  r[5] = hi[3] + k;
  k = 0;
  r[2] = kc_adc (r[2], hi[0], &k);
  r[3] = kc_adc (r[3], hi[1], &k);
  r[4] = kc_adc (r[4], hi[2], &k);
  r[5] += k;                              /* the product fits 6 limbs */
}

/* r = x mod p, semi-reduced; x[0..7] < 2^510. */
static KC_DAIRA_INLINE void
reduce (const kc_daira_field *f, uint64_t r[4], const uint64_t x[8])
{
  uint64_t X1[4], u[6], u1[2], v[4], y[4], mask;
  unsigned char k;

  /* X1 = x >> 254 (< 2^256); x0 = x mod 2^254 stays in x[0..3]. */
  X1[0] = (x[3] >> 62) | (x[4] << 2);
  X1[1] = (x[4] >> 62) | (x[5] << 2);
  X1[2] = (x[5] >> 62) | (x[6] << 2);
  X1[3] = (x[6] >> 62) | (x[7] << 2);
  /* First fold: u = c*X1 < 2^381. */
  mul_4x2 (u, X1, f->c);
  /* Second fold: u1 = u >> 254 < 2^127, v = c*u1 < 2^252. */
  u1[0] = (u[3] >> 62) | (u[4] << 2);
  u1[1] = (u[4] >> 62) | (u[5] << 2);
  {
    uint64_t l00, h00, l01, h01, l10, h10, l11, h11;
    l00 = kc_mul64 (&h00, u1[0], f->c[0]);
    l01 = kc_mul64 (&h01, u1[0], f->c[1]);
    l10 = kc_mul64 (&h10, u1[1], f->c[0]);
    l11 = kc_mul64 (&h11, u1[1], f->c[1]);
    v[0] = l00;
    k = 0;
    v[1] = kc_adc (h00, l01, &k);
    v[2] = kc_adc (h01, l11, &k);
    v[3] = h11 + k;
    k = 0;
    v[1] = kc_adc (v[1], l10, &k);
    v[2] = kc_adc (v[2], h10, &k);
    v[3] += k;                            /* v < 2^252 */
  }
  /* y = x0 + v - u0 with x0 = x mod 2^254, u0 = u mod 2^254. */
  k = 0;
  y[0] = kc_adc (x[0], v[0], &k);
  y[1] = kc_adc (x[1], v[1], &k);
  y[2] = kc_adc (x[2], v[2], &k);
  y[3] = kc_adc (x[3] & M62, v[3], &k);  /* < 2^254 + 2^252: no carry */
  k = 0;
  y[0] = kc_sbb (y[0], u[0], &k);
  y[1] = kc_sbb (y[1], u[1], &k);
  y[2] = kc_sbb (y[2], u[2], &k);
  y[3] = kc_sbb (y[3], u[3] & M62, &k);
  /* Borrow: y was negative, in (-2^254, 0); add p. */
  mask = ct_mask_from_flag_u64 (k);
  k = 0;
  r[0] = kc_adc (y[0], f->p[0] & mask, &k);
  r[1] = kc_adc (y[1], f->p[1] & mask, &k);
  r[2] = kc_adc (y[2], f->p[2] & mask, &k);
  r[3] = kc_adc (y[3], f->p[3] & mask, &k);
  KC_VERIFY_CHECK ((r[3] >> 63) == 0);
}

void
_kc_daira_mul (const kc_daira_field *f, uint64_t r[4],
               const uint64_t a[4], const uint64_t b[4])
{
  uint64_t x[8], lo[4], hi[4];
  unsigned char k;
  int i, j;

  KC_VERIFY_CHECK ((a[3] >> 63) == 0 && (b[3] >> 63) == 0);
  /* Schoolbook 4x4: row i adds a*b_i at x[i..i+4]; low words and high
   * words in two single-word carry chains. */
  for (j = 0; j < 4; j++)
    lo[j] = kc_mul64 (&hi[j], a[j], b[0]);
  x[0] = lo[0];
  k = 0;
  x[1] = kc_adc (lo[1], hi[0], &k);
  x[2] = kc_adc (lo[2], hi[1], &k);
  x[3] = kc_adc (lo[3], hi[2], &k);
  x[4] = hi[3] + k;
  for (i = 1; i < 4; i++)
    {
      for (j = 0; j < 4; j++)
        lo[j] = kc_mul64 (&hi[j], a[j], b[i]);
      k = 0;
      x[i + 0] = kc_adc (x[i + 0], lo[0], &k);
      x[i + 1] = kc_adc (x[i + 1], lo[1], &k);
      x[i + 2] = kc_adc (x[i + 2], lo[2], &k);
      x[i + 3] = kc_adc (x[i + 3], lo[3], &k);
      x[i + 4] = hi[3] + k;
      k = 0;
      x[i + 1] = kc_adc (x[i + 1], hi[0], &k);
      x[i + 2] = kc_adc (x[i + 2], hi[1], &k);
      x[i + 3] = kc_adc (x[i + 3], hi[2], &k);
      x[i + 4] += k;                      /* partial product < 2^(64(i+5)) */
    }
  reduce (f, r, x);
}

void
_kc_daira_sqr (const kc_daira_field *f, uint64_t r[4], const uint64_t a[4])
{
  uint64_t x[8], l01, h01, l02, h02, l03, h03, l12, h12, l13, h13, l23, h23;
  uint64_t d[8], bit;
  unsigned char k;
  int i;

  KC_VERIFY_CHECK ((a[3] >> 63) == 0);
  /* Cross products (6), one low chain and one high chain. */
  l01 = kc_mul64 (&h01, a[0], a[1]);
  l02 = kc_mul64 (&h02, a[0], a[2]);
  l03 = kc_mul64 (&h03, a[0], a[3]);
  l12 = kc_mul64 (&h12, a[1], a[2]);
  l13 = kc_mul64 (&h13, a[1], a[3]);
  l23 = kc_mul64 (&h23, a[2], a[3]);
  /* Weights: l01@1 h01@2 l02@2 h02@3 l03@3 h03@4 l12@3 h12@4 l13@4 h13@5
   * l23@5 h23@6. */
  x[1] = l01;
  k = 0;
  x[2] = kc_adc (h01, l02, &k);
  x[3] = kc_adc (h02, l03, &k);
  x[4] = kc_adc (h03, l13, &k);
  x[5] = kc_adc (h13, l23, &k);
  x[6] = h23 + k;
  k = 0;
  x[3] = kc_adc (x[3], l12, &k);
  x[4] = kc_adc (x[4], h12, &k);
  x[5] = kc_adc (x[5], 0, &k);
  x[6] += k;
  x[0] = 0;
  x[7] = 0;
  /* Double (shift) and add the diagonal squares in one pass. */
  for (i = 0; i < 4; i++)
    d[2 * i] = kc_mul64 (&d[2 * i + 1], a[i], a[i]);
  bit = 0;
  k = 0;
  for (i = 0; i < 8; i++)
    {
      uint64_t w = x[i];
      x[i] = kc_adc ((w << 1) | bit, d[i], &k);
      bit = w >> 63;
    }
  reduce (f, r, x);
}

void
_kc_daira_normalize (const kc_daira_field *f, uint64_t r[4],
                     const uint64_t a[4])
{
  uint64_t t[4], mask;
  unsigned char k = 0;
  int j;

  for (j = 0; j < 4; j++)
    t[j] = kc_sbb (a[j], f->p[j], &k);
  /* a < 2^255 < 2p: keep a - p unless it borrowed. */
  mask = ct_mask_from_flag_u64 (k);
  for (j = 0; j < 4; j++)
    r[j] = ct_select_u64 (mask, a[j], t[j]);
}

int
_kc_daira_setup (kc_daira_field *f, const uint64_t c[2])
{
  if (!(c[0] & 1) || (c[1] >> 61) != 0)
    return -1;
  f->c[0] = c[0];
  f->c[1] = c[1];
  f->p[0] = c[0];
  f->p[1] = c[1];
  f->p[2] = 0;
  f->p[3] = (uint64_t) 1 << 62;
  return 0;
}

void
_kc_daira_setup_tweedle (kc_daira_field *f, int which)
{
  /* p = 2^254 + c; the moduli table (moduli.c) carries the same primes. */
  static const uint64_t cdee[2] = { 0x842cafd400000001ULL,
                                    0x038aa127696286c9ULL };
  static const uint64_t cdum[2] = { 0xa14064e200000001ULL,
                                    0x038aa1276c3f59b9ULL };
  if (_kc_daira_setup (f, which ? cdum : cdee))
    _kc_fatal ("daira: bad constant");
}
