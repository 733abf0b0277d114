/* t-stack.c - every public function runs within KC_STACK_MAX bytes of
 * stack, on a 64 KiB thread stack, on every dispatch path
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How: each call runs on a thread whose 64 KiB stack this test maps
 * itself (mmap, PROT_NONE guard pages below it, pthread_attr_setstack;
 * the test fails at once if the stack cannot be set), filled beforehand
 * with a pattern that depends on the address.  When the call returns,
 * the thread finds the lowest byte that no longer holds the pattern: the
 * call's depth below the thread function's frame.  A depth above
 * KC_STACK_MAX (kcrypt-int.h; kcrypt.h and the manual state the same
 * figure, which this test checks too) fails; a call that runs into the
 * guard pages is caught by a SIGSEGV handler on its own stack, which
 * names the call and exits with failure.
 *
 * The calls: every function of kcrypt.h, the KEMs for every algorithm
 * (key pair, seeded key pair, encapsulation, decapsulation of a good and
 * of a corrupted ciphertext, the key-pair batch), every ECC, ECDSA,
 * BIP-340, ECDH, tweak, recovery and ElligatorSwift call, libsecp256k1's
 * key API and the BIP-340 key pair, Ed25519's keys, signing,
 * verification and batch verification (around its equation of 12 items),
 * both secp256k1 batch verifiers for sizes 1 to 1024 (around every chunk
 * size) with all-valid items, invalid ones mixed in, one invalid item
 * last, half invalid, and a results array overlapping the input arrays
 * (which must fail the call cleanly), the
 * hashes, HMAC and HKDF, kc_randomize and the big integers from 256 to
 * 16000 bits.
 * Each call's result is checked, so that the path measured is the one
 * meant.  With glibc it also counts the heap allocations each call
 * makes: none but kc_mpi_* and kc_md_open may make any.
 *
 * The program runs itself again under KCRYPT_HWF_MASK for each other
 * dispatch path this CPU has: the portable code (0), AVX2 without
 * AVX-512 (0x43f: POPCNT, 0x400, kept for the ML-KEM AVX2 kernels),
 * AVX-512 without IFMA (0x47f), and under KCRYPT_HWF_PREFER with the
 * other secp256k1 field (the preference KC_PREFER_MULX on or off).
 * Sanitizer builds skip it (ASan keeps locals on a fake stack, and its
 * frames are bigger). */
#include "kcrypt-int.h"
#include "t-common.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* 64 KiB, or the least thread stack where that is more */
#define STACK_SIZE t_thread_stack_size (64 * 1024)
#define GUARD_PAGES 16          /* PROT_NONE below the stack */
/* the curve of the ECC calls: secp256k1, then P-256 (run_p256) */
static int ecc_curve = KC_ECC_SECP256K1;
#define C ecc_curve

/* ------------------------------------------------------------ heap */

/* kcrypt.h: "none uses the heap except kc_mpi_*, kc_md_open (the
 * handle) and the CSPRNG".  With glibc this program puts itself in front
 * of malloc, calloc and realloc (forwarding to glibc's own), and counts
 * what each call's thread allocates while the call runs.  The CSPRNG's
 * one allocation (its first draw in the process reads /proc/self/smaps
 * through stdio) is made by main before any call is measured. */
#if defined(__GLIBC__) && !defined(T_SANITIZED)
# define T_HEAP 1
extern void *__libc_malloc (size_t);
extern void *__libc_calloc (size_t, size_t);
extern void *__libc_realloc (void *, size_t);
static __thread int heap_counting;
static __thread unsigned long heap_count;

static void
heap_note (void)
{
  if (heap_counting)
    heap_count++;
}

void *
malloc (size_t n)
{
  heap_note ();
  return __libc_malloc (n);
}

void *
calloc (size_t n, size_t m)
{
  heap_note ();
  return __libc_calloc (n, m);
}

void *
realloc (void *p, size_t n)
{
  heap_note ();
  return __libc_realloc (p, n);
}
#endif

static unsigned long last_heap;         /* the last run's allocations */

#ifdef T_HEAP
/* An allocation the counter must see (through a volatile pointer, so
 * that the compiler cannot drop the malloc / free pair). */
static void *(*volatile heap_malloc) (size_t) = malloc;

static void
heap_self_test (void)
{
  free (heap_malloc (64));
}
#endif

/* 1 if CALL may use the heap. */
static int
heap_allowed (const char *call)
{
  return !strncmp (call, "kc_mpi", 6) || !strncmp (call, "kc_md_open", 10)
         || !strncmp (call, "heap self-test", 14);
}

/* ------------------------------------------------------------ harness */

static const char *path_name = "dispatched";
static const char *volatile current;    /* the call running */
static size_t peak;
static char peak_call[160];

/* The pattern byte at address P. */
static unsigned char
pattern (const unsigned char *p)
{
  uintptr_t a = (uintptr_t) p;
  return (unsigned char) ((a ^ (a >> 8)) * 0x9d + 0x5b);
}

static void
on_segv (int sig)
{
  static const char m1[] = "t-stack: FAIL: SIGSEGV/SIGBUS in ";
  static const char m2[] = " (past the 64 KiB stack, or a bad pointer)\n";
  const char *c = current ? current : "?";
  ssize_t rc;

  (void) sig;
  rc = write (2, m1, sizeof m1 - 1);
  rc = write (2, c, strlen (c));
  rc = write (2, m2, sizeof m2 - 1);
  (void) rc;
  _exit (1);
}

struct job
{
  void (*fn) (void);
  unsigned char *stack;         /* the lowest byte of the stack */
  size_t depth;
  unsigned long heap;           /* allocations the call made */
};

static unsigned char altstack[64 * 1024];

static KC_NOINLINE void
measure (struct job *j, unsigned char *top)
{
  unsigned char *p = j->stack;
  while (p < top && *p == pattern (p))
    p++;
  j->depth = (size_t) (top - p);
}

static void *
thread_main (void *arg)
{
  struct job *j = arg;
  unsigned char *top = __builtin_frame_address (0);
  stack_t ss;

  memset (&ss, 0, sizeof ss);
  ss.ss_sp = altstack;
  ss.ss_size = sizeof altstack;
  if (sigaltstack (&ss, NULL))
    {
      fail ("sigaltstack failed");
      exit (1);
    }
#ifdef T_HEAP
  heap_count = 0;
  heap_counting = 1;
#endif
  j->fn ();
#ifdef T_HEAP
  heap_counting = 0;
  j->heap = heap_count;
#endif
  measure (j, top);
  return NULL;
}

/* Run FN on a fresh 64 KiB stack (STACK_SIZE); its depth must be within
 * KC_STACK_BUILD_MAX (KC_STACK_MAX but in a verify build). */
