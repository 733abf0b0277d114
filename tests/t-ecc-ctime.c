/* t-ecc-ctime.c - constant-time check of the secp256k1 secret paths.
 *
 * Runs itself under valgrind memcheck (re-executing through the valgrind
 * found by configure), marks the secret key and the secret scalars as
 * undefined memory (ct_classify) and runs key derivation, signing, the
 * constant-time inversions and k*G.  Memcheck reports every branch and
 * every memory index that depends on undefined data, so any leak of the
 * secret through control flow or addresses shows up as an error; the
 * library declassifies only public results (r, s, the public key, whether
 * a key is valid).  The test fails if memcheck counted any error.
 * SKIP (77) without valgrind headers, without valgrind, in sanitizer
 * builds (valgrind and ASan do not mix) and in --enable-verify builds
 * (their invariant checks branch on secret values by design). */
#include "kcrypt-int.h"
#include "secp256k1-ecmult.h"

#include <stdio.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
# define T_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define T_ASAN 1
# endif
#endif

#if !defined(KC_VALGRIND) || defined(T_ASAN) || defined(KC_VERIFY)
int
main (void)
{
  printf ("t-ecc-ctime: SKIP (no valgrind client requests, or a sanitizer"
          " or verify build)\n");
  return 77;
}
#else
#include <valgrind/memcheck.h>
#include <sys/types.h>
#include <sys/wait.h>
#include "t-common.h"

/* Exit codes of the child run under valgrind. */
#define CHILD_MEMCHECK_ERRORS 3   /* valgrind --error-exitcode */
#define CHILD_CHECK_FAILED 5

#ifndef KC_VALGRIND_PROG
# define KC_VALGRIND_PROG ""
#endif

int
main (int argc, char **argv)
{
  unsigned char key[32], dg[32], sig[72], pub[65];
  size_t len;
  int it;
  unsigned long errs;

  (void) argc;
  (void) t_init; (void) t_unhex; (void) t_hexdump; (void) t_datafile; (void) t_rng_cb;
  if (!RUNNING_ON_VALGRIND)
    {
      /* Parent: run this program under valgrind and judge its exit code.
       * Any exit code other than ours means valgrind itself could not run
       * the binary (e.g. debug info it cannot read): SKIP, not PASS. */
      const char *vg = KC_VALGRIND_PROG;
      pid_t pid;
      int status, rc;
      if (!*vg || access (vg, X_OK))
        {
          printf ("t-ecc-ctime: SKIP (valgrind not found)\n");
          return T_SKIP;
        }
      fflush (stdout);
      pid = fork ();
      if (pid == 0)
        {
          execl (vg, vg, "-q", "--error-exitcode=3", argv[0], (char *) NULL);
          _exit (127);
        }
      if (pid < 0 || waitpid (pid, &status, 0) != pid || !WIFEXITED (status))
        {
          printf ("t-ecc-ctime: SKIP (cannot run valgrind)\n");
          return T_SKIP;
        }
      rc = WEXITSTATUS (status);
      if (rc == 0)
        return 0;
      if (rc == CHILD_MEMCHECK_ERRORS || rc == CHILD_CHECK_FAILED)
        {
          fprintf (stderr, "t-ecc-ctime: FAIL (see the valgrind report above)\n");
          return 1;
        }
      printf ("t-ecc-ctime: SKIP (valgrind exited with %d)\n", rc);
      return T_SKIP;
    }

  t_seed (0xc71e5ULL);
  for (it = 0; it < 3; it++)
    {
      t_randbytes (key, 32);
      key[0] &= 0x7f;
      t_randbytes (dg, 32);
      ct_classify (key, 32);
      len = 64;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, 0, sig, &len, key, 32, dg, 32), 0);
      len = sizeof sig;
      CHECK_ERR (kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, sig, &len, key, 32,
                                dg, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 65, key, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, key, 32), 0);
      /* the internal pieces directly, on secret inputs */
      {
        kc_secp256k1_scalar k, ki;
        kc_secp256k1_fe x, xi;
        kc_secp256k1_gej r;
        unsigned char b[32];
        t_randbytes (b, 32);
        ct_classify (b, 32);
        _kc_secp256k1_scalar_set_b32 (&k, b, NULL);
        _kc_secp256k1_scalar_inv (&ki, &k);
        _kc_secp256k1_ecmult_gen (&r, &k);
        _kc_secp256k1_fe_set_b32 (&x, b);
        _kc_secp256k1_fe_inv (&xi, &x);
        _kc_secp256k1_fe_sqrt (&xi, &x);
        ct_declassify (&ki, sizeof ki);
        ct_declassify (&r, sizeof r);
        ct_declassify (&xi, sizeof xi);
      }
    }
  errs = VALGRIND_COUNT_ERRORS;
  CHECK (errs == 0, "memcheck found %lu secret-dependent branch(es) or index(es)",
         errs);
  return t_done ("t-ecc-ctime") ? CHILD_CHECK_FAILED : 0;
}
#endif
