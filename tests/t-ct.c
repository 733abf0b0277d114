/* t-ct.c - the constant-time toolbox against plain C on edge and random
 * values (the table lookup for every index of tables of 1..40 entries,
 * and indexes past the end: the top of size_t, and at 2^32 and above
 * where size_t is that wide), and wipememory.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"

static const uint64_t edges[] = {
  0, 1, 2, 3, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
  0x8000000000000001ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL,
  0xffffffffULL, 0x100000000ULL, 0x7fffffffULL, 0x80000000ULL
};

static void
check_pair64 (uint64_t x, uint64_t y)
{
  CHECK (ct_lt_u64 (x, y) == (x < y), "lt64 %llx %llx",
         (unsigned long long) x, (unsigned long long) y);
  CHECK (ct_eq_u64 (x, y) == (x == y), "eq64");
  CHECK (ct_is_nonzero_u64 (x) == (x != 0), "nz64");
  CHECK (ct_mask_lt_u64 (x, y) == (x < y ? ~0ULL : 0), "masklt64");
  CHECK (ct_select_u64 (ct_mask_eq_u64 (x, y), x, y) == (x == y ? x : y), "sel64");
  {
    uint32_t a = (uint32_t) x, b = (uint32_t) y;
    CHECK (ct_lt_u32 (a, b) == (a < b), "lt32 %x %x", a, b);
    CHECK (ct_eq_u32 (a, b) == (a == b), "eq32");
    CHECK (ct_is_nonzero_u32 (a) == (a != 0), "nz32");
    CHECK (ct_select_u32 (ct_mask_lt_u32 (a, b), a, b) == (a < b ? a : b), "sel32");
  }
}

int
main (int argc, char **argv)
{
  size_t i, j;
  int k;

  t_init (argc, argv);
  t_seed (1);
  for (i = 0; i < KC_DIM (edges); i++)
    for (j = 0; j < KC_DIM (edges); j++)
      check_pair64 (edges[i], edges[j]);
  for (k = 0; k < 100000; k++)
    {
      uint64_t x = t_rand64 (), y = t_rand64 ();
      if (k & 1)
        y = x ^ (1ULL << (k % 64));
      check_pair64 (x, y);
    }

  /* cmov / cswap / memmov / memequal / cmp_limbs */
  for (k = 0; k < 1000; k++)
    {
      uint64_t a[5], b[5], a0[5], b0[5];
      unsigned char p[37], q[37], p0[37];
      uint64_t flag = (uint64_t) k & 1;
      int c, want;

      t_randbytes (a, sizeof a);
      t_randbytes (b, sizeof b);
      if (k % 7 == 0)
        memcpy (b, a, sizeof a);
      if (k % 5 == 1)
        {
          memcpy (b, a, sizeof a);
          b[k % 5] ^= 1;
        }
      memcpy (a0, a, sizeof a);
      memcpy (b0, b, sizeof b);
      want = 0;
      for (j = 5; j-- > 0;)
        if (a[j] != b[j])
          {
            want = a[j] < b[j] ? -1 : 1;
            break;
          }
      c = ct_cmp_limbs (a, b, 5);
      CHECK (c == want, "cmp_limbs %d want %d", c, want);
      ct_cswap_u64 (a, b, 5, flag);
      CHECK (!memcmp (a, flag ? b0 : a0, sizeof a)
             && !memcmp (b, flag ? a0 : b0, sizeof b), "cswap");
      memcpy (a, a0, sizeof a);
      ct_cmov_u64 (a, b0, 5, flag);
      CHECK (!memcmp (a, flag ? b0 : a0, sizeof a), "cmov");

      t_randbytes (p, sizeof p);
      memcpy (q, p, sizeof p);
      if (k & 2)
        q[k % sizeof q] ^= (unsigned char) (1 << (k % 8));
      CHECK (ct_memequal (p, q, sizeof p) == !memcmp (p, q, sizeof p), "memequal");
      CHECK (ct_memequal (p, q, 0) == 1, "memequal empty");
      {
        /* Every length 1..37 (the word loop and the tail), with the one
         * flipped bit at each position in turn. */
        size_t len = 1 + (size_t) k % sizeof p, pos;
        memcpy (q, p, sizeof p);
        CHECK (ct_memequal (p, q, len) == 1, "memequal len %zu", len);
        for (pos = 0; pos < len; pos++)
          {
            q[pos] ^= 0x80;
            CHECK (ct_memequal (p, q, len) == 0, "memequal len %zu pos %zu", len, pos);
            CHECK (ct_memequal (p, q, pos) == 1, "memequal prefix %zu", pos);
            q[pos] ^= 0x80;
          }
      }
      memcpy (p0, p, sizeof p);
      ct_memmov_cond (p, q, sizeof p, (uint32_t) flag);
      CHECK (!memcmp (p, flag ? q : p0, sizeof p), "memmov_cond");
    }

  /* ct_lookup_u64x8: entry IDX, or zeros past the end */
  {
    static uint64_t tab[40][8];
    uint64_t r[8], zero[8];
    size_t count, idx, x, nfar = 0;
    /* Indexes far past the end: the top of size_t in any width and, where
     * size_t is wider than 32 bits, 2^32 and just above (an index that a
     * 32-bit truncation would turn into a valid one). */
    size_t far[8];
    far[nfar++] = SIZE_MAX;
    far[nfar++] = (SIZE_MAX >> 1) + 1;
    far[nfar++] = ((SIZE_MAX >> 1) + 1) | 3;
#if SIZE_MAX > 0xffffffffu
    far[nfar++] = (size_t) 1 << 32;
    far[nfar++] = ((size_t) 1 << 32) + 1;
    far[nfar++] = ((size_t) 1 << 32) + 5;
#endif
    memset (zero, 0, sizeof zero);
    for (i = 0; i < 40; i++)
      for (j = 0; j < 8; j++)
        tab[i][j] = t_rand64 ();
    for (count = 1; count <= 40; count++)
      {
        for (idx = 0; idx < count + 3; idx++)
          {
            memset (r, 0x5a, sizeof r);
            ct_lookup_u64x8 (r, tab[0], count, idx);
            CHECK (!memcmp (r, idx < count ? tab[idx] : zero, sizeof r),
                   "lookup %zu of %zu", idx, count);
          }
        for (x = 0; x < nfar; x++)
          {
            ct_lookup_u64x8 (r, tab[0], count, far[x]);
            CHECK (!memcmp (r, zero, sizeof r), "lookup %zx of %zu",
                   far[x], count);
          }
      }
  }
  {
    unsigned char buf[64];
    memset (buf, 0xa5, sizeof buf);
    wipememory (buf, sizeof buf);
    for (i = 0; i < sizeof buf; i++)
      CHECK (buf[i] == 0, "wipememory left byte %u", (unsigned) i);
  }
  return t_done ("t-ct");
}