static void
run (const char *call, void (*fn) (void))
{
  static unsigned char *map;
  long pg = sysconf (_SC_PAGESIZE);
  size_t guard = (size_t) pg * GUARD_PAGES, size = STACK_SIZE, i;
  pthread_attr_t attr;
  pthread_t th;
  struct job j;
  int rc;

  if (!map)
    {
      map = mmap (NULL, guard + size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (map == MAP_FAILED || mprotect (map, guard, PROT_NONE))
        {
          fail ("mmap / mprotect of the thread stack failed");
          exit (1);
        }
    }
  j.fn = fn;
  j.stack = map + guard;
  j.depth = 0;
  j.heap = 0;
  for (i = 0; i < size; i++)
    j.stack[i] = pattern (j.stack + i);
  current = call;
  if ((rc = pthread_attr_init (&attr))
      || (rc = pthread_attr_setstack (&attr, j.stack, size)))
    {
      fail ("pthread_attr_setstack (%u bytes): error %d",
            (unsigned) size, rc);
      exit (1);
    }
  rc = pthread_create (&th, &attr, thread_main, &j);
  if (rc)
    {
      fail ("pthread_create on a %u-byte stack: error %d",
            (unsigned) size, rc);
      exit (1);
    }
  pthread_join (th, NULL);
  pthread_attr_destroy (&attr);
  current = NULL;
  t_checks++;
  if (j.depth > KC_STACK_BUILD_MAX)
    fail ("%s [%s]: %u bytes of stack, more than KC_STACK_BUILD_MAX (%u)",
          call, path_name, (unsigned) j.depth, (unsigned) KC_STACK_BUILD_MAX);
  last_heap = j.heap;
  if (!heap_allowed (call))
    CHECK (j.heap == 0, "%s [%s]: %lu heap allocations (kcrypt.h promises "
           "none)", call, path_name, j.heap);
  if (t_verbose)
    printf ("  %6u  %s\n", (unsigned) j.depth, call);
  if (j.depth > peak)
    {
      peak = j.depth;
      snprintf (peak_call, sizeof peak_call, "%s", call);
    }
}

/* The calls and their results: the call runs in the thread, the check
 * after it in the main thread. */
static gpg_error_t err;
static int ival;

/* ---------------------------------------------------------------- KEM */

struct kem
{
  int algo;
  const char *name;
  size_t pk, sk, ct, ss, seed;  /* seed 0: kc_kem_keypair_seed unsupported */
  int batch;                    /* kc_kem_keypair_batch supported */
};

static const struct kem kems[] = {
  { KC_KEM_SNTRUP761, "sntrup761", KC_KEM_SNTRUP761_PUBKEY_LEN,
    KC_KEM_SNTRUP761_SECKEY_LEN, KC_KEM_SNTRUP761_ENCAPS_LEN,
    KC_KEM_SNTRUP761_SHARED_LEN, 0, 1 },
  { KC_KEM_MLKEM512, "mlkem512", KC_KEM_MLKEM512_PUBKEY_LEN,
    KC_KEM_MLKEM512_SECKEY_LEN, KC_KEM_MLKEM512_ENCAPS_LEN,
    KC_KEM_MLKEM512_SHARED_LEN, 64, 0 },
  { KC_KEM_MLKEM768, "mlkem768", KC_KEM_MLKEM768_PUBKEY_LEN,
    KC_KEM_MLKEM768_SECKEY_LEN, KC_KEM_MLKEM768_ENCAPS_LEN,
    KC_KEM_MLKEM768_SHARED_LEN, 64, 0 },
  { KC_KEM_MLKEM1024, "mlkem1024", KC_KEM_MLKEM1024_PUBKEY_LEN,
    KC_KEM_MLKEM1024_SECKEY_LEN, KC_KEM_MLKEM1024_ENCAPS_LEN,
    KC_KEM_MLKEM1024_SHARED_LEN, 64, 0 },
  { KC_KEM_RAW_X25519, "raw-x25519", KC_KEM_RAW_X25519_PUBKEY_LEN,
    KC_KEM_RAW_X25519_SECKEY_LEN, KC_KEM_RAW_X25519_ENCAPS_LEN,
    KC_KEM_RAW_X25519_SHARED_LEN, 32, 0 },
  { KC_KEM_SNTRUP761X25519_SHA512, "sntrup761x25519-sha512",
    KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
    KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN, 0, 0 },
  { KC_KEM_MLKEM768X25519_SHA256, "mlkem768x25519-sha256",
    KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN, 64, 0 },
  { KC_KEM_X25519MLKEM768, "X25519MLKEM768",
    KC_KEM_X25519MLKEM768_PUBKEY_LEN, KC_KEM_X25519MLKEM768_SECKEY_LEN,
    KC_KEM_X25519MLKEM768_ENCAPS_LEN, KC_KEM_X25519MLKEM768_SHARED_LEN,
    64, 0 },
  { KC_KEM_XWING, "xwing", KC_KEM_XWING_PUBKEY_LEN, KC_KEM_XWING_SECKEY_LEN,
    KC_KEM_XWING_ENCAPS_LEN, KC_KEM_XWING_SHARED_LEN, 32, 0 },
  { KC_KEM_DHKEM25519, "dhkem25519", KC_KEM_DHKEM25519_PUBKEY_LEN,
    KC_KEM_DHKEM25519_SECKEY_LEN, KC_KEM_DHKEM25519_ENCAPS_LEN,
    KC_KEM_DHKEM25519_SHARED_LEN, 32, 0 },
  { KC_KEM_RAW_P256R1, "raw-p256r1", KC_KEM_RAW_P256R1_PUBKEY_LEN,
    KC_KEM_RAW_P256R1_SECKEY_LEN, KC_KEM_RAW_P256R1_ENCAPS_LEN,
    KC_KEM_RAW_P256R1_SHARED_LEN, 32, 0 },
  { KC_KEM_DHKEMP256R1, "dhkemp256r1", KC_KEM_DHKEMP256R1_PUBKEY_LEN,
    KC_KEM_DHKEMP256R1_SECKEY_LEN, KC_KEM_DHKEMP256R1_ENCAPS_LEN,
    KC_KEM_DHKEMP256R1_SHARED_LEN, 32, 0 },
  { KC_KEM_MLKEM768NISTP256_SHA256, "mlkem768nistp256-sha256",
    KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN,
    KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN, 64, 0 },
  { KC_KEM_SECP256R1MLKEM768, "SecP256r1MLKEM768",
    KC_KEM_SECP256R1MLKEM768_PUBKEY_LEN, KC_KEM_SECP256R1MLKEM768_SECKEY_LEN,
    KC_KEM_SECP256R1MLKEM768_ENCAPS_LEN, KC_KEM_SECP256R1MLKEM768_SHARED_LEN,
    64, 0 },
};

#define KEM_BATCH_MAX 40
static const struct kem *K;
static unsigned char kpk[4096], ksk[4096], kct[4096], kss[64], kss2[64];
static unsigned char kseed[64];
static unsigned char bpk[KEM_BATCH_MAX * KC_KEM_SNTRUP761_PUBKEY_LEN];
static unsigned char bsk[KEM_BATCH_MAX * KC_KEM_SNTRUP761_SECKEY_LEN];
static size_t bcount;

static void
c_kem_keypair (void)
{
  err = kc_kem_keypair (K->algo, kpk, K->pk, ksk, K->sk);
}

static void
c_kem_keypair_seed (void)
{
  err = kc_kem_keypair_seed (K->algo, kpk, K->pk, ksk, K->sk, kseed,
                             K->seed ? K->seed : 32);
}

static void
c_kem_encap (void)
{
  err = kc_kem_encap (K->algo, kpk, K->pk, kct, K->ct, kss, K->ss, NULL, 0);
}

static void
c_kem_decap (void)
{
  err = kc_kem_decap (K->algo, ksk, K->sk, kct, K->ct, kss2, K->ss, NULL, 0);
}

static void
c_kem_batch (void)
{
  err = kc_kem_keypair_batch (K->algo, bpk, bcount * K->pk, bsk,
                              bcount * K->sk, bcount);
}

static void
run_kem (void)
{
  static const size_t counts[] = { 1, 2, 31, 32, 33, KEM_BATCH_MAX };
  char name[160];
  size_t i, c;

  for (i = 0; i < sizeof kems / sizeof kems[0]; i++)
    {
      K = &kems[i];
      snprintf (name, sizeof name, "kc_kem_keypair (%s)", K->name);
      run (name, c_kem_keypair);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_kem_encap (%s)", K->name);
      run (name, c_kem_encap);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_kem_decap (%s)", K->name);
      run (name, c_kem_decap);
      CHECK_ERR (err, 0);
      CHECK (!memcmp (kss, kss2, K->ss), "%s: decap: wrong key", K->name);
      kct[K->ct / 2] ^= 0x10;      /* implicit rejection / another point */
      snprintf (name, sizeof name, "kc_kem_decap (%s, corrupted)", K->name);
      run (name, c_kem_decap);
      if (K->algo == KC_KEM_RAW_P256R1 || K->algo == KC_KEM_DHKEMP256R1)
        /* a P-256 point off the curve is refused (kc_kem(3)) */
        CHECK_ERR (err, GPG_ERR_INV_DATA);
      else
        {
          CHECK_ERR (err, 0);
          CHECK (memcmp (kss, kss2, K->ss), "%s: corrupted decap: same key",
                 K->name);
        }
      t_randbytes (kseed, sizeof kseed);
      snprintf (name, sizeof name, "kc_kem_keypair_seed (%s)", K->name);
      run (name, c_kem_keypair_seed);
      CHECK_ERR (err, K->seed ? 0 : GPG_ERR_NOT_SUPPORTED);
      for (c = 0; c < sizeof counts / sizeof counts[0]; c++)
        {
          bcount = counts[c];
          if (!K->batch && bcount > 2)
            break;
          snprintf (name, sizeof name, "kc_kem_keypair_batch (%s, %u)",
                    K->name, (unsigned) bcount);
          run (name, c_kem_batch);
          CHECK_ERR (err, K->batch ? 0 : GPG_ERR_NOT_SUPPORTED);
        }
    }
}

/* ---------------------------------------------------------------- ECC */

static unsigned char sk[32], pk65[65], pk33[33], sig[80], sig2[80], dg[32];
static unsigned char xo[32], tw[32], out[65], msg[1000];
static size_t sig_len, msg_len, out_len, pk_len;
static unsigned int flags;
static int parity;
static const unsigned char *pkp;

static void c_ecc_keypair (void)
{ err = kc_ecc_keypair (C, out, out_len, sk, 32); }
static void c_ecc_pubkey (void)
{ err = kc_ecc_pubkey (C, out, out_len, sk, 32); }
static void c_ecdsa_sign (void)
{
  sig_len = sizeof sig;
  err = kc_ecdsa_sign (C, flags, sig, &sig_len, sk, 32, dg, 32);
}
static void c_ecdsa_verify (void)
{ err = kc_ecdsa_verify (C, flags, sig, sig_len, pkp, pk_len, dg, 32); }
static void c_convert (void)
{ err = kc_ecc_pubkey_convert (C, out, out_len, pkp, pk_len); }
static void c_seckey_tweak (void)
{ err = kc_ecc_seckey_tweak_add (C, sk, 32, tw, 32); }
static void c_pubkey_tweak (void)
{ err = kc_ecc_pubkey_tweak_add (C, out, out_len, pkp, pk_len, tw, 32); }
static void c_ecdh (void)
{ err = kc_ecdh (C, flags, out, 32, sk, 32, pkp, pk_len); }
static void c_recover (void)
{ err = kc_ecdsa_recover (C, out, out_len, sig, 65, dg, 32); }
static void c_xonly (void)
{ err = kc_ecc_xonly_pubkey (C, xo, 32, &parity, sk, 32); }
static void c_xonly_tweak (void)
{ err = kc_ecc_xonly_tweak_add (C, out, 32, &parity, xo, 32, tw, 32); }
static void c_schnorr_sign (void)
{ err = kc_schnorr_sign (C, sig, 64, sk, 32, msg, msg_len, tw, 32); }
static void c_schnorr_sign_noaux (void)
{ err = kc_schnorr_sign (C, sig, 64, sk, 32, msg, msg_len, NULL, 0); }
static void c_schnorr_verify (void)
{ err = kc_schnorr_verify (C, sig, 64, xo, 32, msg, msg_len); }
static unsigned char ell[64], ell2[64];
static void c_ellswift_create (void)
{ err = kc_ellswift_create (C, ell, 64, sk, 32, tw, 32); }
static void c_ellswift_create_noaux (void)
{ err = kc_ellswift_create (C, ell2, 64, tw, 32, NULL, 0); }
static void c_ellswift_encode (void)
{ err = kc_ellswift_encode (C, ell, 64, pkp, pk_len, tw, 32); }
static void c_ellswift_decode (void)
{ err = kc_ellswift_decode (C, out, out_len, ell, 64); }
static void c_ellswift_xdh (void)
{ err = kc_ellswift_xdh (C, out, 32, ell, 64, ell2, 64, sk, 32,
                         KC_ELLSWIFT_PARTY_A); }

/* libsecp256k1's key API and the BIP-340 key pair */
static unsigned char kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], der[80];
static const void *keys[64];
static size_t key_lens[64];
static int cmp_result, was_high;
static void c_seckey_verify (void)
{ err = kc_ecc_seckey_verify (C, sk, 32); }
static void c_seckey_negate (void)
{ err = kc_ecc_seckey_negate (C, sk, 32); }
static void c_pubkey_negate (void)
{ err = kc_ecc_pubkey_negate (C, out, out_len, pkp, pk_len); }
static void c_seckey_tweak_mul (void)
{ err = kc_ecc_seckey_tweak_mul (C, sk, 32, tw, 32); }
static void c_pubkey_tweak_mul (void)
{ err = kc_ecc_pubkey_tweak_mul (C, out, out_len, pkp, pk_len, tw, 32); }
static void c_combine (void)
{ err = kc_ecc_pubkey_combine (C, out, out_len, 64, keys, key_lens); }
static void c_cmp (void)
{ err = kc_ecc_pubkey_cmp (C, &cmp_result, pk33, 33, pk65, 65); }
static void c_sort (void)
{ err = kc_ecc_pubkey_sort (C, keys, key_lens, 64); }
static void c_tagged (void)
{ err = kc_tagged_sha256 (out, 32, "BIP0340/challenge", 17, msg, msg_len); }
static void c_normalize (void)
{ err = kc_ecdsa_signature_normalize (C, sig2, 64, &was_high, sig, 64); }
static void c_ser_der (void)
{
  sig_len = sizeof der;
  err = kc_ecdsa_signature_serialize_der (C, der, &sig_len, sig, 64);
}
static void c_parse_der (void)
{ err = kc_ecdsa_signature_parse_der (C, sig2, 64, der, sig_len); }
static void c_parse_der_lax (void)
{ err = kc_ecdsa_signature_parse_der_lax (C, sig2, 64, der, sig_len); }
static void c_sign_ndata (void)
{
  sig_len = sizeof sig;
  err = kc_ecdsa_sign_ndata (C, flags, sig, &sig_len, sk, 32, dg, 32, tw, 32);
}
static void c_keypair_create (void)
{ err = kc_schnorr_keypair_create (C, kp, sizeof kp, sk, 32); }
static void c_keypair_sec (void)
{ err = kc_schnorr_keypair_sec (C, out, 32, kp, sizeof kp); }
static void c_keypair_pub (void)
{ err = kc_schnorr_keypair_pub (C, out, out_len, kp, sizeof kp); }
static void c_keypair_xonly (void)
{ err = kc_schnorr_keypair_xonly_pub (C, xo, 32, &parity, kp, sizeof kp); }
static void c_keypair_tweak (void)
{ err = kc_schnorr_keypair_xonly_tweak_add (C, kp, sizeof kp, tw, 32); }
static void c_keypair_clear (void)
{ kc_schnorr_keypair_clear (kp, sizeof kp); err = 0; }
static void c_sign_keypair (void)
{ err = kc_schnorr_sign_keypair (C, sig, 64, kp, sizeof kp, msg, msg_len,
                                 tw, 32); }
