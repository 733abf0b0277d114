/* mlkem/x86_64/avx2.h - the constant tables of the ML-KEM AVX2 kernels
 * (mlkem/x86_64/avx2.c; the kernels themselves are _kc_mlkem_ops_avx2 in
 * mlkem/mlkem-int.h).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Generated into mlkem/x86_64/avx2-tables.c by mlkem/gen-avx2.py, which says
 * what each lane holds; tests/t-mlkem-avx2 recomputes every entry.
 */
#ifndef KC_MLKEM_AVX2_H
#define KC_MLKEM_AVX2_H

#include <stdint.h>

#ifdef KC_USE_X86_64

struct _kc_mlkem_avx2_tables
{
  /* per vector pair p: the len 8, 4, 2 layers, each zeta then zeta q^-1 */
  int16_t ntt[8][6][16] __attribute__ ((aligned (32)));
  int16_t invntt[8][6][16] __attribute__ ((aligned (32)));
  int16_t zetas_qinv[128];       /* _kc_mlkem_zetas[i] q^-1 mod 2^16 */
  int16_t gamma[2][256] __attribute__ ((aligned (32)));
  uint8_t rej[256][16] __attribute__ ((aligned (16)));
};

extern const struct _kc_mlkem_avx2_tables _kc_mlkem_avx2_tables;

#endif
#endif
