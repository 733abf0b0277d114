/* t-kem.c - the public KEM API (kc_kem_*): round trips, implicit
 * rejection, and every error case of the dispatcher.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The implicit-rejection key is recomputed here from the specification,
 * independently of the library's decapsulation: for sntrup761 it is
 * SHA-512 (0 || SHA-512 (3 || rho)[0..32] || ct)[0..32], rho being bytes
 * 1540..1730 of the secret key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcrypt-int.h"
#include "hash/sha512.h"
#include "t-common.h"

#define PKLEN KC_KEM_SNTRUP761_PUBKEY_LEN
#define SKLEN KC_KEM_SNTRUP761_SECKEY_LEN
#define CTLEN KC_KEM_SNTRUP761_ENCAPS_LEN
#define SSLEN KC_KEM_SNTRUP761_SHARED_LEN
#define SMALL_BYTES 191
#define RHO_OFF (2 * SMALL_BYTES + PKLEN)

static void
hash_prefix (unsigned char out[32], int b, const void *in, size_t n)
{
  unsigned char *buf = malloc (n + 1), h[64];
  if (!buf)
    abort ();
  buf[0] = (unsigned char) b;
  memcpy (buf + 1, in, n);
  _kc_sha512 (h, buf, n + 1);
  memcpy (out, h, 32);
  free (buf);
}

static void
rejection_key (unsigned char out[32], const unsigned char *sk,
               const unsigned char *ct)
{
  unsigned char x[32 + CTLEN];
  hash_prefix (x, 3, sk + RHO_OFF, SMALL_BYTES);
  memcpy (x + 32, ct, CTLEN);
  hash_prefix (out, 0, x, sizeof x);
}

static int
all_bytes (const unsigned char *p, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

static unsigned char pk[PKLEN], sk[SKLEN], ct[CTLEN], ss[SSLEN], ss2[SSLEN];

static void
test_roundtrips (void)
{
  static unsigned char seen[100][SSLEN];
  unsigned char h[64], pre[1 + PKLEN];
  int i, j, dup = 0;

  for (i = 0; i < 100; i++)
    {
      CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, pk, PKLEN, sk, SKLEN), 0);
      /* The secret key carries pk and Hash4 (pk). */
      CHECK (!memcmp (sk + 2 * SMALL_BYTES, pk, PKLEN), "sk does not hold pk");
      pre[0] = 4;
      memcpy (pre + 1, pk, PKLEN);
      _kc_sha512 (h, pre, sizeof pre);
      CHECK (!memcmp (sk + SKLEN - 32, h, 32), "sk does not end in Hash4(pk)");

      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, ct, CTLEN,
                               ss, SSLEN, NULL, 0), 0);
      memset (ss2, 0xaa, sizeof ss2);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN,
                               ss2, SSLEN, NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, SSLEN), "round trip %d: shared keys differ", i);
      rejection_key (ss2, sk, ct);
      CHECK (memcmp (ss, ss2, SSLEN), "round trip %d: got the rejection key", i);
      memcpy (seen[i], ss, SSLEN);
    }
  for (i = 0; i < 100; i++)
    for (j = 0; j < i; j++)
      dup += !memcmp (seen[i], seen[j], SSLEN);
  CHECK (!dup, "%d repeated shared keys in 100 round trips", dup);
}

