/* mpi.c - example: big integers (kc_mpi_*).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build:  cc -o mpi mpi.c $(pkg-config --cflags --libs libkcrypt)
 * Reads numbers in hex and as bytes, does modular arithmetic with known
 * results, prints one back.  Exits 0 if all agree (kc_mpi(3)), 1
 * otherwise.  kc_mpi_* are variable time: for public numbers only.
 */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

#define FAIL(what) do { fprintf (stderr, "mpi: %s\n", what); return 1; } while (0)

int
main (void)
{
  static const unsigned char be[3] = { 0x0f, 0x42, 0x43 };  /* 1000003 */
  kc_mpi_t a = NULL, m = NULL, r = kc_mpi_new (0), one = kc_mpi_set_ui (NULL, 1);
  kc_mpi_t three = kc_mpi_set_ui (NULL, 3);
  unsigned char out[16];
  char hex[80];
  size_t n;
  gpg_error_t err;

  if (!kc_check_version (KCRYPT_VERSION))
    FAIL ("the library is older than the header");

  /* a = 2^127 - 1 (a Mersenne prime), m = 1000003, from hex and from
   * big-endian bytes. */
  err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "7fffffffffffffffffffffffffffffff", 0, NULL);
  if (!err)
    err = kc_mpi_scan (&m, KC_MPI_FMT_USG, be, sizeof be, NULL);
  if (err)
    FAIL (gpg_strerror (err));
  if (kc_mpi_get_nbits (a) != 127 || kc_mpi_get_nbits (m) != 20)
    FAIL ("bit counts");

  /* (2^127 - 1) mod 1000003 = 0x5e8, printed in hex. */
  kc_mpi_mod (r, a, m);
  err = kc_mpi_print (KC_MPI_FMT_HEX, (unsigned char *) hex, sizeof hex, &n, r);
  if (err || strcmp (hex, "05E8") || n != 5)
    FAIL ("(2^127 - 1) mod 1000003 is not 0x05E8");

  /* Fermat: 3^(a-1) = 1 mod a, since a is prime. */
  kc_mpi_sub (r, a, one);
  kc_mpi_powm (r, three, r, a);
  if (kc_mpi_cmp (r, one))
    FAIL ("3^(p-1) mod p is not 1");

  /* The inverse of 3 mod m: 3 x = 1 mod m. */
  if (!kc_mpi_invm (r, three, m))
    FAIL ("3 has no inverse mod 1000003");
  kc_mpi_mulm (r, r, three, m);
  if (kc_mpi_cmp (r, one))
    FAIL ("3 * 3^-1 mod m is not 1");

  /* m back as bytes: the fewest that hold it. */
  err = kc_mpi_print (KC_MPI_FMT_USG, out, sizeof out, &n, m);
  if (err || n != sizeof be || memcmp (out, be, n))
    FAIL ("USG output");

  /* Malformed hex is GPG_ERR_INV_OBJ, and *ret is left alone. */
  err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "12g4", 0, NULL);
  if (gpg_err_code (err) != GPG_ERR_INV_OBJ || kc_mpi_get_nbits (a) != 127)
    FAIL ("malformed hex");

  kc_mpi_release (a);
  kc_mpi_release (m);
  kc_mpi_release (r);
  kc_mpi_release (one);
  kc_mpi_release (three);
  printf ("mpi: (2^127 - 1) mod 1000003 = 0x%s; Fermat and inverse hold\n", hex);
  return 0;
}
