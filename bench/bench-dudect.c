/* bench-dudect.c - a statistical timing test of the secret-handling entry
 * points, in the manner of dudect (Reparaz, Balasch and Verbauwhede, "Dude,
 * is my code constant time?", DATE 2017).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A tool run on request, never by make check (a timing test on a shared
 * machine is a measurement, not a check):
 *
 *   bench/bench-dudect [--seconds S] [--threshold T] [--list] [TARGET...]
 *
 * Each target times one operation on inputs of two classes, drawn in
 * random order, and compares the two distributions of cycle counts with
 * Welch's t statistic: on all measurements, and on those below each of a
 * set of percentiles (the large values are noise: interrupts, the other
 * core), as dudect does.  |t| above the threshold (default 10, dudect's
 * "definitely not constant time") means the two classes take measurably
 * different time; the tool then exits 1.  Below 4.5 there is no evidence of
 * a difference; between, run longer.
 *
 * The classes:
 *   key       a fixed secret (key, seed or randomness) against a fresh
 *             random one for every measurement (public inputs random in
 *             both classes);
 *   valid     decapsulation of valid ciphertexts against ciphertexts with
 *             one byte of the post-quantum part changed (implicit
 *             rejection: whether it was rejected is secret);
 *   repeat    one valid ciphertext again and again against a fresh valid
 *             ciphertext every time (the ciphertext is public, but with
 *             one ciphertext every secret intermediate repeats too).
 *
 * ML-KEM's public key drives part of its time (the matrix A, sampled from
 * rho by rejection); the ML-KEM targets hold it fixed or subtract it, so
 * that only the secrets differ (prep_decap_key, run_keypair).  Every
 * target runs on the dispatch path the machine chooses; KCRYPT_HWF_MASK
 * selects another, as for every tool.  The tool first times a planted
 * early-exit comparison (self/leaky-compare) and stops with exit 3 if it
 * does not find it.
 *
 * Every measurement's input is prepared in its own slot, and copied into
 * one fixed, cache-hot work buffer just before the timed call: both
 * classes read the same addresses in the same cache state, so a
 * difference cannot come from where the harness keeps its inputs.  (A
 * harness that timed one repeated buffer against a stream of fresh ones
 * measures the cache misses of the stream.)
 *
 * Cycles come from the time-stamp counter on x86-64 (serialised with
 * lfence) and from CLOCK_MONOTONIC elsewhere.
 */
#include <config.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kcrypt-int.h"
#include "kcrypt.h"
#include "kem.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# include <x86intrin.h>
static inline uint64_t
ticks (void)
{
  uint64_t t;
  _mm_lfence ();
  t = __rdtsc ();
  _mm_lfence ();
  return t;
}
# define TICKS "cycles (TSC)"
#else
static inline uint64_t
ticks (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}
# define TICKS "ns"
#endif

/* ------------------------------------------------------------ randomness */

/* The harness's own generator (xoshiro256**, seeded from the system):
 * class choices and random inputs.  Its speed matters, not its quality. */
static uint64_t rs[4];

static uint64_t
rnd64 (void)
{
  uint64_t r = rs[1] * 5, t = rs[1] << 17;
  r = (r << 7 | r >> 57) * 9;
  rs[2] ^= rs[0];
  rs[3] ^= rs[1];
  rs[1] ^= rs[2];
  rs[0] ^= rs[3];
  rs[2] ^= t;
  rs[3] = rs[3] << 45 | rs[3] >> 19;
  return r;
}

static void
rnd_bytes (void *p, size_t n)
{
  unsigned char *b = p;
  while (n)
    {
      uint64_t r = rnd64 ();
      size_t k = n < 8 ? n : 8;
      memcpy (b, &r, k);
      b += k;
      n -= k;
    }
}

/* A deterministic generator for the library's internal key generation and
 * encapsulation (_kc_rng_fn): its 32-byte seed is the secret of the "key"
 * class.  Block i of its output is SHA-256 (seed || i). */
struct seeded
{
  unsigned char in[40];         /* seed || counter */
  unsigned char out[32];
  size_t avail;
};