static void
test_implicit_rejection (void)
{
  unsigned char good[SSLEN], bad[CTLEN], want[SSLEN], again[SSLEN];
  unsigned char sk2[SKLEN], pk2[PKLEN];
  int pos, k;

  CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, pk, PKLEN, sk, SKLEN), 0);
  CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, ct, CTLEN,
                           good, SSLEN, NULL, 0), 0);

  /* Every byte position, one flipped bit (which bit varies). */
  for (pos = 0; pos < CTLEN; pos++)
    {
      memcpy (bad, ct, CTLEN);
      bad[pos] ^= (unsigned char) (1 << (pos % 8));
      memset (ss, 0xaa, sizeof ss);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, bad, CTLEN,
                               ss, SSLEN, NULL, 0), 0);
      CHECK (memcmp (ss, good, SSLEN), "corruption at %d: same key", pos);
      rejection_key (want, sk, bad);
      CHECK (!memcmp (ss, want, SSLEN),
             "corruption at %d: not the implicit-rejection key", pos);
      if (pos % 13 == 0 || pos == CTLEN - 1)
        {
          CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, bad, CTLEN,
                                   again, SSLEN, NULL, 0), 0);
          CHECK (!memcmp (ss, again, SSLEN), "corruption at %d: not repeatable",
                 pos);
        }
    }
  /* Whole-byte replacements at the ends of both parts. */
  for (k = 0; k < 4; k++)
    {
      static const int where[] = { 0, 1006, 1007, CTLEN - 1 };
      memcpy (bad, ct, CTLEN);
      bad[where[k]] = (unsigned char) ~bad[where[k]];
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, bad, CTLEN,
                               ss, SSLEN, NULL, 0), 0);
      rejection_key (want, sk, bad);
      CHECK (!memcmp (ss, want, SSLEN), "byte replaced at %d", where[k]);
    }

  /* The original still decapsulates after all that. */
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN,
                           ss, SSLEN, NULL, 0), 0);
  CHECK (!memcmp (ss, good, SSLEN), "valid ciphertext no longer accepted");

  /* Random ciphertexts never fail and give the rejection key. */
  for (k = 0; k < 100; k++)
    {
      t_randbytes (bad, CTLEN);
      if (k == 0)
        memset (bad, 0xff, CTLEN);
      if (k == 1)
        memset (bad, 0, CTLEN);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, bad, CTLEN,
                               ss, SSLEN, NULL, 0), 0);
      rejection_key (want, sk, bad);
      CHECK (!memcmp (ss, want, SSLEN), "random ciphertext %d", k);
    }

  /* A valid ciphertext for another key is rejected too. */
  CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, pk2, PKLEN, sk2, SKLEN), 0);
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk2, SKLEN, ct, CTLEN,
                           ss, SSLEN, NULL, 0), 0);
  rejection_key (want, sk2, ct);
  CHECK (!memcmp (ss, want, SSLEN), "ciphertext for another key");
}

/* Buffers of one more byte than needed, so that length+1 is testable. */
static unsigned char bpk[PKLEN + 1], bsk[SKLEN + 1], bct[CTLEN + 1];
static unsigned char bss[SSLEN + 1];

static void
fill (void)
{
  memset (bpk, 0xaa, sizeof bpk);
  memset (bsk, 0xaa, sizeof bsk);
  memset (bct, 0xaa, sizeof bct);
  memset (bss, 0xaa, sizeof bss);
}

/* After a failed call: an output given with its exact length is zero,
 * any other output is untouched. */
static int
out_ok (const unsigned char *buf, size_t len, size_t want, size_t size)
{
  if (len == want)
    return all_bytes (buf, len, 0) && all_bytes (buf + len, size - len, 0xaa);
  return all_bytes (buf, size, 0xaa);
}

