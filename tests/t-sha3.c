/* t-sha3.c - Keccak-f[1600] and the FIPS 202 sponge: known answers
 * (FIPS 202 / NIST examples: the empty string, "abc", 200 bytes 0xa3),
 * the dispatched permutation (AVX-512 where the CPU has it) against the
 * portable one, absorb and squeeze split at every offset around the
 * rate, and random lengths and splits against OpenSSL.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/keccak.h"
#include "t-common.h"
#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif

enum { SHA3_256, SHA3_512, SHAKE128, SHAKE256 };

static const struct
{
  const char *name;
  unsigned int rate, dsuffix, outlen;
} algs[] = {
  { "SHA3-256", KC_SHA3_256_RATE, KC_SHA3_DSUFFIX, 32 },
  { "SHA3-512", KC_SHA3_512_RATE, KC_SHA3_DSUFFIX, 64 },
  { "SHAKE128", KC_SHAKE128_RATE, KC_SHAKE_DSUFFIX, 32 },
  { "SHAKE256", KC_SHAKE256_RATE, KC_SHAKE_DSUFFIX, 64 },
};

static void
one_shot (int a, unsigned char *out, size_t outlen, const void *m, size_t n)
{
  switch (a)
    {
    case SHA3_256: _kc_sha3_256 (out, m, n); break;
    case SHA3_512: _kc_sha3_512 (out, m, n); break;
    case SHAKE128: _kc_shake128 (out, outlen, m, n); break;
    default:       _kc_shake256 (out, outlen, m, n); break;
    }
}

static void
test_kat (void)
{
  static const char *const want[4][3] = {
    { "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
      "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787" },
    { "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00" },
    { "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
      NULL,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" },
    { "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be",
      NULL,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
      "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b" },
  };
  unsigned char a3[200], out[64];
  int a;

  memset (a3, 0xa3, sizeof a3);
  for (a = 0; a < 4; a++)
    {
      char what[64];
      snprintf (what, sizeof what, "%s (empty)", algs[a].name);
      one_shot (a, out, algs[a].outlen, "", 0);
      check_hex (what, out, algs[a].outlen, want[a][0]);
      if (want[a][1])
        {
          snprintf (what, sizeof what, "%s (abc)", algs[a].name);
          one_shot (a, out, algs[a].outlen, "abc", 3);
          check_hex (what, out, algs[a].outlen, want[a][1]);
        }
      snprintf (what, sizeof what, "%s (200 x 0xa3)", algs[a].name);
      one_shot (a, out, algs[a].outlen, a3, sizeof a3);
      check_hex (what, out, algs[a].outlen, want[a][2]);
    }
}

/* The dispatched permutation and the BMI one against the portable one. */
static void
test_permutation (void)
{
  uint64_t x[25], y[25], z[25];
  int t, i, bmi = _kc_keccak_have_bmi ();

  if (!bmi)
    printf ("t-sha3: this CPU runs the portable permutation only\n");
  for (t = 0; t < 2000; t++)
    {
      for (i = 0; i < 25; i++)
        x[i] = y[i] = z[i] = t < 64 ? (t < 25 && i == t ? ~(uint64_t) 0 : 0)
                                    : t_rand64 ();
      if (t == 30)
        for (i = 0; i < 25; i++)
          x[i] = y[i] = z[i] = ~(uint64_t) 0;
      _kc_keccak_f1600 (x);
      _kc_keccak_f1600_generic (y);
      CHECK (!memcmp (x, y, sizeof x), "permutation %d: paths differ", t);
      if (bmi)
        {
          _kc_keccak_f1600_bmi (z);
          CHECK (!memcmp (z, y, sizeof z), "permutation %d: BMI differs", t);
        }
    }
}

/* Absorb in two parts split at every offset, squeeze in two parts split at
 * every offset, against the one-shot result. */
