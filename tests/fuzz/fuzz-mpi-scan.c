/* fuzz-mpi-scan.c - kc_mpi_scan on arbitrary bytes, as USG and as HEX.
 * Properties: no crash; a number that scans prints back and rescans to an
 * equal number; a failed scan leaves *ret untouched.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
roundtrip (kc_mpi_t a, enum kc_mpi_format fmt)
{
  unsigned char *buf;
  size_t n = 0, n2 = 0;
  kc_mpi_t b = NULL;

  if (kc_mpi_print (fmt, NULL, 0, &n, a))
    abort ();
  buf = malloc (n ? n : 1);
  if (!buf || kc_mpi_print (fmt, buf, n, &n2, a) || n2 > n)
    abort ();
  if (kc_mpi_scan (&b, fmt, buf, fmt == KC_MPI_FMT_HEX ? 0 : n2, NULL))
    {
      /* USG prints 0 as zero bytes, which does not scan back. */
      if (!(fmt == KC_MPI_FMT_USG && n2 == 0))
        abort ();
    }
  else if (kc_mpi_cmp (a, b))
    abort ();
  kc_mpi_release (b);
  free (buf);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  kc_mpi_t a = (kc_mpi_t) (uintptr_t) 1, sentinel = a;
  char *s;

  if (!kc_mpi_scan (&a, KC_MPI_FMT_USG, data, size, NULL))
    {
      roundtrip (a, KC_MPI_FMT_USG);
      roundtrip (a, KC_MPI_FMT_HEX);
      kc_mpi_release (a);
    }
  else if (a != sentinel)
    abort ();

  s = malloc (size + 1);
  if (!s)
    abort ();
  memcpy (s, data, size);
  s[size] = 0;
  a = sentinel;
  if (!kc_mpi_scan (&a, KC_MPI_FMT_HEX, s, 0, NULL))
    {
      roundtrip (a, KC_MPI_FMT_HEX);
      kc_mpi_release (a);
    }
  else if (a != sentinel)
    abort ();
  free (s);
  return 0;
}
