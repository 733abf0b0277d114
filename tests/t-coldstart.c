/* t-coldstart.c - the process's very first library calls, made by 8
 * threads at once: hash, sign, verify, encap, decap and mpi powm, each
 * result compared with a known value.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * main () calls nothing of the library before the threads start: it only
 * decodes the known answers.  A barrier then releases all threads
 * together, each starting with a different operation, so that every lazy
 * initialisation (CPU features, dispatch) is entered by several threads
 * at the same moment.  The results alone rarely show a race; CI runs this
 * program under ThreadSanitizer (and it suits helgrind), which must
 * report nothing.  The threads count their own failures (t_checks and
 * t_errors of t-common.h are not thread safe) and main adds them up. */
#include "kcrypt-int.h"
#include "t-common.h"
#include <pthread.h>

#define NTHREADS 8
#define ROUNDS 2

enum { SK = KC_KEM_SNTRUP761_SECKEY_LEN, PK = KC_KEM_SNTRUP761_PUBKEY_LEN,
       CT = KC_KEM_SNTRUP761_ENCAPS_LEN, SS = KC_KEM_SNTRUP761_SHARED_LEN };

/* Entry 0 of tests/data/sntrup761/PQCkemKAT_1763.rsp, read by main. */
static unsigned char kat_pk[PK], kat_sk[SK], kat_ct[CT], kat_ss[SS];

/* FIPS 180-4 examples: SHA-256 and SHA-512 of "abc". */
static const char sha256_abc[] =
  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
static const char sha512_abc[] =
  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
static unsigned char want_sha256[32], want_sha512[64];

/* RFC 6979 with secret key 1 and SHA-256 ("Satoshi Nakamoto"), as in
 * t-ecdsa.c; the public key is the generator G. */
static const char ecdsa_sig_hex[] =
  "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
  "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5";
static const char ecdsa_pub_hex[] =
  "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
  "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";
static unsigned char ecdsa_sk[32], ecdsa_sig[64], ecdsa_pub[65];

/* b^e mod m with the values computed by Python's pow (b, e, m): 256-bit,
 * 384-bit and 192-bit odd moduli (the Montgomery kernels N = 4, 6, 3). */
static const struct
{
  const char *b, *e, *m, *w;
} powm_vectors[] = {
  { "3",
    "8000000000000000000000000000000000000000000000000000000000003039",
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
    "29cfb5b543b5ac2f72b2aa1677ddcdae62c1b10aef87982f25a817bf1082aa11" },
  { "0123456789abcdeffedcba98765432100123456789abcdeffedcba9876543210",
    "10001",
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
    "ffffffff0000000000000000ffffffff",
    "3057f792f2a4c1009c8c96cd80d95e2d558655dc51ae135c47ccea32be8ddc78"
    "50c0bffde31fa410edd43b0897034b76" },
  { "7",
    "fffffffffffffffffffffffffffffffefffffffffffffffd",
    "fffffffffffffffffffffffffffffffeffffffffffffffff",
    "92492492492492492492492492492491b6db6db6db6db6db" },
};

static pthread_barrier_t start;
static int thread_errors[NTHREADS];

/* Report a failure of thread ID (stdio is thread safe). */
static void
thread_fail (int id, const char *what)
{
  fprintf (stderr, "t-coldstart: thread %d: %s\n", id, what);
  thread_errors[id]++;
}

static void
task_hash (int id)
{
  unsigned char d[64];

  if (kc_md_hash_buffer (KC_MD_SHA256, d, 32, "abc", 3)
      || memcmp (d, want_sha256, 32))
    thread_fail (id, "SHA-256 (\"abc\")");
  if (kc_md_hash_buffer (KC_MD_SHA512, d, 64, "abc", 3)
      || memcmp (d, want_sha512, 64))
    thread_fail (id, "SHA-512 (\"abc\")");
}

static void
task_sign (int id)
{
  static const char msg[] = "Satoshi Nakamoto";
  unsigned char digest[32], sig[64];
  size_t len = sizeof sig;

  if (kc_md_hash_buffer (KC_MD_SHA256, digest, 32, msg, sizeof msg - 1)
      || kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, ecdsa_sk, 32,
                        digest, 32)
      || len != 64 || memcmp (sig, ecdsa_sig, 64))
    thread_fail (id, "ECDSA sign (RFC 6979, key 1)");
}

static void
task_verify (int id)
{
  static const char msg[] = "Satoshi Nakamoto";
  unsigned char digest[32], pub[65];

  if (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, sizeof pub, ecdsa_sk, 32)
      || memcmp (pub, ecdsa_pub, 65))
    thread_fail (id, "public key of secret key 1");
  if (kc_md_hash_buffer (KC_MD_SHA256, digest, 32, msg, sizeof msg - 1)
      || kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecdsa_sig, 64, ecdsa_pub, 65,
                          digest, 32))
    thread_fail (id, "ECDSA verify (RFC 6979, key 1)");
}

