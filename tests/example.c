/* example.c - a user's program: built by tests/install-check.sh against the
 * installed library with `pkg-config --cflags --libs libkcrypt`.  The README
 * shows the same calls. */
#include <stdio.h>
#include <string.h>
#include <kcrypt.h>

int
main (void)
{
  unsigned char digest[32];
  gpg_error_t err;
  size_t i;

  if (!kc_check_version (KCRYPT_VERSION))
    {
      fprintf (stderr, "libkcrypt is older than the header\n");
      return 1;
    }

  err = kc_md_hash_buffer (KC_MD_SHA256, digest, sizeof digest, "abc", 3);
  if (err)
    {
      fprintf (stderr, "hash: %s\n", gpg_strerror (err));
      return 1;
    }
  printf ("SHA-256(\"abc\") = ");
  for (i = 0; i < sizeof digest; i++)
    printf ("%02x", digest[i]);
  printf ("\n");
  return digest[0] == 0xba && digest[31] == 0xad ? 0 : 1;
}
