/* bench-peers-md.c - bench-peers rows md/<algo>/<size>: SHA-256 and
 * SHA-512 per byte, kc_md_hash_buffer against OpenSSL (EVP, context and
 * pre-fetched digest reused) and libgcrypt (gcry_md_hash_buffer).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

struct md_input
{
  const unsigned char *data;
  size_t len;
  int ours_algo;                /* KC_MD_* */
  size_t dlen;
  int xof;
#ifdef HAVE_OPENSSL
  EVP_MD_CTX *ossl_ctx;
  const EVP_MD *ossl_md;
#endif
#ifdef HAVE_LIBGCRYPT
  int gcry_algo;
#endif
};

static void
md_ours (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      kc_md_hash_buffer (in->ours_algo, d, in->dlen,
                         bench_hide_ptr (in->data), in->len);
      bench_consume_u64 (d[0]);
    }
}

#ifdef HAVE_OPENSSL
/* EVP with a context and a (pre-fetched) digest object kept across calls:
 * OpenSSL's recommended and fastest way for repeated hashing. */
static int
md_openssl_once (const struct md_input *in, unsigned char *d)
{
  unsigned int dl;
  if (EVP_DigestInit_ex (in->ossl_ctx, in->ossl_md, NULL) != 1
      || EVP_DigestUpdate (in->ossl_ctx, bench_hide_ptr (in->data),
                           in->len) != 1)
    return 0;
  if (in->xof)
    return EVP_DigestFinalXOF (in->ossl_ctx, d, in->dlen) == 1;
  return EVP_DigestFinal_ex (in->ossl_ctx, d, &dl) == 1 && dl == in->dlen;
}

static void
md_openssl (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      md_openssl_once (in, d);
      bench_consume_u64 (d[0]);
    }
}
#endif

#ifdef HAVE_LIBGCRYPT
static void
md_gcrypt (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      gcry_md_hash_buffer (in->gcry_algo, d, bench_hide_ptr (in->data),
                           in->len);
      bench_consume_u64 (d[0]);
    }
}
#endif

struct md_algo
{
  const char *name;             /* row name and OpenSSL's fetch name */
  const char *ossl_name;
  int ours;                     /* KC_MD_* */
  size_t dlen;                  /* bytes compared (output length of an XOF) */
  int xof;
  int gcry;                     /* GCRY_MD_*, 0: not compared */
};

/* Row pair md/<algo>/<len>: kc_md_hash_buffer against OpenSSL's EVP and
 * libgcrypt's gcry_md_hash_buffer on the same LEN bytes. */
static void
row_md (const struct md_algo *a, size_t len)
{
  static unsigned char buf[8192];
  struct md_input in;
  struct peer_side sides[PEERS_MAX_SIDES];
  unsigned char want[64], got[64];
  char path[64];
  size_t n = 0, i;

  snprintf (path, sizeof path, "md/%s/%zu", a->name, len);
  if (!peers_row_wanted (path))
    return;
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 131 + 7);

  memset (&in, 0, sizeof in);
  in.data = buf;
  in.len = len;
  in.ours_algo = a->ours;
  in.dlen = a->dlen;
  in.xof = a->xof;
  if (kc_md_hash_buffer (in.ours_algo, want, in.dlen, buf, len))
    bench_fail (path, "kc_md_hash_buffer failed");
  sides[n].who = "ours";
  sides[n].body = md_ours;
  sides[n++].ctx = &in;

#ifdef HAVE_OPENSSL
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
  /* Fetched once: EVP_sha512 () would make every init fetch again. */
  in.ossl_md = EVP_MD_fetch (NULL, a->ossl_name, NULL);
  if (!in.ossl_md)
    bench_fail (path, "EVP_MD_fetch failed");
#else
  in.ossl_md = EVP_get_digestbyname (a->ossl_name);
#endif
  in.ossl_ctx = EVP_MD_CTX_new ();
  if (!in.ossl_ctx)
    bench_fail (path, "EVP_MD_CTX_new failed");
  bench_check (path, md_openssl_once (&in, got)
               && !memcmp (got, want, in.dlen),
               "OpenSSL and ours disagree");
  sides[n].who = "openssl";
  sides[n].body = md_openssl;
  sides[n++].ctx = &in;
#endif
#ifdef HAVE_LIBGCRYPT
  if (a->gcry)
  {
  in.gcry_algo = a->gcry;
  gcry_md_hash_buffer (in.gcry_algo, got, buf, len);
  bench_check (path, !memcmp (got, want, in.dlen),
               "libgcrypt and ours disagree");
  sides[n].who = "libgcrypt";
  sides[n].body = md_gcrypt;
  sides[n++].ctx = &in;
  }
#endif

  peers_compare (path, BENCH_NS_PER_BYTE, (double) len, sides, n);

#ifdef HAVE_OPENSSL
  EVP_MD_CTX_free (in.ossl_ctx);
# if OPENSSL_VERSION_NUMBER >= 0x30000000L
  EVP_MD_free ((EVP_MD *) in.ossl_md);
# endif
#endif
  (void) got;
}

void
bench_peers_md (void)
{
  static const size_t sizes[] = { 64, 1024, 8192 };
  size_t s;

#ifdef HAVE_LIBGCRYPT
# define G(x) x
#else
# define G(x) 0
#endif
  static const struct md_algo algos[] = {
    { "sha256", "SHA256", KC_MD_SHA256, 32, 0, G (GCRY_MD_SHA256) },
    { "sha384", "SHA384", KC_MD_SHA384, 48, 0, G (GCRY_MD_SHA384) },
    { "sha512", "SHA512", KC_MD_SHA512, 64, 0, G (GCRY_MD_SHA512) },
    { "sha3-256", "SHA3-256", KC_MD_SHA3_256, 32, 0, G (GCRY_MD_SHA3_256) },
    { "sha3-512", "SHA3-512", KC_MD_SHA3_512, 64, 0, G (GCRY_MD_SHA3_512) },
    { "shake128", "SHAKE128", KC_MD_SHAKE128, 32, 1, 0 },
    { "shake256", "SHAKE256", KC_MD_SHAKE256, 64, 1, 0 },
  };
#undef G
  size_t a;

  for (a = 0; a < KC_DIM (algos); a++)
    for (s = 0; s < KC_DIM (sizes); s++)
      row_md (&algos[a], sizes[s]);
}
