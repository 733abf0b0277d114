/* t-dhkem.c - DHKEM(X25519, HKDF-SHA256), HPKE's KEM 0x0020 (RFC 9180),
 * and DHKEM(P-256, HKDF-SHA256), KEM 0x0010:
 * the test vectors of RFC 9180 Appendix A read at run time from the
 * document's source (data/hpke: DeriveKeyPair of every ikm, Encap with
 * ikmE through OPTIONAL, Decap; both KEMs), random keys against RFC 9180 4.1
 * composed here from OpenSSL's X25519 and HMAC-SHA256, the all-zero
 * Diffie-Hellman value refused on both sides with nothing written, and
 * the argument rules.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <config.h>
#include <kcrypt.h>
#include "t-common.h"
#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
# include <openssl/hmac.h>
#endif

#define A KC_KEM_DHKEM25519
#define N 32                    /* every length of this KEM */

static const char source_sha256[] =
  "f9f49415a801e264f37eb518f70d7d45ed1d2e3c60533816d1039f61969bfeaf";

static int
all_equal (const unsigned char *p, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

/* ------------------------------------------------------- the vectors */

/* One "Setup Information" block: name -> hex (the value on the name's
 * line, or on the lines after "name:") */
struct block
{
  int n;
  char name[40][32];
  char hex[40][1200];
};

static const char *
get (const struct block *b, const char *name)
{
  int i;
  for (i = 0; i < b->n; i++)
    if (!strcmp (b->name[i], name))
      return b->hex[i];
  return NULL;
}

/* OUT (LEN bytes) = field NAME of B; 0 if absent */
static int
getn (unsigned char *out, size_t len, const struct block *b, const char *name)
{
  const char *h = get (b, name);
  if (!h)
    return 0;
  CHECK (t_unhex (out, len, h) == (long) len, "hpke vectors: %s is not %u "
         "bytes", name, (unsigned) len);
  return 1;
}

/* The KEM of the blocks being read (A, N for X25519; A256, N256 for the
 * public keys and enc of P-256) and what was checked */
static int kem_algo = A;
static size_t kem_npk = N;
static int nkeys, nkem;

#define get32(out, b, name) getn (out, N, b, name)
#define getpk(out, b, name) getn (out, kem_npk, b, name)

static void
check_block (const struct block *b, int index)
{
  static const char *const who[3] = { "E", "R", "S" };
  unsigned char ikm[N], sk[N], pk[65], gsk[N], gpk[65];
  unsigned char enc[65], ss[N], genc[65], gss[N];
  const char *mode = get (b, "mode");
  size_t npk = kem_npk;
  int i;

  for (i = 0; i < 3; i++)
    {
      char ni[8], ns[8], np[8];
      snprintf (ni, sizeof ni, "ikm%s", who[i]);
      snprintf (ns, sizeof ns, "sk%sm", who[i]);
      snprintf (np, sizeof np, "pk%sm", who[i]);
      if (!get32 (ikm, b, ni))
        continue;
      CHECK (get32 (sk, b, ns) && getpk (pk, b, np),
             "hpke block %d: %s without its keys", index, ni);
      CHECK_ERR (kc_kem_keypair_seed (kem_algo, gpk, npk, gsk, N, ikm, N), 0);
      CHECK (!memcmp (gsk, sk, N) && !memcmp (gpk, pk, npk),
             "hpke block %d (mode %s): DeriveKeyPair (%s)", index, mode, ni);
      nkeys++;
    }
  if (!mode || (strcmp (mode, "0") && strcmp (mode, "1")))
    return;                     /* the auth modes use AuthEncap */
  CHECK (get32 (ikm, b, "ikmE") && getpk (pk, b, "pkRm")
         && get32 (sk, b, "skRm") && getpk (enc, b, "enc")
         && get32 (ss, b, "shared_secret"),
         "hpke block %d: fields missing", index);
  CHECK_ERR (kc_kem_encap (kem_algo, pk, npk, genc, npk, gss, N, ikm, N), 0);
  CHECK (!memcmp (genc, enc, npk), "hpke block %d (mode %s): enc", index,
         mode);
  CHECK (!memcmp (gss, ss, N), "hpke block %d (mode %s): Encap's "
         "shared_secret", index, mode);
  memset (gss, 0, N);
  CHECK_ERR (kc_kem_decap (kem_algo, sk, N, enc, npk, gss, N, NULL, 0), 0);
  CHECK (!memcmp (gss, ss, N), "hpke block %d (mode %s): Decap's "
         "shared_secret", index, mode);
  nkem++;
}

/* The blocks of KEM_ID (32: X25519, 16: P-256) */
static int
test_vectors_of (const char *kem_id)
{
  const char *path = t_datafile ("hpke/draft-irtf-cfrg-hpke.md");
  static char text[200000];
  static struct block b;
  unsigned char sum[32];
  char hex[65], *line, *next;
  int in_setup = 0, cur = -1, nblocks = 0, i;
  size_t len;
  FILE *fp = fopen (path, "rb");

  if (!fp)
    {
      fail ("cannot open %s", path);
      return 0;
    }
  len = fread (text, 1, sizeof text - 1, fp);
  fclose (fp);
  text[len] = 0;
  CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, sum, 32, text, len), 0);
  for (i = 0; i < 32; i++)
    snprintf (hex + 2 * i, 3, "%02x", sum[i]);
  CHECK (!strcmp (hex, source_sha256), "%s: SHA-256 %s, not the one "
         "README.provenance gives", path, hex);

  /* a block: "### ... Setup Information", "~~~", lines, "~~~" */
  for (line = text; line && *line; line = next)
    {
      next = strchr (line, '\n');
      if (next)
        *next++ = 0;
      if (!strncmp (line, "### ", 4) && strstr (line, "Setup Information"))
        {
          in_setup = 1;
          continue;
        }
      if (in_setup == 1 && !strcmp (line, "~~~"))
        {
          in_setup = 2;
          memset (&b, 0, sizeof b);
          cur = -1;
          continue;
        }
      if (in_setup != 2)
        continue;
      if (!strcmp (line, "~~~"))
        {
          const char *kem = get (&b, "kem_id");
          in_setup = 0;
          if (kem && !strcmp (kem, kem_id))
            check_block (&b, nblocks++);
          continue;
        }
      if (strchr (line, ':'))
        {
          char *c = strchr (line, ':');
          if (b.n == 40 || (size_t) (c - line) >= sizeof b.name[0])
            {
              fail ("hpke vectors: block too large");
              return 0;
            }
          cur = b.n++;
          /* (copies of known length: gcc's -Wformat-truncation cannot
           * see the bound checked above) */
          memcpy (b.name[cur], line, (size_t) (c - line));
          b.name[cur][c - line] = 0;
          c++;
          while (*c == ' ')
            c++;
          if (strlen (c) >= sizeof b.hex[cur])
            {
              fail ("hpke vectors: value too long");
              return 0;
            }
          memcpy (b.hex[cur], c, strlen (c) + 1);
        }
      else if (cur >= 0 && strlen (b.hex[cur]) + strlen (line)
                           < sizeof b.hex[cur])
        strcat (b.hex[cur], line);      /* a value continued */
    }
  return nblocks;
}