static void
seeded_rng (void *ctx, void *buf, size_t n)
{
  struct seeded *s = ctx;
  unsigned char *b = buf;
  while (n)
    {
      size_t k;
      if (!s->avail)
        {
          if (kc_md_hash_buffer (KC_MD_SHA256, s->out, 32, s->in, 40))
            abort ();
          s->in[32]++;
          if (!s->in[32])
            s->in[33]++;
          s->avail = 32;
        }
      k = n < s->avail ? n : s->avail;
      memcpy (b, s->out + 32 - s->avail, k);
      s->avail -= k;
      b += k;
      n -= k;
    }
}

static void
seeded_open (struct seeded *s, const unsigned char seed[32])
{
  memset (s, 0, sizeof *s);
  memcpy (s->in, seed, 32);
}

/* ------------------------------------------------------------ statistics */

/* Welford's running mean and variance of one class. */
struct moments
{
  double n, mean, m2;
};

static void
moments_add (struct moments *m, double x)
{
  double d = x - m->mean;
  m->n += 1;
  m->mean += d / m->n;
  m->m2 += d * (x - m->mean);
}

static double
welch_t (const struct moments *a, const struct moments *b)
{
  double va, vb;
  if (a->n < 2 || b->n < 2)
    return 0;
  va = a->m2 / (a->n - 1);
  vb = b->m2 / (b->n - 1);
  if (va + vb == 0)
    return 0;
  return (a->mean - b->mean) / sqrt (va / a->n + vb / b->n);
}

/* Test 0 takes every measurement; test 1 + k those below the k-th crop
 * point (dudect's percentiles 1 - 0.5^(10 (k+1) / NCROP)), set from the
 * first CALIBRATE measurements of both classes together. */
#define NCROP 20
#define NTESTS (1 + NCROP)
#define CALIBRATE 2000
/* A test speaks only from this many measurements on. */
#define MIN_TESTED 2000

struct stats
{
  struct moments m[NTESTS][2];
  double crop[NCROP];
  int64_t *cal;
  size_t ncal;
};

static int
cmp_i64 (const void *a, const void *b)
{
  int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
  return x < y ? -1 : x > y;
}

static void
stats_add (struct stats *st, int cls, int64_t t)
{
  int k;
  if (st->ncal < CALIBRATE)
    {
      st->cal[st->ncal++] = t;
      if (st->ncal == CALIBRATE)
        {
          qsort (st->cal, CALIBRATE, sizeof *st->cal, cmp_i64);
          for (k = 0; k < NCROP; k++)
            {
              double p = 1 - pow (0.5, 10.0 * (k + 1) / NCROP);
              st->crop[k] = (double) st->cal[(size_t) (p * (CALIBRATE - 1))];
            }
        }
      return;   /* the calibration measurements are not tested */
    }
  moments_add (&st->m[0][cls], (double) t);
  for (k = 0; k < NCROP; k++)
    if ((double) t < st->crop[k])
      moments_add (&st->m[1 + k][cls], (double) t);
}

/* The test with the largest |t| among those with enough measurements;
 * -1 if none has enough. */
static int
stats_worst (const struct stats *st, double *tmax)
{
  int k, best = -1;
  *tmax = 0;
  for (k = 0; k < NTESTS; k++)
    {
      double t;
      if (st->m[k][0].n + st->m[k][1].n < MIN_TESTED)
        continue;
      t = welch_t (&st->m[k][0], &st->m[k][1]);
      if (best < 0 || fabs (t) > fabs (*tmax))
        {
          *tmax = t;
          best = k;
        }
    }
  return best;
}

/* ------------------------------------------------------------ targets */

/* A target: SLOT bytes of input per measurement, made by PREPARE for a
 * class, run by RUN from the work buffer (a copy of the slot). */
struct target
{
  const char *name;
  const char *classes;          /* what class 0 and class 1 are */
  size_t slot;
  void (*setup) (const struct target *t);
  void (*prepare) (const struct target *t, unsigned char *slot, int cls);
  /* the measurement: ticks () around the operation, or (ML-KEM's key
   * generation) a difference of two such */
  int64_t (*run) (const struct target *t, unsigned char *work);
  int algo;                     /* KEM algorithm or curve */
};

static void
die (const char *what, const struct target *t, gpg_error_t err)
{
  fprintf (stderr, "bench-dudect: %s: %s failed: %s\n", t->name, what,
           gpg_strerror (err));
  exit (2);
}