static void
task_kem (int id)
{
  unsigned char ss[SS], ss2[SS], ct[CT];

  if (kc_kem_decap (KC_KEM_SNTRUP761, kat_sk, SK, kat_ct, CT, ss, SS,
                    NULL, 0)
      || memcmp (ss, kat_ss, SS))
    thread_fail (id, "sntrup761 decap of KAT entry 0");
  if (kc_kem_encap (KC_KEM_SNTRUP761, kat_pk, PK, ct, CT, ss, SS, NULL, 0)
      || kc_kem_decap (KC_KEM_SNTRUP761, kat_sk, SK, ct, CT, ss2, SS,
                       NULL, 0)
      || memcmp (ss, ss2, SS))
    thread_fail (id, "sntrup761 encap + decap");
}

static void
task_powm (int id)
{
  size_t i;

  for (i = 0; i < KC_DIM (powm_vectors); i++)
    {
      kc_mpi_t b = NULL, e = NULL, m = NULL, want = NULL, w = kc_mpi_new (0);

      if (kc_mpi_scan (&b, KC_MPI_FMT_HEX, powm_vectors[i].b, 0, NULL)
          || kc_mpi_scan (&e, KC_MPI_FMT_HEX, powm_vectors[i].e, 0, NULL)
          || kc_mpi_scan (&m, KC_MPI_FMT_HEX, powm_vectors[i].m, 0, NULL)
          || kc_mpi_scan (&want, KC_MPI_FMT_HEX, powm_vectors[i].w, 0, NULL))
        thread_fail (id, "kc_mpi_scan of a powm vector");
      else
        {
          kc_mpi_powm (w, b, e, m);
          if (kc_mpi_cmp (w, want))
            thread_fail (id, i == 0 ? "kc_mpi_powm (256 bits)"
                         : i == 1 ? "kc_mpi_powm (384 bits)"
                         : "kc_mpi_powm (192 bits)");
        }
      kc_mpi_release (b);
      kc_mpi_release (e);
      kc_mpi_release (m);
      kc_mpi_release (want);
      kc_mpi_release (w);
    }
}

static void (*const tasks[]) (int) = {
  task_hash, task_sign, task_verify, task_kem, task_powm
};

static void *
worker (void *arg)
{
  int id = (int) (intptr_t) arg;
  size_t r, i, ntasks = KC_DIM (tasks);

  pthread_barrier_wait (&start);
  /* Thread ID starts with task ID mod 5: every task is somebody's first. */
  for (r = 0; r < ROUNDS; r++)
    for (i = 0; i < ntasks; i++)
      tasks[((size_t) id + i) % ntasks] (id);
  return NULL;
}

/* Read entry 0 of the sntrup761 KAT into kat_*; 0 on success. */
static int
read_kat (void)
{
  static const struct
  {
    const char *key;
    unsigned char *buf;
    size_t len;
  } fields[] = {
    { "\npk = ", kat_pk, PK }, { "\nsk = ", kat_sk, SK },
    { "\nct = ", kat_ct, CT }, { "\nss = ", kat_ss, SS },
  };
  const char *name = t_datafile ("sntrup761/PQCkemKAT_1763.rsp");
  static char text[16384];
  size_t n, i;
  FILE *f = fopen (name, "rb");
  const char *entry;

  if (!f)
    {
      fprintf (stderr, "t-coldstart: cannot open %s\n", name);
      return -1;
    }
  n = fread (text, 1, sizeof text - 1, f);
  fclose (f);
  text[n] = 0;
  entry = strstr (text, "count = 0\n");
  if (!entry)
    return -1;
  for (i = 0; i < KC_DIM (fields); i++)
    {
      const char *p = strstr (entry, fields[i].key);
      if (!p || t_unhex (fields[i].buf, fields[i].len,
                         p + strlen (fields[i].key))
                != (long) fields[i].len)
        {
          fprintf (stderr, "t-coldstart: %s: bad field%s\n", name,
                   fields[i].key);
          return -1;
        }
    }
  return 0;
}

int
main (int argc, char **argv)
{
  pthread_t th[NTHREADS];
  int i;

  t_init (argc, argv);
  (void) t_rng_cb;
  (void) t_hexdump;
  if (read_kat ()
      || t_unhex (want_sha256, 32, sha256_abc) != 32
      || t_unhex (want_sha512, 64, sha512_abc) != 64
      || t_unhex (ecdsa_sig, 64, ecdsa_sig_hex) != 64
      || t_unhex (ecdsa_pub, 65, ecdsa_pub_hex) != 65)
    {
      fprintf (stderr, "t-coldstart: cannot decode the known answers\n");
      return 1;
    }
  ecdsa_sk[31] = 1;

  if (pthread_barrier_init (&start, NULL, NTHREADS))
    {
      fprintf (stderr, "t-coldstart: pthread_barrier_init failed\n");
      return 1;
    }
  for (i = 0; i < NTHREADS; i++)
    if (pthread_create (&th[i], NULL, worker, (void *) (intptr_t) i))
      {
        fprintf (stderr, "t-coldstart: pthread_create failed\n");
        return 1;
      }
  for (i = 0; i < NTHREADS; i++)
    pthread_join (th[i], NULL);
  pthread_barrier_destroy (&start);

  for (i = 0; i < NTHREADS; i++)
    CHECK (thread_errors[i] == 0, "thread %d: %d failures", i,
           thread_errors[i]);
  if (t_verbose)
    printf ("t-coldstart: %d threads x %d rounds x %d tasks\n", NTHREADS,
            ROUNDS, (int) KC_DIM (tasks));
  return t_done ("t-coldstart");
}
