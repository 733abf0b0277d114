/* md.c - the public hash dispatcher: algorithm switch and length checks
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "sha256.h"
#include "sha512.h"

unsigned int
kc_md_get_algo_dlen (int algo)
{
  switch (algo)
    {
    case KC_MD_SHA256: return KC_SHA256_DIGEST_LEN;
    case KC_MD_SHA512: return KC_SHA512_DIGEST_LEN;
    default: return 0;
    }
}

static KC_NOINLINE gpg_error_t
md_hash_buffer_body (int algo, void *digest, size_t digest_len,
                     const void *buffer, size_t length)
{
  unsigned int dlen = kc_md_get_algo_dlen (algo);

  if (!dlen)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!digest || digest_len != dlen || (!buffer && length))
    return KC_ERR (GPG_ERR_INV_ARG);

  if (algo == KC_MD_SHA256)
    _kc_sha256 (digest, buffer, length);
  else
    _kc_sha512 (digest, buffer, length);
  return 0;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_md_hash_buffer (int algo, void *digest, size_t digest_len,
                   const void *buffer, size_t length)
{
  gpg_error_t err = md_hash_buffer_body (algo, digest, digest_len, buffer,
                                         length);
  _kc_burn_stack (algo == KC_MD_SHA256 ? KC_STACK_BURN_SHA256
                                        : KC_STACK_BURN_SHA512);
  return err;
}