static void c_tweak_check (void)
{ err = kc_ecc_xonly_tweak_add_check (C, out, 32, parity, xo, 32, tw, 32); }

/* MuSig2 (BIP-327): every call of a signing session, 64 keys */
static unsigned char mu_kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], mu_pk[33];
static unsigned char mu_cache[KC_MUSIG_KEYAGG_CACHE_LEN], mu_rnd[32];
static unsigned char mu_sn[KC_MUSIG_SECNONCE_LEN];
static unsigned char mu_pn[KC_MUSIG_PUBNONCE_LEN];
static unsigned char mu_an[KC_MUSIG_AGGNONCE_LEN];
static unsigned char mu_ss[KC_MUSIG_SESSION_LEN];
static unsigned char mu_ps[KC_MUSIG_PARTIAL_SIG_LEN], mu_ser[66];
static const void *mu_pnp[1], *mu_psp[1];
static size_t mu_pnl[1] = { KC_MUSIG_PUBNONCE_LEN };
static size_t mu_psl[1] = { KC_MUSIG_PARTIAL_SIG_LEN };
static void c_mu_agg (void)
{ err = kc_musig_pubkey_agg (C, xo, 32, mu_cache, sizeof mu_cache, 64, keys,
                             key_lens); }
static void c_mu_get (void)
{ err = kc_musig_pubkey_get (C, out, 65, mu_cache, sizeof mu_cache); }
static void c_mu_ec_tweak (void)
{ err = kc_musig_pubkey_ec_tweak_add (C, out, 33, mu_cache, sizeof mu_cache,
                                      tw, 32); }
static void c_mu_xonly_tweak (void)
{ err = kc_musig_pubkey_xonly_tweak_add (C, out, 65, mu_cache,
                                         sizeof mu_cache, tw, 32); }
static void c_mu_nonce_gen (void)
{ err = kc_musig_nonce_gen (C, mu_sn, sizeof mu_sn, mu_pn, sizeof mu_pn,
                            mu_rnd, 32, sk, 32, mu_pk, 33, msg, 32, mu_cache,
                            sizeof mu_cache, msg, sizeof msg); }
static void c_mu_nonce_gen_counter (void)
{ err = kc_musig_nonce_gen_counter (C, mu_sn, sizeof mu_sn, mu_pn,
                                    sizeof mu_pn, 7, mu_kp, sizeof mu_kp,
                                    msg, 32, mu_cache, sizeof mu_cache, NULL,
                                    0); }
static void c_mu_nonce_agg (void)
{ err = kc_musig_nonce_agg (C, mu_an, sizeof mu_an, 1, mu_pnp, mu_pnl); }
static void c_mu_process (void)
{ err = kc_musig_nonce_process (C, mu_ss, sizeof mu_ss, mu_an, sizeof mu_an,
                                msg, sizeof msg, mu_cache, sizeof mu_cache); }
static void c_mu_sign (void)
{ err = kc_musig_partial_sign (C, mu_ps, sizeof mu_ps, mu_sn, sizeof mu_sn,
                               mu_kp, sizeof mu_kp, mu_cache, sizeof mu_cache,
                               mu_ss, sizeof mu_ss); }
static void c_mu_verify (void)
{ err = kc_musig_partial_sig_verify (C, mu_ps, sizeof mu_ps, mu_pn,
                                     sizeof mu_pn, mu_pk, 33, mu_cache,
                                     sizeof mu_cache, mu_ss, sizeof mu_ss); }
static void c_mu_sig_agg (void)
{ err = kc_musig_partial_sig_agg (C, sig, 64, mu_ss, sizeof mu_ss, 1, mu_psp,
                                  mu_psl); }
