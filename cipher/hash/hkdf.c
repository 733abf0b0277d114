/* hash/hkdf.c - HKDF (RFC 5869) over HMAC-SHA256/384/512: the public
 * kc_kdf_hkdf.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/hmac.h"

/* PRK = HMAC (SALT, IKM); T(i) = HMAC (PRK, T(i-1) || INFO || i), the
 * output the first OUT_LEN bytes of T(1) || T(2) || ... */
static KC_NOINLINE void
hkdf_body (const _kc_md_info *md, unsigned char *out, size_t out_len,
           const void *ikm, size_t ikm_len, const void *salt,
           size_t salt_len, const void *info, size_t info_len)
{
  static const unsigned char zeros[64];
  unsigned char prk[64], t[64];
  _kc_hmac_ctx keyed, c;
  unsigned int hl = md->dlen;
  unsigned char i;
  size_t done = 0;

  if (!salt_len)
    salt = zeros;
  _kc_hmac_init (&c, md, salt, salt_len ? salt_len : hl);
  _kc_hmac_write (&c, ikm, ikm_len);
  _kc_hmac_final (&c, prk);

  _kc_hmac_init (&keyed, md, prk, hl);
  for (i = 1; done < out_len; i++)
    {
      size_t n = out_len - done < hl ? out_len - done : hl;
      c = keyed;
      if (i > 1)
        _kc_hmac_write (&c, t, hl);
      _kc_hmac_write (&c, info, info_len);
      _kc_hmac_write (&c, &i, 1);
      _kc_hmac_final (&c, t);
      memcpy (out + done, t, n);
      done += n;
    }
  wipememory (prk, sizeof prk);
  wipememory (t, sizeof t);
  wipememory (&keyed, sizeof keyed);
  wipememory (&c, sizeof c);
}

gpg_error_t
kc_kdf_hkdf (int md_algo, void *out, size_t out_len,
             const void *ikm, size_t ikm_len,
             const void *salt, size_t salt_len,
             const void *info, size_t info_len)
{
  const _kc_md_info *md;

  if (md_algo != KC_MD_SHA256 && md_algo != KC_MD_SHA384
      && md_algo != KC_MD_SHA512)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  md = _kc_md_lookup (md_algo);
  if ((!out && out_len) || out_len > 255 * (size_t) md->dlen
      || (!ikm && ikm_len) || (!salt && salt_len) || (!info && info_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!ikm)
    ikm = "";
  if (!info)
    info = "";
  hkdf_body (md, out, out_len, ikm, ikm_len, salt, salt_len, info,
             info_len);
  _kc_burn_stack (md->burn () + KC_STACK_BURN_HKDF_EXTRA);
  return 0;
}