/* ---- KEMs: the public key, secret key and ciphertext lengths; a pool of
 * key pairs (pool[0] is the fixed one), with the internal dispatcher row
 * for seeded key generation and encapsulation. */
#define POOL 64

struct kem_pool
{
  int algo;
  size_t pk, sk, ct, ss;
  unsigned char *pks, *sks;     /* POOL keys */
  unsigned char ct0[4096];      /* one valid ciphertext for pool key 0 */
};

static struct kem_pool kp;

/* A fresh valid ciphertext for pool key I. */
static void
kem_fresh_ct (const struct target *t, int i, unsigned char *ct)
{
  unsigned char sh[64];
  gpg_error_t err = kc_kem_encap (t->algo, kp.pks + i * kp.pk, kp.pk, ct,
                                  kp.ct, sh, kp.ss, NULL, 0);
  if (err)
    die ("kc_kem_encap", t, err);
}

static void
kem_setup (const struct target *t)
{
  int i;
  gpg_error_t err;

  if (kp.algo == t->algo)
    return;
  free (kp.pks);
  free (kp.sks);
  memset (&kp, 0, sizeof kp);
  kp.algo = t->algo;
  {
    const struct _kc_kem_info *k = _kc_kem_lookup (t->algo);
    if (!k)
      die ("_kc_kem_lookup", t, GPG_ERR_NOT_SUPPORTED);
    kp.pk = k->pk_len;
    kp.sk = k->sk_len;
    kp.ct = k->ct_len;
    kp.ss = k->ss_len;
  }
  kp.pks = malloc (POOL * kp.pk);
  kp.sks = malloc (POOL * kp.sk);
  if (!kp.pks || !kp.sks || kp.ct > sizeof kp.ct0)
    abort ();
  for (i = 0; i < POOL; i++)
    if ((err = kc_kem_keypair (t->algo, kp.pks + i * kp.pk, kp.pk,
                               kp.sks + i * kp.sk, kp.sk)))
      die ("kc_kem_keypair", t, err);
  kem_fresh_ct (t, 0, kp.ct0);
}

/* The post-quantum row of ALGO: a hybrid's first part (the dispatcher's
 * K->pq), the row itself for the plain KEMs. */
static const struct _kc_kem_info *
pq_row (int algo)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (algo);
  return k->pq ? k->pq : k;
}

/* ML-KEM's parameter k of ALGO's post-quantum part (0: not ML-KEM). */
static int
mlkem_k (int algo)
{
  const struct _kc_kem_info *q = pq_row (algo);
  return q->algo == KC_KEM_MLKEM512 || q->algo == KC_KEM_MLKEM768
         || q->algo == KC_KEM_MLKEM1024 ? q->param : 0;
}

/* decap slots: sk || ct.  Class 0 is pool key 0, class 1 another key.
 * ML-KEM expands its matrix A from rho, part of the public key, by
 * rejection sampling, whose time varies with rho (FIPS 203 allows it: rho
 * is public); so that the classes differ in their secrets only, class 1
 * there keeps key 0's public key and its hash and takes a random s (each
 * coefficient uniform below q) and z, and the X25519 half of the hybrid a
 * random secret, and both classes decapsulate random ciphertexts (both
 * rejected).  The other KEMs take whole keys from the pool and fresh valid
 * ciphertexts. */
static void
prep_decap_key (const struct target *t, unsigned char *s, int cls)
{
  int k = mlkem_k (t->algo), i;

  if (!k)
    {
      i = cls ? 1 + (int) (rnd64 () % (POOL - 1)) : 0;
      memcpy (s, kp.sks + i * kp.sk, kp.sk);
      kem_fresh_ct (t, i, s + kp.sk);
      return;
    }
  memcpy (s, kp.sks, kp.sk);
  if (cls)
    {
      size_t pq = pq_row (t->algo)->sk_len;     /* dk_PKE || ek || H || z */
      for (i = 0; i < 256 * k; i += 2)
        {
          unsigned int a = (unsigned int) (rnd64 () % 3329);
          unsigned int b = (unsigned int) (rnd64 () % 3329);
          unsigned char *c = s + 3 * (i / 2);
          c[0] = (unsigned char) a;
          c[1] = (unsigned char) (a >> 8 | b << 4);
          c[2] = (unsigned char) (b >> 4);
        }
      rnd_bytes (s + pq - 32, 32);
      if (kp.sk > pq)
        rnd_bytes (s + pq, kp.sk - pq);         /* the X25519 secret */
    }
  rnd_bytes (s + kp.sk, kp.ct);
}