static void c_mu_pn_ser (void)
{ err = kc_musig_pubnonce_serialize (C, mu_ser, 66, mu_pn, sizeof mu_pn); }
static void c_mu_pn_parse (void)
{ err = kc_musig_pubnonce_parse (C, mu_pn, sizeof mu_pn, mu_ser, 66); }
static void c_mu_an_ser (void)
{ err = kc_musig_aggnonce_serialize (C, mu_ser, 66, mu_an, sizeof mu_an); }
static void c_mu_an_parse (void)
{ err = kc_musig_aggnonce_parse (C, mu_an, sizeof mu_an, mu_ser, 66); }
static void c_mu_ps_ser (void)
{ err = kc_musig_partial_sig_serialize (C, mu_ser, 32, mu_ps, sizeof mu_ps); }
static void c_mu_ps_parse (void)
{ err = kc_musig_partial_sig_parse (C, mu_ps, sizeof mu_ps, mu_ser, 32); }

/* Silent payments (BIP-352): 2 recipients (scratch on the stack) and 20
 * (on the heap), scanning 10 outputs with and without labels. */
#define SP_N 20
static unsigned char sp_scan[33], sp_spend[33], sp_kp[96], sp_op[36];
static unsigned char sp_outs[SP_N][32], sp_summary[97], sp_lab[33];
static unsigned char sp_ltw[32], sp_shared[33], sp_found[SP_N * 98];
static const void *sp_scans[SP_N], *sp_spends[SP_N], *sp_sks[1], *sp_kps[1];
static const void *sp_txo[SP_N];
static size_t sp_n, sp_nf;
static const unsigned char *
sp_lookup (const unsigned char *label33, const void *ctx)
{
  (void) ctx;
  return memcmp (label33, sp_lab, 33) ? NULL : sp_ltw;
}
static void c_sp_create (void)
{ err = kc_silentpayments_sender_create_outputs (C, sp_outs, 32 * sp_n, sp_n,
    sp_scans, sp_spends, sp_op, 36, 1, sp_kps, 1, sp_sks); }
static void c_sp_label (void)
{ err = kc_silentpayments_recipient_label_create (C, sp_lab, 33, sp_ltw, 32,
    sk, 32, 1); }
static void c_sp_labeled (void)
{ err = kc_silentpayments_recipient_create_labeled_spend_pubkey (C, out, 33,
    sp_spend, 33, sp_lab, 33); }
static void c_sp_summary (void)
{ size_t l = 33; const void *pk[1]; pk[0] = pk33;
  err = kc_silentpayments_recipient_prevouts_summary_create (C, sp_summary,
    97, sp_op, 36, 0, NULL, 1, pk, &l); }
static void c_sp_serialize (void)
{ err = kc_silentpayments_recipient_prevouts_summary_serialize (C, out, 33,
    sp_summary, 97); }
static void c_sp_parse (void)
{ err = kc_silentpayments_recipient_prevouts_summary_parse (C, sp_summary, 97,
    out, 33); }
static void c_sp_scan (void)
{ err = kc_silentpayments_recipient_scan_outputs (C, sp_found, sp_n * 98,
    &sp_nf, sp_n, sp_txo, sk, 32, sp_summary, 97, sp_spend, 33, NULL, NULL); }
static void c_sp_scan_labels (void)
{ err = kc_silentpayments_recipient_scan_outputs (C, sp_found, sp_n * 98,
    &sp_nf, sp_n, sp_txo, sk, 32, sp_summary, 97, sp_spend, 33, sp_lookup,
    NULL); }
static void c_sp_shared (void)
{ err = kc_silentpayments_recipient_create_shared_secret (C, sp_shared, 33,
    sk, 32, sp_summary, 97); }
static void c_sp_output (void)
{ err = kc_silentpayments_create_output_pubkey (C, out, 32, xo, 32,
    sp_shared, 33, sp_spend, 33, 0); }

static void
run_silentpayments (void)
{
  size_t i;

  /* sk is the scan key and the input key; pk33 its public key */
  CHECK_ERR (kc_ecc_pubkey (C, sp_scan, 33, sk, 32), 0);
  CHECK_ERR (kc_ecc_pubkey (C, sp_spend, 33, tw, 32), 0);
  CHECK_ERR (kc_schnorr_keypair_create (C, sp_kp, 96, tw, 32), 0);
  memset (sp_op, 7, 36);
  sp_sks[0] = sk;
  sp_kps[0] = sp_kp;
  for (i = 0; i < SP_N; i++)
    {
      sp_scans[i] = sp_scan;
      sp_spends[i] = sp_spend;
      sp_txo[i] = sp_outs[SP_N - 1 - i];
    }
  run ("kc_silentpayments_recipient_label_create", c_sp_label);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_create_labeled_spend_pubkey",
       c_sp_labeled);
  CHECK_ERR (err, 0);
  sp_n = 2;
  run ("kc_silentpayments_sender_create_outputs (2)", c_sp_create);
  CHECK_ERR (err, 0);
  sp_n = SP_N;
  run ("kc_silentpayments_sender_create_outputs (20)", c_sp_create);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_prevouts_summary_create", c_sp_summary);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_prevouts_summary_serialize",
       c_sp_serialize);
  CHECK_ERR (err, 0);
  sp_n = 2;
  run ("kc_silentpayments_recipient_scan_outputs (2, with the summary)",
       c_sp_scan);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_prevouts_summary_parse", c_sp_parse);
  CHECK_ERR (err, 0);
  sp_n = 10;
  run ("kc_silentpayments_recipient_scan_outputs (10)", c_sp_scan);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_scan_outputs (10, labels)",
       c_sp_scan_labels);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_recipient_create_shared_secret", c_sp_shared);
  CHECK_ERR (err, 0);
  run ("kc_silentpayments_create_output_pubkey", c_sp_output);
  CHECK_ERR (err, 0);
}

static void
run_musig (void)
{
  size_t i;

  CHECK_ERR (kc_schnorr_keypair_create (C, mu_kp, sizeof mu_kp, sk, 32), 0);
  CHECK_ERR (kc_schnorr_keypair_pub (C, mu_pk, 33, mu_kp, sizeof mu_kp), 0);
  CHECK_ERR (kc_ecc_pubkey_convert (C, pk65, 65, mu_pk, 33), 0);
  for (i = 0; i < 64; i++)
    {
      keys[i] = i & 1 ? pk65 : mu_pk;
      key_lens[i] = i & 1 ? 65 : 33;
    }
  mu_pnp[0] = mu_pn;
  mu_psp[0] = mu_ps;
  memset (mu_rnd, 0x5c, sizeof mu_rnd);
  run ("kc_musig_pubkey_agg (64 keys)", c_mu_agg);
  CHECK_ERR (err, 0);
  run ("kc_musig_pubkey_get", c_mu_get);
  CHECK_ERR (err, 0);
  run ("kc_musig_pubkey_ec_tweak_add", c_mu_ec_tweak);
  CHECK_ERR (err, 0);
  run ("kc_musig_pubkey_xonly_tweak_add", c_mu_xonly_tweak);
  CHECK_ERR (err, 0);
  run ("kc_musig_nonce_gen_counter", c_mu_nonce_gen_counter);
  CHECK_ERR (err, 0);
  run ("kc_musig_nonce_gen", c_mu_nonce_gen);
  CHECK_ERR (err, 0);
  run ("kc_musig_pubnonce_serialize", c_mu_pn_ser);
  CHECK_ERR (err, 0);
  run ("kc_musig_pubnonce_parse", c_mu_pn_parse);
  CHECK_ERR (err, 0);
  run ("kc_musig_nonce_agg", c_mu_nonce_agg);
  CHECK_ERR (err, 0);
  run ("kc_musig_aggnonce_serialize", c_mu_an_ser);
  CHECK_ERR (err, 0);
  run ("kc_musig_aggnonce_parse", c_mu_an_parse);
  CHECK_ERR (err, 0);
  run ("kc_musig_nonce_process", c_mu_process);
  CHECK_ERR (err, 0);
  run ("kc_musig_partial_sign", c_mu_sign);
  CHECK_ERR (err, 0);
  run ("kc_musig_partial_sig_verify", c_mu_verify);
  CHECK_ERR (err, 0);
  run ("kc_musig_partial_sig_serialize", c_mu_ps_ser);
  CHECK_ERR (err, 0);
  run ("kc_musig_partial_sig_parse", c_mu_ps_parse);
  CHECK_ERR (err, 0);
  run ("kc_musig_partial_sig_agg", c_mu_sig_agg);
  CHECK_ERR (err, 0);
  kc_schnorr_keypair_clear (mu_kp, sizeof mu_kp);
}

