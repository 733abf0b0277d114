/* hash/rfc6979.c - RFC 6979's HMAC_DRBG for ECDSA nonces (HMAC-SHA256,
 * qlen = hlen = 256).  Contract in hash/rfc6979.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/rfc6979.h"

/* OUT = HMAC_K (V || TAIL), K the key of ST (its keyed context copied) */
static void
mac (unsigned char out[32], const _kc_rfc6979_ctx *st,
     const unsigned char *tail, size_t tlen)
{
  _kc_hmac_sha256_ctx c = st->key;
  _kc_hmac_sha256_update (&c, st->v, 32);
  if (tlen)
    _kc_hmac_sha256_update (&c, tail, tlen);
  _kc_hmac_sha256_final (&c, out);      /* wipes C */
}

/* K = HMAC_K (V || TAIL), then V = HMAC_K (V) under the new K */
static void
rekey (_kc_rfc6979_ctx *st, const unsigned char *tail, size_t tlen)
{
  unsigned char k[32];

  mac (k, st, tail, tlen);
  _kc_hmac_sha256_init (&st->key, k, 32);
  mac (st->v, st, NULL, 0);
  wipememory (k, sizeof k);
}

void
_kc_rfc6979_init (_kc_rfc6979_ctx *st, const unsigned char x[32],
                  const unsigned char h1[32], const unsigned char *extra)
{
  static const unsigned char zero_key[32];
  unsigned char data[1 + 32 + 32 + 32];         /* sep || x || h1 || extra */
  size_t dlen = extra ? 97 : 65;

  memcpy (data + 1, x, 32);
  memcpy (data + 33, h1, 32);
  if (extra)
    memcpy (data + 65, extra, 32);
  memset (st->v, 0x01, 32);                          /* step b */
  _kc_hmac_sha256_init (&st->key, zero_key, 32);     /* step c */
  data[0] = 0x00;
  rekey (st, data, dlen);                            /* steps d, e */
  data[0] = 0x01;
  rekey (st, data, dlen);                            /* steps f, g */
  st->drawn = 0;
  wipememory (data, sizeof data);
}

void
_kc_rfc6979_next (_kc_rfc6979_ctx *st, unsigned char t[32])
{
  static const unsigned char zero = 0x00;

  /* after a candidate: K = HMAC_K (V || 0x00), V = HMAC_K (V) */
  if (st->drawn)
    rekey (st, &zero, 1);
  mac (st->v, st, NULL, 0);                          /* step h */
  memcpy (t, st->v, 32);
  st->drawn = 1;
}

void
_kc_rfc6979_done (_kc_rfc6979_ctx *st)
{
  wipememory (st, sizeof *st);
}