static void
prep_decap_valid (const struct target *t, unsigned char *s, int cls)
{
  memcpy (s, kp.sks, kp.sk);
  kem_fresh_ct (t, 0, s + kp.sk);
  if (cls)
    s[kp.sk + rnd64 () % pq_row (t->algo)->ct_len] ^= 1 + (rnd64 () % 255);
}

static void
prep_decap_repeat (const struct target *t, unsigned char *s, int cls)
{
  memcpy (s, kp.sks, kp.sk);
  if (cls)
    kem_fresh_ct (t, 0, s + kp.sk);
  else
    memcpy (s + kp.sk, kp.ct0, kp.ct);
}

static int64_t
run_decap (const struct target *t, unsigned char *w)
{
  unsigned char ss[64];
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_kem_decap (t->algo, w, kp.sk, w + kp.sk, kp.ct, ss,
                                  kp.ss, NULL, 0);
  b = ticks ();
  if (err)
    die ("kc_kem_decap", t, err);
  return (int64_t) (b - a);
}

/* keypair slots: the 32-byte seed of the generator the key pair draws
 * from (the key's secret); encap slots: that seed, the encapsulation's
 * randomness, to pool key 0. */
static unsigned char fixed_seed[32];

static void
prep_seed (const struct target *t, unsigned char *s, int cls)
{
  (void) t;
  if (cls)
    rnd_bytes (s, 32);
  else
    memcpy (s, fixed_seed, 32);
}

/* The row's encapsulation to PK with randomness from SEED: its time. */
static int64_t
timed_encap (const struct target *t, const unsigned char *pk,
             const unsigned char *seed)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (t->algo);
  static unsigned char ct[4096], ss[64];
  struct seeded sd;
  gpg_error_t err;
  uint64_t a, b;

  seeded_open (&sd, seed);
  a = ticks ();
  err = k->encap (k, ct, ss, pk, NULL, seeded_rng, &sd);
  b = ticks ();
  if (err)
    die ("encap", t, err);
  return (int64_t) (b - a);
}

/* Key generation from the seeded generator.  ML-KEM's time depends on rho
 * (public, drawn with the secret from the same seed: see prep_decap_key),
 * through the rejection sampling of A; its encapsulation samples the very
 * same k^2 polynomials from the same rho (A transposed), so the key
 * generation's time minus that of an encapsulation to the new key with
 * fixed randomness leaves rho out, and the classes differ in what depends
 * on the secret. */
static int64_t
run_keypair (const struct target *t, unsigned char *w)
{
  const struct _kc_kem_info *k = _kc_kem_lookup (t->algo);
  static unsigned char pk[4096], sk[4096];
  struct seeded sd;
  gpg_error_t err;
  uint64_t a, b;

  seeded_open (&sd, w);
  a = ticks ();
  err = k->keypair (k, pk, sk, seeded_rng, &sd);
  b = ticks ();
  if (err)
    die ("keypair", t, err);
  if (!mlkem_k (t->algo))
    return (int64_t) (b - a);
  return (int64_t) (b - a) - timed_encap (t, pk, fixed_seed);
}

static int64_t
run_encap (const struct target *t, unsigned char *w)
{
  return timed_encap (t, kp.pks, w);
}

/* ---- secp256k1: slots are seckey (32) || a public input (32) */
static unsigned char fixed_sk[32], ecdh_pub[33];

static void
ecc_setup (const struct target *t)
{
  unsigned char sk[32];
  gpg_error_t err;
  if ((err = kc_ecc_keypair (KC_ECC_SECP256K1, ecdh_pub, sizeof ecdh_pub,
                             sk, sizeof sk)))
    die ("kc_ecc_keypair", t, err);
}

static void
prep_ecc_key (const struct target *t, unsigned char *s, int cls)
{
  (void) t;
  if (cls)
    rnd_bytes (s, 32);  /* >= n or 0 with probability 2^-128 */
  else
    memcpy (s, fixed_sk, 32);
  rnd_bytes (s + 32, 32);
}