static void
run_ecc_keys (void)
{
  size_t i;

  run ("kc_ecc_seckey_verify", c_seckey_verify);
  CHECK_ERR (err, 0);
  run ("kc_ecc_seckey_negate", c_seckey_negate);
  CHECK_ERR (err, 0);
  run ("kc_ecc_seckey_negate", c_seckey_negate);     /* back */
  CHECK_ERR (err, 0);
  pkp = pk33, pk_len = 33, out_len = 65;
  run ("kc_ecc_pubkey_negate", c_pubkey_negate);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey_tweak_mul (33 -> 65)", c_pubkey_tweak_mul);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65, out_len = 33;
  run ("kc_ecc_pubkey_tweak_mul (65 -> 33)", c_pubkey_tweak_mul);
  CHECK_ERR (err, 0);
  for (i = 0; i < 64; i++)
    {
      keys[i] = i & 1 ? pk65 : pk33;
      key_lens[i] = i & 1 ? 65 : 33;
    }
  run ("kc_ecc_pubkey_combine (64 keys)", c_combine);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey_cmp", c_cmp);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey_sort (64 keys)", c_sort);
  CHECK_ERR (err, 0);
  msg_len = sizeof msg;
  run ("kc_tagged_sha256 (1000 bytes)", c_tagged);
  CHECK_ERR (err, 0);
  flags = 0;
  run ("kc_ecdsa_sign_ndata", c_sign_ndata);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_signature_normalize", c_normalize);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_signature_serialize_der", c_ser_der);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_signature_parse_der", c_parse_der);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_signature_parse_der_lax", c_parse_der_lax);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_keypair_create", c_keypair_create);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_keypair_sec", c_keypair_sec);
  CHECK_ERR (err, 0);
  out_len = 65;
  run ("kc_schnorr_keypair_pub", c_keypair_pub);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_keypair_xonly_pub", c_keypair_xonly);
  CHECK_ERR (err, 0);
  msg_len = 32;
  run ("kc_schnorr_sign_keypair", c_sign_keypair);
  CHECK_ERR (err, 0);
  CHECK_ERR (kc_ecc_xonly_tweak_add (C, out, 32, &parity, xo, 32, tw, 32), 0);
  run ("kc_ecc_xonly_tweak_add_check", c_tweak_check);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_keypair_xonly_tweak_add", c_keypair_tweak);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_keypair_clear", c_keypair_clear);
  CHECK_ERR (err, 0);
  run ("kc_ecc_seckey_tweak_mul", c_seckey_tweak_mul);
  CHECK_ERR (err, 0);
}

static void
run_ecc (void)
{
  t_randbytes (sk, 32);
  sk[0] &= 0x7f;
  t_randbytes (dg, 32);
  t_randbytes (tw, 32);
  tw[0] &= 0x7f;
  t_randbytes (msg, sizeof msg);

  out_len = 65;
  run ("kc_ecc_keypair (65)", c_ecc_keypair);
  CHECK_ERR (err, 0);
  out_len = 33;
  run ("kc_ecc_keypair (33)", c_ecc_keypair);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey (33)", c_ecc_pubkey);
  CHECK_ERR (err, 0);
  memcpy (pk33, out, 33);
  out_len = 65;
  run ("kc_ecc_pubkey (65)", c_ecc_pubkey);
  CHECK_ERR (err, 0);
  memcpy (pk65, out, 65);

  flags = 0;
  run ("kc_ecdsa_sign", c_ecdsa_sign);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65;
  run ("kc_ecdsa_verify", c_ecdsa_verify);
  CHECK_ERR (err, 0);
  flags = KC_ECDSA_LOW_S;
  pkp = pk33, pk_len = 33;
  run ("kc_ecdsa_verify (low s, compressed key)", c_ecdsa_verify);
  CHECK_ERR (err, 0);
  sig[40] ^= 1;
  flags = 0;
  run ("kc_ecdsa_verify (bad)", c_ecdsa_verify);
  CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
  flags = KC_ECDSA_DER;
  run ("kc_ecdsa_sign (DER)", c_ecdsa_sign);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_verify (DER)", c_ecdsa_verify);
  CHECK_ERR (err, 0);
  flags = KC_ECDSA_RECOVERABLE;
  run ("kc_ecdsa_sign (recoverable)", c_ecdsa_sign);
  CHECK_ERR (err, 0);
  CHECK (sig_len == 65, "recoverable signature: length %u",
         (unsigned) sig_len);
  out_len = 65;
  run ("kc_ecdsa_recover (65)", c_recover);
  CHECK_ERR (err, 0);
  CHECK (!memcmp (out, pk65, 65), "kc_ecdsa_recover: wrong key");
  out_len = 33;
  run ("kc_ecdsa_recover (33)", c_recover);
  CHECK_ERR (err, 0);

  pkp = pk65, pk_len = 65, out_len = 33;
  run ("kc_ecc_pubkey_convert (65 -> 33)", c_convert);
  CHECK_ERR (err, 0);
  pkp = pk33, pk_len = 33, out_len = 65;
  run ("kc_ecc_pubkey_convert (33 -> 65)", c_convert);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey_tweak_add (33 -> 65)", c_pubkey_tweak);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65, out_len = 33;
  run ("kc_ecc_pubkey_tweak_add (65 -> 33)", c_pubkey_tweak);
  CHECK_ERR (err, 0);
  flags = 0;
  run ("kc_ecdh", c_ecdh);
  CHECK_ERR (err, 0);
  flags = KC_ECDH_RAW_X;
  pkp = pk33, pk_len = 33;
  run ("kc_ecdh (raw x, compressed key)", c_ecdh);
  CHECK_ERR (err, 0);

  run ("kc_ecc_xonly_pubkey", c_xonly);
  CHECK_ERR (err, 0);
  run ("kc_ecc_xonly_tweak_add", c_xonly_tweak);
  CHECK_ERR (err, 0);
  msg_len = 32;
  run ("kc_schnorr_sign", c_schnorr_sign);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_verify", c_schnorr_verify);
  CHECK_ERR (err, 0);
  msg_len = sizeof msg;
  run ("kc_schnorr_sign (1000 bytes, no aux)", c_schnorr_sign_noaux);
  CHECK_ERR (err, 0);
  run ("kc_schnorr_verify (1000 bytes)", c_schnorr_verify);
  CHECK_ERR (err, 0);
  sig[63] ^= 1;
  run ("kc_schnorr_verify (bad)", c_schnorr_verify);
  CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
  run ("kc_ellswift_create", c_ellswift_create);
  CHECK_ERR (err, 0);
  run ("kc_ellswift_create (no aux)", c_ellswift_create_noaux);
  CHECK_ERR (err, 0);
  run ("kc_ellswift_xdh", c_ellswift_xdh);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65, out_len = 33;
  run ("kc_ellswift_encode", c_ellswift_encode);
  CHECK_ERR (err, 0);
  run ("kc_ellswift_decode", c_ellswift_decode);
  CHECK_ERR (err, 0);
  run ("kc_ecc_seckey_tweak_add", c_seckey_tweak);
  CHECK_ERR (err, 0);
  run_ecc_keys ();
  run_musig ();
  run_silentpayments ();
}

/* ------------------------------------------------------------ Ed25519 */

#define ED_NB 100
static unsigned char ed_sk[32], ed_pk[32], ed_sig[64];
static unsigned char ed_bpk[ED_NB][32], ed_bsig[ED_NB][64];
static unsigned char ed_bmsg[ED_NB][40];
static const void *ed_sp[ED_NB], *ed_pp[ED_NB], *ed_mp[ED_NB];
static size_t ed_ml[ED_NB], ed_count;
static gpg_error_t ed_res[ED_NB];

static void c_ed_keypair (void)
{ err = kc_ecc_keypair (KC_ECC_ED25519, ed_pk, 32, ed_sk, 32); }
static void c_ed_pubkey (void)
{ err = kc_ecc_pubkey (KC_ECC_ED25519, ed_pk, 32, ed_sk, 32); }
static void c_ed_sign (void)
{ err = kc_eddsa_sign (KC_ECC_ED25519, ed_sig, 64, ed_sk, 32, msg, msg_len); }
static unsigned char ed_kp[KC_EDDSA_ED25519_KEYPAIR_LEN], ed_out[32];
static void c_ed_keypair_create (void)
{ err = kc_eddsa_keypair_create (KC_ECC_ED25519, ed_kp, sizeof ed_kp, ed_sk, 32); }
static void c_ed_sign_keypair (void)
{
  err = kc_eddsa_sign_keypair (KC_ECC_ED25519, ed_sig, 64, ed_kp, sizeof ed_kp,
                               msg, msg_len);
}
static void c_ed_keypair_sec (void)
{ err = kc_eddsa_keypair_sec (KC_ECC_ED25519, ed_out, 32, ed_kp, sizeof ed_kp); }
static void c_ed_keypair_pub (void)
{ err = kc_eddsa_keypair_pub (KC_ECC_ED25519, ed_out, 32, ed_kp, sizeof ed_kp); }
static void c_ed_verify (void)
{ err = kc_eddsa_verify (KC_ECC_ED25519, ed_sig, 64, ed_pk, 32, msg, msg_len); }
static void c_ed_batch (void)
{
  err = kc_eddsa_verify_batch (KC_ECC_ED25519, ed_count, ed_sp, ed_pp, ed_mp,
                               ed_ml, ed_res);
}

