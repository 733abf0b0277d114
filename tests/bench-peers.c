/* bench-peers.c - libkcrypt beside other libraries, in one process.
 *
 * Usage:  tests/bench-peers [--repetitions N] [--quick] [--cpu-mhz auto|N]
 *                           [--csv] [row-prefix ...]
 *
 * For each row, our implementation and every peer built in (OpenSSL,
 * libgcrypt) are measured together by bench_measure: the same batch sizes,
 * the cases alternating within every repetition, so that frequency drift
 * and the load of a shared machine hit all of them equally.  Each figure
 * is the slope described in bench.h.  Before timing, a row checks that every
 * peer computes the same result as ours on the benchmark input.
 *
 * Output: one line per (row, peer): ours, theirs, and the ratio
 * ours/theirs (below 1: we are faster); with --cpu-mhz, cycles of both
 * (with auto, the clock is timed interleaved with the row).  CSV columns:
 *   row,peer,unit,ours_ns,theirs_ns,ratio
 * (unit "byte" or "op"; times in ns per unit).
 *
 * Rows now: md/{sha256,sha512}/{64,1024,8192} per byte.  A new row pair
 * (ECC, mpi, KEM) is one function like row_md: set up the inputs, fill a
 * struct side for ours and for each peer that has the operation, check they
 * agree, call compare ().
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench.h"

#ifdef HAVE_OPENSSL
# include <openssl/evp.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

#define MAX_SIDES 4

/* One implementation of a row's operation. */
struct side
{
  const char *who;              /* "ours", "openssl", "libgcrypt" */
  bench_body body;
  void *ctx;
};

static const char *const *selectors;
static int nselectors;

static int
row_wanted (const char *path)
{
  int i;
  if (!nselectors)
    return 1;
  for (i = 0; i < nselectors; i++)
    if (!strncmp (path, selectors[i], strlen (selectors[i])))
      return 1;
  return 0;
}

/* Measure SIDES[0] (ours) and the peers SIDES[1..N-1] interleaved and
 * print one line per peer.  UNITS: units (bytes or 1) per iteration. */
static void
compare (const char *path, enum bench_unit unit, double units,
         const struct side *sides, size_t n)
{
  struct bench_case cases[MAX_SIDES];
  double ns[MAX_SIDES], mhz;
  size_t i;

  if (n < 2)
    return;                     /* no peer has this operation */
  for (i = 0; i < n; i++)
    {
      cases[i].body = sides[i].body;
      cases[i].ctx = sides[i].ctx;
    }
  mhz = bench_measure_clocked (cases, n, ns);
  for (i = 0; i < n; i++)
    ns[i] /= units;

  for (i = 1; i < n; i++)
    {
      double ratio = ns[i] > 0 ? ns[0] / ns[i] : 0;
      if (bench_cfg.csv)
        printf ("%s,%s,%s,%.3f,%.3f,%.3f\n", path, sides[i].who,
                unit == BENCH_NS_PER_BYTE ? "byte" : "op", ns[0], ns[i],
                ratio);
      else
        {
          const char *label = unit == BENCH_NS_PER_BYTE ? "ns/B"
            : unit == BENCH_US_PER_OP ? "us/op" : "ns/op";
          double scale = unit == BENCH_US_PER_OP ? 1e-3 : 1;
          printf ("  %-20s %-10s %10.3f %10.3f %-5s %8.2f", path,
                  sides[i].who, ns[0] * scale, ns[i] * scale, label, ratio);
          if (mhz > 0)
            printf ("  %8.2f %8.2f", ns[0] * mhz / 1e3, ns[i] * mhz / 1e3);
          putchar ('\n');
        }
    }
  fflush (stdout);
}

/* ------------------------------------------------------------------ md */

struct md_input
{
  const unsigned char *data;
  size_t len;
  int ours_algo;                /* KC_MD_* */
  size_t dlen;
#ifdef HAVE_OPENSSL
  EVP_MD_CTX *ossl_ctx;
  const EVP_MD *ossl_md;
#endif
#ifdef HAVE_LIBGCRYPT
  int gcry_algo;
#endif
};

static void
md_ours (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      kc_md_hash_buffer (in->ours_algo, d, in->dlen,
                         bench_hide_ptr (in->data), in->len);
      bench_consume_u64 (d[0]);
    }
}

#ifdef HAVE_OPENSSL
/* EVP with a context and a (pre-fetched) digest object kept across calls:
 * OpenSSL's recommended and fastest way for repeated hashing. */
static int
md_openssl_once (const struct md_input *in, unsigned char *d)
{
  unsigned int dl;
  return EVP_DigestInit_ex (in->ossl_ctx, in->ossl_md, NULL) == 1
    && EVP_DigestUpdate (in->ossl_ctx, bench_hide_ptr (in->data), in->len) == 1
    && EVP_DigestFinal_ex (in->ossl_ctx, d, &dl) == 1 && dl == in->dlen;
}

static void
md_openssl (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      md_openssl_once (in, d);
      bench_consume_u64 (d[0]);
    }
}
#endif

#ifdef HAVE_LIBGCRYPT
static void
md_gcrypt (void *vctx, uint64_t iters)
{
  const struct md_input *in = vctx;
  unsigned char d[64];
  while (iters--)
    {
      gcry_md_hash_buffer (in->gcry_algo, d, bench_hide_ptr (in->data),
                           in->len);
      bench_consume_u64 (d[0]);
    }
}
#endif

/* Row pair md/<algo>/<len>: kc_md_hash_buffer against OpenSSL's EVP and
 * libgcrypt's gcry_md_hash_buffer on the same LEN bytes. */
