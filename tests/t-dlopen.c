/* t-dlopen.c - the shared library loaded with dlopen, as a plugin would:
 * its per-thread words in the initial-exec model (KC_TLS_IE) must come
 * from the static TLS that the C library keeps for such loads, in the
 * threads that existed before the load and in those made after it.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Links neither libkcrypt nor its internal library: every call goes
 * through dlsym.  Skips when the build made no shared library
 * (--disable-shared).  Known answers (FIPS 180-2's "abc") for SHA-256
 * and SHA-512, whose entry points burn the stack and clear the
 * registers through those words, and a draw from the generator, from
 * the main thread, from a thread started before dlopen and from one
 * started after it.
 */
#include <dlfcn.h>
#include <pthread.h>

#include "kcrypt.h"
#include "t-common.h"

typedef gpg_error_t (*hash_fn) (int, void *, size_t, const void *, size_t);
typedef void (*rand_fn) (void *, size_t);

static hash_fn hash_buffer;
static rand_fn randomize;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int loaded;

static void
use_library (const char *who)
{
  static const char sha256_abc[] =
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  static const char sha512_abc[] =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
  unsigned char d[64], r[32], zero[32];
  char hex[129];
  size_t i;

  CHECK (hash_buffer (KC_MD_SHA256, d, 32, "abc", 3) == 0,
         "%s: SHA-256 failed", who);
  for (i = 0; i < 32; i++)
    sprintf (hex + 2 * i, "%02x", d[i]);
  CHECK (!strcmp (hex, sha256_abc), "%s: SHA-256 (abc) = %s", who, hex);
  CHECK (hash_buffer (KC_MD_SHA512, d, 64, "abc", 3) == 0,
         "%s: SHA-512 failed", who);
  for (i = 0; i < 64; i++)
    sprintf (hex + 2 * i, "%02x", d[i]);
  CHECK (!strcmp (hex, sha512_abc), "%s: SHA-512 (abc) = %s", who, hex);
  memset (r, 0, sizeof r);
  memset (zero, 0, sizeof zero);
  randomize (r, sizeof r);
  CHECK (memcmp (r, zero, sizeof r) != 0, "%s: 32 random bytes all zero",
         who);
}

/* Started before dlopen: waits until the library is loaded, then uses
 * it. */
static void *
early_thread (void *arg)
{
  (void) arg;
  pthread_mutex_lock (&lock);
  while (!loaded)
    pthread_cond_wait (&cond, &lock);
  pthread_mutex_unlock (&lock);
  use_library ("thread started before dlopen");
  return NULL;
}

static void *
late_thread (void *arg)
{
  (void) arg;
  use_library ("thread started after dlopen");
  return NULL;
}

int
main (int argc, char **argv)
{
  pthread_t early, late;
  void *h;

  t_init (argc, argv);
  if (access (KC_SHLIB, F_OK))
    {
      printf ("t-dlopen: no shared library (%s); skipped\n", KC_SHLIB);
      return T_SKIP;
    }
  CHECK (!pthread_create (&early, NULL, early_thread, NULL),
         "pthread_create");

  h = dlopen (KC_SHLIB, RTLD_NOW | RTLD_LOCAL);
  CHECK (h != NULL, "dlopen %s: %s", KC_SHLIB, h ? "" : dlerror ());
  if (!h)
    {
      pthread_cancel (early);
      return t_done ("t-dlopen");
    }
  hash_buffer = (hash_fn) dlsym (h, "kc_md_hash_buffer");
  randomize = (rand_fn) dlsym (h, "kc_randomize");
  CHECK (hash_buffer && randomize, "dlsym");
  if (hash_buffer && randomize)
    {
      use_library ("main thread");
      pthread_mutex_lock (&lock);
      loaded = 1;
      pthread_cond_broadcast (&cond);
      pthread_mutex_unlock (&lock);
      CHECK (!pthread_create (&late, NULL, late_thread, NULL),
             "pthread_create");
      pthread_join (late, NULL);
    }
  else
    pthread_cancel (early);     /* (waiting: it never calls) */
  pthread_join (early, NULL);
  CHECK (dlclose (h) == 0, "dlclose");
  printf ("t-dlopen: %s loaded with dlopen; hashes and random bytes from "
          "three threads\n", KC_SHLIB);
  return t_done ("t-dlopen");
}