/* Keys, signing and verification (32 and 1000 bytes), and the batch
 * verifier around its equation size (12) with all items valid, one
 * invalid last (the deepest bisection) and every other invalid. */
static void
run_ed25519 (void)
{
  static const size_t counts[] = { 1, 2, 3, 11, 12, 13, 24, 25, 64, ED_NB };
  size_t c, i;
  char name[96];

  run ("kc_ecc_keypair (Ed25519)", c_ed_keypair);
  CHECK_ERR (err, 0);
  run ("kc_ecc_pubkey (Ed25519)", c_ed_pubkey);
  CHECK_ERR (err, 0);
  msg_len = 32;
  run ("kc_eddsa_sign", c_ed_sign);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_verify", c_ed_verify);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_keypair_create", c_ed_keypair_create);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_sign_keypair", c_ed_sign_keypair);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_keypair_sec", c_ed_keypair_sec);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_keypair_pub", c_ed_keypair_pub);
  CHECK_ERR (err, 0);
  msg_len = sizeof msg;
  run ("kc_eddsa_sign (1000 bytes)", c_ed_sign);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_sign_keypair (1000 bytes)", c_ed_sign_keypair);
  CHECK_ERR (err, 0);
  run ("kc_eddsa_verify (1000 bytes)", c_ed_verify);
  CHECK_ERR (err, 0);
  ed_sig[5] ^= 1;
  run ("kc_eddsa_verify (bad)", c_ed_verify);
  CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);

  for (i = 0; i < ED_NB; i++)
    {
      unsigned char k[32];
      t_randbytes (k, 32);
      t_randbytes (ed_bmsg[i], sizeof ed_bmsg[i]);
      ed_ml[i] = i % 41;
      if (kc_ecc_pubkey (KC_ECC_ED25519, ed_bpk[i], 32, k, 32)
          || kc_eddsa_sign (KC_ECC_ED25519, ed_bsig[i], 64, k, 32,
                            ed_bmsg[i], ed_ml[i]))
        fail ("Ed25519 batch items");
      ed_sp[i] = ed_bsig[i];
      ed_pp[i] = ed_bpk[i];
      ed_mp[i] = ed_bmsg[i];
    }
  for (c = 0; c < sizeof counts / sizeof counts[0]; c++)
    {
      ed_count = counts[c];
      snprintf (name, sizeof name, "kc_eddsa_verify_batch (%u, valid)",
                (unsigned) ed_count);
      run (name, c_ed_batch);
      CHECK_ERR (err, 0);
      ed_bsig[ed_count - 1][7] ^= 2;
      snprintf (name, sizeof name, "kc_eddsa_verify_batch (%u, last "
                "invalid)", (unsigned) ed_count);
      run (name, c_ed_batch);
      CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
      CHECK (gpg_err_code (ed_res[ed_count - 1]) == GPG_ERR_BAD_SIGNATURE,
             "%s: the last item passed", name);
      ed_bsig[ed_count - 1][7] ^= 2;
      for (i = 0; i < ed_count; i += 2)
        ed_bsig[i][9] ^= 4;
      snprintf (name, sizeof name, "kc_eddsa_verify_batch (%u, half "
                "invalid)", (unsigned) ed_count);
      run (name, c_ed_batch);
      CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
      for (i = 0; i < ed_count; i += 2)
        ed_bsig[i][9] ^= 4;
    }
}

/* NIST P-256 through the same calls (and its digests of other
 * lengths go through the same bits2int: 32 bytes here). */
static void
run_p256 (void)
{
  ecc_curve = KC_ECC_NIST_P256;
  t_randbytes (sk, 32);
  sk[0] &= 0x7f;
  t_randbytes (dg, 32);
  out_len = 65;
  run ("kc_ecc_keypair (P-256, 65)", c_ecc_keypair);
  CHECK_ERR (err, 0);
  out_len = 33;
  run ("kc_ecc_pubkey (P-256, 33)", c_ecc_pubkey);
  CHECK_ERR (err, 0);
  memcpy (pk33, out, 33);
  out_len = 65;
  run ("kc_ecc_pubkey (P-256, 65)", c_ecc_pubkey);
  CHECK_ERR (err, 0);
  memcpy (pk65, out, 65);
  flags = 0;
  run ("kc_ecdsa_sign (P-256)", c_ecdsa_sign);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65;
  run ("kc_ecdsa_verify (P-256)", c_ecdsa_verify);
  CHECK_ERR (err, 0);
  sig[40] ^= 1;
  pkp = pk33, pk_len = 33;
  run ("kc_ecdsa_verify (P-256, bad, compressed key)", c_ecdsa_verify);
  CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
  flags = KC_ECDSA_DER | KC_ECDSA_LOW_S;
  run ("kc_ecdsa_sign (P-256, DER, low s)", c_ecdsa_sign);
  CHECK_ERR (err, 0);
  run ("kc_ecdsa_verify (P-256, DER, low s)", c_ecdsa_verify);
  CHECK_ERR (err, 0);
  pkp = pk65, pk_len = 65, out_len = 33;
  run ("kc_ecc_pubkey_convert (P-256, 65 -> 33)", c_convert);
  CHECK_ERR (err, 0);
  pkp = pk33, pk_len = 33, out_len = 65;
  run ("kc_ecc_pubkey_convert (P-256, 33 -> 65)", c_convert);
  CHECK_ERR (err, 0);
  flags = 0;
  run ("kc_ecdh (P-256)", c_ecdh);
  CHECK_ERR (err, 0);
  flags = KC_ECDH_RAW_X;
  pkp = pk65, pk_len = 65;
  run ("kc_ecdh (P-256, raw x)", c_ecdh);
  CHECK_ERR (err, 0);
  ecc_curve = KC_ECC_SECP256K1;
}

/* -------------------------------------------------------------- batch */

#define NB 1024

/* Items: ECDSA (r||s, 65-byte or 33-byte keys, 32-byte digests) and
 * BIP-340 (64-byte signatures, x-only keys, messages of 0..99 bytes). */
static unsigned char e_sig[NB][64], e_pub[NB][65], e_dg[NB][32];
static unsigned char s_sig[NB][64], s_xo[NB][32], s_msg[NB][100];
static const void *b_sigs[NB], *b_keys[NB], *b_msgs[NB];
static size_t b_sig_lens[NB], b_key_lens[NB], b_msg_lens[NB];
static gpg_error_t b_res[NB], b_want[NB];
static size_t b_count;
static gpg_error_t *b_results;
static int b_which;             /* 0 ECDSA, 1 BIP-340 */

/* One buffer for the overlap case: the pointer arrays, then a results
 * array that starts inside them. */
static union
{
  const void *p[3 * NB];
  size_t z[3 * NB];
} ov;

static void
make_items (size_t nb)
{
  unsigned char k[32];
  size_t i, l;

  for (i = 0; i < nb; i++)
    {
      t_randbytes (k, 32);
      k[0] &= 0x7f;
      k[31] |= 1;
      t_randbytes (e_dg[i], 32);
      l = i % 3 ? 65 : 33;
      if (kc_ecc_pubkey (C, e_pub[i], l, k, 32))
        fail ("kc_ecc_pubkey failed");
      l = 64;
      if (kc_ecdsa_sign (C, 0, e_sig[i], &l, k, 32, e_dg[i], 32))
        fail ("kc_ecdsa_sign failed");
      t_randbytes (s_msg[i], sizeof s_msg[i]);
      if (kc_ecc_xonly_pubkey (C, s_xo[i], 32, NULL, k, 32)
          || kc_schnorr_sign (C, s_sig[i], 64, k, 32, s_msg[i], i % 100,
                              NULL, 0))
        fail ("BIP-340 signing failed");
    }
}

/* The pointer arrays for ECDSA (WHICH 0) or BIP-340 (1), all items
 * valid. */
static void
set_arrays (int which)
{
  size_t i;

  b_which = which;
  for (i = 0; i < NB; i++)
    {
      if (!which)
        {
          b_sigs[i] = e_sig[i];
          b_sig_lens[i] = 64;
          b_keys[i] = e_pub[i];
          b_key_lens[i] = i % 3 ? 65 : 33;
          b_msgs[i] = e_dg[i];
          b_msg_lens[i] = 32;
        }
      else
        {
          b_sigs[i] = s_sig[i];
          b_keys[i] = s_xo[i];
          b_msgs[i] = s_msg[i];
          b_msg_lens[i] = i % 100;
        }
    }
}

