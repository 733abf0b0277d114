/* t-sha512-mb.c - multi-buffer SHA-512 (cipher/hash/sha512-mb.h): every kernel
 * this CPU runs, forced one at a time, and the dispatching entry points,
 * against the single-buffer _kc_sha512 of PREFIX || message:
 *   - FIPS 180-4 "abc" and empty-string digests in every lane;
 *   - random messages of every length 0 .. 600, with no prefix and with a
 *     one-byte prefix, 8 different messages per call at unaligned
 *     addresses;
 *   - prefix lengths 0 .. 127, any digest length 1 .. 64, group sizes
 *     1 .. 19 (the remainder paths), bytes around each output untouched;
 *   - messages in heap blocks of exactly their length (reads past the
 *     end show in ASan and valgrind runs);
 *   - long messages, the sntrup761 shapes (4 || 1158 bytes, 3 || 191
 *     bytes) and the strided form.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/sha512.h"
#include "hash/sha512-mb.h"
#include "t-common.h"

#define MAXN 19                 /* messages per call in the tests */
#define MAXLEN 70001            /* longest message */
#define GUARD 16                /* canary bytes around each output */

static const char *const kernel_name[] = { "generic", "avx2", "avx512",
                                           "auto" };
#define KERN_AUTO 3             /* the dispatching _kc_sha512_mb */

static unsigned char *msgbuf;   /* MAXN messages of up to MAXLEN bytes */
static unsigned char outbuf[MAXN][64 + 2 * GUARD];

/* The reference: SHA-512 (PRE || MSG) by the single-buffer code. */
static void
ref_digest (unsigned char d[64], const unsigned char *pre, size_t plen,
            const unsigned char *msg, size_t len)
{
  _kc_sha512_ctx ctx;
  _kc_sha512_init (&ctx);
  _kc_sha512_update (&ctx, pre, plen);
  _kc_sha512_update (&ctx, msg, len);
  _kc_sha512_final (&ctx, d);
}

static void
run (int kern, unsigned char *const out[], size_t outlen,
     const unsigned char *pre, size_t plen, const unsigned char *const in[],
     size_t len, size_t n)
{
  if (kern == KERN_AUTO)
    _kc_sha512_mb (out, outlen, pre, plen, in, len, n);
  else
    _kc_sha512_mb_kernel (kern, out, outlen, pre, plen, in, len, n);
}

/* N random messages of LEN bytes at random (mostly unaligned) offsets
 * into msgbuf, one region per message so that they never overlap. */
static void
random_messages (const unsigned char *in[], size_t len, size_t n)
{
  size_t i, region = (MAXLEN + 64);
  for (i = 0; i < n; i++)
    {
      unsigned char *p = msgbuf + i * region + (t_rand64 () % 64);
      t_randbytes (p, len);
      in[i] = p;
    }
}

/* Hash N messages with kernel KERN, compare each digest with the
 * reference and check that the canaries around each output held. */
static void
check_case (int kern, const unsigned char *pre, size_t plen,
            const unsigned char *const in[], size_t len, size_t n,
            size_t outlen)
{
  unsigned char *out[MAXN] = { NULL };     /* entries n.. unused */
  unsigned char want[64];
  size_t i, j;

  for (i = 0; i < n; i++)
    {
      memset (outbuf[i], 0xa5, sizeof outbuf[i]);
      out[i] = outbuf[i] + GUARD;
    }
  run (kern, out, outlen, pre, plen, in, len, n);
  for (i = 0; i < n; i++)
    {
      int guard_ok = 1;
      ref_digest (want, pre, plen, in[i], len);
      for (j = 0; j < GUARD; j++)
        if (outbuf[i][j] != 0xa5 || outbuf[i][GUARD + outlen + j] != 0xa5)
          guard_ok = 0;
      CHECK (!memcmp (out[i], want, outlen) && guard_ok,
             "%s: lane %zu of %zu, len %zu, prefix %zu, outlen %zu: %s",
             kernel_name[kern], i, n, len, plen, outlen,
             guard_ok ? "wrong digest" : "wrote outside its output");
    }
}

