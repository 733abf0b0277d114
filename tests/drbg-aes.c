/* drbg-aes.c - test helper: AES-256 (FIPS-197) and the NIST PQC
 * AES-256-CTR DRBG.  See drbg-aes.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <string.h>
#include "drbg-aes.h"

static unsigned char sbox[256];
static int sbox_ready;

/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static unsigned char
gf_mul (unsigned char a, unsigned char b)
{
  unsigned char r = 0;
  while (b)
    {
      if (b & 1)
        r ^= a;
      a = (unsigned char) ((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
      b >>= 1;
    }
  return r;
}

static unsigned char
rotl8 (unsigned char x, int k)
{
  return (unsigned char) ((x << k) | (x >> (8 - k)));
}

/* S-box from its definition: the multiplicative inverse (0 -> 0),
 * then the affine map b ^ rotl(b,1..4) ^ 0x63. */
static void
make_sbox (void)
{
  int x;
  for (x = 0; x < 256; x++)
    {
      unsigned char inv = 0, b;
      int y;
      for (y = 1; y < 256 && x; y++)
        if (gf_mul ((unsigned char) x, (unsigned char) y) == 1)
          {
            inv = (unsigned char) y;
            break;
          }
      b = inv;
      sbox[x] = (unsigned char) (b ^ rotl8 (b, 1) ^ rotl8 (b, 2)
                                 ^ rotl8 (b, 3) ^ rotl8 (b, 4) ^ 0x63);
    }
  sbox_ready = 1;
}

/* 15 round keys of 16 bytes (Nk = 8, Nr = 14). */
static void
expand_key (unsigned char rk[240], const unsigned char key[32])
{
  unsigned char rcon = 1;
  int i;

  memcpy (rk, key, 32);
  for (i = 8; i < 60; i++)
    {
      unsigned char t[4];
      memcpy (t, rk + 4 * (i - 1), 4);
      if (i % 8 == 0)
        {
          unsigned char t0 = t[0];
          t[0] = (unsigned char) (sbox[t[1]] ^ rcon);
          t[1] = sbox[t[2]];
          t[2] = sbox[t[3]];
          t[3] = sbox[t0];
          rcon = gf_mul (rcon, 2);
        }
      else if (i % 8 == 4)
        {
          t[0] = sbox[t[0]]; t[1] = sbox[t[1]];
          t[2] = sbox[t[2]]; t[3] = sbox[t[3]];
        }
      rk[4 * i + 0] = rk[4 * (i - 8) + 0] ^ t[0];
      rk[4 * i + 1] = rk[4 * (i - 8) + 1] ^ t[1];
      rk[4 * i + 2] = rk[4 * (i - 8) + 2] ^ t[2];
      rk[4 * i + 3] = rk[4 * (i - 8) + 3] ^ t[3];
    }
}

/* State byte s[r + 4c] is row r, column c. */
static void
encrypt_block (unsigned char out[16], const unsigned char in[16],
               const unsigned char rk[240])
{
  unsigned char s[16], t[16];
  int round, i, c, r;

  for (i = 0; i < 16; i++)
    s[i] = in[i] ^ rk[i];
  for (round = 1; round <= 14; round++)
    {
      /* SubBytes and ShiftRows (row r rotates left by r columns). */
      for (c = 0; c < 4; c++)
        for (r = 0; r < 4; r++)
          t[r + 4 * c] = sbox[s[r + 4 * ((c + r) % 4)]];
      if (round < 14)
        for (c = 0; c < 4; c++)    /* MixColumns */
          {
            unsigned char a0 = t[4 * c], a1 = t[4 * c + 1];
            unsigned char a2 = t[4 * c + 2], a3 = t[4 * c + 3];
            s[4 * c + 0] = gf_mul (a0, 2) ^ gf_mul (a1, 3) ^ a2 ^ a3;
            s[4 * c + 1] = a0 ^ gf_mul (a1, 2) ^ gf_mul (a2, 3) ^ a3;
            s[4 * c + 2] = a0 ^ a1 ^ gf_mul (a2, 2) ^ gf_mul (a3, 3);
            s[4 * c + 3] = gf_mul (a0, 3) ^ a1 ^ a2 ^ gf_mul (a3, 2);
          }
      else
        memcpy (s, t, 16);
      for (i = 0; i < 16; i++)
        s[i] ^= rk[16 * round + i];
    }
  memcpy (out, s, 16);
}

void
t_aes256_encrypt (unsigned char out[16], const unsigned char in[16],
                  const unsigned char key[32])
{
  unsigned char rk[240];
  if (!sbox_ready)
    make_sbox ();
  expand_key (rk, key);
  encrypt_block (out, in, rk);
}

/* V += 1, as a 128-bit big-endian counter. */
static void
increment_v (unsigned char v[16])
{
  int i;
  for (i = 15; i >= 0; i--)
    if (++v[i])
      break;
}

static void
drbg_update (t_drbg_ctx *ctx, const unsigned char *data)
{
  unsigned char rk[240], temp[48];
  int i;

  if (!sbox_ready)
    make_sbox ();
  expand_key (rk, ctx->key);
  for (i = 0; i < 3; i++)
    {
      increment_v (ctx->v);
      encrypt_block (temp + 16 * i, ctx->v, rk);
    }
  if (data)
    for (i = 0; i < 48; i++)
      temp[i] ^= data[i];
  memcpy (ctx->key, temp, 32);
  memcpy (ctx->v, temp + 32, 16);
}

void
t_drbg_init (t_drbg_ctx *ctx, const unsigned char seed[48])
{
  memset (ctx->key, 0, sizeof ctx->key);
  memset (ctx->v, 0, sizeof ctx->v);
  drbg_update (ctx, seed);
}

void
t_drbg_randombytes (t_drbg_ctx *ctx, void *out, size_t n)
{
  unsigned char rk[240], block[16];
  unsigned char *p = out;

  if (!sbox_ready)
    make_sbox ();
  expand_key (rk, ctx->key);
  while (n)
    {
      size_t k = n < 16 ? n : 16;
      increment_v (ctx->v);
      encrypt_block (block, ctx->v, rk);
      memcpy (p, block, k);
      p += k;
      n -= k;
    }
  drbg_update (ctx, NULL);
}

void
t_drbg_rng_cb (void *ctx, void *buf, size_t n)
{
  t_drbg_randombytes (ctx, buf, n);
}