static void
c_batch (void)
{
  if (!b_which)
    err = kc_ecdsa_verify_batch (C, 0, b_count, b_sigs, b_sig_lens, b_keys,
                                 b_key_lens, b_msgs, b_msg_lens, b_results);
  else
    err = kc_schnorr_verify_batch (C, b_count, b_sigs, b_keys, b_msgs,
                                   b_msg_lens, b_results);
}

static void
c_batch_overlap (void)
{
  /* ECDSA: sigs, pubkeys, digests in OV.P, the lengths in OV.Z; BIP-340:
   * sigs, xonlys, msgs in OV.P.  RESULTS starts in the middle of the
   * signature pointers. */
  gpg_error_t *res = (gpg_error_t *) &ov.p[b_count / 2];
  if (!b_which)
    err = kc_ecdsa_verify_batch (C, 0, b_count, ov.p, b_sig_lens,
                                 ov.p + NB, b_key_lens, ov.p + 2 * NB,
                                 b_msg_lens, res);
  else
    err = kc_schnorr_verify_batch (C, b_count, ov.p, ov.p + NB,
                                   ov.p + 2 * NB, b_msg_lens, res);
}

/* Spoil item I: KIND 0 a wrong signature, 1 a bad key, 2 a NULL
 * signature. */
static unsigned char spoiled[NB][65];

static void
spoil (size_t i, int kind)
{
  switch (kind)
    {
    case 0:
      memcpy (spoiled[i], b_sigs[i], 64);
      spoiled[i][10] ^= 0x40;
      b_sigs[i] = spoiled[i];
      break;
    case 1:
      memcpy (spoiled[i], b_keys[i], b_which ? 32 : b_key_lens[i]);
      if (b_which)
        memset (spoiled[i], 0xff, 32);     /* x >= p */
      else
        spoiled[i][0] = 0x05;              /* no such SEC1 prefix */
      b_keys[i] = spoiled[i];
      break;
    default:
      b_sigs[i] = NULL;
      break;
    }
}

/* The codes the single verifications give. */
static void
expect (void)
{
  size_t i;
  for (i = 0; i < b_count; i++)
    {
      if (!b_sigs[i])
        b_want[i] = GPG_ERR_INV_ARG;
      else if (!b_which)
        b_want[i] = gpg_err_code (kc_ecdsa_verify (C, 0, b_sigs[i], 64,
                                                   b_keys[i], b_key_lens[i],
                                                   b_msgs[i], 32));
      else
        b_want[i] = gpg_err_code (kc_schnorr_verify (C, b_sigs[i], 64,
                                                     b_keys[i], 32, b_msgs[i],
                                                     b_msg_lens[i]));
    }
}

static void
check_results (const char *name)
{
  size_t i;
  int bad = 0;

  for (i = 0; i < b_count; i++)
    {
      bad |= b_want[i] != 0;
      if (b_results && gpg_err_code (b_res[i]) != b_want[i])
        {
          fail ("%s: item %u: %s, want %s", name, (unsigned) i,
                gpg_strerror (b_res[i]), gpg_strerror (b_want[i]));
          break;
        }
    }
  CHECK (gpg_err_code (err) == (bad ? GPG_ERR_BAD_SIGNATURE : 0),
         "%s: call result %s", name, gpg_strerror (err));
}

static void
run_batch_case (const char *what, size_t count, int results)
{
  char name[160];

  b_count = count;
  b_results = results ? b_res : NULL;
  expect ();
  snprintf (name, sizeof name, "%s (%u, %s)",
            b_which ? "kc_schnorr_verify_batch" : "kc_ecdsa_verify_batch",
            (unsigned) count, what);
  run (name, c_batch);
  check_results (name);
}

static void
run_batch (void)
{
  static const size_t counts[] = { 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32,
                                   33, 63, 64, 65, 127, 128, 129, 255, 256,
                                   257, 300, NB };
  char name[160];
  size_t c, i, n;
  int which;
  /* KC_TEST_QUICK (under emulation): up to 129 items, past the largest
   * chunk either verifier takes at once (the peak is at 128 items, every
   * larger batch repeats those frames). */
  size_t top = t_quick () ? 129 : NB;

  if (top < NB)
    printf ("t-stack: KC_TEST_QUICK: batches of at most %u items\n",
            (unsigned) top);
  make_items (top);
  for (which = 0; which < 2; which++)
    for (c = 0; c < sizeof counts / sizeof counts[0]; c++)
      {
        n = counts[c];
        if (n > top)
          continue;
        set_arrays (which);
        run_batch_case ("valid", n, 1);
        if (n == 9 || n == top)
          run_batch_case ("valid, no results", n, 0);
        /* one invalid item last: the deepest bisection */
        spoil (n - 1, 0);
        run_batch_case ("last invalid", n, 1);
        if (n < 4)
          continue;
        /* every kind of bad item mixed in */
        set_arrays (which);
        for (i = 1; i < n; i += 5)
          spoil (i, (int) (i % 3));
        run_batch_case ("mixed", n, 1);
        /* half invalid: the item-by-item ranges */
        if (n >= 16)
          {
            set_arrays (which);
            for (i = 0; i < n; i += 2)
              spoil (i, 0);
            run_batch_case ("half invalid", n, 1);
          }
      }

  /* RESULTS overlapping the input arrays: the call fails cleanly with
   * GPG_ERR_INV_ARG for it and every item. */
  for (which = 0; which < 2; which++)
    {
      set_arrays (which);
      for (i = 0; i < NB; i++)
        {
          ov.p[i] = b_sigs[i];
          ov.p[NB + i] = b_keys[i];
          ov.p[2 * NB + i] = b_msgs[i];
        }
      b_count = which ? 200 : 300;
      snprintf (name, sizeof name, "%s (%u, results overlap the arrays)",
                which ? "kc_schnorr_verify_batch" : "kc_ecdsa_verify_batch",
                (unsigned) b_count);
      run (name, c_batch_overlap);
      CHECK_ERR (err, GPG_ERR_INV_ARG);
      {
        gpg_error_t *res = (gpg_error_t *) &ov.p[b_count / 2];
        for (i = 0; i < b_count; i++)
          if (gpg_err_code (res[i]) != GPG_ERR_INV_ARG)
            {
              fail ("%s: item %u: %s", name, (unsigned) i,
                    gpg_strerror (res[i]));
              break;
            }
      }
    }
}

/* ------------------------------------------------------- hashes, RNG */

static const int mds[] = { KC_MD_SHA256, KC_MD_SHA384, KC_MD_SHA512,
                           KC_MD_SHA3_256, KC_MD_SHA3_512, KC_MD_SHAKE128,
                           KC_MD_SHAKE256 };
static int md_algo;
static unsigned char big[1 << 16], dout[64];
static kc_md_hd_t hd;
static unsigned int dlen;

static void c_md_hash (void)
{ err = kc_md_hash_buffer (md_algo, dout, dlen, big, sizeof big); }
static void c_md_dlen (void)
{ ival = (int) kc_md_get_algo_dlen (md_algo); }
static void c_md_open (void)
{ err = kc_md_open (&hd, md_algo, 0); }
static void c_md_open_hmac (void)
{ err = kc_md_open (&hd, md_algo, KC_MD_FLAG_HMAC); }
static void c_md_setkey (void)
{ err = kc_md_setkey (hd, big, 300); }
static void c_md_write (void)
{ kc_md_write (hd, big, sizeof big - 3); }
static void c_md_final (void)
{ err = kc_md_final (hd, dout, dlen); }
static void c_md_reset (void)
{ kc_md_reset (hd); }
static void c_md_close (void)
{ kc_md_close (hd); hd = NULL; }
static void c_hkdf (void)
{ err = kc_kdf_hkdf (md_algo, big, 255 * dlen, big + 8192, 100, big + 9000,
                     64, big + 9500, 200); }
static void c_randomize (void)
{ kc_randomize (big, sizeof big); }
static void c_version (void)
{ ival = kc_check_version (NULL) != NULL; }