static int64_t
run_ecdsa_sign (const struct target *t, unsigned char *w)
{
  unsigned char sig[KC_ECDSA_SECP256K1_SIG_LEN];
  size_t n = sizeof sig;
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_ecdsa_sign (t->algo, 0, sig, &n, w, 32, w + 32, 32);
  b = ticks ();
  if (err)
    die ("kc_ecdsa_sign", t, err);
  return (int64_t) (b - a);
}

static int64_t
run_schnorr_sign (const struct target *t, unsigned char *w)
{
  unsigned char sig[64];
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_schnorr_sign (t->algo, sig, sizeof sig, w, 32,
                                     w + 32, 32, w + 32, 32);
  b = ticks ();
  if (err)
    die ("kc_schnorr_sign", t, err);
  return (int64_t) (b - a);
}

static int64_t
run_ecc_pubkey (const struct target *t, unsigned char *w)
{
  unsigned char pk[KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN];
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_ecc_pubkey (t->algo, pk, sizeof pk, w, 32);
  b = ticks ();
  if (err)
    die ("kc_ecc_pubkey", t, err);
  return (int64_t) (b - a);
}

static int64_t
run_ecdh (const struct target *t, unsigned char *w)
{
  unsigned char sh[32];
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_ecdh (t->algo, 0, sh, sizeof sh, w, 32, ecdh_pub,
                             sizeof ecdh_pub);
  b = ticks ();
  if (err)
    die ("kc_ecdh", t, err);
  return (int64_t) (b - a);
}

static int64_t
run_tweak_add (const struct target *t, unsigned char *w)
{
  uint64_t a = ticks (), b;
  gpg_error_t err = kc_ecc_seckey_tweak_add (t->algo, w, 32, w + 32, 32);
  b = ticks ();
  if (err)
    die ("kc_ecc_seckey_tweak_add", t, err);
  return (int64_t) (b - a);
}

/* ---- the tool's own check: a planted leak it must find (an early-exit
 * comparison of a 64-byte secret with a reference: the fixed class
 * matches its first 48 bytes, random ones differ at once) and its
 * constant-time form, which must show nothing at the threshold. */
static unsigned char reference[64];
static volatile unsigned char compare_sink;

static void
prep_compare (const struct target *t, unsigned char *s, int cls)
{
  (void) t;
  memcpy (s, reference, 64);
  if (cls)
    rnd_bytes (s, 64);
  else
    rnd_bytes (s + 48, 16);
}

static int64_t
run_compare_leaky (const struct target *t, unsigned char *w)
{
  volatile unsigned char *v = w;
  uint64_t a = ticks (), b;
  int i;
  (void) t;
  for (i = 0; i < 64; i++)
    if (v[i] != reference[i])
      break;
  b = ticks ();
  return (int64_t) (b - a);
}

static int64_t
run_compare_ct (const struct target *t, unsigned char *w)
{
  volatile unsigned char *v = w;
  unsigned char d = 0;
  uint64_t a = ticks (), b;
  int i;
  (void) t;
  for (i = 0; i < 64; i++)
    d |= v[i] ^ reference[i];
  compare_sink = d;
  b = ticks ();
  return (int64_t) (b - a);
}

static void
no_setup (const struct target *t)
{
  (void) t;
}

#define KEM_TARGETS(name, id)                                              \
  { "kem/" name "/decap-key", "fixed key / random key", 0, kem_setup,      \
    prep_decap_key, run_decap, id },                                       \
  { "kem/" name "/decap-valid", "valid / altered ciphertext", 0,           \
    kem_setup, prep_decap_valid, run_decap, id },                          \
  { "kem/" name "/decap-repeat", "one ciphertext / fresh ciphertexts", 0,  \
    kem_setup, prep_decap_repeat, run_decap, id },                         \
  { "kem/" name "/keypair", "fixed seed / random seed", 32, kem_setup,     \
    prep_seed, run_keypair, id },                                          \
  { "kem/" name "/encap", "fixed randomness / random randomness", 32,      \
    kem_setup, prep_seed, run_encap, id }

