/* hash/sha2-rounds.h - the order of SHA-2's rounds, written once for
 * SHA-256, SHA-512 and the multi-buffer SHA-512 kernels.
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

#endif
