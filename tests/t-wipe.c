/* t-wipe.c - secrets do not stay on the stack after an API call returns.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How: the region of stack below the caller is first filled with zeros,
 * then the library call runs (signing, public-key derivation, KEM key
 * generation, encapsulation, decapsulation), then a function at the same
 * call depth scans the same region for copies of the secrets that call
 * handled: the secret key (as bytes and as the in-memory limbs of the
 * scalar), the ECDSA nonce (bytes and limbs), the sntrup761 RNG draws
 * (f, g, r seeds) and the decoded secret polynomial f.  Any 16-byte window
 * of a secret found in the region is a buffer the library did not wipe.
 * Register spills of single limbs (8 bytes) are below the window and not
 * flagged.
 *
 * The scan reads stack memory below the current frame, so it is skipped
 * in sanitizer builds (ASan moves locals to a fake stack) and it assumes
 * the usual downward-growing stack. */
#include "kcrypt-int.h"
#include "ecdsa.h"
#include "sntrup761.h"
#include "t-common.h"

#define REGION (512 * 1024)
#define WINDOW 16

#if defined(__SANITIZE_ADDRESS__)
# define T_SANITIZED 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#  define T_SANITIZED 1
# endif
#endif

struct secret
{
  const char *what;
  const unsigned char *p;
  size_t n;
};

static struct secret secrets[16];
static int nsecrets;

static void
add_secret (const char *what, const void *p, size_t n)
{
  if (nsecrets < (int) KC_DIM (secrets))
    {
      secrets[nsecrets].what = what;
      secrets[nsecrets].p = p;
      secrets[nsecrets].n = n;
      nsecrets++;
    }
}

static __attribute__ ((noinline)) void
fill_stack (void)
{
  unsigned char area[REGION];
  memset (area, 0, sizeof area);
  __asm__ __volatile__ ("" : : "r" (area) : "memory");
}

/* Returns the number of secret windows found in the stack region. */
static __attribute__ ((noinline)) int
scan_stack (const char *call)
{
  unsigned char area[REGION];
  int found = 0, i;

  /* Tell the compiler the array's contents come from outside. */
  __asm__ __volatile__ ("" : : "r" (area) : "memory");
  for (i = 0; i < nsecrets; i++)
    {
      const struct secret *s = &secrets[i];
      size_t off, pos;
      for (off = 0; off + WINDOW <= s->n; off += WINDOW / 2)
        {
          const unsigned char *w = s->p + off;
          size_t k, zeros = 0;
          for (k = 0; k < WINDOW; k++)
            zeros += w[k] == 0;
          if (zeros > WINDOW / 2)
            continue;           /* too plain to be evidence */
          t_checks++;
          for (pos = 0; pos + WINDOW <= sizeof area; pos++)
            if (area[pos] == w[0] && !memcmp (area + pos, w, WINDOW))
              {
                fail ("%s: %s (bytes %u..%u) left on the stack, %u bytes "
                      "below the caller", call, s->what, (unsigned) off,
                      (unsigned) (off + WINDOW - 1),
                      (unsigned) (sizeof area - pos));
                found++;
                break;
              }
        }
    }
  return found;
}

static void
scalar_limbs (unsigned char out[32], const unsigned char be[32])
{
  kc_secp256k1_scalar s;
  _kc_secp256k1_scalar_set_b32 (&s, be, NULL);
  memcpy (out, s.d, 32);
}

/* Test RNG that records its output, so the draws can be searched for. */
static unsigned char drawn[4][4096];
static int ndrawn;

static void
recording_rng (void *ctx, void *buf, size_t n)
{
  (void) ctx;
  t_randbytes (buf, n);
  if (ndrawn < 4)
    memcpy (drawn[ndrawn++], buf, n < 4096 ? n : 4096);
}

static unsigned char kem_pk[KC_KEM_SNTRUP761_PUBKEY_LEN];
static unsigned char kem_sk[KC_KEM_SNTRUP761_SECKEY_LEN];
static unsigned char kem_ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
static unsigned char kem_ss[32];

int
main (int argc, char **argv)
{
  static unsigned char key[32], key_limbs[32], digest[32], k_be[32];
  static unsigned char k_limbs[32], sig[72], pub[65];
  size_t len;

  t_init (argc, argv);
#ifdef T_SANITIZED
  printf ("t-wipe: SKIP (sanitizer build: locals are not on the stack)\n");
  return T_SKIP;
#endif
  t_seed (99);
  t_randbytes (key, 32);
  key[0] &= 0x7f;
  t_randbytes (digest, 32);
  scalar_limbs (key_limbs, key);
  {
    kc_secp256k1_scalar sk, m, k;
    _kc_secp256k1_scalar_set_b32 (&sk, key, NULL);
    _kc_ecdsa_digest_to_scalar (&m, digest, 32);
    _kc_ecdsa_rfc6979_nonce (&k, &sk, &m, 0);
    memcpy (k_limbs, k.d, 32);
    _kc_secp256k1_scalar_get_b32 (k_be, &k);
  }

  /* ECDSA signing. */
  nsecrets = 0;
  add_secret ("secret key bytes", key, 32);
  add_secret ("secret key limbs", key_limbs, 32);
  add_secret ("nonce bytes", k_be, 32);
  add_secret ("nonce limbs", k_limbs, 32);
  fill_stack ();
  len = 64;
  CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, key, 32,
                            digest, 32), 0);
  scan_stack ("kc_ecdsa_sign");
  fill_stack ();
  len = sizeof sig;
  CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, &len, key,
                            32, digest, 32), 0);
  scan_stack ("kc_ecdsa_sign (DER)");

  /* Public key from the secret key. */
  nsecrets = 0;
  add_secret ("secret key bytes", key, 32);
  add_secret ("secret key limbs", key_limbs, 32);
  fill_stack ();
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 65, key, 32), 0);
  scan_stack ("kc_ecc_pubkey");

  /* sntrup761 key generation: the RNG draws (g, f, rho) must not stay. */
  ndrawn = 0;
  fill_stack ();
  _kc_sntrup761_keypair (kem_pk, kem_sk, recording_rng, NULL);
  nsecrets = 0;
  add_secret ("keygen draw for g", drawn[0], 256);
  add_secret ("keygen draw for f", drawn[1], 256);
  add_secret ("keygen draw for rho", drawn[2], 191);
  add_secret ("secret key 1/g part", kem_sk + 191, 64);
  scan_stack ("sntrup761 keypair");

  /* Encapsulation: the draw for r and the shared key. */
  ndrawn = 0;
  fill_stack ();
  _kc_sntrup761_enc (kem_ct, kem_ss, kem_pk, recording_rng, NULL);
  nsecrets = 0;
  add_secret ("encap draw for r", drawn[0], 256);
  add_secret ("shared key", kem_ss, 32);
  scan_stack ("sntrup761 encap");

  /* Decapsulation: the secret key's f and rho, the shared key. */
  fill_stack ();
  _kc_sntrup761_dec (kem_ss, kem_ct, kem_sk);
  nsecrets = 0;
  add_secret ("secret key f part", kem_sk, 64);
  add_secret ("secret key rho", kem_sk + 191 + 191 + 1158, 191);
  add_secret ("shared key", kem_ss, 32);
  scan_stack ("sntrup761 decap");

  return t_done ("t-wipe");
}