static void
test_errors (void)
{
  static const int algos[] = { 0, 2, -1, 1000 };
  static const long deltas[] = { -1, 1, 0 };   /* 0: length 0 */
  unsigned char opt[4] = { 0 };
  int i, d;

  /* Unknown algorithms, otherwise valid arguments: nothing written. */
  for (i = 0; i < (int) KC_DIM (algos); i++)
    {
      fill ();
      CHECK_ERR (kc_kem_keypair (algos[i], bpk, PKLEN, bsk, SKLEN),
                 GPG_ERR_NOT_SUPPORTED);
      CHECK (all_bytes (bpk, sizeof bpk, 0xaa) && all_bytes (bsk, sizeof bsk, 0xaa),
             "keypair(algo %d) wrote output", algos[i]);
      CHECK_ERR (kc_kem_encap (algos[i], pk, PKLEN, bct, CTLEN, bss, SSLEN,
                               NULL, 0), GPG_ERR_NOT_SUPPORTED);
      CHECK (all_bytes (bct, sizeof bct, 0xaa) && all_bytes (bss, sizeof bss, 0xaa),
             "encap(algo %d) wrote output", algos[i]);
      CHECK_ERR (kc_kem_decap (algos[i], sk, SKLEN, ct, CTLEN, bss, SSLEN,
                               NULL, 0), GPG_ERR_NOT_SUPPORTED);
      CHECK (all_bytes (bss, sizeof bss, 0xaa), "decap(algo %d) wrote", algos[i]);
    }

  /* NULL buffers. */
  fill ();
  CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, NULL, PKLEN, bsk, SKLEN),
             GPG_ERR_INV_ARG);
  CHECK (out_ok (bsk, SKLEN, SKLEN, sizeof bsk), "keypair(NULL pk): sk");
  fill ();
  CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, bpk, PKLEN, NULL, SKLEN),
             GPG_ERR_INV_ARG);
  CHECK (out_ok (bpk, PKLEN, PKLEN, sizeof bpk), "keypair(NULL sk): pk");
  fill ();
  CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, NULL, PKLEN, bct, CTLEN,
                           bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
  CHECK (out_ok (bct, CTLEN, CTLEN, sizeof bct)
         && out_ok (bss, SSLEN, SSLEN, sizeof bss), "encap(NULL pk): outputs");
  fill ();
  CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, NULL, CTLEN,
                           bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
  CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss), "encap(NULL ct): ss");
  fill ();
  CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, bct, CTLEN,
                           NULL, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
  CHECK (out_ok (bct, CTLEN, CTLEN, sizeof bct), "encap(NULL ss): ct");
  fill ();
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, NULL, SKLEN, ct, CTLEN,
                           bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
  CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss), "decap(NULL sk): ss");
  fill ();
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, NULL, CTLEN,
                           bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
  CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss), "decap(NULL ct): ss");
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN,
                           NULL, SSLEN, NULL, 0), GPG_ERR_INV_ARG);

  /* Each length off by one either way, or zero. */
  for (d = 0; d < 3; d++)
    {
      size_t l;
#define LEN(n) (deltas[d] ? (size_t) ((long) (n) + deltas[d]) : 0)
      fill ();
      l = LEN (PKLEN);
      CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, bpk, l, bsk, SKLEN),
                 GPG_ERR_INV_ARG);
      CHECK (out_ok (bpk, l, PKLEN, sizeof bpk)
             && out_ok (bsk, SKLEN, SKLEN, sizeof bsk),
             "keypair(pk_len %zu): outputs", l);
      fill ();
      l = LEN (SKLEN);
      CHECK_ERR (kc_kem_keypair (KC_KEM_SNTRUP761, bpk, PKLEN, bsk, l),
                 GPG_ERR_INV_ARG);
      CHECK (out_ok (bpk, PKLEN, PKLEN, sizeof bpk)
             && out_ok (bsk, l, SKLEN, sizeof bsk),
             "keypair(sk_len %zu): outputs", l);

      memcpy (bpk, pk, PKLEN);
      memset (bct, 0xaa, sizeof bct);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (PKLEN);
      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, bpk, l, bct, CTLEN,
                               bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bct, CTLEN, CTLEN, sizeof bct)
             && out_ok (bss, SSLEN, SSLEN, sizeof bss),
             "encap(pk_len %zu): outputs", l);
      memset (bct, 0xaa, sizeof bct);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (CTLEN);
      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, bct, l,
                               bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bct, l, CTLEN, sizeof bct)
             && out_ok (bss, SSLEN, SSLEN, sizeof bss),
             "encap(ct_len %zu): outputs", l);
      memset (bct, 0xaa, sizeof bct);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (SSLEN);
      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, bct, CTLEN,
                               bss, l, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bct, CTLEN, CTLEN, sizeof bct)
             && out_ok (bss, l, SSLEN, sizeof bss),
             "encap(ss_len %zu): outputs", l);

      memcpy (bsk, sk, SKLEN);
      memcpy (bct, ct, CTLEN);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (SKLEN);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, bsk, l, bct, CTLEN,
                               bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss), "decap(sk_len %zu)", l);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (CTLEN);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, bsk, SKLEN, bct, l,
                               bss, SSLEN, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss), "decap(ct_len %zu)", l);
      memset (bss, 0xaa, sizeof bss);
      l = LEN (SSLEN);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, bsk, SKLEN, bct, CTLEN,
                               bss, l, NULL, 0), GPG_ERR_INV_ARG);
      CHECK (out_ok (bss, l, SSLEN, sizeof bss), "decap(ss_len %zu)", l);
