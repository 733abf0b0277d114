/* ct-lookup.c - the constant-time table scan of the curves' point
 * multiplications (secp256k1's comb and ECDH table, P-256's comb and
 * ECDH tables), one family of kernel rows (src/dispatch.h): 256-bit
 * vectors where the CPU has AVX2, else ct_lookup_u64x8 of ct.h (128-bit
 * vectors, or 64-bit words).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * With AVX2 an entry of 64 bytes is two loads, two ands and two ors
 * instead of four of each: secp256k1 key generation 4.6% faster on
 * Zen 5 (a 512-bit form, one load an entry, measured the same).
 * Every entry is read and masked, so IDX may be secret.  The vectors are
 * GNU C's, not intrinsics, so MemorySanitizer's taint check (t-ctime-msan)
 * follows them as written. */
#include "kcrypt-int.h"

#if defined(KC_USE_X86_64) && (defined(__GNUC__) || defined(__clang__))
# define KC_CT_LOOKUP_AVX2 1
typedef uint64_t lk_v4u64 __attribute__ ((vector_size (32)));

static KC_NOINLINE KC_ISA_TARGET (KC_CT_LOOKUP_AVX2_ISA) void
lookup_u64x8_avx2 (uint64_t r[8], const uint64_t *table, size_t count,
                   size_t idx)
{
  lk_v4u64 a0 = { 0, 0, 0, 0 }, a1 = { 0, 0, 0, 0 }, e, m;
  lk_v4u64 cnt = { 0, 0, 0, 0 }, one = { 1, 1, 1, 1 }, want;
  /* IDX >= COUNT matches no entry (clamped to COUNT by a mask) */
  uint64_t ix = ct_select_u64 (ct_mask_lt_u64 (idx, count), idx, count);
  size_t i;

  want = (lk_v4u64) { ix, ix, ix, ix };
  for (i = 0; i < count; i++)
    {
      const uint64_t *t = table + 8 * i;
      m = (lk_v4u64) (cnt == want);
      cnt += one;
      memcpy (&e, t, 32);
      a0 |= e & m;
      memcpy (&e, t + 4, 32);
      a1 |= e & m;
    }
  memcpy (r, &a0, 32);
  memcpy (r + 4, &a1, 32);
}
#endif

static void
lookup_u64x8_portable (uint64_t r[8], const uint64_t *table, size_t count,
                       size_t idx)
{
  ct_lookup_u64x8 (r, table, count, idx);
}

KC_KERNEL_ROWS (ct_lookup_kernels, _kc_ct_lookup_fn lookup) = {
#ifdef KC_CT_LOOKUP_AVX2
  { { "avx2", KC_CT_LOOKUP_AVX2_HWF, 0 }, lookup_u64x8_avx2 },
#endif
  { { "portable", 0, 0 }, lookup_u64x8_portable },
};
KC_KERNEL_TABLE (_kc_ct_lookup_kernels_table, ct_lookup_kernels);

_kc_ct_lookup_fn
_kc_ct_lookup_u64x8_pick (void)
{
  return KC_PICK (ct_lookup_kernels)->lookup;
}

void
_kc_ct_lookup_u64x8 (uint64_t r[8], const uint64_t *table, size_t count,
                     size_t idx)
{
  KC_PICK (ct_lookup_kernels)->lookup (r, table, count, idx);
}