static struct target targets[] = {
  { "self/leaky-compare", "secret = reference / random (must differ)", 64,
    no_setup, prep_compare, run_compare_leaky, 0 },
  { "self/ct-compare", "secret = reference / random", 64, no_setup,
    prep_compare, run_compare_ct, 0 },
  KEM_TARGETS ("sntrup761", KC_KEM_SNTRUP761),
  KEM_TARGETS ("mlkem512", KC_KEM_MLKEM512),
  KEM_TARGETS ("mlkem768", KC_KEM_MLKEM768),
  KEM_TARGETS ("mlkem1024", KC_KEM_MLKEM1024),
  { "kem/x25519/decap-key", "fixed key / random key", 0, kem_setup,
    prep_decap_key, run_decap, KC_KEM_RAW_X25519 },
  { "kem/x25519/keypair", "fixed seed / random seed", 32, kem_setup,
    prep_seed, run_keypair, KC_KEM_RAW_X25519 },
  { "kem/x25519/encap", "fixed randomness / random randomness", 32,
    kem_setup, prep_seed, run_encap, KC_KEM_RAW_X25519 },
  KEM_TARGETS ("sntrup761x25519", KC_KEM_SNTRUP761X25519_SHA512),
  KEM_TARGETS ("mlkem768x25519", KC_KEM_MLKEM768X25519_SHA256),
  { "ecc/secp256k1/ecdsa-sign", "fixed key / random key", 64, ecc_setup,
    prep_ecc_key, run_ecdsa_sign, KC_ECC_SECP256K1 },
  { "ecc/secp256k1/schnorr-sign", "fixed key / random key", 64, ecc_setup,
    prep_ecc_key, run_schnorr_sign, KC_ECC_SECP256K1 },
  { "ecc/secp256k1/pubkey", "fixed key / random key", 64, ecc_setup,
    prep_ecc_key, run_ecc_pubkey, KC_ECC_SECP256K1 },
  { "ecc/secp256k1/ecdh", "fixed key / random key", 64, ecc_setup,
    prep_ecc_key, run_ecdh, KC_ECC_SECP256K1 },
  { "ecc/secp256k1/seckey-tweak-add", "fixed key / random key", 64,
    ecc_setup, prep_ecc_key, run_tweak_add, KC_ECC_SECP256K1 },
};
#define NTARGETS (sizeof targets / sizeof targets[0])

/* ------------------------------------------------------------ driver */

#define BATCH 256

/* --direct: the way not to do it, kept to show why: class 0 reads one
 * input buffer prepared once (hot in the cache), class 1 each its own
 * slot (fresh from the preparation, an eighth of a megabyte of slots
 * away), and the call runs on them in place. */
static int direct;

/* Measure T for SECONDS; 1 if |t| > THRESHOLD. */
static int
measure (struct target *t, double seconds, double threshold)
{
  static unsigned char work[16384] __attribute__ ((aligned (64)));
  unsigned char *slots;
  int cls[BATCH];
  int64_t dt[BATCH];
  struct stats *st = calloc (1, sizeof *st);
  struct timespec t0, t1;
  double tmax, el, d0, d1;
  char which[32];
  int worst, i;
  size_t n = 0;

  if (!st || !(st->cal = malloc (CALIBRATE * sizeof *st->cal)))
    abort ();
  t->setup (t);
  if (!t->slot)
    t->slot = kp.sk + kp.ct;
  if (t->slot > sizeof work || !(slots = malloc ((BATCH + 1) * t->slot)))
    abort ();
  t->prepare (t, slots + BATCH * t->slot, 0);   /* --direct's class 0 */
  clock_gettime (CLOCK_MONOTONIC, &t0);
  do
    {
      for (i = 0; i < BATCH; i++)
        {
          cls[i] = (int) (rnd64 () & 1);
          t->prepare (t, slots + i * t->slot, cls[i]);
        }
      for (i = 0; i < BATCH; i++)
        {
          if (direct)
            dt[i] = t->run (t, slots + (cls[i] ? i : BATCH) * t->slot);
          else
            {
              memcpy (work, slots + i * t->slot, t->slot);
              dt[i] = t->run (t, work);
            }
        }
      for (i = 0; i < BATCH; i++)
        stats_add (st, cls[i], dt[i]);
      n += BATCH;
      clock_gettime (CLOCK_MONOTONIC, &t1);
      el = (double) (t1.tv_sec - t0.tv_sec)
           + 1e-9 * (double) (t1.tv_nsec - t0.tv_nsec);
    }
  while (el < seconds || st->ncal < CALIBRATE);

  worst = stats_worst (st, &tmax);
  if (worst < 0)
    {
      printf ("%-36s %-38s n %8zu  too few measurements: run longer "
              "(--seconds)\n", t->name, t->classes, n - CALIBRATE);
      fflush (stdout);
      free (slots);
      free (st->cal);
      free (st);
      return 1;
    }
  d0 = st->m[worst][0].mean;
  d1 = st->m[worst][1].mean;
  if (worst)
    snprintf (which, sizeof which, "below p%.4f",
              1 - pow (0.5, 10.0 * worst / NCROP));
  else
    snprintf (which, sizeof which, "all");
  printf ("%-36s %-38s n %8zu  max|t| %6.2f (%s)  means %.0f / %.0f "
          "(%+.1f) %s  %s\n", t->name, t->classes, n - CALIBRATE,
          fabs (tmax), which, d0, d1, d1 - d0, TICKS,
          fabs (tmax) > threshold ? "DIFFERS"
          : fabs (tmax) > 4.5 ? "inconclusive" : "no evidence");
  fflush (stdout);
  free (slots);
  free (st->cal);
  free (st);
  return fabs (tmax) > threshold;
}

