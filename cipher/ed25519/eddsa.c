/* ed25519/eddsa.c - Ed25519 key derivation, signing and single
 * verification (RFC 8032 5.1).  Contracts in ed25519/eddsa.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "hash/sha512.h"
#include "ed25519/eddsa.h"

/* H = SHA-512 (SEED), its first half clamped (RFC 8032 5.1.5) */
static void
expand_seed (unsigned char h[64], const unsigned char seed[32])
{
  _kc_sha512 (h, seed, 32);
  h[0] &= 248;
  h[31] &= 127;
  h[31] |= 64;
}

void
_kc_ed25519_pubkey (unsigned char pub[32], const unsigned char seed[32])
{
  unsigned char h[64];
  _kc_ed25519_ge a;

  expand_seed (h, seed);
  _kc_ed25519_ge_scalarmult_base (&a, h);
  _kc_ed25519_ge_tobytes (pub, &a);
  ct_declassify (pub, 32);                      /* the public key */
  wipememory (h, sizeof h);
  wipememory (&a, sizeof a);
}

/* K = SHA-512 (R || A || MSG) mod L */
static void
challenge (_kc_ed25519_sc *k, const unsigned char r[32],
           const unsigned char a[32], const unsigned char *msg, size_t len)
{
  _kc_sha512_ctx c;
  unsigned char h[64];

  _kc_sha512_init (&c);
  _kc_sha512_update (&c, r, 32);
  _kc_sha512_update (&c, a, 32);
  if (len)
    _kc_sha512_update (&c, msg, len);
  _kc_sha512_final (&c, h);
  _kc_ed25519_sc_reduce64 (k, h);
}

/* R = SHA-512 (PREFIX || MSG) mod L, and RB its 32 bytes */
static void
sign_nonce (_kc_ed25519_sc *r, unsigned char rb[32],
            const unsigned char prefix[32], const unsigned char *msg,
            size_t len)
{
  _kc_sha512_ctx c;
  unsigned char rh[64];

  _kc_sha512_init (&c);
  _kc_sha512_update (&c, prefix, 32);
  if (len)
    _kc_sha512_update (&c, msg, len);
  _kc_sha512_final (&c, rh);
  _kc_ed25519_sc_reduce64 (r, rh);
  _kc_ed25519_sc_tobytes (rb, r);
  wipememory (rh, sizeof rh);
  wipememory (&c, sizeof c);
}

/* SIG = RENC || S, S = R + k S_KEY, k the challenge of RENC (R's
 * encoding), PUB and MSG.  SIG is written last, so it may overlap MSG. */
static void
sign_finish (unsigned char sig[64], const unsigned char renc[32],
             const unsigned char pub[32], const _kc_ed25519_sc *s_key,
             const _kc_ed25519_sc *r, const unsigned char *msg, size_t len)
{
  _kc_ed25519_sc k, s;

  challenge (&k, renc, pub, msg, len);
  _kc_ed25519_sc_muladd (&s, &k, s_key, r);
  memcpy (sig, renc, 32);
  _kc_ed25519_sc_tobytes (sig + 32, &s);
  ct_declassify (sig + 32, 32);
  wipememory (&s, sizeof s);
}

void
_kc_ed25519_sign (unsigned char sig[64], const unsigned char seed[32],
                  const unsigned char *msg, size_t len)
{
  unsigned char h[64], rb[32], pub[32], renc[32];
  _kc_ed25519_sc s, r;
  _kc_ed25519_ge p, pr;

  expand_seed (h, seed);
  _kc_ed25519_ge_scalarmult_base (&p, h);       /* A */
  _kc_ed25519_sc_reduce32 (&s, h);
  sign_nonce (&r, rb, h + 32, msg, len);
  _kc_ed25519_ge_scalarmult_base (&pr, rb);     /* R */
  _kc_ed25519_ge_tobytes2 (pub, &p, renc, &pr); /* one inversion */
  ct_declassify (pub, 32);                      /* A and R are public */
  ct_declassify (renc, 32);
  sign_finish (sig, renc, pub, &s, &r, msg, len);
  wipememory (h, sizeof h);
  wipememory (rb, sizeof rb);
  wipememory (&s, sizeof s);
  wipememory (&r, sizeof r);
  wipememory (&p, sizeof p);
  wipememory (&pr, sizeof pr);
}

/* TAG = the first half of SHA-512 ("libkcrypt Ed25519 key pair" ||
 * PREFIX || PUB): binds the public key to the seed's secret half */
static void
keypair_tag (unsigned char tag[32], const unsigned char prefix[32],
             const unsigned char pub[32])
{
  static const char dom[] = "libkcrypt Ed25519 key pair";
  _kc_sha512_ctx c;
  unsigned char t[64];

  _kc_sha512_init (&c);
  _kc_sha512_update (&c, dom, sizeof dom - 1);
  _kc_sha512_update (&c, prefix, 32);
  _kc_sha512_update (&c, pub, 32);
  _kc_sha512_final (&c, t);
  memcpy (tag, t, 32);
  wipememory (t, sizeof t);
  wipememory (&c, sizeof c);
}

