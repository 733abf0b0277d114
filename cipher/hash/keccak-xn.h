/* hash/keccak-xn.h - the Keccak-f[1600] round loop on N interleaved states,
 * written once for the compilers' generic vectors and included by
 * hash/keccak.c for each width (no include guard: one inclusion a width).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define KC_XN_TYPE (a vector of KC_XN_LANES uint64_t)
 * and KC_XN_NAME (the function); both are undefined at the end.  The
 * function is always inlined into entry points that carry the target
 * (AVX-512VL, AVX-512F), so the compiler picks the instructions: vprolq
 * and vpternlogq, with the 32 registers holding the state.  (The AVX2
 * four-way kernel, with 16 registers, runs hash/keccak.c's scalar round
 * macro on vectors instead.)  S[i][j] is lane i of state j.
 */

static inline __attribute__ ((always_inline)) void
KC_XN_NAME (uint64_t s[25][KC_XN_LANES])
{
  KC_XN_TYPE a[25], e[25], bb[5], c[5], d[5], t;
  int round, x, y;

  KC_UNROLL_ALL
  for (x = 0; x < 25; x++)
    memcpy (&a[x], s[x], sizeof a[x]);
  for (round = 0; round < 24; round++)
    {
      KC_UNROLL_ALL
      for (x = 0; x < 5; x++)
        c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
      KC_UNROLL_ALL
      for (x = 0; x < 5; x++)
        {
          t = c[(x + 1) % 5];
          d[x] = c[(x + 4) % 5] ^ ((t << 1) | (t >> 63));
        }
      /* output row y: lane x comes from (3 y + x, x), through theta, rho */
      KC_UNROLL_ALL
      for (y = 0; y < 5; y++)
        {
          KC_UNROLL_ALL
          for (x = 0; x < 5; x++)
            {
              int sx = (3 * y + x) % 5, sy = x;
              unsigned int n = keccak_rho[sx + 5 * sy];
              bb[x] = a[sx + 5 * sy] ^ d[sx];
              if (n)
                bb[x] = (bb[x] << n) | (bb[x] >> (64 - n));
            }
          KC_UNROLL_ALL
          for (x = 0; x < 5; x++)
            e[x + 5 * y] = bb[x] ^ (~bb[(x + 1) % 5] & bb[(x + 2) % 5]);
        }
      e[0] ^= keccak_rc[round];
      KC_UNROLL_ALL
      for (x = 0; x < 25; x++)
        a[x] = e[x];
    }
  KC_UNROLL_ALL
  for (x = 0; x < 25; x++)
    memcpy (s[x], &a[x], sizeof a[x]);
}

#undef KC_XN_TYPE
#undef KC_XN_LANES
#undef KC_XN_NAME
