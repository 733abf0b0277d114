/* md.c - the public hash dispatcher: the one-shot and streaming entry
 * points, length and state checks, over the rows of md.h (one per
 * algorithm, in hash/md-table.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy lives here: unknown algorithm GPG_ERR_NOT_SUPPORTED, wrong
 * length or NULL buffer GPG_ERR_INV_ARG, unknown flag GPG_ERR_INV_FLAG,
 * misuse of a handle GPG_ERR_INV_STATE / GPG_ERR_MISSING_KEY (the
 * contracts are in kcrypt.h).  Every entry point that sees data burns the
 * stack its hash used (the row's bound) before it returns.
 */
#include "kcrypt-int.h"
#include "md.h"
#include "hash/hmac.h"

#include <stdlib.h>

/* An output of OUTLEN bytes at OUT is acceptable for INFO. */
static int
good_output (const _kc_md_info *info, const void *out, size_t outlen)
{
  if (info->dlen)
    return out && outlen == info->dlen;
  return out || outlen == 0;
}

/* ----------------------------------------------------------- one call */

unsigned int
kc_md_get_algo_dlen (int algo)
{
  const _kc_md_info *info = _kc_md_lookup (algo);
  return info ? info->dlen : 0;
}

static KC_NOINLINE gpg_error_t
md_hash_buffer_body (const _kc_md_info *info, void *digest,
                     size_t digest_len, const void *buffer, size_t length)
{
  _kc_md_hash (info, digest, digest_len, buffer, length);
  return 0;
}

gpg_error_t
kc_md_hash_buffer (int algo, void *digest, size_t digest_len,
                   const void *buffer, size_t length)
{
  const _kc_md_info *info = _kc_md_lookup (algo);
  gpg_error_t err;

  if (!info)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!good_output (info, digest, digest_len) || (!buffer && length))
    return KC_ERR (GPG_ERR_INV_ARG);
  err = md_hash_buffer_body (info, digest, digest_len, buffer, length);
  _kc_burn_stack (info->burn ());
  return err;
}

/* ---------------------------------------------------------- streaming */

struct kc_md_handle
{
  const _kc_md_info *info;
  unsigned int flags;
  int keyed;                    /* HMAC: a key was set */
  int finished;                 /* final was called; reset needed */
  _kc_md_ctx md;                 /* plain hash */
  _kc_hmac_ctx hmac;             /* HMAC in progress */
  _kc_hmac_ctx hmac_key;         /* HMAC right after the key, for reset */
};

gpg_error_t
kc_md_open (kc_md_hd_t *hd, int algo, unsigned int flags)
{
  const _kc_md_info *info;
  kc_md_hd_t h;

  if (!hd)
    return KC_ERR (GPG_ERR_INV_ARG);
  *hd = NULL;
  info = _kc_md_lookup (algo);
  if (!info)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (flags & ~KC_MD_FLAG_HMAC)
    return KC_ERR (GPG_ERR_INV_FLAG);
  if ((flags & KC_MD_FLAG_HMAC) && !info->dlen)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);      /* no HMAC over an XOF */
  h = calloc (1, sizeof *h);
  if (!h)
    return KC_ERR (GPG_ERR_ENOMEM);
  h->info = info;
  h->flags = flags;
  if (!(flags & KC_MD_FLAG_HMAC))
    _kc_md_init (&h->md, info);
  *hd = h;
  return 0;
}

static KC_NOINLINE void
md_setkey_body (kc_md_hd_t hd, const void *key, size_t keylen)
{
  _kc_hmac_init (&hd->hmac_key, hd->info, key, keylen);
  hd->hmac = hd->hmac_key;
  hd->keyed = 1;
  hd->finished = 0;
}

gpg_error_t
kc_md_setkey (kc_md_hd_t hd, const void *key, size_t keylen)
{
  if (!hd || (!key && keylen))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!(hd->flags & KC_MD_FLAG_HMAC))
    return KC_ERR (GPG_ERR_INV_STATE);
  md_setkey_body (hd, key, keylen);
  _kc_burn_stack (hd->info->burn ());
  return 0;
}

static KC_NOINLINE void
md_write_body (kc_md_hd_t hd, const void *buffer, size_t length)
{
  if (hd->flags & KC_MD_FLAG_HMAC)
    _kc_hmac_write (&hd->hmac, buffer, length);
  else
    _kc_md_write (&hd->md, buffer, length);
}

void
kc_md_write (kc_md_hd_t hd, const void *buffer, size_t length)
{
  if (!hd || !length || !buffer || hd->finished
      || ((hd->flags & KC_MD_FLAG_HMAC) && !hd->keyed))
    return;
  md_write_body (hd, buffer, length);
  _kc_burn_stack (hd->info->burn ());
}

static KC_NOINLINE void
md_final_body (kc_md_hd_t hd, void *digest, size_t digest_len)
{
  if (hd->flags & KC_MD_FLAG_HMAC)
    _kc_hmac_final (&hd->hmac, digest);
  else
    _kc_md_final (&hd->md, digest, digest_len);
  hd->finished = 1;
}

gpg_error_t
kc_md_final (kc_md_hd_t hd, void *digest, size_t digest_len)
{
  if (!hd || !good_output (hd->info, digest, digest_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if ((hd->flags & KC_MD_FLAG_HMAC) && !hd->keyed)
    return KC_ERR (GPG_ERR_MISSING_KEY);
  if (hd->finished)
    return KC_ERR (GPG_ERR_INV_STATE);
  md_final_body (hd, digest, digest_len);
  _kc_burn_stack (hd->info->burn ());
  return 0;
}

void
kc_md_reset (kc_md_hd_t hd)
{
  if (!hd)
    return;
  if (hd->flags & KC_MD_FLAG_HMAC)
    {
      if (hd->keyed)
        hd->hmac = hd->hmac_key;
    }
  else
    _kc_md_init (&hd->md, hd->info);
  hd->finished = 0;
  _kc_burn_stack (0);   /* the copy of the key's states: the registers */
}

void
kc_md_close (kc_md_hd_t hd)
{
  if (!hd)
    return;
  wipememory (hd, sizeof *hd);
  free (hd);
}