void
_kc_ed25519_keypair (unsigned char kp[KC_ED25519_KEYPAIR_LEN],
                     const unsigned char seed[32])
{
  unsigned char h[64];
  _kc_ed25519_ge a;

  expand_seed (h, seed);
  _kc_ed25519_ge_scalarmult_base (&a, h);
  _kc_ed25519_ge_tobytes (kp + 32, &a);
  ct_declassify (kp + 32, 32);                  /* the public key */
  keypair_tag (kp + 64, h + 32, kp + 32);
  memmove (kp, seed, 32);
  wipememory (h, sizeof h);
  wipememory (&a, sizeof a);
}

/* H = the expanded seed of KP; 1 if KP's tag is the one of its seed and
 * public key (the answer is public, the seed is not) */
static int
keypair_open (unsigned char h[64], const unsigned char *kp)
{
  unsigned char tag[32];
  int ok;

  expand_seed (h, kp);
  keypair_tag (tag, h + 32, kp + 32);
  ok = (int) ct_memequal (tag, kp + 64, 32);
  ct_declassify (&ok, sizeof ok);
  wipememory (tag, sizeof tag);
  return ok;
}

int
_kc_ed25519_keypair_check (const unsigned char kp[KC_ED25519_KEYPAIR_LEN])
{
  unsigned char h[64];
  int ok = keypair_open (h, kp);

  wipememory (h, sizeof h);
  return ok;
}

int
_kc_ed25519_sign_keypair (unsigned char sig[64],
                          const unsigned char kp[KC_ED25519_KEYPAIR_LEN],
                          const unsigned char *msg, size_t len)
{
  unsigned char h[64], rb[32], renc[32];
  _kc_ed25519_sc s, r;
  _kc_ed25519_ge pr;
  int ok = keypair_open (h, kp);

  if (ok)
    {
      _kc_ed25519_sc_reduce32 (&s, h);
      sign_nonce (&r, rb, h + 32, msg, len);
      _kc_ed25519_ge_scalarmult_base (&pr, rb); /* R */
      _kc_ed25519_ge_tobytes (renc, &pr);
      ct_declassify (renc, 32);
      sign_finish (sig, renc, kp + 32, &s, &r, msg, len);
      wipememory (rb, sizeof rb);
      wipememory (&s, sizeof s);
      wipememory (&r, sizeof r);
      wipememory (&pr, sizeof pr);
    }
  wipememory (h, sizeof h);
  return ok;
}

int
_kc_ed25519_prepare_var (_kc_ed25519_item *it, const unsigned char sig[64],
                         const unsigned char pub[32],
                         const unsigned char *msg, size_t len)
{
  _kc_ed25519_ge a;

  if (_kc_ed25519_small_order_var (pub)
      || !_kc_ed25519_ge_frombytes_var (&a, pub))
    return KC_ED25519_BAD_KEY;
  if (!_kc_ed25519_sc_frombytes_var (&it->s, sig + 32)
      || _kc_ed25519_small_order_var (sig)
      || !_kc_ed25519_ge_frombytes_var (&it->nr, sig))
    return KC_ED25519_BAD_SIG;
  _kc_ed25519_ge_neg (&it->nr, &it->nr);
  _kc_ed25519_ge_neg (&it->na, &a);
  memcpy (it->rb, sig, 32);
  memcpy (it->ab, pub, 32);
  challenge (&it->k, sig, pub, msg, len);
  return KC_ED25519_OK;
}

int
_kc_ed25519_verify_item_var (const _kc_ed25519_item *it)
{
  _kc_ed25519_ge q;
  unsigned char rb[32];

  _kc_ed25519_ge_double_scalarmult_var (&q, &it->k, &it->na, &it->s);
  _kc_ed25519_ge_tobytes_var (rb, &q);
  return memcmp (rb, it->rb, 32) ? KC_ED25519_BAD_SIG : KC_ED25519_OK;
}

int
_kc_ed25519_verify_var (const unsigned char sig[64],
                        const unsigned char pub[32],
                        const unsigned char *msg, size_t len)
{
  _kc_ed25519_ge a, q;
  _kc_ed25519_sc s, k;
  unsigned char rb[32];

  /* the same checks as _kc_ed25519_prepare_var, without decoding R: the
   * encodings are compared instead */
  if (_kc_ed25519_small_order_var (pub)
      || !_kc_ed25519_ge_frombytes_var (&a, pub))
    return KC_ED25519_BAD_KEY;
  if (!_kc_ed25519_sc_frombytes_var (&s, sig + 32)
      || _kc_ed25519_noncanonical_y_var (sig)
      || _kc_ed25519_small_order_var (sig))
    return KC_ED25519_BAD_SIG;
  _kc_ed25519_ge_neg (&a, &a);
  challenge (&k, sig, pub, msg, len);
  _kc_ed25519_ge_double_scalarmult_var (&q, &k, &a, &s);
  _kc_ed25519_ge_tobytes_var (rb, &q);
  return memcmp (rb, sig, 32) ? KC_ED25519_BAD_SIG : KC_ED25519_OK;
}
