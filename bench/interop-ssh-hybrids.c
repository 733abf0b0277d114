/* interop-ssh-hybrids.c - SSH's hybrid key exchanges sntrup761x25519-sha512,
 * mlkem768x25519-sha256 and mlkem768nistp256-sha256 of this library
 * (kc_kem) against OpenSSH's own implementation of each (openssh-portable's
 * kex_kem_* functions, built outside this tree: bench/interop-ssh-side.c).
 * Not a test: configure builds it only with --with-openssh-peer=DIR, and
 * nothing runs it but a person (doc/HACKING).
 *
 *   usage: interop-ssh-hybrids [CASES]   (default 200 per exchange)
 *
 * For each exchange and case, with fresh keys on both sides:
 *   A  OpenSSH's client key pair (Q_C); we encapsulate to it as the server
 *      and OpenSSH's client decapsulates our reply (Q_S): the same K;
 *   B  our key pair; OpenSSH's server encapsulates to it and we
 *      decapsulate its reply: the same K;
 *   C  OpenSSH's client key pair, OpenSSH's server reply: we decapsulate
 *      it with OpenSSH's client secret (its parts in kc_kem's order),
 *      the K that OpenSSH's client finds.
 * Then refusals, where both must refuse: a client key whose classical
 * half is not a valid share (P-256: a point off the curve; X25519: the
 * all-zero value, whose shared secret is zero), given to our encapsulation
 * and to OpenSSH's server; and a reply whose classical half is such a
 * value, given to our decapsulation and to OpenSSH's client.
 * Prints one line per exchange and exits 0 if every case agreed, 1
 * otherwise (2: a setup failure).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>
#include "interop-ssh-side.h"

#define MAXPK 1249
#define MAXSK 2432
#define MAXCT 1153
#define MAXSS 64

struct exchange
{
  const char *name;             /* SSH's name, OpenSSH's kex_type_from_name */
  int algo;
  size_t pk, sk, ct, ss;
  size_t ec;                    /* length of the classical part (at the end) */
};

static const struct exchange exchanges[] = {
  { "sntrup761x25519-sha512", KC_KEM_SNTRUP761X25519_SHA512,
    KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN, 32 },
  { "mlkem768x25519-sha256", KC_KEM_MLKEM768X25519_SHA256,
    KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN, 32 },
  { "mlkem768nistp256-sha256", KC_KEM_MLKEM768NISTP256_SHA256,
    KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN, 65 },
};

static unsigned long disagreements;

static void
disagree (const struct exchange *x, const char *what, unsigned long i)
{
  if (disagreements++ < 20)
    fprintf (stderr, "%s: case %lu: %s\n", x->name, i, what);
}

static int
same (const unsigned char *a, size_t alen, const unsigned char *b,
      size_t blen)
{
  return alen == blen && !memcmp (a, b, alen);
}

/* The classical half of a key or reply (its last EC bytes) made invalid:
 * X25519's all-zero value; for P-256 the point (0x04 || X || Y) with
 * Y's low bit flipped, which is off the curve unless Y ^ 1 = p - Y (only
 * for Y = (p +- 1)/2; OpenSSH's refusal of the same point checks it). */
static void
spoil (const struct exchange *x, unsigned char *buf, size_t len)
{
  unsigned char *c = buf + len - x->ec;
  if (x->ec == 32)
    memset (c, 0, 32);
  else
    c[64] ^= 1;
}