#undef LEN
    }

  /* OPTIONAL must be NULL with length 0 for sntrup761. */
  for (i = 0; i < 3; i++)
    {
      const void *o = i == 1 ? NULL : opt;
      size_t ol = i == 0 ? 0 : sizeof opt;
      memset (bct, 0xaa, sizeof bct);
      memset (bss, 0xaa, sizeof bss);
      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, bct, CTLEN,
                               bss, SSLEN, o, ol), GPG_ERR_INV_VALUE);
      CHECK (out_ok (bct, CTLEN, CTLEN, sizeof bct)
             && out_ok (bss, SSLEN, SSLEN, sizeof bss),
             "encap(optional case %d): outputs", i);
      memset (bss, 0xaa, sizeof bss);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN,
                               bss, SSLEN, o, ol), GPG_ERR_INV_VALUE);
      CHECK (out_ok (bss, SSLEN, SSLEN, sizeof bss),
             "decap(optional case %d): ss", i);
    }

  /* A wrong length takes precedence over OPTIONAL. */
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN - 1,
                           ss, SSLEN, opt, sizeof opt), GPG_ERR_INV_ARG);
  /* The key pair used above is still good. */
  CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, pk, PKLEN, ct, CTLEN,
                           ss, SSLEN, NULL, 0), 0);
  CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, sk, SKLEN, ct, CTLEN,
                           ss2, SSLEN, NULL, 0), 0);
  CHECK (!memcmp (ss, ss2, SSLEN), "round trip after the error cases");
}

/* kc_kem_keypair_batch: 3 keys round trip through the public API and
 * are distinct; every bad argument is rejected without writing. */
static void
test_batch (void)
{
  static unsigned char mpk[3 * PKLEN], msk[3 * SKLEN];
  static unsigned char bpk0[3 * PKLEN], bsk0[3 * SKLEN];
  unsigned char mct[CTLEN], mss[SSLEN], mss2[SSLEN];
  const size_t big = (size_t) -1 / SKLEN + 1;
  int k;

  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   msk, sizeof msk, 3), 0);
  for (k = 0; k < 3; k++)
    {
      CHECK (!memcmp (msk + k * SKLEN + 2 * SMALL_BYTES, mpk + k * PKLEN, PKLEN),
             "batch key %d: msk does not hold mpk", k);
      CHECK_ERR (kc_kem_encap (KC_KEM_SNTRUP761, mpk + k * PKLEN, PKLEN,
                               mct, CTLEN, mss, SSLEN, NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (KC_KEM_SNTRUP761, msk + k * SKLEN, SKLEN,
                               mct, CTLEN, mss2, SSLEN, NULL, 0), 0);
      CHECK (!memcmp (mss, mss2, SSLEN), "batch key %d: round trip", k);
      if (k)
        CHECK (memcmp (mpk + k * PKLEN, mpk + (k - 1) * PKLEN, PKLEN),
               "batch keys %d and %d equal", k - 1, k);
    }

  memset (mpk, 0xa5, sizeof mpk);
  memset (msk, 0xa5, sizeof msk);
  memset (bpk0, 0xa5, sizeof bpk0);
  memset (bsk0, 0xa5, sizeof bsk0);
  CHECK_ERR (kc_kem_keypair_batch (99, mpk, sizeof mpk, msk, sizeof msk, 3),
             GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   msk, sizeof msk, 0), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   msk, sizeof msk, 2), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   msk, sizeof msk, 4), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk - 1,
                                   msk, sizeof msk, 3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   msk, sizeof msk + 1, 3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, 2 * PKLEN,
                                   msk, 2 * SKLEN, 3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, NULL, sizeof mpk,
                                   msk, sizeof msk, 3), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, sizeof mpk,
                                   NULL, sizeof msk, 3), GPG_ERR_INV_ARG);
  /* count * SKLEN overflows; count * PKLEN wrapped values must not pass. */
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_SNTRUP761, mpk, big * PKLEN,
                                   msk, big * SKLEN, big), GPG_ERR_INV_ARG);
  CHECK (!memcmp (mpk, bpk0, sizeof mpk) && !memcmp (msk, bsk0, sizeof msk),
         "a rejected batch call wrote to its outputs");
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (1763);
  test_roundtrips ();
  test_implicit_rejection ();
  test_errors ();
  test_batch ();
  if (t_errors && t_verbose)
    t_hexdump (stderr, "last ss: ", ss, SSLEN);
  /* Helpers of t-common.h this test has no use for. */
  (void) t_rng_cb;
  (void) t_unhex;
  (void) t_datafile;
  return t_done ("t-kem");
}