static void
test_fips (int kern)
{
  static const char abc_hex[] =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
  static const char empty_hex[] =
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e";
  unsigned char abc[64], empty[64], d[8][64];
  unsigned char other[8][3];
  unsigned char *out[8];
  const unsigned char *in[8];
  size_t i;

  CHECK (t_unhex (abc, 64, abc_hex) == 64, "bad hex");
  CHECK (t_unhex (empty, 64, empty_hex) == 64, "bad hex");
  /* "abc" in the even lanes, other 3-byte strings in the odd ones. */
  for (i = 0; i < 8; i++)
    {
      other[i][0] = 'a' + (unsigned char) i;
      other[i][1] = 'b';
      other[i][2] = 'c' + (unsigned char) (i + 1);
      in[i] = (i & 1) ? other[i] : (const unsigned char *) "abc";
      out[i] = d[i];
    }
  run (kern, out, 64, NULL, 0, in, 3, 8);
  for (i = 0; i < 8; i += 2)
    CHECK (!memcmp (d[i], abc, 64), "%s: \"abc\" in lane %zu",
           kernel_name[kern], i);
  /* The same split as "a" prefix || "bc". */
  for (i = 0; i < 8; i++)
    in[i] = (i & 1) ? other[i] + 1 : (const unsigned char *) "bc";
  run (kern, out, 64, (const unsigned char *) "a", 1, in, 2, 8);
  for (i = 0; i < 8; i += 2)
    CHECK (!memcmp (d[i], abc, 64), "%s: \"a\" || \"bc\" in lane %zu",
           kernel_name[kern], i);
  /* The empty string, no prefix, every lane. */
  for (i = 0; i < 8; i++)
    in[i] = (const unsigned char *) "";
  run (kern, out, 64, NULL, 0, in, 0, 8);
  for (i = 0; i < 8; i++)
    CHECK (!memcmp (d[i], empty, 64), "%s: empty string in lane %zu",
           kernel_name[kern], i);
}

/* Each message in a heap block of exactly its length, so that a read past
 * its end is caught by ASan (CI) and valgrind; lengths around the block
 * boundaries with and without a prefix. */
static void
test_exact (int kern)
{
  static const size_t lens[] = { 0, 1, 110, 111, 112, 126, 127, 128, 129,
                                 239, 240, 255, 256, 257, 1158, 1159 };
  const unsigned char *in[8];
  unsigned char *buf[8];
  unsigned char pre[2] = { 4, 3 };
  size_t i, l;

  for (i = 0; i < KC_DIM (lens); i++)
    {
      for (l = 0; l < 8; l++)
        {
          buf[l] = malloc (lens[i] ? lens[i] : 1);
          if (!buf[l])
            {
              fail ("out of memory");
              return;
            }
          t_randbytes (buf[l], lens[i]);
          in[l] = buf[l];
        }
      check_case (kern, NULL, 0, in, lens[i], 8, 64);
      check_case (kern, pre, 1, in, lens[i], 8, 32);
      check_case (kern, pre, 2, in, lens[i], 8, 64);
      for (l = 0; l < 8; l++)
        free (buf[l]);
    }
}

static void
test_kernel (int kern)
{
  const unsigned char *in[MAXN];
  unsigned char pre[128];
  static const size_t longlens[] = { 1158, 1159, 2048, 4095, 4096, 5000,
                                     MAXLEN };
  size_t len, i;

  test_fips (kern);
  test_exact (kern);

  /* Every length 0 .. 600, 8 messages, no prefix and a one-byte one. */
  for (len = 0; len <= 600; len++)
    {
      random_messages (in, len, 8);
      pre[0] = (unsigned char) t_rand64 ();
      check_case (kern, NULL, 0, in, len, 8, 64);
      check_case (kern, pre, 1, in, len, 8, 64);
    }

  /* Every prefix length, random message lengths, digest lengths and
   * group sizes. */
  for (i = 0; i < 128; i++)
    {
      size_t n = 1 + t_rand64 () % MAXN;
      size_t outlen = 1 + t_rand64 () % 64;
      len = t_rand64 () % 400;
      t_randbytes (pre, i);
      random_messages (in, len, n);
      check_case (kern, pre, i, in, len, n, outlen);
    }
  for (i = 1; i <= MAXN; i++)
    {
      random_messages (in, 300, i);
      check_case (kern, NULL, 0, in, 300, i, 64);
    }

  /* Long messages, and the sntrup761 shapes. */
  for (i = 0; i < KC_DIM (longlens); i++)
    {
      random_messages (in, longlens[i], 8);
      pre[0] = 4;
      check_case (kern, pre, 1, in, longlens[i], 8, 32);
      check_case (kern, NULL, 0, in, longlens[i], 8, 64);
    }
  random_messages (in, 1158, 13);
  check_case (kern, pre, 1, in, 1158, 13, 32);
  pre[0] = 3;
  random_messages (in, 191, 2);
  check_case (kern, pre, 1, in, 191, 2, 32);

  /* N = 0 writes nothing. */
  memset (outbuf[0], 0xa5, sizeof outbuf[0]);
  {
    unsigned char *out[1] = { outbuf[0] };
    run (kern, out, 64, NULL, 0, in, 10, 0);
  }
  for (i = 0; i < sizeof outbuf[0]; i++)
    if (outbuf[0][i] != 0xa5)
      break;
  CHECK (i == sizeof outbuf[0], "%s: n = 0 wrote output",
         kernel_name[kern]);
}

