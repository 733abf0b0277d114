/* hash/md-table.c - the rows of md.h: each hash of hash/ behind the one
 * interface (init, write, final, its stack bound), _kc_md_lookup and
 * _kc_md_hash.  The public entry points and their checks are md.c's;
 * HMAC (hash/hmac.c) builds on these rows.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "md.h"

/* ---------------------------------------------------------- the rows */

static void
sha256_init (_kc_md_ctx *c)
{
  _kc_sha256_init (&c->u.sha256);
}

static void
sha256_write (_kc_md_ctx *c, const void *p, size_t n)
{
  _kc_sha256_update (&c->u.sha256, p, n);
}

static void
sha256_final (_kc_md_ctx *c, unsigned char *out, size_t n)
{
  (void) n;
  _kc_sha256_final (&c->u.sha256, out);
}

static void
sha384_init (_kc_md_ctx *c)
{
  _kc_sha384_init (&c->u.sha512);
}

static void
sha512_init (_kc_md_ctx *c)
{
  _kc_sha512_init (&c->u.sha512);
}

static void
sha512_write (_kc_md_ctx *c, const void *p, size_t n)
{
  _kc_sha512_update (&c->u.sha512, p, n);
}

static void
sha384_final (_kc_md_ctx *c, unsigned char *out, size_t n)
{
  (void) n;
  _kc_sha384_final (&c->u.sha512, out);
}

static void
sha512_final (_kc_md_ctx *c, unsigned char *out, size_t n)
{
  (void) n;
  _kc_sha512_final (&c->u.sha512, out);
}

static void
sha3_256_init (_kc_md_ctx *c)
{
  _kc_keccak_init (&c->u.keccak, KC_SHA3_256_RATE, KC_SHA3_DSUFFIX);
}

static void
sha3_512_init (_kc_md_ctx *c)
{
  _kc_keccak_init (&c->u.keccak, KC_SHA3_512_RATE, KC_SHA3_DSUFFIX);
}

static void
shake128_init (_kc_md_ctx *c)
{
  _kc_keccak_init (&c->u.keccak, KC_SHAKE128_RATE, KC_SHAKE_DSUFFIX);
}

static void
shake256_init (_kc_md_ctx *c)
{
  _kc_keccak_init (&c->u.keccak, KC_SHAKE256_RATE, KC_SHAKE_DSUFFIX);
}

static void
keccak_write (_kc_md_ctx *c, const void *p, size_t n)
{
  _kc_keccak_absorb (&c->u.keccak, p, n);
}

static void
keccak_final (_kc_md_ctx *c, unsigned char *out, size_t n)
{
  _kc_keccak_finalize (&c->u.keccak);
  _kc_keccak_squeeze (&c->u.keccak, out, n);
  wipememory (&c->u.keccak, sizeof c->u.keccak);
}

/* SHA-NI keeps the state in registers and spills nothing (tests/t-wipe
 * checks it on both compilers); the portable kernel leaves its schedule */
static size_t
burn_sha256 (void)
{
  return _kc_sha256_have_shani () ? 0 : KC_STACK_BURN_SHA256;
}

static size_t
burn_keccak (void)
{
  return KC_STACK_BURN_KECCAK;
}

static const _kc_md_info md_table[] = {
  { KC_MD_SHA256, 32, 64, burn_sha256,
    sha256_init, sha256_write, sha256_final, _kc_sha256 },
  { KC_MD_SHA384, 48, 128, _kc_sha512_burn,
    sha384_init, sha512_write, sha384_final, _kc_sha384 },
  { KC_MD_SHA512, 64, 128, _kc_sha512_burn,
    sha512_init, sha512_write, sha512_final, _kc_sha512 },
  { KC_MD_SHA3_256, 32, KC_SHA3_256_RATE, burn_keccak,
    sha3_256_init, keccak_write, keccak_final, NULL },
  { KC_MD_SHA3_512, 64, KC_SHA3_512_RATE, burn_keccak,
    sha3_512_init, keccak_write, keccak_final, NULL },
  { KC_MD_SHAKE128, 0, KC_SHAKE128_RATE, burn_keccak,
    shake128_init, keccak_write, keccak_final, NULL },
  { KC_MD_SHAKE256, 0, KC_SHAKE256_RATE, burn_keccak,
    shake256_init, keccak_write, keccak_final, NULL }
};

const _kc_md_info *
_kc_md_lookup (int algo)
{
  size_t i;
  for (i = 0; i < KC_DIM (md_table); i++)
    if (md_table[i].algo == algo)
      return &md_table[i];
  return NULL;
}

void
_kc_md_hash (const _kc_md_info *info, unsigned char *out, size_t outlen,
             const void *data, size_t len)
{
  _kc_md_ctx ctx;

  if (info->hash)
    {
      info->hash (out, data, len);
      return;
    }
  _kc_md_init (&ctx, info);
  _kc_md_write (&ctx, data, len);
  _kc_md_final (&ctx, out, outlen);
}