static void
test_vectors (void)
{
  int nblocks = test_vectors_of ("32");
  /* A.1, A.2 and A.7 (AES-128-GCM, ChaCha20Poly1305, export only): four
   * modes each; keys: E and R in all twelve, S in the six auth ones;
   * Encap/Decap in modes 0 and 1 */
  CHECK (nblocks == 12 && nkeys == 30 && nkem == 6,
         "hpke vectors: %d blocks, %d key pairs, %d Encap/Decap checks "
         "(not 12, 30, 6)", nblocks, nkeys, nkem);
  /* DHKEM(P-256, HKDF-SHA256): A.3, A.4 and A.5 (HKDF-SHA256 and
   * AES-128-GCM, HKDF-SHA512 and AES-128-GCM, HKDF-SHA256 and
   * ChaCha20Poly1305), four modes each: the same counts */
  kem_algo = KC_KEM_DHKEMP256R1;
  kem_npk = 65;
  nkeys = nkem = 0;
  nblocks = test_vectors_of ("16");
  CHECK (nblocks == 12 && nkeys == 30 && nkem == 6,
         "hpke P-256 vectors: %d blocks, %d key pairs, %d Encap/Decap "
         "checks (not 12, 30, 6)", nblocks, nkeys, nkem);
  kem_algo = A;
  kem_npk = N;
}