static void
row_md (const char *algo_name, int sha512, size_t len)
{
  static unsigned char buf[8192];
  struct md_input in;
  struct side sides[MAX_SIDES];
  unsigned char want[64], got[64];
  char path[64];
  size_t n = 0, i;

  snprintf (path, sizeof path, "md/%s/%zu", algo_name, len);
  if (!row_wanted (path))
    return;
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 131 + 7);

  memset (&in, 0, sizeof in);
  in.data = buf;
  in.len = len;
  in.ours_algo = sha512 ? KC_MD_SHA512 : KC_MD_SHA256;
  in.dlen = sha512 ? 64 : 32;
  if (kc_md_hash_buffer (in.ours_algo, want, in.dlen, buf, len))
    bench_fail (path, "kc_md_hash_buffer failed");
  sides[n].who = "ours";
  sides[n].body = md_ours;
  sides[n++].ctx = &in;

#ifdef HAVE_OPENSSL
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
  /* Fetched once: EVP_sha512 () would make every init fetch again. */
  in.ossl_md = EVP_MD_fetch (NULL, sha512 ? "SHA512" : "SHA256", NULL);
  if (!in.ossl_md)
    bench_fail (path, "EVP_MD_fetch failed");
#else
  in.ossl_md = sha512 ? EVP_sha512 () : EVP_sha256 ();
#endif
  in.ossl_ctx = EVP_MD_CTX_new ();
  if (!in.ossl_ctx)
    bench_fail (path, "EVP_MD_CTX_new failed");
  bench_check (path, md_openssl_once (&in, got)
               && !memcmp (got, want, in.dlen),
               "OpenSSL and ours disagree");
  sides[n].who = "openssl";
  sides[n].body = md_openssl;
  sides[n++].ctx = &in;
#endif
#ifdef HAVE_LIBGCRYPT
  in.gcry_algo = sha512 ? GCRY_MD_SHA512 : GCRY_MD_SHA256;
  gcry_md_hash_buffer (in.gcry_algo, got, buf, len);
  bench_check (path, !memcmp (got, want, in.dlen),
               "libgcrypt and ours disagree");
  sides[n].who = "libgcrypt";
  sides[n].body = md_gcrypt;
  sides[n++].ctx = &in;
#endif

  compare (path, BENCH_NS_PER_BYTE, (double) len, sides, n);

#ifdef HAVE_OPENSSL
  EVP_MD_CTX_free (in.ossl_ctx);
# if OPENSSL_VERSION_NUMBER >= 0x30000000L
  EVP_MD_free ((EVP_MD *) in.ossl_md);
# endif
#endif
  (void) got;
}

/* ---------------------------------------------------------------- main */

static void
usage (FILE *f)
{
  fprintf (f,
           "usage: %s [options] [row-prefix ...]\n"
           "Time libkcrypt beside its peers (built in:%s%s), interleaved in\n"
           "one process; prints ours, theirs and ours/theirs per row.\n"
           "rows: md/{sha256,sha512}/{64,1024,8192} (per byte)\n"
           "\noptions:\n%s  --help           this text\n"
           "\nCSV columns: row,peer,unit,ours_ns,theirs_ns,ratio\n",
           bench_cfg.progname,
#ifdef HAVE_OPENSSL
           " openssl",
#else
           "",
#endif
#ifdef HAVE_LIBGCRYPT
           " libgcrypt",
#else
           "",
#endif
           bench_options_help);
}

int
main (int argc, char **argv)
{
  static const size_t md_sizes[] = { 64, 1024, 8192 };
  size_t s;
  int i;

  bench_cfg.progname = "bench-peers";
  selectors = (const char *const *) argv + 1;
  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--help") || !strcmp (argv[i], "-h"))
        {
          usage (stdout);
          return 0;
        }
      if (bench_parse_option (argc, argv, &i))
        continue;
      if (argv[i][0] == '-')
        {
          fprintf (stderr, "%s: unknown option '%s'\n", bench_cfg.progname,
                   argv[i]);
          usage (stderr);
          return 2;
        }
      /* Collect the row prefixes at the front of argv. */
      argv[1 + nselectors++] = argv[i];
    }

#ifdef HAVE_LIBGCRYPT
  if (!gcry_check_version (NULL))
    bench_fail (NULL, "gcry_check_version failed");
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
#endif

  bench_setup ();
  if (bench_cfg.csv)
    printf ("row,peer,unit,ours_ns,theirs_ns,ratio\n");
  else
    {
      printf ("# bench-peers: %u repetitions, %u batch sizes%s; "
              "ratio = ours/theirs (< 1: ours faster)\n",
              bench_cfg.repetitions, bench_cfg.steps,
              bench_cfg.quick ? ", quick" : "");
#ifdef HAVE_OPENSSL
      printf ("# openssl %s (EVP, context and fetched digest reused)\n",
              OpenSSL_version (OPENSSL_VERSION));
#endif
#ifdef HAVE_LIBGCRYPT
      printf ("# libgcrypt %s (gcry_md_hash_buffer)\n",
              gcry_check_version (NULL));
#endif
      printf ("  %-20s %-10s %10s %10s %-5s %8s%s\n", "row", "peer", "ours",
              "theirs", "", "ratio",
              bench_cfg.cpu_mhz > 0 ? "  cyc-ours cyc-them" : "");
    }

  for (s = 0; s < KC_DIM (md_sizes); s++)
    row_md ("sha256", 0, md_sizes[s]);
  for (s = 0; s < KC_DIM (md_sizes); s++)
    row_md ("sha512", 1, md_sizes[s]);
  return 0;
}
