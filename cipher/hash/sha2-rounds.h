/* hash/sha2-rounds.h - the order of SHA-2's rounds, written once for
 * SHA-256, SHA-512 and the multi-buffer SHA-512 kernels, and the last
 * blocks of a one-call SHA-2 hash.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A round (FIPS 180-4, 6.2.2 and 6.4.2, step 3) changes only d and h of
 * the eight working variables a .. h; the others move one place down.
 * Instead of moving them, the next round is called with the names
 * rotated by one: after sixteen rounds every name is back in its place.
 */
#ifndef KC_SHA2_ROUNDS_H
#define KC_SHA2_ROUNDS_H

#include <string.h>
#include "ct.h"
#include "bufhelp.h"

/* Sixteen rounds: ROUND (a, b, c, &d, e, f, g, &h, J) for J = 0 .. 15
 * with the names A .. H rotated as above.  ROUND is a function-like
 * macro (it picks W + K of round J). */
#define KC_SHA2_ROUNDS16(ROUND, a, b, c, d, e, f, g, h) \
  do \
    { \
      ROUND (a, b, c, &d, e, f, g, &h, 0); \
      ROUND (h, a, b, &c, d, e, f, &g, 1); \
      ROUND (g, h, a, &b, c, d, e, &f, 2); \
      ROUND (f, g, h, &a, b, c, d, &e, 3); \
      ROUND (e, f, g, &h, a, b, c, &d, 4); \
      ROUND (d, e, f, &g, h, a, b, &c, 5); \
      ROUND (c, d, e, &f, g, h, a, &b, 6); \
      ROUND (b, c, d, &e, f, g, h, &a, 7); \
      ROUND (a, b, c, &d, e, f, g, &h, 8); \
      ROUND (h, a, b, &c, d, e, f, &g, 9); \
      ROUND (g, h, a, &b, c, d, e, &f, 10); \
      ROUND (f, g, h, &a, b, c, d, &e, 11); \
      ROUND (e, f, g, &h, a, b, c, &d, 12); \
      ROUND (d, e, f, &g, h, a, b, &c, 13); \
      ROUND (c, d, e, &f, g, h, a, &b, 14); \
      ROUND (b, c, d, &e, f, g, h, &a, 15); \
    } \
  while (0)

/* BUF = the last END bytes (one or two blocks) of the padded message of
 * a one-call hash of LEN bytes: its REM = LEN mod the block length bytes
 * at TAIL, 0x80, zeros, and the bit length big-endian in the last LENLEN
 * bytes (8 or 16).  REM + 1 + LENLEN <= END, a multiple of 8.  In
 * eight-byte loads and stores that the value barrier keeps the compiler
 * from turning back into memset and memcpy: for lengths this short and
 * bounded gcc inlines those as rep stos and rep movs, whose microcoded
 * start was a third of a 64-byte SHA-512 (doc/MEASUREMENTS). */
static inline void
_kc_sha2_last_blocks (unsigned char *buf, size_t end, size_t lenlen,
                      const unsigned char *tail, size_t rem, uint64_t len)
{
  size_t i;
  uint64_t w;

  for (i = 0; i < end; i += 8)
    {
      w = ct_barrier_u64 (0);
      memcpy (buf + i, &w, 8);
    }
  for (i = 0; i + 8 <= rem; i += 8)
    {
      memcpy (&w, tail + i, 8);
      w = ct_barrier_u64 (w);
      memcpy (buf + i, &w, 8);
    }
  for (; i < rem; i++)
    buf[i] = tail[i];
  buf[rem] = 0x80;
  if (lenlen == 16)
    buf_put_be64 (buf + end - 16, len >> 61);
  buf_put_be64 (buf + end - 8, len << 3);
}

#endif
