/* t-md.c - SHA-256, SHA-512 (FIPS 180-4 examples), HMAC-SHA256 (RFC 4231),
 * the SHA-NI and SHA-512 AVX2 paths against the portable ones, one call
 * against two updates at every length to three blocks, random lengths
 * against OpenSSL (SHA-256/384/512, when built with it), and the error
 * paths of kc_md_hash_buffer.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "hash/hmac.h"
#include "md.h"
#include "t-common.h"
#ifdef HAVE_OPENSSL
# include <openssl/sha.h>
#endif

static const struct
{
  const char *msg;
  const char *sha256;
  const char *sha512;
} fips[] = {
  { "",
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
    "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
  { "abc",
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
  { "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    NULL },
  { "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
    "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
    NULL,
    "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
    "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
};

static void
test_fips (void)
{
  unsigned char d[64];
  size_t i;

  for (i = 0; i < KC_DIM (fips); i++)
    {
      size_t n = strlen (fips[i].msg);
      if (fips[i].sha256)
        {
          CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 32, fips[i].msg, n), 0);
          check_hex ("sha256 fips", d, 32, fips[i].sha256);
        }
      if (fips[i].sha512)
        {
          CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA512, d, 64, fips[i].msg, n), 0);
          check_hex ("sha512 fips", d, 64, fips[i].sha512);
        }
    }

  /* One million 'a', fed in uneven pieces and in one piece. */
  {
    static unsigned char buf[1000000];
    _kc_sha256_ctx c256;
    _kc_sha512_ctx c512;
    size_t off, step;

    memset (buf, 'a', sizeof buf);
    _kc_sha256 (d, buf, sizeof buf);
    check_hex ("sha256 million a", d, 32,
               "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    _kc_sha512 (d, buf, sizeof buf);
    check_hex ("sha512 million a", d, 64,
               "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
               "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
    _kc_sha256_init (&c256);
    _kc_sha512_init (&c512);
    for (off = 0, step = 1; off < sizeof buf; off += step, step = step * 3 % 997 + 1)
      {
        size_t n = step < sizeof buf - off ? step : sizeof buf - off;
        _kc_sha256_update (&c256, buf + off, n);
        _kc_sha512_update (&c512, buf + off, n);
      }
    _kc_sha256_final (&c256, d);
    check_hex ("sha256 million a, pieces", d, 32,
               "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    _kc_sha512_final (&c512, d);
    check_hex ("sha512 million a, pieces", d, 64,
               "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
               "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
  }
}

static void
test_hmac (void)
{
  static const struct
  {
    const char *key, *data, *mac;  /* hex */
  } tv[] = {
    { "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
    { "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
      "dddddddddddddddddddddddddddddddddddd",
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
    { "0102030405060708090a0b0c0d0e0f10111213141516171819",
      "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
      "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b" },
  };
  unsigned char key[200], data[200], mac[32];
  size_t i;

  for (i = 0; i < KC_DIM (tv); i++)
    {
      long kl = t_unhex (key, sizeof key, tv[i].key);
      long dl = t_unhex (data, sizeof data, tv[i].data);
      _kc_hmac_sha256 (mac, key, (size_t) kl, data, (size_t) dl);
      check_hex ("hmac-sha256 rfc4231", mac, 32, tv[i].mac);
    }
  /* RFC 4231 cases 6 and 7: a key longer than the block. */
  memset (key, 0xaa, 131);
  {
    const char *m6 = "Test Using Larger Than Block-Size Key - Hash Key First";
    const char *m7 = "This is a test using a larger than block-size key and a "
      "larger than block-size data. The key needs to be hashed before being "
      "used by the HMAC algorithm.";
    _kc_hmac_sha256 (mac, key, 131, m6, strlen (m6));
    check_hex ("hmac-sha256 rfc4231 #6", mac, 32,
               "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    _kc_hmac_sha256 (mac, key, 131, m7, strlen (m7));
    check_hex ("hmac-sha256 rfc4231 #7", mac, 32,
               "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
  }
}

/* The SHA-NI compression against the portable one. */
static void
test_paths (void)
{
  unsigned char buf[64 * 9];
  int k;

  if (!_kc_sha256_have_shani ())
    {
      printf ("t-md: no SHA-NI on this CPU; portable path only\n");
      return;
    }
  for (k = 0; k < 2000; k++)
    {
      uint32_t h1[8], h2[8];
      size_t nb = 1 + (size_t) k % 9;
      t_randbytes (h1, sizeof h1);
      memcpy (h2, h1, sizeof h1);
      t_randbytes (buf, sizeof buf);
      if (k % 3 == 0)
        memset (buf, k % 2 ? 0xff : 0, sizeof buf);
      _kc_sha256_blocks_generic (h1, buf, nb);
      _kc_sha256_blocks (h2, buf, nb);
      CHECK (!memcmp (h1, h2, sizeof h1), "sha-ni vs portable, %u blocks",
             (unsigned) nb);
    }
}

/* The AVX2+BMI2 SHA-512 compression (its AVX-512VL schedule where the
 * CPU has that, and the AVX2 one with AVX-512 masked: every other case)
 * against the portable one: block counts 1..9 (odd counts end on the
 * single-block path, every count crosses the two-block groups), random
 * and all-0/all-1 data and state, and every start offset modulo 16
 * (unaligned loads). */
static void
test_paths512 (void)
{
  unsigned char buf[128 * 9 + 16];
  int k;

  if (!_kc_sha512_have_avx2 ())
    {
      printf ("t-md: no AVX2+BMI2 on this CPU; portable SHA-512 only\n");
      return;
    }
  for (k = 0; k < 2000; k++)
    {
      uint64_t h1[8], h2[8];
      size_t nb = 1 + (size_t) k % 9, off = (size_t) (k / 9) % 16;
      t_randbytes (h1, sizeof h1);
      memcpy (h2, h1, sizeof h1);
      t_randbytes (buf, sizeof buf);
      if (k % 3 == 0)
        memset (buf, k % 2 ? 0xff : 0, sizeof buf);
      _kc_sha512_blocks_generic (h1, buf + off, nb);
      _kc_hwf_set_mask (k & 1 ? ~(unsigned int) KC_HWF_AVX512 : ~0u);
      _kc_sha512_blocks (h2, buf + off, nb);
      _kc_hwf_set_mask (~0u);
      CHECK (!memcmp (h1, h2, sizeof h1),
             "sha512 avx2 vs portable, %u blocks at offset %u",
             (unsigned) nb, (unsigned) off);
    }
  /* Long inputs through the whole hash, both paths. */
  {
    static unsigned char big[128 * 37 + 5];
    unsigned char d1[64], d2[64];
    _kc_sha512_ctx c;
    t_randbytes (big, sizeof big);
    for (k = 0; k < 40; k++)
      {
        size_t len = sizeof big - (size_t) k * 117;
        size_t off = 0;
        _kc_sha512 (d1, big, len);
        /* The same through the portable compression, block by block. */
        _kc_sha512_init (&c);
        while (len - off >= 128)
          {
            _kc_sha512_blocks_generic (c.h, big + off, 1);
            c.nbytes += 128;
            off += 128;
          }
        _kc_sha512_update (&c, big + off, len - off);
        _kc_sha512_final (&c, d2);
        CHECK (!memcmp (d1, d2, 64), "sha512 avx2 vs portable, len %u",
               (unsigned) len);
      }
  }
}

/* One call (kc_md_hash_buffer, and _kc_sha256 / _kc_sha384 / _kc_sha512,
 * whose own last-block code it uses) against the context of md.h fed in
 * two pieces, cut at a random place, at every length from 0 to three
 * blocks and a little more, the data at every offset modulo 16 in turn:
 * part-full block buffers (hash/md-buffer.h) at the cut and at the end,
 * and paddings of one and of two blocks.  On every kernel row this CPU
 * has (the default, AVX-512 masked, everything masked: the portable
 * code), the context always the portable kernels' result. */
static void
test_split (void)
{
  static const struct
  {
    int algo;
    void (*oneshot) (unsigned char *out, const void *data, size_t len);
  } algos[] = {
    { KC_MD_SHA256, _kc_sha256 },
    { KC_MD_SHA384, _kc_sha384 },
    { KC_MD_SHA512, _kc_sha512 }
  };
  static const unsigned int masks[] = {
    ~0u, ~(unsigned int) KC_HWF_AVX512, 0
  };
  static unsigned char buf[3 * 128 + 40 + 16];
  unsigned char a[64], b[64];
  size_t len, k, m;
  int n = 0;

  t_randbytes (buf, sizeof buf);
  for (m = 0; m < KC_DIM (masks); m++)
    for (len = 0; len <= sizeof buf - 16; len++)
      for (k = 0; k < KC_DIM (algos); k++)
        {
          const unsigned char *p = buf + (len + k) % 16;
          size_t cut = len ? (size_t) (t_rand64 () % len) : 0;
          size_t dl = kc_md_get_algo_dlen (algos[k].algo);
          _kc_md_ctx c;

          _kc_hwf_set_mask (0);
          _kc_md_init (&c, _kc_md_lookup (algos[k].algo));
          _kc_md_write (&c, p, cut);
          _kc_md_write (&c, p + cut, len - cut);
          _kc_md_final (&c, b, dl);
          _kc_hwf_set_mask (masks[m]);
          memset (a, 0xee, sizeof a);
          CHECK_ERR (kc_md_hash_buffer (algos[k].algo, a, dl, p, len), 0);
          CHECK (!memcmp (a, b, dl), "md %d: hash_buffer, len %u, mask %x",
                 algos[k].algo, (unsigned) len, masks[m]);
          CHECK (dl == sizeof a
                 || (a[dl] == 0xee && a[sizeof a - 1] == 0xee),
                 "md %d: hash_buffer wrote past %u bytes, len %u",
                 algos[k].algo, (unsigned) dl, (unsigned) len);
          memset (a, 0, sizeof a);
          algos[k].oneshot (a, p, len);
          CHECK (!memcmp (a, b, dl), "md %d: one call, len %u, mask %x",
                 algos[k].algo, (unsigned) len, masks[m]);
          n++;
        }
  _kc_hwf_set_mask (~0u);
  printf ("t-md: one call and two updates agree (SHA-256/384/512, every "
          "kernel), %d cases\n", n);
}

static void
test_openssl (void)
{
#ifdef HAVE_OPENSSL
  static unsigned char buf[300000];
  unsigned char a[64], b[64];
  int k;

  t_randbytes (buf, sizeof buf);
  for (k = 0; k < 3000; k++)
    {
      size_t len;
      if (k < 600)
        len = (size_t) k;               /* every length around the blocks */
      else
        len = (size_t) (t_rand64 () % (k % 50 == 0 ? sizeof buf : 4096));
      kc_md_hash_buffer (KC_MD_SHA256, a, 32, buf, len);
      SHA256 (buf, len, b);
      CHECK (!memcmp (a, b, 32), "sha256 vs openssl, len %u", (unsigned) len);
      kc_md_hash_buffer (KC_MD_SHA512, a, 64, buf, len);
      SHA512 (buf, len, b);
      CHECK (!memcmp (a, b, 64), "sha512 vs openssl, len %u", (unsigned) len);
      kc_md_hash_buffer (KC_MD_SHA384, a, 48, buf, len);
      SHA384 (buf, len, b);
      CHECK (!memcmp (a, b, 48), "sha384 vs openssl, len %u", (unsigned) len);
    }
  printf ("t-md: 3000 random lengths agree with OpenSSL (SHA-256/384/512)\n");
#else
  printf ("t-md: built without OpenSSL; comparison skipped\n");
#endif
}

static void
test_errors (void)
{
  unsigned char d[65], x[4] = { 1, 2, 3, 4 };

  CHECK_ERR (kc_md_hash_buffer (0, d, 32, x, 4), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (11, d, 32, x, 4), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (314, d, 32, x, 4), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (-1, d, 64, x, 4), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 31, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 33, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 64, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA512, d, 32, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA512, d, 65, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, NULL, 32, x, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 32, NULL, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, d, 32, NULL, 0), 0);
  check_hex ("sha256 NULL,0", d, 32,
             "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK (kc_md_get_algo_dlen (KC_MD_SHA256) == 32, "dlen 256");
  CHECK (kc_md_get_algo_dlen (KC_MD_SHA512) == 64, "dlen 512");
  CHECK (kc_md_get_algo_dlen (3) == 0, "dlen unknown");
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (2);
  test_fips ();
  test_hmac ();
  test_paths ();
  test_paths512 ();
  test_split ();
  test_openssl ();
  test_errors ();
  return t_done ("t-md");
}