static void
usage (FILE *f)
{
  fprintf (f, "usage: bench-dudect [--seconds S] [--threshold T] [--list] "
              "[TARGET...]\n"
              "  Times each TARGET (a name or a prefix of one: kem/mlkem512,"
              " ecc) on two classes\n"
              "  of inputs and prints Welch's t; exits 1 if any |t| exceeds"
              " the threshold\n"
              "  (default 10).  --seconds: per target (default 10).\n"
              "  --direct: time class 0 on one hot buffer and class 1 in"
              " place (a harness\n  artefact, to compare).\n");
}

int
main (int argc, char **argv)
{
  double seconds = 10, threshold = 10;
  int i, first = argc, bad = 0, ran = 0;
  size_t k;

  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
        seconds = atof (argv[++i]);
      else if (!strcmp (argv[i], "--threshold") && i + 1 < argc)
        threshold = atof (argv[++i]);
      else if (!strcmp (argv[i], "--direct"))
        direct = 1;
      else if (!strcmp (argv[i], "--list"))
        {
          for (k = 0; k < NTARGETS; k++)
            printf ("%-36s %s\n", targets[k].name, targets[k].classes);
          return 0;
        }
      else if (!strcmp (argv[i], "--help"))
        {
          usage (stdout);
          return 0;
        }
      else if (argv[i][0] == '-')
        {
          usage (stderr);
          return 2;
        }
      else
        {
          first = i;
          break;
        }
    }
  if (!kc_check_version (NULL))
    return 2;
  kc_randomize (rs, sizeof rs);
  kc_randomize (fixed_seed, sizeof fixed_seed);
  kc_randomize (fixed_sk, sizeof fixed_sk);
  kc_randomize (reference, sizeof reference);
  printf ("bench-dudect: %.0f s a target, threshold |t| > %.1f, %s%s\n",
          seconds, threshold, TICKS, direct ? ", --direct" : "");
  /* First, always: the planted leak must be found, or the figures below
   * say nothing. */
  if (!measure (&targets[0], seconds < 2 ? seconds : 2, threshold))
    {
      printf ("bench-dudect: FAIL: the planted leak was not found\n");
      return 3;
    }
  for (k = 0; k < NTARGETS; k++)
    {
      int want = first == argc;
      for (i = first; i < argc; i++)
        if (!strncmp (targets[k].name, argv[i], strlen (argv[i])))
          want = 1;
      if (!want)
        continue;
      if (!strcmp (targets[k].name, "self/leaky-compare"))
        continue;       /* ran first */
      ran++;
      bad |= measure (&targets[k], seconds, threshold);
    }
  if (!ran)
    {
      fprintf (stderr, "bench-dudect: no target matches\n");
      return 2;
    }
  return bad;
}