static void
test_splits (void)
{
  unsigned char msg[600], ref[3 * 168 + 5], got[3 * 168 + 5];
  int a;
  size_t cut, len;

  t_randbytes (msg, sizeof msg);
  for (a = 0; a < 4; a++)
    for (len = 0; len <= 2 * algs[a].rate + 3; len += (len < 10 ? 1 : 7))
      {
        _kc_keccak_ctx c;
        size_t outlen = a >= SHAKE128 ? 3 * algs[a].rate + 5 : algs[a].outlen;
        one_shot (a, ref, outlen, msg, len);
        for (cut = 0; cut <= len; cut += (len < 40 ? 1 : 13))
          {
            _kc_keccak_init (&c, algs[a].rate, (unsigned char) algs[a].dsuffix);
            _kc_keccak_absorb (&c, msg, cut);
            _kc_keccak_absorb (&c, msg + cut, 0);
            _kc_keccak_absorb (&c, msg + cut, len - cut);
            _kc_keccak_finalize (&c);
            _kc_keccak_squeeze (&c, got, outlen);
            CHECK (!memcmp (got, ref, outlen), "%s len %zu: absorb split at "
                   "%zu differs", algs[a].name, len, cut);
          }
        if (a < SHAKE128)
          continue;
        for (cut = 0; cut <= outlen; cut += 11)
          {
            size_t cut2 = cut + (outlen - cut) / 3;
            _kc_keccak_init (&c, algs[a].rate, (unsigned char) algs[a].dsuffix);
            _kc_keccak_absorb (&c, msg, len);
            _kc_keccak_finalize (&c);
            _kc_keccak_squeeze (&c, got, cut);
            _kc_keccak_squeeze (&c, got + cut, cut2 - cut);
            _kc_keccak_squeeze (&c, got + cut2, outlen - cut2);
            CHECK (!memcmp (got, ref, outlen), "%s len %zu: squeeze split at "
                   "%zu, %zu differs", algs[a].name, len, cut, cut2);
          }
      }
}

/* Four permutations at once against the single one; four SHAKE streams
 * against four single ones, for input lengths around the rate. */
static void
test_x4 (void)
{
  static uint64_t s4[25][4], g4[25][4], one[4][25];
  static unsigned char in[4][400], out4[4][3 * 168], ref[3 * 168];
  const unsigned char *inp[4];
  unsigned char *outp[4];
  int t, i, j, r;
  size_t len;

  for (t = 0; t < 300; t++)
    {
      for (i = 0; i < 25; i++)
        for (j = 0; j < 4; j++)
          s4[i][j] = g4[i][j] = one[j][i] = t ? t_rand64 () : 0;
      _kc_keccak_f1600_x4 (s4);
      _kc_keccak_f1600_x4_generic (g4);
      for (j = 0; j < 4; j++)
        _kc_keccak_f1600_generic (one[j]);
      for (i = 0; i < 25; i++)
        for (j = 0; j < 4; j++)
          CHECK (s4[i][j] == one[j][i] && g4[i][j] == one[j][i],
                 "x4 permutation %d: lane %d of state %d differs", t, i, j);
    }
  for (r = 0; r < 2; r++)
    {
      unsigned int rate = r ? KC_SHAKE256_RATE : KC_SHAKE128_RATE;
      for (len = 0; len <= 2 * rate + 2; len += (len < 40 ? 1 : 17))
        {
          _kc_keccak_x4_ctx c;
          for (j = 0; j < 4; j++)
            {
              t_randbytes (in[j], len);
              inp[j] = in[j];
              outp[j] = out4[j];
            }
          _kc_shake_x4_absorb (&c, rate, inp, len);
          _kc_shake_x4_squeeze_blocks (&c, outp, 1);
          for (j = 0; j < 4; j++)
            outp[j] = out4[j] + rate;
          _kc_shake_x4_squeeze_blocks (&c, outp, 2);
          for (j = 0; j < 4; j++)
            {
              if (r)
                _kc_shake256 (ref, 3 * rate, in[j], len);
              else
                _kc_shake128 (ref, 3 * rate, in[j], len);
              CHECK (!memcmp (ref, out4[j], 3 * rate), "SHAKE%s x4, len "
                     "%zu: stream %d differs", r ? "256" : "128", len, j);
            }
        }
    }
}

/* the eight-way permutation against eight single ones (with and without
 * the AVX-512 kernel), and the four one-shot sponges of mixed lengths and
 * suffixes against the single-stream functions */
