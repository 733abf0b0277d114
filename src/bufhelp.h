/* bufhelp.h - big- and little-endian loads and stores, small copies
 * (internal)
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef KC_BUFHELP_H
#define KC_BUFHELP_H

#include <stdint.h>
#include <string.h>

static inline uint32_t
buf_get_be32 (const unsigned char *p)
{
  return ((uint32_t) p[0] << 24) | ((uint32_t) p[1] << 16)
         | ((uint32_t) p[2] << 8) | (uint32_t) p[3];
}

static inline uint64_t
buf_get_be64 (const unsigned char *p)
{
  return ((uint64_t) buf_get_be32 (p) << 32) | buf_get_be32 (p + 4);
}

static inline void
buf_put_be32 (unsigned char *p, uint32_t x)
{
  p[0] = (unsigned char) (x >> 24);
  p[1] = (unsigned char) (x >> 16);
  p[2] = (unsigned char) (x >> 8);
  p[3] = (unsigned char) x;
}

static inline void
buf_put_be64 (unsigned char *p, uint64_t x)
{
  buf_put_be32 (p, (uint32_t) (x >> 32));
  buf_put_be32 (p + 4, (uint32_t) x);
}

static inline uint32_t
buf_get_le32 (const unsigned char *p)
{
  return ((uint32_t) p[3] << 24) | ((uint32_t) p[2] << 16)
         | ((uint32_t) p[1] << 8) | (uint32_t) p[0];
}

static inline void
buf_put_le32 (unsigned char *p, uint32_t x)
{
  p[0] = (unsigned char) x;
  p[1] = (unsigned char) (x >> 8);
  p[2] = (unsigned char) (x >> 16);
  p[3] = (unsigned char) (x >> 24);
}

static inline uint64_t
buf_get_le64 (const unsigned char *p)
{
  return ((uint64_t) buf_get_le32 (p + 4) << 32) | buf_get_le32 (p);
}

static inline void
buf_put_le64 (unsigned char *p, uint64_t x)
{
  buf_put_le32 (p, (uint32_t) x);
  buf_put_le32 (p + 4, (uint32_t) (x >> 32));
}

/* DST = the 32 bytes at SRC, which DST may overlap (as memmove), inline:
 * all loaded, then stored.  For public data: the words may pass through
 * vector registers. */
static inline void
buf_move32 (void *dst, const void *src)
{
  uint64_t w[4];
  memcpy (w, src, 32);
  memcpy (dst, w, 32);
}

#endif