/* The fixed-count and strided entry points. */
static void
test_wrappers (void)
{
  enum { PK = 1158, SKB = 1763, N = 11, OFF = 1700 };
  unsigned char d[8][64], want[64];
  unsigned char *out[8];
  const unsigned char *in[8];
  unsigned char *pk = malloc (N * PK), *sk = malloc (N * SKB);
  unsigned char *sk_copy = malloc (N * SKB);
  unsigned char pre = 4;
  size_t i, len;

  if (!pk || !sk || !sk_copy)
    {
      fail ("out of memory");
      return;
    }
  for (len = 0; len < 300; len += 37)
    {
      random_messages (in, len, 8);
      for (i = 0; i < 8; i++)
        out[i] = d[i];
      _kc_sha512_x4 (out, in, len);
      for (i = 0; i < 4; i++)
        {
          _kc_sha512 (want, in[i], len);
          CHECK (!memcmp (d[i], want, 64), "x4: lane %zu len %zu", i, len);
        }
      _kc_sha512_x8 (out, in, len);
      for (i = 0; i < 8; i++)
        {
          _kc_sha512 (want, in[i], len);
          CHECK (!memcmp (d[i], want, 64), "x8: lane %zu len %zu", i, len);
        }
    }

  /* Batch key generation shape: hash of 4 || pk_i into sk_i + OFF. */
  t_randbytes (pk, N * PK);
  t_randbytes (sk, N * SKB);
  memcpy (sk_copy, sk, N * SKB);
  _kc_sha512_mb_prefix_strided (sk + OFF, SKB, 32, pre, pk, PK, PK, N);
  for (i = 0; i < N; i++)
    {
      ref_digest (want, &pre, 1, pk + i * PK, PK);
      CHECK (!memcmp (sk + i * SKB + OFF, want, 32), "strided: key %zu", i);
      CHECK (!memcmp (sk + i * SKB, sk_copy + i * SKB, OFF)
             && !memcmp (sk + i * SKB + OFF + 32,
                         sk_copy + i * SKB + OFF + 32, SKB - OFF - 32),
             "strided: key %zu: bytes outside the hash changed", i);
    }
  free (pk);
  free (sk);
  free (sk_copy);
}

int
main (int argc, char **argv)
{
  int k;

  t_init (argc, argv);
  t_seed (0x5ba512b0ULL);
  msgbuf = malloc ((size_t) MAXN * (MAXLEN + 64));
  if (!msgbuf)
    {
      fprintf (stderr, "out of memory\n");
      return 1;
    }
  for (k = KC_SHA512_MB_GENERIC; k <= KERN_AUTO; k++)
    {
      if (k != KERN_AUTO && !_kc_sha512_mb_have (k))
        {
          printf ("t-sha512-mb: kernel %s not available here, skipped\n",
                  kernel_name[k]);
          continue;
        }
      if (t_verbose)
        printf ("kernel %s\n", kernel_name[k]);
      test_kernel (k);
    }
  test_wrappers ();
  free (msgbuf);
  return t_done ("t-sha512-mb");
}