static int
run (const struct exchange *x, unsigned long cases)
{
  struct sshside *cli = sshside_new (x->name);
  struct sshside *srv = sshside_new (x->name);
  unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT], ss1[MAXSS], ss2[MAXSS];
  size_t pkl, skl, ctl, s1l, s2l;
  unsigned long i, before = disagreements, refusals = 0;


  if (!cli || !srv)
    {
      printf ("%-26s this OpenSSH does not have it\n", x->name);
      sshside_free (cli);
      sshside_free (srv);
      return 2;
    }
  for (i = 0; i < cases; i++)
    {
      /* OpenSSH's client key pair, its secret taken at once (OpenSSH's
       * decapsulation frees the P-256 half) */
      if (sshside_keypair (cli, pk, sizeof pk, &pkl) || pkl != x->pk
          || sshside_client_seckey (cli, sk, sizeof sk, &skl)
          || skl != x->sk)
        {
          disagree (x, "OpenSSH's key pair failed or has other lengths", i);
          continue;
        }
      /* C: OpenSSH's server replies; we decapsulate with the client's
       * secret */
      if (sshside_enc (srv, pk, pkl, ct, sizeof ct, &ctl,
                       ss1, sizeof ss1, &s1l) || ctl != x->ct)
        disagree (x, "C: OpenSSH's server failed", i);
      else if (kc_kem_decap (x->algo, sk, skl, ct, ctl, ss2, x->ss,
                             NULL, 0))
        disagree (x, "C: our decapsulation refused OpenSSH's reply", i);
      else if (!same (ss1, s1l, ss2, x->ss))
        disagree (x, "C: different shared secrets", i);

      /* A: OpenSSH's client, our server */
      if (kc_kem_encap (x->algo, pk, pkl, ct, x->ct, ss1, x->ss, NULL, 0))
        disagree (x, "A: our encapsulation refused OpenSSH's key", i);
      else if (sshside_dec (cli, ct, x->ct, ss2, sizeof ss2, &s2l))
        disagree (x, "A: OpenSSH refused our reply", i);
      else if (!same (ss1, x->ss, ss2, s2l))
        disagree (x, "A: different shared secrets", i);

      /* B: our client, OpenSSH's server */
      if (kc_kem_keypair (x->algo, pk, x->pk, sk, x->sk))
        {
          disagree (x, "B: our key pair failed", i);
          continue;
        }
      if (sshside_enc (srv, pk, x->pk, ct, sizeof ct, &ctl,
                       ss1, sizeof ss1, &s1l) || ctl != x->ct)
        disagree (x, "B: OpenSSH refused our key", i);
      else if (kc_kem_decap (x->algo, sk, x->sk, ct, ctl, ss2, x->ss,
                             NULL, 0))
        disagree (x, "B: we refused OpenSSH's reply", i);
      else if (!same (ss1, s1l, ss2, x->ss))
        disagree (x, "B: different shared secrets", i);

      /* refusals, on every tenth case */
      if (i % 10)
        continue;
      refusals++;
      spoil (x, pk, x->pk);     /* our key pair's public key from B */
      if (!kc_kem_encap (x->algo, pk, x->pk, ct, x->ct, ss1, x->ss,
                         NULL, 0))
        disagree (x, "we accepted a key with a bad classical half", i);
      if (!sshside_enc (srv, pk, x->pk, ct, sizeof ct, &ctl,
                        ss1, sizeof ss1, &s1l))
        disagree (x, "OpenSSH accepted a key with a bad classical half", i);
      /* a reply to OpenSSH's client, spoiled, to both clients */
      if (sshside_keypair (cli, pk, sizeof pk, &pkl)
          || sshside_client_seckey (cli, sk, sizeof sk, &skl)
          || sshside_enc (srv, pk, pkl, ct, sizeof ct, &ctl,
                          ss1, sizeof ss1, &s1l))
        {
          disagree (x, "refusal setup failed", i);
          continue;
        }
      spoil (x, ct, ctl);
      if (!kc_kem_decap (x->algo, sk, skl, ct, ctl, ss2, x->ss, NULL, 0))
        disagree (x, "we accepted a reply with a bad classical half", i);
      if (!sshside_dec (cli, ct, ctl, ss2, sizeof ss2, &s2l))
        disagree (x, "OpenSSH accepted a reply with a bad classical half",
                  i);
    }
  printf ("%-26s %lu cases (A, B, C each), %lu refusal pairs: %s\n",
          x->name, cases, refusals,
          disagreements == before ? "all agree" : "DISAGREEMENTS");
  sshside_free (cli);
  sshside_free (srv);
  return disagreements != before;
}

int
main (int argc, char **argv)
{
  unsigned long cases = 200;
  size_t k;
  int ret = 0, r;

  if (argc > 1)
    {
      char *end;
      cases = strtoul (argv[1], &end, 10);
      if (*end || !cases)
        {
          fprintf (stderr, "usage: %s [CASES]\n", argv[0]);
          return 2;
        }
    }
  if (!kc_check_version (NULL))
    return 2;
  for (k = 0; k < sizeof exchanges / sizeof exchanges[0]; k++)
    {
      r = run (&exchanges[k], cases);
      if (r > ret)
        ret = r;
    }
  return ret;
}
