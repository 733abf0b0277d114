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
  return EVP_DigestInit_ex (in->ossl_ctx, in->ossl_md, NULL) == 1
    && EVP_DigestUpdate (in->ossl_ctx, bench_hide_ptr (in->data), in->len) == 1
    && EVP_DigestFinal_ex (in->ossl_ctx, d, &dl) == 1 && dl == in->dlen;
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

/* Row pair md/<algo>/<len>: kc_md_hash_buffer against OpenSSL's EVP and
 * libgcrypt's gcry_md_hash_buffer on the same LEN bytes. */
static void
row_md (const char *algo_name, int sha512, size_t len)
{
  static unsigned char buf[8192];
  struct md_input in;
  struct peer_side sides[PEERS_MAX_SIDES];
  unsigned char want[64], got[64];
  char path[64];
  size_t n = 0, i;

  snprintf (path, sizeof path, "md/%s/%zu", algo_name, len);
  if (!peers_row_wanted (path))
    return;
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 131 + 7);

  memset (&in, 0, sizeof in);
  in.data = buf;
  in.len = len;
  in.ours_algo = sha512 ? KC_MD_SHA512 : KC_MD_SHA256;
  in.dlen = sha512 ? 64 : 32;
  if (kc_md_hash_buffer (in.ours_algo, want, in.dlen, buf, len))
    bench_fail (path, "kc_md_hash_buffer failed");
  sides[n].who = "ours";
  sides[n].body = md_ours;
  sides[n++].ctx = &in;

#ifdef HAVE_OPENSSL
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
  /* Fetched once: EVP_sha512 () would make every init fetch again. */
  in.ossl_md = EVP_MD_fetch (NULL, sha512 ? "SHA512" : "SHA256", NULL);
  if (!in.ossl_md)
    bench_fail (path, "EVP_MD_fetch failed");
#else
  in.ossl_md = sha512 ? EVP_sha512 () : EVP_sha256 ();
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
  in.gcry_algo = sha512 ? GCRY_MD_SHA512 : GCRY_MD_SHA256;
  gcry_md_hash_buffer (in.gcry_algo, got, buf, len);
  bench_check (path, !memcmp (got, want, in.dlen),
               "libgcrypt and ours disagree");
  sides[n].who = "libgcrypt";
  sides[n].body = md_gcrypt;
  sides[n++].ctx = &in;
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

  for (s = 0; s < KC_DIM (sizes); s++)
    row_md ("sha256", 0, sizes[s]);
  for (s = 0; s < KC_DIM (sizes); s++)
    row_md ("sha512", 1, sizes[s]);
}