/* ------------------------------------------- against a composition */

#ifdef HAVE_OPENSSL
static const unsigned char suite_id[5] = { 'K', 'E', 'M', 0x00, 0x20 };

/* RFC 9180 4: LabeledExtract (salt "", LABEL, IKM) */
static void
o_extract (unsigned char prk[N], const char *label, const unsigned char *ikm,
           size_t len)
{
  unsigned char buf[128], zero[N];
  unsigned int l = N;
  size_t n = 0, ll = strlen (label);
  memset (zero, 0, N);
  memcpy (buf + n, "HPKE-v1", 7), n += 7;
  memcpy (buf + n, suite_id, 5), n += 5;
  memcpy (buf + n, label, ll), n += ll;
  memcpy (buf + n, ikm, len), n += len;
  CHECK (HMAC (EVP_sha256 (), zero, N, buf, n, prk, &l) && l == N,
         "OpenSSL HMAC");
}

/* LabeledExpand (PRK, LABEL, INFO, 32) */
static void
o_expand (unsigned char out[N], const unsigned char prk[N], const char *label,
          const unsigned char *info, size_t len)
{
  unsigned char buf[160];
  unsigned int l = N;
  size_t n = 0, ll = strlen (label);
  buf[n++] = 0;
  buf[n++] = N;
  memcpy (buf + n, "HPKE-v1", 7), n += 7;
  memcpy (buf + n, suite_id, 5), n += 5;
  memcpy (buf + n, label, ll), n += ll;
  memcpy (buf + n, info, len), n += len;
  buf[n++] = 1;
  CHECK (HMAC (EVP_sha256 (), prk, N, buf, n, out, &l) && l == N,
         "OpenSSL HMAC");
}

static int
o_x25519 (unsigned char out[N], const unsigned char sk[N],
          const unsigned char u[N])
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, N);
  EVP_PKEY *pub = EVP_PKEY_new_raw_public_key (EVP_PKEY_X25519, NULL, u, N);
  EVP_PKEY_CTX *c = priv ? EVP_PKEY_CTX_new (priv, NULL) : NULL;
  size_t len = N;
  int ok = c && pub && EVP_PKEY_derive_init (c) > 0
           && EVP_PKEY_derive_set_peer (c, pub) > 0
           && EVP_PKEY_derive (c, out, &len) > 0 && len == N;
  EVP_PKEY_CTX_free (c);
  EVP_PKEY_free (pub);
  EVP_PKEY_free (priv);
  return ok;
}

static void
o_pub (unsigned char pk[N], const unsigned char sk[N])
{
  EVP_PKEY *priv = EVP_PKEY_new_raw_private_key (EVP_PKEY_X25519, NULL, sk, N);
  size_t len = N;
  CHECK (priv && EVP_PKEY_get_raw_public_key (priv, pk, &len) > 0
         && len == N, "OpenSSL X25519 public key");
  EVP_PKEY_free (priv);
}

/* DeriveKeyPair (IKM) */
static void
o_derive (unsigned char sk[N], unsigned char pk[N], const unsigned char ikm[N])
{
  unsigned char prk[N];
  o_extract (prk, "dkp_prk", ikm, N);
  o_expand (sk, prk, "sk", prk, 0);
  o_pub (pk, sk);
}

/* shared_secret of DH with ENC || PKRM */
static void
o_eae (unsigned char ss[N], const unsigned char dh[N],
       const unsigned char enc[N], const unsigned char pkrm[N])
{
  unsigned char prk[N], ctx[2 * N];
  o_extract (prk, "eae_prk", dh, N);
  memcpy (ctx, enc, N);
  memcpy (ctx + N, pkrm, N);
  o_expand (ss, prk, "shared_secret", ctx, 2 * N);
}
#endif

static void
test_round_trips (int rounds)
{
  unsigned char pk[N], sk[N], ct[N], ss[N], ss2[N], ikm[N], ikme[N];
  int i;

  for (i = 0; i < rounds; i++)
    {
      t_randbytes (ikm, N);
      t_randbytes (ikme, N);
      CHECK_ERR (kc_kem_keypair_seed (A, pk, N, sk, N, ikm, N), 0);
      CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, i & 1 ? ikme : NULL,
                               i & 1 ? N : 0), 0);
      CHECK_ERR (kc_kem_decap (A, sk, N, ct, N, ss2, N, NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, N), "dhkem: round trip %d", i);
