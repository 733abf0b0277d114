/* interop-ssh-side.c - the OpenSSH half of interop-ssh-hybrids: OpenSSH's
 * own key-exchange functions (kexsntrup761x25519.c, kexmlkem768x25519.c
 * and kexmlkem768ecdh.c of openssh-portable, built outside this tree and
 * named by --with-openssh-peer=DIR) behind the plain calls of
 * interop-ssh-side.h.  This file sees only OpenSSH's headers (and its
 * config.h), interop-ssh-hybrids.c only libkcrypt's.  Not a test: built
 * with that configure option alone and run by hand (doc/HACKING).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/* kex.h holds EC_KEY (deprecated in OpenSSL 3, as OpenSSH uses it) */
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include "includes.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sshbuf.h"
#include "digest.h"
#include "ssherr.h"
#include "kex.h"
#include "log.h"

#include "interop-ssh-side.h"

/* libssh.a's fatal () ends here; OpenSSH's programs each define it. */
void
cleanup_exit (int i)
{
  _exit (i);
}

struct sshside
{
  struct kex *kex;              /* its kex_type says which exchange */
};

struct sshside *
sshside_new (const char *kex_name)
{
  struct sshside *s;
  int type = (int) kex_type_from_name (kex_name);

  if (type != KEX_KEM_SNTRUP761X25519_SHA512
      && type != KEX_KEM_MLKEM768X25519_SHA256
      && type != KEX_KEM_MLKEM768ECDH_SHA256)
    return NULL;
  if ((s = calloc (1, sizeof *s)) == NULL)
    return NULL;
  if ((s->kex = kex_new ()) == NULL)
    {
      free (s);
      return NULL;
    }
  s->kex->kex_type = type;
  s->kex->hash_alg = kex_hash_from_name (kex_name);
  s->kex->ec_nid = kex_nid_from_name (kex_name);
  return s;
}

void
sshside_free (struct sshside *s)
{
  if (!s)
    return;
  kex_free (s->kex);            /* also the client key pair it holds */
  free (s);
}

static int
copy_out (const struct sshbuf *b, unsigned char *out, size_t max,
          size_t *len)
{
  *len = sshbuf_len (b);
  if (*len > max)
    return 1;
  memcpy (out, sshbuf_ptr (b), *len);
  return 0;
}

/* K as OpenSSH keeps it: an SSH string (uint32 length, then the digest). */
static int
copy_k (struct sshbuf *k, unsigned char *ss, size_t max, size_t *len)
{
  const u_char *p;
  size_t n;
  int r;

  if ((r = sshbuf_get_string_direct (k, &p, &n)) != 0)
    return r;
  if (n > max || sshbuf_len (k) != 0)
    return 1;
  memcpy (ss, p, n);
  *len = n;
  return 0;
}

int
sshside_keypair (struct sshside *s, unsigned char *pk, size_t pk_max,
                 size_t *pk_len)
{
  struct kex *kex = s->kex;
  int r;

  /* a fresh client state: the previous key pair goes */
  sshbuf_free (kex->client_pub);
  kex->client_pub = NULL;
  EC_KEY_free (kex->ec_client_key);
  kex->ec_client_key = NULL;
  switch (s->kex->kex_type)
    {
    case KEX_KEM_SNTRUP761X25519_SHA512:
      r = kex_kem_sntrup761x25519_keypair (kex);
      break;
    case KEX_KEM_MLKEM768X25519_SHA256:
      r = kex_kem_mlkem768x25519_keypair (kex);
      break;
    default:
      r = kex_kem_mlkem768ecdh_keypair (kex);
      break;
    }
  if (r != 0)
    return r;
  return copy_out (kex->client_pub, pk, pk_max, pk_len);
}

int
sshside_enc (struct sshside *s, const unsigned char *pk, size_t pk_len,
             unsigned char *ct, size_t ct_max, size_t *ct_len,
             unsigned char *ss, size_t ss_max, size_t *ss_len)
{
  struct sshbuf *cb, *server_blob = NULL, *k = NULL;
  int r;

  if ((cb = sshbuf_from (pk, pk_len)) == NULL)
    return SSH_ERR_ALLOC_FAIL;
  switch (s->kex->kex_type)
    {
    case KEX_KEM_SNTRUP761X25519_SHA512:
      r = kex_kem_sntrup761x25519_enc (s->kex, cb, &server_blob, &k);
      break;
    case KEX_KEM_MLKEM768X25519_SHA256:
      r = kex_kem_mlkem768x25519_enc (s->kex, cb, &server_blob, &k);
      break;
    default:
      r = kex_kem_mlkem768ecdh_enc (s->kex, cb, &server_blob, &k);
      break;
    }
  if (r == 0)
    r = copy_out (server_blob, ct, ct_max, ct_len);
  if (r == 0)
    r = copy_k (k, ss, ss_max, ss_len);
  sshbuf_free (cb);
  sshbuf_free (server_blob);
  sshbuf_free (k);
  return r;
}

int
sshside_dec (struct sshside *s, const unsigned char *ct, size_t ct_len,
             unsigned char *ss, size_t ss_max, size_t *ss_len)
{
  struct sshbuf *sb, *k = NULL;
  int r;

  if ((sb = sshbuf_from (ct, ct_len)) == NULL)
    return SSH_ERR_ALLOC_FAIL;
  switch (s->kex->kex_type)
    {
    case KEX_KEM_SNTRUP761X25519_SHA512:
      r = kex_kem_sntrup761x25519_dec (s->kex, sb, &k);
      break;
    case KEX_KEM_MLKEM768X25519_SHA256:
      r = kex_kem_mlkem768x25519_dec (s->kex, sb, &k);
      break;
    default:
      r = kex_kem_mlkem768ecdh_dec (s->kex, sb, &k);
      break;
    }
  if (r == 0)
    r = copy_k (k, ss, ss_max, ss_len);
  sshbuf_free (sb);
  sshbuf_free (k);
  return r;
}

/* The client's secret in kc_kem's order: the post-quantum secret key as
 * OpenSSH keeps it, then the classical secret as 32 bytes (X25519's
 * scalar as stored; P-256's big-endian). */
int
sshside_client_seckey (struct sshside *s, unsigned char *sk, size_t sk_max,
                       size_t *sk_len)
{
  struct kex *kex = s->kex;
  const unsigned char *pq;
  size_t pqlen;

  if (s->kex->kex_type == KEX_KEM_SNTRUP761X25519_SHA512)
    {
      pq = kex->sntrup761_client_key;
      pqlen = sizeof kex->sntrup761_client_key;
    }
  else
    {
      pq = kex->mlkem768_client_key;
      pqlen = sizeof kex->mlkem768_client_key;
    }
  if (sk_max < pqlen + 32)
    return 1;
  memcpy (sk, pq, pqlen);
  if (s->kex->kex_type == KEX_KEM_MLKEM768ECDH_SHA256)
    {
      const BIGNUM *d = kex->ec_client_key
        ? EC_KEY_get0_private_key (kex->ec_client_key) : NULL;
      if (!d || BN_bn2binpad (d, sk + pqlen, 32) != 32)
        return 1;
    }
  else
    memcpy (sk + pqlen, kex->c25519_client_key, 32);
  *sk_len = pqlen + 32;
  return 0;
}
