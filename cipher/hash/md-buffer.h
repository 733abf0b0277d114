/* hash/md-buffer.h - the Merkle-Damgard block buffer of SHA-256 and
 * SHA-512 (FIPS 180-4, 5.1 and 6.2): partial blocks, the padding and the
 * digest, written once and included by hash/sha256.c and hash/sha512.c
 * (no include guard: one inclusion a hash).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define
 *   MD_CTX         the context type: h[8] (the state), nbytes (uint64_t,
 *                  bytes hashed so far, mod 2^64), buflen (size_t, bytes
 *                  waiting in buf, < MD_BLOCK_LEN), buf[MD_BLOCK_LEN]
 *   MD_BLOCK_LEN   the block length in bytes (64 or 128)
 *   MD_LENGTH_LEN  bytes of the big-endian bit length that ends the
 *                  padding: 8 or 16
 *   MD_BLOCKS      the compression function (h, p, nblocks)
 *   MD_DIGEST_LEN  the digest length, 8 state words (32 or 64)
 *   MD_PUT_WORD    the big-endian store of one state word (buf_put_be32
 *                  or buf_put_be64, bufhelp.h)
 *   MD_UPDATE      the name of the update function to define
 *   MD_FINAL       the name of the final function to define: it writes
 *                  the 8 state words, big-endian, and wipes the context
 * All are undefined at the end.
 *
 * Timing depends on the lengths only (they are public); the data reach
 * nothing but memcpy and MD_BLOCKS.
 */

void
MD_UPDATE (MD_CTX *ctx, const void *data, size_t len)
{
  const unsigned char *p = data;

  ctx->nbytes += len;
  if (ctx->buflen)
    {
      size_t take = MD_BLOCK_LEN - ctx->buflen;
      if (take > len)
        take = len;
      memcpy (ctx->buf + ctx->buflen, p, take);
      ctx->buflen += take;
      p += take;
      len -= take;
      if (ctx->buflen < MD_BLOCK_LEN)
        return;
      MD_BLOCKS (ctx->h, ctx->buf, 1);
      ctx->buflen = 0;
    }
  if (len >= MD_BLOCK_LEN)
    {
      size_t n = len / MD_BLOCK_LEN;
      MD_BLOCKS (ctx->h, p, n);
      p += n * MD_BLOCK_LEN;
      len -= n * MD_BLOCK_LEN;
    }
  if (len)
    {
      memcpy (ctx->buf, p, len);
      ctx->buflen = len;
    }
}

void
MD_FINAL (MD_CTX *ctx, unsigned char out[MD_DIGEST_LEN])
{
  size_t n = ctx->buflen;
  int i;

  ctx->buf[n++] = 0x80;
  if (n > MD_BLOCK_LEN - MD_LENGTH_LEN)
    {
      memset (ctx->buf + n, 0, MD_BLOCK_LEN - n);
      MD_BLOCKS (ctx->h, ctx->buf, 1);
      n = 0;
    }
  memset (ctx->buf + n, 0, MD_BLOCK_LEN - MD_LENGTH_LEN - n);
  /* The bit length, big-endian: in 16 bytes, the upper 8 hold the three
   * bits that nbytes << 3 shifts out. */
#if MD_LENGTH_LEN == 16
  buf_put_be64 (ctx->buf + MD_BLOCK_LEN - 16, ctx->nbytes >> 61);
#elif MD_LENGTH_LEN != 8
# error "MD_LENGTH_LEN must be 8 or 16"
#endif
  buf_put_be64 (ctx->buf + MD_BLOCK_LEN - 8, ctx->nbytes << 3);
  MD_BLOCKS (ctx->h, ctx->buf, 1);
  for (i = 0; i < 8; i++)
    MD_PUT_WORD (out + sizeof ctx->h[0] * i, ctx->h[i]);
  wipememory (ctx, sizeof *ctx);
}

#undef MD_CTX
#undef MD_BLOCK_LEN
#undef MD_LENGTH_LEN
#undef MD_BLOCKS
#undef MD_DIGEST_LEN
#undef MD_PUT_WORD
#undef MD_UPDATE
#undef MD_FINAL