#ifdef HAVE_OPENSSL
      {
        unsigned char osk[N], opk[N], dh[N], want[N];
        o_derive (osk, opk, ikm);
        CHECK (!memcmp (osk, sk, N) && !memcmp (opk, pk, N),
               "dhkem: DeriveKeyPair against the composition (%d)", i);
        if (i & 1)
          {
            unsigned char esk[N], epk[N];
            o_derive (esk, epk, ikme);
            CHECK (!memcmp (epk, ct, N), "dhkem: enc from ikmE (%d)", i);
          }
        CHECK (o_x25519 (dh, sk, ct), "OpenSSL X25519");
        o_eae (want, dh, ct, pk);
        CHECK (!memcmp (want, ss, N), "dhkem: composition %d", i);
      }
#endif
      CHECK_ERR (kc_kem_keypair (A, pk, N, sk, N), 0);
      CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, NULL, 0), 0);
      CHECK_ERR (kc_kem_decap (A, sk, N, ct, N, ss2, N, NULL, 0), 0);
      CHECK (!memcmp (ss, ss2, N), "dhkem: random key round trip %d", i);
    }
}

/* u = 0 and u = 1 (small order): the Diffie-Hellman value is all zero,
 * GPG_ERR_INV_DATA with nothing written, encapsulating and decapsulating */
static void
test_small_order (void)
{
  unsigned char pk[N], sk[N], ct[N], ss[N], bad[N], ikme[N];
  int u;

  CHECK_ERR (kc_kem_keypair (A, pk, N, sk, N), 0);
  t_randbytes (ikme, N);
  for (u = 0; u < 2; u++)
    {
      memset (bad, 0, N);
      bad[0] = (unsigned char) u;
      memset (ss, 0xa5, N);
      CHECK_ERR (kc_kem_decap (A, sk, N, bad, N, ss, N, NULL, 0),
                 GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, N, 0xa5), "dhkem: decap u=%d wrote", u);
      memset (ct, 0x5a, N);
      CHECK_ERR (kc_kem_encap (A, bad, N, ct, N, ss, N, NULL, 0),
                 GPG_ERR_INV_DATA);
      CHECK_ERR (kc_kem_encap (A, bad, N, ct, N, ss, N, ikme, N),
                 GPG_ERR_INV_DATA);
      CHECK (all_equal (ss, N, 0xa5) && all_equal (ct, N, 0x5a),
             "dhkem: encap u=%d wrote", u);
    }
}

static void
test_arguments (void)
{
  unsigned char pk[N + 1], sk[N + 1], ct[N + 1], ss[N + 1], o[N + 1];

  memset (o, 3, sizeof o);
  CHECK_ERR (kc_kem_keypair (A, pk, N, sk, N + 1), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_seed (A, pk, N, sk, N, o, N - 1),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_seed (A, pk, N, sk, N, o, 64), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_seed (A, pk, N, sk, N, o, N), 0);
  CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, o, N - 1),
             GPG_ERR_INV_VALUE);
  CHECK (all_equal (ct, N, 0) && all_equal (ss, N, 0),
         "dhkem: encap, bad optional: outputs not zeroed");
  CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, o, 64),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, NULL, N),
             GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_encap (A, pk, N, ct, N + 1, ss, N, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_encap (A, pk, N, ct, N, ss, N, o, N), 0);
  CHECK_ERR (kc_kem_decap (A, sk, N, ct, N, ss, N, o, N), GPG_ERR_INV_VALUE);
  CHECK_ERR (kc_kem_decap (A, sk, N, ct, N, ss, N - 1, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_decap (A, sk, N, ct, N, ss, N, NULL, 0), 0);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (0x64686b656d0a0001ULL);
  test_vectors ();
  test_round_trips (t_quick () ? 5 : 40);
  test_small_order ();
  test_arguments ();
#ifndef HAVE_OPENSSL
  printf ("t-dhkem: no OpenSSL: the composition checks were left out\n");
#endif
  t_rerun_portable (argv);
  return t_done ("t-dhkem");
}