static void
test_x8_oneshot (void)
{
  static uint64_t s8[25][8], one[8][25];
  static unsigned char in[4][700], out[4][136], ref[136];
  int t, i, j, m;

  for (m = 0; m < 2; m++)
    {
      _kc_hwf_set_mask (m ? 0 : ~0u);
      for (t = 0; t < 100; t++)
        {
          for (i = 0; i < 25; i++)
            for (j = 0; j < 8; j++)
              s8[i][j] = one[j][i] = t ? t_rand64 () : 0;
          _kc_keccak_f1600_x8 (s8);
          for (j = 0; j < 8; j++)
            _kc_keccak_f1600_generic (one[j]);
          for (i = 0; i < 25; i++)
            for (j = 0; j < 8; j++)
              CHECK (s8[i][j] == one[j][i], "x8 permutation %d (mask %d): "
                     "lane %d of state %d differs", t, m, i, j);
        }
    }
  _kc_hwf_set_mask (~0u);
  for (t = 0; t < 200; t++)
    {
      const unsigned char *ip[4];
      unsigned char *op[4];
      size_t len[4];
      unsigned char ds[4];
      size_t outlen = 1 + t_rand64 () % 136;
      for (j = 0; j < 4; j++)
        {
          len[j] = t_rand64 () % sizeof in[j];
          ds[j] = (t + j) & 1 ? KC_SHA3_DSUFFIX : KC_SHAKE_DSUFFIX;
          t_randbytes (in[j], len[j]);
          ip[j] = j == t % 5 ? NULL : in[j];
          op[j] = out[j];
          memset (out[j], 0x5a, sizeof out[j]);
        }
      _kc_keccak_x4_oneshot (KC_SHAKE256_RATE, op, outlen, ip, len, ds);
      for (j = 0; j < 4; j++)
        {
          _kc_keccak_ctx c;
          if (!ip[j])
            {
              CHECK (out[j][0] == 0x5a && !memcmp (out[j], out[j] + 1, 135),
                     "x4 one-shot %d: lane %d written", t, j);
              continue;
            }
          _kc_keccak_init (&c, KC_SHAKE256_RATE, ds[j]);
          _kc_keccak_absorb (&c, in[j], len[j]);
          _kc_keccak_finalize (&c);
          _kc_keccak_squeeze (&c, ref, outlen);
          CHECK (!memcmp (ref, out[j], outlen), "x4 one-shot %d: lane %d "
                 "(%zu bytes) differs", t, j, len[j]);
        }
    }
}

#ifdef HAVE_OPENSSL
static void
test_openssl (void)
{
  static unsigned char msg[5000], ours[300], theirs[300];
  const EVP_MD *mds[4];
  EVP_MD_CTX *c = EVP_MD_CTX_new ();
  int t, a;

  mds[SHA3_256] = EVP_sha3_256 ();
  mds[SHA3_512] = EVP_sha3_512 ();
  mds[SHAKE128] = EVP_shake128 ();
  mds[SHAKE256] = EVP_shake256 ();
  for (t = 0; t < 400; t++)
    {
      size_t len = t_rand64 () % sizeof msg, outlen;
      a = t % 4;
      outlen = a >= SHAKE128 ? 1 + t_rand64 () % sizeof ours : algs[a].outlen;
      t_randbytes (msg, len);
      one_shot (a, ours, outlen, msg, len);
      EVP_DigestInit_ex (c, mds[a], NULL);
      EVP_DigestUpdate (c, msg, len);
      if (a >= SHAKE128)
        EVP_DigestFinalXOF (c, theirs, outlen);
      else
        EVP_DigestFinal_ex (c, theirs, NULL);
      CHECK (!memcmp (ours, theirs, outlen), "%s: %zu bytes, %zu out: differs "
             "from OpenSSL", algs[a].name, len, outlen);
    }
  EVP_MD_CTX_free (c);
}
#endif

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (202);
  test_kat ();
  test_permutation ();
  test_splits ();
  test_x4 ();
  test_x8_oneshot ();
#ifdef HAVE_OPENSSL
  test_openssl ();
#else
  printf ("t-sha3: OpenSSL comparison skipped (built without OpenSSL)\n");
#endif
  return t_done ("t-sha3");
}