static void
run_md (void)
{
  char name[160];
  size_t i;

  t_randbytes (big, sizeof big);
  run ("kc_check_version", c_version);
  CHECK (ival, "kc_check_version (NULL) returned NULL");
  for (i = 0; i < sizeof mds / sizeof mds[0]; i++)
    {
      int xof = mds[i] == KC_MD_SHAKE128 || mds[i] == KC_MD_SHAKE256;
      md_algo = mds[i];
      run ("kc_md_get_algo_dlen", c_md_dlen);
      dlen = xof ? 64 : (unsigned int) ival;
      CHECK (dlen, "no digest length for %d", md_algo);
      snprintf (name, sizeof name, "kc_md_hash_buffer (%d)", md_algo);
      run (name, c_md_hash);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_md_open (%d)", md_algo);
      run (name, c_md_open);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_md_write (%d)", md_algo);
      run (name, c_md_write);
      snprintf (name, sizeof name, "kc_md_final (%d)", md_algo);
      run (name, c_md_final);
      CHECK_ERR (err, 0);
      run ("kc_md_reset", c_md_reset);
      run ("kc_md_close", c_md_close);
      if (xof)
        continue;
      snprintf (name, sizeof name, "kc_md_open (%d, HMAC)", md_algo);
      run (name, c_md_open_hmac);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_md_setkey (%d)", md_algo);
      run (name, c_md_setkey);
      CHECK_ERR (err, 0);
      snprintf (name, sizeof name, "kc_md_write (%d, HMAC)", md_algo);
      run (name, c_md_write);
      snprintf (name, sizeof name, "kc_md_final (%d, HMAC)", md_algo);
      run (name, c_md_final);
      CHECK_ERR (err, 0);
      run ("kc_md_close (HMAC)", c_md_close);
      if (md_algo == KC_MD_SHA256 || md_algo == KC_MD_SHA384
          || md_algo == KC_MD_SHA512)
        {
          snprintf (name, sizeof name, "kc_kdf_hkdf (%d)", md_algo);
          run (name, c_hkdf);
          CHECK_ERR (err, 0);
        }
    }
  run ("kc_randomize (64 KiB)", c_randomize);
}

/* -------------------------------------------------------------- mpi */

static kc_mpi_t ma, mb, mm, mr;
static unsigned char mbuf[2048];
static size_t mbits;

static void
c_mpi (void)
{
  size_t n = mbits / 8, nw;
  kc_mpi_t t;

  ma = kc_mpi_new (0);
  mr = kc_mpi_new ((unsigned int) mbits);
  kc_mpi_set_ui (ma, 12345);
  err = kc_mpi_scan (&mb, KC_MPI_FMT_USG, mbuf, n, NULL);
  if (!err)
    err = kc_mpi_scan (&mm, KC_MPI_FMT_USG, mbuf + 1000, n, NULL);
  if (err)
    return;
  kc_mpi_add (mr, mb, mm);
  kc_mpi_sub (mr, mr, ma);
  kc_mpi_mul (mr, mb, mm);
  kc_mpi_mod (mr, mr, mm);
  kc_mpi_mulm (mr, mb, mr, mm);
  kc_mpi_powm (mr, mb, mr, mm);
  ival = kc_mpi_invm (ma, mb, mm);
  ival += kc_mpi_cmp (mr, mm) < 0;
  ival += kc_mpi_get_nbits (mr) > 0;
  err = kc_mpi_print (KC_MPI_FMT_HEX, NULL, 0, &nw, mr);
  if (!err && nw <= sizeof mbuf)
    err = kc_mpi_print (KC_MPI_FMT_HEX, big, sizeof big, &nw, mr);
  if (!err)
    {
      t = NULL;
      err = kc_mpi_scan (&t, KC_MPI_FMT_HEX, big, 0, NULL);
      kc_mpi_release (t);
    }
  kc_mpi_release (ma);
  kc_mpi_release (mb);
  kc_mpi_release (mm);
  kc_mpi_release (mr);
}

static void
run_mpi (void)
{
  static const size_t sizes[] = { 256, 1024, 2048, 3072, 4096, 8192, 16000 };
  char name[64];
  size_t i;

  for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      mbits = sizes[i];
      t_randbytes (mbuf, sizeof mbuf);
      mbuf[1000 + mbits / 8 - 1] |= 1;          /* odd modulus */
      mbuf[1000] |= 0x80;
      snprintf (name, sizeof name, "kc_mpi_* (%u bits)", (unsigned) mbits);
      run (name, c_mpi);
      CHECK_ERR (err, 0);
      CHECK (ival >= 2, "%s: results", name);
    }
}

/* ------------------------------------------------ the stated figure */

/* Every stack figure the header, the manual pages and doc/HACKING state
 * is KC_STACK_MAX in KiB: every line of theirs with a figure in KiB that
 * speaks of the stack must name KC_STACK_MAX / 1024 (or 64, the thread
 * stack).  Returns how many such figures FILE has. */
static int
check_doc_file (const char *file)
{
  char line[512];
  FILE *f = fopen (t_datafile (file), "r");
  int found = 0, ln = 0;

  if (!f)
    {
      fail ("cannot open %s", t_datafile (file));
      return 0;
    }
  while (fgets (line, sizeof line, f))
    {
      const char *p = line;
      ln++;
      if (!strstr (line, "stack"))
        continue;
      while ((p = strstr (p, " KiB")))
        {
          const char *q = p;
          unsigned long v;
          while (q > line && q[-1] >= '0' && q[-1] <= '9')
            q--;
          v = strtoul (q, NULL, 10);
          p += 4;
          if (q == p - 4 || v == 64)
            continue;
          found++;
          t_checks++;
          if (v * 1024 != KC_STACK_MAX)
            fail ("%s:%d: states %lu KiB of stack, KC_STACK_MAX is %u KiB: %s",
                  file, ln, v, (unsigned) (KC_STACK_MAX / 1024), line);
        }
    }
  fclose (f);
  return found;
}

static void
check_docs (void)
{
  char name[300];
  struct dirent *e;
  DIR *d = opendir (t_datafile ("../../doc"));
  int pages = 0;
  size_t l;

  CHECK (check_doc_file ("../../src/kcrypt.h.in") > 0,
         "kcrypt.h.in states no stack figure");
  CHECK (check_doc_file ("../../doc/HACKING") > 0,
         "doc/HACKING states no stack figure");
  if (!d)
    {
      fail ("cannot open %s", t_datafile ("../../doc"));
      return;
    }
  for (;;)
    {
      errno = 0;
      if (!(e = readdir (d)))
        {
          if (errno)
            fail ("reading %s: %s", t_datafile ("../../doc"),
                  strerror (errno));
          break;
        }
      l = strlen (e->d_name);
      if (l < 3 || strcmp (e->d_name + l - 2, ".3"))
        continue;
      snprintf (name, sizeof name, "../../doc/%s", e->d_name);
      pages += check_doc_file (name) > 0;
    }
  closedir (d);
  /* kcrypt(3), the ECDSA, BIP-340 and KEM pages at least */
  CHECK (pages >= 4, "only %d manual pages state a stack figure", pages);
}

/* ---------------------------------------------------------------- main */

static void
run_all (void)
{
  struct sigaction sa;

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_segv;
  sa.sa_flags = SA_ONSTACK;
  sigaction (SIGSEGV, &sa, NULL);
  sigaction (SIGBUS, &sa, NULL);

  run_md ();
  run_mpi ();
  run_ecc ();
  run_p256 ();
  run_ed25519 ();
  run_kem ();
  run_batch ();
}

/* Run again under MASK, unless that leaves the same features as a run
 * already made. */
static void
rerun (char **argv, unsigned int mask, unsigned int *done, int *ndone)
{
  unsigned int f = _kc_hwf () & mask;
  int i;
  for (i = 0; i < *ndone; i++)
    if (done[i] == f)
      return;
  done[(*ndone)++] = f;
  t_rerun_masked (argv, mask);
}

int
main (int argc, char **argv)
{
  const char *mask = getenv ("KCRYPT_HWF_MASK");
  const char *prefer = getenv ("KCRYPT_HWF_PREFER");
  static char name[64];
  unsigned int done[8];
  int ndone = 0;

  t_init (argc, argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
#ifdef T_SANITIZED
  printf ("t-stack: SKIP (sanitizer build: locals are not on the stack)\n");
  return T_SKIP;
#endif
  if (mask || prefer)
    {
      snprintf (name, sizeof name, "t-stack (KCRYPT_HWF_%s=%s)",
                mask ? "MASK" : "PREFER", mask ? mask : prefer);
      path_name = name;
    }
  else
    check_docs ();
  t_seed (34);
  {
    /* the CSPRNG's one-time set-up, before any call is measured */
    unsigned char b;
    kc_randomize (&b, 1);
  }
#ifdef T_HEAP
  /* the counter must see an allocation made in a measured call */
  run ("heap self-test", heap_self_test);
  CHECK (last_heap > 0, "the heap counter saw no allocation");
#endif
  run_all ();
  printf ("%s: peak %u bytes (%s); limit %u; stack %u\n",
          mask || prefer ? name : "t-stack", (unsigned) peak, peak_call,
          (unsigned) KC_STACK_BUILD_MAX, (unsigned) STACK_SIZE);

  if (!mask && !prefer)
    {
      done[ndone++] = _kc_hwf ();
      rerun (argv, 0, done, &ndone);              /* portable */
      rerun (argv, 0x43f, done, &ndone);          /* AVX2, no AVX-512 */
      rerun (argv, 0x47f, done, &ndone);          /* AVX-512, no IFMA */
      t_rerun_other_field (argv);                 /* the other field */
    }
  return t_done (mask || prefer ? name : "t-stack");
}
